/*
 * fill.c - the fill of s bits after t uniform single-bit probes and the log
 * of a bit's chance to stay empty (fill.h): t log1p(-1/s) and
 * -expm1(t log1p(-1/s)) in MPFI, no rounding of 1 - 1/s raised to a power
 * (FORMULAS.md §a.1, §a.2).
 */
#include "fill.h"

void bloom_enclose_log_empty(mpfi_ptr result, mpz_srcptr bits, mpz_srcptr probes)
{
    mpfi_set_z(result, bits);
    mpfi_ui_div(result, 1, result);
    mpfi_neg(result, result);
    mpfi_log1p(result, result);
    mpfi_mul_z(result, result, probes);
}

void bloom_enclose_fill(mpfi_ptr result, mpz_srcptr bits, mpz_srcptr probes)
{
    if (mpz_cmp_ui(bits, 1) == 0) {
        mpfi_set_ui(result, mpz_sgn(probes) > 0 ? 1 : 0);
        return;
    }
    bloom_enclose_log_empty(result, bits, probes);
    mpfi_expm1(result, result);
    mpfi_neg(result, result);
}
