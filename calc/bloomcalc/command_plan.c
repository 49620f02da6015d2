/*
 * command_plan.c - "bloomcalc plan": parsing and printing for plan.h.
 *
 * Two of -n (keys), -p (target rate) and -m (bits) select what is planned:
 *   n, p  the bits and hashes for n keys at rate p (also: plan N P)
 *   n, m  the best hash count and rate for a memory budget
 *   m, p  the largest number of keys m bits hold at rate p
 * -k fixes the hash count, -L sets the LSM levels for read amplification.
 */
#include <stdio.h>
#include <string.h>

#include "brief.h"
#include "commands.h"
#include "deployment.h"
#include "description.h"
#include "fields.h"
#include "options.h"
#include "layouts.h"
#include "plan.h"

static const char description[] =
    "Plans a standard Bloom filter.  Give two of: keys N (-n), target false-positive\n"
    "rate P (-p), bits M (-m).  N and P: bits per key with the exact constant 1/ln 2\n"
    "and with the textbook 1.44 side by side, total bits m = ceil(N x bits per key),\n"
    "memory in bytes, GB (10^9 bytes) and GiB (2^30 bytes), the best integer hash\n"
    "count for that m, the rate it really achieves (exponential approximation,\n"
    "Bloom's formula, exact), and the smallest m whose exact rate meets P.  N and M:\n"
    "the best hash count and its rate.  M and P: the largest N that meets P.\n"
    "LSM read amplification with one filter per level: 1 + (L-1)p probes for a key\n"
    "on the deepest level, L p for an absent key (L of each without filters).\n"
    "--layout, --block-bits, --block-words, --round, --hash-bits, --index-bits,\n"
    "--hash and --library add the rate of the planned filter as deployed\n"
    "(fpr_layout, the same description as 'bloomsim plan'; see 'bloomcalc fpr\n"
    "--help'), and the read amplification is then at that rate.\n"
    "In the table format a first screen answers: the smallest m that meets P (or,\n"
    "with a description, the filter as deployed) leads, sizes scaled (--units) with\n"
    "the exact bytes beside, rates also as 1 in N; --all prints every field, as CSV\n"
    "and JSON always do.\n"
    "--keys-per-filter N (or, for RocksDB, --file-size and --entry-size) plans the\n"
    "filters an engine really builds, one per file, SSTable or row group: the fields\n"
    "are of one filter of N keys, then filters, keys_last_filter, bytes_per_filter,\n"
    "bytes_last_filter, bytes_total, fpr_last_filter, fpr_worst and fpr_deployment\n"
    "(the rates weighted by the absent lookups each filter answers).  The read\n"
    "amplification is then of a levelled tree of the files: --l0-files F L0 files\n"
    "(default 4), each consulted, and -L levels past L0, one file each, weighted by\n"
    "--coverage: F p0 + (c1 + ... + cL) fpr_deployment false reads for an absent key,\n"
    "p0 an L0 file's rate (under rocksdb-ribbon RocksDB's Bloom filter: flushes are\n"
    "built below bloom_before_level).  The first screen leads with the whole:\n"
    "filters, total memory, the mean and worst rate.\n"
    "LevelDB (--library leveldb --entry-size BYTES [--block-size BYTES] [--file-size\n"
    "BYTES]) builds a filter per 2 KiB of table holding the keys of the data block\n"
    "that starts there: N is a block's entries, and filters_empty, tables and\n"
    "bytes_filter_index count the ranges without a block start, whose 4-byte\n"
    "offsets bytes_total includes with each table's 5-byte trailer.\n"
    "Whole numbers are exact; every other digit printed is correctly rounded.";

/* A bare -m/--bits figure that may have been meant as bytes, said rather
 * than guessed: 64 bits per key or more (bytes typed as bits would be 8
 * times too many), or below 2 (a filter of 8 to 16 bits a key typed in
 * bytes reads as 1 to 2 bits a key). */
