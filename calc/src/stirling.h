/*
 * stirling.h - internal (not installed): the Stirling numbers of the
 * second kind S(j, i), kept per thread (stirling.c).
 */
#ifndef BLOOMCALC_STIRLING_H
#define BLOOMCALC_STIRLING_H

#include <gmp.h>

/* S(j, 0), ..., S(j, j): valid until the next call or bloom_stirling_free_cache on this thread. */
const __mpz_struct *bloom_stirling_row(unsigned long j);

/* Frees the calling thread's rows. */
void bloom_stirling_free_cache(void);

#endif
