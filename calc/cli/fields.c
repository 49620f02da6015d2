/*
 * fields.c - numbers to record fields.  Integers are written in full
 * (grouped by three for people), rationals exactly when their decimal
 * expansion terminates within the requested digits and rounded to nearest
 * otherwise, certified reals through bloom_quantity_decimal, which only
 * returns digits that are correct for the exact value (certified.c).
 */
#include <stdio.h>

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
    char text[32];
    snprintf(text, sizeof text, "%lu", value);
    bloom_record_add(&fields->record, BLOOM_FIELD_NUMBER, key, label, unit, text);
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
