/*
 * hash.h - seeded hash functions and the reduction of a 64-bit hash value to
 * a position in {0, ..., m-1}, for any m (not only powers of two).
 *
 * A key's randomness is a "hash stream": an unbounded sequence of 64-bit
 * words, all functions of (key, seed).  With XXH3 the key is hashed ONCE,
 * by XXH3_128bits_withSeed(key, seed_0) (xxHash documentation: the two
 * 64-bit halves of XXH3's 128-bit result are independent), and
 *
 *   word 0 = low half, word 1 = high half,
 *   word j >= 2 = splitmix64(low + (j - 1) * golden) XOR high,
 *
 * i.e. after the two halves come the outputs of the SplitMix64 generator
 * (G. L. Steele, D. Lea, C. H. Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014) seeded by the low half, each masked by the
 * independent high half so that every word depends on all 128 bits.  This
 * is the classical "hash the key once, seed a generator with the hash":
 * under the ideal-hash model (low, high) is a uniform 128-bit value, the
 * SplitMix64 outputs from a uniform seed pass BigCrush, and an XOR with an
 * independent uniform mask keeps each word uniform and makes the pairs
 * (word 0, word j) and (word 1, word j) exactly independent.  Double and
 * enhanced double hashing take h1, h2 from words 0 and 1, the two
 * independent halves (PERFORMANCE.md §t.1 and §t.2: never build a second
 * hash from the bits of the first); independent probes take words 0, 1,
 * 2, ... (tests/sim_hash_tests.c checks pairs of probes by chi-square).
 *
 * With FNV-1a (only to reproduce the seeds' simulation, which used two
 * FNV-1a hashes with different offset bases) word j is the 64-bit FNV-1a of
 * the key from offset basis (standard basis XOR seed XOR j*gamma); these
 * words are correlated, which is the flaw being reproduced.
 */
#ifndef BLOOMSIM_HASH_H
#define BLOOMSIM_HASH_H

#include <stddef.h>
#include <stdint.h>

#include "random.h"

typedef enum sim_hash_function { SIM_HASH_XXH3 = 0, SIM_HASH_FNV1A = 1 } sim_hash_function;

/* The names accepted by --hash-function, in sim_hash_function order, NULL-terminated. */
extern const char *const sim_hash_function_names[];

/* The standard 64-bit FNV-1a offset basis and prime (Fowler, Noll, Vo). */
#define SIM_FNV1A_OFFSET_BASIS 0xcbf29ce484222325ULL
#define SIM_FNV1A_PRIME 0x100000001b3ULL

/* The 64-bit FNV-1a hash of `length` bytes at `bytes`, started from
 * `offset_basis` (SIM_FNV1A_OFFSET_BASIS for the standard hash). */
uint64_t sim_fnv1a64(const void *bytes, size_t length, uint64_t offset_basis);

/* The seeds of one filter's hash streams: `seed` (FNV-1a), and
 * hash_seed = sim_derive_seed(seed, SIM_SEED_HASH, 0), the XXH3 seed,
 * derived once per filter instead of once per key. */
typedef struct sim_hash_seeds {
    uint64_t seed;
    uint64_t hash_seed;
} sim_hash_seeds;

/* Sets `seeds` for `seed`.  `pairs` is accepted for source compatibility
 * and ignored: a stream of any length costs one XXH3 call. */
void sim_hash_seeds_init(sim_hash_seeds *seeds, uint64_t seed, unsigned pairs);

/*
 * Exact uniform draws from {0..range-1}, several from one 64-bit word
 * (D. Lemire, "Fast random integer generation in an interval", ACM TOMACS
 * 29(1), 2019; its batched form: N. Brackett-Rozinsky and D. Lemire,
 * "Batched ranged random integer generation", Software: Practice and
 * Experience 55(1), 2025).  With P = range^b: write w*range = 2^64 d_1 + w_1,
 * w_1*range = 2^64 d_2 + w_2, ...; by induction w*P = 2^64 (d_1 range^(b-1)
 * + ... + d_b) + w_b, so (d_1 .. d_b) are the base-range digits of
 * floor(w*P/2^64) and w_b = w*P mod 2^64.  Rejecting w when w_b < 2^64 mod P
 * (Lemire's test) leaves floor(2^64/P) words for every digit string: the b
 * digits are exactly uniform and independent.  b is the largest count up to
 * `most_per_word` with P <= 2^56 (at least 1), so a word is rejected with
 * probability below 2^-8; for range > 2^28, b = 1, which is Lemire's
 * reduction of one word per draw (sim_reduce).
 */
typedef struct sim_draw_range {
    uint64_t range;           /* draws are in {0..range-1}, range >= 1 */
    unsigned per_word;        /* b */
    uint64_t product;         /* P = range^b (0 stands for 2^64 when range^b = 2^64) */
    uint64_t surplus;         /* 2^64 mod P: words whose w*P mod 2^64 is below it are rejected */
    unsigned shift;           /* log2(range) when range >= 2 is a power of two, else 0 */
} sim_draw_range;

/*
 * Prepares draws from {0..range-1} (range >= 1), at most `most_per_word` >= 1
 * per word.  A power of two range = 2^s has no surplus, so b may reach
 * floor(64/s) (P = 2^64 included); the digits are then the word's top s
 * bits, the next s bits, ...: w*2^s = 2^64 (w >> (64-s)) + (w << s), the
 * same values as the multiplications, taken by shifts.
 */
void sim_draw_range_init(sim_draw_range *draws, uint64_t range, unsigned most_per_word);

/* The draws left in one accepted word. */
typedef struct sim_draw_batch {
    uint64_t word;            /* the running word w_i */
    unsigned left;            /* draws left in it */
} sim_draw_batch;

