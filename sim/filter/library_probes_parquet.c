/*
 * library_probes_parquet.c - Parquet's split-block Bloom filter (the
 * format's BloomFilter.md, and parquet-mr 1.13 BlockSplitBloomFilter): a
 * value's hash is XXH64 of its plain encoding with seed 0 (a long: its 8
 * little-endian bytes, as bloomsim's keys are laid out); the block of 256
 * bits is ((h >> 32) x blocks) >> 32, blocks = m / 256 (m a power of two,
 * at least 256); in each of its 8 words of 32 bits one bit is set, bit
 * (lower32(h) x SALT[i] mod 2^32) >> 27 of word i, with the format's eight
 * odd salts.  parquet-mr and the specification share this arithmetic and
 * hash (they differ only in the sizing cap: calc/src/library_rules.c).
 */
#include <xxhash.h>

#include "library_probes.h"

#define BLOCK_BITS 256U
#define WORD_BITS 32U

static const uint32_t salts[8] = { 0x47b6137bU, 0x44974d91U, 0x8824ad5bU, 0xa2b7289dU,
                                   0x705495c7U, 0x2df1424bU, 0x9efc4947U, 0x5c6bfb31U };

void sim_parquet_hash(sim_library_hashes *hashes, const void *bytes, size_t length)
{
    hashes->words[0] = XXH64(bytes, length, 0);
    hashes->words[1] = hashes->words[2] = hashes->words[3] = 0;
}

uint64_t sim_parquet_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m)
{
    uint64_t hash = hashes->words[0];
    uint64_t block = ((hash >> 32) * (m / BLOCK_BITS)) >> 32;
    uint32_t bit = ((uint32_t)hash * salts[i % 8]) >> 27;
    return block * BLOCK_BITS + (i % 8) * WORD_BITS + bit;
}
