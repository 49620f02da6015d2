/*
 * monkey.c - uniform, Monkey and no-last-level allocations of an LSM
 * tree's filter memory, and the expected I/Os of lookups (monkey.h).
 *
 * Memory.  A level of n_i keys with rate p_i needs n_i ln(1/p_i)/ln^2 2 bits
 * (real k), so a budget of M bits gives the uniform rate
 * ln p_u = -(M/N) ln^2 2, and spending it on levels 1..t only gives those
 * levels, uniformly, ln p = ln p_u N / N_t with N_t = n_1 + ... + n_t.
 *
 * Monkey.  Minimise R = sum p_i subject to sum n_i ln(1/p_i) = M ln^2 2:
 * the Lagrange condition 1 = mu n_i / p_i gives p_i = mu n_i, and the
 * problem is convex, so this is the optimum while every p_i <= 1.  With
 * n_i = n_t T^(i-t) on the filtered levels 1..t, p_i = p_t T^(i-t) and the
 * budget gives (Dayan et al. 2017; FORMULAS.md §c)
 *
 *     ln p_t = ln p_u N / N_t + ln T  S1 / S0,
 *     S0 = sum_{d=0..t-1} T^-d,  S1 = sum_{d=0..t-1} d T^-d.
 *
 * With the constraint p_i <= 1 the KKT conditions give p_i = min(1, mu n_i):
 * the capped levels are the largest ones.  Starting from t = L, while the
 * formula gives p_t > 1 the level t is left unfiltered (it then uses no
 * memory) and t decreases; p_1 < 1 always, because ln T S1/S0 = 0 for
 * t = 1.  Each test is a certified comparison of ln p_t with 0.
 *
 * Equal levels (T = 1, sorted runs of one size): n_i = N/L, ln T = 0, so
 * Monkey's rates are all p_u (rates proportional to equal sizes) and every
 * formula above holds with S_t = 1 + T + ... + T^(t-1) = t.
 *
 * Last level dropped (RocksDB's optimize_filters_for_hits): levels 1..L-1
 * keep the uniform rate p_u, level L has no filter; it spends N_(L-1)/N of
 * the budget.
 *
 * Lookups, by linearity of expectation with one I/O per positive filter:
 * an absent key costs sum_i p_i; a key on level j costs 1 + sum_{i<j} p_i,
 * whose mean over keys spread by level size is 1 + sum_i p_i (N - N_i)/N;
 * the worst case is j = L.  With coverages every p_i is weighted by cov_i,
 * the probability that the key falls in one of level i's files
 * (FORMULAS.md §n).
 *
 * References: N. Dayan, M. Athanassoulis and S. Idreos, "Monkey: optimal
 * navigable key-value store", SIGMOD 2017, and ACM TODS 43(4), 2018;
 * RocksDB option optimize_filters_for_hits (no filter on the last level);
 * FORMULAS.md §c (reference values at T = 10, L = 5, 10 bits per key).
 */
#include <stdlib.h>

#include "monkey.h"
#include "sizing.h"

void bloom_lsm_tree_init(bloom_lsm_tree *tree)
{
    mpz_init(tree->keys);
    mpq_inits(tree->bits_per_key, tree->uniform_rate, (mpq_ptr)0);
    tree->levels = tree->size_ratio = tree->monkey_filtered = 0;
    tree->budget_is_rate = 0;
    tree->coverage = NULL;
}

static void clear_coverage(bloom_lsm_tree *tree)
{
    for (unsigned long i = 0; tree->coverage != NULL && i < tree->levels; i++)
        mpq_clear(tree->coverage[i]);
    free(tree->coverage);
    tree->coverage = NULL;
}

void bloom_lsm_tree_clear(bloom_lsm_tree *tree)
{
    clear_coverage(tree);
    mpz_clear(tree->keys);
    mpq_clears(tree->bits_per_key, tree->uniform_rate, (mpq_ptr)0);
}

void bloom_lsm_tree_set_coverage(bloom_lsm_tree *tree, const mpq_t *coverage)
{
    clear_coverage(tree);
    if (coverage == NULL)
        return;
    tree->coverage = malloc(tree->levels * sizeof *tree->coverage);
    if (tree->coverage == NULL)
        abort();
    for (unsigned long i = 0; i < tree->levels; i++) {
        mpq_init(tree->coverage[i]);
        mpq_set(tree->coverage[i], coverage[i]);
    }
}

/* rop = S_t = 1 + T + ... + T^(t-1), the keys of levels 1..t in units of n_1:
 * (T^t - 1)/(T - 1), or t for equal levels (T = 1). */
