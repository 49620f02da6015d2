/*
 * sim_filter_tests.c - the bit filter, the counting filter and deletion
 * (sim/filter/filter.c, sim/filter/counting.c, sim/engine/deletion.c).
 */
#include <CUnit/CUnit.h>
#include <string.h>

#include "counting.h"
#include "deletion.h"
#include "filter.h"
#include "harness.h"
#include "sim_suites.h"

static void test_bit_filter_basics(void)
{
    sim_bit_filter filter;
    CU_ASSERT_EQUAL_FATAL(sim_bit_filter_init(&filter, 100), 0);
    uint64_t positions[3] = { 0, 63, 99 };
    CU_ASSERT_EQUAL(sim_bit_filter_contains(&filter, positions, 3), 0);
    sim_bit_filter_insert(&filter, positions, 3);
    CU_ASSERT_EQUAL(sim_bit_filter_contains(&filter, positions, 3), 1);
    CU_ASSERT_EQUAL(sim_bit_filter_count_set(&filter), 3);
    sim_bit_filter_remove_naive(&filter, positions + 1, 1);
    CU_ASSERT_EQUAL(sim_bit_filter_contains(&filter, positions, 3), 0);
    CU_ASSERT_EQUAL(sim_bit_filter_count_set(&filter), 2);
    sim_bit_filter_free(&filter);
}

/* No false negative, for every scheme, filter kind, hash function and
 * awkward m (1, not a multiple of 64, prime): checked on every key. */
static void test_no_false_negatives(void)
{
    const uint64_t sizes[] = { 1, 2, 63, 64, 100, 1031 };
    for (int scheme = 0; scheme < 3; scheme++)
        for (int kind = 0; kind < 2; kind++)
            for (int function = 0; function < 2; function++)
                for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
                    sim_fpr_config config;
                    memset(&config, 0, sizeof config);
                    config.bits = sizes[s];
                    config.keys = 3 * sizes[s] / 10 + 5;
                    config.hashes = 5;
                    config.run.trials = 20;
                    config.queries = 10;
                    config.scheme = (sim_probe_scheme)scheme;
                    config.hash_function = (sim_hash_function)function;
                    config.guard = scheme == SIM_PROBE_DOUBLE && s % 2 == 0;
                    config.filter = (sim_filter_kind)kind;
                    config.counter_bits = 2;   /* small, so counters saturate too */
                    config.run.seed = 3;
                    config.run.threads = 2;
                    config.check_members = 1;
                    sim_fpr_totals totals;
                    CU_ASSERT_EQUAL_FATAL(sim_fpr_run(&config, &totals), 0);
                    CU_ASSERT_EQUAL(totals.members_checked, 20 * config.keys);
                    CU_ASSERT_EQUAL(totals.false_negatives, 0);
                }
}

/* Counting delete is exact: after inserting 40 keys and deleting 20, the
 * counters equal those of a filter that only ever saw the other 20. */
static void test_counting_delete_exact(void)
{
    enum { KEYS = 40, HASHES = 4 };
    sim_counting_filter all, kept;
    CU_ASSERT_EQUAL_FATAL(sim_counting_filter_init(&all, 128, 4), 0);
    CU_ASSERT_EQUAL_FATAL(sim_counting_filter_init(&kept, 128, 4), 0);
    sim_prober prober;
    sim_prober_init(&prober, SIM_PROBE_INDEPENDENT, SIM_HASH_XXH3, 128, HASHES, 9, 1);
    uint64_t positions[KEYS][HASHES];
    for (uint64_t key = 0; key < KEYS; key++) {
        sim_prober_positions(&prober, &key, sizeof key, positions[key]);
        sim_counting_filter_insert(&all, positions[key], HASHES);
        if (key % 2 == 1)
            sim_counting_filter_insert(&kept, positions[key], HASHES);
    }
    CU_ASSERT_EQUAL_FATAL(all.overflows, 0);
    for (uint64_t key = 0; key < KEYS; key += 2)
        CU_ASSERT_EQUAL(sim_counting_filter_remove(&all, positions[key], HASHES), 0);
    for (uint64_t i = 0; i < 128; i++)
        CU_ASSERT_EQUAL(sim_counting_filter_counter(&all, i), sim_counting_filter_counter(&kept, i));
    for (uint64_t key = 1; key < KEYS; key += 2)
        CU_ASSERT(sim_counting_filter_contains(&all, positions[key], HASHES));
    sim_counting_filter_free(&all);
    sim_counting_filter_free(&kept);
}

