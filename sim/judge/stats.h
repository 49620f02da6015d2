/*
 * stats.h - confidence intervals for a measured rate, and the verdicts a
 * measurement passes on predictions.
 *
 * Intervals:
 *   between trials  Student t on the F per-trial values (each trial: a new
 *                   filter with Q fresh queries).  The sample variance of
 *                   per-trial rates estimates, without bias, Var of one
 *                   trial's rate = Var_X[(X/m)^k] + (p - E[(X/m)^(2k)])/Q,
 *                   so s^2/F estimates the whole variance of the mean,
 *                   between-filter spread included (FORMULAS.md §a.7).
 *   Wilson          score interval (E. B. Wilson, "Probable inference, the
 *                   law of succession, and statistical inference", JASA
 *                   22, 1927), optionally with a design effect: queries of
 *                   one filter are correlated (two absent queries of a filter
 *                   with X set bits are both positive with probability
 *                   (X/m)^(2k)), which inflates the binomial variance by
 *                   deff = 1 + (Q - 1) rho, rho = (p2 - p^2)/(p - p^2),
 *                   p2 = E[(X/m)^(2k)] (Kish's design effect for clustered
 *                   samples); the interval uses the effective sample size
 *                   FQ/deff.  Used when there are too few trials for t.
 *   Clopper-Pearson exact binomial interval (C. J. Clopper, E. S. Pearson,
 *                   "The use of confidence or fiducial limits illustrated in
 *                   the case of the binomial", Biometrika 26, 1934), via the
 *                   regularized incomplete beta function.
 *
 * Verdicts, for a prediction P and the interval I at the chosen confidence:
 *   rejected      P lies outside I: the measurement rejects P in a
 *                 two-sided test at level 1 - confidence;
 *   consistent    P lies inside I and every rival prediction with a
 *                 different value lies outside I: the run singles P out;
 *   inconclusive  P lies inside I together with a rival prediction of a
 *                 different value: the run is too small to tell them apart.
 */
#ifndef BLOOMSIM_STATS_H
#define BLOOMSIM_STATS_H

#include <stddef.h>
#include <stdint.h>

typedef struct sim_interval {
    double low;
    double high;
} sim_interval;

/* Phi(x), the standard normal distribution function. */
double sim_normal_cdf(double x);

/* The x with Phi(x) = probability, 0 < probability < 1 (to double precision). */
double sim_normal_quantile(double probability);

/* I_x(a, b), the regularized incomplete beta function, for a, b > 0 and
 * 0 <= x <= 1 (continued fraction, DLMF 8.17.22). */
double sim_regularized_beta(double x, double a, double b);

/* The distribution function of Student's t with `degrees_of_freedom` > 0. */
double sim_student_t_cdf(double t, double degrees_of_freedom);

/* The t with sim_student_t_cdf(t, degrees_of_freedom) = probability. */
double sim_student_t_quantile(double probability, double degrees_of_freedom);

/* The Wilson score interval for `successes` out of `trials` > 0 at the
 * normal quantile z (accepts non-integer, effective counts). */
sim_interval sim_wilson_interval(double successes, double trials, double z);

/* The Clopper-Pearson interval for `successes` out of `trials` > 0 at
 * two-sided `confidence` (0 < confidence < 1). */
sim_interval sim_clopper_pearson_interval(uint64_t successes, uint64_t trials, double confidence);

/*
 * A measured rate: the estimate, its standard error and interval, computed
 * in double precision, with bounds on their floating-point errors so that
 * they can be printed with correct digits only (fields.h,
 * bloom_fields_approximate):
 *   rate_error      |rate - the exact statistic| (a ratio of counts, which
 *                   the printer writes exactly instead when it has them);
 *   end_error       |each end - the end computed exactly from the same
 *                   formula|, SIM_END_RELATIVE_ERROR times the interval's
 *                   scale |rate| + half width, plus rate_error;
 *   standard_error  has a relative error below SIM_STANDARD_ERROR_RELATIVE_ERROR;
 *   design_effect   the design effect the interval used (1: none).
 */
