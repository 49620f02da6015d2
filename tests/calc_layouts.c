/*
 * calc_layouts.c - layout_rates.h, hash_width.h, layouts.h and
 * library_rules.h against values derived independently here.
 *
 * - Partitioned: the textbook (1 - (1 - k/m)^n)^k as a fraction when k | m,
 *   and, when k does not divide m, a brute-force enumeration of every probe
 *   outcome of a tiny filter (m = 5, k = 2: slices of 3 and 2 bits).
 * - Blocked and split block: the binomial mixture summed term by term,
 *   sum_i C(n,i) b^-i (1 - 1/b)^(n-i) r(i), in exact rationals, with r(i)
 *   the library's exact standard rate of a B-bit block holding i keys
 *   (fpr.h, itself checked against a Markov chain in calc_fpr.c) or
 *   (1 - (31/32)^i)^8; the library evaluates the same mixture through the
 *   generating function instead, so agreement to 40 digits tests the
 *   closed form.  FORMULAS.md §e.1 and §e.2 figures at 10 bits per key.
 * - Hash width: the 31-bit-index billion-key filter (FORMULAS.md §e.3: about 76 %)
 *   equals the exact rate of a 2^31-bit filter; the 32-bit fingerprint
 *   floor for 1e9 keys is FORMULAS.md §e.3 value 0.2077122589016286.
 * - Library rules for n = 1e9, p = 1 %: every whole number derived by hand
 *   in the comments from the rule's documented formula.
 */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "calc_checks.h"
#include "calc_suites.h"
#include "hash_width.h"
#include "layouts.h"
#include "library_rules.h"
#include "rocksdb_legacy.h"

/* Brute force: every key picks one bit per slice (3 x 2 choices), n = 2 keys and a query. */
static void test_partitioned_brute_force(void)
{
    unsigned long positives = 0, outcomes = 0;
    for (int key1 = 0; key1 < 6; key1++)
        for (int key2 = 0; key2 < 6; key2++)
            for (int query = 0; query < 6; query++, outcomes++) {
                int a = query % 3, b = query / 3;
                int first = a == key1 % 3 || a == key2 % 3;    /* slice of 3 bits */
                int second = b == key1 / 3 || b == key2 / 3;   /* slice of 2 bits */
                positives += first && second;
            }
    mpq_t expected;
    mpq_init(expected);
    mpq_set_ui(expected, positives, outcomes);
    mpq_canonicalize(expected);
    test_filter filter;
    test_filter_init(&filter, "5", "2", 2, 0);
    bloom_quantity rate = { bloom_enclose_fpr_partitioned, &filter.arguments, bloom_exact_fpr_partitioned };
    bloom_quantity enclosure_only = { bloom_enclose_fpr_partitioned, &filter.arguments, NULL };
    CHECK_DECIMAL_RATIONAL(&rate, 30, expected);
    CHECK_DECIMAL_RATIONAL(&enclosure_only, 30, expected);
    test_filter_clear(&filter);
    mpq_clear(expected);
}

/* k | m: (1 - (1 - k/m)^n)^k, written out as a fraction for m = 64, n = 8, k = 4. */
static void test_partitioned_divisible(void)
{
    mpz_t slice, empty;
    mpz_init_set_ui(slice, 16);
    mpz_init(empty);
    mpq_t expected;
    mpq_init(expected);
    mpz_pow_ui(mpq_denref(expected), slice, 8);           /* ((16^8 - 15^8)/16^8)^4 */
    mpz_ui_pow_ui(empty, 15, 8);
    mpz_sub(mpq_numref(expected), mpq_denref(expected), empty);
    mpz_pow_ui(mpq_numref(expected), mpq_numref(expected), 4);
    mpz_pow_ui(mpq_denref(expected), mpq_denref(expected), 4);
    mpq_canonicalize(expected);
    test_filter filter;
    test_filter_init(&filter, "64", "8", 4, 0);
    bloom_quantity rate = { bloom_enclose_fpr_partitioned, &filter.arguments, NULL };
    CHECK_DECIMAL_RATIONAL(&rate, 40, expected);
    test_filter_clear(&filter);
    mpq_clears(expected, NULL);
    mpz_clears(slice, empty, NULL);
}

/* inner(i) for the direct sums: the exact rate of a block with i keys, or the split-block rate. */
static void inner_rate(mpq_ptr rop, unsigned long block_bits, unsigned long i, unsigned long k, int split)
{
    if (i == 0) {
        mpq_set_ui(rop, 0, 1);
    } else if (split) {                          /* (1 - ((w-1)/w)^i)^k, w = B/k */
        unsigned long w = block_bits / k;
        mpz_ui_pow_ui(mpq_denref(rop), w, i);
        mpz_ui_pow_ui(mpq_numref(rop), w - 1, i);
        mpz_sub(mpq_numref(rop), mpq_denref(rop), mpq_numref(rop));
        mpz_pow_ui(mpq_numref(rop), mpq_numref(rop), k);
        mpz_pow_ui(mpq_denref(rop), mpq_denref(rop), k);
        mpq_canonicalize(rop);
    } else {
        mpz_t bits, keys;
        mpz_init_set_ui(bits, block_bits);
        mpz_init_set_ui(keys, i);
        bloom_fpr_exact_rational(rop, bits, keys, k);
        mpz_clears(bits, keys, NULL);
    }
}

/* sum_i C(n,i) (1/b)^i (1 - 1/b)^(n-i) inner(i), exactly. */
static void direct_mixture(mpq_ptr rop, unsigned long blocks, unsigned long block_bits,
                           unsigned long n, unsigned long k, int split)
{
    mpq_t term, inner;
    mpq_inits(term, inner, NULL);
    mpq_set_ui(rop, 0, 1);
    for (unsigned long i = 0; i <= n; i++) {
        mpz_bin_uiui(mpq_numref(term), n, i);
        mpz_t other;
        mpz_init(other);
        mpz_ui_pow_ui(other, blocks - 1, n - i);
        mpz_mul(mpq_numref(term), mpq_numref(term), other);
        mpz_ui_pow_ui(mpq_denref(term), blocks, n);
        mpq_canonicalize(term);
        inner_rate(inner, block_bits, i, k, split);
        mpq_mul(term, term, inner);
        mpq_add(rop, rop, term);
        mpz_clear(other);
    }
    mpq_clears(term, inner, NULL);
}

