/*
 * calc_monkey.c - monkey.h (LSM filter allocations), growth.h (scalable
 * filters) and structures.h (other structures, counter overflow).
 *
 * - Monkey: FORMULAS.md §c's reference values at T = 10, L = 5, 10 bits per key
 *   (uniform 0.040962747340894796967, Monkey 0.011755289542386301571,
 *   p_5 = 0.010579866, p_1 = 1.0579866e-6); then, independently of the
 *   closed form, the optimality conditions checked numerically with MPFR:
 *   the allocation spends exactly the budget (sum n_i ln(1/p_i)/ln^2 2 =
 *   M), p_i / n_i is the same on every filtered level (the Lagrange
 *   condition), moving memory between two levels raises sum p_i, and in
 *   the capped regime the first unfiltered level has mu n_i >= 1.
 * - Lookups: the mean hit cost recomputed from the level rates as
 *   sum_j (n_j/N)(1 + sum_{i<j} p_i).
 * - Scalable filter: 1 - prod (1 - p0 r^i) and the sub-filter count by hand.
 * - Counting filter: FORMULAS.md §f's tail 8.2253299794676797301e-17 and the
 *   Bonferroni bounds 8.225329976085e-10 <= P <= 8.225329979468e-10.
 */
#include <CUnit/CUnit.h>

#include "calc_checks.h"
#include "calc_suites.h"
#include "growth.h"
#include "monkey.h"
#include "structures.h"

static void set_tree(bloom_lsm_tree *tree, unsigned long levels, unsigned long ratio, const char *bits)
{
    mpz_t n;
    mpq_t budget;
    mpz_init_set_ui(n, 1000000000);
    mpq_init(budget);
    mpq_set_str(budget, bits, 10);
    mpq_canonicalize(budget);
    bloom_lsm_tree_init(tree);
    CHECK(bloom_lsm_tree_set(tree, levels, ratio, n, budget, NULL) == BLOOM_OK, "tree not set");
    mpz_clear(n);
    mpq_clear(budget);
}

static void test_monkey_reference(void)
{
    bloom_lsm_tree tree;
    set_tree(&tree, 5, 10, "10");
    bloom_lsm_query uniform = { &tree, BLOOM_ALLOCATION_UNIFORM, 5, NULL, NULL };
    bloom_lsm_query monkey = { &tree, BLOOM_ALLOCATION_MONKEY, 5, NULL, NULL };
    bloom_quantity miss_uniform = { bloom_enclose_lsm_miss, &uniform, NULL };
    bloom_quantity miss_monkey = { bloom_enclose_lsm_miss, &monkey, NULL };
    bloom_quantity last = { bloom_enclose_lsm_level_rate, &monkey, NULL };
    CHECK_FIGURE(&miss_uniform, "0.040962747340894796967");
    CHECK_FIGURE(&miss_monkey, "0.011755289542386301571");
    CHECK_FIGURE(&last, "0.010579866");
    monkey.level = 1;
    CHECK_FIGURE(&last, "1.0579866e-6");
    CHECK(tree.monkey_filtered == 5, "all five levels keep a filter at 10 bits per key");
    bloom_lsm_tree_clear(&tree);
    /* L = 7, T = 4, 8 bits per key: 0.1499 versus 0.04530 */
    set_tree(&tree, 7, 4, "8");
    CHECK_FIGURE(&miss_uniform, "0.1499");
    CHECK_FIGURE(&miss_monkey, "0.04530");
    bloom_lsm_tree_clear(&tree);
}

/* rop = level i's rate under an allocation, at 200 bits. */
static void level_rate(mpfr_ptr rop, const bloom_lsm_tree *tree, bloom_lsm_allocation allocation,
                       unsigned long level)
{
    bloom_lsm_query query = { tree, allocation, level, NULL, NULL };
    bloom_quantity rate = { bloom_enclose_lsm_level_rate, &query, NULL };
    bloom_quantity_round(rop, &rate, MPFR_RNDN, NULL);
}

