/* analysis_steady.c - steady state by the SNIA PTS rule: within a window of
 * 5 rounds, the range of the round averages is at most ss_range of their
 * mean and the excursion of the least-squares line across the window at
 * most ss_slope of it. Checked on round boundaries (the PTS way) and on a
 * window sliding one sample at a time (the rolling variant). */
#include <math.h>

#include "analysis_internal.h"

#define ROUNDS 5

/* Cumulative bytes at time t, interpolating linearly inside a sample;
 * binary search, so any window costs O(log n). */
static double bytes_at(const struct ssd__curve *c, double t) {
    size_t lo = 0, hi = c->n; /* first sample whose end is >= t */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->t[mid] < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo >= c->n)
        return c->total;
    double t0 = lo ? c->t[lo - 1] : 0;
    double part = (t - t0) / c->dt[lo];
    return c->cum[lo] + c->b[lo] * (part < 0 ? 0 : part);
}

/* Evaluates the window of 5 rounds starting at time t0; 1 when steady. */
static int check_window(const struct ssd__curve *c, const struct ssd__analysis_opts *o, double t0,
                        double round, double *mean_out, double *range_out, double *slope_out) {
    double v[ROUNDS];
    double prev = bytes_at(c, t0);
    for (int k = 0; k < ROUNDS; k++) {
        double next = bytes_at(c, t0 + (k + 1) * round);
        v[k] = (next - prev) / round;
        prev = next;
    }
    double mean = 0, mn = INFINITY, mx = -INFINITY;
    for (int k = 0; k < ROUNDS; k++) {
        mean += v[k];
        mn = v[k] < mn ? v[k] : mn;
        mx = v[k] > mx ? v[k] : mx;
    }
    mean /= ROUNDS;
    /* Slope of the least-squares line through (k, v[k]), k = 0..4. */
    double sxy = 0;
    for (int k = 0; k < ROUNDS; k++)
        sxy += (k - 2.0) * (v[k] - mean);
    double slope = sxy / 10.0;
    double excursion = fabs(slope) * (ROUNDS - 1);
    *mean_out = mean;
    *range_out = mean > 0 ? (mx - mn) / mean : INFINITY;
    *slope_out = mean > 0 ? excursion / mean : INFINITY;
    return mean > 0 && mx - mn <= o->ss_range * mean && excursion <= o->ss_slope * mean;
}

void ssd__steady_state(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                       struct ssd__result *res) {
    double round = o->ss_round_s;
    double dur = c->duration;
    /* Short runs get shorter rounds, so 5 rounds always fit ten times. */
    if (ROUNDS * 10 * round > dur)
        round = dur / (ROUNDS * 10);
    /* And long runs get longer rounds, so their count stays bounded (a
     * fuzzer found that a huge duration made this loop endless). */
    if (dur / round > 10000)
        round = dur / 10000;
    res->ss_round_s = round;
    res->ss_reached = res->ss_rolling_reached = 0;
    res->ss_start_s = res->ss_start_bytes = res->ss_mean_bps = NAN;
    res->ss_range_ratio = res->ss_slope_ratio = res->ss_rolling_start_s = NAN;
    double mean, range, slope;
    size_t nrounds = (size_t)(dur / round + 1e-9);
    for (size_t k = 0; k + ROUNDS <= nrounds; k++) {
        double t0 = (double)k * round;
        if (check_window(c, o, t0, round, &mean, &range, &slope)) {
            res->ss_reached = 1;
            res->ss_start_s = t0;
            res->ss_start_bytes = bytes_at(c, t0);
            res->ss_mean_bps = mean;
            res->ss_range_ratio = range;
            res->ss_slope_ratio = slope;
            break;
        }
    }
    /* The rolling variant: the window may start at any sample boundary (at
     * most 20000 starts are tried, evenly spread, to bound the cost). */
    size_t stride = c->n / 20000 + 1;
    for (size_t i = 0; i < c->n; i += stride) {
        double t0 = i ? c->t[i - 1] : 0;
        if (t0 + ROUNDS * round > dur + 1e-9)
            break;
        if (check_window(c, o, t0, round, &mean, &range, &slope)) {
            res->ss_rolling_reached = 1;
            res->ss_rolling_start_s = t0;
            break;
        }
    }
}
