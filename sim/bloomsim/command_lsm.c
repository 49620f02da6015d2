/*
 * command_lsm.c - "bloomsim lsm": measured read amplification of an LSM
 * tree with a real filter per level (lsm_tree.h), against 1 + (j-1)p and L p
 * (calc/include/bloomcalc/lsm.h), the rates the sized filters really achieve, and the
 * unfiltered j and L.  Parsing and printing only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command_layout.h"
#include "command_lsm_described.h"
#include "command_lsm_files.h"
#include "command_shard.h"
#include "command_shared.h"
#include "commands.h"
#include "deployment.h"
#include "interrupt.h"
#include "lsm.h"
#include "lsm_allocation.h"
#include "lsm_tree.h"

static const char description_start[] =
    "Builds an LSM tree of L levels, each holding its own keys behind its own Bloom\n"
    "filter sized for rate P (m_i = ceil(n_i (-ln P)/ln^2 2), best integer k_i).  The\n"
    "tree holds N keys in all, split over the levels as 'bloomcalc lsm' splits them:\n"
    "level i holds round(n_i), n_i = N T^(i-1) (T-1)/(T^L-1), each level T times the\n"
    "one above it (--size-ratio T, default 10; 1: equal levels, N/L each).  Looks up\n"
    "keys present on level J (--level, default the deepest) and keys present\n"
    "nowhere, probing levels newest first and reading a level when its filter says\n"
    "maybe, and counts the levels read.  Compares with\n"
    "1 + (J-1)P and L P (calc/include/bloomcalc/lsm.h), with the same sums over the exact rates the\n"
    "sized filters achieve, and with J and L without filters.  --lookups lookups of\n"
    "each kind are spread over --trials independently built trees (default 32).\n"
    "--allocation uniform|monkey|no-last-level sizes the filters by calc's per-level\n"
    "rates at equal memory (--bits-per-key C, or the memory of rate P on every level)\n"
    "and judges calc/include/bloomcalc/monkey.h's sum p_i and 1 + sum_{i<L} p_i (keys on level L);\n"
    "last-level-dropped keeps the upper levels' filters and drops the last level's\n"
    "(RocksDB optimize_filters_for_hits).  The filter description of 'bloomsim plan'\n"
    "(--layout, --block-bits, ..., --hash, --library) builds every level's filter as\n"
    "described, sized as 'bloomcalc lsm' sizes it (the same m, k and rate), and the\n"
    "predictions are then at the described filters' rates (fpr_layout).\n"
    "--keys-per-filter N (or, for RocksDB, --file-size and --entry-size) builds the\n"
    "tree as an engine lays it out: each level's keys in files of N keys, a filter\n"
    "per file sized for its own keys as 'bloomcalc plan' sizes it (RocksDB and -p:\n"
    "one bits_per_key setting), the last file of a level partial, and --l0-files F\n"
    "more files of N keys (default 4) that every lookup consults, as RocksDB's L0.\n"
    "Lookups read every L0 file and, on each level, the file whose key range covers\n"
    "them (a key of level J: the levels before J, then its own file); the measured\n"
    "reads are judged against read_amp_miss_deployment, L0's files times a file's\n"
    "rate plus each level's fpr_deployment, and read_amp_hit_deployment, 1 plus the\n"
    "same before J.  The files are built one after the other in one file's memory\n"
    "per level; default trials: 32, or as many as insert 5e7 keys (at least 2).\n";

/* An allocation run: calc's tree and its per-level rates (given = 0: every
 * filter at the target rate p). */
typedef struct lsm_allocation_run {
    int given;
    int rate_given;               /* -p given; else the budget is --bits-per-key */
    int allocation;               /* bloom_lsm_allocation */
    bloom_lsm_tree tree;
    double rates[SIM_LSM_MAX_LEVELS];
} lsm_allocation_run;

