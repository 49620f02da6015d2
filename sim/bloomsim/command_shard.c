/*
 * command_shard.c - running one shard of a measuring command and writing
 * its file, or replaying the command from merged shards (command_shard.h).
 *
 * The run a shard belongs to is named by the options that determine its
 * counts, in canonical form (--name=value: whole numbers in decimal,
 * rationals as a/b, sizes in bits with the unit "bit", choices by name),
 * so "plan 1e7 1%" and
 * "plan --keys=10000000 --rate=1/100" are the same run.  --threads
 * never changes a count and --shard names the part, so neither is part of
 * the run; --format and --digits change only the printing and are kept
 * apart (the merge prints with them unless told otherwise).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "command_shard.h"
#include "commands.h"
#include "filter_file.h"

static const sim_shard_merge *merge_source;

int bloomsim_shard_merging(void)
{
    return merge_source != NULL;
}

bloom_option bloomsim_shard_option(const char **shard)
{
    bloom_option option = {
        .long_name = "shard", .kind = BLOOM_OPTION_TEXT, .destination = shard, .value_name = "I/N",
        .help = "run only part I of N (1 <= I <= N) and write its counts for 'bloomsim merge'"
    };
    return option;
}

bloom_option bloomsim_filter_file_option(const char **prefix)
{
    bloom_option option = {
        .long_name = "filter-file", .kind = BLOOM_OPTION_TEXT, .destination = prefix, .value_name = "PREFIX",
        .help = "large filters: read trial T's bits from PREFIX.T if a run of these options wrote "
                "them, else build and write them there (shards then skip the build)"
    };
    return option;
}

/* ---- the engines' runs ---------------------------------------------- */

static int run_fpr(void *engine_config, const sim_shard_selection *selection, void *totals)
{
    sim_fpr_config *config = engine_config;
    config->run.shard = selection;
    int status = sim_fpr_run(config, totals);
    config->run.shard = NULL;
    return status;
}

static void reduce_fpr(void *totals, const void *slots, uint64_t blocks, uint64_t trials)
{
    sim_fpr_totals_reduce(totals, slots, blocks, trials);
}

static int partial_fpr(const void *totals)
{
    return ((const sim_fpr_totals *)totals)->partial;
}

void bloomsim_shard_job_fpr(bloomsim_shard_job *job, sim_fpr_config *config)
{
    bloomsim_shard_job fpr = { SIM_SLOT_FPR, config->run.trials, config->queries, sim_fpr_splits_queries(config),
                               config->key_file, NULL, &config->filter_store, config, run_fpr, reduce_fpr,
                               partial_fpr };
    *job = fpr;
}

static int run_lsm(void *engine_config, const sim_shard_selection *selection, void *totals)
{
    sim_lsm_config *config = engine_config;
    config->run.shard = selection;
    int status = sim_lsm_run(config, totals);
    config->run.shard = NULL;
    return status;
}

static void reduce_lsm(void *totals, const void *slots, uint64_t blocks, uint64_t trials)
{
    sim_lsm_totals_reduce(totals, slots, blocks, trials);
}

static int partial_lsm(const void *totals)
{
    return ((const sim_lsm_totals *)totals)->partial;
}

void bloomsim_shard_job_lsm(bloomsim_shard_job *job, sim_lsm_config *config)
{
    bloomsim_shard_job lsm = { SIM_SLOT_LSM, config->run.trials, config->lookups, 0, NULL, NULL, NULL, config,
                               run_lsm, reduce_lsm, partial_lsm };
    *job = lsm;
}

static int run_grow(void *engine_config, const sim_shard_selection *selection, void *totals)
{
    sim_scalable_config *config = engine_config;
    config->run.shard = selection;
    int status = sim_scalable_run(config, totals);
    config->run.shard = NULL;
    return status;
}

static void reduce_grow(void *totals, const void *slots, uint64_t blocks, uint64_t trials)
{
    sim_scalable_totals_reduce(totals, slots, blocks, trials);
}

