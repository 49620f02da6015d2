/*
 * bench_sim_filters.c - how fast bloomsim builds and queries Bloom filters, against
 * baselines measured in the same run on the same n, m, k, seed and keys
 * (issue 5).  Not a test: it prints figures and asserts nothing except that
 * the product counts what the straightforward loop counts.
 *
 * Cases (each run in its own child process, so that its peak resident
 * memory, from wait4's rusage, is its own):
 *   textbook         one key at a time, two FNV-1a hashes, position
 *                    (h1 + i h2) % m per probe, one thread: the loop a
 *                    first implementation writes (PERFORMANCE.md's
 *                    "textbook" row).  Its false-positive count differs
 *                    (other hash, and FNV-1a's correlated pair, trap 1).
 *   straightforward  one key at a time, one thread, the product's own
 *                    probes (probes.h: one XXH3 call a key, then SplitMix64
 *                    words, independent positions): the reference whose
 *                    counts the product must reproduce.
 *   bloomsim         the product's engine (bulk.h): partitioned build and
 *                    interleaved prefetched queries on all threads.
 *   tiny             the harness on the seed filter m = 64, n = 8, k = 5
 *                    (its one-word engine, tiny.h): filter instances
 *                    built, counted and queried once (Q = 1) per second,
 *                    all threads.
 *   plan 1e9 1%      (only with BLOOMSIM_BENCH_FULL=1, "make bench-full") the whole
 *                    measurement of "bloomsim plan 1e9 1% --queries 1e9":
 *                    m = 9 585 058 378, k = 7, 1e9 keys, 1e9 absent queries.
 *
 * Defaults: n = 1e8, 10 bits a key (m = 1e9), k = 7, seed 1, 1e8 absent
 * queries; BLOOMSIM_BENCH_KEYS=N changes n (and the queries).  Prints a
 * table and CSV, and writes the CSV to data/bench.csv (BLOOMSIM_BENCH_CSV
 * overrides the path; empty: no file).
 */
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
#include "probes.h"
#include "random.h"

#define SEED 1U
#define HASHES 7U
#define BITS_PER_KEY 10U

/* What one case measured (sent from the child through a pipe). */
typedef struct case_result {
    double insert_seconds;        /* 0 when not measured */
    double query_seconds;
    uint64_t inserts;
    uint64_t queries;
    uint64_t positives;
    double peak_bytes;            /* filled by the parent */
} case_result;

typedef struct bench_setup {
    uint64_t keys;
    uint64_t bits;
    uint64_t queries;
    unsigned threads;
} bench_setup;

typedef void (*bench_case)(const bench_setup *setup, case_result *result);

