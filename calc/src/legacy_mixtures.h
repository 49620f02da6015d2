/*
 * legacy_mixtures.h - internal (not installed): freeing the inclusion-
 * exclusion mixtures rocksdb_legacy.c keeps, one per k, for the calling
 * thread (bloom_fpr_free_cache, fpr.h, frees them with the kept rates).
 */
#ifndef BLOOMCALC_LEGACY_MIXTURES_H
#define BLOOMCALC_LEGACY_MIXTURES_H

void bloom_rocksdb_legacy_free_cache(void);

#endif
