/*
 * command_plan_fields.c - the fields of a plan, as "bloomcalc plan" prints
 * them and "bloomcalc table" selects columns from them.  Keys are the
 * stable interface documented in the key registry (bloomcalc keys); labels and units are for
 * people reading the table format.
 */
#include "commands.h"
#include "fields.h"
#include "memory_fields.h"
#include "fpr.h"
#include "plan.h"

/* Memory of m bits: bytes, GB, GiB, bits per key. */
static void put_memory(bloom_fields *fields, const bloom_plan *plan)
{
    bloom_fields_integer(fields, "m_bits", "total bits m", "bits", plan->m_bits);
    bloom_fields_integer(fields, "bytes", "memory", "bytes", plan->bytes);
    bloom_fields_memory_units(fields, plan->bytes);
}

/* The hash counts and the three rates at (m, n, k); empty without probes. */
static void put_rates(bloom_fields *fields, const bloom_plan *plan, int probes)
{
    if (!probes) {
        static const char *const keys[] = { "k_real", "k", "fpr_approx", "fpr_bloom", "fpr_exact" };
        static const char *const labels[] = {
            "optimal real hash count (a Ribbon: none)", "hash count k (a Ribbon: none)",
            "rate, exponential approximation (not a Ribbon's)",
            "rate, Bloom's formula (not a Ribbon's)", "rate, exact (not a Ribbon's)" };
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
            bloom_fields_missing(fields, keys[i], labels[i]);
        return;
    }
    bloom_fields_quantity(fields, "k_real", "optimal real hash count (m/n) ln 2", NULL,
                          &plan->k_real);
    bloom_fields_unsigned(fields, "k", plan->k_fixed ? "hash count k (fixed)"
                                                     : "hash count k (best integer)", NULL, plan->k);
    bloom_fields_quantity(fields, "fpr_approx", "rate, exponential approximation", NULL,
                          &plan->fpr_approx);
    bloom_fields_quantity(fields, "fpr_bloom", "rate, Bloom's formula (a lower bound)", NULL,
                          &plan->fpr_bloom);
    bloom_fields_quantity(fields, "fpr_exact", "rate, exact", NULL, &plan->fpr_exact);
}

/* read_amp_hit and read_amp_miss, as quantities, with the unit's note. */
static void put_reads(bloom_fields *fields, const bloom_quantity *hit, const bloom_quantity *miss,
                      const char *note)
{
    bloom_fields_quantity(fields, "read_amp_hit", "probes, key on the deepest level", note, hit);
    bloom_fields_quantity(fields, "read_amp_miss", "probes, absent key", note, miss);
}

/* Read amplification: of the tree of a deployment's files when there is one, else at the
 * deployed filter's rate when it is described, else exact at the target rate when there is one. */
static void put_read_amplification(bloom_fields *fields, const bloom_plan *plan,
                                   const bloom_quantity *deployed_rate, const bloomcalc_tree_reads *tree)
{
    bloom_fields_unsigned(fields, "levels", "LSM levels, one filter each", NULL, plan->levels);
    if (tree != NULL) {
        bloom_fields_unsigned(fields, "l0_files", "L0 files, one filter each", NULL, tree->l0_files);
        put_reads(fields, tree->hit, tree->miss, "(L0 files and levels, at the rates as deployed)");
        bloom_fields_rational(fields, "read_amp_without_filters", "probes without filters, absent key",
                              NULL, tree->without);
        return;
    }
    if (deployed_rate != NULL) {
        bloom_lsm_arguments deployed = { plan->levels, *deployed_rate };
        bloom_quantity hit = { bloom_enclose_read_amplification_hit, &deployed, NULL };
        bloom_quantity miss = { bloom_enclose_read_amplification_miss, &deployed, NULL };
        put_reads(fields, &hit, &miss, "(at the rate as deployed)");
    } else if (plan->mode == BLOOM_PLAN_FOR_MEMORY) {
        put_reads(fields, &plan->read_amp_hit_achieved, &plan->read_amp_miss_achieved, "(at the exact rate)");
    } else {
        bloom_fields_rational(fields, "read_amp_hit", "probes, key on the deepest level",
                              "(at the target rate)", plan->read_amp_hit);
        bloom_fields_rational(fields, "read_amp_miss", "probes, absent key",
                              "(at the target rate)", plan->read_amp_miss);
    }
    bloom_fields_unsigned(fields, "read_amp_without_filters", "probes without filters, either",
                          NULL, plan->levels);
}

