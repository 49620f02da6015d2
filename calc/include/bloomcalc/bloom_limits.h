/*
 * bloom_limits.h - every limit of bloomcalc and bloomsim, in one place.
 *
 * The library refuses arguments outside these limits (BLOOM_UNDEFINED);
 * the option tables of both programs take their accepted ranges from the
 * same macros, so the range a --help text or an error message states is
 * the range the code enforces.  The limits are what deployed filters need
 * (sizes of 64-bit counts, rates down to 1e-30, at most 100 probes); within
 * them every question is answered in well under a second (make bench), so
 * no question inside them is refused for its cost.
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

/* ---- The calculator (bloomcalc and the library) ---------------------- */

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
 * exactly for m a multiple of 64 below 2^32 and k at most 16, when the work
 * (b representatives x carry cells x 2^k subsets canonicalised, about as many
 * bytes of memory times 4) is at most BLOOM_GUAVA_MODEL_WORK: measured to
 * answer within about half a second (FORMULAS.md §q.4); above it a Guava
 * filter's rate is the independent-probe rate and its warning says so. */
#define BLOOM_GUAVA_MODEL_MAX_HASHES 16UL
#define BLOOM_GUAVA_MODEL_WORK 3e6

/* Levels L of the filters planned together by plan and table --levels
 * (the Monkey allocation): 1 to 10^6. */
#define BLOOM_MAX_LEVELS 1000000UL

/* "bloomcalc lsm": levels 1 to 100, size ratio T from 2 (bloomsim lsm: 1)
 * to 10^6, filter memory from 1/1000 to 10^5 bits per key (both programs).
 * The level sizes are exact rationals of about L log2 T bits and each of
 * the L rows costs O(L) operations on them: L = 1000 took 2 s at T = 2 and
 * minutes at T = 10^6; L = 100 answers in 0.1 s at T = 10^6. */
#define BLOOM_LSM_MAX_LEVELS 100UL
#define BLOOM_LSM_MAX_SIZE_RATIO 1000000UL
#define BLOOM_LSM_MIN_BITS_PER_KEY_TEXT "1/1000"
#define BLOOM_LSM_MAX_BITS_PER_KEY_TEXT "100000"

/* Significant digits of a printed real: 1 to 100 (--digits). */
#define BLOOM_MAX_DIGITS 100UL

/* Working precision of the certified evaluation: at most 2^20 bits
 * (certified.h, bloom_set_precision_limit), at least 64 bits. */
#define BLOOM_PRECISION_LIMIT_LOG2 20
#define BLOOM_PRECISION_LIMIT ((mpfr_prec_t)1 << BLOOM_PRECISION_LIMIT_LOG2)
#define BLOOM_PRECISION_FLOOR ((mpfr_prec_t)64)

/* Exact rationals (exact rates of small filters) up to 65536 bits. */
#define BLOOM_RATIONAL_LIMIT_BITS 65536UL

/* Sub-filters of a scalable (growing) filter: at most 256 (the exact compound bound
 * 1 - prod (1 - p0 r^i) grows by the digits of r^i each sub-filter: 1000 of them at r = 0.9
 * took 1.4 s, 4096 at r = 0.999 minutes). */
#define BLOOM_GROWTH_MAX_FILTERS 256

/* Number syntax (numbers.h): decimal exponents up to 400 in magnitude
 * ("1e-400"), powers a^b up to 1330 bits. */
#define BLOOM_PARSE_MAX_EXPONENT 400L
#define BLOOM_PARSE_MAX_POWER_BITS 1330L

/* Items a list option ("2^6..2^30", "1,2,3") may expand to, and rows a
 * table (the product of its lists' lengths) may have. */
#define BLOOM_LIST_MAX_ITEMS 10000
#define BLOOM_TABLE_MAX_ROWS 10000

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

/* ---- The simulator (bloomsim) ---------------------------------------- */

/* Probes per key the simulator builds: the calculator's limit. */
#define SIM_MAX_HASHES BLOOM_MAX_HASHES

/* Bits m and keys n of "bloomsim fpr", trials T: at most 2^40 each;
 * absent-key queries per filter: at most 2^50. */
#define SIM_MAX_BITS_LOG2 40
#define SIM_MAX_BITS_TEXT BLOOM_POWER_OF_TWO_TEXT(SIM_MAX_BITS_LOG2)
#define SIM_MAX_TRIALS_LOG2 40
#define SIM_MAX_TRIALS_TEXT BLOOM_POWER_OF_TWO_TEXT(SIM_MAX_TRIALS_LOG2)
#define SIM_MAX_QUERIES_LOG2 50
#define SIM_MAX_QUERIES_TEXT BLOOM_POWER_OF_TWO_TEXT(SIM_MAX_QUERIES_LOG2)

/* Keys n "bloomsim plan" sizes a filter for: 2^36; keys on the deepest
 * level of "bloomsim lsm": 2^32; keys "bloomsim grow" inserts: 2^32. */
