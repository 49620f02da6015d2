/*
 * options.h - the command-line grammar shared by bloomcalc and bloomsim.
 *
 * A command describes its options in a table; bloom_options_parse reads
 * argv against it, converts each value with numbers.h, and on any mistake
 * prints exactly one line on stderr naming the argument, the value and the
 * accepted forms, and says so (BLOOM_OPTIONS_REFUSED: the command exits
 * with BLOOM_EXIT_USAGE).  Commands read what was given by the options'
 * long names (bloom_options_given), never by their position in the table.  Options
 * may be written --name VALUE, --name=VALUE, -x VALUE or -xVALUE; the
 * positional arguments fill the options listed as positional, in order.
 */
#ifndef BLOOMCALC_OPTIONS_H
#define BLOOMCALC_OPTIONS_H

#include <stddef.h>
#include <gmp.h>

#include "cli_limits.h"
#include "exit_status.h"
#include "output.h"
#include "standard_output.h"

typedef enum bloom_option_kind {
    BLOOM_OPTION_FLAG,      /* no value: *(int *)destination = 1 */
    BLOOM_OPTION_COUNT,     /* whole number into an mpz_t, in [minimum, maximum] */
    BLOOM_OPTION_RATE,      /* rate into an mpq_t, in (0, 1), at least rate_minimum */
    BLOOM_OPTION_UNSIGNED,  /* whole number into an unsigned long, in [minimum, maximum] */
    BLOOM_OPTION_CHOICE,    /* one of `choices` (NULL-terminated): its index into an int */
    BLOOM_OPTION_TEXT,      /* any non-empty text: into a const char * */
    BLOOM_OPTION_REAL,      /* exact rational into an mpq_t, in [rate_minimum, maximum of count] */
    BLOOM_OPTION_SIZE,      /* a size with an optional unit (sizes.h), in bits into an mpz_t, in
                             * [count_minimum, count_maximum] bits; a bare number counts bytes
                             * when bare_bytes is set, bits otherwise */
    /* Lists "a,b,c" with ranges "a..b", into a bloom_value_list: items are
     * checked like the single kinds above.  A range includes its last
     * value; it steps by 10 when its ends are a power of ten apart, by 2
     * when a power of two apart, otherwise a count range doubles (or,
     * written downwards, halves: a halving that leaves a fraction, as in
     * 3^5..2^3, is refused as not whole), a rate range steps by a factor
     * of ten; unsigned and real ranges step by one (1..20); "a..b/x4" and
     * "a..b/+5" set the step.  When every "," has one to
     * three digits (or a group of three) before it and exactly three after
     * it, they group thousands as in a single value (1,000,000 and
     * 1,000..4,000 are one item); otherwise each separates items (8,64 and
     * "1, 100" are two, 1,2,99,100 four). */
    BLOOM_OPTION_COUNT_LIST,
    BLOOM_OPTION_RATE_LIST,
    BLOOM_OPTION_UNSIGNED_LIST,
    BLOOM_OPTION_SIZE_LIST, /* sizes, doubling (or halving) like counts */
    BLOOM_OPTION_REAL_LIST  /* exact rationals, checked as BLOOM_OPTION_REAL */
} bloom_option_kind;

/* The values of a list option, as exact rationals (whole numbers for counts). */
typedef struct bloom_value_list {
    mpq_t *values;
    size_t count;
    size_t capacity;    /* values allocated (grows by doubling) */
} bloom_value_list;

void bloom_value_list_init(bloom_value_list *list);
void bloom_value_list_clear(bloom_value_list *list);

typedef struct bloom_option {
    const char *long_name;          /* "digits" for --digits */
    char short_name;                /* 'k' for -k, or 0 */
    bloom_option_kind kind;
    void *destination;
    const char *value_name;         /* "D" in "--digits D" */
    const char *help;               /* one line for --help; the accepted range is added */
    unsigned long minimum, maximum; /* BLOOM_OPTION_UNSIGNED */
    const char *count_minimum;      /* BLOOM_OPTION_COUNT: bounds as text ("1", "2^256"), NULL for none */
    const char *count_maximum;
    const char *rate_minimum;       /* BLOOM_OPTION_RATE / REAL: lower bound as text, NULL for none */
    const char *const *choices;     /* BLOOM_OPTION_CHOICE */
    int bare_bytes;                 /* BLOOM_OPTION_SIZE: a number without a unit counts bytes */
    int whole_bytes;                /* BLOOM_OPTION_SIZE: the destination is an unsigned long of
                                       bytes, not an mpz_t of bits (a size of whole bytes, as a
                                       file or an entry has; the bounds are still in bits) */
    int seen;                       /* set to 1 by the parser when the option was given */
    const char *text;               /* set by the parser: the value as given (argv), or NULL */
    int *given;                     /* if not NULL, also set to 1 then: a "given" flag kept
                                       beside the value, for tables copied into others */
    const char *alias_of;           /* another name for the option of this long name: the value
                                       is read as that option's (kind, range, destination), which
                                       counts as given; giving both is refused.  The alias's own
                                       kind and ranges are unused; without that option in the
                                       table the alias is refused and not listed in --help */
    const char *list_cap;           /* a list kind: what a list of more than BLOOM_LIST_MAX_ITEMS
                                       items passes, named in its refusal ("rows, the table's
                                       cap"); NULL: "items, the most a list holds" */
} bloom_option;

