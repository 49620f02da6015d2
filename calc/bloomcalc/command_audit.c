/*
 * command_audit.c - "bloomcalc audit PATH...": the filters a database
 * really holds, read from its table files (table_file.h), with what each
 * costs (bytes, bits per key) and gives (the exact rate of its bits beside
 * the calculator's rate for a filter of that size), one record per file or
 * (--summary) one for them all.  Parsing and printing only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "commands.h"
#include "fields.h"
#include "options.h"
#include "table_file.h"
#include "table_files.h"

static const char description[] =
    "Reads the filters of RocksDB block-based tables (full filters: format_version 5\n"
    "FastLocalBloom, Ribbon, the legacy Bloom) and LevelDB tables (its per-2 KiB\n"
    "filters) from their files, with no database library: footer, meta-index,\n"
    "properties and filter blocks, every block's checksum verified.  A directory\n"
    "gives its files named *.sst and *.ldb.  One record per file: its entries\n"
    "(RocksDB's table properties; LevelDB: its data blocks' entries counted),\n"
    "filter policy and format, filter bytes, bits per key, k, set bits, fpr_bits\n"
    "(the rate an absent key meets, exactly from the bits: the mean over the\n"
    "filter's 512-bit lines of (set bits in the line / 512)^k; for RocksDB's legacy\n"
    "Bloom, of the share of its in-line probe progressions that meet only set bits;\n"
    "a Ribbon's from the result bits it stores; LevelDB: the mean over its filters\n"
    "of (set/m)^k, each filter weighted alike) and fpr_layout (the calculator's rate\n"
    "for a filter of that file's bits, k and entries under its library's rule:\n"
    "rocksdb, rocksdb@legacy, rocksdb-ribbon; empty for LevelDB, whose files record\n"
    "no keys per filter).  A directory holding a CURRENT file is a database: the\n"
    "MANIFEST it names is replayed (the default column family's live files) and\n"
    "gives each file its level; a file it does not list is warned of, and a file it\n"
    "lists that the directory lacks is printed with its level and a warning.\n"
    "Files of no MANIFEST print the --level given, or none.  --summary prints one\n"
    "record instead: files, entries, filter memory, the entries-weighted mean and\n"
    "the worst fpr_bits, and the expected false reads of an absent lookup: with a\n"
    "MANIFEST, each file's fpr_bits by the share of the tree's key range its keys\n"
    "span (a lookup consults the files whose range holds its key); without one,\n"
    "every file of level 0 (or of no known level) consulted, each its own sorted\n"
    "run, and one file of each deeper level: the sum of the level-0 files' fpr_bits\n"
    "and of each deeper level's entries-weighted mean.  Its warning\n"
    "names the files apart from the rest (no filter, another filter format such as\n"
    "a Ribbon fallen back to Bloom, bits per key below 2/3 or above 3/2 of the\n"
    "files' median).  A file that is not such a table, truncated, corrupt, or\n"
    "whose filter is not read here is refused AFTER the others are audited and\n"
    "printed: exit status 2 and one line naming the (first) file and what was\n"
    "found.";

/* The files audited: their paths and what was read of each. */
typedef struct audit_set {
    bloom_table_paths paths;
    bloom_table_audit *audits;
    const bloom_table_audit **read;    /* the files read, in order */
    const char **read_paths;
    const bloom_table_path **read_listed; /* where each stands in its MANIFEST */
    int *read_levels;                  /* the MANIFEST's level, or --level, or -1 */
    const bloom_table_path **missing;  /* listed by a MANIFEST, absent */
    size_t missing_count;
    size_t unlisted;                   /* files read that their MANIFEST does not list */
    size_t read_count;
    size_t refused;                    /* files refused; the first is named */
    const char *first_refused, *first_problem;
} audit_set;

