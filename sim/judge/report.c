/*
 * report.c - verdicts and sample sizes for a measured rate (see report.h).
 *
 * The queries needed to resolve the exact rate p from an approximation a
 * use the run's own standard error: SE shrinks like 1/sqrt(total queries)
 * when trials are added at the same queries per trial, so the run resolves
 * them once (z_{1-alpha/2} + z_{power}) SE <= |p - a| (stats.h).  With no
 * false positive at all the standard error is taken from the exact rate's
 * binomial variance p(1-p)/queries, a lower bound for the true one.
 */
#include <math.h>

#include "report.h"

void sim_fpr_report_compute(sim_fpr_report *report, const sim_fpr_totals *totals,
                            const sim_fpr_config *config, const sim_predictions *predictions,
                            double confidence)
{
    report->estimate = sim_fpr_estimate(totals, config, predictions, confidence, &report->method);
    sim_verdicts(predictions->value, SIM_PREDICTION_COUNT, report->estimate.interval, report->verdict);
    double exact = predictions->value[SIM_PREDICTION_EXACT];
    double queries = (double)totals->queries;
    double standard_error = report->estimate.standard_error;
    if (standard_error <= 0 && queries > 0)
        standard_error = sqrt(exact * (1 - exact) / queries);
    for (int which = 0; which < SIM_PREDICTION_COUNT; which++) {
        double gap = fabs(exact - predictions->value[which]);
        report->queries_to_resolve[which] = which == SIM_PREDICTION_EXACT ? 0
            : sim_queries_to_resolve(gap, standard_error, queries, confidence, SIM_RESOLVING_POWER);
        report->resolved[which] = queries >= report->queries_to_resolve[which];
    }
    report->has_rao_blackwell = config->scheme == SIM_PROBE_INDEPENDENT && totals->trials >= SIM_MIN_TRIALS_FOR_T
                                && (config->layout == NULL || sim_layout_is_plain(config->layout));
    if (report->has_rao_blackwell)
        report->rao_blackwell = sim_fpr_rao_blackwell(totals, confidence);
}
