/*
 * command_lsm_files.c - the LSM tree of files of "bloomsim lsm" with a
 * unit (command_lsm_files.h): sizes one full file's filter and each level's
 * last file's, builds the tree with the deployment engine, judges the sum
 * of the levels' deployment predictions.  Parsing and printing only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command_deployment.h"
#include "command_layout.h"
#include "command_lsm_files.h"
#include "deployment.h"
#include "deployment_prediction.h"
#include "estimate.h"
#include "numbers.h"
#include "parallel.h"
#include "predictions.h"

/* One kind of lookup: its predicted reads, 1 (present) + the false reads of the first `count`
 * levels of the engine, and without filters. */
typedef struct lookup_kind {
    sim_rate_sum sum;
    bloom_quantity predicted;
    double value[2];            /* predicted, without filters */
    unsigned checks;            /* filters consulted besides the key's own file */
    unsigned long own;          /* 1 for a present key (its own file's read), 0 for an absent one */
} lookup_kind;

/* Everything one run holds, from sizing to printing. */
typedef struct files_run {
    bloomsim_unit_sizing sizing;
    mpq_t setting;
    int searched;
    bloom_deployment splits[SIM_LSM_MAX_LEVELS];
    bloom_deployment tree;           /* the unit over the tree's keys: a full file's keys, as bloomcalc lsm */
    bloomsim_file_shape full, last[SIM_LSM_MAX_LEVELS];
    unsigned sized;                                        /* last[] sized so far */
    sim_deployment_level level[SIM_LSM_MAX_LEVELS + 1];    /* L0 first when it has files */
    sim_deployment_prediction predictions[SIM_LSM_MAX_LEVELS + 1];
    bloom_quantity quantities[SIM_LSM_MAX_LEVELS + 1];
    unsigned count, predicted;
    lookup_kind miss, hit;                                 /* absent lookups, present ones */
    sim_deployment_config config;
    sim_deployment_totals totals;
    double predict_seconds;
} files_run;

/* Splits every level's keys into files, finds the RocksDB setting over all the filter sizes,
 * and sizes the full file's filter and each level's last one.  Returns the exit status. */
static int size_files(files_run *run, const bloomsim_lsm_files_request *request,
                      const bloomsim_run_options *options, const bloom_command_line *line)
{
    mpz_srcptr keys[SIM_LSM_MAX_LEVELS + 1];
    mpz_t level_keys, tree_keys;
    mpz_inits(level_keys, tree_keys, (mpz_ptr)0);
    int status = BLOOM_EXIT_SUCCESS;
    for (unsigned i = 0; i < request->levels && status == BLOOM_EXIT_SUCCESS; i++) {
        sim_mpz_set_u64(level_keys, request->level_keys[i]);
        mpz_add(tree_keys, tree_keys, level_keys);
        status = bloom_description_deployment(&run->splits[i], request->description, level_keys, line);
        keys[i + 1] = run->splits[i].last_keys;
    }
    /* A full file (an L0 file, a file of a level of many) holds the unit's keys, at most the
     * tree's: a level smaller than one file is its last file alone. */
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloom_description_deployment(&run->tree, request->description, tree_keys, line);
    mpz_clears(level_keys, tree_keys, (mpz_ptr)0);
    keys[0] = run->tree.keys_per_filter;
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_unit_setting(&run->sizing, run->setting, &run->searched, keys, request->levels + 1,
                                       line);
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_file_shape_size(&run->full, &run->sizing, keys[0], options, line);
    for (; run->sized < request->levels && status == BLOOM_EXIT_SUCCESS; run->sized++)
        status = bloomsim_file_shape_size(&run->last[run->sized], &run->sizing, keys[run->sized + 1], options,
                                          line);
    return status;
}

/* The engine's levels: L0's overlapping full files, then each level's files. */
static void lay_out(files_run *run, const bloomsim_lsm_files_request *request)
{
    run->count = 0;
    if (request->l0_files > 0)
        run->level[run->count++] = (sim_deployment_level){ request->l0_files, run->full.level, run->full.level, 1 };
    for (unsigned i = 0; i < request->levels; i++)
        run->level[run->count++] = (sim_deployment_level){ bloomsim_u64(run->splits[i].filters), run->full.level,
                                                           run->last[i].level, 0 };
}

