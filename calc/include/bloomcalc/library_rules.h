/*
 * library_rules.h - "what would my library allocate?": the bits, hash count
 * and layout that well-known Bloom filter implementations choose for n
 * keys at a target rate p, each rule re-derived from its public source or
 * documentation, and the rate the resulting filter really has
 * (layouts.h).  The rules, the versions modelled and the references are
 * described in library_rules.c.
 */
#ifndef BLOOMCALC_LIBRARY_RULES_H
#define BLOOMCALC_LIBRARY_RULES_H

#include "export.h"

#include "certified.h"
#include "hash_width.h"
#include "layouts.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum bloom_rule_id {
    BLOOM_RULE_TEXTBOOK,
    BLOOM_RULE_GUAVA,
    BLOOM_RULE_GUAVA_31,
    BLOOM_RULE_BITS_AND_BLOOMS,
    BLOOM_RULE_LIBBLOOM,
    BLOOM_RULE_BLOOM_FILTERS,
    BLOOM_RULE_CASSANDRA,
    BLOOM_RULE_REDISBLOOM,
    BLOOM_RULE_REDISBLOOM_NONSCALING,
    BLOOM_RULE_ROCKSDB,
    BLOOM_RULE_ROCKSDB_RIBBON,
    BLOOM_RULE_PARQUET_MR,
    BLOOM_RULE_PARQUET_SPEC,
    BLOOM_RULE_LEVELDB,
    BLOOM_RULE_ROCKSDB_LEGACY,
    BLOOM_RULE_PARQUET_ARROW,
    BLOOM_RULE_COUNT
} bloom_rule_id;

/* What one rule allocates. */
typedef struct bloom_rule_sizing {
    const char *name;            /* "guava" */
    const char *version;         /* the version whose source was read */
    const char *description;     /* one sentence: the rule in words */
    mpz_t n;                     /* keys */
    mpz_t m_bits;                /* bits the probes address */
    mpz_t bytes;                 /* bytes allocated (with any metadata) */
    unsigned long k;             /* probes per key */
    bloom_layout_arguments layout;   /* the filter, pointing at n and m_bits (a Ribbon: the
                                        Bloom filter it replaces, for its k only) */
    const char *layout_name;     /* the layout's name, or "ribbon" */
    int hash_dependent;          /* a Ribbon whose size the first key's hash may move by one
                                    segment of 16 bytes (ribbon.h) */
    bloom_quantity rate;         /* the rate of the filter as deployed (points into this) */
    /* the rule's knob as its user types it (RocksDB's bits_per_key as the engine reads it,
     * millibits / 1000), when has_setting; setting_short: sized for p, but no setting meets p
     * (the setting is then the knob's largest) */
    int has_setting, setting_short;
    mpq_t setting;
    /* storage of `rate` for a Ribbon: its exact rate united with the 64-bit hash's collisions */
    mpq_t ribbon_rate;
    bloom_fingerprint_arguments fingerprint;
    bloom_quantity_pair ribbon_union;
} bloom_rule_sizing;

BLOOM_EXPORT void bloom_rule_sizing_init(bloom_rule_sizing *sizing);
BLOOM_EXPORT void bloom_rule_sizing_clear(bloom_rule_sizing *sizing);

/*
 * Applies rule `rule` to n keys and target rate p (0 < p < 1); a rule
 * whose knob is bits per key (bloom_rule_has_knob) at the smallest setting
 * that meets p (bloom_rule_setting_for_rate), which sizing->setting holds.
 * Returns
 * BLOOM_OK, BLOOM_UNDEFINED when the library itself refuses these
 * arguments (e.g. Cassandra below its table's smallest rate, 6.71e-5), or
 * BLOOM_UNRESOLVED.  The rate is sizing->rate (for a Bloom filter,
 * bloom_fpr_layout_quantity(&sizing->layout)); sizing must not be moved.
 */
BLOOM_EXPORT int bloom_rule_apply(bloom_rule_sizing *sizing, bloom_rule_id rule, mpz_srcptr n, mpq_srcptr p);

/*
 * The same for a rule whose native input is the bits per key c rather
 * than p (RocksDB's NewBloomFilterPolicy(c) and NewRibbonFilterPolicy(c):
 * BLOOM_RULE_ROCKSDB, BLOOM_RULE_ROCKSDB_RIBBON and BLOOM_RULE_ROCKSDB_LEGACY, which
 * takes the whole bits per key (millibits + 500) / 1000; LevelDB's
 * NewBloomFilterPolicy(int c): BLOOM_RULE_LEVELDB, which takes the int
 * floor(c)); BLOOM_UNDEFINED for the other rules.  bloom_rule_apply(rule,
 * n, p) is this at c = ln(1/p)/ln^2 2 for rocksdb-ribbon's Ribbon (up to
 * 950e6 keys; leveldb: its ceiling, a whole number), at the searched
 * setting for the filters bloom_rule_has_knob names.
 */
BLOOM_EXPORT int bloom_rule_apply_bits_per_key(bloom_rule_sizing *sizing, bloom_rule_id rule, mpz_srcptr n,
                                  mpq_srcptr c);

/* The same for a real c (an enclosure; e.g. Monkey's bits per key of an LSM
 * level), which the library is taken to receive as the double nearest it
 * (RocksDB's millibits: calc/src/library_rules.c).  A c below 1/2 is
 * refused (BLOOM_UNDEFINED: RocksDB builds no filter). */
BLOOM_EXPORT int bloom_rule_apply_bits_per_key_real(bloom_rule_sizing *sizing, bloom_rule_id rule, mpz_srcptr n,
                                       const bloom_quantity *c);

