/*
 * calc_reference.c - independent reference arithmetic for the calc tests
 * (see calc_reference.h).  Plain GMP and MPFR only: no MPFI, no calc code.
 * The derivations are those of calc/FORMULAS.md §a.1, §a.2 and §b.
 */
#include <assert.h>
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "calc_reference.h"

/* ---------------------------------------------------------------- exact rates */

/* Advances a base-`base` odometer of `length` digits; returns 0 when it wraps to all zeros. */
static int odometer_next(unsigned long *digit, unsigned long length, unsigned long base)
{
    for (unsigned long i = 0; i < length; i++) {
        if (++digit[i] < base)
            return 1;
        digit[i] = 0;
    }
    return 0;
}

/* rop = numerator / m^(throws + query), reduced. */
static void divide_by_power(mpq_ptr rop, mpz_srcptr numerator, unsigned long m,
                            unsigned long throws, unsigned long query)
{
    mpz_set(mpq_numref(rop), numerator);
    mpz_ui_pow_ui(mpq_denref(rop), m, throws + query);
    mpq_canonicalize(rop);
}

void ref_rate_bruteforce(mpq_ptr rop, unsigned long m, unsigned long throws, unsigned long query)
{
    assert(m >= 1 && m <= 64 && throws <= 64 && query <= 64);
    unsigned long insert_probe[64] = {0}, query_probe[64] = {0};
    uint64_t positives = 0;
    do {
        uint64_t set = 0;
        for (unsigned long t = 0; t < throws; t++)
            set |= UINT64_C(1) << insert_probe[t];
        do {
            int all_set = 1;
            for (unsigned long q = 0; q < query && all_set; q++)
                all_set = (set >> query_probe[q]) & 1;
            positives += (uint64_t)all_set;
        } while (odometer_next(query_probe, query, m));
    } while (odometer_next(insert_probe, throws, m));

    mpz_t count;
    mpz_init(count);
    mpz_import(count, 1, -1, sizeof positives, 0, 0, &positives);
    divide_by_power(rop, count, m, throws, query);
    mpz_clear(count);
}

/* Allocates and initialises `count` mpz_t set to zero. */
static mpz_t *mpz_vector(size_t count)
{
    mpz_t *vector = malloc(count * sizeof *vector);
    assert(vector != NULL);
    for (size_t i = 0; i < count; i++)
        mpz_init(vector[i]);
    return vector;
}

static void mpz_vector_free(mpz_t *vector, size_t count)
{
    for (size_t i = 0; i < count; i++)
        mpz_clear(vector[i]);
    free(vector);
}

/* numerator = sum_i weight[i] * i^query over i = 0..top. */
static void moment_numerator(mpz_ptr numerator, mpz_t *weight, unsigned long top, unsigned long query)
{
    mpz_t power;
    mpz_init(power);
    mpz_set_ui(numerator, 0);
    for (unsigned long i = 0; i <= top; i++) {
        mpz_ui_pow_ui(power, i, query);
        mpz_addmul(numerator, weight[i], power);
    }
    mpz_clear(power);
}

void ref_rate_stirling(mpq_ptr rop, unsigned long m, unsigned long throws, unsigned long query)
{
    /* row[b] = S(a, b) for the current a, b = 0..top; finally weight i by (m)_i. */
    unsigned long top = m < throws ? m : throws;
    mpz_t *row = mpz_vector(top + 1);
    mpz_set_ui(row[0], 1);                      /* S(0,0) = 1 */
    for (unsigned long a = 1; a <= throws; a++) {
        unsigned long b_max = a < top ? a : top;
        for (unsigned long b = b_max; b >= 1; b--) {
            mpz_mul_ui(row[b], row[b], b);
            mpz_add(row[b], row[b], row[b - 1]);
        }
        mpz_set_ui(row[0], 0);
    }
    mpz_t falling, numerator;
    mpz_inits(falling, numerator, NULL);
    mpz_set_ui(falling, 1);
    for (unsigned long i = 0; i <= top; i++) {
        mpz_mul(row[i], row[i], falling);       /* (m)_i S(T, i) */
        mpz_mul_ui(falling, falling, m - i);
    }
    moment_numerator(numerator, row, top, query);
    divide_by_power(rop, numerator, m, throws, query);
    mpz_clears(falling, numerator, NULL);
    mpz_vector_free(row, top + 1);
}

