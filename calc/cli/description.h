/*
 * description.h - the one command-line reading of a filter as deployed
 * (layouts.h, bloom_layout_description) for every command of both
 * programs that takes one: bloomcalc plan and fpr, bloomsim plan and fpr.
 *
 *   --layout standard|partitioned|blocked|split-block
 *   --block-bits B      (default 512 blocked, 256 split block)
 *   --block-words W     (split block; default the -k given, else B/32)
 *   --round none|byte|word64|pow2|block
 *   --hash-bits H       (default an ideal hash)
 *   --index-bits N      (default the hash width)
 *   --hash independent|double|enhanced
 *   --library NAME      (a library's filter: it fixes layout, rounding, widths; library_rules.h)
 *
 * and the libraries' own names for n and p, each accepted with its library
 * only (another name for -n/--keys or -p/--rate: options.h, alias_of):
 *   --fp-chance P                   Cassandra's bloom_filter_fp_chance (--library cassandra)
 *   --error-rate E --capacity N     RedisBloom's BF.RESERVE key error_rate capacity
 *                                   (--library redisbloom or redisbloom-nonscaling)
 *   --expected-insertions N --fpp P Guava's BloomFilter.create(funnel, expectedInsertions,
 *                                   fpp) (--library guava, guava@33 or guava@31)
 * and the unit an engine builds one filter for (deployment.h), planned by
 * bloomcalc plan, compare, table and lsm, measured by bloomsim fpr, plan and
 * lsm, and refused, with the reason, by the commands that describe one
 * filter (bloomcalc fpr, plot, converge, grow):
 *   --keys-per-filter N             keys each filter holds: ceil(n/N) filters
 *   --file-size BYTES --entry-size BYTES
 *                                   RocksDB's SST files (--library rocksdb or
 *                                   rocksdb-ribbon): N = floor(file / entry),
 *                                   the file 64 MiB (target_file_size_base) by default
 * RocksDB's bits_per_key is -c/--bits-per-key, which with --library rocksdb
 * sizes the filter as NewBloomFilterPolicy(C) does
 * (bloom_description_library_sizing).
 *
 * The option entries, their ranges, the validation of a description
 * against (m, n, k) with its one-line messages, and the fields that print
 * the settled filter are all here, so that both programs accept the same
 * descriptions, refuse the same ones with the same words and print the
 * same keys and values.  The defaults and the meaning of each field are
 * in one place below this layer: bloom_deployed_filter_init (layouts.h).
 * How to add a field: see the comment above bloom_layout_description.
 */
#ifndef BLOOMCALC_DESCRIPTION_H
#define BLOOMCALC_DESCRIPTION_H

#include "fields.h"
#include "layouts.h"
#include "options.h"

/* Entries bloom_description_option_table writes: the shape, then the libraries' names for n, p. */
#define BLOOM_DESCRIPTION_SHAPE_OPTION_COUNT 8
#define BLOOM_DESCRIPTION_NATIVE_OPTION_COUNT 5
#define BLOOM_DESCRIPTION_UNIT_OPTION_COUNT 4
#define BLOOM_DESCRIPTION_OPTION_COUNT (BLOOM_DESCRIPTION_SHAPE_OPTION_COUNT \
                                        + BLOOM_DESCRIPTION_NATIVE_OPTION_COUNT)

/* Writes the description's option entries into table[] (room for
 * BLOOM_DESCRIPTION_OPTION_COUNT), destinations in *description (which
 * should start as BLOOM_LAYOUT_DESCRIPTION_DEFAULTS); returns how many. */
size_t bloom_description_option_table(bloom_option *table, bloom_layout_description *description);

/* Writes the deployment's unit options, --keys-per-filter, --file-size,
 * --entry-size and --block-size (BLOOM_DESCRIPTION_UNIT_OPTION_COUNT entries), for a command
 * that plans the many filters an engine builds; returns how many. */
size_t bloom_description_unit_option_table(bloom_option *table, bloom_layout_description *description);

/* The --hash entry (also offered by the bloomsim commands without a
 * description): a bloom_probe_scheme into *destination. */
bloom_option bloom_probe_scheme_option(int *destination);

/*
 * The --library entry of a command that cannot honour a library (its value
 * into *destination), and its refusal: when --library was given,
 * bloom_library_refusal prints one line, "--library: WHY; accepted: the
 * command without --library", and returns 2; otherwise 0.
 */
bloom_option bloom_library_refused_option(const char **destination);
int bloom_library_refusal(const bloom_command_line *line, const char *why);