static double now_seconds(void)
{
    struct timespec clock;
    clock_gettime(CLOCK_MONOTONIC, &clock);
    return (double)clock.tv_sec + (double)clock.tv_nsec * 1e-9;
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

static void textbook_case(const bench_setup *setup, case_result *result)
{
    uint64_t *words = calloc(setup->bits / 64 + 1, sizeof *words);
    if (words == NULL)
        exit(1);
    sim_key_stream inserted, absent;
    bench_keys(&inserted, &absent);
    double start = now_seconds();
    for (uint64_t j = 0; j < setup->keys; j++) {
        sim_key key;
        sim_key_at(&inserted, j, &key);
        textbook_hashes h = textbook_hash(&key);
        for (uint64_t i = 0; i < HASHES; i++) {
            uint64_t position = (h.first + i * h.second) % setup->bits;
            words[position / 64] |= (uint64_t)1 << (position % 64);
        }
    }
    double middle = now_seconds();
    for (uint64_t j = 0; j < setup->queries; j++) {
        sim_key key;
        sim_key_at(&absent, j, &key);
        textbook_hashes h = textbook_hash(&key);
        uint64_t i = 0;
        for (; i < HASHES; i++) {
            uint64_t position = (h.first + i * h.second) % setup->bits;
            if ((words[position / 64] >> (position % 64) & 1) == 0)
                break;
        }
        result->positives += i == HASHES;
    }
    result->insert_seconds = middle - start;
    result->query_seconds = now_seconds() - middle;
    free(words);
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

static void straightforward_case(const bench_setup *setup, case_result *result)
{
    product_filter product;
    product_filter_init(&product, setup);
    sim_bit_filter *filter = &product.filter;
    const sim_prober *prober = &product.prober;
    uint64_t positions[HASHES];
    double start = now_seconds();
    for (uint64_t j = 0; j < setup->keys; j++) {
        sim_key key;
        sim_key_at(&product.inserted, j, &key);
        sim_prober_positions(prober, key.bytes, key.length, positions);
        sim_bit_filter_insert(filter, positions, HASHES);
    }
    double middle = now_seconds();
    for (uint64_t j = 0; j < setup->queries; j++) {
        sim_key key;
        sim_key_at(&product.absent, j, &key);
        sim_prober_positions(prober, key.bytes, key.length, positions);
        result->positives += (uint64_t)sim_bit_filter_contains(filter, positions, HASHES);
    }
    result->insert_seconds = middle - start;
    result->query_seconds = now_seconds() - middle;
    sim_bit_filter_free(filter);
}

/* ---- the product's engine ---------------------------------------------- */

static void bloomsim_case(const bench_setup *setup, case_result *result)
{
    product_filter product;
    product_filter_init(&product, setup);
    sim_bulk_options options;
    sim_bulk_default_options(&options, setup->bits, setup->threads);
    sim_key_probes probes;
    sim_key_probes_init(&probes, NULL, &product.prober);
    double start = now_seconds();
    if (sim_bulk_build(&product.filter, &probes, &product.inserted, setup->keys, &options) != 0)
        exit(1);
    double middle = now_seconds();
    uint64_t asked = 0;
    result->positives = sim_bulk_count_maybe(&product.filter, &probes, &product.absent,
                                             setup->queries, &options, &asked);
    result->insert_seconds = middle - start;
    result->query_seconds = now_seconds() - middle;
    sim_bit_filter_free(&product.filter);
}

/* ---- harness runs: tiny filters, and the full plan ---------------------- */

static void harness_config(sim_fpr_config *config, uint64_t bits, uint64_t keys, unsigned hashes,
                           uint64_t trials, uint64_t queries, unsigned threads)
{
    memset(config, 0, sizeof *config);
    config->bits = bits;
    config->keys = keys;
    config->hashes = hashes;
    config->trials = trials;
    config->queries = queries;
    config->guard = 1;
    config->counter_bits = 4;
    config->seed = SEED;
    config->threads = threads;
}

/* Runs the config; the whole run counts as "query" time, per trial. */
static void harness_case(const sim_fpr_config *config, case_result *result)
{
    sim_fpr_totals totals;
    double start = now_seconds();
    if (sim_fpr_run(config, &totals) != 0)
        exit(1);
    result->query_seconds = now_seconds() - start;
    result->queries = totals.trials;
    result->positives = totals.false_positives;
}

#define TINY_TRIALS 20000000ULL

static void tiny_case(const bench_setup *setup, case_result *result)
{
    sim_fpr_config config;
    harness_config(&config, 64, 8, 5, TINY_TRIALS, 1, setup->threads);
    harness_case(&config, result);
}

static void full_plan_case(const bench_setup *setup, case_result *result)
{
    sim_fpr_config config;
    harness_config(&config, 9585058378ULL, 1000000000ULL, 7, 1, 1000000000ULL, setup->threads);
    double start = now_seconds();
    harness_case(&config, result);
    result->insert_seconds = 0;
    result->query_seconds = now_seconds() - start;
    result->inserts = config.keys;
    result->queries = config.queries;
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
    case_result result;
} bench_row;

static void print_table(const bench_row *rows, size_t count, const case_result *baseline)
{
    printf("%-16s %7s %11s %11s %9s %9s %10s %10s %9s %12s\n", "case", "threads", "ns/insert",
           "ns/query", "x insert", "x query", "M ins/s", "M query/s", "peak MiB", "positives");
    for (size_t i = 0; i < count; i++) {
        const case_result *r = &rows[i].result;
        double insert = per_operation_ns(r->insert_seconds, r->inserts);
        double query = per_operation_ns(r->query_seconds, r->queries);
        printf("%-16s %7u %11.1f %11.1f %9.2f %9.2f %10.2f %10.2f %9.1f %12llu%s\n", rows[i].name,
               rows[i].threads, insert, query,
               ratio(per_operation_ns(baseline->insert_seconds, baseline->inserts), insert),
               ratio(per_operation_ns(baseline->query_seconds, baseline->queries), query),
               insert > 0 ? 1e3 / insert : 0, query > 0 ? 1e3 / query : 0, r->peak_bytes / 1048576.0,
               (unsigned long long)r->positives, rows[i].ok ? "" : "  (failed)");
    }
}

static void write_csv(FILE *out, const bench_row *rows, size_t count, const case_result *baseline,
                      const bench_setup *setup)
{
    fprintf(out, "case,threads,n,m,k,seed,inserts,queries,ns_per_insert,ns_per_query,"
                 "insert_speedup_vs_textbook,query_speedup_vs_textbook,million_inserts_per_s,"
                 "million_queries_per_s,peak_rss_bytes,positives\r\n");
    for (size_t i = 0; i < count; i++) {
        const case_result *r = &rows[i].result;
        if (!rows[i].ok)
            continue;
        double insert = per_operation_ns(r->insert_seconds, r->inserts);
        double query = per_operation_ns(r->query_seconds, r->queries);
        fprintf(out, "%s,%u,%llu,%llu,%u,%u,%llu,%llu,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.0f,%llu\r\n",
                rows[i].name, rows[i].threads, (unsigned long long)setup->keys,
                (unsigned long long)setup->bits, HASHES, SEED, (unsigned long long)r->inserts,
                (unsigned long long)r->queries, insert, query,
                ratio(per_operation_ns(baseline->insert_seconds, baseline->inserts), insert),
                ratio(per_operation_ns(baseline->query_seconds, baseline->queries), query),
                insert > 0 ? 1e3 / insert : 0, query > 0 ? 1e3 / query : 0, r->peak_bytes,
                (unsigned long long)r->positives);
    }
}

int main(void)
{
    const char *keys_text = getenv("BLOOMSIM_BENCH_KEYS");
    const char *full = getenv("BLOOMSIM_BENCH_FULL");
    const char *csv_path = getenv("BLOOMSIM_BENCH_CSV");
    bench_setup setup;
    setup.keys = keys_text != NULL ? strtoull(keys_text, NULL, 10) : 100000000ULL;
    setup.keys = setup.keys < 1000 ? 1000 : setup.keys;
    setup.bits = setup.keys * BITS_PER_KEY;
    setup.queries = setup.keys;
    setup.threads = sim_processor_count();
    bench_row rows[] = {
        { "textbook", textbook_case, 1, 0, { 0, 0, 0, 0, 0, 0 } },
        { "straightforward", straightforward_case, 1, 0, { 0, 0, 0, 0, 0, 0 } },
        { "bloomsim", bloomsim_case, setup.threads, 0, { 0, 0, 0, 0, 0, 0 } },
        { "bloomsim-1thread", bloomsim_case, 1, 0, { 0, 0, 0, 0, 0, 0 } },
        { "tiny m64 n8 k5", tiny_case, setup.threads, 0, { 0, 0, 0, 0, 0, 0 } },
        { "plan 1e9 1%", full_plan_case, setup.threads, 0, { 0, 0, 0, 0, 0, 0 } },
    };
    size_t count = sizeof rows / sizeof rows[0] - (full != NULL && strcmp(full, "1") == 0 ? 0 : 1);
    printf("n = %llu keys, m = %llu bits (%u bits a key), k = %u, seed %u, %llu absent queries, "
           "%u threads\n", (unsigned long long)setup.keys, (unsigned long long)setup.bits, BITS_PER_KEY,
           HASHES, SEED, (unsigned long long)setup.queries, setup.threads);
    for (size_t i = 0; i < count; i++) {
        bench_setup own = setup;
        own.threads = rows[i].threads;
        rows[i].ok = run_isolated(rows[i].work, &own, &rows[i].result) == 0;
    }
    const case_result *baseline = &rows[0].result;
    print_table(rows, count, baseline);
    printf("(tiny: \"query\" = one filter instance built, counted and asked once: %.1f million a second;\n"
           " plan 1e9 1%%: whole run, build + 1e9 queries, %.1f s)\n",
           rows[4].ok ? 1e3 / per_operation_ns(rows[4].result.query_seconds, rows[4].result.queries) : 0,
           count == 6 && rows[5].ok ? rows[5].result.query_seconds : 0);
    printf("straightforward and bloomsim count the same false positives: %s\n",
           rows[1].ok && rows[2].ok && rows[3].ok && rows[1].result.positives == rows[2].result.positives
                   && rows[1].result.positives == rows[3].result.positives ? "yes" : "NO");
    printf("\n");
    write_csv(stdout, rows, count, baseline, &setup);
    const char *path = csv_path != NULL ? csv_path : "data/bench.csv";
    FILE *out = path[0] != '\0' ? fopen(path, "w") : NULL;
    if (out != NULL) {
        write_csv(out, rows, count, baseline, &setup);
        fclose(out);
        printf("(written to %s)\n", path);
    }
    return 0;
}
