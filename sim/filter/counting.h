/*
 * counting.h - a counting Bloom filter (L. Fan, P. Cao, J. Almeida,
 * A. Z. Broder, "Summary cache: a scalable wide-area Web cache sharing
 * protocol", IEEE/ACM ToN 8(3), 2000): m counters of c bits instead of m
 * bits.  Insert increments the counters at the key's k positions, delete
 * decrements them, and a query answers "maybe present" when all k are
 * nonzero.  Its false-positive rate equals the bit filter's (a counter is
 * nonzero exactly when the bit would be set), and deleting a key that was
 * inserted never creates a false negative: every other key still holds its
 * own increments.
 *
 * Overflow: a counter that reaches 2^c - 1 sticks there (it is never
 * incremented or decremented again) and the event is counted.  A stuck
 * counter can only cause false positives, never false negatives.
 * FORMULAS.md §f bounds the probability of any overflow.
 */
#ifndef BLOOMSIM_COUNTING_H
#define BLOOMSIM_COUNTING_H

#include <stdint.h>

#include "sim_limits.h"   /* SIM_COUNTER_BITS_MIN..MAX: the counter widths accepted */

typedef struct sim_counting_filter {
    uint64_t *words;           /* 64 / c counters per word */
    uint64_t counters;         /* m */
    unsigned counter_bits;     /* c */
    uint64_t overflows;        /* increments refused because the counter was saturated */
} sim_counting_filter;

/* Bytes the counters of an m-counter, c-bit filter occupy. */
uint64_t sim_counting_filter_memory(uint64_t counters, unsigned counter_bits);

/* Allocates m = `counters` >= 1 zero counters of `counter_bits` bits
 * (SIM_COUNTER_BITS_MIN..MAX).  Returns 0, or -1 when memory is short. */
int sim_counting_filter_init(sim_counting_filter *filter, uint64_t counters, unsigned counter_bits);

/* Frees the counters. */
void sim_counting_filter_free(sim_counting_filter *filter);

/* Sets every counter (and the overflow count) to zero. */
void sim_counting_filter_reset(sim_counting_filter *filter);

/* The value of counter `index`. */
uint64_t sim_counting_filter_counter(const sim_counting_filter *filter, uint64_t index);

/* Increments the counters at positions[0..count-1] (saturating, see above). */
void sim_counting_filter_insert(sim_counting_filter *filter, const uint64_t *positions, unsigned count);

/*
 * Decrements the counters at positions[0..count-1], leaving saturated ones
 * alone.  Returns 0, or -1 (and changes nothing) when one of them is zero:
 * the key was not inserted, and deleting it would corrupt other keys.
 */
int sim_counting_filter_remove(sim_counting_filter *filter, const uint64_t *positions, unsigned count);

/* Returns 1 when every counter at positions[0..count-1] is nonzero, else 0. */
int sim_counting_filter_contains(const sim_counting_filter *filter, const uint64_t *positions,
                                 unsigned count);

/* Returns the number of nonzero counters (the X of the equivalent bit filter). */
uint64_t sim_counting_filter_count_nonzero(const sim_counting_filter *filter);

#endif