void ref_rate_markov(mpq_ptr rop, unsigned long m, unsigned long throws, unsigned long query)
{
    /* occupied[i] = number of throw sequences so far that occupy exactly i bits. */
    mpz_t *occupied = mpz_vector(m + 1);
    mpz_set_ui(occupied[0], 1);
    for (unsigned long t = 0; t < throws; t++)
        for (unsigned long i = m; i >= 1; i--) {
            mpz_mul_ui(occupied[i], occupied[i], i);
            mpz_addmul_ui(occupied[i], occupied[i - 1], m - i + 1);
            if (i == 1)
                mpz_set_ui(occupied[0], 0);
        }
    mpz_t numerator;
    mpz_init(numerator);
    moment_numerator(numerator, occupied, m, query);
    divide_by_power(rop, numerator, m, throws, query);
    mpz_clear(numerator);
    mpz_vector_free(occupied, m + 1);
}

void ref_rate_bloom_rational(mpq_ptr rop, unsigned long m, unsigned long throws, unsigned long k)
{
    mpz_t empty;
    mpz_init(empty);
    mpz_ui_pow_ui(mpq_numref(rop), m, throws);
    mpz_ui_pow_ui(empty, m - 1, throws);
    mpz_sub(mpq_numref(rop), mpq_numref(rop), empty);
    mpz_pow_ui(mpq_numref(rop), mpq_numref(rop), k);
    mpz_ui_pow_ui(mpq_denref(rop), m, throws * k);
    mpq_canonicalize(rop);
    mpz_clear(empty);
}

/* ---------------------------------------------------------------- MPFR rates */

void ref_throws(mpz_ptr rop, mpz_srcptr n, unsigned long k)
{
    mpz_mul_ui(rop, n, k);
}

/* The moments form at working precision `precision` (FORMULAS.md §a.2). */
static void moments_at(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr throws, unsigned long query,
                       mpfr_prec_t precision)
{
    unsigned long size = query + 1;
    /* stirling[i * size + r] = S(i, r) for 0 <= r <= i <= query. */
    mpz_t *stirling = mpz_vector(size * size);
    mpz_set_ui(stirling[0], 1);
    for (unsigned long i = 1; i <= query; i++)
        for (unsigned long r = 1; r <= i; r++) {
            mpz_mul_ui(stirling[i * size + r], stirling[(i - 1) * size + r], r);
            mpz_add(stirling[i * size + r], stirling[i * size + r], stirling[(i - 1) * size + r - 1]);
        }

    /* empty_moment[r] = E[(Y)_r] = (m)_r (1 - r/m)^T, Y the number of empty bits. */
    mpfr_t *empty_moment = malloc(size * sizeof *empty_moment);
    assert(empty_moment != NULL);
    mpz_t falling, remaining;
    mpz_inits(falling, remaining, NULL);
    mpz_set_ui(falling, 1);
    for (unsigned long r = 0; r <= query; r++) {
        mpfr_init2(empty_moment[r], precision);
        mpz_sub_ui(remaining, m, r);
        if (mpz_sgn(remaining) < 0)
            mpz_set_ui(remaining, 0);
        mpfr_set_z(empty_moment[r], remaining, MPFR_RNDN);
        mpfr_div_z(empty_moment[r], empty_moment[r], m, MPFR_RNDN);
        mpfr_pow_z(empty_moment[r], empty_moment[r], throws, MPFR_RNDN);
        mpfr_mul_z(empty_moment[r], empty_moment[r], falling, MPFR_RNDN);
        mpz_mul(falling, falling, remaining);
    }

    mpfr_t sum, inner, term;
    mpfr_inits2(precision, sum, inner, term, (mpfr_ptr)0);
    mpfr_set_ui(sum, 0, MPFR_RNDN);
    mpz_t binomial, m_power;
    mpz_inits(binomial, m_power, NULL);
    mpz_set_ui(m_power, 1);
    for (unsigned long i = 0; i <= query; i++) {
        mpfr_set_ui(inner, 0, MPFR_RNDN);
        for (unsigned long r = 0; r <= i; r++) {
            mpfr_mul_z(term, empty_moment[r], stirling[i * size + r], MPFR_RNDN);
            mpfr_add(inner, inner, term, MPFR_RNDN);
        }
        mpz_bin_uiui(binomial, query, i);
        mpfr_mul_z(inner, inner, binomial, MPFR_RNDN);
        mpfr_div_z(inner, inner, m_power, MPFR_RNDN);
        if (i % 2 == 0)
            mpfr_add(sum, sum, inner, MPFR_RNDN);
        else
            mpfr_sub(sum, sum, inner, MPFR_RNDN);
        mpz_mul(m_power, m_power, m);
    }
    mpfr_set(rop, sum, MPFR_RNDN);

    mpfr_clears(sum, inner, term, (mpfr_ptr)0);
    for (unsigned long r = 0; r <= query; r++)
        mpfr_clear(empty_moment[r]);
    free(empty_moment);
    mpz_clears(falling, remaining, binomial, m_power, NULL);
    mpz_vector_free(stirling, size * size);
}