static int partial_grow(const void *totals)
{
    return ((const sim_scalable_totals *)totals)->partial;
}

void bloomsim_shard_job_grow(bloomsim_shard_job *job, sim_scalable_config *config)
{
    bloomsim_shard_job grow = { SIM_SLOT_GROW, config->run.trials, config->queries, 0, NULL, NULL, NULL, config,
                                run_grow, reduce_grow, partial_grow };
    *job = grow;
}

/* ---- the run's description ------------------------------------------ */

/* "--name=value" (or "--name" for a flag) of a parsed option, or NULL
 * (out of memory, or a kind no measuring command has). */
static char *canonical_option(const bloom_option *option)
{
    char *value = NULL;
    char number[32];
    switch (option->kind) {
    case BLOOM_OPTION_FLAG:
        break;
    case BLOOM_OPTION_COUNT:
        value = mpz_get_str(NULL, 10, option->destination);
        break;
    case BLOOM_OPTION_SIZE: {   /* in bits, with the unit: --memory reads a bare number as bytes */
        if (option->whole_bytes) {
            snprintf(number, sizeof number, "%luB", *(const unsigned long *)option->destination);
            value = strdup(number);
            break;
        }
        char *bits = mpz_get_str(NULL, 10, option->destination);
        value = bits != NULL ? malloc(strlen(bits) + 4) : NULL;
        if (value != NULL)
            sprintf(value, "%sbit", bits);
        free(bits);
        break;
    }
    case BLOOM_OPTION_RATE:
    case BLOOM_OPTION_REAL:
        value = mpq_get_str(NULL, 10, option->destination);
        break;
    case BLOOM_OPTION_UNSIGNED:
        snprintf(number, sizeof number, "%lu", *(const unsigned long *)option->destination);
        value = strdup(number);
        break;
    case BLOOM_OPTION_CHOICE:
        value = strdup(option->choices[*(const int *)option->destination]);
        break;
    case BLOOM_OPTION_TEXT:
        value = strdup(*(const char *const *)option->destination);
        break;
    default:
        return NULL;
    }
    if (option->kind != BLOOM_OPTION_FLAG && value == NULL)
        return NULL;
    size_t size = strlen(option->long_name) + (value != NULL ? strlen(value) : 0) + 4;
    char *text = malloc(size);
    if (text != NULL)
        snprintf(text, size, "--%s%s%s", option->long_name, value != NULL ? "=" : "", value != NULL ? value : "");
    free(value);
    return text;
}

/* Options that change no count: not part of the run. */
static int outside_the_run(const char *name)
{
    return strcmp(name, "shard") == 0 || strcmp(name, "threads") == 0 || strcmp(name, "filter-file") == 0
        || strcmp(name, "output") == 0 || strcmp(name, "progress") == 0;
}

static int is_output_option(const char *name)
{
    return strcmp(name, "format") == 0 || strcmp(name, "digits") == 0 || strcmp(name, "crlf") == 0
        || strcmp(name, "all") == 0;
}

/* Adds the command line's options to the file.  Returns 0 or -1 (memory). */
static int describe_options(sim_shard_file *file, const bloom_command_line *line)
{
    for (size_t i = 0; i < line->option_count; i++) {
        const bloom_option *option = &line->options[i];
        if (!option->seen || outside_the_run(option->long_name))
            continue;
        char *text = canonical_option(option);
        int status = text == NULL ? -1
            : is_output_option(option->long_name) ? sim_shard_file_add_output(file, text)
                                                  : sim_shard_file_add_option(file, text);
        free(text);
        if (status != 0)
            return -1;
    }
    return 0;
}

/* A shard file naming the run of the command line, with its fingerprint
 * and no blocks yet.  Returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_FAILURE
 * after the message (memory). */
