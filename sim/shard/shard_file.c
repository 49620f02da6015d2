/*
 * shard_file.c - writing and reading the shard file (shard_file.h for the
 * format).
 *
 * Exactness: every count is an integer written in decimal (128-bit sums
 * of squares included); the two floating sums of an fpr block are written
 * with %a, the exact binary value in hexadecimal, and read back by strtod,
 * which converts a hexadecimal float exactly when it fits the type (C11
 * 7.22.1.3), as a printed %a of a double always does.  So a merge sees the
 * bits the shard computed.
 *
 * The fingerprint is XXH3-64 (xxHash, Collet) of the identifying lines as
 * written, each followed by a newline: a changed option, seed, key file or
 * program version changes it, and a file edited by hand no longer matches
 * its own lines.  The checksum is XXH3-64 of every byte of the file before
 * its end line: the writer forms the file in memory and hashes it, the
 * reader hashes each line as it reads it, so that any change to a line
 * read (a count, a range, the fingerprint itself) is refused unless the
 * checksum was recomputed too (shard_check.h then refuses impossible
 * counts).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "harness.h"
#include "lsm_tree.h"
#include "scalable.h"
#include "shard_file.h"

const char *const sim_slot_kind_names[] = { "fpr", "lsm", "grow", NULL };

typedef enum field_type { FIELD_U64, FIELD_U128, FIELD_DOUBLE } field_type;

typedef struct slot_field {
    const char *name;
    field_type type;
    size_t offset;
} slot_field;

#define FPR_FIELD(name, type) { #name, type, offsetof(sim_fpr_totals, name) }
static const slot_field fpr_fields[] = {
    FPR_FIELD(trials, FIELD_U64), FPR_FIELD(queries, FIELD_U64), FPR_FIELD(false_positives, FIELD_U64),
    FPR_FIELD(false_positive_squares, FIELD_U128), FPR_FIELD(occupancy_power_sum, FIELD_DOUBLE),
    FPR_FIELD(occupancy_power_squares, FIELD_DOUBLE), FPR_FIELD(set_bits, FIELD_U64),
    FPR_FIELD(false_negatives, FIELD_U64), FPR_FIELD(members_checked, FIELD_U64),
    FPR_FIELD(counter_overflows, FIELD_U64), FPR_FIELD(incomplete_queries, FIELD_U64),
    FPR_FIELD(incomplete_false_positives, FIELD_U64), FPR_FIELD(ribbon_retries, FIELD_U64),
};
#define LSM_FIELD(name, type) { #name, type, offsetof(sim_lsm_totals, name) }
static const slot_field lsm_fields[] = {
    LSM_FIELD(trials, FIELD_U64), LSM_FIELD(lookups, FIELD_U64), LSM_FIELD(probes_hit, FIELD_U64),
    LSM_FIELD(probes_miss, FIELD_U64), LSM_FIELD(squares_hit, FIELD_U128), LSM_FIELD(squares_miss, FIELD_U128),
    LSM_FIELD(false_negatives, FIELD_U64), LSM_FIELD(ribbon_retries, FIELD_U64),
};
#define GROW_FIELD(name, type) { #name, type, offsetof(sim_scalable_totals, name) }
static const slot_field grow_fields[] = {
    GROW_FIELD(trials, FIELD_U64), GROW_FIELD(queries, FIELD_U64), GROW_FIELD(false_positives, FIELD_U64),
    GROW_FIELD(false_positive_squares, FIELD_U128), GROW_FIELD(members_checked, FIELD_U64),
    GROW_FIELD(false_negatives, FIELD_U64),
};

typedef struct slot_layout {
    const slot_field *fields;
    size_t count;
    size_t size;
} slot_layout;

static slot_layout layout_of(sim_slot_kind kind)
{
    const slot_layout layouts[] = {
        { fpr_fields, sizeof fpr_fields / sizeof fpr_fields[0], sizeof(sim_fpr_totals) },
        { lsm_fields, sizeof lsm_fields / sizeof lsm_fields[0], sizeof(sim_lsm_totals) },
        { grow_fields, sizeof grow_fields / sizeof grow_fields[0], sizeof(sim_scalable_totals) },
    };
    return layouts[kind];
}

size_t sim_slot_size(sim_slot_kind kind)
{
    return layout_of(kind).size;
}

uint64_t sim_slot_trials(sim_slot_kind kind, const void *slot)
{
    uint64_t trials;
    memcpy(&trials, (const unsigned char *)slot + layout_of(kind).fields[0].offset, sizeof trials);
    return trials;
}

static char *copy_text(const char *text)
{
    size_t length = strlen(text) + 1;
    char *copy = malloc(length);
    if (copy != NULL)
        memcpy(copy, text, length);
    return copy;
}

void sim_shard_file_init(sim_shard_file *file, const char *program, const char *command, sim_slot_kind kind)
{
    memset(file, 0, sizeof *file);
    file->run.program = program != NULL ? copy_text(program) : NULL;
    file->run.command = command != NULL ? copy_text(command) : NULL;
    file->run.kind = kind;
}

static void free_list(char **list, size_t count)
{
    for (size_t i = 0; i < count; i++)
        free(list[i]);
    free(list);
}

void sim_shard_file_free(sim_shard_file *file)
{
    free(file->run.program);
    free(file->run.command);
    free_list(file->run.options, file->run.option_count);
    free_list(file->run.outputs, file->run.output_count);
    free(file->run.keys_digest);
    free(file->block_numbers);
    free(file->slots);
    free(file->name);
    memset(file, 0, sizeof *file);
}

static int append_text(char ***list, size_t *count, const char *text)
{
    char **grown = realloc(*list, (*count + 1) * sizeof **list);
    if (grown == NULL)
        return -1;
    *list = grown;
    if ((grown[*count] = copy_text(text)) == NULL)
        return -1;
    (*count)++;
    return 0;
}

int sim_shard_file_add_option(sim_shard_file *file, const char *text)
{
    return append_text(&file->run.options, &file->run.option_count, text);
}

int sim_shard_file_add_output(sim_shard_file *file, const char *text)
{
    return append_text(&file->run.outputs, &file->run.output_count, text);
}

/* A 64-bit hash as its text: 16 lowercase hexadecimal digits. */
static void digest_text(char digest[17], XXH64_hash_t hash)
{
    snprintf(digest, 17, "%016" PRIx64, (uint64_t)hash);
}

