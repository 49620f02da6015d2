/*
 * growth.h - a scalable Bloom filter (Almeida, Baquero, Preguica and
 * Hutchison, "Scalable Bloom filters", IPL 101(6), 2007): when a
 * sub-filter reaches its capacity a new one is added, s times larger
 * (growth factor s) with an error r times smaller (tightening ratio r).
 *
 *   sub-filter i = 0, 1, ...  capacity n0 s^i, rate p0 r^i, its own textbook
 *                             size ceil(n_i ln(1/p_i)/ln^2 2) and best k
 *   compound rate bound       1 - prod_i (1 - p0 r^i)   (< p0/(1 - r))
 *   probes                    an absent key checks every sub-filter
 */
#ifndef BLOOMCALC_GROWTH_H
#define BLOOMCALC_GROWTH_H

#include "export.h"

#include <stddef.h>

#include "certified.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bloom_subfilter {
    mpz_t capacity;      /* n0 s^i */
    mpz_t keys;          /* keys it holds once n keys are inserted */
    mpq_t rate;          /* p0 r^i, its design rate */
    mpz_t bits;          /* ceil(capacity ln(1/rate)/ln^2 2) */
    unsigned long k;     /* the best integer k for bits and capacity */
} bloom_subfilter;

typedef struct bloom_growth {
    size_t filters;                /* sub-filters needed for n keys */
    bloom_subfilter *subfilter;    /* filters of them */
    mpz_t bits;                    /* total bits */
    mpq_t rate_bound;              /* 1 - prod (1 - p_i), exact */
    mpq_t rate_limit;              /* p0 / (1 - r), the bound for any n */
    mpq_t first_rate;              /* p0 */
    unsigned long probes_absent;   /* sum of k_i: bit probes of an absent key, all checked */
    mpq_t filters_checked_present; /* mean sub-filters checked for a present key, newest first */
} bloom_growth;

BLOOM_EXPORT void bloom_growth_init(bloom_growth *growth);
BLOOM_EXPORT void bloom_growth_clear(bloom_growth *growth);

/* Nonzero when the last sub-filter's design rate p0 r^(filters - 1) is
 * below 10^-BLOOM_MIN_RATE_EXPONENT (1e-30): bloom_growth_plan then
 * returns BLOOM_UNDEFINED before sizing any sub-filter (with -s 1 and
 * -r 0.5, a thousand sub-filters would reach rates of 1e-303). */
BLOOM_EXPORT int bloom_growth_rate_below_limit(const bloom_growth *growth);

/*
 * Plans the filter for n keys: initial capacity n0 >= 1, growth s >= 1
 * (s = 1: equal sub-filters), first rate p0 in (0, 1), tightening r in
 * (0, 1].  At most BLOOM_GROWTH_MAX_FILTERS sub-filters (else
 * BLOOM_UNDEFINED; bloom_limits.h).  Returns a bloom_status.
 */
BLOOM_EXPORT int bloom_growth_plan(bloom_growth *growth, mpz_srcptr initial_capacity, unsigned long growth_factor,
                      mpq_srcptr first_rate, mpq_srcptr tightening, mpz_srcptr n);

#ifdef __cplusplus
}
#endif

#endif
