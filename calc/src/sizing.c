/*
 * sizing.c - bits, hashes and keys for a target false-positive rate.
 *
 * With real k the exponential approximation (1 - e^(-kn/m))^k is smallest
 * at k = (m/n) ln 2, where it equals 2^-k; solving 2^-k = p gives
 *
 *     bits per key  c = m/n = log2(1/p) / ln 2 = -ln p / (ln 2)^2,
 *
 * 1.4427 log2(1/p), the figure textbooks round to 1.44 log2(1/p).  With a
 * whole number k the approximation equals p at c_k = -k / ln(1 - p^(1/k)),
 * which is slightly larger than c for every k except log2(1/p).
 *
 * Whole-number answers are then chosen against the exact rate of fpr.c,
 * which is larger than the approximation (fpr.h), so the approximation's
 * answer is a certified starting point: for each k near log2(1/p) (from
 * floor - 1 to floor + 2, which contains the integer optimum of c_k), m
 * starts at ceil(n c_k) and a galloping search followed by bisection finds
 * the first m whose exact rate is at most p (the exact rate decreases as m
 * grows and increases as n grows).  Every comparison of a rate with p is
 * certified by interval refinement (certified.h), and when an exact rate
 * is equal to p, which interval refinement cannot separate, the exact
 * fraction decides.
 *
 * References: B. H. Bloom, CACM 13(7), 1970; A. Broder and
 * M. Mitzenmacher, "Network applications of Bloom filters: a survey",
 * Internet Mathematics 1(4), 2004 (the optimal k); FORMULAS.md §b.
 */
#include "sizing.h"
#include <math.h>
#include <string.h>

#include "fill.h"
#include "fpr.h"

/* --- real-valued sizing quantities ------------------------------------ */

/* result = ln(1/p) at the working precision of result. */
static void enclose_log_inverse_rate(mpfi_ptr result, mpq_srcptr p)
{
    mpfi_set_q(result, p);
    mpfi_log(result, result);
    mpfi_neg(result, result);
}

int bloom_enclose_bits_per_key(mpfi_ptr result, const void *arguments)
{
    const bloom_sizing_arguments *sizing = arguments;
    mpfi_t log2_squared;
    mpfi_init2(log2_squared, mpfi_get_prec(result) + 16);
    mpfi_const_log2(log2_squared);
    mpfi_sqr(log2_squared, log2_squared);
    enclose_log_inverse_rate(result, sizing->p);
    mpfi_div(result, result, log2_squared);
    mpfi_clear(log2_squared);
    return BLOOM_OK;
}

int bloom_enclose_bits_per_key_1_44(mpfi_ptr result, const void *arguments)
{
    const bloom_sizing_arguments *sizing = arguments;
    mpq_t textbook_constant;
    mpq_init(textbook_constant);
    mpq_set_ui(textbook_constant, 144, 100);
    mpfi_set_q(result, sizing->p);
    mpfi_log2(result, result);
    mpfi_neg(result, result);
    mpfi_mul_q(result, result, textbook_constant);
    mpq_clear(textbook_constant);
    return BLOOM_OK;
}

/*
 * log2(1/p): both the information-theoretic floor of any approximate
 * membership structure (L. Carter, R. Floyd, J. Gill, G. Markowsky and
 * M. Wegman, STOC 1978) and the real hash count at which the
 * approximation meets p.
 */
int bloom_enclose_bits_per_key_lower_bound(mpfi_ptr result, const void *arguments)
{
    const bloom_sizing_arguments *sizing = arguments;
    mpfi_set_q(result, sizing->p);
    mpfi_log2(result, result);
    mpfi_neg(result, result);
    return BLOOM_OK;
}

/* Encloses first(arguments) - second(arguments). */
static int enclose_gap(mpfi_ptr result, const void *arguments)
{
    bloom_quantity_pair pair = { { bloom_enclose_bits_per_key, arguments, NULL },
                                 { bloom_enclose_bits_per_key_1_44, arguments, NULL } };
    return bloom_enclose_difference(result, &pair);
}

int bloom_enclose_bits_per_key_gap(mpfi_ptr result, const void *arguments)
{
    return enclose_gap(result, arguments);
}

int bloom_enclose_bytes_gap(mpfi_ptr result, const void *arguments)
{
    const bloom_sizing_arguments *sizing = arguments;
    enclose_gap(result, arguments);
    mpfi_mul_z(result, result, sizing->n);
    mpfi_div_ui(result, result, 8);
    return BLOOM_OK;
}

int bloom_enclose_total_bits_real(mpfi_ptr result, const void *arguments)
{
    const bloom_sizing_arguments *sizing = arguments;
    bloom_enclose_bits_per_key(result, arguments);
    mpfi_mul_z(result, result, sizing->n);
    return BLOOM_OK;
}

int bloom_enclose_optimal_hashes(mpfi_ptr result, const void *arguments)
{
    const bloom_sizing_arguments *sizing = arguments;
    if (mpz_sgn(sizing->n) <= 0)
        return BLOOM_UNDEFINED;
    mpfi_const_log2(result);
    mpfi_mul_z(result, result, sizing->m);
    mpfi_div_z(result, result, sizing->n);
    return BLOOM_OK;
}

int bloom_enclose_bits_per_key_for_hashes(mpfi_ptr result, const void *arguments)
{
    const bloom_sizing_arguments *sizing = arguments;
    if (sizing->k < 1)
        return BLOOM_UNDEFINED;
    /* ln(1 - p^(1/k)) = log(-expm1(ln(p) / k)) */
    mpfi_set_q(result, sizing->p);
    mpfi_log(result, result);
    mpfi_div_ui(result, result, sizing->k);
    mpfi_expm1(result, result);
    mpfi_neg(result, result);
    mpfi_log(result, result);
    mpfi_ui_div(result, sizing->k, result);
    mpfi_neg(result, result);
    return BLOOM_OK;
}

/* n c_k: the approximation's total bits for n keys with k hashes. */
static int enclose_total_bits_for_hashes(mpfi_ptr result, const void *arguments)
{
    const bloom_sizing_arguments *sizing = arguments;
    bloom_enclose_bits_per_key_for_hashes(result, arguments);
    mpfi_mul_z(result, result, sizing->n);
    return BLOOM_OK;
}

/* m / c_k: the approximation's keys for m bits with k hashes. */
static int enclose_keys_for_hashes(mpfi_ptr result, const void *arguments)
{
    const bloom_sizing_arguments *sizing = arguments;
    bloom_enclose_bits_per_key_for_hashes(result, arguments);
    mpfi_z_div(result, sizing->m, result);
    return BLOOM_OK;
}

/* --- MPFR-style entry points -------------------------------------------- */

