/*
 * calc_fpr_forms.c - the two cancellation-free forms of the exact rate
 * (calc/src/fpr_forms.h, FORMULAS.md §o): the occupancy chain of sparse
 * filters and the truncated complement series of saturated ones, each
 * called directly and held to values computed another way:
 *
 *   - exact fractions of the Stirling-number sum (calc_reference.c,
 *     FORMULAS.md §a.1), and brute-force enumeration where the outcomes are few: every
 *     enclosure must contain the fraction and be narrow;
 *   - at m = 2^256 (n = 1, where the alternating sum cancels 75 000 bits),
 *     the Stirling sum written here over mpz: rate = sum_x (m)_x S(T, x) x^j
 *     / m^(T + j);
 *   - the window of the chain really truncated (m = 2^40, T = 1000: the
 *     enclosure holds the fraction with a lost mass bounded, not dropped);
 *   - the deficit series (FORMULAS.md §p) against the same Stirling sum, and
 *     at T = 1e12 probes into 2^256 bits within an exact-fraction bracket;
 *   - the moment series against Stirling fractions (m = 500..3000) and, for
 *     large filters up to k = 997 at m = 1.4e12, against the
 *     moments-of-empty-bits form of calc_reference.c (FORMULAS.md §a.2) in
 *     MPFR at two precisions.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <CUnit/CUnit.h>
#include <mpfi.h>

#include "calc_checks.h"
#include "calc_suites.h"
#include "fpr_forms.h"

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

/* The chain's enclosure for (m, n, k, j), at FORM_BITS. */
static void chain_rate(mpfi_ptr result, mpz_srcptr m, unsigned long n, unsigned long k, unsigned long j)
{
    mpz_t keys;
    mpz_init_set_ui(keys, n);
    bloom_fpr_arguments arguments = { m, keys, k, j };
    CHECK(bloom_occupancy_cost(&arguments, FORM_BITS) >= 0, "the chain applies (T < m)");
    bloom_enclose_fpr_occupancy(result, &arguments);
    mpz_clear(keys);
}

static void test_chain_small_fractions(void)
{
    unsigned cases = 0;
    mpfi_t rate;
    mpfi_init2(rate, FORM_BITS);
    mpq_t expected;
    mpq_init(expected);
    mpz_t m;
    mpz_init(m);
    for (unsigned long bits = 2; bits <= 40; bits++)
        for (unsigned long k = 1; k <= 6; k++)
            for (unsigned long n = 1; n * k < bits && n * k <= 24; n++)
                for (unsigned long j = k; j <= 2 * k; j += k) {
                    mpz_set_ui(m, bits);
                    chain_rate(rate, m, n, k, j);
                    ref_rate_stirling(expected, bits, n * k, j);
                    CHECK(encloses_tightly(rate, expected), "chain m=%lu n=%lu k=%lu j=%lu misses %Qd",
                          bits, n, k, j, expected);
                    if (bits <= 6 && n * k + j <= 8) {
                        ref_rate_bruteforce(expected, bits, n * k, j);
                        CHECK(encloses_tightly(rate, expected), "chain m=%lu n=%lu k=%lu: enumeration %Qd",
                              bits, n, k, expected);
                    }
                    cases++;
                }
    CHECK(cases > 900, "%u cases", cases);
    mpz_clear(m);
    mpq_clear(expected);
    mpfi_clear(rate);
}

/* rop = sum_x (m)_x S(throws, x) x^j / m^(throws + j), over mpz (any m). */
static void stirling_rate(mpq_ptr rop, mpz_srcptr m, unsigned long throws, unsigned long j)
{
    mpz_t *row = malloc((throws + 1) * sizeof *row);
    CU_ASSERT_FATAL(row != NULL);
    for (unsigned long i = 0; i <= throws; i++)
        mpz_init_set_ui(row[i], i == 0);
    for (unsigned long a = 1; a <= throws; a++) {
        for (unsigned long i = a; i >= 1; i--) {
            mpz_mul_ui(row[i], row[i], i);
            mpz_add(row[i], row[i], row[i - 1]);
        }
        mpz_set_ui(row[0], 0);
    }
    mpz_t falling, term, factor;
    mpz_init_set_ui(falling, 1);
    mpz_inits(term, factor, NULL);
    mpz_set_ui(mpq_numref(rop), 0);
    for (unsigned long x = 1; x <= throws && mpz_cmp_ui(m, x) >= 0; x++) {
        mpz_sub_ui(factor, m, x - 1);
        mpz_mul(falling, falling, factor);
        mpz_ui_pow_ui(term, x, j);
        mpz_mul(term, term, row[x]);
        mpz_addmul(mpq_numref(rop), term, falling);
    }
    mpz_pow_ui(mpq_denref(rop), m, throws + j);
    mpq_canonicalize(rop);
    for (unsigned long i = 0; i <= throws; i++)
        mpz_clear(row[i]);
    free(row);
    mpz_clears(falling, term, factor, NULL);
}

