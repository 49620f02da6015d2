/*
 * command_verify.c - "bloomsim verify": runs the battery of verify.h and
 * prints one row per check; exit status 1 when the exact prediction is
 * rejected in any check.  Parsing and printing only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command_layout.h"
#include "command_shared.h"
#include "commands.h"
#include "description.h"
#include "verify.h"
#include "verify_layouts.h"

static const char description_start[] =
    "Runs a fixed battery of Monte Carlo checks of bloomcalc's exact false-positive\n"
    "rate: tiny and small filters under independent hashing (where the exact rate is\n"
    "told apart from Bloom's formula and the approximation), a counting filter, an\n"
    "overfilled filter, and double / enhanced double hashing at m = 2^20.  Prints\n"
    "one row per check.  Then the layout sweep: partitioned, blocked, split-block and\n"
    "truncated-index filters at 4 to 20 bits per key and two key counts, each judged\n"
    "against bloomcalc's fpr_layout (a hundredth of the budget each).  The exit\n"
    "status is 1 if a filter's own predicted rate (exact, or fpr_layout) is rejected.\n"
    "--budget bounds the probe operations of each check (default 1e9).\n";

/* One check: its name, its filter (config->layout set) and its work budget. */
typedef struct verify_check {
    char name[64];
    sim_fpr_config config;
    sim_layout layout;
    uint64_t planned_keys;
    double budget;
    int sized;                    /* trials and queries already chosen */
} verify_check;

/* Check `index`: the standard battery first (verify.h), then the layout
 * sweep (verify_layouts.h), with the run settings `run`.  Returns 0, or -1
 * if a layout refuses it. */
static int set_check(verify_check *check, size_t index, const sim_run_settings *run, double budget)
{
    if (index < sim_verify_case_count) {
        const sim_verify_case *standard = &sim_verify_cases[index];
        snprintf(check->name, sizeof check->name, "%s", standard->name);
        sim_verify_configure(standard, &check->config, run);
        check->sized = 0;
        check->planned_keys = standard->keys;
        check->budget = budget;
        check->config.layout = &check->layout;
        char reason[128];
        return sim_layout_init(&check->layout, BLOOM_LAYOUT_STANDARD, standard->bits, standard->hashes, 0,
                               0, 0, reason, sizeof reason);
    }
    sim_layout_check sweep;
    sim_layout_sweep_check(index - sim_verify_case_count, &sweep);
    snprintf(check->name, sizeof check->name, "%s", sweep.name);
    check->planned_keys = sweep.keys;
    check->budget = budget * (SIM_LAYOUT_SWEEP_WORK / SIM_VERIFY_DEFAULT_WORK);
    check->sized = 1;
    int status = sim_layout_check_configure(&sweep, &check->config, &check->layout, run);
    sim_layout_check_size(&check->config, check->budget);
    return status;
}

/* The predictions of a check.  Returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_FAILURE after the message. */
static int predict_check(bloomsim_measurement *measurement, sim_layout_prediction *prediction,
                         const verify_check *check, const bloom_command_line *line)
{
    const sim_fpr_config *config = &measurement->config;
    measurement->has_predictions = 1;
    int status = sim_predictions_compute(&measurement->predictions, config->bits, config->keys,
                                         config->hashes);
    int layout_status = sim_layout_prediction_compute(prediction, &check->layout, config->keys);
    if (status == BLOOM_OK && layout_status == BLOOM_OK)
        return BLOOM_EXIT_SUCCESS;
    bloom_options_error(line, "%s: the predictions could not be certified", check->name);
    return BLOOM_EXIT_FAILURE;
}

/* Measures one check into `fields`.  Returns 0, 1 (a failure, reported) or 2.
 * *rejected is set when the filter's own prediction (fpr_layout, which is
 * the exact rate for a standard filter) is rejected. */
static int run_check(verify_check *check, const bloom_command_line *line, const bloomsim_run_options *run,
                     bloom_fields *fields, int *rejected, int *partial)
{
    bloomsim_measurement measurement;
    sim_layout_prediction prediction;
    memset(&measurement, 0, sizeof measurement);
    measurement.config = check->config;
    measurement.config.layout = &check->layout;
    measurement.planned_keys = check->planned_keys;
    measurement.described_bits = check->config.bits;
    measurement.described_hashes = check->config.hashes;
    measurement.confidence = mpq_get_d(run->confidence);
    measurement.confidence_exact = run->confidence;
    int status = predict_check(&measurement, &prediction, check, line);
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_layout_size(&measurement, &prediction, check->sized, check->sized, check->budget, line);
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_measurement_run(&measurement, line);
    if (status == BLOOM_EXIT_SUCCESS) {
        bloomsim_layout_judge(&measurement, &prediction);
        bloom_fields_text(fields, "check", "check", check->name);
        measurement.described = 1;
        bloomsim_put_measurement(fields, &measurement);
        bloom_deployed_filter filter;
        bloomsim_layout_describe(&filter, &prediction, &check->layout, measurement.config.scheme);
        *rejected |= bloomsim_put_layout(fields, &prediction, &measurement, &filter) == SIM_VERDICT_REJECTED;
        bloom_deployed_filter_clear(&filter);
        *rejected |= measurement.report.verdict[SIM_PREDICTION_EXACT] == SIM_VERDICT_REJECTED
                     && sim_layout_is_plain(&check->layout);
        *partial |= measurement.totals.partial;
    }
    sim_layout_prediction_free(&prediction);
    bloomsim_measurement_free(&measurement);
    return status;
}

