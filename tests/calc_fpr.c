/*
 * calc_fpr.c - the false-positive rates of fpr.h: the exact rate (as a
 * fraction, as certified digits and as correctly rounded MPFR values),
 * Bloom's formula and the exponential approximation.
 *
 * Where the expected values come from:
 *   - exact fractions: brute-force enumeration of every hash outcome, the
 *     Stirling-number sum and the occupancy Markov chain (calc_reference.c),
 *     three methods unrelated to the library's inclusion-exclusion in MPFI;
 *   - Bloom's formula as an exact fraction (1 - ((m-1)/m)^T)^k, and both
 *     approximations in MPFR written directly (calc_reference.c);
 *   - large filters: the moments-of-empty-bits form of FORMULAS.md §a.2 in MPFR
 *     at two working precisions (calc_reference.c);
 *   - quoted figures from calc/FORMULAS.md (§a.2 to §a.5, §a.7, §b),
 *     each cited where it is used.  The seed example m = 64, n = 8, k = 5 is
 *     FORMULAS.md §a.5.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>
#include <mpfi.h>

#include "calc_checks.h"
#include "calc_suites.h"
#include "fpr.h"

/* ------------------------------------------------------------ small cases */

/* FORMULAS.md §a.3: all m <= 12, k <= 6, 1 <= kn <= 12 (348 cases), here with n = 0 as well. */
enum { SMALL_M = 12, SMALL_K = 6, SMALL_THROWS = 12, SMALL_CASES = 348 + 12 * 6 };
/* Brute force only where m^(k(n+1)) outcomes are few (it is O(outcomes)). */
#define BRUTE_FORCE_OUTCOMES 40000.0

typedef void (*small_case_test)(unsigned long m, unsigned long n, unsigned long k, void *state);

/* Calls `test` on every small case; returns how many there were. */
static unsigned for_each_small_case(small_case_test test, void *state)
{
    unsigned cases = 0;
    for (unsigned long m = 1; m <= SMALL_M; m++)
        for (unsigned long k = 1; k <= SMALL_K; k++)
            for (unsigned long n = 0; k * n <= SMALL_THROWS; n++) {
                test(m, n, k, state);
                cases++;
            }
    return cases;
}

static double outcome_count(unsigned long m, unsigned long n, unsigned long k)
{
    double outcomes = 1;
    for (unsigned long i = 0; i < k * (n + 1); i++)
        outcomes *= (double)m;
    return outcomes;
}

/* calc's fraction for (m, n, k); records a failure unless BLOOM_OK. */
static void calc_exact_rational(mpq_ptr rop, unsigned long m, unsigned long n, unsigned long k)
{
    mpz_t mz, nz;
    mpz_init_set_ui(mz, m);
    mpz_init_set_ui(nz, n);
    int status = bloom_fpr_exact_rational(rop, mz, nz, k);
    CHECK(status == BLOOM_OK, "bloom_fpr_exact_rational(m=%lu, n=%lu, k=%lu) status %d", m, n, k,
          status);
    mpz_clears(mz, nz, NULL);
}

static void check_small_exact_rational(unsigned long m, unsigned long n, unsigned long k, void *state)
{
    unsigned *brute_forced = state;
    mpq_t calc, expected;
    mpq_inits(calc, expected, NULL);
    calc_exact_rational(calc, m, n, k);
    ref_rate_markov(expected, m, k * n, k);
    CHECK(mpq_equal(calc, expected), "m=%lu n=%lu k=%lu: got %Qd, Markov chain gives %Qd", m, n, k,
          calc, expected);
    ref_rate_stirling(expected, m, k * n, k);
    CHECK(mpq_equal(calc, expected), "m=%lu n=%lu k=%lu: got %Qd, Stirling sum gives %Qd", m, n, k,
          calc, expected);
    if (outcome_count(m, n, k) <= BRUTE_FORCE_OUTCOMES) {
        ref_rate_bruteforce(expected, m, k * n, k);
        CHECK(mpq_equal(calc, expected), "m=%lu n=%lu k=%lu: got %Qd, enumeration gives %Qd", m, n,
              k, calc, expected);
        ++*brute_forced;
    }
    mpq_clears(calc, expected, NULL);
}

static void test_exact_rational_small_cases(void)
{
    unsigned brute_forced = 0;
    unsigned cases = for_each_small_case(check_small_exact_rational, &brute_forced);
    CHECK(cases == SMALL_CASES && brute_forced >= 100, "%u cases, %u enumerated", cases,
          brute_forced);
}

/* FORMULAS.md §a.2: m = 2, n = 1, k = 2 is exactly 5/8 (Bloom's formula: 9/16). */
static void test_exact_rational_two_bits(void)
{
    mpq_t calc;
    mpq_init(calc);
    calc_exact_rational(calc, 2, 1, 2);
    CHECK(mpq_cmp_ui(calc, 5, 8) == 0, "m=2 n=1 k=2: got %Qd, expected 5/8", calc);
    mpq_clear(calc);
}

/* FORMULAS.md §a.5: the seed's exact rate has reduced denominator 2^264 and
 * begins 0.02341608747694804706041665649330. */
static void test_exact_rational_seed(void)
{
    mpq_t calc, expected;
    mpq_inits(calc, expected, NULL);
    calc_exact_rational(calc, 64, 8, 5);
    ref_rate_stirling(expected, 64, 40, 5);
    CHECK(mpq_equal(calc, expected), "seed: got %Qd, Stirling sum gives %Qd", calc, expected);
    ref_rate_markov(expected, 64, 40, 5);
    CHECK(mpq_equal(calc, expected), "seed: got %Qd, Markov chain gives %Qd", calc, expected);
    CHECK(mpz_scan1(mpq_denref(calc), 0) == 264 && mpz_sizeinbase(mpq_denref(calc), 2) == 265,
          "seed denominator %Zd is not 2^264", mpq_denref(calc));
    ref_decimal digits, figure;
    ref_decimal_from_rational(&digits, calc, 31);
    ref_decimal_parse(&figure, "0.02341608747694804706041665649330");
    CHECK(ref_decimal_equal(&digits, &figure), "seed digits 0.%s e%ld", digits.digits,
          digits.exponent);
    ref_decimal_clear(&digits);
    ref_decimal_clear(&figure);
    mpq_clears(calc, expected, NULL);
}

