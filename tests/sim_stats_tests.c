/*
 * sim_stats_tests.c - intervals and verdicts (sim/judge/stats.c) against
 * independently computed values: FORMULAS.md §h (Wilson and
 * Clopper-Pearson at x = 100, q = 10 000 and x = 0, q = 1000, computed at
 * 60 digits by two methods), the normal quantile z_0.975 given there, and
 * Student t quantiles from standard tables (t_0.975 with 1 and 10 degrees
 * of freedom: 12.7062047, 2.2281389).
 */
#include <CUnit/CUnit.h>
#include <math.h>

#include "sim_suites.h"
#include "stats.h"

#define CLOSE(value, expected, tolerance) CU_ASSERT(fabs((value) - (expected)) <= (tolerance))

static void test_quantiles(void)
{
    CLOSE(sim_normal_quantile(0.975), 1.9599639845400542355, 1e-14);
    CLOSE(sim_normal_quantile(0.025), -1.9599639845400542355, 1e-14);
    CLOSE(sim_normal_quantile(0.5), 0.0, 1e-15);
    CLOSE(sim_student_t_quantile(0.975, 1), 12.7062047361747, 1e-9);
    CLOSE(sim_student_t_quantile(0.975, 10), 2.22813885198627, 1e-9);
    CLOSE(sim_student_t_quantile(0.9995, 1e7), sim_normal_quantile(0.9995), 1e-5);
}

static void test_wilson_examples(void)
{
    double z = 1.9599639845400542355;
    sim_interval interval = sim_wilson_interval(100, 10000, z);
    CLOSE(interval.low, 0.0082293, 5e-8);
    CLOSE(interval.high, 0.0121470, 5e-8);
    interval = sim_wilson_interval(0, 1000, z);
    CU_ASSERT_EQUAL(interval.low, 0);
    CLOSE(interval.high, 0.0038268, 5e-8);
}

static void test_clopper_pearson_examples(void)
{
    sim_interval interval = sim_clopper_pearson_interval(100, 10000, 0.95);
    CLOSE(interval.low, 0.0081436, 5e-8);
    CLOSE(interval.high, 0.0121495, 5e-8);
    interval = sim_clopper_pearson_interval(0, 1000, 0.95);
    CU_ASSERT_EQUAL(interval.low, 0);
    CLOSE(interval.high, 1 - pow(0.025, 1.0 / 1000), 1e-12);   /* closed form for x = 0 */
    interval = sim_clopper_pearson_interval(1000, 1000, 0.95);
    CU_ASSERT_EQUAL(interval.high, 1);
    CLOSE(interval.low, pow(0.025, 1.0 / 1000), 1e-12);
}

/* Beta function identities: I_x(1, 1) = x, I_x(a, 1) = x^a, I_x(1, b) = 1 - (1-x)^b. */
static void test_regularized_beta(void)
{
    CLOSE(sim_regularized_beta(0.3, 1, 1), 0.3, 1e-14);
    CLOSE(sim_regularized_beta(0.3, 4, 1), pow(0.3, 4), 1e-14);
    CLOSE(sim_regularized_beta(0.3, 1, 7), 1 - pow(0.7, 7), 1e-14);
}

/* Per-trial counts 1, 2, 3 of 10 queries: mean 0.2, s = 1/10 per trial rate,
 * SE = 0.1/sqrt(3), half-width t_{2} * SE. */
static void test_between_trials_by_hand(void)
{
    sim_estimate estimate = sim_estimate_between_trials(6, 14, 3, 10, 0.95);
    CLOSE(estimate.rate, 0.2, 1e-15);
    CLOSE(estimate.standard_error, 0.1 / sqrt(3), 1e-15);
    double t = sim_student_t_quantile(0.975, 2);   /* 4.30265273 */
    CLOSE(t, 4.30265272974946, 1e-9);
    CLOSE(estimate.interval.high - 0.2, t * 0.1 / sqrt(3), 1e-12);
    sim_estimate real = sim_estimate_between_trials_real(0.6, 0.14, 3, 0.95);
    CLOSE(real.interval.low, estimate.interval.low, 1e-12);
}

static void test_design_effect(void)
{
    CLOSE(sim_design_effect(1, 0.1, 0.05), 1, 1e-15);
    /* rho = (p2 - p^2)/(p - p^2) = (0.02 - 0.01)/(0.1 - 0.01) = 1/9 */
    CLOSE(sim_design_effect(10, 0.1, 0.02), 2, 1e-14);
}

static void test_verdict_definitions(void)
{
    const double predictions[3] = { 0.5, 0.45, 0.2 };
    sim_verdict verdicts[3];
    sim_interval interval = { 0.48, 0.52 };
    sim_verdicts(predictions, 3, interval, verdicts);
    CU_ASSERT_EQUAL(verdicts[0], SIM_VERDICT_CONSISTENT);
    CU_ASSERT_EQUAL(verdicts[1], SIM_VERDICT_REJECTED);
    CU_ASSERT_EQUAL(verdicts[2], SIM_VERDICT_REJECTED);
    interval.low = 0.4;
    sim_verdicts(predictions, 3, interval, verdicts);
    CU_ASSERT_EQUAL(verdicts[0], SIM_VERDICT_INCONCLUSIVE);
    CU_ASSERT_EQUAL(verdicts[1], SIM_VERDICT_INCONCLUSIVE);
    CU_ASSERT_EQUAL(verdicts[2], SIM_VERDICT_REJECTED);
    const double equal[2] = { 0.5, 0.5 };   /* equal values are not rivals (k = 1) */
    sim_verdicts(equal, 2, interval, verdicts);
    CU_ASSERT_EQUAL(verdicts[0], SIM_VERDICT_CONSISTENT);
}

/* (z_0.9995 + z_0.99) SE <= gap: SE = gap / 5.617 at 1 query per SE^2 unit. */
static void test_queries_to_resolve(void)
{
    double z = sim_normal_quantile(0.9995) + sim_normal_quantile(0.99);
    CLOSE(z, 3.2905267314919 + 2.3263478740408, 1e-9);
    CU_ASSERT_EQUAL(sim_queries_to_resolve(z, 1, 100, 0.999, 0.99), 100);
    CU_ASSERT_EQUAL(sim_queries_to_resolve(z / 2, 1, 100, 0.999, 0.99), 400);
    CU_ASSERT(isinf(sim_queries_to_resolve(0, 1, 100, 0.999, 0.99)));
}

static const bloom_test_case cases[] = {
    { "normal and t quantiles", test_quantiles },
    { "Wilson: FORMULAS.md §h examples", test_wilson_examples },
    { "Clopper-Pearson: FORMULAS.md §h examples", test_clopper_pearson_examples },
    { "regularized beta identities", test_regularized_beta },
    { "between-trials interval by hand", test_between_trials_by_hand },
    { "design effect", test_design_effect },
    { "verdict definitions", test_verdict_definitions },
    { "queries to resolve", test_queries_to_resolve },
    { NULL, NULL },
};

const bloom_test_suite sim_stats_suite = { "sim_stats", cases };
