/*
 * command_deployment.c - the deployment of filters in bloomsim fpr and
 * plan (command_deployment.h): sizes each shape of filter with the
 * calculator's own planning code, builds the files with the deployment
 * engine (file_deployment.h) and judges calc's fpr_deployment
 * (deployment_prediction.h), with fpr_layout of a full filter as its rival.
 * Parsing and printing only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brief.h"
#include "command_deployment.h"
#include "command_layout.h"
#include "deployment.h"
#include "deployment_prediction.h"
#include "library_rules.h"
#include "numbers.h"

void bloomsim_file_shape_init(bloomsim_file_shape *shape)
{
    memset(shape, 0, sizeof *shape);
    bloom_plan_init(&shape->plan);
}

void bloomsim_file_shape_clear(bloomsim_file_shape *shape)
{
    bloom_plan_clear(&shape->plan);
    if (shape->has_filter)
        bloom_deployed_filter_clear(&shape->filter);
}

int bloomsim_file_shape_size(bloomsim_file_shape *shape, const bloomsim_unit_sizing *sizing,
                             mpz_srcptr keys, const bloomsim_run_options *run,
                             const bloom_command_line *line)
{
    bloom_given given = sizing->given;
    mpz_t n, m;
    mpz_init_set(n, keys);
    mpz_init(m);
    int planned = BLOOM_OK;
    int status = bloom_plan_request(&shape->plan, &planned, &given, n, m, sizing->p, sizing->c, sizing->k, 1,
                                    sizing->description, line);
    mpz_clears(n, m, (mpz_ptr)0);
    if (status == BLOOM_EXIT_SUCCESS && planned != BLOOM_OK) {
        bloom_options_error(line, "the plan of a filter of the deployment could not be certified");
        return BLOOM_EXIT_FAILURE;
    }
    shape->has_filter = status == BLOOM_EXIT_SUCCESS;   /* settling initialises it whatever it says */
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloom_description_settle(&shape->filter, sizing->description, shape->plan.m_bits,
                                          shape->plan.n, shape->plan.k, shape->plan.k_fixed, line);
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_layout_settle(&shape->layout, &shape->filter, run, line);
    shape->level = (sim_lsm_level){ bloomsim_u64(keys), shape->layout.bits, shape->layout.hashes, &shape->layout };
    return status;
}

int bloomsim_unit_setting(bloomsim_unit_sizing *sizing, mpq_ptr setting, int *searched,
                          const mpz_srcptr *keys, size_t count, const bloom_command_line *line)
{
    const bloom_layout_description *description = sizing->description;
    *searched = 0;
    if (!sizing->given.p || description->library == 0
        || !bloom_rule_has_knob(bloom_library_rule(description->library)))
        return BLOOM_EXIT_SUCCESS;
    int short_of_p = 0;
    if (bloom_rule_setting_for_rate(setting, &short_of_p, bloom_library_rule(description->library), keys,
                                    count, sizing->p) != BLOOM_OK) {
        bloom_options_error(line, "-p/--rate: the bits_per_key setting that meets it could not be certified");
        return BLOOM_EXIT_FAILURE;
    }
    *searched = 1;
    sizing->given.p = 0;
    sizing->given.c = 1;
    sizing->c = setting;
    return BLOOM_EXIT_SUCCESS;
}

int bloomsim_unit_refuses_memory(const bloom_command_line *line)
{
    if (!bloom_options_given(line, "bits") && !bloom_options_given(line, "memory"))
        return BLOOM_EXIT_SUCCESS;
    bloom_options_error(line, "-m/--bits: with a unit every filter is sized for its own keys, so "
                        "there is no one filter of M bits; accepted: -n N with -c C (or -p P)");
    return BLOOM_EXIT_USAGE;
}

/* What one run holds from sizing to printing. */
typedef struct deployment_run {
    bloom_deployment split;
    bloomsim_file_shape full, last;
    mpq_t setting;
    int searched;
    sim_deployment_level level;
    sim_deployment_prediction prediction;
    int predicted;
    sim_deployment_config config;
    sim_deployment_totals totals;
    sim_estimate estimate;
    sim_interval_method method;
    sim_verdict verdict;
} deployment_run;

/* Default size: 32 trials (a t interval) unless that inserts more than 5e7 keys, then fewer;
 * enough lookups a trial to expect 20000 false reads in all (from 1000 to 1e7). */
