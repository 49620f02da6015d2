/*
 * command_layout.c - the filter as deployed in bloomsim fpr and plan:
 * settles the calculator's description of it (calc/cli/description.h, the
 * same code as bloomcalc's, so the same k, sizes and rates), builds it
 * (layout_filters.h), measures it with the ordinary harness and judges
 * calc's fpr_layout (calc/include/bloomcalc/layouts.h) next to the standard
 * filter's exact, Bloom and approximate rates at the described m, n, k
 * (layout_prediction.h for the sizing proxy).  Parsing and printing only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brief.h"
#include "command_layout.h"
#include "layout_filters.h"
#include "layout_prediction.h"
#include "library_probes.h"
#include "library_rules.h"
#include "numbers.h"
#include "ribbon.h"

/* Nonzero when the filter built is the standard filter described: the
 * harness's own predictions (at the described m, n, k) are its rates. */
static int measures_described_filter(const bloomsim_measurement *measurement)
{
    const sim_fpr_config *config = &measurement->config;
    return config->layout != NULL && sim_layout_is_plain(config->layout)
        && config->bits == measurement->described_bits
        && config->hashes == measurement->described_hashes;
}

int bloomsim_layout_library_family(const bloom_deployed_filter *filter)
{
    static const struct { const char *library; sim_library_family family; } reproduced[] = {
        { "guava", SIM_LIBRARY_GUAVA }, { "guava@33", SIM_LIBRARY_GUAVA },
        { "guava@31", SIM_LIBRARY_GUAVA }, { "bits-and-blooms", SIM_LIBRARY_BITS_AND_BLOOMS },
        { "libbloom", SIM_LIBRARY_LIBBLOOM }, { "bloom-filters", SIM_LIBRARY_BLOOM_FILTERS },
        { "rocksdb", SIM_LIBRARY_ROCKSDB }, { "rocksdb-ribbon", SIM_LIBRARY_ROCKSDB },  /* its Bloom fallback */
        { "parquet-mr", SIM_LIBRARY_PARQUET }, { "parquet-spec", SIM_LIBRARY_PARQUET },
        { "parquet-arrow", SIM_LIBRARY_PARQUET },
        { "cassandra", SIM_LIBRARY_CASSANDRA }, { "leveldb", SIM_LIBRARY_LEVELDB },
        { "rocksdb@legacy", SIM_LIBRARY_ROCKSDB_LEGACY },
    };
    const char *name = bloom_library_names[filter->description.library];
    if (filter->layout.kind == BLOOM_LAYOUT_RIBBON)
        return -1;                                /* a Ribbon: no probes */
    for (size_t i = 0; filter->description.library != 0 && i < sizeof reproduced / sizeof reproduced[0]; i++)
        if (strcmp(name, reproduced[i].library) == 0)
            return (int)reproduced[i].family;
    return -1;
}

sim_probe_scheme bloomsim_layout_scheme(const bloom_deployed_filter *filter)
{
    int family = bloomsim_layout_library_family(filter);
    return family >= 0 ? SIM_PROBE_OF_LIBRARY(family) : (sim_probe_scheme)filter->description.scheme;
}

size_t bloomsim_description_option_table(bloom_option *table, bloom_layout_description *description)
{
    size_t count = bloom_description_option_table(table, description);
    for (size_t i = 0; i < count; i++)
        if (strcmp(table[i].long_name, "hash-bits") == 0)
            table[i].maximum = SIM_LAYOUT_MAX_WIDTH;
    return count;
}

/* The Ribbon of rocksdb-ribbon (ribbon_filter.h): its slots and the columns calc derives. */
static int settle_ribbon(sim_layout *layout, const bloom_deployed_filter *filter,
                         const bloomsim_run_options *run, const bloom_command_line *line)
{
    bloom_ribbon_sizing ribbon;
    bloom_ribbon_sizing_init(&ribbon);
    int status = bloom_ribbon_columns_of_bits(&ribbon, filter->layout.slots, filter->allocated);
    memset(layout, 0, sizeof *layout);
    layout->kind = BLOOM_LAYOUT_RIBBON;
    layout->bits = layout->reachable = bloomsim_u64(filter->allocated);
    layout->hashes = 1;                 /* the prober's seeds only: a Ribbon has no probes */
    layout->block_bits = BLOOM_RIBBON_SEGMENT_BITS;
    layout->slots = filter->layout.slots;
    layout->ribbon_lower_columns = (unsigned)ribbon.lower_columns;
    layout->ribbon_upper_start_block = ribbon.upper_start_block;
    bloom_ribbon_sizing_clear(&ribbon);
    if (status != BLOOM_OK || run->filter != SIM_FILTER_STANDARD || run->filter_file != NULL) {
        bloom_options_error(line, "--library: bloomsim builds rocksdb-ribbon's Ribbon, a solved "
                            "system with no bits to count or store, in each shard's own memory; "
                            "accepted: it without --filter counting or --filter-file (--shard and "
                            "--key-file work)");
        return BLOOM_EXIT_USAGE;
    }
    return BLOOM_EXIT_SUCCESS;
}

