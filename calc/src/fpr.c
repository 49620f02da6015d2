/*
 * fpr.c - the false-positive rate of a standard Bloom filter, three ways.
 *
 * Model (Bloom 1970; Bose et al. 2008; Christensen, Roginsky and Jimeno
 * 2010): each of n keys sets k positions drawn independently and uniformly
 * from the m bits, with replacement; a query for an absent key probes j
 * more (j = k for the false-positive rate).  With X the number of set bits,
 * a query is a false positive with probability (X/m)^j, so the rate is
 * E[(X/m)^j].
 *
 * Exact rate, O(k^2) form.  Condition on the number i of distinct bits the
 * query touches: P(i distinct) = (m)_i S(j,i) / m^j, with (m)_i the falling
 * factorial and S a Stirling number of the second kind.  Those i bits are
 * all set iff none of them is missed by all T = kn insertion probes; by
 * inclusion-exclusion over the bits left empty,
 *
 *     P(i given bits all set) = sum_{l=0..i} (-1)^l C(i,l) (1 - l/m)^T,
 *
 *     fpr_exact = sum_{i=1..j} (m)_i S(j,i) / m^j
 *                              * sum_{l=0..i} (-1)^l C(i,l) (1 - l/m)^T.
 *
 * The powers (1 - l/m)^T depend on l only, so they are evaluated once each
 * (j + 1 exponentials), and the inner sums are the forward differences of
 * that sequence: a difference table gives all of them in O(j^2)
 * subtractions, leaving O(j) multiplications by the exact integer weights.
 * The table runs on the enclosures' ends scaled to integers, where an
 * interval's difference is two exact integer subtractions, and the sum is
 * rounded once, outward, at the end.
 * The alternating sums cancel about j log2((1 + q)/f) bits, q = e^(-T/m),
 * f = 1 - q (FORMULAS.md §a.2); the working precision is raised by a bound
 * on that loss and the result is an MPFI enclosure, so the cancellation
 * cannot corrupt a printed digit.  When the denominator m^(j + T) is small,
 * the same code runs on the exact integers (m - l)^T at a precision where
 * every operation is exact, and the rate is returned as a reduced fraction.
 *
 * Saturated filters (T >= m, most bits set) have rates within a hair of 1
 * (fpr -m 2 -n 1000 -k 1000: 1 - 10^-301030) and relative errors just as
 * small; computing them as rate - 1 would need as many bits as the hair is
 * thin.  There the complements c = 1 - rate are computed instead, with
 * relative precision: for the exact rate, the same sum with empty[0] = 0
 * instead of 1 gives m^j (rate - 1) = -m^j c, since the weights sum to m^j
 * (sum_i (m)_i S(j,i) = m^j); its terms fall off as fast as (1 - l/m)^T does
 * in l, so it loses about j bits, not j log2(2/f).  For the two
 * approximations c = -expm1(j log1p(-q)), q = e^(-T/m) or (1 - 1/m)^T.  The
 * rate is then 1 - c and a relative error (rate' - rate)/rate =
 * (c - c')/(1 - c), both without cancellation against 1.
 *
 * One choice (choose_form below) picks, for each exact rate, the first form
 * of this table whose condition holds (FORMULAS.md §o):
 *
 *   form             applies when                      gives
 *   two classes      probes reduced modulo m from      the double sum of the two-class
 *                    2^w values, m not dividing 2^w    section below (FORMULAS.md §m.6)
 *   complement       saturated (below): T >= m and     1 - c, c by the sum with
 *                    the approximation's rate >= 1/4   empty[0] = 0 (about j bits lost)
 *   fraction         T <= 256                          sum_i (m)_i S(T,i) i^j / m^(T+j),
 *                                                      exact integers, one division
 *   alternating sum  otherwise                         the sum above (j log2(2/f)
 *                                                      bits lost, and restored)
 *
 * (no keys: the rate is 0), and the exact function gives the reduced
 * fraction whenever its denominator m^(j + T) has at most
 * BLOOM_RATIONAL_LIMIT_BITS bits (small filters: j (n + 1) bits(m) <=
 * 65536).  Within the limits (k <= 100, j <= 200, m <= 2^64, 100 digits)
 * each is cheap: the sum's j^2/2 subtractions at j log2(2/f)
 * more bits (m = 2^64, n = 3, k = 100: 5 000 at 5 900 bits), the
 * fraction's at most 20 000 exact subtractions of 65 536-bit integers.
 *
 * Bloom's formula (1 - (1 - 1/m)^T)^j is (E[X]/m)^j, which by Jensen's
 * inequality is at most E[(X/m)^j]: a lower bound, equal only for j = 1 or
 * m = 1.  The exponential approximation (1 - e^(-T/m))^j is smaller still,
 * because (1 - 1/m)^T < e^(-T/m).
 *
 * References: B. H. Bloom, CACM 13(7):422-426, 1970; P. Bose et al., "On
 * the false-positive rate of Bloom filters", IPL 108(4):210-213, 2008;
 * K. Christensen, A. Roginsky and M. Jimeno, "A new analysis of the false
 * positive rate of a Bloom filter", IPL 110(21):944-949, 2010.
 */
#include <math.h>
#include <stdlib.h>

#include "fill.h"
#include "fpr.h"
#include "index_arithmetic.h"
#include "rate_cache.h"
#include "stirling.h"

static unsigned long query_probes(const bloom_fpr_arguments *arguments)
{
    return arguments->query_probes != 0 ? arguments->query_probes : arguments->k;
}

static int arguments_valid(const bloom_fpr_arguments *arguments)
{
    unsigned long probes = query_probes(arguments);
    return mpz_sgn(arguments->m) > 0 && mpz_sgn(arguments->n) >= 0
        && arguments->k >= 1 && arguments->k <= BLOOM_MAX_RATE_PROBES
        && probes <= BLOOM_MAX_RATE_PROBES;
}