/* Budget, Lagrange condition, perturbations and the cap condition of Monkey's allocation. */
static void check_optimality(const char *bits)
{
    bloom_lsm_tree tree;
    set_tree(&tree, 5, 10, bits);
    mpfr_t rate, keys, spent, ratio, first_ratio, log2_squared, budget, total, moved, scratch;
    mpfr_inits2(200, rate, keys, spent, ratio, first_ratio, log2_squared, budget, total, moved,
                scratch, (mpfr_ptr)0);
    mpq_t level_keys;
    mpq_init(level_keys);
    mpfr_const_log2(log2_squared, MPFR_RNDN);
    mpfr_sqr(log2_squared, log2_squared, MPFR_RNDN);
    mpfr_set_zero(spent, 1);
    mpfr_set_zero(total, 1);
    for (unsigned long level = 1; level <= 5; level++) {
        level_rate(rate, &tree, BLOOM_ALLOCATION_MONKEY, level);
        bloom_lsm_level_keys(level_keys, &tree, level);
        mpfr_set_q(keys, level_keys, MPFR_RNDN);
        mpfr_add(total, total, rate, MPFR_RNDN);
        mpfr_log(scratch, rate, MPFR_RNDN);               /* n_i ln(1/p_i) */
        mpfr_mul(scratch, scratch, keys, MPFR_RNDN);
        mpfr_sub(spent, spent, scratch, MPFR_RNDN);
        mpfr_div(ratio, rate, keys, MPFR_RNDN);
        if (level == 1)
            mpfr_set(first_ratio, ratio, MPFR_RNDN);
        if (level <= tree.monkey_filtered) {
            mpfr_div(scratch, ratio, first_ratio, MPFR_RNDN);
            mpfr_sub_ui(scratch, scratch, 1, MPFR_RNDN);
            CHECK(mpfr_cmpabs_ui(scratch, 0) == 0 || mpfr_get_exp(scratch) < -180,
                  "%s bits: p_%lu / n_%lu differs from p_1 / n_1", bits, level, level);
        } else {
            CHECK(mpfr_cmp_ui(rate, 1) == 0, "%s bits: unfiltered level %lu must have p = 1", bits, level);
            mpfr_mul(scratch, first_ratio, keys, MPFR_RNDN);   /* mu n_i >= 1 */
            CHECK(mpfr_cmp_ui(scratch, 1) >= 0, "%s bits: level %lu capped without mu n >= 1", bits, level);
        }
    }
    mpfr_div(spent, spent, log2_squared, MPFR_RNDN);          /* bits spent */
    mpq_set_str(level_keys, bits, 10);                       /* M = N x bits per key */
    mpq_canonicalize(level_keys);
    mpfr_set_q(budget, level_keys, MPFR_RNDN);
    mpfr_mul_ui(budget, budget, 1000000000, MPFR_RNDN);
    mpfr_sub(scratch, spent, budget, MPFR_RNDN);
    mpfr_div(scratch, scratch, budget, MPFR_RNDN);
    CHECK(mpfr_get_exp(scratch) < -150 || mpfr_zero_p(scratch), "%s bits: Monkey spends %Rg bits, budget %Rg",
          bits, spent, budget);
    /* move 1e6 bits from level 1 to level 2 (and back): either way R rises */
    for (int direction = -1; direction <= 1; direction += 2) {
        mpfr_set_zero(moved, 1);
        for (unsigned long level = 1; level <= 5; level++) {
            level_rate(rate, &tree, BLOOM_ALLOCATION_MONKEY, level);
            if (level <= 2 && level <= tree.monkey_filtered) {
                bloom_lsm_level_keys(level_keys, &tree, level);
                mpfr_set_q(keys, level_keys, MPFR_RNDN);
                mpfr_set_si(scratch, (level == 1 ? direction : -direction) * 1000000L, MPFR_RNDN);
                mpfr_mul(scratch, scratch, log2_squared, MPFR_RNDN);
                mpfr_div(scratch, scratch, keys, MPFR_RNDN);       /* p e^(-bits ln^2 2 / n) */
                mpfr_neg(scratch, scratch, MPFR_RNDN);
                mpfr_exp(scratch, scratch, MPFR_RNDN);
                mpfr_mul(rate, rate, scratch, MPFR_RNDN);
            }
            mpfr_add(moved, moved, rate, MPFR_RNDN);
        }
        CHECK(mpfr_cmp(moved, total) > 0, "%s bits: moving memory lowered R (%Rg < %Rg)", bits, moved, total);
    }
    mpq_clear(level_keys);
    mpfr_clears(rate, keys, spent, ratio, first_ratio, log2_squared, budget, total, moved, scratch,
                (mpfr_ptr)0);
    bloom_lsm_tree_clear(&tree);
}

