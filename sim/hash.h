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

/* The hash stream of one key.  Initialise with sim_hash_stream_start, then
 * draw words with sim_hash_stream_next. */
typedef struct sim_hash_stream {
    sim_hash_function function;
    const void *bytes;
    size_t length;
    uint64_t seed;
    uint64_t pending;       /* the second half of the last 128-bit value */
    uint64_t words_drawn;
} sim_hash_stream;

/* Starts the stream of the key (`bytes`, `length`) under `seed`; the key
 * bytes must stay valid while words are drawn. */
void sim_hash_stream_start(sim_hash_stream *stream, sim_hash_function function,
                           const void *bytes, size_t length, uint64_t seed);

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
 * the uniformly distributed position in {0..range-1}. */
uint64_t sim_hash_stream_position(sim_hash_stream *stream, uint64_t range);

#endif
