/*
 * table_file.c - reads the filter of a RocksDB or LevelDB table file from
 * its bytes and computes the rate its bits give an absent key exactly
 * (table_file.h; calc/FORMULAS.md §u).  The formats, as RocksDB 7.8.3 and
 * LevelDB 1.23 write them:
 *
 *   footer      the file's last bytes.  A magic number ends it: RocksDB's
 *               0x88e241b785f4cff7 after a 4-byte format_version, the
 *               53-byte footer opening with the checksum type; or the
 *               legacy 0xdb4775248b80fb57 (LevelDB, RocksDB
 *               format_version 0) after 40 bytes, crc32c.  Between: the
 *               meta-index block's handle, then the index block's (each an
 *               offset and a size, varint64).
 *   block       its contents, then a 5-byte trailer: the compression type
 *               (0: none) and a fixed32 checksum of the contents and that
 *               byte.  Entries: shared prefix length, unshared length and
 *               value length (varint32), the unshared key bytes, the value;
 *               then fixed32 restart offsets and their count (RocksDB keeps
 *               a data block's hash-index flag in that count's top bit).
 *   meta-index  "rocksdb.properties" -> the properties block (property
 *               names -> varint64 numbers or text), "fullfilter.NAME" ->
 *               a full filter, "filter.NAME" -> LevelDB's filter block,
 *               "partitionedfilter.NAME" -> a partitioned filter's
 *               top-level index: a separator key and a block handle per
 *               partition, each partition a full filter (from
 *               format_version 4 the index's values are delta-encoded and
 *               carry no value length).
 *   full filter the filter's bits, then 5 bytes of metadata: -1, 0, k
 *               (FastLocalBloom, 64-byte lines); -2, seed, blocks (24 bits:
 *               a Ribbon); or k, lines (fixed32: the legacy Bloom).
 *   LevelDB     filters, the fixed32 offset of each, the offset of that
 *               array, and base_lg (11: one filter per 2 KiB of data).
 *               Each filter: its bits, then k.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "library_rules.h"
#include "ribbon.h"
#include "table_bytes.h"
#include "table_file.h"

const char *const bloom_table_filter_names[] = {
    "none", "fastlocalbloom", "legacybloom", "ribbon", "leveldb", NULL
};

#define ROCKSDB_MAGIC 0x88e241b785f4cff7ULL
#define LEGACY_MAGIC 0xdb4775248b80fb57ULL
#define ROCKSDB_FOOTER_BYTES 53
#define LEGACY_FOOTER_BYTES 48
#define TRAILER_BYTES 5
#define METADATA_BYTES 5
#define LINE_BITS 512UL
#define LINE_BYTES (LINE_BITS / 8)
#define KEY_ROOM 256

enum checksum_type { CHECKSUM_NONE, CHECKSUM_CRC32C, CHECKSUM_XXHASH, CHECKSUM_XXHASH64, CHECKSUM_XXH3 };

typedef bloom_slice slice;

typedef struct handle {
    uint64_t offset, size;
} handle;

/* What reading the file needs besides the audit: its bytes and checksum type. */
typedef struct table {
    slice file;
    int checksum;
    bloom_table_audit *audit;
} table;

void bloom_table_audit_init(bloom_table_audit *audit)
{
    memset(audit, 0, sizeof *audit);
    mpq_init(audit->fpr_bits);
}

void bloom_table_audit_clear(bloom_table_audit *audit)
{
    mpq_clear(audit->fpr_bits);
}

static int refuse(bloom_table_audit *audit, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int refuse(bloom_table_audit *audit, const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(audit->problem, sizeof audit->problem, format, arguments);
    va_end(arguments);
    return BLOOM_UNDEFINED;
}

uint32_t bloom_fixed32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t fixed64(const unsigned char *p)
{
    return (uint64_t)bloom_fixed32(p) | (uint64_t)bloom_fixed32(p + 4) << 32;
}

int bloom_varint(uint64_t *value, slice *in, unsigned bits)
{
    *value = 0;
    for (unsigned shift = 0; shift < bits && in->size > 0; shift += 7) {
        unsigned char byte = *in->at++;
        in->size--;
        *value |= (uint64_t)(byte & 0x7f) << shift;
        if ((byte & 0x80) == 0)
            return bits == 64 || *value >> bits == 0;
    }
    return 0;
}

static int read_handle(handle *h, slice *in)
{
    return bloom_varint(&h->offset, in, 64) && bloom_varint(&h->size, in, 64);
}

/* The CRC32C table of the reflected Castagnoli polynomial 0x82f63b78, built once a thread. */
static _Thread_local uint32_t crc_table[256];

static void crc_table_fill(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t crc = i;
        for (int bit = 0; bit < 8; bit++)
            crc = (crc >> 1) ^ (0x82f63b78U & (0U - (crc & 1)));
        crc_table[i] = crc;
    }
}

uint32_t bloom_crc32c(const unsigned char *bytes, size_t size)
{
    if (crc_table[1] == 0)
        crc_table_fill();
    uint32_t crc = 0xffffffffU;
    for (size_t i = 0; i < size; i++)
        crc = crc_table[(crc ^ bytes[i]) & 0xff] ^ (crc >> 8);
    return crc ^ 0xffffffffU;
}

