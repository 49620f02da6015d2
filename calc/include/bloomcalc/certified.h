/*
 * certified.h - real quantities known through shrinking interval enclosures,
 * and the loop that turns an enclosure into correctly rounded digits.
 *
 * Every real number bloomcalc prints is described by an "enclose" function:
 * given an MPFI interval of some precision, it stores an interval guaranteed
 * to contain the exact value, and the interval shrinks as the precision grows.
 * From such a function this module obtains, by Ziv's strategy (raise the
 * working precision until both ends of the interval round to the same
 * result), a correctly rounded MPFR value, correctly rounded decimal digits,
 * a certified ceiling, or a certified comparison.  Because rounding to
 * nearest is monotone, if both ends of an enclosure round to the same
 * D-digit decimal, so does the exact value: every printed digit is right.
 *
 * References: A. Ziv, "Fast evaluation of elementary mathematical functions
 * with correctly rounded last bit", ACM TOMS 17(3), 1991; N. Revol and
 * F. Rouillier, "Motivations for an arbitrary precision interval arithmetic
 * and the MPFI library", Reliable Computing 11(4), 2005.
 */
#ifndef BLOOMCALC_CERTIFIED_H
#define BLOOMCALC_CERTIFIED_H

#include <stddef.h>

#include "export.h"

#include <gmp.h>
#include <mpfr.h>
#include <mpfi.h>

#include "bloom_limits.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes shared by the whole library. */
enum bloom_status {
    BLOOM_OK = 0,
    BLOOM_UNDEFINED = 1,  /* the quantity is not defined for these arguments */
    BLOOM_UNRESOLVED = 2  /* the precision limit was reached before the answer was certain */
};

/*
 * An enclose function stores in `result` an interval containing the exact
 * value of the quantity described by `arguments`, computed at the precision
 * of `result` (it may use more internally).  Returns BLOOM_OK or
 * BLOOM_UNDEFINED.
 */
typedef int (*bloom_enclose_function)(mpfi_ptr result, const void *arguments);

/*
 * An exact function stores the quantity's exact value as a rational and
 * returns BLOOM_OK when it can (small arguments), or BLOOM_UNDEFINED when
 * it cannot.  Values that are exactly representable, or exactly halfway
 * between two decimals, cannot be certified by refinement; an exact
 * rational settles them (and is faster).
 */
typedef int (*bloom_exact_function)(mpq_ptr result, const void *arguments);

/* A quantity: the enclose function, the arguments it is applied to, and
 * optionally (NULL otherwise) an exact function for the same arguments. */
typedef struct bloom_quantity {
    bloom_enclose_function enclose;
    const void *arguments;
    bloom_exact_function exact;
} bloom_quantity;

/*
 * The limit in force, and a way to lower it (clamped to [64,
 * BLOOM_PRECISION_LIMIT]; returns the previous one): a caller that must
 * bound the work of any request, such as the fuzz harnesses of tests/fuzz,
 * gets BLOOM_UNRESOLVED sooner instead of a long computation.  The limit is
 * the calling thread's own (thread-local): setting it in one thread changes
 * no other thread's.
 */
BLOOM_EXPORT mpfr_prec_t bloom_precision_limit(void);
BLOOM_EXPORT mpfr_prec_t bloom_set_precision_limit(mpfr_prec_t bits);

/*
 * Rounds the quantity to the precision of `rop` in direction `rnd`.
 * Returns BLOOM_OK (rop holds the correctly rounded value), BLOOM_UNDEFINED
 * or BLOOM_UNRESOLVED (rop is NaN).  If `ternary` is not NULL it receives
 * the sign of rop minus the exact value, as MPFR functions return it.
 */
BLOOM_EXPORT int bloom_quantity_round(mpfr_ptr rop, const bloom_quantity *quantity,
                         mpfr_rnd_t rnd, int *ternary);

/*
 * Stores in *text (allocated with malloc, freed by the caller) the quantity
 * correctly rounded to nearest with exactly `significant_digits` significant
 * decimal digits (trailing zeros kept), in the number syntax described by
 * bloom_format_decimal (numbers.h).
 * Returns BLOOM_OK, BLOOM_UNDEFINED or BLOOM_UNRESOLVED (*text is NULL).
 */
BLOOM_EXPORT int bloom_quantity_decimal(char **text, const bloom_quantity *quantity,
                           unsigned significant_digits);

/*
 * The working precision bloom_quantity_decimal first evaluates a quantity
 * at for `significant_digits` digits (3.33 bits a digit, rounded up from
 * log2 10, and its guard bits); it refines from there when the digits are
 * not yet decided.  For cost estimates that weigh a printing in advance.
 */
BLOOM_EXPORT mpfr_prec_t bloom_decimal_precision(unsigned long significant_digits);

/*
 * Stores in rop the ceiling of the quantity (the floor if `floor` is
 * nonzero).  Returns BLOOM_OK, BLOOM_UNDEFINED or BLOOM_UNRESOLVED (the
 * value is an integer or too close to one to decide below the limit).
 */
BLOOM_EXPORT int bloom_quantity_ceil(mpz_ptr rop, const bloom_quantity *quantity, int floor);

/*
 * Stores in *sign the sign of (left - right): -1, 0 or +1.  Returns
 * BLOOM_OK, BLOOM_UNDEFINED, or BLOOM_UNRESOLVED when the two quantities
 * cannot be separated below the precision limit.  Equality (sign 0) can
 * only be established when both have exact values.  Enclosures are tried
 * first (up to 1024 bits), the exact values only when those overlap.
 */
BLOOM_EXPORT int bloom_quantity_compare(int *sign, const bloom_quantity *left,
                           const bloom_quantity *right);

