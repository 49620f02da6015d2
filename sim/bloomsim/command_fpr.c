/*
 * command_fpr.c - "bloomsim fpr": measures the false-positive rate of
 * filters of m bits with n keys and k probes, and judges the calculator's
 * three predictions.  Parsing and printing only (command_shared.h).
 */
#include <stdio.h>

#include "command_deployment.h"
#include "command_layout.h"
#include "command_shared.h"
#include "commands.h"
#include "deployment.h"
#include "library_rules.h"
#include "sizing_given.h"

static const char description_start[] =
    "Builds T independent filters of M bits with N keys and K probes per key (fresh\n"
    "hash seed and keys per filter), asks each Q absent keys (never inserted: a\n"
    "disjoint tagged key stream), and compares the measured false-positive rate with\n"
    "bloomcalc's exact rate, Bloom's formula and the exponential approximation.\n"
    "By default T and Q are chosen so that the run can tell the closest two\n"
    "predictions apart within a few seconds of work (or says it cannot).\n"
    "--layout, --block-bits, --block-words, --round, --hash-bits, --index-bits and\n"
    "--hash describe the filter as a library deploys it, exactly as in 'bloomcalc\n"
    "fpr' (the same k, sizes and predicted rates): it is built so and bloomcalc's\n"
    "fpr_layout is judged as well (split-block: blocks of K words, one probe per\n"
    "word; K = 8 in Parquet's 256-bit block).\n"
    "--keys-per-filter N (or, for RocksDB, --file-size and --entry-size) measures\n"
    "the deployment of -n keys instead, as 'bloomsim plan' does: ceil(n/N) filters\n"
    "of -c bits per key (-k optional), built file by file, each absent lookup\n"
    "asking the filter whose key range covers it, judged against fpr_deployment.\n";

/* The filter's size and keys from any two of -n, -m/--memory and -c/--bits-per-key (as in
 * bloomcalc fpr: m = round(n C) or n = round(m / C)), or -m alone with --key-file (n: the
 * file's key count); a Ribbon's as bloomcalc fpr sizes it (bloom_ribbon_sizes).  The exit
 * status, after one line when refused. */
static int read_sizes(bloom_command_line *line, mpz_ptr m, mpz_ptr n, mpq_srcptr c, int key_file,
                      const bloom_layout_description *layout, int ribbon)
{
    bloom_given given = { 0, 0, 0, 0 };
    int status = bloom_given_seen(&given, line);
    if (status != BLOOM_EXIT_SUCCESS || (key_file && !ribbon && given.m && !given.n && !given.c))
        return status;
    status = bloom_given_read(&given, line, "bloomsim fpr -m 64 -n 8 -k 5");
    if (status == BLOOM_EXIT_SUCCESS)
        status = ribbon ? bloom_ribbon_sizes(m, n, c, &given, layout, line)
                        : bloom_given_resolve(&given, n, m, c, line);
    return status;
}

int bloomsim_fpr(int argc, char **argv, int first)
{
    mpz_t m, n;
    mpq_t c;
    mpz_init(m);
    mpz_init(n);
    mpq_init(c);
    unsigned long k = 0;
    bloomsim_run_options run;
    bloomsim_run_options_init(&run);
    bloom_layout_description layout = BLOOM_LAYOUT_DESCRIPTION_DEFAULTS;
    enum { SIZING_OPTIONS = 5 };
    bloom_option options[SIZING_OPTIONS + BLOOM_DESCRIPTION_OPTION_COUNT + BLOOM_DESCRIPTION_UNIT_OPTION_COUNT
                         + BLOOMSIM_RUN_OPTION_MAX] = {
        BLOOM_BITS_OPTION(BLOOM_OPTION_SIZE, m, "M", "filter size (any M, not only powers of two)"),
        BLOOM_MEMORY_OPTION(BLOOM_OPTION_SIZE, m, "BYTES"),
        { .long_name = "keys", .short_name = 'n', .kind = BLOOM_OPTION_COUNT, .destination = n,
          .value_name = "N", .help = "keys per filter (default with --key-file: the file's key count)",
          .count_minimum = "1", .count_maximum = SIM_MAX_BITS_TEXT },
        BLOOM_BITS_PER_KEY_OPTION(c, "bits per key, instead of -m or -n: m = round(n C), "
                                     "n = round(m / C)"),
        { .long_name = "hashes", .short_name = 'k', .kind = BLOOM_OPTION_UNSIGNED, .destination = &k,
          .value_name = "K", .help = "probes per key", .minimum = 1, .maximum = SIM_MAX_HASHES },
    };
    options[0].count_maximum = options[1].count_maximum = SIM_MAX_BITS_TEXT;
    size_t count = SIZING_OPTIONS + bloomsim_description_option_table(options + SIZING_OPTIONS, &layout);
    count += bloom_description_unit_option_table(options + count, &layout);
    count += bloomsim_run_option_table(options + count, &run, BLOOMSIM_OPTIONS_MEASURE | BLOOMSIM_OPTIONS_SHARD
                                                                | BLOOMSIM_OPTIONS_FILTER_FILE);
    char description[4096];
    snprintf(description, sizeof description, "%s\n%s", description_start, bloomsim_verdict_help);
    bloom_command_line line = { "bloomsim", "fpr", "-m M -n N -k K [OPTIONS]", description,
                                options, count, NULL };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    /* rocksdb-ribbon without -k: its Ribbon of M bits, which has no probes */
    int ribbon = bloom_library_is_ribbon(layout.library, bloom_options_given(&line, "hashes"));
    int unit = parsed == BLOOM_OPTIONS_PARSED && bloom_deployment_has_unit(&layout);
    if (unit)
        status = bloomsim_unit_command(&line, &run, &layout, n, NULL, c, k,
                                       "bloomsim fpr -n 1e6 -c 10 -k 7 --keys-per-filter 1e5");
    if (parsed == BLOOM_OPTIONS_PARSED && !unit)
        status = read_sizes(&line, m, n, c, run.key_path != NULL, &layout, ribbon);
    if (parsed == BLOOM_OPTIONS_PARSED && !unit && status == BLOOM_EXIT_SUCCESS && !ribbon
        && !bloom_options_given(&line, "hashes")) {
        bloom_options_error(&line, "-k/--hashes K is required (probes per key, a whole number, e.g. "
                            "-m 64 -n 8 -k 5)");
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && !unit && status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_layout_measure_and_print(&line, &run, &layout, m, n, ribbon ? 1 : k, !ribbon,
                                                   NULL, NULL);
    bloomsim_run_options_clear(&run);
    mpz_clear(m);
    mpz_clear(n);
    mpq_clear(c);
    return status;
}
