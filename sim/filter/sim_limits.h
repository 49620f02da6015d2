/*
 * sim_limits.h - every limit of the simulator (bloomsim), in one place: the
 * sizes, trials, queries, threads and shards a run may ask for, and the
 * thresholds at which its engines change loops.  The option tables of the
 * bloomsim commands take their accepted ranges from these macros.  They
 * are the simulator's own and are not installed; the calculator's limits,
 * which bound what the simulator's predictions may ask of the library, are
 * in bloom_limits.h, and the assertions at the end tie the two together.
 */
#ifndef BLOOMSIM_SIM_LIMITS_H
#define BLOOMSIM_SIM_LIMITS_H

#include "bloom_limits.h"

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

/* Keys n "bloomsim plan" sizes a filter for: 2^36; keys in the whole tree
 * of "bloomsim lsm" (split over the levels as "bloomcalc lsm" splits them):
 * 2^36 too, every level then a filter plan may size; keys "bloomsim grow"
 * inserts: 2^32. */
#define SIM_MAX_PLAN_KEYS_LOG2 36
#define SIM_MAX_PLAN_KEYS_TEXT BLOOM_POWER_OF_TWO_TEXT(SIM_MAX_PLAN_KEYS_LOG2)
#define SIM_LSM_MAX_KEYS_LOG2 SIM_MAX_PLAN_KEYS_LOG2
#define SIM_LSM_MAX_KEYS_TEXT BLOOM_POWER_OF_TWO_TEXT(SIM_LSM_MAX_KEYS_LOG2)
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

/* A simulated LSM tree: at most 64 levels (the engine's per-level arrays;
 * "bloomcalc lsm" takes BLOOM_LSM_MAX_LEVELS), the size ratio T and the
 * filter memory as "bloomcalc lsm" takes them (bloom_limits.h), rates down
 * to SIM_MIN_RATE_TEXT; 2 to 2^40 lookups of each kind, 2 to 2^30 trees. */
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

BLOOM_STATIC_ASSERT(SIM_MAX_HASHES >= 1, "the simulator needs k = 1 at least");
BLOOM_STATIC_ASSERT(SIM_MIN_RATE_EXPONENT <= BLOOM_MIN_RATE_EXPONENT,
                    "no command accepts a rate the library refuses");
BLOOM_STATIC_ASSERT(SIM_MAX_HASHES <= BLOOM_MAX_HASHES && 2 * SIM_MAX_HASHES <= BLOOM_MAX_RATE_PROBES,
                    "the calculator predicts every simulated filter and its second moment");
BLOOM_STATIC_ASSERT(SIM_MAX_PLAN_KEYS_LOG2 <= BLOOM_MAX_SIZE_LOG2 && SIM_MAX_GROWTH_KEYS_LOG2 <= BLOOM_MAX_SIZE_LOG2,
                    "no command accepts more keys than the library");
BLOOM_STATIC_ASSERT(SIM_MAX_BITS_LOG2 < 64 && SIM_MAX_PLAN_KEYS_LOG2 < 64 && SIM_LSM_MAX_KEYS_LOG2 < 64
                    && SIM_MAX_TRIALS_LOG2 < 64 && SIM_MAX_QUERIES_LOG2 < 64,
                    "simulator sizes fit a uint64_t");
BLOOM_STATIC_ASSERT(SIM_MAX_BITS_LOG2 <= BLOOM_MAX_SIZE_LOG2, "the calculator predicts every simulated filter");
BLOOM_STATIC_ASSERT(SIM_LAYOUT_MAX_WIDTH <= BLOOM_MAX_HASH_BITS, "a simulated width is a calculator width");
BLOOM_STATIC_ASSERT(SIM_LSM_MAX_LEVELS <= BLOOM_LSM_MAX_LEVELS && SIM_LSM_MAX_KEYS_LOG2 <= BLOOM_MAX_SIZE_LOG2,
                    "the calculator predicts every simulated tree");
BLOOM_STATIC_ASSERT(SIM_TINY_MAX_BITS == 64 && SIM_BULK_MAX_WINDOW <= 64, "one 64-bit word per tiny filter");
BLOOM_STATIC_ASSERT(SIM_SMALL_MAX_BITS % 64 == 0 && SIM_SMALL_MAX_BITS >= SIM_TINY_MAX_BITS,
                    "a small filter is a whole number of 64-bit words, at least a tiny one");
BLOOM_STATIC_ASSERT(SIM_POWER_TABLE_MAX_BITS >= SIM_SMALL_MAX_BITS, "every small filter reads its power from the table");
BLOOM_STATIC_ASSERT(SIM_MAX_KEY_PROBES >= SIM_MAX_HASHES, "every k the commands accept fits the probe array");
BLOOM_STATIC_ASSERT(SIM_SHARD_MAX_COUNT <= (1ULL << SIM_MAX_TRIALS_LOG2), "a shard count fits a trial count");
BLOOM_STATIC_ASSERT(SIM_COUNTER_BITS_MIN >= 1 && SIM_COUNTER_BITS_MIN <= SIM_COUNTER_BITS_MAX && SIM_COUNTER_BITS_MAX <= 32,
                    "a simulated counter fits a uint32_t");
BLOOM_STATIC_ASSERT(SIM_MAX_DELETE_POSITIONS_LOG2 <= SIM_MAX_BITS_LOG2 && SIM_MAX_DELETE_KEYS_LOG2 <= SIM_MAX_DELETE_POSITIONS_LOG2,
                    "a deletion filter is a simulated filter");

#endif
