/*
 * rate_curve.c - the rate of one deployed filter as the keys it holds grow
 * (rate_curve.h): a geometric grid of key counts around the n it was
 * planned for, and at each the filter's own rate, fpr_layout (layouts.h),
 * with nothing changed but the keys.  The bits, the probes and the shape
 * stay those settled for n: a filter filled past its plan keeps its size,
 * so its rate is the same function of more keys, not the rate of a filter
 * planned for them.  No formula of its own: every rate is the one "plan"
 * prints, rounded to plotting precision (correctly, by certified.h).
 */
#include <stdlib.h>

#include "rate_curve.h"

void bloom_rate_curve_init(bloom_rate_curve *curve)
{
    curve->count = 0;
    curve->keys = NULL;
    curve->rates = NULL;
}

void bloom_rate_curve_clear(bloom_rate_curve *curve)
{
    for (size_t i = 0; i < curve->count; i++)
        mpz_clear(curve->keys[i]);
    free(curve->keys);
    free(curve->rates);
    bloom_rate_curve_init(curve);
}

/* Room for the grid: its octaves from n/128 up to keys_max, and keys_max itself. */
static size_t grid_capacity(mpz_srcptr n, mpz_srcptr keys_max)
{
    size_t octaves = BLOOM_RATE_CURVE_OCTAVES_BELOW + mpz_sizeinbase(keys_max, 2) - mpz_sizeinbase(n, 2) + 1;
    return octaves * BLOOM_RATE_CURVE_PER_OCTAVE + 2;
}

/* Appends `keys` when it is above the last point (small n rounds several grid points alike). */
static void append_point(bloom_rate_curve *curve, mpz_srcptr keys)
{
    if (curve->count > 0 && mpz_cmp(keys, curve->keys[curve->count - 1]) <= 0)
        return;
    mpz_init_set(curve->keys[curve->count++], keys);
}

/* The keys: round(n 2^(j/8)) (ties to even), at least 1, for j from -56 while below keys_max;
 * then keys_max. */
static void fill_grid(bloom_rate_curve *curve, mpz_srcptr n, mpz_srcptr keys_max)
{
    mpfr_t scale, point;
    mpfr_prec_t precision = (mpfr_prec_t)mpz_sizeinbase(keys_max, 2) + 32;
    mpfr_inits2(precision, scale, point, (mpfr_ptr)0);
    mpz_t keys;
    mpz_init(keys);
    for (long j = -BLOOM_RATE_CURVE_OCTAVES_BELOW * BLOOM_RATE_CURVE_PER_OCTAVE;; j++) {
        mpfr_set_si(scale, j, MPFR_RNDN);
        mpfr_div_ui(scale, scale, BLOOM_RATE_CURVE_PER_OCTAVE, MPFR_RNDN);
        mpfr_exp2(scale, scale, MPFR_RNDN);
        mpfr_mul_z(point, scale, n, MPFR_RNDN);
        mpfr_get_z(keys, point, MPFR_RNDN);
        if (mpz_cmp(keys, keys_max) >= 0)
            break;
        if (mpz_sgn(keys) > 0)
            append_point(curve, keys);
    }
    append_point(curve, keys_max);
    mpz_clear(keys);
    mpfr_clears(scale, point, (mpfr_ptr)0);
}

/* The rate of the filter `layout` holding `keys` keys, rounded to nearest. */
static int rate_at(double *rate, const bloom_layout_arguments *layout, mpz_srcptr keys)
{
    bloom_layout_arguments filled = *layout;
    filled.n = keys;
    bloom_quantity quantity = bloom_fpr_layout_quantity(&filled);
    mpfr_t rounded;
    mpfr_init2(rounded, BLOOM_RATE_CURVE_BITS);
    int status = bloom_quantity_round(rounded, &quantity, MPFR_RNDN, NULL);
    *rate = mpfr_get_d(rounded, MPFR_RNDN);
    mpfr_clear(rounded);
    return status;
}

int bloom_rate_curve_compute(bloom_rate_curve *curve, const bloom_layout_arguments *layout,
                             mpz_srcptr keys_max)
{
    bloom_rate_curve_clear(curve);
    if (layout->kind == BLOOM_LAYOUT_RIBBON || mpz_sgn(layout->n) <= 0 || mpz_cmp(keys_max, layout->n) <= 0)
        return BLOOM_UNDEFINED;
    size_t capacity = grid_capacity(layout->n, keys_max);
    curve->keys = malloc(capacity * sizeof *curve->keys);
    curve->rates = malloc(capacity * sizeof *curve->rates);
    if (curve->keys == NULL || curve->rates == NULL)
        abort();
    fill_grid(curve, layout->n, keys_max);
    int status = BLOOM_OK;
    for (size_t i = 0; i < curve->count && status == BLOOM_OK; i++)
        status = rate_at(&curve->rates[i], layout, curve->keys[i]);
    return status;
}