void sim_shard_digest(char digest[17], const void *bytes, size_t length)
{
    digest_text(digest, XXH3_64bits(bytes, length));
}

int sim_shard_file_set_keys(sim_shard_file *file, const void *bytes, size_t length)
{
    char digest[17];
    sim_shard_digest(digest, bytes, length);
    free(file->run.keys_digest);
    file->run.keys_digest = copy_text(digest);
    return file->run.keys_digest == NULL ? -1 : 0;
}

int sim_shard_file_add_slot(sim_shard_file *file, uint64_t block, const void *slot)
{
    size_t size = sim_slot_size(file->run.kind);
    if (file->slot_count == file->slot_capacity) {
        size_t capacity = file->slot_capacity < 16 ? 16 : 2 * file->slot_capacity;
        uint64_t *numbers = realloc(file->block_numbers, capacity * sizeof *numbers);
        if (numbers == NULL)
            return -1;
        file->block_numbers = numbers;
        unsigned char *slots = realloc(file->slots, capacity * size);
        if (slots == NULL)
            return -1;
        file->slots = slots;
        file->slot_capacity = capacity;
    }
    file->block_numbers[file->slot_count] = block;
    memcpy(file->slots + file->slot_count * size, slot, size);
    file->slot_count++;
    return 0;
}

/* ---- text lines ------------------------------------------------------ */

/* Writes `text` with %, CR and LF escaped. */
static void put_escaped(FILE *output, const char *text)
{
    for (; *text != '\0'; text++) {
        if (*text == '%' || *text == '\r' || *text == '\n')
            fprintf(output, "%%%02X", (unsigned)(unsigned char)*text);
        else
            fputc(*text, output);
    }
}

