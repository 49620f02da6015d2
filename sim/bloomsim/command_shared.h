/*
 * command_shared.h - what the bloomsim subcommands share: the options of a
 * rate measurement, turning them into a harness configuration (with the
 * memory check and the default run size), the progress line, and the
 * fields of a measurement record.  Parsing and printing only.
 */
#ifndef BLOOMSIM_COMMAND_SHARED_H
#define BLOOMSIM_COMMAND_SHARED_H

#include <stdint.h>

#include "fields.h"
#include "estimate.h"
#include "run_size.h"
#include "options.h"
#include "predictions.h"
#include "progress.h"
#include "report.h"

/* The options every measuring command accepts. */
typedef struct bloomsim_run_options {
    mpz_t trials, queries, seed;
    int trials_given, queries_given;    /* --trials / --queries given (else: chosen by the command) */
    unsigned long threads;
    mpq_t confidence;
    int scheme, hash_function, filter, unguarded, check_members;
    int progress;                   /* --progress: progress and the run's estimate on any stderr */
    int all;                        /* --all: every field in the table format, not the first screen */
    unsigned long counter_bits;
    const char *key_path;
    const char *shard;              /* --shard I/N (command_shard.h), or NULL */
    const char *filter_file;        /* --filter-file PREFIX (command_shard.h), or NULL */
    mpq_t overfill;
    bloom_output_choice output;
} bloomsim_run_options;

/* Sets the defaults (seed 1, all processors, 99.9 %, independent XXH3, standard filter). */
void bloomsim_run_options_init(bloomsim_run_options *options);
void bloomsim_run_options_clear(bloomsim_run_options *options);

/* Groups of run options a command may offer (bloomsim_run_option_table). */
enum bloomsim_option_group {
    BLOOMSIM_OPTIONS_SIZE = 1,      /* --trials, --queries */
    BLOOMSIM_OPTIONS_SEED = 2,      /* --seed */
    BLOOMSIM_OPTIONS_PARALLEL = 4,  /* --threads, --confidence, --progress */
    BLOOMSIM_OPTIONS_HASHING = 8,   /* --hash-function, --unguarded */
    BLOOMSIM_OPTIONS_COUNTERS = 16, /* --counter-bits */
    BLOOMSIM_OPTIONS_FILTER = 32,   /* --filter, --key-file, --overfill, --check-members */
    BLOOMSIM_OPTIONS_SCHEME = 64,   /* --hash (commands with a description have it there) */
    BLOOMSIM_OPTIONS_SHARD = 128,   /* --shard (command_shard.h) */
    BLOOMSIM_OPTIONS_FILTER_FILE = 256,  /* --filter-file (command_shard.h) */
    BLOOMSIM_OPTIONS_RUN = BLOOMSIM_OPTIONS_SEED | BLOOMSIM_OPTIONS_PARALLEL,
    BLOOMSIM_OPTIONS_MEASURE = 63,  /* everything but --hash and --shard */
    BLOOMSIM_OPTIONS_ALL = 511
};

/* Most entries bloomsim_run_option_table writes (output options included). */
#define BLOOMSIM_RUN_OPTION_MAX 20

/* Writes the table entries of the chosen groups, plus --digits,
 * --format and --output, into table[]; returns how many. */
size_t bloomsim_run_option_table(bloom_option *table, bloomsim_run_options *options, unsigned groups);

/* The text --help adds about verdicts and intervals. */
extern const char bloomsim_verdict_help[];

/* A prepared rate measurement. */
typedef struct bloomsim_measurement {
    sim_fpr_config config;
    sim_key_file key_file;
    int has_key_file;
    uint64_t planned_keys;            /* n before --overfill */
    uint64_t described_bits;          /* m as described (config.bits: as built, after rounding) */
    unsigned described_hashes;        /* k as described (config.hashes: the probes built) */
    int described;                    /* the record carries the description's fields (scheme among them) */
    int ribbon;                       /* a Ribbon was built: no probes, so no k and none of the
                                         standard filter's predictions (printed empty) */
    double confidence;
    mpq_srcptr confidence_exact;      /* the option's value, for printing */
    sim_predictions predictions;      /* for the keys really inserted */
    int has_predictions;
    sim_fpr_totals totals;
    sim_fpr_report report;
    const char *shard;                /* --shard I/N, or NULL */
    const char *filter_file;          /* --filter-file PREFIX, or NULL */
    int shard_written;                /* the run was a shard: its file is written, print nothing */
    int timed;                        /* --progress: where the time went, on stderr at the end */
    sim_phase_times phases;           /* the engine's phases (config.run.phases when timed) */
    double predict_seconds, predict_cpu;   /* the certified predictions */
} bloomsim_measurement;