static int round_sizing(mpfr_ptr rop, bloom_enclose_function enclose,
                        const bloom_sizing_arguments *arguments, mpfr_rnd_t rnd)
{
    bloom_quantity quantity = { enclose, arguments, NULL };
    int ternary = 0;
    bloom_quantity_round(rop, &quantity, rnd, &ternary);
    return ternary;
}

int bloom_bits_per_key(mpfr_ptr rop, mpq_srcptr p, mpfr_rnd_t rnd)
{
    bloom_sizing_arguments arguments = { p, 0, NULL, NULL };
    return round_sizing(rop, bloom_enclose_bits_per_key, &arguments, rnd);
}

int bloom_bits_per_key_1_44(mpfr_ptr rop, mpq_srcptr p, mpfr_rnd_t rnd)
{
    bloom_sizing_arguments arguments = { p, 0, NULL, NULL };
    return round_sizing(rop, bloom_enclose_bits_per_key_1_44, &arguments, rnd);
}

int bloom_optimal_hashes(mpfr_ptr rop, mpz_srcptr m, mpz_srcptr n, mpfr_rnd_t rnd)
{
    bloom_sizing_arguments arguments = { NULL, 0, n, m };
    return round_sizing(rop, bloom_enclose_optimal_hashes, &arguments, rnd);
}

/* --- whole-number sizing -------------------------------------------------- */

int bloom_total_bits(mpz_ptr rop, mpz_srcptr n, mpq_srcptr p)
{
    bloom_sizing_arguments arguments = { p, 0, n, NULL };
    bloom_quantity quantity = { bloom_enclose_total_bits_real, &arguments, NULL };
    return bloom_quantity_ceil(rop, &quantity, 0);
}

void bloom_bytes_for_bits(mpz_ptr rop, mpz_srcptr m)
{
    mpz_cdiv_q_ui(rop, m, 8);
}

void bloom_memory_units(mpq_ptr gigabytes, mpq_ptr gibibytes, mpz_srcptr bytes)
{
    mpq_set_z(gigabytes, bytes);
    mpz_ui_pow_ui(mpq_denref(gigabytes), 10, 9);
    mpq_canonicalize(gigabytes);
    mpq_set_z(gibibytes, bytes);
    mpz_set_ui(mpq_denref(gibibytes), 1);
    mpz_mul_2exp(mpq_denref(gibibytes), mpq_denref(gibibytes), 30);
    mpq_canonicalize(gibibytes);
}

/* *sign = sign of (exact rate(m, n, k) - p), certified (0 only when exactly equal). */
static int compare_exact_rate(int *sign, mpz_srcptr m, mpz_srcptr n, unsigned long k,
                              mpq_srcptr p)
{
    bloom_fpr_arguments arguments = { m, n, k, 0 };
    bloom_quantity rate = bloom_fpr_exact_quantity(&arguments);
    return bloom_quantity_compare_rational(sign, &rate, p);
}

/* --- the best integer k: branch and bound (FORMULAS.md §l) ---
 *
 * Bloom's formula B(k) = (1 - (1 - 1/m)^(kn))^k is a lower bound of the
 * exact rate E(k) (Jensen, fpr.c), and as a function of real k it falls
 * until k_B = ln 2 / (-n ln(1 - 1/m)) and rises after it.  So once a k on
 * one side of k_B has B(k) above the best exact rate found so far, no k
 * further out on that side can beat it: the search walks down and up from
 * floor((m/n) ln 2), evaluates E only where B does not rule k out, and
 * stops on each side at the first k the bound excludes.  Every comparison
 * is certified; only the quick ones use a fixed-precision enclosure. */

#define BEST_HASHES_QUICK_BITS 128

typedef struct best_search {
    mpz_srcptr m, n;
    unsigned long best;      /* the best k so far */
    mpfi_t best_rate;        /* an enclosure of E(best) */
    mpfi_t scratch;
    mpfr_t minimiser_low, minimiser_high;   /* an enclosure of k_B */
    mpfi_t log_empty;        /* n log1p(-1/m), the same for every k's bound */
    mpfi_t bound[BLOOM_MAX_RATE_PROBES + 1];       /* B(k) once computed: the bracket and */
    unsigned char bound_known[BLOOM_MAX_RATE_PROBES + 1];   /* the search ask for the same k */
} best_search;

/* result = k_B = ln 2 / (-n log1p(-1/m)), for m >= 2 and n >= 1, given n log1p(-1/m). */
static void enclose_bloom_minimiser(mpfi_ptr result, mpfi_srcptr log_empty)
{
    mpfi_t log2;
    mpfi_init2(log2, mpfi_get_prec(result));
    mpfi_neg(result, log_empty);
    mpfi_const_log2(log2);
    mpfi_div(result, log2, result);
    mpfi_clear(log2);
}

/* result = Bloom's bound B(k) = (-expm1(k n log1p(-1/m)))^k, from the search's
 * n log1p(-1/m): the search asks for it at up to 2 x 100 k of one filter, and
 * the log, the costly part, is the same for all (fill.h); each k's is kept, since
 * the bracket and then the search ask for the same k. */
static void enclose_bound_at(mpfi_ptr result, best_search *search, unsigned long k)
{
    if (!search->bound_known[k]) {
        mpfi_t fill;
        mpfi_init2(fill, mpfi_get_prec(search->log_empty));
        mpfi_init2(search->bound[k], mpfi_get_prec(result));
        mpfi_mul_ui(fill, search->log_empty, k);
        mpfi_expm1(fill, fill);
        mpfi_neg(fill, fill);
        bloom_interval_pow_ui(search->bound[k], fill, k);
        mpfi_clear(fill);
        search->bound_known[k] = 1;
    }
    mpfi_set(result, search->bound[k]);
}

/* result = an enclosure of Bloom's bound (bloom = 1) or of the exact rate at k. */
static int enclose_rate_at(mpfi_ptr result, best_search *search, unsigned long k, int bloom)
{
    bloom_fpr_arguments arguments = { search->m, search->n, k, 0 };
    if (bloom) {
        enclose_bound_at(result, search, k);
        return BLOOM_OK;
    }
    return bloom_enclose_fpr_exact(result, &arguments);
}

/* *sign = sign of (rate at k - E(best)), certified: the quick enclosures
 * first, the full comparison (exact fractions on a tie) when they overlap. */
