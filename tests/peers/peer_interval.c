/*
 * peer_interval.c - the interval of a peer library's measured rate, for
 * "make check-peers" (tests/peers/run.sh):
 *
 *   peer_interval SUM SQUARES F Q CONFIDENCE PREDICTION...
 *
 * from F filters of Q absent queries each, SUM false positives in all and
 * SQUARES the sum of the per-filter squares.  Prints "rate low high" and,
 * for each PREDICTION (a decimal), "inside" or "outside" the interval.  The
 * interval is bloomsim's between-trials interval (sim/judge/stats.h): rate
 * +- t(F-1) s / (Q sqrt F), whose variance includes the spread between
 * filters, not only the binomial spread of one filter's queries.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "stats.h"

int main(int argc, char **argv)
{
    if (argc < 6) {
        fputs("usage: peer_interval SUM SQUARES F Q CONFIDENCE [PREDICTION...]\n", stderr);
        return 2;
    }
    uint64_t sum = strtoull(argv[1], NULL, 10);
    unsigned __int128 squares = 0;
    for (const char *digit = argv[2]; *digit >= '0' && *digit <= '9'; digit++)
        squares = squares * 10 + (unsigned)(*digit - '0');
    uint64_t trials = strtoull(argv[3], NULL, 10), per_trial = strtoull(argv[4], NULL, 10);
    sim_estimate estimate = sim_estimate_between_trials(sum, squares, trials, per_trial,
                                                        strtod(argv[5], NULL));
    printf("%.6e %.6e %.6e", estimate.rate, estimate.interval.low, estimate.interval.high);
    for (int i = 6; i < argc; i++) {
        double prediction = strtod(argv[i], NULL);
        printf(" %s", prediction >= estimate.interval.low && prediction <= estimate.interval.high
                          ? "inside" : "outside");
    }
    putchar('\n');
    return 0;
}
