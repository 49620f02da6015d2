/*
 * bulk.c - one large filter of any layout built and queried by a team of
 * threads (see bulk.h for what is computed and why the counts equal the
 * straightforward loop's).
 *
 * Why: a filter of 1.2 GB is far larger than the caches, so the textbook
 * loop (hash a key, set its k bits, next key) waits about 100 ns on DRAM
 * for each of its k random accesses, one after the other.  Random lines
 * cost 25-33 ns each when many are in flight and about 2 ns when streamed
 * (PERFORMANCE.md §m); the techniques below trade the first for the other two.
 *
 * Build: partitioned writes, no atomics.  The filter is cut into regions
 * of 2^21 bits (256 KiB).  Each chunk of keys runs in two phases separated
 * by a barrier:
 *   1. scatter: each thread computes the probes of its share of the chunk
 *      and appends each probe's offset in its region (a 32-bit word) to its
 *      own bucket for that region (a probe whose bucket is full goes to the
 *      thread's overflow list);
 *   2. apply: each thread owns a contiguous range of regions and sets the
 *      bits of every thread's buckets for them, then the overflow probes
 *      that fall in its range, prefetching the line of the offset
 *      APPLY_PREFETCH_DISTANCE entries ahead, so that many writes to the
 *      region are in flight at once.  A region is 256 KiB (a quarter of a
 *      core's L2) inside one 2 MiB huge page: its writes need one TLB entry.
 * No two threads ever write the same word, so no atomic read-modify-write
 * is needed (PERFORMANCE.md §t.4: atomic fetch_or from two threads on one
 * array made inserts 2-3.5 times slower).  This is radix partitioning, the
 * standard way to make random updates cache-resident (S. Manegold, P. Boncz,
 * M. Kersten, "Optimizing main-memory join on modern hardware", IEEE TKDE
 * 14(4), 2002; C. Balkesen et al., "Main-memory hash joins on multi-core
 * CPUs: tuning to the underlying hardware", ICDE 2013).  The buckets of a
 * chunk hold about one probe per filter line with buffers of 1/16 of the
 * filter, the least the engine asks for (sim_bulk_default_options, which
 * the memory checks count); each pass over the filter reads and writes a
 * touched line once, so the DRAM traffic of the apply phase falls as the
 * buffer grows, and the run takes buffers of 1/2 or 1/4 of the filter
 * when the memory budget has room for them beside it
 * (sim_bulk_fast_options), but never more than 1/8 of a filter of 1 GiB
 * or more (sim_bulk_most_buffer_bytes), reused by every chunk, so a large
 * run needs little more memory than its filter (PERFORMANCE.md §l.13) and
 * pays for it in passes.  Measured under load: n = 1e8, one
 * thread, 318 ns a key with 1/16, 274 with 1/4, 174 with a buffer as large
 * as the filter; n = 3e7, two threads, 141 ns with 1/4, 110 with 1/2.
 *
 * Query: interleaved probing with software prefetch.  Each thread keeps a
 * window of W keys in flight, each with a probe cursor (probes.h).  It
 * visits them round-robin: test the bit whose line was prefetched one
 * round ago; a clear bit ends the key (absent), the k-th set bit ends it
 * positive, otherwise the next probe is computed and prefetched.  A key
 * never issues its next probe before the previous one answered (it may
 * stop there), yet W independent misses overlap (S. Chen, A. Ailamaki,
 * P. B. Gibbons, T. C. Mowry, "Improving hash join performance through
 * prefetching", ICDE 2004, group and software-pipelined prefetching;
 * Y. Kocberber, B. Falsafi, B. Grot, "Asynchronous memory access chaining",
 * PVLDB 9(4), 2015).  Threads take blocks of keys from an atomic counter and
 * only read the filter.
 *
 * Layouts: the positions come from a probe source (key_probes.h),
 * so every layout takes the same two paths.  The build buckets each probe
 * by its region whatever the layout (a block never needs to lie in one
 * region: its probes are bucketed one by one); for a blocked key the k
 * entries land in one line, so the apply phase reads and writes one line
 * per key instead of k.  A block of 2^b bits whose k offsets fit 64 bits
 * (512-bit blocks up to k = 7, Parquet's 256-bit split block) is one
 * packed entry a key (block number, then the k offsets b bits each: 12
 * bytes instead of 4k), so a chunk holds 2.3 times as many keys and the
 * apply phase makes 2.3 times fewer passes over the filter.  While one
 * region is applied the next one's lines are prefetched in address order,
 * so each pass reads the filter as a stream rather than at random.  Queries of a source with a span (a block) take a
 * pipeline instead of the round-robin: key j is hashed and its block's
 * lines prefetched `window` keys before its probes are tested, all from
 * cache, stopping at the first clear bit; scattered sources (standard,
 * partitioned) keep one awaited probe per key in flight as above.
 *
 * Batched keys (PERFORMANCE.md §l.6): generated keys whose
 * positions follow from their XXH3 halves (key_probes.h: power-of-two
 * block layouts with packed offsets, partitioned, the standard layout's
 * uniform family) are hashed 32 at a time from their values
 * (hash.h, sim_hash_xxh3_values) instead of one cursor a key; block
 * queries then run as group prefetching (Chen et al. above): batch t + 1
 * is hashed and its 16 blocks prefetched while batch t is answered, each
 * key's k bits tested in one vector step; the keys' values, their XXH3
 * halves and a block batch's packed offsets are computed eight keys a
 * vector (PERFORMANCE.md §l.8).  A filter of more than 1024
 * regions of 2^21 bits gets larger regions (choose_region_shift): with
 * thousands of buckets their tails left the cache and every append
 * waited on memory.
 *
 * Batched keys append their entries (scattered keys: one a probe; block
 * keys: one packed entry, PERFORMANCE.md §l.11) through a stage of 16
 * entries a region (bucket_staged: software write-combining, full stages
 * copied as whole lines with non-temporal stores), and a
 * partitioned or standard batch's probes are drawn eight keys a vector
 * (sim_key_probes_scatter_batch; PERFORMANCE.md §l.10, §l.14).  A
 * scattered probe's offset takes only the region's log2 bits, 20-25 of
 * them packed into a line (bucket_line), and such a build cuts the
 * filter into up to 4096 regions, so that a pass holds 1.4-1.5 times as
 * many probes and a region stays in L2 while it is applied
 * (PERFORMANCE.md §l.14).
 *
 * Huge pages: the filter and the bucket buffers are mapped with
 * madvise(MADV_HUGEPAGE) (filter.c), so the TLB covers them and prefetches
 * are not dropped on page walks.
 */
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "bulk.h"
#include "cpu_features.h"
#if SIM_X86_64
#include <emmintrin.h>
#endif
#include "interrupt.h"
#include "memory.h"
#include "parallel.h"

/* Most regions a build cuts the filter into (a thread's buckets): more
 * regions are larger ones (see choose_region_shift).  A batched scattered
 * source stages one line a region (its packed lines), so four times as
 * many of them stay in the cache as packed block keys' stages of up to
 * three lines. */