int bloomsim_layout_settle(sim_layout *layout, const bloom_deployed_filter *filter,
                           const bloomsim_run_options *run, const bloom_command_line *line)
{
    bloom_layout_arguments library_arguments = filter->layout;
    if (bloomsim_layout_library_family(filter) >= 0)
        library_arguments.hash_bits = library_arguments.index_bits = 0;   /* the library's own arithmetic */
    const bloom_layout_arguments *settled = &library_arguments;
    if (settled->kind == BLOOM_LAYOUT_RIBBON)
        return settle_ribbon(layout, filter, run, line);
    if (settled->hash_bits > SIM_LAYOUT_MAX_WIDTH) {
        bloom_options_error(line, "--hash-bits: bloomsim builds hashes of at most %u bits; accepted: "
                            "--hash-bits 1 to %u", SIM_LAYOUT_MAX_WIDTH, SIM_LAYOUT_MAX_WIDTH);
        return BLOOM_EXIT_USAGE;
    }
    if (mpz_sizeinbase(filter->allocated, 2) > 62) {
        bloom_options_error(line, "--round: the rounded filter has more than 2^62 bits; accepted: a "
                            "smaller filter or another rounding");
        return BLOOM_EXIT_USAGE;
    }
    /* Indices of 64 bits or more reach every bit of a filter bloomsim can build. */
    unsigned index_bits = settled->index_bits < SIM_LAYOUT_MAX_WIDTH ? (unsigned)settled->index_bits
                                                                     : SIM_LAYOUT_MAX_WIDTH;
    char reason[256];
    if (sim_layout_init(layout, settled->kind, bloomsim_u64(filter->allocated), (unsigned)settled->k,
                        settled->block_bits, (unsigned)settled->hash_bits, index_bits,
                        reason, sizeof reason) != 0) {
        bloom_options_error(line, "--layout: %s", reason);
        return BLOOM_EXIT_USAGE;
    }
    layout->arithmetic = settled->arithmetic;
    if (!sim_layout_is_plain(layout) && run->filter != SIM_FILTER_STANDARD) {
        bloom_options_error(line, "--layout, --hash-bits and --index-bits apply to plain bit filters only");
        return BLOOM_EXIT_USAGE;
    }
    return BLOOM_EXIT_SUCCESS;
}

int bloomsim_layout_size(bloomsim_measurement *measurement, const sim_layout_prediction *prediction,
                         int trials_given, int queries_given, double work_budget,
                         const bloom_command_line *line)
{
    sim_predictions proxy;
    sim_layout_sizing_proxy(&proxy, prediction);
    sim_fpr_choose_size(&measurement->config, measures_described_filter(measurement)
                            ? &measurement->predictions : &proxy,
                        measurement->confidence, trials_given, queries_given, work_budget);
    return bloomsim_check_memory(line, sim_fpr_memory(&measurement->config));
}

void bloomsim_layout_judge(bloomsim_measurement *measurement, const sim_layout_prediction *prediction)
{
    sim_fpr_report *report = &measurement->report;
    if (report->method != SIM_INTERVAL_WILSON_DESIGN_EFFECT || measurement->config.layout == NULL
        || measures_described_filter(measurement))
        return;
    sim_predictions proxy;
    sim_layout_sizing_proxy(&proxy, prediction);
    report->estimate = sim_fpr_estimate(&measurement->totals, &measurement->config, &proxy,
                                        measurement->confidence, &report->method);
    sim_verdicts(measurement->predictions.value, SIM_PREDICTION_COUNT, report->estimate.interval,
                 report->verdict);
}

void bloomsim_layout_describe(bloom_deployed_filter *filter, const sim_layout_prediction *prediction,
                              const sim_layout *layout, int scheme)
{
    bloom_layout_description description = BLOOM_LAYOUT_DESCRIPTION_DEFAULTS;
    description.layout = layout->kind;
    description.block_bits = (unsigned long)layout->block_bits;
    description.hash_bits = layout->hash_bits;
    description.index_bits = layout->index_bits;
    description.scheme = scheme;
    bloom_deployed_filter_init(filter, &description, prediction->bits, prediction->keys, layout->hashes, 1);
}

