/*
 * command_shared.c - options, run preparation and record fields shared by
 * the bloomsim subcommands (see command_shared.h).  No statistics here:
 * the numbers come from libbloomsim (harness.h, report.h) and the
 * predictions from libbloomcalc.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "command_shard.h"
#include "command_shared.h"
#include "counting.h"
#include "description.h"
#include "interrupt.h"
#include "memory.h"
#include "numbers.h"
#include "parallel.h"

const char bloomsim_verdict_help[] =
    "Each prediction gets a verdict at the --confidence level C:\n"
    "  rejected      the prediction lies outside the C confidence interval of the\n"
    "                measured rate (a two-sided test at level 1 - C);\n"
    "  consistent    it lies inside, and every rival prediction with a different\n"
    "                value lies outside (the run singles it out);\n"
    "  inconclusive  it lies inside together with a rival: the run is too small to\n"
    "                tell them apart (queries_to_resolve_* says how many it needs).\n"
    "The interval includes the spread between filter instances: Student t over the\n"
    "per-trial rates when there are >= 30 trials (29 or more degrees of freedom),\n"
    "otherwise Wilson with the design effect 1 + (Q-1)(p2-p^2)/(p-p^2) computed\n"
    "from the exact moments p = E[(X/m)^k], p2 = E[(X/m)^(2k)], rounded up to 4\n"
    "digits and printed (design_effect).  Intervals are cut to [0, 1].  Measured\n"
    "rates and fractions are exact ratios of counts, printed like bloomcalc's\n"
    "rationals; interval ends and standard errors are computed in double precision\n"
    "and printed with only the digits their error bound makes certain (at most\n"
    "--digits).  Under independent hashing and >= 30 trials the Rao-Blackwell\n"
    "estimate, the mean over filters of (X/m)^k with X the set bits, is printed\n"
    "too, labelled as such.\n"
    "Same --seed, same output, whatever --threads.";

void bloomsim_run_options_init(bloomsim_run_options *options)
{
    memset(options, 0, sizeof *options);
    mpz_init(options->trials);
    mpz_init(options->queries);
    mpz_init_set_ui(options->seed, 1);
    mpq_init(options->confidence);
    mpq_set_ui(options->confidence, 999, 1000);
    mpq_init(options->overfill);
    mpq_set_ui(options->overfill, 1, 1);
    options->threads = sim_processor_count();
    options->counter_bits = 4;
    options->output.digits = BLOOM_DEFAULT_DIGITS;
    options->output.format = BLOOM_FORMAT_TABLE;
}

void bloomsim_run_options_clear(bloomsim_run_options *options)
{
    mpz_clear(options->trials);
    mpz_clear(options->queries);
    mpz_clear(options->seed);
    mpq_clear(options->confidence);
    mpq_clear(options->overfill);
}

size_t bloomsim_run_option_table(bloom_option *table, bloomsim_run_options *options, unsigned groups)
{
    const bloom_option size_options[] = {
        { .long_name = "trials", .kind = BLOOM_OPTION_COUNT, .destination = options->trials,
          .given = &options->trials_given, .value_name = "T", .help = "independently built filters (default: chosen from the rates)",
          .count_minimum = "1", .count_maximum = SIM_MAX_TRIALS_TEXT },
        { .long_name = "queries", .kind = BLOOM_OPTION_COUNT, .destination = options->queries,
          .given = &options->queries_given, .value_name = "Q", .help = "absent-key queries per filter (default: chosen from the rates)",
          .count_minimum = "1", .count_maximum = SIM_MAX_QUERIES_TEXT },
    };
    const bloom_option seed_options[] = {
        { .long_name = "seed", .kind = BLOOM_OPTION_COUNT, .destination = options->seed,
          .value_name = "S", .help = "seed of every random choice (default 1)",
          .count_minimum = "0", .count_maximum = "18446744073709551615" },
    };
    const bloom_option parallel_options[] = {
        { .long_name = "threads", .kind = BLOOM_OPTION_UNSIGNED, .destination = &options->threads,
          .value_name = "N", .help = "worker threads (default: all processors); never changes the output",
          .minimum = 1, .maximum = SIM_MAX_THREADS },
        { .long_name = "confidence", .kind = BLOOM_OPTION_RATE, .destination = options->confidence,
          .value_name = "C", .help = "confidence of the intervals and verdicts (default 99.9%)",
          .rate_minimum = "1/2" },
        { .long_name = "progress", .kind = BLOOM_OPTION_FLAG, .destination = &options->progress,
          .help = "progress, and a run's memory and time up front, on stderr even off a terminal" },
    };
    const bloom_option scheme_options[] = { bloom_probe_scheme_option(&options->scheme) };
    const bloom_option hashing_options[] = {
        { .long_name = "hash-function", .kind = BLOOM_OPTION_CHOICE,
          .destination = &options->hash_function, .value_name = "F",
          .help = "xxh3, or fnv1a (correlated, reproduces the seeds' simulation)",
          .choices = sim_hash_function_names },
        { .long_name = "unguarded", .kind = BLOOM_OPTION_FLAG, .destination = &options->unguarded,
          .help = "double hashing with h2 uniform on Z_m, zero step included (default: h2 a unit of Z_m)" },
    };
    const bloom_option counter_options[] = {
        { .long_name = "counter-bits", .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &options->counter_bits, .value_name = "C",
          .help = "bits per counter of a counting filter (default 4)",
          .minimum = SIM_COUNTER_BITS_MIN, .maximum = SIM_COUNTER_BITS_MAX },
    };
    const bloom_option filter_options[] = {
        { .long_name = "filter", .kind = BLOOM_OPTION_CHOICE, .destination = &options->filter,
          .value_name = "KIND", .help = "standard or counting",
          .choices = sim_filter_kind_names },
        { .long_name = "key-file", .kind = BLOOM_OPTION_TEXT, .destination = &options->key_path,
          .value_name = "FILE", .help = "insert the lines of FILE (default: generated 64-bit keys)" },
        { .long_name = "overfill", .kind = BLOOM_OPTION_REAL, .destination = options->overfill,
          .value_name = "R", .help = "insert R times n keys; predictions use the keys really inserted",
          .rate_minimum = "0", .count_maximum = "1000" },
        { .long_name = "check-members", .kind = BLOOM_OPTION_FLAG,
          .destination = &options->check_members,
          .help = "also query every inserted key and count false negatives" },
    };
    const bloom_option shard_options[] = { bloomsim_shard_option(&options->shard) };
    const bloom_option filter_file_options[] = { bloomsim_filter_file_option(&options->filter_file) };
    const bloom_option output_options[] = {
        BLOOM_OUTPUT_OPTIONS(options->output), BLOOM_OUTPUT_FILE_OPTION,
        { .long_name = "all", .kind = BLOOM_OPTION_FLAG, .destination = &options->all,
          .help = "print every field in the table format (default for fpr and plan: the first "
                  "screen; CSV and JSON print every field)" },
    };
    struct { unsigned group; const bloom_option *entries; size_t count; } groups_table[] = {
        { BLOOMSIM_OPTIONS_SIZE, size_options, sizeof size_options / sizeof size_options[0] },
        { BLOOMSIM_OPTIONS_SEED, seed_options, sizeof seed_options / sizeof seed_options[0] },
        { BLOOMSIM_OPTIONS_PARALLEL, parallel_options, sizeof parallel_options / sizeof parallel_options[0] },
        { BLOOMSIM_OPTIONS_SCHEME, scheme_options, 1 },
        { BLOOMSIM_OPTIONS_HASHING, hashing_options, sizeof hashing_options / sizeof hashing_options[0] },
        { BLOOMSIM_OPTIONS_COUNTERS, counter_options, sizeof counter_options / sizeof counter_options[0] },
        { BLOOMSIM_OPTIONS_FILTER, filter_options, sizeof filter_options / sizeof filter_options[0] },
        { BLOOMSIM_OPTIONS_SHARD, shard_options, 1 },
        { BLOOMSIM_OPTIONS_FILTER_FILE, filter_file_options, 1 },
        { BLOOMSIM_OPTIONS_ALL, output_options, sizeof output_options / sizeof output_options[0] },
    };
    size_t count = 0;
    for (size_t g = 0; g < sizeof groups_table / sizeof groups_table[0]; g++)
        if ((groups & groups_table[g].group) != 0)
            for (size_t i = 0; i < groups_table[g].count; i++)
                table[count++] = groups_table[g].entries[i];
    assert(count <= BLOOMSIM_RUN_OPTION_MAX);   /* the callers' tables are that large */
    return count;
}

