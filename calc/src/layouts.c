/*
 * layouts.c - the rate of a deployed filter: the layout's own rate at the
 * bits its indices reach, united with the fingerprint floor of its hash
 * (layouts.h), and the rounding of the memory a library allocates.
 *
 * The model is the composition of three exact pieces and one assumption:
 * the layout rates of fpr.c and layout_rates.c (exact under independent
 * uniform probes), the reachable bits min(m, 2^N) (exact: unreachable bits
 * are never set nor probed), the fingerprint floor 1 - (1 - 2^-h)^n (exact
 * for uniform hashes), and their union r1 + r2 - r1 r2, which treats the
 * collision and the probe outcome as independent (RocksDB's
 * IndependentProbabilitySum; FORMULAS.md §e).  Rounding of memory:
 * FORMULAS.md §b shows that rounding m up to a byte or a 64-bit word does not
 * move the rate of n = 1e9, p = 1 % (1.003922 % either way); rounding to a
 * power of two can almost double it.
 *
 * A Ribbon (library rocksdb-ribbon, no k) is no Bloom layout: its rate is
 * the exact rational of ribbon.h for the columns RocksDB's reader derives
 * from its solution's length (FORMULAS.md §m.2), united with the 64-bit
 * hash's floor like the others.
 *
 * References: FORMULAS.md §a.6, e, m.2; RocksDB util/bloom_impl.h (commit 0e0b530).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpr.h"
#include "hash_width.h"
#include "layouts.h"
#include "library_rules.h"
#include "numbers.h"
#include "ribbon.h"

const char *const bloom_layout_names[] = { "standard", "partitioned", "blocked", "split-block", "ribbon",
                                           NULL };
const char *const bloom_layout_choices[] = { "standard", "partitioned", "blocked", "split-block", NULL };
const char *const bloom_rounding_names[] = { "none", "byte", "word64", "pow2", "block", NULL };
const char *const bloom_probe_scheme_names[] = { "independent", "double", "enhanced", NULL };

void bloom_round_bits(mpz_ptr rop, mpz_srcptr m, bloom_rounding rounding, unsigned long block_bits)
{
    unsigned long unit = rounding == BLOOM_ROUND_BYTE ? 8
                       : rounding == BLOOM_ROUND_WORD64 ? 64
                       : rounding == BLOOM_ROUND_BLOCK ? block_bits : 1;
    if (rounding == BLOOM_ROUND_POW2) {
        mpz_t power;
        mpz_init_set_ui(power, 1);
        while (mpz_cmp(power, m) < 0)
            mpz_mul_2exp(power, power, 1);
        mpz_set(rop, power);
        mpz_clear(power);
        return;
    }
    mpz_cdiv_q_ui(rop, m, unit > 0 ? unit : 1);
    mpz_mul_ui(rop, rop, unit > 0 ? unit : 1);
}

void bloom_layout_reachable_bits(mpz_ptr rop, const bloom_layout_arguments *layout)
{
    bloom_reachable_bits(rop, layout->m, layout->index_bits);
}

/* A Ribbon's exact rate: its columns from the length of its solution (ribbon.h). */
static int ribbon_rate_of(mpq_ptr result, const bloom_layout_arguments *layout, mpz_srcptr bits)
{
    bloom_ribbon_sizing ribbon;
    bloom_ribbon_sizing_init(&ribbon);
    int status = bloom_ribbon_columns_of_bits(&ribbon, layout->slots, bits);
    if (status == BLOOM_OK)
        bloom_ribbon_rate(result, &ribbon);
    bloom_ribbon_sizing_clear(&ribbon);
    return status;
}

static int enclose_ribbon_at(mpfi_ptr result, const bloom_layout_arguments *layout, mpz_srcptr bits)
{
    mpq_t rate;
    mpq_init(rate);
    int status = ribbon_rate_of(rate, layout, bits);
    if (status == BLOOM_OK)
        mpfi_set_q(result, rate);
    mpq_clear(rate);
    return status;
}

int bloom_layout_models_arithmetic(const bloom_layout_arguments *layout, mpz_srcptr bits)
{
    return layout->kind == BLOOM_LAYOUT_STANDARD && layout->arithmetic == BLOOM_ARITHMETIC_GUAVA
        && bloom_guava_model_applies(bits, layout->k);
}

/* A standard layout whose probes are 32-bit values reduced modulo its bits (fpr.h). */
static int reduced_modulo(const bloom_layout_arguments *layout)
{
    return layout->kind == BLOOM_LAYOUT_STANDARD && layout->arithmetic == BLOOM_ARITHMETIC_MODULO_2_32;
}