int ref_rate_moments(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr throws, unsigned long query)
{
    return ref_rate_moments_losing(rop, m, throws, query, 0);
}

int ref_rate_moments_losing(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr throws, unsigned long query,
                            mpfr_prec_t lost)
{
    /* The terms are bounded by C(j,i) in size, so the sum loses at most about
     * j + log2(1/p) bits (the caller's `lost` for log2(1/p) when p is tiny);
     * T amplifies the rounding of 1 - r/m by log2 T bits. */
    mpfr_prec_t target = mpfr_get_prec(rop);
    mpfr_prec_t first = target + 96 + 2 * (mpfr_prec_t)query + lost
                        + (mpfr_prec_t)mpz_sizeinbase(throws, 2);
    mpfr_prec_t second = first + 128 + 2 * (mpfr_prec_t)query;
    mpfr_t low, high, difference;
    mpfr_init2(low, first);
    mpfr_init2(high, second);
    mpfr_init2(difference, second);
    moments_at(low, m, throws, query, first);
    moments_at(high, m, throws, query, second);
    mpfr_sub(difference, high, low, MPFR_RNDN);
    int trusted;
    if (mpfr_zero_p(high))
        trusted = mpfr_zero_p(difference);
    else {
        mpfr_abs(difference, difference, MPFR_RNDN);
        mpfr_mul_2si(difference, difference, target + 8, MPFR_RNDN);
        trusted = mpfr_cmpabs(difference, high) <= 0;
    }
    mpfr_set(rop, high, MPFR_RNDN);
    mpfr_clears(low, high, difference, (mpfr_ptr)0);
    return trusted ? 0 : 1;
}

/* Working precision for a T-th power of a rounded base: the power amplifies
 * the rounding by T, and 1 - (that power) cancels up to log2(m) bits. */
static mpfr_prec_t power_precision(mpfr_srcptr rop, mpz_srcptr m, mpz_srcptr throws)
{
    return mpfr_get_prec(rop) + 64 + (mpfr_prec_t)mpz_sizeinbase(throws, 2)
           + (mpfr_prec_t)mpz_sizeinbase(m, 2);
}


void ref_rate_bloom(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr throws, unsigned long k)
{
    mpfr_t x;
    mpfr_init2(x, power_precision(rop, m, throws));
    mpz_t m_minus_1;
    mpz_init(m_minus_1);
    mpz_sub_ui(m_minus_1, m, 1);
    mpfr_set_z(x, m_minus_1, MPFR_RNDN);
    mpfr_div_z(x, x, m, MPFR_RNDN);              /* 1 - 1/m, rounded once */
    mpfr_pow_z(x, x, throws, MPFR_RNDN);         /* then raised by repeated squaring */
    mpfr_ui_sub(x, 1, x, MPFR_RNDN);
    mpfr_pow_ui(rop, x, k, MPFR_RNDN);
    mpz_clear(m_minus_1);
    mpfr_clear(x);
}

