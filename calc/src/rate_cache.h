/*
 * rate_cache.h - internal (not installed): the exact rates of fpr.c and of
 * Guava's index arithmetic (index_arithmetic.c) already enclosed, kept so
 * that asking again costs a lookup.
 *
 * The same exact rate is asked for many times in one run: a converge row
 * needs it for the rate, both relative errors, both scaled errors and the
 * slopes of this row and the next, each refined at growing precision; the
 * sub-filters of a grown filter that share m and n search the same k; a
 * plan compares the same filter against several targets; a blocked filter's
 * searches for the keys within 2p and 10p start from the same filter and
 * its fields ask for it again.  Each enclosure
 * costs O(j^2) operations at about j log2(2/f) bits (fpr.c), or one power
 * for each of the thousands of terms of Guava's mixture, a lookup a few
 * integer comparisons.  An enclosure kept at a precision at least the one
 * asked for, rounded outward to it, still contains the rate, and every
 * answer drawn from an enclosure is certified, so no printed digit depends
 * on whether the rate came from here.
 */
#ifndef BLOOMCALC_RATE_CACHE_H
#define BLOOMCALC_RATE_CACHE_H

#include <gmp.h>
#include <mpfi.h>

#include "fpr.h"

/* Which rate of a filter an entry holds: the same arguments give both. */
typedef enum bloom_rate_kind {
    BLOOM_RATE_EXACT,   /* independent uniform probes (fpr.c) */
    BLOOM_RATE_GUAVA,   /* Guava's index arithmetic (index_arithmetic.c) */
    BLOOM_RATE_GUAVA_QUICK,  /* its quick binary64 enclosure, kept apart (index_arithmetic.c) */
    BLOOM_RATE_BLOCKED_BINOMIAL,   /* a blocked filter's exact inner rate (layout_rates.c), */
    BLOOM_RATE_BLOCKED_POISSON,    /* keyed with the block's bits as the query's probes */
    BLOOM_RATE_MODULO_2_32,        /* probes of 32-bit values reduced modulo m (fpr.c) */
    BLOOM_RATE_ROCKSDB_LEGACY      /* RocksDB's legacy Bloom filter (rocksdb_legacy.c) */
} bloom_rate_kind;

/* 1 and result = the kept enclosure of the rate of `arguments` when one is
 * kept at result's precision or more; else 0 and *kept = the precision of
 * a coarser one (0 when none). */
int bloom_rate_cache_find(mpfi_ptr result, mpfr_prec_t *kept, bloom_rate_kind kind,
                          const bloom_fpr_arguments *arguments);

/* Keeps `rate`, an enclosure of the rate of `arguments`, replacing a coarser one. */
void bloom_rate_cache_keep(mpfi_srcptr rate, bloom_rate_kind kind, const bloom_fpr_arguments *arguments);

/* The precision to enclose a rate at, asked at `asked` with one kept at `kept`
 * (0: none): a refinement asks again at a higher precision, so at twice the
 * kept one, that the refinement's next request finds it. */
mpfr_prec_t bloom_rate_cache_precision(mpfr_prec_t asked, mpfr_prec_t kept);

#endif