#define SIM_MAX_PLAN_KEYS_LOG2 36
#define SIM_MAX_PLAN_KEYS_TEXT BLOOM_POWER_OF_TWO_TEXT(SIM_MAX_PLAN_KEYS_LOG2)
#define SIM_MAX_LEVEL_KEYS_LOG2 32
#define SIM_MAX_LEVEL_KEYS_TEXT BLOOM_POWER_OF_TWO_TEXT(SIM_MAX_LEVEL_KEYS_LOG2)
#define SIM_MAX_GROWTH_KEYS_LOG2 32
#define SIM_MAX_GROWTH_KEYS_TEXT BLOOM_POWER_OF_TWO_TEXT(SIM_MAX_GROWTH_KEYS_LOG2)

/* Smallest target rate the simulator plans for: 1e-12 (smaller rates
 * need more queries than a run can make). */
#define SIM_MIN_RATE_EXPONENT 12
#define SIM_MIN_RATE_TEXT BLOOM_NEGATIVE_POWER_OF_TEN_TEXT(SIM_MIN_RATE_EXPONENT)

/* Worker threads: 1 to 1024. */
#define SIM_MAX_THREADS 1024UL

/* "bloomsim delete": positions m up to 2^28, keys up to 2^24, filters up to 2^32. */
#define SIM_MAX_DELETE_POSITIONS_LOG2 28
#define SIM_MAX_DELETE_POSITIONS_TEXT BLOOM_POWER_OF_TWO_TEXT(SIM_MAX_DELETE_POSITIONS_LOG2)
#define SIM_MAX_DELETE_KEYS_LOG2 24
#define SIM_MAX_DELETE_KEYS_TEXT BLOOM_POWER_OF_TWO_TEXT(SIM_MAX_DELETE_KEYS_LOG2)
#define SIM_MAX_DELETE_FILTERS_LOG2 32
#define SIM_MAX_DELETE_FILTERS_TEXT BLOOM_POWER_OF_TWO_TEXT(SIM_MAX_DELETE_FILTERS_LOG2)

/* A simulated LSM tree: at most 64 levels; 2 to 2^40 lookups of each kind,
 * 2 to 2^30 trees. */
#define SIM_LSM_MAX_LEVELS 64U
#define SIM_LSM_MAX_LOOKUPS_LOG2 40
#define SIM_LSM_MAX_LOOKUPS_TEXT BLOOM_POWER_OF_TWO_TEXT(SIM_LSM_MAX_LOOKUPS_LOG2)
#define SIM_LSM_MAX_TRIALS_LOG2 30
#define SIM_LSM_MAX_TRIALS_TEXT BLOOM_POWER_OF_TWO_TEXT(SIM_LSM_MAX_TRIALS_LOG2)

/* The work (probe operations) of one "bloomsim verify" check: 1e5 to 1e12. */
#define SIM_VERIFY_MIN_WORK_TEXT "1e5"
#define SIM_VERIFY_MAX_WORK_TEXT "1e12"

/* Filters whose m fits one 64-bit word take the tiny engine (tiny.h);
 * filters of every layout up to one 512-bit cache line take its
 * small-filter loops (tiny.h, sim_small_*). */
#define SIM_TINY_MAX_BITS 64U
#define SIM_SMALL_MAX_BITS 512U

/* Filters of at most this many bits read (X/m)^k from a table of the
 * powers (harness.c) instead of computing it per trial. */
#define SIM_POWER_TABLE_MAX_BITS 4096U

/* Probes a key may have for sim_key_cursor_rest into a stack array
 * (key_probes.h); an engine takes larger k one by one. */
#define SIM_MAX_KEY_PROBES 512U

/* Most shards a run may be cut into (--shard I/N, shard_selection.h). */
#define SIM_SHARD_MAX_COUNT (1UL << 20)

/* Bits per counter of a simulated counting filter: 1 to 32. */
#define SIM_COUNTER_BITS_MIN 1U
#define SIM_COUNTER_BITS_MAX 32U

/* Trials the bulk engine interleaves (bulk.h). */
#define SIM_BULK_MAX_WINDOW 64U

/* Hash and fingerprint widths of a simulated layout: at most 64 bits. */
#define SIM_LAYOUT_MAX_WIDTH 64U

/* Distinct prime factors of m the probe generator tracks (probes.h); the
 * product of the first 16 primes exceeds 2^64. */
#define SIM_MAX_PRIME_FACTORS 16

/* ---- How the limits relate ------------------------------------------- */

BLOOM_STATIC_ASSERT(BLOOM_MAX_HASHES >= 1, "at least one hash function");
BLOOM_STATIC_ASSERT(SIM_MAX_HASHES >= 1, "the simulator needs k = 1 at least");
BLOOM_STATIC_ASSERT(BLOOM_MAX_SIZE_LOG2 < BLOOM_PARSE_MAX_POWER_BITS,
                    "2^BLOOM_MAX_SIZE_LOG2 must be a readable power");
BLOOM_STATIC_ASSERT(BLOOM_MIN_RATE_EXPONENT < BLOOM_PARSE_MAX_EXPONENT,
                    "the smallest rate must be a readable number");