static void note_bytes_for_bits(bloom_fields *fields, const bloom_plan *plan,
                                const bloom_option *bits)
{
    mpq_t most, least;
    mpq_inits(most, least, (mpq_ptr)0);
    mpq_set_ui(most, 64, 1);
    mpq_set_ui(least, 2, 1);
    int bare = bits->seen && bits->text != NULL && strpbrk(bits->text, "BKMGTbikt") == NULL;
    if (bare && plan->mode == BLOOM_PLAN_FOR_MEMORY
        && mpq_cmp(plan->bits_per_key_actual, most) >= 0)
        bloom_fields_text(fields, "note", "note",
                          "64 or more bits per key: if M counts bytes, give --memory M or a "
                          "unit (-m 2GiB)");
    else if (bare && plan->mode == BLOOM_PLAN_FOR_MEMORY
             && mpq_cmp(plan->bits_per_key_actual, least) < 0)
        bloom_fields_text(fields, "note", "note",
                          "under 2 bits per key: -m counts bits; if M counts bytes, give "
                          "--memory M or a unit (-m 2GiB)");
    mpq_clears(most, least, (mpq_ptr)0);
}

/* The options before the description's: -n, -p, -m, --memory, -c, -k, -L, --l0-files,
 * --coverage, --partitioned, --actual-keys, --all, --units. */
#define PLAN_OWN_OPTIONS 13

