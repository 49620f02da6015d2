/*
 * command_grow.c - "bloomsim grow": builds the scalable Bloom filter that
 * "bloomcalc grow" plans (calc/include/bloomcalc/growth.h; Almeida, Baquero, Preguica and
 * Hutchison, IPL 2007), inserts n keys, measures its false-positive rate
 * (scalable.h) and compares it with calc's compound bound
 * 1 - prod (1 - p0 r^i) and with the exact compound rate
 * 1 - prod (1 - P_i) of the sub-filters as sized.  Parsing and printing only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command_shard.h"
#include "command_shared.h"
#include "commands.h"
#include "growth_request.h"
#include "scalable.h"

/* Run size when --trials / --queries are not given. */
enum { GROW_DEFAULT_TRIALS = 64, GROW_DEFAULT_QUERIES = 10000 };

static const char description_start[] =
    "Plans a scalable Bloom filter as 'bloomcalc grow' does (sub-filter i: capacity\n"
    "N0 s^i, design rate P0 r^i, its own textbook size and best k), builds it T times\n"
    "with fresh keys and seeds, inserting N keys (each sub-filter filled to capacity\n"
    "before the next is added), asks every inserted key (false negatives must be 0)\n"
    "and Q absent keys per filter, and compares the measured rate with the exact\n"
    "compound rate 1 - prod(1 - P_i) of the sub-filters as sized (judged) and with\n"
    "calc's design bound 1 - prod(1 - P0 r^i) (met, exceeded or undecided).\n";

/* The planned sub-filters as simulator sizes (NULL when out of memory). */
static sim_subfilter *subfilters_of(const bloom_growth *growth)
{
    sim_subfilter *subfilter = calloc(growth->filters, sizeof *subfilter);
    for (size_t i = 0; subfilter != NULL && i < growth->filters; i++) {
        subfilter[i].keys = bloomsim_u64(growth->subfilter[i].keys);
        subfilter[i].bits = bloomsim_u64(growth->subfilter[i].bits);
        subfilter[i].hashes = (unsigned)growth->subfilter[i].k;
    }
    return subfilter;
}

/* The compound rate's arguments, pointing into the plan. */
static bloom_fpr_arguments *rates_of(const bloom_growth *growth)
{
    bloom_fpr_arguments *rates = calloc(growth->filters, sizeof *rates);
    for (size_t i = 0; rates != NULL && i < growth->filters; i++) {
        bloom_fpr_arguments one = { growth->subfilter[i].bits, growth->subfilter[i].keys,
                                    growth->subfilter[i].k, 0 };
        rates[i] = one;
    }
    return rates;
}

static void put_plan(bloom_fields *fields, const bloom_growth *growth, mpz_srcptr n, mpz_srcptr initial,
                     unsigned long factor, mpq_srcptr tightening)
{
    bloom_fields_integer(fields, "n", "keys n", NULL, n);
    bloom_fields_integer(fields, "initial_capacity", "first sub-filter's capacity", NULL, initial);
    bloom_fields_unsigned(fields, "growth", "capacity growth s", NULL, factor);
    bloom_fields_rational(fields, "tightening", "rate ratio r", NULL, tightening);
    bloom_fields_rational(fields, "first_rate", "first sub-filter's rate p0", NULL, growth->first_rate);
    bloom_fields_unsigned(fields, "filters", "sub-filters", NULL, (unsigned long)growth->filters);
    bloom_fields_integer(fields, "m_bits", "total bits", "bits", growth->bits);
}

static void put_measurement(bloom_fields *fields, const sim_scalable_config *config,
                            const sim_scalable_totals *totals, const sim_estimate *estimate,
                            sim_interval_method method, mpq_srcptr confidence)
{
    bloomsim_put_count(fields, "seed", "seed", config->run.seed);
    bloomsim_put_count(fields, "trials", "filters built (trials)", totals->trials);
    bloomsim_put_count(fields, "queries_per_trial", "absent queries per filter", config->queries);
    bloomsim_put_count(fields, "false_positives", "false positives", totals->false_positives);
    bloomsim_put_count(fields, "members_checked", "inserted keys queried", totals->members_checked);
    bloomsim_put_count(fields, "false_negatives", "  false negatives among them", totals->false_negatives);
    bloomsim_put_ratio(fields, "measured_fpr", "measured rate", totals->false_positives, totals->trials,
                       config->queries);
    bloomsim_put_interval(fields, "ci_low", "ci_high", estimate);
    bloomsim_put_confidence(fields, "  confidence", confidence);
    bloomsim_put_interval_method(fields, method, estimate);
}

