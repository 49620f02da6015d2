/*
 * shard_merge.c - shard files back into one run's blocks (shard_merge.h
 * for what is checked and how the blocks of a query split combine).
 *
 * A trial split by queries: shard i asked the absent keys
 * [floor(i Q / N), floor((i+1) Q / N)) of the same filter, so the trial's
 * false positives are x_t = sum_i x_t,i and its square x_t^2 is formed
 * from that sum (a sum of the shards' squares would not be it).  The
 * filter's occupancy and its powers are the same in every shard, bit for
 * bit, since each shard built it from the same keys and seed: they are
 * checked, then taken once.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "shard_check.h"
#include "shard_merge.h"

static int same_list(char *const *a, size_t a_count, char *const *b, size_t b_count, const char **a_item,
                     const char **b_item)
{
    for (size_t i = 0; i < a_count || i < b_count; i++) {
        *a_item = i < a_count ? a[i] : "(none)";
        *b_item = i < b_count ? b[i] : "(none)";
        if (strcmp(*a_item, *b_item) != 0)
            return 0;
    }
    return 1;
}

/* 0 when b belongs to a's run, else -1 after the message naming the difference. */
static int check_same_run(const sim_shard_file *a, const sim_shard_file *b, char *error, size_t error_size)
{
    const sim_shard_run *x = &a->run, *y = &b->run;
    const char *what = NULL, *a_item = "", *b_item = "";
    char a_number[64], b_number[64];
    if (strcmp(x->program, y->program) != 0) {
        what = "program";
        a_item = x->program;
        b_item = y->program;
    } else if (strcmp(x->command, y->command) != 0) {
        what = "command";
        a_item = x->command;
        b_item = y->command;
    } else if (!same_list(x->options, x->option_count, y->options, y->option_count, &a_item, &b_item)) {
        what = "option";
    } else if ((x->keys_digest == NULL) != (y->keys_digest == NULL)
               || (x->keys_digest != NULL && strcmp(x->keys_digest, y->keys_digest) != 0)) {
        what = "key file digest";
        a_item = x->keys_digest != NULL ? x->keys_digest : "(none)";
        b_item = y->keys_digest != NULL ? y->keys_digest : "(none)";
    } else if (strcmp(x->fingerprint, y->fingerprint) != 0) {
        what = "fingerprint";
        a_item = x->fingerprint;
        b_item = y->fingerprint;
    } else if (x->kind != y->kind || x->trials != y->trials || x->queries != y->queries
               || x->blocks != y->blocks || a->selection.count != b->selection.count) {
        what = "run size or shard count";
        snprintf(a_number, sizeof a_number, "%" PRIu64 " trials, %" PRIu64 " queries, %" PRIu64 " shards",
                 x->trials, x->queries, a->selection.count);
        snprintf(b_number, sizeof b_number, "%" PRIu64 " trials, %" PRIu64 " queries, %" PRIu64 " shards",
                 y->trials, y->queries, b->selection.count);
        a_item = a_number;
        b_item = b_number;
    }
    if (what == NULL)
        return 0;
    snprintf(error, error_size, "%s is not of the same run as %s (%s %s against %s)", b->name, a->name, what,
             b_item, a_item);
    return -1;
}

/* 0 when the file holds exactly its shard's part of the run, else -1. */
static int check_selection(const sim_shard_file *file, char *error, size_t error_size)
{
    const sim_shard_selection *got = &file->selection;
    sim_shard_selection expected;
    uint64_t most = 0;
    if (sim_shard_select(&expected, got->index, got->count, file->run.trials, file->run.queries,
                         got->split == SIM_SHARD_BY_QUERIES, &most) == 0
        && expected.split == got->split && expected.first_block == got->first_block
        && expected.end_block == got->end_block && expected.first_query == got->first_query
        && expected.end_query == got->end_query && (got->split == SIM_SHARD_BY_TRIALS || file->run.kind == SIM_SLOT_FPR))
        return 0;
    snprintf(error, error_size, "%s: its ranges are not those of shard %" PRIu64 "/%" PRIu64 " of its run",
             file->name, got->index + 1, got->count);
    return -1;
}

/* Adds shard `part`'s counts of a trial split by queries to `into`
 * (into->trials counts the shards added).  Returns 0, or -1 when the
 * filter differs from the one the shards before it built. */
