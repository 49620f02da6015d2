/*
 * stats.c - intervals, verdicts and sample sizes (see stats.h for the
 * definitions and references).
 *
 * Special functions.  Phi(x) = erfc(-x/sqrt 2)/2, accurate in both tails
 * through the C library's erfc.  Quantiles are found by bisection on the
 * distribution function until the bracket cannot shrink in double
 * precision; they are computed a handful of times per run, so bisection's
 * simplicity beats a rational approximation.  I_x(a, b) is evaluated by the
 * continued fraction of DLMF 8.17.22 with the modified Lentz algorithm
 * (W. J. Lentz, Applied Optics 15, 1976; I. J. Thompson, A. R. Barnett,
 * J. Comput. Phys. 64, 1986), after the symmetry I_x(a,b) = 1 - I_{1-x}(b,a)
 * when x > (a+1)/(a+b+2), where the fraction converges fast.
 *
 * Student's t: for t >= 0, F(t) = 1 - I_{nu/(nu+t^2)}(nu/2, 1/2)/2.
 * Clopper-Pearson: P(Bin(q,p) >= x) = I_p(x, q-x+1), increasing in p; the
 * lower limit solves it = alpha/2, the upper limit solves
 * P(Bin(q,p) <= x) = 1 - I_p(x+1, q-x) = alpha/2.
 */
#include <assert.h>
#include <math.h>

#include "stats.h"

const char *const sim_verdict_names[] = { "consistent", "rejected", "inconclusive", NULL };

double sim_normal_cdf(double x)
{
    return 0.5 * erfc(-x / sqrt(2.0));
}

/* Bisection for the x in [low, high] where the increasing `function`
 * reaches `target`, to the last representable digit. */
static double solve_increasing(double (*function)(double, const double *), const double *parameters,
                               double target, double low, double high)
{
    for (int iteration = 0; iteration < 2000; iteration++) {
        double middle = low + (high - low) / 2;
        if (middle <= low || middle >= high)
            break;
        if (function(middle, parameters) < target)
            low = middle;
        else
            high = middle;
    }
    return low + (high - low) / 2;
}

static double normal_cdf_with(double x, const double *unused)
{
    (void)unused;
    return sim_normal_cdf(x);
}

double sim_normal_quantile(double probability)
{
    if (probability > 0.5)
        return -sim_normal_quantile(1 - probability);
    return solve_increasing(normal_cdf_with, NULL, probability, -40.0, 0.0);
}

/* The continued fraction of I_x(a, b) (without its prefactor), by Lentz. */
static double beta_continued_fraction(double x, double a, double b)
{
    const double tiny = 1e-300, epsilon = 1e-16;
    /* Lentz's running ratios carry over from one term to the next */
    double fraction = 1;
    double c = 1; /* cppcheck-suppress variableScope */
    double d = 0; /* cppcheck-suppress variableScope */
    for (int j = 1; j < 100000; j++) {
        int half = j / 2;
        double numerator = (j % 2 == 0)
            ? half * (b - half) * x / ((a + 2 * half - 1) * (a + 2 * half))
            : -(a + half) * (a + b + half) * x / ((a + 2 * half) * (a + 2 * half + 1));
        d = 1 + numerator * d;
        d = fabs(d) < tiny ? 1 / tiny : 1 / d;
        c = 1 + numerator / c;
        if (fabs(c) < tiny)
            c = tiny;
        double delta = c * d;
        fraction *= delta;
        if (fabs(delta - 1) < epsilon)
            break;
    }
    return fraction;
}

double sim_regularized_beta(double x, double a, double b)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    if (x > (a + 1) / (a + b + 2))
        return 1 - sim_regularized_beta(1 - x, b, a);
    double log_prefactor = a * log(x) + b * log1p(-x) - (lgamma(a) + lgamma(b) - lgamma(a + b));
    return exp(log_prefactor) / (a * beta_continued_fraction(x, a, b));
}

double sim_student_t_cdf(double t, double degrees_of_freedom)
{
    double tail = 0.5 * sim_regularized_beta(degrees_of_freedom / (degrees_of_freedom + t * t),
                                             degrees_of_freedom / 2, 0.5);
    return t >= 0 ? 1 - tail : tail;
}

static double student_t_cdf_with(double t, const double *degrees_of_freedom)
{
    return sim_student_t_cdf(t, *degrees_of_freedom);
}

double sim_student_t_quantile(double probability, double degrees_of_freedom)
{
    if (probability < 0.5)
        return -sim_student_t_quantile(1 - probability, degrees_of_freedom);
    double high = 1;
    while (sim_student_t_cdf(high, degrees_of_freedom) < probability && high < 1e300)
        high *= 2;
    return solve_increasing(student_t_cdf_with, &degrees_of_freedom, probability, 0, high);
}

sim_interval sim_wilson_interval(double successes, double trials, double z)
{
    assert(z > 0 && (trials <= 0 || (successes >= 0 && successes <= trials)));   /* trials 0: stopped before a query */
    double rate = successes / trials, z2 = z * z;
    double scale = 1 + z2 / trials;
    double center = (rate + z2 / (2 * trials)) / scale;
    double half = z * sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials)) / scale;
    sim_interval interval = { successes <= 0 ? 0 : fmax(0, center - half), fmin(1, center + half) };
    assert(trials <= 0 || (0 <= interval.low && interval.low <= interval.high && interval.high <= 1));
    return interval;
}

/* I_p(a, b) as a function of p, for the bisection; parameters = {a, b}. */
static double beta_in_p(double p, const double *parameters)
{
    return sim_regularized_beta(p, parameters[0], parameters[1]);
}

