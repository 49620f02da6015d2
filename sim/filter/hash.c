/*
 * hash.c - hash streams over XXH3 or FNV-1a, and exactly uniform draws in
 * {0..m-1} (see hash.h for the words of a stream and why they behave as
 * independent uniform values).
 *
 * XXH3 (Y. Collet, xxHash 0.8, "XXH3_128bits_withSeed"): one call per key
 * gives the two independent 64-bit halves; every further word is one
 * SplitMix64 finaliser (Steele, Lea and Flood, OOPSLA 2014), a handful of
 * multiplications and shifts, instead of another hash call.  At k = 7 and
 * m > 2^28 (one word per probe) a key costs one XXH3 call and five
 * finalisers, where it cost four XXH3 calls when each pair of words was a
 * 128-bit hash under its own seed.
 *
 * Speed besides: xxHash is compiled into this file (XXH_INLINE_ALL, the
 * library's documented header-only mode), so the 8- and 9-byte keys take
 * XXH3's short-input path inlined; the XXH3 seed is derived once per filter
 * (sim_hash_seeds); several draws come from one word when m is small
 * (sim_draw_range, Brackett-Rozinsky and Lemire's batched reduction), by
 * shifts when m is a power of two.
 *
 * Reduction: for a uniform 64-bit h, floor(h * m / 2^64) takes each value
 * in {0..m-1} either floor(2^64/m) or ceil(2^64/m) times (D. Lemire, "Fast
 * random integer generation in an interval", ACM TOMACS 29(1), 2019).
 * Writing h*m = 2^64 * hi + lo, the values of h with lo < (2^64 mod m)
 * are exactly the surplus ones; rejecting them leaves floor(2^64/m)
 * preimages for every position, so the accepted result is exactly uniform.
 * The test lo < m is a cheap necessary condition, so the division that
 * computes 2^64 mod m runs only with probability m/2^64.
 */
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "hash.h"
#include "random.h"

const char *const sim_hash_function_names[] = { "xxh3", "fnv1a", NULL };

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

void sim_hash_seeds_init(sim_hash_seeds *seeds, uint64_t seed, unsigned pairs)
{
    (void)pairs;
    seeds->seed = seed;
    seeds->hash_seed = sim_derive_seed(seed, SIM_SEED_HASH, 0);
}

void sim_hash_stream_start(sim_hash_stream *stream, sim_hash_function function,
                           const void *bytes, size_t length, const sim_hash_seeds *seeds)
{
    stream->function = function;
    stream->bytes = bytes;
    stream->length = length;
    stream->seeds = seeds;
    stream->low = 0;
    stream->high = 0;
    stream->words_drawn = 0;
    stream->batch.word = 0;
    stream->batch.left = 0;
    if (function == SIM_HASH_XXH3) {
        XXH128_hash_t hash = XXH3_128bits_withSeed(bytes, length, seeds->hash_seed);
        stream->low = hash.low64;
        stream->high = hash.high64;
    }
}

uint64_t sim_hash_stream_fnv1a_word(const sim_hash_stream *stream, uint64_t index)
{
    return sim_fnv1a64(stream->bytes, stream->length,
                       SIM_FNV1A_OFFSET_BASIS ^ stream->seeds->seed ^ (index * SIM_GOLDEN_GAMMA));
}

uint64_t sim_reduce_surplus(uint64_t range)
{
    return (0 - range) % range;
}

/* log2(range) when range >= 2 is a power of two, else 0. */
static unsigned power_of_two_shift(uint64_t range)
{
    return range >= 2 && (range & (range - 1)) == 0 ? (unsigned)__builtin_ctzll(range) : 0;
}

void sim_draw_range_init(sim_draw_range *draws, uint64_t range, unsigned most_per_word)
{
    draws->range = range;
    draws->shift = power_of_two_shift(range);
    if (draws->shift != 0) {
        unsigned fit = 64 / draws->shift;
        draws->per_word = most_per_word < fit ? most_per_word : fit;
        unsigned bits = draws->per_word * draws->shift;
        draws->product = bits == 64 ? 0 : (uint64_t)1 << bits;
        draws->surplus = 0;
        return;
    }
    const unsigned __int128 limit = (unsigned __int128)1 << 56;
    unsigned __int128 product = range;
    unsigned per_word = 1;
    while (per_word < most_per_word && product * range <= limit) {
        product *= range;
        per_word++;
    }
    draws->per_word = per_word;
    draws->product = (uint64_t)product;               /* range^1 may be up to 2^64 - 1 */
    draws->surplus = (0 - draws->product) % draws->product;   /* 2^64 mod P */
}