/*
 * The fraction by either exact form (fpr.c picks the Stirling sum over the
 * set-bit count or the inclusion-exclusion by cost): filters where each is
 * the cheaper (T = 200 probes into 10^6 bits, where the Stirling row wins;
 * two probes a query into 20 bits, where inclusion-exclusion does) against
 * the Markov chain of the reference.
 */
static void test_exact_rational_both_forms(void)
{
    static const struct { unsigned long m, n, k; } cases[] = {
        { 1000000, 1, 200 }, { 10000, 2, 100 }, { 3000, 5, 30 }, { 20, 50, 2 }, { 64, 8, 5 }, { 7, 30, 1 },
    };
    mpq_t calc, expected;
    mpq_inits(calc, expected, NULL);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        calc_exact_rational(calc, cases[i].m, cases[i].n, cases[i].k);
        ref_rate_markov(expected, cases[i].m, cases[i].n * cases[i].k, cases[i].k);
        CHECK(mpq_equal(calc, expected), "m=%lu n=%lu k=%lu: the fraction differs from the Markov chain's",
              cases[i].m, cases[i].n, cases[i].k);
    }
    mpq_clears(calc, expected, NULL);
}

/* FORMULAS.md §a.3: exact >= Bloom > approx, with equality exactly when k = 1 or m = 1. */
static void check_small_ordering(unsigned long m, unsigned long n, unsigned long k, void *state)
{
    unsigned *equalities = state;
    if (n == 0)
        return;   /* all three are 0 */
    char m_text[32], n_text[32];
    snprintf(m_text, sizeof m_text, "%lu", m);
    snprintf(n_text, sizeof n_text, "%lu", n);
    test_filter filter;
    test_filter_init(&filter, m_text, n_text, k, 0);
    bloom_quantity exact = test_form_quantity(FORM_EXACT, &filter);
    bloom_quantity bloom = test_form_quantity(FORM_BLOOM, &filter);
    bloom_quantity approx = test_form_quantity(FORM_APPROX, &filter);
    int sign = 0, status = bloom_quantity_compare(&sign, &bloom, &approx);
    CHECK(status == BLOOM_OK && sign > 0, "m=%lu n=%lu k=%lu: Bloom vs approx status %d sign %d",
          m, n, k, status, sign);

    mpq_t calc, bloom_rational;
    mpq_inits(calc, bloom_rational, NULL);
    calc_exact_rational(calc, m, n, k);
    ref_rate_bloom_rational(bloom_rational, m, k * n, k);
    int equal = mpq_equal(calc, bloom_rational);
    *equalities += (unsigned)equal;
    CHECK(equal == (k == 1 || m == 1), "m=%lu n=%lu k=%lu: exact %Qd, Bloom %Qd", m, n, k, calc,
          bloom_rational);
    /* certified.h: equality is established through the exact functions */
    status = bloom_quantity_compare(&sign, &exact, &bloom);
    CHECK(status == BLOOM_OK && sign == (equal ? 0 : 1),
          "m=%lu n=%lu k=%lu: exact vs Bloom status %d sign %d", m, n, k, status, sign);
    mpq_clears(calc, bloom_rational, NULL);
    test_filter_clear(&filter);
}

static void test_ordering_small_cases(void)
{
    unsigned equalities = 0;
    for_each_small_case(check_small_ordering, &equalities);
    /* FORMULAS.md §a.3: "the 161 equalities are exactly the cases with k = 1 or m = 1" */
    CHECK(equalities == 161, "%u equalities, FORMULAS.md §a.3 counts 161", equalities);
}

/* Correct rounding of the exact rate and Bloom's formula against exact
 * fractions, for the small cases whose values are not dyadic (m not a power
 * of two; dyadic values are test_exactly_representable's). */
static void check_small_rounding(unsigned long m, unsigned long n, unsigned long k, void *state)
{
    (void)state;
    if ((m & (m - 1)) == 0 || n == 0 || (m != 3 && m != 12) || n > 2)
        return;
    char m_text[32], n_text[32];
    snprintf(m_text, sizeof m_text, "%lu", m);
    snprintf(n_text, sizeof n_text, "%lu", n);
    test_filter filter;
    test_filter_init(&filter, m_text, n_text, k, 0);
    mpq_t expected;
    mpq_init(expected);
    ref_rate_markov(expected, m, k * n, k);
    CHECK_ROUNDING_RATIONAL(test_round_fpr_exact, &filter, expected);
    ref_rate_bloom_rational(expected, m, k * n, k);
    CHECK_ROUNDING_RATIONAL(test_round_fpr_bloom, &filter, expected);
    mpq_clear(expected);
    test_filter_clear(&filter);
}

static void test_rounding_small_cases(void)
{
    for_each_small_case(check_small_rounding, NULL);
}

/* ------------------------------------------------------------ exact values */

/*
 * Rates whose exact value is a dyadic fraction (representable in binary):
 * the entry points must return it with ternary value 0 (fpr.h: "rop = the
 * rate correctly rounded ... Return the ternary value").  Fractions derived
 * by hand: m = 2, n = 1, k = 2: the key's two probes fill 1 bit (prob. 1/2)
 * or 2 bits, the query then hits with (1/2)^2 or 1: 1/8 + 1/2 = 5/8; Bloom's
 * formula (1 - 1/4)^2 = 9/16.  m = 4, n = 1, k = 1: 1/4 in both.  One bit:
 * every rate is 1 once a key is in.  No key: every rate is 0.  The seed's
 * exact rate has denominator 2^264 and a 259-bit numerator, so it is
 * representable at 333 bits (its fraction comes from the Markov chain).
 * One call each in RNDN: an unresolved call costs the library's whole
 * precision ladder.
 */
