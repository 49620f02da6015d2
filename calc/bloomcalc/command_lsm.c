/*
 * command_lsm.c - "bloomcalc lsm": filter memory of a levelled LSM tree
 * spent uniformly, Monkey's way, with no filter on the last level (its
 * memory moved up), or with the last level's filters dropped (RocksDB's
 * optimize_filters_for_hits, memory saved), and what lookups cost under
 * each (monkey.h).  With the filter description (--layout ... --library,
 * description.h) every level's filter is the one described and its rate
 * the described filter's fpr_layout (lsm_levels.h).  --coverage weighs each
 * level by the share of the key space its files cover
 * (calc/FORMULAS.md §n).  Parsing and printing only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "description.h"
#include "fields.h"
#include "library_rules.h"
#include "lsm_levels.h"
#include "memory_fields.h"
#include "monkey.h"
#include "numbers.h"
#include "options.h"
#include "sizing.h"

static const char description[] =
    "Bloom filter memory of a levelled LSM tree with L levels (-L, default 5), size\n"
    "ratio T (-T, default 10; 1: equal levels) and N keys in all (-n, default 1e9),\n"
    "level i holding n_i = N T^(i-1) (T-1)/(T^L-1) of them (round(n_i) with a\n"
    "description, as 'bloomsim lsm' builds them), the memory given as bits per key\n"
    "(--bits-per-key, default 10) or as the uniform per-level rate (-p).  Three\n"
    "allocations of the same memory: uniform; Monkey (Dayan, Athanassoulis and\n"
    "Idreos, SIGMOD 2017: p_i proportional to the level's keys, the largest levels\n"
    "left without a filter when that would exceed 1); and no filter on the last\n"
    "level, its memory moved to the others (no_last_level).  And one that spends\n"
    "less: the last level's filters dropped, the others unchanged (RocksDB\n"
    "optimize_filters_for_hits: last_level_dropped, with the memory saved).\n"
    "Expected I/Os: a lookup for an absent key (sum of p_i), a lookup that hits,\n"
    "averaged over keys spread over the levels by size and in the worst case (key\n"
    "on level L), and a mixed workload with hit ratio --hit-ratio (default 0.5).\n"
    "--coverage c1,...,cL: the share of the key space each level's files cover (a\n"
    "lookup consults level i's filter with probability c_i): filters consulted\n"
    "sum c_i, false reads sum c_i p_i.  The filter description of 'bloomcalc plan'\n"
    "(--layout, --block-bits, ..., --library) makes every level's filter the one\n"
    "described, sized as 'bloomcalc plan -n n_i -c C' (or -p P) sizes it, and its\n"
    "rate the described filter's (RocksDB at 10 bits a key: 0.966 %, not 0.819 %).\n"
    "With a unit (--keys-per-filter N, or RocksDB's --file-size and --entry-size, as\n"
    "in 'bloomcalc plan') each level is ceil(n_i/N) files, each with the filter of\n"
    "its own keys at the level's budget, the level's rate their keys-weighted mean\n"
    "(a lookup consults the one file that covers its key) and its memory all of\n"
    "them; --l0-files F (default 4) L0 files of N keys above the L levels, each\n"
    "filter at the budget as given (rocksdb-ribbon: its Bloom filter, as RocksDB\n"
    "builds flushes), are consulted by every lookup: F p0 more I/Os in every cost,\n"
    "F more filters consulted.\n"
    "--per-level prints one record per level instead: keys, coverage, and each\n"
    "allocation's rate and bits per key.";

static const char *const allocation_names[BLOOM_ALLOCATION_COUNT] = {
    "uniform", "monkey", "no_last_level", "last_level_dropped" };
static const char *const allocation_labels[BLOOM_ALLOCATION_COUNT] = {
    "uniform", "monkey", "no_last_level (memory moved up)",
    "last_level_dropped (memory saved)" };

/* The tree, and with a description every allocation's level filters. */
typedef struct lsm_tree_filters {
    bloom_lsm_tree tree;
    int described;
    bloom_layout_description description;
    bloom_lsm_level_filter *levels[BLOOM_ALLOCATION_COUNT];   /* L each, when described */
    bloom_quantity *rates[BLOOM_ALLOCATION_COUNT];            /* their rates */
    unsigned long l0_files;                                   /* with a unit: F0 L0 files */
    int has_l0;
    bloom_lsm_level_filter l0;                                /* an L0 file's filter */
} lsm_tree_filters;