static void test_counting_refuses_unknown_key(void)
{
    sim_counting_filter filter;
    CU_ASSERT_EQUAL_FATAL(sim_counting_filter_init(&filter, 10, 4), 0);
    uint64_t positions[2] = { 3, 3 };
    CU_ASSERT_EQUAL(sim_counting_filter_remove(&filter, positions, 2), -1);
    uint64_t once[1] = { 3 };
    sim_counting_filter_insert(&filter, once, 1);
    CU_ASSERT_EQUAL(sim_counting_filter_remove(&filter, positions, 2), -1);  /* needs 2 */
    CU_ASSERT_EQUAL(sim_counting_filter_counter(&filter, 3), 1);
    for (int i = 0; i < 20; i++)
        sim_counting_filter_insert(&filter, once, 1);
    CU_ASSERT_EQUAL(sim_counting_filter_counter(&filter, 3), 15);   /* saturated at 2^4 - 1 */
    CU_ASSERT_EQUAL(filter.overflows, 6);
    sim_counting_filter_free(&filter);
}

/* The most-shared key, on a hand-made layout of 3 keys with k = 2. */
static void test_most_shared_by_hand(void)
{
    const uint64_t positions[6] = { 0, 1, 1, 2, 2, 2 };   /* key 2 probes bit 2 twice */
    const uint32_t occupancy[3] = { 1, 2, 3 };
    uint64_t score = 0;
    /* scores: key 0: (1-1) + (2-1) = 1; key 1: (2-1) + (3-1) = 3; key 2: 3-2 = 1 */
    CU_ASSERT_EQUAL(sim_most_shared_key(positions, 3, 2, occupancy, &score), 1);
    CU_ASSERT_EQUAL(score, 3);
}

/*
 * The seeds' scenario: a 32-bit filter, k = 3, 3 keys, double hashing of
 * two FNV-1a hashes, delete the most-shared key.  A trial has a false
 * negative exactly when that key shares a bit with another; all three
 * keys have pairwise disjoint positions with probability about
 * (29/32)^3 (26/32)^3 = 0.40 per trial, so over 200 trials the chance of
 * no false negative at all is below 0.40^200 < 1e-79.  The counting filter
 * must have none (4-bit counters cannot overflow with 9 increments).
 */
static void test_naive_delete_false_negatives(void)
{
    sim_deletion_config config = { 32, 3, 3, SIM_PROBE_DOUBLE, SIM_HASH_FNV1A, 0, 4, 1, 200 };
    sim_deletion_totals totals;
    CU_ASSERT_EQUAL_FATAL(sim_deletion_run(&config, &totals), 0);
    CU_ASSERT_EQUAL(totals.trials, 200);
    CU_ASSERT(totals.naive_false_negatives > 0);
    CU_ASSERT(totals.trials_with_false_negatives > 60);   /* expected about 120 */
    CU_ASSERT_EQUAL(totals.counting_false_negatives, 0);
    CU_ASSERT_EQUAL(totals.counter_overflows, 0);
}

static const bloom_test_case cases[] = {
    { "bit filter basics", test_bit_filter_basics },
    { "no false negatives, every scheme and filter", test_no_false_negatives },
    { "counting delete is exact", test_counting_delete_exact },
    { "counting filter refuses keys it does not hold", test_counting_refuses_unknown_key },
    { "most-shared key by hand", test_most_shared_by_hand },
    { "naive delete: false negatives (seeds' scenario)", test_naive_delete_false_negatives },
    { NULL, NULL },
};

const bloom_test_suite sim_filter_suite = { "sim_filter", cases };
