/*
 * columns.c - the --columns option of commands that print records with many
 * fields (bloomcalc table, compare): the list is checked before any row is
 * computed, then each row keeps the named fields in the order named.  A
 * record with bytes also answers its memory in kB, MB, TB, KiB, MiB and TiB
 * when those columns are named.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>

#include "columns.h"
#include "fields.h"
#include "numbers.h"

/* The memory of a record in other units, asked for by name: bytes / base^power,
 * exact, printed as every rational is (numbers.h).  gigabytes and gibibytes
 * are fields of their own. */
static const struct {
    const char *key, *label, *unit;
    unsigned long base, power;
} unit_views[] = {
    { "kilobytes", "memory (kB)", "kB", 1000, 1 },
    { "megabytes", "memory (MB)", "MB", 1000, 2 },
    { "terabytes", "memory (TB)", "TB", 1000, 4 },
    { "kibibytes", "memory (KiB)", "KiB", 1024, 1 },
    { "mebibytes", "memory (MiB)", "MiB", 1024, 2 },
    { "tebibytes", "memory (TiB)", "TiB", 1024, 4 },
};

/* Appends the unit view named name[0..length) of full's bytes; 0 when there is none. */
static int add_unit_view(bloom_record *row, const bloom_record *full, const char *name, size_t length,
                         unsigned digits)
{
    const bloom_field *bytes = NULL;
    for (size_t i = 0; i < full->count; i++)
        if (strcmp(full->fields[i].key, "bytes") == 0)
            bytes = &full->fields[i];
    for (size_t v = 0; v < sizeof unit_views / sizeof unit_views[0]; v++) {
        if (strlen(unit_views[v].key) != length || strncmp(unit_views[v].key, name, length) != 0)
            continue;
        if (bytes == NULL)
            return 0;
        if (bytes->kind != BLOOM_FIELD_NUMBER) {
            bloom_record_add(row, bytes->kind, unit_views[v].key, unit_views[v].label, NULL, bytes->value);
            return 1;
        }
        mpq_t value;
        mpz_t scale;
        mpq_init(value);
        mpz_init(scale);
        bloom_fields_read_whole(mpq_numref(value), bytes->value);
        mpz_ui_pow_ui(scale, unit_views[v].base, unit_views[v].power);
        mpq_set_den(value, scale);
        mpq_canonicalize(value);
        bloom_record_take(row, BLOOM_FIELD_NUMBER, unit_views[v].key, unit_views[v].label,
                          unit_views[v].unit, bloom_format_rational(value, digits));
        mpq_clear(value);
        mpz_clear(scale);
        return 1;
    }
    return 0;
}

const char *bloom_columns_select(bloom_record *row, bloom_record *full, const char *columns,
                                 unsigned digits)
{
    if (columns == NULL) {
        *row = *full;
        bloom_record_init(full);
        return NULL;
    }
    static char unknown[128];
    const char *name = columns;
    while (*name != '\0') {
        size_t length = strcspn(name, ",");
        size_t i = 0;
        while (i < full->count && !(strlen(full->fields[i].key) == length
                                    && strncmp(full->fields[i].key, name, length) == 0))
            i++;
        if (i < full->count) {
            bloom_field *field = &full->fields[i];
            bloom_record_add(row, field->kind, field->key, field->label, field->unit, field->value);
        } else if (!add_unit_view(row, full, name, length, digits)) {
            snprintf(unknown, sizeof unknown, "%.*s", (int)(length < 100 ? length : 100), name);
            return unknown;
        }
        name += length + (name[length] == ',');
    }
    return NULL;
}

int bloom_columns_check(const char *columns, const bloom_command_line *line)
{
    static const char accepted[] = "accepted: keys of the records, separated by single commas, each at most once";
    for (const char *name = columns; columns != NULL; name += strcspn(name, ",") + 1) {
        size_t length = strcspn(name, ",");
        if (length == 0) {
            bloom_options_error(line, "--columns: '%s' has an empty item; %s", columns, accepted);
            return BLOOM_EXIT_USAGE;
        }
        for (const char *before = columns; before < name; before += strcspn(before, ",") + 1)
            if (strcspn(before, ",") == length && strncmp(before, name, length) == 0) {
                bloom_options_error(line, "--columns: '%.*s' is named twice; %s",
                                    (int)(length < 100 ? length : 100), name, accepted);
                return BLOOM_EXIT_USAGE;
            }
        if (name[length] == '\0')
            break;
    }
    return BLOOM_EXIT_SUCCESS;
}

