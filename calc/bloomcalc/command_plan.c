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

#include "commands.h"
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
    "--layout, --block-bits, --round, --hash-bits, --index-bits add the rate of the\n"
    "planned filter as deployed (fpr_layout; see 'bloomcalc fpr --help').\n"
    "Whole numbers are exact; every other digit printed is correctly rounded.";

int bloomcalc_plan(int argc, char **argv, int first)
{
    mpz_t n, m;
    mpq_t p;
    mpz_inits(n, m, (mpz_ptr)0);
    mpq_init(p);
    unsigned long k = 0, levels = 5;
    bloom_output_choice output = { BLOOM_DEFAULT_DIGITS, BLOOM_FORMAT_TABLE };
    bloom_layout_description deployed = BLOOM_LAYOUT_DESCRIPTION_DEFAULTS;
    bloom_option options[5 + BLOOM_DESCRIPTION_OPTION_COUNT + 2] = {
        { .long_name = "keys", .short_name = 'n', .kind = BLOOM_OPTION_COUNT, .destination = n,
          .value_name = "N", .help = "keys the filter holds", .count_minimum = "1",
          .count_maximum = "2^256" },
        { .long_name = "rate", .short_name = 'p', .kind = BLOOM_OPTION_RATE, .destination = p,
          .value_name = "P", .help = "target false-positive rate", .rate_minimum = "1e-300" },
        { .long_name = "bits", .short_name = 'm', .kind = BLOOM_OPTION_COUNT, .destination = m,
          .value_name = "M", .help = "filter size in bits (a memory budget)",
          .count_minimum = "1", .count_maximum = "2^256" },
        { .long_name = "hashes", .short_name = 'k', .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &k, .value_name = "K",
          .help = "use exactly K hash functions (default: the best integer)", .minimum = 1,
          .maximum = 1000 },
        { .long_name = "levels", .short_name = 'L', .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &levels, .value_name = "L",
          .help = "LSM levels (or sorted runs), one filter each (default 5)", .minimum = 1,
          .maximum = 1000000 },
    };
    size_t count = 5 + bloom_description_option_table(options + 5, &deployed);
    const bloom_option output_options[] = { BLOOM_OUTPUT_OPTIONS(output) };
    memcpy(options + count, output_options, sizeof output_options);
    count += sizeof output_options / sizeof output_options[0];
    static const char *const positional[] = { "keys", "rate", NULL };
    bloom_command_line line = { "bloomcalc", "plan", "[N P] [OPTIONS]", description, options,
                                count, positional };
    int parsed = bloom_options_parse(&line, argc, argv, first);
    int status = parsed == 1 ? 0 : parsed;   /* 1: --help was printed */
    int given_n = options[0].seen, given_p = options[1].seen, given_m = options[2].seen;
    if (parsed == 0 && given_n + given_p + given_m != 2) {
        bloom_options_error(&line, given_n + given_p + given_m == 3
            ? "-n/--keys, -p/--rate and -m/--bits over-determine the plan; give exactly two"
            : "needs two of -n/--keys, -p/--rate, -m/--bits (e.g. 'bloomcalc plan 1e9 1%%')");
        status = 2;
    }
    if (parsed == 0 && status == 0) {
        bloom_plan plan;
        bloom_plan_init(&plan);
        int planned = given_m == 0 ? bloom_plan_for_rate(&plan, n, p, k, levels)
                    : given_p == 0 ? bloom_plan_for_memory(&plan, n, m, k, levels)
                                   : bloom_plan_for_capacity(&plan, m, p, k, levels);
        if (planned == BLOOM_UNDEFINED && given_n == 0) {
            bloom_options_error(&line, "-m/--bits: too few bits to hold even one key at the "
                                "target rate; accepted: more bits or a larger -p/--rate");
            status = 2;
        } else {
            bloom_fields fields;
            bloom_fields_init(&fields, output.digits, (bloom_format)output.format);
            fields.status = planned;
            if (planned == BLOOM_OK)
                bloomcalc_plan_fields(&fields, &plan);
            if (planned == BLOOM_OK && bloom_description_given(&line))
                status = bloom_description_append(&fields, &deployed, plan.m_bits, plan.n, plan.k,
                                                  plan.k_fixed, &line);
            if (status == 0)
                status = bloomcalc_emit(&fields, output.format, "plan");
            else
                bloom_fields_clear(&fields);
        }
        bloom_plan_clear(&plan);
    }
    mpz_clears(n, m, (mpz_ptr)0);
    mpq_clear(p);
    return status;
}
