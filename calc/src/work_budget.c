/*
 * work_budget.c - the work budget of one question (work_budget.h).
 *
 * A meter: the costs of the evaluations started so far, and the budget they
 * may not pass.  The costs are the a-priori estimates the exact-rate forms
 * already use to choose among themselves (calc/FORMULAS.md §o), calibrated
 * to one unit, a limb operation of 1 to 3 ns (§o.5); an evaluation is
 * charged before it starts, so a refused question spends at most the budget.
 */
#include <assert.h>

#include "bloom_limits.h"
#include "certified.h"
#include "work_budget.h"

/* Each thread's own meter (work_budget.h). */
static _Thread_local double budget = 0;
static _Thread_local double spent = 0;

double bloom_work_set_budget(double limb_operations)
{
    assert(limb_operations >= 0);
    double previous = budget;
    budget = limb_operations;
    spent = 0;
    return previous;
}

double bloom_work_budget(void)
{
    return budget;
}

double bloom_work_spent(void)
{
    return spent;
}

void bloom_work_clear(void)
{
    spent = 0;
}

int bloom_work_spend(double limb_operations)
{
    double cost = limb_operations > BLOOM_EVALUATION_FLOOR_WORK ? limb_operations : BLOOM_EVALUATION_FLOOR_WORK;
    if (budget > 0 && !(spent + cost <= budget))
        return BLOOM_TOO_COSTLY;
    spent += cost;
    return BLOOM_OK;
}