/*
 * Fills the measurement for m = `bits`, n = `keys` (0 with a key file: its
 * key count), k = `hashes` from the options: loads the key file, computes
 * the predictions, chooses the run size, checks memory.  Returns 0, or the
 * exit status after printing one line on stderr (2 bad input or too big,
 * 1 uncertified).  Free with bloomsim_measurement_free in every case.
 */
int bloomsim_measurement_prepare(bloomsim_measurement *measurement, const bloom_command_line *line,
                                 const bloomsim_run_options *options, uint64_t bits, uint64_t keys,
                                 unsigned hashes);

/*
 * The same for a deployed filter built with `built_bits` bits and
 * `built_hashes` probes per key, described as m = `bits`, k = `hashes`:
 * the predictions (and m, k printed) are the calculator's at the
 * described m, n and k.
 */
int bloomsim_measurement_prepare_deployed(bloomsim_measurement *measurement,
                                          const bloom_command_line *line,
                                          const bloomsim_run_options *options, uint64_t built_bits,
                                          unsigned built_hashes, uint64_t bits, uint64_t keys,
                                          unsigned hashes);

/* Runs it and computes the report (or, with --shard, writes the shard's
 * file and sets shard_written; under bloomsim merge, takes the merged
 * counts).  Returns 0, or an exit status after a message (command_shard.h). */
int bloomsim_measurement_run(bloomsim_measurement *measurement, const bloom_command_line *line);

void bloomsim_measurement_free(bloomsim_measurement *measurement);

/* Appends the measurement's fields to a record. */
void bloomsim_put_measurement(bloom_fields *fields, const bloomsim_measurement *measurement);

/* Fields a command puts before the measurement's (NULL for none). */
typedef void (*bloomsim_extra_fields)(bloom_fields *fields, const bloomsim_measurement *measurement,
                                      const void *context);

/* Prints the record (or one line on stderr if a quantity could not be
 * certified) and clears it.  Returns 0, 1 uncertified, or 130 when the
 * run was stopped by a signal. */
int bloomsim_emit(bloom_fields *fields, int format, const bloom_command_line *line, int partial);

/* Appends a whole number. */
void bloomsim_put_count(bloom_fields *fields, const char *key, const char *label, uint64_t value);

/* Appends the exact ratio numerator / (denominator * denominator_factor),
 * correctly rounded to the digits ("none" when the denominator is 0). */
void bloomsim_put_ratio(bloom_fields *fields, const char *key, const char *label, uint64_t numerator,
                        uint64_t denominator, uint64_t denominator_factor);

/* Appends a whole number computed as a double (rounded up if it is not
 * whole), in full; infinity is written "never", NaN "none". */
void bloomsim_put_whole(bloom_fields *fields, const char *key, const char *label, double value);

void bloomsim_put_yes_no(bloom_fields *fields, const char *key, const char *label, int value);

/* The interval of an estimate as LOW_KEY, HIGH_KEY: correct digits only,
 * from the estimate's error bound (stats.h). */
void bloomsim_put_interval(bloom_fields *fields, const char *low_key, const char *high_key,
                           const sim_estimate *estimate);

/* An estimate as three fields KEY, KEY_ci_low, KEY_ci_high, the rate too
 * written from its error bound (for a rate that is not a ratio of counts). */
void bloomsim_put_estimate(bloom_fields *fields, const char *key, const char *low_key,
                           const char *high_key, const char *label, const sim_estimate *estimate);

/* The estimate's standard error, correct digits only. */
void bloomsim_put_standard_error(bloom_fields *fields, const sim_estimate *estimate);

/* interval_method and the design_effect it used. */
void bloomsim_put_interval_method(bloom_fields *fields, sim_interval_method method,
                                  const sim_estimate *estimate);

/* The confidence level, exactly as given. */
void bloomsim_put_confidence(bloom_fields *fields, const char *label, mpq_srcptr confidence);

/* 64-bit values of parsed options. */
uint64_t bloomsim_u64(mpz_srcptr value);

/* The run settings every measuring command passes its engine: --trials,
 * --seed and --threads of `options`, progress on stderr labelled with the
 * command of `line`, the whole run (no shard: command_shard.h sets it). */
void bloomsim_run_settings(sim_run_settings *settings, const bloomsim_run_options *options,
                           const bloom_command_line *line);


/* Refuses a run over the memory budget (memory.h): returns 0 if it fits, else 2 after the message. */
int bloomsim_check_memory(const bloom_command_line *line, uint64_t needed);

#endif
