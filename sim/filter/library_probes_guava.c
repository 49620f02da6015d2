/*
 * library_probes_guava.c - Guava's BloomFilterStrategies.MURMUR128_MITZ_64
 * (read in Guava 31.1, unchanged in 33): the key's 128-bit Murmur3 (seed 0)
 * as two little-endian longs h1 (bytes 0-7) and h2 (bytes 8-15); probe i is
 * (h1 + i h2) in 64-bit wrap-around arithmetic, its sign bit cleared
 * (AND Long.MAX_VALUE), modulo the bit count.  A long key is hashed as its
 * 8 little-endian bytes (Funnels.longFunnel), which is how bloomsim's keys
 * are laid out.
 */
#include "library_hashes.h"
#include "library_probes.h"

void sim_guava_hash(sim_library_hashes *hashes, const void *bytes, size_t length)
{
    sim_murmur3_x64_128(bytes, length, 0, hashes->words);
    hashes->words[2] = hashes->words[3] = 0;
}

uint64_t sim_guava_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m)
{
    uint64_t combined = hashes->words[0] + (uint64_t)i * hashes->words[1];
    return (combined & INT64_MAX) % m;
}
