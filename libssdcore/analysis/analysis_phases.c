/* analysis_phases.c - from the log-rate signal to phases: exact PELT (on
 * blocks first, then refined at sample resolution, for very long series),
 * then clean-up passes that fold transients (dips, stalls, short bursts)
 * into their neighbours and merge neighbours closer than min_step. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"
#include "regimes.h"
#include "segment.h"

/* Moves a block-level boundary e (between means ma and mb) to the sample
 * inside (lo, hi) that minimises the two-level squared error. */
static size_t refine_boundary(const double *y, size_t lo, size_t e, size_t hi, double ma,
                              double mb) {
    /* cost(s) = sum_{lo<=i<s} (y-ma)^2 + sum_{s<=i<hi} (y-mb)^2; scan s. */
    double cost = 0;
    for (size_t i = lo; i < hi; i++)
        cost += (y[i] - mb) * (y[i] - mb);
    double best = INFINITY;
    size_t arg = e;
    for (size_t s = lo; s <= hi; s++) {
        if (s > lo) {
            double v = y[s - 1];
            cost += (v - ma) * (v - ma) - (v - mb) * (v - mb);
        }
        if (s > lo && s < hi && cost < best) {
            best = cost;
            arg = s;
        }
    }
    return arg;
}

/* The fewest samples own_sigma reads a noise from (fewer: the run's). */
#define AFTER_NOISE_SAMPLES 8

/* Robust per-sample noise of y[a, b): 1.4826 MAD of the differences /
 * sqrt 2 (a trend barely moves it); the run's when there are too few. */
static double own_sigma(struct ssd__curve *c, size_t a, size_t b) {
    if (b < a + AFTER_NOISE_SAMPLES)
        return c->sigma;
    double s = 1.4826 * ssd__diff_median(c, a, b) / sqrt(2.0);
    return s > 0.005 ? s : 0.005;
}

/* The scatter of y[a, b) about its level from its samples at or above
 * their median only (1.4826 times their median distance from it): GC dips
 * sit below a level, so they widen own_sigma's differences but leave the
 * upper half as it is; the run's noise when there are too few samples. */
static double upper_sigma(struct ssd__curve *c, size_t a, size_t b) {
    if (b < a + AFTER_NOISE_SAMPLES)
        return c->sigma;
    memcpy(c->scratch, c->y + a, (b - a) * sizeof *c->y);
    double med = ssd__median(c->scratch, b - a);
    size_t m = 0;
    for (size_t i = a; i < b; i++)
        if (c->y[i] >= med)
            c->scratch[m++] = c->y[i] - med;
    double s = 1.4826 * ssd__median(c->scratch, m);
    return s > 0.005 ? s : 0.005;
}

/* Whether a spread of `spread` (log) among the samples before a split at
 * arg is no wider than the dips of the segment after it, y[arg, e1): its
 * median over its lowest sample, with min_len samples or more to show
 * them. A fresh drive's periodic GC slows the cache as it slows the
 * direct writes after it: a cache sample in one of its dips is still the
 * cache's level (seed 89's drive 131, fresh WSAT: 2763 and 2382 MiB/s,
 * the drop's 2100, then direct writes at 1423 dipping to 1200; the two
 * 1.16x apart were no level, "cache of 30.83 GiB missed"; so 101's drive
 * 136, 2287 then 2744, and 163's drive 171, 2744 with a dip to 1980 in
 * 33 samples). A slide or the drop's mixed sample spreads wider than a
 * quiet level's dips, and stays no level. */
static int within_own_dips(struct ssd__curve *c, double spread, size_t arg, size_t e1) {
    if (e1 < arg + c->min_len)
        return 0;
    double lo = INFINITY;
    for (size_t i = arg; i < e1; i++)
        lo = fmin(lo, c->y[i]);
    memcpy(c->scratch, c->y + arg, (e1 - arg) * sizeof *c->y);
    double med = ssd__median(c->scratch, e1 - arg);
    return spread <= med - lo;
}

/* A short cache at the start judged at its own noise: the best split of
 * the first segment near its start (after `from` samples or more, within
 * `reach`), kept when it pays the penalty, at the noise of the first
 * segment itself when what follows the split lasts. With `level`, only
 * when the samples before the split are one level (within min_step of
 * each other). st[0..count] as segment() fills it; returns the new
 * count. */