uint64_t bloomsim_u64(mpz_srcptr value)
{
    uint64_t result = 0;
    if (mpz_sgn(value) > 0)
        mpz_export(&result, NULL, -1, sizeof result, 0, 0, value);
    return result;
}

void bloomsim_run_settings(sim_run_settings *settings, const bloomsim_run_options *options,
                           const bloom_command_line *line)
{
    settings->trials = bloomsim_u64(options->trials);
    settings->seed = bloomsim_u64(options->seed);
    settings->threads = (unsigned)options->threads;
    settings->progress = bloomsim_progress;
    settings->progress_context = (void *)line->command;
    settings->phases = NULL;
    if (options->progress)
        bloomsim_progress_force();
    settings->shard = NULL;
}

/* "N bytes", followed by N in the largest IEC unit (KiB, MiB, GiB) not above
 * it when there is one: "15678624 bytes (14.95 MiB)".  The scaled value is a
 * division by a power of two, exact in a double, and printf rounds it
 * correctly. */
static const char *bytes_text(char *text, size_t size, uint64_t bytes)
{
    static const char *const units[] = { "", "KiB", "MiB", "GiB" };
    unsigned unit = 0;
    while (unit < 3 && bytes >> (10 * (unit + 1)) != 0)
        unit++;
    if (unit == 0)
        snprintf(text, size, "%llu bytes", (unsigned long long)bytes);
    else
        snprintf(text, size, "%llu bytes (%.2f %s)", (unsigned long long)bytes,
                 (double)bytes / (double)(1ULL << (10 * unit)), units[unit]);
    return text;
}

