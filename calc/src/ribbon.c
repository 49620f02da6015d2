/*
 * ribbon.c - RocksDB's Standard128Ribbon filter (ribbon.h), its sizing as
 * RocksDB 7.8 computes it (read in Debian's rocksdb 7.8.3 source:
 * util/ribbon_config.cc, util/ribbon_impl.h, table/block_based/
 * filter_policy.cc), re-derived here with exact rationals where RocksDB's
 * inputs are decimal constants and certified enclosures where it takes
 * logarithms, exponentials and square roots.  Derivation: FORMULAS.md §m.
 *
 *  1. The policy (BloomLikeFilterPolicy): millibits = round(1000 c), k =
 *     ChooseNumProbes(millibits), and the Ribbon's target is the rate of
 *     the Bloom filter it replaces, f = CacheLocalFpRate(c, k, 512): with
 *     L = 512/c keys per cache line and s = sqrt(L), the mean of
 *     (1 - e^(-k (L + s)/512))^k and (1 - e^(-k (L - s)/512))^k.
 *  2. Slots (BandingConfigHelper1TS<kOneIn20, 128 bits, no smash>
 *     ::GetNumSlots): a = floor(ln(n) 1.4426950409 + 0.5); T(a), the keys
 *     2^a slots hold with a 1-in-20 construction failure, is a table up to
 *     a = 17 (T(8) = 248.851 ... T(17) = 126506, 0 below 8) and 2^a /
 *     (2^17/126506 + (a - 17) 0.0038) above; with T(a) <= n < T(a + 1)
 *     (a lowered by one when n < T(a)), slots = floor(2^a (1 + (n -
 *     T(a))/(T(a+1) - T(a))) + 0.999999999), 256 when T(a) = 0; then
 *     rounded up to a multiple of 128, and 128 to 256.
 *  3. Bytes (InterleavedSolution::GetBytesForOneInFpRate): with r =
 *     floor(log2(floor(1/f))) lower columns, the share of lower blocks
 *     that meets f is q = 2^(r+1) f - 1, upper_start_block = floor((q
 *     (slots - 127) + b) / 128) where b = (h + 1/2)/2^32 and h is the upper
 *     32 bits of the first key's 64-bit hash; the solution has blocks r +
 *     (blocks - upper_start_block) segments of 16 bytes.  1/f above 2^32 - 1
 *     gives 32 columns everywhere (4 bytes a slot).  b only matters when
 *     q (slots - 127) lies within 1 below a multiple of 128; this file takes
 *     b = 1/2 and says so (hash_dependent).
 *  4. The rate (the reader's InternalConfigure and ExpectedFpRate): a
 *     query starts uniformly among the slots - 127 starts; those in the
 *     first upper_start_block blocks compare r result bits, the others r +
 *     1, each bit matching with probability 1/2.
 */
#include "library_rules.h"
#include "ribbon.h"

/* RocksDB's double constants, as the decimals its source writes. */
static const char *const known_keys_by_log2_slots[18] = {
    "0", "0", "0", "0", "0", "0", "0", "0", "248851/1000", "499532/1000", "100126/100",
    "200397/100", "400559/100", "800039/100", "159666/10", "318281/10", "634473/10", "126506" };
#define LOG2_E_TRUNCATED "14426950409/10000000000"   /* its 1.4426950409 */
#define FACTOR_PER_POW2 "38/10000"                   /* its 0.0038 (128-bit coefficients) */
#define ROUND_UP_NUDGE "999999999/1000000000"        /* its 0.999999999 */
#define COEFFICIENT_BITS 128UL
#define SEGMENT_BYTES 16UL
#define MAX_COLUMNS 32UL                             /* 32-bit result rows */

void bloom_ribbon_sizing_init(bloom_ribbon_sizing *sizing)
{
    mpz_init(sizing->bytes);
    sizing->millibits = sizing->probes = sizing->slots = 0;
    sizing->lower_columns = sizing->upper_start_block = 0;
    sizing->hash_dependent = 0;
}

void bloom_ribbon_sizing_clear(bloom_ribbon_sizing *sizing)
{
    mpz_clear(sizing->bytes);
}