static void filters_clear(lsm_tree_filters *filters)
{
    for (int a = 0; a < BLOOM_ALLOCATION_COUNT; a++) {
        for (unsigned long i = 0; filters->levels[a] != NULL && i < filters->tree.levels; i++)
            bloom_lsm_level_filter_clear(&filters->levels[a][i]);
        free(filters->levels[a]);
        free(filters->rates[a]);
    }
    if (filters->has_l0)
        bloom_lsm_level_filter_clear(&filters->l0);
}

/* With a unit, the filter of an L0 file of the unit's keys (bloom_lsm_l0_filter_size). */
static int size_l0(lsm_tree_filters *filters, const bloom_command_line *line)
{
    if (!bloom_deployment_has_unit(&filters->description))
        return 0;
    bloom_deployment deployment;
    bloom_deployment_init(&deployment);
    bloom_deployment_split(&deployment, &filters->description, filters->tree.keys);
    bloom_lsm_level_filter_init(&filters->l0);
    filters->has_l0 = 1;
    int status = bloom_lsm_l0_filter_size(&filters->l0, &filters->tree, deployment.keys_per_filter,
                                          &filters->description, line);
    bloom_deployment_clear(&deployment);
    return status;
}

/* Sizes every level's described filter under every allocation.  Returns the exit status. */
static int size_filters(lsm_tree_filters *filters, const bloom_command_line *line)
{
    const bloom_lsm_tree *tree = &filters->tree;
    mpz_t keys;
    mpz_init(keys);
    int status = 0;
    for (int a = 0; a < BLOOM_ALLOCATION_COUNT && status == 0; a++) {
        filters->levels[a] = calloc(tree->levels, sizeof *filters->levels[a]);
        filters->rates[a] = calloc(tree->levels, sizeof *filters->rates[a]);
        if (filters->levels[a] == NULL || filters->rates[a] == NULL)
            abort();
        for (unsigned long i = 0; i < tree->levels; i++)
            bloom_lsm_level_filter_init(&filters->levels[a][i]);
        for (unsigned long i = 1; i <= tree->levels && status == 0; i++) {
            status = bloom_lsm_level_keys_or_refuse(keys, tree, i, line);
            if (status == 0)
                status = bloom_lsm_level_filter_size(&filters->levels[a][i - 1], tree,
                                                     (bloom_lsm_allocation)a, i, keys,
                                                     &filters->description, line);
            filters->rates[a][i - 1] = filters->levels[a][i - 1].rate;
        }
    }
    mpz_clear(keys);
    return status;
}

/* The query of allocation a (its deployed rates when described). */
static bloom_lsm_query query_of(const lsm_tree_filters *filters, int a, unsigned long level,
                                mpq_srcptr hit_ratio)
{
    bloom_lsm_query query = { &filters->tree, (bloom_lsm_allocation)a, level, hit_ratio,
                              filters->described ? filters->rates[a] : NULL };
    return query;
}

/* What dropping the last level's filters saves: the share of the budget still
 * spent and the bits saved (the last level's filters as described, or
 * ceil(N c) - ceil(N_(L-1) c) of the model). */