uint32_t bloom_crc32c_masked(uint32_t crc)
{
    return ((crc >> 15) | (crc << 17)) + 0xa282ead8U;
}

/* The checksum of a block's contents and its compression byte, which follows them in the
 * file (RocksDB's ComputeBuiltinChecksumWithLastByte). */
static uint32_t block_checksum(int type, const unsigned char *contents, size_t size)
{
    switch (type) {
    case CHECKSUM_CRC32C:
        return bloom_crc32c_masked(bloom_crc32c(contents, size + 1));
    case CHECKSUM_XXHASH:
        return XXH32(contents, size + 1, 0);
    case CHECKSUM_XXHASH64:
        return (uint32_t)XXH64(contents, size + 1, 0);
    case CHECKSUM_XXH3:
        return (uint32_t)XXH3_64bits(contents, size) ^ (uint32_t)contents[size] * 0x6b9083d9U;
    default:
        return 0;
    }
}

/* The contents of the block at h, its trailer checked. */
static int read_block(slice *contents, const table *t, handle h, const char *name)
{
    size_t size = t->file.size;
    if (h.offset > size || h.size > size - h.offset || size - h.offset - h.size < TRAILER_BYTES)
        return refuse(t->audit, "truncated: the %s block (%llu bytes at %llu) passes the end of the file (%zu bytes)",
                      name, (unsigned long long)h.size, (unsigned long long)h.offset, size);
    const unsigned char *at = t->file.at + h.offset;
    uint32_t stored = bloom_fixed32(at + h.size + 1);
    uint32_t computed = block_checksum(t->checksum, at, (size_t)h.size);
    if (t->checksum != CHECKSUM_NONE && stored != computed)
        return refuse(t->audit, "corrupt: the %s block's checksum is 0x%08x, its bytes give 0x%08x", name,
                      (unsigned)stored, (unsigned)computed);
    if (at[h.size] != 0)
        return refuse(t->audit, "the %s block is compressed (type %u), which this reader does not undo", name,
                      (unsigned)at[h.size]);
    *contents = (slice){ at, (size_t)h.size };
    return BLOOM_OK;
}

/* Calls visit on each entry of a block (key rebuilt from its shared prefix), in order; stops
 * at its first nonzero return. */
typedef int (*entry_visit)(void *context, slice key, slice value);

static int block_entries(const slice *block, entry_visit visit, void *context, bloom_table_audit *audit,
                         const char *name)
{
    if (block->size < 4)
        return refuse(audit, "corrupt: the %s block has %zu bytes, no restart count", name, block->size);
    uint64_t restarts = bloom_fixed32(block->at + block->size - 4) & 0x7fffffffU;
    if (restarts > (block->size - 4) / 4)
        return refuse(audit, "corrupt: the %s block counts %llu restarts in %zu bytes", name,
                      (unsigned long long)restarts, block->size);
    slice in = { block->at, block->size - 4 - 4 * (size_t)restarts };
    unsigned char key[KEY_ROOM];
    size_t key_size = 0;
    while (in.size > 0) {
        uint64_t shared, unshared, value_size;
        if (!bloom_varint(&shared, &in, 32) || !bloom_varint(&unshared, &in, 32) || !bloom_varint(&value_size, &in, 32)
            || shared > key_size || unshared > in.size || value_size > in.size - unshared
            || shared + unshared > KEY_ROOM)
            return refuse(audit, "corrupt: an entry of the %s block does not decode", name);
        memcpy(key + shared, in.at, (size_t)unshared);
        key_size = (size_t)(shared + unshared);
        slice value = { in.at + unshared, (size_t)value_size };
        in.at += unshared + value_size;
        in.size -= (size_t)(unshared + value_size);
        int stop = visit(context, (slice){ key, key_size }, value);
        if (stop)
            return stop;
    }
    return BLOOM_OK;
}

static int key_is(slice key, const char *text)
{
    return key.size == strlen(text) && memcmp(key.at, text, key.size) == 0;
}

static int key_starts(slice key, const char *prefix)
{
    return key.size >= strlen(prefix) && memcmp(key.at, prefix, strlen(prefix)) == 0;
}

static void copy_text(char *to, size_t room, const unsigned char *from, size_t size)
{
    size_t n = size < room - 1 ? size : room - 1;
    memcpy(to, from, n);
    to[n] = '\0';
}

/* What the meta-index points to. */
typedef struct meta_handles {
    handle properties, filter;
    int has_properties, has_filter, full, partitioned;
    char filter_name[64];
} meta_handles;

static int visit_meta(void *context, slice key, slice value)
{
    meta_handles *found = context;
    static const char *const kinds[] = { "fullfilter.", "filter.", "partitionedfilter." };
    if (key_is(key, "rocksdb.properties"))
        found->has_properties = read_handle(&found->properties, &value);
    for (int i = 0; i < 3; i++)
        if (key_starts(key, kinds[i])) {
            found->has_filter = read_handle(&found->filter, &value);
            found->full = i == 0;
            found->partitioned = i == 2;
            size_t skip = strlen(kinds[i]);
            copy_text(found->filter_name, sizeof found->filter_name, key.at + skip, key.size - skip);
        }
    return 0;
}

