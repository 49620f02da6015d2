/*
 * rocksdb_legacy.h - the false-positive rate of RocksDB's legacy Bloom
 * filter (format_version <= 4, LegacyLocalityBloomImpl<false> of
 * util/bloom_impl.h): one 32-bit hash h picks the cache line h mod L of L
 * 512-bit lines and the k probes (h + i delta) mod 512 within it, delta = h
 * rotated right by 17 bits, so a key's probes in its line are the
 * arithmetic progression of start h mod 512 and step bits 17..25 of h
 * (FORMULAS.md §e.8).
 *
 * The rate mixes the line's load, Binomial(n, 1/L), with the exact
 * inclusion-exclusion over the query's progression against the 2^18
 * progressions a key may have, taking the line and the progression of a
 * key as independent and uniform (what the 32-bit hash gives up is said in
 * library_rules.c's warning).  The mixture is computed for k up to
 * BLOOM_ROCKSDB_LEGACY_MAX_PROBES.
 */
#ifndef BLOOMCALC_ROCKSDB_LEGACY_H
#define BLOOMCALC_ROCKSDB_LEGACY_H

#include "export.h"

#include "layout_rates.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most probes the mixture is computed for (whole bits per key up to 18 choose at most 12). */
#define BLOOM_ROCKSDB_LEGACY_MAX_PROBES 12UL

/* Nonzero when the legacy model is computed for this filter: 512-bit lines, at least one line,
 * 1 <= k <= BLOOM_ROCKSDB_LEGACY_MAX_PROBES. */
BLOOM_EXPORT int bloom_rocksdb_legacy_model_applies(const bloom_blocked_arguments *filter);

/*
 * Enclose function (certified.h), arguments a const bloom_blocked_arguments *
 * (block_bits 512, m a multiple of 512): the rate of §e.8, without the
 * 32-bit hash's own collisions (layouts.c unites them).  BLOOM_UNDEFINED where
 * bloom_rocksdb_legacy_model_applies is 0.  The mixture of each k (independent
 * of m and n) and the rates are kept for the calling thread, freed by
 * bloom_fpr_free_cache (fpr.h).
 */
BLOOM_EXPORT int bloom_enclose_fpr_rocksdb_legacy(mpfi_ptr result, const void *arguments);

/*
 * Enclose function (certified.h), arguments as bloom_enclose_fpr_rocksdb_legacy's:
 * result = an enclosure of (1/512) (1 - (1 - h/(2^18 L))^n), h the key progressions through one
 * bit: the term of the query step 0, which probes one bit, alone, and so a lower bound of the
 * rate of bloom_enclose_fpr_rocksdb_legacy (every other step's term is a probability, at least
 * 0).  One power where the rate sums thousands: a search for p far below it skips the sum.
 * BLOOM_UNDEFINED where bloom_rocksdb_legacy_model_applies is 0.
 */
BLOOM_EXPORT int bloom_rocksdb_legacy_rate_floor(mpfi_ptr result, const void *arguments);

#ifdef __cplusplus
}
#endif

#endif
