/*
 * file_deployment.c - trials of a deployment of filters, file by file in the
 * memory of one file's filter (file_deployment.h for the model, the routing and
 * the seeds).
 */
#include <stdlib.h>
#include <string.h>

#include "file_deployment.h"
#include "file_filter.h"
#include "hash.h"
#include "interrupt.h"
#include "keys.h"
#include "memory.h"
#include "random.h"

uint64_t sim_deployment_level_keys(const sim_deployment_level *level)
{
    return (level->files - 1) * level->full.keys + level->last.keys;
}

/* The trial-independent part: the keys before each level, and the block slots. */
typedef struct run_context {
    const sim_deployment_config *config;
    uint64_t first_key[SIM_LSM_MAX_LEVELS];
    uint64_t most_files;
    unsigned most_hashes;
    sim_deployment_totals *slots;
    double *build_seconds, *query_seconds;   /* per block */
} run_context;

typedef struct thread_scratch {
    sim_file_filter filters[SIM_LSM_MAX_LEVELS][2];   /* a full file's shape, the last file's */
    uint64_t *counts;                                 /* lookups each file of a level answers */
    uint64_t *hit_counts;                             /* present lookups each file answers */
    uint64_t *positions;
} thread_scratch;

static uint64_t most_files(const sim_deployment_config *config)
{
    uint64_t most = 1;
    for (unsigned i = 0; i < config->levels; i++)
        most = config->level[i].files > most ? config->level[i].files : most;
    return most;
}

static unsigned most_hashes(const sim_deployment_config *config)
{
    unsigned most = 1;
    for (unsigned i = 0; i < config->levels; i++) {
        const sim_deployment_level *level = &config->level[i];
        most = level->full.hashes > most ? level->full.hashes : most;
        most = level->last.hashes > most ? level->last.hashes : most;
    }
    return most;
}

/* Nonzero when the level has a full file besides its last one (a level of one file has none,
 * whatever its unit: its full shape is never built, nor allocated). */
static int has_full_files(const sim_deployment_level *level)
{
    return level->files > 1;
}

uint64_t sim_deployment_memory(const sim_deployment_config *config)
{
    uint64_t per_thread = sizeof(thread_scratch) + most_hashes(config) * sizeof(uint64_t);
    per_thread = sim_memory_add(per_thread, sim_memory_multiply(most_files(config), 2 * sizeof(uint64_t)));
    for (unsigned i = 0; i < config->levels; i++) {
        if (has_full_files(&config->level[i]))
            per_thread = sim_memory_add(per_thread, sim_file_filter_memory(&config->level[i].full));
        per_thread = sim_memory_add(per_thread, sim_file_filter_memory(&config->level[i].last));
    }
    uint64_t slots = sim_memory_multiply(sim_block_count(config->run.trials),
                                         sizeof(sim_deployment_totals) + 2 * sizeof(double));
    return sim_memory_add(sim_memory_multiply(per_thread, config->run.threads ? config->run.threads : 1),
                          slots);
}

static void end_thread(void *argument, void *scratch_pointer)
{
    const run_context *context = argument;
    thread_scratch *scratch = scratch_pointer;
    for (unsigned i = 0; i < context->config->levels; i++) {
        sim_file_filter_free(&scratch->filters[i][0]);
        sim_file_filter_free(&scratch->filters[i][1]);
    }
    free(scratch->counts);
    free(scratch->hit_counts);
    free(scratch->positions);
    free(scratch);
}

static void *start_thread(void *argument)
{
    const run_context *context = argument;
    const sim_deployment_config *config = context->config;
    thread_scratch *scratch = calloc(1, sizeof *scratch);
    if (scratch == NULL)
        return NULL;
    scratch->counts = malloc(context->most_files * sizeof *scratch->counts);
    scratch->hit_counts = malloc(context->most_files * sizeof *scratch->hit_counts);
    scratch->positions = malloc(context->most_hashes * sizeof *scratch->positions);
    int failed = scratch->counts == NULL || scratch->hit_counts == NULL || scratch->positions == NULL;
    for (unsigned i = 0; i < config->levels && !failed; i++) {
        const sim_deployment_level *level = &config->level[i];
        failed = (has_full_files(level)
                  && sim_file_filter_init(&scratch->filters[i][0], &level->full, config->scheme,
                                          config->hash_function, config->guard) != 0)
              || sim_file_filter_init(&scratch->filters[i][1], &level->last, config->scheme,
                                      config->hash_function, config->guard) != 0;
    }
    if (failed) {
        end_thread(argument, scratch);
        return NULL;
    }
    return scratch;
}

/* A uniform draw on [0, range) from the stream. */
static uint64_t draw(uint64_t *stream, uint64_t range)
{
    uint64_t value = 0;
    while (!sim_reduce(sim_splitmix64_next(stream), range, &value)) {
        /* a surplus draw (probability < range/2^64): draw again */
    }
    return value;
}

/* Counts in counts[0..files-1] the lookups of the level that each file answers: all of them
 * for overlapping files, else those whose uniform position on [0, n) its key range covers. */