static int visit_property(void *context, slice key, slice value)
{
    bloom_table_audit *audit = context;
    if (key_is(key, "rocksdb.num.entries"))
        audit->has_entries = bloom_varint(&audit->entries, &value, 64);
    else if (key_is(key, "rocksdb.filter.policy"))
        copy_text(audit->policy, sizeof audit->policy, value.at, value.size);
    return 0;
}

/* Set bits of each 512-bit line counted into a histogram: how many lines have c bits set. */
static void line_histogram(uint64_t histogram[LINE_BITS + 1], const unsigned char *bits, uint64_t lines)
{
    memset(histogram, 0, (LINE_BITS + 1) * sizeof histogram[0]);
    for (uint64_t line = 0; line < lines; line++) {
        unsigned set = 0;
        for (unsigned i = 0; i < LINE_BYTES; i++)
            set += (unsigned)__builtin_popcount(bits[line * LINE_BYTES + i]);
        histogram[set]++;
    }
}

/* The rate of a cache-local Bloom filter: (1/L) sum_lines (c / 512)^k, exactly. */
static void lines_rate(bloom_table_audit *audit, const unsigned char *bits, uint64_t lines)
{
    uint64_t histogram[LINE_BITS + 1];
    line_histogram(histogram, bits, lines);
    mpz_t sum, term;
    mpz_inits(sum, term, NULL);
    audit->set_bits = 0;
    for (unsigned long c = 0; c <= LINE_BITS; c++) {
        audit->set_bits += c * histogram[c];
        mpz_ui_pow_ui(term, c, audit->k);
        mpz_mul_ui(term, term, (unsigned long)histogram[c]);
        mpz_add(sum, sum, term);
    }
    mpz_set_ui(term, (unsigned long)lines);
    mpz_mul_2exp(term, term, 9 * audit->k);
    mpq_set_num(audit->fpr_bits, sum);
    mpq_set_den(audit->fpr_bits, term);
    mpq_canonicalize(audit->fpr_bits);
    mpz_clears(sum, term, NULL);
    audit->filter_bits = lines * LINE_BITS;
}

/* A 512-bit line as 8 words, bit p of the line (byte p/8, bit p%8, as RocksDB sets it) at bit
 * p%64 of word p/64. */
typedef struct line_words { uint64_t w[LINE_BITS / 64]; } line_words;

static line_words line_of(const unsigned char *bytes)
{
    line_words line;
    for (unsigned j = 0; j < LINE_BITS / 64; j++) {
        line.w[j] = 0;
        for (unsigned b = 0; b < 8; b++)
            line.w[j] |= (uint64_t)bytes[8 * j + b] << (8 * b);
    }
    return line;
}

/* The line seen from s on: bit a of the result is bit (a + s) mod 512 of `in`. */
static line_words line_from(const line_words *in, unsigned long s)
{
    line_words out;
    unsigned q = (unsigned)(s / 64) % (LINE_BITS / 64), r = (unsigned)(s % 64);
    for (unsigned j = 0; j < LINE_BITS / 64; j++) {
        uint64_t low = in->w[(j + q) % (LINE_BITS / 64)], high = in->w[(j + q + 1) % (LINE_BITS / 64)];
        out.w[j] = r == 0 ? low : low >> r | high << (64 - r);
    }
    return out;
}

/*
 * The legacy Bloom filter's probes in a line are a progression: bits (a + i b) mod 512, i < k,
 * a = h mod 512, b = rot17(h) mod 512 (bits 17..25 of h), with the line h mod L (L odd).  For
 * a uniform 32-bit h, (a, b) is uniform on 512^2 and, for the line counts files hold, as good as
 * independent of the line (FORMULAS.md §u).  So the rate of the bits is
 *   (1/L) sum_lines 512^-2 sum_b #{a : every (a + i b) mod 512 set},
 * and for one b that count is the population of the AND of the line seen from i b, i < k: the
 * 512 views of a line are turned once and shared by every step.
 */
static void legacy_lines_rate(bloom_table_audit *audit, const unsigned char *bits, uint64_t lines)
{
    mpz_t sum;
    mpz_init(sum);
    line_words *turned = malloc(LINE_BITS * sizeof *turned);    /* the line seen from each s */
    if (turned == NULL)
        abort();
    for (uint64_t l = 0; l < lines; l++) {
        line_words line = line_of(bits + l * LINE_BYTES);
        for (unsigned long t = 0; t < LINE_BITS; t++)
            turned[t] = line_from(&line, t);
        uint64_t met = 0;
        for (unsigned long b = 0; b < LINE_BITS; b++) {
            line_words all = line;
            for (unsigned long i = 1; i < audit->k; i++)
                for (unsigned j = 0; j < LINE_BITS / 64; j++)
                    all.w[j] &= turned[(i * b) % LINE_BITS].w[j];
            for (unsigned j = 0; j < LINE_BITS / 64; j++)
                met += (uint64_t)__builtin_popcountll(all.w[j]);
        }
        mpz_add_ui(sum, sum, (unsigned long)met);
    }
    free(turned);
    mpq_set_num(audit->fpr_bits, sum);
    mpz_set_ui(sum, (unsigned long)lines);
    mpz_mul_ui(sum, sum, LINE_BITS * LINE_BITS);
    mpq_set_den(audit->fpr_bits, sum);
    mpq_canonicalize(audit->fpr_bits);
    mpz_clear(sum);
}

