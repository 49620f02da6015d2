/*
 * sim_library_tests.c - the libraries' hashes and probe sequences
 * (sim/filter/library_hashes.c, sim/filter/library_probes*.c).  Reference
 * values are independent of this code: SMHasher's verification values
 * (Appleby's test suite hashes keys 0..i of bytes 0, 1, ..., i-1 with seed
 * 256 - i, then hashes the concatenated results with seed 0; the first 4
 * bytes of that, little-endian, are 0x27864C1E for MurmurHash2 and
 * 0x6384BA69 for MurmurHash3_x64_128), hash codes printed by the real Guava
 * 31.1 (Hashing.murmur3_128().hashLong(x).toString(), bytes in order), and
 * probe positions worked out by hand from each library's formula with
 * values chosen to make the wrap-around, the sign mask and the cubic term
 * show.  That the whole bit arrays equal the real libraries' is checked by
 * "make check-peers" (tests/peers).
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "library_hashes.h"
#include "library_probes.h"
#include "sim_suites.h"

static void store_le(unsigned char *bytes, uint64_t value, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        bytes[i] = (unsigned char)(value >> (8 * i));
}

static void test_murmur2_smhasher_verification(void)
{
    unsigned char key[256], hashes[256 * 4], final[4];
    for (unsigned i = 0; i < 256; i++) {
        key[i] = (unsigned char)i;
        store_le(hashes + 4 * i, sim_murmur2_32(key, i, 256 - i), 4);
    }
    store_le(final, sim_murmur2_32(hashes, sizeof hashes, 0), 4);
    CU_ASSERT_EQUAL(final[0] | final[1] << 8 | final[2] << 16 | (uint32_t)final[3] << 24, 0x27864C1EU);
}

static void test_murmur3_smhasher_verification(void)
{
    unsigned char key[256], hashes[256 * 16], final[16];
    uint64_t out[2];
    for (unsigned i = 0; i < 256; i++) {
        key[i] = (unsigned char)i;
        sim_murmur3_x64_128(key, i, 256 - i, out);
        store_le(hashes + 16 * i, out[0], 8);
        store_le(hashes + 16 * i + 8, out[1], 8);
    }
    sim_murmur3_x64_128(hashes, sizeof hashes, 0, out);
    store_le(final, out[0], 8);
    CU_ASSERT_EQUAL(final[0] | final[1] << 8 | final[2] << 16 | (uint32_t)final[3] << 24, 0x6384BA69U);
}

static void test_murmur3_matches_guava(void)
{
    /* Guava 31.1: hashLong(0) = cbc357ccb763df28 52fee8c4fc7d55f2, hashLong(12345) =
     * 972983eed3dbd23c 2e8dd4b22f16c222, hashString("hello") = 029bbd41b3a7d8cb
     * 191dae486a901e5b; h1 and h2 are those bytes read little-endian. */
    static const struct { uint64_t key, h1, h2; } longs[] = {
        { 0, 0x28df63b7cc57c3cbULL, 0xf2557dfcc4e8fe52ULL },
        { 12345, 0x3cd2dbd3ee832997ULL, 0x22c2162fb2d48d2eULL },
    };
    for (size_t i = 0; i < sizeof longs / sizeof longs[0]; i++) {
        unsigned char bytes[8];
        sim_library_hashes hashes;
        store_le(bytes, longs[i].key, 8);
        sim_library_hash(&hashes, SIM_LIBRARY_GUAVA, bytes, 8);
        CU_ASSERT_EQUAL(hashes.words[0], longs[i].h1);
        CU_ASSERT_EQUAL(hashes.words[1], longs[i].h2);
    }
    uint64_t out[2];
    sim_murmur3_x64_128("hello", 5, 0, out);
    CU_ASSERT_EQUAL(out[0], 0xcbd8a7b341bd9b02ULL);
    CU_ASSERT_EQUAL(out[1], 0x5b1e906a48ae1d19ULL);
}

