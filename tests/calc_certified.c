/*
 * calc_certified.c - certified.h: rounding, digits, ceilings and comparisons
 * of quantities, the rational and pair quantities, and the interval helpers.
 *
 * Where the expected values come from: exact fractions chosen here (1/3,
 * 26/25 = 1 + 4/100 of FORMULAS.md §c, ...) rounded by mpfr_set_q or by the
 * integer rounding of calc_reference.c; the comparisons around 1 % at
 * m = 9 592 954 718 / 719 bits for 1e9 keys, k = 7 (FORMULAS.md §b: the
 * smallest m meeting 1 % under the exact rate), confirmed by the moments
 * form of calc_reference.c; powers of fractions computed exactly with GMP
 * (and with MPFR's pow_z at 4000 bits for a power too large to expand).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>
#include <mpfi.h>

#include "calc_checks.h"
#include "calc_suites.h"

/* A rational quantity with its exact function (or without, to force refinement). */
static bloom_quantity rational_quantity(mpq_srcptr q, int with_exact)
{
    return (bloom_quantity){bloom_enclose_rational, q, with_exact ? bloom_exact_rational : NULL};
}

static int round_quantity(mpfr_ptr rop, const void *quantity, mpfr_rnd_t rnd)
{
    int ternary = 0;
    int status = bloom_quantity_round(rop, quantity, rnd, &ternary);
    return status == BLOOM_OK ? ternary : 99;   /* 99: no ternary value at all */
}

/* Correct rounding of rational quantities, with and without exact function:
 * non-dyadic values are resolved by refinement alone; dyadic ones (5/8,
 * 26/25 is not dyadic) need the exact function for their ternary value 0. */
static void test_round_rationals(void)
{
    static const struct { const char *value; int needs_exact; } cases[] = {
        {"1/3", 0}, {"-2/7", 0}, {"26/25", 0}, {"1/1000000007", 0}, {"5/8", 1}, {"0", 1},
        {"3", 1},
    };
    mpq_t q;
    mpq_init(q);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        mpq_set_str(q, cases[i].value, 10);
        mpq_canonicalize(q);
        for (int with_exact = cases[i].needs_exact; with_exact <= 1; with_exact++) {
            bloom_quantity quantity = rational_quantity(q, with_exact);
            CHECK_ROUNDING_RATIONAL(round_quantity, &quantity, q);
        }
    }
    mpq_clear(q);
}

/* Digits of rational quantities; numbers.h: trailing zeros are significant
 * and kept, so 26/25 to 10 digits is 1.040000000 whichever path is taken. */
static void test_decimal_rationals(void)
{
    static const struct { const char *value; unsigned digits; const char *text; } cases[] = {
        {"1/3", 10, "0.3333333333"},
        {"2/3", 10, "0.6666666667"},
        {"-2/3", 4, "-0.6667"},
        {"26/25", 10, "1.040000000"},
        {"1/8", 5, "0.12500"},
        {"100", 3, "100"},
    };
    mpq_t q;
    mpq_init(q);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        mpq_set_str(q, cases[i].value, 10);
        mpq_canonicalize(q);
        int exact_only = mpz_cmp_ui(mpq_denref(q), 8) == 0 || mpz_cmp_ui(mpq_denref(q), 1) == 0;
        for (int with_exact = exact_only; with_exact <= 1; with_exact++) {
            bloom_quantity quantity = rational_quantity(q, with_exact);
            char *text = NULL;
            int status = bloom_quantity_decimal(&text, &quantity, cases[i].digits);
            CHECK(status == BLOOM_OK && text != NULL && strcmp(text, cases[i].text) == 0,
                  "%s to %u digits (exact function %d): \"%s\" (status %d), expected \"%s\"",
                  cases[i].value, cases[i].digits, with_exact, text != NULL ? text : "(null)",
                  status, cases[i].text);
            free(text);
        }
    }
    mpq_clear(q);
}

