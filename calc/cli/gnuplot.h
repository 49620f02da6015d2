/*
 * gnuplot.h - running gnuplot (Debian's gnuplot-nox) on a script the
 * command writes into a pipe, its picture going to a descriptor the
 * command chose, its messages kept for the one line a failure is reported
 * with.  gnuplot runs without a shell (no quoting of file names: the
 * picture reaches its standard output, never a path in the script) and
 * without the user's ~/.gnuplot (-d), so that a picture depends only on
 * the script.
 */
#ifndef BLOOMCALC_GNUPLOT_H
#define BLOOMCALC_GNUPLOT_H

#include <signal.h>
#include <stdio.h>
#include <sys/types.h>

typedef struct bloom_gnuplot {
    pid_t pid;
    FILE *script;                   /* gnuplot's standard input: write the script here */
    FILE *messages;                 /* its standard error, kept in an unnamed file */
    struct sigaction pipe_action;   /* SIGPIPE's action before the start, restored at the end */
} bloom_gnuplot;

/*
 * Starts gnuplot, found on PATH, its standard output on descriptor
 * `output`.  While it runs SIGPIPE is ignored, so that a gnuplot that
 * stops reading fails a write instead of ending the command.  Returns 0,
 * or -1 with one sentence in `error` (gnuplot not installed, no pipe).
 */
int bloom_gnuplot_start(bloom_gnuplot *run, int output, char *error, size_t size);

/*
 * Closes the script and waits for gnuplot.  Returns 0 when it read the
 * whole script and exited with status 0; otherwise -1 with one sentence in
 * `error`: gnuplot's own last message line, or how it ended.
 */
int bloom_gnuplot_finish(bloom_gnuplot *run, char *error, size_t size);

#endif
