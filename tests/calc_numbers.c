/*
 * calc_numbers.c - numbers.h: reading counts and rates as exact rationals,
 * refusing everything else with the right bloom_parse_result, and writing
 * integers, decimals and rationals.
 *
 * Where the expected values come from: each accepted text's value is worked
 * out by hand and written as a fraction (mpq_set_str syntax) or as a power
 * built with GMP; the refusals follow the categories of numbers.h (SYNTAX:
 * not a number in an accepted form; NOT_WHOLE: a fraction where a whole
 * number is needed; OUT_OF_RANGE: a number outside the accepted range,
 * including exponents beyond BLOOM_PARSE_MAX_EXPONENT).  Formatted texts are
 * written by hand (ties to even worked out digit by digit), and sweeps
 * compare the library against the exact integer rounding of
 * calc_reference.c, read back with the reference's own parser.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "calc_checks.h"
#include "calc_suites.h"
#include "numbers.h"
#include "sizes.h"

/* ------------------------------------------------------------ parsing */

typedef enum parse_kind { PARSE_RATIONAL, PARSE_COUNT, PARSE_RATE, PARSE_UNSIGNED } parse_kind;

static const struct parse_case {
    parse_kind kind;
    const char *text;
    int result;
    const char *value;       /* expected value (fraction text), when accepted */
    const char *minimum;     /* count / rate / unsigned lower bound, NULL for the default */
    const char *maximum;     /* count / unsigned upper bound, NULL for none */
} parse_cases[] = {
    /* the accepted forms of numbers.h */
    {PARSE_RATIONAL, "1e9", BLOOM_PARSE_OK, "1000000000", NULL, NULL},
    {PARSE_RATIONAL, "2.5E6", BLOOM_PARSE_OK, "2500000", NULL, NULL},
    {PARSE_RATIONAL, "1_000_000", BLOOM_PARSE_OK, "1000000", NULL, NULL},
    {PARSE_RATIONAL, "1,000,000", BLOOM_PARSE_OK, "1000000", NULL, NULL},
    {PARSE_RATIONAL, "2^33", BLOOM_PARSE_OK, "8589934592", NULL, NULL},
    {PARSE_RATIONAL, "0.01", BLOOM_PARSE_OK, "1/100", NULL, NULL},
    {PARSE_RATIONAL, "1%", BLOOM_PARSE_OK, "1/100", NULL, NULL},
    {PARSE_RATIONAL, "1e-2", BLOOM_PARSE_OK, "1/100", NULL, NULL},
    {PARSE_RATIONAL, "1/100", BLOOM_PARSE_OK, "1/100", NULL, NULL},
    {PARSE_RATIONAL, "0.1", BLOOM_PARSE_OK, "1/10", NULL, NULL},    /* exactly, not a double */
    {PARSE_RATIONAL, "2.5%", BLOOM_PARSE_OK, "1/40", NULL, NULL},
    {PARSE_RATIONAL, "-3/4", BLOOM_PARSE_OK, "-3/4", NULL, NULL},  /* signs allowed */
    {PARSE_RATIONAL, "1000", BLOOM_PARSE_OK, "1000", NULL, NULL},
    {PARSE_RATIONAL, "0.000000000000000000000000000001", BLOOM_PARSE_OK,
     "1/1000000000000000000000000000000", NULL, NULL},
    /* not numbers */
    {PARSE_RATIONAL, "", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATIONAL, "NaN", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATIONAL, "nan", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATIONAL, "inf", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATIONAL, "-inf", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATIONAL, "Infinity", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATIONAL, "1e9x", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATIONAL, "12abc", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATIONAL, "1//100", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATIONAL, "1e", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATIONAL, ".", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATIONAL, "0x10", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATIONAL, "1%%", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    /* exponents beyond BLOOM_PARSE_MAX_EXPONENT */
    {PARSE_RATIONAL, "1e999999", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATIONAL, "1e401", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATIONAL, "2^99999", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    /* counts */
    {PARSE_COUNT, "1e9", BLOOM_PARSE_OK, "1000000000", "1", NULL},
    {PARSE_COUNT, "2.5E6", BLOOM_PARSE_OK, "2500000", "1", NULL},
    {PARSE_COUNT, "1_000_000", BLOOM_PARSE_OK, "1000000", "1", NULL},
    {PARSE_COUNT, "1,000,000", BLOOM_PARSE_OK, "1000000", "1", NULL},
    {PARSE_COUNT, "2^33", BLOOM_PARSE_OK, "8589934592", "1", NULL},
    {PARSE_COUNT, "1000", BLOOM_PARSE_OK, "1000", "1000", "1000"},
    {PARSE_COUNT, "0", BLOOM_PARSE_OK, "0", "0", NULL},
    {PARSE_COUNT, "2^256", BLOOM_PARSE_OK,
     "115792089237316195423570985008687907853269984665640564039457584007913129639936", "1",
     "2^256"},
    {PARSE_COUNT, "115792089237316195423570985008687907853269984665640564039457584007913129639937",
     BLOOM_PARSE_OUT_OF_RANGE, NULL, "1", "2^256"},
    {PARSE_COUNT, "1.5", BLOOM_PARSE_NOT_WHOLE, NULL, "1", NULL},
    {PARSE_COUNT, "1/100", BLOOM_PARSE_NOT_WHOLE, NULL, "1", NULL},
    {PARSE_COUNT, "1%", BLOOM_PARSE_NOT_WHOLE, NULL, "1", NULL},
    {PARSE_COUNT, "0", BLOOM_PARSE_OUT_OF_RANGE, NULL, "1", NULL},
    {PARSE_COUNT, "-0", BLOOM_PARSE_OUT_OF_RANGE, NULL, "1", NULL},
    {PARSE_COUNT, "-5", BLOOM_PARSE_OUT_OF_RANGE, NULL, "0", NULL},
    {PARSE_COUNT, "1e9", BLOOM_PARSE_OUT_OF_RANGE, NULL, "1", "1000"},
    {PARSE_COUNT, "1e999999", BLOOM_PARSE_OUT_OF_RANGE, NULL, "1", NULL},
    {PARSE_COUNT, "NaN", BLOOM_PARSE_SYNTAX, NULL, "1", NULL},
    {PARSE_COUNT, "", BLOOM_PARSE_SYNTAX, NULL, "1", NULL},
    {PARSE_COUNT, "1000 keys", BLOOM_PARSE_SYNTAX, NULL, "1", NULL},
    /* rates, 0 < p < 1 */
    {PARSE_RATE, "0.01", BLOOM_PARSE_OK, "1/100", NULL, NULL},
    {PARSE_RATE, "1%", BLOOM_PARSE_OK, "1/100", NULL, NULL},
    {PARSE_RATE, "1e-2", BLOOM_PARSE_OK, "1/100", NULL, NULL},
    {PARSE_RATE, "1/100", BLOOM_PARSE_OK, "1/100", NULL, NULL},
    {PARSE_RATE, "0.999999999999999999999", BLOOM_PARSE_OK,
     "999999999999999999999/1000000000000000000000", NULL, NULL},
    {PARSE_RATE, "1e-6", BLOOM_PARSE_OK, "1/1000000", "1e-6", NULL},   /* at least the minimum */
    {PARSE_RATE, "1e-9", BLOOM_PARSE_OUT_OF_RANGE, NULL, "1e-6", NULL},
    {PARSE_RATE, "0", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATE, "-0", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATE, "1", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATE, "100%", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATE, "1.5", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATE, "-0.1", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATE, "1e999999", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATE, "1e-999999", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATE, "NaN", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATE, "0.01x", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    /* rates as ratios and spaced percentages (numbers.h) */
    {PARSE_RATE, "1 in 1000", BLOOM_PARSE_OK, "1/1000", NULL, NULL},
    {PARSE_RATE, "1 in 1e6", BLOOM_PARSE_OK, "1/1000000", NULL, NULL},
    {PARSE_RATE, "3 in 1,000", BLOOM_PARSE_OK, "3/1000", NULL, NULL},
    {PARSE_RATE, "1:1000", BLOOM_PARSE_OK, "1/1000", NULL, NULL},    /* a ratio, not odds 1/1001 */
    {PARSE_RATE, "1:2^10", BLOOM_PARSE_OK, "1/1024", NULL, NULL},
    {PARSE_RATE, "0.1 %", BLOOM_PARSE_OK, "1/1000", NULL, NULL},
    {PARSE_RATE, "0.1  %", BLOOM_PARSE_OK, "1/1000", NULL, NULL},
    {PARSE_RATE, "0.1%", BLOOM_PARSE_OK, "1/1000", NULL, NULL},
    {PARSE_RATE, "1 in 0", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATE, "2 in 1", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATE, "1:1", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATE, "-1 in 100", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATE, "1 in -100", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATE, "1 in 1e-999999", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},
    {PARSE_RATE, "1 in", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATE, "in 100", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATE, "1 in 100 in 10", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATE, "1::100", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATE, ":100", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATE, " %", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATE, "0.1 % ", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATE, "0.1 %%", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    {PARSE_RATE, "1 in 100%", BLOOM_PARSE_OUT_OF_RANGE, NULL, NULL, NULL},   /* 1/(1/100) = 100 */
    {PARSE_RATE, "1 in 200%", BLOOM_PARSE_OK, "1/2", NULL, NULL},
    {PARSE_RATE, "1 in 1000 %", BLOOM_PARSE_SYNTAX, NULL, NULL, NULL},
    /* unsigned longs */
    {PARSE_UNSIGNED, "7", BLOOM_PARSE_OK, "7", "1", "1000"},
    {PARSE_UNSIGNED, "1e3", BLOOM_PARSE_OK, "1000", "1", "1000"},
    {PARSE_UNSIGNED, "1001", BLOOM_PARSE_OUT_OF_RANGE, NULL, "1", "1000"},
    {PARSE_UNSIGNED, "0", BLOOM_PARSE_OUT_OF_RANGE, NULL, "1", "1000"},
    {PARSE_UNSIGNED, "-1", BLOOM_PARSE_OUT_OF_RANGE, NULL, "0", "1000"},
    {PARSE_UNSIGNED, "2.5", BLOOM_PARSE_NOT_WHOLE, NULL, "1", "1000"},
    {PARSE_UNSIGNED, "18446744073709551615", BLOOM_PARSE_OK, "18446744073709551615", "0",
     "18446744073709551615"},
    {PARSE_UNSIGNED, "18446744073709551616", BLOOM_PARSE_OUT_OF_RANGE, NULL, "0",
     "18446744073709551615"},
    {PARSE_UNSIGNED, "x", BLOOM_PARSE_SYNTAX, NULL, "1", "1000"},
};

/* rop = the bound written in a test table ("1", "2^256", "1e-6"), by GMP alone. */
static void table_bound(mpq_ptr rop, const char *text)
{
    const char *caret = strchr(text, '^');
    const char *e = strchr(text, 'e');
    if (caret != NULL) {
        mpz_ui_pow_ui(mpq_numref(rop), strtoul(text, NULL, 10), strtoul(caret + 1, NULL, 10));
        mpz_set_ui(mpq_denref(rop), 1);
    } else if (e != NULL) {   /* 1e-N only */
        mpz_set_ui(mpq_numref(rop), 1);
        mpz_ui_pow_ui(mpq_denref(rop), 10, strtoul(e + 2, NULL, 10));
    } else if (mpq_set_str(rop, text, 10) != 0)
        abort();   /* a typo in a test table */
    mpq_canonicalize(rop);
}

/* Runs one case: *result and, if accepted, value = the parsed value. */
static int run_parse(const struct parse_case *c, mpq_ptr value)
{
    mpq_t minimum, maximum;
    mpq_inits(minimum, maximum, NULL);
    if (c->minimum != NULL)
        table_bound(minimum, c->minimum);
    if (c->maximum != NULL)
        table_bound(maximum, c->maximum);
    int result;
    switch (c->kind) {
    case PARSE_RATIONAL:
        result = bloom_parse_rational(value, c->text);
        break;
    case PARSE_COUNT: {
        mpz_t count;
        mpz_init(count);
        result = bloom_parse_count(count, c->text, mpq_numref(minimum),
                                   c->maximum != NULL ? mpq_numref(maximum) : NULL);
        mpq_set_z(value, count);
        mpz_clear(count);
        break;
    }
    case PARSE_RATE:
        result = bloom_parse_rate(value, c->text, c->minimum != NULL ? minimum : NULL);
        break;
    default: {
        unsigned long number = 0;
        result = bloom_parse_unsigned(&number, c->text, mpz_get_ui(mpq_numref(minimum)),
                                      mpz_get_ui(mpq_numref(maximum)));
        mpq_set_ui(value, number, 1);
        break;
    }
    }
    mpq_clears(minimum, maximum, NULL);
    return result;
}

static void test_parse_table(void)
{
    static const char *const kinds[] = {"rational", "count", "rate", "unsigned"};
    mpq_t value, expected;
    mpq_inits(value, expected, NULL);
    for (size_t i = 0; i < COUNT_OF(parse_cases); i++) {
        const struct parse_case *c = &parse_cases[i];
        int result = run_parse(c, value);
        CHECK(result == c->result, "%s \"%s\": result %d, expected %d", kinds[c->kind], c->text,
              result, c->result);
        if (result == BLOOM_PARSE_OK && c->value != NULL) {
            mpq_set_str(expected, c->value, 10);
            mpq_canonicalize(expected);
            CHECK(mpq_equal(value, expected), "%s \"%s\": value %Qd, expected %s", kinds[c->kind],
                  c->text, value, c->value);
        }
    }
    mpq_clears(value, expected, NULL);
}

/* The largest exponents accepted (numbers.h: 1e400, 2^1300) give exact powers. */
static void test_parse_largest_exponents(void)
{
    static const struct { const char *text; unsigned long base, exponent; int negative; } cases[] = {
        {"1e400", 10, 400, 0}, {"2^1300", 2, 1300, 0}, {"1e-400", 10, 400, 1},
    };
    mpq_t value, expected;
    mpq_inits(value, expected, NULL);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        int result = bloom_parse_rational(value, cases[i].text);
        mpz_ui_pow_ui(mpq_numref(expected), cases[i].base, cases[i].exponent);
        mpz_set_ui(mpq_denref(expected), 1);
        if (cases[i].negative)
            mpq_inv(expected, expected);
        CHECK(result == BLOOM_PARSE_OK && mpq_equal(value, expected), "\"%s\": result %d",
              cases[i].text, result);
    }
    mpq_clears(value, expected, NULL);
}

/* ------------------------------------------------------------ formatting */

static void check_text(char *actual, const char *expected, const char *what)
{
    CHECK(actual != NULL && strcmp(actual, expected) == 0, "%s: got \"%s\", expected \"%s\"", what,
          actual != NULL ? actual : "(null)", expected);
    free(actual);
}

/* Ties to even worked by hand, and the exact (trailing-zero-free) forms. */
static void test_format_rational(void)
{
    static const struct { const char *value; unsigned digits; const char *text; } cases[] = {
        {"1/8", 3, "0.125"},        /* terminates within 3 digits: exact */
        {"1/8", 2, "0.12"},         /* 0.125: tie, 2 is even */
        {"3/8", 2, "0.38"},         /* 0.375: tie, 8 is even */
        {"29/200", 2, "0.14"},      /* 0.145: tie, 4 is even */
        {"31/200", 2, "0.16"},      /* 0.155: tie, 6 is even */
        {"1/4", 10, "0.25"},        /* exact: no trailing zeros */
        {"5/8", 10, "0.625"},
        {"1/3", 5, "0.33333"},
        {"2/3", 5, "0.66667"},
        {"-2/3", 5, "-0.66667"},
        {"26/25", 10, "1.04"},      /* FORMULAS.md §c: L = 5, p = 1 % */
        {"7/5", 10, "1.4"},
        {"251/250", 10, "1.004"},
        {"1999/20", 3, "100"},      /* 99.95: tie between 99.9 and 100., 0 is even */
        {"9585058378", 20, "9585058378"},
        /* Whole numbers follow the notation rule of every real: fixed up to the
         * exponent D - 1, scientific above it (bloomcalc --help, Output). */
        {"8000000000000000000", 9, "8e18"},
        {"8000000000000000000", 18, "8e18"},
        {"8000000000000000000", 19, "8000000000000000000"},
        {"1000000000", 9, "1e9"},
        {"100000000", 9, "100000000"},
        {"1500000000", 9, "1.5e9"},
        {"15000000000000000000000", 30, "15000000000000000000000"},
        {"0", 5, "0"},
    };
    mpq_t value;
    mpq_init(value);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        mpq_set_str(value, cases[i].value, 10);
        mpq_canonicalize(value);
        check_text(bloom_format_rational(value, cases[i].digits), cases[i].text, cases[i].value);
    }
    /* 2^-1000 = 9.3326361850321887899e-302: far below any fixed notation */
    mpz_set_ui(mpq_numref(value), 1);
    mpz_ui_pow_ui(mpq_denref(value), 2, 1000);
    check_text(bloom_format_rational(value, 3), "9.33e-302", "2^-1000");
    mpq_clear(value);
}

/* bloom_format_rational against the reference rounding over a sweep of
 * values and digit counts, read back by the reference parser. */
static void test_format_rational_sweep(void)
{
    static const char *const values[] = {
        "1/3", "2/7", "355/113", "1/1024", "99995/100000", "123456789/1000", "1/9999999",
        "-22/7", "7/2", "1000001/1", "5/1000000000000", "314159265358979/100000000000000",
    };
    mpq_t value;
    mpq_init(value);
    for (size_t i = 0; i < COUNT_OF(values); i++)
        for (unsigned digits = 1; digits <= 25; digits += 3) {
            mpq_set_str(value, values[i], 10);
            mpq_canonicalize(value);
            ref_decimal expected, parsed;
            int exactness = ref_decimal_from_rational(&expected, value, digits);
            if (exactness == 1) {   /* terminating: written without trailing zeros */
                size_t length = strlen(expected.digits);
                while (length > 1 && expected.digits[length - 1] == '0')
                    expected.digits[--length] = '\0';
            }
            char *text = bloom_format_rational(value, digits);
            int bad = text == NULL || ref_decimal_parse(&parsed, text) != 0;
            CHECK(!bad, "%s to %u digits: unreadable \"%s\"", values[i], digits,
                  text != NULL ? text : "(null)");
            if (!bad) {
                ref_decimal_trim_integer_zeros(&parsed, text, (unsigned)strlen(expected.digits));
                CHECK(ref_decimal_equal(&parsed, &expected),
                      "%s to %u digits: \"%s\", expected 0.%s e%ld", values[i], digits, text,
                      expected.digits, expected.exponent);
                ref_decimal_clear(&parsed);
            }
            free(text);
            ref_decimal_clear(&expected);
        }
    mpq_clear(value);
}

/* Groups of three separated by spaces, by hand. */
static void test_format_integer(void)
{
    static const struct { const char *value; int grouped; const char *text; } cases[] = {
        {"9585058378", 1, "9 585 058 378"},   /* FORMULAS.md §b writes it so */
        {"9585058378", 0, "9585058378"},
        {"0", 1, "0"},
        {"999", 1, "999"},
        {"1000", 1, "1 000"},
        {"100000", 1, "100 000"},
        {"-1234567", 1, "-1 234 567"},
        {"18446744073709551616", 1, "18 446 744 073 709 551 616"},
        {"18446744073709551616", 0, "18446744073709551616"},
    };
    mpz_t value;
    mpz_init(value);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        mpz_set_str(value, cases[i].value, 10);
        check_text(bloom_format_integer(value, cases[i].grouped), cases[i].text, cases[i].value);
    }
    mpz_clear(value);
}

/* 0.digits x 10^exponent, by hand; trailing zeros kept (numbers.h). */
static void test_format_decimal(void)
{
    static const struct { int negative; const char *digits; long exponent; const char *text; }
        cases[] = {
            {0, "234", -1, "0.0234"},
            {0, "95850583773674390724", 1, "9.5850583773674390724"},
            {0, "9585058378", 10, "9585058378"},
            {0, "1000", 1, "1.000"},
            {0, "104", 1, "1.04"},
            {1, "5", 0, "-0.5"},
            {0, "123", -299, "1.23e-300"},   /* numbers.h's own example */
        };
    for (size_t i = 0; i < COUNT_OF(cases); i++)
        check_text(bloom_format_decimal(cases[i].negative, cases[i].digits, cases[i].exponent),
                   cases[i].text, cases[i].digits);
}

/* Every exponent from -400 to 400: whatever notation is chosen, the text
 * reads back as the same digits and exponent. */
static void test_format_decimal_round_trip(void)
{
    static const char *const digit_strings[] = {"1", "123", "1000", "98765432109876543210"};
    for (size_t d = 0; d < COUNT_OF(digit_strings); d++)
        for (long exponent = -400; exponent <= 400; exponent++)
            for (int negative = 0; negative <= 1; negative++) {
                char *text = bloom_format_decimal(negative, digit_strings[d], exponent);
                ref_decimal parsed;
                ref_decimal expected = {negative, (char *)digit_strings[d], exponent};
                int bad = text == NULL || ref_decimal_parse(&parsed, text) != 0;
                if (!bad)
                    ref_decimal_trim_integer_zeros(&parsed, text,
                                                   (unsigned)strlen(digit_strings[d]));
                CHECK(!bad && ref_decimal_equal(&parsed, &expected), "0.%s e%ld written \"%s\"",
                      digit_strings[d], exponent, text != NULL ? text : "(null)");
                if (!bad)
                    ref_decimal_clear(&parsed);
                free(text);
            }
}

/* ------------------------------------------------------------ sizes */

/*
 * Sizes with units (sizes.h): each expected number of bits is written as
 * GMP builds it from the unit's definition (8 bits a byte, 10^3j and 2^10j
 * for the prefixes), independently of the parser's unit table.
 */
static void test_parse_size_table(void)
{
    static const struct {
        const char *text;
        int bare_bytes;
        int result;
        unsigned long factor, base, exponent;   /* expected bits = factor base^exponent */
    } cases[] = {
        {"1e9", 0, BLOOM_PARSE_OK, 1, 10, 9},
        {"1e9", 1, BLOOM_PARSE_OK, 8, 10, 9},           /* --memory: bytes */
        {"2GiB", 0, BLOOM_PARSE_OK, 16, 2, 30},
        {"2 GiB", 0, BLOOM_PARSE_OK, 16, 2, 30},
        {"0.5GiB", 1, BLOOM_PARSE_OK, 4, 2, 30},
        {"2^30 B", 0, BLOOM_PARSE_OK, 8, 2, 30},
        {"1.5 kB", 0, BLOOM_PARSE_OK, 12000, 10, 0},
        {"512MiB", 0, BLOOM_PARSE_OK, 4096, 2, 20},
        {"1 TB", 0, BLOOM_PARSE_OK, 8, 10, 12},
        {"3TiB", 0, BLOOM_PARSE_OK, 24, 2, 40},
        {"1 MB", 0, BLOOM_PARSE_OK, 8, 10, 6},
        {"7 KiB", 0, BLOOM_PARSE_OK, 56, 2, 10},
        {"1 B", 0, BLOOM_PARSE_OK, 8, 10, 0},
        {"8e9 bit", 1, BLOOM_PARSE_OK, 8, 10, 9},       /* a unit overrides the bare meaning */
        {"5 bits", 0, BLOOM_PARSE_OK, 5, 10, 0},
        {"3kbit", 0, BLOOM_PARSE_OK, 3, 10, 3},
        {"2 Mbit", 0, BLOOM_PARSE_OK, 2, 10, 6},
        {"1Gbit", 0, BLOOM_PARSE_OK, 1, 10, 9},
        {"1 Tbit", 0, BLOOM_PARSE_OK, 1, 10, 12},
        {"1Kibit", 0, BLOOM_PARSE_OK, 1, 2, 10},
        {"1Mibit", 0, BLOOM_PARSE_OK, 1, 2, 20},
        {"3 Gibit", 0, BLOOM_PARSE_OK, 3, 2, 30},
        {"1 Tibit", 0, BLOOM_PARSE_OK, 1, 2, 40},
        {"1,000 MB", 0, BLOOM_PARSE_OK, 8, 10, 9},
        /* not whole bits, out of range, syntax */
        {"1.1 B", 0, BLOOM_PARSE_NOT_WHOLE, 0, 0, 0},   /* 8.8 bits */
        {"1.5 B", 0, BLOOM_PARSE_OK, 12, 10, 0},
        {"0.1", 1, BLOOM_PARSE_NOT_WHOLE, 0, 0, 0},
        {"1.5", 0, BLOOM_PARSE_NOT_WHOLE, 0, 0, 0},
        {"0 GiB", 0, BLOOM_PARSE_OUT_OF_RANGE, 0, 0, 0},
        {"-1 GiB", 0, BLOOM_PARSE_OUT_OF_RANGE, 0, 0, 0},
        {"-0", 0, BLOOM_PARSE_OUT_OF_RANGE, 0, 0, 0},
        {"2^256 B", 0, BLOOM_PARSE_OUT_OF_RANGE, 0, 0, 0},
        {"GiB", 0, BLOOM_PARSE_SYNTAX, 0, 0, 0},
        {"", 0, BLOOM_PARSE_SYNTAX, 0, 0, 0},
        {"1 XB", 0, BLOOM_PARSE_SYNTAX, 0, 0, 0},
        {"1 gibibyte", 0, BLOOM_PARSE_SYNTAX, 0, 0, 0},
        {"1 GiB 2", 0, BLOOM_PARSE_SYNTAX, 0, 0, 0},
        {"1e", 0, BLOOM_PARSE_SYNTAX, 0, 0, 0},
        {"NaN", 0, BLOOM_PARSE_SYNTAX, 0, 0, 0},
        {"inf", 0, BLOOM_PARSE_SYNTAX, 0, 0, 0},
        /* ambiguous spellings */
        {"1Mb", 0, BLOOM_PARSE_AMBIGUOUS, 0, 0, 0},
        {"1 mb", 0, BLOOM_PARSE_AMBIGUOUS, 0, 0, 0},
        {"1kb", 0, BLOOM_PARSE_AMBIGUOUS, 0, 0, 0},
        {"1KB", 0, BLOOM_PARSE_AMBIGUOUS, 0, 0, 0},
        {"1G", 0, BLOOM_PARSE_AMBIGUOUS, 0, 0, 0},
        {"1 b", 0, BLOOM_PARSE_AMBIGUOUS, 0, 0, 0},
        {"1Gb", 0, BLOOM_PARSE_AMBIGUOUS, 0, 0, 0},
        {"1 Mib", 0, BLOOM_PARSE_AMBIGUOUS, 0, 0, 0},
        {"1Kbit", 0, BLOOM_PARSE_AMBIGUOUS, 0, 0, 0},
    };
    mpz_t bits, expected, low, high;
    mpz_inits(bits, expected, low, high, NULL);
    mpz_set_ui(low, 1);
    mpz_ui_pow_ui(high, 2, 256);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        int result = bloom_parse_size(bits, cases[i].text,
                                      cases[i].bare_bytes ? BLOOM_SIZE_BARE_BYTES : BLOOM_SIZE_BARE_BITS,
                                      low, high);
        CHECK(result == cases[i].result, "size \"%s\": result %d, expected %d", cases[i].text,
              result, cases[i].result);
        if (result == BLOOM_PARSE_OK && cases[i].result == BLOOM_PARSE_OK) {
            mpz_ui_pow_ui(expected, cases[i].base, cases[i].exponent);
            mpz_mul_ui(expected, expected, cases[i].factor);
            CHECK(mpz_cmp(bits, expected) == 0, "size \"%s\": %Zd bits, expected %Zd",
                  cases[i].text, bits, expected);
        }
    }
    mpz_clears(bits, expected, low, high, NULL);
}

