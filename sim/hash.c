/*
 * hash.c - hash streams over XXH3 or FNV-1a, and exactly uniform draws in
 * {0..m-1} (see hash.h).
 *
 * XXH3 (Y. Collet, xxHash 0.8): XXH3_128bits_withSeed gives 128 bits whose
 * two halves are used as two independent 64-bit words.  The j-th pair uses
 * seed_j = sim_derive_seed(seed, SIM_SEED_HASH, j), so drawing more words
 * (k independent probes, or a redraw after a rejection) costs one more call
 * per two words and never reuses bits.
 *
 * Speed (issue 5), without changing a single word of any stream:
 *   - xxHash is compiled into this file (XXH_INLINE_ALL, the library's
 *     documented header-only mode), so the 8- and 9-byte keys take XXH3's
 *     short-input path inlined, with no call through the shared library;
 *   - the first SIM_CACHED_PAIR_SEEDS pair seeds are derived once per filter
 *     (sim_hash_seeds) instead of twice per key (two SplitMix64 finalisers
 *     each);
 *   - several draws come from one word when m is small (sim_draw_range,
 *     Brackett-Rozinsky and Lemire's batched reduction): at m = 64, k = 5 a
 *     key's five probes cost one word, i.e. half an XXH3 call.
 *
 * Reduction: for a uniform 64-bit h, floor(h * m / 2^64) takes each value
 * in {0..m-1} either floor(2^64/m) or ceil(2^64/m) times (Lemire 2019).
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

void sim_hash_seeds_init(sim_hash_seeds *seeds, uint64_t seed, unsigned pairs)
{
    seeds->seed = seed;
    seeds->cached = pairs < SIM_CACHED_PAIR_SEEDS ? pairs : SIM_CACHED_PAIR_SEEDS;
    for (unsigned j = 0; j < seeds->cached; j++)
        seeds->pair[j] = sim_derive_seed(seed, SIM_SEED_HASH, j);
}

void sim_hash_stream_start(sim_hash_stream *stream, sim_hash_function function,
                           const void *bytes, size_t length, const sim_hash_seeds *seeds)
{
    stream->function = function;
    stream->bytes = bytes;
    stream->length = length;
    stream->seeds = seeds;
    stream->pending = 0;
    stream->words_drawn = 0;
    stream->batch = 0;
    stream->batch_left = 0;
}

/* seed_j of the stream's seeds, cached or derived now. */
static uint64_t pair_seed(const sim_hash_seeds *seeds, uint64_t pair)
{
    return pair < seeds->cached ? seeds->pair[pair] : sim_derive_seed(seeds->seed, SIM_SEED_HASH, pair);
}

uint64_t sim_hash_stream_next(sim_hash_stream *stream)
{
    uint64_t index = stream->words_drawn++;
    if (stream->function == SIM_HASH_FNV1A)
        return sim_fnv1a64(stream->bytes, stream->length,
                           SIM_FNV1A_OFFSET_BASIS ^ stream->seeds->seed ^ (index * WORD_GAMMA));
    if (index % 2 == 1)
        return stream->pending;
    XXH128_hash_t pair = XXH3_128bits_withSeed(stream->bytes, stream->length,
                                               pair_seed(stream->seeds, index / 2));
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

void sim_draw_range_init(sim_draw_range *draws, uint64_t range, unsigned most_per_word)
{
    const unsigned __int128 limit = (unsigned __int128)1 << 56;
    unsigned __int128 product = range;
    unsigned per_word = 1;
    while (per_word < most_per_word && product * range <= limit) {
        product *= range;
        per_word++;
    }
    draws->range = range;
    draws->per_word = per_word;
    draws->product = (uint64_t)product;               /* range^1 may be up to 2^64 - 1 */
    draws->surplus = (0 - draws->product) % draws->product;   /* 2^64 mod P */
}

void sim_hash_stream_refill(sim_hash_stream *stream, const sim_draw_range *draws)
{
    for (;;) {
        uint64_t word = sim_hash_stream_next(stream);
        if (word * draws->product >= draws->surplus) {
            stream->batch = word;
            stream->batch_left = draws->per_word;
            return;
        }
    }
}
