/*
 * bench_sim_filters.c - how fast bloomsim builds and queries Bloom filters, against
 * baselines measured in the same run on the same n, m, k, seed and keys.
 * Not a test: it prints figures and asserts nothing except that
 * the product counts what the straightforward loop counts.
 *
 * Cases (each run in its own child process, so that its peak resident
 * memory, from wait4's rusage, is its own):
 *   textbook         one key at a time, two FNV-1a hashes, position
 *                    (h1 + i h2) % m per probe, one thread: the loop a
 *                    first implementation writes (PERFORMANCE.md §l.4,
 *                    "textbook" row).  Its false-positive count differs
 *                    (other hash, and FNV-1a's correlated pair,
 *                    PERFORMANCE.md §t.1).
 *   straightforward  one key at a time, one thread, the product's own
 *                    probes (probes.h: one XXH3 call a key, then SplitMix64
 *                    words, independent positions): the reference whose
 *                    counts the product must reproduce.
 *   bloomsim         the product's engine (bulk.h): partitioned build and
 *                    interleaved prefetched queries on all threads; also
 *                    on one thread, and for each deployed layout
 *                    (partitioned k = 7, blocked k = 7 in 512-bit blocks,
 *                    split block k = 8 words of 32 bits, as Parquet), with
 *                    "x bloomsim" the standard layout's build + queries
 *                    time over the row's (blocked and split block
 *                    at least 2, partitioned at least 1).
 *   libbloom         the C library a user would pick instead (Debian
 *                    libbloom-dev 1.6): its own sizing for 10 bits a key
 *                    (m and k as it chose them), MurmurHash2 double hashing,
 *                    one thread, the same keys.
 *   tiny             the harness on the seed filter m = 64, n = 8, k = 5
 *                    (its one-word engine, tiny.h): filter instances
 *                    built, counted and queried once (Q = 1) per second,
 *                    all threads.
 *   plan 1e9 1%      (only with BLOOMSIM_BENCH_FULL=1, "make bench-full") the whole
 *                    command "bloomsim plan 1e9 1% --queries 1e9 --progress"
 *                    in its own process (m = 9 585 058 378, k = 7, 1e9 keys,
 *                    1e9 absent queries): wall and processor time, peak RSS
 *                    and its ratio to the filter's bytes and to the memory
 *                    the command announced, and where its time went (the
 *                    command's own account of predictions, build and
 *                    queries on stderr); then its parts one after the
 *                    other here: the certified predictions, the build, the
 *                    queries.
 *   plan 1e10 1%     (bench-full too) the same for the ten-billion-key
 *                    command (a 12 GB filter, minutes), at nice 10.
 *
 * Every row carries its own n, m and k.  Timings are wall clock on a shared
 * machine: compare the ratios of one run, never figures of two runs.
 *
 * Defaults: n = 1e8, 10 bits a key (m = 1e9), k = 7, seed 1, 1e8 absent
 * queries; BLOOMSIM_BENCH_KEYS=N changes n (and the queries);
 * BLOOMSIM_BENCH_ROWS=NAME,NAME,... runs those rows only (the case names
 * printed; then no file is written unless BLOOMSIM_BENCH_CSV names one).
 * Prints a table and CSV, and writes the CSV to data/bench.csv
 * (BLOOMSIM_BENCH_CSV overrides the path; empty: no file).  Each row has
 * its wall seconds and its processor seconds (all threads, measured in the
 * child around each part; process_cpu_seconds is the child's whole
 * user + system time from wait4): on a shared machine the processor time
 * is the steadier figure, and "x cpu" compares it as "x bloomsim" compares
 * wall time.
 */
#include <bloom.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bulk.h"
#include "filter.h"
#include "harness.h"
#include "hash.h"
#include "keys.h"
#include "parallel.h"
#include "layout_filters.h"
#include "predictions.h"
#include "probes.h"
#include "random.h"

#define SEED 1U
#define HASHES 7U
#define BITS_PER_KEY 10U

/* What one case measured (sent from the child through a pipe). */
typedef struct case_result {
    double insert_seconds;        /* 0 when not measured */
    double query_seconds;
    double predict_seconds;       /* plan parts: the certified predictions */
    double insert_cpu, query_cpu, predict_cpu;   /* processor seconds (all threads) of each part */
    double cpu_seconds;           /* the child's user + system time, filled by the parent */
    uint64_t keys, bits;          /* the row's own n and m */
    unsigned hashes;              /* and k */
    uint64_t inserts;
    uint64_t queries;
    uint64_t positives;
    double peak_bytes;            /* filled by the parent */
    double command_seconds, command_cpu;   /* plan commands: the whole command's wall and processor time */
    double estimate_bytes;        /* plan commands: the memory the command announced */
    char estimate[64];            /* and its announced time */
} case_result;

typedef struct bench_setup {
    uint64_t keys;
    uint64_t bits;
    uint64_t queries;
    unsigned threads;
} bench_setup;

