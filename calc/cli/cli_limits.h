/*
 * cli_limits.h - the limits only the command lines set (both programs'
 * calc/cli layer): how many digits a real is printed to, how many items a
 * list expands to and rows a table holds, how many levels a Monkey plan
 * takes.  The library's own limits, which the option ranges of sizes,
 * rates and hash counts also come from, are in bloom_limits.h (installed).
 */
#ifndef BLOOMCALC_CLI_LIMITS_H
#define BLOOMCALC_CLI_LIMITS_H

#include "bloom_limits.h"

/* Levels L of the filters planned together by plan and table --levels
 * (the Monkey allocation): 1 to 10^6. */
#define BLOOM_MAX_LEVELS 1000000UL

/* Significant digits of a printed real: 1 to 100 (--digits). */
#define BLOOM_MAX_DIGITS 100UL

/* Items a list option ("2^6..2^30", "1,2,3") may expand to, and rows a
 * table (the product of its lists' lengths) may have. */
#define BLOOM_LIST_MAX_ITEMS 10000
#define BLOOM_TABLE_MAX_ROWS 10000

BLOOM_STATIC_ASSERT(BLOOM_TABLE_MAX_ROWS >= BLOOM_LIST_MAX_ITEMS, "a table of one full list must fit");
BLOOM_STATIC_ASSERT(BLOOM_LSM_MAX_LEVELS <= BLOOM_MAX_LEVELS, "plan --levels takes every tree lsm takes");
BLOOM_STATIC_ASSERT(BLOOM_MAX_DIGITS <= 0xffffffffUL, "digits fit an unsigned int");

#endif