/* Undoes put_escaped in place.  Returns 0, or -1 for a malformed escape. */
static int unescape(char *text)
{
    char *to = text;
    for (const char *from = text; *from != '\0'; from++) {
        if (*from != '%') {
            *to++ = *from;
            continue;
        }
        char hex[3] = { from[1], from[1] != '\0' ? from[2] : '\0', '\0' };
        char *end;
        unsigned long value = strtoul(hex, &end, 16);
        if (hex[0] == '\0' || hex[1] == '\0' || *end != '\0' || (value != '%' && value != '\r' && value != '\n'))
            return -1;
        *to++ = (char)value;
        from += 2;
    }
    *to = '\0';
    return 0;
}

/* The identifying lines, in file order (the fingerprint hashes them). */
typedef void (*line_function)(void *context, const char *keyword, const char *value);

static void each_run_line(const sim_shard_run *run, line_function function, void *context)
{
    function(context, "program", run->program);
    function(context, "command", run->command);
    for (size_t i = 0; i < run->option_count; i++)
        function(context, "option", run->options[i]);
    if (run->keys_digest != NULL)
        function(context, "keys-digest", run->keys_digest);
}

static void hash_line(void *context, const char *keyword, const char *value)
{
    XXH3_state_t *state = context;
    XXH3_64bits_update(state, keyword, strlen(keyword));
    XXH3_64bits_update(state, " ", 1);
    XXH3_64bits_update(state, value, strlen(value));
    XXH3_64bits_update(state, "\n", 1);
}

void sim_shard_fingerprint(sim_shard_run *run)
{
    XXH3_state_t *state = XXH3_createState();
    uint64_t digest = 0;
    if (state != NULL && XXH3_64bits_reset(state) == XXH_OK) {
        each_run_line(run, hash_line, state);
        digest = XXH3_64bits_digest(state);
    }
    XXH3_freeState(state);
    digest_text(run->fingerprint, digest);
}

static void write_line(void *context, const char *keyword, const char *value)
{
    FILE *output = context;
    fprintf(output, "%s ", keyword);
    put_escaped(output, value);
    fputc('\n', output);
}

/* Decimal digits of a 128-bit value. */
static void put_u128(FILE *output, unsigned __int128 value)
{
    char digits[40];
    size_t used = 0;
    do {
        digits[used++] = (char)('0' + (unsigned)(value % 10));
        value /= 10;
    } while (value != 0);
    while (used > 0)
        fputc(digits[--used], output);
}

static void write_slot(FILE *output, sim_slot_kind kind, uint64_t block, const unsigned char *slot)
{
    slot_layout layout = layout_of(kind);
    fprintf(output, "block %" PRIu64, block);
    for (size_t i = 0; i < layout.count; i++) {
        const slot_field *field = &layout.fields[i];
        fprintf(output, " %s=", field->name);
        if (field->type == FIELD_U64) {
            uint64_t value;
            memcpy(&value, slot + field->offset, sizeof value);
            fprintf(output, "%" PRIu64, value);
        } else if (field->type == FIELD_U128) {
            unsigned __int128 value;
            memcpy(&value, slot + field->offset, sizeof value);
            put_u128(output, value);
        } else {
            double value;
            memcpy(&value, slot + field->offset, sizeof value);
            fprintf(output, "%a", value);
        }
    }
    fputc('\n', output);
}

/* Every line of the file but the end line. */
static void write_body(FILE *output, sim_shard_file *file)
{
    const sim_shard_run *run = &file->run;
    const sim_shard_selection *selection = &file->selection;
    fprintf(output, "%s\n", SIM_SHARD_MAGIC_LINE);
    each_run_line(run, write_line, output);
    for (size_t i = 0; i < run->output_count; i++)
        write_line(output, "output", run->outputs[i]);
    fprintf(output, "fingerprint %s\n", run->fingerprint);
    fprintf(output, "kind %s\n", sim_slot_kind_names[run->kind]);
    fprintf(output, "shard %" PRIu64 "/%" PRIu64 "\n", selection->index + 1, selection->count);
    fprintf(output, "split %s\n", sim_shard_split_names[selection->split]);
    fprintf(output, "trials %" PRIu64 "\nqueries %" PRIu64 "\nblocks %" PRIu64 "\n", run->trials, run->queries,
            run->blocks);
    fprintf(output, "block-range %" PRIu64 " %" PRIu64 "\n", selection->first_block, selection->end_block);
    fprintf(output, "query-range %" PRIu64 " %" PRIu64 "\n", selection->first_query, selection->end_query);
    size_t size = sim_slot_size(run->kind);
    for (size_t i = 0; i < file->slot_count; i++)
        write_slot(output, run->kind, file->block_numbers[i], file->slots + i * size);
}