static void check_mixture(unsigned long m, unsigned long block_bits, unsigned long n,
                          unsigned long k, int split)
{
    mpz_t bits, keys;
    mpz_init_set_ui(bits, m);
    mpz_init_set_ui(keys, n);
    mpq_t expected;
    mpq_init(expected);
    direct_mixture(expected, m / block_bits, block_bits, n, k, split);
    bloom_blocked_arguments filter = { bits, keys, k, block_bits, BLOOM_LOAD_BINOMIAL };
    bloom_quantity rate = { split ? bloom_enclose_fpr_split_block : bloom_enclose_fpr_blocked,
                            &filter, NULL };
    CHECK_DECIMAL_RATIONAL(&rate, 40, expected);
    mpq_clear(expected);
    mpz_clears(bits, keys, NULL);
}

static void test_blocked_direct_sum(void)
{
    check_mixture(256, 64, 12, 3, 0);
    check_mixture(512, 64, 40, 5, 0);
    check_mixture(96, 32, 5, 7, 0);     /* k > bits per key: many repeated probes */
}

/*
 * One key among 2 808 122 571 blocks of 512 bits with k = 100 (fpr -n 1 -m
 * 1437758756606 -k 100 --layout blocked): the rate is r(1)/b, r(1) the
 * Markov chain's fraction for 100 probes into 512 bits (calc_reference.c).
 * Its tiny global fill would ask for 100 x 1101 bits of precision; full
 * blocks need about 330 (layout_rates.c, cancellation_bits).
 */
static void test_blocked_one_key_many_blocks(void)
{
    mpz_t bits, keys;
    mpz_init_set_ui(bits, 1437758756606UL);
    mpz_init_set_ui(keys, 1);
    mpq_t expected, blocks;
    mpq_inits(expected, blocks, NULL);
    ref_rate_markov(expected, 512, 100, 100);
    mpq_set_ui(blocks, 1437758756606UL / 512, 1);
    mpq_div(expected, expected, blocks);
    bloom_blocked_arguments filter = { bits, keys, 100, 512, BLOOM_LOAD_BINOMIAL };
    bloom_quantity rate = { bloom_enclose_fpr_blocked, &filter, NULL };
    CHECK_DECIMAL_RATIONAL(&rate, 40, expected);
    mpq_clears(expected, blocks, NULL);
    mpz_clears(bits, keys, NULL);
}

static void test_split_block_direct_sum(void)
{
    check_mixture(1024, 256, 20, 8, 1);
    check_mixture(512, 64, 30, 4, 1);
}

/* FORMULAS.md §e at 10 bits per key, B = 512 (m = 2 621 440, n = 262 144) and the SBBF table. */
static void test_block_figures(void)
{
    mpz_t m, n;
    mpz_init_set_ui(m, 2621440);
    mpz_init_set_ui(n, 262144);
    bloom_blocked_arguments filter = { m, n, 7, 512, BLOOM_LOAD_BINOMIAL };
    bloom_quantity blocked = { bloom_enclose_fpr_blocked, &filter, NULL };
    bloom_quantity putze = { bloom_enclose_fpr_blocked_putze, &filter, NULL };
    bloom_quantity split = { bloom_enclose_fpr_split_block, &filter, NULL };
    CHECK_FIGURE(&blocked, "0.00968578");          /* binomial x exact, k = 7 */
    filter.load = BLOOM_LOAD_POISSON;
    CHECK_FIGURE(&blocked, "0.00968605");          /* Poisson x exact inner */
    CHECK_FIGURE(&putze, "0.00957121");            /* Putze et al. */
    filter.k = 6;
    CHECK_FIGURE(&putze, "0.00957567");
    CHECK_FIGURE(&blocked, "0.00966475");
    /* The quantities read `filter` through a pointer, which cppcheck does not follow. */
    /* cppcheck-suppress redundantAssignment */
    filter.k = 8;
    filter.block_bits = 256;
    CHECK_FIGURE(&split, "0.01264845");            /* SBBF at c = 10 */
    /* Parquet's sizing for 1 %: c = 9.6815267387..., lambda = 256/c; m = n c with n = 10^9 */
    mpz_set_str(m, "9681526738735678", 10);
    mpz_set_str(n, "1000000000000000", 10);
    CHECK_FIGURE(&split, "0.01462720");
    mpz_clears(m, n, NULL);
}

/* The billion-key filter with 31-bit indices is exactly the 2^31-bit filter (about 76 %). */
static void test_truncated_index(void)
{
    mpz_t m, n, reach;
    mpz_init_set_str(m, "9585058378", 10);
    mpz_init_set_ui(n, 1000000000);
    mpz_init_set_ui(reach, 1);
    mpz_mul_2exp(reach, reach, 31);
    bloom_layout_arguments layout = { BLOOM_LAYOUT_STANDARD, m, n, 7, 0, BLOOM_LOAD_BINOMIAL, 0, 31, 0,
                                      BLOOM_ARITHMETIC_UNIFORM };
    mpfr_t expected;
    mpfr_init2(expected, 200);
    bloom_fpr_exact(expected, reach, n, 7, MPFR_RNDN);
    bloom_quantity rate = bloom_fpr_layout_quantity(&layout);
    CHECK_DECIMAL_REAL(&rate, 20, expected, 190);
    CHECK_FIGURE(&rate, "0.760");
    char *warning = NULL;
    CHECK(bloom_layout_warning(&warning, &layout) == BLOOM_OK && warning != NULL,
          "31-bit indices on 9.6e9 bits must warn");
    free(warning);
    layout.index_bits = 34;                        /* 2^34 > m: nothing truncated, no warning */
    CHECK(bloom_layout_warning(&warning, &layout) == BLOOM_OK && warning == NULL,
          "34-bit indices reach every bit: no warning expected");
    bloom_quantity full = bloom_fpr_layout_quantity(&layout);
    bloom_fpr_exact(expected, m, n, 7, MPFR_RNDN);
    CHECK_DECIMAL_REAL(&full, 20, expected, 190);
    mpfr_clear(expected);
    mpz_clears(m, n, reach, NULL);
}

