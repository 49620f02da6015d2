/*
 * random.c - SplitMix64 and seed derivation (see random.h).
 *
 * The finaliser is the one of Steele, Lea and Flood (OOPSLA 2014), itself
 * a variant of the MurmurHash3 fmix64 step: x ^= x >> 30; x *= c1;
 * x ^= x >> 27; x *= c2; x ^= x >> 31.  Each step is invertible modulo
 * 2^64 (an xor-shift by s < 64 is undone by repeated xor-shifts, an odd
 * multiplier has an inverse), so the whole map is a bijection.
 *
 * Derived seeds: mix(mix(seed ^ purpose * golden) + index * golden').  Two
 * derivations that differ in purpose or index feed different inputs to a
 * bijection, hence never coincide before the last addition; the outputs
 * behave as unrelated 64-bit values.
 */
#include "random.h"

#define GOLDEN_GAMMA 0x9e3779b97f4a7c15ULL
#define SECOND_GAMMA 0xd1b54a32d192ed03ULL

uint64_t sim_mix64(uint64_t value)
{
    value ^= value >> 30;
    value *= 0xbf58476d1ce4e5b9ULL;
    value ^= value >> 27;
    value *= 0x94d049bb133111ebULL;
    value ^= value >> 31;
    return value;
}

uint64_t sim_splitmix64_next(uint64_t *state)
{
    *state += GOLDEN_GAMMA;
    return sim_mix64(*state);
}

uint64_t sim_derive_seed(uint64_t seed, uint64_t purpose, uint64_t index)
{
    uint64_t stream = sim_mix64(seed ^ (purpose * GOLDEN_GAMMA));
    return sim_mix64(stream + (index + 1) * SECOND_GAMMA);
}
