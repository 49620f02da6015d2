/*
 * filter.c - the bit array of a standard Bloom filter (see filter.h).
 *
 * Bit p lives in word p / 64 at bit p % 64.  With m not a multiple of 64 the
 * bits past m in the last word are never touched, so counting set bits
 * over whole words counts exactly the filter's X.  A query stops at the
 * first clear bit, as a real filter does.
 *
 * Filters of 2 MiB or more are mapped with mmap (zero pages from the
 * kernel, so a fresh filter costs no memset) and madvise(MADV_HUGEPAGE)
 * (Linux transparent huge pages, Documentation/admin-guide/mm/transhuge.rst):
 * with 4 KiB pages a 1.2 GB filter spans 300 000 pages and nearly every
 * random probe also misses the TLB; with 2 MiB pages it spans 600.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "filter.h"
#include "cpu_features.h"

static uint64_t word_count(uint64_t bits)
{
    return bits / 64 + (bits % 64 != 0);
}

uint64_t sim_bit_filter_memory(uint64_t bits)
{
    return word_count(bits) * sizeof(uint64_t);
}

/* Maps `bytes` (a multiple of the huge page size) of zero memory, advised
 * to use huge pages.  Returns NULL when memory is short. */
static void *map_huge(uint64_t bytes)
{
    void *memory = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED)
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(memory, bytes, MADV_HUGEPAGE);   /* advice only: failure changes nothing */
#endif
    return memory;
}

void *sim_huge_alloc(uint64_t bytes, uint64_t *mapped)
{
    *mapped = 0;
    if (bytes < SIM_HUGE_PAGE_BYTES)
        return calloc(bytes < 1 ? 1 : bytes, 1);
    *mapped = (bytes + SIM_HUGE_PAGE_BYTES - 1) / SIM_HUGE_PAGE_BYTES * SIM_HUGE_PAGE_BYTES;
    void *memory = map_huge(*mapped);
    if (memory == NULL)
        *mapped = 0;
    return memory;
}

void sim_huge_free(void *memory, uint64_t mapped)
{
    if (mapped != 0)
        munmap(memory, mapped);
    else
        free(memory);
}

int sim_bit_filter_init(sim_bit_filter *filter, uint64_t bits)
{
    filter->bits = bits;
    filter->words = sim_huge_alloc(sim_bit_filter_memory(bits), &filter->mapped);
    return filter->words == NULL ? -1 : 0;
}

void sim_bit_filter_free(sim_bit_filter *filter)
{
    sim_huge_free(filter->words, filter->mapped);
    filter->words = NULL;
    filter->mapped = 0;
}

void sim_bit_filter_reset(sim_bit_filter *filter)
{
    memset(filter->words, 0, sim_bit_filter_memory(filter->bits));
}

void sim_bit_filter_insert(sim_bit_filter *filter, const uint64_t *positions, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        sim_bit_filter_set(filter, positions[i]);
}

int sim_bit_filter_contains(const sim_bit_filter *filter, const uint64_t *positions, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        if (!sim_bit_filter_test(filter, positions[i]))
            return 0;
    return 1;
}

void sim_bit_filter_remove_naive(sim_bit_filter *filter, const uint64_t *positions, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        filter->words[positions[i] / 64] &= ~((uint64_t)1 << (positions[i] % 64));
}

/* The set bits of words[0..count-1]; compiled twice on x86-64, for the
 * baseline processor (a library call a word) and with the POPCNT
 * instruction, which sim_bit_filter_count_set takes when the processor has
 * it (the same count: a 1.2 GB filter is 150 million words); once
 * elsewhere (cpu_features.h). */
#define COUNT_SET_BODY                                      \
    uint64_t total = 0;                                     \
    for (uint64_t i = 0; i < count; i++)                    \
        total += (uint64_t)__builtin_popcountll(words[i]);  \
    return total;

static uint64_t count_set_plain(const uint64_t *words, uint64_t count)
{
    COUNT_SET_BODY
}

#if SIM_X86_64
__attribute__((target("popcnt"))) static uint64_t count_set_popcnt(const uint64_t *words, uint64_t count)
{
    COUNT_SET_BODY
}
#endif

uint64_t sim_bit_filter_count_set(const sim_bit_filter *filter)
{
    uint64_t words = word_count(filter->bits);
#if SIM_X86_64
    if (SIM_CPU_SUPPORTS("popcnt"))
        return count_set_popcnt(filter->words, words);
#endif
    return count_set_plain(filter->words, words);
}
