/*
 * shard_file.h - the raw counts of one shard of a run, as a versioned text
 * file (the format is documented in sim/SCALE-OUT.md).
 *
 * A shard file names its run (program and version, command, the options
 * that determine the counts in canonical form --name=value, the digest of
 * a key file) and a fingerprint of all that (XXH3-64), then which shard it
 * is and what it ran (shard_selection.h), then one line per block of
 * trials with that block's counts as the engine holds them: integers in
 * decimal, the floating sums of fpr runs as C99 hexadecimal floats, which
 * read back to the same bits (ISO C 7.21.6.1 %a, 7.22.1.3 strtod).  A
 * final "end" line tells a complete file from one cut short and carries
 * the file's checksum: XXH3-64 of every byte before that line, from the
 * "b" of "bloomsim-shard" to the newline that ends the last block line,
 * so that an edited or damaged line (a count, a range, the header) is
 * refused by the reader, and the fingerprint, which covers only the
 * identifying lines, still names the run.
 *
 *   bloomsim-shard 3
 *   program bloomsim 0.1.0
 *   command fpr
 *   option --bits=64                   (one per option given, in table order)
 *   output --format=json               (output options: not fingerprinted)
 *   keys-digest 0123456789abcdef       (with --key-file only)
 *   fingerprint 0123456789abcdef
 *   kind fpr                           (the engine's counts: fpr, lsm or grow)
 *   shard 2/4                          (1-based, as on the command line)
 *   split trials                       (or queries)
 *   trials 1000
 *   queries 20000                      (per trial; lookups per tree for lsm)
 *   blocks 1000
 *   block-range 250 500
 *   query-range 0 20000
 *   block 250 trials=1 queries=20000 false_positives=... (one line per block)
 *   end 0123456789abcdef               (the checksum of all the lines above)
 *
 * Text values are written with %, CR and LF as %25, %0D and %0A.
 */
#ifndef BLOOMSIM_SHARD_FILE_H
#define BLOOMSIM_SHARD_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "shard_selection.h"

/* 2: fpr and lsm slots carry ribbon_retries; 3: the end line carries the
 * checksum of the whole file */
#define SIM_SHARD_FORMAT_VERSION 3
#define SIM_SHARD_TEXT(x) #x
#define SIM_SHARD_VERSION_TEXT(x) SIM_SHARD_TEXT(x)
#define SIM_SHARD_MAGIC_LINE "bloomsim-shard " SIM_SHARD_VERSION_TEXT(SIM_SHARD_FORMAT_VERSION)

/* The engine's slot type of a shard's blocks. */
typedef enum sim_slot_kind {
    SIM_SLOT_FPR = 0,     /* sim_fpr_totals (harness.h): fpr, plan */
    SIM_SLOT_LSM = 1,     /* sim_lsm_totals (lsm_tree.h) */
    SIM_SLOT_GROW = 2     /* sim_scalable_totals (scalable.h) */
} sim_slot_kind;

/* "fpr", "lsm", "grow", in sim_slot_kind order, NULL-terminated. */
extern const char *const sim_slot_kind_names[];

/* Bytes of one slot of the kind. */
size_t sim_slot_size(sim_slot_kind kind);

/* The completed trials a slot holds (its "trials" field). */
uint64_t sim_slot_trials(sim_slot_kind kind, const void *slot);

/* What identifies a run. */
typedef struct sim_shard_run {
    char *program;                  /* "bloomsim 0.1.0" */
    char *command;                  /* "fpr" */
    char **options;                 /* canonical "--name=value" (or "--name"), fingerprinted */
    size_t option_count;
    char **outputs;                 /* "--format=json", "--digits=12": not fingerprinted */
    size_t output_count;
    char *keys_digest;              /* hexadecimal XXH3-64 of the key file, or NULL */
    char fingerprint[17];           /* hexadecimal XXH3-64 of all the above */
    sim_slot_kind kind;
    uint64_t trials, queries, blocks;
} sim_shard_run;

typedef struct sim_shard_file {
    sim_shard_run run;
    sim_shard_selection selection;  /* its split, index and ranges (no sink) */
    uint64_t *block_numbers;        /* the blocks written, increasing */
    unsigned char *slots;           /* their slots, sim_slot_size(kind) bytes each */
    size_t slot_count, slot_capacity;
    char *name;                     /* the file's name, for messages */
} sim_shard_file;

/* An empty file of the run of `command` by `program` (copied). */
void sim_shard_file_init(sim_shard_file *file, const char *program, const char *command, sim_slot_kind kind);
void sim_shard_file_free(sim_shard_file *file);

/* Appends an option (fingerprinted) or an output option.  Return 0 or -1 (memory). */
int sim_shard_file_add_option(sim_shard_file *file, const char *text);
int sim_shard_file_add_output(sim_shard_file *file, const char *text);

/* Sets the key file's digest from its bytes.  Returns 0 or -1 (memory). */
int sim_shard_file_set_keys(sim_shard_file *file, const void *bytes, size_t length);

/* The digest text of bytes, XXH3-64 in 16 hexadecimal digits (17 bytes
 * with the NUL): a key file's digest, a shard file's checksum. */
void sim_shard_digest(char digest[17], const void *bytes, size_t length);

/* Appends block `block`'s slot (copied).  Returns 0 or -1 (memory). */
int sim_shard_file_add_slot(sim_shard_file *file, uint64_t block, const void *slot);

/* Computes run.fingerprint from the run's identifying lines. */
void sim_shard_fingerprint(sim_shard_run *run);

/* Writes the file (fingerprint and checksum computed).  Returns 0, or -1
 * when the write failed. */
int sim_shard_file_write(FILE *output, sim_shard_file *file);

/*
 * Reads one shard file from `input` (named `name` in messages), up to and
 * including its "end" line, so that a stream may hold several files one
 * after the other (cat).  Returns 0, 1 when the input ended before any
 * line, or -1 after writing a one-line reason ("NAME line L: ...", or
 * "NAME: ..." for the checksum; without newline) into
 * error[0..error_size-1]: not a shard file, another format version, a
 * malformed or missing line, no "end" line (cut short), content that does
 * not match its checksum, a fingerprint that does not match its lines, or
 * blocks other than those of its range.  Whether each block's counts are
 * possible is shard_check.h's business.  Free with sim_shard_file_free in
 * every case.
 */
int sim_shard_file_read(FILE *input, const char *name, sim_shard_file *file, char *error, size_t error_size);

#endif
