/*
 * keys.c - distinct, disjoint key streams and key files (see keys.h for the
 * guarantee and why it holds).
 *
 * P (sim_permute63) is a bijection of the 63-bit integers built like the
 * SplitMix64 finaliser but modulo 2^63: x ^= x >> 31; x *= c1; x ^= x >> 29;
 * x *= c2; x ^= x >> 32, every product taken modulo 2^63 with odd
 * multipliers.  An xor with a right shift of a 63-bit value is invertible
 * (the top bits are unchanged and determine the rest), and an odd number is
 * invertible modulo 2^63, so each step and their composition are bijections.
 * The keys look random even though they are indexed; this matters only for
 * FNV-1a, since XXH3 is seeded per trial anyway.  A key file is read whole,
 * but never beyond the memory budget (memory.h): "--key-file /dev/zero" is
 * refused, not allowed to exhaust the machine.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"
#include "cpu_features.h"
#include "memory.h"

#define LOW63_MASK 0x7fffffffffffffffULL
#define TOP_BIT 0x8000000000000000ULL

void sim_key_stream_init(sim_key_stream *stream, sim_key_role role, uint64_t seed,
                         const sim_key_file *file)
{
    stream->role = role;
    stream->offset = seed & LOW63_MASK;
    stream->file = role == SIM_KEYS_INSERTED ? file : NULL;
}

void sim_key_stream_skip(sim_key_stream *stream, uint64_t count)
{
    if (stream->file == NULL)
        stream->offset = (stream->offset + count) & LOW63_MASK;
}

static inline uint64_t permute63(uint64_t value)
{
    value &= LOW63_MASK;
    value ^= value >> 31;
    value = (value * 0xbf58476d1ce4e5b9ULL) & LOW63_MASK;
    value ^= value >> 29;
    value = (value * 0x94d049bb133111ebULL) & LOW63_MASK;
    value ^= value >> 32;
    return value;
}

uint64_t sim_permute63(uint64_t value)
{
    return permute63(value);
}

uint64_t sim_key_value(const sim_key_stream *stream, uint64_t index)
{
    uint64_t tag = stream->role == SIM_KEYS_ABSENT ? TOP_BIT : 0;
    return tag | permute63(index + stream->offset);
}

#if SIM_X86_64
typedef uint64_t key_lanes __attribute__((vector_size(64)));

/* permute63 of start, start + 1, ..., start + 7 in eight AVX-512 lanes
 * (vpmullq), tagged: the same operations lane by lane, so the same values
 * (PERFORMANCE.md §l.8: the scalar loop was a tenth of a blocked
 * query's processor time). */
__attribute__((target("avx512f,avx512dq"))) static void values_eight(uint64_t *values, uint64_t start, uint64_t tag)
{
    const key_lanes lane = { 0, 1, 2, 3, 4, 5, 6, 7 };
    key_lanes value = (start + lane) & LOW63_MASK;
    value ^= value >> 31;
    value = (value * 0xbf58476d1ce4e5b9ULL) & LOW63_MASK;
    value ^= value >> 29;
    value = (value * 0x94d049bb133111ebULL) & LOW63_MASK;
    value ^= value >> 32;
    value |= tag;
    memcpy(values, &value, sizeof value);
}
#endif

void sim_key_values(uint64_t *values, const sim_key_stream *stream, uint64_t first, unsigned count)
{
    uint64_t tag = stream->role == SIM_KEYS_ABSENT ? TOP_BIT : 0;
    unsigned i = 0;
#if SIM_X86_64
    if (sim_cpu_has_avx512dq())
        for (; i + 8 <= count; i += 8)
            values_eight(values + i, first + i + stream->offset, tag);
#endif
    for (; i < count; i++)
        values[i] = tag | permute63(first + i + stream->offset);
}

