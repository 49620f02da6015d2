/*
 * manifest.c - replays a RocksDB or LevelDB MANIFEST into the live table
 * files and their levels (manifest.h; calc/FORMULAS.md §u).  The formats,
 * as RocksDB 7.8.3 and LevelDB 1.23 write them:
 *
 *   log       32 KiB blocks of records; a record is a 7-byte header
 *             (masked crc32c of the type byte and the payload, fixed32; the
 *             payload's length, 2 bytes little-endian; the type: 1 FULL,
 *             2 FIRST, 3 MIDDLE, 4 LAST) and its payload, never crossing
 *             its block; fewer than 7 bytes left in a block are zeros.  A
 *             payload longer than a block is cut into FIRST, MIDDLE..., LAST.
 *   edit      each whole payload: varint32 tags, each followed by its
 *             fields (varints, length-prefixed strings).  New files: 7
 *             (LevelDB's kNewFile: level, number, size, smallest and
 *             largest keys), 100 (and two sequence numbers), 102 (a path id
 *             after the number), 103 (RocksDB's kNewFile4: then custom
 *             fields, a tag and a string each until tag 1, a tag with bit 6
 *             set not to be ignored unless known).  Deleted files: 6 (level,
 *             number).  The column family of the edit (200) comes after its
 *             files, so an edit's files are applied when it ends.  Tags with
 *             bit 13 set are followed by one string and may be skipped.
 *
 * Replaying: an edit deletes files (by level and number) and adds files; a
 * file moved to another level is deleted from one and added to the other.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manifest.h"
#include "table_bytes.h"
#include "table_file.h"

#define LOG_BLOCK_BYTES 32768U
#define LOG_HEADER_BYTES 7U

enum record_type { RECORD_ZERO, RECORD_FULL, RECORD_FIRST, RECORD_MIDDLE, RECORD_LAST };

enum edit_tag {
    TAG_COMPARATOR = 1, TAG_LOG_NUMBER = 2, TAG_NEXT_FILE = 3, TAG_LAST_SEQUENCE = 4,
    TAG_COMPACT_POINTER = 5, TAG_DELETED_FILE = 6, TAG_NEW_FILE = 7, TAG_PREV_LOG_NUMBER = 9,
    TAG_MIN_LOG_TO_KEEP = 10, TAG_NEW_FILE2 = 100, TAG_NEW_FILE3 = 102, TAG_NEW_FILE4 = 103,
    TAG_COLUMN_FAMILY = 200, TAG_FAMILY_ADD = 201, TAG_FAMILY_DROP = 202, TAG_MAX_FAMILY = 203,
    TAG_ATOMIC_GROUP = 300, TAG_BLOB_ADDITION = 400, TAG_BLOB_GARBAGE = 401,
    TAG_SAFE_TO_IGNORE = 1 << 13
};

#define CUSTOM_TERMINATE 1
#define CUSTOM_NOT_TO_IGNORE 64
#define CUSTOM_PATH_ID 65

/* One file an edit adds or deletes, applied when the edit ends. */
typedef struct change {
    uint64_t number;
    int level;
    int added;
    uint64_t smallest, largest;     /* of an added file (bloom_manifest_file) */
} change;

typedef struct edit {
    change *changes;
    size_t count, capacity;
    uint32_t family;
    int dropped;
} edit;

/* Says why the MANIFEST is refused; -1. */
#define refuse(manifest, ...) (snprintf((manifest)->problem, sizeof (manifest)->problem, __VA_ARGS__), -1)

static void *grow(void *items, size_t *capacity, size_t count, size_t item)
{
    if (count < *capacity)
        return items;
    *capacity = *capacity ? 2 * *capacity : 64;
    items = realloc(items, *capacity * item);
    if (items == NULL)
        abort();
    return items;
}

void bloom_manifest_init(bloom_manifest *manifest)
{
    memset(manifest, 0, sizeof *manifest);
}

void bloom_manifest_clear(bloom_manifest *manifest)
{
    free(manifest->files);
    bloom_manifest_init(manifest);
}

