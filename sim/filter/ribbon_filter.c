/*
 * ribbon_filter.c - a standard Ribbon filter (ribbon_filter.h), written
 * from the construction of Dillinger and Walzer, "Ribbon filter:
 * practically smaller than Bloom and Xor" (arXiv 2103.02515, 2021), §2-4,
 * and the configuration RocksDB 7.8 deploys (util/ribbon_alg.h,
 * ribbon_impl.h, read in Debian's rocksdb 7.8.3 source; no code taken).
 *
 * The filter is a solution Z (one bit vector of `slots` bits per result
 * column j) of the linear system over GF(2) with one equation per key x:
 *     parity(c(x) AND Z_j[s(x) .. s(x) + 127]) = r_j(x),
 * s(x) uniform in 0..slots-128, c(x) 128 random bits with bit 0 forced to
 * 1, r(x) random result bits.
 *
 * Banding (on the fly, the paper's Algorithm 1): the band holds at most one
 * row per slot, the row whose first set bit is that slot.  A key's row
 * goes to slot s; while that slot is taken, the row is XORed with the one
 * there (results too), which clears its first bit, and it is shifted to
 * its next set bit, moving its slot forward by as much.  A row that becomes
 * zero is redundant when its result is zero too, else the system has no
 * solution: the construction fails (RocksDB then retries with another
 * seed; the caller does likewise).  Rows only ever end at or before the
 * end of a key's 128 slots, so the band never runs past the last slot.
 *
 * Back-substitution (the paper's §2.3), from the last slot to the first:
 * Z_j[i] = r_j[i] XOR parity(row_i AND Z_j[i+1 .. i+127]) for a banded row,
 * 0 for an empty slot (a free variable: any value meets every equation).
 * Each column keeps a 128-bit window, bit t holding Z_j[i + t], shifted one
 * slot per step; when i reaches the start of a block of 128 slots the
 * window is that block's segment of column j (the interleaved storage of
 * RocksDB's InterleavedSolutionStorage: block by block, a segment per
 * column).  Every block is solved with lower_columns + 1 columns; the
 * blocks below upper_start_block keep and are queried with lower_columns
 * only.  A key starting in block b reads blocks b and b + 1 only, so the
 * keys of the upper blocks never read a dropped segment, and the lower
 * blocks' keys read only the columns kept.
 *
 * Rate: for a key never inserted, each compared result bit is an
 * independent fair coin (its result bits are independent of the filter),
 * so it is a false positive with probability exactly 2^-columns(s), and
 * over its uniform start the rate is calc's bloom_ribbon_rate (ribbon.h,
 * FORMULAS.md §m) exactly; RocksDB's 64-bit hash adds collisions
 * (about n/2^64), which this filter, drawing from a wider stream, does not
 * have.
 */
#include <stdlib.h>
#include <string.h>

#include "ribbon_filter.h"

static int row_parity(sim_ribbon_row row)
{
    return __builtin_parityll((uint64_t)row ^ (uint64_t)(row >> 64));
}

static unsigned row_trailing_zeros(sim_ribbon_row row)
{
    uint64_t low = (uint64_t)row;
    return low != 0 ? (unsigned)__builtin_ctzll(low) : 64U + (unsigned)__builtin_ctzll((uint64_t)(row >> 64));
}

static unsigned solved_columns(const sim_ribbon *ribbon)
{
    return ribbon->lower_columns + 1;
}

uint64_t sim_ribbon_memory(uint64_t slots)
{
    return slots * (sizeof(sim_ribbon_row) + sizeof(uint32_t))
         + slots / SIM_RIBBON_WIDTH * SIM_RIBBON_MAX_COLUMNS * sizeof(sim_ribbon_row);
}

int sim_ribbon_init(sim_ribbon *ribbon, uint64_t slots, unsigned lower_columns, uint64_t upper_start_block)
{
    memset(ribbon, 0, sizeof *ribbon);
    ribbon->slots = slots;
    ribbon->blocks = slots / SIM_RIBBON_WIDTH;
    ribbon->lower_columns = lower_columns;
    ribbon->upper_start_block = upper_start_block;
    ribbon->band = calloc(slots, sizeof *ribbon->band);
    ribbon->band_results = calloc(slots, sizeof *ribbon->band_results);
    ribbon->segments = calloc(ribbon->blocks * solved_columns(ribbon), sizeof *ribbon->segments);
    if (ribbon->band == NULL || ribbon->band_results == NULL || ribbon->segments == NULL) {
        sim_ribbon_free(ribbon);
        return -1;
    }
    return 0;
}

