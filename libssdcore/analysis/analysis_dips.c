/* analysis_dips.c - periodic dips: one finder for each phase's
 * (phases[i].dips) and for the run's after the cache (consistency.dips).
 *
 * A dip is a run of samples below the cut, min(1 - dip_depth, 1 - 3 sigma)
 * of the base (sigma: the noise of the rate/base ratio where the sample
 * is), that ends only back above the midpoint between the cut and the base
 * (hysteresis: noise near the cut does not split one slow-down), and one
 * that starts soon after the last one ended continues it (a blip back up
 * inside a long slow-down is no new dip). Drives place one GC dip somewhere
 * in each period, not at a fixed phase (the simulator does too), so the
 * gaps between dip starts spread from almost 0 to almost two periods
 * around their mean: dips are periodic when there are DIPS_MIN or more,
 * their gaps spread less than random stalls' would (a robust coefficient
 * of variation, 1.4826 MAD over the median gap, and the plain one of the
 * gaps but stalls, both under DIPS_MAX_CV: exponential gaps give about 1,
 * one dip anywhere in each period 0.4) and
 * they number at least half of what the period fits in the window (dips
 * that recur through it, not a few bunched in one stretch).
 *
 * The base is a phase's level (a GC phase that slides down: its fitted
 * line, lifted to the median residual), for a phase's dips and for the
 * run's alike, so a run of one phase has the same dips as its phase and the
 * run's are those its phases see plus any that cross from one phase into
 * the next; or one level for the whole window (slow-downs long enough to
 * be phases of their own, which then alternate periodically). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "regimes.h"

/* Four gaps between dip starts to tell a period from: three dips, two
 * gaps, read "every 417 s" into a 20-minute real run (nvmebenchmarks long2
 * at QD1) whose identical runs at other depths had none. */
#define DIPS_MIN 5
#define DIPS_MAX_CV 0.6
/* A phase shorter than this has no dips of its own; in the run's window
 * its samples are cut at the window's noise. */
#define DIPS_PHASE_MIN 12

struct dip {
    size_t s, e;   /* samples [s, e) of the first and last slow-down it holds */
    double mn;     /* its lowest ratio */
    double sum, k; /* the ratios of its slow samples and how many */
};

/* The dips of one finder's window, with their figures. */
struct dips {
    size_t count;
    double period_s, depth_low, depth_mean, duty;
};

/* The cut of the ratios q[lo, hi): the noise from the MAD of at most ~1024
 * first differences spread over them (a long phase's median costs). */
static double dip_cut(const double *q, size_t lo, size_t hi, double dip_depth) {
    size_t stride = (hi - lo - 1) / 1024 + 1, k = 0;
    double d[1024];
    for (size_t i = lo + 1; i < hi; i += stride)
        d[k++] = fabs(q[i] - q[i - 1]);
    double sq = k ? 1.4826 * ssd__median(d, k) / sqrt(2.0) : 0;
    return 1 - 3 * sq < 1 - dip_depth ? 1 - 3 * sq : 1 - dip_depth;
}

/* When sample i began. */
static double t_before(const struct ssd__curve *c, size_t i) {
    return i ? c->t[i - 1] : 0;
}

/* Periodic dips of q[a, b) (q[i]: sample i's rate over its base), each
 * sample cut at the noise of its segment: seg[k] .. seg[k + 1] (nseg + 1
 * bounds from a to b), a segment shorter than DIPS_PHASE_MIN at the
 * window's. 1 when found, with the figures in out. */
