/*
 * layout_prediction.c - calc's rate for a built layout, the sizing proxy
 * and the verdict (layout_prediction.h).
 *
 * The proxy's second moment keeps the standard filter's ratio
 * p2/p^2 = 1 + Var(P_F)/p^2 (the squared coefficient of variation of the
 * per-filter rate plus one, FORMULAS.md §a.7) and applies it to the layout's
 * rate; when calc could not give the standard second moment the proxy
 * says so (NaN), and the harness then falls back to its own defaults.
 * A Ribbon's rate is the same for every instance (each compared result
 * bit of an absent key is a fair coin whatever the filter: ribbon_filter.c),
 * so its proxy is p2 = p^2 exactly and its intervals need no design effect.
 */
#include <math.h>
#include <string.h>

#include "layout_prediction.h"

int sim_layout_prediction_compute(sim_layout_prediction *prediction, const sim_layout *layout,
                                  uint64_t keys)
{
    memset(prediction, 0, sizeof *prediction);
    mpz_init(prediction->bits);
    mpz_init(prediction->keys);
    sim_mpz_set_u64(prediction->bits, layout->bits);
    sim_mpz_set_u64(prediction->keys, keys);
    bloom_layout_arguments arguments = { layout->kind, prediction->bits, prediction->keys,
                                         layout->hashes, (unsigned long)layout->block_bits,
                                         BLOOM_LOAD_BINOMIAL, layout->hash_bits, layout->index_bits,
                                         layout->slots, layout->arithmetic };
    prediction->arguments = arguments;
    prediction->quantity = bloom_fpr_layout_quantity(&prediction->arguments);
    int status = sim_quantity_double(&prediction->value, &prediction->quantity);
    if (layout->kind == BLOOM_LAYOUT_RIBBON)
        return status;               /* no standard filter to borrow a spread from */
    prediction->has_reachable = 1;
    if (sim_predictions_compute(&prediction->reachable, layout->reachable, keys, layout->hashes) != BLOOM_OK)
        prediction->reachable.second_moment = NAN;
    return status;
}

void sim_layout_prediction_free(sim_layout_prediction *prediction)
{
    if (prediction->has_reachable)
        sim_predictions_free(&prediction->reachable);
    mpz_clear(prediction->bits);
    mpz_clear(prediction->keys);
}

void sim_layout_sizing_proxy(sim_predictions *proxy, const sim_layout_prediction *prediction)
{
    memset(proxy, 0, sizeof *proxy);
    double p = prediction->value;
    for (int which = 0; which < SIM_PREDICTION_COUNT; which++)
        proxy->value[which] = p;
    if (!prediction->has_reachable) {   /* a Ribbon: every instance has the rate p exactly */
        proxy->second_moment = p * p;
        return;
    }
    double standard = prediction->reachable.value[SIM_PREDICTION_EXACT];
    double ratio = prediction->reachable.second_moment / (standard * standard);
    proxy->second_moment = standard > 0 && isfinite(ratio) ? fmin(p * p * ratio, p) : NAN;
}

sim_verdict sim_layout_verdict(double layout_rate, const double *rivals, sim_interval interval)
{
    double values[1 + SIM_PREDICTION_COUNT];
    sim_verdict verdicts[1 + SIM_PREDICTION_COUNT];
    values[0] = layout_rate;
    memcpy(values + 1, rivals, SIM_PREDICTION_COUNT * sizeof *values);
    sim_verdicts(values, 1 + SIM_PREDICTION_COUNT, interval, verdicts);
    return verdicts[0];
}
