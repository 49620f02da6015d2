/*
 * lsm_levels.h - the filter of every level of an LSM tree as deployed: the
 * one filter description (description.h: --layout ... --library) applied
 * to each level, for "bloomcalc lsm" and "bloomsim lsm", so that both
 * programs give a level the same m, k and rate.
 *
 * Level i holds n_i whole keys and, under each allocation of the tree's
 * budget (monkey.h), the filter "bloomcalc plan" plans with the same
 * description:
 *   uniform, and levels 1..L-1 when the last level's filters are dropped:
 *       the tree's budget as given, "plan -n n_i -p P" (a library sizes
 *       n_i keys at P its own way) or "plan -n n_i -c C" (m = round(n_i C),
 *       the best k; RocksDB: its own sizing for C bits a key);
 *   Monkey, and no last level (its memory moved up): the level's share
 *       of the budget, c_i = ln(1/p_i)/ln^2 2 bits a key (real), as
 *       m = round(n_i c_i) with the best k (RocksDB: its sizing for c_i);
 *   a level the allocation leaves unfiltered (or whose m rounds to 0):
 *       no filter, rate exactly 1.
 * The level's rate is then the described filter's fpr_layout (layouts.h),
 * which the lookup costs of monkey.h sum (bloom_lsm_query.level_rates).
 * With a unit in the description (--keys-per-filter, RocksDB's file and
 * entry sizes) the level is ceil(n_i/N) files, each with the filter of its
 * own keys at the level's budget as the engine sizes it, and the level's
 * rate is the files' rates weighted by their keys (deployment.h): the one
 * file a lookup consults on the level covers its key.
 */
#ifndef BLOOMCALC_LSM_LEVELS_H
#define BLOOMCALC_LSM_LEVELS_H

#include "deployment.h"
#include "description.h"
#include "monkey.h"
#include "options.h"
#include "plan.h"

typedef struct bloom_lsm_level_filter {
    mpz_t keys;                    /* n_i */
    mpq_t one;                     /* the rate of a level without a filter */
    int filtered;                  /* 0: no filter */
    bloom_plan plan;               /* the filter as planned (m before rounding, k) */
    bloom_deployed_filter filter;  /* the description settled for it (when filtered) */
    bloom_quantity rate;           /* fpr_layout of the filter, or 1; with files, their mean */
    /* With a unit (deployment.h): the level's n_i keys in files of N keys, the filter above
     * that of a full file, last_filter that of the last file, the rate their mean. */
    int files, last_filtered;
    bloom_deployment deployment;
    bloom_plan last_plan;
    bloom_deployed_filter last_filter;
    bloom_deployment_mean mean;
    bloom_quantity full_rate, last_rate;
} bloom_lsm_level_filter;

/* Initialise and clear; a level must not be moved once sized. */
void bloom_lsm_level_filter_init(bloom_lsm_level_filter *level);
void bloom_lsm_level_filter_clear(bloom_lsm_level_filter *level);

/*
 * Sizes level `index` (1..L) of `tree` holding `keys` >= 1 whole keys
 * under `allocation`, as described above.  Returns 0, or 2 after one line
 * on stderr when the library refuses the level's filter or the description
 * does not fit it, or 1 after one line when a size cannot be certified.
 */
int bloom_lsm_level_filter_size(bloom_lsm_level_filter *level, const bloom_lsm_tree *tree,
                                bloom_lsm_allocation allocation, unsigned long index, mpz_srcptr keys,
                                const bloom_layout_description *description,
                                const bloom_command_line *line);

/*
 * rop = round(n_i), the whole keys of level `index` of `tree`
 * (bloom_lsm_level_whole_keys).  Returns 0, or 2 after one line naming
 * -n/--keys when the level would hold no key: a tree of real filters
 * (described, or simulated) has none of those.
 */
int bloom_lsm_level_keys_or_refuse(mpz_ptr rop, const bloom_lsm_tree *tree, unsigned long index,
                                   const bloom_command_line *line);

/*
 * --coverage "c1,...,cL": the share of the key space each of the L levels'
 * files cover (calc/FORMULAS.md §n), each in [0, 1], exactly L of them, read
 * for "bloomcalc lsm" and for the levels past L0 of "bloomcalc plan" with a
 * unit.  Returns the L shares (free them with bloom_coverage_free), or NULL
 * after one line naming --coverage.
 */
mpq_t *bloom_read_coverage(const char *text, unsigned long levels, const bloom_command_line *line);
void bloom_coverage_free(mpq_t *values, unsigned long levels);

/*
 * Sizes `level` as the filter of one L0 file of `keys` keys, flushed from the
 * memtable at the tree's budget as given (bits per key, or the uniform rate):
 * the uniform allocation's filter of those keys, except under rocksdb-ribbon,
 * whose flushes build RocksDB's Bloom filter of the same bits per key
 * (bloom_rule_apply_ribbon_flush).  Returns as bloom_lsm_level_filter_size.
 */
int bloom_lsm_l0_filter_size(bloom_lsm_level_filter *level, const bloom_lsm_tree *tree, mpz_srcptr keys,
                             const bloom_layout_description *description, const bloom_command_line *line);

/* rop = m_allocated of the level's filter (0 without one); with files, of all of them. */
void bloom_lsm_level_filter_bits(mpz_ptr rop, const bloom_lsm_level_filter *level);

#endif