static const struct representable_case {
    const char *m, *n;
    unsigned long k;
    test_rate_form form;
    const char *value;    /* NULL: the seed's exact fraction */
    mpfr_prec_t precision;
} representable_cases[] = {
    {"2", "1", 2, FORM_EXACT, "5/8", 53},
    {"2", "1", 2, FORM_BLOOM, "9/16", 53},
    {"4", "1", 1, FORM_EXACT, "1/4", 53},
    {"4", "1", 1, FORM_BLOOM, "1/4", 53},
    {"1", "3", 2, FORM_EXACT, "1", 53},
    {"1", "3", 2, FORM_BLOOM, "1", 53},
    {"64", "0", 5, FORM_EXACT, "0", 53},
    {"64", "0", 5, FORM_BLOOM, "0", 53},
    {"9585058378", "0", 7, FORM_APPROX, "0", 53},
    {"64", "8", 5, FORM_EXACT, NULL, 333},
};

static void test_exactly_representable(void)
{
    mpq_t value;
    mpq_init(value);
    mpfr_t expected, actual;
    for (size_t i = 0; i < COUNT_OF(representable_cases); i++) {
        const struct representable_case *c = &representable_cases[i];
        test_filter filter;
        test_filter_init(&filter, c->m, c->n, c->k, 0);
        if (c->value != NULL)
            mpq_set_str(value, c->value, 10);
        else
            ref_rate_markov(value, 64, 40, 5);
        mpfr_inits2(c->precision, expected, actual, (mpfr_ptr)0);
        int exact = mpfr_set_q(expected, value, MPFR_RNDN) == 0;
        int ternary = test_form_rounder(c->form)(actual, &filter, MPFR_RNDN);
        CHECK(exact && mpfr_equal_p(actual, expected) && ternary == 0,
              "m=%s n=%s k=%lu form %d at %ld bits: got %.20Rg (ternary %d), expected %Qd exactly",
              c->m, c->n, c->k, (int)c->form, (long)c->precision, actual, ternary, value);
        mpfr_clears(expected, actual, (mpfr_ptr)0);
        test_filter_clear(&filter);
    }
    mpq_clear(value);
}

/* ------------------------------------------------------------ large filters */

/*
 * Filters for the digit and rounding tests.  m = 9 585 058 378 is the
 * textbook size for 1e9 keys at 1 % (FORMULAS.md §b); 2^33 and 43 132 763 bits
 * for 1e6 keys at 1e-9 with k = 30 (FORMULAS.md §a.2: about 14 digits cancel)
 * stress the alternating sums; 2^100 bits exercise numbers beyond 64 bits.
 */
static const struct large_case {
    const char *m, *n;
    unsigned long k;
} large_cases[] = {
    {"64", "8", 5},
    {"12", "2", 6},
    {"9585058378", "1000000000", 7},
    {"8589934592", "1000000000", 7},
    {"43132763", "1000000", 30},
    {"1267650600228229401496703205376", "79228162514264337593543950336", 11},
};

static const unsigned decimal_digit_counts[] = {10, 30, 100, 1000};

/* Bits needed for a reference good to `digits` decimal digits, with margin. */
static mpfr_prec_t reference_bits(unsigned digits)
{
    return (mpfr_prec_t)(digits * 3.33) + 128;
}

static void test_decimal_digits_exact(void)
{
    for (size_t i = 0; i < COUNT_OF(large_cases); i++)
        for (size_t d = 0; d < COUNT_OF(decimal_digit_counts); d++) {
            unsigned digits = decimal_digit_counts[d];
            test_filter filter;
            test_filter_init(&filter, large_cases[i].m, large_cases[i].n, large_cases[i].k, 0);
            bloom_quantity exact = test_form_quantity(FORM_EXACT, &filter);
            if (mpz_cmp_ui(filter.m, 64) <= 0) {   /* small: against the exact fraction */
                mpq_t expected;
                mpq_init(expected);
                ref_rate_markov(expected, mpz_get_ui(filter.m), mpz_get_ui(filter.throws),
                                filter.k);
                CHECK_DECIMAL_RATIONAL(&exact, digits, expected);
                mpq_clear(expected);
            } else {
                mpfr_t expected;
                mpfr_init2(expected, reference_bits(digits));
                test_filter_reference(expected, &filter);
                CHECK_DECIMAL_REAL(&exact, digits, expected, mpfr_get_prec(expected) - 8);
                mpfr_clear(expected);
            }
            test_filter_clear(&filter);
        }
}

/* The two approximations' digits against their MPFR references. */
static void test_decimal_digits_approximations(void)
{
    static const test_rate_form forms[] = {FORM_BLOOM, FORM_APPROX};
    for (size_t f = 0; f < COUNT_OF(forms); f++)
        for (size_t i = 0; i < COUNT_OF(large_cases); i++)
            for (size_t d = 0; d < COUNT_OF(decimal_digit_counts); d++) {
                unsigned digits = decimal_digit_counts[d];
                test_filter filter;
                test_filter_init(&filter, large_cases[i].m, large_cases[i].n, large_cases[i].k, 0);
                bloom_quantity quantity = test_form_quantity(forms[f], &filter);
                mpfr_t expected;
                mpfr_init2(expected, reference_bits(digits));
                test_form_reference(expected, forms[f], &filter);
                CHECK_DECIMAL_REAL(&quantity, digits, expected, mpfr_get_prec(expected) - 16);
                mpfr_clear(expected);
                test_filter_clear(&filter);
            }
}

/* bloom_fpr_exact, bloom_fpr_bloom and bloom_fpr_approx are correctly rounded
 * (the exact rate against its fraction where m is small). */
