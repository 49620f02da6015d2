/*
 * sizing.h - how many bits and hashes a Bloom filter needs for n keys at a
 * target false-positive rate p, and the inverses a planner needs.
 *
 *   bits per key c = -ln p / (ln 2)^2 = log2(1/p) / ln 2      (real optimal k)
 *   textbook figure  1.44 * log2(1/p)                        (1/ln 2 rounded)
 *   real optimal k = (m/n) ln 2
 *   bits per key for an integer k: c_k = -k / ln(1 - p^(1/k))
 *
 * Whole-number results (m, k, n) are chosen against the exact rate (fpr.h),
 * not the approximation, so a plan always meets its target.
 */
#ifndef BLOOMCALC_SIZING_H
#define BLOOMCALC_SIZING_H

#include "export.h"

#include "certified.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Arguments of the sizing quantities. */
typedef struct bloom_sizing_arguments {
    mpq_srcptr p;      /* target rate, 0 < p < 1 */
    unsigned long k;   /* hash count, for bits_per_key_for_hashes */
    mpz_srcptr n;      /* keys, for the quantities per filter */
    mpz_srcptr m;      /* bits, for optimal_hashes */
} bloom_sizing_arguments;

/* Enclose functions; arguments is a const bloom_sizing_arguments *. */
BLOOM_EXPORT int bloom_enclose_bits_per_key(mpfi_ptr result, const void *arguments);          /* -ln p/(ln 2)^2 */
BLOOM_EXPORT int bloom_enclose_bits_per_key_1_44(mpfi_ptr result, const void *arguments);     /* 1.44 log2(1/p) */
BLOOM_EXPORT int bloom_enclose_bits_per_key_gap(mpfi_ptr result, const void *arguments);      /* the first minus the second */
BLOOM_EXPORT int bloom_enclose_bits_per_key_lower_bound(mpfi_ptr result, const void *arguments); /* log2(1/p): Carter et al. 1978 */
BLOOM_EXPORT int bloom_enclose_bytes_gap(mpfi_ptr result, const void *arguments);             /* n * gap / 8 */
BLOOM_EXPORT int bloom_enclose_total_bits_real(mpfi_ptr result, const void *arguments);       /* n * bits per key */
BLOOM_EXPORT int bloom_enclose_optimal_hashes(mpfi_ptr result, const void *arguments);        /* (m/n) ln 2 */
BLOOM_EXPORT int bloom_enclose_bits_per_key_for_hashes(mpfi_ptr result, const void *arguments); /* -k/ln(1-p^(1/k)) */

/* MPFR-style entry points (correctly rounded, ternary value returned). */
BLOOM_EXPORT int bloom_bits_per_key(mpfr_ptr rop, mpq_srcptr p, mpfr_rnd_t rnd);
BLOOM_EXPORT int bloom_bits_per_key_1_44(mpfr_ptr rop, mpq_srcptr p, mpfr_rnd_t rnd);
BLOOM_EXPORT int bloom_optimal_hashes(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr n, mpfr_rnd_t rnd);

/* rop = ceil(n * bits per key): the textbook m.  Returns a bloom_status. */
BLOOM_EXPORT int bloom_total_bits(mpz_ptr rop, mpz_srcptr n, mpq_srcptr p);

/* rop = ceil(m / 8), the bytes m bits occupy. */
BLOOM_EXPORT void bloom_bytes_for_bits(mpz_ptr rop, mpz_srcptr m);

/* gigabytes = bytes / 10^9 (GB, SI) and gibibytes = bytes / 2^30 (GiB, IEC), exactly. */
BLOOM_EXPORT void bloom_memory_units(mpq_ptr gigabytes, mpq_ptr gibibytes, mpz_srcptr bytes);