static int describe_run(sim_shard_file *file, const bloom_command_line *line, const bloomsim_shard_job *job)
{
    char program[64];
    snprintf(program, sizeof program, "bloomsim %s", BLOOMSIM_VERSION);
    sim_shard_file_init(file, program, line->command, job->kind);
    int status = file->run.program == NULL || file->run.command == NULL ? -1 : describe_options(file, line);
    if (status == 0 && job->keys != NULL)
        status = sim_shard_file_set_keys(file, job->keys->text, job->keys->text_length);
    file->run.trials = job->trials;
    file->run.queries = job->queries;
    file->run.blocks = sim_block_count(job->trials);
    sim_shard_fingerprint(&file->run);
    if (status != 0)
        bloom_options_error(line, "out of memory while describing the run");
    return status == 0 ? BLOOM_EXIT_SUCCESS : BLOOM_EXIT_FAILURE;
}

/*
 * Runs the engine on `selection` (NULL: the whole run), with the filters
 * of --filter-file when given (a failure to write one is reported on
 * stderr and changes nothing else).  Returns the engine's status, or 1
 * after a message.
 */
static int run_engine(const bloom_command_line *line, const bloomsim_shard_job *job,
                      const sim_shard_selection *selection, void *totals)
{
    sim_shard_file described;
    sim_filter_file filters;
    int stored = job->filter_file != NULL && job->filter_store != NULL;
    if (stored) {
        if (describe_run(&described, line, job) != BLOOM_EXIT_SUCCESS) {
            sim_shard_file_free(&described);
            return BLOOM_EXIT_FAILURE;
        }
        sim_filter_file_init(&filters, job->filter_file, described.run.fingerprint);
        *job->filter_store = &filters.store;
    }
    int status = job->run(job->engine_config, selection, totals);
    bloomsim_progress_end();   /* the run is over: nothing more to draw */
    if (stored) {
        *job->filter_store = NULL;
        if (filters.error[0] != '\0')
            bloom_options_error(line, "--filter-file: %s (the filter was built; no count changes)", filters.error);
        sim_shard_file_free(&described);
    }
    return status;
}

/* The file of a finished shard, on stdout.  Returns an exit status. */
static int write_shard(const bloom_command_line *line, sim_shard_file *file)
{
    if (sim_shard_file_write(stdout, file) != 0) {
        bloom_options_error(line, "the shard file could not be written on stdout");
        return BLOOM_EXIT_FAILURE;
    }
    return BLOOM_EXIT_SUCCESS;
}

/* ---- running a shard ------------------------------------------------ */

/* I/N with 1 <= I <= N <= SIM_SHARD_MAX_COUNT, into a 0-based index.  Returns BLOOM_EXIT_SUCCESS or BLOOM_EXIT_USAGE. */
static int parse_shard(const bloom_command_line *line, const char *text, uint64_t *index, uint64_t *count)
{
    const char *slash = strchr(text, '/');
    char *end = NULL;
    unsigned long long i = 0, n = 0;
    int good = slash != NULL && text[0] >= '0' && text[0] <= '9' && slash[1] >= '0' && slash[1] <= '9';
    if (good) {
        i = strtoull(text, &end, 10);
        good = end == slash && strlen(text) < 40;
    }
    if (good) {
        n = strtoull(slash + 1, &end, 10);
        good = *end == '\0' && i >= 1 && i <= n && n <= SIM_SHARD_MAX_COUNT;
    }
    if (!good) {
        bloom_options_error(line, "--shard: '%s' is not I/N with whole numbers 1 <= I <= N <= %" PRIu64
                            " (shards count from 1, e.g. --shard 3/8)", text, SIM_SHARD_MAX_COUNT);
        return BLOOM_EXIT_USAGE;
    }
    *index = i - 1;
    *count = n;
    return BLOOM_EXIT_SUCCESS;
}

/* Where a shard's blocks go while it runs. */
typedef struct block_collector {
    sim_shard_file *file;
    int failed;
} block_collector;

static void collect_block(void *context, uint64_t block, const void *slot)
{
    block_collector *collector = context;
    collector->failed |= sim_shard_file_add_slot(collector->file, block, slot) != 0;
}