static void test_rounding_large_cases(void)
{
    mpfr_t expected;
    mpfr_init2(expected, 1024);
    mpq_t fraction;
    mpq_init(fraction);
    for (size_t i = 0; i < COUNT_OF(large_cases); i++) {
        test_filter filter;
        test_filter_init(&filter, large_cases[i].m, large_cases[i].n, large_cases[i].k, 0);
        for (test_rate_form form = FORM_EXACT; form <= FORM_APPROX; form++) {
            if (form == FORM_EXACT && mpz_cmp_ui(filter.m, 64) <= 0) {
                ref_rate_markov(fraction, mpz_get_ui(filter.m), mpz_get_ui(filter.throws),
                                filter.k);
                CHECK_ROUNDING_RATIONAL(test_form_rounder(form), &filter, fraction);
                continue;
            }
            test_form_reference(expected, form, &filter);
            CHECK_ROUNDING(test_form_rounder(form), &filter, expected, 1000);
        }
        test_filter_clear(&filter);
    }
    mpq_clear(fraction);
    mpfr_clear(expected);
}

/* ------------------------------------------------------------ quoted figures */

/* The quantity left/right - 1 of two forms of the rate of one filter. */
typedef struct form_ratio {
    bloom_quantity_pair pair;
    bloom_quantity quantity;
} form_ratio;

static void form_ratio_init(form_ratio *ratio, test_rate_form left, test_rate_form right,
                            const test_filter *filter)
{
    ratio->pair.left = test_form_quantity(left, filter);
    ratio->pair.right = test_form_quantity(right, filter);
    ratio->quantity = (bloom_quantity){bloom_enclose_relative_error, &ratio->pair,
                                       bloom_exact_relative_error};
}

/* rop = the reference of left/right - 1. */
static void form_ratio_reference(mpfr_ptr rop, test_rate_form left, test_rate_form right,
                                 const test_filter *filter)
{
    mpfr_t denominator;
    mpfr_init2(denominator, mpfr_get_prec(rop));
    test_form_reference(rop, left, filter);
    test_form_reference(denominator, right, filter);
    mpfr_div(rop, rop, denominator, MPFR_RNDN);
    mpfr_sub_ui(rop, rop, 1, MPFR_RNDN);
    mpfr_clear(denominator);
}

/* A quoted figure: one form of the rate of one filter, or (`relative` set)
 * its relative error left/right - 1 against another form. */
static const struct figure_case {
    const char *m, *n;
    unsigned long k;
    test_rate_form form;
    int relative;
    test_rate_form right;
    const char *figure;
} figures[] = {
    /* The seed example: 0.02230073 is Bloom's formula, which the seed calls
     * the exact rate; the exact rate is 0.02341609 (FORMULAS.md §a.5). */
    {"64", "8", 5, FORM_BLOOM, 0, 0, "0.02230073"},
    {"64", "8", 5, FORM_EXACT, 0, 0, "0.02341609"},
    {"64", "8", 5, FORM_APPROX, 0, 0, "0.02167922"},
    {"64", "8", 5, FORM_BLOOM, 0, 0, "0.02230072620127405974490522774866"},   /* §a.5 */
    {"64", "8", 5, FORM_APPROX, 0, 0, "0.02167921705375171903099263490169"},  /* §a.5 */
    {"64", "8", 6, FORM_EXACT, 0, 0, "0.0238092"},                            /* §a.5, k = 6 */
    /* FORMULAS.md §a.2 and §b: the textbook m for 1e9 keys at 1 % misses 1 %. */
    {"9585058378", "1000000000", 7, FORM_EXACT, 0, 0, "0.010039218"},
    {"9585058378", "1000000000", 6, FORM_EXACT, 0, 0, "0.010143159"},
    {"9585058384", "1000000000", 7, FORM_EXACT, 0, 0, "0.01003922"},          /* whole byte */
    {"9585058432", "1000000000", 7, FORM_EXACT, 0, 0, "0.01003922"},          /* 64-bit word */
    {"9586", "1000", 7, FORM_EXACT, 0, 0, "0.0100436"},                       /* n = 1000 */
    /* FORMULAS.md §a.5: Bloom vs exact -4.763 %, exp vs exact -7.417 %, exp vs
     * Bloom -2.787 %.  §a.4: at m = 2^33, n = 1e9, k = 7, relB = -6.85e-10
     * and relE = -9.49e-10. */
    {"64", "8", 5, FORM_BLOOM, 1, FORM_EXACT, "-0.04763"},
    {"64", "8", 5, FORM_APPROX, 1, FORM_EXACT, "-0.07417"},
    {"64", "8", 5, FORM_APPROX, 1, FORM_BLOOM, "-0.02787"},
    {"8589934592", "1000000000", 7, FORM_BLOOM, 1, FORM_EXACT, "-6.85e-10"},
    {"8589934592", "1000000000", 7, FORM_APPROX, 1, FORM_EXACT, "-9.49e-10"},
};

/* Each figure agrees with the reference and with the library. */
static void test_quoted_figures(void)
{
    mpfr_t reference;
    mpfr_init2(reference, 256);
    for (size_t i = 0; i < COUNT_OF(figures); i++) {
        const struct figure_case *f = &figures[i];
        test_filter filter;
        test_filter_init(&filter, f->m, f->n, f->k, 0);
        form_ratio ratio;
        form_ratio_init(&ratio, f->form, f->right, &filter);
        bloom_quantity rate = test_form_quantity(f->form, &filter);
        if (f->relative)
            form_ratio_reference(reference, f->form, f->right, &filter);
        else
            test_form_reference(reference, f->form, &filter);
        CHECK_REFERENCE_FIGURE(reference, f->figure);
        CHECK_FIGURE(f->relative ? &ratio.quantity : &rate, f->figure);
        test_filter_clear(&filter);
    }
    mpfr_clear(reference);
}

/* The three forms agree to about 9 digits at m = 2^33 (FORMULAS.md §a.4): the
 * relative differences to 20 digits against the MPFR references. */
