/*
 * key_probes.h - where the k positions of a key come from, for every
 * layout, behind one interface that the fast engines (sim/engine/bulk.c)
 * batch and prefetch.
 *
 * A "probe source" (sim_key_probes) describes how a filter instance turns
 * a key into positions; a "key cursor" (sim_key_cursor) hands out one
 * key's positions one at a time, in exactly the order and with exactly the
 * values of sim_layout_positions (layout_filters.h) or, for a standard
 * filter without a layout, of sim_prober_positions (probes.h):
 *
 *   family       positions                                   span
 *   prober       the prober's scheme over the reachable bits 0 (anywhere)
 *   uniform      the same, independent probes of one word    0 (anywhere)
 *                each (m > 2^28): the fast path of the standard layout
 *   partitioned  probe i uniform in slice i                  0 (anywhere)
 *   blocked      one block of B bits, k uniform probes in it B (the block)
 *   split block  one block, one probe in each of its k words B (the block)
 *
 * The span is what an engine needs in order to prefetch: a source whose
 * span is B > 0 puts all k probes of a key inside [first, first + B), with
 * first = sim_key_cursor_block(cursor) known right after the start (the
 * block draw comes first), so an engine prefetches the block's lines once
 * and then tests every probe from cache; a source of span 0 scatters its
 * probes, and an engine prefetches each probe's line before testing it
 * (the next probe is drawn only if the previous bit was set).  Draws stay
 * lazy either way: a query that stops at a clear bit draws no hash word for
 * the probes it skips, which changes no answer.
 *
 * Adding a layout or a library's probe sequence (a Guava, libbloom or
 * RocksDB index computation): add a family to sim_probe_family, its
 * parameters to sim_key_probes (set in sim_key_probes_init), its first
 * steps to sim_key_cursor_start (a block family draws its block there) and
 * its next position to sim_key_cursor_next; say its span.  The bulk
 * engine then builds it region-partitioned and queries it interleaved and
 * prefetched with no further change, and tests/sim_bulk_tests.c compares it
 * with the per-trial path (which calls sim_layout_positions).
 */
#ifndef BLOOMSIM_KEY_PROBES_H
#define BLOOMSIM_KEY_PROBES_H

#include <stddef.h>
#include <stdint.h>

#include "bloom_limits.h"
#include "layout_filters.h"
#include "probes.h"

typedef enum sim_probe_family {
    SIM_FAMILY_PROBER = 0,        /* any scheme, batched draws (probes.h) */
    SIM_FAMILY_UNIFORM = 1,       /* the prober's independent probes when each takes one word */
    SIM_FAMILY_PARTITIONED = 2,
    SIM_FAMILY_BLOCKED = 3,
    SIM_FAMILY_SPLIT_BLOCK = 4
} sim_probe_family;

/* An exact uniform draw from {0..range-1} with its rejection bound
 * 2^64 mod range computed once (hash.h, sim_reduce).  For range = 2^s,
 * s >= 1, the draw floor(w 2^s / 2^64) is the word's top s bits and
 * nothing is rejected (2^64 mod 2^s = 0): `shift` = 64 - s then, and the
 * draw is taken by one shift (the same value); 0 otherwise. */
typedef struct sim_exact_range {
    uint64_t range;
    uint64_t surplus;
    unsigned shift;
} sim_exact_range;

/* How one filter's keys become positions.  Fill with sim_key_probes_init. */
typedef struct sim_key_probes {
    sim_probe_family family;
    const sim_prober *prober;  /* hash function and seeds (its seed may change between trials) */
    unsigned hashes;           /* k */
    unsigned hash_bits;        /* h >= 1: probes come from an h-bit fingerprint; 0: from the key */
    uint64_t span;             /* B for block families, 0 for scattered ones */
    sim_exact_range blocks;    /* block families: the block draw (range b) */
    sim_exact_range offsets;   /* blocked: U(B); split block: U(B/k); uniform: U(m) */
    sim_exact_range slices[2]; /* partitioned: U(floor(m/k)), U(floor(m/k) + 1) */
    uint64_t slice_base;       /* partitioned: floor(reachable / k) */
    unsigned slice_larger;     /* partitioned: reachable mod k (the larger slices, first) */
    unsigned packed_shift;     /* log2 B when sim_key_cursor_packed applies (else 0) */
    int vector_draws;          /* AVX-512 lanes for packed offsets or uniform and partitioned batches (set from the processor) */
    int batched_blocks;        /* the sim_key_probes_block_* functions apply (see there) */
    int batched_scatter;       /* sim_key_probes_scatter_positions applies (see there) */
} sim_key_probes;

/* One key's positions in flight.  Holds the key's (or fingerprint's) hash
 * stream; the key bytes must stay valid while it is used. */
