/*
 * calc_work_budget.c - the work budget (work_budget.h, FORMULAS.md §o.5).
 *
 * - The meter: the floor of one evaluation, the budget that is never passed,
 *   no budget (0) refusing nothing, set and clear.
 * - Every costly route charges before it starts.  For each route (each form
 *   of the exact rate, the saturated filter's complement series and full
 *   sum, the exact fraction, the three block rates) one evaluation is made
 *   with no budget and what it spent is read; then, with the budget set to
 *   exactly that, the same evaluation is accepted and spends the same (the
 *   charge depends on the question alone), and a second one is refused with
 *   BLOOM_TOO_COSTLY, spending nothing and leaving its result untouched.  A
 *   route that computed without charging would spend less than the floor in
 *   the first run, or answer the second.
 */
#include <CUnit/CUnit.h>

#include "calc_checks.h"
#include "calc_suites.h"
#include "layout_rates.h"
#include "plan.h"
#include "work_budget.h"

static void test_meter(void)
{
    bloom_work_set_budget(0);
    CU_ASSERT_EQUAL(bloom_work_budget(), 0);
    CU_ASSERT_EQUAL(bloom_work_spend(1), BLOOM_OK);   /* no budget: the floor is still counted */
    CU_ASSERT_EQUAL(bloom_work_spent(), BLOOM_EVALUATION_FLOOR_WORK);
    CU_ASSERT_EQUAL(bloom_work_spend(1e30), BLOOM_OK);
    bloom_work_clear();
    CU_ASSERT_EQUAL(bloom_work_spent(), 0);

    CU_ASSERT_EQUAL(bloom_work_set_budget(3 * BLOOM_EVALUATION_FLOOR_WORK), 0);   /* the previous budget */
    CU_ASSERT_EQUAL(bloom_work_spend(2 * BLOOM_EVALUATION_FLOOR_WORK), BLOOM_OK);
    CU_ASSERT_EQUAL(bloom_work_spend(2 * BLOOM_EVALUATION_FLOOR_WORK), BLOOM_TOO_COSTLY);
    CU_ASSERT_EQUAL(bloom_work_spent(), 2 * BLOOM_EVALUATION_FLOOR_WORK);   /* a refusal spends nothing */
    CU_ASSERT_EQUAL(bloom_work_spend(1), BLOOM_OK);                         /* the floor exactly fits */
    CU_ASSERT_EQUAL(bloom_work_spend(1), BLOOM_TOO_COSTLY);
    CU_ASSERT_EQUAL(bloom_work_set_budget(0), 3 * BLOOM_EVALUATION_FLOOR_WORK);
    CU_ASSERT_EQUAL(bloom_work_spent(), 0);                                 /* setting clears */
}

/* The route under test: one enclosure at 96 bits. */
typedef int (*route)(mpfi_ptr result, const void *arguments);

static void check_charged_before(route evaluate, const void *arguments, const char *name)
{
    mpfi_t result;
    mpfi_init2(result, 96);
    bloom_work_set_budget(0);
    CU_ASSERT_EQUAL(evaluate(result, arguments), BLOOM_OK);
    double one = bloom_work_spent();
    CU_ASSERT(one >= BLOOM_EVALUATION_FLOOR_WORK);
    if (one < BLOOM_EVALUATION_FLOOR_WORK)
        fprintf(stderr, "\n  %s: charged %g, below the floor\n", name, one);

    bloom_work_set_budget(one);
    CU_ASSERT_EQUAL(evaluate(result, arguments), BLOOM_OK);
    CU_ASSERT_EQUAL(bloom_work_spent(), one);
    mpfi_interv_si(result, 2, 3);                    /* a sentinel no rate can be */
    int refused = evaluate(result, arguments);
    CU_ASSERT_EQUAL(refused, BLOOM_TOO_COSTLY);
    if (refused != BLOOM_TOO_COSTLY)
        fprintf(stderr, "\n  %s: answered past the budget\n", name);
    CU_ASSERT_EQUAL(bloom_work_spent(), one);
    CU_ASSERT(!mpfi_nan_p(result) && mpfr_cmp_ui(&result->left, 2) == 0 && mpfr_cmp_ui(&result->right, 3) == 0);
    bloom_work_set_budget(0);
    mpfi_clear(result);
}

static void check_exact_route(const char *m, const char *n, unsigned long k, const char *name)
{
    test_filter filter;
    test_filter_init(&filter, m, n, k, 0);
    check_charged_before(bloom_enclose_fpr_exact, &filter.arguments, name);
    test_filter_clear(&filter);
}

/* The forms of fpr.c's choice (FORMULAS.md §o), each chosen by its cost for these filters. */
static void test_exact_rate_routes(void)
{
    check_exact_route("100000", "2", 1000, "occupancy chain");
    check_exact_route("1000000", "10", 100, "deficit series");
    check_exact_route("1000000000", "1000", 1000, "moment series");
    check_exact_route("10000000000", "1000000000", 7, "1 - complement series");
    check_exact_route("2048", "3", 1000, "alternating sum");
    check_exact_route("64", "8", 5, "exact fraction");
    check_exact_route("1024", "2", 1000, "saturated, a direct form");
    check_exact_route("100", "30", 10, "saturated, the complement's full sum");
    check_exact_route("115792089237316195423570985008687907853269984665640564039457584007913129639936",
                      "1157920892373161954235709850086879078532699846656405640394575840079131296399",
                      1000, "saturated, complement series");
}