/* The layout's rate for `bits` bits. */
static int enclose_layout_at(mpfi_ptr result, const bloom_layout_arguments *layout, mpz_srcptr bits)
{
    bloom_fpr_arguments flat = { bits, layout->n, layout->k, 0 };
    bloom_fpr_modulo_arguments modulo = { flat, BLOOM_MODULO_RANGE_BITS };
    bloom_blocked_arguments blocked = { bits, layout->n, layout->k, layout->block_bits, layout->load };
    switch (layout->kind) {
    case BLOOM_LAYOUT_STANDARD:
        if (bloom_layout_models_arithmetic(layout, bits))
            return bloom_enclose_fpr_guava(result, &flat);
        return reduced_modulo(layout) ? bloom_enclose_fpr_modulo(result, &modulo)
                                      : bloom_enclose_fpr_exact(result, &flat);
    case BLOOM_LAYOUT_PARTITIONED:
        return bloom_enclose_fpr_partitioned(result, &flat);
    case BLOOM_LAYOUT_BLOCKED:
        return bloom_enclose_fpr_blocked(result, &blocked);
    case BLOOM_LAYOUT_SPLIT_BLOCK:
        return bloom_enclose_fpr_split_block(result, &blocked);
    case BLOOM_LAYOUT_RIBBON:
        return enclose_ribbon_at(result, layout, bits);
    }
    return BLOOM_UNDEFINED;
}

int bloom_enclose_fpr_layout_filter(mpfi_ptr result, const void *arguments)
{
    const bloom_layout_arguments *layout = arguments;
    mpz_t reach;
    mpz_init(reach);
    bloom_layout_reachable_bits(reach, layout);
    int status = enclose_layout_at(result, layout, reach);
    mpz_clear(reach);
    return status;
}

int bloom_enclose_fpr_layout(mpfi_ptr result, const void *arguments)
{
    const bloom_layout_arguments *layout = arguments;
    if (layout->hash_bits == 0)
        return bloom_enclose_fpr_layout_filter(result, arguments);
    bloom_fingerprint_arguments fingerprint = { layout->n, layout->hash_bits };
    bloom_quantity_pair causes = {
        { bloom_enclose_fpr_layout_filter, layout, NULL },
        { bloom_enclose_fingerprint_collision, &fingerprint, NULL } };
    return bloom_enclose_independent_union(result, &causes);
}

/* The exact fraction of the standard and partitioned layouts, when small. */
static int exact_layout_filter(mpq_ptr result, const void *arguments)
{
    const bloom_layout_arguments *layout = arguments;
    if (layout->kind == BLOOM_LAYOUT_RIBBON)
        return ribbon_rate_of(result, layout, layout->m);
    if (layout->kind != BLOOM_LAYOUT_STANDARD && layout->kind != BLOOM_LAYOUT_PARTITIONED)
        return BLOOM_UNDEFINED;
    mpz_t reach;
    mpz_init(reach);
    bloom_layout_reachable_bits(reach, layout);
    bloom_fpr_arguments flat = { reach, layout->n, layout->k, 0 };
    bloom_fpr_modulo_arguments modulo = { flat, BLOOM_MODULO_RANGE_BITS };
    int status = bloom_layout_models_arithmetic(layout, reach) ? BLOOM_UNDEFINED   /* enclosed only */
               : reduced_modulo(layout) ? bloom_exact_fpr_modulo(result, &modulo)
               : layout->kind == BLOOM_LAYOUT_STANDARD ? bloom_exact_fpr_exact(result, &flat)
                                                       : bloom_exact_fpr_partitioned(result, &flat);
    mpz_clear(reach);
    return status;
}

static int exact_layout(mpq_ptr result, const void *arguments)
{
    const bloom_layout_arguments *layout = arguments;
    return layout->hash_bits == 0 ? exact_layout_filter(result, arguments) : BLOOM_UNDEFINED;
}

bloom_quantity bloom_fpr_layout_filter_quantity(const bloom_layout_arguments *layout)
{
    return (bloom_quantity){ bloom_enclose_fpr_layout_filter, layout, exact_layout_filter };
}

bloom_quantity bloom_fpr_layout_quantity(const bloom_layout_arguments *layout)
{
    return (bloom_quantity){ bloom_enclose_fpr_layout, layout, exact_layout };
}

/* *text = a malloc'd sentence: the format with two 3-digit quantities. */
static int describe(char **text, const char *format, const bloom_quantity *first,
                    const bloom_quantity *second)
{
    char *one = NULL, *two = NULL;
    int status = bloom_quantity_decimal(&one, first, 3);
    if (status == BLOOM_OK)
        status = bloom_quantity_decimal(&two, second, 3);
    if (status == BLOOM_OK) {
        size_t size = strlen(format) + strlen(one) + strlen(two) + 1;
        *text = malloc(size);
        if (*text == NULL)
            abort();
        snprintf(*text, size, format, one, two);
    }
    free(one);
    free(two);
    return status;
}