int bloomsim_check_memory(const bloom_command_line *line, uint64_t needed)
{
    const char *invalid = sim_memory_override_invalid();
    if (invalid != NULL) {
        bloom_options_error(line, "%s: '%s' is not a byte count; accepted: a whole number of bytes "
                            "from 1 to 18446744073709551615, as 8000000000", SIM_MEMORY_LIMIT_VARIABLE,
                            invalid);
        return BLOOM_EXIT_USAGE;
    }
    sim_memory_budget budget;
    if (bloomsim_shard_merging() || sim_memory_fits(needed, &budget))
        return BLOOM_EXIT_SUCCESS;
    char needed_text[64], budget_text[64];
    bloom_options_error(line, "the run needs about %s but %s are available (%s); use a smaller filter, "
                        "fewer --threads or trials", bytes_text(needed_text, sizeof needed_text, needed),
                        bytes_text(budget_text, sizeof budget_text, budget.bytes), budget.source);
    return BLOOM_EXIT_USAGE;
}

/* Loads --key-file and settles n and the keys inserted.  Returns BLOOM_EXIT_SUCCESS or BLOOM_EXIT_USAGE. */
static int settle_keys(bloomsim_measurement *measurement, const bloom_command_line *line,
                       const bloomsim_run_options *options, uint64_t keys)
{
    if (options->key_path != NULL) {
        char error[512];
        struct stat file;
        int known = stat(options->key_path, &file) == 0;
        if (known && S_ISDIR(file.st_mode)) {
            bloom_options_error(line, "--key-file: %s is a directory; accepted: a file (or pipe) "
                                "of keys, one per line", options->key_path);
            return BLOOM_EXIT_USAGE;
        }
        uint64_t size = known && S_ISREG(file.st_mode) ? (uint64_t)file.st_size : 0;
        if (bloomsim_check_memory(line, sim_key_file_memory(size)) != 0)
            return BLOOM_EXIT_USAGE;
        if (sim_key_file_load(&measurement->key_file, options->key_path, error, sizeof error) != 0) {
            bloom_options_error(line, "--key-file: %s", error);
            return BLOOM_EXIT_USAGE;
        }
        measurement->has_key_file = 1;
        measurement->config.key_file = &measurement->key_file;
        if (keys == 0)
            keys = measurement->key_file.count;
    }
    mpq_t inserted;
    mpz_t floor_inserted;
    mpq_init(inserted);
    mpz_init(floor_inserted);
    sim_mpz_set_u64(mpq_numref(inserted), keys);
    mpq_mul(inserted, inserted, options->overfill);
    mpz_fdiv_q(floor_inserted, mpq_numref(inserted), mpq_denref(inserted));
    measurement->planned_keys = keys;
    measurement->config.keys = bloomsim_u64(floor_inserted);
    int too_many = mpz_sizeinbase(floor_inserted, 2) > 62;
    mpz_clear(floor_inserted);
    mpq_clear(inserted);
    if (too_many) {
        bloom_options_error(line, "--overfill: too many keys to insert (at most 2^62)");
        return BLOOM_EXIT_USAGE;
    }
    if (measurement->has_key_file && measurement->config.keys > measurement->key_file.count) {
        bloom_options_error(line, "--key-file: %s holds %llu keys, fewer than the %llu to insert",
                            options->key_path, (unsigned long long)measurement->key_file.count,
                            (unsigned long long)measurement->config.keys);
        return BLOOM_EXIT_USAGE;
    }
    return BLOOM_EXIT_SUCCESS;
}

