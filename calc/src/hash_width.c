/*
 * hash_width.c - the fingerprint floor of an h-bit hash, the bits that
 * N-bit indices reach, and the union of two independent false-positive
 * causes (hash_width.h).
 *
 * Fingerprint floor.  A query for an absent key y is a certain false
 * positive when its h-bit hash equals that of some key, because every
 * probe is a function of the hash.  With the n keys' hashes independent
 * and uniform, P(no key shares y's hash) = (1 - 2^-h)^n exactly, so the
 * floor is 1 - (1 - 2^-h)^n = -expm1(n log1p(-2^-h)), about n/2^h:
 * 0.2077 for n = 1e9, h = 32 (FORMULAS.md §e).  Given no collision, the
 * query's probes are treated as independent of the keys', so the total is
 * r1 + r2 - r1 r2 (RocksDB's IndependentProbabilitySum), a model rather
 * than an identity.
 *
 * Truncated indices.  A probe computed in N-bit arithmetic (a 32-bit hash
 * taken modulo m, or a signed 31-bit index) never exceeds 2^N - 1; the
 * bits above are neither set nor probed, so the filter is exactly a filter
 * of min(m, 2^N) bits holding the same n keys.  A billion keys at 1 %
 * (9.59e9 bits, k = 7) with 31-bit indices live in 2^31 bits: about 76 %.
 */
#include "hash_width.h"

int bloom_enclose_fingerprint_collision(mpfi_ptr result, const void *arguments)
{
    const bloom_fingerprint_arguments *fingerprint = arguments;
    if (fingerprint->hash_bits == 0 || mpz_sgn(fingerprint->n) < 0)
        return BLOOM_UNDEFINED;
    mpfi_set_si(result, -1);
    mpfi_mul_2si(result, result, -(long)fingerprint->hash_bits);
    mpfi_log1p(result, result);
    mpfi_mul_z(result, result, fingerprint->n);
    mpfi_expm1(result, result);
    mpfi_neg(result, result);
    return BLOOM_OK;
}

int bloom_enclose_independent_union(mpfi_ptr result, const void *arguments)
{
    const bloom_quantity_pair *pair = arguments;
    mpfi_t other;
    mpfi_init2(other, mpfi_get_prec(result));
    int status = pair->left.enclose(result, pair->left.arguments);
    if (status == BLOOM_OK)
        status = pair->right.enclose(other, pair->right.arguments);
    if (status == BLOOM_OK) {
        /* r1 + r2 (1 - r1): no cancellation when both are small */
        mpfi_t complement;
        mpfi_init2(complement, mpfi_get_prec(result));
        mpfi_ui_sub(complement, 1, result);
        mpfi_mul(other, other, complement);
        mpfi_add(result, result, other);
        mpfi_clear(complement);
    }
    mpfi_clear(other);
    return status;
}

void bloom_reachable_bits(mpz_ptr rop, mpz_srcptr m, unsigned long index_bits)
{
    mpz_set(rop, m);
    if (index_bits == 0)
        return;
    mpz_t reach;
    mpz_init_set_ui(reach, 1);
    mpz_mul_2exp(reach, reach, index_bits);
    if (mpz_cmp(reach, m) < 0)
        mpz_set(rop, reach);
    mpz_clear(reach);
}
