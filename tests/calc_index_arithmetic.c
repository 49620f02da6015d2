/*
 * calc_index_arithmetic.c - the Guava model of index_arithmetic.c
 * (FORMULAS.md §q) against values obtained without it:
 *
 *   - a brute force of the same model, written the plain way: beta runs over
 *     the midpoints of a uniform grid of step 1/L, L = lcm(1..k-1) (every
 *     crossing of the lines alpha + i beta = j lies on it, so each piece is a
 *     trapezoid and its midpoint length times 1/L is its area); in each strip
 *     the alpha-pieces between the cut points 1 - frac(i beta); the carries by
 *     floor(alpha + i beta) at the piece's centre; then every (a, b) in Z_m^2
 *     and its bit set {a + i b - R w_i}; P(V in pattern) for every subset V by
 *     direct count (no translation, no multiplier, no Farey strips, no subset
 *     transform), and the rate as an exact fraction by inclusion-exclusion
 *     over the subsets of every query's pattern;
 *   - the double-hashing figures of FORMULAS.md §d.2 (h2 uniform on Z_m): for
 *     m a power of two R = 2^63 mod m = 0 and Guava's probes are a + i b mod m.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "calc_checks.h"
#include "calc_suites.h"
#include "index_arithmetic.h"

#define BRUTE_MAX_PROBES 3

/* An open-addressing count of subsets: key = size and sorted elements (10 bits each, m < 1024). */
typedef struct subset_counts {
    uint64_t *keys;
    uint64_t *counts;
    size_t slots;
} subset_counts;

static uint64_t subset_key(const unsigned *elements, unsigned size)
{
    uint64_t key = size;
    for (unsigned i = 0; i < size; i++)
        key = key << 10 | elements[i];
    return key + 1;   /* never 0 */
}

static uint64_t *count_slot(subset_counts *table, uint64_t key, int insert)
{
    size_t slot = (size_t)(key * 0x9e3779b97f4a7c15ULL >> 20) & (table->slots - 1);
    while (table->keys[slot] != 0 && table->keys[slot] != key)
        slot = (slot + 1) & (table->slots - 1);
    if (table->keys[slot] == 0) {
        if (!insert)
            return NULL;
        table->keys[slot] = key;
    }
    return &table->counts[slot];
}

/* The sorted distinct bits of a pattern; returns their count. */
static unsigned bits_of_pattern(unsigned *bits, unsigned long m, unsigned long k, unsigned long a,
                                unsigned long b, const unsigned *carries, unsigned long remainder)
{
    unsigned count = 0;
    for (unsigned long i = 0; i < k; i++) {
        unsigned bit = (unsigned)((a + i * b + m * k - remainder * carries[i] % m) % m);
        unsigned at = 0;
        while (at < count && bits[at] < bit)
            at++;
        if (at < count && bits[at] == bit)
            continue;
        memmove(&bits[at + 1], &bits[at], (count - at) * sizeof *bits);
        bits[at] = bit;
        count++;
    }
    return count;
}

/* subset = the elements of `set` chosen by `mask`; returns their count. */
static unsigned select_subset(unsigned *subset, const unsigned *set, unsigned count, unsigned mask)
{
    unsigned size = 0;
    for (unsigned i = 0; i < count; i++)
        if (mask >> i & 1)
            subset[size++] = set[i];
    return size;
}

/* The pieces of the grid: carries and weights (length numerators over 2L, strip 1/L). */
typedef struct grid_piece {
    unsigned carries[BRUTE_MAX_PROBES];
    unsigned long weight;
} grid_piece;

