/*
 * layout_filters.c - the probes of the partitioned, blocked and split-block
 * layouts, and the width effects of a finite hash and of short indices
 * (layout_filters.h states each layout and its model).
 *
 * Every draw is an exactly uniform integer of its range taken from the
 * key's hash stream (hash.h, one 64-bit word per draw by Lemire's
 * rejection), so the layouts realise the independence the calculator's
 * rates assume (calc/include/bloomcalc/layout_rates.h):
 *
 *   partitioned  slice i (size s_i) gets one draw: P(bit clear after n
 *                keys) = (1 - 1/s_i)^n, slices independent, so
 *                p = prod_i (1 - (1 - 1/s_i)^n);
 *   blocked      the block index is a draw over b blocks, its k offsets
 *                draws over B: the block load is Binomial(n, 1/b) and,
 *                given the load, the block is a standard filter of B bits;
 *   split block  the block index as above, then a draw over B/k in each
 *                word: given a load i, p = (1 - (1 - k/B)^i)^k.
 *
 * Short indices: a draw over min(m, 2^N) is, for a power-of-two range,
 * floor(w 2^N / 2^64), the top N bits of the word w (Lemire's test rejects
 * nothing then), which is what N-bit index arithmetic produces from a
 * uniform hash.  A fingerprint of h bits replaces the key by the 8 bytes
 * of its top-h-bit hash before any probe is drawn, so every probe is a
 * function of those h bits (calc/src/hash_width.c, RocksDB's
 * FingerprintFpRate; FORMULAS.md §e).
 *
 * References: Putze, Sanders, Singler, WEA 2007 (blocked); Apache Parquet
 * BloomFilter.md and Apple's 2021 split-block analysis (split block);
 * Kirsch and Mitzenmacher 2006 (partitioned).
 */
#include <stdio.h>
#include <string.h>

#include "layout_filters.h"

uint64_t sim_layout_reachable(uint64_t bits, unsigned index_bits)
{
    if (index_bits == 0 || index_bits >= 64)
        return bits;
    uint64_t reach = (uint64_t)1 << index_bits;
    return reach < bits ? reach : bits;
}

/* The default block of a layout (calc/include/bloomcalc/layouts.h). */
static uint64_t default_block_bits(bloom_layout_kind kind)
{
    return kind == BLOOM_LAYOUT_SPLIT_BLOCK ? BLOOM_SPLIT_BLOCK_BITS : BLOOM_DEFAULT_BLOCK_BITS;
}

static int is_block_layout(bloom_layout_kind kind)
{
    return kind == BLOOM_LAYOUT_BLOCKED || kind == BLOOM_LAYOUT_SPLIT_BLOCK;
}

/* The reason the shape is refused, or NULL when it is accepted. */
static const char *shape_problem(const sim_layout *layout)
{
    if (layout->hash_bits > SIM_LAYOUT_MAX_WIDTH || layout->index_bits > SIM_LAYOUT_MAX_WIDTH)
        return "hash and index widths are at most 64 bits";
    if (layout->kind == BLOOM_LAYOUT_PARTITIONED && layout->reachable < layout->hashes)
        return "a partitioned filter needs at least k reachable bits (one per slice)";
    if (is_block_layout(layout->kind) && layout->reachable < layout->block_bits)
        return "a blocked or split-block filter needs at least one whole block of reachable bits";
    if (layout->kind == BLOOM_LAYOUT_SPLIT_BLOCK && layout->block_bits % layout->hashes != 0)
        return "a split block is k words of B/k bits: k must divide the block bits";
    return NULL;
}

int sim_layout_init(sim_layout *layout, bloom_layout_kind kind, uint64_t bits, unsigned hashes,
                    uint64_t block_bits, unsigned hash_bits, unsigned index_bits, char *reason,
                    size_t reason_size)
{
    memset(layout, 0, sizeof *layout);
    layout->kind = kind;
    layout->bits = bits;
    layout->hashes = hashes;
    layout->block_bits = block_bits != 0 ? block_bits : default_block_bits(kind);
    layout->hash_bits = hash_bits;
    layout->index_bits = index_bits;
    layout->reachable = sim_layout_reachable(bits, index_bits);
    layout->blocks = layout->reachable / layout->block_bits;
    const char *problem = shape_problem(layout);
    if (problem != NULL && reason_size > 0)
        snprintf(reason, reason_size, "%s", problem);
    return problem != NULL ? -1 : 0;
}

