/*
 * command_merge.c - "bloomsim merge [FILE...]": the shard files of one run
 * (command_shard.h, sim/shard) merged into exactly what the unsharded run
 * prints.  Parsing and printing only.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command_shard.h"
#include "commands.h"

static const char description[] =
    "Reads the files written by 'bloomsim fpr|plan|lsm|grow ... --shard I/N' (each\n"
    "FILE may hold several, one after the other; no FILE or '-': standard input),\n"
    "checks that they are shards of one run (same fingerprint: program version,\n"
    "command, options, key file), each intact (its checksum) with counts its\n"
    "trials can produce, none given twice and none missing, and prints\n"
    "exactly what that command without --shard prints, byte for byte, in its\n"
    "--format and --digits unless these are given here.  A run with --key-file FILE\n"
    "needs the same file at the same path.  With shards missing it names them and\n"
    "exits 2, or with --partial prints the result of those present, marked partial.\n";

/* The commands a shard can come from. */
static const bloom_subcommand shardable[] = {
    { "fpr", bloomsim_fpr }, { "plan", bloomsim_plan }, { "lsm", bloomsim_lsm }, { "grow", bloomsim_grow },
};

typedef struct shard_set {
    sim_shard_file *files;
    size_t count, capacity;
} shard_set;

static void shard_set_free(shard_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        sim_shard_file_free(&set->files[i]);
    free(set->files);
}

/* Reads every shard file of `input`.  Returns BLOOM_EXIT_SUCCESS, or BLOOM_EXIT_USAGE after the message. */
static int read_stream(shard_set *set, FILE *input, const char *name, const bloom_command_line *line)
{
    for (;;) {
        if (set->count == set->capacity) {
            size_t capacity = set->capacity < 8 ? 8 : 2 * set->capacity;
            sim_shard_file *grown = realloc(set->files, capacity * sizeof *grown);
            if (grown == NULL) {
                bloom_options_error(line, "out of memory");
                return BLOOM_EXIT_USAGE;
            }
            set->files = grown;
            set->capacity = capacity;
        }
        char error[512];
        int status = sim_shard_file_read(input, name, &set->files[set->count], error, sizeof error);
        if (status == 1) {
            sim_shard_file_free(&set->files[set->count]);
            return BLOOM_EXIT_SUCCESS;
        }
        set->count++;
        if (status != 0) {
            bloom_options_error(line, "%s", error);
            return BLOOM_EXIT_USAGE;
        }
    }
}

static int read_files(shard_set *set, char **names, size_t count, const bloom_command_line *line)
{
    int status = BLOOM_EXIT_SUCCESS;
    for (size_t i = 0; status == BLOOM_EXIT_SUCCESS && i < (count == 0 ? 1 : count); i++) {
        const char *name = count == 0 ? "-" : names[i];
        if (strcmp(name, "-") == 0) {
            status = read_stream(set, stdin, "standard input", line);
            continue;
        }
        FILE *input = fopen(name, "r");
        if (input == NULL) {
            bloom_options_error(line, "cannot open '%s'", name);
            return BLOOM_EXIT_USAGE;
        }
        status = read_stream(set, input, name, line);
        fclose(input);
    }
    if (status == BLOOM_EXIT_SUCCESS && set->count == 0) {
        bloom_options_error(line, "no shard file in the input");
        status = BLOOM_EXIT_USAGE;
    }
    return status;
}

/* "2, 3 and 7" (1-based), at most `shown` of them. */
static void missing_list(char *text, size_t size, const sim_shard_merge *merge)
{
    size_t used = 0, shown = 20;
    text[0] = '\0';
    for (uint64_t i = 0; i < merge->missing_count && i < shown && used < size; i++)
        used += (size_t)snprintf(text + used, size - used, "%s%" PRIu64,
                                 i == 0 ? "" : i + 1 == merge->missing_count ? " and " : ", ",
                                 merge->missing[i] + 1);
    if (merge->missing_count > shown && used < size)
        snprintf(text + used, size - used, " and %" PRIu64 " more", merge->missing_count - shown);
}

