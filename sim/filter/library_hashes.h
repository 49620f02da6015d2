/*
 * library_hashes.h - the hash functions of the Bloom filter libraries whose
 * filters bloomsim reproduces bit for bit (library_probes.h), written from
 * the published algorithms:
 *
 *   MurmurHash3_x64_128  Austin Appleby's SMHasher MurmurHash3 (public
 *                        domain), the 128-bit variant for x64: 16-byte
 *                        blocks mixed into two 64-bit lanes with the
 *                        constants c1 = 0x87c37b91114253d5, c2 =
 *                        0x4cf5ad432745937f, a tail, the length, and the
 *                        fmix64 finaliser.  Guava's Hashing.murmur3_128()
 *                        (seed 0) and bits-and-blooms/bloom use it;
 *                        Cassandra's MurmurHash.hash3_x64_128 reads the
 *                        tail's bytes signed (library_hashes.c), which
 *                        changes the hash of a key whose length is not a
 *                        multiple of 16 when a tail byte other than a
 *                        lane's top one is 0x80 or more.
 *   MurmurHash2          Appleby's 32-bit MurmurHash2 (m = 0x5bd1e995,
 *                        r = 24), the hash libbloom calls twice.
 *   LevelDB's Hash       LevelDB 1.23 util/hash.cc, "similar to murmur
 *                        hash": h = seed XOR (length x 0xc6a4a793), then
 *                        per 4-byte word h = (h + w) x 0xc6a4a793, h ^=
 *                        h >> 16, and a tail of 1 to 3 bytes added as a
 *                        little-endian integer, multiplied and h ^= h >> 24.
 *                        Its Bloom filter hashes with seed 0xbc9f1d34.
 *                        RocksDB's Hash (util/hash.cc, v7.8.3), which its
 *                        legacy Bloom filter calls with the same seed, casts
 *                        each tail byte to int8_t and then to uint32_t before
 *                        its shift, so a tail byte of 0x80 or more adds its
 *                        sign extension too.
 *
 * Both read their input as little-endian words, so the values do not depend
 * on the host's byte order.
 */
#ifndef BLOOMSIM_LIBRARY_HASHES_H
#define BLOOMSIM_LIBRARY_HASHES_H

#include <stddef.h>
#include <stdint.h>

/* out[0] = h1, out[1] = h2 of MurmurHash3_x64_128(bytes, length, seed). */
void sim_murmur3_x64_128(const void *bytes, size_t length, uint32_t seed, uint64_t out[2]);

/* The same with Cassandra's signed tail bytes (equal to the above when every
 * tail byte is below 0x80). */
void sim_cassandra_murmur3_x64_128(const void *bytes, size_t length, uint32_t seed, uint64_t out[2]);

/* MurmurHash2 (32-bit) of `length` bytes under `seed`. */
uint32_t sim_murmur2_32(const void *bytes, size_t length, uint32_t seed);

/* LevelDB's Hash(data, length, seed) (32-bit). */
uint32_t sim_leveldb_hash(const void *bytes, size_t length, uint32_t seed);

/* RocksDB's Hash(data, length, seed): LevelDB's with the tail bytes signed. */
uint32_t sim_rocksdb_legacy_hash(const void *bytes, size_t length, uint32_t seed);

#endif
