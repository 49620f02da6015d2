/*
 * library_hashes.c - MurmurHash3_x64_128 and MurmurHash2 (32-bit), the
 * hashes of Guava, bits-and-blooms/bloom, Cassandra and libbloom
 * (library_hashes.h), written from Appleby's published description of the
 * algorithms.  Cassandra's variant differs only in its tail: where the
 * standard reads tail byte j of a lane as the unsigned b_j << 8j, Cassandra
 * (MurmurHash.hash3_x64_128) casts the Java byte to a long first, so a byte
 * b_j >= 0x80 contributes (b_j - 256) << 8j: the standard lane XOR the
 * ones from bit 8(j + 1) up to bit 63 (nothing for the lane's top byte).
 */
#include "library_hashes.h"

static uint64_t rotate_left64(uint64_t x, unsigned r)
{
    return (x << r) | (x >> (64 - r));
}

/* Bytes [0, count) of `bytes` as a little-endian integer (count <= 8). */
static uint64_t little_endian(const unsigned char *bytes, unsigned count)
{
    uint64_t value = 0;
    for (unsigned i = count; i-- > 0;)
        value = value << 8 | bytes[i];
    return value;
}

/* MurmurHash3's finaliser: full avalanche of a 64-bit lane. */
static uint64_t murmur3_fmix64(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
}

#define MURMUR3_C1 0x87c37b91114253d5ULL
#define MURMUR3_C2 0x4cf5ad432745937fULL

static uint64_t murmur3_mix_k1(uint64_t k1)
{
    return rotate_left64(k1 * MURMUR3_C1, 31) * MURMUR3_C2;
}

static uint64_t murmur3_mix_k2(uint64_t k2)
{
    return rotate_left64(k2 * MURMUR3_C2, 33) * MURMUR3_C1;
}

/* The tail lane of bytes [0, count): little-endian, and with `signed_bytes`
 * each byte >= 0x80 sign-extended through the lane's higher bits. */
static uint64_t tail_lane(const unsigned char *bytes, unsigned count, int signed_bytes)
{
    uint64_t value = little_endian(bytes, count);
    for (unsigned j = 0; signed_bytes && j < count && j < 7; j++)
        if (bytes[j] & 0x80)
            value ^= ~UINT64_C(0) << (8 * (j + 1));
    return value;
}

static void murmur3_x64_128(const void *bytes, size_t length, uint32_t seed, int signed_tail,
                            uint64_t out[2])
{
    const unsigned char *data = bytes;
    uint64_t h1 = seed, h2 = seed;
    size_t blocks = length / 16;
    for (size_t i = 0; i < blocks; i++, data += 16) {
        h1 ^= murmur3_mix_k1(little_endian(data, 8));
        h1 = rotate_left64(h1, 27) + h2;
        h1 = h1 * 5 + 0x52dce729;
        h2 ^= murmur3_mix_k2(little_endian(data + 8, 8));
        h2 = rotate_left64(h2, 31) + h1;
        h2 = h2 * 5 + 0x38495ab5;
    }
    unsigned tail = (unsigned)(length & 15);
    if (tail > 8)
        h2 ^= murmur3_mix_k2(tail_lane(data + 8, tail - 8, signed_tail));
    if (tail > 0)
        h1 ^= murmur3_mix_k1(tail_lane(data, tail > 8 ? 8 : tail, signed_tail));
    h1 ^= (uint64_t)length;
    h2 ^= (uint64_t)length;
    h1 += h2;
    h2 += h1;
    h1 = murmur3_fmix64(h1);
    h2 = murmur3_fmix64(h2);
    h1 += h2;
    h2 += h1;
    out[0] = h1;
    out[1] = h2;
}

void sim_murmur3_x64_128(const void *bytes, size_t length, uint32_t seed, uint64_t out[2])
{
    murmur3_x64_128(bytes, length, seed, 0, out);
}

void sim_cassandra_murmur3_x64_128(const void *bytes, size_t length, uint32_t seed, uint64_t out[2])
{
    murmur3_x64_128(bytes, length, seed, 1, out);
}

uint32_t sim_murmur2_32(const void *bytes, size_t length, uint32_t seed)
{
    const uint32_t multiplier = 0x5bd1e995;
    const unsigned char *data = bytes;
    uint32_t h = seed ^ (uint32_t)length;
    for (; length >= 4; length -= 4, data += 4) {
        uint32_t k = (uint32_t)little_endian(data, 4) * multiplier;
        k ^= k >> 24;
        h = h * multiplier ^ k * multiplier;
    }
    if (length > 0)
        h = (h ^ (uint32_t)little_endian(data, (unsigned)length)) * multiplier;
    h ^= h >> 13;
    h *= multiplier;
    return h ^ h >> 15;
}

/* The 1 to 3 tail bytes as LevelDB's Hash adds them: b_j << 8j, each b_j
 * first sign-extended to 32 bits when `signed_tail` (RocksDB's int8_t casts). */
static uint32_t hash_tail(const unsigned char *data, size_t length, int signed_tail)
{
    uint32_t tail = 0;
    for (unsigned j = 0; j < length; j++) {
        uint32_t byte = data[j];
        if (signed_tail && byte >= 0x80)
            byte |= 0xffffff00U;
        tail += byte << (8 * j);
    }
    return tail;
}

static uint32_t murmur1_hash(const void *bytes, size_t length, uint32_t seed, int signed_tail)
{
    const uint32_t multiplier = 0xc6a4a793U;
    const unsigned char *data = bytes;
    /* LevelDB multiplies the size_t length: only its low 32 bits reach h */
    uint32_t h = seed ^ (uint32_t)((uint64_t)length * multiplier);
    for (; length >= 4; length -= 4, data += 4) {
        h = (h + (uint32_t)little_endian(data, 4)) * multiplier;
        h ^= h >> 16;
    }
    if (length > 0) {
        h = (h + hash_tail(data, length, signed_tail)) * multiplier;
        h ^= h >> 24;
    }
    return h;
}

uint32_t sim_leveldb_hash(const void *bytes, size_t length, uint32_t seed)
{
    return murmur1_hash(bytes, length, seed, 0);
}

uint32_t sim_rocksdb_legacy_hash(const void *bytes, size_t length, uint32_t seed)
{
    return murmur1_hash(bytes, length, seed, 1);
}
