/*
 * library_probes_cassandra.c - Apache Cassandra's Bloom filter (read in
 * apache/cassandra's utils/BloomFilter.java and MurmurHash.java, 3.0 to 5.0;
 * the sizing is calc/src/library_rules.c): the key's hash is
 * MurmurHash.hash3_x64_128(key, seed 0), MurmurHash3_x64_128 with the tail
 * bytes read signed (library_hashes.c), giving hash[0] = h1, hash[1] = h2;
 * then setIndexes(base = hash[1], inc = hash[0]): probe i is
 * abs(base_i % max) with base_i = h2 + i h1 in 64-bit two's complement
 * wrap-around, Java's remainder (the sign of the dividend) and max =
 * bitset.capacity(), the bits of the whole 64-bit words allocated.  As
 * abs(b % max) = |b| mod max (|b| of a long at most 2^63, so no overflow), a
 * probe is the magnitude of the signed 64-bit base_i reduced mod max.
 * (Cassandra 1.2 to 2.1 used base = h1, inc = h2, and 3.x kept that order
 * for its older sstables, "oldBfHashOrder"; this is the order of the
 * sstables 3.0 and later write.)
 *
 * The key's bytes.  Cassandra hashes the partition key's serialised bytes,
 * so a simulator key is taken as a partition key whose serialised form is
 * the key's bytes as bloomsim lays them out (keys.h): a blob (BytesType) or
 * text (UTF8Type) partition key holding them.  A generated inserted key is
 * 8 bytes and an absent one 9, so every key here has a tail (8 bytes in h1's
 * lane, and one more in h2's for an absent key), and about half their bytes
 * are >= 0x80: the signed-tail quirk applies to most keys, as it does to a
 * short blob or text key with such bytes in Cassandra.
 */
#include "library_hashes.h"
#include "library_probes.h"

void sim_cassandra_hash(sim_library_hashes *hashes, const void *bytes, size_t length)
{
    sim_cassandra_murmur3_x64_128(bytes, length, 0, hashes->words);
    hashes->words[2] = hashes->words[3] = 0;
}

uint64_t sim_cassandra_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m)
{
    uint64_t base = hashes->words[1] + (uint64_t)i * hashes->words[0];
    uint64_t magnitude = base >> 63 ? (uint64_t)0 - base : base;   /* |base| as a signed long */
    return magnitude % m;
}