/* 1 - (1 - 2^-32)^1e9 = 0.2077122589016286 (FORMULAS.md §e), and the union r1 + r2 - r1 r2. */
static void test_fingerprint(void)
{
    mpz_t m, n;
    mpz_init_set_str(m, "9585058378", 10);
    mpz_init_set_ui(n, 1000000000);
    bloom_fingerprint_arguments fingerprint = { n, 32 };
    bloom_quantity floor = { bloom_enclose_fingerprint_collision, &fingerprint, NULL };
    CHECK_FIGURE(&floor, "0.2077122589016286");
    fingerprint.hash_bits = 64;
    CHECK_FIGURE(&floor, "5.421010862280585e-11");   /* about n / 2^64 */
    /* union of the seed's exact rate 1/3 and 1/4 is 1/3 + 1/4 - 1/12 = 1/2 */
    mpq_t third, quarter, half;
    mpq_inits(third, quarter, half, NULL);
    mpq_set_ui(third, 1, 3);
    mpq_set_ui(quarter, 1, 4);
    mpq_set_ui(half, 1, 2);
    bloom_quantity_pair pair = { { bloom_enclose_rational, third, NULL },
                                 { bloom_enclose_rational, quarter, NULL } };
    bloom_quantity both = { bloom_enclose_independent_union, &pair, NULL };
    mpq_set_ui(half, 1, 2);
    /* 1/2 is a tie for no digit count below 2; check at 30 digits against 0.5 + 0 */
    CHECK_DECIMAL_RATIONAL(&both, 1, half);
    mpq_clears(third, quarter, half, NULL);
    mpz_clears(m, n, NULL);
}

/* Memory rounding: byte, word, power of two, block. */
static void test_rounding(void)
{
    static const struct { const char *m; bloom_rounding rounding; const char *expected; } rows[] = {
        { "9585058378", BLOOM_ROUND_BYTE, "9585058384" },     /* FORMULAS.md §b */
        { "9585058378", BLOOM_ROUND_WORD64, "9585058432" },   /* FORMULAS.md §b */
        { "9585058378", BLOOM_ROUND_POW2, "17179869184" },    /* 2^34 */
        { "9585058378", BLOOM_ROUND_BLOCK, "9585058816" },    /* 18720818 blocks of 512 */
        { "1024", BLOOM_ROUND_POW2, "1024" },
        { "1", BLOOM_ROUND_NONE, "1" },
    };
    mpz_t m, rounded, expected;
    mpz_inits(m, rounded, expected, NULL);
    for (size_t i = 0; i < COUNT_OF(rows); i++) {
        mpz_set_str(m, rows[i].m, 10);
        mpz_set_str(expected, rows[i].expected, 10);
        bloom_round_bits(rounded, m, rows[i].rounding, 512);
        CHECK(mpz_cmp(rounded, expected) == 0, "round %s by %d: got %Zd, expected %s", rows[i].m,
              (int)rows[i].rounding, rounded, rows[i].expected);
    }
    mpz_clears(m, rounded, expected, NULL);
}

/*
 * n = 1e9, p = 1/100, c = ln(100)/ln^2 2 = 9.58505837736743907, log2(100) = 6.64385618977.
 *   textbook   ceil(n c) = 9585058378, best k 7 (calc_sizing.c)
 *   guava      floor(n c) = 9585058377 -> 149766538 words of 64 = 9585058432 bits; k = round(6.64) = 7
 *   b&b        m = 9585058378; k = ceil(9.585058378 ln 2 = 6.6438562) = 7
 *   cassandra  its table: b = 9 fails (best k 6, cell 0.0133 > 1 %); b = 10: k 7's cell is
 *              0.00819, k 6's 0.00844, k 5's 0.00943 <= 1 %, k 4's 0.0118 > 1 %: k = 5;
 *              m = 10 n + 20 = 10000000020 -> 156250001 words = 10000000064 bits
 *   redisbloom error 1/200: b = ln(200)/0.480453013918201 = 11.0277534..., floor(n b) =
 *              11027753... rounded up to 64-bit words; k = ceil(0.693147180559945 b = 7.64) = 8
 *   rocksdb    the smallest bits_per_key whose filter meets 1 % (test_rocksdb_setting):
 *              9.918, millibits 9918; ceil(1e9 x 9918/8000) = 1239750000 bytes -> 19371094
 *              lines of 64 = 1239750016 bytes (+5 metadata), 9918000128 bits;
 *              ChooseNumProbes(9918) = 6 (8300 < 9918 <= 10070).  (At the textbook
 *              9.585: 9585000448 bits, k = 6, rate 1.1509 %.)
 *   parquet-mr -8n/ln(1 - 0.01^(1/8)) = 9.68e9 bits > 2^30: capped to 2^30 bits = 2^27 bytes
 *   parquet    9681526738 bits / 8 = 1210190842 bytes -> 2^31 bytes = 2^34 bits
 */
static void test_rules_billion(void)
{
    static const struct { bloom_rule_id rule; const char *m, *bytes; unsigned long k; } rows[] = {
        { BLOOM_RULE_TEXTBOOK, "9585058378", "1198132298", 7 },
        { BLOOM_RULE_GUAVA, "9585058432", "1198132304", 7 },
        { BLOOM_RULE_BITS_AND_BLOOMS, "9585058378", "1198132304", 7 },
        { BLOOM_RULE_CASSANDRA, "10000000064", "1250000008", 5 },
        { BLOOM_RULE_REDISBLOOM_NONSCALING, "9585058432", "1198132304", 7 },
        { BLOOM_RULE_ROCKSDB, "9918000128", "1239750021", 6 },
        { BLOOM_RULE_PARQUET_MR, "1073741824", "134217728", 8 },
        { BLOOM_RULE_PARQUET_SPEC, "17179869184", "2147483648", 8 },
        { BLOOM_RULE_PARQUET_ARROW, "1073741824", "134217728", 8 },
    };
    mpz_t n, expected;
    mpq_t p;
    mpz_init_set_ui(n, 1000000000);
    mpz_init(expected);
    mpq_init(p);
    mpq_set_ui(p, 1, 100);
    for (size_t i = 0; i < COUNT_OF(rows); i++) {
        bloom_rule_sizing sizing;
        bloom_rule_sizing_init(&sizing);
        CHECK(bloom_rule_apply(&sizing, rows[i].rule, n, p) == BLOOM_OK, "rule %d refused", (int)rows[i].rule);
        mpz_set_str(expected, rows[i].m, 10);
        CHECK(mpz_cmp(sizing.m_bits, expected) == 0, "%s: m %Zd, expected %s", sizing.name,
              sizing.m_bits, rows[i].m);
        mpz_set_str(expected, rows[i].bytes, 10);
        CHECK(mpz_cmp(sizing.bytes, expected) == 0, "%s: bytes %Zd, expected %s", sizing.name,
              sizing.bytes, rows[i].bytes);
        CHECK(sizing.k == rows[i].k, "%s: k %lu, expected %lu", sizing.name, sizing.k, rows[i].k);
        bloom_rule_sizing_clear(&sizing);
    }
    /* RedisBloom's tightened first sub-filter: 8 hashes and more bits than at p */
    bloom_rule_sizing sizing;
    bloom_rule_sizing_init(&sizing);
    bloom_rule_apply(&sizing, BLOOM_RULE_REDISBLOOM, n, p);
    CHECK(sizing.k == 8 && mpz_cmp_ui(sizing.m_bits, 0) > 0 && mpz_fdiv_ui(sizing.m_bits, 64) == 0
          && mpz_cmp_d(sizing.m_bits, 11027753400.0) > 0 && mpz_cmp_d(sizing.m_bits, 11027753600.0) < 0,
          "redisbloom: m %Zd k %lu, expected about 1.10277535e10 bits and 8 hashes", sizing.m_bits, sizing.k);
    /* Cassandra refuses rates below its table (6.71e-5) */
    mpq_set_ui(p, 1, 100000);
    CHECK(bloom_rule_apply(&sizing, BLOOM_RULE_CASSANDRA, n, p) == BLOOM_UNDEFINED,
          "cassandra must refuse p = 1e-5");
    bloom_rule_sizing_clear(&sizing);
    mpz_clears(n, expected, NULL);
    mpq_clear(p);
}

