/*
 * calc_fpr_forms.c - the forms of the exact rate (calc/src/fpr.c, its table
 * of forms; FORMULAS.md §o): the complement 1 - c of saturated filters and
 * the alternating sum of all others, each reached through the public
 * enclosure in the regime its condition selects, and held to values
 * computed another way:
 *
 *   - exact fractions of the Stirling-number sum (calc_reference.c,
 *     FORMULAS.md §a.1), on both sides of the saturation condition, for
 *     every small filter of m = 2..40 bits: every enclosure must hold the
 *     fraction and be narrow, the saturated ones relatively so (the
 *     complement keeps the digits of 1 - rate);
 *   - at m = 2^64 (the largest filter, n = 1, k = 100: the sum cancels
 *     6 000 bits; and a saturated filter at a rate of 1/2) the moments-of-
 *     empty-bits form of calc_reference.c (FORMULAS.md §a.2) in MPFR, and
 *     Bloom's formula's relative error against B/E - 1 from the references;
 *   - the rates kept by rate_cache.c: asked again at a lower precision, an
 *     enclosure comes from the kept one and still holds the fraction;
 *   - probes reduced modulo m from 2^w values (the two-class form,
 *     FORMULAS.md §m.6): every tiny filter's fraction and enclosure against
 *     the enumeration of every insertion sequence.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <CUnit/CUnit.h>
#include <mpfi.h>

#include "calc_checks.h"
#include "calc_suites.h"
#include "fpr.h"
#include "rate_cache.h"

#define FORM_BITS 200

/* Nonzero when `enclosure` holds `exact` and is at most 2^-(FORM_BITS - 24) wide relative. */
static int encloses_tightly(mpfi_srcptr enclosure, mpq_srcptr exact)
{
    if (!mpfi_is_inside_q(exact, enclosure))
        return 0;
    if (mpq_sgn(exact) == 0)
        return mpfi_is_zero(enclosure);
    mpfr_t width;
    mpfr_init2(width, 64);
    mpfi_diam_rel(width, enclosure);
    int tight = mpfr_cmp_ui_2exp(width, 1, -(FORM_BITS - 24)) <= 0;
    mpfr_clear(width);
    return tight;
}

/*
 * Full filters with small rates (T >= m, (1 - e^(-T/m))^j < 1/4): the
 * exact rate is computed directly, not from its complement (fpr.c,
 * saturated()); the public enclosure must hold the Stirling fraction for
 * every m = 8..40, k = 4..10 with m <= kn <= 3m in that regime.
 */
static void test_full_filters_small_rates(void)
{
    unsigned cases = 0;
    mpfi_t rate;
    mpfi_init2(rate, FORM_BITS);
    mpq_t expected;
    mpq_init(expected);
    mpz_t m, keys;
    mpz_inits(m, keys, NULL);
    for (unsigned long bits = 8; bits <= 40; bits++)
        for (unsigned long k = 4; k <= 10; k++)
            for (unsigned long n = 1; n * k <= 3 * bits; n++) {
                double load = (double)(n * k) / (double)bits;
                if (n * k < bits || (double)k * log1p(-exp(-load)) >= log(0.25))
                    continue;
                mpz_set_ui(m, bits);
                mpz_set_ui(keys, n);
                bloom_fpr_arguments arguments = { m, keys, k, 0 };
                CHECK(bloom_enclose_fpr_exact(rate, &arguments) == BLOOM_OK, "status");
                ref_rate_stirling(expected, bits, n * k, k);
                CHECK(encloses_tightly(rate, expected), "full m=%lu n=%lu k=%lu misses %Qd", bits, n, k,
                      expected);
                cases++;
            }
    CHECK(cases > 300, "%u cases", cases);
    mpz_clears(m, keys, NULL);
    mpq_clear(expected);
    mpfi_clear(rate);
}

/* Nonzero when the rate of kn = throws probes into m bits is in the
 * complement form's regime (fpr.c, saturated()). */
static int saturated_regime(unsigned long bits, unsigned long throws, unsigned long k)
{
    double load = (double)throws / (double)bits;
    return throws >= bits && (double)k * log1p(-exp(-load)) >= log(0.25);
}

/*
 * Saturated filters (the complement form): every m = 2..40, k = 1..10 and
 * kn up to 200 probes in that regime; the enclosure of the rate and, to
 * see the digits the complement keeps, 1 - the enclosure, must hold the
 * Stirling fraction and 1 - it tightly.
 */
