/*
 * convergence.c - scaled relative errors and their fitted slope.
 *
 * The relative error of an approximation A against the exact rate E is
 * r = A/E - 1 < 0 (both approximations are optimistic, fpr.h).  For the
 * points (m_i, n_i, k), x_i = ln m_i and y_i = ln|r_i|; the least-squares
 * slope is
 *
 *     s = (N sum x y - sum x sum y) / (N sum x^2 - (sum x)^2),
 *
 * evaluated in interval arithmetic so that its printed digits are
 * certified like every other quantity (the sums cancel; the working
 * precision absorbs it).  The asymptotic constants t1 and t2 are derived
 * in FORMULAS.md §a.4 by the delta method: at l = 0.7, k = 7,
 * t2 = 6.41125... and t1 + t2 = 8.82801...; m r tends to minus those.
 */
#include "convergence.h"

/* result = approximation/exact - 1 at one point. */
static int enclose_relative_error_at(mpfi_ptr result, const bloom_fpr_arguments *point,
                                     bloom_approximation approximation)
{
    bloom_fpr_comparison comparison = { point, approximation == BLOOM_APPROXIMATION_BLOOM };
    return bloom_enclose_fpr_relative_error(result, &comparison);
}

int bloom_enclose_scaled_relative_error(mpfi_ptr result, const void *arguments_pointer)
{
    const bloom_convergence_arguments *arguments = arguments_pointer;
    int status = enclose_relative_error_at(result, &arguments->points[0], arguments->approximation);
    mpfi_mul_z(result, result, arguments->points[0].m);
    return status;
}

int bloom_enclose_relative_error_slope(mpfi_ptr result, const void *arguments_pointer)
{
    const bloom_convergence_arguments *arguments = arguments_pointer;
    if (arguments->count < 2)
        return BLOOM_UNDEFINED;
    mpfr_prec_t precision = mpfi_get_prec(result) + 64;
    mpfi_t x, y, sum_x, sum_y, sum_xy, sum_xx, scratch;
    mpfi_init2(x, precision);
    mpfi_init2(y, precision);
    mpfi_init2(sum_x, precision);
    mpfi_init2(sum_y, precision);
    mpfi_init2(sum_xy, precision);
    mpfi_init2(sum_xx, precision);
    mpfi_init2(scratch, precision);
    mpfi_set_ui(sum_x, 0);
    mpfi_set_ui(sum_y, 0);
    mpfi_set_ui(sum_xy, 0);
    mpfi_set_ui(sum_xx, 0);
    int status = BLOOM_OK;
    for (size_t i = 0; i < arguments->count && status == BLOOM_OK; i++) {
        mpfi_set_z(x, arguments->points[i].m);
        mpfi_log(x, x);
        status = enclose_relative_error_at(y, &arguments->points[i], arguments->approximation);
        mpfi_abs(y, y);
        mpfi_log(y, y);
        mpfi_add(sum_x, sum_x, x);
        mpfi_add(sum_y, sum_y, y);
        mpfi_mul(scratch, x, y);
        mpfi_add(sum_xy, sum_xy, scratch);
        mpfi_sqr(scratch, x);
        mpfi_add(sum_xx, sum_xx, scratch);
    }
    /* numerator = N sum_xy - sum_x sum_y, denominator = N sum_xx - sum_x^2 */
    mpfi_mul_ui(sum_xy, sum_xy, arguments->count);
    mpfi_mul(scratch, sum_x, sum_y);
    mpfi_sub(sum_xy, sum_xy, scratch);
    mpfi_mul_ui(sum_xx, sum_xx, arguments->count);
    mpfi_sqr(scratch, sum_x);
    mpfi_sub(sum_xx, sum_xx, scratch);
    mpfi_div(result, sum_xy, sum_xx);
    mpfi_clear(x);
    mpfi_clear(y);
    mpfi_clear(sum_x);
    mpfi_clear(sum_y);
    mpfi_clear(sum_xy);
    mpfi_clear(sum_xx);
    mpfi_clear(scratch);
    return status;
}