static int compare_with_best(int *sign, best_search *search, unsigned long k, int bloom)
{
    int status = enclose_rate_at(search->scratch, search, k, bloom);
    if (status != BLOOM_OK)
        return status;
    if (mpfr_cmp(&search->scratch->left, &search->best_rate->right) > 0) {
        *sign = 1;
    } else if (mpfr_cmp(&search->scratch->right, &search->best_rate->left) < 0) {
        *sign = -1;
    } else {
        bloom_fpr_arguments at_k = { search->m, search->n, k, 0 };
        bloom_fpr_arguments at_best = { search->m, search->n, search->best, 0 };
        bloom_quantity rate = bloom ? bloom_fpr_bloom_quantity(&at_k) : bloom_fpr_exact_quantity(&at_k);
        bloom_quantity best = bloom_fpr_exact_quantity(&at_best);
        status = bloom_quantity_compare(sign, &rate, &best);
    }
    return status;
}

/* Evaluates E(k) and makes k the best if its rate is lower (on a tie the smaller k). */
static int consider(best_search *search, unsigned long k)
{
    int sign = 0;
    int status = compare_with_best(&sign, search, k, 0);
    if (status == BLOOM_OK && (sign < 0 || (sign == 0 && k < search->best))) {
        search->best = k;
        mpfi_swap(search->best_rate, search->scratch);   /* scratch holds E(k) */
    }
    return status;
}

/* *excluded = 1 when k lies on the far side of k_B from the start (below
 * it going down, above it going up) and B(k) > E(best): k and every k
 * beyond it on that side are worse than the best.  0 when undecided. */
static int bound_excludes(int *excluded, best_search *search, unsigned long k, int upward)
{
    *excluded = 0;
    int beyond = upward ? mpfr_cmp_ui(search->minimiser_high, k) <= 0
                        : mpfr_cmp_ui(search->minimiser_low, k) >= 0;
    if (!beyond)
        return BLOOM_OK;
    int sign = 0;
    int status = compare_with_best(&sign, search, k, 1);
    if (status == BLOOM_UNRESOLVED)
        return BLOOM_OK;   /* cannot tell: keep searching, which is always safe */
    *excluded = status == BLOOM_OK && sign > 0;
    return status;
}

/*
 * The bracket: from the start, the first k on each side that the bound
 * excludes against E(start); *low..*high are the k it leaves (within 1 ..
 * the limit), and *open_above = 1 when it excludes no k up to the limit.
 */
static int bracket(unsigned long *low, unsigned long *high, int *open_above, best_search *search,
                   unsigned long start)
{
    int status = BLOOM_OK, excluded = 0;
    *low = start;
    while (status == BLOOM_OK && *low > 1) {
        status = bound_excludes(&excluded, search, *low - 1, 0);
        if (excluded)
            break;
        (*low)--;
    }
    *high = start;
    *open_above = 1;
    while (status == BLOOM_OK && *high < BLOOM_MAX_RATE_PROBES) {
        status = bound_excludes(&excluded, search, *high + 1, 1);
        if (excluded) {
            *open_above = 0;
            break;
        }
        (*high)++;
    }
    return status;
}

/* Evaluates E over low..high, from the start outwards, each side stopping
 * at the first k the bound excludes against the best so far. */
static int search_bracket(best_search *search, unsigned long start, unsigned long low,
                          unsigned long high)
{
    int status = BLOOM_OK, excluded = 0;
    for (unsigned long k = start; status == BLOOM_OK && k > low; k--) {
        status = bound_excludes(&excluded, search, k - 1, 0);
        if (status != BLOOM_OK || excluded)
            break;
        status = consider(search, k - 1);
    }
    for (unsigned long k = start; status == BLOOM_OK && k < high; k++) {
        status = bound_excludes(&excluded, search, k + 1, 1);
        if (status != BLOOM_OK || excluded)
            break;
        status = consider(search, k + 1);
    }
    return status;
}

/* k0 = ceil((m/n) ln 2), at least 1 and at most the search's limit; *beyond
 * = 1 when k0 reaches it (k_B < (m/n) ln 2 is then near or above it, and
 * the best k may lie above it).  The search runs up to the rates' limit,
 * BLOOM_MAX_RATE_PROBES, twice the limit of k a plan may choose, so that a
 * best k at or near the plan's limit is certified against the k above. */
static int search_start(unsigned long *k0, int *beyond, best_search *search)
{
    bloom_sizing_arguments arguments = { NULL, 0, search->n, search->m };
    bloom_quantity optimum = { bloom_enclose_optimal_hashes, &arguments, NULL };
    mpz_t below;
    mpz_init(below);
    int status = bloom_quantity_ceil(below, &optimum, 1);
    *beyond = mpz_cmp_ui(below, BLOOM_MAX_RATE_PROBES) >= 0;
    *k0 = mpz_cmp_ui(below, 1) < 0 ? 1
        : mpz_cmp_ui(below, BLOOM_MAX_RATE_PROBES) > 0 ? BLOOM_MAX_RATE_PROBES : mpz_get_ui(below);
    mpz_clear(below);
    return status;
}

/*
 * Nonzero when q = (1 - 1/m)^n <= 1/2 is certain (n log1p(-1/m) <= -ln 2
 * for the whole enclosure): then k = 1 is the best k, with no rate
 * evaluated (FORMULAS.md §l, "Many keys").  For k >= 2, Bernoulli's strict
 * inequality (1 - x)^k > 1 - kx (0 < x < 1) gives 1 - B(k) = 1 - (1 - q^k)^k
 * < k q^k = q k q^(k-1) <= q, since k q^(k-1) <= k/2^(k-1) <= 1: so
 * E(k) >= B(k) > 1 - q = E(1).  These are the plans with many more keys
 * than bits (plan -n 2^256 -m 1e9), whose rates are 1 minus a hair that
 * no comparison at a working precision could resolve.
 */
static int fill_certainly_above_half(mpz_srcptr m, mpz_srcptr n)
{
    mpfi_t log_empty, log_half;
    mpfi_init2(log_empty, BEST_HASHES_QUICK_BITS);
    mpfi_init2(log_half, BEST_HASHES_QUICK_BITS);
    bloom_enclose_log_empty(log_empty, m, n);   /* n log1p(-1/m) (fill.h) */
    mpfi_const_log2(log_half);
    mpfi_neg(log_half, log_half);
    int above = mpfr_cmp(&log_empty->right, &log_half->left) <= 0;
    mpfi_clear(log_empty);
    mpfi_clear(log_half);
    return above;
}

/* The search's state and its bracket (see the comments above). */
typedef struct best_bracket {
    unsigned long start, low, high;
    int open_above;
} best_bracket;

static void best_search_init(best_search *search, mpz_srcptr m, mpz_srcptr n)
{
    search->m = m;
    search->n = n;
    search->best = 0;
    mpfi_init2(search->best_rate, BEST_HASHES_QUICK_BITS);
    mpfi_init2(search->scratch, BEST_HASHES_QUICK_BITS);
    mpfr_inits2(BEST_HASHES_QUICK_BITS, search->minimiser_low, search->minimiser_high, (mpfr_ptr)0);
    mpfi_init2(search->log_empty, BEST_HASHES_QUICK_BITS + 32);
    memset(search->bound_known, 0, sizeof search->bound_known);
    bloom_enclose_log_empty(search->log_empty, m, n);   /* (fill.h) */
    enclose_bloom_minimiser(search->scratch, search->log_empty);
    mpfi_get_left(search->minimiser_low, search->scratch);
    mpfi_get_right(search->minimiser_high, search->scratch);
}

