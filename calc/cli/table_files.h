/*
 * table_files.h - the table files a command names: each path a file, or a
 * directory whose table files (names ending in .sst or .ldb, the names
 * RocksDB and LevelDB give them) are taken in name order, each read whole
 * into memory for the library's reader (table_file.h), which sees bytes
 * and never the file system.  A directory holding a CURRENT file is a
 * database: the MANIFEST it names gives each table file's level
 * (manifest.h), and the files it lists that the directory lacks are kept as
 * missing, so that the command can say so.
 */
#ifndef BLOOMCALC_TABLE_FILES_H
#define BLOOMCALC_TABLE_FILES_H

#include <stddef.h>
#include <stdint.h>

/* Where a table file stands in its directory's MANIFEST. */
typedef enum bloom_table_listing {
    BLOOM_TABLE_NO_MANIFEST,    /* named alone, or its directory has no CURRENT */
    BLOOM_TABLE_LISTED,         /* a live file of the default column family: level known */
    BLOOM_TABLE_UNLISTED,       /* in the directory, not a live file of the default column family */
    BLOOM_TABLE_MISSING         /* listed, absent from the directory: not read */
} bloom_table_listing;

typedef struct bloom_table_path {
    char *path;             /* as named, or DIRECTORY/NAME */
    char *error;            /* why it could not be read (strerror), or NULL */
    bloom_table_listing listing;
    int level;              /* its level in the MANIFEST, or -1 */
    uint64_t covered, range; /* the share covered / range of the tree's key range its keys span
                              * (bloom_manifest_coverage); range 0: not known */
} bloom_table_path;

typedef struct bloom_table_paths {
    bloom_table_path *items;
    size_t count, capacity;
} bloom_table_paths;

/* Expands the paths given (a directory into its table files, in name order, then the files its
 * MANIFEST lists that it lacks); a path that cannot be opened, or a MANIFEST that cannot be
 * replayed, is kept with its error, for the command to report after the rest. */
void bloom_table_paths_expand(bloom_table_paths *paths, char *const *given, size_t count);
void bloom_table_paths_clear(bloom_table_paths *paths);

/* Reads the file whole into *bytes (malloc'd, freed by the caller); returns 0, or -1 with
 * the reason in path->error. */
int bloom_table_path_read(bloom_table_path *path, unsigned char **bytes, size_t *size);

#endif
