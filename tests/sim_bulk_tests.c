/*
 * sim_bulk_tests.c - the bulk engine (sim/engine/bulk.c) and the harness's choice
 * of engine compute exactly what the straightforward loop computes: same
 * keys, same probes, hence the same filter bits (compared word by word) and
 * the same number of positive answers, whatever the thread count, the
 * bucket buffer size (down to one so small that most probes overflow) and
 * the query window.  Moderate sizes (a few million bits, which spans
 * several 2^21-bit regions and a last partial one), so the suite stays
 * fast under the sanitizers.  Timings are never asserted.
 */
#include <CUnit/CUnit.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bulk.h"
#include "cpu_features.h"
#include "harness.h"
#include "interrupt.h"
#include "layout_prediction.h"
#include "random.h"
#include "sim_suites.h"
#include "tiny.h"

enum { KEYS = 40000, QUERIES = 30000 };

typedef struct reference {
    sim_bit_filter filter;
    uint64_t maybe_absent;     /* positives among the absent keys */
} reference;

static void streams(sim_key_stream *inserted, sim_key_stream *absent)
{
    sim_key_stream_init(inserted, SIM_KEYS_INSERTED, sim_derive_seed(7, SIM_SEED_INSERTED_KEYS, 0), NULL);
    sim_key_stream_init(absent, SIM_KEYS_ABSENT, sim_derive_seed(7, SIM_SEED_QUERY_KEYS, 0), NULL);
}

/* The straightforward loop: one key at a time, all k positions, no reordering. */
static void build_reference(reference *expected, const sim_prober *prober)
{
    sim_key_stream inserted, absent;
    streams(&inserted, &absent);
    CU_ASSERT_EQUAL_FATAL(sim_bit_filter_init(&expected->filter, prober->bits), 0);
    uint64_t positions[16];
    for (uint64_t j = 0; j < KEYS; j++) {
        sim_key key;
        sim_key_at(&inserted, j, &key);
        sim_prober_positions(prober, key.bytes, key.length, positions);
        sim_bit_filter_insert(&expected->filter, positions, prober->hashes);
    }
    expected->maybe_absent = 0;
    for (uint64_t j = 0; j < QUERIES; j++) {
        sim_key key;
        sim_key_at(&absent, j, &key);
        sim_prober_positions(prober, key.bytes, key.length, positions);
        expected->maybe_absent += (uint64_t)sim_bit_filter_contains(&expected->filter, positions,
                                                                    prober->hashes);
    }
}

/* Builds and queries with the bulk engine and compares with `expected`. */
static void check_bulk(const reference *expected, const sim_prober *prober,
                       const sim_bulk_options *options)
{
    sim_key_stream inserted, absent;
    streams(&inserted, &absent);
    sim_key_probes probes;
    sim_key_probes_init(&probes, NULL, prober);
    sim_bit_filter filter;
    CU_ASSERT_EQUAL_FATAL(sim_bit_filter_init(&filter, prober->bits), 0);
    CU_ASSERT_EQUAL(sim_bulk_build(&filter, &probes, &inserted, KEYS, options), 0);
    CU_ASSERT_EQUAL(memcmp(filter.words, expected->filter.words, sim_bit_filter_memory(prober->bits)), 0);
    uint64_t asked = 0;
    CU_ASSERT_EQUAL(sim_bulk_count_maybe(&filter, &probes, &absent, QUERIES, options, &asked),
                    expected->maybe_absent);
    CU_ASSERT_EQUAL(asked, QUERIES);
    CU_ASSERT_EQUAL(sim_bulk_count_maybe(&filter, &probes, &inserted, KEYS, options, &asked), KEYS);
    sim_bit_filter_free(&filter);
}

/* Every scheme, m spanning 3 regions and a partial one (and a prime m),
 * 1 to 3 threads, buffers from 1 KiB (nearly all overflow) to the default,
 * windows 1, 5 and 16. */
static void test_bulk_equals_straightforward(void)
{
    const uint64_t sizes[] = { 3 * (1ULL << SIM_BULK_REGION_SHIFT) + 12345, 400009 };
    const unsigned hashes[] = { 7, 3 };
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int scheme = 0; scheme < 3; scheme++) {
            sim_prober prober;
            sim_prober_init(&prober, (sim_probe_scheme)scheme, SIM_HASH_XXH3, sizes[s], hashes[s], 11, 1);
            reference expected;
            build_reference(&expected, &prober);
            CU_ASSERT(s == 0 || expected.maybe_absent > 0);   /* the large m is nearly empty */
            const uint64_t buffers[] = { 1024, 65536, 0 };
            const unsigned windows[] = { 1, 5, 16 };
            for (unsigned threads = 1; threads <= 3; threads++)
                for (size_t b = 0; b < 3; b++) {
                    sim_bulk_options options;
                    sim_bulk_default_options(&options, sizes[s], threads);
                    if (buffers[b] != 0)
                        options.buffer_bytes = buffers[b];
                    options.window = windows[b];
                    check_bulk(&expected, &prober, &options);
                }
            sim_bit_filter_free(&expected.filter);
        }
}

static sim_fpr_config engine_config(sim_engine engine, unsigned threads)
{
    sim_fpr_config config;
    memset(&config, 0, sizeof config);
    config.bits = 1000003;
    config.keys = 100000;
    config.hashes = 7;
    config.run.trials = 3;
    config.queries = 20000;
    config.guard = 1;
    config.counter_bits = 4;
    config.run.seed = 99;
    config.run.threads = threads;
    config.check_members = 1;
    config.engine = engine;
    return config;
}

/* Runs `config` and checks that its totals equal `expected` to the last bit. */
static void check_same_totals(const sim_fpr_config *config, const sim_fpr_totals *expected)
{
    sim_fpr_totals totals;
    CU_ASSERT_EQUAL_FATAL(sim_fpr_run(config, &totals), 0);
    CU_ASSERT_EQUAL(totals.trials, expected->trials);
    CU_ASSERT_EQUAL(totals.false_positives, expected->false_positives);
    CU_ASSERT(totals.false_positive_squares == expected->false_positive_squares);
    CU_ASSERT_EQUAL(totals.set_bits, expected->set_bits);
    CU_ASSERT_EQUAL(totals.members_checked, expected->members_checked);
    CU_ASSERT_EQUAL(totals.false_negatives, 0);
    CU_ASSERT_EQUAL(memcmp(&totals.occupancy_power_sum, &expected->occupancy_power_sum, sizeof(double)), 0);
}