/* The missing shards (1-based) as runs of consecutive numbers: "3,7,10-20"
 * for Slurm's --array, "3 7 $(seq 10 20)" for a shell's word list. */
static void write_missing_runs(FILE *text, const sim_shard_merge *merge, int slurm)
{
    for (uint64_t i = 0, j; i < merge->missing_count; i = j + 1) {
        j = i;
        while (j + 1 < merge->missing_count && merge->missing[j + 1] == merge->missing[j] + 1)
            j++;
        uint64_t low = merge->missing[i] + 1, high = merge->missing[j] + 1;
        fputs(i == 0 ? "" : slurm ? "," : " ", text);
        if (low == high)
            fprintf(text, "%" PRIu64, low);
        else
            fprintf(text, slurm ? "%" PRIu64 "-%" PRIu64 : "$(seq %" PRIu64 " %" PRIu64 ")", low, high);
    }
}

/* A word as the shell reads it back: quoted unless every character is plain. */
static void write_shell_word(FILE *text, const char *word)
{
    if (word[0] != '\0' && strspn(word, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                         "0123456789_./=:,+%@{}-") == strlen(word)) {
        fputs(word, text);
        return;
    }
    fputc('\'', text);
    for (const char *c = word; *c != '\0'; c++) {
        if (*c == '\'')
            fputs("'\\''", text);   /* close the quotes, an escaped quote, reopen */
        else
            fputc(*c, text);
    }
    fputc('\'', text);
}

/* The last run of digits in `name` that reads `number`: its start, or NULL. */
static const char *number_in_name(const char *name, uint64_t number)
{
    char digits[24];
    snprintf(digits, sizeof digits, "%" PRIu64, number);
    size_t length = strlen(digits);
    const char *found = NULL;
    for (const char *c = name; *c != '\0'; c++)
        if (isdigit((unsigned char)*c) && (c == name || !isdigit((unsigned char)c[-1]))) {
            size_t run = strspn(c, "0123456789");
            found = run == length && strncmp(c, digits, length) == 0 ? c : NULL;
        }
    return found;
}

/* Nonzero when names a and b are the same but for the shard numbers at a_at and b_at. */
static int same_but_number(const char *a, const char *a_at, const char *b, const char *b_at)
{
    size_t prefix = (size_t)(a_at - a);
    return prefix == (size_t)(b_at - b) && strncmp(a, b, prefix) == 0
        && strcmp(a_at + strspn(a_at, "0123456789"), b_at + strspn(b_at, "0123456789")) == 0;
}

/* The files' names with the shard number written "{}" ("shard.{}.txt") when
 * every file holds one shard and is named so; "shard.{}" otherwise.  NULL
 * when out of memory. */
static char *name_pattern(const shard_set *set)
{
    const char *first = set->files[0].name;
    const char *first_at = number_in_name(first, set->files[0].selection.index + 1);
    int named = first_at != NULL;
    for (size_t i = 1; named && i < set->count; i++) {
        const sim_shard_file *file = &set->files[i];
        const char *at = number_in_name(file->name, file->selection.index + 1);
        named = at != NULL && same_but_number(first, first_at, file->name, at);
    }
    if (!named)
        return strdup("shard.{}");
    size_t size = strlen(first) + 3;
    char *pattern = malloc(size);
    if (pattern != NULL)
        snprintf(pattern, size, "%.*s{}%s", (int)(first_at - first), first, first_at + strspn(first_at, "0123456789"));
    return pattern;
}

/* The shards' command line for GNU parallel: their recorded options, shard
 * {} of N, written to files named like the ones given.  NULL when out of memory. */