#define MOST_REGIONS 1024U
#define LINE_MOST_REGIONS 4096U
#define APPLY_PREFETCH_DISTANCE 16U
#define QUERY_BLOCK_KEYS 16384U
#define OVERFLOW_INITIAL 1024U
#define MINIMUM_BUFFER_BYTES ((uint64_t)1 << 20)
#define BUFFER_FRACTION 16U
#define LANE_PROBES 32U          /* most probes a key drawn in lanes may have (scatter_lanes: positions on the stack) */
#define STAGE_BYTES 64U
#define STAGE_ENTRIES (STAGE_BYTES / sizeof(uint32_t))
/* Packed lines (bucket_line): an offset of more than this many bits takes
 * a whole 32-bit word, since a 32-bit load then no longer holds every
 * offset with its shift of up to 7 bits. */
#define LINE_MOST_ENTRY_BITS 25U
#define LINE_FEWEST_ENTRY_BITS 12U   /* the smallest regions packed (the tests' 2^12 bits) */
#define LINE_MOST_ENTRIES (8U * STAGE_BYTES / LINE_FEWEST_ENTRY_BITS)

uint64_t sim_bulk_most_buffer_bytes(uint64_t bits)
{
    uint64_t share = sim_bit_filter_memory(bits) / SIM_BULK_BUFFER_SHARE;
    return share > SIM_BULK_SMALL_BUFFER_BYTES ? share : SIM_BULK_SMALL_BUFFER_BYTES;
}

void sim_bulk_default_options(sim_bulk_options *options, uint64_t bits, unsigned threads)
{
    uint64_t filter_bytes = sim_bit_filter_memory(bits);
    options->threads = threads < 1 ? 1 : threads;
    options->buffer_bytes = filter_bytes / BUFFER_FRACTION > MINIMUM_BUFFER_BYTES ? filter_bytes / BUFFER_FRACTION
                                                                     : MINIMUM_BUFFER_BYTES;
    if (options->buffer_bytes > sim_bulk_most_buffer_bytes(bits))
        options->buffer_bytes = sim_bulk_most_buffer_bytes(bits);
    options->window = SIM_BULK_DEFAULT_WINDOW;
    options->region_shift = 0;
    options->progress = NULL;
}

void sim_bulk_fast_options(sim_bulk_options *options, uint64_t bits, unsigned threads)
{
    sim_bulk_default_options(options, bits, threads);
    uint64_t filter_bytes = sim_bit_filter_memory(bits);
    const unsigned fractions[] = { 2, 4 };
    const uint64_t most = sim_bulk_most_buffer_bytes(bits);
    for (size_t f = 0; f < sizeof fractions / sizeof fractions[0]; f++) {
        sim_bulk_options roomy = *options;
        roomy.buffer_bytes = filter_bytes / fractions[f] < most ? filter_bytes / fractions[f] : most;
        sim_memory_budget budget;
        if (roomy.buffer_bytes > options->buffer_bytes
            && sim_memory_fits(sim_memory_add(filter_bytes, sim_bulk_memory(&roomy)), &budget)) {
            *options = roomy;
            return;
        }
    }
}

uint64_t sim_bulk_memory(const sim_bulk_options *options)
{
    /* A thread's stages: the line stages of up to LINE_MOST_REGIONS regions, which hold the packed
     * block keys' three lines for each of MOST_REGIONS regions too. */
    _Static_assert((uint64_t)LINE_MOST_REGIONS * (sizeof(uint32_t) + sizeof(uint16_t) + STAGE_BYTES)
                   >= (uint64_t)MOST_REGIONS * (sizeof(uint32_t) + 3 * STAGE_BYTES),
                   "the line stages bound the packed block keys' stages");
    uint64_t stages = (uint64_t)LINE_MOST_REGIONS * (sizeof(uint32_t) + sizeof(uint16_t) + STAGE_BYTES);
    uint64_t per_thread = OVERFLOW_INITIAL * sizeof(uint64_t) + 4096
                          + SIM_BULK_MAX_WINDOW * (uint64_t)sizeof(sim_key_cursor) * 2 + stages;
    uint64_t buckets = options->buffer_bytes < SIM_HUGE_PAGE_BYTES ? options->buffer_bytes
                       : options->buffer_bytes + (uint64_t)options->threads * SIM_HUGE_PAGE_BYTES;
    return buckets + (uint64_t)options->threads * per_thread;
}

/* ---- build ------------------------------------------------------------ */

/* One thread's buckets: `regions` buckets of `capacity` offsets. */
typedef struct thread_buckets {
    uint32_t *offsets;            /* regions x capacity (huge pages: sim_huge_alloc) */
    uint64_t offsets_mapped;      /* its mapped bytes (0: from calloc) */
    uint32_t *fill;               /* offsets used in each bucket */
    uint64_t *overflow;           /* whole positions whose bucket was full */
    uint64_t overflow_count;
    uint64_t overflow_capacity;
    int failed;                   /* the overflow list could not grow */
    uint32_t *stage;              /* staged appends: stage_words words a region (NULL: none) */
    uint16_t *line_bit;           /* packed lines: where each region's stage line takes its next offset (NULL: none) */
} thread_buckets;

typedef struct build_task {
    sim_bit_filter *filter;
    const sim_key_probes *probes;
    const sim_key_stream *keys;
    uint64_t count;
    unsigned region_shift;        /* a region is 2^region_shift bits (choose_region_shift) */
    uint64_t region_bits;
    uint64_t regions;
    uint64_t capacity;            /* offsets per bucket */
    uint64_t keys_per_thread;     /* of each chunk */
    unsigned key_words;           /* packed block keys: 32-bit words an entry takes (0: one word a probe) */
    unsigned block_shift;         /* packed block keys: log2 B */
    int batched;                  /* generated keys, positions from their halves: scatter_batched */
    unsigned stage_words;         /* batched keys' appends staged (bucket_staged): STAGE_ENTRIES entries a region (0: none) */
    unsigned line_entries;        /* packed lines (bucket_line): offsets a line (0: one word an offset) */
    unsigned entry_bits;          /* packed lines: bits an offset (region_shift) */
    unsigned line_bits;           /* packed lines: line_entries * entry_bits */
    thread_buckets *buckets;      /* one per thread */
    int stop;                     /* written by member 0 before a barrier */
    const sim_bulk_progress *progress;
} build_task;

static uint64_t region_count(uint64_t bits, unsigned shift)
{
    return (bits >> shift) + ((bits & (((uint64_t)1 << shift) - 1)) != 0);
}

/*
 * log2 of the region size: `requested` when nonzero (the tests), else
 * SIM_BULK_REGION_SHIFT (256 KiB regions) unless that cuts the filter into
 * more than `most` regions, then the smallest larger one that does
 * not.  Each probe is appended to its region's bucket: with thousands of
 * buckets their tails no longer stay in the cache and every append waits
 * on memory (m = 4.8e9, one thread under load: 116 ns of
 * processor time a key with 2289 regions of 256 KiB, 49 with 572 of
 * 1 MiB, 56 with 286 of 2 MiB; at m = 1e9, 477 regions, larger regions
 * were slower).  Appends through stages of one line a region
 * (LINE_MOST_REGIONS) keep the tails out of the cache, so they take up to
 * 4096 regions: smaller regions stay in L2 while they are applied and
 * take shorter offsets (PERFORMANCE.md §l.14).  The bits set do not
 * depend on it.
 */
