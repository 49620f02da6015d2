/*
 * commands.h - the bloomcalc subcommands.  Each reads its own arguments
 * (argv[first] onwards) and returns the process exit status: 0 on
 * success, 1 if a result could not be certified, 2 on bad input.
 */
#ifndef BLOOMCALC_COMMANDS_H
#define BLOOMCALC_COMMANDS_H

#include <stdio.h>
#include <gmp.h>

#include "sizing_given.h"

int bloomcalc_plan(int argc, char **argv, int first);
int bloomcalc_fpr(int argc, char **argv, int first);
int bloomcalc_table(int argc, char **argv, int first);
int bloomcalc_converge(int argc, char **argv, int first);
int bloomcalc_compare(int argc, char **argv, int first);
int bloomcalc_lsm(int argc, char **argv, int first);
int bloomcalc_grow(int argc, char **argv, int first);
int bloomcalc_structures(int argc, char **argv, int first);
int bloomcalc_keys(int argc, char **argv, int first);
int bloomcalc_plot(int argc, char **argv, int first);
int bloomcalc_audit(int argc, char **argv, int first);

struct bloom_command_line;

struct bloom_fields;
struct bloom_plan;
struct bloom_quantity;

/* Appends every field of a plan (keys as the registry documents them).  The
 * read amplification is at `deployed_rate`, the rate of the filter as
 * described (fpr_layout), when it is not NULL; otherwise at the standard
 * filter's target (or achieved exact) rate.  Without `probes` (a Ribbon,
 * which has none) the fields of a Bloom filter's probes, k_real, k, its
 * three rates and the keys it holds at 2p and 10p, are printed empty. */
void bloomcalc_plan_fields(struct bloom_fields *fields, const struct bloom_plan *plan,
                           const struct bloom_quantity *deployed_rate, int probes);

/* The lookups of a levelled tree of a deployment's files (deployment.h): its L0 files, the
 * expected reads of a key on the deepest level and of an absent key, and the files an absent
 * key reads without filters, l0_files plus the coverages. */
typedef struct bloomcalc_tree_reads {
    unsigned long l0_files;
    const struct bloom_quantity *hit, *miss;
    mpq_srcptr without;
} bloomcalc_tree_reads;

/* bloomcalc_plan_fields with the read amplification of that tree, l0_files beside levels. */
void bloomcalc_plan_fields_in_tree(struct bloom_fields *fields, const struct bloom_plan *plan,
                                   const struct bloom_quantity *deployed_rate, int probes,
                                   const bloomcalc_tree_reads *tree);

struct bloom_layout_description;

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
 * appends bits_per_key_setting (the library's knob searched for the rate p
 * given, NULL when none was: bloomcalc_knob_setting) and the description's
 * fields.  Returns 0, or 2 after one line when the description does not fit
 * the filter.
 */
int bloomcalc_plan_described_fields(struct bloom_fields *fields, const struct bloom_plan *plan,
                                    const struct bloom_layout_description *description,
                                    int described, mpq_srcptr p, const struct bloom_command_line *line);

/*
 * With a library whose knob is searched (bloom_rule_has_knob: rocksdb) and a
 * rate p, the smallest setting at which the library's filters of
 * keys[0..count) keys all meet p (bloom_rule_setting_for_rate, *short_of_p
 * when none does); BLOOM_UNDEFINED (nothing set) for any other description
 * or p NULL.  Returns a bloom_status.
 */
int bloomcalc_knob_setting(mpq_ptr setting, int *short_of_p, const struct bloom_layout_description *description,
                           const mpz_srcptr *keys, size_t count, mpq_srcptr p);

struct bloom_rate_curve;

/* What "bloomcalc plot" draws its picture as. */
typedef enum bloomcalc_picture {
    BLOOMCALC_PICTURE_PNG,
    BLOOMCALC_PICTURE_SVG,
    BLOOMCALC_PICTURE_TERMINAL      /* gnuplot's dumb terminal: text */
} bloomcalc_picture;

/* A plot: one curve per filter, titled, around the n keys planned at target rate p. */
typedef struct bloomcalc_plot_drawing {
    const struct bloom_rate_curve *curves;
    const char *const *titles;
    size_t count;
    mpz_srcptr n;
    mpq_srcptr p;
    bloomcalc_picture picture;
    unsigned long width, height;    /* pixels, of a PNG or an SVG */
} bloomcalc_plot_drawing;

/* Writes the gnuplot script of the plot (command_plot_script.c): its
 * picture goes to gnuplot's standard output. */
void bloomcalc_plot_script(FILE *script, const bloomcalc_plot_drawing *plot);

/*
 * Replaces the plan's fields by its first screen for people (brief.h; units
 * is a bloom_units): the filter that answers the question first, nothing
 * printed as missing.
 */
void bloomcalc_plan_brief(struct bloom_fields *fields, const struct bloom_plan *plan, int described,
                          int units);

/* The same for a plan of an engine's many filters (--keys-per-filter, --file-size), partitioned
 * (--partitioned) or not. */
void bloomcalc_deployment_brief(struct bloom_fields *fields, int units, int partitioned);

