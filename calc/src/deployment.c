/*
 * deployment.c - the split of n keys into the filters an engine builds and
 * the deployment's rate weighted by the absent lookups each filter answers
 * (deployment.h; calc/FORMULAS.md §e.6), LevelDB's filter blocks, whose
 * unit is 2 KiB of table (§r.1), and the false reads of a lookup in a
 * levelled tree of its files: every L0 file's filter and one filter per
 * deeper level, weighted by its coverage (calc/FORMULAS.md §n).
 */
#include "deployment.h"
#include "library_rules.h"

void bloom_deployment_init(bloom_deployment *deployment)
{
    mpz_inits(deployment->filters, deployment->keys_per_filter, deployment->last_keys,
              deployment->empty_filters, deployment->tables, deployment->index_bytes, (mpz_ptr)0);
}

void bloom_deployment_clear(bloom_deployment *deployment)
{
    mpz_clears(deployment->filters, deployment->keys_per_filter, deployment->last_keys,
               deployment->empty_filters, deployment->tables, deployment->index_bytes, (mpz_ptr)0);
}

int bloom_deployment_has_unit(const bloom_layout_description *description)
{
    return description->keys_per_filter != 0 || description->entry_bytes != 0
        || description->file_bytes != 0 || description->block_bytes != 0;
}

/* --- LevelDB's filter blocks (deployment.h; FORMULAS.md §r.1) ------------------------- */

#define LEVELDB_RESTART_INTERVAL 16      /* options.block_restart_interval */
#define LEVELDB_BLOCK_TRAILER_BYTES 5    /* kBlockTrailerSize: the block's type and CRC */
#define LEVELDB_OFFSET_BYTES 4           /* a filter's offset in the filter block */
#define LEVELDB_FILTER_TRAILER_BYTES 5   /* the offset array's start and kFilterBaseLg */

static int is_leveldb(const bloom_layout_description *description)
{
    return description->library != 0 && bloom_library_rule(description->library) == BLOOM_RULE_LEVELDB
        && description->entry_bytes != 0;
}

/* rop = the bytes a data block of `entries` entries takes in the table: BlockBuilder's estimate
 * (the entries, 4 bytes a restart point, one every 16 entries, and 4 for their count), which is
 * what Finish writes, and the block's trailer. */
static void leveldb_block_bytes(mpz_ptr rop, unsigned long entries, unsigned long entry_bytes)
{
    unsigned long restarts = (entries + LEVELDB_RESTART_INTERVAL - 1) / LEVELDB_RESTART_INTERVAL;
    mpz_set_ui(rop, entry_bytes);
    mpz_mul_ui(rop, rop, entries);
    mpz_add_ui(rop, rop, 4 * restarts + 4 + LEVELDB_BLOCK_TRAILER_BYTES);
}

/* The entries of a full block: TableBuilder::Add flushes once the estimate reaches block_bytes,
 * so the fewest entries whose estimate does (block_bytes entries always do). */
static unsigned long leveldb_block_entries(unsigned long entry_bytes, unsigned long block_bytes)
{
    mpz_t bytes;
    mpz_init(bytes);
    unsigned long low = 1, high = block_bytes;
    while (low < high) {
        unsigned long middle = low + (high - low) / 2;
        leveldb_block_bytes(bytes, middle, entry_bytes);
        if (mpz_cmp_ui(bytes, block_bytes + LEVELDB_BLOCK_TRAILER_BYTES) >= 0)
            high = middle;
        else
            low = middle + 1;
    }
    mpz_clear(bytes);
    return low;
}

/* rop = the filters of a table of `blocks` blocks of `stride` bytes, the last of `last_bytes`:
 * StartBlock after the last block generates those of the ranges before the one the table ends
 * in, and Finish the last block's own when it starts in that range. */
static void leveldb_table_filters(mpz_ptr rop, mpz_srcptr blocks, mpz_srcptr stride, mpz_srcptr last_bytes)
{
    mpz_t start;
    mpz_init(start);
    mpz_sub_ui(start, blocks, 1);
    mpz_mul(start, start, stride);
    mpz_add(rop, start, last_bytes);
    mpz_fdiv_q_ui(rop, rop, BLOOM_LEVELDB_FILTER_RANGE_BYTES);
    mpz_fdiv_q_ui(start, start, BLOOM_LEVELDB_FILTER_RANGE_BYTES);
    mpz_add_ui(start, start, 1);
    if (mpz_cmp(start, rop) > 0)
        mpz_set(rop, start);
    mpz_clear(start);
}

