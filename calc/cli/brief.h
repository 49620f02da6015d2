/*
 * brief.h - the first screen: the few fields of a record that answer the
 * question asked, in the order a person acts on them, for the table format
 * (CSV and JSON always carry every field).  A size in bytes is shown in
 * the largest binary (KiB, MiB, GiB, TiB, PiB, EiB) or decimal (kB ... EB)
 * unit it fills, correctly rounded to three significant digits, with the
 * exact bytes beside it; a rate also as "1 in N", N = 1/rate given to the
 * digits on which every rate the printed digits can stand for agrees.
 */
#ifndef BLOOMCALC_BRIEF_H
#define BLOOMCALC_BRIEF_H

#include "output.h"

/* How a size is scaled: binary units (the default) or decimal ones. */
typedef enum bloom_units { BLOOM_UNITS_IEC, BLOOM_UNITS_SI } bloom_units;

/* The names accepted by --units, in bloom_units order, NULL-terminated. */
extern const char *const bloom_units_names[];

/* How a brief line shows its value. */
typedef enum bloom_brief_kind {
    BLOOM_BRIEF_AS_IS,   /* the value and unit of the full record */
    BLOOM_BRIEF_BYTES,   /* a whole number of bytes: scaled, exact bytes beside */
    BLOOM_BRIEF_RATE     /* a probability: and "1 in N" */
} bloom_brief_kind;

/* One line of a brief screen: a key, its label there (NULL: the record's). */
typedef struct bloom_brief_line {
    const char *key;
    const char *label;
    bloom_brief_kind kind;
} bloom_brief_line;

/*
 * Appends to `brief` the fields of `full` that `lines` name (ended by a
 * NULL key) and that hold a value, in the order of `lines`: a key `full`
 * lacks, or holds as missing, is left out, so the screen never shows "-".
 * `digits` is the number of significant digits the full record's reals
 * were printed with (a rate shown with fewer is exact).
 */
void bloom_brief_select(bloom_record *brief, const bloom_record *full, const bloom_brief_line *lines,
                        unsigned digits, bloom_units units);

/* Replaces `record` by its brief screen (bloom_brief_select). */
void bloom_brief_keep(bloom_record *record, const bloom_brief_line *lines, unsigned digits,
                      bloom_units units);

/* The text of `bytes` (a whole number, digits with optional group spaces)
 * scaled as above, "1.12 GiB (1 199 119 340 bytes)" (malloc'd); below
 * 1000 or 1024 bytes, "826 bytes". */
char *bloom_brief_bytes(const char *bytes, bloom_units units);

/* The text of `rate` (a printed probability) with "(1 in N)" after it
 * (malloc'd); the rate alone when no digit of N is certain or rate is 0. */
char *bloom_brief_rate(const char *rate, unsigned digits);

#endif