typedef struct lsm_predictions {
    mpq_t target;                 /* 1 + (j-1)p or L p */
    bloom_lsm_query query;        /* with an allocation (query.tree set): calc/include/bloomcalc/monkey.h */
    bloom_quantity allocated;     /* its miss or worst-hit cost */
    sim_rate_sum achieved_sum;    /* the same over the levels' exact rates */
    bloom_quantity achieved;
    double value[3];              /* target, achieved, unfiltered */
    unsigned checked;             /* filters a lookup consults before its own level */
} lsm_predictions;

/* The allocation's prediction as the target (at the described filters' rates
 * when `described`, NULL otherwise).  Returns a bloom_status. */
static int predict_allocated(lsm_predictions *prediction, const lsm_allocation_run *allocation, int miss,
                             const bloom_quantity *described)
{
    bloom_lsm_query query = { &allocation->tree, (bloom_lsm_allocation)allocation->allocation, 0, NULL,
                              described };
    prediction->query = query;
    bloom_quantity allocated = { miss ? bloom_enclose_lsm_miss : bloom_enclose_lsm_hit_worst,
                                 &prediction->query, NULL };
    prediction->allocated = allocated;
    return sim_quantity_double(&prediction->value[0], &prediction->allocated);
}

/* Fills the predictions of hit (miss = 0) or miss (miss = 1) lookups; the
 * first `filtered` levels have filters (rates[]), the deeper ones none. */
static int predict(lsm_predictions *prediction, const sim_lsm_config *config, const bloom_fpr_arguments *rates,
                   unsigned filtered, mpq_srcptr p, int miss, const lsm_allocation_run *allocation,
                   const bloom_quantity *described)
{
    unsigned probed = miss ? config->levels : config->target_level;
    unsigned summed = miss ? probed : probed - 1;
    unsigned with_filter = summed < filtered ? summed : filtered;
    memset(prediction, 0, sizeof *prediction);
    mpq_init(prediction->target);
    if (miss)
        bloom_read_amplification_miss(prediction->target, probed, p);
    else
        bloom_read_amplification_hit(prediction->target, probed, p);
    sim_rate_sum sum = { rates, with_filter, (miss ? 0UL : 1UL) + (summed - with_filter), described };
    prediction->achieved_sum = sum;
    bloom_quantity achieved = { sim_enclose_rate_sum, &prediction->achieved_sum, NULL };
    prediction->achieved = achieved;
    prediction->value[0] = mpq_get_d(prediction->target);
    prediction->value[2] = (double)probed;
    prediction->checked = with_filter;
    int status = allocation->given ? predict_allocated(prediction, allocation, miss, described) : BLOOM_OK;
    return status | sim_quantity_double(&prediction->value[1], &prediction->achieved);
}

/* One kind of lookup: measured probes with interval, predictions, verdicts. */
static void put_kind(bloom_fields *fields, const char *const keys[9], const char *const labels[4],
                     uint64_t probes, unsigned __int128 squares, const sim_lsm_totals *totals,
                     const sim_lsm_config *config, const lsm_predictions *prediction,
                     double confidence, double least)
{
    sim_estimate estimate = sim_estimate_between_trials(probes, squares, totals->trials,
                                                        config->lookups, confidence);
    if (estimate.standard_error == 0 && prediction->checked > 0) {
        /* not one false positive: no spread to estimate; use Clopper-Pearson's
         * interval for 0 positives among all the filter checks, in probes */
        sim_interval none = sim_clopper_pearson_interval(0, totals->lookups * prediction->checked, confidence);
        estimate.interval.high = estimate.rate + prediction->checked * none.high;
        estimate.end_error = SIM_END_RELATIVE_ERROR * estimate.interval.high;
    }
    /* a lookup probes at least `least` runs (1 for a hit) and at most every one it may reach */
    sim_estimate_clip(&estimate, least, prediction->value[2]);
    sim_verdict verdicts[3];
    sim_verdicts(prediction->value, 3, estimate.interval, verdicts);
    bloomsim_put_ratio(fields, keys[0], labels[0], probes, totals->trials, config->lookups);
    bloomsim_put_interval(fields, keys[1], keys[2], &estimate);
    if (prediction->query.tree != NULL)
        bloom_fields_quantity(fields, keys[3], "predicted by calc for the allocation", NULL,
                              &prediction->allocated);
    else
        bloom_fields_rational(fields, keys[3], labels[1], NULL, prediction->target);
    bloom_fields_text(fields, keys[4], "  verdict", sim_verdict_names[verdicts[0]]);
    bloom_fields_quantity(fields, keys[5], labels[2], NULL, &prediction->achieved);
    bloom_fields_text(fields, keys[6], "  verdict", sim_verdict_names[verdicts[1]]);
    bloom_fields_unsigned(fields, keys[7], labels[3], NULL, (unsigned long)prediction->value[2]);
    bloom_fields_text(fields, keys[8], "  verdict", sim_verdict_names[verdicts[2]]);
}

