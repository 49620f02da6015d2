/*
 * runner.c - registers bloom_test_suite tables with CUnit and runs them with
 * the Basic interface in verbose mode.  An optional argument selects the
 * suites whose name contains it (for running one suite while working).
 */
#include <stdio.h>
#include <string.h>
#include <CUnit/Basic.h>
#include <mpfr.h>

#include "runner.h"

static int register_suite(const bloom_test_suite *suite)
{
    CU_pSuite registered = CU_add_suite(suite->name, NULL, NULL);
    if (registered == NULL)
        return -1;
    for (const bloom_test_case *test = suite->cases; test->name != NULL; test++)
        if (CU_add_test(registered, test->name, test->function) == NULL)
            return -1;
    return 0;
}

int bloom_run_suites(const bloom_test_suite *const *suites, int argc, char **argv)
{
    const char *filter = argc > 1 ? argv[1] : NULL;
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    for (size_t i = 0; suites[i] != NULL; i++) {
        if (filter != NULL && strstr(suites[i]->name, filter) == NULL)
            continue;
        if (register_suite(suites[i]) != 0) {
            fprintf(stderr, "cannot register suite %s: %s\n", suites[i]->name, CU_get_error_msg());
            CU_cleanup_registry();
            return 2;
        }
    }
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_tests_failed();
    unsigned ran = CU_get_number_of_tests_run();
    CU_cleanup_registry();
    mpfr_free_cache();   /* MPFR's cached constants, so that valgrind sees every block freed */
    return (failed == 0 && ran > 0) ? 0 : 1;
}
