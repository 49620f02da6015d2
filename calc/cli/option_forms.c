/*
 * option_forms.c - what an option accepts, in words, with examples that it
 * really accepts.
 *
 * An error line or a --help entry states an option's kind and range and
 * shows one example of each form of number the parser reads (numbers.h,
 * sizes.h): "a whole number from 1 to 2^256, as 1000, 1e9, 2.5E6,
 * 1_000_000, 1,000,000 or 2^33".  A fixed list of examples would be wrong
 * for some ranges (2 is no hit ratio in [0, 1], 1 % is no confidence of at
 * least 1/2).  So each form
 * has a few candidates, and the first candidate that the option itself
 * converts without error (bloom_option_convert, into a scratch value) is
 * the one named; a form with no accepted candidate is left out, and when
 * no form is left the range's own lower bound is the example.  What the
 * message names is therefore accepted by construction, and
 * tests/cli_messages.sh feeds every named example back to check it.
 */
#include <stdio.h>
#include <string.h>

#include <gmp.h>

#include "numbers.h"
#include "options.h"
#include "sizes.h"

/* Candidates of one form, NULL-terminated; the first accepted is shown. */
typedef const char *const form_candidates[8];

static const form_candidates count_forms[] = {
    { "1000", "100", "64", "10", "8", "2", "1", NULL },
    { "1e9", "1e6", "1e3", "1e1", NULL },
    { "2.5E6", "2.5E1", NULL },
    { "1_000_000", "1_000", NULL },
    { "1,000,000", "1,000", NULL },
    { "2^33", "2^10", "2^6", "2^3", "2^1", NULL },
    { NULL },
};
static const form_candidates unsigned_forms[] = {
    { "10", "5", "2", "1", "1000", NULL },
    { "2^3", "2^1", "2^10", NULL },
    { NULL },
};
static const form_candidates rate_forms[] = {
    { "0.01", "0.999", NULL },
    { "1%", "99.9%", NULL },
    { "0.1 %", "99.9 %", NULL },
    { "1e-2", "9.99e-1", NULL },
    { "1/100", "999/1000", NULL },
    { "1 in 1000", "999 in 1000", NULL },
    { "1:1000", "999:1000", NULL },
    { NULL },
};
static const form_candidates real_forms[] = {
    { "2", "1", "10", "100", "1000", "0", NULL },
    { "1.5", "0.5", "0.25", "1000.5", NULL },
    { "3/2", "1/2", "1/4", "2001/2", NULL },
    { NULL },
};
static const form_candidates size_forms[] = {
    { "1e9", "1000", "64", "8", "1", NULL },
    { "512MiB", "1KiB", "1B", NULL },
    { "1.5 GB", "1 kB", NULL },
    { "8e9 bit", "64 bit", "8 bit", NULL },
    { NULL },
};
static const form_candidates count_list_forms[] = {
    { "1e6,1e9", "8,64", "1,2", NULL },
    { "2^20..2^30", "2^3..2^6", "1..2", NULL },
    { NULL },
};
static const form_candidates rate_list_forms[] = {
    { "0.1,0.01", "0.9,0.5", NULL },
    { "0.1..1e-6", "0.9..0.09", NULL },
    { NULL },
};
static const form_candidates unsigned_list_forms[] = {
    { "5,7", "1,2", NULL },
    { "1..20", "1..5", "1..2", NULL },
    { NULL },
};
static const form_candidates real_list_forms[] = {
    { "8,10", "1,2", NULL },
    { "4..20", "1..2", NULL },
    { NULL },
};
static const form_candidates size_list_forms[] = {
    { "1e9,2e9", "8,64", NULL },
    { "1MiB..1GiB", "2^3..2^6", NULL },
    { NULL },
};

/* Nonzero when `option` converts `text` without error (into scratch storage). */
static int accepts(const bloom_option *option, const char *text)
{
    bloom_option probe = *option;
    mpz_t whole;
    mpq_t rational;
    unsigned long small = 0;
    bloom_value_list list;
    mpz_init(whole);
    mpq_init(rational);
    bloom_value_list_init(&list);
    switch (option->kind) {
    case BLOOM_OPTION_COUNT:
    case BLOOM_OPTION_SIZE:
        probe.destination = option->whole_bytes ? (void *)&small : (void *)whole;
        break;
    case BLOOM_OPTION_RATE:
    case BLOOM_OPTION_REAL:
        probe.destination = rational;
        break;
    case BLOOM_OPTION_UNSIGNED:
        probe.destination = &small;
        break;
    default:
        probe.destination = &list;   /* the list kinds: only numbers are tried */
        break;
    }
    int result = bloom_option_convert(&probe, text);
    bloom_value_list_clear(&list);
    mpq_clear(rational);
    mpz_clear(whole);
    return result == BLOOM_PARSE_OK;
}

/*
 * Appends ", as A, B or C" to buffer: the first accepted candidate of each
 * form; `fallback` when none is.  A list reads "1,000,000" as one item
 * (options.c), so the items' examples are tried in a list too.
 */
