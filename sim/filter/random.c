/*
 * random.c - seed derivation (see random.h; SplitMix64 itself is inline there).
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

#define SECOND_GAMMA 0xd1b54a32d192ed03ULL

uint64_t sim_derive_seed_base(uint64_t seed, uint64_t purpose)
{
    return sim_mix64(seed ^ (purpose * SIM_GOLDEN_GAMMA));
}

uint64_t sim_derive_seed_at(uint64_t base, uint64_t index)
{
    return sim_mix64(base + (index + 1) * SECOND_GAMMA);
}

uint64_t sim_derive_seed(uint64_t seed, uint64_t purpose, uint64_t index)
{
    return sim_derive_seed_at(sim_derive_seed_base(seed, purpose), index);
}
