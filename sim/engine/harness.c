/*
 * harness.c - trials, threads and the reduction of their counts (see
 * harness.h for the statistics and FORMULAS.md §a.7 for the variance).
 *
 * Three engines, chosen by filter size, measuring the same thing:
 *   - one-word filters (m <= 64, generated keys, independent probes from
 *     XXH3) and small filters of the other layouts (at most 512 bits, no
 *     fingerprint): each thread builds whole trials in registers or on its
 *     stack, the probes drawn directly from the trial's seeded generators
 *     (tiny.h explains why that is the same experiment), no allocation,
 *     about 50 ns a trial at m = 64 and 30-50 instructions a probe;
 *   - many small filters: each thread builds whole trials in its own
 *     filter (parallel.h blocks), keys one at a time; the filter sits in
 *     the core's cache, so the cost is hashing (hash.c: one inlined XXH3
 *     call a key, cached seed, several draws per word for small m).  (X/m)^k
 *     is read from a table for small m instead of calling pow per trial;
 *   - one large filter (plain bits, any layout, >= SIM_BULK_MIN_FILTER_BYTES):
 *     trials run one after the other, each built and queried by every thread
 *     together (bulk.h: partitioned build, interleaved prefetched queries;
 *     the positions come from key_probes.h, one cursor per key in flight).
 * The last two ask the same keys with the same probes (the per-trial
 * engine computes a layout's positions with sim_layout_positions, the bulk
 * engine with key_probes.h, two implementations the tests compare), so a
 * trial's counts
 * do not depend on the engine, the thread count or the batch sizes (tests);
 * the one-word engine, whose probes are drawn, not hashed, always runs for
 * the runs it applies to, whatever engine is requested.
 *
 * Queries draw their probes lazily through a cursor (probes.h): an absent
 * key usually stops at its first or second probe and never hashes for the
 * others.
 *
 * Determinism: trials are grouped in blocks (parallel.h:
 * sim_trials_per_block), a size that depends on F only.  Each block owns a result slot;
 * integer counts are exact, and the two floating sums are added in trial
 * order inside a block and in block order at the end, so the same seed
 * gives the same bits whatever --threads is.
 *
 * Shards (shard_selection.h): a shard runs the trials of its blocks, or
 * asks a range of each trial's absent keys (the stream moved on to the
 * range's first key, keys.h); its blocks' slots go to the selection's
 * sink, and a trial is complete when it asked the whole range.
 *
 * Interruption: trials poll the stop flag every SIM_INTERRUPT_POLL_INTERVAL
 * keys.  A trial stopped while inserting contributes nothing; one stopped
 * while querying keeps its counts aside (incomplete_*), used only if no
 * trial completed at all.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim_limits.h"
#include "bulk.h"
#include "counting.h"
#include "filter.h"
#include "harness.h"
#include "interrupt.h"
#include "memory.h"
#include "random.h"
#include "ribbon_build.h"
#include "tiny.h"

const char *const sim_filter_kind_names[] = { "standard", "counting", NULL };

typedef struct run_context {
    const sim_fpr_config *config;
    sim_shard_selection selection;  /* config->shard, or the whole run */
    sim_prober prober;            /* factored once; the seed is set per trial */
    sim_fpr_totals *slots;
    double *power_table;          /* (X/m)^k for X = 0..m, or NULL */
    uint64_t hash_seed_base;      /* sim_derive_seed_base(seed, SIM_SEED_HASH) */
    sim_small_layout small;       /* tiny trials: the layout's direct draws (tiny.h) */
} run_context;

typedef struct thread_scratch {
    sim_prober prober;
    sim_ribbon ribbon;            /* a Ribbon layout's filter */
    sim_bit_filter bits;
    sim_counting_filter counters;
    uint64_t *positions;
} thread_scratch;

/* What one trial measured. */
typedef struct trial_outcome {
    uint64_t occupancy;           /* X */
    uint64_t positives;
    uint64_t asked;
    uint64_t false_negatives;
    uint64_t members_checked;
    uint64_t counter_overflows;
    uint64_t ribbon_retries;
} trial_outcome;

/* Nonzero when the layout draws its own probes (not the prober's cursor). */
static int uses_layout_positions(const sim_fpr_config *config)
{
    return config->layout != NULL && !sim_layout_uses_cursor(config->layout);
}

