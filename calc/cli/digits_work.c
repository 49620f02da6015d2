/*
 * digits_work.c - whether a --digits request for a filter's exact rate fits
 * the work budget BLOOM_DIGITS_WORK, and the most digits that do
 * (digits_work.h, FORMULAS.md §o).
 */
#include "digits_work.h"

#include "bloom_limits.h"
#include "certified.h"
#include "exit_status.h"
#include "fields.h"
#include "fpr.h"
#include "options.h"

/* The working precision for d significant digits: what the certified
 * printing asks first (bloom_decimal_precision), the bits the rate's
 * enclosure adds (BLOOM_EXACT_RATE_INNER_BITS), and `extra_bits`. */
static mpfr_prec_t digits_precision(unsigned long digits, long extra_bits)
{
    return bloom_decimal_precision(digits) + BLOOM_EXACT_RATE_INNER_BITS + extra_bits;
}

/* The work of `count` filters' exact rates to `digits` digits; with
 * `relative`, each at bits(m) more bits (a relative error of about 1/m,
 * printed to those digits, needs the rates to that many more); with
 * `doubled`, once more at twice the precision (see relative_error_bits). */
static double work_at(const bloom_fpr_arguments *filters, size_t count, unsigned long digits, int relative,
                      int doubled)
{
    double work = 0;
    for (size_t i = 0; i < count; i++) {
        long extra = relative ? (long)mpz_sizeinbase(filters[i].m, 2) : 0;
        mpfr_prec_t precision = digits_precision(digits, extra);
        work += bloom_fpr_exact_work(&filters[i], precision);
        if (doubled)
            work += bloom_fpr_exact_work(&filters[i], 2 * precision);
    }
    return work;
}

/* BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE after the message with the most digits that fit. */
static int affordable(const struct bloom_command_line *line, const bloom_fpr_arguments *filters, size_t count,
                      unsigned long digits, int relative, int doubled)
{
    if (digits <= BLOOM_DEFAULT_DIGITS)
        return BLOOM_EXIT_SUCCESS;
    double asked = work_at(filters, count, digits, relative, doubled);
    if (asked <= BLOOM_DIGITS_WORK)
        return BLOOM_EXIT_SUCCESS;
    unsigned long fits = BLOOM_DEFAULT_DIGITS, beyond = digits;   /* bisect the largest that fits */
    while (beyond - fits > 1) {
        unsigned long middle = fits + (beyond - fits) / 2;
        if (work_at(filters, count, middle, relative, doubled) <= BLOOM_DIGITS_WORK)
            fits = middle;
        else
            beyond = middle;
    }
    bloom_options_error(line, "--digits: %lu digits of %s exact rate%s would take about %.2g limb "
                        "operations to certify, more than %.0e (a fifth of the work budget, about a tenth of "
                        "a second); accepted: at most %lu digits for %s", digits, count == 1 ? "this filter's" : "these filters'",
                        count == 1 ? "" : "s", asked, BLOOM_DIGITS_WORK, fits, count == 1 ? "this filter" : "these filters");
    return BLOOM_EXIT_USAGE;
}

int bloom_digits_affordable_rows(const struct bloom_command_line *line, const bloom_fpr_arguments *filters,
                                 size_t count, unsigned long digits, int relative)
{
    return affordable(line, filters, count, digits, relative, 0);
}

/*
 * The bits Bloom's formula's relative error e = B/E - 1 lies below 1,
 * log2(1/|e|), from one enclosure at 128 bits (0 when it does not tell):
 * printing e to d digits needs the rates to that many more bits than d
 * digits; past certified.c's 32 guard bits the printing evaluates them
 * again at twice the precision (fpr -m 2^128 -n 2^64 -k 300, e = -6.6e-35:
 * at 800 digits 2 760 bits and then 5 520, by the alternating sum, 5 s).
 */
static unsigned long relative_error_bits(const bloom_fpr_arguments *filter)
{
    bloom_fpr_comparison comparison = { filter, 1 };
    mpfi_t error;
    mpfi_init2(error, 128);
    unsigned long bits = 0;
    if (bloom_enclose_fpr_relative_error(error, &comparison) == BLOOM_OK && mpfi_bounded_p(error)
        && !mpfi_has_zero(error)) {
        mpfr_t middle;
        mpfr_init2(middle, 128);
        mpfi_mid(middle, error);
        if (mpfr_get_exp(middle) < 0)
            bits = (unsigned long)-mpfr_get_exp(middle);
        mpfr_clear(middle);
    }
    mpfi_clear(error);
    return bits;
}

int bloom_digits_affordable(const struct bloom_command_line *line, mpz_srcptr m, mpz_srcptr n,
                            unsigned long k, unsigned long digits)
{
    bloom_fpr_arguments filter = { m, n, k, 0 };
    if (digits <= BLOOM_DEFAULT_DIGITS)
        return BLOOM_EXIT_SUCCESS;
    return affordable(line, &filter, 1, digits, 0, relative_error_bits(&filter) > 32);
}