static int find(const struct ssd__curve *c, const struct ssd__analysis_opts *o, const double *q,
                const size_t *seg, size_t nseg, struct dips *out) {
    size_t a = seg[0], b = seg[nseg];
    /* The cut is never above 1 - dip_depth: with fewer samples under it
     * than dips are needed, no noise (a median) need be computed. */
    size_t under = 0;
    for (size_t i = a; i < b && under < DIPS_MIN; i++)
        under += q[i] < 1 - o->dip_depth;
    if (under < DIPS_MIN)
        return 0;
    struct dip *d = malloc((b - a + 1) / 2 * sizeof *d + sizeof *d);
    double *cut = malloc(nseg * sizeof *cut);
    size_t nd = 0;
    int found = 0;
    if (!d || !cut)
        goto out;
    double window_cut = NAN;
    for (size_t k = 0; k < nseg; k++) {
        if (seg[k + 1] - seg[k] >= DIPS_PHASE_MIN)
            cut[k] = dip_cut(q, seg[k], seg[k + 1], o->dip_depth);
        else
            cut[k] = isnan(window_cut) ? (window_cut = dip_cut(q, a, b, o->dip_depth)) : window_cut;
    }
    for (size_t i = a, k = 0; i < b;) {
        while (i >= seg[k + 1])
            k++;
        if (q[i] >= cut[k]) {
            i++;
            continue;
        }
        /* (One that runs on into the next segment ends at its midpoint.) */
        struct dip x = {.s = i, .mn = q[i]};
        for (; i < b; i++) {
            while (i >= seg[k + 1])
                k++;
            if (q[i] >= 0.5 * (cut[k] + 1))
                break;
            x.mn = q[i] < x.mn ? q[i] : x.mn;
            x.sum += q[i];
            x.k++;
        }
        x.e = i;
        struct dip *l = nd ? &d[nd - 1] : NULL;
        if (l && t_before(c, x.s) - c->t[l->e - 1] <= 0.2 * (c->t[l->e - 1] - t_before(c, l->s))) {
            l->e = x.e;
            l->mn = x.mn < l->mn ? x.mn : l->mn;
            l->sum += x.sum;
            l->k += x.k;
        } else
            d[nd++] = x;
    }
    if (nd < DIPS_MIN)
        goto out;
    /* The gaps between dip starts: their median and their robust spread
     * (1.4826 MAD, as a standard deviation), so a few stalls bunched
     * between the dips do not hide a period, nor set it. */
    size_t ng = nd - 1;
    double *gap = malloc(2 * ng * sizeof *gap);
    if (!gap)
        goto out;
    for (size_t j = 0; j < ng; j++)
        gap[j] = c->t[d[j + 1].s] - c->t[d[j].s];
    memcpy(gap + ng, gap, ng * sizeof *gap);
    double med = ssd__median(gap + ng, ng);
    for (size_t j = 0; j < ng; j++)
        gap[ng + j] = fabs(gap[j] - med);
    double sg = 1.4826 * ssd__median(gap + ng, ng), sum_g = 0;
    /* The period: the mean gap, unless some gaps lie beyond 3 sigma of
     * the median and 3/4 of it (one dip anywhere in each period leaves 3 %
     * of its gaps beyond that on each side), stalls between the dips:
     * then the median gap (the nvmebenchmarks long run's slow-downs every
     * 267 s, among stalls 3 to 70 s apart). */
    double band = 3 * sg > 0.75 * med ? 3 * sg : 0.75 * med, in_sum = 0, in_ss = 0, in_n = 0;
    size_t out_of_band = 0;
    for (size_t j = 0; j < ng; j++) {
        sum_g += gap[j];
        if (fabs(gap[j] - med) > band)
            out_of_band++;
        else
            in_sum += gap[j], in_ss += gap[j] * gap[j], in_n++;
    }
    free(gap);
    double period = out_of_band ? med : sum_g / (double)ng;
    /* Both spreads: the MAD's (of four gaps, the two middle ones) and the
     * standard deviation's of the gaps within the band. */
    double in_mean = in_n > 0 ? in_sum / in_n : 0;
    double in_cv =
        in_mean > 0 ? sqrt(fmax(in_ss / in_n - in_mean * in_mean, 0)) / in_mean : INFINITY;
    double cv = med > 0 ? fmax(sg / med, in_cv) : INFINITY;
    double window = c->t[b - 1] - t_before(c, a);
    /* Periodic through the window: at least half as many dips as the
     * period fits in it (seven bunched in 5 of 20 minutes of a real
     * drive's run, nvmebenchmarks long2 at QD128, whose runs at other
     * depths had none, read "every 42.5 s"). */
    if (!(cv < DIPS_MAX_CV && (double)nd >= 0.5 * window / period))
        goto out;
    /* Where the dips bottom out: the 25th percentile of their lowest
     * ratios (the slow samples' mean is out->depth_mean). */
    double *mins = malloc(nd * sizeof *mins), sum = 0, k = 0;
    if (!mins)
        goto out;
    for (size_t j = 0; j < nd; j++) {
        mins[j] = d[j].mn;
        sum += d[j].sum;
        k += d[j].k;
    }
    double qd = ssd__quantile(mins, nd, 0.25);
    free(mins);
    if (!(qd < 1))
        goto out;
    /* A dip covers part of a sample at each end: each sample counts for
     * the share of it its rate says was spent in the dip (the rate mixes
     * the base and the dip's own level), so the duty is not rounded up to
     * whole samples. */
    double dip_time = 0;
    for (size_t j = 0; j < nd; j++) {
        size_t lo = d[j].s > a ? d[j].s - 1 : a, hi = d[j].e < b ? d[j].e + 1 : b;
        if (j && lo < d[j - 1].e + 1)
            lo = d[j - 1].e + 1; /* the sample between two dips counts once */
        for (size_t i = lo; i < hi; i++) {
            double f = (1 - q[i]) / (1 - qd);
            dip_time += (f < 0 ? 0 : f > 1 ? 1 : f) * ssd__curve_dt(c, i);
        }
    }
    found = 1;
    out->count = nd;
    out->period_s = period;
    out->depth_low = 1 - qd;
    out->depth_mean = 1 - sum / k;
    out->duty = window > 0 ? dip_time / window : NAN;
out:
    free(d);
    free(cut);
    return found;
}

