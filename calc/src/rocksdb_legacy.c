/*
 * rocksdb_legacy.c - the rate of RocksDB's legacy Bloom filter
 * (rocksdb_legacy.h; FORMULAS.md §e.8), read in RocksDB v7.8.3
 * (bf2c335, util/bloom_impl.h LegacyLocalityBloomImpl<false>).
 *
 * A key's probes in its 512-bit line are the progression (a + i d) mod 512,
 * i < k, of start a = h mod 512 and step d = bits 17..25 of h (delta mod
 * 512).  With the line and the pair (a, d) of each key independent and
 * uniform, the line of the query holds I ~ Binomial(n, 1/L) keys and, by
 * inclusion-exclusion over the set T of the query's distinct positions
 * that stay empty,
 *
 *     P(all set | I = i) = sum_{T in S} (-1)^|T| (1 - hits(T)/2^18)^i,
 *
 * hits(T) the pairs whose progression meets T; E over I is the load's
 * generating function, so the rate is the finite sum
 *
 *     (1/512) sum_d sum_{T in S_d} (-1)^|T| (1 - hits(T)/(2^18 L))^n
 *
 * over the query's step d (its start is 0 by translation).  Multiplying the
 * whole line by an odd u maps progressions to progressions, so hits depends
 * on d only through its power of two: ten classes (d = 0, 1, 2, ..., 256)
 * with 1, 256, 128, ..., 1 steps each.  Terms of equal hits are merged, 72
 * of them for k = 6, 3 206 for k = 12.  A search for the least bits per key
 * tries k = 1, 2, ..., 12 in turn, each row of a table again, so the
 * mixture of every k is kept once built (at most 12, about 100 kB; freed by
 * bloom_fpr_free_cache, fpr.h).  A class's counts go by the key's step: the
 * starts whose progression meets the query's position q at its i-th probe
 * are q - i step, so the 512 starts of a step cost k times the query's
 * distinct positions, not 512 k probes.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "legacy_mixtures.h"
#include "rate_cache.h"
#include "rocksdb_legacy.h"

#define LINE_BITS 512U
#define PATTERNS (LINE_BITS * LINE_BITS)   /* (start, step) pairs of a key */

typedef struct mixture {
    size_t count;              /* 0: not built */
    unsigned long *hits;       /* key progressions that meet T, ascending */
    long *coefficients;        /* sum of (-1)^|T| times the steps of its class */
} mixture;

static _Thread_local mixture kept[BLOOM_ROCKSDB_LEGACY_MAX_PROBES + 1];   /* by k */

int bloom_rocksdb_legacy_model_applies(const bloom_blocked_arguments *filter)
{
    return filter->block_bits == LINE_BITS && filter->k >= 1
        && filter->k <= BLOOM_ROCKSDB_LEGACY_MAX_PROBES && mpz_cmp_ui(filter->m, LINE_BITS) >= 0
        && mpz_divisible_ui_p(filter->m, LINE_BITS);
}

/* positions[r] = the query's r-th distinct position i step mod 512 (in the order of i); returns
 * how many there are. */
static unsigned query_positions(unsigned *positions, unsigned step, unsigned long k)
{
    unsigned distinct = 0;
    for (unsigned long i = 0; i < k; i++) {
        unsigned p = (unsigned)((i * step) % LINE_BITS), r = 0;
        while (r < distinct && positions[r] != p)
            r++;
        if (r == distinct)
            positions[distinct++] = p;
    }
    return distinct;
}

/* covered[U] = the key progressions whose meeting with the query's positions lies within U. */
static void count_covered(unsigned long *covered, const unsigned *positions, unsigned distinct,
                          unsigned long k)
{
    for (unsigned step = 0; step < LINE_BITS; step++) {
        unsigned meeting[LINE_BITS] = { 0 };             /* by the key's start */
        for (unsigned r = 0; r < distinct; r++)
            for (unsigned long i = 0; i < k; i++)        /* unsigned wrap-around is mod 512 */
                meeting[(positions[r] - (unsigned)i * step) % LINE_BITS] |= 1U << r;
        for (unsigned start = 0; start < LINE_BITS; start++)
            covered[meeting[start]]++;
    }
    for (unsigned bit = 0; bit < distinct; bit++)         /* sums over subsets */
        for (unsigned set = 0; set < 1U << distinct; set++)
            if (set >> bit & 1U)
                covered[set] += covered[set ^ (1U << bit)];
}

/* Adds the terms of the steps of one class (`weight` of them, one of which is `step`). */
static void add_class(long *coefficients, unsigned step, long weight, unsigned long k)
{
    unsigned positions[BLOOM_ROCKSDB_LEGACY_MAX_PROBES];
    unsigned distinct = query_positions(positions, step, k);
    unsigned full = (1U << distinct) - 1;
    unsigned long *covered = calloc((size_t)full + 1, sizeof *covered);
    if (covered == NULL)
        abort();
    count_covered(covered, positions, distinct, k);
    for (unsigned empty = 0; empty <= full; empty++) {
        unsigned long hits = PATTERNS - covered[full ^ empty];   /* progressions meeting `empty` */
        coefficients[hits] += __builtin_popcount(empty) % 2 ? -weight : weight;
    }
    free(covered);
}

static void build_mixture(mixture *terms, unsigned long k)
{
    long *coefficients = calloc(PATTERNS + 1, sizeof *coefficients);
    if (coefficients == NULL)
        abort();
    add_class(coefficients, 0, 1, k);
    for (unsigned power = 0; power < 9; power++)     /* odd multiples of 2^power below 512 */
        add_class(coefficients, 1U << power, 1L << (8 - power), k);
    size_t count = 0;
    for (uint32_t hits = 0; hits <= PATTERNS; hits++)
        count += coefficients[hits] != 0;
    terms->hits = malloc(count * sizeof *terms->hits);
    terms->coefficients = malloc(count * sizeof *terms->coefficients);
    if (terms->hits == NULL || terms->coefficients == NULL)
        abort();
    for (uint32_t hits = 0; hits <= PATTERNS; hits++)
        if (coefficients[hits] != 0) {
            terms->hits[terms->count] = hits;
            terms->coefficients[terms->count++] = coefficients[hits];
        }
    free(coefficients);
}