sim_verdict bloomsim_put_layout(bloom_fields *fields, const sim_layout_prediction *prediction,
                                const bloomsim_measurement *measurement, const bloom_deployed_filter *filter)
{
    bloom_description_fields(fields, filter);
    const double *rivals = measurement->predictions.value;
    double pure[SIM_PREDICTION_COUNT];
    if (measurement->ribbon) {         /* a Ribbon's rivals: its rate with one column count everywhere */
        unsigned lower = measurement->config.layout->ribbon_lower_columns;
        pure[0] = ldexp(1.0, -(int)lower);
        pure[1] = pure[2] = ldexp(1.0, -(int)lower - 1);
        rivals = pure;
    }
    sim_verdict verdict = sim_layout_verdict(prediction->value, rivals,
                                             measurement->report.estimate.interval);
    bloom_fields_text(fields, "verdict_layout", "  verdict on the layout's rate", sim_verdict_names[verdict]);
    return verdict;
}

/*
 * The first screen of fpr and plan for people (calc/cli/brief.h): the
 * filter built, what was measured, then each prediction with its verdict
 * and whether the run can tell them apart.  The standard filter's exact
 * rate is the described filter's rate when nothing is described, so the
 * deployed rate is shown only for a layout or a library.
 */
#define RUN_FIELDS                                                                            \
    { "trials", NULL, BLOOM_BRIEF_AS_IS }, { "queries", NULL, BLOOM_BRIEF_AS_IS },             \
    { "false_positives", NULL, BLOOM_BRIEF_AS_IS }, { "measured_fpr", NULL, BLOOM_BRIEF_RATE }, \
    { "ci_low", NULL, BLOOM_BRIEF_AS_IS }, { "ci_high", NULL, BLOOM_BRIEF_AS_IS }
#define JUDGEMENT_TAIL                                                                        \
    { "fpr_exact", NULL, BLOOM_BRIEF_RATE }, { "verdict_exact", NULL, BLOOM_BRIEF_AS_IS },      \
    { "measured_meets_target", NULL, BLOOM_BRIEF_AS_IS }, { "resolution", NULL, BLOOM_BRIEF_AS_IS }, \
    { "partial", NULL, BLOOM_BRIEF_AS_IS }, { "warning", NULL, BLOOM_BRIEF_AS_IS },             \
    { NULL, NULL, BLOOM_BRIEF_AS_IS }

static const bloom_brief_line brief_standard[] = {
    { "p", NULL, BLOOM_BRIEF_RATE }, { "n", NULL, BLOOM_BRIEF_AS_IS },
    { "bytes", NULL, BLOOM_BRIEF_BYTES }, { "m", NULL, BLOOM_BRIEF_AS_IS },
    { "k", NULL, BLOOM_BRIEF_AS_IS }, RUN_FIELDS, JUDGEMENT_TAIL
};

static const bloom_brief_line brief_described[] = {
    { "p", NULL, BLOOM_BRIEF_RATE }, { "n", NULL, BLOOM_BRIEF_AS_IS },
    { "library", NULL, BLOOM_BRIEF_AS_IS }, { "layout", NULL, BLOOM_BRIEF_AS_IS },
    { "bytes_allocated", NULL, BLOOM_BRIEF_BYTES }, { "k_layout", NULL, BLOOM_BRIEF_AS_IS },
    RUN_FIELDS,
    { "fpr_layout", NULL, BLOOM_BRIEF_RATE }, { "verdict_layout", NULL, BLOOM_BRIEF_AS_IS },
    JUDGEMENT_TAIL
};

/* Nonzero when the record's filter is the standard one with an ideal hash: nothing described. */
static int describes_nothing(const bloom_record *record)
{
    int standard = 1;
    for (size_t i = 0; i < record->count; i++) {
        const bloom_field *field = &record->fields[i];
        if (strcmp(field->key, "library") == 0)
            standard &= strcmp(field->value, "none") == 0;
        else if (strcmp(field->key, "layout") == 0)
            standard &= strcmp(field->value, "standard") == 0;
    }
    return standard;
}

