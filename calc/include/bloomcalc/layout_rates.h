/*
 * layout_rates.h - false-positive rates of the filter layouts deployed
 * libraries use instead of one flat bit array:
 *
 *   partitioned  k slices, one probe per slice                (Kirsch-Mitzenmacher; FORMULAS.md §a.6)
 *   blocked      each key's k probes inside one block of B bits (Putze, Sanders, Singler 2007)
 *   split block  B-bit blocks of k words of B/k bits, one probe
 *                per word (Impala, Kudu, Parquet's SBBF)
 *
 * Each is an enclose function (certified.h) on its own argument block.  The
 * block load, the number of keys in the query's block, is binomial
 * Binomial(n, 1/b) for b blocks (exact) or Poisson(n/b) (the limit of many
 * blocks, used by the papers and by RocksDB's estimates); both mixtures are
 * summed in closed form through the load's probability generating function
 * (FORMULAS.md §e), never by truncated sums.
 */
#ifndef BLOOMCALC_LAYOUT_RATES_H
#define BLOOMCALC_LAYOUT_RATES_H

#include "export.h"

#include "certified.h"
#include "fpr.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Partitioned filter: arguments is a const bloom_fpr_arguments * (m, n, k;
 * query_probes ignored).  The m bits are cut into k slices as equal as
 * possible (m mod k slices of ceil(m/k) bits, the others floor(m/k)); each
 * key sets one uniform bit per slice, so the slices are independent and
 *
 *     p = prod over slices s of (1 - (1 - 1/s)^n)     (= (1 - (1 - k/m)^n)^k when k | m).
 *
 * BLOOM_UNDEFINED when m < k (a slice would be empty).
 */
BLOOM_EXPORT int bloom_enclose_fpr_partitioned(mpfi_ptr result, const void *arguments);

/* The same as a reduced fraction when n k bits(m) <= BLOOM_RATIONAL_LIMIT_BITS, else BLOOM_UNDEFINED. */
BLOOM_EXPORT int bloom_exact_fpr_partitioned(mpq_ptr result, const void *arguments);

/* How the number of keys in one block is distributed. */
typedef enum bloom_block_load {
    BLOOM_LOAD_BINOMIAL,   /* Binomial(n, 1/b): exact for b blocks */
    BLOOM_LOAD_POISSON     /* Poisson(n/b): the many-blocks limit */
} bloom_block_load;

/* A blocked or split-block filter. */
typedef struct bloom_blocked_arguments {
    mpz_srcptr m;               /* bits; the filter has b = floor(m / block_bits) blocks */
    mpz_srcptr n;               /* keys */
    unsigned long k;            /* probes per key (split block: words per block) */
    unsigned long block_bits;   /* B */
    bloom_block_load load;
} bloom_blocked_arguments;

/*
 * Blocked filter, exact inner rate: each key picks one of the b blocks
 * uniformly and sets k independent uniform bits in it; a query probes k
 * bits of its own block.  With I the load of the query's block and G its
 * generating function,
 *
 *     p = sum_{j=1..k} (B)_j S(k,j) / B^k  sum_{l=0..j} (-1)^l C(j,l) G((1 - l/B)^k)
 *
 * (the exact rate of fpr.h with (1 - l/B)^(k i) averaged over I = i).
 * BLOOM_UNDEFINED when m < B, B = 0, k = 0 or k > BLOOM_MAX_HASHES.
 */
BLOOM_EXPORT int bloom_enclose_fpr_blocked(mpfi_ptr result, const void *arguments);

/*
 * Blocked filter as Putze, Sanders and Singler evaluate it: the inner rate
 * by Bloom's formula (1 - (1 - 1/B)^(k i))^k, mixed over the load:
 *
 *     p = sum_{j=0..k} (-1)^j C(k,j) G((1 - 1/B)^(k j)).
 *
 * With the Poisson load this is the published figure (0.957121 % at 10
 * bits per key, k = 7, B = 512).
 */
BLOOM_EXPORT int bloom_enclose_fpr_blocked_putze(mpfi_ptr result, const void *arguments);

/*
 * Split-block filter: blocks of B bits made of k words of w = B/k bits;
 * each key sets one uniform bit in every word of its block, so with i keys
 * in the block the rate is exactly (1 - (1 - 1/w)^i)^k and
 *
 *     p = sum_{j=0..k} (-1)^j C(k,j) G((1 - 1/w)^j).
 *
 * Parquet: B = 256, k = 8, w = 32.  BLOOM_UNDEFINED when k does not divide
 * B or m < B.
 */
BLOOM_EXPORT int bloom_enclose_fpr_split_block(mpfi_ptr result, const void *arguments);

#ifdef __cplusplus
}
#endif

#endif