static void test_chain_sparse_large_filters(void)
{
    mpfi_t rate;
    mpfi_init2(rate, FORM_BITS);
    mpq_t expected;
    mpq_init(expected);
    mpz_t m;
    mpz_init(m);
    static const struct { unsigned long log2_m, n, k; } cases[] = {
        { 256, 1, 300 }, { 256, 3, 100 }, { 40, 1, 1000 }, { 40, 10, 100 }, { 20, 2, 300 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mpz_set_ui(m, 0);
        mpz_setbit(m, cases[i].log2_m);
        chain_rate(rate, m, cases[i].n, cases[i].k, cases[i].k);
        stirling_rate(expected, m, cases[i].n * cases[i].k, cases[i].k);
        CHECK(encloses_tightly(rate, expected), "chain m=2^%lu n=%lu k=%lu misses the Stirling sum",
              cases[i].log2_m, cases[i].n, cases[i].k);
    }
    mpz_clear(m);
    mpq_clear(expected);
    mpfi_clear(rate);
}

/*
 * The deficit series (FORMULAS.md §p), called directly: against the
 * Stirling sum over mpz (stirling_rate above) wherever T is small enough
 * for it, with j = k and 2k, including windows really truncated (m = 2^16
 * and 2^20, where T^2/m is about 0.3: some 40 deficits and a bounded rest);
 * and for T = 1e9 and 1e12 probes into 2^256 bits, where no sum can be
 * written out, against the bracket (T/m)^j (1 - j (T - 1)/(2m)) <= rate <=
 * (T/m)^j: X = T - D with E[D] <= C(T, 2)/m (the union bound over pairs of
 * probes) and (1 - D/T)^j >= 1 - j D/T (Bernoulli), exact fractions whose
 * width, j T/(2m), is far below the enclosure's.
 */
static void deficit_rate(mpfi_ptr result, mpz_srcptr m, mpz_srcptr n, unsigned long k, unsigned long j)
{
    bloom_fpr_arguments arguments = { m, n, k, j };
    CHECK(bloom_deficits_cost(&arguments, FORM_BITS) >= 0, "the deficit series applies");
    bloom_enclose_fpr_deficits(result, &arguments);
}

static void test_deficits_against_stirling(void)
{
    static const struct { unsigned long log2_m, n, k; } cases[] = {
        { 256, 1, 1000 }, { 256, 1, 300 }, { 256, 3, 100 }, { 40, 1, 1000 }, { 40, 10, 100 },
        { 20, 2, 300 }, { 16, 20, 10 }, { 16, 1, 30 }, { 12, 2, 6 }, { 14, 3, 5 }, { 30, 7, 1 },
    };
    unsigned cases_run = 0;
    mpfi_t rate;
    mpfi_init2(rate, FORM_BITS);
    mpq_t expected;
    mpq_init(expected);
    mpz_t m, n;
    mpz_inits(m, n, NULL);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (unsigned long j = cases[i].k; j <= 2 * cases[i].k; j += cases[i].k) {
            mpz_set_ui(m, 0);
            mpz_setbit(m, cases[i].log2_m);
            mpz_set_ui(n, cases[i].n);
            deficit_rate(rate, m, n, cases[i].k, j);
            stirling_rate(expected, m, cases[i].n * cases[i].k, j);
            CHECK(encloses_tightly(rate, expected), "deficits m=2^%lu n=%lu k=%lu j=%lu misses the Stirling sum",
                  cases[i].log2_m, cases[i].n, cases[i].k, j);
            cases_run++;
        }
    CHECK(cases_run == 22, "%u cases", cases_run);
    mpz_clears(m, n, NULL);
    mpq_clear(expected);
    mpfi_clear(rate);
}

static void test_deficits_huge_filters(void)
{
    static const char *keys[] = { "1000000", "1000000000" };
    mpfi_t rate;
    mpfi_init2(rate, FORM_BITS);
    mpq_t upper, lower, slack;
    mpq_inits(upper, lower, slack, NULL);
    mpz_t m, n, total;
    mpz_inits(m, n, total, NULL);
    mpz_setbit(m, 256);
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        unsigned long k = 1000;
        mpz_set_str(n, keys[i], 10);
        mpz_mul_ui(total, n, k);
        deficit_rate(rate, m, n, k, k);
        mpz_pow_ui(mpq_numref(upper), total, k);           /* (T/m)^j */
        mpz_pow_ui(mpq_denref(upper), m, k);
        mpq_canonicalize(upper);
        mpz_sub_ui(mpq_numref(slack), total, 1);            /* j (T - 1)/(2m) */
        mpz_mul_ui(mpq_numref(slack), mpq_numref(slack), k);
        mpz_mul_2exp(mpq_denref(slack), m, 1);
        mpq_canonicalize(slack);
        mpq_set_ui(lower, 1, 1);
        mpq_sub(lower, lower, slack);
        mpq_mul(lower, lower, upper);
        CHECK(mpfr_cmp_q(&rate->left, upper) <= 0 && mpfr_cmp_q(&rate->right, lower) >= 0,
              "m=2^256 n=%s k=1000: the enclosure misses the Bernoulli bracket", keys[i]);
        CHECK(mpq_sgn(lower) > 0, "the bracket is not empty");
        mpfr_t width;
        mpfr_init2(width, 64);
        mpfi_diam_rel(width, rate);
        CHECK(mpfr_cmp_ui_2exp(width, 1, -(FORM_BITS - 24)) <= 0, "m=2^256 n=%s: width %Rg", keys[i], width);
        mpfr_clear(width);
    }
    mpz_clears(m, n, total, NULL);
    mpq_clears(upper, lower, slack, NULL);
    mpfi_clear(rate);
}

