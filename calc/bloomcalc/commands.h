/*
 * commands.h - the bloomcalc subcommands.  Each reads its own arguments
 * (argv[first] onwards) and returns the process exit status: 0 on
 * success, 1 if a result could not be certified, 2 on bad input.
 */
#ifndef BLOOMCALC_COMMANDS_H
#define BLOOMCALC_COMMANDS_H

#include <gmp.h>



int bloomcalc_plan(int argc, char **argv, int first);
int bloomcalc_fpr(int argc, char **argv, int first);
int bloomcalc_table(int argc, char **argv, int first);
int bloomcalc_converge(int argc, char **argv, int first);
int bloomcalc_compare(int argc, char **argv, int first);
int bloomcalc_lsm(int argc, char **argv, int first);
int bloomcalc_grow(int argc, char **argv, int first);
int bloomcalc_structures(int argc, char **argv, int first);
int bloomcalc_keys(int argc, char **argv, int first);

struct bloom_command_line;

/* Which of keys n, rate p, size m (-m/--bits or --memory) and bits per key c were given. */
typedef struct bloomcalc_given {
    int n, p, m, c;
} bloomcalc_given;

/* Reads which were given and checks that exactly two of n, p, m, c were, c only
 * with n or m; returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE after one line (both -m and --memory, or a count
 * other than two, citing `example`, e.g. "bloomcalc plan 1e9 1%"). */
int bloomcalc_given_read(bloomcalc_given *given, struct bloom_command_line *line,
                         const char *example);

/* With c given: sets the missing one of n and m (round(n c) or round(m / c)) and marks both
 * given.  Returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE after one line on stderr (line may be NULL: no line) when it
 * rounds to 0. */
int bloomcalc_given_resolve(bloomcalc_given *given, mpz_ptr n, mpz_ptr m, mpq_srcptr c,
                            const struct bloom_command_line *line);

struct bloom_fields;
struct bloom_plan;

/* Appends every field of a plan (keys as documented in the README). */
void bloomcalc_plan_fields(struct bloom_fields *fields, const struct bloom_plan *plan);

/*
 * Prints the record if fields->status is BLOOM_OK and returns 0; otherwise
 * prints one line on stderr and returns 1.  Clears the fields either way.
 */
int bloomcalc_emit(struct bloom_fields *fields, int format, const char *command);

/* The refusal when certifying the best hash count would take too long
 * (bloom_best_hashes returns BLOOM_UNRESOLVED before it starts; the branch
 * and bound of calc/FORMULAS.md §l), shared by plan and structures. */
#define BLOOMCALC_BEST_HASHES_TOO_COSTLY \
    "-n/--keys: so few keys for their bits that certifying the best hash count takes too long " \
    "(each k that Bloom's bound leaves open needs its exact rate); accepted: more keys, a " \
    "larger rate, or a fixed -k/--hashes K where the command takes one"

#endif
