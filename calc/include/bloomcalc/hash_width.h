/*
 * hash_width.h - what a finite hash does to a Bloom filter's rate.
 *
 *   fingerprint floor   every probe of a key is derived from one h-bit hash,
 *                       so a query whose hash equals a key's is a certain
 *                       false positive: 1 - (1 - 2^-h)^n  (about n / 2^h)
 *   truncated indices   probes computed in N-bit arithmetic reach only the
 *                       first 2^N bits: the filter works as one of
 *                       min(m, 2^N) bits, whatever it allocates
 *   combination         two causes treated as independent: r1 + r2 - r1 r2
 *
 * References: RocksDB util/bloom_impl.h, BloomMath::FingerprintFpRate and
 * IndependentProbabilitySum (facebook/rocksdb commit 0e0b530); FORMULAS.md §e.
 */
#ifndef BLOOMCALC_HASH_WIDTH_H
#define BLOOMCALC_HASH_WIDTH_H

#include "export.h"

#include "certified.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The keys and the width of the hash they share. */
typedef struct bloom_fingerprint_arguments {
    mpz_srcptr n;
    unsigned long hash_bits;   /* h >= 1 */
} bloom_fingerprint_arguments;

/* Encloses 1 - (1 - 2^-h)^n, evaluated as -expm1(n log1p(-2^-h)).
 * arguments is a const bloom_fingerprint_arguments *; BLOOM_UNDEFINED for h = 0. */
BLOOM_EXPORT int bloom_enclose_fingerprint_collision(mpfi_ptr result, const void *arguments);

/* Encloses left + right - left * right = 1 - (1 - left)(1 - right), the
 * probability of either of two independent events; arguments is a const
 * bloom_quantity_pair *. */
BLOOM_EXPORT int bloom_enclose_independent_union(mpfi_ptr result, const void *arguments);

/* rop = min(m, 2^index_bits), the bits N-bit indices reach (index_bits = 0: m). */
BLOOM_EXPORT void bloom_reachable_bits(mpz_ptr rop, mpz_srcptr m, unsigned long index_bits);

#ifdef __cplusplus
}
#endif

#endif
