/*
 * command_compare.c - "bloomcalc compare N P": one row per library sizing
 * rule (library_rules.h): what it allocates for N keys at rate P and the
 * rate that filter really has (layouts.h).  Parsing and printing only.
 */
#include <stdio.h>
#include <stdlib.h>

#include <string.h>

#include "commands.h"
#include "deployment.h"
#include "description.h"
#include "columns.h"
#include "fields.h"
#include "memory_fields.h"
#include "library_rules.h"
#include "numbers.h"
#include "output.h"
#include "sizing.h"
#include "options.h"

/* The table for people: what fits 80 columns at the default digits. */
#define TABLE_COLUMNS "rule,gibibytes,bits_per_key,k,fpr_layout"

static const char description[] =
    "What would my library allocate?  For N keys at target rate P, one row per\n"
    "sizing rule: the textbook rule, Guava, bits-and-blooms/bloom (Go), Cassandra's\n"
    "bucket table, RedisBloom (its scaling filter tightens the first sub-filter to\n"
    "P/2; NONSCALING does not), RocksDB's FastLocalBloom (cache-line blocked, probes\n"
    "from ChooseNumProbes) and its Ribbon filter (NewRibbonFilterPolicy at the same\n"
    "bits per key; no k), Parquet's split-block filter (parquet-mr, capped at\n"
    "128 MiB, and the uncapped spec sizing) and LevelDB's built-in Bloom filter\n"
    "(NewBloomFilterPolicy at the whole bits per key ceil(ln(1/P)/ln^2 2); its rate\n"
    "is that of independent probes, which LevelDB's exceeds: see its warning in\n"
    "plan --library leveldb), and RocksDB's legacy Bloom filter (rocksdb@legacy,\n"
    "format_version 4 and below: odd counts of 64-byte lines, one 32-bit hash, at\n"
    "the smallest whole bits_per_key that meets P).  Columns: rule, version, m_bits (bits\n"
    "the probes address), bytes (ceil(m_bits/8), as in every command), bytes_library\n"
    "(what the library allocates: its 64-bit words, RocksDB's 5 bytes of metadata,\n"
    "LevelDB's byte holding k),\n"
    "bits_per_key, bits_per_key_setting (RocksDB's rows: the smallest bits_per_key,\n"
    "in thousandths as RocksDB tells them apart, whole for rocksdb@legacy, whose filter meets P), k, layout, fpr_layout (the rate of that filter as deployed:\n"
    "layout, rounding and hash width included), and the rule in words.  -c/--bits-per-key C instead of P: RocksDB's and LevelDB's\n"
    "native input (LevelDB's an int: floor(C)), the rows of their four rules only.  Each rule is documented with its source in\n"
    "calc/src/library_rules.c.  --library NAME prints only that library's row (guava and\n"
    "guava@33 name the same row; none the textbook rule's).\n"
    "--keys-per-filter N (or, RocksDB's rows only, --file-size and --entry-size) answers\n"
    "each library's deployment of ceil(N_total/N) filters of N keys, the last partial, as\n"
    "'bloomcalc plan' with the same unit does: a row's columns are then of one filter of\n"
    "n = N keys (no cap or fallback of one large filter applies), followed by filters,\n"
    "keys_total, keys_last_filter, bytes_per_filter, bytes_last_filter, bytes_total,\n"
    "fpr_last_filter, fpr_worst and fpr_deployment; RocksDB's setting is the one every\n"
    "filter meets P with.";

/* What rule_row returns, besides a bloom_status, when --columns names an unknown key. */
#define UNKNOWN_COLUMN (-1)

/* m_bits and its memory: bytes is ceil(m_bits/8), as in every command, and the
 * library's own allocation (whole words, metadata) is bytes_library. */
static void put_memory(bloom_fields *fields, const bloom_rule_sizing *sizing)
{
    mpz_t bytes;
    mpz_init(bytes);
    bloom_bytes_for_bits(bytes, sizing->m_bits);
    bloom_fields_integer(fields, "m_bits", "bits", NULL, sizing->m_bits);
    bloom_fields_integer(fields, "bytes", "bytes", NULL, bytes);
    bloom_fields_memory_units(fields, bytes);
    bloom_fields_integer(fields, "bytes_library", "bytes the library allocates", NULL, sizing->bytes);
    mpz_clear(bytes);
}

