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
 * With a unit (--keys-per-filter, or RocksDB's --file-size and
 * --entry-size) the plan is of one filter of the unit's keys, as the engine
 * sizes it, and the deployment's fields add up the ceil(n/N) filters: the
 * memory as the engine allocates it (rounding and metadata, the partial last
 * filter sized for its own keys) and the rate weighted by the absent lookups
 * each filter answers (deployment.h), at which the read amplification is.
 * For a library whose knob is bits per key (RocksDB), the setting that
 * sized the filter leads its lines: the smallest bits_per_key whose filter
 * meets p (bloom_rule_setting_for_rate; for a deployment, one setting that
 * every filter meets p with, as the engine applies one to all its files).
 */
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "deployment.h"
#include "library_rules.h"
#include "description.h"
#include "fields.h"
#include "numbers.h"
#include "output.h"
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

int bloomcalc_knob_setting(mpq_ptr setting, int *short_of_p, const bloom_layout_description *description,
                           const mpz_srcptr *keys, size_t count, mpq_srcptr p)
{
    *short_of_p = 0;
    if (p == NULL || description->library == 0
        || !bloom_rule_has_knob(bloom_library_rule(description->library)))
        return BLOOM_UNDEFINED;
    return bloom_rule_setting_for_rate(setting, short_of_p, bloom_library_rule(description->library),
                                       keys, count, p);
}

/* bits_per_key_setting (NULL: none), and a note when no setting meets p. */
static void put_setting(bloom_fields *fields, mpq_srcptr setting, int short_of_p)
{
    static const char label[] = "bits_per_key to set for p";
    if (setting == NULL) {
        bloom_fields_missing(fields, "bits_per_key_setting", label);
        return;
    }
    /* at most 6 significant digits (99.999): exact, as the user types it */
    bloom_record_take(&fields->record, BLOOM_FIELD_NUMBER, "bits_per_key_setting", label, "bits per key",
                      bloom_format_rational(setting, 6));
    if (short_of_p)
        bloom_fields_text(fields, "note", "note",
                          "no bits_per_key setting meets p for these keys: this is the library's "
                          "largest, and fpr_layout is above p");
}

int bloomcalc_plan_described_fields(bloom_fields *fields, const bloom_plan *plan,
                                    const bloom_layout_description *description, int described,
                                    mpq_srcptr p, const bloom_command_line *line)
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
        mpq_t setting;
        mpq_init(setting);
        mpz_srcptr keys[] = { plan->n };
        int short_of_p = 0;
        int searched = bloomcalc_knob_setting(setting, &short_of_p, description, keys, 1, p);
        if (searched != BLOOM_OK && searched != BLOOM_UNDEFINED)
            fields->status = searched;
        put_setting(fields, searched == BLOOM_OK ? setting : NULL, short_of_p);
        if (ribbon && p != NULL)
            bloom_fields_text(fields, "note", "note",
                              "a Ribbon is sized at NewRibbonFilterPolicy(log2(1/p)/ln 2) (the textbook "
                              "bits per key) and not at a setting searched to meet p (only --library "
                              "rocksdb's Bloom filter is); its rate fpr_layout is RocksDB's estimate for "
                              "the Bloom filter of that setting and can exceed p");
        bloom_description_fields(fields, &filter);
        mpq_clear(setting);
    }
    bloom_deployed_filter_clear(&filter);
    return status;
}

/* The bytes one settled filter takes as its library allocates it: its bits and its metadata. */
static void filter_bytes(mpz_ptr rop, const bloom_deployed_filter *filter)
{
    bloom_bytes_for_bits(rop, filter->allocated);
    if (filter->description.library != 0)
        mpz_add_ui(rop, rop, bloom_library_metadata_bytes(filter->description.library));
}

/* Memory of the deployment: a full filter's, the last one's, and all of them. */
static void put_deployment_memory(bloom_fields *fields, const bloom_deployment *deployment,
                                  mpz_srcptr each, mpz_srcptr partial)
{
    mpz_t total;
    mpz_init(total);
    mpz_sub_ui(total, deployment->filters, 1);
    mpz_mul(total, total, each);
    mpz_add(total, total, partial);
    mpz_add(total, total, deployment->index_bytes);   /* LevelDB's offsets and trailers; else 0 */
    bloom_fields_integer(fields, "filters", "filters, ceil(n / keys per filter)", NULL, deployment->filters);
    if (mpz_sgn(deployment->tables) > 0) {
        bloom_fields_integer(fields, "filters_empty", "empty filters, 2 KiB without a block start", NULL,
                             deployment->empty_filters);
        bloom_fields_integer(fields, "tables", "tables (filter blocks)", NULL, deployment->tables);
        bloom_fields_integer(fields, "bytes_filter_index", "filter offsets and trailers", "bytes",
                             deployment->index_bytes);
    } else {
        bloom_fields_missing(fields, "filters_empty", "empty filters, 2 KiB without a block start");
        bloom_fields_missing(fields, "tables", "tables (filter blocks)");
        bloom_fields_missing(fields, "bytes_filter_index", "filter offsets and trailers");
    }
    bloom_fields_integer(fields, "keys_last_filter", "keys of the last filter", NULL, deployment->last_keys);
    bloom_fields_integer(fields, "bytes_per_filter", "memory of a full filter, with metadata", "bytes", each);
    bloom_fields_integer(fields, "bytes_last_filter", "memory of the last filter, with metadata", "bytes",
                         partial);
    bloom_fields_integer(fields, "bytes_total", "memory of all the filters", "bytes", total);
    mpz_clear(total);
}

