/*
 * calc_checks.h - CUnit assertions shared by the calc suites: a CHECK with a
 * formatted message, and comparisons of the library's certified output
 * (decimal digits, correctly rounded MPFR values) against reference values
 * computed independently in calc_reference.c or quoted from calc/FORMULAS.md §a
 * to §h (each quotation names its section).
 */
#ifndef BLOOMCALC_TESTS_CALC_CHECKS_H
#define BLOOMCALC_TESTS_CALC_CHECKS_H

#include <gmp.h>
#include <mpfr.h>

#include "certified.h"
#include "fpr.h"
#include "calc_reference.h"

/* A failed CHECK records the message (printf format, GMP conversions allowed). */
#define CHECK(condition, ...) check_at(__FILE__, __LINE__, (condition) != 0, __VA_ARGS__)
void check_at(const char *file, unsigned line, int ok, const char *format, ...);

/* A filter (m bits, n keys, k probes, query probes) for the fpr.h functions. */
typedef struct test_filter {
    mpz_t m, n, throws;          /* throws = k n */
    unsigned long k, query;      /* query = probes per query, k when 0 was asked */
    bloom_fpr_arguments arguments;
} test_filter;
/* m and n are decimal text, so values beyond unsigned long can be written. */
void test_filter_init(test_filter *filter, const char *m, const char *n, unsigned long k,
                      unsigned long query_probes);
void test_filter_clear(test_filter *filter);
/* rop = the exact rate E[(X/m)^query] by the moments form (calc_reference.c);
 * records a failure if the reference cannot be trusted to prec(rop) bits. */
void test_filter_reference(mpfr_ptr rop, const test_filter *filter);

/* The three forms of the rate. */
typedef enum test_rate_form { FORM_EXACT, FORM_BLOOM, FORM_APPROX } test_rate_form;
/* The library's enclose function of a form, and its quantity for a filter
 * (bloom_fpr_*_quantity: enclose and exact functions wired together). */
bloom_enclose_function test_form_enclose(test_rate_form form);
bloom_quantity test_form_quantity(test_rate_form form, const test_filter *filter);
/* rop = the reference value of a form (exact: moments form; query probes
 * apply to the exact form only). */
void test_form_reference(mpfr_ptr rop, test_rate_form form, const test_filter *filter);

/* A reference value, rounded to as many digits as a quoted figure shows,
 * equals that figure (so the figure itself is checked independently). */
#define CHECK_REFERENCE_FIGURE(reference, figure) \
    check_reference_figure_at(__FILE__, __LINE__, (reference), (figure))
void check_reference_figure_at(const char *file, unsigned line, mpfr_srcptr reference,
                               const char *figure);

/* The quantity's D-digit decimal equals `expected`. */
#define CHECK_DECIMAL(quantity, digits, expected) \
    check_decimal_at(__FILE__, __LINE__, (quantity), (digits), (expected))
void check_decimal_at(const char *file, unsigned line, const bloom_quantity *quantity,
                      unsigned digits, const ref_decimal *expected);

/* The quantity's decimal equals a quoted figure, at as many significant
 * digits as the figure shows ("0.0234160874769", "-6.41125", "1.0039218e-2"). */
#define CHECK_FIGURE(quantity, figure) \
    check_figure_at(__FILE__, __LINE__, (quantity), (figure))
void check_figure_at(const char *file, unsigned line, const bloom_quantity *quantity,
                     const char *figure);

/* The quantity's D-digit decimal equals the reference rounded to D digits;
 * the reference must be trusted to `trusted` bits and not lie near a tie. */
#define CHECK_DECIMAL_REAL(quantity, digits, reference, trusted) \
    check_decimal_real_at(__FILE__, __LINE__, (quantity), (digits), (reference), (trusted))
void check_decimal_real_at(const char *file, unsigned line, const bloom_quantity *quantity,
                           unsigned digits, mpfr_srcptr reference, mpfr_prec_t trusted);

/* The same against an exact rational (rounded exactly; a tie is refused). */
#define CHECK_DECIMAL_RATIONAL(quantity, digits, reference) \
    check_decimal_rational_at(__FILE__, __LINE__, (quantity), (digits), (reference))
void check_decimal_rational_at(const char *file, unsigned line, const bloom_quantity *quantity,
                               unsigned digits, mpq_srcptr reference);

/*
 * An MPFR-style entry point under test: rop = f(context) rounded in
 * direction rnd, returning the ternary value.  CHECK_ROUNDING calls it at
 * several precisions in the four rounding modes and compares the result and
 * the sign of the ternary value with the reference rounded by mpfr_set.
 */
typedef int (*test_rounder)(mpfr_ptr rop, const void *context, mpfr_rnd_t rnd);
#define CHECK_ROUNDING(rounder, context, reference, trusted) \
    check_rounding_at(__FILE__, __LINE__, (rounder), (context), (reference), (trusted))
void check_rounding_at(const char *file, unsigned line, test_rounder rounder, const void *context,
                       mpfr_srcptr reference, mpfr_prec_t trusted);

/* The same for a value known as an exact rational (the ternary value must
 * be 0 exactly when the rational is representable). */
#define CHECK_ROUNDING_RATIONAL(rounder, context, reference) \
    check_rounding_rational_at(__FILE__, __LINE__, (rounder), (context), (reference))
void check_rounding_rational_at(const char *file, unsigned line, test_rounder rounder,
                                const void *context, mpq_srcptr reference);

/* Rounders for the three fpr.h entry points; context is a const test_filter *. */
int test_round_fpr_exact(mpfr_ptr rop, const void *filter, mpfr_rnd_t rnd);
int test_round_fpr_bloom(mpfr_ptr rop, const void *filter, mpfr_rnd_t rnd);
int test_round_fpr_approx(mpfr_ptr rop, const void *filter, mpfr_rnd_t rnd);

/* The rounder of a form. */
test_rounder test_form_rounder(test_rate_form form);

/* Number of elements of an array. */
#define COUNT_OF(array) (sizeof(array) / sizeof((array)[0]))

#endif