/* The harness gives the same totals, to the last bit, per trial or in bulk,
 * on 1, 2 or 3 threads. */
static void test_engines_give_identical_totals(void)
{
    sim_fpr_config config = engine_config(SIM_ENGINE_PER_TRIAL, 1);
    sim_fpr_totals expected;
    CU_ASSERT_EQUAL_FATAL(sim_fpr_run(&config, &expected), 0);
    CU_ASSERT_EQUAL(expected.false_negatives, 0);
    CU_ASSERT(expected.false_positives > 0);
    for (unsigned threads = 1; threads <= 3; threads++) {
        config = engine_config(SIM_ENGINE_BULK, threads);
        check_same_totals(&config, &expected);
    }
}

/* The layouts the engines are compared on: every kind, the default blocks,
 * a block of 1000 bits (not a power of two: blocks straddle lines and
 * region boundaries), short indices and a fingerprint. */
typedef struct layout_case {
    bloom_layout_kind kind;
    unsigned hashes;
    uint64_t block_bits;
    unsigned hash_bits, index_bits;
    uint64_t small_bits, small_keys;   /* a small filter of the layout for the tiny engine (0: none) */
} layout_case;

static const layout_case layout_cases[] = {
    { BLOOM_LAYOUT_STANDARD, 7, 0, 0, 0, 0, 0 },
    { BLOOM_LAYOUT_STANDARD, 7, 0, 0, 22, 0, 0 },
    { BLOOM_LAYOUT_STANDARD, 7, 0, 20, 0, 0, 0 },
    { BLOOM_LAYOUT_PARTITIONED, 7, 0, 0, 0, 500, 50 },
    { BLOOM_LAYOUT_PARTITIONED, 5, 0, 0, 0, 64, 8 },
    { BLOOM_LAYOUT_BLOCKED, 7, 0, 0, 0, 512, 50 },
    { BLOOM_LAYOUT_BLOCKED, 5, 1000, 0, 0, 0, 0 },
    { BLOOM_LAYOUT_BLOCKED, 4, 100, 0, 0, 500, 40 },
    { BLOOM_LAYOUT_BLOCKED, 6, 0, 24, 22, 0, 0 },
    { BLOOM_LAYOUT_SPLIT_BLOCK, 8, 0, 0, 0, 256, 25 },
    { BLOOM_LAYOUT_SPLIT_BLOCK, 4, 0, 0, 0, 512, 90 },
};

/* m spanning two regions and a partial third (1000 bits of blocks do not divide it). */
#define LAYOUT_BITS (2 * (1ULL << SIM_BULK_REGION_SHIFT) + 99991)

static void layout_at(sim_layout *layout, const layout_case *c, uint64_t bits)
{
    char reason[200];
    CU_ASSERT_EQUAL_FATAL(sim_layout_init(layout, c->kind, bits, c->hashes, c->block_bits, c->hash_bits,
                                          c->index_bits, reason, sizeof reason), 0);
}

static void layout_of(sim_layout *layout, const layout_case *c)
{
    layout_at(layout, c, LAYOUT_BITS);
}

/* The probe source of `layout` under hash seed `seed` (independent XXH3
 * probes over its reachable bits, as the harness sets them up). */
static void probes_of(const sim_layout *layout, uint64_t seed, sim_prober *prober, sim_key_probes *probes)
{
    sim_prober_init(prober, SIM_PROBE_INDEPENDENT, SIM_HASH_XXH3, sim_layout_probed_bits(layout, 0),
                    layout->hashes, seed, 1);
    sim_key_probes_init(probes, layout, prober);
}

/* Layouts whose batched positions (from the keys' halves) were compared. */
static unsigned batched_compared;

/* Nonzero when the positions of a batched source from the key's XXH3
 * halves (sim_hash_xxh3_values of its value, then
 * sim_key_probes_scatter_positions and a cursor started from the halves,
 * or the block start and packed offsets) equal `expected`; 1 for a source
 * that is not batched. */
static int batched_equal(const sim_key_probes *probes, const sim_key_stream *stream, uint64_t index,
                         const uint64_t *expected)
{
    if (!probes->batched_scatter && !probes->batched_blocks)
        return 1;
    uint64_t value = sim_key_value(stream, index), low, high, got[16] = { 0 };
    sim_hash_xxh3_values(&low, &high, &value, 1, stream->role == SIM_KEYS_ABSENT, &probes->prober->seeds);
    if (probes->batched_scatter) {
        /* the queries' cursor started from the halves hands out the same positions */
        sim_key_cursor cursor;
        sim_key_cursor_start_halves(&cursor, probes, low, high);
        for (unsigned i = 0; i < probes->hashes; i++)
            got[i] = sim_key_cursor_next(&cursor, probes);
        if (memcmp(expected, got, probes->hashes * sizeof *got) != 0)
            return 0;
        sim_key_probes_scatter_positions(probes, low, high, got);
    } else {
        uint64_t first;
        if (!sim_key_probes_block_start(probes, low, &first))
            return 0;   /* a rejected word 0: probability below 2^-40 here */
        sim_key_probes_unpack(probes, first, sim_key_probes_block_packed(probes, low, high), got);
    }
    return memcmp(expected, got, probes->hashes * sizeof *got) == 0;
}

/* Nonzero when the cursor of key_probes.h hands out sim_layout_positions's
 * positions for 2000 inserted and absent keys of `layout`, and so do the
 * batched positions from the keys' halves when the source has them. */
static int cursor_equals_layout(const sim_layout *layout)
{
    sim_prober prober;
    sim_key_probes probes;
    probes_of(layout, 5, &prober, &probes);
    sim_key_stream inserted, absent;
    streams(&inserted, &absent);
    batched_compared += probes.batched_scatter || probes.batched_blocks;
    int equal = 1;
    for (uint64_t j = 0; j < 2000; j++) {
        const sim_key_stream *stream = j % 2 ? &absent : &inserted;
        sim_key key;
        sim_key_at(stream, j, &key);
        uint64_t expected[16], got[16];
        sim_layout_positions(layout, &prober, key.bytes, key.length, expected);
        sim_key_probes_positions(&probes, key.bytes, key.length, got);
        equal &= memcmp(expected, got, layout->hashes * sizeof *got) == 0;
        equal &= batched_equal(&probes, stream, j, expected);
    }
    return equal;
}