static const char *const hit_keys[9] = {
    "measured_probes_hit", "probes_hit_ci_low", "probes_hit_ci_high", "read_amp_hit",
    "verdict_hit", "read_amp_hit_achieved", "verdict_hit_achieved", "read_amp_hit_without_filters",
    "verdict_hit_without_filters"
};
static const char *const hit_labels[4] = {
    "measured probes, key on level J", "predicted 1 + (J-1)p", "predicted 1 + sum of achieved p_i",
    "without filters, J"
};
static const char *const miss_keys[9] = {
    "measured_probes_miss", "probes_miss_ci_low", "probes_miss_ci_high", "read_amp_miss",
    "verdict_miss", "read_amp_miss_achieved", "verdict_miss_achieved", "read_amp_miss_without_filters",
    "verdict_miss_without_filters"
};
static const char *const miss_labels[4] = {
    "measured probes, absent key", "predicted L p", "predicted sum of achieved p_i",
    "without filters, L"
};

/* The level sizes as "n1/n2/..." text. */
static char *level_list(const sim_lsm_config *config, int bits)
{
    size_t size = 24 * (size_t)config->levels + 1;
    char *text = malloc(size);
    if (text == NULL)
        return NULL;
    size_t used = 0;
    text[0] = '\0';
    for (unsigned i = 0; i < config->levels; i++)
        used += (size_t)snprintf(text + used, size - used, "%s%llu", i ? "/" : "",
                                 (unsigned long long)(bits ? config->level[i].bits : config->level[i].keys));
    return text;
}

/* The levels with a filter before the first without one. */
static unsigned filtered_levels(const sim_lsm_config *config)
{
    unsigned filtered = 0;
    while (filtered < config->levels && sim_lsm_level_filtered(&config->level[filtered]))
        filtered++;
    return filtered;
}

/* "p_1/p_2/.../p_L" (malloc'd; NULL when out of memory or not certified):
 * each level's rate correctly rounded to LEVEL_RATE_DIGITS significant
 * digits from its enclosure (certified.h), "1" for a level without a filter;
 * `deployed` (NULL: the allocation's p_i) holds the described filters' rates. */
#define LEVEL_RATE_DIGITS 6
static char *level_rates_text(const lsm_allocation_run *allocation, unsigned levels,
                              const bloom_quantity *deployed)
{
    const unsigned long filtered = bloom_lsm_filtered_levels(&allocation->tree,
                                                             (bloom_lsm_allocation)allocation->allocation);
    const size_t width = LEVEL_RATE_DIGITS + 16;   /* sign, point, exponent and the separator */
    char *text = malloc(width * (size_t)levels + 1);
    size_t used = 0;
    for (unsigned i = 0; text != NULL && i < levels; i++) {
        char *rate = NULL;
        bloom_lsm_query query = { &allocation->tree, (bloom_lsm_allocation)allocation->allocation, i + 1,
                                  NULL, deployed };
        bloom_quantity quantity = { bloom_enclose_lsm_level_rate, &query, NULL };
        if (i >= filtered)
            rate = strdup("1");
        else if (bloom_quantity_decimal(&rate, &quantity, LEVEL_RATE_DIGITS) != BLOOM_OK)
            rate = NULL;
        if (rate == NULL || strlen(rate) + 1 >= width) {
            free(rate);
            free(text);
            return NULL;
        }
        used += (size_t)snprintf(text + used, width, "%s%s", i ? "/" : "", rate);
        free(rate);
    }
    return text;
}

