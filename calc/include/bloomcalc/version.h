/*
 * version.h - the version of libbloomcalc, at compile time and at run time.
 *
 * BLOOMCALC_VERSION_MAJOR, _MINOR and _PATCH are those of the headers a
 * program was compiled with; bloomcalc_get_version() returns the version
 * of the library it runs with, so a program can check that the two agree
 * (as with GMP's __GNU_MP_VERSION and gmp_version, or MPFR's
 * MPFR_VERSION_STRING and mpfr_get_version()).  The shared library's
 * soname changes with the major version: a program built against 0.x runs
 * with any 0.y library, y >= x.
 */
#ifndef BLOOMCALC_VERSION_H
#define BLOOMCALC_VERSION_H

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BLOOMCALC_VERSION_MAJOR 0
#define BLOOMCALC_VERSION_MINOR 1
#define BLOOMCALC_VERSION_PATCH 0

#define BLOOMCALC_VERSION_QUOTE_(x) #x
#define BLOOMCALC_VERSION_QUOTE(x) BLOOMCALC_VERSION_QUOTE_(x)
/* "0.1.0" */
#define BLOOMCALC_VERSION_STRING                                                    \
    BLOOMCALC_VERSION_QUOTE(BLOOMCALC_VERSION_MAJOR) "." BLOOMCALC_VERSION_QUOTE(  \
        BLOOMCALC_VERSION_MINOR) "." BLOOMCALC_VERSION_QUOTE(BLOOMCALC_VERSION_PATCH)

/* One number that grows with every release: (major << 16) | (minor << 8) | patch. */
#define BLOOMCALC_VERSION_NUMBER                                                    \
    ((BLOOMCALC_VERSION_MAJOR << 16) | (BLOOMCALC_VERSION_MINOR << 8) | BLOOMCALC_VERSION_PATCH)

/* The version of the library linked at run time, as "MAJOR.MINOR.PATCH". */
BLOOM_EXPORT const char *bloomcalc_get_version(void);

#ifdef __cplusplus
}
#endif

#endif