static void put_saving(bloom_fields *fields, const lsm_tree_filters *filters, const bloom_quantity *bits)
{
    const bloom_lsm_tree *tree = &filters->tree;
    mpq_t share, scale;
    mpz_t whole, kept;
    mpq_inits(share, scale, (mpq_ptr)0);
    mpz_inits(whole, kept, (mpz_ptr)0);
    bloom_lsm_memory_share(share, tree, BLOOM_ALLOCATION_LAST_LEVEL_DROPPED);
    bloom_fields_rational(fields, "memory_share_last_level_dropped",
                          "share of the budget spent, last level dropped", NULL, share);
    int status = BLOOM_OK;
    if (filters->described) {
        bloom_lsm_level_filter_bits(whole, &filters->levels[BLOOM_ALLOCATION_LAST_LEVEL_DROPPED]
                                                           [tree->levels - 1]);
        bloom_lsm_level_filter_bits(kept, &filters->levels[BLOOM_ALLOCATION_UNIFORM][tree->levels - 1]);
        mpz_sub(whole, kept, whole);
    } else {
        mpq_set_z(scale, tree->keys);
        bloom_quantity_scaled all = { *bits, scale };
        bloom_quantity all_bits = { bloom_enclose_scaled, &all, bloom_exact_scaled };
        status = bloom_quantity_ceil(whole, &all_bits, 0);
        mpq_mul(scale, scale, share);
        bloom_quantity_scaled upper = { *bits, scale };
        bloom_quantity upper_bits = { bloom_enclose_scaled, &upper, bloom_exact_scaled };
        if (status == BLOOM_OK)
            status = bloom_quantity_ceil(kept, &upper_bits, 0);
        mpz_sub(whole, whole, kept);
    }
    if (status == BLOOM_OK)
        bloom_fields_integer(fields, "m_bits_saved_last_level_dropped",
                             "memory saved, last level dropped", "bits", whole);
    else if (fields->status == BLOOM_OK)
        fields->status = status;
    mpq_clears(share, scale, (mpq_ptr)0);
    mpz_clears(whole, kept, (mpz_ptr)0);
}

/* With a description, each allocation's memory as built: its levels'
 * m_allocated summed (the library's sizing of each level), not the budget
 * N x C that m_bits counts. */
static void put_allocated(bloom_fields *fields, const lsm_tree_filters *filters)
{
    static char keys[BLOOM_ALLOCATION_COUNT][48], labels[BLOOM_ALLOCATION_COUNT][96];
    mpz_t total, level_bits;
    mpz_inits(total, level_bits, (mpz_ptr)0);
    for (int a = 0; a < BLOOM_ALLOCATION_COUNT; a++) {
        char *key = keys[a], *label = labels[a];
        mpz_set_ui(total, 0);
        for (unsigned long i = 0; i < filters->tree.levels; i++) {
            bloom_lsm_level_filter_bits(level_bits, &filters->levels[a][i]);
            mpz_add(total, total, level_bits);
        }
        snprintf(key, sizeof keys[a], "m_allocated_%s", allocation_names[a]);
        snprintf(label, sizeof labels[a], "filter memory as built (levels summed), %s", allocation_labels[a]);
        bloom_fields_integer(fields, key, label, "bits", total);
    }
    mpz_clears(total, level_bits, (mpz_ptr)0);
}

