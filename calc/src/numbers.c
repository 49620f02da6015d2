/*
 * numbers.c - exact reading and writing of numbers.
 *
 * Grammar of an accepted number (no spaces anywhere):
 *
 *   number    := [sign] magnitude [ "%" ] | [sign] magnitude "/" magnitude
 *   magnitude := decimal [ ("e" | "E") [sign] digits ] | digits "^" digits
 *   decimal   := integer [ "." digits ] | "." digits
 *   integer   := digits with "_" between digits, or groups of three
 *                digits separated by "," (1,000,000)
 *
 * The value is built as an exact GMP rational: a decimal mantissa times a
 * power of ten, a power base^exponent, a quotient, or a hundredth for "%".
 * A rate may also be written "1 in 1000", "1:1000" (both 1/1000) or
 * "0.1 %" (bloom_parse_rate only).
 * Exponents larger than BLOOM_PARSE_MAX_EXPONENT are refused before any
 * big number is built, so "1e999999" costs nothing.  NaN, inf, hex and
 * anything with trailing characters are syntax errors.
 *
 * Writing: a rational is printed exactly when its decimal expansion
 * terminates within the requested significant digits, and otherwise
 * rounded to nearest with ties to even, using integer arithmetic only:
 * find E with 10^(E-1) <= |q| < 10^E, round |q| 10^(D-E) to an integer.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numbers.h"

static void *checked_malloc(size_t size)
{
    void *memory = malloc(size);
    if (memory == NULL)
        abort();
    return memory;
}

/* --- reading ------------------------------------------------------------ */

typedef struct cursor {
    const char *at;
} cursor;

/*
 * Reads digits with "_" or "," separators into `digits` (separators
 * removed).  "," must separate groups of exactly three digits, and no
 * separator may lead, trail or repeat.  Returns 0 if no digit was read or
 * a separator is misplaced.
 */
static int read_digits(cursor *text, char *digits, size_t *length, int allow_comma)
{
    size_t group = 0;
    int seen_comma = 0, count = 0;
    char previous = 0;
    for (;;) {
        char c = *text->at;
        if (isdigit((unsigned char)c)) {
            digits[(*length)++] = c;
            group++;
            count++;
        } else if ((c == '_' || (c == ',' && allow_comma)) && isdigit((unsigned char)previous)
                   && isdigit((unsigned char)text->at[1])) {
            if (c == ',') {
                if ((seen_comma && group != 3) || group > 3)
                    return 0;
                seen_comma = 1;
                group = 0;
            }
        } else {
            break;
        }
        previous = c;
        text->at++;
    }
    if (seen_comma && group != 3)
        return 0;
    return count > 0;
}

/* Reads an optional sign; returns -1 for '-', 1 otherwise. */
static int read_sign(cursor *text)
{
    if (*text->at == '-' || *text->at == '+')
        return *text->at++ == '-' ? -1 : 1;
    return 1;
}

/* Reads a small exponent (digits only) into *value; refuses more than limit. */
static int read_exponent(cursor *text, long *value)
{
    if (!isdigit((unsigned char)*text->at))
        return BLOOM_PARSE_SYNTAX;
    long result = 0;
    int too_large = 0;
    while (isdigit((unsigned char)*text->at)) {
        if (result <= BLOOM_PARSE_MAX_EXPONENT)
            result = result * 10 + (*text->at - '0');
        if (result > BLOOM_PARSE_MAX_EXPONENT)
            too_large = 1;
        text->at++;
    }
    *value = result;
    return too_large ? BLOOM_PARSE_OUT_OF_RANGE : BLOOM_PARSE_OK;
}

