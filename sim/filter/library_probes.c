/*
 * library_probes.c - dispatch from a library family to its hash and index
 * arithmetic (library_probes.h; one file per family beside this one).
 */
#include "library_probes.h"

const char *const sim_library_family_names[] = { "guava", "bits-and-blooms", "libbloom",
                                                 "bloom-filters", "rocksdb", "parquet", "cassandra",
                                                 "leveldb", "rocksdb-legacy", NULL };

static const struct family_functions {
    void (*hash)(sim_library_hashes *, const void *, size_t);
    uint64_t (*probe)(const sim_library_hashes *, unsigned, uint64_t);
} families[SIM_LIBRARY_FAMILY_COUNT] = {
    { sim_guava_hash, sim_guava_probe },
    { sim_bits_and_blooms_hash, sim_bits_and_blooms_probe },
    { sim_libbloom_hash, sim_libbloom_probe },
    { sim_bloom_filters_hash, sim_bloom_filters_probe },
    { sim_rocksdb_hash, sim_rocksdb_probe },
    { sim_parquet_hash, sim_parquet_probe },
    { sim_cassandra_hash, sim_cassandra_probe },
    { sim_leveldb_hash_key, sim_leveldb_probe },
    { sim_rocksdb_legacy_hash_key, sim_rocksdb_legacy_probe },
};

void sim_library_hash(sim_library_hashes *hashes, sim_library_family family, const void *bytes,
                      size_t length)
{
    families[family].hash(hashes, bytes, length);
}

uint64_t sim_library_probe(sim_library_family family, const sim_library_hashes *hashes,
                           unsigned i, uint64_t m)
{
    return families[family].probe(hashes, i, m);
}

void sim_library_positions(uint64_t *positions, sim_library_family family, const void *bytes,
                           size_t length, uint64_t m, unsigned k)
{
    sim_library_hashes hashes;
    sim_library_hash(&hashes, family, bytes, length);
    for (unsigned i = 0; i < k; i++)
        positions[i] = sim_library_probe(family, &hashes, i, m);
}
