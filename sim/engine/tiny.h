/*
 * tiny.h - trials of standard filters of at most 64 bits (the seed example
 * m = 64, n = 8, k = 5) held in one 64-bit word, with generated keys and
 * independent probes: tens of millions of filter instances a second.
 *
 * Why the probes may be drawn directly.  Under independent hashing the
 * model (FORMULAS.md §a, and what the product's XXH3 stream is built to
 * behave like, hash.h) gives every distinct key k positions that are
 * independent uniform draws from {0..m-1}, independent of every other
 * key's.  A generated key is itself a fresh distinct value (keys.h: the
 * inserted keys of a trial are pairwise distinct and never equal an absent
 * key), so a perfect hash of it is a fresh uniform draw: drawing the k
 * positions of each key directly from a seeded generator produces exactly
 * the same joint distribution of filters and answers as hashing the keys
 * with an ideal hash, at a fraction of the cost.  This is done only where
 * the argument holds: generated keys (a key FILE may repeat keys, whose
 * probes must then coincide, so it is hashed) and the independent scheme
 * with XXH3 (FNV-1a is hashed for real to reproduce its correlated pair,
 * and double / enhanced hashing keep their hash streams).  The statistical
 * tests compare the measured rate with the exact formula (tests/
 * sim_harness_tests.c, tests/sim_hash_tests.c).
 *
 * The generator is SplitMix64 (G. L. Steele, D. Lea, C. H. Flood, "Fast
 * splittable pseudorandom number generators", OOPSLA 2014) seeded by the
 * trial's hash seed, so a trial's filter and answers are a function of
 * (--seed, trial) alone, whatever the thread count.  Each word gives
 * several exactly uniform positions (hash.h, sim_draw_range: D. Lemire,
 * "Fast random integer generation in an interval", ACM TOMACS 29(1), 2019,
 * batched as in N. Brackett-Rozinsky and D. Lemire, "Batched ranged random
 * integer generation", Software: Practice and Experience 55(1), 2025): for
 * m = 64, ten 6-bit fields, no rejection.  The inserted keys draw first, in
 * order, then the absent queries; a member check replays the inserted keys'
 * draws from a copy of the source taken before the build.
 */
#ifndef BLOOMSIM_TINY_H
#define BLOOMSIM_TINY_H

#include <stdint.h>

#include "sim_limits.h"
#include "hash.h"
#include "layout_filters.h"
#include "random.h"

/* Filters of at most SIM_TINY_MAX_BITS bits (bloom_limits.h) fit the one-word representation. */

/* The positions of one trial's keys: a SplitMix64 stream cut into draws. */
typedef struct sim_tiny_source {
    uint64_t state;            /* SplitMix64 state */
    sim_draw_batch batch;      /* the draws left in the current word */
} sim_tiny_source;

/* Starts the stream of positions of the trial whose hash seed is `seed`. */
void sim_tiny_source_start(sim_tiny_source *source, uint64_t seed);

/* The next exactly uniform position in {0..draws->range - 1}. */
static inline uint64_t sim_tiny_draw(sim_tiny_source *source, const sim_draw_range *draws)
{
    for (int accepted = source->batch.left != 0; !accepted;)
        accepted = sim_draw_batch_fill(&source->batch, draws, sim_splitmix64_next(&source->state));
    return sim_draw_batch_take(&source->batch, draws);
}

/* The bits of the next `keys` keys' `hashes` probes each, OR-ed into
 * `filter` (bit p of the word is position p); returns the new filter. */
uint64_t sim_tiny_insert(sim_tiny_source *source, const sim_draw_range *draws, unsigned hashes,
                         uint64_t filter, uint64_t keys);

/* Asks `filter` the next `keys` keys (all `hashes` probes of each are
 * drawn, answered or not); returns how many had every probe set. */
uint64_t sim_tiny_count_maybe(sim_tiny_source *source, const sim_draw_range *draws, unsigned hashes,
                              uint64_t filter, uint64_t keys);

/*
 * Small filters of every layout.  The argument above holds for
 * any layout whose model draws independent uniform integers: a blocked key
 * is a uniform block and k uniform offsets, a split-block key a uniform
 * block and one uniform offset per word, a partitioned key one uniform
 * position per slice (layout_filters.h).  So a filter of at most
 * SIM_SMALL_MAX_BITS bits (one 512-bit cache line: a blocked filter of one
 * default block, a split block of 256 bits, any layout of a few words) is
 * simulated with the layout's draws taken directly from two seeded
 * SplitMix64 streams, one per draw range (the block or slice draw, the
 * offset draw), each batched as above: several exactly uniform draws a
 * word.  Its words live on the stack.  A standard filter keeps the engine
 * it had, so that a seed's counts stay what they were: the one-word engine
 * above for a filter of at most 64 bits given without a layout (the
 * harness's callers that ask for a plain filter), the hashed per-trial
 * engine otherwise (and a counting filter of the same keys answers alike,
 * tests/sim_harness_tests.c).  Not for
 * fingerprints (--hash-bits: keys sharing a fingerprint must share
 * positions, which direct draws cannot reproduce), key files or other
 * schemes; those run on the per-trial engine, hashing every key.
 */
#define SIM_SMALL_WORDS (SIM_SMALL_MAX_BITS / 64)

typedef struct sim_small_layout {
    bloom_layout_kind kind;
    unsigned hashes;           /* k */
    uint64_t reachable;        /* bits the probes address */
    uint64_t block_bits;       /* B (block layouts) */
    uint64_t word_bits;        /* split block: B / k */
    uint64_t slice_base;       /* partitioned: floor(reachable / k) */
    unsigned slice_larger;     /* partitioned: reachable mod k */
    sim_draw_range first;      /* standard: positions; partitioned: U(slice_base); blocks: U(b) */
    sim_draw_range second;     /* partitioned: U(slice_base + 1); blocked: U(B); split: U(B / k) */
    int one_word;              /* the plain standard layout of at most 64 bits: the one-word engine */
    int partitioned_word;      /* a partitioned layout of at most 64 bits: its one-word loop */
} sim_small_layout;

/* The two streams of one trial (the second only for layouts with two ranges). */
typedef struct sim_small_source {
    sim_tiny_source first, second;
} sim_small_source;

/* Nonzero when `layout` (NULL: a plain standard filter of `bits` bits, k =
 * `hashes`) fits this engine; then fills `small`. */
int sim_small_layout_init(sim_small_layout *small, const sim_layout *layout, uint64_t bits, unsigned hashes);

/* Starts the streams of the trial whose hash seed is `seed` (the first
 * stream is the one-word engine's). */
void sim_small_source_start(sim_small_source *source, uint64_t seed);

/* Inserts the next `keys` keys into words[0..SIM_SMALL_WORDS-1].  A
 * partitioned filter of at most 64 bits (small->partitioned_word) takes a
 * one-word loop: each key's mask built in a register from the
 * two streams, the larger slices' draws then the others', as the general
 * loop draws them; the same draws, the same bits. */
void sim_small_insert(sim_small_source *source, const sim_small_layout *small, uint64_t *words, uint64_t keys);

/* Asks the filter the next `keys` keys (all k draws of each); returns how
 * many had every probe set. */
uint64_t sim_small_count_maybe(sim_small_source *source, const sim_small_layout *small, const uint64_t *words,
                               uint64_t keys);

#endif