static void test_complement_small_fractions(void)
{
    unsigned cases = 0;
    mpfi_t complement;
    mpfi_init2(complement, FORM_BITS);
    mpq_t expected, one;
    mpq_inits(expected, one, NULL);
    mpq_set_ui(one, 1, 1);
    mpz_t m, n;
    mpz_inits(m, n, NULL);
    for (unsigned long bits = 2; bits <= 12; bits++)
        for (unsigned long k = 1; k <= 6; k++)
            for (unsigned long keys = 1; keys * k <= 240; keys += 7) {
                mpz_set_ui(m, bits);
                mpz_set_ui(n, keys);
                bloom_fpr_arguments arguments = { m, n, k, 0 };
                if (!bloom_enclose_fpr_complement_series(complement, &arguments))
                    continue;   /* j q > 1/4: not this form's case */
                ref_rate_stirling(expected, bits, keys * k, k);
                mpq_sub(expected, one, expected);
                CHECK(encloses_tightly(complement, expected), "complement m=%lu n=%lu k=%lu misses %Qd",
                      bits, keys, k, expected);
                cases++;
            }
    CHECK(cases > 250, "%u cases", cases);
    /* m = n = 1000, k = 1: q = (1 - 1/1000)^1000 = 0.368 > 1/4, not this form's case */
    mpz_set_ui(m, 1000);
    mpz_set_ui(n, 1000);
    bloom_fpr_arguments dense = { m, n, 1, 0 };
    CHECK(!bloom_enclose_fpr_complement_series(complement, &dense), "m = n = 1000, k = 1: j q > 1/4");
    mpz_clears(m, n, NULL);
    mpq_clears(expected, one, NULL);
    mpfi_clear(complement);
}

