/*
 * sim_shard_tests.c - shards (issue 15): the selections of shard_selection.h
 * partition a run's blocks or queries (disjoint, covering, sizes within one
 * of each other), shards run by the engine and put back together by
 * sim/shard give the whole run's totals bit for bit (the floating sums
 * included), and a shard file reads back to the same counts.
 */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "shard_file.h"
#include "shard_merge.h"
#include "shard_selection.h"
#include "sim_suites.h"

/* Shards 0..count-1 of (trials, queries) tile the blocks or the queries. */
static void check_tiling(uint64_t trials, uint64_t queries, uint64_t count, int split_queries)
{
    uint64_t blocks = sim_block_count(trials), most = 0;
    uint64_t covered = 0, smallest = UINT64_MAX, largest = 0;
    for (uint64_t i = 0; i < count; i++) {
        sim_shard_selection selection;
        CU_ASSERT_EQUAL_FATAL(sim_shard_select(&selection, i, count, trials, queries, split_queries, &most), 0);
        int by_trials = selection.split == SIM_SHARD_BY_TRIALS;
        CU_ASSERT_EQUAL(by_trials, count <= blocks);
        uint64_t first = by_trials ? selection.first_block : selection.first_query;
        uint64_t end = by_trials ? selection.end_block : selection.end_query;
        CU_ASSERT_EQUAL(first, covered);          /* starts where the previous one ended */
        covered = end;
        smallest = end - first < smallest ? end - first : smallest;
        largest = end - first > largest ? end - first : largest;
        CU_ASSERT_EQUAL(selection.check_members, by_trials || i == 0);
    }
    CU_ASSERT_EQUAL(covered, count <= blocks ? blocks : queries);
    CU_ASSERT(largest - smallest <= 1);
}

static void test_selection_tiles_the_run(void)
{
    check_tiling(3001, 50, 4, 0);
    check_tiling(3001, 50, 3001, 0);
    check_tiling(10000, 7, 13, 0);            /* 2 trials a block */
    check_tiling(1, 1000003, 7, 1);           /* one large filter: by queries */
    check_tiling(3, 100, 100, 1);
    check_tiling(5000, 10, 2500, 1);
}

static void test_selection_refusals(void)
{
    sim_shard_selection selection;
    uint64_t most = 0;
    CU_ASSERT_EQUAL(sim_shard_select(&selection, 0, 5, 4, 100, 0, &most), -1);   /* 4 blocks */
    CU_ASSERT_EQUAL(most, 4);
    CU_ASSERT_EQUAL(sim_shard_select(&selection, 0, 101, 1, 100, 1, &most), -1); /* 100 queries */
    CU_ASSERT_EQUAL(most, 100);
    CU_ASSERT_EQUAL(sim_shard_select(&selection, 4097, 4097 * 2, 4097 * 3, 100, 1, &most), -1);
    CU_ASSERT_EQUAL(sim_shard_select(&selection, 3, 3, 10, 10, 1, &most), -1);   /* index >= count */
    CU_ASSERT_EQUAL(sim_shard_select(&selection, 0, 0, 10, 10, 1, &most), -1);
}

/* The engine's sink: the block into the shard file in memory. */
static void capture_block(void *context, uint64_t block, const void *slot)
{
    CU_ASSERT_EQUAL(sim_shard_file_add_slot(context, block, slot), 0);
}

/* Runs `config` as `count` shards and merges them into *merged. */
static void run_sharded(const sim_fpr_config *config, uint64_t count, sim_fpr_totals *merged)
{
    sim_shard_file *files = calloc(count, sizeof *files);
    for (uint64_t i = 0; i < count; i++) {
        sim_shard_selection selection;
        uint64_t most = 0;
        CU_ASSERT_EQUAL_FATAL(sim_shard_select(&selection, i, count, config->run.trials, config->queries,
                                               sim_fpr_splits_queries(config), &most), 0);
        sim_shard_file_init(&files[i], "test", "fpr", SIM_SLOT_FPR);
        files[i].name = strdup("memory");
        files[i].run.trials = config->run.trials;
        files[i].run.queries = config->queries;
        files[i].run.blocks = sim_block_count(config->run.trials);
        selection.sink = capture_block;
        selection.sink_context = &files[i];
        sim_fpr_config shard = *config;
        shard.run.shard = &selection;
        sim_fpr_totals totals;
        CU_ASSERT_EQUAL(sim_fpr_run(&shard, &totals), 0);
        selection.sink = NULL;
        selection.sink_context = NULL;
        files[i].selection = selection;
        sim_shard_fingerprint(&files[i].run);
    }
    sim_shard_merge merge;
    char error[512];
    CU_ASSERT_EQUAL_FATAL(sim_shard_merge_files(&merge, files, count, error, sizeof error), 0);
    CU_ASSERT_EQUAL(merge.missing_count, 0);
    sim_fpr_totals_reduce(merged, (const sim_fpr_totals *)(const void *)merge.slots, sim_block_count(config->run.trials),
                          config->run.trials);
    sim_shard_merge_free(&merge);
    for (uint64_t i = 0; i < count; i++)
        sim_shard_file_free(&files[i]);
    free(files);
}

