/*
 * description.c - the options, validation and fields of a filter as
 * deployed (description.h).  The meaning of every field, and its default,
 * is bloom_deployed_filter_init's (calc/src/layouts.c); the rates printed
 * are layouts.h's: the layout's exact rate at the reachable bits united
 * with the fingerprint floor 1 - (1 - 2^-H)^n, plus the Poisson-load forms
 * of the block layouts that the papers publish (layout_rates.h).  The
 * rates assume independent probes whatever --hash says
 * (calc/FORMULAS.md §e.5, "The filter as deployed: one
 * description"); bloomsim builds and measures the other schemes.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "deployment.h"
#include "description.h"
#include "hash_width.h"
#include "library_rules.h"
#include "numbers.h"
#include "ribbon.h"
#include "sizing.h"

bloom_option bloom_probe_scheme_option(int *destination)
{
    return (bloom_option){ .long_name = "hash", .kind = BLOOM_OPTION_CHOICE, .destination = destination,
                           .value_name = "SCHEME",
                           .help = "probe scheme: independent (the model of every predicted rate), "
                                   "double or enhanced",
                           .choices = bloom_probe_scheme_names };
}

size_t bloom_description_option_table(bloom_option *table, bloom_layout_description *description)
{
    const bloom_option entries[BLOOM_DESCRIPTION_OPTION_COUNT] = {
        { .long_name = "layout", .kind = BLOOM_OPTION_CHOICE, .destination = &description->layout,
          .value_name = "LAYOUT", .help = "filter layout",
          .choices = bloom_layout_choices },
        { .long_name = "block-bits", .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &description->block_bits, .value_name = "B",
          .help = "block size of blocked / split-block filters (default 512 / 256)", .minimum = BLOOM_MIN_BLOCK_BITS,
          .maximum = BLOOM_MAX_BLOCK_BITS },
        { .long_name = "block-words", .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &description->block_words, .value_name = "W",
          .help = "split-block: words per block, one probe each, so k = W "
                  "(default: the -k given, else B/32: 32-bit words)",
          .minimum = 1, .maximum = BLOOM_MAX_BLOCK_BITS },
        { .long_name = "round", .kind = BLOOM_OPTION_CHOICE, .destination = &description->rounding,
          .value_name = "ROUNDING", .help = "memory rounding of m",
          .choices = bloom_rounding_names },
        { .long_name = "hash-bits", .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &description->hash_bits, .value_name = "H",
          .help = "width of the one hash every probe derives from, e.g. 32 or 64 (default: ideal)",
          .minimum = 1, .maximum = BLOOM_MAX_HASH_BITS },
        { .long_name = "index-bits", .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &description->index_bits, .value_name = "N",
          .help = "probes reach only the first 2^N bits (default: the hash width)", .minimum = 1,
          .maximum = BLOOM_MAX_HASH_BITS },
        bloom_probe_scheme_option(&description->scheme),
        { .long_name = "library", .kind = BLOOM_OPTION_CHOICE, .destination = &description->library,
          .value_name = "LIBRARY",
          .help = "the filter a library deploys: its layout, rounding, caps, refusals and hash "
                  "widths (rules in calc/src/library_rules.c); guava is Guava 33",
          .choices = bloom_library_names },
        { .long_name = "fp-chance", .alias_of = "rate", .value_name = "P",
          .help = "Cassandra's bloom_filter_fp_chance: -p/--rate, with --library cassandra" },
        { .long_name = "error-rate", .alias_of = "rate", .value_name = "E",
          .help = "RedisBloom's BF.RESERVE error_rate: -p/--rate, with --library redisbloom[-nonscaling]" },
        { .long_name = "capacity", .alias_of = "keys", .value_name = "N",
          .help = "RedisBloom's BF.RESERVE capacity: -n/--keys, with --library redisbloom[-nonscaling]" },
        { .long_name = "expected-insertions", .alias_of = "keys", .value_name = "N",
          .help = "Guava's expectedInsertions: -n/--keys, with --library guava[@31|@33]" },
        { .long_name = "fpp", .alias_of = "rate", .value_name = "P",
          .help = "Guava's fpp: -p/--rate, with --library guava[@31|@33]" },
    };
    _Static_assert(sizeof entries / sizeof entries[0] == BLOOM_DESCRIPTION_OPTION_COUNT,
                   "BLOOM_DESCRIPTION_OPTION_COUNT counts the description's options");
    memcpy(table, entries, sizeof entries);
    return BLOOM_DESCRIPTION_OPTION_COUNT;
}

size_t bloom_description_unit_option_table(bloom_option *table, bloom_layout_description *description)
{
    const bloom_option entries[] = {
        { .long_name = "keys-per-filter", .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &description->keys_per_filter, .value_name = "N",
          .help = "the keys each filter holds (an SST file's, an SSTable's, a row group's distinct "
                  "values): ceil(n/N) filters, the last one partial",
          .minimum = 1, .maximum = ULONG_MAX },
        { .long_name = "file-size", .kind = BLOOM_OPTION_SIZE, .destination = &description->file_bytes,
          .value_name = "BYTES", .whole_bytes = 1, .bare_bytes = 1, .count_minimum = "8",
          .count_maximum = "2^63",
          .help = "the file size, by default 64MiB for RocksDB (target_file_size_base: one filter "
                  "per SST file of floor(BYTES / --entry-size) keys, --library rocksdb[-ribbon]) and "
                  "2MiB for LevelDB (max_file_size: it sets only the tables' filter-block trailers)" },
        { .long_name = "entry-size", .kind = BLOOM_OPTION_SIZE, .destination = &description->entry_bytes,
          .value_name = "BYTES", .whole_bytes = 1, .bare_bytes = 1, .count_minimum = "8",
          .count_maximum = "2^63",
          .help = "RocksDB: the bytes of one entry (key and value) in an SST file; LevelDB: the bytes "
                  "of one entry in a data block (length varints, key, value; no shared prefix, no "
                  "compression): one filter per 2 KiB of table, holding the keys of the block that "
                  "starts in it (--library leveldb)" },
        { .long_name = "block-size", .kind = BLOOM_OPTION_SIZE, .destination = &description->block_bytes,
          .value_name = "BYTES", .whole_bytes = 1, .bare_bytes = 1, .count_minimum = "16384",
          .count_maximum = "2^33",   /* bits: 2 KiB (a block a filter) to 1 GiB */
          .help = "LevelDB's data block size (options.block_size, default 4096): a block is cut once "
                  "its entries and restart points reach it (--library leveldb, with --entry-size)" },
    };
    _Static_assert(sizeof entries / sizeof entries[0] == BLOOM_DESCRIPTION_UNIT_OPTION_COUNT,
                   "BLOOM_DESCRIPTION_UNIT_OPTION_COUNT counts the unit's options");
    memcpy(table, entries, sizeof entries);
    return BLOOM_DESCRIPTION_UNIT_OPTION_COUNT;
}