static void test_monkey_optimality(void)
{
    check_optimality("10");
    check_optimality("1/2");      /* too little memory: the largest levels go unfiltered */
    check_optimality("1/20");
}

/* The mean hit, recomputed as sum_j (n_j/N)(1 + sum_{i<j} p_i); the worst as 1 + sum_{i<L} p_i. */
static void test_hit_costs(void)
{
    bloom_lsm_tree tree;
    set_tree(&tree, 5, 10, "10");
    for (int allocation = 0; allocation < 3; allocation++) {
        mpfr_t rate, prefix, mean, share;
        mpfr_inits2(200, rate, prefix, mean, share, (mpfr_ptr)0);
        mpq_t keys;
        mpq_init(keys);
        mpfr_set_zero(prefix, 1);
        mpfr_set_zero(mean, 1);
        for (unsigned long level = 1; level <= 5; level++) {
            bloom_lsm_level_keys(keys, &tree, level);
            mpfr_set_q(share, keys, MPFR_RNDN);
            mpfr_div_ui(share, share, 1000000000, MPFR_RNDN);
            mpfr_add_ui(rate, prefix, 1, MPFR_RNDN);
            mpfr_mul(rate, rate, share, MPFR_RNDN);
            mpfr_add(mean, mean, rate, MPFR_RNDN);
            level_rate(rate, &tree, (bloom_lsm_allocation)allocation, level);
            if (level < 5)
                mpfr_add(prefix, prefix, rate, MPFR_RNDN);
        }
        mpfr_add_ui(prefix, prefix, 1, MPFR_RNDN);
        bloom_lsm_query query = { &tree, (bloom_lsm_allocation)allocation, 1, NULL, NULL };
        bloom_quantity hit = { bloom_enclose_lsm_hit_mean, &query, NULL };
        bloom_quantity worst = { bloom_enclose_lsm_hit_worst, &query, NULL };
        CHECK_DECIMAL_REAL(&hit, 30, mean, 180);
        CHECK_DECIMAL_REAL(&worst, 30, prefix, 180);
        mpq_clear(keys);
        mpfr_clears(rate, prefix, mean, share, (mpfr_ptr)0);
    }
    bloom_lsm_tree_clear(&tree);
}

/* n0 = 1000, s = 2, p0 = 1/100, r = 1/2, n = 10000: capacities 1000, 2000, 4000, 8000 hold 10000 in 4. */
static void test_growth(void)
{
    mpz_t n, initial;
    mpq_t p0, r, expected, factor;
    mpz_init_set_ui(n, 10000);
    mpz_init_set_ui(initial, 1000);
    mpq_inits(p0, r, expected, factor, NULL);
    mpq_set_ui(p0, 1, 100);
    mpq_set_ui(r, 1, 2);
    bloom_growth growth;
    bloom_growth_init(&growth);
    CHECK(bloom_growth_plan(&growth, initial, 2, p0, r, n) == BLOOM_OK, "growth not planned");
    CHECK(growth.filters == 4, "expected 4 sub-filters, got %zu", growth.filters);
    /* 1 - (99/100)(199/200)(399/400)(799/800) */
    mpq_set_str(expected, "99/100", 10);
    mpq_set_str(factor, "199/200", 10);
    mpq_mul(expected, expected, factor);
    mpq_set_str(factor, "399/400", 10);
    mpq_mul(expected, expected, factor);
    mpq_set_str(factor, "799/800", 10);
    mpq_mul(expected, expected, factor);
    mpq_set_ui(factor, 1, 1);
    mpq_sub(expected, factor, expected);
    CHECK(mpq_equal(expected, growth.rate_bound), "bound %Qd, expected %Qd", growth.rate_bound, expected);
    mpq_set_ui(expected, 1, 50);                   /* p0 / (1 - r) */
    CHECK(mpq_equal(expected, growth.rate_limit), "limit %Qd", growth.rate_limit);
    /* keys 1000, 2000, 4000, 3000 check 4, 3, 2, 1 filters: (4000 + 6000 + 8000 + 3000)/10000 */
    mpq_set_str(expected, "21/10", 10);
    CHECK(mpq_equal(expected, growth.filters_checked_present), "present %Qd", growth.filters_checked_present);
    bloom_growth_clear(&growth);
    mpz_clears(n, initial, NULL);
    mpq_clears(p0, r, expected, factor, NULL);
}