/* Nonzero for a Ribbon (ribbon_filter.h): built per trial, no bit array, no probes. */
static int is_ribbon(const sim_fpr_config *config)
{
    return config->layout != NULL && config->layout->kind == BLOOM_LAYOUT_RIBBON;
}

static int uses_bulk(const sim_fpr_config *config)
{
    if (config->filter != SIM_FILTER_STANDARD || config->engine == SIM_ENGINE_PER_TRIAL || is_ribbon(config))
        return 0;
    return config->engine == SIM_ENGINE_BULK
        || sim_bit_filter_memory(config->bits) >= SIM_BULK_MIN_FILTER_BYTES;
}

static uint64_t filter_memory(const sim_fpr_config *config)
{
    if (is_ribbon(config))
        return sim_ribbon_memory(config->layout->slots);
    return config->filter == SIM_FILTER_COUNTING
        ? sim_counting_filter_memory(config->bits, config->counter_bits)
        : sim_bit_filter_memory(config->bits);
}

uint64_t sim_fpr_memory(const sim_fpr_config *config)
{
    uint64_t threads = config->run.threads < 1 ? 1 : config->run.threads;
    uint64_t slots = sim_memory_multiply(sim_block_count(config->run.trials), sizeof(sim_fpr_totals));
    if (uses_bulk(config)) {
        sim_bulk_options options;
        sim_bulk_fast_options(&options, config->bits, (unsigned)threads);
        uint64_t mapped = sim_memory_add(filter_memory(config), SIM_HUGE_PAGE_BYTES);
        return sim_memory_add(sim_memory_add(mapped, sim_bulk_memory(&options)), slots);
    }
    uint64_t per_thread = sim_memory_add(filter_memory(config),
                                         (uint64_t)config->hashes * sizeof(uint64_t) + 4096);
    return sim_memory_add(sim_memory_multiply(per_thread, threads), slots);
}

/*
 * The bulk engine's time, modelled from what it does
 * (PERFORMANCE.md §l.13): each key's k probes drawn and bucketed, each chunk of buckets a
 * pass that streams the whole filter through the cache (a chunk is the
 * buckets' worth of probes, so the passes are n k b / buffer bytes for
 * b bytes a probe in the buckets, sim_bulk_probe_bytes), and
 * each query's one or two random lines.  The constants are this project's
 * machine's two threads on a filter far larger than the caches, idle: the
 * probe and the query from the billion-key run (49.3 s of build in 131
 * passes of packed offsets, 27.5 s of queries; PERFORMANCE.md §l.14), a
 * pass from the streamed line's 2 ns a thread (PERFORMANCE.md §m); one
 * thread takes about 1.6 times as long.  A guide printed for the user,
 * never a result.
 */
#define MODEL_PROBE_NS 6.3           /* a probe drawn, bucketed and applied */
#define MODEL_PASS_NS_PER_BYTE 0.033 /* a pass: the filter read and written back */
#define MODEL_QUERY_NS 27.5          /* an absent query (about two random lines) */
#define MODEL_ONE_THREAD 1.6

double sim_fpr_seconds(const sim_fpr_config *config)
{
    if (!uses_bulk(config) || uses_layout_positions(config))
        return 0;
    sim_bulk_options options;
    sim_bulk_fast_options(&options, config->bits, config->run.threads);
    double probes = (double)config->keys * config->hashes;
    double passes = ceil(probes * sim_bulk_probe_bytes(config->bits, &options) / (double)options.buffer_bytes);
    double build = probes * MODEL_PROBE_NS + passes * (double)sim_bit_filter_memory(config->bits) * MODEL_PASS_NS_PER_BYTE;
    double asked = (double)config->queries + (config->check_members ? (double)config->keys : 0);
    double trial = (build + asked * MODEL_QUERY_NS) * 1e-9;
    return trial * (double)config->run.trials * (config->run.threads < 2 ? MODEL_ONE_THREAD : 1);
}

