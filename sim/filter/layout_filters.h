/*
 * layout_filters.h - the filter layouts deployed libraries use, built for
 * real: where a key's k probes land in the bit array of each layout, with
 * the two width effects of a finite hash (calc/include/bloomcalc/layouts.h is the prediction
 * each is measured against).
 *
 *   standard     k independent uniform probes over the whole array (the
 *                prober of probes.h, any --hash scheme)
 *   partitioned  the array cut into k slices as equal as possible (m mod k
 *                slices of ceil(m/k) bits first, then floor(m/k)); probe i
 *                is uniform in slice i (FORMULAS.md §a.6)
 *   blocked      b = floor(m/B) blocks of B bits; a key picks one block
 *                uniformly, then k independent uniform probes inside it
 *                (Putze, Sanders and Singler, "Cache-, hash- and
 *                space-efficient Bloom filters", WEA 2007)
 *   split block  blocks of B bits made of k words of B/k bits; a key picks
 *                one block, then one uniform bit in each word (Impala, Kudu,
 *                Parquet's split block Bloom filter, parquet-format
 *                BloomFilter.md: B = 256, k = 8 words of 32 bits)
 *
 * Width effects (calc/include/bloomcalc/hash_width.h, FORMULAS.md §e):
 *   index bits N  every probe is drawn in N-bit arithmetic: the positions
 *                 are uniform over the first min(m, 2^N) bits (for a power
 *                 of two this is exactly the top N bits of a uniform 64-bit
 *                 hash word), the bits above are allocated but never set
 *                 nor probed; the layout is laid over those reachable bits
 *   hash bits h   every probe is derived from one h-bit hash of the key
 *                 (the top h bits of its first hash word): the probes are
 *                 drawn from the hash stream of that fingerprint, so two
 *                 keys with the same fingerprint probe the same bits, and
 *                 an absent key colliding with an inserted one is a certain
 *                 false positive (1 - (1 - 2^-h)^n)
 *
 * All draws are exactly uniform (hash.h: Lemire's unbiased reduction of
 * independent 64-bit words of the key's stream), which is the model the
 * calculator's layout rates assume.
 */
#ifndef BLOOMSIM_LAYOUT_FILTERS_H
#define BLOOMSIM_LAYOUT_FILTERS_H

#include <stddef.h>
#include <stdint.h>

#include "layouts.h"
#include "sim_limits.h"
#include "probes.h"

/* Widest hash and index a layout accepts: SIM_LAYOUT_MAX_WIDTH (bloom_limits.h;
 * 64, the hash word itself). */

/* A deployed filter's shape.  Fill with sim_layout_init. */
typedef struct sim_layout {
    bloom_layout_kind kind;
    uint64_t bits;           /* m, the bits allocated */
    uint64_t reachable;      /* min(m, 2^index_bits): the bits the probes address */
    unsigned hashes;         /* k; split block: words per block */
    uint64_t block_bits;     /* B (blocked, split block) */
    uint64_t blocks;         /* floor(reachable / B) (blocked, split block) */
    unsigned hash_bits;      /* h, 0: no fingerprint (every probe from the key's own stream) */
    unsigned index_bits;     /* N, 0: indices reach every bit */
    uint64_t slots;          /* a Ribbon (ribbon_filter.h): its slots; 0 otherwise */
    unsigned ribbon_lower_columns;        /* a Ribbon: its columns (ribbon.h) */
    uint64_t ribbon_upper_start_block;
    int arithmetic;          /* the library's index arithmetic the prediction models (index_arithmetic.h) */
} sim_layout;

/*
 * Sets the layout for m = `bits` >= 1 and k = `hashes` >= 1; block_bits
 * 0 takes the layout's default (512, split block 256); hash_bits and
 * index_bits in 0..SIM_LAYOUT_MAX_WIDTH (0: none).  Returns 0, or -1 when
 * the layout cannot hold this filter, after writing the reason (one
 * sentence, no newline) into reason[0..reason_size-1]: fewer reachable
 * bits than a block or than k slices, k not dividing a split block.
 */
int sim_layout_init(sim_layout *layout, bloom_layout_kind kind, uint64_t bits, unsigned hashes,
                    uint64_t block_bits, unsigned hash_bits, unsigned index_bits, char *reason,
                    size_t reason_size);

/* min(bits, 2^index_bits) (index_bits 0 or >= 64: bits). */
uint64_t sim_layout_reachable(uint64_t bits, unsigned index_bits);

/* Nonzero when the layout is a standard filter over all its bits with no
 * fingerprint: exactly the filter of filter.h and probes.h. */
int sim_layout_is_plain(const sim_layout *layout);

/* Nonzero when the probes are the prober's own (standard layout, no
 * fingerprint; index bits only shrink the prober's range), so any engine
 * that consumes probe cursors can build the filter. */
int sim_layout_uses_cursor(const sim_layout *layout);

/* The range a prober for this layout must draw from: the reachable bits
 * (or `bits` when layout is NULL). */
uint64_t sim_layout_probed_bits(const sim_layout *layout, uint64_t bits);

/* The fingerprint of a key: the top h bits of the first word of its hash
 * stream under the prober's seeds (h = layout->hash_bits >= 1). */
uint64_t sim_layout_fingerprint(const sim_layout *layout, const sim_prober *prober, const void *bytes,
                                size_t length);

/*
 * Stores in positions[0..k-1] the bits the key (`bytes`, `length`)
 * probes in this layout.  `prober` supplies the hash function and the
 * filter instance's seeds; it must have been set up for
 * sim_layout_probed_bits bits and k probes (the standard layout uses its
 * scheme; the others always draw independent uniform probes).
 */
void sim_layout_positions(const sim_layout *layout, const sim_prober *prober, const void *bytes,
                          size_t length, uint64_t *positions);

#endif
