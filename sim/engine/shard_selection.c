/*
 * shard_selection.c - which blocks of trials and which queries of each
 * trial a shard computes (shard_selection.h for the rules and why they
 * keep the merged counts bit for bit those of the unsharded run).
 *
 * Part i of N of a range of L items is [floor(i L / N), floor((i+1) L / N)):
 * the parts are disjoint, cover the range, and differ in size by at most
 * one.  The products are taken in 128 bits (L < 2^64, N <= 2^20).
 */
#include <assert.h>
#include <string.h>

#include "parallel.h"
#include "shard_selection.h"

const char *const sim_shard_split_names[] = { "whole", "trials", "queries", NULL };

/* floor(part * length / parts) */
static uint64_t part_start(uint64_t part, uint64_t length, uint64_t parts)
{
    return (uint64_t)((unsigned __int128)part * length / parts);
}

void sim_shard_select_whole(sim_shard_selection *selection, uint64_t trials, uint64_t queries)
{
    memset(selection, 0, sizeof *selection);
    selection->split = SIM_SHARD_WHOLE;
    selection->count = 1;
    selection->end_block = sim_block_count(trials);
    selection->end_query = queries;
    selection->check_members = 1;
}

int sim_shard_select(sim_shard_selection *selection, uint64_t index, uint64_t count, uint64_t trials,
                     uint64_t queries, int split_queries, uint64_t *most)
{
    uint64_t blocks = sim_block_count(trials);
    int queries_possible = split_queries && sim_trials_per_block(trials) == 1;
    uint64_t largest = queries_possible && queries > blocks ? queries : blocks;
    *most = largest < SIM_SHARD_MAX_COUNT ? largest : SIM_SHARD_MAX_COUNT;
    sim_shard_select_whole(selection, trials, queries);
    if (count == 0 || count > *most || index >= count)
        return -1;
    selection->index = index;
    selection->count = count;
    if (count <= blocks) {
        selection->split = SIM_SHARD_BY_TRIALS;
        selection->first_block = part_start(index, blocks, count);
        selection->end_block = part_start(index + 1, blocks, count);
        assert(selection->first_block < selection->end_block && selection->end_block <= blocks);
        return 0;
    }
    selection->split = SIM_SHARD_BY_QUERIES;
    selection->first_query = part_start(index, queries, count);
    selection->end_query = part_start(index + 1, queries, count);
    assert(selection->first_query <= selection->end_query && selection->end_query <= queries);
    selection->check_members = index == 0;
    return 0;
}

uint64_t sim_shard_trials(const sim_shard_selection *selection, uint64_t trials, uint64_t *first)
{
    assert(selection->first_block <= selection->end_block);
    uint64_t per_block = sim_trials_per_block(trials);
    uint64_t start = selection->first_block * per_block;
    uint64_t end = selection->end_block * per_block;
    start = start < trials ? start : trials;
    end = end < trials ? end : trials;
    *first = start;
    return end - start;
}

uint64_t sim_shard_queries(const sim_shard_selection *selection)
{
    assert(selection->first_query <= selection->end_query);
    return selection->end_query - selection->first_query;
}
