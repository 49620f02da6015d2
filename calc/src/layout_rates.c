/*
 * layout_rates.c - false-positive rates of partitioned, blocked and
 * split-block Bloom filters (layout_rates.h), as certified enclosures.
 *
 * Partitioned (FORMULAS.md §a.6).  Slice s receives exactly one probe from each
 * of the n keys, so it stays a standard one-probe filter of s bits: a
 * query's probe in it finds a set bit with probability 1 - (1 - 1/s)^n,
 * and the k slices are independent because every key draws its probes
 * independently.  The product over slices is exact; with k | m it is the
 * textbook (1 - (1 - k/m)^n)^k.
 *
 * Blocked and split block (FORMULAS.md §e).  Let b be the number of blocks and
 * I the number of keys in the query's block: Binomial(n, 1/b) exactly, or
 * Poisson(n/b) in the limit.  Given I = i the block is a small standard
 * filter, so the rate is E[r(I)] where r(i) is a finite alternating sum of
 * terms z^i; E[z^I] = G(z) is the probability generating function,
 *
 *     binomial  G(z) = (1 - (1 - z)/b)^n,   Poisson  G(z) = e^(-(n/b)(1 - z)),
 *
 * so every mixture is a finite sum of G values (no truncated series):
 *   exact inner rate   r(i) = sum_j P_j sum_l (-1)^l C(j,l) ((1 - l/B)^k)^i    (FORMULAS.md §a.2)
 *   Bloom's inner      r(i) = (1 - y^i)^k = sum_j (-1)^j C(k,j) (y^j)^i,  y = (1 - 1/B)^k
 *   split block        r(i) = (1 - y^i)^k,  y = 1 - 1/w  (one probe per w-bit word)
 * Every 1 - z is evaluated as -expm1(e log1p(-x)) so that no rounding of a
 * number near 1 is raised to a large power, and every G as
 * exp(n log1p(-(1 - z)/b)); the exact inner rate, evaluated at every step
 * of a search for the keys within a rate, takes
 * 1 - (1 - l/B)^k = (B^k - (B - l)^k)/B^k instead, exact integers of at
 * most k log2(B) bits, and its binomial G as
 * bloom_interval_one_minus_ratio_pow of that ratio over b (certified.h).  The alternating sums cancel about
 * k log2(2/f) bits (f the block fill); the working precision is raised by
 * that much and the enclosures carry any remaining loss into their width.
 *
 * References: F. Putze, P. Sanders and J. Singler, "Cache-, hash- and
 * space-efficient Bloom filters", WEA 2007 and ACM JEA 14, 2009; A. Kirsch
 * and M. Mitzenmacher, "Less hashing, same performance", ESA 2006
 * (partitioned filters); Apache Parquet, BloomFilter.md (split-block
 * filter, format commit 0b31834); J. Apple, "Split block Bloom filters",
 * arXiv 2101.01719, 2021.
 */
#include <math.h>
#include <stdlib.h>

#include "fill.h"
#include "layout_rates.h"
#include "fpr.h"
#include "rate_cache.h"

/* --- partitioned ---------------------------------------------------------- */

/* result = 1 - (1 - 1/s)^n, the fill of a slice of s bits after n keys (fill.h). */
static void enclose_slice_fill(mpfi_ptr result, mpz_srcptr slice_bits, mpz_srcptr n)
{
    bloom_enclose_fill(result, slice_bits, n);
}

/* The slices: `larger` of ceil(m/k) bits and the others of floor(m/k) = `small` bits. */
typedef struct slices {
    mpz_t small, large;
    unsigned long larger;
} slices;

static int slices_init(slices *cut, const bloom_fpr_arguments *filter)
{
    mpz_inits(cut->small, cut->large, (mpz_ptr)0);
    cut->larger = 0;
    if (filter->k < 1 || filter->k > BLOOM_MAX_HASHES || mpz_cmp_ui(filter->m, filter->k) < 0
        || mpz_sgn(filter->n) < 0)
        return BLOOM_UNDEFINED;
    cut->larger = mpz_fdiv_q_ui(cut->small, filter->m, filter->k);
    mpz_add_ui(cut->large, cut->small, 1);
    return BLOOM_OK;
}

static void slices_clear(slices *cut)
{
    mpz_clears(cut->small, cut->large, (mpz_ptr)0);
}

