/*
 * sim_suites.h - the CUnit suites of build/tests/sim_tests, one per
 * simulator module.
 */
#ifndef BLOOMSIM_TESTS_SIM_SUITES_H
#define BLOOMSIM_TESTS_SIM_SUITES_H

#include "runner.h"
#include "harness.h"

/* A standard filter's run configuration with the tests' fixed seed
 * (20261130), guard on, 4-bit counters, 2 threads (sim_harness_tests.c). */
sim_fpr_config sim_test_config(uint64_t bits, uint64_t keys, unsigned hashes, uint64_t trials,
                               uint64_t queries);

extern const bloom_test_suite sim_hash_suite;
extern const bloom_test_suite sim_keys_suite;
extern const bloom_test_suite sim_filter_suite;
extern const bloom_test_suite sim_stats_suite;
extern const bloom_test_suite sim_interval_suite;
extern const bloom_test_suite sim_harness_suite;
extern const bloom_test_suite sim_lsm_suite;
extern const bloom_test_suite sim_deployment_suite;
extern const bloom_test_suite sim_bulk_suite;
extern const bloom_test_suite sim_layout_suite;
extern const bloom_test_suite sim_library_suite;
extern const bloom_test_suite sim_shard_suite;
extern const bloom_test_suite sim_ribbon_suite;

#endif
