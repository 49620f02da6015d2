/*
 * library_probes_bloom_filters.c - the npm package bloom-filters 3.0.4
 * (Hashing.getIndexes and doubleHashing, read in its dist/hashing): hashTwice
 * takes xxhashjs h64(key, seed + 1) and h64(key, seed + 2) for the default
 * seed 0x1234567890, through cuint's toNumber, which keeps the low 32 bits
 * (and cuint keeps the low 32 bits of the seed too: 0x34567891, 0x34567892);
 * index i = |a + i b + floor((i^3 - i)/6)| mod m in doubles, all exact
 * integers below 2^53, so the same in 64-bit integers here.
 */
#include <xxhash.h>

#include "library_probes.h"

void sim_bloom_filters_hash(sim_library_hashes *hashes, const void *bytes, size_t length)
{
    hashes->words[0] = XXH64(bytes, length, 0x34567891ULL) & 0xffffffffULL;
    hashes->words[1] = XXH64(bytes, length, 0x34567892ULL) & 0xffffffffULL;
    hashes->words[2] = hashes->words[3] = 0;
}

uint64_t sim_bloom_filters_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m)
{
    uint64_t j = i;
    return (hashes->words[0] + j * hashes->words[1] + (j * j * j - j) / 6) % m;
}