int bloomsim_measurement_prepare(bloomsim_measurement *measurement, const bloom_command_line *line,
                                 const bloomsim_run_options *options, uint64_t bits, uint64_t keys,
                                 unsigned hashes)
{
    return bloomsim_measurement_prepare_deployed(measurement, line, options, bits, hashes, bits, keys,
                                                 hashes);
}

int bloomsim_measurement_prepare_deployed(bloomsim_measurement *measurement,
                                          const bloom_command_line *line,
                                          const bloomsim_run_options *options, uint64_t built_bits,
                                          unsigned built_hashes, uint64_t bits, uint64_t keys,
                                          unsigned hashes)
{
    memset(measurement, 0, sizeof *measurement);
    measurement->described_bits = bits;
    measurement->described_hashes = hashes;
    sim_fpr_config *config = &measurement->config;
    config->bits = built_bits;
    config->hashes = built_hashes;
    config->scheme = (sim_probe_scheme)options->scheme;
    config->hash_function = (sim_hash_function)options->hash_function;
    config->guard = !options->unguarded;
    config->filter = (sim_filter_kind)options->filter;
    config->counter_bits = (unsigned)options->counter_bits;
    bloomsim_run_settings(&config->run, options, line);
    config->check_members = options->check_members;
    measurement->shard = options->shard;
    measurement->filter_file = options->filter_file;
    measurement->confidence = mpq_get_d(options->confidence);
    measurement->confidence_exact = options->confidence;
    int status = settle_keys(measurement, line, options, keys);
    if (status != BLOOM_EXIT_SUCCESS)
        return status;
    measurement->has_predictions = 1;
    measurement->timed = options->progress;
    config->run.phases = options->progress ? &measurement->phases : NULL;
    double wall = sim_clock_seconds(CLOCK_MONOTONIC), cpu = sim_clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
    int predicted = sim_predictions_compute(&measurement->predictions, bits, config->keys, hashes);
    measurement->predict_seconds = sim_clock_seconds(CLOCK_MONOTONIC) - wall;
    measurement->predict_cpu = sim_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu;
    if (predicted != BLOOM_OK) {
        bloom_options_error(line, "the predictions could not be certified for m = %llu, n = %llu, k = %u",
                            (unsigned long long)bits, (unsigned long long)config->keys, hashes);
        return BLOOM_EXIT_FAILURE;
    }
    config->queries = bloomsim_u64(options->queries);
    sim_fpr_choose_size(config, &measurement->predictions, measurement->confidence,
                        options->trials_given, options->queries_given,
                        SIM_DEFAULT_WORK);
    uint64_t needed = sim_fpr_memory(config);
    status = bloomsim_check_memory(line, needed);
    if (status == BLOOM_EXIT_SUCCESS && !bloomsim_shard_merging()) {
        char label[64];
        snprintf(label, sizeof label, "bloomsim %s", line->command);
        bloomsim_progress_estimate(label, needed, sim_fpr_seconds(config));
    }
    return status;
}