/* The summary: budget, then each allocation's lookups. */
static void put_summary(bloom_fields *fields, const lsm_tree_filters *filters, mpq_srcptr hit_ratio,
                        mpq_srcptr given_bits)
{
    static const struct { const char *key; const char *label; bloom_enclose_function enclose; } costs[] = {
        { "read_amp_miss_%s", "absent key, %s", bloom_enclose_lsm_miss },
        { "read_amp_hit_mean_%s", "hit, mean over keys, %s", bloom_enclose_lsm_hit_mean },
        { "read_amp_hit_worst_%s", "hit on level L, %s", bloom_enclose_lsm_hit_worst },
        { "read_amp_mixed_%s", "mixed workload, %s", bloom_enclose_lsm_mixed },
    };
    static char keys[4][BLOOM_ALLOCATION_COUNT][48], labels[4][BLOOM_ALLOCATION_COUNT][96];
    const bloom_lsm_tree *tree = &filters->tree;
    bloom_lsm_query budget = query_of(filters, BLOOM_ALLOCATION_UNIFORM, 1, hit_ratio);
    budget.level_rates = NULL;
    bloom_quantity bits = { bloom_enclose_lsm_bits_per_key, &budget, NULL };
    bloom_fields_unsigned(fields, "levels", "levels L", NULL, tree->levels);
    bloom_fields_unsigned(fields, "size_ratio", "size ratio T", NULL, tree->size_ratio);
    bloom_fields_integer(fields, "n", "keys N", NULL, tree->keys);
    /* The budget, which the model spends whole on every allocation but
     * last_level_dropped; the filters as built (put_allocated) differ from
     * it by each level's rounding and a library's own sizing. */
    static const bloom_memory_labels budgeted = {
        "filter memory as budgeted, N x C", "  as budgeted, bytes", "  as budgeted, SI", "  as budgeted, IEC" };
    bloom_fields_quantity(fields, "bits_per_key", "filter memory as budgeted, C", "bits per key", &bits);
    /* The total of the bits per key given is exact (n c may be a whole number of bits). */
    bloom_quantity given = { bloom_enclose_rational, given_bits, bloom_exact_rational };
    const bloom_quantity *budget_bits = given_bits != NULL ? &given : &bits;
    bloom_fields_total_memory_labelled(fields, tree->keys, budget_bits, &budgeted);
    if (filters->described) {
        bloom_fields_text(fields, "library", "library", bloom_library_names[filters->description.library]);
        bloom_fields_text(fields, "layout", "layout of every level's filter",
                          bloom_layout_names[filters->levels[0][0].filter.layout.kind]);
    }
    bloom_fields_rational(fields, "hit_ratio", "hit ratio of the mixed workload", NULL, hit_ratio);
    bloom_fields_unsigned(fields, "monkey_filtered_levels", "levels with a filter under Monkey",
                          NULL, tree->monkey_filtered);
    bloom_lsm_query consulted_query = query_of(filters, BLOOM_ALLOCATION_UNIFORM, 1, hit_ratio);
    mpq_t consulted;
    mpq_init(consulted);
    bloom_exact_lsm_filters_consulted(consulted, &consulted_query);
    if (filters->has_l0) {
        bloom_fields_unsigned(fields, "l0_files", "L0 files, each consulted", NULL, filters->l0_files);
        mpq_t l0;
        mpq_init(l0);
        mpq_set_ui(l0, filters->l0_files, 1);
        mpq_add(consulted, consulted, l0);
        mpq_clear(l0);
    }
    bloom_fields_rational(fields, "filters_checked_absent", "filters consulted, absent key", NULL,
                          consulted);
    mpq_clear(consulted);
    put_saving(fields, filters, budget_bits);
    if (filters->described)
        put_allocated(fields, filters);
    for (size_t c = 0; c < sizeof costs / sizeof costs[0]; c++)
        for (int a = 0; a < BLOOM_ALLOCATION_COUNT; a++) {
            bloom_lsm_query query = query_of(filters, a, 1, hit_ratio);
            bloom_quantity levels = { costs[c].enclose, &query, NULL };
            /* every lookup first consults the L0 files' filters (deployment.h) */
            bloom_deployment_reads reads;
            bloom_deployment_reads_init(&reads, filters->has_l0 ? filters->l0_files : 0, 1, NULL, 0,
                                        filters->has_l0 ? &filters->l0.rate : &levels, &levels);
            bloom_quantity cost = { bloom_enclose_deployment_reads, &reads, NULL };
            snprintf(keys[c][a], sizeof keys[c][a], costs[c].key, allocation_names[a]);
            snprintf(labels[c][a], sizeof labels[c][a], costs[c].label, allocation_labels[a]);
            bloom_fields_quantity(fields, keys[c][a], labels[c][a], "I/Os", &cost);
            bloom_deployment_reads_clear(&reads);
        }
}

