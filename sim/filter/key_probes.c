/*
 * key_probes.c - the positions of every layout handed out one at a time
 * (key_probes.h says what each family computes and how an engine uses
 * the span).
 *
 * The draws are those of layout_filters.c, in the same order, from the
 * same hash stream: partitioned probe i is first_i + U(size_i), with the
 * m mod k larger slices first (first_i = i floor(m/k) + min(i, m mod k),
 * precomputed here instead of a division per probe); a blocked key draws
 * U(b) for its block, then U(B) k times; a split-block key draws U(b),
 * then U(B/k) in word i.  Each U(r) is one word of the stream reduced by
 * Lemire's exact rejection (hash.h, sim_hash_stream_position).  With a
 * fingerprint of h bits the stream is that of the 8 little-endian bytes
 * of the key's top-h-bit hash, as sim_layout_positions does (FORMULAS e).
 * Equality with sim_layout_positions, for every layout and width, is
 * checked by tests/sim_layout_tests.c and tests/sim_bulk_tests.c.
 */
#include "key_probes.h"

static sim_probe_family family_of(const sim_layout *layout)
{
    if (layout == NULL || layout->kind == BLOOM_LAYOUT_STANDARD)
        return SIM_FAMILY_PROBER;
    if (layout->kind == BLOOM_LAYOUT_PARTITIONED)
        return SIM_FAMILY_PARTITIONED;
    return layout->kind == BLOOM_LAYOUT_BLOCKED ? SIM_FAMILY_BLOCKED : SIM_FAMILY_SPLIT_BLOCK;
}

void sim_key_probes_init(sim_key_probes *probes, const sim_layout *layout, const sim_prober *prober)
{
    probes->family = family_of(layout);
    probes->prober = prober;
    probes->hashes = prober->hashes;
    probes->hash_bits = layout != NULL ? layout->hash_bits : 0;
    probes->span = 0;
    probes->blocks = 0;
    probes->word_bits = 0;
    probes->slice_base = 0;
    probes->slice_larger = 0;
    if (probes->family == SIM_FAMILY_PARTITIONED) {
        probes->slice_base = layout->reachable / layout->hashes;
        probes->slice_larger = (unsigned)(layout->reachable % layout->hashes);
    } else if (probes->family != SIM_FAMILY_PROBER) {
        probes->span = layout->block_bits;
        probes->blocks = layout->blocks;
        probes->word_bits = layout->block_bits / layout->hashes;
    }
}

/* The stream (or, for the prober family, the cursor) of the key or of its fingerprint. */
static void start_stream(sim_key_cursor *cursor, const sim_key_probes *probes, const void *bytes,
                         size_t length)
{
    const sim_prober *prober = probes->prober;
    if (probes->hash_bits != 0) {
        sim_hash_stream stream;
        sim_hash_stream_start(&stream, prober->function, bytes, length, &prober->seeds);
        uint64_t word = sim_hash_stream_next(&stream);
        uint64_t fingerprint = probes->hash_bits >= 64 ? word : word >> (64 - probes->hash_bits);
        for (unsigned i = 0; i < 8; i++)
            cursor->fingerprint[i] = (unsigned char)(fingerprint >> (8 * i));
        bytes = cursor->fingerprint;
        length = sizeof cursor->fingerprint;
    }
    if (probes->family == SIM_FAMILY_PROBER)
        sim_probe_cursor_start(&cursor->probe, prober, bytes, length);
    else
        sim_hash_stream_start(&cursor->probe.stream, prober->function, bytes, length, &prober->seeds);
}

void sim_key_cursor_start(sim_key_cursor *cursor, const sim_key_probes *probes, const void *bytes,
                          size_t length)
{
    cursor->index = 0;
    cursor->first = 0;
    start_stream(cursor, probes, bytes, length);
    if (probes->span != 0)
        cursor->first = sim_hash_stream_position(&cursor->probe.stream, probes->blocks) * probes->span;
}

uint64_t sim_key_cursor_next_layout(sim_key_cursor *cursor, const sim_key_probes *probes)
{
    unsigned i = cursor->index++;
    sim_hash_stream *stream = &cursor->probe.stream;
    switch (probes->family) {
    case SIM_FAMILY_PARTITIONED: {
        uint64_t size = probes->slice_base + (i < probes->slice_larger);
        uint64_t first = (uint64_t)i * probes->slice_base + (i < probes->slice_larger ? i : probes->slice_larger);
        return first + sim_hash_stream_position(stream, size);
    }
    case SIM_FAMILY_BLOCKED:
        return cursor->first + sim_hash_stream_position(stream, probes->span);
    case SIM_FAMILY_SPLIT_BLOCK:
        return cursor->first + i * probes->word_bits + sim_hash_stream_position(stream, probes->word_bits);
    case SIM_FAMILY_PROBER:
    default:
        return sim_probe_cursor_next(&cursor->probe);
    }
}

void sim_key_probes_positions(const sim_key_probes *probes, const void *bytes, size_t length,
                              uint64_t *positions)
{
    sim_key_cursor cursor;
    sim_key_cursor_start(&cursor, probes, bytes, length);
    for (unsigned i = 0; i < probes->hashes; i++)
        positions[i] = sim_key_cursor_next(&cursor, probes);
}