static void audit_one(audit_set *set, size_t i, int level)
{
    bloom_table_path *path = &set->paths.items[i];
    bloom_table_audit *audit = &set->audits[i];
    if (path->listing == BLOOM_TABLE_MISSING) {
        set->missing[set->missing_count++] = path;
        return;
    }
    unsigned char *bytes = NULL;
    size_t size = 0;
    const char *problem = path->error;
    if (problem == NULL && bloom_table_path_read(path, &bytes, &size) != 0)
        problem = path->error;
    if (problem == NULL && bloom_table_audit_read(audit, bytes, size) != BLOOM_OK)
        problem = audit->problem;
    free(bytes);
    if (problem == NULL) {
        set->unlisted += path->listing == BLOOM_TABLE_UNLISTED;
        set->read_listed[set->read_count] = path;
        set->read_levels[set->read_count] = path->level >= 0 ? path->level : level;
        set->read_paths[set->read_count] = path->path;
        set->read[set->read_count++] = audit;
    } else if (set->refused++ == 0) {
        set->first_refused = path->path;
        set->first_problem = problem;
    }
}

static void audit_all(audit_set *set, char *const *given, size_t count, int level)
{
    memset(set, 0, sizeof *set);
    bloom_table_paths_expand(&set->paths, given, count);
    size_t n = set->paths.count ? set->paths.count : 1;
    set->audits = calloc(n, sizeof *set->audits);
    set->read = calloc(n, sizeof *set->read);
    set->read_paths = calloc(n, sizeof *set->read_paths);
    set->read_listed = calloc(n, sizeof *set->read_listed);
    set->read_levels = calloc(n, sizeof *set->read_levels);
    set->missing = calloc(n, sizeof *set->missing);
    if (set->audits == NULL || set->read == NULL || set->read_paths == NULL || set->read_listed == NULL
        || set->read_levels == NULL || set->missing == NULL)
        abort();
    for (size_t i = 0; i < set->paths.count; i++) {
        bloom_table_audit_init(&set->audits[i]);
        audit_one(set, i, level);
    }
}

static void audit_set_clear(audit_set *set)
{
    for (size_t i = 0; i < set->paths.count; i++)
        bloom_table_audit_clear(&set->audits[i]);
    free(set->audits);
    free(set->read);
    free(set->read_paths);
    free(set->read_listed);
    free(set->read_levels);
    free(set->missing);
    bloom_table_paths_clear(&set->paths);
}

static const char *const apart_warnings[] = {
    NULL,
    "no filter: every lookup reads this file",
    "its filter format is not the one most files have",
    "its bits per key are below 2/3 or above 3/2 of the files' median",
};

/* LevelDB's probes step by a function of the hash, which crowds some probes onto few bits
 * (calc/FORMULAS.md §r): its filters give more than (s/m)^k. */
static const char leveldb_warning[] =
    "LevelDB's probes are not independent: its filters' rate lies above fpr_bits "
    "(1.05 % measured in a LevelDB 1.23 database at 10 bits a key, where independent probes "
    "give 0.82 %; FORMULAS.md §r)";

static const char unlisted_warning[] =
    "not a live file of the default column family in its directory's MANIFEST";
static const char missing_warning[] = "listed in the MANIFEST, missing from the directory";

static void put_level(bloom_fields *fields, int level)
{
    if (level >= 0)
        bloom_fields_unsigned(fields, "level", "level", NULL, (unsigned long)level);
    else
        bloom_fields_missing(fields, "level", "level");
}

/* A file the MANIFEST lists that the directory lacks: its name and level, nothing read. */
static void put_missing(bloom_fields *fields, const bloom_table_path *path)
{
    static const char *const unread[][2] = {
        { "entries", "entries" }, { "policy", "policy" }, { "filter_format", "format" },
        { "filter_bytes", "filter bytes" }, { "bits_per_key", "bits/key" }, { "k", "k" },
        { "set_bits", "set bits" }, { "fpr_bits", "rate from bits" }, { "fpr_layout", "rate predicted" },
    };
    bloom_fields_text(fields, "file", "file", path->path);
    put_level(fields, path->level);
    for (size_t i = 0; i < sizeof unread / sizeof unread[0]; i++)
        bloom_fields_missing(fields, unread[i][0], unread[i][1]);
    bloom_fields_text(fields, "warning", "warning", missing_warning);
}

