/*
 * command_layout_fields.c - the deployed-filter fields shared by
 * "bloomcalc plan" and "bloomcalc fpr" (--layout, --block-bits, --round,
 * --hash-bits, --index-bits): which filter the options describe, and its
 * rates as layouts.h predicts them.  Parsing and printing only.
 */
#include <stdlib.h>

#include "commands.h"
#include "fields.h"
#include "hash_width.h"
#include "layouts.h"
#include "options.h"
#include "sizing.h"

int bloomcalc_layout_given(const bloom_option *first)
{
    for (int i = 0; i < BLOOMCALC_LAYOUT_OPTION_COUNT; i++)
        if (first[i].seen)
            return 1;
    return 0;
}

/* The layout's block size: the one given, or its default. */
static unsigned long block_bits_of(const bloomcalc_layout_choice *choice)
{
    if (choice->block_bits != 0)
        return choice->block_bits;
    return choice->layout == BLOOM_LAYOUT_SPLIT_BLOCK ? BLOOM_SPLIT_BLOCK_BITS : BLOOM_DEFAULT_BLOCK_BITS;
}

static int is_block_layout(int layout)
{
    return layout == BLOOM_LAYOUT_BLOCKED || layout == BLOOM_LAYOUT_SPLIT_BLOCK;
}

/* 2 with a message when the layout cannot hold this filter, else 0. */
static int check_shape(const bloom_layout_arguments *layout, const bloom_command_line *line)
{
    if (is_block_layout(layout->kind) && mpz_cmp_ui(layout->m, layout->block_bits) < 0) {
        char *bits = mpz_get_str(NULL, 10, layout->m);
        bloom_options_error(line, "--block-bits: %lu bits exceed the filter's %s bits; accepted: "
                            "a block no larger than the filter", layout->block_bits, bits);
        free(bits);
        return 2;
    }
    if (layout->kind == BLOOM_LAYOUT_SPLIT_BLOCK && layout->block_bits % layout->k != 0) {
        bloom_options_error(line, "--block-bits: a split block of %lu bits cannot hold %lu equal "
                            "words; accepted: a multiple of k", layout->block_bits, layout->k);
        return 2;
    }
    if (layout->kind == BLOOM_LAYOUT_PARTITIONED && mpz_cmp_ui(layout->m, layout->k) < 0) {
        bloom_options_error(line, "--layout: partitioned needs at least k = %lu bits", layout->k);
        return 2;
    }
    return 0;
}

/* The block layouts' Poisson (many-blocks) forms, for published figures. */
static void put_poisson_forms(bloom_fields *fields, const bloom_layout_arguments *layout,
                              mpz_srcptr reachable)
{
    bloom_blocked_arguments poisson = { reachable, layout->n, layout->k, layout->block_bits,
                                        BLOOM_LOAD_POISSON };
    if (layout->kind == BLOOM_LAYOUT_BLOCKED) {
        bloom_quantity exact_inner = { bloom_enclose_fpr_blocked, &poisson, NULL };
        bloom_quantity putze = { bloom_enclose_fpr_blocked_putze, &poisson, NULL };
        bloom_fields_quantity(fields, "fpr_blocked_poisson", "blocked, Poisson load, exact inner",
                              NULL, &exact_inner);
        bloom_fields_quantity(fields, "fpr_blocked_putze",
                              "blocked, Poisson load, Bloom inner (Putze)", NULL, &putze);
    } else {
        bloom_quantity split = { bloom_enclose_fpr_split_block, &poisson, NULL };
        bloom_fields_quantity(fields, "fpr_split_block_poisson", "split block, Poisson load",
                              NULL, &split);
    }
}

static void put_width(bloom_fields *fields, const bloom_layout_arguments *layout)
{
    if (layout->hash_bits != 0)
        bloom_fields_unsigned(fields, "hash_bits", "hash width", "bits", layout->hash_bits);
    else
        bloom_fields_text(fields, "hash_bits", "hash width", "ideal");
    if (layout->index_bits != 0)
        bloom_fields_unsigned(fields, "index_bits", "index width", "bits", layout->index_bits);
    else
        bloom_fields_text(fields, "index_bits", "index width", "unlimited");
}

