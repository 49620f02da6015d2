/*
 * structures.c - bits per key of other approximate-membership structures,
 * and the overflow probability of a counting Bloom filter (structures.h).
 *
 * Bits per key.  Each row is (scale L' + offset)/load, optionally over
 * ln 2, with L = log2(1/p): the formulas the papers give (FORMULAS.md §g), not
 * measurements; only the floor and the Bloom row are exact statements.
 *
 * Counter overflow.  Under independent uniform probes a counter receives
 * each of the T = kn increments with probability 1/m, so C1 ~ Binomial(T,
 * 1/m) and two counters (C1, C2) are multinomial.  With j = 2^c,
 *   P(C1 >= j) = 1 - sum_{a<j} C(T,a) m^-a (1 - 1/m)^(T-a),
 *   P(C1 >= j, C2 >= j) = 1 - 2 P(C1 < j) + P(C1 < j, C2 < j),
 *   P(C1 < j, C2 < j) = sum_{a,b<j} C(T,a) C(T-a,b) m^-(a+b) (1 - 2/m)^(T-a-b).
 * The union bound S1 = m P(C1 >= j) and the larger of the second
 * Bonferroni bound S1 - S2, S2 = C(m,2) P(C1 >= j, C2 >= j), and the
 * single counter's P(C1 >= j) enclose P(some counter overflows).  Both tails are tiny differences of numbers near 1, so they
 * are computed with extra precision (an estimate of the bits lost, in
 * doubles, only chooses the precision; the enclosure certifies).
 * Fan et al.'s bound m (e T/(j m))^j is given for comparison.
 *
 * References: L. Carter et al., STOC 1978; L. Fan, P. Cao, J. Almeida and
 * A. Broder, "Summary cache", IEEE/ACM ToN 8(3), 2000; B. Fan et al.,
 * "Cuckoo filter", CoNEXT 2014; T. M. Graf and D. Lemire, "Xor filters",
 * ACM JEA 25, 2020, and "Binary fuse filters", ACM JEA 27, 2022;
 * P. C. Dillinger and S. Walzer, "Ribbon filter", arXiv 2103.02515, 2021.
 */
#include <math.h>

#include "structures.h"

const bloom_structure bloom_structures[] = {
    { "lower bound", "exact", "Carter, Floyd, Gill, Markowsky, Wegman, STOC 1978", "1", "0", "1", 0, 0, 0 },
    { "bloom", "exact", "Bloom 1970; real k, exponential approximation", "1", "0", "1", 0, 1, 0 },
    { "counting bloom", "exact", "Fan, Cao, Almeida, Broder, ToN 2000", "1", "0", "1", 0, 1, 1 },
    { "cuckoo (b=4)", "approximate", "Fan, Andersen, Kaminsky, Mitzenmacher, CoNEXT 2014", "1", "3",
      "955/1000", 0, 0, 0 },
    { "cuckoo semi-sorted (b=4)", "approximate", "Fan et al., CoNEXT 2014", "1", "2", "955/1000", 0, 0, 0 },
    { "xor", "approximate", "Graf, Lemire, ACM JEA 2020", "123/100", "0", "1", 0, 0, 0 },
    { "xor, whole-bit fingerprints", "approximate", "Graf, Lemire, ACM JEA 2020", "123/100", "0", "1", 1, 0, 0 },
    { "binary fuse (3-wise)", "approximate", "Graf, Lemire, ACM JEA 2022", "1125/1000", "0", "1", 0, 0, 0 },
    { "binary fuse (4-wise)", "approximate", "Graf, Lemire, ACM JEA 2022", "1075/1000", "0", "1", 0, 0, 0 },
    { "ribbon (1% overhead)", "approximate", "Dillinger, Walzer, arXiv 2103.02515", "101/100", "0", "1", 0, 0, 0 },
};
const size_t bloom_structure_count = sizeof bloom_structures / sizeof bloom_structures[0];

static void enclose_text_rational(mpfi_ptr result, const char *text)
{
    mpq_t value;
    mpq_init(value);
    mpq_set_str(value, text, 10);
    mpq_canonicalize(value);
    mpfi_set_q(result, value);
    mpq_clear(value);
}