static const mixture *mixture_of(unsigned long k)
{
    if (kept[k].count == 0)
        build_mixture(&kept[k], k);
    return &kept[k];
}

void bloom_rocksdb_legacy_free_cache(void)
{
    for (unsigned long k = 0; k <= BLOOM_ROCKSDB_LEGACY_MAX_PROBES; k++) {
        free(kept[k].hits);
        free(kept[k].coefficients);
        kept[k] = (mixture){ 0, NULL, NULL };
    }
}

int bloom_rocksdb_legacy_rate_floor(mpfi_ptr result, const void *arguments)
{
    const bloom_blocked_arguments *filter = arguments;
    if (!bloom_rocksdb_legacy_model_applies(filter) || mpz_sgn(filter->n) < 0)
        return BLOOM_UNDEFINED;
    unsigned positions[BLOOM_ROCKSDB_LEGACY_MAX_PROBES];
    unsigned long meeting = 0;           /* the key progressions through one bit */
    for (unsigned step = 0; step < LINE_BITS; step++)
        meeting += query_positions(positions, step, filter->k);
    mpz_t hits, all;
    mpz_init_set_ui(hits, meeting);
    mpz_init(all);
    mpz_fdiv_q_ui(all, filter->m, LINE_BITS);                /* 2^18 L */
    mpz_mul_ui(all, all, PATTERNS);
    bloom_interval_one_minus_ratio_pow(result, hits, all, filter->n);
    mpfi_ui_sub(result, 1, result);
    mpfi_div_ui(result, result, LINE_BITS);
    bloom_interval_probability(result, result);
    mpz_clears(hits, all, (mpz_ptr)0);
    return BLOOM_OK;
}

/* Bits the alternating sum cancels: the log of its terms' total size over the rate, the rate
 * estimated in doubles by Bloom's blocked rate at the mean load.  It only chooses a precision. */
static mpfr_prec_t cancellation_bits(const mixture *terms, const bloom_blocked_arguments *filter)
{
    double size = 0;
    for (size_t i = 0; i < terms->count; i++)
        size += fabs((double)terms->coefficients[i]) / LINE_BITS;
    double load = mpz_get_d(filter->n) / (mpz_get_d(filter->m) / LINE_BITS);
    double k = (double)filter->k;
    double rate = pow(-expm1(k * load * log1p(-1.0 / LINE_BITS)), k);
    double bits = (size > 0 ? log2(size) : 0) + 64 - (rate > 0 ? log2(rate) : -1e5);
    return (mpfr_prec_t)(bits < 1e5 ? bits : 1e5);
}

/* rate = the sum of the mixture's terms at rate's precision, their powers sharing one series
 * (bloom_interval_one_minus_listed_pow, certified.h). */
static void sum_terms(mpfi_ptr rate, const mixture *terms, const bloom_blocked_arguments *filter)
{
    mpz_t all;
    mpz_init(all);
    mpz_fdiv_q_ui(all, filter->m, LINE_BITS);                /* 2^18 L */
    mpz_mul_ui(all, all, PATTERNS);
    mpfi_t *powers = malloc(terms->count * sizeof *powers);
    if (powers == NULL)
        abort();
    for (size_t i = 0; i < terms->count; i++)
        mpfi_init2(powers[i], mpfi_get_prec(rate));
    bloom_interval_one_minus_listed_pow(powers, terms->hits, terms->count, all, filter->n);
    mpfi_t sum;
    mpfi_init2(sum, mpfi_get_prec(rate));
    mpfi_set_ui(sum, 0);
    for (size_t i = 0; i < terms->count; i++) {
        mpfi_mul_si(powers[i], powers[i], terms->coefficients[i]);
        mpfi_add(sum, sum, powers[i]);
        mpfi_clear(powers[i]);
    }
    free(powers);
    mpfi_div_ui(sum, sum, LINE_BITS);
    bloom_interval_probability(rate, sum);
    mpz_clear(all);
    mpfi_clear(sum);
}

int bloom_enclose_fpr_rocksdb_legacy(mpfi_ptr result, const void *arguments)
{
    const bloom_blocked_arguments *filter = arguments;
    if (!bloom_rocksdb_legacy_model_applies(filter) || mpz_sgn(filter->n) < 0)
        return BLOOM_UNDEFINED;
    /* A plan asks for the same rate again (the search's last step is the filter sized, its
     * fields ask once more, each at growing precision): rate_cache.h. */
    const bloom_fpr_arguments key = { filter->m, filter->n, filter->k, 0 };
    mpfr_prec_t kept_precision = 0;
    if (bloom_rate_cache_find(result, &kept_precision, BLOOM_RATE_ROCKSDB_LEGACY, &key))
        return BLOOM_OK;
    const mixture *terms = mixture_of(filter->k);
    mpfr_prec_t asked = bloom_rate_cache_precision(mpfi_get_prec(result), kept_precision);
    mpfi_t rate;
    mpfi_init2(rate, asked + cancellation_bits(terms, filter));
    sum_terms(rate, terms, filter);
    bloom_rate_cache_keep(rate, BLOOM_RATE_ROCKSDB_LEGACY, &key);
    mpfi_set(result, rate);
    mpfi_clear(rate);
    return BLOOM_OK;
}
