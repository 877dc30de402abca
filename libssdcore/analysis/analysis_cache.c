/* analysis_cache.c - the SLC cache (first phase followed by a lasting drop)
 * placed inside the sample where the drop happened, the post-cache level,
 * further steps, folding, bursts back to cache speed, and GC recovery
 * against a fresh reference. */
#include <math.h>
#include <string.h>

#include "analysis_internal.h"

static double clamp01(double v) {
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* Share of samples [a, b) whose rate is >= thr. */
static double frac_above(const struct ssd__curve *c, size_t a, size_t b, double thr) {
    if (b <= a)
        return 0;
    size_t k = 0;
    for (size_t i = a; i < b; i++)
        k += c->r[i] >= thr;
    return (double)k / (double)(b - a);
}

/* Share of samples [a, b) at cache speed, GC dips inside the cache
 * counted with it: a run of at most DIP_MAX samples below thr between two
 * samples at the cache's level hi (within a step of it, at or above thr),
 * the one after it at the fast level (>= fast) and before b. The speed
 * came back to where it was: the cache was still there, so the run was a
 * dip, not the post-cache level (the reading lasting_low_start gives a
 * climb back after the drop). A phase that holds the cache's end and
 * the slower writes after it does not come back to one level.
 * Round 34: the cache's level there is that of the phase's samples at or
 * above thr (their median) when higher than the phase's: the phase's own
 * level takes in the dip's samples, and a short cache carved by a dip of
 * 4 samples in 9 read 1.9 GiB/s for samples at 2.44, none within a step;
 * a dip lasts up to 4 samples (a drive's map write-back of 3.7 s spans 4
 * or 5 one-second samples, the first or last partly at speed); the
 * climb back may take one sample not yet at the cache's level (the dip
 * ending inside it) before one at it; and a dip may begin the phase, no
 * sample at speed before it (a run that began inside a dip: the samples
 * after it say the cache was there). Seed 131's drive 38, the
 * random fill's 4K log: 2437 MB/s, 849 three times, 1167, 2437 three
 * times, 2045, then 712: "cache: none found" for the model's 14.30 GiB;
 * seed 251's drive 63: 1383, 600, 400, 900, 1368, 1376, then 560 to the
 * end, none for 5.66; seed 199's drive 99: 1482, 1157, 2445, 2918 three
 * times, 1977, then 1765, none for 13.36. The drives' used runs read
 * against those logs (a fill log of no cache) missed their caches.
 * So is a dip of two or more samples the run starts in, the speed then
 * back at the cache's level: a drive's periodic GC may be running when
 * the job starts (seed 211's drive 45, fresh 2 hours: 718, 714 and 729
 * MB/s, then 1886-1928 for 5 samples and direct writes at 800; 5 of 8
 * at speed, "cache of 11.16 GiB missed"). One slow first sample is a
 * ramp, not a dip (seed 47's drive 177 below).
 * Round 45: a dip lasts as long as the drive's dips last, and a drive
 * whose own dips in the writes after the cache run longer than DIP_MAX
 * samples (own_dip_run, their median; dip_max) dips its cache as long;
 * its climb back may then take a sample at the fast level, not yet
 * within a step of the cache's (the dip ending inside it), though the
 * dip stays above the post-cache level: a dip slows the cache by the
 * same factor as the direct writes, so a cache some times faster than
 * them dips above their level. Seed 227's drive 132, fresh 2 hours: 30
 * samples at 2.7 GiB/s holding dips of 5 samples at 1010-1180 (then
 * 2192) and 4 at 1400-1450 (then 2203), the direct writes at 813 dipping
 * to 430 for 5-6 samples: 20 of 29 at speed, "cache of 63.00 GiB
 * missed". */
#define DIP_MAX 4
static size_t own_dip_run(const struct ssd__curve *c, size_t from, size_t to, double post);
/* (dip_max: DIP_MAX, or the run's own dips' length when longer.) */
static double frac_at_speed(const struct ssd__curve *c, size_t a, size_t b, double thr, double fast,
                            double hi, double post, double step, size_t dip_max) {
    if (b <= a)
        return 0;
    size_t k = 0, m = 0;
    for (size_t i = a; i < b; i++)
        if (c->r[i] >= thr)
            c->scratch[m++] = c->r[i];
    if (m > 0)
        hi = fmax(hi, ssd__median(c->scratch, m));
    for (size_t i = a; i < b;) {
        if (c->r[i] >= thr) {
            k++, i++;
            continue;
        }
        size_t e = i;
        while (e < b && c->r[e] < thr)
            e++;
        size_t back = e;
        double lo = c->r[i];
        for (size_t j = i; j < e; j++)
            lo = fmin(lo, c->r[j]);
        if (back + 1 < b && !(c->r[back] >= fast && fabs(log(c->r[back] / hi)) < step))
            back++;
        /* (A dip at the phase's start or one whose climb back takes a
         * sample must fall a step below the post-cache level: no write after
         * the cache runs there but in a dip of its own, while GC's bursts
         * after a fast start scatter above it; seed 29's drive 5: 2110,
         * 1295, 865, 720, then 284-420 MB/s around 265. A step below: a
         * run may start at about the direct level, seed 47's drive 177,
         * WSAT after a sequential fill, 1680 MB/s, 2634, 2579, then 1711,
         * read 32.2 GiB for 30.16 with the first sample a "dip".) */
        int plain_dip = back == e && i > a;
        int start_dip = i == 0 && back == e && e - i >= 2;
        double step_ratio = exp(step);
        if (e - i <= dip_max && back < b && c->r[back] >= fast &&
            (plain_dip || start_dip || lo * step_ratio < post ||
             (dip_max > DIP_MAX && back == e + 1 && c->r[e] >= fast)) &&
            (i == a ||
             (fabs(log(c->r[i - 1] / hi)) < step && fabs(log(c->r[i - 1] / c->r[back])) < step)) &&
            fabs(log(c->r[back] / hi)) < step)
            k += e - i;
        i = e;
    }
    return (double)k / (double)(b - a);
}

/* Samples from k until the speed climbs back to >= thr for 3 samples in a
 * row (shorter climbs are noise or stalls' rebound, not a return). */
static size_t low_run(const struct ssd__curve *c, size_t k, double thr) {
    size_t above = 0;
    for (size_t i = k; i < c->n; i++) {
        above = c->r[i] >= thr ? above + 1 : 0;
        if (above == 3)
            return i - 2 - k;
    }
    return c->n - k;
}

/* The first sample at or after k that starts a low run of at least need
 * samples, skipping climbs back above thr (at most 4 * need samples away);
 * c->n when there is none. A low run may hold a climb of one or two samples
 * (noise, a stall's rebound), but one back at the fast level (>= fast) within
 * its first need samples means the cache was still there: what came before
 * it was a dip shorter than a phase, not the drop, and the search goes on
 * after it. *after_fast (when not NULL) receives the sample after the last
 * such climb, or 0: the drop cannot be placed before it. */
static size_t lasting_low_start(const struct ssd__curve *c, size_t k, double thr, size_t need,
                                double fast, size_t *after_fast) {
    size_t kk = k;
    if (after_fast)
        *after_fast = 0;
    while (kk < c->n && kk - k <= 4 * need) {
        size_t lr = low_run(c, kk, thr);
        if (lr >= need) {
            size_t back = kk;
            for (size_t i = kk; i < kk + need && i < c->n; i++)
                if (c->r[i] >= fast)
                    back = i + 1;
            if (back == kk)
                return kk;
            kk = back;
            if (after_fast)
                *after_fast = back;
        } else {
            kk += lr;
        }
        while (kk < c->n && c->r[kk] >= thr)
            kk++;
    }
    return c->n;
}

/*
 * How far the cache's end may lie from the placement at bytes_in bytes
 * into sample m, from the samples alone. Placing the end inside one sample
 * takes the samples either side of it to be at the two levels; when they
 * are not -- a neighbour between the levels by more than 3 of the run's
 * noise and a fifth of the way from either (in log: a fixed ripple of
 * +-2 % around a level, whose differences' noise is smaller, is at the
 * level) (a cache slowing as it fills, a drop spread over two or three
 * samples, direct writes ramping down) -- the end may be anywhere in that
 * transition stretch: a sample at 1956 MB/s between a cache at 2741 and
 * direct writes at 1436 may be the cache slowing or the two mixed, and
 * only the model knows which. The stretch runs over at most
 * SPREAD_MAX samples either side of m (a longer slide is a level of its
 * own, for the segmentation). Returns the larger distance from the
 * placement to the stretch's two ends, 0 when m's neighbours are at the
 * levels (the noise of m's share then bounds the placement).
 */
#define SPREAD_MAX 2
double ssd__cache_end_spread(const struct ssd__curve *c, size_t first, size_t m, double hi,
                             double lo, double bytes_in) {
    double n = fmax(3 * c->sigma, 0.2 * log(hi / lo)), top = log(hi) - n, bot = log(lo) + n;
    if (top <= bot || m >= c->n)
        return 0;
    size_t a = m, b = m;
    while (a > first + c->lead && m - a < SPREAD_MAX && c->y[a - 1] < top && c->y[a - 1] > bot)
        a--;
    while (b + 1 < c->n && b - m < SPREAD_MAX && c->y[b + 1] < top && c->y[b + 1] > bot)
        b++;
    if (a == b)
        return 0;
    double at = c->cum[m] + bytes_in;
    return fmax(at - c->cum[a], c->cum[b + 1] - at);
}

struct placement {
    double bytes, uncertainty;
    double hi;    /* the cache's level the mixed sample was split against */
    size_t mixed; /* the sample the drop happened in */
    size_t held;  /* a sample proven to hold cache (fresh_last_above's dip case), else 0 */
};

/* The median rate of samples [from, m) (m > from). */
static double level_before(const struct ssd__curve *c, size_t from, size_t m) {
    memcpy(c->scratch, c->r + from, (m - from) * sizeof *c->r);
    return ssd__median(c->scratch, m - from);
}

void ssd__no_cache_figures(struct ssd_analysis_summary *S) {
    S->has_cache = 0;
    S->cache_bytes = S->cache_level_bps = S->cache_drop_ratio = NAN;
    S->cache_uncertainty_bytes = NAN;
    S->cache_censored = SSD_CENSOR_NONE;
}

void ssd__cache_in_first_sample(const struct ssd__curve *c, double lo,
                                struct ssd_analysis_summary *S) {
    double lower = (c->r[0] - lo) * ssd__curve_dt(c, 0);
    S->has_cache = 1;
    S->cache_censored = SSD_CENSOR_RESOLUTION;
    S->cache_bytes = lower > 0 ? lower : 0;
    S->cache_uncertainty_bytes = ssd__first_sample_cache_max(c, lo) - S->cache_bytes;
    S->cache_level_bps = c->r[0];
    S->cache_drop_ratio = c->r[0] / lo;
}

double ssd__first_sample_cache_max(const struct ssd__curve *c, double lo) {
    double most = c->b[0];
    if (c->n > 1 && c->r[1] > lo && c->r[0] > lo)
        most += (c->r[1] - lo) * ssd__curve_dt(c, 1) * c->r[0] / (c->r[0] - lo);
    return most;
}

/* The cache's level if the drop is in sample m: for a cache of one or two
 * samples before m (own_level: hi is its phase's median, which m's mix
 * pulls down), the level of those samples; hi otherwise. */
static double short_cache_level(const struct ssd__curve *c, size_t from, size_t m, double hi,
                                double lo, int own_level) {
    if (!own_level || m <= from || m - from > 2)
        return hi;
    double h = level_before(c, from, m);
    /* (Of two, the faster when the sample holding the end ran faster than
     * their median and the other ran a fifth of the way down to lo below
     * it, in log: a sample that mixes the cache with slower writes runs
     * no faster than the cache, so a median below it is no cache speed
     * but a GC dip's slowness averaged in, and a dip only slows a sample
     * (ssd__cache_samples_speed's reading). Seed 47's drive 180, WSAT
     * after a sequential fill: 2720 MiB/s, 1340 in a dip, then 2448
     * holding the end before direct writes at 1389; split against the
     * two's 2030 the whole sample was cache, 32.10 GiB for the model's
     * 30.06, against 2720 30.40.) */
    if (m - from == 2 && c->r[m] > h && h > lo) {
        double fast = fmax(c->y[from], c->y[from + 1]), slow = fmin(c->y[from], c->y[from + 1]);
        if (fast - slow >= 0.2 * (fast - log(lo)))
            h = exp(fast);
    }
    return h > lo ? h : hi;
}

/* A fresh drive's short cache (3 to DIPPED_CACHE_MAX samples wholly
 * before the drop's) that ran through GC dips: its phase's level is a
 * median over few samples, up to half of them slowed by a dip, and the
 * drop's sample split against it reads the dip's slowness as cache (seed
 * 47's drive 180, WSAT, 5 s samples: 2293, 2026, 2876, then the drop's
 * 2175 before direct writes at 1476; a level of 2233 split it at 0.92 of
 * the sample, 43.10 GiB for the model's 40.12). A dip only slows a drive:
 * the cache ran at its faster samples' speed, and the drop's sample
 * wrote its cache part at that speed (the median of the samples at or
 * above the phase's level: 2584, split at 0.63, 41.09 GiB; seed 127's
 * drive 199, 2 hours, 2877 for 1600: 8.95 GiB for 8.91). Only when every
 * one of the samples before the drop ran above the midpoint between the
 * phase's level and the level after it (no second level, no drop
 * before), and one of them ran in a dip, a quarter of the way from that
 * faster level down to the level after, in log, with the speed back
 * above that after it, before the drop (a dip recovers; a cache that
 * slows as it ends does not, 2415, 1912, 1552, then 1092: seed 11's
 * drive 53, whose drop's sample is split against its slowed level; a
 * cache's own noise is a few per cent, and a flat cache's upper half is
 * that noise: its median stays). Returns hi or the faster level. */
#define DIPPED_CACHE_MAX 8
static double dipped_cache_level(const struct ssd__curve *c, size_t from, size_t m, double hi,
                                 double lo) {
    if (m < from + 3 || m - from > DIPPED_CACHE_MAX || !(hi > lo))
        return hi;
    size_t k = 0;
    double mid = 0.5 * (log(hi) + log(lo));
    for (size_t i = from; i < m; i++) {
        if (!(c->y[i] > mid))
            return hi;
        if (c->r[i] >= hi)
            c->scratch[k++] = c->r[i];
    }
    if (k == 0)
        return hi;
    double up = ssd__median(c->scratch, k);
    double dip = log(up) - 0.25 * (log(up) - log(lo));
    int dipped = 0;
    for (size_t i = from; i < m; i++) {
        if (c->y[i] < dip)
            dipped = 1;
        else if (dipped)
            return up;
    }
    return hi;
}

/* The cache's level a drop in sample m is split against: its phase's
 * (hi), or that of the samples wholly before m for a cache of one or two
 * (short_cache_level), or on a fresh drive of three or more that ran
 * through a GC dip, of its faster ones (dipped_cache_level). */
static double level_before_drop(const struct ssd__curve *c, size_t from, size_t m, double hi,
                                double lo, int own_level, int fresh) {
    double h = short_cache_level(c, from, m, hi, lo, own_level);
    return own_level && fresh ? dipped_cache_level(c, from, m, h, lo) : h;
}

/* On a fresh drive (nothing written since TRIM: the level after the cache
 * lasts, no used state follows within a few samples) direct writes do not
 * run faster than their level, so a sample above it still wrote into the
 * cache. Of the samples after m, up to SPREAD_MAX of them, each above the
 * level and below the one before, the last holds the drop when the next
 * sample is at the level: the ones before it ran at a cache slowing or
 * dipping as it ended (2415, 1912, 1552, then direct writes flat at 1092:
 * seed 11's drive 53, placed in the 1912 sample, 6.05 GiB for 7.17; 2051,
 * 1772, then 1497: seed 2026's drive 142, WSAT, placed in the 2051 one,
 * 58.4 GiB for 64.65). Above the level means by more than 4 of its noise
 * (that of the 21 samples after the first, above their median; at 3, a
 * sample 42 % above a level with 12 % noise per sample took the drop) and
 * a fifth of the way to the cache, in log: a sample of direct writes 3 % above a level whose MAD
 * noise is 0.9 % is noise, not a cache of a thirtieth of a sample (4926,
 * 3622, 2654, then 2573 +-1 %: seed 47's drive 198, placed in the 2654
 * sample, 21.96 GiB for 20.48). A used drive's short stretch of direct
 * writes before its used state looks the same: not there, but for a GC
 * dip's sample before the drop's (below; fresh is the precondition none,
 * nothing written before). Returns m or the later sample. */
static double dip_length(const struct ssd__curve *c, size_t a, size_t b, double y0, double cut,
                         double *depth, double *deepest);
static size_t fresh_last_above(const struct ssd__curve *c, size_t m, double yh, double yl,
                               int fresh, size_t post_end, size_t *held) {
    if (m + 3 >= c->n)
        return m;
    /* The level's noise from the upper half of the samples after: a GC dip
     * only slows, so they are noise alone (the dips of seed 2026's drive
     * 142, 5 of 21 samples, made the MAD of the differences 17 %). */
    size_t a = m + 2, b = m + 23 < c->n ? m + 23 : c->n, k = 0;
    /* (Round 46: on a fresh drive, of the level's own samples, when it
     * ends (post_end) before those 21 but after 8 or more: a dynamic
     * cache's direct writes last as long as the clean blocks it left, and
     * 21 samples reaching into the folding after them measured the step
     * between the two for noise. Seed 313's drive 127, fresh WSAT: 2744
     * MiB/s, 2071 in a dip, 1164 holding the end, then direct writes at
     * 1078-1099 for 12 samples and folding at 730: a noise of 0.58 in log,
     * so the 1164 read as noise and the end was placed in the 2071, 21.37
     * GiB for 25.00.) */
    int short_level = fresh && post_end >= a + 8 && post_end < b;
    if (short_level)
        b = post_end;
    double med = ssd__level_of(c, a, b);
    for (size_t i = a; i < b; i++)
        if (c->y[i] > med)
            c->scratch[k++] = c->y[i] - med;
    double sp = k ? 1.4826 * ssd__median(c->scratch, k) : 0;
    /* (Round 36: on a used drive, whose direct writes may run a sample
     * or two above a lower level after them, the one sample after m
     * holds the drop when the level after the drop dips -- three GC dips
     * or more deeper than 4 of its noise within the 120 samples after --
     * and m, between the levels, is no deeper below the cache than the
     * deepest of them: m is then as likely the cache slowed by a dip (a
     * dip slows cache and direct writes by one factor) as the drop's mix,
     * and a dip only slows, so the sample after it, above the level by
     * more than its noise, still wrote into the cache; the fifth is not
     * asked. On a fresh drive the fifth stays: without it, 2 runs fixed
     * on the tune seeds, 2 fixed and 3 broken on the check seeds.) */
    double need = 0.2 * (yh - yl), depth = 0, deepest = 0;
    int dips = 0;
    if (!fresh && c->n >= 128) {
        size_t to = m + 122 < c->n ? m + 122 : c->n;
        dips = dip_length(c, a, to, med, fmax(4 * sp, 0.05), &depth, &deepest) > 0 &&
               c->y[m] >= yh - deepest - 3 * sp;
    }
    /* (Round 45: on a fresh drive too, the sample after m holds the end
     * when m, below the cache by more than its noise, is no deeper below
     * it than the deepest of the run's dips after (the round-36 test),
     * and that sample runs above the level after by 4 of its noise and
     * faster than every one of the 21 samples after it: direct writes
     * that never come back to that speed did not write it, the cache
     * did, and m was the cache slowed by a dip. The fifth is not asked
     * then. Seed 89's drive 177, fresh WSAT: 342 MiB/s, a dip's 270, then
     * 156.5 over direct writes at 131.9 that hold it to the sample (no
     * noise) but dip to 97-107: 6.10 GiB for 6.51, now 6.51; 277's drive
     * 0, 2 hours: 2697, 1181 in a dip, 1008, then 918 and 905 at most
     * after. Dropping the fifth alone on fresh drives broke 3 check runs
     * in round 36, a 5 % bound 3 in round 37: noise alone may lift a
     * direct sample over 4 of a MAD's noise, not over all the samples
     * after it as well. *held is the sample, so that no dip fit puts the
     * end before it: end_by_dip_fit.) */
    if (fresh && c->n >= 128 && m + 23 < c->n) {
        size_t to = m + 122 < c->n ? m + 122 : c->n;
        double top_after = c->y[m + 2];
        for (size_t i = m + 2; i < m + 23; i++)
            top_after = fmax(top_after, c->y[i]);
        /* (Round 46: a level too short to show three of the drive's
         * dips, 8 to 20 samples, shows its deepest: m no deeper below the
         * cache than that, and it deeper than the cut, as above.) */
        int dipped = 0;
        if (short_level) {
            double low = med;
            for (size_t i = a; i < b; i++)
                low = fmin(low, c->y[i]);
            dipped = med - low > fmax(4 * sp, 0.05) && c->y[m] >= yh - (med - low) - 3 * sp;
        } else {
            dipped = dip_length(c, a, to, med, fmax(4 * sp, 0.05), &depth, &deepest) > 0 &&
                     c->y[m] >= yh - deepest - 3 * sp;
        }
        if (dipped && c->y[m] < yh - 3 * sp && c->y[m + 1] > top_after &&
            c->y[m + 1] > yl + 4 * sp) {
            *held = m + 1;
            return m + 1;
        }
    }
    if (!fresh && !dips)
        return m;
    if (dips)
        need = 0;
    double top = yl + fmax(4 * sp, need);
    size_t last = m, span = fresh ? SPREAD_MAX : 1;
    for (size_t i = m + 1; i <= m + span && i + 1 < c->n; i++) {
        if (!(c->y[i] > top && c->y[i] < c->y[i - 1]))
            break;
        last = i;
    }
    return last > m && c->y[last + 1] <= top ? last : m;
}

/* A level of its own between the cache and the level after it, which
 * the two-level fit gave to the cache: two samples or more right before
 * the fit's boundary kk, each between the levels by more than noise (in)
 * and within it of the last of them, after a sample at the cache's level,
 * and lasting longer than the drive's GC dips do (their median length in
 * the 120 samples after kk, dip_length: none seen, none longer than a
 * sample). A dip only slows a drive for as long as it lasts; a stretch
 * longer than that at one level is the folding or direct writes after
 * the cache, and the drop is in the sample before it. Seed 173's drive
 * 15, WSAT after a random fill, 5 s samples: 563 MB/s holding the 2 GiB
 * cache's end, then folding at 185 and 119 holding its end, then GC at
 * 24 (the fill's log folded at 186, and its dips last about 3 s): read
 * as a 4.14 GiB cache, the folding as a dip inside it; seed 313's drive
 * 196 (549, 180, 135, then 20) 3.96 GiB, 337's drive 64 3.90, the model's
 * 2.00 each. Only right after a first sample alone at the cache's level
 * (the cache ended inside it): after a cache of whole samples such a
 * level is a static cache's direct writes, which the reference's rules
 * split off as a phase (ssd__ref_split_cache) where the drop put before
 * them lost them (seed 251's drive 63, a 128K run after a random fill:
 * 1955 MB/s three times, then direct writes at 1072 and 965, then GC at
 * 290: the used state read from the cache's end, 5.5 GiB for 7.7).
 * Returns the level's first sample, 0 when there is none. */
static size_t level_before_fit(const struct ssd__curve *c, size_t first, size_t kk, double yh,
                               double yl, double in) {
    size_t a = kk;
    while (a > first + 1 && c->y[a - 1] < yh - in && c->y[a - 1] > yl + in &&
           fabs(c->y[a - 1] - c->y[kk - 1]) < in)
        a--;
    if (a != first + 1 || kk < a + 2 || c->y[first] < yh - in || kk + 12 > c->n)
        return 0;
    size_t s = kk + 1, e = kk + 121 < c->n ? kk + 121 : c->n, k = 0;
    double med = ssd__level_of(c, s, e);
    for (size_t i = s; i < e; i++)
        if (c->y[i] > med)
            c->scratch[k++] = c->y[i] - med;
    double sp = k ? 1.4826 * ssd__median(c->scratch, k) : 0, depth = 0;
    double len = dip_length(c, s, e, med, fmax(4 * sp, 0.05), &depth, NULL);
    return (double)(kk - a) > fmax(len, 1.0) ? a : 0;
}

/*
 * Bytes written at level hi before the drop to level lo near sample k (the
 * first sample of the low phase). The boundary is first re-placed within a
 * few samples by a two-level cost clipped against outliers; then the drop is
 * placed inside the one sample that mixes both levels: a sample of length dt
 * with rate r = f*hi + (1-f)*lo spent f*dt at hi and wrote f*dt*hi there.
 */
/* (own_level: hi is the level of the cache's own phase, which may hold the
 * drop's sample; see below. The recovery passes the reference's level.
 * fresh: nothing was written since TRIM.) */
static struct placement place_drop(const struct ssd__curve *c, size_t first, size_t k, double hi,
                                   double lo, size_t earliest, int own_level, int fresh,
                                   size_t post_end) {
    size_t n = c->n;
    double yh = log(hi), yl = log(lo);
    double clip = 9.0 * c->sigma * c->sigma + 0.25 * (yh - yl) * (yh - yl);
    size_t wlo = k > first + 4 ? k - 4 : first, whi = k + 4 < n ? k + 4 : n - 1;
    double best = INFINITY;
    size_t kk = k;
    size_t s0 = wlo > first ? wlo : first + 1;
    if (s0 < earliest)
        s0 = earliest;
    for (size_t s = s0; s <= whi; s++) {
        double cost = 0;
        for (size_t i = wlo; i <= whi; i++) {
            double d = c->y[i] - (i < s ? yh : yl);
            d *= d;
            cost += d < clip ? d : clip;
        }
        if (cost < best) {
            best = cost;
            kk = s;
        }
    }
    struct placement p;
    /* Of the samples either side of the boundary, the more intermediate
     * one holds the drop, each judged against the cache's level as it
     * would be if the drop were in it: that of the samples wholly before
     * it, for a cache of one or two (below). */
    size_t m = kk, from = first + c->lead;
    double fm =
        clamp01((c->r[kk] - lo) / (level_before_drop(c, from, kk, hi, lo, own_level, fresh) - lo));
    if (kk > first) {
        double hp = level_before_drop(c, from, kk - 1, hi, lo, own_level, fresh);
        double fp = clamp01((c->r[kk - 1] - lo) / (hp - lo));
        double mix_prev = fp < 1 - fp ? fp : 1 - fp, mix_cur = fm < 1 - fm ? fm : 1 - fm;
        /* ... unless the previous one ends a short plateau between the
         * two levels (two samples or more at one intermediate level, and
         * this one still intermediate): only one sample holds the drop,
         * so the plateau is a GC dip inside the cache (to 66% of it, on a
         * drive whose post-cache level is 35%), and the drop is in the
         * sample after it, when the low level follows right after that
         * one (a speed that sags through several intermediate levels
         * towards the drop is no such dip). */
        double in = 3 * c->sigma; /* (between the levels by more than noise) */
        int plateau = kk >= first + 2 && c->y[kk - 2] < yh - in && c->y[kk - 2] > yl + in &&
                      c->y[kk - 1] < yh - in && fabs(c->y[kk - 1] - c->y[kk - 2]) < in &&
                      c->y[kk] < yh - in && c->y[kk] > yl + in && kk + 1 < c->n &&
                      c->y[kk + 1] <= yl + in;
        if (mix_prev > mix_cur && !plateau) {
            m = kk - 1;
            fm = fp;
        }
        size_t lv = level_before_fit(c, first, kk, yh, yl, in);
        if (own_level && !fresh && lv) {
            m = lv - 1;
            fm = clamp01((c->r[m] - lo) /
                         (level_before_drop(c, from, m, hi, lo, own_level, fresh) - lo));
        }
    }
    /* ... and on a fresh drive, the last of the samples still above the
     * level after the cache holds it, on a used one the sample after a
     * GC dip's (fresh_last_above). */
    p.held = 0;
    if (own_level)
        m = fresh_last_above(c, m, yh, yl, fresh, post_end, &p.held);
    /* A cache of one or two samples before the one the drop happened in:
     * its phase's level is a median over two or three samples, one of them
     * that mixed sample, and the mix pulls it down (2877 MB/s, then 1966,
     * then direct writes at 1311: a level of 2378, and the mixed sample's
     * share of time at the cache 59 % where 40 % was at the 2877 the cache
     * ran at; 3.99 GiB for 3.68). The cache's level is then that of the
     * samples wholly before the drop. With three of them or more, the
     * phase's median already leaves the one mixed sample out, and stays
     * (it also holds the dips a cache may still be in when it ends). */
    hi = level_before_drop(c, from, m, hi, lo, own_level, fresh);
    fm = clamp01((c->r[m] - lo) / (hi - lo));
    p.mixed = m;
    p.hi = hi;
    p.bytes = c->cum[m] - c->cum[first] + fm * ssd__curve_dt(c, m) * hi;
    double sample_at_hi = ssd__curve_dt(c, m) * hi;
    double sf = c->sigma * c->r[m] / (hi - lo);
    double u1 = sf * sample_at_hi;
    double u2 = p.bytes * c->sigma / sqrt((double)(m - first + 1));
    p.uncertainty = sqrt(u1 * u1 + u2 * u2);
    double in_m = p.bytes - (c->cum[m] - c->cum[first]);
    double spread = ssd__cache_end_spread(c, first, m, hi, lo, in_m);
    if (spread > p.uncertainty)
        p.uncertainty = spread;
    return p;
}

static void find_bursts(const struct ssd__curve *c, size_t from, double thr,
                        struct ssd__result *res) {
    res->nbursts = res->bursts_total = 0;
    size_t i = from;
    while (i < c->n) {
        if (c->r[i] < thr) {
            i++;
            continue;
        }
        size_t a = i;
        while (i < c->n && c->r[i] >= thr)
            i++;
        /* One fast sample is noise or a write-back hiccup, not a burst. */
        if (i - a < 2)
            continue;
        res->bursts_total++;
        if (res->nbursts < SSD__MAX_BURSTS) {
            struct ssd__burst *b = &res->bursts[res->nbursts++];
            b->start_bytes = c->cum[a];
            b->bytes = c->cum[i] - c->cum[a];
            b->start_s = a ? c->t[a - 1] : 0;
            b->duration_s = c->t[i - 1] - b->start_s;
            b->level_bps = b->duration_s > 0 ? b->bytes / b->duration_s : 0;
        }
    }
}

/* Lower levels after the post-cache phase: a new step is a lasting phase
 * below every earlier one by at least min_step. Folding is the last step
 * when the curve never climbs back above it. */
static void find_steps(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                       size_t from_phase, struct ssd__result *res) {
    res->nsteps = 0;
    double floor_lev = c->ph[from_phase].level_bps;
    for (size_t j = from_phase + 1; j < c->nph && res->nsteps < SSD__MAX_STEPS; j++) {
        const struct ssd_phase *p = &c->ph[j];
        if (p->level_bps * o->min_step <= floor_lev) {
            struct ssd__level_step *s = &res->steps[res->nsteps++];
            s->start_bytes = p->start_bytes;
            s->start_s = p->start_s;
            s->level_bps = p->level_bps;
            floor_lev = p->level_bps;
        }
    }
}
/* Robust noise (1.4826 MAD of the differences / sqrt 2) of y[0, b), never
 * above the run's. */
static double start_sigma(const struct ssd__curve *c, size_t b) {
    if (b < 8 || b > c->n)
        return c->sigma;
    double s = 1.4826 * ssd__diff_median(c, 0, b) / sqrt(2.0);
    return s < c->sigma ? (s > 0.005 ? s : 0.005) : c->sigma;
}

/* Robust noise (1.4826 MAD of the differences / sqrt 2) of the 2 * need
 * samples after the first, at least 0.005. */
static double after_drop_sigma(const struct ssd__curve *c, size_t need) {
    size_t b = 1 + 2 * need < c->n ? 1 + 2 * need : c->n;
    if (b < 4)
        return c->sigma;
    for (size_t i = 2; i < b; i++)
        c->scratch[i - 2] = fabs(c->y[i] - c->y[i - 1]);
    double s = 1.4826 * ssd__median(c->scratch, b - 2) / sqrt(2.0);
    return s > 0.005 ? s : 0.005;
}

/* Whether phase 1 (len1 samples, shorter than a lasting phase) is a dip
 * inside the cache rather than a level of its own: it ends with the speed
 * back at the cache's, the climb before the drop. A sample among its last
 * two is back when it is three quarters of the way up from the level after
 * it to the cache's (in log, out of reach of that level's noise) and
 * closer to the cache than to phase 1's own level. A short cache carved by
 * a GC dip (5 samples at 6.2 GB/s, 4 at 4.6 in the dip, 2 back at 5.6,
 * then 3.1 GB/s) then gets the whole of its length; direct writes between
 * a short cache and folding stay at their own level to their end. */
static int dip_inside_cache(const struct ssd__curve *c, size_t len1, double hi, double post) {
    const struct ssd_phase *p = &c->ph[1];
    if (len1 >= c->min_len || len1 < 3)
        return 0;
    double fast = hi * pow(post / hi, 0.25), noisy = post * exp(3 * c->sigma);
    if (noisy > fast) /* (the noise term decides: a median, only then) */
        fast = fmax(fast, post * exp(3 * start_sigma(c, c->ph[2].last + 1)));
    fast = fmax(fast, sqrt(hi * p->level_bps));
    return c->r[p->last] >= fast || c->r[p->last - 1] >= fast;
}

/*
 * A GC dip that starts with the drop (m: the drop's sample). A dip slows
 * cache and direct writes alike; when it slows the cache to about the
 * direct speed, the curve drops where the dip starts while the cache still
 * takes writes until it is full, and the only trace of its end is a second
 * step down inside the dip, then the speed comes back to the post-cache
 * level after it. So: after the drop, a few samples at the post-cache
 * level, at most one between, then samples lower by about the cache's
 * ratio to the post-cache level (the dip's depth), then two back at the
 * post-cache level, all within 8 samples. Returns the bytes written up to
 * that second step (to the end of the sample it is in), or NAN when there
 * is none. (A cache ending at the drop followed by a dip as deep a few
 * samples later looks the same: this is where the end may be, not where
 * it is.)
 */
static double end_in_dip(const struct ssd__curve *c, size_t m, double hi, double post) {
    size_t n = c->n, a0 = m + 1, i = a0;
    if (a0 + 4 >= n || !(hi > post))
        return NAN;
    size_t e = a0 + 40 < n ? a0 + 40 : n;
    double sig = 1.4826 * ssd__diff_median(c, a0, e) / sqrt(2.0);
    double yp = log(post), ratio = log(hi / post), in = 3 * fmax(sig, 0.005);
    double yb = yp - ratio, band = fmax(in, 0.3 * ratio);
    if (ratio < 2 * in)
        return NAN; /* (the dip's floor within the post-cache level's noise) */
    while (i < n && i - a0 < 8 && fabs(c->y[i] - yp) < in)
        i++;
    if (i == a0 || i >= n)
        return NAN;
    if (c->y[i] < yp - in && c->y[i] > yb + band)
        i++; /* (the sample the step is in) */
    size_t step = i;
    size_t b0 = i;
    while (i < n && fabs(c->y[i] - yb) < band && c->y[i] < yp - in)
        i++;
    if (i == b0 || i + 2 > n || i - a0 > 8)
        return NAN;
    if (fabs(c->y[i] - yp) >= in || fabs(c->y[i + 1] - yp) >= in)
        return NAN;
    return c->cum[step];
}

/* The GC dips in samples [a, b) at level y0: runs below it by more than
 * cut (ending back above half of it). Their median length in samples, 0
 * with fewer than three; *depth the median of their deepest samples, in
 * log below y0, and *deepest (when not NULL) the deepest of those. */
static double dip_length(const struct ssd__curve *c, size_t a, size_t b, double y0, double cut,
                         double *depth, double *deepest) {
    size_t k = 0;
    double *len = c->scratch, *deep = c->scratch + 64;
    for (size_t i = a; i < b && k < 64;) {
        if (c->y[i] >= y0 - cut) {
            i++;
            continue;
        }
        size_t s = i;
        double lo = c->y[i];
        while (i < b && c->y[i] < y0 - 0.5 * cut)
            lo = fmin(lo, c->y[i++]);
        if (i < b) {
            len[k] = (double)(i - s);
            deep[k++] = y0 - lo;
        }
    }
    if (k < 3)
        return 0;
    if (deepest) {
        *deepest = deep[0];
        for (size_t i = 1; i < k; i++)
            *deepest = fmax(*deepest, deep[i]);
    }
    *depth = ssd__median(deep, k);
    return ssd__median(len, k);
}

/* A cache that ran out inside a GC dip that began with the drop, on a
 * fresh drive or one written before (docs/simulator.md, "What a cache end
 * means"; on a used drive too since round 26: a dip is the controller's
 * map write-back, whatever the drive holds, and a drive after a
 * sequential fill dips as a fresh one does, seed 2026's drive 142, 2
 * hours: 26.0 GiB at the drop, the model's 30.13): the dip slows cache
 * and direct writes by one factor, so after the drop's sample m the first
 * sample runs at the cache's level times it (A), the cache's end is the
 * next step down, to A post / hi, and the dip then ends back at the
 * post-cache level. Told from a cache that ended at the drop by the run's
 * other dips, measured after it in the post-cache phase (up to 600
 * samples, ending at post_end): A is the cache's level times their depth
 * (not the post-cache level's), and when A is at the post-cache level
 * itself, the stretch from m + 1 to the dip's end lasts as long as they
 * do, closer than the stretch from the step. Returns the bytes up to the
 * end placed in the step's sample (*mixed), or NAN. */
static double end_after_dip_step(const struct ssd__curve *c, size_t m, double hi, double post,
                                 size_t post_end, size_t *mixed) {
    size_t n = c->n, a = m + 1;
    double yp = log(post), ratio = log(hi / post);
    if (a + 14 >= n || n < 128 || ratio <= 0) /* (dip_length: 128 of scratch) */
        return NAN;
    double ya = c->y[a], yb = ya - ratio;
    if (ya > log(hi) - 0.5 * ratio)
        return NAN; /* (no dip: the first sample after the drop near the cache) */
    /* The dip holds the writes at A until the step: a sample that climbs
     * a quarter of the ratio above A before it is the dip over, the
     * writes back at their own level, and a step after that is another
     * dip of the direct writes, not the cache's end (seed 277's drive 49,
     * fresh, 2 hours: 2704 MiB/s, the drop's 1869, a dip at 953, then
     * 1268-1417 at the direct level 1307 for 5 samples and a dip at 626:
     * the end read past them at 53.33 GiB, the model's 45.58). */
    size_t j = a + 1;
    while (j < a + 8 && j < n && c->y[j] >= ya - 0.25 * ratio) {
        if (c->y[j] > ya + 0.25 * ratio)
            return NAN;
        j++;
    }
    if (j >= a + 8 || c->y[j] >= ya - 0.25 * ratio)
        return NAN;
    size_t e = j + 1;
    while (e + 1 < n && e - a < 10 &&
           !(c->y[e] >= yp - 0.25 * ratio && c->y[e + 1] >= yp - 0.25 * ratio))
        e++;
    if (e - a >= 10 || e + 1 >= n)
        return NAN;
    /* From the step on, the dip reaches A post / hi (within half the
     * ratio: its samples may all be partly out of it), never deeper. */
    double low = c->y[j];
    for (size_t i = j; i < e; i++)
        low = fmin(low, c->y[i]);
    if (low < yb - 0.3 * ratio || low > yb + 0.5 * ratio || e - a < 3)
        return NAN;
    /* ... nor climbs back to A for two samples before its end: A is then
     * a level the drive holds, the dip one of its writes (seed 13's drive
     * 53, WSAT: 2392, then 916 three times, 548, 904, 916 with the
     * post-cache level read as the folding's 637). */
    for (size_t i = j + 1; i + 1 < e; i++)
        if (c->y[i] >= ya - 0.1 * ratio && c->y[i + 1] >= ya - 0.1 * ratio)
            return NAN;
    size_t to = e + 600 < post_end ? e + 600 : post_end;
    double depth = 0, len = dip_length(c, e, to, yp, 0.5 * ratio, &depth, NULL);
    if (!(len > 0))
        return NAN;
    /* A at the cache times the dips' depth, not at the post-cache level
     * times it; and at the post-cache level, the dip's length decides. */
    if (fabs(log(hi) - ya - depth) >= fabs(yp - ya - depth))
        return NAN;
    double l1 = (double)(e - a), l2 = (double)(e - j);
    if (ya > yp - 0.25 * ratio && (fabs(l1 - len) >= fabs(l2 - len) || l1 > len + 1.5))
        return NAN;
    double A = exp(ya), B = exp(yb);
    double f = clamp01((c->r[j] - B) / (A - B));
    *mixed = j;
    return c->cum[j] + f * ssd__curve_dt(c, j) * A;
}

/* The time a GC dip below level P spent in samples [s, e], lo the dip's
 * rate (its deepest sample, taken as wholly in it): a sample at rate r
 * spent (P - r) / (P - lo) of its time there. In samples. */
static double dip_samples(const struct ssd__curve *c, size_t s, size_t e, double P, double lo) {
    double t = 0;
    for (size_t j = s; j <= e; j++)
        t += (P - c->r[j]) / (P - lo);
    return t;
}

/* The GC dips below the level P in samples [from, to) (at most 64):
 * runs more than cut below it in log, ending back above half the cut
 * (one still open at to is not counted). For each, its time in samples
 * (dip_samples, from the sample before the run to the one after: a dip's
 * edges may be a tenth of a sample, under any cut, and their noise about
 * P may count negative and so cancels in a median), its run length and
 * its depth in log below P. Returns how many. */
static size_t gc_dips(const struct ssd__curve *c, size_t from, size_t to, double P, double cut,
                      double *lens, double *runs, double *depths) {
    double yp = log(P);
    size_t k = 0;
    for (size_t i = from; i < to && k < 64;) {
        if (c->y[i] >= yp - cut) {
            i++;
            continue;
        }
        size_t s = i, lo = i;
        while (i < to && c->y[i] < yp - 0.5 * cut) {
            if (c->y[i] < c->y[lo])
                lo = i;
            i++;
        }
        if (i >= to)
            break;
        lens[k] = dip_samples(c, s - 1, i, P, c->r[lo]);
        runs[k] = (double)(i - s);
        depths[k++] = yp - c->y[lo];
    }
    return k;
}

/* How many samples the run's own GC dips last below the level post in
 * samples [from, to) (gc_dips, their median run), when three or more;
 * else 0 (frac_at_speed's dip_max). */
static size_t own_dip_run(const struct ssd__curve *c, size_t from, size_t to, double post) {
    if (to > c->n || to < from + 16)
        return 0;
    double cut = fmax(0.15, 3 * start_sigma(c, to));
    double lens[64], runs[64], depths[64];
    size_t k = gc_dips(c, from, to, post, cut, lens, runs, depths);
    if (k < 3)
        return 0;
    return (size_t)ceil(ssd__median(runs, k));
}

/* A cache whose end shares its sample m with the start of a GC dip that
 * runs on after it (a fresh drive's map write-back slows direct writes
 * and a cache alike, by a factor: seed 11's drive 134, fill, 1 s samples:
 * 3360 MB/s, then 1526 in the drop's sample, 1032 twice, 1121, then 1482
 * with dips to 0.7 lasting 3.7 s). Split against the post-cache level
 * alone, the drop's sample reads the dip's slower direct writes as less
 * cache (3.20 GiB for the model's 3.88); split against the dip's level
 * alone, as more cache when the dip began late in the sample, after the
 * cache's end (seed 157's drive 6, 2 hours: 2877, then 893, 292 three
 * times, 460 and 852; 8.66 GiB for 8.24). The run's other dips in the
 * post-cache phase (up to 600 samples after this one, ending at
 * post_end) last a time of their own (dip_samples, their median, each
 * run of three samples or more so its deepest is wholly in it); less the
 * dip's time seen after m, the rest is the dip's time inside m, at its
 * end (drive 134: 3.8 - 2.8, the whole sample, the model's 0.9 s;
 * drive 6: 3.9 - 3.7, 0.2 s). With g(t) the speed factor over the sample (1, then the dip's
 * lo / P), G its integral, the sample wrote P G(dt) + (hi - P) G(x) for
 * a cache ending at x, and hi G(x) of it into the cache. Returns the
 * bytes up to the end so split, or NAN when the samples after m are no
 * such dip (their depth not the other dips', within half of it, or
 * longer than they last) or the dip's time in m is none or over 1.5
 * samples (up to there, a whole sample: a dip that began before m).
 * The sample m may be below the post-cache level (the dip took most of
 * it, seed 227's drive 53: 1353 MiB/s against 1666), never at the dip's
 * own rate or below (wholly in it). The dips are told from the noise of
 * the run up to post_end (start_sigma), not the run's: a used state
 * later in a 2-hour run scatters the speed (drive 53: 0.50 in log, 0.05
 * before its GC phase), and 3 of its sigmas were deeper than the dips
 * (1.16 in log). */
static double end_before_dip(const struct ssd__curve *c, size_t m, double hi, double post,
                             size_t post_end) {
    size_t n = c->n, a = m + 1;
    if (m < 1 || a + 14 >= n || !(hi > post))
        return NAN;
    double yp = log(post), cut = fmax(0.15, 3 * start_sigma(c, post_end));
    if (!(c->y[a] < yp - cut))
        return NAN;
    size_t e = a, deep = a;
    while (e < n && e - a < 12 && c->y[e] < yp - 0.5 * cut) {
        if (c->y[e] < c->y[deep])
            deep = e;
        e++;
    }
    if (e >= n || e - a >= 12)
        return NAN;
    /* The run's other dips: their time, run length and depth. */
    size_t to = e + 600 < post_end ? e + 600 : post_end;
    double lens[64], runs[64], depths[64];
    size_t k = gc_dips(c, e + 1, to, post, cut, lens, runs, depths);
    if (k < 3)
        return NAN;
    double run = ssd__median(runs, k), depth = ssd__median(depths, k);
    double len = ssd__median(lens, k);
    if (run < 3 || (double)(e - a) > run + 1 || fabs(yp - c->y[deep] - depth) > 0.5 * depth)
        return NAN;
    double lo = c->r[deep];
    if (!(c->r[m] > lo))
        return NAN;
    double in_m = len - dip_samples(c, a, e, post, lo); /* (m's own left out) */
    if (!(in_m > 0) || in_m > 1.5)
        return NAN;
    double dt = ssd__curve_dt(c, m), td = fmin(in_m, 1.0) * dt;
    double g_dt = dt - td + td * lo / post;
    double g_x = (c->r[m] * dt - post * g_dt) / (hi - post);
    g_x = g_x < 0 ? 0 : g_x > g_dt ? g_dt : g_x;
    return c->cum[m] + hi * g_x;
}

/* The length of [a, b) inside [c, d]. */
static double overlap(double a, double b, double c, double d) {
    double v = fmin(b, d) - fmax(a, c);
    return v > 0 ? v : 0;
}

/* The dip model end_by_dip_fit fits: samples [i0, i1) of a cache at hi
 * ending at time x (in samples), then the level P, both slowed to g in a
 * dip of len samples. */
struct dip_fit {
    const struct ssd__curve *c;
    size_t i0, i1;
    double hi, P, g, len;
};

/* Sample i's squared log misfit, the dip starting at s. */
static double dip_fit_sample(const struct dip_fit *f, size_t i, double s, double x) {
    double a = (double)i, b = a + 1, e = fmin(fmax(x, a), b);
    double at_hi = (e - a) - (1 - f->g) * overlap(a, e, s, s + f->len);
    double at_p = (b - e) - (1 - f->g) * overlap(e, b, s, s + f->len);
    double d = log(fmax(f->hi * at_hi + f->P * at_p, 1)) - f->c->y[i];
    return d * d;
}

/* For a dip starting at s, the misfit of the samples wholly in the cache
 * (before[j]: the first j samples) and wholly after it (after[j]: those
 * from j on), so that a cache end x costs only its own sample's log: the
 * grid of end_by_dip_fit is 60,000 points (a whole-window sum each took
 * 5.6 ms of a 7,200-sample analysis that otherwise takes 0.85). */
static void dip_fit_sums(const struct dip_fit *f, double s, double *before, double *after) {
    size_t n = f->i1 - f->i0;
    before[0] = after[n] = 0;
    for (size_t j = 0; j < n; j++) {
        before[j + 1] = before[j] + dip_fit_sample(f, f->i0 + j, s, (double)(f->i0 + j) + 1);
        after[n - 1 - j] = after[n - j] + dip_fit_sample(f, f->i1 - 1 - j, s, 0);
    }
}

/* The squared log misfit of samples [i0, i1) to the model, the dip
 * starting at s and the cache ending at x (before/after from
 * dip_fit_sums for that s). Without the sample holding x (own 0) it is a
 * floor of that misfit, as a sample's misfit is never negative: a grid
 * point whose floor is no better than the best yet cannot win, and
 * skipping its log leaves the fit's result as it was (round 34's four
 * factors' grids took 3.5 ms of a 7,200-sample analysis that otherwise
 * takes 1.5). */
static double dip_fit_cost(const struct dip_fit *f, const double *before, const double *after,
                           double s, double x, int own) {
    if (x < (double)f->i0)
        return after[0];
    size_t xi = (size_t)x;
    if (xi >= f->i1)
        return before[f->i1 - f->i0];
    size_t j = xi - f->i0;
    return own ? before[j] + dip_fit_sample(f, xi, s, x) + after[j + 1] : before[j] + after[j + 1];
}

/* A cache that ran into one of the run's GC dips before its end, the end
 * then inside or after the dip (a dip slows cache and direct writes alike
 * by one factor, so the cache's last samples run between its level and
 * the post-cache one, and no sample is a plain mix of the two: seed 257's
 * drive 178, 2 hours after a sequential fill: 2497 MiB/s five times,
 * 1275, 734, then 509 with dips to 0.41 of 2 s every 11.2; the split
 * placed 13.13 GiB in the 1275 sample, the model's 14.04 ends 1.4 s into
 * the dip, in the 734 one). The run's other dips (from 12 samples after
 * the drop's sample m, up to 600, to post_end; three or more, their
 * median run 2 samples or more so the deepest is wholly in a dip: shorter
 * ones read too shallow, and seed 53's drive 53, WSAT, 5 s samples,
 * "dipped" its cache's end into its drop) give the dip's factor g and
 * length in fractional samples (as end_before_dip counts them, at most
 * 8); the dip's start s and the cache's end x are then fitted to the
 * samples from m - 2 to the dip's length plus 4 after m (least squares in
 * log, a grid of 0.05 samples for s and 0.02 for x). The fit is taken
 * when it explains those samples well (misfit under 0.1), clearly better
 * than the same model with no dip (half the misfit, and 9 sigma^2 less,
 * sigma the noise up to post_end: seed 239's drive 175, 2 hours, 0.007
 * against 0.0025 at a sigma of 0.04), and than the dip fitted to the
 * current end at cur (half): a curve that does not hold such a dip keeps
 * the placement's end. Returns the bytes up to the fitted end, or NAN.
 * The factor is fitted too, over DIP_FIT_G times the other dips' (round
 * 34): a dip slows the cache by about their factor, not by it exactly (the
 * deepest sample of a dip of 4 s in 1 s samples is rarely wholly in it,
 * and a controller's map write-back takes a share of the flash's time,
 * which costs a faster level more or less of its speed than a slower
 * one), and the current end is judged at the fitted factor. Seed 127's
 * drive 45, the random fill's 4K log: 410 MB/s to 12.0 GiB, 4 samples at
 * 141 (0.34 of it), 316, then 187 with dips to 0.41; at 0.41 the fit's
 * misfit was 0.11 and the cache read 12.02 GiB, its end at the dip's
 * start; at 0.85 of it, 0.003, the model's 12.79 in the 316 sample. Every
 * used run of the drive read against that log missed or mis-sized its
 * cache. (Judged at the other dips' factor, the current end of seed 233's
 * drive 164, fresh fill, was no worse than a fit at 0.7 of it, and the
 * end the plain factor fits, right, was dropped.)
 * Round 45: no end is fitted before held (a sample fresh_last_above
 * found to hold cache, when not 0): the window may hold a later dip of
 * the direct writes, which a fit of one dip takes for the one at the
 * end (seed 277's drive 0, fresh 2 hours: 2697 MiB/s, 1181 in a dip,
 * 1008 holding the end, 918, 842, then the direct writes' dip at 343 and
 * 506: fitted to that dip, the end read 24.39 GiB, the model's 26.00; now
 * 25.27 in the 1008 sample). */
static const double DIP_FIT_G[] = {1.0, 0.85, 0.7, 1.15};
#define DIP_FIT_BAR 0.1   /* the largest misfit a fit is taken at */
#define DIP_FIT_MOVE 1.0  /* the least misfit of an end another factor moves */
#define DIP_FIT_POOR 0.05 /* the plain factor's misfit another factor may beat */
static double end_by_dip_fit(const struct ssd__curve *c, size_t m, double hi, double post,
                             size_t post_end, double cur, size_t held, size_t *mixed) {
    size_t n = c->n;
    if (m < 1 || m + 14 >= n || !(hi > post) || post_end > n)
        return NAN;
    double cut = fmax(0.15, 3 * start_sigma(c, post_end));
    size_t to = m + 600 < post_end ? m + 600 : post_end;
    double lens[64], depths[64], runs[64];
    size_t k = gc_dips(c, m + 12, to, post, cut, lens, runs, depths);
    if (k < 3)
        return NAN;
    double len = ssd__median(lens, k), g = exp(-ssd__median(depths, k));
    if (!(len > 0) || len > 8 || ssd__median(runs, k) < 2)
        return NAN;
    size_t i0 = m >= 2 ? m - 2 : 0, i1 = m + (size_t)ceil(len) + 4;
    if (i1 > post_end || i1 > n)
        return NAN;
    struct dip_fit f = {c, i0, i1, hi, post, g, len};
    double before[32], after[32]; /* (i1 - i0 is at most 15) */
    double best = INFINITY, bs = 0, bx = 0, nodip = INFINITY;
    double x_lo = fmax(fmax(0.0, (double)m - 1), (double)held), x_hi = (double)m + len + 2;
    dip_fit_sums(&f, -1e9, before, after);
    for (double x = x_lo; x <= x_hi; x += 0.02)
        nodip = fmin(nodip, dip_fit_cost(&f, before, after, -1e9, x, 1));
    size_t cm = m;
    while (cm + 1 < n && c->cum[cm + 1] <= cur)
        cm++;
    double x0 = (double)cm + (cur - c->cum[cm]) / (hi * ssd__curve_dt(c, cm)), at_cur = INFINITY;
    double bg = g, plain = INFINITY;
    for (size_t gi = 0; gi < sizeof DIP_FIT_G / sizeof *DIP_FIT_G; gi++) {
        f.g = fmin(g * DIP_FIT_G[gi], 1.0);
        double cur_g = INFINITY, best_g = INFINITY, s_g = 0, x_g = 0;
        for (double s = (double)m - 2.5; s < (double)m + 3; s += 0.05) {
            dip_fit_sums(&f, s, before, after);
            cur_g = fmin(cur_g, dip_fit_cost(&f, before, after, s, x0, 1));
            for (double x = x_lo; x <= x_hi; x += 0.02) {
                if (dip_fit_cost(&f, before, after, s, x, 0) >= best_g)
                    continue;
                double cost = dip_fit_cost(&f, before, after, s, x, 1);
                if (cost < best_g) {
                    best_g = cost;
                    s_g = s;
                    x_g = x;
                }
            }
        }
        /* (The current end is judged at the fitted factor: the fit must
         * beat it with the same dip. And a factor other than the other
         * dips' (one more free parameter) only moves an end the dip model
         * rejects outright, misfit by DIP_FIT_MOVE or more, a sample 2.7x
         * off or several 1.5x: with the factor free, a cache's mixed
         * sample, then a dip sample, fit a dip inside the cache as well,
         * seed 251's drive 107, fresh fill: 3646 MB/s, 2079, 1700, then
         * 1828, read 5.68 GiB for 4.40, the current end's misfit 0.005;
         * seed 101's drive 52, fresh, 2 hours: 2891, 2216, 1242, then
         * 1759, 24.6 GiB for 22.5 at 0.25; seeds 227's 155, 97's 7, 13's
         * 55: 0.09 to 0.69. The ends it moved right misfit by 1.5 to 3.7.) */
        /* (Round 37: it moves an end too when the plain factor fits
         * poorly, DIP_FIT_POOR or more, and this one four times better:
         * the other dips' deepest samples, rarely wholly inside a dip of
         * 2-3 samples, understate a deep one. Seed 317's drive 164, its
         * random fill's 4K log: 2.68 GiB/s twice, 2.27 as a dip began,
         * 0.91 with the end 0.3 s into it, 0.75, 1.28, then 1.55 with
         * dips to 0.64 of it: misfit 0.095 at 0.64, the end at the dip's
         * start, 7.06 GiB for the model's 7.99; 0.008 at 0.45, 8.13. Seed
         * 251's drive 107, whose plain fit misfits by 0.005, stays.) */
        if (gi == 0)
            plain = best_g;
        if (best_g < best && (gi == 0 || cur_g >= DIP_FIT_MOVE ||
                              (plain >= DIP_FIT_POOR && best_g < 0.25 * plain))) {
            best = best_g;
            bs = s_g;
            bx = x_g;
            bg = f.g;
            at_cur = cur_g;
        }
    }
    g = bg;
    double sig = start_sigma(c, post_end);
    if (!(best < DIP_FIT_BAR && best < 0.5 * nodip && nodip - best > 9 * sig * sig &&
          best < 0.5 * at_cur))
        return NAN;
    size_t xi = (size_t)floor(bx);
    double xf = (double)xi;
    *mixed = xi;
    return c->cum[xi] +
           hi * ssd__curve_dt(c, xi) * ((bx - xf) - (1 - g) * overlap(xf, bx, bs, bs + len));
}

/* The bytes a GC dip costs the level post, one dip of samples [a, b):
 * what its samples fell short of post, and its neighbours' shortfall
 * when below it (a dip that straddles a sample boundary). */
static double dip_deficit(const struct ssd__curve *c, size_t a, size_t b, double post) {
    size_t lo = a > 0 ? a - 1 : a, hi = b < c->n ? b + 1 : b;
    double d = 0;
    for (size_t i = lo; i < hi; i++)
        if (c->r[i] < post)
            d += (post - c->r[i]) * ssd__curve_dt(c, i);
    return d;
}

/* The noise of the level post from the upper half of the samples after
 * m (m + 2 to m + 23, within post_end), at least 0.005, as in
 * fresh_last_above: a dip only slows (the dips of seed 13's drive 55, 6 of
 * 23 samples, made the MAD of the differences 11 %). 0 with fewer than 8. */
static double upper_noise(const struct ssd__curve *c, size_t m, size_t post_end) {
    size_t a = m + 2, b = m + 23 < post_end ? m + 23 : post_end, k = 0;
    if (b < a + 8)
        return 0;
    double med = ssd__level_of(c, a, b);
    for (size_t i = a; i < b; i++)
        if (c->y[i] > med)
            c->scratch[k++] = c->y[i] - med;
    return k ? fmax(1.4826 * ssd__median(c->scratch, k), 0.005) : 0.005;
}

/* A cache whose end shares its sample m with a whole GC dip, on a run
 * whose samples last about as long as its dips (WSAT's 5 s samples,
 * dips of 2-4 s: one or two samples each, too short for end_before_dip
 * and end_by_dip_fit, which need runs of 2 or 3 samples). The drop's
 * sample runs below the post-cache level by more than 3 of its noise,
 * which no mix of the cache and direct writes does: a dip took part of
 * it, and the placement read none of it as cache (seed 13's drive 55,
 * WSAT after a sequential fill: 2877 MB/s twice, then 1214 before direct
 * writes at 1573 with dips to 1111; 26.79 GiB at the sample boundary, the
 * model's 30.17; seed 2026's drive 142: 2890, 2785, then 1368 before
 * 1512, 25.89 GiB for 30.13). The run's other dips after the drop (three
 * or more, from 2 samples after m up to 120, to post_end; each run below
 * post by more than cut of at most 2 samples) tell the bytes one dip
 * costs direct writes (dip_deficit, their median); less what the dip
 * still costs the samples right after m, the rest was lost inside m,
 * after the cache's end (a dip inside the cache would cost more, at the
 * cache's speed: this is the end's latest reading). Added back, m's
 * bytes mix the two levels, and its share at hi places the end. Returns
 * the bytes up to that end, or NAN; *u the spread the dips' costs give
 * it (1.4826 MAD, at hi's share).
 * Round 45, a dip's tail: the drop's sample m above the post-cache level
 * (by 3 noises) and the next below it (by as much): a dip ran on into
 * that sample, and what a whole dip costs less what it cost there (more
 * than the dips' spread) was lost in m, at its end. Seed 47's drive 177,
 * fresh WSAT: 2744 MiB/s twice, 1844 holding the end 4.6 s in, then 1313
 * and direct writes at 1627 with dips of one or two samples: 60.60 GiB
 * for 66.68, now 66.71; 229's drive 118 (340, 173, then 106 before 133:
 * 1.99 for 2.25, now 2.28); 313's drive 7 (2756, 1922, 1267, then 923
 * before 1000: 25.15 for 27.14, now 27.30). Two dips in a row make runs
 * of 3 or 4 samples below the level: left out of the dips' costs then,
 * as long as they are fewer than half the runs (WSAT's 5 s samples and
 * dips 17-23 s apart). */
static double end_with_short_dip(const struct ssd__curve *c, size_t m, double hi, double post,
                                 size_t post_end, double *u) {
    size_t n = c->n;
    if (m < 1 || m + 14 >= n || !(hi > post) || post_end > n)
        return NAN;
    double yp = log(post), sig = upper_noise(c, m, post_end);
    if (!(sig > 0))
        return NAN;
    double cut = fmax(0.15, 3 * sig);
    int tail = 0;
    if (!(c->y[m] < yp - 3 * sig)) {
        if (!(c->y[m] > yp + 3 * sig && c->y[m + 1] < yp - 3 * sig))
            return NAN;
        tail = 1;
    }
    size_t to = m + 122 < post_end ? m + 122 : post_end;
    double def[64];
    size_t k = 0, longer = 0, fewest = SIZE_MAX;
    for (size_t i = m + 2; i < to && k < 64;) {
        if (c->y[i] >= yp - cut) {
            i++;
            continue;
        }
        size_t s = i;
        while (i < to && c->y[i] < yp - 0.5 * cut)
            i++;
        if (i >= to)
            break;
        if (i - s > 2) {
            if (tail && i - s <= 4) {
                longer++;
                continue;
            }
            return NAN; /* (longer dips: the estimators above) */
        }
        /* (The samples the dip keeps below the level by 3 noises.) */
        size_t lo = s, up = i;
        while (lo > m + 2 && c->y[lo - 1] < yp - 3 * sig)
            lo--;
        while (up < to && c->y[up] < yp - 3 * sig)
            up++;
        if (up - lo < fewest)
            fewest = up - lo;
        def[k++] = dip_deficit(c, s, i, post);
    }
    if (k < 3 || longer * 2 > k)
        return NAN;
    /* (Round 46: a tail keeps to as many samples after m as the run's
     * shortest dip keeps below the level. A dip lasts as long as the
     * drive's others, so one seen in only k samples lasts k samples at
     * most, and one begun in m has ended by k samples after it: a run
     * below the level that goes on past them began after m, and was a
     * whole dip. Seed 449's drive 80, WSAT after a sequential fill, 5 s
     * samples: 2520 MiB/s, 1831 holding the end, then 1134 and 1158
     * before direct writes at 1219 whose dips keep to one sample (1021,
     * 1002): a dip of the direct writes across a sample boundary, 730
     * MiB of a whole dip's 1006; read as a tail, 18.63 GiB for the
     * model's 17.59.) */
    if (tail) {
        size_t j = m + 1;
        while (j < n && c->y[j] < yp - 3 * sig)
            j++;
        if (j - (m + 1) > fewest)
            return NAN;
    }
    double d = ssd__median(def, k);
    for (size_t i = 0; i < k; i++)
        c->scratch[i] = fabs(def[i] - d);
    double spread = 1.4826 * ssd__median(c->scratch, k);
    double after = 0;
    /* (A tail counts all its samples below the level, up to 4: a dip
     * that began at m's end and runs on for 3 one-second samples is
     * no dip begun earlier, seed 2026's drive 41, 2 hours after a
     * sequential fill: 1518 MiB/s, 457 holding the end, then 318, 144
     * and 159 in a dip, then 355 flat; read over the first two of them,
     * 1.86 GiB for the model's 1.61.) */
    for (size_t i = m + 1; i < n && i < m + (tail ? 5 : 3) && c->r[i] < post; i++)
        after += (post - c->r[i]) * ssd__curve_dt(c, i);
    double dt = ssd__curve_dt(c, m), in_m = d - after;
    if (!(in_m > (post - c->r[m]) * dt) || (tail && !(in_m > spread)))
        return NAN;
    double f = (c->r[m] + in_m / dt - post) / (hi - post);
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    *u = spread * hi / (hi - post);
    return c->cum[m] + f * dt * hi;
}

/* A cache whose end a GC dip held over more than one sample: the dip
 * slowed the cache below the midpoint, ended while the cache still took
 * writes, and the cache ran out in the sample after it, which climbs back
 * above the level after the cache (seed 367's drive 180, 2 hours after a
 * sequential fill: 2735 MiB/s, then 2290, 1132 and 1758 before folding at
 * 950-1030; placed in the 2290 sample, 12.72 GiB for the model's 15.72).
 * After a dynamic cache's end the drive folds or writes direct at a level
 * it holds, and a dip only slows: a sample after the placed drop's m that
 * stands above that level by more than its noise (4 of upper_noise's, and
 * a fifth of the step from it to the cache's level), on the cache's side
 * of the midpoint between the two (a noisy direct-write sample 1.13x over
 * its level, the 3 before it 1.11-1.15x under it, is neither: seed 367's
 * drive 36, fresh 2 hours, noise_direct 0.12), and above every sample
 * between m and it by as much, still wrote into the cache: the slower
 * ones before it were the dip. It is looked for up to 7 samples after m
 * (a dip lasts seconds: 5 samples of seed 101's drive 160, 2 hours after
 * a random fill), and the level is the median of the 21 samples after
 * it, which must all hold it, none min_step above it: GC's bursts climb
 * over a used state's level as often as they like (seed 101's drive 176,
 * a fill after a random fill: a burst at 127 MiB/s over GC at 27, 4
 * samples after the drop, then 37, 27, 32, 57, 82, read as the cache's
 * end). Its share at the cache's level places the end (a dip still
 * slowing its start would put the end later, up to the sample's end: the
 * stated uncertainty, *u). Returns the bytes up to that end (*mixed the
 * sample), or NAN. */
static double end_after_dip_climb(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  size_t m, double hi, size_t *mixed, double *u) {
    size_t n = c->n;
    double yh = log(hi);
    for (size_t j = m + 2; j <= m + 8 && j + 12 < n; j++) {
        size_t b = j + 22 < n ? j + 22 : n;
        double post = exp(ssd__level_of(c, j + 1, b)), yp = log(post);
        double sig = upper_noise(c, j - 1, n);
        if (!(hi > post) || !(sig > 0))
            return NAN;
        double gap = fmax(4 * sig, 0.2 * (yh - yp)), top = fmax(yp + gap, 0.5 * (yh + yp));
        if (!(c->y[j] > top) || c->y[j + 1] > top)
            continue;
        /* (The level after holds: none of its samples a step above it,
         * as GC's bursts come back over a used state's level.) */
        int holds = 1;
        for (size_t i = j + 1; i < b; i++)
            holds &= c->y[i] <= yp + log(o->min_step);
        if (!holds)
            return NAN;
        int climb = 1;
        for (size_t i = m + 1; i < j; i++)
            climb &= c->y[i] < c->y[j] - gap;
        if (!climb)
            return NAN;
        double dt = ssd__curve_dt(c, j);
        double f = clamp01((c->r[j] - post) / (hi - post));
        double end = c->cum[j] + f * dt * hi;
        *mixed = j;
        *u = c->cum[j + 1] - end;
        return end;
    }
    return NAN;
}

/* Whether the speed comes back to the "cache's" level (within a step of
 * it) after its drop and writes more there, in a lasting phase, than the
 * run wrote between the drop and that return. A cache that has ended
 * cannot come back at its own speed while the host keeps writing: its
 * room comes back only as the drive folds its content away, and folding
 * takes the flash the host's slower writes share with it, so what a slow
 * stretch gives back is less than it wrote (bursts at the cache's speed,
 * find_bursts, are shorter than the stretches between them). A longer
 * return means the first level was not a cache at all but a level the
 * drive (or the host: a QD1 run's ceiling) holds, and the drop a slump
 * inside it: the 970 EVO Plus's QD1 128 KiB random run, 1.54 GiB/s for
 * 1.13 TiB, 183 GiB at 978 MiB/s in 3 minutes, then 617 GiB at 1.53
 * GiB/s until its used state (its real cache, 78 GB at 3 GB/s, cannot
 * show at QD1). */
static int returns_to_cache_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  size_t pj, double hi) {
    const struct ssd_phase *ph = c->ph;
    for (size_t j = pj + 1; j < c->nph; j++) {
        double bytes = ph[j].end_bytes - ph[j].start_bytes;
        if (ph[j].level_bps * o->min_step >= hi && ph[j].last - ph[j].first + 1 >= c->min_len &&
            bytes > ph[j].start_bytes - ph[1].start_bytes)
            return 1;
    }
    return 0;
}

