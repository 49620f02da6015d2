/*
 * table_files.c - expands the paths given to "bloomcalc audit" into table
 * files and reads each whole (table_files.h).  A directory is listed, not
 * walked: a database keeps its tables in one directory, and its CURRENT
 * names the MANIFEST that gives their levels.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "manifest.h"
#include "table_files.h"

static void add(bloom_table_paths *paths, char *path, const char *error)
{
    if (paths->count == paths->capacity) {
        paths->capacity = paths->capacity ? 2 * paths->capacity : 16;
        paths->items = realloc(paths->items, paths->capacity * sizeof *paths->items);
        if (paths->items == NULL)
            abort();
    }
    paths->items[paths->count++] = (bloom_table_path){ path, error ? strdup(error) : NULL,
                                                       BLOOM_TABLE_NO_MANIFEST, -1, 0, 0 };
}

static char *copy(const char *text)
{
    char *result = strdup(text);
    if (result == NULL)
        abort();
    return result;
}

/* Reads the file at `path` whole into *bytes (malloc'd); returns NULL, or why it could not. */
static const char *read_whole(const char *path, unsigned char **bytes, size_t *size)
{
    *bytes = NULL;
    *size = 0;
    FILE *file = fopen(path, "rb");
    if (file == NULL)
        return strerror(errno);
    struct stat status;
    if (fstat(fileno(file), &status) != 0 || !S_ISREG(status.st_mode)) {
        fclose(file);
        return "not a regular file";
    }
    *bytes = malloc(status.st_size > 0 ? (size_t)status.st_size : 1);
    if (*bytes == NULL)
        abort();
    *size = fread(*bytes, 1, (size_t)status.st_size, file);
    int failed = ferror(file) || *size != (size_t)status.st_size;
    fclose(file);
    if (failed) {
        free(*bytes);
        *bytes = NULL;
        return "could not be read whole";
    }
    return NULL;
}

static char *joined_path(const char *directory, const char *name)
{
    size_t length = strlen(directory);
    const char *separator = length > 0 && directory[length - 1] == '/' ? "" : "/";
    char *path = malloc(length + strlen(separator) + strlen(name) + 1);
    if (path == NULL)
        abort();
    sprintf(path, "%s%s%s", directory, separator, name);
    return path;
}

/* Replays the MANIFEST that DIRECTORY/CURRENT names; returns 0, 1 when there is no CURRENT
 * (not a database), or -1 with the refusal kept as a path in error. */
static int read_manifest(bloom_table_paths *paths, bloom_manifest *manifest, const char *directory)
{
    char *current = joined_path(directory, "CURRENT");
    unsigned char *bytes;
    size_t size;
    struct stat status;
    if (stat(current, &status) != 0) {
        free(current);
        return 1;
    }
    char name[64];
    const char *why = read_whole(current, &bytes, &size);
    if (why == NULL && bloom_manifest_current(manifest, name, sizeof name, bytes, size) != 0)
        why = manifest->problem;
    free(bytes);
    if (why != NULL) {
        add(paths, current, why);
        return -1;
    }
    free(current);
    char *path = joined_path(directory, name);
    why = read_whole(path, &bytes, &size);
    if (why == NULL && bloom_manifest_read(manifest, bytes, size) != 0)
        why = manifest->problem;
    free(bytes);
    if (why != NULL) {
        add(paths, path, why);
        return -1;
    }
    free(path);
    return 0;
}

/* The number a table file's name gives it (000012.sst: 12), or UINT64_MAX for another name. */
static uint64_t file_number(const char *name)
{
    char *end;
    unsigned long long number = strtoull(name, &end, 10);
    return end != name && *end == '.' ? (uint64_t)number : UINT64_MAX;
}

/* The levels of the `first`.. table files just added from `directory`, and the MANIFEST's files
 * it lacks, added as missing under the extension of its files. */
static void add_levels(bloom_table_paths *paths, const char *directory, size_t first,
                       char *const *names, size_t count)
{
    bloom_manifest manifest;
    bloom_manifest_init(&manifest);
    if (read_manifest(paths, &manifest, directory) == 0) {
        for (size_t i = 0; i < count; i++) {
            bloom_table_path *path = &paths->items[first + i];
            path->level = bloom_manifest_level(&manifest, file_number(names[i]));
            path->listing = path->level >= 0 ? BLOOM_TABLE_LISTED : BLOOM_TABLE_UNLISTED;
            if (path->level < 0
                || bloom_manifest_coverage(&path->covered, &path->range, &manifest, file_number(names[i])) != 0)
                path->range = 0;
        }
        const char *extension = count > 0 ? strrchr(names[0], '.') : ".sst";
        for (size_t f = 0; f < manifest.count; f++) {
            const bloom_manifest_file *file = &manifest.files[f];
            int present = 0;
            for (size_t i = 0; i < count && !present; i++)
                present = file_number(names[i]) == file->number;
            if (file->family != 0 || present)
                continue;
            char name[40];
            snprintf(name, sizeof name, "%06llu%s", (unsigned long long)file->number, extension);
            add(paths, joined_path(directory, name), NULL);
            paths->items[paths->count - 1].listing = BLOOM_TABLE_MISSING;
            paths->items[paths->count - 1].level = file->level;
        }
    }
    bloom_manifest_clear(&manifest);
}

static int is_table_name(const char *name)
{
    size_t length = strlen(name);
    return length > 4 && (strcmp(name + length - 4, ".sst") == 0 || strcmp(name + length - 4, ".ldb") == 0);
}

static int compare_names(const void *left, const void *right)
{
    return strcmp(*(char *const *)left, *(char *const *)right);
}

static void add_directory(bloom_table_paths *paths, const char *directory, DIR *listing)
{
    char **names = NULL;
    size_t count = 0, room = 0;
    for (struct dirent *entry; (entry = readdir(listing)) != NULL;) {
        if (!is_table_name(entry->d_name))
            continue;
        if (count == room) {
            room = room ? 2 * room : 64;
            names = realloc(names, room * sizeof *names);
            if (names == NULL)
                abort();
        }
        names[count++] = copy(entry->d_name);
    }
    if (names != NULL)
        qsort(names, count, sizeof *names, compare_names);
    size_t first = paths->count;
    for (size_t i = 0; i < count; i++)
        add(paths, joined_path(directory, names[i]), NULL);
    add_levels(paths, directory, first, names, count);
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
}

void bloom_table_paths_expand(bloom_table_paths *paths, char *const *given, size_t count)
{
    paths->items = NULL;
    paths->count = paths->capacity = 0;
    for (size_t i = 0; i < count; i++) {
        struct stat status;
        if (stat(given[i], &status) != 0) {
            add(paths, copy(given[i]), strerror(errno));
        } else if (S_ISDIR(status.st_mode)) {
            DIR *listing = opendir(given[i]);
            if (listing == NULL) {
                add(paths, copy(given[i]), strerror(errno));
                continue;
            }
            add_directory(paths, given[i], listing);
            closedir(listing);
        } else {
            add(paths, copy(given[i]), NULL);
        }
    }
}

void bloom_table_paths_clear(bloom_table_paths *paths)
{
    for (size_t i = 0; i < paths->count; i++) {
        free(paths->items[i].path);
        free(paths->items[i].error);
    }
    free(paths->items);
    paths->items = NULL;
    paths->count = paths->capacity = 0;
}

int bloom_table_path_read(bloom_table_path *path, unsigned char **bytes, size_t *size)
{
    const char *why = read_whole(path->path, bytes, size);
    if (why != NULL)
        path->error = copy(why);
    return why != NULL ? -1 : 0;
}
