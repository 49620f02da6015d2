/*
 * sim_hash_tests.c - hash streams, Lemire's reduction and the probe schemes
 * (sim/hash.c, sim/probes.c).  Reference values are derived independently:
 * FNV-1a test vectors from its authors' published table, reduction results
 * by hand from h*m = 2^64*high + low, double / enhanced positions by
 * recomputing h1 + i*h2 (+ (i^3 - i)/6) mod m from the stream's first two
 * positions.  The tests are deterministic; the two statistical ones state
 * their odds below.
 */
#include <CUnit/CUnit.h>
#include <string.h>

#include "hash.h"
#include "probes.h"
#include "sim_suites.h"

static void test_fnv1a_vectors(void)
{
    CU_ASSERT_EQUAL(sim_fnv1a64("", 0, SIM_FNV1A_OFFSET_BASIS), 0xcbf29ce484222325ULL);
    CU_ASSERT_EQUAL(sim_fnv1a64("a", 1, SIM_FNV1A_OFFSET_BASIS), 0xaf63dc4c8601ec8cULL);
    CU_ASSERT_EQUAL(sim_fnv1a64("foobar", 6, SIM_FNV1A_OFFSET_BASIS), 0x85944171f73967e8ULL);
}

static void test_reduce_by_hand(void)
{
    uint64_t position = 99;
    /* 2^64 = 1 (mod 3): exactly one hash (h*3 = 0 mod 2^64, i.e. h = 0) is surplus. */
    CU_ASSERT_EQUAL(sim_reduce(0, 3, &position), 0);
    CU_ASSERT_EQUAL(sim_reduce(1, 3, &position), 1);      /* 3 = 2^64*0 + 3 */
    CU_ASSERT_EQUAL(position, 0);
    CU_ASSERT_EQUAL(sim_reduce(UINT64_MAX, 3, &position), 1);  /* (2^64-1)*3 = 2^64*2 + (2^64-3) */
    CU_ASSERT_EQUAL(position, 2);
    /* 2^63 * 1000 = 2^64 * 500 + 0, and 2^64 mod 1000 = 616 > 0: surplus, rejected */
    CU_ASSERT_EQUAL(sim_reduce(1ULL << 63, 1000, &position), 0);
    CU_ASSERT_EQUAL(sim_reduce((1ULL << 63) + 1, 1000, &position), 1);  /* low = 1000 */
    CU_ASSERT_EQUAL(position, 500);
    /* a power of two has no surplus: every hash is accepted */
    CU_ASSERT_EQUAL(sim_reduce(0, 64, &position), 1);
    CU_ASSERT_EQUAL(position, 0);
    CU_ASSERT_EQUAL(sim_reduce(UINT64_MAX, 1, &position), 1);
    CU_ASSERT_EQUAL(position, 0);
}

static void test_positions_in_range(void)
{
    const uint64_t sizes[] = { 1, 2, 3, 64, 100, 1000003, (1ULL << 40) + 7 };
    uint64_t positions[16];
    for (int scheme = 0; scheme < 3; scheme++)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            sim_prober prober;
            sim_prober_init(&prober, (sim_probe_scheme)scheme, SIM_HASH_XXH3, sizes[s], 16, 7, 1);
            for (uint64_t key = 0; key < 500; key++) {
                sim_prober_positions(&prober, &key, sizeof key, positions);
                for (int i = 0; i < 16; i++)
                    CU_ASSERT(positions[i] < sizes[s]);
            }
        }
}

/* The guard makes h2 a unit of Z_m, so k <= m probes are always distinct. */
static void test_guard_gives_distinct_probes(void)
{
    const uint64_t sizes[] = { 64, 97, 100, 1024, 3 * 5 * 7 * 11 };
    uint64_t positions[7];
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        sim_prober prober;
        sim_prober_init(&prober, SIM_PROBE_DOUBLE, SIM_HASH_XXH3, sizes[s], 7, 11, 1);
        for (uint64_t key = 0; key < 20000; key++) {
            sim_prober_positions(&prober, &key, sizeof key, positions);
            for (int i = 0; i < 7; i++)
                for (int j = i + 1; j < 7; j++)
                    CU_ASSERT_NOT_EQUAL(positions[i], positions[j]);
        }
    }
}

/*
 * Unguarded, h2 = 0 has probability 1/64 at m = 64: all 7 probes then hit
 * one bit.  Over 20 000 keys the expected count is 312; seeing none has
 * probability (63/64)^20000 < 1e-130, so this cannot pass by luck if the
 * collapse were impossible, and it checks that --unguarded is what
 * Kirsch and Mitzenmacher analysed (h2 uniform on Z_m, zero included).
 */