/* Ceilings and floors of non-integers, worked by hand. */
static void test_ceil_floor(void)
{
    static const struct { const char *value; const char *ceiling, *floor; } cases[] = {
        {"26/25", "2", "1"},
        {"-26/25", "-1", "-2"},
        {"1/3", "1", "0"},
        {"19170116754734878145/1000000000000", "19170117", "19170116"},
    };
    mpq_t q;
    mpq_init(q);
    mpz_t actual, expected;
    mpz_inits(actual, expected, NULL);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        mpq_set_str(q, cases[i].value, 10);
        mpq_canonicalize(q);
        bloom_quantity quantity = rational_quantity(q, 0);
        for (int floor = 0; floor <= 1; floor++) {
            mpz_set_str(expected, floor ? cases[i].floor : cases[i].ceiling, 10);
            int status = bloom_quantity_ceil(actual, &quantity, floor);
            CHECK(status == BLOOM_OK && mpz_cmp(actual, expected) == 0,
                  "%s %s: %Zd (status %d), expected %Zd", floor ? "floor" : "ceil",
                  cases[i].value, actual, status, expected);
        }
    }
    mpz_clears(actual, expected, NULL);
    mpq_clear(q);
}

/* FORMULAS.md §b: the exact rate with 1e9 keys, k = 7 is just below 1 % at
 * 9 592 954 719 bits and just above at 9 592 954 718 (the reference says
 * 0.0099999999995 and 0.0100000000045). */
static void test_compare_against_one_percent(void)
{
    static const struct { const char *m; int sign; } cases[] = {
        {"9592954719", -1}, {"9592954718", 1},
    };
    mpq_t percent;
    mpq_init(percent);
    mpq_set_ui(percent, 1, 100);
    mpfr_t reference;
    mpfr_init2(reference, 256);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        test_filter filter;
        test_filter_init(&filter, cases[i].m, "1000000000", 7, 0);
        test_filter_reference(reference, &filter);
        CHECK(mpfr_cmp_q(reference, percent) == cases[i].sign, "reference disagrees at m=%s",
              cases[i].m);
        bloom_quantity exact = test_form_quantity(FORM_EXACT, &filter);
        int sign = 0, status = bloom_quantity_compare_rational(&sign, &exact, percent);
        CHECK(status == BLOOM_OK && sign == cases[i].sign, "m=%s: status %d sign %d", cases[i].m,
              status, sign);
        test_filter_clear(&filter);
    }
    mpfr_clear(reference);
    mpq_clear(percent);
}

/* Equality is decided through exact functions (certified.h): the seed's
 * exact rate against its own fraction (Markov chain) is 0; against the
 * fraction plus 2^-1000 it is -1, a difference refinement must resolve. */
static void test_compare_exact_values(void)
{
    test_filter filter;
    test_filter_init(&filter, "64", "8", 5, 0);
    bloom_quantity exact = test_form_quantity(FORM_EXACT, &filter);
    mpq_t fraction, tiny;
    mpq_inits(fraction, tiny, NULL);
    ref_rate_markov(fraction, 64, 40, 5);
    int sign = 7, status = bloom_quantity_compare_rational(&sign, &exact, fraction);
    CHECK(status == BLOOM_OK && sign == 0, "seed vs its fraction: status %d sign %d", status, sign);
    mpz_set_ui(mpq_numref(tiny), 1);
    mpz_ui_pow_ui(mpq_denref(tiny), 2, 1000);
    mpq_add(fraction, fraction, tiny);
    status = bloom_quantity_compare_rational(&sign, &exact, fraction);
    CHECK(status == BLOOM_OK && sign == -1, "seed vs fraction + 2^-1000: status %d sign %d",
          status, sign);
    mpq_clears(fraction, tiny, NULL);
    test_filter_clear(&filter);
}

