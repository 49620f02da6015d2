/*
 * calc_table_file.c - table_file.h: reading a table file's filter and the
 * rate of its bits.
 *
 * Where the expected values come from: CRC-32C's published check values
 * (RFC 3720, appendix B.4: 32 zero bytes give 0x8a9136aa; "123456789"
 * gives 0xe3069283, the catalogue's check value), and a table built here
 * byte by byte as RocksDB lays one out (table/format.cc: blocks with a
 * 5-byte trailer, a 53-byte footer), whose filter's lines have set bits
 * chosen so that the rate is worked out by hand: two lines, one half set
 * and one all set, k = 6, rate (1/2)((1/2)^6 + 1) = 65/128.  The rest of
 * the formats is checked against real RocksDB and LevelDB files by
 * tests/cli_audit.sh.
 */
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "calc_checks.h"
#include "calc_suites.h"
#include "table_file.h"

static void test_crc32c(void)
{
    unsigned char zeros[32] = { 0 };
    CU_ASSERT_EQUAL(bloom_crc32c(zeros, sizeof zeros), 0x8a9136aaU);
    CU_ASSERT_EQUAL(bloom_crc32c((const unsigned char *)"123456789", 9), 0xe3069283U);
    CU_ASSERT_EQUAL(bloom_crc32c_masked(0), 0xa282ead8U);
    /* ((crc >> 15) | (crc << 17)) + 0xa282ead8 of 0x00008000: 1 + 0xa282ead8 */
    CU_ASSERT_EQUAL(bloom_crc32c_masked(0x8000U), 0xa282ead9U);
}

/* A table under construction: its bytes so far. */
typedef struct table_bytes {
    unsigned char data[1024];
    size_t size;
} table_bytes;

static void put(table_bytes *t, const void *bytes, size_t size)
{
    memcpy(t->data + t->size, bytes, size);
    t->size += size;
}

static void put_byte(table_bytes *t, unsigned value)
{
    t->data[t->size++] = (unsigned char)value;
}

static void put_fixed32(table_bytes *t, unsigned long value)
{
    for (int i = 0; i < 4; i++)
        put_byte(t, (unsigned)(value >> (8 * i)) & 0xff);
}

/* Values here are below 128: one varint byte each. */
static void put_entry(table_bytes *block, const char *key, const unsigned char *value, size_t size)
{
    put_byte(block, 0);
    put_byte(block, (unsigned)strlen(key));
    put_byte(block, (unsigned)size);
    put(block, key, strlen(key));
    put(block, value, size);
}

static void end_block(table_bytes *block)
{
    put_fixed32(block, 0);   /* one restart, at 0 */
    put_fixed32(block, 1);
}

/* Appends a block with its trailer (no compression, masked crc32c); returns its offset. */
static size_t put_block(table_bytes *t, const table_bytes *block)
{
    size_t offset = t->size;
    put(t, block->data, block->size);
    put_byte(t, 0);
    put_fixed32(t, bloom_crc32c_masked(bloom_crc32c(t->data + offset, block->size + 1)));
    return offset;
}

static size_t varint(unsigned char *out, size_t value)
{
    size_t n = 0;
    for (; value >= 0x80; value >>= 7)
        out[n++] = (unsigned char)((value & 0x7f) | 0x80);
    out[n++] = (unsigned char)value;
    return n;
}

/* A block handle: its offset and size as varints. */
static size_t handle(unsigned char *out, size_t offset, size_t size)
{
    size_t n = varint(out, offset);
    return n + varint(out + n, size);
}

/* The table: a filter of two 64-byte lines (the first half set, the second all set) and
 * `marker` as its first metadata byte, 3 entries and the policy bloomfilter in its
 * properties, crc32c checksums, format_version 5. */
