/*
 * growth_request.h - what a user asks of a scalable Bloom filter on the
 * command line (final keys n, first capacity N0, first rate P0, growth
 * factor s, tightening ratio r), with the defaults both programs share
 * (N0 = n/1000 and at least 1, P0 = 1 %, s = 2, r = 0.8) and the option
 * table entries that read it.  Used by "bloomcalc grow" and "bloomsim grow"
 * so that the two accept exactly the same request.
 */
#ifndef BLOOMCALC_GROWTH_REQUEST_H
#define BLOOMCALC_GROWTH_REQUEST_H

#include <gmp.h>

#include "growth.h"
#include "options.h"

typedef struct bloom_growth_request {
    mpz_t keys;             /* n, the keys finally inserted */
    mpz_t initial;          /* N0, the first sub-filter's capacity */
    mpq_t rate;             /* P0, the first sub-filter's rate */
    mpq_t tightening;       /* r */
    unsigned long factor;   /* s */
    const char *keys_name;  /* the long name of -n ("keys" or "keys-count") */
    const char *library;    /* --library, refused */
} bloom_growth_request;

/* Number of option table entries bloom_growth_request_options fills. */
#define BLOOM_GROWTH_REQUEST_OPTIONS 6

/* Sets the defaults (keys 0: not given yet). */
void bloom_growth_request_init(bloom_growth_request *request);
void bloom_growth_request_clear(bloom_growth_request *request);

/*
 * Fills options[0..BLOOM_GROWTH_REQUEST_OPTIONS-1]: -n under `keys_name`
 * ("keys") up to `largest` keys, --initial up to the same,
 * -p/--rate at least `smallest_rate`, -s/--growth, -r/--tightening, and
 * --library, refused: the sub-filters are the textbook rule's (a library's
 * scaling filter, RedisBloom's, is a row of bloomcalc compare).
 */
void bloom_growth_request_options(bloom_option *options, bloom_growth_request *request,
                                  const char *keys_name, const char *largest,
                                  const char *smallest_rate);

/* Applies the default N0 = max(1, n/1000) when --initial was not given on
 * `line` (after parsing). */
void bloom_growth_request_finish(bloom_growth_request *request, const bloom_command_line *line);

/* Plans the filter the request describes (bloom_growth_plan). */
int bloom_growth_request_plan(bloom_growth *growth, const bloom_growth_request *request);

/*
 * After a successful parse: refuses a missing -n, applies the default N0,
 * and plans the filter.  Returns the exit status: BLOOM_EXIT_SUCCESS
 * (growth planned), BLOOM_EXIT_USAGE (bad request; one line printed on
 * stderr) or BLOOM_EXIT_FAILURE (a sub-filter could not be certified; one
 * line printed).
 */
int bloom_growth_request_complete(bloom_growth *growth, bloom_growth_request *request,
                                  const bloom_command_line *line);

#endif
