/*
 * calc_selfcheck.c - the "reference" suite: checks the test-side reference
 * code of calc_reference.c on its own, before any suite trusts it.
 *
 * Expected values: the exact rates of FORMULAS.md §a.2 (m = 2, n = 1, k = 2 is
 * 5/8, Bloom's formula 9/16), agreement of the four independent methods with
 * one another (the brute-force enumeration is the definition itself), and
 * decimal roundings worked out by hand (ties to even).  The figures quoted from
 * FORMULAS.md (§a to §h) are checked against the references inside each suite that uses
 * them (CHECK_REFERENCE_FIGURE).
 */
#include <string.h>

#include <CUnit/CUnit.h>

#include "calc_checks.h"
#include "calc_suites.h"

/* Stirling sum = Markov chain = enumeration (where small) = moments form to
 * 300 bits, over m <= 8, T <= 10 throws, j <= 5 query probes. */
static void test_methods_agree(void)
{
    mpq_t stirling, markov, brute;
    mpq_inits(stirling, markov, brute, NULL);
    mpfr_t moments, exact;
    mpfr_inits2(300, moments, exact, (mpfr_ptr)0);
    mpz_t m, throws;
    mpz_inits(m, throws, NULL);
    unsigned enumerated = 0;
    for (unsigned long mi = 1; mi <= 8; mi++)
        for (unsigned long t = 0; t <= 10; t++)
            for (unsigned long j = 1; j <= 5; j++) {
                ref_rate_stirling(stirling, mi, t, j);
                ref_rate_markov(markov, mi, t, j);
                CHECK(mpq_equal(stirling, markov), "m=%lu T=%lu j=%lu: %Qd vs %Qd", mi, t, j,
                      stirling, markov);
                double outcomes = 1;
                for (unsigned long i = 0; i < t + j; i++)
                    outcomes *= (double)mi;
                if (outcomes <= 20000) {
                    ref_rate_bruteforce(brute, mi, t, j);
                    CHECK(mpq_equal(brute, markov), "m=%lu T=%lu j=%lu: enumeration %Qd vs %Qd",
                          mi, t, j, brute, markov);
                    enumerated++;
                }
                if (t == 0)
                    continue;   /* the moments form of an exact 0 cannot be trusted relatively */
                mpz_set_ui(m, mi);
                mpz_set_ui(throws, t);
                CHECK(ref_rate_moments(moments, m, throws, j) == 0, "moments untrusted");
                mpfr_set_q(exact, markov, MPFR_RNDN);
                CHECK(mpfr_equal_p(moments, exact), "m=%lu T=%lu j=%lu: moments %.30Rg vs %Qd", mi,
                      t, j, moments, markov);
            }
    CHECK(enumerated > 100, "only %u cases enumerated", enumerated);
    mpz_clears(m, throws, NULL);
    mpfr_clears(moments, exact, (mpfr_ptr)0);
    mpq_clears(stirling, markov, brute, NULL);
}

/* FORMULAS.md §a.2: m = 2, n = 1, k = 2 is 5/8 exactly, Bloom's formula 9/16. */
static void test_two_bits_by_hand(void)
{
    mpq_t rate;
    mpq_init(rate);
    ref_rate_bruteforce(rate, 2, 2, 2);
    CHECK(mpq_cmp_ui(rate, 5, 8) == 0, "enumeration gives %Qd", rate);
    ref_rate_bloom_rational(rate, 2, 2, 2);
    CHECK(mpq_cmp_ui(rate, 9, 16) == 0, "Bloom's formula gives %Qd", rate);
    mpq_clear(rate);
}

/* Hand-rounded decimals: value, digits, expected digits, exponent, result
 * (1 exact, 2 tie, 0 otherwise). */
