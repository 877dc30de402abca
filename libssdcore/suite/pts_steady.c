/* pts_steady.c - the SNIA PTS steady-state rule on rounds (PTS v2.0.2
 * section 3.1, "Steady State"): over a measurement window of 5 rounds of
 * the tracking variable y,
 *   - data excursion: max(y) - min(y) is at most 20 % of the window's mean;
 *   - slope excursion: the least-squares line through the window changes
 *     by at most 10 % of the mean across it (|slope| x 4 rounds).
 * The PTS loops run rounds until the last 5 satisfy both, or 25 rounds.
 * One function, on rounds rather than samples, so that it can later share
 * code with the sample-based check of analysis_steady.c. */
#include <math.h>

#include "suite_impl.h"

int ssd__pts_steady(const double *y, int n, struct ssd__pts_window *w) {
    const int k = SSD__PTS_WINDOW;
    *w = (struct ssd__pts_window){0,   0,   0, NAN, NAN, NAN, NAN, NAN,
                                  NAN, NAN, 0, NAN, NAN, NAN, NULL};
    if (n < k)
        return 0;
    const double *v = y + (n - k);
    double sum = 0, lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < k; i++) {
        if (!isfinite(v[i]))
            return 0;
        sum += v[i];
        lo = fmin(lo, v[i]);
        hi = fmax(hi, v[i]);
    }
    double mean = sum / k;
    /* Rounds numbered from 1 as the spec's plots number them. */
    double xm = (n - k + 1 + n) / 2.0, sxy = 0, sxx = 0;
    for (int i = 0; i < k; i++) {
        double x = n - k + 1 + i - xm;
        sxy += x * (v[i] - mean);
        sxx += x * x;
    }
    double slope = sxy / sxx;
    w->first = n - k + 1;
    w->last = n;
    w->mean = mean;
    w->range = hi - lo;
    w->range_limit = 0.20 * fabs(mean);
    w->slope = slope;
    w->intercept = mean - slope * xm;
    w->slope_excursion = fabs(slope) * (k - 1);
    w->slope_limit = 0.10 * fabs(mean);
    w->reached = mean > 0 && w->range <= w->range_limit && w->slope_excursion <= w->slope_limit;
    w->rule = w->reached;
    return w->reached;
}

/* A drive written from its purge starts on its fresh plateau, where the
 * rule above holds for as long as clean blocks last (and, with 1-minute
 * rounds, also holds on a curve still sliding a few % per window). Its
 * steady state is the rule on a drive that has left the fresh state: its
 * capacity written, the level clearly below the fresh one (by more than
 * the rule's 20 % excursion; the fresh level is the one while the
 * capacity was written), and the level one capacity earlier within
 * the rule's 10 % slope limit of the window - the slope criterion applied
 * across a capacity of writes rather than across 5 rounds. */
int ssd__pts_used_steady(const double *y, const double *written, int n, double capacity,
                         struct ssd__pts_window *w) {
    ssd__pts_steady(y, n, w);
    w->reached = 0;
    if (n <= 0) {
        w->not_reached = "no rounds";
        return 0;
    }
    /* The fresh level: the 5 rounds up to the capacity written (the first
     * round when it already wrote more). Not the first rounds: a consumer
     * drive's SLC cache is faster than its fresh direct writes, which run
     * on clean blocks until about its capacity is written. */
    int f = 0;
    for (int i = 0; i < n; i++)
        if (written[i] <= capacity)
            f = i;
    double fsum = 0;
    int fn = 0;
    for (int i = f; i >= 0 && i > f - SSD__PTS_WINDOW; i--)
        if (isfinite(y[i])) {
            fsum += y[i];
            fn++;
        }
    w->fresh = fn ? fsum / fn : NAN;
    w->capacities = capacity > 0 ? written[n - 1] / capacity : NAN;
    if (n < SSD__PTS_WINDOW) {
        w->not_reached = "fewer than 5 rounds";
        return 0;
    }
    /* The window one capacity earlier: the 5 rounds ending at the last
     * round that had written at most the end's bytes less the capacity. */
    int e = -1;
    for (int i = 0; i < n; i++)
        if (written[i] <= written[n - 1] - capacity)
            e = i;
    if (e + 1 >= SSD__PTS_WINDOW) {
        double sum = 0;
        for (int i = e + 1 - SSD__PTS_WINDOW; i <= e; i++)
            sum += y[i];
        w->earlier = sum / SSD__PTS_WINDOW;
    }
    if (!w->rule)
        w->not_reached = "the last 5 rounds do not meet the steady-state rule";
    else if (!(capacity > 0) || !(w->capacities >= 1))
        w->not_reached = "less than the capacity written since the purge: still fresh";
    else if (!(w->mean <= 0.8 * w->fresh))
        w->not_reached = "still at the fresh level: no used state yet";
    else if (!isfinite(w->earlier))
        w->not_reached = "too few rounds to tell whether it still falls";
    else if (!(w->earlier <= 1.1 * w->mean))
        w->not_reached = "still falling: more than 10 % higher one capacity earlier";
    else
        w->reached = 1;
    return w->reached;
}
