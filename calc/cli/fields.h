/*
 * fields.h - building an output record (output.h) from exact integers,
 * exact rationals and certified real quantities, with the digit rules of
 * numbers.h.  Shared by every command of both programs.
 *
 * A bloom_fields remembers the number of significant digits, whether
 * integers are grouped for people, and the first failure, so a command
 * can append all its fields and check once before printing anything.
 */
#ifndef BLOOMCALC_FIELDS_H
#define BLOOMCALC_FIELDS_H

#include "certified.h"
#include "bloom_limits.h"
#include "output.h"

#define BLOOM_DEFAULT_DIGITS 9UL

typedef struct bloom_fields {
    bloom_record record;
    unsigned digits;   /* significant digits of rationals and real quantities */
    int grouped;       /* integers in groups of three (the table format) */
    int status;        /* BLOOM_OK, or the first failure of bloom_fields_quantity */
} bloom_fields;

/* Starts an empty record; integers are grouped when format is the table. */
void bloom_fields_init(bloom_fields *fields, unsigned long digits, bloom_format format);
void bloom_fields_clear(bloom_fields *fields);

/*
 * Appends a certified real, correctly rounded to the digits.  If it cannot
 * be certified (status BLOOM_UNDEFINED or BLOOM_UNRESOLVED) nothing is
 * appended and fields->status records the failure.
 */
void bloom_fields_quantity(bloom_fields *fields, const char *key, const char *label,
                           const char *unit, const bloom_quantity *quantity);

/* Appends an exact integer. */
void bloom_fields_integer(bloom_fields *fields, const char *key, const char *label,
                          const char *unit, mpz_srcptr value);

/* Appends an unsigned long. */
void bloom_fields_unsigned(bloom_fields *fields, const char *key, const char *label,
                           const char *unit, unsigned long value);

/* Appends an exact rational: exact if it terminates within the digits, else rounded to nearest. */
void bloom_fields_rational(bloom_fields *fields, const char *key, const char *label,
                           const char *unit, mpq_srcptr value);

/* Appends a rational as the text "numerator/denominator". */
void bloom_fields_fraction(bloom_fields *fields, const char *key, const char *label,
                           mpq_srcptr value);

/*
 * Appends a real known only approximately: `value` with an absolute error
 * of at most `error` (both finite doubles, error >= 0), as for a statistic
 * computed in floating point.  It is written correctly rounded with the
 * most significant digits, at most fields->digits, on which every number
 * of [value - error, value + error] agrees, so that no printed digit is
 * wrong whatever the error.  An exact value (error 0) is written as a
 * rational (bloom_fields_rational).  A range that holds 0 is written "0";
 * one with no digit in common otherwise (an error as large as the value)
 * gets its midpoint to one digit.  NaN is written as the text "none",
 * infinity as "never" (a count that no run reaches).
 */
void bloom_fields_approximate(bloom_fields *fields, const char *key, const char *label,
                              const char *unit, double value, double error);

/* The text of [low, high] to the correctly rounded digits common to all
 * its numbers, at most `digits` of them and at most 40 (malloc'd); NULL when not even
 * one digit is common. */
char *bloom_format_enclosed(mpq_srcptr low, mpq_srcptr high, unsigned digits);

/* Reads back into rop a whole number as bloom_fields_integer printed it
 * (digits, grouped by spaces in the table format); 0 for any other text. */
int bloom_fields_read_whole(mpz_ptr rop, const char *text);

/* Appends a missing value (no value for this row). */
void bloom_fields_missing(bloom_fields *fields, const char *key, const char *label);

/* Appends a text field. */
void bloom_fields_text(bloom_fields *fields, const char *key, const char *label,
                       const char *value);

#endif
