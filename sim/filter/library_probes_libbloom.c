/*
 * library_probes_libbloom.c - libbloom 1.6 (bloom.c, bloom_check_add): a =
 * MurmurHash2(key, 0x9747b28c), b = MurmurHash2(key, a), both unsigned
 * 32-bit; probe i = (a + i b) in 32-bit wrap-around arithmetic, modulo the
 * bit count (an int, below 2^31).
 */
#include "library_hashes.h"
#include "library_probes.h"

void sim_libbloom_hash(sim_library_hashes *hashes, const void *bytes, size_t length)
{
    uint32_t a = sim_murmur2_32(bytes, length, 0x9747b28cU);
    hashes->words[0] = a;
    hashes->words[1] = sim_murmur2_32(bytes, length, a);
    hashes->words[2] = hashes->words[3] = 0;
}

uint64_t sim_libbloom_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m)
{
    uint32_t x = (uint32_t)hashes->words[0] + (uint32_t)i * (uint32_t)hashes->words[1];
    return x % m;
}
