/*
 * runner.h - the CUnit runner shared by the test programs.  Each test file
 * defines a bloom_test_suite; a program's main lists its suites and calls
 * bloom_run_suites, which registers them, runs them verbosely, and returns
 * the process exit status (0 when every test passed).
 */
#ifndef BLOOMCALC_TESTS_RUNNER_H
#define BLOOMCALC_TESTS_RUNNER_H

#include <CUnit/CUnit.h>

typedef struct bloom_test_case {
    const char *name;
    CU_TestFunc function;
} bloom_test_case;

typedef struct bloom_test_suite {
    const char *name;
    const bloom_test_case *cases;   /* terminated by an entry with a NULL name */
} bloom_test_suite;

int bloom_run_suites(const bloom_test_suite *const *suites, int argc, char **argv);

#endif
