/*
 * lsm_levels.c - the level filters of an LSM tree as deployed
 * (lsm_levels.h).  A level's filter is planned exactly as "bloomcalc plan"
 * plans one (plan.h, with the library's own sizing where the description
 * names a library), then the description is settled for it
 * (bloom_description_settle) and its rate is fpr_layout: for RocksDB at 10
 * bits a key, blocked with k = 6, 0.966 % where the textbook filter has
 * 0.819 %.  Monkey's per-level budgets are real numbers of bits a key; a
 * level's m is their certified round(n_i c_i) (floor(n_i c_i + 1/2)).
 * The levels' coverages (--coverage) are read here too, for lsm and for
 * plan's tree of a deployment's files.
 */
#include <stdlib.h>
#include <string.h>

#include "lsm_levels.h"
#include "library_rules.h"
#include "numbers.h"
#include "sizing.h"

void bloom_lsm_level_filter_init(bloom_lsm_level_filter *level)
{
    mpz_init(level->keys);
    mpq_init(level->one);
    mpq_set_ui(level->one, 1, 1);
    level->filtered = 0;
    bloom_plan_init(&level->plan);
    level->rate = (bloom_quantity){ bloom_enclose_rational, level->one, bloom_exact_rational };
    level->files = level->last_filtered = 0;
    bloom_deployment_init(&level->deployment);
    bloom_plan_init(&level->last_plan);
}

void bloom_lsm_level_filter_clear(bloom_lsm_level_filter *level)
{
    if (level->filtered)
        bloom_deployed_filter_clear(&level->filter);
    if (level->last_filtered)
        bloom_deployed_filter_clear(&level->last_filter);
    if (level->files && level->last_filtered)
        bloom_deployment_mean_clear(&level->mean);
    bloom_deployment_clear(&level->deployment);
    bloom_plan_clear(&level->last_plan);
    bloom_plan_clear(&level->plan);
    mpz_clear(level->keys);
    mpq_clear(level->one);
}

void bloom_lsm_level_filter_bits(mpz_ptr rop, const bloom_lsm_level_filter *level)
{
    if (!level->filtered) {
        mpz_set_ui(rop, 0);
        return;
    }
    if (!level->files) {
        mpz_set(rop, level->filter.allocated);
        return;
    }
    mpz_sub_ui(rop, level->deployment.filters, 1);      /* (F - 1) full files and the last */
    mpz_mul(rop, rop, level->filter.allocated);
    mpz_add(rop, rop, level->last_filtered ? level->last_filter.allocated : level->filter.allocated);
}

int bloom_lsm_level_keys_or_refuse(mpz_ptr rop, const bloom_lsm_tree *tree, unsigned long index,
                                   const bloom_command_line *line)
{
    if (!bloom_lsm_level_whole_keys(rop, tree, index))
        return 0;
    bloom_options_error(line, "-n/--keys: level %lu holds round(n_%lu) = 0 keys, which no real filter "
                        "holds; accepted: more keys, fewer levels or a smaller -T", index, index);
    return BLOOM_EXIT_USAGE;
}

/* n x + 1/2 for a quantity x per key (the argument of round(n x)). */
typedef struct keys_times { mpz_srcptr keys; const bloom_quantity *per_key; } keys_times;

static int enclose_half_up(mpfi_ptr result, const void *arguments)
{
    const keys_times *product = arguments;
    int status = product->per_key->enclose(result, product->per_key->arguments);
    mpfi_mul_z(result, result, product->keys);
    mpfi_add_d(result, result, 0.5);
    return status;
}

/* m and k for a budget of `per_key` bits a key: RocksDB's own sizing, or
 * m = round(n x) (rounded exactly as plan -c when x is exact) and k = 0
 * (the best integer).  Returns 0, 1 or 2 (after a line) as the caller. */
