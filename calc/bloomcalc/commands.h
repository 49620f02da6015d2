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
struct bloom_quantity;

/* Appends every field of a plan (keys as documented in the README).  The
 * read amplification is at `deployed_rate`, the rate of the filter as
 * described (fpr_layout), when it is not NULL; otherwise at the standard
 * filter's target (or achieved exact) rate.  Without `probes` (a Ribbon,
 * which has none) the fields of a Bloom filter's probes, k_real, k, its
 * three rates and the keys it holds at 2p and 10p, are printed empty. */
void bloomcalc_plan_fields(struct bloom_fields *fields, const struct bloom_plan *plan,
                           const struct bloom_quantity *deployed_rate, int probes);

struct bloom_layout_description;

/* The plan of the two of n, p, m given (after -c is resolved): for a rate, memory or capacity. */
int bloomcalc_plan_given(struct bloom_plan *plan, const bloomcalc_given *given, mpz_srcptr n,
                         mpz_srcptr m, mpq_srcptr p, unsigned long k, unsigned long levels);

/*
 * The plan of the filter described (command_plan_described.c): with a
 * library in the description and n and p given, the library's m and k
 * (then given->m is set); with -c C (c, NULL when not given) and RocksDB,
 * RocksDB's m and k for C bits a key; otherwise the plan of the two of n,
 * p, m given.
 * *planned receives the plan's bloom_status.  Returns 0, or 2 (1) after
 * one line when the library refuses (cannot certify) its sizing.
 */
int bloomcalc_plan_described(struct bloom_plan *plan, int *planned, bloomcalc_given *given,
                             mpz_srcptr n, mpz_ptr m, mpq_srcptr p, mpq_srcptr c,
                             unsigned long k, unsigned long levels, const struct bloom_layout_description *description,
                             const struct bloom_command_line *line);

/*
 * The plan's headroom, n_at_2p and n_at_10p (bloom_plan_headroom); when
 * `described`, of the filter as described: the most keys whose fpr_layout
 * stays within 2p and 10p (given m, p is the described filter's achieved
 * rate).  Returns a bloom_status.
 */
int bloomcalc_plan_described_headroom(struct bloom_plan *plan,
                                      const struct bloom_layout_description *description,
                                      int described);

/*
 * Appends the plan's fields; when `described`, settles the description for
 * the plan's m, n and k, puts the read amplification at its fpr_layout and
 * appends the description's fields.  Returns 0, or 2 after one line when
 * the description does not fit the filter.
 */
int bloomcalc_plan_described_fields(struct bloom_fields *fields, const struct bloom_plan *plan,
                                    const struct bloom_layout_description *description,
                                    int described, const struct bloom_command_line *line);

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
