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
    *w = (struct ssd__pts_window){0, 0, 0, NAN, NAN, NAN, NAN, NAN, NAN, NAN};
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
    return w->reached;
}