/* A saturated filter's relative errors come from its complement (fpr.c), charged the same way. */
static void test_relative_error_routes(void)
{
    test_filter filter;
    test_filter_init(&filter, "115792089237316195423570985008687907853269984665640564039457584007913129639936",
                     "1157920892373161954235709850086879078532699846656405640394575840079131296399", 1000, 0);
    bloom_fpr_comparison comparison = { &filter.arguments, 1 };
    check_charged_before(bloom_enclose_fpr_relative_error, &comparison, "relative error, complement series");
    test_filter_clear(&filter);
    test_filter_init(&filter, "100", "30", 10, 0);   /* T/m = 3, j q = 0.5 > 1/4: the complement's full sum */
    bloom_fpr_comparison full = { &filter.arguments, 0 };
    check_charged_before(bloom_enclose_fpr_relative_error, &full, "relative error, the complement's full sum");
    test_filter_clear(&filter);
}

static void test_exact_fraction(void)
{
    mpz_t m, n;
    mpz_init_set_ui(m, 64);
    mpz_init_set_ui(n, 8);
    mpq_t fraction;
    mpq_init(fraction);
    bloom_work_set_budget(0);
    CU_ASSERT_EQUAL(bloom_fpr_exact_rational(fraction, m, n, 5), BLOOM_OK);
    double one = bloom_work_spent();
    CU_ASSERT(one >= BLOOM_EVALUATION_FLOOR_WORK);
    bloom_work_set_budget(one);
    CU_ASSERT_EQUAL(bloom_fpr_exact_rational(fraction, m, n, 5), BLOOM_OK);
    CU_ASSERT_EQUAL(bloom_fpr_exact_rational(fraction, m, n, 5), BLOOM_TOO_COSTLY);
    CU_ASSERT_EQUAL(bloom_work_spent(), one);
    bloom_work_set_budget(0);
    mpq_clear(fraction);
    mpz_clears(m, n, (mpz_ptr)0);
}

static void test_block_rates(void)
{
    mpz_t m, n;
    mpz_init_set_ui(m, 1 << 20);
    mpz_init_set_ui(n, 100000);
    bloom_blocked_arguments blocked = { m, n, 8, 512, BLOOM_LOAD_BINOMIAL };
    check_charged_before(bloom_enclose_fpr_blocked, &blocked, "blocked, exact inner rate");
    check_charged_before(bloom_enclose_fpr_blocked_putze, &blocked, "blocked, Bloom's inner rate");
    bloom_blocked_arguments split = { m, n, 8, 256, BLOOM_LOAD_BINOMIAL };
    check_charged_before(bloom_enclose_fpr_split_block, &split, "split block");
    mpz_clears(m, n, (mpz_ptr)0);
}

/* A plan is charged BLOOM_PLAN_WORK before its searches (plan.c), and then its exact rates. */
static void test_plan_charge(void)
{
    mpz_t n, m;
    mpz_init_set_ui(n, 1000000);
    mpz_init_set_ui(m, 10000000);
    bloom_plan plan;
    bloom_plan_init(&plan);
    bloom_work_set_budget(BLOOM_PLAN_WORK / 2);
    CU_ASSERT_EQUAL(bloom_plan_for_memory(&plan, n, m, 7, 5), BLOOM_TOO_COSTLY);
    CU_ASSERT_EQUAL(bloom_work_spent(), 0);
    bloom_work_set_budget(0);
    CU_ASSERT_EQUAL(bloom_plan_for_memory(&plan, n, m, 7, 5), BLOOM_OK);
    CU_ASSERT(bloom_work_spent() >= BLOOM_PLAN_WORK);
    /* The headroom searches past the budget refuse the plan: its fields are never left empty. */
    bloom_work_set_budget(BLOOM_EVALUATION_FLOOR_WORK);
    CU_ASSERT_EQUAL(bloom_plan_headroom(&plan), BLOOM_TOO_COSTLY);
    bloom_work_set_budget(0);
    CU_ASSERT_EQUAL(bloom_plan_headroom(&plan), BLOOM_OK);
    CU_ASSERT_EQUAL(plan.n_at_bound_status[0], BLOOM_OK);
    bloom_plan_clear(&plan);
    mpz_clears(n, m, (mpz_ptr)0);
}

static const bloom_test_case work_budget_cases[] = {
    {"the meter: floor, budget, none, clear", test_meter},
    {"every form of the exact rate charges before it starts", test_exact_rate_routes},
    {"saturated relative errors charge before they start", test_relative_error_routes},
    {"the exact fraction charges before it starts", test_exact_fraction},
    {"the block rates charge before they start", test_block_rates},
    {"a plan charges its overhead before it starts, and its headroom refuses", test_plan_charge},
    {NULL, NULL},
};

const bloom_test_suite calc_work_budget_suite = {"work budget", work_budget_cases};