/* rop = ceil(log2(1/p)) exactly: the smallest a with 2^a p >= 1. */
static unsigned long ceil_log2_inverse(mpq_srcptr p)
{
    mpz_t scaled;
    mpz_init_set(scaled, mpq_numref(p));
    unsigned long a = 0;
    while (mpz_cmp(scaled, mpq_denref(p)) < 0) {
        mpz_mul_2exp(scaled, scaled, 1);
        a++;
    }
    mpz_clear(scaled);
    return a;
}

/* Whether log2(1/p) is a whole number (p = 2^-a), and that number. */
static int log2_inverse_is_whole(unsigned long *a, mpq_srcptr p)
{
    if (mpz_cmp_ui(mpq_numref(p), 1) != 0 || mpz_popcount(mpq_denref(p)) != 1)
        return 0;
    *a = mpz_scan1(mpq_denref(p), 0);
    return 1;
}

/* (scale L' c + offset) / load for a rational L' (c: counter bits, or 1). */
static void apply_row_formula(mpq_ptr result, const bloom_structure_arguments *row, mpq_srcptr level)
{
    mpq_t part;
    mpq_init(part);
    mpq_set_str(part, row->structure->scale, 10);
    mpq_canonicalize(part);
    mpq_mul(result, level, part);
    if (row->structure->per_counter_bit) {
        mpq_set_ui(part, row->counter_bits, 1);
        mpq_mul(result, result, part);
    }
    mpq_set_str(part, row->structure->offset, 10);
    mpq_canonicalize(part);
    mpq_add(result, result, part);
    mpq_set_str(part, row->structure->load, 10);
    mpq_canonicalize(part);
    mpq_div(result, result, part);
    mpq_clear(part);
}

int bloom_exact_structure_bits_per_key(mpq_ptr result, const void *arguments)
{
    const bloom_structure_arguments *row = arguments;
    unsigned long level = 0;
    if (row->structure->over_ln2)
        return BLOOM_UNDEFINED;   /* log2(1/p) / ln 2 is irrational */
    if (row->structure->whole_fingerprints)
        level = ceil_log2_inverse(row->p);
    else if (!log2_inverse_is_whole(&level, row->p))
        return BLOOM_UNDEFINED;
    mpq_t whole;
    mpq_init(whole);
    mpq_set_ui(whole, level, 1);
    apply_row_formula(result, row, whole);
    mpq_clear(whole);
    return BLOOM_OK;
}

int bloom_enclose_structure_bits_per_key(mpfi_ptr result, const void *arguments)
{
    const bloom_structure_arguments *row = arguments;
    const bloom_structure *structure = row->structure;
    mpfi_t part;
    mpfi_init2(part, mpfi_get_prec(result) + 16);
    mpfi_set_q(result, row->p);
    mpfi_log2(result, result);
    mpfi_neg(result, result);
    if (structure->whole_fingerprints)   /* ceil(L), exactly (an enclosure of L may straddle it) */
        mpfi_set_ui(result, ceil_log2_inverse(row->p));
    enclose_text_rational(part, structure->scale);
    mpfi_mul(result, result, part);
    if (structure->per_counter_bit)
        mpfi_mul_ui(result, result, row->counter_bits);
    enclose_text_rational(part, structure->offset);
    mpfi_add(result, result, part);
    enclose_text_rational(part, structure->load);
    mpfi_div(result, result, part);
    if (structure->over_ln2) {
        mpfi_const_log2(part);
        mpfi_div(result, result, part);
    }
    mpfi_clear(part);
    return BLOOM_OK;
}

/* --- counting Bloom filter ---------------------------------------------------------- */

static int counting_valid(const bloom_counting_arguments *counting)
{
    return counting->counter_bits >= 1 && counting->counter_bits <= 6 && counting->k >= 1
        && mpz_sgn(counting->m) > 0 && mpz_sgn(counting->n) > 0;
}

/*
 * The cases with an exact answer, which the sums below must not see: with
 * T = kn < j increments no counter reaches j (every quantity is 0); a
 * single counter receives all T (P(C1 >= j) = 1 when T >= j, and there is
 * no pair, S2 = 0).  Returns 1 and sets `result` to that value (for the
 * single-counter probability and both Bonferroni bounds alike), else 0.
 */
static int overflow_exactly(mpfi_ptr result, const bloom_counting_arguments *counting)
{
    mpz_t throws;
    mpz_init(throws);
    mpz_mul_ui(throws, counting->n, counting->k);
    int none = mpz_cmp_ui(throws, 1UL << counting->counter_bits) < 0;
    mpz_clear(throws);
    if (none)
        mpfi_set_ui(result, 0);
    else if (mpz_cmp_ui(counting->m, 1) == 0)
        mpfi_set_ui(result, 1);
    return none || mpz_cmp_ui(counting->m, 1) == 0;
}

