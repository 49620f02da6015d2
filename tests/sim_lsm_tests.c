/*
 * sim_lsm_tests.c - multi-level lookups (sim/engine/lsm_tree.c).  The expected
 * probes are computed here from the level sizes alone, independently of
 * the program: with every level sized for p = 10 %, the achieved rate of
 * each level is close to p, so hits on the deepest of 3 levels cost about
 * 1 + 2p = 1.2 probes and misses about 3p = 0.3; without filters 3 and 3.
 */
#include <CUnit/CUnit.h>
#include <string.h>

#include "lsm_allocation.h"
#include "sim_suites.h"
#include "stats.h"

static void test_level_sizes(void)
{
    mpq_t p;
    mpq_init(p);
    mpq_set_ui(p, 1, 100);
    sim_lsm_level levels[3] = { { .keys = 10 }, { .keys = 100 }, { .keys = 1000 } };
    CU_ASSERT_EQUAL_FATAL(sim_lsm_size_levels(levels, 3, p), 0);
    CU_ASSERT_EQUAL(levels[0].keys, 10);
    CU_ASSERT_EQUAL(levels[1].keys, 100);
    CU_ASSERT_EQUAL(levels[2].keys, 1000);
    /* m = ceil(1000 * 9.5850583773674...) = 9586 (FORMULAS.md §b, small n), k = 7 */
    CU_ASSERT_EQUAL(levels[2].bits, 9586);
    CU_ASSERT_EQUAL(levels[2].hashes, 7);
    mpq_clear(p);
}

static sim_lsm_totals run_tree(unsigned threads)
{
    mpq_t p;
    mpq_init(p);
    mpq_set_ui(p, 1, 10);
    sim_lsm_level levels[3] = { { .keys = 20 }, { .keys = 200 }, { .keys = 2000 } };
    CU_ASSERT_EQUAL(sim_lsm_size_levels(levels, 3, p), 0);
    mpq_clear(p);
    sim_lsm_config config;
    memset(&config, 0, sizeof config);
    config.levels = 3;
    config.level = levels;
    config.target_level = 3;
    config.run.trials = 40;
    config.lookups = 2000;
    config.guard = 1;
    config.run.seed = 5;
    config.run.threads = threads;
    sim_lsm_totals totals;
    CU_ASSERT_EQUAL(sim_lsm_run(&config, &totals), 0);
    return totals;
}

/*
 * 40 trees x 2000 lookups of each kind.  Miss probes per lookup have
 * variance <= 3 * 0.1 * 0.9 = 0.27, so SE <= sqrt(0.27 / 80 000) = 1.8e-3
 * plus the between-tree spread of the 20-key level (CV ~0.3, 0.03 / sqrt 40
 * = 5e-3 at most): the interval is at most about +-0.03 wide at 99.9 %, so
 * the unfiltered L = 3 (2.7 away) and 1 + 2p against 3 are rejected with
 * power ~1; the hit lookups never miss their key (no false negative).
 */
static void test_probes_against_predictions(void)
{
    sim_lsm_totals totals = run_tree(2);
    CU_ASSERT_EQUAL(totals.trials, 40);
    CU_ASSERT_EQUAL(totals.false_negatives, 0);
    sim_estimate hit = sim_estimate_between_trials(totals.probes_hit, totals.squares_hit, 40, 2000, 0.999);
    sim_estimate miss = sim_estimate_between_trials(totals.probes_miss, totals.squares_miss, 40, 2000, 0.999);
    CU_ASSERT(hit.interval.low > 1.1 && hit.interval.high < 1.35);
    CU_ASSERT(miss.interval.low > 0.2 && miss.interval.high < 0.45);
    CU_ASSERT(hit.interval.high < 3 && miss.interval.high < 3);
}

static void test_lsm_thread_count_does_not_matter(void)
{
    sim_lsm_totals one = run_tree(1), three = run_tree(3);
    CU_ASSERT_EQUAL(one.probes_hit, three.probes_hit);
    CU_ASSERT_EQUAL(one.probes_miss, three.probes_miss);
    CU_ASSERT(one.squares_miss == three.squares_miss);
}

static const bloom_test_case cases[] = {
    { "level sizes follow bloomcalc plan", test_level_sizes },
    { "probes against 1 + (L-1)p, L p and L", test_probes_against_predictions },
    { "1 and 3 threads give identical counts", test_lsm_thread_count_does_not_matter },
    { NULL, NULL },
};

const bloom_test_suite sim_lsm_suite = { "sim_lsm", cases };