/*
 * The rules against the real libraries' own output (Guava 31.1 from Debian's
 * libguava-java, libbloom 1.6, npm bloom-filters 3.0.4, each run by
 * tests/peers; "make check-peers" checks the whole grid):
 *   n = 1000, p = 0.011048: Guava 31 bitSize 9408, 6 hashes (33's rule: 7);
 *     libbloom bits 9377, 7 hashes; bloom-filters size 9378, 7 hashes
 *   n = 3e9, p = 1e-6: Guava 86265525440 bits, 20 hashes; n = 1e10: refused
 *   libbloom: n = 999 refused; n = 7.4e7, p = 1e-6: 2127882959 bits, 20
 *     hashes; n = 1e8, p = 1e-6 (2.9e9 bits): refused
 */
/* bloom_rule_apply for n and p written as text (p as "a/b"). */
static int apply_rule_text(bloom_rule_sizing *sizing, bloom_rule_id rule, const char *n_text,
                           const char *p_text)
{
    mpz_t n;
    mpq_t p;
    mpz_init_set_str(n, n_text, 10);
    mpq_init(p);
    mpq_set_str(p, p_text, 10);
    mpq_canonicalize(p);
    int status = bloom_rule_apply(sizing, rule, n, p);
    mpz_clear(n);
    mpq_clear(p);
    return status;
}

static void check_rule(bloom_rule_id rule, const char *n_text, const char *p_text, const char *m,
                       unsigned long k)
{
    mpz_t expected;
    mpz_init(expected);
    bloom_rule_sizing sizing;
    bloom_rule_sizing_init(&sizing);
    int status = apply_rule_text(&sizing, rule, n_text, p_text);
    if (m == NULL) {
        CHECK(status == BLOOM_UNDEFINED, "rule %d, n %s, p %s: expected a refusal", (int)rule, n_text, p_text);
    } else {
        mpz_set_str(expected, m, 10);
        CHECK(status == BLOOM_OK && mpz_cmp(sizing.m_bits, expected) == 0 && sizing.k == k,
              "%s, n %s, p %s: m %Zd k %lu, expected %s and %lu", sizing.name, n_text, p_text,
              sizing.m_bits, sizing.k, m, k);
    }
    bloom_rule_sizing_clear(&sizing);
    mpz_clear(expected);
}

/* The hash count alone. */
static void check_rule_hashes(bloom_rule_id rule, const char *n_text, const char *p_text, unsigned long k)
{
    bloom_rule_sizing sizing;
    bloom_rule_sizing_init(&sizing);
    int status = apply_rule_text(&sizing, rule, n_text, p_text);
    CHECK(status == BLOOM_OK && sizing.k == k, "%s, n %s, p %s: k %lu, expected %lu", sizing.name, n_text,
          p_text, sizing.k, k);
    bloom_rule_sizing_clear(&sizing);
}

static void test_rules_against_libraries(void)
{
    check_rule(BLOOM_RULE_GUAVA_31, "1000", "11048/1000000", "9408", 6);
    check_rule(BLOOM_RULE_GUAVA, "1000", "11048/1000000", "9408", 7);
    check_rule(BLOOM_RULE_LIBBLOOM, "1000", "11048/1000000", "9377", 7);
    check_rule(BLOOM_RULE_BLOOM_FILTERS, "1000", "11048/1000000", "9378", 7);
    check_rule(BLOOM_RULE_GUAVA_31, "3000000000", "1/1000000", "86265525440", 20);
    check_rule(BLOOM_RULE_GUAVA_31, "10000000000", "1/1000000", NULL, 0);
    check_rule(BLOOM_RULE_GUAVA, "10000000000", "1/1000000", NULL, 0);
    check_rule(BLOOM_RULE_LIBBLOOM, "999", "1/100", NULL, 0);
    check_rule(BLOOM_RULE_LIBBLOOM, "74000000", "1/1000000", "2127882959", 20);
    check_rule(BLOOM_RULE_LIBBLOOM, "100000000", "1/1000000", NULL, 0);
}

/*
 * RedisBloom's bloom_init at error e = 2^-j: hashes = ceil(0.693147180559945
 * j ln 2 / 0.480453013918201) = j + 1, the ratio of its two truncated
 * constants being 1/ln 2 (1 + 4.3e-16); the scaling filter's first
 * sub-filter takes e = p/2.  Bits at n = 1e6 and p = 1/1024: floor(1e6 x
 * 14.4269504...) = 14426950, 225422 words of 64.  Every value here is also
 * what tests/peers/redisbloom_peer.c, bloom.c's arithmetic in C doubles,
 * prints.
 */
static void test_redisbloom_powers_of_two(void)
{
    static const char *const rates[] = { "1/2", "1/4", "1/8", "1/128", "1/1024", "1/1048576",
                                         "1/1073741824", "1/1099511627776" };
    static const unsigned long j[] = { 1, 2, 3, 7, 10, 20, 30, 40 };
    for (size_t i = 0; i < COUNT_OF(rates); i++) {
        check_rule_hashes(BLOOM_RULE_REDISBLOOM_NONSCALING, "1000000", rates[i], j[i] + 1);
        check_rule_hashes(BLOOM_RULE_REDISBLOOM, "1000000", rates[i], j[i] + 2);
    }
    check_rule(BLOOM_RULE_REDISBLOOM_NONSCALING, "1000000", "1/1024", "14427008", 11);
    check_rule(BLOOM_RULE_REDISBLOOM, "1000000", "1/2", "2885440", 3);
    check_rule(BLOOM_RULE_REDISBLOOM, "1000000", "1/1024", "15869696", 12);
}

