/*
 * calc_reference.h - independent reference arithmetic for the calc tests.
 *
 * Nothing here calls libbloomcalc or uses MPFI: every value is computed by a
 * method other than the library's (which evaluates the exact rate as an
 * inclusion-exclusion over the distinct bits a query touches, in MPFI
 * intervals).  The methods are those of calc/FORMULAS.md §a.1 and §a.2:
 *
 *   brute force    every outcome of `throws` insert probes and `query` query
 *                  probes into m bits, counted (m^(throws+query) outcomes)
 *   Stirling sum   m^-(T+j) sum_i i^j (m)_i S(T,i)                  (§a.1)
 *   Markov chain   N_{t+1}(i) = i N_t(i) + (m-i+1) N_t(i-1)          (§a.2)
 *   moments        sum_i (-1)^i C(j,i) m^-i sum_r S(i,r) (m)_r (1-r/m)^T,
 *                  the moments of the number of empty bits (§a.2), in MPFR
 *   Bloom, approx  (1-(1-1/m)^T)^k and (1-e^(-T/m))^k written directly
 *
 * Throughout, T = k n is the number of insert probes ("throws") and j the
 * number of query probes (j = k for the false-positive rate itself).
 */
#ifndef BLOOMCALC_TESTS_CALC_REFERENCE_H
#define BLOOMCALC_TESTS_CALC_REFERENCE_H

#include <gmp.h>
#include <mpfr.h>

/* Exact rates as fractions (small m and T only). */
void ref_rate_bruteforce(mpq_ptr rop, unsigned long m, unsigned long throws, unsigned long query);
void ref_rate_stirling(mpq_ptr rop, unsigned long m, unsigned long throws, unsigned long query);
void ref_rate_markov(mpq_ptr rop, unsigned long m, unsigned long throws, unsigned long query);
/* Bloom's formula (1 - ((m-1)/m)^T)^k as an exact fraction. */
void ref_rate_bloom_rational(mpq_ptr rop, unsigned long m, unsigned long throws, unsigned long k);

/*
 * The exact rate by the moments form, at the precision of rop.  It is
 * evaluated at two working precisions well above prec(rop); returns 0 when
 * they agree to prec(rop) + 8 bits (the value is then trusted to within
 * 2^-prec(rop) relative), nonzero otherwise.
 */
int ref_rate_moments(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr throws, unsigned long query);
/* The same with `lost` more working bits at both precisions, for rates far
 * below 2^-prec(rop) whose sum cancels about log2(1/p) more bits. */
int ref_rate_moments_losing(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr throws, unsigned long query,
                            mpfr_prec_t lost);
/* Bloom's formula and the exponential approximation, at the precision of rop
 * (relative error below 2^(40 - prec(rop)) for T < 2^40). */
void ref_rate_bloom(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr throws, unsigned long k);
void ref_rate_approx(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr throws, unsigned long k);

/* Sizing quantities at the precision of rop (FORMULAS.md §b). */
void ref_bits_per_key(mpfr_ptr rop, mpq_srcptr p);              /* -ln p / (ln 2)^2 */
void ref_bits_per_key_1_44(mpfr_ptr rop, mpq_srcptr p);         /* 1.44 log2(1/p) */
void ref_bits_per_key_for_hashes(mpfr_ptr rop, mpq_srcptr p, unsigned long k); /* -k/ln(1-p^(1/k)) */

/* x = T/m-style helpers: rop = n * k as an mpz. */
void ref_throws(mpz_ptr rop, mpz_srcptr n, unsigned long k);

/* A decimal number: value = (negative ? -1 : 1) * 0.digits * 10^exponent. */
typedef struct ref_decimal {
    int negative;
    char *digits;   /* malloc'd, no leading zero; "0" only for zero */
    long exponent;
} ref_decimal;
void ref_decimal_clear(ref_decimal *d);

/*
 * d = q rounded to nearest, ties to even, to `digits` significant digits
 * (exactly, by integer arithmetic).  Returns 1 if the rounding was exact
 * (q has at most `digits` significant digits), 2 if it was an exact tie,
 * 0 otherwise.
 */
int ref_decimal_from_rational(ref_decimal *d, mpq_srcptr q, unsigned digits);

/*
 * d = x rounded to nearest to `digits` significant digits, where x is
 * trusted only to within 2^-trusted_bits relative.  Returns 0 if every real
 * in that range rounds to the same digits (d is then the correctly rounded
 * value), nonzero if the reference is too close to a tie to decide.
 */
int ref_decimal_from_real(ref_decimal *d, mpfr_srcptr x, unsigned digits, mpfr_prec_t trusted_bits);

/*
 * Reads a number printed by the library ("0.0234", "-6.85e-10", "9585058378",
 * "1.000") into its significant digits (trailing zeros kept) and exponent.
 * Returns 0 on success, nonzero if `text` is not such a number.
 */
int ref_decimal_parse(ref_decimal *d, const char *text);

/*
 * A whole number printed without a point or exponent ("2200000") does not
 * show which of its trailing zeros are significant: drops the zeros of
 * `parsed` (read from `text`) beyond the first `digits`, in that form only.
 */
void ref_decimal_trim_integer_zeros(ref_decimal *parsed, const char *text, unsigned digits);

/* Nonzero when the two decimals are the same digits and exponent. */
int ref_decimal_equal(const ref_decimal *a, const ref_decimal *b);

/*
 * rop = x rounded to precision prec(rop) in direction rnd, where x is trusted
 * to within 2^-trusted_bits relative.  Returns 0 if every real in that range
 * rounds to the same value, nonzero otherwise.  *ternary receives the sign
 * of rop - x (0 only when x is exactly representable).
 */
int ref_round_real(mpfr_ptr rop, int *ternary, mpfr_srcptr x, mpfr_rnd_t rnd, mpfr_prec_t trusted_bits);

#endif
