/*
 * command_shard.h - "--shard I/N" of bloomsim fpr, plan, lsm and grow, and
 * the replay of a command by "bloomsim merge".  Parsing and
 * printing only: which part of the run a shard computes is
 * sim/engine/shard_selection.h, the file and the merge sim/shard.
 *
 * Shards are numbered from 1 (--shard 1/4 .. --shard 4/4), like a Slurm
 * array declared --array=1-N and GNU parallel's {#}; a Kubernetes Indexed
 * Job's JOB_COMPLETION_INDEX counts from 0 and takes a +1.
 *
 * A merge re-runs the shards' command line: the same parsing, predictions
 * and printing, with the trials replaced by the merged counts, so that it
 * prints exactly what the unsharded run prints.
 */
#ifndef BLOOMSIM_COMMAND_SHARD_H
#define BLOOMSIM_COMMAND_SHARD_H

#include "command_shared.h"
#include "lsm_tree.h"
#include "scalable.h"
#include "shard_merge.h"

/* The --shard entry of a run option table, writing the text into *shard. */
bloom_option bloomsim_shard_option(const char **shard);

/* The --filter-file entry (fpr, plan): the bulk engine's filters are read
 * from PREFIX.t (trial t) when a run wrote them there, else built and
 * written there (sim/shard/filter_file.h); no count changes. */
bloom_option bloomsim_filter_file_option(const char **prefix);

/* How a measuring command runs its trials (filled by bloomsim_shard_job_*). */
typedef struct bloomsim_shard_job {
    sim_slot_kind kind;
    uint64_t trials, queries;       /* the run's trials and queries (lookups) per trial */
    int split_queries;              /* its engine can ask a trial's queries in ranges */
    const sim_key_file *keys;       /* the inserted keys' file, or NULL */
    const char *filter_file;        /* --filter-file PREFIX, or NULL */
    const sim_filter_store **filter_store;  /* the engine's store slot (fpr), or NULL */
    void *engine_config;
    /* runs `selection` (NULL: the whole run) into totals; the engine's status */
    int (*run)(void *engine_config, const sim_shard_selection *selection, void *totals);
    void (*reduce)(void *totals, const void *slots, uint64_t blocks, uint64_t trials);
    int (*partial)(const void *totals);
} bloomsim_shard_job;

void bloomsim_shard_job_fpr(bloomsim_shard_job *job, sim_fpr_config *config);
void bloomsim_shard_job_lsm(bloomsim_shard_job *job, sim_lsm_config *config);
void bloomsim_shard_job_grow(bloomsim_shard_job *job, sim_scalable_config *config);

/*
 * Runs the trials of `job` as the command line asks: the whole run; with
 * --shard (`shard` not NULL) that shard, whose file is then written on
 * stdout and *written set (print nothing else); under bloomsim merge, no
 * trial: the merged shards' counts.  Returns 0 (totals filled unless
 * *written), 1 when resources ran short or the file could not be written,
 * 2 for a bad --shard or shards not of this run, 130 when stopped (a shard
 * stopped early writes nothing).  Messages on stderr.
 */
int bloomsim_shard_run(const bloom_command_line *line, const char *shard, const bloomsim_shard_job *job,
                       void *totals, int *written);

/* Nonzero while bloomsim merge replays a command (no memory check then:
 * nothing is allocated for trials). */
int bloomsim_shard_merging(void);

/* Runs command(argc, argv, 2) with the merged counts of `merge` in place of
 * its trials.  Returns the command's exit status. */
int bloomsim_shard_replay(const sim_shard_merge *merge, int (*command)(int argc, char **argv, int first),
                          int argc, char **argv);

#endif