/* The cursor of key_probes.h hands out exactly sim_layout_positions's
 * positions, for every layout, at the engine tests' m and at m above 2^28
 * (one hash word a probe: the uniform family of the standard layout) and
 * above 2^32; so do the batched positions (partitioned at every size, the
 * standard layout's uniform family above 2^28, the power-of-two block
 * layouts without a fingerprint: 3 + 2 x 5 sources). */
static void test_key_probes_equal_layout_positions(void)
{
    const uint64_t sizes[] = { LAYOUT_BITS, (1ULL << 28) + 3, 10000000019ULL };
    batched_compared = 0;
    for (size_t b = 0; b < sizeof sizes / sizeof sizes[0]; b++)
        for (size_t c = 0; c < sizeof layout_cases / sizeof layout_cases[0]; c++) {
            sim_layout layout;
            layout_at(&layout, &layout_cases[c], sizes[b]);
            CU_ASSERT(cursor_equals_layout(&layout));
        }
    CU_ASSERT_EQUAL(batched_compared, 5 + 2 * 6);
}

static sim_fpr_config layout_config(const sim_layout *layout, sim_engine engine, unsigned threads)
{
    sim_fpr_config config = engine_config(engine, threads);
    config.bits = LAYOUT_BITS;
    config.keys = 250000;
    config.hashes = layout->hashes;
    config.run.trials = 2;
    config.queries = 40000;
    config.run.seed = 17;
    config.layout = layout;
    return config;
}

/* Every layout: the bulk engine (1 and 3 threads) counts exactly what the
 * per-trial path counts on the same keys (false positives, their squares,
 * set bits, members). */
static void test_layouts_bulk_equals_per_trial(void)
{
    for (size_t c = 0; c < sizeof layout_cases / sizeof layout_cases[0]; c++) {
        sim_layout layout;
        layout_of(&layout, &layout_cases[c]);
        sim_fpr_config config = layout_config(&layout, SIM_ENGINE_PER_TRIAL, 2);
        sim_fpr_totals expected;
        CU_ASSERT_EQUAL_FATAL(sim_fpr_run(&config, &expected), 0);
        CU_ASSERT(expected.false_positives > 0);
        CU_ASSERT_EQUAL(expected.false_negatives, 0);
        for (unsigned threads = 1; threads <= 3; threads += 2) {
            config = layout_config(&layout, SIM_ENGINE_BULK, threads);
            check_same_totals(&config, &expected);
        }
    }
}

/*
 * Small filters of every layout (tiny.h: direct draws, no hashing).  With
 * one query per trial the F trials are independent, so the false positives
 * are Binomial(F, p) with p the layout's exact rate (calc's fpr_layout,
 * through sim/judge/layout_prediction.h).  The check |x - F p| <= 5 sd
 * fails a correct engine with probability below 6e-7 per layout; with
 * F = 200000 and p >= 0.005 (F p >= 1000) a rate off by 20 % moves the mean
 * by more than 6 sd and is caught with probability above 0.84, off by 30 %
 * above 0.999.  The same run on 1 and 3 threads counts alike.
 */
static void test_small_layouts_match_exact_rate(void)
{
    for (size_t c = 0; c < sizeof layout_cases / sizeof layout_cases[0]; c++) {
        const layout_case *small = &layout_cases[c];
        if (small->small_bits == 0)
            continue;
        sim_layout layout;
        layout_at(&layout, small, small->small_bits);
        sim_layout_prediction prediction;
        CU_ASSERT_EQUAL_FATAL(sim_layout_prediction_compute(&prediction, &layout, small->small_keys), 0);
        double p = prediction.value;
        sim_layout_prediction_free(&prediction);
        sim_fpr_config config = engine_config(SIM_ENGINE_AUTO, 1);
        config.bits = small->small_bits;
        config.keys = small->small_keys;
        config.hashes = small->hashes;
        config.run.trials = 200000;
        config.queries = 1;
        config.layout = &layout;
        sim_fpr_totals one, three;
        CU_ASSERT_EQUAL_FATAL(sim_fpr_run(&config, &one), 0);
        double mean = (double)config.run.trials * p, deviation = sqrt(mean * (1 - p));
        CU_ASSERT(p >= 0.005);
        CU_ASSERT(fabs((double)one.false_positives - mean) <= 5 * deviation);
        CU_ASSERT_EQUAL(one.false_negatives, 0);
        CU_ASSERT_EQUAL(one.members_checked, config.keys * config.run.trials);
        config.run.threads = 3;
        CU_ASSERT_EQUAL_FATAL(sim_fpr_run(&config, &three), 0);
        CU_ASSERT_EQUAL(three.false_positives, one.false_positives);
        CU_ASSERT_EQUAL(three.set_bits, one.set_bits);
    }
}

/* Nonzero when the packed offsets of 2000 inserted and absent keys unpack
 * to sim_layout_positions's positions, drawing the words one by one or,
 * when `vector` and the processor has AVX-512, eight at a time. */
static int packed_equals_layout(const sim_layout *layout, int vector)
{
    sim_prober prober;
    sim_key_probes probes;
    probes_of(layout, 5, &prober, &probes);
    probes.vector_draws = vector && probes.vector_draws;
    sim_key_stream inserted, absent;
    streams(&inserted, &absent);
    int equal = probes.packed_shift != 0;
    for (uint64_t j = 0; j < 2000; j++) {
        sim_key key;
        sim_key_at(j % 2 ? &absent : &inserted, j, &key);
        uint64_t expected[16], got[16];
        sim_layout_positions(layout, &prober, key.bytes, key.length, expected);
        sim_key_cursor cursor;
        sim_key_cursor_start(&cursor, &probes, key.bytes, key.length);
        uint64_t packed = sim_key_cursor_packed(&cursor, &probes);
        sim_key_probes_unpack(&probes, sim_key_cursor_block(&cursor), packed, got);
        equal &= memcmp(expected, got, layout->hashes * sizeof *got) == 0 && cursor.index == layout->hashes;
    }
    return equal;
}

