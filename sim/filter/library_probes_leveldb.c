/*
 * library_probes_leveldb.c - LevelDB's built-in Bloom filter and RocksDB's
 * legacy one, which probe alike from one 32-bit hash.
 *
 * LevelDB (util/bloom.cc of LevelDB 1.23, NewBloomFilterPolicy): h =
 * Hash(key, 0xbc9f1d34) (library_hashes.h), delta = h rotated right by 17
 * bits, and probe i at bit ((h + i delta) mod 2^32) mod m, m the filter's
 * bytes times 8.  The step derives from the same 32 bits as the start, which
 * raises the rate of large filters (calc/FORMULAS.md §r).
 *
 * RocksDB's legacy filter, the one format_version <= 4 builds
 * (LegacyLocalityBloomImpl<false>::AddHash and HashMayMatchPrepared of
 * util/bloom_impl.h, LegacyBloomBitsBuilder of
 * table/block_based/filter_policy.cc, RocksDB v7.8.3): h = RocksDB's Hash(key,
 * 0xbc9f1d34) (LevelDB's with signed tail bytes) picks the 512-bit cache
 * line h mod L of the filter's L lines, and probe i sets bit (h + i delta)
 * mod 512 of that line: an arithmetic progression whose start and step are
 * bits of the same h that chose the line (calc/FORMULAS.md §e.8).
 */
#include "library_hashes.h"
#include "library_probes.h"

#define BLOOM_HASH_SEED 0xbc9f1d34U
#define CACHE_LINE_BITS 512U

static void one_hash(sim_library_hashes *hashes, uint32_t h)
{
    hashes->words[0] = h;
    hashes->words[1] = hashes->words[2] = hashes->words[3] = 0;
}

/* Both libraries' step: h rotated right by 17 bits. */
static uint32_t rotated_step(uint32_t h)
{
    return h >> 17 | h << 15;
}

void sim_leveldb_hash_key(sim_library_hashes *hashes, const void *bytes, size_t length)
{
    one_hash(hashes, sim_leveldb_hash(bytes, length, BLOOM_HASH_SEED));
}

uint64_t sim_leveldb_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m)
{
    uint32_t h = (uint32_t)hashes->words[0];
    return (uint32_t)(h + (uint32_t)i * rotated_step(h)) % m;
}

void sim_rocksdb_legacy_hash_key(sim_library_hashes *hashes, const void *bytes, size_t length)
{
    one_hash(hashes, sim_rocksdb_legacy_hash(bytes, length, BLOOM_HASH_SEED));
}

uint64_t sim_rocksdb_legacy_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m)
{
    uint32_t h = (uint32_t)hashes->words[0];
    uint32_t lines = (uint32_t)(m / CACHE_LINE_BITS);
    return (uint64_t)(h % lines) * CACHE_LINE_BITS + (uint32_t)(h + (uint32_t)i * rotated_step(h)) % CACHE_LINE_BITS;
}