static int add_query_part(sim_fpr_totals *into, const sim_fpr_totals *part)
{
    if (into->trials > 0
        && (into->set_bits != part->set_bits || into->counter_overflows != part->counter_overflows
            || into->ribbon_retries != part->ribbon_retries
            || memcmp(&into->occupancy_power_sum, &part->occupancy_power_sum, sizeof(double)) != 0
            || memcmp(&into->occupancy_power_squares, &part->occupancy_power_squares, sizeof(double)) != 0))
        return -1;
    into->trials++;
    into->queries += part->queries;
    into->false_positives += part->false_positives;
    into->set_bits = part->set_bits;
    into->counter_overflows = part->counter_overflows;
    into->ribbon_retries = part->ribbon_retries;     /* every shard banded the same Ribbon */
    into->occupancy_power_sum = part->occupancy_power_sum;
    into->occupancy_power_squares = part->occupancy_power_squares;
    into->false_negatives += part->false_negatives;
    into->members_checked += part->members_checked;
    return 0;
}

/* The trial of block `block` from the shards present (by_index[i] or NULL),
 * complete when all are, else kept as an incomplete trial. */
static int combine_queries(sim_fpr_totals *slot, const sim_shard_file *const *by_index, uint64_t count,
                           uint64_t block)
{
    memset(slot, 0, sizeof *slot);
    uint64_t present = 0;
    for (uint64_t i = 0; i < count; i++) {
        if (by_index[i] == NULL)
            continue;
        present++;
        const sim_fpr_totals *parts = (const sim_fpr_totals *)(const void *)by_index[i]->slots;
        if (add_query_part(slot, &parts[block]) != 0)
            return -1;
    }
    if (present == count) {
        slot->trials = 1;
        slot->false_positive_squares = (unsigned __int128)slot->false_positives * slot->false_positives;
        return 0;
    }
    slot->incomplete_queries = slot->queries;
    slot->incomplete_false_positives = slot->false_positives;
    slot->trials = slot->queries = slot->false_positives = slot->set_bits = 0;
    slot->occupancy_power_sum = slot->occupancy_power_squares = 0;
    return 0;
}

/* Places every file in by_index[] by its shard number.  Returns 0 or -1 (twice). */
static int place_files(const sim_shard_file **by_index, const sim_shard_file *files, size_t count, char *error,
                       size_t error_size)
{
    for (size_t f = 0; f < count; f++) {
        uint64_t index = files[f].selection.index;
        if (by_index[index] != NULL) {
            snprintf(error, error_size, "shard %" PRIu64 "/%" PRIu64 " is given twice (%s and %s)", index + 1,
                     files[f].selection.count, by_index[index]->name, files[f].name);
            return -1;
        }
        by_index[index] = &files[f];
    }
    return 0;
}

static int fill_slots(sim_shard_merge *merge, const sim_shard_file *const *by_index, char *error,
                      size_t error_size)
{
    const sim_shard_run *run = &merge->first->run;
    size_t size = sim_slot_size(run->kind);
    if (merge->first->selection.split == SIM_SHARD_BY_QUERIES) {
        for (uint64_t block = 0; block < run->blocks; block++)
            if (combine_queries((sim_fpr_totals *)(void *)(merge->slots + block * size), by_index, merge->count,
                                block) != 0) {
                snprintf(error, error_size, "the shards built different filters for trial %" PRIu64
                         " (different builds of bloomsim?)", block);
                return -1;
            }
        return 0;
    }
    for (uint64_t i = 0; i < merge->count; i++) {
        const sim_shard_file *file = by_index[i];
        for (size_t s = 0; file != NULL && s < file->slot_count; s++)
            memcpy(merge->slots + file->block_numbers[s] * size, file->slots + s * size, size);
    }
    return 0;
}

int sim_shard_merge_files(sim_shard_merge *merge, const sim_shard_file *files, size_t count, char *error,
                          size_t error_size)
{
    memset(merge, 0, sizeof *merge);
    merge->first = &files[0];
    merge->count = files[0].selection.count;
    for (size_t f = 0; f < count; f++)
        if (check_same_run(&files[0], &files[f], error, error_size) != 0
            || check_selection(&files[f], error, error_size) != 0
            || sim_shard_file_check_blocks(&files[f], error, error_size) != 0)
            return -1;
    const sim_shard_file **by_index = calloc(merge->count, sizeof *by_index);
    merge->slots = calloc(files[0].run.blocks, sim_slot_size(files[0].run.kind));
    merge->missing = malloc(merge->count * sizeof *merge->missing);
    int status = by_index == NULL || merge->slots == NULL || merge->missing == NULL ? -1 : 0;
    if (status != 0)
        snprintf(error, error_size, "out of memory");
    if (status == 0)
        status = place_files(by_index, files, count, error, error_size);
    for (uint64_t i = 0; status == 0 && i < merge->count; i++)
        if (by_index[i] == NULL)
            merge->missing[merge->missing_count++] = i;
    if (status == 0)
        status = fill_slots(merge, by_index, error, error_size);
    free(by_index);
    return status;
}

void sim_shard_merge_free(sim_shard_merge *merge)
{
    free(merge->slots);
    free(merge->missing);
    memset(merge, 0, sizeof *merge);
}