int sim_shard_file_write(FILE *output, sim_shard_file *file)
{
    char *body = NULL;
    size_t length = 0;
    FILE *memory = open_memstream(&body, &length);
    if (memory == NULL)
        return -1;
    sim_shard_fingerprint(&file->run);
    write_body(memory, file);
    int status = ferror(memory) ? -1 : 0;
    if (fclose(memory) != 0)
        status = -1;
    if (status == 0) {
        char checksum[17];
        sim_shard_digest(checksum, body, length);
        fwrite(body, 1, length, output);
        fprintf(output, "end %s\n", checksum);
    }
    free(body);
    return status != 0 || fflush(output) != 0 || ferror(output) ? -1 : 0;
}

/* ---- reading --------------------------------------------------------- */

typedef struct reader {
    sim_shard_file *file;
    unsigned long line;
    char *error;
    size_t error_size;
    unsigned seen;                  /* bits of the header keywords read */
    int ended;
    XXH3_state_t *hash;             /* of the lines before the end line */
    char checksum[17];              /* the end line's */
} reader;

static const char *file_name(const reader *state)
{
    return state->file->name != NULL ? state->file->name : "shard file";
}

static int fail(reader *state, const char *message, const char *detail)
{
    snprintf(state->error, state->error_size, "%s line %lu: %s%s", file_name(state), state->line, message,
             detail != NULL ? detail : "");
    return -1;
}

/* A decimal whole number below 2^64 occupying all of `text`.  Returns 0 or -1. */
static int parse_u64(const char *text, uint64_t *value)
{
    if (*text < '0' || *text > '9')
        return -1;
    char *end;
    errno = 0;
    unsigned long long parsed = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0')
        return -1;
    *value = parsed;
    return 0;
}

static int parse_u128(const char *text, unsigned __int128 *value)
{
    unsigned __int128 result = 0;
    const unsigned __int128 most = ~(unsigned __int128)0;
    if (*text == '\0')
        return -1;
    for (; *text != '\0'; text++) {
        if (*text < '0' || *text > '9')
            return -1;
        unsigned digit = (unsigned)(*text - '0');
        if (result > (most - digit) / 10)
            return -1;
        result = result * 10 + digit;
    }
    *value = result;
    return 0;
}

/* A hexadecimal float as %a writes one, finite.  Returns 0 or -1. */
static int parse_hex_double(const char *text, double *value)
{
    const char *digits = *text == '-' ? text + 1 : text;
    if (digits[0] != '0' || (digits[1] != 'x' && digits[1] != 'X'))
        return -1;
    char *end;
    errno = 0;
    double parsed = strtod(text, &end);
    if (errno != 0 || *end != '\0' || !isfinite(parsed))
        return -1;
    *value = parsed;
    return 0;
}

/* Two whole numbers "A B" with A <= B.  Returns 0 or -1. */
static int parse_range(char *text, uint64_t *first, uint64_t *end)
{
    char *space = strchr(text, ' ');
    if (space == NULL)
        return -1;
    *space = '\0';
    return parse_u64(text, first) != 0 || parse_u64(space + 1, end) != 0 || *first > *end ? -1 : 0;
}

