/*
 * command_structures.c - "bloomcalc structures P": bits per key of other
 * approximate-membership structures at rate P, and the counter overflow
 * of a counting Bloom filter for N keys (structures.h).  Parsing and
 * printing only.
 */
#include <math.h>
#include <stdio.h>

#include "columns.h"
#include "commands.h"
#include "description.h"
#include "fields.h"
#include "fpr.h"
#include "memory_fields.h"
#include "options.h"
#include "sizing.h"
#include "structures.h"

static const char description[] =
    "Bits per key at target rate P for the information-theoretic floor log2(1/P),\n"
    "a Bloom filter, a counting Bloom filter (c-bit counters), cuckoo, xor, binary\n"
    "fuse and ribbon filters, each labelled exact or approximate with its reference\n"
    "(the papers' space formulas).  With -n N, the memory of N keys (m_bits =\n"
    "ceil(N x bits per key), bytes, GB and GiB), and the counting\n"
    "Bloom filter's overflow: the textbook filter for N keys at P (or -m M counters)\n"
    "with c-bit counters (--counter-bits, default 4) and its best k, the probability\n"
    "one counter overflows and\n"
    "that any does, between the Bonferroni bounds max(0, S1 - S2) and min(1, S1),\n"
    "with Fan et al.'s bound (as published, not capped at 1).  With kN < 2^c no\n"
    "counter can overflow and every overflow value is exactly 0.  The overflow\n"
    "columns are empty on the other rows.";

/* The counting Bloom filter's overflow fields (or missing values). */
static void put_overflow(bloom_fields *fields, const bloom_counting_arguments *counting)
{
    static const struct { const char *key; bloom_enclose_function enclose; } bounds[] = {
        { "overflow_one_counter", bloom_enclose_counter_overflow_one },
        { "overflow_any_lower", bloom_enclose_counter_overflow_lower },
        { "overflow_any_upper", bloom_enclose_counter_overflow_upper },
        { "overflow_fan_bound", bloom_enclose_counter_overflow_fan },
    };
    for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
        bloom_quantity value = { bounds[i].enclose, counting, NULL };
        if (counting != NULL)
            bloom_fields_quantity(fields, bounds[i].key, bounds[i].key, NULL, &value);
        else
            bloom_fields_missing(fields, bounds[i].key, bounds[i].key);
    }
}

/* What structure_row returns, besides a bloom_status, when --columns names an unknown key. */
#define UNKNOWN_COLUMN (-1)

/* One row, with the fields `columns` names (all if NULL). */
static int structure_row(bloom_record *row, size_t index, mpq_srcptr p, mpz_srcptr n,
                         const bloom_counting_arguments *counting, const char *columns,
                         const bloom_output_choice *output)
{
    const bloom_structure *structure = &bloom_structures[index];
    bloom_structure_arguments arguments = { structure, p, counting->counter_bits };
    bloom_quantity bits = { bloom_enclose_structure_bits_per_key, &arguments,
                            bloom_exact_structure_bits_per_key };
    bloom_fields fields;
    bloom_fields_init(&fields, output->digits, (bloom_format)output->format);
    char name[64];
    if (structure->per_counter_bit)   /* "counting bloom (3-bit)": the counters asked for */
        snprintf(name, sizeof name, "%s (%lu-bit)", structure->name, counting->counter_bits);
    else
        snprintf(name, sizeof name, "%s", structure->name);
    bloom_fields_text(&fields, "structure", "structure", name);
    bloom_fields_quantity(&fields, "bits_per_key", "bits/key", NULL, &bits);
    bloom_fields_text(&fields, "status", "status", structure->status);
    bloom_fields_text(&fields, "reference", "reference", structure->reference);
    if (n != NULL) {
        bloom_fields_integer(&fields, "n", "keys", NULL, n);
        put_overflow(&fields, structure->per_counter_bit ? counting : NULL);
        bloom_fields_total_memory(&fields, n, &bits);
    }
    int status = fields.status;
    bloom_record_init(row);
    if (bloom_columns_select(row, &fields.record, columns, fields.digits) != NULL && status == BLOOM_OK)
        status = UNKNOWN_COLUMN;
    bloom_fields_clear(&fields);
    return status;
}

