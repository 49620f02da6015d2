/*
 * certified.c - from interval enclosures to certified results.
 *
 * Each quantity is an enclose function that, at any working precision,
 * returns an MPFI interval containing its exact value.  The functions here
 * follow Ziv's strategy: evaluate at a working precision, and if the
 * answer (a rounded binary value, D decimal digits, a ceiling, the order
 * of two quantities) is the same for every point of the interval, that
 * answer is the answer for the exact value; otherwise double the precision
 * and try again, up to bloom_precision_limit() bits (BLOOM_PRECISION_LIMIT
 * unless lowered).  Rounding to nearest
 * and the ceiling are monotone, so agreement at the two ends of the
 * interval is enough.  A value that lies exactly on a rounding boundary
 * (an exact tie) can never be separated this way: exact rationals are
 * printed by numbers.c instead, and anything else reports BLOOM_UNRESOLVED
 * rather than guess.
 *
 * The two interval helpers at the end keep the formulas accurate where a
 * naive evaluation is not: (1 - a/b)^e is evaluated as exp(e log1p(-a/b)),
 * because rounding 1 - 1/m before raising it to the power kn loses about
 * kn/m * 2^-53 relative (FORMULAS.md §a.2: 2.5e-6 at m ~ 1e10, kn = 7e9).
 * When a/b <= 2^-8, as in every exact rate of a filter of more than a few
 * hundred bits, log1p(-x) is summed as its series -sum x^i/i with the
 * tail's bound x^(N+1)/((N+1)(1 - x)) added to the enclosure: at least 8
 * bits a term, and at the few hundred bits of the exact rates' sums several
 * times faster than MPFR's logarithm (by the arithmetic-geometric mean).
 * The exact rates ask for a whole sequence (1 - l/m)^T, l = 0..j: its
 * series share the coefficients T/(i m^i), so each step's is Horner's
 * scheme in the integer l, a product by a word and a sum a term.  An
 * exponential of a narrow interval [a, b] is one MPFR exponential, e^a
 * rounded down, and e^b bounded by e^a e^w <= e^a (1 + w + w^2), w the
 * width: MPFI's takes two.
 *
 * References: A. Ziv, ACM TOMS 17(3):410-423, 1991; N. Revol and
 * F. Rouillier, Reliable Computing 11(4):275-290, 2005 (MPFI);
 * L. Fousse et al., "MPFR: A multiple-precision binary floating-point
 * library with correct rounding", ACM TOMS 33(2), 2007.
 */
#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "certified.h"
#include "numbers.h"

/* Bits of decimal precision per digit, rounded up: log2(10) < 3.33. */
#define BITS_PER_DECIMAL_DIGIT 3.33
#define GUARD_BITS 32

/* bloom_interval_one_minus_ratio_pow raises by squaring up to this exponent. */
#define ONE_MINUS_RATIO_SQUARING_MAX 65536UL

/*
 * A comparison tries intervals up to this precision before an exact
 * fraction: two different rates separate at a few dozen bits, while the
 * fraction of a small filter's exact rate can take thousands of bits
 * (plan -n 1 -m 1442 computed 22 000-bit fractions for every comparison of
 * its searches).  Only equal values need the fraction.  Both are certified,
 * so the order of the attempts changes the time, never the answer.
 */
#define COMPARE_INTERVALS_FIRST_BITS 1024

typedef int (*interval_decision)(void *answer, mpfi_srcptr enclosure, const void *context);

/* Each thread's own (certified.h): threads that ask different questions never share a limit. */
static _Thread_local mpfr_prec_t precision_limit = BLOOM_PRECISION_LIMIT;

mpfr_prec_t bloom_precision_limit(void)
{
    return precision_limit;
}

mpfr_prec_t bloom_set_precision_limit(mpfr_prec_t bits)
{
    mpfr_prec_t previous = precision_limit;
    precision_limit = bits < BLOOM_PRECISION_FLOOR ? BLOOM_PRECISION_FLOOR : bits > BLOOM_PRECISION_LIMIT ? BLOOM_PRECISION_LIMIT : bits;
    assert(BLOOM_PRECISION_FLOOR <= precision_limit && precision_limit <= BLOOM_PRECISION_LIMIT);
    return previous;
}

