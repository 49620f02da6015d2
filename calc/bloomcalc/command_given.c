/*
 * command_given.c - which of keys n, target rate p, size m (-m/--bits or
 * --memory) and bits per key c a command was given, and c turned into the
 * missing n or m: m = round(n c) or n = round(m / c), ties to even
 * (sizing.h), so that "-n 1e9 -c 10" and "-n 1e9 -m 1e10" describe the
 * same filter in every command.
 */
#include <stdio.h>

#include "commands.h"
#include "options.h"
#include "sizing.h"

/* Whether the option named `name` exists and was given (not every
 * command has -c). */
static int seen(bloom_command_line *line, const char *name)
{
    return bloom_options_find(line, name) != NULL && bloom_options_given(line, name);
}

static int given_two(const bloomcalc_given *given, bloom_command_line *line, const char *example);

int bloomcalc_given_read(bloomcalc_given *given, bloom_command_line *line, const char *example)
{
    given->n = seen(line, "keys");
    given->p = seen(line, "rate");
    given->c = seen(line, "bits-per-key");
    int status = bloom_options_size_given(line, &given->m);
    return status != BLOOM_EXIT_SUCCESS ? status : given_two(given, line, example);
}

/* "-n/--keys, -p/--rate, -m/--bits (or --memory), -c/--bits-per-key": the ones the command has. */
static void list_sizing_options(char *buffer, size_t size, bloom_command_line *line)
{
    static const struct { const char *name, *text; } names[] = {
        { "keys", "-n/--keys" }, { "rate", "-p/--rate" }, { "bits", "-m/--bits (or --memory)" },
        { "bits-per-key", "-c/--bits-per-key" },
    };
    size_t used = 0;
    buffer[0] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (bloom_options_find(line, names[i].name) != NULL && used < size)
            used += (size_t)snprintf(buffer + used, size - used, "%s%s", used ? ", " : "",
                                     names[i].text);
}

/* Exactly two of n, p, m, c, and c only with n or m. */
static int given_two(const bloomcalc_given *given, bloom_command_line *line, const char *example)
{
    int count = given->n + given->p + given->m + given->c;
    char options[160];
    list_sizing_options(options, sizeof options, line);
    if (given->c && given->p && count == 2) {
        bloom_options_error(line, "-c/--bits-per-key sizes the filter from -n/--keys or "
                            "-m/--bits, not from -p/--rate; give it with one of those");
        return BLOOM_EXIT_USAGE;
    }
    if (count > 2) {
        bloom_options_error(line, "%s: %d given, which over-determines the filter; give exactly two",
                            options, count);
        return BLOOM_EXIT_USAGE;
    }
    if (count < 2) {
        bloom_options_error(line, "needs two of %s (e.g. '%s')", options, example);
        return BLOOM_EXIT_USAGE;
    }
    return BLOOM_EXIT_SUCCESS;
}

int bloomcalc_given_resolve(bloomcalc_given *given, mpz_ptr n, mpz_ptr m, mpq_srcptr c,
                            const struct bloom_command_line *line)
{
    if (!given->c)
        return BLOOM_EXIT_SUCCESS;
    int for_bits = given->n;
    int zero = for_bits ? bloom_bits_for_bits_per_key(m, n, c) : bloom_keys_for_bits_per_key(n, m, c);
    given->n = given->m = 1;
    if (zero && line != NULL)
        bloom_options_error(line, "--bits-per-key: round(%s) is 0 (no filter of 0 %s); accepted: "
                            "bits per key that leave at least one key and one bit",
                            for_bits ? "n c" : "m / c", for_bits ? "bits" : "keys");
    return zero ? BLOOM_EXIT_USAGE : BLOOM_EXIT_SUCCESS;
}
