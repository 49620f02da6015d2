/*
 * filter.c - the bit array of a standard Bloom filter (see filter.h).
 *
 * Bit p lives in word p / 64 at bit p % 64.  With m not a multiple of 64 the
 * bits past m in the last word are never touched, so counting set bits
 * over whole words counts exactly the filter's X.  A query stops at the
 * first clear bit, as a real filter does.
 */
#include <stdlib.h>
#include <string.h>

#include "filter.h"

static uint64_t word_count(uint64_t bits)
{
    return bits / 64 + (bits % 64 != 0);
}

uint64_t sim_bit_filter_memory(uint64_t bits)
{
    return word_count(bits) * sizeof(uint64_t);
}

int sim_bit_filter_init(sim_bit_filter *filter, uint64_t bits)
{
    filter->bits = bits;
    filter->words = calloc(word_count(bits), sizeof *filter->words);
    return filter->words == NULL ? -1 : 0;
}

void sim_bit_filter_free(sim_bit_filter *filter)
{
    free(filter->words);
    filter->words = NULL;
}

void sim_bit_filter_reset(sim_bit_filter *filter)
{
    memset(filter->words, 0, sim_bit_filter_memory(filter->bits));
}

void sim_bit_filter_insert(sim_bit_filter *filter, const uint64_t *positions, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        filter->words[positions[i] / 64] |= (uint64_t)1 << (positions[i] % 64);
}

int sim_bit_filter_contains(const sim_bit_filter *filter, const uint64_t *positions, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        if ((filter->words[positions[i] / 64] >> (positions[i] % 64) & 1) == 0)
            return 0;
    return 1;
}

void sim_bit_filter_remove_naive(sim_bit_filter *filter, const uint64_t *positions, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        filter->words[positions[i] / 64] &= ~((uint64_t)1 << (positions[i] % 64));
}

uint64_t sim_bit_filter_count_set(const sim_bit_filter *filter)
{
    uint64_t total = 0, words = word_count(filter->bits);
    for (uint64_t i = 0; i < words; i++)
        total += (uint64_t)__builtin_popcountll(filter->words[i]);
    return total;
}