/* The allocation, its budget and its per-level rates. */
static void put_allocation(bloom_fields *fields, const lsm_allocation_run *allocation, unsigned levels,
                           const bloom_quantity *deployed)
{
    bloom_fields_text(fields, "allocation", "filter memory allocation",
                      allocation->given ? sim_lsm_allocation_names[allocation->allocation] : "none (rate p)");
    if (!allocation->given)
        return;
    bloom_lsm_query query = { &allocation->tree, (bloom_lsm_allocation)allocation->allocation, 0, NULL, NULL };
    bloom_quantity budget = { bloom_enclose_lsm_bits_per_key, &query, NULL };
    bloom_fields_quantity(fields, "bits_per_key", "filter memory as budgeted, bits per key", NULL, &budget);
    bloom_record_take(&fields->record, BLOOM_FIELD_TEXT, "level_rates", "calc's rate per level (1: no filter)",
                      NULL, level_rates_text(allocation, levels, deployed));
}

static int print_lsm(const bloom_command_line *line, const bloomsim_run_options *run,
                     const sim_lsm_config *config, const sim_lsm_totals *totals, mpq_srcptr p,
                     const lsm_allocation_run *allocation, const bloomsim_lsm_described *described)
{
    const bloom_quantity *deployed = described->given ? described->rates : NULL;
    bloom_fpr_arguments rates[SIM_LSM_MAX_LEVELS];
    mpz_t bits[SIM_LSM_MAX_LEVELS], keys[SIM_LSM_MAX_LEVELS];
    for (unsigned i = 0; i < config->levels; i++) {
        mpz_init(bits[i]);
        mpz_init(keys[i]);
        sim_mpz_set_u64(bits[i], config->level[i].bits);
        sim_mpz_set_u64(keys[i], config->level[i].keys);
        bloom_fpr_arguments arguments = { bits[i], keys[i], config->level[i].hashes, 0 };
        rates[i] = arguments;
    }
    lsm_predictions hit, miss;
    unsigned filtered = filtered_levels(config);
    int status = predict(&hit, config, rates, filtered, p, 0, allocation, deployed)
                 | predict(&miss, config, rates, filtered, p, 1, allocation, deployed);
    double confidence = mpq_get_d(run->confidence);
    bloom_fields fields;
    bloom_fields_init(&fields, run->output.digits, (bloom_format)run->output.format);
    bloom_fields_unsigned(&fields, "levels", "levels L", NULL, config->levels);
    bloom_record_take(&fields.record, BLOOM_FIELD_TEXT, "level_keys", "keys per level (newest first)",
                      NULL, level_list(config, 0));
    bloom_record_take(&fields.record, BLOOM_FIELD_TEXT, "level_bits", "filter bits per level", NULL,
                      level_list(config, 1));
    bloom_fields_unsigned(&fields, "target_level", "level J of the keys looked up", NULL,
                          config->target_level);
    bloom_fields_rational(&fields, "p", "target rate p per filter", NULL, p);
    put_allocation(&fields, allocation, config->levels, deployed);
    bloomsim_lsm_put_description(&fields, described);
    int ribbon = bloomsim_lsm_described_ribbon(described);
    if (ribbon)
        bloom_fields_missing(&fields, "scheme", "probe scheme (a Ribbon: no probes)");
    else
        bloom_fields_text(&fields, "scheme", "probe scheme", sim_probe_scheme_name(config->scheme));
    bloomsim_put_count(&fields, "seed", "seed", config->run.seed);
    bloomsim_put_count(&fields, "trials", "trees built (trials)", totals->trials);
    bloomsim_put_count(&fields, "lookups", "lookups of each kind", totals->lookups);
    bloomsim_put_confidence(&fields, "confidence", run->confidence);
    put_kind(&fields, hit_keys, hit_labels, totals->probes_hit, totals->squares_hit, totals, config,
             &hit, confidence, 1);
    put_kind(&fields, miss_keys, miss_labels, totals->probes_miss, totals->squares_miss, totals,
             config, &miss, confidence, 0);
    bloomsim_put_count(&fields, "false_negatives", "false negatives on level J", totals->false_negatives);
    if (ribbon)
        bloomsim_put_count(&fields, "ribbon_retries", "Ribbon seeds that failed to band (retried)",
                           totals->ribbon_retries);
    else
        bloom_fields_missing(&fields, "ribbon_retries", "Ribbon seeds that failed to band (retried)");
    bloomsim_put_yes_no(&fields, "partial", "partial (stopped early)", totals->partial);
    if (status != BLOOM_OK && fields.status == BLOOM_OK)
        fields.status = status;
    status = bloomsim_emit(&fields, run->output.format, line, totals->partial);
    mpq_clear(hit.target);
    mpq_clear(miss.target);
    for (unsigned i = 0; i < config->levels; i++) {
        mpz_clear(bits[i]);
        mpz_clear(keys[i]);
    }
    return status;
}

