/*
 * scalable.c - trials of a scalable Bloom filter (scalable.h; Almeida et
 * al., IPL 2007) and its exact compound rate.
 *
 * Trial t: sub-filter i gets the hash seed derived from (seed, t, i); the
 * trial's inserted keys 0..n-1 fill the sub-filters in order (keys_i each,
 * calc/include/bloomcalc/growth.h); every inserted key is then asked (a false negative
 * would be a bug) and Q absent keys, each positive when some sub-filter
 * has all its k_i bits set.  Counts are integers per block of trials
 * (parallel.h), so the output does not depend on --threads.
 *
 * Compound rate: with independent sub-filters, an absent key is negative
 * when every sub-filter denies it, 1 - prod (1 - P_i), computed in
 * interval arithmetic as 1 - exp(sum log1p(-P_i)), each P_i enclosed by
 * calc's exact rate (fpr.h).
 */
#include <stdlib.h>
#include <string.h>

#include "filter.h"
#include "interrupt.h"
#include "keys.h"
#include "memory.h"
#include "random.h"
#include "scalable.h"

typedef struct run_context {
    const sim_scalable_config *config;
    sim_prober *probers;           /* per sub-filter, factored once */
    sim_scalable_totals *slots;
} run_context;

typedef struct thread_scratch {
    sim_prober *probers;
    sim_bit_filter *filters;
    uint64_t *positions;
    size_t filters_ready;
} thread_scratch;

static unsigned largest_hashes(const sim_scalable_config *config)
{
    unsigned largest = 1;
    for (size_t i = 0; i < config->filters; i++)
        largest = config->subfilter[i].hashes > largest ? config->subfilter[i].hashes : largest;
    return largest;
}

uint64_t sim_scalable_memory(const sim_scalable_config *config)
{
    uint64_t per_thread = (uint64_t)largest_hashes(config) * sizeof(uint64_t)
                          + config->filters * (uint64_t)(sizeof(sim_prober) + sizeof(sim_bit_filter));
    for (size_t i = 0; i < config->filters; i++)
        per_thread = sim_memory_add(per_thread, sim_bit_filter_memory(config->subfilter[i].bits));
    uint64_t slots = sim_memory_multiply(sim_block_count(config->run.trials), sizeof(sim_scalable_totals));
    return sim_memory_add(sim_memory_multiply(per_thread, config->run.threads < 1 ? 1 : config->run.threads), slots);
}

static void end_thread(void *argument, void *scratch_pointer)
{
    (void)argument;
    thread_scratch *scratch = scratch_pointer;
    for (size_t i = 0; i < scratch->filters_ready; i++)
        sim_bit_filter_free(&scratch->filters[i]);
    free(scratch->filters);
    free(scratch->probers);
    free(scratch->positions);
    free(scratch);
}

static void *start_thread(void *argument)
{
    const run_context *context = argument;
    const sim_scalable_config *config = context->config;
    thread_scratch *scratch = calloc(1, sizeof *scratch);
    if (scratch == NULL)
        return NULL;
    scratch->filters = calloc(config->filters, sizeof *scratch->filters);
    scratch->probers = malloc(config->filters * sizeof *scratch->probers);
    scratch->positions = malloc(largest_hashes(config) * sizeof *scratch->positions);
    int failed = scratch->filters == NULL || scratch->probers == NULL || scratch->positions == NULL;
    for (; !failed && scratch->filters_ready < config->filters; scratch->filters_ready++)
        if (sim_bit_filter_init(&scratch->filters[scratch->filters_ready],
                                config->subfilter[scratch->filters_ready].bits) != 0)
            failed = 1;
    if (failed) {
        end_thread(argument, scratch);
        return NULL;
    }
    memcpy(scratch->probers, context->probers, config->filters * sizeof *scratch->probers);
    return scratch;
}

/* Nonzero when sub-filter i has all the key's bits set. */
static int subfilter_says_maybe(thread_scratch *scratch, size_t i, const sim_key *key)
{
    sim_prober_positions(&scratch->probers[i], key->bytes, key->length, scratch->positions);
    return sim_bit_filter_contains(&scratch->filters[i], scratch->positions, scratch->probers[i].hashes);
}

static int compound_says_maybe(const sim_scalable_config *config, thread_scratch *scratch, const sim_key *key)
{
    for (size_t i = 0; i < config->filters; i++)
        if (subfilter_says_maybe(scratch, i, key))
            return 1;
    return 0;
}

/* Fills the sub-filters in order with the trial's keys.  Returns 0, or -1 if stopped. */
static int build_compound(const sim_scalable_config *config, thread_scratch *scratch,
                          const sim_key_stream *inserted)
{
    uint64_t index = 0;
    for (size_t i = 0; i < config->filters; i++) {
        sim_bit_filter_reset(&scratch->filters[i]);
        for (uint64_t j = 0; j < config->subfilter[i].keys; j++, index++) {
            if (index % SIM_INTERRUPT_POLL_INTERVAL == 0 && sim_interrupt_requested())
                return -1;
            sim_key key;
            sim_key_at(inserted, index, &key);
            sim_prober_positions(&scratch->probers[i], key.bytes, key.length, scratch->positions);
            sim_bit_filter_insert(&scratch->filters[i], scratch->positions, scratch->probers[i].hashes);
        }
    }
    return 0;
}

/* Keys 0..count-1 of `stream` the compound filter answers "maybe" for;
 * returns UINT64_MAX if stopped. */
