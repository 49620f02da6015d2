/*
 * bulk.h - building and querying ONE large Bloom filter of any layout
 * (standard, partitioned, blocked, split block: key_probes.h) with every
 * thread at once, fast (a billion-key filter in minutes, every layout at
 * memory speed).
 *
 * The per-trial harness gives each thread its own filter, which is right
 * for many small filters and wrong for one filter of 1.2 GB: one thread
 * would do all the work, waiting on DRAM for every probe.  Here the
 * threads of a team (parallel.h) share the filter:
 *
 *   build   partitioned: each chunk of keys has its probes computed and
 *           sorted into per-region buckets, then each region of the filter
 *           is written by exactly one thread while it sits in that core's
 *           cache (no atomics, no locks);
 *   query   read-only and interleaved: each thread keeps a window of keys
 *           in flight, prefetches every key's next probe (a block layout:
 *           the key's block, once) and tests it only once the line has had
 *           time to arrive, stopping a key at its first clear bit.
 *
 * Both compute exactly what the straightforward loop computes: the same
 * keys, the same positions (key_probes.h, equal to layout_filters.h's),
 * hence the same filter bits (OR is
 * commutative and idempotent, so the order of the writes does not matter)
 * and the same number of positive answers (a count does not depend on
 * the order in which keys are asked).  The thread count, the buffer size
 * and the window change the speed only; the tests check the counts
 * against the straightforward loop for several of each.
 */
#ifndef BLOOMSIM_BULK_H
#define BLOOMSIM_BULK_H

#include <stdint.h>

#include "filter.h"
#include "keys.h"
#include "sim_limits.h"
#include "key_probes.h"
#include "parallel.h"

/* The harness uses this engine for plain bit filters of at least this size
 * (larger than a core's share of the last-level cache). */
#define SIM_BULK_MIN_FILTER_BYTES ((uint64_t)8 << 20)

/* A region of the filter: 2^21 bits = 256 KiB, a quarter of a core's L2
 * (larger when the filter has more than 1024 of them, bulk.c). */
#define SIM_BULK_REGION_SHIFT 21U

/* Keys in flight per thread while querying.  32: a scattered query waits
 * on one random line at a time, so twice the 16 keys of the first engine keeps
 * twice as many misses in flight; a block layout's queries, which wait
 * on nothing after the first line, gain nothing and lose nothing by it
 * (PERFORMANCE.md §l.2). */
#define SIM_BULK_DEFAULT_WINDOW 32U
/* (at most SIM_BULK_MAX_WINDOW, bloom_limits.h) */

/* Progress within one build or query: `report` (parallel.h) is called on
 * the calling thread after each chunk of keys with done + the keys handled
 * so far, out of total (the caller's units: keys of the whole run). */
typedef struct sim_bulk_progress {
    sim_progress_function report;
    void *context;
    uint64_t done;
    uint64_t total;
} sim_bulk_progress;

/* How the work is run; none of it changes a result. */
typedef struct sim_bulk_options {
    unsigned threads;          /* team size, >= 1 */
    uint64_t buffer_bytes;     /* probe buckets of the build, all threads together */
    unsigned window;           /* keys in flight per thread (1..SIM_BULK_MAX_WINDOW) */
    unsigned region_shift;     /* build: regions of 2^region_shift bits (9..32); 0, the default:
                                  SIM_BULK_REGION_SHIFT, larger for filters of over 1024 such regions
                                  (4096 for scattered batched keys, bulk.c choose_region_shift) */
    const sim_bulk_progress *progress;   /* NULL (the default) for none */
} sim_bulk_options;

/* Most bytes the build's probe buckets take, all threads together: 1/8
 * of the filter (SIM_BULK_BUFFER_SHARE), or SIM_BULK_SMALL_BUFFER_BYTES
 * when that is more (filters below 1 GiB).  A large filter's run then
 * needs little more than the filter itself (1.2 GB filter: about 1.13
 * times its bytes), and the buckets, reused by every chunk of keys, are
 * unmapped before the queries.  Buckets of a fixed size would make the
 * build's passes over the filter grow with n, its traffic with n^2
 * (PERFORMANCE.md §l.13); a fixed share keeps the passes constant. */
#define SIM_BULK_BUFFER_SHARE 8U
#define SIM_BULK_SMALL_BUFFER_BYTES ((uint64_t)128 << 20)

/* The bucket bytes a filter of `bits` bits may take at most (above). */
uint64_t sim_bulk_most_buffer_bytes(uint64_t bits);

/* The least options for a filter of `bits` bits: buffers of 1/16 of the
 * filter (at least 1 MiB, at most sim_bulk_most_buffer_bytes),
 * SIM_BULK_DEFAULT_WINDOW keys in flight. */
void sim_bulk_default_options(sim_bulk_options *options, uint64_t bits, unsigned threads);

/* The options a run uses: the default ones with buffers of 1/2 or else 1/4
 * of the filter (at most sim_bulk_most_buffer_bytes) when the memory
 * budget (memory.h) has room for the filter and them (fewer passes of the
 * build over DRAM; the counts are the same).  Memory checks count these. */
void sim_bulk_fast_options(sim_bulk_options *options, uint64_t bits, unsigned threads);

/* Bytes the engine allocates besides the filter with these options
 * (buckets, their fill counts and stages, overflow reserve, windows). */
uint64_t sim_bulk_memory(const sim_bulk_options *options);

/* Bytes a scattered probe of a batched source takes in the build's
 * buckets for a filter of `bits` bits: its offset in its region packed
 * into a 64-byte line with the others (64 / 24 bytes in regions of 2^21
 * bits, 64 / 21 in regions of 2^24), or one 32-bit word when the regions
 * are too large for that (PERFORMANCE.md §l.14).  A chunk of the build
 * holds about buffer_bytes / this many probes. */
double sim_bulk_probe_bytes(uint64_t bits, const sim_bulk_options *options);

/*
 * Inserts keys 0..count-1 of `keys` into `filter` (positions from
 * `probes`, key_probes.h, whose positions lie below the filter's m).  Returns 0, 1 when stopped by a requested
 * interrupt (the filter is then incomplete), or -1 when memory ran short.
 */
int sim_bulk_build(sim_bit_filter *filter, const sim_key_probes *probes, const sim_key_stream *keys,
                   uint64_t count, const sim_bulk_options *options);

/*
 * Asks the filter keys 0..count-1 of `keys` and returns how many it
 * answered "maybe present" (all k bits set).  *asked receives the number
 * of keys asked: count, or fewer when stopped by an interrupt.  On a
 * memory shortage it returns 0 with *asked = 0.
 */
uint64_t sim_bulk_count_maybe(const sim_bit_filter *filter, const sim_key_probes *probes,
                              const sim_key_stream *keys, uint64_t count,
                              const sim_bulk_options *options, uint64_t *asked);

#endif