static void level_units(mpz_ptr rop, unsigned long size_ratio, unsigned long top)
{
    if (size_ratio == 1) {
        mpz_set_ui(rop, top);
        return;
    }
    mpz_ui_pow_ui(rop, size_ratio, top);
    mpz_sub_ui(rop, rop, 1);
    mpz_divexact_ui(rop, rop, size_ratio - 1);
}

void bloom_lsm_level_keys(mpq_ptr rop, const bloom_lsm_tree *tree, unsigned long level)
{
    level_units(mpq_denref(rop), tree->size_ratio, tree->levels);     /* N T^(i-1) / S_L */
    mpz_ui_pow_ui(mpq_numref(rop), tree->size_ratio, level - 1);
    mpz_mul(mpq_numref(rop), mpq_numref(rop), tree->keys);
    mpq_canonicalize(rop);
}

int bloom_lsm_level_whole_keys(mpz_ptr rop, const bloom_lsm_tree *tree, unsigned long level)
{
    mpq_t keys;
    mpz_t one;
    mpq_init(keys);
    mpz_init_set_ui(one, 1);
    bloom_lsm_level_keys(keys, tree, level);
    int empty = bloom_bits_for_bits_per_key(rop, one, keys);   /* round(1 x n_i), ties to even */
    mpq_clear(keys);
    mpz_clear(one);
    return empty;
}

/* rop = N_t / N = S_t / S_L, the share of the keys on levels 1..t. */
static void share_of_levels(mpq_ptr rop, const bloom_lsm_tree *tree, unsigned long top)
{
    level_units(mpq_numref(rop), tree->size_ratio, top);
    level_units(mpq_denref(rop), tree->size_ratio, tree->levels);
    mpq_canonicalize(rop);
}

/* result = ln p_u = -(M/N) ln^2 2, or ln of the given uniform rate. */
static void enclose_log_uniform(mpfi_ptr result, const bloom_lsm_tree *tree)
{
    if (tree->budget_is_rate) {
        mpfi_set_q(result, tree->uniform_rate);
        mpfi_log(result, result);
        return;
    }
    mpfi_const_log2(result);
    mpfi_sqr(result, result);
    mpfi_mul_q(result, result, tree->bits_per_key);
    mpfi_neg(result, result);
}

/* result = ln of the uniform rate of levels 1..t sharing the whole budget. */
static void enclose_log_uniform_over(mpfi_ptr result, const bloom_lsm_tree *tree, unsigned long top)
{
    mpq_t share;
    mpq_init(share);
    share_of_levels(share, tree, top);
    enclose_log_uniform(result, tree);
    mpfi_div_q(result, result, share);
    mpq_clear(share);
}

/* result = ln p_t, Monkey's rate for the largest of the filtered levels 1..t. */
static void enclose_log_monkey_top(mpfi_ptr result, const bloom_lsm_tree *tree, unsigned long top)
{
    mpq_t weighted, total, term;
    mpq_inits(weighted, total, term, (mpq_ptr)0);
    for (unsigned long d = 0; d < top; d++) {   /* T^-d */
        mpz_set_ui(mpq_numref(term), 1);
        mpz_ui_pow_ui(mpq_denref(term), tree->size_ratio, d);
        mpq_add(total, total, term);
        mpz_mul_ui(mpq_numref(term), mpq_numref(term), d);
        mpq_add(weighted, weighted, term);
    }
    mpq_div(weighted, weighted, total);
    mpfi_t correction;
    mpfi_init2(correction, mpfi_get_prec(result));
    mpfi_set_ui(correction, tree->size_ratio);
    mpfi_log(correction, correction);
    mpfi_mul_q(correction, correction, weighted);
    enclose_log_uniform_over(result, tree, top);
    mpfi_add(result, result, correction);
    mpfi_clear(correction);
    mpq_clears(weighted, total, term, (mpq_ptr)0);
}

typedef struct monkey_top { const bloom_lsm_tree *tree; unsigned long top; } monkey_top;

static int enclose_monkey_top(mpfi_ptr result, const void *arguments)
{
    const monkey_top *candidate = arguments;
    enclose_log_monkey_top(result, candidate->tree, candidate->top);
    return BLOOM_OK;
}

