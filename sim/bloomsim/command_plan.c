/*
 * command_plan.c - "bloomsim plan N P": builds the filter that "bloomcalc
 * plan" plans from the same sizing inputs (any two of -n, -p, -m/--memory,
 * -c; a library's native inputs; calc's bloom_plan_request, sizing_given.h:
 * for N P, m = ceil(N (-ln P)/ln^2 2) bits and k the best integer or -k),
 * as the same description says (calc/cli/description.h), and measures it
 * like "bloomsim fpr", adding whether the measured rate and the exact rate
 * meet the target P.  Parsing and printing only.
 */
#include <stdio.h>

#include "command_deployment.h"
#include "command_layout.h"
#include "command_shared.h"
#include "commands.h"
#include "deployment.h"
#include "plan.h"
#include "sizing_given.h"

static const char description_start[] =
    "Sizes a filter exactly as 'bloomcalc plan' does from the same inputs (N keys at\n"
    "target rate P: m = ceil(N (-ln P) / ln^2 2), k the best integer for m and N; or\n"
    "any two of -n, -p, -m/--memory, -c/--bits-per-key, and a library's native\n"
    "inputs), builds it (T independent instances), measures its false-positive rate\n"
    "with absent keys, and judges the three predictions.  With a target P it also\n"
    "says whether the target is met: by the exact rate (certified), and by the\n"
    "measurement (the interval lies below P: met; above P: missed; around P:\n"
    "undecided).  -k fixes the hash count as in bloomcalc.\n"
    "--layout, --block-bits, --block-words, --round, --hash-bits, --index-bits and\n"
    "--hash build the planned bits as a library deploys them, exactly as 'bloomcalc\n"
    "plan' describes them (split-block: one probe per 32-bit word of each block,\n"
    "k = B/32 unless -k or --block-words says otherwise), and judge bloomcalc's\n"
    "fpr_layout too.\n"
    "--keys-per-filter N (or, for RocksDB, --file-size and --entry-size) builds the\n"
    "filters an engine builds instead: ceil(N_total/N) filters, the last one\n"
    "partial, each sized for its own keys as 'bloomcalc plan' sizes it (with RocksDB\n"
    "and -p, the one bits_per_key_setting every filter meets P with), built file by\n"
    "file; each absent lookup asks the one filter whose key range covers it, and\n"
    "the measured rate is judged against fpr_deployment (verdict_deployment).\n"
    "Default 32 trials (fewer when that inserts over 5e7 keys) and enough lookups\n"
    "to expect 20000 false positives.\n";

/* The plan under bloomcalc plan's keys (p, m_bits, bytes), and whether
 * the target is met, by the exact rate and by the interval (a plan for
 * memory has no target). */
typedef struct planned_target {
    const bloom_plan *plan;
    int targeted;       /* -p/--rate given (a library may have sized for it) */
} planned_target;

static void put_target(bloom_fields *fields, const bloomsim_measurement *measurement,
                       const void *context)
{
    const planned_target *planned = context;
    const bloom_plan *plan = planned->plan;
    int targeted = planned->targeted;
    if (targeted)
        bloom_fields_rational(fields, "p", "target false-positive rate p", NULL, plan->p);
    else
        bloom_fields_missing(fields, "p", "target false-positive rate p (none: a plan for memory)");
    bloom_fields_integer(fields, "m_bits", "total bits m", "bits", plan->m_bits);
    bloom_fields_integer(fields, "bytes", "memory", "bytes", plan->bytes);
    int sign = 0;
    int status = measurement->ribbon || !targeted ? BLOOM_OK : bloom_quantity_compare_rational(
        &sign, &measurement->predictions.quantity[SIM_PREDICTION_EXACT], plan->p);
    if (measurement->ribbon)      /* no standard filter's exact rate: fpr_layout is the Ribbon's */
        bloom_fields_missing(fields, "exact_meets_target", "exact rate meets the target (not a Ribbon's)");
    else if (!targeted)
        bloom_fields_missing(fields, "exact_meets_target", "exact rate meets the target (no target)");
    else
        bloom_fields_text(fields, "exact_meets_target", "exact rate meets the target",
                          status != BLOOM_OK ? "equal or undecidable" : sign <= 0 ? "yes" : "no");
    if (!targeted) {
        bloom_fields_missing(fields, "measured_meets_target", "measured rate meets the target (no target)");
        return;
    }
    double target = mpq_get_d(plan->p);
    const sim_interval *interval = &measurement->report.estimate.interval;
    bloom_fields_text(fields, "measured_meets_target", "measured rate meets the target",
                      interval->high < target ? "met" : interval->low > target ? "missed" : "undecided");
}

