/*
 * fpr_occupancy.c - the exact false-positive rate of a sparse standard
 * Bloom filter from the distribution of its number of set bits, positive
 * terms only (FORMULAS.md §o.1, §o.2).
 *
 * The T = kn insertion probes are independent uniform draws from m bits.
 * After t of them the number X_t of set bits is a Markov chain: X_0 = 0 and
 * X_{t+1} = X_t with probability X_t/m (the probe hits a set bit), X_t + 1
 * with probability (m - X_t)/m.  A query of j probes is a false positive
 * with probability (X_T/m)^j given X_T, so
 *
 *     fpr_exact = sum_x P(X_T = x) (x/m)^j,
 *
 * a sum of positive terms computed from positive terms: the working
 * precision is the output's plus the log of the number of operations, not
 * the j log2(2/f) bits the alternating form of fpr.c loses to cancellation
 * (250 000 bits at m = 2^256, n = 1, k = 1000).  The cost is one product
 * and sum per state and step.
 *
 * The deficit D_t = t - X_t (probes that hit a set bit) never decreases,
 * and at each step it grows with probability X_t/m <= T/m whatever came
 * before, so P(D_T > D) <= C(T, D + 1) (T/m)^(D + 1) (union over the sets
 * of D + 1 steps).  The chain therefore keeps only the deficits 0..D: the
 * mass that leaves the window is added up (exactly, as an enclosure) in R,
 * and since those paths end with X_T <= T - D - 1, their share of the rate
 * lies in [0, R ((T - D - 1)/m)^j].  D is the smallest window whose a-priori
 * bound on that share is below the precision asked, relative to Bloom's
 * lower bound of the rate (FORMULAS.md §a.3); it only chooses the window,
 * the enclosure holds for any D.
 *
 * References: W. Feller, An Introduction to Probability Theory and Its
 * Applications I, 3rd ed., 1968, II.5 (occupancy); P. Bose et al., IPL
 * 108(4), 2008; FORMULAS.md §a.2 (the same chain checks the library in
 * tests/calc_reference.c, in exact rationals).
 */
#include <math.h>
#include <stdlib.h>

#include "fpr_forms.h"

/* Longest chain considered: T probes above this go to the other forms. */
#define OCCUPANCY_MAX_PROBES 4000000UL
/* The fixed work of one state and step of the chain, in limb operations. */
#define OCCUPANCY_STEP_CALLS_WORK 100.0
/* Most states times steps considered (about 8 seconds of interval products). */
#define OCCUPANCY_MAX_WORK 40000000UL

static unsigned long query_probe_count(const bloom_fpr_arguments *arguments)
{
    return arguments->query_probes != 0 ? arguments->query_probes : arguments->k;
}

/* T = kn when it is below the chain's limit and below m, else 0. */
static unsigned long chain_length(const bloom_fpr_arguments *arguments)
{
    if (mpz_cmp_ui(arguments->n, OCCUPANCY_MAX_PROBES) > 0)
        return 0;
    unsigned long total = mpz_get_ui(arguments->n) * arguments->k;
    if (total == 0 || total > OCCUPANCY_MAX_PROBES || mpz_cmp_ui(arguments->m, total) <= 0)
        return 0;
    return total;
}

/* Working precision of the chain: the enclosure's plus log2 of its
 * operations (each rounds once, relatively, on a positive quantity). */
static mpfr_prec_t chain_precision(mpfr_prec_t precision, unsigned long total)
{
    return precision + (mpfr_prec_t)log2(3.0 * (double)total + 1) + 16;
}

/*
 * The window of deficits 0..D for `precision` bits (see the head comment),
 * from doubles: log2 of the bound C(T, D+1) (T/m)^(D+1) ((T-D-1)/mu)^j on
 * the lost share relative to Bloom's (mu/m)^j, mu = m (1 - (1 - 1/m)^T).
 * Returns `total` (the whole chain) when no window of at most
 * OCCUPANCY_MAX_WORK / T deficits is enough, and that is at most it.
 */
static unsigned long deficit_window(const bloom_fpr_arguments *arguments, unsigned long total,
                                    mpfr_prec_t precision)
{
    double m = mpz_get_d(arguments->m), t = (double)total;
    double mu = -m * expm1(t * log1p(-1 / m));
    double probes = (double)query_probe_count(arguments);
    double wanted = -(double)precision - 16;
    double log2_binomial = 0;   /* log2 C(T, d) */
    unsigned long widest = OCCUPANCY_MAX_WORK / total;
    for (unsigned long window = 0; window + 1 < total && window <= widest; window++) {
        double d = (double)window + 1;
        log2_binomial += log2((t - d + 1) / d);
        double share = log2_binomial + d * log2(t / m) + probes * log2((t - d) / mu);
        if (share < wanted)
            return window;
    }
    return total;
}

