/*
 * table_file.h - the filter a database table file really holds, read from
 * its bytes: a RocksDB block-based table (RocksDB 7.8's table/format.cc,
 * table/meta_blocks.cc, table/block_based/filter_policy.cc) or a LevelDB
 * table (LevelDB 1.23's table/format.cc, table/filter_block.cc).  An
 * operator's filters are often not the ones a rule of settings predicts
 * (files written under older settings, optimize_filters_for_memory, Ribbon
 * fallen back to Bloom); the bits on disk are.  From them the rate an
 * absent key meets is known exactly, with no model of the keys:
 *
 *   a cache-local Bloom filter (FastLocalBloom, RocksDB's legacy Bloom) of
 *   L lines of 512 bits, k probes in one line chosen by the key:
 *       fpr_bits = (1/L) sum_lines (set bits in the line / 512)^k;
 *   a Ribbon: the share of query starts in each kind of block times 2^-r,
 *       r the result bits the file stores there (ribbon.h);
 *   LevelDB: one filter per 2 KiB of data blocks, filter f of m_f bits
 *       with s_f set and k probes rates (s_f / m_f)^k; the table's rate is
 *       their mean, each filter weighted alike (a LevelDB file records no
 *       keys per filter);
 *   RocksDB's partitioned filter: each partition a full filter as above,
 *       the file's rate their mean, each partition weighted alike (its
 *       keys are not recorded either; all but the file's last hold about
 *       the same number).
 *
 * Every block read (footer, meta-index, properties, filter) has its trailer
 * checked: no compression, and the checksum the footer names (crc32c
 * masked, xxHash, xxHash64 or XXH3, as RocksDB computes it).  Anything else
 * is refused with a sentence saying what was found (calc/FORMULAS.md §u).
 */
#ifndef BLOOMCALC_TABLE_FILE_H
#define BLOOMCALC_TABLE_FILE_H

#include "export.h"

#include <stddef.h>
#include <stdint.h>

#include "certified.h"
#include "layouts.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The filter a table holds. */
typedef enum bloom_table_filter {
    BLOOM_TABLE_NO_FILTER,        /* no filter block */
    BLOOM_TABLE_FAST_LOCAL_BLOOM, /* RocksDB format_version 5 Bloom (metadata marker -1) */
    BLOOM_TABLE_LEGACY_BLOOM,     /* RocksDB's legacy Bloom (metadata: k, then the lines) */
    BLOOM_TABLE_RIBBON,           /* RocksDB's Standard128Ribbon (metadata marker -2) */
    BLOOM_TABLE_LEVELDB_BLOOM     /* LevelDB's per-2 KiB filters of BuiltinBloomFilter2 */
} bloom_table_filter;

/* "none", "fastlocalbloom", "legacybloom", "ribbon", "leveldb" (in bloom_table_filter order). */
BLOOM_EXPORT extern const char *const bloom_table_filter_names[];

/* The room for a refusal's sentence. */
#define BLOOM_TABLE_PROBLEM_SIZE 200

typedef struct bloom_table_audit {
    int leveldb;                /* a LevelDB table (legacy magic, a "filter." block) */
    unsigned long format_version;
    bloom_table_filter filter;
    char policy[64];            /* RocksDB's rocksdb.filter.policy; LevelDB: the filter block's
                                 * policy name; "" when none */
    int has_entries;            /* the table records its entries (RocksDB's properties) */
    uint64_t entries;           /* rocksdb.num.entries */
    uint64_t filter_bytes;      /* the filter block as stored, metadata included (rocksdb.filter.size) */
    uint64_t filter_bits;       /* the bits probes (or Ribbon rows) address, metadata excluded */
    unsigned long k;            /* probes a key (0: a Ribbon) */
    uint64_t filters;           /* LevelDB: its filters (2 KiB of data each); RocksDB's
                                 * partitioned filter: its partitions; 1 otherwise */
    int partitioned;            /* RocksDB's partitioned filter (filters partitions, each a
                                 * full filter; filter_bytes theirs and their index's) */
    uint64_t set_bits;          /* bits set in the filter (a Ribbon: its solution's) */
    uint64_t ribbon_blocks;     /* a Ribbon: its blocks of 128 slots */
    mpq_t fpr_bits;             /* the rate from the bits, exactly (above) */
    char problem[BLOOM_TABLE_PROBLEM_SIZE]; /* why the table was refused */
} bloom_table_audit;

BLOOM_EXPORT void bloom_table_audit_init(bloom_table_audit *audit);
BLOOM_EXPORT void bloom_table_audit_clear(bloom_table_audit *audit);

/*
 * Reads the table of `size` bytes at `bytes`.  Returns BLOOM_OK (a table
 * with no filter too: filter BLOOM_TABLE_NO_FILTER, fpr_bits 1), or
 * BLOOM_UNDEFINED with audit->problem saying what was found: not a table of
 * either format, truncated, a checksum that does not match, a compressed
 * meta block, a filter whose metadata no reader here knows.
 */
BLOOM_EXPORT int bloom_table_audit_read(bloom_table_audit *audit, const unsigned char *bytes, size_t size);

/* The name of the --library whose rule describes the table's filter ("rocksdb",
 * "rocksdb-ribbon", "leveldb"), or NULL (no filter, or a legacy Bloom, which
 * no rule here models). */
BLOOM_EXPORT const char *bloom_table_library(const bloom_table_audit *audit);