/* A slump right after a cache's end, not the level after it: phase 1 a
 * stretch a step (min_step) below phase 2, which is min_drop below the
 * cache (hi), holds its level (ssd__holds_level) with no later phase a
 * step faster, and writes 4 times phase 1's bytes or more; and phase 1
 * writes under half the cache's bytes. A controller that has filled its
 * SLC cache may flush part of it while it switches to direct writes, and
 * the host sees a few seconds below the level it then holds (BIWIN X570,
 * 1 s log of a fresh 200 GiB write: 73.9 GiB at 5.07 GB/s, 19 s at
 * 680-930 MiB/s, then 1.7 GiB/s to the end, where the source quotes 1669
 * as the post-cache speed). What else runs slower right after a cache and
 * faster later is a dynamic cache's folding, and it lasts (bits - 1) times
 * the cache or more (the bytes folding frees: docs/analysis.md), never
 * under half of it; a used state or a staircase only falls. */
/* Whether the samples y[a, b) hold the level lev as a noisy level does: a
 * level whose own noise (1.4826 MAD about the level: not of its
 * differences, which a drive that holds its speed over two samples makes
 * 0) is over half a step holds it when three quarters of its samples lie within two
 * of its sigmas and its log-linear trend moves under a step over its
 * length (noise, not a drift). ssd__holds_level's band of one step is
 * under two sigmas there: a flat level of a drive whose direct writes
 * scatter 12 % a sample holds it with 73-75 % of its samples, and a
 * slump before it was taken for the post-cache level (slump sweep,
 * docs/analysis.md "A slump right after a cache"). */
