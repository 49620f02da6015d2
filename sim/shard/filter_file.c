/*
 * filter_file.c - reading and writing a trial's filter bits (filter_file.h
 * for the format).  The checksum is XXH3-64 (xxHash, Collet) of the words
 * as stored; it detects a file cut short or damaged, and a header that
 * matches names this run's filter of this trial, so the bits read are the
 * bits a build would set.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <xxhash.h>

#include "filter_file.h"

static const char *byte_order(void)
{
    const uint64_t probe = 1;
    unsigned char first;
    memcpy(&first, &probe, 1);
    return first == 1 ? "little" : "big";
}

static uint64_t word_count(const sim_bit_filter *filter)
{
    return (filter->bits + 63) / 64;
}

/* The header of trial `trial`'s file for `filter` into text[]. */
static void header(char *text, size_t size, const sim_filter_file *file, uint64_t trial,
                   const sim_bit_filter *filter, uint64_t checksum)
{
    snprintf(text, size, "bloomsim-filter 1\nfingerprint %s\ntrial %" PRIu64 "\nbits %" PRIu64
             "\nbyte-order %s\nchecksum %016" PRIx64 "\n\n", file->fingerprint, trial, filter->bits,
             byte_order(), checksum);
}

static void path_of(char *path, size_t size, const sim_filter_file *file, uint64_t trial)
{
    snprintf(path, size, "%s.%" PRIu64, file->prefix, trial);
}

static int load(void *context, uint64_t trial, sim_bit_filter *filter)
{
    sim_filter_file *file = context;
    char path[4096], expected[512], got[512];
    path_of(path, sizeof path, file, trial);
    FILE *input = fopen(path, "rb");
    if (input == NULL)
        return -1;
    size_t words = (size_t)word_count(filter);
    /* the header up to the checksum line, then the checksum */
    header(expected, sizeof expected, file, trial, filter, 0);
    size_t fixed = (size_t)(strstr(expected, "checksum ") - expected) + strlen("checksum ");
    size_t length = fixed + 16 + 2;
    uint64_t claimed = 0;
    int good = fread(got, 1, length, input) == length && memcmp(got, expected, fixed) == 0
               && got[fixed + 16] == '\n' && got[fixed + 17] == '\n';
    if (good) {
        got[fixed + 16] = '\0';
        good = sscanf(got + fixed, "%16" SCNx64, &claimed) == 1;
    }
    good = good && fread(filter->words, sizeof *filter->words, words, input) == words && fgetc(input) == EOF;
    fclose(input);
    if (!good || XXH3_64bits(filter->words, words * sizeof *filter->words) != claimed)
        return -1;
    file->loaded++;
    return 0;
}

static void save(void *context, uint64_t trial, const sim_bit_filter *filter)
{
    sim_filter_file *file = context;
    char path[4096], temporary[4200], text[512];
    path_of(path, sizeof path, file, trial);
    snprintf(temporary, sizeof temporary, "%s.%ld.partial", path, (long)getpid());
    size_t words = (size_t)word_count(filter);
    header(text, sizeof text, file, trial, filter, XXH3_64bits(filter->words, words * sizeof *filter->words));
    FILE *output = fopen(temporary, "wb");
    int good = output != NULL && fwrite(text, 1, strlen(text), output) == strlen(text)
               && fwrite(filter->words, sizeof *filter->words, words, output) == words;
    good = output != NULL && fclose(output) == 0 && good && rename(temporary, path) == 0;
    if (good) {
        file->saved++;
        return;
    }
    if (file->error[0] == '\0')
        snprintf(file->error, sizeof file->error, "cannot write %s: %s", path, strerror(errno));
    remove(temporary);
}

void sim_filter_file_init(sim_filter_file *file, const char *prefix, const char *fingerprint)
{
    memset(file, 0, sizeof *file);
    file->prefix = prefix;
    snprintf(file->fingerprint, sizeof file->fingerprint, "%s", fingerprint);
    file->store.load = load;
    file->store.save = save;
    file->store.context = file;
}