static unsigned choose_region_shift(uint64_t bits, unsigned requested, unsigned most)
{
    if (requested != 0)
        return requested;
    unsigned shift = SIM_BULK_REGION_SHIFT;
    while (shift < 32 && region_count(bits, shift) > most)
        shift++;
    return shift;
}

/* Keys per thread and chunk for buckets of `capacity` entries (see
 * size_buckets). */
static void size_chunks(build_task *task, uint64_t capacity, unsigned entries_per_key)
{
    double root = sqrt(fmax((double)capacity - 4, 0)) - 2;
    double mean = root > 1 ? root * root : (double)capacity / 2;
    double keys = floor(mean * (double)task->regions / entries_per_key);
    task->keys_per_thread = keys < 1 ? 1 : (uint64_t)keys;
}

/*
 * Bucket capacity and keys per thread and chunk for `entries` offsets per
 * thread: the mean fill mu of a bucket is chosen so that mu + 4 sqrt(mu) + 8
 * (four standard deviations of the binomial fill, plus a margin) fits the
 * capacity; fuller buckets spill to the overflow list, which costs speed
 * only.
 */
static void size_buckets(build_task *task, uint64_t entries, unsigned words_per_key)
{
    uint64_t capacity = entries / task->regions;
    task->capacity = capacity < 1 ? 1 : capacity;
    size_chunks(task, task->capacity, words_per_key);
}

static void free_buckets(thread_buckets *buckets, unsigned threads)
{
    for (unsigned t = 0; buckets != NULL && t < threads; t++) {
        free(buckets[t].stage);
        free(buckets[t].line_bit);
        sim_huge_free(buckets[t].offsets, buckets[t].offsets_mapped);
        free(buckets[t].fill);
        free(buckets[t].overflow);
    }
    free(buckets);
}

static thread_buckets *allocate_buckets(const build_task *task, unsigned threads)
{
    thread_buckets *buckets = calloc(threads, sizeof *buckets);
    for (unsigned t = 0; buckets != NULL && t < threads; t++) {
        buckets[t].offsets = sim_huge_alloc(task->regions * task->capacity * sizeof(uint32_t),
                                            &buckets[t].offsets_mapped);
        buckets[t].fill = calloc(task->regions, sizeof(uint32_t));
        buckets[t].overflow = malloc(OVERFLOW_INITIAL * sizeof(uint64_t));
        buckets[t].overflow_capacity = OVERFLOW_INITIAL;
        if (task->stage_words != 0)
            buckets[t].stage = aligned_alloc(STAGE_BYTES, task->regions * task->stage_words * sizeof(uint32_t));
        if (buckets[t].stage != NULL)   /* packed lines OR their offsets into zeros */
            memset(buckets[t].stage, 0, task->regions * task->stage_words * sizeof(uint32_t));
        if (task->line_entries != 0)
            buckets[t].line_bit = calloc(task->regions, sizeof(uint16_t));
        if (buckets[t].offsets == NULL || buckets[t].fill == NULL || buckets[t].overflow == NULL
            || (task->stage_words != 0 && buckets[t].stage == NULL)
            || (task->line_entries != 0 && buckets[t].line_bit == NULL)) {
            free_buckets(buckets, t + 1);
            return NULL;
        }
    }
    return buckets;
}

static void push_overflow(thread_buckets *own, uint64_t position)
{
    if (own->overflow_count == own->overflow_capacity) {
        uint64_t *grown = realloc(own->overflow, 2 * own->overflow_capacity * sizeof *grown);
        if (grown == NULL) {
            own->failed = 1;
            return;
        }
        own->overflow = grown;
        own->overflow_capacity *= 2;
    }
    own->overflow[own->overflow_count++] = position;
}

/* Appends `position` to its region's bucket (or to the overflow list). */
static inline void bucket_probe(const build_task *task, thread_buckets *own, uint64_t position)
{
    uint64_t region = position >> task->region_shift;
    uint32_t fill = own->fill[region];
    if (fill < task->capacity) {
        own->offsets[region * task->capacity + fill] = (uint32_t)(position & (task->region_bits - 1));
        own->fill[region] = fill + 1;
    } else {
        push_overflow(own, position);
    }
}

/*
 * Staged appends (software write-combining: the same technique as the
 * radix partitioning references above; J. Wassenberg, P. Sanders, "Engineering
 * a multi-core radix sort", Euro-Par 2011).  A region's next
 * STAGE_ENTRIES entries (an entry: one offset, or a packed key's
 * key_words words) are written into its lines of the stage, which stay
 * in the cache, and each full set of lines is copied to the bucket with
 * non-temporal stores: the bucket's lines are then written once, without
 * first being read from DRAM, and the bucket tails no longer compete for
 * the cache.  Buckets of a multiple of stage_words words, so a set never
 * crosses a bucket; the partial sets are copied at the end of the
 * scatter phase (flush_stages).  The same entries in the same buckets;
 * off x86-64 the full set is copied by memcpy (cpu_features.h).
 */

/* Copies `words` words (whole lines) from a stage to a bucket with
 * non-temporal stores. */
static inline void stream_stage(uint32_t *to, const uint32_t *stage, unsigned words)
{
#if SIM_X86_64
    for (unsigned q = 0; q < words / 4; q++)
        _mm_stream_si128((__m128i *)to + q, _mm_load_si128((const __m128i *)stage + q));
#else
    memcpy(to, stage, words * sizeof(uint32_t));
#endif
}

/* Appends the entry words[0..size) (size = task->stage_words /
 * STAGE_ENTRIES, a constant where inlined) to `region`'s stage, and
 * copies the region's full stage to its bucket; returns 0 (nothing done)
 * when the bucket has no room left. */
static inline int bucket_staged(const build_task *task, thread_buckets *own, uint64_t region, const uint32_t *words,
                                unsigned size)
{
    const uint32_t stage_words = STAGE_ENTRIES * size;
    uint32_t fill = own->fill[region];
    if (fill >= task->capacity)
        return 0;
    uint32_t *stage = own->stage + region * stage_words;
    uint32_t at = fill % stage_words;
    for (unsigned w = 0; w < size; w++)
        stage[at + w] = words[w];
    own->fill[region] = fill + size;
    if (at + size != stage_words)
        return 1;
    stream_stage(own->offsets + region * task->capacity + fill + size - stage_words, stage, stage_words);
    return 1;
}

/*
 * Packed lines.  A scattered probe's offset in a region of 2^s bits takes
 * s bits, not 32: a bucket line then holds line_entries offsets, offset i
 * at bits i s .. i s + s - 1 of the line (24 offsets of 21 bits, or 21 of
 * 24, in a 64-byte line instead of 16 words), so the same buckets hold
 * 1.3-1.5 times as many probes and the build makes as many times fewer
 * passes over the filter (PERFORMANCE.md §l.14).  A region's stage is one
 * line, zeroed once copied; each offset is ORed into it by a 32-bit load
 * and store at byte i s / 8, which holds the offset with its shift of
 * i s mod 8 (line_entries keeps that word inside the line), and a full
 * line goes to the bucket with non-temporal stores.  fill counts a
 * region's full lines in the bucket, line_bit where its stage line takes
 * the next offset; flush_lines copies the partial line after the full
 * ones, and apply_lines reads them back.  A line the bucket has no room
 * for goes to the overflow list, offset by offset.  The same offsets in
 * the same buckets, so the same bits.
 */

