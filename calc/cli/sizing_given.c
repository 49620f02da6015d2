/*
 * sizing_given.c - which of keys n, target rate p, size m (-m/--bits or
 * --memory) and bits per key c a command of either program was given, and
 * c turned into the missing n or m: m = round(n c) or n = round(m / c),
 * ties to even (sizing.h), so that "-n 1e9 -c 10" and "-n 1e9 -m 1e10"
 * describe the same filter in every command.  Then the plan of the filter
 * described: a library sizes n keys at rate p its own way when the
 * description names one (bloom_description_library_sizing), RocksDB sizes
 * from bits per key ("-n N -c C --library rocksdb": its k, 6 at 10 bits a
 * key), and otherwise the plan is made for the two of n, p, m given
 * (plan.h: for a rate, a memory or a capacity).
 */
#include <math.h>
#include <stdio.h>

#include "options.h"
#include "description.h"
#include "library_rules.h"
#include "plan.h"
#include "sizing.h"
#include "sizing_given.h"

/* Whether the option named `name` exists and was given (not every
 * command has -c). */
static int seen(bloom_command_line *line, const char *name)
{
    return bloom_options_find(line, name) != NULL && bloom_options_given(line, name);
}

static int given_two(const bloom_given *given, bloom_command_line *line, const char *example);

int bloom_given_seen(bloom_given *given, bloom_command_line *line)
{
    given->n = seen(line, "keys");
    given->p = seen(line, "rate");
    given->c = seen(line, "bits-per-key");
    return bloom_options_size_given(line, &given->m);
}

