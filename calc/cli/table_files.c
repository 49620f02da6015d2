/*
 * table_files.c - expands the paths given to "bloomcalc audit" into table
 * files and reads each whole (table_files.h).  A directory is listed, not
 * walked: a database keeps its tables in one directory.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "table_files.h"

static void add(bloom_table_paths *paths, char *path, const char *error)
{
    if (paths->count == paths->capacity) {
        paths->capacity = paths->capacity ? 2 * paths->capacity : 16;
        paths->items = realloc(paths->items, paths->capacity * sizeof *paths->items);
        if (paths->items == NULL)
            abort();
    }
    paths->items[paths->count++] = (bloom_table_path){ path, error ? strdup(error) : NULL };
}

static char *copy(const char *text)
{
    char *result = strdup(text);
    if (result == NULL)
        abort();
    return result;
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
    if (names == NULL)
        return;     /* no table file in the directory */
    qsort(names, count, sizeof *names, compare_names);
    size_t length = strlen(directory);
    const char *separator = length > 0 && directory[length - 1] == '/' ? "" : "/";
    for (size_t i = 0; i < count; i++) {
        char *path = malloc(length + strlen(separator) + strlen(names[i]) + 1);
        if (path == NULL)
            abort();
        sprintf(path, "%s%s%s", directory, separator, names[i]);
        add(paths, path, NULL);
        free(names[i]);
    }
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
    *bytes = NULL;
    *size = 0;
    FILE *file = fopen(path->path, "rb");
    if (file == NULL) {
        path->error = copy(strerror(errno));
        return -1;
    }
    struct stat status;
    if (fstat(fileno(file), &status) != 0 || !S_ISREG(status.st_mode)) {
        path->error = copy("not a regular file");
        fclose(file);
        return -1;
    }
    *bytes = malloc(status.st_size > 0 ? (size_t)status.st_size : 1);
    if (*bytes == NULL)
        abort();
    *size = fread(*bytes, 1, (size_t)status.st_size, file);
    int failed = ferror(file) || *size != (size_t)status.st_size;
    fclose(file);
    if (failed) {
        path->error = copy("could not be read whole");
        free(*bytes);
        *bytes = NULL;
        return -1;
    }
    return 0;
}