static int size_for_bits_per_key(mpz_ptr m, unsigned long *k, const bloom_quantity *per_key,
                                 mpq_srcptr exact, mpz_srcptr keys,
                                 const bloom_layout_description *description,
                                 const bloom_command_line *line)
{
    int k_given = 0;
    *k = 0;
    int status = bloom_description_library_sizing_per_key(m, k, &k_given, description, keys, per_key,
                                                          line);
    if (status != 0 || k_given)
        return status;
    if (exact != NULL) {
        bloom_bits_for_bits_per_key(m, keys, exact);
        return 0;
    }
    keys_times product = { keys, per_key };
    bloom_quantity rounded = { enclose_half_up, &product, NULL };
    if (bloom_quantity_ceil(m, &rounded, 1) != BLOOM_OK) {
        bloom_options_error(line, "a level's filter size round(n_i c_i) could not be certified");
        return 1;
    }
    return 0;
}

/* The level's m and k (k 0: the best integer) and whether k is fixed; m 0: no filter.  setting:
 * NULL, or the bits per key every file of the level is sized at (size_files). */
static int size_level(mpz_ptr m, unsigned long *k, int *k_fixed, mpq_ptr rate, const bloom_lsm_tree *tree,
                      bloom_lsm_allocation allocation, unsigned long index, mpz_srcptr keys, mpq_srcptr setting,
                      const bloom_layout_description *description, const bloom_command_line *line)
{
    *k = 0;
    *k_fixed = 0;
    mpz_set_ui(m, 0);
    if (index > bloom_lsm_filtered_levels(tree, allocation))
        return 0;
    int as_given = allocation == BLOOM_ALLOCATION_UNIFORM
                || allocation == BLOOM_ALLOCATION_LAST_LEVEL_DROPPED;
    if (setting != NULL) {
        bloom_quantity exact = { bloom_enclose_rational, setting, bloom_exact_rational };
        int status = size_for_bits_per_key(m, k, &exact, setting, keys, description, line);
        *k_fixed = *k != 0;
        return status;
    }
    if (as_given && tree->budget_is_rate) {     /* "plan -n n_i -p P": m 0 asks for the plan for a rate */
        mpq_set(rate, tree->uniform_rate);
        int status = bloom_description_library_sizing(m, k, k_fixed, description, keys, rate, NULL, line);
        if (status == 0 && !*k_fixed)
            mpz_set_si(m, -1);
        return status;
    }
    bloom_lsm_query query = { tree, allocation, index, NULL, NULL };
    bloom_quantity share = { bloom_enclose_lsm_level_bits_per_key, &query, NULL };
    bloom_quantity given = { bloom_enclose_rational, tree->bits_per_key, bloom_exact_rational };
    int status = size_for_bits_per_key(m, k, as_given ? &given : &share, as_given ? tree->bits_per_key : NULL,
                                       keys, description, line);
    *k_fixed = *k != 0;
    return status;
}

/* One filter of the level, of `keys` keys (all the level's, or one file's), planned into plan
 * and settled into filter (*filtered set once it is), its rate into *rate; no filter: *rate
 * untouched.  Returns 0, 1 or 2 (after a line). */
static int size_filter(bloom_plan *plan, bloom_deployed_filter *filter, int *filtered, bloom_quantity *rate,
                       const bloom_lsm_tree *tree, bloom_lsm_allocation allocation, unsigned long index,
                       mpz_srcptr keys, mpq_srcptr setting, const bloom_layout_description *description,
                       const bloom_command_line *line)
{
    mpz_t m;
    mpq_t target;
    mpz_init(m);
    mpq_init(target);
    unsigned long k = 0;
    int k_fixed = 0;
    int status = size_level(m, &k, &k_fixed, target, tree, allocation, index, keys, setting, description,
                            line);
    int planned = BLOOM_OK;
    if (status == 0 && mpz_sgn(m) < 0)
        planned = bloom_plan_for_rate(plan, keys, target, 0, 1);
    else if (status == 0 && mpz_sgn(m) > 0)
        planned = bloom_plan_for_memory(plan, keys, m, k_fixed ? k : 0, 1);
    if (status == 0 && planned != BLOOM_OK) {
        bloom_options_error(line, "the filter of level %lu could not be planned or certified", index);
        status = planned == BLOOM_UNDEFINED ? 2 : 1;
    }
    if (status == 0 && mpz_sgn(m) != 0) {
        status = bloom_description_settle(filter, description, plan->m_bits, keys, plan->k, plan->k_fixed,
                                          line);
        *filtered = 1;
        if (status == 0)
            *rate = bloom_fpr_layout_quantity(&filter->layout);
    }
    mpz_clear(m);
    mpq_clear(target);
    return status;
}

