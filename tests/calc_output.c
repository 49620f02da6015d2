/*
 * calc_output.c - output.h: records written as CSV (RFC 4180), JSON and a
 * table, to a tmpfile() and read back.
 *
 * Expected values: the field values the test itself put in the records.
 * CSV is read back with a small RFC 4180 reader written here (quoted fields,
 * doubled quotes, CRLF record ends), so a value with a comma, a quote
 * or a line break must come back unchanged.  JSON is compared, after
 * removing the whitespace outside strings, with texts written by hand
 * (numbers bare, text quoted with \" and \\ escapes).
 *
 * The key registry (output_keys.h): names unique, units and meanings given, and a
 * record refuses an unregistered key: appending one aborts (an assertion),
 * checked in a child process that must die of SIGABRT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CUnit/CUnit.h>

#include "calc_checks.h"
#include "calc_suites.h"
#include "output_keys.h"
#include "output.h"

/* Everything written to a temporary file by `write`. */
static char *capture(void (*write)(FILE *, const void *), const void *context)
{
    FILE *file = tmpfile();
    if (file == NULL)
        return NULL;
    write(file, context);
    long size = ftell(file);
    rewind(file);
    char *text = malloc((size_t)size + 1);
    size_t got = text != NULL ? fread(text, 1, (size_t)size, file) : 0;
    fclose(file);
    if (text != NULL)
        text[got] = '\0';
    return text;
}

/* The test records: two records sharing keys; values chosen to need quoting. */
typedef struct sample {
    bloom_record records[2];
    bloom_format format;
} sample;

static const char *const sample_values[2][3] = {
    {"9585058378", "a \"quoted\", value", "0.0100392"},
    {"64", "line\nbreak and back\\slash", "0.0234161"},
};

static void sample_init(sample *s, bloom_format format)
{
    s->format = format;
    for (size_t r = 0; r < 2; r++) {
        bloom_record_init(&s->records[r]);
        bloom_record_add(&s->records[r], BLOOM_FIELD_NUMBER, "m", "filter size", "bits",
                         sample_values[r][0]);
        bloom_record_add(&s->records[r], BLOOM_FIELD_TEXT, "rule", "rule", NULL,
                         sample_values[r][1]);
        char *owned = strdup(sample_values[r][2]);
        bloom_record_take(&s->records[r], BLOOM_FIELD_NUMBER, "fpr_exact", "exact rate", NULL,
                          owned);
    }
}

static void sample_clear(sample *s)
{
    bloom_record_clear(&s->records[0]);
    bloom_record_clear(&s->records[1]);
}

static void write_one(FILE *file, const void *context)
{
    const sample *s = context;
    bloom_write_record(file, &s->records[0], s->format);
}

static void write_both(FILE *file, const void *context)
{
    const sample *s = context;
    bloom_write_records(file, s->records, 2, s->format);
}

/* ------------------------------------------------------------ CSV */

/*
 * Reads RFC 4180 CSV: fields separated by commas, records ended by CRLF; a
 * quoted field may hold commas, line breaks and doubled quotes.  Stores the
 * fields in row-major order in `fields` (malloc'd strings) and returns the
 * number of rows, or -1 on malformed input.  *columns gets the width of the
 * first row; every row must have the same.
 */
static int read_csv(const char *text, const char *end, char **fields, size_t capacity, size_t *count,
                    size_t *columns)
{
    size_t length = strlen(text), i = 0, in_row = 0;
    int rows = 0;
    *count = 0;
    *columns = 0;
    while (i < length) {
        size_t size = strlen(text + i) + 1;
        char *field = malloc(size), *out = field;
        if (text[i] == '"') {
            for (i++;; i++) {
                if (i >= length) {
                    free(field);
                    return -1;
                }
                if (text[i] == '"' && text[i + 1] == '"')
                    *out++ = text[i++];
                else if (text[i] == '"')
                    break;
                else
                    *out++ = text[i];
            }
            i++;
        } else
            while (i < length && text[i] != ',' && text[i] != '\n' && text[i] != '\r') {
                if (text[i] == '"') {   /* a quote inside an unquoted field */
                    free(field);
                    return -1;
                }
                *out++ = text[i++];
            }
        *out = '\0';
        if (*count >= capacity) {
            free(field);
            return -1;
        }
        fields[(*count)++] = field;
        in_row++;
        if (text[i] == ',') {
            i++;
            continue;
        }
        if (strncmp(text + i, end, strlen(end)) == 0)   /* LF, or RFC 4180's CRLF with --crlf */
            i += strlen(end);
        else if (i < length)
            return -1;
        if (rows == 0)
            *columns = in_row;
        else if (in_row != *columns)
            return -1;
        rows++;
        in_row = 0;
    }
    return in_row == 0 ? rows : -1;
}

