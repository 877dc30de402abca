/* analysis_consistency.c - how steady the speed is after the cache: mean,
 * CV, low percentiles over the mean, periodic dips (period, depth, duty
 * cycle), and latency spread from the series' lat_* columns. */
#include <math.h>
#include <string.h>

#include "analysis_internal.h"

/* The phase holding each sample is found by walking phases in order. */
static double phase_level_at(const struct ssd__curve *c, size_t i, size_t *hint) {
    while (*hint + 1 < c->nph && c->ph[*hint].last < i)
        (*hint)++;
    return c->ph[*hint].level_bps;
}

static void find_dips(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                      struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    size_t n = c->n, m = n - a;
    S->has_dips = 0;
    S->dip_period_s = S->dip_depth = S->dip_duty = NAN;
    res->dip_base_bps = NAN;
    res->dip_count = 0;
    if (m < 8)
        return;
    /* Rate relative to its phase level; the spread of that ratio (MAD) says
     * how far below 1 a sample must be to stand out from the noise. */
    size_t hint = 0;
    for (size_t i = a; i < n; i++)
        c->scratch[i - a] = c->r[i] / phase_level_at(c, i, &hint);
    double med = ssd__median(c->scratch, m);
    for (size_t i = 0; i < m; i++)
        c->scratch[i] = fabs(c->scratch[i] - med);
    double sq = 1.4826 * ssd__median(c->scratch, m);
    double cut = 1 - o->dip_depth;
    if (med - 3 * sq < cut)
        cut = med - 3 * sq;
    /* Runs of samples below the cut, allowing one-sample gaps inside a dip. */
    double starts[4096];
    size_t nd = 0;
    double dip_time = 0, depth_sum = 0, depth_n = 0;
    hint = 0;
    size_t i = a;
    while (i < n) {
        double q = c->r[i] / phase_level_at(c, i, &hint);
        if (q >= cut) {
            i++;
            continue;
        }
        size_t s = i;
        size_t e = i;
        while (i < n) {
            double qi = c->r[i] / phase_level_at(c, i, &hint);
            if (qi < cut) {
                e = i;
                depth_sum += qi;
                depth_n++;
                i++;
            } else if (i + 1 < n && c->r[i + 1] / phase_level_at(c, i + 1, &hint) < cut) {
                i++;
            } else {
                break;
            }
        }
        dip_time += c->t[e] - (s ? c->t[s - 1] : 0);
        if (nd < sizeof starts / sizeof starts[0])
            starts[nd++] = s ? c->t[s - 1] : 0;
        i = e + 1;
    }
    res->dip_count = (double)nd;
    if (nd < 3)
        return;
    /* Periodic means most gaps between dip starts agree with their median;
     * random stalls give exponential-looking gaps and fail this. */
    size_t ng = nd - 1;
    double *gaps = c->scratch;
    for (size_t k = 0; k < ng; k++)
        gaps[k] = starts[k + 1] - starts[k];
    double period = ssd__median(gaps, ng);
    size_t regular = 0;
    for (size_t k = 0; k < ng; k++) {
        double g = starts[k + 1] - starts[k];
        regular += g >= 0.75 * period && g <= 1.25 * period;
    }
    if ((double)regular < 0.6 * (double)ng)
        return;
    double window = c->t[n - 1] - (a ? c->t[a - 1] : 0);
    S->has_dips = 1;
    S->dip_period_s = period;
    S->dip_depth = 1 - depth_sum / depth_n;
    S->dip_duty = window > 0 ? dip_time / window : NAN;
}

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
        var += c->dt[i] * d * d;
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
    S->p1_over_mean = ssd__quantile(c->scratch, m, 0.01) / mean;
    S->p5_over_mean = ssd__quantile(c->scratch, m, 0.05) / mean;
    find_dips(c, o, a, res);
    res->dip_base_bps = mean;

    /* Latency spread: the typical (median) per-interval figure of each
     * column, over the whole run. */
    const double *col;
    res->lat_p50_us = (col = ssd_series_column(s, "lat_p50_us")) ? column_median(c, col, 0) : NAN;
    res->lat_p99_us = (col = ssd_series_column(s, "lat_p99_us")) ? column_median(c, col, 0) : NAN;
    res->lat_p999_us = (col = ssd_series_column(s, "lat_p999_us")) ? column_median(c, col, 0) : NAN;
    res->lat_mean_us = (col = ssd_series_column(s, "lat_mean_us")) ? column_median(c, col, 0) : NAN;
    res->lat_max_us = (col = ssd_series_column(s, "lat_max_us")) ? column_median(c, col, 0) : NAN;
}