/* The log-level phase p's dips are measured against at its first sample,
 * and its slope per sample: its level, or for a GC phase that slides down
 * the decline's own line, lifted to where the samples outside the dips sit
 * (the median of the residuals; uses the scratch array). */
static double phase_base(const struct ssd__curve *c, const struct ssd_phase *p, double *slope) {
    size_t a = p->first, b = p->last + 1;
    *slope = 0;
    if (b - a < DIPS_PHASE_MIN || p->regime != SSD_REGIME_GC || !ssd__slides_down(c, p))
        return log(p->level_bps);
    double base;
    *slope = ssd__fit_line(c, a, b, &base);
    for (size_t i = a; i < b; i++)
        c->scratch[i - a] = c->y[i] - (base + *slope * (double)(i - a));
    return base + ssd__median(c->scratch, b - a);
}

void ssd__find_dips(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                    struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    size_t n = c->n;
    S->has_dips = 0;
    S->dip_period_s = S->dip_depth = S->dip_duty = S->dip_base_bps = NAN;
    res->dip_base_bps = NAN;
    res->dip_count = 0;
    res->own_dip_ratio = res->own_dip_len_s = NAN;
    double *base = malloc(2 * c->nph * sizeof *base);
    size_t *seg = malloc((c->nph + 1) * sizeof *seg);
    if (!base || !seg)
        goto out;
    for (size_t j = 0; j < c->nph; j++)
        base[2 * j] = phase_base(c, &c->ph[j], &base[2 * j + 1]);
    /* Every sample over its phase's base, in the scratch array (a fresh
     * one of a million samples cost more in page faults than the search). */
    double *q = c->scratch;
    for (size_t j = 0; j < c->nph; j++) {
        const struct ssd_phase *p = &c->ph[j];
        double b0 = base[2 * j], sl = base[2 * j + 1], inv = exp(-b0);
        for (size_t i = p->first; i <= p->last; i++)
            q[i] = sl == 0 ? c->r[i] * inv : c->r[i] * exp(-(b0 + sl * (double)(i - p->first)));
    }
    struct dips f;
    size_t ns = 0;
    for (size_t j = 0; j < c->nph; j++) {
        struct ssd_phase *p = &c->ph[j];
        size_t one[2] = {p->first, p->last + 1};
        /* (A slow start, a ramp or a low-power start, has no GC dips.) */
        p->has_dips = one[1] - one[0] >= DIPS_PHASE_MIN && p->regime != SSD_REGIME_SLOW_START &&
                      find(c, o, q, one, 1, &f);
        p->dip_period_s = p->has_dips ? f.period_s : NAN;
        p->dip_depth = p->has_dips ? f.depth_low : NAN;
        p->dip_duty = p->has_dips ? f.duty : NAN;
        if (p->last >= a)
            seg[ns++] = p->first > a ? p->first : a;
    }
    /* The drive's own dips, where it writes at a level: dips slow the
     * cache and the direct writes by one fraction (not the folding's or
     * GC's own pace), so the longest such phase that shows them. */
    size_t best = 0;
    for (size_t j = 0; j < c->nph; j++) {
        const struct ssd_phase *p = &c->ph[j];
        size_t len = p->last + 1 - p->first;
        if (p->has_dips && len > best &&
            (p->regime == SSD_REGIME_CACHE || p->regime == SSD_REGIME_DIRECT) && p->dip_depth > 0 &&
            p->dip_depth < 1 && p->dip_duty > 0 && p->dip_period_s > 0) {
            best = len;
            res->own_dip_ratio = 1 - p->dip_depth;
            res->own_dip_len_s = p->dip_duty * p->dip_period_s;
        }
    }
    seg[ns] = n;
    if (n - a < 8)
        goto out;
    double fixed = NAN;
    if (!find(c, o, q, seg, ns, &f)) {
        /* Several phases after the cache: maybe long periodic slow-downs.
         * The base is the speed the drive holds most of the time outside
         * them. */
        if (ns < 4)
            goto out;
        memcpy(c->scratch, c->r + a, (n - a) * sizeof *c->r);
        fixed = ssd__quantile(c->scratch, n - a, 0.75);
        if (!(fixed > 0))
            goto out;
        for (size_t i = a; i < n; i++)
            q[i] = c->r[i] / fixed;
        seg[1] = n;
        if (!find(c, o, q, seg, 1, &f))
            goto out;
    }
    S->has_dips = 1;
    S->dip_period_s = f.period_s;
    S->dip_depth = f.depth_mean;
    S->dip_duty = f.duty;
    res->dip_base_bps = S->dip_base_bps = fixed;
    res->dip_count = (double)f.count;
out:
    free(base);
    free(seg);
}