/* A rate question: the filter and the range its probes are reduced from (0: uniform on m). */
typedef bloom_fpr_modulo_arguments rate_question;

static int question_valid(const rate_question *question)
{
    mpz_srcptr m = question->filter.m;
    return arguments_valid(&question->filter)
        && (question->index_range_bits == 0 || mpz_sizeinbase(m, 2) <= question->index_range_bits
            || mpz_popcount(m) == 1);   /* m <= 2^w */
}

/* T = kn, the number of insertion probes. */
static void insertion_probes(mpz_ptr total, const bloom_fpr_arguments *arguments)
{
    mpz_mul_ui(total, arguments->n, arguments->k);
}

/* --- the two approximations -------------------------------------------- */

/* result = fill^j, with fill the expected fraction of set bits under Bloom's
 * formula (1 - (1 - 1/m)^T) or under the approximation (1 - e^(-T/m)). */
static int enclose_power_of_fill(mpfi_ptr result, const bloom_fpr_arguments *arguments,
                                 int bloom_formula)
{
    if (!arguments_valid(arguments))
        return BLOOM_UNDEFINED;
    mpfr_prec_t precision = mpfi_get_prec(result) + 32;
    mpz_t total;
    mpfi_t fill;
    mpz_init(total);
    mpfi_init2(fill, precision);
    insertion_probes(total, arguments);
    if (bloom_formula) {
        /* fill = 1 - (1 - 1/m)^T = -expm1(T log1p(-1/m)); m = 1 fills completely (fill.h). */
        bloom_enclose_fill(fill, arguments->m, total);
    } else {
        /* fill = 1 - e^(-T/m) = -expm1(-T/m). */
        mpfi_set_z(fill, total);
        mpfi_div_z(fill, fill, arguments->m);
        mpfi_neg(fill, fill);
        mpfi_expm1(fill, fill);
        mpfi_neg(fill, fill);
    }
    bloom_interval_pow_ui(result, fill, query_probes(arguments));
    mpfi_clear(fill);
    mpz_clear(total);
    return BLOOM_OK;
}

int bloom_enclose_fpr_approx(mpfi_ptr result, const void *arguments)
{
    return enclose_power_of_fill(result, arguments, 0);
}

int bloom_enclose_fpr_bloom(mpfi_ptr result, const void *arguments)
{
    return enclose_power_of_fill(result, arguments, 1);
}

/* --- the exact rate -------------------------------------------------------- */

/* row[i] = S(j, i) for i = 0..j, a copy of the thread's kept row (stirling.h). */
static mpz_t *stirling_row(unsigned long j)
{
    mpz_t *row = malloc((j + 1) * sizeof *row);
    if (row == NULL)
        abort();
    const __mpz_struct *kept = bloom_stirling_row(j);
    for (unsigned long i = 0; i <= j; i++)
        mpz_init_set(row[i], &kept[i]);
    return row;
}

static void free_integers(mpz_t *integers, unsigned long count)
{
    for (unsigned long i = 0; i < count; i++)
        mpz_clear(integers[i]);
    free(integers);
}

/* The number of distinct bits a query can touch: min(j, m). */
static unsigned long distinct_bits_bound(const bloom_fpr_arguments *arguments)
{
    unsigned long probes = query_probes(arguments);
    if (mpz_cmp_ui(arguments->m, probes) < 0)
        return mpz_get_ui(arguments->m);
    return probes;
}

/*
 * Extra working precision for the cancellation of the alternating sums.
 * The difference table below loses at most log2(2/f) bits per level
 * against a result of size about f^j (f = 1 - e^(-T/m), the expected
 * fill), so j log2(2/f) bits plus a margin are added.  Computed in doubles
 * because it only chooses a precision; it never reaches a printed digit.
 */
static mpfr_prec_t cancellation_bits(const bloom_fpr_arguments *arguments)
{
    mpz_t total;
    mpz_init(total);
    insertion_probes(total, arguments);
    double load = mpz_get_d(total) / mpz_get_d(arguments->m);
    mpz_clear(total);
    double fill = -expm1(-load);
    double per_probe = fill > 0 ? log2(2 / fill) : 1100;
    if (!(per_probe < 1100))
        per_probe = 1100;
    return (mpfr_prec_t)(query_probes(arguments) * (per_probe + 1)) + 64;
}

/* weights[i] = (m)_i S(j, i) for i = 1..bound: the number of j-probe
 * queries that touch exactly i distinct bits (out of m^j). */
static mpz_t *distinct_bit_weights(const bloom_fpr_arguments *arguments, unsigned long bound)
{
    unsigned long probes = query_probes(arguments);
    mpz_t *weights = stirling_row(probes);
    mpz_t falling, factor;
    mpz_init_set_ui(falling, 1);
    mpz_init(factor);
    for (unsigned long i = 1; i <= bound; i++) {
        mpz_sub_ui(factor, arguments->m, i - 1);   /* (m)_i = (m)_{i-1} (m - i + 1) */
        mpz_mul(falling, falling, factor);
        mpz_mul(weights[i], weights[i], falling);
    }
    for (unsigned long i = bound + 1; i <= probes; i++)
        mpz_set_ui(weights[i], 0);                 /* more distinct bits than m: impossible */
    mpz_clears(falling, factor, (mpz_ptr)0);
    return weights;
}

/*
 * sum = sum_{i=1..bound} weights[i] sum_{l=0..i} (-1)^l C(i, l) empty[l].
 * The inner sums are the successive forward differences of the sequence
 * empty[0..bound] taken at 0: after replacing empty[l] by
 * empty[l] - empty[l+1] i times, empty[0] holds the i-th inner sum.  That
 * is O(bound^2) subtractions and only O(bound) multiplications.  `empty`
 * is overwritten.  Used with (1 - l/m)^T for the rate itself and with the
 * exact integers (m - l)^T, at a precision that keeps every operation
 * exact, for the fraction.
 */