/* Offsets a packed line of regions of 2^shift bits holds: as many offsets
 * of `shift` bits as fit a line, the last one's 32-bit word inside it (0:
 * the regions take one word an offset). */
static unsigned line_entries(unsigned shift)
{
    if (shift < LINE_FEWEST_ENTRY_BITS || shift > LINE_MOST_ENTRY_BITS)
        return 0;
    unsigned entries = 8 * STAGE_BYTES / shift, fitting = (8 * (STAGE_BYTES - 4) + 7) / shift + 1;
    return entries < fitting ? entries : fitting;
}

double sim_bulk_probe_bytes(uint64_t bits, const sim_bulk_options *options)
{
    unsigned entries = line_entries(choose_region_shift(bits, options->region_shift, LINE_MOST_REGIONS));
    return entries != 0 ? (double)STAGE_BYTES / entries : (double)sizeof(uint32_t);
}

/* The line format of offsets of `bits` bits (line_entries nonzero). */
static void set_line_format(build_task *task, unsigned bits)
{
    task->line_entries = line_entries(bits);
    task->entry_bits = bits;
    task->line_bits = task->line_entries * bits;
}

/* The 32-bit word at `bytes` of a packed line, read little-endian on
 * every host: offset i's bits then lie at bits i s .. of the line whatever
 * the byte order, and the words of neighbouring offsets overlap only
 * where their bits do not. */
static inline uint32_t line_word(const unsigned char *bytes)
{
    uint32_t word;
    memcpy(&word, bytes, sizeof word);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap32(word);
#endif
    return word;
}

/* Writes `word` at `bytes` of a packed line, little-endian (line_word). */
static inline void set_line_word(unsigned char *bytes, uint32_t word)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap32(word);
#endif
    memcpy(bytes, &word, sizeof word);
}

/* Offset `index` of a packed line. */
static inline uint32_t line_offset(const build_task *task, const uint32_t *line, unsigned index)
{
    unsigned bit = index * task->entry_bits;
    return line_word((const unsigned char *)line + bit / 8) >> bit % 8 & (uint32_t)(task->region_bits - 1);
}

/* The region's stage line of `count` offsets, to the bucket's next line
 * (`stream`: with non-temporal stores, the line full) or, when the bucket
 * has no line left, its positions to the overflow list; returns whether
 * the bucket took it.  The stage is zeroed. */
static int store_line(const build_task *task, thread_buckets *own, uint64_t region, unsigned count, int stream)
{
    uint32_t *stage = own->stage + region * STAGE_ENTRIES, lines = own->fill[region];
    uint32_t *to = own->offsets + region * task->capacity + (uint64_t)lines * STAGE_ENTRIES;
    int room = (uint64_t)lines * STAGE_ENTRIES < task->capacity;
    if (room && stream)
        stream_stage(to, stage, STAGE_ENTRIES);
    else if (room)
        memcpy(to, stage, STAGE_BYTES);
    for (unsigned i = 0; !room && i < count; i++)
        push_overflow(own, region << task->region_shift | line_offset(task, stage, i));
    memset(stage, 0, STAGE_BYTES);
    return room;
}

/* A batched scattered probe's offset ORed into its region's stage line;
 * a full line goes to the bucket.  The bucket's room is checked only
 * then, one probe in 20-25. */
static inline void bucket_line(const build_task *task, thread_buckets *own, uint64_t position)
{
    uint64_t region = position >> task->region_shift;
    unsigned bit = own->line_bit[region];
    unsigned char *at = (unsigned char *)(own->stage + region * STAGE_ENTRIES) + bit / 8;
    set_line_word(at, line_word(at) | (uint32_t)(position & (task->region_bits - 1)) << bit % 8);
    bit += task->entry_bits;
    if (bit < task->line_bits) {
        own->line_bit[region] = (uint16_t)bit;
        return;
    }
    own->fill[region] += (uint32_t)store_line(task, own, region, task->line_entries, 1);
    own->line_bit[region] = 0;
}

/* A batched scattered probe into its bucket: staged when the buckets
 * hold whole stages (task->stage_words), else directly. */
static inline void bucket_batched(const build_task *task, thread_buckets *own, uint64_t position)
{
    if (task->line_entries != 0) {
        bucket_line(task, own, position);
        return;
    }
    if (task->stage_words == 0) {
        bucket_probe(task, own, position);
        return;
    }
    uint32_t offset = (uint32_t)(position & (task->region_bits - 1));
    if (!bucket_staged(task, own, position >> task->region_shift, &offset, 1))
        push_overflow(own, position);
}

/* The partial stage lines of packed lines, after their buckets' full ones
 * (line_bit then says how many offsets the partial line holds; 0 when
 * they went to the overflow list). */
static void flush_lines(const build_task *task, thread_buckets *own)
{
    for (uint64_t region = 0; region < task->regions; region++)
        if (own->line_bit[region] != 0
            && !store_line(task, own, region, own->line_bit[region] / task->entry_bits, 0))
            own->line_bit[region] = 0;
}

/* The staged words of the partial stages, into their buckets. */
static void flush_stages(const build_task *task, thread_buckets *own)
{
    if (task->line_entries != 0) {
        flush_lines(task, own);
        return;
    }
    for (uint64_t region = 0; region < task->regions; region++) {
        uint32_t fill = own->fill[region] < task->capacity ? own->fill[region] : (uint32_t)task->capacity;
        uint32_t partial = fill % task->stage_words;
        memcpy(own->offsets + region * task->capacity + fill - partial, own->stage + region * task->stage_words,
               partial * sizeof(uint32_t));
    }
#if SIM_X86_64
    _mm_sfence();   /* the non-temporal stores before the barrier */
#endif
}

/*
 * Packed block keys.  When B is a power of two (blocks are then aligned on
 * B and never straddle a region) and the k offsets of a key inside its
 * block take at most 64 bits (k log2 B <= 64: k <= 7 in 512-bit blocks,
 * k <= 8 in 256-bit ones), a key is one bucket entry instead of k: the
 * block's number inside its region, then the k offsets packed log2 B bits
 * each (offset i in bits i log2 B ..), in one or two more 32-bit words.
 * The buckets then hold 12 bytes a key instead of 4k (28 at k = 7), so a
 * chunk holds 2.3 times as many keys and the apply phase makes as many
 * times fewer passes over the filter; each entry sets its k bits in one
 * line.  The bits set are the same: the same k positions.
 */
static unsigned packed_key_words(const sim_key_probes *probes, uint64_t region_bits)
{
    if (probes->packed_shift == 0 || probes->span > region_bits)
        return 0;
    return 1 + (probes->packed_shift * probes->hashes + 31) / 32;
}

