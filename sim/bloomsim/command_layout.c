/*
 * command_layout.c - "--layout", "--block-bits", "--hash-bits" and
 * "--index-bits" of bloomsim fpr and plan: builds the deployed filter
 * (layout_filters.h), measures it with the ordinary harness and judges
 * calc's fpr_layout (calc/include/bloomcalc/layouts.h) next to the standard filter's exact,
 * Bloom and approximate rates (layout_prediction.h for the sizing proxy).
 * Parsing and printing only.
 */
#include <stdio.h>
#include <string.h>

#include "command_layout.h"
#include "layout_filters.h"
#include "layout_prediction.h"

void bloomsim_layout_options_init(bloomsim_layout_options *options)
{
    memset(options, 0, sizeof *options);
    options->layout = BLOOM_LAYOUT_STANDARD;
}

size_t bloomsim_layout_option_table(bloom_option *table, bloomsim_layout_options *options)
{
    const bloom_option entries[BLOOMSIM_LAYOUT_OPTION_COUNT] = {
        { .long_name = "layout", .kind = BLOOM_OPTION_CHOICE, .destination = &options->layout,
          .value_name = "LAYOUT", .help = "filter layout (default standard)", .choices = bloom_layout_names },
        { .long_name = "block-bits", .kind = BLOOM_OPTION_UNSIGNED, .destination = &options->block_bits,
          .value_name = "B", .help = "block size of blocked / split-block layouts (default 512 / 256)",
          .minimum = 1, .maximum = 1UL << 20 },
        { .long_name = "hash-bits", .kind = BLOOM_OPTION_UNSIGNED, .destination = &options->hash_bits,
          .value_name = "H", .help = "derive every probe from one H-bit hash of the key "
          "(default: no fingerprint)", .minimum = 1, .maximum = SIM_LAYOUT_MAX_WIDTH },
        { .long_name = "index-bits", .kind = BLOOM_OPTION_UNSIGNED, .destination = &options->index_bits,
          .value_name = "N", .help = "indices of N bits: probes reach only the first 2^N bits",
          .minimum = 1, .maximum = SIM_LAYOUT_MAX_WIDTH },
    };
    memcpy(table, entries, sizeof entries);
    return BLOOMSIM_LAYOUT_OPTION_COUNT;
}

unsigned bloomsim_layout_hashes(const bloomsim_layout_options *options, unsigned planned)
{
    if (options->layout != BLOOM_LAYOUT_SPLIT_BLOCK)
        return planned;
    unsigned long block = options->block_bits != 0 ? options->block_bits : BLOOM_SPLIT_BLOCK_BITS;
    return block >= 32 ? (unsigned)(block / 32) : 1;
}

/* The layout for the prepared measurement.  Returns 0 or 2 after a message. */
static int settle_layout(sim_layout *layout, const bloomsim_layout_options *options,
                         const bloomsim_measurement *measurement, const bloom_command_line *line)
{
    const sim_fpr_config *config = &measurement->config;
    char reason[256];
    if (sim_layout_init(layout, (bloom_layout_kind)options->layout, config->bits, config->hashes,
                        options->block_bits, (unsigned)options->hash_bits, (unsigned)options->index_bits,
                        reason, sizeof reason) != 0) {
        bloom_options_error(line, "--layout: %s", reason);
        return 2;
    }
    if (!sim_layout_is_plain(layout) && config->filter != SIM_FILTER_STANDARD) {
        bloom_options_error(line, "--layout, --hash-bits and --index-bits apply to plain bit filters only");
        return 2;
    }
    if (layout->kind != BLOOM_LAYOUT_STANDARD && config->scheme != SIM_PROBE_INDEPENDENT) {
        bloom_options_error(line, "--hash: the %s layout draws independent probes only",
                            bloom_layout_names[layout->kind]);
        return 2;
    }
    return 0;
}

int bloomsim_layout_size(bloomsim_measurement *measurement, const sim_layout_prediction *prediction,
                         int trials_given, int queries_given, double work_budget,
                         const bloom_command_line *line)
{
    const sim_layout *layout = measurement->config.layout;
    sim_predictions proxy;
    sim_layout_sizing_proxy(&proxy, prediction);
    sim_fpr_choose_size(&measurement->config, layout != NULL && sim_layout_is_plain(layout)
                            ? &measurement->predictions : &proxy,
                        measurement->confidence, trials_given, queries_given, work_budget);
    return bloomsim_check_memory(line, sim_fpr_memory(&measurement->config));
}

