/*
 * hash.c - hash streams over XXH3 or FNV-1a, and unbiased reduction to
 * {0..m-1} (see hash.h).
 *
 * XXH3 (Y. Collet, xxHash 0.8): XXH3_128bits_withSeed gives 128 bits whose
 * two halves are used as two independent 64-bit words.  The j-th pair uses
 * seed_j = sim_derive_seed(seed, SIM_SEED_HASH, j), so drawing more words
 * (k independent probes, or a redraw after a rejection) costs one more call
 * per two words and never reuses bits.
 *
 * Reduction: for a uniform 64-bit h, floor(h * m / 2^64) takes each value
 * in {0..m-1} either floor(2^64/m) or ceil(2^64/m) times (Lemire 2019).
 * Writing h*m = 2^64 * hi + lo, the values of h with lo < (2^64 mod m)
 * are exactly the surplus ones; rejecting them leaves floor(2^64/m)
 * preimages for every position, so the accepted result is exactly uniform.
 * The test lo < m is a cheap necessary condition, so the division that
 * computes 2^64 mod m runs only with probability m/2^64.
 */
#include <xxhash.h>

#include "hash.h"
#include "random.h"

const char *const sim_hash_function_names[] = { "xxh3", "fnv1a", NULL };

#define WORD_GAMMA 0x9e3779b97f4a7c15ULL

uint64_t sim_fnv1a64(const void *bytes, size_t length, uint64_t offset_basis)
{
    const unsigned char *byte = bytes;
    uint64_t hash = offset_basis;
    for (size_t i = 0; i < length; i++) {
        hash ^= byte[i];
        hash *= SIM_FNV1A_PRIME;
    }
    return hash;
}

void sim_hash_stream_start(sim_hash_stream *stream, sim_hash_function function,
                           const void *bytes, size_t length, uint64_t seed)
{
    stream->function = function;
    stream->bytes = bytes;
    stream->length = length;
    stream->seed = seed;
    stream->pending = 0;
    stream->words_drawn = 0;
}

uint64_t sim_hash_stream_next(sim_hash_stream *stream)
{
    uint64_t index = stream->words_drawn++;
    if (stream->function == SIM_HASH_FNV1A)
        return sim_fnv1a64(stream->bytes, stream->length,
                           SIM_FNV1A_OFFSET_BASIS ^ stream->seed ^ (index * WORD_GAMMA));
    if (index % 2 == 1)
        return stream->pending;
    XXH128_hash_t pair = XXH3_128bits_withSeed(stream->bytes, stream->length,
                                               sim_derive_seed(stream->seed, SIM_SEED_HASH, index / 2));
    stream->pending = pair.high64;
    return pair.low64;
}

int sim_reduce(uint64_t hash, uint64_t range, uint64_t *position)
{
    unsigned __int128 product = (unsigned __int128)hash * range;
    uint64_t low = (uint64_t)product;
    if (low < range) {
        uint64_t surplus = (0 - range) % range;   /* 2^64 mod range */
        if (low < surplus)
            return 0;
    }
    *position = (uint64_t)(product >> 64);
    return 1;
}

uint64_t sim_hash_stream_position(sim_hash_stream *stream, uint64_t range)
{
    uint64_t position = 0;
    for (;;)
        if (sim_reduce(sim_hash_stream_next(stream), range, &position))
            return position;
}
