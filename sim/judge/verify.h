/*
 * verify.h - the fixed battery of checks "bloomsim verify" runs: small
 * filters where the exact rate is distinguishable from the approximations
 * (independent hashing, powers of two and not, a prime m, a counting
 * filter, an overfilled filter) and large filters where double and
 * enhanced double hashing must agree with the asymptotic rate within the
 * run's resolution.  The battery fails when the exact prediction is
 * rejected in any check.  With 99.9 % intervals and 9 checks the chance of
 * a false alarm is at most 0.9 % (Bonferroni) for a random seed; the seed
 * is fixed, so the result is reproducible.
 */
#ifndef BLOOMSIM_VERIFY_H
#define BLOOMSIM_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#include "estimate.h"
#include "run_size.h"

typedef struct sim_verify_case {
    const char *name;
    uint64_t bits;
    uint64_t keys;                /* n planned */
    unsigned overfill;            /* keys inserted = overfill * n */
    unsigned hashes;
    sim_probe_scheme scheme;
    sim_filter_kind filter;
} sim_verify_case;

extern const sim_verify_case sim_verify_cases[];
extern const size_t sim_verify_case_count;

/* Work budget of one check (probe operations) by default. */
#define SIM_VERIFY_DEFAULT_WORK 1e9

/* Fills `config` for the case with the run settings `run` (its trials, and
 * the queries, set to 0 for sim_fpr_choose_size). */
void sim_verify_configure(const sim_verify_case *check, sim_fpr_config *config, const sim_run_settings *run);

#endif
