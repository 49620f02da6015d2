/*
 * fuzz_numbers.c - libFuzzer target for the number parsers of numbers.h
 * (https://llvm.org/docs/LibFuzzer.html).
 *
 * The input, as one NUL-terminated text, is given to every parser: the
 * rational, the count (keys and bits: 1 to 2^256), the rate (1e-300 to
 * below 1) and the small unsigned (1 to 1000).  Besides "no crash, no
 * sanitizer report", the target checks properties that must hold for any
 * text:
 *   - the parsers agree: a count, rate or unsigned is accepted exactly when
 *     the rational is, is whole where needed, and lies in its range, and
 *     it is then the same value; text starting with '-' (even "-0") is
 *     never a count, rate or unsigned;
 *   - round trips: a count written by bloom_format_integer (plain, and
 *     grouped with its spaces replaced by ',' or '_') reads back as the
 *     same count; a rational written by bloom_format_rational with enough
 *     digits for its exact decimal expansion reads back exactly, and with
 *     D digits reads back within half a unit of its D-th digit (for
 *     magnitudes within 10^-350..10^350: a quotient such as 1e-300/1e300
 *     is a valid rational, but its written form "1e-600" has an exponent
 *     beyond BLOOM_PARSE_MAX_EXPONENT and is refused by design).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>

#include "fuzz_support.h"
#include "numbers.h"

#define TARGET "fuzz_numbers"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *text, const char *message)
{
    fuzz_arguments shown = { 2, { (char *)TARGET, (char *)text, NULL }, NULL };
    fuzz_fail(TARGET, &shown, message);
}

/* Reads `text` back as a rational; fails unless it parses. */
static void read_back(mpq_ptr value, const char *text, const char *original)
{
    if (bloom_parse_rational(value, text) != BLOOM_PARSE_OK)
        fail(original, "a formatted number does not parse back");
}

/* Count round trips: plain, and grouped with ',' or '_' for the spaces. */
static void check_count_round_trip(mpz_srcptr count, const char *original)
{
    mpz_t back;
    mpz_init(back);
    char *plain = bloom_format_integer(count, 0);
    if (bloom_parse_count(back, plain, NULL, NULL) != BLOOM_PARSE_OK || mpz_cmp(back, count) != 0)
        fail(original, "a count formatted plainly does not read back as itself");
    free(plain);
    static const char separators[] = { ',', '_' };
    for (size_t s = 0; s < sizeof separators; s++) {
        char *grouped = bloom_format_integer(count, 1);
        for (char *c = grouped; *c != '\0'; c++)
            if (*c == ' ')
                *c = separators[s];
        if (bloom_parse_count(back, grouped, NULL, NULL) != BLOOM_PARSE_OK || mpz_cmp(back, count) != 0)
            fail(original, "a count formatted in groups does not read back as itself");
        free(grouped);
    }
    mpz_clear(back);
}

/* Rational round trips: exact when the expansion terminates within the
 * digits, otherwise within half a unit of the last digit written. */
static void check_rational_round_trip(mpq_srcptr value, const char *original)
{
    static const unsigned digits[] = { 1, 9, 17, 60 };
    mpq_t back, error, bound;
    mpq_inits(back, error, bound, (mpq_ptr)0);
    for (size_t i = 0; i < sizeof digits / sizeof digits[0]; i++) {
        char *text = bloom_format_rational(value, digits[i]);
        read_back(back, text, original);
        char *padded = bloom_format_rational_digits(value, digits[i]);
        mpq_t padded_back;
        mpq_init(padded_back);
        read_back(padded_back, padded, original);
        /* The short form and the padded form are the same number. */
        if (!mpq_equal(back, padded_back) && mpq_equal(back, value))
            fail(original, "bloom_format_rational and _digits disagree on an exact value");
        mpq_clear(padded_back);
        /* |back - value| <= |value| 10^(1-D) / 2 bounds the error of D
         * significant digits rounded to nearest (the D-th digit's unit is
         * at most |value| 10^(1-D)). */
        mpq_sub(error, back, value);
        mpq_abs(error, error);
        mpq_abs(bound, value);
        mpz_t power;
        mpz_init(power);
        mpz_ui_pow_ui(power, 10, digits[i] - 1);
        mpz_mul_ui(power, power, 2);
        mpz_mul(mpq_denref(bound), mpq_denref(bound), power);
        mpq_canonicalize(bound);
        mpz_clear(power);
        if (mpq_cmp(error, bound) > 0)
            fail(original, "a rounded rational reads back further than half a unit of its last digit");
        free(text);
        free(padded);
    }
    mpq_clears(back, error, bound, (mpq_ptr)0);
}

/*
 * The ratio forms of a rate ("A in B", "A:B", and "X %" with spaces before
 * the sign), which only the rate parser reads: *value = A/B (or X%) from the
 * rational parser applied to each part.  Returns 0 when `text` is not such
 * a form, 1 when it is and both parts read as non-negative rationals with a
 * non-zero B (value set), -1 when it is but a part does not read.
 */