static void interval_inclusion_exclusion_sum(mpfi_ptr sum, mpfi_t *empty, mpz_t *weights,
                                             unsigned long bound)
{
    mpfi_t term;
    mpfi_init2(term, mpfi_get_prec(sum));
    mpfi_set_ui(sum, 0);
    for (unsigned long i = 1; i <= bound; i++) {
        for (unsigned long l = 0; l + i <= bound; l++)
            mpfi_sub(empty[l], empty[l], empty[l + 1]);
        mpfi_mul_z(term, empty[0], weights[i]);
        mpfi_add(sum, sum, term);
    }
    mpfi_clear(term);
}

/* Bits below the largest ends' last bit that the integer table keeps (fixed_point_scale). */
#define FIXED_POINT_GUARD_BITS 64

/*
 * *scale = E such that the ends of empty[0..bound], as integers times 2^E, keep every bit of the
 * largest end and FIXED_POINT_GUARD_BITS more; 0 when some end is not a finite number (or all are
 * zero), which the integer table cannot hold.
 */
static int fixed_point_scale(mpfr_exp_t *scale, mpfi_t *empty, unsigned long bound)
{
    mpfr_exp_t largest = 0;
    int any = 0;
    for (unsigned long l = 0; l <= bound; l++) {
        mpfr_srcptr ends[2] = { &empty[l]->left, &empty[l]->right };
        for (int e = 0; e < 2; e++) {
            if (!mpfr_number_p(ends[e]))
                return 0;
            if (!mpfr_zero_p(ends[e]) && (!any || mpfr_get_exp(ends[e]) > largest)) {
                largest = mpfr_get_exp(ends[e]);
                any = 1;
            }
        }
    }
    *scale = largest - (mpfr_exp_t)mpfi_get_prec(empty[0]) - FIXED_POINT_GUARD_BITS;
    return any;
}

/* low = floor(end / 2^scale) or, rounding up, high = ceil(end / 2^scale): an integer bound. */
static void scaled_end(mpz_ptr bound, mpfr_srcptr end, mpfr_exp_t scale, mpfr_rnd_t direction)
{
    mpfr_t scaled;
    mpfr_init2(scaled, mpfr_get_prec(end));
    mpfr_mul_2si(scaled, end, -scale, MPFR_RNDN);   /* exact: a power of two */
    mpfr_get_z(bound, scaled, direction);
    mpfr_clear(scaled);
}

/*
 * The same sum as interval_inclusion_exclusion_sum, with the difference table on the integer
 * ends low[l] <= empty[l] / 2^E <= high[l] (E from fixed_point_scale): an interval difference is
 * [low - high', high - low'], exact on integers, where each MPFI subtraction rounds two MPFR
 * numbers of the working precision; the weights are positive, so the sum's ends are the
 * weighted sums of the ends.  The enclosure is as tight as the MPFI table's or tighter (the
 * ends' only rounding, 2^E, is FIXED_POINT_GUARD_BITS below the largest end's last bit), and
 * one conversion rounds it outward into `sum`.
 */
static void inclusion_exclusion_sum(mpfi_ptr sum, mpfi_t *empty, mpz_t *weights,
                                    unsigned long bound)
{
    mpfr_exp_t scale = 0;
    if (!fixed_point_scale(&scale, empty, bound)) {
        interval_inclusion_exclusion_sum(sum, empty, weights, bound);
        return;
    }
    mpz_t *low = malloc(2 * (bound + 1) * sizeof *low);
    if (low == NULL)
        abort();
    mpz_t *high = low + bound + 1;
    for (unsigned long l = 0; l <= bound; l++) {
        mpz_init(low[l]);
        mpz_init(high[l]);
        scaled_end(low[l], &empty[l]->left, scale, MPFR_RNDD);
        scaled_end(high[l], &empty[l]->right, scale, MPFR_RNDU);
    }
    mpz_t sum_low, sum_high, next_low;
    mpz_inits(sum_low, sum_high, next_low, (mpz_ptr)0);
    for (unsigned long i = 1; i <= bound; i++) {
        for (unsigned long l = 0; l + i <= bound; l++) {
            mpz_sub(next_low, low[l], high[l + 1]);
            mpz_sub(high[l], high[l], low[l + 1]);
            mpz_swap(low[l], next_low);
        }
        mpz_addmul(sum_low, weights[i], low[0]);
        mpz_addmul(sum_high, weights[i], high[0]);
    }
    mpfi_interv_z(sum, sum_low, sum_high);
    mpfi_mul_2si(sum, sum, scale);
    mpz_clears(sum_low, sum_high, next_low, (mpz_ptr)0);
    for (unsigned long l = 0; l <= bound; l++) {
        mpz_clear(low[l]);
        mpz_clear(high[l]);
    }
    free(low);
}

/*
 * sum = m^j times the exact rate, computed from the `empty` powers l = 0..bound that
 * set_empty(empty, bound, arguments) prepares at sum's precision.
 */
typedef void (*empty_powers)(mpfi_t *empty, unsigned long bound, const bloom_fpr_arguments *arguments);

void bloom_fpr_probe_sum(mpfi_ptr sum, mpz_srcptr m, unsigned long probes, mpfi_t *empty)
{
    bloom_fpr_arguments query = { m, NULL, probes, probes };
    unsigned long bound = distinct_bits_bound(&query);
    mpz_t *weights = distinct_bit_weights(&query, bound);
    inclusion_exclusion_sum(sum, empty, weights, bound);
    free_integers(weights, probes + 1);
}

