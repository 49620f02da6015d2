/*
 * monkey.h - how to spend a memory budget on the Bloom filters of a
 * levelled LSM tree, and what each choice costs a lookup.
 *
 * A tree of L levels with size ratio T holds N keys, level i (1 = newest,
 * L = largest) n_i = N T^(i-1) (T - 1)/(T^L - 1) of them (N/L with T = 1:
 * equal levels, the sorted runs of a tiered tree).  A tree of real filters
 * gives level i round(n_i) keys, ties to even (bloom_lsm_level_whole_keys):
 * "bloomcalc lsm" with a filter description and "bloomsim lsm" build the
 * same levels.  The filters
 * share M bits (M/N bits per key), each level's filter sized with the
 * real-k formula bits = n_i ln(1/p_i)/ln^2 2.  Three allocations of that
 * memory, and one that spends less:
 *
 *   uniform        every level p = e^(-(M/N) ln^2 2)
 *   Monkey         p_i proportional to n_i (Dayan, Athanassoulis and Idreos,
 *                  SIGMOD 2017), the levels for which that exceeds 1 left
 *                  without a filter (p = 1)
 *   no last level  the largest level unfiltered, its memory moved up: the
 *                  budget spread uniformly over the other levels
 *   last level dropped  RocksDB's optimize_filters_for_hits: the largest
 *                  level's filters dropped, the others unchanged (uniform
 *                  rate); the memory saved is n_L (M/N)
 *
 * Coverage (optional): a level's files cover a share cov_i of the key space
 * (a levelled tree whose upper levels hold few key ranges); a lookup
 * consults level i's filter only when the key falls in one of its files,
 * with probability cov_i (default 1).  Lookups (expected I/Os, one per
 * positive filter consulted, by linearity; FORMULAS.md §c and §n):
 *   absent key                 sum_i cov_i p_i   (filters consulted: sum_i cov_i)
 *   key on level j             1 + sum_{i<j} cov_i p_i; its mean over keys
 *                              spread by level size; the worst case j = L
 *   mixed, hit ratio h         h (mean hit) + (1 - h) (absent)
 */
#ifndef BLOOMCALC_MONKEY_H
#define BLOOMCALC_MONKEY_H

#include "export.h"

#include "certified.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bloom_lsm_tree {
    unsigned long levels;        /* L >= 1 */
    unsigned long size_ratio;    /* T >= 1 (1: equal levels) */
    mpz_t keys;                  /* N >= 1 */
    mpq_t bits_per_key;          /* the budget M/N, or */
    mpq_t uniform_rate;          /* the budget as the uniform allocation's rate */
    int budget_is_rate;          /* 1 when uniform_rate defines the budget */
    unsigned long monkey_filtered;   /* Monkey keeps filters on levels 1..this */
    mpq_t *coverage;             /* NULL: every level covers the key space; else cov_1..cov_L */
} bloom_lsm_tree;

BLOOM_EXPORT void bloom_lsm_tree_init(bloom_lsm_tree *tree);
BLOOM_EXPORT void bloom_lsm_tree_clear(bloom_lsm_tree *tree);

/*
 * Sets the tree and its budget: bits_per_key (> 0) or, if it is NULL,
 * uniform_rate (in (0, 1)).  Decides, by certified comparisons, how many
 * levels keep a Monkey filter.  Returns a bloom_status.
 */
BLOOM_EXPORT int bloom_lsm_tree_set(bloom_lsm_tree *tree, unsigned long levels, unsigned long size_ratio,
                       mpz_srcptr keys, mpq_srcptr bits_per_key, mpq_srcptr uniform_rate);

/* Sets the levels' coverages cov_1..cov_L (each in [0, 1]; the tree must be
 * set); NULL restores full coverage. */
BLOOM_EXPORT void bloom_lsm_tree_set_coverage(bloom_lsm_tree *tree, const mpq_t *coverage);

/* rop = n_i = N T^(i-1) (T - 1)/(T^L - 1) (N/L with T = 1), exactly (level from 1 to L). */
BLOOM_EXPORT void bloom_lsm_level_keys(mpq_ptr rop, const bloom_lsm_tree *tree, unsigned long level);

/* rop = round(n_i), ties to even: the whole keys of level `level` in a tree
 * of real filters.  Returns nonzero when that is 0 (callers refuse the tree). */
BLOOM_EXPORT int bloom_lsm_level_whole_keys(mpz_ptr rop, const bloom_lsm_tree *tree, unsigned long level);

typedef enum bloom_lsm_allocation {
    BLOOM_ALLOCATION_UNIFORM,
    BLOOM_ALLOCATION_MONKEY,
    BLOOM_ALLOCATION_NO_LAST_LEVEL,
    BLOOM_ALLOCATION_LAST_LEVEL_DROPPED,
    BLOOM_ALLOCATION_COUNT
} bloom_lsm_allocation;

/* What a lookup quantity is asked about. */
typedef struct bloom_lsm_query {
    const bloom_lsm_tree *tree;
    bloom_lsm_allocation allocation;
    unsigned long level;         /* for the per-level quantities */
    mpq_srcptr hit_ratio;        /* for the mixed workload, in [0, 1] */
    const bloom_quantity *level_rates;  /* NULL: the allocation's p_i; else level i's rate is
                                         * level_rates[i - 1] (the filters as deployed) */
} bloom_lsm_query;

/* The levels that keep a filter under the allocation: 1..this. */
BLOOM_EXPORT unsigned long bloom_lsm_filtered_levels(const bloom_lsm_tree *tree, bloom_lsm_allocation allocation);

/* rop = the share of the budget M/N the allocation spends: 1, or for
 * last-level-dropped N_(L-1)/N (the memory saved is the rest). */
BLOOM_EXPORT void bloom_lsm_memory_share(mpq_ptr rop, const bloom_lsm_tree *tree, bloom_lsm_allocation allocation);

/* Enclose functions; arguments is a const bloom_lsm_query *. */
BLOOM_EXPORT int bloom_enclose_lsm_level_rate(mpfi_ptr result, const void *arguments);         /* p_i (1: no filter) */
BLOOM_EXPORT int bloom_enclose_lsm_level_bits_per_key(mpfi_ptr result, const void *arguments); /* ln(1/p_i)/ln^2 2 */
BLOOM_EXPORT int bloom_enclose_lsm_bits_per_key(mpfi_ptr result, const void *arguments);       /* the budget M/N */
BLOOM_EXPORT int bloom_enclose_lsm_miss(mpfi_ptr result, const void *arguments);               /* sum_i cov_i p_i */
BLOOM_EXPORT int bloom_enclose_lsm_filters_consulted(mpfi_ptr result, const void *arguments);  /* sum_i cov_i (filtered) */
BLOOM_EXPORT int bloom_exact_lsm_filters_consulted(mpq_ptr result, const void *arguments);     /* the same, exactly */
BLOOM_EXPORT int bloom_enclose_lsm_hit_mean(mpfi_ptr result, const void *arguments);           /* mean over keys */
BLOOM_EXPORT int bloom_enclose_lsm_hit_worst(mpfi_ptr result, const void *arguments);          /* key on level L */
BLOOM_EXPORT int bloom_enclose_lsm_mixed(mpfi_ptr result, const void *arguments);              /* hit ratio h */

#ifdef __cplusplus
}
#endif

#endif
