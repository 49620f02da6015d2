/*
 * shard_check.h - whether the counts of a shard file's blocks can have come
 * from the trials its header describes.  The checksum (shard_file.h) tells
 * an edited or damaged file from the one the shard wrote; these bounds
 * refuse an impossible block even when someone recomputed the checksum, so
 * that a merge never prints counts no run can produce.
 *
 * A block of t trials, each asking q queries (the run's Q, or the shard's
 * range of each trial's queries when the run is split by queries; lookups
 * for lsm), every trial complete (the reader checked trials = t):
 *
 *   per-trial counts x_1..x_t, each a whole number in [lo, hi], stored as
 *   S = sum x_i and S2 = sum x_i^2: t lo <= S <= t hi, S2 between the
 *   least and the most sum of squares of such numbers adding up to S
 *   (sim_squares_bounds), and S2 = S mod 2, since x^2 - x = x (x - 1) is
 *   even;
 *   fpr   queries = t q; false positives x_i in [0, q]; no incomplete
 *         counts (a trial cut short is not a complete one);
 *         false_negatives <= members_checked, both 0 in a query shard
 *         other than the first (the first alone asks the members); the
 *         occupancy powers p = (X/m)^k lie in [0, 1], so their rounded
 *         sum lies in [0, t] and the rounded sum of the rounded p^2 in
 *         [0, that sum] (fl(p^2) <= p, and rounding keeps the order of
 *         sums term by term), and both are 0 when no bit is set (X = 0);
 *   lsm   lookups = t q; a hit lookup reads 1 to SIM_LSM_MAX_LEVELS levels
 *         and a miss 0 to SIM_LSM_MAX_LEVELS, so the per-trial probes lie
 *         in [q, q L] and [0, q L] with L = SIM_LSM_MAX_LEVELS;
 *         false_negatives <= lookups;
 *   grow  queries = t q; false positives x_i in [0, q];
 *         false_negatives <= members_checked.
 *
 * The set bits, counter overflows and Ribbon retries depend on options the
 * file holds only as text (the filter's size, counters, layout), so no
 * bound is put on them here; a query shard's filter counts are compared
 * between shards by the merge.
 */
#ifndef BLOOMSIM_SHARD_CHECK_H
#define BLOOMSIM_SHARD_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "shard_file.h"

/*
 * The least and the most sum of x_i^2 over `count` whole numbers x_i in
 * [low, high] adding up to `sum`, into *least and *most (both at most
 * sum^2 < 2^128).  Returns 0, or -1 when there are no such numbers (low >
 * high, or sum outside [count low, count high]).  The least spreads the
 * sum evenly (the x_i differ by at most one), the most puts as many x_i at
 * high as the sum allows.
 */
int sim_squares_bounds(uint64_t count, uint64_t low, uint64_t high, uint64_t sum, unsigned __int128 *least,
                       unsigned __int128 *most);

/* Nonzero when `squares` can be sum x_i^2 of such numbers: within the
 * bounds, and of the parity of `sum`. */
int sim_squares_possible(uint64_t count, uint64_t low, uint64_t high, uint64_t sum, unsigned __int128 squares);

/* Why block `index` (0-based, of file->slot_count) of a file read by
 * sim_shard_file_read and holding its shard's ranges cannot have come from
 * its trials, or NULL when it can. */
const char *sim_shard_block_impossible(const sim_shard_file *file, size_t index);

/* 0 when every block of `file` can have come from its trials, else -1
 * after "NAME block B: impossible counts: REASON" in error[]. */
int sim_shard_file_check_blocks(const sim_shard_file *file, char *error, size_t error_size);

#endif
