/*
 * calc_suites.h - the CUnit suites of build/tests/calc_tests, one per
 * tests/calc_*.c file, listed by calc_main.c.
 */
#ifndef BLOOMCALC_TESTS_CALC_SUITES_H
#define BLOOMCALC_TESTS_CALC_SUITES_H

#include "runner.h"

extern const bloom_test_suite calc_reference_suite;
extern const bloom_test_suite calc_fpr_suite;
extern const bloom_test_suite calc_fpr_forms_suite;
extern const bloom_test_suite calc_sizing_suite;
extern const bloom_test_suite calc_lsm_suite;
extern const bloom_test_suite calc_numbers_suite;
extern const bloom_test_suite calc_output_suite;
extern const bloom_test_suite calc_certified_suite;
extern const bloom_test_suite calc_hardening_suite;
extern const bloom_test_suite calc_layouts_suite;
extern const bloom_test_suite calc_monkey_suite;
extern const bloom_test_suite calc_index_arithmetic_suite;
extern const bloom_test_suite calc_rate_curve_suite;
extern const bloom_test_suite calc_table_file_suite;
extern const bloom_test_suite calc_partitions_suite;

#endif
