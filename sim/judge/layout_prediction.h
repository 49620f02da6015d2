/*
 * layout_prediction.h - the calculator's prediction for a deployed filter
 * the simulator builds (layout_filters.h), and how a measurement of it is
 * sized and judged with the ordinary machinery (harness.h, stats.h).
 *
 *   fpr_layout  calc/include/bloomcalc/layouts.h: the layout's rate at min(m, 2^N) bits
 *               united with the fingerprint floor 1 - (1 - 2^-h)^n,
 *               certified (bloom_fpr_layout_quantity), and as a correctly
 *               rounded double for the verdict.
 *
 * Sizing and the single-filter interval need the rate p and its second
 * moment p2 = E[P_F^2] over filter instances F (FORMULAS.md §a.7).  calc gives
 * p2 for the standard filter only; for a layout the run is sized with the
 * standard filter's relative spread, p2 = p_layout^2 (p2_std / p_std^2),
 * evaluated at the reachable bits.  This only steers the run size and the
 * design effect of a Wilson interval (used with fewer than 30 trials); the
 * between-trials t interval, used otherwise, needs no model at all.
 */
#ifndef BLOOMSIM_LAYOUT_PREDICTION_H
#define BLOOMSIM_LAYOUT_PREDICTION_H

#include <stdint.h>

#include "estimate.h"
#include "run_size.h"
#include "layout_filters.h"
#include "layouts.h"
#include "predictions.h"
#include "stats.h"

typedef struct sim_layout_prediction {
    mpz_t bits, keys;
    bloom_layout_arguments arguments;   /* points at bits and keys */
    bloom_quantity quantity;            /* fpr_layout, for printing */
    double value;                       /* correctly rounded */
    sim_predictions reachable;          /* the standard filter at the reachable bits (its p2) */
    int has_reachable;
} sim_layout_prediction;

/*
 * Computes the prediction for `layout` holding `keys` keys.  The structure
 * must not be moved afterwards (the quantity points into it).  Returns a
 * bloom_status; free with sim_layout_prediction_free in every case.
 */
int sim_layout_prediction_compute(sim_layout_prediction *prediction, const sim_layout *layout,
                                  uint64_t keys);

void sim_layout_prediction_free(sim_layout_prediction *prediction);

/*
 * Fills `proxy` (only value[] and second_moment are set; never free it)
 * with the layout's rate in every slot and the second moment described
 * above, the form sim_fpr_choose_size and sim_fpr_estimate read.
 */
void sim_layout_sizing_proxy(sim_predictions *proxy, const sim_layout_prediction *prediction);

/*
 * The verdict on fpr_layout given the interval, the standard filter's
 * three rates `rivals` (SIM_PREDICTION_COUNT of them) being its rivals
 * (stats.h: a rival equal to fpr_layout is no rival).
 */
sim_verdict sim_layout_verdict(double layout_rate, const double *rivals, sim_interval interval);

#endif