int bloom_enclose_fpr_partitioned(mpfi_ptr result, const void *arguments)
{
    const bloom_fpr_arguments *filter = arguments;
    slices cut;
    int status = slices_init(&cut, filter);
    if (status == BLOOM_OK) {
        mpfi_t fill, part;
        mpfi_init2(fill, mpfi_get_prec(result) + 32);
        mpfi_init2(part, mpfi_get_prec(result) + 32);
        enclose_slice_fill(fill, cut.large, filter->n);
        bloom_interval_pow_ui(part, fill, cut.larger);
        enclose_slice_fill(fill, cut.small, filter->n);
        bloom_interval_pow_ui(fill, fill, filter->k - cut.larger);
        mpfi_mul(result, part, fill);
        mpfi_clear(fill);
        mpfi_clear(part);
    }
    slices_clear(&cut);
    return status;
}

/* rop *= ((s^n - (s - 1)^n) / s^n)^count, exactly. */
static void multiply_slice_fill(mpq_ptr rop, mpz_srcptr slice_bits, mpz_srcptr n, unsigned long count)
{
    unsigned long keys = mpz_get_ui(n);
    mpq_t fill;
    mpq_init(fill);
    mpz_pow_ui(mpq_denref(fill), slice_bits, keys);
    mpz_sub_ui(mpq_numref(fill), slice_bits, 1);
    mpz_pow_ui(mpq_numref(fill), mpq_numref(fill), keys);
    mpz_sub(mpq_numref(fill), mpq_denref(fill), mpq_numref(fill));
    mpz_pow_ui(mpq_numref(fill), mpq_numref(fill), count);
    mpz_pow_ui(mpq_denref(fill), mpq_denref(fill), count);
    mpq_canonicalize(fill);
    mpq_mul(rop, rop, fill);
    mpq_clear(fill);
}

int bloom_exact_fpr_partitioned(mpq_ptr result, const void *arguments)
{
    const bloom_fpr_arguments *filter = arguments;
    slices cut;
    int status = slices_init(&cut, filter);
    mpz_t size;                    /* the denominator is at most m^(n k): n k bits(m) bits */
    mpz_init(size);
    mpz_mul_ui(size, filter->n, filter->k);
    mpz_mul_ui(size, size, mpz_sizeinbase(filter->m, 2));
    if (status == BLOOM_OK && mpz_cmp_ui(size, BLOOM_RATIONAL_LIMIT_BITS) > 0)
        status = BLOOM_UNDEFINED;
    if (status == BLOOM_OK) {
        mpq_set_ui(result, 1, 1);
        multiply_slice_fill(result, cut.large, filter->n, cut.larger);
        multiply_slice_fill(result, cut.small, filter->n, filter->k - cut.larger);
    }
    mpz_clear(size);
    slices_clear(&cut);
    return status;
}

/* --- block loads ------------------------------------------------------------ */

static int blocked_valid(const bloom_blocked_arguments *filter)
{
    return filter->block_bits >= 1 && filter->k >= 1 && filter->k <= BLOOM_MAX_HASHES
        && mpz_sgn(filter->n) >= 0 && mpz_cmp_ui(filter->m, filter->block_bits) >= 0;
}

/*
 * Extra precision for the alternating sums: `terms` levels of cancellation
 * of at most log2(2/f) bits each, f = 1 - e^(-k n / m) the expected block
 * fill.  Computed in doubles: it only chooses a precision.
 */
static mpfr_prec_t cancellation_bits(const bloom_blocked_arguments *filter, unsigned long terms)
{
    double load = mpz_get_d(filter->n) * (double)filter->k / mpz_get_d(filter->m);
    double fill = -expm1(-load);
    double per_term = fill > 0 ? log2(2 / fill) : 1100;
    if (!(per_term < 1100))
        per_term = 1100;
    double by_fill = (double)terms * (per_term + 1) + 64;
    /* The differences of `terms` levels of values in [0, 1] are at most
     * 2^terms in size, so terms + log2(1/rate) bits also suffice; the rate
     * is estimated by one term of its mixture, P(I = i) times Bloom's inner
     * rate (1 - (1 - 1/B)^(k i))^k, at i = 1 and at the mean load
     * (FORMULAS.md §e.1).  A filter of few keys in many blocks has a tiny global fill but
     * full blocks: fpr -n 1 -m 1.4e12 -k 997 --layout blocked asked for
     * 997 x 1101 bits; its rate, 8.7e-45, needs about 1 150. */
    double blocks = mpz_get_d(filter->m) / (double)filter->block_bits;
    double mean = mpz_get_d(filter->n) / blocks, k = (double)filter->k;
    double keys = mean < 1 ? 1 : floor(mean + 0.5);
    double log2_keys = (keys * log(mean) - mean - lgamma(keys + 1)) / log(2);   /* Poisson P(I = keys) */
    double inner = k * log2(-expm1(k * keys * log1p(-1 / (double)filter->block_bits)));
    double by_size = (double)terms + 64 - (log2_keys + inner);
    double bits = by_size < by_fill ? by_size : by_fill;
    return (mpfr_prec_t)(bits < 1e7 ? bits : 1e7);
}

