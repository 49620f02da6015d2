/*
 * deployment_prediction.c - the calculator's false reads for a level of
 * files as the simulator builds it (deployment_prediction.h): the layout
 * rate of each shape of filter, combined by calc's deployment mean
 * (deployment.h) or, for overlapping files, scaled by their number.
 */
#include <math.h>
#include <string.h>

#include "deployment_prediction.h"

int sim_deployment_prediction_compute(sim_deployment_prediction *prediction, const sim_deployment_level *level)
{
    memset(prediction, 0, sizeof *prediction);
    bloom_deployment_init(&prediction->split);
    mpz_init(prediction->keys);
    mpq_init(prediction->files);
    sim_mpz_set_u64(prediction->split.filters, level->files);
    sim_mpz_set_u64(prediction->split.keys_per_filter, level->full.keys);
    sim_mpz_set_u64(prediction->split.last_keys, level->last.keys);
    sim_mpz_set_u64(prediction->keys, sim_deployment_level_keys(level));
    sim_mpz_set_u64(mpq_numref(prediction->files), level->files);
    int status = sim_layout_prediction_compute(&prediction->full, level->full.layout, level->full.keys);
    int last = sim_layout_prediction_compute(&prediction->last, level->last.layout, level->last.keys);
    if (status == BLOOM_OK)
        status = last;
    if (level->overlapping) {
        prediction->overlapping = (bloom_quantity_scaled){ prediction->full.quantity, prediction->files };
        prediction->quantity = (bloom_quantity){ bloom_enclose_scaled, &prediction->overlapping,
                                                 bloom_exact_scaled };
    } else if (level->files == 1) {
        prediction->quantity = prediction->last.quantity;   /* the one file holds the level's keys */
    } else if (level->last.keys == level->full.keys) {
        prediction->quantity = prediction->full.quantity;   /* one rate: a difference of two equal
                                                             * rates is never certified to digits */
    } else {
        prediction->has_mean = 1;
        prediction->quantity = bloom_deployment_mean_init(&prediction->mean, &prediction->split,
                                                          prediction->keys, &prediction->full.quantity,
                                                          &prediction->last.quantity);
    }
    if (status == BLOOM_OK)
        status = sim_quantity_double(&prediction->value, &prediction->quantity);
    return status;
}

void sim_deployment_prediction_free(sim_deployment_prediction *prediction)
{
    sim_layout_prediction_free(&prediction->full);
    sim_layout_prediction_free(&prediction->last);
    bloom_deployment_clear(&prediction->split);
    mpz_clear(prediction->keys);
    mpq_clear(prediction->files);
    if (prediction->has_mean)
        bloom_deployment_mean_clear(&prediction->mean);
}

/* The design effect of `share` lookups to one filter of the shape, or share without a model. */
static double shape_design_effect(const sim_layout_prediction *shape, uint64_t share)
{
    sim_predictions proxy;
    sim_layout_sizing_proxy(&proxy, shape);
    double effect = sim_design_effect(share, proxy.value[SIM_PREDICTION_EXACT], proxy.second_moment);
    return isnan(effect) ? (double)share : effect;
}

double sim_deployment_design_effect(const sim_deployment_prediction *prediction, uint64_t largest_share)
{
    uint64_t share = largest_share > 1 ? largest_share : 1;
    return fmax(shape_design_effect(&prediction->full, share), shape_design_effect(&prediction->last, share));
}

sim_estimate sim_deployment_estimate_reads(const sim_read_counts *counts, double design_effect, double confidence,
                                           sim_interval_method *method)
{
    double checks = counts->checks, own = (double)counts->own;
    sim_estimate estimate = { 0, 0, { 0, 0 }, 0, 0, 1 };
    *method = SIM_INTERVAL_WILSON_DESIGN_EFFECT;
    if (counts->trials >= SIM_MIN_TRIALS_FOR_T) {
        *method = SIM_INTERVAL_BETWEEN_TRIALS;
        estimate = sim_estimate_between_trials(counts->false_reads, counts->squares, counts->trials,
                                               counts->per_trial, confidence);
        sim_estimate_clip(&estimate, 0, checks);
        checks = 1;                  /* already reads per lookup */
    } else if (counts->checks > 0) {
        estimate = sim_estimate_wilson(counts->false_reads, counts->trials * counts->per_trial * counts->checks,
                                       sim_design_effect_rounded(design_effect), confidence);
        sim_estimate_clip(&estimate, 0, 1);
    }
    estimate.rate = own + checks * estimate.rate;
    estimate.standard_error *= checks;
    estimate.interval.low = own + checks * estimate.interval.low;
    estimate.interval.high = own + checks * estimate.interval.high;
    estimate.rate_error *= checks;
    estimate.end_error *= checks;
    return estimate;
}
