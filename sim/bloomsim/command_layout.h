/*
 * command_layout.h - the measurement of a filter as deployed for "bloomsim
 * fpr" and "bloomsim plan": the filter is described by the calculator's
 * one description (calc/cli/description.h: --layout, --block-bits,
 * --block-words, --round, --hash-bits, --index-bits, --hash), settled by
 * the same code as in bloomcalc, built (layout_filters.h) and measured
 * against calc's fpr_layout next to the standard filter's three rates at
 * the described m, n and k.  Parsing and printing only; the prediction is
 * in layout_prediction.h.
 */
#ifndef BLOOMSIM_COMMAND_LAYOUT_H
#define BLOOMSIM_COMMAND_LAYOUT_H

#include "command_shared.h"
#include "description.h"
#include "layout_prediction.h"

/* The library family whose hash and index arithmetic bloomsim reproduces
 * for the described --library (library_probes.h), or -1 (then the
 * library's layout and widths are built). */
int bloomsim_layout_library_family(const bloom_deployed_filter *filter);

/* The probe scheme the filter is built with: its library's own, or the description's. */
sim_probe_scheme bloomsim_layout_scheme(const bloom_deployed_filter *filter);

/* The filter bloomsim builds for the settled description (its layout,
 * block, widths and allocated bits).  Returns 0, or 2 after a message when
 * bloomsim cannot build it. */
int bloomsim_layout_settle(sim_layout *layout, const bloom_deployed_filter *filter,
                           const bloomsim_run_options *run, const bloom_command_line *line);

/*
 * The description's options (bloom_description_option_table) as bloomsim
 * accepts them: --hash-bits up to SIM_LAYOUT_MAX_WIDTH, the widest hash it
 * builds, so that --help and the refusal state the range really accepted.
 * Returns the number of entries written.
 */
size_t bloomsim_description_option_table(bloom_option *table, bloom_layout_description *description);

/*
 * Chooses the run size of a prepared measurement whose config->layout is
 * set (for a layout other than the plain standard filter, from the
 * layout's rate: layout_prediction.h) within `work_budget` probe
 * operations, and checks memory.  Returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE after the message.
 */
int bloomsim_layout_size(bloomsim_measurement *measurement, const sim_layout_prediction *prediction,
                         int trials_given, int queries_given, double work_budget,
                         const bloom_command_line *line);

/* After bloomsim_measurement_run: a single filter's Wilson interval redone
 * with the layout's design effect, and the three verdicts with it. */
void bloomsim_layout_judge(bloomsim_measurement *measurement, const sim_layout_prediction *prediction);

/* The description of a filter built directly (bloomsim verify): the
 * layout, its block, widths and probes as they are, no rounding.  Free with
 * bloom_deployed_filter_clear; `prediction` must outlive it. */
void bloomsim_layout_describe(bloom_deployed_filter *filter, const sim_layout_prediction *prediction,
                              const sim_layout *layout, int scheme);

/* Appends the description's fields (bloom_description_fields, as bloomcalc
 * prints them) and verdict_layout; returns the verdict on fpr_layout. */
sim_verdict bloomsim_put_layout(bloom_fields *fields, const sim_layout_prediction *prediction,
                                const bloomsim_measurement *measurement, const bloom_deployed_filter *filter);

/*
 * Prepares, runs and prints the measurement of the filter `description`
 * says, for m = `bits` (before rounding), n = `keys` (0 with a key file)
 * and k = `hashes` (k_given: chosen by the user; a split block otherwise
 * takes its words from the block).  The record holds the fields of
 * bloomsim_put_measurement (m, n, k and the three predictions as
 * described), then the description's fields exactly as bloomcalc prints
 * them (bloom_description_fields) and verdict_layout.  `extra` (or NULL)
 * adds fields first.  Returns the exit status (2 when the description
 * does not fit the filter, with the same message as bloomcalc's, or when
 * bloomsim cannot build it).
 */
int bloomsim_layout_measure_and_print(const bloom_command_line *line, const bloomsim_run_options *run,
                                      const bloom_layout_description *description, mpz_srcptr bits,
                                      mpz_srcptr keys, unsigned long hashes, int k_given,
                                      bloomsim_extra_fields extra, const void *context);

#endif
