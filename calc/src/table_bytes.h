/*
 * table_bytes.h - internal (not installed): the byte encodings RocksDB and
 * LevelDB share in every file they write (util/coding.h): little-endian
 * fixed32, varints of 7 bits a byte.  The table reader (table_file.c) and
 * the MANIFEST reader (manifest.c) decode the same encodings, so they share
 * one decoder.
 */
#ifndef BLOOMCALC_TABLE_BYTES_H
#define BLOOMCALC_TABLE_BYTES_H

#include <stddef.h>
#include <stdint.h>

/* Bytes not yet read. */
typedef struct bloom_slice {
    const unsigned char *at;
    size_t size;
} bloom_slice;

uint32_t bloom_fixed32(const unsigned char *p);

/* Reads a varint of at most `bits` bits from *in, advancing it; 0 when it runs out or overflows. */
int bloom_varint(uint64_t *value, bloom_slice *in, unsigned bits);

#endif