static void best_search_clear(best_search *search)
{
    mpfi_clear(search->best_rate);
    mpfi_clear(search->scratch);
    mpfr_clears(search->minimiser_low, search->minimiser_high, (mpfr_ptr)0);
    mpfi_clear(search->log_empty);
    for (size_t k = 0; k <= BLOOM_MAX_RATE_PROBES; k++)
        if (search->bound_known[k])
            mpfi_clear(search->bound[k]);
}

/* E(k0) and the bracket the bound leaves against it (m >= 2, n >= 1). */
static int find_bracket(best_bracket *bracket_found, best_search *search)
{
    bracket_found->start = 1;
    int beyond = 0;
    int status = search_start(&bracket_found->start, &beyond, search);
    if (status == BLOOM_OK && beyond)
        status = BLOOM_UNDEFINED;   /* the best k may exceed the limit: refuse, do not clamp */
    if (status == BLOOM_OK) {
        search->best = bracket_found->start;
        status = enclose_rate_at(search->best_rate, search, bracket_found->start, 0);
    }
    bracket_found->low = bracket_found->high = bracket_found->start;
    bracket_found->open_above = 0;
    if (status == BLOOM_OK)
        status = bracket(&bracket_found->low, &bracket_found->high, &bracket_found->open_above,
                         search, bracket_found->start);
    return status;
}

int bloom_best_hashes(unsigned long *k, mpz_srcptr m, mpz_srcptr n)
{
    if (mpz_sgn(n) <= 0 || mpz_sgn(m) <= 0)
        return BLOOM_UNDEFINED;
    if (mpz_cmp_ui(m, 1) == 0) {
        *k = 1;   /* one bit: every k sets it, every rate is 1; a tie keeps the smaller k */
        return BLOOM_OK;
    }
    if (fill_certainly_above_half(m, n)) {
        *k = 1;   /* (1 - 1/m)^n <= 1/2: E(k) >= B(k) > E(1) for every k >= 2 */
        return BLOOM_OK;
    }
    best_search search;
    best_search_init(&search, m, n);
    best_bracket found;
    int status = find_bracket(&found, &search);
    if (status == BLOOM_OK)
        status = search_bracket(&search, found.start, found.low, found.high);
    if (status == BLOOM_OK && ((found.open_above && search.best == BLOOM_MAX_RATE_PROBES)
                               || search.best > BLOOM_MAX_HASHES))
        status = BLOOM_UNDEFINED;   /* the best k exceeds the limit, or may: refuse, do not clamp */
    if (status == BLOOM_OK)
        *k = search.best;
    best_search_clear(&search);
    return status;
}

/*
 * A monotone predicate on whole numbers: false below some boundary, true
 * from it on.  Returns a bloom_status and stores the truth in *truth.
 */
typedef int (*whole_predicate)(int *truth, mpz_srcptr x, const void *context);

/*
 * rop = the smallest x >= lowest with predicate(x) true, searching from
 * `start` (>= lowest) by galloping away from it and then bisecting.  The
 * predicate must become true at some x (callers guarantee it).
 */
static int first_true(mpz_ptr rop, whole_predicate predicate, const void *context,
                      mpz_srcptr start, mpz_srcptr lowest)
{
    mpz_t false_at, true_at, step, middle;
    mpz_inits(false_at, true_at, step, middle, (mpz_ptr)0);
    int truth = 0;
    int status = predicate(&truth, start, context);
    mpz_set_ui(step, 1);
    int at_lowest = 0;
    if (status == BLOOM_OK && truth && mpz_cmp(start, lowest) > 0) {
        /* True already at the lowest value: the answer, without the walk down
         * and the bisection (about 2 log2(start) evaluations where the
         * predicate holds everywhere: a blocked filter of 512-bit blocks
         * and k = 997 never meets 2e-300, and its headroom search walked
         * down from a billion keys, each evaluation a blocked rate of k = 997). */
        status = predicate(&at_lowest, lowest, context);
        if (status != BLOOM_OK)      /* undefined there (libbloom refuses under 1000 keys): */
            status = at_lowest = 0;  /* the walk down finds the answer above it */
        if (at_lowest) {
            mpz_set(true_at, lowest);
            mpz_sub_ui(false_at, lowest, 1);
        }
    }
    if (status == BLOOM_OK && truth && !at_lowest) {
        /* Walk down until false or the lowest value. */
        mpz_set(true_at, start);
        for (;;) {
            mpz_sub(middle, start, step);
            if (mpz_cmp(middle, lowest) < 0) {
                mpz_sub_ui(false_at, lowest, 1);
                break;
            }
            status = predicate(&truth, middle, context);
            if (status != BLOOM_OK || !truth) {
                mpz_set(false_at, middle);
                break;
            }
            mpz_set(true_at, middle);
            mpz_mul_2exp(step, step, 1);
        }
    } else if (status == BLOOM_OK && !truth) {
        mpz_set(false_at, start);
        for (;;) {
            mpz_add(middle, start, step);
            status = predicate(&truth, middle, context);
            if (status != BLOOM_OK || truth) {
                mpz_set(true_at, middle);
                break;
            }
            mpz_set(false_at, middle);
            mpz_mul_2exp(step, step, 1);
        }
    }
    /* Invariant: predicate(false_at) false (or below lowest), predicate(true_at) true. */
    for (;;) {
        if (status != BLOOM_OK)
            break;
        mpz_sub(middle, true_at, false_at);
        if (mpz_cmp_ui(middle, 1) <= 0)
            break;
        mpz_add(middle, true_at, false_at);
        mpz_fdiv_q_2exp(middle, middle, 1);
        status = predicate(&truth, middle, context);
        mpz_set(truth ? true_at : false_at, middle);
    }
    mpz_set(rop, true_at);
    mpz_clears(false_at, true_at, step, middle, (mpz_ptr)0);
    return status;
}