static void exact_rate_numerator(mpfi_ptr sum, const bloom_fpr_arguments *arguments,
                                 empty_powers set_empty)
{
    unsigned long bound = distinct_bits_bound(arguments);
    mpfi_t *empty = malloc((bound + 1) * sizeof *empty);
    if (empty == NULL)
        abort();
    for (unsigned long l = 0; l <= bound; l++)
        mpfi_init2(empty[l], mpfi_get_prec(sum));
    set_empty(empty, bound, arguments);
    bloom_fpr_probe_sum(sum, arguments->m, query_probes(arguments), empty);
    for (unsigned long l = 0; l <= bound; l++)
        mpfi_clear(empty[l]);
    free(empty);
}

/* (1 - l/m)^T, the probability that l given bits all stay empty, for l = 0..bound (0 when l = m:
 * the rate's callers have T >= 1). */
static void empty_probabilities(mpfi_t *empty, unsigned long bound, const bloom_fpr_arguments *arguments)
{
    mpz_t total;
    mpz_init(total);
    insertion_probes(total, arguments);
    bloom_interval_one_minus_steps_pow(empty, bound, arguments->m, total);
    mpz_clear(total);
}

/* (m - l)^T exactly for l = 0..bound: the insertions that leave l given bits empty. */
static void empty_counts(mpfi_t *empty, unsigned long bound, const bloom_fpr_arguments *arguments)
{
    mpz_t count;
    mpz_init(count);
    for (unsigned long l = 0; l <= bound; l++) {
        mpz_sub_ui(count, arguments->m, l);
        mpz_pow_ui(count, count, mpz_get_ui(arguments->n) * arguments->k);
        mpfi_set_z(empty[l], count);
    }
    mpz_clear(count);
}

/* Nonzero when T >= m (fill above 1 - 1/e) and the rate is near 1, the
 * approximation (1 - e^(-T/m))^j at least 1/4 (in doubles): the complement
 * form is used.  A full filter with a small rate (fpr -m 1e9 -n 1e7
 * -k 100: T = m, rate 1.1e-20) gains nothing from the complement, whose
 * 1 - c would need the rate's magnitude in extra bits, and takes the
 * alternating sum.  Only chooses a form; both are certified. */
static int saturated(const bloom_fpr_arguments *arguments)
{
    mpz_t total;
    mpz_init(total);
    insertion_probes(total, arguments);
    int full = mpz_cmp(total, arguments->m) >= 0;
    double load = mpz_get_d(total) / mpz_get_d(arguments->m);
    mpz_clear(total);
    return full && (double)query_probes(arguments) * log1p(-exp(-load)) >= log(0.25);
}

/* (1 - l/m)^T for l >= 1, and 0 for l = 0: the complement's sequence. */
static void empty_probabilities_but_first(mpfi_t *empty, unsigned long bound,
                                          const bloom_fpr_arguments *arguments)
{
    empty_probabilities(empty, bound, arguments);
    mpfi_set_ui(empty[0], 0);
}

/* result = the probe sum over `set_empty`, divided by m^j, at extra_bits more precision. */
static void probe_sum_over_queries(mpfi_ptr result, const bloom_fpr_arguments *arguments,
                                   empty_powers set_empty, mpfr_prec_t extra_bits)
{
    mpfi_t sum;
    mpfi_init2(sum, mpfi_get_prec(result) + extra_bits);
    exact_rate_numerator(sum, arguments, set_empty);
    mpz_t denominator;
    mpz_init(denominator);
    mpz_pow_ui(denominator, arguments->m, query_probes(arguments));
    mpfi_div_z(result, sum, denominator);
    mpz_clear(denominator);
    mpfi_clear(sum);
}

/* result = 1 - fill^j = -expm1(j log1p(-q)), q = e^(-T/m) or (1 - 1/m)^T. */
static void enclose_approximation_complement(mpfi_ptr result, const bloom_fpr_arguments *arguments,
                                             int bloom_formula)
{
    mpz_t total, one;
    mpz_init(total);
    mpz_init_set_ui(one, 1);
    insertion_probes(total, arguments);
    if (bloom_formula) {
        bloom_interval_one_minus_ratio_pow(result, one, arguments->m, total);
    } else {
        mpfi_set_z(result, total);
        mpfi_div_z(result, result, arguments->m);
        mpfi_neg(result, result);
        mpfi_exp(result, result);
    }
    mpfi_neg(result, result);
    mpfi_log1p(result, result);
    mpfi_mul_ui(result, result, query_probes(arguments));
    mpfi_expm1(result, result);
    mpfi_neg(result, result);
    mpz_clears(total, one, (mpz_ptr)0);
}

/* complement = 1 - the exact rate (a saturated filter's complement c), at its
 * precision: the sum with empty[0] = 0 is -m^j c and loses about j bits. */
static void enclose_complement(mpfi_ptr complement, const bloom_fpr_arguments *arguments)
{
    probe_sum_over_queries(complement, arguments, empty_probabilities_but_first,
                           (mpfr_prec_t)query_probes(arguments) + 64);
    mpfi_neg(complement, complement);
}

/* sum = the rate by the complement form, 1 - c. */
static void enclose_by_complement(mpfi_ptr sum, const rate_question *question)
{
    enclose_complement(sum, &question->filter);
    mpfi_ui_sub(sum, 1, sum);
}

/* sum = the rate by the alternating sum, its cancellation restored. */
static void enclose_by_alternating_sum(mpfi_ptr sum, const rate_question *question)
{
    probe_sum_over_queries(sum, &question->filter, empty_probabilities, cancellation_bits(&question->filter));
}

/* --- probes reduced modulo m: two classes of bits (FORMULAS.md §m.6) ------- */