/* left - right and left/right - 1 of 1/3 and 1/7: 4/21 and 4/3, to 30 digits. */
static void test_pairs(void)
{
    mpq_t third, seventh, expected;
    mpq_inits(third, seventh, expected, NULL);
    mpq_set_ui(third, 1, 3);
    mpq_set_ui(seventh, 1, 7);
    for (int with_exact = 0; with_exact <= 1; with_exact++) {
        bloom_quantity_pair pair = {rational_quantity(third, with_exact),
                                    rational_quantity(seventh, with_exact)};
        bloom_quantity difference = {bloom_enclose_difference, &pair,
                                     with_exact ? bloom_exact_difference : NULL};
        bloom_quantity relative = {bloom_enclose_relative_error, &pair,
                                   with_exact ? bloom_exact_relative_error : NULL};
        mpq_set_ui(expected, 4, 21);
        CHECK_DECIMAL_RATIONAL(&difference, 30, expected);
        mpq_set_ui(expected, 4, 3);
        CHECK_DECIMAL_RATIONAL(&relative, 30, expected);
        if (with_exact) {
            mpq_t value;
            mpq_init(value);
            int status = bloom_exact_difference(value, &pair);
            CHECK(status == BLOOM_OK && mpq_cmp_ui(value, 4, 21) == 0, "exact difference %Qd",
                  value);
            status = bloom_exact_relative_error(value, &pair);
            CHECK(status == BLOOM_OK && mpq_cmp_ui(value, 4, 3) == 0, "exact relative error %Qd",
                  value);
            mpq_clear(value);
        }
    }
    mpq_clears(third, seventh, expected, NULL);
}

/* An approximation is close (it carries no guarantee on its last bits). */
static void test_approximate(void)
{
    test_filter filter;
    test_filter_init(&filter, "9585058378", "1000000000", 7, 0);
    bloom_quantity exact = test_form_quantity(FORM_EXACT, &filter);
    mpfr_t approximation, reference;
    mpfr_init2(approximation, 64);
    mpfr_init2(reference, 256);
    test_filter_reference(reference, &filter);
    int status = bloom_quantity_approximate(approximation, &exact);
    mpfr_sub(reference, reference, approximation, MPFR_RNDN);
    mpfr_div(reference, reference, approximation, MPFR_RNDN);
    mpfr_abs(reference, reference, MPFR_RNDN);
    CHECK(status == BLOOM_OK && mpfr_cmp_d(reference, 1e-15) < 0,
          "approximation off by %.3Rg relative (status %d)", reference, status);
    mpfr_clears(approximation, reference, (mpfr_ptr)0);
    test_filter_clear(&filter);
}

/* ------------------------------------------------------------ interval helpers */

/* The interval contains the exact fraction and is narrow (relative width
 * below 2^-(precision - 40)). */
static void check_enclosure(mpfi_srcptr interval, mpq_srcptr exact, const char *what)
{
    mpfr_t width;
    mpfr_init2(width, 64);
    mpfi_diam_rel(width, interval);
    int inside = mpfi_is_inside_q(exact, interval) > 0;
    mpfr_mul_2si(width, width, mpfi_get_prec(interval) - 40, MPFR_RNDN);
    CHECK(inside && mpfr_cmp_ui(width, 1) <= 0, "%s: %s, relative width %.3Rg x 2^-(prec-40)", what,
          inside ? "contained" : "NOT contained", width);
    mpfr_clear(width);
}

static void test_interval_pow(void)
{
    static const struct { unsigned long numerator, denominator, exponent; } cases[] = {
        {3, 7, 50}, {1, 2, 0}, {0, 1, 5}, {999, 1000, 10000}, {5, 5, 3},
    };
    mpfi_t base, result;
    mpfi_init2(base, 200);
    mpfi_init2(result, 200);
    mpq_t ratio, exact;
    mpq_inits(ratio, exact, NULL);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        mpq_set_ui(ratio, cases[i].numerator, cases[i].denominator);
        mpq_canonicalize(ratio);
        mpfi_set_q(base, ratio);
        bloom_interval_pow_ui(result, base, cases[i].exponent);
        mpz_pow_ui(mpq_numref(exact), mpq_numref(ratio), cases[i].exponent);
        mpz_pow_ui(mpq_denref(exact), mpq_denref(ratio), cases[i].exponent);
        if (mpq_sgn(exact) != 0)
            check_enclosure(result, exact, "pow_ui");
        else
            CHECK(mpfi_is_inside_ui(0, result) > 0, "0^%lu does not contain 0", cases[i].exponent);
    }
    mpq_clears(ratio, exact, NULL);
    mpfi_clear(base);
    mpfi_clear(result);
}