int bloom_given_read(bloom_given *given, bloom_command_line *line, const char *example)
{
    int status = bloom_given_seen(given, line);
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
static int given_two(const bloom_given *given, bloom_command_line *line, const char *example)
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

int bloom_given_resolve(bloom_given *given, mpz_ptr n, mpz_ptr m, mpq_srcptr c,
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

/* Plans for the two of n, p, m given (after -c/--bits-per-key is resolved). */
int bloom_plan_given(bloom_plan *plan, const bloom_given *given, mpz_srcptr n, mpz_srcptr m,
                          mpq_srcptr p, unsigned long k, unsigned long levels)
{
    return !given->m ? bloom_plan_for_rate(plan, n, p, k, levels)
         : !given->p ? bloom_plan_for_memory(plan, n, m, k, levels)
                     : bloom_plan_for_capacity(plan, m, p, k, levels);
}

/* Refuses a -k/--hashes K that differs from the hash count the library chose itself. */
static int refuse_other_k(const bloom_layout_description *description, unsigned long asked,
                          unsigned long chosen, const bloom_command_line *line)
{
    if (asked == 0 || asked == chosen)
        return BLOOM_EXIT_SUCCESS;
    if (line != NULL)
        bloom_options_error(line, "-k/--hashes: --library %s chooses its own hash count, %lu for "
                            "these keys, not %lu; accepted: no -k with a library that sizes the "
                            "filter, or -k with -m/--bits M (a plan for memory)",
                            bloom_library_names[description->library], chosen, asked);
    return BLOOM_EXIT_USAGE;
}

int bloom_plan_described(bloom_plan *plan, int *planned, bloom_given *given, mpz_srcptr n,
                         mpz_ptr m, mpq_srcptr p, mpq_srcptr c, unsigned long k,
                         unsigned long levels, const bloom_layout_description *description,
                         const bloom_command_line *line)
{
    int status = BLOOM_EXIT_SUCCESS;
    unsigned long chosen = k;
    int library_k = 0;
    if (given->n && given->p) {      /* a library sizes n keys at p its own way: plan that m and k */
        status = bloom_description_library_sizing(m, &chosen, &library_k, description, n, p, NULL, line);
        given->m = library_k;
        given->p = !library_k;
    } else if (given->c && c != NULL) {   /* RocksDB sizes from bits per key */
        bloom_quantity per_key = { bloom_enclose_rational, c, bloom_exact_rational };
        status = bloom_description_library_sizing_per_key(m, &chosen, &library_k, description, n,
                                                          &per_key, line);
    }
    if (status == BLOOM_EXIT_SUCCESS && library_k)
        status = refuse_other_k(description, k, chosen, line);
    *planned = status == BLOOM_EXIT_SUCCESS ? bloom_plan_given(plan, given, n, m, p, chosen, levels)
                                            : BLOOM_OK;
    return status;
}

int bloom_plan_request(bloom_plan *plan, int *planned, bloom_given *given, mpz_ptr n, mpz_ptr m,
                       mpq_srcptr p, mpq_srcptr c, unsigned long k, unsigned long levels,
                       const bloom_layout_description *description, const bloom_command_line *line)
{
    *planned = BLOOM_OK;
    int status = bloom_given_resolve(given, n, m, c, line);
    if (status == BLOOM_EXIT_SUCCESS)
        status = bloom_plan_described(plan, planned, given, n, m, p, given->c ? c : NULL, k, levels,
                                      description, line);
    if (status != BLOOM_EXIT_SUCCESS)
        return status;      /* refused; the message is out */
    if (*planned == BLOOM_UNDEFINED && given->n && !given->p && k == 0) {
        bloom_options_error(line, "-m/--bits: so many bits a key that the best hash count "
                            "(m/n) ln 2 reaches the limit of %lu hashes; accepted: m/n below "
                            "about %lu/ln 2 = %.1f bits a key (if M counts bytes, give --memory M "
                            "or a unit), or a fixed -k/--hashes K",
                            BLOOM_MAX_HASHES, BLOOM_MAX_HASHES, (double)BLOOM_MAX_HASHES / log(2));
        return BLOOM_EXIT_USAGE;
    }
    if (*planned == BLOOM_UNRESOLVED && k == 0 && !given->n) {
        bloom_options_error(line, "-p/--rate: so few keys fit in these bits at this rate that "
                            "certifying their best hash count takes too long or reaches the "
                            "limit of %lu hashes; accepted: a larger rate, more bits, or a "
                            "fixed -k/--hashes K", BLOOM_MAX_HASHES);
        return BLOOM_EXIT_USAGE;
    }
    if (*planned == BLOOM_UNDEFINED && !given->n) {
        bloom_options_error(line, "-m/--bits: too few bits to hold even one key at the "
                            "target rate; accepted: more bits or a larger -p/--rate");
        return BLOOM_EXIT_USAGE;
    }
    if (*planned == BLOOM_OK && plan->mode == BLOOM_PLAN_FOR_CAPACITY
        && bloom_library_is_ribbon(description->library, k != 0)) {
        bloom_options_error(line, "--library: rocksdb-ribbon: the keys a Ribbon of M bits holds at P "
                            "are not a Bloom filter's (it is solved for its keys); accepted: -n N "
                            "with -c/--bits-per-key C, -p/--rate P or -m/--bits M");
        return BLOOM_EXIT_USAGE;
    }
    return BLOOM_EXIT_SUCCESS;
}

int bloom_ribbon_sizes(mpz_ptr m, mpz_srcptr n, mpq_srcptr c, const bloom_given *given,
                       const bloom_layout_description *description, const bloom_command_line *line)
{
    if (!given->n) {
        bloom_options_error(line, "--library rocksdb-ribbon: its Ribbon needs -n N and one of "
                            "-c/--bits-per-key C (NewRibbonFilterPolicy(C)) or -m/--bits M (its "
                            "solution); accepted: those, or -k K for its Bloom fallback");
        return BLOOM_EXIT_USAGE;
    }
    unsigned long k = 0;
    int k_given = 0;
    int status = BLOOM_EXIT_SUCCESS;
    if (given->c)
        status = bloom_description_library_sizing(m, &k, &k_given, description, n, NULL, c, line);
    if (status == BLOOM_EXIT_SUCCESS && k != 0) {
        bloom_options_error(line, "--library rocksdb-ribbon: RocksDB builds its Bloom filter for "
                            "these keys (fewer than 1024 slots and the Bloom filter smaller); "
                            "accepted: more keys, or -k %lu for that filter", k);
        status = BLOOM_EXIT_USAGE;
    }
    return status;
}