int sim_layout_uses_cursor(const sim_layout *layout)
{
    return layout->kind == BLOOM_LAYOUT_STANDARD && layout->hash_bits == 0;
}

int sim_layout_is_plain(const sim_layout *layout)
{
    return sim_layout_uses_cursor(layout) && layout->reachable == layout->bits;
}

uint64_t sim_layout_probed_bits(const sim_layout *layout, uint64_t bits)
{
    return layout != NULL ? layout->reachable : bits;
}

uint64_t sim_layout_fingerprint(const sim_layout *layout, const sim_prober *prober, const void *bytes,
                                size_t length)
{
    sim_hash_stream stream;
    sim_hash_stream_start(&stream, prober->function, bytes, length, &prober->seeds);
    uint64_t word = sim_hash_stream_next(&stream);
    return layout->hash_bits >= 64 ? word : word >> (64 - layout->hash_bits);
}

/* Bits [first, first + count) of slice i of k slices of `bits` bits,
 * the m mod k larger slices first. */
static uint64_t slice_start(uint64_t bits, unsigned slices, unsigned i, uint64_t *size)
{
    uint64_t base = bits / slices, larger = bits % slices;
    *size = base + (i < larger);
    return (uint64_t)i * base + (i < larger ? i : larger);
}

static void partitioned_positions(const sim_layout *layout, sim_hash_stream *stream, uint64_t *positions)
{
    for (unsigned i = 0; i < layout->hashes; i++) {
        uint64_t size;
        uint64_t first = slice_start(layout->reachable, layout->hashes, i, &size);
        positions[i] = first + sim_hash_stream_position(stream, size);
    }
}

static void blocked_positions(const sim_layout *layout, sim_hash_stream *stream, uint64_t *positions)
{
    uint64_t first = sim_hash_stream_position(stream, layout->blocks) * layout->block_bits;
    for (unsigned i = 0; i < layout->hashes; i++)
        positions[i] = first + sim_hash_stream_position(stream, layout->block_bits);
}

static void split_block_positions(const sim_layout *layout, sim_hash_stream *stream, uint64_t *positions)
{
    uint64_t word_bits = layout->block_bits / layout->hashes;
    uint64_t first = sim_hash_stream_position(stream, layout->blocks) * layout->block_bits;
    for (unsigned i = 0; i < layout->hashes; i++)
        positions[i] = first + i * word_bits + sim_hash_stream_position(stream, word_bits);
}

/* The positions of the key (or fingerprint) bytes, once the width is settled. */
static void positions_of(const sim_layout *layout, const sim_prober *prober, const void *bytes,
                         size_t length, uint64_t *positions)
{
    if (layout->kind == BLOOM_LAYOUT_STANDARD || prober->scheme >= SIM_PROBE_LIBRARY) {
        /* a library's own arithmetic places its probes in its layout's block itself */
        sim_prober_positions(prober, bytes, length, positions);
        return;
    }
    sim_hash_stream stream;
    sim_hash_stream_start(&stream, prober->function, bytes, length, &prober->seeds);
    if (layout->kind == BLOOM_LAYOUT_PARTITIONED)
        partitioned_positions(layout, &stream, positions);
    else if (layout->kind == BLOOM_LAYOUT_BLOCKED)
        blocked_positions(layout, &stream, positions);
    else
        split_block_positions(layout, &stream, positions);
}

void sim_layout_positions(const sim_layout *layout, const sim_prober *prober, const void *bytes,
                          size_t length, uint64_t *positions)
{
    if (layout->hash_bits == 0) {
        positions_of(layout, prober, bytes, length, positions);
        return;
    }
    uint64_t fingerprint = sim_layout_fingerprint(layout, prober, bytes, length);
    unsigned char encoded[8];
    for (unsigned i = 0; i < 8; i++)
        encoded[i] = (unsigned char)(fingerprint >> (8 * i));
    positions_of(layout, prober, encoded, sizeof encoded, positions);
}