/* The exact compound rate with its verdict, and the bound with its status. */
static void put_judgement(bloom_fields *fields, const bloom_growth *growth, const bloom_quantity *compound,
                          const sim_estimate *estimate)
{
    double values[2] = { 0, mpq_get_d(growth->rate_bound) };
    sim_verdict verdicts[2];
    fields->status |= sim_quantity_double(&values[0], compound);
    sim_verdicts(values, 2, estimate->interval, verdicts);
    bloom_fields_quantity(fields, "fpr_compound", "predicted, exact compound rate", NULL, compound);
    bloom_fields_text(fields, "verdict_compound", "  verdict", sim_verdict_names[verdicts[0]]);
    bloom_fields_rational(fields, "fpr_bound", "design bound 1 - prod(1 - p0 r^i)", NULL, growth->rate_bound);
    bloom_fields_text(fields, "bound_status", "  measured rate against the bound",
                      estimate->interval.high < values[1] ? "met"
                      : estimate->interval.low > values[1] ? "exceeded" : "undecided");
}

/* Runs and prints a planned filter.  Returns the exit status. */
static int measure_growth(const bloom_command_line *line, const bloomsim_run_options *run,
                          const bloom_growth *growth, mpz_srcptr n, mpz_srcptr initial, unsigned long factor,
                          mpq_srcptr tightening)
{
    sim_subfilter *subfilter = subfilters_of(growth);
    bloom_fpr_arguments *rates = rates_of(growth);
    sim_scalable_config config = { subfilter, growth->filters, bloomsim_u64(run->queries),
                                   (sim_hash_function)run->hash_function, { 0 } };
    bloomsim_run_settings(&config.run, run, line);
    if (!run->trials_given)
        config.run.trials = GROW_DEFAULT_TRIALS;
    if (!run->queries_given)
        config.queries = GROW_DEFAULT_QUERIES;
    int status = subfilter == NULL || rates == NULL ? BLOOM_EXIT_FAILURE : bloomsim_check_memory(line, sim_scalable_memory(&config));
    sim_scalable_totals totals;
    memset(&totals, 0, sizeof totals);
    int written = 0;
    if (status == BLOOM_EXIT_SUCCESS) {
        bloomsim_shard_job job;
        bloomsim_shard_job_grow(&job, &config);
        status = bloomsim_shard_run(line, run->shard, &job, &totals, &written);
    }
    if (status == BLOOM_EXIT_SUCCESS && !written && totals.trials == 0) {
        bloom_options_error(line, "stopped before a filter was measured; nothing to report");
        status = BLOOM_EXIT_INTERRUPTED;
    }
    if (status == BLOOM_EXIT_SUCCESS && !written) {
        double confidence = mpq_get_d(run->confidence);
        /* with fewer than 30 filters, Wilson's interval with the design effect Q
         * (a filter's queries counted as one: no model of the compound
         * filter's correlation is needed, and the interval is conservative) */
        sim_interval_method method;
        sim_estimate estimate = sim_estimate_rate(totals.false_positives, totals.false_positive_squares,
                                                  totals.trials, totals.trials * config.queries,
                                                  config.queries, (double)config.queries, confidence,
                                                  &method);
        sim_compound_rate compound_rate = { rates, growth->filters };
        bloom_quantity compound = { sim_enclose_compound_rate, &compound_rate, NULL };
        bloom_fields fields;
        bloom_fields_init(&fields, run->output.digits, (bloom_format)run->output.format);
        put_plan(&fields, growth, n, initial, factor, tightening);
        put_measurement(&fields, &config, &totals, &estimate, method, run->confidence);
        put_judgement(&fields, growth, &compound, &estimate);
        bloomsim_put_yes_no(&fields, "partial", "partial (stopped early)", totals.partial);
        status = bloomsim_emit(&fields, run->output.format, line, totals.partial);
    }
    free(subfilter);
    free(rates);
    return status;
}

int bloomsim_grow(int argc, char **argv, int first)
{
    bloom_growth_request request;
    bloom_growth_request_init(&request);
    bloomsim_run_options run;
    bloomsim_run_options_init(&run);
    bloom_option options[BLOOM_GROWTH_REQUEST_OPTIONS + BLOOMSIM_RUN_OPTION_MAX] = { { 0 } };
    bloom_growth_request_options(options, &request, "keys", SIM_MAX_GROWTH_KEYS_TEXT, SIM_MIN_RATE_TEXT);
    size_t count = BLOOM_GROWTH_REQUEST_OPTIONS
        + bloomsim_run_option_table(options + BLOOM_GROWTH_REQUEST_OPTIONS, &run,
                                    BLOOMSIM_OPTIONS_SIZE | BLOOMSIM_OPTIONS_RUN | BLOOMSIM_OPTIONS_SHARD);
    static const char *const positional[] = { "keys", NULL };
    char description[4096];
    snprintf(description, sizeof description, "%s\n%s", description_start, bloomsim_verdict_help);
    bloom_command_line line = { "bloomsim", "grow", "-n N [OPTIONS]", description, options, count, positional };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    if (parsed == BLOOM_OPTIONS_PARSED) {
        bloom_growth growth;
        bloom_growth_init(&growth);
        status = bloom_growth_request_complete(&growth, &request, &line);
        if (status == BLOOM_EXIT_SUCCESS)
            status = measure_growth(&line, &run, &growth, request.keys, request.initial, request.factor,
                                    request.tightening);
        bloom_growth_clear(&growth);
    }
    bloomsim_run_options_clear(&run);
    bloom_growth_request_clear(&request);
    return status;
}
