/*
 * calc_partitions.c - partitions.h: the keys RocksDB 7.8's partitioned
 * filter builder puts in a partition, and a file's split into partitions.
 *
 * Expected values, worked by hand from RocksDB's source (filter_policy.cc,
 * block_based_table_builder.cc, partitioned_filter_block.cc):
 *  - partition bytes ceil(4096 x 90 / 100) = 3687; deviation 0: 4096;
 *    deviation 100: 0, raised to 1.
 *  - FastLocalBloom at 10000 millibits, 3687 bytes: (3687 - 5) rounded down
 *    to lines is 3648 bytes, 8000 x 3648 / 10000 = 2918.4 -> 2918; at 9500
 *    millibits 29184000 / 9500 = 3072 exactly; at 4000 bytes 3968 bytes of
 *    lines, 3174.
 *  - Legacy at 10 whole bits, 3687 bytes: at most 57 lines (odd), 10 n <=
 *    29184 -> 2918; at 4000 bytes 62 lines fit but the count is made odd,
 *    so 61: 10 n <= 31232 -> 3123; 9500 millibits are 10 whole bits: 2918.
 *  - 4 bytes hold no key: the builder tries 16, 20, 25, 31, 38, 47, 58, 72
 *    bytes, and 72 gives (67 rounded down to 64) 8000 x 64 / 10000 = 51.
 *  - a file of 671088 keys (64 MiB of 100-byte entries) at 2918 a partition:
 *    229 x 2918 = 668222, so 230 partitions, the last of 2866 keys.
 */
#include <CUnit/CUnit.h>

#include "calc_checks.h"
#include "calc_suites.h"
#include "partitions.h"

static void test_partition_bytes(void)
{
    CU_ASSERT_EQUAL(bloom_rocksdb_partition_bytes(BLOOM_ROCKSDB_METADATA_BLOCK_BYTES,
                                                  BLOOM_ROCKSDB_BLOCK_SIZE_DEVIATION), 3687);
    CU_ASSERT_EQUAL(bloom_rocksdb_partition_bytes(4096, 0), 4096);
    CU_ASSERT_EQUAL(bloom_rocksdb_partition_bytes(4096, 100), 1);
}

static const struct keys_row {
    bloom_rule_id rule;
    unsigned long millibits, bytes, keys;
} keys_table[] = {
    { BLOOM_RULE_ROCKSDB, 10000, 3687, 2918 },
    { BLOOM_RULE_ROCKSDB, 9500, 3687, 3072 },
    { BLOOM_RULE_ROCKSDB, 10000, 4000, 3174 },
    { BLOOM_RULE_ROCKSDB, 10000, 4, 51 },
    { BLOOM_RULE_ROCKSDB_LEGACY, 10000, 3687, 2918 },
    { BLOOM_RULE_ROCKSDB_LEGACY, 10000, 4000, 3123 },
    { BLOOM_RULE_ROCKSDB_LEGACY, 9500, 3687, 2918 },
};

static void test_partition_keys(void)
{
    for (size_t i = 0; i < COUNT_OF(keys_table); i++) {
        unsigned long keys = 0;
        CU_ASSERT_EQUAL(bloom_rocksdb_partition_keys(&keys, keys_table[i].rule, keys_table[i].millibits,
                                                     keys_table[i].bytes), BLOOM_OK);
        CU_ASSERT_EQUAL(keys, keys_table[i].keys);
    }
    unsigned long keys = 0;
    CU_ASSERT_EQUAL(bloom_rocksdb_partition_keys(&keys, BLOOM_RULE_ROCKSDB_RIBBON, 10000, 3687),
                    BLOOM_UNDEFINED);
    CU_ASSERT_EQUAL(bloom_rocksdb_partition_keys(&keys, BLOOM_RULE_ROCKSDB, 0, 3687), BLOOM_UNDEFINED);
}

static void test_partition_split(void)
{
    bloom_deployment split;
    bloom_deployment_init(&split);
    mpz_t file;
    mpz_init_set_ui(file, 671088);
    CU_ASSERT_EQUAL(bloom_partition_split(&split, file, 2918), BLOOM_OK);
    CU_ASSERT_EQUAL(mpz_cmp_ui(split.filters, 230), 0);
    CU_ASSERT_EQUAL(mpz_cmp_ui(split.keys_per_filter, 2918), 0);
    CU_ASSERT_EQUAL(mpz_cmp_ui(split.last_keys, 2866), 0);
    mpz_set_ui(file, 1000);     /* fewer keys than a partition: one partition of them all */
    CU_ASSERT_EQUAL(bloom_partition_split(&split, file, 2918), BLOOM_OK);
    CU_ASSERT_EQUAL(mpz_cmp_ui(split.filters, 1), 0);
    CU_ASSERT_EQUAL(mpz_cmp_ui(split.last_keys, 1000), 0);
    mpz_clear(file);
    bloom_deployment_clear(&split);
}

static const bloom_test_case partitions_cases[] = {
    {"partition bytes from metadata_block_size", test_partition_bytes},
    {"keys per partition, FastLocalBloom and legacy", test_partition_keys},
    {"a file split into partitions", test_partition_split},
    {NULL, NULL},
};

const bloom_test_suite calc_partitions_suite = {"partitions", partitions_cases};
