/*
 * harness.c - trials, threads and the reduction of their counts (see
 * harness.h for the statistics and FORMULAS.md a.7 for the variance).
 *
 * Determinism: trials are grouped in blocks (parallel.h:
 * sim_trials_per_block), a size that depends on F only.  Each block owns a result slot;
 * integer counts are exact, and the two floating sums are added in trial
 * order inside a block and in block order at the end, so the same seed
 * gives the same bits whatever --threads is.
 *
 * Interruption: trials poll the stop flag every SIM_INTERRUPT_POLL_INTERVAL
 * keys.  A trial stopped while inserting contributes nothing; one stopped
 * while querying keeps its counts aside (incomplete_*), used only if no
 * trial completed at all.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "counting.h"
#include "filter.h"
#include "harness.h"
#include "interrupt.h"
#include "memory.h"
#include "random.h"

const char *const sim_filter_kind_names[] = { "standard", "counting", NULL };
const char *const sim_interval_method_names[] = { "between-trials-t", "wilson-design-effect", NULL };

typedef struct run_context {
    const sim_fpr_config *config;
    sim_prober prober;            /* factored once; the seed is set per trial */
    sim_fpr_totals *slots;
} run_context;

typedef struct thread_scratch {
    sim_bit_filter bits;
    sim_counting_filter counters;
    uint64_t *positions;
} thread_scratch;

static uint64_t filter_memory(const sim_fpr_config *config)
{
    return config->filter == SIM_FILTER_COUNTING
        ? sim_counting_filter_memory(config->bits, config->counter_bits)
        : sim_bit_filter_memory(config->bits);
}

uint64_t sim_fpr_memory(const sim_fpr_config *config)
{
    uint64_t per_thread = sim_memory_add(filter_memory(config),
                                         (uint64_t)config->hashes * sizeof(uint64_t) + 4096);
    uint64_t threads = config->threads < 1 ? 1 : config->threads;
    uint64_t slots = sim_memory_multiply(sim_block_count(config->trials), sizeof(sim_fpr_totals));
    return sim_memory_add(sim_memory_multiply(per_thread, threads), slots);
}

static void *start_thread(void *argument)
{
    const run_context *context = argument;
    const sim_fpr_config *config = context->config;
    thread_scratch *scratch = calloc(1, sizeof *scratch);
    if (scratch == NULL)
        return NULL;
    scratch->positions = malloc(config->hashes * sizeof *scratch->positions);
    int failed = scratch->positions == NULL;
    if (!failed && config->filter == SIM_FILTER_COUNTING)
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
    free(scratch->positions);
    free(scratch);
}

/* The filter operations, for either kind of filter. */
static void filter_reset(const sim_fpr_config *config, thread_scratch *scratch)
{
    if (config->filter == SIM_FILTER_COUNTING)
        sim_counting_filter_reset(&scratch->counters);
    else
        sim_bit_filter_reset(&scratch->bits);
}

static void filter_insert(const sim_fpr_config *config, thread_scratch *scratch)
{
    if (config->filter == SIM_FILTER_COUNTING)
        sim_counting_filter_insert(&scratch->counters, scratch->positions, config->hashes);
    else
        sim_bit_filter_insert(&scratch->bits, scratch->positions, config->hashes);
}

static int filter_contains(const sim_fpr_config *config, const thread_scratch *scratch)
{
    return config->filter == SIM_FILTER_COUNTING
        ? sim_counting_filter_contains(&scratch->counters, scratch->positions, config->hashes)
        : sim_bit_filter_contains(&scratch->bits, scratch->positions, config->hashes);
}

static uint64_t filter_occupancy(const sim_fpr_config *config, const thread_scratch *scratch)
{
    return config->filter == SIM_FILTER_COUNTING
        ? sim_counting_filter_count_nonzero(&scratch->counters)
        : sim_bit_filter_count_set(&scratch->bits);
}

static int poll_stop(uint64_t index)
{
    return index % SIM_INTERRUPT_POLL_INTERVAL == 0 && sim_interrupt_requested();
}

/* Computes the probes of key `index` of `stream` into scratch->positions. */
static void probe_key(const sim_prober *prober, const sim_key_stream *stream, uint64_t index,
                      thread_scratch *scratch)
{
    sim_key key;
    sim_key_at(stream, index, &key);
    sim_prober_positions(prober, key.bytes, key.length, scratch->positions);
}

