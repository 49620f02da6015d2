/*
 * library_probes.h - the probe sequences of real Bloom filter libraries:
 * from a key's bytes, the library's own hash values, and from them the
 * library's own index arithmetic, word widths, wrap-around, sign masks and
 * reductions included, so that a filter bloomsim builds with them has the
 * very bits the library's filter has (tests/peers checks it against the
 * libraries themselves).  One file per library family:
 *
 *   guava            library_probes_guava.c: Murmur3_x64_128(key) = (h1,
 *                    h2); probe i = ((h1 + i h2) mod 2^64 AND (2^63 - 1))
 *                    mod m, m a multiple of 64 (BloomFilterStrategies
 *                    MURMUR128_MITZ_64).
 *   bits-and-blooms  library_probes_bits_and_blooms.c: (h1, h2) =
 *                    Murmur3_x64_128(key), (h3, h4) = Murmur3_x64_128(key
 *                    followed by the byte 1); probe i = (h[i mod 2] + i
 *                    h[2 + ((i + i mod 2) mod 4) / 2]) mod 2^64 mod m.
 *   libbloom         library_probes_libbloom.c: a = MurmurHash2(key,
 *                    0x9747b28c), b = MurmurHash2(key, a); probe i =
 *                    ((a + i b) mod 2^32) mod m.
 *   bloom-filters    library_probes_bloom_filters.c: a, b = the low 32 bits
 *                    of XXH64(key, 0x34567891) and XXH64(key, 0x34567892)
 *                    (its default seed 0x1234567890 plus 1 and 2, which
 *                    xxhashjs truncates to 32 bits); probe i = (a + i b +
 *                    (i^3 - i)/6) mod m, exact (doubles below 2^53).
 *   rocksdb          library_probes_rocksdb.c: FastLocalBloom's cache line
 *                    (FastRange32 of the lower half of a 64-bit hash) and
 *                    in-line probes (the upper half times 0x9e3779b9^i, top
 *                    9 bits); the hash is XXH3_64bits, not RocksDB's XXPH3.
 *   parquet          library_probes_parquet.c: XXH64(key, 0); block by
 *                    multiply-shift of the upper half, bit (lower32 x
 *                    SALT[i]) >> 27 of word i, the format's eight salts.
 *   cassandra        library_probes_cassandra.c: (h1, h2) = Cassandra's
 *                    MurmurHash3_x64_128(key) (tail bytes signed); probe i
 *                    = |h2 + i h1| mod m, the sum a signed 64-bit
 *                    wrap-around value, m a multiple of 64.
 *   leveldb          library_probes_leveldb.c: h = LevelDB's Hash(key,
 *                    0xbc9f1d34), delta = h rotated right 17 bits; probe i
 *                    = ((h + i delta) mod 2^32) mod m.
 *   rocksdb-legacy   library_probes_leveldb.c: h = RocksDB's
 *                    Hash(key, 0xbc9f1d34) (LevelDB's with signed tail
 *                    bytes), delta = h rotated right 17 bits; line h mod
 *                    (m / 512), probe i at bit (h + i delta) mod 512 of it.
 *
 * Where 32- or 64-bit arithmetic changes the rate: the wrap-around mod
 * 2^w followed by mod m makes the probes an arithmetic progression modulo
 * gcd(m, 2^w) (Guava: modulo 64 whenever m is a multiple of 64, i.e.
 * always), and the reduction of a w-bit value mod m is biased by about
 * m / 2^w.  The calculator's rate treats the probes as independent; the
 * difference shows at small m (Guava at m = 960: 1.085 % measured against
 * 1.006 % predicted) and is documented in calc/src/library_rules.c.
 */
#ifndef BLOOMSIM_LIBRARY_PROBES_H
#define BLOOMSIM_LIBRARY_PROBES_H

#include <stddef.h>
#include <stdint.h>

typedef enum sim_library_family {
    SIM_LIBRARY_GUAVA = 0,
    SIM_LIBRARY_BITS_AND_BLOOMS = 1,
    SIM_LIBRARY_LIBBLOOM = 2,
    SIM_LIBRARY_BLOOM_FILTERS = 3,
    SIM_LIBRARY_ROCKSDB = 4,
    SIM_LIBRARY_PARQUET = 5,
    SIM_LIBRARY_CASSANDRA = 6,
    SIM_LIBRARY_LEVELDB = 7,
    SIM_LIBRARY_ROCKSDB_LEGACY = 8,
    SIM_LIBRARY_FAMILY_COUNT
} sim_library_family;

/* The family names, in sim_library_family order, NULL-terminated. */
extern const char *const sim_library_family_names[];

/* A key's base hash values, as the library computes them (up to four). */
typedef struct sim_library_hashes {
    uint64_t words[4];
} sim_library_hashes;

/* The library's hash values of the key (`bytes`, `length`). */
void sim_library_hash(sim_library_hashes *hashes, sim_library_family family, const void *bytes,
                      size_t length);

/* Probe i (0-based) in a filter whose probes are taken modulo m >= 1. */
uint64_t sim_library_probe(sim_library_family family, const sim_library_hashes *hashes,
                           unsigned i, uint64_t m);

/* positions[0..k-1]: the probes of the key, in the library's order. */
void sim_library_positions(uint64_t *positions, sim_library_family family, const void *bytes,
                           size_t length, uint64_t m, unsigned k);

/* The families' own functions, which the two above dispatch to. */
void sim_guava_hash(sim_library_hashes *hashes, const void *bytes, size_t length);
uint64_t sim_guava_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m);
void sim_bits_and_blooms_hash(sim_library_hashes *hashes, const void *bytes, size_t length);
uint64_t sim_bits_and_blooms_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m);
void sim_libbloom_hash(sim_library_hashes *hashes, const void *bytes, size_t length);
uint64_t sim_libbloom_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m);
void sim_bloom_filters_hash(sim_library_hashes *hashes, const void *bytes, size_t length);
uint64_t sim_bloom_filters_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m);
void sim_rocksdb_hash(sim_library_hashes *hashes, const void *bytes, size_t length);
uint64_t sim_rocksdb_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m);
void sim_parquet_hash(sim_library_hashes *hashes, const void *bytes, size_t length);
uint64_t sim_parquet_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m);
void sim_cassandra_hash(sim_library_hashes *hashes, const void *bytes, size_t length);
uint64_t sim_cassandra_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m);
void sim_leveldb_hash_key(sim_library_hashes *hashes, const void *bytes, size_t length);
uint64_t sim_leveldb_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m);
void sim_rocksdb_legacy_hash_key(sim_library_hashes *hashes, const void *bytes, size_t length);
uint64_t sim_rocksdb_legacy_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m);

#endif