/*
 * A probe uniform on 0 .. N - 1, N = 2^w, reduced modulo m hits each of the r = N mod m lowest
 * bits with weight (q + 1)/N and each of the m - r others with q/N, q = floor(N/m).  Probes stay
 * independent, so a query whose distinct bits are j1 low and j2 high ones is a false positive
 * with probability, by inclusion-exclusion over the subsets left empty,
 *
 *     D(j1, j2) = sum_{l1, l2} (-1)^(l1 + l2) C(j1, l1) C(j2, l2) (1 - (l1 (q + 1) + l2 q)/N)^T,
 *
 * the double forward difference of the powers; and a j-probe query has j1 low and j2 high
 * distinct bits with weight W(j1, j2)/N^j,
 *
 *     W(j1, j2) = sum_i C(j, i) (q + 1)^i q^(j - i) (r)_j1 S(i, j1) (m - r)_j2 S(j - i, j2),
 *
 * i the probes that fall in the low class.  rate = sum W D / N^j.
 */
typedef struct two_classes {
    mpz_t range, q, low, high;   /* N, q, r and m - r */
    unsigned long low_bound, high_bound, probes;   /* min(j, r), min(j, m - r), j */
} two_classes;

/* Nonzero when the probes are reduced modulo m from a range 2^w that m does not divide. */
static int weighted_probes(const rate_question *question)
{
    return question->index_range_bits != 0 && mpz_popcount(question->filter.m) != 1
        && question->filter.k <= BLOOM_MODULO_MAX_PROBES && query_probes(&question->filter) <= BLOOM_MODULO_MAX_PROBES;
}

static unsigned long bounded_by(mpz_srcptr count, unsigned long probes)
{
    return mpz_cmp_ui(count, probes) < 0 ? mpz_get_ui(count) : probes;
}

static void two_classes_init(two_classes *classes, const rate_question *question)
{
    const bloom_fpr_arguments *arguments = &question->filter;
    mpz_inits(classes->range, classes->q, classes->low, classes->high, (mpz_ptr)0);
    mpz_setbit(classes->range, question->index_range_bits);
    mpz_fdiv_qr(classes->q, classes->low, classes->range, arguments->m);
    mpz_sub(classes->high, arguments->m, classes->low);
    classes->probes = query_probes(arguments);
    classes->low_bound = bounded_by(classes->low, classes->probes);
    classes->high_bound = bounded_by(classes->high, classes->probes);
}

static void two_classes_clear(two_classes *classes)
{
    mpz_clears(classes->range, classes->q, classes->low, classes->high, (mpz_ptr)0);
}

/* (low_bound + 1) x (high_bound + 1) cells, row by low bits. */
static size_t two_class_cells(const two_classes *classes)
{
    return (size_t)(classes->low_bound + 1) * (classes->high_bound + 1);
}

/* weights[j1 (high_bound + 1) + j2] = W(j1, j2), the j-probe queries (out of N^j) with j1 low and
 * j2 high distinct bits: the distinct-bit weights of each class (distinct_bit_weights), mixed
 * over the i probes that fall in the low class. */
static mpz_t *two_class_weights(const two_classes *classes)
{
    size_t cells = two_class_cells(classes);
    mpz_t *weights = malloc(cells * sizeof *weights);
    if (weights == NULL)
        abort();
    for (size_t cell = 0; cell < cells; cell++)
        mpz_init(weights[cell]);
    mpz_t mixture, power, term;
    mpz_inits(mixture, power, term, (mpz_ptr)0);
    for (unsigned long i = 0; i <= classes->probes; i++) {
        unsigned long rest = classes->probes - i;
        bloom_fpr_arguments low = { classes->low, NULL, i, i }, high = { classes->high, NULL, rest, rest };
        mpz_t *in_low = distinct_bit_weights(&low, distinct_bits_bound(&low));
        mpz_t *in_high = distinct_bit_weights(&high, distinct_bits_bound(&high));
        mpz_bin_uiui(mixture, classes->probes, i);
        mpz_add_ui(power, classes->q, 1);
        mpz_pow_ui(power, power, i);
        mpz_mul(mixture, mixture, power);
        mpz_pow_ui(power, classes->q, rest);
        mpz_mul(mixture, mixture, power);
        for (unsigned long j1 = 0; j1 <= i && j1 <= classes->low_bound; j1++)
            for (unsigned long j2 = 0; j2 <= rest && j2 <= classes->high_bound; j2++) {
                mpz_mul(term, in_low[j1], in_high[j2]);
                mpz_addmul(weights[j1 * (classes->high_bound + 1) + j2], term, mixture);
            }
        free_integers(in_low, i + 1);
        free_integers(in_high, rest + 1);
    }
    mpz_clears(mixture, power, term, (mpz_ptr)0);
    return weights;
}

/* seq[t stride] = sum_l (-1)^l C(t, l) seq[l stride] for t = 0..bound: the forward differences
 * at 0, in place (each pass leaves one more order at the end). */
static void forward_differences(mpfi_t *seq, unsigned long bound, unsigned long stride)
{
    for (unsigned long i = 1; i <= bound; i++)
        for (unsigned long l = bound; l >= i; l--)
            mpfi_sub(seq[l * stride], seq[(l - 1) * stride], seq[l * stride]);
}

/* empty = (1 - count/N)^T, or (N - count)^T when `exact`, count = l1 (q + 1) + l2 q: the chance
 * (the insertions) that l1 given low and l2 given high bits all stay empty. */
static void two_class_empty(mpfi_ptr empty, const two_classes *classes, unsigned long l1, unsigned long l2,
                            mpz_srcptr total, int exact)
{
    mpz_t count;
    mpz_init(count);
    mpz_add_ui(count, classes->q, 1);
    mpz_mul_ui(count, count, l1);
    mpz_addmul_ui(count, classes->q, l2);
    if (exact) {
        mpz_sub(count, classes->range, count);
        mpz_pow_ui(count, count, mpz_get_ui(total));
        mpfi_set_z(empty, count);
    } else if (mpz_cmp(count, classes->range) == 0) {
        mpfi_set_ui(empty, 0);   /* every bit empty: no insertion probe (T >= 1) can land */
    } else {
        bloom_interval_one_minus_ratio_pow(empty, count, classes->range, total);
    }
    mpz_clear(count);
}

