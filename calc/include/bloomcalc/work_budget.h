/*
 * work_budget.h - a cap on the certification work of one question.
 *
 * Every exact rate the library encloses (fpr.h, layout_rates.h) knows its
 * a-priori cost before it starts: the limb operations of the form that will
 * compute it at the working precision asked (calc/FORMULAS.md §o, §o.5;
 * 1 to 3 ns each on the build machine, calibrated form by form).  A program that
 * must answer every question quickly sets a budget; every such evaluation
 * then adds its cost to the work spent, and one that would take the work
 * spent past the budget is not started: it returns BLOOM_TOO_COSTLY, which
 * propagates like any status, and the program refuses the question.  The
 * evaluations and their costs are a function of the question alone, so the
 * same question is refused (or answered) on every machine, in every build.
 *
 * Like bloom_set_precision_limit (certified.h) this is the calling thread's
 * own state, set by the program before it asks; the library's default is no
 * budget, and nothing is ever refused then.
 */
#ifndef BLOOMCALC_WORK_BUDGET_H
#define BLOOMCALC_WORK_BUDGET_H

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Sets the budget, in limb operations (0: none, the default), and clears the
 * work spent.  Returns the previous budget. */
BLOOM_EXPORT double bloom_work_set_budget(double limb_operations);

/* The budget (0: none). */
BLOOM_EXPORT double bloom_work_budget(void);

/* The work spent since the budget was last set or cleared. */
BLOOM_EXPORT double bloom_work_spent(void);

/* Clears the work spent (a program asking several independent questions). */
BLOOM_EXPORT void bloom_work_clear(void);

/*
 * Adds the cost of one evaluation, at least BLOOM_EVALUATION_FLOOR_WORK (the
 * overhead every evaluation has, whatever its form), to the work spent and
 * returns BLOOM_OK; or, when that would pass the budget, adds nothing and
 * returns BLOOM_TOO_COSTLY (the evaluation must not start).
 */
BLOOM_EXPORT int bloom_work_spend(double limb_operations);

#ifdef __cplusplus
}
#endif

#endif
