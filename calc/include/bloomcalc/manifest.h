/*
 * manifest.h - the level of every live table file of a RocksDB or LevelDB
 * database, read from its MANIFEST (the file its CURRENT names).  A table
 * file does not record its level, and the level decides what a lookup
 * costs: every level-0 file is consulted, one file of each deeper level.
 * The MANIFEST is the log of the database's version edits, which replayed
 * from the first give the live files and their levels (RocksDB 7.8's
 * db/log_reader.cc and db/version_edit.cc, LevelDB 1.23's db/log_format.h
 * and db/version_edit.cc; calc/FORMULAS.md §u).
 *
 * The reader sees bytes, never the file system, and refuses what it cannot
 * replay (a record whose checksum does not match, a truncated record, an
 * edit with a tag it does not know and may not skip, blob files) with a
 * sentence saying what was found.  Only the default column family's files
 * are listed: files of other column families are counted apart.
 */
#ifndef BLOOMCALC_MANIFEST_H
#define BLOOMCALC_MANIFEST_H

#include "export.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A live table file: its number (the name NUMBER.sst or NUMBER.ldb, six digits at least). */
typedef struct bloom_manifest_file {
    uint64_t number;
    int level;
    uint32_t family;        /* its column family (0: the default) */
    uint64_t smallest;      /* its smallest and largest user keys' first 8 bytes, big-endian */
    uint64_t largest;       /* (zero-padded): where its key range lies in the key space */
} bloom_manifest_file;

#define BLOOM_MANIFEST_PROBLEM_SIZE 200

typedef struct bloom_manifest {
    bloom_manifest_file *files; /* the live files of every column family, in no order */
    size_t count, capacity;
    unsigned long edits;        /* version edits replayed */
    char problem[BLOOM_MANIFEST_PROBLEM_SIZE]; /* why the MANIFEST was refused */
} bloom_manifest;

BLOOM_EXPORT void bloom_manifest_init(bloom_manifest *manifest);
BLOOM_EXPORT void bloom_manifest_clear(bloom_manifest *manifest);

/*
 * The MANIFEST's name from CURRENT's bytes ("MANIFEST-NUMBER" and a newline) into name
 * (room bytes).  Returns 0, or -1 with manifest->problem set when CURRENT holds anything else.
 */
BLOOM_EXPORT int bloom_manifest_current(bloom_manifest *manifest, char *name, size_t room,
                                        const unsigned char *bytes, size_t size);

/* Replays the MANIFEST of `size` bytes at `bytes`.  Returns 0, or -1 with manifest->problem
 * saying what was found (no file is listed then). */
BLOOM_EXPORT int bloom_manifest_read(bloom_manifest *manifest, const unsigned char *bytes, size_t size);

/*
 * The share of the tree's key range, from the smallest to the largest key of the default
 * column family's live files, that file NUMBER's range covers: (largest - smallest) / (the
 * tree's largest - its smallest), keys placed by their first 8 bytes (1 when the tree's range
 * is one point).  With absent keys spread evenly over the tree's range, as a hash spreads
 * them, it is the share of absent lookups that consult the file (calc/FORMULAS.md §u).
 * *numerator / *denominator; returns 0, or -1 when the MANIFEST lists no such file.
 */
BLOOM_EXPORT int bloom_manifest_coverage(uint64_t *numerator, uint64_t *denominator,
                                         const bloom_manifest *manifest, uint64_t number);

/* The level of the default column family's live file NUMBER, or -1 when it lists none such. */
BLOOM_EXPORT int bloom_manifest_level(const bloom_manifest *manifest, uint64_t number);

/* The live files of column families other than the default (not given levels). */
BLOOM_EXPORT size_t bloom_manifest_other_families(const bloom_manifest *manifest);

#ifdef __cplusplus
}
#endif

#endif