static size_t grid_pieces(grid_piece *pieces, unsigned long k, unsigned long *total)
{
    unsigned long L = 1;   /* lcm(1..k-1) */
    for (unsigned long i = 2; i < k; i++) {
        unsigned long g = L, h = i;
        while (h != 0) {
            unsigned long t = g % h;
            g = h;
            h = t;
        }
        L = L / g * i;
    }
    size_t count = 0;
    *total = 0;
    for (unsigned long j = 0; j < L; j++) {
        /* beta = (2j + 1)/(2L); cut i at 1 - frac(i beta), numerators over 2L */
        unsigned long cuts[BRUTE_MAX_PROBES + 1], ncuts = 0;
        cuts[ncuts++] = 0;
        for (unsigned long i = 1; i < k; i++)
            cuts[ncuts++] = 2 * L - i * (2 * j + 1) % (2 * L);
        cuts[ncuts++] = 2 * L;
        for (unsigned long x = 0; x < ncuts; x++)
            for (unsigned long y = x + 1; y < ncuts; y++)
                if (cuts[y] < cuts[x]) {
                    unsigned long t = cuts[x];
                    cuts[x] = cuts[y];
                    cuts[y] = t;
                }
        for (unsigned long x = 0; x + 1 < ncuts; x++) {
            if (cuts[x + 1] == cuts[x])
                continue;
            grid_piece *piece = &pieces[count++];
            /* centre alpha = (cuts[x] + cuts[x + 1]) / (4L); w_i = floor(alpha + i beta) */
            for (unsigned long i = 0; i < k; i++)
                piece->carries[i] = (unsigned)((cuts[x] + cuts[x + 1] + 2 * i * (2 * j + 1)) / (4 * L));
            piece->weight = cuts[x + 1] - cuts[x];
            *total += piece->weight;
        }
    }
    return count;
}

/* rop = the model's rate for m bits, n keys, k <= 3 probes, by brute force. */
static void brute_force_rate(mpq_ptr rop, unsigned long m, unsigned long n, unsigned long k)
{
    unsigned long remainder = (UINT64_C(1) << 63) % m, total = 0;
    grid_piece pieces[16];
    size_t piece_count = grid_pieces(pieces, k, &total);
    subset_counts table = { NULL, NULL, (size_t)1 << 21 };
    table.keys = calloc(table.slots, sizeof *table.keys);
    table.counts = calloc(table.slots, sizeof *table.counts);
    CU_ASSERT_FATAL(table.keys != NULL && table.counts != NULL);
    /* P(V in pattern) numerators: the weight of the draws (a, b, piece) whose pattern holds V */
    for (size_t c = 0; c < piece_count; c++)
        for (unsigned long a = 0; a < m; a++)
            for (unsigned long b = 0; b < m; b++) {
                unsigned bits[BRUTE_MAX_PROBES], subset[BRUTE_MAX_PROBES];
                unsigned count = bits_of_pattern(bits, m, k, a, b, pieces[c].carries, remainder);
                for (unsigned mask = 1; mask < 1U << count; mask++) {
                    unsigned size = select_subset(subset, bits, count, mask);
                    *count_slot(&table, subset_key(subset, size), 1) += pieces[c].weight;
                }
            }
    /* the weight of all draws: m^2 total */
    mpz_t all, sum, term, base;
    mpz_inits(all, sum, term, base, (mpz_ptr)0);
    mpz_set_ui(all, m);
    mpz_mul_ui(all, all, m);
    mpz_mul_ui(all, all, total);
    mpz_set_ui(sum, 0);
    for (size_t c = 0; c < piece_count; c++)
        for (unsigned long a = 0; a < m; a++)
            for (unsigned long b = 0; b < m; b++) {
                unsigned bits[BRUTE_MAX_PROBES], subset[BRUTE_MAX_PROBES], inner[BRUTE_MAX_PROBES];
                unsigned count = bits_of_pattern(bits, m, k, a, b, pieces[c].carries, remainder);
                for (unsigned mask = 0; mask < 1U << count; mask++) {
                    unsigned size = select_subset(subset, bits, count, mask);
                    /* hit = weight of patterns meeting U, by inclusion-exclusion over V in U */
                    long long hit = 0;
                    for (unsigned sub = 1; sub < 1U << size; sub++) {
                        unsigned inner_size = select_subset(inner, subset, size, sub);
                        const uint64_t *found = count_slot(&table, subset_key(inner, inner_size), 0);
                        long long inside = found != NULL ? (long long)*found : 0;
                        hit += (inner_size & 1) ? inside : -inside;
                    }
                    mpz_set_si(base, hit);
                    mpz_sub(base, all, base);
                    mpz_pow_ui(term, base, n);
                    mpz_mul_ui(term, term, pieces[c].weight);
                    if (size & 1)
                        mpz_sub(sum, sum, term);
                    else
                        mpz_add(sum, sum, term);
                }
            }
    mpz_pow_ui(term, all, n + 1);
    mpq_set_num(rop, sum);
    mpq_set_den(rop, term);
    mpq_canonicalize(rop);
    mpz_clears(all, sum, term, base, (mpz_ptr)0);
    free(table.keys);
    free(table.counts);
}