/*
 * The deployment of n keys the description's unit makes (deployment.h):
 * checks the unit options (--file-size and --entry-size only with a RocksDB
 * library, --file-size only with --entry-size, not with --keys-per-filter,
 * an entry no larger than the file) and splits n.  Returns
 * BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE after one line naming the option.
 */
struct bloom_deployment;
int bloom_description_deployment(struct bloom_deployment *rop, const bloom_layout_description *description,
                                 mpz_srcptr n, const bloom_command_line *line);

/* The same for a command whose line has the unit options but no description (compare: its
 * --library names a row), description->library set to the rule the unit is read for. */
int bloom_unit_deployment(struct bloom_deployment *rop, const bloom_layout_description *description,
                          mpz_srcptr n, const bloom_command_line *line);

/*
 * The unit's options (--keys-per-filter, --file-size, --entry-size) for a
 * command that describes one filter or one structure and cannot honour a
 * unit (BLOOM_DESCRIPTION_UNIT_OPTION_COUNT entries, values into
 * *destination), and their refusal: when one was given, one line, "--NAME:
 * WHY; accepted: ...", and 2; otherwise 0.
 */
size_t bloom_unit_refused_options(bloom_option *table, const char **destination);
int bloom_unit_refusal(bloom_command_line *line, const char *why);

/* Nonzero when the parsed line gave any option of the description. */
int bloom_description_given(bloom_command_line *line);

/*
 * Settles the description for m bits (before rounding), n keys and k
 * probes (k_given: the user chose k) with bloom_deployed_filter_init.
 * Returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE after one line on stderr naming the option at fault and
 * what is accepted.  rop is initialised either way (free it with
 * bloom_deployed_filter_clear) and must not be moved.
 */
int bloom_description_settle(bloom_deployed_filter *rop, const bloom_layout_description *description,
                             mpz_srcptr m, mpz_srcptr n, unsigned long k, int k_given,
                             const bloom_command_line *line);

/*
 * Appends the settled filter and the calculator's rates for it: layout,
 * block_bits, k_layout, round, m_allocated, bytes_allocated, hash_bits,
 * index_bits, scheme, m_reachable, fpr_layout_filter, fpr_fingerprint,
 * fpr_layout, the Poisson forms of the block layouts, warning.
 */
void bloom_description_fields(bloom_fields *fields, const bloom_deployed_filter *filter);

/*
 * With --library given, the library's own sizing for n keys at rate p
 * (bloom_rule_apply: its m before the description's rounding, and its k),
 * or, with p NULL, at bits per key c for a library whose native input that
 * is (RocksDB; bloom_rule_apply_bits_per_key); otherwise m and k
 * untouched.  Returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE after one
 * line when the library refuses n and p (or a native name of n or p was
 * given without its library), or BLOOM_EXIT_FAILURE after one line when its
 * sizing cannot be certified.  *k_given is set when the library chose k.
 */
int bloom_description_library_sizing(mpz_ptr m, unsigned long *k, int *k_given,
                                     const bloom_layout_description *description, mpz_srcptr n,
                                     mpq_srcptr p, mpq_srcptr c, const bloom_command_line *line);

/* Nonzero when --library names a library whose native input is bits per
 * key (rocksdb): -c/--bits-per-key then sizes it. */
int bloom_description_takes_bits_per_key(const bloom_layout_description *description);

/*
 * With --library rocksdb given, RocksDB's own sizing of n keys for a budget
 * of `bits_per_key` (its native input: bloom_rule_apply_bits_per_key_real;
 * an exact or a real budget, such as Monkey's for an LSM level, taken as the
 * double nearest it), m before the description's rounding and k, and
 * *k_given set; with any other description m and k untouched and *k_given
 * 0 (the caller sizes m = round(n c) and takes the best k, as "plan -n N -c
 * C" does).  Returns 0, 2 after one line when the library refuses the
 * budget (RocksDB builds no filter below 1/2 bit a key), or 1 after one line
 * when the sizing cannot be certified.
 */
int bloom_description_library_sizing_per_key(mpz_ptr m, unsigned long *k, int *k_given,
                                             const bloom_layout_description *description,
                                             mpz_srcptr n, const bloom_quantity *bits_per_key,
                                             const bloom_command_line *line);

/* Settles the description (bloom_description_settle) and appends its
 * fields.  Returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE after the message. */
int bloom_description_append(bloom_fields *fields, const bloom_layout_description *description,
                             mpz_srcptr m, mpz_srcptr n, unsigned long k, int k_given,
                             const bloom_command_line *line);

#endif