/* Where a --progress run's time went, on stderr: "bloomsim plan: predictions
 * 0.0 s (0.0 s of processor time), build 30.1 s (58.2 s), queries 20.2 s (39.9 s)". */
static void print_phases(const bloomsim_measurement *measurement, const bloom_command_line *line)
{
    const sim_phase_times *phases = &measurement->phases;
    fprintf(stderr, "bloomsim %s: predictions %.1f s (%.1f s of processor time)", line->command,
            measurement->predict_seconds, measurement->predict_cpu);
    if (phases->build_seconds > 0)      /* only the bulk engine times its phases */
        fprintf(stderr, ", build %.1f s (%.1f s), queries %.1f s (%.1f s)", phases->build_seconds,
                phases->build_cpu, phases->query_seconds, phases->query_cpu);
    fputc('\n', stderr);
}

int bloomsim_measurement_run(bloomsim_measurement *measurement, const bloom_command_line *line)
{
    bloomsim_shard_job job;
    bloomsim_shard_job_fpr(&job, &measurement->config);
    job.filter_file = measurement->filter_file;
    int status = bloomsim_shard_run(line, measurement->shard, &job, &measurement->totals,
                                    &measurement->shard_written);
    if (status != BLOOM_EXIT_SUCCESS || measurement->shard_written)
        return status;
    sim_fpr_report_compute(&measurement->report, &measurement->totals, &measurement->config,
                           &measurement->predictions, measurement->confidence);
    if (measurement->timed) {
        bloomsim_progress_end();
        print_phases(measurement, line);
    }
    return BLOOM_EXIT_SUCCESS;
}

void bloomsim_measurement_free(bloomsim_measurement *measurement)
{
    if (measurement->has_key_file)
        sim_key_file_free(&measurement->key_file);
    if (measurement->has_predictions)
        sim_predictions_free(&measurement->predictions);
}

void bloomsim_put_count(bloom_fields *fields, const char *key, const char *label, uint64_t value)
{
    mpz_t number;
    mpz_init(number);
    sim_mpz_set_u64(number, value);
    bloom_fields_integer(fields, key, label, NULL, number);
    mpz_clear(number);
}

void bloomsim_put_ratio(bloom_fields *fields, const char *key, const char *label, uint64_t numerator,
                        uint64_t denominator, uint64_t denominator_factor)
{
    mpq_t ratio;
    mpq_init(ratio);
    sim_mpz_set_u64(mpq_numref(ratio), numerator);
    mpz_t factor;
    mpz_init(factor);
    sim_mpz_set_u64(mpq_denref(ratio), denominator);
    sim_mpz_set_u64(factor, denominator_factor);
    mpz_mul(mpq_denref(ratio), mpq_denref(ratio), factor);
    if (mpz_sgn(mpq_denref(ratio)) == 0) {
        bloom_fields_text(fields, key, label, "none");
    } else {
        mpq_canonicalize(ratio);
        bloom_fields_rational(fields, key, label, NULL, ratio);
    }
    mpz_clear(factor);
    mpq_clear(ratio);
}

void bloomsim_put_whole(bloom_fields *fields, const char *key, const char *label, double value)
{
    if (!isfinite(value)) {
        bloom_fields_approximate(fields, key, label, NULL, value, 0);
        return;
    }
    mpz_t whole;
    mpz_init_set_d(whole, ceil(value));
    bloom_fields_integer(fields, key, label, NULL, whole);
    mpz_clear(whole);
}