static void build_table(table_bytes *t, int marker)
{
    memset(t, 0, sizeof *t);
    table_bytes filter = { { 0 }, 0 };
    memset(filter.data, 0xff, 32);
    memset(filter.data + 64, 0xff, 64);
    filter.size = 128;
    put_byte(&filter, (unsigned)marker & 0xff);
    put_byte(&filter, 0);
    put_byte(&filter, 6);
    put_byte(&filter, 0);
    put_byte(&filter, 0);
    size_t filter_at = put_block(t, &filter);

    table_bytes properties = { { 0 }, 0 };
    unsigned char three = 3;
    put_entry(&properties, "rocksdb.filter.policy", (const unsigned char *)"bloomfilter", 11);
    put_entry(&properties, "rocksdb.num.entries", &three, 1);
    end_block(&properties);
    size_t properties_at = put_block(t, &properties);

    table_bytes meta = { { 0 }, 0 };
    unsigned char value[8];
    put_entry(&meta, "fullfilter.rocksdb.BuiltinBloomFilter", value, handle(value, filter_at, filter.size));
    put_entry(&meta, "rocksdb.properties", value, handle(value, properties_at, properties.size));
    end_block(&meta);
    size_t meta_at = put_block(t, &meta);

    size_t footer = t->size;
    put_byte(t, 1);                                       /* kCRC32c */
    size_t n = handle(value, meta_at, meta.size);
    put(t, value, n);
    n = handle(value, meta_at, meta.size);                /* the index: any handle */
    put(t, value, n);
    t->size = footer + 1 + 40;
    put_fixed32(t, 5);
    put_fixed32(t, 0x85f4cff7UL);
    put_fixed32(t, 0x88e241b7UL);
}

static void test_built_table(void)
{
    table_bytes t;
    build_table(&t, -1);
    bloom_table_audit audit;
    bloom_table_audit_init(&audit);
    CU_ASSERT_EQUAL_FATAL(bloom_table_audit_read(&audit, t.data, t.size), BLOOM_OK);
    CU_ASSERT_EQUAL(audit.filter, BLOOM_TABLE_FAST_LOCAL_BLOOM);
    CU_ASSERT_EQUAL(audit.k, 6);
    CU_ASSERT_EQUAL(audit.entries, 3);
    CU_ASSERT_EQUAL(audit.filter_bytes, 133);
    CU_ASSERT_EQUAL(audit.filter_bits, 1024);
    CU_ASSERT_EQUAL(audit.set_bits, 768);
    CU_ASSERT_STRING_EQUAL(audit.policy, "bloomfilter");
    mpq_t expected;
    mpq_init(expected);
    mpq_set_ui(expected, 65, 128);
    CU_ASSERT(mpq_equal(audit.fpr_bits, expected));
    mpq_clear(expected);
    bloom_table_audit_clear(&audit);
}

/* The table with one change, refused with a problem that says `found`. */
static void expect_refused(const table_bytes *t, const char *found)
{
    bloom_table_audit audit;
    bloom_table_audit_init(&audit);
    CU_ASSERT_EQUAL(bloom_table_audit_read(&audit, t->data, t->size), BLOOM_UNDEFINED);
    CU_ASSERT_PTR_NOT_NULL(strstr(audit.problem, found));
    if (strstr(audit.problem, found) == NULL)
        printf("\n  problem '%s' does not say '%s'\n", audit.problem, found);
    bloom_table_audit_clear(&audit);
}

static void test_refusals(void)
{
    table_bytes t;
    build_table(&t, -1);
    t.data[10] ^= 1;                       /* a bit of the filter's first line */
    expect_refused(&t, "filter block's checksum");
    build_table(&t, -1);
    t.size -= 20;                          /* the footer cut */
    expect_refused(&t, "magic number");
    build_table(&t, -3);                   /* a marker no reader knows */
    expect_refused(&t, "marker is -3");
    build_table(&t, -1);
    t.size = 30;
    expect_refused(&t, "fewer than a footer");
}

static const bloom_test_case table_file_cases[] = {
    {"CRC-32C check values and RocksDB's mask", test_crc32c},
    {"a table built by hand: two lines, rate 65/128", test_built_table},
    {"a flipped bit, a cut footer, an unknown marker refused", test_refusals},
    {NULL, NULL},
};

const bloom_test_suite calc_table_file_suite = {"table_file", table_file_cases};