static int holds_noisy_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                             size_t a, size_t b, double lev) {
    if (b < a + 8)
        return 0;
    for (size_t i = a; i < b; i++)
        c->scratch[i - a] = fabs(c->y[i] - lev);
    double s = 1.4826 * ssd__median(c->scratch, b - a), step = log(o->min_step);
    double icpt;
    if (!(2 * s > step) || fabs(ssd__fit_line(c, a, b, &icpt)) * (double)(b - a) >= step)
        return 0;
    size_t in = 0;
    for (size_t i = a; i < b; i++)
        in += fabs(c->y[i] - lev) < 2 * s;
    return 4 * in >= 3 * (b - a);
}

/* Whether a phase after phase 2 runs a step below it (folding, the used
 * state). The regime rules after the cache test read phase 1 as the direct
 * level (ssd__folded_before, ssd__fold_then_gc, the used state's finder):
 * a slump told apart before a later folding or used state misled them
 * (seed 11's 200 fresh drives: "used state at 969.7 GiB" for 318.4 after
 * a slump of 173 s), so a slump of under two lasting phases is told only
 * when nothing slower follows the level it comes back to. */
static int slower_later(const struct ssd__curve *c, const struct ssd__analysis_opts *o) {
    for (size_t j = 3; j < c->nph; j++)
        if (c->ph[j].level_bps * o->min_step <= c->ph[2].level_bps)
            return 1;
    return 0;
}

