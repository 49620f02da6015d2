/*
 * version.c - the run-time version of libbloomcalc (version.h): the
 * version the library itself was compiled with, which may differ from the
 * headers a program was compiled with.
 */
#include "version.h"

const char *bloomcalc_get_version(void)
{
    return BLOOMCALC_VERSION_STRING;
}
