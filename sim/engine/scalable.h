/*
 * scalable.h - a scalable Bloom filter built for real (Almeida, Baquero,
 * Preguica and Hutchison, "Scalable Bloom filters", IPL 101(6), 2007), as
 * calc/include/bloomcalc/growth.h plans it: sub-filter i has capacity n0 s^i, design rate
 * p0 r^i, m_i bits and k_i probes; keys fill sub-filter 0 up to its
 * capacity, then sub-filter 1, and so on; a query answers "maybe" when any
 * sub-filter does.  Each sub-filter is a standard filter (filter.h) with
 * its own hash seed, so their answers for an absent key are independent
 * and the rate of the compound filter is exactly
 *
 *     1 - prod_i (1 - P_i),   P_i = E[(X_i/m_i)^k_i] the exact rate of
 *                             sub-filter i with the keys it holds (fpr.h),
 *
 * below the design bound 1 - prod_i (1 - p0 r^i) when each sub-filter meets
 * its design rate.  Trials rebuild the whole filter with fresh keys and
 * seeds; the per-trial rates give the between-trials interval (stats.h).
 */
#ifndef BLOOMSIM_SCALABLE_H
#define BLOOMSIM_SCALABLE_H

#include <stddef.h>
#include <stdint.h>

#include "certified.h"
#include "fpr.h"
#include "parallel.h"
#include "probes.h"
#include "run_settings.h"
#include "shard_selection.h"

/* One sub-filter as planned. */
typedef struct sim_subfilter {
    uint64_t keys;      /* keys it holds */
    uint64_t bits;      /* m_i */
    unsigned hashes;    /* k_i */
} sim_subfilter;

typedef struct sim_scalable_config {
    const sim_subfilter *subfilter;
    size_t filters;
    uint64_t queries;                /* absent queries per trial */
    sim_hash_function hash_function;
    sim_run_settings run;            /* a shard cuts by trials only, each block's
                                        sim_scalable_totals passed to its sink */
} sim_scalable_config;

typedef struct sim_scalable_totals {
    uint64_t trials, queries, false_positives;
    unsigned __int128 false_positive_squares;
    uint64_t members_checked, false_negatives;   /* every inserted key is asked (must be 0) */
    int partial;
} sim_scalable_totals;

/* Bytes a run allocates (every sub-filter per thread, result slots). */
uint64_t sim_scalable_memory(const sim_scalable_config *config);

/* Runs the trials.  Returns 0, or -1 when memory or threads ran short. */
int sim_scalable_run(const sim_scalable_config *config, sim_scalable_totals *totals);

/* The run's totals from its blocks' counts slots[0..blocks-1]; partial
 * when fewer than `trials` trials completed (a merge of shards). */
void sim_scalable_totals_reduce(sim_scalable_totals *totals, const sim_scalable_totals *slots,
                                uint64_t blocks, uint64_t trials);

/* The rates of a compound filter: arguments[i] the exact-rate arguments of
 * sub-filter i (fpr.h). */
typedef struct sim_compound_rate {
    const bloom_fpr_arguments *filters;
    size_t count;
} sim_compound_rate;

/* Enclose function (certified.h) of 1 - prod_i (1 - exact rate i);
 * arguments is a const sim_compound_rate *. */
int sim_enclose_compound_rate(mpfi_ptr result, const void *arguments);

#endif