/* The packed_shift of the layout's probe source. */
static unsigned packed_shift_of(const sim_layout *layout)
{
    sim_prober prober;
    sim_key_probes probes;
    probes_of(layout, 5, &prober, &probes);
    return probes.packed_shift;
}

/* Whether the layout's probe source takes the batched block keys. */
static int batched_of(const sim_layout *layout)
{
    sim_prober prober;
    sim_key_probes probes;
    probes_of(layout, 5, &prober, &probes);
    return probes.batched_blocks;
}

/* The packed offsets of the block layouts whose blocks and offset ranges
 * are powers of two (blocked 512 bits k = 7, split block 256 bits k = 8
 * and 512 bits k = 4, also with short indices and a fingerprint) equal
 * sim_layout_positions, one by one and eight at a time; the others have
 * none (a block of 1000 or 100 bits). */
static void test_packed_offsets_equal_layout_positions(void)
{
    unsigned packed = 0;
    for (size_t c = 0; c < sizeof layout_cases / sizeof layout_cases[0]; c++) {
        sim_layout layout;
        layout_of(&layout, &layout_cases[c]);
        uint64_t block = layout.block_bits;
        int expected = layout.kind >= BLOOM_LAYOUT_BLOCKED && (block & (block - 1)) == 0;
        CU_ASSERT_EQUAL(packed_shift_of(&layout) != 0, expected);
        /* batched (test_layouts_bulk_buffers) unless a fingerprint is hashed instead of the key */
        CU_ASSERT_EQUAL(batched_of(&layout), expected && layout.hash_bits == 0);
        if (!expected)
            continue;
        packed++;
        CU_ASSERT(packed_equals_layout(&layout, 0));
        CU_ASSERT(packed_equals_layout(&layout, 1));
    }
    CU_ASSERT_EQUAL(packed, 4);
}

static int same_tiny_source(const sim_tiny_source *a, const sim_tiny_source *b)
{
    return a->state == b->state && a->batch.word == b->batch.word && a->batch.left == b->batch.left;
}

/* Nonzero when the one-word loop of a partitioned filter of `bits` <= 64
 * bits (tiny.h, small->partitioned_word) inserts the same words, answers
 * the same count and leaves both streams where the general small-filter
 * loop leaves them, over 3000 trials of `keys` keys and `queries` queries
 * (calls of 1, 2 and 3 keys in turn, as the harness's chunks split a trial). */
static int partitioned_word_equals_general(uint64_t bits, unsigned hashes, uint64_t keys, uint64_t queries)
{
    sim_layout layout;
    const layout_case shape = { BLOOM_LAYOUT_PARTITIONED, hashes, 0, 0, 0, 0, 0 };
    layout_at(&layout, &shape, bits);
    sim_small_layout fast, general;
    CU_ASSERT_FATAL(sim_small_layout_init(&fast, &layout, bits, hashes));
    CU_ASSERT_FATAL(fast.partitioned_word);
    general = fast;
    general.partitioned_word = 0;
    int equal = 1;
    for (uint64_t trial = 0; trial < 3000; trial++) {
        sim_small_source a, b;
        sim_small_source_start(&a, sim_derive_seed(23, SIM_SEED_HASH, trial));
        b = a;
        uint64_t words_a[SIM_SMALL_WORDS] = { 0 }, words_b[SIM_SMALL_WORDS] = { 0 }, maybe_a = 0, maybe_b = 0;
        for (uint64_t done = 0, step = 1; done < keys; done += step, step = step % 3 + 1) {
            uint64_t count = keys - done < step ? keys - done : step;
            sim_small_insert(&a, &fast, words_a, count);
            sim_small_insert(&b, &general, words_b, count);
        }
        for (uint64_t done = 0, step = 2; done < queries; done += step, step = step % 3 + 1) {
            uint64_t count = queries - done < step ? queries - done : step;
            maybe_a += sim_small_count_maybe(&a, &fast, words_a, count);
            maybe_b += sim_small_count_maybe(&b, &general, words_b, count);
        }
        equal &= memcmp(words_a, words_b, sizeof words_a) == 0 && maybe_a == maybe_b
                 && same_tiny_source(&a.first, &b.first) && same_tiny_source(&a.second, &b.second);
    }
    return equal;
}

/* The one-word loop of small partitioned filters 
 * (PERFORMANCE.md §l.10) equals the general loop: the seed example m = 64,
 * k = 5 (four slices of 13 bits, one of 12), power-of-two slices (drawn by
 * shifts), slices of one bit, one slice, a filter below 64 bits. */
static void test_small_partitioned_word_equals_general(void)
{
    CU_ASSERT(partitioned_word_equals_general(64, 5, 8, 20));
    CU_ASSERT(partitioned_word_equals_general(64, 4, 10, 7));
    CU_ASSERT(partitioned_word_equals_general(60, 7, 6, 9));
    CU_ASSERT(partitioned_word_equals_general(7, 7, 3, 4));
    CU_ASSERT(partitioned_word_equals_general(33, 1, 5, 5));
    CU_ASSERT(partitioned_word_equals_general(50, 3, 30, 11));
}

/* Keys of the batch comparison: not a multiple of the eight lanes, so the
 * one-by-one tail runs too. */
enum { BATCH_KEYS = 203 };

/* For one batched block layout, the batch functions against the per-key
 * ones drawn one by one (vector_draws off, which the packed test above
 * compares with sim_layout_positions): sim_key_probes_blocks_packed's
 * words equal sim_key_probes_block_packed's, and sim_key_probes_blocks_count
 * over a filter of 8000 keys in 40000 bits (about one absent key in ten is "maybe") equals
 * the number of absent keys sim_key_probes_block_contains answers "maybe";
 * with the lanes (vector) or one by one.  Returns the count. */