/* The rates of the last filter, of the worse of the two, and of the deployment (deployment.h). */
static void put_deployment_rates(bloom_fields *fields, const bloom_quantity *full, const bloom_quantity *last,
                                 const bloom_quantity *mean)
{
    int sign = 0;
    int status = full == last ? BLOOM_OK : bloom_quantity_compare(&sign, full, last);
    bloom_fields_quantity(fields, "fpr_last_filter", "rate of the last filter as deployed", NULL, last);
    if (status == BLOOM_OK)
        bloom_fields_quantity(fields, "fpr_worst", "rate of the worst filter", NULL, sign >= 0 ? full : last);
    else
        bloom_fields_missing(fields, "fpr_worst", "rate of the worst filter");
    bloom_fields_quantity(fields, "fpr_deployment", "rate, mean over absent lookups", NULL, mean);
}

const bloom_quantity *bloomcalc_deployment_rate(bloom_quantity *storage, bloom_deployment_mean *mean,
                                                const bloom_deployment *deployment, mpz_srcptr n,
                                                const bloom_quantity *full, const bloom_quantity *last)
{
    if (full == last)   /* one rate, the mean (a difference of two equal rates is never certified) */
        return full;
    *storage = bloom_deployment_mean_init(mean, deployment, n, full, last);
    return storage;
}

void bloomcalc_deployment_totals(bloom_fields *fields, const bloom_deployment *deployment, mpz_srcptr n,
                                 mpz_srcptr each, mpz_srcptr partial, const bloom_quantity *full,
                                 const bloom_quantity *last)
{
    bloom_deployment_mean mean;
    bloom_quantity storage;
    const bloom_quantity *rate = bloomcalc_deployment_rate(&storage, &mean, deployment, n, full, last);
    bloom_fields_integer(fields, "keys_total", "keys of all the filters", NULL, n);
    put_deployment_memory(fields, deployment, each, partial);
    put_deployment_rates(fields, full, last, rate);
    if (rate != full)
        bloom_deployment_mean_clear(&mean);
}

/* The reads of a lookup in the tree of the deployment's files, at the rate of an L0 file's
 * filter and the deployment's rate (deployment.h), printed instead of L p. */
static void put_tree(bloom_fields *fields, const bloom_plan *full, const bloomcalc_deployment_tree *tree,
                     const bloom_quantity *l0_rate, const bloom_quantity *deployed, int probes)
{
    bloom_deployment_reads hit, miss;
    bloom_deployment_reads_init(&hit, tree->l0_files, full->levels, tree->coverage, 1, l0_rate, deployed);
    bloom_deployment_reads_init(&miss, tree->l0_files, full->levels, tree->coverage, 0, l0_rate, deployed);
    bloom_quantity hit_reads = { bloom_enclose_deployment_reads, &hit, bloom_exact_deployment_reads };
    bloom_quantity miss_reads = { bloom_enclose_deployment_reads, &miss, bloom_exact_deployment_reads };
    mpq_t without;
    mpq_init(without);
    mpq_add(without, miss.l0_files, miss.coverage);
    bloomcalc_tree_reads reads = { tree->l0_files, &hit_reads, &miss_reads, without };
    bloomcalc_plan_fields_in_tree(fields, full, deployed, probes, &reads);
    mpq_clear(without);
    bloom_deployment_reads_clear(&hit);
    bloom_deployment_reads_clear(&miss);
}

