/*
 * main.c - the bloomsim command: builds real Bloom filters, measures them
 * by Monte Carlo and checks the calculator's predictions.  Dispatches to a
 * subcommand; all simulation lives in libbloomsim and all formulas in
 * libbloomcalc.
 */
#include "commands.h"
#include "options.h"
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
    "  verify              a fixed battery of checks and the layout sweep; exit status\n"
    "                      1 if a filter's own prediction is rejected anywhere\n"
    "  grow -n N           a scalable Bloom filter (Almeida et al. 2007) against its\n"
    "                      exact compound rate and calc's compound bound\n"
    "  merge [FILE...]     the shard files of one run (fpr, plan, lsm or grow with\n"
    "                      --shard I/N) merged into what the whole run prints\n"
    "\n"
    "Run 'bloomsim COMMAND --help' for a command's options.\n"
    "Options: -h, --help (this text); -V, --version (the version line)\n"
    "\n"
    "Measuring:\n"
    "Each run prints what it measured (false positives, queries, filters, the rate\n"
    "and its confidence interval, which includes the spread between filters), the\n"
    "calculator's predictions beside it and a verdict for each at --confidence\n"
    "(default 99.9 %): rejected (outside the interval), consistent (inside, every\n"
    "rival prediction excluded) or inconclusive (inside with a rival; the run says\n"
    "how many queries would separate them).  The interval is Student's t over the\n"
    "filters' rates with at least 30 filters, otherwise Wilson's with the design\n"
    "effect of one filter's correlated queries.  The same --seed gives the same\n"
    "output whatever --threads or --shard.  A run that would not fit in memory is\n"
    "refused before it allocates.  On a terminal a run longer than a second shows a\n"
    "progress line on stderr, erased at its end; Ctrl-C or SIGTERM prints what was\n"
    "measured so far, marked partial, and exits 130.  Sharded runs on a cluster:\n"
    "sim/SCALE-OUT.md in the source tree.\n"
    "\n"
    "Exit status:\n"
    "  0    success (for verify: no filter's own prediction rejected)\n"
    "  1    the run failed (memory or threads ran short, a verify check rejected its\n"
    "       prediction, a prediction could not be certified) or the output could not\n"
    "       be written\n"
    "  2    bad input, or a run that would not fit in memory: one line on stderr,\n"
    "       nothing on stdout\n"
    "  130  interrupted by SIGINT or SIGTERM: what was measured so far is printed,\n"
    "       marked partial\n"
    "\n"
    "Environment:\n"
    "  BLOOMSIM_MEMORY_LIMIT  bytes a run may allocate (default: the smaller of\n"
    "                         MemAvailable and the room under ulimit -v)\n";

static const bloom_subcommand commands[] = {
    { "fpr", bloomsim_fpr },
    { "plan", bloomsim_plan },
    { "lsm", bloomsim_lsm },
    { "delete", bloomsim_delete },
    { "verify", bloomsim_verify },
    { "grow", bloomsim_grow },
    { "merge", bloomsim_merge },
};

int main(int argc, char **argv)
{
    bloom_program program = { "bloomsim", usage, "bloomsim " BLOOMSIM_VERSION, commands,
                              sizeof commands / sizeof commands[0], sim_interrupt_install };
    return bloom_program_run(&program, argc, argv);
}