/*
 * Evaluates `quantity` at increasing precision from `precision` until
 * `decide` accepts the enclosure (returns 1).  decide returns 0 to ask for
 * more precision.
 */
static int refine_upto(const bloom_quantity *quantity, mpfr_prec_t precision, mpfr_prec_t cap,
                       interval_decision decide, void *answer, const void *context)
{
    assert(precision >= MPFR_PREC_MIN && precision_limit <= BLOOM_PRECISION_LIMIT);
    mpfi_t enclosure;
    mpfi_init2(enclosure, precision);
    int status = BLOOM_UNRESOLVED;
    for (; precision <= cap; precision *= 2) {
        mpfi_set_prec(enclosure, precision);
        int enclosed = quantity->enclose(enclosure, quantity->arguments);
        if (enclosed != BLOOM_OK) {
            status = enclosed;
            break;
        }
        if (!mpfi_nan_p(enclosure) && decide(answer, enclosure, context)) {
            status = BLOOM_OK;
            break;
        }
    }
    mpfi_clear(enclosure);
    return status;
}

static int refine(const bloom_quantity *quantity, mpfr_prec_t precision,
                  interval_decision decide, void *answer, const void *context)
{
    return refine_upto(quantity, precision, precision_limit, decide, answer, context);
}

/*
 * If the quantity has an exact value, stores it in `value` and returns 1.
 * Every entry point below tries this first.
 */
static int exact_value(mpq_ptr value, const bloom_quantity *quantity)
{
    return quantity->exact != NULL && quantity->exact(value, quantity->arguments) == BLOOM_OK;
}

/* --- correctly rounded binary value ---------------------------------- */

typedef struct rounding_answer {
    mpfr_ptr value;
    mpfr_rnd_t rnd;
    int ternary;
} rounding_answer;

static int decide_rounding(void *answer_pointer, mpfi_srcptr enclosure, const void *context)
{
    (void)context;
    rounding_answer *answer = answer_pointer;
    mpfr_t left, right, rounded_right;
    mpfr_prec_t wide = mpfi_get_prec(enclosure);
    mpfr_inits2(wide, left, right, (mpfr_ptr)0);
    mpfr_init2(rounded_right, mpfr_get_prec(answer->value));
    mpfi_get_left(left, enclosure);
    mpfi_get_right(right, enclosure);
    mpfr_set(answer->value, left, answer->rnd);
    mpfr_set(rounded_right, right, answer->rnd);
    int decided = 0;
    if (mpfr_equal_p(answer->value, rounded_right)) {
        if (mpfr_equal_p(left, right)) {
            answer->ternary = mpfr_cmp(answer->value, left);
            decided = 1;
        } else if (mpfr_cmp(answer->value, right) > 0) {
            answer->ternary = 1;
            decided = 1;
        } else if (mpfr_cmp(answer->value, left) < 0) {
            answer->ternary = -1;
            decided = 1;
        }
    }
    mpfr_clears(left, right, rounded_right, (mpfr_ptr)0);
    return decided;
}

int bloom_quantity_round(mpfr_ptr rop, const bloom_quantity *quantity,
                         mpfr_rnd_t rnd, int *ternary)
{
    mpq_t exact;
    mpq_init(exact);
    if (exact_value(exact, quantity)) {
        int exact_ternary = mpfr_set_q(rop, exact, rnd);
        mpq_clear(exact);
        if (ternary != NULL)
            *ternary = exact_ternary;
        return BLOOM_OK;
    }
    mpq_clear(exact);
    rounding_answer answer = { rop, rnd, 0 };
    int status = refine(quantity, mpfr_get_prec(rop) + GUARD_BITS, decide_rounding, &answer, NULL);
    if (status != BLOOM_OK)
        mpfr_set_nan(rop);
    if (ternary != NULL)
        *ternary = answer.ternary;
    return status;
}