typedef struct sim_key_cursor {
    sim_probe_cursor probe;          /* the prober family's cursor; the others draw from probe.stream */
    unsigned index;                  /* positions handed out so far */
    uint64_t first;                  /* block families: the first bit of the key's block */
    unsigned char fingerprint[8];    /* the bytes the stream hashes when hash_bits >= 1 */
} sim_key_cursor;

/*
 * Prepares the source of `layout` (NULL: a standard filter over all the
 * prober's bits) with hash function, seeds and, for the standard layout,
 * scheme from `prober`, which must have been set up as sim_layout_positions
 * requires and must outlive the source.
 */
void sim_key_probes_init(sim_key_probes *probes, const sim_layout *layout, const sim_prober *prober);

/* Starts the key (`bytes`, `length`): hashes it and, for a block family,
 * draws its block. */
void sim_key_cursor_start(sim_key_cursor *cursor, const sim_key_probes *probes, const void *bytes,
                          size_t length);

/* The first bit of the key's block (block families, after the start). */
static inline uint64_t sim_key_cursor_block(const sim_key_cursor *cursor)
{
    return cursor->first;
}

/* The next exact draw of the key's stream: words are taken until one
 * passes Lemire's test (word * range mod 2^64 >= 2^64 mod range), and the
 * high half of word * range is the draw: sim_hash_stream_position's value,
 * with the bound precomputed. */
static inline uint64_t sim_key_cursor_draw(sim_key_cursor *cursor, const sim_exact_range *draw)
{
    if (draw->shift != 0)
        return sim_hash_stream_next(&cursor->probe.stream) >> draw->shift;
    for (;;) {
        unsigned __int128 product = (unsigned __int128)sim_hash_stream_next(&cursor->probe.stream) * draw->range;
        if ((uint64_t)product >= draw->surplus)
            return (uint64_t)(product >> 64);
    }
}

/* The next position of a family other than the prober's (use
 * sim_key_cursor_next): one exact draw offset by the slice, block or word
 * it belongs to.  Inline: it is the innermost step of every engine. */
static inline uint64_t sim_key_cursor_next_layout(sim_key_cursor *cursor, const sim_key_probes *probes)
{
    unsigned i = cursor->index++;
    switch (probes->family) {
    case SIM_FAMILY_PARTITIONED: {
        unsigned larger = i < probes->slice_larger;
        uint64_t first = (uint64_t)i * probes->slice_base + (larger ? i : probes->slice_larger);
        return first + sim_key_cursor_draw(cursor, &probes->slices[larger]);
    }
    case SIM_FAMILY_BLOCKED:
        return cursor->first + sim_key_cursor_draw(cursor, &probes->offsets);
    case SIM_FAMILY_SPLIT_BLOCK:
        return cursor->first + i * probes->offsets.range + sim_key_cursor_draw(cursor, &probes->offsets);
    case SIM_FAMILY_UNIFORM:
    default:
        return sim_key_cursor_draw(cursor, &probes->offsets);
    }
}

/* The key's next position (at most k calls per start). */
static inline uint64_t sim_key_cursor_next(sim_key_cursor *cursor, const sim_key_probes *probes)
{
    if (probes->family != SIM_FAMILY_PROBER)
        return sim_key_cursor_next_layout(cursor, probes);
    cursor->index++;
    return sim_probe_cursor_next(&cursor->probe);
}

/*
 * Stores the key's remaining positions (k minus those handed out) in
 * positions[0..], the values sim_key_cursor_next would return one by one,
 * and returns how many there are.  An engine that needs them all (a build)
 * takes them here: for the XXH3 stream of a layout family the words are
 * generated in one tight loop (hash.h's word j >= 2: SplitMix64 of
 * low + (j - 1) * golden, XOR high) instead of one call chain per probe.
 */
unsigned sim_key_cursor_rest(sim_key_cursor *cursor, const sim_key_probes *probes, uint64_t *positions);

/*
 * Packed offsets of a block key.  When B is a power of two, the offsets
 * inside the block are drawn by shifts (the offset range, B or B/k, is a
 * power of two) and k log2 B <= 64, probes->packed_shift = log2 B and a
 * key's k offsets inside its block fit one word: offset i (its position
 * minus sim_key_cursor_block) in bits i log2 B and up.  Returns that word
 * for a started key of such a source (all k offsets; the cursor is then
 * at its end).  The words of the stream are mixed 8 at a time with AVX-512
 * when the processor has it (probes->vector_draws), else one by one: the
 * same words, the same shifts, the same word.
 */
uint64_t sim_key_cursor_packed(sim_key_cursor *cursor, const sim_key_probes *probes);

/* The positions of a key of block `first` from its packed offsets (k of them). */
void sim_key_probes_unpack(const sim_key_probes *probes, uint64_t first, uint64_t packed, uint64_t *positions);