static void set_decimal(mpq_ptr rop, const char *text)
{
    mpq_set_str(rop, text, 10);
    mpq_canonicalize(rop);
}

/* T(a): the keys 2^a slots hold (GetNumToAddForPow2), exactly. */
static void keys_for_log2_slots(mpq_ptr rop, unsigned long a)
{
    if (a < 18) {
        set_decimal(rop, known_keys_by_log2_slots[a]);
        return;
    }
    mpq_t factor, step;
    mpq_inits(factor, step, (mpq_ptr)0);
    mpq_set_ui(factor, 1UL << 17, 1);
    set_decimal(step, known_keys_by_log2_slots[17]);
    mpq_div(factor, factor, step);               /* 2^17 / T(17) */
    set_decimal(step, FACTOR_PER_POW2);
    mpq_t shift;
    mpq_init(shift);
    mpq_set_ui(shift, a - 17, 1);
    mpq_mul(step, step, shift);
    mpq_add(factor, factor, step);
    mpz_set_ui(mpq_numref(rop), 1);
    mpz_mul_2exp(mpq_numref(rop), mpq_numref(rop), a);
    mpz_set_ui(mpq_denref(rop), 1);
    mpq_div(rop, rop, factor);
    mpq_clears(factor, step, shift, (mpq_ptr)0);
}

/* ln(n) 1.4426950409 + 1/2 (arguments: mpz_srcptr n). */
static int enclose_rounded_log2(mpfi_ptr result, const void *arguments)
{
    mpq_t constant;
    mpq_init(constant);
    set_decimal(constant, LOG2_E_TRUNCATED);
    mpfi_set_z(result, arguments);
    mpfi_log(result, result);
    mpfi_mul_q(result, result, constant);
    mpfi_add_d(result, result, 0.5);
    mpq_clear(constant);
    return BLOOM_OK;
}

/* Step 2: the slots for n keys. */
int bloom_ribbon_slots(unsigned long *slots, mpz_srcptr n)
{
    if (mpz_sgn(n) <= 0 || mpz_cmp_ui(n, BLOOM_RIBBON_MAX_KEYS) > 0)
        return BLOOM_UNDEFINED;
    mpz_t a_whole;
    mpz_init(a_whole);
    bloom_quantity rounded = { enclose_rounded_log2, n, NULL };
    int status = bloom_quantity_ceil(a_whole, &rounded, 1);
    unsigned long a = mpz_get_ui(a_whole);
    mpz_clear(a_whole);
    if (status != BLOOM_OK)
        return status;
    mpq_t lower, upper, keys, value;
    mpq_inits(lower, upper, keys, value, (mpq_ptr)0);
    mpq_set_z(keys, n);
    keys_for_log2_slots(lower, a);
    if (a == 0 || mpq_sgn(lower) == 0) {
        *slots = 2 * COEFFICIENT_BITS;
    } else {
        if (mpq_cmp(keys, lower) < 0) {
            mpq_set(upper, lower);
            keys_for_log2_slots(lower, --a);
        } else {
            keys_for_log2_slots(upper, a + 1);
        }
        mpq_sub(value, keys, lower);                /* (n - T(a)) / (T(a+1) - T(a)) */
        mpq_sub(upper, upper, lower);
        mpq_div(value, value, upper);
        mpq_set_ui(lower, 1, 1);
        mpq_add(value, value, lower);
        mpz_mul_2exp(mpq_numref(value), mpq_numref(value), a);
        mpq_canonicalize(value);
        set_decimal(lower, ROUND_UP_NUDGE);
        mpq_add(value, value, lower);
        mpz_fdiv_q(mpq_numref(keys), mpq_numref(value), mpq_denref(value));
        *slots = mpz_get_ui(mpq_numref(keys));
    }
    *slots = (*slots + COEFFICIENT_BITS - 1) / COEFFICIENT_BITS * COEFFICIENT_BITS;
    if (*slots == COEFFICIENT_BITS)
        *slots += COEFFICIENT_BITS;                 /* no single start without smash */
    mpq_clears(lower, upper, keys, value, (mpq_ptr)0);
    return BLOOM_OK;
}

