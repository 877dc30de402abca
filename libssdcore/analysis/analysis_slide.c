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

void ssd__gc_slide(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                   struct ssd__result *res) {
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
}
