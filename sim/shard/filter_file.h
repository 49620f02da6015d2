/*
 * filter_file.h - a large filter's bits in a file, written once and read
 * by every later shard of the run (filter_store.h).
 *
 * Trial t's filter is the file PREFIX.t:
 *
 *   bloomsim-filter 1
 *   fingerprint 0123456789abcdef      (the run's, shard_file.h)
 *   trial 0
 *   bits 287551752
 *   byte-order little                 (or big: the words' byte order)
 *   checksum 0123456789abcdef         (XXH3-64 of the words' bytes)
 *                                     (an empty line)
 *   ceil(bits / 64) 64-bit words
 *
 * A file whose header does not match the run, the trial, the size or the
 * machine's byte order, or whose words fail the checksum, is not used: the
 * filter is built and the file written again.  A file is written under a
 * temporary name and renamed into place, so shards writing the same file
 * at once never leave a partial one (they write the same bytes).
 */
#ifndef BLOOMSIM_FILTER_FILE_H
#define BLOOMSIM_FILTER_FILE_H

#include <stdint.h>

#include "filter_store.h"

typedef struct sim_filter_file {
    const char *prefix;             /* PREFIX (not copied) */
    char fingerprint[17];
    uint64_t loaded, saved;         /* filters read and written */
    char error[4400];               /* the first failure to write one, or "" */
    sim_filter_store store;         /* for sim_fpr_config.filter_store */
} sim_filter_file;

/* Files PREFIX.t of the run with this fingerprint (16 hexadecimal digits). */
void sim_filter_file_init(sim_filter_file *file, const char *prefix, const char *fingerprint);

#endif