typedef void (*bench_case)(const bench_setup *setup, case_result *result);

static double clock_seconds(clockid_t which)
{
    struct timespec clock;
    clock_gettime(which, &clock);
    return (double)clock.tv_sec + (double)clock.tv_nsec * 1e-9;
}

static double now_seconds(void)
{
    return clock_seconds(CLOCK_MONOTONIC);
}

/* Processor time of the whole process (every thread): on a shared machine
 * it is what a part costs, whatever the other processes take. */
static double cpu_seconds(void)
{
    return clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
}

/* The key streams every case uses: trial 0 of seed SEED, as bloomsim does. */
static void bench_keys(sim_key_stream *inserted, sim_key_stream *absent)
{
    sim_key_stream_init(inserted, SIM_KEYS_INSERTED, sim_derive_seed(SEED, SIM_SEED_INSERTED_KEYS, 0), NULL);
    sim_key_stream_init(absent, SIM_KEYS_ABSENT, sim_derive_seed(SEED, SIM_SEED_QUERY_KEYS, 0), NULL);
}

/* ---- textbook: FNV-1a double hashing, % per probe, one key at a time ---- */

typedef struct textbook_hashes {
    uint64_t first, second;
} textbook_hashes;

static textbook_hashes textbook_hash(const sim_key *key)
{
    textbook_hashes hashes = { sim_fnv1a64(key->bytes, key->length, SIM_FNV1A_OFFSET_BASIS),
                               sim_fnv1a64(key->bytes, key->length, SIM_FNV1A_OFFSET_BASIS ^ SEED) };
    return hashes;
}

/* A filter asked one key at a time, on one thread: the loops of the
 * textbook, straightforward and libbloom rows. */
typedef struct one_by_one {
    void (*insert)(void *filter, const sim_key *key);
    int (*query)(void *filter, const sim_key *key);     /* 1: "maybe present" */
    void *filter;
} one_by_one;

/* Inserts the setup's keys, then asks its absent keys, timing each loop. */
static void run_one_by_one(const bench_setup *setup, const one_by_one *loop, case_result *result)
{
    sim_key_stream inserted, absent;
    bench_keys(&inserted, &absent);
    double start = now_seconds(), start_cpu = cpu_seconds();
    for (uint64_t j = 0; j < setup->keys; j++) {
        sim_key key;
        sim_key_at(&inserted, j, &key);
        loop->insert(loop->filter, &key);
    }
    double middle = now_seconds(), middle_cpu = cpu_seconds();
    for (uint64_t j = 0; j < setup->queries; j++) {
        sim_key key;
        sim_key_at(&absent, j, &key);
        result->positives += (uint64_t)loop->query(loop->filter, &key);
    }
    result->insert_seconds = middle - start;
    result->query_seconds = now_seconds() - middle;
    result->insert_cpu = middle_cpu - start_cpu;
    result->query_cpu = cpu_seconds() - middle_cpu;
}

typedef struct textbook_filter {
    uint64_t *words;
    uint64_t bits;
} textbook_filter;

static void textbook_insert(void *filter, const sim_key *key)
{
    textbook_filter *textbook = filter;
    textbook_hashes h = textbook_hash(key);
    for (uint64_t i = 0; i < HASHES; i++) {
        uint64_t position = (h.first + i * h.second) % textbook->bits;
        textbook->words[position / 64] |= (uint64_t)1 << (position % 64);
    }
}

static int textbook_query(void *filter, const sim_key *key)
{
    const textbook_filter *textbook = filter;
    textbook_hashes h = textbook_hash(key);
    for (uint64_t i = 0; i < HASHES; i++) {
        uint64_t position = (h.first + i * h.second) % textbook->bits;
        if ((textbook->words[position / 64] >> (position % 64) & 1) == 0)
            return 0;
    }
    return 1;
}

static void textbook_case(const bench_setup *setup, case_result *result)
{
    textbook_filter filter = { calloc(setup->bits / 64 + 1, sizeof(uint64_t)), setup->bits };
    if (filter.words == NULL)
        exit(1);
    const one_by_one loop = { textbook_insert, textbook_query, &filter };
    run_one_by_one(setup, &loop, result);
    free(filter.words);
}

/* ---- straightforward: the product's probes, one key at a time ---------- */

/* An empty product filter of setup->bits bits, its prober and the key streams. */
typedef struct product_filter {
    sim_bit_filter filter;
    sim_prober prober;
    sim_key_stream inserted, absent;
} product_filter;

static void product_filter_init(product_filter *product, const bench_setup *setup)
{
    if (sim_bit_filter_init(&product->filter, setup->bits) != 0)
        exit(1);
    sim_prober_init(&product->prober, SIM_PROBE_INDEPENDENT, SIM_HASH_XXH3, setup->bits, HASHES,
                    sim_derive_seed(SEED, SIM_SEED_HASH, 0), 1);
    bench_keys(&product->inserted, &product->absent);
}

