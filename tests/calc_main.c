/*
 * calc_main.c - build/tests/calc_tests: runs the calc suites (an optional
 * argument selects the suites whose name contains it).
 */
#include <stddef.h>

#include "calc_suites.h"

int main(int argc, char **argv)
{
    static const bloom_test_suite *const suites[] = {
        &calc_reference_suite,
        &calc_fpr_suite,
        &calc_fpr_forms_suite,
        &calc_sizing_suite,
        &calc_lsm_suite,
        &calc_numbers_suite,
        &calc_output_suite,
        &calc_certified_suite,
        &calc_hardening_suite,
        &calc_layouts_suite,
        &calc_monkey_suite,
        &calc_index_arithmetic_suite,
        &calc_rate_curve_suite,
        &calc_table_file_suite,
        &calc_partitions_suite,
        NULL,
    };
    return bloom_run_suites(suites, argc, argv);
}
