/* regimes_shape.c - the shapes of a curve the regime rules test: fitted
 * lines and slides, two-level splits, flat levels, knees, where the
 * scatter jumps. Geometry only: what a shape means for
 * the drive is decided by the rules that ask (regimes_used.c,
 * regimes_fold.c, regimes_reference.c). */
#include <math.h>
#include <stdlib.h>

#include "regimes.h"

/* How far (in log-rate) the speed falls through a phase, by its fitted
 * line; 0 unless it falls by at least 10%, well beyond what its noise could
 * make of a flat level: a phase that slides (GC taking more and more), not
 * a level. */
double ssd__slide_of(const struct ssd__curve *c, const struct ssd_phase *p) {
    size_t a = p->first, b = p->last + 1, n = b - a;
    if (n < 8)
        return 0;
    double icpt, slope = ssd__fit_line(c, a, b, &icpt);
    double fall = -slope * (double)(n - 1);
    if (fall < log(SLIDE_MIN_FALL))
        return 0; /* (before the noise: its median is the costly part) */
    double se = ssd__curve_noise(c, a, b) * sqrt(12.0 / (double)n);
    return fall >= 4 * se ? fall : 0;
}

int ssd__slides_down(const struct ssd__curve *c, const struct ssd_phase *p) {
    return ssd__slide_of(c, p) > 0;
}

/* Whether phase j is the first lasting level after the run's first phase
 * (every phase between shorter than a lasting phase: the drop's
 * transition). The clean-room veto above reads only that level: clean
 * blocks run at one speed until they run out, so a fast start of clean
 * blocks is followed by the used state, not by direct writes and a
 * folding step first. A dynamic cache rebuilt from the free space after a
 * partial write is (400 GB of 4K random writes on a 1 TB drive, 15 min
 * idle, then a fill: 180 GiB of cache, direct writes to 304 GiB, folding
 * to 665 GiB, then GC); the run outlasts the clean blocks there because
 * the used state comes after all three, and the veto, reached at the used
 * state's phase once direct writes and folding had been passed over,
 * called the cache clean blocks: "no SLC cache". */
int ssd__first_level_after(const struct ssd__curve *c, size_t j) {
    for (size_t k = 1; k < j; k++)
        if (c->ph[k].last - c->ph[k].first + 1 >= c->min_len)
            return 0;
    return 1;
}

/* Whether y[a, b) falls through itself: its fitted line falls by 10 %
 * or more (as slide_of reads a phase that slides) and the median of its
 * second half lies below that of its first by 3 % or more (GC dips at one
 * end of a level tilt a line, not the medians). A level (direct writes,
 * folding) is flat whatever its noise and dips; GC taking more and more
 * slides. */
int ssd__falls_through(const struct ssd__curve *c, size_t a, size_t b) {
    if (b < a + 6)
        return 0;
    double icpt, slope = ssd__fit_line(c, a, b, &icpt);
    if (-slope * (double)(b - a - 1) < log(SLIDE_MIN_FALL))
        return 0;
    size_t h = (b - a) / 2;
    double m1 = ssd__level_of(c, a, a + h);
    return m1 - ssd__level_of(c, b - h, b) >= log(FALL_HALVES_MIN);
}

/* The best split of y[a, b) into two levels, the first [a, k) with k in
 * [kmin, kmax]: returns k (0 when there is no room), the levels' medians
 * in *l1 and *l2 and the squared error it saves against one level in
 * *gain. */
size_t ssd__two_levels(const struct ssd__curve *c, size_t a, size_t b, size_t kmin, size_t kmax,
                       double *l1, double *l2, double *gain) {
    double best = INFINITY, s1 = 0, ss1 = 0, st = 0, sst = 0;
    size_t arg = 0;
    for (size_t i = a; i < b; i++) {
        st += c->y[i];
        sst += c->y[i] * c->y[i];
    }
    for (size_t k = a + 1; k < b && k <= kmax; k++) {
        s1 += c->y[k - 1];
        ss1 += c->y[k - 1] * c->y[k - 1];
        if (k < kmin)
            continue;
        double m1 = (double)(k - a), m2 = (double)(b - k);
        double sse = ss1 - s1 * s1 / m1 + (sst - ss1) - (st - s1) * (st - s1) / m2;
        if (sse < best) {
            best = sse;
            arg = k;
        }
    }
    if (!arg)
        return 0;
    *gain = sst - st * st / (double)(b - a) - best;
    *l1 = ssd__level_of(c, a, arg);
    *l2 = ssd__level_of(c, arg, b);
    return arg;
}

