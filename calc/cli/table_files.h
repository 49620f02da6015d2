/*
 * table_files.h - the table files a command names: each path a file, or a
 * directory whose table files (names ending in .sst or .ldb, the names
 * RocksDB and LevelDB give them) are taken in name order, each read whole
 * into memory for the library's reader (table_file.h), which sees bytes
 * and never the file system.
 */
#ifndef BLOOMCALC_TABLE_FILES_H
#define BLOOMCALC_TABLE_FILES_H

#include <stddef.h>

typedef struct bloom_table_path {
    char *path;             /* as named, or DIRECTORY/NAME */
    char *error;            /* why it could not be read (strerror), or NULL */
} bloom_table_path;

typedef struct bloom_table_paths {
    bloom_table_path *items;
    size_t count, capacity;
} bloom_table_paths;

/* Expands the paths given (a directory into its table files, in name order); a path that
 * cannot be opened is kept with its error, for the command to report after the rest. */
void bloom_table_paths_expand(bloom_table_paths *paths, char *const *given, size_t count);
void bloom_table_paths_clear(bloom_table_paths *paths);

/* Reads the file whole into *bytes (malloc'd, freed by the caller); returns 0, or -1 with
 * the reason in path->error. */
int bloom_table_path_read(bloom_table_path *path, unsigned char **bytes, size_t *size);

#endif
