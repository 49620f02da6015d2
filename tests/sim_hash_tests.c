/*
 * sim_hash_tests.c - hash streams, Lemire's reduction and the probe schemes
 * (sim/filter/hash.c, sim/filter/probes.c).  Reference values are derived independently:
 * FNV-1a test vectors from its authors' published table, reduction results
 * by hand from h*m = 2^64*high + low, double / enhanced positions by
 * recomputing h1 + i*h2 (+ (i^3 - i)/6) mod m from the stream's first two
 * positions.  The tests are deterministic; the statistical ones state
 * their odds (false alarm for a sound hash, power against a stated flaw)
 * below.
 */
#include <CUnit/CUnit.h>
#include <string.h>
#include <xxhash.h>

#include "hash.h"
#include "probes.h"
#include "random.h"
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

/* ---- independence of the probes of one key (hash.h: one XXH3 call, then
 * SplitMix64 words) ---------------------------------------------------- */

enum { PAIR_KEYS = 40000, PAIR_PROBES = 8, PAIR_BINS = 16 };

/*
 * Pearson's chi-square of the PAIR_BINS x PAIR_BINS table of (bin of probe
 * i, bin of probe j) over PAIR_KEYS keys, bin = position * 16 / m (equal
 * bins up to one position in m, a relative error below 2e-5 here).  Under
 * independent uniform probes it is chi-square with 255 degrees of freedom.
 */
static double pair_chi_square(const uint64_t (*positions)[PAIR_PROBES], uint64_t bits, int i, int j)
{
    static uint32_t cells[PAIR_BINS][PAIR_BINS];
    memset(cells, 0, sizeof cells);
    for (int key = 0; key < PAIR_KEYS; key++) {
        unsigned __int128 first = (unsigned __int128)positions[key][i] * PAIR_BINS / bits;
        unsigned __int128 second = (unsigned __int128)positions[key][j] * PAIR_BINS / bits;
        cells[(unsigned)first][(unsigned)second]++;
    }
    double expected = (double)PAIR_KEYS / (PAIR_BINS * PAIR_BINS), statistic = 0;
    for (int a = 0; a < PAIR_BINS; a++)
        for (int b = 0; b < PAIR_BINS; b++)
            statistic += (cells[a][b] - expected) * (cells[a][b] - expected) / expected;
    return statistic;
}

/*
 * Every pair of the 8 independent probes of a key is independent and
 * uniform, at four m that take the words differently: 16 (eight 4-bit
 * digits by shifts from one word), 1 000 003 (two Lemire digits a word,
 * multiplications), 2^40 and 9 585 058 378 (one word a probe: the two XXH3
 * halves, then six SplitMix64 words, by shift and by multiplication).
 * 4 x 28 tables of 256 cells, 40 000 keys (156 a cell).  Critical value
 * 364: the chi-square(255) upper 8.9e-6 quantile (Wilson-Hilferty), so the
 * family of 112 tests has a false alarm probability of 0.1 % for an ideal
 * hash.  Power: if probe j copied probe i with probability e (a flaw like
 * PERFORMANCE.md §t.1), the noncentrality is N e^2 (B - 1) = 240 at
 * e = 0.02, and one table alone rejects with probability 0.9999 (0.79 at
 * e = 0.015; Patnaik's approximation).
 */
static void test_probe_pairs_independent(void)
{
    const uint64_t sizes[] = { 16, 1000003, 1ULL << 40, 9585058378ULL };
    static uint64_t positions[PAIR_KEYS][PAIR_PROBES];
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        sim_prober prober;
        sim_prober_init(&prober, SIM_PROBE_INDEPENDENT, SIM_HASH_XXH3, sizes[s], PAIR_PROBES, 2026, 1);
        for (uint64_t key = 0; key < PAIR_KEYS; key++)
            sim_prober_positions(&prober, &key, sizeof key, positions[key]);
        double largest = 0;
        for (int i = 0; i < PAIR_PROBES; i++)
            for (int j = i + 1; j < PAIR_PROBES; j++) {
                double statistic = pair_chi_square((const uint64_t (*)[PAIR_PROBES])positions, sizes[s], i, j);
                largest = statistic > largest ? statistic : largest;
            }
        CU_ASSERT(largest < 364.0);
    }
}

/*
 * The chi-square test above has power against a real flaw: the FNV-1a
 * stream, whose words differ only in the offset basis (PERFORMANCE.md §t.1),
 * fails it on its first two probes at m = 2^40 (a deterministic check of
 * the test, not a property of the product).
 */
