/*
 * memory_fields.h - a filter's memory as output fields, in the same keys
 * wherever it is printed: m_bits, bytes, gigabytes (GB, 10^9 bytes) and
 * gibibytes (GiB, 2^30 bytes).  Whole numbers are exact, GB and GiB exact
 * rationals (printed exactly when they terminate within the digits).
 */
#ifndef BLOOMCALC_MEMORY_FIELDS_H
#define BLOOMCALC_MEMORY_FIELDS_H

#include "fields.h"

/* The table labels of m_bits, bytes, gigabytes and gibibytes: they say
 * what the total counts where a command prints more than one total. */
typedef struct bloom_memory_labels {
    const char *bits, *bytes, *gigabytes, *gibibytes;
} bloom_memory_labels;

/* "total bits m", "memory", "memory (SI)", "memory (IEC)": one filter's. */
extern const bloom_memory_labels bloom_filter_memory_labels;

/* Appends gigabytes and gibibytes for `bytes`. */
void bloom_fields_memory_units(bloom_fields *fields, mpz_srcptr bytes);

/*
 * Appends the memory of n keys at a certified `bits_per_key`: m_bits =
 * ceil(n x bits per key), bytes = ceil(m_bits / 8), gigabytes, gibibytes.
 * A ceiling that cannot be certified records its status in fields->status.
 */
void bloom_fields_total_memory(bloom_fields *fields, mpz_srcptr n, const bloom_quantity *bits_per_key);

/* The same under `labels`. */
void bloom_fields_total_memory_labelled(bloom_fields *fields, mpz_srcptr n, const bloom_quantity *bits_per_key,
                                        const bloom_memory_labels *labels);

#endif