void bloomsim_layout_judge(bloomsim_measurement *measurement, const sim_layout_prediction *prediction)
{
    sim_fpr_report *report = &measurement->report;
    const sim_layout *layout = measurement->config.layout;
    if (report->method != SIM_INTERVAL_WILSON_DESIGN_EFFECT || layout == NULL || sim_layout_is_plain(layout))
        return;
    sim_predictions proxy;
    sim_layout_sizing_proxy(&proxy, prediction);
    report->estimate = sim_fpr_estimate(&measurement->totals, &measurement->config, &proxy,
                                        measurement->confidence, &report->method);
    sim_verdicts(measurement->predictions.value, SIM_PREDICTION_COUNT, report->estimate.interval,
                 report->verdict);
}

sim_verdict bloomsim_put_layout(bloom_fields *fields, const sim_layout_prediction *prediction,
                                const bloomsim_measurement *measurement)
{
    const sim_layout *layout = measurement->config.layout;
    int blocks = layout->kind == BLOOM_LAYOUT_BLOCKED || layout->kind == BLOOM_LAYOUT_SPLIT_BLOCK;
    bloom_fields_text(fields, "layout", "layout", bloom_layout_names[layout->kind]);
    bloomsim_put_count(fields, "block_bits", "bits per block (0: no blocks)", blocks ? layout->block_bits : 0);
    bloom_fields_unsigned(fields, "hash_bits", "hash bits all probes derive from (0: none)", NULL,
                          layout->hash_bits);
    bloom_fields_unsigned(fields, "index_bits", "index bits (0: full)", NULL, layout->index_bits);
    bloomsim_put_count(fields, "reachable_bits", "bits the probes reach", layout->reachable);
    bloom_fields_quantity(fields, "fpr_layout", "predicted, deployed layout", NULL, &prediction->quantity);
    sim_verdict verdict = sim_layout_verdict(prediction->value, measurement->predictions.value,
                                             measurement->report.estimate.interval);
    bloom_fields_text(fields, "verdict_layout", "  verdict on the layout's rate", sim_verdict_names[verdict]);
    return verdict;
}

int bloomsim_layout_measure_and_print(const bloom_command_line *line, const bloomsim_run_options *run,
                                      const bloomsim_layout_options *layout_options, uint64_t bits,
                                      uint64_t keys, unsigned hashes, bloomsim_extra_fields extra,
                                      const void *context)
{
    bloomsim_measurement measurement;
    sim_layout layout;
    sim_layout_prediction prediction;
    int predicted = 0;
    memset(&layout, 0, sizeof layout);
    int status = bloomsim_measurement_prepare(&measurement, line, run, bits, keys, hashes);
    if (status == 0)
        status = settle_layout(&layout, layout_options, &measurement, line);
    if (status == 0) {
        measurement.config.layout = &layout;
        predicted = 1;
        if (sim_layout_prediction_compute(&prediction, &layout, measurement.config.keys) != BLOOM_OK) {
            bloom_options_error(line, "the layout's rate could not be certified for these arguments");
            status = 1;
        }
    }
    if (status == 0 && !sim_layout_is_plain(&layout))
        status = bloomsim_layout_size(&measurement, &prediction, mpz_sgn(run->trials) > 0,
                                      mpz_sgn(run->queries) > 0, SIM_DEFAULT_WORK, line);
    if (status == 0)
        status = bloomsim_measurement_run(&measurement, line);
    if (status == 0) {
        bloomsim_layout_judge(&measurement, &prediction);
        bloom_fields fields;
        bloom_fields_init(&fields, run->output.digits, (bloom_format)run->output.format);
        if (extra != NULL)
            extra(&fields, &measurement, context);
        bloomsim_put_measurement(&fields, &measurement);
        bloomsim_put_layout(&fields, &prediction, &measurement);
        status = bloomsim_emit(&fields, run->output.format, line, measurement.totals.partial);
    }
    if (predicted)
        sim_layout_prediction_free(&prediction);
    bloomsim_measurement_free(&measurement);
    return status;
}
