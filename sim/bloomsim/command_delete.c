/*
 * command_delete.c - "bloomsim delete": the naive delete on a plain filter
 * against the counting filter's delete (deletion.h), counting the false
 * negatives each causes.  Parsing and printing only.
 */
#include <stdio.h>
#include <string.h>

#include "command_shared.h"
#include "commands.h"
#include "description.h"
#include "deletion.h"

static const char description[] =
    "Inserts N keys into a plain Bloom filter and into a counting Bloom filter (Fan\n"
    "et al. 2000; --counter-bits C, default 4) of M positions with K probes, then\n"
    "deletes the most-shared key (the one whose positions other keys probe most, as\n"
    "in the seeds' simulation) from both: the plain filter clears its K bits, the\n"
    "counting filter decrements its counters.  Asks both for every remaining key and\n"
    "counts the false negatives, over --trials independent filters (default 1000).\n"
    "The plain filter denies a remaining key exactly when the deleted key shared a\n"
    "bit with it; the counting filter never does (unless a counter overflowed).";

static void print_deletion(bloom_fields *fields, const sim_deletion_config *config,
                           const sim_deletion_totals *totals)
{
    bloomsim_put_count(fields, "m", "positions m", config->bits);
    bloomsim_put_count(fields, "n", "keys n", config->keys);
    bloom_fields_unsigned(fields, "k", "probes per key k", NULL, config->hashes);
    bloom_fields_text(fields, "scheme", "probe scheme", sim_probe_scheme_name(config->scheme));
    bloom_fields_text(fields, "hash_function", "hash function",
                      sim_hash_function_names[config->hash_function]);
    bloom_fields_unsigned(fields, "counter_bits", "bits per counter", NULL, config->counter_bits);
    bloomsim_put_count(fields, "seed", "seed", config->seed);
    bloomsim_put_count(fields, "trials", "trials (one delete each)", totals->trials);
    bloomsim_put_count(fields, "keys_checked", "remaining keys queried", totals->keys_checked);
    bloomsim_put_count(fields, "shared_probes", "other keys' probes on deleted positions",
                       totals->shared_probes);
    bloomsim_put_count(fields, "naive_false_negatives", "false negatives, naive delete",
                       totals->naive_false_negatives);
    bloomsim_put_count(fields, "trials_with_false_negatives", "  trials with any",
                       totals->trials_with_false_negatives);
    bloomsim_put_count(fields, "counting_false_negatives", "false negatives, counting delete",
                       totals->counting_false_negatives);
    bloomsim_put_count(fields, "counter_overflows", "counter overflows", totals->counter_overflows);
    bloomsim_put_yes_no(fields, "partial", "partial (stopped early)", totals->partial);
}

int bloomsim_delete(int argc, char **argv, int first)
{
    mpz_t bits, keys, trials;
    mpz_init(bits);
    mpz_init(keys);
    mpz_init_set_ui(trials, 1000);
    unsigned long hashes = 0;
    bloomsim_run_options run;
    bloomsim_run_options_init(&run);
    const char *library = NULL;
    bloom_option options[5 + BLOOMSIM_RUN_OPTION_MAX] = {
        { .long_name = "bits", .short_name = 'm', .kind = BLOOM_OPTION_COUNT, .destination = bits,
          .value_name = "M", .help = "positions (bits, or counters)", .count_minimum = "1",
          .count_maximum = SIM_MAX_DELETE_POSITIONS_TEXT },
        { .long_name = "keys", .short_name = 'n', .kind = BLOOM_OPTION_COUNT, .destination = keys,
          .value_name = "N", .help = "keys inserted", .count_minimum = "2", .count_maximum = SIM_MAX_DELETE_KEYS_TEXT },
        { .long_name = "hashes", .short_name = 'k', .kind = BLOOM_OPTION_UNSIGNED, .destination = &hashes,
          .value_name = "K", .help = "probes per key", .minimum = 1, .maximum = SIM_MAX_HASHES },
        { .long_name = "trials", .kind = BLOOM_OPTION_COUNT, .destination = trials, .value_name = "T",
          .help = "independent filters, one delete each (default 1000)", .count_minimum = "1",
          .count_maximum = SIM_MAX_DELETE_FILTERS_TEXT },
        bloom_library_refused_option(&library),
    };
    size_t count = 5 + bloomsim_run_option_table(options + 5, &run,
                                                 BLOOMSIM_OPTIONS_SEED | BLOOMSIM_OPTIONS_SCHEME | BLOOMSIM_OPTIONS_HASHING
                                                     | BLOOMSIM_OPTIONS_COUNTERS);
    bloom_command_line line = { "bloomsim", "delete", "-m M -n N -k K [OPTIONS]", description, options,
                                count, NULL };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    if (parsed == BLOOM_OPTIONS_PARSED)
        status = bloom_library_refusal(&line, "delete measures deletions from counting filters, which "
                                       "none of the libraries modelled builds");
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && (!bloom_options_given(&line, "bits") || !bloom_options_given(&line, "keys")
                                           || !bloom_options_given(&line, "hashes"))) {
        bloom_options_error(&line, "-m M, -n N and -k K are required (e.g. -m 32 -n 3 -k 3)");
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS) {
        sim_deletion_config config = { bloomsim_u64(bits), bloomsim_u64(keys), (unsigned)hashes,
                                       (sim_probe_scheme)run.scheme,
                                       (sim_hash_function)run.hash_function, !run.unguarded,
                                       (unsigned)run.counter_bits, bloomsim_u64(run.seed),
                                       bloomsim_u64(trials) };
        sim_deletion_totals totals;
        status = bloomsim_check_memory(&line, sim_deletion_memory(&config));
        if (status == BLOOM_EXIT_SUCCESS && sim_deletion_run(&config, &totals) != 0) {
            bloom_options_error(&line, "out of memory");
            status = BLOOM_EXIT_FAILURE;
        }
        if (status == BLOOM_EXIT_SUCCESS) {
            bloom_fields fields;
            bloom_fields_init(&fields, run.output.digits, (bloom_format)run.output.format);
            print_deletion(&fields, &config, &totals);
            status = bloomsim_emit(&fields, run.output.format, &line, totals.partial);
        }
    }
    bloomsim_run_options_clear(&run);
    mpz_clear(bits);
    mpz_clear(keys);
    mpz_clear(trials);
    return status;
}
