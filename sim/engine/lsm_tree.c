/*
 * lsm_tree.c - multi-level lookups on real filters (see lsm_tree.h for the model and
 * the expected costs it is compared with).
 *
 * Keys: trial t draws one inserted key stream; level i takes the indices
 * [s_i, s_i + n_i) with s_i the keys of the levels above it, so no key is
 * on two levels (the stream is a bijection of its index, keys.h).  Level i's
 * filter hashes with seed derive(derive(seed, HASH, t), LEVEL, i).  Hit
 * lookups pick a key of the target level uniformly with a SplitMix64
 * stream seeded from (seed, CHOICE, t) and Lemire's reduction; miss lookups
 * take the absent-key stream of trial t.  Counts are integers per block of
 * trials, added in block order: the result is independent of --threads.
 */
#include <stdlib.h>
#include <string.h>

#include "filter.h"
#include "hash.h"
#include "interrupt.h"
#include "keys.h"
#include "lsm_tree.h"
#include "ribbon_build.h"
#include "memory.h"
#include "random.h"

int sim_lsm_level_filtered(const sim_lsm_level *level)
{
    return level->hashes != 0 && level->bits != 0;
}

typedef struct run_context {
    const sim_lsm_config *config;
    sim_prober probers[SIM_LSM_MAX_LEVELS];   /* factored once; seeds set per trial */
    uint64_t first_key[SIM_LSM_MAX_LEVELS];
    sim_lsm_totals *slots;
} run_context;

typedef struct thread_scratch {
    sim_bit_filter filters[SIM_LSM_MAX_LEVELS];
    sim_ribbon ribbons[SIM_LSM_MAX_LEVELS];     /* the levels whose layout is a Ribbon */
    sim_prober probers[SIM_LSM_MAX_LEVELS];
    uint64_t *positions;
} thread_scratch;

/* Nonzero when level i's filter is a Ribbon (ribbon_build.h). */
static int level_is_ribbon(const sim_lsm_level *level)
{
    return level->layout != NULL && level->layout->kind == BLOOM_LAYOUT_RIBBON;
}

static uint64_t level_memory(const sim_lsm_level *level)
{
    return level_is_ribbon(level) ? sim_ribbon_memory(level->layout->slots) : sim_bit_filter_memory(level->bits);
}

static unsigned largest_hashes(const sim_lsm_config *config)
{
    unsigned largest = 1;
    for (unsigned i = 0; i < config->levels; i++)
        if (config->level[i].hashes > largest)
            largest = config->level[i].hashes;
    return largest;
}

uint64_t sim_lsm_memory(const sim_lsm_config *config)
{
    uint64_t per_thread = (uint64_t)largest_hashes(config) * sizeof(uint64_t) + sizeof(thread_scratch);
    for (unsigned i = 0; i < config->levels; i++)
        per_thread = sim_memory_add(per_thread, level_memory(&config->level[i]));
    uint64_t slots = sim_memory_multiply(sim_block_count(config->run.trials), sizeof(sim_lsm_totals));
    return sim_memory_add(sim_memory_multiply(per_thread, config->run.threads), slots);
}

static void end_thread(void *argument, void *scratch_pointer)
{
    const run_context *context = argument;
    thread_scratch *scratch = scratch_pointer;
    for (unsigned i = 0; i < context->config->levels; i++) {
        sim_bit_filter_free(&scratch->filters[i]);
        sim_ribbon_free(&scratch->ribbons[i]);
    }
    free(scratch->positions);
    free(scratch);
}

static void *start_thread(void *argument)
{
    const run_context *context = argument;
    const sim_lsm_config *config = context->config;
    thread_scratch *scratch = calloc(1, sizeof *scratch);
    if (scratch == NULL)
        return NULL;
    int failed = (scratch->positions = malloc(largest_hashes(config) * sizeof(uint64_t))) == NULL;
    for (unsigned i = 0; i < config->levels && !failed; i++) {
        const sim_lsm_level *level = &config->level[i];
        if (level_is_ribbon(level))
            failed = sim_ribbon_init(&scratch->ribbons[i], level->layout->slots, level->layout->ribbon_lower_columns,
                                     level->layout->ribbon_upper_start_block) != 0;
        else
            failed = sim_lsm_level_filtered(level) && sim_bit_filter_init(&scratch->filters[i], level->bits) != 0;
    }
    if (failed) {
        end_thread(argument, scratch);
        return NULL;
    }
    return scratch;
}