/* Appends the packed entry of a key of block `first` with its packed
 * offsets (key_probes.h, sim_key_cursor_packed) to its region's bucket;
 * returns 0 when the bucket has no room left for it. */
static inline int bucket_packed(const build_task *task, thread_buckets *own, uint64_t first, uint64_t offsets)
{
    uint64_t region = first >> task->region_shift;
    const uint32_t entry[3] = { (uint32_t)((first & (task->region_bits - 1)) >> task->block_shift),
                                (uint32_t)offsets, (uint32_t)(offsets >> 32) };
    if (task->stage_words != 0)   /* key_words is 2 or 3 (k log2 B <= 64) */
        return task->key_words == 2 ? bucket_staged(task, own, region, entry, 2)
                                    : bucket_staged(task, own, region, entry, 3);
    uint32_t fill = own->fill[region];
    if (fill + task->key_words > task->capacity)
        return 0;
    memcpy(own->offsets + region * task->capacity + fill, entry, task->key_words * sizeof(uint32_t));
    own->fill[region] = fill + task->key_words;
    return 1;
}

/* A packed key into its bucket, or its k positions into the overflow list. */
static void bucket_packed_key(const build_task *task, thread_buckets *own, uint64_t first, uint64_t packed)
{
    if (bucket_packed(task, own, first, packed))
        return;
    uint64_t positions[64];
    sim_key_probes_unpack(task->probes, first, packed, positions);
    for (unsigned i = 0; i < task->probes->hashes; i++)
        push_overflow(own, positions[i]);
}

/* A block key whose block lies in one region with room for its k probes
 * (positions[0..k-1]): one bucket, one fill update.  Returns 0 (nothing
 * done) otherwise. */
static inline int bucket_block(const build_task *task, thread_buckets *own, uint64_t first,
                               const uint64_t *positions)
{
    const sim_key_probes *probes = task->probes;
    uint64_t region = first >> task->region_shift;
    uint32_t fill = own->fill[region];
    if ((first + probes->span - 1) >> task->region_shift != region || fill + probes->hashes > task->capacity)
        return 0;
    uint32_t *offsets = own->offsets + region * task->capacity + fill;
    for (unsigned i = 0; i < probes->hashes; i++)
        offsets[i] = (uint32_t)(positions[i] & (task->region_bits - 1));
    own->fill[region] = fill + probes->hashes;
    return 1;
}

/* Phase 1: the probes of keys [first, end) into the thread's buckets. */
static void scatter_keys(const build_task *task, thread_buckets *own, uint64_t first, uint64_t end)
{
    const sim_key_probes *probes = task->probes;
    uint64_t positions[SIM_MAX_KEY_PROBES];
    for (uint64_t j = first; j < end; j++) {
        sim_key key;
        sim_key_cursor cursor;
        sim_key_at(task->keys, j, &key);
        sim_key_cursor_start(&cursor, probes, key.bytes, key.length);
        if (task->key_words != 0) {
            bucket_packed_key(task, own, sim_key_cursor_block(&cursor), sim_key_cursor_packed(&cursor, probes));
            continue;
        }
        if (probes->hashes > SIM_MAX_KEY_PROBES) {
            for (unsigned i = 0; i < probes->hashes; i++)
                bucket_probe(task, own, sim_key_cursor_next(&cursor, probes));
            continue;
        }
        unsigned count = sim_key_cursor_rest(&cursor, probes, positions);
        uint64_t block = sim_key_cursor_block(&cursor);
        if (probes->span != 0 && bucket_block(task, own, block, positions))
            continue;
        for (unsigned i = 0; i < count; i++)
            bucket_probe(task, own, positions[i]);
    }
}

/* Keys of a batch (batched block keys, sim_key_probes_block_start). */
#define KEY_BATCH 32U

/* The XXH3 halves of generated keys [first, first + count) of `keys` (count <= KEY_BATCH). */
static void hash_batch(uint64_t *lows, uint64_t *highs, const sim_key_probes *probes, const sim_key_stream *keys,
                       uint64_t first, unsigned count)
{
    uint64_t values[KEY_BATCH];
    sim_key_values(values, keys, first, count);
    sim_hash_xxh3_values(lows, highs, values, count, keys->role == SIM_KEYS_ABSENT, &probes->prober->seeds);
}

/* A batch of scattered keys whose probes are drawn eight keys a vector
 * (a partitioned source with probes->vector_draws): all their positions
 * first, then bucketed key after key, in the order of the loop below. */
static void scatter_lanes(const build_task *task, thread_buckets *own, const uint64_t *lows, const uint64_t *highs,
                          unsigned count)
{
    const sim_key_probes *probes = task->probes;
    uint64_t positions[LANE_PROBES * KEY_BATCH];
    sim_key_probes_scatter_batch(probes, lows, highs, count, KEY_BATCH, positions);
    for (unsigned i = 0; i < count; i++)
        for (unsigned p = 0; p < probes->hashes; p++)
            bucket_batched(task, own, positions[p * KEY_BATCH + i]);
}

/* Batched keys (generated keys whose positions follow from their XXH3
 * halves, key_probes.h): phase 1 for keys [first, end), KEY_BATCH keys
 * hashed in one call.  A block key with packed offsets
 * (probes->batched_blocks) is one packed entry, and takes the cursor when
 * its word 0 is rejected for its block (probability below b / 2^64); a
 * scattered key (probes->batched_scatter) has its k probes bucketed. */
static void scatter_batched(const build_task *task, thread_buckets *own, uint64_t first, uint64_t end)
{
    const sim_key_probes *probes = task->probes;
    uint64_t lows[KEY_BATCH], highs[KEY_BATCH], packed[KEY_BATCH], positions[SIM_MAX_KEY_PROBES];
    const int lanes = task->key_words == 0 && probes->vector_draws && probes->hashes <= LANE_PROBES;
    for (uint64_t j = first; j < end; j += KEY_BATCH) {
        unsigned count = end - j < KEY_BATCH ? (unsigned)(end - j) : KEY_BATCH;
        hash_batch(lows, highs, probes, task->keys, j, count);
        if (task->key_words != 0)
            sim_key_probes_blocks_packed(probes, lows, highs, count, packed);
        if (lanes) {
            scatter_lanes(task, own, lows, highs, count);
            continue;
        }
        for (unsigned i = 0; i < count; i++) {
            uint64_t block;
            if (task->key_words == 0) {
                sim_key_probes_scatter_positions(probes, lows[i], highs[i], positions);
                for (unsigned p = 0; p < probes->hashes; p++)
                    bucket_batched(task, own, positions[p]);
            } else if (sim_key_probes_block_start(probes, lows[i], &block)) {
                bucket_packed_key(task, own, block, packed[i]);
            } else {
                scatter_keys(task, own, j + i, j + i + 1);
            }
        }
    }
}

/* The next region's lines, prefetched in address order while a region is
 * applied: one line every `step` bucket entries, so that every region is
 * read from DRAM as one stream (the random writes then hit the cache)
 * instead of one miss per line first touched. */
