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
 * of them for k = 6, 3 206 for k = 12; the mixture of the last k is kept.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "rocksdb_legacy.h"

#define LINE_BITS 512U
#define PATTERNS (LINE_BITS * LINE_BITS)   /* (start, step) pairs of a key */
#define MAX_TERMS 4096U                    /* merged terms for k <= 12 (3 206) */

typedef struct term {
    uint32_t hits;        /* key progressions that meet T */
    long coefficient;     /* sum of (-1)^|T| times the steps of its class */
} term;

typedef struct mixture {
    /* cppcheck-suppress unusedStructMember ; read through the thread-local cache below */
    unsigned long k;      /* 0: nothing kept */
    size_t count;
    term terms[MAX_TERMS];
} mixture;

static _Thread_local mixture kept;

int bloom_rocksdb_legacy_model_applies(const bloom_blocked_arguments *filter)
{
    return filter->block_bits == LINE_BITS && filter->k >= 1
        && filter->k <= BLOOM_ROCKSDB_LEGACY_MAX_PROBES && mpz_cmp_ui(filter->m, LINE_BITS) >= 0
        && mpz_divisible_ui_p(filter->m, LINE_BITS);
}

/* index_of[p] = the rank of position p among the query's distinct positions i step mod 512,
 * or -1; returns how many there are. */
static unsigned query_positions(int *index_of, unsigned step, unsigned long k)
{
    unsigned distinct = 0;
    for (unsigned p = 0; p < LINE_BITS; p++)
        index_of[p] = -1;
    for (unsigned long i = 0; i < k; i++) {
        unsigned p = (unsigned)((i * step) % LINE_BITS);
        if (index_of[p] < 0)
            index_of[p] = (int)distinct++;
    }
    return distinct;
}

/* covered[U] = the key progressions whose meeting with the query's positions lies within U. */
static void count_covered(unsigned long *covered, const int *index_of, unsigned distinct, unsigned long k)
{
    for (unsigned start = 0; start < LINE_BITS; start++)
        for (unsigned step = 0; step < LINE_BITS; step++) {
            unsigned meeting = 0;
            for (unsigned long i = 0; i < k; i++) {
                int rank = index_of[(start + i * step) % LINE_BITS];
                if (rank >= 0)
                    meeting |= 1U << rank;
            }
            covered[meeting]++;
        }
    for (unsigned bit = 0; bit < distinct; bit++)         /* sums over subsets */
        for (unsigned set = 0; set < 1U << distinct; set++)
            if (set >> bit & 1U)
                covered[set] += covered[set ^ (1U << bit)];
}

/* Adds the terms of the steps of one class (`weight` of them, one of which is `step`). */
static void add_class(long *coefficients, unsigned step, long weight, unsigned long k)
{
    int index_of[LINE_BITS];
    unsigned distinct = query_positions(index_of, step, k);
    unsigned full = (1U << distinct) - 1;
    unsigned long *covered = calloc((size_t)full + 1, sizeof *covered);
    if (covered == NULL)
        abort();
    count_covered(covered, index_of, distinct, k);
    for (unsigned empty = 0; empty <= full; empty++) {
        unsigned long hits = PATTERNS - covered[full ^ empty];   /* progressions meeting `empty` */
        coefficients[hits] += __builtin_popcount(empty) % 2 ? -weight : weight;
    }
    free(covered);
}

static const mixture *mixture_of(unsigned long k)
{
    if (kept.k == k)
        return &kept;
    long *coefficients = calloc(PATTERNS + 1, sizeof *coefficients);
    if (coefficients == NULL)
        abort();
    add_class(coefficients, 0, 1, k);
    for (unsigned power = 0; power < 9; power++)     /* odd multiples of 2^power below 512 */
        add_class(coefficients, 1U << power, 1L << (8 - power), k);
    kept.count = 0;
    for (uint32_t hits = 0; hits <= PATTERNS; hits++)
        if (coefficients[hits] != 0 && kept.count < MAX_TERMS)
            kept.terms[kept.count++] = (term){ hits, coefficients[hits] };
    kept.k = k;
    free(coefficients);
    return &kept;
}

/* Bits the alternating sum cancels: the log of its terms' total size over the rate, the rate
 * estimated in doubles by Bloom's blocked rate at the mean load.  It only chooses a precision. */
static mpfr_prec_t cancellation_bits(const mixture *terms, const bloom_blocked_arguments *filter)
{
    double size = 0;
    for (size_t i = 0; i < terms->count; i++)
        size += fabs((double)terms->terms[i].coefficient) / LINE_BITS;
    double load = mpz_get_d(filter->n) / (mpz_get_d(filter->m) / LINE_BITS);
    double k = (double)filter->k;
    double rate = pow(-expm1(k * load * log1p(-1.0 / LINE_BITS)), k);
    double bits = (size > 0 ? log2(size) : 0) + 64 - (rate > 0 ? log2(rate) : -1e5);
    return (mpfr_prec_t)(bits < 1e5 ? bits : 1e5);
}

int bloom_enclose_fpr_rocksdb_legacy(mpfi_ptr result, const void *arguments)
{
    const bloom_blocked_arguments *filter = arguments;
    if (!bloom_rocksdb_legacy_model_applies(filter) || mpz_sgn(filter->n) < 0)
        return BLOOM_UNDEFINED;
    const mixture *terms = mixture_of(filter->k);
    mpfr_prec_t precision = mpfi_get_prec(result) + cancellation_bits(terms, filter);
    mpz_t all, hits;
    mpz_inits(all, hits, (mpz_ptr)0);
    mpz_fdiv_q_ui(all, filter->m, LINE_BITS);                /* 2^18 L */
    mpz_mul_ui(all, all, PATTERNS);
    mpfi_t sum, term_value;
    mpfi_init2(sum, precision);
    mpfi_init2(term_value, precision);
    mpfi_set_ui(sum, 0);
    for (size_t i = 0; i < terms->count; i++) {
        mpz_set_ui(hits, terms->terms[i].hits);
        bloom_interval_one_minus_ratio_pow(term_value, hits, all, filter->n);
        mpfi_mul_si(term_value, term_value, terms->terms[i].coefficient);
        mpfi_add(sum, sum, term_value);
    }
    mpfi_div_ui(sum, sum, LINE_BITS);
    bloom_interval_probability(result, sum);
    mpz_clears(all, hits, (mpz_ptr)0);
    mpfi_clear(term_value);
    mpfi_clear(sum);
    return BLOOM_OK;
}
