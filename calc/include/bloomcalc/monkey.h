/*
 * monkey.h - how to spend a memory budget on the Bloom filters of a
 * levelled LSM tree, and what each choice costs a lookup.
 *
 * A tree of L levels with size ratio T holds N keys, level i (1 = newest,
 * L = largest) n_i = N T^(i-1) (T - 1)/(T^L - 1) of them.  The filters
 * share M bits (M/N bits per key), each level's filter sized with the
 * real-k formula bits = n_i ln(1/p_i)/ln^2 2.  Three allocations:
 *
 *   uniform        every level p = e^(-(M/N) ln^2 2)
 *   Monkey         p_i proportional to n_i (Dayan, Athanassoulis and Idreos,
 *                  SIGMOD 2017), the levels for which that exceeds 1 left
 *                  without a filter (p = 1)
 *   no last level  the largest level unfiltered, the budget spread
 *                  uniformly over the others (RocksDB's
 *                  optimize_filters_for_hits)
 *
 * Lookups (expected I/Os, one per positive filter, FORMULAS.md §c):
 *   absent key                 sum_i p_i
 *   key on level j             1 + sum_{i<j} p_i; its mean over keys spread
 *                              by level size; the worst case j = L
 *   mixed, hit ratio h         h (mean hit) + (1 - h) (absent)
 */
#ifndef BLOOMCALC_MONKEY_H
#define BLOOMCALC_MONKEY_H

#include "certified.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bloom_lsm_tree {
    unsigned long levels;        /* L >= 1 */
    unsigned long size_ratio;    /* T >= 2 */
    mpz_t keys;                  /* N >= 1 */
    mpq_t bits_per_key;          /* the budget M/N, or */
    mpq_t uniform_rate;          /* the budget as the uniform allocation's rate */
    int budget_is_rate;          /* 1 when uniform_rate defines the budget */
    unsigned long monkey_filtered;   /* Monkey keeps filters on levels 1..this */
} bloom_lsm_tree;

void bloom_lsm_tree_init(bloom_lsm_tree *tree);
void bloom_lsm_tree_clear(bloom_lsm_tree *tree);

/*
 * Sets the tree and its budget: bits_per_key (> 0) or, if it is NULL,
 * uniform_rate (in (0, 1)).  Decides, by certified comparisons, how many
 * levels keep a Monkey filter.  Returns a bloom_status.
 */
int bloom_lsm_tree_set(bloom_lsm_tree *tree, unsigned long levels, unsigned long size_ratio,
                       mpz_srcptr keys, mpq_srcptr bits_per_key, mpq_srcptr uniform_rate);

/* rop = n_i = N T^(i-1) (T - 1)/(T^L - 1), exactly (level from 1 to L). */
void bloom_lsm_level_keys(mpq_ptr rop, const bloom_lsm_tree *tree, unsigned long level);

typedef enum bloom_lsm_allocation {
    BLOOM_ALLOCATION_UNIFORM,
    BLOOM_ALLOCATION_MONKEY,
    BLOOM_ALLOCATION_NO_LAST_LEVEL
} bloom_lsm_allocation;

/* What a lookup quantity is asked about. */
typedef struct bloom_lsm_query {
    const bloom_lsm_tree *tree;
    bloom_lsm_allocation allocation;
    unsigned long level;         /* for the per-level quantities */
    mpq_srcptr hit_ratio;        /* for the mixed workload, in [0, 1] */
} bloom_lsm_query;

/* Enclose functions; arguments is a const bloom_lsm_query *. */
int bloom_enclose_lsm_level_rate(mpfi_ptr result, const void *arguments);         /* p_i (1: no filter) */
int bloom_enclose_lsm_level_bits_per_key(mpfi_ptr result, const void *arguments); /* ln(1/p_i)/ln^2 2 */
int bloom_enclose_lsm_bits_per_key(mpfi_ptr result, const void *arguments);       /* the budget M/N */
int bloom_enclose_lsm_miss(mpfi_ptr result, const void *arguments);               /* sum_i p_i */
int bloom_enclose_lsm_hit_mean(mpfi_ptr result, const void *arguments);           /* mean over keys */
int bloom_enclose_lsm_hit_worst(mpfi_ptr result, const void *arguments);          /* key on level L */
int bloom_enclose_lsm_mixed(mpfi_ptr result, const void *arguments);              /* hit ratio h */

#ifdef __cplusplus
}
#endif

#endif
