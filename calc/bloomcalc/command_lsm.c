/*
 * command_lsm.c - "bloomcalc lsm": filter memory of a levelled LSM tree
 * spent uniformly, Monkey's way, or with no filter on the last level, and
 * what lookups cost under each (monkey.h).  Parsing and printing only.
 */
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "fields.h"
#include "memory_fields.h"
#include "monkey.h"
#include "options.h"

static const char description[] =
    "Bloom filter memory of a levelled LSM tree with L levels (-L, default 5), size\n"
    "ratio T (-T, default 10) and N keys (-n, default 1e9), given as bits per key\n"
    "(--bits-per-key, default 10) or as the uniform per-level rate (-p).  Three\n"
    "allocations of the same memory: uniform; Monkey (Dayan, Athanassoulis and\n"
    "Idreos, SIGMOD 2017: p_i proportional to the level's keys, the largest levels\n"
    "left without a filter when that would exceed 1); and no filter on the last\n"
    "level (RocksDB optimize_filters_for_hits).  Expected I/Os: a lookup for an\n"
    "absent key (sum of p_i), a lookup that hits, averaged over keys spread over the\n"
    "levels by size and in the worst case (key on level L), and a mixed workload\n"
    "with hit ratio --hit-ratio (default 0.5).  --per-level prints one record per\n"
    "level instead: keys, and each allocation's rate and bits per key.";


static const char *const allocation_names[] = { "uniform", "monkey", "no_last_level" };

/* The summary: budget, then each allocation's lookups. */
static void put_summary(bloom_fields *fields, const bloom_lsm_tree *tree, mpq_srcptr hit_ratio,
                        mpq_srcptr given_bits)
{
    static const struct { const char *key; const char *label; bloom_enclose_function enclose; } costs[] = {
        { "read_amp_miss_%s", "absent key, %s", bloom_enclose_lsm_miss },
        { "read_amp_hit_mean_%s", "hit, mean over keys, %s", bloom_enclose_lsm_hit_mean },
        { "read_amp_hit_worst_%s", "hit on level L, %s", bloom_enclose_lsm_hit_worst },
        { "read_amp_mixed_%s", "mixed workload, %s", bloom_enclose_lsm_mixed },
    };
    static char keys[4][3][40], labels[4][3][48];
    bloom_lsm_query budget = { tree, BLOOM_ALLOCATION_UNIFORM, 1, hit_ratio };
    bloom_quantity bits = { bloom_enclose_lsm_bits_per_key, &budget, NULL };
    bloom_fields_unsigned(fields, "levels", "levels L", NULL, tree->levels);
    bloom_fields_unsigned(fields, "size_ratio", "size ratio T", NULL, tree->size_ratio);
    bloom_fields_integer(fields, "n", "keys N", NULL, tree->keys);
    bloom_fields_quantity(fields, "bits_per_key", "filter memory", "bits per key", &bits);
    /* The total of the bits per key given is exact (n c may be a whole number of bits). */
    bloom_quantity given = { bloom_enclose_rational, given_bits, bloom_exact_rational };
    bloom_fields_total_memory(fields, tree->keys, given_bits != NULL ? &given : &bits);
    bloom_fields_rational(fields, "hit_ratio", "hit ratio of the mixed workload", NULL, hit_ratio);
    bloom_fields_unsigned(fields, "monkey_filtered_levels", "levels with a filter under Monkey",
                          NULL, tree->monkey_filtered);
    for (size_t c = 0; c < sizeof costs / sizeof costs[0]; c++)
        for (int a = 0; a < 3; a++) {
            bloom_lsm_query query = { tree, (bloom_lsm_allocation)a, 1, hit_ratio };
            bloom_quantity cost = { costs[c].enclose, &query, NULL };
            snprintf(keys[c][a], sizeof keys[c][a], costs[c].key, allocation_names[a]);
            snprintf(labels[c][a], sizeof labels[c][a], costs[c].label, allocation_names[a]);
            bloom_fields_quantity(fields, keys[c][a], labels[c][a], "I/Os", &cost);
        }
}

