/*
 * columns.c - the --columns option of commands that print records with many
 * fields (bloomcalc table, compare): the list is checked before any row is
 * computed, then each row keeps the named fields in the order named.
 */
#include <stdio.h>
#include <string.h>

#include "columns.h"

const char *bloom_columns_select(bloom_record *row, bloom_record *full, const char *columns)
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
        if (i == full->count) {
            snprintf(unknown, sizeof unknown, "%.*s", (int)(length < 100 ? length : 100), name);
            return unknown;
        }
        bloom_field *field = &full->fields[i];
        bloom_record_add(row, field->kind, field->key, field->label, field->unit, field->value);
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

