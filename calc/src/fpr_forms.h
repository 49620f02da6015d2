/*
 * fpr_forms.h - internal (not installed): the two cancellation-free forms of
 * the exact false-positive rate that fpr.c chooses between by an a-priori
 * cost estimate (FORMULAS.md §o), beside its alternating O(j^2) sum.
 *
 *   fpr_occupancy.c    sparse filters (T = kn probes into m > T bits): the
 *                      distribution of the number of set bits by its Markov
 *                      chain, positive terms only, window of deficits
 *                      truncated with a rigorous bound (§o.1, §o.2);
 *   fpr_moments.c      large filters (j sqrt(T) <= mu/2, mu the expected
 *                      number of set bits): Bloom's formula times a short
 *                      series in the central moments of the set-bit count,
 *                      its rest bounded by McDiarmid's inequality (§o.4);
 *   fpr_deficits.c     very sparse filters (T = kn with T/m below 1/256 and
 *                      T^2/m small, T of any size): the distribution of the
 *                      number of probes that hit a set bit in closed form
 *                      in T, through the Stirling numbers S(T, T - d), a few
 *                      deficits with a rigorous bound on the rest (§p);
 *   fpr_complement.c   saturated filters (j q < 1/4, q = (1 - 1/m)^T): the
 *                      complement 1 - rate as the first terms of its
 *                      alternating series in the empty-bit probabilities,
 *                      with exact rational coefficients and a bounded tail
 *                      (§o.3).
 *
 * Both return enclosures at the precision of `result`; neither prints.
 */
#ifndef BLOOMCALC_FPR_FORMS_H
#define BLOOMCALC_FPR_FORMS_H

#include "fpr.h"

/*
 * The limb operations of bloom_fpr_probe_sum over `bound` distinct-bit
 * counts at `limbs` limbs: bound^2/2 interval subtractions, each its limbs
 * and a fixed 50 for its two MPFR calls (shifts included: fpr -m 2^16 -n 100
 * -k 1000 counted 2.6e8 for 0.74 s without it, FORMULAS.md §o.5).  Shared
 * by the alternating sum (fpr.c) and the blocked filter's exact rate
 * (layout_rates.c).
 */
double bloom_probe_sum_work(double bound, double limbs);

/* The limb operations of one interval exponential or logarithm at `limbs`
 * limbs, 40 limbs^2 (FORMULAS.md §o), shared by every form's cost. */
double bloom_exponential_work(double limbs);

/*
 * The a-priori cost of one enclosure of the exact rate at `precision` bits
 * by the form fpr.c would choose (for a saturated filter, a bound: the
 * complement's full sum), in limb operations; sizing.c's searches weigh
 * their work with it before they start.
 */
double bloom_fpr_exact_cost(const bloom_fpr_arguments *arguments, mpfr_prec_t precision);

/*
 * The cost, in the limb-operation units of sizing.c's evaluation_work, of
 * one enclosure of the rate at `precision` bits by the occupancy chain, or
 * a negative number when the chain does not apply (T >= m, T above 2^32).
 */
double bloom_occupancy_cost(const bloom_fpr_arguments *arguments, mpfr_prec_t precision);

/* result = the exact rate E[(X/m)^j] by the occupancy chain; the caller
 * has checked bloom_occupancy_cost >= 0 and n >= 1. */
void bloom_enclose_fpr_occupancy(mpfi_ptr result, const bloom_fpr_arguments *arguments);

/* The cost of the deficit series at `precision`, as above (negative when
 * it does not apply), and its enclosure of the rate (the caller has checked
 * bloom_deficits_cost >= 0). */
double bloom_deficits_cost(const bloom_fpr_arguments *arguments, mpfr_prec_t precision);
void bloom_enclose_fpr_deficits(mpfi_ptr result, const bloom_fpr_arguments *arguments);

/* The cost of the moment series at `precision`, as above (negative when it
 * does not apply), and its enclosure of the rate (the caller has checked
 * bloom_moments_cost >= 0 and n >= 1). */
double bloom_moments_cost(const bloom_fpr_arguments *arguments, mpfr_prec_t precision);
void bloom_enclose_fpr_moments(mpfi_ptr result, const bloom_fpr_arguments *arguments);

/*
 * result = 1 - the exact rate by the truncated complement series, when it
 * applies (returns 1): j q <= 1/4 and few terms reach `result`'s precision.
 * Returns 0 (result untouched) otherwise.
 */
/* The a-priori limb operations of bloom_enclose_fpr_complement_series at
 * `precision`, or -1 when the series does not apply. */
double bloom_complement_series_cost(const bloom_fpr_arguments *arguments, mpfr_prec_t precision);

int bloom_enclose_fpr_complement_series(mpfi_ptr result, const bloom_fpr_arguments *arguments);

/*
 * The rate itself as 1 - c by the same series, for a filter that need not
 * be saturated (j q up to 64, terms up to 200; FORMULAS.md §o.3): its cost
 * at `precision` as above (negative when it does not apply), and its
 * enclosure (the caller has checked the cost >= 0 and n >= 1).
 */
double bloom_complement_rate_cost(const bloom_fpr_arguments *arguments, mpfr_prec_t precision);
void bloom_enclose_fpr_by_complement(mpfi_ptr result, const bloom_fpr_arguments *arguments);

/* sum += [0, lost ratio^probes]: the share of the rate of paths whose
 * probability is at most `lost` and whose fraction of set bits is at most
 * `ratio` (the windows of fpr_occupancy.c and fpr_deficits.c). */
void bloom_add_lost_share(mpfi_ptr sum, mpfi_srcptr lost, mpfi_srcptr ratio, unsigned long probes);

/* bound = the hull of bound and -bound: [-b, b] for a tail bound [a, b] >= 0. */
void bloom_interval_plus_minus(mpfi_ptr bound);

#endif