/* Reads a magnitude (no sign) into rop. */
static int read_magnitude(mpq_ptr rop, cursor *text)
{
    size_t capacity = strlen(text->at) + 1;
    char *digits = checked_malloc(capacity);
    size_t length = 0;
    int has_integer = read_digits(text, digits, &length, 1);
    if (has_integer && *text->at == '^') {
        long exponent = 0;
        text->at++;
        int status = BLOOM_PARSE_OK;
        if (!isdigit((unsigned char)*text->at))
            status = BLOOM_PARSE_SYNTAX;
        while (status == BLOOM_PARSE_OK && isdigit((unsigned char)*text->at)) {
            exponent = exponent * 10 + (*text->at++ - '0');
            if (exponent > BLOOM_PARSE_MAX_POWER_BITS)
                status = BLOOM_PARSE_OUT_OF_RANGE;
        }
        digits[length] = '\0';
        mpz_set_str(mpq_numref(rop), digits, 10);
        if (status == BLOOM_PARSE_OK && mpz_sgn(mpq_numref(rop)) > 0
            && (long)(mpz_sizeinbase(mpq_numref(rop), 2) - 1) * exponent > BLOOM_PARSE_MAX_POWER_BITS)
            status = BLOOM_PARSE_OUT_OF_RANGE;
        if (status == BLOOM_PARSE_OK) {
            mpz_pow_ui(mpq_numref(rop), mpq_numref(rop), (unsigned long)exponent);
            mpz_set_ui(mpq_denref(rop), 1);
        }
        free(digits);
        return status;
    }
    size_t fraction_length = 0;
    if (*text->at == '.') {
        text->at++;
        size_t before = length;
        if (read_digits(text, digits, &length, 0))
            fraction_length = length - before;
        else if (!has_integer) {
            free(digits);
            return BLOOM_PARSE_SYNTAX;
        }
    } else if (!has_integer) {
        free(digits);
        return BLOOM_PARSE_SYNTAX;
    }
    long exponent = 0;
    if (*text->at == 'e' || *text->at == 'E') {
        text->at++;
        int sign = read_sign(text);
        int status = read_exponent(text, &exponent);
        if (status != BLOOM_PARSE_OK) {
            free(digits);
            return status;
        }
        exponent *= sign;
    }
    digits[length] = '\0';
    mpz_set_str(mpq_numref(rop), digits, 10);
    mpz_set_ui(mpq_denref(rop), 1);
    exponent -= (long)fraction_length;
    if (exponent < -BLOOM_PARSE_MAX_EXPONENT - (long)capacity || exponent > BLOOM_PARSE_MAX_EXPONENT) {
        free(digits);
        return BLOOM_PARSE_OUT_OF_RANGE;
    }
    mpz_t power;
    mpz_init(power);
    mpz_ui_pow_ui(power, 10, (unsigned long)labs(exponent));
    if (exponent >= 0)
        mpz_mul(mpq_numref(rop), mpq_numref(rop), power);
    else
        mpz_set(mpq_denref(rop), power);
    mpz_clear(power);
    mpq_canonicalize(rop);
    free(digits);
    return BLOOM_PARSE_OK;
}

int bloom_parse_rational(mpq_ptr rop, const char *text)
{
    cursor at = { text };
    int sign = read_sign(&at);
    mpq_t value;
    mpq_init(value);
    int status = read_magnitude(value, &at);
    if (status == BLOOM_PARSE_OK) {
        if (*at.at == '%') {
            at.at++;
            mpz_mul_ui(mpq_denref(value), mpq_denref(value), 100);
            mpq_canonicalize(value);
        } else if (*at.at == '/') {
            mpq_t denominator;
            mpq_init(denominator);
            at.at++;
            status = read_magnitude(denominator, &at);
            if (status == BLOOM_PARSE_OK && mpq_sgn(denominator) == 0)
                status = BLOOM_PARSE_OUT_OF_RANGE;
            if (status == BLOOM_PARSE_OK)
                mpq_div(value, value, denominator);
            mpq_clear(denominator);
        }
    }
    if (status == BLOOM_PARSE_OK && *at.at != '\0')
        status = BLOOM_PARSE_SYNTAX;
    if (status == BLOOM_PARSE_OK) {
        if (sign < 0)
            mpq_neg(value, value);
        mpq_set(rop, value);
    }
    mpq_clear(value);
    return status;
}

/* Parses a non-negative number: a leading '-' (even "-0") is out of range. */
static int parse_non_negative(mpq_ptr rop, const char *text)
{
    int status = bloom_parse_rational(rop, text);
    if (status == BLOOM_PARSE_OK && text[0] == '-')
        return BLOOM_PARSE_OUT_OF_RANGE;
    return status;
}