static void *start_thread(void *argument)
{
    const run_context *context = argument;
    const sim_fpr_config *config = context->config;
    thread_scratch *scratch = calloc(1, sizeof *scratch);
    if (scratch == NULL)
        return NULL;
    scratch->prober = context->prober;
    scratch->positions = malloc(config->hashes * sizeof *scratch->positions);
    int failed = scratch->positions == NULL;
    if (!failed && is_ribbon(config))
        failed = sim_ribbon_init(&scratch->ribbon, config->layout->slots, config->layout->ribbon_lower_columns,
                                 config->layout->ribbon_upper_start_block) != 0;
    else if (!failed && config->filter == SIM_FILTER_COUNTING)
        failed = sim_counting_filter_init(&scratch->counters, config->bits, config->counter_bits) != 0;
    else if (!failed)
        failed = sim_bit_filter_init(&scratch->bits, config->bits) != 0;
    if (failed) {
        free(scratch->positions);
        free(scratch);
        return NULL;
    }
    return scratch;
}

static void end_thread(void *argument, void *scratch_pointer)
{
    (void)argument;
    thread_scratch *scratch = scratch_pointer;
    sim_bit_filter_free(&scratch->bits);
    sim_counting_filter_free(&scratch->counters);
    sim_ribbon_free(&scratch->ribbon);
    free(scratch->positions);
    free(scratch);
}

static int poll_stop(uint64_t index)
{
    return index % SIM_INTERRUPT_POLL_INTERVAL == 0 && sim_interrupt_requested();
}

/* The stream of trial `trial`'s inserted or absent keys (the absent ones
 * from the first key of the shard's range). */
static void trial_keys(sim_key_stream *stream, const run_context *context, sim_key_role role,
                       uint64_t trial)
{
    const sim_fpr_config *config = context->config;
    if (role == SIM_KEYS_INSERTED) {
        sim_key_stream_init(stream, role, sim_derive_seed(config->run.seed, SIM_SEED_INSERTED_KEYS, trial),
                            config->key_file);
        return;
    }
    sim_key_stream_init(stream, role, sim_derive_seed(config->run.seed, SIM_SEED_QUERY_KEYS, trial), NULL);
    sim_key_stream_skip(stream, context->selection.first_query);
}

/* Sets a key's k bits of the standard filter, probe by probe. */
static void insert_standard(sim_bit_filter *filter, const sim_prober *prober, const sim_key *key)
{
    sim_probe_cursor cursor;
    sim_probe_cursor_start(&cursor, prober, key->bytes, key->length);
    for (unsigned i = 0; i < prober->hashes; i++)
        sim_bit_filter_set(filter, sim_probe_cursor_next(&cursor));
}

/* Nonzero when all k bits are set; draws no probe past the first clear bit. */
static int query_standard(const sim_bit_filter *filter, const sim_prober *prober, const sim_key *key)
{
    sim_probe_cursor cursor;
    sim_probe_cursor_start(&cursor, prober, key->bytes, key->length);
    for (unsigned i = 0; i < prober->hashes; i++)
        if (!sim_bit_filter_test(filter, sim_probe_cursor_next(&cursor)))
            return 0;
    return 1;
}

static void insert_key(const sim_fpr_config *config, thread_scratch *scratch, const sim_key *key)
{
    if (uses_layout_positions(config)) {
        sim_layout_positions(config->layout, &scratch->prober, key->bytes, key->length, scratch->positions);
        sim_bit_filter_insert(&scratch->bits, scratch->positions, config->hashes);
        return;
    }
    if (config->filter == SIM_FILTER_STANDARD) {
        insert_standard(&scratch->bits, &scratch->prober, key);
        return;
    }
    sim_prober_positions(&scratch->prober, key->bytes, key->length, scratch->positions);
    sim_counting_filter_insert(&scratch->counters, scratch->positions, config->hashes);
}

static int query_key(const sim_fpr_config *config, thread_scratch *scratch, const sim_key *key)
{
    if (is_ribbon(config))
        return sim_ribbon_has_key(&scratch->ribbon, &scratch->prober, key);
    if (uses_layout_positions(config)) {
        sim_layout_positions(config->layout, &scratch->prober, key->bytes, key->length, scratch->positions);
        return sim_bit_filter_contains(&scratch->bits, scratch->positions, config->hashes);
    }
    if (config->filter == SIM_FILTER_STANDARD)
        return query_standard(&scratch->bits, &scratch->prober, key);
    sim_prober_positions(&scratch->prober, key->bytes, key->length, scratch->positions);
    return sim_counting_filter_contains(&scratch->counters, scratch->positions, config->hashes);
}

static void filter_reset(const sim_fpr_config *config, thread_scratch *scratch)
{
    if (config->filter == SIM_FILTER_COUNTING)
        sim_counting_filter_reset(&scratch->counters);
    else
        sim_bit_filter_reset(&scratch->bits);
}