static void test_decimal_rounding(void)
{
    static const struct { const char *q; unsigned digits; const char *expected; long exponent; int result; }
        cases[] = {
            {"1/8", 2, "12", 0, 2},          /* 0.125 -> 0.12 (tie, to even) */
            {"3/8", 2, "38", 0, 2},          /* 0.375 -> 0.38 (tie, to even) */
            {"29/200", 2, "14", 0, 2},       /* 0.145 -> 0.14 */
            {"31/200", 2, "16", 0, 2},       /* 0.155 -> 0.16 */
            {"1999/20", 3, "100", 3, 2},     /* 99.95 -> 100. (carry) */
            {"1/3", 5, "33333", 0, 0},
            {"-2/3", 5, "66667", 0, 0},
            {"26/25", 10, "1040000000", 1, 1},
            {"1/100", 3, "100", -1, 1},
            {"9585058378", 4, "9585", 10, 0},
        };
    mpq_t q;
    mpq_init(q);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        mpq_set_str(q, cases[i].q, 10);
        mpq_canonicalize(q);
        ref_decimal d;
        int result = ref_decimal_from_rational(&d, q, cases[i].digits);
        CHECK(result == cases[i].result && strcmp(d.digits, cases[i].expected) == 0
                  && d.exponent == cases[i].exponent && d.negative == (cases[i].q[0] == '-'),
              "%s to %u digits: 0.%s e%ld (%d)", cases[i].q, cases[i].digits, d.digits, d.exponent,
              result);
        ref_decimal_clear(&d);
    }
    mpq_clear(q);
}

/* The parser of printed numbers, on hand-made texts. */
static void test_decimal_parse(void)
{
    static const struct { const char *text; const char *digits; long exponent; int negative; }
        cases[] = {
            {"0.0234", "234", -1, 0},    {"9.5850", "95850", 1, 0}, {"-6.85e-10", "685", -9, 1},
            {"9585058378", "9585058378", 10, 0}, {"1.23e-300", "123", -299, 0},
            {"2.2e6", "22", 7, 0},       {"1.000", "1000", 1, 0},
        };
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        ref_decimal d;
        int bad = ref_decimal_parse(&d, cases[i].text);
        CHECK(!bad && strcmp(d.digits, cases[i].digits) == 0 && d.exponent == cases[i].exponent
                  && d.negative == cases[i].negative,
              "%s parsed as 0.%s e%ld", cases[i].text, bad ? "?" : d.digits, bad ? 0L : d.exponent);
        if (!bad)
            ref_decimal_clear(&d);
    }
    static const char *const bad_texts[] = {"", "-", "1e", "abc", "1.2.3", "1e5x"};
    for (size_t i = 0; i < COUNT_OF(bad_texts); i++) {
        ref_decimal d;
        int bad = ref_decimal_parse(&d, bad_texts[i]);
        CHECK(bad, "\"%s\" accepted", bad_texts[i]);
        if (!bad)
            ref_decimal_clear(&d);
    }
}

/* A reference near a tie is refused, not rounded either way. */
static void test_near_tie_refused(void)
{
    mpfr_t x;
    mpfr_init2(x, 200);
    mpfr_set_str(x, "0.125", 10, MPFR_RNDN);   /* exactly 0.125: a 2-digit tie */
    ref_decimal d;
    CHECK(ref_decimal_from_real(&d, x, 2, 150) != 0, "tie at 0.125 not refused");
    ref_decimal_clear(&d);
    CHECK(ref_decimal_from_real(&d, x, 3, 150) == 0 && strcmp(d.digits, "125") == 0,
          "0.125 to 3 digits: %s", d.digits);
    ref_decimal_clear(&d);
    mpfr_clear(x);
}

static const bloom_test_case reference_cases[] = {
    {"four exact-rate methods agree", test_methods_agree},
    {"m=2 n=1 k=2 by hand", test_two_bits_by_hand},
    {"decimal rounding by hand", test_decimal_rounding},
    {"decimal parsing", test_decimal_parse},
    {"near ties refused", test_near_tie_refused},
    {NULL, NULL},
};

const bloom_test_suite calc_reference_suite = {"reference", reference_cases};