/* Sizes the levels by the allocation; p receives the uniform rate of the
 * budget when it was not given.  Returns a bloom_status. */
static int size_allocated(sim_lsm_level *levels, lsm_allocation_run *allocation, unsigned count, mpq_ptr p)
{
    int status = sim_lsm_size_allocation(levels, count, &allocation->tree,
                                         (bloom_lsm_allocation)allocation->allocation, allocation->rates);
    if (status != BLOOM_OK || allocation->rate_given)
        return status;
    bloom_lsm_query uniform = { &allocation->tree, BLOOM_ALLOCATION_UNIFORM, 1, NULL, NULL };
    bloom_quantity rate = { bloom_enclose_lsm_level_rate, &uniform, NULL };
    double value = 0;
    status = sim_quantity_double(&value, &rate);
    mpq_set_d(p, value);
    return status;
}

/* Level i's keys: round(n_i) of calc's tree, as "bloomcalc lsm" builds
 * them (lsm_levels.h).  Returns the exit status. */
static int level_keys(sim_lsm_level *levels, const bloom_lsm_tree *tree, const bloom_command_line *line)
{
    mpz_t keys;
    mpz_init(keys);
    int status = BLOOM_EXIT_SUCCESS;
    for (unsigned long i = 1; i <= tree->levels && status == BLOOM_EXIT_SUCCESS; i++) {
        status = bloom_lsm_level_keys_or_refuse(keys, tree, i, line);
        levels[i - 1].keys = bloomsim_u64(keys);
    }
    mpz_clear(keys);
    return status;
}

/* The levels as described (when a description was given): sizes, layouts,
 * the probe scheme, and calc's per-level rates for put_allocation.
 * Returns the exit status. */
static int describe_levels(bloomsim_lsm_described *described, sim_lsm_level *levels, sim_lsm_config *config,
                           lsm_allocation_run *allocation, const bloomsim_run_options *run,
                           const bloom_command_line *line)
{
    if (!described->given)
        return BLOOM_EXIT_SUCCESS;
    int status = bloomsim_lsm_describe(described, levels, config->levels, &allocation->tree,
                                       allocation->given ? allocation->allocation : BLOOM_ALLOCATION_UNIFORM,
                                       run, line);
    config->scheme = bloomsim_lsm_described_scheme(described);
    for (unsigned i = 0; status == BLOOM_EXIT_SUCCESS && allocation->given && i < config->levels; i++)
        if (sim_quantity_double(&allocation->rates[i], &described->rates[i]) != BLOOM_OK)
            status = BLOOM_EXIT_FAILURE;
    return status;
}

