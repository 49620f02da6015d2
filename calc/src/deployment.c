/*
 * deployment.c - the split of n keys into the filters an engine builds and
 * the deployment's rate weighted by the absent lookups each filter answers
 * (deployment.h; calc/FORMULAS.md §e.6).
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