/* --- correctly rounded decimal digits --------------------------------- */

static int decide_decimal(void *answer_pointer, mpfi_srcptr enclosure, const void *context)
{
    char **text = answer_pointer;
    size_t digits = *(const size_t *)context;
    mpfr_t left, right;
    mpfr_inits2(mpfi_get_prec(enclosure), left, right, (mpfr_ptr)0);
    mpfi_get_left(left, enclosure);
    mpfi_get_right(right, enclosure);
    int decided = 0;
    if (mpfr_zero_p(left) && mpfr_zero_p(right)) {
        *text = bloom_format_decimal(0, "0", 1);
        decided = 1;
    } else if (mpfr_sgn(left) * mpfr_sgn(right) > 0) {
        mpfr_exp_t left_exponent, right_exponent;
        char *left_digits = mpfr_get_str(NULL, &left_exponent, 10, digits, left, MPFR_RNDN);
        char *right_digits = mpfr_get_str(NULL, &right_exponent, 10, digits, right, MPFR_RNDN);
        if (left_exponent == right_exponent && strcmp(left_digits, right_digits) == 0) {
            int negative = left_digits[0] == '-';
            *text = bloom_format_decimal(negative, left_digits + negative, (long)left_exponent);
            decided = 1;
        }
        mpfr_free_str(left_digits);
        mpfr_free_str(right_digits);
    }
    mpfr_clears(left, right, (mpfr_ptr)0);
    return decided;
}

int bloom_quantity_decimal(char **text, const bloom_quantity *quantity,
                           unsigned significant_digits)
{
    size_t digits = significant_digits > 0 ? significant_digits : 1;
    mpq_t exact;
    mpq_init(exact);
    int known = exact_value(exact, quantity);
    if (known)
        *text = bloom_format_rational_digits(exact, (unsigned)digits);
    mpq_clear(exact);
    if (known)
        return BLOOM_OK;
    *text = NULL;
    return refine(quantity, bloom_decimal_precision(digits), decide_decimal, text, &digits);
}

mpfr_prec_t bloom_decimal_precision(unsigned long significant_digits)
{
    return (mpfr_prec_t)((double)significant_digits * BITS_PER_DECIMAL_DIGIT) + GUARD_BITS;
}

/* --- ceiling and floor -------------------------------------------------- */

static int decide_integer(void *answer_pointer, mpfi_srcptr enclosure, const void *context)
{
    mpz_ptr answer = answer_pointer;
    mpfr_rnd_t direction = *(const mpfr_rnd_t *)context;
    mpfr_t end;
    mpz_t other;
    mpfr_init2(end, mpfi_get_prec(enclosure));
    mpz_init(other);
    mpfi_get_left(end, enclosure);
    mpfr_get_z(answer, end, direction);
    mpfi_get_right(end, enclosure);
    mpfr_get_z(other, end, direction);
    int decided = mpz_cmp(answer, other) == 0;
    mpz_clear(other);
    mpfr_clear(end);
    return decided;
}

int bloom_quantity_ceil(mpz_ptr rop, const bloom_quantity *quantity, int floor)
{
    mpfr_rnd_t direction = floor ? MPFR_RNDD : MPFR_RNDU;
    mpq_t exact;
    mpq_init(exact);
    int known = exact_value(exact, quantity);
    if (known) {
        if (floor)
            mpz_fdiv_q(rop, mpq_numref(exact), mpq_denref(exact));
        else
            mpz_cdiv_q(rop, mpq_numref(exact), mpq_denref(exact));
    }
    mpq_clear(exact);
    if (known)
        return BLOOM_OK;
    return refine(quantity, 64, decide_integer, rop, &direction);
}

/* --- order of two quantities ---------------------------------------------- */

/* What enclose_pair_difference computes: left - right, left/right - 1, left/right. */
enum { PAIR_DIFFERENCE, PAIR_RELATIVE_ERROR, PAIR_RATIO };