int bloom_manifest_current(bloom_manifest *manifest, char *name, size_t room, const unsigned char *bytes,
                           size_t size)
{
    static const char prefix[] = "MANIFEST-";
    size_t digits = 0;
    while (sizeof prefix - 1 + digits < size && bytes[sizeof prefix - 1 + digits] >= '0'
           && bytes[sizeof prefix - 1 + digits] <= '9')
        digits++;
    size_t length = sizeof prefix - 1 + digits;
    if (size < sizeof prefix || memcmp(bytes, prefix, sizeof prefix - 1) != 0 || digits == 0
        || length + 1 != size || bytes[length] != '\n')
        return refuse(manifest, "CURRENT does not hold a MANIFEST's name and a newline");
    if (length + 1 > room)
        return refuse(manifest, "CURRENT names a MANIFEST of %zu digits", digits);
    memcpy(name, bytes, length);
    name[length] = '\0';
    return 0;
}

/* An internal key's user key (the key less its 8 bytes of sequence and type) as its first 8
 * bytes, big-endian and zero-padded, read past; 0 when cut short. */
static int key_prefix(uint64_t *prefix, bloom_slice *in)
{
    uint64_t length;
    if (!bloom_varint(&length, in, 32) || length > in->size)
        return 0;
    size_t user = length >= 8 ? (size_t)length - 8 : 0;
    *prefix = 0;
    for (size_t i = 0; i < 8; i++)
        *prefix = *prefix << 8 | (i < user ? in->at[i] : 0);
    in->at += length;
    in->size -= (size_t)length;
    return 1;
}

static int skip_text(bloom_slice *in)
{
    uint64_t length;
    if (!bloom_varint(&length, in, 32) || length > in->size)
        return 0;
    in->at += length;
    in->size -= (size_t)length;
    return 1;
}

/* Reads `count` varints of `bits` bits each, keeping none. */
static int skip_varints(bloom_slice *in, int count, unsigned bits)
{
    uint64_t ignored;
    for (int i = 0; i < count; i++)
        if (!bloom_varint(&ignored, in, bits))
            return 0;
    return 1;
}

/* kNewFile4's custom fields, up to their terminating tag. */
static int skip_custom_fields(bloom_manifest *manifest, bloom_slice *in)
{
    for (;;) {
        uint64_t tag;
        if (!bloom_varint(&tag, in, 32))
            return refuse(manifest, "an edit's new file ends inside its custom fields");
        if (tag == CUSTOM_TERMINATE)
            return 0;
        if ((tag & CUSTOM_NOT_TO_IGNORE) && tag != CUSTOM_PATH_ID)
            return refuse(manifest, "a new file's custom field %lu, which RocksDB forbids to ignore "
                          "and this reader does not know", (unsigned long)tag);
        if (!skip_text(in))
            return refuse(manifest, "an edit's new file ends inside its custom field %lu", (unsigned long)tag);
    }
}

static int add_change(bloom_manifest *manifest, edit *e, uint64_t level, uint64_t number, int added,
                      const uint64_t range[2])
{
    if (level >= BLOOM_TABLE_MAX_LEVELS)
        return refuse(manifest, "an edit names level %lu", (unsigned long)level);
    e->changes = grow(e->changes, &e->capacity, e->count, sizeof *e->changes);
    e->changes[e->count++] = (change){ number, (int)level, added, range[0], range[1] };
    return 0;
}

/* A new file of tag 7, 100, 102 or 103: level, number, then what the tag adds. */
static int new_file(bloom_manifest *manifest, edit *e, bloom_slice *in, uint64_t tag)
{
    uint64_t level, number, range[2];
    int read = bloom_varint(&level, in, 32) && bloom_varint(&number, in, 64)
               && (tag != TAG_NEW_FILE3 || skip_varints(in, 1, 32)) && skip_varints(in, 1, 64)
               && key_prefix(&range[0], in) && key_prefix(&range[1], in)
               && (tag == TAG_NEW_FILE || skip_varints(in, 2, 64));
    if (!read)
        return refuse(manifest, "an edit's new file (tag %lu) is cut short", (unsigned long)tag);
    if (tag == TAG_NEW_FILE4 && skip_custom_fields(manifest, in) != 0)
        return -1;
    return add_change(manifest, e, level, number, 1, range);
}

static int deleted_file(bloom_manifest *manifest, edit *e, bloom_slice *in)
{
    uint64_t level, number;
    if (!bloom_varint(&level, in, 32) || !bloom_varint(&number, in, 64))
        return refuse(manifest, "an edit's deleted file is cut short");
    static const uint64_t none[2] = { 0, 0 };
    return add_change(manifest, e, level, number, 0, none);
}

