/*
 * main.c - the bloomsim command: builds real Bloom filters, measures them
 * by Monte Carlo and checks the calculator's predictions.  Dispatches to a
 * subcommand; all simulation lives in libbloomsim and all formulas in
 * libbloomcalc.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "interrupt.h"

static const char usage[] =
    "Usage: bloomsim COMMAND [OPTIONS]\n"
    "\n"
    "Monte Carlo verification of bloomcalc: builds real filters and measures them.\n"
    "\n"
    "Commands:\n"
    "  fpr -m M -n N -k K  measured false-positive rate of many independently built\n"
    "                      filters against the exact, Bloom and approximate rates\n"
    "  plan N P            builds the filter 'bloomcalc plan N P' sizes and measures it\n"
    "  lsm -L L -p P -n N  measured read amplification of an LSM tree with a filter\n"
    "                      per level, against 1 + (L-1)p, L p and L\n"
    "  delete -m M -n N -k K\n"
    "                      naive delete on a plain filter (false negatives counted)\n"
    "                      against a counting filter's delete\n"
    "  verify              a fixed battery of checks; exit status 1 if the exact\n"
    "                      prediction is rejected anywhere\n"
    "\n"
    "Run 'bloomsim COMMAND --help' for a command's options.\n"
    "Options: --help, --version\n";

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv, int first);
} command;

static const command commands[] = {
    { "fpr", bloomsim_fpr },
    { "plan", bloomsim_plan },
    { "lsm", bloomsim_lsm },
    { "delete", bloomsim_delete },
    { "verify", bloomsim_verify },
};

static const char accepted[] = "fpr, plan, lsm, delete, verify, --help, --version";

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "bloomsim: missing command; accepted: %s\n", accepted);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(usage, stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("bloomsim %s\n", BLOOMSIM_VERSION);
        return 0;
    }
    sim_interrupt_install();
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc, argv, 2);
    fprintf(stderr, "bloomsim: unknown command '%s'; accepted: %s\n", argv[1], accepted);
    return 2;
}