void ref_rate_approx(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr throws, unsigned long k)
{
    mpfr_t x;
    mpfr_init2(x, power_precision(rop, m, throws));
    mpfr_set_z(x, throws, MPFR_RNDN);
    mpfr_div_z(x, x, m, MPFR_RNDN);
    mpfr_neg(x, x, MPFR_RNDN);
    mpfr_exp(x, x, MPFR_RNDN);
    mpfr_ui_sub(x, 1, x, MPFR_RNDN);
    mpfr_pow_ui(rop, x, k, MPFR_RNDN);
    mpfr_clear(x);
}

/* ---------------------------------------------------------------- sizing */

/* rop = ln(1/p) at the precision of rop plus a guard. */
static void log_inverse(mpfr_ptr rop, mpq_srcptr p)
{
    mpfr_t denominator;
    mpfr_init2(denominator, mpfr_get_prec(rop));
    mpfr_set_z(rop, mpq_numref(p), MPFR_RNDN);
    mpfr_log(rop, rop, MPFR_RNDN);
    mpfr_set_z(denominator, mpq_denref(p), MPFR_RNDN);
    mpfr_log(denominator, denominator, MPFR_RNDN);
    mpfr_sub(rop, denominator, rop, MPFR_RNDN);
    mpfr_clear(denominator);
}

/* rop = log2(1/p) / ln 2 times num/den (so both constants share one path). */
static void scaled_log2_inverse(mpfr_ptr rop, mpq_srcptr p, int divide_by_ln2,
                                unsigned long numerator, unsigned long denominator)
{
    mpfr_prec_t precision = mpfr_get_prec(rop) + 64;
    mpfr_t x, ln2;
    mpfr_inits2(precision, x, ln2, (mpfr_ptr)0);
    log_inverse(x, p);
    mpfr_const_log2(ln2, MPFR_RNDN);
    mpfr_div(x, x, ln2, MPFR_RNDN);                      /* log2(1/p) */
    if (divide_by_ln2)
        mpfr_div(x, x, ln2, MPFR_RNDN);
    mpfr_mul_ui(x, x, numerator, MPFR_RNDN);
    mpfr_div_ui(rop, x, denominator, MPFR_RNDN);
    mpfr_clears(x, ln2, (mpfr_ptr)0);
}

void ref_bits_per_key(mpfr_ptr rop, mpq_srcptr p)
{
    scaled_log2_inverse(rop, p, 1, 1, 1);                /* -ln p / (ln 2)^2 */
}

void ref_bits_per_key_1_44(mpfr_ptr rop, mpq_srcptr p)
{
    scaled_log2_inverse(rop, p, 0, 36, 25);              /* 1.44 log2(1/p) */
}

void ref_bits_per_key_for_hashes(mpfr_ptr rop, mpq_srcptr p, unsigned long k)
{
    mpfr_prec_t precision = mpfr_get_prec(rop) + 64;
    mpfr_t x;
    mpfr_init2(x, precision);
    mpfr_set_q(x, p, MPFR_RNDN);
    mpfr_rootn_ui(x, x, k, MPFR_RNDN);
    mpfr_neg(x, x, MPFR_RNDN);
    mpfr_log1p(x, x, MPFR_RNDN);
    mpfr_si_div(rop, -(long)k, x, MPFR_RNDN);
    mpfr_clear(x);
}

/* ---------------------------------------------------------------- decimals */

void ref_decimal_clear(ref_decimal *d)
{
    free(d->digits);
    d->digits = NULL;
}

static void decimal_set_zero(ref_decimal *d)
{
    d->negative = 0;
    d->exponent = 0;
    d->digits = strdup("0");
    assert(d->digits != NULL);
}

