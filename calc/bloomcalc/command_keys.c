/*
 * command_keys.c - "bloomcalc keys": the output vocabulary of both
 * programs (calc/cli/output_keys.h), one record per key: its name, unit and
 * meaning.  Every key any command of bloomcalc or bloomsim prints is one of
 * these (the record code asserts it).  Parsing and printing only.
 */
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "fields.h"
#include "output_keys.h"
#include "options.h"

static const char description[] =
    "Lists every output key of bloomcalc and bloomsim (the CSV columns and JSON\n"
    "members of every command) with its unit and meaning.  A key means the same in\n"
    "every command that prints it; the simulator prints the calculator's predictions\n"
    "under the calculator's keys.";

int bloomcalc_keys(int argc, char **argv, int first)
{
    bloom_output_choice output = { BLOOM_DEFAULT_DIGITS, BLOOM_FORMAT_CSV };
    bloom_option options[] = { BLOOM_OUTPUT_OPTIONS(output) };
    bloom_command_line line = { "bloomcalc", "keys", "[OPTIONS]", description, options,
                                sizeof options / sizeof options[0], NULL };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    if (parsed != BLOOM_OPTIONS_PARSED)
        return bloom_options_exit_status(parsed);   /* --help printed, or refused */
    bloom_record *records = calloc(bloom_key_count, sizeof *records);
    if (records == NULL)
        abort();
    for (size_t i = 0; i < bloom_key_count; i++) {
        bloom_record_init(&records[i]);
        bloom_record_add(&records[i], BLOOM_FIELD_TEXT, "key", "key", NULL, bloom_keys[i].name);
        bloom_record_add(&records[i], BLOOM_FIELD_TEXT, "unit", "unit", NULL, bloom_keys[i].unit);
        bloom_record_add(&records[i], BLOOM_FIELD_TEXT, "meaning", "meaning", NULL,
                         bloom_keys[i].meaning);
    }
    bloom_write_records(stdout, records, bloom_key_count, (bloom_format)output.format);
    for (size_t i = 0; i < bloom_key_count; i++)
        bloom_record_clear(&records[i]);
    free(records);
    return BLOOM_EXIT_SUCCESS;
}