static int enclose_pair_difference(mpfi_ptr result, const bloom_quantity_pair *pair,
                                   int relative)
{
    mpfi_t left, right;
    mpfr_prec_t precision = mpfi_get_prec(result) + GUARD_BITS;
    mpfi_init2(left, precision);
    mpfi_init2(right, precision);
    int status = pair->left.enclose(left, pair->left.arguments);
    if (status == BLOOM_OK)
        status = pair->right.enclose(right, pair->right.arguments);
    if (status == BLOOM_OK) {
        if (relative) {
            if (mpfi_has_zero(right)) {
                mpfi_interv_si(result, -1, 1);
                mpfi_div(result, result, right); /* an unbounded interval: refine further */
            } else {
                mpfi_div(result, left, right);
                if (relative == PAIR_RELATIVE_ERROR)
                    mpfi_sub_ui(result, result, 1);
            }
        } else {
            mpfi_sub(result, left, right);
        }
    }
    mpfi_clear(left);
    mpfi_clear(right);
    return status;
}

int bloom_enclose_relative_error(mpfi_ptr result, const void *arguments)
{
    return enclose_pair_difference(result, arguments, PAIR_RELATIVE_ERROR);
}

int bloom_enclose_ratio(mpfi_ptr result, const void *arguments)
{
    return enclose_pair_difference(result, arguments, PAIR_RATIO);
}

int bloom_enclose_difference(mpfi_ptr result, const void *arguments)
{
    return enclose_pair_difference(result, arguments, PAIR_DIFFERENCE);
}

static int decide_sign(void *answer_pointer, mpfi_srcptr enclosure, const void *context)
{
    (void)context;
    int *sign = answer_pointer;
    if (mpfi_is_strictly_pos(enclosure))
        *sign = 1;
    else if (mpfi_is_strictly_neg(enclosure))
        *sign = -1;
    else
        return 0;
    return 1;
}

int bloom_quantity_compare(int *sign, const bloom_quantity *left, const bloom_quantity *right)
{
    bloom_quantity_pair pair = { *left, *right };
    bloom_quantity difference = { bloom_enclose_difference, &pair, bloom_exact_difference };
    int status = refine_upto(&difference, 64, COMPARE_INTERVALS_FIRST_BITS, decide_sign, sign, NULL);
    if (status == BLOOM_OK)
        return status;
    mpq_t exact;
    mpq_init(exact);
    int known = exact_value(exact, &difference);
    *sign = known ? mpq_sgn(exact) : 0;
    mpq_clear(exact);
    if (known)
        return BLOOM_OK;
    if (status != BLOOM_UNRESOLVED)
        return status;
    return refine(&difference, 2 * COMPARE_INTERVALS_FIRST_BITS, decide_sign, sign, NULL);
}

/* exact(left) and exact(right) when both are known. */
static int exact_pair(mpq_ptr left, mpq_ptr right, const bloom_quantity_pair *pair)
{
    return exact_value(left, &pair->left) && exact_value(right, &pair->right);
}

int bloom_exact_difference(mpq_ptr result, const void *arguments)
{
    mpq_t right;
    mpq_init(right);
    int known = exact_pair(result, right, arguments);
    if (known)
        mpq_sub(result, result, right);
    mpq_clear(right);
    return known ? BLOOM_OK : BLOOM_UNDEFINED;
}

int bloom_exact_ratio(mpq_ptr result, const void *arguments)
{
    mpq_t right;
    mpq_init(right);
    int known = exact_pair(result, right, arguments) && mpq_sgn(right) != 0;
    if (known)
        mpq_div(result, result, right);
    mpq_clear(right);
    return known ? BLOOM_OK : BLOOM_UNDEFINED;
}

int bloom_exact_relative_error(mpq_ptr result, const void *arguments)
{
    int status = bloom_exact_ratio(result, arguments);
    if (status == BLOOM_OK) {
        mpq_t one;
        mpq_init(one);
        mpq_set_ui(one, 1, 1);
        mpq_sub(result, result, one);
        mpq_clear(one);
    }
    return status;
}

