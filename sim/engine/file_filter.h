/*
 * file_filter.h - one filter of a deployment (file_deployment.h), rebuilt for
 * file after file in the same memory: a bit filter (standard, or a layout
 * of layout_filters.h) or a Ribbon, with its prober factored once and its
 * seed set per file, so that a deployment of thousands of files costs one
 * file's filter of memory and no allocation per file.
 */
#ifndef BLOOMSIM_FILE_FILTER_H
#define BLOOMSIM_FILE_FILTER_H

#include <stdint.h>

#include "filter.h"
#include "keys.h"
#include "lsm_tree.h"
#include "ribbon_filter.h"

typedef struct sim_file_filter {
    const sim_lsm_level *shape;   /* keys, bits, hashes, layout (NULL: standard) */
    sim_bit_filter bits;
    sim_ribbon ribbon;
    sim_prober prober;
} sim_file_filter;

/* Bytes sim_file_filter_init allocates for the shape. */
uint64_t sim_file_filter_memory(const sim_lsm_level *shape);

/* Allocates the filter of `shape` (which must outlive it) on a zeroed
 * structure.  Returns 0, or -1 out of memory (free it either way). */
int sim_file_filter_init(sim_file_filter *filter, const sim_lsm_level *shape, sim_probe_scheme scheme,
                         sim_hash_function function, int guard);
void sim_file_filter_free(sim_file_filter *filter);

/* Empties the filter and inserts keys [first, first + shape->keys) of `inserted` under hash
 * seed `seed` (a Ribbon's failed seeds added to *retries).  positions[] holds shape->hashes
 * words.  Returns 0, or -1 when stopped (interrupt.h) or a Ribbon failed every seed. */
int sim_file_filter_build(sim_file_filter *filter, uint64_t seed, const sim_key_stream *inserted,
                          uint64_t first, uint64_t *positions, uint64_t *retries);

/* Nonzero when the filter answers "maybe" for the key (always, for a shape without a filter). */
int sim_file_filter_says_maybe(const sim_file_filter *filter, const sim_key *key, uint64_t *positions);

#endif