/*
 * Cassandra's computeBloomSpec compares p with its table's three-digit
 * cells, at n = 1e6 (m = 1e6 b + 20 in 64-bit words).  Each value is what
 * tests/peers/CassandraSpecPeer.java, a transcription of Cassandra's source,
 * prints for it: at, a little above and a little below probs[15][7] =
 * 0.001, probs[10][7] = 0.00819 and probs[20][14] = 6.71e-5 (the last); at
 * and below probs[2][1] = 0.393 (the trivial case); at probs[14][10] =
 * 0.0012, probs[14][9] = 0.00121 and 0.01.
 */
static void test_cassandra_table(void)
{
    static const struct { const char *p, *m; unsigned long k; } rows[] = {
        { "393/1000", "1000064", 2 },                    /* trivial: 1 bucket, 2 hashes */
        { "3929999999/10000000000", "3000064", 1 },
        { "1/1000", "15000064", 7 },                     /* the formula's 0.0010028 would give 8 */
        { "1000000000001/1000000000000000", "15000064", 7 },
        { "999999999999/1000000000000000", "15000064", 8 },
        { "819/100000", "10000064", 7 },
        { "8190000000001/1000000000000000", "10000064", 7 },
        { "8189999999999/1000000000000000", "11000064", 5 },
        { "12/10000", "14000064", 10 },
        { "121/100000", "14000064", 9 },
        { "1/100", "10000064", 5 },
        { "671/10000000", "20000064", 14 },
        { "6710000001/100000000000000", "20000064", 14 },
        { "6709999999/100000000000000", NULL, 0 },     /* below the table: Cassandra throws */
    };
    for (size_t i = 0; i < COUNT_OF(rows); i++)
        check_rule(BLOOM_RULE_CASSANDRA, "1000000", rows[i].p, rows[i].m, rows[i].k);
}

/*
 * parquet-mr's optimalNumOfBits rounds with (bits + 255) & ~256, which clears
 * bit 8: with c = -8/ln(1 - 0.01^(1/8)) = 9.6815267 bits a key, n = 424 gives
 * floor(4104.967) = 4104 bits, 4359 & ~256 = 4103, 512 bytes (not 4104/8 = 513
 * -> 1024); n = 846: 8190 + 255 = 8445, bit 8 clear, 1055 bytes -> 2048 (not
 * 1023 -> 1024); n = 100: 968 + 255 = 1223 -> 152 bytes -> 256.  The same as
 * BlockSplitBloomFilter.optimalNumOfBits and initBitset run in Java.  The
 * specification's rule (parquet-spec) has no such step.
 */
static void test_parquet_mr_rounding(void)
{
    check_rule(BLOOM_RULE_PARQUET_MR, "424", "1/100", "4096", 8);
    check_rule(BLOOM_RULE_PARQUET_MR, "846", "1/100", "16384", 8);
    check_rule(BLOOM_RULE_PARQUET_MR, "100", "1/100", "2048", 8);
    check_rule(BLOOM_RULE_PARQUET_SPEC, "424", "1/100", "8192", 8);
    check_rule(BLOOM_RULE_PARQUET_SPEC, "846", "1/100", "8192", 8);
}

/*
 * Arrow C++'s OptimalNumOfBits rounds the floored bits, not whole bytes, to a power of two
 * (cpp/src/parquet/bloom_filter.h): at 1 %, c = 9.6815267 bits a key, n = 1693 gives
 * floor(16390.83) = 16390 bits, not a power of two, so 32768, where the specification's
 * 16390/8 = 2048 bytes stay 16384 bits (parquet-mr: 16390 + 255 = 16645, bit 8 cleared,
 * 16389/8 = 2048 bytes, also 16384); n = 212: 2052 bits -> 4096 (256 bytes -> 2048 there);
 * n = 7: 67 bits, below 256 -> 256; n = 2e8: 1.94e9 bits, past 2^30 -> 2^30.
 */
static void test_parquet_arrow_rounding(void)
{
    check_rule(BLOOM_RULE_PARQUET_ARROW, "1693", "1/100", "32768", 8);
    check_rule(BLOOM_RULE_PARQUET_SPEC, "1693", "1/100", "16384", 8);
    check_rule(BLOOM_RULE_PARQUET_MR, "1693", "1/100", "16384", 8);
    check_rule(BLOOM_RULE_PARQUET_ARROW, "212", "1/100", "4096", 8);
    check_rule(BLOOM_RULE_PARQUET_SPEC, "212", "1/100", "2048", 8);
    check_rule(BLOOM_RULE_PARQUET_ARROW, "7", "1/100", "256", 8);
    check_rule(BLOOM_RULE_PARQUET_ARROW, "200000000", "1/100", "1073741824", 8);
}

/* RocksDB's ChooseNumProbes table (FORMULAS.md §e), at and around its boundaries. */
static void test_rocksdb_probes(void)
{
    static const unsigned long rows[][2] = {
        {2080, 1}, {2081, 2}, {10000, 6}, {10070, 6}, {10071, 7}, {14001, 8}, {25501, 12},
        {30000, 13}, {50000, 23}, {50001, 24} };
    for (size_t i = 0; i < COUNT_OF(rows); i++)
        CHECK(bloom_rocksdb_probes(rows[i][0]) == rows[i][1], "ChooseNumProbes(%lu) = %lu, expected %lu",
              rows[i][0], bloom_rocksdb_probes(rows[i][0]), rows[i][1]);
}

/*
 * LevelDB's NewBloomFilterPolicy(c) and CreateFilter by hand (util/bloom.cc
 * of LevelDB 1.23): k = floor(0.69 c) in [1, 30], bits = max(64, n c)
 * rounded up to bytes, and the string one byte longer (k):
 *   n = 20, c = 10: 200 bits, 26 bytes, k = 6 (6.9); c = 109/10 is the int
 *     10 (C++ truncation): the same;
 *   n = 5, c = 10: 50 -> 64 bits, 9 bytes; n = 7, c = 11: 77 -> 80 bits,
 *     11 bytes, k = 7 (7.59);
 *   n = 3, c = 1: 64 bits, k = 1 (0.69 floors to 0, raised to 1);
 *   n = 1000, c = 43, 44, 50: k = 29 (29.67), 30 (30.36), 30 (34.5 clamped);
 *   from p = 1/100: c = ceil(9.585) = 10; more than 2^31 - 1 keys (an int n)
 *   refused.
 * The real library's sizes agree (tests/peers/leveldb_peer sizes).
 */
