/*
 * fpr_complement.c - 1 - the exact false-positive rate of a saturated
 * standard Bloom filter from the first terms of its series in the
 * empty-bit probabilities, with a rigorous bound on the rest
 * (FORMULAS.md §o.3).
 *
 * Exchanging the sums of fpr.c's form (FORMULAS.md §a.2),
 *
 *     rate = sum_{l>=0} (-1)^l a_l e_l,   e_l = (1 - l/m)^T,
 *     a_l = E[C(I, l)] = C(m, l) sum_{r=0..l} (-1)^r C(l, r) ((m - r)/m)^j,
 *
 * with I the number of distinct bits a j-probe query touches (a_l is the
 * expected number of l-sets of touched bits: C(m, l) times the probability
 * that l given bits are all touched, by inclusion-exclusion).  a_0 = e_0 =
 * 1, so the complement is c = 1 - rate = sum_{l>=1} (-1)^(l+1) a_l e_l.
 * Each m^j a_l is an integer (an l-th difference of the integers (m - r)^j
 * times C(m, l)), computed exactly.
 *
 * The tail: a_l <= C(j, l) (I <= j), and e_l <= q^l with q = (1 - 1/m)^T
 * (Bernoulli: (1 - 1/m)^l >= 1 - l/m), so the terms beyond L add at most
 * sum_{l>L} C(j, l) q^l <= C(j, L+1) q^(L+1) / (1 - rho), rho = (j - L - 1)
 * q / (L + 2) < 1 bounding the ratio of consecutive terms.  When j q <= 1/4
 * (kn/m above ln(4j)) the terms fall geometrically and c >= (7/8) q, so a
 * few terms reach any precision without cancellation: fpr -m 2^256 -n 2^256
 * -k 1000 needs two, where the full sum took k^2/2 operations at k + 64
 * extra bits.
 *
 * The same series gives the rate itself, 1 - c, of a filter that is not
 * saturated while j q is moderate (up to 64): the partial sums are at most
 * e^(j q) in size and the rate at least Bloom's (1 - q)^j, so that many more
 * bits are carried (bloom_enclose_fpr_by_complement; plan -m 1e4 -p 1e-2
 * -k 1000, j q = 5: 0.74 s by the alternating sum, 0.00 s this way).
 */
#include <math.h>
#include <stdlib.h>

#include "fpr_forms.h"

/* More terms than this: the full sum of fpr.c is used instead. */
#define COMPLEMENT_MAX_TERMS 200UL

static unsigned long query_probe_count(const bloom_fpr_arguments *arguments)
{
    return arguments->query_probes != 0 ? arguments->query_probes : arguments->k;
}

/*
 * The smallest L (at most COMPLEMENT_MAX_TERMS) at which the series is
 * complete (L + 1 > min(j, m)) or its tail bound C(j, L+1) q^(L+1) / (1 -
 * rho) is below 2^wanted, rho = (j - L - 1) q / (L + 2) at most 1/2 (see the
 * head comment); 0 when there is none.  From doubles: it only chooses L.
 */
static unsigned long tail_terms(double j, double m, double log2_q, double wanted)
{
    double last = fmin(j, m), q = exp2(log2_q);
    for (unsigned long terms = 1; terms <= COMPLEMENT_MAX_TERMS; terms++) {
        double next = (double)terms + 1;
        if (next > last)
            return terms;   /* the series is complete */
        double binomial = (lgamma(j + 1) - lgamma(next + 1) - lgamma(j - next + 1)) / log(2);
        double ratio = (j - next) / (next + 1) * q;
        if (ratio <= 0.5 && binomial + next * log2_q - log2(1 - ratio) < wanted)
            return terms;
    }
    return 0;
}

/*
 * The number L of terms for `precision` bits, 0 when the series does not
 * apply.  From doubles: log2 q = T log2(1 - 1/m); it only chooses L, the
 * tail bound added to the enclosure is certified.
 */
static unsigned long terms_needed(const bloom_fpr_arguments *arguments, mpfr_prec_t precision)
{
    if (mpz_cmp_ui(arguments->m, 1) <= 0)
        return 0;
    double m = mpz_get_d(arguments->m);
    double total = mpz_get_d(arguments->n) * (double)arguments->k;
    double log2_q = total * log1p(-1 / m) / log(2);
    double j = (double)query_probe_count(arguments);
    if (!(log2(j) + log2_q <= -2))
        return 0;   /* j q > 1/4: the terms do not fall fast enough */
    return tail_terms(j, m, log2_q, log2_q - 1 - (double)precision - 16);   /* below 2^-(precision+16) c */
}

