/*
 * verify_layouts.h - the layout sweep of "bloomsim verify": every deployed
 * layout (partitioned, blocked, split block, and a standard filter whose
 * indices reach only part of its bits) at 4, 8, 12, 16 and 20 bits per key
 * and at two key counts, each measured against calc's fpr_layout
 * (calc/include/bloomcalc/layouts.h).  The sweep fails when fpr_layout is rejected at 99.9 %
 * anywhere: with 40 checks the chance of a false alarm is at most 4 %
 * (Bonferroni) for a random seed; the seed is fixed, so the result is
 * reproducible.  Bits m = n c; k = max(1, round(c ln 2)) except split
 * block (k = 8, Parquet's 256-bit block of eight 32-bit words); the
 * truncated filter has N = bitlength(m) - 2 index bits, so it reaches
 * between a quarter and a half of its bits.
 */
#ifndef BLOOMSIM_VERIFY_LAYOUTS_H
#define BLOOMSIM_VERIFY_LAYOUTS_H

#include <stddef.h>
#include <stdint.h>

#include "estimate.h"
#include "run_size.h"
#include "layout_filters.h"

typedef struct sim_layout_check {
    char name[64];
    bloom_layout_kind kind;
    uint64_t bits;
    uint64_t keys;
    unsigned hashes;
    unsigned index_bits;     /* 0: full indices */
} sim_layout_check;

/* Work budget of one sweep check (probe operations) by default. */
#define SIM_LAYOUT_SWEEP_WORK 1e7

/* The number of checks in the sweep. */
size_t sim_layout_sweep_count(void);

/* Fills `check` with check number `index` (< sim_layout_sweep_count()). */
void sim_layout_sweep_check(size_t index, sim_layout_check *check);

/*
 * Fills `config` (trials and queries left 0 for sim_fpr_choose_size) and
 * `layout` for the check, with the run settings `run` (trials set by sim_layout_check_size); config->layout
 * points at `layout`.  Returns 0, or -1 if the layout refuses the shape.
 */
int sim_layout_check_configure(const sim_layout_check *check, sim_fpr_config *config, sim_layout *layout,
                               const sim_run_settings *run);

/*
 * Sizes a configured check within `work_budget` probe operations: Q = n
 * absent queries per filter and F = max(SIM_MIN_TRIALS_FOR_T,
 * floor(budget / (k (n + Q)))) filters, so that the between-trials t
 * interval (no model of the layout's spread needed) always applies.
 */
void sim_layout_check_size(sim_fpr_config *config, double work_budget);

#endif
