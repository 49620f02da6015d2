/*
 * fill.h - internal (not installed): the fill of s bits after t uniform
 * single-bit probes, shared by the rates of fpr.c (Bloom's formula), the
 * partitioned slices of layout_rates.c and the best-k search of sizing.c.
 *
 * A given bit stays empty after t probes with probability (1 - 1/s)^t, so
 *
 *     log_empty = t log1p(-1/s)    (s >= 2),
 *     fill      = 1 - (1 - 1/s)^t = -expm1(t log1p(-1/s)),
 *
 * both evaluated through log1p and expm1 so that no rounding of 1 - 1/s is
 * raised to the power t (FORMULAS.md §a.2: rounding 1 - 1/m to a double and
 * raising it to T = 7e9 moves Bloom's formula by 2.5e-6 relative).
 */
#ifndef BLOOMCALC_FILL_H
#define BLOOMCALC_FILL_H

#include <gmp.h>
#include <mpfi.h>

/* result = t log1p(-1/s), an enclosure at result's precision; s >= 2. */
void bloom_enclose_log_empty(mpfi_ptr result, mpz_srcptr bits, mpz_srcptr probes);

/* result = 1 - (1 - 1/s)^t for s >= 1 (s = 1: 1 when t > 0, else 0). */
void bloom_enclose_fill(mpfi_ptr result, mpz_srcptr bits, mpz_srcptr probes);

#endif