static void check_brute_force(unsigned long m, unsigned long n, unsigned long k)
{
    mpq_t exact;
    mpq_init(exact);
    brute_force_rate(exact, m, n, k);
    mpz_t bits, keys;
    mpz_init_set_ui(bits, m);
    mpz_init_set_ui(keys, n);
    CHECK(bloom_guava_model_applies(bits, k), "m=%lu k=%lu: the model applies", m, k);
    bloom_fpr_arguments filter = { bits, keys, k, 0 };
    mpfr_t exact_real;
    mpfr_init2(exact_real, 300);
    mpfr_set_q(exact_real, exact, MPFR_RNDN);
    /* first at 64 bits, the binary64 sum's precisions (asked before any other, which would be
     * kept and answer it), then at 200, the MPFI sum's */
    mpfi_t enclosure;
    mpfi_init2(enclosure, 64);
    int status = bloom_enclose_fpr_guava(enclosure, &filter);
    CHECK(status == BLOOM_OK && mpfi_is_inside_fr(exact_real, enclosure) > 0,
          "m=%lu n=%lu k=%lu: the 64-bit enclosure holds the brute force's %Qd", m, n, k, exact);
    mpfi_set_prec(enclosure, 200);
    status = bloom_enclose_fpr_guava(enclosure, &filter);
    CHECK(status == BLOOM_OK && mpfi_is_inside_fr(exact_real, enclosure) > 0,
          "m=%lu n=%lu k=%lu: the enclosure holds the brute force's %Qd", m, n, k, exact);
    bloom_quantity rate = { bloom_enclose_fpr_guava, &filter, NULL };
    CHECK_DECIMAL_RATIONAL(&rate, 30, exact);
    mpfr_clear(exact_real);
    mpfi_clear(enclosure);
    mpz_clears(bits, keys, (mpz_ptr)0);
    mpq_clear(exact);
}

/* R = 2^63 mod m: 128 (m = 192, 320), 64 (m = 448), 0 (m = 64, 128). */
static void test_brute_force(void)
{
    static const unsigned long cases[][3] = {
        { 192, 2, 2 }, { 192, 5, 3 }, { 320, 3, 3 }, { 448, 4, 2 }, { 64, 3, 3 }, { 128, 4, 3 },
        { 192, 3, 1 },
    };
    for (size_t i = 0; i < COUNT_OF(cases); i++)
        check_brute_force(cases[i][0], cases[i][1], cases[i][2]);
}

/* FORMULAS.md §d.2, column h2 in Z_m, power-of-two rows: there R = 0. */
static void test_double_hashing_figures(void)
{
    static const struct { const char *m, *n, *figure; } rows[] = {
        { "64", "6", "0.0263223" }, { "256", "26", "0.0144402" }, { "2048", "205", "0.0089250" },
    };
    for (size_t i = 0; i < COUNT_OF(rows); i++) {
        mpz_t m, n;
        mpz_init_set_str(m, rows[i].m, 10);
        mpz_init_set_str(n, rows[i].n, 10);
        bloom_fpr_arguments filter = { m, n, 7, 0 };
        bloom_quantity rate = { bloom_enclose_fpr_guava, &filter, NULL };
        CHECK_FIGURE(&rate, rows[i].figure);
        mpz_clears(m, n, (mpz_ptr)0);
    }
}

/* Where the model is refused: m not a multiple of 64, k above the limit, work above the budget. */
static void test_limits(void)
{
    mpz_t m;
    mpz_init_set_ui(m, 1000);
    CHECK(!bloom_guava_model_applies(m, 7), "m = 1000 is no multiple of 64");
    mpz_set_ui(m, 960);
    CHECK(bloom_guava_model_applies(m, 7), "m = 960, k = 7 is modelled");
    CHECK(!bloom_guava_model_applies(m, BLOOM_GUAVA_MODEL_MAX_HASHES + 1), "k above the limit");
    mpz_set_ui(m, 9585088);
    CHECK(!bloom_guava_model_applies(m, 7), "m = 9585088 (10^6 keys) is above the budget");
    mpz_clear(m);
    bloom_guava_free_cache();
}

static const bloom_test_case index_arithmetic_cases[] = {
    {"Guava model against a brute force of the same model", test_brute_force},
    {"Guava model at powers of two: the double-hashing figures of FORMULAS.md §d.2",
     test_double_hashing_figures},
    {"Guava model: where it applies", test_limits},
    {NULL, NULL},
};

const bloom_test_suite calc_index_arithmetic_suite = {"index-arithmetic", index_arithmetic_cases};
