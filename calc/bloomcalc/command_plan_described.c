/*
 * command_plan_described.c - one plan of a filter as deployed, shared by
 * "bloomcalc plan" and every row of "bloomcalc table" (planned by
 * bloom_plan_described, sizing_given.h), its fields printed with the read amplification at the
 * rate of the filter as described (fpr_layout, layouts.h), not at the
 * standard filter's: an absent key costs L x fpr_layout probes, a key on
 * the deepest level 1 + (L - 1) fpr_layout (lsm.h; linearity of
 * expectation, calc/FORMULAS.md §c).  For RocksDB at 10 bits a key
 * (blocked, k = 6) that is 5 x 0.966 % = 0.0483 over 5 levels, where the
 * standard filter's 0.843 % gives 0.0422.  RocksDB's native input is bits per
 * key: "-n N -c C --library rocksdb" is RocksDB's sizing for C bits a key
 * (bloom_description_library_sizing_per_key: its k, 6 at 10 bits a key).
 * The headroom (n_at_2p, n_at_10p: the most keys whose rate stays within 2p
 * and 10p) follows the described filter's rate too: the search of
 * bloom_largest_keys_within_rate over fpr_layout with n keys, the
 * reference p the target or, given m, the described filter's achieved rate.
 */
#include "commands.h"
#include "description.h"
#include "fields.h"
#include "plan.h"

/* The described filter as a function of its keys, for the headroom search. */
typedef struct described_keys {
    const bloom_layout_description *description;
    mpz_srcptr m;
    unsigned long k;
    int k_given, live;
    bloom_deployed_filter filter;
} described_keys;

static int described_rate(bloom_quantity *rate, mpz_srcptr n, void *context)
{
    described_keys *keys = context;
    if (keys->live)
        bloom_deployed_filter_clear(&keys->filter);
    int problem = bloom_deployed_filter_init(&keys->filter, keys->description, keys->m, n, keys->k,
                                             keys->k_given);
    keys->live = 1;
    if (problem != BLOOM_DESCRIPTION_OK)
        return BLOOM_UNDEFINED;
    *rate = bloom_fpr_layout_quantity(&keys->filter.layout);
    return BLOOM_OK;
}

int bloomcalc_plan_described_headroom(bloom_plan *plan, const bloom_layout_description *description,
                                      int described)
{
    if (!described)
        return bloom_plan_headroom(plan);
    described_keys at_plan = { .description = description, .m = plan->m_bits, .k = plan->k,
                               .k_given = plan->k_fixed, .live = 0 };
    described_keys searched = at_plan;
    bloom_quantity reference = { bloom_enclose_rational, plan->p, bloom_exact_rational };
    int status = BLOOM_OK;
    if (plan->mode == BLOOM_PLAN_FOR_MEMORY)   /* the rate achieved: the described filter's */
        status = described_rate(&reference, plan->n, &at_plan);
    if (status == BLOOM_OK)
        status = bloom_plan_headroom_within(plan, &reference, described_rate, &searched);
    plan->has_headroom = 1;
    if (at_plan.live)
        bloom_deployed_filter_clear(&at_plan.filter);
    if (searched.live)
        bloom_deployed_filter_clear(&searched.filter);
    return status;
}

int bloomcalc_plan_described_fields(bloom_fields *fields, const bloom_plan *plan,
                                    const bloom_layout_description *description, int described,
                                    const bloom_command_line *line)
{
    if (!described) {
        bloomcalc_plan_fields(fields, plan, NULL, 1);
        return BLOOM_EXIT_SUCCESS;
    }
    bloom_deployed_filter filter;
    int status = bloom_description_settle(&filter, description, plan->m_bits, plan->n, plan->k,
                                          plan->k_fixed, line);
    int ribbon = filter.layout.kind == BLOOM_LAYOUT_RIBBON;
    if (status == BLOOM_EXIT_SUCCESS) {
        bloom_quantity rate = bloom_fpr_layout_quantity(&filter.layout);
        bloomcalc_plan_fields(fields, plan, &rate, !ribbon);
        bloom_description_fields(fields, &filter);
    }
    bloom_deployed_filter_clear(&filter);
    return status;
}