/* The moment series' enclosure for (m, n, k, j) at FORM_BITS; checks that it applies. */
static void moment_rate(mpfi_ptr result, mpz_srcptr m, mpz_srcptr n, unsigned long k, unsigned long j)
{
    bloom_fpr_arguments arguments = { m, n, k, j };
    CHECK(bloom_moments_cost(&arguments, FORM_BITS) >= 0, "the moment series applies (k=%lu)", k);
    bloom_enclose_fpr_moments(result, &arguments);
}

static void test_moments_small_fractions(void)
{
    unsigned cases = 0;
    mpfi_t rate;
    mpfi_init2(rate, FORM_BITS);
    mpq_t expected;
    mpq_init(expected);
    mpz_t m, n;
    mpz_inits(m, n, NULL);
    static const unsigned long sizes[] = { 500, 1000, 3000 };
    for (size_t i = 0; i < 3; i++)
        for (unsigned long k = 2; k <= 6; k++)
            for (unsigned long keys = 20; keys * k <= 600; keys += 20) {
                mpz_set_ui(m, sizes[i]);
                mpz_set_ui(n, keys);
                bloom_fpr_arguments arguments = { m, n, k, 0 };
                if (bloom_moments_cost(&arguments, FORM_BITS) < 0)
                    continue;   /* j sqrt(T) > mu/2, or too few empty bits: not this form's case */
                moment_rate(rate, m, n, k, 0);
                ref_rate_stirling(expected, sizes[i], keys * k, k);
                CHECK(encloses_tightly(rate, expected), "moments m=%lu n=%lu k=%lu misses %Qd",
                      sizes[i], keys, k, expected);
                cases++;
            }
    CHECK(cases > 60, "%u cases", cases);
    mpz_clears(m, n, NULL);
    mpq_clear(expected);
    mpfi_clear(rate);
}

static void test_moments_large_filters(void)
{
    static const struct { const char *m, *n; unsigned long k; } cases[] = {
        { "1437757756688", "1000000000", 997 }, { "2000000000", "10000000", 100 },
        { "9585058378", "1000000000", 7 }, { "1442695041", "1000000", 1000 },
    };
    mpfi_t rate;
    mpfi_init2(rate, FORM_BITS);
    mpfr_t reference, middle;
    mpfr_inits2(FORM_BITS, reference, middle, NULL);
    mpz_t m, n, throws;
    mpz_inits(m, n, throws, NULL);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mpz_set_str(m, cases[i].m, 10);
        mpz_set_str(n, cases[i].n, 10);
        mpz_mul_ui(throws, n, cases[i].k);
        moment_rate(rate, m, n, cases[i].k, 0);
        CHECK(ref_rate_moments(reference, m, throws, cases[i].k) == 0, "reference trusted (m=%s)", cases[i].m);
        mpfi_mid(middle, rate);
        mpfr_sub(middle, middle, reference, MPFR_RNDN);
        mpfr_div(middle, middle, reference, MPFR_RNDN);
        mpfr_abs(middle, middle, MPFR_RNDN);
        CHECK(mpfr_cmp_ui_2exp(middle, 1, -(FORM_BITS - 24)) <= 0,
              "moments m=%s n=%s k=%lu: %Rg from the reference", cases[i].m, cases[i].n, cases[i].k, middle);
        mpfi_diam_rel(middle, rate);
        CHECK(mpfr_cmp_ui_2exp(middle, 1, -(FORM_BITS - 24)) <= 0, "moments m=%s: width %Rg", cases[i].m, middle);
    }
    mpz_clears(m, n, throws, NULL);
    mpfr_clears(reference, middle, NULL);
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

/*
 * The moment series' enclosure at `bits` for m, n, k (decimal) against the
 * moments-of-empty-bits form with j log2(2m/T) more bits (what its sum
 * cancels at a fill of T/m), both within 2^-(bits - 24) relative.
 */