/*
 * The calculator's rate for a filter of the table's bits, k and entries
 * under its library's rule: fpr_layout (layouts.h) of the library's shape
 * over the table's own filter bits, so that a filter sized by any setting
 * (optimize_filters_for_memory included) is compared with the model of that
 * very size.  `rate` points into the prediction, which must not move.
 */
typedef struct bloom_table_prediction {
    mpz_t entries;
    mpz_t bits;
    bloom_deployed_filter filter;
    bloom_quantity rate;
} bloom_table_prediction;

/* Returns BLOOM_OK, or BLOOM_UNDEFINED when the table has no library
 * (bloom_table_library), no entries recorded, or a LevelDB table or a
 * partitioned filter (its filters' keys are not recorded).  Clear with bloom_table_prediction_clear
 * in every case. */
BLOOM_EXPORT int bloom_table_prediction_init(bloom_table_prediction *prediction, const bloom_table_audit *audit);
BLOOM_EXPORT void bloom_table_prediction_clear(bloom_table_prediction *prediction);

/*
 * What a set of tables costs and gives together: the files, their entries
 * and filter bytes, the entries-weighted mean of fpr_bits (the share of
 * absent lookups each file answers, as fpr_deployment weighs filters),
 * the worst fpr_bits, and the expected false reads of an absent lookup.
 * Files of one level of a leveled tree (level >= 1) hold disjoint key
 * ranges, so a lookup consults one of them: the mean.  Otherwise (level 0,
 * or not known) every file is taken as consulted once, each its own sorted
 * run as on RocksDB's level 0 (a file without a filter always reads): the
 * sum of their rates, an upper bound for a leveled tree.
 */
typedef struct bloom_table_summary {
    unsigned long files;
    int entries_known;          /* every file records its entries */
    mpz_t entries;
    mpz_t filter_bytes;
    mpq_t weighted;             /* sum of entries x fpr_bits */
    mpq_t fpr_mean;             /* weighted / entries (0 until bloom_table_summary_finish) */
    mpq_t fpr_worst;
    int false_reads_known;      /* set by bloom_table_summary_finish */
    mpq_t false_reads;
} bloom_table_summary;

BLOOM_EXPORT void bloom_table_summary_init(bloom_table_summary *summary);
BLOOM_EXPORT void bloom_table_summary_clear(bloom_table_summary *summary);
BLOOM_EXPORT void bloom_table_summary_add(bloom_table_summary *summary, const bloom_table_audit *audit);
/* Sets fpr_mean and false_reads for files all on `level` (-1: not known).  Returns BLOOM_OK,
 * or BLOOM_UNDEFINED when some file records no entries or none has any: no mean, and for a
 * level >= 1 no false reads either (false_reads_known 0). */
BLOOM_EXPORT int bloom_table_summary_finish(bloom_table_summary *summary, int level);

/*
 * The expected false reads of an absent lookup in a tree of the files, files[i] on level
 * levels[i] (-1: not known).  A file of a known level whose key range covers the share
 * covered[i] / range[i] of the tree's key range (range NULL, or range[i] 0: not known; from
 * the MANIFEST, bloom_manifest_coverage) is consulted by that share of the lookups, and adds
 * that share of its fpr_bits.  Of the others, on level 0 or of no known level every file is
 * consulted (the sum of their fpr_bits); on each deeper level one file, the level's
 * entries-weighted mean (as bloom_table_summary_finish, calc/FORMULAS.md §n and §u).  Returns
 * BLOOM_OK, or BLOOM_UNDEFINED when such a level >= 1 has a file that records no entries.
 * Levels are below BLOOM_TABLE_MAX_LEVELS.
 */
#define BLOOM_TABLE_MAX_LEVELS 64
BLOOM_EXPORT int bloom_table_tree_false_reads(mpq_ptr rop, const bloom_table_audit *const *audits,
                                              const int *levels, const uint64_t *covered,
                                              const uint64_t *range, size_t count);

/* Why a file stands apart from the rest of the tables audited together. */
typedef enum bloom_table_apart {
    BLOOM_TABLE_ALIKE,
    BLOOM_TABLE_APART_NO_FILTER,   /* no filter, where others have one */
    BLOOM_TABLE_APART_FORMAT,      /* another filter format than most files' (a legacy Bloom
                                      among FastLocalBloom, a Bloom among Ribbons: the fallback) */
    BLOOM_TABLE_APART_BITS         /* bits per key below 2/3 or above 3/2 of the files' median */
} bloom_table_apart;

/* apart[i] for audits[i], i < count (the files read, none refused). */
BLOOM_EXPORT void bloom_table_apart_of(bloom_table_apart *apart, const bloom_table_audit *const *audits,
                                       size_t count);

/* The file's bits per key, filter_bits / entries (BLOOM_UNDEFINED without a filter or entries). */
BLOOM_EXPORT int bloom_table_bits_per_key(mpq_ptr rop, const bloom_table_audit *audit);

/* RocksDB's CRC32C (Castagnoli) of the bytes, and its masked form
 * ((crc >> 15 | crc << 17) + 0xa282ead8), the form a block trailer stores. */
BLOOM_EXPORT uint32_t bloom_crc32c(const unsigned char *bytes, size_t size);
BLOOM_EXPORT uint32_t bloom_crc32c_masked(uint32_t crc);

#ifdef __cplusplus
}
#endif

#endif