/* The kind's prediction over the first `count` levels (`checks` filters consulted besides the
 * key's own file).  Returns a bloom_status. */
static int kind_predict(lookup_kind *kind, files_run *run, unsigned count, unsigned long own, unsigned checks)
{
    kind->sum = (sim_rate_sum){ NULL, count, own, run->quantities };
    kind->predicted = (bloom_quantity){ sim_enclose_rate_sum, &kind->sum, NULL };
    kind->checks = checks;
    kind->own = own;
    kind->value[1] = (double)(checks + own);
    return sim_quantity_double(&kind->value[0], &kind->predicted);
}

/* Each level's prediction and the two kinds' sums.  Returns the exit status. */
static int predict(files_run *run, const bloomsim_lsm_files_request *request, const bloom_command_line *line)
{
    double start = sim_clock_seconds(CLOCK_MONOTONIC);
    int status = BLOOM_OK;
    for (; run->predicted < run->count; run->predicted++) {
        unsigned i = run->predicted;
        status |= sim_deployment_prediction_compute(&run->predictions[i], &run->level[i]);
        run->quantities[i] = run->predictions[i].quantity;
    }
    unsigned before = run->count - request->levels + request->target_level - 1;   /* levels before J */
    if (status == BLOOM_OK)
        status = kind_predict(&run->miss, run, run->count, 0, (unsigned)request->l0_files + request->levels);
    if (status == BLOOM_OK)
        status = kind_predict(&run->hit, run, before, 1, (unsigned)request->l0_files + request->target_level - 1);
    run->predict_seconds = sim_clock_seconds(CLOCK_MONOTONIC) - start;
    if (status == BLOOM_OK)
        return BLOOM_EXIT_SUCCESS;
    bloom_options_error(line, "the tree's false reads could not be certified for these arguments");
    return BLOOM_EXIT_FAILURE;
}

/* Default trials: 32, or as many as insert at most 5e7 keys, at least 2 (a t interval). */
static uint64_t default_trials(const files_run *run)
{
    uint64_t keys = 0;
    for (unsigned i = 0; i < run->count; i++)
        keys += sim_deployment_level_keys(&run->level[i]);
    uint64_t affordable = (uint64_t)5e7 / (keys ? keys : 1);
    return affordable >= 32 ? 32 : affordable >= 2 ? affordable : 2;
}

/* Configures, checks memory and runs.  Returns the exit status. */
static int run_tree(files_run *run, const bloomsim_lsm_files_request *request,
                    const bloomsim_run_options *options, const bloom_command_line *line)
{
    sim_deployment_config *config = &run->config;
    config->levels = run->count;
    config->level = run->level;
    config->scheme = bloomsim_layout_scheme(&run->full.filter);
    config->hash_function = (sim_hash_function)options->hash_function;
    config->guard = !options->unguarded;
    bloomsim_run_settings(&config->run, options, line);
    config->run.trials = request->trials != 0 ? request->trials : default_trials(run);
    config->lookups = request->lookups / config->run.trials + (request->lookups % config->run.trials != 0);
    config->hit_lookups = config->lookups;
    config->hit_level = run->count - request->levels + request->target_level - 1;
    sim_phase_times phases;
    memset(&phases, 0, sizeof phases);
    config->run.phases = &phases;
    int status = bloomsim_check_memory(line, sim_deployment_memory(config));
    if (status == BLOOM_EXIT_SUCCESS && sim_deployment_run(config, &run->totals) != 0) {
        bloom_options_error(line, "out of memory or threads while building the tree");
        status = BLOOM_EXIT_FAILURE;
    }
    if (status == BLOOM_EXIT_SUCCESS && run->totals.trials < 2) {
        bloom_options_error(line, "stopped before two trees were measured; nothing to report");
        status = BLOOM_EXIT_INTERRUPTED;
    }
    if (options->progress) {
        bloomsim_progress_end();
        fprintf(stderr, "bloomsim lsm: predictions %.1f s, build %.1f s, queries %.1f s (build and queries: "
                "seconds of the threads, added)\n", run->predict_seconds, phases.build_seconds,
                phases.query_seconds);
    }
    return status;
}