/* The positions of the key in level i's filter: its layout's, or the prober's. */
static void level_positions(const sim_lsm_level *level, thread_scratch *scratch, unsigned i,
                            const sim_key *key)
{
    if (level->layout != NULL && !sim_layout_uses_cursor(level->layout))
        sim_layout_positions(level->layout, &scratch->probers[i], key->bytes, key->length,
                             scratch->positions);
    else
        sim_prober_positions(&scratch->probers[i], key->bytes, key->length, scratch->positions);
}

/* Nonzero when level i's filter answers "maybe" for the key. */
static int level_says_maybe(const run_context *context, thread_scratch *scratch, unsigned i,
                            const sim_key *key)
{
    const sim_prober *prober = &scratch->probers[i];
    if (prober->hashes == 0)
        return 1;   /* a level without a filter is always read */
    if (level_is_ribbon(&context->config->level[i]))
        return sim_ribbon_has_key(&scratch->ribbons[i], prober, key);
    level_positions(&context->config->level[i], scratch, i, key);
    return sim_bit_filter_contains(&scratch->filters[i], scratch->positions, prober->hashes);
}

/* Builds every level of trial `trial`, adding the Ribbon levels' failed seeds to *retries.
 * Returns 0, or -1 if stopped (or a Ribbon level failed every seed). */
static int build_levels(const run_context *context, thread_scratch *scratch,
                        const sim_key_stream *inserted, uint64_t *retries)
{
    const sim_lsm_config *config = context->config;
    for (unsigned i = 0; i < config->levels; i++) {
        if (!sim_lsm_level_filtered(&config->level[i]))
            continue;
        if (level_is_ribbon(&config->level[i])) {
            if (sim_ribbon_build(&scratch->ribbons[i], &scratch->probers[i], inserted, context->first_key[i],
                                 config->level[i].keys, retries) != 0)
                return -1;
            continue;
        }
        sim_bit_filter_reset(&scratch->filters[i]);
        for (uint64_t j = 0; j < config->level[i].keys; j++) {
            if (j % SIM_INTERRUPT_POLL_INTERVAL == 0 && sim_interrupt_requested())
                return -1;
            sim_key key;
            sim_key_at(inserted, context->first_key[i] + j, &key);
            level_positions(&config->level[i], scratch, i, &key);
            sim_bit_filter_insert(&scratch->filters[i], scratch->positions, scratch->probers[i].hashes);
        }
    }
    return 0;
}

/* Probes of one hit lookup of a key of the target level. */
static uint64_t hit_probes(const run_context *context, thread_scratch *scratch, const sim_key *key,
                           uint64_t *false_negatives)
{
    unsigned target = context->config->target_level - 1;
    uint64_t probes = 1;
    for (unsigned i = 0; i < target; i++)
        probes += (uint64_t)level_says_maybe(context, scratch, i, key);
    *false_negatives += !level_says_maybe(context, scratch, target, key);
    return probes;
}

/* Probes of one miss lookup. */
static uint64_t miss_probes(const run_context *context, thread_scratch *scratch, const sim_key *key)
{
    uint64_t probes = 0;
    for (unsigned i = 0; i < context->config->levels; i++)
        probes += (uint64_t)level_says_maybe(context, scratch, i, key);
    return probes;
}