void bloomsim_put_yes_no(bloom_fields *fields, const char *key, const char *label, int value)
{
    bloom_fields_text(fields, key, label, value ? "yes" : "no");
}

void bloomsim_put_interval(bloom_fields *fields, const char *low_key, const char *high_key,
                           const sim_estimate *estimate)
{
    bloom_fields_approximate(fields, low_key, "  confidence interval, low", NULL, estimate->interval.low,
                             estimate->end_error);
    bloom_fields_approximate(fields, high_key, "  confidence interval, high", NULL,
                             estimate->interval.high, estimate->end_error);
}

void bloomsim_put_estimate(bloom_fields *fields, const char *key, const char *low_key,
                           const char *high_key, const char *label, const sim_estimate *estimate)
{
    bloom_fields_approximate(fields, key, label, NULL, estimate->rate, estimate->rate_error);
    bloomsim_put_interval(fields, low_key, high_key, estimate);
}

void bloomsim_put_standard_error(bloom_fields *fields, const sim_estimate *estimate)
{
    bloom_fields_approximate(fields, "standard_error", "  standard error", NULL, estimate->standard_error,
                             estimate->standard_error * SIM_STANDARD_ERROR_RELATIVE_ERROR);
}

void bloomsim_put_interval_method(bloom_fields *fields, sim_interval_method method,
                                  const sim_estimate *estimate)
{
    bloom_fields_text(fields, "interval_method", "  interval", sim_interval_method_names[method]);
    mpq_t design_effect;
    mpq_init(design_effect);
    mpq_set_d(design_effect, estimate->design_effect);
    /* a 4-digit decimal by construction (sim_design_effect_rounded) */
    bloom_record_take(&fields->record, BLOOM_FIELD_NUMBER, "design_effect", "  design effect (1: none)", NULL,
                      bloom_format_rational(design_effect, 4));
    mpq_clear(design_effect);
}

void bloomsim_put_confidence(bloom_fields *fields, const char *label, mpq_srcptr confidence)
{
    bloom_fields_rational(fields, "confidence", label, NULL, confidence);
}

static const char *const verdict_keys[SIM_PREDICTION_COUNT] = {
    "verdict_exact", "verdict_bloom", "verdict_approx"
};
static const char *const prediction_keys[SIM_PREDICTION_COUNT] = {
    "fpr_exact", "fpr_bloom", "fpr_approx"
};
/* Each label once, so that a Ribbon's record, where these rows are empty, keeps its own label
 * for each row, with the reason appended. */
#define PREDICTION_LABELS(why) { "predicted, exact" why, "predicted, Bloom's formula" why, \
                                 "predicted, exponential approx." why }
#define VERDICT_LABELS(why) { "  verdict on the exact rate" why, "  verdict on Bloom's formula" why, \
                              "  verdict on the approximation" why }
#define NOT_A_RIBBONS " (not a Ribbon's)"
static const char *const prediction_labels[SIM_PREDICTION_COUNT] = PREDICTION_LABELS("");
static const char *const verdict_labels[SIM_PREDICTION_COUNT] = VERDICT_LABELS("");
static const char *const ribbon_prediction_labels[SIM_PREDICTION_COUNT] = PREDICTION_LABELS(NOT_A_RIBBONS);
static const char *const ribbon_verdict_labels[SIM_PREDICTION_COUNT] = VERDICT_LABELS(NOT_A_RIBBONS);

/* The rows after the verdicts: how many queries would tell the formulas apart, and the
 * Rao-Blackwell estimate with its interval. */
enum { RESOLVE_BLOOM, RESOLVE_APPROX, RESOLUTION, RAO_BLACKWELL, RAO_BLACKWELL_LOW, RAO_BLACKWELL_HIGH,
       RESOLUTION_ROWS };
