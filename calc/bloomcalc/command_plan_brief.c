/*
 * command_plan_brief.c - the first screen of "bloomcalc plan" for people
 * (brief.h): the filter that answers the question leads, then the textbook
 * comparison the plan exists to show (1/ln 2 against 1.44), then headroom
 * and read amplification.
 *
 * For a target rate, the filter that meets it is the smallest m whose
 * exact rate is at most p (FORMULAS.md §l), not the textbook m, whose
 * integer k usually lands just above p; with a filter description or a
 * library, the filter as deployed (its memory as allocated, its rate
 * fpr_layout) leads instead.  --all prints every field, and CSV and JSON
 * always do.
 */
#include <stdlib.h>

#include "brief.h"
#include "commands.h"
#include "fields.h"
#include "plan.h"

#define AS_IS BLOOM_BRIEF_AS_IS
#define BYTES BLOOM_BRIEF_BYTES
#define RATE BLOOM_BRIEF_RATE

/* What every brief screen ends with: keys held, headroom, read amplification, notes. */
#define BRIEF_TAIL                                                                          \
    { "n_actual", NULL, AS_IS }, { "fpr_exact_actual", NULL, RATE },                        \
    { "fpr_exact_actual_ratio", NULL, AS_IS }, { "n_at_2p", NULL, AS_IS },                  \
    { "n_at_10p", NULL, AS_IS }, { "read_amp_miss", NULL, AS_IS },                          \
    { "read_amp_hit", NULL, AS_IS }, { "warning", NULL, AS_IS }, { "note", NULL, AS_IS },   \
    { NULL, NULL, AS_IS }

/* The deployed filter's lines, after n and p (or m). */
#define BRIEF_DEPLOYED                                                                      \
    { "library", NULL, AS_IS }, { "layout", NULL, AS_IS },                                  \
    { "bits_per_key_setting", NULL, AS_IS }, { "filters", NULL, AS_IS },                    \
    { "keys_per_filter", NULL, AS_IS }, { "bytes_allocated", "memory allocated", BYTES },   \
    { "m_allocated", NULL, AS_IS }, { "k_layout", NULL, AS_IS },                            \
    { "fpr_layout", NULL, RATE }

static const bloom_brief_line for_rate[] = {
    { "n", NULL, AS_IS },
    { "p", NULL, RATE },
    { "bytes_meeting_target", "memory that meets p", BYTES },
    { "m_bits_meeting_target", "bits that meet p (smallest m)", AS_IS },
    { "k_meeting_target", "hash count k", AS_IS },
    { "fpr_exact_meeting_target", "its exact rate", RATE },
    { "bytes", "textbook memory, n log2(1/p) / ln 2 bits", BYTES },
    { "fpr_exact", "its exact rate with the best k", RATE },
    { "bits_per_key", NULL, AS_IS },
    { "bits_per_key_1_44", NULL, AS_IS },
    { "bytes_gap", NULL, AS_IS },
    BRIEF_TAIL
};

static const bloom_brief_line for_rate_deployed[] = {
    { "n", NULL, AS_IS },
    { "p", NULL, RATE },
    BRIEF_DEPLOYED,
    { "bits_per_key", "textbook bits per key, log2(1/p) / ln 2", AS_IS },
    { "bits_per_key_1_44", NULL, AS_IS },
    { "fpr_exact", "a standard filter of the same m and k", RATE },
    BRIEF_TAIL
};

/* For memory (-n -m) and for capacity (-m -p): the filter given, then its rate. */
static const bloom_brief_line for_size[] = {
    { "n", NULL, AS_IS },
    { "p", NULL, RATE },
    { "bytes", NULL, BYTES },
    { "m_bits", NULL, AS_IS },
    { "bits_per_key", NULL, AS_IS },
    { "k", NULL, AS_IS },
    { "fpr_exact", NULL, RATE },
    BRIEF_TAIL
};

static const bloom_brief_line for_size_deployed[] = {
    { "n", NULL, AS_IS },
    { "p", NULL, RATE },
    BRIEF_DEPLOYED,
    { "bits_per_key", NULL, AS_IS },
    { "fpr_exact", "a standard filter of the same m and k", RATE },
    BRIEF_TAIL
};

/* A deployment (--keys-per-filter, --file-size): the whole first, then one filter. */
static const bloom_brief_line for_deployment[] = {
    { "keys_total", NULL, AS_IS },
    { "library", NULL, AS_IS },
    { "bits_per_key_setting", NULL, AS_IS },
    { "filters", NULL, AS_IS },
    { "n", "keys per filter", AS_IS },
    { "bytes_total", NULL, BYTES },
    { "bytes_per_filter", NULL, BYTES },
    { "k_layout", NULL, AS_IS },
    { "fpr_deployment", NULL, RATE },
    { "fpr_worst", NULL, RATE },
    { "bits_per_key", NULL, AS_IS },
    { "levels", "levels past L0", AS_IS },
    { "l0_files", NULL, AS_IS },
    BRIEF_TAIL
};

/* A deployment of partitioned filters (--partitioned): the files, then their partitions. */
static const bloom_brief_line for_partitioned[] = {
    { "keys_total", NULL, AS_IS },
    { "library", NULL, AS_IS },
    { "filters", "files, one partitioned filter each", AS_IS },
    { "partitions", NULL, AS_IS },
    { "partitions_per_file", NULL, AS_IS },
    { "keys_per_partition", NULL, AS_IS },
    { "bytes_total", "memory of all the partitions", BYTES },
    { "bytes_per_filter", "memory of a full file's partitions", BYTES },
    { "bytes_per_partition", NULL, BYTES },
    { "k_layout", NULL, AS_IS },
    { "fpr_deployment", NULL, RATE },
    { "fpr_partition", NULL, RATE },
    { "bits_per_key", "bits per key of a partition", AS_IS },
    { "levels", "levels past L0", AS_IS },
    { "l0_files", NULL, AS_IS },
    BRIEF_TAIL
};

void bloomcalc_deployment_brief(bloom_fields *fields, int units, int partitioned)
{
    bloom_brief_keep(&fields->record, partitioned ? for_partitioned : for_deployment, fields->digits,
                     (bloom_units)units);
}

void bloomcalc_plan_brief(bloom_fields *fields, const bloom_plan *plan, int described, int units)
{
    const bloom_brief_line *lines = plan->mode == BLOOM_PLAN_FOR_RATE
                                        ? (described ? for_rate_deployed : for_rate)
                                        : (described ? for_size_deployed : for_size);
    bloom_brief_keep(&fields->record, lines, fields->digits, (bloom_units)units);
}
