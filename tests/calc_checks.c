/*
 * calc_checks.c - the shared CUnit assertions of the calc suites (see
 * calc_checks.h).  The expected side always comes from calc_reference.c or
 * from a figure quoted in a test; the library is only ever on the actual side.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "calc_checks.h"

void check_at(const char *file, unsigned line, int ok, const char *format, ...)
{
    if (ok) {
        CU_assertImplementation(CU_TRUE, line, "", file, "", CU_FALSE);
        return;
    }
    char message[1024];
    va_list arguments;
    va_start(arguments, format);
    mpfr_vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    CU_assertImplementation(CU_FALSE, line, message, file, "", CU_FALSE);
}

/* ---------------------------------------------------------------- filters */

void test_filter_init(test_filter *filter, const char *m, const char *n, unsigned long k,
                      unsigned long query_probes)
{
    mpz_inits(filter->m, filter->n, filter->throws, NULL);
    if (mpz_set_str(filter->m, m, 10) != 0 || mpz_set_str(filter->n, n, 10) != 0)
        abort();   /* a typo in a test table */
    mpz_mul_ui(filter->throws, filter->n, k);
    filter->k = k;
    filter->query = query_probes != 0 ? query_probes : k;
    filter->arguments.m = filter->m;
    filter->arguments.n = filter->n;
    filter->arguments.k = k;
    filter->arguments.query_probes = query_probes;
}

void test_filter_clear(test_filter *filter)
{
    mpz_clears(filter->m, filter->n, filter->throws, NULL);
}

void test_filter_reference(mpfr_ptr rop, const test_filter *filter)
{
    int status = ref_rate_moments(rop, filter->m, filter->throws, filter->query);
    CHECK(status == 0, "reference rate for m=%Zd n=%Zd k=%lu j=%lu not trusted",
          filter->m, filter->n, filter->k, filter->query);
}

bloom_enclose_function test_form_enclose(test_rate_form form)
{
    return form == FORM_EXACT ? bloom_enclose_fpr_exact
           : form == FORM_BLOOM ? bloom_enclose_fpr_bloom
                                : bloom_enclose_fpr_approx;
}

bloom_quantity test_form_quantity(test_rate_form form, const test_filter *filter)
{
    return form == FORM_EXACT ? bloom_fpr_exact_quantity(&filter->arguments)
           : form == FORM_BLOOM ? bloom_fpr_bloom_quantity(&filter->arguments)
                                : bloom_fpr_approx_quantity(&filter->arguments);
}

void test_form_reference(mpfr_ptr rop, test_rate_form form, const test_filter *filter)
{
    if (form == FORM_EXACT)
        test_filter_reference(rop, filter);
    else if (form == FORM_BLOOM)
        ref_rate_bloom(rop, filter->m, filter->throws, filter->k);
    else
        ref_rate_approx(rop, filter->m, filter->throws, filter->k);
}

/* ---------------------------------------------------------------- decimals */

/* Text of a decimal for messages. */
static void describe(char *buffer, size_t size, const ref_decimal *d)
{
    snprintf(buffer, size, "%s0.%s e%ld", d->negative ? "-" : "", d->digits, d->exponent);
}

void check_decimal_at(const char *file, unsigned line, const bloom_quantity *quantity,
                      unsigned digits, const ref_decimal *expected)
{
    char *text = NULL;
    char want[256];
    describe(want, sizeof want, expected);
    int status = bloom_quantity_decimal(&text, quantity, digits);
    check_at(file, line, status == BLOOM_OK && text != NULL,
             "bloom_quantity_decimal(%u digits) returned status %d, expected %.200s", digits,
             status, want);
    if (status != BLOOM_OK || text == NULL) {
        free(text);
        return;
    }
    ref_decimal parsed;
    int bad_syntax = ref_decimal_parse(&parsed, text);
    check_at(file, line, !bad_syntax, "unreadable decimal \"%.200s\"", text);
    if (!bad_syntax) {
        ref_decimal_trim_integer_zeros(&parsed, text, digits);
        check_at(file, line, ref_decimal_equal(&parsed, expected),
                 "%u digits: got \"%.300s\", expected %.300s", digits, text, want);
        ref_decimal_clear(&parsed);
    }
    free(text);
}

void check_figure_at(const char *file, unsigned line, const bloom_quantity *quantity,
                     const char *figure)
{
    ref_decimal expected;
    if (ref_decimal_parse(&expected, figure) != 0)
        abort();   /* a typo in a test table */
    check_decimal_at(file, line, quantity, (unsigned)strlen(expected.digits), &expected);
    ref_decimal_clear(&expected);
}

void check_reference_figure_at(const char *file, unsigned line, mpfr_srcptr reference,
                               const char *figure)
{
    ref_decimal quoted, computed;
    if (ref_decimal_parse(&quoted, figure) != 0)
        abort();   /* a typo in a test table */
    int near_tie = ref_decimal_from_real(&computed, reference, (unsigned)strlen(quoted.digits),
                                         mpfr_get_prec(reference) - 16);
    check_at(file, line, !near_tie && ref_decimal_equal(&computed, &quoted),
             "the quoted figure %s disagrees with the reference %.30Rg", figure, reference);
    ref_decimal_clear(&quoted);
    ref_decimal_clear(&computed);
}