static uint64_t filter_occupancy(const sim_fpr_config *config, const thread_scratch *scratch)
{
    if (is_ribbon(config))
        return 0;
    return config->filter == SIM_FILTER_COUNTING
        ? sim_counting_filter_count_nonzero(&scratch->counters)
        : sim_bit_filter_count_set(&scratch->bits);
}

/* Builds trial `trial`'s Ribbon under the trial's hash seed, retried as RocksDB does
 * (ribbon_build.h).  Returns 0, -1 if stopped, or -2 when every seed failed. */
static int build_ribbon(const run_context *context, uint64_t trial, thread_scratch *scratch,
                        uint64_t *retries)
{
    sim_key_stream inserted;
    trial_keys(&inserted, context, SIM_KEYS_INSERTED, trial);
    return sim_ribbon_build(&scratch->ribbon, &scratch->prober, &inserted, 0, context->config->keys, retries);
}

/* Builds trial `trial`'s filter.  Returns 0, or -1 if stopped. */
static int build_filter(const run_context *context, uint64_t trial, thread_scratch *scratch)
{
    const sim_fpr_config *config = context->config;
    sim_key_stream inserted;
    trial_keys(&inserted, context, SIM_KEYS_INSERTED, trial);
    filter_reset(config, scratch);
    for (uint64_t i = 0; i < config->keys; i++) {
        if (poll_stop(i))
            return -1;
        sim_key key;
        sim_key_at(&inserted, i, &key);
        insert_key(config, scratch, &key);
    }
    return 0;
}

/*
 * Asks keys 0..count-1 of the trial's `role` stream; returns the "maybe
 * present" answers and stores in *asked the keys asked (fewer if stopped).
 */
static uint64_t count_maybe(const run_context *context, uint64_t trial, sim_key_role role,
                            uint64_t count, thread_scratch *scratch, uint64_t *asked)
{
    const sim_fpr_config *config = context->config;
    sim_key_stream stream;
    trial_keys(&stream, context, role, trial);
    uint64_t maybe = 0, j = 0;
    for (; j < count; j++) {
        if (poll_stop(j + 1))
            break;
        sim_key key;
        sim_key_at(&stream, j, &key);
        maybe += (uint64_t)query_key(config, scratch, &key);
    }
    *asked = j;
    return maybe;
}

/* (X/m)^k for the trial's occupancy X. */
static double occupancy_power(const run_context *context, uint64_t occupancy)
{
    const sim_fpr_config *config = context->config;
    if (context->power_table != NULL)
        return context->power_table[occupancy];
    return pow((double)occupancy / (double)config->bits, (double)config->hashes);
}

/* Adds a trial's outcome to its block's slot (or aside, if its queries were cut short). */
static void record_outcome(const run_context *context, uint64_t block, const trial_outcome *outcome)
{
    sim_fpr_totals *slot = &context->slots[block];
    slot->false_negatives += outcome->false_negatives;
    slot->members_checked += outcome->members_checked;
    slot->counter_overflows += outcome->counter_overflows;
    slot->ribbon_retries += outcome->ribbon_retries;
    if (outcome->asked < sim_shard_queries(&context->selection)) {
        slot->incomplete_queries += outcome->asked;
        slot->incomplete_false_positives += outcome->positives;
        return;
    }
    double power = occupancy_power(context, outcome->occupancy);
    slot->trials++;
    slot->queries += outcome->asked;
    slot->false_positives += outcome->positives;
    slot->false_positive_squares += (unsigned __int128)outcome->positives * outcome->positives;
    slot->occupancy_power_sum += power;
    slot->occupancy_power_squares += power * power;
    slot->set_bits += outcome->occupancy;
}

/* Runs trial `trial` in the thread's own filter, adding its counts to the
 * slot of `block` (parallel.h). */
