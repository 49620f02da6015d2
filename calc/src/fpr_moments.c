/*
 * fpr_moments.c - the exact false-positive rate of a large filter as
 * Bloom's formula times a short series in the central moments of the
 * number of set bits, with a rigorous bound on the rest (FORMULAS.md §o.4).
 *
 * With X the number of set bits, mu = E[X] = m (1 - (1 - 1/m)^T) and
 * Y = (X - mu)/mu, (X/m)^j = (mu/m)^j (1 + Y)^j exactly, so
 *
 *     fpr_exact = (mu/m)^j sum_{r=0..j} C(j, r) E[Y^r],
 *
 * (mu/m)^j being Bloom's formula (FORMULAS.md §a.1).  E[Y] = 0, and the
 * central moments E[(X - mu)^r] = (-1)^r E[(Z - nu)^r] of the number Z =
 * m - X of empty bits (nu = m - mu) come from its factorial moments
 * E[(Z)_t] = (m)_t (1 - t/m)^T (FORMULAS.md §a.2): E[Z^s] = sum_t S(s, t)
 * E[(Z)_t] and a binomial expansion about nu.  Only r <= R are taken, so
 * only R + 1 exponentials are needed instead of the j + 1 of the
 * alternating sum, at a precision raised by the cancellation of the
 * central moments (about R log2(2 nu / sigma) bits) instead of j log2(2/f).
 *
 * The rest: X is a function of the T independent probes that changes by at
 * most 1 when one probe changes, so by McDiarmid's inequality P(|X - mu| >=
 * t) <= 2 exp(-2 t^2 / T), and integrating, E|X - mu|^r <= r Gamma(r/2)
 * (T/2)^(r/2).  Hence the terms beyond R add at most
 * sum_{r>R} C(j, r) r Gamma(r/2) (T/2)^(r/2) / mu^r, a series whose ratio
 * of consecutive terms is at most rho = j sqrt(T) / (2 mu sqrt(R + 1))
 * (Wendel: Gamma(x + 1/2) <= sqrt(x) Gamma(x)): the first omitted term over
 * 1 - rho.  Gamma(r/2) <= floor((r - 1)/2)! for r >= 3.  The form applies
 * when j sqrt(T) / (2 mu) <= 1/4, i.e. many bits for the probes: plan 1e9
 * 1e-300 (k = 997, m = 1.4e12) needs about a dozen moments where the
 * alternating sum needed 998 exponentials at 2 200 bits.
 *
 * References: C. McDiarmid, "On the method of bounded differences",
 * Surveys in Combinatorics 1989, 148-188; J. G. Wendel, "Note on the gamma
 * function", Amer. Math. Monthly 55(9), 1948.
 */
#include <math.h>
#include <stdlib.h>

#include "fill.h"
#include "fpr_forms.h"

/* More moments than this: another form is used.  The cost estimate chooses
 * among the forms; 80 left m = 1e9, n = 1000, k = 1000 at 320 bits (about a
 * hundred moments, 0.04 s) to the alternating sum at 12 000 bits (2.7 s). */
#define MOMENTS_MAX_TERMS 400UL
/* Largest j sqrt(T) / (2 mu) taken: the ratio of the tail terms is that over sqrt(R + 1). */
#define MOMENTS_MAX_RATIO 2.0

static unsigned long query_probe_count(const bloom_fpr_arguments *arguments)
{
    return arguments->query_probes != 0 ? arguments->query_probes : arguments->k;
}

/* What the choice of R and of the precision needs, in doubles (they only
 * choose; every bound that reaches the enclosure is certified). */
typedef struct moment_plan {
    unsigned long terms;    /* R, 0 when the form does not apply */
    mpfr_prec_t bits;       /* working precision */
} moment_plan;

/* R terms at a precision raised by the central moments' cancellation:
 * terms of size (2 nu)^r against a result of size sigma^r. */
static moment_plan chosen(unsigned long terms, mpfr_prec_t precision, double nu, double variance)
{
    moment_plan plan = { terms, precision + 32
                         + (mpfr_prec_t)((double)terms * (log2(2 * nu) - 0.5 * log2(variance) + 2)) };
    return plan;
}

/* e^x - 1 - x without cancellation (positive series for small x): the
 * variance below is m e^(-2 load) (e^load - 1 - load), whose direct form
 * m q (1 - (1 + load) q) cancels to 0 in doubles once the load is below
 * about 1e-8 (fpr -m 2^128 -n 2^64 -k 300: load 1.6e-17). */
static double exponential_excess(double x)
{
    if (x >= 1)
        return expm1(x) - x;
    double term = x * x / 2, sum = 0;
    for (unsigned i = 3; term > sum * 1e-17; i++) {
        sum += term;
        term *= x / i;
    }
    return sum;
}