static void test_unguarded_collapses_sometimes(void)
{
    sim_prober prober;
    sim_prober_init(&prober, SIM_PROBE_DOUBLE, SIM_HASH_XXH3, 64, 7, 11, 0);
    uint64_t positions[7], collapsed = 0;
    for (uint64_t key = 0; key < 20000; key++) {
        sim_prober_positions(&prober, &key, sizeof key, positions);
        int all_same = 1;
        for (int i = 1; i < 7; i++)
            all_same &= positions[i] == positions[0];
        collapsed += (uint64_t)all_same;
    }
    CU_ASSERT(collapsed > 200 && collapsed < 450);   /* mean 312.5, sd 17.5: +-6 sd */
}

/* Recomputes the schemes from the first two positions of the key's stream. */
static void test_schemes_match_their_formulas(void)
{
    const uint64_t m = 1000;
    uint64_t positions[9];
    for (uint64_t key = 0; key < 1000; key++) {
        sim_prober prober;
        sim_prober_init(&prober, SIM_PROBE_ENHANCED, SIM_HASH_XXH3, m, 9, 5, 1);
        sim_hash_stream stream;
        sim_hash_stream_start(&stream, SIM_HASH_XXH3, &key, sizeof key, &prober.seeds);
        uint64_t h1 = sim_hash_stream_draw(&stream, &prober.draws);
        uint64_t h2 = sim_hash_stream_draw(&stream, &prober.draws);
        sim_prober_positions(&prober, &key, sizeof key, positions);
        for (uint64_t i = 0; i < 9; i++)
            CU_ASSERT_EQUAL(positions[i], (h1 + i * h2 + (i * i * i - i) / 6) % m);
        if (h2 % 2 != 0 && h2 % 5 != 0) {   /* a unit of Z_1000: the guard keeps it */
            sim_prober_init(&prober, SIM_PROBE_DOUBLE, SIM_HASH_XXH3, m, 9, 5, 1);
            sim_prober_positions(&prober, &key, sizeof key, positions);
            for (uint64_t i = 0; i < 9; i++)
                CU_ASSERT_EQUAL(positions[i], (h1 + i * h2) % m);
        }
    }
}

static void test_prime_factors(void)
{
    uint64_t factors[SIM_MAX_PRIME_FACTORS];
    CU_ASSERT_EQUAL(sim_prime_factors(1, factors), 0);
    CU_ASSERT_EQUAL(sim_prime_factors(1000, factors), 2);
    CU_ASSERT_EQUAL(factors[0], 2);
    CU_ASSERT_EQUAL(factors[1], 5);
    /* 9 585 058 378 = 2 * 7 * 4259 * 160753 (checked by trial division by hand/script) */
    CU_ASSERT_EQUAL(sim_prime_factors(9585058378ULL, factors), 4);
    CU_ASSERT_EQUAL(factors[2], 4259);
    CU_ASSERT_EQUAL(factors[3], 160753);
    CU_ASSERT_EQUAL(sim_prime_factors(1000003, factors), 1);   /* a prime */
}

static void test_seeds_change_probes(void)
{
    uint64_t first[4], second[4], again[4], key = 42;
    sim_prober prober;
    sim_prober_init(&prober, SIM_PROBE_INDEPENDENT, SIM_HASH_XXH3, 1ULL << 40, 4, 1, 1);
    sim_prober_positions(&prober, &key, sizeof key, first);
    sim_prober_positions(&prober, &key, sizeof key, again);
    sim_prober_set_seed(&prober, 2);
    sim_prober_positions(&prober, &key, sizeof key, second);
    CU_ASSERT_EQUAL(memcmp(first, again, sizeof first), 0);
    CU_ASSERT_NOT_EQUAL(memcmp(first, second, sizeof first), 0);
}

static const bloom_test_case cases[] = {
    { "FNV-1a test vectors", test_fnv1a_vectors },
    { "Lemire reduction by hand", test_reduce_by_hand },
    { "positions below m for every scheme", test_positions_in_range },
    { "guarded double hashing: distinct probes", test_guard_gives_distinct_probes },
    { "unguarded double hashing: zero step occurs", test_unguarded_collapses_sometimes },
    { "double and enhanced match their formulas", test_schemes_match_their_formulas },
    { "prime factors", test_prime_factors },
    { "seeds are deterministic and matter", test_seeds_change_probes },
    { NULL, NULL },
};

const bloom_test_suite sim_hash_suite = { "sim_hash", cases };