static void run_trial(void *argument, void *scratch_pointer, uint64_t trial, uint64_t block)
{
    const run_context *context = argument;
    thread_scratch *scratch = scratch_pointer;
    const sim_fpr_config *config = context->config;
    trial_outcome outcome;
    memset(&outcome, 0, sizeof outcome);
    sim_prober_set_seed(&scratch->prober, sim_derive_seed(config->run.seed, SIM_SEED_HASH, trial));
    if (is_ribbon(config) ? build_ribbon(context, trial, scratch, &outcome.ribbon_retries) != 0
                          : build_filter(context, trial, scratch) != 0)
        return;
    if (config->check_members && context->selection.check_members) {
        uint64_t checked = 0;
        uint64_t maybe = count_maybe(context, trial, SIM_KEYS_INSERTED, config->keys, scratch, &checked);
        outcome.false_negatives = checked - maybe;
        outcome.members_checked = checked;
    }
    outcome.occupancy = filter_occupancy(config, scratch);
    outcome.positives = count_maybe(context, trial, SIM_KEYS_ABSENT, sim_shard_queries(&context->selection),
                                    scratch, &outcome.asked);
    if (config->filter == SIM_FILTER_COUNTING)
        outcome.counter_overflows = scratch->counters.overflows;
    record_outcome(context, block, &outcome);
}

/*
 * Nonzero when the run's trials are small filters with directly drawn
 * probes (tiny.h): at most SIM_SMALL_MAX_BITS bits of any layout without a
 * fingerprint (the plain standard filter of at most 64 bits in one word),
 * generated keys, independent probes from XXH3; `small` is then filled.
 * It takes precedence over the other engines, which hash keys.
 */
static int uses_tiny_engine(const sim_fpr_config *config, sim_small_layout *small)
{
    return config->filter == SIM_FILTER_STANDARD && config->key_file == NULL && !is_ribbon(config)
        && config->scheme == SIM_PROBE_INDEPENDENT && config->hash_function == SIM_HASH_XXH3
        && sim_small_layout_init(small, config->layout, config->bits, config->hashes);
}

static int uses_tiny(const sim_fpr_config *config)
{
    sim_small_layout small;
    return uses_tiny_engine(config, &small);
}

/* Inserts the trial's keys into words[], polling for a stop.  Returns 0, or -1 if stopped. */
static int insert_tiny(const run_context *context, sim_small_source *source, uint64_t *words)
{
    const sim_fpr_config *config = context->config;
    for (uint64_t done = 0; done < config->keys; done += SIM_INTERRUPT_POLL_INTERVAL) {
        if (done > 0 && sim_interrupt_requested())
            return -1;
        uint64_t chunk = config->keys - done < SIM_INTERRUPT_POLL_INTERVAL ? config->keys - done
                                                                          : SIM_INTERRUPT_POLL_INTERVAL;
        sim_small_insert(source, &context->small, words, chunk);
    }
    return 0;
}

/* Asks the next `count` keys of `source`, polling for a stop; returns the
 * positives and stores in *asked the keys asked (fewer if stopped). */
static uint64_t count_maybe_tiny(const run_context *context, sim_small_source *source, const uint64_t *words,
                                 uint64_t count, uint64_t *asked)
{
    uint64_t maybe = 0, done = 0;
    while (done < count && (done == 0 || !sim_interrupt_requested())) {
        uint64_t chunk = count - done < SIM_INTERRUPT_POLL_INTERVAL ? count - done : SIM_INTERRUPT_POLL_INTERVAL;
        maybe += sim_small_count_maybe(source, &context->small, words, chunk);
        done += chunk;
    }
    *asked = done;
    return maybe;
}

/* Runs trial `trial` as a small filter (tiny.h), adding its counts to the
 * slot of `block`: inserted keys, member check (a replay of their draws),
 * absent queries. */
static void run_tiny_trial(void *argument, void *scratch_pointer, uint64_t trial, uint64_t block)
{
    (void)scratch_pointer;
    const run_context *context = argument;
    const sim_fpr_config *config = context->config;
    trial_outcome outcome;
    memset(&outcome, 0, sizeof outcome);
    sim_small_source source;
    sim_small_source_start(&source, sim_derive_seed_at(context->hash_seed_base, trial));
    sim_small_source inserted = source;
    uint64_t words[SIM_SMALL_WORDS] = { 0 };
    if (insert_tiny(context, &source, words) != 0)
        return;
    if (config->check_members) {
        uint64_t maybe = count_maybe_tiny(context, &inserted, words, config->keys, &outcome.members_checked);
        outcome.false_negatives = outcome.members_checked - maybe;
    }
    for (unsigned w = 0; w < SIM_SMALL_WORDS; w++)
        outcome.occupancy += (uint64_t)__builtin_popcountll(words[w]);
    outcome.positives = count_maybe_tiny(context, &source, words, config->queries, &outcome.asked);
    record_outcome(context, block, &outcome);
}