int bloom_enclose_scaled(mpfi_ptr result, const void *arguments)
{
    const bloom_quantity_scaled *scaled = arguments;
    int status = scaled->quantity.enclose(result, scaled->quantity.arguments);
    if (status == BLOOM_OK)
        mpfi_mul_q(result, result, scaled->factor);
    return status;
}

int bloom_exact_scaled(mpq_ptr result, const void *arguments)
{
    const bloom_quantity_scaled *scaled = arguments;
    if (!exact_value(result, &scaled->quantity))
        return BLOOM_UNDEFINED;
    mpq_mul(result, result, scaled->factor);
    return BLOOM_OK;
}

void bloom_interval_probability(mpfi_ptr result, mpfi_srcptr value)
{
    mpfi_t unit;
    mpfi_init2(unit, mpfi_get_prec(value));
    mpfi_interv_ui(unit, 0, 1);
    mpfi_intersect(result, value, unit);
    mpfi_clear(unit);
}

int bloom_exact_rational(mpq_ptr result, const void *arguments)
{
    mpq_set(result, (mpq_srcptr)arguments);
    return BLOOM_OK;
}

int bloom_quantity_approximate(mpfr_ptr rop, const bloom_quantity *quantity)
{
    mpfi_t enclosure;
    mpfi_init2(enclosure, mpfr_get_prec(rop) + GUARD_BITS);
    int status = quantity->enclose(enclosure, quantity->arguments);
    if (status == BLOOM_OK)
        mpfi_mid(rop, enclosure);
    mpfi_clear(enclosure);
    return status;
}

/* --- remembered enclosures -------------------------------------------------- */

void bloom_quantity_memo_init(bloom_quantity_memo *memo, const bloom_quantity *quantity)
{
    memo->quantity = *quantity;
    mpfi_init2(memo->enclosure, MPFR_PREC_MIN);
    memo->filled = 0;
}

void bloom_quantity_memo_clear(bloom_quantity_memo *memo)
{
    mpfi_clear(memo->enclosure);
}

/* The arguments are the memo, written through: the object is not const (memo_of takes it so). */
static int enclose_memo(mpfi_ptr result, const void *arguments)
{
    bloom_quantity_memo *memo = (bloom_quantity_memo *)(uintptr_t)arguments;
    if (memo->filled && mpfi_get_prec(memo->enclosure) >= mpfi_get_prec(result)) {
        mpfi_set(result, memo->enclosure);
        return BLOOM_OK;
    }
    int status = memo->quantity.enclose(result, memo->quantity.arguments);
    if (status == BLOOM_OK) {
        mpfi_set_prec(memo->enclosure, mpfi_get_prec(result));
        mpfi_set(memo->enclosure, result);
        memo->filled = 1;
    }
    return status;
}

static int exact_memo(mpq_ptr result, const void *arguments)
{
    const bloom_quantity_memo *memo = arguments;
    return memo->quantity.exact(result, memo->quantity.arguments);
}

bloom_quantity bloom_quantity_memo_of(bloom_quantity_memo *memo)
{
    return (bloom_quantity){ enclose_memo, memo, memo->quantity.exact != NULL ? exact_memo : NULL };
}

int bloom_enclose_rational(mpfi_ptr result, const void *arguments)
{
    mpfi_set_q(result, (mpq_srcptr)arguments);
    return BLOOM_OK;
}

int bloom_quantity_compare_rational(int *sign, const bloom_quantity *left, mpq_srcptr right)
{
    bloom_quantity constant = { bloom_enclose_rational, right, bloom_exact_rational };
    return bloom_quantity_compare(sign, left, &constant);
}

/* --- interval helpers ---------------------------------------------------- */

