/*
 * convergence.h - how fast the approximations approach the exact rate as
 * the filter grows at fixed bits per key c and hash count k.
 *
 * At fixed l = kn/m the relative errors shrink like 1/m (FORMULAS.md §a.4):
 *   exact/bloom - 1  = t2/m + O(m^-2),  exact/approx - 1 = (t1 + t2)/m + O(m^-2)
 * so m times each relative error tends to a constant and the slope of
 * ln|relative error| against ln m tends to -1.  This module supplies the
 * points (n = round(m/c)) and certified enclosures of the scaled errors and
 * of the least-squares slope.
 */
#ifndef BLOOMCALC_CONVERGENCE_H
#define BLOOMCALC_CONVERGENCE_H

#include "export.h"

#include "certified.h"
#include "fpr.h"
#include "sizing.h"   /* bloom_keys_for_bits_per_key */

#ifdef __cplusplus
extern "C" {
#endif

/* Which approximation an error refers to. */
typedef enum bloom_approximation { BLOOM_APPROXIMATION_EXPONENTIAL, BLOOM_APPROXIMATION_BLOOM } bloom_approximation;

/* A set of filters (points) and one approximation. */
typedef struct bloom_convergence_arguments {
    const bloom_fpr_arguments *points;
    size_t count;
    bloom_approximation approximation;
} bloom_convergence_arguments;

/* m (approximation/exact - 1) for the first point: tends to -(t1+t2) or -t2. */
BLOOM_EXPORT int bloom_enclose_scaled_relative_error(mpfi_ptr result, const void *arguments);

/*
 * The least-squares slope of ln|approximation/exact - 1| against ln m over
 * the points (count >= 2, distinct m): -1 when the error shrinks like 1/m.
 */
BLOOM_EXPORT int bloom_enclose_relative_error_slope(mpfi_ptr result, const void *arguments);

#ifdef __cplusplus
}
#endif

#endif
