/*
 * options.c - reads a command line against a command's option table.
 *
 * Every value is converted by numbers.c, so the options of both programs
 * accept the same number forms.  Any mistake (unknown option, missing or
 * surplus value, an option given twice, a value outside its range) prints
 * one line on stderr, "PROGRAM COMMAND: ARGUMENT: 'VALUE' PROBLEM;
 * accepted: FORMS", and the caller exits with status 2 before printing
 * anything on stdout.  The --help text is generated from the same table,
 * so the ranges it states are the ranges enforced.
 */
#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "fpr.h"
#include "index_arithmetic.h"
#include "options.h"
#include "numbers.h"
#include "standard_output.h"
#include "sizes.h"

/*
 * Writes text to stderr with every control character escaped (\n, \r, \t,
 * else \xHH): a message quotes arguments as the user typed them, and one
 * holding a newline must not break the message's one line into two, nor an
 * escape sequence reach the terminal.
 */
static void put_escaped(const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c != '\0'; c++) {
        if (*c == '\n')
            fputs("\\n", stderr);
        else if (*c == '\r')
            fputs("\\r", stderr);
        else if (*c == '\t')
            fputs("\\t", stderr);
        else if (*c < 0x20 || *c == 0x7f)
            fprintf(stderr, "\\x%02x", *c);
        else
            fputc(*c, stderr);
    }
}

void bloom_options_error(const bloom_command_line *line, const char *format, ...)
{
    va_list arguments, again;
    fprintf(stderr, "%s%s%s: ", line->program, line->command ? " " : "",
            line->command ? line->command : "");
    va_start(arguments, format);
    va_copy(again, arguments);
    int length = vsnprintf(NULL, 0, format, arguments);
    char *message = length >= 0 ? malloc((size_t)length + 1) : NULL;
    if (message != NULL) {
        vsnprintf(message, (size_t)length + 1, format, again);
        put_escaped(message);
        free(message);
    } else {
        vfprintf(stderr, format, again);   /* no memory for the escaping: the message as it is */
    }
    va_end(again);
    va_end(arguments);
    fputc('\n', stderr);
}

bloom_option *bloom_options_find(bloom_command_line *line, const char *long_name)
{
    for (size_t i = 0; i < line->option_count; i++)
        if (strcmp(line->options[i].long_name, long_name) == 0)
            return &line->options[i];
    return NULL;
}

int bloom_options_given(const bloom_command_line *line, const char *long_name)
{
    for (size_t i = 0; i < line->option_count; i++)
        if (strcmp(line->options[i].long_name, long_name) == 0)
            return line->options[i].seen;
    assert(!"bloom_options_given: no option of that name in the table");
    return 0;
}

int bloom_options_exit_status(bloom_options_outcome outcome)
{
    return outcome == BLOOM_OPTIONS_REFUSED ? BLOOM_EXIT_USAGE : BLOOM_EXIT_SUCCESS;
}

static bloom_option *find_short(bloom_command_line *line, char short_name)
{
    for (size_t i = 0; i < line->option_count; i++)
        if (short_name != 0 && line->options[i].short_name == short_name)
            return &line->options[i];
    return NULL;
}

/* "-k/--hashes" or "--digits": how the option is named in messages. */
static void option_name(char *buffer, size_t size, const bloom_option *option)
{
    if (option->short_name != 0)
        snprintf(buffer, size, "-%c/--%s", option->short_name, option->long_name);
    else
        snprintf(buffer, size, "--%s", option->long_name);
}

static const char *problem_text(const bloom_option *option, int parse_result)
{
    if (option->kind == BLOOM_OPTION_CHOICE || option->kind == BLOOM_OPTION_TEXT)
        return "is not accepted";
    switch (parse_result) {
    case BLOOM_PARSE_NOT_WHOLE:
        return "is not a whole number";
    case BLOOM_PARSE_OUT_OF_RANGE:
        return "is out of range";
    case BLOOM_PARSE_AMBIGUOUS:
        return "has an ambiguous unit";
    default:
        return "is not a number in an accepted form";
    }
}

/* Parses a bound written as text ("2^256"); NULL stays NULL. */
static int bound_count(mpz_ptr rop, const char *text)
{
    if (text == NULL)
        return 0;
    bloom_parse_count(rop, text, NULL, NULL);
    return 1;
}

/* *(unsigned long *)destination = bits / 8: a size of whole bytes (a fraction of a byte is
 * not whole; the bounds, in bits, keep it within an unsigned long). */
