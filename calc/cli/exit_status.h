/*
 * exit_status.h - the exit statuses of bloomcalc and bloomsim.
 *
 * Every command returns one of these and main returns it unchanged.  The
 * library (calc/src, sim/filter, sim/engine, sim/judge) never returns them:
 * it returns its own status codes (bloom_status in certified.h, 0 / -1 in
 * the simulator), and the command-line layer turns those into an exit status.
 */
#ifndef BLOOMCALC_EXIT_STATUS_H
#define BLOOMCALC_EXIT_STATUS_H

enum bloom_exit_status {
    BLOOM_EXIT_SUCCESS = 0,       /* the answer was printed (or --help, --version) */
    BLOOM_EXIT_FAILURE = 1,       /* could not certify, write error, resources short in a run */
    BLOOM_EXIT_USAGE = 2,         /* bad input: one line on stderr, nothing on stdout */
    BLOOM_EXIT_INTERRUPTED = 130  /* a run stopped by SIGINT/SIGTERM printed its partial result */
};

#endif