static void route(const sim_deployment_level *level, uint64_t lookups, uint64_t *choice, uint64_t *counts)
{
    if (level->overlapping) {
        for (uint64_t i = 0; i < level->files; i++)
            counts[i] = lookups;
        return;
    }
    memset(counts, 0, level->files * sizeof *counts);
    uint64_t keys = sim_deployment_level_keys(level);
    for (uint64_t j = 0; j < lookups; j++)
        counts[draw(choice, keys) / level->full.keys]++;
}

/* What one trial adds up, and where its time goes. */
typedef struct trial_counts {
    uint64_t false_reads, level_false_reads[SIM_LSM_MAX_LEVELS], largest_share, retries;
    uint64_t hit_false_reads, false_negatives;
    double build_seconds, query_seconds;
} trial_counts;

/* The present lookups of a trial: which keys, drawn from where. */
typedef struct hit_draws {
    uint64_t choice;        /* routing on the levels before J */
    uint64_t pick;          /* which key of J (or of its file) each lookup is */
    uint64_t first_key;     /* level J's first key in the inserted stream */
    uint64_t keys;          /* level J's keys */
} hit_draws;

/* Asks the file `count` present keys: before level J (own = 0) keys of J, which count as
 * false reads when it says "maybe"; on level J (own = 1) keys of its own range starting at
 * `first` (`keys` of them), which count as false negatives when it says "no". */
static uint64_t ask_present(const sim_file_filter *filter, const sim_key_stream *inserted, hit_draws *draws,
                            uint64_t count, int own, uint64_t first, uint64_t keys, uint64_t *positions)
{
    uint64_t counted = 0;
    for (uint64_t j = 0; j < count; j++) {
        sim_key key;
        sim_key_at(inserted, own ? first + draw(&draws->pick, keys)
                                 : draws->first_key + draw(&draws->pick, draws->keys), &key);
        counted += (uint64_t)(sim_file_filter_says_maybe(filter, &key, positions) != own);
    }
    return counted;
}

/* Asks the file's filter `count` absent keys from *next on; returns its false reads. */
static uint64_t ask(const sim_file_filter *filter, const sim_key_stream *absent, uint64_t *next,
                    uint64_t count, uint64_t *positions)
{
    uint64_t false_reads = 0;
    for (uint64_t j = 0; j < count; j++) {
        sim_key key;
        sim_key_at(absent, (*next)++, &key);
        false_reads += (uint64_t)sim_file_filter_says_maybe(filter, &key, positions);
    }
    return false_reads;
}

/* Builds level l's files one after the other and asks each its lookups.  Returns 0, or -1 if
 * stopped. */
static int run_level(const run_context *context, thread_scratch *scratch, unsigned l, uint64_t hash_seed,
                     const sim_key_stream *inserted, const sim_key_stream *absent, hit_draws *draws,
                     trial_counts *counts)
{
    const sim_deployment_level *level = &context->config->level[l];
    uint64_t level_seed = sim_derive_seed(hash_seed, SIM_SEED_LEVEL, l);
    uint64_t next = 0;
    for (uint64_t i = 0; i < level->files; i++) {
        if (sim_interrupt_requested())
            return -1;
        sim_file_filter *filter = &scratch->filters[l][i + 1 == level->files];
        double start = sim_clock_seconds(CLOCK_MONOTONIC);
        if (sim_file_filter_build(filter, sim_derive_seed(level_seed, SIM_SEED_LEVEL, i), inserted,
                                  context->first_key[l] + i * level->full.keys, scratch->positions,
                                  &counts->retries) != 0)
            return -1;
        double built = sim_clock_seconds(CLOCK_MONOTONIC);
        if (level->overlapping)
            next = 0;     /* every file of an overlapping level answers every lookup */
        uint64_t false_reads = ask(filter, absent, &next, scratch->counts[i], scratch->positions);
        const sim_deployment_config *config = context->config;
        if (config->hit_lookups > 0 && l <= config->hit_level) {
            int own = l == config->hit_level;
            uint64_t counted = ask_present(filter, inserted, draws, scratch->hit_counts[i], own,
                                           context->first_key[l] + i * level->full.keys,
                                           filter->shape->keys, scratch->positions);
            counts->hit_false_reads += own ? 0 : counted;
            counts->false_negatives += own ? counted : 0;
        }
        counts->query_seconds += sim_clock_seconds(CLOCK_MONOTONIC) - built;
        counts->build_seconds += built - start;
        counts->level_false_reads[l] += false_reads;
        counts->false_reads += false_reads;
        if (scratch->counts[i] > counts->largest_share)
            counts->largest_share = scratch->counts[i];
    }
    return 0;
}

