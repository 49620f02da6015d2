/*
 * filter.h - a standard Bloom filter: an array of exactly m bits (any m >= 1),
 * where inserting a key sets the bits at its k probe positions and a query
 * answers "maybe present" when all k are set (B. H. Bloom, "Space/time
 * trade-offs in hash coding with allowable errors", CACM 13(7), 1970).
 * Positions come from probes.h; this module only stores bits.
 *
 * Large filters live in their own mapping advised to use transparent huge
 * pages, which makes first touch several times faster (PERFORMANCE.md §m) and
 * lets the TLB cover a gigabyte filter with a few hundred entries.
 *
 * It also offers the naive delete (clear the key's k bits), which is wrong:
 * a cleared bit may belong to another key, which then reads as absent, a
 * false negative.  It exists to count those.
 */
#ifndef BLOOMSIM_FILTER_H
#define BLOOMSIM_FILTER_H

#include <stdint.h>

typedef struct sim_bit_filter {
    uint64_t *words;     /* ceil(m / 64) words; bits past m stay 0 */
    uint64_t bits;       /* m */
    uint64_t mapped;     /* bytes mapped with mmap (large filters), 0 when from calloc */
} sim_bit_filter;

/* Filters of at least this many bytes are mapped on their own, 2 MiB
 * aligned, with madvise(MADV_HUGEPAGE) (see filter.c). */
#define SIM_HUGE_PAGE_BYTES ((uint64_t)2 << 20)

/* At least `bytes` of zeroed memory: mapped on its own with huge pages
 * advised (as a filter's words) from SIM_HUGE_PAGE_BYTES up, *mapped then
 * receiving the bytes mapped, else from calloc with *mapped = 0.  NULL when
 * memory is short.  Free with sim_huge_free(memory, *mapped). */
void *sim_huge_alloc(uint64_t bytes, uint64_t *mapped);
void sim_huge_free(void *memory, uint64_t mapped);

/* Bytes the words of an m-bit filter occupy. */
uint64_t sim_bit_filter_memory(uint64_t bits);

/* Allocates an all-zero filter of `bits` >= 1 bits.  Returns 0, or -1 when
 * memory is short. */
int sim_bit_filter_init(sim_bit_filter *filter, uint64_t bits);

/* Frees the filter's words. */
void sim_bit_filter_free(sim_bit_filter *filter);

/* Clears every bit (the filter is empty again). */
void sim_bit_filter_reset(sim_bit_filter *filter);

/* Sets the bits at positions[0..count-1] (each below m). */
void sim_bit_filter_insert(sim_bit_filter *filter, const uint64_t *positions, unsigned count);

/* Returns 1 when every bit at positions[0..count-1] is set ("maybe present"),
 * 0 as soon as one is clear ("certainly absent"). */
int sim_bit_filter_contains(const sim_bit_filter *filter, const uint64_t *positions, unsigned count);

/* The naive delete: clears the bits at positions[0..count-1]. */
void sim_bit_filter_remove_naive(sim_bit_filter *filter, const uint64_t *positions, unsigned count);

/* Sets bit `position` (< m).  Inline: the innermost step of an insert. */
static inline void sim_bit_filter_set(sim_bit_filter *filter, uint64_t position)
{
    filter->words[position / 64] |= (uint64_t)1 << (position % 64);
}

/* Returns bit `position` (< m), 0 or 1.  Inline: the innermost step of a query. */
static inline int sim_bit_filter_test(const sim_bit_filter *filter, uint64_t position)
{
    return (int)(filter->words[position / 64] >> (position % 64) & 1);
}

/* Returns the number of set bits, X. */
uint64_t sim_bit_filter_count_set(const sim_bit_filter *filter);

#endif