int bloomsim_verify(int argc, char **argv, int first)
{
    mpz_t budget;
    mpz_init(budget);
    bloomsim_run_options run;
    bloomsim_run_options_init(&run);
    const char *library = NULL;
    bloom_option options[2 + BLOOMSIM_RUN_OPTION_MAX] = {
        { .long_name = "budget", .kind = BLOOM_OPTION_COUNT, .destination = budget,
          .value_name = "W", .help = "probe operations per check (default 1e9)",
          .count_minimum = SIM_VERIFY_MIN_WORK_TEXT, .count_maximum = SIM_VERIFY_MAX_WORK_TEXT },
        bloom_library_refused_option(&library),
    };
    size_t count = 2 + bloomsim_run_option_table(options + 2, &run, BLOOMSIM_OPTIONS_RUN);
    char description[4096];
    snprintf(description, sizeof description, "%s\n%s", description_start, bloomsim_verdict_help);
    bloom_command_line line = { "bloomsim", "verify", "[OPTIONS]", description, options, count, NULL };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    if (parsed == BLOOM_OPTIONS_PARSED)
        status = bloom_library_refusal(&line, "verify runs a fixed battery of the calculator's models; "
                                       "a library's filter is measured by 'bloomsim fpr --library NAME'");
    double work = bloom_options_given(&line, "budget") ? mpz_get_d(budget) : SIM_VERIFY_DEFAULT_WORK;
    size_t total = sim_verify_case_count + sim_layout_sweep_count();
    bloom_fields *rows = calloc(total, sizeof *rows);
    bloom_record *records = calloc(total, sizeof *records);
    verify_check *check = malloc(sizeof *check);
    size_t done = 0;
    int exact_rejected = 0, partial = 0;
    if (rows == NULL || records == NULL || check == NULL)
        status = status == BLOOM_EXIT_SUCCESS ? BLOOM_EXIT_FAILURE : status;
    /* progress over the whole battery, each check weighted by its work budget */
    double sweep_work = work * (SIM_LAYOUT_SWEEP_WORK / SIM_VERIFY_DEFAULT_WORK);
    double all_work = (double)sim_verify_case_count * work + (double)(total - sim_verify_case_count) * sweep_work;
    sim_run_settings settings;
    bloomsim_run_settings(&settings, &run, &line);
    bloomsim_progress_begin("bloomsim verify");
    for (; parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && done < total && !partial; done++) {
        bloom_fields_init(&rows[done], run.output.digits, (bloom_format)run.output.format);
        status = set_check(check, done, &settings, work) == 0 ? BLOOM_EXIT_SUCCESS : BLOOM_EXIT_FAILURE;
        double before = done < sim_verify_case_count ? (double)done * work
            : (double)sim_verify_case_count * work + (double)(done - sim_verify_case_count) * sweep_work;
        bloomsim_progress_stage(before, check->budget, all_work);
        if (status == BLOOM_EXIT_SUCCESS)
            status = run_check(check, &line, &run, &rows[done], &exact_rejected, &partial);
        if (status == BLOOM_EXIT_SUCCESS && rows[done].status != BLOOM_OK)
            status = BLOOM_EXIT_FAILURE;
        records[done] = rows[done].record;
    }
    bloomsim_progress_end();
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        bloom_write_records(stdout, records, done, (bloom_format)run.output.format);
    for (size_t i = 0; i < done; i++)
        bloom_fields_clear(&rows[i]);
    free(rows);
    free(records);
    free(check);
    if (status == BLOOM_EXIT_SUCCESS && exact_rejected)
        fprintf(stderr, "bloomsim verify: a filter's predicted rate (exact or layout) was rejected\n");
    bloomsim_run_options_clear(&run);
    mpz_clear(budget);
    if (status != BLOOM_EXIT_SUCCESS)
        return status;
    return partial ? BLOOM_EXIT_INTERRUPTED : exact_rejected ? BLOOM_EXIT_FAILURE : BLOOM_EXIT_SUCCESS;
}