/* The libraries' own names for n and p (the last entries above), and the rules they belong to. */
static const struct native_input {
    const char *name, *library_text;
    bloom_rule_id rules[2];
} native_inputs[BLOOM_DESCRIPTION_NATIVE_OPTION_COUNT] = {
    { "fp-chance", "cassandra", { BLOOM_RULE_CASSANDRA, BLOOM_RULE_CASSANDRA } },
    { "error-rate", "redisbloom or redisbloom-nonscaling",
      { BLOOM_RULE_REDISBLOOM, BLOOM_RULE_REDISBLOOM_NONSCALING } },
    { "capacity", "redisbloom or redisbloom-nonscaling",
      { BLOOM_RULE_REDISBLOOM, BLOOM_RULE_REDISBLOOM_NONSCALING } },
    { "expected-insertions", "guava, guava@33 or guava@31", { BLOOM_RULE_GUAVA, BLOOM_RULE_GUAVA_31 } },
    { "fpp", "guava, guava@33 or guava@31", { BLOOM_RULE_GUAVA, BLOOM_RULE_GUAVA_31 } },
};

/* 0, or 2 after one line when a library's name for n or p was given without that library. */
static int check_native_inputs(const bloom_layout_description *description, const bloom_command_line *line)
{
    for (size_t i = 0; i < BLOOM_DESCRIPTION_NATIVE_OPTION_COUNT; i++) {
        const struct native_input *input = &native_inputs[i];
        if (!bloom_options_given(line, input->name))
            continue;
        bloom_rule_id rule = description->library != 0 ? bloom_library_rule(description->library)
                                                       : BLOOM_RULE_TEXTBOOK;
        if (rule == input->rules[0] || rule == input->rules[1])
            continue;
        bloom_options_error(line, "--%s: the name %s gives it, read only with --library %s "
                            "(given: %s); accepted: --%s with that library, or -n/--keys and "
                            "-p/--rate", input->name,
                            strcmp(input->name, "fp-chance") == 0 ? "Cassandra"
                            : input->rules[0] == BLOOM_RULE_GUAVA ? "Guava" : "RedisBloom",
                            input->library_text,
                            description->library != 0 ? bloom_library_names[description->library]
                                                       : "no --library",
                            input->name);
        return BLOOM_EXIT_USAGE;
    }
    return BLOOM_EXIT_SUCCESS;
}