int bloom_parse_count(mpz_ptr rop, const char *text, mpz_srcptr minimum, mpz_srcptr maximum)
{
    mpq_t value;
    mpq_init(value);
    int status = parse_non_negative(value, text);
    if (status == BLOOM_PARSE_OK && mpz_cmp_ui(mpq_denref(value), 1) != 0)
        status = BLOOM_PARSE_NOT_WHOLE;
    if (status == BLOOM_PARSE_OK
        && ((minimum != NULL && mpz_cmp(mpq_numref(value), minimum) < 0)
            || (maximum != NULL && mpz_cmp(mpq_numref(value), maximum) > 0)))
        status = BLOOM_PARSE_OUT_OF_RANGE;
    if (status == BLOOM_PARSE_OK)
        mpz_set(rop, mpq_numref(value));
    mpq_clear(value);
    return status;
}

/*
 * The ratio forms of a rate, "A in B" and "A:B" (both A/B: "1:1000" is one
 * in a thousand, not the odds 1:1000 = 1/1001), and a percentage written
 * with a space, "0.1 %".  Returns BLOOM_PARSE_SYNTAX when `text` is none of
 * them, so that the caller reports the plain forms' verdict.
 */
static int parse_rate_words(mpq_ptr rop, const char *text)
{
    const char *separator = strstr(text, " in ");
    size_t separator_length = 4;
    if (separator == NULL) {
        separator = strchr(text, ':');
        separator_length = 1;
    }
    size_t length = strlen(text);
    if (separator == NULL) {
        /* "0.1 %": spaces before the percent sign */
        size_t end = length;
        if (end < 2 || text[end - 1] != '%' || text[end - 2] != ' ')
            return BLOOM_PARSE_SYNTAX;
        while (end > 1 && text[end - 2] == ' ')
            end--;
        char *joined = checked_malloc(length + 1);
        memcpy(joined, text, end - 1);
        strcpy(joined + end - 1, "%");
        int status = parse_non_negative(rop, joined);
        free(joined);
        return status;
    }
    char *left = checked_malloc(length + 1);
    size_t left_length = (size_t)(separator - text);
    memcpy(left, text, left_length);
    left[left_length] = '\0';
    mpq_t numerator, denominator;
    mpq_inits(numerator, denominator, (mpq_ptr)0);
    int status = parse_non_negative(numerator, left);
    if (status == BLOOM_PARSE_OK)
        status = parse_non_negative(denominator, separator + separator_length);
    if (status == BLOOM_PARSE_OK && mpq_sgn(denominator) == 0)
        status = BLOOM_PARSE_OUT_OF_RANGE;
    if (status == BLOOM_PARSE_OK)
        mpq_div(rop, numerator, denominator);
    mpq_clears(numerator, denominator, (mpq_ptr)0);
    free(left);
    return status;
}

int bloom_parse_rate(mpq_ptr rop, const char *text, mpq_srcptr minimum)
{
    mpq_t value;
    mpq_init(value);
    int status = parse_non_negative(value, text);
    if (status == BLOOM_PARSE_SYNTAX) {
        int words = parse_rate_words(value, text);
        if (words != BLOOM_PARSE_SYNTAX || strchr(text, ':') != NULL || strstr(text, " in ") != NULL)
            status = words;
    }
    if (status == BLOOM_PARSE_OK
        && (mpq_sgn(value) <= 0 || mpq_cmp_ui(value, 1, 1) >= 0
            || (minimum != NULL && mpq_cmp(value, minimum) < 0)))
        status = BLOOM_PARSE_OUT_OF_RANGE;
    if (status == BLOOM_PARSE_OK)
        mpq_set(rop, value);
    mpq_clear(value);
    return status;
}

int bloom_parse_unsigned(unsigned long *rop, const char *text,
                         unsigned long minimum, unsigned long maximum)
{
    mpz_t value, low, high;
    mpz_init(value);
    mpz_init_set_ui(low, minimum);
    mpz_init_set_ui(high, maximum);
    int status = bloom_parse_count(value, text, low, high);
    if (status == BLOOM_PARSE_OK)
        *rop = mpz_get_ui(value);
    mpz_clears(value, low, high, (mpz_ptr)0);
    return status;
}

/* --- writing ------------------------------------------------------------- */

