/*
 * plan.c - assembles a plan from the sizing, rate and LSM modules.
 *
 * Nothing is computed here that those modules do not define; this file
 * decides which whole numbers to fix (m, k, n) for each of the three ways
 * of asking, and wires the certified quantities to the plan's numbers so
 * that a front end can print any of them at any precision.  See sizing.c
 * for why each whole number is chosen against the exact rate.
 */
#include "plan.h"

void bloom_plan_init(bloom_plan *plan)
{
    mpz_inits(plan->n, plan->m_bits, plan->bytes, plan->m_bits_meeting_target,
              plan->bytes_meeting_target, plan->extra_bytes_meeting_target, (mpz_ptr)0);
    mpq_inits(plan->p, plan->bytes_si, plan->bytes_iec, plan->bits_per_key_actual,
              plan->read_amp_hit, plan->read_amp_miss, (mpq_ptr)0);
    plan->k = plan->k_meeting_target = 0;
    plan->k_fixed = 0;
    plan->levels = 0;
    static const unsigned long factors[BLOOM_PLAN_HEADROOM_BOUNDS] = { 2, 10 };
    for (int i = 0; i < BLOOM_PLAN_HEADROOM_BOUNDS; i++) {
        mpz_init(plan->n_at_bound[i]);
        mpq_init(plan->headroom_factor[i]);
        mpq_set_ui(plan->headroom_factor[i], factors[i], 1);
        plan->n_at_bound_status[i] = BLOOM_UNDEFINED;
    }
    plan->has_actual = plan->has_headroom = 0;
    mpz_init(plan->n_actual);
}

void bloom_plan_clear(bloom_plan *plan)
{
    mpz_clears(plan->n, plan->m_bits, plan->bytes, plan->m_bits_meeting_target,
               plan->bytes_meeting_target, plan->extra_bytes_meeting_target, (mpz_ptr)0);
    mpq_clears(plan->p, plan->bytes_si, plan->bytes_iec, plan->bits_per_key_actual,
               plan->read_amp_hit, plan->read_amp_miss, (mpq_ptr)0);
    for (int i = 0; i < BLOOM_PLAN_HEADROOM_BOUNDS; i++) {
        mpz_clear(plan->n_at_bound[i]);
        mpq_clear(plan->headroom_factor[i]);
    }
    mpz_clear(plan->n_actual);
}

/* The rate the headroom is measured against: the target p, or the exact rate achieved. */
static void set_headroom_reference(bloom_plan *plan)
{
    if (plan->mode == BLOOM_PLAN_FOR_MEMORY)
        plan->headroom_reference = plan->fpr_exact;
    else
        plan->headroom_reference =
            (bloom_quantity){ bloom_enclose_rational, plan->p, bloom_exact_rational };
}

int bloom_plan_headroom_within(bloom_plan *plan, const bloom_quantity *reference, bloom_keys_rate rate_at,
                               void *context)
{
    plan->has_headroom = 1;
    /* both searches compare against the same reference: evaluated once a precision */
    bloom_quantity_memo remembered;
    bloom_quantity_memo_init(&remembered, reference);
    int status = BLOOM_OK;
    mpz_srcptr from = plan->n;
    for (int i = 0; status == BLOOM_OK && i < BLOOM_PLAN_HEADROOM_BOUNDS; i++) {
        bloom_quantity_scaled scaled = { bloom_quantity_memo_of(&remembered), plan->headroom_factor[i] };
        bloom_quantity bound = { bloom_enclose_scaled, &scaled, bloom_exact_scaled };
        /* a described filter's search starts from the planned keys (the standard filter's
         * start can be far from a described one's), a larger bound's from the keys within the
         * smaller: nearer, and past where a hash's collisions may flatten the rate */
        int found = rate_at == NULL
            ? bloom_largest_keys_within(plan->n_at_bound[i], plan->m_bits, plan->k, &bound)
            : bloom_largest_keys_within_rate(plan->n_at_bound[i], rate_at, context, from, plan->m_bits,
                                             plan->k, &bound);
        plan->n_at_bound_status[i] = found;
        if (found == BLOOM_OK && mpz_cmp(plan->n_at_bound[i], from) > 0)
            from = plan->n_at_bound[i];
        /* BLOOM_UNDEFINED (2p or 10p at least 1) leaves only that field empty;
         * the others refuse the plan, never a silently empty field */
        if (found == BLOOM_UNRESOLVED)
            status = found;
    }
    bloom_quantity_memo_clear(&remembered);
    return status;
}

int bloom_plan_headroom(bloom_plan *plan)
{
    set_headroom_reference(plan);
    return bloom_plan_headroom_within(plan, &plan->headroom_reference, NULL, NULL);
}

void bloom_plan_actual_keys(bloom_plan *plan, mpz_srcptr n_actual)
{
    set_headroom_reference(plan);
    plan->has_actual = 1;
    mpz_set(plan->n_actual, n_actual);
    plan->actual_arguments = (bloom_fpr_arguments){ plan->m_bits, plan->n_actual, plan->k, 0 };
    plan->fpr_exact_actual = bloom_fpr_exact_quantity(&plan->actual_arguments);
    plan->actual_over_target = (bloom_quantity_pair){ plan->fpr_exact_actual, plan->headroom_reference };
    plan->fpr_exact_actual_ratio = (bloom_quantity){ bloom_enclose_ratio, &plan->actual_over_target,
                                                     bloom_exact_ratio };
}

int bloom_enclose_inverse_ln2(mpfi_ptr result, const void *arguments)
{
    (void)arguments;
    mpfi_const_log2(result);
    mpfi_ui_div(result, 1, result);
    return BLOOM_OK;
}

