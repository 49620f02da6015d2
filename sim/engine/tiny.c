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
#include <assert.h>
#include <string.h>

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

/* ---- small filters of every layout -------------------------------------- */

int sim_small_layout_init(sim_small_layout *small, const sim_layout *layout, uint64_t bits, unsigned hashes)
{
    memset(small, 0, sizeof *small);
    small->kind = layout != NULL ? layout->kind : BLOOM_LAYOUT_STANDARD;
    small->hashes = layout != NULL ? layout->hashes : hashes;
    small->reachable = layout != NULL ? layout->reachable : bits;
    if (bits > SIM_SMALL_MAX_BITS || (layout != NULL && layout->hash_bits != 0))
        return 0;
    assert(small->hashes >= 1 && small->reachable <= bits);
    small->one_word = layout == NULL && bits <= SIM_TINY_MAX_BITS;
    if (small->kind == BLOOM_LAYOUT_STANDARD && !small->one_word)
        return 0;   /* standard filters keep the engines they had (the counts of a seed stay) */
    switch (small->kind) {
    case BLOOM_LAYOUT_PARTITIONED:
        small->slice_base = small->reachable / small->hashes;
        small->slice_larger = (unsigned)(small->reachable % small->hashes);
        sim_draw_range_init(&small->first, small->slice_base, 64);
        sim_draw_range_init(&small->second, small->slice_base + 1, 64);
        small->partitioned_word = small->reachable <= 64;
        break;
    case BLOOM_LAYOUT_BLOCKED:
    case BLOOM_LAYOUT_SPLIT_BLOCK:
        small->block_bits = layout->block_bits;
        small->word_bits = layout->block_bits / layout->hashes;
        assert(layout->blocks >= 1 && small->block_bits <= SIM_SMALL_MAX_BITS
               && (small->kind == BLOOM_LAYOUT_BLOCKED || small->word_bits * layout->hashes == small->block_bits));
        sim_draw_range_init(&small->first, layout->blocks, 64);
        sim_draw_range_init(&small->second, small->kind == BLOOM_LAYOUT_BLOCKED ? small->block_bits
                                                                               : small->word_bits, 64);
        break;
    case BLOOM_LAYOUT_STANDARD:
    default:
        sim_draw_range_init(&small->first, small->reachable, 64);
        break;
    }
    return 1;
}

void sim_small_source_start(sim_small_source *source, uint64_t seed)
{
    sim_tiny_source_start(&source->first, seed);
    /* a start far from the first stream's (a shifted seed would replay it) */
    sim_tiny_source_start(&source->second, sim_mix64(seed ^ 0x5851f42d4c957f2dULL));
}

/* Probe i of the next key whose block (block layouts) starts at `first`;
 * `kind` is a constant in each caller below, so the switch disappears. */
static inline __attribute__((always_inline)) uint64_t
small_position(sim_small_source *source, const sim_small_layout *small, const sim_draw_range *first_draws,
               const sim_draw_range *second_draws, bloom_layout_kind kind, uint64_t first, unsigned i)
{
    switch (kind) {
    case BLOOM_LAYOUT_PARTITIONED:
        if (i < small->slice_larger)
            return i * (small->slice_base + 1) + sim_tiny_draw(&source->second, second_draws);
        return i * small->slice_base + small->slice_larger + sim_tiny_draw(&source->first, first_draws);
    case BLOOM_LAYOUT_BLOCKED:
        return first + sim_tiny_draw(&source->second, second_draws);
    case BLOOM_LAYOUT_SPLIT_BLOCK:
        return first + i * small->word_bits + sim_tiny_draw(&source->second, second_draws);
    case BLOOM_LAYOUT_STANDARD:
    default:
        return sim_tiny_draw(&source->first, first_draws);
    }
}

/* The first bit of the next key's block (block layouts; 0 otherwise). */
static inline __attribute__((always_inline)) uint64_t
small_block(sim_small_source *source, const sim_small_layout *small, const sim_draw_range *first_draws,
            bloom_layout_kind kind)
{
    if (kind != BLOOM_LAYOUT_BLOCKED && kind != BLOOM_LAYOUT_SPLIT_BLOCK)
        return 0;
    return sim_tiny_draw(&source->first, first_draws) * small->block_bits;
}

/* Inserts (or, when `ask`, asks) the next `keys` keys of a
 * `kind` layout; returns the positives of the queries.  The source and the
 * draws are local copies, kept in registers. */