typedef struct bloom_command_line {
    const char *program;            /* "bloomcalc" */
    const char *command;            /* "plan" */
    const char *synopsis;           /* usage line after the command name */
    const char *description;        /* paragraph(s) for --help */
    bloom_option *options;
    size_t option_count;
    const char *const *positional;  /* long names filled by positional arguments, NULL-terminated */
} bloom_command_line;

/* What bloom_options_parse found. */
typedef enum bloom_options_outcome {
    BLOOM_OPTIONS_PARSED = 0,   /* every value converted: the command runs */
    BLOOM_OPTIONS_HELP,         /* --help was given; the help text is on stdout */
    BLOOM_OPTIONS_REFUSED       /* bad input; one line is on stderr */
} bloom_options_outcome;

/*
 * Answers --help or --version (or -h, -V) if either is among argv[first..argc-1]
 * before "--", before any value is converted: the help states each choice's
 * default as the value its destination holds, which a --format given earlier
 * would change.  Either must stand alone: any other word beside it is refused
 * (one line naming it, BLOOM_OPTIONS_REFUSED), so that a word meant as input is
 * never silently dropped.  BLOOM_OPTIONS_HELP once answered, BLOOM_OPTIONS_PARSED
 * when neither is given.  bloom_options_parse calls it first; a command that
 * splits its words before parsing calls it on them all.
 */
bloom_options_outcome bloom_options_answer_help(const bloom_command_line *line, int argc, char **argv,
                                                int first);

/* Parses argv[first..argc-1] against the table (bloom_options_answer_help first). */
bloom_options_outcome bloom_options_parse(bloom_command_line *line, int argc, char **argv, int first);

/*
 * For a command of any number of operands (FILE...): splits
 * argv[first..argc-1] into the option words, each option with its value
 * when the table says it takes one and it is written apart, and the
 * operands, every other word and every word after "--".  words and
 * operands have room for argc words each; the words are then parsed with
 * bloom_options_parse (after bloom_options_answer_help on them all).
 */
void bloom_options_split_operands(bloom_command_line *line, int argc, char **argv, int first, char **words,
                                  int *word_count, char **operands, size_t *operand_count);

/* The exit status a command starts from after parsing: BLOOM_EXIT_USAGE
 * when refused, BLOOM_EXIT_SUCCESS otherwise. */
int bloom_options_exit_status(bloom_options_outcome outcome);

/* The option named `long_name` in the table (NULL if none). */
bloom_option *bloom_options_find(bloom_command_line *line, const char *long_name);

/* Nonzero when the option named `long_name` was given; the name must be
 * in the table (asserted), so a misspelt name fails loudly. */
int bloom_options_given(const bloom_command_line *line, const char *long_name);