/*
 * Block keys from their hash halves (the batched engines).  When
 * probes->batched_blocks (a block family with packed offsets,
 * sim_key_cursor_packed, hashed by XXH3 without a fingerprint), a key's
 * positions are a function of its XXH3 halves alone (hash.h: words 0 and 1;
 * sim_hash_xxh3_values computes them for a batch of keys): the block is
 * the exact draw of word 0, offset i the top bits of word i + 1.  An
 * engine hashes a batch of keys, then calls these, and gets the cursor's
 * positions without a cursor.
 */

/* Stores the first bit of the block of the key whose word 0 is `low` in
 * *first and returns 1, or returns 0 when Lemire's test rejects word 0
 * (probability below b / 2^64): the key's block then comes from a later
 * word, and the engine takes the cursor for it. */
static inline int sim_key_probes_block_start(const sim_key_probes *probes, uint64_t low, uint64_t *first)
{
    const sim_exact_range *draw = &probes->blocks;
    if (draw->shift != 0) {
        *first = (low >> draw->shift) * probes->span;
        return 1;
    }
    unsigned __int128 product = (unsigned __int128)low * draw->range;
    *first = (uint64_t)(product >> 64) * probes->span;
    return (uint64_t)product >= draw->surplus;
}

/* The packed offsets (sim_key_cursor_packed's word) of the key with halves
 * low, high whose block was drawn from word 0 (sim_key_probes_block_start
 * returned 1). */
uint64_t sim_key_probes_block_packed(const sim_key_probes *probes, uint64_t low, uint64_t high);

/* 1 when all k bits of that key are set in the filter's `words`, else 0
 * (the answer of testing its k positions; with AVX-512, probes->vector_draws,
 * a block of at most 512 bits is loaded once and its k bits tested in
 * eight lanes at once, else the positions are tested one by one, stopping
 * at the first clear bit). */
int sim_key_probes_block_contains(const sim_key_probes *probes, const uint64_t *words, uint64_t first, uint64_t low,
                                  uint64_t high);

/* sim_key_probes_block_packed of `count` keys (halves lows[j], highs[j])
 * into packed[j]: with the AVX-512 lanes, eight keys at once, one key a
 * lane (their words independent chains the processor overlaps); the same
 * words. */
void sim_key_probes_blocks_packed(const sim_key_probes *probes, const uint64_t *lows, const uint64_t *highs,
                                  unsigned count, uint64_t *packed);

/* sim_key_probes_block_contains of the key of block `first` whose packed
 * offsets are `packed` (the same k positions, the same answer). */
int sim_key_probes_block_contains_packed(const sim_key_probes *probes, const uint64_t *words, uint64_t first,
                                         uint64_t packed);

/* How many of `count` keys of blocks firsts[j] with packed offsets
 * packed[j] have all their k bits set (the sum of
 * sim_key_probes_block_contains_packed over them; with the AVX-512 lanes,
 * one function for the batch, its constants made once). */
uint64_t sim_key_probes_blocks_count(const sim_key_probes *probes, const uint64_t *words, const uint64_t *firsts,
                                     const uint64_t *packed, unsigned count);

/* Scattered keys from their hash halves: when probes->batched_scatter (the
 * uniform or partitioned family hashed by XXH3 without a fingerprint), a
 * key's k positions are a function of its halves (words 0 and 1, hash.h);
 * stores them in positions[0..k-1], the cursor's values (sim_key_cursor_rest
 * from a stream with these halves). */
void sim_key_probes_scatter_positions(const sim_key_probes *probes, uint64_t low, uint64_t high,
                                      uint64_t *positions);

/* sim_key_probes_scatter_positions of `count` keys (halves lows[j],
 * highs[j]): probe i of key j in positions[i * stride + j] (stride >=
 * count).  A uniform source, and a partitioned one whose slices are below
 * 2^32 bits, draws eight keys a vector when the processor has AVX-512
 * (probes->vector_draws, PERFORMANCE.md §l.10 and §l.14): the same words,
 * the same exact draws; a key whose draw was rejected in a lane is redrawn
 * one by one. */
void sim_key_probes_scatter_batch(const sim_key_probes *probes, const uint64_t *lows, const uint64_t *highs,
                                  unsigned count, size_t stride, uint64_t *positions);

/* Starts a key of a batched scattered source (probes->batched_scatter)
 * from its XXH3 halves, as sim_key_cursor_start would after hashing it:
 * sim_key_cursor_next then hands out the same positions. */
void sim_key_cursor_start_halves(sim_key_cursor *cursor, const sim_key_probes *probes, uint64_t low, uint64_t high);

/* Stores the key's k positions in positions[0..k-1] (start and k nexts). */
void sim_key_probes_positions(const sim_key_probes *probes, const void *bytes, size_t length,
                              uint64_t *positions);

#endif