/* coefficient[l] = m^j a_l >= 0 for l = 1..terms, exactly (see the head comment). */
static mpz_t *coefficients(const bloom_fpr_arguments *arguments, unsigned long terms)
{
    unsigned long probes = query_probe_count(arguments);
    mpz_t *power = malloc((terms + 1) * sizeof *power);
    mpz_t *coefficient = malloc((terms + 1) * sizeof *coefficient);
    if (power == NULL || coefficient == NULL)
        abort();
    mpz_t base;
    mpz_init(base);
    for (unsigned long r = 0; r <= terms; r++) {
        mpz_sub_ui(base, arguments->m, r);
        mpz_init(power[r]);
        if (mpz_sgn(base) > 0)
            mpz_pow_ui(power[r], base, probes);
        mpz_init(coefficient[r]);
    }
    /* After l passes power[0] holds the l-th difference Delta^l, and
     * sum_r (-1)^r C(l, r) (m - r)^j = (-1)^l Delta^l. */
    for (unsigned long l = 1; l <= terms; l++) {
        for (unsigned long r = 0; r + l <= terms; r++)
            mpz_sub(power[r], power[r + 1], power[r]);
        mpz_bin_ui(base, arguments->m, l);
        mpz_mul(coefficient[l], base, power[0]);
        if (l % 2 == 1)
            mpz_neg(coefficient[l], coefficient[l]);
    }
    for (unsigned long r = 0; r <= terms; r++)
        mpz_clear(power[r]);
    free(power);
    mpz_clear(base);
    return coefficient;
}

void bloom_interval_plus_minus(mpfi_ptr bound)
{
    mpfi_t negated;
    mpfi_init2(negated, mpfi_get_prec(bound));
    mpfi_neg(negated, bound);
    mpfi_put(bound, negated);
    mpfi_clear(negated);
}

/* tail = [-b, b], b = C(j, L+1) q^(L+1) / (1 - rho) (0 when the series is complete). */
static void enclose_tail(mpfi_ptr tail, const bloom_fpr_arguments *arguments, mpz_srcptr total,
                         unsigned long terms)
{
    unsigned long probes = query_probe_count(arguments);
    mpfi_set_ui(tail, 0);
    if (terms + 1 > probes || mpz_cmp_ui(arguments->m, terms + 1) < 0)
        return;
    mpfi_t q, ratio;
    mpfi_init2(q, mpfi_get_prec(tail));
    mpfi_init2(ratio, mpfi_get_prec(tail));
    mpz_t one, binomial;
    mpz_init_set_ui(one, 1);
    mpz_init(binomial);
    bloom_interval_one_minus_ratio_pow(q, one, arguments->m, total);
    mpfi_mul_ui(ratio, q, probes - terms - 1);
    mpfi_div_ui(ratio, ratio, terms + 2);
    mpfi_ui_sub(ratio, 1, ratio);                       /* 1 - rho, positive (terms_needed) */
    mpz_bin_uiui(binomial, probes, terms + 1);
    bloom_interval_pow_ui(tail, q, terms + 1);
    mpfi_mul_z(tail, tail, binomial);
    mpfi_div(tail, tail, ratio);
    bloom_interval_plus_minus(tail);
    mpfi_clear(q);
    mpfi_clear(ratio);
    mpz_clears(one, binomial, (mpz_ptr)0);
}

/* sum = the first `terms` terms of the complement series plus the tail's
 * bound, at the precision of `sum`. */
static void complement_sum(mpfi_ptr sum, const bloom_fpr_arguments *arguments, unsigned long terms)
{
    mpfr_prec_t bits = mpfi_get_prec(sum);
    mpz_t *coefficient = coefficients(arguments, terms);
    mpz_t total, count, denominator;
    mpz_inits(total, count, denominator, (mpz_ptr)0);
    mpz_mul_ui(total, arguments->n, arguments->k);
    mpz_pow_ui(denominator, arguments->m, query_probe_count(arguments));
    mpfi_t term, empty;
    mpfi_init2(term, bits);
    mpfi_init2(empty, bits);
    enclose_tail(sum, arguments, total, terms);
    for (unsigned long l = 1; l <= terms; l++) {
        mpz_set_ui(count, l);
        bloom_interval_one_minus_ratio_pow(empty, count, arguments->m, total);   /* e_l */
        mpfi_set_z(term, coefficient[l]);
        mpfi_div_z(term, term, denominator);                                      /* a_l */
        mpfi_mul(term, term, empty);
        if (l % 2 == 1)                                                           /* (-1)^(l+1) a_l e_l */
            mpfi_add(sum, sum, term);
        else
            mpfi_sub(sum, sum, term);
    }
    mpfi_clear(term);
    mpfi_clear(empty);
    mpz_clears(total, count, denominator, (mpz_ptr)0);
    for (unsigned long l = 0; l <= terms; l++)
        mpz_clear(coefficient[l]);
    free(coefficient);
}

