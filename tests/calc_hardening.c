/*
 * calc_hardening.c - regressions for the bugs the fuzz targets of
 * tests/fuzz found in the library, and the precision limit that
 * bounds their work.
 *
 * Expected values are worked out by hand here, not taken from the program:
 *   - 512/8000803 = 0.0000639935766... (long division), so its one-digit
 *     form is 6e-5, written "0.00006" (fixed notation down to 10^-5); the
 *     formatter used to print "0.0001" (it let 0.64 round up to a leading
 *     digit when its first guess of the exponent was one too large);
 *   - 0.0000996 at two digits rounds up to 1.0e-4: a carry from 99.6 to
 *     100 that must give "0.00010", and 0.0000994 stays "0.000099";
 *   - the same numbers at 9 and 17 digits read back within half a unit of
 *     the last digit (the property fuzz_numbers checks).
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "calc_checks.h"
#include "calc_suites.h"
#include "certified.h"
#include "numbers.h"

static const struct format_case {
    const char *value;       /* mpq_set_str syntax */
    unsigned digits;
    const char *text;        /* bloom_format_rational_digits, by hand */
} format_cases[] = {
    {"512/8000803", 1, "0.00006"},
    {"512/8000803", 2, "0.000064"},
    {"512/8000803", 9, "0.0000639935766"},
    {"249/2500000", 2, "0.00010"},     /* 0.0000996: carry */
    {"497/5000000", 2, "0.000099"},    /* 0.0000994 */
    {"-512/8000803", 1, "-0.00006"},
    {"99999/1000", 1, "1e2"},          /* 99.999: carry into a new digit (exponent 2 > D - 1: scientific) */
};

static void test_format_leading_digit(void)
{
    mpq_t value;
    mpq_init(value);
    for (size_t i = 0; i < COUNT_OF(format_cases); i++) {
        mpq_set_str(value, format_cases[i].value, 10);
        mpq_canonicalize(value);
        char *text = bloom_format_rational_digits(value, format_cases[i].digits);
        CU_ASSERT_STRING_EQUAL(text, format_cases[i].text);
        free(text);
    }
    mpq_clear(value);
}

/* Every denominator up to 3000 over a numerator just above a power of
 * ten: the one-digit form's leading digit is floor(10 v / 10^(E-1)) or
 * one more, never off by a factor of ten. */
static void test_format_one_digit_sweep(void)
{
    mpq_t value, back, ratio;
    mpq_inits(value, back, ratio, NULL);
    for (unsigned long denominator = 1; denominator <= 3000; denominator++) {
        mpq_set_ui(value, 1001, denominator);
        mpq_canonicalize(value);
        char *text = bloom_format_rational_digits(value, 1);
        CU_ASSERT_EQUAL_FATAL(bloom_parse_rational(back, text), BLOOM_PARSE_OK);
        mpq_div(ratio, back, value);   /* within [1/2, 3/2) for a correct leading digit */
        CU_ASSERT(mpq_cmp_ui(ratio, 1, 2) >= 0 && mpq_cmp_ui(ratio, 3, 2) < 0);
        free(text);
    }
    mpq_clears(value, back, ratio, NULL);
}

static void test_precision_limit(void)
{
    mpfr_prec_t original = bloom_precision_limit();
    CU_ASSERT_EQUAL(original, BLOOM_PRECISION_LIMIT);
    CU_ASSERT_EQUAL(bloom_set_precision_limit(10), original);
    CU_ASSERT_EQUAL(bloom_precision_limit(), 64);                      /* clamped up */
    bloom_set_precision_limit(BLOOM_PRECISION_LIMIT * 4);
    CU_ASSERT_EQUAL(bloom_precision_limit(), BLOOM_PRECISION_LIMIT);   /* clamped down */
    /* 1/3 to 100 digits needs about 340 bits: refused under a 128-bit limit. */
    mpq_t third;
    mpq_init(third);
    mpq_set_ui(third, 1, 3);
    bloom_quantity quantity = { bloom_enclose_rational, third, NULL };
    char *text = NULL;
    bloom_set_precision_limit(128);
    CU_ASSERT_EQUAL(bloom_quantity_decimal(&text, &quantity, 100), BLOOM_UNRESOLVED);
    free(text);
    bloom_set_precision_limit(original);
    CU_ASSERT_EQUAL(bloom_quantity_decimal(&text, &quantity, 100), BLOOM_OK);
    CU_ASSERT(text != NULL && strlen(text) == 102);   /* "0." and 100 threes */
    free(text);
    mpq_clear(third);
}

static const bloom_test_case hardening_cases[] = {
    {"rational formatting: leading digit and carries", test_format_leading_digit},
    {"rational formatting: one-digit sweep", test_format_one_digit_sweep},
    {"precision limit: clamps and refusals", test_precision_limit},
    {NULL, NULL},
};

const bloom_test_suite calc_hardening_suite = {"hardening", hardening_cases};
