/*
 * output.c - writes records of named values in the three formats both
 * programs share.
 *
 *   table  for people: one record as aligned "label  value unit" lines;
 *          several records as columns headed by their keys
 *   csv    RFC 4180: a header row of keys, one row per record, fields
 *          quoted when they hold a comma, quote, CR or LF (quotes
 *          doubled); lines end in LF, which Unix tools split on, or in
 *          RFC 4180's CRLF with --crlf (bloom_csv_crlf)
 *   json   RFC 8259: one object, or an array of objects; number fields are
 *          written bare (they may carry more digits than a double holds,
 *          which is intended), text fields as escaped strings
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "output_keys.h"
#include "output.h"
#include "standard_output.h"

const char *const bloom_format_names[] = { "table", "csv", "json", NULL };

int bloom_csv_crlf;

void bloom_record_init(bloom_record *record)
{
    record->fields = NULL;
    record->count = 0;
    record->capacity = 0;
}

void bloom_record_clear(bloom_record *record)
{
    for (size_t i = 0; i < record->count; i++)
        free(record->fields[i].value);
    free(record->fields);
    bloom_record_init(record);
}

void bloom_record_take(bloom_record *record, bloom_field_kind kind, const char *key,
                       const char *label, const char *unit, char *value)
{
    /* One vocabulary: only a key of the registry (output_keys.h) can be printed. */
    assert(bloom_key_find(key) != NULL);
    if (record->count == record->capacity) {
        size_t capacity = record->capacity ? record->capacity * 2 : 16;
        bloom_field *fields = realloc(record->fields, capacity * sizeof *fields);
        if (fields == NULL)
            abort();
        record->fields = fields;
        record->capacity = capacity;
    }
    bloom_field *field = &record->fields[record->count++];
    field->key = key;
    field->label = label;
    field->unit = unit;
    field->value = value;
    field->kind = kind;
}

void bloom_record_add(bloom_record *record, bloom_field_kind kind, const char *key,
                      const char *label, const char *unit, const char *value)
{
    char *copy = malloc(strlen(value) + 1);
    if (copy == NULL)
        abort();
    strcpy(copy, value);
    bloom_record_take(record, kind, key, label, unit, copy);
}

/* --- CSV ------------------------------------------------------------------ */

static void write_csv_field(FILE *out, const char *text)
{
    if (strpbrk(text, ",\"\r\n") == NULL) {
        fputs(text, out);
        return;
    }
    fputc('"', out);
    for (const char *c = text; *c != '\0'; c++) {
        if (*c == '"')
            fputc('"', out);
        fputc(*c, out);
    }
    fputc('"', out);
}

static void write_csv(FILE *out, const bloom_record *records, size_t count)
{
    const char *line_end = bloom_csv_crlf ? "\r\n" : "\n";
    if (count == 0)
        return;
    for (size_t i = 0; i < records[0].count; i++) {
        if (i > 0)
            fputc(',', out);
        write_csv_field(out, records[0].fields[i].key);
    }
    fputs(line_end, out);
    for (size_t r = 0; r < count; r++) {
        for (size_t i = 0; i < records[r].count; i++) {
            if (i > 0)
                fputc(',', out);
            write_csv_field(out, records[r].fields[i].value);
        }
        fputs(line_end, out);
    }
}

/* --- JSON ----------------------------------------------------------------- */

static void write_json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)text; *c != '\0'; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(out, "\\%c", *c);
        else if (*c == '\n')
            fputs("\\n", out);
        else if (*c < 0x20)
            fprintf(out, "\\u%04x", *c);
        else
            fputc(*c, out);
    }
    fputc('"', out);
}