/*
 * Bits the tail 1 - P(C1 < j) cancels, about -log2 of the tail (doubles: a
 * precision only; T >= j here, so every lgamma argument is at least 1).
 * Clamped to [64, 2^20 + 64] so that no double can make a precision MPFR
 * refuses: a too-small guess only costs another round of Ziv's loop.
 */
static mpfr_prec_t tail_bits(const bloom_counting_arguments *counting)
{
    double throws = mpz_get_d(counting->n) * (double)counting->k, m = mpz_get_d(counting->m);
    double j = (double)(1UL << counting->counter_bits);
    double log2_tail = (lgamma(throws + 1) - lgamma(j + 1) - lgamma(throws - j + 1)) / log(2)
                     - j * log2(m);
    double bits = log2_tail < 0 ? -log2_tail : 0;
    if (!(bits < 1048576))
        bits = 1048576;
    return (mpfr_prec_t)bits + 64;
}

/* result = min(1, max(0, result)), the enclosure of a probability given an
 * enclosure of a bound on it that may leave [0, 1]. */
static void clamp_to_unit(mpfi_ptr result)
{
    mpfr_t left, right;
    mpfr_inits2(mpfi_get_prec(result), left, right, (mpfr_ptr)0);
    mpfi_get_left(left, result);
    mpfi_get_right(right, result);
    if (mpfr_sgn(left) < 0)
        mpfr_set_ui(left, 0, MPFR_RNDD);
    if (mpfr_sgn(right) < 0)
        mpfr_set_ui(right, 0, MPFR_RNDU);
    if (mpfr_cmp_ui(left, 1) > 0)
        mpfr_set_ui(left, 1, MPFR_RNDD);
    if (mpfr_cmp_ui(right, 1) > 0)
        mpfr_set_ui(right, 1, MPFR_RNDU);
    mpfi_interv_fr(result, left, right);
    mpfr_clears(left, right, (mpfr_ptr)0);
}

/* result = P(C1 < j): sum_{a<j} C(T,a) m^-a (1 - 1/m)^(T-a). */
static void enclose_below_one(mpfi_ptr result, const bloom_counting_arguments *counting, mpz_srcptr throws)
{
    unsigned long j = 1UL << counting->counter_bits;
    mpz_t binomial, power, rest, one;
    mpz_inits(binomial, power, rest, (mpz_ptr)0);
    mpz_init_set_ui(one, 1);
    mpfi_t term;
    mpfi_init2(term, mpfi_get_prec(result));
    mpfi_set_ui(result, 0);
    for (unsigned long a = 0; a < j && mpz_cmp_ui(throws, a) >= 0; a++) {
        mpz_bin_ui(binomial, throws, a);
        mpz_pow_ui(power, counting->m, a);
        mpz_sub_ui(rest, throws, a);
        bloom_interval_one_minus_ratio_pow(term, one, counting->m, rest);
        mpfi_mul_z(term, term, binomial);
        mpfi_div_z(term, term, power);
        mpfi_add(result, result, term);
    }
    mpfi_clear(term);
    mpz_clears(binomial, power, rest, one, (mpz_ptr)0);
}

/* result = P(C1 < j, C2 < j). */
static void enclose_below_two(mpfi_ptr result, const bloom_counting_arguments *counting, mpz_srcptr throws)
{
    unsigned long j = 1UL << counting->counter_bits;
    mpz_t weight, second, power, rest, two;
    mpz_inits(weight, second, power, rest, (mpz_ptr)0);
    mpz_init_set_ui(two, 2);
    mpfi_t term;
    mpfi_init2(term, mpfi_get_prec(result));
    mpfi_set_ui(result, 0);
    for (unsigned long a = 0; a < j; a++)
        for (unsigned long b = 0; b < j && mpz_cmp_ui(throws, a + b) >= 0; b++) {
            mpz_bin_ui(weight, throws, a);
            mpz_sub_ui(rest, throws, a);
            mpz_bin_ui(second, rest, b);
            mpz_mul(weight, weight, second);
            mpz_pow_ui(power, counting->m, a + b);
            mpz_sub_ui(rest, rest, b);
            bloom_interval_one_minus_ratio_pow(term, two, counting->m, rest);
            mpfi_mul_z(term, term, weight);
            mpfi_div_z(term, term, power);
            mpfi_add(result, result, term);
        }
    mpfi_clear(term);
    mpz_clears(weight, second, power, rest, two, (mpz_ptr)0);
}