int bloomcalc_plan(int argc, char **argv, int first)
{
    mpz_t n, m, actual;
    mpq_t p, c;
    mpz_inits(n, m, actual, (mpz_ptr)0);
    mpq_inits(p, c, (mpq_ptr)0);
    unsigned long k = 0, levels = 5, l0_files = 4;
    const char *coverage = NULL;
    bloom_output_choice output = { BLOOM_DEFAULT_DIGITS, BLOOM_FORMAT_TABLE };
    bloom_layout_description deployed = BLOOM_LAYOUT_DESCRIPTION_DEFAULTS;
    int all = 0, units = BLOOM_UNITS_IEC, partitioned = 0;
    bloom_option options[PLAN_OWN_OPTIONS + BLOOM_DESCRIPTION_OPTION_COUNT + BLOOM_DESCRIPTION_UNIT_OPTION_COUNT
                         + BLOOM_OUTPUT_OPTION_COUNT] = {
        { .long_name = "keys", .short_name = 'n', .kind = BLOOM_OPTION_COUNT, .destination = n,
          .value_name = "N", .help = "keys the filter holds", .count_minimum = "1",
          .count_maximum = BLOOM_MAX_SIZE_TEXT },
        { .long_name = "rate", .short_name = 'p', .kind = BLOOM_OPTION_RATE, .destination = p,
          .value_name = "P", .help = "target false-positive rate", .rate_minimum = BLOOM_MIN_RATE_TEXT },
        BLOOM_BITS_OPTION(BLOOM_OPTION_SIZE, m, "M", "filter size (a memory budget)"),
        BLOOM_MEMORY_OPTION(BLOOM_OPTION_SIZE, m, "BYTES"),
        BLOOM_BITS_PER_KEY_OPTION(c, "bits per key: the filter has m = round(n C) bits"),
        { .long_name = "hashes", .short_name = 'k', .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &k, .value_name = "K",
          .help = "use exactly K hash functions (default: the best integer)", .minimum = 1,
          .maximum = BLOOM_MAX_HASHES },
        { .long_name = "levels", .short_name = 'L', .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &levels, .value_name = "L",
          .help = "LSM levels (or sorted runs), one filter each (default 5); with a unit, the "
                  "levels past L0", .minimum = 1, .maximum = BLOOM_MAX_LEVELS },
        { .long_name = "l0-files", .kind = BLOOM_OPTION_UNSIGNED, .destination = &l0_files,
          .value_name = "F", .help = "with a unit: the L0 files, each one filter an absent lookup "
          "consults (default 4, RocksDB's level0_file_num_compaction_trigger)", .minimum = 0,
          .maximum = BLOOM_MAX_LEVELS },
        { .long_name = "coverage", .kind = BLOOM_OPTION_TEXT, .destination = &coverage,
          .value_name = "c1,...,cL", .help = "with a unit: the share of the key space each level "
          "past L0 covers, as in 'bloomcalc lsm' (default 1 each)" },
        { .long_name = "partitioned", .kind = BLOOM_OPTION_FLAG, .destination = &partitioned,
          .help = "with --library rocksdb or rocksdb@legacy, -c and a unit: each file's filter in "
          "partitions (partition_filters, kTwoLevelIndexSearch, metadata_block_size 4096), each a "
          "filter of the keys RocksDB gives a partition; a lookup consults one" },
        { .long_name = "actual-keys", .kind = BLOOM_OPTION_COUNT, .destination = actual,
          .value_name = "N2", .help = "the rate of the planned filter when it holds N2 keys",
          .count_minimum = "0", .count_maximum = BLOOM_MAX_SIZE_TEXT },
        { .long_name = "all", .kind = BLOOM_OPTION_FLAG, .destination = &all,
          .help = "print every field in the table format (default: the first screen; CSV and JSON print every field)" },
        { .long_name = "units", .kind = BLOOM_OPTION_CHOICE, .destination = &units, .value_name = "UNITS",
          .help = "sizes on the first screen in binary (KiB, MiB, GiB, TiB) or decimal (kB, MB, GB, TB) units",
          .choices = bloom_units_names },
    };
    size_t count = PLAN_OWN_OPTIONS + bloom_description_option_table(options + PLAN_OWN_OPTIONS, &deployed);
    count += bloom_description_unit_option_table(options + count, &deployed);
    const bloom_option output_options[] = { BLOOM_OUTPUT_OPTIONS(output) };
    memcpy(options + count, output_options, sizeof output_options);
    count += sizeof output_options / sizeof output_options[0];
    static const char *const positional[] = { "keys", "rate", NULL };
    bloom_command_line line = { "bloomcalc", "plan", "[N P] [OPTIONS]", description, options,
                                count, positional };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    bloom_given given = { 0, 0, 0, 0 };
    if (parsed == BLOOM_OPTIONS_PARSED && !bloom_deployment_has_unit(&deployed))
        status = bloomcalc_check_tree_options(&line, 1);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && partitioned
        && !bloom_deployment_has_unit(&deployed)) {
        bloom_options_error(&line, "--partitioned: the partitions of each file's filter, which needs "
                            "a unit; accepted: --partitioned with --file-size and --entry-size, or "
                            "--keys-per-filter N");
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = bloom_given_read(&given, &line, "bloomcalc plan 1e9 1%");
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS
        && bloom_deployment_has_unit(&deployed)) {
        bloomcalc_plan_inputs inputs = { given, m, p, c, k, levels, l0_files, coverage, &deployed, &line,
                                          partitioned };
        bloom_fields fields;
        bloom_fields_init(&fields, output.digits, (bloom_format)output.format);
        status = bloomcalc_plan_deployment(&fields, &inputs, n);
        if (status == BLOOM_EXIT_SUCCESS && fields.status == BLOOM_OK
            && output.format == BLOOM_FORMAT_TABLE && !all)
            bloomcalc_deployment_brief(&fields, units, partitioned);
        if (status == BLOOM_EXIT_SUCCESS)
            status = bloomcalc_emit(&fields, output.format, &line);
        else
            bloom_fields_clear(&fields);
    } else if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS) {
        bloom_plan plan;
        bloom_plan_init(&plan);
        int planned = BLOOM_OK;
        mpq_srcptr rate = given.n && given.p ? p : NULL;   /* before the request resolves given */
        status = bloom_plan_request(&plan, &planned, &given, n, m, p, c, k, levels, &deployed, &line);
        if (status == BLOOM_EXIT_SUCCESS) {
            if (planned == BLOOM_OK)
                planned = bloomcalc_plan_described_headroom(&plan, &deployed,
                                                            bloom_description_given(&line));
            if (planned == BLOOM_OK && bloom_options_given(&line, "actual-keys"))
                bloom_plan_actual_keys(&plan, actual);
            bloom_fields fields;
            bloom_fields_init(&fields, output.digits, (bloom_format)output.format);
            fields.status = planned;
            if (planned == BLOOM_OK) {
                status = bloomcalc_plan_described_fields(&fields, &plan, &deployed,
                                                         bloom_description_given(&line),
                                                         rate, &line);
                note_bytes_for_bits(&fields, &plan, bloom_options_find(&line, "bits"));
                if (output.format == BLOOM_FORMAT_TABLE && !all)
                    bloomcalc_plan_brief(&fields, &plan, bloom_description_given(&line), units);
            }
            if (status == BLOOM_EXIT_SUCCESS)
                status = bloomcalc_emit(&fields, output.format, &line);
            else
                bloom_fields_clear(&fields);
        }
        bloom_plan_clear(&plan);
    }
    mpz_clears(n, m, actual, (mpz_ptr)0);
    mpq_clears(p, c, (mpq_ptr)0);
    return status;
}
