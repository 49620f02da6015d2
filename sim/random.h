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

/* The SplitMix64 finaliser: a bijection of the 64-bit integers that mixes
 * every input bit into every output bit.  Returns the mixed value. */
uint64_t sim_mix64(uint64_t value);

/* Advances *state by the golden-ratio increment and returns the next output
 * of the SplitMix64 sequence. */
uint64_t sim_splitmix64_next(uint64_t *state);

/*
 * A seed derived from (seed, purpose, index): distinct purposes (hash
 * seeds, inserted keys, query keys, ...) and distinct indices (trial,
 * level) give unrelated 64-bit seeds.  Returns the derived seed.
 */
uint64_t sim_derive_seed(uint64_t seed, uint64_t purpose, uint64_t index);

/* Purposes for sim_derive_seed. */
enum sim_seed_purpose {
    SIM_SEED_HASH = 1,
    SIM_SEED_INSERTED_KEYS = 2,
    SIM_SEED_QUERY_KEYS = 3,
    SIM_SEED_LEVEL = 4,
    SIM_SEED_CHOICE = 5
};

#endif