/* A phase's start, and its time added to *wall and *cpu at its end. */
typedef struct phase_clock {
    double wall, cpu;
} phase_clock;

static phase_clock phase_start(void)
{
    phase_clock start = { sim_clock_seconds(CLOCK_MONOTONIC), sim_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) };
    return start;
}

static void phase_end(const phase_clock *start, const sim_fpr_config *config, int query)
{
    sim_phase_times *phases = config->run.phases;
    if (phases == NULL)
        return;
    double wall = sim_clock_seconds(CLOCK_MONOTONIC) - start->wall;
    double cpu = sim_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - start->cpu;
    *(query ? &phases->query_seconds : &phases->build_seconds) += wall;
    *(query ? &phases->query_cpu : &phases->build_cpu) += cpu;
}

/* Runs trial `trial` with every thread on one shared filter (bulk.h).
 * Returns 0, 1 when stopped, -1 when memory ran short. */
static int run_bulk_trial(const run_context *context, sim_bit_filter *filter, sim_prober *prober,
                          const sim_key_probes *probes, const sim_bulk_options *options, uint64_t trial,
                          int reset, sim_bulk_progress *progress)
{
    const sim_fpr_config *config = context->config;
    trial_outcome outcome;
    memset(&outcome, 0, sizeof outcome);
    sim_key_stream inserted, absent;
    trial_keys(&inserted, context, SIM_KEYS_INSERTED, trial);
    trial_keys(&absent, context, SIM_KEYS_ABSENT, trial);
    sim_prober_set_seed(prober, sim_derive_seed(config->run.seed, SIM_SEED_HASH, trial));
    const sim_filter_store *store = config->filter_store;
    if (store == NULL || store->load(store->context, trial, filter) != 0) {
        phase_clock build = phase_start();
        if (reset || store != NULL)
            sim_bit_filter_reset(filter);
        int status = sim_bulk_build(filter, probes, &inserted, config->keys, options);
        phase_end(&build, config, 0);
        if (status != 0)
            return status;
        progress->done += config->keys;
        if (store != NULL)
            store->save(store->context, trial, filter);
    }
    phase_clock query = phase_start();
    if (config->check_members && context->selection.check_members) {
        uint64_t maybe = sim_bulk_count_maybe(filter, probes, &inserted, config->keys, options,
                                              &outcome.members_checked);
        outcome.false_negatives = outcome.members_checked - maybe;
        progress->done += config->keys;
    }
    outcome.occupancy = sim_bit_filter_count_set(filter);
    uint64_t queries = sim_shard_queries(&context->selection);
    outcome.positives = sim_bulk_count_maybe(filter, probes, &absent, queries, options, &outcome.asked);
    phase_end(&query, config, 1);
    record_outcome(context, sim_block_of_trial(trial, config->run.trials), &outcome);
    return outcome.asked < queries || sim_interrupt_requested() ? 1 : 0;
}

/* The trials of a large filter, one after the other (progress in keys
 * inserted and asked, within each trial too). */
static int run_bulk_trials(const run_context *context)
{
    const sim_fpr_config *config = context->config;
    sim_bulk_options options;
    sim_bulk_fast_options(&options, config->bits, config->run.threads);
    sim_bit_filter filter;
    if (sim_bit_filter_init(&filter, config->bits) != 0)
        return -1;
    sim_prober prober = context->prober;
    sim_key_probes probes;
    sim_key_probes_init(&probes, config->layout, &prober);
    sim_bit_filter reachable = filter;   /* a layout's short indices never leave its first bits */
    reachable.bits = prober.bits;
    int status = 0;
    uint64_t first = 0;
    uint64_t trials = sim_shard_trials(&context->selection, config->run.trials, &first);
    /* progress in keys: each trial builds, may check its members, and queries */
    uint64_t per_trial = config->keys * (config->check_members && context->selection.check_members ? 2 : 1)
                         + sim_shard_queries(&context->selection);
    sim_bulk_progress progress = { config->run.progress, config->run.progress_context, 0, trials * per_trial };
    options.progress = config->run.progress != NULL ? &progress : NULL;
    for (uint64_t done = 0; done < trials && status == 0; done++) {
        progress.done = done * per_trial;
        status = run_bulk_trial(context, &reachable, &prober, &probes, &options, first + done, done > 0,
                                &progress);
        if (config->run.progress != NULL)
            config->run.progress(config->run.progress_context, (done + 1) * per_trial, trials * per_trial, 0);
    }
    sim_bit_filter_free(&filter);
    return status < 0 ? -1 : 0;
}