/* The tables, empty filters and index bytes of the blocks rop->filters (one filter each, the
 * last of rop->last_keys entries), in tables of file_bytes. */
static void leveldb_filter_blocks(bloom_deployment *rop, const bloom_layout_description *description)
{
    unsigned long entry = description->entry_bytes, entries = mpz_get_ui(rop->keys_per_filter);
    mpz_t stride, last, per_table, last_blocks, filters;
    mpz_inits(stride, last, per_table, last_blocks, filters, (mpz_ptr)0);
    leveldb_block_bytes(stride, entries, entry);
    leveldb_block_bytes(last, mpz_get_ui(rop->last_keys), entry);
    mpz_set_ui(per_table, description->file_bytes != 0 ? description->file_bytes
                                                       : BLOOM_LEVELDB_DEFAULT_FILE_BYTES);
    mpz_cdiv_q(per_table, per_table, stride);             /* blocks until the table reaches its size */
    mpz_cdiv_q(rop->tables, rop->filters, per_table);
    mpz_sub_ui(last_blocks, rop->tables, 1);
    mpz_mul(last_blocks, last_blocks, per_table);
    mpz_sub(last_blocks, rop->filters, last_blocks);
    leveldb_table_filters(filters, per_table, stride, stride);
    mpz_sub_ui(rop->empty_filters, rop->tables, 1);
    mpz_mul(rop->empty_filters, rop->empty_filters, filters);
    leveldb_table_filters(filters, last_blocks, stride, last);
    mpz_add(rop->empty_filters, rop->empty_filters, filters);   /* every filter, for now */
    mpz_mul_ui(rop->index_bytes, rop->empty_filters, LEVELDB_OFFSET_BYTES);
    mpz_addmul_ui(rop->index_bytes, rop->tables, LEVELDB_FILTER_TRAILER_BYTES);
    mpz_sub(rop->empty_filters, rop->empty_filters, rop->filters);
    mpz_clears(stride, last, per_table, last_blocks, filters, (mpz_ptr)0);
}

/* The keys of each filter (0 when the unit holds none), or BLOOM_UNDEFINED. */
static int unit_keys(mpz_ptr rop, const bloom_layout_description *description, mpz_srcptr n)
{
    if (description->keys_per_filter != 0) {
        mpz_set_ui(rop, description->keys_per_filter);
    } else if (is_leveldb(description)) {
        unsigned long block = description->block_bytes != 0 ? description->block_bytes
                                                            : BLOOM_LEVELDB_DEFAULT_BLOCK_BYTES;
        if (block < BLOOM_LEVELDB_FILTER_RANGE_BYTES)
            return BLOOM_UNDEFINED;     /* several blocks a range: filters of unequal keys */
        mpz_set_ui(rop, leveldb_block_entries(description->entry_bytes, block));
    } else if (description->file_bytes != 0 && description->entry_bytes == 0) {
        return BLOOM_UNDEFINED;     /* a file of unknown entries */
    } else if (description->entry_bytes != 0) {
        unsigned long file = description->file_bytes != 0 ? description->file_bytes
                                                           : BLOOM_ROCKSDB_DEFAULT_FILE_BYTES;
        mpz_set_ui(rop, file / description->entry_bytes);
    } else {
        mpz_set(rop, n);
    }
    return BLOOM_OK;
}

int bloom_deployment_split(bloom_deployment *rop, const bloom_layout_description *description, mpz_srcptr n)
{
    if (mpz_sgn(n) <= 0 || unit_keys(rop->keys_per_filter, description, n) != BLOOM_OK
        || mpz_sgn(rop->keys_per_filter) == 0)
        return BLOOM_UNDEFINED;
    if (mpz_cmp(rop->keys_per_filter, n) > 0)
        mpz_set(rop->keys_per_filter, n);     /* one filter, of the n keys */
    mpz_cdiv_q(rop->filters, n, rop->keys_per_filter);
    mpz_sub_ui(rop->last_keys, rop->filters, 1);
    mpz_mul(rop->last_keys, rop->last_keys, rop->keys_per_filter);
    mpz_sub(rop->last_keys, n, rop->last_keys);
    mpz_set_ui(rop->empty_filters, 0);
    mpz_set_ui(rop->tables, 0);
    mpz_set_ui(rop->index_bytes, 0);
    if (is_leveldb(description) && description->keys_per_filter == 0)
        leveldb_filter_blocks(rop, description);
    return BLOOM_OK;
}

