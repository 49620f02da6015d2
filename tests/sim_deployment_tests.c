/*
 * sim_deployment_tests.c - a deployment of filters built file by file
 * (sim/engine/file_deployment.c).  The expected counts follow from the
 * routing alone (a lookup falls in file i with probability N_i/n, so with
 * filters that always or never answer "maybe" the false reads are a
 * binomial count of known mean, or a fixed number), or from calc's exact
 * rate of each file's filter combined by the shares N_i/n, computed here.
 * Fixed seeds; the bounds are 5 standard errors of a binomial or of the
 * between-trial spread, so a correct engine fails them with probability
 * below 1e-6.
 */
#include <CUnit/CUnit.h>
#include <math.h>
#include <string.h>

#include "deployment_prediction.h"
#include "file_deployment.h"
#include "predictions.h"
#include "sim_suites.h"
#include "stats.h"

static sim_deployment_config test_config(const sim_deployment_level *levels, unsigned count,
                                         uint64_t trials, uint64_t lookups, unsigned threads)
{
    sim_deployment_config config;
    memset(&config, 0, sizeof config);
    config.levels = count;
    config.level = levels;
    config.lookups = lookups;
    config.guard = 1;
    config.run.trials = trials;
    config.run.seed = 20261130;
    config.run.threads = threads;
    return config;
}

/* A filter that never says "maybe" to an absent key in practice: 8 probes into 2^20 bits
 * holding at most 100 keys, rate below (800 / 2^20)^8 < 1e-24. */
static sim_lsm_level never(uint64_t keys)
{
    return (sim_lsm_level){ keys, 1u << 20, 8, NULL };
}

/* A file without a filter: every lookup reads it. */
static sim_lsm_level always(uint64_t keys)
{
    return (sim_lsm_level){ keys, 0, 0, NULL };
}

/*
 * Three files of 100 keys whose filters always answer "maybe" and a last file of 50 keys
 * whose filter never does: a lookup reads a file exactly when it falls in the first 300 of
 * the 350 keys, probability 6/7.  40 trials x 5000 lookups: SE sqrt(6/7 * 1/7 / 2e5) =
 * 7.8e-4, so the rate is within 0.004 of 6/7.  Routing every lookup to one file, or by file
 * count rather than keys (3/4), fails.
 */
static void test_routing_follows_key_shares(void)
{
    sim_deployment_level level = { 4, always(100), never(50), 0 };
    sim_deployment_config config = test_config(&level, 1, 40, 5000, 2);
    sim_deployment_totals totals;
    CU_ASSERT_EQUAL_FATAL(sim_deployment_run(&config, &totals), 0);
    CU_ASSERT_EQUAL(totals.trials, 40);
    CU_ASSERT_EQUAL(totals.lookups, 200000);
    double rate = (double)totals.false_reads / (double)totals.lookups;
    CU_ASSERT(fabs(rate - 6.0 / 7.0) < 0.004);
    /* a file answers about 5000 * 2/7 = 1429 lookups; no file answers all of them */
    CU_ASSERT(totals.largest_share > 1300 && totals.largest_share < 1700);
}

/* Every file of an overlapping level (L0) is consulted: 5 unfiltered files cost exactly 5
 * reads a lookup, and a second level of disjoint files adds its own. */
static void test_overlapping_files_all_read(void)
{
    sim_deployment_level levels[2] = { { 5, always(10), always(10), 1 }, { 3, never(10), never(10), 0 } };
    sim_deployment_config config = test_config(levels, 2, 3, 1000, 2);
    sim_deployment_totals totals;
    CU_ASSERT_EQUAL_FATAL(sim_deployment_run(&config, &totals), 0);
    CU_ASSERT_EQUAL(totals.level_false_reads[0], 5 * 3000);
    CU_ASSERT_EQUAL(totals.level_false_reads[1], 0);
    CU_ASSERT_EQUAL(totals.false_reads, 5 * 3000);
}

/* calc's exact rate of a standard filter (bits, keys, hashes). */
static double exact_rate(uint64_t bits, uint64_t keys, unsigned hashes)
{
    sim_predictions predictions;
    CU_ASSERT_EQUAL_FATAL(sim_predictions_compute(&predictions, bits, keys, hashes), BLOOM_OK);
    double rate = predictions.value[SIM_PREDICTION_EXACT];
    sim_predictions_free(&predictions);
    return rate;
}

static sim_deployment_totals run_real_filters(unsigned threads)
{
    sim_deployment_level level = { 4, { 100, 600, 4, NULL }, { 40, 80, 4, NULL }, 0 };
    sim_deployment_config config = test_config(&level, 1, 400, 2000, threads);
    sim_deployment_totals totals;
    CU_ASSERT_EQUAL(sim_deployment_run(&config, &totals), 0);
    return totals;
}

/*
 * Three files of 100 keys in 600 bits (rate 0.0564) and a last one of 40 keys in 80 bits
 * (0.568), k = 4: the measured rate is the mean of the two exact rates weighted by 300/340
 * and 40/340, 0.1165.  400 trials of 2000 lookups: the t interval over trials at 99.9999 %
 * (about +-0.002) must contain it and exclude the full files' rate and the mean weighted by
 * files, (3 fpr(100) + fpr(40)) / 4 = 0.184.
 */
