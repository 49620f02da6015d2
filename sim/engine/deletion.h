/*
 * deletion.h - deleting a key from a Bloom filter, done wrong and done
 * right.
 *
 * Each trial inserts n keys into a plain filter and into a counting filter
 * (counting.h) of the same m and probes, then deletes one key from both:
 * the most-shared key, the one whose probed positions are also probed by
 * the most other keys (as the seeds' simulation does, to show the damage),
 * ties going to the first.  The plain filter's naive delete clears the
 * key's bits; every other key that probed one of them now reads "absent"
 * (a false negative, which a Bloom filter must never produce).  The
 * counting filter decrements instead and keeps every other key.  Both are
 * then asked for all n - 1 remaining keys, and the false negatives counted.
 */
#ifndef BLOOMSIM_DELETION_H
#define BLOOMSIM_DELETION_H

#include <stdint.h>

#include "probes.h"

typedef struct sim_deletion_config {
    uint64_t bits;            /* m >= 1 */
    uint64_t keys;            /* n >= 2 */
    unsigned hashes;          /* k >= 1 */
    sim_probe_scheme scheme;
    sim_hash_function hash_function;
    int guard;
    unsigned counter_bits;
    uint64_t seed;
    uint64_t trials;
} sim_deletion_config;

typedef struct sim_deletion_totals {
    uint64_t trials;                     /* complete trials */
    uint64_t keys_checked;               /* remaining keys queried in each filter */
    uint64_t naive_false_negatives;      /* in the plain filter after the naive delete */
    uint64_t trials_with_false_negatives;
    uint64_t counting_false_negatives;   /* in the counting filter (0 unless overflow) */
    uint64_t shared_probes;              /* other keys' probes on the deleted keys' positions */
    uint64_t counter_overflows;
    int partial;
} sim_deletion_totals;

/* Bytes a run allocates (probes of every key, occupancy counts, both filters). */
uint64_t sim_deletion_memory(const sim_deletion_config *config);

/* Runs the trials on the calling thread.  Returns 0, or -1 when memory is short. */
int sim_deletion_run(const sim_deletion_config *config, sim_deletion_totals *totals);

/*
 * The index of the most-shared key among `keys` keys whose probes are
 * positions[key * hashes + i]; `occupancy[p]` counts the probes of all keys
 * on position p.  A key's score is the sum over its distinct positions of
 * the probes of other keys there.  Stores the winner's score in *score.
 */
uint64_t sim_most_shared_key(const uint64_t *positions, uint64_t keys, unsigned hashes,
                             const uint32_t *occupancy, uint64_t *score);

#endif