/* The filter NewRibbonFilterPolicy(c) builds at a flush, an L0 file's (its bloom_before_level,
 * 0 by default, makes flushes Bloom): NewBloomFilterPolicy(c)'s, for c given, or, with p, the
 * ln(1/p)/ln^2 2 the Ribbon is sized at.  Returns as bloom_rule_apply. */
BLOOM_EXPORT int bloom_rule_apply_ribbon_flush(bloom_rule_sizing *sizing, mpz_srcptr n, mpq_srcptr p,
                                               mpq_srcptr c);

/* Nonzero for the rules whose native input is bits per key (above). */
BLOOM_EXPORT int bloom_rule_takes_bits_per_key(bloom_rule_id rule);

/*
 * The smallest setting of the rule's knob (RocksDB's bits_per_key, in the
 * steps the engine distinguishes: thousandths of a bit) at which the filter
 * the rule builds for each of keys[0], ..., keys[count - 1] keys meets p:
 * its rate as deployed (sizing->rate) at most p; one setting for them all,
 * as an engine applies one setting to every filter (calc/FORMULAS.md §e.7).
 * *short_of_p = 0; when no setting meets p, the knob's largest setting and
 * *short_of_p = 1.  Returns BLOOM_OK, BLOOM_UNDEFINED for a rule without a
 * searched knob (bloom_rule_has_knob), or BLOOM_UNRESOLVED.
 */
BLOOM_EXPORT int bloom_rule_setting_for_rate(mpq_ptr setting, int *short_of_p, bloom_rule_id rule,
                                             const mpz_srcptr *keys, size_t count, mpq_srcptr p);

/* Nonzero for the rules bloom_rule_setting_for_rate searches (rocksdb, in thousandths;
 * rocksdb@legacy, in whole bits, the steps its builder tells apart); bloom_rule_apply sizes
 * them at that setting. */
BLOOM_EXPORT int bloom_rule_has_knob(bloom_rule_id rule);

/*
 * The names --library accepts, NULL-terminated: index 0 is "none", the
 * others name a rule (bloom_library_rule): guava (Guava 33), guava@33,
 * guava@31, bits-and-blooms, libbloom, bloom-filters, cassandra, redisbloom,
 * redisbloom-nonscaling, rocksdb, rocksdb-ribbon, parquet-mr, parquet-spec, parquet-arrow,
 * leveldb, rocksdb@legacy.
 */
BLOOM_EXPORT extern const char *const bloom_library_names[];

/* The rule of library `library` (an index into bloom_library_names, >= 1). */
BLOOM_EXPORT bloom_rule_id bloom_library_rule(int library);

/* Nonzero when library `library` (0: none) deploys a Ribbon for a description: rocksdb-ribbon
 * when no k was given (the library sized it as a Ribbon, k 0); with a k it is the Bloom filter
 * RocksDB falls back to, the shape of rocksdb. */
BLOOM_EXPORT int bloom_library_is_ribbon(int library, int k_given);

/*
 * The filter library `library` deploys, for a description: its layout,
 * block, memory rounding, hash and index widths (rules as in
 * library_rules.c), written into *shape (its other fields untouched).
 */
BLOOM_EXPORT void bloom_library_shape(bloom_layout_description *shape, int library);

/* The index arithmetic the rates model for library `library` (index_arithmetic.h): Guava's
 * for guava, guava@33 and guava@31, the reduction modulo m of 32-bit values for libbloom,
 * RocksDB's legacy in-line progressions for rocksdb@legacy,
 * else BLOOM_ARITHMETIC_UNIFORM. */
BLOOM_EXPORT int bloom_library_arithmetic(int library);

/*
 * Applies the library's caps to the rounded bits (RocksDB 0xffffffc0 bytes
 * of lines, parquet-mr 2^30 bits) and returns nonzero when the library
 * refuses the filter: Guava 0 bits, more than 2^31 - 1 words or more than
 * 255 hashes; libbloom fewer than 1000 or more than 2^31 - 1 keys, or 2^31
 * bits or more.
 */
BLOOM_EXPORT int bloom_library_cap_or_refuse(mpz_ptr allocated, int library, mpz_srcptr n, unsigned long k);

/* The bytes a library's filter carries beside its bits (RocksDB's 5 bytes of metadata, LevelDB's
 * 1 byte, its k, which ends the filter string; 0 for the others, whose serialised headers are
 * not part of the filter in memory). */
BLOOM_EXPORT unsigned long bloom_library_metadata_bytes(int library);

/*
 * When library `library` capped the one filter of n keys at its largest
 * (RocksDB at 0xffffffc0 bytes, parquet-mr at 2^30 bits: `allocated` bits
 * at that cap) or built another filter than the one asked (rocksdb-ribbon's
 * Bloom filter above 950e6 keys, `ribbon` 0), one sentence saying so and
 * naming the unit the engine really builds filters for; otherwise NULL.
 */
BLOOM_EXPORT const char *bloom_library_single_filter_note(int library, mpz_srcptr allocated, mpz_srcptr n,
                                                          int ribbon);

/* What the rates do not model of library `library`'s index arithmetic for a filter of m bits
 * and k probes (a sentence for a warning, static), or NULL: Guava's arithmetic progression
 * modulo 64 where its model does not apply (bloom_guava_model_applies), bloom-filters' 32-bit
 * probes above 2^32 bits, the dependence of libbloom's double-hashing probes (its reduction
 * of 32-bit values modulo m is modelled), LevelDB's and Cassandra's probes. */
BLOOM_EXPORT const char *bloom_library_unmodelled(int library, mpz_srcptr m, unsigned long k);

/* RocksDB FastLocalBloomImpl::ChooseNumProbes: probes for a budget in thousandths of a bit per key. */
BLOOM_EXPORT unsigned long bloom_rocksdb_probes(unsigned long millibits_per_key);

#ifdef __cplusplus
}
#endif

#endif