/*
 * Cassandra's MurmurHash3 (library_probes_cassandra.c).  Keys whose tail bytes are all below
 * 0x80 (their 16-byte blocks may hold any bytes: Cassandra reads blocks unsigned): Guava 31.1's
 * Hashing.murmur3_128().hashBytes(key), its asBytes() read as two little-endian longs.  Keys
 * with a tail byte of 0x80 or more: the quirk derived by hand (the byte at position j of a
 * lane contributes (b - 256) << 8j: {0x80} has the lane 0xffffffffffffff80, not 0x80; the top
 * byte of a full 8-byte lane sign-extends past bit 63, so {0,..,0,0x80} is unchanged), with the
 * values of the DataStax Python driver (python3-cassandra 3.25, cassandra.murmur3, which must
 * reproduce Cassandra's tokens: h1 from its C murmur3, h2 = F(a) + 2 F(b) from the two fmix
 * values of its pure-Python version); Guava gives 61619a676395018a 04d49bf29c500821 for {0x80}.
 * "make check-peers" recomputes both kinds live.
 */
static void test_cassandra_murmur3(void)
{
    static const struct { const char *hex; uint64_t h1, h2; } vectors[] = {
        /* tail bytes below 0x80: Guava's values */
        { "0102030405060708", 0x9ce80ca5ef93bfdcULL, 0xc567e5e6b655ac07ULL },
        { "01020304050607087f", 0xefe69131e9e1634fULL, 0xe40be2afe53edeffULL },
        { "808182838485868788898a8b8c8d8e8f10203040", 0xe5a713677d51c8a8ULL, 0xbd435f7c3afcba1eULL },
        { "0000000000000080", 0x01159dfeb4593227ULL, 0x8bdef8b0ec4fe0b6ULL },   /* top byte: as Guava */
        /* a tail byte of 0x80 or more: the driver's values, not Guava's */
        { "80", 0xb6aa75aff6f3b434ULL, 0x6ec0210d9ab133c5ULL },
        { "0180", 0xedcd1557495f109dULL, 0x0e12ecca8440e983ULL },
        { "ff000000000000000080", 0x7343214185fd9c25ULL, 0xcb5f39ff3d40f452ULL },
    };
    for (size_t v = 0; v < sizeof vectors / sizeof vectors[0]; v++) {
        unsigned char bytes[32];
        size_t length = strlen(vectors[v].hex) / 2;
        for (size_t i = 0; i < length; i++) {
            unsigned value = 0;
            sscanf(vectors[v].hex + 2 * i, "%2x", &value);
            bytes[i] = (unsigned char)value;
        }
        sim_library_hashes hashes;
        sim_library_hash(&hashes, SIM_LIBRARY_CASSANDRA, bytes, length);
        CU_ASSERT_EQUAL(hashes.words[0], vectors[v].h1);
        CU_ASSERT_EQUAL(hashes.words[1], vectors[v].h2);
        uint64_t standard[2];
        sim_murmur3_x64_128(bytes, length, 0, standard);
        CU_ASSERT_EQUAL(standard[0] == vectors[v].h1, v < 4);   /* the quirk changes exactly the last three */
    }
}