static int read_slot(reader *state, char *text)
{
    sim_shard_file *file = state->file;
    slot_layout layout = layout_of(file->run.kind);
    unsigned char slot[sizeof(sim_fpr_totals) + sizeof(sim_lsm_totals) + sizeof(sim_scalable_totals)];
    memset(slot, 0, sizeof slot);
    char *space = strchr(text, ' ');
    uint64_t block = 0;
    if (space != NULL)
        *space = '\0';
    if (parse_u64(text, &block) != 0)
        return fail(state, "a block line starts with the block number", NULL);
    char *cursor = space;
    for (size_t i = 0; i < layout.count; i++) {
        const slot_field *field = &layout.fields[i];
        size_t length = strlen(field->name);
        if (cursor == NULL || strncmp(cursor + 1, field->name, length) != 0 || cursor[1 + length] != '=')
            return fail(state, "expected the field ", field->name);
        char *value = cursor + 2 + length;
        cursor = strchr(value, ' ');
        if (cursor != NULL)
            *cursor = '\0';
        int status;
        if (field->type == FIELD_U64) {
            uint64_t number = 0;
            status = parse_u64(value, &number);
            memcpy(slot + field->offset, &number, sizeof number);
        } else if (field->type == FIELD_U128) {
            unsigned __int128 number = 0;
            status = parse_u128(value, &number);
            memcpy(slot + field->offset, &number, sizeof number);
        } else {
            double number = 0;
            status = parse_hex_double(value, &number);
            memcpy(slot + field->offset, &number, sizeof number);
        }
        if (status != 0)
            return fail(state, "malformed value of ", field->name);
    }
    if (cursor != NULL)
        return fail(state, "unexpected text after the last field", NULL);
    if (file->slot_count > 0 && block <= file->block_numbers[file->slot_count - 1])
        return fail(state, "blocks out of order", NULL);
    return sim_shard_file_add_slot(file, block, slot) == 0 ? 0 : fail(state, "out of memory", NULL);
}

enum header_keyword {
    SEEN_PROGRAM = 1, SEEN_COMMAND = 2, SEEN_FINGERPRINT = 4, SEEN_KIND = 8, SEEN_SHARD = 16,
    SEEN_SPLIT = 32, SEEN_TRIALS = 64, SEEN_QUERIES = 128, SEEN_BLOCKS = 256, SEEN_BLOCK_RANGE = 512,
    SEEN_QUERY_RANGE = 1024, SEEN_ALL = 2047
};

/* The index of `text` in a NULL-terminated list of names, or -1. */
static int name_index(const char *const *names, const char *text)
{
    for (int i = 0; names[i] != NULL; i++)
        if (strcmp(names[i], text) == 0)
            return i;
    return -1;
}

static int read_shard_number(reader *state, char *value)
{
    sim_shard_selection *selection = &state->file->selection;
    char *slash = strchr(value, '/');
    if (slash == NULL)
        return fail(state, "shard is I/N", NULL);
    *slash = '\0';
    uint64_t index = 0, count = 0;
    if (parse_u64(value, &index) != 0 || parse_u64(slash + 1, &count) != 0 || index < 1 || index > count)
        return fail(state, "shard is I/N with 1 <= I <= N", NULL);
    selection->index = index - 1;
    selection->count = count;
    return 0;
}