/* The rule's filter of `keys` keys: at rate p, or (p NULL) at its native bits per key c. */
static int size_rule(bloom_rule_sizing *sizing, bloom_rule_id rule, mpz_srcptr keys, mpq_srcptr p,
                     mpq_srcptr c)
{
    return p != NULL ? bloom_rule_apply(sizing, rule, keys, p)
                     : bloom_rule_apply_bits_per_key(sizing, rule, keys, c);
}

/*
 * The rule's filters of a deployment (deployment.h) into full (keys_per_filter keys) and last
 * (the last filter's keys), as plan sizes them: a rule whose knob is bits per key at the one
 * setting that both meet p with (bloom_rule_setting_for_rate), the others at p (or c) each.
 */
static int size_deployment(bloom_rule_sizing *full, bloom_rule_sizing *last, bloom_rule_id rule,
                           const bloom_deployment *deployment, mpq_srcptr p, mpq_srcptr c)
{
    mpq_t setting;
    mpq_init(setting);
    int short_of_p = 0, status = BLOOM_OK;
    mpz_srcptr keys[] = { deployment->keys_per_filter, deployment->last_keys };
    if (p != NULL && bloom_rule_has_knob(rule)) {
        status = bloom_rule_setting_for_rate(setting, &short_of_p, rule, keys, 2, p);
        p = NULL;
        c = setting;
    }
    if (status == BLOOM_OK)
        status = size_rule(full, rule, keys[0], p, c);
    if (status == BLOOM_OK)
        status = size_rule(last, rule, keys[1], p, c);
    if (status == BLOOM_OK && mpq_sgn(setting) != 0) {
        full->has_setting = 1;
        mpq_set(full->setting, setting);
    }
    mpq_clear(setting);
    return status;
}

/* The deployment's totals of the row (bloomcalc_deployment_totals), from the library's bytes. */
static void put_deployment(bloom_fields *fields, const bloom_rule_sizing *full, const bloom_rule_sizing *last,
                           const bloom_deployment *deployment, mpz_srcptr n)
{
    int same = mpz_cmp(deployment->keys_per_filter, deployment->last_keys) == 0;
    bloomcalc_deployment_totals(fields, deployment, n, full->bytes, last->bytes, &full->rate,
                                same ? &full->rate : &last->rate);
}

/* One row, with the fields `columns` names (all if NULL); returns the row's status.  p NULL:
 * the rule's native bits per key c (bloom_rule_apply_bits_per_key).  With a deployment
 * (NULL: one filter of n keys), the row is of one full filter, then the deployment's totals. */
