/*
 * command_layout.h - the deployed-filter options of "bloomsim fpr" and
 * "bloomsim plan" (--layout, --block-bits, --hash-bits, --index-bits) and
 * the measurement of such a filter against calc's fpr_layout next to the
 * standard filter's three rates.  Parsing and printing only; the filters
 * are in layout_filters.h, the prediction in layout_prediction.h.
 */
#ifndef BLOOMSIM_COMMAND_LAYOUT_H
#define BLOOMSIM_COMMAND_LAYOUT_H

#include "command_shared.h"
#include "layout_prediction.h"

typedef struct bloomsim_layout_options {
    int layout;                   /* bloom_layout_kind, default standard */
    unsigned long block_bits;     /* 0: the layout's default */
    unsigned long hash_bits;      /* 0: no fingerprint */
    unsigned long index_bits;     /* 0: full indices */
} bloomsim_layout_options;

/* Entries bloomsim_layout_option_table writes. */
#define BLOOMSIM_LAYOUT_OPTION_COUNT 4

/* Sets the defaults (standard layout, no width effect). */
void bloomsim_layout_options_init(bloomsim_layout_options *options);

/* Writes the four option entries into table[]; returns how many. */
size_t bloomsim_layout_option_table(bloom_option *table, bloomsim_layout_options *options);

/* The probes per key a split-block filter of the chosen block size has
 * (one per 32-bit word, Parquet), else `planned`. */
unsigned bloomsim_layout_hashes(const bloomsim_layout_options *options, unsigned planned);

/*
 * Chooses the run size of a prepared measurement whose config->layout is
 * set (for a layout other than the plain standard filter, from the
 * layout's rate: layout_prediction.h) within `work_budget` probe
 * operations, and checks memory.  Returns 0, or 2 after the message.
 */
int bloomsim_layout_size(bloomsim_measurement *measurement, const sim_layout_prediction *prediction,
                         int trials_given, int queries_given, double work_budget,
                         const bloom_command_line *line);

/* After bloomsim_measurement_run: a single filter's Wilson interval redone
 * with the layout's design effect, and the three verdicts with it. */
void bloomsim_layout_judge(bloomsim_measurement *measurement, const sim_layout_prediction *prediction);

/* Appends layout, block_bits, hash_bits, index_bits, reachable_bits,
 * fpr_layout and verdict_layout; returns the verdict on fpr_layout. */
sim_verdict bloomsim_put_layout(bloom_fields *fields, const sim_layout_prediction *prediction,
                                const bloomsim_measurement *measurement);

/*
 * Prepares, runs and prints the measurement of (bits, keys, hashes) built
 * with the chosen layout: the fields of bloomsim_put_measurement, then
 * layout, block_bits, hash_bits, index_bits, reachable_bits, fpr_layout and
 * verdict_layout.  `extra` (or NULL) adds fields first.  Returns the exit
 * status (2 when the layout cannot hold the filter).
 */
int bloomsim_layout_measure_and_print(const bloom_command_line *line, const bloomsim_run_options *run,
                                      const bloomsim_layout_options *layout_options, uint64_t bits,
                                      uint64_t keys, unsigned hashes, bloomsim_extra_fields extra,
                                      const void *context);

#endif
