/*
 * command_plan_deployment.c - the plan of a deployment of filters
 * (deployment.h), shared by "bloomcalc plan" and every row of "bloomcalc
 * table" with a unit: the full filter and the last one each planned for
 * its own keys from the inputs as given (a library whose knob is bits per
 * key at the one setting both meet p with, as the engine applies one to
 * every file), the filter of an L0 file (rocksdb-ribbon's flushes build its
 * Bloom filter), the levels' coverages, and their fields
 * (bloomcalc_plan_deployment_fields).
 */
#include <stdio.h>

#include "commands.h"
#include "deployment.h"
#include "description.h"
#include "fields.h"
#include "library_rules.h"
#include "lsm_levels.h"
#include "options.h"
#include "plan.h"

/* The plan of one filter of `keys` keys from the inputs as given (given, m and n are copies:
 * the planning resolves them; commands.h). */
int bloomcalc_plan_keys(bloom_plan *plan, int *planned, const bloomcalc_plan_inputs *inputs, mpz_srcptr keys)
{
    bloom_given given = inputs->given;
    mpz_t n, m;
    mpz_init_set(n, keys);
    mpz_init_set(m, inputs->m);
    int status = bloom_plan_request(plan, planned, &given, n, m, inputs->p, inputs->c, inputs->k,
                                    inputs->levels, inputs->description, inputs->line);
    mpz_clears(n, m, (mpz_ptr)0);
    return status;
}

/* 0, or 2 after one line when a unit comes with a memory budget: the filters are sized from
 * their keys and the rate or bits per key, and a budget has no one filter to size. */
static int check_unit_sizing(const bloom_command_line *line)
{
    if (!bloom_options_given(line, "bits") && !bloom_options_given(line, "memory"))
        return BLOOM_EXIT_SUCCESS;
    bloom_options_error(line, "-m/--bits: a deployment of filters is sized filter by filter from "
                        "-n with -p/--rate or -c/--bits-per-key; accepted: -n N with -p P or -c C");
    return BLOOM_EXIT_USAGE;
}

int bloomcalc_check_tree_options(const bloom_command_line *line, int coverage_too)
{
    const char *given = bloom_options_given(line, "l0-files") ? "l0-files"
                      : coverage_too && bloom_options_given(line, "coverage") ? "coverage" : NULL;
    if (given == NULL)
        return BLOOM_EXIT_SUCCESS;
    bloom_options_error(line, "--%s: the levels of a deployment's files, which needs a unit; accepted: "
                        "--%s with --keys-per-filter N (or RocksDB's --file-size and --entry-size)",
                        given, given);
    return BLOOM_EXIT_USAGE;
}

/*
 * The filter of an L0 file: a full file's (`full`), except under rocksdb-ribbon, whose
 * flushes (bloom_before_level 0) build RocksDB's Bloom filter of the same bits per key
 * (bloom_rule_apply_ribbon_flush), planned into *flushed as the m and k settled for it.
 */
static int plan_flushed(const bloom_plan **l0, bloom_plan *flushed, const bloom_plan *full,
                        const bloomcalc_plan_inputs *given_inputs)
{
    *l0 = full;
    if (!bloom_library_is_ribbon(given_inputs->description->library, given_inputs->k != 0))
        return BLOOM_OK;
    bloom_rule_sizing sizing;
    bloom_rule_sizing_init(&sizing);
    int status = bloom_rule_apply_ribbon_flush(&sizing, full->n, given_inputs->given.p ? given_inputs->p : NULL,
                                               given_inputs->c);
    if (status == BLOOM_OK) {
        mpz_set(flushed->m_bits, sizing.m_bits);
        mpz_set(flushed->n, full->n);
        flushed->k = sizing.k;
        flushed->k_fixed = 1;
        *l0 = flushed;
    }
    bloom_rule_sizing_clear(&sizing);
    return status;
}

/* With a library whose knob is bits per key and a rate: the one setting every filter meets p
 * with (*searched BLOOM_OK), and the inputs changed to plan each filter at it, as -c would. */
