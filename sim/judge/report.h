/*
 * report.h - judging a measured false-positive rate against the
 * calculator's predictions: the interval (harness.h chooses the method),
 * the verdict on each prediction (stats.h defines consistent, rejected and
 * inconclusive), the queries a run would need to resolve the exact rate
 * from each approximation, and under independent hashing the Rao-Blackwell
 * estimate.
 */
#ifndef BLOOMSIM_REPORT_H
#define BLOOMSIM_REPORT_H

#include "estimate.h"
#include "run_size.h"
#include "predictions.h"
#include "stats.h"

typedef struct sim_fpr_report {
    sim_estimate estimate;
    sim_interval_method method;
    sim_verdict verdict[SIM_PREDICTION_COUNT];
    /* total queries needed to resolve the exact rate from prediction i
     * (HUGE_VAL when they are equal); entry SIM_PREDICTION_EXACT is 0 */
    double queries_to_resolve[SIM_PREDICTION_COUNT];
    int resolved[SIM_PREDICTION_COUNT];    /* this run had at least those queries */
    int has_rao_blackwell;                 /* independent hashing and >= 2 trials */
    sim_estimate rao_blackwell;
} sim_fpr_report;

/* Fills the report for the measurement `totals` of `config` at `confidence`. */
void sim_fpr_report_compute(sim_fpr_report *report, const sim_fpr_totals *totals,
                            const sim_fpr_config *config, const sim_predictions *predictions,
                            double confidence);

#endif
