/*
 * peer_interval.c - the interval of a peer library's measured rate, for
 * "make check-peers" (tests/peers/run.sh):
 *
 *   peer_interval SUM SQUARES F Q CONFIDENCE PREDICTION...
 *   peer_interval --normal ESTIMATE VARIANCE CONFIDENCE PREDICTION...
 *
 * from F filters of Q absent queries each, SUM false positives in all and
 * SQUARES the sum of the per-filter squares.  Prints "rate low high" and,
 * for each PREDICTION (a decimal), "inside" or "outside" the interval.  The
 * interval is bloomsim's between-trials interval (sim/judge/stats.h): rate
 * +- t(F-1) s / (Q sqrt F), whose variance includes the spread between
 * filters, not only the binomial spread of one filter's queries.
 *
 * The second form is for measurements whose variance the caller derives
 * (false reads over the filters of a database, whose queries share
 * filters; tests/peers/database_checks.sh): the normal interval
 * ESTIMATE +- z sqrt(VARIANCE), z the normal quantile of the two-sided
 * CONFIDENCE, printed as the first form prints its interval.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

/* "rate low high" and a verdict per prediction, from argv[first...]. */
static void print_interval(double rate, sim_interval interval, int argc, char **argv, int first)
{
    printf("%.6e %.6e %.6e", rate, interval.low, interval.high);
    for (int i = first; i < argc; i++) {
        double prediction = strtod(argv[i], NULL);
        printf(" %s", prediction >= interval.low && prediction <= interval.high ? "inside" : "outside");
    }
    putchar('\n');
}

static int normal_interval(int argc, char **argv)
{
    double estimate = strtod(argv[2], NULL), variance = strtod(argv[3], NULL);
    double z = sim_normal_quantile(1 - (1 - strtod(argv[4], NULL)) / 2);
    double half = z * sqrt(variance);
    print_interval(estimate, (sim_interval){ estimate - half, estimate + half }, argc, argv, 5);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 5 && strcmp(argv[1], "--normal") == 0)
        return normal_interval(argc, argv);
    if (argc < 6) {
        fputs("usage: peer_interval SUM SQUARES F Q CONFIDENCE [PREDICTION...]\n"
              "       peer_interval --normal ESTIMATE VARIANCE CONFIDENCE [PREDICTION...]\n", stderr);
        return 2;
    }
    uint64_t sum = strtoull(argv[1], NULL, 10);
    unsigned __int128 squares = 0;
    for (const char *digit = argv[2]; *digit >= '0' && *digit <= '9'; digit++)
        squares = squares * 10 + (unsigned)(*digit - '0');
    uint64_t trials = strtoull(argv[3], NULL, 10), per_trial = strtoull(argv[4], NULL, 10);
    sim_estimate estimate = sim_estimate_between_trials(sum, squares, trials, per_trial,
                                                        strtod(argv[5], NULL));
    print_interval(estimate.rate, estimate.interval, argc, argv, 6);
    return 0;
}
