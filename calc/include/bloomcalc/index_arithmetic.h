/*
 * index_arithmetic.h - the false-positive rate of a standard filter whose
 * probes are Guava's index arithmetic (BloomFilterStrategies.MURMUR128_MITZ_64):
 * probe i of a key is bit ((h1 + i h2) mod 2^63) mod m, i = 0..k-1, with m a
 * multiple of 64 and h1, h2 ideal 63-bit hash values (FORMULAS.md §q).
 *
 * The rate is an exact finite mixture over the carry cells of (h1, h2)
 * (index_arithmetic.c); its size grows with m, k and the cells, so the model
 * is applied only within its size limit, BLOOM_GUAVA_MODEL_SIZE_LIMIT (bloom_limits.h):
 * bloom_guava_model_applies says where.
 */
#ifndef BLOOMCALC_INDEX_ARITHMETIC_H
#define BLOOMCALC_INDEX_ARITHMETIC_H

#include "export.h"

#include "fpr.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How a library's probes are derived from its hash (bloom_layout_arguments.arithmetic). */
typedef enum bloom_index_arithmetic {
    BLOOM_ARITHMETIC_UNIFORM = 0,   /* the layout's own model (independent uniform probes) */
    BLOOM_ARITHMETIC_GUAVA,         /* ((h1 + i h2) mod 2^63) mod m, m a multiple of 64 */
    BLOOM_ARITHMETIC_MODULO_2_32,   /* a value uniform below 2^32, reduced modulo m (libbloom's
                                     * (a + i b) mod 2^32 mod m): the rate of independent probes
                                     * of the two weights this gives (bloom_enclose_fpr_modulo,
                                     * fpr.h; FORMULAS.md §m.6) */
    BLOOM_ARITHMETIC_ROCKSDB_LEGACY /* line h mod L, probes (h + i rot17(h)) mod 512 in it
                                     * (rocksdb_legacy.h; a blocked layout of 512-bit lines) */
} bloom_index_arithmetic;

/* The range BLOOM_ARITHMETIC_MODULO_2_32's values are reduced from: 2^32. */
#define BLOOM_MODULO_RANGE_BITS 32

/*
 * Nonzero when the Guava model is computed for m bits and k probes: m a
 * multiple of 64 below 2^32, 1 <= k <= BLOOM_GUAVA_MODEL_MAX_HASHES, and the
 * model's size (subsets of probe patterns) at most
 * BLOOM_GUAVA_MODEL_SIZE_LIMIT.  Elsewhere a Guava filter's rate is the
 * independent-probe rate.
 */
BLOOM_EXPORT int bloom_guava_model_applies(mpz_srcptr m, unsigned long k);

/*
 * Enclose function (certified.h), arguments a const bloom_fpr_arguments *
 * (query_probes 0): the exact rate of the carry-cell mixture (§q: (h1, h2)
 * mod m uniform and independent of (h1, h2)/2^63 uniform on the unit
 * square).  BLOOM_UNDEFINED where bloom_guava_model_applies is 0.
 * The mixtures (independent of n) of the last four (m, k) are kept, and
 * the rates with the exact rates (bloom_fpr_free_cache, fpr.h), so that
 * refinements, searches over n and the levels of a tree do not recompute
 * them.
 */
BLOOM_EXPORT int bloom_enclose_fpr_guava(mpfi_ptr result, const void *arguments);

/* Frees the mixtures bloom_enclose_fpr_guava keeps for the calling thread (each
 * thread keeps its own, as MPFR's caches are; called beside mpfr_free_cache). */
BLOOM_EXPORT void bloom_guava_free_cache(void);

/*
 * rop = an upper bound on |rate of Guava's integer arithmetic - the mixture's
 * rate| for n keys (§q.3): (n + 1) * 2 * cells * m / 2^63, cells the carry
 * cells of k.  BLOOM_UNDEFINED where the model does not apply.
 */
BLOOM_EXPORT int bloom_guava_discretisation_bound(mpq_ptr rop, mpz_srcptr m, mpz_srcptr n, unsigned long k);

#ifdef __cplusplus
}
#endif

#endif