/* The tree of files (command_lsm_files.h) of calc's split of N keys.  Returns the exit status. */
static int measure_files(const bloom_command_line *line, const bloomsim_run_options *run,
                         const sim_lsm_config *config, mpz_srcptr keys, unsigned long ratio, mpq_ptr p,
                         bloomsim_lsm_files_request *request, lsm_allocation_run *allocation)
{
    sim_lsm_level levels[SIM_LSM_MAX_LEVELS];
    memset(levels, 0, sizeof levels);
    if (bloom_lsm_tree_set(&allocation->tree, config->levels, ratio, keys, NULL, p) != BLOOM_OK) {
        bloom_options_error(line, "the tree's split could not be certified");
        return BLOOM_EXIT_FAILURE;
    }
    int status = level_keys(levels, &allocation->tree, line);
    uint64_t counts[SIM_LSM_MAX_LEVELS];
    for (unsigned i = 0; i < config->levels; i++)
        counts[i] = levels[i].keys;
    request->levels = config->levels;
    request->target_level = config->target_level;
    request->level_keys = counts;
    request->p = p;
    return status == BLOOM_EXIT_SUCCESS ? bloomsim_lsm_files(line, run, request) : status;
}

/* 0, or 2 after one line naming an option the tree of files does not take (or, without a
 * unit, --l0-files). */
static int check_files_options(bloom_command_line *line, int unit)
{
    static const char *const refused[] = { "allocation", "bits-per-key", "shard" };
    if (!unit && bloom_options_given(line, "l0-files")) {
        bloom_options_error(line, "--l0-files: L0's files are files of a unit; accepted: it with "
                            "--keys-per-filter N, or --file-size and --entry-size");
        return BLOOM_EXIT_USAGE;
    }
    for (size_t i = 0; unit && i < sizeof refused / sizeof refused[0]; i++) {
        if (!bloom_options_given(line, refused[i]))
            continue;
        bloom_options_error(line, "--%s: the tree of files (--keys-per-filter, --file-size) sizes every "
                            "file for -p; accepted: the unit without --%s",
                            refused[i], refused[i]);
        return BLOOM_EXIT_USAGE;
    }
    return BLOOM_EXIT_SUCCESS;
}

/* Sets calc's tree (N keys, the budget), splits it, sizes, checks memory,
 * runs and prints.  Returns the exit status. */
static int measure_lsm(const bloom_command_line *line, const bloomsim_run_options *run,
                       sim_lsm_config *config, mpz_srcptr keys, unsigned long ratio,
                       uint64_t lookups, mpq_ptr p, lsm_allocation_run *allocation, mpq_srcptr bits_per_key,
                       bloomsim_lsm_described *described)
{
    sim_lsm_level levels[SIM_LSM_MAX_LEVELS];
    memset(levels, 0, sizeof levels);
    if (bloom_lsm_tree_set(&allocation->tree, config->levels, ratio, keys,
                           allocation->rate_given ? NULL : bits_per_key, p) != BLOOM_OK) {
        bloom_options_error(line, "the Monkey allocation could not be certified");
        return BLOOM_EXIT_FAILURE;
    }
    int split = level_keys(levels, &allocation->tree, line);
    if (split != BLOOM_EXIT_SUCCESS)
        return split;
    int sized = allocation->given ? size_allocated(levels, allocation, config->levels, p)
                                  : sim_lsm_size_levels(levels, config->levels, p);
    if (sized != BLOOM_OK) {
        bloom_options_error(line, "the level filters could not be sized for this p or budget");
        return BLOOM_EXIT_FAILURE;
    }
    int described_status = describe_levels(described, levels, config, allocation, run, line);
    if (described_status != BLOOM_EXIT_SUCCESS)
        return described_status;
    config->level = levels;
    config->lookups = lookups / config->run.trials + (lookups % config->run.trials != 0);
    int status = bloomsim_check_memory(line, sim_lsm_memory(config));
    sim_lsm_totals totals;
    memset(&totals, 0, sizeof totals);
    int written = 0;
    if (status == BLOOM_EXIT_SUCCESS) {
        bloomsim_shard_job job;
        bloomsim_shard_job_lsm(&job, config);
        status = bloomsim_shard_run(line, run->shard, &job, &totals, &written);
    }
    if (status == BLOOM_EXIT_SUCCESS && !written && totals.trials < 2) {
        bloom_options_error(line, "stopped before two trees were measured; nothing to report");
        status = BLOOM_EXIT_INTERRUPTED;
    }
    return status == BLOOM_EXIT_SUCCESS && !written ? print_lsm(line, run, config, &totals, p, allocation, described)
                                                    : status;
}

