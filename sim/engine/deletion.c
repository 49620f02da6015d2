/*
 * deletion.c - naive delete against counting delete (see deletion.h).
 *
 * Why the naive delete fails, exactly: if another key y probed a position
 * p of the deleted key x, clearing p makes y's query read a zero at p, so
 * y is denied; hence the plain filter has a false negative in a trial if
 * and only if x shares at least one position with another key.  Why the
 * counting delete is right: each counter holds the number of probes of
 * inserted keys on it (until it saturates, counting.h), so after removing
 * x's probes every counter still counts the other keys' probes, and is
 * nonzero wherever one of them probed.
 *
 * Keys and seeds follow the harness (trial t: hash seed and key stream
 * derived from (seed, t)), so a deletion trial and an fpr trial with the
 * same seed build the same filter.
 */
#include <stdlib.h>
#include <string.h>

#include "counting.h"
#include "deletion.h"
#include "filter.h"
#include "interrupt.h"
#include "keys.h"
#include "memory.h"
#include "random.h"

uint64_t sim_deletion_memory(const sim_deletion_config *config)
{
    uint64_t probes = sim_memory_multiply(sim_memory_multiply(config->keys, config->hashes),
                                          sizeof(uint64_t));
    uint64_t occupancy = sim_memory_multiply(config->bits, sizeof(uint32_t));
    return sim_memory_add(sim_memory_add(probes, occupancy),
                          sim_memory_add(sim_bit_filter_memory(config->bits),
                                         sim_counting_filter_memory(config->bits, config->counter_bits)));
}

/* Nonzero when positions[index] already appeared in positions[0..index-1]. */
static int seen_before(const uint64_t *positions, unsigned index)
{
    for (unsigned i = 0; i < index; i++)
        if (positions[i] == positions[index])
            return 1;
    return 0;
}

/* Probes of other keys on the distinct positions of positions[0..hashes-1]. */
static uint64_t sharing_score(const uint64_t *positions, unsigned hashes, const uint32_t *occupancy)
{
    uint64_t score = 0;
    for (unsigned i = 0; i < hashes; i++) {
        if (seen_before(positions, i))
            continue;
        unsigned own = 0;
        for (unsigned j = 0; j < hashes; j++)
            own += positions[j] == positions[i];
        score += occupancy[positions[i]] - own;
    }
    return score;
}

uint64_t sim_most_shared_key(const uint64_t *positions, uint64_t keys, unsigned hashes,
                             const uint32_t *occupancy, uint64_t *score)
{
    uint64_t best = 0;
    *score = 0;
    for (uint64_t key = 0; key < keys; key++) {
        uint64_t candidate = sharing_score(positions + key * hashes, hashes, occupancy);
        if (key == 0 || candidate > *score) {
            best = key;
            *score = candidate;
        }
    }
    return best;
}

typedef struct trial_state {
    uint64_t *positions;
    uint32_t *occupancy;
    sim_bit_filter plain;
    sim_counting_filter counting;
} trial_state;

/* Inserts every key of trial `trial` into both filters.  Returns -1 if stopped. */
static int insert_keys(const sim_deletion_config *config, trial_state *state, uint64_t trial)
{
    sim_prober prober;
    sim_prober_init(&prober, config->scheme, config->hash_function, config->bits, config->hashes,
                    sim_derive_seed(config->seed, SIM_SEED_HASH, trial), config->guard);
    sim_key_stream inserted;
    sim_key_stream_init(&inserted, SIM_KEYS_INSERTED,
                        sim_derive_seed(config->seed, SIM_SEED_INSERTED_KEYS, trial), NULL);
    sim_bit_filter_reset(&state->plain);
    sim_counting_filter_reset(&state->counting);
    memset(state->occupancy, 0, config->bits * sizeof *state->occupancy);
    for (uint64_t i = 0; i < config->keys; i++) {
        if (i % SIM_INTERRUPT_POLL_INTERVAL == 0 && sim_interrupt_requested())
            return -1;
        sim_key key;
        uint64_t *positions = state->positions + i * config->hashes;
        sim_key_at(&inserted, i, &key);
        sim_prober_positions(&prober, key.bytes, key.length, positions);
        sim_bit_filter_insert(&state->plain, positions, config->hashes);
        sim_counting_filter_insert(&state->counting, positions, config->hashes);
        for (unsigned j = 0; j < config->hashes; j++)
            state->occupancy[positions[j]]++;
    }
    return 0;
}

static void run_trial(const sim_deletion_config *config, trial_state *state, uint64_t trial,
                      sim_deletion_totals *totals)
{
    if (insert_keys(config, state, trial) != 0)
        return;
    uint64_t shared = 0;
    uint64_t victim = sim_most_shared_key(state->positions, config->keys, config->hashes,
                                          state->occupancy, &shared);
    const uint64_t *victim_positions = state->positions + victim * config->hashes;
    sim_bit_filter_remove_naive(&state->plain, victim_positions, config->hashes);
    sim_counting_filter_remove(&state->counting, victim_positions, config->hashes);
    uint64_t naive = 0, counting = 0;
    for (uint64_t i = 0; i < config->keys; i++) {
        if (i == victim)
            continue;
        const uint64_t *positions = state->positions + i * config->hashes;
        naive += !sim_bit_filter_contains(&state->plain, positions, config->hashes);
        counting += !sim_counting_filter_contains(&state->counting, positions, config->hashes);
    }
    totals->trials++;
    totals->keys_checked += config->keys - 1;
    totals->naive_false_negatives += naive;
    totals->trials_with_false_negatives += naive > 0;
    totals->counting_false_negatives += counting;
    totals->shared_probes += shared;
    totals->counter_overflows += state->counting.overflows;
}

int sim_deletion_run(const sim_deletion_config *config, sim_deletion_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    trial_state state;
    memset(&state, 0, sizeof state);
    state.positions = malloc(config->keys * config->hashes * sizeof *state.positions);
    state.occupancy = malloc(config->bits * sizeof *state.occupancy);
    int status = (state.positions == NULL || state.occupancy == NULL
                  || sim_bit_filter_init(&state.plain, config->bits) != 0
                  || sim_counting_filter_init(&state.counting, config->bits, config->counter_bits) != 0)
        ? -1 : 0;
    for (uint64_t trial = 0; status == 0 && trial < config->trials && !sim_interrupt_requested(); trial++)
        run_trial(config, &state, trial, totals);
    totals->partial = totals->trials < config->trials;
    free(state.positions);
    free(state.occupancy);
    sim_bit_filter_free(&state.plain);
    sim_counting_filter_free(&state.counting);
    return status;
}
