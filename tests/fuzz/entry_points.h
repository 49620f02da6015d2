/*
 * entry_points.h - the main functions of bloomcalc and bloomsim under the
 * names the fuzz build gives them.  The Makefile compiles calc/bloomcalc/main.c and
 * sim/bloomsim/main.c for the fuzz targets with -Dmain=bloomcalc_main (or
 * bloomsim_main) and -include this header, so that libFuzzer supplies the
 * process's main and the targets can run a whole command line in-process.
 */
#ifndef BLOOMCALC_TESTS_FUZZ_ENTRY_POINTS_H
#define BLOOMCALC_TESTS_FUZZ_ENTRY_POINTS_H

int bloomcalc_main(int argc, char **argv);
int bloomsim_main(int argc, char **argv);

#endif
