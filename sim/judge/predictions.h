/*
 * predictions.h - what the calculator (libbloomcalc) predicts for a filter
 * the simulator builds: the exact, Bloom and exponential false-positive
 * rates (fpr.h), as correctly rounded decimal text for printing and as
 * calc quantities (to be printed with bloom_fields_quantity, which gives
 * certified, correctly rounded decimals) and as correctly rounded doubles
 * for the verdicts, plus the second moment E[(X/m)^(2k)] that sets the
 * between-filter variance (FORMULAS.md §a.7).  Printed predictions always
 * come from calc's certified decimals, never from a double.
 */
#ifndef BLOOMSIM_PREDICTIONS_H
#define BLOOMSIM_PREDICTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "certified.h"
#include "fpr.h"
#include "sim_limits.h"

enum sim_prediction {
    SIM_PREDICTION_EXACT = 0,
    SIM_PREDICTION_BLOOM = 1,
    SIM_PREDICTION_APPROX = 2,
    SIM_PREDICTION_COUNT = 3
};

/* "exact", "bloom", "approx", in sim_prediction order. */
extern const char *const sim_prediction_names[];

typedef struct sim_predictions {
    mpz_t bits, keys;
    bloom_fpr_arguments arguments;                 /* (m, n, k, k) */
    bloom_quantity quantity[SIM_PREDICTION_COUNT]; /* the three rates, for printing */
    double value[SIM_PREDICTION_COUNT];            /* correctly rounded doubles */
    double second_moment;                          /* E[(X/m)^(2k)] to about 1e-16, NaN if not computable */
} sim_predictions;

/* Largest k bloomsim accepts: SIM_MAX_HASHES (bloom_limits.h), since calc must
 * also evaluate the 2k-th moment. */

/*
 * Computes the predictions for m = `bits`, n = `keys`, k = `hashes`
 * (1..SIM_MAX_HASHES).  The quantities point into the structure, which
 * must therefore not be copied or moved.  Returns BLOOM_OK, or the
 * bloom_status of the failing computation; free with
 * sim_predictions_free in both cases.
 */
int sim_predictions_compute(sim_predictions *predictions, uint64_t bits, uint64_t keys,
                            unsigned hashes);

/* Frees the integers. */
void sim_predictions_free(sim_predictions *predictions);

/* value = the 64-bit integer `number`. */
void sim_mpz_set_u64(mpz_ptr value, uint64_t number);

/* *value = the quantity correctly rounded to a double.  Returns a bloom_status. */
int sim_quantity_double(double *value, const bloom_quantity *quantity);

/*
 * A sum of false-positive rates plus a whole constant, as a calc quantity:
 * constant + sum over i of the exact rate of rates[i].  Used for the read
 * amplification an LSM tree of actually-sized levels achieves.
 */
typedef struct sim_rate_sum {
    const bloom_fpr_arguments *rates;
    size_t count;
    unsigned long constant;
    const bloom_quantity *quantities;   /* NULL, or the rates as quantities (filters as deployed:
                                         * fpr_layout), used instead of rates[] */
} sim_rate_sum;

/* Enclose function (certified.h) of a sim_rate_sum. */
int sim_enclose_rate_sum(mpfi_ptr result, const void *arguments);

#endif
