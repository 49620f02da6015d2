/*
 * progress.h - the progress line bloomsim draws on stderr while a long run
 * works: the share done, the time elapsed and an estimate of the time left,
 * extrapolated from the rate so far (time left = elapsed (1 - f) / f at
 * fraction f).  It appears once a run has taken a second, only when stderr
 * is a terminal, is redrawn at most four times a second, and is erased
 * (carriage return, then erase to the end of the line) when the run ends
 * or is stopped by Ctrl-C / SIGTERM, before anything is printed.  With
 * --progress (bloomsim_progress_force) it appears on any stream; on one
 * that is not a terminal (a log, a pipe: no line to redraw) as a whole
 * line every ten seconds, nothing erased, and the command ends with where
 * its time went (predictions, build, queries).
 *
 * Before a long run starts, the command states what the run will take
 * (bloomsim_progress_estimate): its memory, the figure it was checked
 * against the budget with, and its time, so that a user sees both before
 * committing minutes and gigabytes.
 *
 * Engines report (done, total) in units of their own (blocks of trials,
 * keys inserted and asked: parallel.h, bulk.h); a command made of several
 * runs (bloomsim verify) places each run in the whole with
 * bloomsim_progress_stage, weighted by its planned work.
 */
#ifndef BLOOMSIM_PROGRESS_H
#define BLOOMSIM_PROGRESS_H

#include <stdint.h>

/* Starts the clock of a command's progress line, labelled `label`
 * ("bloomsim plan"; by default "bloomsim " and the callback's context, a
 * command name, at the first callback).  Nothing is drawn before one
 * second has passed. */
void bloomsim_progress_begin(const char *label);

/* The current run is the part [before, before + weight) of a whole of
 * `total` (any units, e.g. probe operations); default: the whole. */
void bloomsim_progress_stage(double before, double weight, double total);

/* The engines' callback (sim_progress_function): `done` of `total` units
 * of the current run; `context` names the command (for the default label),
 * `seconds` is not used (the line keeps its own clock). */
void bloomsim_progress(void *context, uint64_t done, uint64_t total, double seconds);

/* Progress lines and the estimate on stderr even when it is not a terminal. */
void bloomsim_progress_force(void);

/* Before a run of about `seconds` seconds that needs about `bytes` bytes:
 * "bloomsim plan: about 1.33 GB of memory, about 50 s" on stderr, when
 * progress is shown (a terminal, or forced) and the run is long enough to
 * be worth announcing (forced: always; seconds 0: the time is not known). */
void bloomsim_progress_estimate(const char *label, uint64_t bytes, double seconds);

/* Erases the line if it is shown (also after a stop request). */
void bloomsim_progress_end(void);

/* The text of the line for fraction `fraction` after `elapsed` seconds,
 * e.g. "bloomsim plan: 37 %, 12 s, about 21 s left" (written into
 * text[size]); exposed for tests. */
void bloomsim_progress_text(char *text, unsigned long size, const char *label, double fraction,
                            double elapsed);

#endif
