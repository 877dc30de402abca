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
#include <string.h>

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
 * its first or last level outside them (as numpy's interp). Where the
 * trend steps (two points at one byte count: a return inside the used
 * state, below), the level just before x (right 0: a phase's end) or just
 * after it (right 1: a phase's start). */
static double trend_at(const struct ssd__result *res, double x, int right) {
    size_t n = res->gc_ntrend, i = 0;
    while (i < n && (right ? res->gc_trend_bytes[i] <= x : res->gc_trend_bytes[i] < x))
        i++;
    if (i == 0)
        return res->gc_trend_bps[0];
    if (i == n)
        return res->gc_trend_bps[n - 1];
    double x0 = res->gc_trend_bytes[i - 1], x1 = res->gc_trend_bytes[i];
    double y0 = res->gc_trend_bps[i - 1], y1 = res->gc_trend_bps[i];
    return x1 > x0 ? y0 + (y1 - y0) * (x - x0) / (x1 - x0) : y1;
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
        ph->start_level_bps = ph->sliding ? trend_at(res, ph->start_bytes, 1) : ph->level_bps;
        ph->end_level_bps = ph->sliding ? trend_at(res, ph->end_bytes, 0) : ph->level_bps;
    }
}

/* Where the level just after a drop is measured from: past the samples
 * of [a, b) that straddle the drop from the level before it. A drop into
 * the used state may take a few samples, bouncing between the two levels
 * as it goes (or the segmentation put the boundary a sample or two
 * early): the 970 EVO Plus's 2-hour random run, 0.5 s windows, fell from
 * 1.6 GiB/s through 1074, 1651, 896, 1018, 768, 569 to 281, 224, 216
 * MiB/s, and its used state's "894 MiB/s just after the onset" was a
 * median of mostly those. The window starts at the last fall from one
 * sample to the next by min_drop (and by more than 3 of the state's own
 * noise, noise: its per-sample sigma of y; BX200's used state scatters 2x
 * from one second to the next) among the first SLIDE_MIN_WINDOW: a fall
 * is a few samples. A used state that slides from the level before it
 * (SSD370: 278, 271, 259, 255, 238 ... 185 MiB/s after 284) has no such
 * fall: it is the level just after the onset. */
static size_t past_the_fall(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                            size_t a, size_t b, size_t m, double before, double noise) {
    if (!(before > 0) || b < a + 2 * m || before < median_level(c, a + m, a + 2 * m) * o->min_step)
        return a;
    double jump = fmax(log(o->min_drop), 3 * sqrt(2.0) * noise);
    size_t s = a, w = m < SLIDE_MIN_WINDOW ? m : SLIDE_MIN_WINDOW;
    for (size_t i = a + 1; i < a + w; i++)
        if (c->y[i - 1] - c->y[i] > jump)
            s = i;
    return s;
}

/* The trend's points over samples [a, b) (b - a >= 4 windows of m): the
 * start, the medians of windows growing 1.5x in length from the start
 * window on (each at its middle sample; a chord between points doubling
 * apart overshot SSD370's bend by 6 %), the end. s: the start window's
 * first sample (past_the_fall); me: the end window's length. */
static void slide_points(const struct ssd__curve *c, struct ssd__result *res, size_t a, size_t s,
                         size_t b, size_t m, size_t me, double start, double end) {
    add_point(res, c->cum[a], start);
    size_t from = s + m, len = 2 * m;
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
    if (b - me / 2 > s + m)
        add_point(res, c->cum[b - me / 2], end);
    add_point(res, c->cum[b], end);
}

/* The windows of a stretch of n samples: m at its start, me at its end,
 * neither over a quarter of it. */
static void clip_windows(size_t n, size_t *m, size_t *me) {
    if (*m > n / 4)
        *m = n / 4 ? n / 4 : 1;
    if (*me > n / 4)
        *me = n / 4 ? n / 4 : 1;
}

/* The trend over [a, b) alone: its points, as above, or one level when
 * the stretch is too short for a slope. */
static void stretch_points(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                           struct ssd__result *res, size_t a, size_t b, size_t m, size_t me,
                           double before) {
    size_t n = b - a;
    if (n < SLIDE_MIN_SAMPLES) {
        double level = median_level(c, a, b);
        add_point(res, c->cum[a], level);
        add_point(res, c->cum[b], level);
        return;
    }
    clip_windows(n, &m, &me);
    size_t s = past_the_fall(c, o, a, b, m, before, own_noise(c, a, b));
    slide_points(c, res, a, s, b, m, me, median_level(c, s, s + m), median_level(c, b - me, b));
}

/* The trend's lowest and highest level over bytes [x0, x1]. */
static void trend_range(const struct ssd__result *res, double x0, double x1, double *lo,
                        double *hi) {
    *lo = fmin(trend_at(res, x0, 1), trend_at(res, x1, 0));
    *hi = fmax(trend_at(res, x0, 1), trend_at(res, x1, 0));
    for (size_t i = 0; i < res->gc_ntrend; i++)
        if (res->gc_trend_bytes[i] > x0 && res->gc_trend_bytes[i] < x1) {
            *lo = fmin(*lo, res->gc_trend_bps[i]);
            *hi = fmax(*hi, res->gc_trend_bps[i]);
        }
}

/* A used state is not always one slide: the speed may come back inside
 * it. The 970 EVO Plus's 2-hour random run (fio's random map writes every
 * block once a pass) climbed from 170 MiB/s to 1.6 GiB/s as its second
 * pass neared its end (every block of the first pass invalid, GC's
 * victims empty), ran at 1.6 GiB/s for 215 GiB into the third pass, then
 * fell to 170 again. The trend's windows, growing 1.5x from the onset,
 * were 1.2 TiB long there: their medians stepped over the return, and its
 * phases (medians 1.19 and 1.59 GiB/s) read "312 -> 289" and "289 -> 266
 * MiB/s" off the trend. A lasting phase whose own level lies a min_drop
 * outside the trend over it is not on the slide the windows measured:
 * the trend is measured again with each such phase a stretch of its own
 * and the phases between them stretches of theirs (each from its own
 * start, past a fall into it), and steps from one stretch to the next (two
 * points at the boundary). Returns whether any phase was. */
static int departures(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                      struct ssd__result *res, size_t pi, size_t qi, size_t m, size_t me) {
    unsigned char off[SSD__MAX_TREND];
    int any = 0;
    if (qi - pi + 1 > SSD__MAX_TREND / 4)
        return 0; /* (too many stretches to draw: as it was) */
    for (size_t k = pi; k <= qi; k++) {
        const struct ssd_phase *ph = &c->ph[k];
        double lo, hi;
        trend_range(res, ph->start_bytes, ph->end_bytes, &lo, &hi);
        off[k - pi] = ph->last - ph->first + 1 >= c->min_len &&
                      (ph->level_bps > hi * o->min_drop || ph->level_bps * o->min_drop < lo);
        any |= off[k - pi];
    }
    if (!any)
        return 0;
    double xs[SSD__MAX_TREND], ys[SSD__MAX_TREND];
    size_t was = res->gc_ntrend;
    memcpy(xs, res->gc_trend_bytes, was * sizeof *xs);
    memcpy(ys, res->gc_trend_bps, was * sizeof *ys);
    res->gc_ntrend = 0;
    for (size_t k = pi; k <= qi;) {
        size_t j = k;
        while (!off[k - pi] && j < qi && !off[j + 1 - pi])
            j++;
        stretch_points(c, o, res, c->ph[k].first, c->ph[j].last + 1, m, me,
                       k > 0 ? c->ph[k - 1].level_bps : NAN);
        k = j + 1;
    }
    if (res->gc_ntrend < SSD__MAX_TREND)
        return 1;
    /* (More points than the trend holds: as it was.) */
    memcpy(res->gc_trend_bytes, xs, was * sizeof *xs);
    memcpy(res->gc_trend_bps, ys, was * sizeof *ys);
    res->gc_ntrend = was;
    return 0;
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
    double noise = own_noise(c, a, b), sd = 1.2533 * noise / SLIDE_LEVEL_ERROR;
    double want = sd * sd;
    size_t m = want > (double)n ? n : (size_t)ceil(want);
    if (m < SLIDE_MIN_WINDOW)
        m = SLIDE_MIN_WINDOW;
    /* The end flattens: a longer window there (a lasting phase) costs no
     * bias and halves the noise. */
    size_t me = m > c->min_len ? m : c->min_len, m0 = m, me0 = me;
    clip_windows(n, &m, &me);
    size_t s = past_the_fall(c, o, a, b, m, p > c->ph ? p[-1].level_bps : NAN, noise);
    double start = median_level(c, s, s + m), end = median_level(c, b - me, b);
    S->gc_start_level_bps = start;
    S->gc_end_level_bps = end;
    /* Between the windows' middles, where the two levels were measured. */
    double span = c->cum[b - me / 2] - c->cum[s + m / 2];
    S->gc_slope_bps_per_gib = span > 0 ? (end - start) / (span / GIB) : 0;
    double hi = start > end ? start : end, lo = start > end ? end : start;
    S->gc_sliding = lo > 0 && hi >= lo * o->min_step;
    slide_points(c, res, a, s, b, m, me, start, end);
    size_t pi = (size_t)(p - c->ph), qi = (size_t)(q - c->ph);
    if (S->gc_sliding && departures(c, o, res, pi, qi, m0, me0)) {
        /* (The used state's own figures stay the whole slide's; its ends
         * are the stretches'.) */
        res->gc_trend_bps[0] = start;
        res->gc_trend_bps[res->gc_ntrend - 1] = end;
    }
    phase_ends(c, res, pi, qi);
}
