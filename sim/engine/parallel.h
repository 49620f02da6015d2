/*
 * parallel.h - running numbered blocks of work on several threads so that
 * the result does not depend on the number of threads.
 *
 * The caller splits its work into blocks whose size depends only on the
 * work (never on the thread count); each block writes its own result slot,
 * and the caller reduces the slots in block order afterwards.  Which thread
 * runs which block then changes nothing in the output.  Blocks are handed
 * out dynamically (an atomic counter), so threads stay busy.
 */
#ifndef BLOOMSIM_PARALLEL_H
#define BLOOMSIM_PARALLEL_H

#include <stdint.h>
#include <time.h>

/* Called on the calling thread about every 0.2 s while a job runs, with
 * the blocks finished so far, the block count and the seconds elapsed. */
typedef void (*sim_progress_function)(void *context, uint64_t done, uint64_t total, double seconds);

typedef struct sim_parallel_job {
    uint64_t trials;                                    /* split into sim_block_count(trials) blocks */
    unsigned threads;                                   /* at least 1 */
    void *context;                                      /* passed to the functions below */
    void *(*start_thread)(void *context);               /* per-thread scratch; NULL = out of memory */
    void (*end_thread)(void *context, void *scratch);   /* frees the scratch */
    /* runs one trial; `block` names the result slot it adds to */
    void (*run_trial)(void *context, void *scratch, uint64_t trial, uint64_t block);
    sim_progress_function progress;                     /* NULL for none */
    void *progress_context;
    uint64_t first_block, end_block;                    /* run only these blocks (a shard,
                                                           shard_selection.h); 0, 0: all */
} sim_parallel_job;

/*
 * Runs run_trial for every trial of the job's blocks, block by block (fewer
 * if a stop is requested, see interrupt.h: trials not started are
 * skipped), on min(threads, blocks) threads; progress counts blocks.  Returns 0, or -1 when a thread or its scratch could not be
 * created (the blocks it would have run may be missing).
 */
int sim_parallel_run(const sim_parallel_job *job);

/* Trials per block when F = `trials` trials are split into at most
 * SIM_BLOCK_COUNT_TARGET blocks of consecutive trials: ceil(F / 4096), a
 * function of F alone, so blocks never depend on the thread count. */
#define SIM_BLOCK_COUNT_TARGET 4096U
uint64_t sim_trials_per_block(uint64_t trials);

/* The number of blocks of sim_trials_per_block(trials) trials. */
uint64_t sim_block_count(uint64_t trials);

/* The block that trial `trial` of `trials` belongs to. */
uint64_t sim_block_of_trial(uint64_t trial, uint64_t trials);

/*
 * A team: `members` threads (the calling thread is member 0) all running
 * work(context, member, members) on one shared task, for work that cannot
 * be cut into independent trials (one filter too large to copy per
 * thread).  The members divide the task among themselves by their number
 * and meet at a sim_team_barrier between phases.  Returns 0 once the work
 * has run (on fewer members if a thread could not be created: work must
 * use the member count it is given), or -1 when memory for the team was
 * short and nothing ran.
 */
typedef struct sim_team sim_team;
typedef void (*sim_team_work)(void *context, sim_team *team, unsigned member, unsigned members);
int sim_team_run(unsigned members, sim_team_work work, void *context);

/* Waits until every member of the team has reached this barrier; returns 1
 * in exactly one member (the "serial" one), 0 in the others. */
int sim_team_barrier(sim_team *team);

/* Seconds on `clock` (CLOCK_MONOTONIC: wall; CLOCK_PROCESS_CPUTIME_ID: every thread's
 * processor time), for the phases a run reports. */
double sim_clock_seconds(clockid_t clock);

/* The number of online processors (at least 1): the default --threads. */
unsigned sim_processor_count(void);

#endif
