/*
 * command_lsm_described.h - the level filters of "bloomsim lsm" as the
 * filter description says (--layout ... --library, calc/cli/description.h):
 * each level's filter is sized by the calculator's own code for LSM levels
 * (calc/cli/lsm_levels.h, as "bloomcalc lsm" sizes it: the same m, k and
 * rate for the same keys and budget), settled and built as "bloomsim plan"
 * builds one described filter (command_layout.h: the layout, widths, and a
 * library's own hash and index arithmetic where bloomsim reproduces it),
 * and predicted at the described filter's rate, fpr_layout.
 */
#ifndef BLOOMSIM_COMMAND_LSM_DESCRIBED_H
#define BLOOMSIM_COMMAND_LSM_DESCRIBED_H

#include "command_shared.h"
#include "lsm_levels.h"
#include "lsm_tree.h"

typedef struct bloomsim_lsm_described {
    int given;                                  /* a description option was given */
    bloom_layout_description description;
    bloom_lsm_level_filter *filters;            /* per level (count of them) */
    sim_layout layouts[SIM_LSM_MAX_LEVELS];
    bloom_quantity rates[SIM_LSM_MAX_LEVELS];   /* each level's fpr_layout (1: no filter) */
    unsigned count;
    int family;                                 /* the library family reproduced, or -1 */
} bloomsim_lsm_described;

/* Starts with the defaults (nothing given). */
void bloomsim_lsm_described_init(bloomsim_lsm_described *described);
void bloomsim_lsm_described_clear(bloomsim_lsm_described *described);

/*
 * Sizes levels[0..count-1] (their keys set) as described, under
 * `allocation` of `tree` (without --allocation: the uniform allocation of
 * the tree's budget, the rate p).  Sets each level's bits, hashes and
 * layout.  Returns 0, or 2 (1) after one line on stderr.
 */
int bloomsim_lsm_describe(bloomsim_lsm_described *described, sim_lsm_level *levels, unsigned count,
                          const bloom_lsm_tree *tree, int allocation, const bloomsim_run_options *run,
                          const bloom_command_line *line);

/* The probe scheme of the described levels: the library's own, or the description's. */
sim_probe_scheme bloomsim_lsm_described_scheme(const bloomsim_lsm_described *described);

/* Appends library and layout (as bloomcalc lsm prints them). */
/* Nonzero when the tree's filters are Ribbons (a library rule gives every level one layout). */
int bloomsim_lsm_described_ribbon(const bloomsim_lsm_described *described);

void bloomsim_lsm_put_description(bloom_fields *fields, const bloomsim_lsm_described *described);

#endif