static void free_fields(char **fields, size_t count)
{
    for (size_t i = 0; i < count; i++)
        free(fields[i]);
}

/* The CSV of `rows` records (1 or 2), each line ending in `end`: header of keys, then the
 * values unchanged. */
static void check_csv(const char *text, size_t records, const char *end)
{
    static const char *const keys[] = {"m", "rule", "fpr_exact"};
    char *fields[32];
    size_t count = 0, columns = 0;
    int rows = text != NULL ? read_csv(text, end, fields, COUNT_OF(fields), &count, &columns) : -1;
    CHECK(rows == (int)records + 1 && columns == 3, "CSV not read as %zu rows of 3: %d rows, %zu columns:\n%s",
          records + 1, rows, columns, text != NULL ? text : "(null)");
    if (rows == (int)records + 1 && columns == 3)
        for (size_t c = 0; c < 3; c++) {
            CHECK(strcmp(fields[c], keys[c]) == 0, "header %zu is \"%s\"", c, fields[c]);
            for (size_t r = 0; r < records; r++)
                CHECK(strcmp(fields[3 * (r + 1) + c], sample_values[r][c]) == 0,
                      "row %zu field %zu is \"%s\"", r, c, fields[3 * (r + 1) + c]);
        }
    free_fields(fields, count);
}

static void test_csv_one_record(void)
{
    sample s;
    sample_init(&s, BLOOM_FORMAT_CSV);
    char *text = capture(write_one, &s);
    check_csv(text, 1, "\n");
    /* RFC 4180: a field with a quote is quoted and its quotes doubled. */
    CHECK(text != NULL && strstr(text, "\"a \"\"quoted\"\", value\"") != NULL,
          "quoting of a value with quotes and a comma:\n%s", text != NULL ? text : "(null)");
    free(text);
    sample_clear(&s);
}

static void test_csv_records(void)
{
    sample s;
    sample_init(&s, BLOOM_FORMAT_CSV);
    char *text = capture(write_both, &s);
    check_csv(text, 2, "\n");
    CHECK(text != NULL && strchr(text, '\r') == NULL, "a CR in LF-ended CSV:\n%s", text != NULL ? text : "(null)");
    free(text);
    sample_clear(&s);
}

/* --crlf: every line, the header's included, ends in CRLF. */
static void test_csv_crlf(void)
{
    sample s;
    sample_init(&s, BLOOM_FORMAT_CSV);
    bloom_csv_crlf = 1;
    char *text = capture(write_both, &s);
    bloom_csv_crlf = 0;
    check_csv(text, 2, "\r\n");
    free(text);
    sample_clear(&s);
}

/* ------------------------------------------------------------ JSON */

/* Copies `text` without the whitespace outside JSON strings. */
static char *squeeze_json(const char *text)
{
    char *out = malloc(strlen(text) + 1), *at = out;
    int in_string = 0;
    for (const char *c = text; *c != '\0'; c++) {
        if (in_string) {
            *at++ = *c;
            if (*c == '\\' && c[1] != '\0')
                *at++ = *++c;
            else if (*c == '"')
                in_string = 0;
        } else if (*c == '"') {
            in_string = 1;
            *at++ = *c;
        } else if (*c != ' ' && *c != '\n' && *c != '\r' && *c != '\t')
            *at++ = *c;
    }
    *at = '\0';
    return out;
}

/* JSON written by hand for the sample (a line break must be escaped as \n or \u000a). */
#define RECORD_0 "{\"m\":9585058378,\"rule\":\"a \\\"quoted\\\", value\",\"fpr_exact\":0.0100392}"
#define RECORD_1_N "{\"m\":64,\"rule\":\"line\\nbreak and back\\\\slash\",\"fpr_exact\":0.0234161}"
#define RECORD_1_U "{\"m\":64,\"rule\":\"line\\u000abreak and back\\\\slash\",\"fpr_exact\":0.0234161}"