static uint64_t batch_equals_one_by_one(const sim_layout *layout, int vector)
{
    sim_prober prober;
    sim_key_probes probes, scalar;
    probes_of(layout, 5, &prober, &probes);
    scalar = probes;
    scalar.vector_draws = 0;
    probes.vector_draws = vector && probes.vector_draws;
    sim_key_stream inserted, absent;
    streams(&inserted, &absent);
    sim_bit_filter filter;
    CU_ASSERT_EQUAL_FATAL(sim_bit_filter_init(&filter, layout->bits), 0);
    for (uint64_t j = 0; j < 8000; j++) {
        sim_key key;
        uint64_t positions[16];
        sim_key_at(&inserted, j, &key);
        sim_layout_positions(layout, &prober, key.bytes, key.length, positions);
        sim_bit_filter_insert(&filter, positions, layout->hashes);
    }
    uint64_t values[BATCH_KEYS], lows[BATCH_KEYS], highs[BATCH_KEYS], packed[BATCH_KEYS], firsts[BATCH_KEYS];
    sim_key_values(values, &absent, 0, BATCH_KEYS);
    sim_hash_xxh3_values(lows, highs, values, BATCH_KEYS, 1, &prober.seeds);
    sim_key_probes_blocks_packed(&probes, lows, highs, BATCH_KEYS, packed);
    uint64_t maybe = 0;
    for (unsigned j = 0; j < BATCH_KEYS; j++) {
        CU_ASSERT_FATAL(sim_key_probes_block_start(&probes, lows[j], &firsts[j]));   /* rejected: below 2^-40 */
        CU_ASSERT_EQUAL(packed[j], sim_key_probes_block_packed(&scalar, lows[j], highs[j]));
        int contains = sim_key_probes_block_contains(&scalar, filter.words, firsts[j], lows[j], highs[j]);
        CU_ASSERT_EQUAL(sim_key_probes_block_contains_packed(&probes, filter.words, firsts[j], packed[j]), contains);
        maybe += (uint64_t)contains;
    }
    CU_ASSERT_EQUAL(sim_key_probes_blocks_count(&probes, filter.words, firsts, packed, BATCH_KEYS), maybe);
    sim_bit_filter_free(&filter);
    return maybe;
}

/* The batch functions of the block queries and builds (eight keys a lane
 * set, key_probes.h) equal the per-key ones, for every batched block
 * layout, with the lanes and without; some absent keys are "maybe" and
 * some are not, so a count that ignored the bits would fail. */
static void test_block_batches_equal_one_by_one(void)
{
    unsigned compared = 0;
    for (size_t c = 0; c < sizeof layout_cases / sizeof layout_cases[0]; c++) {
        sim_layout layout;
        layout_at(&layout, &layout_cases[c], 40000);
        if (!batched_of(&layout))
            continue;
        compared++;
        for (int vector = 0; vector <= 1; vector++) {
            uint64_t maybe = batch_equals_one_by_one(&layout, vector);
            CU_ASSERT(maybe > 0 && maybe < BATCH_KEYS);
        }
    }
    CU_ASSERT_EQUAL(compared, 3);
}

/* For a scattered batched source (uniform or partitioned): the batched
 * positions of BATCH_KEYS absent keys (sim_key_probes_scatter_batch, with
 * the lanes when the processor has them) equal each key's
 * sim_key_probes_scatter_positions with the lanes off, which
 * test_key_probes_equal_layout_positions compares with
 * sim_layout_positions.  Some keys get a low or high half of 0, whose word
 * Lemire's test rejects in every range that is not a power of two, so the
 * lanes' redraw runs too.  Returns whether the lanes were used. */
static int scatter_batch_equals_one_by_one(const sim_key_probes *probes, const sim_prober *prober)
{
    const unsigned hashes = probes->hashes;
    sim_key_probes scalar = *probes;
    scalar.vector_draws = 0;
    sim_key_stream inserted, absent;
    streams(&inserted, &absent);
    uint64_t values[BATCH_KEYS], lows[BATCH_KEYS], highs[BATCH_KEYS];
    sim_key_values(values, &absent, 0, BATCH_KEYS);
    sim_hash_xxh3_values(lows, highs, values, BATCH_KEYS, 1, &prober->seeds);
    lows[3] = 0;                 /* probe 0 redrawn */
    highs[12] = 0;               /* probe 1 redrawn */
    lows[40] = highs[40] = 0;
    enum { STRIDE = BATCH_KEYS + 5 };
    static uint64_t batch[16 * STRIDE];
    sim_key_probes_scatter_batch(probes, lows, highs, BATCH_KEYS, STRIDE, batch);
    for (unsigned j = 0; j < BATCH_KEYS; j++) {
        uint64_t one[16];
        sim_key_probes_scatter_positions(&scalar, lows[j], highs[j], one);
        for (unsigned i = 0; i < hashes; i++)
            CU_ASSERT_EQUAL(batch[i * STRIDE + j], one[i]);
    }
    return probes->vector_draws;
}

/* The probe source of a standard filter of `bits` bits, k = `hashes`,
 * hash seed 13, required to be the uniform family (one XXH3 word a probe,
 * batched): above 2^28 bits, and not a power of two whose draws would
 * fit two to a word. */
static void uniform_source(uint64_t bits, unsigned hashes, sim_prober *prober, sim_key_probes *probes)
{
    sim_prober_init(prober, SIM_PROBE_INDEPENDENT, SIM_HASH_XXH3, bits, hashes, 13, 1);
    sim_key_probes_init(probes, NULL, prober);
    CU_ASSERT_FATAL(probes->family == SIM_FAMILY_UNIFORM && probes->batched_scatter);
}

/* scatter_batch_equals_one_by_one for a partitioned filter of `bits` bits
 * and k = `hashes`. */
static int partitioned_batch_equals_one_by_one(uint64_t bits, unsigned hashes)
{
    sim_layout layout;
    const layout_case shape = { BLOOM_LAYOUT_PARTITIONED, hashes, 0, 0, 0, 0, 0 };
    layout_at(&layout, &shape, bits);
    sim_prober prober;
    sim_key_probes probes;
    probes_of(&layout, 5, &prober, &probes);
    return scatter_batch_equals_one_by_one(&probes, &prober);
}