/* One record per level. */
static int put_levels(bloom_record *rows, const bloom_lsm_tree *tree, const bloom_output_choice *output)
{
    static const char *const rate_keys[] = { "p_uniform", "p_monkey", "p_no_last_level" };
    static const char *const bits_keys[] = { "bits_per_key_uniform", "bits_per_key_monkey",
                                             "bits_per_key_no_last_level" };
    int status = BLOOM_OK;
    mpq_t keys;
    mpq_init(keys);
    for (unsigned long level = 1; level <= tree->levels; level++) {
        bloom_fields fields;
        bloom_fields_init(&fields, output->digits, (bloom_format)output->format);
        bloom_lsm_level_keys(keys, tree, level);
        bloom_fields_unsigned(&fields, "level", "level", NULL, level);
        bloom_fields_rational(&fields, "keys", "keys", NULL, keys);
        for (int a = 0; a < 3; a++) {
            bloom_lsm_query query = { tree, (bloom_lsm_allocation)a, level, NULL };
            bloom_quantity rate = { bloom_enclose_lsm_level_rate, &query, NULL };
            bloom_quantity bits = { bloom_enclose_lsm_level_bits_per_key, &query, NULL };
            bloom_fields_quantity(&fields, rate_keys[a], rate_keys[a], NULL, &rate);
            bloom_fields_quantity(&fields, bits_keys[a], bits_keys[a], NULL, &bits);
        }
        if (fields.status != BLOOM_OK && status == BLOOM_OK)
            status = fields.status;
        rows[level - 1] = fields.record;
        bloom_record_init(&fields.record);
        bloom_fields_clear(&fields);
    }
    mpq_clear(keys);
    return status;
}

static int print_levels(const bloom_lsm_tree *tree, const bloom_output_choice *output)
{
    bloom_record *rows = calloc(tree->levels, sizeof *rows);
    if (rows == NULL)
        abort();
    int status = put_levels(rows, tree, output);
    if (status == BLOOM_OK)
        bloom_write_records(stdout, rows, tree->levels, (bloom_format)output->format);
    else
        fputs("bloomcalc lsm: a result could not be certified; try fewer --digits\n", stderr);
    for (unsigned long i = 0; i < tree->levels; i++)
        bloom_record_clear(&rows[i]);
    free(rows);
    return status == BLOOM_OK ? BLOOM_EXIT_SUCCESS : BLOOM_EXIT_FAILURE;
}

int bloomcalc_lsm(int argc, char **argv, int first)
{
    unsigned long levels = 5, ratio = 10;
    int per_level = 0;
    mpz_t n;
    mpq_t bits, rate, hit;
    mpz_init_set_ui(n, 1000000000UL);
    mpq_inits(bits, rate, hit, (mpq_ptr)0);
    mpq_set_ui(bits, 10, 1);
    mpq_set_ui(hit, 1, 2);
    bloom_output_choice output = { BLOOM_DEFAULT_DIGITS, BLOOM_FORMAT_TABLE };
    bloom_option options[] = {
        { .long_name = "levels", .short_name = 'L', .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &levels, .value_name = "L", .help = "levels (default 5)", .minimum = 1,
          .maximum = BLOOM_LSM_MAX_LEVELS },
        { .long_name = "size-ratio", .short_name = 'T', .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &ratio, .value_name = "T", .help = "size ratio between levels (default 10)",
          .minimum = 2, .maximum = BLOOM_LSM_MAX_SIZE_RATIO },
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
        { .long_name = "per-level", .kind = BLOOM_OPTION_FLAG, .destination = &per_level,
          .help = "one record per level instead of the summary" },
        BLOOM_OUTPUT_OPTIONS(output),
    };
    bloom_command_line line = { "bloomcalc", "lsm", "[OPTIONS]", description, options,
                                sizeof options / sizeof options[0], NULL };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    if (parsed == BLOOM_OPTIONS_PARSED && bloom_options_given(&line, "bits-per-key") && bloom_options_given(&line, "rate")) {
        bloom_options_error(&line, "--bits-per-key and -p/--rate both set the memory; give one");
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS) {
        bloom_lsm_tree tree;
        bloom_lsm_tree_init(&tree);
        int set = bloom_lsm_tree_set(&tree, levels, ratio, n, bloom_options_given(&line, "rate") ? NULL : bits, rate);
        if (set != BLOOM_OK) {
            fputs("bloomcalc lsm: the Monkey allocation could not be certified\n", stderr);
            status = BLOOM_EXIT_FAILURE;
        } else if (bloom_options_given(&line, "per-level")) {
            status = print_levels(&tree, &output);
        } else {
            bloom_fields fields;
            bloom_fields_init(&fields, output.digits, (bloom_format)output.format);
            put_summary(&fields, &tree, hit, bloom_options_given(&line, "rate") ? NULL : bits);
            status = bloomcalc_emit(&fields, output.format, "lsm");
        }
        bloom_lsm_tree_clear(&tree);
    }
    mpz_clear(n);
    mpq_clears(bits, rate, hit, (mpq_ptr)0);
    return status;
}