static void test_interval_one_minus_ratio_pow(void)
{
    static const struct { const char *numerator, *denominator, *exponent; } cases[] = {
        {"3", "7", "50"}, {"0", "5", "10"}, {"1", "64", "40"}, {"7", "1000", "2000"},
    };
    mpfi_t result;
    mpfi_init2(result, 200);
    mpz_t numerator, denominator, exponent;
    mpz_inits(numerator, denominator, exponent, NULL);
    mpq_t exact;
    mpq_init(exact);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        mpz_set_str(numerator, cases[i].numerator, 10);
        mpz_set_str(denominator, cases[i].denominator, 10);
        mpz_set_str(exponent, cases[i].exponent, 10);
        bloom_interval_one_minus_ratio_pow(result, numerator, denominator, exponent);
        mpz_sub(mpq_numref(exact), denominator, numerator);
        mpz_pow_ui(mpq_numref(exact), mpq_numref(exact), mpz_get_ui(exponent));
        mpz_pow_ui(mpq_denref(exact), denominator, mpz_get_ui(exponent));
        mpq_canonicalize(exact);
        check_enclosure(result, exact, cases[i].numerator);
    }
    /* (1 - 1/9585058378)^7e9 (FORMULAS.md §a.2: rounding 1 - 1/m first is off
     * by 3.8e-7): against MPFR's pow_z of the fraction at 4000 bits. */
    mpz_set_ui(numerator, 1);
    mpz_set_str(denominator, "9585058378", 10);
    mpz_set_str(exponent, "7000000000", 10);
    bloom_interval_one_minus_ratio_pow(result, numerator, denominator, exponent);
    mpfr_t reference, left, right;
    mpfr_init2(reference, 4000);
    mpfr_inits2(200, left, right, (mpfr_ptr)0);
    mpz_sub_ui(numerator, denominator, 1);
    mpfr_set_z(reference, numerator, MPFR_RNDN);
    mpfr_div_z(reference, reference, denominator, MPFR_RNDN);
    mpfr_pow_z(reference, reference, exponent, MPFR_RNDN);   /* relative error ~ 2^-3960 */
    mpfi_get_left(left, result);
    mpfi_get_right(right, result);
    CHECK(mpfr_cmp(left, reference) < 0 && mpfr_cmp(right, reference) > 0,
          "[%.30Rg, %.30Rg] misses %.30Rg", left, right, reference);
    mpfr_sub(right, right, left, MPFR_RNDU);
    mpfr_div(right, right, reference, MPFR_RNDU);
    CHECK(mpfr_cmp_d(right, 0x1p-150) < 0, "relative width %.3Rg", right);
    mpfr_clears(reference, left, right, (mpfr_ptr)0);
    mpq_clear(exact);
    mpz_clears(numerator, denominator, exponent, NULL);
    mpfi_clear(result);
}

/* The relative width of `interval` is below 2^-bits and it contains `reference`. */
static void check_tight_enclosure(mpfi_srcptr interval, mpfr_srcptr reference, long bits, const char *what)
{
    mpfr_t left, right;
    mpfr_inits2(mpfi_get_prec(interval), left, right, (mpfr_ptr)0);
    mpfi_get_left(left, interval);
    mpfi_get_right(right, interval);
    CHECK(mpfr_cmp(left, reference) <= 0 && mpfr_cmp(right, reference) >= 0,
          "%s: [%.30Rg, %.30Rg] misses %.30Rg", what, left, right, reference);
    mpfr_sub(right, right, left, MPFR_RNDU);
    mpfr_div(right, right, reference, MPFR_RNDU);
    CHECK(mpfr_cmp_si_2exp(right, 1, -bits) < 0, "%s: relative width %.3Rg", what, right);
    mpfr_clears(left, right, (mpfr_ptr)0);
}

/* reference = (1 - l/denominator)^exponent by MPFR's pow_z of the fraction at reference's
 * precision (4000 bits: relative error about 2^-3900). */
static void reference_power(mpfr_ptr reference, unsigned long l, mpz_srcptr denominator,
                            mpz_srcptr exponent)
{
    mpz_t numerator;
    mpz_init(numerator);
    mpz_sub_ui(numerator, denominator, l);
    mpfr_set_z(reference, numerator, MPFR_RNDN);
    mpfr_div_z(reference, reference, denominator, MPFR_RNDN);
    mpfr_pow_z(reference, reference, exponent, MPFR_RNDN);
    mpz_clear(numerator);
}

