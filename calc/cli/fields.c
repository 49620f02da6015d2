/*
 * fields.c - numbers to record fields.  Integers are written in full
 * (grouped by three for people), rationals exactly when their decimal
 * expansion terminates within the requested digits and rounded to nearest
 * otherwise, certified reals through bloom_quantity_decimal, which only
 * returns digits that are correct for the exact value (certified.c).
 * Approximate reals (statistics computed in floating point with a known
 * error bound) are written with the digits shared by every number within
 * the bound: rounding to nearest is monotone, so if both ends of
 * [value - error, value + error] round to the same D digits, so does the
 * true value (the argument of Ziv's strategy, at a fixed precision).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "numbers.h"

void bloom_fields_init(bloom_fields *fields, unsigned long digits, bloom_format format)
{
    bloom_record_init(&fields->record);
    fields->digits = (unsigned)digits;
    fields->grouped = format == BLOOM_FORMAT_TABLE;
    fields->status = BLOOM_OK;
}

void bloom_fields_clear(bloom_fields *fields)
{
    bloom_record_clear(&fields->record);
}

void bloom_fields_quantity(bloom_fields *fields, const char *key, const char *label,
                           const char *unit, const bloom_quantity *quantity)
{
    char *text = NULL;
    int status = bloom_quantity_decimal(&text, quantity, fields->digits);
    if (status == BLOOM_OK)
        bloom_record_take(&fields->record, BLOOM_FIELD_NUMBER, key, label, unit, text);
    else if (fields->status == BLOOM_OK)
        fields->status = status;
}

void bloom_fields_integer(bloom_fields *fields, const char *key, const char *label,
                          const char *unit, mpz_srcptr value)
{
    bloom_record_take(&fields->record, BLOOM_FIELD_NUMBER, key, label, unit,
                      bloom_format_integer(value, fields->grouped));
}

void bloom_fields_unsigned(bloom_fields *fields, const char *key, const char *label,
                           const char *unit, unsigned long value)
{
    mpz_t integer;
    mpz_init_set_ui(integer, value);
    bloom_fields_integer(fields, key, label, unit, integer);   /* grouped like every other count */
    mpz_clear(integer);
}

void bloom_fields_rational(bloom_fields *fields, const char *key, const char *label,
                           const char *unit, mpq_srcptr value)
{
    bloom_record_take(&fields->record, BLOOM_FIELD_NUMBER, key, label, unit,
                      bloom_format_rational(value, fields->digits));
}

void bloom_fields_fraction(bloom_fields *fields, const char *key, const char *label,
                           mpq_srcptr value)
{
    bloom_record_take(&fields->record, BLOOM_FIELD_TEXT, key, label, NULL,
                      mpq_get_str(NULL, 10, value));
}

void bloom_fields_text(bloom_fields *fields, const char *key, const char *label,
                       const char *value)
{
    bloom_record_add(&fields->record, BLOOM_FIELD_TEXT, key, label, NULL, value);
}

void bloom_fields_missing(bloom_fields *fields, const char *key, const char *label)
{
    bloom_record_add(&fields->record, BLOOM_FIELD_MISSING, key, label, NULL,
                     fields->grouped ? "-" : "");
}

char *bloom_format_enclosed(mpq_srcptr low, mpq_srcptr high, unsigned digits)
{
    /* two doubles a relative 2^-60 apart share at most about 19 digits */
    for (unsigned d = digits < 40 ? digits : 40; d >= 1; d--) {
        char *low_text = bloom_format_rational_digits(low, d);
        char *high_text = bloom_format_rational_digits(high, d);
        int same = strcmp(low_text, high_text) == 0;
        free(high_text);
        if (same)
            return low_text;
        free(low_text);
    }
    return NULL;
}

void bloom_fields_approximate(bloom_fields *fields, const char *key, const char *label,
                              const char *unit, double value, double error)
{
    if (!isfinite(value)) {
        bloom_record_add(&fields->record, BLOOM_FIELD_TEXT, key, label, unit,
                         isnan(value) ? "none" : "never");
        return;
    }
    mpq_t low, high, bound;
    mpq_inits(low, high, bound, (mpq_ptr)0);
    mpq_set_d(low, value);
    if (error == 0) {
        bloom_fields_rational(fields, key, label, unit, low);
        mpq_clears(low, high, bound, (mpq_ptr)0);
        return;
    }
    mpq_set_d(bound, fabs(error));
    mpq_add(high, low, bound);
    mpq_sub(low, low, bound);
    char *text = NULL;
    if (mpq_sgn(low) <= 0 && mpq_sgn(high) >= 0) {
        mpq_set_ui(bound, 0, 1);
        text = bloom_format_rational(bound, 1);
    } else {
        text = bloom_format_enclosed(low, high, fields->digits);
    }
    if (text == NULL) {
        mpq_set_d(bound, value);
        text = bloom_format_rational_digits(bound, 1);
    }
    bloom_record_take(&fields->record, BLOOM_FIELD_NUMBER, key, label, unit, text);
    mpq_clears(low, high, bound, (mpq_ptr)0);
}

int bloom_fields_read_whole(mpz_ptr rop, const char *text)
{
    char digits[64];
    size_t used = 0;
    for (const char *c = text; *c != '\0'; c++) {
        if (*c == ' ')
            continue;
        if (!isdigit((unsigned char)*c) || used + 1 >= sizeof digits)
            return 0;
        digits[used++] = *c;
    }
    digits[used] = '\0';
    return used > 0 && mpz_set_str(rop, digits, 10) == 0;
}