static void test_forms_agree_at_large_m(void)
{
    static const test_rate_form forms[] = {FORM_BLOOM, FORM_APPROX};
    test_filter filter;
    test_filter_init(&filter, "8589934592", "1000000000", 7, 0);
    mpfr_t reference;
    mpfr_init2(reference, 512);
    for (size_t f = 0; f < COUNT_OF(forms); f++) {
        form_ratio_reference(reference, forms[f], FORM_EXACT, &filter);
        CHECK(mpfr_cmp_d(reference, -1e-9) > 0 && mpfr_cmp_d(reference, -1e-10) < 0,
              "reference relative error %.5Rg not about 1e-9", reference);
        form_ratio ratio;
        form_ratio_init(&ratio, forms[f], FORM_EXACT, &filter);
        CHECK_DECIMAL_REAL(&ratio.quantity, 20, reference, 400);
    }
    mpfr_clear(reference);
    test_filter_clear(&filter);
}

/* factor * inner, for m times a relative error. */
typedef struct scaled_quantity {
    bloom_quantity inner;
    mpz_srcptr factor;
} scaled_quantity;

static int enclose_scaled(mpfi_ptr result, const void *arguments)
{
    const scaled_quantity *scaled = arguments;
    int status = scaled->inner.enclose(result, scaled->inner.arguments);
    if (status == BLOOM_OK)
        mpfi_mul_z(result, result, scaled->factor);
    return status;
}

/* FORMULAS.md §a.4, the series at ~10 bits/key, k = 7, n = round(m/10): each
 * figure at the digits the table prints (12 for the rates, trailing zeros
 * dropped), then m (left/exact - 1) for left = Bloom and approx. */
static const struct series_row {
    const char *m, *n;
    const char *figure[5];   /* exact, Bloom, approx, m relB, m relE */
} series[] = {
    {"64", "6", {"0.00685941180563", "0.00621172721411", "0.0059747881021", "-6.043", "-8.254"}},
    {"256", "26", {"0.00913464652877", "0.00891268118183", "0.00882934164035", "-6.221", "-8.556"}},
    {"1024", "102",
     {"0.00810967920761", "0.00805908754176", "0.00804005466154", "-6.388", "-8.791"}},
    {"4096", "410", {"0.0082502097476", "0.00823732081958", "0.00823246346056", "-6.399", "-8.811"}},
    {"16384", "1638",
     {"0.00818846800383", "0.00818526448261", "0.0081840570451", "-6.410", "-8.826"}},
    {"65536", "6554", {"0.008197243662", "0.00819644183873", "0.00819613959086", "-6.410", "-8.827"}},
    {"1048576", "104858",
     {"0.00819394213096", "0.00819389203157", "0.00819387314629", "-6.4112", "-8.8279"}},
    {"16777216", "1677722",
     {"0.0081937358198", "0.00819373268864", "0.00819373150833", "-6.41125", "-8.82801"}},
    {"1073741824", "107374182",
     {"0.00819372198569", "0.00819372193677", "0.00819372191832", "-6.41125", "-8.82801"}},
};

static void test_relative_error_series(void)
{
    static const test_rate_form forms[] = {FORM_EXACT, FORM_BLOOM, FORM_APPROX};
    mpfr_t reference;
    mpfr_init2(reference, 256);
    for (size_t i = 0; i < COUNT_OF(series); i++) {
        const struct series_row *row = &series[i];
        test_filter filter;
        test_filter_init(&filter, row->m, row->n, 7, 0);
        for (size_t f = 0; f < COUNT_OF(forms); f++) {
            test_form_reference(reference, forms[f], &filter);
            CHECK_REFERENCE_FIGURE(reference, row->figure[f]);
            bloom_quantity rate = test_form_quantity(forms[f], &filter);
            CHECK_FIGURE(&rate, row->figure[f]);
        }
        for (size_t f = 1; f < COUNT_OF(forms); f++) {
            form_ratio_reference(reference, forms[f], FORM_EXACT, &filter);
            mpfr_mul_z(reference, reference, filter.m, MPFR_RNDN);
            CHECK_REFERENCE_FIGURE(reference, row->figure[2 + f]);
            form_ratio ratio;
            form_ratio_init(&ratio, forms[f], FORM_EXACT, &filter);
            scaled_quantity scaled = {ratio.quantity, filter.m};
            bloom_quantity quantity = {enclose_scaled, &scaled, NULL};
            CHECK_FIGURE(&quantity, row->figure[2 + f]);
        }
        test_filter_clear(&filter);
    }
    mpfr_clear(reference);
}

/*
 * FORMULAS.md §a.4: m relB tends to -t2, t2 = k(k-1) q (1 - (1+lambda) q) / (2 f^2)
 * = 6.41125015664894973617 at lambda = 0.7, k = 7 (q = e^-lambda, f = 1 - q).
 * The closed form is evaluated here; the library's m relB at m = 2^30 (where
 * lambda = 0.69999999...) must lie within 1e-6 of -t2 (the table's
 * differences shrink like 50/m, about 5e-8 there; the lambda offset adds
 * about 3e-8).
 */
static void test_relative_error_limit(void)
{
    mpfr_t t2, q, f, lambda;
    mpfr_inits2(256, t2, q, f, lambda, (mpfr_ptr)0);
    mpfr_set_ui(lambda, 7, MPFR_RNDN);
    mpfr_div_ui(lambda, lambda, 10, MPFR_RNDN);
    mpfr_neg(q, lambda, MPFR_RNDN);
    mpfr_exp(q, q, MPFR_RNDN);
    mpfr_ui_sub(f, 1, q, MPFR_RNDN);
    mpfr_add_ui(t2, lambda, 1, MPFR_RNDN);
    mpfr_mul(t2, t2, q, MPFR_RNDN);
    mpfr_ui_sub(t2, 1, t2, MPFR_RNDN);                 /* 1 - (1 + lambda) q */
    mpfr_mul(t2, t2, q, MPFR_RNDN);
    mpfr_mul_ui(t2, t2, 7 * 6, MPFR_RNDN);
    mpfr_div(t2, t2, f, MPFR_RNDN);
    mpfr_div(t2, t2, f, MPFR_RNDN);
    mpfr_div_ui(t2, t2, 2, MPFR_RNDN);
    CHECK_REFERENCE_FIGURE(t2, "6.41125015664894973617");

    test_filter filter;
    test_filter_init(&filter, "1073741824", "107374182", 7, 0);
    form_ratio ratio;
    form_ratio_init(&ratio, FORM_BLOOM, FORM_EXACT, &filter);
    scaled_quantity scaled = {ratio.quantity, filter.m};
    bloom_quantity quantity = {enclose_scaled, &scaled, NULL};
    mpfr_t actual;
    mpfr_init2(actual, 64);
    int status = bloom_quantity_round(actual, &quantity, MPFR_RNDN, NULL);
    mpfr_add(actual, actual, t2, MPFR_RNDN);
    mpfr_abs(actual, actual, MPFR_RNDN);
    CHECK(status == BLOOM_OK && mpfr_cmp_d(actual, 1e-6) < 0,
          "m relB + t2 = %.5Rg at m = 2^30 (status %d)", actual, status);
    mpfr_clear(actual);
    test_filter_clear(&filter);
    mpfr_clears(t2, q, f, lambda, (mpfr_ptr)0);
}

