/*
 * digits_work.c - whether a --digits request for a filter's exact rate fits
 * the work budget BLOOM_DIGITS_WORK, and the most digits that do
 * (digits_work.h, FORMULAS.md §o).
 */
#include "digits_work.h"

#include "bloom_limits.h"
#include "exit_status.h"
#include "fields.h"
#include "fpr.h"
#include "options.h"

/* Bits of precision for d significant digits, as the certified printing
 * asks (certified.c: 3.33 bits a digit, 32 guard bits, 32 more inside the
 * rate's enclosure). */
static mpfr_prec_t digits_precision(unsigned long digits, long extra_bits)
{
    return (mpfr_prec_t)((double)digits * 3.33) + 64 + extra_bits;
}

/* The work of `count` filters' exact rates to `digits` digits; with
 * `relative`, each at bits(m) more bits (a relative error of about 1/m,
 * printed to those digits, needs the rates to that many more). */
static double work_at(const bloom_fpr_arguments *filters, size_t count, unsigned long digits, int relative)
{
    double work = 0;
    for (size_t i = 0; i < count; i++) {
        long extra = relative ? (long)mpz_sizeinbase(filters[i].m, 2) : 0;
        work += bloom_fpr_exact_work(&filters[i], digits_precision(digits, extra));
    }
    return work;
}

int bloom_digits_affordable_rows(const struct bloom_command_line *line, const bloom_fpr_arguments *filters,
                                 size_t count, unsigned long digits, int relative)
{
    if (digits <= BLOOM_DEFAULT_DIGITS || work_at(filters, count, digits, relative) <= BLOOM_DIGITS_WORK)
        return BLOOM_EXIT_SUCCESS;
    unsigned long fits = BLOOM_DEFAULT_DIGITS, beyond = digits;   /* bisect the largest that fits */
    while (beyond - fits > 1) {
        unsigned long middle = fits + (beyond - fits) / 2;
        if (work_at(filters, count, middle, relative) <= BLOOM_DIGITS_WORK)
            fits = middle;
        else
            beyond = middle;
    }
    bloom_options_error(line, "--digits: %lu digits of %s exact rate%s would take about %.2g limb "
                        "operations to certify, more than %.0e (about half a second); accepted: at "
                        "most %lu digits for %s", digits, count == 1 ? "this filter's" : "these filters'",
                        count == 1 ? "" : "s", work_at(filters, count, digits, relative),
                        BLOOM_DIGITS_WORK, fits, count == 1 ? "this filter" : "these filters");
    return BLOOM_EXIT_USAGE;
}

int bloom_digits_affordable(const struct bloom_command_line *line, mpz_srcptr m, mpz_srcptr n,
                            unsigned long k, unsigned long digits)
{
    bloom_fpr_arguments filter = { m, n, k, 0 };
    return bloom_digits_affordable_rows(line, &filter, 1, digits, 0);
}