/* result = G(z), the generating function of the block load, given 1 - z in [0, 1]. */
static void enclose_load_generating(mpfi_ptr result, mpfi_srcptr one_minus_z,
                                    const bloom_blocked_arguments *filter, mpz_srcptr blocks)
{
    if (mpz_sgn(filter->n) == 0) {
        mpfi_set_ui(result, 1);         /* an empty filter: I = 0 */
        return;
    }
    mpfi_div_z(result, one_minus_z, blocks);
    mpfi_neg(result, result);
    if (filter->load == BLOOM_LOAD_BINOMIAL)
        mpfi_log1p(result, result);     /* n log(1 - (1 - z)/b) */
    mpfi_mul_z(result, result, filter->n);
    mpfi_exp(result, result);
}

/* result = 1 - y^exponent = -expm1(exponent log y), given log y <= 0. */
static void enclose_one_minus_power(mpfi_ptr result, mpfi_srcptr log_base, unsigned long exponent)
{
    mpfi_mul_ui(result, log_base, exponent);
    mpfi_expm1(result, result);
    mpfi_neg(result, result);
}

/* result = log(1 - numerator/denominator) * factor. */
static void enclose_log_one_minus(mpfi_ptr result, unsigned long numerator,
                                  unsigned long denominator, unsigned long factor)
{
    mpfi_set_ui(result, numerator);
    mpfi_div_ui(result, result, denominator);
    mpfi_neg(result, result);
    mpfi_log1p(result, result);
    mpfi_mul_ui(result, result, factor);
}

/*
 * result = E[(1 - y^I)^terms] = sum_{j=0..terms} (-1)^j C(terms, j) G(y^j),
 * given log y, at the precision of result.
 */
static void enclose_power_mixture(mpfi_ptr result, mpfi_srcptr log_base, unsigned long terms,
                                  const bloom_blocked_arguments *filter, mpz_srcptr blocks)
{
    mpfi_t one_minus, term;
    mpz_t binomial;
    mpfi_init2(one_minus, mpfi_get_prec(result));
    mpfi_init2(term, mpfi_get_prec(result));
    mpz_init_set_ui(binomial, 1);
    mpfi_set_ui(result, 0);
    for (unsigned long j = 0; j <= terms; j++) {
        enclose_one_minus_power(one_minus, log_base, j);
        enclose_load_generating(term, one_minus, filter, blocks);
        mpfi_mul_z(term, term, binomial);
        if (j % 2 == 0)
            mpfi_add(result, result, term);
        else
            mpfi_sub(result, result, term);
        mpz_mul_ui(binomial, binomial, terms - j);   /* C(terms, j + 1) */
        mpz_divexact_ui(binomial, binomial, j + 1);
    }
    mpz_clear(binomial);
    mpfi_clear(one_minus);
    mpfi_clear(term);
}

/* What a mixture of (1 - y^I)^terms needs: y as a power of 1 - 1/base. */
typedef struct power_mixture {
    unsigned long terms;     /* the outer exponent */
    unsigned long base;      /* y = (1 - 1/base)^exponent */
    unsigned long exponent;
} power_mixture;

static int enclose_mixture(mpfi_ptr result, const bloom_blocked_arguments *filter,
                           const power_mixture *mixture)
{
    mpz_t blocks;
    mpz_init(blocks);
    mpz_fdiv_q_ui(blocks, filter->m, filter->block_bits);
    mpfi_t sum, log_base;
    mpfr_prec_t precision = mpfi_get_prec(result) + cancellation_bits(filter, mixture->terms);
    mpfi_init2(sum, precision);
    mpfi_init2(log_base, precision);
    enclose_log_one_minus(log_base, 1, mixture->base, mixture->exponent);
    enclose_power_mixture(sum, log_base, mixture->terms, filter, blocks);
    bloom_interval_probability(result, sum);
    mpfi_clear(sum);
    mpfi_clear(log_base);
    mpz_clear(blocks);
    return BLOOM_OK;
}

/* --- the three block rates ----------------------------------------------------- */

/*
 * result = G((1 - l/B)^k), given power = B^k: 1 - z = (B^k - (B - l)^k)/B^k exactly, so
 * (1 - z)/b is a ratio of exact integers and the binomial G = (1 - (1 - z)/b)^n is
 * bloom_interval_one_minus_ratio_pow's (certified.h), the Poisson G = e^(-n (1 - z)/b) one
 * exponential of it.
 */