void sim_key_at(const sim_key_stream *stream, uint64_t index, sim_key *key)
{
    if (stream->file != NULL) {
        key->bytes = (const unsigned char *)stream->file->text + stream->file->starts[index];
        key->length = stream->file->lengths[index];
        return;
    }
    uint64_t value = sim_key_value(stream, index);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(key->storage, &value, sizeof value);   /* one store: the bytes below, on this host */
#else
    for (unsigned byte = 0; byte < 8; byte++)
        key->storage[byte] = (unsigned char)(value >> (8 * byte));
#endif
    key->length = 8;
    if (stream->role == SIM_KEYS_ABSENT)
        key->storage[key->length++] = '\n';
    key->bytes = key->storage;
}

uint64_t sim_key_file_memory(uint64_t file_bytes)
{
    return file_bytes + 1 + (file_bytes / 2 + 1) * 2 * sizeof(size_t);
}

/* Whether a file of `file_bytes` bytes, once loaded, fits the memory budget. */
static int fits_in_memory(uint64_t file_bytes)
{
    sim_memory_budget budget;
    return sim_memory_fits(sim_key_file_memory(file_bytes), &budget);
}

/* Reads the whole file, refusing (before it has all been read) one that would
 * not fit in memory: a file of unknown size such as a pipe or /dev/zero is
 * only known to be too large while it is read. */
static int read_whole_file(const char *path, char **text, size_t *length, char *error,
                           size_t error_size)
{
    FILE *input = fopen(path, "rb");
    if (input == NULL) {
        snprintf(error, error_size, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    size_t capacity = 1 << 16, used = 0;
    char *buffer = malloc(capacity);
    size_t got;
    int too_large = 0;
    while (buffer != NULL && (got = fread(buffer + used, 1, capacity - used, input)) > 0) {
        used += got;
        if (used == capacity && !fits_in_memory(capacity * 2)) {
            too_large = 1;
            break;
        }
        if (used == capacity) {
            char *grown = realloc(buffer, capacity * 2);
            if (grown == NULL)
                free(buffer);
            buffer = grown;
            capacity *= 2;
        }
    }
    int failed = buffer == NULL || ferror(input) || too_large;
    fclose(input);
    if (failed) {
        free(buffer);
        if (too_large)
            snprintf(error, error_size, "%s holds more than the %llu bytes of memory available "
                     "(%s) can load", path, (unsigned long long)sim_memory_available(),
                     sim_memory_budget_get().source);
        else
            snprintf(error, error_size, "cannot read %s", path);
        return -1;
    }
    *text = buffer;
    *length = used;
    return 0;
}

/* Records the line text[start..end) as a key unless it is empty. */
static void add_line(sim_key_file *file, size_t start, size_t end)
{
    if (end > start && file->text[end - 1] == '\r')
        end--;
    if (end == start)
        return;
    file->starts[file->count] = start;
    file->lengths[file->count] = end - start;
    file->count++;
}

int sim_key_file_load(sim_key_file *file, const char *path, char *error, size_t error_size)
{
    memset(file, 0, sizeof *file);
    if (read_whole_file(path, &file->text, &file->text_length, error, error_size) != 0)
        return -1;
    size_t lines = 1;
    for (size_t i = 0; i < file->text_length; i++)
        lines += file->text[i] == '\n';
    file->starts = malloc(lines * sizeof *file->starts);
    file->lengths = malloc(lines * sizeof *file->lengths);
    if (file->starts == NULL || file->lengths == NULL) {
        sim_key_file_free(file);
        snprintf(error, error_size, "not enough memory for the keys of %s", path);
        return -1;
    }
    size_t start = 0;
    for (size_t i = 0; i < file->text_length; i++)
        if (file->text[i] == '\n') {
            add_line(file, start, i);
            start = i + 1;
        }
    add_line(file, start, file->text_length);
    if (file->count == 0) {
        sim_key_file_free(file);
        snprintf(error, error_size, "%s holds no key (one key per line expected)", path);
        return -1;
    }
    return 0;
}

void sim_key_file_free(sim_key_file *file)
{
    free(file->text);
    free(file->starts);
    free(file->lengths);
    memset(file, 0, sizeof *file);
}
