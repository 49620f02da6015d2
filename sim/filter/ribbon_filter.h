/*
 * ribbon_filter.h - a standard Ribbon filter built for real (Dillinger and
 * Walzer, "Ribbon filter: practically smaller than Bloom and Xor", arXiv
 * 2103.02515, 2021), in the configuration of RocksDB 7.8's
 * Standard128Ribbon: coefficient rows of w = 128 bits whose first bit is
 * always 1, on-the-fly banding into `slots` rows, and back-substitution
 * into an interleaved solution of blocks of 128 slots, each block holding
 * one 128-bit segment per result bit (column): lower_columns segments in
 * the blocks below upper_start_block, one more from there (ribbon.h: the
 * same counts as the calculator's).  The math is in ribbon_filter.c.
 *
 * A key is (start s in 0..slots-128, coefficient row c of 128 bits with
 * bit 0 set, result bits r); it is in the filter when, for each column j
 * of the block holding s, the parity of c AND the solution's bits s..s+127
 * of column j equals bit j of r.  The simulator draws s, c and r from the
 * key's own hash stream (hash.h: s exactly uniform), not with RocksDB's
 * hash, so a Ribbon built here has RocksDB's shape, not its bits.
 * sim/engine/ribbon_build.h builds one from a key stream with RocksDB's
 * retry on a failed banding.
 */
#ifndef BLOOMSIM_RIBBON_FILTER_H
#define BLOOMSIM_RIBBON_FILTER_H

#include <stddef.h>
#include <stdint.h>

#include "hash.h"

#define SIM_RIBBON_WIDTH 128U           /* coefficient bits, slots per block */
#define SIM_RIBBON_MAX_COLUMNS 32U      /* result bits of a row (RocksDB's 32-bit rows) */

typedef unsigned __int128 sim_ribbon_row;

typedef struct sim_ribbon_key {
    uint64_t start;                     /* 0 .. slots - 128 */
    sim_ribbon_row coefficients;        /* bit t: the solution's slot start + t; bit 0 set */
    uint32_t result;                    /* bit j: column j's parity */
} sim_ribbon_key;

typedef struct sim_ribbon {
    uint64_t slots, blocks;             /* slots: a multiple of 128, at least 256 */
    unsigned lower_columns;             /* result bits a slot below upper_start_block */
    uint64_t upper_start_block;         /* lower_columns + 1 from this block on */
    sim_ribbon_row *band;               /* banding: the row whose leading bit is at slot i, or 0 */
    uint32_t *band_results;
    sim_ribbon_row *segments;           /* solution: block b, column j at b (lower_columns + 1) + j */
} sim_ribbon;

/* Allocates a Ribbon of `slots` slots (a multiple of 128, >= 256) with the columns given
 * (lower_columns + 1 <= 32, upper_start_block <= slots/128).  Returns 0, or -1 (no memory). */
int sim_ribbon_init(sim_ribbon *ribbon, uint64_t slots, unsigned lower_columns, uint64_t upper_start_block);
void sim_ribbon_free(sim_ribbon *ribbon);

/* Bytes sim_ribbon_init allocates for `slots` slots. */
uint64_t sim_ribbon_memory(uint64_t slots);

/* Empties the banding (a new filter instance). */
void sim_ribbon_reset(sim_ribbon *ribbon);

/* The key of (`bytes`, `length`) under the hash seeds: its start (exactly uniform), then two
 * words of coefficients (bit 0 forced to 1) and one of result bits, from its hash stream. */
void sim_ribbon_key_of(sim_ribbon_key *key, const sim_ribbon *ribbon, sim_hash_function function,
                       const sim_hash_seeds *seeds, const void *bytes, size_t length);

/* Bands the key in.  Returns 0, or -1 when it contradicts the keys already banded (its row
 * reduced to zero with a nonzero result: the construction failed, retry with another seed). */
int sim_ribbon_add(sim_ribbon *ribbon, const sim_ribbon_key *key);

/* Back-substitution: solves every column from the banding into the interleaved segments. */
void sim_ribbon_solve(sim_ribbon *ribbon);

/* Nonzero when the solved filter answers "maybe present" for the key. */
int sim_ribbon_contains(const sim_ribbon *ribbon, const sim_ribbon_key *key);

/* The columns a query starting at `start` compares (lower_columns or one more). */
unsigned sim_ribbon_columns_at(const sim_ribbon *ribbon, uint64_t start);

#endif