int bloomcalc_structures(int argc, char **argv, int first)
{
    mpq_t p;
    mpz_t n, m;
    mpq_init(p);
    mpz_inits(n, m, (mpz_ptr)0);
    unsigned long counter_bits = 4;
    const char *library = NULL;
    bloom_output_choice output = { BLOOM_DEFAULT_DIGITS, BLOOM_FORMAT_TABLE };
    const char *columns = NULL;
    bloom_option options[] = {
        { .long_name = "rate", .short_name = 'p', .kind = BLOOM_OPTION_RATE, .destination = p,
          .value_name = "P", .help = "target false-positive rate", .rate_minimum = BLOOM_MIN_RATE_TEXT },
        { .long_name = "keys", .short_name = 'n', .kind = BLOOM_OPTION_COUNT, .destination = n,
          .value_name = "N", .help = "keys, for the counting filter's overflow",
          .count_minimum = "1", .count_maximum = BLOOM_MAX_SIZE_TEXT },
        { .long_name = "counters", .short_name = 'm', .kind = BLOOM_OPTION_COUNT, .destination = m,
          .value_name = "M", .help = "counters of the counting filter (default: the textbook m)",
          .count_minimum = "1", .count_maximum = BLOOM_MAX_SIZE_TEXT },
        { .long_name = "counter-bits", .kind = BLOOM_OPTION_UNSIGNED, .destination = &counter_bits,
          .value_name = "C", .help = "bits per counter (default 4)", .minimum = 1, .maximum = BLOOM_MAX_COUNTER_BITS },
        { .long_name = "columns", .kind = BLOOM_OPTION_TEXT, .destination = &columns,
          .value_name = "KEYS", .help = "comma-separated keys to print, in order (default: all)" },
        bloom_library_refused_option(&library),
        BLOOM_OUTPUT_OPTIONS(output),
    };
    static const char *const positional[] = { "rate", NULL };
    bloom_command_line line = { "bloomcalc", "structures", "P [OPTIONS]", description, options,
                                sizeof options / sizeof options[0], positional };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    if (parsed == BLOOM_OPTIONS_PARSED)
        status = bloom_library_refusal(&line, "structures compares data structures at their own "
                                       "optimum; a library's Bloom filter for N keys at P is its row of "
                                       "'bloomcalc compare N P --library NAME'");
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && !bloom_options_given(&line, "rate")) {
        bloom_options_error(&line, "needs the target rate P (e.g. 'bloomcalc structures 1%%')");
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && bloom_options_given(&line, "counters") && !bloom_options_given(&line, "keys")) {
        bloom_options_error(&line, "-m/--counters needs -n/--keys (the keys of the counting filter)");
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = bloom_columns_check(columns, &line);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS) {
        unsigned long k = 1;
        int planned = bloom_options_given(&line, "keys") && !bloom_options_given(&line, "counters") ? bloom_total_bits(m, n, p) : BLOOM_OK;
        if (planned == BLOOM_OK && bloom_options_given(&line, "keys"))
            planned = bloom_best_hashes(&k, m, n);
        bloom_counting_arguments counting = { m, n, k, counter_bits };
        bloom_record rows[16];
        size_t count = 0;
        status = planned == BLOOM_OK ? BLOOM_EXIT_SUCCESS : BLOOM_EXIT_FAILURE;
        if (planned == BLOOM_UNDEFINED) {
            bloom_options_error(&line, "-m/--counters: so many counters a key that the best hash "
                                "count (m/n) ln 2 reaches the limit of %lu; accepted: m/n below "
                                "about %.1f counters a key", BLOOM_MAX_HASHES, (double)BLOOM_MAX_HASHES / log(2));
            status = BLOOM_EXIT_USAGE;
        } else if (planned != BLOOM_OK) {
            status = bloom_results_exit(&line, planned);
        }
        int row_status = BLOOM_OK;
        for (; count < bloom_structure_count && row_status == BLOOM_OK && status == BLOOM_EXIT_SUCCESS; count++)
            row_status = structure_row(&rows[count], count, p, bloom_options_given(&line, "keys") ? n : NULL,
                                       &counting, columns, &output);
        if (status == BLOOM_EXIT_SUCCESS && row_status == BLOOM_OK)
            bloom_write_records(stdout, rows, count, (bloom_format)output.format);
        if (status == BLOOM_EXIT_SUCCESS && row_status == UNKNOWN_COLUMN) {
            bloom_options_error(&line, "--columns: '%s' names a key structures does not print; "
                                "accepted: keys of 'bloomcalc structures P --format csv' (with -n "
                                "for the totals and the overflow)", columns);
            status = BLOOM_EXIT_USAGE;
        } else if (status == BLOOM_EXIT_SUCCESS) {
            status = bloom_results_exit(&line, row_status);
        }
        for (size_t i = 0; i < count; i++)
            bloom_record_clear(&rows[i]);
    }
    mpq_clear(p);
    mpz_clears(n, m, (mpz_ptr)0);
    return status;
}