static void check_json(char *text, const char *expected, const char *alternative)
{
    char *squeezed = text != NULL ? squeeze_json(text) : NULL;
    CHECK(squeezed != NULL
              && (strcmp(squeezed, expected) == 0
                  || (alternative != NULL && strcmp(squeezed, alternative) == 0)),
          "JSON:\n%s\nexpected (up to whitespace):\n%s", text != NULL ? text : "(null)", expected);
    free(squeezed);
    free(text);
}

static void test_json_one_record(void)
{
    sample s;
    sample_init(&s, BLOOM_FORMAT_JSON);
    check_json(capture(write_one, &s), RECORD_0, NULL);
    sample_clear(&s);
}

static void test_json_records(void)
{
    sample s;
    sample_init(&s, BLOOM_FORMAT_JSON);
    check_json(capture(write_both, &s), "[" RECORD_0 "," RECORD_1_N "]",
               "[" RECORD_0 "," RECORD_1_U "]");
    sample_clear(&s);
}

/* ------------------------------------------------------------ table and names */

/* A table row holds the label, the value and the unit, on one line. */
static void test_table_record(void)
{
    sample s;
    sample_init(&s, BLOOM_FORMAT_TABLE);
    char *text = capture(write_one, &s);
    const char *line = text != NULL ? strstr(text, "filter size") : NULL;
    const char *end = line != NULL ? strchr(line, '\n') : NULL;
    const char *value = line != NULL ? strstr(line, "9585058378") : NULL;
    const char *unit = value != NULL ? strstr(value, "bits") : NULL;
    CHECK(value != NULL && unit != NULL && (end == NULL || unit < end),
          "table row for m:\n%s", text != NULL ? text : "(null)");
    CHECK(text != NULL && strstr(text, "exact rate") != NULL && strstr(text, "0.0100392") != NULL,
          "table rows:\n%s", text != NULL ? text : "(null)");
    free(text);
    sample_clear(&s);
}

/* output.h: the --format names in bloom_format order, NULL-terminated. */
static void test_format_names(void)
{
    CHECK(bloom_format_names[BLOOM_FORMAT_TABLE] != NULL
              && strcmp(bloom_format_names[BLOOM_FORMAT_TABLE], "table") == 0
              && strcmp(bloom_format_names[BLOOM_FORMAT_CSV], "csv") == 0
              && strcmp(bloom_format_names[BLOOM_FORMAT_JSON], "json") == 0
              && bloom_format_names[BLOOM_FORMAT_JSON + 1] == NULL,
          "format names are not table, csv, json");
}

/* output_keys.h: one entry per name, each with a unit and a meaning, found by name. */
static void test_key_registry(void)
{
    for (size_t i = 0; i < bloom_key_count; i++) {
        const bloom_key *key = &bloom_keys[i];
        CHECK(key->unit[0] != '\0' && key->meaning[0] != '\0', "key %s has no unit or meaning", key->name);
        CHECK(bloom_key_find(key->name) == key, "key %s is registered twice", key->name);
    }
    CHECK(bloom_key_find("fpr_exact") != NULL && bloom_key_find("reachable_bits") == NULL
              && bloom_key_find("") == NULL,
          "bloom_key_find does not tell registered keys from others");
}

/* output.h: a record cannot take an unregistered key (the child aborts). */
static void test_unregistered_key_refused(void)
{
    pid_t child = fork();
    CHECK(child >= 0, "fork failed");
    if (child == 0) {
        fclose(stderr);   /* the assertion's message is expected */
        bloom_record record;
        bloom_record_init(&record);
        bloom_record_add(&record, BLOOM_FIELD_TEXT, "no_such_key", "label", NULL, "value");
        _exit(0);
    }
    int status = 0;
    CHECK(waitpid(child, &status, 0) == child && WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
          "a record took the unregistered key 'no_such_key' (child status %d)", status);
}

static const bloom_test_case output_cases[] = {
    {"CSV of one record, RFC 4180 quoting", test_csv_one_record},
    {"CSV of two records", test_csv_records},
    {"CSV with CRLF line ends (--crlf)", test_csv_crlf},
    {"JSON of one record", test_json_one_record},
    {"JSON array of records", test_json_records},
    {"table rows", test_table_record},
    {"format names", test_format_names},
    {"key registry", test_key_registry},
    {"unregistered key refused", test_unregistered_key_refused},
    {NULL, NULL},
};

const bloom_test_suite calc_output_suite = {"output", output_cases};