/* The product's filter and probes, one key at a time. */
typedef struct straightforward_filter {
    sim_bit_filter bits;
    sim_prober prober;
} straightforward_filter;

static void straightforward_insert(void *filter, const sim_key *key)
{
    straightforward_filter *product = filter;
    uint64_t positions[HASHES];
    sim_prober_positions(&product->prober, key->bytes, key->length, positions);
    sim_bit_filter_insert(&product->bits, positions, HASHES);
}

static int straightforward_query(void *filter, const sim_key *key)
{
    straightforward_filter *product = filter;
    uint64_t positions[HASHES];
    sim_prober_positions(&product->prober, key->bytes, key->length, positions);
    return sim_bit_filter_contains(&product->bits, positions, HASHES);
}

static void straightforward_case(const bench_setup *setup, case_result *result)
{
    product_filter product;
    product_filter_init(&product, setup);
    straightforward_filter filter = { product.filter, product.prober };
    const one_by_one loop = { straightforward_insert, straightforward_query, &filter };
    run_one_by_one(setup, &loop, result);
    sim_bit_filter_free(&filter.bits);
}

/* ---- the product's engine, every layout -------------------------------- */

/* The layout of a bloomsim row (k and B as deployed: Parquet's split block
 * is 8 words of 32 bits). */
typedef struct bench_layout {
    bloom_layout_kind kind;
    unsigned hashes;
    uint64_t block_bits;       /* 0: the layout's default */
} bench_layout;

static void bloomsim_layout_case(const bench_setup *setup, const bench_layout *shape, case_result *result)
{
    sim_layout layout;
    char reason[256];
    if (sim_layout_init(&layout, shape->kind, setup->bits, shape->hashes, shape->block_bits, 0, 0, reason,
                        sizeof reason) != 0)
        exit(1);
    product_filter product;
    product_filter_init(&product, setup);
    sim_prober_init(&product.prober, SIM_PROBE_INDEPENDENT, SIM_HASH_XXH3, setup->bits, shape->hashes,
                    sim_derive_seed(SEED, SIM_SEED_HASH, 0), 1);
    sim_bulk_options options;
    sim_bulk_fast_options(&options, setup->bits, setup->threads);
    sim_key_probes probes;
    sim_key_probes_init(&probes, &layout, &product.prober);
    double start = now_seconds(), start_cpu = cpu_seconds();
    if (sim_bulk_build(&product.filter, &probes, &product.inserted, setup->keys, &options) != 0)
        exit(1);
    double middle = now_seconds(), middle_cpu = cpu_seconds();
    uint64_t asked = 0;
    result->positives = sim_bulk_count_maybe(&product.filter, &probes, &product.absent,
                                             setup->queries, &options, &asked);
    result->insert_seconds = middle - start;
    result->query_seconds = now_seconds() - middle;
    result->insert_cpu = middle_cpu - start_cpu;
    result->query_cpu = cpu_seconds() - middle_cpu;
    result->hashes = shape->hashes;
    sim_bit_filter_free(&product.filter);
}

static void bloomsim_case(const bench_setup *setup, case_result *result)
{
    const bench_layout shape = { BLOOM_LAYOUT_STANDARD, HASHES, 0 };
    bloomsim_layout_case(setup, &shape, result);
}

static void partitioned_case(const bench_setup *setup, case_result *result)
{
    const bench_layout shape = { BLOOM_LAYOUT_PARTITIONED, HASHES, 0 };
    bloomsim_layout_case(setup, &shape, result);
}

static void blocked_case(const bench_setup *setup, case_result *result)
{
    const bench_layout shape = { BLOOM_LAYOUT_BLOCKED, HASHES, 0 };
    bloomsim_layout_case(setup, &shape, result);
}

static void split_block_case(const bench_setup *setup, case_result *result)
{
    const bench_layout shape = { BLOOM_LAYOUT_SPLIT_BLOCK, BLOOM_SPLIT_BLOCK_BITS / 32, 0 };
    bloomsim_layout_case(setup, &shape, result);
}

/* ---- libbloom: the C library a user would pick instead ------------------ */

/*
 * libbloom 1.6 (J. Virkki, Debian libbloom-dev) sizes its filter from an
 * expected entry count and error rate: bits per entry -ln(error)/ln(2)^2,
 * k = ceil(ln(2) bits per entry).  Asking for error = exp(-10 ln(2)^2)
 * gives 10 bits a key and k = 7, the product's case; the row records the
 * m and k the library really chose.  One thread (the library has no
 * parallel build), the same keys as every other row; bloom_add is its
 * insert, bloom_check its query.
 */
static void libbloom_insert(void *filter, const sim_key *key)
{
    bloom_add(filter, key->bytes, (int)key->length);
}

static int libbloom_query(void *filter, const sim_key *key)
{
    return bloom_check(filter, key->bytes, (int)key->length) == 1;
}

