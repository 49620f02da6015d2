/*
 * sizes.c - a memory size with its unit, read exactly as a number of bits.
 *
 * The text splits into a number (the longest prefix that is not a run of
 * trailing letters, spaces removed at its end) and a unit (that run).  The
 * number is read by numbers.c as an exact rational and multiplied by the
 * unit's exact number of bits: 8 for a byte, 10^3j or 2^10j for the SI and
 * IEC prefixes (IEC 80000-13:2008; BIPM, The International System of
 * Units, 9th edition, 2019, section 3).  No double is involved, so
 * "0.5 GiB" is exactly 4 294 967 296 bits and "2^30 B" exactly 2^33.
 *
 * Ambiguous spellings are refused rather than guessed: a lower-case "b"
 * reads as bit or byte (hur.st takes "Mb" as megabits, many people as
 * megabytes), "KB" and a bare prefix ("G") as SI or IEC bytes, "Kib" as
 * kibibits or kibibytes.  Their readings are generated from the prefix
 * table, so the message names two units that are both accepted.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sizes.h"

const char bloom_size_units[] =
    "B, kB, MB, GB, TB, KiB, MiB, GiB, TiB, bit, kbit, Mbit, Gbit, Tbit, Kibit, Mibit, Gibit, Tibit";

/* A unit: its symbol, the bits it holds (bits_base^exponent x byte), and its value in words. */
typedef struct size_unit {
    const char *symbol;
    unsigned base;       /* 10 or 2 */
    unsigned exponent;   /* 0 for B and bit */
    int byte;            /* 8 bits per unit of base^exponent */
    const char *meaning; /* "10^9 bytes" */
} size_unit;

static const size_unit units[] = {
    { "B", 10, 0, 1, "a byte" },        { "kB", 10, 3, 1, "10^3 bytes" },
    { "MB", 10, 6, 1, "10^6 bytes" },   { "GB", 10, 9, 1, "10^9 bytes" },
    { "TB", 10, 12, 1, "10^12 bytes" }, { "KiB", 2, 10, 1, "2^10 bytes" },
    { "MiB", 2, 20, 1, "2^20 bytes" },  { "GiB", 2, 30, 1, "2^30 bytes" },
    { "TiB", 2, 40, 1, "2^40 bytes" },  { "bit", 10, 0, 0, "a bit" },
    { "bits", 10, 0, 0, "bits" },       { "kbit", 10, 3, 0, "10^3 bits" },
    { "Mbit", 10, 6, 0, "10^6 bits" },  { "Gbit", 10, 9, 0, "10^9 bits" },
    { "Tbit", 10, 12, 0, "10^12 bits" }, { "Kibit", 2, 10, 0, "2^10 bits" },
    { "Mibit", 2, 20, 0, "2^20 bits" }, { "Gibit", 2, 30, 0, "2^30 bits" },
    { "Tibit", 2, 40, 0, "2^40 bits" },
};

/* The prefixes people type, either case, and their SI and IEC symbols. */
static const struct { char letter; const char *si, *iec; } prefixes[] = {
    { 'k', "k", "Ki" }, { 'm', "M", "Mi" }, { 'g', "G", "Gi" }, { 't', "T", "Ti" },
};

static const size_unit *find_unit(const char *symbol)
{
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strcmp(units[i].symbol, symbol) == 0)
            return &units[i];
    return NULL;
}

/* Where the unit starts: after the number and any spaces; `*number_end` where the number ends. */
static size_t split_unit(const char *text, size_t *number_end)
{
    size_t length = strlen(text), start = length;
    while (start > 0 && isalpha((unsigned char)text[start - 1]))
        start--;
    size_t end = start;
    while (end > 0 && text[end - 1] == ' ')
        end--;
    *number_end = end;
    return start;
}

/* Writes "A (meaning) or B (meaning)" for two accepted symbols. */
static int write_readings(char *buffer, size_t size, const char *first, const char *second)
{
    const size_unit *a = find_unit(first), *b = find_unit(second);
    if (a == NULL || b == NULL)
        return 0;
    snprintf(buffer, size, "%s (%s) or %s (%s)", a->symbol, a->meaning, b->symbol, b->meaning);
    return 1;
}