static void choose_size(deployment_run *run, const bloomsim_run_options *options, uint64_t keys)
{
    sim_deployment_config *config = &run->config;
    if (!options->trials_given) {
        uint64_t affordable = (uint64_t)5e7 / keys;
        config->run.trials = affordable >= 32 ? 32 : affordable >= 1 ? affordable : 1;
    }
    if (options->queries_given) {
        config->lookups = bloomsim_u64(options->queries);
        return;
    }
    double wanted = 20000.0 / ((double)config->run.trials * fmax(run->prediction.value, 1e-12));
    config->lookups = (uint64_t)fmin(fmax(ceil(wanted), 1000.0), 1e7);
}

/* Splits n, finds the RocksDB setting, sizes the two shapes.  Returns the exit status. */
static int size_run(deployment_run *run, bloomsim_unit_sizing *sizing, mpz_srcptr n,
                    const bloomsim_run_options *options, const bloom_command_line *line)
{
    int status = bloomsim_unit_refuses_memory(line);
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloom_description_deployment(&run->split, sizing->description, n, line);
    mpz_srcptr keys[] = { run->split.keys_per_filter, run->split.last_keys };
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_unit_setting(sizing, run->setting, &run->searched, keys, 2, line);
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_file_shape_size(&run->full, sizing, keys[0], options, line);
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_file_shape_size(&run->last, sizing, keys[1], options, line);
    run->level = (sim_deployment_level){ bloomsim_u64(run->split.filters), run->full.level, run->last.level, 0 };
    return status;
}

/* Predicts, sizes the run, checks memory, runs and judges.  Returns the exit status. */
static int measure(deployment_run *run, const bloomsim_run_options *options, mpz_srcptr n,
                   const bloom_command_line *line)
{
    run->predicted = 1;
    if (sim_deployment_prediction_compute(&run->prediction, &run->level) != BLOOM_OK) {
        bloom_options_error(line, "the deployment's rate could not be certified for these arguments");
        return BLOOM_EXIT_FAILURE;
    }
    sim_deployment_config *config = &run->config;
    config->levels = 1;
    config->level = &run->level;
    config->scheme = bloomsim_layout_scheme(&run->full.filter);
    config->hash_function = (sim_hash_function)options->hash_function;
    config->guard = !options->unguarded;
    bloomsim_run_settings(&config->run, options, line);
    choose_size(run, options, bloomsim_u64(n));
    int status = bloomsim_check_memory(line, sim_deployment_memory(config));
    if (status == BLOOM_EXIT_SUCCESS && sim_deployment_run(config, &run->totals) != 0) {
        bloom_options_error(line, "out of memory or threads while building the filters");
        status = BLOOM_EXIT_FAILURE;
    }
    if (status == BLOOM_EXIT_SUCCESS && run->totals.trials == 0) {
        bloom_options_error(line, "stopped before one deployment was measured; nothing to report");
        status = BLOOM_EXIT_INTERRUPTED;
    }
    if (status != BLOOM_EXIT_SUCCESS)
        return status;
    double confidence = mpq_get_d(options->confidence);
    run->estimate = sim_estimate_rate(run->totals.false_reads, run->totals.false_read_squares,
                                      run->totals.trials, run->totals.lookups, config->lookups,
                                      sim_deployment_design_effect(&run->prediction, run->totals.largest_share),
                                      confidence, &run->method);
    double values[2] = { run->prediction.value, run->prediction.full.value };
    sim_verdict verdicts[2];
    sim_verdicts(values, 2, run->estimate.interval, verdicts);
    run->verdict = verdicts[0];
    return BLOOM_EXIT_SUCCESS;
}

void bloomsim_put_setting_and_filter(bloom_fields *fields, mpq_srcptr setting, const bloom_deployed_filter *filter)
{
    static const char label[] = "bits_per_key to set for p";
    if (setting != NULL)   /* at most 6 significant digits: exact, as the user types it */
        bloom_record_take(&fields->record, BLOOM_FIELD_NUMBER, "bits_per_key_setting", label, "bits per key",
                          bloom_format_rational(setting, 6));
    else
        bloom_fields_missing(fields, "bits_per_key_setting", label);
    bloom_description_fields(fields, filter);
}