/* Runs trial `trial`, adding its counts to the slot of `block` (parallel.h). */
static void run_trial(void *argument, void *scratch_pointer, uint64_t trial, uint64_t block)
{
    const run_context *context = argument;
    thread_scratch *scratch = scratch_pointer;
    sim_lsm_totals *slot = &context->slots[block];
    const sim_lsm_config *config = context->config;
    uint64_t hash_seed = sim_derive_seed(config->run.seed, SIM_SEED_HASH, trial);
    for (unsigned i = 0; i < config->levels; i++) {
        scratch->probers[i] = context->probers[i];
        if (sim_lsm_level_filtered(&config->level[i]))
            sim_prober_set_seed(&scratch->probers[i], sim_derive_seed(hash_seed, SIM_SEED_LEVEL, i));
    }
    sim_key_stream inserted, absent;
    sim_key_stream_init(&inserted, SIM_KEYS_INSERTED,
                        sim_derive_seed(config->run.seed, SIM_SEED_INSERTED_KEYS, trial), NULL);
    sim_key_stream_init(&absent, SIM_KEYS_ABSENT,
                        sim_derive_seed(config->run.seed, SIM_SEED_QUERY_KEYS, trial), NULL);
    uint64_t retries = 0;
    if (build_levels(context, scratch, &inserted, &retries) != 0)
        return;
    uint64_t choice = sim_derive_seed(config->run.seed, SIM_SEED_CHOICE, trial);
    unsigned target = config->target_level - 1;
    uint64_t hit = 0, miss = 0, false_negatives = 0;
    for (uint64_t j = 0; j < config->lookups; j++) {
        if (j % SIM_INTERRUPT_POLL_INTERVAL == 0 && sim_interrupt_requested())
            return;
        uint64_t index = 0;
        while (!sim_reduce(sim_splitmix64_next(&choice), config->level[target].keys, &index)) {
            /* a surplus draw (probability < n/2^64): draw again */
        }
        sim_key key;
        sim_key_at(&inserted, context->first_key[target] + index, &key);
        hit += hit_probes(context, scratch, &key, &false_negatives);
        sim_key_at(&absent, j, &key);
        miss += miss_probes(context, scratch, &key);
    }
    slot->trials++;
    slot->lookups += config->lookups;
    slot->probes_hit += hit;
    slot->probes_miss += miss;
    slot->squares_hit += (unsigned __int128)hit * hit;
    slot->squares_miss += (unsigned __int128)miss * miss;
    slot->false_negatives += false_negatives;
    slot->ribbon_retries += retries;
}


void sim_lsm_totals_reduce(sim_lsm_totals *totals, const sim_lsm_totals *slots, uint64_t blocks,
                           uint64_t trials)
{
    memset(totals, 0, sizeof *totals);
    for (uint64_t block = 0; block < blocks; block++) {
        const sim_lsm_totals *slot = &slots[block];
        totals->trials += slot->trials;
        totals->lookups += slot->lookups;
        totals->probes_hit += slot->probes_hit;
        totals->probes_miss += slot->probes_miss;
        totals->squares_hit += slot->squares_hit;
        totals->squares_miss += slot->squares_miss;
        totals->false_negatives += slot->false_negatives;
        totals->ribbon_retries += slot->ribbon_retries;
    }
    totals->partial = totals->trials < trials;
}

int sim_lsm_run(const sim_lsm_config *config, sim_lsm_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    run_context *context = calloc(1, sizeof *context);
    uint64_t blocks = sim_block_count(config->run.trials);
    if (context == NULL || (context->slots = calloc(blocks, sizeof *context->slots)) == NULL) {
        free(context);
        return -1;
    }
    context->config = config;
    uint64_t first_key = 0;
    for (unsigned i = 0; i < config->levels; i++) {
        if (sim_lsm_level_filtered(&config->level[i]))
            sim_prober_init(&context->probers[i], config->scheme, config->hash_function,
                            sim_layout_probed_bits(config->level[i].layout, config->level[i].bits),
                            config->level[i].hashes, 0, config->guard);
        context->first_key[i] = first_key;
        first_key += config->level[i].keys;
    }
    sim_shard_selection selection;
    if (config->run.shard != NULL)
        selection = *config->run.shard;
    else
        sim_shard_select_whole(&selection, config->run.trials, config->lookups);
    sim_parallel_job job = { config->run.trials, config->run.threads, context, start_thread, end_thread, run_trial,
                             config->run.progress, config->run.progress_context, selection.first_block,
                             selection.end_block };
    int status = sim_parallel_run(&job);
    uint64_t first_trial = 0;
    sim_lsm_totals_reduce(totals, context->slots + selection.first_block,
                          selection.end_block - selection.first_block,
                          sim_shard_trials(&selection, config->run.trials, &first_trial));
    for (uint64_t block = selection.first_block; selection.sink != NULL && block < selection.end_block; block++)
        selection.sink(selection.sink_context, block, &context->slots[block]);
    free(context->slots);
    free(context);
    return status;
}
