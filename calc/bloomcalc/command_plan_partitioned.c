/*
 * command_plan_partitioned.c - "bloomcalc plan --partitioned": the plan of
 * a RocksDB deployment whose files' filters are partitioned
 * (partition_filters with kTwoLevelIndexSearch; partitions.h).  Each file
 * of the deployment (deployment.h) is itself a deployment of partitions:
 * keys_per_partition keys each, from the bits per key and the partition's
 * bytes as RocksDB's builder chooses them, the file's last partition the
 * rest.  A file's filter costs its partitions' bytes (5 bytes of metadata
 * each) and, as a lookup consults the one partition covering its key, a
 * file's rate is the partitions' rates weighted by their keys
 * (calc/FORMULAS.md §e.9); the deployment's fields follow from those files
 * as for unpartitioned ones.  The top-level index of partitions is left out
 * of the bytes: its entries are keys, whose length no option gives.
 */
#include <stdio.h>

#include "commands.h"
#include "deployment.h"
#include "description.h"
#include "fields.h"
#include "library_rules.h"
#include "options.h"
#include "partitions.h"
#include "plan.h"

/* The partitions of a full file and of the last: full partitions and last partitions. */
enum { FULL_FILE_PART, FULL_FILE_LAST, LAST_FILE_PART, LAST_FILE_LAST, PARTS };

/* A file's filter: its partitions' split, and their plans, settled filters and rates. */
typedef struct partitioned_files {
    bloom_deployment split[2];           /* the full file's partitions, the last file's */
    bloom_plan plans[PARTS];
    bloom_deployed_filter filters[PARTS];
    bloom_quantity rates[PARTS];
    int settled;                         /* filters settled so far */
    mpz_t bytes[2];                      /* a full file's filter, the last file's */
    bloom_deployment_mean means[2];
    bloom_quantity storage[2];
    const bloom_quantity *file_rates[2];
} partitioned_files;

/* 0, or 2 after one line when --partitioned comes with a rule or sizing it does not model. */
static int check_partitioned(const bloomcalc_plan_inputs *inputs, bloom_rule_id *rule)
{
    int library = inputs->description->library;
    *rule = library != 0 ? bloom_library_rule(library) : BLOOM_RULE_ROCKSDB;
    if (library == 0 || (*rule != BLOOM_RULE_ROCKSDB && *rule != BLOOM_RULE_ROCKSDB_LEGACY)) {
        bloom_options_error(inputs->line, "--partitioned: RocksDB's partitioned filters, modelled for "
                            "--library rocksdb or rocksdb@legacy (given: %s; a Ribbon's partition "
                            "keys are not modelled)",
                            library != 0 ? bloom_library_names[library] : "no --library");
        return BLOOM_EXIT_USAGE;
    }
    if (!inputs->given.c || inputs->given.p) {
        bloom_options_error(inputs->line, "--partitioned: a partition's keys follow from the bits per "
                            "key; accepted: -c/--bits-per-key C with --partitioned, without -p");
        return BLOOM_EXIT_USAGE;
    }
    return BLOOM_EXIT_SUCCESS;
}

/* *keys = the keys per partition of the rule at the inputs' bits per key (partitions.h). */
static int partition_keys(unsigned long *keys, bloom_rule_id rule, const bloomcalc_plan_inputs *inputs)
{
    bloom_rule_sizing sizing;
    bloom_rule_sizing_init(&sizing);
    mpz_t one, millibits;
    mpz_init_set_ui(one, 1);
    mpz_init(millibits);
    int status = bloom_rule_apply_bits_per_key(&sizing, rule, one, inputs->c);
    if (status == BLOOM_OK && sizing.has_setting) {   /* the setting the builder acts on */
        mpz_mul_ui(millibits, mpq_numref(sizing.setting), 1000);
        mpz_fdiv_q(millibits, millibits, mpq_denref(sizing.setting));
        status = bloom_rocksdb_partition_keys(keys, rule, mpz_get_ui(millibits),
                                              bloom_rocksdb_partition_bytes(BLOOM_ROCKSDB_METADATA_BLOCK_BYTES,
                                                                            BLOOM_ROCKSDB_BLOCK_SIZE_DEVIATION));
    } else if (status == BLOOM_OK) {
        status = BLOOM_UNDEFINED;
    }
    mpz_clears(one, millibits, (mpz_ptr)0);
    bloom_rule_sizing_clear(&sizing);
    return status;
}

static void files_init(partitioned_files *files)
{
    for (int i = 0; i < 2; i++) {
        bloom_deployment_init(&files->split[i]);
        mpz_init(files->bytes[i]);
        files->file_rates[i] = NULL;
    }
    for (int i = 0; i < PARTS; i++)
        bloom_plan_init(&files->plans[i]);
    files->settled = 0;
}

static void files_clear(partitioned_files *files)
{
    for (int i = 0; i < 2; i++) {
        if (files->file_rates[i] != NULL && files->file_rates[i] != &files->rates[2 * i])
            bloom_deployment_mean_clear(&files->means[i]);
        bloom_deployment_clear(&files->split[i]);
        mpz_clear(files->bytes[i]);
    }
    for (int i = 0; i < files->settled; i++)
        bloom_deployed_filter_clear(&files->filters[i]);
    for (int i = 0; i < PARTS; i++)
        bloom_plan_clear(&files->plans[i]);
}