/* The plan bloomcalc plan makes of these inputs, planned (status 0), or the exit status after one line. */
static int plan_of_inputs(bloom_plan *plan, bloom_command_line *line, mpz_ptr keys, mpz_ptr bits,
                          mpq_srcptr rate, mpq_srcptr bits_per_key, unsigned long fixed_k,
                          const bloom_layout_description *layout)
{
    bloom_given given = { 0, 0, 0, 0 };
    int status = bloom_given_read(&given, line, "bloomsim plan 1e7 1%");
    int planned = BLOOM_OK;
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloom_plan_request(plan, &planned, &given, keys, bits, rate, bits_per_key, fixed_k, 1,
                                    layout, line);
    if (status == BLOOM_EXIT_SUCCESS && planned != BLOOM_OK) {
        bloom_options_error(line, "the plan could not be certified for these inputs");
        status = BLOOM_EXIT_FAILURE;
    }
    if (status == BLOOM_EXIT_SUCCESS && bloom_options_given(line, "rate"))
        mpq_set(plan->p, rate);     /* a library that sized for P planned for its memory: P stays the target */
    return status;
}

int bloomsim_plan(int argc, char **argv, int first)
{
    mpz_t keys, bits;
    mpq_t rate, bits_per_key;
    mpz_inits(keys, bits, (mpz_ptr)0);
    mpq_inits(rate, bits_per_key, (mpq_ptr)0);
    unsigned long fixed_k = 0;
    bloomsim_run_options run;
    bloomsim_run_options_init(&run);
    bloom_layout_description layout = BLOOM_LAYOUT_DESCRIPTION_DEFAULTS;
    enum { SIZING_OPTIONS = 6 };
    bloom_option options[SIZING_OPTIONS + BLOOM_DESCRIPTION_OPTION_COUNT + BLOOM_DESCRIPTION_UNIT_OPTION_COUNT
                         + BLOOMSIM_RUN_OPTION_MAX] = {
        { .long_name = "keys", .short_name = 'n', .kind = BLOOM_OPTION_COUNT, .destination = keys,
          .value_name = "N", .help = "keys the filter is planned for", .count_minimum = "1",
          .count_maximum = SIM_MAX_PLAN_KEYS_TEXT },
        { .long_name = "rate", .short_name = 'p', .kind = BLOOM_OPTION_RATE, .destination = rate,
          .value_name = "P", .help = "target false-positive rate", .rate_minimum = SIM_MIN_RATE_TEXT },
        BLOOM_BITS_OPTION(BLOOM_OPTION_SIZE, bits, "M", "filter size (a memory budget)"),
        BLOOM_MEMORY_OPTION(BLOOM_OPTION_SIZE, bits, "BYTES"),
        BLOOM_BITS_PER_KEY_OPTION(bits_per_key, "bits per key: the filter has m = round(n C) bits"),
        { .long_name = "hashes", .short_name = 'k', .kind = BLOOM_OPTION_UNSIGNED, .destination = &fixed_k,
          .value_name = "K", .help = "use exactly K hash functions (default: the best integer)",
          .minimum = 1, .maximum = SIM_MAX_HASHES },
    };
    options[2].count_maximum = options[3].count_maximum = SIM_MAX_BITS_TEXT;
    size_t count = SIZING_OPTIONS + bloomsim_description_option_table(options + SIZING_OPTIONS, &layout);
    count += bloom_description_unit_option_table(options + count, &layout);
    count += bloomsim_run_option_table(options + count, &run,
                                                 BLOOMSIM_OPTIONS_SIZE | BLOOMSIM_OPTIONS_RUN
                                                     | BLOOMSIM_OPTIONS_HASHING | BLOOMSIM_OPTIONS_SHARD
                                                     | BLOOMSIM_OPTIONS_FILTER_FILE);
    static const char *const positional[] = { "keys", "rate", NULL };
    char description[4096];
    snprintf(description, sizeof description, "%s\n%s", description_start, bloomsim_verdict_help);
    bloom_command_line line = { "bloomsim", "plan", "[N P] [OPTIONS]", description, options, count,
                                positional };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    int unit = parsed == BLOOM_OPTIONS_PARSED && bloom_deployment_has_unit(&layout);
    if (unit)
        status = bloomsim_unit_command(&line, &run, &layout, keys, rate, bits_per_key, fixed_k,
                                       "bloomsim plan 1e7 1% --keys-per-filter 1e5");
    bloom_plan plan;
    bloom_plan_init(&plan);
    if (parsed == BLOOM_OPTIONS_PARSED && !unit)
        status = plan_of_inputs(&plan, &line, keys, bits, rate, bits_per_key, fixed_k, &layout);
    planned_target target = { &plan, parsed == BLOOM_OPTIONS_PARSED && bloom_options_given(&line, "rate") };
    if (parsed == BLOOM_OPTIONS_PARSED && !unit && status == BLOOM_EXIT_SUCCESS)
        status = bloomsim_layout_measure_and_print(&line, &run, &layout, plan.m_bits, plan.n, plan.k,
                                                   plan.k_fixed, put_target, &target);
    bloom_plan_clear(&plan);
    bloomsim_run_options_clear(&run);
    mpz_clears(keys, bits, (mpz_ptr)0);
    mpq_clears(rate, bits_per_key, (mpq_ptr)0);
    return status;
}