double bloom_occupancy_cost(const bloom_fpr_arguments *arguments, mpfr_prec_t precision)
{
    unsigned long total = chain_length(arguments);
    if (total == 0)
        return -1;
    mpfr_prec_t bits = chain_precision(precision, total);
    double states = (double)deficit_window(arguments, total, bits) + 1;
    if (states * (double)total > (double)OCCUPANCY_MAX_WORK)
        return -1;
    /* two interval products and a sum a state and step (about 8 limb
     * products each, and a fixed 100 for the seven MPFR calls they make:
     * 165 ns a state and step at 126 bits, 325 ns at 1 086: see
     * FORMULAS.md §o.5), then a power per state */
    double limbs = (double)bits / 64 + 1;
    return (double)total * states * (OCCUPANCY_STEP_CALLS_WORK + 8 * limbs)
         + states * log2((double)query_probe_count(arguments) + 1) * 8 * limbs;
}

/* ratio[x] = x/m, x = 0..count-1. */
static mpfi_t *ratios(const bloom_fpr_arguments *arguments, unsigned long count, mpfr_prec_t bits)
{
    mpfi_t *ratio = malloc(count * sizeof *ratio);
    if (ratio == NULL)
        abort();
    for (unsigned long x = 0; x < count; x++) {
        mpfi_init2(ratio[x], bits);
        mpfi_set_ui(ratio[x], x);
        mpfi_div_z(ratio[x], ratio[x], arguments->m);
    }
    return ratio;
}

static void free_intervals(mpfi_t *intervals, unsigned long count)
{
    for (unsigned long i = 0; i < count; i++)
        mpfi_clear(intervals[i]);
    free(intervals);
}

/*
 * Runs the chain for `total` steps keeping deficits 0..window: on return
 * mass[d] = P(X_T = T - d) for d <= window, and *lost encloses the mass
 * that left the window (deficit above `window`).
 */
static void run_chain(mpfi_t *mass, mpfi_ptr lost, const mpfi_t *ratio, unsigned long total,
                      unsigned long window)
{
    mpfi_t stay, move;
    mpfi_init2(stay, mpfi_get_prec(lost));
    mpfi_init2(move, mpfi_get_prec(lost));
    mpfi_set_ui(lost, 0);
    mpfi_set_ui(mass[0], 1);
    for (unsigned long d = 1; d <= window; d++)
        mpfi_set_ui(mass[d], 0);
    for (unsigned long t = 0; t < total; t++) {
        /* At step t, deficit d means x = t - d set bits (when t >= d).  The
         * new deficit d comes from d (a new bit, probability (m - x)/m) or
         * from d - 1 (a set bit, probability x'/m, x' = t - d + 1). */
        unsigned long top = window < t + 1 ? window : t + 1;
        if (t >= window) {
            /* deficit `window` hitting a set bit leaves the window */
            mpfi_mul(stay, mass[window], ratio[t - window]);
            mpfi_add(lost, lost, stay);
        }
        for (unsigned long d = top; ; d--) {
            if (d <= t) {
                /* mass[d] at x = t - d: a new bit with probability 1 - x/m */
                mpfi_ui_sub(move, 1, ratio[t - d]);
                mpfi_mul(move, move, mass[d]);
            } else {
                mpfi_set_ui(move, 0);
            }
            if (d >= 1) {
                mpfi_mul(stay, mass[d - 1], ratio[t - d + 1]);
                mpfi_add(mass[d], move, stay);
            } else {
                mpfi_swap(mass[d], move);
            }
            if (d == 0)
                break;
        }
    }
    mpfi_clear(stay);
    mpfi_clear(move);
}

void bloom_add_lost_share(mpfi_ptr sum, mpfi_srcptr lost, mpfi_srcptr ratio, unsigned long probes)
{
    mpfi_t share;
    mpfi_init2(share, mpfi_get_prec(sum));
    bloom_interval_pow_ui(share, ratio, probes);
    mpfi_mul(share, share, lost);
    mpfi_put_ui(share, 0);
    mpfi_add(sum, sum, share);
    mpfi_clear(share);
}

void bloom_enclose_fpr_occupancy(mpfi_ptr result, const bloom_fpr_arguments *arguments)
{
    unsigned long total = chain_length(arguments);
    unsigned long probes = query_probe_count(arguments);
    mpfr_prec_t bits = chain_precision(mpfi_get_prec(result), total);
    unsigned long window = deficit_window(arguments, total, bits);
    mpfi_t *ratio = ratios(arguments, total + 1, bits);
    mpfi_t *mass = malloc((window + 1) * sizeof *mass);
    if (mass == NULL)
        abort();
    for (unsigned long d = 0; d <= window; d++)
        mpfi_init2(mass[d], bits);
    mpfi_t lost, sum, power;
    mpfi_init2(lost, bits);
    mpfi_init2(sum, bits);
    mpfi_init2(power, bits);
    run_chain(mass, lost, (const mpfi_t *)ratio, total, window);
    mpfi_set_ui(sum, 0);
    for (unsigned long d = 0; d <= window && d <= total; d++) {
        bloom_interval_pow_ui(power, ratio[total - d], probes);
        mpfi_mul(power, power, mass[d]);
        mpfi_add(sum, sum, power);
    }
    if (window < total)   /* the paths that left the window end with at most T - D - 1 set bits */
        bloom_add_lost_share(sum, lost, ratio[total - window - 1], probes);
    mpfi_set(result, sum);
    mpfi_clear(lost);
    mpfi_clear(sum);
    mpfi_clear(power);
    free_intervals(mass, window + 1);
    free_intervals(ratio, total + 1);
}