/* The two readings of an unaccepted unit symbol, if it has two. */
static int unit_readings(char *buffer, size_t size, const char *unit)
{
    if (strcmp(unit, "b") == 0)
        return write_readings(buffer, size, "bit", "B");
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        if (tolower((unsigned char)unit[0]) != prefixes[i].letter)
            continue;
        const char *rest = unit + 1;
        char first[8], second[8];
        if (strcmp(rest, "") == 0 || strcmp(rest, "B") == 0) {        /* G, KB: SI or IEC bytes */
            snprintf(first, sizeof first, "%sB", prefixes[i].si);
            snprintf(second, sizeof second, "%sB", prefixes[i].iec);
        } else if (strcmp(rest, "b") == 0) {                           /* Mb, mb: bits or bytes */
            snprintf(first, sizeof first, "%sbit", prefixes[i].si);
            snprintf(second, sizeof second, "%sB", prefixes[i].si);
        } else if (strcmp(rest, "ib") == 0 || strcmp(rest, "i") == 0) { /* Mib: IEC bits or bytes */
            snprintf(first, sizeof first, "%sbit", prefixes[i].iec);
            snprintf(second, sizeof second, "%sB", prefixes[i].iec);
        } else if (strcmp(rest, "bit") == 0) {                         /* Kbit: SI or IEC bits */
            snprintf(first, sizeof first, "%sbit", prefixes[i].si);
            snprintf(second, sizeof second, "%sbit", prefixes[i].iec);
        } else {
            return 0;
        }
        return write_readings(buffer, size, first, second);
    }
    return 0;
}

int bloom_size_readings(char *buffer, size_t size, const char *text)
{
    size_t number_end;
    size_t start = split_unit(text, &number_end);
    if (size > 0)
        buffer[0] = '\0';
    if (text[start] == '\0' || find_unit(text + start) != NULL)
        return 0;
    return unit_readings(buffer, size, text + start);
}

int bloom_parse_size(mpz_ptr rop, const char *text, bloom_size_bare bare,
                     mpz_srcptr minimum, mpz_srcptr maximum)
{
    size_t number_end;
    size_t start = split_unit(text, &number_end);
    const size_unit *unit = NULL;
    if (text[start] != '\0') {
        unit = find_unit(text + start);
        if (unit == NULL) {
            char readings[160];
            return bloom_size_readings(readings, sizeof readings, text) ? BLOOM_PARSE_AMBIGUOUS
                                                                       : BLOOM_PARSE_SYNTAX;
        }
    } else if (bare == BLOOM_SIZE_BARE_BYTES) {
        unit = find_unit("B");
    } else {
        unit = find_unit("bit");
    }
    char *number = malloc(number_end + 1);
    if (number == NULL)
        abort();
    memcpy(number, text, number_end);
    number[number_end] = '\0';
    mpq_t value;
    mpq_init(value);
    int status = bloom_parse_rational(value, number);
    if (status == BLOOM_PARSE_OK && (number[0] == '-' || mpq_sgn(value) < 0))
        status = BLOOM_PARSE_OUT_OF_RANGE;
    free(number);
    if (status == BLOOM_PARSE_OK) {
        mpz_t scale;
        mpz_init(scale);
        mpz_ui_pow_ui(scale, unit->base, unit->exponent);
        if (unit->byte)
            mpz_mul_ui(scale, scale, 8);
        mpz_mul(mpq_numref(value), mpq_numref(value), scale);
        mpq_canonicalize(value);
        mpz_clear(scale);
        if (mpz_cmp_ui(mpq_denref(value), 1) != 0)
            status = BLOOM_PARSE_NOT_WHOLE;
        else if ((minimum != NULL && mpz_cmp(mpq_numref(value), minimum) < 0)
                 || (maximum != NULL && mpz_cmp(mpq_numref(value), maximum) > 0))
            status = BLOOM_PARSE_OUT_OF_RANGE;
        else
            mpz_set(rop, mpq_numref(value));
    }
    mpq_clear(value);
    return status;
}
