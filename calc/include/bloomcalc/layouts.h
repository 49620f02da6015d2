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

#include "export.h"

#include "certified.h"
#include "index_arithmetic.h"
#include "layout_rates.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum bloom_layout_kind {
    BLOOM_LAYOUT_STANDARD,      /* one array, k independent uniform probes (fpr.h exact rate) */
    BLOOM_LAYOUT_PARTITIONED,   /* k slices, one probe each */
    BLOOM_LAYOUT_BLOCKED,       /* k probes inside one block of block_bits */
    BLOOM_LAYOUT_SPLIT_BLOCK,   /* one probe in each of the k words of a block */
    BLOOM_LAYOUT_RIBBON         /* no probes: a standard Ribbon of 128-bit coefficient rows
                                   (RocksDB's Standard128Ribbon, ribbon.h); only a library
                                   deploys it (--library rocksdb-ribbon) */
} bloom_layout_kind;

/* "standard", "partitioned", "blocked", "split-block", "ribbon", NULL (in kind order). */
BLOOM_EXPORT extern const char *const bloom_layout_names[];

/* The layouts --layout offers (the first four: a Ribbon comes with its library), NULL-terminated. */
BLOOM_EXPORT extern const char *const bloom_layout_choices[];

/* A Ribbon's coefficient rows and the unit of its solution's storage (16-byte segments). */
#define BLOOM_RIBBON_SEGMENT_BITS 128UL

/*
 * Block sizes: a 64-byte cache line for blocked filters; for split-block
 * filters Parquet's (and Impala's, Kudu's) 256-bit block of eight 32-bit
 * words.  A split block is made of 32-bit words (the SIMD lanes the
 * deployed implementations set one bit in each of), so a block of B bits
 * has B/32 words by default: 256 bits -> 8 words, k = 8 (Parquet), 512
 * bits -> 16 words, k = 16 (an AVX-512 block).
 */
#define BLOOM_DEFAULT_BLOCK_BITS 512UL
#define BLOOM_SPLIT_BLOCK_BITS 256UL
#define BLOOM_SPLIT_BLOCK_WORD_BITS 32UL
#define BLOOM_SPLIT_BLOCK_WORDS (BLOOM_SPLIT_BLOCK_BITS / BLOOM_SPLIT_BLOCK_WORD_BITS)

/* How a library rounds the bits it allocates. */
typedef enum bloom_rounding {
    BLOOM_ROUND_NONE,     /* exactly m bits */
    BLOOM_ROUND_BYTE,     /* a multiple of 8 */
    BLOOM_ROUND_WORD64,   /* a multiple of 64 (an array of 64-bit words) */
    BLOOM_ROUND_POW2,     /* the next power of two (index by mask) */
    BLOOM_ROUND_BLOCK     /* a multiple of the block size */
} bloom_rounding;

/* "none", "byte", "word64", "pow2", "block", NULL (in rounding order). */
BLOOM_EXPORT extern const char *const bloom_rounding_names[];

/* rop = the smallest count of bits >= m allowed by `rounding` (block: a multiple of block_bits). */
BLOOM_EXPORT void bloom_round_bits(mpz_ptr rop, mpz_srcptr m, bloom_rounding rounding, unsigned long block_bits);

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
    unsigned long slots;         /* a Ribbon: its slots (m is its solution's bits, k is 0); 0 otherwise */
    int arithmetic;              /* a bloom_index_arithmetic (index_arithmetic.h): 0, the layout's
                                  * independent probes; BLOOM_ARITHMETIC_GUAVA, Guava's probes
                                  * ((h1 + i h2) mod 2^63) mod m, modelled where
                                  * bloom_guava_model_applies (a standard layout only) */
} bloom_layout_arguments;

/* How the k probes of a key are derived from its hash (bloomsim builds all
 * three; every rate of this library assumes independent probes). */
typedef enum bloom_probe_scheme {
    BLOOM_PROBES_INDEPENDENT,   /* k independent uniform probes */
    BLOOM_PROBES_DOUBLE,        /* h1 + i h2 mod m (Kirsch and Mitzenmacher 2006) */
    BLOOM_PROBES_ENHANCED       /* h1 + i h2 + (i^3 - i)/6 mod m (Dillinger and Manolios 2004) */
} bloom_probe_scheme;

/* "independent", "double", "enhanced", NULL (in scheme order). */
BLOOM_EXPORT extern const char *const bloom_probe_scheme_names[];

