/*
 * work_refusal.h - the command line's side of the work budget
 * (work_budget.h, FORMULAS.md §o.5): both programs set BLOOM_COMMAND_WORK
 * before a command runs, and a command whose evaluations would pass it gets
 * BLOOM_TOO_COSTLY from the library before the evaluation that would; it
 * then prints nothing on stdout and one line naming the argument that
 * drives the cost, and exits 2, like any input outside the accepted ranges.
 */
#ifndef BLOOMCALC_WORK_REFUSAL_H
#define BLOOMCALC_WORK_REFUSAL_H

struct bloom_command_line;

/* The arguments named by the refusals: what makes an exact rate costly. */
#define BLOOM_WORK_HASHES "-k/--hashes"
#define BLOOM_WORK_KEYS "-n/--keys"
#define BLOOM_WORK_ROWS "-n, -p, -m, -k and -L lists (the rows)"
#define BLOOM_WORK_SIZES "-m/--bits (the rows)"

/* Sets the work budget of one command (BLOOM_COMMAND_WORK) and clears the work spent. */
void bloom_work_budget_start(void);

/* Lifts the budget: the question was admitted (bloomsim, its predictions
 * certified within the budget, is about to measure: bloomsim_shard_run and
 * delete call it; what it prints after a long measurement is not refused). */
void bloom_work_budget_lift(void);

/*
 * When `status` is BLOOM_TOO_COSTLY: prints the refusal, one line naming
 * `argument`, and returns 1; else returns 0 and prints nothing.
 */
int bloom_work_refused(const struct bloom_command_line *line, int status, const char *argument);

/*
 * The exit status for a library status of a command's results, after its
 * one line on stderr: BLOOM_EXIT_SUCCESS for BLOOM_OK (nothing printed), the
 * refusal above and BLOOM_EXIT_USAGE for BLOOM_TOO_COSTLY, else "a result
 * could not be certified" and BLOOM_EXIT_FAILURE.
 */
int bloom_results_exit(const struct bloom_command_line *line, int status, const char *argument);

#endif