static void test_counter_overflow(void)
{
    mpz_t m, n;
    mpz_init_set_ui(m, 10000000);
    mpz_init_set_ui(n, 1000000);
    bloom_counting_arguments counting = { m, n, 7, 4 };
    bloom_quantity one = { bloom_enclose_counter_overflow_one, &counting, NULL };
    bloom_quantity upper = { bloom_enclose_counter_overflow_upper, &counting, NULL };
    bloom_quantity lower = { bloom_enclose_counter_overflow_lower, &counting, NULL };
    bloom_quantity fan = { bloom_enclose_counter_overflow_fan, &counting, NULL };
    CHECK_FIGURE(&one, "8.2253299794676797301e-17");
    CHECK_FIGURE(&upper, "8.225329979468e-10");
    CHECK_FIGURE(&lower, "8.225329976085e-10");
    CHECK_FIGURE(&fan, "1.60e-8");
    mpz_clears(m, n, NULL);
}

/*
 * Overflow values known exactly, derived by hand: fewer increments than
 * 2^c (T = 7 < 16: nothing can overflow); one counter (it takes all 20
 * increments); 3 increments into 2 one-bit counters (P(C1 >= 2) = 1 - 1/8
 * - 3/8 = 1/2, S1 = 1, S2 = 0 since two counters at 2 need 4 increments,
 * and by pigeonhole some counter does overflow: 1); 2 increments into 3
 * counters (P(C1 >= 2) = 1/9, S1 = 1/3 = the true P(both on one counter),
 * S2 = 0); 3 counters with a million increments (each gets about 333 333,
 * so P(C1 < 16) < 16 C(1e6, 15) (2/3)^999985 < 10^-176000 and every bound
 * is 1 to 12 digits, where S1 - S2 cancels to 3 P(C1 < 16) - 3 P(both <
 * 16) and took minutes); and 3-bit counters for a million keys at 1 %,
 * where S1 ~ 10 and S1 - S2 ~ -41: the upper bound is 1 and the lower one
 * the single counter's tail, max(S1 - S2, P(C1 >= 8)), held to the tail
 * sum written out below (a NULL `lower`).
 */

/* rop = P(C1 >= j) = sum_{a >= j} C(T, a) m^-a (1 - 1/m)^(T - a), the tail
 * summed directly (positive terms falling by T/(a m) < 1/8 here) until its
 * terms drop below 2^-220 of the sum: a form the library does not use. */
