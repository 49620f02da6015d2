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

/* The same for a plan of an engine's many filters (--keys-per-filter, --file-size). */
void bloomcalc_deployment_brief(struct bloom_fields *fields, int units);

/*
 * The plan of a deployment (deployment.h): `full` is the plan of one filter
 * of keys_per_filter keys, `last` that of the last filter (the same plan
 * when the last is full), `setting` the library's knob both were sized at
 * when it was searched for p (NULL otherwise; short_of_p: none meets p).
 * Appends full's fields with the read
 * amplification at the deployment's rate, its description's fields, then
 * filters, keys_total, keys_last_filter, bytes_per_filter,
 * bytes_last_filter, bytes_total, fpr_last_filter, fpr_worst and
 * fpr_deployment.  Returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE after the
 * description's one line.
 */
struct bloom_deployment;
int bloomcalc_plan_deployment_fields(struct bloom_fields *fields, const struct bloom_plan *full,
                                     const struct bloom_plan *last, const struct bloom_deployment *deployment,
                                     const struct bloom_layout_description *description,
                                     mpq_srcptr setting, int short_of_p,
                                     const struct bloom_command_line *line);

/*
 * Prints the record if fields->status is BLOOM_OK and returns 0; otherwise
 * prints one line on stderr and returns 1.  Clears the fields either way.
 */
int bloomcalc_emit(struct bloom_fields *fields, int format, const struct bloom_command_line *line);

#endif