/* Builds trial `trial`'s filter.  Returns 0, or -1 if stopped. */
static int build_filter(const run_context *context, const sim_prober *prober, uint64_t trial,
                        thread_scratch *scratch)
{
    const sim_fpr_config *config = context->config;
    sim_key_stream inserted;
    sim_key_stream_init(&inserted, SIM_KEYS_INSERTED,
                        sim_derive_seed(config->seed, SIM_SEED_INSERTED_KEYS, trial), config->key_file);
    filter_reset(config, scratch);
    for (uint64_t i = 0; i < config->keys; i++) {
        if (poll_stop(i))
            return -1;
        probe_key(prober, &inserted, i, scratch);
        filter_insert(config, scratch);
    }
    return 0;
}

/* Queries every inserted key again; returns how many the filter denied. */
static uint64_t count_false_negatives(const run_context *context, const sim_prober *prober,
                                      uint64_t trial, thread_scratch *scratch)
{
    const sim_fpr_config *config = context->config;
    sim_key_stream inserted;
    sim_key_stream_init(&inserted, SIM_KEYS_INSERTED,
                        sim_derive_seed(config->seed, SIM_SEED_INSERTED_KEYS, trial), config->key_file);
    uint64_t denied = 0;
    for (uint64_t i = 0; i < config->keys; i++) {
        probe_key(prober, &inserted, i, scratch);
        denied += !filter_contains(config, scratch);
    }
    return denied;
}

/* Asks `queries` absent keys; returns the positives, *asked the keys asked. */
static uint64_t count_false_positives(const run_context *context, const sim_prober *prober,
                                      uint64_t trial, thread_scratch *scratch, uint64_t *asked)
{
    const sim_fpr_config *config = context->config;
    sim_key_stream absent;
    sim_key_stream_init(&absent, SIM_KEYS_ABSENT,
                        sim_derive_seed(config->seed, SIM_SEED_QUERY_KEYS, trial), NULL);
    uint64_t positives = 0, j = 0;
    for (; j < config->queries; j++) {
        if (poll_stop(j + 1))
            break;
        probe_key(prober, &absent, j, scratch);
        positives += filter_contains(config, scratch);
    }
    *asked = j;
    return positives;
}

/* Runs trial `trial`, adding its counts to the slot of `block` (parallel.h). */
static void run_trial(void *argument, void *scratch_pointer, uint64_t trial, uint64_t block)
{
    const run_context *context = argument;
    thread_scratch *scratch = scratch_pointer;
    sim_fpr_totals *slot = &context->slots[block];
    const sim_fpr_config *config = context->config;
    sim_prober prober = context->prober;
    prober.seed = sim_derive_seed(config->seed, SIM_SEED_HASH, trial);
    if (build_filter(context, &prober, trial, scratch) != 0)
        return;
    if (config->check_members) {
        slot->false_negatives += count_false_negatives(context, &prober, trial, scratch);
        slot->members_checked += config->keys;
    }
    uint64_t occupancy = filter_occupancy(config, scratch);
    uint64_t asked = 0;
    uint64_t positives = count_false_positives(context, &prober, trial, scratch, &asked);
    if (config->filter == SIM_FILTER_COUNTING)
        slot->counter_overflows += scratch->counters.overflows;
    if (asked < config->queries) {
        slot->incomplete_queries += asked;
        slot->incomplete_false_positives += positives;
        return;
    }
    double power = pow((double)occupancy / (double)config->bits, (double)config->hashes);
    slot->trials++;
    slot->queries += asked;
    slot->false_positives += positives;
    slot->false_positive_squares += (unsigned __int128)positives * positives;
    slot->occupancy_power_sum += power;
    slot->occupancy_power_squares += power * power;
    slot->set_bits += occupancy;
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
    into->incomplete_queries += from->incomplete_queries;
    into->incomplete_false_positives += from->incomplete_false_positives;
}