static void test_saturated_small_fractions(void)
{
    unsigned cases = 0;
    mpfi_t rate;
    mpfi_init2(rate, FORM_BITS);
    mpq_t expected, complement;
    mpq_inits(expected, complement, NULL);
    mpz_t m, keys;
    mpz_inits(m, keys, NULL);
    for (unsigned long bits = 2; bits <= 40; bits++)
        for (unsigned long k = 1; k <= 10; k++)
            for (unsigned long n = 1; n * k <= 200; n++) {
                if (!saturated_regime(bits, n * k, k))
                    continue;
                mpz_set_ui(m, bits);
                mpz_set_ui(keys, n);
                bloom_fpr_arguments arguments = { m, keys, k, 0 };
                bloom_fpr_comparison comparison = { &arguments, 1 };
                CHECK(bloom_enclose_fpr_exact(rate, &arguments) == BLOOM_OK, "status");
                ref_rate_stirling(expected, bits, n * k, k);
                CHECK(encloses_tightly(rate, expected), "saturated m=%lu n=%lu k=%lu misses %Qd", bits, n, k,
                      expected);
                /* Bloom's formula's relative error B/E - 1, from the complements, against the fractions */
                CHECK(bloom_enclose_fpr_relative_error(rate, &comparison) == BLOOM_OK, "relative status");
                ref_rate_bloom_rational(complement, bits, n * k, k);
                mpq_div(complement, complement, expected);
                mpq_set_ui(expected, 1, 1);
                mpq_sub(complement, complement, expected);
                CHECK(mpfi_is_inside_q(complement, rate), "relative error m=%lu n=%lu k=%lu misses %Qd",
                      bits, n, k, complement);
                cases++;
            }
    CHECK(cases > 1000, "%u cases", cases);
    mpz_clears(m, keys, NULL);
    mpq_clears(expected, complement, NULL);
    mpfi_clear(rate);
}

/* Checks that `rate` is within, and at most, 2^-(bits - 24) relative of `reference`. */
static void check_near_reference(mpfi_srcptr rate, mpfr_srcptr reference, mpfr_prec_t bits, const char *what)
{
    mpfr_t middle;
    mpfr_init2(middle, bits);
    mpfi_mid(middle, rate);
    mpfr_sub(middle, middle, reference, MPFR_RNDN);
    mpfr_div(middle, middle, reference, MPFR_RNDN);
    mpfr_abs(middle, middle, MPFR_RNDN);
    /* mpfr_cmp_* is 0 on NaN: a NaN enclosure must fail, not pass */
    CHECK(!mpfr_nan_p(middle) && mpfr_cmp_ui_2exp(middle, 1, -(bits - 24)) <= 0, "%s: %Rg from the reference",
          what, middle);
    mpfi_diam_rel(middle, rate);
    CHECK(!mpfr_nan_p(middle) && mpfr_cmp_ui_2exp(middle, 1, -(bits - 24)) <= 0, "%s: width %Rg", what, middle);
    mpfr_clear(middle);
}

/* The public enclosure of the rate of (m, n, k) at FORM_BITS against the
 * moments-of-empty-bits form, and Bloom's formula's relative error against
 * B/E - 1 from the references at 300 more bits. */
