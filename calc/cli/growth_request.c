/*
 * growth_request.c - the command-line request for a scalable Bloom filter
 * (see growth_request.h; the model itself is growth.c: P. S. Almeida,
 * C. Baquero, N. Preguica, D. Hutchison, "Scalable Bloom Filters", IPL
 * 101(6), 2007).
 */
#include "description.h"
#include "growth_request.h"

void bloom_growth_request_init(bloom_growth_request *request)
{
    mpz_inits(request->keys, request->initial, (mpz_ptr)0);
    mpq_inits(request->rate, request->tightening, (mpq_ptr)0);
    mpq_set_ui(request->rate, 1, 100);
    mpq_set_ui(request->tightening, 4, 5);
    request->factor = 2;
    request->keys_name = "keys";
    request->library = NULL;
}

void bloom_growth_request_clear(bloom_growth_request *request)
{
    mpz_clears(request->keys, request->initial, (mpz_ptr)0);
    mpq_clears(request->rate, request->tightening, (mpq_ptr)0);
}

void bloom_growth_request_options(bloom_option *options, bloom_growth_request *request,
                                  const char *keys_name, const char *largest,
                                  const char *smallest_rate)
{
    request->keys_name = keys_name;
    options[0] = (bloom_option){ .long_name = keys_name, .short_name = 'n',
                                 .kind = BLOOM_OPTION_COUNT, .destination = request->keys,
                                 .value_name = "N", .help = "keys finally inserted",
                                 .count_minimum = "1", .count_maximum = largest };
    options[1] = (bloom_option){ .long_name = "initial", .kind = BLOOM_OPTION_COUNT,
                                 .destination = request->initial, .value_name = "N0",
                                 .help = "capacity of the first sub-filter (default N/1000)",
                                 .count_minimum = "1", .count_maximum = largest };
    options[2] = (bloom_option){ .long_name = "rate", .short_name = 'p', .kind = BLOOM_OPTION_RATE,
                                 .destination = request->rate, .value_name = "P0",
                                 .help = "rate of the first sub-filter (default 1%)",
                                 .rate_minimum = smallest_rate };
    options[3] = (bloom_option){ .long_name = "growth", .short_name = 's',
                                 .kind = BLOOM_OPTION_UNSIGNED, .destination = &request->factor,
                                 .value_name = "S", .help = "capacity growth factor (default 2)",
                                 .minimum = 1, .maximum = BLOOM_MAX_GROWTH_FACTOR };
    options[4] = (bloom_option){ .long_name = "tightening", .short_name = 'r',
                                 .kind = BLOOM_OPTION_RATE, .destination = request->tightening,
                                 .value_name = "R",
                                 .help = "rate ratio between sub-filters (default 0.8)",
                                 .rate_minimum = BLOOM_MIN_TIGHTENING_TEXT };
    options[5] = bloom_library_refused_option(&request->library);
}

void bloom_growth_request_finish(bloom_growth_request *request, const bloom_command_line *line)
{
    if (!bloom_options_given(line, "initial"))
        mpz_fdiv_q_ui(request->initial, request->keys, 1000);
    if (mpz_sgn(request->initial) == 0)
        mpz_set_ui(request->initial, 1);
}

int bloom_growth_request_plan(bloom_growth *growth, const bloom_growth_request *request)
{
    return bloom_growth_plan(growth, request->initial, request->factor, request->rate,
                             request->tightening, request->keys);
}

int bloom_growth_request_complete(bloom_growth *growth, bloom_growth_request *request,
                                  const bloom_command_line *line)
{
    if (bloom_library_refusal(line, "the sub-filters of a scalable filter are sized by the textbook "
                              "rule here, not a library's (RedisBloom's scaling filter: the redisbloom "
                              "row of 'bloomcalc compare N P')") != 0)
        return BLOOM_EXIT_USAGE;
    if (!bloom_options_given(line, request->keys_name)) {
        bloom_options_error(line, "-n/--%s is required (keys finally inserted, e.g. 'grow 1e5')",
                            request->keys_name);
        return BLOOM_EXIT_USAGE;
    }
    bloom_growth_request_finish(request, line);
    int planned = bloom_growth_request_plan(growth, request);
    if (planned == BLOOM_UNDEFINED && bloom_growth_rate_below_limit(growth)) {
        bloom_options_error(line, "-r/--tightening: the last of the %zu sub-filters would have a "
                            "design rate below %s; accepted: a larger -r, --initial or --growth",
                            growth->filters, BLOOM_MIN_RATE_TEXT);
        return BLOOM_EXIT_USAGE;
    }
    if (planned == BLOOM_UNDEFINED) {
        bloom_options_error(line, "--initial: more than %d sub-filters would be needed; "
                            "accepted: a larger --initial or --growth", BLOOM_GROWTH_MAX_FILTERS);
        return BLOOM_EXIT_USAGE;
    }
    if (planned != BLOOM_OK) {
        bloom_options_error(line, "a sub-filter could not be certified");
        return BLOOM_EXIT_FAILURE;
    }
    return BLOOM_EXIT_SUCCESS;
}