static uint64_t count_maybe(const sim_scalable_config *config, thread_scratch *scratch,
                            const sim_key_stream *stream, uint64_t count)
{
    uint64_t maybe = 0;
    for (uint64_t j = 0; j < count; j++) {
        if (j % SIM_INTERRUPT_POLL_INTERVAL == 0 && sim_interrupt_requested())
            return UINT64_MAX;
        sim_key key;
        sim_key_at(stream, j, &key);
        maybe += (uint64_t)compound_says_maybe(config, scratch, &key);
    }
    return maybe;
}

static uint64_t total_keys(const sim_scalable_config *config)
{
    uint64_t keys = 0;
    for (size_t i = 0; i < config->filters; i++)
        keys += config->subfilter[i].keys;
    return keys;
}

static void run_trial(void *argument, void *scratch_pointer, uint64_t trial, uint64_t block)
{
    const run_context *context = argument;
    const sim_scalable_config *config = context->config;
    thread_scratch *scratch = scratch_pointer;
    uint64_t hash_seed = sim_derive_seed(config->run.seed, SIM_SEED_HASH, trial);
    for (size_t i = 0; i < config->filters; i++)
        sim_prober_set_seed(&scratch->probers[i], sim_derive_seed(hash_seed, SIM_SEED_LEVEL, i));
    sim_key_stream inserted, absent;
    sim_key_stream_init(&inserted, SIM_KEYS_INSERTED, sim_derive_seed(config->run.seed, SIM_SEED_INSERTED_KEYS, trial),
                        NULL);
    sim_key_stream_init(&absent, SIM_KEYS_ABSENT, sim_derive_seed(config->run.seed, SIM_SEED_QUERY_KEYS, trial), NULL);
    if (build_compound(config, scratch, &inserted) != 0)
        return;
    uint64_t members = total_keys(config);
    uint64_t found = count_maybe(config, scratch, &inserted, members);
    uint64_t positives = found == UINT64_MAX ? UINT64_MAX : count_maybe(config, scratch, &absent, config->queries);
    if (positives == UINT64_MAX)
        return;
    sim_scalable_totals *slot = &context->slots[block];
    slot->trials++;
    slot->queries += config->queries;
    slot->false_positives += positives;
    slot->false_positive_squares += (unsigned __int128)positives * positives;
    slot->members_checked += members;
    slot->false_negatives += members - found;
}

static void add_slot(sim_scalable_totals *into, const sim_scalable_totals *from)
{
    into->trials += from->trials;
    into->queries += from->queries;
    into->false_positives += from->false_positives;
    into->false_positive_squares += from->false_positive_squares;
    into->members_checked += from->members_checked;
    into->false_negatives += from->false_negatives;
}

void sim_scalable_totals_reduce(sim_scalable_totals *totals, const sim_scalable_totals *slots,
                                uint64_t blocks, uint64_t trials)
{
    memset(totals, 0, sizeof *totals);
    for (uint64_t block = 0; block < blocks; block++)
        add_slot(totals, &slots[block]);
    totals->partial = totals->trials < trials;
}

int sim_scalable_run(const sim_scalable_config *config, sim_scalable_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    uint64_t blocks = sim_block_count(config->run.trials);
    run_context context = { config, calloc(config->filters, sizeof(sim_prober)),
                            calloc(blocks, sizeof(sim_scalable_totals)) };
    int status = -1;
    if (context.probers != NULL && context.slots != NULL) {
        for (size_t i = 0; i < config->filters; i++)
            sim_prober_init(&context.probers[i], SIM_PROBE_INDEPENDENT, config->hash_function,
                            config->subfilter[i].bits, config->subfilter[i].hashes, 0, 1);
        sim_shard_selection selection;
        if (config->run.shard != NULL)
            selection = *config->run.shard;
        else
            sim_shard_select_whole(&selection, config->run.trials, config->queries);
        sim_parallel_job job = { config->run.trials, config->run.threads, &context, start_thread, end_thread,
                                 run_trial, config->run.progress, config->run.progress_context,
                                 selection.first_block, selection.end_block };
        status = sim_parallel_run(&job);
        uint64_t first_trial = 0;
        sim_scalable_totals_reduce(totals, context.slots + selection.first_block,
                                   selection.end_block - selection.first_block,
                                   sim_shard_trials(&selection, config->run.trials, &first_trial));
        for (uint64_t block = selection.first_block; selection.sink != NULL && block < selection.end_block;
             block++)
            selection.sink(selection.sink_context, block, &context.slots[block]);
    } else {
        totals->partial = 1;
    }
    free(context.probers);
    free(context.slots);
    return status;
}

int sim_enclose_compound_rate(mpfi_ptr result, const void *arguments)
{
    const sim_compound_rate *compound = arguments;
    mpfi_t rate;
    mpfi_init2(rate, mpfi_get_prec(result));
    mpfi_set_ui(result, 0);
    int status = BLOOM_OK;
    for (size_t i = 0; i < compound->count && status == BLOOM_OK; i++) {
        status = bloom_enclose_fpr_exact(rate, &compound->filters[i]);
        mpfi_neg(rate, rate);
        mpfi_log1p(rate, rate);
        mpfi_add(result, result, rate);
    }
    mpfi_expm1(result, result);
    mpfi_neg(result, result);
    mpfi_clear(rate);
    return status;
}
