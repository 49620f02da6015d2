/*
 * rate_cache.h - internal (not installed): the exact rates of fpr.c
 * already enclosed, kept so that asking again costs a lookup.
 *
 * The same exact rate is asked for many times in one run: a converge row
 * needs it for the rate, both relative errors, both scaled errors and the
 * slopes of this row and the next, each refined at growing precision; the
 * sub-filters of a grown filter that share m and n search the same k; a
 * plan compares the same filter against several targets.  Each enclosure
 * costs O(j^2) operations at about j log2(2/f) bits (fpr.c), a lookup a few
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

/* 1 and result = the kept enclosure of the rate of `arguments` when one is
 * kept at result's precision or more; else 0 and *kept = the precision of
 * a coarser one (0 when none). */
int bloom_rate_cache_find(mpfi_ptr result, mpfr_prec_t *kept, const bloom_fpr_arguments *arguments);

/* Keeps `rate`, an enclosure of the rate of `arguments`, replacing a coarser one. */
void bloom_rate_cache_keep(mpfi_srcptr rate, const bloom_fpr_arguments *arguments);

#endif