static size_t first_split(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t *st,
                          size_t count, double beta, size_t from, size_t reach, int level) {
    size_t n = c->n;
    /* A change inside the first block or two (a cache of a few seconds at
     * the start of a long run: 7 samples of an 8-sample block) leaves the
     * block means almost untouched, so it is looked for at sample
     * resolution: the best split of the first segment near its start,
     * kept when it pays the penalty. */
    /* The search reaches two lasting phases: a short cache carved up by a
     * deep dip (8 fast samples, 3 in a dip, 5 fast again) otherwise ends
     * at the dip, and the five after it make the rest look like no drop. */
    size_t e1 = st[1], lim = reach < e1 ? reach : e1 - 1;
    double s_all = 0, q_all = 0;
    for (size_t i = 0; i < e1; i++) {
        s_all += c->y[i];
        q_all += c->y[i] * c->y[i];
    }
    double base = q_all - s_all * s_all / (double)e1, s1 = 0, q1 = 0, best = 0;
    size_t arg = 0;
    for (size_t k = 1; k <= lim; k++) {
        s1 += c->y[k - 1];
        q1 += c->y[k - 1] * c->y[k - 1];
        double m2 = (double)(e1 - k), s2 = s_all - s1;
        double sse = q1 - s1 * s1 / (double)k + (q_all - q1) - s2 * s2 / m2;
        if (k >= from && base - sse > best) {
            best = base - sse;
            arg = k;
        }
    }
    /* ... at the noise of the first segment itself when what follows the
     * split lasts: the run's noise may be a chaotic used state's (GC
     * scatters the speed 2x from one second to the next for most of a
     * 2-hour run), which no 3-second cache at the start could pay
     * against. (A split before a dip of a sample or two is no cache's end
     * and is judged at the run's noise.) */
    if (level && arg) {
        /* (The last sample before the split may be the drop's mixed
         * sample: below the level of those before it, above the mean of
         * those after the split. Counted in that level, a cache that ends
         * part way through its last sample was no level: seed 127's drive
         * 183, fresh WSAT, 2886, 2879, 2881, 2867, then 2353 and direct
         * writes at 1850, "cache: none found" for the model's 60 GiB.) */
        /* (So may the first sample be a slow start below the level after
         * it, a GC dip or the job's ramp: seed 53's drive 53, fresh WSAT,
         * 1912, then 2868, 2889, 2786, 2173 and direct writes at 1604,
         * "cache: none found" for 61 GiB. Round 40: with three samples
         * before the split too, the third then the drop's own, left out
         * of the test below when it is: seed 151's drive 8, fresh WSAT,
         * 1858, 2627, 2744, then direct writes at 1850-1950 with GC dips,
         * "cache of 37.00 GiB missed".) */
        size_t i0 = arg >= 3 && c->y[0] < c->y[1] && (arg == 3 || c->y[0] < c->y[2]) ? 1 : 0;
        double lo = c->y[i0], hi = c->y[i0], after = 0;
        for (size_t i = i0 + 1; i + 1 < arg; i++) {
            lo = fmin(lo, c->y[i]);
            hi = fmax(hi, c->y[i]);
        }
        for (size_t i = arg; i < e1; i++)
            after += c->y[i];
        after /= (double)(e1 - arg);
        double last = c->y[arg - 1];
        if (!(arg >= 3 && last < lo && last > after)) {
            lo = fmin(lo, last);
            hi = fmax(hi, last);
        }
        /* (Round 44: on a fresh drive, no wider than the direct writes'
         * own dips is one level still: within_own_dips.) */
        if (hi - lo >= log(o->min_step) &&
            !(o->written_before_bytes == 0 && within_own_dips(c, hi - lo, arg, e1)))
            return count;
    }
    double beta0 = beta;
    if (arg && best <= beta && e1 - arg >= c->min_len) { /* (a median: only when it matters) */
        double s0 = own_sigma(c, 0, e1);
        /* (Round 44: on a fresh drive, with two samples or more before the
         * split, at the upper half's noise of the segment after it when
         * that is less (upper_sigma): GC dips only slow the direct writes,
         * and the differences' noise they carve is no scatter a drop must
         * beat, as in merge_close. Seed 89's drive 186, fresh WSAT: 2112
         * (a dip), 2678, the drop's 1531, then direct writes at 1797
         * dipping every few samples, "cache of 25.22 GiB missed"; 229's
         * drive 8, 1746, 1413, 1277, then 1027 with dips to 805. A single
         * sample is the cache test's, against the p99 of the rest: split
         * off at that noise, a first sample a dip of the cache's end made
         * slow read as a cache inside it, 2.62 GiB for 7.72, and moved
         * another run's onset.) */
        if (o->written_before_bytes == 0 && arg >= 2)
            s0 = fmin(s0, upper_sigma(c, arg, e1));
        beta0 = o->penalty * s0 * s0 * log((double)n);
    } else if (arg && best <= beta && !level && o->written_before_bytes == 0 &&
               arg + c->min_len <= n) {
        /* Round 40: ... and so is one on a fresh drive that a lasting phase
         * after the split holds, the segment shorter (a block segmentation's
         * first boundary may fall a few samples past the split, the same
         * level beyond it), the noise then that of the first segment and
         * those min_len samples. The drop lasts: none of them climbs back
         * halfway to the level before the split (a cache carved by GC dips
         * would be cut at its first dip: seed 11's drive 93, fresh 2
         * hours), and the min_phase_samples after the drop's own sample
         * are at that level (within min_step): a GC dip at the cache's
         * end sits between the two levels (the small sweep's seed 2026
         * drive 39, fresh 2 hours: 1891-1934 MiB/s, a dip at 1031-1088
         * for 3 samples holding the end, then 687; split before the dip,
         * 12.38 GiB for 16.34). Seed 47's drive 119, fresh 2 hours:
         * 2762, 2801 and the drop's 2407 MiB/s, then 1320-1370 for 500
         * GiB; the first segment 25 samples, the split after the third
         * 1.198 against the run's penalty of 1.219, "cache of 7.42 GiB
         * missed". */
        size_t e = arg + c->min_len;
        double after = ssd__level_of(c, arg, e), before = ssd__level_of(c, 0, arg);
        int back = 0;
        for (size_t i = arg; i < e; i++)
            back |=
                c->y[i] >= 0.5 * (before + after) || (i > arg && i <= arg + o->min_phase_samples &&
                                                      fabs(c->y[i] - after) >= log(o->min_step));
        if (!back && ssd__holds_level(c, o, arg, e, after)) {
            double s0 = own_sigma(c, 0, e);
            beta0 = o->penalty * s0 * s0 * log((double)n);
        }
    }
    if (arg && best > (beta0 < beta ? beta0 : beta) && count < n) {
        memmove(st + 2, st + 1, count * sizeof *st);
        st[1] = arg;
        count++;
    }
    return count;
}

/* Fills st[0..k] (segment starts, st[k] = n); returns k or a negative code. */
static long segment(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t *st) {
    size_t n = c->n;
    double var = c->sigma * c->sigma;
    double beta = o->penalty * var * log((double)n);
    size_t count = 0;
    int rc;
    if ((double)n <= o->exact_limit) {
        rc = ssd__pelt_l2(c->y, n, beta, 1, st + 1, n, &count);
        if (rc)
            return rc;
        st[0] = 0;
        /* (A short run is exact at the run's noise, but that noise may be
         * a chaotic used state's too: WSAT's 142 samples of 5 s, a 3-sample
         * cache at 2.9 GB/s, 6 of direct writes at 1.9 and the used
         * state's 2x scatter, read as one 111 GiB cache. A first sample
         * alone too: a cache that ended inside it left the first segment
         * one level at the run's noise, and the cache test, which judges
         * such a sample against the p99 of the rest (step 6), never saw
         * it: seed 223's drive 39, fresh WSAT, 2288 MB/s, then direct
         * writes flat at 1394, "no phase boundary" at the 10 GiB cache's
         * end; seed 269's drive 171, 2646 then 1108. One the test does
         * not take for a cache joins the phase after it again, analyse.
         * On a fresh drive only: after a fill, a first sample faster than
         * what follows is read as clean blocks or a cache, and left to the
         * used-state rules, which say it is undecided.) */
        return (long)first_split(c, o, st, count, beta, o->written_before_bytes == 0 ? 1 : 2,
                                 2 * c->min_len, 1);
    }
    /* PELT's pruning fails inside long change-free stretches (every split of
     * a homogeneous run lowers its cost, so no candidate is dropped) and the
     * run time turns quadratic; on ~exact_limit/2 block means it stays a few
     * milliseconds, and the refinement below restores sample resolution. */
    size_t target = (size_t)(o->exact_limit / 2);
    size_t bs = (n + target - 1) / target;
    size_t nb = (n + bs - 1) / bs;
    double *yb = malloc(nb * sizeof *yb);
    size_t *eb = malloc(nb * sizeof *eb);
    if (!yb || !eb) {
        free(yb);
        free(eb);
        return SSD_ENOMEM;
    }
    for (size_t j = 0; j < nb; j++) {
        size_t a = j * bs, b = a + bs < n ? a + bs : n;
        double s = 0;
        for (size_t i = a; i < b; i++)
            s += c->y[i];
        yb[j] = s / (double)(b - a);
    }
    rc = ssd__pelt_l2(yb, nb, o->penalty * var / (double)bs * log((double)n), 1, eb, nb, &count);
    if (rc) {
        free(yb);
        free(eb);
        return rc;
    }
    st[0] = 0;
    for (size_t k = 0; k < count; k++)
        st[k + 1] = eb[k] * bs < n ? eb[k] * bs : n;
    /* Exact where it matters: each change moves to its best sample within
     * one block either side, given the levels of the blocks around it. */
    for (size_t k = 1; k < count; k++) {
        size_t e = st[k];
        size_t lo = e - bs > st[k - 1] ? e - bs : st[k - 1] + 1;
        size_t hi = e + bs < st[k + 1] ? e + bs : st[k + 1] - 1;
        if (hi <= lo + 1)
            continue;
        size_t a0 = k >= 2 ? eb[k - 2] : 0, a1 = eb[k - 1], a2 = eb[k];
        double ma = 0, mb = 0;
        for (size_t j = a0; j < a1; j++)
            ma += yb[j];
        for (size_t j = a1; j < a2; j++)
            mb += yb[j];
        ma /= (double)(a1 - a0);
        mb /= (double)(a2 - a1);
        st[k] = refine_boundary(c->y, lo, e, hi, ma, mb);
    }
    free(yb);
    free(eb);
    size_t reach = 2 * bs > 2 * c->min_len ? 2 * bs : 2 * c->min_len;
    count = first_split(c, o, st, count, beta, 1, reach, 0);
    return (long)count;
}