typedef struct next_region {
    const uint64_t *words;        /* NULL: no next region */
    uint64_t lines;               /* a region's lines */
    uint64_t line;                /* the next line to prefetch */
    uint64_t step, countdown;
} next_region;

static void next_region_start(next_region *next, const uint64_t *words, uint64_t lines, uint64_t entries)
{
    next->words = words;
    next->lines = lines;
    next->line = 0;
    next->step = entries / lines + 1;
    next->countdown = next->step;
}

/* One entry applied: prefetch a line when its turn has come. */
static inline void next_region_tick(next_region *next)
{
    if (--next->countdown != 0)
        return;
    next->countdown = next->step;
    if (next->words != NULL && next->line < next->lines)
        __builtin_prefetch(&next->words[8 * next->line++], 1, 3);
}

/* The lines not yet prefetched (the entries were fewer than the lines). */
static void next_region_finish(next_region *next)
{
    while (next->words != NULL && next->line < next->lines)
        __builtin_prefetch(&next->words[8 * next->line++], 1, 3);
}

/* Sets the bits of the probe offsets[0..fill) in the region at `words`,
 * prefetching the line of the offset APPLY_PREFETCH_DISTANCE entries ahead. */
static void apply_offsets(uint64_t *words, const uint32_t *offsets, uint32_t fill, next_region *next)
{
    for (uint32_t e = 0; e < fill; e++) {
        next_region_tick(next);
        if (e + APPLY_PREFETCH_DISTANCE < fill)
            __builtin_prefetch(&words[offsets[e + APPLY_PREFETCH_DISTANCE] / 64], 1, 3);
        words[offsets[e] / 64] |= (uint64_t)1 << (offsets[e] % 64);
    }
}

/* Sets the bits of the packed entries[0..fill) (fill a multiple of the
 * entry's words) in the region at `words`, prefetching the block of the
 * entry APPLY_PREFETCH_DISTANCE entries ahead. */
static void apply_packed(const build_task *task, uint64_t *words, const uint32_t *entries, uint32_t fill,
                         next_region *next)
{
    const unsigned size = task->key_words, shift = task->block_shift, hashes = task->probes->hashes;
    const uint64_t mask = ((uint64_t)1 << shift) - 1;
    const uint32_t ahead = APPLY_PREFETCH_DISTANCE * size;
    for (uint32_t e = 0; e < fill; e += size) {
        next_region_tick(next);
        if (e + ahead < fill)
            __builtin_prefetch(&words[((uint64_t)entries[e + ahead] << shift) / 64], 1, 3);
        uint64_t *block = words + (((uint64_t)entries[e] << shift) / 64);
        uint64_t offsets = entries[e + 1] | (size > 2 ? (uint64_t)entries[e + 2] << 32 : 0);
        for (unsigned i = 0; i < hashes; i++, offsets >>= shift) {
            uint64_t offset = offsets & mask;
            block[offset / 64] |= (uint64_t)1 << (offset % 64);
        }
    }
}

/* The offsets of a packed line's first `count` entries. */
static inline void decode_line(const build_task *task, const uint32_t *line, unsigned count, uint32_t *offsets)
{
    for (unsigned i = 0; i < count; i++)
        offsets[i] = line_offset(task, line, i);
}

/* Sets the bits of a bucket of packed lines in the region at `words`: its
 * `lines` full lines, then `last` offsets of the partial line after them.
 * Line j + 1 is decoded and its offsets' lines prefetched before line j's
 * bits are set (a prefetch distance of one line, 20-25 offsets). */
static void apply_lines(const build_task *task, uint64_t *words, const uint32_t *bucket, uint32_t lines,
                        unsigned last, next_region *next)
{
    uint32_t decoded[2][LINE_MOST_ENTRIES];
    const uint32_t total = lines + (last != 0);
    unsigned count = 0;
    for (uint32_t j = 0; j <= total; j++) {
        const uint32_t *current = decoded[(j + 1) % 2];
        unsigned current_count = count;
        if (j < total) {
            count = j < lines ? task->line_entries : last;
            decode_line(task, bucket + (uint64_t)j * STAGE_ENTRIES, count, decoded[j % 2]);
            for (unsigned i = 0; i < count; i++)
                __builtin_prefetch(&words[decoded[j % 2][i] / 64], 1, 3);
        }
        for (unsigned i = 0; j > 0 && i < current_count; i++) {
            next_region_tick(next);
            words[current[i] / 64] |= (uint64_t)1 << (current[i] % 64);
        }
    }
}

/* Probes in a thread's bucket for `region` (packed entries: keys). */
static uint64_t bucket_entries(const build_task *task, const thread_buckets *bucket, uint64_t region)
{
    if (task->line_entries != 0)
        return (uint64_t)bucket->fill[region] * task->line_entries + bucket->line_bit[region] / task->entry_bits;
    return task->key_words != 0 ? bucket->fill[region] / task->key_words : bucket->fill[region];
}

/* Phase 2: every thread's buckets for regions [first, end), then the
 * overflow positions that fall there; the next region is streamed in
 * while one is applied. */
static void apply_regions(const build_task *task, unsigned members, uint64_t first, uint64_t end)
{
    for (uint64_t region = first; region < end; region++) {
        uint64_t *words = task->filter->words + region * (task->region_bits / 64);
        uint64_t entries = 0;
        for (unsigned t = 0; t < members; t++)
            entries += bucket_entries(task, &task->buckets[t], region);
        next_region next;
        next_region_start(&next, region + 1 < end ? words + task->region_bits / 64 : NULL, task->region_bits / 512,
                          entries);
        for (unsigned t = 0; t < members; t++) {
            const thread_buckets *bucket = &task->buckets[t];
            const uint32_t *offsets = bucket->offsets + region * task->capacity;
            if (task->line_entries != 0)
                apply_lines(task, words, offsets, bucket->fill[region], bucket->line_bit[region] / task->entry_bits,
                            &next);
            else if (task->key_words != 0)
                apply_packed(task, words, offsets, bucket->fill[region], &next);
            else
                apply_offsets(words, offsets, bucket->fill[region], &next);
        }
        next_region_finish(&next);
    }
    for (unsigned t = 0; t < members; t++)
        for (uint64_t e = 0; e < task->buckets[t].overflow_count; e++) {
            uint64_t position = task->buckets[t].overflow[e];
            uint64_t region = position >> task->region_shift;
            if (region >= first && region < end)
                sim_bit_filter_set(task->filter, position);
        }
}

static int any_failed(const build_task *task, unsigned members)
{
    for (unsigned t = 0; t < members; t++)
        if (task->buckets[t].failed)
            return 1;
    return 0;
}

/* Progress after `keys` keys of this build or query (member 0 only). */
static void report_progress(const sim_bulk_progress *progress, uint64_t keys)
{
    if (progress != NULL && progress->report != NULL)
        progress->report(progress->context, progress->done + keys, progress->total, 0);
}