/* Every field equal, the doubles bit for bit. */
static void check_same_totals(const sim_fpr_totals *a, const sim_fpr_totals *b)
{
    CU_ASSERT_EQUAL(a->trials, b->trials);
    CU_ASSERT_EQUAL(a->queries, b->queries);
    CU_ASSERT_EQUAL(a->false_positives, b->false_positives);
    CU_ASSERT(a->false_positive_squares == b->false_positive_squares);
    CU_ASSERT_EQUAL(memcmp(&a->occupancy_power_sum, &b->occupancy_power_sum, sizeof(double)), 0);
    CU_ASSERT_EQUAL(memcmp(&a->occupancy_power_squares, &b->occupancy_power_squares, sizeof(double)), 0);
    CU_ASSERT_EQUAL(a->set_bits, b->set_bits);
    CU_ASSERT_EQUAL(a->members_checked, b->members_checked);
    CU_ASSERT_EQUAL(a->false_negatives, b->false_negatives);
    CU_ASSERT_EQUAL(a->partial, b->partial);
}

static void test_shards_give_the_whole_run(void)
{
    const struct { uint64_t bits, keys; unsigned hashes; uint64_t trials, queries, shards; sim_engine engine; } runs[] = {
        { 1000, 100, 7, 999, 40, 4, SIM_ENGINE_AUTO },           /* by trials, per-trial engine */
        { 1000, 100, 7, 10000, 3, 7, SIM_ENGINE_AUTO },          /* 3 trials a block */
        { 1 << 16, 5000, 5, 2, 30001, 5, SIM_ENGINE_BULK },      /* by queries, bulk engine */
        { 1 << 16, 5000, 5, 3, 30001, 4, SIM_ENGINE_PER_TRIAL }, /* by queries, per-trial engine */
    };
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        sim_fpr_config config = sim_test_config(runs[r].bits, runs[r].keys, runs[r].hashes, runs[r].trials,
                                                runs[r].queries);
        config.engine = runs[r].engine;
        config.check_members = 1;
        sim_fpr_totals whole, merged;
        CU_ASSERT_EQUAL(sim_fpr_run(&config, &whole), 0);
        run_sharded(&config, runs[r].shards, &merged);
        check_same_totals(&whole, &merged);
    }
}

/* Written and read back: the same header and the same slots, bit for bit. */
static void test_shard_file_round_trip(void)
{
    sim_shard_file file, back;
    sim_shard_file_init(&file, "bloomsim 0.1.0", "fpr", SIM_SLOT_FPR);
    CU_ASSERT_EQUAL(sim_shard_file_add_option(&file, "--keys=key dir/a file%with\nnewline"), 0);
    CU_ASSERT_EQUAL(sim_shard_file_add_output(&file, "--format=json"), 0);
    file.run.trials = 3;
    file.run.queries = 10;
    file.run.blocks = 3;
    uint64_t most = 0;
    CU_ASSERT_EQUAL(sim_shard_select(&file.selection, 1, 2, 3, 10, 0, &most), 0);
    sim_fpr_totals slot;
    memset(&slot, 0, sizeof slot);
    slot.trials = 1;
    slot.queries = 10;
    slot.false_positives = 3;
    slot.false_positive_squares = (unsigned __int128)1 << 100;
    slot.occupancy_power_sum = 0.1;
    slot.occupancy_power_squares = 1e-300;
    for (uint64_t block = file.selection.first_block; block < file.selection.end_block; block++)
        CU_ASSERT_EQUAL(sim_shard_file_add_slot(&file, block, &slot), 0);
    FILE *stream = tmpfile();
    CU_ASSERT_FATAL(stream != NULL);
    CU_ASSERT_EQUAL(sim_shard_file_write(stream, &file), 0);
    rewind(stream);
    char error[512] = "";
    CU_ASSERT_EQUAL(sim_shard_file_read(stream, "test", &back, error, sizeof error), 0);
    sim_shard_file after;
    CU_ASSERT_EQUAL(sim_shard_file_read(stream, "test", &after, error, sizeof error), 1);  /* nothing after */
    sim_shard_file_free(&after);
    fclose(stream);
    CU_ASSERT_STRING_EQUAL(back.run.options[0], file.run.options[0]);
    CU_ASSERT_STRING_EQUAL(back.run.fingerprint, file.run.fingerprint);
    CU_ASSERT_EQUAL(back.slot_count, file.slot_count);
    CU_ASSERT_EQUAL(memcmp(back.slots, file.slots, file.slot_count * sizeof slot), 0);
    sim_shard_file_free(&back);
    sim_shard_file_free(&file);
}

static const bloom_test_case cases[] = {
    { "selections tile the run's blocks or queries", test_selection_tiles_the_run },
    { "selections a run cannot have are refused", test_selection_refusals },
    { "shards merged give the whole run's totals bit for bit", test_shards_give_the_whole_run },
    { "a shard file reads back to the same counts", test_shard_file_round_trip },
    { NULL, NULL },
};

const bloom_test_suite sim_shard_suite = { "sim_shard", cases };