/* The candidate hash counts: fixed_k alone, or floor(log2(1/p)) - 1 .. + 2. */
static int hash_candidates(unsigned long *first, unsigned long *last, mpq_srcptr p,
                           unsigned long fixed_k)
{
    if (fixed_k != 0) {
        *first = *last = fixed_k;
        return BLOOM_OK;
    }
    bloom_sizing_arguments arguments = { p, 0, NULL, NULL };
    bloom_quantity ideal = { bloom_enclose_bits_per_key_lower_bound, &arguments, NULL };
    mpz_t floor_value;
    mpz_init(floor_value);
    int status = BLOOM_OK;
    if (mpz_cmp_ui(mpq_numref(p), 1) == 0 && mpz_popcount(mpq_denref(p)) == 1)
        mpz_set_ui(floor_value, mpz_scan1(mpq_denref(p), 0));   /* p = 2^-a: log2(1/p) = a exactly */
    else
        status = bloom_quantity_ceil(floor_value, &ideal, 1);
    unsigned long lower = mpz_cmp_ui(floor_value, BLOOM_MAX_HASHES) > 0
        ? BLOOM_MAX_HASHES : mpz_get_ui(floor_value);
    *first = lower > 2 ? lower - 1 : 1;
    *last = lower + 2 < BLOOM_MAX_HASHES ? lower + 2 : BLOOM_MAX_HASHES;
    mpz_clear(floor_value);
    return status;
}

/* What a search solves for: the smallest m for n keys, or the largest n for m bits. */
typedef struct meeting_search {
    int for_bits;        /* 1: solve for m (n fixed); 0: solve for n (m fixed) */
    mpz_srcptr fixed;    /* n when solving for m, m when solving for n */
    mpq_srcptr p;
    unsigned long k;
} meeting_search;

/* The rate of the filter with the searched variable set to x. */
static void filter_at(bloom_fpr_arguments *arguments, const meeting_search *search, mpz_srcptr x)
{
    arguments->m = search->for_bits ? x : search->fixed;
    arguments->n = search->for_bits ? search->fixed : x;
    arguments->k = search->k;
    arguments->query_probes = 0;
}

/*
 * The monotone predicate of the search, false then true as x grows:
 * solving for m, "the exact rate at m is <= p"; solving for n, "the exact
 * rate with n keys is > p".
 */
static int crosses_target(int *truth, mpz_srcptr x, const void *search_pointer)
{
    const meeting_search *search = search_pointer;
    bloom_fpr_arguments arguments;
    filter_at(&arguments, search, x);
    int sign = 0;
    int status = compare_exact_rate(&sign, arguments.m, arguments.n, arguments.k, search->p);
    *truth = search->for_bits ? sign <= 0 : sign > 0;
    return status;
}

/*
 * x0 = where the approximation meets p: ceil(n c_k) bits (at least 1), or
 * floor(m / c_k) keys (possibly 0).  The exact rate exceeds the
 * approximation, so the answer is at least x0 bits, or at most x0 keys: a
 * hash count whose x0 is 0 keys holds no key, and try_candidate skips it
 * without a search (clamping it to 1 made "plan -m 2 -p 1e-9" search every
 * hash count to refuse).
 */
static int approximate_solution(mpz_ptr x0, const meeting_search *search)
{
    bloom_sizing_arguments arguments = { search->p, search->k,
                                         search->for_bits ? search->fixed : NULL,
                                         search->for_bits ? NULL : search->fixed };
    bloom_quantity estimate = { search->for_bits ? enclose_total_bits_for_hashes
                                                 : enclose_keys_for_hashes, &arguments, NULL };
    int status = bloom_quantity_ceil(x0, &estimate, !search->for_bits);
    if (search->for_bits && mpz_cmp_ui(x0, 1) < 0)
        mpz_set_ui(x0, 1);
    return status;
}

/*
 * start = x0 corrected by one Newton step on g(x) = ln rate(x) - ln p,
 * with the slope of the approximation: d ln rate / d ln m = -k l q / f and
 * d ln rate / d ln n = +k l q / f (l = kn/m, q = e^-l, f = 1 - q).  It
 * only chooses where the certified search starts, so the rate's 64-bit
 * estimate is plenty (an enclosure at the 96 bits of the search's first
 * comparisons, not one of its own at 288), and the step is taken at 256
 * bits, which hold every x0 exactly; it saves the galloping search most of
 * its steps when the exact rate's correction moves the answer by many
 * bits (large k).
 */
#define NEWTON_RATE_BITS 64

static int newton_start(mpz_ptr start, const meeting_search *search, mpz_srcptr x0)
{
    bloom_fpr_arguments arguments;
    filter_at(&arguments, search, x0);
    bloom_quantity rate = bloom_fpr_exact_quantity(&arguments);
    mpfr_t estimate, gap, load, slope, scratch;
    mpfr_init2(estimate, NEWTON_RATE_BITS);
    mpfr_inits2(256, gap, load, slope, scratch, (mpfr_ptr)0);
    int status = bloom_quantity_approximate(estimate, &rate);
    if (status == BLOOM_OK) {
        mpfr_log(gap, estimate, MPFR_RNDN);
        mpfr_set_q(scratch, search->p, MPFR_RNDN);
        mpfr_log(scratch, scratch, MPFR_RNDN);
        mpfr_sub(gap, gap, scratch, MPFR_RNDN);                 /* g(x0) */
        mpfr_set_z(load, arguments.n, MPFR_RNDN);
        mpfr_mul_ui(load, load, search->k, MPFR_RNDN);
        mpfr_div_z(load, load, arguments.m, MPFR_RNDN);         /* l */
        mpfr_neg(scratch, load, MPFR_RNDN);
        mpfr_exp(slope, scratch, MPFR_RNDN);                     /* q */
        mpfr_expm1(scratch, scratch, MPFR_RNDN);
        mpfr_neg(scratch, scratch, MPFR_RNDN);                   /* f */
        mpfr_mul(slope, slope, load, MPFR_RNDN);
        mpfr_mul_ui(slope, slope, search->k, MPFR_RNDN);
        mpfr_div(slope, slope, scratch, MPFR_RNDN);              /* k l q / f */
        mpfr_mul_z(gap, gap, x0, MPFR_RNDN);
        mpfr_div(gap, gap, slope, MPFR_RNDN);                    /* |step| */
        if (!search->for_bits)
            mpfr_neg(gap, gap, MPFR_RNDN);
        mpfr_add_z(gap, gap, x0, MPFR_RNDN);
        if (mpfr_number_p(gap))
            mpfr_get_z(start, gap, MPFR_RNDN);
        else
            mpz_set(start, x0);
        if (mpz_cmp_ui(start, 1) < 0)
            mpz_set_ui(start, 1);
    }
    mpfr_clears(estimate, gap, load, slope, scratch, (mpfr_ptr)0);
    return status;
}

/* answer = the smallest m, or the largest n, for one hash count, searching from start. */
static int solve_for_hashes(mpz_ptr answer, const meeting_search *search, mpz_srcptr x0)
{
    mpz_t start, lowest;
    mpz_init(start);
    mpz_init_set_ui(lowest, 1);
    int status = newton_start(start, search, x0);
    if (status == BLOOM_OK)
        status = first_true(answer, crosses_target, search, start, lowest);
    if (!search->for_bits)
        mpz_sub_ui(answer, answer, 1);   /* the last n that still meets p */
    mpz_clears(start, lowest, (mpz_ptr)0);
    return status;
}