static uint64_t popcount(const unsigned char *bytes, size_t size)
{
    uint64_t set = 0;
    for (size_t i = 0; i < size; i++)
        set += (uint64_t)__builtin_popcount(bytes[i]);
    return set;
}

static int ribbon_rate(bloom_table_audit *audit, const slice *filter, size_t size)
{
    const unsigned char *meta = filter->at + size;
    audit->ribbon_blocks = (uint64_t)meta[2] | (uint64_t)meta[3] << 8 | (uint64_t)meta[4] << 16;
    audit->filter = BLOOM_TABLE_RIBBON;
    audit->filter_bits = (uint64_t)size * 8;
    audit->set_bits = popcount(filter->at, size);
    bloom_ribbon_sizing sizing;
    bloom_ribbon_sizing_init(&sizing);
    mpz_set_ui(sizing.bytes, (unsigned long)audit->filter_bits);
    int status = audit->ribbon_blocks < 2 ? BLOOM_UNDEFINED
                 : bloom_ribbon_columns_of_bits(&sizing, (unsigned long)audit->ribbon_blocks * 128, sizing.bytes);
    if (status == BLOOM_OK)
        bloom_ribbon_rate(audit->fpr_bits, &sizing);
    bloom_ribbon_sizing_clear(&sizing);
    if (status != BLOOM_OK)
        return refuse(audit, "a Ribbon of %llu blocks in %zu bytes, which RocksDB does not build",
                      (unsigned long long)audit->ribbon_blocks, size);
    return BLOOM_OK;
}

/* A RocksDB full filter, told apart by its 5 bytes of metadata (GetBuiltinFilterBitsReader). */
static int full_filter(bloom_table_audit *audit, const slice *filter)
{
    if (filter->size <= METADATA_BYTES)
        return refuse(audit, "an empty full filter (%zu bytes)", filter->size);
    size_t size = filter->size - METADATA_BYTES;
    const unsigned char *meta = filter->at + size;
    signed char marker = (signed char)meta[0];
    audit->filters = 1;
    if (marker == -2)
        return ribbon_rate(audit, filter, size);
    if (marker == -1) {
        audit->filter = BLOOM_TABLE_FAST_LOCAL_BLOOM;
        audit->k = meta[2] & 31U;
        if (meta[1] != 0 || meta[2] >> 5 != 0 || audit->k == 0 || size % LINE_BYTES != 0)
            return refuse(audit, "a FastLocalBloom filter of %zu bytes with metadata %02x %02x", size,
                          (unsigned)meta[1], (unsigned)meta[2]);
    } else if (marker >= 1) {
        audit->filter = BLOOM_TABLE_LEGACY_BLOOM;
        audit->k = (unsigned long)marker;
        if ((uint64_t)bloom_fixed32(meta + 1) * LINE_BYTES != size)
            return refuse(audit, "a legacy Bloom filter of %zu bytes in %lu lines, not of 64 bytes", size,
                          (unsigned long)bloom_fixed32(meta + 1));
    } else {
        return refuse(audit, "a full filter whose metadata marker is %d, which no reader here knows", marker);
    }
    if (audit->filter == BLOOM_TABLE_LEGACY_BLOOM) {
        audit->filter_bits = (uint64_t)size * 8;
        audit->set_bits = popcount(filter->at, size);
        legacy_lines_rate(audit, filter->at, size / LINE_BYTES);
    } else {
        lines_rate(audit, filter->at, size / LINE_BYTES);
    }
    return BLOOM_OK;
}

/* LevelDB's filter block: the mean over its non-empty filters of (s/m)^k.  An empty filter
 * answers the 2 KiB where no data block starts, which no lookup consults. */
