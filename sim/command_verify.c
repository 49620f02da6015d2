/*
 * command_verify.c - "bloomsim verify": runs the battery of verify.h and
 * prints one row per check; exit status 1 when the exact prediction is
 * rejected in any check.  Parsing and printing only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command_shared.h"
#include "commands.h"
#include "verify.h"

static const char description_start[] =
    "Runs a fixed battery of Monte Carlo checks of bloomcalc's exact false-positive\n"
    "rate: tiny and small filters under independent hashing (where the exact rate is\n"
    "told apart from Bloom's formula and the approximation), a counting filter, an\n"
    "overfilled filter, and double / enhanced double hashing at m = 2^20.  Prints\n"
    "one row per check; the exit status is 1 if the exact rate is rejected anywhere.\n"
    "--budget bounds the probe operations of each check (default 1e9).\n";

/* Measures one check into `fields`.  Returns 0, 1 (a failure, reported) or 2. */
static int run_check(const sim_verify_case *check, const bloom_command_line *line,
                     const bloomsim_run_options *run, double budget, bloom_fields *fields,
                     int *exact_rejected, int *partial)
{
    bloomsim_measurement measurement;
    memset(&measurement, 0, sizeof measurement);
    sim_verify_configure(check, &measurement.config, bloomsim_u64(run->seed), (unsigned)run->threads);
    measurement.planned_keys = check->keys;
    measurement.confidence = mpq_get_d(run->confidence);
    measurement.has_predictions = 1;
    sim_fpr_config *config = &measurement.config;
    int status = sim_predictions_compute(&measurement.predictions, config->bits, config->keys,
                                         config->hashes) == BLOOM_OK ? 0 : 1;
    if (status != 0)
        bloom_options_error(line, "%s: the predictions could not be certified", check->name);
    if (status == 0) {
        sim_fpr_choose_size(config, &measurement.predictions, measurement.confidence, 0, 0, budget);
        status = bloomsim_check_memory(line, sim_fpr_memory(config));
    }
    if (status == 0)
        status = bloomsim_measurement_run(&measurement, line);
    if (status == 0) {
        bloom_fields_text(fields, "check", "check", check->name);
        bloomsim_put_measurement(fields, &measurement);
        *exact_rejected |= measurement.report.verdict[SIM_PREDICTION_EXACT] == SIM_VERDICT_REJECTED;
        *partial |= measurement.totals.partial;
    }
    bloomsim_measurement_free(&measurement);
    return status;
}

int bloomsim_verify(int argc, char **argv, int first)
{
    mpz_t budget;
    mpz_init(budget);
    bloomsim_run_options run;
    bloomsim_run_options_init(&run);
    bloom_option options[1 + BLOOMSIM_RUN_OPTION_MAX] = {
        { .long_name = "budget", .kind = BLOOM_OPTION_COUNT, .destination = budget,
          .value_name = "W", .help = "probe operations per check (default 1e9)",
          .count_minimum = "1e5", .count_maximum = "1e12" },
    };
    size_t count = 1 + bloomsim_run_option_table(options + 1, &run, BLOOMSIM_OPTIONS_RUN);
    char description[4096];
    snprintf(description, sizeof description, "%s\n%s", description_start, bloomsim_verdict_help);
    bloom_command_line line = { "bloomsim", "verify", "[OPTIONS]", description, options, count, NULL };
    int parsed = bloom_options_parse(&line, argc, argv, first);
    int status = parsed == 1 ? 0 : parsed;   /* 1: --help was printed */
    double work = options[0].seen ? mpz_get_d(budget) : SIM_VERIFY_DEFAULT_WORK;
    bloom_fields *rows = calloc(sim_verify_case_count, sizeof *rows);
    bloom_record *records = calloc(sim_verify_case_count, sizeof *records);
    size_t done = 0;
    int exact_rejected = 0, partial = 0;
    if (rows == NULL || records == NULL)
        status = status == 0 ? 1 : status;
    for (; parsed == 0 && status == 0 && done < sim_verify_case_count && !partial; done++) {
        bloom_fields_init(&rows[done], run.output.digits, (bloom_format)run.output.format);
        status = run_check(&sim_verify_cases[done], &line, &run, work, &rows[done], &exact_rejected,
                           &partial);
        if (status == 0 && rows[done].status != BLOOM_OK)
            status = 1;
        records[done] = rows[done].record;
    }
    if (parsed == 0 && status == 0)
        bloom_write_records(stdout, records, done, (bloom_format)run.output.format);
    for (size_t i = 0; i < done; i++)
        bloom_fields_clear(&rows[i]);
    free(rows);
    free(records);
    if (status == 0 && exact_rejected)
        fprintf(stderr, "bloomsim verify: the exact prediction was rejected\n");
    bloomsim_run_options_clear(&run);
    mpz_clear(budget);
    if (status != 0)
        return status == 1 && done == 0 ? 1 : status;
    return partial ? 130 : exact_rejected;
}