/* Whether a candidate's answer beats the best so far: fewer bits or more
 * keys, and on a tie the smaller hash count. */
static int beats(mpz_srcptr answer, unsigned long candidate, mpz_srcptr best, unsigned long best_k,
                 int for_bits)
{
    int order = mpz_cmp(answer, best) * (for_bits ? -1 : 1);
    return order > 0 || (order == 0 && candidate < best_k);
}

/*
 * Solves for one candidate k unless its approximate solution shows that it
 * cannot beat the best (the exact answer is never better than the
 * approximate one).  *hopeless is set when even the approximation is
 * strictly worse: since c_k is convex in k, every k further from the
 * optimum is hopeless too.
 */
static int try_candidate(mpz_ptr best, unsigned long *best_k, int *found_any, int *hopeless,
                         const meeting_search *search)
{
    mpz_t x0, answer;
    mpz_inits(x0, answer, (mpz_ptr)0);
    int status = approximate_solution(x0, search);
    *hopeless = 0;
    if (status == BLOOM_OK && *found_any) {
        int order = mpz_cmp(x0, best) * (search->for_bits ? -1 : 1);
        *hopeless = order < 0;
        if (order < 0 || (order == 0 && search->k > *best_k)) {
            mpz_clears(x0, answer, (mpz_ptr)0);
            return BLOOM_OK;
        }
    }
    if (status == BLOOM_OK)
        status = solve_for_hashes(answer, search, x0);
    if (status == BLOOM_OK && (!*found_any || beats(answer, search->k, best, *best_k, search->for_bits))) {
        mpz_set(best, answer);
        *best_k = search->k;
        *found_any = 1;
    }
    mpz_clears(x0, answer, (mpz_ptr)0);
    return status;
}

/*
 * Solves over the hash counts: first the window around log2(1/p) where the
 * optimum lies for large n, then outwards in both directions until the
 * approximation alone rules a k out (for tiny n the exact optimum can sit
 * several hashes below the window).  On a tie the smaller k wins.
 */
static int solve(mpz_ptr rop, unsigned long *k, int for_bits, mpz_srcptr fixed, mpq_srcptr p,
                 unsigned long fixed_k)
{
    if (mpz_sgn(fixed) <= 0 || mpq_sgn(p) <= 0 || mpq_cmp_ui(p, 1, 1) >= 0)
        return BLOOM_UNDEFINED;
    unsigned long first, last;
    int status = hash_candidates(&first, &last, p, fixed_k);
    int found_any = 0, hopeless = 0;
    unsigned long best_k = 0;
    mpz_t best;
    mpz_init(best);
    for (unsigned long candidate = first; status == BLOOM_OK && candidate <= last; candidate++) {
        meeting_search search = { for_bits, fixed, p, candidate };
        status = try_candidate(best, &best_k, &found_any, &hopeless, &search);
    }
    for (unsigned long candidate = first - 1; fixed_k == 0 && status == BLOOM_OK && candidate >= 1;
         candidate--) {
        meeting_search search = { for_bits, fixed, p, candidate };
        status = try_candidate(best, &best_k, &found_any, &hopeless, &search);
        if (hopeless)
            break;
    }
    for (unsigned long candidate = last + 1;
         fixed_k == 0 && status == BLOOM_OK && candidate <= BLOOM_MAX_HASHES; candidate++) {
        meeting_search search = { for_bits, fixed, p, candidate };
        status = try_candidate(best, &best_k, &found_any, &hopeless, &search);
        if (hopeless)
            break;
    }
    /* At the answer, the hash count printed is the one with the lowest exact
     * rate there (it meets p, since best_k does), not the first that met it. */
    if (status == BLOOM_OK && fixed_k == 0 && mpz_sgn(best) > 0)
        status = for_bits ? bloom_best_hashes(&best_k, best, fixed) : bloom_best_hashes(&best_k, fixed, best);
    if (status == BLOOM_OK) {
        mpz_set(rop, best);
        *k = best_k;
    }
    mpz_clear(best);
    return status;
}

int bloom_smallest_bits_meeting(mpz_ptr rop, unsigned long *k, mpz_srcptr n,
                                mpq_srcptr p, unsigned long fixed_k)
{
    return solve(rop, k, 1, n, p, fixed_k);
}

/*
 * Nonzero when not even one key meets p in m bits, whatever k: for one key
 * Bloom's bound B(k) = (1 - (1 - 1/m)^k)^k is at least its minimum over
 * real k, exp(-(ln 2)^2 / a) with a = -ln(1 - 1/m) (FORMULAS.md §l: ln B =
 * h(ak)/a, h falling to h(ln 2) = -(ln 2)^2), the exact rate is at least
 * B, and more keys only raise it; so (ln 2)^2 / a < ln(1/p), certified,
 * means no key fits.  m = 1: every rate is 1.  Without the test, plan -m 1
 * -p 1e-30 would search every hash count to find none.
 */
static int no_key_fits(mpz_srcptr m, mpq_srcptr p)
{
    if (mpz_cmp_ui(m, 1) == 0)
        return 1;
    mpfi_t best_log, log_inverse;
    mpfi_init2(best_log, 128);
    mpfi_init2(log_inverse, 128);
    mpz_t one;
    mpz_init_set_ui(one, 1);
    bloom_enclose_log_empty(best_log, m, one);   /* -a = log1p(-1/m) (fill.h) */
    mpfi_const_log2(log_inverse);
    mpfi_sqr(log_inverse, log_inverse);
    mpfi_div(best_log, log_inverse, best_log);   /* -(ln 2)^2 / a = ln min B */
    enclose_log_inverse_rate(log_inverse, p);
    mpfi_neg(log_inverse, log_inverse);          /* ln p */
    int none = mpfr_cmp(&best_log->left, &log_inverse->right) > 0;
    mpz_clear(one);
    mpfi_clear(best_log);
    mpfi_clear(log_inverse);
    return none;
}

int bloom_largest_keys_meeting(mpz_ptr rop, unsigned long *k, mpz_srcptr m,
                               mpq_srcptr p, unsigned long fixed_k)
{
    if (mpz_sgn(m) > 0 && mpq_sgn(p) > 0 && mpq_cmp_ui(p, 1, 1) < 0 && no_key_fits(m, p)) {
        mpz_set_ui(rop, 0);
        *k = fixed_k != 0 ? fixed_k : 1;
        return BLOOM_OK;
    }
    return solve(rop, k, 0, m, p, fixed_k);
}