bloom_option bloom_library_refused_option(const char **destination)
{
    return (bloom_option){ .long_name = "library", .kind = BLOOM_OPTION_TEXT, .destination = destination,
                           .value_name = "LIBRARY",
                           .help = "not modelled by this command (refused, with the reason)" };
}

int bloom_library_refusal(const bloom_command_line *line, const char *why)
{
    if (!bloom_options_given(line, "library"))
        return 0;
    bloom_options_error(line, "--library: %s; accepted: the command without --library", why);
    return BLOOM_EXIT_USAGE;
}

/* The shape options, --library last: a library fixes every one before it. */
static const char *const shape_names[BLOOM_DESCRIPTION_SHAPE_OPTION_COUNT] = {
    "layout", "block-bits", "block-words", "round", "hash-bits", "index-bits", "hash", "library"
};

/*
 * 0, or 2 after one line when --library was given with a shape option.  The
 * test is that the option was given, not that its value differs from the
 * default: "--layout standard --library rocksdb" asks for two different
 * filters however the value reads, so it is refused as plainly as
 * "--layout blocked --library guava" (the library layer, which sees values
 * only, refuses the second kind for callers of the API).
 */
static int check_library_fixes(const bloom_layout_description *description,
                               const bloom_command_line *line)
{
    if (description->library == 0)
        return BLOOM_EXIT_SUCCESS;
    for (size_t i = 0; i + 1 < BLOOM_DESCRIPTION_SHAPE_OPTION_COUNT; i++) {
        if (!bloom_options_given(line, shape_names[i]))
            continue;
        const char *library = bloom_library_names[description->library];
        bloom_options_error(line, "--library: %s fixes the filter's shape, so --%s is refused "
                            "even at %s's own value; it leaves free only the sizing (-n, -p, -m, "
                            "-c, -k); accepted: --library %s without --%s, or --%s without --library",
                            library, shape_names[i], library, library, shape_names[i], shape_names[i]);
        return BLOOM_EXIT_USAGE;
    }
    return BLOOM_EXIT_SUCCESS;
}

static const char *const unit_names[BLOOM_DESCRIPTION_UNIT_OPTION_COUNT] = {
    "keys-per-filter", "file-size", "entry-size", "block-size"
};

/* The first unit option given, or NULL (a command without them has none). */
static const char *unit_given(bloom_command_line *line)
{
    for (size_t i = 0; i < BLOOM_DESCRIPTION_UNIT_OPTION_COUNT; i++) {
        const bloom_option *option = bloom_options_find(line, unit_names[i]);
        if (option != NULL && option->seen)
            return unit_names[i];
    }
    return NULL;
}

size_t bloom_unit_refused_options(bloom_option *table, const char **destination)
{
    for (size_t i = 0; i < BLOOM_DESCRIPTION_UNIT_OPTION_COUNT; i++)
        table[i] = (bloom_option){ .long_name = unit_names[i], .kind = BLOOM_OPTION_TEXT,
                                   .destination = destination, .value_name = "VALUE",
                                   .help = "not modelled by this command (refused, with the reason)" };
    return BLOOM_DESCRIPTION_UNIT_OPTION_COUNT;
}

int bloom_unit_refusal(bloom_command_line *line, const char *why)
{
    const char *given = unit_given(line);
    if (given == NULL)
        return BLOOM_EXIT_SUCCESS;
    bloom_options_error(line, "--%s: %s; accepted: the command without a unit, or the unit with "
                        "'bloomcalc plan', 'compare' or 'table'", given, why);
    return BLOOM_EXIT_USAGE;
}