/* Starts a batch with `word` and returns 1 when Lemire's test accepts it,
 * else returns 0 (the caller offers the next word). */
static inline int sim_draw_batch_fill(sim_draw_batch *batch, const sim_draw_range *draws, uint64_t word)
{
    if (word * draws->product < draws->surplus)
        return 0;
    batch->word = word;
    batch->left = draws->per_word;
    return 1;
}

/* The next digit of a batch that has draws left (batch->left > 0). */
static inline uint64_t sim_draw_batch_take(sim_draw_batch *batch, const sim_draw_range *draws)
{
    batch->left--;
    if (draws->shift != 0) {
        uint64_t digit = batch->word >> (64 - draws->shift);
        batch->word <<= draws->shift;
        return digit;
    }
    unsigned __int128 product = (unsigned __int128)batch->word * draws->range;
    batch->word = (uint64_t)product;
    return (uint64_t)(product >> 64);
}

/* The hash stream of one key.  Initialise with sim_hash_stream_start, then
 * draw words with sim_hash_stream_next or positions with sim_hash_stream_draw. */
typedef struct sim_hash_stream {
    sim_hash_function function;
    const void *bytes;
    size_t length;
    const sim_hash_seeds *seeds;
    uint64_t low, high;       /* XXH3: the two halves of the key's 128-bit hash */
    uint64_t words_drawn;
    sim_draw_batch batch;     /* the current batch of draws */
} sim_hash_stream;

/* Starts the stream of the key (`bytes`, `length`) under `seeds` (with XXH3
 * this is the key's one hash call); the key bytes (FNV-1a) and the seeds
 * must stay valid while words are drawn. */
void sim_hash_stream_start(sim_hash_stream *stream, sim_hash_function function,
                           const void *bytes, size_t length, const sim_hash_seeds *seeds);

/*
 * The XXH3 halves (words 0 and 1 of the stream above) of `count` keys of
 * 8 bytes, the little-endian bytes of values[i], followed by a newline byte
 * when `newline` (9 bytes): lows[i] and highs[i] are exactly what
 * sim_hash_stream_start computes for those bytes.  One call for a batch:
 * the key length is a constant inside, so XXH3's short-input path is
 * inlined without its length dispatch, and the keys' independent hashes
 * overlap in the processor (the batched block engine).
 */
void sim_hash_xxh3_values(uint64_t *lows, uint64_t *highs, const uint64_t *values, unsigned count, int newline,
                          const sim_hash_seeds *seeds);

/* Word `index` of an FNV-1a stream (use sim_hash_stream_next). */
uint64_t sim_hash_stream_fnv1a_word(const sim_hash_stream *stream, uint64_t index);

/* Returns the next 64-bit word of the stream (the words described at the top).
 * Inline: every probe draws from it. */
static inline uint64_t sim_hash_stream_next(sim_hash_stream *stream)
{
    uint64_t index = stream->words_drawn++;
    if (stream->function != SIM_HASH_XXH3)
        return sim_hash_stream_fnv1a_word(stream, index);
    if (index < 2)
        return index == 0 ? stream->low : stream->high;
    return sim_mix64(stream->low + (index - 1) * SIM_GOLDEN_GAMMA) ^ stream->high;
}

/*
 * Lemire's reduction (D. Lemire, "Fast random integer generation in an
 * interval", ACM TOMACS 29(1), 2019): the high 64 bits of hash * range,
 * with his rejection test on the low 64 bits so that every result in
 * {0..range-1} comes from exactly floor(2^64/range) hash values.  Stores the
 * position in *position and returns 1, or returns 0 when `hash` falls in
 * the rejected set (probability below range/2^64): the caller then draws a
 * fresh word from the key's stream.  `range` must be at least 1.  Inline:
 * every layout probe is one reduction; the test low < range is a cheap
 * necessary condition for rejection, so the division of
 * sim_reduce_surplus runs with probability range / 2^64.
 */
uint64_t sim_reduce_surplus(uint64_t range);   /* 2^64 mod range */

static inline int sim_reduce(uint64_t hash, uint64_t range, uint64_t *position)
{
    unsigned __int128 product = (unsigned __int128)hash * range;
    uint64_t low = (uint64_t)product;
    if (low < range && low < sim_reduce_surplus(range))
        return 0;
    *position = (uint64_t)(product >> 64);
    return 1;
}

/* Draws words from `stream` until one is accepted by sim_reduce; returns
 * the uniformly distributed position in {0..range-1} (one word per draw). */
static inline uint64_t sim_hash_stream_position(sim_hash_stream *stream, uint64_t range)
{
    uint64_t position = 0;
    int accepted = 0;
    while (!accepted)
        accepted = sim_reduce(sim_hash_stream_next(stream), range, &position);
    return position;
}

/* Takes stream words until one is accepted for a batch of `draws`
 * (the rejection test at sim_draw_range) and starts that batch. */
static inline void sim_hash_stream_refill(sim_hash_stream *stream, const sim_draw_range *draws)
{
    int accepted = 0;
    while (!accepted)
        accepted = sim_draw_batch_fill(&stream->batch, draws, sim_hash_stream_next(stream));
}

/* The next exactly uniform draw of `draws` from the stream (batched as
 * described at sim_draw_range; a stream must use one sim_draw_range only).
 * Inline: it is the innermost step of every insert and query. */
static inline uint64_t sim_hash_stream_draw(sim_hash_stream *stream, const sim_draw_range *draws)
{
    if (stream->batch.left == 0)
        sim_hash_stream_refill(stream, draws);
    return sim_draw_batch_take(&stream->batch, draws);
}

#endif