static void check_whole_rule(bloom_rule_id rule, const char *n_text, const char *c_text, const char *bits,
                             const char *bytes, unsigned long k)
{
    const char *name = rule == BLOOM_RULE_LEVELDB ? "leveldb" : "rocksdb@legacy";
    mpz_t n, expected;
    mpq_t c;
    mpz_inits(n, expected, (mpz_ptr)0);
    mpq_init(c);
    mpz_set_str(n, n_text, 10);
    mpq_set_str(c, c_text, 10);
    mpq_canonicalize(c);
    bloom_rule_sizing sizing;
    bloom_rule_sizing_init(&sizing);
    int status = bloom_rule_apply_bits_per_key(&sizing, rule, n, c);
    CHECK(status == BLOOM_OK, "%s n = %s c = %s: status %d", name, n_text, c_text, status);
    mpz_set_str(expected, bits, 10);
    CHECK(mpz_cmp(sizing.m_bits, expected) == 0, "%s n = %s c = %s: bits %Zd, expected %s", name, n_text,
          c_text, sizing.m_bits, bits);
    mpz_set_str(expected, bytes, 10);
    CHECK(mpz_cmp(sizing.bytes, expected) == 0, "%s n = %s c = %s: bytes %Zd, expected %s", name, n_text,
          c_text, sizing.bytes, bytes);
    CHECK(sizing.k == k, "%s n = %s c = %s: k = %lu, expected %lu", name, n_text, c_text, sizing.k, k);
    bloom_rule_sizing_clear(&sizing);
    mpz_clears(n, expected, (mpz_ptr)0);
    mpq_clear(c);
}

static void check_leveldb(const char *n_text, const char *c_text, const char *bits, const char *bytes,
                          unsigned long k)
{
    check_whole_rule(BLOOM_RULE_LEVELDB, n_text, c_text, bits, bytes, k);
}

static void test_leveldb_sizes(void)
{
    check_leveldb("20", "10", "200", "26", 6);
    check_leveldb("20", "109/10", "200", "26", 6);
    check_leveldb("5", "10", "64", "9", 6);
    check_leveldb("7", "11", "80", "11", 7);
    check_leveldb("3", "1", "64", "9", 1);
    check_leveldb("1000", "43", "43000", "5376", 29);
    check_leveldb("1000", "44", "44000", "5501", 30);
    check_leveldb("1000", "50", "50000", "6251", 30);
    check_rule(BLOOM_RULE_LEVELDB, "20", "1/100", "200", 6);
    check_rule(BLOOM_RULE_LEVELDB, "2147483648", "1/100", NULL, 0);
    CHECK(bloom_rule_takes_bits_per_key(BLOOM_RULE_LEVELDB), "leveldb takes bits per key");
}

/*
 * RocksDB's legacy Bloom filter (LegacyBloomBitsBuilder, filter_policy.cc of
 * v7.8.3) by hand: whole bits w = (millibits + 500) / 1000, k = floor(0.69 w),
 * bits = min(n w, 0xffff0000) in 512-bit lines, an even count of lines made
 * odd, and 5 bytes of metadata:
 *   n = 1000, c = 10: 10000 bits, 19.53 -> 20 lines -> 21: 10752 bits,
 *     1344 + 5 bytes, k = 6;
 *   n = 1e6, c = 10: 19531.25 -> 19532 -> 19533 lines: 10000896 bits;
 *   n = 300, c = 10: 5.86 -> 6 -> 7 lines: 3584 bits, 453 bytes;
 *   n = 1000, c = 20: 20000 bits, 39.06 -> 40 -> 41 lines: 20992 bits, k = 13;
 *   c = 10.4999: millibits (int)(10499.9 + 0.500001) = 10500, w = 11 (k = 7,
 *     11000 bits, 21.48 -> 22 -> 23 lines); c = 10.4994: 10499, w = 10;
 *   n = 1e9, c = 10: 1e10 capped at 0xffff0000 = 8388480 lines -> 8388481:
 *     4294902272 bits, 536862784 + 5 bytes.
 * The real librocksdb's sizes agree (tests/peers/rocksdb_peer sizes legacy).
 */
static void test_rocksdb_legacy_sizes(void)
{
    check_whole_rule(BLOOM_RULE_ROCKSDB_LEGACY, "1000", "10", "10752", "1349", 6);
    check_whole_rule(BLOOM_RULE_ROCKSDB_LEGACY, "1000000", "10", "10000896", "1250117", 6);
    check_whole_rule(BLOOM_RULE_ROCKSDB_LEGACY, "300", "10", "3584", "453", 6);
    check_whole_rule(BLOOM_RULE_ROCKSDB_LEGACY, "1000", "20", "20992", "2629", 13);
    check_whole_rule(BLOOM_RULE_ROCKSDB_LEGACY, "1000", "104999/10000", "11776", "1477", 7);
    check_whole_rule(BLOOM_RULE_ROCKSDB_LEGACY, "1000", "52497/5000", "10752", "1349", 6);
    check_whole_rule(BLOOM_RULE_ROCKSDB_LEGACY, "1000000000", "10", "4294902272", "536862789", 6);
    CHECK(bloom_rule_takes_bits_per_key(BLOOM_RULE_ROCKSDB_LEGACY), "rocksdb@legacy takes bits per key");
    CHECK(bloom_rule_has_knob(BLOOM_RULE_ROCKSDB_LEGACY), "rocksdb@legacy's knob is searched");
}

/* A RocksDB legacy figure: k and the 40 digits expected at it. */
typedef struct legacy_case {
    unsigned long k;
    const char *figure;
} legacy_case;

/* Each case's figure is what `enclose` gives for 100 keys in 3 lines (1536 bits) at its k. */
static void check_legacy_figures(bloom_enclose_function enclose, const legacy_case *cases, size_t count)
{
    mpz_t m, n;
    mpz_init_set_ui(m, 1536);
    mpz_init_set_ui(n, 100);
    for (size_t i = 0; i < count; i++) {
        bloom_blocked_arguments filter = { m, n, cases[i].k, 512, BLOOM_LOAD_BINOMIAL };
        bloom_quantity value = { enclose, &filter, NULL };
        CHECK_FIGURE(&value, cases[i].figure);
    }
    mpz_clears(m, n, NULL);
}