void bloom_interval_pow_ui(mpfi_ptr result, mpfi_srcptr base, unsigned long exponent)
{
    mpfi_t square;
    mpfi_init2(square, mpfi_get_prec(result));
    mpfi_set(square, base);
    mpfi_set_ui(result, 1);
    while (exponent > 0) {
        if (exponent & 1)
            mpfi_mul(result, result, square);
        exponent >>= 1;
        if (exponent > 0)
            mpfi_sqr(square, square);
    }
    mpfi_clear(square);
}

/* log1p(-x) is summed as its series for x below 2^-LOG1P_SERIES_MIN_BITS. */
#define LOG1P_SERIES_MIN_BITS 8

/* result = log1p(-x) = -sum_{i>=1} x^i/i for an enclosure x of a number in [0, 2^-8]: the first
 * N terms in MPFI (all positive and increasing in x), N chosen so that the tail, at most
 * x^(N+1)/((N+1)(1 - x)) at x's upper end, is below result's last bit; that bound widens the
 * enclosure, so it contains log1p(-x) whatever N is. */
static void enclose_log1p_neg_series(mpfi_ptr result, mpfi_srcptr x)
{
    mpfr_prec_t precision = mpfi_get_prec(result) + 8;
    long bits_a_term = -(long)mpfr_get_exp(&x->right);   /* x < 2^-bits_a_term */
    unsigned long terms = (unsigned long)(precision / bits_a_term) + 1;
    mpfi_t sum, power, term;
    mpfr_t tail, complement;
    mpfi_init2(sum, precision);
    mpfi_init2(power, precision);
    mpfi_init2(term, precision);
    mpfr_inits2(precision, tail, complement, (mpfr_ptr)0);
    mpfi_set(power, x);
    mpfi_set(sum, x);
    for (unsigned long i = 2; i <= terms; i++) {
        mpfi_mul(power, power, x);
        mpfi_div_ui(term, power, i);
        mpfi_add(sum, sum, term);
    }
    mpfr_pow_ui(tail, &x->right, terms + 1, MPFR_RNDU);
    mpfr_div_ui(tail, tail, terms + 1, MPFR_RNDU);
    mpfr_ui_sub(complement, 1, &x->right, MPFR_RNDD);
    mpfr_div(tail, tail, complement, MPFR_RNDU);
    mpfr_set_zero(complement, 1);
    mpfi_interv_fr(term, complement, tail);
    mpfi_add(sum, sum, term);
    mpfi_neg(result, sum);
    mpfi_clear(sum);
    mpfi_clear(power);
    mpfi_clear(term);
    mpfr_clears(tail, complement, (mpfr_ptr)0);
}

/* result = log1p(-x) for an enclosure x of a number in [0, 1). */
static void enclose_log1p_neg(mpfi_ptr result, mpfi_srcptr x)
{
    if (mpfr_sgn(&x->left) >= 0 && !mpfr_zero_p(&x->right)
        && mpfr_get_exp(&x->right) <= -LOG1P_SERIES_MIN_BITS) {
        enclose_log1p_neg_series(result, x);
        return;
    }
    mpfi_neg(result, x);
    mpfi_log1p(result, result);
}

void bloom_interval_one_minus_ratio_pow(mpfi_ptr result, mpz_srcptr numerator,
                                        mpz_srcptr denominator, mpz_srcptr exponent)
{
    if (mpz_sgn(exponent) == 0 || mpz_sgn(numerator) == 0) {
        mpfi_set_ui(result, 1);
        return;
    }
    if (mpz_cmp(numerator, denominator) == 0) {
        mpfi_set_ui(result, 0);
        return;
    }
    if (mpz_cmp_ui(exponent, ONE_MINUS_RATIO_SQUARING_MAX) <= 0) {
        /* A small exponent: (1 - a/b) enclosed, then raised by squaring at
         * log2(exponent) + 8 more bits (each product widens the enclosure by
         * about one rounding, relatively); several times faster than exp and
         * log1p at the precisions of the exact rate's sums. */
        mpfi_t base;
        mpfi_init2(base, mpfi_get_prec(result) + (mpfr_prec_t)mpz_sizeinbase(exponent, 2) + 8);
        mpfi_set_z(base, numerator);
        mpfi_div_z(base, base, denominator);
        mpfi_ui_sub(base, 1, base);
        bloom_interval_pow_ui(base, base, mpz_get_ui(exponent));
        mpfi_set(result, base);
        mpfi_clear(base);
        return;
    }
    mpfi_t ratio;
    mpfi_init2(ratio, mpfi_get_prec(result));
    mpfi_set_z(ratio, numerator);
    mpfi_div_z(ratio, ratio, denominator);
    enclose_log1p_neg(result, ratio);
    mpfi_mul_z(result, result, exponent);
    bloom_interval_exp(result, result);
    mpfi_clear(ratio);
}

