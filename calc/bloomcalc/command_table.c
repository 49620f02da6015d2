/*
 * command_table.c - "bloomcalc table": a grid of plans, one row per
 * combination of the listed values, with the columns the user names.
 *
 * Two of -n, -p, -m, -c select the kind of plan exactly as in "bloomcalc
 * plan"; -k, -L and --actual-keys may be lists too.  Rows vary the last
 * option fastest, in the order n, p, m, c, k, L, actual keys.  Columns are plan keys (bloomcalc keys); every row is
 * computed before anything is printed, so an unknown column or an
 * uncertifiable value prints nothing on stdout.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "commands.h"
#include "deployment.h"
#include "description.h"
#include "fields.h"
#include "options.h"
#include "plan.h"

/* One list past its cap is refused as past the table's cap of rows (list_cap). */
BLOOM_STATIC_ASSERT(BLOOM_LIST_MAX_ITEMS == BLOOM_TABLE_MAX_ROWS, "a list's cap is the table's");

static const char description[] =
    "Prints a grid of plans for documentation: one row per combination of the\n"
    "values listed for -n, -p, -m, -c (two of them, as in 'bloomcalc plan'), -k, -L\n"
    "and --actual-keys.\n"
    "Lists are comma-separated; a..b is a range that includes b: it steps by 10\n"
    "when a and b are a power of ten apart (-n 1e6..1e9: a decade table), by 2 when\n"
    "they are a power of two apart (-n 2^10..2^20), otherwise keys and bits double\n"
    "and rates fall by factors of ten; hash counts, levels and bits per key step\n"
    "by one;\n"
    "a..b/x4 multiplies by 4, a..b/+5 adds 5.  --columns picks and orders\n"
    "the columns (plan keys, see 'bloomcalc keys'; default: all of them, or in the\n"
    "table format the first few, --all for every one).  The filter\n"
    "description of 'bloomcalc plan' (--layout, ..., --library) applies to every row:\n"
    "the library sizes each row's n and p its own way, the description's columns\n"
    "(fpr_layout, ...) are added and the read amplification is at that rate.\n"
    "With its unit (--keys-per-filter, or RocksDB's --file-size and --entry-size;\n"
    "--l0-files and --coverage) every row is the deployment 'bloomcalc plan' plans\n"
    "with it: the deployment's columns (filters, bytes_total, fpr_deployment, ...)\n"
    "are added and the read amplification is that of its tree of files.";

enum { KEYS, RATES, BITS, BITS_PER_KEY, HASHES, LEVELS, ACTUAL_KEYS, PARAMETER_COUNT };

/* The index of each parameter in the current row; a list with no values counts as one absent value. */
static int next_combination(size_t *index, const bloom_value_list *lists)
{
    for (int i = PARAMETER_COUNT - 1; i >= 0; i--) {
        size_t count = lists[i].count > 0 ? lists[i].count : 1;
        if (++index[i] < count)
            return 1;
        index[i] = 0;
    }
    return 0;
}

/* The filter description of every row, whether one was given, and the tree of a
 * deployment's files when it names a unit (--l0-files, --coverage). */
typedef struct table_description {
    bloom_layout_description description;
    int given;
    unsigned long l0_files;
    const char *coverage;
} table_description;

/* The plan for one combination.  Returns a bloom_status, or -2 after a
 * message when the library refuses. */
static int plan_row(bloom_plan *plan, const bloom_value_list *lists, const size_t *index,
                    const table_description *described, const bloom_command_line *line)
{
    mpq_srcptr c = lists[BITS_PER_KEY].count ? lists[BITS_PER_KEY].values[index[BITS_PER_KEY]] : NULL;
    mpz_t n, m;
    mpz_inits(n, m, (mpz_ptr)0);
    unsigned long k = lists[HASHES].count ? mpz_get_ui(mpq_numref(lists[HASHES].values[index[HASHES]])) : 0;
    unsigned long levels = lists[LEVELS].count ? mpz_get_ui(mpq_numref(lists[LEVELS].values[index[LEVELS]])) : 5;
    if (lists[KEYS].count)
        mpz_set(n, mpq_numref(lists[KEYS].values[index[KEYS]]));
    if (lists[BITS].count)
        mpz_set(m, mpq_numref(lists[BITS].values[index[BITS]]));
    bloom_given given = { lists[KEYS].count > 0, lists[RATES].count > 0,
                              lists[BITS].count > 0, c != NULL };
    int status = BLOOM_UNDEFINED;
    if (bloom_given_resolve(&given, n, m, c, NULL) == BLOOM_EXIT_SUCCESS
        && bloom_plan_described(plan, &status, &given, n, m,
                                    lists[RATES].count ? lists[RATES].values[index[RATES]] : NULL,
                                    c, k, levels, &described->description, line) != BLOOM_EXIT_SUCCESS)
        status = -2;
    if (status == BLOOM_OK)
        status = bloomcalc_plan_described_headroom(plan, &described->description, described->given);
    if (status == BLOOM_OK && lists[ACTUAL_KEYS].count)
        bloom_plan_actual_keys(plan, mpq_numref(lists[ACTUAL_KEYS].values[index[ACTUAL_KEYS]]));
    mpz_clears(n, m, (mpz_ptr)0);
    return status;
}