/* The fields of a tag that adds or deletes no file: read past them. */
static int other_tag(bloom_manifest *manifest, edit *e, bloom_slice *in, uint64_t tag)
{
    uint64_t value = 0;
    int read;
    switch (tag) {
    case TAG_COMPARATOR: case TAG_FAMILY_ADD: read = skip_text(in); break;
    case TAG_LOG_NUMBER: case TAG_NEXT_FILE: case TAG_LAST_SEQUENCE: case TAG_PREV_LOG_NUMBER:
    case TAG_MIN_LOG_TO_KEEP: read = skip_varints(in, 1, 64); break;
    case TAG_COMPACT_POINTER: read = skip_varints(in, 1, 32) && skip_text(in); break;
    case TAG_MAX_FAMILY: case TAG_ATOMIC_GROUP: read = skip_varints(in, 1, 32); break;
    case TAG_COLUMN_FAMILY: read = bloom_varint(&value, in, 32); e->family = (uint32_t)value; break;
    case TAG_FAMILY_DROP: read = 1; e->dropped = 1; break;
    case TAG_BLOB_ADDITION: case TAG_BLOB_GARBAGE:
        return refuse(manifest, "blob file records (tag %lu), which this reader does not replay",
                      (unsigned long)tag);
    default:
        if (!(tag & TAG_SAFE_TO_IGNORE))
            return refuse(manifest, "an edit's tag %lu, which this reader does not know", (unsigned long)tag);
        read = skip_text(in);
    }
    return read ? 0 : refuse(manifest, "an edit's tag %lu is cut short", (unsigned long)tag);
}

static void remove_file(bloom_manifest *manifest, size_t i)
{
    manifest->files[i] = manifest->files[--manifest->count];
}

static void apply(bloom_manifest *manifest, const edit *e)
{
    for (size_t c = 0; c < e->count; c++) {
        const change *one = &e->changes[c];
        if (one->added)
            continue;
        for (size_t i = 0; i < manifest->count; i++)
            if (manifest->files[i].number == one->number && manifest->files[i].level == one->level
                && manifest->files[i].family == e->family) {
                remove_file(manifest, i);
                break;
            }
    }
    for (size_t c = 0; c < e->count; c++)
        if (e->changes[c].added) {
            manifest->files = grow(manifest->files, &manifest->capacity, manifest->count, sizeof *manifest->files);
            const change *one = &e->changes[c];
            manifest->files[manifest->count++] = (bloom_manifest_file){ one->number, one->level, e->family,
                                                                        one->smallest, one->largest };
        }
    for (size_t i = manifest->count; e->dropped && i-- > 0;)
        if (manifest->files[i].family == e->family)
            remove_file(manifest, i);
}

static int replay_edit(bloom_manifest *manifest, bloom_slice in)
{
    edit e = { NULL, 0, 0, 0, 0 };
    int status = 0;
    while (status == 0 && in.size > 0) {
        uint64_t tag;
        if (!bloom_varint(&tag, &in, 32))
            status = refuse(manifest, "an edit ends inside a tag");
        else if (tag == TAG_NEW_FILE || tag == TAG_NEW_FILE2 || tag == TAG_NEW_FILE3 || tag == TAG_NEW_FILE4)
            status = new_file(manifest, &e, &in, tag);
        else if (tag == TAG_DELETED_FILE)
            status = deleted_file(manifest, &e, &in);
        else
            status = other_tag(manifest, &e, &in, tag);
    }
    if (status == 0) {
        apply(manifest, &e);
        manifest->edits++;
    }
    free(e.changes);
    return status;
}

/* The payloads of a fragmented record, joined. */
typedef struct joined {
    unsigned char *bytes;
    size_t size, capacity;
    int open;
} joined;

static void join(joined *record, const unsigned char *bytes, size_t size)
{
    if (record->size + size > record->capacity) {
        record->capacity = 2 * (record->size + size);
        record->bytes = realloc(record->bytes, record->capacity);
        if (record->bytes == NULL)
            abort();
    }
    memcpy(record->bytes + record->size, bytes, size);
    record->size += size;
}

