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
 * Where that sum is costly (a tiny fill f, or j near 1000 at any fill), a
 * cost estimate made before each evaluation picks one of four other
 * certified forms instead (fpr_forms.h, FORMULAS.md §o): the occupancy
 * chain of the set-bit count (sparse filters, positive terms only), Bloom's
 * formula times a short series of central moments (large filters), a few
 * deficits in closed form (very sparse filters of any size, §p), and the
 * first terms of the complement series (saturated filters).
 * The same estimate is charged to the work budget before the evaluation
 * starts, which is not started past it (work_budget.h, FORMULAS.md §o.5).
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
#include "fpr_forms.h"
#include "work_budget.h"

static unsigned long query_probes(const bloom_fpr_arguments *arguments)
{
    return arguments->query_probes != 0 ? arguments->query_probes : arguments->k;
}

static int arguments_valid(const bloom_fpr_arguments *arguments)
{
    unsigned long probes = query_probes(arguments);
    return mpz_sgn(arguments->m) > 0 && mpz_sgn(arguments->n) >= 0
        && arguments->k >= 1 && arguments->k <= BLOOM_MAX_HASHES
        && probes <= BLOOM_MAX_HASHES;
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

/* row[i] = S(j, i) for i = 0..j, by S(a, i) = i S(a-1, i) + S(a-1, i-1);
 * only i <= bound are computed (they need no others), the rest are 0. */
static mpz_t *stirling_row(unsigned long j, unsigned long bound)
{
    mpz_t *row = malloc((j + 1) * sizeof *row);
    if (row == NULL)
        abort();
    for (unsigned long i = 0; i <= j; i++)
        mpz_init_set_ui(row[i], i == 0);
    for (unsigned long a = 1; a <= j; a++) {
        for (unsigned long i = a < bound ? a : bound; i >= 1; i--) {
            mpz_mul_ui(row[i], row[i], i);
            mpz_add(row[i], row[i], row[i - 1]);
        }
        mpz_set_ui(row[0], 0);
    }
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

static int saturated(const bloom_fpr_arguments *arguments);

/* The forms of the exact rate of a filter that is not saturated. */
typedef enum { FORM_ALTERNATING, FORM_OCCUPANCY, FORM_DEFICITS, FORM_MOMENTS, FORM_COMPLEMENT } rate_form;

/*
 * The cheapest form at `precision` by a-priori cost estimates in limb
 * operations: the alternating sum below (j^2/2 subtractions and j + 1
 * exponentials at precision + cancellation_bits), the occupancy chain of
 * fpr_occupancy.c and the moment series of fpr_moments.c, each estimating
 * its own (FORMULAS.md §o).  Only chooses a method; all are certified.
 */
static rate_form cheapest_form(const bloom_fpr_arguments *arguments, mpfr_prec_t precision,
                               double *cost)
{
    double bound = (double)distinct_bits_bound(arguments);
    double limbs = (double)(precision + cancellation_bits(arguments)) / 64 + 1;
    double best = bloom_probe_sum_work(bound, limbs) + (bound + 1) * bloom_exponential_work(limbs);
    rate_form form = FORM_ALTERNATING;
    double chain = bloom_occupancy_cost(arguments, precision);
    if (chain >= 0 && chain < best) {
        best = chain;
        form = FORM_OCCUPANCY;
    }
    double deficits = bloom_deficits_cost(arguments, precision);
    if (deficits >= 0 && deficits < best) {
        best = deficits;
        form = FORM_DEFICITS;
    }
    double moments = bloom_moments_cost(arguments, precision);
    if (moments >= 0 && moments < best) {
        best = moments;
        form = FORM_MOMENTS;
    }
    double complement = bloom_complement_rate_cost(arguments, precision);
    if (complement >= 0 && complement < best) {
        best = complement;
        form = FORM_COMPLEMENT;
    }
    *cost = best;
    return form;
}

/* A saturated filter's complement by the full sum: j^2 operations at j more bits. */
static double complement_sum_cost(const bloom_fpr_arguments *arguments, mpfr_prec_t precision)
{
    return (double)query_probes(arguments) * (double)query_probes(arguments)
           * ((double)(precision + query_probes(arguments)) / 64 + 2);
}

double bloom_fpr_exact_cost(const bloom_fpr_arguments *arguments, mpfr_prec_t precision)
{
    double cost = 0;
    if (saturated(arguments))
        return complement_sum_cost(arguments, precision);
    cheapest_form(arguments, precision, &cost);
    return cost;
}

/* weights[i] = (m)_i S(j, i) for i = 1..bound: the number of j-probe
 * queries that touch exactly i distinct bits (out of m^j). */
static mpz_t *distinct_bit_weights(const bloom_fpr_arguments *arguments, unsigned long bound)
{
    unsigned long probes = query_probes(arguments);
    mpz_t *weights = stirling_row(probes, probes);
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
static void inclusion_exclusion_sum(mpfi_ptr sum, mpfi_t *empty, mpz_t *weights,
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

/* The fixed work of one interval subtraction of the probe sum (two MPFR calls). */
#define PROBE_SUM_CALLS_WORK 50.0

double bloom_probe_sum_work(double bound, double limbs)
{
    return bound * bound / 2 * (PROBE_SUM_CALLS_WORK + limbs);
}

double bloom_exponential_work(double limbs)
{
    return 40 * limbs * limbs;
}

/*
 * sum = m^j times the exact rate, computed from `empty` powers prepared by
 * set_empty(empty[l], l) at `precision`.
 */
typedef void (*empty_power)(mpfi_ptr result, unsigned long l, const bloom_fpr_arguments *arguments);

void bloom_fpr_probe_sum(mpfi_ptr sum, mpz_srcptr m, unsigned long probes, mpfi_t *empty)
{
    bloom_fpr_arguments query = { m, NULL, probes, probes };
    unsigned long bound = distinct_bits_bound(&query);
    mpz_t *weights = distinct_bit_weights(&query, bound);
    inclusion_exclusion_sum(sum, empty, weights, bound);
    free_integers(weights, probes + 1);
}

static void exact_rate_numerator(mpfi_ptr sum, const bloom_fpr_arguments *arguments,
                                 empty_power set_empty)
{
    unsigned long bound = distinct_bits_bound(arguments);
    mpfi_t *empty = malloc((bound + 1) * sizeof *empty);
    if (empty == NULL)
        abort();
    for (unsigned long l = 0; l <= bound; l++) {
        mpfi_init2(empty[l], mpfi_get_prec(sum));
        set_empty(empty[l], l, arguments);
    }
    bloom_fpr_probe_sum(sum, arguments->m, query_probes(arguments), empty);
    for (unsigned long l = 0; l <= bound; l++)
        mpfi_clear(empty[l]);
    free(empty);
}

/* (1 - l/m)^T, the probability that l given bits all stay empty (0 when l = m:
 * the rate's callers have T >= 1). */
static void empty_probability(mpfi_ptr result, unsigned long l, const bloom_fpr_arguments *arguments)
{
    if (mpz_cmp_ui(arguments->m, l) == 0 && mpz_sgn(arguments->n) > 0) {
        mpfi_set_ui(result, 0);
        return;
    }
    mpz_t total, count;
    mpz_init(total);
    mpz_init_set_ui(count, l);
    insertion_probes(total, arguments);
    bloom_interval_one_minus_ratio_pow(result, count, arguments->m, total);
    mpz_clears(total, count, (mpz_ptr)0);
}

/* (m - l)^T exactly: the insertions that leave l given bits empty. */
static void empty_count(mpfi_ptr result, unsigned long l, const bloom_fpr_arguments *arguments)
{
    mpz_t count;
    mpz_init(count);
    mpz_sub_ui(count, arguments->m, l);
    mpz_pow_ui(count, count, mpz_get_ui(arguments->n) * arguments->k);
    mpfi_set_z(result, count);
    mpz_clear(count);
}

/* Nonzero when T >= m (fill above 1 - 1/e) and the rate is near 1, the
 * approximation (1 - e^(-T/m))^j at least 1/4 (in doubles): the complement
 * forms are used.  A full filter with a small rate (fpr -m 1e9 -n 1e6
 * -k 1000: T = m, rate 6.3e-200) gains nothing from the complement, whose
 * 1 - c would need the rate's magnitude in extra bits, and goes to the
 * cheapest direct form.  Only chooses a method; all are certified. */
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
static void empty_probability_but_first(mpfi_ptr result, unsigned long l,
                                        const bloom_fpr_arguments *arguments)
{
    if (l == 0)
        mpfi_set_ui(result, 0);
    else
        empty_probability(result, l, arguments);
}

/* result = the probe sum over `set_empty`, divided by m^j, at extra_bits more precision. */
static void probe_sum_over_queries(mpfi_ptr result, const bloom_fpr_arguments *arguments,
                                   empty_power set_empty, mpfr_prec_t extra_bits)
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

static double exact_fraction_work(const bloom_fpr_arguments *arguments);
static int exact_rational(mpq_ptr rop, const bloom_fpr_arguments *arguments);

/*
 * How bloom_enclose_fpr_exact encloses the rate at the working precision
 * `bits`, and the a-priori cost it is charged for that (FORMULAS.md §o,
 * §o.5): the exact fraction when it is cheaper than any enclosure; for a
 * saturated filter its complement 1 - rate, by the complement series when
 * it applies (§o.3), else by the complement's full sum unless a direct form
 * is cheaper (a rate near 1 needs no complement for its own digits, only
 * for the relative errors: at a rate of 1/2 with k = 1000, plan -m 2^256
 * -p 0.5 -k 1000, j q = 0.7 > 1/4, the full sum took 0.14 s an evaluation
 * where three moments take 0.0001 s); else the cheapest form.  One choice
 * serves the enclosure, the saturated relative errors and the a-priori
 * work of bloom_fpr_exact_work.
 */
typedef enum { ROUTE_FORM, ROUTE_FRACTION, ROUTE_COMPLEMENT_SERIES, ROUTE_COMPLEMENT_SUM } exact_route;

typedef struct route_choice {
    exact_route route;
    rate_form form;     /* ROUTE_FORM: which */
    double cost;        /* limb operations */
} route_choice;

/* The route at `bits` but the fraction: a saturated filter's complement, or the cheapest form. */
static route_choice complement_or_form(const bloom_fpr_arguments *arguments, mpfr_prec_t bits)
{
    int full = saturated(arguments);
    double series = full ? bloom_complement_series_cost(arguments, bits) : -1;
    if (series >= 0)
        return (route_choice){ ROUTE_COMPLEMENT_SERIES, FORM_ALTERNATING, series };
    route_choice choice = { ROUTE_FORM, FORM_ALTERNATING, 0 };
    choice.form = cheapest_form(arguments, bits, &choice.cost);
    double full_sum = full ? complement_sum_cost(arguments, bits) : 0;
    if (full && !(choice.cost < full_sum))
        choice = (route_choice){ ROUTE_COMPLEMENT_SUM, FORM_ALTERNATING, full_sum };
    return choice;
}

static int fraction_feasible(const bloom_fpr_arguments *arguments);

/*
 * The exact fraction is the route when it costs less than the cheapest
 * enclosure (for a saturated filter, the complement's full sum), by the
 * two a-priori estimates (FORMULAS.md §o): at many digits a small filter's
 * fraction is cheaper than any series (fpr -m 1e4 -n 1 -k 1000 --digits
 * 1000 ran the chain at 3 400 bits three times, 1.75 s each; the fraction
 * takes 0.04 s).
 */
static route_choice choose_route(const bloom_fpr_arguments *arguments, mpfr_prec_t bits)
{
    route_choice choice = complement_or_form(arguments, bits);
    if (!fraction_feasible(arguments))
        return choice;
    double enclosure = saturated(arguments) ? complement_sum_cost(arguments, bits) : choice.cost;
    double fraction = exact_fraction_work(arguments);
    return fraction < enclosure ? (route_choice){ ROUTE_FRACTION, FORM_ALTERNATING, fraction } : choice;
}

/* complement = 1 - the exact rate by a complement route, at its precision. */
static void enclose_complement(mpfi_ptr complement, const route_choice *choice,
                               const bloom_fpr_arguments *arguments)
{
    if (choice->route == ROUTE_COMPLEMENT_SERIES) {
        bloom_enclose_fpr_complement_series(complement, arguments);
        return;
    }
    probe_sum_over_queries(complement, arguments, empty_probability_but_first,
                           (mpfr_prec_t)query_probes(arguments) + 64);
    mpfi_neg(complement, complement);
}

/* Nonzero when the filter's exact fraction is within the rational limit. */
static int fraction_feasible(const bloom_fpr_arguments *arguments)
{
    unsigned long probes = query_probes(arguments);
    unsigned long larger = probes > arguments->k ? probes : arguments->k;
    return mpz_fits_ulong_p(arguments->n)
        && bloom_fpr_exact_rational_feasible(arguments->m, arguments->n, larger);
}

/* The digits check's estimate (fpr.h): the cheapest form, a saturated
 * filter's full sum when cheaper, or the fraction when cheaper than both;
 * it leaves out the complement series, which choose_route charges. */
double bloom_fpr_exact_work(const bloom_fpr_arguments *arguments, mpfr_prec_t precision)
{
    if (!arguments_valid(arguments) || mpz_sgn(arguments->n) == 0)
        return 0;
    double forms = 0;
    cheapest_form(arguments, precision, &forms);
    double enclosure = saturated(arguments) ? complement_sum_cost(arguments, precision) : forms;
    if (enclosure < forms)
        forms = enclosure;
    double fraction = exact_fraction_work(arguments);
    return fraction_feasible(arguments) && fraction < enclosure && fraction < forms ? fraction : forms;
}

/* result = the exact fraction's enclosure (exact up to its outward rounding). */
static void enclose_by_fraction(mpfi_ptr result, const bloom_fpr_arguments *arguments)
{
    mpq_t fraction;
    mpq_init(fraction);
    exact_rational(fraction, arguments);
    mpfi_set_q(result, fraction);
    mpq_clear(fraction);
}

int bloom_enclose_fpr_exact(mpfi_ptr result, const void *arguments_pointer)
{
    const bloom_fpr_arguments *arguments = arguments_pointer;
    if (!arguments_valid(arguments))
        return BLOOM_UNDEFINED;
    if (mpz_sgn(arguments->n) == 0) {
        mpfi_set_ui(result, 0);
        return BLOOM_OK;
    }
    /* The route is charged to the work budget before it starts, and not
     * started when that would pass it (work_budget.h, FORMULAS.md §o.5). */
    route_choice choice = choose_route(arguments, mpfi_get_prec(result) + BLOOM_EXACT_RATE_INNER_BITS);
    int status = bloom_work_spend(choice.cost);
    if (status != BLOOM_OK)
        return status;
    if (choice.route == ROUTE_FRACTION) {
        enclose_by_fraction(result, arguments);
        return BLOOM_OK;
    }
    mpfi_t sum;
    mpfi_init2(sum, mpfi_get_prec(result) + BLOOM_EXACT_RATE_INNER_BITS);
    if (choice.route != ROUTE_FORM) {
        enclose_complement(sum, &choice, arguments);
        mpfi_ui_sub(sum, 1, sum);
        bloom_interval_probability(result, sum);
        mpfi_clear(sum);
        return BLOOM_OK;
    }
    switch (choice.form) {
    case FORM_OCCUPANCY:
        bloom_enclose_fpr_occupancy(sum, arguments);   /* positive terms (FORMULAS.md §o.1) */
        break;
    case FORM_DEFICITS:
        bloom_enclose_fpr_deficits(sum, arguments);    /* a few deficits in closed form (§p) */
        break;
    case FORM_MOMENTS:
        bloom_enclose_fpr_moments(sum, arguments);     /* Bloom's formula times moments (§o.4) */
        break;
    case FORM_COMPLEMENT:
        bloom_enclose_fpr_by_complement(sum, arguments);   /* 1 - the complement series (§o.3) */
        break;
    default:
        probe_sum_over_queries(sum, arguments, empty_probability, cancellation_bits(arguments));
    }
    /* The rate is a probability: intersecting with [0, 1] only tightens the enclosure. */
    bloom_interval_probability(result, sum);
    mpfi_clear(sum);
    return BLOOM_OK;
}

int bloom_enclose_fpr_relative_error(mpfi_ptr result, const void *arguments_pointer)
{
    const bloom_fpr_comparison *comparison = arguments_pointer;
    const bloom_fpr_arguments *arguments = comparison->filter;
    if (!arguments_valid(arguments) || mpz_sgn(arguments->n) == 0)
        return BLOOM_UNDEFINED;
    /* A saturated filter's errors from the complements, unless a direct form is
     * cheaper than the complement's full sum (its rate is then not within a hair
     * of 1: j q > 1/4); fpr -m 2^256 -n 8.42e74 -k 1000, rate 1/2: 1.1 s -> 0.01 s. */
    mpfr_prec_t precision = mpfi_get_prec(result) + BLOOM_EXACT_RATE_INNER_BITS;
    route_choice choice = { ROUTE_FORM, FORM_ALTERNATING, 0 };
    if (saturated(arguments))
        choice = complement_or_form(arguments, precision);
    if (choice.route == ROUTE_FORM) {
        bloom_quantity_pair pair = {
            comparison->bloom_formula ? bloom_fpr_bloom_quantity(arguments)
                                      : bloom_fpr_approx_quantity(arguments),
            bloom_fpr_exact_quantity(arguments) };
        return bloom_enclose_relative_error(result, &pair);
    }
    int status = bloom_work_spend(choice.cost);   /* not started past the work budget */
    if (status != BLOOM_OK)
        return status;
    mpfi_t exact, other;
    mpfi_init2(exact, precision);
    mpfi_init2(other, precision);
    enclose_complement(exact, &choice, arguments);
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
    if (mpz_sgn(m) <= 0 || mpz_sgn(n) < 0 || k < 1 || k > BLOOM_MAX_HASHES)
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
 * The limbs the Stirling row's recurrence touches (a product by i and a sum
 * for each S(a, i), a <= T, i <= min(a, bound)): S(a, i) <= i^a / i! (i!
 * S(a, i) counts the onto maps among the i^a), so it is at most
 * sum_{i<=bound} sum_{a=i..T} (a log2 i - log2 i!) / 64 limbs, summed over i
 * in closed form in a (FORMULAS.md §o).  T min(T, m) (T log2 T)/64 counted
 * each entry at the row's largest size: seven times too many at T = 1000
 * (and stays the estimate past BLOOM_RATIONAL_LIMIT_BITS, where no fraction
 * is made).
 */
static double stirling_row_limbs(double t, double bound)
{
    if (bound > (double)BLOOM_RATIONAL_LIMIT_BITS)   /* no such fraction is made: the coarse bound */
        return t * bound * (t * log2(bound + 1) / 64 + 1);
    double limbs = 0;
    for (double i = 1; i <= bound; i++)
        limbs += (t * (t + 1) / 2 - i * (i - 1) / 2) * log2(i) - (t - i + 1) * lgamma(i + 1) / log(2);
    return 2 * (limbs / 64 + t * bound);
}

/* The two exact forms' costs in limb operations (doubles, only to choose):
 * the inclusion-exclusion's min(j, m)^2/2 subtractions of (T + j) bits(m)-bit
 * integers, and the Stirling row (above) plus min(T, m) large products
 * (stirling_numerator below). */
static void exact_fraction_costs(double *inclusion_exclusion, double *stirling,
                                 const bloom_fpr_arguments *arguments)
{
    double m = mpz_get_d(arguments->m), j = (double)query_probes(arguments);
    double t = mpz_get_d(arguments->n) * (double)arguments->k;
    double limbs = (t + j) * (double)mpz_sizeinbase(arguments->m, 2) / 64 + 1;
    double by_sum = j < m ? j : m, by_row = t < m ? t : m;
    /* the differences, and the weights (m)_i S(j, i) with their products (fpr -m 2048 -n 2 -k 1000
     * counted 2.8e8 for 0.95 s without them, 3.4 ns a unit: FORMULAS.md §o.5) */
    *inclusion_exclusion = by_sum * by_sum / 2 * limbs + stirling_row_limbs(j, by_sum) + by_sum * limbs * 4;
    *stirling = stirling_row_limbs(t, by_row) + by_row * limbs * 4;
}

/* The limb operations of exact_rational: the cheaper of the two forms. */
static double exact_fraction_work(const bloom_fpr_arguments *arguments)
{
    double inclusion_exclusion = 0, stirling = 0;
    exact_fraction_costs(&inclusion_exclusion, &stirling, arguments);
    return inclusion_exclusion < stirling ? inclusion_exclusion : stirling;
}

int bloom_exact_fpr_exact(mpq_ptr result, const void *arguments_pointer)
{
    const bloom_fpr_arguments *arguments = arguments_pointer;
    if (!arguments_valid(arguments))
        return BLOOM_UNDEFINED;
    double work = exact_fraction_work(arguments);
    if (work > BLOOM_EXACT_FRACTION_WORK)
        return BLOOM_UNDEFINED;   /* the enclosures are cheaper (BLOOM_EXACT_FRACTION_WORK) */
    int charged = bloom_work_spend(work);
    return charged == BLOOM_OK ? exact_rational(result, arguments) : charged;
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

/* The exact rate (with any query probe count j) as a fraction, when
 * j (n + 1) bits(m) fits the limit (for j = k: bloom_fpr_exact_rational_feasible). */
/*
 * numerator = sum_{x=1..min(T,m)} (m)_x S(T, x) x^j, the exact rate times
 * m^(T + j) by the distribution of the set-bit count (FORMULAS.md §a.1):
 * T min(T, m) small products for the Stirling row and min(T, m) large
 * ones, where the inclusion-exclusion of exact_rate_numerator takes
 * min(j, m)^2/2 subtractions of (T + j) bits(m)-bit integers (fpr -m 1e9
 * -n 1 -k 1000: 1.9 s that way, a tenth of it this way).
 */
static void stirling_numerator(mpz_ptr numerator, const bloom_fpr_arguments *arguments,
                               unsigned long total)
{
    unsigned long bound = mpz_cmp_ui(arguments->m, total) < 0 ? mpz_get_ui(arguments->m) : total;
    mpz_t *row = stirling_row(total, bound);
    mpz_t falling, term, factor;
    mpz_init_set_ui(falling, 1);
    mpz_inits(term, factor, (mpz_ptr)0);
    mpz_set_ui(numerator, 0);
    for (unsigned long x = 1; x <= bound; x++) {
        mpz_sub_ui(factor, arguments->m, x - 1);   /* (m)_x = (m)_{x-1} (m - x + 1) */
        mpz_mul(falling, falling, factor);
        mpz_ui_pow_ui(term, x, query_probes(arguments));
        mpz_mul(term, term, row[x]);
        mpz_addmul(numerator, term, falling);
    }
    mpz_clears(falling, term, factor, (mpz_ptr)0);
    free_integers(row, total + 1);
}

/* Nonzero when stirling_numerator is the cheaper exact form. */
static int stirling_numerator_cheaper(const bloom_fpr_arguments *arguments)
{
    double inclusion_exclusion = 0, stirling = 0;
    exact_fraction_costs(&inclusion_exclusion, &stirling, arguments);
    return stirling < inclusion_exclusion;
}

static int exact_rational(mpq_ptr rop, const bloom_fpr_arguments *arguments)
{
    unsigned long probes = query_probes(arguments);
    unsigned long larger = probes > arguments->k ? probes : arguments->k;
    if (!arguments_valid(arguments) || !bloom_fpr_exact_rational_feasible(arguments->m, arguments->n, larger))
        return BLOOM_UNDEFINED;
    unsigned long total = mpz_get_ui(arguments->n) * arguments->k;
    if (total >= 1 && stirling_numerator_cheaper(arguments)) {
        stirling_numerator(mpq_numref(rop), arguments, total);
        mpz_pow_ui(mpq_denref(rop), arguments->m, probes + total);
        mpq_canonicalize(rop);
        return BLOOM_OK;
    }
    /* Every intermediate is an integer below 2^j m^(j + T) in magnitude: with
     * this precision every interval operation is exact. */
    mpfr_prec_t precision = (mpfr_prec_t)((probes + total) * mpz_sizeinbase(arguments->m, 2))
                            + 2 * (mpfr_prec_t)probes + 64;
    mpfi_t sum;
    mpfr_t point;
    mpfi_init2(sum, precision);
    mpfr_init2(point, precision);
    exact_rate_numerator(sum, arguments, empty_count);
    mpfi_get_left(point, sum);
    mpfr_get_z(mpq_numref(rop), point, MPFR_RNDN);
    mpz_pow_ui(mpq_denref(rop), arguments->m, probes + total);
    mpq_canonicalize(rop);
    mpfr_clear(point);
    mpfi_clear(sum);
    return BLOOM_OK;
}

int bloom_fpr_exact_rational(mpq_ptr rop, mpz_srcptr m, mpz_srcptr n, unsigned long k)
{
    bloom_fpr_arguments arguments = { m, n, k, 0 };
    if (!arguments_valid(&arguments) || !bloom_fpr_exact_rational_feasible(m, n, k))
        return BLOOM_UNDEFINED;
    int charged = bloom_work_spend(exact_fraction_work(&arguments));
    return charged == BLOOM_OK ? exact_rational(rop, &arguments) : charged;
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