/* sum = sum W D at sum's precision: N^j times the rate, or N^(j + T) times it when `exact`. */
static void two_class_numerator(mpfi_ptr sum, const rate_question *question, int exact)
{
    two_classes classes;
    two_classes_init(&classes, question);
    size_t cells = two_class_cells(&classes), columns = classes.high_bound + 1;
    mpz_t total;
    mpz_init(total);
    insertion_probes(total, &question->filter);
    mpfi_t *empty = malloc(cells * sizeof *empty);
    if (empty == NULL)
        abort();
    for (size_t cell = 0; cell < cells; cell++) {
        mpfi_init2(empty[cell], mpfi_get_prec(sum));
        two_class_empty(empty[cell], &classes, cell / columns, cell % columns, total, exact);
    }
    for (unsigned long l1 = 0; l1 <= classes.low_bound; l1++)
        forward_differences(empty + l1 * columns, classes.high_bound, 1);
    for (unsigned long l2 = 0; l2 <= classes.high_bound; l2++)
        forward_differences(empty + l2, classes.low_bound, columns);
    mpz_t *weights = two_class_weights(&classes);
    mpfi_t term;
    mpfi_init2(term, mpfi_get_prec(sum));
    mpfi_set_ui(sum, 0);
    for (size_t cell = 0; cell < cells; cell++) {
        mpfi_mul_z(term, empty[cell], weights[cell]);
        mpfi_add(sum, sum, term);
        mpfi_clear(empty[cell]);
    }
    mpfi_clear(term);
    free(empty);
    free_integers(weights, cells);
    mpz_clear(total);
    two_classes_clear(&classes);
}

/* sum = the rate of probes reduced modulo m: the double differences cancel as the one-class sum
 * does (§a.2), plus j bits for the second direction. */
static void enclose_by_two_classes(mpfi_ptr sum, const rate_question *question)
{
    unsigned long probes = query_probes(&question->filter);
    mpfi_t numerator;
    mpfi_init2(numerator, mpfi_get_prec(sum) + cancellation_bits(&question->filter) + (mpfr_prec_t)probes);
    two_class_numerator(numerator, question, 0);
    mpfi_mul_2si(sum, numerator, -(long)(question->index_range_bits * probes));
    mpfi_clear(numerator);
}

/* Insertion probes up to which the fraction form applies: its integers then have at most about
 * (T + j) 64 bits, a few thousand, and the Stirling row costs T^2 / 2 small operations. */
#define FRACTION_MAX_INSERTION_PROBES 256

/* Nonzero when T = nk <= FRACTION_MAX_INSERTION_PROBES (a grown filter's one-key sub-filters). */
static int few_insertion_probes(const rate_question *question)
{
    mpz_t total;
    mpz_init(total);
    insertion_probes(total, &question->filter);
    int few = mpz_cmp_ui(total, FRACTION_MAX_INSERTION_PROBES) <= 0;
    mpz_clear(total);
    return few;
}

/*
 * sum = the rate as the fraction sum_{i=1..min(T, m)} (m)_i S(T, i) i^j / m^(T + j): X, the set
 * bits, is the number of distinct bits the T insertion probes touch, whose law is that of a
 * query's (weights (m)_i S(T, i) of m^T), and a query is a false positive with probability
 * (X/m)^j.  Exact integers, one rounding in the division: no cancellation to restore, so it
 * costs O(T^2) integer operations where the alternating sum costs j^2 / 2 MPFI subtractions at
 * j log2(2/f) more bits (n = 1, m = 144, k = 53: f = 0.3, 90 bits a probe).
 */
static void enclose_by_fraction(mpfi_ptr sum, const rate_question *question)
{
    const bloom_fpr_arguments *arguments = &question->filter;
    mpz_t total, numerator, power;
    mpz_inits(total, numerator, power, (mpz_ptr)0);
    insertion_probes(total, arguments);
    unsigned long probes = mpz_get_ui(total), j = query_probes(arguments);
    bloom_fpr_arguments insertions = { arguments->m, NULL, probes, probes };
    unsigned long bound = distinct_bits_bound(&insertions);
    mpz_t *weights = distinct_bit_weights(&insertions, bound);
    for (unsigned long i = 1; i <= bound; i++) {
        mpz_ui_pow_ui(power, i, j);
        mpz_addmul(numerator, weights[i], power);
    }
    free_integers(weights, probes + 1);
    mpz_pow_ui(power, arguments->m, probes + j);
    mpfi_set_z(sum, numerator);
    mpfi_div_z(sum, sum, power);
    mpz_clears(total, numerator, power, (mpz_ptr)0);
}

/* The forms of the exact rate (the table in this file's header): the first
 * whose condition holds encloses it. */
typedef struct rate_form {
    int (*applies)(const rate_question *question);
    /* called through choose_form(question)->enclose, which cppcheck does not follow */
    /* cppcheck-suppress unusedStructMember */
    void (*enclose)(mpfi_ptr sum, const rate_question *question);
} rate_form;

static int always(const rate_question *question)
{
    (void)question;
    return 1;
}

static int saturated_filter(const rate_question *question)
{
    return saturated(&question->filter);
}

static const rate_form rate_forms[] = {
    { weighted_probes, enclose_by_two_classes },
    { saturated_filter, enclose_by_complement },
    { few_insertion_probes, enclose_by_fraction },
    { always, enclose_by_alternating_sum },
};

static const rate_form *choose_form(const rate_question *question)
{
    const rate_form *form = rate_forms;
    while (!form->applies(question))
        form++;
    return form;
}

