/*
 * structures.h - bits per key of approximate-membership structures at a
 * target false-positive rate p, and the counter overflow of a counting
 * Bloom filter.
 *
 * Bits per key, L = log2(1/p) (FORMULAS.md §g):
 *   floor (any structure)    L                       exact lower bound (Carter et al. 1978)
 *   Bloom, real k            L / ln 2                exact for the exponential approximation
 *   counting Bloom, c bits   c L / ln 2              (Fan et al. 2000)
 *   cuckoo, 4-way buckets    (L + 3) / 0.955         approximate (Fan et al. 2014)
 *   cuckoo, semi-sorted      (L + 2) / 0.955         approximate
 *   xor                      1.23 L                  approximate (Graf and Lemire 2020)
 *   xor, whole fingerprints  1.23 ceil(L)            what implementations store
 *   binary fuse, 3-wise      1.125 L                 approximate (Graf and Lemire 2022)
 *   binary fuse, 4-wise      1.075 L                 approximate
 *   ribbon, 1 % overhead     1.01 L                  approximate (Dillinger and Walzer 2021)
 *
 * Counting Bloom filter overflow (FORMULAS.md §f): m counters of c bits, kn
 * increments, a counter's value Binomial(kn, 1/m); it overflows at
 * j = 2^c.  P(some counter >= j) lies between the Bonferroni bounds
 * S1 - S2 and S1, S1 = m P(C1 >= j), S2 = C(m,2) P(C1 >= j, C2 >= j);
 * being a probability it also lies in [0, 1], so the bounds returned are
 * max(0, S1 - S2) and min(1, S1).  With fewer increments than j (kn < 2^c)
 * no counter can overflow: every overflow quantity is exactly 0.
 */
#ifndef BLOOMCALC_STRUCTURES_H
#define BLOOMCALC_STRUCTURES_H

#include "export.h"

#include "certified.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One row of the table above. */
typedef struct bloom_structure {
    const char *name;
    const char *status;          /* "exact" or "approximate" */
    const char *reference;
    const char *scale;           /* bits per key = (scale L' + offset) / load, L' = L or ceil(L) */
    const char *offset;
    const char *load;
    int whole_fingerprints;      /* L' = ceil(L) */
    int over_ln2;                /* divide by ln 2 (Bloom filters) */
    int per_counter_bit;         /* multiply by the counter bits c (counting Bloom filter) */
} bloom_structure;

BLOOM_EXPORT extern const bloom_structure bloom_structures[];
BLOOM_EXPORT extern const size_t bloom_structure_count;

/* The bits per key of a structure at rate p (counter_bits: c of a counting filter, 1..6). */
typedef struct bloom_structure_arguments {
    const bloom_structure *structure;
    mpq_srcptr p;
    unsigned long counter_bits;
} bloom_structure_arguments;
BLOOM_EXPORT int bloom_enclose_structure_bits_per_key(mpfi_ptr result, const void *arguments);
/* Its exact value when rational: whole-bit fingerprints, or p = 2^-a
 * without the 1/ln 2 of the Bloom rows; BLOOM_UNDEFINED otherwise. */
BLOOM_EXPORT int bloom_exact_structure_bits_per_key(mpq_ptr result, const void *arguments);

/* A counting Bloom filter: m counters of counter_bits bits, n keys, k increments per key. */
typedef struct bloom_counting_arguments {
    mpz_srcptr m;
    mpz_srcptr n;
    unsigned long k;
    unsigned long counter_bits;  /* 1..6: overflow at 2^counter_bits */
} bloom_counting_arguments;

/* Enclose functions; arguments is a const bloom_counting_arguments *. */
BLOOM_EXPORT int bloom_enclose_counter_overflow_one(mpfi_ptr result, const void *arguments);   /* P(C1 >= j) */
BLOOM_EXPORT int bloom_enclose_counter_overflow_upper(mpfi_ptr result, const void *arguments); /* S1 */
BLOOM_EXPORT int bloom_enclose_counter_overflow_lower(mpfi_ptr result, const void *arguments); /* S1 - S2 */
BLOOM_EXPORT int bloom_enclose_counter_overflow_fan(mpfi_ptr result, const void *arguments);   /* m (e k n/(j m))^j */

#ifdef __cplusplus
}
#endif

#endif
