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

struct bloom_fields;
struct bloom_plan;

/* Appends every field of a plan (keys as documented in the README). */
void bloomcalc_plan_fields(struct bloom_fields *fields, const struct bloom_plan *plan);

/*
 * The deployed-filter options of "plan" and "fpr" (layouts.h): --layout,
 * --block-bits, --round, --hash-bits, --index-bits.  Zero means "the
 * default": the layout's block size, an ideal hash, indices as wide as
 * the hash.
 */
typedef struct bloomcalc_layout_choice {
    int layout;                 /* a bloom_layout_kind */
    int rounding;               /* a bloom_rounding */
    unsigned long block_bits;
    unsigned long hash_bits;
    unsigned long index_bits;
} bloomcalc_layout_choice;

#define BLOOMCALC_LAYOUT_OPTION_COUNT 5
#define BLOOMCALC_LAYOUT_OPTIONS(choice)                                                      \
    { .long_name = "layout", .kind = BLOOM_OPTION_CHOICE, .destination = &(choice).layout,   \
      .value_name = "LAYOUT", .help = "standard, partitioned, blocked or split-block",       \
      .choices = bloom_layout_names },                                                        \
    { .long_name = "block-bits", .kind = BLOOM_OPTION_UNSIGNED,                              \
      .destination = &(choice).block_bits, .value_name = "B",                                \
      .help = "block size (default 512 blocked, 256 split-block)", .minimum = 8,            \
      .maximum = 1048576 },                                                                   \
    { .long_name = "round", .kind = BLOOM_OPTION_CHOICE, .destination = &(choice).rounding,  \
      .value_name = "ROUNDING", .help = "memory rounding: none, byte, word64, pow2 or block", \
      .choices = bloom_rounding_names },                                                      \
    { .long_name = "hash-bits", .kind = BLOOM_OPTION_UNSIGNED,                               \
      .destination = &(choice).hash_bits, .value_name = "H",                                 \
      .help = "width of the hash every probe derives from, e.g. 32 or 64 (default: ideal)",  \
      .minimum = 1, .maximum = 256 },                                                         \
    { .long_name = "index-bits", .kind = BLOOM_OPTION_UNSIGNED,                              \
      .destination = &(choice).index_bits, .value_name = "N",                                \
      .help = "probes reach only 2^N bits (default: the hash width)", .minimum = 1,          \
      .maximum = 256 }

struct bloom_command_line;
struct bloom_option;

/* Nonzero when any of the BLOOMCALC_LAYOUT_OPTION_COUNT options from `first` was given. */
int bloomcalc_layout_given(const struct bloom_option *first);

/*
 * Appends the deployed filter's fields for m bits (before rounding), n
 * keys and k probes (k_fixed: the user chose k; split-block otherwise uses
 * 8 words): layout, block_bits, round, m_allocated, bytes_allocated,
 * hash_bits, index_bits, m_reachable, fpr_layout_filter, fpr_fingerprint,
 * fpr_layout, the Poisson forms of the block layouts, and warning.
 * Returns 0, or 2 after printing one line when the combination is
 * impossible (k not dividing a split block, fewer bits than a block).
 */
int bloomcalc_layout_fields(struct bloom_fields *fields, const bloomcalc_layout_choice *choice,
                            mpz_srcptr m, mpz_srcptr n, unsigned long k, int k_fixed,
                            const struct bloom_command_line *line);

/*
 * Prints the record if fields->status is BLOOM_OK and returns 0; otherwise
 * prints one line on stderr and returns 1.  Clears the fields either way.
 */
int bloomcalc_emit(struct bloom_fields *fields, int format, const char *command);

#endif
