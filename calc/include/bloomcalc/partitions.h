/*
 * partitions.h - RocksDB's partitioned filters (partition_filters with
 * kTwoLevelIndexSearch): a file's filter split into partitions, each a full
 * filter of its own keys, so that a lookup loads the one partition whose
 * key range covers it instead of the whole file's filter.
 *
 * RocksDB 7.8 (table/block_based/partitioned_filter_block.cc,
 * block_based_table_builder.cc, filter_policy.cc) sizes a partition by
 * keys, not bytes: the builder asks its filter for ApproximateNumEntries
 * of partition_size = ceil(metadata_block_size (100 - block_size_deviation)
 * / 100) bytes (3687 by default) and requests a cut once a partition holds
 * that many keys; the index builder grants it at the end of the data block
 * under way, so a real partition holds those keys and the rest of that
 * block.  The model here cuts at the keys themselves
 * (calc/FORMULAS.md §e.9): partitions of P keys, a file's last one holding
 * what is left.
 */
#ifndef BLOOMCALC_PARTITIONS_H
#define BLOOMCALC_PARTITIONS_H

#include "export.h"

#include "deployment.h"
#include "library_rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* BlockBasedTableOptions' defaults: metadata_block_size and block_size_deviation (percent). */
#define BLOOM_ROCKSDB_METADATA_BLOCK_BYTES 4096UL
#define BLOOM_ROCKSDB_BLOCK_SIZE_DEVIATION 10UL

/* The bytes a partition is sized for: ceil(metadata_bytes (100 - deviation) / 100), at least 1
 * (CreateFilterBlockBuilder); deviation at most 100. */
BLOOM_EXPORT unsigned long bloom_rocksdb_partition_bytes(unsigned long metadata_bytes, unsigned long deviation);

/*
 * *keys = the keys of a partition of `bytes` bytes (bloom_rocksdb_partition_bytes) for a
 * filter of millibits_per_key (the policy's, as bloom_rule_apply_bits_per_key keeps them):
 * FastLocalBloom's ApproximateNumEntries (BLOOM_RULE_ROCKSDB) or the legacy builder's
 * (BLOOM_RULE_ROCKSDB_LEGACY, at its whole bits per key), and, when that is 0, the
 * builder's search over larger sizes (a quarter more each time, past 100000 bytes one key a
 * byte).  Returns BLOOM_OK, or BLOOM_UNDEFINED for another rule (Ribbon's estimate is not
 * modelled) or millibits_per_key 0.
 */
BLOOM_EXPORT int bloom_rocksdb_partition_keys(unsigned long *keys, bloom_rule_id rule,
                                              unsigned long millibits_per_key, unsigned long bytes);

/* The partitions of a file of file_keys keys (>= 1) at partition_keys keys each (>= 1): a
 * deployment (deployment.h) whose filters are the partitions, the last holding the rest. */
BLOOM_EXPORT int bloom_partition_split(bloom_deployment *rop, mpz_srcptr file_keys, unsigned long partition_keys);

#ifdef __cplusplus
}
#endif

#endif