/*
 * The key counts of the filters an engine builds for the tree's keys under a unit, into
 * counts[] (2 L + 1 of them, initialised by the caller; *used says how many were set): an L0
 * file's, the unit's keys (at most the tree's), then each level's full files and its last one.
 * Returns 0, or 1 after a line.
 */
static int tree_files(mpz_t *counts, size_t *used, const bloom_lsm_tree *tree,
                      const bloom_layout_description *description, const bloom_command_line *line)
{
    bloom_deployment split;
    bloom_deployment_init(&split);
    int status = bloom_deployment_split(&split, description, tree->keys) == BLOOM_OK ? 0 : 1;
    *used = 0;
    if (status == 0)
        mpz_set(counts[(*used)++], split.keys_per_filter);
    for (unsigned long i = 1; i <= tree->levels && status == 0; i++) {
        status = bloom_lsm_level_keys_or_refuse(counts[*used], tree, i, line) != 0
              || bloom_deployment_split(&split, description, counts[*used]) != BLOOM_OK;
        if (status == 0) {
            mpz_set(counts[(*used)++], split.keys_per_filter);
            mpz_set(counts[(*used)++], split.last_keys);
        }
    }
    bloom_deployment_clear(&split);
    return status;
}

/*
 * For a budget given as a rate under an allocation that sizes the level as given, with a
 * library whose knob is bits per key (RocksDB): the one setting every file of the tree meets
 * the rate with, L0's and each level's full and last files, as "plan -p P" with the unit sizes
 * its filters and as "bloomsim lsm" builds them (the engine applies one bits_per_key to every
 * file of every level).  Returns 0 and *setting NULL otherwise, 1 after a line when it cannot
 * be certified.
 */
static int files_setting(mpq_ptr value, mpq_srcptr *setting, const bloom_lsm_tree *tree,
                         bloom_lsm_allocation allocation, const bloom_layout_description *description,
                         const bloom_command_line *line)
{
    *setting = NULL;
    int as_given = allocation == BLOOM_ALLOCATION_UNIFORM || allocation == BLOOM_ALLOCATION_LAST_LEVEL_DROPPED;
    if (!tree->budget_is_rate || !as_given || description->library == 0
        || !bloom_rule_has_knob(bloom_library_rule(description->library)))
        return 0;
    size_t count = 2 * (size_t)tree->levels + 1, used = 0;
    mpz_t *counts = malloc(count * sizeof *counts);
    mpz_srcptr *keys = malloc(count * sizeof *keys);
    if (counts == NULL || keys == NULL)
        abort();
    for (size_t i = 0; i < count; i++) {
        mpz_init(counts[i]);
        keys[i] = counts[i];
    }
    int short_of_p = 0;
    int status = tree_files(counts, &used, tree, description, line);
    if (status == 0 && bloom_rule_setting_for_rate(value, &short_of_p, bloom_library_rule(description->library),
                                                   keys, used, tree->uniform_rate) != BLOOM_OK) {
        bloom_options_error(line, "the bits_per_key setting of the tree's files could not be certified");
        status = 1;
    }
    for (size_t i = 0; i < count; i++)
        mpz_clear(counts[i]);
    free(counts);
    free(keys);
    if (status == 0)
        *setting = value;
    return status;
}

/* The level as files (deployment.h): a full file's filter and the last file's, their mean. */
static int size_files(bloom_lsm_level_filter *level, const bloom_lsm_tree *tree, bloom_lsm_allocation allocation,
                      unsigned long index, const bloom_layout_description *description,
                      const bloom_command_line *line)
{
    bloom_deployment_split(&level->deployment, description, level->keys);
    mpq_t value;
    mpq_init(value);
    mpq_srcptr setting = NULL;
    int status = files_setting(value, &setting, tree, allocation, description, line);
    level->full_rate = level->rate;
    if (status == 0)
        status = size_filter(&level->plan, &level->filter, &level->filtered, &level->full_rate, tree,
                             allocation, index, level->deployment.keys_per_filter, setting, description, line);
    int same = mpz_cmp(level->deployment.last_keys, level->deployment.keys_per_filter) == 0;
    level->last_rate = level->full_rate;
    if (status == 0 && level->filtered && !same)
        status = size_filter(&level->last_plan, &level->last_filter, &level->last_filtered, &level->last_rate,
                             tree, allocation, index, level->deployment.last_keys, setting, description, line);
    mpq_clear(value);
    if (status != 0 || !level->filtered)
        return status;
    level->files = 1;
    level->rate = !level->last_filtered ? level->full_rate
                : bloom_deployment_mean_init(&level->mean, &level->deployment, level->keys, &level->full_rate,
                                             &level->last_rate);
    return 0;
}

