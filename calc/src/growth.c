/*
 * growth.c - sub-filters, memory, compound rate and probes of a scalable
 * Bloom filter (growth.h).
 *
 * Sub-filter i (from 0) holds up to n_i = n0 s^i keys at design rate
 * p_i = p0 r^i; n keys need the smallest t with n0 + ... + n_(t-1) >= n.
 * A query for an absent key is a false positive when any sub-filter errs;
 * with each at most its design rate and the sub-filters independent,
 * P(FP) <= 1 - prod_{i<t} (1 - p_i) <= sum p_i < p0/(1 - r), exactly as
 * Almeida et al. bound it; all three are exact rationals here.  Each
 * sub-filter is sized by the textbook rule (sizing.h), with its best
 * integer k.  An absent key checks all t sub-filters, k_i bit probes each
 * when every bit is read; a present key in sub-filter i, checked newest
 * first (RedisBloom's order), reaches at most t - i of them, so the mean
 * over keys (1/n) sum_i keys_i (t - i) bounds the sub-filters it checks.
 *
 * Reference: P. S. Almeida, C. Baquero, N. Preguica and D. Hutchison,
 * "Scalable Bloom filters", Information Processing Letters 101(6), 2007.
 */
#include <assert.h>
#include <stdlib.h>

#include "growth.h"
#include "sizing.h"

void bloom_growth_init(bloom_growth *growth)
{
    growth->filters = 0;
    growth->subfilter = NULL;
    mpz_init(growth->bits);
    mpq_inits(growth->rate_bound, growth->rate_limit, growth->first_rate,
              growth->filters_checked_present, (mpq_ptr)0);
    growth->probes_absent = 0;
}

static void clear_subfilters(bloom_growth *growth)
{
    for (size_t i = 0; i < growth->filters; i++) {
        bloom_subfilter *filter = &growth->subfilter[i];
        mpz_clears(filter->capacity, filter->keys, filter->bits, (mpz_ptr)0);
        mpq_clear(filter->rate);
    }
    free(growth->subfilter);
    growth->subfilter = NULL;
    growth->filters = 0;
}

void bloom_growth_clear(bloom_growth *growth)
{
    clear_subfilters(growth);
    mpz_clear(growth->bits);
    mpq_clears(growth->rate_bound, growth->rate_limit, growth->first_rate,
               growth->filters_checked_present, (mpq_ptr)0);
}

/* Appends sub-filters until their capacities hold n keys; returns their count or 0. */
static size_t add_subfilters(bloom_growth *growth, mpz_srcptr initial_capacity, unsigned long factor,
                             mpq_srcptr first_rate, mpq_srcptr tightening, mpz_srcptr n)
{
    mpz_t remaining;
    mpz_init_set(remaining, n);
    size_t count = 0;
    while (mpz_sgn(remaining) > 0 && count < BLOOM_GROWTH_MAX_FILTERS) {
        bloom_subfilter *grown = realloc(growth->subfilter, (count + 1) * sizeof *grown);
        if (grown == NULL)
            abort();
        growth->subfilter = grown;
        bloom_subfilter *filter = &grown[count];
        mpz_inits(filter->capacity, filter->keys, filter->bits, (mpz_ptr)0);
        mpq_init(filter->rate);
        if (count == 0) {
            mpz_set(filter->capacity, initial_capacity);
            mpq_set(filter->rate, first_rate);
        } else {
            mpz_mul_ui(filter->capacity, grown[count - 1].capacity, factor);
            mpq_mul(filter->rate, grown[count - 1].rate, tightening);
        }
        mpz_set(filter->keys, mpz_cmp(remaining, filter->capacity) < 0 ? remaining : filter->capacity);
        mpz_sub(remaining, remaining, filter->keys);
        growth->filters = ++count;
    }
    int complete = mpz_sgn(remaining) == 0;
    assert(count <= BLOOM_GROWTH_MAX_FILTERS);
    mpz_clear(remaining);
    return complete ? count : 0;
}

/* Sizes every sub-filter's bits by the textbook rule. */
static int size_bits(bloom_growth *growth)
{
    int status = BLOOM_OK;
    for (size_t i = 0; i < growth->filters && status == BLOOM_OK; i++)
        status = bloom_total_bits(growth->subfilter[i].bits, growth->subfilter[i].capacity,
                                  growth->subfilter[i].rate);
    return status;
}

/* Chooses sub-filter i's k (its bits sized) and adds it to the totals. */
static int size_subfilter(bloom_growth *growth, size_t i, mpz_srcptr n)
{
    bloom_subfilter *filter = &growth->subfilter[i];
    int status = bloom_best_hashes(&filter->k, filter->bits, filter->capacity);
    mpz_add(growth->bits, growth->bits, filter->bits);
    growth->probes_absent += filter->k;
    mpq_t term;                     /* (1 - p_i) into the product; keys_i (t - i)/n into the mean */
    mpq_init(term);
    mpq_set_ui(term, 1, 1);
    mpq_sub(term, term, filter->rate);
    mpq_mul(growth->rate_bound, growth->rate_bound, term);
    mpz_mul_ui(mpq_numref(term), filter->keys, growth->filters - i);
    mpz_set(mpq_denref(term), n);
    mpq_canonicalize(term);
    mpq_add(growth->filters_checked_present, growth->filters_checked_present, term);
    mpq_clear(term);
    return status;
}

int bloom_growth_rate_below_limit(const bloom_growth *growth)
{
    if (growth->filters == 0)
        return 0;
    mpq_t limit;
    mpq_init(limit);
    mpz_ui_pow_ui(mpq_denref(limit), 10, BLOOM_MIN_RATE_EXPONENT);
    mpz_set_ui(mpq_numref(limit), 1);
    int below = mpq_cmp(growth->subfilter[growth->filters - 1].rate, limit) < 0;
    mpq_clear(limit);
    return below;
}

int bloom_growth_plan(bloom_growth *growth, mpz_srcptr initial_capacity, unsigned long growth_factor,
                      mpq_srcptr first_rate, mpq_srcptr tightening, mpz_srcptr n)
{
    clear_subfilters(growth);
    if (mpz_sgn(initial_capacity) <= 0 || growth_factor < 1 || mpz_sgn(n) <= 0
        || add_subfilters(growth, initial_capacity, growth_factor, first_rate, tightening, n) == 0)
        return BLOOM_UNDEFINED;
    if (bloom_growth_rate_below_limit(growth))
        return BLOOM_UNDEFINED;   /* refused before sizing: each sub-filter costs its best k */
    mpq_set(growth->first_rate, first_rate);
    mpz_set_ui(growth->bits, 0);
    mpq_set_ui(growth->rate_bound, 1, 1);
    mpq_set_ui(growth->filters_checked_present, 0, 1);
    growth->probes_absent = 0;
    int status = size_bits(growth);
    for (size_t i = 0; i < growth->filters && status == BLOOM_OK; i++)
        status = size_subfilter(growth, i, n);
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    mpq_sub(growth->rate_bound, one, growth->rate_bound);
    mpq_sub(growth->rate_limit, one, tightening);
    if (mpq_sgn(growth->rate_limit) > 0)
        mpq_div(growth->rate_limit, first_rate, growth->rate_limit);
    else
        mpq_set_ui(growth->rate_limit, 1, 1);   /* r = 1: no bound below 1 */
    mpq_clear(one);
    return status;
}