/* "a/b/c" of the levels' values (malloc'd). */
static char *list(const files_run *run, int files)
{
    size_t size = 24 * (size_t)run->count + 1, used = 0;
    char *text = malloc(size);
    if (text == NULL)
        abort();
    text[0] = '\0';
    for (unsigned i = 0; i < run->count; i++)
        used += (size_t)snprintf(text + used, size - used, "%s%llu", i ? "/" : "",
                                 (unsigned long long)(files ? run->level[i].files
                                                            : sim_deployment_level_keys(&run->level[i])));
    return text;
}

static void put_tree(bloom_fields *fields, const files_run *run, const bloomsim_lsm_files_request *request)
{
    bloom_fields_unsigned(fields, "levels", "levels L", NULL, request->levels);
    bloom_fields_unsigned(fields, "l0_files", "L0 files, each consulted", NULL, request->l0_files);
    bloom_record_take(&fields->record, BLOOM_FIELD_TEXT, "level_keys", "keys per level (L0 first)", NULL,
                      list(run, 0));
    bloom_record_take(&fields->record, BLOOM_FIELD_TEXT, "level_files", "files per level (L0 first)", NULL,
                      list(run, 1));
    bloom_fields_integer(fields, "n", "keys per file n", NULL, run->tree.keys_per_filter);
    bloom_fields_rational(fields, "p", "target rate p per filter", NULL, request->p);
    bloomsim_put_setting_and_filter(fields, run->searched ? run->setting : NULL, &run->full.filter);
}

/* The reads per lookup of a kind and their interval (sim_deployment_estimate_reads), with the
 * design effect of the most lookups one filter answered, the largest over the levels. */
static sim_estimate estimate_reads(const files_run *run, const lookup_kind *kind, uint64_t false_reads,
                                   unsigned __int128 squares, double confidence, sim_interval_method *method)
{
    const sim_deployment_totals *totals = &run->totals;
    double effect = 1;
    for (unsigned i = 0; i < run->count; i++)
        effect = fmax(effect, sim_deployment_design_effect(&run->predictions[i], totals->largest_share));
    sim_read_counts counts = { false_reads, squares, totals->trials, run->config.lookups, kind->checks,
                               kind->own };
    return sim_deployment_estimate_reads(&counts, effect, confidence, method);
}

/* The keys of one kind's fields: measured, interval, predicted, verdict, unfiltered, verdict. */
typedef struct kind_keys {
    const char *measured, *low, *high, *predicted, *verdict, *unfiltered, *unfiltered_verdict;
    const char *measured_label, *predicted_label, *unfiltered_label;
} kind_keys;

static const kind_keys miss_keys = {
    "measured_probes_miss", "probes_miss_ci_low", "probes_miss_ci_high", "read_amp_miss_deployment",
    "verdict_miss_deployment", "read_amp_miss_without_filters", "verdict_miss_without_filters",
    "measured reads, absent key", "predicted: L0 files x fpr + sum of fpr_deployment",
    "without filters, L0 files + L"
};
static const kind_keys hit_keys = {
    "measured_probes_hit", "probes_hit_ci_low", "probes_hit_ci_high", "read_amp_hit_deployment",
    "verdict_hit_deployment", "read_amp_hit_without_filters", "verdict_hit_without_filters",
    "measured reads, key on level J", "predicted: 1 + the same over the levels before J",
    "without filters, L0 files + J"
};