/* Measures the built filter and prints the record.  Returns the exit status. */
static int measure_and_print(bloomsim_measurement *measurement, const bloom_deployed_filter *filter,
                             const bloom_command_line *line, const bloomsim_run_options *run,
                             bloomsim_extra_fields extra, const void *context)
{
    sim_layout_prediction prediction;
    const sim_layout *layout = measurement->config.layout;
    int status = BLOOM_EXIT_SUCCESS;
    int predicted = sim_layout_prediction_compute(&prediction, layout, measurement->config.keys);
    if (predicted != BLOOM_OK) {
        bloom_options_error(line, "the layout's rate could not be certified for these arguments");
        status = BLOOM_EXIT_FAILURE;
    }
    if (status == BLOOM_EXIT_SUCCESS && !measures_described_filter(measurement))
        status = bloomsim_layout_size(measurement, &prediction, run->trials_given,
                                      run->queries_given, SIM_DEFAULT_WORK, line);
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_measurement_run(measurement, line);
    if (status == BLOOM_EXIT_SUCCESS && !measurement->shard_written) {
        bloomsim_layout_judge(measurement, &prediction);
        bloom_fields fields;
        bloom_fields_init(&fields, run->output.digits, (bloom_format)run->output.format);
        if (extra != NULL)
            extra(&fields, measurement, context);
        bloomsim_put_measurement(&fields, measurement);
        bloomsim_put_layout(&fields, &prediction, measurement, filter);
        if (run->output.format == BLOOM_FORMAT_TABLE && !run->all && fields.status == BLOOM_OK)
            bloom_brief_keep(&fields.record,
                             describes_nothing(&fields.record) ? brief_standard : brief_described,
                             fields.digits, BLOOM_UNITS_IEC);
        status = bloomsim_emit(&fields, run->output.format, line, measurement->totals.partial);
    }
    sim_layout_prediction_free(&prediction);
    return status;
}

/* Refuses, naming the sizing options, a filter that sizing made larger than bloomsim builds
 * (m = round(n C) from -c, or a plan's m): the options' own ranges cannot see it. */
static int refuse_beyond_simulator(const bloom_command_line *line, mpz_srcptr bits, mpz_srcptr keys)
{
    mpz_t most;
    mpz_init(most);
    mpz_setbit(most, SIM_MAX_BITS_LOG2);
    int within = mpz_cmp(bits, most) <= 0 && mpz_cmp(keys, most) <= 0;
    mpz_clear(most);
    if (within)
        return BLOOM_EXIT_SUCCESS;
    /* finding an option only reads the table (fpr has no -p, and bloom_options_given asserts one) */
    int has_rate = bloom_options_find((bloom_command_line *)line, "rate") != NULL;
    char *bits_text = bloom_format_integer(bits, 1), *keys_text = bloom_format_integer(keys, 1);
    bloom_options_error(line, "-m/--bits, -n/--keys%s or -c/--bits-per-key: the filter is %s bits for "
                        "%s keys; accepted: at most %s bits and %s keys, bloomsim's largest filter",
                        has_rate ? ", -p/--rate" : "", bits_text,
                        keys_text, SIM_MAX_BITS_TEXT, SIM_MAX_BITS_TEXT);
    free(bits_text);
    free(keys_text);
    return BLOOM_EXIT_USAGE;
}

int bloomsim_layout_measure_and_print(const bloom_command_line *line, const bloomsim_run_options *run,
                                      const bloom_layout_description *description, mpz_srcptr bits,
                                      mpz_srcptr keys, unsigned long hashes, int k_given,
                                      bloomsim_extra_fields extra, const void *context)
{
    if (refuse_beyond_simulator(line, bits, keys) != BLOOM_EXIT_SUCCESS)
        return BLOOM_EXIT_USAGE;
    bloomsim_measurement measurement;
    memset(&measurement, 0, sizeof measurement);
    sim_layout layout;
    memset(&layout, 0, sizeof layout);
    bloom_deployed_filter filter;
    mpz_t inserted;                       /* the filter's n: the keys really inserted, once known */
    mpz_init_set(inserted, keys);
    int status = bloom_description_settle(&filter, description, bits, inserted, hashes, k_given, line);
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_layout_settle(&layout, &filter, run, line);
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_measurement_prepare_deployed(&measurement, line, run, layout.bits, layout.hashes,
                                                       bloomsim_u64(bits), bloomsim_u64(keys),
                                                       (unsigned)hashes);
    if (status == BLOOM_EXIT_SUCCESS) {
        measurement.described = 1;
        measurement.ribbon = layout.kind == BLOOM_LAYOUT_RIBBON;
        measurement.config.layout = &layout;
        measurement.config.scheme = bloomsim_layout_scheme(&filter);
        sim_mpz_set_u64(inserted, measurement.config.keys);
        status = measure_and_print(&measurement, &filter, line, run, extra, context);
    }
    bloomsim_measurement_free(&measurement);
    bloom_deployed_filter_clear(&filter);
    mpz_clear(inserted);
    return status;
}