static void reference_counter_tail(mpfr_ptr rop, unsigned long m, unsigned long throws, unsigned long j)
{
    mpfr_t term, ratio;
    mpfr_inits2(mpfr_get_prec(rop), term, ratio, (mpfr_ptr)0);
    mpfr_set_ui(ratio, 1, MPFR_RNDN);
    mpfr_div_ui(ratio, ratio, m, MPFR_RNDN);
    mpfr_ui_sub(term, 1, ratio, MPFR_RNDN);
    mpfr_pow_ui(term, term, throws - j, MPFR_RNDN);   /* (1 - 1/m)^(T - j) */
    mpz_t binomial;
    mpz_init(binomial);
    mpz_bin_uiui(binomial, throws, j);
    mpfr_mul_z(term, term, binomial, MPFR_RNDN);
    mpfr_pow_ui(ratio, ratio, j, MPFR_RNDN);
    mpfr_mul(term, term, ratio, MPFR_RNDN);           /* the a = j term */
    mpfr_set(rop, term, MPFR_RNDN);
    for (unsigned long a = j; mpfr_cmp_ui_2exp(term, 1, mpfr_get_exp(rop) - 220) > 0; a++) {
        /* term(a + 1) = term(a) (T - a) / ((a + 1) (m - 1)) */
        mpfr_mul_ui(term, term, throws - a, MPFR_RNDN);
        mpfr_div_ui(term, term, a + 1, MPFR_RNDN);
        mpfr_div_ui(term, term, m - 1, MPFR_RNDN);
        mpfr_add(rop, rop, term, MPFR_RNDN);
    }
    mpz_clear(binomial);
    mpfr_clears(term, ratio, (mpfr_ptr)0);
}
static void test_counter_overflow_exact(void)
{
    static const struct {
        const char *m, *n; unsigned long k, c; const char *one, *lower, *upper;
    } cases[] = {
        { "10000000", "1", 7, 4, "0", "0", "0" },
        { "1", "1", 20, 4, "1", "1", "1" },
        { "2", "3", 1, 1, "1/2", "1", "1" },
        { "3", "1", 2, 1, "1/9", "1/3", "1/3" },
        { "3", "1000000", 1, 4, "1", "1", "1" },
        { "9585059", "1000000", 7, 3, NULL, NULL, "1" },
    };
    mpz_t m, n;
    mpq_t expected;
    mpz_inits(m, n, NULL);
    mpq_init(expected);
    for (size_t i = 0; i < COUNT_OF(cases); i++) {
        mpz_set_str(m, cases[i].m, 10);
        mpz_set_str(n, cases[i].n, 10);
        bloom_counting_arguments counting = { m, n, cases[i].k, cases[i].c };
        bloom_quantity one = { bloom_enclose_counter_overflow_one, &counting, NULL };
        bloom_quantity upper = { bloom_enclose_counter_overflow_upper, &counting, NULL };
        bloom_quantity lower = { bloom_enclose_counter_overflow_lower, &counting, NULL };
        if (cases[i].one != NULL) {
            mpq_set_str(expected, cases[i].one, 10);
            CHECK_DECIMAL_RATIONAL(&one, 12, expected);
        }
        if (cases[i].lower != NULL) {
            mpq_set_str(expected, cases[i].lower, 10);
            CHECK_DECIMAL_RATIONAL(&lower, 12, expected);
        } else {
            mpfr_t tail;
            mpfr_init2(tail, 256);
            reference_counter_tail(tail, mpz_get_ui(m), mpz_get_ui(n) * cases[i].k, 1UL << cases[i].c);
            CHECK_DECIMAL_REAL(&lower, 12, tail, 200);
            CHECK_DECIMAL_REAL(&one, 12, tail, 200);
            mpfr_clear(tail);
        }
        mpq_set_str(expected, cases[i].upper, 10);
        CHECK_DECIMAL_RATIONAL(&upper, 12, expected);
    }
    mpz_clears(m, n, NULL);
    mpq_clear(expected);
}

/* Bits per key at 1 % and 0.1 % (FORMULAS.md §g table). */
static void test_structures(void)
{
    static const struct { const char *p; size_t row; const char *figure; } rows[] = {
        {"1/100", 0, "6.6439"}, {"1/100", 1, "9.5851"}, {"1/100", 3, "10.0983"},
        {"1/100", 4, "9.0512"}, {"1/100", 5, "8.1719"}, {"1/1000", 0, "9.9658"},
        {"1/1000", 1, "14.3776"}, {"1/1000", 3, "13.5767"}, {"1/1000", 4, "12.5296"},
        {"1/1000", 5, "12.2579"}, {"1/100", 6, "8.61"},   /* 1.23 x 7 */
        {"1/100", 2, "38.3402"},                           /* 4 x 9.5851 (4-bit counters) */
    };
    mpq_t p;
    mpq_init(p);
    for (size_t i = 0; i < COUNT_OF(rows); i++) {
        mpq_set_str(p, rows[i].p, 10);
        bloom_structure_arguments arguments = { &bloom_structures[rows[i].row], p, 4 };
        bloom_quantity bits = { bloom_enclose_structure_bits_per_key, &arguments, NULL };
        CHECK_FIGURE(&bits, rows[i].figure);
    }
    mpq_clear(p);
}

/* Equal levels (T = 1): n_i = N/L, Monkey's rates those of the uniform
 * allocation (rates proportional to equal sizes), the uniform miss cost
 * L e^(-C ln^2 2): 4/5 of FORMULAS.md §c's 5-level 0.040962747340894796967,
 * and dropping the last level's filters keeps 3/4 of the memory. */
