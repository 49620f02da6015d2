/*
 * shard_merge.h - checking that shard files make up one run and putting
 * their blocks back together.
 *
 * The files must name the same run (same fingerprint: program version,
 * command, options, key file; and the same kind, run size and shard
 * count), each shard at most once, each holding exactly the part
 * shard_selection.h assigns to its number, every block with counts its
 * trials can produce (shard_check.h).  The merge then has one slot
 * per block of the run:
 *   split by trials   the block's slot from the one shard that ran it;
 *   split by queries  (fpr runs) the sums over the shards of each trial's
 *                     queries, false positives and member checks, with
 *                     x_t^2 recomputed from the summed x_t, and the
 *                     occupancy X_t, (X_t/m)^k and (X_t/m)^(2k) and the
 *                     counter overflows of the filter, which every shard
 *                     built alike (checked equal);
 * so that the engine's reduction (sim_fpr_totals_reduce and its lsm and
 * grow counterparts) gives the unsharded run's totals bit for bit.  With
 * shards missing the blocks they would have run stay empty, and a trial
 * split by queries keeps its counts as an incomplete trial (as a run
 * stopped early does): the result is partial.
 */
#ifndef BLOOMSIM_SHARD_MERGE_H
#define BLOOMSIM_SHARD_MERGE_H

#include "shard_file.h"

typedef struct sim_shard_merge {
    const sim_shard_file *first;    /* the run (every file agrees with it) */
    uint64_t count;                 /* N, the shards of the run */
    unsigned char *slots;           /* one per block of the run, sim_slot_size(kind) bytes each */
    uint64_t *missing;              /* 0-based indices of the shards not given, increasing */
    uint64_t missing_count;
} sim_shard_merge;

/*
 * Merges files[0..count-1] (count >= 1).  Returns 0 (shards may be
 * missing: merge->missing), or -1 after a one-line reason in error[]: a
 * file of another run (naming the file and what differs), a shard given
 * twice (naming both files), a file whose ranges are not its shard's, a
 * block whose counts are impossible (naming the file and the block), or
 * blocks that disagree on a filter every shard built.  Free with
 * sim_shard_merge_free in every case.
 */
int sim_shard_merge_files(sim_shard_merge *merge, const sim_shard_file *files, size_t count, char *error,
                          size_t error_size);

void sim_shard_merge_free(sim_shard_merge *merge);

#endif
