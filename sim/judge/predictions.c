/*
 * predictions.c - the calculator's predictions for a simulated filter (see
 * predictions.h).
 *
 * Each rate is a calc quantity (an enclose function and its arguments);
 * bloom_quantity_round gives a correctly rounded double (53-bit MPFR
 * value; calc's exact functions settle values that are doubles, like 5/8), so the verdicts rest on certified enclosures as the printed
 * digits do.  The second moment E[(X/m)^(2k)] is the exact rate with 2k
 * query probes (fpr.h, query_probes), which is why k is limited to
 * BLOOM_MAX_HASHES/2.  A rate sum encloses each term at the working
 * precision and adds the intervals with MPFI's outward rounding, so the
 * sum is certified too.
 */
#include <math.h>

#include "predictions.h"

const char *const sim_prediction_names[] = { "exact", "bloom", "approx", NULL };

typedef bloom_quantity (*quantity_constructor)(const bloom_fpr_arguments *arguments);

static const quantity_constructor prediction_quantities[SIM_PREDICTION_COUNT] = {
    bloom_fpr_exact_quantity, bloom_fpr_bloom_quantity, bloom_fpr_approx_quantity
};

void sim_mpz_set_u64(mpz_ptr value, uint64_t number)
{
    mpz_import(value, 1, 1, sizeof number, 0, 0, &number);
}

int sim_quantity_double(double *value, const bloom_quantity *quantity)
{
    mpfr_t rounded;
    mpfr_init2(rounded, 53);
    int status = bloom_quantity_round(rounded, quantity, MPFR_RNDN, NULL);
    *value = mpfr_get_d(rounded, MPFR_RNDN);
    mpfr_clear(rounded);
    return status;
}

/* An approximation of the quantity (the midpoint of a 128-bit enclosure):
 * enough for a variance, and available even where rounding cannot be
 * certified (a moment that is exactly a double, like 17/32). */
static int approximate(double *value, const bloom_quantity *quantity)
{
    mpfi_t enclosure;
    mpfr_t middle;
    mpfi_init2(enclosure, 128);
    mpfr_init2(middle, 128);
    int status = quantity->enclose(enclosure, quantity->arguments);
    mpfi_mid(middle, enclosure);
    *value = status == BLOOM_OK ? mpfr_get_d(middle, MPFR_RNDN) : NAN;
    mpfr_clear(middle);
    mpfi_clear(enclosure);
    return status;
}

int sim_predictions_compute(sim_predictions *predictions, uint64_t bits, uint64_t keys,
                            unsigned hashes)
{
    mpz_init(predictions->bits);
    mpz_init(predictions->keys);
    sim_mpz_set_u64(predictions->bits, bits);
    sim_mpz_set_u64(predictions->keys, keys);
    bloom_fpr_arguments arguments = { predictions->bits, predictions->keys, hashes, hashes };
    predictions->arguments = arguments;
    int status = BLOOM_OK;
    for (int which = 0; which < SIM_PREDICTION_COUNT; which++) {
        predictions->quantity[which] = prediction_quantities[which](&predictions->arguments);
        if (status == BLOOM_OK)
            status = sim_quantity_double(&predictions->value[which], &predictions->quantity[which]);
    }
    bloom_fpr_arguments moment_arguments = { predictions->bits, predictions->keys, hashes,
                                             2UL * hashes };
    bloom_quantity moment = bloom_fpr_exact_quantity(&moment_arguments);
    if (status != BLOOM_OK || approximate(&predictions->second_moment, &moment) != BLOOM_OK)
        predictions->second_moment = NAN;
    return status;
}

void sim_predictions_free(sim_predictions *predictions)
{
    mpz_clear(predictions->bits);
    mpz_clear(predictions->keys);
}

int sim_enclose_rate_sum(mpfi_ptr result, const void *arguments)
{
    const sim_rate_sum *sum = arguments;
    mpfi_t term;
    mpfi_init2(term, mpfi_get_prec(result));
    mpfi_set_ui(result, sum->constant);
    int status = BLOOM_OK;
    for (size_t i = 0; i < sum->count && status == BLOOM_OK; i++) {
        status = sum->quantities != NULL ? sum->quantities[i].enclose(term, sum->quantities[i].arguments)
                                         : bloom_enclose_fpr_exact(term, &sum->rates[i]);
        mpfi_add(result, result, term);
    }
    mpfi_clear(term);
    return status;
}