static int rule_row(bloom_record *row, bloom_rule_id rule, mpz_srcptr n, mpq_srcptr p, mpq_srcptr c,
                    const bloom_deployment *deployment, const char *columns, const bloom_output_choice *output)
{
    bloom_rule_sizing sizing, last;
    bloom_rule_sizing_init(&sizing);
    bloom_rule_sizing_init(&last);
    bloom_fields fields;
    bloom_fields_init(&fields, output->digits, (bloom_format)output->format);
    int applied = deployment != NULL ? size_deployment(&sizing, &last, rule, deployment, p, c)
                                     : size_rule(&sizing, rule, n, p, c);
    bloom_fields_text(&fields, "rule", "rule", sizing.name);
    bloom_fields_text(&fields, "version", "version modelled", sizing.version);
    if (applied == BLOOM_OK) {
        mpq_t per_key;
        mpq_init(per_key);
        mpq_set_num(per_key, sizing.m_bits);
        mpq_set_den(per_key, sizing.n);
        mpq_canonicalize(per_key);
        if (deployment != NULL)
            bloom_fields_integer(&fields, "n", "keys of a full filter", NULL, sizing.n);
        put_memory(&fields, &sizing);
        bloom_fields_rational(&fields, "bits_per_key", "bits/key", NULL, per_key);
        if (sizing.has_setting && p != NULL)    /* six digits: 99.999, exact */
            bloom_record_take(&fields.record, BLOOM_FIELD_NUMBER, "bits_per_key_setting",
                              "bits_per_key to set", NULL, bloom_format_rational(sizing.setting, 6));
        else
            bloom_fields_missing(&fields, "bits_per_key_setting", "bits_per_key to set");
        if (sizing.k != 0)
            bloom_fields_unsigned(&fields, "k", "k", NULL, sizing.k);
        else
            bloom_fields_missing(&fields, "k", "k");   /* a Ribbon filter has no probes */
        bloom_fields_text(&fields, "layout", "layout", sizing.layout_name);
        bloom_fields_quantity(&fields, "fpr_layout", "rate as deployed", NULL, &sizing.rate);
        if (deployment != NULL)
            put_deployment(&fields, &sizing, &last, deployment, n);
        mpq_clear(per_key);
    } else {
        static const char *const keys[] = { "m_bits", "bytes", "gigabytes", "gibibytes",
                                            "bytes_library", "bits_per_key", "bits_per_key_setting",
                                            "k", "layout",
                                            "fpr_layout" };
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
            bloom_fields_missing(&fields, keys[i], keys[i]);
    }
    bloom_fields_text(&fields, "rule_summary", "rule in words",
                      applied == BLOOM_OK ? sizing.description : "refused by the library");
    int status = applied == BLOOM_UNDEFINED ? fields.status : applied;
    if (status == BLOOM_OK && bloom_columns_select(row, &fields.record, columns, fields.digits) != NULL)
        status = UNKNOWN_COLUMN;   /* the caller names it */
    bloom_fields_clear(&fields);
    bloom_rule_sizing_clear(&sizing);
    bloom_rule_sizing_clear(&last);
    return status;
}

/* -n, -p, -c, --columns, --library: the options before the unit's. */
#define COMPARE_OWN_OPTIONS 5

/* The deployment of the unit (bloom_unit_deployment): RocksDB's --file-size and
 * --entry-size are read as RocksDB's, whose rows alone the command then prints.  Returns 0, or
 * 2 after one line. */
static int compare_deployment(bloom_deployment *deployment, bloom_layout_description *unit, int library,
                              int per_file, mpz_srcptr n, const bloom_command_line *line)
{
    unit->library = library;
    for (int i = 1; per_file && library == 0 && bloom_library_names[i] != NULL; i++)
        if (bloom_library_rule(i) == BLOOM_RULE_ROCKSDB)
            unit->library = i;
    return bloom_unit_deployment(deployment, unit, n, line);
}