/* FORMULAS.md §a.5: at m = 64, n = 8 the exact rate is lower at k = 5 than at
 * k = 6, while the exp approximation prefers k = 6. */
static void test_integer_optimum_flips(void)
{
    test_filter five, six;
    test_filter_init(&five, "64", "8", 5, 0);
    test_filter_init(&six, "64", "8", 6, 0);
    bloom_quantity exact5 = test_form_quantity(FORM_EXACT, &five);
    bloom_quantity exact6 = test_form_quantity(FORM_EXACT, &six);
    bloom_quantity approx5 = test_form_quantity(FORM_APPROX, &five);
    bloom_quantity approx6 = test_form_quantity(FORM_APPROX, &six);
    int sign = 0, status = bloom_quantity_compare(&sign, &exact5, &exact6);
    CHECK(status == BLOOM_OK && sign < 0, "exact k=5 vs k=6: status %d sign %d", status, sign);
    status = bloom_quantity_compare(&sign, &approx6, &approx5);
    CHECK(status == BLOOM_OK && sign < 0, "approx k=6 vs k=5: status %d sign %d", status, sign);
    test_filter_clear(&five);
    test_filter_clear(&six);
}

/* The large-filter ordering exact > Bloom > approx of FORMULAS.md §a.3. */
static void test_ordering_large_cases(void)
{
    for (size_t i = 0; i < COUNT_OF(large_cases); i++) {
        test_filter filter;
        test_filter_init(&filter, large_cases[i].m, large_cases[i].n, large_cases[i].k, 0);
        bloom_quantity exact = test_form_quantity(FORM_EXACT, &filter);
        bloom_quantity bloom = test_form_quantity(FORM_BLOOM, &filter);
        bloom_quantity approx = test_form_quantity(FORM_APPROX, &filter);
        int sign = 0, status = bloom_quantity_compare(&sign, &exact, &bloom);
        CHECK(status == BLOOM_OK && sign > 0, "m=%Zd: exact vs Bloom status %d sign %d", filter.m,
              status, sign);
        status = bloom_quantity_compare(&sign, &bloom, &approx);
        CHECK(status == BLOOM_OK && sign > 0, "m=%Zd: Bloom vs approx status %d sign %d", filter.m,
              status, sign);
        test_filter_clear(&filter);
    }
}

/* ------------------------------------------------------------ query probes */

/* E[(X/m)^j] for j != k against the Markov chain with a j-probe query. */
static void test_query_probes_small(void)
{
    static const struct { unsigned long m, n, k, j; } cases[] = {
        {2, 1, 2, 1}, {5, 2, 3, 6}, {7, 3, 2, 1}, {12, 2, 6, 12}, {64, 8, 5, 10}, {9, 4, 1, 7},
    };
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        char m_text[32], n_text[32];
        snprintf(m_text, sizeof m_text, "%lu", cases[i].m);
        snprintf(n_text, sizeof n_text, "%lu", cases[i].n);
        test_filter filter;
        test_filter_init(&filter, m_text, n_text, cases[i].k, cases[i].j);
        mpq_t expected;
        mpq_init(expected);
        ref_rate_markov(expected, cases[i].m, cases[i].k * cases[i].n, cases[i].j);
        bloom_quantity moment = test_form_quantity(FORM_EXACT, &filter);
        CHECK_DECIMAL_RATIONAL(&moment, 30, expected);
        mpq_clear(expected);
        test_filter_clear(&filter);
    }
}

/* FORMULAS.md §a.7: the coefficient of variation of one built filter's rate,
 * sqrt(E[(X/m)^2k] - p^2)/p, is 0.3498 for the seed and 0.003777 for
 * m = 2^20, 10 bits/key, k = 7.  Computed from the library's two moments. */
static void test_rate_coefficient_of_variation(void)
{
    static const struct { const char *m, *n; unsigned long k; const char *figure; } cases[] = {
        {"64", "8", 5, "0.3498"},
        {"1048576", "104858", 7, "0.003777"},
    };
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        test_filter rate, square;
        test_filter_init(&rate, cases[i].m, cases[i].n, cases[i].k, 0);
        test_filter_init(&square, cases[i].m, cases[i].n, cases[i].k, 2 * cases[i].k);
        mpfr_t p, p2;
        mpfr_inits2(200, p, p2, (mpfr_ptr)0);
        int ternary = bloom_fpr_exact(p, rate.m, rate.n, rate.k, MPFR_RNDN);
        bloom_quantity second = test_form_quantity(FORM_EXACT, &square);
        int status = bloom_quantity_round(p2, &second, MPFR_RNDN, NULL);
        CHECK(status == BLOOM_OK && !mpfr_nan_p(p), "moments unavailable (%d, %d)", status, ternary);
        mpfr_sqr(p, p, MPFR_RNDN);
        mpfr_sub(p2, p2, p, MPFR_RNDN);
        mpfr_sqrt(p2, p2, MPFR_RNDN);
        mpfr_sqrt(p, p, MPFR_RNDN);
        mpfr_div(p2, p2, p, MPFR_RNDN);
        ref_decimal actual, expected;
        ref_decimal_parse(&expected, cases[i].figure);
        ref_decimal_from_real(&actual, p2, (unsigned)strlen(expected.digits), 100);
        CHECK(ref_decimal_equal(&actual, &expected), "CV %.10Rg, FORMULAS.md §a.7 says %s", p2,
              cases[i].figure);
        ref_decimal_clear(&actual);
        ref_decimal_clear(&expected);
        mpfr_clears(p, p2, (mpfr_ptr)0);
        test_filter_clear(&rate);
        test_filter_clear(&square);
    }
}