static void check_large_filter(const char *bits_text, const char *keys_text, unsigned long k, const char *what)
{
    mpfi_t rate;
    mpfi_init2(rate, FORM_BITS);
    mpfr_t reference, exact, bloom;
    mpfr_init2(reference, FORM_BITS);
    mpfr_inits2(FORM_BITS + 300, exact, bloom, NULL);
    mpz_t m, n, throws;
    mpz_inits(m, n, throws, NULL);
    mpz_set_str(m, bits_text, 10);
    mpz_set_str(n, keys_text, 10);
    mpz_mul_ui(throws, n, k);
    bloom_fpr_arguments arguments = { m, n, k, 0 };
    CHECK(bloom_enclose_fpr_exact(rate, &arguments) == BLOOM_OK, "%s: status", what);
    /* the moments form's sum cancels about k log2(2m/T) bits (FORMULAS.md §a.2) */
    double per_probe = log2(2 * mpz_get_d(m) / mpz_get_d(throws));
    mpfr_prec_t lost = (mpfr_prec_t)((double)k * (per_probe > 1 ? per_probe : 1)) + 64;
    CHECK(ref_rate_moments_losing(reference, m, throws, k, lost) == 0, "%s: reference trusted", what);
    check_near_reference(rate, reference, FORM_BITS, what);
    CHECK(ref_rate_moments_losing(exact, m, throws, k, lost) == 0, "%s: reference trusted at more bits", what);
    ref_rate_bloom(bloom, m, throws, k);
    mpfr_div(bloom, bloom, exact, MPFR_RNDN);
    mpfr_sub_ui(bloom, bloom, 1, MPFR_RNDN);
    mpfr_set(reference, bloom, MPFR_RNDN);
    bloom_fpr_comparison comparison = { &arguments, 1 };
    bloom_quantity relative = { bloom_enclose_fpr_relative_error, &comparison, NULL };
    CHECK(bloom_quantity_round(bloom, &relative, MPFR_RNDN, NULL) == BLOOM_OK, "%s: relative error status", what);
    mpfi_set_fr(rate, bloom);                 /* correctly rounded to FORM_BITS + 300 bits */
    check_near_reference(rate, reference, FORM_BITS, what);
    mpfr_clears(reference, exact, bloom, NULL);
    mpz_clears(m, n, throws, NULL);
    mpfi_clear(rate);
}

/*
 * The largest filters of the limits: m = 2^64 with one key of k = 100
 * probes (the alternating sum at its largest cancellation, 61 bits a
 * level), a full filter with a small rate (T = m, k = 100: rate about
 * 4e-20, the alternating sum), and a saturated filter at a rate of about
 * 1/2 (T/m = 4.97, k = 100: the complement form).
 */
static void test_largest_filters(void)
{
    check_large_filter("18446744073709551616", "1", 100, "m = 2^64, n = 1, k = 100");
    check_large_filter("18446744073709551616", "184467440737095516", 100, "m = 2^64, T = m, k = 100");
    check_large_filter("18446744073709551616", "917740520016271488", 100, "m = 2^64, rate 1/2, k = 100");
}

/*
 * A rate enclosed at a high precision is kept: asked again at a lower one
 * it is found (the kept enclosure, rounded outward) and holds the Stirling
 * fraction; a filter never asked for is not found.
 */
static void test_kept_rates(void)
{
    mpz_t m, n;
    mpq_t exact;
    mpfi_t fine, coarse;
    mpz_inits(m, n, NULL);
    mpq_init(exact);
    mpfi_init2(fine, 4 * FORM_BITS);
    mpfi_init2(coarse, 60);
    mpz_set_ui(n, 3);
    for (unsigned long bits = 53; bits <= 59; bits += 2) {
        mpz_set_ui(m, bits);
        bloom_fpr_arguments filter = { m, n, 5, 0 }, other = { m, n, 6, 7 };
        mpfr_prec_t kept = 0;
        CHECK(!bloom_rate_cache_find(coarse, &kept, BLOOM_RATE_EXACT, &other), "m = %lu, k = 6, j = 7: never asked, not kept", bits);
        CHECK(bloom_enclose_fpr_exact(fine, &filter) == BLOOM_OK, "m = %lu: enclosure status", bits);
        CHECK(bloom_rate_cache_find(coarse, &kept, BLOOM_RATE_EXACT, &filter) && kept >= 4 * FORM_BITS,
              "m = %lu: kept at %ld bits", bits, (long)kept);
        CHECK(bloom_fpr_exact_rational(exact, m, n, 5) == BLOOM_OK, "m = %lu: fraction status", bits);
        CHECK(mpfi_is_inside_q(exact, coarse) && mpfi_get_prec(coarse) == 60,
              "m = %lu: the kept rate at 60 bits holds the fraction", bits);
    }
    mpfi_clear(fine);
    mpfi_clear(coarse);
    mpq_clear(exact);
    mpz_clears(m, n, NULL);
}

/*
 * rate = the rate of n keys of k probes, each uniform on 0 .. 2^w - 1 and reduced modulo m, by
 * enumerating all 2^(w T) insertion sequences (T = nk): a query is a false positive when each of
 * its k probes is one of the c values below 2^w whose residue is set, so the sum of c^k over the
 * sequences, over 2^(w (T + k)).  Independent of fpr.c: no classes, no inclusion-exclusion.
 */