static int ratio_form(mpq_ptr value, const char *text)
{
    const char *separator = strstr(text, " in ");
    size_t skip = 4;
    if (separator == NULL) {
        separator = strchr(text, ':');
        skip = 1;
    }
    size_t length = strlen(text);
    char *part = malloc(length + 2);
    int form = 0;
    if (separator != NULL) {
        mpq_t denominator;
        mpq_init(denominator);
        memcpy(part, text, (size_t)(separator - text));
        part[separator - text] = '\0';
        form = bloom_parse_rational(value, part) == BLOOM_PARSE_OK
                       && bloom_parse_rational(denominator, separator + skip) == BLOOM_PARSE_OK
                       && part[0] != '-' && separator[skip] != '-' && mpq_sgn(denominator) != 0
                   ? 1 : -1;
        if (form == 1)
            mpq_div(value, value, denominator);
        mpq_clear(denominator);
    } else if (length >= 2 && text[length - 1] == '%' && text[length - 2] == ' ') {
        size_t end = length - 1;
        while (end > 0 && text[end - 1] == ' ')
            end--;
        memcpy(part, text, end);
        strcpy(part + end, "%");
        form = bloom_parse_rational(value, part) == BLOOM_PARSE_OK && part[0] != '-' ? 1 : -1;
    }
    free(part);
    return form;
}

/* The count, rate and unsigned parsers against the rational one. */
static void check_agreement(const char *text, int rational_status, mpq_srcptr rational)
{
    mpz_t count, low, high;
    mpq_t rate, rate_low;
    mpz_inits(count, low, high, (mpz_ptr)0);
    mpq_inits(rate, rate_low, (mpq_ptr)0);
    mpz_set_ui(low, 1);
    mpz_ui_pow_ui(high, 2, 256);
    bloom_parse_rational(rate_low, "1e-300");
    int negative_text = text[0] == '-';
    int whole = rational_status == BLOOM_PARSE_OK && mpz_cmp_ui(mpq_denref(rational), 1) == 0;

    int count_status = bloom_parse_count(count, text, low, high);
    int count_expected = rational_status != BLOOM_PARSE_OK ? rational_status
        : negative_text ? BLOOM_PARSE_OUT_OF_RANGE
        : !whole ? BLOOM_PARSE_NOT_WHOLE
        : (mpz_cmp(mpq_numref(rational), low) < 0 || mpz_cmp(mpq_numref(rational), high) > 0)
            ? BLOOM_PARSE_OUT_OF_RANGE : BLOOM_PARSE_OK;
    if (count_status != count_expected)
        fail(text, "the count parser disagrees with the rational parser");
    if (count_status == BLOOM_PARSE_OK) {
        if (mpz_cmp(count, mpq_numref(rational)) != 0)
            fail(text, "a count differs from the rational value of the same text");
        check_count_round_trip(count, text);
    }

    int rate_status = bloom_parse_rate(rate, text, rate_low);
    mpq_t ratio;
    mpq_init(ratio);
    int form = rational_status == BLOOM_PARSE_OK ? 0 : ratio_form(ratio, text);
    mpq_srcptr expected_rate = form == 1 ? ratio : rational;
    int expected_rate_status = form == 1 ? BLOOM_PARSE_OK : rational_status;
    int rate_expected = expected_rate_status != BLOOM_PARSE_OK ? expected_rate_status
        : (negative_text || mpq_sgn(expected_rate) <= 0 || mpq_cmp_ui(expected_rate, 1, 1) >= 0
           || mpq_cmp(expected_rate, rate_low) < 0) ? BLOOM_PARSE_OUT_OF_RANGE : BLOOM_PARSE_OK;
    if (form == -1 ? rate_status == BLOOM_PARSE_OK : rate_status != rate_expected)
        fail(text, "the rate parser disagrees with the rational parser");
    if (rate_status == BLOOM_PARSE_OK && !mpq_equal(rate, expected_rate))
        fail(text, "a rate differs from the rational value of the same text");
    mpq_clear(ratio);

    unsigned long small = 0;
    int small_status = bloom_parse_unsigned(&small, text, 1, 1000);
    int small_expected = rational_status != BLOOM_PARSE_OK ? rational_status
        : negative_text ? BLOOM_PARSE_OUT_OF_RANGE
        : !whole ? BLOOM_PARSE_NOT_WHOLE
        : (mpz_cmp_ui(mpq_numref(rational), 1) < 0 || mpz_cmp_ui(mpq_numref(rational), 1000) > 0)
            ? BLOOM_PARSE_OUT_OF_RANGE : BLOOM_PARSE_OK;
    if (small_status != small_expected)
        fail(text, "the unsigned parser disagrees with the rational parser");
    if (small_status == BLOOM_PARSE_OK && mpz_cmp_ui(mpq_numref(rational), small) != 0)
        fail(text, "an unsigned differs from the rational value of the same text");

    mpz_clears(count, low, high, (mpz_ptr)0);
    mpq_clears(rate, rate_low, (mpq_ptr)0);
}

/* Whether 10^-350 <= |value| <= 10^350 (or value = 0): written forms in
 * that range have exponents the parser accepts. */
static int within_written_range(mpq_srcptr value)
{
    if (mpq_sgn(value) == 0)
        return 1;
    mpq_t magnitude, limit;
    mpq_inits(magnitude, limit, (mpq_ptr)0);
    mpq_abs(magnitude, value);
    mpz_ui_pow_ui(mpq_numref(limit), 10, 350);
    int inside = mpq_cmp(magnitude, limit) <= 0;
    mpq_inv(limit, limit);
    inside = inside && mpq_cmp(magnitude, limit) >= 0;
    mpq_clears(magnitude, limit, (mpq_ptr)0);
    return inside;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text == NULL)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    mpq_t rational;
    mpq_init(rational);
    int status = bloom_parse_rational(rational, text);
    if (status != BLOOM_PARSE_OK && status != BLOOM_PARSE_SYNTAX && status != BLOOM_PARSE_OUT_OF_RANGE)
        fail(text, "the rational parser returned an unexpected result");
    check_agreement(text, status, rational);
    if (status == BLOOM_PARSE_OK && within_written_range(rational))
        check_rational_round_trip(rational, text);
    mpq_clear(rational);
    free(text);
    return 0;
}