static void enclose_empty_generating(mpfi_ptr result, unsigned long l, mpz_srcptr power,
                                     const bloom_blocked_arguments *filter, mpz_srcptr blocks)
{
    mpz_t missed, all;
    mpz_init(missed);
    mpz_init(all);
    mpz_ui_pow_ui(missed, filter->block_bits - l, filter->k);
    mpz_sub(missed, power, missed);
    mpz_mul(all, power, blocks);
    if (filter->load == BLOOM_LOAD_BINOMIAL) {
        bloom_interval_one_minus_ratio_pow(result, missed, all, filter->n);
    } else {
        mpfi_set_z(result, missed);
        mpfi_div_z(result, result, all);
        mpfi_neg(result, result);
        mpfi_mul_z(result, result, filter->n);
        mpfi_exp(result, result);
    }
    mpz_clears(missed, all, (mpz_ptr)0);
}

/* result = the exact inner rate of a blocked filter (arguments valid), at result's precision. */
static void enclose_blocked(mpfi_ptr result, const bloom_blocked_arguments *filter)
{
    unsigned long bound = filter->k < filter->block_bits ? filter->k : filter->block_bits;
    mpfr_prec_t precision = mpfi_get_prec(result) + cancellation_bits(filter, bound);   /* bound levels of differences */
    mpz_t blocks, block_bits, denominator;
    mpz_init(blocks);
    mpz_init_set_ui(block_bits, filter->block_bits);
    mpz_init(denominator);
    mpz_fdiv_q_ui(blocks, filter->m, filter->block_bits);
    mpz_ui_pow_ui(denominator, filter->block_bits, filter->k);
    mpfi_t *empty = malloc((bound + 1) * sizeof *empty);
    mpfi_t sum;
    if (empty == NULL)
        abort();
    mpfi_init2(sum, precision);
    for (unsigned long l = 0; l <= bound; l++) {
        /* E[(1 - l/B)^(k I)] = G((1 - l/B)^k): l given bits of the block stay empty */
        mpfi_init2(empty[l], precision);
        enclose_empty_generating(empty[l], l, denominator, filter, blocks);
    }
    bloom_fpr_probe_sum(sum, block_bits, filter->k, empty);
    mpfi_div_z(sum, sum, denominator);
    bloom_interval_probability(result, sum);
    for (unsigned long l = 0; l <= bound; l++)
        mpfi_clear(empty[l]);
    free(empty);
    mpfi_clear(sum);
    mpz_clears(blocks, block_bits, denominator, (mpz_ptr)0);
}

int bloom_enclose_fpr_blocked(mpfi_ptr result, const void *arguments)
{
    const bloom_blocked_arguments *filter = arguments;
    if (!blocked_valid(filter))
        return BLOOM_UNDEFINED;
    /* Kept like the exact rates (rate_cache.h), the block's bits in place of the query's probes. */
    bloom_fpr_arguments key = { filter->m, filter->n, filter->k, filter->block_bits };
    bloom_rate_kind kind = filter->load == BLOOM_LOAD_BINOMIAL ? BLOOM_RATE_BLOCKED_BINOMIAL
                                                               : BLOOM_RATE_BLOCKED_POISSON;
    mpfr_prec_t kept = 0;
    if (bloom_rate_cache_find(result, &kept, kind, &key))
        return BLOOM_OK;
    mpfi_t rate;
    mpfi_init2(rate, bloom_rate_cache_precision(mpfi_get_prec(result), kept));
    enclose_blocked(rate, filter);
    bloom_rate_cache_keep(rate, kind, &key);
    mpfi_set(result, rate);
    mpfi_clear(rate);
    return BLOOM_OK;
}

int bloom_enclose_fpr_blocked_putze(mpfi_ptr result, const void *arguments)
{
    const bloom_blocked_arguments *filter = arguments;
    if (!blocked_valid(filter))
        return BLOOM_UNDEFINED;
    power_mixture mixture = { filter->k, filter->block_bits, filter->k };
    return enclose_mixture(result, filter, &mixture);
}

int bloom_enclose_fpr_split_block(mpfi_ptr result, const void *arguments)
{
    const bloom_blocked_arguments *filter = arguments;
    if (!blocked_valid(filter) || filter->block_bits % filter->k != 0)
        return BLOOM_UNDEFINED;
    power_mixture mixture = { filter->k, filter->block_bits / filter->k, 1 };
    return enclose_mixture(result, filter, &mixture);
}