/* Why a Ribbon has no headroom: it is solved for its keys (more fail its banding). */
#define RIBBON_HOLDS_ITS_KEYS " (a Ribbon: none, it is solved for its n keys, no more)"

/* Headroom and overfill, when the plan computed them: p is the target, or the achieved rate. */
static void put_headroom(bloom_fields *fields, const bloom_plan *plan, int probes)
{
    static const char *const keys[BLOOM_PLAN_HEADROOM_BOUNDS] = { "n_at_2p", "n_at_10p" };
    static const char *const target_labels[BLOOM_PLAN_HEADROOM_BOUNDS] = {
        "most keys with exact rate <= 2p", "most keys with exact rate <= 10p" };
    static const char *const achieved_labels[BLOOM_PLAN_HEADROOM_BOUNDS] = {
        "most keys with exact rate <= 2x it", "most keys with exact rate <= 10x it" };
    static const char *const ribbon_labels[BLOOM_PLAN_HEADROOM_BOUNDS] = {
        "most keys within 2x the rate" RIBBON_HOLDS_ITS_KEYS,
        "most keys within 10x the rate" RIBBON_HOLDS_ITS_KEYS };
    int achieved = plan->mode == BLOOM_PLAN_FOR_MEMORY;
    if (plan->has_actual) {
        bloom_fields_integer(fields, "n_actual", "keys actually held", NULL, plan->n_actual);
        if (probes) {
            bloom_fields_quantity(fields, "fpr_exact_actual", "rate, exact, with them", NULL,
                                  &plan->fpr_exact_actual);
            bloom_fields_quantity(fields, "fpr_exact_actual_ratio",
                                  achieved ? "times the rate at n" : "times the target p", NULL,
                                  &plan->fpr_exact_actual_ratio);
        } else {
            bloom_fields_missing(fields, "fpr_exact_actual", "rate with them" RIBBON_HOLDS_ITS_KEYS);
            bloom_fields_missing(fields, "fpr_exact_actual_ratio",
                                 "times the rate at n" RIBBON_HOLDS_ITS_KEYS);
        }
    }
    for (int i = 0; plan->has_headroom && i < BLOOM_PLAN_HEADROOM_BOUNDS; i++) {
        const char *label = achieved ? achieved_labels[i] : target_labels[i];
        if (!probes)
            bloom_fields_missing(fields, keys[i], ribbon_labels[i]);
        else if (plan->n_at_bound_status[i] == BLOOM_OK)
            bloom_fields_integer(fields, keys[i], label, NULL, plan->n_at_bound[i]);
        else
            bloom_fields_missing(fields, keys[i], label);
    }
}

