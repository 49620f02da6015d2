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
 * than FUZZ_MAX_DIGITS_TEXT digits or FUZZ_MAX_HASHES_TEXT hashes, more
 * than FUZZ_MAX_BITS_PER_KEY bits (-m) per key (-n, or the positional N of
 * "plan N P"), whose best k is above
 * 100, or hold a number below FUZZ_SMALLEST_NUMBER (a rate that small plans
 * k > 130).  For "table" and "converge", whose row count is the product of
 * the lengths of their lists, inputs with a range ("a..b") or more than
 * FUZZ_MAX_LIST_SEPARATORS commas in all are skipped too (at most a few
 * dozen rows); the list grammar itself, ranges included, is fuzzed by
 * fuzz_options.  The full ranges are covered by tests/calc_hardening.c and
 * tests/cli_hardening.sh.
 */
#include <ctype.h>
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
#define FUZZ_MAX_BITS_PER_KEY 144   /* the best k, (m/n) ln 2, stays below 100 */
#define FUZZ_SMALLEST_NUMBER "1e-40"
#define FUZZ_MAX_LIST_SEPARATORS 8

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    bloom_set_precision_limit(FUZZ_PRECISION_LIMIT);
    return 0;
}

/* The smallest and largest magnitudes among the numbers of `text` (a
 * value or a list "a,b..c"; 0 ignored).  Returns 0 when
 * it holds no such number. */
static int number_extremes(const char *text, mpq_ptr smallest, mpq_ptr largest)
{
    char *copy = strdup(text);
    if (copy == NULL)
        abort();
    mpq_t value;
    mpq_init(value);
    int found = 0;
    for (char *item = copy; item != NULL;) {
        char *next = strchr(item, ',');
        if (next != NULL)
            *next++ = '\0';
        char *range_end = strstr(item, "..");
        if (range_end != NULL) {
            *range_end = '\0';
            range_end += 2;
        }
        for (const char *number = item; number != NULL; number = number == item ? range_end : NULL) {
            if (bloom_parse_rational(value, number) != BLOOM_PARSE_OK || mpq_sgn(value) == 0)
                continue;
            mpq_abs(value, value);
            if (!found || mpq_cmp(value, smallest) < 0)
                mpq_set(smallest, value);
            if (!found || mpq_cmp(value, largest) > 0)
                mpq_set(largest, value);
            found = 1;
        }
        item = next;
    }
    mpq_clear(value);
    free(copy);
    return found;
}

/* The value argument i gives option `short_name` (NULL: none) or
 * `long_name`: the whole argument after the option, or the part after
 * "-k" or "--name=" attached to it; NULL when it gives none. */
static const char *value_of(const fuzz_arguments *arguments, int i, const char *short_name,
                            const char *long_name)
{
    const char *word = arguments->argv[i];
    const char *previous = arguments->argv[i - 1];
    size_t long_length = strlen(long_name);
    if (strcmp(previous, long_name) == 0 || (short_name != NULL && strcmp(previous, short_name) == 0))
        return word;
    if (strncmp(word, long_name, long_length) == 0 && word[long_length] == '=')
        return word + long_length + 1;
    if (short_name != NULL && strncmp(word, short_name, 2) == 0 && word[2] != '\0')
        return word + 2;
    return NULL;
}

/* The value attached to an option word ("--rate=1e-300", "-p1e-300"),
 * or the word itself. */
static const char *attached_value(const char *word)
{
    const char *equals = strchr(word, '=');
    if (word[0] == '-' && word[1] == '-' && equals != NULL)
        return equals + 1;
    if (word[0] == '-' && isalpha((unsigned char)word[1]) && word[2] != '\0')
        return word + 2;
    return word;
}

/* Whether a table or convergence grid could hold many rows (see above). */
static int large_grid(const fuzz_arguments *arguments)
{
    if (arguments->argc < 2 || (strcmp(arguments->argv[1], "table") != 0
                                && strcmp(arguments->argv[1], "converge") != 0))
        return 0;
    size_t separators = 0;
    for (int i = 2; i < arguments->argc; i++) {
        if (strstr(arguments->argv[i], "..") != NULL)
            return 1;
        for (const char *c = arguments->argv[i]; *c != '\0'; c++)
            separators += *c == ',';
    }
    return separators > FUZZ_MAX_LIST_SEPARATORS;
}

/* Whether argument i is a bare whole number of at least 1 that no option
 * takes as its value: the positional N of "plan N P" or "grow N". */
static int positional_count(const fuzz_arguments *arguments, int i)
{
    const char *word = arguments->argv[i];
    const char *previous = arguments->argv[i - 1];
    if (word[0] == '-' || (previous[0] == '-' && previous[1] != '\0' && strchr(previous, '=') == NULL
                           && !(previous[1] != '-' && previous[2] != '\0')))
        return 0;
    mpq_t value;
    mpq_init(value);
    int whole = bloom_parse_rational(value, word) == BLOOM_PARSE_OK
                && mpz_cmp_ui(mpq_denref(value), 1) == 0 && mpq_cmp_ui(value, 1, 1) >= 0;
    mpq_clear(value);
    return whole;
}

/* Skips the costly inputs described above, and "plot", which runs gnuplot and writes the
 * files it is given (its options and planning are plan's, fuzzed there). */
static int bound_work(fuzz_arguments *arguments)
{
    if (large_grid(arguments) || (arguments->argc >= 2 && strcmp(arguments->argv[1], "plot") == 0))
        return 1;
    mpq_t smallest, largest, limit, most_bits, fewest_keys;
    mpq_inits(smallest, largest, limit, most_bits, fewest_keys, (mpq_ptr)0);
    int costly = 0, have_bits = 0, have_keys = 0;
    for (int i = 1; i < arguments->argc && !costly; i++) {
        const char *hashes = i > 1 ? value_of(arguments, i, "-k", "--hashes") : NULL;
        const char *digits = i > 1 ? value_of(arguments, i, NULL, "--digits") : NULL;
        const char *bits = i > 1 ? value_of(arguments, i, "-m", "--bits") : NULL;
        const char *keys = i > 1 ? value_of(arguments, i, "-n", "--keys") : NULL;
        if (keys == NULL && i > 1 && positional_count(arguments, i))
            keys = arguments->argv[i];   /* "plan N P": N counts as keys */
        const char *text = hashes ? hashes : digits ? digits : bits ? bits : keys ? keys
                                                                           : attached_value(arguments->argv[i]);
        if (!number_extremes(text, smallest, largest))
            continue;
        bloom_parse_rational(limit, FUZZ_SMALLEST_NUMBER);
        costly = mpq_cmp(smallest, limit) < 0;
        bloom_parse_rational(limit, hashes ? FUZZ_MAX_HASHES_TEXT : FUZZ_MAX_DIGITS_TEXT);
        costly = costly || ((hashes || digits) && mpq_cmp(largest, limit) > 0);
        if (bits && (!have_bits || mpq_cmp(largest, most_bits) > 0))
            mpq_set(most_bits, largest);
        if (keys && (!have_keys || mpq_cmp(smallest, fewest_keys) < 0))
            mpq_set(fewest_keys, smallest);
        have_bits |= bits != NULL;
        have_keys |= keys != NULL;
    }
    if (!costly && have_bits && have_keys) {
        mpq_div(limit, most_bits, fewest_keys);
        costly = mpq_cmp_ui(limit, FUZZ_MAX_BITS_PER_KEY, 1) > 0;
    }
    mpq_clears(smallest, largest, limit, most_bits, fewest_keys, (mpq_ptr)0);
    return costly;
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
