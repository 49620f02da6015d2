/*
 * lsm_allocation.h - the filters of a simulated LSM tree (lsm_tree.h)
 * sized by one of calc's memory allocations (calc/include/bloomcalc/monkey.h): uniform,
 * Monkey (Dayan, Athanassoulis and Idreos, "Monkey: optimal navigable
 * key-value store", SIGMOD 2017: p_i proportional to n_i, the largest
 * levels unfiltered when that would exceed 1) or no filter on the last
 * level (its memory moved up), all at the same memory, or the last level's
 * filters dropped, the others unchanged (RocksDB's optimize_filters_for_hits).
 *
 * The levels hold the whole keys of calc's tree (round(n_i), monkey.h),
 * as "bloomcalc lsm" with a filter description builds them; calc's tree
 * gives each level its rate p_i.  Level i's filter is then sized for its
 * keys at p_i exactly as "bloomcalc plan" sizes one filter (sizing.h);
 * p_i = 1 leaves the level without a filter.
 */
#ifndef BLOOMSIM_LSM_ALLOCATION_H
#define BLOOMSIM_LSM_ALLOCATION_H

#include "lsm_tree.h"
#include "monkey.h"

/* "uniform", "monkey", "no-last-level", "last-level-dropped", NULL (in bloom_lsm_allocation order). */
extern const char *const sim_lsm_allocation_names[];

/*
 * Sizes `count` levels, whose keys are set, for `allocation` of the
 * budget of `tree` (set by the caller for the same levels); rates[i]
 * receives p_i correctly rounded (1: no filter).  Returns a bloom_status.
 */
int sim_lsm_size_allocation(sim_lsm_level *levels, unsigned count, const bloom_lsm_tree *tree,
                            bloom_lsm_allocation allocation, double *rates);

/*
 * Sizes `count` levels, whose keys (>= 1) are set, each filter planned for
 * rate p.  Returns a bloom_status (BLOOM_OK, or what calc's sizing returned).
 */
int sim_lsm_size_levels(sim_lsm_level *levels, unsigned count, mpq_srcptr p);

#endif
