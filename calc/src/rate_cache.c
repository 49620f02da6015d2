/*
 * rate_cache.c - the exact rates already enclosed (rate_cache.h).
 *
 * A fixed table of entries keyed by (kind, m, n, k, j), j the query's probes,
 * replaced round-robin when full: a run's repeated questions are about a
 * few filters at a time (a table row, a search's neighbourhood of k), so a
 * small table catches them, and a lookup scans it with integer comparisons.
 * One table per thread (thread-local, as the library keeps all its state:
 * bloomcalc.h), so threads never share one and need no lock;
 * bloom_fpr_free_cache (fpr.h) frees the calling thread's.
 */
#include "legacy_mixtures.h"
#include "rate_cache.h"
#include "stirling.h"

/* Entries kept: a best-k search visits up to about 2 x 100 k of one filter. */
#define RATE_CACHE_ENTRIES 256

typedef struct rate_entry {
    int used;
    bloom_rate_kind kind;
    mpz_t m, n;
    unsigned long k, probes;
    mpfi_t rate;
} rate_entry;

static _Thread_local rate_entry entries[RATE_CACHE_ENTRIES];
static _Thread_local size_t next_replaced;

static unsigned long probes_of(const bloom_fpr_arguments *arguments)
{
    return arguments->query_probes != 0 ? arguments->query_probes : arguments->k;
}

static int matches(const rate_entry *entry, bloom_rate_kind kind, const bloom_fpr_arguments *arguments)
{
    return entry->used && entry->kind == kind && entry->k == arguments->k && entry->probes == probes_of(arguments)
        && mpz_cmp(entry->m, arguments->m) == 0 && mpz_cmp(entry->n, arguments->n) == 0;
}

static rate_entry *find_entry(bloom_rate_kind kind, const bloom_fpr_arguments *arguments)
{
    for (size_t i = 0; i < RATE_CACHE_ENTRIES; i++)
        if (matches(&entries[i], kind, arguments))
            return &entries[i];
    return NULL;
}

int bloom_rate_cache_find(mpfi_ptr result, mpfr_prec_t *kept, bloom_rate_kind kind,
                          const bloom_fpr_arguments *arguments)
{
    const rate_entry *entry = find_entry(kind, arguments);
    int found = entry != NULL && mpfi_get_prec(entry->rate) >= mpfi_get_prec(result);
    *kept = entry != NULL ? mpfi_get_prec(entry->rate) : 0;
    if (found)
        mpfi_set(result, entry->rate);   /* rounded outward: still an enclosure */
    return found;
}

void bloom_rate_cache_keep(mpfi_srcptr rate, bloom_rate_kind kind, const bloom_fpr_arguments *arguments)
{
    rate_entry *entry = find_entry(kind, arguments);
    if (entry == NULL) {
        entry = &entries[next_replaced];
        next_replaced = (next_replaced + 1) % RATE_CACHE_ENTRIES;
        if (!entry->used) {
            mpz_inits(entry->m, entry->n, (mpz_ptr)0);
            mpfi_init2(entry->rate, mpfi_get_prec(rate));
            entry->used = 1;
        }
        entry->kind = kind;
        mpz_set(entry->m, arguments->m);
        mpz_set(entry->n, arguments->n);
        entry->k = arguments->k;
        entry->probes = probes_of(arguments);
        mpfi_set_prec(entry->rate, 2);   /* coarser than any: replaced below */
    }
    if (mpfi_get_prec(rate) > mpfi_get_prec(entry->rate)) {
        mpfi_set_prec(entry->rate, mpfi_get_prec(rate));
        mpfi_set(entry->rate, rate);
    }
}

mpfr_prec_t bloom_rate_cache_precision(mpfr_prec_t asked, mpfr_prec_t kept)
{
    return asked > 2 * kept ? asked : 2 * kept;
}

void bloom_fpr_free_cache(void)
{
    for (size_t i = 0; i < RATE_CACHE_ENTRIES; i++)
        if (entries[i].used) {
            mpz_clears(entries[i].m, entries[i].n, (mpz_ptr)0);
            mpfi_clear(entries[i].rate);
            entries[i].used = 0;
        }
    next_replaced = 0;
    bloom_stirling_free_cache();
    bloom_rocksdb_legacy_free_cache();
}