/* The level's memory per key: the model's, or the described filter's m_allocated / n_i. */
static void put_level_memory(bloom_fields *fields, const char *key, const lsm_tree_filters *filters,
                             int a, unsigned long level, const bloom_quantity *model)
{
    if (!filters->described) {
        bloom_fields_quantity(fields, key, key, NULL, model);
        return;
    }
    const bloom_lsm_level_filter *filter = &filters->levels[a][level - 1];
    mpq_t per_key;
    mpq_init(per_key);
    bloom_lsm_level_filter_bits(mpq_numref(per_key), filter);
    mpz_set(mpq_denref(per_key), filter->keys);
    mpq_canonicalize(per_key);
    bloom_fields_rational(fields, key, key, "bits per key", per_key);
    mpq_clear(per_key);
}

/* With a description, the level's filter under allocation a: its k and the
 * budget share it was sized for (the model's bits per key; RocksDB's
 * bits_per_key), so that "plan --library ... -n n_i -c" reproduces it. */
static void put_level_filter(bloom_fields *fields, int a, const bloom_lsm_level_filter *level,
                             const bloom_quantity *share)
{
    static const char *const k_keys[] = { "k_layout_uniform", "k_layout_monkey", "k_layout_no_last_level",
                                          "k_layout_last_level_dropped" };
    static const char *const budget_keys[] = { "budget_bits_per_key_uniform", "budget_bits_per_key_monkey",
                                               "budget_bits_per_key_no_last_level",
                                               "budget_bits_per_key_last_level_dropped" };
    if (level->filtered && level->filter.layout.kind == BLOOM_LAYOUT_RIBBON)
        bloom_fields_missing(fields, k_keys[a], k_keys[a]);     /* a Ribbon has no probes */
    else
        bloom_fields_unsigned(fields, k_keys[a], k_keys[a], NULL, level->filtered ? level->filter.layout.k : 0);
    bloom_fields_quantity(fields, budget_keys[a], budget_keys[a], NULL, share);
}

/* One record per level. */
static int put_levels(bloom_record *rows, const lsm_tree_filters *filters, const bloom_output_choice *output)
{
    static const char *const rate_keys[] = { "p_uniform", "p_monkey", "p_no_last_level",
                                             "p_last_level_dropped" };
    static const char *const bits_keys[] = { "bits_per_key_uniform", "bits_per_key_monkey",
                                             "bits_per_key_no_last_level",
                                             "bits_per_key_last_level_dropped" };
    const bloom_lsm_tree *tree = &filters->tree;
    int status = BLOOM_OK;
    mpq_t keys, full;
    mpq_inits(keys, full, (mpq_ptr)0);
    mpq_set_ui(full, 1, 1);
    for (unsigned long level = 1; level <= tree->levels; level++) {
        bloom_fields fields;
        bloom_fields_init(&fields, output->digits, (bloom_format)output->format);
        bloom_lsm_level_keys(keys, tree, level);
        if (filters->described)
            mpq_set_z(keys, filters->levels[0][level - 1].keys);
        bloom_fields_unsigned(&fields, "level", "level", NULL, level);
        bloom_fields_rational(&fields, "keys", "keys", NULL, keys);
        bloom_fields_rational(&fields, "coverage", "share of the key space covered", NULL,
                              tree->coverage != NULL ? tree->coverage[level - 1] : full);
        for (int a = 0; a < BLOOM_ALLOCATION_COUNT; a++) {
            bloom_lsm_query query = query_of(filters, a, level, NULL);
            bloom_lsm_query model = query;
            model.level_rates = NULL;
            bloom_quantity rate = { bloom_enclose_lsm_level_rate, &query, NULL };
            bloom_quantity bits = { bloom_enclose_lsm_level_bits_per_key, &model, NULL };
            bloom_fields_quantity(&fields, rate_keys[a], rate_keys[a], NULL, &rate);
            put_level_memory(&fields, bits_keys[a], filters, a, level, &bits);
            if (filters->described)
                put_level_filter(&fields, a, &filters->levels[a][level - 1], &bits);
        }
        if (fields.status != BLOOM_OK && status == BLOOM_OK)
            status = fields.status;
        rows[level - 1] = fields.record;
        bloom_record_init(&fields.record);
        bloom_fields_clear(&fields);
    }
    mpq_clears(keys, full, (mpq_ptr)0);
    return status;
}