int bloom_lsm_tree_set(bloom_lsm_tree *tree, unsigned long levels, unsigned long size_ratio,
                       mpz_srcptr keys, mpq_srcptr bits_per_key, mpq_srcptr uniform_rate)
{
    if (levels < 1 || size_ratio < 1 || mpz_sgn(keys) <= 0)
        return BLOOM_UNDEFINED;
    clear_coverage(tree);
    tree->levels = levels;
    tree->size_ratio = size_ratio;
    mpz_set(tree->keys, keys);
    tree->budget_is_rate = bits_per_key == NULL;
    if (bits_per_key != NULL)
        mpq_set(tree->bits_per_key, bits_per_key);
    else
        mpq_set(tree->uniform_rate, uniform_rate);
    mpq_t zero;
    mpq_init(zero);
    int status = BLOOM_OK;
    unsigned long top = levels;
    for (; top > 1 && status == BLOOM_OK; top--) {
        monkey_top candidate = { tree, top };
        bloom_quantity log_rate = { enclose_monkey_top, &candidate, NULL };
        int sign = 0;
        status = bloom_quantity_compare_rational(&sign, &log_rate, zero);
        if (sign <= 0)
            break;           /* p_t <= 1: levels 1..t keep their filters */
    }
    tree->monkey_filtered = top;
    mpq_clear(zero);
    return status;
}

unsigned long bloom_lsm_filtered_levels(const bloom_lsm_tree *tree, bloom_lsm_allocation allocation)
{
    return allocation == BLOOM_ALLOCATION_UNIFORM ? tree->levels
         : allocation == BLOOM_ALLOCATION_MONKEY ? tree->monkey_filtered
         : tree->levels - 1;
}

void bloom_lsm_memory_share(mpq_ptr rop, const bloom_lsm_tree *tree, bloom_lsm_allocation allocation)
{
    if (allocation == BLOOM_ALLOCATION_LAST_LEVEL_DROPPED)
        share_of_levels(rop, tree, tree->levels - 1);
    else
        mpq_set_ui(rop, 1, 1);
}

/* result = ln p_i for a filtered level, or 0 (p = 1) for an unfiltered one. */
static void enclose_log_level_rate(mpfi_ptr result, const bloom_lsm_query *query, unsigned long level)
{
    const bloom_lsm_tree *tree = query->tree;
    unsigned long filtered = bloom_lsm_filtered_levels(tree, query->allocation);
    if (level > filtered) {
        mpfi_set_ui(result, 0);
    } else if (query->allocation == BLOOM_ALLOCATION_MONKEY) {
        mpfi_t step;                 /* ln p_i = ln p_t - (t - i) ln T */
        mpfi_init2(step, mpfi_get_prec(result));
        enclose_log_monkey_top(result, tree, filtered);
        mpfi_set_ui(step, tree->size_ratio);
        mpfi_log(step, step);
        mpfi_mul_ui(step, step, filtered - level);
        mpfi_sub(result, result, step);
        mpfi_clear(step);
    } else {       /* uniform over the filtered levels; dropping the last keeps the others' rate */
        enclose_log_uniform_over(result, tree, query->allocation == BLOOM_ALLOCATION_LAST_LEVEL_DROPPED
                                                   ? tree->levels : filtered);
    }
}

/* The first of two bloom_status values that is not BLOOM_OK. */
static int first_failure(int first, int second)
{
    return first != BLOOM_OK ? first : second;
}

/* result = level `level`'s rate: the deployed filter's (level_rates) or the model's p_i. */
static int enclose_rate_of_level(mpfi_ptr result, const bloom_lsm_query *query, unsigned long level)
{
    if (query->level_rates != NULL)
        return query->level_rates[level - 1].enclose(result, query->level_rates[level - 1].arguments);
    enclose_log_level_rate(result, query, level);
    mpfi_exp(result, result);
    return BLOOM_OK;
}

/* result *= cov_i, the share of the key space level i's files cover. */
static void weigh_by_coverage(mpfi_ptr result, const bloom_lsm_tree *tree, unsigned long level)
{
    if (tree->coverage != NULL)
        mpfi_mul_q(result, result, tree->coverage[level - 1]);
}

static mpfr_prec_t working_precision(mpfi_srcptr result)
{
    return mpfi_get_prec(result) + 32;
}

int bloom_enclose_lsm_level_rate(mpfi_ptr result, const void *arguments)
{
    const bloom_lsm_query *query = arguments;
    if (query->level < 1 || query->level > query->tree->levels)
        return BLOOM_UNDEFINED;
    return enclose_rate_of_level(result, query, query->level);
}