/* Like bloom_quantity_compare, against an exact rational. */
BLOOM_EXPORT int bloom_quantity_compare_rational(int *sign, const bloom_quantity *left,
                                    mpq_srcptr right);

/*
 * Stores in rop an approximation of the quantity at rop's precision (the
 * midpoint of an enclosure), without any guarantee on its last bits: for
 * choosing where a certified search starts, never for printing.
 */
BLOOM_EXPORT int bloom_quantity_approximate(mpfr_ptr rop, const bloom_quantity *quantity);

/* Enclose function for an exact rational: arguments is an mpq_srcptr. */
BLOOM_EXPORT int bloom_enclose_rational(mpfi_ptr result, const void *arguments);

/*
 * Arithmetic on quantities: the enclosure of left/right - 1 (the relative
 * error of left against right), of left/right and of left - right.  `arguments` points to
 * a bloom_quantity_pair.
 */
typedef struct bloom_quantity_pair {
    bloom_quantity left;
    bloom_quantity right;
} bloom_quantity_pair;
BLOOM_EXPORT int bloom_enclose_relative_error(mpfi_ptr result, const void *arguments);
BLOOM_EXPORT int bloom_enclose_difference(mpfi_ptr result, const void *arguments);
/* left/right (how many times the right one the left one is). */
BLOOM_EXPORT int bloom_enclose_ratio(mpfi_ptr result, const void *arguments);
BLOOM_EXPORT int bloom_exact_ratio(mpq_ptr result, const void *arguments);
/* Their exact versions: available when both members of the pair have one
 * (and, for the relative error, the right one is not zero). */
BLOOM_EXPORT int bloom_exact_relative_error(mpq_ptr result, const void *arguments);
BLOOM_EXPORT int bloom_exact_difference(mpq_ptr result, const void *arguments);

/*
 * A quantity times an exact rational factor (2p, 10 x a rate): `arguments`
 * points to a bloom_quantity_scaled.  The exact version is available when
 * the quantity has one.
 */
typedef struct bloom_quantity_scaled {
    bloom_quantity quantity;
    mpq_srcptr factor;
} bloom_quantity_scaled;
BLOOM_EXPORT int bloom_enclose_scaled(mpfi_ptr result, const void *arguments);
BLOOM_EXPORT int bloom_exact_scaled(mpq_ptr result, const void *arguments);

/*
 * A quantity that keeps its most precise enclosure so far and answers any
 * request at no more precision from it (outward rounding keeps it an
 * enclosure): a search comparing many rates against one bound evaluates
 * that bound once a precision, not once a comparison.  The memo must
 * outlive the quantity bloom_quantity_memo_of returns; its exact function
 * is the wrapped quantity's (none when it has none).
 */
typedef struct bloom_quantity_memo {
    bloom_quantity quantity;
    mpfi_t enclosure;
    int filled;
} bloom_quantity_memo;
BLOOM_EXPORT void bloom_quantity_memo_init(bloom_quantity_memo *memo, const bloom_quantity *quantity);
BLOOM_EXPORT void bloom_quantity_memo_clear(bloom_quantity_memo *memo);
BLOOM_EXPORT bloom_quantity bloom_quantity_memo_of(bloom_quantity_memo *memo);

/* Exact function for an exact rational: arguments is an mpq_srcptr. */
BLOOM_EXPORT int bloom_exact_rational(mpq_ptr result, const void *arguments);

/* Small interval helpers used by the formula modules. */

/* result = value intersected with [0, 1]: a probability's enclosure, only tightened. */
BLOOM_EXPORT void bloom_interval_probability(mpfi_ptr result, mpfi_srcptr value);

/* result = base^exponent for an interval base >= 0, by repeated squaring. */
BLOOM_EXPORT void bloom_interval_pow_ui(mpfi_ptr result, mpfi_srcptr base, unsigned long exponent);

/* result = (1 - numerator/denominator)^exponent, for 0 <= numerator <= denominator,
 * evaluated as exp(exponent * log1p(-numerator/denominator)) so that no
 * rounding of 1 - numerator/denominator is raised to a large power; up to
 * exponent 65536, by squaring an enclosure of 1 - numerator/denominator
 * held at log2(exponent) + 8 bits more than result's precision. */
BLOOM_EXPORT void bloom_interval_one_minus_ratio_pow(mpfi_ptr result, mpz_srcptr numerator,
                                        mpz_srcptr denominator, mpz_srcptr exponent);

/* results[l] = (1 - l/denominator)^exponent for l = 0..count, all at results[0]'s precision:
 * bloom_interval_one_minus_ratio_pow's values, the steps sharing the coefficients of their
 * logarithms' series when count/denominator <= 2^-8 and the exponent is above 65536. */
BLOOM_EXPORT void bloom_interval_one_minus_steps_pow(mpfi_t *results, unsigned long count,
                                                     mpz_srcptr denominator, mpz_srcptr exponent);

/* results[i] = (1 - steps[i]/denominator)^exponent for i < count, steps ascending, all at
 * results[0]'s precision: bloom_interval_one_minus_steps_pow for a list of steps, the series'
 * coefficients shared when the largest step over the denominator is at most 2^-8. */
BLOOM_EXPORT void bloom_interval_one_minus_listed_pow(mpfi_t *results, const unsigned long *steps,
                                                      size_t count, mpz_srcptr denominator,
                                                      mpz_srcptr exponent);

/* result = e^x for an interval x: one exponential, of x's lower end rounded down, and its
 * successor times 1 + w + w^2 >= e^w (w >= the width, at most 1/2) above; two when wider. */
BLOOM_EXPORT void bloom_interval_exp(mpfi_ptr result, mpfi_srcptr x);

#ifdef __cplusplus
}
#endif

#endif
