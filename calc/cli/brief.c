/*
 * brief.c - the first screen (brief.h).  Every figure it adds is derived
 * exactly from a printed one: a size is an exact whole number of bytes,
 * scaled by a power of 1024 or 1000 and rounded once (numbers.h); a rate
 * printed with all its significant digits stands for any rate within half
 * a unit of its last digit (it was correctly rounded to nearest), so N =
 * 1/rate is enclosed by the reciprocals of those ends and printed to the
 * digits they share (fields.h, bloom_format_enclosed); a rate printed with
 * fewer digits is exact, and so is its N.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>

#include "brief.h"
#include "fields.h"
#include "numbers.h"

const char *const bloom_units_names[] = { "iec", "si", NULL };

/* Significant digits of "1 in N": three, or every whole digit of an N below
 * 10^9 ("1 in 1000", not "1 in 1.00e3"); above, three in scientific notation. */
#define ONE_IN_DIGITS 3
#define ONE_IN_MOST_WHOLE_DIGITS 9

static unsigned one_in_digits(mpq_srcptr smallest)
{
    mpz_t whole;
    mpz_init(whole);
    mpz_tdiv_q(whole, mpq_numref(smallest), mpq_denref(smallest));
    size_t whole_digits = mpz_sgn(whole) == 0 ? 1 : mpz_sizeinbase(whole, 10);
    mpz_clear(whole);
    /* mpz_sizeinbase may exceed the count by one: then one digit more is asked, never fewer */
    return whole_digits > ONE_IN_MOST_WHOLE_DIGITS ? ONE_IN_DIGITS
         : whole_digits > ONE_IN_DIGITS ? (unsigned)whole_digits : ONE_IN_DIGITS;
}

static char *join(const char *first, const char *second, const char *third)
{
    size_t size = strlen(first) + strlen(second) + strlen(third) + 1;
    char *text = malloc(size);
    if (text == NULL)
        abort();
    snprintf(text, size, "%s%s%s", first, second, third);
    return text;
}