static int leveldb_filters(bloom_table_audit *audit, const slice *block)
{
    audit->filter = BLOOM_TABLE_LEVELDB_BLOOM;
    if (block->size < 5 || bloom_fixed32(block->at + block->size - 5) > block->size - 5)
        return refuse(audit, "corrupt: a LevelDB filter block of %zu bytes without its offsets", block->size);
    size_t array = bloom_fixed32(block->at + block->size - 5);
    size_t count = (block->size - 5 - array) / 4;
    mpq_t term;
    mpq_init(term);
    mpq_set_ui(audit->fpr_bits, 0, 1);
    int status = BLOOM_OK;
    for (size_t i = 0; i < count && status == BLOOM_OK; i++) {
        size_t start = bloom_fixed32(block->at + array + 4 * i);
        size_t limit = i + 1 < count ? bloom_fixed32(block->at + array + 4 * i + 4) : array;
        if (start > limit || limit > array) {
            status = refuse(audit, "corrupt: LevelDB filter %zu spans %zu to %zu", i, start, limit);
        } else if (limit - start >= 2) {
            const unsigned char *bits = block->at + start;
            size_t bytes = limit - start - 1;
            unsigned long k = bits[bytes];
            if (k < 1 || k > 30)
                status = refuse(audit, "LevelDB filter %zu has k = %lu, which LevelDB reads as always present", i, k);
            uint64_t set = popcount(bits, bytes);
            mpz_ui_pow_ui(mpq_numref(term), (unsigned long)set, k);
            mpz_ui_pow_ui(mpq_denref(term), (unsigned long)bytes * 8, k);
            mpq_canonicalize(term);
            mpq_add(audit->fpr_bits, audit->fpr_bits, term);
            audit->set_bits += set;
            audit->filter_bits += bytes * 8;
            audit->filters++;
            audit->k = k;
        }
    }
    if (status == BLOOM_OK && audit->filters == 0)
        status = refuse(audit, "a LevelDB filter block with no filter");
    if (status == BLOOM_OK) {
        mpz_mul_ui(mpq_denref(audit->fpr_bits), mpq_denref(audit->fpr_bits), (unsigned long)audit->filters);
        mpq_canonicalize(audit->fpr_bits);
    }
    mpq_clear(term);
    return status;
}

/* The footer: the checksum type, the format version and the meta-index handle. */
static int read_footer(table *t, handle *metaindex, handle *index)
{
    bloom_table_audit *audit = t->audit;
    size_t size = t->file.size;
    if (size < LEGACY_FOOTER_BYTES)
        return refuse(audit, "truncated or not a table: %zu bytes, fewer than a footer", size);
    uint64_t magic = fixed64(t->file.at + size - 8);
    slice handles;
    if (magic == ROCKSDB_MAGIC && size >= ROCKSDB_FOOTER_BYTES) {
        const unsigned char *footer = t->file.at + size - ROCKSDB_FOOTER_BYTES;
        t->checksum = footer[0];
        audit->format_version = bloom_fixed32(t->file.at + size - 12);
        if (t->checksum > CHECKSUM_XXH3 || audit->format_version > 5)
            return refuse(audit, "a RocksDB table of format_version %lu, checksum type %d, not read here",
                          audit->format_version, t->checksum);
        handles = (slice){ footer + 1, 40 };
    } else if (magic == LEGACY_MAGIC) {
        t->checksum = CHECKSUM_CRC32C;
        handles = (slice){ t->file.at + size - LEGACY_FOOTER_BYTES, 40 };
    } else {
        return refuse(audit, "not a RocksDB block-based or LevelDB table (magic number %016llx)",
                      (unsigned long long)magic);
    }
    if (!read_handle(metaindex, &handles) || !read_handle(index, &handles))
        return refuse(audit, "corrupt: the footer's block handles do not decode");
    return BLOOM_OK;
}

/* Counts the entries of every data block the index block names (LevelDB records none). */
typedef struct counting {
    const table *t;
    int status;
} counting;

static int count_entry(void *context, slice key, slice value)
{
    (void)key, (void)value;
    ((table *)context)->audit->entries++;
    return 0;
}

static int count_block(void *context, slice key, slice value)
{
    (void)key;
    counting *c = context;
    handle h;
    slice block;
    if (!read_handle(&h, &value))
        c->status = refuse(c->t->audit, "corrupt: an index entry does not decode");
    else
        c->status = read_block(&block, c->t, h, "data");
    if (c->status == BLOOM_OK)
        c->status = block_entries(&block, count_entry, (void *)c->t, c->t->audit, "data");
    return c->status;
}

static int count_entries(const table *t, handle index)
{
    slice block;
    int status = read_block(&block, t, index, "index");
    counting c = { t, BLOOM_OK };
    if (status == BLOOM_OK)
        status = block_entries(&block, count_block, &c, t->audit, "index");
    t->audit->has_entries = status == BLOOM_OK;
    return status;
}

/* One partition of a partitioned filter: a full filter of its own, read into a scratch audit
 * and added to the file's: its bits, set bits, and rate into the sum of rates. */
typedef struct partitions_read {
    table *t;
    handle previous;       /* the last partition's handle, which a delta-encoded one follows */
    int status;
    mpq_t rates;           /* the partitions' rates summed */
} partitions_read;

static int add_partition(partitions_read *read, handle h)
{
    bloom_table_audit *audit = read->t->audit, part;
    slice filter;
    read->status = read_block(&filter, read->t, h, "filter partition");
    if (read->status != BLOOM_OK)
        return read->status;
    bloom_table_audit_init(&part);
    read->status = full_filter(&part, &filter);
    if (read->status == BLOOM_OK && audit->filters > 0 && (part.filter != audit->filter || part.k != audit->k))
        read->status = refuse(&part, "a partition of another format or k than the file's first");
    if (read->status != BLOOM_OK)
        memcpy(audit->problem, part.problem, sizeof audit->problem);
    audit->filter = part.filter;
    audit->k = part.k;
    audit->filters++;
    audit->filter_bits += part.filter_bits;
    audit->set_bits += part.set_bits;
    audit->ribbon_blocks += part.ribbon_blocks;
    audit->filter_bytes += filter.size;
    mpq_add(read->rates, read->rates, part.fpr_bits);
    bloom_table_audit_clear(&part);
    read->previous = h;
    return read->status;
}

