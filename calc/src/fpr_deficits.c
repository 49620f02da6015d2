/*
 * fpr_deficits.c - the exact false-positive rate of a very sparse standard
 * Bloom filter (T = kn probes, T^2/m small) from the distribution of the
 * number of probes that hit an already set bit, in closed form in T
 * (FORMULAS.md §p).
 *
 * With X the number of set bits after the T probes and D = T - X the
 * deficit, P(X = x) = (m)_x S(T, x) / m^T (FORMULAS.md §a.1), so
 *
 *     P(D = d) = P0 S(T, T - d) / prod_{i=1..d} (m - T + i),
 *     P0 = P(D = 0) = (m)_T / m^T,
 *
 * and fpr_exact = sum_d P(D = d) ((T - d)/m)^j, positive terms only.
 * S(T, T - d) is a polynomial of degree 2d in T (Graham, Knuth and
 * Patashnik, Concrete Mathematics, 2nd ed., (6.43)):
 *
 *     S(T, T - d) = sum_{i=0..d-1} <<d, i>> C(T + d - 1 - i, 2d),
 *
 * with the second-order Eulerian numbers <<d, i>> = (i + 1) <<d-1, i>> +
 * (2d - 1 - i) <<d-1, i-1>>, <<0, 0>> = 1: exact integers for any T, so a
 * filter of 10^12 probes costs a few deficits, not 10^12 steps of the
 * occupancy chain (fpr_occupancy.c).
 *
 * P0: ln P0 = sum_{i<T} ln(1 - i/m) = -sum_{r>=1} P_r / (r m^r), with the
 * power sums P_r = sum_{i<T} i^r exact integers (P_0 = T, (r + 1) P_r =
 * T^(r+1) - sum_{s<r} C(r + 1, s) P_s, from sum_{i<T} (i+1)^(r+1) - i^(r+1)
 * = T^(r+1)).  P_r <= T^(r+1)/(r + 1) (a left Riemann sum of x^r), so the
 * terms beyond R add at most T (T/m)^(R+1) / ((R+1)(R+2)(1 - T/m)) to
 * -ln P0, which enters the enclosure as an interval.
 *
 * The deficits beyond a window D: P(D_T > D) <= C(T, D + 1) (T/m)^(D + 1)
 * (FORMULAS.md §o.2), and those paths end with X <= T - D - 1, so their
 * share of the rate lies in [0, C(T, D+1) (T/m)^(D+1) ((T - D - 1)/m)^j].
 * When T - 1 <= the window every deficit is computed and the bound is 0.
 * R and D are chosen in doubles (they only choose; a window too small
 * widens the enclosure and the refinement of FORMULAS.md §i asks again at a
 * higher precision).
 *
 * References: R. L. Graham, D. E. Knuth and O. Patashnik, Concrete
 * Mathematics, 2nd ed., 1994, §6.2; W. Feller, An Introduction to
 * Probability Theory and Its Applications I, 3rd ed., 1968, II.5.
 */
#include <math.h>
#include <stdlib.h>

#include "fpr_forms.h"

/* Most deficits and most terms of the series of ln P0 considered. */
#define DEFICITS_MAX_WINDOW 200UL
#define DEFICITS_MAX_TERMS 200UL

static unsigned long query_probe_count(const bloom_fpr_arguments *arguments)
{
    return arguments->query_probes != 0 ? arguments->query_probes : arguments->k;
}

/* What the form needs, chosen in doubles; terms = 0 when it does not apply. */
typedef struct deficit_plan {
    unsigned long window;   /* D: deficits 0..D computed */
    unsigned long terms;    /* R: terms of the series of ln P0 */
    mpfr_prec_t bits;       /* working precision */
} deficit_plan;

static deficit_plan plan_deficits(const bloom_fpr_arguments *arguments, mpfr_prec_t precision)
{
    deficit_plan plan = { 0, 0, precision + 32 };
    if (mpz_sgn(arguments->n) <= 0)
        return plan;
    double m = mpz_get_d(arguments->m);
    double t = mpz_get_d(arguments->n) * (double)arguments->k;
    double j = (double)query_probe_count(arguments);
    double load = t / m;
    if (!(load < 1.0 / 256))
        return plan;
    double wanted = -(double)plan.bits - 16;
    /* R: log2 of T (T/m)^(R+1) below `wanted` */
    unsigned long terms = 1;
    while (terms <= DEFICITS_MAX_TERMS && log2(t) + (double)(terms + 1) * log2(load) >= wanted)
        terms++;
    if (terms > DEFICITS_MAX_TERMS)
        return plan;
    /* D: log2 of C(T, D+1) (T/m)^(D+1) ((T - D - 1)/mu)^j below `wanted`, relative to
     * Bloom's (mu/m)^j (mu = m (1 - (1 - 1/m)^T)). */
    double mu = -m * expm1(t * log1p(-1 / m));
    double log2_binomial = 0;
    for (unsigned long window = 0; window <= DEFICITS_MAX_WINDOW; window++) {
        double d = (double)window + 1;
        /* d = T: every deficit 0..T-1 is in the window, nothing is left out (the
         * bound below is then multiplied by ((T - T)/m)^j = 0) */
        int complete = d >= t;
        log2_binomial += complete ? 0 : log2((t - d + 1) / d);
        double share = log2_binomial + d * log2(load) + j * log2((t - d) / mu);
        if (complete || share < wanted) {
            plan.window = window;
            plan.terms = terms;
            return plan;
        }
    }
    return plan;
}