sim_interval sim_clopper_pearson_interval(uint64_t successes, uint64_t trials, double confidence)
{
    assert(successes <= trials && confidence > 0 && confidence < 1);
    double alpha = 1 - confidence, x = (double)successes, q = (double)trials;
    sim_interval interval = { 0, 1 };
    if (successes > 0) {
        double lower_parameters[2] = { x, q - x + 1 };
        interval.low = solve_increasing(beta_in_p, lower_parameters, alpha / 2, 0, 1);
    }
    if (successes < trials) {
        double upper_parameters[2] = { x + 1, q - x };
        interval.high = solve_increasing(beta_in_p, upper_parameters, 1 - alpha / 2, 0, 1);
    }
    assert(0 <= interval.low && interval.low <= interval.high && interval.high <= 1);
    return interval;
}

/* rate +- t(df) * standard_error at two-sided `confidence`; `rate_error`
 * bounds the error of the rate itself. */
static sim_estimate t_estimate(double rate, double rate_error, double standard_error,
                               double degrees_of_freedom, double confidence)
{
    assert(confidence > 0 && confidence < 1);
    double quantile = sim_student_t_quantile(1 - (1 - confidence) / 2, degrees_of_freedom);
    double half = quantile * standard_error;
    sim_estimate estimate = { rate, standard_error, { rate - half, rate + half }, rate_error,
                              SIM_END_RELATIVE_ERROR * (fabs(rate) + half) + rate_error, 1 };
    return estimate;
}

void sim_estimate_clip(sim_estimate *estimate, double minimum, double maximum)
{
    assert(minimum <= maximum);
    estimate->interval.low = fmin(fmax(estimate->interval.low, minimum), maximum);
    estimate->interval.high = fmin(fmax(estimate->interval.high, minimum), maximum);
    estimate->rate = fmin(fmax(estimate->rate, minimum), maximum);
}

double sim_design_effect_rounded(double design_effect)
{
    if (!(design_effect > 1))
        return 1;
    /* 10^places as an exact whole number on either side, so that the result
     * is the double nearest to the 4-digit decimal */
    double places = 3 - floor(log10(design_effect));
    double scale = pow(10, fabs(places));
    double slack = 1 - 0x1p-50;   /* a value already on 4 digits stays there */
    return places >= 0 ? ceil(design_effect * scale * slack) / scale
                       : ceil(design_effect / scale * slack) * scale;
}

sim_estimate sim_estimate_between_trials(uint64_t sum, unsigned __int128 squares, uint64_t trials,
                                         uint64_t per_trial, double confidence)
{
    /* F * sum v^2 - (sum v)^2 = F (F-1) s^2, computed exactly. */
    unsigned __int128 scaled = squares * trials - (unsigned __int128)sum * sum;
    double f = (double)trials, q = (double)per_trial;
    double sample_variance = (double)scaled / (f * (f - 1));
    double standard_error = sqrt(sample_variance / f) / q;
    double rate = (double)sum / (f * q);
    return t_estimate(rate, 0x1p-51 * rate, standard_error, f - 1, confidence);
}

sim_estimate sim_estimate_between_trials_real(double sum, double squares, uint64_t trials,
                                              double confidence)
{
    double f = (double)trials, mean = sum / f;
    double sample_variance = fmax(0, (squares - sum * mean) / (f - 1));
    /* a sum of f non-negative terms, each within a few units of 2^-53 */
    return t_estimate(mean, (f + 8) * 0x1p-52 * fabs(mean), sqrt(sample_variance / f), f - 1, confidence);
}

sim_estimate sim_estimate_wilson(uint64_t successes, uint64_t queries, double design_effect,
                                 double confidence)
{
    assert(successes <= queries && design_effect >= 1);
    double z = sim_normal_quantile(1 - (1 - confidence) / 2);
    double effective_queries = (double)queries / design_effect;
    double rate = (double)successes / (double)queries;
    sim_estimate estimate;
    estimate.rate = rate;
    estimate.standard_error = sqrt(fmax(rate * (1 - rate), 0) / effective_queries);
    estimate.interval = sim_wilson_interval(rate * effective_queries, effective_queries, z);
    estimate.rate_error = 0x1p-52 * rate;
    /* No query yet (a run stopped before its first): the interval is [0, 1]
     * exactly, no formula's rounding, so its ends print exactly (0 and 1)
     * rather than to the digits common to 1 +- 2^-30 (8 of them). */
    estimate.end_error = queries == 0 ? 0 : SIM_END_RELATIVE_ERROR * estimate.interval.high;
    estimate.design_effect = design_effect;
    return estimate;
}

double sim_design_effect(uint64_t per_trial, double p, double second_moment)
{
    if (p <= 0 || p >= 1)
        return 1;
    double correlation = (second_moment - p * p) / (p - p * p);
    return 1 + ((double)per_trial - 1) * fmax(0, correlation);
}

void sim_verdicts(const double *predictions, size_t count, sim_interval interval,
                  sim_verdict *verdicts)
{
    for (size_t i = 0; i < count; i++) {
        int inside = predictions[i] >= interval.low && predictions[i] <= interval.high;
        verdicts[i] = inside ? SIM_VERDICT_CONSISTENT : SIM_VERDICT_REJECTED;
        for (size_t rival = 0; inside && rival < count; rival++)
            if (predictions[rival] != predictions[i] && predictions[rival] >= interval.low
                && predictions[rival] <= interval.high)
                verdicts[i] = SIM_VERDICT_INCONCLUSIVE;
    }
}

double sim_queries_to_resolve(double gap, double standard_error, double queries,
                              double confidence, double power)
{
    if (gap == 0)
        return HUGE_VAL;
    double z = sim_normal_quantile(1 - (1 - confidence) / 2) + sim_normal_quantile(power);
    double needed_error = fabs(gap) / z;
    return ceil(queries * (standard_error / needed_error) * (standard_error / needed_error));
}