/* The deployment as bloomcalc plan prints it: the split, the setting, one full filter, the rates. */
static void put_deployment(bloom_fields *fields, const deployment_run *run, mpz_srcptr n)
{
    bloom_fields_integer(fields, "keys_total", "keys in all", NULL, n);
    bloom_fields_integer(fields, "n", "keys per filter n", NULL, run->split.keys_per_filter);
    bloom_fields_integer(fields, "filters", "filters, ceil(n / keys per filter)", NULL, run->split.filters);
    bloom_fields_integer(fields, "keys_last_filter", "keys of the last filter", NULL, run->split.last_keys);
    bloomsim_put_setting_and_filter(fields, run->searched ? run->setting : NULL, &run->full.filter);
    bloom_fields_quantity(fields, "fpr_last_filter", "rate of the last filter", NULL,
                          &run->prediction.last.quantity);
    bloom_fields_quantity(fields, "fpr_deployment", "rate of the deployment", NULL, &run->prediction.quantity);
}

/* What was run and measured, and the verdict. */
static void put_measured(bloom_fields *fields, const deployment_run *run, const bloomsim_run_options *options)
{
    const sim_deployment_totals *totals = &run->totals;
    bloom_fields_text(fields, "hash_function", "hash function", sim_hash_function_names[run->config.hash_function]);
    bloomsim_put_count(fields, "seed", "seed", run->config.run.seed);
    bloomsim_put_count(fields, "trials", "deployments built (trials)", totals->trials);
    bloomsim_put_count(fields, "queries_per_trial", "absent lookups per deployment", run->config.lookups);
    bloomsim_put_count(fields, "queries", "absent lookups in all", totals->lookups);
    bloomsim_put_count(fields, "false_positives", "false positives", totals->false_reads);
    bloomsim_put_count(fields, "ribbon_retries", "Ribbon seeds that failed to band (retried)",
                       totals->ribbon_retries);
    bloomsim_put_ratio(fields, "measured_fpr", "measured rate", totals->false_reads, totals->lookups, 1);
    bloomsim_put_interval(fields, "ci_low", "ci_high", &run->estimate);
    bloomsim_put_standard_error(fields, &run->estimate);
    bloomsim_put_confidence(fields, "  confidence", options->confidence);
    bloomsim_put_interval_method(fields, run->method, &run->estimate);
    bloom_fields_text(fields, "verdict_deployment", "  verdict on the deployment's rate",
                      sim_verdict_names[run->verdict]);
}

/* Whether plan's target is met by the measurement (none without a target). */
static void put_target(bloom_fields *fields, const deployment_run *run, mpq_srcptr p)
{
    if (p == NULL) {
        bloom_fields_missing(fields, "p", "target false-positive rate p (none)");
        bloom_fields_missing(fields, "measured_meets_target", "measured rate meets the target (no target)");
        return;
    }
    bloom_fields_rational(fields, "p", "target false-positive rate p", NULL, p);
    double target = mpq_get_d(p);
    const sim_interval *interval = &run->estimate.interval;
    bloom_fields_text(fields, "measured_meets_target", "measured rate meets the target",
                      interval->high < target ? "met" : interval->low > target ? "missed" : "undecided");
}

/* The first screen: the whole deployment, the measurement, the verdict. */
static const bloom_brief_line deployment_brief[] = {
    { "p", NULL, BLOOM_BRIEF_RATE }, { "keys_total", NULL, BLOOM_BRIEF_AS_IS },
    { "filters", NULL, BLOOM_BRIEF_AS_IS }, { "n", NULL, BLOOM_BRIEF_AS_IS },
    { "bits_per_key_setting", NULL, BLOOM_BRIEF_AS_IS }, { "library", NULL, BLOOM_BRIEF_AS_IS },
    { "bytes_allocated", NULL, BLOOM_BRIEF_BYTES }, { "trials", NULL, BLOOM_BRIEF_AS_IS },
    { "queries", NULL, BLOOM_BRIEF_AS_IS }, { "false_positives", NULL, BLOOM_BRIEF_AS_IS },
    { "measured_fpr", NULL, BLOOM_BRIEF_RATE }, { "ci_low", NULL, BLOOM_BRIEF_AS_IS },
    { "ci_high", NULL, BLOOM_BRIEF_AS_IS }, { "fpr_deployment", NULL, BLOOM_BRIEF_RATE },
    { "verdict_deployment", NULL, BLOOM_BRIEF_AS_IS }, { "measured_meets_target", NULL, BLOOM_BRIEF_AS_IS },
    { "partial", NULL, BLOOM_BRIEF_AS_IS }, { "warning", NULL, BLOOM_BRIEF_AS_IS },
    { NULL, NULL, BLOOM_BRIEF_AS_IS }
};