/*
 * THE DESCRIPTION OF A FILTER AS DEPLOYED: what a user says about the
 * filter besides m, n and k.  Both programs read it with one parser
 * (calc/cli/description.h: option entries, validation and messages) and
 * settle it with bloom_deployed_filter_init below (defaults and meaning),
 * so "bloomcalc plan/fpr" and "bloomsim plan/fpr" given the same
 * description describe the same filter: the same k, sizes and rates.
 * Zero in a field means "the default" stated beside it.
 *
 * Adding a field (for example a library rule):
 *   1. a member here, with its default in BLOOM_LAYOUT_DESCRIPTION_DEFAULTS
 *      (zero should mean "the default");
 *   2. its meaning in bloom_deployed_filter_init (calc/src/layouts.c):
 *      how it changes the settled arguments (m allocated, k, block, widths),
 *      and a bloom_description_problem for combinations it forbids;
 *   3. its option entry (and the message of each new problem) in
 *      calc/cli/description.c, and the field it prints in
 *      bloom_description_fields, its key registered in calc/cli/output_keys.c;
 *   4. a column of the grid in tests/cli_description.sh (both programs
 *      must print the same k, sizes and rates for every value), its help
 *      text, and a line in the layout section of the derivations
 *      (calc/FORMULAS.md §e.5).
 * Nothing else: the commands of both programs take the description whole.
 */
typedef struct bloom_layout_description {
    int layout;                 /* a bloom_layout_kind; default standard */
    unsigned long block_bits;   /* B; 0: 512 (blocked), 256 (split block); other layouts ignore it */
    unsigned long block_words;  /* split block: words per block (one probe each, so k_layout);
                                 * 0: the k given by the user, else B/32 (32-bit words) */
    int rounding;               /* a bloom_rounding of the bits allocated; default none */
    unsigned long hash_bits;    /* every probe derives from one hash of this width; 0: ideal */
    unsigned long index_bits;   /* probes reach only 2^index_bits bits; 0: as wide as the hash
                                 * (unlimited for an ideal hash) */
    int scheme;                 /* a bloom_probe_scheme; default independent */
    int library;                /* 0: none; else an index into bloom_library_names
                                 * (library_rules.h): the library fixes the layout, block,
                                 * rounding, widths and refusals (bloom_library_shape) */
    /* The unit an engine builds one filter for (deployment.h): the n keys are spread over
     * ceil(n / N) filters of N keys each, the last one partial.  0: one filter of all n keys. */
    unsigned long keys_per_filter;  /* N given as such (a Cassandra SSTable, a Parquet row
                                     * group's distinct values, any engine) */
    unsigned long file_bytes;       /* RocksDB: one filter per SST file of this many bytes
                                     * (target_file_size_base; 0: 64 MiB once entry_bytes is
                                     * given), N = floor(file_bytes / entry_bytes) */
    unsigned long entry_bytes;      /* RocksDB: the bytes of one entry, key and value; LevelDB:
                                     * the bytes of one entry in a data block (deployment.h) */
    unsigned long block_bytes;      /* LevelDB: the data block size (options.block_size; 0:
                                     * 4096); one filter per 2 KiB of table (deployment.h) */
} bloom_layout_description;

#define BLOOM_LAYOUT_DESCRIPTION_DEFAULTS \
    { BLOOM_LAYOUT_STANDARD, 0, 0, BLOOM_ROUND_NONE, 0, 0, BLOOM_PROBES_INDEPENDENT, 0, 0, 0, 0, 0 }

/* Why a description cannot be settled for (m, n, k). */
typedef enum bloom_description_problem {
    BLOOM_DESCRIPTION_OK,
    BLOOM_DESCRIPTION_WORDS_NOT_SPLIT,   /* block_words given for a layout without words */
    BLOOM_DESCRIPTION_WORDS_NOT_K,       /* split block: block_words and the given k differ */
    BLOOM_DESCRIPTION_WORDS_NOT_DIVIDING,/* split block: the words do not divide B equally */
    BLOOM_DESCRIPTION_BLOCK_TOO_LARGE,   /* fewer reachable bits than one block */
    BLOOM_DESCRIPTION_TOO_FEW_SLICES,    /* partitioned: fewer reachable bits than k */
    BLOOM_DESCRIPTION_SCHEME_NOT_STANDARD,/* double or enhanced probes in a layout other than standard */
    BLOOM_DESCRIPTION_LIBRARY_FIXES,     /* --library with another option the library fixes */
    BLOOM_DESCRIPTION_LIBRARY_REFUSES,   /* the library refuses a filter of these bits, keys or k */
    BLOOM_DESCRIPTION_RIBBON_REFUSES     /* rocksdb-ribbon: no Ribbon of these keys in these bits
                                            (n above 950e6 keys) */
} bloom_description_problem;