/* Plans and settles the partitions of the full file and of the last one. */
static int plan_parts(partitioned_files *files, int *planned, const bloomcalc_plan_inputs *inputs)
{
    int status = BLOOM_EXIT_SUCCESS;
    for (int i = 0; i < PARTS && status == BLOOM_EXIT_SUCCESS && *planned == BLOOM_OK; i++) {
        const bloom_deployment *split = &files->split[i / 2];
        status = bloomcalc_plan_keys(&files->plans[i], planned, inputs,
                                     i % 2 == 0 ? split->keys_per_filter : split->last_keys);
        const bloom_plan *plan = &files->plans[i];
        if (status == BLOOM_EXIT_SUCCESS && *planned == BLOOM_OK) {
            status = bloom_description_settle(&files->filters[i], inputs->description, plan->m_bits, plan->n,
                                              plan->k, plan->k_fixed, inputs->line);
            files->settled++;
            files->rates[i] = bloom_fpr_layout_quantity(&files->filters[i].layout);
        }
    }
    return status;
}

/* A file's filter (0 full, 1 last): its bytes, the partitions' summed, and its rate. */
static void file_filter(partitioned_files *files, int file)
{
    const bloom_deployment *split = &files->split[file];
    mpz_t part, file_keys;
    mpz_inits(part, file_keys, (mpz_ptr)0);
    bloomcalc_filter_bytes(part, &files->filters[2 * file]);
    mpz_sub_ui(files->bytes[file], split->filters, 1);
    mpz_mul(files->bytes[file], files->bytes[file], part);
    bloomcalc_filter_bytes(part, &files->filters[2 * file + 1]);
    mpz_add(files->bytes[file], files->bytes[file], part);
    mpz_sub_ui(file_keys, split->filters, 1);
    mpz_mul(file_keys, file_keys, split->keys_per_filter);
    mpz_add(file_keys, file_keys, split->last_keys);
    int same = mpz_cmp(split->keys_per_filter, split->last_keys) == 0;
    const bloom_quantity *full = &files->rates[2 * file];
    files->file_rates[file] = bloomcalc_deployment_rate(&files->storage[file], &files->means[file], split,
                                                        file_keys, full, same ? full : &files->rates[2 * file + 1]);
    mpz_clears(part, file_keys, (mpz_ptr)0);
}

/* The partitions' own fields, and the note on what the model leaves out. */
static void put_partitions(bloom_fields *fields, const partitioned_files *files, const bloom_deployment *deployment)
{
    const bloom_deployment *full = &files->split[0];
    mpz_t total, bytes;
    mpz_inits(total, bytes, (mpz_ptr)0);
    mpz_sub_ui(total, deployment->filters, 1);
    mpz_mul(total, total, full->filters);
    mpz_add(total, total, files->split[1].filters);
    bloom_fields_integer(fields, "partitions", "filter partitions of all the files", NULL, total);
    bloom_fields_integer(fields, "partitions_per_file", "filter partitions of a full file", NULL, full->filters);
    bloom_fields_integer(fields, "keys_per_partition", "keys of a full partition", NULL, full->keys_per_filter);
    bloom_fields_integer(fields, "keys_last_partition", "keys of a full file's last partition", NULL,
                         full->last_keys);
    bloomcalc_filter_bytes(bytes, &files->filters[FULL_FILE_PART]);
    bloom_fields_integer(fields, "bytes_per_partition", "memory of a full partition, with metadata", "bytes",
                         bytes);
    bloom_fields_quantity(fields, "fpr_partition", "rate of a full partition", NULL,
                          &files->rates[FULL_FILE_PART]);
    bloom_fields_text(fields, "note", "note",
                      "partitions cut at keys_per_partition keys (RocksDB cuts at the end of the data "
                      "block under way: a data block's keys more); the bytes leave out the top-level "
                      "index of partitions, whose entries are keys");
    mpz_clears(total, bytes, (mpz_ptr)0);
}

int bloomcalc_plan_partitioned(bloom_fields *fields, const bloomcalc_plan_inputs *inputs,
                               const bloom_deployment *deployment, const bloomcalc_deployment_tree *given_tree)
{
    bloom_rule_id rule;
    unsigned long keys = 0;
    int status = check_partitioned(inputs, &rule);
    if (status != BLOOM_EXIT_SUCCESS)
        return status;
    int planned = partition_keys(&keys, rule, inputs);
    partitioned_files files;
    files_init(&files);
    if (planned != BLOOM_OK) {   /* the library refuses this bits per key: its own line, as unpartitioned */
        int file_planned = BLOOM_OK;
        status = bloomcalc_plan_keys(&files.plans[FULL_FILE_PART], &file_planned, inputs,
                                     deployment->keys_per_filter);
    } else {
        bloom_partition_split(&files.split[0], deployment->keys_per_filter, keys);
        bloom_partition_split(&files.split[1], deployment->last_keys, keys);
        status = plan_parts(&files, &planned, inputs);
    }
    fields->status = planned;
    if (status == BLOOM_EXIT_SUCCESS && planned == BLOOM_OK) {
        file_filter(&files, 0);
        file_filter(&files, 1);
        int same = mpz_cmp(deployment->keys_per_filter, deployment->last_keys) == 0;
        bloomcalc_deployment_filters filters = {
            &files.filters[FULL_FILE_PART], &files.filters[FULL_FILE_PART], files.bytes[0], files.bytes[1],
            files.file_rates[0], same ? files.file_rates[0] : files.file_rates[1], files.file_rates[0] };
        bloomcalc_deployment_tree tree = *given_tree;
        tree.l0 = &files.plans[FULL_FILE_PART];
        bloomcalc_put_deployment(fields, &files.plans[FULL_FILE_PART], deployment, &filters, NULL, 0, &tree);
        put_partitions(fields, &files, deployment);
    }
    files_clear(&files);
    return status;
}
