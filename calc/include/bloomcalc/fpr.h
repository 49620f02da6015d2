/*
 * fpr.h - false-positive rate of a standard Bloom filter of m bits holding
 * n keys with k probes per key, in three forms:
 *
 *   approx  (1 - e^(-kn/m))^k                      the exponential approximation
 *   bloom   (1 - (1 - 1/m)^(kn))^k                 Bloom's formula: a lower bound
 *   exact   E[(X/m)^k], X the number of set bits   under independent uniform probes
 *
 * with p_approx < p_bloom <= p_exact (Jensen).  See fpr.c for the derivation
 * of the O(k^2) form of the exact rate and its references.
 */
#ifndef BLOOMCALC_FPR_H
#define BLOOMCALC_FPR_H

#include "export.h"

#include "certified.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The filter a rate is asked about.  m >= 1 bits, n >= 0 keys, k >= 1
 * probes per inserted key, query_probes >= 1 probes per query (0 means k).
 * Letting the query use j != k probes gives the moments of a built filter's
 * own rate: E[(X/m)^j], e.g. j = 2k for its variance.
 */
typedef struct bloom_fpr_arguments {
    mpz_srcptr m;
    mpz_srcptr n;
    unsigned long k;
    unsigned long query_probes;
} bloom_fpr_arguments;

/* Largest k and query_probes the rates accept is BLOOM_MAX_RATE_PROBES
 * (bloom_limits.h), twice the commands' limit of k: the exact rate's cost
 * is O(j^2). */

/* Enclose functions (certified.h); arguments is a const bloom_fpr_arguments *.
 * They return BLOOM_UNDEFINED when m < 1, n < 0, k < 1, or k or
 * query_probes > BLOOM_MAX_RATE_PROBES. */
BLOOM_EXPORT int bloom_enclose_fpr_approx(mpfi_ptr result, const void *arguments);
BLOOM_EXPORT int bloom_enclose_fpr_bloom(mpfi_ptr result, const void *arguments);
BLOOM_EXPORT int bloom_enclose_fpr_exact(mpfi_ptr result, const void *arguments);

/*
 * The exact rate when every probe is uniform on 0 .. 2^w - 1 and then reduced
 * modulo m (m <= 2^w, w = index_range_bits >= 1), as libbloom's (a + i b)
 * mod 2^32 mod m is: the 2^w mod m lowest bits are each hit with weight
 * (q + 1)/2^w and the others with q/2^w, q = floor(2^w/m), and the probes
 * are independent (FORMULAS.md §m.6).  The same engine and forms as
 * bloom_enclose_fpr_exact, which it equals when m divides 2^w; the exact
 * function gives the fraction when j (n + 1) (w + 1) fits the limit.
 * BLOOM_UNDEFINED as bloom_enclose_fpr_exact, and when m > 2^w or w = 0.
 */
typedef struct bloom_fpr_modulo_arguments {
    bloom_fpr_arguments filter;
    unsigned long index_range_bits;
} bloom_fpr_modulo_arguments;
BLOOM_EXPORT int bloom_enclose_fpr_modulo(mpfi_ptr result, const void *arguments);
BLOOM_EXPORT int bloom_exact_fpr_modulo(mpq_ptr result, const void *arguments);

/*
 * The relative error of an approximation against the exact rate,
 * rate'/rate - 1 (rate' Bloom's formula when bloom_formula, else the
 * exponential approximation), as an enclose function whose arguments are a
 * const bloom_fpr_comparison *.  On saturated filters (kn >= m) it is
 * computed from the complements 1 - rate, so it costs no more precision
 * than the relative error's own digits however close the rates are to 1.
 */
typedef struct bloom_fpr_comparison {
    const bloom_fpr_arguments *filter;
    int bloom_formula;
} bloom_fpr_comparison;
BLOOM_EXPORT int bloom_enclose_fpr_relative_error(mpfi_ptr result, const void *arguments);
/* Its exact value, a fraction, for Bloom's formula when both rates are feasible fractions. */
BLOOM_EXPORT int bloom_exact_fpr_relative_error(mpq_ptr result, const void *arguments);

/* Exact functions (certified.h): the rate as a fraction when it is small
 * enough (see bloom_fpr_exact_rational_feasible, with the larger of k and
 * query_probes in place of k), else BLOOM_UNDEFINED.  They honour
 * query_probes, so the moments E[(X/m)^j] have exact values too. */
BLOOM_EXPORT int bloom_exact_fpr_bloom(mpq_ptr result, const void *arguments);
BLOOM_EXPORT int bloom_exact_fpr_exact(mpq_ptr result, const void *arguments);

