/*
 * lsm_tree.h - read amplification of an LSM tree measured on real filters.
 *
 * L levels, level 1 the newest and smallest, level L the deepest; each holds
 * its own keys (no key on two levels) behind its own Bloom filter, sized
 * for the target rate p like bloomcalc plan sizes one filter: m_i =
 * ceil(n_i (-ln p)/ln^2 2), k_i the best integer for (m_i, n_i) (sizing.h).
 * The tree holds N keys split as calc splits them (monkey.h): level i holds
 * round(N T^(i-1) (T - 1)/(T^L - 1)), or N/L rounded when the levels are
 * equal (T = 1); the command fills the levels' keys.
 *
 * A lookup probes levels newest first and reads a level from disk (one
 * probe, fence pointers assumed) when its filter answers "maybe".
 *   hit lookup   a key of level j (j = L by default), chosen uniformly: the
 *                levels above j are probed on false positives only, level j
 *                always (its filter never denies its own key), deeper levels
 *                never; expected probes 1 + sum_{i<j} p_i, which is
 *                1 + (j-1)p at a uniform rate (calc/include/bloomcalc/lsm.h).
 *   miss lookup  an absent key: every level is probed on a false positive;
 *                expected probes sum_i p_i = L p.
 * Without filters the costs are j and L.  By linearity of expectation these
 * hold for any dependence between levels (FORMULAS.md §c).
 *
 * Trials rebuild every level with fresh keys and seeds, so the interval
 * (Student t over per-trial mean probes) includes the spread between filter
 * instances, large for the small upper levels.
 */
#ifndef BLOOMSIM_LSM_TREE_H
#define BLOOMSIM_LSM_TREE_H

#include <stdint.h>

#include <gmp.h>

#include "layout_filters.h"
#include "parallel.h"
#include "sim_limits.h"
#include "probes.h"
#include "run_settings.h"
#include "shard_selection.h"

/* Most levels accepted: SIM_LSM_MAX_LEVELS (bloom_limits.h). */

typedef struct sim_lsm_level {
    uint64_t keys;      /* n_i */
    uint64_t bits;      /* m_i; 0 with hashes 0: no filter, the level is always read */
    unsigned hashes;    /* k_i (a layout's: layout->hashes) */
    const sim_layout *layout;   /* NULL: a standard filter of the config's scheme; else the filter
                                 * as deployed (layout_filters.h; bits = layout->bits), probed
                                 * with the config's scheme where the layout uses the prober's */
} sim_lsm_level;

/* Nonzero when the level has a filter (a level without one answers "maybe"
 * to every lookup: Monkey's and RocksDB's unfiltered last levels). */
int sim_lsm_level_filtered(const sim_lsm_level *level);


typedef struct sim_lsm_config {
    unsigned levels;                 /* L, 1..SIM_LSM_MAX_LEVELS */
    const sim_lsm_level *level;      /* level[0] is level 1 */
    unsigned target_level;           /* j, 1..L: where hit lookups find their key */
    uint64_t lookups;                /* per trial, of each kind */
    sim_probe_scheme scheme;
    sim_hash_function hash_function;
    int guard;
    sim_run_settings run;            /* trials >= 2; a shard cuts by trials only, each block's
                                        sim_lsm_totals passed to its sink */
} sim_lsm_config;

typedef struct sim_lsm_totals {
    uint64_t trials;                          /* complete trials */
    uint64_t lookups;                         /* of each kind, over complete trials */
    uint64_t probes_hit, probes_miss;         /* levels read */
    unsigned __int128 squares_hit, squares_miss;  /* sums of squared per-trial probe counts */
    uint64_t false_negatives;                 /* target-level filters denying their key (must be 0) */
    uint64_t ribbon_retries;                  /* Ribbon levels: seeds whose banding failed, each
                                               * retried with the next seed as RocksDB does */
    int partial;
} sim_lsm_totals;

/* Bytes a run allocates (all level filters per thread, result slots). */
uint64_t sim_lsm_memory(const sim_lsm_config *config);

/* Runs the trials.  Returns 0, or -1 when memory or threads ran short. */
int sim_lsm_run(const sim_lsm_config *config, sim_lsm_totals *totals);

/* The run's totals from its blocks' counts slots[0..blocks-1]; partial
 * when fewer than `trials` trials completed (a merge of shards). */
void sim_lsm_totals_reduce(sim_lsm_totals *totals, const sim_lsm_totals *slots, uint64_t blocks,
                           uint64_t trials);

#endif