/* The value of list `which` in the row, or NULL when the list is empty. */
static mpq_srcptr row_value(const bloom_value_list *lists, const size_t *index, int which)
{
    return lists[which].count ? lists[which].values[index[which]] : NULL;
}

/* The fields of a row whose description names a unit: the deployment "bloomcalc plan" plans
 * with the row's values.  Returns fields->status, or -2 after a message. */
static int deployment_row(bloom_fields *fields, const bloom_value_list *lists, const size_t *index,
                          const table_description *described, const bloom_command_line *line)
{
    mpq_srcptr keys = row_value(lists, index, KEYS), hashes = row_value(lists, index, HASHES);
    mpq_srcptr levels = row_value(lists, index, LEVELS), bits = row_value(lists, index, BITS);
    mpz_t m;
    mpz_init(m);
    if (bits != NULL)
        mpz_set(m, mpq_numref(bits));
    bloomcalc_plan_inputs inputs = {
        { keys != NULL, lists[RATES].count > 0, bits != NULL, lists[BITS_PER_KEY].count > 0 }, m,
        row_value(lists, index, RATES), row_value(lists, index, BITS_PER_KEY),
        hashes != NULL ? mpz_get_ui(mpq_numref(hashes)) : 0, levels != NULL ? mpz_get_ui(mpq_numref(levels)) : 5,
        described->l0_files, described->coverage, &described->description, line, 0 };
    mpz_t n;
    mpz_init(n);
    if (keys != NULL)
        mpz_set(n, mpq_numref(keys));
    int status = bloomcalc_plan_deployment(fields, &inputs, n);
    mpz_clears(n, m, (mpz_ptr)0);
    return status != BLOOM_EXIT_SUCCESS ? -2 : fields->status;
}

/* The fields of one row: its plan's, or its deployment's.  Returns fields->status, or -2 after
 * a message when the library or the description refuses. */
static int row_fields(bloom_fields *fields, bloom_plan *plan, const bloom_value_list *lists, const size_t *index,
                      const table_description *described, const bloom_command_line *line)
{
    if (bloom_deployment_has_unit(&described->description))
        return deployment_row(fields, lists, index, described, line);
    fields->status = plan_row(plan, lists, index, described, line);
    if (fields->status == BLOOM_OK
        && bloomcalc_plan_described_fields(fields, plan, &described->description, described->given,
                                           lists[KEYS].count ? row_value(lists, index, RATES) : NULL,
                                           line) != 0)
        fields->status = -2;
    return fields->status;
}

/* Builds every row; returns 0, 1 (uncertified) or 2 (unknown column, message printed). */
static int build_rows(bloom_record **rows, size_t *row_count, const bloom_value_list *lists,
                      const table_description *described, const char *columns,
                      const bloom_output_choice *output, const bloom_command_line *line)
{
    size_t index[PARAMETER_COUNT] = { 0 };
    int status = BLOOM_EXIT_SUCCESS;
    do {
        bloom_plan plan;
        bloom_fields fields;
        bloom_plan_init(&plan);
        bloom_fields_init(&fields, output->digits, (bloom_format)output->format);
        fields.status = row_fields(&fields, &plan, lists, index, described, line);
        if (fields.status == -2) {
            status = BLOOM_EXIT_USAGE;           /* the library or the description refused: said */
        } else if (fields.status != BLOOM_OK) {
            bloom_options_error(line, "a row could not be planned or certified (a key count that "
                                "cannot meet its rate, or a precision limit)");
            status = fields.status == BLOOM_UNDEFINED ? BLOOM_EXIT_USAGE : BLOOM_EXIT_FAILURE;
        } else {
            bloom_record *grown = realloc(*rows, (*row_count + 1) * sizeof **rows);
            if (grown == NULL)
                abort();
            *rows = grown;
            bloom_record_init(&(*rows)[*row_count]);
            const char *unknown = bloom_columns_select(&(*rows)[(*row_count)++], &fields.record, columns, fields.digits);
            if (unknown != NULL) {
                bloom_options_error(line, "--columns: '%s' is not a column of this table; "
                                    "accepted: keys of 'bloomcalc plan --format csv' for the "
                                    "same two of -n, -p, -m (with --library and -p: of -n and the "
                                    "library's -m)", unknown);
                status = BLOOM_EXIT_USAGE;
            }
        }
        bloom_fields_clear(&fields);
        bloom_plan_clear(&plan);
    } while (status == BLOOM_EXIT_SUCCESS && next_combination(index, lists));
    return status;
}

