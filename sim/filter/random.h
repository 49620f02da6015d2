/*
 * random.h - deterministic pseudo-random numbers for the simulator.
 *
 * Every random choice bloomsim makes (hash seeds, key streams) is a pure
 * function of the user's --seed and of the index of the thing being drawn
 * (trial, level, stream), never of the order in which threads run.  That is
 * what makes a run byte-identical whatever --threads is.
 *
 * The generator is SplitMix64 (G. L. Steele, D. Lea, C. H. Flood, "Fast
 * splittable pseudorandom number generators", OOPSLA 2014): a Weyl sequence
 * of increment 0x9e3779b97f4a7c15 passed through a bijective 64-bit
 * finaliser (xor-shift / odd-multiply rounds, each invertible modulo 2^64).
 */
#ifndef BLOOMSIM_RANDOM_H
#define BLOOMSIM_RANDOM_H

#include <stdint.h>

/* The golden-ratio increment of the SplitMix64 sequence (2^64 / phi, odd). */
#define SIM_GOLDEN_GAMMA 0x9e3779b97f4a7c15ULL

/* The SplitMix64 finaliser: a bijection of the 64-bit integers that mixes
 * every input bit into every output bit (x ^= x >> 30; x *= c1;
 * x ^= x >> 27; x *= c2; x ^= x >> 31, each step invertible modulo 2^64).
 * Returns the mixed value.  Inline: hashing derives probe words with it. */
static inline uint64_t sim_mix64(uint64_t value)
{
    value ^= value >> 30;
    value *= 0xbf58476d1ce4e5b9ULL;
    value ^= value >> 27;
    value *= 0x94d049bb133111ebULL;
    value ^= value >> 31;
    return value;
}

/* Advances *state by the golden-ratio increment and returns the next output
 * of the SplitMix64 sequence. */
static inline uint64_t sim_splitmix64_next(uint64_t *state)
{
    *state += SIM_GOLDEN_GAMMA;
    return sim_mix64(*state);
}

/*
 * A seed derived from (seed, purpose, index): distinct purposes (hash
 * seeds, inserted keys, query keys, ...) and distinct indices (trial,
 * level) give unrelated 64-bit seeds.  Returns the derived seed.
 */
uint64_t sim_derive_seed(uint64_t seed, uint64_t purpose, uint64_t index);

/* sim_derive_seed in two steps, for loops over many indices: the part that
 * depends on (seed, purpose) only, then sim_derive_seed_at(base, index) =
 * sim_derive_seed(seed, purpose, index). */
uint64_t sim_derive_seed_base(uint64_t seed, uint64_t purpose);
uint64_t sim_derive_seed_at(uint64_t base, uint64_t index);

/* Purposes for sim_derive_seed. */
enum sim_seed_purpose {
    SIM_SEED_HASH = 1,
    SIM_SEED_INSERTED_KEYS = 2,
    SIM_SEED_QUERY_KEYS = 3,
    SIM_SEED_LEVEL = 4,
    SIM_SEED_CHOICE = 5
};

#endif
