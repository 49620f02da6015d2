/*
 * sim_main.c - build/tests/sim_tests: runs the simulator suites (an
 * optional argument selects the suites whose name contains it).
 */
#include <stddef.h>

#include "sim_suites.h"

int main(int argc, char **argv)
{
    static const bloom_test_suite *const suites[] = {
        &sim_hash_suite,
        &sim_keys_suite,
        &sim_filter_suite,
        &sim_stats_suite,
        &sim_interval_suite,
        &sim_harness_suite,
        &sim_lsm_suite,
        &sim_deployment_suite,
        &sim_bulk_suite,
        &sim_layout_suite,
        &sim_library_suite,
        &sim_shard_suite,
        &sim_ribbon_suite,
        NULL,
    };
    return bloom_run_suites(suites, argc, argv);
}
