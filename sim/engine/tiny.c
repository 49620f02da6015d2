/*
 * tiny.c - one-word filters built and queried from directly drawn probes
 * (see tiny.h for why this is the independent-hashing experiment itself).
 *
 * A key's k probes become a mask of k bits; inserting ORs the mask into
 * the filter word, and a query is positive when its mask has no bit
 * outside the filter.  Queries draw all k probes, without an early exit:
 * the branch-free test is cheaper than a mispredicted branch, and the
 * count does not depend on it.  No allocation, no per-trial setup besides
 * the generator's seed.
 */
#include "tiny.h"

void sim_tiny_source_start(sim_tiny_source *source, uint64_t seed)
{
    source->state = seed;
    source->batch.word = 0;
    source->batch.left = 0;
}

/* The mask of the next key's `hashes` probes. */
static inline uint64_t key_mask(sim_tiny_source *source, const sim_draw_range *draws, unsigned hashes)
{
    uint64_t mask = 0;
    for (unsigned i = 0; i < hashes; i++)
        mask |= (uint64_t)1 << sim_tiny_draw(source, draws);
    return mask;
}

/* The loops below work on local copies of the source and the draws, so
 * that the compiler keeps them in registers (the filter word, the running
 * word and the generator state never go through memory). */

uint64_t sim_tiny_insert(sim_tiny_source *source, const sim_draw_range *draws, unsigned hashes,
                         uint64_t filter, uint64_t keys)
{
    sim_tiny_source local = *source;
    const sim_draw_range range = *draws;
    for (uint64_t j = 0; j < keys; j++)
        filter |= key_mask(&local, &range, hashes);
    *source = local;
    return filter;
}

uint64_t sim_tiny_count_maybe(sim_tiny_source *source, const sim_draw_range *draws, unsigned hashes,
                              uint64_t filter, uint64_t keys)
{
    sim_tiny_source local = *source;
    const sim_draw_range range = *draws;
    uint64_t maybe = 0;
    for (uint64_t j = 0; j < keys; j++)
        maybe += (key_mask(&local, &range, hashes) & ~filter) == 0;
    *source = local;
    return maybe;
}
