/*
 * estimate.c - a run's counts to a measured rate and interval (estimate.h;
 * calc/FORMULAS.md §a.7 for the between-filter variance).
 */
#include <math.h>

#include "estimate.h"

const char *const sim_interval_method_names[] = { "between-trials-t", "wilson-design-effect", NULL };

sim_estimate sim_estimate_rate(uint64_t positives, unsigned __int128 squares, uint64_t trials,
                               uint64_t queries, uint64_t per_filter, double design_effect,
                               double confidence, sim_interval_method *method)
{
    sim_estimate estimate;
    if (trials >= SIM_MIN_TRIALS_FOR_T) {
        *method = SIM_INTERVAL_BETWEEN_TRIALS;
        estimate = sim_estimate_between_trials(positives, squares, trials, per_filter, confidence);
    } else {
        *method = SIM_INTERVAL_WILSON_DESIGN_EFFECT;
        estimate = sim_estimate_wilson(positives, queries, sim_design_effect_rounded(design_effect),
                                       confidence);
    }
    sim_estimate_clip(&estimate, 0, 1);
    return estimate;
}

sim_estimate sim_fpr_estimate(const sim_fpr_totals *totals, const sim_fpr_config *config,
                              const sim_predictions *predictions, double confidence,
                              sim_interval_method *method)
{
    uint64_t per_filter = totals->pooled_only ? totals->queries : config->queries;
    double design_effect = isnan(predictions->second_moment)
        ? (double)per_filter
        : sim_design_effect(per_filter, predictions->value[SIM_PREDICTION_EXACT],
                            predictions->second_moment);
    return sim_estimate_rate(totals->false_positives, totals->false_positive_squares,
                             totals->pooled_only ? 0 : totals->trials, totals->queries, per_filter,
                             design_effect, confidence, method);
}

sim_estimate sim_fpr_rao_blackwell(const sim_fpr_totals *totals, double confidence)
{
    sim_estimate estimate = sim_estimate_between_trials_real(totals->occupancy_power_sum,
                                                             totals->occupancy_power_squares,
                                                             totals->trials, confidence);
    sim_estimate_clip(&estimate, 0, 1);
    return estimate;
}