/* check_library_fixes, then the libraries' own names for n and p: the one rule
 * of what a description may combine, applied before the description sizes or settles anything. */
static int check_combination(const bloom_layout_description *description, const bloom_command_line *line)
{
    if (check_library_fixes(description, line) != BLOOM_EXIT_SUCCESS)
        return BLOOM_EXIT_USAGE;
    return check_native_inputs(description, line);
}

/* 0, or 2 after one line when the unit options do not name one unit (description.h). */
static int check_unit(const bloom_layout_description *description, const bloom_command_line *line)
{
    int leveldb = description->library != 0 && bloom_library_rule(description->library) == BLOOM_RULE_LEVELDB;
    if (bloom_options_given(line, "block-size") && (!leveldb || !bloom_options_given(line, "entry-size"))) {
        bloom_options_error(line, "--block-size: LevelDB's data blocks, read only with --library leveldb "
                            "and --entry-size (given: %s%s)",
                            description->library != 0 ? bloom_library_names[description->library]
                                                      : "no --library",
                            bloom_options_given(line, "entry-size") ? "" : ", no --entry-size");
        return BLOOM_EXIT_USAGE;
    }
    int rocksdb = description->library != 0
        && bloom_rule_takes_bits_per_key(bloom_library_rule(description->library));
    const char *sized = bloom_options_given(line, "file-size") ? "file-size"
                      : bloom_options_given(line, "entry-size") ? "entry-size" : NULL;
    if (sized != NULL && !rocksdb) {
        bloom_options_error(line, "--%s: RocksDB's SST files or LevelDB's tables, read only with "
                            "--library rocksdb, rocksdb-ribbon or leveldb (given: %s); accepted: "
                            "--keys-per-filter N", sized,
                            description->library != 0 ? bloom_library_names[description->library]
                                                      : "no --library");
        return BLOOM_EXIT_USAGE;
    }
    if (sized != NULL && bloom_options_given(line, "keys-per-filter")) {
        bloom_options_error(line, "--keys-per-filter: --%s gives the keys per filter too; accepted: "
                            "--keys-per-filter N, or --file-size and --entry-size", sized);
        return BLOOM_EXIT_USAGE;
    }
    if (bloom_options_given(line, "file-size") && !bloom_options_given(line, "entry-size")) {
        bloom_options_error(line, "--file-size: the keys a file holds are its size over an entry's; "
                            "accepted: --entry-size BYTES with it");
        return BLOOM_EXIT_USAGE;
    }
    unsigned long file = description->file_bytes != 0 ? description->file_bytes
                                                      : BLOOM_ROCKSDB_DEFAULT_FILE_BYTES;
    if (!leveldb && description->entry_bytes > file) {
        bloom_options_error(line, "--entry-size: %lu bytes, larger than the file of %lu bytes, so a "
                            "file holds no key; accepted: an entry of at most the file's size",
                            description->entry_bytes, file);
        return BLOOM_EXIT_USAGE;
    }
    return BLOOM_EXIT_SUCCESS;
}

int bloom_unit_deployment(bloom_deployment *rop, const bloom_layout_description *description, mpz_srcptr n,
                          const bloom_command_line *line)
{
    if (check_unit(description, line) != BLOOM_EXIT_SUCCESS)
        return BLOOM_EXIT_USAGE;
    bloom_deployment_split(rop, description, n);   /* check_unit leaves every unit a key */
    return BLOOM_EXIT_SUCCESS;
}

int bloom_description_deployment(bloom_deployment *rop, const bloom_layout_description *description,
                                 mpz_srcptr n, const bloom_command_line *line)
{
    if (check_combination(description, line) != BLOOM_EXIT_SUCCESS)
        return BLOOM_EXIT_USAGE;
    return bloom_unit_deployment(rop, description, n, line);
}

int bloom_description_given(bloom_command_line *line)
{
    for (size_t i = 0; i < BLOOM_DESCRIPTION_SHAPE_OPTION_COUNT; i++) {
        const bloom_option *option = bloom_options_find(line, shape_names[i]);
        if (option != NULL && option->seen)
            return 1;
    }
    return unit_given(line) != NULL;
}