static int store_whole_bytes(void *destination, mpz_srcptr bits)
{
    if (!mpz_divisible_ui_p(bits, 8))
        return BLOOM_PARSE_NOT_WHOLE;
    mpz_t bytes;
    mpz_init(bytes);
    mpz_divexact_ui(bytes, bits, 8);
    int fits = mpz_fits_ulong_p(bytes);
    if (fits)
        *(unsigned long *)destination = mpz_get_ui(bytes);
    mpz_clear(bytes);
    return fits ? BLOOM_PARSE_OK : BLOOM_PARSE_OUT_OF_RANGE;
}

void bloom_value_list_init(bloom_value_list *list)
{
    list->values = NULL;
    list->count = 0;
    list->capacity = 0;
}

void bloom_value_list_clear(bloom_value_list *list)
{
    for (size_t i = 0; i < list->count; i++)
        mpq_clear(list->values[i]);
    free(list->values);
    bloom_value_list_init(list);
}

/* Appends a value; the array doubles when full, so a list of N items costs
 * O(N) copying, not O(N^2). */
static void list_append(bloom_value_list *list, mpq_srcptr value)
{
    if (list->count == list->capacity) {
        size_t capacity = list->capacity == 0 ? 16 : 2 * list->capacity;
        mpq_t *values = realloc(list->values, capacity * sizeof *values);
        if (values == NULL)
            abort();
        list->values = values;
        list->capacity = capacity;
    }
    mpq_init(list->values[list->count]);
    mpq_set(list->values[list->count++], value);
}

bloom_option_kind bloom_option_item_kind(bloom_option_kind kind)
{
    return kind == BLOOM_OPTION_COUNT_LIST ? BLOOM_OPTION_COUNT
         : kind == BLOOM_OPTION_RATE_LIST ? BLOOM_OPTION_RATE
         : kind == BLOOM_OPTION_UNSIGNED_LIST ? BLOOM_OPTION_UNSIGNED
         : kind == BLOOM_OPTION_SIZE_LIST ? BLOOM_OPTION_SIZE
         : kind == BLOOM_OPTION_REAL_LIST ? BLOOM_OPTION_REAL : kind;
}

int bloom_option_is_list(bloom_option_kind kind)
{
    return bloom_option_item_kind(kind) != kind;
}


/* Parses one list item (no range) as the option's single kind into value. */
static int convert_item(const bloom_option *option, mpq_ptr value, const char *text)
{
    bloom_option item = *option;
    item.kind = bloom_option_item_kind(option->kind);
    mpz_t whole;
    unsigned long small = 0;
    mpz_init(whole);
    int is_whole = item.kind == BLOOM_OPTION_COUNT || item.kind == BLOOM_OPTION_SIZE;
    item.destination = is_whole ? (void *)whole
                     : item.kind == BLOOM_OPTION_RATE || item.kind == BLOOM_OPTION_REAL ? (void *)value
                     : (void *)&small;
    int result = bloom_option_convert(&item, text);
    if (is_whole)
        mpq_set_z(value, whole);
    else if (item.kind == BLOOM_OPTION_UNSIGNED)
        mpq_set_ui(value, small, 1);
    mpz_clear(whole);
    return result;
}

/* A list's result beyond numbers.h's: it gives more than BLOOM_LIST_MAX_ITEMS items. */
enum { LIST_TOO_LONG = BLOOM_PARSE_AMBIGUOUS + 1 };

/*
 * A range's step: a factor above 1 or an increment above 0, applied in the
 * direction from the first value to the last.
 */
typedef struct {
    int additive;
    mpq_t amount;
} range_step;

/* Nonzero when the whole number q is base^j for some j >= 1. */
static int is_power_of(mpz_srcptr q, unsigned long base)
{
    if (mpz_cmp_ui(q, base) < 0)
        return 0;
    mpz_t rest;
    mpz_init_set(rest, q);
    while (mpz_divisible_ui_p(rest, base))
        mpz_divexact_ui(rest, rest, base);
    int power = mpz_cmp_ui(rest, 1) == 0;
    mpz_clear(rest);
    return power;
}

/*
 * The step a range takes when none is written: hash counts, levels and bits
 * per key step by one; other ranges by 10 when their ends are a power of ten apart (a
 * decade table, 1e6..1e9), else by 2 when they are a power of two apart
 * (2^10..2^20), else by the kind's usual factor: 2 for keys and bits, 10 for
 * rates.
 */
static void default_step(range_step *step, const bloom_option *option, mpq_srcptr first,
                         mpq_srcptr last)
{
    step->additive = option->kind == BLOOM_OPTION_UNSIGNED_LIST || option->kind == BLOOM_OPTION_REAL_LIST;
    if (step->additive) {
        mpq_set_ui(step->amount, 1, 1);
        return;
    }
    mpq_t ratio;
    mpq_init(ratio);
    if (mpq_cmp(first, last) <= 0)
        mpq_div(ratio, last, first);
    else
        mpq_div(ratio, first, last);
    int whole = mpz_cmp_ui(mpq_denref(ratio), 1) == 0;
    unsigned long factor = whole && is_power_of(mpq_numref(ratio), 10) ? 10
                         : whole && is_power_of(mpq_numref(ratio), 2) ? 2
                         : option->kind == BLOOM_OPTION_RATE_LIST ? 10 : 2;
    mpq_set_ui(step->amount, factor, 1);
    mpq_clear(ratio);
}