static void test_probes_by_hand(void)
{
    /* Cassandra: base = h2, inc = h1, |base| mod m of the signed long.  h2 = 3, h1 = -1: 3, 2, 1,
     * 0, then -1 and -2 give 1 and 2; h2 = 2^63 (Long.MIN_VALUE), h1 = 5: |-2^63| = 2^63 ->
     * 808 (mod 1000), then -(2^63 - 5) -> 803 and -(2^63 - 10) -> 798. */
    static const uint64_t reflected[] = { 3, 2, 1, 0, 1, 2 };
    sim_library_hashes cassandra = { { UINT64_MAX, 3, 0, 0 } };
    for (unsigned i = 0; i < 6; i++)
        CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_CASSANDRA, &cassandra, i, 1000), reflected[i]);
    sim_library_hashes minimum = { { 5, UINT64_C(1) << 63, 0, 0 } };
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_CASSANDRA, &minimum, 0, 1000), 808);
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_CASSANDRA, &minimum, 1, 1000), 803);
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_CASSANDRA, &minimum, 2, 1000), 798);
    /* Guava: h1 = 2^63 + 5, h2 = 2^63 + 1: the sum wraps mod 2^64 and the sign bit is masked. */
    sim_library_hashes guava = { { (1ULL << 63) + 5, (1ULL << 63) + 1, 0, 0 } };
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_GUAVA, &guava, 0, 1000), 5);
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_GUAVA, &guava, 1, 1000), 6);   /* 2^64 + 6 -> 6 */
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_GUAVA, &guava, 2, 1000), 7);   /* 2^63 + 7, masked */
    /* libbloom: a = 2^32 - 1, b = 2: (a + b) mod 2^32 = 1, (a + 2b) mod 2^32 = 3. */
    sim_library_hashes libbloom = { { 0xffffffffULL, 2, 0, 0 } };
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_LIBBLOOM, &libbloom, 0, 1000), 4294967295ULL % 1000);
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_LIBBLOOM, &libbloom, 1, 1000), 1);
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_LIBBLOOM, &libbloom, 2, 1000), 3);
    /* bits-and-blooms: h = (10, 20, 300, 4000); i = 1: h1 + h3, 2: h0 + 2 h3, 3: h1 + 3 h2. */
    sim_library_hashes go = { { 10, 20, 300, 4000 } };
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_BITS_AND_BLOOMS, &go, 0, 100000), 10);
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_BITS_AND_BLOOMS, &go, 1, 100000), 4020);
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_BITS_AND_BLOOMS, &go, 2, 100000), 8010);
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_BITS_AND_BLOOMS, &go, 3, 100000), 920);
    /* bloom-filters: a = 10, b = 3: i = 3 gives 10 + 9 + (27 - 3)/6 = 23; i = 5: 10 + 15 + 20 = 45. */
    sim_library_hashes npm = { { 10, 3, 0, 0 } };
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_BLOOM_FILTERS, &npm, 3, 1000), 23);
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_BLOOM_FILTERS, &npm, 5, 1000), 45);
    CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_BLOOM_FILTERS, &npm, 5, 40), 5);
}

/*
 * RocksDB's FastLocalBloom and Parquet's split block by hand (FORMULAS.md §m.4):
 *   rocksdb, m = 2048 (4 lines): lower half 2^31 picks line (2^31 x 4) >> 32 = 2; upper half
 *     1 gives bits (0x9e3779b9^i mod 2^32) >> 23 = 0, 316, 454, 230 of the line (computed
 *     separately), so 1024, 1340, 1478, 1254; upper half 2^31 stays 2^31 under odd
 *     multipliers: every probe at bit 256 of the line, 1280.
 *   parquet, m = 1024 (4 blocks of 256): upper half 2^31 picks block 2, lower half 1 sets bit
 *     SALT[i] >> 27 of word i: 512 + 32 i + (8, 8, 17, 20, 14, 5, 19, 11).
 * And the hashes against their published values for the empty input: XXH3_64bits = 
 * 0x2d06800538d394c2, XXH64 seed 0 = 0xef46db3751d8e999 (xxHash's README and tests).
 */
