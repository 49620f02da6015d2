/*
 * library_probes_leveldb.c - LevelDB's built-in Bloom filter (util/bloom.cc
 * of LevelDB 1.23, NewBloomFilterPolicy): a key's one 32-bit hash h =
 * Hash(key, 0xbc9f1d34) (library_hashes.h), delta = h rotated right by 17
 * bits, and probe i at bit ((h + i delta) mod 2^32) mod m, m the filter's
 * bytes times 8.  The step derives from the same 32 bits as the start, which
 * raises the rate of large filters (calc/FORMULAS.md §r).
 */
#include "library_hashes.h"
#include "library_probes.h"

#define LEVELDB_BLOOM_SEED 0xbc9f1d34U

void sim_leveldb_hash_key(sim_library_hashes *hashes, const void *bytes, size_t length)
{
    hashes->words[0] = sim_leveldb_hash(bytes, length, LEVELDB_BLOOM_SEED);
    hashes->words[1] = hashes->words[2] = hashes->words[3] = 0;
}

uint64_t sim_leveldb_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m)
{
    uint32_t h = (uint32_t)hashes->words[0];
    uint32_t delta = h >> 17 | h << 15;
    return (uint32_t)(h + (uint32_t)i * delta) % m;
}