/*
 * Reads a written step, "x4", "*4", "\u00d74" (a factor above 1) or "+5" (an
 * increment above 0); BLOOM_PARSE_SYNTAX for anything else.
 */
static int parse_step(range_step *step, const char *text)
{
    static const char times[] = "\xc3\x97";   /* U+00D7 MULTIPLICATION SIGN in UTF-8 */
    step->additive = text[0] == '+';
    const char *amount = text[0] == 'x' || text[0] == '*' || text[0] == '+' ? text + 1
                       : strncmp(text, times, 2) == 0 ? text + 2 : NULL;
    if (amount == NULL || bloom_parse_rational(step->amount, amount) != BLOOM_PARSE_OK)
        return BLOOM_PARSE_SYNTAX;
    int valid = step->additive ? mpq_sgn(step->amount) > 0 : mpq_cmp_ui(step->amount, 1, 1) > 0;
    return valid ? BLOOM_PARSE_OK : BLOOM_PARSE_SYNTAX;
}

/* The step's suffix of a range's last value, "/x4" or "/+5", cut off there;
 * NULL when it has none (a rate's own "/" is followed by a digit). */
static char *cut_step(char *last)
{
    for (char *slash = strrchr(last, '/'); slash != NULL; slash = NULL) {
        char next = slash[1];
        if (next == 'x' || next == '*' || next == '+' || (unsigned char)next == 0xc3) {
            *slash = '\0';
            return slash + 1;
        }
    }
    return NULL;
}

/* Appends value unless the list is full or a whole-number kind gets a fraction. */
static int append_checked(bloom_value_list *list, const bloom_option *option, mpq_srcptr value)
{
    if (list->count >= BLOOM_LIST_MAX_ITEMS)
        return LIST_TOO_LONG;
    int fractions = option->kind == BLOOM_OPTION_RATE_LIST || option->kind == BLOOM_OPTION_REAL_LIST;
    if (!fractions && mpz_cmp_ui(mpq_denref(value), 1) != 0)
        return BLOOM_PARSE_NOT_WHOLE;   /* halving an odd count: 3^5..2^3, or a step of 1/2 */
    list_append(list, value);
    return BLOOM_PARSE_OK;
}

/* Expands "first..last" by the step; the last value is always included,
 * after the last step that does not pass it. */
static int expand_range(bloom_value_list *list, const bloom_option *option, mpq_srcptr first,
                        mpq_srcptr last, range_step *step)
{
    int descending = mpq_cmp(first, last) > 0;
    if (descending) {
        if (step->additive)
            mpq_neg(step->amount, step->amount);
        else
            mpq_inv(step->amount, step->amount);
    }
    mpq_t value;
    mpq_init(value);
    int result = BLOOM_PARSE_OK;
    for (mpq_set(value, first); result == BLOOM_PARSE_OK && (descending ? mpq_cmp(value, last) > 0 : mpq_cmp(value, last) < 0);) {
        result = append_checked(list, option, value);
        if (step->additive)
            mpq_add(value, value, step->amount);
        else
            mpq_mul(value, value, step->amount);
    }
    if (result == BLOOM_PARSE_OK)
        result = append_checked(list, option, last);
    mpq_clear(value);
    return result;
}

/* Nonzero when `text` starts with exactly three digits. */
static int three_digits(const char *text)
{
    return isdigit((unsigned char)text[0]) && isdigit((unsigned char)text[1])
        && isdigit((unsigned char)text[2]) && !isdigit((unsigned char)text[3]);
}

/*
 * Nonzero when the ',' at `comma` groups thousands in the number starting
 * at `number`, as a single value reads it (numbers.c): one to three digits
 * before it, or earlier groups of three after such a head, and exactly
 * three digits after it.
 */
static int groups_thousands(const char *number, const char *comma)
{
    const char *c = number;
    while (c < comma && c - number < 4 && isdigit((unsigned char)*c))
        c++;
    if (c == number || c - number > 3)
        return 0;
    while (c < comma && *c == ',' && three_digits(c + 1))
        c += 4;
    return c == comma && three_digits(comma + 1);
}

