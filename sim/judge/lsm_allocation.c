/*
 * lsm_allocation.c - level filters sized by calc's per-level rates
 * (lsm_allocation.h).  With p_i in hand, level i gets
 * m_i = ceil(n_i ln(1/p_i)/ln^2 2) bits and the best integer k_i, the
 * sizing of sim_lsm_size_levels for one level; the expected probes of a
 * lookup are then 1 + sum_{i<L} p_i (key on the last level) and sum_i p_i
 * (absent key) by linearity (FORMULAS.md §c), which is what calc/include/bloomcalc/monkey.h
 * predicts.  The filters achieve their exact rates, slightly off p_i
 * (integer k and the ceiling), which the caller reports too.
 */
#include "lsm_allocation.h"
#include "predictions.h"
#include "sizing.h"

int sim_lsm_size_levels(sim_lsm_level *levels, unsigned count, mpq_srcptr p)
{
    mpz_t keys, bits;
    mpz_init(keys);
    mpz_init(bits);
    int status = BLOOM_OK;
    for (unsigned i = 0; i < count && status == BLOOM_OK; i++) {
        unsigned long hashes = 0;
        sim_mpz_set_u64(keys, levels[i].keys);
        status = bloom_total_bits(bits, keys, p);
        if (status == BLOOM_OK)
            status = bloom_best_hashes(&hashes, bits, keys);
        levels[i].bits = mpz_get_ui(bits);
        levels[i].hashes = (unsigned)hashes;
        levels[i].layout = NULL;
    }
    mpz_clear(keys);
    mpz_clear(bits);
    return status;
}

const char *const sim_lsm_allocation_names[] = { "uniform", "monkey", "no-last-level",
                                                 "last-level-dropped", NULL };

/* p_i of level `level` (1..L), correctly rounded. */
static int level_rate(double *rate, const bloom_lsm_tree *tree, bloom_lsm_allocation allocation,
                      unsigned long level)
{
    bloom_lsm_query query = { tree, allocation, level, NULL, NULL };
    bloom_quantity quantity = { bloom_enclose_lsm_level_rate, &query, NULL };
    return sim_quantity_double(rate, &quantity);
}

/* Sizes one level for its keys at `rate` (>= 1: no filter). */
static int size_level(sim_lsm_level *level, double rate)
{
    if (rate >= 1) {
        level->bits = 0;
        level->hashes = 0;
        return BLOOM_OK;
    }
    mpq_t p;
    mpq_init(p);
    mpq_set_d(p, rate);
    int status = sim_lsm_size_levels(level, 1, p);
    mpq_clear(p);
    return status;
}

int sim_lsm_size_allocation(sim_lsm_level *levels, unsigned count, const bloom_lsm_tree *tree,
                            bloom_lsm_allocation allocation, double *rates)
{
    int status = BLOOM_OK;
    for (unsigned i = 0; i < count && status == BLOOM_OK; i++) {
        status = level_rate(&rates[i], tree, allocation, i + 1);
        if (status == BLOOM_OK)
            status = size_level(&levels[i], rates[i]);
    }
    return status;
}