/* The one-line message of a problem (bloom_deployed_filter_init). */
static void report_problem(int problem, const bloom_deployed_filter *filter, unsigned long k,
                           const bloom_command_line *line)
{
    const bloom_layout_arguments *layout = &filter->layout;
    char *reach = bloom_format_integer(filter->reachable, 0);
    switch (problem) {
    case BLOOM_DESCRIPTION_WORDS_NOT_SPLIT:
        bloom_options_error(line, "--block-words: only split-block filters are made of words; "
                            "accepted: --layout split-block with --block-words W");
        break;
    case BLOOM_DESCRIPTION_WORDS_NOT_K:
        bloom_options_error(line, "--block-words: a split block sets one bit in each of its %lu "
                            "words, so k is %lu, not the %lu given; accepted: -k equal to "
                            "--block-words%s", layout->k, layout->k, k,
                            strcmp(line->command, "plan") == 0 ? ", or only one of them"
                                                               : " (fpr needs -k)");
        break;
    case BLOOM_DESCRIPTION_WORDS_NOT_DIVIDING:
        bloom_options_error(line, "--block-bits: %lu words (k) do not divide a split block of %lu "
                            "bits; accepted: a block size that is a multiple of the words",
                            layout->k, layout->block_bits);
        break;
    case BLOOM_DESCRIPTION_BLOCK_TOO_LARGE:
        bloom_options_error(line, "--block-bits: a block of %lu bits exceeds the %s bits the probes "
                            "reach; accepted: a block no larger than the filter",
                            layout->block_bits, reach);
        break;
    case BLOOM_DESCRIPTION_TOO_FEW_SLICES:
        bloom_options_error(line, "--layout: partitioned needs at least k = %lu bits (one slice per "
                            "probe), the probes reach %s", layout->k, reach);
        break;
    case BLOOM_DESCRIPTION_LIBRARY_FIXES:
        bloom_options_error(line, "--library: %s fixes the layout, block, rounding and widths; "
                            "accepted: --library alone, or the other options without it",
                            bloom_library_names[filter->description.library]);
        break;
    case BLOOM_DESCRIPTION_LIBRARY_REFUSES:
        bloom_options_error(line, "--library: %s refuses this filter (%s bits, k = %lu); accepted: "
                            "the sizes the library builds (calc/src/library_rules.c)",
                            bloom_library_names[filter->description.library], reach, k);
        break;
    case BLOOM_DESCRIPTION_RIBBON_REFUSES:
        bloom_options_error(line, "--library: rocksdb-ribbon has no Ribbon of these keys in %s bits "
                            "(at most 950000000 keys); accepted: -n N with "
                            "-c/--bits-per-key C or -p/--rate P, which size it as RocksDB does", reach);
        break;
    default:
        bloom_options_error(line, "--hash: the %s layout draws independent probes; accepted: "
                            "--hash independent, or --layout standard",
                            bloom_layout_names[layout->kind]);
        break;
    }
    free(reach);
}

int bloom_description_settle(bloom_deployed_filter *rop, const bloom_layout_description *description,
                             mpz_srcptr m, mpz_srcptr n, unsigned long k, int k_given,
                             const bloom_command_line *line)
{
    int problem = bloom_deployed_filter_init(rop, description, m, n, k, k_given);
    if (check_combination(description, line) != BLOOM_EXIT_SUCCESS)
        return BLOOM_EXIT_USAGE;
    if (problem == BLOOM_DESCRIPTION_OK)
        return BLOOM_EXIT_SUCCESS;
    report_problem(problem, rop, k, line);
    return BLOOM_EXIT_USAGE;
}

static int is_block_layout(int layout)
{
    return layout == BLOOM_LAYOUT_BLOCKED || layout == BLOOM_LAYOUT_SPLIT_BLOCK;
}

/* The block layouts' Poisson (many-blocks) forms, for published figures;
 * missing for the other layouts, so every description prints the same keys. */