int sim_fpr_run(const sim_fpr_config *config, sim_fpr_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    run_context context;
    context.config = config;
    sim_prober_init(&context.prober, config->scheme, config->hash_function, config->bits,
                    config->hashes, 0, config->guard);
    uint64_t blocks = sim_block_count(config->trials);
    context.slots = calloc(blocks, sizeof *context.slots);
    if (context.slots == NULL)
        return -1;
    sim_parallel_job job = { config->trials, config->threads, &context, start_thread, end_thread, run_trial,
                             config->progress, config->progress_context };
    int status = sim_parallel_run(&job);
    for (uint64_t block = 0; block < blocks; block++)
        add_totals(totals, &context.slots[block]);
    free(context.slots);
    totals->partial = totals->trials < config->trials;
    if (totals->trials == 0) {
        totals->pooled_only = 1;
        totals->queries = totals->incomplete_queries;
        totals->false_positives = totals->incomplete_false_positives;
    }
    return status;
}

sim_estimate sim_fpr_estimate(const sim_fpr_totals *totals, const sim_fpr_config *config,
                              const sim_predictions *predictions, double confidence,
                              sim_interval_method *method)
{
    int enough_trials = totals->trials >= SIM_MIN_TRIALS_FOR_T
        || (totals->trials >= 2
            && totals->false_positives >= SIM_MIN_COUNTS_PER_TRIAL_FOR_T * totals->trials);
    if (!totals->pooled_only && enough_trials) {
        *method = SIM_INTERVAL_BETWEEN_TRIALS;
        return sim_estimate_between_trials(totals->false_positives, totals->false_positive_squares,
                                           totals->trials, config->queries, confidence);
    }
    *method = SIM_INTERVAL_WILSON_DESIGN_EFFECT;
    uint64_t per_filter = totals->pooled_only ? totals->queries : config->queries;
    double design_effect = isnan(predictions->second_moment)
        ? (double)per_filter
        : sim_design_effect(per_filter, predictions->value[SIM_PREDICTION_EXACT],
                            predictions->second_moment);
    return sim_estimate_wilson(totals->false_positives, totals->queries, design_effect, confidence);
}

sim_estimate sim_fpr_rao_blackwell(const sim_fpr_totals *totals, double confidence)
{
    return sim_estimate_between_trials_real(totals->occupancy_power_sum,
                                            totals->occupancy_power_squares, totals->trials,
                                            confidence);
}

double sim_smallest_prediction_gap(const sim_predictions *predictions)
{
    double smallest = 0;
    for (int i = 0; i < SIM_PREDICTION_COUNT; i++)
        for (int j = i + 1; j < SIM_PREDICTION_COUNT; j++) {
            double gap = fabs(predictions->value[i] - predictions->value[j]);
            if (gap > 0 && (smallest == 0 || gap < smallest))
                smallest = gap;
        }
    return smallest;
}

/* The trials needed for variance target `variance` at Q queries per trial. */
static double trials_for_variance(double between, double within, double queries, double variance)
{
    return ceil((between + within / queries) / variance);
}

void sim_fpr_choose_size(sim_fpr_config *config, const sim_predictions *predictions,
                         double confidence, int trials_given, int queries_given,
                         double work_budget)
{
    double p = predictions->value[SIM_PREDICTION_EXACT];
    double p2 = isnan(predictions->second_moment) ? p * p : predictions->second_moment;
    double between = fmax(p2 - p * p, 1e-300), within = fmax(p - p2, 1e-300);
    double keys = (double)config->keys, hashes = (double)config->hashes;
    if (!queries_given) {
        double best = sqrt(within * fmax(keys, 1) / between);
        config->queries = (uint64_t)fmin(fmax(ceil(best), 16), 1e8);
    }
    if (trials_given)
        return;
    double queries = (double)config->queries;
    double budget_trials = floor(work_budget / (hashes * (keys + queries)));
    if (budget_trials < 2) {
        config->trials = 1;
        if (!queries_given)
            config->queries = (uint64_t)fmax(work_budget / hashes - keys, 1e5);
        return;
    }
    double gap = sim_smallest_prediction_gap(predictions);
    double z = sim_normal_quantile(1 - (1 - confidence) / 2) + sim_normal_quantile(SIM_RESOLVING_POWER);
    double trials = gap > 0 ? trials_for_variance(between, within, queries, (gap / z) * (gap / z)) : 2;
    trials = fmax(trials, fmax(ceil(work_budget / 40 / queries), 2));
    config->trials = (uint64_t)fmin(trials, budget_trials);
}