void sim_ribbon_free(sim_ribbon *ribbon)
{
    free(ribbon->band);
    free(ribbon->band_results);
    free(ribbon->segments);
    ribbon->band = NULL;
    ribbon->band_results = NULL;
    ribbon->segments = NULL;
}

void sim_ribbon_reset(sim_ribbon *ribbon)
{
    memset(ribbon->band, 0, ribbon->slots * sizeof *ribbon->band);
}

unsigned sim_ribbon_columns_at(const sim_ribbon *ribbon, uint64_t start)
{
    return start / SIM_RIBBON_WIDTH < ribbon->upper_start_block ? ribbon->lower_columns
                                                                 : ribbon->lower_columns + 1;
}

void sim_ribbon_key_of(sim_ribbon_key *key, const sim_ribbon *ribbon, sim_hash_function function,
                       const sim_hash_seeds *seeds, const void *bytes, size_t length)
{
    sim_hash_stream stream;
    sim_hash_stream_start(&stream, function, bytes, length, seeds);
    key->start = sim_hash_stream_position(&stream, ribbon->slots - SIM_RIBBON_WIDTH + 1);
    uint64_t low = sim_hash_stream_next(&stream), high = sim_hash_stream_next(&stream);
    key->coefficients = ((sim_ribbon_row)high << 64 | low) | 1U;
    key->result = (uint32_t)sim_hash_stream_next(&stream);
}

int sim_ribbon_add(sim_ribbon *ribbon, const sim_ribbon_key *key)
{
    unsigned columns = solved_columns(ribbon);
    uint32_t mask = columns >= 32 ? UINT32_MAX : (UINT32_C(1) << columns) - 1;
    uint64_t slot = key->start;
    sim_ribbon_row row = key->coefficients;
    uint32_t result = key->result & mask;
    for (;;) {
        if (ribbon->band[slot] == 0) {
            ribbon->band[slot] = row;
            ribbon->band_results[slot] = result;
            return 0;
        }
        row ^= ribbon->band[slot];
        result ^= ribbon->band_results[slot];
        if (row == 0)
            return result == 0 ? 0 : -1;
        unsigned shift = row_trailing_zeros(row);
        row >>= shift;
        slot += shift;
    }
}

void sim_ribbon_solve(sim_ribbon *ribbon)
{
    unsigned columns = solved_columns(ribbon);
    sim_ribbon_row window[SIM_RIBBON_MAX_COLUMNS];
    memset(window, 0, sizeof window);
    for (uint64_t slot = ribbon->slots; slot-- > 0;) {
        sim_ribbon_row row = ribbon->band[slot];
        uint32_t result = ribbon->band_results[slot];
        for (unsigned j = 0; j < columns; j++) {
            window[j] <<= 1;
            if (row != 0)
                window[j] |= (sim_ribbon_row)(unsigned)(row_parity(row & window[j]) ^ (int)(result >> j & 1U));
        }
        if (slot % SIM_RIBBON_WIDTH == 0)
            memcpy(&ribbon->segments[slot / SIM_RIBBON_WIDTH * columns], window, columns * sizeof window[0]);
    }
}

int sim_ribbon_contains(const sim_ribbon *ribbon, const sim_ribbon_key *key)
{
    unsigned stride = solved_columns(ribbon), columns = sim_ribbon_columns_at(ribbon, key->start);
    uint64_t block = key->start / SIM_RIBBON_WIDTH;
    unsigned offset = (unsigned)(key->start % SIM_RIBBON_WIDTH);
    const sim_ribbon_row *here = &ribbon->segments[block * stride];
    const sim_ribbon_row *next = offset != 0 ? here + stride : NULL;
    for (unsigned j = 0; j < columns; j++) {
        sim_ribbon_row bits = here[j] >> offset;
        if (next != NULL)
            bits |= next[j] << (SIM_RIBBON_WIDTH - offset);
        if (row_parity(bits & key->coefficients) != (int)(key->result >> j & 1U))
            return 0;
    }
    return 1;
}
