/*
 * harness.h - the Monte Carlo measurement of a false-positive rate.
 *
 * A run is F trials.  Trial t builds a fresh filter of m bits (or m
 * counters) from n keys and asks it Q absent keys; its hash seed and its
 * two key streams are derived from (seed, t) alone (random.h), so trials
 * are independent filter instances and a run's counts do not depend on
 * the thread count.  Per trial it records the false positives x_t and the
 * filter's occupancy X_t; totals keep sum x_t and sum x_t^2 as integers and
 * sum (X_t/m)^k, sum (X_t/m)^(2k) per block of trials, added in block order.
 *
 * How these counts become a rate and an interval is the judge's business
 * (sim/judge/estimate.h); how many trials and queries a run takes, too
 * (sim/judge/run_size.h).
 */
#ifndef BLOOMSIM_HARNESS_H
#define BLOOMSIM_HARNESS_H

#include <stdint.h>

#include "keys.h"
#include "layout_filters.h"
#include "parallel.h"
#include "filter_store.h"
#include "probes.h"
#include "run_settings.h"
#include "shard_selection.h"

typedef enum sim_filter_kind { SIM_FILTER_STANDARD = 0, SIM_FILTER_COUNTING = 1 } sim_filter_kind;

/* "standard", "counting", in sim_filter_kind order, NULL-terminated. */
extern const char *const sim_filter_kind_names[];

/* Which engine runs the trials (harness.c); every choice gives the same
 * counts.  One-word filters (m <= 64 without a layout, generated keys,
 * independent XXH3 probes) and small filters of the other layouts (at most
 * 512 bits, no fingerprint) always run on the tiny engine (tiny.h),
 * whatever is chosen. */
typedef enum sim_engine {
    SIM_ENGINE_AUTO = 0,        /* bulk for plain bit filters >= SIM_BULK_MIN_FILTER_BYTES */
    SIM_ENGINE_PER_TRIAL = 1,   /* each thread builds whole trials in its own filter */
    SIM_ENGINE_BULK = 2         /* all threads on one filter per trial (bulk.h; plain bit filters
                                   of every layout) */
} sim_engine;

typedef struct sim_fpr_config {
    uint64_t bits;                    /* m >= 1 */
    uint64_t keys;                    /* keys inserted into each filter */
    unsigned hashes;                  /* k >= 1 */
    uint64_t queries;                 /* Q >= 1 absent queries per trial */
    sim_probe_scheme scheme;
    sim_hash_function hash_function;
    int guard;                        /* double-hashing guard (probes.h) */
    sim_filter_kind filter;
    unsigned counter_bits;            /* counting filters */
    const sim_key_file *key_file;     /* inserted keys from a file, or NULL */
    int check_members;                /* also query every inserted key, counting false negatives */
    sim_engine engine;                /* SIM_ENGINE_AUTO unless testing or benchmarking */
    const sim_layout *layout;         /* the deployed layout (layout_filters.h), or NULL: a
                                         standard filter over all m bits; plain bit filters
                                         only; every layout runs on either engine, whose
                                         positions (layout_filters.h per trial, key_probes.h
                                         in bulk) are the same */
    sim_run_settings run;             /* trials F, seed, threads, shard, progress */
    const sim_filter_store *filter_store;  /* the bulk engine's filters kept between runs
                                              (filter_store.h), or NULL */
} sim_fpr_config;

typedef struct sim_fpr_totals {
    uint64_t trials;                  /* complete trials */
    uint64_t queries;                 /* their queries (or the incomplete trial's, see pooled_only) */
    uint64_t false_positives;
    unsigned __int128 false_positive_squares;  /* sum of x_t^2 over complete trials */
    double occupancy_power_sum;       /* sum of (X_t/m)^k */
    double occupancy_power_squares;   /* sum of (X_t/m)^(2k) */
    uint64_t set_bits;                /* sum of X_t */
    uint64_t false_negatives;         /* inserted keys the filter denied (check_members) */
    uint64_t members_checked;
    uint64_t counter_overflows;
    uint64_t ribbon_retries;          /* a Ribbon: seeds whose banding failed, each retried with
                                         the next seed of its trial (RocksDB's retry) */
    uint64_t incomplete_queries;      /* of a trial cut short by a stop */
    uint64_t incomplete_false_positives;
    int partial;                      /* a stop was requested before the end */
    int pooled_only;                  /* no trial completed: counts are the incomplete ones */
} sim_fpr_totals;

/* Bytes a run of `config` allocates (filters and buffers per thread, result
 * slots), not counting a key file already loaded. */
uint64_t sim_fpr_memory(const sim_fpr_config *config);

/* Seconds a run of `config` is expected to take on two threads of the
 * project's machine (harness.c: a model of the bulk engine's work), or 0
 * when the run is not one large filter a trial (the model covers only the
 * bulk engine's standard layout). */
double sim_fpr_seconds(const sim_fpr_config *config);

/* Runs the trials (those of config->shard).  Returns 0, or -1 when memory
 * or threads ran short. */
int sim_fpr_run(const sim_fpr_config *config, sim_fpr_totals *totals);

/* Nonzero when the run's trials can be asked their queries in ranges
 * (shard_selection.h): every engine but the one-word filters'. */
int sim_fpr_splits_queries(const sim_fpr_config *config);

/*
 * The run's totals from its blocks' counts: slots[0..blocks-1] added in
 * block order (the floating sums in exactly the order sim_fpr_run adds
 * them), partial when fewer than `trials` trials completed, the incomplete
 * trials' counts used when none did.  A merge of shards calls it with the
 * blocks the shards wrote.
 */
void sim_fpr_totals_reduce(sim_fpr_totals *totals, const sim_fpr_totals *slots, uint64_t blocks,
                           uint64_t trials);

#endif