/* --- headroom: how many keys before the rate passes a bound ------------ */

/* The headroom search: m, k fixed, "the exact rate with x keys exceeds the bound". */
typedef struct headroom_search {
    mpz_srcptr m;
    unsigned long k;
    const bloom_quantity *bound;
    bloom_keys_rate rate_at;   /* NULL: the standard filter's exact rate */
    void *context;
} headroom_search;

static int exceeds_bound(int *truth, mpz_srcptr x, const void *search_pointer)
{
    const headroom_search *search = search_pointer;
    bloom_fpr_arguments arguments = { search->m, x, search->k, 0 };
    bloom_quantity rate = bloom_fpr_exact_quantity(&arguments);
    int status = search->rate_at != NULL ? search->rate_at(&rate, x, search->context) : BLOOM_OK;
    int sign = 0;
    if (status == BLOOM_OK)
        status = bloom_quantity_compare(&sign, &rate, search->bound);
    *truth = sign > 0;
    return status;
}

/*
 * start = where the approximation (1 - e^(-kx/m))^k reaches the bound q:
 * x = -(m/k) ln(1 - q^(1/k)), from a 256-bit approximation of q.  It only
 * chooses where the certified search starts (at least 1).
 */
static int headroom_start(mpz_ptr start, const headroom_search *search)
{
    mpfr_t x;
    mpfr_init2(x, 256);
    int status = bloom_quantity_approximate(x, search->bound);
    if (status == BLOOM_OK) {
        mpfr_rootn_ui(x, x, search->k, MPFR_RNDN);
        mpfr_neg(x, x, MPFR_RNDN);
        mpfr_log1p(x, x, MPFR_RNDN);
        mpfr_neg(x, x, MPFR_RNDN);
        mpfr_mul_z(x, x, search->m, MPFR_RNDN);
        mpfr_div_ui(x, x, search->k, MPFR_RNDN);
        if (mpfr_number_p(x) && mpfr_cmp_ui(x, 1) >= 0)
            mpfr_get_z(start, x, MPFR_RNDD);
        else
            mpz_set_ui(start, 1);
    }
    mpfr_clear(x);
    return status;
}

/* x = the rate with x keys, approximated (the midpoint of a 64-bit enclosure); 0 when it is
 * not in (0, 1), where its logarithm would mislead the secant below. */
static int approximate_rate_at(mpfr_ptr rop, mpz_srcptr x, const headroom_search *search)
{
    bloom_fpr_arguments arguments = { search->m, x, search->k, 0 };
    bloom_quantity rate = bloom_fpr_exact_quantity(&arguments);
    int status = search->rate_at != NULL ? search->rate_at(&rate, x, search->context) : BLOOM_OK;
    if (status == BLOOM_OK)
        status = bloom_quantity_approximate(rop, &rate);
    return status == BLOOM_OK && mpfr_number_p(rop) && mpfr_sgn(rop) > 0 && mpfr_cmp_ui(rop, 1) < 0;
}

/*
 * Moves `start` next to where the rate meets the bound by secant steps on ln(rate) against ln(x),
 * from approximate rates: the galloping search from a start d keys away evaluates the certified
 * rate about 2 log2(d) times, each comparison at 96 bits or more, while a step here costs one
 * enclosure at 64 and ln(rate) is nearly linear in ln(x) (slope k at low fill).  Where a hash's
 * collisions add a floor growing as x, the slope turns from 1 to k near the bound and plain
 * secant steps crawl, so once two rates fall on either side of the bound the steps are the
 * Illinois variant of regula falsi between the two closest (the end kept twice in a row has its
 * value halved), which closes the bracket to adjacent keys in a few steps.  Only the start
 * moves, so the answer, which the certified search finds from any start, is the same.
 */
#define HEADROOM_SECANT_STEPS 32

/* A point of the secant: keys x (0: none), ln x and f = ln(rate/bound). */
typedef struct secant_point {
    mpz_t keys;
    mpfr_t log_keys, f;
} secant_point;

static void secant_point_init(secant_point *point)
{
    mpz_init(point->keys);
    mpfr_inits2(64, point->log_keys, point->f, (mpfr_ptr)0);
}

static void secant_point_clear(secant_point *point)
{
    mpz_clear(point->keys);
    mpfr_clears(point->log_keys, point->f, (mpfr_ptr)0);
}

/* point = x and its approximate f; 0 when the rate is not usable there. */
static int secant_point_at(secant_point *point, mpz_srcptr x, mpfr_srcptr log_bound,
                           const headroom_search *search)
{
    if (!approximate_rate_at(point->f, x, search))
        return 0;
    mpfr_log(point->f, point->f, MPFR_RNDN);
    mpfr_sub(point->f, point->f, log_bound, MPFR_RNDN);
    mpz_set(point->keys, x);
    mpfr_set_z(point->log_keys, x, MPFR_RNDN);
    mpfr_log(point->log_keys, point->log_keys, MPFR_RNDN);
    return 1;
}

/* next = the ln x where the line through the two points has f = 0; 0 when it is not defined. */
static int secant_root(mpfr_ptr next, const secant_point *one, const secant_point *other)
{
    mpfr_t run;
    mpfr_init2(run, mpfr_get_prec(next));
    mpfr_sub(next, other->f, one->f, MPFR_RNDN);
    mpfr_sub(run, other->log_keys, one->log_keys, MPFR_RNDN);
    mpfr_div(next, run, next, MPFR_RNDN);                     /* NaN or infinite when flat */
    mpfr_mul(next, next, one->f, MPFR_RNDN);
    mpfr_sub(next, one->log_keys, next, MPFR_RNDN);            /* x1 - f1 (x2 - x1)/(f2 - f1) */
    mpfr_clear(run);
    return mpfr_number_p(next);
}

/* candidate = the keys e^next; 0 when below 1 or past 2^66. */
static int secant_keys(mpz_ptr candidate, mpfr_srcptr next)
{
    mpfr_t x;
    mpfr_init2(x, 64);
    mpfr_exp(x, next, MPFR_RNDN);
    int usable = mpfr_number_p(x) && mpfr_cmp_ui(x, 1) >= 0 && mpfr_get_exp(x) <= 66;
    if (usable)
        mpfr_get_z(candidate, x, MPFR_RNDN);
    mpfr_clear(x);
    return usable;
}

/* The Illinois steps between below (f <= 0) and above (f > 0) until no key lies between them
 * or the steps run out; start = above's keys. */