static void libbloom_case(const bench_setup *setup, case_result *result)
{
    struct bloom filter;
    double ln2 = log(2.0);
    if (setup->keys > INT32_MAX || bloom_init(&filter, (int)setup->keys, exp(-(double)BITS_PER_KEY * ln2 * ln2)) != 0)
        exit(1);
    const one_by_one loop = { libbloom_insert, libbloom_query, &filter };
    run_one_by_one(setup, &loop, result);
    result->bits = (uint64_t)filter.bits;
    result->hashes = (unsigned)filter.hashes;
    bloom_free(&filter);
}

/* ---- harness runs: tiny filters ----------------------------------------- */

static void harness_config(sim_fpr_config *config, uint64_t bits, uint64_t keys, unsigned hashes,
                           uint64_t trials, uint64_t queries, unsigned threads)
{
    memset(config, 0, sizeof *config);
    config->bits = bits;
    config->keys = keys;
    config->hashes = hashes;
    config->run.trials = trials;
    config->queries = queries;
    config->guard = 1;
    config->counter_bits = 4;
    config->run.seed = SEED;
    config->run.threads = threads;
}

/* Runs the config; the whole run counts as "query" time, per trial. */
static void harness_case(const sim_fpr_config *config, case_result *result)
{
    sim_fpr_totals totals;
    double start = now_seconds(), start_cpu = cpu_seconds();
    if (sim_fpr_run(config, &totals) != 0)
        exit(1);
    result->query_seconds = now_seconds() - start;
    result->query_cpu = cpu_seconds() - start_cpu;
    result->inserts = 0;
    result->queries = totals.trials;
    result->positives = totals.false_positives;
    result->bits = config->bits;
    result->keys = config->keys;
    result->hashes = config->hashes;
}

#define TINY_TRIALS 20000000ULL

static void tiny_case(const bench_setup *setup, case_result *result)
{
    sim_fpr_config config;
    harness_config(&config, 64, 8, 5, TINY_TRIALS, 1, setup->threads);
    harness_case(&config, result);
}

/* A small filter of a deployed layout on the same engine (tiny.h: a
 * layout's draws taken directly, several a word). */
static void tiny_layout_case(const bench_setup *setup, bloom_layout_kind kind, uint64_t bits, uint64_t keys,
                             unsigned hashes, case_result *result)
{
    sim_layout layout;
    char reason[256];
    if (sim_layout_init(&layout, kind, bits, hashes, 0, 0, 0, reason, sizeof reason) != 0)
        exit(1);
    sim_fpr_config config;
    harness_config(&config, bits, keys, hashes, TINY_TRIALS * 8 / keys, 1, setup->threads);
    config.layout = &layout;
    harness_case(&config, result);
}

static void tiny_partitioned_case(const bench_setup *setup, case_result *result)
{
    tiny_layout_case(setup, BLOOM_LAYOUT_PARTITIONED, 64, 8, 5, result);
}

static void tiny_blocked_case(const bench_setup *setup, case_result *result)
{
    tiny_layout_case(setup, BLOOM_LAYOUT_BLOCKED, 512, 50, 7, result);
}

static void tiny_split_block_case(const bench_setup *setup, case_result *result)
{
    tiny_layout_case(setup, BLOOM_LAYOUT_SPLIT_BLOCK, 256, 25, 8, result);
}

/* ---- "bloomsim plan 1e9 1% --queries 1e9" (and 1e10) and where its time goes -- */

/* bloomcalc plan 1e9 1%: m and k of the plan. */
#define PLAN_BITS 9585058378ULL
#define PLAN_KEYS 1000000000ULL
#define PLAN_HASHES 7U
/* bloomcalc plan 1e10 1%. */
#define PLAN_BIG_BITS 95850583780ULL
#define PLAN_BIG_KEYS 10000000000ULL

/* The whole command, as a user runs it (its own process: the path of
 * bloomsim is next to the bench directory). */
static char bloomsim_path[4096];

/* The command's own account of itself, from its --progress lines on
 * stderr: the up-front estimate ("about 1.33 GB of memory (N bytes), about
 * 50 s") and where the time went ("predictions W s (C s of processor
 * time), build W s (C s), queries W s (C s)"). */
static void read_command_account(FILE *err, case_result *result)
{
    char text[512];
    while (fgets(text, sizeof text, err) != NULL) {
        char *memory = strstr(text, "GB of memory (");
        if (memory != NULL) {
            result->estimate_bytes = strtod(memory + strlen("GB of memory ("), NULL);
            char *time = strstr(memory, "), ");
            snprintf(result->estimate, sizeof result->estimate, "%s", time != NULL ? time + 3 : "?");
            result->estimate[strcspn(result->estimate, "\n")] = '\0';
        }
        char *phases = strstr(text, ": predictions ");
        if (phases != NULL)
            sscanf(phases, ": predictions %lf s (%lf s of processor time), build %lf s (%lf s), queries %lf s (%lf s)",
                   &result->predict_seconds, &result->predict_cpu, &result->insert_seconds, &result->insert_cpu,
                   &result->query_seconds, &result->query_cpu);
    }
}