static void put_plan_for_rate(bloom_fields *fields, const bloom_plan *plan,
                               const bloom_quantity *deployed_rate, int probes,
                               const bloomcalc_tree_reads *tree)
{
    static const bloom_quantity inverse_ln2 = { bloom_enclose_inverse_ln2, NULL, NULL };
    bloom_fields_integer(fields, "n", "keys n", NULL, plan->n);
    bloom_fields_rational(fields, "p", "target false-positive rate p", NULL, plan->p);
    bloom_fields_quantity(fields, "inverse_ln2", "constant 1/ln 2", NULL, &inverse_ln2);
    bloom_fields_quantity(fields, "bits_per_key", "bits per key, log2(1/p) / ln 2", "bits",
                          &plan->bits_per_key);
    bloom_fields_quantity(fields, "bits_per_key_1_44", "bits per key, 1.44 log2(1/p)", "bits",
                          &plan->bits_per_key_1_44);
    bloom_fields_quantity(fields, "bits_per_key_gap", "difference per key", "bits",
                          &plan->bits_per_key_gap);
    bloom_fields_quantity(fields, "bytes_gap", "difference over n keys", "bytes", &plan->bytes_gap);
    bloom_fields_quantity(fields, "bits_per_key_lower_bound", "floor for any filter, log2(1/p)",
                          "bits", &plan->bits_per_key_lower_bound);
    put_memory(fields, plan);
    put_rates(fields, plan, probes);
    bloom_fields_integer(fields, "m_bits_meeting_target", "smallest m with exact rate <= p",
                         "bits", plan->m_bits_meeting_target);
    bloom_fields_unsigned(fields, "k_meeting_target", "hash count for it", NULL,
                          plan->k_meeting_target);
    if (probes) {
        bloom_fpr_arguments meeting = { plan->m_bits_meeting_target, plan->n, plan->k_meeting_target, 0 };
        bloom_quantity rate = bloom_fpr_exact_quantity(&meeting);
        bloom_fields_quantity(fields, "fpr_exact_meeting_target", "its exact rate", NULL, &rate);
    }
    bloom_fields_integer(fields, "bytes_meeting_target", "its memory", "bytes",
                         plan->bytes_meeting_target);
    bloom_fields_integer(fields, "extra_bytes_meeting_target", "more than m", "bytes",
                         plan->extra_bytes_meeting_target);
    put_headroom(fields, plan, probes);
    put_read_amplification(fields, plan, deployed_rate, tree);
}

static void put_plan_for_memory(bloom_fields *fields, const bloom_plan *plan,
                                 const bloom_quantity *deployed_rate, int probes,
                                 const bloomcalc_tree_reads *tree)
{
    bloom_fields_integer(fields, "n", "keys n", NULL, plan->n);
    put_memory(fields, plan);
    bloom_fields_rational(fields, "bits_per_key", "bits per key m/n", "bits",
                          plan->bits_per_key_actual);
    put_rates(fields, plan, probes);
    put_headroom(fields, plan, probes);
    put_read_amplification(fields, plan, deployed_rate, tree);
}

static void put_plan_for_capacity(bloom_fields *fields, const bloom_plan *plan,
                                   const bloom_quantity *deployed_rate, int probes,
                                   const bloomcalc_tree_reads *tree)
{
    bloom_fields_rational(fields, "p", "target false-positive rate p", NULL, plan->p);
    put_memory(fields, plan);
    bloom_fields_integer(fields, "n", "most keys with exact rate <= p", NULL, plan->n);
    bloom_fields_rational(fields, "bits_per_key", "bits per key m/n", "bits",
                          plan->bits_per_key_actual);
    put_rates(fields, plan, probes);
    put_headroom(fields, plan, probes);
    put_read_amplification(fields, plan, deployed_rate, tree);
}

void bloomcalc_plan_fields_in_tree(bloom_fields *fields, const bloom_plan *plan,
                                   const bloom_quantity *deployed_rate, int probes,
                                   const bloomcalc_tree_reads *tree)
{
    if (plan->mode == BLOOM_PLAN_FOR_RATE)
        put_plan_for_rate(fields, plan, deployed_rate, probes, tree);
    else if (plan->mode == BLOOM_PLAN_FOR_MEMORY)
        put_plan_for_memory(fields, plan, deployed_rate, probes, tree);
    else
        put_plan_for_capacity(fields, plan, deployed_rate, probes, tree);
}

void bloomcalc_plan_fields(bloom_fields *fields, const bloom_plan *plan,
                           const bloom_quantity *deployed_rate, int probes)
{
    bloomcalc_plan_fields_in_tree(fields, plan, deployed_rate, probes, NULL);
}