/* The indices reach fewer bits than allocated. */
static void describe_truncation(char **text, const bloom_layout_arguments *layout, mpz_srcptr reach)
{
    char *allocated = bloom_format_integer(layout->m, 0);
    char *reached = bloom_format_integer(reach, 0);
    static const char format[] = "indices of %lu bits reach only %s of the %s bits allocated; "
                                 "the filter behaves as one of %s bits";
    size_t size = sizeof format + 2 * strlen(reached) + strlen(allocated) + 24;
    *text = malloc(size);
    if (*text == NULL)
        abort();
    snprintf(*text, size, format, layout->index_bits, reached, allocated, reached);
    free(allocated);
    free(reached);
}

int bloom_layout_warning(char **warning, const bloom_layout_arguments *layout)
{
    *warning = NULL;
    mpz_t reach;
    mpz_init(reach);
    bloom_layout_reachable_bits(reach, layout);
    int truncated = mpz_cmp(reach, layout->m) < 0;
    if (truncated)
        describe_truncation(warning, layout, reach);
    mpz_clear(reach);
    if (truncated || layout->hash_bits == 0)
        return BLOOM_OK;
    bloom_fingerprint_arguments fingerprint = { layout->n, layout->hash_bits };
    bloom_quantity floor = { bloom_enclose_fingerprint_collision, &fingerprint, NULL };
    bloom_quantity filter = bloom_fpr_layout_filter_quantity(layout);
    int sign = 0;
    int status = bloom_quantity_compare(&sign, &floor, &filter);
    if (status == BLOOM_OK && sign >= 0) {
        char format[160];
        snprintf(format, sizeof format, "the %lu-bit hash dominates: hash collisions alone give "
                 "%%s, the layout itself %%s", layout->hash_bits);
        status = describe(warning, format, &floor, &filter);
    }
    return status;
}

/* --- the description of a deployed filter, settled --------------------------- */

static int is_block_layout(int kind)
{
    return kind == BLOOM_LAYOUT_BLOCKED || kind == BLOOM_LAYOUT_SPLIT_BLOCK;
}

/* The words of a split block: the ones described, the k given, or B/32. */
static unsigned long split_block_words(const bloom_layout_description *description,
                                       unsigned long k, int k_given)
{
    if (description->block_words != 0)
        return description->block_words;
    if (k_given)
        return k;
    unsigned long words = description->block_bits / BLOOM_SPLIT_BLOCK_WORD_BITS;
    return words > 0 ? words : 1;
}

/* The first problem of the settled filter, or BLOOM_DESCRIPTION_OK. */
static int shape_problem(const bloom_deployed_filter *filter, unsigned long k, int k_given)
{
    const bloom_layout_description *description = &filter->description;
    const bloom_layout_arguments *layout = &filter->layout;
    if (layout->kind != BLOOM_LAYOUT_SPLIT_BLOCK && description->block_words != 0)
        return BLOOM_DESCRIPTION_WORDS_NOT_SPLIT;
    if (layout->kind != BLOOM_LAYOUT_STANDARD && description->scheme != BLOOM_PROBES_INDEPENDENT)
        return BLOOM_DESCRIPTION_SCHEME_NOT_STANDARD;
    if (layout->kind == BLOOM_LAYOUT_SPLIT_BLOCK && k_given && layout->k != k)
        return BLOOM_DESCRIPTION_WORDS_NOT_K;
    if (layout->kind == BLOOM_LAYOUT_SPLIT_BLOCK && layout->block_bits % layout->k != 0)
        return BLOOM_DESCRIPTION_WORDS_NOT_DIVIDING;
    if (is_block_layout(layout->kind) && mpz_cmp_ui(filter->reachable, layout->block_bits) < 0)
        return BLOOM_DESCRIPTION_BLOCK_TOO_LARGE;
    if (layout->kind == BLOOM_LAYOUT_PARTITIONED && mpz_cmp_ui(filter->reachable, layout->k) < 0)
        return BLOOM_DESCRIPTION_TOO_FEW_SLICES;
    return BLOOM_DESCRIPTION_OK;
}

/* Nonzero when no field a library fixes was given (they are all their defaults). */
static int is_default_shape(const bloom_layout_description *description)
{
    return description->layout == BLOOM_LAYOUT_STANDARD && description->block_bits == 0
        && description->block_words == 0 && description->rounding == BLOOM_ROUND_NONE
        && description->hash_bits == 0 && description->index_bits == 0;
}