/* The table of (X/m)^k for X = 0..m when m is small, else NULL. */
static double *power_table(const sim_fpr_config *config)
{
    if (config->bits > SIM_POWER_TABLE_MAX_BITS)
        return NULL;
    assert(config->bits >= 1 && config->hashes >= 1);
    double *table = malloc((config->bits + 1) * sizeof *table);
    for (uint64_t x = 0; table != NULL && x <= config->bits; x++)
        table[x] = pow((double)x / (double)config->bits, (double)config->hashes);
    return table;
}

static void add_totals(sim_fpr_totals *into, const sim_fpr_totals *from)
{
    into->trials += from->trials;
    into->queries += from->queries;
    into->false_positives += from->false_positives;
    into->false_positive_squares += from->false_positive_squares;
    into->occupancy_power_sum += from->occupancy_power_sum;
    into->occupancy_power_squares += from->occupancy_power_squares;
    into->set_bits += from->set_bits;
    into->false_negatives += from->false_negatives;
    into->members_checked += from->members_checked;
    into->counter_overflows += from->counter_overflows;
    into->ribbon_retries += from->ribbon_retries;
    into->incomplete_queries += from->incomplete_queries;
    into->incomplete_false_positives += from->incomplete_false_positives;
}

void sim_fpr_totals_reduce(sim_fpr_totals *totals, const sim_fpr_totals *slots, uint64_t blocks,
                           uint64_t trials)
{
    memset(totals, 0, sizeof *totals);
    for (uint64_t block = 0; block < blocks; block++)
        add_totals(totals, &slots[block]);
    totals->partial = totals->trials < trials;
    if (totals->trials == 0) {
        totals->pooled_only = 1;
        totals->queries = totals->incomplete_queries;
        totals->false_positives = totals->incomplete_false_positives;
    }
}

int sim_fpr_splits_queries(const sim_fpr_config *config)
{
    return !uses_tiny(config);
}

/* Passes the selection's blocks to its sink, in block order. */
static void pass_blocks(const run_context *context)
{
    const sim_shard_selection *selection = &context->selection;
    for (uint64_t block = selection->first_block; selection->sink != NULL && block < selection->end_block; block++)
        selection->sink(selection->sink_context, block, &context->slots[block]);
}

int sim_fpr_run(const sim_fpr_config *config, sim_fpr_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    run_context context;
    context.config = config;
    if (config->run.shard != NULL)
        context.selection = *config->run.shard;
    else
        sim_shard_select_whole(&context.selection, config->run.trials, config->queries);
    sim_prober_init(&context.prober, config->scheme, config->hash_function,
                    sim_layout_probed_bits(config->layout, config->bits), config->hashes, 0, config->guard);
    uint64_t blocks = sim_block_count(config->run.trials);
    context.slots = calloc(blocks, sizeof *context.slots);
    context.power_table = power_table(config);
    int status = -1;
    context.hash_seed_base = sim_derive_seed_base(config->run.seed, SIM_SEED_HASH);
    int tiny = uses_tiny_engine(config, &context.small);
    if (context.slots != NULL && !tiny && uses_bulk(config)) {
        status = run_bulk_trials(&context);
    } else if (context.slots != NULL) {
        sim_parallel_job job = { config->run.trials, config->run.threads, &context, start_thread, end_thread,
                                 tiny ? run_tiny_trial : run_trial, config->run.progress,
                                 config->run.progress_context, context.selection.first_block,
                                 context.selection.end_block };
        status = sim_parallel_run(&job);
    }
    uint64_t first_trial = 0;
    uint64_t trials = sim_shard_trials(&context.selection, config->run.trials, &first_trial);
    if (context.slots != NULL) {
        sim_fpr_totals_reduce(totals, context.slots + context.selection.first_block,
                              context.selection.end_block - context.selection.first_block, trials);
        pass_blocks(&context);
    } else {
        totals->partial = 1;
    }
    free(context.slots);
    free(context.power_table);
    return status;
}