/* Each results[i] contains (1 - steps[i]/denominator)^exponent (steps NULL: step i) and is
 * within 2^-260 of it, relatively (results at 300 bits). */
static void check_step_powers(mpfi_t *results, const unsigned long *steps, size_t count,
                              mpz_srcptr denominator, mpz_srcptr exponent, const char *what)
{
    mpfr_t reference;
    mpfr_init2(reference, 4000);
    for (size_t i = 0; i < count; i++) {
        reference_power(reference, steps != NULL ? steps[i] : i, denominator, exponent);
        check_tight_enclosure(results[i], reference, 260, what);
    }
    mpfr_clear(reference);
}

/*
 * The steps (1 - l/m)^T, l = 0..count, of an exact rate: a 1e-30 plan's filter (m = 143 776 416,
 * T = 1e8, the shared series) and a small one (m = 1000, T = 70 000: count/m above 2^-8, each
 * step alone), against MPFR's pow_z of the fraction at 4000 bits, each within 2^-(300 - 40).
 */
static void test_interval_one_minus_steps_pow(void)
{
    static const struct { const char *denominator, *exponent; unsigned long count; } cases[] = {
        {"143776416", "100000000", 100}, {"1000", "70000", 10}, {"4294967296", "300000000", 3},
    };
    mpfi_t results[101];
    for (size_t l = 0; l < COUNT_OF(results); l++)
        mpfi_init2(results[l], 300);
    mpz_t denominator, exponent;
    mpz_inits(denominator, exponent, NULL);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        mpz_set_str(denominator, cases[i].denominator, 10);
        mpz_set_str(exponent, cases[i].exponent, 10);
        bloom_interval_one_minus_steps_pow(results, cases[i].count, denominator, exponent);
        check_step_powers(results, NULL, cases[i].count + 1, denominator, exponent, cases[i].denominator);
    }
    mpz_clears(denominator, exponent, NULL);
    for (size_t l = 0; l < COUNT_OF(results); l++)
        mpfi_clear(results[l]);
}

/*
 * The listed steps (1 - h/A)^n of RocksDB's legacy rate, h among the 2^18 progressions a key may
 * have and A = 2^18 L: 1e6 keys in L = 35 157 lines (the shared series, largest step 2^18) and 1e3
 * in 37 (each step alone), against MPFR's pow_z of the fraction at 4000 bits.
 */
static void test_interval_one_minus_listed_pow(void)
{
    static const unsigned long steps[] = { 0, 1, 77, 4096, 100003, 262144 };
    static const struct { unsigned long lines, keys; } cases[] = { {35157, 1000000}, {37, 1000} };
    mpfi_t results[COUNT_OF(steps)];
    for (size_t i = 0; i < COUNT_OF(steps); i++)
        mpfi_init2(results[i], 300);
    mpz_t denominator, exponent;
    mpz_inits(denominator, exponent, NULL);
    for (size_t c = 0; c < COUNT_OF(cases); c++) {
        mpz_set_ui(denominator, cases[c].lines);
        mpz_mul_2exp(denominator, denominator, 18);
        mpz_set_ui(exponent, cases[c].keys);
        bloom_interval_one_minus_listed_pow(results, steps, COUNT_OF(steps), denominator, exponent);
        check_step_powers(results, steps, COUNT_OF(steps), denominator, exponent, "listed steps");
    }
    mpz_clears(denominator, exponent, NULL);
    for (size_t i = 0; i < COUNT_OF(steps); i++)
        mpfi_clear(results[i]);
}

/* e^x for narrow intervals (one exponential and a bound of the width's) and a wide one (two),
 * against MPFR's exponentials of the ends at 4000 bits: both inside, and a narrow interval's
 * enclosure no more than a few of its last bits wider than the interval's image. */