/* "bloomsim plan KEYS 1% --queries KEYS --progress" in its own process, at
 * low priority (nice 10) when `gentle`: the machine is shared. */
static void plan_command(const char *keys, int gentle, case_result *result)
{
    FILE *err = tmpfile();
    double start = now_seconds();
    pid_t child = fork();
    if (child == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, STDOUT_FILENO);
        if (err != NULL)
            dup2(fileno(err), STDERR_FILENO);
        if (gentle && nice(10) == -1)
            _exit(127);
        execl(bloomsim_path, "bloomsim", "plan", keys, "1%", "--queries", keys, "--progress", (char *)NULL);
        _exit(127);
    }
    int status = 0;
    if (child < 0 || err == NULL || waitpid(child, &status, 0) != child || !WIFEXITED(status)
        || WEXITSTATUS(status) != 0)
        exit(1);
    result->command_seconds = now_seconds() - start;
    struct rusage usage;
    if (getrusage(RUSAGE_CHILDREN, &usage) == 0)
        result->command_cpu = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec * 1e-6
                              + (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec * 1e-6;
    rewind(err);
    read_command_account(err, result);
    fclose(err);
}

static void plan_command_case(const bench_setup *setup, case_result *result)
{
    (void)setup;
    plan_command("1e9", 0, result);
    result->bits = PLAN_BITS;
    result->keys = PLAN_KEYS;
    result->hashes = PLAN_HASHES;
    result->inserts = PLAN_KEYS;
    result->queries = PLAN_KEYS;
}

/* The ten-billion-key run: a 12 GB filter, about ten minutes. */
static void plan_big_command_case(const bench_setup *setup, case_result *result)
{
    (void)setup;
    plan_command("1e10", 1, result);
    result->bits = PLAN_BIG_BITS;
    result->keys = PLAN_BIG_KEYS;
    result->hashes = PLAN_HASHES;
    result->inserts = PLAN_BIG_KEYS;
    result->queries = PLAN_BIG_KEYS;
}

/* The command's three parts, one after the other in this process, as the
 * harness runs them: the certified predictions (sim/judge), the build and
 * the 1e9 absent queries (bulk.h, all threads). */
static void plan_parts_case(const bench_setup *setup, case_result *result)
{
    double start = now_seconds(), start_cpu = cpu_seconds();
    sim_predictions predictions;
    if (sim_predictions_compute(&predictions, PLAN_BITS, PLAN_KEYS, PLAN_HASHES) != 0)
        exit(1);
    sim_predictions_free(&predictions);
    result->predict_seconds = now_seconds() - start;
    result->predict_cpu = cpu_seconds() - start_cpu;
    bench_setup plan = *setup;
    plan.keys = PLAN_KEYS;
    plan.bits = PLAN_BITS;
    plan.queries = PLAN_KEYS;
    const bench_layout shape = { BLOOM_LAYOUT_STANDARD, PLAN_HASHES, 0 };
    bloomsim_layout_case(&plan, &shape, result);
    result->bits = PLAN_BITS;
    result->keys = PLAN_KEYS;
    result->inserts = PLAN_KEYS;
    result->queries = PLAN_KEYS;
}

/* ---- running cases in children ------------------------------------------ */

