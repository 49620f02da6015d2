/*
 * calc_rate_curve.c - rate_curve.h: the grid of keys against exp2 in
 * double precision (computed here, not by MPFR), and the rates of a small
 * standard filter against the Markov chain of the reference arithmetic
 * (calc_reference.h), which shares no code with the library's
 * inclusion-exclusion; a Ribbon and a keys_max not above n refused.
 */
#include <CUnit/CUnit.h>
#include <math.h>

#include "calc_reference.h"
#include "calc_suites.h"
#include "rate_curve.h"

/* round(n 2^(j/8)), ties to even (1e5/64 = 1562.5 is 1562), for j = -56.. below 4n, then 4n:
 * 73 points (n = 1e5 keys: no two alike), n, 2n and 4n among them. */
static void test_grid(void)
{
    mpz_t n, m, keys_max;
    mpz_init_set_ui(n, 100000);
    mpz_init_set_ui(m, 958506);
    mpz_init_set_ui(keys_max, 400000);
    bloom_layout_arguments layout = { .kind = BLOOM_LAYOUT_STANDARD, .m = m, .n = n, .k = 7 };
    bloom_rate_curve curve;
    bloom_rate_curve_init(&curve);
    CU_ASSERT_EQUAL(bloom_rate_curve_compute(&curve, &layout, keys_max), BLOOM_OK);
    CU_ASSERT_EQUAL(curve.count, 73);
    for (size_t i = 0; i < curve.count && curve.count == 73; i++) {
        double expected = i + 1 < curve.count ? nearbyint(1e5 * exp2(((double)i - 56) / 8)) : 4e5;
        CU_ASSERT_EQUAL(mpz_get_ui(curve.keys[i]), (unsigned long)expected);
        CU_ASSERT(i == 0 || curve.rates[i] > curve.rates[i - 1]);
    }
    CU_ASSERT_EQUAL(mpz_get_ui(curve.keys[56]), 100000);
    CU_ASSERT_EQUAL(mpz_get_ui(curve.keys[64]), 200000);
    bloom_rate_curve_clear(&curve);
    mpz_clears(n, m, keys_max, NULL);
}

/* m = 64, k = 5, planned for 8 keys, up to 32: every rate within half a 24-bit ulp of the chain's. */
static void test_rates_against_markov(void)
{
    mpz_t n, m, keys_max;
    mpz_init_set_ui(n, 8);
    mpz_init_set_ui(m, 64);
    mpz_init_set_ui(keys_max, 32);
    bloom_layout_arguments layout = { .kind = BLOOM_LAYOUT_STANDARD, .m = m, .n = n, .k = 5 };
    bloom_rate_curve curve;
    bloom_rate_curve_init(&curve);
    CU_ASSERT_EQUAL(bloom_rate_curve_compute(&curve, &layout, keys_max), BLOOM_OK);
    CU_ASSERT(curve.count > 16);
    CU_ASSERT_EQUAL(mpz_get_ui(curve.keys[0]), 1);
    CU_ASSERT_EQUAL(mpz_get_ui(curve.keys[curve.count - 1]), 32);
    mpq_t expected;
    mpq_init(expected);
    for (size_t i = 0; i < curve.count; i++) {
        unsigned long keys = mpz_get_ui(curve.keys[i]);
        ref_rate_markov(expected, 64, 5 * keys, 5);
        double reference = mpq_get_d(expected);
        CU_ASSERT(fabs(curve.rates[i] - reference) <= ldexp(reference, -24) * 1.0001);
    }
    mpq_clear(expected);
    bloom_rate_curve_clear(&curve);
    mpz_clears(n, m, keys_max, NULL);
}

static void test_refusals(void)
{
    mpz_t n, m;
    mpz_init_set_ui(n, 1000);
    mpz_init_set_ui(m, 9600);
    bloom_layout_arguments ribbon = { .kind = BLOOM_LAYOUT_RIBBON, .m = m, .n = n, .slots = 1024 };
    bloom_layout_arguments standard = { .kind = BLOOM_LAYOUT_STANDARD, .m = m, .n = n, .k = 7 };
    bloom_rate_curve curve;
    bloom_rate_curve_init(&curve);
    CU_ASSERT_EQUAL(bloom_rate_curve_compute(&curve, &ribbon, m), BLOOM_UNDEFINED);
    CU_ASSERT_EQUAL(bloom_rate_curve_compute(&curve, &standard, n), BLOOM_UNDEFINED);
    CU_ASSERT_EQUAL(curve.count, 0);
    bloom_rate_curve_clear(&curve);
    mpz_clears(n, m, NULL);
}

static const bloom_test_case rate_curve_cases[] = {
    {"grid: n/128 to 4n, eight points a doubling", test_grid},
    {"rates of m = 64, k = 5 against the Markov chain", test_rates_against_markov},
    {"a Ribbon, and keys_max not above n, refused", test_refusals},
    {NULL, NULL},
};

const bloom_test_suite calc_rate_curve_suite = {"rate_curve", rate_curve_cases};
