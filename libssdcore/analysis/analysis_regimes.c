/* analysis_regimes.c - what limits the writes in each phase: the SLC cache,
 * direct writes to TLC/MLC, a dynamic cache being folded, or garbage
 * collection once clean blocks ran out (the used state). The GC decline is
 * made one phase. This file runs the rules in their order;
 * the rules themselves are in regimes_*.c (regimes.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "regimes.h"

/* Whether y[kn, k) is still the state of y[a, kn) with its GC dips: that
 * state dips (samples a step below its median), no sample of the stretch
 * falls below its lowest by LEVEL_LEFT_MIN or more, and the stretch's
 * dips are no more frequent than its own beyond chance (binomial tail
 * over 1 %). */
static int within_dips_of(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                          size_t kn, size_t k) {
    double lo = INFINITY, med = ssd__level_of(c, a, kn), cut = med - log(o->min_step);
    size_t d0 = 0, d1 = 0;
    for (size_t i = a; i < kn; i++) {
        lo = fmin(lo, c->y[i]);
        d0 += c->y[i] < cut;
    }
    if (!d0)
        return 0;
    for (size_t i = kn; i < k; i++) {
        if (c->y[i] < lo - log(LEVEL_LEFT_MIN))
            return 0;
        d1 += c->y[i] < cut;
    }
    double p = (double)d0 / (double)(kn - a), n = (double)(k - kn), tail = 0;
    for (size_t x = d1; x <= k - kn; x++)
        tail += exp(lgamma(n + 1) - lgamma((double)x + 1) - lgamma(n - (double)x + 1) +
                    (double)x * log(p) + (n - (double)x) * log1p(-p));
    return tail >= 0.01;
}

/* The used state's start on a fresh drive moved past GC dips of its
 * direct writes (phase g - 1, at level lv): from phase g's first sample,
 * a dip (a sample a step or more below lv), then within HELD_DIP_SAMPLES
 * samples LEVEL_HELD or more in a row back within half a step of lv,
 * the stretch from the dip to the return's end the direct writes' state
 * still (within_dips_of: its dips no deeper and no more frequent than
 * theirs): the direct writes went on after the dip, and the used state
 * starts after the return at the earliest; the next stop is tried the
 * same way (level_through_dip's walk on a used drive). Half a step for
 * the return, a step for the dip: a fresh drive's GC sets in gently, a
 * datacenter drive's a few % below the level, and its first dips come
 * deeper or more often than the direct writes'. Seed 127's drive 11,
 * fresh, 2 hours: direct writes at 864 MiB/s, a dip of 408, 294, 294,
 * 294, 636, then 864 for 14 samples, then GC from 170.0 GiB, read as the
 * used state from the dip at 157.4; seed 131's drive 175, fresh WSAT:
 * 1137 MiB/s, 694, 1150, 770, then 1156, 1133, 1159, then GC from 310.8
 * GiB, read from 279.4. Leaves a lasting phase after it. Returns the new
 * start, or phase g's first sample. */
#define HELD_DIP_SAMPLES 8
#define LEVEL_HELD 3
static size_t direct_held_after_dip(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                    size_t g) {
    size_t a = c->ph[g - 1].first, f = c->ph[g].first, e = f, end = c->ph[g].last + 1;
    double lv = log(c->ph[g - 1].level_bps), step = log(o->min_step), half = 0.5 * step;
    for (;;) {
        if (!(c->y[e] <= lv - step))
            break;
        size_t run = 0, q = 0, r = 0;
        for (size_t i = e + 1; i < end && i <= e + HELD_DIP_SAMPLES; i++) {
            run = fabs(c->y[i] - lv) < half ? run + 1 : 0;
            if (run == LEVEL_HELD) {
                q = i + 1;
                r = q - LEVEL_HELD;
                break;
            }
        }
        if (!q)
            break;
        while (q < end && fabs(c->y[q] - lv) < half)
            q++;
        if (q - r < r - e || q + c->min_len > end || !within_dips_of(c, o, a, f, q))
            break;
        e = q;
    }
    return e;
}

/* The end of the fresh state the direct writes before phase g (the used
 * state's) ran in: the first sample of phase g - 1 past the capacity less
 * what was written before (ssd__fresh_room), or phase g's first sample.
 * The onset rules below measure the direct level's dips and noise there,
 * before GC could have begun. */
static size_t fresh_state_end(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              size_t g, double capacity) {
    size_t lo = c->ph[g - 1].first, f = c->ph[g].first;
    while (lo < f && c->cum[lo] < ssd__fresh_room(o, capacity))
        lo++;
    return lo;
}

/* The used state's start on a fresh drive whose direct writes dip, read as
 * a change in how often the samples fall off the direct level (phase
 * g - 1, at lv): a sample half a step or more below lv is off it. Over
 * the direct writes before the capacity was written (the fresh state,
 * [a, lo)) a share p0 of them is (the drive's own GC dips); over the
 * lasting phase from the onset found, p1. GC's cost grows gently, so its
 * first samples are a mix of sags and bursts back to the level, and the
 * fits read where the mean fell, not where the mix changed: a knee or a
 * slide's walk lands on a dip of the direct writes before it or past a
 * burst after it, a few samples off (seed 157's drive 163, fresh WSAT:
 * 1050 MiB/s with dips to 500-850 in 29 % of its samples, then GC from
 * 179.8 GiB at 879, 551, 778, 716, 734, 722, a burst at 1042, then
 * 820-1026: the walk stopped at 205.0; seed 331's drive 155, WSAT:
 * 1507 with dips to 1374 in 41 %, GC from 733.4 at 80-180, the slide's walk
 * went back over the dips to 685.2). The onset is the maximum-likelihood
 * change between the two shares (each sample off the level or not, p0
 * before, p1 after) within half a lasting phase of the onset found, taken
 * when it is DIP_SHARE_EVIDENCE times likelier than the onset found. Only
 * when the direct writes dip (p0 a tenth or more): a quiet level's gentle
 * sag stays within half a step for samples (seed 11's drive 183: the
 * samples at the level after the onset moved it 3 samples late), and
 * there the fits read the sag; and only when the shares differ clearly
 * (p1 DIP_SHARE_STEP above p0). Returns the new start, or phase g's first
 * sample. */
#define DIP_SHARE_MIN 0.1
#define DIP_SHARE_STEP 0.3
#define DIP_SHARE_EVIDENCE 10.0
static size_t dip_share_onset(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              size_t g, double capacity) {
    size_t a = c->ph[g - 1].first, f = c->ph[g].first, end = c->ph[g].last + 1;
    size_t lo = fresh_state_end(c, o, g, capacity);
    size_t w = c->min_len > 10 ? c->min_len : 10;
    if (lo < a + 10 || f + w > end)
        return f;
    double cut = log(c->ph[g - 1].level_bps) - 0.5 * log(o->min_step);
    size_t d0 = 0, d1 = 0;
    for (size_t i = a; i < lo; i++)
        d0 += c->y[i] < cut;
    for (size_t i = f; i < f + w; i++)
        d1 += c->y[i] < cut;
    double p0 = fmin((double)d0 / (double)(lo - a), 0.5), p1 = fmin((double)d1 / (double)w, 0.95);
    if (p0 < DIP_SHARE_MIN || p1 < p0 + DIP_SHARE_STEP)
        return f;
    /* The log-likelihood of the samples from s to f + w under p1 against
     * p0, for s from half a lasting phase before f (not before lo) to half
     * one after it. */
    double l1 = log(p1 / p0), l0 = log((1 - p1) / (1 - p0)), at_f = 0;
    for (size_t i = f; i < f + w; i++)
        at_f += c->y[i] < cut ? l1 : l0;
    size_t r = w / 2, best_s = f;
    double best = at_f, t = at_f;
    for (size_t s = f; s-- > (f > lo + r ? f - r : lo);) {
        t += c->y[s] < cut ? l1 : l0;
        if (t > best) {
            best = t;
            best_s = s;
        }
    }
    t = at_f;
    for (size_t s = f + 1; s <= f + r; s++) {
        t -= c->y[s - 1] < cut ? l1 : l0;
        if (t > best) {
            best = t;
            best_s = s;
        }
    }
    return best - at_f >= log(DIP_SHARE_EVIDENCE) ? best_s : f;
}

/* The used state's start on a fresh drive whose direct writes dip, where
 * the share of samples off the direct level (as dip_share_onset counts
 * them) rose for good, however far before the onset found. With GC's
 * spread, a victim's cost near nothing at first lets most samples still
 * reach the direct level, and the mean the fits follow falls only
 * hundreds of samples later (seed 433's drive 188, fresh 2 hours: 1440
 * MiB/s with dips in 15 % of its samples, then from 121.7 GiB half of
 * them off the level and half back at it, read from 292.0; seed 439's
 * drive 12: 26 % of the samples dipping, then 59 % from 252.9, read from
 * 314.8). Over the samples from the fresh state's end ([lo, f), GC cannot
 * start before the capacity was written) the fresh state's share p0
 * holds up to the change, and the share p1 of the samples from it to f
 * after it, DIP_SHARE_STEP above p0; the change is the maximum-likelihood
 * one, taken when it is DIP_SHARE_LEAVE_EVIDENCE times likelier than p0
 * all through: the search runs over up to thousands of positions, and
 * the dips' own chance makes some stretch look busier than the rest
 * (seed 47's drives 2 and 108, 2 hours: 80 and 100 times likelier, 31
 * and 28 samples before the right onset). Only when the direct writes
 * dip (p0 DIP_SHARE_MIN or more); it only moves the onset earlier.
 * Returns the new start, or phase g's first sample. */
#define DIP_SHARE_LEAVE_EVIDENCE 1000.0
static size_t dip_share_leave(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              size_t g, double capacity) {
    size_t a = c->ph[g - 1].first, f = c->ph[g].first;
    size_t lo = fresh_state_end(c, o, g, capacity);
    if (lo < a + 10 || lo + 5 >= f)
        return f;
    double cut = log(c->ph[g - 1].level_bps) - 0.5 * log(o->min_step);
    size_t d0 = 0, d = 0;
    for (size_t i = a; i < lo; i++)
        d0 += c->y[i] < cut;
    double p0 = fmin((double)d0 / (double)(lo - a), 0.5);
    if (p0 < DIP_SHARE_MIN)
        return f;
    double on = log(p0), offl = log(1 - p0);
    /* From the back: d samples off among the n = f - s from s on; the
     * log-likelihood of [s, f) at its own share against p0. */
    size_t best_s = f;
    double best = log(DIP_SHARE_LEAVE_EVIDENCE);
    for (size_t s = f; s-- > lo;) {
        d += c->y[s] < cut;
        double n = (double)(f - s), k = (double)d, p1 = fmin(k / n, 0.95);
        if (f - s < 5 || p1 < p0 + DIP_SHARE_STEP)
            continue;
        double l = k * (log(p1) - on) + (n - k) * (log(1 - p1) - offl);
        if (l > best) {
            best = l;
            best_s = s;
        }
    }
    return best_s;
}

#define BAND_SIGMAS 3.0
#define BAND_MIN 1.01
#define BAND_OUT_MAX 0.02
#define BAND_LAST 5
/* The direct writes' noise band over the fresh state [a, lo) before
 * phase g: its lower edge (log) in *cut, *lv the level. 0 when the level
 * is no quiet one (a band wider than half a step, or more than
 * BAND_OUT_MAX of the fresh state's samples below it). */
static int fresh_band(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t g,
                      size_t a, size_t lo, double *lv, double *cut) {
    *lv = log(c->ph[g - 1].level_bps);
    *cut = *lv - fmax(BAND_SIGMAS * ssd__quiet_noise(c, a, lo), log(BAND_MIN));
    if (*cut < *lv - 0.5 * log(o->min_step))
        return 0;
    size_t out = 0;
    for (size_t i = a; i < lo; i++)
        out += c->y[i] < *cut;
    return !((double)out > BAND_OUT_MAX * (double)(lo - a));
}

/* The used state's start on a fresh drive whose direct writes hold a quiet
 * level (no GC dips of their own): GC's first samples are the first to
 * leave that level's noise band, and an onset the fits placed on samples
 * still inside it moves to the first one below it. A knee (a level, then
 * a line over a decline whose samples scatter) may start the line a few
 * samples before the fall, and the scatter's jump may come where the
 * level's own noise happened to grow (seed 367's drive 74, fresh WSAT:
 * 3569 MiB/s within 1 %, then 3359, 3478, 3262 from 540.3 GiB, the knee at
 * 505.4 on 3610 and 3540, the model's 553.8; its drive 103: 2234 within
 * 0.5 %, then 2180, 2108 and about 2190 from 2236.2, the jump 14 samples
 * earlier at 2083.4, the model's 2242.9). The band: the direct writes'
 * level (phase g - 1, lv) less BAND_SIGMAS of their noise over the fresh
 * state before the capacity was written ([a, lo)), BAND_MIN at least and
 * half a step at most (a noisier level is no quiet one). Only when those
 * direct writes stay in the band (at most BAND_OUT_MAX of them below it:
 * a drive that dips has dip_share_onset), and when the break lasts: the
 * median of the BAND_LAST samples from it is below the band too. It only
 * moves the onset later. Returns the new start, or phase g's first
 * sample. */
static size_t fresh_band_onset(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                               size_t g, double capacity) {
    size_t a = c->ph[g - 1].first, f = c->ph[g].first, end = c->ph[g].last + 1;
    size_t lo = fresh_state_end(c, o, g, capacity);
    if (lo < a + 10 || f + BAND_LAST > end)
        return f;
    double lv, cut;
    if (!fresh_band(c, o, g, a, lo, &lv, &cut))
        return f;
    /* (Nor past a sample a step above the level: a quiet level's noise
     * never reaches it, and GC after a folding may start faster than the
     * folding, on the folded SLC blocks, all garbage. Seed 461's drive
     * 61, fresh WSAT: folding at 476 MiB/s to 667.5 GiB, then GC at
     * 660-1070 for 47 samples, then falling: the walk went over those 47
     * samples, none below the band, to 699.7.) */
    size_t e = f;
    while (e + BAND_LAST <= end && c->y[e] >= cut && c->y[e] < lv + log(o->min_step))
        e++;
    if (e == f || e + BAND_LAST > end ||
        (ssd__level_of(c, e, e + BAND_LAST) >= cut && c->y[e] < lv + log(o->min_step)))
        return f;
    return e;
}

/* The used state's start on a fresh drive whose direct writes hold a quiet
 * level, moved back to where the speed left that level for good: GC's
 * first victims are nearly all garbage, so its first samples sag a few
 * per cent and scatter back towards the level now and then, and the fits
 * put the boundary where the mean had fallen further (seed 433's drive
 * 137, fresh WSAT: 3790-3856 MiB/s, then 3679, 3516, 3604, 3610 ... with
 * one sample at 3792, the onset read 9 samples late at 1322.8 GiB for the
 * model's 1185.8; seed 227's drive 145: 1944-2017, then 1872, 1822, 1899
 * ... read at 1782.6 for 1689.5). The band is fresh_band_onset's (the
 * direct writes' noise over the fresh state, a quiet level only); the
 * level is left for good at the first sample below it after which the
 * speed never again holds the band for BAND_LAST samples in a row, whose
 * BAND_LAST samples' median is below it too, and from which to the onset
 * found most samples are below it; not before the fresh
 * state's end (no drive runs out of clean blocks before its capacity was
 * written). It only moves the onset earlier. Returns the new
 * start, or phase g's first sample. */
static size_t fresh_band_leave(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                               size_t g, double capacity) {
    size_t a = c->ph[g - 1].first, f = c->ph[g].first, end = c->ph[g].last + 1;
    size_t lo = fresh_state_end(c, o, g, capacity);
    if (lo < a + 10 || lo >= f || f + BAND_LAST > end)
        return f;
    double lv, cut;
    if (!fresh_band(c, o, g, a, lo, &lv, &cut))
        return f;
    /* The last run of BAND_LAST samples in the band before f: the level
     * held there. */
    size_t s = f, run = 0;
    for (size_t i = f; i-- > a;) {
        run = c->y[i] >= cut ? run + 1 : 0;
        if (run == BAND_LAST) {
            s = i + BAND_LAST > lo ? i + BAND_LAST : lo;
            break;
        }
    }
    while (s < f && c->y[s] >= cut)
        s++;
    if (s >= f || ssd__level_of(c, s, s + BAND_LAST) >= cut)
        return f;
    /* (Most of the samples from there to f below the band: one sample of
     * the level's noise, the level held after it and GC right behind, is
     * no start; seed 277's drive 74, fresh WSAT: 1388 MiB/s, 1346, then
     * 1394 and 1390 before GC at 1186.) */
    size_t below = 0;
    for (size_t i = s; i < f; i++)
        below += c->y[i] < cut;
    return 2 * below > f - s ? s : f;
}

/* The used state's start on a fresh drive whose direct writes dip, moved
 * past a stretch that was more of their dips: an onset the fits put on
 * samples below the direct writes' undipped level (their top), when the
 * speed climbs back into the top's noise band within HELD_DIP_SAMPLES and
 * the stretch (with the samples below the band right before the onset)
 * lost no more bytes under the top than the fresh state's dips lose in
 * that time, plus one of its dips (their median). A dip slows the writes
 * for a window each period, placed anywhere in it: split over two samples
 * it reads as two shallow ones, and a whole window in one sample reads
 * deeper than any dip seen before, but what the dips cost is their windows
 * times their depth, the same bytes a second, with one dip more or less as
 * the windows fall; and the level comes back after them. GC costs from
 * its first samples on, more than the dips did. Seed 367's drive 85, fresh
 * WSAT: direct writes at 1243 MiB/s dipping every 30 s, then 1221, 491
 * (deeper than the 546 seen before), 1241, 1246, 1238, then GC from 344.2
 * GiB, read from 314.3: 3870 MiB lost in 10 s, the dips' 1206 in that
 * time and 3525 a dip; seed 47's drive 75: 563 dipping every 12 s to
 * about 440, then 482, 497, 506, 510, 499 (each dip split over two
 * samples), 574, then GC from 172.3, read from 159.6: 1609 lost in 25 s,
 * the dips' 1289 and 608 a dip. GC's first samples may burst back to the
 * top, which the bytes tell: seed 157's drive 163, 1050 MiB/s dipping
 * every 26 s, then 879, 551, 778, 716, 734, 722, 1042 from 178.5 GiB, GC
 * from 179.8: 9609 lost in 30 s, the dips' 3363 and 2754 a dip. (Its
 * drive 108 of seed 47 stays read 7 % early: 510 with dips to 350-370,
 * then 394, 432, 442, 388, 509, then GC from 181.4: 1881 lost in 20 s,
 * the dips' 622 and 880 a dip. With the costliest dip of the fresh state
 * for one, 1069, it moved right, and so did 2 check runs wrongly.) The
 * band: the top's median less TOP_SIGMAS of its robust noise, BAND_MIN at
 * least, half a step at most; the top: the samples of the fresh state
 * ([a, lo)) within half a step of the direct level or above it; a dip: a
 * run of samples below the band there, the bytes it lost under the top
 * summed. Only when the direct writes dip
 * (DIP_SHARE_MIN of them half a step below their level), when the stretch
 * is no longer than two of their dips either (samples in a row below the
 * band: seed 2026's drive 57, GC from 365.8 GiB at 901, 959, 809, 981,
 * 1030, 1154, then 1239 MiB/s, its dips two samples long), and when the
 * lasting phase from the new onset (10 samples at least) is back at the
 * top in TOP_BACK_MAX of its samples at most: where GC's scatter reaches
 * the top often (a second's samples do not average it), a return there is
 * no sign the direct writes went on, and the walk past it took GC's first
 * samples for dips (seed 47's drive 160, 2 hours: 173.1 GiB moved to
 * 175.2 for 170.3; seed 367's drive 93, 332.7 to 335.7 for 328.4). It
 * only moves the onset later. Returns the new start, or phase g's first
 * sample. */