static char *parallel_command(const sim_shard_merge *merge, const shard_set *set)
{
    char *command = NULL;
    size_t size = 0;
    FILE *text = open_memstream(&command, &size);
    if (text == NULL)
        return NULL;
    const sim_shard_run *run = &merge->first->run;
    fprintf(text, "bloomsim %s", run->command);
    for (size_t i = 0; i < run->option_count; i++) {
        fputc(' ', text);
        write_shell_word(text, run->options[i]);
    }
    fprintf(text, " --threads 1 --shard {}/%" PRIu64 " --output ", merge->count);
    char *pattern = name_pattern(set);
    if (pattern != NULL)
        write_shell_word(text, pattern);
    free(pattern);
    if (fclose(text) != 0 || pattern == NULL) {
        free(command);
        return NULL;
    }
    return command;
}

/*
 * The commands that run just the missing shards, for the merge's message:
 * the Slurm array script of sim/SCALE-OUT.md given those array indices, and GNU
 * parallel given the shards' command line as one word (parallel hands it
 * to a shell).  NULL when out of memory.
 */
static char *rerun_commands(const sim_shard_merge *merge, const shard_set *set)
{
    char *command = parallel_command(merge, set);
    char *commands = NULL;
    size_t size = 0;
    FILE *text = command == NULL ? NULL : open_memstream(&commands, &size);
    if (text == NULL) {
        free(command);
        return NULL;
    }
    fputs("to rerun them: sbatch --array=", text);
    write_missing_runs(text, merge, 1);
    fputs(" shards.sh (the Slurm array script), or parallel ", text);
    write_shell_word(text, command);
    fputs(" ::: ", text);
    write_missing_runs(text, merge, 0);
    free(command);
    if (fclose(text) != 0) {
        free(commands);
        return NULL;
    }
    return commands;
}

/* The shards' command line with the output options chosen (merge's own
 * --digits, --format and --crlf replace theirs); NULL when out of memory. */
static char **replay_arguments(const sim_shard_run *run, const bloom_command_line *line, char *digits, char *format,
                               int *argc)
{
    char **argv = calloc(5 + run->option_count + run->output_count, sizeof *argv);
    if (argv == NULL)
        return NULL;
    int used = 0;
    argv[used++] = "bloomsim";
    argv[used++] = run->command;
    for (size_t i = 0; i < run->option_count; i++)
        argv[used++] = run->options[i];
    int digits_given = bloom_options_given(line, "digits"), format_given = bloom_options_given(line, "format");
    int crlf_given = bloom_options_given(line, "crlf");
    for (size_t i = 0; i < run->output_count; i++)
        if (!(digits_given && strncmp(run->outputs[i], "--digits=", 9) == 0)
            && !(format_given && strncmp(run->outputs[i], "--format=", 9) == 0)
            && !(crlf_given && strcmp(run->outputs[i], "--crlf") == 0))
            argv[used++] = run->outputs[i];
    if (crlf_given)
        argv[used++] = "--crlf";
    if (digits_given)
        argv[used++] = digits;
    if (format_given)
        argv[used++] = format;
    *argc = used;
    return argv;
}

static int replay(const sim_shard_merge *merge, const bloom_output_choice *output,
                  const bloom_command_line *line)
{
    const sim_shard_run *run = &merge->first->run;
    int (*command)(int, char **, int) = NULL;
    for (size_t i = 0; i < sizeof shardable / sizeof shardable[0]; i++)
        if (strcmp(shardable[i].name, run->command) == 0)
            command = shardable[i].run;
    if (command == NULL) {
        bloom_options_error(line, "%s: shards of an unknown command '%s'", merge->first->name, run->command);
        return BLOOM_EXIT_USAGE;
    }
    char digits[32], format[32];
    snprintf(digits, sizeof digits, "--digits=%lu", output->digits);
    snprintf(format, sizeof format, "--format=%s", bloom_format_names[output->format]);
    int argc = 0;
    char **argv = replay_arguments(run, line, digits, format, &argc);
    if (argv == NULL) {
        bloom_options_error(line, "out of memory");
        return BLOOM_EXIT_FAILURE;
    }
    int status = bloomsim_shard_replay(merge, command, argc, argv);
    free(argv);
    return status;
}

