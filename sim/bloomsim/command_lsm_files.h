/*
 * command_lsm_files.h - "bloomsim lsm" with a unit (--keys-per-filter N,
 * or RocksDB's --file-size and --entry-size): the tree as an engine lays
 * it out, each level's keys (split as bloomcalc lsm splits them) in files
 * of N keys with a filter per file, the last file of a level partial, and
 * --l0-files overlapping files of N keys on top (RocksDB's L0: recent
 * flushes, every one consulted by a lookup).  Every filter is sized for its
 * own keys as bloomcalc plan sizes a filter of a deployment (with RocksDB,
 * the one bits_per_key setting all of them meet -p with); the tree is built
 * file by file (file_deployment.h) and asked absent lookups, each reading
 * every L0 file and, on each deeper level, the one file whose key range
 * covers it.  The measured false reads per lookup are judged against the
 * sum of the levels' predictions (deployment_prediction.h): L0's files
 * times a full file's rate plus each level's fpr_deployment.  Parsing and
 * printing only.
 */
#ifndef BLOOMSIM_COMMAND_LSM_FILES_H
#define BLOOMSIM_COMMAND_LSM_FILES_H

#include "command_shared.h"
#include "description.h"

typedef struct bloomsim_lsm_files_request {
    const bloom_layout_description *description;   /* with a unit */
    unsigned levels;                               /* L */
    unsigned target_level;                         /* J, 1..L: the level of the present keys looked up */
    const uint64_t *level_keys;                    /* n_1..n_L */
    mpq_srcptr p;                                  /* every filter's target rate */
    unsigned long l0_files;
    uint64_t lookups;                              /* absent lookups in all */
    uint64_t trials;                               /* 0: the default */
} bloomsim_lsm_files_request;

/* Builds, measures and prints the tree of files.  Returns the exit status. */
int bloomsim_lsm_files(const bloom_command_line *line, const bloomsim_run_options *run,
                       const bloomsim_lsm_files_request *request);

#endif