/* The columns a person reads by default (the table format, no --columns, no
 * --all), those the rows have, in this order: the question, the answer
 * that meets it, the rates, the deployed filter when one is described. */
static const char *const first_columns[] = {
    "n", "p", "n_actual", "bits_per_key", "k", "m_bits", "bytes", "fpr_exact",
    "m_bits_meeting_target", "fpr_exact_meeting_target", "fpr_exact_actual", "library",
    "k_layout", "bytes_allocated", "fpr_layout", "filters", "bytes_total", "fpr_deployment", "read_amp_miss",
    NULL
};

/* Keeps, in every row, the first columns the rows hold (they share their keys). */
static void keep_first_columns(bloom_record *rows, size_t row_count, unsigned digits)
{
    char columns[512] = "";
    for (const char *const *key = first_columns; *key != NULL && row_count > 0; key++)
        for (size_t i = 0; i < rows[0].count; i++)
            if (strcmp(rows[0].fields[i].key, *key) == 0) {
                size_t used = strlen(columns);
                snprintf(columns + used, sizeof columns - used, "%s%s", used ? "," : "", *key);
                break;
            }
    for (size_t row = 0; row < row_count; row++) {
        bloom_record chosen;
        bloom_record_init(&chosen);
        bloom_columns_select(&chosen, &rows[row], columns, digits);
        bloom_record_clear(&rows[row]);
        rows[row] = chosen;
    }
}

/* -n, -p, -m, --memory, -c, -k, -L, --actual-keys, --columns, --all, --l0-files, --coverage. */
#define TABLE_OWN_OPTIONS 12