static void append_examples(char *buffer, size_t size, const bloom_option *option,
                            const form_candidates *forms, const char *fallback)
{
    const char *chosen[16];
    size_t count = 0;
    for (; (*forms)[0] != NULL && count < sizeof chosen / sizeof chosen[0]; forms++)
        for (const char *const *candidate = *forms; *candidate != NULL; candidate++) {
            if (accepts(option, *candidate)) {
                chosen[count++] = *candidate;
                break;
            }
        }
    if (count == 0 && fallback != NULL && accepts(option, fallback))
        chosen[count++] = fallback;
    size_t used = strlen(buffer);
    for (size_t i = 0; i < count && used < size; i++)
        used += (size_t)snprintf(buffer + used, size - used, "%s%s",
                                 i == 0 ? ", as " : i + 1 == count ? " or " : ", ", chosen[i]);
}

/* The forms of a single (not list) kind. */
static const form_candidates *single_forms(bloom_option_kind kind)
{
    switch (kind) {
    case BLOOM_OPTION_COUNT:
        return count_forms;
    case BLOOM_OPTION_UNSIGNED:
        return unsigned_forms;
    case BLOOM_OPTION_RATE:
        return rate_forms;
    case BLOOM_OPTION_REAL:
        return real_forms;
    case BLOOM_OPTION_SIZE:
        return size_forms;
    case BLOOM_OPTION_COUNT_LIST:
        return count_list_forms;
    case BLOOM_OPTION_RATE_LIST:
        return rate_list_forms;
    case BLOOM_OPTION_UNSIGNED_LIST:
        return unsigned_list_forms;
    case BLOOM_OPTION_SIZE_LIST:
        return size_list_forms;
    case BLOOM_OPTION_REAL_LIST:
        return real_list_forms;
    default:
        return NULL;
    }
}

/* The range of a single kind in words, without examples. */
static void describe_range(char *buffer, size_t size, const bloom_option *option, bloom_option_kind kind)
{
    switch (kind) {
    case BLOOM_OPTION_COUNT:
        snprintf(buffer, size, "a whole number from %s%s%s",
                 option->count_minimum ? option->count_minimum : "0",
                 option->count_maximum ? " to " : " up",
                 option->count_maximum ? option->count_maximum : "");
        break;
    case BLOOM_OPTION_RATE:
        snprintf(buffer, size, "a rate above 0 and below 1%s%s",
                 option->rate_minimum ? ", at least " : "",
                 option->rate_minimum ? option->rate_minimum : "");
        break;
    case BLOOM_OPTION_UNSIGNED:
        snprintf(buffer, size, "a whole number from %lu to %lu", option->minimum, option->maximum);
        break;
    case BLOOM_OPTION_SIZE:
        snprintf(buffer, size, "a size from %s to %s bits: a number of %s, or a number with a "
                 "unit (%s)",
                 option->count_minimum ? option->count_minimum : "0",
                 option->count_maximum ? option->count_maximum : "any",
                 option->bare_bytes ? "bytes" : "bits", bloom_size_units);
        break;
    case BLOOM_OPTION_REAL:
        snprintf(buffer, size, "a number from %s to %s",
                 option->rate_minimum ? option->rate_minimum : "0",
                 option->count_maximum ? option->count_maximum : "any");
        break;
    case BLOOM_OPTION_CHOICE: {
        size_t used = (size_t)snprintf(buffer, size, "one of");
        for (const char *const *choice = option->choices; *choice != NULL && used < size; choice++)
            used += (size_t)snprintf(buffer + used, size - used, "%s %s",
                                     choice == option->choices ? "" : ",", *choice);
        break;
    }
    case BLOOM_OPTION_TEXT:
        snprintf(buffer, size, "a non-empty text");
        break;
    default:
        snprintf(buffer, size, "no value");
        break;
    }
}

/* The lower bound as text, the example of last resort. */
static const char *lower_bound(const bloom_option *option, bloom_option_kind kind)
{
    return kind == BLOOM_OPTION_RATE || kind == BLOOM_OPTION_REAL ? option->rate_minimum
         : option->count_minimum;
}

void bloom_option_describe_accepted(char *buffer, size_t size, const bloom_option *option)
{
    bloom_option_kind kind = bloom_option_item_kind(option->kind);
    buffer[0] = '\0';
    if (bloom_option_is_list(option->kind)) {
        int rates = option->kind == BLOOM_OPTION_RATE_LIST;   /* never written in thousands */
        snprintf(buffer, size, "a list of items separated by ',' and ranges a..b, b included (%s; "
                               "a..b/x4 or a..b/+5 sets the step)%s",
                 option->kind == BLOOM_OPTION_UNSIGNED_LIST || option->kind == BLOOM_OPTION_REAL_LIST ? "step 1"
                 : rates ? "step x10, or x2 when a and b are a power of two apart"
                         : "step x10 when a and b are a power of ten apart, else x2",
                 rates ? "" : "; when every ',' has three digits after it and one to three "
                              "before, they group thousands (1,000,000 is one item, 1,100 is 1100, "
                              "'1, 100' two)");
        append_examples(buffer, size, option, single_forms(option->kind), NULL);
        size_t used = strlen(buffer);
        if (used < size)
            snprintf(buffer + used, size - used, ", each ");
    }
    size_t used = strlen(buffer);
    if (used >= size)
        return;
    describe_range(buffer + used, size - used, option, kind);
    const form_candidates *forms = single_forms(kind);
    if (forms != NULL)
        append_examples(buffer, size, option, forms, lower_bound(option, kind));
}