BLOOM_STATIC_ASSERT(SIM_MIN_RATE_EXPONENT <= BLOOM_MIN_RATE_EXPONENT,
                    "no command accepts a rate the library refuses");
BLOOM_STATIC_ASSERT(BLOOM_MIN_RATE_EXPONENT * 3322 / 1000 + 1 <= BLOOM_MAX_HASHES,
                    "the best k of the smallest rate, log2(1/p) + 1, is accepted");
BLOOM_STATIC_ASSERT(SIM_MAX_HASHES <= BLOOM_MAX_HASHES && 2 * SIM_MAX_HASHES <= BLOOM_MAX_RATE_PROBES,
                    "the calculator predicts every simulated filter and its second moment");
BLOOM_STATIC_ASSERT(SIM_MAX_PLAN_KEYS_LOG2 <= BLOOM_MAX_SIZE_LOG2 && SIM_MAX_GROWTH_KEYS_LOG2 <= BLOOM_MAX_SIZE_LOG2,
                    "no command accepts more keys than the library");
BLOOM_STATIC_ASSERT(SIM_MAX_BITS_LOG2 < 64 && SIM_MAX_PLAN_KEYS_LOG2 < 64 && SIM_MAX_LEVEL_KEYS_LOG2 < 64
                    && SIM_MAX_TRIALS_LOG2 < 64 && SIM_MAX_QUERIES_LOG2 < 64,
                    "simulator sizes fit a uint64_t");
BLOOM_STATIC_ASSERT(SIM_MAX_BITS_LOG2 <= BLOOM_MAX_SIZE_LOG2, "the calculator predicts every simulated filter");
BLOOM_STATIC_ASSERT(BLOOM_TABLE_MAX_ROWS >= BLOOM_LIST_MAX_ITEMS, "a table of one full list must fit");
BLOOM_STATIC_ASSERT(BLOOM_PRECISION_LIMIT_LOG2 < 31, "the precision limit fits an mpfr_prec_t");
BLOOM_STATIC_ASSERT(BLOOM_PRECISION_FLOOR < BLOOM_PRECISION_LIMIT, "the precision range is not empty");
BLOOM_STATIC_ASSERT(BLOOM_MIN_BLOCK_BITS <= BLOOM_MAX_BLOCK_BITS, "the block range is not empty");
BLOOM_STATIC_ASSERT(SIM_LAYOUT_MAX_WIDTH <= BLOOM_MAX_HASH_BITS, "a simulated width is a calculator width");
BLOOM_STATIC_ASSERT(SIM_LSM_MAX_LEVELS <= BLOOM_LSM_MAX_LEVELS && BLOOM_LSM_MAX_LEVELS <= BLOOM_MAX_LEVELS, "the calculator predicts every simulated tree");
BLOOM_STATIC_ASSERT(SIM_TINY_MAX_BITS == 64 && SIM_BULK_MAX_WINDOW <= 64, "one 64-bit word per tiny filter");
BLOOM_STATIC_ASSERT(SIM_SMALL_MAX_BITS % 64 == 0 && SIM_SMALL_MAX_BITS >= SIM_TINY_MAX_BITS,
                    "a small filter is a whole number of 64-bit words, at least a tiny one");
BLOOM_STATIC_ASSERT(SIM_POWER_TABLE_MAX_BITS >= SIM_SMALL_MAX_BITS, "every small filter reads its power from the table");
BLOOM_STATIC_ASSERT(SIM_MAX_KEY_PROBES >= SIM_MAX_HASHES, "every k the commands accept fits the probe array");
BLOOM_STATIC_ASSERT(SIM_SHARD_MAX_COUNT <= (1ULL << SIM_MAX_TRIALS_LOG2), "a shard count fits a trial count");
BLOOM_STATIC_ASSERT(SIM_COUNTER_BITS_MIN >= 1 && SIM_COUNTER_BITS_MIN <= SIM_COUNTER_BITS_MAX && SIM_COUNTER_BITS_MAX <= 32,
                    "a simulated counter fits a uint32_t");
BLOOM_STATIC_ASSERT(BLOOM_MAX_COUNTER_BITS < 64, "2^c of a calculated counter fits a uint64_t");
BLOOM_STATIC_ASSERT(BLOOM_MAX_HASH_BITS >= BLOOM_MAX_SIZE_LOG2, "a hash width can address every bit of the largest filter");
BLOOM_STATIC_ASSERT((BLOOM_MAX_BLOCK_BITS & (BLOOM_MAX_BLOCK_BITS - 1)) == 0, "the largest block is a power of two");
BLOOM_STATIC_ASSERT(BLOOM_MAX_RATE_PROBES <= 0xffffffffUL && BLOOM_MAX_DIGITS <= 0xffffffffUL, "k and digits fit an unsigned int");
BLOOM_STATIC_ASSERT(SIM_MAX_DELETE_POSITIONS_LOG2 <= SIM_MAX_BITS_LOG2 && SIM_MAX_DELETE_KEYS_LOG2 <= SIM_MAX_DELETE_POSITIONS_LOG2,
                    "a deletion filter is a simulated filter");

#ifdef __cplusplus
}
#endif

#endif
