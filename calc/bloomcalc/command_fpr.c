/*
 * command_fpr.c - "bloomcalc fpr": the false-positive rate of a filter of
 * m bits holding n keys with k hashes, in the three forms of fpr.h, each
 * approximation with its relative error against the exact rate, and the
 * exact rate as a fraction when its denominator is small enough.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "description.h"
#include "fields.h"
#include "fpr.h"
#include "layouts.h"
#include "library_rules.h"
#include "options.h"

static const char description[] =
    "False-positive rate of a standard Bloom filter with M bits, N keys and K hash\n"
    "functions: the exponential approximation (1 - e^(-KN/M))^K, Bloom's formula\n"
    "(1 - (1 - 1/M)^(KN))^K (a lower bound), and the exact rate under independent\n"
    "uniform hashing (Bose et al. 2008; Christensen et al. 2010), with the relative\n"
    "error of each approximation against it, and the exact rate as a reduced\n"
    "fraction when M^(K(N+1)) has at most 65536 bits.  With --layout, --block-bits,\n"
    "--block-words, --round, --hash-bits, --index-bits or --hash: the filter as\n"
    "deployed (fpr_layout, the same description as 'bloomsim fpr'): the bits a\n"
    "library allocates, partitioned, blocked (Putze et al.; binomial block load and\n"
    "exact inner rate, with the Poisson forms for comparison) or split-block\n"
    "(Parquet) layouts, indices that reach only 2^N bits, and the collision floor\n"
    "1 - (1 - 2^-H)^N of an H-bit hash.  Every digit printed is correctly rounded.";

/*
 * The relative errors of a saturated filter are about e^(-kn/m); beyond
 * kn/m = 2^29 that is below MPFR's default exponent range (2^-(2^30)), so no digit
 * of them could be computed: refused up front rather than failing (exit 1)
 * after the work.  Returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE with the message.
 */
static int refuse_unrepresentable_load(mpz_srcptr m, mpz_srcptr n, unsigned long k,
                                       const bloom_command_line *line)
{
    mpz_t load;
    mpz_init(load);
    mpz_mul_ui(load, n, k);
    mpz_fdiv_q(load, load, m);
    int too_full = mpz_sizeinbase(load, 2) > 29;
    mpz_clear(load);
    if (too_full)
        bloom_options_error(line, "-n/--keys: kn/m is 2^29 or more, where the relative errors "
                            "(about e^(-kn/m)) leave the range of MPFR's exponents; accepted: "
                            "kn/m below 2^29");
    return too_full ? BLOOM_EXIT_USAGE : BLOOM_EXIT_SUCCESS;
}

/*
 * --library rocksdb-ribbon without -k: its Ribbon, sized by RocksDB for -n N and -c C
 * (NewRibbonFilterPolicy(C)) or stored in -m M bits: m and n, the Bloom filter's fields
 * empty (a Ribbon has no probes), then the description's.  Frees m, n, c.
 */
static int ribbon_fpr(const bloom_command_line *line, const bloom_layout_description *deployed,
                      const bloom_given *given, mpz_ptr m, mpz_ptr n, mpq_ptr c,
                      const bloom_output_choice *output)
{
    int status = bloom_ribbon_sizes(m, n, c, given, deployed, line);
    if (status == BLOOM_EXIT_SUCCESS) {
        bloom_fields fields;
        bloom_fields_init(&fields, output->digits, (bloom_format)output->format);
        bloom_fields_integer(&fields, "m", "bits m", NULL, m);
        bloom_fields_integer(&fields, "n", "keys n", NULL, n);
        static const char *const keys[] = { "k", "fpr_approx", "fpr_bloom", "fpr_exact",
                                            "relerr_approx", "relerr_bloom" };
        static const char *const labels[] = {
            "hash functions k (a Ribbon: none)", "exponential approximation (not a Ribbon's)",
            "Bloom's formula (not a Ribbon's)", "exact rate (not a Ribbon's)",
            "approximation vs exact (not a Ribbon's)", "Bloom's formula vs exact (not a Ribbon's)" };
        _Static_assert(sizeof keys / sizeof keys[0] == sizeof labels / sizeof labels[0],
                       "one label a key");
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
            bloom_fields_missing(&fields, keys[i], labels[i]);
        status = bloom_description_append(&fields, deployed, m, n, 0, 0, line);
        if (status == BLOOM_EXIT_SUCCESS)
            status = bloomcalc_emit(&fields, output->format, line);
        else
            bloom_fields_clear(&fields);
    }
    mpz_clears(m, n, (mpz_ptr)0);
    mpq_clear(c);
    return status;
}

