/*
 * output_keys.h - the output vocabulary of both programs: every key a command of
 * bloomcalc or bloomsim may print (a CSV column, a JSON member), with its
 * unit and a one-line meaning.  The record code (output.h) refuses a key
 * that is not registered here (an assertion), so a key cannot be printed
 * without being registered, and this registry is the one place a key is
 * documented: "bloomcalc keys" prints it and the manual pages are made
 * from it.
 *
 * One concept, one key: the simulator prints the calculator's predictions
 * under the calculator's keys (fpr_exact, fpr_layout, m_reachable, p,
 * m_bits, ...).  Adding a key: an entry in calc/cli/output_keys.c (unit from the
 * units listed there).
 */
#ifndef BLOOMCALC_OUTPUT_KEYS_H
#define BLOOMCALC_OUTPUT_KEYS_H

#include <stddef.h>

typedef struct bloom_key {
    const char *name;      /* the key, e.g. "fpr_exact" */
    const char *unit;      /* the unit of its value, e.g. "probability", "bits", "—" (none) */
    const char *meaning;   /* one line */
} bloom_key;

/* The registry, in no particular order; bloom_key_count entries. */
extern const bloom_key bloom_keys[];
extern const size_t bloom_key_count;

/* The entry of `name`, or NULL when it is not registered. */
const bloom_key *bloom_key_find(const char *name);

#endif