static void test_pair_test_detects_fnv1a_correlation(void)
{
    static uint64_t positions[PAIR_KEYS][PAIR_PROBES];
    sim_prober prober;
    sim_prober_init(&prober, SIM_PROBE_INDEPENDENT, SIM_HASH_FNV1A, 1ULL << 40, PAIR_PROBES, 2026, 1);
    for (uint64_t key = 0; key < PAIR_KEYS; key++)
        sim_prober_positions(&prober, &key, sizeof key, positions[key]);
    CU_ASSERT(pair_chi_square((const uint64_t (*)[PAIR_PROBES])positions, 1ULL << 40, 0, 1) > 364.0);
}

/* Words 0 and 1 of an XXH3 stream are the two halves of one 128-bit hash,
 * word j >= 2 is splitmix64(low + (j-1) golden) XOR high (hash.h). */
static void test_stream_words_by_hand(void)
{
    uint64_t key = 77;
    sim_hash_seeds seeds;
    sim_hash_seeds_init(&seeds, 5, 1);
    CU_ASSERT_EQUAL(seeds.hash_seed, sim_derive_seed(5, SIM_SEED_HASH, 0));
    sim_hash_stream stream;
    sim_hash_stream_start(&stream, SIM_HASH_XXH3, &key, sizeof key, &seeds);
    uint64_t low = sim_hash_stream_next(&stream), high = sim_hash_stream_next(&stream);
    CU_ASSERT_NOT_EQUAL(low, high);
    for (uint64_t j = 2; j < 6; j++) {
        uint64_t state = low + (j - 2) * SIM_GOLDEN_GAMMA;
        CU_ASSERT_EQUAL(sim_hash_stream_next(&stream), sim_splitmix64_next(&state) ^ high);
    }
}

/* The halves of generated keys from their values (sim_hash_xxh3_values,
 * xxHash's short-input formulas on registers) equal the xxHash library's
 * XXH3_128bits_withSeed of the keys' bytes (8 little-endian bytes, and a
 * newline for an absent key), for 4000 values (small, large, top bit set)
 * under 3 seeds, in batches of every length up to 32. */
static void test_xxh3_of_values_equals_library(void)
{
    const uint64_t seeds_of[] = { 0, 1, 0xfedcba9876543210ULL };
    unsigned mismatches = 0, compared = 0;
    for (size_t s = 0; s < sizeof seeds_of / sizeof seeds_of[0]; s++) {
        sim_hash_seeds seeds;
        sim_hash_seeds_init(&seeds, seeds_of[s], 1);
        for (int newline = 0; newline <= 1; newline++)
            for (uint64_t first = 0; first < 4000; first += 1 + first % 32) {
                unsigned count = 1 + (unsigned)(first % 32);
                uint64_t values[32], lows[32], highs[32];
                for (unsigned i = 0; i < count; i++)
                    values[i] = sim_mix64(first + i) >> (first % 64) | (uint64_t)newline << 63;
                sim_hash_xxh3_values(lows, highs, values, count, newline, &seeds);
                for (unsigned i = 0; i < count; i++) {
                    unsigned char bytes[9];
                    for (unsigned b = 0; b < 8; b++)
                        bytes[b] = (unsigned char)(values[i] >> (8 * b));
                    bytes[8] = '\n';
                    XXH128_hash_t expected = XXH3_128bits_withSeed(bytes, newline ? 9 : 8, seeds.hash_seed);
                    mismatches += expected.low64 != lows[i] || expected.high64 != highs[i];
                    compared++;
                }
            }
    }
    CU_ASSERT_EQUAL(mismatches, 0);
    CU_ASSERT(compared > 2000);
}

static const bloom_test_case cases[] = {
    { "XXH3 of key values equals the library's", test_xxh3_of_values_equals_library },
    { "FNV-1a test vectors", test_fnv1a_vectors },
    { "Lemire reduction by hand", test_reduce_by_hand },
    { "positions below m for every scheme", test_positions_in_range },
    { "guarded double hashing: distinct probes", test_guard_gives_distinct_probes },
    { "unguarded double hashing: zero step occurs", test_unguarded_collapses_sometimes },
    { "double and enhanced match their formulas", test_schemes_match_their_formulas },
    { "prime factors", test_prime_factors },
    { "seeds are deterministic and matter", test_seeds_change_probes },
    { "stream words: two XXH3 halves, then SplitMix64", test_stream_words_by_hand },
    { "independent probes: pairs pass chi-square at 4 sizes", test_probe_pairs_independent },
    { "pair chi-square rejects FNV-1a's correlated words", test_pair_test_detects_fnv1a_correlation },
    { NULL, NULL },
};

const bloom_test_suite sim_hash_suite = { "sim_hash", cases };