/* Whether the level lev (log) after a short cache, n samples long, is the
 * run's GC dips, not a level of its own: within the lasting phase after
 * it, [a, b) at level held (log), the speed falls a step below held and to
 * lev or below (within min_step: the stretch's median mixes dipped samples
 * with some between the dips) in RECURRING_DIPS separate stretches of two
 * samples or more, and the n samples are no longer than two of those
 * dips' periods (from the first stretch's start to the last's, over the
 * stretches between). A controller's periodic GC (the mapping table's
 * write-back) slows the direct writes by the same factor all through the
 * run; a slump, a flush after the cache or a level of its own, comes once
 * and can fall to the dips' level: seed 2026's drive 1 of the slump
 * sweep, fresh 2 hours, 114 samples at 30 MB/s after the cache, dips
 * every 10 samples to the same level, and the slump went untold. */
#define RECURRING_DIPS 2
static int dips_recur(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                      size_t b, double lev, double held, size_t n) {
    double step = log(o->min_step);
    size_t runs = 0, len = 0, first = 0, last = 0;
    for (size_t i = a; i <= b; i++) {
        int in = i < b && c->y[i] < held - step && c->y[i] < lev + step;
        if (in) {
            len++;
            continue;
        }
        if (len >= 2) {
            last = i - len;
            if (runs++ == 0)
                first = last;
        }
        len = 0;
    }
    return runs >= RECURRING_DIPS && n * (runs - 1) <= 2 * (last - first);
}