/* The three rates of a filter as quantities (enclose and exact functions
 * wired together); `arguments` must outlive the quantity. */
BLOOM_EXPORT bloom_quantity bloom_fpr_approx_quantity(const bloom_fpr_arguments *arguments);
BLOOM_EXPORT bloom_quantity bloom_fpr_bloom_quantity(const bloom_fpr_arguments *arguments);
BLOOM_EXPORT bloom_quantity bloom_fpr_exact_quantity(const bloom_fpr_arguments *arguments);

/*
 * MPFR-style entry points: rop = the rate correctly rounded in direction
 * rnd at the precision of rop.  Return the ternary value (sign of rop minus
 * the exact rate); rop is NaN if the arguments are outside the ranges above.
 */
BLOOM_EXPORT int bloom_fpr_approx(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr n, unsigned long k, mpfr_rnd_t rnd);
BLOOM_EXPORT int bloom_fpr_bloom(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr n, unsigned long k, mpfr_rnd_t rnd);
BLOOM_EXPORT int bloom_fpr_exact(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr n, unsigned long k, mpfr_rnd_t rnd);

/*
 * Nonzero when Bloom's formula equals the exact rate: k = 1 (a single probe
 * sees the fill directly) or m = 1 (every probe hits the one bit).  Jensen's
 * inequality is strict otherwise (FORMULAS.md §a.3).  Interval refinement
 * cannot certify the digits of a relative error that is exactly 0, so a
 * caller asks this first.
 */
BLOOM_EXPORT int bloom_fpr_bloom_is_exact(mpz_srcptr m, unsigned long k);

/*
 * The core of the exact rate, shared with the layouts built from small
 * standard filters (layout_rates.h): sum = m^j times the probability that a
 * query of j = `probes` independent uniform probes into m bits finds every
 * probed bit set, given empty[l] = the probability that l given bits all
 * stay empty, for l = 0..min(j, m):
 *
 *     sum = sum_{i=1..min(j,m)} (m)_i S(j,i) sum_{l=0..i} (-1)^l C(i,l) empty[l].
 *
 * `empty` (min(j, m) + 1 intervals) is overwritten.  The alternating sums
 * cancel: the caller gives `sum` enough precision (about j log2(2/f) bits
 * more than wanted, f the fill).
 */
BLOOM_EXPORT void bloom_fpr_probe_sum(mpfi_ptr sum, mpz_srcptr m, unsigned long probes, mpfi_t *empty);

/* bloom_enclose_fpr_exact works this many bits beyond its result's precision. */
#define BLOOM_EXACT_RATE_INNER_BITS 32

/* The largest denominator bloom_fpr_exact_rational accepts has
 * BLOOM_RATIONAL_LIMIT_BITS bits (bloom_limits.h). */

/*
 * Nonzero when the exact rate is small enough to be computed as a fraction:
 * k (n + 1) b <= BLOOM_RATIONAL_LIMIT_BITS, where b is the bit length of m
 * (mpz_sizeinbase(m, 2)), an upper bound on the size of its denominator
 * m^(k(n+1)).
 */
BLOOM_EXPORT int bloom_fpr_exact_rational_feasible(mpz_srcptr m, mpz_srcptr n, unsigned long k);

/*
 * rop = the exact rate as a reduced fraction.  Returns BLOOM_OK, or
 * BLOOM_UNDEFINED if the arguments are out of range or the fraction is
 * not feasible; rop is then left unchanged.
 */
BLOOM_EXPORT int bloom_fpr_exact_rational(mpq_ptr rop, mpz_srcptr m, mpz_srcptr n, unsigned long k);

/*
 * The exact rates already enclosed are kept (and Guava's,
 * index_arithmetic.h, RocksDB's legacy filter's, rocksdb_legacy.h, and the
 * blocked filters' exact inner rates, layout_rates.h), the last 256 (m, n, k, j) the calling thread asked for, so that a rate asked again (each field of a
 * row, a search's neighbourhood of k) costs a lookup; an enclosure kept at
 * more precision than asked, rounded outward, still encloses, so no answer
 * depends on it.  So are the Stirling numbers S(j, i) of their weights, up
 * to the largest j asked (at most 256: about 4 MB), and the legacy
 * filter's inclusion-exclusion mixtures (one a k, at most 12: about
 * 100 kB).  This frees the
 * calling thread's (called beside mpfr_free_cache and bloom_guava_free_cache).
 */
BLOOM_EXPORT void bloom_fpr_free_cache(void);

#ifdef __cplusplus
}
#endif

#endif