#define TOP_SIGMAS 3.0
#define DIPS_IN_STRETCH 2.0
#define TOP_BACK_MAX 1
static size_t dip_loss_onset(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                             size_t g, double capacity) {
    size_t a = c->ph[g - 1].first, f = c->ph[g].first, end = c->ph[g].last + 1;
    size_t lo = fresh_state_end(c, o, g, capacity);
    if (lo < a + 10 || f + c->min_len > end)
        return f;
    double half = 0.5 * log(o->min_step), cut = log(c->ph[g - 1].level_bps) - half;
    size_t nt = 0, off = 0;
    for (size_t i = a; i < lo; i++) {
        if (c->y[i] >= cut)
            c->scratch[nt++] = c->y[i];
        else
            off++;
    }
    if ((double)off < DIP_SHARE_MIN * (double)(lo - a) || nt < 5)
        return f;
    double top = ssd__median(c->scratch, nt);
    for (size_t i = 0, k = 0; i < lo - a; i++)
        if (c->y[a + i] >= cut)
            c->scratch[k++] = fabs(c->y[a + i] - top);
    double sd = 1.4826 * ssd__median(c->scratch, nt);
    double band = top - fmin(fmax(TOP_SIGMAS * sd, log(BAND_MIN)), half), rate = exp(top);
    /* The bytes a dip of the fresh state lost under the top (the median
     * of its dips'), and what its dips lost a second. */
    double run = 0, all = 0;
    size_t len = 0, lmax = 0, nr = 0;
    for (size_t i = a; i <= lo; i++) {
        if (i < lo && c->y[i] < band) {
            run += rate * ssd__curve_dt(c, i) - c->b[i];
            all += rate * ssd__curve_dt(c, i) - c->b[i];
            lmax = ++len > lmax ? len : lmax;
        } else {
            if (len)
                c->scratch[nr++] = run;
            run = 0;
            len = 0;
        }
    }
    if (!nr)
        return f;
    double dip = ssd__median(c->scratch, nr);
    if (!(c->y[f] < band))
        return f;
    size_t s0 = f, r = f;
    while (s0 > a && c->y[s0 - 1] < band)
        s0--;
    double lost = 0;
    for (size_t i = s0; i < f; i++)
        lost += rate * ssd__curve_dt(c, i) - c->b[i];
    while (r < end && r < f + HELD_DIP_SAMPLES && c->y[r] < band) {
        lost += rate * ssd__curve_dt(c, r) - c->b[r];
        r++;
    }
    double span = c->t[r - 1] - (s0 ? c->t[s0 - 1] : 0);
    double expect = all / (c->t[lo - 1] - (a ? c->t[a - 1] : 0)) * span + dip;
    if (r >= end || c->y[r] < band || lost > expect ||
        (double)(r - s0) > DIPS_IN_STRETCH * (double)lmax)
        return f;
    size_t q = r, w = c->min_len > 10 ? c->min_len : 10, back = 0;
    while (q < end && c->y[q] >= band)
        q++;
    if (q + w > end)
        return f;
    for (size_t i = q; i < q + w; i++)
        back += c->y[i] >= band;
    return back <= TOP_BACK_MAX ? q : f;
}

/* The shortest folding a fresh drive's quiet level before GC's scatter
 * may be: 2 min_phase_samples when that is less than a lasting phase (a
 * long run's lasting phase is longer than a small cache's folding), else
 * a lasting phase. */
static size_t fold_min_len(const struct ssd__curve *c, const struct ssd__analysis_opts *o) {
    size_t ml = c->min_len > 3 ? c->min_len : 3;
    return o->written_before_bytes == 0 && 2 * o->min_phase_samples < ml
               ? 2 * (size_t)o->min_phase_samples
               : c->min_len;
}

/* The first drop was no cache's end after all: the first level is the
 * fast start's. */
static void no_cache(const struct ssd__curve *c, struct ssd__result *res) {
    ssd__no_cache_figures(&res->sum);
    res->cache_phase_end = 0;
    res->post_phase = 0;
    res->nbursts = res->bursts_total = 0;
    res->sum.post_cache_bps = c->ph[0].level_bps;
}

/* The used state's end level when it is one phase from its start: its
 * level over its last quarter. */
static double last_quarter_level(const struct ssd__curve *c, const struct ssd_phase *p) {
    size_t e = p->last + 1;
    return exp(ssd__level_of(c, e - (e - p->first) / 4, e));
}

/* Whether a sample from the one holding the cache's end to 3 after it
 * runs a step below the level after the cache: a GC dip, which slows the
 * writes below the direct level, not a transition between the cache and
 * it (the dipped cache end on a fresh drive, see its call). */
static int dip_at_cache_end(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                            const struct ssd_analysis_summary *S) {
    size_t m = 0;
    while (m + 1 < c->n && c->cum[m + 1] <= S->cache_bytes)
        m++;
    for (size_t i = m; i < c->n && i <= m + 3; i++)
        if (c->y[i] < log(S->post_cache_bps) - log(o->min_step))
            return 1;
    return 0;
}

/* Whether the writes after a fresh run's first phase, up to the used state
 * (phase g, none when 0), stay a step below that phase's level: a slight
 * step (a static cache too slight to call) leaves the drive at its direct
 * level for good. A run that climbs back to its first level had only a
 * slow stretch: a cluster of GC dips on a drive that dips every 22 s to
 * half its speed, a 4K random fill's 12.2 GiB at 966 MB/s, 18 s at 704,
 * then 959 to the end of 301 GiB, was read as a 12.2 GiB static cache,
 * and the run it was the reference of, 2 GiB of clean blocks idle time
 * gave back after the fill, as that cache (seed 283's drive 91, which has
 * no cache). */
static int stays_below_after_step(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  size_t g) {
    size_t a = c->ph[1].first, b = g ? c->ph[g].first : c->n;
    return b <= a || exp(ssd__level_of(c, a, b)) * o->min_step <= c->ph[0].level_bps;
}

/* A used drive's static cache after a random fill and idle time, then
 * the clean blocks idle GC gave back, written at the direct level, then
 * GC: those clean blocks run for a sample or less (2 GiB at 2.2 GB/s), so
 * no sample shows their level, and the cache test measured the cache's
 * drop against GC's and put its end at the used state's, past the direct
 * writes (seed 331's drive 123, 2 hours: 2877 MB/s, then 2437, 1210, then
 * GC at 150, read "cache 5.99 GiB", the model's 4.02; seed 157's drive
 * 107: 1591, 1571, 1239, 1097, then GC bursting from 206, "5.07 GiB", the
 * model's 3.10). The reference measured the direct level (rl->direct),
 * and the end lies in the sample where the speed leaves the cache's
 * level: the last one above the midpoint of the two levels when it runs
 * below the cache's level by a quarter of the step (a sample of cache and
 * direct writes), else the first below it, split at its share of time at
 * the cache's level (the median of the samples before) against the direct
 * level. Only when the sample after it still runs a step above GC's next
 * five (it holds direct writes: in a WSAT's 5 s sample the cache's end,
 * the direct writes and GC's start can share one, which no two-level
 * split places, seed 13's drive 22, and a 4 s sample holding all three
 * can average near the direct level, 2031, 1889, 792, then GC at 225
 * against a direct level of 755, the 50-drive sweep's drive 39 on seed
 * 2026), and with at most one sample a step
 * below the direct level between it and the cache test's end (more are
 * the cache itself in a GC dip, 1.1-1.3 GB/s three times after six
 * samples at 2.88, then GC at 100: seed 13's drive 37). Nor below the
 * reference's cache (whole, its size, NaN when it showed none), before or
 * after: a cache the idle time flushed only in part (19.3 GiB of a larger
 * one) leaves no clean blocks, and drops straight to GC (seed 53's drive
 * 70: 2.88 GB/s six times, 2009, 1552, then GC at 380). It only moves the
 * end earlier. */
static void cache_end_before_direct(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                    const struct ref_levels *rl, double whole,
                                    struct ssd_analysis_summary *S) {
    double lo = rl->direct, hi = S->cache_level_bps;
    if (!(lo > 0) || !(hi >= lo * o->min_step) || c->n < 8)
        return;
    size_t e = 0;
    while (e + 1 < c->n && c->cum[e + 1] <= S->cache_bytes)
        e++;
    double mid = 0.5 * (log(hi) + log(lo));
    size_t m = c->y[e] >= mid ? e + 1 : e;
    while (m >= 1 && c->y[m - 1] < mid)
        m--;
    if (m < 1 || m + 6 >= c->n)
        return;
    double v[5];
    double top = c->r[0], noise = INFINITY;
    if (m >= 2) {
        double *w = malloc((m - 1) * sizeof *w);
        if (!w)
            return;
        for (size_t i = 0; i + 1 < m; i++)
            w[i] = c->y[i];
        double med = ssd__median(w, m - 1);
        top = exp(med);
        /* (The cache samples' own noise, 1.4826 MAD, from three or more.) */
        if (m >= 4) {
            for (size_t i = 0; i + 1 < m; i++)
                w[i] = fabs(w[i] - med);
            noise = fmax(1.4826 * ssd__median(w, m - 1), 0.005);
        }
        free(w);
    }
    if (top >= hi)
        hi = top;
    /* (Round 46: a sample below the cache's level by more than 4 of the
     * cache samples' own noise mixes the cache with what follows it too,
     * however little of the step that is: seed 89's drive 74, 2 hours
     * after a random fill, the fresh run as reference: 2765, 2700, 2703,
     * 2788, then 2471 holding the end (9.6 % below, 4.5 % under a
     * quarter of the step to the direct 1756), 1362, then GC at 200;
     * split in the 1362 sample the end was read 14.33 GiB, the model's
     * 12.39.) */
    size_t k =
        m >= 2 && (c->y[m - 1] < log(hi) - 0.25 * log(hi / lo) || c->y[m - 1] < log(hi) - 4 * noise)
            ? m - 1
            : m;
    for (size_t i = 0; i < 5; i++)
        v[i] = c->y[k + 2 + i];
    /* (Round 46: nor does the next sample need direct writes when k itself
     * ran no faster than the direct level: a sample whose excess over the
     * direct writes is none holds the direct writes and GC's start (k + 1
     * is GC), and no share at the cache's level is measured in it. The end
     * is then k's start, with up to k's share at the cache's level against
     * GC's (its upper bound) as the uncertainty. Seed 47's drive 117, 2
     * hours after a random fill, the fresh run as reference (which showed
     * no cache, its fast start 4 samples of 7,200): 2743 five times, then
     * 2008 against direct writes at 2106, then GC at 232: split against
     * GC, 16.57 GiB, the model's 15.08. A 4-5 s sample holding the three
     * above the direct level (792 against 755) stays as it was.) */
    int at_direct = k == m && c->r[k] <= lo;
    if (!at_direct && c->y[k + 1] < ssd__median(v, 5) + log(o->min_step))
        return;
    size_t below = 0;
    for (size_t j = k + 1; j <= e; j++)
        below += c->r[j] * o->min_step < lo;
    if (below > 1)
        return;
    double f = (c->r[k] - lo) / (hi - lo);
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    double end = c->cum[k] + f * ssd__curve_dt(c, k) * hi;
    if (end >= S->cache_bytes || end * STATIC_REF_CACHE_OVER < whole)
        return;
    /* (In the first sample, against nothing faster than that sample: the
     * cache is bounded inside it, as ssd__cache_end_in_sample bounds it;
     * seed 89's drive 29 after a random fill, with the fresh run as
     * reference: 252 MiB/s, then the direct writes at 75, "cache 1.23
     * GiB, truth 0.99".) */
    if ((k == 0 || (k == 1 && f == 0)) && !(hi > c->r[0] * (1 + 1e-6))) {
        ssd__cache_in_first_sample(c, lo, S);
        return;
    }
    S->cache_bytes = end;
    S->cache_uncertainty_bytes = 0.5 * c->b[k];
    if (at_direct && c->y[k + 1] < ssd__median(v, 5) + log(o->min_step)) {
        double g = exp(ssd__median(v, 5));
        double up = (c->r[k] - g) / (hi - g);
        up = up < 0 ? 0 : up > 1 ? 1 : up;
        S->cache_uncertainty_bytes = up * ssd__curve_dt(c, k) * hi;
    }
}

/* A dynamic cache the idle time refilled on a drive written full, ended
 * in the run's second sample, then its folding at the level the reference
 * (the same workload's) folded at, then GC: the segmentation made the two
 * cache samples and the folding one phase, shorter than a lasting phase,
 * and the cache test read all of it as the cache, its drop the one to GC
 * (seed 167's drive 131, WSAT after a random fill: 186 MiB/s, 247, then
 * five samples at 72, the fill's log folding at 71.6, then GC at 17-23:
 * "cache 4.01 GiB, truth 2.00"; seed 277's drive 82: 145, 295, then 94
 * for 8 samples, "5.98 GiB"). On a drive written full a dynamic cache
 * folds before GC can run (the folding-or-GC note), so a level at the
 * reference's folding right after a fast start is that folding, and the
 * fast start the cache. Both first samples min_drop above the folding
 * level, the second a step or more above it (it holds the cache's end
 * and more than a step of cache: one within a step of the folding is the
 * first-sample rules' above), the next 3 within a step of it. The end
 * lies in the second sample, whose cache share ran between two speeds:
 * no slower than the faster of the two samples (a used cache speeds up as
 * the work idle time left ends, and a GC dip only slows), no faster than
 * the reference's cache; split at their middle (in log), the uncertainty
 * reaching both, as short_cache_at_ref_level does, when the second sample
 * runs a step above the first, the cache still speeding up (247 after
 * 186). A cache whose second sample ran no step faster held its speed: it
 * is split against the faster of the two (seed 313's drive 167, 2 hours
 * after a random fill: 1098 MiB/s, 1059 holding the end, then folding at
 * 774, the fill's cache at 1730; split between, 1.57 GiB, the model's
 * 2.00). Returns 1 when it split (the cache [0, 2), the folding, the
 * rest). */
static int two_sample_cache_before_fold(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                        const struct ref_levels *rl, double fold,
                                        struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    double step = log(o->min_step);
    if (!rl->known || !rl->dynamic || !rl->cache || !isfinite(fold) || !(fold > 0) ||
        !(o->written_before_bytes > 0) || ssd__fresh_room(o, S->capacity_bytes) > 0 || c->nph < 2 ||
        c->ph[0].last < 4 || c->ph[0].last + 1 >= c->min_len ||
        (S->has_cache && S->cache_censored == SSD_CENSOR_RIGHT))
        return 0;
    double lf = log(fold);
    if (!(c->y[0] >= lf + log(o->min_drop)) || !(c->y[1] >= lf + log(o->min_drop)))
        return 0;
    for (size_t i = 2; i < 5; i++)
        if (fabs(c->y[i] - lf) >= step)
            return 0;
    double slow = fmax(c->r[0], c->r[1]), R = fmax(rl->cache_level, slow);
    double mid = c->r[1] >= c->r[0] * o->min_step ? sqrt(slow * R) : slow, dt = ssd__curve_dt(c, 1);
    if (ssd__curve_split(c, 0, 2) != 0)
        return 0;
    double at_slow = c->cum[1] + (c->r[1] - fold) / (slow - fold) * dt * slow;
    double at_ref = c->cum[1] + (c->r[1] - fold) / (R - fold) * dt * R;
    S->has_cache = 1;
    S->cache_censored = SSD_CENSOR_NONE;
    S->cache_bytes = c->cum[1] + (c->r[1] - fold) / (mid - fold) * dt * mid;
    S->cache_uncertainty_bytes =
        fmax(0.5 * c->b[1], fmax(at_slow - S->cache_bytes, S->cache_bytes - at_ref));
    ssd__set_cache_end(res, 2, mid, c->ph[1].level_bps);
    return 1;
}