int bloomsim_deployment_emit(const bloom_command_line *line, const bloomsim_run_options *run,
                             bloomsim_put_record put, const void *context, const bloom_brief_line *brief,
                             int partial)
{
    bloom_fields fields;
    bloom_fields_init(&fields, run->output.digits, (bloom_format)run->output.format);
    put(&fields, context);
    if (brief != NULL && run->output.format == BLOOM_FORMAT_TABLE && !run->all && fields.status == BLOOM_OK)
        bloom_brief_keep(&fields.record, brief, fields.digits, BLOOM_UNITS_IEC);
    return bloomsim_emit(&fields, run->output.format, line, partial);
}

/* The record of fpr and plan with a unit. */
typedef struct deployment_record {
    const deployment_run *run;
    const bloomsim_run_options *options;
    mpq_srcptr target;
    mpz_srcptr n;
} deployment_record;

static void put_record(bloom_fields *fields, const void *context)
{
    const deployment_record *record = context;
    put_target(fields, record->run, record->target);
    put_deployment(fields, record->run, record->n);
    put_measured(fields, record->run, record->options);
    bloomsim_put_yes_no(fields, "partial", "partial (stopped early)", record->run->totals.partial);
}

int bloomsim_deployment_measure_and_print(const bloom_command_line *line, const bloomsim_run_options *run,
                                          bloomsim_unit_sizing *sizing, mpz_srcptr n, int targeted)
{
    deployment_run *state = calloc(1, sizeof *state);
    if (state == NULL)
        abort();
    bloom_deployment_init(&state->split);
    bloomsim_file_shape_init(&state->full);
    bloomsim_file_shape_init(&state->last);
    mpq_init(state->setting);
    mpq_srcptr target = targeted ? sizing->p : NULL;   /* before a setting replaces p */
    int status = size_run(state, sizing, n, run, line);
    if (status == BLOOM_EXIT_SUCCESS)
        status = measure(state, run, n, line);
    deployment_record record = { state, run, target, n };
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_deployment_emit(line, run, put_record, &record, deployment_brief,
                                           state->totals.partial);
    if (state->predicted)
        sim_deployment_prediction_free(&state->prediction);
    mpq_clear(state->setting);
    bloomsim_file_shape_clear(&state->full);
    bloomsim_file_shape_clear(&state->last);
    bloom_deployment_clear(&state->split);
    free(state);
    return status;
}

/* 0, or 2 after one line naming a run option the deployment engine does not offer. */
static int refuse_run_options(bloom_command_line *line)
{
    static const char *const refused[] = { "key-file", "shard", "filter-file", "filter", "overfill",
                                           "check-members" };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        const bloom_option *option = bloom_options_find(line, refused[i]);
        if (option == NULL || !option->seen)
            continue;
        bloom_options_error(line, "--%s: a deployment of filters (--keys-per-filter, --file-size) is built "
                            "file by file from generated keys, in one process, and asked absent keys only; "
                            "accepted: the unit without --%s", refused[i], refused[i]);
        return BLOOM_EXIT_USAGE;
    }
    return BLOOM_EXIT_SUCCESS;
}

int bloomsim_unit_command(bloom_command_line *line, const bloomsim_run_options *run,
                          const bloom_layout_description *description, mpz_srcptr keys, mpq_srcptr rate,
                          mpq_srcptr bits_per_key, unsigned long k, const char *example)
{
    bloom_given given = { 0, 0, 0, 0 };
    int status = bloom_given_read(&given, line, example);
    if (status == BLOOM_EXIT_SUCCESS)
        status = refuse_run_options(line);
    if (status == BLOOM_EXIT_SUCCESS && !given.n) {
        bloom_options_error(line, "-n/--keys: a deployment splits the keys of all its filters; "
                            "accepted: -n N with -c C or -p P (%s)", example);
        status = BLOOM_EXIT_USAGE;
    }
    if (status != BLOOM_EXIT_SUCCESS)
        return status;
    bloomsim_unit_sizing sizing = { given, given.p ? rate : NULL, given.c ? bits_per_key : NULL, k,
                                    description };
    return bloomsim_deployment_measure_and_print(line, run, &sizing, keys, given.p);
}
