/*
 * command_lsm_described.c - "bloomsim lsm" levels as the description says
 * (command_lsm_described.h).  The sizing is calc's (lsm_levels.h), the
 * build bloomsim plan's (bloomsim_layout_settle), so that a level's m, k
 * and predicted rate are those "bloomcalc lsm" and "bloomcalc plan" print
 * for the same keys and budget (tests/cli_description.sh).
 */
#include <stdlib.h>
#include <string.h>

#include "command_layout.h"
#include "command_lsm_described.h"
#include "library_rules.h"

void bloomsim_lsm_described_init(bloomsim_lsm_described *described)
{
    memset(described, 0, sizeof *described);
    described->description = (bloom_layout_description)BLOOM_LAYOUT_DESCRIPTION_DEFAULTS;
    described->family = -1;
}

void bloomsim_lsm_described_clear(bloomsim_lsm_described *described)
{
    for (unsigned i = 0; described->filters != NULL && i < described->count; i++)
        bloom_lsm_level_filter_clear(&described->filters[i]);
    free(described->filters);
    described->filters = NULL;
}

/* Level i's filter as described: sized, settled, built (or none). */
static int describe_level(bloomsim_lsm_described *described, sim_lsm_level *level, unsigned i,
                          const bloom_lsm_tree *tree, int allocation, const bloomsim_run_options *run,
                          const bloom_command_line *line)
{
    bloom_lsm_level_filter *filter = &described->filters[i];
    mpz_t keys;
    mpz_init(keys);
    sim_mpz_set_u64(keys, level->keys);
    int status = bloom_lsm_level_filter_size(filter, tree, (bloom_lsm_allocation)allocation, i + 1, keys,
                                             &described->description, line);
    mpz_clear(keys);
    level->bits = 0;
    level->hashes = 0;
    level->layout = NULL;
    if (status == 0 && filter->filtered) {
        status = bloomsim_layout_settle(&described->layouts[i], &filter->filter, run, line);
        level->bits = described->layouts[i].bits;
        level->hashes = described->layouts[i].hashes;
        level->layout = &described->layouts[i];
        described->family = bloomsim_layout_library_family(&filter->filter);
    }
    described->rates[i] = filter->rate;
    return status;
}

int bloomsim_lsm_describe(bloomsim_lsm_described *described, sim_lsm_level *levels, unsigned count,
                          const bloom_lsm_tree *tree, int allocation, const bloomsim_run_options *run,
                          const bloom_command_line *line)
{
    described->filters = calloc(count, sizeof *described->filters);
    if (described->filters == NULL)
        abort();
    described->count = count;
    for (unsigned i = 0; i < count; i++)
        bloom_lsm_level_filter_init(&described->filters[i]);
    int status = 0;
    for (unsigned i = 0; i < count && status == 0; i++)
        status = describe_level(described, &levels[i], i, tree, allocation, run, line);
    return status;
}

sim_probe_scheme bloomsim_lsm_described_scheme(const bloomsim_lsm_described *described)
{
    return described->family >= 0 ? SIM_PROBE_OF_LIBRARY(described->family)
                                   : (sim_probe_scheme)described->description.scheme;
}

int bloomsim_lsm_described_ribbon(const bloomsim_lsm_described *described)
{
    if (!described->given)
        return 0;
    for (unsigned i = 0; i < described->count; i++)
        if (described->filters[i].filtered)
            return described->filters[i].filter.layout.kind == BLOOM_LAYOUT_RIBBON;
    return 0;
}

void bloomsim_lsm_put_description(bloom_fields *fields, const bloomsim_lsm_described *described)
{
    if (!described->given)
        return;
    bloom_fields_text(fields, "library", "library", bloom_library_names[described->description.library]);
    for (unsigned i = 0; i < described->count; i++)
        if (described->filters[i].filtered) {
            bloom_fields_text(fields, "layout", "layout of every level's filter",
                              bloom_layout_names[described->filters[i].filter.layout.kind]);
            return;
        }
}