double bloom_deficits_cost(const bloom_fpr_arguments *arguments, mpfr_prec_t precision)
{
    deficit_plan plan = plan_deficits(arguments, precision);
    if (plan.terms == 0)
        return -1;
    double limbs = (double)plan.bits / 64 + 1;
    double window = (double)plan.window + 1, terms = (double)plan.terms;
    /* Eulerian numbers and the sums of binomials (window^2 big products), power sums
     * (terms^2), the powers ((T - d)/m)^j (log2 j products each) */
    return (window * window * 4 + terms * terms * 2
            + window * (log2((double)query_probe_count(arguments) + 1) * 2 + 4)) * limbs * 8;
}

/* sums[r] = P_r = sum_{i<T} i^r for r = 0..terms, exactly. */
static mpz_t *power_sums(mpz_srcptr total, unsigned long terms)
{
    mpz_t *sums = malloc((terms + 1) * sizeof *sums);
    if (sums == NULL)
        abort();
    mpz_t binomial;
    mpz_init(binomial);
    for (unsigned long r = 0; r <= terms; r++) {
        mpz_init(sums[r]);
        mpz_pow_ui(sums[r], total, r + 1);
        for (unsigned long s = 0; s < r; s++) {
            mpz_bin_uiui(binomial, r + 1, s);
            mpz_submul(sums[r], binomial, sums[s]);
        }
        mpz_divexact_ui(sums[r], sums[r], r + 1);
    }
    mpz_clear(binomial);
    return sums;
}

/* result = P0 = (m)_T / m^T from the series of ln P0 and its certified rest. */
static void enclose_no_deficit(mpfi_ptr result, const bloom_fpr_arguments *arguments,
                               mpz_srcptr total, unsigned long terms)
{
    mpfr_prec_t bits = mpfi_get_prec(result);
    mpz_t *sums = power_sums(total, terms);
    mpfi_t log_p0, term, ratio, rest;
    mpfi_init2(log_p0, bits);
    mpfi_init2(term, bits);
    mpfi_init2(ratio, bits);
    mpfi_init2(rest, bits);
    mpz_t scale;
    mpz_init_set_ui(scale, 1);
    mpfi_set_ui(log_p0, 0);
    for (unsigned long r = 1; r <= terms; r++) {
        mpz_mul(scale, scale, arguments->m);        /* m^r */
        mpfi_set_z(term, sums[r]);
        mpfi_div_z(term, term, scale);
        mpfi_div_ui(term, term, r);
        mpfi_sub(log_p0, log_p0, term);
    }
    /* rest <= T (T/m)^(R+1) / ((R+1)(R+2)(1 - T/m)) */
    mpfi_set_z(ratio, total);
    mpfi_div_z(ratio, ratio, arguments->m);
    bloom_interval_pow_ui(rest, ratio, terms + 1);
    mpfi_mul_z(rest, rest, total);
    mpfi_div_ui(rest, rest, terms + 1);
    mpfi_div_ui(rest, rest, terms + 2);
    mpfi_ui_sub(ratio, 1, ratio);
    mpfi_div(rest, rest, ratio);
    mpfi_neg(rest, rest);
    mpfi_put_ui(rest, 0);                  /* [-bound, 0]: the rest only lowers ln P0 */
    mpfi_add(log_p0, log_p0, rest);
    mpfi_exp(result, log_p0);
    mpz_clear(scale);
    mpfi_clear(log_p0);
    mpfi_clear(term);
    mpfi_clear(ratio);
    mpfi_clear(rest);
    for (unsigned long r = 0; r <= terms; r++)
        mpz_clear(sums[r]);
    free(sums);
}

