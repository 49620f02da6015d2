/*
 * run_settings.h - how a Monte Carlo run of any engine is carried out: how
 * many trials, from which seed, on how many threads, which part (shard) of
 * it, whom to tell about progress and where to note the time of its
 * phases.  The fpr harness (harness.h), the
 * LSM tree (lsm_tree.h) and the scalable filter (scalable.h) take these
 * settings as one member, so a command fills them once from its run
 * options (sim/bloomsim/command_shared.h).
 *
 * Trial t's filter and queries are functions of (seed, t) alone
 * (random.h), so the threads and the shard never change a count: they only
 * decide who computes which trials.
 */
#ifndef BLOOMSIM_RUN_SETTINGS_H
#define BLOOMSIM_RUN_SETTINGS_H

#include <stdint.h>

#include "parallel.h"
#include "shard_selection.h"

/* Where a run's time went, added up over its trials (wall and processor
 * seconds, the whole process's processor time: the phases run one after
 * the other).  Only the bulk engine's phases are timed; the others leave
 * these at zero. */
typedef struct sim_phase_times {
    double build_seconds, build_cpu;
    double query_seconds, query_cpu;
} sim_phase_times;

typedef struct sim_run_settings {
    uint64_t trials;                  /* F >= 1 (an LSM run needs 2) */
    uint64_t seed;
    unsigned threads;                 /* 0 counts as 1 */
    sim_progress_function progress;   /* NULL for none */
    void *progress_context;
    const sim_shard_selection *shard; /* NULL: the whole run; else the part one shard runs
                                         (shard_selection.h), each of its blocks' counts
                                         passed to the selection's sink */
    sim_phase_times *phases;          /* NULL: not timed */
} sim_run_settings;

#endif
