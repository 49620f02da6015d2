/*
 * run_size.c - the default size of a run (run_size.h): the variance per
 * unit of work Var = (A + B/Q)/F, minimised over Q, and the trials F that
 * separate the closest predictions at the resolving power.
 */
#include <math.h>

#include "run_size.h"
#include "stats.h"

double sim_smallest_prediction_gap(const sim_predictions *predictions)
{
    double smallest = 0;
    for (int i = 0; i < SIM_PREDICTION_COUNT; i++)
        for (int j = i + 1; j < SIM_PREDICTION_COUNT; j++) {
            double gap = fabs(predictions->value[i] - predictions->value[j]);
            if (gap > 0 && (smallest == 0 || gap < smallest))
                smallest = gap;
        }
    return smallest;
}

/* The trials needed for variance target `variance` at Q queries per trial. */
static double trials_for_variance(double between, double within, double queries, double variance)
{
    return ceil((between + within / queries) / variance);
}

void sim_fpr_choose_size(sim_fpr_config *config, const sim_predictions *predictions,
                         double confidence, int trials_given, int queries_given,
                         double work_budget)
{
    double p = predictions->value[SIM_PREDICTION_EXACT];
    double p2 = isnan(predictions->second_moment) ? p * p : predictions->second_moment;
    double between = fmax(p2 - p * p, 1e-300), within = fmax(p - p2, 1e-300);
    double keys = (double)config->keys, hashes = (double)config->hashes;
    if (!queries_given) {
        double best = sqrt(within * fmax(keys, 1) / between);
        config->queries = (uint64_t)fmin(fmax(ceil(best), 16), 1e8);
    }
    if (trials_given)
        return;
    double queries = (double)config->queries;
    double budget_trials = floor(work_budget / (hashes * (keys + queries)));
    if (budget_trials < 2) {
        config->run.trials = 1;
        if (!queries_given)
            config->queries = (uint64_t)fmax(work_budget / hashes - keys, 1e5);
        return;
    }
    double gap = sim_smallest_prediction_gap(predictions);
    double z = sim_normal_quantile(1 - (1 - confidence) / 2) + sim_normal_quantile(SIM_RESOLVING_POWER);
    double trials = gap > 0 ? trials_for_variance(between, within, queries, (gap / z) * (gap / z)) : 2;
    trials = fmax(trials, fmax(ceil(work_budget / 40 / queries), 2));
    config->run.trials = (uint64_t)fmin(trials, budget_trials);
}