/* Step 1: CacheLocalFpRate(c, k, 512). */
typedef struct cache_local_arguments {
    const bloom_quantity *bits_per_key;
    unsigned long probes;
} cache_local_arguments;

/* (1 - e^(-k x/512))^k */
static void standard_rate_of_line(mpfi_ptr rop, mpfi_srcptr keys_in_line, unsigned long k)
{
    mpfi_mul_ui(rop, keys_in_line, k);
    mpfi_div_ui(rop, rop, 512);
    mpfi_neg(rop, rop);
    mpfi_expm1(rop, rop);
    mpfi_neg(rop, rop);
    mpfi_log(rop, rop);
    mpfi_mul_ui(rop, rop, k);
    mpfi_exp(rop, rop);
}

static int enclose_cache_local_rate(mpfi_ptr result, const void *arguments)
{
    const cache_local_arguments *local = arguments;
    mpfi_t per_line, spread, crowded;
    mpfr_prec_t precision = mpfi_get_prec(result) + 16;
    mpfi_init2(per_line, precision);
    mpfi_init2(spread, precision);
    mpfi_init2(crowded, precision);
    int status = local->bits_per_key->enclose(per_line, local->bits_per_key->arguments);
    mpfi_ui_div(per_line, 512, per_line);              /* keys per cache line */
    mpfi_sqrt(spread, per_line);
    mpfi_add(crowded, per_line, spread);
    standard_rate_of_line(crowded, crowded, local->probes);
    mpfi_sub(per_line, per_line, spread);
    standard_rate_of_line(per_line, per_line, local->probes);
    mpfi_add(result, crowded, per_line);
    mpfi_div_ui(result, result, 2);
    mpfi_clear(per_line);
    mpfi_clear(spread);
    mpfi_clear(crowded);
    return status;
}

/* Step 3: x = (2^(r+1) f - 1)(slots - 127) / 128 + offset / 128. */
typedef struct start_block_arguments {
    const bloom_quantity *rate;
    unsigned long lower_columns, starts;
    double offset;
} start_block_arguments;

static int enclose_start_block(mpfi_ptr result, const void *arguments)
{
    const start_block_arguments *block = arguments;
    int status = block->rate->enclose(result, block->rate->arguments);
    mpfi_mul_2ui(result, result, block->lower_columns + 1);
    mpfi_sub_ui(result, result, 1);
    mpfi_mul_ui(result, result, block->starts);
    mpfi_add_d(result, result, block->offset);
    mpfi_div_ui(result, result, COEFFICIENT_BITS);
    return status;
}

static int floor_start_block(unsigned long *rop, const bloom_quantity *rate, unsigned long lower_columns,
                             unsigned long starts, double offset)
{
    start_block_arguments block = { rate, lower_columns, starts, offset };
    bloom_quantity quantity = { enclose_start_block, &block, NULL };
    mpz_t whole;
    mpz_init(whole);
    int status = bloom_quantity_ceil(whole, &quantity, 1);
    *rop = mpz_get_ui(whole);
    mpz_clear(whole);
    return status;
}

/* 1/f (arguments: a bloom_quantity *). */
static int enclose_inverse(mpfi_ptr result, const void *arguments)
{
    const bloom_quantity *rate = arguments;
    int status = rate->enclose(result, rate->arguments);
    mpfi_inv(result, result);
    return status;
}