static void build_member(void *context, sim_team *team, unsigned member, unsigned members)
{
    build_task *task = context;
    thread_buckets *own = &task->buckets[member];
    uint64_t chunk = task->keys_per_thread * members;
    uint64_t first_region = task->regions * member / members;
    uint64_t end_region = task->regions * (member + 1) / members;
    for (uint64_t start = 0; start < task->count; start += chunk) {
        uint64_t first = start + task->keys_per_thread * member;
        uint64_t end = first + task->keys_per_thread;
        if (first < task->count && task->batched)
            scatter_batched(task, own, first, end < task->count ? end : task->count);
        else if (first < task->count)
            scatter_keys(task, own, first, end < task->count ? end : task->count);
        if (task->stage_words != 0)
            flush_stages(task, own);
        if (member == 0) {
            task->stop = sim_interrupt_requested();
            report_progress(task->progress, start + chunk < task->count ? start + chunk : task->count);
        }
        sim_team_barrier(team);
        if (task->stop || any_failed(task, members))
            break;
        apply_regions(task, members, first_region, end_region);
        sim_team_barrier(team);
        memset(own->fill, 0, task->regions * sizeof *own->fill);
        if (own->line_bit != NULL)
            memset(own->line_bit, 0, task->regions * sizeof *own->line_bit);
        own->overflow_count = 0;
    }
}

int sim_bulk_build(sim_bit_filter *filter, const sim_key_probes *probes, const sim_key_stream *keys,
                   uint64_t count, const sim_bulk_options *options)
{
    build_task task;
    memset(&task, 0, sizeof task);
    task.filter = filter;
    task.probes = probes;
    task.keys = keys;
    task.count = count;
    task.progress = options->progress;
    task.region_shift = choose_region_shift(filter->bits, options->region_shift,
                                            probes->span == 0 && probes->batched_scatter ? LINE_MOST_REGIONS
                                                                                         : MOST_REGIONS);
    task.region_bits = (uint64_t)1 << task.region_shift;
    task.regions = region_count(filter->bits, task.region_shift);
    task.key_words = packed_key_words(probes, task.region_bits);
    task.block_shift = task.key_words != 0 ? (unsigned)__builtin_ctzll(probes->span) : 0;
    task.batched = keys->file == NULL && probes->hashes <= SIM_MAX_KEY_PROBES
                   && (task.key_words != 0 ? probes->batched_blocks : probes->batched_scatter);
    size_buckets(&task, options->buffer_bytes / options->threads / sizeof(uint32_t),
                 task.key_words != 0 ? task.key_words : probes->hashes);
    unsigned entry_words = task.key_words != 0 ? task.key_words : 1;
    if (task.batched && task.capacity >= STAGE_ENTRIES * entry_words) {
        task.stage_words = STAGE_ENTRIES * entry_words;
        task.capacity -= task.capacity % task.stage_words;
    }
    if (task.stage_words != 0 && task.key_words == 0 && line_entries(task.region_shift) != 0) {
        set_line_format(&task, task.region_shift);
        size_chunks(&task, task.capacity / STAGE_ENTRIES * task.line_entries, probes->hashes);
    }
    task.buckets = allocate_buckets(&task, options->threads);
    if (task.buckets == NULL || sim_team_run(options->threads, build_member, &task) != 0) {
        free_buckets(task.buckets, options->threads);
        return -1;
    }
    int failed = any_failed(&task, options->threads);
    free_buckets(task.buckets, options->threads);
    return failed ? -1 : task.stop ? 1 : 0;
}

/* ---- query ------------------------------------------------------------ */

/* One key in flight: its bytes, its cursor and the probe being awaited. */
typedef struct flight {
    sim_key key;
    sim_key_cursor cursor;
    uint64_t position;
    int live;
} flight;

typedef struct query_task {
    const sim_bit_filter *filter;
    const sim_key_probes *probes;
    const sim_key_stream *keys;
    uint64_t count;
    unsigned window;
    int batched;                  /* batched block keys (ask_batched_blocks) */
    int batched_scatter;          /* batched scattered keys: cursors started from hashed halves */
    atomic_uint_fast64_t next_block;
    uint64_t *positives;          /* per member */
    uint64_t *asked;              /* per member */
    const sim_bulk_progress *progress;
} query_task;

/* ---- scattered probes (span 0): one awaited probe per key ---- */

/* Draws the flight's next probe and prefetches its line. */
static void aim(flight *key, const query_task *task)
{
    key->position = sim_key_cursor_next(&key->cursor, task->probes);
    __builtin_prefetch(&task->filter->words[key->position / 64], 0, 3);
}

/* The XXH3 halves of the next generated keys to launch (batched scattered
 * sources): KEY_BATCH keys hashed at once, eight a vector (hash.c). */
typedef struct halves_ahead {
    uint64_t first, count;        /* keys [first, first + count) are hashed */
    uint64_t lows[KEY_BATCH], highs[KEY_BATCH];
} halves_ahead;

static void launch(flight *key, const query_task *task, uint64_t index, uint64_t end, halves_ahead *ahead)
{
    if (task->batched_scatter) {
        if (index >= ahead->first + ahead->count) {
            ahead->first = index;
            ahead->count = end - index < KEY_BATCH ? end - index : KEY_BATCH;
            hash_batch(ahead->lows, ahead->highs, task->probes, task->keys, index, (unsigned)ahead->count);
        }
        sim_key_cursor_start_halves(&key->cursor, task->probes, ahead->lows[index - ahead->first],
                                    ahead->highs[index - ahead->first]);
    } else {
        sim_key_at(task->keys, index, &key->key);
        sim_key_cursor_start(&key->cursor, task->probes, key->key.bytes, key->key.length);
    }
    key->live = 1;
    aim(key, task);
}

/* Asks keys [first, end) with up to task->window in flight, visiting them
 * round-robin; returns the positives.  Keys are launched in index order,
 * so the halves of a batched source are hashed KEY_BATCH keys ahead. */
static uint64_t ask_scattered(const query_task *task, flight *flights, uint64_t first, uint64_t end)
{
    unsigned hashes = task->probes->hashes, used = 0, live = 0;
    uint64_t next = first, positives = 0;
    halves_ahead ahead;
    ahead.first = first;
    ahead.count = 0;
    for (; used < task->window && next < end; used++, live++)
        launch(&flights[used], task, next++, end, &ahead);
    while (live > 0)
        for (unsigned w = 0; w < used; w++) {
            flight *key = &flights[w];
            if (!key->live)
                continue;
            int set = sim_bit_filter_test(task->filter, key->position);
            if (set && key->cursor.index < hashes) {
                aim(key, task);
                continue;
            }
            positives += (uint64_t)set;
            if (next < end) {
                launch(key, task, next++, end, &ahead);
            } else {
                key->live = 0;
                live--;
            }
        }
    return positives;
}

/* ---- blocked probes (span B): the key's block, prefetched once ---- */

/* Lines of a block prefetched at its start (a 512-bit block aligned on
 * 512 bits is one line; larger blocks get their first lines only). */
#define BLOCK_PREFETCH_LINES 4U

