/*
 * bloom_limits.h - the limits of the library's domain: the sizes, rates,
 * hash counts, precisions and number syntax it is defined and tested for.
 *
 * The library refuses arguments outside these limits (BLOOM_UNDEFINED);
 * the option tables of both programs take their accepted ranges from the
 * same macros, so the range a --help text or an error message states is
 * the range the code enforces.  The limits are what deployed filters need
 * (sizes of 64-bit counts, rates down to 1e-30, at most 100 probes); within
 * them every question is answered in well under a second (make bench), so
 * no question inside them is refused for its cost.  What only a command
 * line bounds (digits printed, list items, table rows, Monkey levels) is in
 * calc/cli/cli_limits.h, and the simulator's own limits in
 * sim/filter/sim_limits.h: neither is installed.
 *
 * Limits used as option bounds come in two spellings: a number (an
 * unsigned long, formatted at run time) and, for the whole-number bounds
 * the option layer reads as text (counts larger than 64 bits), a power
 * "2^E" built by BLOOM_POWER_OF_TWO_TEXT(E) from a plain exponent literal.
 * The static assertions at the end tie the limits to each other.
 */
#ifndef BLOOMCALC_BLOOM_LIMITS_H
#define BLOOMCALC_BLOOM_LIMITS_H

#include <mpfr.h>

