/*
 * sim_shard_tests.c - shards: the selections of shard_selection.h
 * partition a run's blocks or queries (disjoint, covering, sizes within one
 * of each other), shards run by the engine and put back together by
 * sim/shard give the whole run's totals bit for bit (the floating sums
 * included), a shard file reads back to the same counts, its end line is
 * XXH3-64 of the bytes before it, an edited file is refused by its
 * checksum, and one whose checksum was recomputed by its impossible counts
 * (shard_check.h, whose bounds on sums of squares are those found by
 * enumerating every tuple of small counts).
 */
#include <CUnit/CUnit.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "lsm_tree.h"
#include "scalable.h"
#include "shard_check.h"
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

/* Runs `config` as `count` shards, each into a file in memory named "memory". */
static sim_shard_file *run_shards(const sim_fpr_config *config, uint64_t count)
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
    return files;
}

static void free_shards(sim_shard_file *files, uint64_t count)
{
    for (uint64_t i = 0; i < count; i++)
        sim_shard_file_free(&files[i]);
    free(files);
}

/* Runs `config` as `count` shards and merges them into *merged. */
static void run_sharded(const sim_fpr_config *config, uint64_t count, sim_fpr_totals *merged)
{
    sim_shard_file *files = run_shards(config, count);
    sim_shard_merge merge;
    char error[512];
    CU_ASSERT_EQUAL_FATAL(sim_shard_merge_files(&merge, files, count, error, sizeof error), 0);
    CU_ASSERT_EQUAL(merge.missing_count, 0);
    sim_fpr_totals_reduce(merged, (const sim_fpr_totals *)(const void *)merge.slots, sim_block_count(config->run.trials),
                          config->run.trials);
    sim_shard_merge_free(&merge);
    free_shards(files, count);
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

/* ---- checksum and impossible counts ---------------------------------- */

/* The file as sim_shard_file_write writes it (NUL-terminated, free it). */
static char *written_text(sim_shard_file *file, size_t *length)
{
    char *text = NULL;
    FILE *stream = open_memstream(&text, length);
    CU_ASSERT_FATAL(stream != NULL);
    CU_ASSERT_EQUAL(sim_shard_file_write(stream, file), 0);
    fclose(stream);
    return text;
}

/* The offset of the last line of text[0..length-1] (which ends with a newline). */
static size_t last_line(const char *text, size_t length)
{
    size_t start = length - 1;
    while (start > 0 && text[start - 1] != '\n')
        start--;
    return start;
}

/* Writes over the end line's checksum XXH3-64 of the bytes before it, as
 * someone who edited the file and knew the format would. */
static void reseal(char *text, size_t length)
{
    size_t end = last_line(text, length);
    CU_ASSERT_FATAL(strncmp(text + end, "end ", 4) == 0 && length - end == 4 + 16 + 1);
    char digits[17];
    snprintf(digits, sizeof digits, "%016" PRIx64, (uint64_t)XXH3_64bits(text, end));
    memcpy(text + end + 4, digits, 16);
}

/* Reads text[0..length-1] as file `name`; returns sim_shard_file_read's status. */
static int read_text(const char *text, size_t length, const char *name, sim_shard_file *file, char *error,
                     size_t error_size)
{
    FILE *stream = fmemopen((void *)text, length, "r");
    CU_ASSERT_FATAL(stream != NULL);
    int status = sim_shard_file_read(stream, name, file, error, error_size);
    fclose(stream);
    return status;
}

/* The text with the first block line's false_positives N made N + 1, the
 * rest kept (free it); *block receives that block's number. */
static char *one_more_false_positive(const char *text, size_t *length, uint64_t *block)
{
    const char *line = strstr(text, "\nblock ");
    CU_ASSERT_FATAL(line != NULL);
    *block = strtoull(line + 7, NULL, 10);
    const char *field = strstr(line, " false_positives=");
    CU_ASSERT_FATAL(field != NULL);
    char *end;
    const char *digits = field + strlen(" false_positives=");
    unsigned long long count = strtoull(digits, &end, 10);
    size_t size = *length + 32;
    char *edited = malloc(size);
    CU_ASSERT_FATAL(edited != NULL);
    int used = snprintf(edited, size, "%.*s%llu%s", (int)(digits - text), text, count + 1, end);
    *length = (size_t)used;
    return edited;
}

/* The end line is "end " and XXH3-64 of every byte before it, computed here
 * in one call (the writer hashes a buffer, the reader line by line). */
static void test_checksum_covers_the_bytes_before_end(void)
{
    sim_fpr_config config = sim_test_config(1000, 100, 7, 999, 40);
    sim_shard_file *files = run_shards(&config, 4);
    size_t length = 0;
    char *text = written_text(&files[1], &length);
    size_t end = last_line(text, length);
    char expected[32];
    snprintf(expected, sizeof expected, "end %016" PRIx64 "\n", (uint64_t)XXH3_64bits(text, end));
    CU_ASSERT_STRING_EQUAL(text + end, expected);
    CU_ASSERT_EQUAL(strncmp(text, "bloomsim-shard 3\n", 17), 0);
    sim_shard_file back;
    char error[512] = "";
    CU_ASSERT_EQUAL(read_text(text, length, "memory", &back, error, sizeof error), 0);
    sim_shard_file_free(&back);
    text[end - 2] ^= 1;                           /* a flipped bit in the last block line */
    CU_ASSERT_EQUAL(read_text(text, length, "flipped", &back, error, sizeof error), -1);
    CU_ASSERT_STRING_EQUAL(error, "flipped: its content does not match its checksum (edited or corrupt; "
                                  "rerun the shard)");
    sim_shard_file_free(&back);
    free(text);
    free_shards(files, 4);
}

/* One more false positive in a block: refused by the checksum; with the
 * checksum recomputed the file reads, and the merge refuses the block
 * (a trial of the block: x^2 no longer equals the squares, or a block of
 * several: the parity of the squares no longer that of the sum). */
static void test_edited_count_is_refused(void)
{
    const uint64_t trials[] = { 999, 10000 };      /* 1 and 3 trials a block */
    for (size_t r = 0; r < sizeof trials / sizeof trials[0]; r++) {
        sim_fpr_config config = sim_test_config(1000, 100, 7, trials[r], 40);
        sim_shard_file *files = run_shards(&config, 4);
        size_t length = 0;
        char *text = written_text(&files[2], &length);
        uint64_t block = 0;
        char *edited = one_more_false_positive(text, &length, &block);
        sim_shard_file_free(&files[2]);
        char error[512] = "";
        CU_ASSERT_EQUAL(read_text(edited, length, "shard.3", &files[2], error, sizeof error), -1);
        CU_ASSERT_PTR_NOT_NULL(strstr(error, "shard.3: its content does not match its checksum"));
        sim_shard_file_free(&files[2]);
        reseal(edited, length);
        CU_ASSERT_EQUAL_FATAL(read_text(edited, length, "shard.3", &files[2], error, sizeof error), 0);
        sim_shard_merge merge;
        CU_ASSERT_EQUAL(sim_shard_merge_files(&merge, files, 4, error, sizeof error), -1);
        char expected[128];
        snprintf(expected, sizeof expected, "shard.3 block %" PRIu64 ": impossible counts: "
                 "false_positive_squares is not a sum of squares", block);
        CU_ASSERT_PTR_NOT_NULL(strstr(error, expected));
        sim_shard_merge_free(&merge);
        free(edited);
        free(text);
        free_shards(files, 4);
    }
}

/* An option edited and the checksum recomputed: the fingerprint no longer
 * matches the identifying lines. */
static void test_fingerprint_still_checked(void)
{
    sim_shard_file file;
    sim_shard_file_init(&file, "bloomsim 0.1.0", "fpr", SIM_SLOT_FPR);
    CU_ASSERT_EQUAL(sim_shard_file_add_option(&file, "--seed=3"), 0);
    file.run.trials = 3;
    file.run.queries = 10;
    file.run.blocks = 3;
    uint64_t most = 0;
    CU_ASSERT_EQUAL(sim_shard_select(&file.selection, 0, 1, 3, 10, 0, &most), 0);
    size_t length = 0;
    char *text = written_text(&file, &length);
    char *option = strstr(text, "--seed=3\n");
    CU_ASSERT_FATAL(option != NULL);
    option[7] = '5';
    reseal(text, length);
    sim_shard_file back;
    char error[512] = "";
    CU_ASSERT_EQUAL(read_text(text, length, "seeded", &back, error, sizeof error), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(error, "the fingerprint does not match"));
    sim_shard_file_free(&back);
    free(text);
    sim_shard_file_free(&file);
}

/* Brute force: every tuple of `count` values in [low, high], the least and
 * most sum of squares for each sum, compared with sim_squares_bounds; and
 * every sum of squares that occurs is possible. */
static void check_bounds_by_enumeration(uint64_t count, uint64_t low, uint64_t high)
{
    enum { MOST_SUM = 64 };
    unsigned __int128 least[MOST_SUM + 1], most[MOST_SUM + 1];
    int seen[MOST_SUM + 1] = { 0 };
    uint64_t values[4];
    for (uint64_t i = 0; i < count; i++)
        values[i] = low;
    for (;;) {
        uint64_t sum = 0;
        unsigned __int128 squares = 0;
        for (uint64_t i = 0; i < count; i++) {
            sum += values[i];
            squares += (unsigned __int128)values[i] * values[i];
        }
        CU_ASSERT_FATAL(sum <= MOST_SUM);
        least[sum] = seen[sum] && least[sum] < squares ? least[sum] : squares;
        most[sum] = seen[sum] && most[sum] > squares ? most[sum] : squares;
        seen[sum] = 1;
        CU_ASSERT(sim_squares_possible(count, low, high, sum, squares));
        uint64_t i = 0;
        while (i < count && values[i] == high)
            values[i++] = low;
        if (i == count)
            break;
        values[i]++;
    }
    for (uint64_t sum = 0; sum <= MOST_SUM; sum++) {
        unsigned __int128 a, b;
        int status = sim_squares_bounds(count, low, high, sum, &a, &b);
        CU_ASSERT_EQUAL(status, seen[sum] ? 0 : -1);
        if (!seen[sum])
            continue;
        CU_ASSERT(a == least[sum] && b == most[sum]);
        CU_ASSERT(!sim_squares_possible(count, low, high, sum, least[sum] - 2));   /* same parity, too few */
        CU_ASSERT(!sim_squares_possible(count, low, high, sum, most[sum] + 2));
        CU_ASSERT(!sim_squares_possible(count, low, high, sum, least[sum] + 1));   /* other parity */
    }
}

static void test_squares_bounds(void)
{
    for (uint64_t count = 1; count <= 4; count++)
        for (uint64_t low = 0; low <= 3; low++)
            for (uint64_t high = low; high <= low + 4 && count * high <= 64; high++)
                check_bounds_by_enumeration(count, low, high);
    unsigned __int128 least, most;
    /* one trial: the square itself, 128 bits wide */
    CU_ASSERT_EQUAL(sim_squares_bounds(1, 0, UINT64_MAX, UINT64_MAX, &least, &most), 0);
    CU_ASSERT(least == (unsigned __int128)UINT64_MAX * UINT64_MAX && most == least);
    /* no trials: nothing but 0 */
    CU_ASSERT_EQUAL(sim_squares_bounds(0, 5, 9, 0, &least, &most), 0);
    CU_ASSERT_EQUAL(sim_squares_bounds(0, 5, 9, 1, &least, &most), -1);
    /* the widest: four values near 2^62 adding up to almost 2^64 */
    uint64_t quarter = UINT64_MAX / 4;
    CU_ASSERT_EQUAL(sim_squares_bounds(4, quarter - 1, quarter + 1, quarter * 4 + 2, &least, &most), 0);
    CU_ASSERT(least == 2 * (unsigned __int128)quarter * quarter + 2 * ((unsigned __int128)quarter + 1) * (quarter + 1));
    CU_ASSERT(most == 3 * ((unsigned __int128)quarter + 1) * (quarter + 1) + ((unsigned __int128)quarter - 1) * (quarter - 1));
    /* a sum beyond count high, or below count low */
    CU_ASSERT_EQUAL(sim_squares_bounds(2, 3, UINT64_MAX, 5, &least, &most), -1);
    CU_ASSERT_EQUAL(sim_squares_bounds(2, 0, UINT64_MAX / 2, UINT64_MAX, &least, &most), -1);
}

/* A file of one block of `kind` with `trials` trials of `queries` queries, its slot `slot`. */
static void one_block_file(sim_shard_file *file, sim_slot_kind kind, uint64_t trials, uint64_t queries,
                           const void *slot)
{
    sim_shard_file_init(file, "test", "fpr", kind);
    file->run.trials = trials;
    file->run.queries = queries;
    file->run.blocks = sim_block_count(trials);
    uint64_t most = 0;
    CU_ASSERT_EQUAL(sim_shard_select(&file->selection, 0, file->run.blocks, trials, queries, 0, &most), 0);
    CU_ASSERT_EQUAL(sim_shard_file_add_slot(file, 0, slot), 0);
}

/* Nonzero when the merge accepts one block of `kind` holding `slot`. */
static int block_possible(sim_slot_kind kind, uint64_t trials, uint64_t queries, const void *slot)
{
    sim_shard_file file;
    one_block_file(&file, kind, trials, queries, slot);
    const char *reason = sim_shard_block_impossible(&file, 0);
    sim_shard_file_free(&file);
    return reason == NULL;
}

static int fpr_possible(const sim_fpr_totals *slot)
{
    return block_possible(SIM_SLOT_FPR, 10000, 40, slot);    /* 3 trials a block */
}

/* Three trials of 40 queries and 100 members each: 1, 2 and 2 false positives. */
static sim_fpr_totals possible_fpr_block(void)
{
    sim_fpr_totals slot;
    memset(&slot, 0, sizeof slot);
    slot.trials = 3;
    slot.queries = 120;
    slot.false_positives = 5;
    slot.false_positive_squares = 9;
    slot.occupancy_power_sum = 0.25;
    slot.occupancy_power_squares = 0.125 * 0.125 * 3;
    slot.set_bits = 1500;
    slot.members_checked = 300;
    return slot;
}

static void test_impossible_fpr_blocks(void)
{
    sim_fpr_totals slot = possible_fpr_block();
    CU_ASSERT(fpr_possible(&slot));
    slot.false_positive_squares = 25;             /* 0, 0 and 5 */
    CU_ASSERT(fpr_possible(&slot));
    struct { const char *what; sim_fpr_totals slot; } impossible[] = {
        { "queries", possible_fpr_block() }, { "false positives", possible_fpr_block() },
        { "squares below", possible_fpr_block() }, { "squares parity", possible_fpr_block() },
        { "squares above", possible_fpr_block() }, { "incomplete", possible_fpr_block() },
        { "false negatives", possible_fpr_block() }, { "power sum", possible_fpr_block() },
        { "power squares", possible_fpr_block() }, { "no bits", possible_fpr_block() },
        { "negative", possible_fpr_block() },
    };
    impossible[0].slot.queries = 121;
    impossible[1].slot.false_positives = 121;
    impossible[2].slot.false_positive_squares = 7;
    impossible[3].slot.false_positive_squares = 10;
    impossible[4].slot.false_positive_squares = 27;
    impossible[5].slot.incomplete_queries = 40;
    impossible[6].slot.false_negatives = 301;
    impossible[7].slot.occupancy_power_sum = 3.25;
    impossible[8].slot.occupancy_power_squares = 0.5;
    impossible[9].slot.set_bits = 0;
    impossible[10].slot.occupancy_power_squares = -0.125;
    for (size_t i = 0; i < sizeof impossible / sizeof impossible[0]; i++)
        if (fpr_possible(&impossible[i].slot))
            CU_FAIL(impossible[i].what);
}

/* A query shard other than the first never checks the members. */
static void test_members_of_query_shards(void)
{
    sim_fpr_totals slot;
    memset(&slot, 0, sizeof slot);
    slot.trials = 1;
    slot.queries = 25;
    slot.members_checked = 100;
    for (uint64_t index = 0; index < 2; index++) {
        sim_shard_file file;
        sim_shard_file_init(&file, "test", "fpr", SIM_SLOT_FPR);
        file.run.trials = 1;
        file.run.queries = 50;
        file.run.blocks = 1;
        uint64_t most = 0;
        CU_ASSERT_EQUAL(sim_shard_select(&file.selection, index, 2, 1, 50, 1, &most), 0);
        CU_ASSERT_EQUAL(file.selection.split, SIM_SHARD_BY_QUERIES);
        CU_ASSERT_EQUAL(sim_shard_file_add_slot(&file, 0, &slot), 0);
        CU_ASSERT_EQUAL(sim_shard_block_impossible(&file, 0) == NULL, index == 0);
        sim_shard_file_free(&file);
    }
}

static int lsm_possible(const sim_lsm_totals *slot)
{
    return block_possible(SIM_SLOT_LSM, 8, 100, slot);       /* 1 trial a block, 100 lookups */
}

static void test_impossible_lsm_and_grow_blocks(void)
{
    sim_lsm_totals lsm;
    memset(&lsm, 0, sizeof lsm);
    lsm.trials = 1;
    lsm.lookups = 100;
    lsm.probes_hit = 150;
    lsm.squares_hit = 150 * 150;
    lsm.probes_miss = 30;
    lsm.squares_miss = 30 * 30;
    CU_ASSERT(lsm_possible(&lsm));
    sim_lsm_totals bad = lsm;
    bad.probes_hit = bad.squares_hit = 99;        /* a hit reads one level at least */
    CU_ASSERT(!lsm_possible(&bad));
    bad = lsm;
    bad.squares_hit++;
    CU_ASSERT(!lsm_possible(&bad));
    bad = lsm;
    bad.probes_miss = 100 * SIM_LSM_MAX_LEVELS + 1;
    bad.squares_miss = (unsigned __int128)bad.probes_miss * bad.probes_miss;
    CU_ASSERT(!lsm_possible(&bad));
    bad = lsm;
    bad.false_negatives = 101;
    CU_ASSERT(!lsm_possible(&bad));
    bad = lsm;
    bad.lookups = 99;
    CU_ASSERT(!lsm_possible(&bad));

    sim_scalable_totals grow;
    memset(&grow, 0, sizeof grow);
    grow.trials = 1;
    grow.queries = 100;
    grow.false_positives = 3;
    grow.false_positive_squares = 9;
    grow.members_checked = 50;
    sim_shard_file file;
    one_block_file(&file, SIM_SLOT_GROW, 8, 100, &grow);
    CU_ASSERT_PTR_NULL(sim_shard_block_impossible(&file, 0));
    sim_scalable_totals *stored = (sim_scalable_totals *)(void *)file.slots;
    stored->false_positives = 4;
    CU_ASSERT_PTR_NOT_NULL(sim_shard_block_impossible(&file, 0));
    *stored = grow;
    stored->false_negatives = 51;
    CU_ASSERT_PTR_NOT_NULL(sim_shard_block_impossible(&file, 0));
    sim_shard_file_free(&file);
}

static const bloom_test_case cases[] = {
    { "selections tile the run's blocks or queries", test_selection_tiles_the_run },
    { "selections a run cannot have are refused", test_selection_refusals },
    { "shards merged give the whole run's totals bit for bit", test_shards_give_the_whole_run },
    { "a shard file reads back to the same counts", test_shard_file_round_trip },
    { "the end line is XXH3-64 of the bytes before it", test_checksum_covers_the_bytes_before_end },
    { "an edited count is refused, resealed or not", test_edited_count_is_refused },
    { "an edited option resealed fails the fingerprint", test_fingerprint_still_checked },
    { "sums of squares bounds match enumeration", test_squares_bounds },
    { "impossible fpr blocks are refused", test_impossible_fpr_blocks },
    { "query shards but the first check no members", test_members_of_query_shards },
    { "impossible lsm and grow blocks are refused", test_impossible_lsm_and_grow_blocks },
    { NULL, NULL },
};

const bloom_test_suite sim_shard_suite = { "sim_shard", cases };
