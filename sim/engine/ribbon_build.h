/*
 * ribbon_build.h - one Ribbon filter (sim/filter/ribbon_filter.h) built from
 * a range of a key stream, as RocksDB builds its Standard128Ribbon: the
 * keys are banded under the filter's hash seed and, when the banding fails
 * (an unsolvable system, RocksDB's one in 20 or fewer), all over again
 * under the next seed, at most SIM_RIBBON_MOST_SEEDS times (RocksDB then
 * builds its Bloom filter instead).  Shared by the rate harness (harness.c)
 * and the LSM tree (lsm_tree.c).
 */
#ifndef BLOOMSIM_RIBBON_BUILD_H
#define BLOOMSIM_RIBBON_BUILD_H

#include <stdint.h>

#include "keys.h"
#include "probes.h"
#include "ribbon_filter.h"

#define SIM_RIBBON_MOST_SEEDS 256

/*
 * Bands keys first .. first + count - 1 of `keys` into `ribbon` and solves
 * it.  Attempt a uses the hash seed s0 + a 0x9e3779b97f4a7c15 (s0: the
 * prober's seed on entry; the prober keeps the seed that succeeded, so its
 * queries use it); *retries counts the failed attempts.  Returns 0, -1 if
 * a stop was requested (interrupt.h), or -2 when every seed failed.
 */
int sim_ribbon_build(sim_ribbon *ribbon, sim_prober *prober, const sim_key_stream *keys, uint64_t first,
                     uint64_t count, uint64_t *retries);

/* Nonzero when the solved Ribbon answers "maybe present" for the key (under the prober's seed). */
int sim_ribbon_has_key(const sim_ribbon *ribbon, const sim_prober *prober, const sim_key *key);

#endif
