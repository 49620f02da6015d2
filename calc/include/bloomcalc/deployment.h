/*
 * deployment.h - the filters an engine really builds for n keys: not one
 * filter of n keys but one per unit of storage (a RocksDB SST file, a
 * Cassandra SSTable, a Parquet row group), each of N keys, so ceil(n/N)
 * filters, the last one holding what is left.  Each filter is sized by the
 * engine's rule for its own keys, so a library that caps one large filter
 * (RocksDB at 0xffffffc0 bytes) or falls back (Ribbon above 950e6 keys)
 * does neither for the filters it really builds.
 *
 * The deployment's rate is the mean of the filters' rates weighted by the
 * share of absent lookups each filter answers.  An absent lookup consults
 * the one filter whose key range covers it; with the keys spread evenly
 * over the key space that filter's share is its share of the keys, so
 *   fpr_deployment = ((F - 1) N fpr(N) + r fpr(r)) / n
 *                  = fpr(N) - (fpr(N) - fpr(r)) r / n,
 * r the last filter's keys (calc/FORMULAS.md §e.6).
 *
 * An absent lookup in a levelled tree consults every L0 file's filter (F0
 * of them, each a file's keys, rate fpr_0) and, on each of the L levels
 * past L0, the one filter whose file covers the key, with probability the
 * level's coverage cov_i (calc/FORMULAS.md §e.6, §n), at the deployment's rate:
 *   read_amp_miss = F0 fpr_0 + (cov_1 + ... + cov_L) fpr_deployment,
 * and a key on the deepest level reads its own file besides:
 *   read_amp_hit  = 1 + F0 fpr_0 + (cov_1 + ... + cov_(L-1)) fpr_deployment,
 * by linearity of expectation, with no independence between filters needed.
 */
#ifndef BLOOMCALC_DEPLOYMENT_H
#define BLOOMCALC_DEPLOYMENT_H

#include "export.h"

#include "certified.h"
#include "layouts.h"

#ifdef __cplusplus
extern "C" {
#endif

/* RocksDB's target_file_size_base by default: 64 MiB. */
#define BLOOM_ROCKSDB_DEFAULT_FILE_BYTES (64UL << 20)

/* LevelDB 1.23 (table/filter_block.cc, table/table_builder.cc, table/block_builder.cc,
 * include/leveldb/options.h): a filter per kFilterBase = 2 KiB of table offset, the data
 * block size (block_size), a table's size (max_file_size). */
#define BLOOM_LEVELDB_FILTER_RANGE_BYTES 2048UL
#define BLOOM_LEVELDB_DEFAULT_BLOCK_BYTES 4096UL
#define BLOOM_LEVELDB_DEFAULT_FILE_BYTES (2UL << 20)

typedef struct bloom_deployment {
    mpz_t filters;           /* ceil(n / N) */
    mpz_t keys_per_filter;   /* N: the keys of every filter but the last (n when N > n) */
    mpz_t last_keys;         /* the last filter's keys, n - (filters - 1) N, in [1, N]
                              * (N itself when N divides n; n when N > n) */
    /* LevelDB's filter blocks (0 for other engines): the 2 KiB ranges in which no data block
     * starts, each an empty filter, the tables, and the bytes of the filter blocks besides the
     * filters, 4 for each filter's offset (empty or not) and 5 for each table's trailer. */
    mpz_t empty_filters;
    mpz_t tables;
    mpz_t index_bytes;
} bloom_deployment;

BLOOM_EXPORT void bloom_deployment_init(bloom_deployment *deployment);
BLOOM_EXPORT void bloom_deployment_clear(bloom_deployment *deployment);

/* Nonzero when the description names a unit (keys_per_filter, or a RocksDB file and entry, or
 * LevelDB's entry and block). */
BLOOM_EXPORT int bloom_deployment_has_unit(const bloom_layout_description *description);

/*
 * Splits n keys (n >= 1) by the description's unit: N = keys_per_filter, or
 * floor(file_bytes / entry_bytes) with file_bytes 64 MiB when 0; without a
 * unit, one filter of n keys.  Returns BLOOM_OK, or BLOOM_UNDEFINED when the
 * unit holds no key (an entry larger than the file).
 *
 * LevelDB (library leveldb with entry_bytes; calc/FORMULAS.md §r.1): entries
 * of entry_bytes each as a data block stores them (length varints, key and
 * value, no prefix shared with the previous key), blocks stored
 * uncompressed.  TableBuilder cuts a block once its estimate, entries + 4
 * bytes a restart point (one every 16 entries) + 4, reaches block_bytes
 * (4096 when 0): N = the entries that takes; on disk the block has 5 bytes
 * more.  A table ends at the first block boundary at or past file_bytes
 * (2 MiB when 0).  The filter of the 2 KiB range [2048 i, 2048 (i + 1)) of
 * a table holds the keys of the blocks starting in it: with blocks of at
 * least 2048 bytes (block_bytes >= 2048, else BLOOM_UNDEFINED) one block's,
 * or none.
 */
BLOOM_EXPORT int bloom_deployment_split(bloom_deployment *rop, const bloom_layout_description *description,
                                        mpz_srcptr n);

/* The deployment's rate, fpr(N) - (fpr(N) - fpr(r)) r / n (above), as a quantity that points
 * into this structure (which must not move while it is used). */
typedef struct bloom_deployment_mean {
    mpq_t last_share;               /* r / n */
    bloom_quantity_pair gap;        /* fpr(N) - fpr(r) */
    bloom_quantity_scaled share;    /* (fpr(N) - fpr(r)) r / n */
    bloom_quantity_pair mean;       /* fpr(N) - that */
} bloom_deployment_mean;

BLOOM_EXPORT bloom_quantity bloom_deployment_mean_init(bloom_deployment_mean *mean,
                                                       const bloom_deployment *deployment, mpz_srcptr n,
                                                       const bloom_quantity *full, const bloom_quantity *last);
BLOOM_EXPORT void bloom_deployment_mean_clear(bloom_deployment_mean *mean);

/* The false reads of a lookup in a levelled tree of the deployment's files (above). */
typedef struct bloom_deployment_reads {
    mpq_t l0_files;               /* F0 */
    mpq_t coverage;               /* the coverages summed over the levels consulted */
    unsigned long own_read;       /* 1: the read of the file holding the key; 0 absent */
    bloom_quantity l0_rate, level_rate;
} bloom_deployment_reads;

/*
 * Sets up the reads of an absent key (present 0) or of a key on the deepest
 * of `levels` >= 1 levels past L0 (present 1); coverage holds `levels`
 * shares (NULL: every level covers the whole key space).  The rates are
 * quantities that must outlive the reads.
 */
BLOOM_EXPORT void bloom_deployment_reads_init(bloom_deployment_reads *reads, unsigned long l0_files,
                                              unsigned long levels, const mpq_t *coverage, int present,
                                              const bloom_quantity *l0_rate,
                                              const bloom_quantity *level_rate);
BLOOM_EXPORT void bloom_deployment_reads_clear(bloom_deployment_reads *reads);
/* Enclose and exact functions of the reads: arguments points to a bloom_deployment_reads. */
BLOOM_EXPORT int bloom_enclose_deployment_reads(mpfi_ptr result, const void *arguments);
BLOOM_EXPORT int bloom_exact_deployment_reads(mpq_ptr result, const void *arguments);

#ifdef __cplusplus
}
#endif

#endif