bloom_quantity bloom_deployment_mean_init(bloom_deployment_mean *mean, const bloom_deployment *deployment,
                                          mpz_srcptr n, const bloom_quantity *full,
                                          const bloom_quantity *last)
{
    mpq_init(mean->last_share);
    mpq_set_num(mean->last_share, deployment->last_keys);
    mpq_set_den(mean->last_share, n);
    mpq_canonicalize(mean->last_share);
    mean->gap = (bloom_quantity_pair){ *full, *last };
    mean->share = (bloom_quantity_scaled){ { bloom_enclose_difference, &mean->gap, bloom_exact_difference },
                                           mean->last_share };
    mean->mean = (bloom_quantity_pair){ *full, { bloom_enclose_scaled, &mean->share, bloom_exact_scaled } };
    return (bloom_quantity){ bloom_enclose_difference, &mean->mean, bloom_exact_difference };
}

void bloom_deployment_mean_clear(bloom_deployment_mean *mean)
{
    mpq_clear(mean->last_share);
}

void bloom_deployment_reads_init(bloom_deployment_reads *reads, unsigned long l0_files, unsigned long levels,
                                 const mpq_t *coverage, int present, const bloom_quantity *l0_rate,
                                 const bloom_quantity *level_rate)
{
    mpq_inits(reads->l0_files, reads->coverage, (mpq_ptr)0);
    mpq_set_ui(reads->l0_files, l0_files, 1);
    unsigned long consulted = present ? levels - 1 : levels;   /* a key's own level reads it anyway */
    if (coverage == NULL)
        mpq_set_ui(reads->coverage, consulted, 1);
    for (unsigned long i = 0; coverage != NULL && i < consulted; i++)
        mpq_add(reads->coverage, reads->coverage, coverage[i]);
    reads->own_read = present ? 1 : 0;
    reads->l0_rate = *l0_rate;
    reads->level_rate = *level_rate;
}

void bloom_deployment_reads_clear(bloom_deployment_reads *reads)
{
    mpq_clears(reads->l0_files, reads->coverage, (mpq_ptr)0);
}

int bloom_enclose_deployment_reads(mpfi_ptr result, const void *arguments)
{
    const bloom_deployment_reads *reads = arguments;
    mpfi_t level;
    mpfi_init2(level, mpfi_get_prec(result));
    int status = reads->l0_rate.enclose(result, reads->l0_rate.arguments);
    if (status == BLOOM_OK)
        status = reads->level_rate.enclose(level, reads->level_rate.arguments);
    if (status == BLOOM_OK) {
        mpfi_mul_q(result, result, reads->l0_files);
        mpfi_mul_q(level, level, reads->coverage);
        mpfi_add(result, result, level);
        mpfi_add_ui(result, result, reads->own_read);
    }
    mpfi_clear(level);
    return status;
}

int bloom_exact_deployment_reads(mpq_ptr result, const void *arguments)
{
    const bloom_deployment_reads *reads = arguments;
    if (reads->l0_rate.exact == NULL || reads->level_rate.exact == NULL)
        return BLOOM_UNDEFINED;
    mpq_t level;
    mpq_init(level);
    int known = reads->l0_rate.exact(result, reads->l0_rate.arguments) == BLOOM_OK
        && reads->level_rate.exact(level, reads->level_rate.arguments) == BLOOM_OK;
    if (known) {
        mpq_mul(result, result, reads->l0_files);
        mpq_mul(level, level, reads->coverage);
        mpq_add(result, result, level);
        mpq_set_ui(level, reads->own_read, 1);
        mpq_add(result, result, level);
    }
    mpq_clear(level);
    return known ? BLOOM_OK : BLOOM_UNDEFINED;
}
