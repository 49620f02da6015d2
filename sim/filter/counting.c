/*
 * counting.c - counters packed into 64-bit words (see counting.h).
 *
 * With c-bit counters a word holds floor(64 / c) of them; counter i is in
 * word i / per_word at bit offset c * (i % per_word).  The largest value is
 * 2^c - 1, the sticky saturation value.  Removal first checks every
 * counter, so a refused removal changes nothing (a key hitting one counter
 * twice needs it to be at least 2: its multiplicity is checked too).
 */
#include <stdlib.h>
#include <string.h>

#include "counting.h"

static unsigned counters_per_word(unsigned counter_bits)
{
    return 64 / counter_bits;
}

static uint64_t counter_mask(unsigned counter_bits)
{
    return ((uint64_t)1 << counter_bits) - 1;
}

static uint64_t word_count(uint64_t counters, unsigned counter_bits)
{
    unsigned per_word = counters_per_word(counter_bits);
    return counters / per_word + (counters % per_word != 0);
}

uint64_t sim_counting_filter_memory(uint64_t counters, unsigned counter_bits)
{
    return word_count(counters, counter_bits) * sizeof(uint64_t);
}

int sim_counting_filter_init(sim_counting_filter *filter, uint64_t counters, unsigned counter_bits)
{
    filter->counters = counters;
    filter->counter_bits = counter_bits;
    filter->overflows = 0;
    filter->words = calloc(word_count(counters, counter_bits), sizeof *filter->words);
    return filter->words == NULL ? -1 : 0;
}

void sim_counting_filter_free(sim_counting_filter *filter)
{
    free(filter->words);
    filter->words = NULL;
}

void sim_counting_filter_reset(sim_counting_filter *filter)
{
    memset(filter->words, 0, sim_counting_filter_memory(filter->counters, filter->counter_bits));
    filter->overflows = 0;
}

uint64_t sim_counting_filter_counter(const sim_counting_filter *filter, uint64_t index)
{
    unsigned per_word = counters_per_word(filter->counter_bits);
    unsigned shift = filter->counter_bits * (unsigned)(index % per_word);
    return filter->words[index / per_word] >> shift & counter_mask(filter->counter_bits);
}

/* Adds `delta` (+1 or -1, as a two's-complement word) to counter `index`. */
static void add_to_counter(sim_counting_filter *filter, uint64_t index, uint64_t delta)
{
    unsigned per_word = counters_per_word(filter->counter_bits);
    unsigned shift = filter->counter_bits * (unsigned)(index % per_word);
    filter->words[index / per_word] += delta << shift;
}

void sim_counting_filter_insert(sim_counting_filter *filter, const uint64_t *positions, unsigned count)
{
    uint64_t saturated = counter_mask(filter->counter_bits);
    for (unsigned i = 0; i < count; i++) {
        if (sim_counting_filter_counter(filter, positions[i]) == saturated)
            filter->overflows++;
        else
            add_to_counter(filter, positions[i], 1);
    }
}

/* How many of positions[0..count-1] equal positions[index] (including itself). */
static unsigned multiplicity(const uint64_t *positions, unsigned count, unsigned index)
{
    unsigned same = 0;
    for (unsigned i = 0; i < count; i++)
        same += positions[i] == positions[index];
    return same;
}

int sim_counting_filter_remove(sim_counting_filter *filter, const uint64_t *positions, unsigned count)
{
    uint64_t saturated = counter_mask(filter->counter_bits);
    for (unsigned i = 0; i < count; i++) {
        uint64_t value = sim_counting_filter_counter(filter, positions[i]);
        if (value != saturated && value < multiplicity(positions, count, i))
            return -1;
    }
    for (unsigned i = 0; i < count; i++)
        if (sim_counting_filter_counter(filter, positions[i]) != saturated)
            add_to_counter(filter, positions[i], ~(uint64_t)0);
    return 0;
}

int sim_counting_filter_contains(const sim_counting_filter *filter, const uint64_t *positions,
                                 unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        if (sim_counting_filter_counter(filter, positions[i]) == 0)
            return 0;
    return 1;
}

uint64_t sim_counting_filter_count_nonzero(const sim_counting_filter *filter)
{
    uint64_t nonzero = 0;
    for (uint64_t i = 0; i < filter->counters; i++)
        nonzero += sim_counting_filter_counter(filter, i) != 0;
    return nonzero;
}