static void put_file(bloom_fields *fields, const char *path, const bloom_table_audit *audit,
                     bloom_table_apart apart, int level, int unlisted)
{
    int filtered = audit->filter != BLOOM_TABLE_NO_FILTER;
    mpq_t bits_per_key;
    mpq_init(bits_per_key);
    bloom_fields_text(fields, "file", "file", path);
    put_level(fields, level);
    if (audit->has_entries)
        bloom_fields_unsigned(fields, "entries", "entries", NULL, (unsigned long)audit->entries);
    else
        bloom_fields_missing(fields, "entries", "entries");
    bloom_fields_text(fields, "policy", "policy", audit->policy[0] ? audit->policy : "none");
    bloom_fields_text(fields, "filter_format", "format", bloom_table_filter_names[audit->filter]);
    bloom_fields_unsigned(fields, "filter_bytes", "filter bytes", NULL, (unsigned long)audit->filter_bytes);
    if (audit->partitioned)
        bloom_fields_unsigned(fields, "partitions", "partitions", NULL, (unsigned long)audit->filters);
    else
        bloom_fields_missing(fields, "partitions", "partitions");
    if (bloom_table_bits_per_key(bits_per_key, audit) == BLOOM_OK)
        bloom_fields_rational(fields, "bits_per_key", "bits/key", NULL, bits_per_key);
    else
        bloom_fields_missing(fields, "bits_per_key", "bits/key");
    if (filtered && audit->k > 0)
        bloom_fields_unsigned(fields, "k", "k", NULL, audit->k);
    else
        bloom_fields_missing(fields, "k", "k");
    if (filtered)
        bloom_fields_unsigned(fields, "set_bits", "set bits", NULL, (unsigned long)audit->set_bits);
    else
        bloom_fields_missing(fields, "set_bits", "set bits");
    bloom_fields_rational(fields, "fpr_bits", "rate from bits", NULL, audit->fpr_bits);
    bloom_table_prediction prediction;
    if (bloom_table_prediction_init(&prediction, audit) == BLOOM_OK)
        bloom_fields_quantity(fields, "fpr_layout", "rate predicted", NULL, &prediction.rate);
    else
        bloom_fields_missing(fields, "fpr_layout", "rate predicted");
    bloom_table_prediction_clear(&prediction);
    const char *warning = apart_warnings[apart] != NULL ? apart_warnings[apart]
                          : audit->leveldb ? leveldb_warning : NULL;
    char both[400];
    if (unlisted && warning != NULL)
        snprintf(both, sizeof both, "%s; %s", unlisted_warning, warning);
    if (unlisted)
        warning = warning != NULL ? both : unlisted_warning;
    if (warning != NULL)
        bloom_fields_text(fields, "warning", "warning", warning);
    else
        bloom_fields_missing(fields, "warning", "warning");
    mpq_clear(bits_per_key);
}

/* "apart from the rest: FILE (why), ...; listed in the MANIFEST, missing: FILE, ...; not
 * listed in the MANIFEST: FILE, ..." (malloc'd), or NULL when no file is any of these. */