/* Reads one header line (keyword and value).  Returns 0 or -1. */
static int read_header_line(reader *state, const char *keyword, char *value)
{
    sim_shard_file *file = state->file;
    sim_shard_run *run = &file->run;
    struct { const char *keyword; unsigned bit; char **text; } texts[] = {
        { "program", SEEN_PROGRAM, &run->program }, { "command", SEEN_COMMAND, &run->command },
        { "keys-digest", 0, &run->keys_digest },
    };
    struct { const char *keyword; unsigned bit; uint64_t *number; } numbers[] = {
        { "trials", SEEN_TRIALS, &run->trials }, { "queries", SEEN_QUERIES, &run->queries },
        { "blocks", SEEN_BLOCKS, &run->blocks },
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        if (strcmp(keyword, texts[i].keyword) == 0) {
            free(*texts[i].text);
            *texts[i].text = copy_text(value);
            state->seen |= texts[i].bit;
            return *texts[i].text != NULL ? 0 : fail(state, "out of memory", NULL);
        }
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
        if (strcmp(keyword, numbers[i].keyword) == 0) {
            state->seen |= numbers[i].bit;
            return parse_u64(value, numbers[i].number) == 0 ? 0 : fail(state, "not a whole number: ", value);
        }
    if (strcmp(keyword, "option") == 0 || strcmp(keyword, "output") == 0) {
        int status = keyword[1] == 'p' ? sim_shard_file_add_option(file, value)
                                       : sim_shard_file_add_output(file, value);
        return status == 0 ? 0 : fail(state, "out of memory", NULL);
    }
    if (strcmp(keyword, "fingerprint") == 0) {
        state->seen |= SEEN_FINGERPRINT;
        if (strlen(value) != 16)
            return fail(state, "a fingerprint has 16 hexadecimal digits", NULL);
        memcpy(run->fingerprint, value, 17);
        return 0;
    }
    if (strcmp(keyword, "kind") == 0 || strcmp(keyword, "split") == 0) {
        int kind = keyword[0] == 'k';
        int index = name_index(kind ? sim_slot_kind_names : sim_shard_split_names, value);
        if (index < 0 || (!kind && index == SIM_SHARD_WHOLE))
            return fail(state, kind ? "unknown kind " : "unknown split ", value);
        if (kind)
            run->kind = (sim_slot_kind)index;
        else
            file->selection.split = (sim_shard_split)index;
        state->seen |= kind ? SEEN_KIND : SEEN_SPLIT;
        return 0;
    }
    if (strcmp(keyword, "shard") == 0) {
        state->seen |= SEEN_SHARD;
        return read_shard_number(state, value);
    }
    if (strcmp(keyword, "block-range") == 0 || strcmp(keyword, "query-range") == 0) {
        int blocks = keyword[0] == 'b';
        sim_shard_selection *selection = &file->selection;
        state->seen |= blocks ? SEEN_BLOCK_RANGE : SEEN_QUERY_RANGE;
        int status = blocks ? parse_range(value, &selection->first_block, &selection->end_block)
                            : parse_range(value, &selection->first_query, &selection->end_query);
        return status == 0 ? 0 : fail(state, "a range is two whole numbers A B with A <= B", NULL);
    }
    return fail(state, "unknown line ", keyword);
}

/* Nonzero for the end line (its keyword is "end"), with or without its newline. */
static int is_end_line(const char *text)
{
    return strncmp(text, "end", 3) == 0 && (text[3] == ' ' || text[3] == '\n' || text[3] == '\0');
}

/* "end H": H the checksum, 16 lowercase hexadecimal digits as written. */
static int read_end_line(reader *state, const char *text)
{
    const char *digits = text + 4;
    if (text[3] != ' ' || strlen(digits) != 16 || strspn(digits, "0123456789abcdef") != 16)
        return fail(state, "the end line is \"end\" and the file's checksum (16 hexadecimal digits)", NULL);
    memcpy(state->checksum, digits, sizeof state->checksum);
    state->ended = 1;
    return 0;
}

static int read_line(reader *state, char *text)
{
    if (state->line == 1) {
        const char *magic = "bloomsim-shard ";
        uint64_t version = 0;
        if (strncmp(text, magic, strlen(magic)) != 0 || parse_u64(text + strlen(magic), &version) != 0)
            return fail(state, "not a bloomsim shard file (its first line is not \"" SIM_SHARD_MAGIC_LINE "\")", NULL);
        if (version != SIM_SHARD_FORMAT_VERSION)
            return fail(state, "a shard file of another format version (this bloomsim reads version "
                        SIM_SHARD_VERSION_TEXT(SIM_SHARD_FORMAT_VERSION) ")", NULL);
        return 0;
    }
    if (is_end_line(text))
        return read_end_line(state, text);
    char *space = strchr(text, ' ');
    if (space == NULL)
        return fail(state, "expected a keyword and a value", NULL);
    *space = '\0';
    if (strcmp(text, "block") == 0) {
        if (state->seen != SEEN_ALL)
            return fail(state, "a block line before the whole header", NULL);
        return read_slot(state, space + 1);
    }
    if (state->file->slot_count > 0)
        return fail(state, "a header line after the blocks", NULL);
    if (unescape(space + 1) != 0)
        return fail(state, "a malformed %-escape", NULL);
    return read_header_line(state, text, space + 1);
}

/* The trials of block `block` of a run of `trials` trials. */
static uint64_t trials_in_block(uint64_t block, uint64_t trials)
{
    uint64_t per_block = sim_trials_per_block(trials);
    uint64_t first = block * per_block;
    uint64_t end = first + per_block < trials ? first + per_block : trials;
    return end > first ? end - first : 0;
}

/* The checks of a whole file: fingerprint, ranges, blocks and their trials. */
static int check_file(reader *state)
{
    sim_shard_file *file = state->file;
    sim_shard_run *run = &file->run;
    const sim_shard_selection *selection = &file->selection;
    if (!state->ended)
        return fail(state, "no end line: the file was cut short (rerun the shard)", NULL);
    char computed[17];
    digest_text(computed, XXH3_64bits_digest(state->hash));
    if (strcmp(computed, state->checksum) != 0) {
        snprintf(state->error, state->error_size,
                 "%s: its content does not match its checksum (edited or corrupt; rerun the shard)",
                 file_name(state));
        return -1;
    }
    if (state->seen != SEEN_ALL)
        return fail(state, "the header is incomplete", NULL);
    char claimed[17];
    memcpy(claimed, run->fingerprint, sizeof claimed);
    sim_shard_fingerprint(run);
    if (strcmp(claimed, run->fingerprint) != 0)
        return fail(state, "the fingerprint does not match the file's own lines (edited?)", NULL);
    if (run->blocks != sim_block_count(run->trials) || selection->end_block > run->blocks
        || selection->end_query > run->queries)
        return fail(state, "ranges outside the run", NULL);
    int by_queries = selection->split == SIM_SHARD_BY_QUERIES;
    uint64_t first = by_queries ? 0 : selection->first_block;
    uint64_t end = by_queries ? run->blocks : selection->end_block;
    if (file->slot_count != end - first)
        return fail(state, "the blocks listed are not those of the shard's range", NULL);
    size_t size = sim_slot_size(run->kind);
    for (size_t i = 0; i < file->slot_count; i++) {
        uint64_t block = file->block_numbers[i];
        uint64_t expected = by_queries ? 1 : trials_in_block(block, run->trials);
        if (block != first + i)
            return fail(state, "the blocks listed are not those of the shard's range", NULL);
        if (sim_slot_trials(run->kind, file->slots + i * size) != expected)
            return fail(state, "a block with incomplete trials (a shard stopped early writes no file)", NULL);
    }
    return 0;
}

/* The lines of one file up to its end line, each but the end line hashed
 * as read, then the whole file's checks.  Returns as sim_shard_file_read. */
static int read_lines(reader *state, FILE *input)
{
    char *text = NULL;
    size_t capacity = 0;
    ssize_t length;
    int status = 0;
    while (status == 0 && !state->ended && (length = getline(&text, &capacity, input)) >= 0) {
        state->line++;
        if (length == 0 || text[length - 1] != '\n') {
            status = fail(state, "no end line: the file was cut short (rerun the shard)", NULL);
            break;
        }
        if (!is_end_line(text))
            XXH3_64bits_update(state->hash, text, (size_t)length);
        text[length - 1] = '\0';
        status = read_line(state, text);
    }
    free(text);
    if (status == 0 && ferror(input))
        status = fail(state, "read error", NULL);
    if (status == 0 && state->line == 0)
        return 1;
    return status == 0 ? check_file(state) : status;
}

int sim_shard_file_read(FILE *input, const char *name, sim_shard_file *file, char *error, size_t error_size)
{
    sim_shard_file_init(file, NULL, NULL, SIM_SLOT_FPR);
    file->name = copy_text(name);
    reader state = { file, 0, error, error_size, 0, 0, XXH3_createState(), "" };
    int status = file->name == NULL || state.hash == NULL || XXH3_64bits_reset(state.hash) != XXH_OK
        ? fail(&state, "out of memory", NULL) : read_lines(&state, input);
    XXH3_freeState(state.hash);
    return status;
}