int bloomsim_lsm(int argc, char **argv, int first)
{
    mpz_t keys, lookups, trials;
    mpq_t p;
    mpz_init(keys);
    mpz_init_set_ui(lookups, 1000000);
    mpz_init_set_ui(trials, 32);
    mpq_init(p);
    unsigned long levels = 5, ratio = 10, target = 0;
    mpq_t bits_per_key;
    mpq_init(bits_per_key);
    lsm_allocation_run allocation;
    memset(&allocation, 0, sizeof allocation);
    bloom_lsm_tree_init(&allocation.tree);
    bloomsim_run_options run;
    bloomsim_run_options_init(&run);
    bloomsim_lsm_described described;
    bloomsim_lsm_described_init(&described);
    unsigned long l0_files = 4;
    bloom_option options[10 + BLOOM_DESCRIPTION_OPTION_COUNT + BLOOM_DESCRIPTION_UNIT_OPTION_COUNT
                         + BLOOMSIM_RUN_OPTION_MAX] = {
        { .long_name = "levels", .short_name = 'L', .kind = BLOOM_OPTION_UNSIGNED, .destination = &levels,
          .value_name = "L", .help = "levels, one filter each (default 5)", .minimum = 1,
          .maximum = SIM_LSM_MAX_LEVELS },
        { .long_name = "rate", .short_name = 'p', .kind = BLOOM_OPTION_RATE, .destination = p,
          .value_name = "P", .help = "target rate of every level's filter", .rate_minimum = SIM_MIN_RATE_TEXT },
        { .long_name = "keys", .short_name = 'n', .kind = BLOOM_OPTION_COUNT, .destination = keys,
          .value_name = "N", .help = "keys in the tree, split over the levels as bloomcalc lsm splits them",
          .count_minimum = "1", .count_maximum = SIM_LSM_MAX_KEYS_TEXT },
        { .long_name = "size-ratio", .short_name = 'T', .kind = BLOOM_OPTION_UNSIGNED, .destination = &ratio,
          .value_name = "T", .help = "size ratio between levels (default 10; 1: equal levels)",
          .minimum = BLOOM_LSM_MIN_SIZE_RATIO, .maximum = BLOOM_LSM_MAX_SIZE_RATIO },
        { .long_name = "level", .kind = BLOOM_OPTION_UNSIGNED, .destination = &target,
          .value_name = "J", .help = "level holding the keys looked up (default L, the deepest)",
          .minimum = 1, .maximum = SIM_LSM_MAX_LEVELS },
        { .long_name = "lookups", .kind = BLOOM_OPTION_COUNT, .destination = lookups,
          .value_name = "Q", .help = "lookups of each kind in all (default 1e6)",
          .count_minimum = "2", .count_maximum = SIM_LSM_MAX_LOOKUPS_TEXT },
        { .long_name = "trials", .kind = BLOOM_OPTION_COUNT, .destination = trials,
          .value_name = "T", .help = "independently built trees (default 32)",
          .count_minimum = "2", .count_maximum = SIM_LSM_MAX_TRIALS_TEXT },
        { .long_name = "allocation", .kind = BLOOM_OPTION_CHOICE, .destination = &allocation.allocation,
          .value_name = "A", .help = "size the filters by calc's per-level rates (calc lsm)",
          .choices = sim_lsm_allocation_names },
        BLOOM_BITS_PER_KEY_OPTION(bits_per_key,
                                  "with --allocation: filter memory in bits per key (instead of -p)"),
        { .long_name = "l0-files", .kind = BLOOM_OPTION_UNSIGNED, .destination = &l0_files,
          .value_name = "F", .help = "with a unit: L0's files of N keys, each consulted by every lookup "
          "(default 4)", .minimum = 0, .maximum = 1000 },
    };
    size_t count = 10 + bloomsim_description_option_table(options + 10, &described.description);
    count += bloom_description_unit_option_table(options + count, &described.description);
    count += bloomsim_run_option_table(options + count, &run,
                                       BLOOMSIM_OPTIONS_RUN | BLOOMSIM_OPTIONS_HASHING | BLOOMSIM_OPTIONS_SHARD);
    char description[4096];
    snprintf(description, sizeof description, "%s\n%s", description_start, bloomsim_verdict_help);
    bloom_command_line line = { "bloomsim", "lsm", "-L L -p P -n N [OPTIONS]", description, options,
                                count, NULL };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    allocation.given = bloom_options_given(&line, "allocation");
    allocation.rate_given = bloom_options_given(&line, "rate");
    int budget_given = bloom_options_given(&line, "bits-per-key");
    int level_given = bloom_options_given(&line, "level");
    if (parsed == BLOOM_OPTIONS_PARSED && (!(allocation.rate_given || (allocation.given && budget_given))
                                           || !bloom_options_given(&line, "keys"))) {
        bloom_options_error(&line, "-p P (or --allocation A --bits-per-key C) and -n N are required "
                            "(e.g. -L 5 -p 1%% -n 1111100)");
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS
        && budget_given && (allocation.rate_given || !allocation.given)) {
        bloom_options_error(&line, "--bits-per-key: give it with --allocation, instead of -p");
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && allocation.given
        && level_given && target != levels) {
        bloom_options_error(&line, "--level: with --allocation the keys looked up are on level L only; "
                            "accepted: --level %lu or none", levels);
        status = BLOOM_EXIT_USAGE;
    }
    int unit = parsed == BLOOM_OPTIONS_PARSED && bloom_deployment_has_unit(&described.description);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = check_files_options(&line, unit);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && target > levels) {
        bloom_options_error(&line, "--level: %lu is deeper than the %lu levels; accepted: 1 to L",
                            target, levels);
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS) {
        sim_lsm_config config;
        memset(&config, 0, sizeof config);
        config.levels = (unsigned)levels;
        config.target_level = level_given ? (unsigned)target : (unsigned)levels;
        bloomsim_run_settings(&config.run, &run, &line);
        config.run.trials = bloomsim_u64(trials);
        config.scheme = (sim_probe_scheme)described.description.scheme;
        config.hash_function = (sim_hash_function)run.hash_function;
        config.guard = !run.unguarded;
        described.given = bloom_description_given(&line);
        bloomsim_lsm_files_request request = { &described.description, 0, 0, NULL, NULL, l0_files,
                                               bloomsim_u64(lookups),
                                               bloom_options_given(&line, "trials") ? config.run.trials : 0 };
        status = unit ? measure_files(&line, &run, &config, keys, ratio, p, &request, &allocation)
                      : measure_lsm(&line, &run, &config, keys, ratio, bloomsim_u64(lookups), p,
                                    &allocation, bits_per_key, &described);
    }
    bloomsim_lsm_described_clear(&described);
    bloom_lsm_tree_clear(&allocation.tree);
    mpq_clear(bits_per_key);
    bloomsim_run_options_clear(&run);
    mpz_clear(keys);
    mpz_clear(lookups);
    mpz_clear(trials);
    mpq_clear(p);
    return status;
}