static void put_poisson_forms(bloom_fields *fields, const bloom_deployed_filter *filter)
{
    const bloom_layout_arguments *layout = &filter->layout;
    bloom_blocked_arguments poisson = { filter->reachable, layout->n, layout->k, layout->block_bits,
                                        BLOOM_LOAD_POISSON };
    bloom_quantity exact_inner = { bloom_enclose_fpr_blocked, &poisson, NULL };
    bloom_quantity putze = { bloom_enclose_fpr_blocked_putze, &poisson, NULL };
    bloom_quantity split = { bloom_enclose_fpr_split_block, &poisson, NULL };
    static const char *const labels[] = { "blocked, Poisson load, exact inner",
                                          "blocked, Poisson load, Bloom inner (Putze)",
                                          "split block, Poisson load" };
    static const char *const keys[] = { "fpr_blocked_poisson", "fpr_blocked_putze",
                                        "fpr_split_block_poisson" };
    const bloom_quantity *forms[] = { &exact_inner, &putze, &split };
    for (int i = 0; i < 3; i++) {
        int applies = i < 2 ? layout->kind == BLOOM_LAYOUT_BLOCKED : layout->kind == BLOOM_LAYOUT_SPLIT_BLOCK;
        if (applies)
            bloom_fields_quantity(fields, keys[i], labels[i], NULL, forms[i]);
        else
            bloom_fields_missing(fields, keys[i], labels[i]);
    }
}

/* A Ribbon's slots and columns (ribbon.h, as RocksDB's reader derives them from its length);
 * missing for the other layouts, so every description prints the same keys. */
static void put_ribbon(bloom_fields *fields, const bloom_layout_arguments *layout)
{
    static const char *const keys[] = { "ribbon_slots", "ribbon_lower_columns", "ribbon_upper_start_block" };
    static const char *const labels[] = { "Ribbon slots", "Ribbon result bits a slot, lower blocks",
                                          "Ribbon first block with one bit more" };
    bloom_ribbon_sizing ribbon;
    bloom_ribbon_sizing_init(&ribbon);
    int known = layout->kind == BLOOM_LAYOUT_RIBBON
        && bloom_ribbon_columns_of_bits(&ribbon, layout->slots, layout->m) == BLOOM_OK;
    unsigned long values[] = { ribbon.slots, ribbon.lower_columns, ribbon.upper_start_block };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        if (known)
            bloom_fields_unsigned(fields, keys[i], labels[i], NULL, values[i]);
        else
            bloom_fields_missing(fields, keys[i], labels[i]);
    }
    bloom_ribbon_sizing_clear(&ribbon);
}

static void put_shape(bloom_fields *fields, const bloom_deployed_filter *filter)
{
    const bloom_layout_arguments *layout = &filter->layout;
    const bloom_layout_description *description = &filter->description;
    bloom_fields_text(fields, "library", "library", bloom_library_names[description->library]);
    bloom_fields_text(fields, "layout", "layout", bloom_layout_names[layout->kind]);
    if (is_block_layout(layout->kind) || layout->kind == BLOOM_LAYOUT_RIBBON)
        bloom_fields_unsigned(fields, "block_bits", "block size", "bits", layout->block_bits);
    else
        bloom_fields_missing(fields, "block_bits", "block size");
    if (layout->kind != BLOOM_LAYOUT_RIBBON)
        bloom_fields_unsigned(fields, "k_layout", "probes per key in the layout", NULL, layout->k);
    else
        bloom_fields_missing(fields, "k_layout", "probes per key in the layout (a Ribbon: none)");
    put_ribbon(fields, layout);
    bloom_fields_text(fields, "round", "memory rounding", bloom_rounding_names[description->rounding]);
    bloom_fields_integer(fields, "m_allocated", "bits allocated", "bits", filter->allocated);
    mpz_t bytes;
    mpz_init(bytes);
    bloom_bytes_for_bits(bytes, filter->allocated);
    bloom_fields_integer(fields, "bytes_allocated", "memory allocated", "bytes", bytes);
    mpz_clear(bytes);
}

static void put_widths(bloom_fields *fields, const bloom_deployed_filter *filter)
{
    const bloom_layout_arguments *layout = &filter->layout;
    if (layout->hash_bits != 0)
        bloom_fields_unsigned(fields, "hash_bits", "hash width", "bits", layout->hash_bits);
    else
        bloom_fields_text(fields, "hash_bits", "hash width", "ideal");
    if (layout->index_bits != 0)
        bloom_fields_unsigned(fields, "index_bits", "index width", "bits", layout->index_bits);
    else
        bloom_fields_text(fields, "index_bits", "index width", "unlimited");
    if (layout->kind == BLOOM_LAYOUT_RIBBON)
        bloom_fields_missing(fields, "scheme", "probe scheme (a Ribbon: no probes)");
    else
        bloom_fields_text(fields, "scheme", "probe scheme",
                          bloom_probe_scheme_names[filter->description.scheme]);
    bloom_fields_integer(fields, "m_reachable", "bits the probes reach", "bits", filter->reachable);
}