/* An entry of the top-level index as block_entries gives it (format_version <= 3): a handle. */
static int visit_partition(void *context, slice key, slice value)
{
    (void)key;
    partitions_read *read = context;
    handle h;
    if (!read_handle(&h, &value))
        return read->status = refuse(read->t->audit, "corrupt: a partition's handle does not decode");
    return add_partition(read, h);
}

/* The top-level index from format_version 4 (BlockBuilder with value delta encoding): shared and
 * unshared key lengths, the key's bytes, then where the key shares no prefix (a restart point)
 * the handle, else its size's change (zigzag varint), the offset following the previous
 * partition and its trailer. */
static int delta_partitions(partitions_read *read, const slice *block)
{
    bloom_table_audit *audit = read->t->audit;
    if (block->size < 4 || (bloom_fixed32(block->at + block->size - 4) & 0x7fffffffU) > (block->size - 4) / 4)
        return refuse(audit, "corrupt: the partitions' index block has no restart array");
    uint64_t restarts = bloom_fixed32(block->at + block->size - 4) & 0x7fffffffU;
    slice in = { block->at, block->size - 4 - 4 * (size_t)restarts };
    while (in.size > 0 && read->status == BLOOM_OK) {
        uint64_t shared, unshared, delta;
        handle h;
        if (!bloom_varint(&shared, &in, 32) || !bloom_varint(&unshared, &in, 32) || unshared > in.size)
            return refuse(audit, "corrupt: an entry of the partitions' index does not decode");
        in.at += unshared;
        in.size -= (size_t)unshared;
        if (shared == 0 && !read_handle(&h, &in))
            return refuse(audit, "corrupt: a partition's handle does not decode");
        if (shared != 0 && (audit->filters == 0 || !bloom_varint(&delta, &in, 64)))
            return refuse(audit, "corrupt: a partition's delta-encoded handle does not decode");
        if (shared != 0)
            h = (handle){ read->previous.offset + read->previous.size + TRAILER_BYTES,
                          read->previous.size + (uint64_t)((int64_t)(delta >> 1) ^ -(int64_t)(delta & 1)) };
        add_partition(read, h);
    }
    return read->status;
}

/* A partitioned filter: every partition its index names, each a full filter; the rate is
 * their mean, each partition weighted alike (the file records no partition's keys), and the
 * bytes those of the partitions and the index, as RocksDB counts rocksdb.filter.size. */
static int partitioned_filter(table *t, const meta_handles *found)
{
    bloom_table_audit *audit = t->audit;
    slice index;
    int status = read_block(&index, t, found->filter, "partitions' index");
    if (status != BLOOM_OK)
        return status;
    partitions_read read;
    read.t = t;
    read.previous = (handle){ 0, 0 };
    read.status = BLOOM_OK;
    mpq_init(read.rates);
    audit->partitioned = 1;
    audit->filter_bytes = index.size;
    if (audit->format_version >= 4)
        status = delta_partitions(&read, &index);
    else
        status = block_entries(&index, visit_partition, &read, audit, "partitions' index");
    if (status == BLOOM_OK && audit->filters == 0)
        status = refuse(audit, "a partitioned filter whose index names no partition");
    if (status == BLOOM_OK) {
        mpz_mul_ui(mpq_denref(read.rates), mpq_denref(read.rates), (unsigned long)audit->filters);
        mpq_canonicalize(read.rates);
        mpq_set(audit->fpr_bits, read.rates);
    }
    mpq_clear(read.rates);
    return status;
}

static int read_filter(table *t, const meta_handles *found)
{
    bloom_table_audit *audit = t->audit;
    slice filter;
    if (found->partitioned)
        return partitioned_filter(t, found);
    int status = read_block(&filter, t, found->filter, "filter");
    if (status != BLOOM_OK)
        return status;
    audit->filter_bytes = filter.size;
    if (found->full)
        return full_filter(audit, &filter);
    if (!audit->leveldb)
        return refuse(audit, "a RocksDB block-based filter (filter.%s), which RocksDB no longer builds",
                      found->filter_name);
    return leveldb_filters(audit, &filter);
}

int bloom_table_audit_read(bloom_table_audit *audit, const unsigned char *bytes, size_t size)
{
    table t = { { bytes, size }, CHECKSUM_NONE, audit };
    handle metaindex, index;
    slice block;
    meta_handles found;
    memset(&found, 0, sizeof found);
    mpq_set_ui(audit->fpr_bits, 1, 1);
    int status = read_footer(&t, &metaindex, &index);
    if (status == BLOOM_OK)
        status = read_block(&block, &t, metaindex, "meta-index");
    if (status == BLOOM_OK)
        status = block_entries(&block, visit_meta, &found, audit, "meta-index");
    if (status == BLOOM_OK && found.has_properties) {
        status = read_block(&block, &t, found.properties, "properties");
        if (status == BLOOM_OK)
            status = block_entries(&block, visit_property, audit, audit, "properties");
    }
    audit->leveldb = status == BLOOM_OK && !found.has_properties;
    if (status == BLOOM_OK && audit->leveldb)
        status = count_entries(&t, index);
    if (status == BLOOM_OK && audit->leveldb && found.has_filter)
        copy_text(audit->policy, sizeof audit->policy, (const unsigned char *)found.filter_name,
                  strlen(found.filter_name));
    if (status == BLOOM_OK && found.has_filter)
        status = read_filter(&t, &found);
    return status;
}