/*
 * *k = the integer hash count with the lowest exact rate for m bits and n
 * keys among 1 .. BLOOM_MAX_HASHES; on a tie the smaller.  Certified by
 * branch and bound with Bloom's formula as the lower bound
 * (FORMULAS.md §l).  Returns a bloom_status: BLOOM_UNDEFINED when floor((m/n) ln 2) >=
 * BLOOM_MAX_HASHES (m/n >= 1000/ln 2 = 1442.7 bits a key), or when the best
 * is the limit itself and the bound does not rule out larger counts: the
 * best count could lie above the limit, never silently clamped.
 */
BLOOM_EXPORT int bloom_best_hashes(unsigned long *k, mpz_srcptr m, mpz_srcptr n);

/*
 * rop = the smallest m whose exact rate with n keys is at most p, and *k
 * the hash count: `fixed_k` if nonzero, otherwise the best k at that m
 * (bloom_best_hashes: the lowest exact rate there, which meets p since
 * some k does).  Returns a
 * bloom_status (BLOOM_UNDEFINED if the target cannot be met, n = 0).
 */
BLOOM_EXPORT int bloom_smallest_bits_meeting(mpz_ptr rop, unsigned long *k, mpz_srcptr n,
                                mpq_srcptr p, unsigned long fixed_k);

/*
 * rop = the largest n whose exact rate in m bits is at most p, and *k the
 * hash count (fixed_k if nonzero, otherwise bloom_best_hashes for m and
 * that n).  rop is 0 if even one key
 * misses the target.  Returns a bloom_status.
 */
BLOOM_EXPORT int bloom_largest_keys_meeting(mpz_ptr rop, unsigned long *k, mpz_srcptr m,
                               mpq_srcptr p, unsigned long fixed_k);

/*
 * rop = the largest n whose exact rate in m bits with k hashes is at most
 * `bound` (a certified quantity: 2p, or ten times a filter's own rate):
 * how many keys the filter takes before its rate passes the bound; 0 if
 * even one key does.  Found by galloping and bisection on the certified
 * comparison of the exact rate (increasing in n) with the bound, from
 * where the approximation meets it.  Returns a bloom_status:
 * BLOOM_UNDEFINED when the bound is 1 or more (no n passes it).
 */
BLOOM_EXPORT int bloom_largest_keys_within(mpz_ptr rop, mpz_srcptr m, unsigned long k,
                              const bloom_quantity *bound);

/*
 * The same for another filter's rate as a function of its keys (a layout,
 * a library's filter as deployed): rate_at(&rate, n, context) sets *rate to
 * the rate with n keys (valid until its next call) and returns a
 * bloom_status.  The rate must not decrease as n grows; the search starts
 * at `from` when it is not NULL (at least 1: a count near the answer, such
 * as the keys the filter was planned for), else where the standard filter's
 * approximation meets the bound, which for a blocked filter of many probes
 * can be thousands of times the answer (plan -n 1e3 -m 1e9 -k 1000 --layout
 * blocked: 3.7e6 against 1000, 88 evaluations).  A few secant steps on
 * approximate rates first move the start next to the answer; the certified
 * search then finds the same answer from there with fewer comparisons.
 */
typedef int (*bloom_keys_rate)(bloom_quantity *rate, mpz_srcptr n, void *context);
BLOOM_EXPORT int bloom_largest_keys_within_rate(mpz_ptr rop, bloom_keys_rate rate_at, void *context, mpz_srcptr from,
                                   mpz_srcptr m, unsigned long k, const bloom_quantity *bound);

/* A filter given by its bits per key c: n = m / c, or m = n c, each rounded
 * to the nearest whole number (ties to even).  Return nonzero when that is
 * 0 (the result is then 0, never raised to 1: callers refuse such input). */
BLOOM_EXPORT int bloom_keys_for_bits_per_key(mpz_ptr n, mpz_srcptr m, mpq_srcptr bits_per_key);
BLOOM_EXPORT int bloom_bits_for_bits_per_key(mpz_ptr m, mpz_srcptr n, mpq_srcptr bits_per_key);

#ifdef __cplusplus
}
#endif

#endif