int bloomcalc_table(int argc, char **argv, int first)
{
    bloom_value_list lists[PARAMETER_COUNT];
    for (int i = 0; i < PARAMETER_COUNT; i++)
        bloom_value_list_init(&lists[i]);
    const char *columns = NULL;
    bloom_output_choice output = { BLOOM_DEFAULT_DIGITS, BLOOM_FORMAT_CSV };
    table_description described = { BLOOM_LAYOUT_DESCRIPTION_DEFAULTS, 0, 4, NULL };
    int all = 0;
    bloom_option options[TABLE_OWN_OPTIONS + BLOOM_DESCRIPTION_OPTION_COUNT + BLOOM_DESCRIPTION_UNIT_OPTION_COUNT
                         + BLOOM_OUTPUT_OPTION_COUNT] = {
        { .long_name = "keys", .short_name = 'n', .kind = BLOOM_OPTION_COUNT_LIST,
          .destination = &lists[KEYS], .value_name = "LIST", .help = "keys",
          .count_minimum = "1", .count_maximum = BLOOM_MAX_SIZE_TEXT },
        { .long_name = "rate", .short_name = 'p', .kind = BLOOM_OPTION_RATE_LIST,
          .destination = &lists[RATES], .value_name = "LIST", .help = "target false-positive rates",
          .rate_minimum = BLOOM_MIN_RATE_TEXT },
        BLOOM_BITS_OPTION(BLOOM_OPTION_SIZE_LIST, &lists[BITS], "LIST", "filter sizes"),
        BLOOM_MEMORY_OPTION(BLOOM_OPTION_SIZE_LIST, &lists[BITS], "LIST"),
        BLOOM_BITS_PER_KEY_OPTION_OF(BLOOM_OPTION_REAL_LIST, &lists[BITS_PER_KEY], "LIST",
                                     "bits per key, with -n or -m: m = round(n C), n = round(m / C)"),
        { .long_name = "hashes", .short_name = 'k', .kind = BLOOM_OPTION_UNSIGNED_LIST,
          .destination = &lists[HASHES], .value_name = "LIST",
          .help = "fixed hash counts (default: the best integer)", .minimum = 1, .maximum = BLOOM_MAX_HASHES },
        { .long_name = "levels", .short_name = 'L', .kind = BLOOM_OPTION_UNSIGNED_LIST,
          .destination = &lists[LEVELS], .value_name = "LIST", .help = "LSM levels (default 5)",
          .minimum = 1, .maximum = BLOOM_MAX_LEVELS },
        { .long_name = "actual-keys", .kind = BLOOM_OPTION_COUNT_LIST, .destination = &lists[ACTUAL_KEYS],
          .value_name = "LIST", .help = "keys the planned filter really holds: its exact rate with them",
          .count_minimum = "1", .count_maximum = BLOOM_MAX_SIZE_TEXT },
        { .long_name = "columns", .kind = BLOOM_OPTION_TEXT, .destination = &columns,
          .value_name = "KEYS", .help = "comma-separated plan keys to print, in order" },
        { .long_name = "all", .kind = BLOOM_OPTION_FLAG, .destination = &all,
          .help = "every column in the table format (default there: the first columns; CSV and "
                  "JSON print every column)" },
        { .long_name = "l0-files", .kind = BLOOM_OPTION_UNSIGNED, .destination = &described.l0_files,
          .value_name = "F", .help = "with a unit: the L0 files, as in 'bloomcalc plan' (default 4)",
          .minimum = 0, .maximum = BLOOM_MAX_LEVELS },
        { .long_name = "coverage", .kind = BLOOM_OPTION_TEXT, .destination = &described.coverage,
          .value_name = "c1,...,cL", .help = "with a unit: the coverage of each level past L0, as in "
          "'bloomcalc plan'" },
    };
    size_t count = TABLE_OWN_OPTIONS + bloom_description_option_table(options + TABLE_OWN_OPTIONS,
                                                                      &described.description);
    count += bloom_description_unit_option_table(options + count, &described.description);
    const bloom_option output_options[] = { BLOOM_OUTPUT_OPTIONS(output) };
    memcpy(options + count, output_options, sizeof output_options);
    count += sizeof output_options / sizeof output_options[0];
    for (size_t i = 0; i < count; i++)    /* each list is a dimension of the rows */
        options[i].list_cap = "rows, the table's cap";
    bloom_command_line line = { "bloomcalc", "table", "[OPTIONS]", description, options, count,
                                NULL };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    bloom_given given = { 0, 0, 0, 0 };
    if (parsed == BLOOM_OPTIONS_PARSED && !bloom_deployment_has_unit(&described.description))
        status = bloomcalc_check_tree_options(&line, 1);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = bloom_given_read(&given, &line, "bloomcalc table -n 1e9 -p 0.1,0.01");
    described.given = parsed == BLOOM_OPTIONS_PARSED && bloom_description_given(&line);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = bloom_columns_check(columns, &line);
    size_t row_count_requested = 1;
    for (int i = 0; i < PARAMETER_COUNT && row_count_requested <= BLOOM_TABLE_MAX_ROWS; i++)
        row_count_requested *= lists[i].count > 0 ? lists[i].count : 1;
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && row_count_requested > BLOOM_TABLE_MAX_ROWS) {
        bloom_options_error(&line, "-n, -p, -m, -c, -k, -L, --actual-keys: the lists ask for more than %d rows (the "
                            "product of their lengths), the table's cap; accepted: at most %d rows",
                            BLOOM_TABLE_MAX_ROWS, BLOOM_TABLE_MAX_ROWS);
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS) {
        bloom_record *rows = NULL;
        size_t row_count = 0;
        status = build_rows(&rows, &row_count, lists, &described, columns, &output, &line);
        int first_screen = !bloom_options_given(&line, "columns") && !bloom_options_given(&line, "all");
        if (status == BLOOM_EXIT_SUCCESS && first_screen && output.format == BLOOM_FORMAT_TABLE)
            keep_first_columns(rows, row_count, (unsigned)output.digits);
        if (status == BLOOM_EXIT_SUCCESS)
            bloom_write_records(stdout, rows, row_count, (bloom_format)output.format);
        for (size_t i = 0; i < row_count; i++)
            bloom_record_clear(&rows[i]);
        free(rows);
    }
    for (int i = 0; i < PARAMETER_COUNT; i++)
        bloom_value_list_clear(&lists[i]);
    return status;
}