/* The one line on missing shards: which, and how to rerun them.  Returns
 * the status: 0 with --partial (the result is printed), else 2. */
static int report_missing(const sim_shard_merge *merge, const shard_set *set, int partial,
                          const bloom_command_line *line)
{
    char missing[512];
    missing_list(missing, sizeof missing, merge);
    char *rerun = rerun_commands(merge, set);
    bloom_options_error(line, "shard%s %s of %" PRIu64 " missing%s; %s", merge->missing_count > 1 ? "s" : "",
                        missing, merge->count,
                        partial ? ": printing the partial result" : " (give them, or --partial)",
                        rerun != NULL ? rerun : "rerun them");
    free(rerun);
    return partial ? BLOOM_EXIT_SUCCESS : BLOOM_EXIT_USAGE;
}

/* Splits argv into option words (with the values of --digits, --format and
 * --output written apart) and file names.  Returns the option word count. */
static int split_arguments(int argc, char **argv, int first, char **words, char **names, size_t *name_count)
{
    int count = 0, files_only = 0;
    *name_count = 0;
    for (int i = first; i < argc; i++) {
        const char *word = argv[i];
        if (!files_only && strcmp(word, "--") == 0) {
            files_only = 1;
        } else if (files_only || word[0] != '-' || strcmp(word, "-") == 0) {
            names[(*name_count)++] = argv[i];
        } else {
            words[count++] = argv[i];
            if ((strcmp(word, "--digits") == 0 || strcmp(word, "--format") == 0 || strcmp(word, "--output") == 0)
                && i + 1 < argc)
                words[count++] = argv[++i];
        }
    }
    return count;
}

int bloomsim_merge(int argc, char **argv, int first)
{
    int partial = 0;
    bloom_output_choice output = { BLOOM_DEFAULT_DIGITS, BLOOM_FORMAT_TABLE };
    bloom_option options[] = {
        BLOOM_OUTPUT_OPTIONS(output),
        BLOOM_OUTPUT_FILE_OPTION,
        { .long_name = "partial", .kind = BLOOM_OPTION_FLAG, .destination = &partial,
          .help = "with shards missing, print the result of those given, marked partial" },
    };
    bloom_command_line line = { "bloomsim", "merge", "[OPTIONS] [FILE...]", description, options,
                                sizeof options / sizeof options[0], NULL };
    bloom_options_outcome answered = bloom_options_answer_help(&line, argc, argv, first);
    if (answered != BLOOM_OPTIONS_PARSED)   /* before the split: a file name beside --help is refused */
        return bloom_options_exit_status(answered);
    char **words = calloc((size_t)argc + 1, sizeof *words);
    char **names = calloc((size_t)argc + 1, sizeof *names);
    if (words == NULL || names == NULL) {
        free(words);
        free(names);
        bloom_options_error(&line, "out of memory");
        return BLOOM_EXIT_FAILURE;
    }
    words[0] = argv[0];
    size_t name_count = 0;
    int word_count = 1 + split_arguments(argc, argv, first, words + 1, names, &name_count);
    bloom_options_outcome parsed = bloom_options_parse(&line, word_count, words, 1);
    int status = bloom_options_exit_status(parsed);
    shard_set set = { NULL, 0, 0 };
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = read_files(&set, names, name_count, &line);
    sim_shard_merge merge;
    memset(&merge, 0, sizeof merge);
    char error[512];
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS
        && sim_shard_merge_files(&merge, set.files, set.count, error, sizeof error) != 0) {
        bloom_options_error(&line, "%s", error);
        status = BLOOM_EXIT_USAGE;
    }
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS && merge.missing_count > 0)
        status = report_missing(&merge, &set, partial, &line);
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS) {
        status = replay(&merge, &output, &line);
        status = status == BLOOM_EXIT_INTERRUPTED && merge.missing_count > 0 ? BLOOM_EXIT_SUCCESS : status;
    }
    sim_shard_merge_free(&merge);
    shard_set_free(&set);
    free(words);
    free(names);
    return status;
}
