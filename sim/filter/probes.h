/*
 * probes.h - the k positions a key probes in a filter of m bits, under three
 * schemes:
 *
 *   independent  g_i = u_i, k independent uniform positions: the model the
 *                exact formula assumes (FORMULAS.md §a).
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
 * "h2 odd" (FORMULAS.md §d, tables).  With the guard off h2 is
 * uniform on Z_m, the scheme analysed by Kirsch and Mitzenmacher, zero
 * step included.  Enhanced double hashing draws h1, h2 uniform on Z_m
 * without a guard: its cubic term already breaks up the short cycles.
 */
#ifndef BLOOMSIM_PROBES_H
#define BLOOMSIM_PROBES_H

#include <stddef.h>
#include <stdint.h>

#include "hash.h"
#include "library_probes.h"
#include "sim_limits.h"
#include "layouts.h"

typedef enum sim_probe_scheme {
    SIM_PROBE_INDEPENDENT = 0,
    SIM_PROBE_DOUBLE = 1,
    SIM_PROBE_ENHANCED = 2,
    /* A library's own hash and index arithmetic (library_probes.h), in
     * sim_library_family order: the key's bytes are hashed by the library's
     * hash, not the prober's (so its seed does not change them). */
    SIM_PROBE_LIBRARY = 3
} sim_probe_scheme;

/* The scheme's name: the calculator's (bloom_probe_scheme_names), or the library family's. */
const char *sim_probe_scheme_name(sim_probe_scheme scheme);

/* The scheme of library family `family` (SIM_PROBE_LIBRARY + family). */
#define SIM_PROBE_OF_LIBRARY(family) ((sim_probe_scheme)(SIM_PROBE_LIBRARY + (int)(family)))

/* The names accepted by --hash are the calculator's, bloom_probe_scheme_names
 * (layouts.h), in the same order (probes.c asserts it). */

/* Most distinct prime factors a 64-bit integer can have: SIM_MAX_PRIME_FACTORS
 * (bloom_limits.h). */

/* How a filter's keys are turned into positions.  Fill with sim_prober_init. */
typedef struct sim_prober {
    sim_probe_scheme scheme;
    sim_hash_function function;
    uint64_t bits;                 /* m */
    unsigned hashes;               /* k */
    uint64_t seed;                 /* set with sim_prober_set_seed */
    int guard;                     /* double hashing: h2 restricted to the units of Z_m */
    unsigned prime_factor_count;   /* the distinct primes dividing m (for the guard) */
    uint64_t prime_factors[SIM_MAX_PRIME_FACTORS];
    sim_draw_range draws;          /* uniform draws in {0..m-1}, batched for small m */
    sim_hash_seeds seeds;          /* the pair seeds of `seed`, derived once */
} sim_prober;

/*
 * Prepares a prober for m = `bits` >= 1 positions and k = `hashes` >= 1
 * probes, hashing with `function` under `seed`; `guard` selects the
 * double-hashing guard described above (ignored by the other schemes).
 * Factoring m for the guard takes O(sqrt(m)) divisions, once.
 */
void sim_prober_init(sim_prober *prober, sim_probe_scheme scheme, sim_hash_function function,
                     uint64_t bits, unsigned hashes, uint64_t seed, int guard);

/* Changes the prober's hash seed (a new filter instance): O(1), no factoring. */
void sim_prober_set_seed(sim_prober *prober, uint64_t seed);

/* Stores in positions[0..k-1] the probes of the key (`bytes`, `length`). */
void sim_prober_positions(const sim_prober *prober, const void *bytes, size_t length,
                          uint64_t *positions);

/*
 * A probe cursor hands out one key's probes one at a time, in the order
 * sim_prober_positions stores them, drawing hash words only when needed: a
 * query that stops at its first clear bit pays for the probes it made
 * (interleaved and partitioned loops keep many cursors in flight).  This
 * is the interface a filter layout uses to consume probes.
 */
typedef struct sim_probe_cursor {
    const sim_prober *prober;
    sim_hash_stream stream;
    unsigned index;                /* probes handed out so far */
    uint64_t position;             /* double / enhanced: the next position */
    uint64_t step;                 /* double / enhanced: the current step */
    sim_library_hashes library;    /* a library's scheme: the key's hash values */
} sim_probe_cursor;

/* Starts the probes of the key (`bytes`, `length`), which must stay valid
 * while the cursor is used. */
void sim_probe_cursor_start(sim_probe_cursor *cursor, const sim_prober *prober, const void *bytes,
                            size_t length);

/* The next probe of double or enhanced double hashing (use sim_probe_cursor_next). */
uint64_t sim_probe_cursor_next_double(sim_probe_cursor *cursor);

/* Returns the key's next probe position (at most k calls per start).
 * Inline: independent probes are one batched draw each. */
static inline uint64_t sim_probe_cursor_next(sim_probe_cursor *cursor)
{
    if (cursor->prober->scheme != SIM_PROBE_INDEPENDENT)
        return sim_probe_cursor_next_double(cursor);
    cursor->index++;
    return sim_hash_stream_draw(&cursor->stream, &cursor->prober->draws);
}

/* Nonzero when gcd(value, m) = 1 for the prober's m (using its prime factors). */
int sim_prober_is_unit(const sim_prober *prober, uint64_t value);

/* Stores the distinct prime factors of `value` >= 1 in factors[] (at most
 * SIM_MAX_PRIME_FACTORS, increasing) and returns how many there are. */
unsigned sim_prime_factors(uint64_t value, uint64_t *factors);

#endif