typedef struct sim_estimate {
    double rate;
    double standard_error;
    sim_interval interval;
    double rate_error;
    double end_error;
    double design_effect;
} sim_estimate;

/*
 * The error bounds.  Quantiles are found by bisection on a distribution
 * function accurate to a few units of 1e-16 (erfc; the continued fraction
 * of I_x(a, b) stops at a relative step of 1e-16), so they carry a
 * relative error far below SIM_QUANTILE_RELATIVE_ERROR, which
 * tests/sim_stats_tests.c checks against independent multiple-precision
 * evaluations (MPFR's erfc; Student's t in closed form for integer
 * degrees of freedom, Abramowitz and Stegun 26.7.3-4).  An interval end
 * is a handful of further double operations on the quantile, the rate and
 * the standard error, whose rounding errors (2^-53 each) are swamped by
 * the 2^6 margin between the quantile's bound and SIM_END_RELATIVE_ERROR.
 */
#define SIM_QUANTILE_RELATIVE_ERROR 0x1p-36
#define SIM_END_RELATIVE_ERROR 0x1p-30
#define SIM_STANDARD_ERROR_RELATIVE_ERROR 0x1p-40

/* Cuts the interval (and the rate) to the values the measured quantity can
 * take, [minimum, maximum]: [0, 1] for a rate.  The true value lies there,
 * so the cut interval covers it whenever the uncut one does. */
void sim_estimate_clip(sim_estimate *estimate, double minimum, double maximum);

/* A design effect rounded up to 4 significant digits: the value a Wilson
 * interval uses and a record states (rounding up only widens the interval). */
double sim_design_effect_rounded(double design_effect);

/*
 * The between-trials estimate from integer per-trial values v_t (false
 * positives, or probes) of F = `trials` >= 2 trials with `per_trial`
 * queries each: rate = sum/(F Q), interval rate +- t(F-1) * s/(Q sqrt F),
 * from sum = sum of v_t and squares = sum of v_t^2 (exact integers, so the
 * result does not depend on the order of summation).
 */
sim_estimate sim_estimate_between_trials(uint64_t sum, unsigned __int128 squares, uint64_t trials,
                                         uint64_t per_trial, double confidence);

/* The same for real per-trial values (mean of v_t estimated with t(F-1)),
 * from their sum and sum of squares. */
sim_estimate sim_estimate_between_trials_real(double sum, double squares, uint64_t trials,
                                              double confidence);

/* The Wilson estimate of `successes` in `queries`, with the variance
 * inflated by `design_effect` >= 1 (1 for independent queries). */
sim_estimate sim_estimate_wilson(uint64_t successes, uint64_t queries, double design_effect,
                                 double confidence);

/* deff = 1 + (Q - 1)(p2 - p^2)/(p - p^2) for Q = `per_trial` queries of one
 * filter, rate p and second moment p2 = E[(X/m)^(2k)] (1 if p is 0 or 1). */
double sim_design_effect(uint64_t per_trial, double p, double second_moment);

typedef enum sim_verdict {
    SIM_VERDICT_CONSISTENT = 0,
    SIM_VERDICT_REJECTED = 1,
    SIM_VERDICT_INCONCLUSIVE = 2
} sim_verdict;

/* "consistent", "rejected", "inconclusive", in sim_verdict order. */
extern const char *const sim_verdict_names[];

/* The verdict on each of predictions[0..count-1] (the others are its
 * rivals) given the interval, as defined above. */
void sim_verdicts(const double *predictions, size_t count, sim_interval interval,
                  sim_verdict *verdicts);

/*
 * Queries needed to resolve two predictions `gap` apart: the standard
 * error shrinks like 1/sqrt(queries), and the pair is resolved when
 * (z_{1-(1-confidence)/2} + z_{power}) * SE <= gap, i.e. a run of that size
 * rejects the rival with probability `power` when one is true.  From the
 * current `standard_error` at `queries` total queries.  Returns
 * HUGE_VAL when gap is 0 and 0 when SE is 0.
 */
double sim_queries_to_resolve(double gap, double standard_error, double queries,
                              double confidence, double power);

/* The power used for "resolved" throughout bloomsim. */
#define SIM_RESOLVING_POWER 0.99

#endif
