/*
 * command_converge.c - "bloomcalc converge": the convergence table.  At
 * fixed bits per key c and hash count k, for each m (doubling by default
 * from 2^6 to 2^30) with n = round(m/c): the three rates, each
 * approximation's relative error against the exact rate, m times that
 * error (which tends to a constant when the error shrinks like 1/m), and
 * the slope of ln|error| against ln m from the previous row.  With --fit,
 * one record: the least-squares slope over all rows.
 */
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "commands.h"
#include "description.h"
#include "convergence.h"
#include "fields.h"
#include "options.h"

static const char description[] =
    "Shows the approximations' error shrinking as the filter grows.  For each m\n"
    "(default 2^6..2^30, doubling) with n = round(m / C) keys and K hashes: fpr_exact,\n"
    "fpr_bloom, fpr_approx, the relative errors relerr_bloom and relerr_approx,\n"
    "m_relerr_bloom and m_relerr_approx (m times the error: constant when the error\n"
    "shrinks like 1/m), and slope_bloom and slope_approx, the slope of ln|error|\n"
    "against ln m from the previous row (-1 for 1/m).  --fit prints instead the\n"
    "least-squares slope over all rows.";

static void put_row(bloom_fields *fields, const bloom_fpr_arguments *points, size_t row)
{
    const bloom_fpr_arguments *point = &points[row];
    bloom_quantity exact = bloom_fpr_exact_quantity(point);
    bloom_quantity bloom = bloom_fpr_bloom_quantity(point);
    bloom_quantity approx = bloom_fpr_approx_quantity(point);
    bloom_fpr_comparison bloom_comparison = { point, 1 }, approx_comparison = { point, 0 };
    bloom_quantity relerr_bloom = { bloom_enclose_fpr_relative_error, &bloom_comparison, NULL };
    bloom_quantity relerr_approx = { bloom_enclose_fpr_relative_error, &approx_comparison, NULL };
    bloom_convergence_arguments single_bloom = { point, 1, BLOOM_APPROXIMATION_BLOOM };
    bloom_convergence_arguments single_approx = { point, 1, BLOOM_APPROXIMATION_EXPONENTIAL };
    bloom_quantity scaled_bloom = { bloom_enclose_scaled_relative_error, &single_bloom, NULL };
    bloom_quantity scaled_approx = { bloom_enclose_scaled_relative_error, &single_approx, NULL };
    bloom_fields_integer(fields, "m", "m", NULL, point->m);
    bloom_fields_integer(fields, "n", "n", NULL, point->n);
    bloom_fields_unsigned(fields, "k", "k", NULL, point->k);
    bloom_fields_quantity(fields, "fpr_exact", "exact", NULL, &exact);
    bloom_fields_quantity(fields, "fpr_bloom", "Bloom", NULL, &bloom);
    bloom_fields_quantity(fields, "fpr_approx", "approx", NULL, &approx);
    bloom_fields_quantity(fields, "relerr_bloom", "relerr Bloom", NULL, &relerr_bloom);
    bloom_fields_quantity(fields, "relerr_approx", "relerr approx", NULL, &relerr_approx);
    bloom_fields_quantity(fields, "m_relerr_bloom", "m relerr Bloom", NULL, &scaled_bloom);
    bloom_fields_quantity(fields, "m_relerr_approx", "m relerr approx", NULL, &scaled_approx);
    if (row == 0) {
        bloom_fields_missing(fields, "slope_bloom", "slope Bloom");
        bloom_fields_missing(fields, "slope_approx", "slope approx");
        return;
    }
    bloom_convergence_arguments pair_bloom = { &points[row - 1], 2, BLOOM_APPROXIMATION_BLOOM };
    bloom_convergence_arguments pair_approx = { &points[row - 1], 2, BLOOM_APPROXIMATION_EXPONENTIAL };
    bloom_quantity slope_bloom = { bloom_enclose_relative_error_slope, &pair_bloom, NULL };
    bloom_quantity slope_approx = { bloom_enclose_relative_error_slope, &pair_approx, NULL };
    bloom_fields_quantity(fields, "slope_bloom", "slope Bloom", NULL, &slope_bloom);
    bloom_fields_quantity(fields, "slope_approx", "slope approx", NULL, &slope_approx);
}

