/*
 * lsm.c - read amplification of a log-structured merge tree whose L levels
 * (or sorted runs) each sit behind a Bloom filter with false-positive
 * rate p.
 *
 * A point lookup checks the levels newest first.  On a level that does not
 * hold the key, the filter sends it to disk with probability p; on the
 * level that holds it, always.  By linearity of expectation (no
 * independence between levels is needed):
 *
 *   key on the deepest level:  1 + (L - 1) p expected probes (L without filters)
 *   absent key:                L p expected probes              (L without filters)
 *
 * With p a rational target these are exact rationals: L = 5, p = 1/100
 * gives 26/25 = 1.04.
 *
 * References: P. O'Neil et al., "The log-structured merge-tree (LSM-tree)",
 * Acta Informatica 33(4), 1996; N. Dayan, M. Athanassoulis and S. Idreos,
 * "Monkey: Optimal Navigable Key-Value Store", SIGMOD 2017 (section 3).
 */
#include "lsm.h"

void bloom_read_amplification_hit(mpq_ptr rop, unsigned long levels, mpq_srcptr p)
{
    mpq_t other_levels;
    mpq_init(other_levels);
    mpq_set_ui(other_levels, levels > 0 ? levels - 1 : 0, 1);
    mpq_mul(rop, other_levels, p);
    mpq_set_ui(other_levels, 1, 1);
    mpq_add(rop, rop, other_levels);
    mpq_clear(other_levels);
}

void bloom_read_amplification_miss(mpq_ptr rop, unsigned long levels, mpq_srcptr p)
{
    mpq_t count;
    mpq_init(count);
    mpq_set_ui(count, levels, 1);
    mpq_mul(rop, count, p);
    mpq_clear(count);
}

int bloom_enclose_read_amplification_hit(mpfi_ptr result, const void *arguments)
{
    const bloom_lsm_arguments *lsm = arguments;
    int status = lsm->rate.enclose(result, lsm->rate.arguments);
    mpfi_mul_ui(result, result, lsm->levels > 0 ? lsm->levels - 1 : 0);
    mpfi_add_ui(result, result, 1);
    return status;
}

int bloom_enclose_read_amplification_miss(mpfi_ptr result, const void *arguments)
{
    const bloom_lsm_arguments *lsm = arguments;
    int status = lsm->rate.enclose(result, lsm->rate.arguments);
    mpfi_mul_ui(result, result, lsm->levels);
    return status;
}