int bloom_enclose_lsm_level_bits_per_key(mpfi_ptr result, const void *arguments)
{
    const bloom_lsm_query *query = arguments;
    if (query->level < 1 || query->level > query->tree->levels)
        return BLOOM_UNDEFINED;
    mpfi_t log2_squared;
    mpfi_init2(log2_squared, working_precision(result));
    mpfi_const_log2(log2_squared);
    mpfi_sqr(log2_squared, log2_squared);
    enclose_log_level_rate(result, query, query->level);
    mpfi_neg(result, result);
    mpfi_div(result, result, log2_squared);
    mpfi_clear(log2_squared);
    return BLOOM_OK;
}

int bloom_enclose_lsm_bits_per_key(mpfi_ptr result, const void *arguments)
{
    const bloom_lsm_query *query = arguments;
    bloom_lsm_query uniform = { query->tree, BLOOM_ALLOCATION_UNIFORM, 1, NULL, NULL };
    return bloom_enclose_lsm_level_bits_per_key(result, &uniform);
}

/* result = sum_i cov_i weight_i p_i, weight_i = 1 (weighted = 0) or (N - N_i)/N. */
static int enclose_weighted_rates(mpfi_ptr result, const bloom_lsm_query *query, int weighted)
{
    const bloom_lsm_tree *tree = query->tree;
    mpfi_t rate;
    mpq_t weight;
    mpfi_init2(rate, mpfi_get_prec(result));
    mpq_init(weight);
    mpfi_set_ui(result, 0);
    int status = BLOOM_OK;
    for (unsigned long level = 1; level <= tree->levels; level++) {
        status = first_failure(status, enclose_rate_of_level(rate, query, level));
        weigh_by_coverage(rate, tree, level);
        if (weighted) {             /* the keys deeper than level i pay for its filter */
            share_of_levels(weight, tree, level);
            mpz_sub(mpq_numref(weight), mpq_denref(weight), mpq_numref(weight));
            mpfi_mul_q(rate, rate, weight);
        }
        mpfi_add(result, result, rate);
    }
    mpq_clear(weight);
    mpfi_clear(rate);
    return status;
}

int bloom_enclose_lsm_miss(mpfi_ptr result, const void *arguments)
{
    return enclose_weighted_rates(result, arguments, 0);
}

int bloom_exact_lsm_filters_consulted(mpq_ptr result, const void *arguments)
{
    const bloom_lsm_query *query = arguments;
    const bloom_lsm_tree *tree = query->tree;
    unsigned long filtered = bloom_lsm_filtered_levels(tree, query->allocation);
    mpq_set_ui(result, filtered, 1);
    if (tree->coverage != NULL) {
        mpq_set_ui(result, 0, 1);
        for (unsigned long level = 1; level <= filtered; level++)
            mpq_add(result, result, tree->coverage[level - 1]);
    }
    return BLOOM_OK;
}

int bloom_enclose_lsm_filters_consulted(mpfi_ptr result, const void *arguments)
{
    mpq_t total;
    mpq_init(total);
    int status = bloom_exact_lsm_filters_consulted(total, arguments);
    mpfi_set_q(result, total);
    mpq_clear(total);
    return status;
}

int bloom_enclose_lsm_hit_mean(mpfi_ptr result, const void *arguments)
{
    int status = enclose_weighted_rates(result, arguments, 1);
    mpfi_add_ui(result, result, 1);
    return status;
}

int bloom_enclose_lsm_hit_worst(mpfi_ptr result, const void *arguments)
{
    const bloom_lsm_query *query = arguments;
    mpfi_t last;
    mpfi_init2(last, mpfi_get_prec(result));
    int status = enclose_weighted_rates(result, query, 0);
    status = first_failure(status, enclose_rate_of_level(last, query, query->tree->levels));
    weigh_by_coverage(last, query->tree, query->tree->levels);
    mpfi_sub(result, result, last);   /* the deepest level's own filter is not paid */
    mpfi_add_ui(result, result, 1);
    mpfi_clear(last);
    return status;
}

int bloom_enclose_lsm_mixed(mpfi_ptr result, const void *arguments)
{
    const bloom_lsm_query *query = arguments;
    mpfi_t miss;
    mpfi_init2(miss, mpfi_get_prec(result));
    int status = bloom_enclose_lsm_hit_mean(result, query);
    status = first_failure(status, bloom_enclose_lsm_miss(miss, query));
    mpfi_sub(result, result, miss);        /* miss + h (hit - miss) */
    mpfi_mul_q(result, result, query->hit_ratio);
    mpfi_add(result, result, miss);
    mpfi_clear(miss);
    return status;
}