static void test_block_libraries_by_hand(void)
{
    static const uint64_t rocksdb_bits[] = { 1024, 1340, 1478, 1254 };
    static const uint64_t parquet_bits[] = { 520, 552, 593, 628, 654, 677, 723, 747 };
    sim_library_hashes rocks = { { (UINT64_C(1) << 32) | 0x80000000U, 0, 0, 0 } };
    for (unsigned i = 0; i < 4; i++)
        CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_ROCKSDB, &rocks, i, 2048), rocksdb_bits[i]);
    sim_library_hashes repeating = { { (UINT64_C(0x80000000) << 32) | 0x80000000U, 0, 0, 0 } };
    for (unsigned i = 0; i < 6; i++)
        CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_ROCKSDB, &repeating, i, 2048), 1280);
    sim_library_hashes parquet = { { (UINT64_C(0x80000000) << 32) | 1U, 0, 0, 0 } };
    for (unsigned i = 0; i < 8; i++)
        CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_PARQUET, &parquet, i, 1024), parquet_bits[i]);
    sim_library_hashes empty;
    sim_library_hash(&empty, SIM_LIBRARY_ROCKSDB, "", 0);
    CU_ASSERT_EQUAL(empty.words[0], UINT64_C(0x2d06800538d394c2));
    sim_library_hash(&empty, SIM_LIBRARY_PARQUET, "", 0);
    CU_ASSERT_EQUAL(empty.words[0], UINT64_C(0xef46db3751d8e999));
}

/*
 * LevelDB: its Hash against the values of its own util/hash_test.cc (1.23),
 * and its probes by hand: h = 2^17 + 3 gives delta = rotr17(h) = 1 + 3 x
 * 2^15 = 98305, so probes 0..2 at 131075, 229380, 327685 (mod 10^6: the
 * same); h = 2^32 - 1 gives delta = 2^32 - 1, so probe i is (2^32 - 1 - i)
 * mod 10^6 = 967295 - i (the 32-bit wrap-around).
 */
static void test_leveldb_by_hand(void)
{
    static const unsigned char data1[] = { 0x62 }, data2[] = { 0xc3, 0x97 },
                               data3[] = { 0xe2, 0x99, 0xa5 }, data4[] = { 0xe1, 0x80, 0xb9, 0x32 };
    static const unsigned char data5[48] = {
        0x01, 0xc0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x14, 0, 0, 0, 0, 0, 0x04, 0,
        0, 0, 0, 0x14, 0, 0, 0, 0x18, 0x28, 0, 0, 0, 0, 0, 0, 0, 0x02, 0, 0, 0, 0, 0, 0, 0 };
    CU_ASSERT_EQUAL(sim_leveldb_hash("", 0, 0xbc9f1d34U), 0xbc9f1d34U);
    CU_ASSERT_EQUAL(sim_leveldb_hash(data1, sizeof data1, 0xbc9f1d34U), 0xef1345c4U);
    CU_ASSERT_EQUAL(sim_leveldb_hash(data2, sizeof data2, 0xbc9f1d34U), 0x5b663814U);
    CU_ASSERT_EQUAL(sim_leveldb_hash(data3, sizeof data3, 0xbc9f1d34U), 0x323c078fU);
    CU_ASSERT_EQUAL(sim_leveldb_hash(data4, sizeof data4, 0xbc9f1d34U), 0xed21633aU);
    CU_ASSERT_EQUAL(sim_leveldb_hash(data5, sizeof data5, 0x12345678U), 0xf333dabbU);
    sim_library_hashes empty;
    sim_library_hash(&empty, SIM_LIBRARY_LEVELDB, "", 0);
    CU_ASSERT_EQUAL(empty.words[0], 0xbc9f1d34U);
    static const uint64_t stepped[] = { 131075, 229380, 327685 };
    sim_library_hashes step = { { (1U << 17) + 3, 0, 0, 0 } };
    for (unsigned i = 0; i < 3; i++)
        CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_LEVELDB, &step, i, 1000000), stepped[i]);
    sim_library_hashes wrapping = { { 0xffffffffU, 0, 0, 0 } };
    for (unsigned i = 0; i < 6; i++)
        CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_LEVELDB, &wrapping, i, 1000000), 967295 - i);
}