/* Which of the deployment's filters are RocksDB's Bloom filter under rocksdb-ribbon, said in a note. */
static void note_ribbon_blooms(bloom_fields *fields, const bloom_deployed_filter *each,
                               const bloom_deployed_filter *last, const bloomcalc_deployment_tree *tree)
{
    if (each->description.library == 0
        || bloom_library_rule(each->description.library) != BLOOM_RULE_ROCKSDB_RIBBON)
        return;
    /* indexed by (full file's filter Bloom, last file's filter Bloom) */
    static const char *const texts[2][2] = {
        { "every file's filter is a Ribbon",
          "the last filter is RocksDB's Bloom filter (FastLocalBloom; RocksDB falls back to it for a "
          "file this small), the others Ribbons" },
        { "the full files' filters are RocksDB's Bloom filter (FastLocalBloom: RocksDB falls back to it "
          "for a file this size), the last one a Ribbon",
          "every file's filter is RocksDB's Bloom filter (FastLocalBloom): RocksDB falls back to it for "
          "a file this size" } };
    const char *text = texts[each->layout.kind != BLOOM_LAYOUT_RIBBON][last->layout.kind != BLOOM_LAYOUT_RIBBON];
    char note[320];
    snprintf(note, sizeof note, "%s; %s", text,
             tree->l0_files == 0 ? "no L0 file"
             : "the L0 files' filters, built at flush (NewRibbonFilterPolicy's bloom_before_level 0), "
               "are RocksDB's Bloom filter of a file's keys");
    bloom_fields_text(fields, "note", "note", note);
}

void bloomcalc_put_deployment(bloom_fields *fields, const bloom_plan *full,
                              const bloom_deployment *deployment, const bloomcalc_deployment_filters *filters,
                              mpq_srcptr setting, int short_of_p, const bloomcalc_deployment_tree *tree)
{
    mpz_t total;
    mpz_init(total);
    mpz_sub_ui(total, deployment->filters, 1);
    mpz_mul(total, total, deployment->keys_per_filter);
    mpz_add(total, total, deployment->last_keys);
    bloom_deployment_mean mean;
    bloom_quantity storage;
    const bloom_quantity *deployed = bloomcalc_deployment_rate(&storage, &mean, deployment, total,
                                                               filters->full_rate, filters->last_rate);
    put_tree(fields, full, tree, filters->l0_rate, deployed, filters->each->layout.kind != BLOOM_LAYOUT_RIBBON);
    put_setting(fields, setting, short_of_p);
    note_ribbon_blooms(fields, filters->each, filters->last, tree);
    bloom_description_fields(fields, filters->each);
    bloomcalc_deployment_totals(fields, deployment, total, filters->bytes_each, filters->bytes_last,
                                filters->full_rate, filters->last_rate);
    if (deployed != filters->full_rate)
        bloom_deployment_mean_clear(&mean);
    mpz_clear(total);
}

void bloomcalc_filter_bytes(mpz_ptr rop, const bloom_deployed_filter *filter)
{
    filter_bytes(rop, filter);
}

int bloomcalc_plan_deployment_fields(bloom_fields *fields, const bloom_plan *full, const bloom_plan *last,
                                     const bloom_deployment *deployment,
                                     const bloom_layout_description *description, mpq_srcptr setting,
                                     int short_of_p, const bloomcalc_deployment_tree *tree,
                                     const bloom_command_line *line)
{
    bloom_deployed_filter each, partial, flushed;
    int status = bloom_description_settle(&each, description, full->m_bits, full->n, full->k,
                                          full->k_fixed, line);
    int settled_last = status == BLOOM_EXIT_SUCCESS;
    if (settled_last)
        status = bloom_description_settle(&partial, description, last->m_bits, last->n, last->k,
                                          last->k_fixed, line);
    int settled_flushed = settled_last && status == BLOOM_EXIT_SUCCESS;
    if (settled_flushed)
        status = bloom_description_settle(&flushed, description, tree->l0->m_bits, tree->l0->n,
                                          tree->l0->k, tree->l0->k_fixed, line);
    if (status == BLOOM_EXIT_SUCCESS) {
        mpz_t bytes_each, bytes_last;
        mpz_inits(bytes_each, bytes_last, (mpz_ptr)0);
        const bloom_deployed_filter *final = last == full ? &each : &partial;
        filter_bytes(bytes_each, &each);
        filter_bytes(bytes_last, final);
        bloom_quantity full_rate = bloom_fpr_layout_quantity(&each.layout);
        bloom_quantity last_rate = bloom_fpr_layout_quantity(&final->layout);
        bloom_quantity l0_rate = bloom_fpr_layout_quantity(&flushed.layout);
        bloomcalc_deployment_filters filters = { &each, final, bytes_each, bytes_last, &full_rate,
                                                 last == full ? &full_rate : &last_rate, &l0_rate };
        bloomcalc_put_deployment(fields, full, deployment, &filters, setting, short_of_p, tree);
        mpz_clears(bytes_each, bytes_last, (mpz_ptr)0);
    }
    bloom_deployed_filter_clear(&each);
    if (settled_last)
        bloom_deployed_filter_clear(&partial);
    if (settled_flushed)
        bloom_deployed_filter_clear(&flushed);
    return status;
}