int bloomcalc_compare(int argc, char **argv, int first)
{
    mpz_t n;
    mpq_t p, c;
    mpz_init(n);
    mpq_inits(p, c, (mpq_ptr)0);
    bloom_output_choice output = { BLOOM_DEFAULT_DIGITS, BLOOM_FORMAT_TABLE };
    const char *columns = NULL;
    int library = 0;
    bloom_layout_description unit = BLOOM_LAYOUT_DESCRIPTION_DEFAULTS;
    bloom_option options[COMPARE_OWN_OPTIONS + BLOOM_DESCRIPTION_UNIT_OPTION_COUNT
                         + BLOOM_OUTPUT_OPTION_COUNT] = {
        { .long_name = "keys", .short_name = 'n', .kind = BLOOM_OPTION_COUNT, .destination = n,
          .value_name = "N", .help = "keys the filter holds", .count_minimum = "1",
          .count_maximum = BLOOM_MAX_SIZE_TEXT },
        { .long_name = "rate", .short_name = 'p', .kind = BLOOM_OPTION_RATE, .destination = p,
          .value_name = "P", .help = "target false-positive rate", .rate_minimum = BLOOM_MIN_RATE_TEXT },
        BLOOM_BITS_PER_KEY_OPTION(c, "instead of P: RocksDB's or LevelDB's bits_per_key, the rows of "
                                     "the rules it sizes (RocksDB's NewBloomFilterPolicy(C) and "
                                     "NewRibbonFilterPolicy(C), LevelDB's NewBloomFilterPolicy(floor(C)))"),
        { .long_name = "columns", .kind = BLOOM_OPTION_TEXT, .destination = &columns,
          .value_name = "KEYS", .help = "comma-separated keys to print, in order (default: "
          "every key in CSV and JSON; " TABLE_COLUMNS " in the table)" },
        { .long_name = "library", .kind = BLOOM_OPTION_CHOICE, .destination = &library,
          .value_name = "LIBRARY", .help = "only that library's row (none: the textbook rule's)",
          .choices = bloom_library_names },
    };
    size_t count = COMPARE_OWN_OPTIONS;
    count += bloom_description_unit_option_table(options + count, &unit);
    const bloom_option output_options[] = { BLOOM_OUTPUT_OPTIONS(output) };
    memcpy(options + count, output_options, sizeof output_options);
    count += sizeof output_options / sizeof output_options[0];
    static const char *const positional[] = { "keys", "rate", NULL };
    bloom_command_line line = { "bloomcalc", "compare", "N P [OPTIONS]", description, options,
                                count, positional };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    int per_key = parsed == BLOOM_OPTIONS_PARSED && bloom_options_given(&line, "bits-per-key");
    if (parsed == BLOOM_OPTIONS_PARSED && per_key && bloom_options_given(&line, "rate")) {
        bloom_options_error(&line, "-c/--bits-per-key and P both size the filters; accepted: N P, "
                            "or N -c C (the RocksDB and LevelDB rows)");
        status = BLOOM_EXIT_USAGE;
    } else if (parsed == BLOOM_OPTIONS_PARSED && !(bloom_options_given(&line, "keys")
                                                   && (per_key || bloom_options_given(&line, "rate")))) {
        bloom_options_error(&line, "needs keys N and rate P (e.g. 'bloomcalc compare 1e9 1%%'), or "
                            "N and -c/--bits-per-key C");
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && columns == NULL && output.format == BLOOM_FORMAT_TABLE)
        columns = TABLE_COLUMNS;   /* 80 columns at the default digits */
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = bloom_columns_check(columns, &line);
    bloom_deployment deployment;
    bloom_deployment_init(&deployment);
    int per_file = bloom_options_given(&line, "file-size") || bloom_options_given(&line, "entry-size");
    int units = parsed == BLOOM_OPTIONS_PARSED && bloom_deployment_has_unit(&unit);
    if (units && status == BLOOM_EXIT_SUCCESS)
        status = compare_deployment(&deployment, &unit, library, per_file, n, &line);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS) {
        bloom_record rows[BLOOM_RULE_COUNT];
        size_t count_rows = 0;
        int row_status = BLOOM_OK;
        int only = bloom_options_given(&line, "library");
        for (int rule = 0; rule < BLOOM_RULE_COUNT && row_status == BLOOM_OK; rule++) {
            if ((per_key || per_file) && !bloom_rule_takes_bits_per_key((bloom_rule_id)rule))
                continue;
            if (per_file && rule == BLOOM_RULE_LEVELDB)   /* LevelDB has no SST files of this size */
                continue;
            if (only && rule != (int)bloom_library_rule(library))
                continue;
            bloom_record_init(&rows[count_rows]);
            row_status = rule_row(&rows[count_rows++], (bloom_rule_id)rule, n, per_key ? NULL : p, c,
                                  units ? &deployment : NULL, columns, &output);
        }
        if (row_status == BLOOM_OK)
            bloom_write_records(stdout, rows, count_rows, (bloom_format)output.format);
        if (row_status == UNKNOWN_COLUMN) {
            bloom_options_error(&line, "--columns: '%s' names a key compare does not print; "
                                "accepted: keys of 'bloomcalc compare N P --format csv'", columns);
            status = BLOOM_EXIT_USAGE;
        } else {
            status = bloom_results_exit(&line, row_status);
        }
        for (size_t i = 0; i < count_rows; i++)
            bloom_record_clear(&rows[i]);
    }
    bloom_deployment_clear(&deployment);
    mpz_clear(n);
    mpq_clears(p, c, (mpq_ptr)0);
    return status;
}
