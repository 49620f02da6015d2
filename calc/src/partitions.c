/*
 * partitions.c - the keys of a RocksDB filter partition, as the partitioned
 * filter builder chooses them from the partition's bytes (partitions.h;
 * calc/FORMULAS.md §e.9), and the split of a file's keys into partitions,
 * which is a deployment of smaller filters (deployment.h).
 */
#include "partitions.h"

#define METADATA_BYTES 5            /* kMetadataLen after every RocksDB filter */
#define LINE_BYTES 64UL             /* a cache line, FastLocalBloom's and legacy's unit */
#define FAST_MAX_BYTES 0xffffffc0UL /* FastLocalBloom's largest filter, without metadata */
#define LEGACY_MAX_BITS 0xffff0000UL
#define SEARCH_LIMIT 100000UL       /* past it the builder takes one key a byte */

unsigned long bloom_rocksdb_partition_bytes(unsigned long metadata_bytes, unsigned long deviation)
{
    unsigned long bytes = (metadata_bytes * (100 - deviation) + 99) / 100;
    return bytes > 0 ? bytes : 1;
}

/* FastLocalBloom's ApproximateNumEntries: the whole lines of the bytes after the metadata. */
static unsigned long fast_entries(unsigned long bytes, unsigned long millibits)
{
    if (bytes < METADATA_BYTES)
        return 0;
    unsigned long usable = bytes - METADATA_BYTES;
    if (usable > FAST_MAX_BYTES)
        usable = FAST_MAX_BYTES;
    usable &= ~(LINE_BYTES - 1);
    return (unsigned long)(8000ULL * usable / millibits);
}

/* LegacyBloomBitsBuilder::CalculateSpace: an odd number of lines for n w bits, and metadata. */
static unsigned long long legacy_space(unsigned long long n, unsigned long whole_bits)
{
    unsigned long long bits = n * whole_bits;
    if (bits > LEGACY_MAX_BITS)
        bits = LEGACY_MAX_BITS;
    unsigned long long lines = (bits + 8 * LINE_BYTES - 1) / (8 * LINE_BYTES);
    lines += lines % 2 == 0;
    return lines * LINE_BYTES + METADATA_BYTES;
}

/* LegacyBloomBitsBuilder::ApproximateNumEntries: the most keys, from bytes 8 / w + 1 down,
 * whose space fits the bytes; 0 when none does. */
static unsigned long legacy_entries(unsigned long bytes, unsigned long millibits)
{
    unsigned long whole_bits = (millibits + 500) / 1000;
    unsigned long long bits = 8ULL * bytes;
    if (bits > LEGACY_MAX_BITS)
        bits = LEGACY_MAX_BITS;
    unsigned long n = (unsigned long)(bits / whole_bits) + 1;
    while (n >= 1 && legacy_space(n, whole_bits) > bytes)
        n--;
    return n;
}

int bloom_rocksdb_partition_keys(unsigned long *keys, bloom_rule_id rule, unsigned long millibits_per_key,
                                 unsigned long bytes)
{
    unsigned long (*entries)(unsigned long, unsigned long) =
        rule == BLOOM_RULE_ROCKSDB ? fast_entries : rule == BLOOM_RULE_ROCKSDB_LEGACY ? legacy_entries : NULL;
    if (entries == NULL || millibits_per_key == 0)
        return BLOOM_UNDEFINED;
    *keys = entries(bytes, millibits_per_key);
    /* PartitionedFilterBlockBuilder's constructor: no key fits, so it tries larger sizes */
    unsigned long larger = bytes + 4 > 16 ? bytes + 4 : 16;
    while (*keys < 1) {
        *keys = entries(larger, millibits_per_key);
        larger += larger / 4;
        if (*keys < 1 && larger > SEARCH_LIMIT)
            *keys = bytes;
    }
    return BLOOM_OK;
}

int bloom_partition_split(bloom_deployment *rop, mpz_srcptr file_keys, unsigned long partition_keys)
{
    bloom_layout_description unit = { 0 };
    unit.keys_per_filter = partition_keys;
    return bloom_deployment_split(rop, &unit, file_keys);
}
