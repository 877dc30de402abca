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

/* The base a sample is compared with: its phase level (short dips inside a
 * phase), or one level for the whole window (slow-downs long enough to be
 * phases of their own, which then alternate periodically). */
static double base_at(const struct ssd__curve *c, size_t i, size_t *hint, double fixed) {
    return fixed > 0 ? fixed : phase_level_at(c, i, hint);
}

/* Dips a period is told from: four gaps between their starts, of which
 * three agree (three dips, two gaps, read "every 417 s" into a 20-minute
 * real run whose identical runs at other depths had no dips). */
#define DIPS_MIN 5

/* Finds periodic dips below the base; 1 when found (figures in res). */
static int dips_against(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                        double fixed, struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    size_t n = c->n, m = n - a;
    /* The noise of the rate/base ratio, from the MAD of its first
     * differences (long dips barely move it, unlike a plain MAD), says how
     * far below 1 a sample must be to stand out. */
    size_t hint = 0;
    double prev = c->r[a] / base_at(c, a, &hint, fixed);
    for (size_t i = a + 1; i < n; i++) {
        double q = c->r[i] / base_at(c, i, &hint, fixed);
        c->scratch[i - a - 1] = fabs(q - prev);
        prev = q;
    }
    double sq = 1.4826 * ssd__median(c->scratch, m - 1) / sqrt(2.0);
    double cut = 1 - o->dip_depth;
    if (1 - 3 * sq < cut)
        cut = 1 - 3 * sq;
    /* Hysteresis: a dip starts below the cut and ends only back above the
     * midpoint between cut and base, so noise near the cut does not split
     * one long slow-down into many. */
    double leave = 0.5 * (cut + 1);
    double starts[4096];
    size_t nd = 0;
    double dip_time = 0, depth_sum = 0, depth_n = 0, last_start = 0, last_end = 0;
    hint = 0;
    size_t i = a;
    while (i < n) {
        double q = c->r[i] / base_at(c, i, &hint, fixed);
        if (q >= cut) {
            i++;
            continue;
        }
        size_t s0 = i, e = i;
        while (i < n) {
            double qi = c->r[i] / base_at(c, i, &hint, fixed);
            if (qi >= leave)
                break;
            e = i;
            depth_sum += qi;
            depth_n++;
            i++;
        }
        double t_start = s0 ? c->t[s0 - 1] : 0, t_end = c->t[e];
        dip_time += t_end - t_start;
        /* A blip back up inside a long slow-down is not a new dip: one that
         * starts soon after the last one ended continues it. */
        double gap_ok = 0.2 * (last_end - last_start);
        if (nd > 0 && t_start - last_end <=
                          (gap_ok > 2 * ssd__curve_dt(c, s0) ? gap_ok : 2 * ssd__curve_dt(c, s0))) {
            dip_time += t_start - last_end;
            last_end = t_end;
        } else {
            if (nd < sizeof starts / sizeof starts[0])
                starts[nd++] = t_start;
            last_start = t_start;
            last_end = t_end;
        }
        i = e + 1;
    }
    res->dip_count = (double)nd;
    if (nd < DIPS_MIN)
        return 0;
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
    double window = c->t[n - 1] - (a ? c->t[a - 1] : 0);
    /* Periodic over the run: dips that recur through it, not a few
     * slow-downs bunched in one stretch (seven 42.5 s apart in 20 minutes
     * of a real drive's run, nvmebenchmarks long2 at QD128, whose other
     * runs of the same shape had none: a period the run would repeat 28
     * times is not shown by 7). */
    if ((double)regular < 0.6 * (double)ng || (double)nd < 0.5 * window / period)
        return 0;
    S->has_dips = 1;
    S->dip_period_s = period;
    S->dip_depth = 1 - depth_sum / depth_n;
    S->dip_duty = window > 0 ? dip_time / window : NAN;
    res->dip_base_bps = S->dip_base_bps = fixed > 0 ? fixed : NAN;
    return 1;
}

static void find_dips(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                      struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    size_t m = c->n - a;
    S->has_dips = 0;
    S->dip_period_s = S->dip_depth = S->dip_duty = S->dip_base_bps = NAN;
    res->dip_base_bps = NAN;
    res->dip_count = 0;
    if (m < 8 || dips_against(c, o, a, 0, res))
        return;
    /* Several phases after the cache: maybe long periodic slow-downs. The
     * base is the speed the drive holds most of the time outside them. */
    size_t phases_in_window = 0;
    for (size_t j = 0; j < c->nph; j++)
        phases_in_window += c->ph[j].last >= a;
    if (phases_in_window < 4)
        return;
    memcpy(c->scratch, c->r + a, m * sizeof *c->r);
    double base = ssd__quantile(c->scratch, m, 0.75);
    if (base > 0 && !dips_against(c, o, a, base, res))
        res->dip_count = 0;
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
    find_dips(c, o, a, res);

    /* Latency spread: the typical (median) per-interval figure of each
     * column, over the whole run. */
    const double *col;
    res->lat_p50_us = (col = ssd_series_column(s, "lat_p50_us")) ? column_median(c, col, 0) : NAN;
    res->lat_p99_us = (col = ssd_series_column(s, "lat_p99_us")) ? column_median(c, col, 0) : NAN;
    /* lat_p99_9_us is the one spelling; lat_p999_us, the old one, still reads. */
    if (!(col = ssd_series_column(s, "lat_p99_9_us")))
        col = ssd_series_column(s, "lat_p999_us");
    res->lat_p999_us = col ? column_median(c, col, 0) : NAN;
    res->lat_mean_us = (col = ssd_series_column(s, "lat_mean_us")) ? column_median(c, col, 0) : NAN;
    res->lat_max_us = (col = ssd_series_column(s, "lat_max_us")) ? column_median(c, col, 0) : NAN;
}