static void put_fit(bloom_fields *fields, const bloom_fpr_arguments *points, size_t count)
{
    bloom_convergence_arguments all_bloom = { points, count, BLOOM_APPROXIMATION_BLOOM };
    bloom_convergence_arguments all_approx = { points, count, BLOOM_APPROXIMATION_EXPONENTIAL };
    bloom_quantity slope_bloom = { bloom_enclose_relative_error_slope, &all_bloom, NULL };
    bloom_quantity slope_approx = { bloom_enclose_relative_error_slope, &all_approx, NULL };
    bloom_fields_integer(fields, "m_from", "smallest m", "bits", points[0].m);
    bloom_fields_integer(fields, "m_to", "largest m", "bits", points[count - 1].m);
    bloom_fields_unsigned(fields, "rows", "rows fitted", NULL, count);
    bloom_fields_quantity(fields, "slope_bloom", "fitted slope, Bloom's formula", NULL, &slope_bloom);
    bloom_fields_quantity(fields, "slope_approx", "fitted slope, approximation", NULL, &slope_approx);
}

/*
 * Keeps the named columns of each record (all when columns is NULL);
 * returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE after naming an unknown one.
 */
static int select_columns(bloom_record *records, size_t count, const char *columns,
                          const bloom_command_line *line)
{
    for (size_t row = 0; row < count; row++) {
        bloom_record chosen;
        bloom_record_init(&chosen);
        const char *unknown = bloom_columns_select(&chosen, &records[row], columns, BLOOM_DEFAULT_DIGITS);
        bloom_record_clear(&records[row]);
        records[row] = chosen;
        if (unknown != NULL) {
            bloom_options_error(line, "--columns: '%s' is not a column of converge; accepted: "
                                "keys of 'bloomcalc converge --format csv' (with --fit: of its one record)",
                                unknown);
            return BLOOM_EXIT_USAGE;
        }
    }
    return BLOOM_EXIT_SUCCESS;
}

/* Writes the rows (or the fit) with the columns asked for; returns the exit status. */
static int write_convergence(const bloom_fpr_arguments *points, size_t count, int fit,
                             const char *columns, const bloom_output_choice *output,
                             const bloom_command_line *line)
{
    bloom_fields *rows = calloc(count, sizeof *rows);
    if (rows == NULL)
        abort();
    size_t row_count = fit ? 1 : count;
    int status = BLOOM_OK;
    size_t built = 0;
    for (size_t row = 0; row < row_count && status == BLOOM_OK; row++, built++) {
        bloom_fields_init(&rows[row], output->digits, (bloom_format)output->format);
        if (fit)
            put_fit(&rows[row], points, count);
        else
            put_row(&rows[row], points, row);
        status = rows[row].status;
    }
    int selected = BLOOM_EXIT_SUCCESS;
    if (status == BLOOM_OK) {
        bloom_record *records = malloc(row_count * sizeof *records);
        if (records == NULL)
            abort();
        for (size_t row = 0; row < row_count; row++) {
            bloom_record_init(&records[row]);
            bloom_columns_select(&records[row], &rows[row].record, NULL, BLOOM_DEFAULT_DIGITS);
        }
        selected = select_columns(records, row_count, columns, line);
        if (selected == BLOOM_EXIT_SUCCESS && fit)
            bloom_write_record(stdout, &records[0], (bloom_format)output->format);
        else if (selected == BLOOM_EXIT_SUCCESS)
            bloom_write_records(stdout, records, row_count, (bloom_format)output->format);
        for (size_t row = 0; row < row_count; row++)
            bloom_record_clear(&records[row]);
        free(records);
    }
    for (size_t row = 0; row < built; row++)
        bloom_fields_clear(&rows[row]);
    free(rows);
    return selected != BLOOM_EXIT_SUCCESS ? selected : bloom_results_exit(line, status);
}

/* -c, -k, -m, --fit, --columns, --library: the options before the unit's. */
#define CONVERGE_OWN_OPTIONS 6