char *bloom_brief_bytes(const char *bytes, bloom_units units)
{
    static const char *const iec[] = { "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
    static const char *const si[] = { "kB", "MB", "GB", "TB", "PB", "EB" };
    mpz_t whole, scale;
    mpz_inits(whole, scale, (mpz_ptr)0);
    if (!bloom_fields_read_whole(whole, bytes)) {
        mpz_clears(whole, scale, (mpz_ptr)0);
        return join(bytes, " bytes", "");
    }
    unsigned long base = units == BLOOM_UNITS_SI ? 1000 : 1024;
    int unit = -1;
    mpz_set_ui(scale, 1);
    while (unit + 1 < 6 && mpz_cmp(whole, scale) >= 0) {
        mpz_mul_ui(scale, scale, base);
        if (mpz_cmp(whole, scale) < 0)
            break;
        unit++;
    }
    char *exact = bloom_format_integer(whole, 1);
    char *text;
    if (unit < 0) {
        text = join(exact, " bytes", "");
    } else {
        mpz_ui_pow_ui(scale, base, (unsigned long)unit + 1);
        mpq_t scaled;
        mpq_init(scaled);
        mpq_set_num(scaled, whole);
        mpq_set_den(scaled, scale);
        mpq_canonicalize(scaled);
        /* 1000 to 1023.x KiB keeps its four whole digits in fixed notation */
        unsigned digits = mpq_cmp_ui(scaled, 1000, 1) >= 0 ? 4 : 3;
        char *figure = bloom_format_rational(scaled, digits);
        char head[96];
        snprintf(head, sizeof head, "%s %s (", figure, units == BLOOM_UNITS_SI ? si[unit] : iec[unit]);
        text = join(head, exact, " bytes)");
        free(figure);
        mpq_clear(scaled);
    }
    free(exact);
    mpz_clears(whole, scale, (mpz_ptr)0);
    return text;
}

/*
 * The unit of the last digit of a printed decimal ("0.0100392177": 1e-10;
 * "1.50967045e-7": 1e-15) and its count of significant digits.
 */
static unsigned last_digit_unit(mpq_ptr unit, const char *text)
{
    unsigned significant = 0, after_point = 0;
    int seen_point = 0, seen_nonzero = 0;
    const char *c = text;
    for (; *c != '\0' && *c != 'e' && *c != 'E'; c++) {
        if (*c == '.') {
            seen_point = 1;
        } else if (isdigit((unsigned char)*c)) {
            seen_nonzero |= *c != '0';
            significant += seen_nonzero;
            after_point += seen_point;
        }
    }
    long exponent = (*c == 'e' || *c == 'E') ? strtol(c + 1, NULL, 10) : 0;
    long power = exponent - (long)after_point;
    mpz_t ten;
    mpz_init(ten);
    mpz_ui_pow_ui(ten, 10, (unsigned long)(power < 0 ? -power : power));
    mpq_set_z(unit, ten);
    if (power < 0)
        mpq_inv(unit, unit);
    mpz_clear(ten);
    return significant;
}

char *bloom_brief_rate(const char *rate, unsigned digits)
{
    mpq_t value, unit, low, high;
    mpq_inits(value, unit, low, high, (mpq_ptr)0);
    char *text = NULL;
    if (bloom_parse_rational(value, rate) == BLOOM_PARSE_OK && mpq_sgn(value) > 0) {
        unsigned significant = last_digit_unit(unit, rate);
        mpq_set(low, value);
        mpq_set(high, value);
        if (significant >= digits) {   /* rounded to nearest: within half a unit */
            mpq_div_2exp(unit, unit, 1);
            mpq_sub(low, value, unit);
            mpq_add(high, value, unit);
        }
        if (mpq_sgn(low) > 0) {
            mpq_inv(low, low);     /* the largest N */
            mpq_inv(high, high);   /* the smallest N */
            char *one_in = bloom_format_enclosed(high, low, one_in_digits(high));
            if (one_in != NULL) {
                char tail[96];
                snprintf(tail, sizeof tail, " (1 in %s)", one_in);
                text = join(rate, tail, "");
                free(one_in);
            }
        }
    }
    mpq_clears(value, unit, low, high, (mpq_ptr)0);
    return text != NULL ? text : join(rate, "", "");
}

static const bloom_field *find_field(const bloom_record *record, const char *key)
{
    for (size_t i = 0; i < record->count; i++)
        if (strcmp(record->fields[i].key, key) == 0)
            return &record->fields[i];
    return NULL;
}

void bloom_brief_select(bloom_record *brief, const bloom_record *full, const bloom_brief_line *lines,
                        unsigned digits, bloom_units units)
{
    for (const bloom_brief_line *line = lines; line->key != NULL; line++) {
        const bloom_field *field = find_field(full, line->key);
        if (field == NULL || field->kind == BLOOM_FIELD_MISSING)
            continue;
        const char *label = line->label != NULL ? line->label : field->label;
        if (line->kind == BLOOM_BRIEF_BYTES)
            bloom_record_take(brief, BLOOM_FIELD_TEXT, field->key, label, NULL,
                              bloom_brief_bytes(field->value, units));
        else if (line->kind == BLOOM_BRIEF_RATE)
            bloom_record_take(brief, BLOOM_FIELD_TEXT, field->key, label, field->unit,
                              bloom_brief_rate(field->value, digits));
        else
            bloom_record_add(brief, field->kind, field->key, label, field->unit, field->value);
    }
}

void bloom_brief_keep(bloom_record *record, const bloom_brief_line *lines, unsigned digits,
                      bloom_units units)
{
    bloom_record brief;
    bloom_record_init(&brief);
    bloom_brief_select(&brief, record, lines, digits, units);
    bloom_record_clear(record);
    *record = brief;
}
