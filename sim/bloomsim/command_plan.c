/*
 * command_plan.c - "bloomsim plan N P": builds the filter that "bloomcalc
 * plan N P" plans (calc's bloom_plan_for_rate: m = ceil(N (-ln P)/ln^2 2)
 * bits, k the best integer or -k), as the same description says
 * (calc/cli/description.h), and measures it like "bloomsim fpr", adding
 * whether the measured rate and the exact rate meet the target P.
 * Parsing and printing only.
 */
#include <stdio.h>

#include "command_layout.h"
#include "command_shared.h"
#include "commands.h"
#include "plan.h"

static const char description_start[] =
    "Sizes a filter for N keys at target rate P exactly as 'bloomcalc plan N P' does\n"
    "(m = ceil(N (-ln P) / ln^2 2), k the best integer for m and N), builds it (T\n"
    "independent instances), measures its false-positive rate with absent keys, and\n"
    "judges the three predictions.  It also says whether the target is met: by the\n"
    "exact rate (certified), and by the measurement (the interval lies below P: met;\n"
    "above P: missed; around P: undecided).  -k fixes the hash count as in bloomcalc.\n"
    "--layout, --block-bits, --block-words, --round, --hash-bits, --index-bits and\n"
    "--hash build the planned bits as a library deploys them, exactly as 'bloomcalc\n"
    "plan' describes them (split-block: one probe per 32-bit word of each block,\n"
    "k = B/32 unless -k or --block-words says otherwise), and judge bloomcalc's\n"
    "fpr_layout too.\n";

/* The plan under bloomcalc plan's keys (p, m_bits, bytes), and whether
 * the target is met, by the exact rate and by the interval. */
static void put_target(bloom_fields *fields, const bloomsim_measurement *measurement,
                       const void *context)
{
    const bloom_plan *plan = context;
    bloom_fields_rational(fields, "p", "target false-positive rate p", NULL, plan->p);
    bloom_fields_integer(fields, "m_bits", "total bits m", "bits", plan->m_bits);
    bloom_fields_integer(fields, "bytes", "memory", "bytes", plan->bytes);
    int sign = 0;
    int status = measurement->ribbon ? BLOOM_OK : bloom_quantity_compare_rational(
        &sign, &measurement->predictions.quantity[SIM_PREDICTION_EXACT], plan->p);
    if (measurement->ribbon)      /* no standard filter's exact rate: fpr_layout is the Ribbon's */
        bloom_fields_missing(fields, "exact_meets_target", "exact rate meets the target (not a Ribbon's)");
    else
        bloom_fields_text(fields, "exact_meets_target", "exact rate meets the target",
                          status != BLOOM_OK ? "equal or undecidable" : sign <= 0 ? "yes" : "no");
    double target = mpq_get_d(plan->p);
    const sim_interval *interval = &measurement->report.estimate.interval;
    bloom_fields_text(fields, "measured_meets_target", "measured rate meets the target",
                      interval->high < target ? "met" : interval->low > target ? "missed" : "undecided");
}

int bloomsim_plan(int argc, char **argv, int first)
{
    mpz_t keys;
    mpq_t rate;
    mpz_init(keys);
    mpq_init(rate);
    unsigned long fixed_k = 0;
    bloomsim_run_options run;
    bloomsim_run_options_init(&run);
    bloom_layout_description layout = BLOOM_LAYOUT_DESCRIPTION_DEFAULTS;
    bloom_option options[3 + BLOOM_DESCRIPTION_OPTION_COUNT + BLOOMSIM_RUN_OPTION_MAX] = {
        { .long_name = "keys", .short_name = 'n', .kind = BLOOM_OPTION_COUNT, .destination = keys,
          .value_name = "N", .help = "keys the filter is planned for", .count_minimum = "1",
          .count_maximum = SIM_MAX_PLAN_KEYS_TEXT },
        { .long_name = "rate", .short_name = 'p', .kind = BLOOM_OPTION_RATE, .destination = rate,
          .value_name = "P", .help = "target false-positive rate", .rate_minimum = SIM_MIN_RATE_TEXT },
        { .long_name = "hashes", .short_name = 'k', .kind = BLOOM_OPTION_UNSIGNED, .destination = &fixed_k,
          .value_name = "K", .help = "use exactly K hash functions (default: the best integer)",
          .minimum = 1, .maximum = SIM_MAX_HASHES },
    };
    size_t count = 3 + bloomsim_description_option_table(options + 3, &layout);
    count += bloomsim_run_option_table(options + count, &run,
                                                 BLOOMSIM_OPTIONS_SIZE | BLOOMSIM_OPTIONS_RUN
                                                     | BLOOMSIM_OPTIONS_HASHING | BLOOMSIM_OPTIONS_SHARD
                                                     | BLOOMSIM_OPTIONS_FILTER_FILE);
    static const char *const positional[] = { "keys", "rate", NULL };
    char description[4096];
    snprintf(description, sizeof description, "%s\n%s", description_start, bloomsim_verdict_help);
    bloom_command_line line = { "bloomsim", "plan", "N P [OPTIONS]", description, options, count,
                                positional };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    if (parsed == BLOOM_OPTIONS_PARSED && (!bloom_options_given(&line, "keys") || !bloom_options_given(&line, "rate"))) {
        bloom_options_error(&line, "N and P are required (e.g. plan 1e7 1%%)");
        status = BLOOM_EXIT_USAGE;
    }
    bloom_plan plan;
    bloom_plan_init(&plan);
    mpz_t library_bits;
    mpz_init(library_bits);
    int library_sized = 0;
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = bloom_description_library_sizing(library_bits, &fixed_k, &library_sized, &layout, keys,
                                                  rate, NULL, &line);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && library_sized
        && bloom_plan_for_memory(&plan, keys, library_bits, fixed_k, 1) != BLOOM_OK) {
        bloom_options_error(&line, "the plan could not be certified for the library's m and k");
        status = BLOOM_EXIT_FAILURE;
    }
    if (library_sized)
        mpq_set(plan.p, rate);    /* the target the library sized for (a plan for memory has none) */
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && !library_sized
        && bloom_plan_for_rate(&plan, keys, rate, fixed_k, 1) != BLOOM_OK) {
        bloom_options_error(&line, "the plan could not be certified for these N and P");
        status = BLOOM_EXIT_FAILURE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_layout_measure_and_print(&line, &run, &layout, plan.m_bits, keys, plan.k,
                                                   plan.k_fixed, put_target, &plan);
    bloom_plan_clear(&plan);
    mpz_clear(library_bits);
    bloomsim_run_options_clear(&run);
    mpz_clear(keys);
    mpq_clear(rate);
    return status;
}
