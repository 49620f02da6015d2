/*
 * estimate.c - a run's counts to a measured rate and interval (estimate.h;
 * calc/FORMULAS.md a.7 for the between-filter variance).
 */
#include <math.h>

#include "estimate.h"

const char *const sim_interval_method_names[] = { "between-trials-t", "wilson-design-effect", NULL };

sim_estimate sim_fpr_estimate(const sim_fpr_totals *totals, const sim_fpr_config *config,
                              const sim_predictions *predictions, double confidence,
                              sim_interval_method *method)
{
    int enough_trials = totals->trials >= SIM_MIN_TRIALS_FOR_T
        || (totals->trials >= 2
            && totals->false_positives >= SIM_MIN_COUNTS_PER_TRIAL_FOR_T * totals->trials);
    if (!totals->pooled_only && enough_trials) {
        *method = SIM_INTERVAL_BETWEEN_TRIALS;
        return sim_estimate_between_trials(totals->false_positives, totals->false_positive_squares,
                                           totals->trials, config->queries, confidence);
    }
    *method = SIM_INTERVAL_WILSON_DESIGN_EFFECT;
    uint64_t per_filter = totals->pooled_only ? totals->queries : config->queries;
    double design_effect = isnan(predictions->second_moment)
        ? (double)per_filter
        : sim_design_effect(per_filter, predictions->value[SIM_PREDICTION_EXACT],
                            predictions->second_moment);
    return sim_estimate_wilson(totals->false_positives, totals->queries, design_effect, confidence);
}

sim_estimate sim_fpr_rao_blackwell(const sim_fpr_totals *totals, double confidence)
{
    return sim_estimate_between_trials_real(totals->occupancy_power_sum,
                                            totals->occupancy_power_squares, totals->trials,
                                            confidence);
}