int ref_decimal_from_rational(ref_decimal *d, mpq_srcptr q, unsigned digits)
{
    if (mpq_sgn(q) == 0) {
        decimal_set_zero(d);
        return 1;
    }
    mpq_t a, scaled;
    mpz_t power, whole, twice_rest;
    mpq_inits(a, scaled, NULL);
    mpz_inits(power, whole, twice_rest, NULL);
    mpq_abs(a, q);

    /* exponent e with 10^(e-1) <= a < 10^e, found by stepping from an estimate. */
    long e = (long)mpz_sizeinbase(mpq_numref(a), 10) - (long)mpz_sizeinbase(mpq_denref(a), 10);
    for (;;) {
        /* scaled = a * 10^(digits - e) */
        long shift = (long)digits - e;
        mpz_ui_pow_ui(power, 10, (unsigned long)(shift < 0 ? -shift : shift));
        mpq_set(scaled, a);
        if (shift >= 0)
            mpz_mul(mpq_numref(scaled), mpq_numref(scaled), power);
        else
            mpz_mul(mpq_denref(scaled), mpq_denref(scaled), power);
        mpq_canonicalize(scaled);
        mpz_fdiv_q(whole, mpq_numref(scaled), mpq_denref(scaled));
        size_t length = mpz_sgn(whole) == 0 ? 0 : mpz_sizeinbase(whole, 10);
        if (length > 0) {   /* sizeinbase may be one too large: compare with 10^(digits-1) */
            mpz_ui_pow_ui(power, 10, digits - 1);
            if (mpz_cmp(whole, power) < 0)
                length = digits - 1;
            else {
                mpz_mul_ui(power, power, 10);
                length = mpz_cmp(whole, power) < 0 ? digits : digits + 1;
            }
        }
        if (length == digits)
            break;
        e += length > digits ? 1 : -1;
    }

    /* Round whole + rest to nearest, ties to even. */
    mpz_fdiv_r(twice_rest, mpq_numref(scaled), mpq_denref(scaled));
    mpz_mul_2exp(twice_rest, twice_rest, 1);
    int side = mpz_cmp(twice_rest, mpq_denref(scaled));
    int result = mpz_sgn(twice_rest) == 0 ? 1 : side == 0 ? 2 : 0;
    if (side > 0 || (side == 0 && mpz_odd_p(whole)))
        mpz_add_ui(whole, whole, 1);
    mpz_ui_pow_ui(power, 10, digits);
    if (mpz_cmp(whole, power) == 0) {           /* 99.95 -> 100.0 */
        mpz_ui_pow_ui(whole, 10, digits - 1);
        e++;
    }
    d->negative = mpq_sgn(q) < 0;
    d->exponent = e;
    d->digits = mpz_get_str(NULL, 10, whole);

    mpq_clears(a, scaled, NULL);
    mpz_clears(power, whole, twice_rest, NULL);
    return result;
}

/* lo, hi = x (1 -+ 2^-trusted_bits), with directed rounding outwards. */
/* The precision at which widen() works for x. */
static mpfr_prec_t widened_precision(mpfr_srcptr x, mpfr_prec_t trusted_bits)
{
    return mpfr_get_prec(x) + trusted_bits + 16;
}

/* Sets low and high (initialized at widened_precision) to x minus and plus |x| 2^-trusted_bits. */
static void widen(mpfr_ptr low, mpfr_ptr high, mpfr_srcptr x, mpfr_prec_t trusted_bits)
{
    mpfr_t epsilon;
    mpfr_init2(epsilon, widened_precision(x, trusted_bits));
    mpfr_abs(epsilon, x, MPFR_RNDU);
    mpfr_mul_2si(epsilon, epsilon, -trusted_bits, MPFR_RNDU);
    mpfr_sub(low, x, epsilon, MPFR_RNDD);
    mpfr_add(high, x, epsilon, MPFR_RNDU);
    mpfr_clear(epsilon);
}