/* Whether y[a, b) is a flat level (4 samples or more, each within half of
 * min_step of their median): a regime's own rate (folding, direct writes),
 * not the used state, which scatters, nor a transition into it, which
 * moves. */
int ssd__flat_level(const struct ssd__curve *c, double min_step, size_t a, size_t b) {
    if (b < a + 4)
        return 0;
    double m = ssd__level_of(c, a, b);
    for (size_t i = a; i < b; i++)
        if (fabs(c->y[i] - m) >= 0.5 * log(min_step))
            return 0;
    return 1;
}

/* ssd__flat_level's test on the 3 samples from a: each within half of
 * min_step of their median. */
int ssd__flat3(const struct ssd__curve *c, double min_step, size_t a) {
    double m = ssd__median3(c->y[a], c->y[a + 1], c->y[a + 2]);
    for (size_t i = a; i < a + 3; i++)
        if (fabs(c->y[i] - m) >= 0.5 * log(min_step))
            return 0;
    return 1;
}

double ssd__median3(double a, double b, double c) {
    return fmax(fmin(a, b), fmin(fmax(a, b), c));
}

/* The sample where a gradual decline starts, between the middle of the
 * phase before the onset phase (g0 its first sample) and the middle of the
 * onset phase ([g0, b)): the split of y[a, b) into a level and a line
 * that fits best. The used state's speed falls smoothly from
 * the fresh level, so the segmentation puts the boundary where the fall
 * has become a step, well after it began (SSD370: 12% late). */
size_t ssd__knee(const struct ssd__curve *c, size_t a, size_t lo, size_t g0, size_t b,
                 size_t min_len) {
    /* The sums over [a, a + kk) run along with k (they were prefix arrays
     * of the whole range, 24 MB of fresh pages on a million samples, for
     * values read once each in this order); the same additions in the same
     * order, so the same doubles. */
    size_t n = b - a, best_k = g0;
    double ty = 0, tix = 0, tyy = 0;
    for (size_t i = 0; i < n; i++) {
        double v = c->y[a + i];
        ty = ty + v;
        tix = tix + (double)i * v;
        tyy = tyy + v * v;
    }
    size_t hi = g0 + (b - g0) / 2;
    if (lo < a + min_len)
        lo = a + min_len;
    double best = INFINITY, sy = 0, six = 0, syy1 = 0;
    size_t done = 0; /* the sums hold [a, a + done) */
    for (size_t k = lo; k <= hi && k + min_len <= b; k++) {
        /* A level over [a, k), a line of its own over [k, b): a step
         * into the decline (AS510S halves its speed) and a gentle start
         * (SSD370) alike. */
        size_t kk = k - a;
        for (; done < kk; done++) {
            double v = c->y[a + done];
            sy = sy + v;
            six = six + (double)done * v;
            syy1 = syy1 + v * v;
        }
        double m1 = (double)kk, m = (double)(b - k);
        double s1 = sy, flat = syy1 - s1 * s1 / m1;
        double s2 = ty - sy, ss2 = tyy - syy1;
        double sx = m * (m - 1) / 2, sxx = (m - 1) * m * (2 * m - 1) / 6;
        double sxy = (tix - six) - (double)kk * s2;
        double vx = sxx - sx * sx / m, vy = ss2 - s2 * s2 / m, cxy = sxy - sx * s2 / m;
        double sse = flat + (vx > 0 ? vy - cxy * cxy / vx : vy);
        if (sse < best) {
            best = sse;
            best_k = k;
        }
    }
    return best_k;
}

