/* analysis_consistency.c - how steady the speed is after the cache: mean,
 * CV, low percentiles over the mean, periodic dips (analysis_dips.c: each
 * phase's and the window's), and latency spread from the series' lat_*
 * columns. */
#include <math.h>
#include <string.h>

#include "analysis_internal.h"

static double column_median(const struct ssd__curve *c, const double *col, size_t a) {
    size_t k = 0;
    for (size_t i = a; i < c->n; i++)
        if (isfinite(col[i]))
            c->scratch[k++] = col[i];
    return k ? ssd__median(c->scratch, k) : NAN;
}

void ssd__consistency(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                      const ssd_series *s, struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    size_t a = res->cache_phase_end < c->n ? res->cache_phase_end : 0;
    size_t n = c->n, m = n - a;
    res->window_start_bytes = c->cum[a];
    res->window_end_bytes = c->cum[n];
    /* Time-weighted, so jittered intervals do not skew the figures. */
    double T = c->t[n - 1] - (a ? c->t[a - 1] : 0);
    double mean = (c->cum[n] - c->cum[a]) / T;
    double var = 0, mn = INFINITY, mx = 0;
    for (size_t i = a; i < n; i++) {
        double d = c->r[i] - mean;
        var += ssd__curve_dt(c, i) * d * d;
        if (c->r[i] < mn)
            mn = c->r[i];
        if (c->r[i] > mx)
            mx = c->r[i];
    }
    double sd = sqrt(var / T);
    S->mean_bps = mean;
    S->cv = mean > 0 ? sd / mean : NAN;
    res->mean_over_sigma = sd > 0 ? mean / sd : INFINITY;
    res->min_over_max = mx > 0 ? mn / mx : NAN;
    memcpy(c->scratch, c->r + a, m * sizeof *c->r);
    double p1;
    S->p5_over_mean = ssd__quantile_pair(c->scratch, m, 0.01, 0.05, &p1) / mean;
    S->p1_over_mean = p1 / mean;
    ssd__find_dips(c, o, a, res);

    /* Latency spread: the typical (median) per-interval figure of each
     * column, over the whole run. */
    const double *col;
    res->lat_p50_us = (col = ssd_series_column(s, "lat_p50_us")) ? column_median(c, col, 0) : NAN;
    res->lat_p99_us = (col = ssd_series_column(s, "lat_p99_us")) ? column_median(c, col, 0) : NAN;
    res->lat_p999_us =
        (col = ssd_series_column(s, "lat_p99_9_us")) ? column_median(c, col, 0) : NAN;
    res->lat_mean_us = (col = ssd_series_column(s, "lat_mean_us")) ? column_median(c, col, 0) : NAN;
    res->lat_max_us = (col = ssd_series_column(s, "lat_max_us")) ? column_median(c, col, 0) : NAN;
}
