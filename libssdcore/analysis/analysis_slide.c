/* analysis_slide.c - the used state as it slides. Once clean blocks run
 * out, garbage collection takes more and more of the writes until the
 * victims it picks hold as much garbage as the workload leaves: the speed
 * falls fast just after the onset and flattens towards a floor (AS510S:
 * 115 MiB/s falling to 29 in 100 minutes). Its median, one level, was
 * reported as "43.8 falling to 31.2" and drawn flat across the curve. Here
 * the used-state phase gets its level just after the onset, its level at
 * the end, its mean slope between them and a few points along it that
 * follow the slide (medians of windows growing away from the onset, where
 * the curve bends most). */
#include <math.h>

#include "analysis_internal.h"

#define GIB 1073741824.0

/* The shortest window a level is told from: a median of 9 samples shrugs
 * off the onset's mixed sample or two (AS510S: 182, 124, 142, then 117,
 * 115...). */
#define SLIDE_MIN_WINDOW 9
/* The shortest used state a slope is told from: a start and an end window
 * of SLIDE_MIN_WINDOW samples each with two more between them, so the two
 * levels are apart by more than their own length. A median of 9 samples
 * has a standard error of 1.25 sigma / 3; the difference of two, 0.59
 * sigma: at a used state's 5-10 % noise per sample, 3 of those are 9-18 %,
 * about min_step (1.15x), the least slide the words call one. Shorter,
 * the two windows are neighbours and their difference noise (a chaotic
 * used state's first 0.22 GiB gave it a slope of its own): one level. */
#define SLIDE_MIN_SAMPLES (4 * SLIDE_MIN_WINDOW)
/* Noisier used states get windows long enough for the median's standard
 * error (1.25 sigma / sqrt m) to be 2 % of the level. */
#define SLIDE_LEVEL_ERROR 0.02

static double median_level(const struct ssd__curve *c, size_t a, size_t b) {
    for (size_t i = a; i < b; i++)
        c->scratch[i - a] = c->y[i];
    return exp(ssd__median(c->scratch, b - a));
}

/* The phase's own per-sample noise of y (1.4826 MAD of the differences /
 * sqrt 2; a trend barely moves it), from at most about 1024 of them
 * spread evenly: it only sizes the windows. */
static double own_noise(const struct ssd__curve *c, size_t a, size_t b) {
    if (b < a + 3)
        return 0;
    size_t step = (b - a) / 1024 + 1, k = 0;
    for (size_t i = a + 1; i < b; i += step)
        c->scratch[k++] = fabs(c->y[i] - c->y[i - 1]);
    return 1.4826 * ssd__median(c->scratch, k) / sqrt(2.0);
}

static void add_point(struct ssd__result *res, double bytes, double bps) {
    if (res->gc_ntrend < SSD__MAX_TREND) {
        res->gc_trend_bytes[res->gc_ntrend] = bytes;
        res->gc_trend_bps[res->gc_ntrend] = bps;
        res->gc_ntrend++;
    }
}

/* The slide's level at x bytes written: linear between the trend's points,
 * its first or last level outside them (numpy's interp, which the Python
 * phases frame uses on the JSON's trend). */
static double trend_at(const struct ssd__result *res, double x) {
    size_t n = res->gc_ntrend;
    if (x <= res->gc_trend_bytes[0])
        return res->gc_trend_bps[0];
    for (size_t i = 1; i < n; i++)
        if (x <= res->gc_trend_bytes[i]) {
            double x0 = res->gc_trend_bytes[i - 1], x1 = res->gc_trend_bytes[i];
            double y0 = res->gc_trend_bps[i - 1], y1 = res->gc_trend_bps[i];
            return x1 > x0 ? y0 + (y1 - y0) * (x - x0) / (x1 - x0) : y1;
        }
    return res->gc_trend_bps[n - 1];
}

/* Each phase's level at its start and end (struct ssd_phase): its level,
 * or along the slide for the phases [p, q] of a sliding used state. The
 * slide belongs to all of them, not to the first: a chaotic used state
 * (a GC phase of 169 samples, then 6,704 of unnamed phases) put its
 * "214 -> 127 MiB/s" on the GC phase, which ended near 210. */
