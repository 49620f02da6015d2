/*
 * shard_selection.h - the part of a run that one shard computes (a
 * run cut into N processes that any batch engine can start, merged
 * afterwards into exactly the unsharded run's counts).
 *
 * A run is F trials of Q queries each, its trials grouped into B blocks
 * (parallel.h: sim_trials_per_block, a function of F alone).  Shards are
 * numbered 0..N-1 here (the command line numbers them 1..N).  The cut
 * changes which process computes a trial's counts, never the counts:
 *
 *   by trials    when B >= N: shard i runs the blocks
 *                [floor(i B / N), floor((i + 1) B / N)), every query of
 *                their trials.  A block is the unit in which the harness
 *                adds its floating sums (harness.h), so the merge adds the
 *                blocks' sums in block order and gets the unsharded run's
 *                bits; the integer counts add exactly in any order.
 *   by queries   when B < N and the run allows it (every engine except the
 *                one-word filters, whose probes are drawn sequentially,
 *                and F <= SIM_BLOCK_COUNT_TARGET so that a block is one
 *                trial): every shard builds every trial's filter from the
 *                seed and asks the absent keys [floor(i Q / N),
 *                floor((i + 1) Q / N)) of each trial; shard 0 alone asks
 *                the inserted keys (--check-members).  A trial's false
 *                positives are the sum over the shards, and its occupancy
 *                X_t (the same filter in every shard) is taken once.
 *
 * Both rules depend on (F, Q, N, the engine) only, so a shard that is
 * killed and rerun computes the same counts.
 */
#ifndef BLOOMSIM_SHARD_SELECTION_H
#define BLOOMSIM_SHARD_SELECTION_H

#include <stdint.h>

#include "sim_limits.h"

typedef enum sim_shard_split {
    SIM_SHARD_WHOLE = 0,          /* the whole run (no --shard) */
    SIM_SHARD_BY_TRIALS = 1,
    SIM_SHARD_BY_QUERIES = 2
} sim_shard_split;

/* "whole", "trials", "queries", in sim_shard_split order, NULL-terminated. */
extern const char *const sim_shard_split_names[];

/* Receives one block's counts (the engine's slot type: sim_fpr_totals,
 * sim_lsm_totals or sim_scalable_totals) once the run has ended, block by
 * block in increasing order, on the calling thread. */
typedef void (*sim_block_sink)(void *context, uint64_t block, const void *slot);

typedef struct sim_shard_selection {
    sim_shard_split split;
    uint64_t index, count;          /* shard index (0-based) of count */
    uint64_t first_block, end_block;   /* the blocks of trials it runs */
    uint64_t first_query, end_query;   /* the absent keys of each trial it asks */
    int check_members;              /* it asks the inserted keys when the run does */
    sim_block_sink sink;            /* NULL for none */
    void *sink_context;
} sim_shard_selection;

/* The whole run of `trials` trials of `queries` queries (no sink). */
void sim_shard_select_whole(sim_shard_selection *selection, uint64_t trials, uint64_t queries);

/*
 * Shard `index` (0-based) of `count` of the run (no sink).  `split_queries`
 * is nonzero when the run's engine can ask a trial's queries in ranges.
 * Returns 0, or -1 when the run cannot be cut so (count is 0 or above
 * SIM_SHARD_MAX_COUNT, index >= count, fewer blocks than shards and
 * queries that cannot or may not be split, or fewer queries than shards);
 * *most receives then the largest count that would work (0 if none).
 */
int sim_shard_select(sim_shard_selection *selection, uint64_t index, uint64_t count, uint64_t trials,
                     uint64_t queries, int split_queries, uint64_t *most);

/* The trials the selection runs: [*first, *first + returned count). */
uint64_t sim_shard_trials(const sim_shard_selection *selection, uint64_t trials, uint64_t *first);

/* The absent keys it asks of each trial. */
uint64_t sim_shard_queries(const sim_shard_selection *selection);

#endif
