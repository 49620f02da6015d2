/*
 * probes.h - the k positions a key probes in a filter of m bits, under three
 * schemes:
 *
 *   independent  g_i = u_i, k independent uniform positions: the model the
 *                exact formula assumes (FORMULAS.md section a).
 *   double       g_i = h1 + i*h2 (mod m), Kirsch & Mitzenmacher, "Less
 *                hashing, same performance", ESA 2006 / RSA 33(2) 2008.
 *   enhanced     g_i = h1 + i*h2 + (i^3 - i)/6 (mod m), Dillinger &
 *                Manolios, "Bloom filters in probabilistic verification",
 *                FMCAD 2004: x = h1, y = h2; for i = 1..k-1: x += y, y += i.
 *
 * The double-hashing guard.  If h2 = 0 (mod m) every probe lands on h1; if
 * g = gcd(h2, m) > 1 the probes cycle through only m/g positions.  With the
 * guard on (the default) h2 is drawn uniformly from the units of Z_m (the
 * h2 with gcd(h2, m) = 1) by rejection: a drawn h2 sharing a prime factor
 * with m is discarded and the next word of the key's hash stream is used.
 * Then the orbit covers all m positions and the k probes are distinct
 * whenever k <= m.  For prime m this is "h2 in 1..m-1", for m = 2^b it is
 * "h2 odd" (FORMULAS.md section d, tables).  With the guard off h2 is
 * uniform on Z_m, the scheme analysed by Kirsch and Mitzenmacher, zero
 * step included.  Enhanced double hashing draws h1, h2 uniform on Z_m
 * without a guard: its cubic term already breaks up the short cycles.
 */
#ifndef BLOOMSIM_PROBES_H
#define BLOOMSIM_PROBES_H

#include <stddef.h>
#include <stdint.h>

#include "hash.h"

typedef enum sim_probe_scheme {
    SIM_PROBE_INDEPENDENT = 0,
    SIM_PROBE_DOUBLE = 1,
    SIM_PROBE_ENHANCED = 2
} sim_probe_scheme;

/* The names accepted by --hash, in sim_probe_scheme order, NULL-terminated. */
extern const char *const sim_probe_scheme_names[];

/* Most distinct prime factors a 64-bit integer can have (2*3*5*...*53 < 2^64). */
#define SIM_MAX_PRIME_FACTORS 16

/* How a filter's keys are turned into positions.  Fill with sim_prober_init. */
typedef struct sim_prober {
    sim_probe_scheme scheme;
    sim_hash_function function;
    uint64_t bits;                 /* m */
    unsigned hashes;               /* k */
    uint64_t seed;
    int guard;                     /* double hashing: h2 restricted to the units of Z_m */
    unsigned prime_factor_count;   /* the distinct primes dividing m (for the guard) */
    uint64_t prime_factors[SIM_MAX_PRIME_FACTORS];
} sim_prober;

/*
 * Prepares a prober for m = `bits` >= 1 positions and k = `hashes` >= 1
 * probes, hashing with `function` under `seed`; `guard` selects the
 * double-hashing guard described above (ignored by the other schemes).
 * Factoring m for the guard takes O(sqrt(m)) divisions, once.
 */
void sim_prober_init(sim_prober *prober, sim_probe_scheme scheme, sim_hash_function function,
                     uint64_t bits, unsigned hashes, uint64_t seed, int guard);

/* Stores in positions[0..k-1] the probes of the key (`bytes`, `length`). */
void sim_prober_positions(const sim_prober *prober, const void *bytes, size_t length,
                          uint64_t *positions);

/* Nonzero when gcd(value, m) = 1 for the prober's m (using its prime factors). */
int sim_prober_is_unit(const sim_prober *prober, uint64_t value);

/* Stores the distinct prime factors of `value` >= 1 in factors[] (at most
 * SIM_MAX_PRIME_FACTORS, increasing) and returns how many there are. */
unsigned sim_prime_factors(uint64_t value, uint64_t *factors);

#endif
