/*
 * library_probes_rocksdb.c - RocksDB's FastLocalBloom (format_version 5;
 * util/bloom_impl.h FastLocalBloomImpl::AddHash and HashMayMatch, and
 * table/block_based/filter_policy.cc, read in Debian's rocksdb 7.8.3): a
 * key's 64-bit hash h chooses the 512-bit cache line with its lower half,
 * FastRange32: line = (lower32(h) x lines) / 2^32, lines = m / 512; its
 * upper half h2 gives the probes, probe i at bit (h2 x 0x9e3779b9^i mod
 * 2^32) / 2^23 of the line (the top 9 bits of a 32-bit product).  All k
 * probes of a key share a line and may repeat (the blocked layout, with
 * RocksDB's own in-line arithmetic in place of independent draws).
 *
 * The hash: RocksDB hashes keys with XXPH3, a preview release of XXH3
 * whose values differ from the released XXH3; this file uses the released
 * XXH3_64bits (libxxhash), so the index arithmetic is RocksDB's but the
 * bits set are not the real RocksDB's for the same keys (tests/peers
 * compares the measured rates instead).
 */
#include <xxhash.h>

#include "library_probes.h"

#define CACHE_LINE_BITS 512U
#define GOLDEN_RATIO_32 0x9e3779b9U

void sim_rocksdb_hash(sim_library_hashes *hashes, const void *bytes, size_t length)
{
    hashes->words[0] = XXH3_64bits(bytes, length);
    hashes->words[1] = hashes->words[2] = hashes->words[3] = 0;
}

uint64_t sim_rocksdb_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m)
{
    uint64_t hash = hashes->words[0];
    uint32_t lines = (uint32_t)(m / CACHE_LINE_BITS);
    uint64_t line = ((uint64_t)(uint32_t)hash * lines) >> 32;
    uint32_t probe = (uint32_t)(hash >> 32);
    for (unsigned j = 0; j < i; j++)
        probe *= GOLDEN_RATIO_32;
    return line * CACHE_LINE_BITS + (probe >> (32 - 9));
}