static void put_rates(bloom_fields *fields, const bloom_deployed_filter *filter)
{
    const bloom_layout_arguments *layout = &filter->layout;
    bloom_quantity own = bloom_fpr_layout_filter_quantity(layout);
    bloom_quantity total = bloom_fpr_layout_quantity(layout);
    bloom_fields_quantity(fields, "fpr_layout_filter", "layout rate at the reachable bits", NULL,
                          &own);
    bloom_fingerprint_arguments fingerprint = { layout->n, layout->hash_bits };
    bloom_quantity floor = { bloom_enclose_fingerprint_collision, &fingerprint, NULL };
    if (layout->hash_bits != 0)
        bloom_fields_quantity(fields, "fpr_fingerprint", "hash collisions alone", NULL, &floor);
    else
        bloom_fields_missing(fields, "fpr_fingerprint", "hash collisions alone");
    bloom_fields_quantity(fields, "fpr_layout", "rate of the filter as deployed", NULL, &total);
    put_poisson_forms(fields, filter);
}

/* *warning, then "; " and `note` (malloc'd; *warning may be NULL). */
static void append_note(char **warning, const char *note)
{
    size_t size = (*warning != NULL ? strlen(*warning) + 2 : 0) + strlen(note) + 1;
    char *joined = malloc(size);
    if (joined == NULL)
        abort();
    strcpy(joined, *warning != NULL ? *warning : "");
    strcat(joined, *warning != NULL ? "; " : "");
    strcat(joined, note);
    free(*warning);
    *warning = joined;
}

/* The Guava model's note: the mixture is for real-valued hashes; integer ones differ from it
 * by at most the discretisation bound (index_arithmetic.h), stated to 2 digits. */
static void append_arithmetic_note(char **warning, bloom_fields *fields, const bloom_deployed_filter *filter)
{
    static const char format[] = "the rates model Guava's probes ((h1 + i h2) mod 2^63) mod m "
                                 "exactly for hash values uniform on [0, 2^63) taken as reals "
                                 "(FORMULAS.md §q); Guava's integer values move the rate by at most %s";
    mpq_t bound;
    mpq_init(bound);
    char *text = NULL;
    int status = bloom_guava_discretisation_bound(bound, filter->reachable, filter->layout.n,
                                                  filter->layout.k);
    bloom_quantity quantity = { bloom_enclose_rational, bound, bloom_exact_rational };
    if (status == BLOOM_OK)
        status = bloom_quantity_decimal(&text, &quantity, 2);
    if (status == BLOOM_OK) {
        size_t size = sizeof format + strlen(text);
        char *note = malloc(size);
        if (note == NULL)
            abort();
        snprintf(note, size, format, text);
        append_note(warning, note);
        free(note);
    } else if (fields->status == BLOOM_OK) {
        fields->status = status;
    }
    free(text);
    mpq_clear(bound);
}

/* The width warning of layouts.h, a note when the probes are not independent, and what the
 * rate does not model of a library's index arithmetic. */
static void put_warning(bloom_fields *fields, const bloom_deployed_filter *filter)
{
    static const char scheme_note[] = "the rates assume independent probes; double and enhanced "
                                      "hashing depart from them at small m (bloomsim measures them)";
    char *warning = NULL;
    int status = bloom_layout_warning(&warning, &filter->layout);
    if (status != BLOOM_OK && fields->status == BLOOM_OK)
        fields->status = status;
    if (filter->description.scheme != BLOOM_PROBES_INDEPENDENT)
        append_note(&warning, scheme_note);
    const char *library_note = filter->description.library != 0
        ? bloom_library_unmodelled(filter->description.library, filter->allocated, filter->layout.k)
        : NULL;
    if (library_note != NULL)
        append_note(&warning, library_note);
    const char *single_note = filter->description.library != 0
            && !bloom_deployment_has_unit(&filter->description)
        ? bloom_library_single_filter_note(filter->description.library, filter->allocated,
                                           filter->layout.n, filter->layout.kind == BLOOM_LAYOUT_RIBBON)
        : NULL;
    if (single_note != NULL)
        append_note(&warning, single_note);
    if (bloom_layout_models_arithmetic(&filter->layout, filter->reachable))
        append_arithmetic_note(&warning, fields, filter);
    if (warning != NULL)
        bloom_fields_text(fields, "warning", "warning", warning);
    else
        bloom_fields_missing(fields, "warning", "warning");
    free(warning);
}