/* The kind a rate is kept under (rate_cache.h), whose key is m, n, k and j: uniform probes, or
 * libbloom's 32-bit values reduced modulo m; other ranges (tests' small ones) are not kept. */
static int kept_kind(const rate_question *question)
{
    if (!weighted_probes(question))
        return BLOOM_RATE_EXACT;
    return question->index_range_bits == 32 ? BLOOM_RATE_MODULO_2_32 : -1;
}

/* The one engine of the exact rates: the first form that applies, certified, and kept. */
static int enclose_exact(mpfi_ptr result, const rate_question *question)
{
    const bloom_fpr_arguments *arguments = &question->filter;
    if (!question_valid(question))
        return BLOOM_UNDEFINED;
    if (mpz_sgn(arguments->n) == 0) {
        mpfi_set_ui(result, 0);
        return BLOOM_OK;
    }
    int kind = kept_kind(question), kept_here = kind >= 0;
    mpfr_prec_t kept = 0;
    if (kept_here && bloom_rate_cache_find(result, &kept, (bloom_rate_kind)kind, arguments))
        return BLOOM_OK;
    mpfr_prec_t precision = bloom_rate_cache_precision(mpfi_get_prec(result), kept);
    mpfi_t sum, rate;
    mpfi_init2(sum, precision + BLOOM_EXACT_RATE_INNER_BITS);
    mpfi_init2(rate, precision);
    choose_form(question)->enclose(sum, question);
    /* The rate is a probability: intersecting with [0, 1] only tightens the enclosure. */
    bloom_interval_probability(rate, sum);
    if (kept_here)
        bloom_rate_cache_keep(rate, (bloom_rate_kind)kind, arguments);
    mpfi_set(result, rate);
    mpfi_clear(sum);
    mpfi_clear(rate);
    return BLOOM_OK;
}

int bloom_enclose_fpr_exact(mpfi_ptr result, const void *arguments)
{
    rate_question question = { *(const bloom_fpr_arguments *)arguments, 0 };
    return enclose_exact(result, &question);
}

int bloom_enclose_fpr_modulo(mpfi_ptr result, const void *arguments)
{
    const rate_question *question = arguments;
    return question->index_range_bits == 0 ? BLOOM_UNDEFINED : enclose_exact(result, question);
}

int bloom_enclose_fpr_relative_error(mpfi_ptr result, const void *arguments_pointer)
{
    const bloom_fpr_comparison *comparison = arguments_pointer;
    const bloom_fpr_arguments *arguments = comparison->filter;
    if (!arguments_valid(arguments) || mpz_sgn(arguments->n) == 0)
        return BLOOM_UNDEFINED;
    if (!saturated(arguments)) {
        bloom_quantity_pair pair = {
            comparison->bloom_formula ? bloom_fpr_bloom_quantity(arguments)
                                      : bloom_fpr_approx_quantity(arguments),
            bloom_fpr_exact_quantity(arguments) };
        return bloom_enclose_relative_error(result, &pair);
    }
    /* A saturated filter's errors from the complements, without cancellation against 1. */
    mpfr_prec_t precision = mpfi_get_prec(result) + BLOOM_EXACT_RATE_INNER_BITS;
    mpfi_t exact, other;
    mpfi_init2(exact, precision);
    mpfi_init2(other, precision);
    enclose_complement(exact, arguments);
    enclose_approximation_complement(other, arguments, comparison->bloom_formula);
    mpfi_sub(other, exact, other);                 /* c - c' = rate' - rate */
    mpfi_ui_sub(exact, 1, exact);                  /* the rate, 1 - c */
    mpfi_div(result, other, exact);
    mpfi_clear(exact);
    mpfi_clear(other);
    return BLOOM_OK;
}

int bloom_exact_fpr_relative_error(mpq_ptr result, const void *arguments_pointer)
{
    const bloom_fpr_comparison *comparison = arguments_pointer;
    if (!comparison->bloom_formula)
        return BLOOM_UNDEFINED;   /* the exponential approximation is irrational */
    bloom_quantity_pair pair = { bloom_fpr_bloom_quantity(comparison->filter),
                                 bloom_fpr_exact_quantity(comparison->filter) };
    return bloom_exact_relative_error(result, &pair);
}

/* --- the exact rate as a fraction ---------------------------------------- */

int bloom_fpr_bloom_is_exact(mpz_srcptr m, unsigned long k)
{
    return k == 1 || mpz_cmp_ui(m, 1) == 0;
}

int bloom_fpr_exact_rational_feasible(mpz_srcptr m, mpz_srcptr n, unsigned long k)
{
    if (mpz_sgn(m) <= 0 || mpz_sgn(n) < 0 || k < 1 || k > BLOOM_MAX_RATE_PROBES)
        return 0;
    /* bits of m^(k(n+1)) <= k (n+1) bits(m) */
    mpz_t bits;
    mpz_init_set(bits, n);
    mpz_add_ui(bits, bits, 1);
    mpz_mul_ui(bits, bits, k);
    mpz_mul_ui(bits, bits, mpz_sizeinbase(m, 2));
    int feasible = mpz_cmp_ui(bits, BLOOM_RATIONAL_LIMIT_BITS) <= 0;
    mpz_clear(bits);
    return feasible;
}

/* Nonzero when k * T * bits(m) fits the limit: Bloom's formula's denominator m^(kT). */
static int bloom_rational_feasible(const bloom_fpr_arguments *arguments)
{
    if (!arguments_valid(arguments) || !bloom_fpr_exact_rational_feasible(arguments->m, arguments->n, arguments->k))
        return 0;
    mpz_t bits;
    mpz_init(bits);
    insertion_probes(bits, arguments);
    mpz_mul_ui(bits, bits, query_probes(arguments));
    mpz_mul_ui(bits, bits, mpz_sizeinbase(arguments->m, 2));
    int feasible = mpz_cmp_ui(bits, BLOOM_RATIONAL_LIMIT_BITS) <= 0;
    mpz_clear(bits);
    return feasible;
}