static void enumerated_modulo_rate(mpq_ptr rate, unsigned long w, unsigned long m, unsigned long n,
                                   unsigned long k)
{
    unsigned long range = 1UL << w, throws = n * k, sequences = 1;
    for (unsigned long t = 0; t < throws; t++)
        sequences *= range;
    mpz_t count;
    mpz_init(count);
    mpz_set_ui(mpq_numref(rate), 0);
    for (unsigned long sequence = 0; sequence < sequences; sequence++) {
        unsigned long set = 0, rest = sequence, hits = 0;
        for (unsigned long t = 0; t < throws; t++, rest /= range)
            set |= 1UL << (rest % range % m);
        for (unsigned long value = 0; value < range; value++)
            hits += (set >> (value % m)) & 1;
        mpz_ui_pow_ui(count, hits, k);
        mpz_add(mpq_numref(rate), mpq_numref(rate), count);
    }
    mpz_ui_pow_ui(mpq_denref(rate), 2, w * (throws + k));
    mpq_canonicalize(rate);
    mpz_clear(count);
}

/* One filter of probes reduced modulo m: the exact fraction equals the enumeration's, the
 * enclosure holds it tightly, and where m divides 2^w both equal the uniform rate's fraction. */
static void check_modulo_case(unsigned long w, unsigned long bits, unsigned long n, unsigned long k)
{
    mpz_t m, keys;
    mpz_init_set_ui(m, bits);
    mpz_init_set_ui(keys, n);
    mpq_t expected, exact;
    mpq_inits(expected, exact, NULL);
    mpfi_t rate;
    mpfi_init2(rate, FORM_BITS);
    bloom_fpr_modulo_arguments arguments = { { m, keys, k, 0 }, w };
    enumerated_modulo_rate(expected, w, bits, n, k);
    CHECK(bloom_exact_fpr_modulo(exact, &arguments) == BLOOM_OK && mpq_equal(exact, expected),
          "w=%lu m=%lu n=%lu k=%lu: %Qd, enumerated %Qd", w, bits, n, k, exact, expected);
    CHECK(bloom_enclose_fpr_modulo(rate, &arguments) == BLOOM_OK && encloses_tightly(rate, expected),
          "w=%lu m=%lu n=%lu k=%lu: the enclosure misses %Qd", w, bits, n, k, expected);
    if (((1UL << w) % bits) == 0)
        CHECK(bloom_fpr_exact_rational(exact, m, keys, k) == BLOOM_OK && mpq_equal(exact, expected),
              "w=%lu m=%lu n=%lu k=%lu: uniform %Qd", w, bits, n, k, exact);
    mpfi_clear(rate);
    mpq_clears(expected, exact, NULL);
    mpz_clears(m, keys, NULL);
}

/*
 * Probes reduced modulo m: every m = 1..2^w, w = 2..4, and n, k with at most 2^20 insertion
 * sequences (check_modulo_case); and m above 2^w refused.
 */
static void test_modulo_enumerated(void)
{
    unsigned cases = 0;
    for (unsigned long w = 2; w <= 4; w++)
        for (unsigned long bits = 1; bits <= 1UL << w; bits++)
            for (unsigned long k = 1; k <= 4; k++)
                for (unsigned long n = 1; n * k * w <= 20; n++, cases++)
                    check_modulo_case(w, bits, n, k);
    CHECK(cases > 200, "%u cases", cases);
    mpz_t m, keys;
    mpz_init_set_ui(m, 5);
    mpz_init_set_ui(keys, 1);
    mpfi_t rate;
    mpfi_init2(rate, FORM_BITS);
    bloom_fpr_modulo_arguments wider = { { m, keys, 1, 0 }, 2 };   /* m = 5 > 2^2 */
    CHECK(bloom_enclose_fpr_modulo(rate, &wider) == BLOOM_UNDEFINED, "m above 2^w refused");
    mpfi_clear(rate);
    mpz_clears(m, keys, NULL);
}

static const bloom_test_case fpr_forms_cases[] = {
    {"saturated filters by the complement, against Stirling fractions", test_saturated_small_fractions},
    {"full filters with small rates, directly, against Stirling fractions", test_full_filters_small_rates},
    {"the largest filters against the moments-of-empty-bits form", test_largest_filters},
    {"kept rates, asked again at a lower precision, against Stirling fractions", test_kept_rates},
    {"probes reduced modulo m from 2^w values, against enumeration", test_modulo_enumerated},
    {NULL, NULL},
};

const bloom_test_suite calc_fpr_forms_suite = {"fpr_forms", fpr_forms_cases};
