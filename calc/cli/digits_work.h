/*
 * digits_work.h - refusing, before any evaluation, a --digits the exact rate
 * of a filter cannot be certified to within the budget BLOOM_DIGITS_WORK
 * (bloom_limits.h): the a-priori work of one enclosure at the precision those
 * digits need (bloom_fpr_exact_work, FORMULAS.md §o) is weighed, and a
 * request above it is refused naming --digits and the most digits that
 * filter accepts.  Shared by every command that prints the exact rate of a
 * filter it knows before printing (fpr, plan, table rows, converge rows) in
 * both programs; at the default digits nothing is refused.
 */
#ifndef BLOOMCALC_DIGITS_WORK_H
#define BLOOMCALC_DIGITS_WORK_H

#include <stddef.h>

#include "fpr.h"

struct bloom_command_line;

/*
 * BLOOM_EXIT_SUCCESS when `digits` significant digits of the exact rate of m
 * bits, n keys and k hashes fit BLOOM_DIGITS_WORK or are at most the default
 * digits; else BLOOM_EXIT_USAGE after one line naming --digits and the most
 * digits that fit.  When Bloom's formula's relative error is below 2^-32 (one
 * enclosure at 128 bits tells) the rates are weighed again at twice the
 * precision, where the printing of the relative errors takes them.
 */
int bloom_digits_affordable(const struct bloom_command_line *line, mpz_srcptr m, mpz_srcptr n,
                            unsigned long k, unsigned long digits);

/* The same for the rows of a command together (converge), each weighed at
 * bits(m) more bits when `relative` (its relative errors, about 1/m). */
int bloom_digits_affordable_rows(const struct bloom_command_line *line, const bloom_fpr_arguments *filters,
                                 size_t count, unsigned long digits, int relative);

#endif