int bloom_exact_fpr_bloom(mpq_ptr result, const void *arguments_pointer)
{
    const bloom_fpr_arguments *arguments = arguments_pointer;
    if (!bloom_rational_feasible(arguments))
        return BLOOM_UNDEFINED;
    /* ((m^T - (m-1)^T) / m^T)^j */
    unsigned long total = mpz_get_ui(arguments->n) * arguments->k;
    unsigned long probes = query_probes(arguments);
    mpz_t empty;
    mpz_init(empty);
    mpz_sub_ui(empty, arguments->m, 1);
    mpz_pow_ui(empty, empty, total);
    mpz_pow_ui(mpq_denref(result), arguments->m, total);
    mpz_sub(mpq_numref(result), mpq_denref(result), empty);
    mpz_pow_ui(mpq_numref(result), mpq_numref(result), probes);
    mpz_pow_ui(mpq_denref(result), mpq_denref(result), probes);
    mpq_canonicalize(result);
    mpz_clear(empty);
    return BLOOM_OK;
}

/*
 * The exact rate (with any query probe count j) as a fraction, when
 * j (n + 1) bits(m) fits the limit: the alternating sum on the exact
 * integers (m - l)^T, whose every intermediate is an integer below
 * 2^j m^(j + T) in magnitude, at a precision where every interval
 * operation is exact, over m^(j + T).
 */
static int exact_rational(mpq_ptr rop, const rate_question *question)
{
    const bloom_fpr_arguments *arguments = &question->filter;
    unsigned long probes = query_probes(arguments);
    unsigned long larger = probes > arguments->k ? probes : arguments->k;
    if (!question_valid(question))
        return BLOOM_UNDEFINED;
    /* the base of the denominator: m, or the range N = 2^w of probes reduced modulo m */
    mpz_t base;
    mpz_init_set(base, arguments->m);
    if (weighted_probes(question)) {
        mpz_set_ui(base, 0);
        mpz_setbit(base, question->index_range_bits);
    }
    int feasible = bloom_fpr_exact_rational_feasible(base, arguments->n, larger);
    if (!feasible) {
        mpz_clear(base);
        return BLOOM_UNDEFINED;
    }
    unsigned long total = mpz_get_ui(arguments->n) * arguments->k;
    mpfr_prec_t precision = (mpfr_prec_t)((probes + total) * mpz_sizeinbase(base, 2))
                            + 2 * (mpfr_prec_t)probes + 64;
    mpfi_t sum;
    mpfr_t point;
    mpfi_init2(sum, precision);
    mpfr_init2(point, precision);
    if (weighted_probes(question))
        two_class_numerator(sum, question, 1);
    else
        exact_rate_numerator(sum, arguments, empty_counts);
    mpfi_get_left(point, sum);
    mpfr_get_z(mpq_numref(rop), point, MPFR_RNDN);
    mpz_pow_ui(mpq_denref(rop), base, probes + total);
    mpz_clear(base);
    mpq_canonicalize(rop);
    mpfr_clear(point);
    mpfi_clear(sum);
    return BLOOM_OK;
}

int bloom_exact_fpr_exact(mpq_ptr result, const void *arguments)
{
    rate_question question = { *(const bloom_fpr_arguments *)arguments, 0 };
    return exact_rational(result, &question);
}

int bloom_exact_fpr_modulo(mpq_ptr result, const void *arguments)
{
    const rate_question *question = arguments;
    return question->index_range_bits == 0 ? BLOOM_UNDEFINED : exact_rational(result, question);
}

bloom_quantity bloom_fpr_approx_quantity(const bloom_fpr_arguments *arguments)
{
    return (bloom_quantity){ bloom_enclose_fpr_approx, arguments, NULL };
}

bloom_quantity bloom_fpr_bloom_quantity(const bloom_fpr_arguments *arguments)
{
    return (bloom_quantity){ bloom_enclose_fpr_bloom, arguments, bloom_exact_fpr_bloom };
}

bloom_quantity bloom_fpr_exact_quantity(const bloom_fpr_arguments *arguments)
{
    return (bloom_quantity){ bloom_enclose_fpr_exact, arguments, bloom_exact_fpr_exact };
}

int bloom_fpr_exact_rational(mpq_ptr rop, mpz_srcptr m, mpz_srcptr n, unsigned long k)
{
    rate_question question = { { m, n, k, 0 }, 0 };
    return exact_rational(rop, &question);
}

/* --- MPFR-style entry points ------------------------------------------- */

typedef bloom_quantity (*rate_quantity)(const bloom_fpr_arguments *arguments);

static int round_rate(mpfr_ptr rop, rate_quantity form, mpz_srcptr m,
                      mpz_srcptr n, unsigned long k, mpfr_rnd_t rnd)
{
    bloom_fpr_arguments arguments = { m, n, k, 0 };
    bloom_quantity quantity = form(&arguments);
    int ternary = 0;
    bloom_quantity_round(rop, &quantity, rnd, &ternary);
    return ternary;
}

int bloom_fpr_approx(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr n, unsigned long k, mpfr_rnd_t rnd)
{
    return round_rate(rop, bloom_fpr_approx_quantity, m, n, k, rnd);
}

int bloom_fpr_bloom(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr n, unsigned long k, mpfr_rnd_t rnd)
{
    return round_rate(rop, bloom_fpr_bloom_quantity, m, n, k, rnd);
}

int bloom_fpr_exact(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr n, unsigned long k, mpfr_rnd_t rnd)
{
    return round_rate(rop, bloom_fpr_exact_quantity, m, n, k, rnd);
}