/*
 * Nonzero when every ',' in a list's text groups thousands, the number
 * restarting after a "..": then the list is one number or one range of
 * them ("1,000,000", "1,000..4,000"), read as "plan -n 1,000,000" reads
 * it.  When any ',' does not, every ',' separates items, so that a list
 * such as 1,2,...,99,100 keeps its items.
 */
static int commas_group_thousands(const char *text)
{
    const char *number = text;
    for (const char *c = text; *c != '\0'; c++) {
        if (c[0] == '.' && c[1] == '.')
            number = ++c + 1;
        else if (*c == ',' && !groups_thousands(number, c))
            return 0;
    }
    return 1;
}

/* Splits "a,b,c..d" and appends every value to the option's list; spaces
 * after a separating ',' are skipped ("1, 100"). */
static int convert_list(bloom_option *option, const char *text)
{
    bloom_value_list *list = option->destination;
    size_t length = strlen(text);
    char *copy = malloc(length + 1);
    if (copy == NULL)
        abort();
    memcpy(copy, text, length + 1);
    int result = length == 0 ? BLOOM_PARSE_SYNTAX : BLOOM_PARSE_OK;
    mpq_t first, last;
    mpq_init(first);
    mpq_init(last);
    char *rest = copy;
    int grouped = commas_group_thousands(copy);
    while (result == BLOOM_PARSE_OK && rest != NULL) {
        char *item = rest;
        while (*item == ' ')
            item++;
        rest = grouped ? NULL : strchr(item, ',');
        if (rest != NULL)
            *rest++ = '\0';
        char *range = strstr(item, "..");
        if (range != NULL) {
            *range = '\0';
            char *step_text = cut_step(range + 2);
            range_step step;
            mpq_init(step.amount);
            result = convert_item(option, first, item);
            if (result == BLOOM_PARSE_OK)
                result = convert_item(option, last, range + 2);
            if (result == BLOOM_PARSE_OK && step_text != NULL)
                result = parse_step(&step, step_text);
            else if (result == BLOOM_PARSE_OK)
                default_step(&step, option, first, last);
            if (result == BLOOM_PARSE_OK)
                result = expand_range(list, option, first, last, &step);
            mpq_clear(step.amount);
        } else {
            result = convert_item(option, first, item);
            if (result == BLOOM_PARSE_OK && list->count >= BLOOM_LIST_MAX_ITEMS)
                result = LIST_TOO_LONG;
            if (result == BLOOM_PARSE_OK)
                list_append(list, first);
        }
    }
    mpq_clears(first, last, (mpq_ptr)0);
    free(copy);
    return result;
}

int bloom_option_convert(bloom_option *option, const char *value)
{
    if (bloom_option_is_list(option->kind))
        return convert_list(option, value);
    switch (option->kind) {
    case BLOOM_OPTION_COUNT: {
        mpz_t low, high;
        mpz_inits(low, high, (mpz_ptr)0);
        int has_low = bound_count(low, option->count_minimum);
        int has_high = bound_count(high, option->count_maximum);
        int result = bloom_parse_count(option->destination, value, has_low ? low : NULL,
                                       has_high ? high : NULL);
        mpz_clears(low, high, (mpz_ptr)0);
        return result;
    }
    case BLOOM_OPTION_RATE:
    case BLOOM_OPTION_REAL: {
        mpq_t low, parsed;
        mpq_inits(low, parsed, (mpq_ptr)0);
        if (option->rate_minimum != NULL)
            bloom_parse_rational(low, option->rate_minimum);
        int result;
        if (option->kind == BLOOM_OPTION_RATE) {
            result = bloom_parse_rate(parsed, value, option->rate_minimum ? low : NULL);
        } else {
            mpq_t high;
            mpq_init(high);
            result = bloom_parse_rational(parsed, value);
            if (option->count_maximum != NULL)
                bloom_parse_rational(high, option->count_maximum);
            if (result == BLOOM_PARSE_OK
                && (mpq_cmp(parsed, low) < 0 || value[0] == '-'
                    || (option->count_maximum != NULL && mpq_cmp(parsed, high) > 0)))
                result = BLOOM_PARSE_OUT_OF_RANGE;
            mpq_clear(high);
        }
        if (result == BLOOM_PARSE_OK)
            mpq_set(option->destination, parsed);
        mpq_clears(low, parsed, (mpq_ptr)0);
        return result;
    }
    case BLOOM_OPTION_UNSIGNED:
        return bloom_parse_unsigned(option->destination, value, option->minimum, option->maximum);
    case BLOOM_OPTION_SIZE: {
        mpz_t low, high;
        mpz_inits(low, high, (mpz_ptr)0);
        int has_low = bound_count(low, option->count_minimum);
        int has_high = bound_count(high, option->count_maximum);
        mpz_t bits;
        mpz_init(bits);
        int result = bloom_parse_size(bits, value,
                                      option->bare_bytes ? BLOOM_SIZE_BARE_BYTES : BLOOM_SIZE_BARE_BITS,
                                      has_low ? low : NULL, has_high ? high : NULL);
        if (result == BLOOM_PARSE_OK && option->whole_bytes)
            result = store_whole_bytes(option->destination, bits);
        else if (result == BLOOM_PARSE_OK)
            mpz_set(option->destination, bits);
        mpz_clears(low, high, bits, (mpz_ptr)0);
        return result;
    }
    case BLOOM_OPTION_CHOICE:
        for (int i = 0; option->choices[i] != NULL; i++)
            if (strcmp(option->choices[i], value) == 0) {
                *(int *)option->destination = i;
                return BLOOM_PARSE_OK;
            }
        return BLOOM_PARSE_SYNTAX;
    case BLOOM_OPTION_TEXT:
        if (value[0] == '\0')
            return BLOOM_PARSE_SYNTAX;
        *(const char **)option->destination = value;
        return BLOOM_PARSE_OK;
    case BLOOM_OPTION_FLAG:
        *(int *)option->destination = 1;
        return BLOOM_PARSE_OK;
    case BLOOM_OPTION_COUNT_LIST:
    case BLOOM_OPTION_RATE_LIST:
    case BLOOM_OPTION_UNSIGNED_LIST:
    case BLOOM_OPTION_SIZE_LIST:
    case BLOOM_OPTION_REAL_LIST:
        break;   /* converted above */
    }
    return BLOOM_PARSE_SYNTAX;
}

