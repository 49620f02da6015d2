/*
 * numbers.h - reading the numbers people type and writing exact numbers.
 *
 * Input: every number is read as an exact rational, never through a double,
 * so "0.1" is 1/10 and "1e9" is 10^9.  Accepted forms:
 *   counts   1000, 1_000_000, 1,000,000, 1e9, 2.5E6, 2^33      (whole numbers)
 *   rates    0.01, 1%, 0.1 %, 1e-2, 1/100, 1 in 1000, 1:1000    (0 < p < 1)
 *            ("1:1000" is a ratio, one in a thousand, not odds)
 * Output: integers in full; rationals and certified reals rounded to nearest
 * with a given number of significant digits, in fixed notation when the
 * decimal exponent is modest and in scientific notation (1.23e-300) otherwise.
 */
#ifndef BLOOMCALC_NUMBERS_H
#define BLOOMCALC_NUMBERS_H

#include "export.h"

#include <gmp.h>

#include "bloom_limits.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Why a text was refused (bloom_parse_* results). */
enum bloom_parse_result {
    BLOOM_PARSE_OK = 0,
    BLOOM_PARSE_SYNTAX,        /* not a number in an accepted form */
    BLOOM_PARSE_NOT_WHOLE,     /* a fraction where a whole number is needed */
    BLOOM_PARSE_OUT_OF_RANGE,  /* a number, but outside the accepted range */
    BLOOM_PARSE_AMBIGUOUS      /* a size whose unit has two readings (sizes.h) */
};

/* Largest decimal exponent accepted in a number (1e400, 1e-400): larger
 * ones are refused before any big number is built.  A power base^e is
 * refused when floor(log2 base) e exceeds BLOOM_PARSE_MAX_POWER_BITS
 * (2^1300 is accepted, 2^1331 is not).  Both are in bloom_limits.h. */

/* rop = the exact value of `text` (any accepted form, signs allowed). */
BLOOM_EXPORT int bloom_parse_rational(mpq_ptr rop, const char *text);

/* rop = the whole number in `text`, which must lie in [minimum, maximum]
 * (maximum NULL: no upper bound). */
BLOOM_EXPORT int bloom_parse_count(mpz_ptr rop, const char *text, mpz_srcptr minimum, mpz_srcptr maximum);

/* rop = the rate in `text`, which must lie in (0, 1) and be at least
 * `minimum` (NULL: no lower bound beyond 0). */
BLOOM_EXPORT int bloom_parse_rate(mpq_ptr rop, const char *text, mpq_srcptr minimum);

/* *rop = the whole number in `text`, in [minimum, maximum]. */
BLOOM_EXPORT int bloom_parse_unsigned(unsigned long *rop, const char *text,
                         unsigned long minimum, unsigned long maximum);

/*
 * The text of a decimal number whose significant digits are `digits` (no
 * leading zero, at least one digit) and whose value is 0.digits x 10^exponent.
 * Trailing zeros are kept (they are significant).  Returns malloc'd text.
 */
BLOOM_EXPORT char *bloom_format_decimal(int negative, const char *digits, long exponent);

/* The text of an integer in full; with `grouped`, digits in groups of three
 * separated by spaces (for people).  Returns malloc'd text. */
BLOOM_EXPORT char *bloom_format_integer(mpz_srcptr value, int grouped);

/*
 * The text of a rational: exact and without trailing zeros when its decimal
 * expansion terminates within `significant_digits` digits, otherwise
 * correctly rounded to nearest (ties to even) to that many.  Returns
 * malloc'd text.
 */
BLOOM_EXPORT char *bloom_format_rational(mpq_srcptr value, unsigned significant_digits);

/*
 * The text of a rational with exactly `significant_digits` significant
 * digits, correctly rounded to nearest (ties to even), trailing zeros kept
 * ("0.12500" for 1/8 at 5 digits): how certified real quantities are
 * written, whether or not their value happens to be rational.
 */
BLOOM_EXPORT char *bloom_format_rational_digits(mpq_srcptr value, unsigned significant_digits);

#ifdef __cplusplus
}
#endif

#endif
