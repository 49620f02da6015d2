/*
 * probes.c - independent, double and enhanced double hashing (see probes.h
 * for the schemes, the references and what the double-hashing guard does).
 *
 * All arithmetic is modulo m with 64-bit operands: a + b (mod m) for
 * a, b < m is a - (m - b) when a >= m - b, else a + b, which never
 * overflows, so m may be any value up to 2^64 - 1 (PERFORMANCE.md §t.3:
 * no 32-bit index arithmetic anywhere).  Every h1, h2 and independent
 * position is an exactly uniform draw from {0..m-1} of the key's hash
 * stream (hash.h: one XXH3 call a key, then SplitMix64 words; Lemire's
 * unbiased reduction, one 64-bit word per draw for m > 2^28, several draws
 * per word below).  Double and enhanced hashing draw h1 and h2 from words
 * 0 and 1, the two independent halves of the key's 128-bit hash, whenever
 * m > 2^28 and no draw is rejected (PERFORMANCE.md §t.2).
 *
 * Probes are produced by a cursor, one at a time, so a query that stops at
 * its first clear bit draws no hash word for the probes it skips, and loops
 * that keep many keys in flight (bulk.c) hold one small cursor per key;
 * sim_prober_positions is the cursor run k times, hence the same probes.
 */
#include "probes.h"

_Static_assert(SIM_PROBE_INDEPENDENT == (int)BLOOM_PROBES_INDEPENDENT
               && SIM_PROBE_DOUBLE == (int)BLOOM_PROBES_DOUBLE
               && SIM_PROBE_ENHANCED == (int)BLOOM_PROBES_ENHANCED,
               "the simulator's probe schemes are the calculator's, in the same order");

const char *sim_probe_scheme_name(sim_probe_scheme scheme)
{
    return scheme >= SIM_PROBE_LIBRARY ? sim_library_family_names[scheme - SIM_PROBE_LIBRARY]
                                       : bloom_probe_scheme_names[scheme];
}

static uint64_t add_modulo(uint64_t a, uint64_t b, uint64_t modulus)
{
    return a >= modulus - b ? a - (modulus - b) : a + b;
}

unsigned sim_prime_factors(uint64_t value, uint64_t *factors)
{
    unsigned count = 0;
    for (uint64_t divisor = 2; divisor <= value / divisor; divisor += (divisor == 2 ? 1 : 2)) {
        if (value % divisor != 0)
            continue;
        factors[count++] = divisor;
        while (value % divisor == 0)
            value /= divisor;
    }
    if (value > 1)
        factors[count++] = value;
    return count;
}

/* Draws a key needs before a rejection: k for independent probes, h1 and h2 otherwise. */
static unsigned draws_per_key(const sim_prober *prober)
{
    return prober->scheme == SIM_PROBE_INDEPENDENT ? prober->hashes : 2;
}

void sim_prober_init(sim_prober *prober, sim_probe_scheme scheme, sim_hash_function function,
                     uint64_t bits, unsigned hashes, uint64_t seed, int guard)
{
    prober->scheme = scheme;
    prober->function = function;
    prober->bits = bits;
    prober->hashes = hashes;
    prober->guard = guard;
    prober->prime_factor_count = 0;
    if (scheme == SIM_PROBE_DOUBLE && guard)
        prober->prime_factor_count = sim_prime_factors(bits, prober->prime_factors);
    sim_draw_range_init(&prober->draws, bits, draws_per_key(prober));
    sim_prober_set_seed(prober, seed);
}

void sim_prober_set_seed(sim_prober *prober, uint64_t seed)
{
    prober->seed = seed;
    sim_hash_seeds_init(&prober->seeds, seed, 1);
}

int sim_prober_is_unit(const sim_prober *prober, uint64_t value)
{
    for (unsigned i = 0; i < prober->prime_factor_count; i++)
        if (value % prober->prime_factors[i] == 0)
            return 0;
    return 1;
}

static uint64_t draw(sim_probe_cursor *cursor)
{
    return sim_hash_stream_draw(&cursor->stream, &cursor->prober->draws);
}

/* The step h2 of double hashing: uniform on Z_m, or on its units when guarded. */
static uint64_t double_hashing_step(sim_probe_cursor *cursor)
{
    const sim_prober *prober = cursor->prober;
    uint64_t step = draw(cursor);
    if (prober->guard)
        while (!sim_prober_is_unit(prober, step))
            step = draw(cursor);
    return step;
}

void sim_probe_cursor_start(sim_probe_cursor *cursor, const sim_prober *prober, const void *bytes,
                            size_t length)
{
    cursor->prober = prober;
    cursor->index = 0;
    cursor->position = 0;
    cursor->step = 0;
    sim_hash_stream_start(&cursor->stream, prober->function, bytes, length, &prober->seeds);
}

/* g_0 = h1, then g_(i+1) = g_i + step_i with step_0 = h2 and, for enhanced
 * double hashing, step_(i+1) = step_i + (i + 1) (all mod m). */
uint64_t sim_probe_cursor_next_double(sim_probe_cursor *cursor)
{
    const sim_prober *prober = cursor->prober;
    uint64_t bits = prober->bits;
    if (prober->scheme >= SIM_PROBE_LIBRARY) {
        sim_library_family family = (sim_library_family)(prober->scheme - SIM_PROBE_LIBRARY);
        if (cursor->index == 0)
            sim_library_hash(&cursor->library, family, cursor->stream.bytes, cursor->stream.length);
        return sim_library_probe(family, &cursor->library, cursor->index++, bits);
    }
    if (cursor->index == 0) {
        cursor->position = draw(cursor);
        cursor->step = prober->scheme == SIM_PROBE_DOUBLE ? double_hashing_step(cursor) : draw(cursor);
    }
    uint64_t position = cursor->position;
    cursor->position = add_modulo(position, cursor->step, bits);
    if (prober->scheme == SIM_PROBE_ENHANCED)
        cursor->step = add_modulo(cursor->step, (uint64_t)(cursor->index + 1) % bits, bits);
    cursor->index++;
    return position;
}

void sim_prober_positions(const sim_prober *prober, const void *bytes, size_t length,
                          uint64_t *positions)
{
    sim_probe_cursor cursor;
    sim_probe_cursor_start(&cursor, prober, bytes, length);
    for (unsigned i = 0; i < prober->hashes; i++)
        positions[i] = sim_probe_cursor_next(&cursor);
}
