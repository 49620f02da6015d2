/*
 * plan.h - a complete Bloom filter plan, from any two of: keys n, target
 * rate p, bits m (with an optional fixed hash count k).
 *
 *   for a rate      n and p given:  m = ceil(n (-ln p)/(ln 2)^2) (the textbook
 *                   m), the best integer k for it, the rate it really
 *                   achieves, and the smallest m whose exact rate meets p
 *   for memory      n and m given:  the best integer k and its rate
 *   for capacity    m and p given:  the largest n whose exact rate meets p
 *
 * plus LSM read amplification at the target rate (or the achieved rate
 * when no target is given).  Whole numbers are exact (GMP); real values
 * are exposed as certified quantities (certified.h) for printing at any
 * number of digits.
 */
#ifndef BLOOMCALC_PLAN_H
#define BLOOMCALC_PLAN_H

#include "export.h"

#include "certified.h"
#include "fpr.h"
#include "lsm.h"
#include "sizing.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum bloom_plan_mode {
    BLOOM_PLAN_FOR_RATE,
    BLOOM_PLAN_FOR_MEMORY,
    BLOOM_PLAN_FOR_CAPACITY
} bloom_plan_mode;

/* The headroom bounds: 2p and 10p. */
#define BLOOM_PLAN_HEADROOM_BOUNDS 2

typedef struct bloom_plan {
    bloom_plan_mode mode;
    mpz_t n;                           /* keys (computed for capacity) */
    mpq_t p;                           /* target rate (unset for memory) */
    mpz_t m_bits;                      /* the filter's bits */
    mpz_t bytes;                       /* ceil(m_bits / 8) */
    mpq_t bytes_si;                    /* bytes / 10^9 (GB) */
    mpq_t bytes_iec;                   /* bytes / 2^30 (GiB) */
    mpq_t bits_per_key_actual;         /* m_bits / n */
    unsigned long k;                   /* hash count used with m_bits */
    int k_fixed;                       /* k was given, not chosen */
    /* for a rate: the smallest m meeting p with an integer k */
    mpz_t m_bits_meeting_target;
    unsigned long k_meeting_target;
    mpz_t bytes_meeting_target;
    mpz_t extra_bytes_meeting_target;  /* bytes_meeting_target - bytes */
    /* LSM */
    unsigned long levels;
    mpq_t read_amp_hit;                /* exact, at the target p (for rate and capacity) */
    mpq_t read_amp_miss;
    /* argument blocks behind the quantities below */
    bloom_sizing_arguments sizing;
    bloom_fpr_arguments rate_arguments;
    bloom_lsm_arguments lsm_arguments;
    /* certified real quantities */
    bloom_quantity bits_per_key;       /* -ln p / (ln 2)^2 */
    bloom_quantity bits_per_key_1_44;  /* 1.44 log2(1/p) */
    bloom_quantity bits_per_key_gap;   /* their difference, bits per key */
    bloom_quantity bits_per_key_lower_bound; /* log2(1/p), the floor for any filter */
    bloom_quantity bytes_gap;          /* the difference over n keys, in bytes */
    bloom_quantity k_real;             /* (m/n) ln 2 */
    bloom_quantity fpr_approx;         /* the three rates at (m_bits, n, k) */
    bloom_quantity fpr_bloom;
    bloom_quantity fpr_exact;
    bloom_quantity read_amp_hit_achieved;   /* 1 + (L-1) fpr_exact */
    bloom_quantity read_amp_miss_achieved;  /* L fpr_exact */
    /* headroom (bloom_plan_headroom): the most keys the planned m and k hold
     * with an exact rate at most 2p and 10p; p is the target, or in the
     * for-memory form the exact rate achieved with n keys */
    int has_headroom;
    mpz_t n_at_bound[BLOOM_PLAN_HEADROOM_BOUNDS];
    int n_at_bound_status[BLOOM_PLAN_HEADROOM_BOUNDS];  /* BLOOM_UNDEFINED: 2p or 10p >= 1 */
    mpq_t headroom_factor[BLOOM_PLAN_HEADROOM_BOUNDS];  /* 2 and 10 */
    bloom_quantity headroom_reference;                 /* p, or fpr_exact */
    /* overfill (bloom_plan_actual_keys): the planned m and k holding n_actual keys */
    int has_actual;
    mpz_t n_actual;
    bloom_fpr_arguments actual_arguments;
    bloom_quantity fpr_exact_actual;
    bloom_quantity_pair actual_over_target;
    bloom_quantity fpr_exact_actual_ratio;   /* fpr_exact_actual / p (or / fpr_exact) */
} bloom_plan;

BLOOM_EXPORT void bloom_plan_init(bloom_plan *plan);
BLOOM_EXPORT void bloom_plan_clear(bloom_plan *plan);

/* Each returns a bloom_status; fixed_k = 0 lets the plan choose k. */
BLOOM_EXPORT int bloom_plan_for_rate(bloom_plan *plan, mpz_srcptr n, mpq_srcptr p,
                        unsigned long fixed_k, unsigned long levels);
BLOOM_EXPORT int bloom_plan_for_memory(bloom_plan *plan, mpz_srcptr n, mpz_srcptr m,
                          unsigned long fixed_k, unsigned long levels);
BLOOM_EXPORT int bloom_plan_for_capacity(bloom_plan *plan, mpz_srcptr m, mpq_srcptr p,
                            unsigned long fixed_k, unsigned long levels);

/*
 * Fills the headroom of a plan made by one of the three functions above:
 * n_at_bound[0] and [1], the largest n whose exact rate with the plan's
 * m and k is at most 2p and 10p (bloom_largest_keys_within).  Returns a
 * bloom_status; a bound of 1 or more leaves its status BLOOM_UNDEFINED
 * without failing, and BLOOM_UNRESOLVED in either search is returned.
 */
BLOOM_EXPORT int bloom_plan_headroom(bloom_plan *plan);

/*
 * The same searches for the keys within 2 and 10 times `reference` (not
 * necessarily p): by the standard filter's exact rate when rate_at is NULL,
 * else by rate_at(&rate, n, context), searching from the plan's keys
 * (bloom_largest_keys_within_rate).  Same statuses.
 */
BLOOM_EXPORT int bloom_plan_headroom_within(bloom_plan *plan, const bloom_quantity *reference, bloom_keys_rate rate_at,
                               void *context);

/* The plan's filter (m, k) holding n_actual keys instead of n: fpr_exact_actual. */
BLOOM_EXPORT void bloom_plan_actual_keys(bloom_plan *plan, mpz_srcptr n_actual);

/* The constant 1/ln 2 = log2(e) = 1.4426950408889634...; arguments unused. */
BLOOM_EXPORT int bloom_enclose_inverse_ln2(mpfi_ptr result, const void *arguments);

#ifdef __cplusplus
}
#endif

#endif
