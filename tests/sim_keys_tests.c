/*
 * sim_keys_tests.c - the key streams' guarantee (sim/engine/keys.c): keys of a
 * stream are distinct, absent keys never equal inserted keys, and key
 * files are split into lines as documented.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "keys.h"
#include "sim_suites.h"

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* P is a bijection: 2^17 consecutive indices give 2^17 distinct values. */
static void test_stream_keys_distinct(void)
{
    enum { COUNT = 1 << 17 };
    uint64_t *values = malloc(COUNT * sizeof *values);
    sim_key_stream stream;
    sim_key_stream_init(&stream, SIM_KEYS_INSERTED, 0x7fffffffffffff00ULL, NULL);  /* wraps mod 2^63 */
    for (uint64_t i = 0; i < COUNT; i++)
        values[i] = sim_key_value(&stream, i);
    qsort(values, COUNT, sizeof *values, compare_u64);
    int distinct = 1;
    for (uint64_t i = 1; i < COUNT; i++)
        distinct &= values[i] != values[i - 1];
    CU_ASSERT(distinct);
    free(values);
}

/* Every absent key differs from every inserted key: length, top bit, newline. */
static void test_absent_keys_disjoint(void)
{
    sim_key_stream inserted, absent;
    sim_key_stream_init(&inserted, SIM_KEYS_INSERTED, 12345, NULL);
    sim_key_stream_init(&absent, SIM_KEYS_ABSENT, 12345, NULL);   /* same seed on purpose */
    for (uint64_t i = 0; i < 100000; i++) {
        sim_key in, out;
        sim_key_at(&inserted, i, &in);
        sim_key_at(&absent, i, &out);
        CU_ASSERT_EQUAL(in.length, 8);
        CU_ASSERT_EQUAL(out.length, 9);
        CU_ASSERT_EQUAL(in.bytes[7] & 0x80, 0);
        CU_ASSERT_EQUAL(out.bytes[7] & 0x80, 0x80);
        CU_ASSERT_EQUAL(out.bytes[8], '\n');
        CU_ASSERT_EQUAL(sim_key_value(&inserted, i) & 0x7fffffffffffffffULL,
                        sim_key_value(&absent, i) & 0x7fffffffffffffffULL);
    }
}

/* sim_key_values (eight lanes at a time where the processor has AVX-512,
 * one by one for the rest) gives sim_key_value's values, for every count
 * up to 40 from several starts, both roles, and an offset that wraps
 * mod 2^63. */
static void test_key_values_equal_one_by_one(void)
{
    const uint64_t seeds[] = { 0, 12345, 0x7ffffffffffffff0ULL };
    for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++)
        for (int role = 0; role <= 1; role++) {
            sim_key_stream stream;
            sim_key_stream_init(&stream, role ? SIM_KEYS_ABSENT : SIM_KEYS_INSERTED, seeds[s], NULL);
            for (unsigned count = 1; count <= 40; count++) {
                uint64_t values[40], first = 3 * count;
                sim_key_values(values, &stream, first, count);
                int equal = 1;
                for (unsigned i = 0; i < count; i++)
                    equal &= values[i] == sim_key_value(&stream, first + i);
                CU_ASSERT(equal);
            }
        }
}

static void test_key_file_lines(void)
{
    char path[] = "/tmp/bloomsim_keys_XXXXXX";
    int descriptor = mkstemp(path);
    CU_ASSERT_FATAL(descriptor >= 0);
    const char text[] = "alpha\nbb\r\n\nccc";
    CU_ASSERT_FATAL(write(descriptor, text, sizeof text - 1) == (ssize_t)(sizeof text - 1));
    close(descriptor);
    sim_key_file file;
    char error[256];
    CU_ASSERT_EQUAL_FATAL(sim_key_file_load(&file, path, error, sizeof error), 0);
    CU_ASSERT_EQUAL(file.count, 3);
    sim_key_stream stream;
    sim_key_stream_init(&stream, SIM_KEYS_INSERTED, 1, &file);
    const char *expected[] = { "alpha", "bb", "ccc" };
    for (uint64_t i = 0; i < 3; i++) {
        sim_key key;
        sim_key_at(&stream, i, &key);
        CU_ASSERT_EQUAL(key.length, strlen(expected[i]));
        CU_ASSERT_EQUAL(memcmp(key.bytes, expected[i], key.length), 0);
        CU_ASSERT_PTR_NULL(memchr(key.bytes, '\n', key.length));
    }
    sim_key_file_free(&file);
    unlink(path);
    CU_ASSERT_EQUAL(sim_key_file_load(&file, "/nonexistent/bloomsim", error, sizeof error), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(error, "/nonexistent/bloomsim"));
}

static const bloom_test_case cases[] = {
    { "keys of a stream are distinct", test_stream_keys_distinct },
    { "absent keys are never inserted keys", test_absent_keys_disjoint },
    { "key files: one key per line", test_key_file_lines },
    { "a batch of key values equals them one by one", test_key_values_equal_one_by_one },
    { NULL, NULL },
};

const bloom_test_suite sim_keys_suite = { "sim_keys", cases };