static void test_interval_exp(void)
{
    static const struct { const char *left, *right; long bits; } cases[] = {
        {"-69.3", "-69.3", 290}, {"1", "1.0000000000000000000000000000001", 100},
        {"-1e-9", "1e-9", 25}, {"-3", "2", -10}, {"0", "0", 290},
    };
    mpfi_t x, result;
    mpfi_init2(x, 300);
    mpfi_init2(result, 300);
    mpfr_t end, reference;
    mpfr_init2(end, 300);
    mpfr_init2(reference, 4000);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        mpfr_set_str(end, cases[i].left, 10, MPFR_RNDD);
        mpfr_set_str(reference, cases[i].right, 10, MPFR_RNDU);
        mpfi_interv_fr(x, end, reference);
        bloom_interval_exp(result, x);
        mpfi_get_left(reference, x);
        mpfr_exp(reference, reference, MPFR_RNDN);
        check_tight_enclosure(result, reference, cases[i].bits - 1, cases[i].left);
        mpfi_get_right(reference, x);
        mpfr_exp(reference, reference, MPFR_RNDN);
        check_tight_enclosure(result, reference, cases[i].bits - 1, cases[i].right);
    }
    mpfr_clears(end, reference, (mpfr_ptr)0);
    mpfi_clear(x);
    mpfi_clear(result);
}

/* 1/3, counting its evaluations (the arguments: an unsigned counter). */
static int counted_third(mpfi_ptr result, const void *arguments)
{
    unsigned *count = (unsigned *)(uintptr_t)arguments;
    (*count)++;
    mpfi_set_ui(result, 1);
    mpfi_div_ui(result, result, 3);
    return BLOOM_OK;
}

/*
 * A remembered quantity (bloom_quantity_memo): a request at no more
 * precision than the best so far is answered without evaluating, and still
 * encloses the value; more precision evaluates again.  Its exact function
 * is the wrapped one's, and none when that has none.
 */
static void test_memo(void)
{
    unsigned count = 0;
    bloom_quantity third = { counted_third, &count, NULL };
    bloom_quantity_memo memo;
    bloom_quantity_memo_init(&memo, &third);
    bloom_quantity remembered = bloom_quantity_memo_of(&memo);
    CHECK(remembered.exact == NULL, "no exact function from a quantity without one");
    mpq_t value;
    mpq_init(value);
    mpq_set_ui(value, 1, 3);
    static const mpfr_prec_t requests[] = { 100, 64, 100, 200, 80 };
    static const unsigned evaluations[] = { 1, 1, 1, 2, 2 };
    for (size_t i = 0; i < 5; i++) {
        mpfi_t enclosure;
        mpfi_init2(enclosure, requests[i]);
        CHECK(remembered.enclose(enclosure, remembered.arguments) == BLOOM_OK, "status");
        CHECK(count == evaluations[i], "after %ld bits: %u evaluations, expected %u", (long)requests[i], count,
              evaluations[i]);
        CHECK(mpfi_is_inside_q(value, enclosure), "%ld bits: 1/3 not enclosed", (long)requests[i]);
        mpfi_clear(enclosure);
    }
    bloom_quantity_memo_clear(&memo);
    bloom_quantity exact_third = { bloom_enclose_rational, value, bloom_exact_rational };
    bloom_quantity_memo_init(&memo, &exact_third);
    remembered = bloom_quantity_memo_of(&memo);
    mpq_t copy;
    mpq_init(copy);
    CHECK(remembered.exact != NULL && remembered.exact(copy, remembered.arguments) == BLOOM_OK
              && mpq_equal(copy, value), "the exact function is the wrapped one's");
    bloom_quantity_memo_clear(&memo);
    mpq_clears(value, copy, NULL);
}

static const bloom_test_case certified_cases[] = {
    {"remembered enclosures", test_memo},
    {"correct rounding of rationals", test_round_rationals},
    {"decimal digits of rationals", test_decimal_rationals},
    {"ceiling and floor", test_ceil_floor},
    {"compare the exact rate with 1 %", test_compare_against_one_percent},
    {"compare exact values", test_compare_exact_values},
    {"difference and relative error", test_pairs},
    {"approximation", test_approximate},
    {"interval pow_ui", test_interval_pow},
    {"interval (1 - a/b)^e", test_interval_one_minus_ratio_pow},
    {"interval (1 - l/b)^e, l = 0..count", test_interval_one_minus_steps_pow},
    {"interval (1 - h/b)^e, h listed", test_interval_one_minus_listed_pow},
    {"interval exp", test_interval_exp},
    {NULL, NULL},
};

const bloom_test_suite calc_certified_suite = {"certified", certified_cases};