static bloom_options_outcome apply(bloom_command_line *line, bloom_option *option, const char *value);

/* Applies one value given under an alias to the option it names (options.h, alias_of). */
static bloom_options_outcome apply_alias(bloom_command_line *line, bloom_option *alias, const char *value)
{
    bloom_option *target = bloom_options_find(line, alias->alias_of);
    char name[96], target_name[96];
    option_name(name, sizeof name, alias);
    if (target == NULL) {
        bloom_options_error(line, "%s: the same as --%s, which '%s %s' does not take", name,
                            alias->alias_of, line->program, line->command ? line->command : "");
        return BLOOM_OPTIONS_REFUSED;
    }
    option_name(target_name, sizeof target_name, target);
    if (target->seen) {
        bloom_options_error(line, "%s: the same as %s, given %s; give one of them", name, target_name,
                            alias->seen ? "already under this name" : "already");
        return BLOOM_OPTIONS_REFUSED;
    }
    bloom_option proxy = *target;      /* read as the target, named as the alias */
    proxy.long_name = alias->long_name;
    proxy.short_name = alias->short_name;
    bloom_options_outcome outcome = apply(line, &proxy, value);
    target->seen = alias->seen = 1;
    target->text = alias->text = value;
    return outcome;
}

/* Applies one value to an option, reporting any problem. */
static bloom_options_outcome apply(bloom_command_line *line, bloom_option *option, const char *value)
{
    if (option->alias_of != NULL)
        return apply_alias(line, option, value);
    char name[96];
    option_name(name, sizeof name, option);
    if (option->seen) {
        bloom_options_error(line, "%s: given more than once", name);
        return BLOOM_OPTIONS_REFUSED;
    }
    option->seen = 1;
    option->text = value;
    if (option->given != NULL)
        *option->given = 1;
    int result = bloom_option_convert(option, value);
    if (result != BLOOM_PARSE_OK) {
        char accepted[BLOOM_ACCEPTED_TEXT_SIZE], readings[160] = "";
        bloom_option_describe_accepted(accepted, sizeof accepted, option);
        if (result == LIST_TOO_LONG) {     /* the cap is the limit hit, not the values' range */
            bloom_options_error(line, "%s: '%s' asks for more than %d %s; accepted: %s", name, value,
                                BLOOM_LIST_MAX_ITEMS,
                                option->list_cap != NULL ? option->list_cap : "items, the most a list holds",
                                accepted);
            return BLOOM_OPTIONS_REFUSED;
        }
        if (result == BLOOM_PARSE_AMBIGUOUS)
            bloom_size_readings(readings, sizeof readings, value);
        bloom_options_error(line, "%s: '%s' %s%s%s; accepted: %s", name, value,
                            problem_text(option, result), readings[0] ? ", " : "", readings,
                            accepted);
        return BLOOM_OPTIONS_REFUSED;
    }
    return BLOOM_OPTIONS_PARSED;
}

/* A word that looks like a negative number is a value, not an option. */
static int is_option_word(const char *word)
{
    return word[0] == '-' && word[1] != '\0' && !isdigit((unsigned char)word[1]) && word[1] != '.';
}

/* The version line of the program running (bloom_program_run), for every command's --version. */
static const char *program_version;