static moment_plan plan_moments(const bloom_fpr_arguments *arguments, mpfr_prec_t precision)
{
    moment_plan plan = { 0, 0 };
    if (mpz_cmp_ui(arguments->m, 2) < 0)
        return plan;
    double m = mpz_get_d(arguments->m);
    double total = mpz_get_d(arguments->n) * (double)arguments->k;
    double j = (double)query_probe_count(arguments);
    double load = total / m, q = exp(-load);
    double mu = -m * expm1(total * log1p(-1 / m)), nu = m - mu;
    double first_ratio = j * sqrt(total) / (2 * mu);
    double variance = m * q * q * exponential_excess(load);
    if (!(first_ratio <= MOMENTS_MAX_RATIO) || !(variance > 1) || !(nu >= 1))
        return plan;
    double wanted = -(double)precision - 16;
    for (unsigned long terms = 2; terms <= MOMENTS_MAX_TERMS; terms++) {
        double r = (double)terms + 1;
        if (r > j)   /* the series is complete: (1 + Y)^j has degree j */
            return chosen(terms, precision, nu, variance);
        double rho = first_ratio / sqrt(r);
        double log2_term = (lgamma(j + 1) - lgamma(r + 1) - lgamma(j - r + 1) + log(r)
                            + lgamma(floor((r - 1) / 2) + 1)) / log(2)
                         + r / 2 * log2(total / 2) - r * log2(mu) - log2(1 - rho);
        if (log2_term < wanted)
            return chosen(terms, precision, nu, variance);
    }
    return plan;
}

/* The fixed work of each term's power (1 - t/m)^T, an interval logarithm and
 * exponential (four MPFR calls, about 12 us at 100 bits: FORMULAS.md §o.5). */
#define MOMENT_TERM_CALLS_WORK 8000.0

double bloom_moments_cost(const bloom_fpr_arguments *arguments, mpfr_prec_t precision)
{
    moment_plan plan = plan_moments(arguments, precision);
    if (plan.terms == 0)
        return -1;
    double limbs = (double)plan.bits / 64 + 1;
    double terms = (double)plan.terms;
    return (terms + 2) * (MOMENT_TERM_CALLS_WORK + bloom_exponential_work(limbs)) + terms * terms * terms * limbs;
}

/* tail = [-b, b], b = C(j, R+1) (R+1) floor(R/2)! (T/2)^((R+1)/2) / mu^(R+1) / (1 - rho). */
static void enclose_tail(mpfi_ptr tail, mpfi_srcptr mu, mpz_srcptr total, unsigned long probes,
                         unsigned long terms)
{
    unsigned long r = terms + 1;
    if (r > probes) {
        mpfi_set_ui(tail, 0);   /* complete: no term beyond j */
        return;
    }
    mpfi_t half, rho;
    mpfi_init2(half, mpfi_get_prec(tail));
    mpfi_init2(rho, mpfi_get_prec(tail));
    mpz_t integer;
    mpz_init(integer);
    mpfi_set_z(half, total);
    mpfi_div_ui(half, half, 2);
    mpfi_sqrt(half, half);                               /* sqrt(T/2) */
    mpfi_mul_ui(rho, half, probes);
    mpfi_div(rho, rho, mu);
    mpfi_set_ui(tail, 2 * r);
    mpfi_sqrt(tail, tail);
    mpfi_div(rho, rho, tail);                            /* j sqrt(T/2) / (mu sqrt(2(R+1))) = rho */
    mpfi_ui_sub(rho, 1, rho);                            /* 1 - rho */
    mpfi_div(half, half, mu);
    bloom_interval_pow_ui(tail, half, r);                /* (sqrt(T/2)/mu)^(R+1) */
    mpz_bin_uiui(integer, probes, r);
    mpfi_mul_z(tail, tail, integer);
    mpz_fac_ui(integer, (r - 1) / 2);                    /* >= Gamma(r/2), r >= 3 */
    mpfi_mul_z(tail, tail, integer);
    mpfi_mul_ui(tail, tail, r);
    mpfi_div(tail, tail, rho);
    bloom_interval_plus_minus(tail);
    mpfi_clear(half);
    mpfi_clear(rho);
    mpz_clear(integer);
}

/*
 * central[r] = E[(Z - nu)^r] for r = 0..R, from raw[s] = E[Z^s] =
 * sum_t S(s, t) (m)_t (1 - t/m)^T; nu = E[Z] = raw[1].
 */