/* Prints the one-line error for `line` ("PROGRAM COMMAND: MESSAGE") on stderr. */
void bloom_options_error(const bloom_command_line *line, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/*
 * The exit status for a library status of a command's results, after its
 * one line on stderr: BLOOM_EXIT_SUCCESS for BLOOM_OK (nothing printed), else
 * "a result could not be certified" and BLOOM_EXIT_FAILURE.
 */
int bloom_results_exit(const bloom_command_line *line, int status);

/* The pieces of the parser that option_forms.c describes options with. */

/* Converts `value` for `option` into its destination; returns a bloom_parse_result
 * (numbers.h).  A list option appends to its list. */
int bloom_option_convert(bloom_option *option, const char *value);

/* The single kind a list kind is made of (a single kind: itself). */
bloom_option_kind bloom_option_item_kind(bloom_option_kind kind);

/* Nonzero for the list kinds. */
int bloom_option_is_list(bloom_option_kind kind);

/*
 * Writes what `option` accepts into buffer: the range and kind, and
 * examples of each form ("as 1000, 1e9 or 2^33") chosen among candidates
 * by converting each one with the option itself, so that every example
 * named is one the option accepts (option_forms.c).
 */
void bloom_option_describe_accepted(char *buffer, size_t size, const bloom_option *option);

/* Room for any text bloom_option_describe_accepted writes: the longest, a
 * size list's, is about 600 characters. */
#define BLOOM_ACCEPTED_TEXT_SIZE 1024

/* Prints the --help text of a command on stdout. */
void bloom_options_help(const bloom_command_line *line);

/* A subcommand of a program: its name and the function that runs it
 * (arguments from argv[first]; returns a bloom_exit_status). */
typedef struct bloom_subcommand {
    const char *name;
    int (*run)(int argc, char **argv, int first);
} bloom_subcommand;

/* A program made of subcommands (bloomcalc, bloomsim). */
typedef struct bloom_program {
    const char *name;                   /* "bloomcalc" */
    const char *usage;                  /* the --help text */
    const char *version;                /* the --version line */
    const bloom_subcommand *commands;
    size_t command_count;
    void (*before_command)(void);       /* run before a subcommand (NULL: nothing) */
} bloom_program;

/*
 * Runs the subcommand named by argv[1], or answers --help and --version.
 * A missing or unknown command prints one line on stderr listing the
 * accepted ones and returns BLOOM_EXIT_USAGE.  Write errors on stdout are checked at the
 * end for every command (standard_output.h): BLOOM_EXIT_FAILURE and one line on
 * stderr, or a quiet end by SIGPIPE for a broken pipe.
 */
int bloom_program_run(const bloom_program *program, int argc, char **argv);

/* The output choices every command offers: --digits and --format. */
typedef struct bloom_output_choice {
    unsigned long digits;   /* significant digits, default BLOOM_DEFAULT_DIGITS (fields.h) */
    int format;             /* a bloom_format (output.h) */
} bloom_output_choice;

/* The number of entries BLOOM_OUTPUT_OPTIONS makes. */
#define BLOOM_OUTPUT_OPTION_COUNT 3

/* Table entries for --digits D, --format FORMAT (into a bloom_output_choice) and
 * --crlf (into bloom_csv_crlf, output.h: every command that writes CSV takes it). */
#define BLOOM_OUTPUT_OPTIONS(choice)                                                       \
    { .long_name = "digits", .kind = BLOOM_OPTION_UNSIGNED, .destination = &(choice).digits, \
      .value_name = "D", .help = "significant digits of every number printed that is not whole (default 9)", \
      .minimum = 1, .maximum = BLOOM_MAX_DIGITS },                                          \
    { .long_name = "format", .kind = BLOOM_OPTION_CHOICE, .destination = &(choice).format,  \
      .value_name = "FORMAT", .help = "table (for people), csv or json",                     \
      .choices = bloom_format_names },                                                      \
    { .long_name = "crlf", .kind = BLOOM_OPTION_FLAG, .destination = &bloom_csv_crlf,        \
      .help = "end CSV lines with CRLF, as RFC 4180 does (default: LF)" }

/* The table entry for --output FILE (bloomsim's commands): standard output
 * goes to FILE, replaced only when the command succeeds; the parser opens
 * it once every value is read (standard_output.h). */
#define BLOOM_OUTPUT_FILE_OPTION                                                              \
    { .long_name = "output", .kind = BLOOM_OPTION_TEXT, .destination = &bloom_output_file_name, \
      .value_name = "FILE", .help = "write standard output to FILE, replaced only when the "    \
               "command succeeds (written under a temporary name beside it, then renamed)" }

/*
 * The size of a filter, in bits into an mpz_t (`kind` BLOOM_OPTION_SIZE or
 * _SIZE_LIST): -m/--bits M takes bits or a size with a unit, --memory the
 * same with a bare number counting bytes.  Both write the same
 * destination; bloom_options_size_given tells whether either was given
 * and refuses both at once.
 */
#define BLOOM_BITS_OPTION(kind_, destination_, value_name_, help_)                           \
    { .long_name = "bits", .short_name = 'm', .kind = (kind_), .destination = (destination_), \
      .value_name = (value_name_), .help = (help_), .count_minimum = "1",                    \
      .count_maximum = BLOOM_MAX_SIZE_TEXT }
#define BLOOM_MEMORY_OPTION(kind_, destination_, value_name_)                                 \
    { .long_name = "memory", .kind = (kind_), .destination = (destination_),                  \
      .value_name = (value_name_),                                                            \
      .help = "the same as -m/--bits, a bare number counting bytes", .count_minimum = "1",    \
      .count_maximum = BLOOM_MAX_SIZE_TEXT, .bare_bytes = 1 }

/* Bits per key C, an exact rational into an mpq_t: the filter has m = n C bits. */
#define BLOOM_BITS_PER_KEY_OPTION(destination_, help_)                                       \
    BLOOM_BITS_PER_KEY_OPTION_OF(BLOOM_OPTION_REAL, destination_, "C", help_)
/* The same with its kind and value name given: BLOOM_OPTION_REAL_LIST in table. */
#define BLOOM_BITS_PER_KEY_OPTION_OF(kind_, destination_, value_name_, help_)                 \
    { .long_name = "bits-per-key", .short_name = 'c', .kind = (kind_),                       \
      .destination = (destination_), .value_name = (value_name_), .help = (help_),            \
      .rate_minimum = BLOOM_LSM_MIN_BITS_PER_KEY_TEXT, .count_maximum = BLOOM_LSM_MAX_BITS_PER_KEY_TEXT }

/*
 * Sets *given to 1 if -m/--bits or --memory was given, 0 if neither, and
 * returns BLOOM_EXIT_SUCCESS; returns BLOOM_EXIT_USAGE after printing one
 * line if both were.
 */
int bloom_options_size_given(bloom_command_line *line, int *given);

#endif
