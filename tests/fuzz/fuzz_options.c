/*
 * fuzz_options.c - libFuzzer target for the command-line grammar of
 * options.h: option words, values, and the list and range parser
 * ("1e3,2^20", "2^6..2^30", "0.1..1e-6", "1..20")
 * (https://llvm.org/docs/LibFuzzer.html).
 *
 * An input is one argument a line (fuzz_support.h), read against a table
 * holding one option of every kind, with the bounds the real commands use.
 * Checked for every input, besides no crash, no sanitizer report, no leak:
 *   - status 2: nothing on stdout, one line on stderr (the contract);
 *   - status 1 (--help): the help text on stdout;
 *   - status 0: every value given lies in its option's range: counts in
 *     [1, 2^256], rates in [1e-300, 1), unsigned in [1, 1000], reals in
 *     [1/1000, 100000], lists of at most BLOOM_LIST_MAX_ITEMS items each in
 *     the same range (and whole for counts).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_support.h"
#include "numbers.h"
#include "options.h"

#define TARGET "fuzz_options"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Where the parsed values go. */
typedef struct parsed_values {
    mpz_t count;
    mpq_t rate, real;
    unsigned long small;
    int choice, flag;
    const char *text;
    bloom_value_list counts, rates, smalls;
} parsed_values;

static const char *const choices[] = { "table", "csv", "json", NULL };
static const char *const positional[] = { "count", "rate", NULL };

/* Whether low <= value <= high (bounds as number texts; NULL: none). */
static int within(mpq_srcptr value, const char *low, const char *high)
{
    mpq_t bound;
    mpq_init(bound);
    int inside = 1;
    if (low != NULL && bloom_parse_rational(bound, low) == BLOOM_PARSE_OK)
        inside = mpq_cmp(value, bound) >= 0;
    if (inside && high != NULL && bloom_parse_rational(bound, high) == BLOOM_PARSE_OK)
        inside = mpq_cmp(value, bound) <= 0;
    mpq_clear(bound);
    return inside;
}

static int is_whole(mpq_srcptr value)
{
    return mpz_cmp_ui(mpq_denref(value), 1) == 0;
}

/* Checks every item of a list against its range. */
static void check_list(const fuzz_arguments *arguments, const bloom_value_list *list,
                       const char *low, const char *high, int whole, int rate)
{
    if (list->count > BLOOM_LIST_MAX_ITEMS)
        fuzz_fail(TARGET, arguments, "a list longer than BLOOM_LIST_MAX_ITEMS was accepted");
    for (size_t i = 0; i < list->count; i++)
        if (!within(list->values[i], low, high) || (whole && !is_whole(list->values[i]))
            || (rate && mpq_cmp_ui(list->values[i], 1, 1) >= 0))
            fuzz_fail(TARGET, arguments, "a list item outside its option's range was accepted");
}