static int slump_after_cache(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                             double hi) {
    const struct ssd_phase *ph = c->ph;
    if (c->nph < 3)
        return 0;
    double lo = ph[1].level_bps, held = ph[2].level_bps;
    double cache = ph[0].end_bytes - ph[0].start_bytes;
    double slump = ph[1].end_bytes - ph[1].start_bytes;
    double after = ph[2].end_bytes - ph[2].start_bytes;
    if (!(held >= lo * o->min_step && held * o->min_drop <= hi && 2 * slump < cache &&
          after >= 4 * slump &&
          (ssd__holds_level(c, o, ph[2].first, ph[2].last + 1, log(held)) ||
           holds_noisy_level(c, o, ph[2].first, ph[2].last + 1, log(held)))))
        return 0;
    for (size_t j = 3; j < c->nph; j++)
        if (ph[j].level_bps > held * o->min_step)
            return 0;
    return 1;
}

void ssd__find_cache(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                     struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    const struct ssd_phase *ph = c->ph;
    ssd__no_cache_figures(S);
    S->has_folding = 0;
    S->folding_start_bytes = S->folding_level_bps = NAN;
    S->post_cache_bps = ph[0].level_bps;
    res->cache_phase_end = 0;
    res->slump_bytes = 0;
    res->nsteps = res->nbursts = res->bursts_total = 0;

    if (c->nph >= 2) {
        double hi = ph[0].level_bps, lo = ph[1].level_bps;
        size_t len0 = ph[0].last - ph[0].first + 1;
        size_t k = ph[1].first;
        /* A drop spread over several samples leaves a short transitional
         * phase; the post-cache level is the one after it. */
        size_t pj = 1;
        size_t len1 = ph[1].last - ph[1].first + 1;
        /* (Not one longer than the cache itself: that is a level of its
         * own, direct writes before folding after a short cache; unless the
         * speed climbs back to the cache's within it, a dip inside the
         * cache.) */
        /* (Nor one that lasts and holds a level min_drop below the cache
         * throughout, its trend over its length under min_step: direct
         * writes after a static cache, then the used state; 86 samples at
         * 219 MB/s after a 109-sample cache at 299 were taken for a spread
         * drop, the cache read to the used state's onset, 47.9 GiB for
         * 30.3. A slide out of the cache is a spread drop however long:
         * 861, 835, 621, 987, 784 ... 639, 601 MiB/s after a cache at
         * 1150, then 300.) */
        double drift = fabs(ph[1].slope_bps_per_byte) * (ph[1].end_bytes - ph[1].start_bytes);
        int lasting_level = len1 >= c->min_len && hi >= o->min_drop * lo &&
                            drift < (o->min_step - 1) * lo &&
                            ssd__holds_level(c, o, ph[1].first, ph[1].last + 1, log(lo));
        /* (Nor a fresh drive's folding once the capacity has been written,
         * however short: a quiet level of its own, ssd__fold_at_capacity.) */
        if (!lasting_level && c->nph > 2 && len0 >= c->min_len &&
            ssd__fold_at_capacity((struct ssd__curve *)c, o, ph[1].first, ph[1].last + 1, log(hi),
                                  log(lo)))
            lasting_level = 1;
        /* (Nor, on a fresh drive, a quiet level shorter than a lasting
         * phase between the cache and a further step down: a dynamic
         * cache's direct writes last only as long as the clean blocks the
         * cache left, then it folds, and in a long run of short samples
         * that may be under a lasting phase (seed 347's drive 172, 2
         * hours: 45 samples at 2744 MiB/s, 43 at 1879, flat, then folding
         * at 1149 for 300 s in a 7,200-sample run, min_len 72). Taken for
         * a spread drop, the cache was read to the folding, 201 GiB for
         * 123. A spread drop slides or scatters, a GC dip sits below the
         * level after it: this one holds its level (ssd__holds_level),
         * its drift under min_step, lasts twice min_phase_samples and
         * stands min_drop above the phase after it, which lasts longer.) */
        if (!lasting_level && o->written_before_bytes == 0 && c->nph > 2 &&
            (double)len1 >= 2 * o->min_phase_samples && hi >= o->min_drop * lo &&
            lo >= o->min_drop * ph[2].level_bps && ph[2].last - ph[2].first + 1 > len1 &&
            drift < (o->min_step - 1) * lo &&
            ssd__holds_level(c, o, ph[1].first, ph[1].last + 1, log(lo)))
            lasting_level = 1;
        if (c->nph > 2 && len1 < 2 * c->min_len && ph[2].level_bps * o->min_step <= lo &&
            ph[2].last - ph[2].first + 1 >= len1 && !lasting_level &&
            (len1 <= len0 || dip_inside_cache(c, len1, hi, ph[2].level_bps)))
            pj = 2;
        /* A GC dip right after the drop leaves a short phase below the
         * level after it (8 samples at 1.9 GB/s after a cache at 5.0,
         * then 2.7 GB/s for 220 samples): the post-cache level is the
         * lasting one after the dip, and the drop's sample mixes the cache
         * with it, not with the dip. */
        if (c->nph > 2 && len1 < 2 * c->min_len && ph[2].level_bps >= lo * o->min_step &&
            ph[2].level_bps * o->min_drop <= hi && ph[2].last - ph[2].first + 1 >= 4 * len1)
            pj = 2;
        /* ... and so does a longer cluster of them on a fresh drive, the
         * dips close together (dips_recur: the run's later dips fall to its
         * level); taken for the post-cache level, the drop's sample split
         * against it read a static cache 5-10 % large (seed 61's drive 138,
         * fresh fill: 4 samples at 1583 MB/s, 12 between 641 and 851, then
         * 839 held with dips to 626-662; 6.18 GiB for 5.88). */
        if (pj == 1 && o->written_before_bytes == 0 && c->nph > 2 &&
            ph[2].level_bps >= lo * o->min_step && ph[2].level_bps * o->min_drop <= hi &&
            ph[2].last - ph[2].first + 1 >= 4 * len1 &&
            dips_recur(c, o, ph[2].first, ph[2].last + 1, log(lo), log(ph[2].level_bps), len1))
            pj = 2;
        /* A slump after the cache's end, however many samples, is no
         * post-cache level either: the level the drive then holds is
         * (slump_after_cache). */
        /* (Nor is one that lasts, a lasting phase or more, a GC dip just
         * after the drop: a dip of a drive's periodic GC lasts seconds, and
         * 43 samples at 162 MiB/s between a cache at 476 and 243 held are
         * a slump (the slump sweep, seed 2026's drive 7, fresh fill: the
         * rule above merged them into the level after them, and no phase
         * said the slump). Shorter ones stay dips of the level after them;
         * and on a drive written before the run, whose used state may begin
         * right after the cache, the rule above keeps them: told apart
         * there, the slump was taken for the used state's onset (seed 7's
         * drive 1 after a sequential fill, 2 hours: "used state at 8.2
         * GiB", the model's at 57.5).) */
        int slump = (pj == 1 ||
                     (len1 >= c->min_len && o->written_before_bytes == 0 && !slower_later(c, o))) &&
                    slump_after_cache(c, o, hi);
        if (slump)
            pj = 2;
        double post = ph[pj].level_bps;
        double thr = sqrt(hi * post);
        size_t need = c->min_len > 3 ? c->min_len : 3;
        /* Back at the fast level: three quarters of the way up from the
         * post-cache level (in log), and out of reach of its noise: the
         * noise of the cache and the level after it, when that is below the
         * run's (a used state later in a 2-hour run may scatter the speed
         * 2x from one second to the next; 3 of its sigmas put "fast" out of
         * reach, and a dip just before the drop was taken for the drop). */
        double fast = fmax(sqrt(thr * hi), post * exp(3 * c->sigma));
        if (fast > sqrt(thr * hi)) /* (the noise term decides: a median, only then) */
            fast = fmax(sqrt(thr * hi), post * exp(3 * start_sigma(c, ph[pj].last + 1)));
        size_t earliest = 0;
        /* A step under min_drop between two quiet levels, then a further
         * step down, ends a dynamic cache (ssd__quiet_first_step). */
        int quiet = pj == 1 && c->nph > 2 &&
                    ssd__quiet_first_step((struct ssd__curve *)c, o, ph[0].first, ph[1].first,
                                          ph[1].last + 1);
        int ok = (hi >= o->min_drop * post || quiet) && lo < hi;
        if (ok && len0 >= 2) {
            /* The cache phase runs at cache speed, and the drop lasts: right
             * after it the speed stays below the midpoint for at least a
             * phase, and the rest of the run is not mostly above it. A
             * bimodal drive fails the first test, a noisy one the ratio. */
            /* (a short climb right after the drop is handled below) */
            size_t from = pj == 1 ? lasting_low_start(c, k, thr, need, fast, NULL)
                                  : (low_run(c, ph[pj].first, thr) >= need ? ph[pj].first : c->n);
            /* (The sample before the drop is left out of the share as
             * the drop's mixed sample, unless it ran at the cache's side
             * of the midpoint: then it is the cache's, and a 4-sample
             * cache with one GC dip, 2.35, 2.00, 1.05 then 2.38 GB/s
             * before 0.74, is 3 of 4 at speed, not 2 of 3.) */
            size_t fe = k > 1 && c->r[k - 1] < thr ? k - 1 : k;
            /* (GC dips inside the cache, the speed back at the fast level
             * after each, count with it, as long as most samples are at
             * speed themselves: a 17-sample cache at 2.88 GB/s holding
             * two dips of 3 samples at the 0.85 GB/s after it was 11 of
             * 17 at speed, "cache: none found".) */
            double plain = frac_above(c, c->lead, fe, thr);
            /* (Round 40: on a fresh drive, a first sample below the
             * midpoint with the next at the fast level is the job's ramp
             * or a GC dip it started in, and a cache of three samples or
             * more is judged without it: seed 311's drive 112, fresh 2
             * hours, 1239, 2615, the drop's 2291, then 769: 2 of 3 at
             * speed, "cache of 5.85 GiB missed"; seed 151's drive 8, fresh
             * WSAT, 1858, 2627, 2744, then 1850-1950. The slow sample stays
             * in the cache's bytes: the writes went to the cache. After a
             * fill a slow first sample is left as it was (seed 47's drive
             * 177 above).) */
            if (o->written_before_bytes == 0 && fe >= c->lead + 3 && c->r[c->lead] < thr &&
                c->r[c->lead + 1] >= fast)
                plain = fmax(plain, frac_above(c, c->lead + 1, fe, thr));
            /* (A dip inside the cache lasts as long as the run's own dips
             * after it, when longer than DIP_MAX: frac_at_speed.) */
            size_t dmax = DIP_MAX;
            if (plain < 0.7 && plain > 0.5) {
                size_t pf = ph[pj].first + 2, pl = ph[pj].last + 1;
                size_t own = own_dip_run(c, pf, pf + 600 < pl ? pf + 600 : pl, post);
                if (own > dmax)
                    dmax = own;
            }
            ok = (plain >= 0.7 || (plain > 0.5 && frac_at_speed(c, c->lead, fe, thr, fast, hi, post,
                                                                log(o->min_step), dmax) >= 0.7)) &&
                 from < c->n && frac_above(c, k, c->n, thr) <= 0.6;
        } else if (ok) {
            /* A one-sample first phase: either the drop happened inside the
             * first sample, or the first sample is an outlier. Demand that it
             * towers over everything after it. */
            memcpy(c->scratch, c->r + 1, (c->n - 1) * sizeof *c->r);
            double p99 = ssd__quantile(c->scratch, c->n - 1, 0.99);
            ok = c->r[0] >= 1.5 * p99 && frac_above(c, 1, c->n, thr) <= 0.3 &&
                 low_run(c, 1, thr) >= need;
        }
        /* A later lasting phase faster than the "cache" means the first phase
         * was just a fast start of a wandering drive. Returns to about the
         * cache level are bursts, reported as such, unless one lasts far
         * longer than the "cache" itself: then the drive is bimodal. */
        for (size_t j = 2; ok && j < c->nph; j++)
            if (ph[j].level_bps > hi * o->min_step ||
                (ph[j].level_bps >= thr && ph[j].last - ph[j].first + 1 > 2 * len0))
                ok = 0;
        if (ok && returns_to_cache_level(c, o, pj, hi))
            ok = 0;
        /* A GC dip just before the drop sits below the midpoint too, so the
         * segmentation may start the low phase at the dip. If the speed climbs
         * back for a few samples, the cache was not yet full: the drop is the
         * start of the first low run that lasts. */
        if (ok && pj == 1 && len0 >= 2)
            k = lasting_low_start(c, k, thr, need, fast, &earliest);
        /* A short phase between the cache and the post-cache level may be a
         * spread drop, or a dip, the climb back and the drop's mixed sample
         * (SSD370 after an idle): the drop is then where the speed falls
         * below the midpoint for good, and the low level is the post-cache
         * one, not the short phase's. (A slump's is its own: the sample
         * after the drop's is the slump's, not the held level's.) */
        double place_lo = lo;
        if (ok && pj == 2) {
            size_t after_fast;
            size_t kk = lasting_low_start(c, k, thr, need, fast, &after_fast);
            if (kk < c->n) {
                k = kk;
                place_lo = slump ? lo : post;
                earliest = after_fast;
            }
        }
        if (ok) {
            /* Nor before a climb back to the cache's speed after a dip
             * below the midpoint among the few samples the placement looks
             * at: the cache was still there. A GC dip two samples before
             * the drop, the climb back and then the drop fit two levels
             * best with the dip on the slow side (a 43 GiB cache placed at
             * 38.5 GiB, where the dip began). (A speed that only sags
             * towards the drop, with no dip before, is left to the
             * placement.) */
            int dipped = 0;
            for (size_t i = k > 4 ? k - 4 : 0; i < k; i++) {
                if (dipped && c->r[i] >= fast && i + 1 > earliest)
                    earliest = i + 1;
                dipped |= c->r[i] < thr;
            }
            struct placement p =
                place_drop(c, 0, k, hi, place_lo, earliest, 1,
                           o->precondition == SSD_PRECONDITION_NONE && o->written_before_bytes == 0,
                           ph[pj].last + 1);
            S->has_cache = 1;
            S->cache_bytes = p.bytes;
            S->cache_level_bps = hi;
            S->cache_uncertainty_bytes = p.uncertainty;
            /* A cache that ended inside a GC dip starting with the drop,
             * told by the run's other dips (end_after_dip_step; not after
             * a slump, whose level is no dip's), on any drive; and one
             * that may have: the stated range reaches the step inside it. */
            size_t dip_mixed = 0;
            double dip_end =
                !slump ? end_after_dip_step(c, p.mixed, hi, post, ph[pj].last + 1, &dip_mixed)
                       : NAN;
            if (isfinite(dip_end) && dip_end > p.bytes) {
                p.bytes = dip_end;
                p.mixed = dip_mixed;
                S->cache_bytes = dip_end;
            }
            /* Or whose end shares its sample with a GC dip's start
             * (end_before_dip). When the dip took most of that sample, it
             * is below the post-cache level and the placement split the
             * one before, which ran wholly at the cache's speed (seed
             * 227's drive 53, fresh, 2 hours: 2730 MiB/s three times,
             * then 1353, 520, 509, 493 and 1510 before the direct level
             * at 1666; 8.01 GiB at the whole sample, the model's 9.0):
             * the drop's sample is the one after it. */
            size_t bm = p.mixed, post_end = ph[pj].last + 1;
            if (bm + 1 < c->n && c->r[bm + 1] < post &&
                c->y[bm] > log(p.hi) - 3 * start_sigma(c, post_end))
                bm++;
            double before_dip =
                !slump && !isfinite(dip_end) ? end_before_dip(c, bm, p.hi, post, post_end) : NAN;
            if (isfinite(before_dip) && before_dip > p.bytes) {
                p.bytes = before_dip;
                p.mixed = bm;
                S->cache_bytes = before_dip;
            }
            /* Or that ran into a GC dip before its end (end_by_dip_fit).
             * The post-cache phase then starts at the sample the end is
             * in, as for the others: the phases' boundary stayed at the
             * placement's sample, 2 or more samples before the fitted end
             * (seed 47's drive 12, 2 hours after a sequential fill, with
             * the fresh run as reference: 30.23 GiB, the phase boundary at
             * 27.99). */
            size_t fit_mixed = p.mixed;
            double dip_fit =
                !slump ? end_by_dip_fit(c, p.mixed, hi, post, post_end, p.bytes, p.held, &fit_mixed)
                       : NAN;
            if (isfinite(dip_fit)) {
                p.bytes = dip_fit;
                p.mixed = fit_mixed;
                S->cache_bytes = dip_fit;
            }
            /* Or whose end shares its sample with a whole short dip
             * (end_with_short_dip), the drop's sample then below the
             * post-cache level: the one after the placement's when that
             * one ran at the cache's speed, as for end_before_dip. */
            double short_u = 0, short_dip = NAN;
            if (!slump && !isfinite(dip_end) && !isfinite(before_dip) && !isfinite(dip_fit)) {
                /* (Not when the placement's sample is below the samples
                 * wholly before it: a mix that the cache phase's median
                 * holds, seed 59's drive 50, fresh WSAT: 2053, 2849, then
                 * the mix at 2151, the phase's level, before a dip at 711.) */
                size_t sm = p.mixed;
                double top = sm > c->lead ? fmax(p.hi, level_before(c, c->lead, sm)) : p.hi;
                if (sm + 1 < c->n && c->r[sm + 1] < post &&
                    c->y[sm] > log(top) - 3 * upper_noise(c, sm, post_end))
                    sm++;
                short_dip = end_with_short_dip(c, sm, p.hi, post, post_end, &short_u);
                if (isfinite(short_dip) && short_dip > p.bytes) {
                    p.bytes = short_dip;
                    p.mixed = sm;
                    S->cache_bytes = short_dip;
                    p.uncertainty = sqrt(p.uncertainty * p.uncertainty + short_u * short_u);
                    S->cache_uncertainty_bytes = p.uncertainty;
                }
            }
            /* Or whose end a dip held over more than one sample, the
             * speed climbing back above the post-cache level in the
             * sample the end is in (end_after_dip_climb). */
            size_t climb_mixed = p.mixed;
            double climb_u = 0,
                   climb = !slump ? end_after_dip_climb(c, o, p.mixed, p.hi, &climb_mixed, &climb_u)
                                  : NAN;
            if (isfinite(climb) && climb > p.bytes) {
                p.bytes = climb;
                p.mixed = climb_mixed;
                S->cache_bytes = climb;
                if (climb_u > p.uncertainty)
                    p.uncertainty = climb_u;
                S->cache_uncertainty_bytes = p.uncertainty;
            }
            /* (A run whose drop's sample took a whole short dip has its
             * dips accounted for: the next one is no step inside this.) */
            double in_dip =
                p.bytes == short_dip ? NAN : end_in_dip(c, p.mixed, hi, slump ? lo : post);
            if (in_dip - p.bytes > p.uncertainty)
                S->cache_uncertainty_bytes = in_dip - p.bytes;
            /* With a one-sample first phase, nothing beyond that sample was
             * written at its speed: the drop is inside it. So it is when the
             * second sample is above the post-cache level by no more than
             * its noise: its "share at the cache level" is noise, and the
             * first sample's rate only a lower bound of the cache's (a
             * cache of 1.04 GiB in a first sample of 1.96 read 2.01 GiB,
             * 2% of the second sample's noise counted as cache). The noise
             * is that of the samples right after the drop: a used state
             * later in the run may scatter the speed 2x. */
            int inside_first =
                p.mixed == 0 ||
                (len0 == 1 &&
                 (p.bytes <= c->b[0] * 1.02 ||
                  (p.mixed == 1 && c->r[1] <= post * exp(3 * after_drop_sigma(c, need)))));
            S->cache_censored = inside_first ? SSD_CENSOR_RESOLUTION : SSD_CENSOR_NONE;
            if (inside_first) {
                /* The cache level is unknown (the first sample's rate is a lower
                 * bound of it). Whatever it was, the sample wrote at least
                 * (r0 - lo) dt more than the post-cache level accounts for: the
                 * cache's lower bound. It is at most the sample's bytes; the
                 * gap between the two is the uncertainty. */
                ssd__cache_in_first_sample(c, post, S);
            }
            if (!inside_first)
                S->cache_drop_ratio = hi / post;
            S->post_cache_bps = post;
            /* (The low phase starts no earlier than the sample that holds
             * the drop.) */
            res->cache_phase_end = p.mixed > k ? p.mixed : k;
            res->post_phase = pj;
            res->slump_bytes = slump ? ph[1].end_bytes - ph[1].start_bytes : 0;
            find_bursts(c, k + 1, thr, res);
        }
    }
    if (!S->has_cache) {
        if (c->nph == 1 && o->expect_cache_bps > 0 &&
            ph[0].level_bps >= 0.8 * o->expect_cache_bps) {
            S->has_cache = 1;
            S->cache_bytes = c->total;
            S->cache_level_bps = ph[0].level_bps;
            S->cache_drop_ratio = NAN;
            S->cache_uncertainty_bytes = 0;
            S->cache_censored = SSD_CENSOR_RIGHT;
            S->post_cache_bps = NAN;
            res->cache_phase_end = c->n;
            return;
        }
        res->post_phase = 0;
        ssd__find_steps(c, o, res);
        return;
    }
    ssd__find_steps(c, o, res);
}