static void test_rate_against_deployment_mean(void)
{
    sim_deployment_totals totals = run_real_filters(2);
    double full = exact_rate(600, 100, 4), last = exact_rate(80, 40, 4);
    double mean = (300.0 * full + 40.0 * last) / 340.0, by_files = (3.0 * full + last) / 4.0;
    sim_estimate estimate = sim_estimate_between_trials(totals.false_reads, totals.false_read_squares,
                                                        totals.trials, 2000, 0.999999);
    CU_ASSERT(estimate.interval.low < mean && mean < estimate.interval.high);
    CU_ASSERT(estimate.interval.high < by_files && estimate.interval.low > full);
    CU_ASSERT(estimate.interval.high - estimate.interval.low < 0.01);
}

static void test_deployment_thread_count_does_not_matter(void)
{
    sim_deployment_totals one = run_real_filters(1), three = run_real_filters(3);
    CU_ASSERT_EQUAL(one.false_reads, three.false_reads);
    CU_ASSERT(one.false_read_squares == three.false_read_squares);
    CU_ASSERT_EQUAL(one.largest_share, three.largest_share);
}

/* Memory is one file's filters per level and two counts per file (absent and present lookups),
 * not every file's filter. */
static void test_memory_independent_of_files(void)
{
    sim_deployment_level few = { 2, { 1000, 8000000, 6, NULL }, { 1000, 8000000, 6, NULL }, 0 };
    sim_deployment_level many = few;
    many.files = 2000;
    sim_deployment_config small = test_config(&few, 1, 1, 1, 1), large = test_config(&many, 1, 1, 1, 1);
    CU_ASSERT_EQUAL(sim_deployment_memory(&large) - sim_deployment_memory(&small), 1998 * 2 * sizeof(uint64_t));
}

/*
 * Present lookups of the third level: they read both overlapping files and the one file of
 * the unfiltered second level that covers them (3 false reads each, exactly), never a file of
 * a deeper level, and their own file never denies them (no false negative among 4000 keys of
 * real filters of 100 keys in 600 bits).
 */
static void test_present_lookups(void)
{
    sim_deployment_level levels[4] = { { 2, always(10), always(10), 1 }, { 3, always(50), always(20), 0 },
                                       { 4, { 100, 600, 4, NULL }, { 40, 240, 4, NULL }, 0 },
                                       { 2, always(10), always(10), 0 } };
    sim_deployment_config config = test_config(levels, 4, 4, 1000, 2);
    config.hit_lookups = 1000;
    config.hit_level = 2;
    sim_deployment_totals totals;
    CU_ASSERT_EQUAL_FATAL(sim_deployment_run(&config, &totals), 0);
    CU_ASSERT_EQUAL(totals.hit_lookups, 4000);
    CU_ASSERT_EQUAL(totals.hit_false_reads, 3 * 4000);
    CU_ASSERT_EQUAL(totals.false_negatives, 0);
    CU_ASSERT_EQUAL(totals.level_false_reads[3], 4000);   /* the absent lookups still read level 4 */
}

/*
 * Reads per lookup from few trees: 900 false reads among 2 x 1000 lookups of 9 checks each,
 * plus a present key's own read, are 1 + 9 x 900 / 18000 = 1.45 exactly; the interval is 1 +
 * 9 times Wilson's on 900 of 18000 (z = 3.29 at 99.9 %: the proportion 0.05 within about
 * +-0.0054, so the reads within +-0.06 of 1.45).  No check: exactly the own read.
 */
static void test_reads_from_checks(void)
{
    sim_read_counts counts = { 900, 0, 2, 1000, 9, 1 };
    sim_interval_method method;
    sim_estimate estimate = sim_deployment_estimate_reads(&counts, 1, 0.999, &method);
    CU_ASSERT_EQUAL(method, SIM_INTERVAL_WILSON_DESIGN_EFFECT);
    CU_ASSERT_DOUBLE_EQUAL(estimate.rate, 1.45, 1e-12);
    CU_ASSERT(estimate.interval.low > 1.39 && estimate.interval.low < 1.42);
    CU_ASSERT(estimate.interval.high > 1.48 && estimate.interval.high < 1.51);
    counts.checks = 0;
    counts.false_reads = 0;
    estimate = sim_deployment_estimate_reads(&counts, 1, 0.999, &method);
    CU_ASSERT(estimate.rate == 1 && estimate.interval.low == 1 && estimate.interval.high == 1);
}

static const bloom_test_case cases[] = {
    { "lookups fall in files by their share of keys", test_routing_follows_key_shares },
    { "every overlapping file is read", test_overlapping_files_all_read },
    { "measured rate against the keys-weighted mean", test_rate_against_deployment_mean },
    { "1 and 3 threads give identical counts", test_deployment_thread_count_does_not_matter },
    { "present lookups read the levels before theirs", test_present_lookups },
    { "reads per lookup from the filter checks of few trees", test_reads_from_checks },
    { "memory does not grow with the files' filters", test_memory_independent_of_files },
    { NULL, NULL },
};

const bloom_test_suite sim_deployment_suite = { "sim_deployment", cases };
