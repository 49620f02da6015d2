/*
 * deployment.c - the split of n keys into the filters an engine builds and
 * the deployment's rate weighted by the absent lookups each filter answers
 * (deployment.h; calc/FORMULAS.md §e.6), and the false reads of a lookup in
 * a levelled tree of its files: every L0 file's filter and one filter per
 * deeper level, weighted by its coverage (calc/FORMULAS.md §n).
 */
#include "deployment.h"

void bloom_deployment_init(bloom_deployment *deployment)
{
    mpz_inits(deployment->filters, deployment->keys_per_filter, deployment->last_keys, (mpz_ptr)0);
}

void bloom_deployment_clear(bloom_deployment *deployment)
{
    mpz_clears(deployment->filters, deployment->keys_per_filter, deployment->last_keys, (mpz_ptr)0);
}

int bloom_deployment_has_unit(const bloom_layout_description *description)
{
    return description->keys_per_filter != 0 || description->entry_bytes != 0
        || description->file_bytes != 0;
}

int bloom_deployment_split(bloom_deployment *rop, const bloom_layout_description *description, mpz_srcptr n)
{
    if (mpz_sgn(n) <= 0)
        return BLOOM_UNDEFINED;
    if (description->keys_per_filter != 0) {
        mpz_set_ui(rop->keys_per_filter, description->keys_per_filter);
    } else if (description->file_bytes != 0 && description->entry_bytes == 0) {
        return BLOOM_UNDEFINED;     /* a file of unknown entries */
    } else if (description->entry_bytes != 0) {
        unsigned long file = description->file_bytes != 0 ? description->file_bytes
                                                           : BLOOM_ROCKSDB_DEFAULT_FILE_BYTES;
        mpz_set_ui(rop->keys_per_filter, file / description->entry_bytes);
    } else {
        mpz_set(rop->keys_per_filter, n);
    }
    if (mpz_sgn(rop->keys_per_filter) == 0)
        return BLOOM_UNDEFINED;
    if (mpz_cmp(rop->keys_per_filter, n) > 0)
        mpz_set(rop->keys_per_filter, n);     /* one filter, of the n keys */
    mpz_cdiv_q(rop->filters, n, rop->keys_per_filter);
    mpz_sub_ui(rop->last_keys, rop->filters, 1);
    mpz_mul(rop->last_keys, rop->last_keys, rop->keys_per_filter);
    mpz_sub(rop->last_keys, n, rop->last_keys);
    return BLOOM_OK;
}

bloom_quantity bloom_deployment_mean_init(bloom_deployment_mean *mean, const bloom_deployment *deployment,
                                          mpz_srcptr n, const bloom_quantity *full,
                                          const bloom_quantity *last)
{
    mpq_init(mean->last_share);
    mpq_set_num(mean->last_share, deployment->last_keys);
    mpq_set_den(mean->last_share, n);
    mpq_canonicalize(mean->last_share);
    mean->gap = (bloom_quantity_pair){ *full, *last };
    mean->share = (bloom_quantity_scaled){ { bloom_enclose_difference, &mean->gap, bloom_exact_difference },
                                           mean->last_share };
    mean->mean = (bloom_quantity_pair){ *full, { bloom_enclose_scaled, &mean->share, bloom_exact_scaled } };
    return (bloom_quantity){ bloom_enclose_difference, &mean->mean, bloom_exact_difference };
}

void bloom_deployment_mean_clear(bloom_deployment_mean *mean)
{
    mpq_clear(mean->last_share);
}

void bloom_deployment_reads_init(bloom_deployment_reads *reads, unsigned long l0_files, unsigned long levels,
                                 const mpq_t *coverage, int present, const bloom_quantity *l0_rate,
                                 const bloom_quantity *level_rate)
{
    mpq_inits(reads->l0_files, reads->coverage, (mpq_ptr)0);
    mpq_set_ui(reads->l0_files, l0_files, 1);
    unsigned long consulted = present ? levels - 1 : levels;   /* a key's own level reads it anyway */
    if (coverage == NULL)
        mpq_set_ui(reads->coverage, consulted, 1);
    for (unsigned long i = 0; coverage != NULL && i < consulted; i++)
        mpq_add(reads->coverage, reads->coverage, coverage[i]);
    reads->own_read = present ? 1 : 0;
    reads->l0_rate = *l0_rate;
    reads->level_rate = *level_rate;
}

void bloom_deployment_reads_clear(bloom_deployment_reads *reads)
{
    mpq_clears(reads->l0_files, reads->coverage, (mpq_ptr)0);
}

int bloom_enclose_deployment_reads(mpfi_ptr result, const void *arguments)
{
    const bloom_deployment_reads *reads = arguments;
    mpfi_t level;
    mpfi_init2(level, mpfi_get_prec(result));
    int status = reads->l0_rate.enclose(result, reads->l0_rate.arguments);
    if (status == BLOOM_OK)
        status = reads->level_rate.enclose(level, reads->level_rate.arguments);
    if (status == BLOOM_OK) {
        mpfi_mul_q(result, result, reads->l0_files);
        mpfi_mul_q(level, level, reads->coverage);
        mpfi_add(result, result, level);
        mpfi_add_ui(result, result, reads->own_read);
    }
    mpfi_clear(level);
    return status;
}

int bloom_exact_deployment_reads(mpq_ptr result, const void *arguments)
{
    const bloom_deployment_reads *reads = arguments;
    if (reads->l0_rate.exact == NULL || reads->level_rate.exact == NULL)
        return BLOOM_UNDEFINED;
    mpq_t level;
    mpq_init(level);
    int known = reads->l0_rate.exact(result, reads->l0_rate.arguments) == BLOOM_OK
        && reads->level_rate.exact(level, reads->level_rate.arguments) == BLOOM_OK;
    if (known) {
        mpq_mul(result, result, reads->l0_files);
        mpq_mul(level, level, reads->coverage);
        mpq_add(result, result, level);
        mpq_set_ui(level, reads->own_read, 1);
        mpq_add(result, result, level);
    }
    mpq_clear(level);
    return known ? BLOOM_OK : BLOOM_UNDEFINED;
}
