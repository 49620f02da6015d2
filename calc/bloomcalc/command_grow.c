/*
 * command_grow.c - "bloomcalc grow": a scalable Bloom filter (growth.h):
 * sub-filters, memory, compound rate bound and probes for a final key
 * count.  Parsing and printing only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "description.h"
#include "fields.h"
#include "memory_fields.h"
#include "growth_request.h"
#include "options.h"
#include "sizing.h"

static const char description[] =
    "A scalable Bloom filter (Almeida, Baquero, Preguica, Hutchison 2007) grown to N\n"
    "keys (-n): the first sub-filter holds --initial keys (default N/1000, at least\n"
    "1) at rate -p (default 1%), each next one is --growth times larger (default 2)\n"
    "at --tightening times the rate (default 0.8; RedisBloom uses 0.5).  Prints the\n"
    "sub-filters needed, total memory, the compound rate bound 1 - prod(1 - p0 r^i)\n"
    "(exact), its limit p0/(1 - r), the bit probes of an absent key (every\n"
    "sub-filter, every bit) and the mean sub-filters a present key reaches, newest\n"
    "first.  --per-filter prints one record per sub-filter instead.";

static void put_summary(bloom_fields *fields, const bloom_growth *growth, mpz_srcptr n)
{
    mpz_t bytes;
    mpz_init(bytes);
    bloom_bytes_for_bits(bytes, growth->bits);
    bloom_fields_integer(fields, "n", "keys n", NULL, n);
    bloom_fields_integer(fields, "initial_capacity", "first sub-filter's capacity", NULL,
                         growth->subfilter[0].capacity);
    bloom_fields_rational(fields, "first_rate", "first sub-filter's rate p0", NULL, growth->first_rate);
    bloom_fields_unsigned(fields, "filters", "sub-filters", NULL, (unsigned long)growth->filters);
    bloom_fields_integer(fields, "m_bits", "total bits", "bits", growth->bits);
    bloom_fields_integer(fields, "bytes", "memory", "bytes", bytes);
    bloom_fields_memory_units(fields, bytes);
    bloom_fields_rational(fields, "fpr_bound", "compound rate bound 1 - prod(1 - p_i)", NULL,
                          growth->rate_bound);
    bloom_fields_rational(fields, "fpr_limit", "bound for any n, p0/(1 - r)", NULL, growth->rate_limit);
    bloom_fields_unsigned(fields, "probes_absent", "bit probes, absent key (all read)", NULL,
                          growth->probes_absent);
    bloom_fields_unsigned(fields, "filters_checked_absent", "sub-filters checked, absent key", NULL,
                          (unsigned long)growth->filters);
    bloom_fields_rational(fields, "filters_checked_present", "sub-filters checked, present key",
                          "(mean, at most)", growth->filters_checked_present);
    mpz_clear(bytes);
}

static void put_subfilters(bloom_record *rows, const bloom_growth *growth,
                           const bloom_output_choice *output)
{
    for (size_t i = 0; i < growth->filters; i++) {
        const bloom_subfilter *filter = &growth->subfilter[i];
        bloom_fields fields;
        bloom_fields_init(&fields, output->digits, (bloom_format)output->format);
        bloom_fields_unsigned(&fields, "sub_filter", "sub-filter", NULL, (unsigned long)i + 1);
        bloom_fields_integer(&fields, "capacity", "capacity", NULL, filter->capacity);
        bloom_fields_integer(&fields, "keys", "keys held", NULL, filter->keys);
        bloom_fields_rational(&fields, "p", "design rate p", NULL, filter->rate);
        bloom_fields_integer(&fields, "m_bits", "bits", NULL, filter->bits);
        bloom_fields_unsigned(&fields, "k", "k", NULL, filter->k);
        rows[i] = fields.record;
        bloom_record_init(&fields.record);
        bloom_fields_clear(&fields);
    }
}

static int print_growth(const bloom_growth *growth, mpz_srcptr n, int per_filter,
                        const bloom_output_choice *output, const bloom_command_line *line)
{
    if (!per_filter) {
        bloom_fields fields;
        bloom_fields_init(&fields, output->digits, (bloom_format)output->format);
        put_summary(&fields, growth, n);
        return bloomcalc_emit(&fields, output->format, line);
    }
    bloom_record *rows = calloc(growth->filters, sizeof *rows);
    if (rows == NULL)
        abort();
    put_subfilters(rows, growth, output);
    bloom_write_records(stdout, rows, growth->filters, (bloom_format)output->format);
    for (size_t i = 0; i < growth->filters; i++)
        bloom_record_clear(&rows[i]);
    free(rows);
    return BLOOM_EXIT_SUCCESS;
}

int bloomcalc_grow(int argc, char **argv, int first)
{
    bloom_growth_request request;
    bloom_growth_request_init(&request);
    int per_filter = 0;
    bloom_output_choice output = { BLOOM_DEFAULT_DIGITS, BLOOM_FORMAT_TABLE };
    const char *unit = NULL;
    bloom_option options[BLOOM_GROWTH_REQUEST_OPTIONS + 1 + BLOOM_DESCRIPTION_UNIT_OPTION_COUNT
                         + BLOOM_OUTPUT_OPTION_COUNT] = {
        [BLOOM_GROWTH_REQUEST_OPTIONS] = { .long_name = "per-filter", .kind = BLOOM_OPTION_FLAG,
            .destination = &per_filter, .help = "one record per sub-filter instead of the summary" },
    };
    bloom_growth_request_options(options, &request, "keys", BLOOM_MAX_SIZE_TEXT, BLOOM_MIN_RATE_TEXT);
    size_t count = BLOOM_GROWTH_REQUEST_OPTIONS + 1;
    count += bloom_unit_refused_options(options + count, &unit);
    const bloom_option output_options[] = { BLOOM_OUTPUT_OPTIONS(output) };
    memcpy(options + count, output_options, sizeof output_options);
    count += sizeof output_options / sizeof output_options[0];
    static const char *const positional[] = { "keys", NULL };
    bloom_command_line line = { "bloomcalc", "grow", "-n N [OPTIONS]", description, options, count,
                                positional };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    if (parsed == BLOOM_OPTIONS_PARSED)
        status = bloom_unit_refusal(&line, "a scalable filter's unit is its sub-filter, which grow "
                                    "sizes itself");
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS) {
        bloom_growth growth;
        bloom_growth_init(&growth);
        status = bloom_growth_request_complete(&growth, &request, &line);
        if (status == BLOOM_EXIT_SUCCESS)
            status = print_growth(&growth, request.keys, per_filter, &output, &line);
        bloom_growth_clear(&growth);
    }
    bloom_growth_request_clear(&request);
    return status;
}
