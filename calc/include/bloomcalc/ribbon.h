/*
 * ribbon.h - the size and the rate of RocksDB's Standard128Ribbon filter
 * (NewRibbonFilterPolicy), re-derived in exact and certified arithmetic
 * from RocksDB 7.8's util/ribbon_config.cc, util/ribbon_impl.h and
 * table/block_based/filter_policy.cc (the source is described in words in
 * ribbon.c; FORMULAS.md §m).
 *
 * A Ribbon filter of n keys has `slots` rows of 128-bit coefficients; its
 * solution stores r result bits per slot, r = lower_columns for the blocks
 * of 128 slots below upper_start_block and lower_columns + 1 from there.  A
 * key not in the set is a false positive when its r result bits match,
 * probability 2^-r, so the rate is the share of query start positions in
 * each kind of block times 2^-r (plus the collisions of the 64-bit hash,
 * which the caller adds).
 */
#ifndef BLOOMCALC_RIBBON_H
#define BLOOMCALC_RIBBON_H

#include "export.h"

#include "certified.h"

#ifdef __cplusplus
extern "C" {
#endif

/* RocksDB builds a Bloom filter instead above this many keys (kMaxRibbonEntries). */
#define BLOOM_RIBBON_MAX_KEYS 950000000UL

typedef struct bloom_ribbon_sizing {
    unsigned long millibits;          /* round(1000 c): the Bloom-equivalent bits per key */
    unsigned long probes;             /* the FastLocalBloom probes of those millibits */
    unsigned long slots;              /* num_slots, a multiple of 128 */
    unsigned long lower_columns;      /* result bits per slot below upper_start_block */
    unsigned long upper_start_block;  /* the first block of 128 slots with one bit more */
    int hash_dependent;               /* upper_start_block is this or one less, as the
                                         first key's hash decides (ribbon.c) */
    mpz_t bytes;                      /* bytes of the solution, without the 5 of metadata */
} bloom_ribbon_sizing;

BLOOM_EXPORT void bloom_ribbon_sizing_init(bloom_ribbon_sizing *sizing);
BLOOM_EXPORT void bloom_ribbon_sizing_clear(bloom_ribbon_sizing *sizing);

/*
 * The Ribbon that NewRibbonFilterPolicy(c) builds for n keys, c the
 * requested bits per key (a quantity, real or exact) and millibits its
 * round(1000 c) (the caller's certified rounding).  Returns BLOOM_OK,
 * BLOOM_UNDEFINED for n = 0, n > BLOOM_RIBBON_MAX_KEYS (RocksDB then
 * builds its Bloom filter) or c outside [1, 100] (RocksDB clamps it there
 * first: library_rules.c passes the clamped c),
 * or BLOOM_UNRESOLVED.
 */
BLOOM_EXPORT int bloom_ribbon_size(bloom_ribbon_sizing *rop, mpz_srcptr n, const bloom_quantity *bits_per_key,
                      unsigned long millibits);

/*
 * The slots RocksDB gives n keys (GetNumSlots, step 2 of ribbon.c): a
 * multiple of 128, at least 256.  Returns BLOOM_OK, BLOOM_UNDEFINED for n
 * = 0 or n > BLOOM_RIBBON_MAX_KEYS, or BLOOM_UNRESOLVED.
 */
BLOOM_EXPORT int bloom_ribbon_slots(unsigned long *slots, mpz_srcptr n);

/*
 * The columns a Ribbon of `slots` slots stored in `bits` bits has, as
 * RocksDB's reader derives them from the filter's length
 * (InterleavedSolutionStorage: S = bits/128 segments of 16 bytes over
 * blocks = slots/128 blocks; upper columns u = ceil(S/blocks), the first
 * u blocks - S blocks with u - 1): rop's slots, lower_columns and
 * upper_start_block (its other fields untouched).  For the bits
 * bloom_ribbon_size chose this gives back its columns.  Returns BLOOM_OK,
 * or BLOOM_UNDEFINED when bits is not a positive multiple of 128 or gives
 * more than 32 columns (RocksDB's 32-bit result rows).
 */
BLOOM_EXPORT int bloom_ribbon_columns_of_bits(bloom_ribbon_sizing *rop, unsigned long slots, mpz_srcptr bits);

/* The rate of that Ribbon with an ideal hash, exactly: a share s of the
 * query starts in the blocks of lower_columns bits, s 2^-r + (1 - s) 2^-(r+1). */
BLOOM_EXPORT void bloom_ribbon_rate(mpq_ptr rop, const bloom_ribbon_sizing *sizing);

#ifdef __cplusplus
}
#endif

#endif