/* One record's payload, by its type: replayed when whole. */
static int take_record(bloom_manifest *manifest, joined *record, int type, const unsigned char *payload,
                       size_t size, size_t at)
{
    if ((type == RECORD_FULL || type == RECORD_FIRST) && record->open)
        return refuse(manifest, "a record at byte %zu opens inside a fragmented record", at);
    if ((type == RECORD_MIDDLE || type == RECORD_LAST) && !record->open)
        return refuse(manifest, "a record at byte %zu continues no fragmented record", at);
    if (type == RECORD_FULL)
        return replay_edit(manifest, (bloom_slice){ payload, size });
    if (type == RECORD_FIRST)
        record->size = 0;
    join(record, payload, size);
    record->open = type != RECORD_LAST;
    return record->open ? 0 : replay_edit(manifest, (bloom_slice){ record->bytes, record->size });
}

/* The record at byte *at: checked, taken, *at moved past it (or past a block's zero tail). */
static int next_record(bloom_manifest *manifest, joined *record, const unsigned char *bytes, size_t size,
                       size_t *at)
{
    size_t left = LOG_BLOCK_BYTES - *at % LOG_BLOCK_BYTES;
    const unsigned char *header = bytes + *at;
    if (left < LOG_HEADER_BYTES || (size - *at >= LOG_HEADER_BYTES && header[4] == 0 && header[5] == 0
                                    && header[6] == RECORD_ZERO)) {
        *at += left < size - *at ? left : size - *at;
        return 0;
    }
    if (size - *at < LOG_HEADER_BYTES)
        return refuse(manifest, "truncated: a record header at byte %zu runs past the end", *at);
    size_t length = (size_t)header[4] | (size_t)header[5] << 8;
    int type = header[6];
    if (type < RECORD_FULL || type > RECORD_LAST)
        return refuse(manifest, "a record of type %d at byte %zu (recyclable or unknown), which this "
                      "reader does not read", type, *at);
    if (LOG_HEADER_BYTES + length > left)
        return refuse(manifest, "a record at byte %zu crosses its 32 KiB block", *at);
    if (LOG_HEADER_BYTES + length > size - *at)
        return refuse(manifest, "truncated: the record at byte %zu runs past the end", *at);
    if (bloom_crc32c_masked(bloom_crc32c(header + 6, length + 1)) != bloom_fixed32(header))
        return refuse(manifest, "the record at byte %zu does not match its checksum", *at);
    size_t start = *at;
    *at += LOG_HEADER_BYTES + length;
    return take_record(manifest, record, type, header + LOG_HEADER_BYTES, length, start);
}

int bloom_manifest_read(bloom_manifest *manifest, const unsigned char *bytes, size_t size)
{
    joined record = { NULL, 0, 0, 0 };
    int status = 0;
    for (size_t at = 0; status == 0 && at < size;)
        status = next_record(manifest, &record, bytes, size, &at);
    if (status == 0 && record.open)
        status = refuse(manifest, "truncated: it ends inside a fragmented record");
    if (status == 0 && manifest->edits == 0)
        status = refuse(manifest, "no version edit in it");
    free(record.bytes);
    if (status != 0)
        manifest->count = 0;
    return status;
}

int bloom_manifest_coverage(uint64_t *numerator, uint64_t *denominator, const bloom_manifest *manifest,
                            uint64_t number)
{
    uint64_t low = UINT64_MAX, high = 0;
    const bloom_manifest_file *found = NULL;
    for (size_t i = 0; i < manifest->count; i++) {
        const bloom_manifest_file *file = &manifest->files[i];
        if (file->family != 0)
            continue;
        low = file->smallest < low ? file->smallest : low;
        high = file->largest > high ? file->largest : high;
        if (file->number == number)
            found = file;
    }
    if (found == NULL)
        return -1;
    *numerator = high > low ? found->largest - found->smallest : 1;
    *denominator = high > low ? high - low : 1;
    return 0;
}

int bloom_manifest_level(const bloom_manifest *manifest, uint64_t number)
{
    for (size_t i = 0; i < manifest->count; i++)
        if (manifest->files[i].number == number && manifest->files[i].family == 0)
            return manifest->files[i].level;
    return -1;
}

size_t bloom_manifest_other_families(const bloom_manifest *manifest)
{
    size_t other = 0;
    for (size_t i = 0; i < manifest->count; i++)
        other += manifest->files[i].family != 0;
    return other;
}