static const char *const resolution_keys[RESOLUTION_ROWS] = {
    "queries_to_resolve_bloom", "queries_to_resolve_approx", "resolution", "rao_blackwell_fpr",
    "rao_blackwell_ci_low", "rao_blackwell_ci_high"
};
#define RESOLUTION_LABELS(why) { "queries to tell exact from Bloom" why, \
                                 "queries to tell exact from approx." why, "this run" why, \
                                 "Rao-Blackwell estimate, mean (X/m)^k" why, \
                                 "  confidence interval, low" why, "  confidence interval, high" why }
static const char *const resolution_labels[RESOLUTION_ROWS] = RESOLUTION_LABELS("");
static const char *const ribbon_resolution_labels[RESOLUTION_ROWS] = RESOLUTION_LABELS(NOT_A_RIBBONS);

/* m, n, k and how the filters were built. */
static void put_setup(bloom_fields *fields, const bloomsim_measurement *measurement)
{
    const sim_fpr_config *config = &measurement->config;
    bloomsim_put_count(fields, "m", "bits m", measurement->described_bits);
    bloomsim_put_count(fields, "n", "keys n", measurement->planned_keys);
    bloomsim_put_count(fields, "keys_inserted", "keys inserted per filter", config->keys);
    if (measurement->ribbon)
        bloom_fields_missing(fields, "k", "probes per key k (a Ribbon: none)");
    else
        bloom_fields_unsigned(fields, "k", "probes per key k", NULL, measurement->described_hashes);
    if (!measurement->described)
        bloom_fields_text(fields, "scheme", "probe scheme", sim_probe_scheme_name(config->scheme));
    bloom_fields_text(fields, "hash_function", "hash function",
                      sim_hash_function_names[config->hash_function]);
    bloomsim_put_yes_no(fields, "guard", "double-hashing guard (h2 a unit mod m)",
                        config->scheme == SIM_PROBE_DOUBLE && config->guard);
    if (measurement->ribbon)
        bloom_fields_missing(fields, "filter", "filter (bits or counters; a Ribbon: see layout)");
    else
        bloom_fields_text(fields, "filter", "filter", sim_filter_kind_names[config->filter]);
    bloom_fields_unsigned(fields, "counter_bits", "bits per counter (0: plain bits)", NULL,
                          config->filter == SIM_FILTER_COUNTING ? config->counter_bits : 0);
    bloom_fields_text(fields, "key_source", "inserted keys",
                      config->key_file != NULL ? "file" : "generated (splitmix)");
    bloomsim_put_count(fields, "seed", "seed", config->run.seed);
}

/* What was counted. */
static void put_counts(bloom_fields *fields, const bloomsim_measurement *measurement)
{
    const sim_fpr_totals *totals = &measurement->totals;
    bloomsim_put_count(fields, "trials", "filters built (trials)", totals->trials);
    bloomsim_put_count(fields, "queries_per_trial", "absent queries per filter",
                       measurement->config.queries);
    bloomsim_put_count(fields, "queries", "absent queries in all", totals->queries);
    bloomsim_put_count(fields, "false_positives", "false positives", totals->false_positives);
    bloomsim_put_count(fields, "members_checked", "inserted keys queried (--check-members)",
                       totals->members_checked);
    bloomsim_put_count(fields, "false_negatives", "  false negatives among them", totals->false_negatives);
    bloomsim_put_count(fields, "counter_overflows", "counter overflows (saturated)",
                       totals->counter_overflows);
    if (measurement->ribbon) {
        bloom_fields_missing(fields, "mean_fill", "mean fraction of bits set (a Ribbon: none)");
        bloomsim_put_count(fields, "ribbon_retries", "Ribbon seeds that failed to band (retried)",
                           totals->ribbon_retries);
    } else {
        bloomsim_put_ratio(fields, "mean_fill", "mean fraction of bits set", totals->set_bits, totals->trials,
                           measurement->config.bits);
        bloom_fields_missing(fields, "ribbon_retries", "Ribbon seeds that failed to band (retried)");
    }
}