/* Where a used state that slides down from the level before it started,
 * given k, the start of its line (knee): from k back towards lo, while the
 * median of the w samples before is below the level before (the median of
 * y[a, lo)) by 5 % or more, the slide had begun. GC's cost grows as the
 * clean blocks run out, so the speed leaves the fresh level gently, and
 * the fits (a level, then a step or a line over the whole decline, steep
 * at first and flat later) put the start where the fall has become steep:
 * 1276, then 1204, 1107 and 987 MiB/s, then 622 (a fresh drive's WSAT,
 * 5-s samples: the onset 6.5 % late). On a fresh drive only, from lo
 * (where the capacity had been written: no used state before it), against
 * the fresh level before it; a used drive's fast start is a few GiB of
 * clean blocks, too short for a level its GC dips do not move, and they
 * run out in a step. w: 5 samples or more, so that a
 * GC dip of one or two samples in the fresh level is no slide, and at
 * most 64; the walk goes back at most 4 lasting phases. The onset is then
 * where the slide has become most of a window (up to w / 2 samples late:
 * earlier, one or two GC dips just before the onset were read as its
 * start). */
size_t ssd__slide_start(const struct ssd__curve *c, size_t a, size_t lo, size_t k) {
    size_t w = c->min_len / 8 > 5 ? c->min_len / 8 : 5;
    if (w > 64)
        w = 64;
    if (lo < a + w || k < lo + w)
        return k;
    double yl = ssd__level_of(c, a, lo);
    size_t j = k, stop = k > lo + w + 4 * c->min_len ? k - 4 * c->min_len : lo + w;
    while (j >= stop) {
        if (ssd__level_of(c, j - w, j) > yl - log(LEVEL_LEFT_MIN))
            break;
        j--;
    }
    return j;
}

/* The sample in [lo, hi) where the speed's scatter from one sample to the
 * next jumps: the best split of the squared differences of y over
 * [from, hi) into two variances (n1 ln v1 + n2 ln v2, least), at lo or
 * later, with the ratio of the noise after to the noise before in *jump (0
 * when there is no room). A drive whose used state scatters the speed 2x
 * from one second to the next (GC reclaiming blocks of uneven garbage)
 * starts it where the scatter jumps, often at about the folding level
 * before it, so a change of level does not show it (the NVMe drives of
 * the sweep: 5-20% late). The quiet stretch before lo (the fresh state
 * before the capacity had been written) counts on the quiet side: a used
 * state that starts a few samples after the capacity (spare area of a few
 * GiB at 2.7 GB/s) left too few samples between the two for a quiet side
 * of a lasting phase, and its start was placed where the chaos thickened,
 * 25% late. */
size_t ssd__scatter_onset(const struct ssd__curve *c, size_t from, size_t lo, size_t hi,
                          size_t min_len, double *jump) {
    *jump = 0;
    if (from < 1)
        from = 1;
    if (lo < from + (min_len + 1) / 2)
        lo = from + (min_len + 1) / 2;
    if (hi < lo + min_len + 2)
        return lo;
    /* Running sums of the squared differences (a prefix array of them was
     * 8 MB of fresh pages on a million samples): the same additions in the
     * same order. */
    size_t n = hi - from;
    double total = 0;
    for (size_t i = 0; i < n; i++) {
        double d = c->y[from + i] - c->y[from + i - 1];
        total = total + d * d;
    }
    double best = INFINITY, sk = 0;
    size_t arg = lo, done = 0; /* sk: the sum of the first done */
    for (size_t k = lo - from; k + min_len <= n; k++) {
        for (; done < k; done++) {
            double d = c->y[from + done] - c->y[from + done - 1];
            sk = sk + d * d;
        }
        double v1 = sk / (double)k + 1e-12, v2 = (total - sk) / (double)(n - k) + 1e-12;
        double cost = (double)k * log(v1) + (double)(n - k) * log(v2);
        if (cost < best) {
            best = cost;
            arg = from + k;
            *jump = sqrt(v2 / v1);
        }
    }
    return arg;
}

/* Robust per-sample noise of y[a, b) (1.4826 MAD of the differences /
 * sqrt 2), not floored at the run's: a quiet level beside the used state's
 * chaos is compared with it, and the chaos sets the run's noise. */
double ssd__quiet_noise(const struct ssd__curve *c, size_t a, size_t b) {
    if (b < a + 3)
        return INFINITY;
    return 1.4826 * ssd__diff_median(c, a, b) / sqrt(2.0);
}

/* Whether the speed ever fell lastingly below the first level (by
 * min_drop, the drop a cache's end must make). */
int ssd__dropped_below_first(const struct ssd__curve *c, const struct ssd__analysis_opts *o) {
    for (size_t j = 1; j < c->nph; j++)
        if (c->ph[j].level_bps * o->min_drop < c->ph[0].level_bps)
            return 1;
    return 0;
}