static void phase_ends(const struct ssd__curve *c, const struct ssd__result *res, size_t p,
                       size_t q) {
    for (size_t k = 0; k < c->nph; k++) {
        struct ssd_phase *ph = &c->ph[k];
        ph->sliding = res->sum.gc_sliding && res->gc_ntrend >= 2 && k >= p && k <= q;
        ph->start_level_bps = ph->sliding ? trend_at(res, ph->start_bytes) : ph->level_bps;
        ph->end_level_bps = ph->sliding ? trend_at(res, ph->end_bytes) : ph->level_bps;
    }
}

void ssd__gc_slide(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                   struct ssd__result *res) {
    phase_ends(c, res, 1, 0); /* flat until a slide is found */
    struct ssd_analysis_summary *S = &res->sum;
    S->gc_start_level_bps = S->gc_slope_bps_per_gib = NAN;
    S->gc_sliding = 0;
    res->gc_ntrend = 0;
    if (!S->has_gc)
        return;
    const struct ssd_phase *p = NULL, *q = NULL;
    size_t j = 0;
    for (; j < c->nph && !p; j++)
        if (c->ph[j].regime == SSD_REGIME_GC && c->ph[j].start_bytes >= S->gc_start_bytes)
            p = q = &c->ph[j];
    if (!p)
        return;
    /* The used state lasts to the run's end (nothing gives clean blocks
     * back while the host writes): a chaotic one is a GC phase and phases
     * of no regime (bursts, dip clusters, levels the regimes leave
     * unnamed) after it, and its slide runs over all of them. From the GC
     * phase alone (169 samples of seed 2026's drive 190, 2 hours, of a
     * used state of 6,873) the slope and the end level were one stretch's:
     * "falling to 151 MiB/s at the end", where it ended at 126. */
    for (; j < c->nph && (c->ph[j].regime == SSD_REGIME_GC || c->ph[j].regime == SSD_REGIME_OTHER);
         j++)
        q = &c->ph[j];
    size_t a = p->first, b = q->last + 1, n = b - a;
    if (n < SLIDE_MIN_SAMPLES) {
        /* Too short to tell a slide from noise: one level. */
        double level = n < 4 ? p->level_bps : median_level(c, a, b);
        S->gc_start_level_bps = S->gc_end_level_bps = level;
        S->gc_slope_bps_per_gib = 0;
        add_point(res, p->start_bytes, level);
        add_point(res, q->end_bytes, level);
        return;
    }
    double sd = 1.2533 * own_noise(c, a, b) / SLIDE_LEVEL_ERROR;
    double want = sd * sd;
    size_t m = want > (double)n ? n : (size_t)ceil(want);
    if (m < SLIDE_MIN_WINDOW)
        m = SLIDE_MIN_WINDOW;
    /* The end flattens: a longer window there (a lasting phase) costs no
     * bias and halves the noise. */
    size_t me = m > c->min_len ? m : c->min_len;
    if (m > n / 4)
        m = n / 4 ? n / 4 : 1;
    if (me > n / 4)
        me = n / 4 ? n / 4 : 1;
    double start = median_level(c, a, a + m), end = median_level(c, b - me, b);
    S->gc_start_level_bps = start;
    S->gc_end_level_bps = end;
    /* Between the windows' middles, where the two levels were measured. */
    double span = c->cum[b - me / 2] - c->cum[a + m / 2];
    S->gc_slope_bps_per_gib = span > 0 ? (end - start) / (span / GIB) : 0;
    double hi = start > end ? start : end, lo = start > end ? end : start;
    S->gc_sliding = lo > 0 && hi >= lo * o->min_step;
    /* The points: the start, the medians of windows growing 1.5x in
     * length from the start window on (each at its middle sample; a chord
     * between points doubling apart overshot SSD370's bend by 6 %), the
     * end. */
    add_point(res, p->start_bytes, start);
    size_t from = a + m, len = 2 * m;
    while (from + len / 2 < b - me) {
        size_t to = from + len;
        if (to + len > b - me) /* the rest would be a sliver: take it in */
            to = b - me;
        if (to <= from)
            break;
        add_point(res, c->cum[from + (to - from) / 2], median_level(c, from, to));
        from = to;
        len += len / 2;
    }
    if (b - me / 2 > a + m)
        add_point(res, c->cum[b - me / 2], end);
    add_point(res, q->end_bytes, end);
    phase_ends(c, res, (size_t)(p - c->ph), (size_t)(q - c->ph));
}