/*
 * RocksDB's legacy Bloom filter: its Hash(key, 0xbc9f1d34) against the values
 * the real librocksdb 7.8.3 returns (rocksdb::Hash, through tests/peers/rocksdb_peer
 * hashes): LevelDB's where no tail byte is 0x80 or more ("", 62, e180b932 as in
 * LevelDB's hash_test.cc), different where one is (c397, e299a5, 80, ...).
 * Probes by hand: h = 2^17 + 3 in 3 lines is line 131075 mod 3 = 2, start 3,
 * delta = 98305 = 1 mod 512, so bits 1024 + 3, 4, 5; h = 2^32 - 1 is line 0
 * (2^32 = 1 mod 3), start 511, delta = -1: bits 511 - i.
 */
static void test_rocksdb_legacy_by_hand(void)
{
    static const struct { const char *bytes; size_t length; uint32_t hash; } keys[] = {
        { "", 0, 0xbc9f1d34U }, { "\x62", 1, 0xef1345c4U }, { "\xc3\x97", 2, 0x0f2ba540U },
        { "\xe2\x99\xa5", 3, 0x530174eeU }, { "\xe1\x80\xb9\x32", 4, 0xed21633aU },
        { "\x80", 1, 0x91b755f4U }, { "\xff\x80", 2, 0xd2b4b611U }, { "\x01\x80\xff", 3, 0x364264bcU },
        { "\x00\x00\x00\x00\xff", 5, 0xb8af1560U }, { "\x80\x80\x80\x80\x80\x80\x80", 7, 0xe26af797U },
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        CU_ASSERT_EQUAL(sim_rocksdb_legacy_hash(keys[i].bytes, keys[i].length, 0xbc9f1d34U), keys[i].hash);
        sim_library_hashes hashes;
        sim_library_hash(&hashes, SIM_LIBRARY_ROCKSDB_LEGACY, keys[i].bytes, keys[i].length);
        CU_ASSERT_EQUAL(hashes.words[0], keys[i].hash);
    }
    sim_library_hashes step = { { (1U << 17) + 3, 0, 0, 0 } };
    for (unsigned i = 0; i < 3; i++)
        CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_ROCKSDB_LEGACY, &step, i, 3 * 512), 1027 + i);
    sim_library_hashes wrapping = { { 0xffffffffU, 0, 0, 0 } };
    for (unsigned i = 0; i < 6; i++)
        CU_ASSERT_EQUAL(sim_library_probe(SIM_LIBRARY_ROCKSDB_LEGACY, &wrapping, i, 3 * 512), 511 - i);
}

static void test_positions_follow_probes(void)
{
    unsigned char key[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    for (int family = 0; family < SIM_LIBRARY_FAMILY_COUNT; family++) {
        uint64_t positions[7];
        sim_library_hashes hashes;
        sim_library_positions(positions, (sim_library_family)family, key, 8, 9585, 7);
        sim_library_hash(&hashes, (sim_library_family)family, key, 8);
        for (unsigned i = 0; i < 7; i++) {
            CU_ASSERT(positions[i] < 9585);
            CU_ASSERT_EQUAL(positions[i], sim_library_probe((sim_library_family)family, &hashes, i, 9585));
        }
    }
}

static const bloom_test_case cases[] = {
    { "MurmurHash2: SMHasher verification value", test_murmur2_smhasher_verification },
    { "MurmurHash3_x64_128: SMHasher verification value", test_murmur3_smhasher_verification },
    { "MurmurHash3_x64_128: Guava 31.1's hash codes", test_murmur3_matches_guava },
    { "Cassandra's MurmurHash3: Guava's below 0x80, the signed tail above", test_cassandra_murmur3 },
    { "library probes by hand: wrap-around, sign mask, cubic term, abs", test_probes_by_hand },
    { "RocksDB FastLocalBloom and Parquet split block by hand", test_block_libraries_by_hand },
    { "LevelDB hash and probes by hand", test_leveldb_by_hand },
    { "RocksDB legacy hash (librocksdb's values) and probes by hand", test_rocksdb_legacy_by_hand },
    { "positions are the probes, below m", test_positions_follow_probes },
    { NULL, NULL },
};

const bloom_test_suite sim_library_suite = { "sim_library", cases };