void ssd__label_regimes(struct ssd__curve *c, const struct ssd__analysis_opts *o, double capacity,
                        const struct ssd__result *ref, struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    S->capacity_bytes = capacity > 0 ? capacity : NAN;
    S->written_before_bytes = o->written_before_bytes;
    S->idle_before_s = o->idle_before_s;
    S->written_since_idle_bytes = o->since_idle_known ? (double)o->written_since_idle_bytes : NAN;
    S->span_bytes = o->span_bytes > 0 ? (double)o->span_bytes : NAN;
    S->has_gc = 0;
    S->gc_start_bytes = S->gc_level_bps = S->gc_end_level_bps = NAN;
    res->regime_note = isfinite(S->capacity_bytes) ? NULL : CAPACITY_UNKNOWN_NOTE;
    ssd__set_undecided(res, NULL, NULL, NULL);
    int clean_start = 0;
    res->seq_fold_after_direct = 0;
    /* The fast start's level as the cache test measured it (a "cache"
     * the rules below may find was clean blocks). */
    double fast_lv = S->has_cache ? S->cache_level_bps : NAN;
    struct ref_levels rl;
    ssd__ref_levels_of(c, o, S, ref, &rl);
    /* A used drive's cache and its folding in one first phase, against a
     * reference that showed no cache (ref_level_inside_start): split when
     * the level is the reference's folding, the cache test judges the
     * fast start alone, and it is the cache (start_folds, as
     * level_between_start_and_used); else the reference's reading does
     * not hold for the run, which is read as without one. */
    int inside = ssd__ref_level_inside_start(c, o, &rl, S);
    if (inside == 2) {
        rl = (struct ref_levels){0, NAN, 0, NAN, 0, 0, NAN, NAN, 0, NAN, NAN, 0};
    } else if (inside == 1) {
        ssd__find_cache(c, o, res);
        rl.start_is_cache = rl.start_folds = 1;
    }
    /* A dynamic cache small enough to end inside the run's first sample
     * or two (2 GiB in 2 s at 2.9 GB/s), then its folding at the level the
     * reference folded at, then the used state a step below: the cache
     * test cannot judge a fast start of a sample, but the reference's
     * levels tell it was the cache (above the folding by min_drop), with
     * its end inside it (as a cache test's "resolution": at least what
     * the sample wrote above the folding level). */
    /* (A reference that never showed its folding gives no level: on a
     * drive written full the samples right after the first are the
     * folding, which comes before GC, when they sit a step below the
     * direct level: their median is the level then (a 2 GiB cache in the
     * first 1 s sample of a fill, then 5 samples at 0.9 GB/s, then GC at
     * 0.36).) */
    double fold_lv = rl.fold;
    size_t short_fold = 0;
    if (rl.known && rl.dynamic && !isfinite(fold_lv) && o->written_before_bytes > 0 &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0 && c->nph >= 2 && c->ph[0].last == 0 &&
        c->ph[1].last >= 7) {
        fold_lv = exp(ssd__level_of(c, 1, 4));
        /* (Not when the second sample is a step above that level: the
         * cache ended in it, not in the first.) */
        if (fold_lv * o->min_step > rl.direct || c->y[1] >= log(fold_lv * o->min_step))
            fold_lv = NAN;
        /* (A folding of two or three samples, GC after it, has no level in
         * the first four: their median mixes it with GC's. The samples
         * from the second on above the midpoint between it and the used
         * state's level, two or more and fewer than a lasting phase, are
         * the folding, their mean its level (seed 313's drive 69, a fill
         * after a random fill: 2735 MB/s holding the 2 GiB cache's end,
         * then 1007 and 824, then GC at 388-400 bursting to 965; the
         * fresh run's direct writes at 2.74 GiB/s, no folding: "used state
         * at 2.5 GiB, truth 4.0").) */
        if (!isfinite(fold_lv) && c->y[1] >= log(c->ph[1].level_bps * o->min_step)) {
            double cut = 0.5 * (c->y[1] + log(c->ph[1].level_bps));
            size_t e = 1;
            while (e <= c->ph[1].last && c->y[e] >= cut)
                e++;
            if (e >= 3 && e - 1 < c->min_len) {
                double sy = 0;
                for (size_t i = 1; i < e; i++)
                    sy += c->y[i];
                double lv = exp(sy / (double)(e - 1));
                if (lv * o->min_step <= rl.direct && c->y[1] < log(lv * o->min_step)) {
                    fold_lv = lv;
                    short_fold = e;
                }
            }
        }
    }
    /* (A fast start of two samples, the first at the reference's cache
     * level and the second a step below it and a step above the folding,
     * is such a cache that ended in its second sample: the segmentation
     * gave both to one phase (342 then 128 MB/s in WSAT's 5 s samples,
     * then folding at 54 and GC at 27: "no cache", the used state from
     * the cache's end). Its second sample goes to the folding, and the
     * end is placed in it below.) */
    int second = 0;
    if (rl.known && rl.dynamic && rl.cache && isfinite(fold_lv) && c->nph >= 2 &&
        c->ph[0].last == 1 && c->ph[1].last >= 8 &&
        (!S->has_cache || S->cache_censored != SSD_CENSOR_RIGHT) &&
        fabs(c->y[0] - log(rl.cache_level)) < log(o->min_step) &&
        c->r[1] * o->min_step <= c->r[0] && c->r[1] >= fold_lv * o->min_step) {
        ssd__curve_move_boundary(c, 1, 1);
        second = 1;
    }
    /* (Likewise a first phase whose first sample alone is min_drop above
     * the rest and whose next 3 samples sit at the folding level (within
     * a step): the cache ended in that sample and the segmentation gave
     * the folding after it to the same phase, 2256 MB/s then 9 samples at
     * 473 in one phase at 451 MiB/s, GC at 338 after it.) */
    if (!second && rl.known && rl.dynamic && isfinite(fold_lv) && c->nph >= 2 &&
        c->ph[0].last >= 4 && c->ph[0].last + 1 < c->min_len &&
        (!S->has_cache || S->cache_censored != SSD_CENSOR_RIGHT) &&
        c->r[0] >= c->ph[0].level_bps * o->min_drop && c->r[0] >= fold_lv * o->min_drop &&
        fabs(c->y[1] - log(fold_lv)) < log(o->min_step) &&
        fabs(c->y[2] - log(fold_lv)) < log(o->min_step) &&
        fabs(c->y[3] - log(fold_lv)) < log(o->min_step)) {
        second = (int)c->ph[1].first;
        ssd__curve_move_boundary(c, 1, 1);
    }
    int two_sample_fold = !second && two_sample_cache_before_fold(c, o, &rl, fold_lv, res);
    if (two_sample_fold)
        rl.start_is_cache = 1;
    /* (The same with the reference's direct level: a used drive's first
     * sample min_drop above it, then a level at it (within a step, or
     * slower by less than min_drop, direct writes after a fill), then the
     * used state. A used drive writes its clean blocks no faster than the
     * fresh drive wrote past its cache (the direct level), and its used
     * state runs below that: GC copies for every block it cleans. So on a
     * drive whose reference has a cache, the first sample's excess is
     * that cache, ended inside it, and the level after it is what the
     * drive wrote past its cache (direct writes, or a dynamic cache's
     * folding the reference read at its direct level), not the used
     * state: a static cache of 1.2 GiB at 2.4 GB/s, then 681 MB/s (the
     * reference's direct level) to 3.2 GiB, then GC at 107 was "used
     * state at 1.5 GiB, truth 3.2". Only when the second sample is
     * already at that level: one a step above it holds the cache's end,
     * which the rules below place.) */
    int first_cache = rl.known && rl.dynamic && isfinite(fold_lv) &&
                      (!S->has_cache || S->cache_censored != SSD_CENSOR_RIGHT) && c->nph >= 2 &&
                      c->ph[0].last == 0 && c->r[0] >= fold_lv * o->min_drop &&
                      (ssd__ref_level_split(c, o, fold_lv, 1, 0) ||
                       (short_fold && ssd__curve_split(c, 1, short_fold) == 0));
    if (!first_cache && !second && rl.known && rl.cache && !rl.none &&
        o->written_before_bytes > 0 && ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
        !S->has_cache && c->nph >= 2 && c->ph[0].last == 0 && c->r[0] >= rl.direct * o->min_drop &&
        c->r[1] < rl.direct * o->min_step)
        first_cache = 2 * ssd__ref_level_split(c, o, rl.direct, 1, 1);
    if (first_cache) {
        second = 0;
        /* (After the direct level's split, the level after the cache is
         * the reference's: GC dips inside the direct writes pull their
         * phase's median down.) */
        double after = first_cache == 2 ? rl.direct : c->ph[1].level_bps;
        ssd__cache_in_first_sample(c, after, S);
        S->post_cache_bps = after;
        res->cache_phase_end = 1;
        res->post_phase = 1;
        rl.start_is_cache = 1;
        /* A first sample at the reference's cache level was cache all
         * through (a cache that ends inside a sample slows it below its
         * level): when the second is a step above the folding, the cache
         * ended in that one, after the share of its time its rate puts at
         * the first sample's speed (2 GiB at 340 MB/s in WSAT's 5 s
         * samples: 1.58 GiB in the first, then 113 MB/s, then folding at
         * 31; it was "at most 1.58 GiB, ended inside the first sample"). */
        if (rl.cache && fabs(c->y[0] - log(rl.cache_level)) < log(o->min_step) &&
            c->r[1] >= after * o->min_step && c->r[1] * o->min_step <= c->r[0]) {
            S->cache_censored = SSD_CENSOR_NONE;
            ssd__cache_end_in_sample(c, o, S, 1, c->r[0], after);
        }
    }
    if (second) /* (no folding after it: as it was) */
        ssd__curve_move_boundary(c, 1, second == 1 ? 2 : (size_t)second);
    /* The folding of a cache that ended in the first sample or two, a
     * run of flat samples GC's bursts kept the splits above from seeing
     * (fold_run_after_cache): the cache is the first sample(s). */
    double run_hi = NAN;
    int run_seen = 0;
    size_t run_s = rl.start_is_cache || (S->has_cache && S->cache_censored == SSD_CENSOR_RIGHT)
                       ? 0
                       : ssd__fold_run_after_cache(c, o, &rl, S->capacity_bytes, &run_hi, &run_seen,
                                                   S->has_cache);
    /* (Phases the segmentation already made: the cache test's cache, when
     * it ended there, is the cache whose folding follows; else as they
     * were.) */
    if (run_seen) {
        if (S->has_cache && S->cache_censored == SSD_CENSOR_NONE &&
            res->cache_phase_end + 1 >= run_s && res->cache_phase_end <= run_s + 1)
            rl.start_is_cache = 1;
        run_s = 0;
    }
    if (run_s) {
        double lo = c->ph[1].level_bps;
        ssd__cache_in_first_sample(c, lo, S);
        S->post_cache_bps = lo;
        res->cache_phase_end = run_s;
        res->post_phase = 1;
        res->nbursts = res->bursts_total = 0;
        rl.start_is_cache = 1;
        /* (Ended in a later sample: placed in it, as above.) */
        if (run_s >= 2) {
            S->cache_censored = SSD_CENSOR_NONE;
            S->cache_level_bps = run_hi;
            S->cache_drop_ratio = run_hi / lo;
            ssd__cache_end_in_sample(c, o, S, run_s, run_hi, lo);
        }
    }
    /* (The same cache folded in a sample or two, too few for the split
     * above (3 or more) or fold_run_after_cache: a first sample min_drop
     * above the reference's folding level, then one at that level (within
     * a step, no faster), then a slower one. The cache test, against the median of those two,
     * read the folding sample as the cache's end mixed with them (2.46
     * GB/s, 1.19 at the reference's folding 1.19, 0.75, then GC at 0.24
     * with a 2 GiB cache: 3.28 GiB). The cache ended inside the first
     * sample, as above.) */
    if (!rl.start_is_cache && rl.known && rl.dynamic && isfinite(rl.fold) &&
        o->written_before_bytes > 0 && ssd__fresh_room(o, S->capacity_bytes) <= 0 && S->has_cache &&
        S->cache_censored == SSD_CENSOR_NONE && c->nph >= 2 && c->ph[0].last == 0 && c->n > 3 &&
        S->cache_bytes >= c->cum[1] && c->r[0] >= rl.fold * o->min_drop &&
        c->r[1] < rl.fold * o->min_step && c->r[1] * o->min_step > rl.fold && c->r[2] < c->r[1]) {
        ssd__cache_in_first_sample(c, rl.fold, S);
        rl.start_is_cache = 1;
    }
    /* A fast start at the reference's cache level that the cache test
     * passed over is the cache (ref_start_at_cache_level). */
    if (!rl.start_is_cache)
        ssd__ref_start_at_cache_level(c, o, &rl, res);
    /* A fast start at the reference's cache level that the segmentation
     * made one phase with the direct writes after it (both shorter than a
     * lasting phase): split it, and the cache test judges the cache
     * alone. (By the reference's levels also when the cache test found
     * no cache in the whole phase: with the used state's first samples in
     * it too, its samples were not 70 % at speed.) */
    size_t moved = 0, b1 = c->nph >= 2 ? c->ph[1].first : 0;
    int start_cache = c->nph >= 2 && ssd__ref_cache(&rl, &c->ph[0]);
    if (rl.known && c->nph >= 2 && rl.cache && !rl.none && c->ph[0].last >= 2 &&
        ((!start_cache && ((S->has_cache &&
                            ssd__median3(c->y[0], c->y[1], c->y[2]) >=
                                0.5 * (log(rl.cache_level) + log(rl.direct)) &&
                            ssd__cache_in_fast_start(c, o)) ||
                           ssd__ref_cache_in_fast_start(c, o, &rl, &moved))) ||
         (start_cache && ssd__direct_tail_in_cache(c, o, &rl, res)))) {
        size_t at = c->ph[1].first;
        /* (Nothing kept: the cache test's verdict on the whole fast start
         * stands, as it was before the split.) */
        struct ssd__result *was = malloc(sizeof *was);
        if (was)
            memcpy(was, res, sizeof *was);
        ssd__find_cache(c, o, res);
        /* (A cache the split left in the first sample alone, bounded
         * inside it by the cache test (resolution): kept too. The
         * reference's cache ran at that sample's speed and its direct
         * writes at the level after, and a used drive writes its clean
         * blocks no faster than the fresh direct level: the sample's
         * excess over it is cache that ended inside it, as the fresh
         * run's own first sample was read (seed 101's drive 92, WSAT
         * after a sequential fill: 1570 MiB/s, then 30 samples at the
         * reference's direct 382, then GC at 21; the phase of 31 read as
         * clean blocks, "no phase boundary near the slc->native change
         * at 7.1 GiB"). Not when the speed comes back above the midpoint
         * of the reference's levels after it, ssd__back_above_mid: a cache
         * never resumes after its end, and that first sample was the cache
         * before a GC dip (seed 163's drive 140, 2 hours after a
         * sequential fill: 2135 MiB/s, 4 s at 1000-1028, then 2142, 2262,
         * 1481 holding the 11 GiB end).) */
        int first_only = S->has_cache && S->cache_censored == SSD_CENSOR_RESOLUTION && at == 1 &&
                         res->cache_phase_end == 1 && !ssd__back_above_mid(c, o, &rl, at);
        if (S->has_cache && (S->cache_censored == SSD_CENSOR_NONE || first_only) &&
            res->cache_phase_end + 2 >= at && res->cache_phase_end <= at + 2) {
            ssd__curve_move_boundary(c, 1, res->cache_phase_end);
            /* (A cache test that measured its drop against the used
             * state, past direct writes too short for a level of its own
             * (every sample between the split's first and the drop's
             * within a step of the reference's direct level): the end
             * goes inside the split's first sample, against the direct
             * level.) */
            size_t ce = res->cache_phase_end;
            int past = S->cache_bytes > c->cum[at + 1] && ce > at + 1;
            for (size_t i = at + 1; past && i < ce; i++)
                past = fabs(c->y[i] - log(rl.direct)) < log(o->min_step);
            if (past) {
                double hi = ssd__cache_speed_before(c, at, c->ph[0].level_bps);
                ssd__cache_end_in_sample(c, o, S, at, hi, rl.direct);
                S->cache_drop_ratio = hi / rl.direct;
                S->post_cache_bps = rl.direct;
            }
        } else if (!ssd__ref_split_cache(c, o, &rl, res, at)) {
            ssd__curve_merge_next(c, 0);
            if (!ssd__ref_fast_start_split_again(c, o, &rl, res, &moved) && was)
                memcpy(res, was, sizeof *res);
        }
        free(was);
    }
    /* (Not kept: the used state's samples go back where they were.) */
    if (moved && c->nph >= 2 && c->ph[1].first == moved)
        ssd__curve_move_boundary(c, 1, b1);
    /* A fast start that the cache test ended where the phase does, at
     * the cache's speed for 3 samples or more, is the cache, whatever its
     * median (at_cache_speed). */
    if (rl.known && rl.cache && !rl.none && S->has_cache && S->cache_censored == SSD_CENSOR_NONE &&
        c->nph >= 2 && res->cache_phase_end == c->ph[1].first &&
        ssd__at_cache_speed(c, &rl, o, &c->ph[0]))
        rl.start_is_cache = 1;
    /* Direct writes after the cache, shorter than a lasting phase, that the
     * segmentation gave to the used state: their own phase. */
    int rl_path = rl.known && S->has_cache && c->nph >= 2 && ssd__ref_cache(&rl, &c->ph[0]);
    if (rl_path && !ssd__short_direct_after_cache(c, o, 0))
        ssd__ref_level_split(c, o, rl.direct, 1, 1);
    /* (A static cache's end before the clean blocks after a random fill,
     * its drop measured against GC's level: cache_end_before_direct.) */
    if (rl.known && rl.cache && !rl.dynamic && !rl.none && S->has_cache &&
        S->cache_censored == SSD_CENSOR_NONE &&
        (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL && o->written_before_bytes > 0 &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
        S->post_cache_bps * o->min_step <= rl.direct) {
        double whole = ref && ref->sum.has_cache && ref->sum.cache_censored == SSD_CENSOR_NONE
                           ? ref->sum.cache_bytes
                           : NAN;
        if (!(S->cache_bytes * STATIC_REF_CACHE_OVER < whole))
            cache_end_before_direct(c, o, &rl, whole, S);
    }
    size_t after = 1; /* (the first phase after the direct level) */
    while (after < c->nph && ssd__at_direct(&rl, o, c->ph[after].level_bps))
        after++;
    int ref_fold_split =
        rl_path && rl.dynamic && isfinite(rl.fold) && ssd__ref_level_split(c, o, rl.fold, after, 0);
    if (!ref_fold_split && rl_path && rl.dynamic && o->written_before_bytes > 0 &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0) {
        /* A reference that never showed its folding (a fill or a 2-hour
         * run that ended before it): on a drive written full the dynamic
         * cache is folded before GC runs (see the folding-or-GC note), so a
         * short level at the start of the phase after the cache, a step
         * above the rest of it, is that folding (612 MB/s for 7 samples
         * after a 2 GiB cache in one, then GC at 381, in an 850-sample
         * fill after a random fill). Its level is its first samples'. */
        /* (Also when the reference showed its folding but the run holds
         * no level at that speed: a fresh drive folds into clean blocks,
         * a drive written full into blocks GC must free first, and folds
         * slower. Seed 223's drive 167, 2 hours after a random fill: a 2
         * GiB cache in the first 1 s sample at 2119 MB/s, then folding
         * flat at 272-279 for 13 samples to 5.8 GiB, then GC around 170,
         * where the fill's log folded at 910: the used state was read
         * from the cache's end, "used state at 2.1 GiB, before the
         * model's 6.0". Then only a level: the first three samples within
         * half a step of each other, not GC's start sliding down from the
         * folding's speed (seed 13's drive 129: 1139, 761, 672, 588 MB/s
         * ...).) */
        if (after < c->nph && c->ph[after].last >= c->ph[after].first + 6) {
            size_t f = c->ph[after].first;
            double a = c->y[f], b = c->y[f + 1], d = c->y[f + 2];
            if (!isfinite(rl.fold) ||
                fmax(a, fmax(b, d)) - fmin(a, fmin(b, d)) < 0.5 * log(o->min_step))
                ssd__ref_level_split(c, o, exp(ssd__level_of(c, f, f + 3)), after, 0);
        }
    }
    /* A level of its own right after a used drive's cache (3 samples or
     * more, min_drop below the cache) that the cache test passed over as
     * the drop's transition, measuring the drop to the used state a step
     * below it: the cache's drop is to that level (direct writes or
     * folding), and its end inside the boundary sample is placed against
     * it (2 GiB of cache in a 5 s sample, then 59 MB/s in a sample that
     * held its last 0.1 GiB, then 10 samples of folding at 42 and GC at
     * 11: read against GC the cache was 2.15 GiB). */
    if (rl_path && S->cache_censored == SSD_CENSOR_NONE && c->nph >= 3 &&
        res->cache_phase_end == c->ph[1].first && c->ph[1].first >= 1 &&
        c->ph[1].last - c->ph[1].first + 1 >= 3 &&
        S->post_cache_bps * o->min_step <= c->ph[1].level_bps &&
        c->ph[1].level_bps * o->min_drop <= S->cache_level_bps) {
        ssd__cache_end_in_sample(c, o, S, c->ph[1].first, S->cache_level_bps, c->ph[1].level_bps);
        S->cache_drop_ratio = S->cache_level_bps / c->ph[1].level_bps;
        S->post_cache_bps = c->ph[1].level_bps;
    }
    /* A drive written before this run whose fast start is at its fresh
     * direct level (the reference's level after its cache, or its only
     * level), not at its cache's: the clean blocks idle time or the
     * spare area gave back, not a cache, and the drop that ends it is
     * the used state. */
    if (rl.known && S->has_cache && c->nph >= 2 &&
        ssd__ref_clean(c, &rl, o, &c->ph[0], S->cache_level_bps)) {
        no_cache(c, res);
        clean_start = 1;
    }
    /* (The same when a reference of another workload, whose levels are not
     * this run's, showed that the drive has no cache: ref_kind none, as
     * ref_levels.none for a reference of the same workload. An enterprise
     * drive's 128K sequential run after a 4K random fill: 10.5 GiB of
     * clean blocks, then GC, read "cache" and "folding", seed 11's drive
     * 198.) */
    if (!rl.known && res->ref_kind == SSD__REF_KIND_NONE && S->has_cache && c->nph >= 2 &&
        o->written_before_bytes > 0) {
        no_cache(c, res);
        clean_start = 1;
    }
    /* A used drive's clean blocks shorter than a lasting phase, whose
     * first phase the segmentation made mostly of the used state after
     * them (28 samples at 75 MB/s, then 75 of GC at 23 in one phase, its
     * median GC's): no drop from that phase's level to the next, so the
     * used state was missed. Its best two-level split, a first level 2x
     * above the rest and the rest within a step of the next phase's
     * level, is where the clean blocks ran out: the rest goes to the
     * next phase. (The first phase may be longer than two lasting phases:
     * 40 samples at 55 MB/s, then 182 of GC scattering 15-40 in one phase
     * of 222, its median GC's, seed 11's drive 119. What bounds the fast
     * level is physics, not the segmentation: it ends within the clean
     * blocks the drive can have, clean_room_max.) */
    if (!S->has_cache && !rl.cache && o->written_before_bytes > 0 && isfinite(S->capacity_bytes) &&
        c->nph >= 2 && c->ph[1].first >= 6) {
        size_t e0 = c->ph[1].first;
        double l1, l2, gain;
        size_t arg = ssd__two_levels(c, 0, e0, 3, e0 - 3, &l1, &l2, &gain);
        if (arg && c->cum[arg] <= ssd__clean_room_max(o, S->capacity_bytes) &&
            (l1 >= l2 + log(SHAPE_MIN_FALL) ||
             ssd__clean_blocks_fall(c, o, 0, arg, e0, l1, l2, gain)) &&
            fabs(l2 - log(c->ph[1].level_bps)) < log(o->min_step) &&
            fabs(log(c->ph[0].level_bps) - log(c->ph[1].level_bps)) < log(o->min_step) &&
            ssd__curve_split(c, 0, arg) == 0)
            ssd__curve_merge_next(c, 1);
    }
    /* (No reference: a random fill's dynamic cache inside the first
     * sample, its folding in the same phase; first_sample_cache_before_fold.) */
    /* (After a sequential fill, with the fill's log showing a dynamic
     * cache: seq_first_sample_fold; its folding is phase 1, the used state
     * after it.) */
    int seq_first_fold = 0;
    if (!rl.known && !ssd__first_sample_cache_before_fold(c, o, res))
        seq_first_fold = ssd__seq_first_sample_fold(c, o, res);
    /* (After a sequential fill, with the fill's log showing a dynamic
     * cache: a cache of a few samples the cache test ended with the
     * spare area's direct writes after it; seq_cache_before_direct. Direct
     * writes of about a sample in its phase, with the fresh run's levels
     * too: seq_cache_short_direct.) */
    if (!seq_first_fold && (rl.known || !ssd__seq_cache_before_direct(c, o, res)))
        ssd__seq_cache_short_direct(c, o, res);
    /* (A GC dip at such a cache's end: seq_dip_at_cache_end. A cache read
     * larger than the fill log's whole dynamic cache:
     * seq_cache_over_fill_log.) */
    if (!rl.known && !seq_first_fold && (int)o->precondition == SSD_PRECONDITION_SEQ_FILL &&
        o->written_before_bytes > 0 && !(o->idle_before_s == 0) &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0 && !ssd__seq_overwrites(o, res) &&
        (ssd__dynamic_cache(S) || res->ref_kind == SSD__REF_KIND_DYNAMIC)) {
        int over =
            res->ref_kind == SSD__REF_KIND_DYNAMIC && ssd__seq_cache_over_fill_log(c, o, res);
        if (over || !ssd__seq_cache_short_direct(c, o, res))
            ssd__seq_dip_at_cache_end(c, o, res);
    }
    /* (A dynamic cache's folding after a sequential fill, shorter than a
     * lasting phase: its end; seq_fill_fold_end.) */
    res->seq_fold_end = rl.known ? 0 : ssd__seq_fill_fold_end(c, o, res);
    int clean_room = 0;
    /* Sequential writes over a drive filled sequentially free whole blocks:
     * GC copies nothing, and no used state follows (seq_overwrites). */
    int no_used = isfinite(S->capacity_bytes) && ssd__seq_overwrites(o, res);
    size_t g =
        S->cache_censored == SSD_CENSOR_RIGHT || no_used
            ? 0
            : ssd__gc_onset_phase(c, o, S->capacity_bytes, res, clean_start, &rl, &clean_room);
    /* (A fresh drive's folding to the run's end with GC's scatter in it:
     * ssd__fold_scatter_to_end.) */
    if (!g && S->cache_censored != SSD_CENSOR_RIGHT && !no_used && !ref)
        g = ssd__fold_scatter_to_end(c, o, S);
    if (seq_first_fold && ((g >= 1 && g <= 2) || seq_first_fold == 2) && c->nph >= 3) {
        clean_room = 0; /* (seq_first_sample_fold: the cache, its folding) */
        /* (2: direct writes before the folding; the used state after it.) */
        g = seq_first_fold == 2 && c->nph >= 4 ? 3 : 2;
    }
    /* A used drive's fast start, then a stretch that is no level the drive
     * holds (a dip like the fast start's own, or GC's first bursts above
     * its floor: ssd__middle_no_level), then the used state: no reference,
     * a drive written full. Three apparent levels there prove no cache:
     * the stretch belongs to the fast start (1) or to the used state (2),
     * and the fast start is read as clean blocks, as one drop is
     * (one_drop_on_full_drive: the note says it may be a cache). (After a
     * sequential fill only a fast start past SEQ_FILL_CLEAN_MIN_SHARE of
     * the capacity, as there: one shorter is a cache.) */
    int no_level = 0;
    if (g == 2 && !clean_room && !ref && !rl.known && !seq_first_fold && !no_used && S->has_cache &&
        o->written_before_bytes > 0 && isfinite(S->capacity_bytes) &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
        ((int)o->precondition != SSD_PRECONDITION_SEQ_FILL ||
         c->ph[2].start_bytes >= SEQ_FILL_CLEAN_MIN_SHARE * S->capacity_bytes)) {
        int m = ssd__middle_no_level(c, o);
        if (m) {
            no_level = 1;
            ssd__curve_merge_next(c, m == 1 ? 0 : 1);
            g = 1;
            clean_room = 2;
        }
    }
    int one_drop = clean_room == 2, outlast = clean_room == 1;
    /* (A dynamic cache on a drive written full sequentially, no
     * reference: it took the spare area's clean blocks, so it folds right
     * after it fills (fold_first below), and the used state follows the
     * folding: no later folding step to split off the used state.) */
    int seq_full_dynamic = !rl.known && (int)o->precondition == SSD_PRECONDITION_SEQ_FILL &&
                           ssd__fresh_room(o, S->capacity_bytes) <= 0 && !no_used &&
                           (ssd__dynamic_cache(S) || res->ref_kind == SSD__REF_KIND_DYNAMIC);
    /* (The same drive, no reference, a cache too small beside the
     * capacity to be dynamic by its size: the idle time before the run
     * flushed only so much of the fill's end (about 30 GiB in 900 s on the
     * sweep's drives), whatever the drive's own cache. A static one then
     * has direct writes to the clean spare area and goes from them into
     * GC; the four levels of seq_direct_fold_gc, a quiet flat level a step
     * below the direct writes before GC's scatter, are a dynamic cache's
     * folding whatever its size: seed 2026's drive 48, 2 hours, 29.9 GiB
     * of cache on a 3115 GB drive, direct writes at 1569 MiB/s to 177.6
     * GiB, folding flat at 1099 to 528.1, then GC scattering about 404,
     * read as one used state sliding from 1100 from 178.2 GiB, "used state
     * at 178.2 GiB, truth 528.1".) */
    int seq_full_small = !rl.known && (int)o->precondition == SSD_PRECONDITION_SEQ_FILL &&
                         ssd__fresh_room(o, S->capacity_bytes) <= 0 && !no_used &&
                         res->ref_kind == SSD__REF_KIND_UNKNOWN && S->has_cache &&
                         !ssd__dynamic_cache(S);
    /* A phase shorter than a lasting phase between the cache and the
     * used state, a level of its own (SHORT_LEVEL samples or more, min_drop below
     * the cache and 2x above the used state, its samples held above the
     * midpoint to it: holds_above): the direct writes, so the cache was
     * one. (Not when the fast start ended in a slide
     * (slide_off_fast_start): that phase is the used state's start, which
     * the segmentation cut into steps; nor when its samples scatter about
     * the midpoint, GC's first seconds bursting before they settle.) */
    if (clean_room && g == 2 && c->ph[1].last - c->ph[1].first + 1 >= SHORT_LEVEL &&
        c->ph[1].level_bps * o->min_drop <= c->ph[0].level_bps &&
        c->ph[1].level_bps >= SHAPE_MIN_FALL * c->ph[2].level_bps &&
        ssd__holds_above(c, 1, c->ph[2].level_bps) &&
        !ssd__slide_off_fast_start(c, o, S->cache_level_bps, c->ph[1].first))
        clean_room = 0;
    /* (Other short phases between the fast start and the decline are
     * the drop's transition: the decline's.) */
    while (clean_room && g > 1 && c->ph[g - 1].last - c->ph[g - 1].first + 1 < c->min_len) {
        ssd__curve_merge_next(c, g - 1);
        g--;
    }
    /* (So are they when the fast start of a used drive with no cache
     * (clean blocks, the reference said) ends in a slide, which the
     * segmentation cut into steps: the used state starts with it, not at
     * the first step long enough for a lasting phase.) */
    if (!S->has_cache && g > 1 && o->written_before_bytes > 0 && isfinite(S->capacity_bytes) &&
        isfinite(fast_lv) && ssd__first_level_after(c, g) &&
        ssd__slide_off_fast_start(c, o, fast_lv, c->ph[1].first))
        while (g > 1) {
            ssd__curve_merge_next(c, g - 1);
            g--;
        }
    /* (Without a reference, such a level that may be one of the drive's
     * GC dips where the clean blocks ran out is the fast start's:
     * ssd__dip_where_clean_blocks_end; the fast start is then read as
     * clean blocks, the note saying a reference decides. After a random
     * fill only, and not for writes the run records as random: there a
     * static cache's direct writes to idle GC's clean blocks lasting a
     * dip's length at a dip's depth were read so, 2 hours on seed
     * 2026's drive 127 (1102 MiB/s, then 6 s at 281, then GC at 48) and
     * 313's drive 139 (read right before); the false cache was a 128K
     * fill.) */
    int dip_end_open = !rl.known && res->ref_kind == SSD__REF_KIND_UNKNOWN &&
                       (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL &&
                       strncmp(res->pattern, "rand", 4) != 0 && o->written_before_bytes > 0 &&
                       isfinite(S->capacity_bytes) && ssd__fresh_room(o, S->capacity_bytes) <= 0;
    if (clean_room && g == 1 && !no_level &&
        (ssd__short_direct_after_cache(c, o, 1) || ssd__short_flat_direct_after_cache(c, o))) {
        if (dip_end_open && ssd__dip_where_clean_blocks_end(c)) {
            ssd__curve_merge_next(c, 0);
        } else {
            clean_room = 0; /* a cache, then direct writes, then the used state */
            g = 2;
        }
    }
    /* (No reference: a random fill's dynamic cache inside the first
     * sample whose folding runs less than min_drop above GC;
     * first_sample_fold_near_gc.) */
    if (clean_room && g == 1 && !rl.known && ssd__first_sample_fold_near_gc(c, o, res)) {
        clean_room = 0;
        g = 2;
    }
    int fast_split = clean_room && g == 1 && !no_level &&
                     (ssd__cache_in_fast_start(c, o) || ssd__short_levels_in_fast_start(c, o));
    if (fast_split && dip_end_open && ssd__dip_where_clean_blocks_end(c)) {
        ssd__curve_merge_next(c, 0); /* (the dip is the fast start's, as above) */
        fast_split = 0;
    }
    if (fast_split) {
        /* The cache test again, on the cache alone; the used state is
         * now phase 2, after the direct writes. */
        size_t at = c->ph[1].first;
        ssd__find_cache(c, o, res);
        clean_room = !S->has_cache || S->cache_censored != SSD_CENSOR_NONE ||
                     res->cache_phase_end + 2 < at || res->cache_phase_end > at + 2;
        if (clean_room && ssd__cache_before_short_direct(c, o, res, at))
            clean_room = 0;
        if (!clean_room)
            ssd__curve_move_boundary(c, 1, res->cache_phase_end);
        if (clean_room)
            ssd__curve_merge_next(c, 0);
        else
            g = 2;
    }
    /* A reference of this run's own workload (the fill's 4K random log
     * before a 4K random run) that showed a static SLC cache tells what one
     * of another workload does: its size, a fixed area the idle time before
     * the run flushed. Its levels alone did not place the cache: GC dips
     * inside the cache pull the run's fast start down to the direct level
     * (seed 59's drive 24, 2 hours after a random fill: 1493 MB/s twice, a
     * dip, then 2503 to 5.36 GiB, then direct writes at 1220, then GC at
     * 375; the fill's log a 5.21 GiB cache at 2.64 GB/s: "cache of 5.24
     * GiB missed", the fast start read as clean blocks). The rules below
     * that read a static cache's size off such a reference read it off
     * this one too. Only a cache the log measured (its own, not censored): one
     * that ended inside the log's first sample is a bound, not a size
     * (seed 137's drive 162: "at most 2.73 GiB", the run's end then fitted
     * at 2.62 for the model's 2.79). */
    int same_static = rl.known && rl.cache && !rl.dynamic && isfinite(rl.cache_bytes) &&
                      ref->sum.has_cache && ref->sum.cache_censored == SSD_CENSOR_NONE &&
                      (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL &&
                      !isfinite(res->ref_kind_cache_bytes);
    if (same_static) {
        res->ref_kind_cache_bytes = rl.cache_bytes;
        res->ref_kind_cache_unc =
            isfinite(ref->sum.cache_uncertainty_bytes) ? ref->sum.cache_uncertainty_bytes : 0;
    }
    int static_ref = (!rl.known && res->ref_kind == SSD__REF_KIND_STATIC) || same_static;
    /* A reference of another workload (the fill's own log: a 4K random
     * fill before a 128K sequential run) that showed a static SLC cache:
     * a static cache survives any fill and the idle time before the run
     * flushes it, while a random fill leaves no clean spare area for
     * direct writes after it, so a fast start the cache test found a
     * cache, that dropped once straight into the used state on a drive
     * randomly written full, is that cache, not the clean blocks (one
     * curve cannot tell them apart: random_fill_one_drop_note). No larger
     * than the reference's cache (STATIC_REF_CACHE_OVER: a static cache
     * is a fixed area, and idle time empties part of it), and not right
     * after a write (idle time 0: the cache still holds the fill's data).
     * (Not after a sequential fill: the spare area it left clean is
     * written at the direct level after the cache, and a fast start that
     * dropped once is those clean blocks: seed 2026's drive 18, 86 GiB at
     * 1.3 GB/s after a 2.3 GiB static cache.) */
    if (clean_room && g == 1 && static_ref &&
        (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL && S->has_cache &&
        S->cache_censored == SSD_CENSOR_NONE && !(o->idle_before_s == 0) &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
        S->cache_bytes <= STATIC_REF_CACHE_OVER * res->ref_kind_cache_bytes)
        clean_room = 0;
    /* A reference of another workload that showed a dynamic cache: after
     * a random fill the fast first sample is that cache, and the level
     * after it its folding (dynamic_ref_first_sample_fold, 2: its split).
     * When the rules before already split a cache, a level and the used
     * state, their boundaries stand (their reading held on the sweep's dev
     * seeds where this one's differed: seed 2026's drive 48, GC's start
     * sliding down from the folding's level; seed 47's drive 86, a cache
     * placed against the folding inside its drop's sample), and the level
     * is labelled the folding (1). */
    res->dynamic_ref_fold = 0;
    if (g && !rl.known && res->ref_kind == SSD__REF_KIND_DYNAMIC &&
        (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL && !(o->idle_before_s == 0) &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0) {
        if (g == 2) {
            res->dynamic_ref_fold = 1;
            /* (Their used state may start late, GC's first bursts back at
             * the folding's level taken into it: dynamic_ref_fold_end.
             * The end it places is the onset, as the split's is (2): the
             * knee looked for past it put GC's first bursts back into the
             * folding, seed 47's drive 79, the fill.) */
            if (ssd__dynamic_ref_fold_end(c, o))
                res->dynamic_ref_fold = 2;
        } else if (ssd__dynamic_ref_first_sample_fold(c, o, res, &g)) {
            clean_room = 0;
            res->dynamic_ref_fold = 2;
        }
    }
    /* A reference of another workload that showed a dynamic cache, after
     * a random fill and idle time, and a cache the cache test found that
     * dropped once straight into a level to the run's end (read as clean
     * blocks by one_drop_on_full_drive, or because that level outlasts
     * them: clean_room 2 or 1, not a slide's 3): a dynamic cache takes the clean blocks
     * idle GC gave back in SLC mode before anything else writes them, so
     * the fast start is that cache, and its folding runs at GC's speed,
     * one level with it (seed 167's drive 37, the fill after a random
     * fill, a SATA drive: 2 GiB at 446 MiB/s for 5 samples, then 42
     * MiB/s to the end, the folding 46 and GC 42; the fill's 4K log a 24
     * GiB cache at 389 MiB/s: "cache of 2.00 GiB missed"). Only at the
     * log's cache level or above, less a step (ref_kind_cache_bps: the
     * SLC writes the run's larger sequential blocks no slower than the
     * log's 4K ones): a fast start a step below it is no cache's but the
     * folding after a cache that ended inside the first sample (an NVMe
     * drive's 2 GiB at 2.7 GB/s, then the folding at 1.86 GB/s for 2
     * GiB). And only a cache at one level (ssd__one_level_cache, the cache
     * test's end at phase 1's start) for two samples or more before the
     * one holding its end: an NVMe drive's 128K SLC runs above the 4K
     * log's capped cache level too, but its 2 GiB end inside the first
     * sample, and what follows is its folding (seed 11's drive 37: 2514
     * MB/s, then folding at 1209, then GC, the log's cache at 2154; seed
     * 53's drive 13: 2532, then 863 and 744, then GC at 231: read "cache
     * 3.19 GiB" and "3.90 GiB, truth 2.00" without these guards, and 30
     * more such runs on the 37 seen seeds). */
    if ((clean_room == 1 || clean_room == 2) && g == 1 && !rl.known &&
        res->ref_kind == SSD__REF_KIND_DYNAMIC &&
        (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL && S->has_cache &&
        S->cache_censored == SSD_CENSOR_NONE && !(o->idle_before_s == 0) &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0 && res->ref_kind_cache_bps > 0 &&
        S->cache_level_bps * o->min_step >= res->ref_kind_cache_bps &&
        res->cache_phase_end == c->ph[1].first && c->ph[1].first >= 3 &&
        ssd__one_level_cache(c, o, S))
        clean_room = 0;
    /* (The same cache, flushed whole, with the idle-cleaned blocks' direct
     * writes after it inside the fast start: static_ref_cache_before_direct.) */
    if (clean_room && g == 1 && static_ref &&
        (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL && S->has_cache &&
        S->cache_censored == SSD_CENSOR_NONE && !(o->idle_before_s == 0) &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
        ssd__static_ref_cache_before_direct(c, o, res, 0)) {
        clean_room = 0;
        g = 2;
    }
    /* (The same cache flushed whole, the fast start holding more than the
     * fill log's cache, which the rules above missed or read outside that
     * cache's stated uncertainty and STATIC_REF_CACHE_OVER of it: the cache
     * ends at the log's cache when the run's samples agree;
     * static_ref_log_end. A reading within 4 % of the log's stands: the
     * log's own reading may be that far off the drive's, 5.68 GiB for the
     * 6.00 the run read right at 5.87, seed 197's drive 143. A log of the
     * run's own workload reads the cache with the run's own resolution, its
     * samples as long, its end read inside a sample as the run's is: a
     * reading whose stated uncertainty holds the log's cache stands too (a
     * 1.85-sample cache at 308 MB/s, the log's read 6.23e8 bytes for 5.70e8,
     * the run's 5.68e8 +- 1.46e8: tests/c/test_analysis_used_cache.c's
     * a_cache_ending_late_in_its_second_sample); only a reading further off,
     * a missed cache or a dip read as its end, goes to the log's.) */
    if (g >= 1 && static_ref && (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL &&
        !(o->idle_before_s == 0) && ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
        (!S->has_cache || clean_room ||
         (S->cache_censored == SSD_CENSOR_NONE &&
          fabs(S->cache_bytes - res->ref_kind_cache_bytes) >
              fmax(fmax(res->ref_kind_cache_unc,
                        (STATIC_REF_CACHE_OVER - 1) * res->ref_kind_cache_bytes),
                   same_static && isfinite(S->cache_uncertainty_bytes) ? S->cache_uncertainty_bytes
                                                                       : 0))) &&
        ssd__static_ref_log_end(c, o, res, g)) {
        clean_room = 0;
        g = 2;
    }
    /* (The same cache ended inside the first sample, the blocks idle GC
     * cleaned written at the direct level for a few samples after it:
     * static_ref_first_sample_direct.) */
    if ((clean_room || !S->has_cache) && g == 1 && static_ref &&
        (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL && !(o->idle_before_s == 0) &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
        ssd__static_ref_first_sample_direct(c, o, res, 0)) {
        clean_room = 0;
        g = 2;
    }
    /* (The same direct writes after a cache the cache test found and
     * ended. When their first samples mix them with the cache's end or
     * their last with GC's start, no two of them at one level, they are
     * fitted on three levels as in a fast start holding more than the
     * log's cache (static_ref_cache_before_direct): seed 157's drive 161,
     * the fill: 4 samples at 1712 MB/s, 677 holding the end, then direct
     * writes at 274-350 for 6 samples, 150, then GC at 78, the used state
     * read from the cache's end, 6.4 GiB for the model's 8.8; 139's drive
     * 160, 151's 193 the same). Only a cache at one level (every sample
     * before its drop's within a step of it, ssd__one_level_cache): the
     * fit takes the cache at one level, and an SLC whose speed declines a
     * step inside the cache steps down before its end (6416, 5138, 4551,
     * 4504 MB/s, then GC at 617, seed 2026's drive 142: read 8.53 GiB for
     * the model's 19.15 without this guard). And only with three samples
     * or more from the step to GC's first (the drop's mixed sample, one
     * of the direct writes' own, the one mixing them with GC): with fewer
     * the fit has too few data and reads any cache straight into GC as
     * one with direct writes, its end a sample early (3111 MB/s, then
     * 1601 holding the end, then GC at 64, seed 127's drive 72: 17.84
     * GiB for the model's 19.25, the idle time spent flushing the cache;
     * a GC dip at the cache's end, 1609, 1211, then 388, GC at 174,
     * 149's drive 145). The direct level no slower than the log's own
     * direct writes when the run's are sequential and its blocks no smaller,
     * as static_ref_first_sample_direct asks: after a flush-limited cache
     * GC's first samples run flat above where GC settles,
     * tests/py/test_fill_reference.py's static drive. Not against a log
     * of the run's own workload: its levels split the direct writes off
     * after the cache (ssd__ref_level_split), and this took GC's first
     * samples for them, the direct writes into the cache: seed 47's drive
     * 167, 2 hours after a random fill against its fresh run, 4 samples at
     * 2.76 GB/s, 1274 and 963 MB/s of direct writes, then GC at 170 and
     * 80, read 12.91 GiB for 10.92.) */
    if (!clean_room && g == 1 && static_ref && !same_static && S->has_cache &&
        S->cache_censored == SSD_CENSOR_NONE &&
        (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL && !(o->idle_before_s == 0) &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
        (ssd__static_ref_first_sample_direct(c, o, res, 1) ||
         (ssd__one_level_cache(c, o, S) && ssd__static_ref_cache_before_direct(c, o, res, 1))))
        g = 2;
    if (same_static) {
        res->ref_kind_cache_bytes = NAN;
        res->ref_kind_cache_unc = 0;
    }
    /* (The same static cache after a sequential fill, with the spare
     * area's direct writes after it inside the fast start:
     * seq_static_ref_cache.) */
    int seq_static_first = 0;
    if (clean_room && g == 1 && !rl.known && res->ref_kind == SSD__REF_KIND_STATIC &&
        (int)o->precondition == SSD_PRECONDITION_SEQ_FILL && !(o->idle_before_s == 0) &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0 && !ssd__seq_overwrites(o, res)) {
        int k = ssd__seq_static_ref_cache(c, o, res);
        if (k) {
            clean_room = 0;
            g = (size_t)k;
        }
        /* (Else a cache ended in the first sample or two, bounded once the
         * onset is placed: seq_static_first_sample_cache.) */
        seq_static_first = !k;
    }
    /* (The same static cache whose direct writes, shorter than a lasting
     * phase, the cache test took into the cache, ending it at the used
     * state's drop, so that the onset test read the used state as the
     * level after the cache and found none: seed 313's drive 43, 2 hours,
     * 8.7 GiB at 391 MB/s, direct writes at 190 for 9 samples, then GC at
     * 16 to the end, read as a 10.34 GiB cache and direct writes at 19,
     * "used state from 10.3 GiB missed"; the fill's log: a static cache of
     * 8.62 GiB. A cache larger than the fill log's static area by
     * STATIC_REF_CACHE_OVER that steps down inside to a level of its own
     * is split at that step as above; the level after those direct writes,
     * a step below them, is the used state: a static cache does not fold.) */
    if (!g && !clean_room && !no_used && c->nph == 2 && !rl.known &&
        res->ref_kind == SSD__REF_KIND_STATIC && S->has_cache &&
        S->cache_censored == SSD_CENSOR_NONE && res->cache_phase_end == c->ph[1].first &&
        S->cache_bytes >
            STATIC_REF_CACHE_OVER * (res->ref_kind_cache_bytes + res->ref_kind_cache_unc) &&
        (int)o->precondition == SSD_PRECONDITION_SEQ_FILL && !(o->idle_before_s == 0) &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0 && !ssd__seq_overwrites(o, res) &&
        ssd__seq_static_ref_cache(c, o, res) == 2)
        g = 2;
    /* (A dynamic cache the fill's own log showed, after a sequential fill,
     * whose folding outlasts the clean blocks: seq_fill_ref_fold.) */
    if (clean_room && g == 1 && !rl.known && ssd__seq_fill_ref_fold(c, o, res)) {
        clean_room = 0;
        g = 2;
    }
    /* A dynamic cache the fill's own log showed, after a sequential fill
     * and idle time, that dropped once into a level to the run's end: the
     * clean-room verdict read the fast start as clean blocks because that
     * level outlasts them, but a dynamic cache takes the clean blocks idle
     * time gave back in SLC mode first, so the fast start is the cache,
     * and its folding runs within a step of GC's level, one phase with
     * it (seed 13's drive 107, WSAT: 3 samples at 1260 MB/s, 1140 holding
     * the end, then 112 to the end, the folding 112 and GC 117: "cache of
     * 23.97 GiB missed"). Only a cache at one level (every sample before
     * the drop's within a step of its level, ssd__one_level_cache): a first
     * sample above the rest is a cache that ended inside it, and the rest
     * its folding (seed 2026's drive 94, 1994 then 1160 twice then GC at
     * 420: 7.05 GiB of cache, not the 20.3 the whole fast start is). */
    if (clean_room == 1 && g == 1 && !rl.known && res->ref_kind == SSD__REF_KIND_DYNAMIC &&
        (int)o->precondition == SSD_PRECONDITION_SEQ_FILL && S->has_cache &&
        S->cache_censored == SSD_CENSOR_NONE && res->cache_phase_end == c->ph[1].first &&
        !(o->idle_before_s == 0) && ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
        !ssd__seq_overwrites(o, res) && c->nph == 2 && ssd__one_level_cache(c, o, S))
        clean_room = 0;
    if (clean_room) {
        /* (Judged before the onset is placed: no cache, so no folding
         * step to split off between the fast start and the decline.) */
        no_cache(c, res);
    }
    /* (A random fill's shrunken dynamic cache whose folding the
     * segmentation gave to the decline: its own phase, the used state
     * after it; random_fill_fold_end.) */
    if (g == 1 && !clean_room && !rl.known) {
        size_t fe = ssd__random_fill_fold_end(c, o, S);
        if (fe && ssd__curve_split(c, 1, fe) == 0)
            g = 2;
    }
    /* A drive a sequential fill left full with no idle since
     * (cache_full_after_fill), no cache: its first drop is from the clean
     * spare area to the fill's end folding (a dynamic cache holds the
     * fill's last bytes), a quiet level, and GC's scatter follows it a
     * lasting step lower. The used state starts there, not at the first
     * drop (issue 21's own fill.suite on the sweep's drive 81: 38.7 GiB at
     * 543 MiB/s, the folding at 258 to 262 GiB, then GC at 126, read as
     * one used state sliding from 257 from 38.7 GiB). Not when the fill's
     * log showed a static cache or none: nothing folds. */
    if (g == 1 && !S->has_cache && c->nph >= 3 && !no_used &&
        (int)o->precondition == SSD_PRECONDITION_SEQ_FILL &&
        ssd__cache_full_after_fill(o, S->capacity_bytes) && res->ref_kind != SSD__REF_KIND_STATIC &&
        res->ref_kind != SSD__REF_KIND_NONE && c->ph[1].last - c->ph[1].first + 1 >= c->min_len &&
        c->ph[2].last - c->ph[2].first + 1 >= c->min_len &&
        c->ph[2].level_bps * o->min_step <= c->ph[1].level_bps &&
        SCATTER_JUMP *
                fmax(ssd__quiet_noise(c, c->ph[1].first, c->ph[1].last + 1), QUIET_NOISE_FLOOR) <=
            ssd__quiet_noise(c, c->ph[2].first, c->ph[2].last + 1))
        g = 2;
    /* The same drive, a "cache" found (no room for one: no_room_for_cache)
     * whose one drop leads to a level that lasts to the run's end, over
     * NOIDLE_SLC_OVER_FOLD below it: direct writes drop less into the
     * folding that follows them (their host writes share the native flash
     * with the folding's programs: 1.4-2.7 times on the sweep's drives), so
     * that drop is the clean blocks running out and GC after them, a static
     * cache holding the fill's first bytes or no cache at all (seed 2026's
     * drive 65, a static cache, 2 hours straight after a sequential fill:
     * 124 GiB at 31 MB/s, then GC at 9, read as the folding to the end).
     * Not when the fill's log showed a dynamic cache: it folds; nor in
     * sequential writes, which free whole blocks (no_used: seq_overwrites;
     * the sweep's 128K fill runs straight after their fill, seed 2026's
     * drives 29, 34, 146, 150: "false used state at 0.2-2.7 GiB"); nor
     * after a first level shorter than a lasting phase: the room the fill's
     * last folding freed, written at the SLC speed inside the first
     * sample, drops more than direct writes into the folding (seed 13's
     * drive 52, WSAT: 1.1 GiB at 226 MiB/s, then the folding at 15). */
    if (!g && S->has_cache && c->nph == 2 && !no_used &&
        c->ph[0].last - c->ph[0].first + 1 >= c->min_len &&
        (int)o->precondition == SSD_PRECONDITION_SEQ_FILL &&
        res->ref_kind != SSD__REF_KIND_DYNAMIC &&
        ssd__no_room_for_cache(o, S, rl.known ? rl.direct : NAN) &&
        c->ph[1].last - c->ph[1].first + 1 >= c->min_len &&
        c->ph[1].level_bps * NOIDLE_SLC_OVER_FOLD <= c->ph[0].level_bps) {
        no_cache(c, res);
        g = 1;
    }
    /* (A dynamic cache the idle time emptied only in part, on a drive
     * written full sequentially: direct writes, then the folding, then
     * GC, four phases the segmentation found; seq_direct_fold_gc.) */
    if (g == 2 && (seq_full_dynamic || seq_full_small) && ssd__seq_direct_fold_gc(c, o, res)) {
        g = 3;
        res->seq_fold4_small = !seq_full_dynamic;
        /* (With the direct writes shorter than a lasting phase the
         * segmentation gave them to the folding's phase: split them off
         * (short_direct_after_cache) and ask again, undone when the four
         * levels are not there; seed 2026's drive 118, WSAT, 13 samples of
         * direct writes at 412 MiB/s, then the folding at 226 to 473.9 GiB,
         * then GC at 18.) */
    } else if (g == 1 && seq_full_small && c->nph == 3 && S->cache_censored == SSD_CENSOR_NONE &&
               res->cache_phase_end == c->ph[1].first && ssd__short_direct_after_cache(c, o, 1)) {
        if (ssd__seq_direct_fold_gc(c, o, res)) {
            g = 3;
            res->seq_fold4_small = 1;
        } else
            ssd__curve_merge_next(c, 1);
    }
    /* (The same with the folding a quiet run at the start of phase 2, too
     * short for a phase of its own: seq_fold_run_after_direct.) */
    else if (g == 2 && seq_full_dynamic) {
        size_t k = ssd__seq_fold_run_after_direct(c, o, res);
        if (k && ssd__curve_split(c, 2, k) == 0) {
            g = 3;
            res->seq_fold_in_used = 1;
            res->seq_fold_end = 3;
            res->seq_fold_after_direct = 1;
        }
    }
    /* (A cache that ended inside the first sample of a level read from
     * the first byte, no reference: first_sample_cache_before_level.) */
    if (g == 1 && !rl.known && !no_used && ssd__first_sample_cache_before_level(c, o, res)) {
        clean_room = 0;
        g = 2;
        /* (The cache it found may be a dynamic one by its size: the rules
         * below read its folding as seq_full_dynamic says; 277's drive 28,
         * WSAT, 12.7 GiB on a 129 GB drive, GC's first samples otherwise
         * split off as a level of their own.) */
        seq_full_dynamic = !rl.known && (int)o->precondition == SSD_PRECONDITION_SEQ_FILL &&
                           ssd__fresh_room(o, S->capacity_bytes) <= 0 && !no_used &&
                           (ssd__dynamic_cache(S) || res->ref_kind == SSD__REF_KIND_DYNAMIC);
    }
    double end_level = NAN;
    if (!g && isfinite(S->capacity_bytes) && S->cache_censored != SSD_CENSOR_RIGHT && !no_used)
        g = ssd__late_onset(c, o, S->capacity_bytes);
    if (g) {
        /* The decline is one phase: every phase from the onset on, unless
         * the speed climbs back lastingly above where the used state
         * began (then the drive recovered). A climb out of a dip inside
         * the used state is none (BX200's recovery run: 23, 12.5, then 24
         * MiB/s). */
        size_t last = g;
        while (last + 1 < c->nph && c->ph[last + 1].level_bps < c->ph[g].level_bps * o->min_step)
            last++;
        end_level = c->ph[last].level_bps;
        size_t a = c->ph[g - 1].first, g0 = c->ph[g].first, b = c->ph[g].last + 1;
        int gradual = ssd__slides_down(c, &c->ph[g]);
        while (last > g) {
            ssd__curve_merge_next(c, g);
            last--;
        }
        /* A fresh drive's lasting quiet folding that the segmentation gave
         * to the used state after it (one phase from the drop into the
         * folding on): where the scatter jumps inside the phase, past its
         * first samples (the drop into the folding is one large difference
         * between two quiet levels), is GC's start when the stretch before
         * it is such a folding (ssd__fold_before_scatter). */
        if (isfinite(S->capacity_bytes) && !(o->written_before_bytes > 0) &&
            !ssd__fold_before_scatter(c, o, g - 1)) {
            size_t ml = c->min_len > 3 ? c->min_len : 3, e = c->ph[g].last + 1;
            double jump = 0;
            size_t kn = e > g0 + 2 * ml ? ssd__scatter_onset(c, g0 + 1, g0 + ml, e, ml, &jump) : 0;
            int split = 0;
            if (jump >= SCATTER_JUMP && kn >= g0 + ml && kn + ml <= e &&
                ssd__curve_split(c, g, kn) == 0) {
                if (ssd__fold_before_scatter(c, o, g)) {
                    split = 1;
                } else {
                    ssd__curve_merge_next(c, g);
                }
            }
            if (!split && 2 * (size_t)o->min_phase_samples < ml && e > g0 + 2 * ml) {
                /* (A folding shorter than a lasting phase, 2
                 * min_phase_samples or more, the same way:
                 * ssd__fold_before_scatter_of. Seed 227's drive 129,
                 * fresh 2 hours: a dynamic cache at the direct writes'
                 * speed, folding at 1464-1612 MiB/s for 41 s from 240.3
                 * GiB, then GC scattering 553-2413 from 301.7 about a
                 * median near the folding's; a lasting phase is 72
                 * samples, and the folding went into the used state,
                 * read from 240.5.) */
                size_t fm = 2 * (size_t)o->min_phase_samples;
                kn = ssd__scatter_onset(c, g0 + 1, g0 + fm, g0 + 2 * ml, ml, &jump);
                if (jump >= SCATTER_JUMP && kn >= g0 + fm && kn < g0 + ml && kn + ml <= e &&
                    ssd__curve_split(c, g, kn) == 0) {
                    if (ssd__fold_before_scatter_of(c, o, g, fm))
                        split = 1;
                    else
                        ssd__curve_merge_next(c, g);
                }
            }
            if (split) { /* the used state is the phase after the folding */
                g++;
                last = g;
                a = c->ph[g - 1].first;
                g0 = c->ph[g].first;
                b = c->ph[g].last + 1;
                gradual = ssd__slides_down(c, &c->ph[g]);
            }
        }
        /* ... and GC's first samples that the segmentation gave to the
         * quiet folding before it (the folding and GC's first bursts about
         * its level one phase, the used state from where the speed then
         * fell a step): where the scatter jumps inside the phase before
         * the used state, a lasting phase in, is GC's start when the
         * stretch before the jump is such a folding and the stretch from
         * it scatters (ssd__fold_before_scatter). Seed 317's drive 149,
         * fresh WSAT: a dynamic cache's folding at 1085 MiB/s (1 %) from
         * 168.9 GiB, then GC scattering 850-1689 from 206.3 (the model's
         * 207.6), read as one folding phase to 393.9, where GC's level
         * fell below it: the used state 90 % late. Seed 127's drive 13
         * the same (folding flat at 1425 to 495.7, GC 1212-1955, used
         * state at 585.2 for 497.9). */
        if (isfinite(S->capacity_bytes) && !(o->written_before_bytes > 0) && g >= 2 &&
            !ssd__fold_before_scatter(c, o, g - 1)) {
            size_t f = c->ph[g - 1].first, ml = c->min_len > 3 ? c->min_len : 3;
            double jump = 0;
            size_t kn = ssd__scatter_onset(c, f + 1, f + ml, g0, ml, &jump);
            if (jump >= SCATTER_JUMP && kn >= f + c->min_len && kn + c->min_len <= g0 &&
                ssd__curve_split(c, g - 1, kn) == 0) {
                if (ssd__fold_before_scatter(c, o, g - 1)) {
                    ssd__curve_merge_next(c, g); /* the scatter joins the used state */
                    g0 = c->ph[g].first;
                    b = c->ph[g].last + 1;
                    gradual = ssd__slides_down(c, &c->ph[g]);
                } else {
                    ssd__curve_merge_next(c, g - 1);
                }
            }
        }
        /* A used drive's clean blocks that end in a slide, not a step
         * (slide_off_fast_start): the used state starts where the slide
         * does, not where the cache test's midpoint fell in it nor where
         * the fits below put the knee of a curve with no knee. */
        size_t slide_k = 0;
        if (g == 1 && !S->has_cache && o->written_before_bytes > 0 && isfinite(S->capacity_bytes) &&
            isfinite(fast_lv)) {
            size_t e = ssd__slide_off_fast_start(c, o, fast_lv, g0);
            if (e)
                slide_k = ssd__slide_onset(c, e);
        }
        if (slide_k) {
            if (slide_k != g0)
                ssd__curve_move_boundary(c, 1, slide_k);
        } else if (g >= 2 && (ssd__quiet_fold(c, o, g - 1) || res->dynamic_ref_fold == 2 ||
                              (res->seq_fold_in_used && g == res->seq_fold_end) ||
                              ssd__fold_before_scatter_of(c, o, g - 1, fold_min_len(c, o)))) {
            /* (A quiet folding step before the used state, or the folding
             * dynamic_ref_first_sample_fold ended: its end is the onset, no
             * knee to look for inside it.) */
            /* (A lasting one, fold_before_scatter, may hold GC's first
             * samples at about its level, which its median and robust
             * noise pass over: its end is where the scatter jumps, from
             * its own first samples on through the phase after it, when
             * that comes earlier and leaves it such a folding. Seed 127's
             * drive 61, fresh WSAT: folding at 592 MB/s from 1610.6 GiB,
             * then GC scattering 260-880 from 1925.1; the segmentation's
             * boundary at 2042.5.) */
            if (ssd__fold_before_scatter(c, o, g - 1)) {
                size_t f = c->ph[g - 1].first, ml = c->min_len > 3 ? c->min_len : 3;
                double jump = 0;
                size_t kn = ssd__scatter_onset(c, f + 1, f + ml, c->ph[g].last + 1, ml, &jump);
                if (jump >= SCATTER_JUMP && kn < g0 && kn >= f + c->min_len) {
                    ssd__curve_move_boundary(c, g, kn);
                    if (!ssd__fold_before_scatter(c, o, g - 1))
                        ssd__curve_move_boundary(c, g, g0);
                }
            }
        } else if (gradual || isfinite(S->capacity_bytes)) {
            /* From the middle of the phase before; with a known capacity,
             * from where it had been written once (no earlier). */
            size_t lo = g0 - (g0 - a) / 2;
            if (isfinite(S->capacity_bytes)) {
                lo = a;
                while (lo < g0 && c->cum[lo] < ssd__fresh_room(o, S->capacity_bytes))
                    lo++;
                /* On a used drive the capacity bounds nothing: not before
                 * the middle of the phase before (the level it held). */
                if (o->written_before_bytes > 0 && lo < g0 - (g0 - a) / 2)
                    lo = g0 - (g0 - a) / 2;
            }
            size_t k = ssd__knee(c, a, lo, g0, b, c->min_len > 3 ? c->min_len : 3);
            /* (At its bound: within 2 samples of it, a fit pressed
             * against it; one sample past it, the search below was
             * skipped and a spare area's end came 9 samples late.) */
            if (isfinite(S->capacity_bytes) && g == 1 && !S->has_cache && k <= lo + 2)
                k = ssd__clean_blocks_end_before_bound(c, o, a, lo, g0, b, k);
            double jump = 0;
            size_t kn = ssd__scatter_onset(c, a, lo, b, c->min_len > 3 ? c->min_len : 3, &jump);
            /* (Not when the scatter's jump falls on a GC dip of the state
             * before, a few samples before the knee: the stretch from the
             * jump to the knee is that state still, its dips no deeper and
             * no more frequent than before (within_dips_of; 6 samples of
             * it at least to tell). The differences around one dip are as
             * large as the used state's, so the best split of their
             * variance may start at it. Seed 101's drive 156, fresh WSAT
             * with no SLC cache: 1.33 GB/s with dips to 1.04-1.14 in 3 of
             * 22 samples, one at 143.9 GiB, back at 1.34, another dip,
             * then GC at 270-450 from 161.0 GiB: the used state from 143.9
             * for the model's 160.7, the knee's 161.0 right. Seeds 167,
             * 199 and 271 the same; a used state that shows first as more
             * frequent dips keeps the jump, seed 11's drive 158, 2 hours:
             * 28 dips in 69 samples against 232 in 1079.) */
            if (isfinite(S->capacity_bytes) && jump >= SCATTER_JUMP && kn < k &&
                !(kn >= a + 6 && within_dips_of(c, o, a + 1, kn, k)))
                k = kn;
            /* A run that starts with the clean blocks a fill left: their
             * end may be anywhere in that fast start, and a used state
             * that first scatters the speed between the fast level and a
             * slower one left the segmentation's boundary 50 % late. The
             * scatter's jump from the run's start is taken when it comes
             * earlier (not the knee: a GC dip of the fresh state is a step
             * for a level-then-line fit) and the speed from there on is no
             * longer the fast level: its median 5 % and 3 noise below
             * (GC dips of a noise-free fresh state make jumps too). */
            if (clean_room && g == 1 && lo > a + 3) {
                double jump2 = 0;
                size_t kn2 =
                    ssd__scatter_onset(c, a, a + 3, b, c->min_len > 3 ? c->min_len : 3, &jump2);
                if (jump2 >= SCATTER_JUMP && kn2 + 3 <= k && kn2 < g0) {
                    size_t e2 = k < g0 ? k : g0;
                    double q = fmax(log(LEVEL_LEFT_MIN), 3 * ssd__quiet_noise(c, a, kn2));
                    if (log(c->ph[0].level_bps) - ssd__level_of(c, kn2, e2) >= q)
                        k = kn2;
                }
            }
            /* The knee may fall on a GC dip of the fresh state before the
             * used state (a 3-sample dip to 30% is a step into a line for
             * the level-then-line fit): when the speed between the knee
             * and where the scatter jumps is still the fresh level, the
             * used state starts at the jump. */
            if (isfinite(S->capacity_bytes) && jump >= SCATTER_JUMP && kn > k && kn <= g0 &&
                kn >= k + 3) {
                double lv = ssd__level_of(c, k, kn);
                if (fabs(log(c->ph[g - 1].level_bps) - lv) < log(o->min_step))
                    k = kn;
            }
            /* A dynamic cache that has not folded yet folds once the
             * capacity has been written (the model's drives: 1-17 GiB
             * past it), at a quiet level a step below direct, and the
             * used state's chaos follows. The segmentation's boundary is
             * then the folding's start (the knee finds it there), and the
             * used state starts where the scatter jumps, a lasting phase
             * later: against the folding's own noise, not the run's before
             * it (GC dips in the direct writes before the capacity hide the
             * jump there). A level quieter than 1% counts as 1%: a noise-free
             * model's smooth decline is no chaos. */
            size_t ml = c->min_len > 3 ? c->min_len : 3;
            /* (On a fresh drive the folding may be shorter than a lasting
             * phase, as ssd__fold_at_capacity keeps it: 60 samples at 775
             * MB/s of a run whose lasting phase is 72, seed 181's drive
             * 85, 2 hours; the quiet-noise test decides. Never more than
             * a lasting phase: a short run's, 5 samples, asked 10 kept a
             * WSAT's 8-sample folding in the used state, seed 211's drive
             * 106.) */
            size_t fold_min = o->written_before_bytes == 0 && 2 * o->min_phase_samples < ml
                                  ? 2 * (size_t)o->min_phase_samples
                                  : ml;
            if (isfinite(S->capacity_bytes) && ssd__dynamic_cache(S) && !seq_full_dynamic &&
                !ssd__static_cache_in_first_sample(c, o, S) && !rl_path &&
                !ssd__folded_before(c, o, g) && k <= g0 + 2 && kn >= g0 + fold_min &&
                kn + ml <= b &&
                SCATTER_JUMP * fmax(ssd__quiet_noise(c, g0, kn), QUIET_NOISE_FLOOR) <=
                    ssd__quiet_noise(c, kn, b))
                k = kn;
            if (k <= g0 + 2 && isfinite(S->capacity_bytes) && !(o->written_before_bytes > 0))
                k = ssd__slide_start(c, a, lo, k);
            /* (A fresh drive's used state that shows first as more
             * frequent dips: dip_rate_onset, when it comes a quarter of a
             * lasting phase (10 samples at least) before the onset found,
             * from a fresh level that lasted two lasting phases before the
             * capacity was written, no slide. Not after a dynamic cache:
             * it folds before GC, and the folding's step counts as dips;
             * on seed 11's drive 37 the onset went to the folding's
             * start.) */
            if (isfinite(S->capacity_bytes) && !(o->written_before_bytes > 0) && lo >= a + 2 * ml &&
                !ssd__dynamic_cache(S) && !ssd__slides_down(c, &c->ph[g - 1])) {
                size_t kd = ssd__dip_rate_onset(c, o, a, lo, b, c->ph[g - 1].level_bps, k,
                                                ml / 4 > 10 ? ml / 4 : 10);
                if (kd != SIZE_MAX)
                    k = kd;
            }
            int own_level = 0, faster = 0;
            if (k > g0 + 2) {
                /* The used state starts later than the segmentation's
                 * boundary: what lies between is a phase of its own when
                 * it is below the level before (a short folding step
                 * the segmentation gave to the decline). When it is above
                 * it, the used state began at the boundary, faster than
                 * the folding before it (the cache emptied, GC finds
                 * blocks full of garbage at first) and sliding later:
                 * the boundary stays. */
                double lv = ssd__level_of(c, g0, k);
                double below = log(c->ph[g - 1].level_bps) - lv;
                /* (A folding step holds its level, three quarters of its
                 * samples within a step of it: the drive moves its cache
                 * to TLC at the rate it folds, steadily, where GC's first
                 * seconds burst as it finds blocks to clean. A stretch
                 * that scatters is the decline's start, and the cache
                 * the test read (a fresh level longer than any cache, no
                 * cache at all) never was one: seed 181's drive 13, fresh
                 * WSAT with no SLC cache, wrote 2.1 GB/s to 170 GiB, then
                 * 1.06-1.51 GB/s for 7 samples, 5 of them within a step
                 * of their median, then GC at 0.74 and falling, read as
                 * "folding at 170 GiB", the used state at 214 for 170.
                 * Of the 666 foldings the analysis placed right in 8
                 * seeds' fresh runs, all but 2 hold 86 % of their
                 * samples or more. Asked only of such a "cache", longer
                 * than any (MAX_CACHE_CAPACITY_SHARE), the dynamic cache
                 * the rules assume there: after a cache of a size a
                 * cache can have, the stretch may be its flat folding
                 * and GC's first bursts about that level, which the
                 * rules below split (the 50-drive sweep's drive 5, 2
                 * hours: folding flat at 482 MiB/s from 269 GiB, GC
                 * scattering 298-1032 from 306).) */
                int oversized = isfinite(S->capacity_bytes) &&
                                S->cache_bytes > MAX_CACHE_CAPACITY_SHARE * S->capacity_bytes;
                own_level = ssd__dynamic_cache(S) && !seq_full_dynamic &&
                            !ssd__static_cache_in_first_sample(c, o, S) && !rl_path &&
                            below >= log(o->min_step) &&
                            (!oversized || ssd__holds_level(c, o, g0, k, lv));
                /* (Without a dynamic cache there is no folding step: a
                 * stretch already a step below is the decline's start.) */
                faster = fabs(below) >= log(o->min_step) && !own_level;
            }
            if (own_level && ssd__curve_split(c, g, k) == 0)
                last = ++g;
            else if (!faster && k != g0 && k > a)
                ssd__curve_move_boundary(c, g, k);
            /* (On a used drive: its used state sets in at once after the
             * folding or the clean blocks. A fresh drive's leaves its
             * level gently, which slide_start and dip_rate_onset place;
             * there the walk moved right onsets, 1.4 -> 4.6 % off.) */
            size_t kb =
                o->written_before_bytes > 0 ? ssd__gc_bursts_before(c, o, g, lo) : c->ph[g].first;
            if (kb < c->ph[g].first)
                ssd__curve_move_boundary(c, g, kb);
        }
        /* A used drive's fast start with no cache ends where its samples
         * stop being a step above the used state (the segmentation gave
         * the last few to the decline: gc_onset_phase counts them). Not
         * into a decline that slides: its start is above its median. */
        if (g == 1 && !S->has_cache && o->written_before_bytes > 0 &&
            !ssd__slides_down(c, &c->ph[1])) {
            /* (Above the midpoint too: not the drop's mixed sample.) */
            size_t f = c->ph[1].first, e = f;
            double lo1 = log(c->ph[1].level_bps), fast0 = log(c->ph[0].level_bps);
            /* (A fast start of one or two samples holds a cache the cache
             * test did not find; the clean blocks' own level is the
             * speed the walk follows, the median of its first three
             * samples. Seed 59's drive 194, WSAT after a sequential
             * fill in 5-second samples: 1609 MiB/s in the first, then
             * direct writes at 390-400 with GC dips to 262-293, a dip
             * at 278 and 339 holding their end, then GC at 44-83 from
             * 39.9 GiB: against the first sample the cut sat at 289 and
             * the onset at the dip, 36.9 GiB; seed 89's drive 29 the
             * same, 3.9 for 7.0.) */
            if (f <= 2 && f + 3 <= c->ph[1].last) {
                double lv3 = ssd__median3(c->y[f], c->y[f + 1], c->y[f + 2]);
                if (lv3 < fast0 && lv3 >= lo1 + log(o->min_step))
                    fast0 = lv3;
            }
            double cut = fmax(lo1 + log(o->min_step), 0.5 * (lo1 + fast0));
            /* (Through a GC dip: up to 3 samples below the cut, then 3 in
             * a row back above it, a return as low_run counts one. The
             * used state does not climb back to the clean blocks' speed
             * for long (its bursts are a sample or two); a 2-hour run
             * after a sequential fill wrote the spare area at 900 MB/s in
             * 27 samples, a dip to 540-700 in three of them, then GC at
             * 150: the onset went to the dip, 7.9 GiB for 24.1.) */
            while (e + c->min_len <= c->ph[1].last) {
                if (c->y[e] >= cut) {
                    e++;
                    continue;
                }
                size_t d = e;
                while (d < e + 3 && d + 3 + c->min_len <= c->ph[1].last && c->y[d] < cut)
                    d++;
                if (c->y[d] < cut || c->y[d + 1] < cut || c->y[d + 2] < cut)
                    break;
                e = d;
            }
            if (e > f)
                ssd__curve_move_boundary(c, 1, e);
            /* The fast start may end in two levels: its first sample (or
             * two) a cache or the clean blocks at their speed, then a
             * quiet flat level (a cache's folding, or the direct writes
             * to the clean blocks a static cache left), each below the
             * midpoint the walk above stops at, then GC. That level is no
             * used state: GC's first samples scatter, a folding or direct
             * writes hold their speed. Seed 53's drive 13, WSAT after a
             * sequential fill (the fill's log shows no cache): 12 GiB at
             * 2.45 GB/s in the first sample, 5 samples at 487 MiB/s,
             * then GC at 155-216 from 24.2 GiB, read as the used state
             * from 12.0 GiB (its drive 168 and 5 more in seeds 47, 151, 229,
             * 251). After a random fill with no reference the same: a 2
             * GiB dynamic cache inside the first second, its folding flat
             * at 868-895 MiB/s for 4 samples, then GC scattering 515-1142
             * from 6.0 GiB, read as the used state from 2.2 (seed 13's
             * drive 48, 2 hours). So: from the phase's start, the
             * samples within half a step of the median of its first
             * three, 2 or more, a step or more above the used state's
             * level, and the lasting stretch after them a step below
             * them: they end the fast start. */
            f = c->ph[1].first;
            if (f >= 1 && f <= 2 && f + 3 + c->min_len <= c->ph[1].last) {
                double half = 0.5 * log(o->min_step);
                double lv = ssd__median3(c->y[f], c->y[f + 1], c->y[f + 2]);
                size_t k = f;
                while (k < f + SHORT_LEVEL && fabs(c->y[k] - lv) < half)
                    k++;
                if (k >= f + 2 && k + c->min_len <= c->ph[1].last && lv >= lo1 + log(o->min_step) &&
                    lv < log(c->ph[0].level_bps) - half &&
                    (k < f + 3 || (ssd__quiet_noise(c, f, k) <= log(o->min_step) / 3 &&
                                   !ssd__falls_through(c, f, k))) &&
                    ssd__level_of(c, k, k + c->min_len) <= lv - log(o->min_step))
                    ssd__curve_move_boundary(c, 1, k);
            }
        }
        /* A used drive's fast start shorter than a lasting phase: the
         * segmentation cannot end the run's first phase before min_len
         * samples, so clean blocks that run out sooner (2 GiB cleaned by
         * idle time, 26-57 samples of a cacheless SATA drive's 2-hour run
         * after a random fill) left the onset at min_len, 5-50 % late.
         * The clean blocks end in a step down to the used state: the best
         * two-level split of that first phase, when its first level is
         * the fast start's (3 samples or more) and the rest is a step
         * below it and at the used state's level (within a step). GC
         * dips inside the fast start (2-3 samples) do not win the split
         * against the used state's run of samples. (Also after a static
         * cache's reference, when the fast start is at its direct level:
         * clean blocks, the cache absent from this run; a dynamic cache's
         * end is no clean blocks' end.) */
        int static_direct = ssd__clean_at_static_direct(&rl, o, &c->ph[0]);
        if (g == 1 && !S->has_cache &&
            (!rl.cache || static_direct || (rl.known && rl.cache && !rl.dynamic)) &&
            o->written_before_bytes > 0 && c->ph[1].first <= 2 * c->min_len &&
            c->ph[1].first >= 6) {
            size_t e0 = c->ph[1].first;
            double l1, l2, gain;
            size_t arg = ssd__two_levels(c, 0, e0, 3, e0 - 3, &l1, &l2, &gain);
            double lu = log(c->ph[1].level_bps);
            int ok =
                arg && l1 >= l2 + log(o->min_step) &&
                (fabs(l2 - lu) < log(o->min_step) || ssd__gc_bursts_after(c, o, arg, e0, l1, lu)) &&
                l1 >= lu + log(SHAPE_MIN_FALL);
            /* (A fall of less than 2x: a datacenter drive's, see
             * clean_blocks_fall; the split may leave two samples after
             * it, 6 at 3.75 GB/s then 2 at 2.5 ending a 8-sample first
             * phase, seed 13's drive 192.) */
            if (!ok) {
                arg = ssd__two_levels(c, 0, e0, 3, e0 - 2, &l1, &l2, &gain);
                ok = arg && fabs(l2 - lu) < log(o->min_step) && l1 >= lu + log(o->min_drop) &&
                     ssd__clean_blocks_fall(c, o, 0, arg, e0, l1, l2, gain);
            }
            /* (After a static cache's reference, the fast start's own
             * level is the split's first, at the reference's direct
             * level: the first phase's median may be the used state's,
             * when the phase holds its first samples too: 30 samples at
             * 1,260 MB/s, then 42 of GC at 120, one phase at 184.) */
            if (ok && rl.cache && !static_direct && fabs(l1 - log(rl.direct)) >= log(o->min_step))
                ok = 0;
            if (ok)
                ssd__curve_move_boundary(c, 1, arg);
        }
        if (g >= 2 && ssd__dynamic_cache(S) && !seq_full_dynamic && !rl_path &&
            !ssd__folded_before(c, o, g) && !ssd__fold_before_scatter(c, o, g - 1) &&
            !ssd__static_cache_in_first_sample(c, o, S) &&
            ssd__fold_then_gc(c, o, g, b > c->ph[g].last + 1 ? c->ph[g].last + 1 : b) &&
            c->ph[g].first > 0)
            last = ++g;
        /* A cache that lasted until the capacity had been written is no
         * cache (none holds more than the drive): the first drop was the
         * used state, and a short phase between it and the decline (the
         * drop's mixed samples) belongs to the decline. */
        if (g == 2 && S->has_cache && S->cache_bytes >= GC_MIN_CAPACITY_SHARE * S->capacity_bytes &&
            c->ph[1].last - c->ph[1].first + 1 < c->min_len && !ssd__quiet_fold(c, o, 1)) {
            ssd__curve_merge_next(c, 1);
            g = last = 1;
        }
        if (g == 1 && S->has_cache &&
            (!ssd__used_drive_cache(o, S->capacity_bytes, S) || clean_room ||
             ssd__no_room_for_cache(o, S, rl.known ? rl.direct : NAN)))
            no_cache(c, res); /* the first drop was clean blocks running out */
        /* (Without a cache the first level is the fast start's speed; a
         * cache kept keeps the level after its drop, which its drop ratio
         * is measured against: its own level was printed as the speed
         * after it, "16.3x slower (178.4 MiB/s)" after 283.7.) */
        if (g == 1 && !S->has_cache)
            S->post_cache_bps = c->ph[0].level_bps;
        /* A fresh drive's onset on a GC dip of its direct writes, the
         * level held again after it: direct_held_after_dip. */
        if (g >= 1 && isfinite(S->capacity_bytes) && !(o->written_before_bytes > 0) &&
            !(S->has_cache && g == 1)) {
            size_t e = direct_held_after_dip(c, o, g);
            if (e > c->ph[g].first)
                ssd__curve_move_boundary(c, g, e);
            /* (And where the share of samples off that level changes:
             * dip_share_onset.) */
            e = dip_share_onset(c, o, g, S->capacity_bytes);
            if (e != c->ph[g].first && e > c->ph[g - 1].first)
                ssd__curve_move_boundary(c, g, e);
            /* (Or, however far before it, where that share rose for
             * good: dip_share_leave.) */
            e = dip_share_leave(c, o, g, S->capacity_bytes);
            if (e != c->ph[g].first && e > c->ph[g - 1].first)
                ssd__curve_move_boundary(c, g, e);
            /* (And past samples still in the direct writes' noise band:
             * fresh_band_onset.) */
            e = fresh_band_onset(c, o, g, S->capacity_bytes);
            if (e != c->ph[g].first)
                ssd__curve_move_boundary(c, g, e);
            /* (Or back to where the speed left that band for good:
             * fresh_band_leave.) */
            e = fresh_band_leave(c, o, g, S->capacity_bytes);
            if (e != c->ph[g].first)
                ssd__curve_move_boundary(c, g, e);
            /* (And past a stretch that was one more dip of the direct
             * writes: dip_loss_onset.) */
            e = dip_loss_onset(c, o, g, S->capacity_bytes);
            if (e != c->ph[g].first)
                ssd__curve_move_boundary(c, g, e);
        }
        S->has_gc = 1;
        ssd__gc_starts_at(c, g, S);
        if (last == g && c->ph[g].last - c->ph[g].first + 1 >= 8)
            end_level = last_quarter_level(c, &c->ph[g]);
        S->gc_end_level_bps = end_level;
    }
    /* No SLC cache holds more than the flash in SLC mode, raw / bits:
     * at most 0.64 of the capacity (MLC with 28% spare). A first level that
     * lasted longer was a cache and direct writes at one speed (4K random
     * writes capped at the interface's IOPS, cache or not), and the drop
     * that ended it, before the used state, is that dynamic cache's
     * folding: no cache is reported (none can be seen), and the drop is
     * folding. */
    int hidden_cache = 0, static_first = ssd__static_cache_in_first_sample(c, o, S);
    /* (So is a cache on a drive a fill left full with no idle since:
     * cache_full_after_fill. Its first level was the clean spare area at
     * the direct speed, and a drop below it before the used state the
     * fill's end folding: seed 2026's drive 48, 2 hours straight after a
     * sequential fill, 170 GB at 1.64 GB/s, folding at 1.15 to 565, then
     * GC at 0.42, was "cache 158 GiB".) */
    /* (A static cache, as the fill's log of another workload showed,
     * never folds: the drop after its clean blocks is the used state's.
     * Nor is it folding right after a random fill: GC has only its own
     * small pool, and the run is in its used state from about its first
     * byte (seed 11's drive 136, 2 hours straight after a random fill:
     * 0.17 GiB at 172 MB/s, then GC at 41, "false folding").) */
    int no_room = ssd__no_room_for_cache(o, S, rl.known ? rl.direct : NAN);
    if (S->has_cache && isfinite(S->capacity_bytes) &&
        (S->cache_bytes > MAX_CACHE_CAPACITY_SHARE * S->capacity_bytes || no_room) &&
        (!g || g >= 2)) {
        no_cache(c, res);
        hidden_cache = !(no_room && (res->ref_kind == SSD__REF_KIND_STATIC ||
                                     (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL));
    }
    /* A used drive's static cache the cache test read as ended inside the
     * run's first sample (the second at the direct level within its
     * noise: "at least" the first sample's excess over it, at most the
     * first sample), when that first sample runs at the reference's cache
     * level: a cache that ends inside a sample slows it below its level,
     * so the first sample was cache all through and the end lies past it.
     * A static cache holds what it held fresh, so when the reference's
     * (uncensored) size falls inside the second sample, that is the size
     * (seed 47's drive 119, a fill after a sequential fill: 6.57 GB/s in
     * the first second, the reference's 6.53, then 3.28 GB/s in a GC dip
     * that hid the cache's share, the direct level 3.28: "cache 3.05 GiB
     * (at least), truth 7.36"; the reference's 7.51). */
    if (rl.known && rl.cache && !rl.dynamic && S->has_cache &&
        S->cache_censored == SSD_CENSOR_RESOLUTION && ref->sum.cache_censored == SSD_CENSOR_NONE &&
        res->cache_phase_end == 1 && c->n >= 3 &&
        fabs(c->y[0] - log(rl.cache_level)) < log(o->min_step) &&
        ref->sum.cache_bytes > c->cum[1] && ref->sum.cache_bytes < c->cum[2]) {
        S->cache_censored = SSD_CENSOR_NONE;
        S->cache_bytes = ref->sum.cache_bytes;
        S->cache_uncertainty_bytes = ref->sum.cache_uncertainty_bytes;
    }
    /* A static cache is a fixed area that idle time empties: on a used
     * drive it holds what it held fresh (the reference's cache), and a fast
     * start that ran on past that was the cache and then the clean blocks
     * idle time gave back, written at the direct level, too short to be a
     * level of its own (2 GiB in three samples, with the drop to the used
     * state in the last). The cache ends in the sample that holds the
     * reference's size, and the rest of the fast start is direct. */
    int split_direct = 0;
    /* A static cache after a sequential fill that ended in the run's first
     * sample or two (the fill's log showed it, and the clean-room verdict
     * took the fast start whole): bounded, split off the direct writes,
     * the onset where it was placed (seq_static_first_sample_cache). */
    if (seq_static_first && g == 1 && !S->has_cache && c->nph >= 2 &&
        ssd__seq_static_first_sample_cache(c, o, res)) {
        g = 2;
        split_direct = 1; /* (phase 1 is the direct writes, no folding) */
    }
    if (rl.known && rl.cache && !rl.dynamic && S->has_cache &&
        S->cache_censored == SSD_CENSOR_NONE && ref->sum.cache_censored != SSD_CENSOR_RIGHT &&
        ssd__ref_cache(&rl, &c->ph[0]) && (!g || g == 1) && c->nph >= 2) {
        /* (A reference whose cache ended inside its first sample gives
         * bounds, and so does the run: the same ones.) */
        int within = ref->sum.cache_censored == SSD_CENSOR_RESOLUTION;
        double lo = ref->sum.cache_bytes, hi = lo + (within ? ref->sum.cache_uncertainty_bytes : 0);
        double want = 0.5 * (lo + hi);
        size_t i = 0;
        while (i < c->ph[0].last && c->cum[i + 1] <= want)
            i++;
        size_t at = want - c->cum[i] > 0.5 * c->b[i] ? i + 1 : i;
        /* (Nor below what this run itself wrote at its cache's speed,
         * beyond its noise from the direct level after it
         * (ssd__own_cache_samples): writes at the SLC speed went into SLC,
         * so the cache ends at their end at the earliest. Seed 173's drive
         * 66, a random 2-hour run after a random fill: five samples at
         * 2.83-2.88 GB/s (13.31 GiB), then direct writes at 1.33, then GC;
         * the model's cache 13.31 GiB, the fill log's 12.30.) */
        size_t own = ssd__own_cache_samples(c, rl.direct, log(o->min_step), i + 2);
        if (c->cum[own] > hi) {
            lo = hi = c->cum[own];
            within = 0;
            at = own;
        }
        /* Unless what ran past that size ran at the cache's speed, not the
         * direct one: writes at the SLC speed went into SLC, whatever the
         * fresh size (after a sequential fill and idle time a static cache
         * may take more than it held fresh: 44.4 GiB at 530 MiB/s against
         * 35.9 fresh, direct writes at 312, in the sweep). */
        int rest_fast = at <= c->ph[0].last && ssd__level_of(c, at, c->ph[0].last + 1) >
                                                   0.5 * (log(rl.cache_level) + log(rl.direct));
        /* (Nor when all that ran past it is the share of the drop's own
         * sample, the one right after the cache's phase, a step above the
         * direct level, with direct writes after it (its share measured
         * against them, not against a used state that the drop's sample
         * may also hold): that share is this run's own measure of its
         * cache's end, no clean blocks, as good as the reference's (3.41
         * GB/s, then 1.91 holding the drop, then direct writes at 1.48
         * after a sequential fill: 3.87 GiB, the model's 3.88, cut to the
         * fresh run's 3.20, whose drop a GC dip had hidden).) */
        size_t m0 = c->ph[0].last + 1;
        int own_mix = at > c->ph[0].last && m0 + 1 < c->n && S->cache_bytes >= c->cum[m0] &&
                      S->cache_bytes < c->cum[m0 + 1] && c->r[m0] >= rl.direct * o->min_step &&
                      fabs(log(c->ph[1].level_bps / rl.direct)) < log(o->min_step);
        if (S->cache_bytes > hi * REF_CACHE_OVER && !rest_fast && !own_mix) {
            if (at > 0 && at <= c->ph[0].last && ssd__curve_split(c, 0, at) == 0) {
                split_direct = 1;
                res->cache_phase_end = at;
                if (g) {
                    g++;
                    size_t e = ssd__used_in_direct(c, o, rl.direct, 1, g);
                    if (e)
                        ssd__curve_move_boundary(c, g, e);
                }
                S->post_cache_bps = c->ph[1].level_bps;
            } /* (else the direct writes are inside the cache's last sample) */
            S->cache_bytes = lo;
            if (within) {
                S->cache_censored = SSD_CENSOR_RESOLUTION;
                S->cache_uncertainty_bytes = hi - lo;
            }
        }
    }
    /* The other way round: a static cache found smaller than the
     * reference's by more than 5 %, whose next samples up to that size
     * all ran a step faster than the reference's direct level, was still
     * writing into SLC there (a cache slowing as it fills: 2.1 GB/s, then
     * 1.07, 0.91 and 0.76 against direct writes at 0.48); writes faster
     * than direct writes are no direct writes. The cache is the
     * reference's size, ending in the sample that holds it. */
    if (rl.known && rl.cache && !rl.dynamic && S->has_cache && !split_direct &&
        S->cache_censored == SSD_CENSOR_NONE && ref->sum.cache_censored == SSD_CENSOR_NONE &&
        ssd__ref_cache(&rl, &c->ph[0]) && c->nph >= 2 && g != 1 &&
        S->cache_bytes < REF_CACHE_UNDER * ref->sum.cache_bytes) {
        double want = ref->sum.cache_bytes, fast = log(rl.direct) + log(o->min_step);
        size_t e = c->ph[0].last + 1, i = e;
        /* (Not the sample the drop was placed in: its share at the cache
         * is in the size already, and the rest of it ran at the direct
         * level, so it runs between the two. 2877 MB/s, then 1883 holding
         * the drop, then direct writes at 1492, after a sequential fill:
         * 30.5 GiB, the model's 30.3, taken to the fresh reference's 34.3
         * because the 1883 sample ran faster than direct writes.) */
        if (i + 1 < c->n && S->cache_bytes >= c->cum[i] && S->cache_bytes < c->cum[i + 1])
            i++;
        size_t s0 = i;
        while (i < c->n && c->cum[i] < want && c->y[i] >= fast)
            i++;
        if (i > s0 && c->cum[i] >= want && i <= c->ph[1].last) {
            size_t at = want - c->cum[i - 1] > 0.5 * c->b[i - 1] ? i : i - 1;
            if (at > e && at <= c->ph[1].last) {
                ssd__curve_move_boundary(c, 1, at);
                res->cache_phase_end = at;
                S->cache_bytes = want;
                S->post_cache_bps = c->ph[1].level_bps;
            }
        }
    }
    /* Writes a step faster than direct writes after a used drive's
     * static cache are the cache's: only the SLC writes that fast, and a
     * GC dip at the cache's end slows it to a level between its own and
     * the direct one (4 samples at 116 MB/s after a cache at 332, then
     * direct writes at 86: the cache placed where the dip began, 3.74 GiB
     * for 4.15), or even to the direct level for a sample or two before
     * the speed comes back above it (1.68 GB/s, then 652 and 670 in the
     * dip, then 1292 holding the end, then direct writes at 590: 28.1 GiB
     * for 30.2). The cache runs on through the samples after its end that
     * sit a step above the reference's direct level and out of reach of
     * the direct writes' noise (4 sigmas), across at most 3 below it, and
     * its end is placed inside the last such stretch's end sample as
     * cache_end_in_sample does. */
    if (rl.known && rl.cache && !rl.dynamic && S->has_cache && !split_direct &&
        S->cache_censored == SSD_CENSOR_NONE && ssd__ref_cache(&rl, &c->ph[0]) && c->nph >= 2 &&
        c->ph[1].last >= c->ph[1].first + 8)
        ssd__dipped_cache_end(c, o, S, res, rl.direct);
    /* (A fresh drive's the same against its own level after the cache:
     * a GC dip at the cache's end, then a sample a step above that level
     * and out of its noise, then the level, is a dip inside the cache,
     * which ended in that sample; only the SLC writes faster than direct
     * writes. Seed 101's drive 136, 2 hours: a 33 GiB cache at 2.68 GB/s,
     * 2571 MiB/s, then 1016 twice (the dip), then 2106 holding the end,
     * then direct writes at 1746 flat, read as "cache 29.5 GiB", now
     * 32.7; seed 53's drive 133, WSAT, 99.9 for 110, now 110. Not
     * when the level after the cache slides (its early samples sit a
     * step above its median), nor without a dip a step below that level:
     * a stretch between the cache's level and it is the drop's
     * transition, `test_a_dip_that_climbs_back_only_part_way_is_still_the_drop`.) */
    else if (!rl.known && !(o->written_before_bytes > 0) && S->has_cache &&
             S->cache_censored == SSD_CENSOR_NONE && c->nph >= 2 &&
             c->ph[1].last >= c->ph[1].first + 8 && isfinite(S->post_cache_bps) &&
             !ssd__slides_down(c, &c->ph[1]) && dip_at_cache_end(c, o, S))
        ssd__dipped_cache_end(c, o, S, res, S->post_cache_bps);
    /* (And a used drive's static cache after a sequential fill and idle
     * time, which the fill's own log showed (a reference of another
     * workload): the spare area the fill left clean is written after it
     * at the direct level, flat but for GC dips, as on a fresh drive, and
     * only the SLC writes a step faster. Seed 167's drive 178, WSAT: 300
     * MiB/s with dips to 145-179, then 143 and 144 in a dip, 206 holding
     * the end, then direct writes at 171: "cache 28.68 GiB, truth 30.48",
     * the end put where the dip began. Only with the used state after
     * the direct writes, a step below them: GC's own first samples burst
     * above its level.) */
    else if (!rl.known && res->ref_kind == SSD__REF_KIND_STATIC &&
             (int)o->precondition == SSD_PRECONDITION_SEQ_FILL && o->written_before_bytes > 0 &&
             o->idle_before_s != 0 && ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
             !ssd__seq_overwrites(o, res) && S->has_cache && S->cache_censored == SSD_CENSOR_NONE &&
             c->nph >= 3 && c->ph[1].last >= c->ph[1].first + 8 && isfinite(S->post_cache_bps) &&
             res->cache_phase_end == c->ph[1].first &&
             c->ph[2].level_bps * o->min_step <= c->ph[1].level_bps &&
             !ssd__slides_down(c, &c->ph[1]) && dip_at_cache_end(c, o, S))
        ssd__dipped_cache_end(c, o, S, res, S->post_cache_bps);
    if (rl.known && rl.cache && !rl.dynamic && S->has_cache &&
        S->cache_censored == SSD_CENSOR_NONE && ssd__ref_cache(&rl, &c->ph[0]))
        ssd__end_before_direct_sample(c, o, S, rl.direct, rl.cache_level);
    /* A static cache the cache test ended in the run's second sample,
     * against the used state after it, when that sample runs no step
     * above the reference's direct level: a used drive writes the clean
     * blocks idle time gave back at that level right after its cache, so
     * the second sample's excess over the used state may be those direct
     * writes and the cache may have ended inside the first; which, one
     * sample cannot tell, unless the first ran at the reference's own
     * (uncensored) cache level, cache all through. The cache is bounded:
     * at least the first sample's excess over the direct level, at most
     * what the cache test placed (ref_first_sample_then_direct). */
    if (rl.known && rl.cache && !rl.dynamic && S->has_cache &&
        S->cache_censored == SSD_CENSOR_NONE && c->nph >= 2 && c->ph[0].last <= 1)
        ssd__ref_first_sample_then_direct(c, o, S, res, ref, rl.direct);
    /* The used state's first samples still at the reference's direct level
     * (above the midpoint between it and the used state's) are the direct
     * writes before it: the direct phase's, or a phase of their own right
     * after the cache, however few. */
    if (rl_path && g >= 1 && g < c->nph && c->ph[g].level_bps * o->min_step <= rl.direct) {
        size_t f = c->ph[g].first, e = f;
        double cut = 0.5 * (log(rl.direct) + log(c->ph[g].level_bps));
        while (e + 3 <= c->ph[g].last && c->y[e] >= cut)
            e++;
        int direct_before =
            split_direct || (g >= 2 && ssd__at_direct(&rl, o, c->ph[g - 1].level_bps));
        if (direct_before)
            e = ssd__direct_through_dips(c, o, rl.direct, g, e);
        /* (One or two after the cache are direct writes too short for a
         * level, or the drop's mix of cache and GC, which one sample
         * cannot tell apart: either way the used state begins after them,
         * a sample late at worst. Left in it, a static cache that ended
         * inside a sample, then a sample at the direct level, then GC, had
         * its onset at the cache's end: 3.3 GiB for 5.1.) */
        if (e > f && direct_before) {
            ssd__curve_move_boundary(c, g, e);
        } else if (e >= f + 1 && g == 1 && ssd__curve_split(c, g, e) == 0) {
            split_direct = 1;
            g++;
        }
        ssd__gc_starts_at(c, g, S);
    }
    /* (The same at a dynamic reference's folding level, right after the
     * cache: a drive written full folds its cache before GC, and a 2 GiB
     * cache after a random fill folds 2-4 GiB, a sample or two, which the
     * segmentation gave to the used state (seed 151's drive 27, a fill
     * against the fresh run: the cache in the first sample, then 909 and
     * 748 MB/s against the reference's folding at 907, then GC at 443-589:
     * "used state at 2.5 GiB, truth 4.0"). Its first sample within a step
     * of the folding level and those from it above the midpoint between
     * that level and the used state's, two or more and fewer than a
     * lasting phase, are the folding.) */
    if (rl.known && rl.dynamic && isfinite(fold_lv) && o->written_before_bytes > 0 &&
        S->has_cache && g == 1 && g < c->nph && c->ph[g].level_bps * o->min_step <= fold_lv) {
        size_t f = c->ph[g].first, e = f;
        double cut = 0.5 * (log(fold_lv) + log(c->ph[g].level_bps));
        if (fabs(c->y[f] - log(fold_lv)) < log(o->min_step))
            while (e + 3 <= c->ph[g].last && c->y[e] >= cut)
                e++;
        if (e >= f + 2 && e < f + c->min_len && ssd__curve_split(c, g, e) == 0) {
            g++;
            ssd__gc_starts_at(c, g, S);
        }
    }
    /* (Without reference levels, after a sequential fill: the same from
     * the level before the used state; seq_direct_before_used.) */
    if (!rl.known && S->has_cache && ssd__seq_direct_before_used(c, o, res, g))
        ssd__gc_starts_at(c, g, S);
    /* A used drive's used state that began bursting inside the short
     * phase before it (gc_bursts_after_drop). */
    if (rl.known && o->written_before_bytes > 0 && g >= 1 && g < c->nph &&
        !(g == 1 && S->has_cache)) {
        size_t k = ssd__gc_bursts_after_drop(c, o, g,
                                             rl.dynamic && isfinite(fold_lv) ? fold_lv : rl.direct);
        if (k != c->ph[g].first) {
            ssd__curve_move_boundary(c, g, k);
            ssd__gc_starts_at(c, g, S);
        }
    }
    /* A used drive's cache that ended inside the run's first sample: its
     * lower bound is that sample's excess over the level after it, as if
     * the rest of the sample had run at that level. But a used drive
     * writes the clean blocks idle time gave back right after its cache,
     * at up to its direct level, the reference's (a random fill's static
     * cache of 8.99 GiB at 2.88 GB/s, then 2 GiB at the 1.23 GB/s of
     * direct writes, then GC at 0.24, all in WSAT's first 5 s sample at
     * 2.33 GB/s: "at least 9.72 GiB" against the GC level). The rest of the
     * sample ran no faster than that level, so the bound is the excess
     * over it; the upper bound stays (ref_first_sample_lower; it also
     * bounds a static cache's share of WSAT's first sample after the 2 GiB
     * idle GC cleaned: 6.12 GiB at 2.39 GB/s, then 0.89, 1.71 GB/s in all,
     * "at least 7.30 GiB" against GC, 3.8-8.06 now; seed 2026's drive 176). */
    if (rl.known)
        ssd__ref_first_sample_lower(c, o, S, rl.direct);
    /* A used drive's cache that ended inside the first sample, told by the
     * reference's cache level (ref_cache_end_in_first_sample). */
    ssd__ref_cache_end_in_first_sample(c, o, &rl, S);
    /* (No reference: the cache's end against the level right after it,
     * used_cache_end_against_next_level.) */
    if (!rl.known && !ssd__used_cache_end_against_next_level(c, o, res))
        ssd__used_cache_end_in_second(c, o, res);
    /* (A reference of this workload that found no cache, a used drive's
     * fast start of a sample or two, then a flat level before GC:
     * flat_level_after_clean_start; the used state starts after it.) */
    if (rl.known && rl.none && !S->has_cache && g == 1) {
        size_t k = ssd__flat_level_after_clean_start(c, o, S->capacity_bytes);
        if (k && ssd__curve_split(c, 1, k) == 0) {
            g = 2;
            ssd__gc_starts_at(c, g, S);
        }
    }
    /* (No reference at all: the quiet level between a used drive's fast
     * start and the used state, quiet_level_before_used; the used state
     * starts after it. A fill's log of another workload tells the cache's
     * kind, and the rules that read it place the onset: after a static
     * cache it showed, GC's first samples may run flat at 2.4 times the
     * level GC settles at for 4 samples, 0.3 GiB (test_fill_reference's
     * static cache after a random fill), which this rule would read as
     * direct writes. A log that showed no cache (ref_kind none) places
     * nothing: its no-cache rule reads the fast start as clean blocks, as
     * this rule does, so it runs there too. Seed 13's drive 48, a 128K
     * fill after a random fill against its 4K fill's log capped at 2.68
     * GB/s throughout: 2.80 GB/s in the first sample (a 2 GiB dynamic
     * cache), folding at 1.22 for 4 GiB, then GC at 0.73 with bursts to
     * 1.6; without this the used state was read from 11.9 GiB, truth 6.0,
     * where the run alone read it at 5.26. A log that showed a static
     * cache before a run on a drive filled sequentially runs it too, when
     * the rules before left the used state right after the run's cache
     * (phase 1) and the level lasts SHORT_LEVEL samples or more: the
     * sequential fill left the spare area clean, so a static cache is
     * followed by direct writes to it, a quiet level, and GC's first
     * samples are no such level. Seed 317's drive 169, 2 hours after a
     * sequential fill: a 24.8 GiB static cache at 391 MiB/s, direct
     * writes at 88-92 for 44 samples to 28.7 GiB, then GC at 21-60: with
     * the fill's log "GC from 24.8 GiB sliding from 90.5 to 22.7", where
     * the run alone read it right; seed 163's drive 181 the same. A
     * level of 2-3 samples is left to the rules before: the one split
     * off on seed 149's drive 153, 19 MiB/s twice after its cache, was
     * labelled folding. A log that showed a dynamic cache before a run
     * on a drive filled at random runs it too: random writes leave only
     * the few GiB idle GC cleaned, a dynamic cache takes them all and
     * folds them before GC runs, (bits - 1) times their size written at
     * the folding's speed, the quiet level this rule reads, never GC's
     * first samples. Seed 227's drive 18, a fill after a random fill
     * against its 4K fill's log (a 69 GiB dynamic cache): 1.91 GB/s in
     * the first sample, folding flat at 375 MiB/s to 4.0 GiB, then GC at
     * 222 bursting to 536 for four samples: "used state at 6.6 GiB, truth
     * 4.0" with the log, 3.80 without it; seed 277's drive 110 alike,
     * folding at 71 MiB/s to 6.0 GiB read as ending at 4.76.) */
    int seq_static_log = !ref && res->ref_kind == SSD__REF_KIND_STATIC &&
                         (int)o->precondition == SSD_PRECONDITION_SEQ_FILL && g == 1 &&
                         S->has_cache;
    int rand_dynamic_log = !ref && res->ref_kind == SSD__REF_KIND_DYNAMIC &&
                           (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL;
    if (!ref &&
        (res->ref_kind == SSD__REF_KIND_UNKNOWN || res->ref_kind == SSD__REF_KIND_NONE ||
         seq_static_log || rand_dynamic_log) &&
        !rl.known && g >= 1 && g <= 2 && g < c->nph && (g == 1 || S->has_cache)) {
        size_t k = ssd__quiet_level_before_used(c, o, S->capacity_bytes, S->has_cache,
                                                c->ph[g].level_bps, c->ph[g].first);
        if (seq_static_log && k < c->ph[1].first + SHORT_LEVEL)
            k = 0;
        /* (Not a sample earlier: the mixed sample the walk stopped at is
         * either level's.) */
        if (k && (k + 1 < c->ph[g].first || k > c->ph[g].first) && k < c->ph[g].last) {
            if (g == 2 || !S->has_cache) {
                ssd__curve_move_boundary(c, g, k);
                if (!S->has_cache)
                    S->post_cache_bps = c->ph[0].level_bps;
                ssd__gc_starts_at(c, g, S);
            } else if (k > c->ph[1].first && ssd__curve_split(c, 1, k) == 0) {
                g = 2;
                ssd__gc_starts_at(c, g, S);
            }
        }
    }
    /* (A random fill's GC whose first scattering stretch the segmentation
     * gave to the phase before it: ssd__scatter_before_used.) */
    /* (Sequential writes only (the run's recorded pattern): their host speed is the flash's program
     * rate, so GC's cost shows in every second. Random 4K writes run at
     * the controller's rate, which absorbs GC's first, nearly empty
     * victims in spare program bandwidth (the scorer's held_until), and
     * their clean blocks, cache and folding last many samples whose dips
     * this reading took for GC: seed 479's drive 112, 2 hours, read at
     * 2.8 GiB for 4.0 with the fresh run as the reference.) */
    if (g >= 1 && g < c->nph && res->pattern[0] && strncmp(res->pattern, "rand", 4) != 0) {
        size_t k = ssd__scatter_before_used(c, o, S->capacity_bytes, g);
        if (k > c->ph[g - 1].first) {
            ssd__curve_move_boundary(c, g, k);
            ssd__gc_starts_at(c, g, S);
        } else if (k && k == c->ph[g - 1].first && g >= 2) {
            ssd__curve_merge_next(c, g - 1);
            g--;
            ssd__gc_starts_at(c, g, S);
        }
    }
    int fold_note, slow_fold;
    /* (A fresh drive's folding that the onset, placed no earlier than
     * the capacity, cut in two: ssd__fold_across_onset.) */
    res->fold_across_onset = 0;
    if (g && isfinite(S->capacity_bytes) && ssd__fold_across_onset(c, o, S, &g)) {
        res->fold_across_onset = 1;
        ssd__gc_starts_at(c, g, S);
    }
    size_t slight = ssd__label_phases(c, o, res, &rl, &g, hidden_cache, static_first, split_direct,
                                      fold_lv, &fold_note, &slow_fold);
    /* (As a reference: the direct phase's level after the cache, or after
     * a cache too slight to call, before any folding.) */
    res->direct_bps = 0;
    res->slight_cache_bytes = slight ? c->ph[slight].start_bytes : NAN;
    /* (And after one slight step: a fresh drive's first level then a
     * lasting level a step below it, no cache found, no folding, before
     * the used state and where no cache ends (0.64 of the capacity): a
     * fresh drive writes at one level until a cache ends or its clean
     * blocks run out, so that step was a static cache too slight to call
     * (357 MB/s for 13.8 GiB, then 280 until the used state at 571 GiB
     * of 528 GB), and the level after it the direct one. Only a used
     * drive's run reads this (ref_levels.slight_direct); the run's own
     * labels stay.) */
    int slight_step = !S->has_cache && !slight && !S->has_folding && isfinite(S->capacity_bytes) &&
                      !(o->written_before_bytes > 0) && c->nph >= 2 && g != 1 &&
                      c->ph[0].last - c->ph[0].first + 1 >= 3 &&
                      c->ph[1].last - c->ph[1].first + 1 >= c->min_len &&
                      c->ph[1].level_bps * o->min_step <= c->ph[0].level_bps &&
                      c->ph[1].start_bytes < MAX_CACHE_CAPACITY_SHARE * S->capacity_bytes &&
                      stays_below_after_step(c, o, g);
    res->slight_lasting = 0;
    res->slight_samples = 0;
    if (slight_step) {
        res->slight_samples = c->ph[0].last - c->ph[0].first + 1;
        res->slight_cache_bytes = c->ph[1].start_bytes;
        res->direct_bps = c->ph[1].level_bps;
        res->slight_lasting = res->slight_samples >= (size_t)o->min_phase_samples;
    }
    for (size_t j = 1; !slight_step && (S->has_cache || slight) && j < c->nph; j++) {
        if (c->ph[j].regime == SSD_REGIME_FOLDING || c->ph[j].regime == SSD_REGIME_GC)
            break;
        if (c->ph[j].regime == SSD_REGIME_DIRECT) {
            res->direct_bps = c->ph[j].level_bps;
            break;
        }
    }
    ssd__regime_notes(c, o, res, g, rl.known, fast_lv, fold_note, slow_fold,
                      !clean_room ? 0
                      : one_drop  ? 2
                      : outlast   ? 1
                                  : 0);
    /* Folding or the used state, which no curve tells apart. A drive
     * written full has no clean blocks but those its dynamic cache holds
     * in SLC mode, so after the cache it folds before GC runs (folding a
     * valid SLC byte frees bits - 1 bytes of flash for the one it writes;
     * GC on a full drive frees little per byte it copies), and GC may
     * follow at the same speed. A flat used state right after the cache
     * (or its direct writes) that runs to the end of the run may
     * therefore be folding all through, as long as folding can last: 3
     * bytes written per byte cached (QLC's bits - 1) of what the cache
     * can hold. That is what this run cached, and after a sequential fill
     * (whole blocks freed: the drive never had to fold) also what the
     * fill left in it, at most the fresh cache; after random writes past
     * the raw flash GC has run, so the cache was folded before. */
    S->gc_may_be_folding = 0;
    /* (So is a used state as quiet as the direct level before it after a
     * sequential fill, the fill's log showing no levels of this run's
     * workload: quiet_after_level read it as the folding after direct
     * writes, which GC may follow at its speed.) */
    int quiet_fold = res->seq_quiet_after_direct && res->ref_kind == SSD__REF_KIND_DYNAMIC;
    if (g && g + 1 == c->nph && ((rl_path && rl.dynamic) || quiet_fold) && !S->has_folding &&
        S->has_cache && isfinite(S->capacity_bytes) && ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
        !ssd__slides_down(c, &c->ph[g]) &&
        (c->ph[g - 1].regime == SSD_REGIME_CACHE || c->ph[g - 1].regime == SSD_REGIME_DIRECT)) {
        double held = S->cache_bytes;
        if ((int)o->precondition == SSD_PRECONDITION_SEQ_FILL && isfinite(rl.cache_bytes))
            held += rl.cache_bytes;
        else if (quiet_fold && isfinite(res->ref_kind_cache_bytes))
            held += res->ref_kind_cache_bytes;
        if (c->cum[c->n] - c->ph[g].start_bytes <= FOLD_BYTES_PER_CACHED * held) {
            S->gc_may_be_folding = 1;
            ssd__set_undecided(res, "folding_or_used_state", "used_state", "longer_run");
            res->regime_note =
                "the used state found may be, in part or to the end, the dynamic cache's "
                "folding, which can run at the same speed; a run writing past 3 bytes per byte "
                "the cache holds tells";
        }
    }
    /* A run that never dropped, on a drive written past its raw flash
     * right before it (used_from_first_byte): no clean blocks to write
     * fast, no cache to fill (a static one the fill left full, a dynamic
     * one with no free blocks to borrow): the used state from byte 0. */
    int flat =
        !S->has_cache && !g && !S->has_folding && !hidden_cache && !ssd__dropped_below_first(c, o);
    if (flat && ssd__used_from_first_byte(o, S->capacity_bytes)) {
        for (size_t j = 0; j < c->nph; j++)
            c->ph[j].regime = SSD_REGIME_GC;
        g = c->nph; /* (the steps below: none before the used state) */
        const struct ssd_phase *p = &c->ph[c->nph - 1];
        S->has_gc = 1;
        S->gc_start_bytes = c->ph[0].start_bytes;
        S->gc_level_bps = c->ph[0].level_bps;
        S->gc_end_level_bps = p->level_bps;
        if (c->nph == 1 && p->last - p->first + 1 >= 8)
            S->gc_end_level_bps = last_quarter_level(c, p);
        S->post_cache_bps = c->ph[0].level_bps;
        res->direct_bps = 0;
        res->regime_note = "the drive is in its used state from the first byte: written past its "
                           "raw flash, then no idle time (idle_before_s 0) to clean blocks";
        flat = 0;
    }
    /* Without a cache the level is the first lasting phase's: a first
     * phase shorter than a minimum phase and not a step above it (no fast
     * start, a transient before a dip) is no level the drive holds (SSD370
     * after a fill, 4K over 8 GiB for 5 min: 263 MiB/s for 1 s, 156 for
     * 3 s, then 285 for 296 s read "262.6 MiB/s", below the run's mean
     * and its end; the round-23 audit). A short first phase a step above
     * (a static cache's 41 s before the clean blocks) keeps its level.
     * The lasting phase may be labelled other, as a phase faster than the
     * one before it is (a fill's 4K log from a purge that began in a GC
     * dip: 560 MiB/s for 1 s, 327 for 2, then 909 with its dips to the
     * end read "first level 560", and a used run's 2 s of clean blocks at
     * 909 against it "cache 2.11 GiB"; seed 251's drive 149). */
    if (!S->has_cache && c->nph >= 2 && S->post_cache_bps == c->ph[0].level_bps &&
        c->ph[0].last - c->ph[0].first + 1 < c->min_len)
        for (size_t j = 1; j < c->nph; j++) {
            const struct ssd_phase *p = &c->ph[j];
            if (S->has_gc && p->start_bytes >= S->gc_start_bytes)
                break;
            if ((p->regime == c->ph[0].regime || p->regime == SSD_REGIME_OTHER) &&
                p->last - p->first + 1 >= c->min_len) {
                if (c->ph[0].level_bps < o->min_step * p->level_bps)
                    S->post_cache_bps = p->level_bps;
                break;
            }
        }
    /* One speed all through a run shorter than any cache could be
     * (CrystalDiskMark's 1 GiB test file on a drive with a 2 GiB cache)
     * says nothing about a cache: its level may be the cache's. The
     * contract has no "unknown" regime, so the phase stays direct and the
     * note says what cannot be told. */
    if (flat && !(isfinite(S->capacity_bytes) &&
                  S->total_bytes >= MAX_CACHE_CAPACITY_SHARE * S->capacity_bytes)) {
        ssd__set_undecided(res, "cache_or_direct", "direct",
                           isfinite(S->capacity_bytes) ? "longer_run" : "capacity");
        res->regime_note =
            isfinite(S->capacity_bytes)
                ? "the speed never dropped: the level may be an SLC cache larger than this "
                  "run wrote; a run writing 64% of the capacity tells"
                : "the speed never dropped: the level may be an SLC cache larger than this "
                  "run wrote; the drive's capacity is unknown (give it), so no run length "
                  "tells";
    }
    /* Steps at or after the used state's start are GC, not steps. */
    if (g) {
        size_t k = 0;
        for (size_t i = 0; i < res->nsteps; i++)
            if (res->steps[i].start_bytes < S->gc_start_bytes)
                res->steps[k++] = res->steps[i];
        res->nsteps = k;
    }
}

SSD_API const char *ssd_analysis_regime_name(int regime) {
    switch (regime) {
    case SSD_REGIME_CACHE:
        return "cache";
    case SSD_REGIME_DIRECT:
        return "direct";
    case SSD_REGIME_FOLDING:
        return "folding";
    case SSD_REGIME_GC:
        return "gc";
    case SSD_REGIME_THROTTLE:
        return "throttle";
    case SSD_REGIME_SLOW_START:
        return "slow_start";
    default:
        return "other";
    }
}