/* Macros only; the guards keep the header's shape the same as the others'. */
#ifdef __cplusplus
extern "C" {
#define BLOOM_STATIC_ASSERT static_assert
#else
#define BLOOM_STATIC_ASSERT _Static_assert
#endif

/* "2^E" and "1e-E" from an exponent written as a plain integer literal. */
#define BLOOM_STRINGIFY_(x) #x
#define BLOOM_STRINGIFY(x) BLOOM_STRINGIFY_(x)
#define BLOOM_POWER_OF_TWO_TEXT(exponent) "2^" BLOOM_STRINGIFY(exponent)
#define BLOOM_NEGATIVE_POWER_OF_TEN_TEXT(exponent) "1e-" BLOOM_STRINGIFY(exponent)

/* ---- The library's domain (both programs' ranges start here) -------- */

/* Keys n and bits m: at most 2^64 (whole numbers; exponent in bits). */
#define BLOOM_MAX_SIZE_LOG2 64
#define BLOOM_MAX_SIZE_TEXT BLOOM_POWER_OF_TWO_TEXT(BLOOM_MAX_SIZE_LOG2)

/* Target false-positive rate p: at least 1e-30 (decimal exponent); the
 * best hash count of any filter meeting it is at most log2(1/p) + 1 < 100. */
#define BLOOM_MIN_RATE_EXPONENT 30
#define BLOOM_MIN_RATE_TEXT BLOOM_NEGATIVE_POWER_OF_TEN_TEXT(BLOOM_MIN_RATE_EXPONENT)

/* Hash functions (probes per key) k the commands accept and plan: 1 to 100
 * (RocksDB's at most 100 bits a key take 24, Cassandra's 14; the best k for
 * a rate of 1e-30 is about 100).  The library's rates accept twice as many
 * probes, per key and per query: the best-k search certifies a best k at
 * the limit against the k just above it (FORMULAS.md §l), and the simulator
 * judges a filter of k probes by the second moment E[(X/m)^(2k)] (fpr.h,
 * query_probes). */
#define BLOOM_MAX_HASHES 100UL
#define BLOOM_MAX_RATE_PROBES (2 * BLOOM_MAX_HASHES)

/* Guava's index arithmetic (index_arithmetic.c, FORMULAS.md §q) is modelled
 * exactly for m a multiple of 64 below 2^32 and k at most 16, when the
 * model's size W (b representatives x carry cells x 2^k probe subsets, each
 * looked up or canonicalised once and held in 4 bytes) is at most
 * BLOOM_GUAVA_MODEL_SIZE_LIMIT, the model's size limit: its construction
 * takes time and memory in proportion to W (FORMULAS.md §q.4); above it a
 * Guava filter's rate is the independent-probe rate and its warning says
 * so. */
#define BLOOM_GUAVA_MODEL_MAX_HASHES 16UL
#define BLOOM_GUAVA_MODEL_SIZE_LIMIT 3e6

/* The most probes (insertion and query) for which the rates model libbloom's reduction of
 * 32-bit values modulo m (FORMULAS.md §m.6): its two classes of bits cost O(k^3) terms at k +
 * cancellation bits of precision, about 0.04 s at 32 probes and 1 s at 100; above, the rate is
 * that of uniform probes and the rule's warning says so.  32 covers libbloom down to p of
 * about 1e-9. */
#define BLOOM_MODULO_MAX_PROBES 32UL

/* An LSM tree ("bloomcalc lsm", "bloomsim lsm"): levels 1 to 100, size
 * ratio T from 1 (equal levels) to 10^6, filter memory from 1/1000 to 10^5
 * bits per key, keys and rates as a filter's (bloomsim takes fewer levels,
 * keys and smaller rates only: sim_limits.h).
 * The level sizes are exact rationals of about L log2 T bits and each of
 * the L rows costs O(L) operations on them, O(L^3 log T) bit operations in
 * all: 100 levels keep it small at T = 10^6, 1000 would cost 10^4 times
 * as much. */
#define BLOOM_LSM_MAX_LEVELS 100UL
#define BLOOM_LSM_MIN_SIZE_RATIO 1UL
#define BLOOM_LSM_MAX_SIZE_RATIO 1000000UL
#define BLOOM_LSM_MIN_BITS_PER_KEY_TEXT "1/1000"
#define BLOOM_LSM_MAX_BITS_PER_KEY_TEXT "100000"

/* Working precision of the certified evaluation: at most 2^20 bits
 * (certified.h, bloom_set_precision_limit), at least 64 bits. */
#define BLOOM_PRECISION_LIMIT_LOG2 20
#define BLOOM_PRECISION_LIMIT ((mpfr_prec_t)1 << BLOOM_PRECISION_LIMIT_LOG2)
#define BLOOM_PRECISION_FLOOR ((mpfr_prec_t)64)

/* Exact rationals (exact rates of small filters) up to 65536 bits. */
#define BLOOM_RATIONAL_LIMIT_BITS 65536UL

/* Sub-filters of a scalable (growing) filter: at most 256 (the exact compound bound
 * 1 - prod (1 - p0 r^i) grows by the digits of r^i each sub-filter, so its cost grows as
 * the square of their number). */
#define BLOOM_GROWTH_MAX_FILTERS 256

/* Number syntax (numbers.h): decimal exponents up to 400 in magnitude
 * ("1e-400"), powers a^b up to 1330 bits. */
#define BLOOM_PARSE_MAX_EXPONENT 400L
#define BLOOM_PARSE_MAX_POWER_BITS 1330L

/* The deployed filter's description: block size 8 to 2^20 bits, hash and
 * index widths 1 to 256 bits. */
#define BLOOM_MIN_BLOCK_BITS 8UL
#define BLOOM_MAX_BLOCK_BITS (1UL << 20)
#define BLOOM_MAX_HASH_BITS 256UL

/* Growth factor s of "grow": 1 to 1000; tightening ratio r at least 1e-6. */
#define BLOOM_MAX_GROWTH_FACTOR 1000UL
#define BLOOM_MIN_TIGHTENING_EXPONENT 6
#define BLOOM_MIN_TIGHTENING_TEXT BLOOM_NEGATIVE_POWER_OF_TEN_TEXT(BLOOM_MIN_TIGHTENING_EXPONENT)

/* "structures": a counting filter's counters have 1 to 6 bits. */
#define BLOOM_MAX_COUNTER_BITS 6UL

/* ---- How the limits relate ------------------------------------------- */

BLOOM_STATIC_ASSERT(BLOOM_MAX_HASHES >= 1, "at least one hash function");
BLOOM_STATIC_ASSERT(BLOOM_MAX_SIZE_LOG2 < BLOOM_PARSE_MAX_POWER_BITS,
                    "2^BLOOM_MAX_SIZE_LOG2 must be a readable power");
BLOOM_STATIC_ASSERT(BLOOM_MIN_RATE_EXPONENT < BLOOM_PARSE_MAX_EXPONENT,
                    "the smallest rate must be a readable number");
BLOOM_STATIC_ASSERT(BLOOM_MIN_RATE_EXPONENT * 3322 / 1000 + 1 <= BLOOM_MAX_HASHES,
                    "the best k of the smallest rate, log2(1/p) + 1, is accepted");
BLOOM_STATIC_ASSERT(BLOOM_PRECISION_LIMIT_LOG2 < 31, "the precision limit fits an mpfr_prec_t");
BLOOM_STATIC_ASSERT(BLOOM_PRECISION_FLOOR < BLOOM_PRECISION_LIMIT, "the precision range is not empty");
BLOOM_STATIC_ASSERT(BLOOM_MIN_BLOCK_BITS <= BLOOM_MAX_BLOCK_BITS, "the block range is not empty");
BLOOM_STATIC_ASSERT(BLOOM_MAX_COUNTER_BITS < 64, "2^c of a calculated counter fits a uint64_t");
BLOOM_STATIC_ASSERT(BLOOM_MAX_HASH_BITS >= BLOOM_MAX_SIZE_LOG2, "a hash width can address every bit of the largest filter");
BLOOM_STATIC_ASSERT((BLOOM_MAX_BLOCK_BITS & (BLOOM_MAX_BLOCK_BITS - 1)) == 0, "the largest block is a power of two");
BLOOM_STATIC_ASSERT(BLOOM_MAX_RATE_PROBES <= 0xffffffffUL, "k fits an unsigned int");

#ifdef __cplusplus
}
#endif

#endif