/* The standard layout's batched draws above 2^28 bits (the uniform family,
 * one word a probe), eight keys a vector (PERFORMANCE.md §l.14), equal the
 * one-by-one draws: ranges below 2^32 (two 32 x 32 products would do),
 * just below and above it, a power of two beyond it (no rejection) and the
 * billion-key plan's 9 585 058 378 bits, where every 32-bit quarter of the
 * 128-bit product matters; the lanes are used on every processor with
 * AVX-512. */
static void test_uniform_batches_equal_one_by_one(void)
{
    const uint64_t bits[] = { (1ULL << 28) + 3, (1ULL << 32) - 5, (1ULL << 32) + 1, 1ULL << 33, 9585058378ULL,
                              (1ULL << 40) + 12345 };
    const unsigned hashes[] = { 7, 3, 7, 5, 7, 16 };
    for (size_t c = 0; c < sizeof bits / sizeof bits[0]; c++) {
        sim_prober prober;
        sim_key_probes probes;
        uniform_source(bits[c], hashes[c], &prober, &probes);
        CU_ASSERT_EQUAL(scatter_batch_equals_one_by_one(&probes, &prober), sim_cpu_has_avx512dq());
    }
}

/* The partitioned build's batched draws, eight keys a vector 
 * (PERFORMANCE.md §l.10), equal the one-by-one draws: slices of every
 * size class (larger slices or none, a power of two, just below 2^32,
 * one slice), and the lanes are used on a processor with AVX-512 unless
 * a slice reaches 2^32 bits. */
static void test_partitioned_batches_equal_one_by_one(void)
{
    const uint64_t bits[] = { LAYOUT_BITS, 7 * 1000003, 7 << 20, (1ULL << 28) + 3, 3 * ((1ULL << 32) - 1), 123457,
                              7 * (1ULL << 32) + 11 };
    const unsigned hashes[] = { 7, 7, 7, 5, 3, 1, 7 };
    int lanes = sim_cpu_has_avx512dq();
    for (size_t c = 0; c < sizeof bits / sizeof bits[0]; c++)
        CU_ASSERT_EQUAL(partitioned_batch_equals_one_by_one(bits[c], hashes[c]), lanes && bits[c] / hashes[c] + 1 < (1ULL << 32));
}

enum { LAYOUT_KEYS = 250000, LAYOUT_QUERIES = 100000 };

/* The layout of case `c`, its probe source under hash seed `seed`, the
 * streams of inserted and absent keys, and `expected`: the filter of the
 * first LAYOUT_KEYS inserted keys set one key at a time
 * (sim_layout_positions). */
static void layout_case_inserted(const layout_case *c, uint64_t seed, sim_layout *layout, sim_prober *prober,
                                 sim_key_probes *probes, sim_key_stream *inserted, sim_key_stream *absent,
                                 sim_bit_filter *expected)
{
    layout_of(layout, c);
    probes_of(layout, seed, prober, probes);
    streams(inserted, absent);
    CU_ASSERT_EQUAL_FATAL(sim_bit_filter_init(expected, layout->bits), 0);
    uint64_t positions[16];
    for (uint64_t j = 0; j < LAYOUT_KEYS; j++) {
        sim_key key;
        sim_key_at(inserted, j, &key);
        sim_layout_positions(layout, prober, key.bytes, key.length, positions);
        sim_bit_filter_insert(expected, positions, layout->hashes);
    }
}

/* The bulk engine itself, every layout, buffers from 1 KiB (nearly every
 * key overflows its bucket) to the default, regions of 2^21 and 2^12
 * bits, 1 and 3 threads, the block
 * layouts' batched keys (sim_key_probes_block_*) with and without the
 * AVX-512 lanes: the filter's words equal those of sim_layout_positions
 * one key at a time, and the absent keys it answers "maybe" are the same
 * count. */
static void test_layouts_bulk_buffers(void)
{
    for (size_t c = 0; c < sizeof layout_cases / sizeof layout_cases[0]; c++) {
        sim_layout layout;
        sim_prober prober;
        sim_key_probes probes;
        sim_key_stream inserted, absent;
        sim_bit_filter expected;
        layout_case_inserted(&layout_cases[c], 9, &layout, &prober, &probes, &inserted, &absent, &expected);
        uint64_t positions[16], maybe = 0;
        for (uint64_t j = 0; j < LAYOUT_QUERIES; j++) {
            sim_key key;
            sim_key_at(&absent, j, &key);
            sim_layout_positions(&layout, &prober, key.bytes, key.length, positions);
            maybe += (uint64_t)sim_bit_filter_contains(&expected, positions, layout.hashes);
        }
        CU_ASSERT(maybe > 0);
        /* 1 KiB buffers, the default ones, the default ones with regions of 4096 bits (many regions) */
        const uint64_t buffers[] = { 1024, 0, 0 };
        const unsigned region_shifts[] = { 0, 0, 12 };
        int vector = probes.vector_draws;
        for (unsigned threads = 1; threads <= 3; threads += 2)
            for (size_t b = 0; b < 3; b++) {
                /* the lanes (when the processor has them) and the one-by-one draws in turn */
                probes.vector_draws = vector && (threads / 2 + b) % 2 == 0;
                sim_bulk_options options;
                sim_bulk_default_options(&options, layout.bits, threads);
                options.region_shift = region_shifts[b];
                if (buffers[b] != 0)
                    options.buffer_bytes = buffers[b];
                sim_bit_filter filter;
                CU_ASSERT_EQUAL_FATAL(sim_bit_filter_init(&filter, layout.bits), 0);
                CU_ASSERT_EQUAL(sim_bulk_build(&filter, &probes, &inserted, LAYOUT_KEYS, &options), 0);
                CU_ASSERT_EQUAL(memcmp(filter.words, expected.words, sim_bit_filter_memory(layout.bits)), 0);
                uint64_t asked = 0;
                CU_ASSERT_EQUAL(sim_bulk_count_maybe(&filter, &probes, &absent, LAYOUT_QUERIES, &options, &asked), maybe);
                CU_ASSERT_EQUAL(asked, LAYOUT_QUERIES);
                sim_bit_filter_free(&filter);
            }
        sim_bit_filter_free(&expected);
    }
}

/* The standard layout above 2^28 bits (the uniform family, one hash word a
 * probe: its batched build appends through line stages, bulk.c
 * bucket_staged) on 1 and 2 threads, default buffers and buffers of
 * 64 KiB (more chunks, so stages are flushed with partial lines many
 * times): the filter's words equal those of the one-key loop
 * (sim_prober_positions), and so do the absent keys' answers. */