void bloom_interval_exp(mpfi_ptr result, mpfi_srcptr x)
{
    mpfr_t low, high, factor;
    mpfr_inits2(mpfi_get_prec(result), low, high, factor, (mpfr_ptr)0);
    mpfr_sub(factor, &x->right, &x->left, MPFR_RNDU);             /* w >= b - a */
    int narrow = mpfr_number_p(factor) && mpfr_cmp_ui_2exp(factor, 1, -1) <= 0;
    if (narrow) {
        mpfr_exp(low, &x->left, MPFR_RNDD);
        narrow = mpfr_regular_p(low);                              /* not underflowed to 0 */
    }
    if (narrow) {
        mpfr_sqr(high, factor, MPFR_RNDU);
        mpfr_add(factor, factor, high, MPFR_RNDU);
        mpfr_add_ui(factor, factor, 1, MPFR_RNDU);                 /* 1 + w + w^2 >= e^w */
        mpfr_set(high, low, MPFR_RNDN);
        mpfr_nextabove(high);                                      /* > e^a */
        mpfr_mul(high, high, factor, MPFR_RNDU);
        mpfi_interv_fr(result, low, high);
    } else {
        mpfi_exp(result, x);
    }
    mpfr_clears(low, high, factor, (mpfr_ptr)0);
}

/* The series of e log1p(-l/b) for the steps l = 1..count, by Horner's scheme in the integer l over
 * coefficients e/(i b^i) shared by every step: two cheap operations (a product by l and a sum) a
 * term, where a series of its own costs a product of intervals and a division a term. */
typedef struct steps_series {
    mpfi_t *coefficients;      /* coefficients[i] = e/(i b^i), i = 1..terms */
    unsigned long terms;
    mpfr_prec_t precision;
    double bits_a_step;        /* log2(b): step l gains log2(b/l) bits a term */
} steps_series;

/* Terms for step l: (l/b)^N below 2^-precision, so the tail is below the last bit of the sum. */
static unsigned long terms_for_step(const steps_series *series, unsigned long l)
{
    double bits_a_term = series->bits_a_step - log2((double)l);
    return (unsigned long)((double)series->precision / bits_a_term) + 2;
}

static void steps_series_init(steps_series *series, unsigned long count, mpz_srcptr denominator,
                              mpz_srcptr exponent, mpfr_prec_t precision)
{
    series->precision = precision;
    series->bits_a_step = (double)mpz_sizeinbase(denominator, 2) - 1;   /* b >= 2^bits_a_step */
    series->terms = terms_for_step(series, count);
    series->coefficients = malloc((series->terms + 1) * sizeof *series->coefficients);
    if (series->coefficients == NULL)
        abort();
    mpfi_t power;
    mpfi_init2(power, precision);
    mpfi_set_z(power, exponent);
    for (unsigned long i = 1; i <= series->terms; i++) {
        mpfi_div_z(power, power, denominator);                     /* e / b^i */
        mpfi_init2(series->coefficients[i], precision);
        mpfi_div_ui(series->coefficients[i], power, i);
    }
    mpfi_clear(power);
}

static void steps_series_clear(steps_series *series)
{
    for (unsigned long i = 1; i <= series->terms; i++)
        mpfi_clear(series->coefficients[i]);
    free(series->coefficients);
}