static void check_values(const fuzz_arguments *arguments, const bloom_option *options,
                         const parsed_values *values)
{
    mpq_t count;
    mpq_init(count);
    mpq_set_z(count, values->count);
    if (options[0].seen && !within(count, "1", "2^256"))
        fuzz_fail(TARGET, arguments, "a count outside [1, 2^256] was accepted");
    mpq_clear(count);
    if (options[1].seen && (!within(values->rate, "1e-300", NULL) || mpq_cmp_ui(values->rate, 1, 1) >= 0))
        fuzz_fail(TARGET, arguments, "a rate outside [1e-300, 1) was accepted");
    if (options[2].seen && (values->small < 1 || values->small > 1000))
        fuzz_fail(TARGET, arguments, "an unsigned outside [1, 1000] was accepted");
    if (options[3].seen && !within(values->real, "1/1000", "100000"))
        fuzz_fail(TARGET, arguments, "a real outside [1/1000, 100000] was accepted");
    if (options[5].seen && (values->text == NULL || values->text[0] == '\0'))
        fuzz_fail(TARGET, arguments, "an empty text was accepted");
    check_list(arguments, &values->counts, "1", "2^256", 1, 0);
    check_list(arguments, &values->rates, "1e-300", NULL, 0, 1);
    check_list(arguments, &values->smalls, "1", "1000", 1, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_arguments arguments;
    if (fuzz_arguments_split(&arguments, "options", data, size) != 0)
        return 0;
    parsed_values values = { .small = 0, .choice = 0, .flag = 0, .text = NULL };
    mpz_init(values.count);
    mpq_inits(values.rate, values.real, (mpq_ptr)0);
    bloom_value_list_init(&values.counts);
    bloom_value_list_init(&values.rates);
    bloom_value_list_init(&values.smalls);
    bloom_option options[] = {
        { .long_name = "count", .short_name = 'n', .kind = BLOOM_OPTION_COUNT,
          .destination = values.count, .value_name = "N", .help = "a count",
          .count_minimum = "1", .count_maximum = "2^256" },
        { .long_name = "rate", .short_name = 'p', .kind = BLOOM_OPTION_RATE,
          .destination = values.rate, .value_name = "P", .help = "a rate", .rate_minimum = "1e-300" },
        { .long_name = "small", .short_name = 'k', .kind = BLOOM_OPTION_UNSIGNED,
          .destination = &values.small, .value_name = "K", .help = "a small number",
          .minimum = 1, .maximum = 1000 },
        { .long_name = "real", .short_name = 'c', .kind = BLOOM_OPTION_REAL,
          .destination = values.real, .value_name = "C", .help = "a real",
          .rate_minimum = "1/1000", .count_maximum = "100000" },
        { .long_name = "format", .kind = BLOOM_OPTION_CHOICE, .destination = &values.choice,
          .value_name = "FORMAT", .help = "a choice", .choices = choices },
        { .long_name = "text", .kind = BLOOM_OPTION_TEXT, .destination = &values.text,
          .value_name = "TEXT", .help = "a text" },
        { .long_name = "flag", .kind = BLOOM_OPTION_FLAG, .destination = &values.flag,
          .help = "a flag" },
        { .long_name = "counts", .short_name = 'N', .kind = BLOOM_OPTION_COUNT_LIST,
          .destination = &values.counts, .value_name = "LIST", .help = "counts",
          .count_minimum = "1", .count_maximum = "2^256" },
        { .long_name = "rates", .short_name = 'P', .kind = BLOOM_OPTION_RATE_LIST,
          .destination = &values.rates, .value_name = "LIST", .help = "rates",
          .rate_minimum = "1e-300" },
        { .long_name = "smalls", .short_name = 'K', .kind = BLOOM_OPTION_UNSIGNED_LIST,
          .destination = &values.smalls, .value_name = "LIST", .help = "small numbers",
          .minimum = 1, .maximum = 1000 },
    };
    bloom_command_line line = { "options", "fuzz", "[OPTIONS]", "Every kind of option.", options,
                                sizeof options / sizeof options[0], positional };
    fuzz_capture_begin();
    int status = bloom_options_parse(&line, arguments.argc, arguments.argv, 1);
    fuzz_output output = fuzz_capture_end();
    fuzz_check_refusal(TARGET, &arguments, status, &output);
    if (status == 1 && output.stdout_bytes == 0)
        fuzz_fail(TARGET, &arguments, "--help printed nothing");
    if (status == 0)
        check_values(&arguments, options, &values);
    if (status < 0 || status > 2)
        fuzz_fail(TARGET, &arguments, "bloom_options_parse returned neither 0, 1 nor 2");
    bloom_value_list_clear(&values.counts);
    bloom_value_list_clear(&values.rates);
    bloom_value_list_clear(&values.smalls);
    mpz_clear(values.count);
    mpq_clears(values.rate, values.real, (mpq_ptr)0);
    fuzz_arguments_free(&arguments);
    return 0;
}
