/*
 * deployment_prediction.h - the calculator's prediction for a deployment
 * the simulator builds (file_deployment.h): the false reads an absent lookup
 * costs on one level of files.
 *
 *   a level of disjoint files (the one covering the lookup consulted)
 *       fpr_deployment = fpr(N) - (fpr(N) - fpr(r)) r / n
 *       (calc/include/bloomcalc/deployment.h, FORMULAS.md §e.6), fpr the
 *       calculator's fpr_layout of each file's filter as built;
 *   a level of overlapping files, all full (L0: every file consulted)
 *       F fpr(N), by linearity of expectation.
 *
 * Certified quantities, with a correctly rounded double for the verdict.
 */
#ifndef BLOOMSIM_DEPLOYMENT_PREDICTION_H
#define BLOOMSIM_DEPLOYMENT_PREDICTION_H

#include "deployment.h"
#include "file_deployment.h"
#include "estimate.h"
#include "layout_prediction.h"

typedef struct sim_deployment_prediction {
    sim_layout_prediction full, last;     /* fpr(N), fpr(r) */
    bloom_deployment split;               /* F, N, r */
    mpz_t keys;                           /* n */
    bloom_deployment_mean mean;
    int has_mean;                         /* mean initialised (disjoint files) */
    bloom_quantity_scaled overlapping;    /* F fpr(N) */
    mpq_t files;
    bloom_quantity quantity;              /* the level's false reads per absent lookup */
    double value;
} sim_deployment_prediction;

/* Computes the prediction for the level (its shapes' layouts set).  The structure must not be
 * moved afterwards.  Returns a bloom_status; free with sim_deployment_prediction_free in every
 * case. */
int sim_deployment_prediction_compute(sim_deployment_prediction *prediction, const sim_deployment_level *level);
void sim_deployment_prediction_free(sim_deployment_prediction *prediction);

/*
 * A design effect valid for a measurement in which one filter of the level answered at most
 * `largest_share` lookups: max over its two shapes of 1 + (c - 1) rho, rho = (p2 - p^2) /
 * (p - p^2) from the layout's sizing proxy (layout_prediction.h), c = largest_share.  Clusters
 * of different filters are independent and their binomial parts add up to at most the pooled
 * binomial variance (p(1 - p) is concave), so the measurement's design effect is at most this.
 * `largest_share` itself (all a filter's lookups as one) when the proxy has no second moment.
 */
double sim_deployment_design_effect(const sim_deployment_prediction *prediction, uint64_t largest_share);

/* The false reads of one kind of lookup in a run of trees (file_deployment.h). */
typedef struct sim_read_counts {
    uint64_t false_reads;
    unsigned __int128 squares;     /* sum of squared per-trial false reads */
    uint64_t trials, per_trial;    /* trials, lookups a trial */
    unsigned checks;               /* filters a lookup consults besides its own file */
    unsigned long own;             /* 1: a present key's read of its own file; 0: an absent key */
} sim_read_counts;

/*
 * The reads per lookup and their interval at `confidence`: with SIM_MIN_TRIALS_FOR_T trials or
 * more the t interval over trials; with fewer, Wilson's over the filter checks (each a
 * Bernoulli, the checks of one lookup independent given the filters, their seeds being) with
 * `design_effect` (sim_deployment_design_effect, the largest over the levels), scaled back to
 * reads; plus `own`.  Without checks, exactly `own`.  *method says which interval.
 */
sim_estimate sim_deployment_estimate_reads(const sim_read_counts *counts, double design_effect, double confidence,
                                           sim_interval_method *method);

#endif