static void put_rates(bloom_fields *fields, const bloom_layout_arguments *layout)
{
    mpz_t reachable;
    mpz_init(reachable);
    bloom_layout_reachable_bits(reachable, layout);
    bloom_fields_integer(fields, "m_reachable", "bits the probes reach", "bits", reachable);
    bloom_quantity filter = bloom_fpr_layout_filter_quantity(layout);
    bloom_quantity total = bloom_fpr_layout_quantity(layout);
    bloom_fields_quantity(fields, "fpr_layout_filter", "layout rate at the reachable bits", NULL,
                          &filter);
    bloom_fingerprint_arguments fingerprint = { layout->n, layout->hash_bits };
    bloom_quantity floor = { bloom_enclose_fingerprint_collision, &fingerprint, NULL };
    if (layout->hash_bits != 0)
        bloom_fields_quantity(fields, "fpr_fingerprint", "hash collisions alone", NULL, &floor);
    else
        bloom_fields_missing(fields, "fpr_fingerprint", "hash collisions alone");
    bloom_fields_quantity(fields, "fpr_layout", "rate of the filter as deployed", NULL, &total);
    if (is_block_layout(layout->kind))
        put_poisson_forms(fields, layout, reachable);
    mpz_clear(reachable);
}

static void put_warning(bloom_fields *fields, const bloom_layout_arguments *layout)
{
    char *warning = NULL;
    int status = bloom_layout_warning(&warning, layout);
    if (status != BLOOM_OK && fields->status == BLOOM_OK)
        fields->status = status;
    if (warning != NULL)
        bloom_fields_text(fields, "warning", "warning", warning);
    else
        bloom_fields_missing(fields, "warning", "warning");
    free(warning);
}

int bloomcalc_layout_fields(bloom_fields *fields, const bloomcalc_layout_choice *choice,
                            mpz_srcptr m, mpz_srcptr n, unsigned long k, int k_fixed,
                            const bloom_command_line *line)
{
    mpz_t allocated, bytes;
    mpz_inits(allocated, bytes, (mpz_ptr)0);
    unsigned long block_bits = block_bits_of(choice);
    bloom_round_bits(allocated, m, (bloom_rounding)choice->rounding, block_bits);
    unsigned long probes = choice->layout == BLOOM_LAYOUT_SPLIT_BLOCK && !k_fixed
                         ? BLOOM_SPLIT_BLOCK_WORDS : k;
    unsigned long index_bits = choice->index_bits != 0 ? choice->index_bits : choice->hash_bits;
    bloom_layout_arguments layout = { (bloom_layout_kind)choice->layout, allocated, n, probes,
                                      block_bits, BLOOM_LOAD_BINOMIAL, choice->hash_bits,
                                      index_bits };
    int status = check_shape(&layout, line);
    if (status == 0) {
        bloom_fields_text(fields, "layout", "layout", bloom_layout_names[choice->layout]);
        if (is_block_layout(layout.kind))
            bloom_fields_unsigned(fields, "block_bits", "block size", "bits", block_bits);
        else
            bloom_fields_missing(fields, "block_bits", "block size");
        bloom_fields_unsigned(fields, "k_layout", "probes per key in the layout", NULL, probes);
        bloom_fields_text(fields, "round", "memory rounding", bloom_rounding_names[choice->rounding]);
        bloom_fields_integer(fields, "m_allocated", "bits allocated", "bits", allocated);
        bloom_bytes_for_bits(bytes, allocated);
        bloom_fields_integer(fields, "bytes_allocated", "memory allocated", "bytes", bytes);
        put_width(fields, &layout);
        put_rates(fields, &layout);
        put_warning(fields, &layout);
    }
    mpz_clears(allocated, bytes, (mpz_ptr)0);
    return status;
}
