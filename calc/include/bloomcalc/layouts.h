/*
 * layouts.h - the false-positive rate of a Bloom filter as deployed: its
 * layout (standard, partitioned, blocked, split block), the memory its
 * library really allocates, and the width of the hash and of the indices
 * its probes come from.  This is the prediction bloomsim compares a built
 * filter with: fill a bloom_layout_arguments and call
 * bloom_enclose_fpr_layout (or round bloom_fpr_layout_quantity).
 *
 *   fpr_layout = union(layout rate at min(m, 2^index_bits) bits,
 *                      fingerprint floor 1 - (1 - 2^-hash_bits)^n)
 *
 * (hash_width.h for the two width effects, layout_rates.h for the layouts.)
 */
#ifndef BLOOMCALC_LAYOUTS_H
#define BLOOMCALC_LAYOUTS_H

#include "certified.h"
#include "layout_rates.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum bloom_layout_kind {
    BLOOM_LAYOUT_STANDARD,      /* one array, k independent uniform probes (fpr.h exact rate) */
    BLOOM_LAYOUT_PARTITIONED,   /* k slices, one probe each */
    BLOOM_LAYOUT_BLOCKED,       /* k probes inside one block of block_bits */
    BLOOM_LAYOUT_SPLIT_BLOCK    /* one probe in each of the k words of a block */
} bloom_layout_kind;

/* "standard", "partitioned", "blocked", "split-block", NULL (in kind order). */
extern const char *const bloom_layout_names[];

/* Block sizes: a 64-byte cache line, and Parquet's 256-bit block of eight 32-bit words. */
#define BLOOM_DEFAULT_BLOCK_BITS 512UL
#define BLOOM_SPLIT_BLOCK_BITS 256UL
#define BLOOM_SPLIT_BLOCK_WORDS 8UL

/* How a library rounds the bits it allocates. */
typedef enum bloom_rounding {
    BLOOM_ROUND_NONE,     /* exactly m bits */
    BLOOM_ROUND_BYTE,     /* a multiple of 8 */
    BLOOM_ROUND_WORD64,   /* a multiple of 64 (an array of 64-bit words) */
    BLOOM_ROUND_POW2,     /* the next power of two (index by mask) */
    BLOOM_ROUND_BLOCK     /* a multiple of the block size */
} bloom_rounding;

/* "none", "byte", "word64", "pow2", "block", NULL (in rounding order). */
extern const char *const bloom_rounding_names[];

/* rop = the smallest count of bits >= m allowed by `rounding` (block: a multiple of block_bits). */
void bloom_round_bits(mpz_ptr rop, mpz_srcptr m, bloom_rounding rounding, unsigned long block_bits);

/* A deployed filter. */
typedef struct bloom_layout_arguments {
    bloom_layout_kind kind;
    mpz_srcptr m;                /* bits allocated (after any rounding) */
    mpz_srcptr n;                /* keys */
    unsigned long k;             /* probes per key; split block: words per block */
    unsigned long block_bits;    /* blocked and split block */
    bloom_block_load load;       /* blocked and split block: BLOOM_LOAD_BINOMIAL is exact */
    unsigned long hash_bits;     /* bits of the one hash every probe derives from; 0: ideal */
    unsigned long index_bits;    /* probes reach bits 0 .. 2^index_bits - 1; 0: all m */
} bloom_layout_arguments;

/* rop = min(m, 2^index_bits), the bits the probes reach. */
void bloom_layout_reachable_bits(mpz_ptr rop, const bloom_layout_arguments *layout);

/*
 * Enclose functions; arguments is a const bloom_layout_arguments *.
 *   _filter  the layout's own rate at the reachable bits (an ideal hash)
 *   (plain)  that rate united with the fingerprint floor of hash_bits
 * BLOOM_UNDEFINED when the layout rejects the shape (see layout_rates.h:
 * fewer bits than a block or than k slices, k not dividing a split block).
 */
int bloom_enclose_fpr_layout_filter(mpfi_ptr result, const void *arguments);
int bloom_enclose_fpr_layout(mpfi_ptr result, const void *arguments);

/* The two as quantities, with exact fractions for the standard and
 * partitioned layouts when no hash width applies and they are small. */
bloom_quantity bloom_fpr_layout_filter_quantity(const bloom_layout_arguments *layout);
bloom_quantity bloom_fpr_layout_quantity(const bloom_layout_arguments *layout);

/*
 * *warning = NULL, or (malloc'd, freed by the caller) one sentence saying
 * that the hash width dominates the rate: the indices do not reach every
 * allocated bit, or the fingerprint floor is at least the layout's own
 * rate.  Figures in it are certified to 3 digits.  Returns a bloom_status.
 */
int bloom_layout_warning(char **warning, const bloom_layout_arguments *layout);

#ifdef __cplusplus
}
#endif

#endif