/*
 * Refuses, naming it, any word beside the --help or --version at argv[at]
 * among argv[first..argc-1]: either stands alone, so that a word meant as
 * input ("plan --help 1e9") is never silently dropped.  Returns nonzero
 * after printing the line.
 */
static int refuse_beside(const bloom_command_line *line, int argc, char **argv, int first, int at)
{
    if (argc - first <= 1)
        return 0;
    bloom_options_error(line, "unexpected argument '%s' beside %s; give %s alone",
                        argv[at == first ? first + 1 : first], argv[at], argv[at]);
    return 1;
}

static int is_help(const char *word)
{
    return strcmp(word, "--help") == 0 || strcmp(word, "-h") == 0;
}

static int is_version(const char *word)
{
    return strcmp(word, "--version") == 0 || strcmp(word, "-V") == 0;
}

bloom_options_outcome bloom_options_answer_help(const bloom_command_line *line, int argc, char **argv,
                                                int first)
{
    for (int i = first; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (!is_help(argv[i]) && !is_version(argv[i]))
            continue;
        if (refuse_beside(line, argc, argv, first, i))
            return BLOOM_OPTIONS_REFUSED;
        if (is_help(argv[i]))
            bloom_options_help(line);
        else
            puts(program_version != NULL ? program_version : line->program);
        return BLOOM_OPTIONS_HELP;
    }
    return BLOOM_OPTIONS_PARSED;
}

/* --output FILE, once every value is read: standard output goes to a
 * temporary beside FILE, renamed at the end (standard_output.h).  Only the
 * entry BLOOM_OUTPUT_FILE_OPTION does that: a command whose --output names
 * a file it writes itself (bloomcalc plot's image) keeps standard output. */
static bloom_options_outcome open_output_file(bloom_command_line *line)
{
    const bloom_option *file = bloom_options_find(line, "output");
    if (file == NULL || !file->seen || file->destination != (void *)&bloom_output_file_name)
        return BLOOM_OPTIONS_PARSED;
    char error[512];
    if (bloom_standard_output_to_file(file->text, error, sizeof error) != 0) {
        bloom_options_error(line, "--output: %s", error);
        return BLOOM_OPTIONS_REFUSED;
    }
    return BLOOM_OPTIONS_PARSED;
}

/* The option whose kind and range `option` is read with: an alias's target, else itself. */
static const bloom_option *reading_of(bloom_command_line *line, const bloom_option *option)
{
    const bloom_option *target = option->alias_of != NULL ? bloom_options_find(line, option->alias_of)
                                                          : NULL;
    return target != NULL ? target : option;
}

/* Nonzero when `word` is a unit of size alone ("GB", "MiB", "bit"): "1" with it reads as a size. */
static int is_bare_unit(const char *word)
{
    if (!isalpha((unsigned char)word[0]) || strlen(word) > 16)
        return 0;
    char sized[24];
    snprintf(sized, sizeof sized, "1%s", word);
    mpz_t bits;
    mpz_init(bits);
    int result = bloom_parse_size(bits, sized, BLOOM_SIZE_BARE_BITS, NULL, NULL);
    mpz_clear(bits);
    return result == BLOOM_PARSE_OK || result == BLOOM_PARSE_AMBIGUOUS;
}

/*
 * Refuses, against `option`, a value split from its unit by the shell: a
 * size's value followed by a word that is a unit alone ("-m 2 GB"), a
 * rate's by a lone "%" ("1 %").  That next word would otherwise fill a
 * positional argument and be blamed as a bad number of keys, or be
 * refused as unexpected after the value itself was refused as a rate of 1.
 * `next` is the word after the value (NULL: none), `positional` nonzero
 * when it would be read as a positional argument, whose option is
 * `next_target` (NULL: none left); a word a text or a choice would take is
 * left to it.  Returns nonzero after printing the line.
 */
static int refuse_split_unit(bloom_command_line *line, const bloom_option *option, const char *value,
                             const char *next, int positional, const char *next_target)
{
    if (next == NULL || !positional)
        return 0;
    const bloom_option *taker = next_target != NULL ? bloom_options_find(line, next_target) : NULL;
    if (taker != NULL && (taker->kind == BLOOM_OPTION_TEXT || taker->kind == BLOOM_OPTION_CHOICE))
        return 0;
    bloom_option_kind kind = bloom_option_item_kind(reading_of(line, option)->kind);
    const char *what = kind == BLOOM_OPTION_SIZE && is_bare_unit(next) ? "a size and its unit"
                     : kind == BLOOM_OPTION_RATE && strcmp(next, "%") == 0 ? "a rate and its %"
                     : NULL;
    if (what == NULL)
        return 0;
    char name[96];
    option_name(name, sizeof name, option);
    bloom_options_error(line, "%s: '%s' was followed by '%s'; %s are one argument: '%s %s' or %s%s",
                        name, value, next, what, value, next, value, next);
    return 1;
}

