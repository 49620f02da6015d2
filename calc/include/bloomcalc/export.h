/*
 * export.h - the public line of libbloomcalc.
 *
 * The library is compiled with -fvisibility=hidden, so its shared object
 * exports exactly the functions and data that the installed headers declare
 * with BLOOM_EXPORT, and nothing else: the helpers that calc/src shares
 * between its own files (calc/src/fill.h, fpr_forms.h) stay internal, and a
 * program cannot come to depend on them.  tests/cli_public_line.sh compares
 * the shared object's dynamic symbols with these declarations.
 */
#ifndef BLOOMCALC_EXPORT_H
#define BLOOMCALC_EXPORT_H

/* Macros only; the guards keep the header's shape the same as the others'. */
#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define BLOOM_EXPORT __attribute__((visibility("default")))
#else
#define BLOOM_EXPORT
#endif

#ifdef __cplusplus
}
#endif

#endif
