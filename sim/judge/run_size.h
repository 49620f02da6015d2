/*
 * run_size.h - how many trials and queries a run takes when the user does
 * not say: enough to resolve the closest pair of predictions, within a
 * budget of probe operations.
 */
#ifndef BLOOMSIM_RUN_SIZE_H
#define BLOOMSIM_RUN_SIZE_H

#include "harness.h"
#include "predictions.h"

/* Probe operations (hash + memory accesses) a default run may spend. */
#define SIM_DEFAULT_WORK 4e8

/*
 * Chooses config->trials and config->queries when not given (the flags say
 * which were given):  Q minimises the variance per unit of work,
 * Var = (A + B/Q)/F with A = p2 - p^2, B = p - p2 and work F k (n + Q),
 * so Q = sqrt(B n / A); F is the smallest count that resolves the two
 * closest distinct predictions ((z_conf + z_power) SE <= gap, power
 * SIM_RESOLVING_POWER), at least budget/40 queries and 2 trials in all,
 * and at most `work_budget` probe operations (k per key inserted or
 * queried; SIM_DEFAULT_WORK for a command); when even two trials exceed
 * the budget, a single filter gets the budget's queries.
 */
void sim_fpr_choose_size(sim_fpr_config *config, const sim_predictions *predictions,
                         double confidence, int trials_given, int queries_given,
                         double work_budget);

/* The smallest positive |a - b| over pairs of predictions (0 if all equal). */
double sim_smallest_prediction_gap(const sim_predictions *predictions);

#endif