/*
 * The series' limb operations for L terms: L + 1 powers (m - r)^j of
 * I = j bits(m)/64 limbs (Toom products, about I^1.6 each, measured), L^2/2
 * subtractions and L products of those integers, and an exponential
 * (bloom_exponential_work) for each e_l at the sum's precision (FORMULAS.md §o.5).
 */
static double series_work(unsigned long terms, const bloom_fpr_arguments *arguments, mpfr_prec_t bits)
{
    double count = (double)terms, limbs = (double)bits / 64 + 1;
    double integer_limbs = (double)query_probe_count(arguments) * (double)mpz_sizeinbase(arguments->m, 2) / 64 + 1;
    return (count + 1) * pow(integer_limbs, 1.6) + count * count / 2 * integer_limbs
         + count * integer_limbs + (count + 1) * bloom_exponential_work(limbs);
}

double bloom_complement_series_cost(const bloom_fpr_arguments *arguments, mpfr_prec_t precision)
{
    unsigned long terms = terms_needed(arguments, precision);
    return terms > 0 ? series_work(terms, arguments, precision + 32) : -1;
}

int bloom_enclose_fpr_complement_series(mpfi_ptr result, const bloom_fpr_arguments *arguments)
{
    unsigned long terms = terms_needed(arguments, mpfi_get_prec(result));
    if (terms == 0)
        return 0;
    mpfi_t sum;
    mpfi_init2(sum, mpfi_get_prec(result) + 32);
    complement_sum(sum, arguments, terms);
    mpfi_set(result, sum);
    mpfi_clear(sum);
    return 1;
}

/* --- the rate itself, 1 - c, for a filter that is not saturated ----------- */

/* What the rate by 1 - c needs, chosen in doubles (FORMULAS.md §o.3). */
typedef struct complement_plan {
    unsigned long terms;   /* L, 0 when the form does not apply */
    mpfr_prec_t bits;      /* working precision of the sum */
} complement_plan;

/*
 * L and the precision for the rate 1 - c to `precision` bits.  The terms
 * a_l e_l are at most C(j, l) q^l, so the partial sums are at most
 * (1 + q)^j <= e^(j q) in size, and the rate is at least Bloom's formula
 * B = (1 - q)^j (FORMULAS.md §a.3): the sum is carried at precision +
 * log2(e^(j q) / B) + 32 bits, and L is the smallest whose tail bound is
 * below 2^-(precision + 16) B, with rho <= 1/2.  Applies when j q is at
 * most RATE_MAX_LOAD (the cancellation then at most 1.44 j q bits).
 */
#define RATE_MAX_LOAD 64.0
static complement_plan plan_rate(const bloom_fpr_arguments *arguments, mpfr_prec_t precision)
{
    complement_plan plan = { 0, 0 };
    if (mpz_cmp_ui(arguments->m, 1) <= 0)
        return plan;
    double m = mpz_get_d(arguments->m);
    double total = mpz_get_d(arguments->n) * (double)arguments->k;
    double log2_q = total * log1p(-1 / m) / log(2), q = exp2(log2_q);
    double j = (double)query_probe_count(arguments);
    double log2_bloom = j * log1p(-q) / log(2);
    if (!(j * q <= RATE_MAX_LOAD) || !(log2_bloom > -1e6))
        return plan;
    plan.terms = tail_terms(j, m, log2_q, log2_bloom - (double)precision - 16);
    if (plan.terms > 0)
        plan.bits = precision + 32 + (mpfr_prec_t)ceil(j * q / log(2) - log2_bloom);
    return plan;
}

double bloom_complement_rate_cost(const bloom_fpr_arguments *arguments, mpfr_prec_t precision)
{
    complement_plan plan = plan_rate(arguments, precision);
    return plan.terms > 0 ? series_work(plan.terms, arguments, plan.bits) : -1;
}

void bloom_enclose_fpr_by_complement(mpfi_ptr result, const bloom_fpr_arguments *arguments)
{
    complement_plan plan = plan_rate(arguments, mpfi_get_prec(result));
    mpfi_t sum;
    mpfi_init2(sum, plan.bits);
    complement_sum(sum, arguments, plan.terms);
    mpfi_ui_sub(sum, 1, sum);
    mpfi_set(result, sum);
    mpfi_clear(sum);
}