/* rows[d][i] = <<d, i>>, the second-order Eulerian numbers, d = 0..window. */
static mpz_t **eulerian_rows(unsigned long window)
{
    mpz_t **rows = malloc((window + 1) * sizeof *rows);
    if (rows == NULL)
        abort();
    for (unsigned long d = 0; d <= window; d++) {
        rows[d] = malloc((d + 1) * sizeof *rows[d]);
        if (rows[d] == NULL)
            abort();
        for (unsigned long i = 0; i <= d; i++) {
            mpz_init(rows[d][i]);
            if (d == 0) {
                mpz_set_ui(rows[d][i], 1);
                continue;
            }
            if (i < d)
                mpz_mul_ui(rows[d][i], rows[d - 1][i], i + 1);   /* <<d-1, d-1>> = 0 for d >= 2 */
            if (i >= 1)
                mpz_addmul_ui(rows[d][i], rows[d - 1][i - 1], 2 * d - 1 - i);
        }
        if (d >= 1)
            mpz_set_ui(rows[d][d], 0);
    }
    return rows;
}

static void free_rows(mpz_t **rows, unsigned long window)
{
    for (unsigned long d = 0; d <= window; d++) {
        for (unsigned long i = 0; i <= d; i++)
            mpz_clear(rows[d][i]);
        free(rows[d]);
    }
    free(rows);
}

/* stirling = S(T, T - d) = sum_{i<d} <<d, i>> C(T + d - 1 - i, 2d) (1 for d = 0). */
static void stirling_near_diagonal(mpz_ptr stirling, mpz_srcptr total, unsigned long d, mpz_t **rows)
{
    if (d == 0) {
        mpz_set_ui(stirling, 1);
        return;
    }
    mpz_t top, binomial;
    mpz_inits(top, binomial, (mpz_ptr)0);
    mpz_set_ui(stirling, 0);
    mpz_add_ui(top, total, d - 1);       /* N = T + d - 1 - i, from i = 0 */
    mpz_bin_ui(binomial, top, 2 * d);
    for (unsigned long i = 0; i < d; i++) {
        mpz_addmul(stirling, binomial, rows[d][i]);
        /* C(N - 1, 2d) = C(N, 2d) (N - 2d) / N, exactly (0 once N < 2d) */
        mpz_sub_ui(top, top, 2 * d);
        mpz_mul(binomial, binomial, top);
        mpz_add_ui(top, top, 2 * d);
        if (mpz_sgn(binomial) != 0)
            mpz_divexact(binomial, binomial, top);
        mpz_sub_ui(top, top, 1);
    }
    mpz_clears(top, binomial, (mpz_ptr)0);
}

void bloom_enclose_fpr_deficits(mpfi_ptr result, const bloom_fpr_arguments *arguments)
{
    deficit_plan plan = plan_deficits(arguments, mpfi_get_prec(result));
    unsigned long probes = query_probe_count(arguments);
    mpz_t total, stirling, denominator, factor;
    mpz_inits(total, stirling, factor, (mpz_ptr)0);
    mpz_init_set_ui(denominator, 1);
    mpz_mul_ui(total, arguments->n, arguments->k);
    mpfi_t sum, term, power;
    mpfi_init2(sum, plan.bits);
    mpfi_init2(term, plan.bits);
    mpfi_init2(power, plan.bits);
    mpz_t **rows = eulerian_rows(plan.window);
    mpfi_set_ui(sum, 0);
    for (unsigned long d = 0; d <= plan.window; d++) {
        if (d >= 1) {   /* prod_{i=1..d} (m - T + i) */
            mpz_sub(factor, arguments->m, total);
            mpz_add_ui(factor, factor, d);
            mpz_mul(denominator, denominator, factor);
        }
        stirling_near_diagonal(stirling, total, d, rows);
        mpz_sub_ui(factor, total, d);            /* ((T - d)/m)^j */
        mpfi_set_z(power, factor);
        mpfi_div_z(power, power, arguments->m);
        bloom_interval_pow_ui(power, power, probes);
        mpfi_mul_z(term, power, stirling);
        mpfi_div_z(term, term, denominator);
        mpfi_add(sum, sum, term);
    }
    free_rows(rows, plan.window);
    enclose_no_deficit(term, arguments, total, plan.terms);
    mpfi_mul(sum, sum, term);
    /* the deficits beyond the window: [0, C(T, D+1) (T/m)^(D+1) ((T - D - 1)/m)^j] */
    mpz_bin_ui(stirling, total, plan.window + 1);
    mpfi_set_z(term, total);
    mpfi_div_z(term, term, arguments->m);
    bloom_interval_pow_ui(term, term, plan.window + 1);
    mpfi_mul_z(term, term, stirling);
    mpz_sub_ui(factor, total, plan.window + 1);
    mpfi_set_z(power, factor);
    mpfi_div_z(power, power, arguments->m);
    bloom_add_lost_share(sum, term, power, probes);
    mpfi_set(result, sum);
    mpfi_clear(sum);
    mpfi_clear(term);
    mpfi_clear(power);
    mpz_clears(total, stirling, denominator, factor, (mpz_ptr)0);
}
