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
 * The exact rate p = E[(X/m)^k] is a mean over filter instances, so the
 * interval must include the between-filter variance (FORMULAS.md a.7):
 * with F >= 2 trials and enough counts it is the Student t interval of the
 * per-trial rates (stats.h: between trials); with a single filter, or too
 * few false positives per trial for t, it is the Wilson interval with the
 * design effect computed from calc's second moment E[(X/m)^(2k)].  Under
 * independent hashing the harness also gives the Rao-Blackwell estimate,
 * the mean of (X_t/m)^k: an absent query of a filter with X_t set bits is
 * positive with probability exactly (X_t/m)^k, so this is the conditional
 * expectation of a trial's rate given its filter, with smaller variance
 * (PERFORMANCE.md, "Tiny filters").
 */
#ifndef BLOOMSIM_HARNESS_H
#define BLOOMSIM_HARNESS_H

#include <stdint.h>

#include "keys.h"
#include "layout_filters.h"
#include "parallel.h"
#include "predictions.h"
#include "probes.h"
#include "stats.h"

typedef enum sim_filter_kind { SIM_FILTER_STANDARD = 0, SIM_FILTER_COUNTING = 1 } sim_filter_kind;

/* "standard", "counting", in sim_filter_kind order, NULL-terminated. */
extern const char *const sim_filter_kind_names[];

/* Which engine runs the trials (harness.c); every choice gives the same
 * counts.  One-word filters (m <= 64, generated keys, independent XXH3
 * probes) always run on their own engine (tiny.h), whatever is chosen. */
typedef enum sim_engine {
    SIM_ENGINE_AUTO = 0,        /* bulk for standard filters >= SIM_BULK_MIN_FILTER_BYTES */
    SIM_ENGINE_PER_TRIAL = 1,   /* each thread builds whole trials in its own filter */
    SIM_ENGINE_BULK = 2         /* all threads on one filter per trial (bulk.h; standard filters) */
} sim_engine;

typedef struct sim_fpr_config {
    uint64_t bits;                    /* m >= 1 */
    uint64_t keys;                    /* keys inserted into each filter */
    unsigned hashes;                  /* k >= 1 */
    uint64_t trials;                  /* F >= 1 */
    uint64_t queries;                 /* Q >= 1 absent queries per trial */
    sim_probe_scheme scheme;
    sim_hash_function hash_function;
    int guard;                        /* double-hashing guard (probes.h) */
    sim_filter_kind filter;
    unsigned counter_bits;            /* counting filters */
    uint64_t seed;
    unsigned threads;
    const sim_key_file *key_file;     /* inserted keys from a file, or NULL */
    int check_members;                /* also query every inserted key, counting false negatives */
    sim_progress_function progress;   /* NULL for none */
    void *progress_context;
    sim_engine engine;                /* SIM_ENGINE_AUTO unless testing or benchmarking */
    const sim_layout *layout;         /* the deployed layout (layout_filters.h), or NULL: a
                                         standard filter over all m bits; standard filters
                                         only; a layout whose probes are not the prober's
                                         always runs on the per-trial engine */
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
    uint64_t incomplete_queries;      /* of a trial cut short by a stop */
    uint64_t incomplete_false_positives;
    int partial;                      /* a stop was requested before the end */
    int pooled_only;                  /* no trial completed: counts are the incomplete ones */
} sim_fpr_totals;

/* Bytes a run of `config` allocates (filters and buffers per thread, result
 * slots), not counting a key file already loaded. */
uint64_t sim_fpr_memory(const sim_fpr_config *config);

/* Runs the trials.  Returns 0, or -1 when memory or threads ran short. */
int sim_fpr_run(const sim_fpr_config *config, sim_fpr_totals *totals);

typedef enum sim_interval_method {
    SIM_INTERVAL_BETWEEN_TRIALS = 0,
    SIM_INTERVAL_WILSON_DESIGN_EFFECT = 1
} sim_interval_method;

/* "between-trials-t", "wilson-design-effect", in sim_interval_method order. */
extern const char *const sim_interval_method_names[];

/* Fewest trials, or false positives per trial, for the t interval. */
#define SIM_MIN_TRIALS_FOR_T 30U
#define SIM_MIN_COUNTS_PER_TRIAL_FOR_T 30U

/*
 * The measured rate and its interval at `confidence`, by the method chosen
 * as described above (stored in *method); `predictions` supplies p and
 * E[(X/m)^(2k)] for the design effect.
 */
sim_estimate sim_fpr_estimate(const sim_fpr_totals *totals, const sim_fpr_config *config,
                              const sim_predictions *predictions, double confidence,
                              sim_interval_method *method);

/* The Rao-Blackwell estimate (mean of (X_t/m)^k, t interval); needs
 * totals->trials >= 2. */
sim_estimate sim_fpr_rao_blackwell(const sim_fpr_totals *totals, double confidence);

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