static char *summary_warning(const audit_set *set, const bloom_table_apart *apart)
{
    static const char *const why[] = { NULL, "no filter", "another filter format", "bits per key" };
    size_t room = 160;
    for (size_t i = 0; i < set->read_count; i++)
        room += strlen(set->read_paths[i]) + 32;
    for (size_t i = 0; i < set->missing_count; i++)
        room += strlen(set->missing[i]->path) + 4;
    char *text = malloc(room);
    if (text == NULL)
        abort();
    size_t used = 0, apart_named = 0, unlisted_named = 0;
    text[0] = '\0';
    for (size_t i = 0; i < set->read_count; i++)
        if (apart[i] != BLOOM_TABLE_ALIKE)
            used += (size_t)snprintf(text + used, room - used, "%s%s (%s)",
                                     apart_named++ ? ", " : "apart from the rest: ", set->read_paths[i], why[apart[i]]);
    for (size_t i = 0; i < set->missing_count; i++)
        used += (size_t)snprintf(text + used, room - used, "%s%s",
                                 i > 0 ? ", " : used > 0 ? "; listed in the MANIFEST, missing: "
                                                         : "listed in the MANIFEST, missing: ",
                                 set->missing[i]->path);
    for (size_t i = 0; i < set->read_count; i++)
        if (set->read_listed[i]->listing == BLOOM_TABLE_UNLISTED)
            used += (size_t)snprintf(text + used, room - used, "%s%s",
                                     unlisted_named++ ? ", " : used > 0 ? "; not listed in the MANIFEST: "
                                                                        : "not listed in the MANIFEST: ",
                                     set->read_paths[i]);
    if (used == 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* How many files an absent lookup consults, by the levels of the files read. */
static const char *consulted_note(const audit_set *set)
{
    int shallow = 0, deep = -1, several = 0;
    for (size_t i = 0; i < set->read_count; i++)
        if (set->read_listed[i]->range != 0)
            return "(each file by the share of the tree's key range it spans)";
    for (size_t i = 0; i < set->read_count; i++) {
        int level = set->read_levels[i];
        if (level < 1)
            shallow = 1;
        else if (deep == -1)
            deep = level;
        else
            several = several || level != deep;
    }
    if (deep == -1)
        return "(every file consulted)";
    return shallow || several ? "(every level-0 file, one file a deeper level)" : "(one file consulted)";
}

static void put_summary(bloom_fields *fields, const audit_set *set, const bloom_table_apart *apart)
{
    bloom_table_summary summary;
    bloom_table_summary_init(&summary);
    for (size_t i = 0; i < set->read_count; i++)
        bloom_table_summary_add(&summary, set->read[i]);
    int mean = bloom_table_summary_finish(&summary, -1) == BLOOM_OK;
    uint64_t *covered = calloc(set->read_count ? set->read_count : 1, sizeof *covered);
    uint64_t *range = calloc(set->read_count ? set->read_count : 1, sizeof *range);
    if (covered == NULL || range == NULL)
        abort();
    for (size_t i = 0; i < set->read_count; i++) {
        covered[i] = set->read_listed[i]->covered;
        range[i] = set->read_listed[i]->range;
    }
    int reads = bloom_table_tree_false_reads(summary.false_reads, set->read, set->read_levels, covered, range,
                                             set->read_count) == BLOOM_OK;
    free(covered);
    free(range);
    bloom_fields_unsigned(fields, "files", "files", NULL, summary.files);
    if (summary.entries_known)
        bloom_fields_integer(fields, "keys_total", "entries", NULL, summary.entries);
    else
        bloom_fields_missing(fields, "keys_total", "entries");
    bloom_fields_integer(fields, "bytes_total", "filter memory", "bytes", summary.filter_bytes);
    if (mean)
        bloom_fields_rational(fields, "fpr_deployment", "mean rate (entries-weighted)", NULL, summary.fpr_mean);
    else
        bloom_fields_missing(fields, "fpr_deployment", "mean rate (entries-weighted)");
    bloom_fields_rational(fields, "fpr_bits_worst", "worst rate", NULL, summary.fpr_worst);
    if (reads)
        bloom_fields_rational(fields, "read_amp_miss", "false reads, absent lookup", consulted_note(set),
                              summary.false_reads);
    else
        bloom_fields_missing(fields, "read_amp_miss", "false reads, absent lookup");
    char *warning = summary_warning(set, apart);
    if (warning != NULL)
        bloom_fields_text(fields, "warning", "warning", warning);
    else
        bloom_fields_missing(fields, "warning", "warning");
    free(warning);
    bloom_table_summary_clear(&summary);
}

/* --columns named a key the records do not have: one line, exit status 2. */
static int unknown_column(const char *name, const bloom_command_line *line)
{
    bloom_options_error(line, "--columns: '%s' names a key audit does not print; accepted: keys of "
                        "'bloomcalc audit PATH --format csv' (with --summary, of its record)", name);
    return BLOOM_EXIT_USAGE;
}

/* The files of `set` on `level` as a set of their own (its arrays malloc'd; nothing missing),
 * with their apart[] in part[]. */
static void level_view(audit_set *view, bloom_table_apart *part, const audit_set *set,
                       const bloom_table_apart *apart, int level)
{
    memset(view, 0, sizeof *view);
    size_t n = set->read_count ? set->read_count : 1;
    view->read = calloc(n, sizeof *view->read);
    view->read_paths = calloc(n, sizeof *view->read_paths);
    view->read_listed = calloc(n, sizeof *view->read_listed);
    view->read_levels = calloc(n, sizeof *view->read_levels);
    if (view->read == NULL || view->read_paths == NULL || view->read_listed == NULL || view->read_levels == NULL)
        abort();
    for (size_t i = 0; i < set->read_count; i++)
        if (set->read_levels[i] == level) {
            part[view->read_count] = apart[i];
            view->read[view->read_count] = set->read[i];
            view->read_paths[view->read_count] = set->read_paths[i];
            view->read_listed[view->read_count] = set->read_listed[i];
            view->read_levels[view->read_count++] = level;
        }
}

static void level_view_clear(audit_set *view)
{
    free(view->read);
    free(view->read_paths);
    free(view->read_listed);
    free(view->read_levels);
}

/* One summary row (of a level, or level < -1: of the whole), its columns chosen.  Returns the
 * unknown column's name, or NULL. */
static const char *summary_row(bloom_record *row, const audit_set *set, const bloom_table_apart *apart,
                               int level, const char *columns, const bloom_output_choice *output)
{
    bloom_fields fields;
    bloom_fields_init(&fields, output->digits, (bloom_format)output->format);
    if (level >= 0)
        bloom_fields_unsigned(&fields, "level", "level", NULL, (unsigned long)level);
    else
        bloom_fields_missing(&fields, "level", "level");
    put_summary(&fields, set, apart);
    bloom_record_init(row);
    const char *unknown = bloom_columns_select(row, &fields.record, columns, fields.digits);
    bloom_fields_clear(&fields);
    return unknown;
}

/* --by-level: a summary row for each level the files are on (their own share of the false
 * reads), then one of the whole. */
static int print_levels(const audit_set *set, const bloom_table_apart *apart, const char *columns,
                        const bloom_output_choice *output, const bloom_command_line *line)
{
    bloom_record rows[BLOOM_TABLE_MAX_LEVELS + 2];
    bloom_table_apart *part = calloc(set->read_count ? set->read_count : 1, sizeof *part);
    if (part == NULL)
        abort();
    size_t count = 0;
    const char *unknown = NULL;
    for (int level = -1; level < BLOOM_TABLE_MAX_LEVELS && unknown == NULL; level++) {
        audit_set view;
        level_view(&view, part, set, apart, level);
        if (view.read_count > 0 && view.read_count < set->read_count)
            unknown = summary_row(&rows[count++], &view, part, level, columns, output);
        level_view_clear(&view);
    }
    if (unknown == NULL)
        unknown = summary_row(&rows[count++], set, apart, -2, columns, output);
    if (unknown == NULL)
        bloom_write_records(stdout, rows, count, (bloom_format)output->format);
    for (size_t i = 0; i < count; i++)
        bloom_record_clear(&rows[i]);
    free(part);
    return unknown != NULL ? unknown_column(unknown, line) : BLOOM_EXIT_SUCCESS;
}

/* Prints the records of the files read (or their summary); returns 0, or 1 when a rate could
 * not be certified. */
static int print_audit(const audit_set *set, int summary, const char *columns,
                       const bloom_output_choice *output, const bloom_command_line *line)
{
    bloom_table_apart *apart = calloc(set->read_count ? set->read_count : 1, sizeof *apart);
    if (apart == NULL)
        abort();
    bloom_table_apart_of(apart, set->read, set->read_count);
    int status = BLOOM_EXIT_SUCCESS;
    if (summary == 2) {
        status = print_levels(set, apart, columns, output, line);
    } else if (summary) {
        bloom_fields fields;
        bloom_fields_init(&fields, output->digits, (bloom_format)output->format);
        put_summary(&fields, set, apart);
        bloom_record chosen;
        bloom_record_init(&chosen);
        const char *unknown = bloom_columns_select(&chosen, &fields.record, columns, fields.digits);
        bloom_record_clear(&fields.record);
        fields.record = chosen;
        status = unknown != NULL ? unknown_column(unknown, line) : bloomcalc_emit(&fields, output->format, line);
    } else if (set->read_count + set->missing_count > 0) {
        size_t count = set->read_count + set->missing_count;
        bloom_record *rows = calloc(count, sizeof *rows);
        if (rows == NULL)
            abort();
        int certified = BLOOM_OK;
        const char *unknown = NULL;
        for (size_t i = 0; i < count && unknown == NULL; i++) {
            bloom_fields fields;
            bloom_fields_init(&fields, output->digits, (bloom_format)output->format);
            if (i < set->read_count)
                put_file(&fields, set->read_paths[i], set->read[i], apart[i], set->read_levels[i],
                         set->read_listed[i]->listing == BLOOM_TABLE_UNLISTED);
            else
                put_missing(&fields, set->missing[i - set->read_count]);
            certified = certified != BLOOM_OK ? certified : fields.status;
            bloom_record_init(&rows[i]);
            unknown = bloom_columns_select(&rows[i], &fields.record, columns, fields.digits);
            bloom_fields_clear(&fields);
        }
        if (certified == BLOOM_OK && unknown == NULL)
            bloom_write_records(stdout, rows, count, (bloom_format)output->format);
        status = unknown != NULL ? unknown_column(unknown, line) : bloom_results_exit(line, certified);
        for (size_t i = 0; i < count; i++)
            bloom_record_clear(&rows[i]);
        free(rows);
    }
    free(apart);
    return status;
}

static int run_audit(char *const *given, size_t count, int summary, int level, const char *columns,
                     const bloom_output_choice *output, bloom_command_line *line)
{
    if (count == 0) {
        bloom_options_error(line, "no PATH given: name table files or database directories");
        return BLOOM_EXIT_USAGE;
    }
    audit_set set;
    audit_all(&set, given, count, level);
    int status = BLOOM_EXIT_SUCCESS;
    if (set.paths.count == 0) {
        bloom_options_error(line, "%s: no table file (*.sst, *.ldb) in it", given[0]);
        status = BLOOM_EXIT_USAGE;
    } else if (set.read_count + set.missing_count > 0 || !set.refused) {
        status = print_audit(&set, summary, columns, output, line);
    }
    if (set.refused > 0 && status != BLOOM_EXIT_FAILURE) {
        char more[64] = "";
        if (set.refused > 1)
            snprintf(more, sizeof more, " (and %zu more files refused)", set.refused - 1);
        bloom_options_error(line, "%s: %s%s", set.first_refused, set.first_problem, more);
        status = BLOOM_EXIT_USAGE;
    }
    audit_set_clear(&set);
    return status;
}

int bloomcalc_audit(int argc, char **argv, int first)
{
    int summary = 0, by_level = 0;
    unsigned long level = 0;
    const char *columns = NULL;
    bloom_output_choice output = { BLOOM_DEFAULT_DIGITS, BLOOM_FORMAT_TABLE };
    bloom_option options[] = {
        { .long_name = "summary", .kind = BLOOM_OPTION_FLAG, .destination = &summary,
          .help = "one record for all the files instead of one a file" },
        { .long_name = "by-level", .kind = BLOOM_OPTION_FLAG, .destination = &by_level,
          .help = "a summary record for each level the files are on (its files, memory, rates and "
                  "share of the false reads), then the whole's" },
        { .long_name = "level", .kind = BLOOM_OPTION_UNSIGNED, .destination = &level, .value_name = "L",
          .help = "the files of no MANIFEST are all on level L (0: each its own sorted run)", .minimum = 0,
          .maximum = BLOOM_TABLE_MAX_LEVELS - 1 },
        { .long_name = "columns", .kind = BLOOM_OPTION_TEXT, .destination = &columns, .value_name = "KEYS",
          .help = "print only these keys, in this order (comma-separated)" },
        BLOOM_OUTPUT_OPTIONS(output),
    };
    bloom_command_line line = { "bloomcalc", "audit", "[OPTIONS] PATH...", description, options,
                                sizeof options / sizeof options[0], NULL };
    bloom_options_outcome answered = bloom_options_answer_help(&line, argc, argv, first);
    if (answered != BLOOM_OPTIONS_PARSED)
        return bloom_options_exit_status(answered);
    char **words = calloc((size_t)argc + 1, sizeof *words);
    char **operands = calloc((size_t)argc + 1, sizeof *operands);
    if (words == NULL || operands == NULL)
        abort();
    int word_count = 0;
    size_t operand_count = 0;
    bloom_options_split_operands(&line, argc, argv, first, words + 1, &word_count, operands, &operand_count);
    words[0] = argv[0];
    bloom_options_outcome parsed = bloom_options_parse(&line, word_count + 1, words, 1);
    int status = bloom_options_exit_status(parsed);
    if (parsed == BLOOM_OPTIONS_PARSED)
        status = bloom_columns_check(columns, &line);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = run_audit(operands, operand_count, by_level ? 2 : summary,
                           bloom_options_given(&line, "level") ? (int)level : -1, columns, &output, &line);
    free(words);
    free(operands);
    return status;
}