static void write_json_object(FILE *out, const bloom_record *record, const char *indent)
{
    fprintf(out, "{\n");
    for (size_t i = 0; i < record->count; i++) {
        const bloom_field *field = &record->fields[i];
        fprintf(out, "%s  ", indent);
        write_json_string(out, field->key);
        fputs(": ", out);
        if (field->kind == BLOOM_FIELD_MISSING)
            fputs("null", out);
        else if (field->kind == BLOOM_FIELD_NUMBER)
            fputs(field->value, out);
        else
            write_json_string(out, field->value);
        fputs(i + 1 < record->count ? ",\n" : "\n", out);
    }
    fprintf(out, "%s}", indent);
}

static void write_json(FILE *out, const bloom_record *records, size_t count, int as_array)
{
    if (!as_array) {
        write_json_object(out, &records[0], "");
        fputc('\n', out);
        return;
    }
    fputs("[\n", out);
    for (size_t r = 0; r < count; r++) {
        fputs("  ", out);
        write_json_object(out, &records[r], "  ");
        fputs(r + 1 < count ? ",\n" : "\n", out);
    }
    fputs("]\n", out);
}

/* --- tables for people ---------------------------------------------------- */

/* Display width of UTF-8 text: code points, not bytes. */
static size_t display_width(const char *text)
{
    size_t width = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c != '\0'; c++)
        width += (*c & 0xC0) != 0x80;
    return width;
}

static void pad(FILE *out, size_t count)
{
    while (count-- > 0)
        fputc(' ', out);
}

static void write_table_record(FILE *out, const bloom_record *record)
{
    size_t width = 0;
    for (size_t i = 0; i < record->count; i++) {
        size_t label = display_width(record->fields[i].label);
        width = label > width ? label : width;
    }
    for (size_t i = 0; i < record->count; i++) {
        const bloom_field *field = &record->fields[i];
        fputs(field->label, out);
        pad(out, width - display_width(field->label) + 2);
        fputs(field->value, out);
        if (field->unit != NULL && field->unit[0] != '\0')
            fprintf(out, " %s", field->unit);
        fputc('\n', out);
    }
}

static void write_table_records(FILE *out, const bloom_record *records, size_t count)
{
    if (count == 0)
        return;
    size_t columns = records[0].count;
    size_t *widths = calloc(columns, sizeof *widths);
    if (widths == NULL)
        abort();
    for (size_t i = 0; i < columns; i++) {
        widths[i] = display_width(records[0].fields[i].key);
        for (size_t r = 0; r < count; r++) {
            size_t value = display_width(records[r].fields[i].value);
            widths[i] = value > widths[i] ? value : widths[i];
        }
    }
    for (size_t i = 0; i < columns; i++) {
        const char *key = records[0].fields[i].key;
        pad(out, widths[i] - display_width(key) + (i > 0 ? 2 : 0));
        fputs(key, out);
    }
    fputc('\n', out);
    for (size_t r = 0; r < count; r++) {
        for (size_t i = 0; i < columns; i++) {
            const char *value = records[r].fields[i].value;
            pad(out, widths[i] - display_width(value) + (i > 0 ? 2 : 0));
            fputs(value, out);
        }
        fputc('\n', out);
    }
    free(widths);
}

void bloom_write_record(FILE *out, const bloom_record *record, bloom_format format)
{
    switch (format) {
    case BLOOM_FORMAT_TABLE:
        write_table_record(out, record);
        break;
    case BLOOM_FORMAT_CSV:
        write_csv(out, record, 1);
        break;
    case BLOOM_FORMAT_JSON:
        write_json(out, record, 1, 0);
        break;
    }
    bloom_standard_output_note(out);
}

void bloom_write_records(FILE *out, const bloom_record *records, size_t count, bloom_format format)
{
    switch (format) {
    case BLOOM_FORMAT_TABLE:
        write_table_records(out, records, count);
        break;
    case BLOOM_FORMAT_CSV:
        write_csv(out, records, count);
        break;
    case BLOOM_FORMAT_JSON:
        write_json(out, records, count, 1);
        break;
    }
    bloom_standard_output_note(out);
}
