/*
 * work_refusal.c - refusing a question over the work budget (work_refusal.h).
 */
#include "work_refusal.h"

#include "bloom_limits.h"
#include "certified.h"
#include "exit_status.h"
#include "options.h"
#include "work_budget.h"

void bloom_work_budget_start(void)
{
    bloom_work_set_budget(BLOOM_COMMAND_WORK);
}

void bloom_work_budget_lift(void)
{
    bloom_work_set_budget(0);
}

int bloom_work_refused(const struct bloom_command_line *line, int status, const char *argument)
{
    if (status != BLOOM_TOO_COSTLY)
        return 0;
    bloom_options_error(line, "%s: certifying this answer would take more than the work budget of "
                        "%s limb operations (about half a second, counted before each exact "
                        "rate; calc/FORMULAS.md §o.5); accepted: questions within it: fewer "
                        "hashes, more keys or bits for few keys with many hashes, smaller "
                        "blocks, fewer rows or sizes", argument, BLOOM_COMMAND_WORK_TEXT);
    return 1;
}

int bloom_results_exit(const struct bloom_command_line *line, int status, const char *argument)
{
    if (status == BLOOM_OK)
        return BLOOM_EXIT_SUCCESS;
    if (bloom_work_refused(line, status, argument))
        return BLOOM_EXIT_USAGE;
    bloom_options_error(line, "a result could not be certified to the requested digits (%s); try "
                        "fewer --digits", status == BLOOM_UNDEFINED ? "undefined for these arguments"
                                                                   : "precision limit reached");
    return BLOOM_EXIT_FAILURE;
}
