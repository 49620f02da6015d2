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

#include "layout_filters.h"
#include "probes.h"

typedef enum sim_probe_family {
    SIM_FAMILY_PROBER = 0,
    SIM_FAMILY_PARTITIONED = 1,
    SIM_FAMILY_BLOCKED = 2,
    SIM_FAMILY_SPLIT_BLOCK = 3
} sim_probe_family;

/* How one filter's keys become positions.  Fill with sim_key_probes_init. */
typedef struct sim_key_probes {
    sim_probe_family family;
    const sim_prober *prober;  /* hash function and seeds (its seed may change between trials) */
    unsigned hashes;           /* k */
    unsigned hash_bits;        /* h >= 1: probes come from an h-bit fingerprint; 0: from the key */
    uint64_t span;             /* B for block families, 0 for scattered ones */
    uint64_t blocks;           /* block families: the number of blocks */
    uint64_t word_bits;        /* split block: B / k */
    uint64_t slice_base;       /* partitioned: floor(reachable / k) */
    unsigned slice_larger;     /* partitioned: reachable mod k (the larger slices, first) */
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

/* The next position of a layout family (use sim_key_cursor_next). */
uint64_t sim_key_cursor_next_layout(sim_key_cursor *cursor, const sim_key_probes *probes);

/* The key's next position (at most k calls per start). */
static inline uint64_t sim_key_cursor_next(sim_key_cursor *cursor, const sim_key_probes *probes)
{
    if (probes->family != SIM_FAMILY_PROBER)
        return sim_key_cursor_next_layout(cursor, probes);
    cursor->index++;
    return sim_probe_cursor_next(&cursor->probe);
}

/* Stores the key's k positions in positions[0..k-1] (start and k nexts). */
void sim_key_probes_positions(const sim_key_probes *probes, const void *bytes, size_t length,
                              uint64_t *positions);

#endif