int bloomcalc_fpr(int argc, char **argv, int first)
{
    mpz_t m, n;
    mpq_t c;
    mpz_inits(m, n, (mpz_ptr)0);
    mpq_init(c);
    unsigned long k = 0;
    bloom_output_choice output = { BLOOM_DEFAULT_DIGITS, BLOOM_FORMAT_TABLE };
    bloom_layout_description deployed = BLOOM_LAYOUT_DESCRIPTION_DEFAULTS;
    const char *unit = NULL;
    bloom_option options[5 + BLOOM_DESCRIPTION_OPTION_COUNT + BLOOM_DESCRIPTION_UNIT_OPTION_COUNT
                         + BLOOM_OUTPUT_OPTION_COUNT] = {
        BLOOM_BITS_OPTION(BLOOM_OPTION_SIZE, m, "M", "filter size"),
        BLOOM_MEMORY_OPTION(BLOOM_OPTION_SIZE, m, "BYTES"),
        { .long_name = "keys", .short_name = 'n', .kind = BLOOM_OPTION_COUNT, .destination = n,
          .value_name = "N", .help = "keys inserted", .count_minimum = "1",
          .count_maximum = BLOOM_MAX_SIZE_TEXT },
        BLOOM_BITS_PER_KEY_OPTION(c, "bits per key, instead of -m or -n: m = round(n C), "
                                     "n = round(m / C)"),
        { .long_name = "hashes", .short_name = 'k', .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &k, .value_name = "K", .help = "hash functions (probes) per key",
          .minimum = 1, .maximum = BLOOM_MAX_HASHES },
    };
    size_t count = 5 + bloom_description_option_table(options + 5, &deployed);
    count += bloom_unit_refused_options(options + count, &unit);
    const bloom_option output_options[] = { BLOOM_OUTPUT_OPTIONS(output) };
    memcpy(options + count, output_options, sizeof output_options);
    count += sizeof output_options / sizeof output_options[0];
    bloom_command_line line = { "bloomcalc", "fpr", "-m M -n N -k K [OPTIONS]", description,
                                options, count, NULL };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    bloom_given given = { 0, 0, 0, 0 };
    if (parsed == BLOOM_OPTIONS_PARSED)
        status = bloom_unit_refusal(&line, "fpr rates the one filter of the m, n and k given; the "
                                    "filters of a deployment: 'bloomcalc plan -n N -c C --keys-per-filter N'");
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = bloom_given_read(&given, &line, "bloomcalc fpr -m 64 -n 8 -k 5");
    int ribbon = bloom_library_is_ribbon(deployed.library, bloom_options_given(&line, "hashes"));
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && ribbon)
        return ribbon_fpr(&line, &deployed, &given, m, n, c, &output);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && !bloom_options_given(&line, "hashes")) {
        bloom_options_error(&line, "-k/--hashes is required (hash functions per key)");
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = bloom_given_resolve(&given, n, m, c, &line);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = refuse_unrepresentable_load(m, n, k, &line);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS) {
        bloom_fpr_arguments arguments = { m, n, k, 0 };
        bloom_quantity approx = bloom_fpr_approx_quantity(&arguments);
        bloom_quantity bloom = bloom_fpr_bloom_quantity(&arguments);
        bloom_quantity exact = bloom_fpr_exact_quantity(&arguments);
        bloom_fpr_comparison approx_comparison = { &arguments, 0 }, bloom_comparison = { &arguments, 1 };
        bloom_quantity relerr_approx = { bloom_enclose_fpr_relative_error, &approx_comparison, NULL };
        bloom_quantity relerr_bloom = { bloom_enclose_fpr_relative_error, &bloom_comparison,
                                        bloom_exact_fpr_relative_error };
        bloom_fields fields;
        bloom_fields_init(&fields, output.digits, (bloom_format)output.format);
        bloom_fields_integer(&fields, "m", "bits m", NULL, m);
        bloom_fields_integer(&fields, "n", "keys n", NULL, n);
        bloom_fields_unsigned(&fields, "k", "hash functions k", NULL, k);
        bloom_fields_quantity(&fields, "fpr_approx", "exponential approximation", NULL, &approx);
        bloom_fields_quantity(&fields, "fpr_bloom", "Bloom's formula (a lower bound)", NULL, &bloom);
        bloom_fields_quantity(&fields, "fpr_exact", "exact rate", NULL, &exact);
        bloom_fields_quantity(&fields, "relerr_approx", "approximation vs exact", "(relative)",
                              &relerr_approx);
        if (bloom_fpr_bloom_is_exact(m, k)) {
            mpq_t zero;
            mpq_init(zero);
            bloom_fields_rational(&fields, "relerr_bloom", "Bloom's formula vs exact",
                                  "(relative; exact when k = 1 or m = 1)", zero);
            mpq_clear(zero);
        } else {
            bloom_fields_quantity(&fields, "relerr_bloom", "Bloom's formula vs exact",
                                  "(relative)", &relerr_bloom);
        }
        if (bloom_fpr_exact_rational_feasible(m, n, k)) {
            mpq_t fraction;
            mpq_init(fraction);
            int fraction_status = bloom_fpr_exact_rational(fraction, m, n, k);
            if (fraction_status == BLOOM_OK)
                bloom_fields_fraction(&fields, "fpr_exact_rational", "exact rate as a fraction",
                                      fraction);
            else if (fields.status == BLOOM_OK)
                fields.status = fraction_status;   /* not certified: no partial record */
            mpq_clear(fraction);
        }
        if (bloom_description_given(&line))
            status = bloom_description_append(&fields, &deployed, m, n, k, 1, &line);
        if (status == BLOOM_EXIT_SUCCESS)
            status = bloomcalc_emit(&fields, output.format, &line);
        else
            bloom_fields_clear(&fields);
    }
    mpz_clears(m, n, (mpz_ptr)0);
    mpq_clear(c);
    return status;
}