int bloom_lsm_level_filter_size(bloom_lsm_level_filter *level, const bloom_lsm_tree *tree,
                                bloom_lsm_allocation allocation, unsigned long index, mpz_srcptr keys,
                                const bloom_layout_description *description,
                                const bloom_command_line *line)
{
    mpz_set(level->keys, keys);
    if (bloom_deployment_has_unit(description))
        return size_files(level, tree, allocation, index, description, line);
    return size_filter(&level->plan, &level->filter, &level->filtered, &level->rate, tree, allocation, index,
                       level->keys, NULL, description, line);
}

int bloom_lsm_l0_filter_size(bloom_lsm_level_filter *level, const bloom_lsm_tree *tree, mpz_srcptr keys,
                             const bloom_layout_description *description, const bloom_command_line *line)
{
    if (!bloom_library_is_ribbon(description->library, 0))
        return bloom_lsm_level_filter_size(level, tree, BLOOM_ALLOCATION_UNIFORM, 1, keys, description, line);
    mpz_set(level->keys, keys);
    bloom_rule_sizing sizing;
    bloom_rule_sizing_init(&sizing);
    int status = bloom_rule_apply_ribbon_flush(&sizing, keys, tree->budget_is_rate ? tree->uniform_rate : NULL,
                                               tree->bits_per_key) == BLOOM_OK
        && bloom_plan_for_memory(&level->plan, keys, sizing.m_bits, sizing.k, 1) == BLOOM_OK ? 0 : 1;
    if (status != 0)
        bloom_options_error(line, "the filter of an L0 file could not be planned or certified");
    if (status == 0) {
        status = bloom_description_settle(&level->filter, description, level->plan.m_bits, level->keys,
                                          level->plan.k, 1, line);
        level->filtered = 1;
    }
    if (status == 0)
        level->rate = bloom_fpr_layout_quantity(&level->filter.layout);
    bloom_rule_sizing_clear(&sizing);
    return status;
}

mpq_t *bloom_read_coverage(const char *text, unsigned long levels, const bloom_command_line *line)
{
    mpq_t *values = calloc(levels, sizeof *values);
    char *copy = malloc(strlen(text) + 1);
    if (values == NULL || copy == NULL)
        abort();
    strcpy(copy, text);
    unsigned long count = 0;
    int status = 0;
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    for (unsigned long i = 0; i < levels; i++)
        mpq_init(values[i]);
    char *item = copy;
    while (status == 0 && item != NULL) {
        char *comma = strchr(item, ',');
        if (comma != NULL)
            *comma = '\0';
        mpq_t value;
        mpq_init(value);
        if (count >= levels || bloom_parse_rational(value, item) != 0 || mpq_sgn(value) < 0
            || mpq_cmp(value, one) > 0)
            status = BLOOM_EXIT_USAGE;
        else
            mpq_set(values[count++], value);
        mpq_clear(value);
        item = comma != NULL ? comma + 1 : NULL;
    }
    if (status == 0 && count != levels)
        status = BLOOM_EXIT_USAGE;
    mpq_clear(one);
    free(copy);
    if (status == 0)
        return values;
    bloom_options_error(line, "--coverage: '%s' is not %lu shares of the key space; accepted: "
                        "L comma-separated numbers from 0 to 1 (e.g. 0.01,0.1,1 for -L 3)", text, levels);
    bloom_coverage_free(values, levels);
    return NULL;
}

void bloom_coverage_free(mpq_t *values, unsigned long levels)
{
    for (unsigned long i = 0; i < levels; i++)
        mpq_clear(values[i]);
    free(values);
}
