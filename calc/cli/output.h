/*
 * output.h - records of named values, written as a table for people, as
 * CSV with a header row (RFC 4180's, with LF line ends unless --crlf
 * asks for its CRLF), or as JSON (one object, or an array of
 * objects for several records).  Shared by bloomcalc and bloomsim so that
 * both speak the same formats.  Values are already-formatted text; a
 * number field is written bare in JSON, a text field quoted.
 */
#ifndef BLOOMCALC_OUTPUT_H
#define BLOOMCALC_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

typedef enum bloom_format { BLOOM_FORMAT_TABLE, BLOOM_FORMAT_CSV, BLOOM_FORMAT_JSON } bloom_format;

/* The names accepted by --format, in bloom_format order, NULL-terminated. */
extern const char *const bloom_format_names[];

/*
 * Nonzero: CSV lines end in CRLF, as RFC 4180 writes them; zero (the
 * default): in LF, so that awk, cut and grep read the last field without
 * a stray CR.  Set by --crlf (options.h, BLOOM_OUTPUT_OPTIONS).
 */
extern int bloom_csv_crlf;

/* A missing value is written as an empty CSV field, JSON null and "-" in tables. */
typedef enum bloom_field_kind { BLOOM_FIELD_NUMBER, BLOOM_FIELD_TEXT, BLOOM_FIELD_MISSING } bloom_field_kind;

typedef struct bloom_field {
    const char *key;     /* CSV column / JSON key, e.g. "fpr_exact" */
    const char *label;   /* what people read in a table, e.g. "exact rate" */
    const char *unit;    /* written after the value in a table, or NULL */
    char *value;         /* owned by the record */
    bloom_field_kind kind;
} bloom_field;

typedef struct bloom_record {
    bloom_field *fields;
    size_t count;
    size_t capacity;
} bloom_record;

void bloom_record_init(bloom_record *record);
void bloom_record_clear(bloom_record *record);

/* Appends a field; `value` is copied.  Key, label and unit must outlive the
 * record; the key must be registered (output_keys.h: an assertion). */
void bloom_record_add(bloom_record *record, bloom_field_kind kind, const char *key,
                      const char *label, const char *unit, const char *value);

/* Appends a field, taking ownership of the malloc'd `value`. */
void bloom_record_take(bloom_record *record, bloom_field_kind kind, const char *key,
                       const char *label, const char *unit, char *value);

/* Writes one record: table rows "label  value unit", a CSV header and row, or a JSON object. */
void bloom_write_record(FILE *out, const bloom_record *record, bloom_format format);

/*
 * Writes records that share their keys: a table with one column per key, a
 * CSV header and one row each, or a JSON array of objects.
 */
void bloom_write_records(FILE *out, const bloom_record *records, size_t count, bloom_format format);

#endif
