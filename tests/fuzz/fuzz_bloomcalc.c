/*
 * fuzz_bloomcalc.c - libFuzzer target for the whole bloomcalc command line
 * (https://llvm.org/docs/LibFuzzer.html).
 *
 * An input is one argument a line (fuzz_support.h); the first names the
 * command (plan, fpr, table, converge, or any other word, which must be
 * refused).  bloomcalc's own main runs in-process with its output
 * captured.  Checked for every input: exit status 0 (and something
 * printed), 1 (a result not certified: nothing on stdout) or 2 (bad input:
 * nothing on stdout, one line on stderr), never anything else, no crash,
 * no sanitizer report, no leak.
 *
 * Work is bounded so that a valid input runs fast.  The cost of an exact
 * rate grows with the hash count k, and the plans of a tiny rate p choose
 * k near log2(1/p): "fpr -m 2^100 -n 1 -k 1000" alone takes minutes.  So
 * the certified refinement stops at FUZZ_PRECISION_LIMIT bits
 * (bloom_set_precision_limit: an extreme request ends with status 1
 * instead of a long computation), and inputs are skipped that ask for more
 * than FUZZ_MAX_DIGITS_TEXT digits or FUZZ_MAX_HASHES_TEXT hashes, or hold a number
 * below FUZZ_SMALLEST_NUMBER (a rate that small plans k > 130).  The full
 * ranges are covered by tests/calc_extremes.c and tests/cli_hardening.sh.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "certified.h"
#include "entry_points.h"
#include "fuzz_support.h"
#include "numbers.h"

#define TARGET "fuzz_bloomcalc"
#define FUZZ_PRECISION_LIMIT 512
#define FUZZ_MAX_DIGITS_TEXT "40"
#define FUZZ_MAX_HASHES_TEXT "100"
#define FUZZ_SMALLEST_NUMBER "1e-40"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    bloom_set_precision_limit(FUZZ_PRECISION_LIMIT);
    return 0;
}

/* Whether one of the numbers in `text` (a value, "--name=value", or a
 * list "a,b..c") exceeds `maximum` (NULL: none) or lies strictly between 0
 * and FUZZ_SMALLEST_NUMBER. */
static int holds_costly_number(const char *text, const char *maximum)
{
    const char *equals = strchr(text, '=');
    char *copy = strdup(equals != NULL && text[0] == '-' ? equals + 1 : text);
    if (copy == NULL)
        abort();
    mpq_t value, smallest, largest;
    mpq_inits(value, smallest, largest, (mpq_ptr)0);
    bloom_parse_rational(smallest, FUZZ_SMALLEST_NUMBER);
    if (maximum != NULL)
        bloom_parse_rational(largest, maximum);
    int costly = 0;
    for (char *item = copy; item != NULL && !costly;) {
        char *next = strchr(item, ',');
        if (next != NULL)
            *next++ = '\0';
        char *range_end = strstr(item, "..");
        if (range_end != NULL) {
            *range_end = '\0';
            range_end += 2;
        }
        for (const char *number = item; number != NULL && !costly;
             number = number == item ? range_end : NULL) {
            if (bloom_parse_rational(value, number) != BLOOM_PARSE_OK)
                continue;
            mpq_abs(value, value);
            costly = (mpq_sgn(value) > 0 && mpq_cmp(value, smallest) < 0)
                     || (maximum != NULL && mpq_cmp(value, largest) > 0);
        }
        item = next;
    }
    mpq_clears(value, smallest, largest, (mpq_ptr)0);
    free(copy);
    return costly;
}

/* Whether argument i is the value of option `short_name` (NULL: none) or
 * `long_name`: after it, or attached as "-kV" or "--name=V". */
static int is_value_of(const fuzz_arguments *arguments, int i, const char *short_name,
                       const char *long_name)
{
    const char *word = arguments->argv[i];
    const char *previous = arguments->argv[i - 1];
    size_t long_length = strlen(long_name);
    if (strcmp(previous, long_name) == 0
        || (strncmp(word, long_name, long_length) == 0 && word[long_length] == '='))
        return 1;
    return short_name != NULL && (strcmp(previous, short_name) == 0
                                  || (strncmp(word, short_name, 2) == 0 && word[2] != '\0'));
}

/* Skips the costly inputs described above. */
static int bound_work(fuzz_arguments *arguments)
{
    for (int i = 1; i < arguments->argc; i++) {
        const char *maximum = NULL;
        if (i > 1 && is_value_of(arguments, i, "-k", "--hashes"))
            maximum = FUZZ_MAX_HASHES_TEXT;
        else if (i > 1 && is_value_of(arguments, i, NULL, "--digits"))
            maximum = FUZZ_MAX_DIGITS_TEXT;
        const char *word = arguments->argv[i];
        if (holds_costly_number(word[0] == '-' && word[1] == 'k' ? word + 2 : word, maximum))
            return 1;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_arguments arguments;
    fuzz_output output;
    int status = fuzz_run_program(TARGET, "bloomcalc", bloomcalc_main, bound_work, data, size,
                                  &arguments, &output);
    if (status == -1)
        return 0;
    if (status != 0 && status != 1 && status != 2)
        fuzz_fail(TARGET, &arguments, "exit status other than 0, 1 or 2");
    if (status == 0 && output.stdout_bytes == 0)
        fuzz_fail(TARGET, &arguments, "exit status 0 but nothing printed");
    if (status == 1 && output.stdout_bytes != 0)
        fuzz_fail(TARGET, &arguments, "exit status 1 but something printed on stdout");
    fuzz_arguments_free(&arguments);
    return 0;
}