void ssd__find_steps(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                     struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    find_steps(c, o, res->post_phase, res);
    S->has_folding = 0;
    S->folding_start_bytes = S->folding_level_bps = NAN;
    if (!S->has_cache || res->nsteps == 0)
        return;
    const struct ssd__level_step *last = &res->steps[res->nsteps - 1];
    int stays = 1;
    for (size_t j = 0; j < c->nph; j++)
        if (c->ph[j].start_bytes > last->start_bytes &&
            c->ph[j].level_bps > last->level_bps * o->min_step)
            stays = 0;
    if (stays) {
        S->has_folding = 1;
        S->folding_start_bytes = last->start_bytes;
        S->folding_level_bps = last->level_bps;
    }
}

/* Whether the speed comes back above thr after phase j for longer than j
 * lasted: j was a cluster of dips, not the end of the recovered room
 * (SSD370 after a TRIM, lab2016-30s: 12 s at 194 MiB/s among dips, then
 * 153 s back at 284, read "recovered 35.70 GiB" of a drive TRIM restores
 * whole). */
static int back_at_speed(const struct ssd__curve *c, size_t j, double thr) {
    size_t len = c->ph[j].last - c->ph[j].first + 1;
    for (size_t k = j + 1; k < c->nph; k++)
        if (c->ph[k].level_bps >= thr && c->ph[k].last - c->ph[k].first + 1 > len)
            return 1;
    return 0;
}