static void test_equal_levels(void)
{
    bloom_lsm_tree tree;
    set_tree(&tree, 4, 1, "10");
    mpq_t keys, expected;
    mpq_inits(keys, expected, (mpq_ptr)0);
    mpq_set_ui(expected, 250000000, 1);
    for (unsigned long level = 1; level <= 4; level++) {
        bloom_lsm_level_keys(keys, &tree, level);
        CHECK(mpq_equal(keys, expected), "level %lu holds N/L keys", level);
    }
    mpq_set_ui(expected, 3, 4);
    bloom_lsm_memory_share(keys, &tree, BLOOM_ALLOCATION_LAST_LEVEL_DROPPED);
    CHECK(mpq_equal(keys, expected), "the last of four equal levels holds 1/4 of the keys");
    CHECK(tree.monkey_filtered == 4, "every equal level keeps a Monkey filter");
    bloom_lsm_query uniform = { &tree, BLOOM_ALLOCATION_UNIFORM, 1, NULL, NULL };
    bloom_lsm_query monkey = { &tree, BLOOM_ALLOCATION_MONKEY, 1, NULL, NULL };
    bloom_quantity miss_uniform = { bloom_enclose_lsm_miss, &uniform, NULL };
    bloom_quantity miss_monkey = { bloom_enclose_lsm_miss, &monkey, NULL };
    CHECK_FIGURE(&miss_uniform, "0.032770197873");
    CHECK_FIGURE(&miss_monkey, "0.032770197873");
    mpq_clears(keys, expected, (mpq_ptr)0);
    bloom_lsm_tree_clear(&tree);
}

/* round(n_i), ties to even, worked by hand: N = 10, T = 3, L = 2 gives
 * 2.5 and 7.5, so 2 and 8; N = 1 111 100, T = 10, L = 5 gives 100 to 10^6
 * exactly; N = 1, T = 10, L = 2 gives 1/11 (0: refused) and 10/11 (1). */
static void test_whole_level_keys(void)
{
    static const struct { unsigned long n, ratio, levels, level, keys; int empty; } rows[] = {
        { 10, 3, 2, 1, 2, 0 }, { 10, 3, 2, 2, 8, 0 },
        { 1111100, 10, 5, 1, 100, 0 }, { 1111100, 10, 5, 5, 1000000, 0 },
        { 1, 10, 2, 1, 0, 1 }, { 1, 10, 2, 2, 1, 0 },
    };
    mpz_t n, keys;
    mpq_t rate;
    mpz_inits(n, keys, (mpz_ptr)0);
    mpq_init(rate);
    mpq_set_ui(rate, 1, 100);
    for (size_t i = 0; i < COUNT_OF(rows); i++) {
        bloom_lsm_tree tree;
        bloom_lsm_tree_init(&tree);
        mpz_set_ui(n, rows[i].n);
        CHECK(bloom_lsm_tree_set(&tree, rows[i].levels, rows[i].ratio, n, NULL, rate) == BLOOM_OK, "tree set");
        int empty = bloom_lsm_level_whole_keys(keys, &tree, rows[i].level);
        CHECK(mpz_cmp_ui(keys, rows[i].keys) == 0 && (empty != 0) == rows[i].empty,
              "N = %lu, T = %lu, L = %lu: level %lu holds %lu keys", rows[i].n, rows[i].ratio, rows[i].levels,
              rows[i].level, rows[i].keys);
        bloom_lsm_tree_clear(&tree);
    }
    mpz_clears(n, keys, (mpz_ptr)0);
    mpq_clear(rate);
}

static const bloom_test_case monkey_cases[] = {
    {"equal levels (T = 1): N/L keys, Monkey = uniform", test_equal_levels},
    {"whole keys of a level: round(n_i), ties to even", test_whole_level_keys},
    {"Monkey and uniform: FORMULAS.md §c values", test_monkey_reference},
    {"Monkey: budget, Lagrange condition, perturbations, caps", test_monkey_optimality},
    {"hit costs recomputed from level rates", test_hit_costs},
    {"scalable filter: bound and sub-filters", test_growth},
    {"counting filter overflow: FORMULAS.md §f", test_counter_overflow},
    {"counting filter overflow: exact cases, bounds kept in [0, 1]", test_counter_overflow_exact},
    {"bits per key of other structures", test_structures},
    {NULL, NULL},
};

const bloom_test_suite calc_monkey_suite = {"deployed", monkey_cases};