/* A settled description: every default applied, the memory rounded. */
typedef struct bloom_deployed_filter {
    bloom_layout_description description;  /* as given, with block_bits, block_words (split
                                            * block), index_bits set to the values used */
    mpz_t allocated;                       /* m rounded as the description says */
    mpz_t reachable;                       /* min(allocated, 2^index_bits) */
    bloom_layout_arguments layout;         /* the filter the rates are of (m = allocated) */
} bloom_deployed_filter;

/*
 * Settles `description` for a filter of m bits (before rounding) holding n
 * keys with k probes (k_given: the user chose k; otherwise a split block
 * takes its words from the block).  The meaning, in order:
 *   block        B = block_bits, or 512 (blocked) / 256 (split block);
 *   memory       allocated = m rounded (bloom_round_bits; block: to B);
 *   index        index_bits, or hash_bits when it is 0;
 *   probes       split block: W = block_words, or k when k_given, or B/32,
 *                and k_layout = W (one bit in each word of B/W bits);
 *                every other layout: k_layout = k;
 *   shape        the layout is laid over min(allocated, 2^index) bits;
 *   ribbon       library rocksdb-ribbon without a k given: a Ribbon of
 *                slots(n) slots (RocksDB's rule, ribbon.h) whose solution is
 *                m rounded up to 128-bit segments and capped at 32 result
 *                bits a slot (RocksDB's rows are 32 bits wide), its columns as
 *                RocksDB's reader derives them from that length; k 0, a
 *                64-bit hash.
 *                With a k given, rocksdb-ribbon is its Bloom fallback, the
 *                filter of --library rocksdb.
 * rop is initialised in every case (free with bloom_deployed_filter_clear)
 * and must not be moved (rop->layout points into it).  Returns a
 * bloom_description_problem.
 */
BLOOM_EXPORT int bloom_deployed_filter_init(bloom_deployed_filter *rop, const bloom_layout_description *description,
                               mpz_srcptr m, mpz_srcptr n, unsigned long k, int k_given);
BLOOM_EXPORT void bloom_deployed_filter_clear(bloom_deployed_filter *filter);

/* rop = min(m, 2^index_bits), the bits the probes reach. */
BLOOM_EXPORT void bloom_layout_reachable_bits(mpz_ptr rop, const bloom_layout_arguments *layout);

/* Nonzero when the layout's rate at `bits` reachable bits is the model of its index
 * arithmetic (index_arithmetic.h: Guava's, within its limits) rather than independent probes. */
BLOOM_EXPORT int bloom_layout_models_arithmetic(const bloom_layout_arguments *layout, mpz_srcptr bits);

/*
 * Enclose functions; arguments is a const bloom_layout_arguments *.
 *   _filter  the layout's own rate at the reachable bits (an ideal hash)
 *   (plain)  that rate united with the fingerprint floor of hash_bits
 * BLOOM_UNDEFINED when the layout rejects the shape (see layout_rates.h:
 * fewer bits than a block or than k slices, k not dividing a split block).
 */
BLOOM_EXPORT int bloom_enclose_fpr_layout_filter(mpfi_ptr result, const void *arguments);
BLOOM_EXPORT int bloom_enclose_fpr_layout(mpfi_ptr result, const void *arguments);

/* The two as quantities, with exact fractions for the standard and
 * partitioned layouts when no hash width applies and they are small. */
BLOOM_EXPORT bloom_quantity bloom_fpr_layout_filter_quantity(const bloom_layout_arguments *layout);
BLOOM_EXPORT bloom_quantity bloom_fpr_layout_quantity(const bloom_layout_arguments *layout);

/*
 * *warning = NULL, or (malloc'd, freed by the caller) one sentence saying
 * that the hash width dominates the rate: the indices do not reach every
 * allocated bit, or the fingerprint floor is at least the layout's own
 * rate.  Figures in it are certified to 3 digits.  Returns a bloom_status.
 */
BLOOM_EXPORT int bloom_layout_warning(char **warning, const bloom_layout_arguments *layout);

#ifdef __cplusplus
}
#endif

#endif
