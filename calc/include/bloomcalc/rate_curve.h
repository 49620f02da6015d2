/*
 * rate_curve.h - the false-positive rate of one filter as deployed as the
 * keys it holds grow: the filter fixed (its bits, probes and shape, as
 * settled for the n keys it was planned for), the keys varied over a grid
 * around n.  A planned filter is rarely filled to exactly n keys; the curve
 * shows how fast its rate leaves the target when it is filled past it.
 *
 * The grid is geometric, BLOOM_RATE_CURVE_PER_OCTAVE points a doubling:
 * round(n 2^(j/8)), ties to even, for j = -56, -55, ... (from n/128) while below
 * keys_max, then keys_max itself; whole numbers of at least one key, each
 * once, so n, 2n and 4n are points when keys_max is 4n.  Each rate is
 * bloom_fpr_layout_quantity (layouts.h) of the filter holding that many
 * keys, the very rate "bloomcalc plan" prints as fpr_layout, rounded to
 * BLOOM_RATE_CURVE_BITS bits: enough for a plot, and correctly rounded.
 */
#ifndef BLOOMCALC_RATE_CURVE_H
#define BLOOMCALC_RATE_CURVE_H

#include "export.h"

#include "certified.h"
#include "layouts.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BLOOM_RATE_CURVE_PER_OCTAVE 8
#define BLOOM_RATE_CURVE_OCTAVES_BELOW 7      /* the grid starts at n/128 */
#define BLOOM_RATE_CURVE_BITS 24              /* significant bits of each rate */

/* The rate of one filter at each key count of the grid. */
typedef struct bloom_rate_curve {
    size_t count;       /* points */
    mpz_t *keys;        /* keys held, increasing */
    double *rates;      /* fpr_layout at those keys, rounded to BLOOM_RATE_CURVE_BITS bits */
} bloom_rate_curve;

BLOOM_EXPORT void bloom_rate_curve_init(bloom_rate_curve *curve);
BLOOM_EXPORT void bloom_rate_curve_clear(bloom_rate_curve *curve);

/*
 * The curve of the filter `layout` (a Bloom layout, settled for layout->n
 * keys, n >= 1) from n/128 keys up to keys_max (> n): the grid above, each
 * rate of the same filter holding those keys.  Returns BLOOM_OK,
 * BLOOM_UNDEFINED for a Ribbon (it is solved for its n keys and holds no
 * more) or keys_max not above n, or BLOOM_UNRESOLVED when a rate cannot be
 * rounded below the precision limit (certified.h).
 */
BLOOM_EXPORT int bloom_rate_curve_compute(bloom_rate_curve *curve, const bloom_layout_arguments *layout,
                                          mpz_srcptr keys_max);

#ifdef __cplusplus
}
#endif

#endif
