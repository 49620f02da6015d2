/*
 * commands.h - the bloomsim subcommands.  Each reads its own arguments
 * (argv[first] onwards), runs the library, prints, and returns the exit
 * status: 0 done, 1 a prediction could not be certified or resources ran
 * short (verify: the exact prediction was rejected), 2 bad input (one line
 * on stderr, nothing on stdout), 130 stopped by SIGINT/SIGTERM (what was
 * measured is still printed, marked partial).
 */
#ifndef BLOOMSIM_COMMANDS_H
#define BLOOMSIM_COMMANDS_H

#include "version.h"

#define BLOOMSIM_VERSION BLOOMCALC_VERSION_STRING

int bloomsim_fpr(int argc, char **argv, int first);
int bloomsim_plan(int argc, char **argv, int first);
int bloomsim_lsm(int argc, char **argv, int first);
int bloomsim_delete(int argc, char **argv, int first);
int bloomsim_verify(int argc, char **argv, int first);
int bloomsim_grow(int argc, char **argv, int first);
int bloomsim_merge(int argc, char **argv, int first);

#endif
