/*
 * estimate.h - the measured false-positive rate of a run and its interval.
 *
 * The exact rate p = E[(X/m)^k] is a mean over filter instances, so the
 * interval must include the between-filter variance (calc/FORMULAS.md §a.7):
 * with F >= 30 trials it is the Student t interval of the per-trial rates
 * (stats.h: between trials, F - 1 >= 29 degrees of freedom); with fewer
 * (a large filter measured once or a few times) it is the Wilson interval
 * with the design effect computed from calc's second moment E[(X/m)^(2k)]
 * (rounded up to 4 digits and printed as design_effect), never a t
 * interval with a handful of degrees of freedom, whose width is dominated
 * by the quantile (t_0.9995 is 636.6 at one degree of freedom, 3.66 at
 * 29).  Either interval is cut to [0, 1].  Under
 * independent hashing the harness also gives the Rao-Blackwell estimate,
 * the mean of (X_t/m)^k: an absent query of a filter with X_t set bits is
 * positive with probability exactly (X_t/m)^k, so this is the conditional
 * expectation of a trial's rate given its filter, with smaller variance
 * (sim/PERFORMANCE.md §s).
 */
#ifndef BLOOMSIM_ESTIMATE_H
#define BLOOMSIM_ESTIMATE_H

#include "harness.h"
#include "predictions.h"
#include "stats.h"

typedef enum sim_interval_method {
    SIM_INTERVAL_BETWEEN_TRIALS = 0,
    SIM_INTERVAL_WILSON_DESIGN_EFFECT = 1
} sim_interval_method;

/* "between-trials-t", "wilson-design-effect", in sim_interval_method order. */
extern const char *const sim_interval_method_names[];

/* Fewest trials for the t interval. */
#define SIM_MIN_TRIALS_FOR_T 30U

/*
 * The rate positives/queries of `trials` filters asked `per_filter` queries
 * each (squares: the sum of the squared per-filter counts) at `confidence`:
 * the t interval with at least SIM_MIN_TRIALS_FOR_T trials, otherwise
 * Wilson's with `design_effect` (rounded up to 4 digits; per_filter is
 * always a valid, conservative one: all queries of a filter as one),
 * cut to [0, 1].  *method says which.
 */
sim_estimate sim_estimate_rate(uint64_t positives, unsigned __int128 squares, uint64_t trials,
                               uint64_t queries, uint64_t per_filter, double design_effect,
                               double confidence, sim_interval_method *method);

/*
 * The measured rate and its interval at `confidence`, by the method chosen
 * as described above (stored in *method); `predictions` supplies p and
 * E[(X/m)^(2k)] for the design effect.
 */
sim_estimate sim_fpr_estimate(const sim_fpr_totals *totals, const sim_fpr_config *config,
                              const sim_predictions *predictions, double confidence,
                              sim_interval_method *method);

/* The Rao-Blackwell estimate (mean of (X_t/m)^k, t interval); needs
 * totals->trials >= 2. */
sim_estimate sim_fpr_rao_blackwell(const sim_fpr_totals *totals, double confidence);

#endif