/* bytes, GB and GiB for m bits. */
static void set_memory(bloom_plan *plan)
{
    bloom_bytes_for_bits(plan->bytes, plan->m_bits);
    bloom_memory_units(plan->bytes_si, plan->bytes_iec, plan->bytes);
    mpq_set_num(plan->bits_per_key_actual, plan->m_bits);
    mpq_set_den(plan->bits_per_key_actual, plan->n);
    mpq_canonicalize(plan->bits_per_key_actual);
}

/* Points every quantity at the plan's own numbers. */
static void wire_quantities(bloom_plan *plan, unsigned long levels)
{
    plan->levels = levels;
    plan->sizing.p = plan->p;
    plan->sizing.k = plan->k;
    plan->sizing.n = plan->n;
    plan->sizing.m = plan->m_bits;
    plan->rate_arguments.m = plan->m_bits;
    plan->rate_arguments.n = plan->n;
    plan->rate_arguments.k = plan->k;
    plan->rate_arguments.query_probes = 0;
    plan->bits_per_key = (bloom_quantity){ bloom_enclose_bits_per_key, &plan->sizing, NULL };
    plan->bits_per_key_1_44 = (bloom_quantity){ bloom_enclose_bits_per_key_1_44, &plan->sizing, NULL };
    plan->bits_per_key_gap = (bloom_quantity){ bloom_enclose_bits_per_key_gap, &plan->sizing, NULL };
    plan->bits_per_key_lower_bound =
        (bloom_quantity){ bloom_enclose_bits_per_key_lower_bound, &plan->sizing, NULL };
    plan->bytes_gap = (bloom_quantity){ bloom_enclose_bytes_gap, &plan->sizing, NULL };
    plan->k_real = (bloom_quantity){ bloom_enclose_optimal_hashes, &plan->sizing, NULL };
    plan->fpr_approx = bloom_fpr_approx_quantity(&plan->rate_arguments);
    plan->fpr_bloom = bloom_fpr_bloom_quantity(&plan->rate_arguments);
    plan->fpr_exact = bloom_fpr_exact_quantity(&plan->rate_arguments);
    plan->lsm_arguments.levels = levels;
    plan->lsm_arguments.rate = plan->fpr_exact;
    plan->read_amp_hit_achieved =
        (bloom_quantity){ bloom_enclose_read_amplification_hit, &plan->lsm_arguments, NULL };
    plan->read_amp_miss_achieved =
        (bloom_quantity){ bloom_enclose_read_amplification_miss, &plan->lsm_arguments, NULL };
    bloom_read_amplification_hit(plan->read_amp_hit, levels, plan->p);
    bloom_read_amplification_miss(plan->read_amp_miss, levels, plan->p);
}

/* k = fixed_k, or the best integer k for m_bits and n. */
static int choose_hashes(bloom_plan *plan, unsigned long fixed_k)
{
    plan->k_fixed = fixed_k != 0;
    if (fixed_k != 0) {
        plan->k = fixed_k;
        return BLOOM_OK;
    }
    return bloom_best_hashes(&plan->k, plan->m_bits, plan->n);
}

int bloom_plan_for_rate(bloom_plan *plan, mpz_srcptr n, mpq_srcptr p,
                        unsigned long fixed_k, unsigned long levels)
{
    plan->mode = BLOOM_PLAN_FOR_RATE;
    mpz_set(plan->n, n);
    mpq_set(plan->p, p);
    int status = bloom_total_bits(plan->m_bits, n, p);
    if (status == BLOOM_OK)
        status = choose_hashes(plan, fixed_k);
    if (status == BLOOM_OK)
        status = bloom_smallest_bits_meeting(plan->m_bits_meeting_target,
                                             &plan->k_meeting_target, n, p, fixed_k);
    if (status != BLOOM_OK)
        return status;
    set_memory(plan);
    bloom_bytes_for_bits(plan->bytes_meeting_target, plan->m_bits_meeting_target);
    mpz_sub(plan->extra_bytes_meeting_target, plan->bytes_meeting_target, plan->bytes);
    wire_quantities(plan, levels);
    return BLOOM_OK;
}

int bloom_plan_for_memory(bloom_plan *plan, mpz_srcptr n, mpz_srcptr m,
                          unsigned long fixed_k, unsigned long levels)
{
    plan->mode = BLOOM_PLAN_FOR_MEMORY;
    mpz_set(plan->n, n);
    mpz_set(plan->m_bits, m);
    mpq_set_ui(plan->p, 0, 1);
    int status = choose_hashes(plan, fixed_k);
    if (status != BLOOM_OK)
        return status;
    set_memory(plan);
    wire_quantities(plan, levels);
    return BLOOM_OK;
}

int bloom_plan_for_capacity(bloom_plan *plan, mpz_srcptr m, mpq_srcptr p,
                            unsigned long fixed_k, unsigned long levels)
{
    plan->mode = BLOOM_PLAN_FOR_CAPACITY;
    mpz_set(plan->m_bits, m);
    mpq_set(plan->p, p);
    plan->k_fixed = fixed_k != 0;
    int status = bloom_largest_keys_meeting(plan->n, &plan->k, m, p, fixed_k);
    if (status != BLOOM_OK)
        return status;
    if (mpz_sgn(plan->n) == 0)
        return BLOOM_UNDEFINED;   /* not even one key fits at this rate */
    set_memory(plan);
    wire_quantities(plan, levels);
    return BLOOM_OK;
}