const char *bloom_table_library(const bloom_table_audit *audit)
{
    switch (audit->filter) {
    case BLOOM_TABLE_FAST_LOCAL_BLOOM:
        return "rocksdb";
    case BLOOM_TABLE_LEGACY_BLOOM:
        return "rocksdb@legacy";
    case BLOOM_TABLE_RIBBON:
        return "rocksdb-ribbon";
    case BLOOM_TABLE_LEVELDB_BLOOM:
        return "leveldb";
    default:
        return NULL;
    }
}

static int library_index(const char *name)
{
    for (int i = 1; bloom_library_names[i] != NULL; i++)
        if (strcmp(bloom_library_names[i], name) == 0)
            return i;
    return 0;
}

int bloom_table_prediction_init(bloom_table_prediction *prediction, const bloom_table_audit *audit)
{
    mpz_init_set_ui(prediction->entries, (unsigned long)audit->entries);
    mpz_init_set_ui(prediction->bits, (unsigned long)audit->filter_bits);
    const char *library = bloom_table_library(audit);
    bloom_layout_description description = BLOOM_LAYOUT_DESCRIPTION_DEFAULTS;
    description.library = library != NULL ? library_index(library) : 0;
    int ribbon = audit->filter == BLOOM_TABLE_RIBBON;
    int problem = bloom_deployed_filter_init(&prediction->filter, &description, prediction->bits,
                                             prediction->entries, audit->k, !ribbon);
    prediction->rate = bloom_fpr_layout_quantity(&prediction->filter.layout);
    if (library == NULL || audit->leveldb || audit->partitioned || !audit->has_entries || audit->entries == 0
        || problem != BLOOM_DESCRIPTION_OK)
        return BLOOM_UNDEFINED;
    return BLOOM_OK;
}

void bloom_table_prediction_clear(bloom_table_prediction *prediction)
{
    bloom_deployed_filter_clear(&prediction->filter);
    mpz_clears(prediction->entries, prediction->bits, NULL);
}

void bloom_table_summary_init(bloom_table_summary *summary)
{
    summary->files = 0;
    summary->entries_known = 1;
    mpz_inits(summary->entries, summary->filter_bytes, NULL);
    mpq_inits(summary->weighted, summary->fpr_mean, summary->fpr_worst, summary->false_reads, NULL);
}

void bloom_table_summary_clear(bloom_table_summary *summary)
{
    mpz_clears(summary->entries, summary->filter_bytes, NULL);
    mpq_clears(summary->weighted, summary->fpr_mean, summary->fpr_worst, summary->false_reads, NULL);
}

void bloom_table_summary_add(bloom_table_summary *summary, const bloom_table_audit *audit)
{
    mpq_t term;
    mpq_init(term);
    summary->files++;
    summary->entries_known = summary->entries_known && audit->has_entries;
    mpz_add_ui(summary->entries, summary->entries, (unsigned long)audit->entries);
    mpz_add_ui(summary->filter_bytes, summary->filter_bytes, (unsigned long)audit->filter_bytes);
    mpq_set_ui(term, (unsigned long)audit->entries, 1);
    mpq_mul(term, term, audit->fpr_bits);
    mpq_add(summary->weighted, summary->weighted, term);
    if (mpq_cmp(audit->fpr_bits, summary->fpr_worst) > 0)
        mpq_set(summary->fpr_worst, audit->fpr_bits);
    mpq_add(summary->false_reads, summary->false_reads, audit->fpr_bits);
    mpq_clear(term);
}

int bloom_table_summary_finish(bloom_table_summary *summary, int level)
{
    int leveled = level >= 1;
    summary->false_reads_known = !leveled;
    if (!summary->entries_known || mpz_sgn(summary->entries) == 0)
        return BLOOM_UNDEFINED;
    mpq_set_z(summary->fpr_mean, summary->entries);
    mpq_div(summary->fpr_mean, summary->weighted, summary->fpr_mean);
    if (leveled)
        mpq_set(summary->false_reads, summary->fpr_mean);
    summary->false_reads_known = 1;
    return BLOOM_OK;
}

/* The files on `level` (-1: those of no known level), summed into *summary and finished. */
static int level_summary(bloom_table_summary *summary, const bloom_table_audit *const *audits, const int *levels,
                         size_t count, int level)
{
    for (size_t i = 0; i < count; i++)
        if (levels[i] == level)
            bloom_table_summary_add(summary, audits[i]);
    bloom_table_summary_finish(summary, level);
    return summary->false_reads_known ? BLOOM_OK : BLOOM_UNDEFINED;
}

