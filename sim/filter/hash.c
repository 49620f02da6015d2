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
#include <string.h>
#include <xxhash.h>

#include "hash.h"
#include "cpu_features.h"
#if SIM_X86_64
#include <immintrin.h>
#endif
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

/*
 * XXH3_128bits_withSeed of a generated key from its value, in registers.
 * xxHash hashes 4 to 8 bytes and 9 to 16 bytes by two short formulas
 * (xxHash 0.8, XXH3_len_4to8_128b and XXH3_len_9to16_128b; the algorithm
 * is documented in xxHash's doc/xxhash_spec.md).  The bytes of a key are
 * the little-endian bytes of its value v (and a newline), so the formulas'
 * little-endian reads are functions of v: for 8 bytes the 32-bit halves
 * make up v itself; for 9 bytes the first 8 bytes read v and the last 8
 * read v >> 8 with the newline in the top byte.  Written here on values
 * (the byte version stored the key to the stack and read it back, and the
 * reads waited on the stores: 40 % of a blocked query's time); equal to
 * the library's XXH3_128bits_withSeed, which tests/sim_hash_tests.c
 * checks on many values and seeds.
 */
static inline uint64_t xxh3_avalanche(uint64_t h)
{
    h ^= h >> 37;
    h *= 0x165667919E3779F9ULL;
    return h ^ (h >> 32);
}

static inline void xxh3_value8(uint64_t *low, uint64_t *high, uint64_t value, uint64_t seed)
{
    seed ^= (uint64_t)__builtin_bswap32((uint32_t)seed) << 32;
    uint64_t bitflip = (XXH_readLE64(XXH3_kSecret + 16) ^ XXH_readLE64(XXH3_kSecret + 24)) + seed;
    unsigned __int128 product = (unsigned __int128)(value ^ bitflip) * (XXH_PRIME64_1 + (8 << 2));
    uint64_t lo = (uint64_t)product, hi = (uint64_t)(product >> 64);
    hi += lo << 1;
    lo ^= hi >> 3;
    lo ^= lo >> 35;
    lo *= 0x9FB21C651E98DF25ULL;
    lo ^= lo >> 28;
    *low = lo;
    *high = xxh3_avalanche(hi);
}

static inline void xxh3_value9(uint64_t *low, uint64_t *high, uint64_t value, unsigned char last, uint64_t seed)
{
    uint64_t bitflip_low = (XXH_readLE64(XXH3_kSecret + 32) ^ XXH_readLE64(XXH3_kSecret + 40)) - seed;
    uint64_t bitflip_high = (XXH_readLE64(XXH3_kSecret + 48) ^ XXH_readLE64(XXH3_kSecret + 56)) + seed;
    uint64_t input_low = value, input_high = value >> 8 | (uint64_t)last << 56;
    unsigned __int128 m = (unsigned __int128)(input_low ^ input_high ^ bitflip_low) * XXH_PRIME64_1;
    uint64_t m_low = (uint64_t)m + ((uint64_t)(9 - 1) << 54), m_high = (uint64_t)(m >> 64);
    input_high ^= bitflip_high;
    m_high += input_high + (uint64_t)(uint32_t)input_high * (XXH_PRIME32_2 - 1);
    m_low ^= __builtin_bswap64(m_high);
    unsigned __int128 h = (unsigned __int128)m_low * XXH_PRIME64_2;
    *low = xxh3_avalanche((uint64_t)h);
    *high = xxh3_avalanche((uint64_t)(h >> 64) + m_high * XXH_PRIME64_2);
}
#if SIM_X86_64
/*
 * The same two formulas for eight values at once, one a lane (AVX-512 F,
 * DQ and BW; PERFORMANCE.md §l.8).  The low half of a 64 x 64
 * product is vpmullq; its high half is put together from the four 32 x 32
 * products (vpmuludq): with a = 2^32 a1 + a0 and c = 2^32 c1 + c0,
 * a c = 2^64 a1 c1 + 2^32 (a1 c0 + a0 c1) + a0 c0, and the carry into the
 * high word is the top of (a0 c0 >> 32) + low32(a1 c0) + low32(a0 c1), a sum
 * below 3 2^32 that cannot overflow.  The byte swap is a vpshufb.  Every
 * step is the scalar formula's, so the halves are the same (tested
 * against the xxHash library in batches of every length up to 32).
 */
typedef uint64_t hash_lanes __attribute__((vector_size(64)));