bloom_options_outcome bloom_options_parse(bloom_command_line *line, int argc, char **argv, int first)
{
    size_t positional_used = 0;
    int only_positional = 0;
    bloom_options_outcome answered = bloom_options_answer_help(line, argc, argv, first);
    if (answered != BLOOM_OPTIONS_PARSED)
        return answered;
    for (int i = first; i < argc; i++) {
        const char *word = argv[i];
        if (!only_positional && strcmp(word, "--") == 0) {
            only_positional = 1;
            continue;
        }
        bloom_option *option = NULL;
        const char *value = NULL;
        if (!only_positional && is_option_word(word)) {
            char name[96];
            if (word[1] == '-') {
                const char *equals = strchr(word + 2, '=');
                size_t length = equals ? (size_t)(equals - word - 2) : strlen(word + 2);
                snprintf(name, sizeof name, "%.*s", (int)(length < 64 ? length : 64), word + 2);
                option = bloom_options_find(line, name);
                value = equals ? equals + 1 : NULL;
            } else {
                option = find_short(line, word[1]);
                value = word[2] != '\0' ? word + 2 : NULL;
            }
            if (option == NULL) {
                bloom_options_error(line, "unknown option '%s'; see '%s %s --help'", word,
                                    line->program, line->command ? line->command : "");
                return BLOOM_OPTIONS_REFUSED;
            }
            option_name(name, sizeof name, option);
            const bloom_option *reading = reading_of(line, option);
            if (reading->kind == BLOOM_OPTION_FLAG && option->alias_of == NULL) {
                if (value != NULL) {
                    bloom_options_error(line, "%s takes no value (given '%s')", name, value);
                    return BLOOM_OPTIONS_REFUSED;
                }
                value = "";
            } else if (value == NULL) {
                if (i + 1 >= argc) {
                    char accepted[BLOOM_ACCEPTED_TEXT_SIZE];
                    bloom_option_describe_accepted(accepted, sizeof accepted, reading);
                    bloom_options_error(line, "%s needs a value: %s", name, accepted);
                    return BLOOM_OPTIONS_REFUSED;
                }
                value = argv[++i];
            }
        } else {
            const char *target = line->positional ? line->positional[positional_used] : NULL;
            if (target == NULL) {
                bloom_options_error(line, "unexpected argument '%s'; see '%s %s --help'", word,
                                    line->program, line->command ? line->command : "");
                return BLOOM_OPTIONS_REFUSED;
            }
            positional_used++;
            option = bloom_options_find(line, target);
            value = word;
        }
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        int next_positional = next != NULL && (only_positional || !is_option_word(next))
                              && strcmp(next, "--") != 0;
        const char *next_target = line->positional ? line->positional[positional_used] : NULL;
        if (refuse_split_unit(line, option, value, next, next_positional, next_target))
            return BLOOM_OPTIONS_REFUSED;
        if (apply(line, option, value) != BLOOM_OPTIONS_PARSED)
            return BLOOM_OPTIONS_REFUSED;
    }
    return open_output_file(line);
}

static void print_option_help(const bloom_option *option);

void bloom_options_help(const bloom_command_line *line)
{
    printf("Usage: %s%s%s %s\n\n%s\n\nOptions:\n", line->program, line->command ? " " : "",
           line->command ? line->command : "", line->synopsis, line->description);
    for (size_t i = 0; i < line->option_count; i++) {
        const bloom_option *option = &line->options[i];
        bloom_option shown = *option;
        if (option->alias_of != NULL) {    /* named and explained as the alias, read as its option */
            const bloom_option *target = bloom_options_find((bloom_command_line *)line, option->alias_of);
            if (target == NULL)
                continue;                  /* the command does not take what it names */
            shown = *target;
            shown.long_name = option->long_name;
            shown.short_name = option->short_name;
            shown.value_name = option->value_name;
            shown.help = option->help;
        }
        print_option_help(&shown);
    }
    printf("  %-24s %s\n", "-h, --help", "show this help and exit");
    printf("  %-24s %s\n", "-V, --version", "show the version line and exit");
}