/* Library rocksdb-ribbon without a k: its Ribbon (layouts.h, "ribbon"), the solution m rounded
 * up to whole segments.  Returns a bloom_description_problem. */
static int settle_ribbon(bloom_deployed_filter *rop, mpz_srcptr n)
{
    bloom_layout_description *settled = &rop->description;
    settled->layout = BLOOM_LAYOUT_RIBBON;
    settled->block_bits = BLOOM_RIBBON_SEGMENT_BITS;
    settled->rounding = BLOOM_ROUND_BLOCK;
    settled->hash_bits = settled->index_bits = 64;
    unsigned long slots = 0;
    int status = bloom_ribbon_slots(&slots, n);
    /* at most 32 result bits a slot (RocksDB's 32-bit rows): a larger budget is capped there */
    if (status == BLOOM_OK && mpz_cmp_ui(rop->allocated, 32 * slots) > 0)
        mpz_set_ui(rop->allocated, 32 * slots);
    mpz_set(rop->reachable, rop->allocated);
    rop->layout = (bloom_layout_arguments){ BLOOM_LAYOUT_RIBBON, rop->allocated, n, 0,
                                            BLOOM_RIBBON_SEGMENT_BITS, BLOOM_LOAD_BINOMIAL, 64, 64,
                                            slots, BLOOM_ARITHMETIC_UNIFORM };
    bloom_ribbon_sizing ribbon;
    bloom_ribbon_sizing_init(&ribbon);
    if (status == BLOOM_OK)
        status = bloom_ribbon_columns_of_bits(&ribbon, slots, rop->allocated);
    bloom_ribbon_sizing_clear(&ribbon);
    return status == BLOOM_OK ? BLOOM_DESCRIPTION_OK : BLOOM_DESCRIPTION_RIBBON_REFUSES;
}

int bloom_deployed_filter_init(bloom_deployed_filter *rop, const bloom_layout_description *description,
                               mpz_srcptr m, mpz_srcptr n, unsigned long k, int k_given)
{
    bloom_layout_description *settled = &rop->description;
    *settled = *description;
    int library_conflict = description->library != 0 && !is_default_shape(description);
    if (description->library != 0)
        bloom_library_shape(settled, description->library);
    if (bloom_library_is_ribbon(description->library, k_given)) {
        mpz_init(rop->allocated);
        mpz_init(rop->reachable);
        bloom_round_bits(rop->allocated, m, BLOOM_ROUND_BLOCK, BLOOM_RIBBON_SEGMENT_BITS);
        int problem = settle_ribbon(rop, n);
        if (problem == BLOOM_DESCRIPTION_OK && settled->scheme != BLOOM_PROBES_INDEPENDENT)
            problem = BLOOM_DESCRIPTION_SCHEME_NOT_STANDARD;
        return library_conflict ? BLOOM_DESCRIPTION_LIBRARY_FIXES : problem;
    }
    if (settled->block_bits == 0)
        settled->block_bits = settled->layout == BLOOM_LAYOUT_SPLIT_BLOCK ? BLOOM_SPLIT_BLOCK_BITS
                                                                          : BLOOM_DEFAULT_BLOCK_BITS;
    if (settled->index_bits == 0)
        settled->index_bits = settled->hash_bits;
    unsigned long probes = k;
    if (settled->layout == BLOOM_LAYOUT_SPLIT_BLOCK) {
        probes = split_block_words(settled, k, k_given);
        settled->block_words = probes;
    }
    mpz_init(rop->allocated);
    mpz_init(rop->reachable);
    bloom_round_bits(rop->allocated, m, (bloom_rounding)settled->rounding, settled->block_bits);
    int refused = settled->library != 0
        && bloom_library_cap_or_refuse(rop->allocated, settled->library, n, probes);
    bloom_reachable_bits(rop->reachable, rop->allocated, settled->index_bits);
    rop->layout = (bloom_layout_arguments){ (bloom_layout_kind)settled->layout, rop->allocated, n,
                                            probes, settled->block_bits, BLOOM_LOAD_BINOMIAL,
                                            settled->hash_bits, settled->index_bits, 0,
                                            settled->library != 0
                                                ? bloom_library_arithmetic(settled->library) : 0 };
    if (library_conflict)
        return BLOOM_DESCRIPTION_LIBRARY_FIXES;
    if (refused)
        return BLOOM_DESCRIPTION_LIBRARY_REFUSES;
    return shape_problem(rop, k, k_given);
}

void bloom_deployed_filter_clear(bloom_deployed_filter *filter)
{
    mpz_clear(filter->allocated);
    mpz_clear(filter->reachable);
}