static int run_shard(const bloom_command_line *line, const char *shard, const bloomsim_shard_job *job,
                     void *totals, int *written)
{
    uint64_t index = 0, count = 0, most = 0;
    int status = parse_shard(line, shard, &index, &count);
    if (status != BLOOM_EXIT_SUCCESS)
        return status;
    sim_shard_selection selection;
    if (sim_shard_select(&selection, index, count, job->trials, job->queries, job->split_queries, &most) != 0) {
        bloom_options_error(line, "--shard: this run (%" PRIu64 " trials in %" PRIu64 " blocks, %" PRIu64
                            " queries per trial) can be cut into at most %" PRIu64 " shards%s", job->trials,
                            sim_block_count(job->trials), job->queries, most,
                            job->split_queries ? "" : " (its trials, in blocks: give more --trials for more)");
        return BLOOM_EXIT_USAGE;
    }
    sim_shard_file file;
    if (describe_run(&file, line, job) != BLOOM_EXIT_SUCCESS) {
        sim_shard_file_free(&file);
        return BLOOM_EXIT_FAILURE;
    }
    block_collector collector = { &file, 0 };
    selection.sink = collect_block;
    selection.sink_context = &collector;
    if (run_engine(line, job, &selection, totals) != 0 || collector.failed) {
        bloom_options_error(line, "out of memory or threads while running the trials");
        status = BLOOM_EXIT_FAILURE;
    } else if (job->partial(totals)) {
        bloom_options_error(line, "stopped before shard %s was complete: no shard file written (rerun it)", shard);
        status = BLOOM_EXIT_INTERRUPTED;
    } else {
        selection.sink = NULL;
        selection.sink_context = NULL;
        file.selection = selection;
        status = write_shard(line, &file);
        *written = status == BLOOM_EXIT_SUCCESS;
    }
    sim_shard_file_free(&file);
    return status;
}

/* ---- replaying the merged run --------------------------------------- */

static int merged_totals(const bloom_command_line *line, const bloomsim_shard_job *job, void *totals)
{
    const sim_shard_run *run = &merge_source->first->run;
    if (job->kind != run->kind || job->trials != run->trials || job->queries != run->queries) {
        bloom_options_error(line, "the shards ran %" PRIu64 " trials of %" PRIu64 " queries, but their options "
                            "give %" PRIu64 " of %" PRIu64 " here (another build of bloomsim?)", run->trials,
                            run->queries, job->trials, job->queries);
        return BLOOM_EXIT_USAGE;
    }
    if (job->keys != NULL) {
        char digest[17];
        sim_shard_digest(digest, job->keys->text, job->keys->text_length);
        if (run->keys_digest == NULL || strcmp(digest, run->keys_digest) != 0) {
            bloom_options_error(line, "--key-file: the file is not the one the shards inserted (digest %s, "
                                "theirs %s)", digest, run->keys_digest != NULL ? run->keys_digest : "none");
            return BLOOM_EXIT_USAGE;
        }
    }
    job->reduce(totals, merge_source->slots, run->blocks, run->trials);
    return BLOOM_EXIT_SUCCESS;
}

int bloomsim_shard_run(const bloom_command_line *line, const char *shard, const bloomsim_shard_job *job,
                       void *totals, int *written)
{
    *written = 0;
    if (merge_source != NULL)
        return merged_totals(line, job, totals);
    if (shard != NULL)
        return run_shard(line, shard, job, totals, written);
    if (run_engine(line, job, NULL, totals) != 0) {
        bloom_options_error(line, "out of memory or threads while running the trials");
        return BLOOM_EXIT_FAILURE;
    }
    return BLOOM_EXIT_SUCCESS;
}

int bloomsim_shard_replay(const sim_shard_merge *merge, int (*command)(int argc, char **argv, int first),
                          int argc, char **argv)
{
    merge_source = merge;
    int status = command(argc, argv, 2);
    merge_source = NULL;
    return status;
}
