/*
 * probes.c - independent, double and enhanced double hashing (see probes.h
 * for the schemes, the references and what the double-hashing guard does).
 *
 * All arithmetic is modulo m with 64-bit operands: a + b (mod m) for
 * a, b < m is a - (m - b) when a >= m - b, else a + b, which never
 * overflows, so m may be any value up to 2^64 - 1 (PERFORMANCE.md trap 3:
 * no 32-bit index arithmetic anywhere).  Every h1, h2 and independent
 * position is a uniform draw from {0..m-1} by Lemire's unbiased reduction
 * of a fresh 64-bit word of the key's hash stream (hash.h).
 */
#include "probes.h"

const char *const sim_probe_scheme_names[] = { "independent", "double", "enhanced", NULL };

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

void sim_prober_init(sim_prober *prober, sim_probe_scheme scheme, sim_hash_function function,
                     uint64_t bits, unsigned hashes, uint64_t seed, int guard)
{
    prober->scheme = scheme;
    prober->function = function;
    prober->bits = bits;
    prober->hashes = hashes;
    prober->seed = seed;
    prober->guard = guard;
    prober->prime_factor_count = 0;
    if (scheme == SIM_PROBE_DOUBLE && guard)
        prober->prime_factor_count = sim_prime_factors(bits, prober->prime_factors);
}

int sim_prober_is_unit(const sim_prober *prober, uint64_t value)
{
    for (unsigned i = 0; i < prober->prime_factor_count; i++)
        if (value % prober->prime_factors[i] == 0)
            return 0;
    return 1;
}

static void independent_positions(const sim_prober *prober, sim_hash_stream *stream,
                                  uint64_t *positions)
{
    for (unsigned i = 0; i < prober->hashes; i++)
        positions[i] = sim_hash_stream_position(stream, prober->bits);
}

/* The step h2 of double hashing: uniform on Z_m, or on its units when guarded. */
static uint64_t double_hashing_step(const sim_prober *prober, sim_hash_stream *stream)
{
    uint64_t step = sim_hash_stream_position(stream, prober->bits);
    if (prober->guard)
        while (!sim_prober_is_unit(prober, step))
            step = sim_hash_stream_position(stream, prober->bits);
    return step;
}

static void double_positions(const sim_prober *prober, sim_hash_stream *stream,
                             uint64_t *positions)
{
    uint64_t position = sim_hash_stream_position(stream, prober->bits);
    uint64_t step = double_hashing_step(prober, stream);
    for (unsigned i = 0; i < prober->hashes; i++) {
        positions[i] = position;
        position = add_modulo(position, step, prober->bits);
    }
}

static void enhanced_positions(const sim_prober *prober, sim_hash_stream *stream,
                               uint64_t *positions)
{
    uint64_t position = sim_hash_stream_position(stream, prober->bits);
    uint64_t step = sim_hash_stream_position(stream, prober->bits);
    for (unsigned i = 0; i < prober->hashes; i++) {
        positions[i] = position;
        position = add_modulo(position, step, prober->bits);
        step = add_modulo(step, (uint64_t)(i + 1) % prober->bits, prober->bits);
    }
}

void sim_prober_positions(const sim_prober *prober, const void *bytes, size_t length,
                          uint64_t *positions)
{
    sim_hash_stream stream;
    sim_hash_stream_start(&stream, prober->function, bytes, length, prober->seed);
    switch (prober->scheme) {
    case SIM_PROBE_DOUBLE:
        double_positions(prober, &stream, positions);
        break;
    case SIM_PROBE_ENHANCED:
        enhanced_positions(prober, &stream, positions);
        break;
    case SIM_PROBE_INDEPENDENT:
    default:
        independent_positions(prober, &stream, positions);
        break;
    }
}