int bloomcalc_converge(int argc, char **argv, int first)
{
    mpq_t bits_per_key;
    mpq_init(bits_per_key);
    mpq_set_ui(bits_per_key, 10, 1);
    unsigned long k = 7;
    int fit = 0;
    bloom_value_list sizes;
    bloom_value_list_init(&sizes);
    bloom_output_choice output = { BLOOM_DEFAULT_DIGITS, BLOOM_FORMAT_CSV };
    const char *library = NULL, *unit = NULL;
    const char *columns = NULL;
    bloom_option options[CONVERGE_OWN_OPTIONS + BLOOM_DESCRIPTION_UNIT_OPTION_COUNT
                         + BLOOM_OUTPUT_OPTION_COUNT] = {
        BLOOM_BITS_PER_KEY_OPTION(bits_per_key, "bits per key m/n (default 10)"),
        { .long_name = "hashes", .short_name = 'k', .kind = BLOOM_OPTION_UNSIGNED, .destination = &k,
          .value_name = "K", .help = "hash functions (default 7)", .minimum = 1, .maximum = BLOOM_MAX_HASHES },
        { .long_name = "bits", .short_name = 'm', .kind = BLOOM_OPTION_SIZE_LIST,
          .destination = &sizes, .value_name = "LIST",
          .help = "filter sizes (default 2^6..2^30)", .count_minimum = "2", .count_maximum = BLOOM_MAX_SIZE_TEXT },
        { .long_name = "fit", .kind = BLOOM_OPTION_FLAG, .destination = &fit,
          .help = "print only the least-squares slopes over all rows" },
        { .long_name = "columns", .kind = BLOOM_OPTION_TEXT, .destination = &columns,
          .value_name = "KEYS", .help = "comma-separated keys to print, in order (default: all)" },
        bloom_library_refused_option(&library),
    };
    size_t count = CONVERGE_OWN_OPTIONS + bloom_unit_refused_options(options + CONVERGE_OWN_OPTIONS, &unit);
    const bloom_option output_options[] = { BLOOM_OUTPUT_OPTIONS(output) };
    memcpy(options + count, output_options, sizeof output_options);
    count += sizeof output_options / sizeof output_options[0];
    bloom_command_line line = { "bloomcalc", "converge", "[OPTIONS]", description, options, count, NULL };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    if (parsed == BLOOM_OPTIONS_PARSED)
        status = bloom_library_refusal(&line, "converge follows the standard filter's three formulas "
                                       "as m grows at fixed m/n and k; a library fixes its own m and k "
                                       "(its rate: 'bloomcalc plan --library NAME')");
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = bloom_unit_refusal(&line, "converge follows one standard filter as m grows");
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = bloom_columns_check(columns, &line);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && !bloom_options_given(&line, "bits")) {
        char default_sizes[] = "2^6..2^30";
        char *arguments[] = { "--bits", default_sizes };
        status = bloom_options_exit_status(bloom_options_parse(&line, 2, arguments, 0));
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && k == 1) {
        /* k = 1: Bloom's formula is the exact rate, its relative error 0 at every m, and the
         * error's logarithm (the slope) does not exist: no enclosure of it ever excludes 0 */
        bloom_options_error(&line, "-k/--hashes: with 1 hash Bloom's formula is exact (relative error 0, "
                            "no convergence to measure); accepted: a whole number from 2 to %lu",
                            BLOOM_MAX_HASHES);
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && fit && sizes.count < 2) {
        bloom_options_error(&line, "--fit needs at least two sizes in -m/--bits");
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS) {
        bloom_fpr_arguments *points = calloc(sizes.count, sizeof *points);
        mpz_t *keys = calloc(sizes.count, sizeof *keys);
        if (points == NULL || keys == NULL)
            abort();
        size_t empty = sizes.count;
        for (size_t i = 0; i < sizes.count; i++) {
            mpz_init(keys[i]);
            if (bloom_keys_for_bits_per_key(keys[i], mpq_numref(sizes.values[i]), bits_per_key)
                && empty == sizes.count)
                empty = i;
            points[i] = (bloom_fpr_arguments){ mpq_numref(sizes.values[i]), keys[i], k, 0 };
        }
        if (empty < sizes.count) {
            char *bits = mpz_get_str(NULL, 10, mpq_numref(sizes.values[empty]));
            char *per_key = mpq_get_str(NULL, 10, bits_per_key);
            bloom_options_error(&line, "-m/--bits: m = %s bits at -c %s bits a key hold round(m/c) "
                                "= 0 keys; accepted: every m above c/2", bits, per_key);
            free(bits);
            free(per_key);
            status = BLOOM_EXIT_USAGE;
        } else {
            status = write_convergence(points, sizes.count, fit, columns, &output, &line);
        }
        for (size_t i = 0; i < sizes.count; i++)
            mpz_clear(keys[i]);
        free(keys);
        free(points);
    }
    bloom_value_list_clear(&sizes);
    mpq_clear(bits_per_key);
    return status;
}