void check_decimal_real_at(const char *file, unsigned line, const bloom_quantity *quantity,
                           unsigned digits, mpfr_srcptr reference, mpfr_prec_t trusted)
{
    ref_decimal expected;
    int near_tie = ref_decimal_from_real(&expected, reference, digits, trusted);
    check_at(file, line, !near_tie, "reference too close to a %u-digit tie to test", digits);
    if (!near_tie)
        check_decimal_at(file, line, quantity, digits, &expected);
    ref_decimal_clear(&expected);
}

void check_decimal_rational_at(const char *file, unsigned line, const bloom_quantity *quantity,
                               unsigned digits, mpq_srcptr reference)
{
    ref_decimal expected;
    int exactness = ref_decimal_from_rational(&expected, reference, digits);
    check_at(file, line, exactness != 2, "reference %Qd is a %u-digit tie", reference, digits);
    if (exactness != 2)
        check_decimal_at(file, line, quantity, digits, &expected);
    ref_decimal_clear(&expected);
}

/* ---------------------------------------------------------------- rounding */

/* 250 bits, not more: the seed's exact rate (a 259-bit dyadic fraction) is
 * then not representable; representable rates have their own test. */
static const mpfr_prec_t rounding_precisions[] = {10, 53, 113, 250};
static const mpfr_rnd_t rounding_modes[] = {MPFR_RNDN, MPFR_RNDD, MPFR_RNDU, MPFR_RNDZ};

/* Compares one call of the rounder with the expected value and ternary sign. */
static void check_one_rounding(const char *file, unsigned line, test_rounder rounder,
                               const void *context, mpfr_srcptr expected, int expected_ternary,
                               mpfr_rnd_t rnd)
{
    mpfr_t actual;
    mpfr_init2(actual, mpfr_get_prec(expected));
    int ternary = rounder(actual, context, rnd);
    int sign = (ternary > 0) - (ternary < 0);
    check_at(file, line, mpfr_equal_p(actual, expected) && sign == expected_ternary,
             "%ld bits, %s: got %.40Rg (ternary %d), expected %.40Rg (ternary %d)",
             (long)mpfr_get_prec(expected), mpfr_print_rnd_mode(rnd), actual, sign, expected,
             expected_ternary);
    mpfr_clear(actual);
}

void check_rounding_at(const char *file, unsigned line, test_rounder rounder, const void *context,
                       mpfr_srcptr reference, mpfr_prec_t trusted)
{
    for (size_t p = 0; p < COUNT_OF(rounding_precisions); p++)
        for (size_t r = 0; r < COUNT_OF(rounding_modes); r++) {
            mpfr_t expected;
            int expected_ternary;
            mpfr_init2(expected, rounding_precisions[p]);
            int undecided = ref_round_real(expected, &expected_ternary, reference,
                                           rounding_modes[r], trusted);
            check_at(file, line, !undecided, "reference too close to a %ld-bit breakpoint",
                     (long)rounding_precisions[p]);
            if (!undecided)
                check_one_rounding(file, line, rounder, context, expected, expected_ternary,
                                   rounding_modes[r]);
            mpfr_clear(expected);
        }
}

void check_rounding_rational_at(const char *file, unsigned line, test_rounder rounder,
                                const void *context, mpq_srcptr reference)
{
    for (size_t p = 0; p < COUNT_OF(rounding_precisions); p++)
        for (size_t r = 0; r < COUNT_OF(rounding_modes); r++) {
            mpfr_t expected;
            mpfr_init2(expected, rounding_precisions[p]);
            int ternary = mpfr_set_q(expected, reference, rounding_modes[r]);
            check_one_rounding(file, line, rounder, context, expected,
                               (ternary > 0) - (ternary < 0), rounding_modes[r]);
            mpfr_clear(expected);
        }
}

int test_round_fpr_exact(mpfr_ptr rop, const void *filter, mpfr_rnd_t rnd)
{
    const test_filter *f = filter;
    return bloom_fpr_exact(rop, f->m, f->n, f->k, rnd);
}

int test_round_fpr_bloom(mpfr_ptr rop, const void *filter, mpfr_rnd_t rnd)
{
    const test_filter *f = filter;
    return bloom_fpr_bloom(rop, f->m, f->n, f->k, rnd);
}

int test_round_fpr_approx(mpfr_ptr rop, const void *filter, mpfr_rnd_t rnd)
{
    const test_filter *f = filter;
    return bloom_fpr_approx(rop, f->m, f->n, f->k, rnd);
}

test_rounder test_form_rounder(test_rate_form form)
{
    return form == FORM_EXACT ? test_round_fpr_exact
           : form == FORM_BLOOM ? test_round_fpr_bloom
                                : test_round_fpr_approx;
}
