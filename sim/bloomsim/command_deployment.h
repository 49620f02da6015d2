/*
 * command_deployment.h - "bloomsim fpr" and "bloomsim plan" with a unit
 * (--keys-per-filter N, or RocksDB's --file-size and --entry-size;
 * calc/cli/description.h): the n keys are split as bloomcalc plan splits
 * them, ceil(n/N) filters, the last one partial, each filter sized for its
 * own keys as bloomcalc plan sizes it (the same m and k; with RocksDB and
 * -p, the one bits_per_key setting every filter meets p with), built file
 * by file (file_deployment.h) and asked absent lookups routed by key
 * range, and the measured rate judged against calc's fpr_deployment
 * (deployment_prediction.h).  Parsing and printing only.
 */
#ifndef BLOOMSIM_COMMAND_DEPLOYMENT_H
#define BLOOMSIM_COMMAND_DEPLOYMENT_H

#include "command_shared.h"
#include "description.h"
#include "file_deployment.h"
#include "plan.h"
#include "sizing_given.h"

/* The sizing inputs of every filter of a deployment, as the command read them. */
typedef struct bloomsim_unit_sizing {
    bloom_given given;                 /* which of -n, -p, -c were given (never -m) */
    mpq_srcptr p, c;                   /* their values (NULL when not given) */
    unsigned long k;                   /* -k, or 0 */
    const bloom_layout_description *description;
} bloomsim_unit_sizing;

/* One shape of filter of a deployment (a full file's or the last file's): its plan,
 * its settled description and the filter bloomsim builds. */
typedef struct bloomsim_file_shape {
    bloom_plan plan;
    bloom_deployed_filter filter;
    int has_filter;                   /* filter initialised */
    sim_layout layout;
    sim_lsm_level level;              /* keys, bits, hashes, layout: the engine's view */
} bloomsim_file_shape;

void bloomsim_file_shape_init(bloomsim_file_shape *shape);
void bloomsim_file_shape_clear(bloomsim_file_shape *shape);

/* Sizes the shape for `keys` keys as bloomcalc plan sizes one filter of a deployment, settles
 * and prepares it for bloomsim.  Returns 0, or 2 (1) after one line. */
int bloomsim_file_shape_size(bloomsim_file_shape *shape, const bloomsim_unit_sizing *sizing,
                             mpz_srcptr keys, const bloomsim_run_options *run,
                             const bloom_command_line *line);

/*
 * With a library whose knob is bits per key (RocksDB) and -p: the one setting all `count`
 * filter sizes meet p with (bloom_rule_setting_for_rate, as bloomcalc plan searches it), and
 * the sizing changed to -c at it; *searched is nonzero then.  Returns 0, or 1 after one line
 * when the search cannot be certified.
 */
int bloomsim_unit_setting(bloomsim_unit_sizing *sizing, mpq_ptr setting, int *searched,
                          const mpz_srcptr *keys, size_t count, const bloom_command_line *line);

/* 0, or 2 after one line when -m/--bits or --memory came with a unit. */
int bloomsim_unit_refuses_memory(const bloom_command_line *line);

/*
 * Measures the deployment of n keys the description's unit makes and prints its record
 * (`targeted`: p is plan's target, said met or missed).  Returns the exit status.
 */
int bloomsim_deployment_measure_and_print(const bloom_command_line *line, const bloomsim_run_options *run,
                                          bloomsim_unit_sizing *sizing, mpz_srcptr n, int targeted);

/* bits_per_key_setting (setting NULL: none searched) and a full file's filter as described
 * (bloom_description_fields), as bloomcalc plan prints them. */
void bloomsim_put_setting_and_filter(bloom_fields *fields, mpq_srcptr setting, const bloom_deployed_filter *filter);

/* Fills a record (context: the command's own state). */
typedef void (*bloomsim_put_record)(bloom_fields *fields, const void *context);

/* Prints the record `put` fills, cut to `brief` (NULL: none) in the table format without --all.
 * Returns the exit status (bloomsim_emit). */
struct bloom_brief_line;
int bloomsim_deployment_emit(const bloom_command_line *line, const bloomsim_run_options *run,
                             bloomsim_put_record put, const void *context,
                             const struct bloom_brief_line *brief, int partial);

/*
 * The unit path of fpr and plan: reads which of -n, -p, -c were given (two of them, -n among
 * them; `example` cites a valid line), refuses the run options the engine does not offer
 * (--key-file, --shard, --filter-file, --filter, --overfill, --check-members), then measures
 * and prints.  Returns
 * the exit status.
 */
int bloomsim_unit_command(bloom_command_line *line, const bloomsim_run_options *run,
                          const bloom_layout_description *description, mpz_srcptr keys, mpq_srcptr rate,
                          mpq_srcptr bits_per_key, unsigned long k, const char *example);

#endif