int bloom_enclose_counter_overflow_one(mpfi_ptr result, const void *arguments)
{
    const bloom_counting_arguments *counting = arguments;
    if (!counting_valid(counting))
        return BLOOM_UNDEFINED;
    if (overflow_exactly(result, counting))
        return BLOOM_OK;
    mpz_t throws;
    mpz_init(throws);
    mpz_mul_ui(throws, counting->n, counting->k);
    mpfi_t below;
    mpfi_init2(below, mpfi_get_prec(result) + tail_bits(counting));
    enclose_below_one(below, counting, throws);
    mpfi_ui_sub(result, 1, below);
    mpfi_clear(below);
    mpz_clear(throws);
    return BLOOM_OK;
}

/* S1 = m P(C1 >= j), unclamped (the lower bound subtracts S2 from it). */
static int union_bound(mpfi_ptr result, const bloom_counting_arguments *counting)
{
    int status = bloom_enclose_counter_overflow_one(result, counting);
    mpfi_mul_z(result, result, counting->m);
    return status;
}

int bloom_enclose_counter_overflow_upper(mpfi_ptr result, const void *arguments)
{
    const bloom_counting_arguments *counting = arguments;
    int status = union_bound(result, counting);
    clamp_to_unit(result);
    return status;
}

int bloom_enclose_counter_overflow_lower(mpfi_ptr result, const void *arguments)
{
    const bloom_counting_arguments *counting = arguments;
    if (!counting_valid(counting))
        return BLOOM_UNDEFINED;
    if (overflow_exactly(result, counting))
        return BLOOM_OK;
    mpz_t throws, pairs;
    mpz_inits(throws, pairs, (mpz_ptr)0);
    mpz_mul_ui(throws, counting->n, counting->k);
    mpz_bin_ui(pairs, counting->m, 2);
    mpfi_t one, both, single;
    mpfr_prec_t precision = mpfi_get_prec(result) + 2 * tail_bits(counting);
    mpfi_init2(one, precision);
    mpfi_init2(both, precision);
    mpfi_init2(single, mpfi_get_prec(result));
    enclose_below_one(one, counting, throws);
    enclose_below_two(both, counting, throws);
    mpfi_mul_2ui(one, one, 1);
    mpfi_sub(both, both, one);        /* P(C1 >= j, C2 >= j) = 1 - 2 P(C1 < j) + P(both < j) */
    mpfi_add_ui(both, both, 1);
    mpfi_mul_z(both, both, pairs);    /* S2 */
    union_bound(one, counting);
    mpfi_sub(result, one, both);
    /* max(S1 - S2, P(C1 >= j)): both are lower bounds; where S1 - S2 cancels to
     * nothing (3 counters, a million increments: S1 and S2 are 3 minus 3^-1e6
     * terms) the single counter's tail decides, with no precision to spend */
    bloom_enclose_counter_overflow_one(single, counting);
    mpfr_max(&result->left, &result->left, &single->left, MPFR_RNDD);
    mpfr_max(&result->right, &result->right, &single->right, MPFR_RNDU);
    clamp_to_unit(result);
    mpfi_clear(single);
    mpfi_clear(one);
    mpfi_clear(both);
    mpz_clears(throws, pairs, (mpz_ptr)0);
    return BLOOM_OK;
}

int bloom_enclose_counter_overflow_fan(mpfi_ptr result, const void *arguments)
{
    const bloom_counting_arguments *counting = arguments;
    if (!counting_valid(counting))
        return BLOOM_UNDEFINED;
    unsigned long j = 1UL << counting->counter_bits;
    mpfi_set_ui(result, 1);
    mpfi_exp(result, result);
    mpfi_mul_z(result, result, counting->n);
    mpfi_mul_ui(result, result, counting->k);
    mpfi_div_ui(result, result, j);
    mpfi_div_z(result, result, counting->m);
    bloom_interval_pow_ui(result, result, j);
    mpfi_mul_z(result, result, counting->m);
    return BLOOM_OK;
}
