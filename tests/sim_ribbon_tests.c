/*
 * sim_ribbon_tests.c - the Ribbon filter (sim/filter/ribbon_filter.c):
 * a system solved by hand, no false negatives, and the false-positive
 * rate of absent keys against calc's 2^-r mix (ribbon.h), with a bound
 * from the binomial distribution.
 */
#include <CUnit/CUnit.h>
#include <math.h>
#include <string.h>

#include "ribbon_filter.h"
#include "sim_suites.h"

/* Two keys by hand in a Ribbon of 256 slots and 2 columns everywhere: key A (start 0, row 1,
 * result 0b11) fixes Z_0[0] = Z_1[0] = 1; key B (start 0, row 0b11, result 0b01) reduces against
 * A to row 0b10 -> slot 1, row 1, result 0b10, so Z_0[1] = 0, Z_1[1] = 1 (segments 0b01, 0b11).  A key asking
 * start 0, row 0b11 with result 0b01 (= Z[0] xor Z[1] per column) is present; with 0b11, not;
 * a third key contradicting both (start 0, row 0b11, result 0b00 after A and B) is refused. */
static void test_by_hand(void)
{
    sim_ribbon ribbon;
    CU_ASSERT_EQUAL_FATAL(sim_ribbon_init(&ribbon, 256, 1, 0), 0);
    sim_ribbon_key a = { 0, 1, 3 }, b = { 0, 3, 1 }, contradiction = { 0, 3, 0 };
    CU_ASSERT_EQUAL(sim_ribbon_add(&ribbon, &a), 0);
    CU_ASSERT_EQUAL(sim_ribbon_add(&ribbon, &b), 0);
    CU_ASSERT(ribbon.band[1] == 1 && ribbon.band_results[1] == 2);
    CU_ASSERT_EQUAL(sim_ribbon_add(&ribbon, &contradiction), -1);
    CU_ASSERT_EQUAL(sim_ribbon_add(&ribbon, &b), 0);          /* redundant: accepted */
    sim_ribbon_solve(&ribbon);
    CU_ASSERT((uint64_t)ribbon.segments[0] == 1 && (uint64_t)ribbon.segments[1] == 3);  /* Z_0, Z_1 */
    sim_ribbon_key present = { 0, 3, 1 }, absent = { 0, 3, 3 };
    CU_ASSERT_EQUAL(sim_ribbon_contains(&ribbon, &present), 1);
    CU_ASSERT_EQUAL(sim_ribbon_contains(&ribbon, &absent), 0);
    CU_ASSERT_EQUAL(sim_ribbon_columns_at(&ribbon, 0), 2);
    sim_ribbon_free(&ribbon);
}

/* Bands the 8-byte keys 0..n-1 under `seed` into an emptied Ribbon and solves it; returns 0,
 * or -1 when the banding failed. */
static int band_keys(sim_ribbon *ribbon, sim_hash_seeds *seeds, uint64_t n, uint64_t seed)
{
    sim_hash_seeds_init(seeds, seed, 0);
    sim_ribbon_reset(ribbon);
    for (uint64_t i = 0; i < n; i++) {
        sim_ribbon_key key;
        sim_ribbon_key_of(&key, ribbon, SIM_HASH_XXH3, seeds, &i, sizeof i);
        if (sim_ribbon_add(ribbon, &key) != 0)
            return -1;
    }
    sim_ribbon_solve(ribbon);
    return 0;
}

/* The keys 0..n-1 the solved Ribbon denies (false negatives). */
static uint64_t denied_members(const sim_ribbon *ribbon, const sim_hash_seeds *seeds, uint64_t n)
{
    uint64_t denied = 0;
    for (uint64_t i = 0; i < n; i++) {
        sim_ribbon_key key;
        sim_ribbon_key_of(&key, ribbon, SIM_HASH_XXH3, seeds, &i, sizeof i);
        denied += !sim_ribbon_contains(ribbon, &key);
    }
    return denied;
}