/* ------------------------------------------------------------ arguments */

/* fpr.h: BLOOM_UNDEFINED (and NaN) when m < 1, n < 0, k < 1, or k or j > BLOOM_MAX_RATE_PROBES. */
static void test_undefined_arguments(void)
{
    static const struct { const char *m, *n; unsigned long k, j; } cases[] = {
        {"0", "10", 7, 0}, {"-5", "10", 7, 0}, {"100", "-1", 7, 0}, {"100", "10", 0, 0},
        {"100", "10", BLOOM_MAX_RATE_PROBES + 1, 0}, {"100", "10", 7, BLOOM_MAX_RATE_PROBES + 1},
    };
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        test_filter filter;
        test_filter_init(&filter, cases[i].m, cases[i].n, cases[i].k, cases[i].j);
        mpfi_t interval;
        mpfi_init2(interval, 64);
        mpfr_t value;
        mpfr_init2(value, 53);
        for (test_rate_form form = FORM_EXACT; form <= FORM_APPROX; form++) {
            int status = test_form_enclose(form)(interval, &filter.arguments);
            CHECK(status == BLOOM_UNDEFINED, "case %zu form %d: status %d", i, (int)form, status);
            if (cases[i].j != 0)
                continue;   /* the MPFR entry points have no query probes */
            mpfr_set_ui(value, 1, MPFR_RNDN);
            test_form_rounder(form)(value, &filter, MPFR_RNDN);
            CHECK(mpfr_nan_p(value), "case %zu form %d: not NaN", i, (int)form);
        }
        if (cases[i].j == 0) {
            mpq_t untouched;
            mpq_init(untouched);
            mpq_set_ui(untouched, 3, 7);
            int status = bloom_fpr_exact_rational(untouched, filter.m, filter.n, filter.k);
            CHECK(status == BLOOM_UNDEFINED && mpq_cmp_ui(untouched, 3, 7) == 0,
                  "case %zu: rational status %d, value %Qd", i, status, untouched);
            mpq_clear(untouched);
        }
        mpfr_clear(value);
        mpfi_clear(interval);
        test_filter_clear(&filter);
    }
}

/* fpr.h: feasible while k (n+1) b <= BLOOM_RATIONAL_LIMIT_BITS = 65536, b the
 * bit length of m: m = 2 (b = 2) reaches the limit at k (n+1) = 32768, m = 3
 * (b = 2) likewise, m = 4 (b = 3) at k (n+1) = 21845 (65535 <= 65536). */
static void test_rational_feasibility(void)
{
    static const struct { const char *m, *n; unsigned long k; int feasible; } cases[] = {
        {"2", "32767", 1, 1},
        {"2", "32768", 1, 0},
        {"3", "16383", 2, 1},
        {"3", "16384", 2, 0},
        {"4", "21844", 1, 1},
        {"4", "21845", 1, 0},
        {"64", "8", 5, 1},
        {"8589934592", "1000000000", 7, 0},
        {"12", "2", 6, 1},
    };
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        test_filter filter;
        test_filter_init(&filter, cases[i].m, cases[i].n, cases[i].k, 0);
        int feasible = bloom_fpr_exact_rational_feasible(filter.m, filter.n, filter.k) != 0;
        CHECK(feasible == cases[i].feasible, "m=%s n=%s k=%lu: feasible %d", cases[i].m,
              cases[i].n, cases[i].k, feasible);
        if (!feasible && mpz_sizeinbase(filter.m, 2) > 2) {
            mpq_t untouched;
            mpq_init(untouched);
            mpq_set_ui(untouched, 3, 7);
            int status = bloom_fpr_exact_rational(untouched, filter.m, filter.n, filter.k);
            CHECK(status == BLOOM_UNDEFINED && mpq_cmp_ui(untouched, 3, 7) == 0,
                  "infeasible case %zu: status %d", i, status);
            mpq_clear(untouched);
        }
        test_filter_clear(&filter);
    }
}

/*
 * Saturated filters (kn >= m), where the rate is computed from its
 * complement: the exact rate and Bloom's relative error at 30 digits
 * against the Markov-chain fraction (an independent method), for every
 * m <= 6 and k <= 4 with kn from m to 3m; and a filter whose rate is
 * 1 - 10^-30103: m = 2, n = 1000, k = 100, where X is 1 or 2, so
 * 1 - rate = 2^(1-T) (1 - 2^-k) in closed form (T = kn), and Bloom's
 * relative error is (c - c_B)/(1 - c), c_B = 1 - (1 - 2^-T)^k.
 */
