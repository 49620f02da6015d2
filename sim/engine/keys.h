/*
 * keys.h - the keys a simulation inserts and the absent keys it queries.
 *
 * Two roles: inserted keys and absent (query) keys.  The guarantee, which
 * the tests check: no absent key ever equals an inserted key, and the keys
 * of one stream are pairwise distinct.
 *
 *   generated inserted key i  8 bytes: the little-endian 64-bit value
 *                             0 * 2^63 + P(i + offset mod 2^63)
 *   generated absent key j    9 bytes: the 8 bytes of 1 * 2^63 + P(j + offset')
 *                             followed by a newline byte
 *   key file                  one key per line: the line's bytes without its
 *                             newline (and without a trailing carriage return)
 *
 * P is a bijection of {0..2^63-1}, so a stream's keys are distinct for
 * distinct indices below 2^63.  An absent key differs from every inserted
 * key three ways: its length is 9 (generated inserted keys have 8), its top
 * bit is 1 (theirs is 0), and it contains a newline (no line of a key file
 * can).  The offsets come from the seed, so each trial sees other keys.
 */
#ifndef BLOOMSIM_KEYS_H
#define BLOOMSIM_KEYS_H

#include <stddef.h>
#include <stdint.h>

typedef enum sim_key_role { SIM_KEYS_INSERTED = 0, SIM_KEYS_ABSENT = 1 } sim_key_role;

/* Keys read from a file, one per line; empty lines are skipped. */
typedef struct sim_key_file {
    char *text;             /* the file's bytes */
    size_t *starts;         /* start of each key in text */
    size_t *lengths;        /* length of each key */
    uint64_t count;
    size_t text_length;
} sim_key_file;

/*
 * Reads the keys of the file at `path`.  Returns 0, or -1 after writing a
 * one-line reason (without newline) into error[0..error_size-1].
 */
int sim_key_file_load(sim_key_file *file, const char *path, char *error, size_t error_size);

/* Frees what sim_key_file_load allocated. */
void sim_key_file_free(sim_key_file *file);

/* Bytes a key file of `file_bytes` bytes needs in memory once loaded
 * (text plus two words per line, bounded by one line per two bytes). */
uint64_t sim_key_file_memory(uint64_t file_bytes);

/* A stream of keys of one role.  Fill with sim_key_stream_init. */
typedef struct sim_key_stream {
    sim_key_role role;
    uint64_t offset;              /* from the seed, below 2^63 */
    const sim_key_file *file;     /* inserted keys come from here when not NULL */
} sim_key_stream;

/* Prepares the stream of `role` keys drawn under `seed`; inserted keys are
 * the lines of `file` when it is not NULL (absent keys are always generated). */
void sim_key_stream_init(sim_key_stream *stream, sim_key_role role, uint64_t seed,
                         const sim_key_file *file);

/* Moves a generated stream on by `count` keys: its key i becomes the
 * former key count + i (exact, since P is applied to the index plus the
 * offset mod 2^63).  Streams of a key file's lines are not moved. */
void sim_key_stream_skip(sim_key_stream *stream, uint64_t count);

/* Storage for one key's bytes; `bytes` points into it or into a key file. */
typedef struct sim_key {
    const unsigned char *bytes;
    size_t length;
    unsigned char storage[9];
} sim_key;

/* The 64-bit value of generated key `index` of the stream (top bit = role). */
uint64_t sim_key_value(const sim_key_stream *stream, uint64_t index);

/* values[i] = sim_key_value(stream, first + i) for i < count (one call for a batch). */
void sim_key_values(uint64_t *values, const sim_key_stream *stream, uint64_t first, unsigned count);

/* Fills `key` with key number `index` of the stream (for a file, index must
 * be below the file's key count). */
void sim_key_at(const sim_key_stream *stream, uint64_t index, sim_key *key);

/* The bijection P of {0..2^63-1} used above (exposed for the tests). */
uint64_t sim_permute63(uint64_t value);

#endif