static int deployment_setting(mpq_ptr setting, int *short_of_p, int *searched, bloomcalc_plan_inputs *inputs,
                              const bloom_deployment *deployment, mpz_srcptr n, int one)
{
    mpz_srcptr keys[] = { one ? n : deployment->keys_per_filter, deployment->last_keys };
    *searched = inputs->given.p && !inputs->given.m
        ? bloomcalc_knob_setting(setting, short_of_p, inputs->description, keys, one ? 1 : 2, inputs->p)
        : BLOOM_UNDEFINED;
    if (*searched == BLOOM_OK) {
        inputs->given.p = 0;
        inputs->given.c = 1;
        inputs->c = setting;
    }
    return *searched == BLOOM_UNDEFINED ? BLOOM_OK : *searched;
}

int bloomcalc_plan_deployment(bloom_fields *fields, const bloomcalc_plan_inputs *given_inputs, mpz_srcptr n)
{
    bloomcalc_plan_inputs inputs = *given_inputs;
    bloom_deployment deployment;
    bloom_deployment_init(&deployment);
    int status = check_unit_sizing(inputs.line);
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloom_description_deployment(&deployment, inputs.description, n, inputs.line);
    bloom_plan full, last;
    bloom_plan_init(&full);
    bloom_plan_init(&last);
    mpq_t setting;
    mpq_init(setting);
    bloom_plan flushed;
    bloom_plan_init(&flushed);
    const bloom_plan *l0 = &full;
    mpq_t *coverage = NULL;
    if (status == BLOOM_EXIT_SUCCESS && inputs.coverage != NULL) {
        coverage = bloom_read_coverage(inputs.coverage, inputs.levels, inputs.line);
        status = coverage != NULL ? BLOOM_EXIT_SUCCESS : BLOOM_EXIT_USAGE;
    }
    int planned = BLOOM_OK, last_planned = BLOOM_OK, searched = BLOOM_UNDEFINED, short_of_p = 0;
    int one = mpz_cmp_ui(deployment.filters, 1) == 0;   /* the one filter holds all n */
    if (status == BLOOM_EXIT_SUCCESS && inputs.partitioned) {
        bloomcalc_deployment_tree tree = { NULL, inputs.l0_files, (const mpq_t *)coverage };
        status = bloomcalc_plan_partitioned(fields, &inputs, &deployment, &tree);
        planned = BLOOM_UNDEFINED;     /* planned there: nothing more here */
    }
    if (status == BLOOM_EXIT_SUCCESS && planned == BLOOM_OK)
        planned = deployment_setting(setting, &short_of_p, &searched, &inputs, &deployment, n, one);
    if (status == BLOOM_EXIT_SUCCESS && planned == BLOOM_OK)
        status = bloomcalc_plan_keys(&full, &planned, &inputs, one ? n : deployment.keys_per_filter);
    if (status == BLOOM_EXIT_SUCCESS && planned == BLOOM_OK)
        planned = bloomcalc_plan_described_headroom(&full, inputs.description, 1);
    int same = one || mpz_cmp(deployment.last_keys, deployment.keys_per_filter) == 0;
    if (status == BLOOM_EXIT_SUCCESS && planned == BLOOM_OK && !same)
        status = bloomcalc_plan_keys(&last, &last_planned, &inputs, deployment.last_keys);
    if (status == BLOOM_EXIT_SUCCESS && planned == BLOOM_OK && last_planned == BLOOM_OK)
        planned = plan_flushed(&l0, &flushed, &full, given_inputs);
    if (!inputs.partitioned)
        fields->status = planned != BLOOM_OK ? planned : last_planned;
    bloomcalc_deployment_tree tree = { l0, inputs.l0_files, (const mpq_t *)coverage };
    if (status == BLOOM_EXIT_SUCCESS && !inputs.partitioned && fields->status == BLOOM_OK)
        status = bloomcalc_plan_deployment_fields(fields, &full, same ? &full : &last, &deployment,
                                                  inputs.description,
                                                  searched == BLOOM_OK ? setting : NULL, short_of_p,
                                                  &tree, inputs.line);
    if (coverage != NULL)
        bloom_coverage_free(coverage, inputs.levels);
    bloom_plan_clear(&flushed);
    mpq_clear(setting);
    bloom_plan_clear(&full);
    bloom_plan_clear(&last);
    bloom_deployment_clear(&deployment);
    return status;
}