void bloom_description_fields(bloom_fields *fields, const bloom_deployed_filter *filter)
{
    put_shape(fields, filter);
    put_widths(fields, filter);
    put_rates(fields, filter);
    put_warning(fields, filter);
}

int bloom_description_append(bloom_fields *fields, const bloom_layout_description *description,
                             mpz_srcptr m, mpz_srcptr n, unsigned long k, int k_given,
                             const bloom_command_line *line)
{
    bloom_deployed_filter filter;
    int status = bloom_description_settle(&filter, description, m, n, k, k_given, line);
    if (status == BLOOM_EXIT_SUCCESS)
        bloom_description_fields(fields, &filter);
    bloom_deployed_filter_clear(&filter);
    return status;
}

int bloom_description_takes_bits_per_key(const bloom_layout_description *description)
{
    return description->library != 0 && bloom_rule_takes_bits_per_key(bloom_library_rule(description->library));
}

/* bloom_description_library_sizing, with the bits per key a quantity (real or exact). */
static int library_sizing(mpz_ptr m, unsigned long *k, int *k_given,
                          const bloom_layout_description *description, mpz_srcptr n, mpq_srcptr p,
                          const bloom_quantity *c, const bloom_command_line *line)
{
    if (check_combination(description, line) != BLOOM_EXIT_SUCCESS)
        return BLOOM_EXIT_USAGE;
    if (description->library == 0 || (p == NULL && !bloom_description_takes_bits_per_key(description)))
        return BLOOM_EXIT_SUCCESS;
    bloom_rule_sizing sizing;
    bloom_rule_sizing_init(&sizing);
    bloom_rule_id rule = bloom_library_rule(description->library);
    int applied = p != NULL ? bloom_rule_apply(&sizing, rule, n, p)
                            : bloom_rule_apply_bits_per_key_real(&sizing, rule, n, c);
    int status = BLOOM_EXIT_SUCCESS;
    if (applied == BLOOM_UNDEFINED) {
        char *keys = bloom_format_integer(n, 0);
        bloom_options_error(line, "--library: %s refuses %s keys at this %s; accepted: the sizes "
                            "the library builds (calc/src/library_rules.c)",
                            bloom_library_names[description->library], keys,
                            p != NULL ? "rate" : "bits per key");
        free(keys);
        status = BLOOM_EXIT_USAGE;
    } else if (applied != BLOOM_OK) {
        bloom_options_error(line, "--library: the sizing of %s could not be certified",
                            bloom_library_names[description->library]);
        status = BLOOM_EXIT_FAILURE;
    } else {
        mpz_set(m, sizing.m_bits);
        *k = sizing.k;
        *k_given = 1;
    }
    bloom_rule_sizing_clear(&sizing);
    return status;
}

int bloom_description_library_sizing(mpz_ptr m, unsigned long *k, int *k_given,
                                     const bloom_layout_description *description, mpz_srcptr n,
                                     mpq_srcptr p, mpq_srcptr c, const bloom_command_line *line)
{
    bloom_quantity exact = { bloom_enclose_rational, c, bloom_exact_rational };
    return library_sizing(m, k, k_given, description, n, p, c != NULL ? &exact : NULL, line);
}

int bloom_description_library_sizing_per_key(mpz_ptr m, unsigned long *k, int *k_given,
                                             const bloom_layout_description *description,
                                             mpz_srcptr n, const bloom_quantity *bits_per_key,
                                             const bloom_command_line *line)
{
    *k_given = 0;
    if (!bloom_description_takes_bits_per_key(description))
        return BLOOM_EXIT_SUCCESS;
    return library_sizing(m, k, k_given, description, n, NULL, bits_per_key, line);
}