/* result = e log1p(-l/b) = -sum_{i>=1} e l^i/(i b^i): the first N terms by Horner's scheme (all
 * positive), and the tail, at most e x^(N+1)/((N+1)(1 - x)) with x = l/b rounded up, added to the
 * enclosure, as enclose_log1p_neg_series does. */
static void enclose_step_log(mpfi_ptr result, const steps_series *series, unsigned long l,
                             mpz_srcptr denominator, mpz_srcptr exponent)
{
    unsigned long terms = terms_for_step(series, l);
    if (terms > series->terms)
        terms = series->terms;
    mpfi_t sum;
    mpfr_t tail, ratio;
    mpfi_init2(sum, series->precision);
    mpfr_inits2(series->precision, tail, ratio, (mpfr_ptr)0);
    mpfi_set(sum, series->coefficients[terms]);
    for (unsigned long i = terms - 1; i >= 1; i--) {
        mpfi_mul_ui(sum, sum, l);
        mpfi_add(sum, sum, series->coefficients[i]);
    }
    mpfi_mul_ui(sum, sum, l);
    mpfr_set_ui(ratio, l, MPFR_RNDU);
    mpfr_div_z(ratio, ratio, denominator, MPFR_RNDU);              /* x, rounded up */
    mpfr_pow_ui(tail, ratio, terms + 1, MPFR_RNDU);
    mpfr_mul_z(tail, tail, exponent, MPFR_RNDU);
    mpfr_div_ui(tail, tail, terms + 1, MPFR_RNDU);
    mpfr_ui_sub(ratio, 1, ratio, MPFR_RNDD);
    mpfr_div(tail, tail, ratio, MPFR_RNDU);
    mpfr_set_zero(ratio, 1);
    mpfi_t bound;
    mpfi_init2(bound, series->precision);
    mpfi_interv_fr(bound, ratio, tail);
    mpfi_add(sum, sum, bound);
    mpfi_neg(result, sum);
    mpfi_clear(bound);
    mpfi_clear(sum);
    mpfr_clears(tail, ratio, (mpfr_ptr)0);
}

void bloom_interval_one_minus_listed_pow(mpfi_t *results, const unsigned long *steps, size_t count,
                                         mpz_srcptr denominator, mpz_srcptr exponent)
{
    unsigned long largest = count > 0 ? steps[count - 1] : 0;
    mpz_t numerator;
    mpz_init(numerator);
    /* the series applies when largest/b <= 2^-8 and the exponent is past squaring's */
    mpz_set_ui(numerator, largest);
    mpz_mul_2exp(numerator, numerator, LOG1P_SERIES_MIN_BITS);
    int series_applies = largest >= 1 && mpz_cmp(numerator, denominator) <= 0
                      && mpz_cmp_ui(exponent, ONE_MINUS_RATIO_SQUARING_MAX) > 0;
    if (series_applies) {
        steps_series series;
        steps_series_init(&series, largest, denominator, exponent, mpfi_get_prec(results[0]) + 8);
        for (size_t i = 0; i < count; i++) {
            if (steps[i] == 0) {
                mpfi_set_ui(results[i], 1);
                continue;
            }
            enclose_step_log(results[i], &series, steps[i], denominator, exponent);
            bloom_interval_exp(results[i], results[i]);
        }
        steps_series_clear(&series);
    } else {
        for (size_t i = 0; i < count; i++) {
            mpz_set_ui(numerator, steps[i]);
            bloom_interval_one_minus_ratio_pow(results[i], numerator, denominator, exponent);
        }
    }
    mpz_clear(numerator);
}

void bloom_interval_one_minus_steps_pow(mpfi_t *results, unsigned long count, mpz_srcptr denominator,
                                        mpz_srcptr exponent)
{
    unsigned long *steps = malloc((count + 1) * sizeof *steps);
    if (steps == NULL)
        abort();
    for (unsigned long l = 0; l <= count; l++)
        steps[l] = l;
    bloom_interval_one_minus_listed_pow(results, steps, (size_t)count + 1, denominator, exponent);
    free(steps);
}
