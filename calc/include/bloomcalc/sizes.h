/*
 * sizes.h - reading a memory size with its unit, exactly, as a number of bits.
 *
 * A size is a number in any form numbers.h accepts, optionally followed
 * (with or without spaces) by a unit:
 *   bytes, SI    B, kB, MB, GB, TB            (8, 8 10^3, ... bits)
 *   bytes, IEC   KiB, MiB, GiB, TiB           (8 2^10, 8 2^20, ... bits)
 *   bits         bit (or bits), kbit, Mbit, Gbit, Tbit, Kibit, Mibit, Gibit, Tibit
 * Without a unit the number counts bits or bytes, as the caller says (the
 * bits of "-m/--bits", the bytes of "--memory").  The value is the exact
 * rational number times unit, and must be a whole number of bits ("1.5 B"
 * is refused, "1.5 kB" is 12 000 bits).  Spellings that people use for two
 * different units are refused as ambiguous, naming both readings: "b"
 * (bit or byte), "kb", "Mb", "mb", "Gb" (bits or bytes), "KB", "K", "M",
 * "G", "T" (SI or IEC bytes), "Kib", "Mib" (IEC bits or bytes).
 */
#ifndef BLOOMCALC_SIZES_H
#define BLOOMCALC_SIZES_H

#include "export.h"

#include <stddef.h>
#include <gmp.h>

#include "numbers.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a number without a unit counts. */
typedef enum bloom_size_bare { BLOOM_SIZE_BARE_BITS, BLOOM_SIZE_BARE_BYTES } bloom_size_bare;

/* The accepted units, as a list for messages. */
BLOOM_EXPORT extern const char bloom_size_units[];

/*
 * rop = the size in `text`, in bits, which must lie in [minimum, maximum]
 * (either NULL: no bound).  Returns a bloom_parse_result: BLOOM_PARSE_OK,
 * _SYNTAX (not a number, or an unknown unit), _NOT_WHOLE (a fraction of a
 * bit), _OUT_OF_RANGE, or _AMBIGUOUS (bloom_size_readings says why).
 */
BLOOM_EXPORT int bloom_parse_size(mpz_ptr rop, const char *text, bloom_size_bare bare,
                     mpz_srcptr minimum, mpz_srcptr maximum);

/*
 * When the unit of `text` is ambiguous, writes its two readings into
 * buffer ("Gbit (10^9 bits) or GB (10^9 bytes)") and returns 1; otherwise
 * returns 0 and leaves buffer empty.
 */
BLOOM_EXPORT int bloom_size_readings(char *buffer, size_t size, const char *text);

#ifdef __cplusplus
}
#endif

#endif