int ref_decimal_from_real(ref_decimal *d, mpfr_srcptr x, unsigned digits, mpfr_prec_t trusted_bits)
{
    if (mpfr_zero_p(x)) {
        decimal_set_zero(d);
        return 0;
    }
    mpfr_t low, high;
    mpfr_inits2(widened_precision(x, trusted_bits), low, high, (mpfr_ptr)0);
    widen(low, high, x, trusted_bits);
    mpfr_exp_t low_exponent, high_exponent;
    char *low_text = mpfr_get_str(NULL, &low_exponent, 10, digits, low, MPFR_RNDN);
    char *high_text = mpfr_get_str(NULL, &high_exponent, 10, digits, high, MPFR_RNDN);
    int differ = strcmp(low_text, high_text) != 0 || low_exponent != high_exponent;
    d->negative = low_text[0] == '-';
    d->digits = strdup(low_text + d->negative);
    assert(d->digits != NULL);
    d->exponent = (long)low_exponent;
    mpfr_free_str(low_text);
    mpfr_free_str(high_text);
    mpfr_clears(low, high, (mpfr_ptr)0);
    return differ;
}

int ref_decimal_parse(ref_decimal *d, const char *text)
{
    const char *s = text;
    d->digits = NULL;
    d->negative = *s == '-';
    s += d->negative;
    size_t capacity = strlen(s) + 1, length = 0;
    char *all = malloc(capacity);
    assert(all != NULL);
    long integer_digits = 0;
    int seen_point = 0, seen_digit = 0;
    for (; *s != '\0' && *s != 'e' && *s != 'E'; s++) {
        if (*s == '.' && !seen_point) {
            seen_point = 1;
            continue;
        }
        if (!isdigit((unsigned char)*s)) {
            free(all);
            return 1;
        }
        seen_digit = 1;
        all[length++] = *s;
        integer_digits += !seen_point;
    }
    all[length] = '\0';
    long exponent10 = 0;
    if (*s != '\0') {
        char *end;
        exponent10 = strtol(s + 1, &end, 10);
        if (end == s + 1 || *end != '\0') {
            free(all);
            return 1;
        }
    }
    if (!seen_digit) {
        free(all);
        return 1;
    }
    size_t zeros = strspn(all, "0");
    if (zeros == length) {
        free(all);
        decimal_set_zero(d);
        return 0;
    }
    d->digits = strdup(all + zeros);
    assert(d->digits != NULL);
    d->exponent = integer_digits + exponent10 - (long)zeros;
    free(all);
    return 0;
}

void ref_decimal_trim_integer_zeros(ref_decimal *parsed, const char *text, unsigned digits)
{
    size_t length = strlen(parsed->digits);
    if (strpbrk(text, ".eE") != NULL || length <= digits)
        return;
    if (strspn(parsed->digits + digits, "0") == length - digits)
        parsed->digits[digits] = '\0';
}

int ref_decimal_equal(const ref_decimal *a, const ref_decimal *b)
{
    return a->negative == b->negative && a->exponent == b->exponent
           && strcmp(a->digits, b->digits) == 0;
}

int ref_round_real(mpfr_ptr rop, int *ternary, mpfr_srcptr x, mpfr_rnd_t rnd, mpfr_prec_t trusted_bits)
{
    mpfr_t low, high, low_rounded;
    mpfr_inits2(widened_precision(x, trusted_bits), low, high, (mpfr_ptr)0);
    widen(low, high, x, trusted_bits);
    mpfr_init2(low_rounded, mpfr_get_prec(rop));
    mpfr_set(low_rounded, low, rnd);
    mpfr_set(rop, high, rnd);
    int same = mpfr_equal_p(low_rounded, rop);
    /* The sign of rop - x is known only if rop lies outside [low, high]. */
    int below = mpfr_cmp(rop, low) < 0, above = mpfr_cmp(rop, high) > 0;
    *ternary = above ? 1 : below ? -1 : 0;
    mpfr_clears(low, high, low_rounded, (mpfr_ptr)0);
    return same && (below || above) ? 0 : 1;
}
