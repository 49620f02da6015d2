/*
 * hash.h - seeded hash functions and the reduction of a 64-bit hash value to
 * a position in {0, ..., m-1}, for any m (not only powers of two).
 *
 * A key's randomness is a "hash stream": an unbounded sequence of 64-bit
 * words, all functions of (key, seed).  With XXH3 the words come in pairs,
 * the two halves of XXH3_128bits_withSeed(key, seed_j), one call per pair,
 * seed_j derived from (seed, j): every word is an independent 64-bit value
 * (PERFORMANCE.md traps 1 and 2: never build a second hash from the bits of
 * the first).  With FNV-1a (only to reproduce the seeds' simulation, which
 * used two FNV-1a hashes with different offset bases) word j is the 64-bit
 * FNV-1a of the key from offset basis (standard basis XOR seed XOR j*gamma);
 * these words are correlated, which is the flaw being reproduced.
 */
#ifndef BLOOMSIM_HASH_H
#define BLOOMSIM_HASH_H

#include <stddef.h>
#include <stdint.h>

typedef enum sim_hash_function { SIM_HASH_XXH3 = 0, SIM_HASH_FNV1A = 1 } sim_hash_function;

/* The names accepted by --hash-function, in sim_hash_function order, NULL-terminated. */
extern const char *const sim_hash_function_names[];

/* The standard 64-bit FNV-1a offset basis and prime (Fowler, Noll, Vo). */
#define SIM_FNV1A_OFFSET_BASIS 0xcbf29ce484222325ULL
#define SIM_FNV1A_PRIME 0x100000001b3ULL

/* The 64-bit FNV-1a hash of `length` bytes at `bytes`, started from
 * `offset_basis` (SIM_FNV1A_OFFSET_BASIS for the standard hash). */
uint64_t sim_fnv1a64(const void *bytes, size_t length, uint64_t offset_basis);

/* How many (pair) seeds a prober derives once per filter instead of once
 * per key: words 0 .. 2*SIM_CACHED_PAIR_SEEDS-1 of every key's stream. */
#define SIM_CACHED_PAIR_SEEDS 4U

/* The seeds of one filter's hash streams: `seed`, and seed_j =
 * sim_derive_seed(seed, SIM_SEED_HASH, j) for the first `cached` pairs. */
typedef struct sim_hash_seeds {
    uint64_t seed;
    unsigned cached;
    uint64_t pair[SIM_CACHED_PAIR_SEEDS];
} sim_hash_seeds;

/* Sets `seeds` for `seed`, deriving the first `pairs` pair seeds
 * (at most SIM_CACHED_PAIR_SEEDS; the others are derived when drawn). */
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
} sim_draw_range;

/* Prepares draws from {0..range-1} (range >= 1), at most `most_per_word` >= 1 per word. */
void sim_draw_range_init(sim_draw_range *draws, uint64_t range, unsigned most_per_word);

/* The hash stream of one key.  Initialise with sim_hash_stream_start, then
 * draw words with sim_hash_stream_next or positions with sim_hash_stream_draw. */
typedef struct sim_hash_stream {
    sim_hash_function function;
    const void *bytes;
    size_t length;
    const sim_hash_seeds *seeds;
    uint64_t pending;         /* the second half of the last 128-bit value */
    uint64_t words_drawn;
    uint64_t batch;           /* the running word of the current batch of draws */
    unsigned batch_left;      /* draws left in it */
} sim_hash_stream;

/* Starts the stream of the key (`bytes`, `length`) under `seeds`; the key
 * bytes and the seeds must stay valid while words are drawn. */
void sim_hash_stream_start(sim_hash_stream *stream, sim_hash_function function,
                           const void *bytes, size_t length, const sim_hash_seeds *seeds);

/* Returns the next 64-bit word of the stream. */
uint64_t sim_hash_stream_next(sim_hash_stream *stream);

/*
 * Lemire's reduction (D. Lemire, "Fast random integer generation in an
 * interval", ACM TOMACS 29(1), 2019): the high 64 bits of hash * range,
 * with his rejection test on the low 64 bits so that every result in
 * {0..range-1} comes from exactly floor(2^64/range) hash values.  Stores the
 * position in *position and returns 1, or returns 0 when `hash` falls in
 * the rejected set (probability below range/2^64): the caller then draws a
 * fresh word from the key's stream.  `range` must be at least 1.
 */
int sim_reduce(uint64_t hash, uint64_t range, uint64_t *position);

/* Draws words from `stream` until one is accepted by sim_reduce; returns
 * the uniformly distributed position in {0..range-1} (one word per draw). */
uint64_t sim_hash_stream_position(sim_hash_stream *stream, uint64_t range);

/* Takes stream words until one is accepted for a batch of `draws`
 * (the rejection test at sim_draw_range) and starts that batch. */
void sim_hash_stream_refill(sim_hash_stream *stream, const sim_draw_range *draws);

/* The next exactly uniform draw of `draws` from the stream (batched as
 * described at sim_draw_range; a stream must use one sim_draw_range only).
 * Inline: it is the innermost step of every insert and query. */
static inline uint64_t sim_hash_stream_draw(sim_hash_stream *stream, const sim_draw_range *draws)
{
    if (stream->batch_left == 0)
        sim_hash_stream_refill(stream, draws);
    unsigned __int128 product = (unsigned __int128)stream->batch * draws->range;
    stream->batch = (uint64_t)product;
    stream->batch_left--;
    return (uint64_t)(product >> 64);
}

#endif