static inline __attribute__((always_inline)) uint64_t
small_keys(sim_small_source *source, const sim_small_layout *small, uint64_t *words, uint64_t keys,
           bloom_layout_kind kind, int ask)
{
    sim_small_source local = *source;
    const sim_draw_range first_draws = small->first, second_draws = small->second;
    uint64_t maybe = 0;
    for (uint64_t j = 0; j < keys; j++) {
        uint64_t first = small_block(&local, small, &first_draws, kind), all = 1;
        for (unsigned i = 0; i < small->hashes; i++) {
            uint64_t position = small_position(&local, small, &first_draws, &second_draws, kind, first, i);
            if (ask)
                all &= words[position / 64] >> (position % 64);
            else
                words[position / 64] |= (uint64_t)1 << (position % 64);
        }
        maybe += all & 1;
    }
    *source = local;
    return ask ? maybe : 0;
}

/* small_keys with the layout's kind made a constant. */
static uint64_t small_run(sim_small_source *source, const sim_small_layout *small, uint64_t *words, uint64_t keys,
                          int ask)
{
    switch (small->kind) {
    case BLOOM_LAYOUT_PARTITIONED:
        return ask ? small_keys(source, small, words, keys, BLOOM_LAYOUT_PARTITIONED, 1)
                   : small_keys(source, small, words, keys, BLOOM_LAYOUT_PARTITIONED, 0);
    case BLOOM_LAYOUT_BLOCKED:
        return ask ? small_keys(source, small, words, keys, BLOOM_LAYOUT_BLOCKED, 1)
                   : small_keys(source, small, words, keys, BLOOM_LAYOUT_BLOCKED, 0);
    case BLOOM_LAYOUT_SPLIT_BLOCK:
        return ask ? small_keys(source, small, words, keys, BLOOM_LAYOUT_SPLIT_BLOCK, 1)
                   : small_keys(source, small, words, keys, BLOOM_LAYOUT_SPLIT_BLOCK, 0);
    case BLOOM_LAYOUT_STANDARD:
    default:
        return ask ? small_keys(source, small, words, keys, BLOOM_LAYOUT_STANDARD, 1)
                   : small_keys(source, small, words, keys, BLOOM_LAYOUT_STANDARD, 0);
    }
}

/* ---- partitioned filters of at most 64 bits: one word ------------------- */

/* The mask of the next key of a partitioned filter of at most 64 bits:
 * slice i (first bit i (base + 1) for the `larger` slices of base + 1
 * bits, then i base + larger) draws from the second stream when it is a
 * larger slice, else from the first, in the order of small_position. */
static inline __attribute__((always_inline)) uint64_t
partitioned_mask(sim_small_source *source, const sim_draw_range *first_draws, const sim_draw_range *second_draws,
                 unsigned larger, unsigned hashes, uint64_t base)
{
    uint64_t mask = 0, first = 0;
    unsigned i = 0;
    for (; i < larger; i++, first += base + 1)
        mask |= (uint64_t)1 << (first + sim_tiny_draw(&source->second, second_draws));
    for (; i < hashes; i++, first += base)
        mask |= (uint64_t)1 << (first + sim_tiny_draw(&source->first, first_draws));
    return mask;
}

/* Inserts (or, when `ask`, asks) the next `keys` keys of a partitioned
 * filter of at most 64 bits held in `filter`; returns the new filter (or
 * the positives).  The streams, the draws and the filter are locals, kept
 * in registers. */
static inline __attribute__((always_inline)) uint64_t
partitioned_keys(sim_small_source *source, const sim_small_layout *small, uint64_t filter, uint64_t keys, int ask)
{
    sim_small_source local = *source;
    const sim_draw_range first_draws = small->first, second_draws = small->second;
    const unsigned larger = small->slice_larger, hashes = small->hashes;
    const uint64_t base = small->slice_base;
    uint64_t maybe = 0;
    for (uint64_t j = 0; j < keys; j++) {
        uint64_t mask = partitioned_mask(&local, &first_draws, &second_draws, larger, hashes, base);
        if (ask)
            maybe += (mask & ~filter) == 0;
        else
            filter |= mask;
    }
    *source = local;
    return ask ? maybe : filter;
}

void sim_small_insert(sim_small_source *source, const sim_small_layout *small, uint64_t *words, uint64_t keys)
{
    if (small->one_word)
        words[0] = sim_tiny_insert(&source->first, &small->first, small->hashes, words[0], keys);
    else if (small->partitioned_word)
        words[0] = partitioned_keys(source, small, words[0], keys, 0);
    else
        small_run(source, small, words, keys, 0);
}

uint64_t sim_small_count_maybe(sim_small_source *source, const sim_small_layout *small, const uint64_t *words,
                               uint64_t keys)
{
    if (small->one_word)
        return sim_tiny_count_maybe(&source->first, &small->first, small->hashes, words[0], keys);
    if (small->partitioned_word)
        return partitioned_keys(source, small, words[0], keys, 1);
    /* asking only reads the words: the cast lets one loop serve both */
    return small_run(source, small, (uint64_t *)(uintptr_t)words, keys, 1);
}