static void test_saturated_filters(void)
{
    mpz_t m, n;
    mpq_t markov, bloom, expected;
    mpz_inits(m, n, NULL);
    mpq_inits(markov, bloom, expected, NULL);
    for (unsigned long bits = 1; bits <= 6; bits++)
        for (unsigned long k = 1; k <= 4; k++)
            for (unsigned long keys = 1; keys * k <= 3 * bits; keys++) {
                if (keys * k < bits)
                    continue;
                mpz_set_ui(m, bits);
                mpz_set_ui(n, keys);
                bloom_fpr_arguments arguments = { m, n, k, 0 };
                bloom_quantity exact = { bloom_enclose_fpr_exact, &arguments, NULL };
                ref_rate_markov(markov, bits, keys * k, k);
                CHECK_DECIMAL_RATIONAL(&exact, 30, markov);
                if (bloom_fpr_bloom_is_exact(m, k))
                    continue;
                bloom_exact_fpr_bloom(bloom, &arguments);
                mpq_div(expected, bloom, markov);
                mpq_set_ui(bloom, 1, 1);
                mpq_sub(expected, expected, bloom);
                bloom_fpr_comparison comparison = { &arguments, 1 };
                bloom_quantity relerr = { bloom_enclose_fpr_relative_error, &comparison, NULL };
                CHECK_DECIMAL_RATIONAL(&relerr, 30, expected);
            }
    mpz_set_ui(m, 2);
    mpz_set_ui(n, 1000);
    bloom_fpr_arguments arguments = { m, n, 100, 0 };
    bloom_fpr_comparison comparison = { &arguments, 1 };
    bloom_quantity relerr = { bloom_enclose_fpr_relative_error, &comparison, NULL };
    bloom_quantity exact = { bloom_enclose_fpr_exact, &arguments, NULL };
    mpfr_t complement, bloom_complement, reference;
    mpfr_inits2(512, complement, bloom_complement, reference, NULL);
    mpfr_set_ui_2exp(complement, 1, -100, MPFR_RNDN);
    mpfr_ui_sub(complement, 1, complement, MPFR_RNDN);
    mpfr_mul_2si(complement, complement, 1 - 100000, MPFR_RNDN);             /* c */
    mpfr_set_ui_2exp(bloom_complement, 1, -100000, MPFR_RNDN);
    mpfr_neg(bloom_complement, bloom_complement, MPFR_RNDN);
    mpfr_log1p(bloom_complement, bloom_complement, MPFR_RNDN);
    mpfr_mul_ui(bloom_complement, bloom_complement, 100, MPFR_RNDN);
    mpfr_expm1(bloom_complement, bloom_complement, MPFR_RNDN);
    mpfr_neg(bloom_complement, bloom_complement, MPFR_RNDN);                 /* c_B */
    mpfr_sub(reference, complement, bloom_complement, MPFR_RNDN);
    mpfr_ui_sub(complement, 1, complement, MPFR_RNDN);
    mpfr_div(reference, reference, complement, MPFR_RNDN);
    CHECK_DECIMAL_REAL(&relerr, 20, reference, 400);
    char *text = NULL;
    CHECK(bloom_quantity_decimal(&text, &exact, 5) == BLOOM_OK && strcmp(text, "1.0000") == 0,
          "rate 1 - 10^-30103 at 5 digits: %s", text ? text : "(none)");
    free(text);
    mpfr_clears(complement, bloom_complement, reference, NULL);
    mpz_clears(m, n, NULL);
    mpq_clears(markov, bloom, expected, NULL);
}

/*
 * A sparse small filter at the most digits (fpr -m 1e4 -n 1 -k 100
 * --digits 100, the alternating sum cancelling 8 bits a level): the
 * enclosure at 64 and at 400 bits must hold the Stirling-sum fraction of
 * calc_reference.c, and at 400 bits be a few ulps wide.
 */
static void test_exact_rate_by_fraction_at_many_digits(void)
{
    static const mpfr_prec_t precisions[] = { 64, 400 };
    mpq_t expected;
    mpq_init(expected);
    ref_rate_stirling(expected, 10000, 100, 100);
    mpz_t m, n;
    mpz_init_set_ui(m, 10000);
    mpz_init_set_ui(n, 1);
    bloom_fpr_arguments arguments = { m, n, 100, 0 };
    mpfr_t width;
    mpfr_init2(width, 64);
    for (size_t i = 0; i < 2; i++) {
        mpfi_t rate;
        mpfi_init2(rate, precisions[i]);
        CHECK(bloom_enclose_fpr_exact(rate, &arguments) == BLOOM_OK, "status at %ld bits", (long)precisions[i]);
        CHECK(mpfi_is_inside_q(expected, rate), "%ld bits: the enclosure misses the Stirling fraction",
              (long)precisions[i]);
        mpfi_diam_rel(width, rate);
        if (precisions[i] > 64)
            CHECK(mpfr_cmp_ui_2exp(width, 1, 4 - precisions[i]) <= 0,
                  "%ld bits: relative width %Rg", (long)precisions[i], width);
        mpfi_clear(rate);
    }
    mpfr_clear(width);
    mpz_clears(m, n, NULL);
    mpq_clear(expected);
}

static const bloom_test_case fpr_cases[] = {
    {"exact rate at 100 digits of m = 1e4, k = 100, against the Stirling sum", test_exact_rate_by_fraction_at_many_digits},
    {"exact fraction, all small cases, three methods", test_exact_rational_small_cases},
    {"exact fraction m=2 n=1 k=2 is 5/8", test_exact_rational_two_bits},
    {"exact fraction by the Stirling row or inclusion-exclusion, against the Markov chain", test_exact_rational_both_forms},
    {"exact fraction of the seed, denominator 2^264", test_exact_rational_seed},
    {"exact >= Bloom > approx, small cases", test_ordering_small_cases},
    {"exact > Bloom > approx, large cases", test_ordering_large_cases},
    {"correct rounding against fractions", test_rounding_small_cases},
    {"dyadic rates exact with ternary 0", test_exactly_representable},
    {"exact rate digits at 10..1000", test_decimal_digits_exact},
    {"approximation digits at 10..1000", test_decimal_digits_approximations},
    {"correct rounding, large cases", test_rounding_large_cases},
    {"quoted rates and relative errors", test_quoted_figures},
    {"three forms agree at m=2^33", test_forms_agree_at_large_m},
    {"relative error series of FORMULAS.md §a.4", test_relative_error_series},
    {"m relB tends to -t2", test_relative_error_limit},
    {"integer-k optimum flips at m=64", test_integer_optimum_flips},
    {"query probes: moments E[(X/m)^j]", test_query_probes_small},
    {"coefficient of variation of a filter's rate", test_rate_coefficient_of_variation},
    {"undefined arguments", test_undefined_arguments},
    {"rational feasibility limit", test_rational_feasibility},
    {"saturated filters: complements against Markov fractions and m = 2", test_saturated_filters},
    {NULL, NULL},
};

const bloom_test_suite calc_fpr_suite = {"fpr", fpr_cases};