/* Runs trial `trial`, adding its counts to the slot of `block` (parallel.h). */
static void run_trial(void *argument, void *scratch_pointer, uint64_t trial, uint64_t block)
{
    const run_context *context = argument;
    thread_scratch *scratch = scratch_pointer;
    const sim_deployment_config *config = context->config;
    uint64_t hash_seed = sim_derive_seed(config->run.seed, SIM_SEED_HASH, trial);
    uint64_t choice = sim_derive_seed(config->run.seed, SIM_SEED_CHOICE, trial);
    sim_key_stream inserted, absent;
    sim_key_stream_init(&inserted, SIM_KEYS_INSERTED,
                        sim_derive_seed(config->run.seed, SIM_SEED_INSERTED_KEYS, trial), NULL);
    sim_key_stream_init(&absent, SIM_KEYS_ABSENT,
                        sim_derive_seed(config->run.seed, SIM_SEED_QUERY_KEYS, trial), NULL);
    trial_counts counts;
    memset(&counts, 0, sizeof counts);
    uint64_t hit_seed = sim_derive_seed(choice, SIM_SEED_CHOICE, 1);
    hit_draws draws = { hit_seed, sim_derive_seed(hit_seed, SIM_SEED_CHOICE, 1),
                        context->first_key[config->hit_level],
                        sim_deployment_level_keys(&config->level[config->hit_level]) };
    for (unsigned l = 0; l < config->levels; l++) {
        route(&config->level[l], config->lookups, &choice, scratch->counts);
        if (config->hit_lookups > 0 && l <= config->hit_level)
            route(&config->level[l], config->hit_lookups, &draws.choice, scratch->hit_counts);
        if (run_level(context, scratch, l, hash_seed, &inserted, &absent, &draws, &counts) != 0)
            return;
    }
    sim_deployment_totals *slot = &context->slots[block];
    slot->trials++;
    slot->lookups += config->lookups;
    slot->false_reads += counts.false_reads;
    for (unsigned l = 0; l < config->levels; l++)
        slot->level_false_reads[l] += counts.level_false_reads[l];
    slot->false_read_squares += (unsigned __int128)counts.false_reads * counts.false_reads;
    if (counts.largest_share > slot->largest_share)
        slot->largest_share = counts.largest_share;
    slot->ribbon_retries += counts.retries;
    slot->hit_lookups += config->hit_lookups;
    slot->hit_false_reads += counts.hit_false_reads;
    slot->hit_false_read_squares += (unsigned __int128)counts.hit_false_reads * counts.hit_false_reads;
    slot->false_negatives += counts.false_negatives;
    context->build_seconds[block] += counts.build_seconds;
    context->query_seconds[block] += counts.query_seconds;
}

/* The totals of blocks [first, end), added in block order. */
static void reduce(sim_deployment_totals *totals, const run_context *context, uint64_t first, uint64_t end,
                   uint64_t trials)
{
    memset(totals, 0, sizeof *totals);
    sim_phase_times *phases = context->config->run.phases;
    for (uint64_t block = first; block < end; block++) {
        const sim_deployment_totals *slot = &context->slots[block];
        totals->trials += slot->trials;
        totals->lookups += slot->lookups;
        totals->false_reads += slot->false_reads;
        for (unsigned l = 0; l < context->config->levels; l++)
            totals->level_false_reads[l] += slot->level_false_reads[l];
        totals->false_read_squares += slot->false_read_squares;
        if (slot->largest_share > totals->largest_share)
            totals->largest_share = slot->largest_share;
        totals->ribbon_retries += slot->ribbon_retries;
        totals->hit_lookups += slot->hit_lookups;
        totals->hit_false_reads += slot->hit_false_reads;
        totals->hit_false_read_squares += slot->hit_false_read_squares;
        totals->false_negatives += slot->false_negatives;
        if (phases != NULL) {
            phases->build_seconds += context->build_seconds[block];
            phases->query_seconds += context->query_seconds[block];
        }
    }
    totals->partial = totals->trials < trials;
}

int sim_deployment_run(const sim_deployment_config *config, sim_deployment_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    uint64_t blocks = sim_block_count(config->run.trials);
    run_context *context = calloc(1, sizeof *context);
    if (context != NULL) {
        context->slots = calloc(blocks, sizeof *context->slots);
        context->build_seconds = calloc(blocks, sizeof *context->build_seconds);
        context->query_seconds = calloc(blocks, sizeof *context->query_seconds);
    }
    int status = -1;
    if (context != NULL && context->slots != NULL && context->build_seconds != NULL
        && context->query_seconds != NULL) {
        context->config = config;
        context->most_files = most_files(config);
        context->most_hashes = most_hashes(config);
        for (unsigned l = 1; l < config->levels; l++)
            context->first_key[l] = context->first_key[l - 1] + sim_deployment_level_keys(&config->level[l - 1]);
        sim_parallel_job job = { config->run.trials, config->run.threads ? config->run.threads : 1, context,
                                 start_thread, end_thread, run_trial, config->run.progress,
                                 config->run.progress_context, 0, blocks };
        status = sim_parallel_run(&job);
        reduce(totals, context, 0, blocks, config->run.trials);
    }
    if (context != NULL) {
        free(context->slots);
        free(context->build_seconds);
        free(context->query_seconds);
    }
    free(context);
    return status;
}
