/*
 * file_deployment.h - the false reads of a deployment of filters measured on
 * real filters: an engine builds one filter per unit of storage (an SST
 * file, an SSTable, a row group), not one for all its keys, so a level of
 * n keys in units of N keys is F = ceil(n/N) filters, the last one holding
 * r = n - (F - 1) N keys (calc/include/bloomcalc/deployment.h).
 *
 * A run is trials of a whole deployment of levels (one level: "bloomsim
 * fpr" and "plan" with a unit; a tree: "bloomsim lsm").  An absent lookup
 * consults, on each level, the one file whose key range covers it, or
 * every file of a level whose files overlap (RocksDB's L0); it costs one
 * read per filter that answers "maybe".  With the keys spread evenly over
 * the key space the file covering a lookup is file floor(u / N) for u
 * uniform on [0, n), so file i answers a share N_i/n of the lookups and the
 * expected false reads of a level are its fpr_deployment (FORMULAS.md §e.6),
 * F' fpr(N) for a level of F' overlapping files.
 *
 * Memory stays near one file's filter whatever the number of files: trial
 * t first routes its lookups (a uniform position per lookup and level from
 * the stream (seed, CHOICE, t), counted per file), then builds the files
 * one after the other in the same two filters per level (a full file's and
 * the last file's shape) and asks each file its count of absent keys, the
 * next ones of trial t's absent stream.  The absent keys are independent of
 * the filters, so handing file i the next c_i keys of the stream measures
 * the same law as handing it the keys routed to it.  File i of level l
 * holds the keys [s_l + i N, s_l + i N + N_i) of trial t's inserted stream
 * (s_l the keys of the levels before it) and hashes with seed
 * derive(derive(derive(seed, HASH, t), LEVEL, l), LEVEL, i).  Counts are
 * integers per block of trials, added in block order: the result does not
 * depend on --threads.
 */
#ifndef BLOOMSIM_FILE_DEPLOYMENT_H
#define BLOOMSIM_FILE_DEPLOYMENT_H

#include <stdint.h>

#include "lsm_tree.h"

/* One level of the deployment: its files and the two shapes their filters take. */
typedef struct sim_deployment_level {
    uint64_t files;            /* F >= 1 */
    sim_lsm_level full;        /* the filter of each of the first F - 1 files (keys: N) */
    sim_lsm_level last;        /* the last file's (keys: r, 1..N) */
    int overlapping;           /* every file is consulted by every lookup (L0) */
} sim_deployment_level;

typedef struct sim_deployment_config {
    unsigned levels;                     /* 1..SIM_LSM_MAX_LEVELS */
    const sim_deployment_level *level;
    uint64_t lookups;                    /* absent lookups per trial, >= 1 */
    uint64_t hit_lookups;                /* present lookups per trial (0: none) */
    unsigned hit_level;                  /* index in level[] of the level J they look up */
    sim_probe_scheme scheme;
    sim_hash_function hash_function;
    int guard;
    sim_run_settings run;                /* trials >= 1; phases (build, query) timed when set */
} sim_deployment_config;

typedef struct sim_deployment_totals {
    uint64_t trials;                               /* complete trials */
    uint64_t lookups;                              /* over complete trials */
    uint64_t false_reads;                          /* filters that said "maybe" to an absent key */
    uint64_t level_false_reads[SIM_LSM_MAX_LEVELS];
    unsigned __int128 false_read_squares;          /* sum of squared per-trial false reads */
    uint64_t largest_share;                        /* most lookups one filter answered in a trial */
    uint64_t hit_lookups;                          /* present lookups, over complete trials */
    uint64_t hit_false_reads;                      /* their false reads before level J */
    unsigned __int128 hit_false_read_squares;      /* sum of squared per-trial hit false reads */
    uint64_t false_negatives;                      /* level J's filters denying their own key */
    uint64_t ribbon_retries;
    int partial;
} sim_deployment_totals;

/* The keys of a level: (files - 1) N + r. */
uint64_t sim_deployment_level_keys(const sim_deployment_level *level);

/* Bytes a run allocates: per thread two filters a level and the lookups' counts per file. */
uint64_t sim_deployment_memory(const sim_deployment_config *config);

/* Runs the trials.  Returns 0, or -1 when memory or threads ran short. */
int sim_deployment_run(const sim_deployment_config *config, sim_deployment_totals *totals);

#endif