__attribute__((target("avx512f,avx512dq,avx512bw"))) static inline hash_lanes
lanes_mul_high(hash_lanes a, uint64_t c)
{
    const __m512i low32 = _mm512_set1_epi64(0xffffffff);
    const __m512i a0 = (__m512i)a, a1 = _mm512_srli_epi64((__m512i)a, 32);
    const __m512i c0 = _mm512_set1_epi64((long long)(c & 0xffffffff)), c1 = _mm512_set1_epi64((long long)(c >> 32));
    __m512i low = _mm512_mul_epu32(a0, c0), cross1 = _mm512_mul_epu32(a1, c0), cross0 = _mm512_mul_epu32(a0, c1);
    __m512i high = _mm512_mul_epu32(a1, c1);
    __m512i carry = _mm512_add_epi64(_mm512_srli_epi64(low, 32), _mm512_add_epi64(_mm512_and_si512(cross1, low32),
                                                                                _mm512_and_si512(cross0, low32)));
    high = _mm512_add_epi64(high, _mm512_add_epi64(_mm512_srli_epi64(cross1, 32), _mm512_srli_epi64(cross0, 32)));
    return (hash_lanes)_mm512_add_epi64(high, _mm512_srli_epi64(carry, 32));
}

__attribute__((target("avx512f,avx512dq,avx512bw"))) static inline hash_lanes lanes_avalanche(hash_lanes h)
{
    h ^= h >> 37;
    h *= 0x165667919E3779F9ULL;
    return h ^ (h >> 32);
}

__attribute__((target("avx512f,avx512dq,avx512bw"))) static void
xxh3_values8_eight(uint64_t *lows, uint64_t *highs, const uint64_t *values, uint64_t seed)
{
    seed ^= (uint64_t)__builtin_bswap32((uint32_t)seed) << 32;
    const uint64_t bitflip = (XXH_readLE64(XXH3_kSecret + 16) ^ XXH_readLE64(XXH3_kSecret + 24)) + seed;
    const uint64_t multiplier = XXH_PRIME64_1 + (8 << 2);
    hash_lanes value;
    memcpy(&value, values, sizeof value);
    value ^= bitflip;
    hash_lanes lo = value * multiplier, hi = lanes_mul_high(value, multiplier);
    hi += lo << 1;
    lo ^= hi >> 3;
    lo ^= lo >> 35;
    lo *= 0x9FB21C651E98DF25ULL;
    lo ^= lo >> 28;
    hi = lanes_avalanche(hi);
    memcpy(lows, &lo, sizeof lo);
    memcpy(highs, &hi, sizeof hi);
}

__attribute__((target("avx512f,avx512dq,avx512bw"))) static void
xxh3_values9_eight(uint64_t *lows, uint64_t *highs, const uint64_t *values, unsigned char last, uint64_t seed)
{
    const uint64_t bitflip_low = (XXH_readLE64(XXH3_kSecret + 32) ^ XXH_readLE64(XXH3_kSecret + 40)) - seed;
    const uint64_t bitflip_high = (XXH_readLE64(XXH3_kSecret + 48) ^ XXH_readLE64(XXH3_kSecret + 56)) + seed;
    const __m512i reverse = _mm512_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
                                            8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
                                            8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
                                            8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
    hash_lanes input_low, input_high;
    memcpy(&input_low, values, sizeof input_low);
    input_high = input_low >> 8 | (uint64_t)last << 56;
    hash_lanes x = input_low ^ input_high ^ bitflip_low;
    hash_lanes m_low = x * XXH_PRIME64_1 + ((uint64_t)(9 - 1) << 54), m_high = lanes_mul_high(x, XXH_PRIME64_1);
    input_high ^= bitflip_high;
    m_high += input_high + (hash_lanes)_mm512_mul_epu32((__m512i)input_high,
                                                        _mm512_set1_epi64((long long)(XXH_PRIME32_2 - 1)));
    m_low ^= (hash_lanes)_mm512_shuffle_epi8((__m512i)m_high, reverse);
    hash_lanes h_low = m_low * XXH_PRIME64_2, h_high = lanes_mul_high(m_low, XXH_PRIME64_2);
    h_low = lanes_avalanche(h_low);
    h_high = lanes_avalanche(h_high + m_high * XXH_PRIME64_2);
    memcpy(lows, &h_low, sizeof h_low);
    memcpy(highs, &h_high, sizeof h_high);
}
#endif

void sim_hash_xxh3_values(uint64_t *lows, uint64_t *highs, const uint64_t *values, unsigned count, int newline,
                          const sim_hash_seeds *seeds)
{
    const uint64_t seed = seeds->hash_seed;
    unsigned i = 0;
#if SIM_X86_64
    if (sim_cpu_has_avx512dq() && SIM_CPU_SUPPORTS("avx512bw"))
        for (; i + 8 <= count; i += 8) {
            if (newline)
                xxh3_values9_eight(lows + i, highs + i, values + i, '\n', seed);
            else
                xxh3_values8_eight(lows + i, highs + i, values + i, seed);
        }
#endif
    if (newline)
        for (; i < count; i++)
            xxh3_value9(&lows[i], &highs[i], values[i], '\n', seed);
    else
        for (; i < count; i++)
            xxh3_value8(&lows[i], &highs[i], values[i], seed);
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
