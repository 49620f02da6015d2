/*
 * file_filter.c - one file's filter of a deployment, rebuilt in place for
 * each file (file_filter.h): the positions are the layout's where it has
 * its own (layout_filters.h), else the prober's, as lsm_tree.c probes a
 * level's filter.
 */
#include "file_filter.h"
#include "interrupt.h"
#include "ribbon_build.h"

static int is_ribbon(const sim_lsm_level *shape)
{
    return shape->layout != NULL && shape->layout->kind == BLOOM_LAYOUT_RIBBON;
}

uint64_t sim_file_filter_memory(const sim_lsm_level *shape)
{
    if (!sim_lsm_level_filtered(shape))
        return 0;
    return is_ribbon(shape) ? sim_ribbon_memory(shape->layout->slots) : sim_bit_filter_memory(shape->bits);
}

int sim_file_filter_init(sim_file_filter *filter, const sim_lsm_level *shape, sim_probe_scheme scheme,
                         sim_hash_function function, int guard)
{
    filter->shape = shape;
    if (!sim_lsm_level_filtered(shape))
        return 0;
    sim_prober_init(&filter->prober, scheme, function, sim_layout_probed_bits(shape->layout, shape->bits),
                    shape->hashes, 0, guard);
    if (is_ribbon(shape))
        return sim_ribbon_init(&filter->ribbon, shape->layout->slots, shape->layout->ribbon_lower_columns,
                               shape->layout->ribbon_upper_start_block) != 0 ? -1 : 0;
    return sim_bit_filter_init(&filter->bits, shape->bits) != 0 ? -1 : 0;
}

void sim_file_filter_free(sim_file_filter *filter)
{
    sim_bit_filter_free(&filter->bits);
    sim_ribbon_free(&filter->ribbon);
}

static void key_positions(const sim_file_filter *filter, const sim_key *key, uint64_t *positions)
{
    const sim_layout *layout = filter->shape->layout;
    if (layout != NULL && !sim_layout_uses_cursor(layout))
        sim_layout_positions(layout, &filter->prober, key->bytes, key->length, positions);
    else
        sim_prober_positions(&filter->prober, key->bytes, key->length, positions);
}

int sim_file_filter_build(sim_file_filter *filter, uint64_t seed, const sim_key_stream *inserted,
                          uint64_t first, uint64_t *positions, uint64_t *retries)
{
    const sim_lsm_level *shape = filter->shape;
    if (!sim_lsm_level_filtered(shape))
        return 0;
    sim_prober_set_seed(&filter->prober, seed);
    if (is_ribbon(shape))
        return sim_ribbon_build(&filter->ribbon, &filter->prober, inserted, first, shape->keys, retries);
    sim_bit_filter_reset(&filter->bits);
    for (uint64_t j = 0; j < shape->keys; j++) {
        if (j % SIM_INTERRUPT_POLL_INTERVAL == 0 && sim_interrupt_requested())
            return -1;
        sim_key key;
        sim_key_at(inserted, first + j, &key);
        key_positions(filter, &key, positions);
        sim_bit_filter_insert(&filter->bits, positions, shape->hashes);
    }
    return 0;
}

int sim_file_filter_says_maybe(const sim_file_filter *filter, const sim_key *key, uint64_t *positions)
{
    if (!sim_lsm_level_filtered(filter->shape))
        return 1;
    if (is_ribbon(filter->shape))
        return sim_ribbon_has_key(&filter->ribbon, &filter->prober, key);
    key_positions(filter, key, positions);
    return sim_bit_filter_contains(&filter->bits, positions, filter->shape->hashes);
}