static void central_moments(mpfi_t *central, const bloom_fpr_arguments *arguments, mpz_srcptr total,
                            unsigned long terms)
{
    mpfr_prec_t bits = mpfi_get_prec(central[0]);
    mpfi_t *raw = malloc((terms + 1) * sizeof *raw);
    mpz_t *stirling = malloc((terms + 1) * sizeof *stirling);
    if (raw == NULL || stirling == NULL)
        abort();
    mpfi_t factorial_moment, scratch, nu_power;
    mpfi_init2(factorial_moment, bits);
    mpfi_init2(scratch, bits);
    mpfi_init2(nu_power, bits);
    mpz_t falling, count;
    mpz_init_set_ui(falling, 1);
    mpz_init(count);
    for (unsigned long s = 0; s <= terms; s++) {
        mpfi_init2(raw[s], bits);
        mpfi_set_ui(raw[s], 0);
        mpz_init_set_ui(stirling[s], s == 0);
    }
    /* column t: E[(Z)_t] added to every raw[s] with weight S(s, t); the
     * Stirling numbers S(s, t) for fixed t come from S(s, t) = t S(s-1, t) + S(s-1, t-1) */
    mpz_t *previous = malloc((terms + 1) * sizeof *previous);
    if (previous == NULL)
        abort();
    for (unsigned long s = 0; s <= terms; s++)
        mpz_init(previous[s]);
    for (unsigned long t = 0; t <= terms; t++) {
        if (t > 0) {
            mpz_sub_ui(count, arguments->m, t - 1);
            mpz_mul(falling, falling, count);           /* (m)_t */
            for (unsigned long s = 0; s <= terms; s++)
                mpz_swap(previous[s], stirling[s]);     /* previous = column t - 1 */
            mpz_set_ui(stirling[0], 0);
            for (unsigned long s = 1; s <= terms; s++) {
                mpz_mul_ui(stirling[s], stirling[s - 1], t);
                mpz_add(stirling[s], stirling[s], previous[s - 1]);
            }
        }
        mpz_set_ui(count, t);
        bloom_interval_one_minus_ratio_pow(factorial_moment, count, arguments->m, total);
        mpfi_mul_z(factorial_moment, factorial_moment, falling);
        for (unsigned long s = t; s <= terms; s++) {
            mpfi_mul_z(scratch, factorial_moment, stirling[s]);
            mpfi_add(raw[s], raw[s], scratch);
        }
    }
    /* central[r] = sum_s C(r, s) (-nu)^(r-s) raw[s] */
    for (unsigned long r = 0; r <= terms; r++) {
        mpfi_set_ui(central[r], 0);
        mpfi_set_ui(nu_power, 1);
        for (unsigned long s = r; ; s--) {
            mpz_bin_uiui(count, r, s);
            mpfi_mul_z(scratch, raw[s], count);
            mpfi_mul(scratch, scratch, nu_power);
            if ((r - s) % 2 == 0)
                mpfi_add(central[r], central[r], scratch);
            else
                mpfi_sub(central[r], central[r], scratch);
            if (s == 0)
                break;
            mpfi_mul(nu_power, nu_power, raw[1]);
        }
    }
    for (unsigned long s = 0; s <= terms; s++) {
        mpfi_clear(raw[s]);
        mpz_clear(stirling[s]);
        mpz_clear(previous[s]);
    }
    free(raw);
    free(stirling);
    free(previous);
    mpfi_clear(factorial_moment);
    mpfi_clear(scratch);
    mpfi_clear(nu_power);
    mpz_clears(falling, count, (mpz_ptr)0);
}

void bloom_enclose_fpr_moments(mpfi_ptr result, const bloom_fpr_arguments *arguments)
{
    moment_plan plan = plan_moments(arguments, mpfi_get_prec(result));
    unsigned long probes = query_probe_count(arguments);
    mpz_t total;
    mpz_init(total);
    mpz_mul_ui(total, arguments->n, arguments->k);
    mpfi_t *central = malloc((plan.terms + 1) * sizeof *central);
    if (central == NULL)
        abort();
    for (unsigned long r = 0; r <= plan.terms; r++)
        mpfi_init2(central[r], plan.bits);
    mpfi_t fill, mu, sum, term;
    mpfi_init2(fill, plan.bits);
    mpfi_init2(mu, plan.bits);
    mpfi_init2(sum, plan.bits);
    mpfi_init2(term, plan.bits);
    bloom_enclose_fill(fill, arguments->m, total);       /* mu/m = 1 - (1 - 1/m)^T (fill.h) */
    mpfi_mul_z(mu, fill, arguments->m);
    central_moments(central, arguments, total, plan.terms);
    enclose_tail(sum, mu, total, probes, plan.terms);
    mpfi_add_ui(sum, sum, 1);                            /* r = 0; r = 1 is E[Y] = 0 exactly */
    mpz_t binomial;
    mpz_init(binomial);
    for (unsigned long r = 2; r <= plan.terms; r++) {
        /* C(j, r) E[Y^r] = C(j, r) (-1)^r E[(Z - nu)^r] / mu^r */
        bloom_interval_pow_ui(term, mu, r);
        mpfi_div(term, central[r], term);
        mpz_bin_uiui(binomial, probes, r);
        mpfi_mul_z(term, term, binomial);
        if (r % 2 == 0)
            mpfi_add(sum, sum, term);
        else
            mpfi_sub(sum, sum, term);
    }
    bloom_interval_pow_ui(fill, fill, probes);           /* Bloom's formula (mu/m)^j */
    mpfi_mul(result, fill, sum);
    for (unsigned long r = 0; r <= plan.terms; r++)
        mpfi_clear(central[r]);
    free(central);
    mpfi_clear(fill);
    mpfi_clear(mu);
    mpfi_clear(sum);
    mpfi_clear(term);
    mpz_clears(total, binomial, (mpz_ptr)0);
}
