/*
 * progress.h - the progress line bloomsim draws on stderr while a long run
 * works: the share done, the time elapsed and an estimate of the time left,
 * extrapolated from the rate so far (time left = elapsed (1 - f) / f at
 * fraction f).  It appears once a run has taken a second, only when stderr
 * is a terminal, is redrawn at most four times a second, and is erased
 * (carriage return, then erase to the end of the line) when the run ends
 * or is stopped by Ctrl-C / SIGTERM, before anything is printed.
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

/* Erases the line if it is shown (also after a stop request). */
void bloomsim_progress_end(void);

/* The text of the line for fraction `fraction` after `elapsed` seconds,
 * e.g. "bloomsim plan: 37 %, 12 s, about 21 s left" (written into
 * text[size]); exposed for tests. */
void bloomsim_progress_text(char *text, unsigned long size, const char *label, double fraction,
                            double elapsed);

#endif