char *bloom_format_decimal(int negative, const char *digits, long exponent)
{
    size_t count = strlen(digits);
    long scientific = exponent - 1;  /* value = d.ddd x 10^scientific */
    int is_zero = strspn(digits, "0") == count;
    size_t size = count + 64 + (scientific < 0 ? (size_t)(-scientific) : 0);
    char *text = checked_malloc(size);
    char *out = text;
    if (negative && !is_zero)
        *out++ = '-';
    if (is_zero) {
        strcpy(out, "0");
    } else if (scientific >= 0 && scientific < (long)count) {
        memcpy(out, digits, (size_t)scientific + 1);
        out += scientific + 1;
        if ((size_t)scientific + 1 < count) {
            *out++ = '.';
            strcpy(out, digits + scientific + 1);
        } else {
            *out = '\0';
        }
    } else if (scientific < 0 && scientific >= -5) {
        *out++ = '0';
        *out++ = '.';
        for (long i = -1; i > scientific; i--)
            *out++ = '0';
        strcpy(out, digits);
    } else {
        *out++ = digits[0];
        if (count > 1) {
            *out++ = '.';
            memcpy(out, digits + 1, count - 1);
            out += count - 1;
        }
        snprintf(out, 24, "e%ld", scientific);
    }
    return text;
}

char *bloom_format_integer(mpz_srcptr value, int grouped)
{
    char *plain = mpz_get_str(NULL, 10, value);
    if (!grouped)
        return plain;
    int negative = plain[0] == '-';
    size_t count = strlen(plain) - (size_t)negative;
    char *text = checked_malloc(count + count / 3 + 2);
    char *out = text;
    if (negative)
        *out++ = '-';
    for (size_t i = 0; i < count; i++) {
        if (i > 0 && (count - i) % 3 == 0)
            *out++ = ' ';
        *out++ = plain[negative + i];
    }
    *out = '\0';
    free(plain);
    return text;
}

/* Number of decimal digits of a positive integer. */
static long decimal_length(mpz_srcptr value)
{
    long length = (long)mpz_sizeinbase(value, 10);  /* exact or one too many */
    mpz_t power;
    mpz_init(power);
    mpz_ui_pow_ui(power, 10, (unsigned long)(length - 1));
    if (mpz_cmp(value, power) < 0)
        length--;
    mpz_clear(power);
    return length;
}

/* Removes trailing zeros from a digit string (keeping one digit). */
static void strip_trailing_zeros(char *digits)
{
    size_t length = strlen(digits);
    while (length > 1 && digits[length - 1] == '0')
        digits[--length] = '\0';
}

/*
 * If |value| has a terminating decimal expansion, stores its digits
 * (scaled integer |value| 10^places) in `scaled` and returns the number of
 * places; otherwise returns -1.
 */
static long terminating_places(mpz_ptr scaled, mpq_srcptr value)
{
    mpz_t denominator, two, five;
    mpz_init_set(denominator, mpq_denref(value));
    mpz_init_set_ui(two, 2);
    mpz_init_set_ui(five, 5);
    long power_of_two = (long)mpz_remove(denominator, denominator, two);
    long power_of_five = (long)mpz_remove(denominator, denominator, five);
    long places = -1;
    if (mpz_cmp_ui(denominator, 1) == 0) {
        places = power_of_two > power_of_five ? power_of_two : power_of_five;
        mpz_ui_pow_ui(scaled, 10, (unsigned long)places);
        mpz_mul(scaled, scaled, mpq_numref(value));
        mpz_abs(scaled, scaled);
        mpz_divexact(scaled, scaled, mpq_denref(value));
    }
    mpz_clears(denominator, two, five, (mpz_ptr)0);
    return places;
}

static char *format_rational(mpq_srcptr value, unsigned significant_digits, int padded);

/* Whether |value| < 10^exponent, exactly. */
static int below_power_of_ten(mpq_srcptr value, long exponent)
{
    mpq_t magnitude, power;
    mpq_inits(magnitude, power, (mpq_ptr)0);
    mpq_abs(magnitude, value);
    mpz_ui_pow_ui(mpq_numref(power), 10, (unsigned long)labs(exponent));
    if (exponent < 0)
        mpq_inv(power, power);
    int below = mpq_cmp(magnitude, power) < 0;
    mpq_clears(magnitude, power, (mpq_ptr)0);
    return below;
}