/* Runs `work` in a child; returns 0 and fills *result (peak memory included). */
static int run_isolated(bench_case work, const bench_setup *setup, case_result *result)
{
    int channel[2];
    if (pipe(channel) != 0)
        return -1;
    fflush(stdout);
    pid_t child = fork();
    if (child < 0)
        return -1;
    if (child == 0) {
        close(channel[0]);
        case_result measured;
        memset(&measured, 0, sizeof measured);
        measured.inserts = setup->keys;
        measured.queries = setup->queries;
        measured.keys = setup->keys;
        measured.bits = setup->bits;
        measured.hashes = HASHES;
        work(setup, &measured);
        ssize_t written = write(channel[1], &measured, sizeof measured);
        _exit(written == (ssize_t)sizeof measured ? 0 : 1);
    }
    close(channel[1]);
    ssize_t got = read(channel[0], result, sizeof *result);
    close(channel[0]);
    int status = 0;
    struct rusage usage;
    if (wait4(child, &status, 0, &usage) != child || got != (ssize_t)sizeof *result
        || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    result->peak_bytes = (double)usage.ru_maxrss * 1024.0;
    result->cpu_seconds = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec * 1e-6
                          + (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec * 1e-6;
    return 0;
}

static double per_operation_ns(double seconds, uint64_t operations)
{
    return operations == 0 || seconds <= 0 ? 0 : seconds * 1e9 / (double)operations;
}

static double ratio(double baseline, double value)
{
    return value <= 0 ? 0 : baseline / value;
}

typedef struct bench_row {
    const char *name;
    bench_case work;
    unsigned threads;
    int ok;
    int skipped;                  /* not in BLOOMSIM_BENCH_ROWS */
    case_result result;
} bench_row;

/* The rows, in print order; the first is the baseline of the ratios, the
 * third the product's standard layout that the layouts are compared with. */
enum { ROW_TEXTBOOK = 0, ROW_STRAIGHTFORWARD = 1, ROW_BLOOMSIM = 2, ROW_BLOOMSIM_1THREAD = 3,
       ROW_PARTITIONED = 4, ROW_BLOCKED = 5, ROW_SPLIT_BLOCK = 6, ROW_LIBBLOOM = 7, ROW_TINY = 8,
       ROW_TINY_PARTITIONED = 9, ROW_TINY_BLOCKED = 10, ROW_TINY_SPLIT_BLOCK = 11,
       ROW_PLAN_COMMAND = 12, ROW_PLAN_PARTS = 13, ROW_PLAN_BIG_COMMAND = 14, ROW_COUNT = 15 };

static double total_seconds(const case_result *r)
{
    return r->insert_seconds + r->query_seconds + r->predict_seconds;
}

static double total_cpu(const case_result *r)
{
    return r->insert_cpu + r->query_cpu + r->predict_cpu;
}

/* The figures of one row, ratios against `baseline` (textbook) and `product` (bloomsim). */
typedef struct row_figures {
    double insert, query;          /* ns per key */
    double insert_ratio, query_ratio, total_ratio;
    double cpu_ratio;              /* the same as total_ratio, in processor time */
} row_figures;

static row_figures figures_of(const case_result *r, const case_result *baseline, const case_result *product)
{
    row_figures f;
    f.insert = per_operation_ns(r->insert_seconds, r->inserts);
    f.query = per_operation_ns(r->query_seconds, r->queries);
    f.insert_ratio = ratio(per_operation_ns(baseline->insert_seconds, baseline->inserts), f.insert);
    f.query_ratio = ratio(per_operation_ns(baseline->query_seconds, baseline->queries), f.query);
    int comparable = r->inserts == product->inserts && r->queries == product->queries;
    f.total_ratio = comparable ? ratio(total_seconds(product), total_seconds(r)) : 0;
    f.cpu_ratio = comparable ? ratio(total_cpu(product), total_cpu(r)) : 0;
    return f;
}

static void print_table(const bench_row *rows, size_t count)
{
    const case_result *baseline = &rows[ROW_TEXTBOOK].result, *product = &rows[ROW_BLOOMSIM].result;
    printf("%-28s %7s %11s %6s %3s %9s %9s %8s %8s %9s %9s %9s %9s %8s %11s\n", "case", "threads", "n", "bits/n",
           "k", "ns/insert", "ns/query", "x insert", "x query", "x bloomsim", "seconds", "cpu s", "x cpu", "peak MiB",
           "positives");
    for (size_t i = 0; i < count; i++) {
        const case_result *r = &rows[i].result;
        if (!rows[i].ok) {
            printf("%-28s (%s)\n", rows[i].name, rows[i].skipped ? "not selected" : "failed");
            continue;
        }
        row_figures f = figures_of(r, baseline, product);
        printf("%-28s %7u %11llu %6.2f %3u %9.1f %9.1f %8.2f %8.2f %9.2f %9.2f %9.2f %9.2f %8.1f %11llu\n",
               rows[i].name, rows[i].threads, (unsigned long long)r->keys, (double)r->bits / (double)r->keys,
               r->hashes, f.insert, f.query, f.insert_ratio, f.query_ratio, f.total_ratio, total_seconds(r),
               total_cpu(r), f.cpu_ratio, r->peak_bytes / 1048576.0, (unsigned long long)r->positives);
    }
}

static void write_csv(FILE *out, const bench_row *rows, size_t count)
{
    const case_result *baseline = &rows[ROW_TEXTBOOK].result, *product = &rows[ROW_BLOOMSIM].result;
    fprintf(out, "case,threads,n,m,k,seed,inserts,queries,ns_per_insert,ns_per_query,"
                 "insert_speedup_vs_textbook,query_speedup_vs_textbook,speedup_vs_bloomsim_standard,"
                 "seconds,predict_seconds,million_inserts_per_s,million_queries_per_s,peak_rss_bytes,"
                 "positives,insert_cpu_seconds,query_cpu_seconds,predict_cpu_seconds,cpu_seconds,"
                 "process_cpu_seconds,cpu_speedup_vs_bloomsim_standard\n");
    for (size_t i = 0; i < count; i++) {
        const case_result *r = &rows[i].result;
        if (!rows[i].ok)
            continue;
        row_figures f = figures_of(r, baseline, product);
        fprintf(out, "%s,%u,%llu,%llu,%u,%u,%llu,%llu,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.0f,%llu,"
                     "%.3f,%.3f,%.3f,%.3f,%.3f,%.3f\n",
                rows[i].name, rows[i].threads, (unsigned long long)r->keys, (unsigned long long)r->bits,
                r->hashes, SEED, (unsigned long long)r->inserts, (unsigned long long)r->queries, f.insert,
                f.query, f.insert_ratio, f.query_ratio, f.total_ratio, total_seconds(r), r->predict_seconds,
                f.insert > 0 ? 1e3 / f.insert : 0, f.query > 0 ? 1e3 / f.query : 0, r->peak_bytes,
                (unsigned long long)r->positives, r->insert_cpu, r->query_cpu, r->predict_cpu, total_cpu(r),
                r->cpu_seconds, f.cpu_ratio);
    }
}

/* Whether the row `name` is in `selection`, a comma-separated list of row
 * names (NULL: every row). */
static int row_selected(const char *selection, const char *name)
{
    size_t length = strlen(name);
    for (const char *item = selection; item != NULL; item = strchr(item, ',') != NULL ? strchr(item, ',') + 1 : NULL)
        if (strncmp(item, name, length) == 0 && (item[length] == ',' || item[length] == '\0'))
            return 1;
    return selection == NULL;
}

/* The path of bloomsim: BUILD/bloomsim for this program at BUILD/bench/. */
static void locate_bloomsim(const char *program)
{
    snprintf(bloomsim_path, sizeof bloomsim_path, "%s", program);
    char *slash = strrchr(bloomsim_path, '/');
    size_t directory = slash != NULL ? (size_t)(slash - bloomsim_path) : 0;
    snprintf(bloomsim_path + directory, sizeof bloomsim_path - directory, "%s../bloomsim",
             slash != NULL ? "/" : "");
}

/* A whole plan command: wall and processor time, peak RSS against the
 * filter's bytes and against the memory the command announced before it
 * started, and where its time went (its own account, --progress). */
static void print_plan_command(const bench_row *row, const char *keys)
{
    if (!row->ok)
        return;
    const case_result *r = &row->result;
    double filter = (double)sim_bit_filter_memory(r->bits);
    printf("bloomsim plan %s 1%% --queries %s: %.1f s wall, %.1f s of processor time;\n"
           "  peak RSS %.3f GB, %.3f times the filter's %.0f bytes; announced %.3f GB (peak / announced %.3f), %s;\n"
           "  wall (processor): predictions %.1f s (%.1f s), build %.1f s (%.1f s), queries %.1f s (%.1f s)\n",
           keys, keys, r->command_seconds, r->command_cpu, r->peak_bytes / 1e9, r->peak_bytes / filter, filter,
           r->estimate_bytes / 1e9, r->estimate_bytes > 0 ? r->peak_bytes / r->estimate_bytes : 0, r->estimate,
           r->predict_seconds, r->predict_cpu, r->insert_seconds, r->insert_cpu, r->query_seconds, r->query_cpu);
}

static void print_summary(const bench_row *rows, size_t count)
{
    const case_result *product = &rows[ROW_BLOOMSIM].result;
    printf("(x bloomsim: the standard layout's build + queries time over the row's, same n and queries;\n"
           " tiny: \"query\" = one filter instance built, counted and asked once)\n");
    for (int row = ROW_TINY; row <= ROW_TINY_SPLIT_BLOCK; row++) {
        const case_result *r = &rows[row].result;
        double probes = (double)r->queries * (double)(r->keys + 1) * r->hashes;
        if (rows[row].ok && probes > 0)
            printf("%-28s %6.2f million filters a second, %5.2f ns a drawn probe\n", rows[row].name,
                   (double)r->queries / r->query_seconds / 1e6, r->query_seconds * 1e9 / probes);
    }
    const int layouts[] = { ROW_PARTITIONED, ROW_BLOCKED, ROW_SPLIT_BLOCK, ROW_LIBBLOOM };
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
        if (rows[layouts[i]].ok && rows[ROW_BLOOMSIM].ok)
            printf("%-28s build + queries %.2f s, bloomsim standard %.2f s: %.2f times as fast "
                   "(processor time %.2f s against %.2f s: %.2f)\n",
                   rows[layouts[i]].name, total_seconds(&rows[layouts[i]].result), total_seconds(product),
                   ratio(total_seconds(product), total_seconds(&rows[layouts[i]].result)),
                   total_cpu(&rows[layouts[i]].result), total_cpu(product),
                   ratio(total_cpu(product), total_cpu(&rows[layouts[i]].result)));
    if (count > ROW_PLAN_BIG_COMMAND) {
        print_plan_command(&rows[ROW_PLAN_COMMAND], "1e9");
        print_plan_command(&rows[ROW_PLAN_BIG_COMMAND], "1e10");
    }
    if (count > ROW_PLAN_PARTS && rows[ROW_PLAN_PARTS].ok) {
        const case_result *parts = &rows[ROW_PLAN_PARTS].result;
        printf("plan 1e9 1%% parts run in this benchmark's process, wall (processor): predictions %.1f s (%.1f s),\n"
               "  build %.1f s (%.1f s), 1e9 queries %.1f s (%.1f s), sum %.1f s (%.1f s), peak RSS %.2f GB\n",
               parts->predict_seconds, parts->predict_cpu, parts->insert_seconds, parts->insert_cpu,
               parts->query_seconds, parts->query_cpu, total_seconds(parts), total_cpu(parts),
               parts->peak_bytes / 1e9);
    }
    int compared = !rows[ROW_STRAIGHTFORWARD].skipped && !rows[ROW_BLOOMSIM].skipped
                   && !rows[ROW_BLOOMSIM_1THREAD].skipped;
    printf("straightforward and bloomsim count the same false positives: %s\n",
           !compared ? "(not all three rows selected)"
           : rows[ROW_STRAIGHTFORWARD].ok && rows[ROW_BLOOMSIM].ok && rows[ROW_BLOOMSIM_1THREAD].ok
                   && rows[ROW_STRAIGHTFORWARD].result.positives == product->positives
                   && rows[ROW_STRAIGHTFORWARD].result.positives == rows[ROW_BLOOMSIM_1THREAD].result.positives
               ? "yes" : "NO");
}

int main(int argc, char **argv)
{
    (void)argc;
    const char *keys_text = getenv("BLOOMSIM_BENCH_KEYS");
    const char *full = getenv("BLOOMSIM_BENCH_FULL");
    const char *csv_path = getenv("BLOOMSIM_BENCH_CSV");
    const char *selection = getenv("BLOOMSIM_BENCH_ROWS");
    locate_bloomsim(argv[0]);
    bench_setup setup;
    setup.keys = keys_text != NULL ? strtoull(keys_text, NULL, 10) : 100000000ULL;
    setup.keys = setup.keys < 1000 ? 1000 : setup.keys;
    setup.bits = setup.keys * BITS_PER_KEY;
    setup.queries = setup.keys;
    setup.threads = sim_processor_count();
    bench_row rows[ROW_COUNT] = {
        { .name = "textbook", .work = textbook_case, .threads = 1 },
        { .name = "straightforward", .work = straightforward_case, .threads = 1 },
        { .name = "bloomsim", .work = bloomsim_case, .threads = setup.threads },
        { .name = "bloomsim-1thread", .work = bloomsim_case, .threads = 1 },
        { .name = "bloomsim-partitioned", .work = partitioned_case, .threads = setup.threads },
        { .name = "bloomsim-blocked", .work = blocked_case, .threads = setup.threads },
        { .name = "bloomsim-split-block", .work = split_block_case, .threads = setup.threads },
        { .name = "libbloom", .work = libbloom_case, .threads = 1 },
        { .name = "tiny m64 n8 k5", .work = tiny_case, .threads = setup.threads },
        { .name = "tiny partitioned m64 n8 k5", .work = tiny_partitioned_case, .threads = setup.threads },
        { .name = "tiny blocked m512 n50 k7", .work = tiny_blocked_case, .threads = setup.threads },
        { .name = "tiny split-block m256 n25 k8", .work = tiny_split_block_case, .threads = setup.threads },
        { .name = "plan 1e9 1% command", .work = plan_command_case, .threads = setup.threads },
        { .name = "plan 1e9 1% parts", .work = plan_parts_case, .threads = setup.threads },
        { .name = "plan 1e10 1% command", .work = plan_big_command_case, .threads = setup.threads },
    };
    size_t count = full != NULL && strcmp(full, "1") == 0 ? ROW_COUNT : ROW_PLAN_COMMAND;
    printf("n = %llu keys, m = %llu bits (%u bits a key), k = %u (split block: 8), seed %u, %llu absent "
           "queries, %u threads\n", (unsigned long long)setup.keys, (unsigned long long)setup.bits,
           BITS_PER_KEY, HASHES, SEED, (unsigned long long)setup.queries, setup.threads);
    for (size_t i = 0; i < count; i++) {
        bench_setup own = setup;
        own.threads = rows[i].threads;
        rows[i].skipped = !row_selected(selection, rows[i].name);
        rows[i].ok = !rows[i].skipped && run_isolated(rows[i].work, &own, &rows[i].result) == 0;
    }
    print_table(rows, count);
    print_summary(rows, count);
    printf("\n");
    write_csv(stdout, rows, count);
    const char *path = csv_path != NULL ? csv_path : selection != NULL ? "" : "data/bench.csv";
    FILE *out = path[0] != '\0' ? fopen(path, "w") : NULL;
    if (out != NULL) {
        write_csv(out, rows, count);
        fclose(out);
        printf("(written to %s)\n", path);
    }
    return 0;
}