/* An ambiguous unit's message names two readings, and each reading, given
 * instead, is accepted: the two readings differ (or name units of the same size). */
static void test_size_readings(void)
{
    static const struct { const char *text, *first, *second; } cases[] = {
        {"1Mb", "Mbit", "MB"}, {"1mb", "Mbit", "MB"}, {"2 kb", "kbit", "kB"},
        {"1KB", "kB", "KiB"}, {"1G", "GB", "GiB"}, {"1 b", "bit", "B"}, {"1Tb", "Tbit", "TB"},
        {"1 Gib", "Gibit", "GiB"}, {"1Kbit", "kbit", "Kibit"}, {"1k", "kB", "KiB"},
    };
    mpz_t bits;
    mpz_init(bits);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        char readings[160];
        int ambiguous = bloom_size_readings(readings, sizeof readings, cases[i].text);
        char first[32], second[32];
        snprintf(first, sizeof first, "%s (", cases[i].first);
        snprintf(second, sizeof second, "or %s (", cases[i].second);
        CHECK(ambiguous && strncmp(readings, first, strlen(first)) == 0
              && strstr(readings, second) != NULL,
              "\"%s\": readings \"%s\", expected %s or %s", cases[i].text, readings,
              cases[i].first, cases[i].second);
        char text[32];
        snprintf(text, sizeof text, "1 %s", cases[i].first);
        CHECK(bloom_parse_size(bits, text, BLOOM_SIZE_BARE_BITS, NULL, NULL) == BLOOM_PARSE_OK,
              "reading \"%s\" refused", text);
        snprintf(text, sizeof text, "1 %s", cases[i].second);
        CHECK(bloom_parse_size(bits, text, BLOOM_SIZE_BARE_BITS, NULL, NULL) == BLOOM_PARSE_OK,
              "reading \"%s\" refused", text);
    }
    char readings[160] = "x";
    CHECK(!bloom_size_readings(readings, sizeof readings, "1 GiB") && readings[0] == '\0',
          "GiB is not ambiguous");
    mpz_clear(bits);
}

static const bloom_test_case numbers_cases[] = {
    {"sizes: units, exact bits, refusals", test_parse_size_table},
    {"sizes: ambiguous units name two accepted readings", test_size_readings},
    {"parsing: accepted forms and refusals", test_parse_table},
    {"parsing: largest exponents", test_parse_largest_exponents},
    {"format rational: by hand", test_format_rational},
    {"format rational: sweep against reference", test_format_rational_sweep},
    {"format integer", test_format_integer},
    {"format decimal: by hand", test_format_decimal},
    {"format decimal: round trip", test_format_decimal_round_trip},
    {NULL, NULL},
};

const bloom_test_suite calc_numbers_suite = {"numbers", numbers_cases};
