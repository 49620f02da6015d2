/*
 * calc_lsm.c - lsm.h: read amplification of an L-level LSM tree with a
 * Bloom filter of rate p per level.
 *
 * Expected values: FORMULAS.md §c (1 + (L-1)p: L = 5 gives 1.04, 1.4 and 1.004
 * at p = 1/100, 1/10, 1/1000; L p: 0.2 for L = 20 and 0.05 for L = 5 at
 * 1/100), seed 002 ("a read amplification of 5 becomes 1.04") and seed 000
 * ("a miss across 20 SSTables costs 0.2 disk reads"), written here as exact
 * fractions; the quantity forms are checked against the same fractions and
 * against 1 + 4 p for the seed filter's exact rate (the Markov-chain fraction
 * of calc_reference.c).
 */
#include <CUnit/CUnit.h>

#include "calc_checks.h"
#include "calc_suites.h"
#include "lsm.h"

static const struct amplification_row {
    unsigned long levels;
    const char *p;
    const char *hit, *miss;   /* exact fractions, derived by hand */
} amplification_table[] = {
    {5, "1/100", "26/25", "1/20"},      /* 1.04 and 0.05 */
    {5, "1/10", "7/5", "1/2"},          /* 1.4 */
    {5, "1/1000", "251/250", "1/200"},  /* 1.004 */
    {20, "1/100", "119/100", "1/5"},    /* miss 0.2 */
    {1, "1/3", "1", "1/3"},             /* one level: the key's own read only */
    {7, "2/3", "5", "14/3"},
};

static void test_read_amplification_exact(void)
{
    mpq_t p, actual, expected;
    mpq_inits(p, actual, expected, NULL);
    for (size_t i = 0; i < COUNT_OF(amplification_table); i++) {
        const struct amplification_row *row = &amplification_table[i];
        mpq_set_str(p, row->p, 10);
        bloom_read_amplification_hit(actual, row->levels, p);
        mpq_set_str(expected, row->hit, 10);
        CHECK(mpq_equal(actual, expected), "L=%lu p=%s hit: got %Qd, expected %s", row->levels,
              row->p, actual, row->hit);
        bloom_read_amplification_miss(actual, row->levels, p);
        mpq_set_str(expected, row->miss, 10);
        CHECK(mpq_equal(actual, expected), "L=%lu p=%s miss: got %Qd, expected %s", row->levels,
              row->p, actual, row->miss);
    }
    mpq_clears(p, actual, expected, NULL);
}

/* The quantity forms with an exact rational rate, to 30 digits. */
static void test_read_amplification_quantity(void)
{
    mpq_t p, expected;
    mpq_inits(p, expected, NULL);
    for (size_t i = 0; i < COUNT_OF(amplification_table); i++) {
        const struct amplification_row *row = &amplification_table[i];
        mpq_set_str(p, row->p, 10);
        bloom_lsm_arguments arguments = {row->levels, {bloom_enclose_rational, p, bloom_exact_rational}};
        bloom_quantity hit = {bloom_enclose_read_amplification_hit, &arguments, NULL};
        bloom_quantity miss = {bloom_enclose_read_amplification_miss, &arguments, NULL};
        mpq_set_str(expected, row->hit, 10);
        CHECK_DECIMAL_RATIONAL(&hit, 30, expected);
        mpq_set_str(expected, row->miss, 10);
        CHECK_DECIMAL_RATIONAL(&miss, 30, expected);
    }
    mpq_clears(p, expected, NULL);
}

/* 1 + 4 p and 5 p for the seed filter's exact rate (m = 64, n = 8, k = 5). */
static void test_read_amplification_achieved_rate(void)
{
    test_filter filter;
    test_filter_init(&filter, "64", "8", 5, 0);
    bloom_lsm_arguments arguments = {5, bloom_fpr_exact_quantity(&filter.arguments)};
    bloom_quantity hit = {bloom_enclose_read_amplification_hit, &arguments, NULL};
    bloom_quantity miss = {bloom_enclose_read_amplification_miss, &arguments, NULL};
    mpq_t rate, expected;
    mpq_inits(rate, expected, NULL);
    ref_rate_markov(rate, 64, 40, 5);
    mpq_set_ui(expected, 4, 1);
    mpq_mul(expected, expected, rate);
    mpq_set_ui(rate, 1, 1);
    mpq_add(expected, expected, rate);   /* 1 + 4 p */
    CHECK_DECIMAL_RATIONAL(&hit, 40, expected);
    ref_rate_markov(rate, 64, 40, 5);
    mpq_set_ui(expected, 5, 1);
    mpq_mul(expected, expected, rate);
    CHECK_DECIMAL_RATIONAL(&miss, 40, expected);
    mpq_clears(rate, expected, NULL);
    test_filter_clear(&filter);
}

static const bloom_test_case lsm_cases[] = {
    {"1 + (L-1)p and Lp exactly", test_read_amplification_exact},
    {"quantity forms with a rational rate", test_read_amplification_quantity},
    {"quantity forms with the seed's exact rate", test_read_amplification_achieved_rate},
    {NULL, NULL},
};

const bloom_test_suite calc_lsm_suite = {"lsm", lsm_cases};
