/*
 * verify.c - the battery of "bloomsim verify" (see verify.h for its
 * rationale).  Expected relations (calc/FORMULAS.md §a, §d): at m = 64, n = 8,
 * k = 5 exact 0.0234161 > Bloom 0.0223007 > approx 0.0216792 (§a.5); at
 * m = 2, n = 1, k = 2 exact 5/8 against Bloom 9/16 (§a.2); at m = 2^20 the
 * three agree to 1e-5 relative, far below any run's resolution (§a.4), and
 * double / enhanced double hashing differ from independent hashing by
 * about 100/m and 10/m relative (§d.2), also unresolvable there.
 */
#include <string.h>

#include "verify.h"

const sim_verify_case sim_verify_cases[] = {
    { "seed m=64 n=8 k=5", 64, 8, 1, 5, SIM_PROBE_INDEPENDENT, SIM_FILTER_STANDARD },
    { "tiny m=2 n=1 k=2", 2, 1, 1, 2, SIM_PROBE_INDEPENDENT, SIM_FILTER_STANDARD },
    { "m=100 n=10 k=7", 100, 10, 1, 7, SIM_PROBE_INDEPENDENT, SIM_FILTER_STANDARD },
    { "prime m=997 n=100 k=7", 997, 100, 1, 7, SIM_PROBE_INDEPENDENT, SIM_FILTER_STANDARD },
    { "m=1000 n=100 k=7", 1000, 100, 1, 7, SIM_PROBE_INDEPENDENT, SIM_FILTER_STANDARD },
    { "counting m=64 n=8 k=5", 64, 8, 1, 5, SIM_PROBE_INDEPENDENT, SIM_FILTER_COUNTING },
    { "overfill x2 m=64 n=8 k=5", 64, 8, 2, 5, SIM_PROBE_INDEPENDENT, SIM_FILTER_STANDARD },
    { "double m=2^20 n=104858 k=7", 1048576, 104858, 1, 7, SIM_PROBE_DOUBLE, SIM_FILTER_STANDARD },
    { "enhanced m=2^20 n=104858 k=7", 1048576, 104858, 1, 7, SIM_PROBE_ENHANCED, SIM_FILTER_STANDARD },
};

const size_t sim_verify_case_count = sizeof sim_verify_cases / sizeof sim_verify_cases[0];

void sim_verify_configure(const sim_verify_case *check, sim_fpr_config *config, const sim_run_settings *run)
{
    memset(config, 0, sizeof *config);
    config->bits = check->bits;
    config->keys = check->keys * check->overfill;
    config->hashes = check->hashes;
    config->scheme = check->scheme;
    config->hash_function = SIM_HASH_XXH3;
    config->guard = 1;
    config->filter = check->filter;
    config->counter_bits = 4;
    config->run = *run;
    config->run.trials = 0;
}