static int print_levels(const lsm_tree_filters *filters, const bloom_output_choice *output,
                        const bloom_command_line *line)
{
    unsigned long count = filters->tree.levels;
    bloom_record *rows = calloc(count, sizeof *rows);
    if (rows == NULL)
        abort();
    int status = put_levels(rows, filters, output);
    if (status == BLOOM_OK)
        bloom_write_records(stdout, rows, count, (bloom_format)output->format);
    for (unsigned long i = 0; i < count; i++)
        bloom_record_clear(&rows[i]);
    free(rows);
    return bloom_results_exit(line, status);
}

/* 0, or 2 after one line when the unit's options do not name one unit (bloom_description_deployment). */
static int check_unit(const bloom_layout_description *described, mpz_srcptr n, const bloom_command_line *line)
{
    bloom_deployment deployment;
    bloom_deployment_init(&deployment);
    int status = bloom_description_deployment(&deployment, described, n, line);
    bloom_deployment_clear(&deployment);
    return status;
}

/* Reads --coverage "c1,...,cL" into the tree (bloom_read_coverage).  Returns 0, or 2 after one line. */
static int read_coverage(bloom_lsm_tree *tree, const char *text, const bloom_command_line *line)
{
    mpq_t *values = bloom_read_coverage(text, tree->levels, line);
    if (values == NULL)
        return BLOOM_EXIT_USAGE;
    bloom_lsm_tree_set_coverage(tree, (const mpq_t *)values);
    bloom_coverage_free(values, tree->levels);
    return BLOOM_EXIT_SUCCESS;
}

#define LSM_OWN_OPTIONS 9

