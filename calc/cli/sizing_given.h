/*
 * sizing_given.h - the sizing inputs a command was given, shared by both
 * programs: which of keys n, target rate p, size m (-m/--bits or --memory)
 * and bits per key c; c turned into the missing n or m (m = round(n c) or
 * n = round(m / c), ties to even, sizing.h), so that "-n 1e9 -c 10" and
 * "-n 1e9 -m 1e10" describe the same filter in every command; and the plan
 * of the filter described, with a library's own sizing (description.h).
 * Options a command lacks count as not given.
 */
#ifndef BLOOMCALC_SIZING_GIVEN_H
#define BLOOMCALC_SIZING_GIVEN_H

#include <gmp.h>

struct bloom_command_line;
struct bloom_plan;
struct bloom_layout_description;

/* Which of keys n, rate p, size m (-m/--bits or --memory) and bits per key c were given. */
typedef struct bloom_given {
    int n, p, m, c;
} bloom_given;

/* Reads which were given and checks that exactly two of n, p, m, c were, c only
 * with n or m; returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE after one line (both -m and --memory, or a count
 * other than two, citing `example`, e.g. "bloomcalc plan 1e9 1%"). */
int bloom_given_read(bloom_given *given, struct bloom_command_line *line, const char *example);

/* Reads which were given without checking their number; returns BLOOM_EXIT_USAGE after one
 * line when both -m and --memory were. */
int bloom_given_seen(bloom_given *given, struct bloom_command_line *line);

/* With c given: sets the missing one of n and m (round(n c) or round(m / c)) and marks both
 * given.  Returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE after one line on stderr (line may be NULL: no line) when it
 * rounds to 0. */
int bloom_given_resolve(bloom_given *given, mpz_ptr n, mpz_ptr m, mpq_srcptr c,
                        const struct bloom_command_line *line);

/* The plan of the two of n, p, m given (after -c is resolved): for a rate, memory or capacity. */
int bloom_plan_given(struct bloom_plan *plan, const bloom_given *given, mpz_srcptr n,
                         mpz_srcptr m, mpq_srcptr p, unsigned long k, unsigned long levels);

/*
 * The plan of the filter described (sizing_given.c): with a
 * library in the description and n and p given, the library's m and k
 * (then given->m is set); with -c C (c, NULL when not given) and RocksDB,
 * RocksDB's m and k for C bits a key; otherwise the plan of the two of n,
 * p, m given.
 * *planned receives the plan's bloom_status.  Returns 0, or 2 (1) after
 * one line when the library refuses (cannot certify) its sizing.
 */
int bloom_plan_described(struct bloom_plan *plan, int *planned, bloom_given *given,
                             mpz_srcptr n, mpz_ptr m, mpq_srcptr p, mpq_srcptr c,
                             unsigned long k, unsigned long levels, const struct bloom_layout_description *description,
                             const struct bloom_command_line *line);

/*
 * --library rocksdb-ribbon in fpr (both programs): its Ribbon needs -n N and
 * one of -c C (m: NewRibbonFilterPolicy(C)'s solution for N keys,
 * description.h) or -m M (its solution's bits).  Returns BLOOM_EXIT_SUCCESS,
 * or BLOOM_EXIT_USAGE after one line: no -n, or so few keys that RocksDB
 * builds its Bloom filter instead (fewer than 1024 slots and the Bloom
 * filter smaller).
 */
int bloom_ribbon_sizes(mpz_ptr m, mpz_srcptr n, mpq_srcptr c, const bloom_given *given,
                       const struct bloom_layout_description *description,
                       const struct bloom_command_line *line);

/*
 * The plan a single command asks for (both programs' plan): RocksDB's native
 * -n N -c C is its own sizing for C bits a key (not m = round(n C)); otherwise
 * c is resolved (bloom_given_resolve) and bloom_plan_described plans.  A
 * library that chooses k itself refuses a -k/--hashes (k, 0: not given).
 * Returns BLOOM_EXIT_SUCCESS with *planned the plan's bloom_status (BLOOM_OK,
 * or an uncertified plan the caller reports), or BLOOM_EXIT_USAGE after one
 * line naming the argument: a library's refusal, a best k at the limit of
 * BLOOM_MAX_HASHES, too few bits for a key.
 */
int bloom_plan_request(struct bloom_plan *plan, int *planned, bloom_given *given, mpz_ptr n,
                       mpz_ptr m, mpq_srcptr p, mpq_srcptr c, unsigned long k, unsigned long levels,
                       const struct bloom_layout_description *description,
                       const struct bloom_command_line *line);

#endif