int bloom_table_tree_false_reads(mpq_ptr rop, const bloom_table_audit *const *audits, const int *levels,
                                 const uint64_t *covered, const uint64_t *range, size_t count)
{
    int status = BLOOM_OK;
    int *rest = malloc((count ? count : 1) * sizeof *rest);    /* the files without a share */
    if (rest == NULL)
        abort();
    mpq_t share;
    mpq_init(share);
    mpq_set_ui(rop, 0, 1);
    for (size_t i = 0; i < count; i++) {
        int known = range != NULL && range[i] != 0 && levels[i] >= 0;
        rest[i] = known ? -2 : levels[i];        /* -2: no level the loop below takes */
        if (known) {
            mpq_set_ui(share, (unsigned long)covered[i], (unsigned long)range[i]);
            mpq_canonicalize(share);
            mpq_mul(share, share, audits[i]->fpr_bits);
            mpq_add(rop, rop, share);
        }
    }
    mpq_clear(share);
    levels = rest;
    for (int level = -1; level < BLOOM_TABLE_MAX_LEVELS && status == BLOOM_OK; level++) {
        bloom_table_summary summary;
        bloom_table_summary_init(&summary);
        if (level_summary(&summary, audits, levels, count, level) == BLOOM_OK)
            mpq_add(rop, rop, summary.false_reads);
        else if (summary.files > 0)
            status = BLOOM_UNDEFINED;
        bloom_table_summary_clear(&summary);
    }
    free(rest);
    return status;
}

int bloom_table_bits_per_key(mpq_ptr rop, const bloom_table_audit *audit)
{
    if (audit->filter == BLOOM_TABLE_NO_FILTER || !audit->has_entries || audit->entries == 0)
        return BLOOM_UNDEFINED;
    mpq_set_ui(rop, (unsigned long)audit->filter_bits, (unsigned long)audit->entries);
    mpq_canonicalize(rop);
    return BLOOM_OK;
}

static int compare_rationals(const void *left, const void *right)
{
    return mpq_cmp(*(const mpq_ptr *)left, *(const mpq_ptr *)right);
}

/* The most common filter format among the files with a filter (BLOOM_TABLE_NO_FILTER: none has). */
static bloom_table_filter usual_format(const bloom_table_audit *const *audits, size_t count)
{
    size_t seen[BLOOM_TABLE_LEVELDB_BLOOM + 1] = { 0 };
    bloom_table_filter usual = BLOOM_TABLE_NO_FILTER;
    for (size_t i = 0; i < count; i++)
        if (audits[i]->filter != BLOOM_TABLE_NO_FILTER && ++seen[audits[i]->filter] > seen[usual])
            usual = audits[i]->filter;
    return usual;
}

/* The median (the lower middle one) of the files' bits per key, into rop; 0 when none has any. */
static int median_bits_per_key(mpq_ptr rop, mpq_t *values, const bloom_table_audit *const *audits, size_t count)
{
    mpq_ptr *sorted = malloc((count ? count : 1) * sizeof *sorted);
    if (sorted == NULL)
        abort();
    size_t known = 0;
    for (size_t i = 0; i < count; i++)
        if (bloom_table_bits_per_key(values[i], audits[i]) == BLOOM_OK)
            sorted[known++] = values[i];
    qsort(sorted, known, sizeof *sorted, compare_rationals);
    if (known > 0)
        mpq_set(rop, sorted[(known - 1) / 2]);
    free(sorted);
    return known > 0;
}

/* Nonzero when value is below 2/3 or above 3/2 of the median. */
static int bits_apart(mpq_srcptr value, mpq_srcptr median)
{
    mpq_t bound;
    mpq_init(bound);
    mpq_set_ui(bound, 2, 3);
    mpq_mul(bound, bound, median);
    int apart = mpq_cmp(value, bound) < 0;
    mpq_set_ui(bound, 3, 2);
    mpq_mul(bound, bound, median);
    apart = apart || mpq_cmp(value, bound) > 0;
    mpq_clear(bound);
    return apart;
}

void bloom_table_apart_of(bloom_table_apart *apart, const bloom_table_audit *const *audits, size_t count)
{
    bloom_table_filter usual = usual_format(audits, count);
    mpq_t *values = malloc((count ? count : 1) * sizeof *values);
    if (values == NULL)
        abort();
    mpq_t median;
    mpq_init(median);
    for (size_t i = 0; i < count; i++)
        mpq_init(values[i]);
    int has_median = median_bits_per_key(median, values, audits, count);
    for (size_t i = 0; i < count; i++) {
        bloom_table_filter filter = audits[i]->filter;
        apart[i] = filter == BLOOM_TABLE_NO_FILTER ? (usual != BLOOM_TABLE_NO_FILTER ? BLOOM_TABLE_APART_NO_FILTER
                                                                                     : BLOOM_TABLE_ALIKE)
                   : filter != usual ? BLOOM_TABLE_APART_FORMAT
                   : has_median && bloom_table_bits_per_key(values[i], audits[i]) == BLOOM_OK
                           && bits_apart(values[i], median) ? BLOOM_TABLE_APART_BITS
                   : BLOOM_TABLE_ALIKE;
    }
    for (size_t i = 0; i < count; i++)
        mpq_clear(values[i]);
    mpq_clear(median);
    free(values);
}