/*
 * The legacy rate of 100 keys in 3 lines (1536 bits) at k = 6, 7 and 6 again (each k's mixture
 * built once and kept, FORMULAS.md §e.8), without the 32-bit hash's collisions, against
 * tests/rocksdb_legacy_reference.py's second implementation at 50 digits (its layout term).
 */
static void test_rocksdb_legacy_rate(void)
{
    static const legacy_case cases[] = {
        {6, "0.002679885426294925430124648645013608215376"},
        {7, "0.002729303646051316298117751847733350046939"},
        {6, "0.002679885426294925430124648645013608215376"},
    };
    check_legacy_figures(bloom_enclose_fpr_rocksdb_legacy, cases, COUNT_OF(cases));
}

/*
 * The legacy rate's floor: the query step 0's term, (1/512) (1 - (1 - h/(2^18 L))^n), h the key
 * progressions through one bit, sum over the 512 steps d of |{i d mod 512 : i < k}| (3 059 for
 * k = 6, 6 091 for k = 12), evaluated as an exact fraction in Python; at 100 keys in 3 lines it
 * lies below the rate of test_rocksdb_legacy_rate (0.00268 at k = 6).
 */
static void test_rocksdb_legacy_floor(void)
{
    static const legacy_case cases[] = {
        {6, "0.0006303917680900424413688224814383936297250"},
        {12, "0.001055582637328472589725027953877501764359"},
    };
    check_legacy_figures(bloom_rocksdb_legacy_rate_floor, cases, COUNT_OF(cases));
}

/*
 * RocksDB's Ribbon (ribbon.h) for p = 1 % (c = 9.58505838, millibits 9585,
 * ChooseNumProbes 6, CacheLocalFpRate f = 0.0115082; 1/f = 86.9: r = 6
 * lower columns, q = 2^7 f - 1 = 0.47305), against the sizes the real
 * librocksdb 7.8.3 built (tests/peers/rocksdb_peer sizes ribbon):
 *   n = 300: a = round(log2 300) = 8, T(8) = 248.851 <= 300 < T(9) = 499.532,
 *     slots = floor(256 (1 + 51.149/250.681) + 0.999999999) = 309 -> 384 (3
 *     blocks); q (384 - 127) = 121.6 < 127: upper_start_block 0, every block
 *     7 columns: 21 segments = 336 bytes = 2688 bits (RocksDB: 2688), rate
 *     2^-7 exactly (+ the 64-bit floor, 1.6e-17).  The FastLocalBloom
 *     fallback would take 389 bytes, more than 341: the Ribbon is built.
 *   n = 1e6: 6857728 bits (RocksDB: 6857728; by hand in doubles, as RocksDB
 *     computes: 1047552 slots, upper_start_block 3712, 53576 segments).
 *   n = 1000 at p = 1e-6: 17408 bits (RocksDB: 17408).
 *   n = 1e9: above 950 000 000 keys RocksDB builds the Bloom filter, at
 *     the setting that meets p, as rocksdb's (test_rules_billion).
 */
static void test_ribbon_against_rocksdb(void)
{
    static const struct { const char *n, *p, *m; } rows[] = {
        { "300", "1/100", "2688" }, { "1000000", "1/100", "6857728" }, { "1000", "1/1000000", "17408" },
    };
    mpz_t n;
    mpq_t p, expected;
    mpz_init(n);
    mpq_inits(p, expected, NULL);
    for (size_t i = 0; i < COUNT_OF(rows); i++) {
        bloom_rule_sizing sizing;
        bloom_rule_sizing_init(&sizing);
        mpz_set_str(n, rows[i].n, 10);
        mpq_set_str(p, rows[i].p, 10);
        CHECK(bloom_rule_apply(&sizing, BLOOM_RULE_ROCKSDB_RIBBON, n, p) == BLOOM_OK, "ribbon n=%s", rows[i].n);
        mpz_t m;
        mpz_init_set_str(m, rows[i].m, 10);
        CHECK(mpz_cmp(sizing.m_bits, m) == 0 && sizing.k == 0
              && strcmp(sizing.layout_name, "ribbon") == 0, "ribbon n=%s: m %Zd k %lu %s, expected %s",
              rows[i].n, sizing.m_bits, sizing.k, sizing.layout_name, rows[i].m);
        mpz_clear(m);
        if (i == 0) {
            mpq_set_ui(expected, 1, 128);
            CHECK(mpq_equal(sizing.ribbon_rate, expected), "ribbon n=300: rate %Qd, expected 1/128",
                  sizing.ribbon_rate);
        }
        bloom_rule_sizing_clear(&sizing);
    }
    bloom_rule_sizing sizing;
    bloom_rule_sizing_init(&sizing);
    mpz_set_ui(n, 1000000000);
    mpq_set_ui(p, 1, 100);
    CHECK(bloom_rule_apply(&sizing, BLOOM_RULE_ROCKSDB_RIBBON, n, p) == BLOOM_OK
          && mpz_cmp_ui(sizing.m_bits, 9918000128UL) == 0 && sizing.k == 6,
          "ribbon n=1e9: the Bloom fallback of 9918000128 bits and 6 probes, got %Zd and %lu",
          sizing.m_bits, sizing.k);
    bloom_rule_sizing_clear(&sizing);
    mpz_clear(n);
    mpq_clears(p, expected, NULL);
}

/* Whether RocksDB's filter of n keys at `millibits` / 1000 bits a key meets p (the rate as
 * deployed, tested above against direct sums and RocksDB's own figures). */
static int rocksdb_meets(mpz_srcptr n, unsigned long millibits, mpq_srcptr p)
{
    bloom_rule_sizing sizing;
    bloom_rule_sizing_init(&sizing);
    mpq_t c;
    mpq_init(c);
    mpq_set_ui(c, millibits, 1000);
    mpq_canonicalize(c);
    int sign = 1;
    CHECK(bloom_rule_apply_bits_per_key(&sizing, BLOOM_RULE_ROCKSDB, n, c) == BLOOM_OK
          && bloom_quantity_compare_rational(&sign, &sizing.rate, p) == BLOOM_OK,
          "rocksdb at %lu millibits, n %Zd: uncertified", millibits, n);
    mpq_clear(c);
    bloom_rule_sizing_clear(&sizing);
    return sign <= 0;
}

