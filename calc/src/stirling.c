/*
 * stirling.c - the Stirling numbers of the second kind S(j, i), i = 0..j
 * (stirling.h), the weights of every exact rate (fpr.c).
 *
 * A row j costs j^2/2 multiply-adds of integers up to j log2(j) bits by the
 * recurrence S(a, i) = i S(a - 1, i) + S(a - 1, i - 1), and one run asks for
 * the same rows again and again: each k a best-k search tries needs S(k, .),
 * each small filter's exact fraction S(kn, .) (up to 256), once per
 * sub-filter of a grown filter, per table row, per search step.  So the
 * triangle of rows 0..J is kept, extended to the largest j asked and never
 * recomputed: at most 257 rows, about 4 MB.  It is the calling thread's own
 * (thread-local, as the library keeps all its state: bloomcalc.h), freed by
 * bloom_fpr_free_cache (fpr.h).
 */
#include <stdlib.h>

#include "stirling.h"

static _Thread_local mpz_t *triangle;          /* row a at a (a + 1) / 2, entries i = 0..a */
static _Thread_local unsigned long rows_kept;  /* rows 0 .. rows_kept - 1 */

static size_t row_start(unsigned long a)
{
    return (size_t)a * (a + 1) / 2;
}

/* Adds rows rows_kept .. j to the triangle. */
static void extend(unsigned long j)
{
    mpz_t *grown = realloc(triangle, row_start(j + 1) * sizeof *grown);
    if (grown == NULL)
        abort();
    triangle = grown;
    for (unsigned long a = rows_kept; a <= j; a++) {
        mpz_t *row = &triangle[row_start(a)];
        for (unsigned long i = 0; i <= a; i++)
            mpz_init_set_ui(row[i], i == a);    /* S(a, a) = 1; S(a, 0) = 0 for a >= 1 */
        if (a == 0)
            continue;
        const mpz_t *above = &triangle[row_start(a - 1)];
        for (unsigned long i = 1; i < a; i++) {
            mpz_mul_ui(row[i], above[i], i);
            mpz_add(row[i], row[i], above[i - 1]);
        }
    }
    rows_kept = j + 1;
}

const __mpz_struct *bloom_stirling_row(unsigned long j)
{
    if (j >= rows_kept)
        extend(j);
    return triangle[row_start(j)];
}

void bloom_stirling_free_cache(void)
{
    for (size_t i = 0; i < row_start(rows_kept); i++)
        mpz_clear(triangle[i]);
    free(triangle);
    triangle = NULL;
    rows_kept = 0;
}
