/*
 * verify_layouts.c - the checks of the layout sweep (verify_layouts.h):
 * the grid of layouts x bits per key x key counts, and their filters.
 * Expected (calc/include/bloomcalc/layout_rates.h, FORMULAS.md §e): partitioned slightly above
 * the standard rate, blocked above it by the block-load variance (Putze,
 * Sanders and Singler 2007), split block above blocked at high bits per
 * key (Parquet BloomFilter.md), and the truncated filter the standard rate
 * of its reachable bits (calc/include/bloomcalc/hash_width.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "verify_layouts.h"

static const bloom_layout_kind sweep_kinds[] = {
    BLOOM_LAYOUT_PARTITIONED, BLOOM_LAYOUT_BLOCKED, BLOOM_LAYOUT_SPLIT_BLOCK, BLOOM_LAYOUT_STANDARD
};
static const unsigned sweep_bits_per_key[] = { 4, 8, 12, 16, 20 };
static const uint64_t sweep_keys[] = { 1000, 20000 };

#define KIND_COUNT (sizeof sweep_kinds / sizeof sweep_kinds[0])
#define RATE_COUNT (sizeof sweep_bits_per_key / sizeof sweep_bits_per_key[0])
#define KEY_COUNT (sizeof sweep_keys / sizeof sweep_keys[0])

size_t sim_layout_sweep_count(void)
{
    return KIND_COUNT * RATE_COUNT * KEY_COUNT;
}

/* The bit length of a value >= 1. */
static unsigned bit_length(uint64_t value)
{
    unsigned length = 0;
    for (; value != 0; value >>= 1)
        length++;
    return length;
}

void sim_layout_sweep_check(size_t index, sim_layout_check *check)
{
    memset(check, 0, sizeof *check);
    check->kind = sweep_kinds[index / (RATE_COUNT * KEY_COUNT)];
    unsigned per_key = sweep_bits_per_key[index / KEY_COUNT % RATE_COUNT];
    check->keys = sweep_keys[index % KEY_COUNT];
    check->bits = check->keys * per_key;
    double best = floor(per_key * log(2.0) + 0.5);
    check->hashes = check->kind == BLOOM_LAYOUT_SPLIT_BLOCK ? BLOOM_SPLIT_BLOCK_WORDS
                                                            : (unsigned)(best < 1 ? 1 : best);
    check->index_bits = check->kind == BLOOM_LAYOUT_STANDARD ? bit_length(check->bits) - 2 : 0;
    snprintf(check->name, sizeof check->name, "%s%s c=%u n=%llu k=%u",
             check->index_bits ? "truncated " : "", bloom_layout_names[check->kind], per_key,
             (unsigned long long)check->keys, check->hashes);
}

int sim_layout_check_configure(const sim_layout_check *check, sim_fpr_config *config, sim_layout *layout,
                               const sim_run_settings *run)
{
    memset(config, 0, sizeof *config);
    config->bits = check->bits;
    config->keys = check->keys;
    config->hashes = check->hashes;
    config->scheme = SIM_PROBE_INDEPENDENT;
    config->hash_function = SIM_HASH_XXH3;
    config->guard = 1;
    config->filter = SIM_FILTER_STANDARD;
    config->run = *run;
    config->run.trials = 0;
    config->layout = layout;
    char reason[128];
    return sim_layout_init(layout, check->kind, check->bits, check->hashes, 0, 0, check->index_bits, reason,
                           sizeof reason);
}

void sim_layout_check_size(sim_fpr_config *config, double work_budget)
{
    config->queries = config->keys;
    double trials = floor(work_budget / ((double)config->hashes * 2.0 * (double)config->keys));
    config->run.trials = trials > SIM_MIN_TRIALS_FOR_T ? (uint64_t)trials : SIM_MIN_TRIALS_FOR_T;
}
