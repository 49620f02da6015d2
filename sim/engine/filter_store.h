/*
 * filter_store.h - where a large filter's bits may be kept between runs:
 * every shard of a run split by queries needs the same filter
 * of each trial, and reading its bits from a file written once is much
 * faster than building them again (sim/SCALE-OUT.md, --filter-file).  The bulk engine asks the store
 * for a trial's filter before building it and gives it the filter it
 * built; the store decides where the bits live (sim/shard/filter_file.h).
 * A filter read back is bit for bit the one built, so no count changes.
 */
#ifndef BLOOMSIM_FILTER_STORE_H
#define BLOOMSIM_FILTER_STORE_H

#include <stdint.h>

#include "filter.h"

typedef struct sim_filter_store {
    /* fills filter's words with trial `trial`'s filter; 0 when it did, -1
     * when it has none (the filter's words may then hold anything) */
    int (*load)(void *context, uint64_t trial, sim_bit_filter *filter);
    /* keeps trial `trial`'s filter, as built (failures are the store's to report) */
    void (*save)(void *context, uint64_t trial, const sim_bit_filter *filter);
    void *context;
} sim_filter_store;

#endif