static void illinois_steps(mpz_ptr start, secant_point *below, secant_point *above, secant_point *trial,
                           mpfr_srcptr log_bound, const headroom_search *search, int steps)
{
    mpfr_t next;
    mpz_t gap;
    mpfr_init2(next, 64);
    mpz_init(gap);
    int kept = 0;                          /* -1: below kept last step, 1: above, 0: neither */
    for (; steps > 0; steps--) {
        mpz_sub(gap, above->keys, below->keys);
        if (mpz_cmp_ui(gap, 1) <= 0)
            break;
        int inside = secant_root(next, below, above) && secant_keys(trial->keys, next)
                  && mpz_cmp(trial->keys, below->keys) > 0 && mpz_cmp(trial->keys, above->keys) < 0;
        if (!inside) {                     /* the middle key */
            mpz_add(trial->keys, below->keys, above->keys);
            mpz_fdiv_q_2exp(trial->keys, trial->keys, 1);
        }
        mpz_set(gap, trial->keys);
        if (!secant_point_at(trial, gap, log_bound, search))
            break;
        int side = mpfr_sgn(trial->f) <= 0 ? -1 : 1;
        secant_point *replaced = side < 0 ? below : above, *other = side < 0 ? above : below;
        if (kept == -side)                 /* the other end kept twice: halve its value */
            mpfr_div_2ui(other->f, other->f, 1, MPFR_RNDN);
        kept = -side;
        mpz_swap(replaced->keys, trial->keys);
        mpfr_swap(replaced->log_keys, trial->log_keys);
        mpfr_swap(replaced->f, trial->f);
    }
    mpz_set(start, above->keys);
    mpz_clear(gap);
    mpfr_clear(next);
}

static void headroom_refine_start(mpz_ptr start, const headroom_search *search)
{
    mpfr_t log_bound, next;
    mpfr_inits2(64, log_bound, next, (mpfr_ptr)0);
    secant_point points[3];                /* the last two, and the one tried */
    for (int i = 0; i < 3; i++)
        secant_point_init(&points[i]);
    secant_point *last = &points[0], *previous = &points[1], *trial = &points[2];
    int usable = bloom_quantity_approximate(log_bound, search->bound) == BLOOM_OK
              && mpfr_number_p(log_bound) && mpfr_sgn(log_bound) > 0;
    if (usable) {
        mpfr_log(log_bound, log_bound, MPFR_RNDN);
        usable = secant_point_at(last, start, log_bound, search);
    }
    if (usable) {    /* the first step as if the rate grew as x^k */
        mpfr_div_ui(next, last->f, search->k, MPFR_RNDN);
        mpfr_sub(next, last->log_keys, next, MPFR_RNDN);
    }
    int steps = HEADROOM_SECANT_STEPS;
    for (; usable && steps > 0; steps--) {
        if (!secant_keys(trial->keys, next) || mpz_cmp(trial->keys, last->keys) == 0)
            break;
        mpz_set(start, trial->keys);
        if (!secant_point_at(trial, start, log_bound, search))
            break;
        secant_point *spare = previous;
        previous = last;
        last = trial;
        trial = spare;
        if (mpfr_sgn(last->f) * mpfr_sgn(previous->f) <= 0 && mpfr_sgn(last->f) != mpfr_sgn(previous->f)) {
            int rising = mpfr_sgn(last->f) > 0;
            illinois_steps(start, rising ? previous : last, rising ? last : previous, trial, log_bound,
                           search, steps - 1);
            break;
        }
        if (!secant_root(next, previous, last))
            break;
    }
    for (int i = 0; i < 3; i++)
        secant_point_clear(&points[i]);
    mpfr_clears(log_bound, next, (mpfr_ptr)0);
}

int bloom_largest_keys_within(mpz_ptr rop, mpz_srcptr m, unsigned long k,
                              const bloom_quantity *bound)
{
    return bloom_largest_keys_within_rate(rop, NULL, NULL, NULL, m, k, bound);
}

int bloom_largest_keys_within_rate(mpz_ptr rop, bloom_keys_rate rate_at, void *context, mpz_srcptr from,
                                   mpz_srcptr m, unsigned long k, const bloom_quantity *bound)
{
    if (mpz_sgn(m) <= 0 || k < 1 || k > BLOOM_MAX_HASHES)
        return BLOOM_UNDEFINED;
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    int sign = 0;
    int status = bloom_quantity_compare_rational(&sign, bound, one);
    mpq_clear(one);
    if (status == BLOOM_OK && sign >= 0)
        return BLOOM_UNDEFINED;   /* no number of keys takes the rate past 1 */
    headroom_search search = { m, k, bound, rate_at, context };
    mpz_t start, lowest;
    mpz_init(start);
    mpz_init_set_ui(lowest, 1);
    if (status == BLOOM_OK && from != NULL && mpz_sgn(from) > 0)
        mpz_set(start, from);
    else if (status == BLOOM_OK)
        status = headroom_start(start, &search);
    if (status == BLOOM_OK) {
        headroom_refine_start(start, &search);
        status = first_true(rop, exceeds_bound, &search, start, lowest);
    }
    if (status == BLOOM_OK)
        mpz_sub_ui(rop, rop, 1);   /* the last n within the bound */
    mpz_clears(start, lowest, (mpz_ptr)0);
    return status;
}

/* --- bits per key as a whole filter --------------------------------------- */

/* rop = numerator/denominator rounded to nearest, ties to even; returns
 * nonzero when that is 0 (rop is left 0: no filter of 0 bits or keys). */
static int round_to_whole(mpz_ptr rop, mpq_srcptr value)
{
    mpz_t remainder;
    mpz_init(remainder);
    mpz_fdiv_qr(rop, remainder, mpq_numref(value), mpq_denref(value));
    mpz_mul_2exp(remainder, remainder, 1);
    int half = mpz_cmp(remainder, mpq_denref(value));
    if (half > 0 || (half == 0 && mpz_odd_p(rop)))
        mpz_add_ui(rop, rop, 1);
    mpz_clear(remainder);
    return mpz_sgn(rop) <= 0;
}

/* rop = round(whole x c), or round(whole / c) when `divide`. */
static int scale_by_bits_per_key(mpz_ptr rop, mpz_srcptr whole, mpq_srcptr bits_per_key, int divide)
{
    mpq_t value;
    mpq_init(value);
    mpq_set_z(value, whole);
    if (divide)
        mpq_div(value, value, bits_per_key);
    else
        mpq_mul(value, value, bits_per_key);
    int zero = round_to_whole(rop, value);
    mpq_clear(value);
    return zero;
}

int bloom_keys_for_bits_per_key(mpz_ptr n, mpz_srcptr m, mpq_srcptr bits_per_key)
{
    return scale_by_bits_per_key(n, m, bits_per_key, 1);
}

int bloom_bits_for_bits_per_key(mpz_ptr m, mpz_srcptr n, mpq_srcptr bits_per_key)
{
    return scale_by_bits_per_key(m, n, bits_per_key, 0);
}