static void launch_block(flight *key, const query_task *task, uint64_t index)
{
    sim_key_at(task->keys, index, &key->key);
    sim_key_cursor_start(&key->cursor, task->probes, key->key.bytes, key->key.length);
    uint64_t first = sim_key_cursor_block(&key->cursor);
    uint64_t line = first / 512, last = (first + task->probes->span - 1) / 512;
    for (unsigned l = 0; l < BLOCK_PREFETCH_LINES && line + l <= last; l++)
        __builtin_prefetch(&task->filter->words[(line + l) * 8], 0, 3);
}

/* All the key's probes, from cache, stopping at the first clear bit. */
static int answer_block(flight *key, const query_task *task)
{
    for (unsigned i = 0; i < task->probes->hashes; i++)
        if (!sim_bit_filter_test(task->filter, sim_key_cursor_next(&key->cursor, task->probes)))
            return 0;
    return 1;
}

/* Asks keys [first, end) as a pipeline: key j is started (hashed, its
 * block prefetched) task->window keys before it is answered, in slot
 * j mod window of the ring (the slot of key j - window, answered just
 * before; the slot is counted, not divided for). */
static uint64_t ask_blocked(const query_task *task, flight *flights, uint64_t first, uint64_t end)
{
    unsigned window = task->window, slot = 0;
    uint64_t positives = 0;
    for (uint64_t j = first; j < end + window; j++) {
        if (j >= first + window)
            positives += (uint64_t)answer_block(&flights[slot], task);
        if (j < end)
            launch_block(&flights[slot], task, j);
        slot = slot + 1 < window ? slot + 1 : 0;
    }
    return positives;
}

/* ---- batched block keys: hashed a batch at a time ---- */

/* One batch of block keys in flight: their halves and blocks. */
typedef struct block_batch {
    uint64_t index;               /* the batch's first key */
    unsigned count;
    uint64_t lows[KEY_BATCH], highs[KEY_BATCH], firsts[KEY_BATCH], packed[KEY_BATCH];
    unsigned char drawn[KEY_BATCH];   /* 0: word 0 was rejected, ask with the cursor */
    int all_drawn;                /* every key's block drawn from its word 0 */
} block_batch;

/* Hashes keys [index, index + count), draws their blocks and prefetches them. */
static void stage_blocks(block_batch *batch, const query_task *task, uint64_t index, unsigned count)
{
    const sim_key_probes *probes = task->probes;
    batch->index = index;
    batch->count = count;
    hash_batch(batch->lows, batch->highs, probes, task->keys, index, count);
    sim_key_probes_blocks_packed(probes, batch->lows, batch->highs, count, batch->packed);
    int all_drawn = 1;
    for (unsigned i = 0; i < count; i++) {
        batch->drawn[i] = (unsigned char)sim_key_probes_block_start(probes, batch->lows[i], &batch->firsts[i]);
        all_drawn &= batch->drawn[i];
        uint64_t line = batch->firsts[i] / 512, last = (batch->firsts[i] + probes->span - 1) / 512;
        for (unsigned l = 0; l < BLOCK_PREFETCH_LINES && line + l <= last; l++)
            __builtin_prefetch(&task->filter->words[(line + l) * 8], 0, 3);
    }
    batch->all_drawn = all_drawn;
}

/* The positives of a staged batch (its blocks now in cache). */
static uint64_t answer_blocks(const block_batch *batch, const query_task *task)
{
    const sim_key_probes *probes = task->probes;
    uint64_t positives = 0;
    if (batch->all_drawn)
        return sim_key_probes_blocks_count(probes, task->filter->words, batch->firsts, batch->packed, batch->count);
    for (unsigned i = 0; i < batch->count; i++) {
        if (batch->drawn[i]) {
            positives += (uint64_t)sim_key_probes_block_contains_packed(probes, task->filter->words,
                                                                        batch->firsts[i], batch->packed[i]);
        } else {
            flight key;
            launch_block(&key, task, batch->index + i);
            positives += (uint64_t)answer_block(&key, task);
        }
    }
    return positives;
}

/* Keys of a query batch: 16 blocks prefetched ahead (more overflowed the
 * misses a core keeps in flight: n = 1e8, blocked, one thread under load,
 * 17-19 ns a query with 16, 22-23 with 8, 32-33 with 32, 37-38 with 64). */
#define QUERY_BATCH 16U

/* Asks keys [first, end) two batches at a time: batch t + 1 is hashed and
 * its blocks prefetched before batch t is answered (group prefetching,
 * Chen et al. 2004). */
static uint64_t ask_batched_blocks(const query_task *task, uint64_t first, uint64_t end)
{
    block_batch batches[2];
    uint64_t positives = 0;
    unsigned current = 0;
    stage_blocks(&batches[0], task, first, end - first < QUERY_BATCH ? (unsigned)(end - first) : QUERY_BATCH);
    for (uint64_t next = first + batches[0].count; next < end; next += batches[current].count) {
        current ^= 1;
        stage_blocks(&batches[current], task, next, end - next < QUERY_BATCH ? (unsigned)(end - next) : QUERY_BATCH);
        positives += answer_blocks(&batches[current ^ 1], task);
    }
    return positives + answer_blocks(&batches[current], task);
}

static void query_member(void *context, sim_team *team, unsigned member, unsigned members)
{
    (void)team;
    (void)members;
    query_task *task = context;
    flight flights[SIM_BULK_MAX_WINDOW];
    for (;;) {
        uint64_t block = atomic_fetch_add(&task->next_block, 1);
        if (block >= (task->count + QUERY_BLOCK_KEYS - 1) / QUERY_BLOCK_KEYS || sim_interrupt_requested())
            return;
        uint64_t first = block * QUERY_BLOCK_KEYS;
        uint64_t end = first + QUERY_BLOCK_KEYS < task->count ? first + QUERY_BLOCK_KEYS : task->count;
        task->positives[member] += task->batched ? ask_batched_blocks(task, first, end)
                                   : task->probes->span != 0 ? ask_blocked(task, flights, first, end)
                                                             : ask_scattered(task, flights, first, end);
        task->asked[member] += end - first;
        if (member == 0)
            report_progress(task->progress, first);
    }
}

uint64_t sim_bulk_count_maybe(const sim_bit_filter *filter, const sim_key_probes *probes,
                              const sim_key_stream *keys, uint64_t count,
                              const sim_bulk_options *options, uint64_t *asked)
{
    query_task task;
    task.filter = filter;
    task.probes = probes;
    task.keys = keys;
    task.count = count;
    task.progress = options->progress;
    task.batched = probes->batched_blocks && keys->file == NULL;
    task.batched_scatter = probes->batched_scatter && keys->file == NULL;
    task.window = options->window < 1 ? 1
                  : options->window > SIM_BULK_MAX_WINDOW ? SIM_BULK_MAX_WINDOW : options->window;
    atomic_init(&task.next_block, 0);
    task.positives = calloc(options->threads, sizeof *task.positives);
    task.asked = calloc(options->threads, sizeof *task.asked);
    uint64_t positives = 0;
    *asked = 0;
    if (task.positives != NULL && task.asked != NULL
        && sim_team_run(options->threads, query_member, &task) == 0)
        for (unsigned t = 0; t < options->threads; t++) {
            positives += task.positives[t];
            *asked += task.asked[t];
        }
    free(task.positives);
    free(task.asked);
    return positives;
}