static void put_kind(bloom_fields *fields, const files_run *run, const lookup_kind *kind, const kind_keys *keys,
                     uint64_t false_reads, unsigned __int128 squares, double confidence)
{
    sim_interval_method method;
    sim_estimate estimate = estimate_reads(run, kind, false_reads, squares, confidence, &method);
    sim_verdict verdicts[2];
    sim_verdicts(kind->value, 2, estimate.interval, verdicts);
    uint64_t lookups = run->totals.lookups;
    bloomsim_put_ratio(fields, keys->measured, keys->measured_label, false_reads + kind->own * lookups,
                       lookups, 1);
    bloomsim_put_interval(fields, keys->low, keys->high, &estimate);
    bloomsim_put_interval_method(fields, method, &estimate);
    bloom_fields_quantity(fields, keys->predicted, keys->predicted_label, NULL, &kind->predicted);
    bloom_fields_text(fields, keys->verdict, "  verdict", sim_verdict_names[verdicts[0]]);
    bloom_fields_unsigned(fields, keys->unfiltered, keys->unfiltered_label, NULL, (unsigned long)kind->value[1]);
    bloom_fields_text(fields, keys->unfiltered_verdict, "  verdict", sim_verdict_names[verdicts[1]]);
}

static void put_measured(bloom_fields *fields, const files_run *run, const bloomsim_run_options *options,
                         const bloomsim_lsm_files_request *request)
{
    put_tree(fields, run, request);
    const sim_deployment_totals *totals = &run->totals;
    double confidence = mpq_get_d(options->confidence);
    bloomsim_put_count(fields, "seed", "seed", run->config.run.seed);
    bloomsim_put_count(fields, "trials", "trees built (trials)", totals->trials);
    bloomsim_put_count(fields, "lookups", "lookups of each kind", totals->lookups);
    bloomsim_put_confidence(fields, "confidence", options->confidence);
    bloom_fields_unsigned(fields, "target_level", "level J of the keys looked up", NULL, request->target_level);
    put_kind(fields, run, &run->hit, &hit_keys, totals->hit_false_reads, totals->hit_false_read_squares,
             confidence);
    put_kind(fields, run, &run->miss, &miss_keys, totals->false_reads, totals->false_read_squares, confidence);
    bloomsim_put_count(fields, "false_negatives", "false negatives on level J", totals->false_negatives);
    bloomsim_put_count(fields, "ribbon_retries", "Ribbon seeds that failed to band (retried)",
                       totals->ribbon_retries);
    bloomsim_put_yes_no(fields, "partial", "partial (stopped early)", totals->partial);
}

/* The record of the tree of files. */
typedef struct files_record {
    const files_run *run;
    const bloomsim_run_options *options;
    const bloomsim_lsm_files_request *request;
} files_record;

static void put_record(bloom_fields *fields, const void *context)
{
    const files_record *record = context;
    put_measured(fields, record->run, record->options, record->request);
}

static void clear_run(files_run *run, const bloomsim_lsm_files_request *request)
{
    for (unsigned i = 0; i < run->predicted; i++)
        sim_deployment_prediction_free(&run->predictions[i]);
    for (unsigned i = 0; i < request->levels; i++) {
        bloomsim_file_shape_clear(&run->last[i]);
        bloom_deployment_clear(&run->splits[i]);
    }
    bloom_deployment_clear(&run->tree);
    bloomsim_file_shape_clear(&run->full);
    mpq_clear(run->setting);
    free(run);
}

int bloomsim_lsm_files(const bloom_command_line *line, const bloomsim_run_options *options,
                       const bloomsim_lsm_files_request *request)
{
    files_run *run = calloc(1, sizeof *run);
    if (run == NULL)
        abort();
    mpq_init(run->setting);
    bloomsim_file_shape_init(&run->full);
    bloom_deployment_init(&run->tree);
    for (unsigned i = 0; i < request->levels; i++) {
        bloomsim_file_shape_init(&run->last[i]);
        bloom_deployment_init(&run->splits[i]);
    }
    run->sizing = (bloomsim_unit_sizing){ { 1, 1, 0, 0 }, request->p, NULL, 0, request->description };
    int status = size_files(run, request, options, line);
    if (status == BLOOM_EXIT_SUCCESS) {
        lay_out(run, request);
        status = predict(run, request, line);
    }
    if (status == BLOOM_EXIT_SUCCESS)
        status = run_tree(run, request, options, line);
    files_record record = { run, options, request };
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_deployment_emit(line, options, put_record, &record, NULL, run->totals.partial);
    clear_run(run, request);
    return status;
}
