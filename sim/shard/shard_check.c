/*
 * shard_check.c - the bounds a shard file's block counts obey (shard_check.h
 * for each kind's).
 *
 * Sums of squares: write x_i = low + z_i with z_i in [0, w], w = high -
 * low, and Z = sum z_i = sum - count low.  Then sum x_i^2 = count low^2 +
 * 2 low Z + sum z_i^2, and sum z_i^2 is least when the z_i differ by at
 * most one (moving a unit from a larger z to a smaller one lowers the sum
 * of squares), Z = a count + r giving (count - r) a^2 + r (a + 1)^2; it is
 * most when as many z_i as possible are w (moving a unit from a smaller z
 * to a larger one raises it), Z = b w + c giving b w^2 + c^2.  No term
 * overflows 128 bits: each is a part of a sum of squares of whole numbers
 * adding up to sum < 2^64, which is at most sum^2 < 2^128.
 */
#include <inttypes.h>
#include <stdio.h>

#include "harness.h"
#include "lsm_tree.h"
#include "scalable.h"
#include "shard_check.h"

typedef unsigned __int128 u128;

/* The least sum of squares of `count` numbers in [0, oo) adding up to `sum`. */
static u128 least_squares(uint64_t count, uint64_t sum)
{
    uint64_t even = sum / count, extra = sum % count;
    return (u128)(count - extra) * even * even + (u128)extra * ((u128)even + 1) * ((u128)even + 1);
}

/* The most sum of squares of numbers in [0, width] adding up to `sum` (enough of them). */
static u128 most_squares(uint64_t width, uint64_t sum)
{
    if (width == 0)
        return 0;
    uint64_t full = sum / width, rest = sum % width;
    return (u128)full * width * width + (u128)rest * rest;
}

int sim_squares_bounds(uint64_t count, uint64_t low, uint64_t high, uint64_t sum, u128 *least, u128 *most)
{
    *least = *most = 0;
    if (low > high || (u128)count * low > sum || sum > (u128)count * high)
        return -1;
    if (count == 0)
        return 0;
    uint64_t shifted = sum - count * low;
    u128 base = (u128)count * low * low + (u128)2 * low * shifted;
    *least = base + least_squares(count, shifted);
    *most = base + most_squares(high - low, shifted);
    return 0;
}

int sim_squares_possible(uint64_t count, uint64_t low, uint64_t high, uint64_t sum, u128 squares)
{
    u128 least, most;
    return sim_squares_bounds(count, low, high, sum, &least, &most) == 0 && least <= squares && squares <= most
        && (squares & 1) == (sum & 1);
}

/* A block's trials t, the queries q each asked, whether it may have asked the members. */
typedef struct block_shape {
    uint64_t trials, queries;
    int members;
} block_shape;

/* Nonzero when `total` is t q. */
static int all_asked(const block_shape *shape, uint64_t total)
{
    return (u128)shape->trials * shape->queries == total;
}

static const char *fpr_powers_reason(const sim_fpr_totals *slot, uint64_t trials)
{
    if (!(slot->occupancy_power_sum >= 0 && slot->occupancy_power_sum <= (double)trials))
        return "occupancy_power_sum outside [0, trials]";
    if (!(slot->occupancy_power_squares >= 0 && slot->occupancy_power_squares <= slot->occupancy_power_sum))
        return "occupancy_power_squares outside [0, occupancy_power_sum]";
    if (slot->set_bits == 0 && slot->occupancy_power_sum != 0)
        return "occupancy powers of filters with no bit set";
    return NULL;
}

/* The counts fpr and grow blocks share: queries asked, the false positives among them and
 * their squares, the false negatives among the members checked. */
static const char *positives_reason(const block_shape *shape, uint64_t queries, uint64_t false_positives,
                                    u128 false_positive_squares, uint64_t false_negatives,
                                    uint64_t members_checked)
{
    if (!all_asked(shape, queries))
        return "queries is not trials times the queries of a trial";
    if (false_positives > queries)
        return "false_positives above queries";
    if (!sim_squares_possible(shape->trials, 0, shape->queries, false_positives, false_positive_squares))
        return "false_positive_squares is not a sum of squares of the trials' false positives";
    if (false_negatives > members_checked)
        return "false_negatives above members_checked";
    return NULL;
}

static const char *fpr_reason(const sim_fpr_totals *slot, const block_shape *shape)
{
    const char *reason = positives_reason(shape, slot->queries, slot->false_positives,
                                          slot->false_positive_squares, slot->false_negatives,
                                          slot->members_checked);
    if (reason != NULL)
        return reason;
    if (slot->incomplete_queries != 0 || slot->incomplete_false_positives != 0)
        return "incomplete counts in a block of complete trials";
    if (!shape->members && slot->members_checked != 0)
        return "members checked by a query shard other than the first";
    return fpr_powers_reason(slot, shape->trials);
}

static const char *lsm_reason(const sim_lsm_totals *slot, const block_shape *shape)
{
    uint64_t deepest = shape->queries <= UINT64_MAX / SIM_LSM_MAX_LEVELS ? shape->queries * SIM_LSM_MAX_LEVELS
                                                                         : UINT64_MAX;
    if (!all_asked(shape, slot->lookups))
        return "lookups is not trials times the lookups of a trial";
    if (!sim_squares_possible(shape->trials, shape->queries, deepest, slot->probes_hit, slot->squares_hit))
        return "probes_hit and squares_hit are not those of hit lookups (each reads 1 level to the most)";
    if (!sim_squares_possible(shape->trials, 0, deepest, slot->probes_miss, slot->squares_miss))
        return "probes_miss and squares_miss are not those of miss lookups (each reads 0 levels to the most)";
    if (slot->false_negatives > slot->lookups)
        return "false_negatives above lookups";
    return NULL;
}

static const char *grow_reason(const sim_scalable_totals *slot, const block_shape *shape)
{
    return positives_reason(shape, slot->queries, slot->false_positives, slot->false_positive_squares,
                            slot->false_negatives, slot->members_checked);
}

const char *sim_shard_block_impossible(const sim_shard_file *file, size_t index)
{
    const sim_shard_selection *selection = &file->selection;
    const void *slot = file->slots + index * sim_slot_size(file->run.kind);
    block_shape shape = { sim_slot_trials(file->run.kind, slot), sim_shard_queries(selection),
                          selection->split != SIM_SHARD_BY_QUERIES || selection->index == 0 };
    switch (file->run.kind) {
    case SIM_SLOT_FPR:
        return fpr_reason(slot, &shape);
    case SIM_SLOT_LSM:
        return lsm_reason(slot, &shape);
    case SIM_SLOT_GROW:
        return grow_reason(slot, &shape);
    }
    return "a block of an unknown kind";
}

int sim_shard_file_check_blocks(const sim_shard_file *file, char *error, size_t error_size)
{
    for (size_t i = 0; i < file->slot_count; i++) {
        const char *reason = sim_shard_block_impossible(file, i);
        if (reason != NULL) {
            snprintf(error, error_size, "%s block %" PRIu64 ": impossible counts: %s (edited?)", file->name,
                     file->block_numbers[i], reason);
            return -1;
        }
    }
    return 0;
}
