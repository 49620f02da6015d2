/*
 * bloomcalc.h - the whole public API of libbloomcalc in one include:
 *
 *     #include <bloomcalc/bloomcalc.h>
 *     cc prog.c $(pkg-config --cflags --libs bloomcalc)
 *
 * Each header below documents its functions.  Conventions are MPFR's:
 * result first, inputs next, rounding mode last; functions return a
 * bloom_status (certified.h) or, for correctly rounded results, MPFR's
 * ternary value.  Real quantities are certified: computed as MPFI interval
 * enclosures whose working precision is raised until the requested
 * rounding is decided (Ziv's strategy: calc/FORMULAS.md §i in the source
 * distribution; every formula's derivation is in that file).  The manual page bloomcalc(3) has an
 * example.  The library never prints, never exits and keeps no mutable
 * global state: what it keeps between calls is the calling thread's own
 * (thread-local, as MPFR's caches are: mpfr_free_cache() releases those),
 * the last Guava mixtures (index_arithmetic.h; bloom_guava_free_cache()
 * releases them), the last exact rates and the Stirling numbers of their
 * weights (fpr.h; bloom_fpr_free_cache()) and
 * the precision limit (certified.h), so threads may
 * call it at once on their own arguments.  It exports exactly what these
 * headers declare (export.h).
 */
#ifndef BLOOMCALC_BLOOMCALC_H
#define BLOOMCALC_BLOOMCALC_H

#include "bloom_limits.h"
#include "certified.h"
#include "convergence.h"
#include "deployment.h"
#include "export.h"
#include "fpr.h"
#include "growth.h"
#include "hash_width.h"
#include "index_arithmetic.h"
#include "layout_rates.h"
#include "layouts.h"
#include "library_rules.h"
#include "lsm.h"
#include "manifest.h"
#include "monkey.h"
#include "numbers.h"
#include "partitions.h"
#include "plan.h"
#include "rate_curve.h"
#include "ribbon.h"
#include "rocksdb_legacy.h"
#include "sizes.h"
#include "sizing.h"
#include "structures.h"
#include "table_file.h"
#include "version.h"

#endif
