/*
 * lsm.h - read amplification of an LSM tree with L levels (or sorted runs),
 * each behind its own Bloom filter with false-positive rate p.
 *
 * Expected disk probes, exact by linearity of expectation:
 *   a lookup whose key is on the deepest level   1 + (L - 1) p   (L without filters)
 *   a lookup for an absent key                   L p             (L without filters)
 */
#ifndef BLOOMCALC_LSM_H
#define BLOOMCALC_LSM_H

#include "export.h"

#include "certified.h"

#ifdef __cplusplus
extern "C" {
#endif

/* rop = 1 + (L - 1) p, exactly. */
BLOOM_EXPORT void bloom_read_amplification_hit(mpq_ptr rop, unsigned long levels, mpq_srcptr p);

/* rop = L p, exactly. */
BLOOM_EXPORT void bloom_read_amplification_miss(mpq_ptr rop, unsigned long levels, mpq_srcptr p);

/* The same for a rate known only as a quantity (e.g. an achieved exact rate). */
typedef struct bloom_lsm_arguments {
    unsigned long levels;
    bloom_quantity rate;
} bloom_lsm_arguments;
BLOOM_EXPORT int bloom_enclose_read_amplification_hit(mpfi_ptr result, const void *arguments);
BLOOM_EXPORT int bloom_enclose_read_amplification_miss(mpfi_ptr result, const void *arguments);

#ifdef __cplusplus
}
#endif

#endif