static void test_uniform_bulk_words_equal_one_by_one(void)
{
    enum { UNIFORM_KEYS = 300000, UNIFORM_QUERIES = 50000 };
    const uint64_t bits = (1ULL << 28) + 3;
    sim_prober prober;
    sim_key_probes probes;
    uniform_source(bits, 7, &prober, &probes);
    sim_key_stream inserted, absent;
    streams(&inserted, &absent);
    sim_bit_filter expected, filter;
    CU_ASSERT_EQUAL_FATAL(sim_bit_filter_init(&expected, bits), 0);
    CU_ASSERT_EQUAL_FATAL(sim_bit_filter_init(&filter, bits), 0);
    uint64_t positions[7], maybe = 0;
    for (uint64_t j = 0; j < UNIFORM_KEYS; j++) {
        sim_key key;
        sim_key_at(&inserted, j, &key);
        sim_prober_positions(&prober, key.bytes, key.length, positions);
        sim_bit_filter_insert(&expected, positions, 7);
    }
    for (uint64_t j = 0; j < UNIFORM_QUERIES; j++) {
        sim_key key;
        sim_key_at(&absent, j, &key);
        sim_prober_positions(&prober, key.bytes, key.length, positions);
        maybe += (uint64_t)sim_bit_filter_contains(&expected, positions, 7);
    }
    for (unsigned threads = 1; threads <= 2; threads++)
        for (int small = 0; small <= 1; small++) {
            sim_bulk_options options;
            sim_bulk_default_options(&options, bits, threads);
            if (small)
                options.buffer_bytes = 65536;
            sim_bit_filter_reset(&filter);
            CU_ASSERT_EQUAL(sim_bulk_build(&filter, &probes, &inserted, UNIFORM_KEYS, &options), 0);
            CU_ASSERT_EQUAL(memcmp(filter.words, expected.words, sim_bit_filter_memory(bits)), 0);
            uint64_t asked = 0;
            CU_ASSERT_EQUAL(sim_bulk_count_maybe(&filter, &probes, &absent, UNIFORM_QUERIES, &options, &asked), maybe);
        }
    sim_bit_filter_free(&filter);
    sim_bit_filter_free(&expected);
}

/* Counts the progress reports of a build: one a chunk of keys (bulk.h). */
static void count_report(void *context, uint64_t done, uint64_t total, double seconds)
{
    (void)done;
    (void)total;
    (void)seconds;
    (*(unsigned *)context)++;
}

/* The scattered probes' offsets packed 24 to a 64-byte line (bulk.c
 * bucket_line, PERFORMANCE.md §l.14): a standard filter of 2^30 - 5 bits
 * (not a power of two, so one hash word a probe: the uniform family) has
 * 512 regions of 2^21 bits (the last one 5 bits short); with buckets of 2 MiB on one thread each
 * bucket is 4096 bytes, 64 lines, 1536 offsets of 21 bits, so a chunk
 * holds at most 786 432 probes and the 7e6 probes of 1e6 keys at k = 7
 * need at least 9 chunks; with one 32-bit word an offset a bucket would
 * hold 1024 of them and the build at least 14 chunks.  The chunks
 * (counted by the progress reports) lie between the two. */
static void test_uniform_offsets_packed_in_lines(void)
{
    const uint64_t bits = (1ULL << 30) - 5;
    sim_prober prober;
    sim_key_probes probes;
    uniform_source(bits, 7, &prober, &probes);
    sim_key_stream inserted, absent;
    streams(&inserted, &absent);
    sim_bit_filter filter;
    CU_ASSERT_EQUAL_FATAL(sim_bit_filter_init(&filter, bits), 0);
    unsigned chunks = 0;
    const sim_bulk_progress progress = { count_report, &chunks, 0, 1000000 };
    sim_bulk_options options;
    sim_bulk_default_options(&options, bits, 1);
    options.buffer_bytes = 2U << 20;
    options.progress = &progress;
    CU_ASSERT_EQUAL(sim_bulk_build(&filter, &probes, &inserted, 1000000, &options), 0);
    CU_ASSERT(chunks >= 9 && chunks < 14);
    sim_bit_filter_free(&filter);
}

/* The block layouts' packed keys (2 or 3 words an entry), appended through
 * stages of 16 entries a region (bulk.c bucket_staged, PERFORMANCE.md §l.11)
 * on 1 and 2 threads, buffers of 4 KiB and 64 KiB (buckets of a few
 * stages, many chunks: stages flushed with partial entries many times)
 * and the default ones: the filter's words equal those of
 * sim_layout_positions one key at a time. */
static void test_packed_bulk_staged_words_equal_one_by_one(void)
{
    unsigned packed = 0;
    for (size_t c = 0; c < sizeof layout_cases / sizeof layout_cases[0]; c++) {
        sim_layout layout;
        sim_prober prober;
        sim_key_probes probes;
        sim_key_stream inserted, absent;
        sim_bit_filter expected, filter;
        layout_case_inserted(&layout_cases[c], 5, &layout, &prober, &probes, &inserted, &absent, &expected);
        CU_ASSERT_EQUAL_FATAL(sim_bit_filter_init(&filter, layout.bits), 0);
        packed += probes.packed_shift != 0 && probes.batched_blocks;
        const uint64_t buffers[] = { 4096, 65536, 0 };
        for (unsigned threads = 1; probes.packed_shift != 0 && probes.batched_blocks && threads <= 2; threads++)
            for (size_t b = 0; b < sizeof buffers / sizeof buffers[0]; b++) {
                sim_bulk_options options;
                sim_bulk_default_options(&options, layout.bits, threads);
                if (buffers[b] != 0)
                    options.buffer_bytes = buffers[b];
                sim_bit_filter_reset(&filter);
                CU_ASSERT_EQUAL(sim_bulk_build(&filter, &probes, &inserted, LAYOUT_KEYS, &options), 0);
                CU_ASSERT_EQUAL(memcmp(filter.words, expected.words, sim_bit_filter_memory(layout.bits)), 0);
            }
        sim_bit_filter_free(&filter);
        sim_bit_filter_free(&expected);
    }
    CU_ASSERT(packed >= 3);
}