/* One option's lines of --help. */
static void print_option_help(const bloom_option *option)
{
    char name[128];
    if (option->short_name != 0)
        snprintf(name, sizeof name, "-%c, --%s%s%s", option->short_name, option->long_name,
                 option->value_name ? " " : "", option->value_name ? option->value_name : "");
    else
        snprintf(name, sizeof name, "    --%s%s%s", option->long_name,
                 option->value_name ? " " : "", option->value_name ? option->value_name : "");
    printf("  %-24s %s\n", name, option->help);
    if (option->kind != BLOOM_OPTION_FLAG && option->kind != BLOOM_OPTION_TEXT) {
        char accepted[BLOOM_ACCEPTED_TEXT_SIZE];
        bloom_option_describe_accepted(accepted, sizeof accepted, option);
        if (option->kind == BLOOM_OPTION_CHOICE)   /* the default: the value before parsing */
            printf("  %-24s   (%s; default %s)\n", "", accepted,
                   option->choices[*(const int *)option->destination]);
        else
            printf("  %-24s   (%s)\n", "", accepted);
    }
}

/* Prints the program's one-line refusal, listing the accepted commands. */
static void refuse_command(const bloom_program *program, const char *problem, const char *word)
{
    fprintf(stderr, "%s: %s%s", program->name, problem, word ? " '" : "");
    put_escaped(word ? word : "");
    fputs(word ? "'; accepted: " : "; accepted: ", stderr);
    for (size_t i = 0; i < program->command_count; i++)
        fprintf(stderr, "%s, ", program->commands[i].name);
    fputs("-h/--help, -V/--version\n", stderr);
}

static int run_program(const bloom_program *program, int argc, char **argv)
{
    if (argc < 2) {
        refuse_command(program, "missing command", NULL);
        return BLOOM_EXIT_USAGE;
    }
    program_version = program->version;
    if (is_help(argv[1]) || is_version(argv[1])) {
        bloom_command_line line = { .program = program->name };
        if (refuse_beside(&line, argc, argv, 1, 1))
            return BLOOM_EXIT_USAGE;
        if (is_help(argv[1]))
            fputs(program->usage, stdout);
        else
            puts(program->version);
        return BLOOM_EXIT_SUCCESS;
    }
    for (size_t i = 0; i < program->command_count; i++)
        if (strcmp(argv[1], program->commands[i].name) == 0) {
            if (program->before_command != NULL)
                program->before_command();
            int status = program->commands[i].run(argc, argv, 2);
            mpfr_free_cache();   /* MPFR's cached constants: every block freed at exit (valgrind) */
            bloom_guava_free_cache();
            bloom_fpr_free_cache();
            return status;
        }
    refuse_command(program, "unknown command", argv[1]);
    return BLOOM_EXIT_USAGE;
}

int bloom_program_run(const bloom_program *program, int argc, char **argv)
{
    bloom_standard_streams_reserve();
    return bloom_standard_output_close(program->name, run_program(program, argc, argv));
}

int bloom_options_size_given(bloom_command_line *line, int *given)
{
    const bloom_option *bits = bloom_options_find(line, "bits");
    const bloom_option *memory = bloom_options_find(line, "memory");
    int given_bits = bits != NULL && bits->seen, given_memory = memory != NULL && memory->seen;
    *given = given_bits || given_memory;
    if (given_bits && given_memory) {
        bloom_options_error(line, "-m/--bits and --memory both give the filter's size; give one");
        return BLOOM_EXIT_USAGE;
    }
    return BLOOM_EXIT_SUCCESS;
}

int bloom_results_exit(const bloom_command_line *line, int status)
{
    if (status == BLOOM_OK)
        return BLOOM_EXIT_SUCCESS;
    bloom_options_error(line, "a result could not be certified to the requested digits (%s); try "
                        "fewer --digits", status == BLOOM_UNDEFINED ? "undefined for these arguments"
                                                                   : "precision limit reached");
    return BLOOM_EXIT_FAILURE;
}

/* The option a word names when its value is written apart ("--format", "-k"), or NULL. */
static bloom_option *option_before_value(bloom_command_line *line, const char *word)
{
    if (word[1] == '-')
        return strchr(word, '=') == NULL ? bloom_options_find(line, word + 2) : NULL;
    return word[2] == '\0' ? find_short(line, word[1]) : NULL;
}

void bloom_options_split_operands(bloom_command_line *line, int argc, char **argv, int first, char **words,
                                  int *word_count, char **operands, size_t *operand_count)
{
    int only_operands = 0;
    *word_count = 0;
    *operand_count = 0;
    for (int i = first; i < argc; i++) {
        const char *word = argv[i];
        if (!only_operands && strcmp(word, "--") == 0) {
            only_operands = 1;
        } else if (only_operands || !is_option_word(word)) {
            operands[(*operand_count)++] = argv[i];
        } else {
            words[(*word_count)++] = argv[i];
            bloom_option *option = option_before_value(line, word);
            if (option != NULL && reading_of(line, option)->kind != BLOOM_OPTION_FLAG && i + 1 < argc)
                words[(*word_count)++] = argv[++i];
        }
    }
}