static void check_moments_against_reference(const char *m_text, const char *n_text, unsigned long k,
                                            mpfr_prec_t bits)
{
    mpfi_t rate;
    mpfi_init2(rate, bits);
    mpfr_t reference;
    mpfr_init2(reference, bits);
    mpz_t m, n, throws;
    mpz_inits(m, n, throws, NULL);
    mpz_set_str(m, m_text, 10);
    mpz_set_str(n, n_text, 10);
    mpz_mul_ui(throws, n, k);
    bloom_fpr_arguments arguments = { m, n, k, 0 };
    CHECK(bloom_moments_cost(&arguments, bits) >= 0, "the moment series applies (m=%s n=%s k=%lu)",
          m_text, n_text, k);
    if (bloom_moments_cost(&arguments, bits) >= 0) {
        bloom_enclose_fpr_moments(rate, &arguments);
        mpfr_prec_t lost = (mpfr_prec_t)k * (mpfr_prec_t)(mpz_sizeinbase(m, 2) - mpz_sizeinbase(throws, 2) + 2);
        CHECK(ref_rate_moments_losing(reference, m, throws, k, lost) == 0, "reference trusted (m=%s)", m_text);
        check_near_reference(rate, reference, bits, m_text);
    }
    mpz_clears(m, n, throws, NULL);
    mpfr_clear(reference);
    mpfi_clear(rate);
}

/*
 * A huge filter with a tiny load (m = 2^128, n = 2^64, k = 300: T/m =
 * 1.6e-17, rate 2.3e-5037): the variance of X, about T^2/(2m) = 45 000,
 * cancelled to 0 in doubles and the form refused itself, leaving the
 * alternating sum (8.5 s for fpr).  And more than 80 moments: m = 1e6,
 * n = 25, k = 100 at 320 bits (the ratio of the tail terms 1/sqrt(R + 1), as
 * 0.5/sqrt(R + 1) at m = 1e9, n = 1000, k = 1000, where the form used to
 * stop at 80 and leave the alternating sum at 12 000 bits: 2.7 s an
 * evaluation, plan -n 1e3 -m 1e9 -k 1000 made two) needs all 100.
 */