/* Stores in `rounded` |value| 10^shift rounded to nearest, ties to even. */
static void round_scaled(mpz_ptr rounded, mpq_srcptr value, long shift)
{
    mpz_t numerator, denominator, power, remainder;
    mpz_inits(numerator, denominator, power, remainder, (mpz_ptr)0);
    mpz_abs(numerator, mpq_numref(value));
    mpz_set(denominator, mpq_denref(value));
    mpz_ui_pow_ui(power, 10, (unsigned long)labs(shift));
    if (shift >= 0)
        mpz_mul(numerator, numerator, power);
    else
        mpz_mul(denominator, denominator, power);
    mpz_fdiv_qr(rounded, remainder, numerator, denominator);
    mpz_mul_2exp(remainder, remainder, 1);
    int half = mpz_cmp(remainder, denominator);
    if (half > 0 || (half == 0 && mpz_odd_p(rounded)))
        mpz_add_ui(rounded, rounded, 1);
    mpz_clears(numerator, denominator, power, remainder, (mpz_ptr)0);
}

char *bloom_format_rational(mpq_srcptr value, unsigned significant_digits)
{
    return format_rational(value, significant_digits, 0);
}

char *bloom_format_rational_digits(mpq_srcptr value, unsigned significant_digits)
{
    return format_rational(value, significant_digits, 1);
}

/* Shared by both: `padded` asks for exactly the digits, never the short exact form. */
static char *format_rational(mpq_srcptr value, unsigned significant_digits, int padded)
{
    long digits_wanted = significant_digits > 0 ? (long)significant_digits : 1;
    if (mpq_sgn(value) == 0)
        return bloom_format_decimal(0, "0", 1);
    int negative = mpq_sgn(value) < 0;
    mpz_t scaled;
    mpz_init(scaled);
    char *text;
    long places = terminating_places(scaled, value);
    long length = places >= 0 ? decimal_length(scaled) : 0;
    char *digits = places >= 0 ? mpz_get_str(NULL, 10, scaled) : NULL;
    if (digits != NULL)
        strip_trailing_zeros(digits);
    long exponent = length - places;   /* value = 0.digits x 10^exponent */
    if (!padded && digits != NULL && (long)strlen(digits) <= digits_wanted) {
        /* Exact: pad whole numbers so that fixed notation shows every digit, up to
         * the exponent D - 1 that fixed notation reaches at D digits; a larger
         * whole number is scientific as a rounded one is (8e18, not 19 digits). */
        if (exponent > (long)strlen(digits) && exponent <= digits_wanted) {
            char *whole = checked_malloc((size_t)exponent + 1);
            size_t used = strlen(digits);
            memcpy(whole, digits, used);
            memset(whole + used, '0', (size_t)exponent - used);
            whole[exponent] = '\0';
            free(digits);
            digits = whole;
        }
        text = bloom_format_decimal(negative, digits, exponent);
    } else {
        /* Find E with 10^(E-1) <= |value| < 10^E, then round |value| 10^(D-E). */
        mpz_t integer_part;
        mpz_init(integer_part);
        mpz_tdiv_q(integer_part, mpq_numref(value), mpq_denref(value));
        mpz_abs(integer_part, integer_part);
        long estimate = mpz_sgn(integer_part) > 0 ? decimal_length(integer_part)
            : (long)mpz_sizeinbase(mpq_numref(value), 10) - (long)mpz_sizeinbase(mpq_denref(value), 10);
        mpz_t rounded, limit;
        mpz_inits(rounded, limit, (mpz_ptr)0);
        mpz_ui_pow_ui(limit, 10, (unsigned long)digits_wanted);
        /* First the exact E with 10^(E-1) <= |value| < 10^E (the estimate
         * may be one off either way), then one rounding; a carry to 10^D
         * (9.96 at two digits) becomes 10^(D-1) with E one larger.  Testing
         * the rounded significand instead let 0.64 round up to 1 and pass
         * for a leading digit: 512/8000803 at one digit printed 1e-4, not
         * 6e-5. */
        while (!below_power_of_ten(value, estimate))
            estimate++;
        while (below_power_of_ten(value, estimate - 1))
            estimate--;
        round_scaled(rounded, value, digits_wanted - estimate);
        if (mpz_cmp(rounded, limit) >= 0) {
            mpz_divexact_ui(rounded, rounded, 10);
            estimate++;
        }
        char *rounded_digits = mpz_get_str(NULL, 10, rounded);
        text = bloom_format_decimal(negative, rounded_digits, estimate);
        free(rounded_digits);
        mpz_clears(integer_part, rounded, limit, (mpz_ptr)0);
    }
    free(digits);
    mpz_clear(scaled);
    return text;
}