/* A Ribbon's record: the standard filter's predictions and their verdicts do not apply. */
static void put_no_predictions(bloom_fields *fields)
{
    for (int which = 0; which < SIM_PREDICTION_COUNT; which++) {
        bloom_fields_missing(fields, prediction_keys[which], ribbon_prediction_labels[which]);
        bloom_fields_missing(fields, verdict_keys[which], ribbon_verdict_labels[which]);
    }
    for (int row = 0; row < RESOLUTION_ROWS; row++)
        bloom_fields_missing(fields, resolution_keys[row], ribbon_resolution_labels[row]);
}

/* The measured rate, the predictions and the verdicts. */
static void put_judgement(bloom_fields *fields, const bloomsim_measurement *measurement)
{
    const sim_fpr_report *report = &measurement->report;
    const sim_fpr_totals *totals = &measurement->totals;
    bloomsim_put_ratio(fields, "measured_fpr", "measured rate", totals->false_positives, totals->queries, 1);
    bloomsim_put_interval(fields, "ci_low", "ci_high", &report->estimate);
    bloomsim_put_standard_error(fields, &report->estimate);
    bloomsim_put_confidence(fields, "  confidence", measurement->confidence_exact);
    bloomsim_put_interval_method(fields, report->method, &report->estimate);
    if (measurement->ribbon) {
        put_no_predictions(fields);
        return;
    }
    for (int which = 0; which < SIM_PREDICTION_COUNT; which++) {
        bloom_fields_quantity(fields, prediction_keys[which], prediction_labels[which], NULL,
                              &measurement->predictions.quantity[which]);
        bloom_fields_text(fields, verdict_keys[which], verdict_labels[which],
                          sim_verdict_names[report->verdict[which]]);
    }
    bloomsim_put_whole(fields, resolution_keys[RESOLVE_BLOOM], resolution_labels[RESOLVE_BLOOM],
                       report->queries_to_resolve[SIM_PREDICTION_BLOOM]);
    bloomsim_put_whole(fields, resolution_keys[RESOLVE_APPROX], resolution_labels[RESOLVE_APPROX],
                       report->queries_to_resolve[SIM_PREDICTION_APPROX]);
    bloom_fields_text(fields, resolution_keys[RESOLUTION], resolution_labels[RESOLUTION],
                      report->resolved[SIM_PREDICTION_BLOOM] ? "large enough to tell exact from both"
                      : report->resolved[SIM_PREDICTION_APPROX]
                          ? "too small to tell exact from Bloom (resolves exact from approx.)"
                          : "too small to tell exact from either approximation");
    sim_estimate none = { NAN, NAN, { NAN, NAN }, 0, 0, 1 };
    bloomsim_put_estimate(fields, resolution_keys[RAO_BLACKWELL], resolution_keys[RAO_BLACKWELL_LOW],
                          resolution_keys[RAO_BLACKWELL_HIGH], resolution_labels[RAO_BLACKWELL],
                          report->has_rao_blackwell ? &report->rao_blackwell : &none);
}

void bloomsim_put_measurement(bloom_fields *fields, const bloomsim_measurement *measurement)
{
    put_setup(fields, measurement);
    put_counts(fields, measurement);
    put_judgement(fields, measurement);
    bloomsim_put_yes_no(fields, "partial", "partial (stopped early)", measurement->totals.partial);
}

int bloomsim_emit(bloom_fields *fields, int format, const bloom_command_line *line, int partial)
{
    int status = fields->status;
    bloomsim_progress_end();
    if (status == BLOOM_OK)
        bloom_write_record(stdout, &fields->record, (bloom_format)format);
    else
        bloom_options_error(line, "a prediction could not be certified to the requested digits (%s); "
                            "try fewer --digits",
                            status == BLOOM_UNDEFINED ? "undefined for these arguments"
                                                      : "precision limit reached");
    bloom_fields_clear(fields);
    if (status != BLOOM_OK)
        return BLOOM_EXIT_FAILURE;
    return partial ? BLOOM_EXIT_INTERRUPTED : BLOOM_EXIT_SUCCESS;
}