static void test_moments_tiny_load(void)
{
    check_moments_against_reference("340282366920938463463374607431768211456", "18446744073709551616", 300,
                                    FORM_BITS);
    check_moments_against_reference("1000000", "25", 100, 320);
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

/*
 * A saturated filter at a rate of 1/2 with k = 300 (m = 2^256, T/m = 6.1,
 * j q = 0.7 > 1/4: no complement series): its rate now comes from the
 * cheapest direct form, not the complement's full sum (as at k = 1000 in
 * plan -m 2^256 -p 0.5 -k 1000: 1.1 s -> 0.00 s), and so do its relative errors.  The public
 * enclosures must hold the moments-of-empty-bits form's values (checks of the new paths; they
 * held on the old ones).
 */
static void test_saturated_half_rate(void)
{
    mpfi_t rate;
    mpfi_init2(rate, FORM_BITS);
    mpfr_t reference;
    mpfr_init2(reference, FORM_BITS);
    mpz_t m, n, throws;
    mpz_inits(m, n, throws, NULL);
    mpz_ui_pow_ui(m, 2, 256);
    mpz_set_str(n, "2343419762044566615995430492720946150216391846396265101134804009842446903423", 10);
    mpz_mul_ui(throws, n, 300);
    bloom_fpr_arguments arguments = { m, n, 300, 0 };
    CHECK(bloom_enclose_fpr_exact(rate, &arguments) == BLOOM_OK, "status");
    CHECK(ref_rate_moments(reference, m, throws, 300) == 0, "reference trusted");
    check_near_reference(rate, reference, FORM_BITS, "rate 1/2");
    /* Bloom's formula's relative error, about -8.8e-76, by the pair of rates (it took the
     * complement's full sum: 1.1 s at k = 1000), against B/E - 1 from the references at 300 more bits */
    mpfr_t exact, bloom;
    mpfr_inits2(FORM_BITS + 300, exact, bloom, NULL);
    CHECK(ref_rate_moments(exact, m, throws, 300) == 0, "reference trusted at more bits");
    ref_rate_bloom(bloom, m, throws, 300);
    mpfr_div(bloom, bloom, exact, MPFR_RNDN);
    mpfr_sub_ui(bloom, bloom, 1, MPFR_RNDN);
    mpfr_set(reference, bloom, MPFR_RNDN);
    bloom_fpr_comparison comparison = { &arguments, 1 };
    bloom_quantity relative = { bloom_enclose_fpr_relative_error, &comparison, NULL };
    CHECK(bloom_quantity_round(bloom, &relative, MPFR_RNDN, NULL) == BLOOM_OK, "relative error status");
    mpfi_set_fr(rate, bloom);                 /* correctly rounded to FORM_BITS + 300 bits */
    check_near_reference(rate, reference, FORM_BITS, "relative error at rate 1/2");
    mpfr_clears(exact, bloom, NULL);
    mpz_clears(m, n, throws, NULL);
    mpfr_clear(reference);
    mpfi_clear(rate);
}

/*
 * The rate as 1 - c by the complement series for filters that are not
 * saturated (fpr_complement.c, FORMULAS.md §o.3): every m = 8..24, k = 2..10,
 * kn up to 4m where it applies, against the Stirling fractions; and m = 1e4,
 * n = 150, k = 300 (j q = 3.3, the shape of plan -m 1e4 -p 1e-2 -k 1000:
 * n = 53, j q = 5, 0.74 s by the alternating sum, 0.00 s this way) against
 * the moments-of-empty-bits form.  (The form is new: this test does not build on the old code.)
 */
static void test_complement_rate(void)
{
    unsigned cases = 0;
    mpfi_t rate;
    mpfi_init2(rate, FORM_BITS);
    mpq_t expected;
    mpq_init(expected);
    mpz_t m, n, throws;
    mpz_inits(m, n, throws, NULL);
    for (unsigned long bits = 8; bits <= 24; bits++)
        for (unsigned long k = 2; k <= 10; k++)
            for (unsigned long keys = 1; keys * k <= 4 * bits; keys++) {
                mpz_set_ui(m, bits);
                mpz_set_ui(n, keys);
                bloom_fpr_arguments arguments = { m, n, k, 0 };
                if (bloom_complement_rate_cost(&arguments, FORM_BITS) < 0)
                    continue;
                bloom_enclose_fpr_by_complement(rate, &arguments);
                ref_rate_stirling(expected, bits, keys * k, k);
                CHECK(encloses_tightly(rate, expected), "1 - c: m=%lu n=%lu k=%lu misses %Qd", bits, keys, k,
                      expected);
                cases++;
            }
    CHECK(cases > 2000, "%u cases", cases);
    mpfr_t reference;
    mpfr_init2(reference, FORM_BITS);
    mpz_set_ui(m, 10000);
    mpz_set_ui(n, 150);
    mpz_mul_ui(throws, n, 300);
    bloom_fpr_arguments large = { m, n, 300, 0 };
    CHECK(bloom_complement_rate_cost(&large, FORM_BITS) >= 0, "1 - c applies at m = 1e4, n = 150, k = 300");
    bloom_enclose_fpr_by_complement(rate, &large);
    CHECK(ref_rate_moments(reference, m, throws, 300) == 0, "reference trusted");
    check_near_reference(rate, reference, FORM_BITS, "1 - c at m = 1e4");
    mpfr_clear(reference);
    mpz_clears(m, n, throws, NULL);
    mpq_clear(expected);
    mpfi_clear(rate);
}

static const bloom_test_case fpr_forms_cases[] = {
    {"the rate as 1 - the complement series, against Stirling fractions and at m = 1e4", test_complement_rate},
    {"a saturated filter at rate 1/2, k = 300, by a direct form", test_saturated_half_rate},
    {"occupancy chain against Stirling fractions and enumeration", test_chain_small_fractions},
    {"occupancy chain at m = 2^20..2^256 against the Stirling sum", test_chain_sparse_large_filters},
    {"deficit series against the Stirling sum, windows truncated", test_deficits_against_stirling},
    {"deficit series at m = 2^256, T = 1e9 and 1e12, within the Bernoulli bracket", test_deficits_huge_filters},
    {"complement series against Stirling fractions", test_complement_small_fractions},
    {"moment series against Stirling fractions", test_moments_small_fractions},
    {"moment series up to k = 997 against the moments-of-empty-bits form", test_moments_large_filters},
    {"moment series at T/m = 1.6e-17 and past 80 terms, against the moments form", test_moments_tiny_load},
    {"full filters with small rates, directly, against Stirling fractions", test_full_filters_small_rates},
    {NULL, NULL},
};

const bloom_test_suite calc_fpr_forms_suite = {"fpr_forms", fpr_forms_cases};