/* A stop requested before a bulk run: nothing measured, marked partial. */
static void test_bulk_interrupted(void)
{
    sim_fpr_config config = engine_config(SIM_ENGINE_BULK, 2);
    sim_fpr_totals totals;
    sim_interrupt_request();
    CU_ASSERT_EQUAL(sim_fpr_run(&config, &totals), 0);
    sim_interrupt_clear();
    CU_ASSERT(totals.partial);
    CU_ASSERT_EQUAL(totals.trials, 0);
}

/* The batched draws of hash.c: per word as many as fit below 2^56, one
 * word per draw above 2^28, which is then Lemire's reduction itself, and
 * for a power of two as many as the word's bits hold, taken by shifts. */
static void test_draws_per_word(void)
{
    sim_draw_range draws;
    sim_draw_range_init(&draws, 64, 5);
    CU_ASSERT_EQUAL(draws.per_word, 5);
    CU_ASSERT_EQUAL(draws.surplus, 0);            /* 64^5 = 2^30 divides 2^64 */
    sim_draw_range_init(&draws, 1000, 9);
    CU_ASSERT_EQUAL(draws.per_word, 5);           /* 1000^5 < 2^56 < 1000^6 */
    sim_draw_range_init(&draws, (1ULL << 28) + 1, 7);
    CU_ASSERT_EQUAL(draws.per_word, 1);
    uint64_t key = 5;
    sim_hash_seeds seeds;
    sim_hash_seeds_init(&seeds, 3, 1);
    sim_hash_stream batched, single;
    sim_hash_stream_start(&batched, SIM_HASH_XXH3, &key, sizeof key, &seeds);
    sim_hash_stream_start(&single, SIM_HASH_XXH3, &key, sizeof key, &seeds);
    for (int i = 0; i < 20; i++)
        CU_ASSERT_EQUAL(sim_hash_stream_draw(&batched, &draws),
                        sim_hash_stream_position(&single, draws.range));
    sim_draw_range_init(&draws, 64, 64);          /* a power of two: no surplus, 64/6 digits */
    CU_ASSERT_EQUAL(draws.per_word, 10);
    CU_ASSERT_EQUAL(draws.shift, 6);
    sim_draw_range_init(&draws, 1ULL << 32, 7);   /* P = 2^64, stored as 0 */
    CU_ASSERT_EQUAL(draws.per_word, 2);
    CU_ASSERT_EQUAL(draws.product, 0);
    CU_ASSERT_EQUAL(draws.surplus, 0);
    /* shifts give the digits the multiplications give: w * 2^6 = 2^64 (w >> 58) + (w << 6) */
    sim_draw_range_init(&draws, 64, 10);
    sim_draw_batch batch;
    uint64_t word = 0x9e3779b97f4a7c15ULL;
    CU_ASSERT_EQUAL_FATAL(sim_draw_batch_fill(&batch, &draws, word), 1);
    for (int i = 0; i < 10; i++) {
        unsigned __int128 product = (unsigned __int128)word * 64;
        word = (uint64_t)product;
        CU_ASSERT_EQUAL(sim_draw_batch_take(&batch, &draws), (uint64_t)(product >> 64));
    }
}

/* The large runs' memory: a filter and the build's buckets beside it.  The
 * bound 1.15 times the filter's bytes is the requirement; the filters are
 * those of "bloomsim plan 1e9 1%" and "plan 1e10 1%" (m = ceil(n ln(100) /
 * ln^2 2) bits, bloomcalc).  A budget far above both (the override) is what
 * let the buckets grow to half the filter before they were bounded. */
static void test_bulk_memory_bounded(void)
{
    const uint64_t plans[] = { 9585058378ULL, 95850583780ULL };
    setenv("BLOOMSIM_MEMORY_LIMIT", "1000000000000000", 1);
    for (int p = 0; p < 2; p++)
        for (unsigned threads = 1; threads <= 2; threads++) {
            sim_bulk_options options;
            sim_bulk_fast_options(&options, plans[p], threads);
            uint64_t filter = (plans[p] + 63) / 64 * 8;
            CU_ASSERT(filter + sim_bulk_memory(&options) <= filter + filter / 100 * 15);
        }
    unsetenv("BLOOMSIM_MEMORY_LIMIT");
}

static const bloom_test_case cases[] = {
    { "bulk build and queries equal the straightforward loop", test_bulk_equals_straightforward },
    { "per-trial and bulk engines: identical totals, 1-3 threads", test_engines_give_identical_totals },
    { "key cursor equals sim_layout_positions, every layout", test_key_probes_equal_layout_positions },
    { "every layout: bulk engine equals the per-trial path", test_layouts_bulk_equals_per_trial },
    { "packed block offsets equal sim_layout_positions, one by one and by eight",
      test_packed_offsets_equal_layout_positions },
    { "every layout: bulk filter words equal one key at a time, tiny and default buffers",
      test_layouts_bulk_buffers },
    { "small filters of every layout: binomial check against fpr_layout", test_small_layouts_match_exact_rate },
    { "batched block keys: eight at a time equal one by one", test_block_batches_equal_one_by_one },
    { "batched partitioned keys: eight at a time equal one by one", test_partitioned_batches_equal_one_by_one },
    { "batched uniform keys: eight at a time equal one by one", test_uniform_batches_equal_one_by_one },
    { "small partitioned filters: the one-word loop equals the general one", test_small_partitioned_word_equals_general },
    { "standard layout above 2^28: bulk filter words equal one key at a time",
      test_uniform_bulk_words_equal_one_by_one },
    { "packed block keys through stages: bulk filter words equal one key at a time",
      test_packed_bulk_staged_words_equal_one_by_one },
    { "standard layout above 2^28: offsets packed 24 to a bucket line", test_uniform_offsets_packed_in_lines },
    { "interrupted bulk run is partial", test_bulk_interrupted },
    { "large runs: filter and buckets within 1.15 times the filter", test_bulk_memory_bounded },
    { "batched draws per word", test_draws_per_word },
    { NULL, NULL },
};

const bloom_test_suite sim_bulk_suite = { "sim_bulk", cases };