void ssd__find_recovery(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                        const struct ssd__result *ref, struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    const struct ssd_analysis_summary *R = &ref->sum;
    double ref_hi, thr;
    res->had_reference = 1;
    res->recovery_note = NULL;
    if (res->ref_other_workload) {
        S->has_recovery = 0;
        S->recovered_bytes = S->reference_level_bps = NAN;
        res->recovery_note = "the reference run is another workload (its pattern or block "
                             "size differs), so its speeds are no fast level to recover";
        return;
    }
    if (!R->has_cache && !(ref->lowest_phase_bps < R->post_cache_bps / o->min_drop)) {
        /* Recovery is the volume written again at the fresh drive's fast
         * speed. A reference with no cache that never slows down lastingly
         * (by min_drop below its first level) has no such speed, and
         * measuring against its only level called every run "all
         * recovered". One without a cache that does slow down (SSD370's
         * staircase) keeps its first level as the fast one, below. */
        S->has_recovery = 0;
        S->recovered_bytes = S->reference_level_bps = NAN;
        res->recovery_note = "the reference run shows no cache and never slows down, so there is "
                             "no fast level to recover";
        return;
    }
    if (R->has_cache && R->cache_censored != SSD_CENSOR_RESOLUTION && isfinite(R->post_cache_bps)) {
        ref_hi = R->cache_level_bps;
        thr = sqrt(ref_hi * R->post_cache_bps);
    } else {
        ref_hi = isfinite(R->cache_level_bps) ? R->cache_level_bps : R->post_cache_bps;
        thr = ref_hi / o->min_drop;
    }
    const struct ssd_phase *ph = c->ph;
    /* A fresh run that wrote its cache, then direct writes, then slowed
     * lastingly (MP44L: 1.72 GiB/s, 700 MiB/s, then 261) ends full: the
     * room an idle gives back has no free space beside it for a dynamic
     * cache and is written at the direct speed. A run that starts at that
     * level and never near the cache's recovered the room at the direct
     * speed, not none (mp44l-1tb, 30 min, 15 min idle: 902 MiB/s for
     * 74.1 GB, then 261; the model's recovered room 73.98 GB). */
    double ref_low = ref->lowest_phase_bps;
    if (R->has_cache && isfinite(R->post_cache_bps) && c->nph > 1 &&
        ref_low < R->post_cache_bps / o->min_drop && ph[0].level_bps < thr &&
        ph[0].level_bps >= sqrt(R->post_cache_bps * ref_low) && c->r[0] < thr) {
        ref_hi = R->post_cache_bps;
        thr = sqrt(ref_hi * ref_low);
        res->recovery_note = "the run never reached the reference's cache speed; the room the "
                             "idle gave back is measured at its direct-write speed after the "
                             "cache";
    }
    S->has_recovery = 1;
    S->reference_level_bps = ref_hi;
    res->recovery_censored = S->recovery_censored = SSD_CENSOR_NONE;
    /* The low level is the first lasting phase below the threshold. A GC
     * dip is not it: the segmentation may give a dip (with the climb back,
     * or the drop's mixed sample) a short phase of its own, or pull the
     * fast phase's median down with it; those short phases are skipped. */
    size_t j = 0;
    while (j + 1 < c->nph &&
           !(ph[j].level_bps < thr && ph[j].last - ph[j].first + 1 >= 2 * c->min_len &&
             !back_at_speed(c, j, thr)))
        j++;
    /* A drive without a cache writes at its fresh speed, dips and all,
     * until the clean blocks idle time gave back run out: the low level is
     * the used state when the run reached it (SSD370's dips pull a few
     * seconds' median below the threshold). */
    if (!R->has_cache && S->has_gc)
        for (j = 0; j + 1 < c->nph && ph[j].regime != SSD_REGIME_GC;)
            j++;
    double hi = 0;
    for (size_t i = 0; i < j; i++)
        if (ph[i].level_bps > hi)
            hi = ph[i].level_bps;
    if (ph[j].level_bps >= thr) {
        /* Never below the threshold for long: all of the run was fast. */
        S->recovered_bytes = c->total;
        res->recovery_censored = SSD_CENSOR_RIGHT;
        S->recovery_censored = SSD_CENSOR_RIGHT;
        return;
    }
    if (j > 0 && hi >= thr) {
        /* The run starts at (near) cache speed: recovered up to the start of
         * the first run below the midpoint of the fast and the low level
         * that lasts (dips sit above that midpoint or climb back out). */
        double lo = ph[j].level_bps, mid = sqrt(hi * lo);
        size_t need = c->min_len > 3 ? c->min_len : 3;
        size_t k = 0;
        while (k < c->n) {
            size_t lr = low_run(c, k, mid);
            if (lr >= need)
                break;
            k += lr;
            while (k < c->n && c->r[k] >= mid)
                k++;
        }
        if (k >= c->n || k == 0)
            k = ph[j].first;
        struct placement p = place_drop(c, 0, k, hi, lo, 0, 0, 0, c->n);
        S->recovered_bytes = p.bytes;
        return;
    }
    /* The recovered stretch is shorter than a phase: it sits in the first
     * few samples. Each contributes the bytes it wrote at the reference's
     * cache speed, from its rate mixing the two levels. */
    double lo = ph[j].level_bps, rec = 0;
    /* Slow phases before j (too short to be the low level, all below the
     * threshold: else the branch above): the first samples are in the
     * first of them and measured against its level. Against the lasting
     * level after them, MP44L after a fill (302 MiB/s for 27 GiB, then
     * 261) counted each first sample's 40 MB/s above 261 as 2 % at the
     * reference's 1.72 GiB/s: "3.26 GiB written again at full speed" in a
     * run never above 330 MB/s (round 24's audit). */
    if (j > 0 && ph[0].level_bps > lo)
        lo = ph[0].level_bps;
    if (ref_hi <= lo) {
        S->recovered_bytes = 0;
        return;
    }
    for (size_t i = 0; i < c->n && i < c->min_len; i++) {
        double f = clamp01((c->r[i] - lo) / (ref_hi - lo));
        if (f < 3 * c->sigma * lo / (ref_hi - lo))
            break;
        rec += f * ssd__curve_dt(c, i) * ref_hi;
    }
    S->recovered_bytes = rec;
}