/* bloom_rule_setting_for_rate for rocksdb, as millibits; *short_of_p as returned. */
static unsigned long rocksdb_setting(const mpz_srcptr *keys, size_t count, mpq_srcptr p, int *short_of_p)
{
    mpq_t setting;
    mpq_init(setting);
    CHECK(bloom_rule_setting_for_rate(setting, short_of_p, BLOOM_RULE_ROCKSDB, keys, count, p) == BLOOM_OK,
          "setting for p = %Qd: not certified", p);
    mpz_t millibits;
    mpz_init(millibits);
    mpz_mul_ui(millibits, mpq_numref(setting), 1000);
    CHECK(mpz_divisible_p(millibits, mpq_denref(setting)), "setting %Qd is not in thousandths", setting);
    mpz_divexact(millibits, millibits, mpq_denref(setting));
    unsigned long result = mpz_get_ui(millibits);
    mpz_clear(millibits);
    mpq_clear(setting);
    return result;
}

/*
 * The smallest bits_per_key RocksDB meets p with.  1e9 keys at 1 %: 9.918
 * (rate 0.99999500 %), where 9.917 gives 1.00041 % (FORMULAS.md §e.7); the
 * textbook 9.585 gives 1.1509 %.  Against a second search, a plain scan
 * upward from 1000 millibits, for few keys, where a filter of 50 keys
 * changes by a whole 64-byte line only every 10.24 bits a key while
 * ChooseNumProbes changes k in between, so that the rate is not monotone in
 * the setting (50 keys at 5.5e-6: 22.002, not the 26.001 a bisection of
 * all the settings finds); and for two key counts at once (a deployment's full and last
 * filters: one setting both meet p with).  Unreachable rates take the
 * largest setting, 100, and say so.
 */
static void test_rocksdb_setting(void)
{
    mpz_t n, small, other;
    mpq_t p;
    mpz_inits(n, small, other, NULL);
    mpq_init(p);
    mpz_set_ui(n, 1000000000);
    mpq_set_ui(p, 1, 100);
    int short_of_p = 1;
    mpz_srcptr billion[] = { n };
    unsigned long found = rocksdb_setting(billion, 1, p, &short_of_p);
    CHECK(found == 9918 && !short_of_p, "1e9 at 1 %%: %lu millibits, expected 9918", found);
    CHECK(rocksdb_meets(n, 9918, p) && !rocksdb_meets(n, 9917, p) && !rocksdb_meets(n, 9585, p),
          "1e9 at 1 %%: 9.918 must meet p, 9.917 and 9.585 not");
    static const struct { unsigned long n, other; const char *p; } rows[] = {
        { 50, 0, "1/100" }, { 50, 0, "1/1000" }, { 7, 0, "1/20" }, { 1000, 0, "1/100" },
        { 1000, 37, "1/100" }, { 300, 0, "3/10000" },
        /* 1536 bits from 20.481 to 30.72 bits a key: k = 12 (5.0e-6) from 22.002 to 25.501, 11
         * (5.95e-6) from 25.502 to 26, 12 again from 26.001: one search over all the steps, as if
         * the rate fell with the setting, would answer 26.001 */
        { 50, 0, "11/2000000" },
    };
    for (size_t i = 0; i < COUNT_OF(rows); i++) {
        mpz_set_ui(small, rows[i].n);
        mpz_set_ui(other, rows[i].other);
        mpq_set_str(p, rows[i].p, 10);
        mpq_canonicalize(p);
        mpz_srcptr keys[] = { small, other };
        size_t count = rows[i].other != 0 ? 2 : 1;
        unsigned long scanned = 1000;
        while (scanned <= 100000 && !(rocksdb_meets(small, scanned, p)
                                      && (count == 1 || rocksdb_meets(other, scanned, p))))
            scanned++;
        found = rocksdb_setting(keys, count, p, &short_of_p);
        CHECK(found == scanned && !short_of_p, "n %lu (and %lu) at %s: search %lu millibits, scan %lu",
              rows[i].n, rows[i].other, rows[i].p, found, scanned);
    }
    mpq_set_str(p, "1/1000000000000", 10);
    found = rocksdb_setting(billion, 1, p, &short_of_p);
    CHECK(found == 100000 && short_of_p, "1e9 at 1e-12: %lu millibits, short %d; expected 100000, short",
          found, short_of_p);
    mpz_clears(n, small, other, NULL);
    mpq_clear(p);
}

static const bloom_test_case layout_cases[] = {
    {"partitioned: brute force with unequal slices", test_partitioned_brute_force},
    {"partitioned: textbook fraction when k | m", test_partitioned_divisible},
    {"blocked: generating function vs direct binomial sum", test_blocked_direct_sum},
    {"split block: generating function vs direct binomial sum", test_split_block_direct_sum},
    {"blocked: one key in 2.8e9 blocks, k = 100, against the Markov chain", test_blocked_one_key_many_blocks},
    {"blocked and split-block figures of FORMULAS.md §e.1, §e.2", test_block_figures},
    {"31-bit indices: the 2^31-bit filter, 76 %", test_truncated_index},
    {"fingerprint floor and union", test_fingerprint},
    {"memory rounding", test_rounding},
    {"library rules for 1e9 keys at 1 %", test_rules_billion},
    {"library rules against the libraries' own output", test_rules_against_libraries},
    {"RedisBloom's hash count at powers of two", test_redisbloom_powers_of_two},
    {"Cassandra's table cells and their neighbours", test_cassandra_table},
    {"parquet-mr's (bits + 255) & ~256", test_parquet_mr_rounding},
    {"Arrow C++ rounds the bits to a power of two (parquet-arrow)", test_parquet_arrow_rounding},
    {"RocksDB ChooseNumProbes", test_rocksdb_probes},
    {"LevelDB sizes by hand", test_leveldb_sizes},
    {"RocksDB legacy Bloom sizes by hand", test_rocksdb_legacy_sizes},
    {"RocksDB legacy Bloom rate, k kept apart", test_rocksdb_legacy_rate},
    {"RocksDB legacy Bloom rate's one-bit floor", test_rocksdb_legacy_floor},
    {"RocksDB: the smallest bits_per_key that meets p", test_rocksdb_setting},
    {"RocksDB Ribbon against librocksdb 7.8.3", test_ribbon_against_rocksdb},
    {NULL, NULL},
};

const bloom_test_suite calc_layouts_suite = {"layouts", layout_cases};