static int ribbon_columns(bloom_ribbon_sizing *rop, const bloom_quantity *rate)
{
    mpz_t one_in;
    mpz_init(one_in);
    bloom_quantity inverse = { enclose_inverse, rate, NULL };
    int status = bloom_quantity_ceil(one_in, &inverse, 1);
    unsigned long blocks = rop->slots / COEFFICIENT_BITS, starts = rop->slots - COEFFICIENT_BITS + 1;
    if (status == BLOOM_OK && mpz_sizeinbase(one_in, 2) > 32) {
        rop->lower_columns = 31;           /* 32 columns in every block: 4 bytes a slot */
        rop->upper_start_block = 0;
    } else if (status == BLOOM_OK) {
        rop->lower_columns = mpz_sizeinbase(one_in, 2) - 1;
        unsigned long low = 0, high = 0;
        status = floor_start_block(&rop->upper_start_block, rate, rop->lower_columns, starts, 0.5);
        if (status == BLOOM_OK)
            status = floor_start_block(&low, rate, rop->lower_columns, starts, 0.0);
        if (status == BLOOM_OK)
            status = floor_start_block(&high, rate, rop->lower_columns, starts, 1.0);
        rop->hash_dependent = low != high;
    }
    mpz_set_ui(rop->bytes, blocks * rop->lower_columns + blocks - rop->upper_start_block);
    mpz_mul_ui(rop->bytes, rop->bytes, SEGMENT_BYTES);
    mpz_clear(one_in);
    return status;
}

int bloom_ribbon_size(bloom_ribbon_sizing *rop, mpz_srcptr n, const bloom_quantity *bits_per_key,
                      unsigned long millibits)
{
    if (mpz_sgn(n) <= 0 || mpz_cmp_ui(n, BLOOM_RIBBON_MAX_KEYS) > 0)
        return BLOOM_UNDEFINED;
    mpq_t bound;
    mpq_init(bound);
    int low = 0, high = 0;
    mpq_set_ui(bound, 1, 1);
    int status = bloom_quantity_compare_rational(&low, bits_per_key, bound);
    mpq_set_ui(bound, 100, 1);
    if (status == BLOOM_OK)
        status = bloom_quantity_compare_rational(&high, bits_per_key, bound);
    mpq_clear(bound);
    if (status == BLOOM_OK && (low < 0 || high > 0))
        status = BLOOM_UNDEFINED;
    if (status != BLOOM_OK)
        return status;
    rop->millibits = millibits;
    rop->probes = bloom_rocksdb_probes(rop->millibits);
    status = bloom_ribbon_slots(&rop->slots, n);
    cache_local_arguments local = { bits_per_key, rop->probes };
    bloom_quantity rate = { enclose_cache_local_rate, &local, NULL };
    if (status == BLOOM_OK)
        status = ribbon_columns(rop, &rate);
    return status;
}

int bloom_ribbon_columns_of_bits(bloom_ribbon_sizing *rop, unsigned long slots, mpz_srcptr bits)
{
    unsigned long blocks = slots / COEFFICIENT_BITS;
    if (blocks == 0 || mpz_sgn(bits) <= 0 || !mpz_divisible_ui_p(bits, COEFFICIENT_BITS))
        return BLOOM_UNDEFINED;
    mpz_t segments;
    mpz_init(segments);
    mpz_fdiv_q_ui(segments, bits, COEFFICIENT_BITS);
    int fits = mpz_cmp_ui(segments, MAX_COLUMNS * blocks) <= 0;
    unsigned long count = fits ? mpz_get_ui(segments) : 0;
    mpz_clear(segments);
    if (!fits)
        return BLOOM_UNDEFINED;
    unsigned long upper = (count + blocks - 1) / blocks;
    rop->slots = slots;
    rop->lower_columns = upper - 1;
    rop->upper_start_block = upper * blocks - count;
    return BLOOM_OK;
}

void bloom_ribbon_rate(mpq_ptr rop, const bloom_ribbon_sizing *sizing)
{
    unsigned long starts = sizing->slots - COEFFICIENT_BITS + 1;
    mpq_t lower_share, bit;
    mpq_inits(lower_share, bit, (mpq_ptr)0);
    mpq_set_ui(lower_share, sizing->upper_start_block * COEFFICIENT_BITS, starts);
    mpq_canonicalize(lower_share);
    /* s 2^-r + (1 - s) 2^-(r+1) = (1 + s) 2^-(r+1) */
    mpq_set_ui(bit, 1, 1);
    mpq_add(rop, lower_share, bit);
    mpq_div_2exp(rop, rop, sizing->lower_columns + 1);
    mpq_clears(lower_share, bit, (mpq_ptr)0);
}