int bloomcalc_lsm(int argc, char **argv, int first)
{
    unsigned long levels = 5, ratio = 10;
    int per_level = 0;
    const char *coverage = NULL;
    mpz_t n;
    mpq_t bits, rate, hit;
    mpz_init_set_ui(n, 1000000000UL);
    mpq_inits(bits, rate, hit, (mpq_ptr)0);
    mpq_set_ui(bits, 10, 1);
    mpq_set_ui(hit, 1, 2);
    bloom_output_choice output = { BLOOM_DEFAULT_DIGITS, BLOOM_FORMAT_TABLE };
    lsm_tree_filters filters;
    memset(&filters, 0, sizeof filters);
    filters.l0_files = 4;
    filters.description = (bloom_layout_description)BLOOM_LAYOUT_DESCRIPTION_DEFAULTS;
    bloom_option options[LSM_OWN_OPTIONS + BLOOM_DESCRIPTION_OPTION_COUNT + BLOOM_DESCRIPTION_UNIT_OPTION_COUNT
                         + BLOOM_OUTPUT_OPTION_COUNT] = {
        { .long_name = "levels", .short_name = 'L', .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &levels, .value_name = "L", .help = "levels (default 5)", .minimum = 1,
          .maximum = BLOOM_LSM_MAX_LEVELS },
        { .long_name = "size-ratio", .short_name = 'T', .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &ratio, .value_name = "T", .help = "size ratio between levels (default 10; 1: equal levels)",
          .minimum = BLOOM_LSM_MIN_SIZE_RATIO, .maximum = BLOOM_LSM_MAX_SIZE_RATIO },
        { .long_name = "keys", .short_name = 'n', .kind = BLOOM_OPTION_COUNT, .destination = n,
          .value_name = "N", .help = "keys in the tree (default 1e9)", .count_minimum = "1",
          .count_maximum = BLOOM_MAX_SIZE_TEXT },
        BLOOM_BITS_PER_KEY_OPTION(bits, "filter memory in bits per key (default 10)"),
        { .long_name = "rate", .short_name = 'p', .kind = BLOOM_OPTION_RATE,
          .destination = rate, .value_name = "P",
          .help = "budget as the uniform per-level rate (instead of --bits-per-key)",
          .rate_minimum = BLOOM_MIN_RATE_TEXT },
        { .long_name = "hit-ratio", .kind = BLOOM_OPTION_REAL, .destination = hit,
          .value_name = "H", .help = "share of lookups that find their key (default 0.5)",
          .rate_minimum = "0", .count_maximum = "1" },
        { .long_name = "coverage", .kind = BLOOM_OPTION_TEXT, .destination = &coverage,
          .value_name = "C1,...,CL",
          .help = "share of the key space each level's files cover (default 1 each)" },
        { .long_name = "per-level", .kind = BLOOM_OPTION_FLAG, .destination = &per_level,
          .help = "one record per level instead of the summary" },
        { .long_name = "l0-files", .kind = BLOOM_OPTION_UNSIGNED, .destination = &filters.l0_files,
          .value_name = "F", .help = "with a unit: the L0 files above the L levels, each one filter "
          "every lookup consults, as in 'bloomcalc plan' (default 4)", .minimum = 0,
          .maximum = BLOOM_MAX_LEVELS },
    };
    size_t count = LSM_OWN_OPTIONS + bloom_description_option_table(options + LSM_OWN_OPTIONS,
                                                                     &filters.description);
    count += bloom_description_unit_option_table(options + count, &filters.description);
    const bloom_option output_options[] = { BLOOM_OUTPUT_OPTIONS(output) };
    memcpy(options + count, output_options, sizeof output_options);
    count += sizeof output_options / sizeof output_options[0];
    bloom_command_line line = { "bloomcalc", "lsm", "[OPTIONS]", description, options, count, NULL };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    int rate_given = parsed == BLOOM_OPTIONS_PARSED && bloom_options_given(&line, "rate");
    if (parsed == BLOOM_OPTIONS_PARSED && bloom_deployment_has_unit(&filters.description))
        status = check_unit(&filters.description, n, &line);
    else if (parsed == BLOOM_OPTIONS_PARSED)
        status = bloomcalc_check_tree_options(&line, 0);
    if (status == BLOOM_EXIT_SUCCESS && rate_given && bloom_options_given(&line, "bits-per-key")) {
        bloom_options_error(&line, "--bits-per-key and -p/--rate both set the memory; give one");
        status = BLOOM_EXIT_USAGE;
    }
    bloom_lsm_tree_init(&filters.tree);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS) {
        filters.described = bloom_description_given(&line);
        int set = bloom_lsm_tree_set(&filters.tree, levels, ratio, n, rate_given ? NULL : bits, rate);
        if (set != BLOOM_OK) {
            fputs("bloomcalc lsm: the Monkey allocation could not be certified\n", stderr);
            status = BLOOM_EXIT_FAILURE;
        }
        if (status == BLOOM_EXIT_SUCCESS && coverage != NULL)
            status = read_coverage(&filters.tree, coverage, &line);
        if (status == BLOOM_EXIT_SUCCESS && filters.described)
            status = size_filters(&filters, &line);
        if (status == BLOOM_EXIT_SUCCESS && filters.described)
            status = size_l0(&filters, &line);
        if (status != BLOOM_EXIT_SUCCESS) {
            /* said */
        } else if (per_level) {
            status = print_levels(&filters, &output, &line);
        } else {
            bloom_fields fields;
            bloom_fields_init(&fields, output.digits, (bloom_format)output.format);
            put_summary(&fields, &filters, hit, rate_given ? NULL : bits);
            status = bloomcalc_emit(&fields, output.format, &line);
        }
    }
    filters_clear(&filters);
    bloom_lsm_tree_clear(&filters.tree);
    mpz_clear(n);
    mpq_clears(bits, rate, hit, (mpq_ptr)0);
    return status;
}