/* Removes the boundaries marked in drop[] (drop[j]: the start of segment j,
 * j >= 1). A segment that grew has its level (and noise) marked stale for
 * relevel; the others keep theirs. */
static void compact(struct ssd__curve *c, size_t *st, double *lev, size_t *k,
                    const unsigned char *drop) {
    size_t w = 1;
    for (size_t j = 1; j < *k; j++) {
        if (!drop[j]) {
            st[w] = st[j];
            lev[w] = lev[j];
            if (c->segsig)
                c->segsig[w] = c->segsig[j];
            w++;
        } else {
            lev[w - 1] = NAN;
            if (c->segsig)
                c->segsig[w - 1] = -1;
        }
    }
    st[w] = st[*k];
    *k = w;
}

enum { SORTED_RUN_MAX = 64 }; /* longer new segments are selected, not sorted */

/* The median of a sorted v[0, n): ssd__median's value, its very operands. */
static double sorted_median(const double *v, size_t n) {
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2] + v[n / 2 - 1]);
}

/* A sorted run of y[a, b) in segys (insertion sort: it is short). */
static void sort_run(struct ssd__curve *c, size_t a, size_t b) {
    double *v = c->segys;
    for (size_t i = a; i < b; i++) {
        double x = c->y[i];
        size_t j = i;
        for (; j > a && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
    memset(c->segrun + a, 0, b - a);
    c->segrun[a] = 1;
}

/*
 * The level (median log-rate) of segment [a, b) after merges. The clean-up
 * passes merge a segment with a neighbour or two, again and again: on a
 * chaotic run segmented into a thousand short pieces, selecting each merged
 * segment's median afresh went over its samples a dozen times. Segments
 * that began short keep their values sorted (segys), and a merge of sorted
 * runs is a linear merge; a segment with a long unsorted part is selected
 * as before. The same median either way (the middle values of the same
 * multiset).
 */
static double segment_level(struct ssd__curve *c, size_t a, size_t b) {
    unsigned char *run = c->segrun;
    if (!run)
        return ssd__level_of(c, a, b);
    int sorted = 1;
    for (size_t i = a; i < b && sorted; i++)
        sorted = run[i] != 2;
    if (!sorted) {
        if (b - a <= SORTED_RUN_MAX) {
            sort_run(c, a, b);
            return sorted_median(c->segys + a, b - a);
        }
        memset(run + a, 0, b - a);
        run[a] = 2;
        return ssd__level_of(c, a, b);
    }
    return ssd__sorted_runs_median(c->segys, run, c->scratch, a, b);
}

double ssd__sorted_runs_median(double *v, unsigned char *run, double *tmp, size_t a, size_t b) {
    /* Merge the runs left to right: [a, e1) is sorted, [e1, e2) the next. */
    size_t e1 = a + 1;
    while (e1 < b && !run[e1])
        e1++;
    while (e1 < b) {
        size_t e2 = e1 + 1;
        while (e2 < b && !run[e2])
            e2++;
        size_t i = a, j = e1, w = 0;
        while (i < e1 && j < e2)
            tmp[w++] = v[j] < v[i] ? v[j++] : v[i++];
        while (i < e1)
            tmp[w++] = v[i++];
        while (j < e2)
            tmp[w++] = v[j++];
        memcpy(v + a, tmp, w * sizeof *v);
        run[e1] = 0;
        e1 = e2;
    }
    run[a] = 1;
    return sorted_median(v + a, b - a);
}

/* Levels of the segments marked stale (NaN); a segment's noise is computed
 * when merge_close first needs it. */
static void relevel(struct ssd__curve *c, const size_t *st, double *lev, size_t k) {
    for (size_t j = 0; j < k; j++)
        if (isnan(lev[j]))
            lev[j] = segment_level(c, st[j], st[j + 1]);
}

/* Whether the speed holds at level lev through y[a, b): three quarters of
 * its samples or more within min_step of it (a level, not the mixed
 * samples of a drop). */
int ssd__holds_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                     size_t b, double lev) {
    size_t in = 0;
    for (size_t i = a; i < b; i++)
        in += fabs(c->y[i] - lev) < log(o->min_step);
    return 4 * in >= 3 * (b - a);
}

/* How far the speed's log-linear trend through y[a, b) moves over its
 * length (in log). */
static double trend_span(const struct ssd__curve *c, size_t a, size_t b) {
    double icpt;
    return fabs(ssd__fit_line(c, a, b, &icpt)) * (double)(b - a);
}

/* Whether a fresh run starts with two quiet levels [a, m) and [m, b), a
 * step (min_step) but under min_drop apart, then a further step down: a
 * dynamic cache whose direct writes run close to its speed, then its
 * folding (seed 47's drive 1, WSAT: 2743 MiB/s flat for 17 samples, 2340
 * to 1 % for 21, then folding at 1580, read as one 474 GiB cache for the
 * model's 228). Each level lasts (min_len), holds (ssd__holds_level) with
 * its halves' medians within a quarter of the step (medians: the
 * segmentation may place the step a few samples early, and the cache's
 * samples left in the second level must not read as a trend), and the step is
 * QUIET_STEP_SIGMAS of either level's own noise or more: a static cache
 * that slows as it ends slides, and a first phase's wander between levels
 * is within its noise. The merge of close neighbours judges the pair at
 * the run's noise, which a used state later in the run makes large; and
 * the cache test asks min_drop of a drop. */
#define QUIET_STEP_SIGMAS 12.0
int ssd__quiet_first_step(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                          size_t m, size_t b) {
    if (o->written_before_bytes != 0 || m < a + c->min_len || b < m + c->min_len ||
        b + c->min_len > c->n)
        return 0;
    double la = ssd__level_of(c, a, m), lb = ssd__level_of(c, m, b), d = la - lb;
    if (!(d >= log(o->min_step) && d < log(o->min_drop)))
        return 0;
    if (lb - ssd__level_of(c, b, b + c->min_len) < log(o->min_step))
        return 0;
    /* (The further step before the capacity has been written: one after
     * it is the used state's onset, and a step before that may be a
     * static cache's slight end, its direct writes to the capacity;
     * the used-state rules read such a reference's slight step:
     * a_reference_s_one_slight_step_is_its_cache_s_end.) */
    if (c->capacity > 0 && !(c->cum[b] < GC_MIN_CAPACITY_SHARE * c->capacity))
        return 0;
    double sa = own_sigma(c, a, m), sb = own_sigma(c, m, b);
    if (d < QUIET_STEP_SIGMAS * (sa > sb ? sa : sb))
        return 0;
    size_t ha = a + (m - a) / 2, hb = m + (b - m) / 2;
    return ssd__holds_level(c, o, a, m, la) && ssd__holds_level(c, o, m, b, lb) &&
           4 * fabs(ssd__level_of(c, a, ha) - ssd__level_of(c, ha, m)) < d &&
           4 * fabs(ssd__level_of(c, m, hb) - ssd__level_of(c, hb, b)) < d;
}

/* Whether [a, b) is a quiet level a step between its neighbours: at
 * least 2 x min_phase_samples long, a min_drop below the level before it
 * (before_lv, log) and above the speed of the lasting phase after it,
 * holding its level (lv, log) flat (its halves' medians within half a
 * step: a trend the end samples, which may mix the levels either side,
 * do not sway), and less than half as noisy as the samples after it. */
static int quiet_step(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a, size_t b,
                      double before_lv, double lv) {
    double step = log(o->min_drop);
    if ((double)(b - a) < 2 * o->min_phase_samples || b + c->min_len > c->n)
        return 0;
    if (!(before_lv - lv >= step && lv - ssd__level_of(c, b, b + c->min_len) >= step))
        return 0;
    size_t m = a + (b - a) / 2;
    if (!ssd__holds_level(c, o, a, b, lv) ||
        2 * fabs(ssd__level_of(c, a, m) - ssd__level_of(c, m, b)) >= log(o->min_step))
        return 0;
    return 2 * own_sigma(c, a, b) < own_sigma(c, b, b + c->min_len);
}

/*
 * A fresh drive's folding once its capacity has been written: [a, b), on a
 * drive with nothing written before the run and a known capacity, starting
 * once the capacity has been written (GC_MIN_CAPACITY_SHARE of it), a quiet
 * level a step below the speed before it and above the speed after it
 * (quiet_step). A dynamic cache shrinks as the drive fills and is folded
 * into the native blocks when the drive is full, before GC must run; it
 * folds at the flash's program rate, one quiet level, while GC's speed
 * scatters with how much valid data each victim block holds. A cache that
 * wrote at the direct writes' speed is invisible (no drop ends it), but
 * its folding is not: seed 101's drive 147 in the used-drive sweep, fresh,
 * 2 hours: 2.73 GB/s to 272 GiB of a 288 GB drive, folding at 1.55 GB/s
 * for 34 s (noise 2 %), then GC scattering 0.2-1.2 GB/s (noise 60 %). A
 * lasting phase is 72 samples of that run, and the folding went into the
 * used state, read from 272 GiB "falling from 487 MiB/s". A static cache
 * never folds, and a drive without a cache goes from its direct writes
 * into GC, whose first samples scatter.
 */
int ssd__fold_at_capacity(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                          size_t b, double before_lv, double lv) {
    if (o->written_before_bytes > 0 || !(c->capacity > 0) ||
        c->cum[a] < GC_MIN_CAPACITY_SHARE * c->capacity)
        return 0;
    return quiet_step(c, o, a, b, before_lv, lv);
}

/* A fresh drive's run that began inside one of its GC dips (nothing
 * written before it): a first sample the dip began in, between the dip's
 * speed and the cache's, then the dip, shorter than a lasting phase and a
 * step below both, then the cache again for no fewer samples than the dip.
 * The first sample and the dip are the cache's start, written into it as
 * the model has it; left apart, the first sample was kept as the "short
 * cache" and the cache after the dip, shorter than a lasting phase of a
 * long run, went into the direct writes after it: seed 137's drive 180,
 * the random fill of a fresh 1249 GB drive: 319 MB/s for 1 s, 4 samples
 * at 220, then 408 with one dip to 19.5 GiB, then 202 for 6,577 s (a
 * lasting phase 67 samples), "no cache"; seed 193's drive 16: 296 MB/s,
 * 2 samples at 140, 23 at 412 to 9.65 GiB, then 163. Later runs of the
 * drive read against that log as a reference missed their cache. */
static int start_in_dip(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                        const size_t *st, const double *lev, size_t k) {
    double lim = log(o->min_step);
    if (o->written_before_bytes > 0 || k < 3 || st[1] != 1)
        return 0;
    size_t dip = st[2] - st[1];
    return dip < c->min_len && st[3] - st[2] >= dip && lev[0] - lev[1] >= lim &&
           lev[2] - lev[1] >= lim && lev[2] >= lev[0] - lim;
}

/* Short segments are not phases: each joins its closer-level neighbour. The
 * first segment stays when it is above the next (it may be a short cache). */
static int fold_transients(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t *st,
                           double *lev, size_t *k, unsigned char *drop) {
    int changed = 0;
    memset(drop, 0, *k + 1);
    for (size_t j = 0; j<*k && * k> 1; j++) {
        size_t len = st[j + 1] - st[j];
        if (len >= c->min_len)
            continue;
        if (j == 0) {
            if (lev[0] < lev[1] || len < 1) {
                drop[1] = 1;
                changed = 1;
                /* A slower start (min_step below) before a possible cache
                 * (min_drop above the segment after it): the cache is
                 * judged next pass, with the start taken in. Judged now
                 * against the start's stale level, a short cache (2
                 * samples at 143 MiB/s, 9 at 391, then 173 for hours)
                 * looked closer to the slower level after it and joined
                 * it in the same pass, start, cache and all. */
                if (*k > 2 && lev[1] - lev[0] >= log(o->min_step) &&
                    lev[1] - lev[2] >= log(o->min_drop))
                    j++;
            } else if (start_in_dip(c, o, st, lev, *k)) {
                drop[1] = drop[2] = 1;
                changed = 1;
                j += 2;
            }
            continue;
        }
        if (j == *k - 1) {
            drop[j] = 1;
            changed = 1;
            continue;
        }
        /* A step of a staircase down (or up) that lasts half a lasting
         * phase and stands min_drop from both lasting neighbours is a
         * level of its own, not a transient: the direct writes between a
         * short cache and folding (68 samples at 594 MiB/s, between 2744
         * and 339, in a 7,200-sample run). A dip sits below both, a drop's
         * mixed samples last one or two, a cluster of dips at the end of a
         * cache a few (hence at least twice min_phase_samples as well). */
        double step = log(o->min_drop);
        if (2 * len >= c->min_len && (double)len >= 2 * o->min_phase_samples &&
            st[j + 2] - st[j + 1] >= c->min_len && (j == 1 || st[j] - st[j - 1] >= c->min_len) &&
            ((lev[j - 1] - lev[j] >= step && lev[j] - lev[j + 1] >= step) ||
             (lev[j] - lev[j - 1] >= step && lev[j + 1] - lev[j] >= step)))
            continue;
        /* ... and so is a shorter one right after a short cache on a fresh
         * drive (nothing written before the run), when it holds a quiet
         * level: a dynamic cache's direct writes between the cache and
         * its folding last as long as the clean blocks the cache left,
         * which may be seconds (seed 191's drive 72, 2 hours: 18 samples
         * at 2870 MB/s, 29 at 950, then folding at 400 for 313; the 29
         * went into the folding, "folding from 73.0 GiB missed"). A GC
         * dip sits below both neighbours and a drop's mixed samples last
         * one or two, so the level must hold (ssd__holds_level), stay
         * flat (trend under min_step) and last twice min_phase_samples. */
        if (j == 1 && o->written_before_bytes == 0 && (double)len >= 2 * o->min_phase_samples &&
            st[j + 2] - st[j + 1] >= c->min_len && lev[0] - lev[1] >= step &&
            lev[1] - lev[2] >= step && ssd__holds_level(c, o, st[1], st[2], lev[1]) &&
            trend_span(c, st[1], st[2]) < log(o->min_step))
            continue;
        /* ... and so is one whose slower neighbour is itself short when
         * the speed after it stays a step below for a lasting phase (the
         * median of the min_len samples after it): a dynamic cache's
         * folding (38 samples at 1089 MB/s between direct writes at 1654
         * and the used state's decline, whose first segment was 67 samples
         * at 514 of a 7,200-sample run) was taken into the direct writes
         * above it. (Not right after the first segment: a short one there
         * may be a cache, judged below.) */
        if (2 * len >= c->min_len && (double)len >= 2 * o->min_phase_samples &&
            st[j + 2] - st[j + 1] < c->min_len && j >= 2 && st[j] - st[j - 1] >= c->min_len &&
            lev[j - 1] - lev[j] >= step && lev[j] - lev[j + 1] >= step &&
            st[j + 1] + c->min_len <= c->n &&
            lev[j] - ssd__level_of(c, st[j + 1], st[j + 1] + c->min_len) >= step &&
            ssd__holds_level(c, o, st[j], st[j + 1], lev[j]) &&
            trend_span(c, st[j], st[j + 1]) < log(o->min_step))
            continue;
        /* ... and so is a fresh drive's folding once the capacity has been
         * written, however short, after a lasting level
         * (ssd__fold_at_capacity). */
        if (st[j] - st[j - 1] >= c->min_len &&
            ssd__fold_at_capacity(c, o, st[j], st[j + 1], lev[j - 1], lev[j]))
            continue;
        /* A short first segment kept as a possible cache takes in none of
         * its slower neighbours: a 7-second cache followed by a dip and
         * the climb back would otherwise become one phase with them, and
         * then with the rest (a static cache in a 2-hour run). */
        int short_cache = j == 1 && st[1] < c->min_len && lev[0] - lev[1] >= log(o->min_step);
        /* ... nor is a level of its own, closer to the cache than to the
         * slower segment after it and almost lasting (70 samples of 72:
         * the direct writes between a short cache and folding), taken
         * into that slower one: it stays for the cache test to judge. */
        if (short_cache && 2 * len >= c->min_len &&
            fabs(lev[j] - lev[j + 1]) >= fabs(lev[j] - lev[j - 1]))
            continue;
        /* ... unless, on a fresh drive, the first segment is one sample
         * and this one stands min_drop above a longer segment after it and
         * nearer the first than that one (in log): then this one is the
         * cache and the first its fast start, and it joins that start, as
         * analyse() joins one or two fast samples to a short phase that
         * then drops a lot (seed 151's drive 193, fresh fill: 1586 MB/s,
         * then 1148, 1138, 1154, 1015 and 376 flat; joined to the 376,
         * "cache of 5.45 GiB missed"; seed 157's drive 5, 576, then
         * 427-457 for 4 samples and 131). Three samples or more: two
         * may be a cache slowing as it ends (seed 59's drive 129, fresh
         * fill: 5836, then 4648 and 3929, the cache's end in the latter,
         * then direct writes at 2460). Not after two fast samples (a
         * cache of its own, then direct writes: seed 2026's drive 74, WSAT
         * after a sequential fill, 2877 MB/s twice, 1215 for 4, then the
         * used state), nor nearer the slower level after it (the clean
         * blocks after a cache in the first sample: seed 2026's drive 160,
         * WSAT after a random fill, 345, then 87, then 63); nor after a
         * fill, whose one fast sample the used-state rules read (a cache
         * that ended in it, then folding, is undecided there). */
        int cache_after_start = short_cache && o->written_before_bytes == 0 && st[1] == 1 &&
                                len >= 3 && lev[j] - lev[j + 1] >= log(o->min_drop) &&
                                lev[j - 1] - lev[j] < lev[j] - lev[j + 1] &&
                                st[j + 2] - st[j + 1] > len;
        /* A slower neighbour that is itself a short dip (below both its
         * neighbours by min_step, shorter than a lasting phase, with a
         * lasting segment or the run's end after it) is no level of its
         * own: it joins a neighbour too, and the level it stands for is
         * the one beyond it. Compared with the dip's own level, the direct
         * writes between a cache and a GC dip looked closer to the cache
         * and joined it (seed 311's drive 183, its random fill's own log:
         * 2032 MiB/s five times, the drop's 1531, 1096 to 1079 for 4
         * samples, a dip at 470-652 for 4, then direct writes at 1080 for
         * 480 samples; one phase of 10 at 1.89 GiB/s, "cache: none found",
         * and the drive's 2-hour run read against that log missed its
         * 11.26 GiB cache). Then the segment, the dip and the level beyond
         * it are one phase. Only right after the first segment, the
         * possible cache, whose drop the join decides, and where the dip's
         * level would have sent the segment to it: deeper in the run a
         * segment joining a faster neighbour moves no cache's end, and
         * the GC dips inside a cache leave segments there that later
         * joins clean up (seed 13's drive 48, fresh fill: 5952 MiB/s, a
         * dip at 4098 inside the cache, the drop's 4419, 3367 and 3089,
         * a dip at 2233-2382, then direct writes at 3.3 GiB/s to the
         * folding; the 3367 and 3089 taken to the direct writes beyond
         * the dip, the drop's sample alone read as direct writes and those
         * as folding). */
        size_t far = j + 2;
        int dip_after = j == 1 && !short_cache && !cache_after_start && far < *k &&
                        st[j + 2] - st[j + 1] < c->min_len &&
                        (far + 1 == *k || st[far + 1] - st[far] >= c->min_len) &&
                        lev[j] - lev[j + 1] >= log(o->min_step) &&
                        lev[far] - lev[j + 1] >= log(o->min_step) &&
                        fabs(lev[j] - lev[far]) < fabs(lev[j] - lev[j - 1]) &&
                        fabs(lev[j] - lev[j - 1]) <= fabs(lev[j] - lev[j + 1]);
        if (dip_after) {
            drop[j + 1] = drop[j + 2] = 1;
            changed = 1;
            j += 2;
            continue;
        }
        if (cache_after_start ||
            (!short_cache && fabs(lev[j] - lev[j - 1]) <= fabs(lev[j] - lev[j + 1])))
            drop[j] = 1;
        else
            drop[j + 1] = 1;
        changed = 1;
        /* The next segment's neighbour just changed: judge it next pass,
         * with the merged level (a stall must not drag its neighbour down). */
        j++;
    }
    if (changed) {
        compact(c, st, lev, k, drop);
        relevel(c, st, lev, *k);
    }
    return changed;
}

/* A dip is not a phase: a segment shorter than two lasting phases that
 * sits below both neighbours by min_step, with the neighbours at one level
 * (closer than min_step), joins them; so does a short burst above both.
 * Several GC dips close together on a drive at cache speed can make a
 * segment just long enough to survive fold_transients; left alone it is
 * taken for the drop (Vector 180's fill: a 7-sample cluster of dips at
 * 400 MB/s between two 471 MB/s stretches hid the real step to 304). */
static int fold_dips(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t *st,
                     double *lev, size_t *k, unsigned char *drop) {
    double lim = log(o->min_step);
    int changed = 0;
    memset(drop, 0, *k + 1);
    for (size_t j = 1; j + 1 < *k; j++) {
        size_t len = st[j + 1] - st[j];
        if (len >= 2 * c->min_len || fabs(lev[j - 1] - lev[j + 1]) >= lim)
            continue;
        double below = (lev[j - 1] < lev[j + 1] ? lev[j - 1] : lev[j + 1]) - lev[j];
        double above = lev[j] - (lev[j - 1] > lev[j + 1] ? lev[j - 1] : lev[j + 1]);
        if (below < lim && above < lim)
            continue;
        /* The neighbours must themselves last at least as long as the dip;
         * the first segment, a possible short cache, may be shorter (two
         * samples or more) under a dip below both when the one after the
         * dip lasts as long: seed 151's drive 10, fresh fill, 2 samples at
         * 3920 MB/s, a dip at 2625 for 4, the cache again for 5, then
         * direct writes at 1418, read as no cache. */
        if ((st[j] - st[j - 1] < len && !(j == 1 && below >= lim && st[j] - st[j - 1] >= 2)) ||
            st[j + 2] - st[j + 1] < len)
            continue;
        drop[j] = drop[j + 1] = 1;
        changed = 1;
        j += 2;
    }
    if (changed) {
        compact(c, st, lev, k, drop);
        relevel(c, st, lev, *k);
    }
    return changed;
}

/* Neighbours closer than min_step are one phase. So are neighbours whose
 * split does not pay the penalty at the noise of their own samples: the
 * segmentation's penalty is set by the run's noise, which the quiet part of
 * a run dominates, so a chaotic stretch (a collapse where the speed jumps 2x
 * from one second to the next) would otherwise come out as a staircase of
 * short phases no reader can tell apart. Long phases at different levels
 * always pay it, whatever the noise (a cache drop of 1.3x under 25% noise).
 * The closest pairs (relative to their limit) merge first, so a slow slope
 * is not swallowed whole in one pass. */
static int merge_close(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t *st,
                       double *lev, double *g, size_t *k, unsigned char *drop) {
    double lim = log(o->min_step);
    int changed = 0;
    for (size_t j = 1; j < *k; j++) {
        double d = fabs(lev[j] - lev[j - 1]);
        g[j] = d / lim;
        if (o->noise_merge > 0 && c->segsig) {
            double na = (double)(st[j] - st[j - 1]), nb = (double)(st[j + 1] - st[j]);
            /* The pair's noise: its two segments' own, pooled. */
            if (c->segsig[j - 1] < 0)
                c->segsig[j - 1] = ssd__curve_noise(c, st[j - 1], st[j]);
            if (c->segsig[j] < 0)
                c->segsig[j] = ssd__curve_noise(c, st[j], st[j + 1]);
            double sa = c->segsig[j - 1], sb = c->segsig[j];
            double sl = sqrt((na * sa * sa + nb * sb * sb) / (na + nb));
            /* A short first segment above the next may be a short cache:
             * judged at the noise after it, not at the run's (a chaotic used
             * state later in the run is no reason to doubt a drop of 2x at the
             * start). When the next segment is too short for a noise of its
             * own (AFTER_NOISE_SAMPLES), at the lesser of the run's and the
             * noise of that many samples from its start, into the segment
             * after (6 direct samples after a 3-sample cache: seed 211's drive
             * 17, fresh WSAT, "cache: none found" for 43 GiB; the lesser: GC's
             * bursts right after 2 samples of clean blocks read noisier than
             * the run, and merged with them the clean blocks moved the used
             * state's onset past the bursts). A first segment shorter than two
             * lasting phases (first_split's reach) but lasting is judged at
             * the lesser of that noise and the pair's: a 7-sample cache at
             * 2877 MB/s, then direct writes at 2201 for 18, both flat, was
             * merged at the used state's noise ("cache: none found" for 93
             * GiB: seed 191's drive 89, fresh WSAT), while direct writes
             * carved by GC dips are noisier than the pair (seed 61's drive 14,
             * fresh WSAT, a 7-sample cache merged with them judged at theirs).
             * Round 40: the noise after it is its upper half's when that is
             * less (upper_sigma): GC dips below the direct writes are no
             * scatter a drop must beat. Seed 149's drive 134, fresh WSAT:
             * 2242, 2365 and the drop's 1746 MiB/s, then 1080-1096 with dips
             * to 780-810 every other sample or so; the differences' noise
             * read 0.30 (in log), the 2.07x drop merged ("cache of 28.00 GiB
             * missed"); the upper half's is 0.007. */
            if (j == 1 && st[1] < 2 * c->min_len && lev[0] - lev[1] >= log(o->min_step)) {
                size_t e =
                    st[2] >= st[1] + AFTER_NOISE_SAMPLES || st[1] + AFTER_NOISE_SAMPLES > c->n
                        ? st[2]
                        : st[1] + AFTER_NOISE_SAMPLES;
                if (st[1] < c->min_len)
                    sl = own_sigma(c, st[1], st[2]);
                sl = fmin(sl, own_sigma(c, st[1], e));
                sl = fmin(sl, upper_sigma(c, st[1], e));
            }
            /* Round 40: on a fresh drive, a lasting first level and a
             * short one after it, both holding their levels and a step
             * above the segment after the short one, are judged at their
             * own noise (their differences', unfloored): a dynamic cache's
             * direct writes, then its folding for a few samples before GC.
             * The segments' noise is floored at the run's, which GC's
             * scatter sets. Seed 47's drive 126, fresh WSAT: 2744 MiB/s
             * flat to 134 GiB, the drop's 2030, then 1919 flat for 4
             * samples, then GC at 600-1100: merged at GC's noise, "folding
             * from 135.9 GiB missed". */
            if (j == 1 && o->written_before_bytes == 0 && *k > 2 && st[1] >= c->min_len &&
                st[2] - st[1] >= 4 && lev[0] - lev[1] >= log(o->min_step) &&
                lev[1] - lev[2] >= log(o->min_step) &&
                ssd__holds_level(c, o, st[0], st[1], lev[0]) &&
                ssd__holds_level(c, o, st[1], st[2], lev[1])) {
                double ra = fmax(0.005, 1.4826 * ssd__diff_median(c, st[0], st[1]) / sqrt(2.0));
                double rb = fmax(0.005, 1.4826 * ssd__diff_median(c, st[1], st[2]) / sqrt(2.0));
                sl = fmin(sl, sqrt((na * ra * ra + nb * rb * rb) / (na + nb)));
            }
            double pen = o->noise_merge * o->penalty * sl * sl * log((double)c->n);
            double gn = sqrt(d * d * na * nb / (na + nb) / pen);
            /* (Two quiet levels at the start, a dynamic cache and its
             * direct writes, are judged at their own noise:
             * ssd__quiet_first_step.) */
            if (j == 1 && *k > 2 && ssd__quiet_first_step(c, o, st[0], st[1], st[2]))
                gn = INFINITY;
            g[j] = gn < g[j] ? gn : g[j];
        }
    }
    memset(drop, 0, *k + 1);
    for (size_t j = 1; j < *k; j++) {
        if (g[j] >= 1)
            continue;

        double dl = j >= 2 ? g[j - 1] : INFINITY;
        double dr = j + 1 < *k ? g[j + 1] : INFINITY;
        if (g[j] <= dl && g[j] < dr && !(j >= 2 && drop[j - 1])) {
            drop[j] = 1;
            changed = 1;
        }
    }
    if (changed) {
        compact(c, st, lev, k, drop);
        relevel(c, st, lev, *k);
    }
    return changed;
}

/* The steps of a slow slide (a collapse over minutes, a recovery ramping
 * back up) are not regimes: two neighbours, one shorter than four lasting
 * phases, on a staircase that keeps going the same way through them, are
 * one phase (the shortest pair first). */
static double part_misfit(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                          size_t b, size_t p, size_t q);

static int merge_staircase(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t *st,
                           double *lev, size_t *k, unsigned char *drop) {
    size_t lim = 4 * c->min_len, best = 0, arg = 0;
    /* Not the phase after the first: whether the first drop is a step (a
     * cache) or the start of a slow decline (SSD370's fresh random writes
     * sliding into GC, no cache) is judged on the segmentation's own
     * levels. */
    for (size_t j = 2; j + 2 < *k; j++) {
        size_t la = st[j + 1] - st[j], lb = st[j + 2] - st[j + 1];
        if (la >= lim && lb >= lim)
            continue;
        int down = lev[j - 1] > lev[j] && lev[j] > lev[j + 1] && lev[j + 1] > lev[j + 2];
        int up = lev[j - 1] < lev[j] && lev[j] < lev[j + 1] && lev[j + 1] < lev[j + 2];
        if (!down && !up)
            continue;
        /* A step, not a slide: one line through both misfits a quiet
         * level at its own noise (a dynamic cache's folding level, then
         * the used state's chaos sliding below it). */
        size_t a = st[j], m = st[j + 1], b = st[j + 2];
        if (part_misfit(c, o, a, b, a, m) > 1 || part_misfit(c, o, a, b, m, b) > 1)
            continue;
        if (!best || la + lb < best) {
            best = la + lb;
            arg = j + 1;
        }
    }
    if (!best)
        return 0;
    memset(drop, 0, *k + 1);
    drop[arg] = 1;
    compact(c, st, lev, k, drop);
    relevel(c, st, lev, *k);
    return 1;
}

static void fill_phase(const struct ssd__curve *c, size_t a, size_t b, double lev,
                       struct ssd_phase *p) {
    p->first = a;
    p->last = b - 1;
    p->start_bytes = c->cum[a];
    p->end_bytes = c->cum[b];
    p->start_s = a ? c->t[a - 1] : 0.0;
    p->end_s = c->t[b - 1];
    p->level_bps = exp(lev);
    double dur = p->end_s - p->start_s;
    p->mean_bps = dur > 0 ? (p->end_bytes - p->start_bytes) / dur : 0;
    /* Trend of the rate against bytes written: a closed-form least-squares
     * line (two sums), cheaper than any library call. */
    double sx = 0, sy = 0, sxx = 0, sxy = 0, m = (double)(b - a);
    for (size_t i = a; i < b; i++) {
        double x = 0.5 * (c->cum[i] + c->cum[i + 1]) - p->start_bytes;
        sx += x;
        sy += c->r[i];
        sxx += x * x;
        sxy += x * c->r[i];
    }
    double den = m * sxx - sx * sx;
    p->slope_bps_per_byte = den > 0 ? (m * sxy - sx * sy) / den : 0;
}

int ssd__curve_phases(struct ssd__curve *c, const struct ssd__analysis_opts *o, char *err) {
    size_t n = c->n;
    size_t *st = malloc((n + 1) * sizeof *st);
    double *lev = malloc((n + 1) * sizeof *lev);
    double *gap = malloc((n + 1) * sizeof *gap);
    unsigned char *drop = malloc(n + 1);
    c->segsig = o->noise_merge > 0 ? malloc((n + 1) * sizeof *c->segsig) : NULL;
    c->segys = malloc((n + 1) * sizeof *c->segys);
    c->segrun = calloc(n + 1, 1);
    int rc = 0;
    if (!st || !lev || !gap || !drop || (o->noise_merge > 0 && !c->segsig) || !c->segys ||
        !c->segrun) {
        rc = ssd__fail(err, SSD_ENOMEM, "out of memory segmenting %zu samples", n);
        goto out;
    }
    double ml = o->min_phase_fraction * (double)n;
    c->min_len = (size_t)ceil(ml > o->min_phase_samples ? ml : o->min_phase_samples);
    if (c->min_len < 1)
        c->min_len = 1;
    long kk = segment(c, o, st);
    if (kk < 0) {
        rc = ssd__fail(err, (int)kk, "segmentation failed");
        goto out;
    }
    size_t k = (size_t)kk;
    for (size_t j = 0; j < k; j++) {
        lev[j] = NAN;
        if (c->segsig)
            c->segsig[j] = -1;
        c->segrun[st[j]] = 2; /* each segment one unsorted run */
    }
    relevel(c, st, lev, k);
    for (int pass = 0; pass < 200; pass++) {
        if (fold_transients(c, o, st, lev, &k, drop))
            continue;
        if (fold_dips(c, o, st, lev, &k, drop))
            continue;
        if (merge_close(c, o, st, lev, gap, &k, drop))
            continue;
        if (!merge_staircase(c, o, st, lev, &k, drop))
            break;
    }
    c->ph = malloc(k * sizeof *c->ph);
    if (!c->ph) {
        rc = ssd__fail(err, SSD_ENOMEM, "out of memory");
        goto out;
    }
    c->nph = k;
    for (size_t j = 0; j < k; j++)
        fill_phase(c, st[j], st[j + 1], lev[j], &c->ph[j]);
out:
    free(st);
    free(lev);
    free(gap);
    free(drop);
    free(c->segsig);
    c->segsig = NULL;
    free(c->segys);
    free(c->segrun);
    c->segys = NULL;
    c->segrun = NULL;
    return rc;
}

void ssd__curve_move_boundary(struct ssd__curve *c, size_t j, size_t first) {
    if (j == 0 || j >= c->nph)
        return;
    struct ssd_phase *a = &c->ph[j - 1], *b = &c->ph[j];
    if (first <= a->first || first > b->last || first == b->first)
        return;
    size_t a0 = a->first, b1 = b->last + 1;
    fill_phase(c, a0, first, ssd__level_of(c, a0, first), a);
    fill_phase(c, first, b1, ssd__level_of(c, first, b1), b);
}

int ssd__curve_split(struct ssd__curve *c, size_t j, size_t at) {
    if (j >= c->nph || at <= c->ph[j].first || at > c->ph[j].last)
        return 0;
    struct ssd_phase *ph = realloc(c->ph, (c->nph + 1) * sizeof *ph);
    if (!ph)
        return SSD_ENOMEM;
    c->ph = ph;
    memmove(&ph[j + 2], &ph[j + 1], (c->nph - j - 1) * sizeof *ph);
    c->nph++;
    size_t a = ph[j].first, b = ph[j].last + 1;
    fill_phase(c, a, at, ssd__level_of(c, a, at), &ph[j]);
    fill_phase(c, at, b, ssd__level_of(c, at, b), &ph[j + 1]);
    return 0;
}

void ssd__curve_merge_next(struct ssd__curve *c, size_t j) {
    if (j + 1 >= c->nph)
        return;
    size_t a = c->ph[j].first, b = c->ph[j + 1].last + 1;
    fill_phase(c, a, b, ssd__level_of(c, a, b), &c->ph[j]);
    memmove(&c->ph[j + 1], &c->ph[j + 2], (c->nph - j - 2) * sizeof *c->ph);
    c->nph--;
}

/* Residual sum of squares of y[a, b) about its least-squares line against
 * the sample index (closed form: the fits are two-parameter lines). */
static double line_sse(const double *y, size_t a, size_t b) {
    double m = (double)(b - a), sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
    for (size_t i = a; i < b; i++) {
        double x = (double)(i - a), v = y[i];
        sx += x;
        sy += v;
        sxx += x * x;
        sxy += x * v;
        syy += v * v;
    }
    double vx = sxx - sx * sx / m, vy = syy - sy * sy / m, cxy = sxy - sx * sy / m;
    double sse = vx > 0 ? vy - cxy * cxy / vx : vy;
    return sse > 0 ? sse : 0;
}

/* ... and about its mean. */
static double flat_sse(const double *y, size_t a, size_t b) {
    double m = (double)(b - a), sy = 0, syy = 0;
    for (size_t i = a; i < b; i++) {
        sy += y[i];
        syy += y[i] * y[i];
    }
    double sse = syy - sy * sy / m;
    return sse > 0 ? sse : 0;
}

/*
 * A drive sliding steadily (a collapse that keeps going, GC taking more
 * and more) has no levels, so the segmentation cuts the slide into a
 * staircase of phases long enough to pass every merge above, and each step
 * comes out as a "step" or folding. Two neighbours are one slide when one
 * line through both fits their samples at least as well as their two
 * levels do (a real step is better told by two levels) and within the
 * penalty of two separate lines (a slide that stops at a floor is two
 * phases). The best-fitting pair merges first. Phase 0 is left alone: the
 * cache was judged on the segmentation's levels.
 */
/* How much worse the least-squares line of y[a, b) fits the samples of
 * [p, q) (a part of it) than that part's own line, in units of the
 * penalty at the part's own noise; 0 unless the part is a quiet level
 * (lasting, and less than half as noisy as the rest of [a, b)). */
static double part_misfit(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                          size_t b, size_t p, size_t q) {
    if (q - p < c->min_len)
        return 0;
    double sig = own_sigma(c, p, q), rest = p > a ? own_sigma(c, a, p) : own_sigma(c, q, b);
    if (!(2 * sig < rest))
        return 0;
    double icpt, slope = ssd__fit_line(c, a, b, &icpt), sse = 0;
    for (size_t i = p; i < q; i++) {
        double d = c->y[i] - (icpt + slope * (double)(i - a));
        sse += d * d;
    }
    return (sse - line_sse(c->y, p, q)) / (o->penalty * sig * sig * log((double)c->n));
}

size_t ssd__curve_merge_slides(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                               size_t *keep) {
    size_t merged = 0;
    double lnn = log((double)c->n);
    for (;;) {
        size_t best = 0;
        double best_g = INFINITY;
        for (size_t j = 2; j < c->nph; j++) {
            size_t a = c->ph[j - 1].first, m = c->ph[j].first, b = c->ph[j].last + 1;
            if (m - a < 3 || b - m < 3)
                continue;
            double one = line_sse(c->y, a, b);
            if (one > flat_sse(c->y, a, m) + flat_sse(c->y, m, b))
                continue;
            double two = line_sse(c->y, a, m) + line_sse(c->y, m, b);
            double sig = ssd__curve_noise(c, a, b);
            double g = (one - two) / (o->penalty * sig * sig * lnn);
            /* ... and at the noise of each part: a quiet level (a dynamic
             * cache's folding) next to the used state's chaos must not be
             * swallowed because the chaos sets the pair's noise. */
            if (g <= 1 && (part_misfit(c, o, a, b, a, m) > 1 || part_misfit(c, o, a, b, m, b) > 1))
                continue;
            if (g <= 1 && g < best_g) {
                best_g = g;
                best = j;
            }
        }
        if (!best)
            return merged;
        ssd__curve_merge_next(c, best - 1);
        if (keep && *keep >= best)
            (*keep)--;
        merged++;
    }
}
