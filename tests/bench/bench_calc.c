/*
 * bench_calc.c - how long the certified calculator takes, against a
 * baseline measured in the same run.
 *
 * Measured: the exact false-positive rate at m = 9 585 058 378, n = 1e9,
 * k = 7 certified to 17 and to 1000 significant digits, and a whole plan
 * (n = 1e9, p = 1 %) computed and formatted in the library.  Baseline:
 * the exponential approximation evaluated in plain double precision
 * (uncertified, what a naive calculator does), so the ratio is the price
 * of certified digits.  Targets: under 1 ms for 17 digits and
 * under 100 ms for 1000 digits.  Prints a table and CSV; times are the
 * median of repeated runs of CLOCK_MONOTONIC.  Not a test: it asserts
 * nothing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fields.h"
#include "fpr.h"
#include "plan.h"

#define REPETITIONS 15

typedef void (*workload)(void *context);

static double now_seconds(void)
{
    struct timespec clock;
    clock_gettime(CLOCK_MONOTONIC, &clock);
    return (double)clock.tv_sec + (double)clock.tv_nsec * 1e-9;
}

static int compare_doubles(const void *left, const void *right)
{
    double a = *(const double *)left, b = *(const double *)right;
    return (a > b) - (a < b);
}

/* Median seconds per call of `work`, each repetition running `calls` calls. */
static double median_seconds(workload work, void *context, unsigned long calls)
{
    double samples[REPETITIONS];
    for (int r = 0; r < REPETITIONS; r++) {
        double start = now_seconds();
        for (unsigned long i = 0; i < calls; i++)
            work(context);
        samples[r] = (now_seconds() - start) / (double)calls;
    }
    qsort(samples, REPETITIONS, sizeof samples[0], compare_doubles);
    return samples[REPETITIONS / 2];
}

static volatile double sink;

static void double_approximation(void *context)
{
    (void)context;
    static volatile double m = 9585058378.0, n = 1e9, k = 7.0;
    sink = pow(-expm1(-k * n / m), k);
}

typedef struct exact_digits {
    bloom_fpr_arguments arguments;
    unsigned digits;
} exact_digits;

static void certified_exact(void *context)
{
    exact_digits *work = context;
    bloom_quantity rate = bloom_fpr_exact_quantity(&work->arguments);
    char *text = NULL;
    if (bloom_quantity_decimal(&text, &rate, work->digits) != BLOOM_OK)
        abort();
    free(text);
}

static void whole_plan(void *context)
{
    (void)context;
    mpz_t n;
    mpq_t p;
    mpz_init_set_ui(n, 1000000000UL);
    mpq_init(p);
    mpq_set_ui(p, 1, 100);
    bloom_plan plan;
    bloom_plan_init(&plan);
    if (bloom_plan_for_rate(&plan, n, p, 0, 5) != BLOOM_OK)
        abort();
    const bloom_quantity *printed[] = { &plan.bits_per_key, &plan.bits_per_key_1_44,
                                        &plan.fpr_approx, &plan.fpr_bloom, &plan.fpr_exact };
    for (size_t i = 0; i < sizeof printed / sizeof printed[0]; i++) {
        char *text = NULL;
        bloom_quantity_decimal(&text, printed[i], BLOOM_DEFAULT_DIGITS);
        free(text);
    }
    bloom_plan_clear(&plan);
    mpz_clear(n);
    mpq_clear(p);
}

int main(void)
{
    mpz_t m, n;
    mpz_init_set_str(m, "9585058378", 10);
    mpz_init_set_ui(n, 1000000000UL);
    exact_digits seventeen = { { m, n, 7, 0 }, 17 };
    exact_digits thousand = { { m, n, 7, 0 }, 1000 };
    struct {
        const char *name;
        workload work;
        void *context;
        unsigned long calls;
        double target;
    } cases[] = {
        { "baseline: approximation in double", double_approximation, NULL, 100000, 0 },
        { "exact rate, 17 digits", certified_exact, &seventeen, 200, 1e-3 },
        { "exact rate, 1000 digits", certified_exact, &thousand, 5, 100e-3 },
        { "plan 1e9 1% in the library", whole_plan, NULL, 50, 20e-3 },
    };
    size_t count = sizeof cases / sizeof cases[0];
    double seconds[sizeof cases / sizeof cases[0]];
    for (size_t i = 0; i < count; i++)
        seconds[i] = median_seconds(cases[i].work, cases[i].context, cases[i].calls);
    printf("%-36s %14s %12s %12s\n", "calculator benchmark", "per call", "x baseline", "target");
    for (size_t i = 0; i < count; i++)
        printf("%-36s %11.3f us %12.0f %9.0f us\n", cases[i].name, seconds[i] * 1e6,
               seconds[i] / seconds[0], cases[i].target * 1e6);
    printf("\ncase,seconds_per_call,ratio_to_baseline,target_seconds\n");
    for (size_t i = 0; i < count; i++)
        printf("\"%s\",%.9g,%.6g,%.9g\n", cases[i].name, seconds[i], seconds[i] / seconds[0],
               cases[i].target);
    mpz_clears(m, n, (mpz_ptr)0);
    return 0;
}
