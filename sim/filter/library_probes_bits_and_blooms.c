/*
 * library_probes_bits_and_blooms.c - github.com/bits-and-blooms/bloom v3
 * (read in the Debian source tree 3.3.1): baseHashes gives four 64-bit
 * values, Murmur3_x64_128 of the key (h[0], h[1]) and of the key followed
 * by the byte 1 (h[2], h[3]); location i is h[i mod 2] + i h[2 + ((i +
 * i mod 2) mod 4) / 2] in 64-bit wrap-around arithmetic, modulo m.
 */
#include <string.h>

#include "library_hashes.h"
#include "library_probes.h"

void sim_bits_and_blooms_hash(sim_library_hashes *hashes, const void *bytes, size_t length)
{
    unsigned char extended[64];
    sim_murmur3_x64_128(bytes, length, 0, hashes->words);
    if (length < sizeof extended) {
        memcpy(extended, bytes, length);
        extended[length] = 1;
        sim_murmur3_x64_128(extended, length + 1, 0, hashes->words + 2);
    } else {
        hashes->words[2] = hashes->words[3] = 0;   /* keys of bloomsim are 8 bytes */
    }
}

uint64_t sim_bits_and_blooms_probe(const sim_library_hashes *hashes, unsigned i, uint64_t m)
{
    uint64_t step = hashes->words[2 + ((i + i % 2) % 4) / 2];
    return (hashes->words[i % 2] + (uint64_t)i * step) % m;
}