/*
 * RocksDB's Ribbon for 10 000 keys at 10 bits a key (bloomcalc plan -n 1e4 -c 10 --library
 * rocksdb-ribbon: 10368 slots, 6 result bits a slot in blocks 0..35, 7 after): every inserted
 * key is present, and Q = 2e6 absent keys give a count X ~ Binomial(Q, p) exactly (each query's
 * compared result bits are fresh fair coins), p = s 2^-6 + (1 - s) 2^-7 with s = 36 x 128 /
 * 10241, p Q = 22 654.6, sd 149.7.  Accepted: |X - pQ| < 5 sd (a false failure below 6e-7).
 * Power: an all-6-bit filter (2^-6, mean 31 250) and an all-7-bit one (2^-7, 15 625) lie 57 and
 * 47 sd away, so a filter comparing the wrong columns fails with certainty.
 */
static void test_rate_and_members(void)
{
    sim_ribbon ribbon;
    CU_ASSERT_EQUAL_FATAL(sim_ribbon_init(&ribbon, 10368, 6, 36), 0);
    sim_hash_seeds seeds;
    const uint64_t n = 10000, queries = 2000000;
    uint64_t seed = 20261201;
    while (band_keys(&ribbon, &seeds, n, seed) != 0)
        seed++;
    uint64_t missing = denied_members(&ribbon, &seeds, n), positives = 0;
    for (uint64_t i = 0; i < queries; i++) {
        uint64_t absent = i + (UINT64_C(1) << 40);
        sim_ribbon_key key;
        sim_ribbon_key_of(&key, &ribbon, SIM_HASH_XXH3, &seeds, &absent, sizeof absent);
        positives += (uint64_t)sim_ribbon_contains(&ribbon, &key);
    }
    double share = 36.0 * 128.0 / 10241.0, p = share / 64.0 + (1.0 - share) / 128.0;
    double mean = p * (double)queries, sd = sqrt(mean * (1.0 - p));
    CU_ASSERT_EQUAL(missing, 0);
    CU_ASSERT(fabs((double)positives - mean) < 5.0 * sd);
    sim_ribbon_free(&ribbon);
}

/* Builds seeds 1..200 of n keys in 384 slots, 7 result bits a slot; returns the failures and
 * adds to *wrong the inserted keys a built filter denies. */
static unsigned band_seeds(uint64_t n, uint64_t *wrong)
{
    sim_ribbon ribbon;
    CU_ASSERT_EQUAL_FATAL(sim_ribbon_init(&ribbon, 384, 6, 0), 0);
    unsigned failures = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        sim_hash_seeds seeds;
        int failed = band_keys(&ribbon, &seeds, n, seed) != 0;
        failures += (unsigned)failed;
        if (!failed)
            *wrong += denied_members(&ribbon, &seeds, n);
    }
    sim_ribbon_free(&ribbon);
    return failures;
}

/* 300 keys in 384 slots (plan -n 300 -c 10 --library rocksdb-ribbon): every seed that bands is
 * a filter without false negatives, and most band (RocksDB sizes for one failure in 20 or
 * fewer).  400 keys in 384 slots cannot: at least 16 rows reduce to zero, each with 7 random
 * result bits that must all vanish, so a seed bands with probability at most 2^-112. */
static void test_small_ribbons(void)
{
    uint64_t wrong = 0;
    CU_ASSERT(band_seeds(300, &wrong) < 100);
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT_EQUAL(band_seeds(400, &wrong), 200);
}

static const bloom_test_case cases[] = {
    { "a Ribbon solved by hand", test_by_hand },
    { "Ribbon: no false negatives, rate within a binomial bound", test_rate_and_members },
    { "small Ribbons: no false negatives, an overfull one fails", test_small_ribbons },
    { NULL, NULL },
};

const bloom_test_suite sim_ribbon_suite = { "sim_ribbon", cases };