/*
 * The plan of a deployment (deployment.h): `full` is the plan of one filter
 * of keys_per_filter keys, `last` that of the last filter (the same plan
 * when the last is full), `setting` the library's knob both were sized at
 * when it was searched for p (NULL otherwise; short_of_p: none meets p).
 * Appends full's fields with the read
 * amplification of a levelled tree of the files (`tree`: l0_files L0
 * files, each with the filter tree->l0 plans, and full->levels deeper
 * levels of the given coverages at the deployment's rate; deployment.h),
 * its description's fields, then
 * filters, keys_total, keys_last_filter, bytes_per_filter,
 * bytes_last_filter, bytes_total, fpr_last_filter, fpr_worst and
 * fpr_deployment.  Returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE after the
 * description's one line.
 */
struct bloom_deployment;
struct bloom_deployment_mean;

/* The deployment's rate (deployment.h) of n keys: full itself when last is full (the same
 * pointer: every filter full), else the weighted mean, set up in *mean (clear it) and *storage. */
const struct bloom_quantity *bloomcalc_deployment_rate(struct bloom_quantity *storage,
                                                       struct bloom_deployment_mean *mean,
                                                       const struct bloom_deployment *deployment, mpz_srcptr n,
                                                       const struct bloom_quantity *full,
                                                       const struct bloom_quantity *last);

/* The deployment's totals, as plan and compare print them: keys_total (n), filters,
 * keys_last_filter, bytes_per_filter (each), bytes_last_filter (partial), bytes_total,
 * fpr_last_filter, fpr_worst and fpr_deployment (bloomcalc_deployment_rate). */
void bloomcalc_deployment_totals(struct bloom_fields *fields, const struct bloom_deployment *deployment,
                                 mpz_srcptr n, mpz_srcptr each, mpz_srcptr partial,
                                 const struct bloom_quantity *full, const struct bloom_quantity *last);

typedef struct bloomcalc_deployment_tree {
    const struct bloom_plan *l0;   /* the filter of an L0 file (rocksdb-ribbon: its Bloom filter) */
    unsigned long l0_files;
    const mpq_t *coverage;         /* one share per level past L0, or NULL: all 1 */
} bloomcalc_deployment_tree;
int bloomcalc_plan_deployment_fields(struct bloom_fields *fields, const struct bloom_plan *full,
                                     const struct bloom_plan *last, const struct bloom_deployment *deployment,
                                     const struct bloom_layout_description *description,
                                     mpq_srcptr setting, int short_of_p,
                                     const bloomcalc_deployment_tree *tree,
                                     const struct bloom_command_line *line);

/* The filters of a deployment as its fields need them: the settled description of a full
 * filter (its fields printed) and of the last, the bytes of each (as the engine allocates
 * them), the rates of a full filter, of the last (the same pointer when the last is full) and
 * of an L0 file's filter. */
struct bloom_deployed_filter;
typedef struct bloomcalc_deployment_filters {
    const struct bloom_deployed_filter *each, *last;
    mpz_srcptr bytes_each, bytes_last;
    const struct bloom_quantity *full_rate, *last_rate, *l0_rate;
} bloomcalc_deployment_filters;

/* The fields of bloomcalc_plan_deployment_fields from the deployment's filters (the plan of a
 * full filter `full` gives the levels and its own fields). */
void bloomcalc_put_deployment(struct bloom_fields *fields, const struct bloom_plan *full,
                              const struct bloom_deployment *deployment,
                              const bloomcalc_deployment_filters *filters, mpq_srcptr setting, int short_of_p,
                              const bloomcalc_deployment_tree *tree);

/* The bytes a settled filter takes as its library allocates it: its bits and its metadata. */
void bloomcalc_filter_bytes(mpz_ptr rop, const struct bloom_deployed_filter *filter);

/* The inputs of a deployment's plan (command_plan_deployment.c), as given on the line. */
typedef struct bloomcalc_plan_inputs {
    bloom_given given;
    mpz_srcptr m;
    mpq_srcptr p, c;
    unsigned long k, levels, l0_files;
    const char *coverage;            /* --coverage as given, or NULL */
    const struct bloom_layout_description *description;
    const struct bloom_command_line *line;
    int partitioned;                 /* --partitioned: RocksDB's partitioned filters */
} bloomcalc_plan_inputs;

/* The plan of one filter of `keys` keys from the inputs (command_plan_deployment.c). */
int bloomcalc_plan_keys(struct bloom_plan *plan, int *planned, const bloomcalc_plan_inputs *inputs,
                        mpz_srcptr keys);

/* The plan of a deployment of files whose filters are partitioned (command_plan_partitioned.c;
 * partitions.h): returns as bloomcalc_plan_deployment. */
int bloomcalc_plan_partitioned(struct bloom_fields *fields, const bloomcalc_plan_inputs *inputs,
                               const struct bloom_deployment *deployment,
                               const bloomcalc_deployment_tree *tree);

/* The fields of the deployment of n keys the description's unit makes.  Returns
 * BLOOM_EXIT_SUCCESS (fields->status then says whether it was planned and certified), or
 * BLOOM_EXIT_USAGE after one line naming the option at fault. */
int bloomcalc_plan_deployment(struct bloom_fields *fields, const bloomcalc_plan_inputs *inputs, mpz_srcptr n);

/* 0, or 2 after one line when --l0-files (or, coverage_too, --coverage) comes without a unit:
 * they describe the tree of a deployment's files, and one filter of all n keys is no file. */
int bloomcalc_check_tree_options(const struct bloom_command_line *line, int coverage_too);

/*
 * Prints the record if fields->status is BLOOM_OK and returns 0; otherwise
 * prints one line on stderr and returns 1.  Clears the fields either way.
 */
int bloomcalc_emit(struct bloom_fields *fields, int format, const struct bloom_command_line *line);

#endif
