/* regimes_reference.c - the rules that read a used drive's run against
 * its reference, the same drive's fresh run of the same workload: the
 * reference's cache and direct levels tell a cache from clean blocks, and
 * where each ends, where one curve alone cannot (a static cache emptied
 * by idle time, then GC, looks as a cacheless drive's clean blocks). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "regimes.h"

/* The reference's levels (struct ref_levels) for this run: none without a
 * reference or on a fresh run. S: this run's summary after the cache test. */
/* Whether a reference is a sequential log whose speed fell lastingly
 * with nothing found to fall for: no cache, no folding, no used state,
 * and its slowest phase min_drop below its first level. A fresh drive
 * without an SLC cache writes sequentially at one speed through its
 * capacity (nothing was overwritten, so nothing is collected), so such a
 * log had a cache its test missed or throttled: its first level is no
 * direct level, and it shows no drive without a cache. Seed 229's drive
 * 45, the fill's own log: a 293 GiB dynamic cache at 5.8 GB/s carved into
 * phases by two clusters of GC dips, then 2.2 GB/s to the end, read as
 * no cache, and the runs after the fill lost theirs to it ("cache of
 * 18.38 GiB missed", 2 hours; "cache of 28.74 GiB missed", the fill);
 * seed 101's drive 194 the same with its cache's end read as throttling
 * at 61.8 C. (Not a random log: 4K random writes without an SLC cache may
 * slow, 3 of 1,340 fill logs of the tune seeds' drives without one.) */
int ssd__ref_drop_unread(const struct ssd__result *ref, const struct ssd__analysis_opts *o) {
    const struct ssd_analysis_summary *R = &ref->sum;
    return !R->has_cache && !R->has_folding && !R->has_gc && !strcmp(ref->pattern, "write") &&
           ref->lowest_phase_bps * o->min_drop <= R->post_cache_bps;
}

void ssd__ref_levels_of(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                        const struct ssd_analysis_summary *S, const struct ssd__result *ref,
                        struct ref_levels *rl) {
    *rl = (struct ref_levels){0, NAN, 0, NAN, 0, 0, NAN, NAN, 0, NAN, NAN, 0};
    if (!(ref && o->written_before_bytes > 0 && isfinite(ref->sum.post_cache_bps)))
        return;
    /* A reference at one speed all through, shorter than any cache could
     * be (no cache, no folding, no used state, under MAX_CACHE_CAPACITY_
     * SHARE of the capacity: its note's "the speed never dropped"), knows
     * no level of the drive: its one level may be a cache's (a dynamic
     * cache, largest on a fresh drive, that a fill shrinks to what the
     * clean blocks hold) or direct writes. The run is analysed as without
     * a reference. (The span sweep's fills over 8-64 GiB: a fresh fill of
     * 42.7 GiB at 2.29 GB/s made a used run's 2.3 GiB of clean blocks at
     * 2.32 GB/s, then GC at 1.03, "a cache at most 2.35 GiB": its first
     * sample, too short for ref_clean's level test, kept the cache test's
     * drop; 8 false caches in 60 drives' random-filled span fills.) */
    if (!ref->sum.has_cache && !ref->sum.has_folding && !ref->sum.has_gc &&
        isfinite(S->capacity_bytes) &&
        ref->sum.total_bytes < MAX_CACHE_CAPACITY_SHARE * S->capacity_bytes)
        return;
    /* (Nor does a sequential one whose drop was not read:
     * ssd__ref_drop_unread.) */
    if (ssd__ref_drop_unread(ref, o))
        return;
    rl->known = 1;
    rl->direct = ref->sum.post_cache_bps;
    rl->used = ref->sum.has_gc ? ref->sum.gc_level_bps : NAN;
    /* A reference whose direct writes between its cache and its
     * folding were shorter than the cache measured its drop to the
     * folding (a drop spread over a short phase, the cache test's
     * rule): its post-cache level is the folding's, and the direct
     * level is that phase's (seed 13's drive 176, WSAT: 74 GB of cache
     * at 410 MB/s in 36 samples, 34 of direct writes at 140, then
     * folding at 81; after a fill, the folding at 81 read as direct,
     * "folding missed"). */
    if (ref->sum.has_folding && ref->direct_bps > 0 &&
        fabs(log(rl->direct / ref->sum.folding_level_bps)) < log(o->min_step) &&
        ref->direct_bps >= o->min_step * ref->sum.folding_level_bps)
        rl->direct = ref->direct_bps;
    rl->cache = ref->sum.has_cache && ref->sum.cache_censored != SSD_CENSOR_RIGHT &&
                ref->sum.cache_level_bps >= o->min_step * rl->direct;
    rl->cache_level = ref->sum.cache_level_bps;
    rl->dynamic =
        rl->cache && ((isfinite(S->capacity_bytes) &&
                       ref->sum.cache_bytes >= DYNAMIC_MIN_CAPACITY_SHARE * S->capacity_bytes) ||
                      ref->sum.has_folding);
    rl->fold = rl->dynamic && ref->sum.has_folding ? ref->sum.folding_level_bps : NAN;
    /* (A fresh reference of a dynamic cache whose last level, a step
     * below its direct writes, was too short for the folding label:
     * with no used state, no slump and no throttling it showed nothing
     * else a step below direct writes, so its slowest phase is the folding and its
     * level the drive's folding level (seed 139's drive 24: 45 GiB of
     * cache, direct writes at 2.32 GB/s to 168 GiB, then 7 GiB at 998 MB/s
     * to the fill's end, labelled other). Only of sequential writes: a
     * 4K random fill's slowest level at its end may be no used run's
     * folding (seed 97's drive 87: 592 MB/s at the fill's end, the used
     * drive's 2-hour run folding at 462).) */
    if (rl->dynamic && !isfinite(rl->fold) && ref->pattern[0] && strncmp(ref->pattern, "rand", 4) &&
        !ref->sum.has_gc && !(ref->slump_bytes > 0) && isfinite(ref->lowest_phase_bps) &&
        ref->lowest_phase_bps > 0 && ref->lowest_phase_bps * o->min_step <= rl->direct &&
        !(ref->throttle_steps > 0))
        rl->fold = ref->lowest_phase_bps;
    rl->cache_bytes = rl->cache ? ref->sum.cache_bytes : NAN;
    /* A drive that showed no cache fresh, in a run that reached its
     * used state or wrote more than any cache holds, has none. */
    rl->none =
        !ref->sum.has_cache &&
        (ref->sum.has_gc || (isfinite(S->capacity_bytes) &&
                             ref->sum.total_bytes >= MAX_CACHE_CAPACITY_SHARE * S->capacity_bytes));
    /* Folding follows a dynamic cache and nothing else: a reference
     * that folded had one, even when its cache test found none (a
     * cache larger than any cache can be, read as direct writes with
     * the drop after them its folding: "No cache holds more than raw
     * / bits"). Its folding level is the drive's, and a used drive's
     * fast start may be that cache (seed 11's drive 64, WSAT after a
     * sequential fill: 16.6 GiB at 2.9 GB/s in a sample and a half,
     * then folding at the reference's 1,033 MB/s: "folding missed",
     * the fast start read as clean blocks). */
    if (!ref->sum.has_cache && ref->sum.has_folding && isfinite(ref->sum.folding_level_bps)) {
        rl->none = 0;
        rl->dynamic = 1;
        rl->fold = ref->sum.folding_level_bps;
        /* (A reference whose fast start was a cache too slight to
         * call, with direct writes a step below it before its folding
         * (slight_cache_direct): that start is the cache's level and
         * the direct level is theirs. After a sequential fill the
         * drive's 16.6 GiB at the start's 2.87 GB/s, then folding,
         * were read as clean blocks at the direct level, "cache
         * missed, folding missed" (seed 11's drive 64, 2 hours).) */
        if (ref->direct_bps > 0 && ref->direct_bps * o->min_step <= rl->direct) {
            rl->cache = 1;
            rl->cache_level = rl->direct;
            rl->cache_bytes = ref->slight_cache_bytes;
            rl->direct = ref->direct_bps;
        }
    }
    /* A reference whose one slight step (a static cache too slight
     * to call, slight_step below) ended its first level: the level
     * after it is the drive's direct level after that cache. */
    if (!ref->sum.has_cache && !ref->sum.has_folding && isfinite(ref->slight_cache_bytes) &&
        ref->direct_bps > 0 && ref->direct_bps * o->min_step <= rl->direct)
        rl->slight_direct = ref->direct_bps;
    /* A cache the reference could not show: its drop less than
     * min_drop (2.87 GB/s for 5 samples, then 2.21, one phase at
     * 2.21), or hidden in its first phase. A used drive's clean blocks
     * write no faster than the fresh drive's first level, so a fast
     * start (3 samples or more) that the cache test took for a cache
     * and that runs a step above that level is the cache, at its own
     * level, and the reference's level is the direct writes after
     * it. */
    if (!rl->cache && S->has_cache && S->cache_censored == SSD_CENSOR_NONE && c->nph >= 2 &&
        c->ph[0].last >= 2 && c->ph[0].level_bps >= o->min_step * rl->direct &&
        S->cache_level_bps >= o->min_step * rl->direct) {
        rl->cache = 1;
        rl->none = 0;
        rl->cache_level = S->cache_level_bps;
        rl->cache_bytes = S->cache_bytes;
    }
    /* A reference that showed no cache, against a run whose cache (the
     * cache test's) is followed by a level of its own before the used
     * state (level_between_start_and_used): at the reference's folding
     * level (within a step), that level is the folding, which follows a
     * dynamic cache and nothing else, and the fast start is the cache
     * (start_is_cache; seed 149's drive 132, 2 hours after a sequential
     * fill: 16.3 GiB at 2.75 GB/s, then 320 GiB at the reference's
     * folding, 1.29, read as clean blocks); else the reference's reading
     * of the drive does not hold for this run, whose curve the rules
     * without a reference read (as for a reference that never dropped,
     * above). */
    if (!rl->cache && S->has_cache && ssd__level_between_start_and_used(c, rl, o)) {
        if (rl->dynamic && isfinite(rl->fold) &&
            fabs(log(c->ph[1].level_bps / rl->fold)) < log(o->min_step))
            rl->start_is_cache = rl->start_folds = 1;
        else
            *rl = (struct ref_levels){0, NAN, 0, NAN, 0, 0, NAN, NAN, 0, NAN, NAN, 0};
    }
}

/* A used drive's fast start that is the cache and then direct writes,
 * each a few samples at the reference's levels (a static cache survives
 * a fill, and idle time empties it: 30 GiB at 1.9 GB/s, then 15 GiB at
 * 0.69, then GC, is 3 and 5 samples of 5 s in WSAT), made one phase by the
 * segmentation with its median nearer the direct level. The leading
 * samples above the midpoint of the reference's cache and direct levels
 * (the fastest of them no step below the cache's: faster is still the
 * cache, as nothing on a used drive writes faster than its SLC, and a
 * reference's cache level measured on 3 samples may sit 1.2x low; slower
 * ones are the cache in a GC dip) are the cache, the
 * rest (3
 * samples or more, or 2 within a step of the reference's direct level;
 * their median below that midpoint, nearer the direct level, and a step
 * above the phase after) the direct writes (after a
 * random fill they may run slower than fresh: 630 MB/s against 807 in a
 * fill): splits phase 0 there and
 * returns 1. (cache_in_fast_start needs 12 samples and 10 of direct
 * writes to find two levels without a reference.) */
int ssd__ref_cache_in_fast_start(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 const struct ref_levels *rl, size_t *moved) {
    size_t e = c->ph[0].last + 1, k = 0;
    if (!rl->known || !rl->cache || rl->none || c->nph < 2 || e < 4)
        return 0;
    double lc = log(rl->cache_level), ld = log(rl->direct), mid = 0.5 * (lc + ld);
    /* (The run's first sample may be a start-up one, slower than the
     * cache it begins: the queue filling, half the cache's speed in a
     * 2-hour run's first second. It goes with the cache when the next is
     * at the cache's level.) */
    size_t s = e > 1 && c->y[0] < mid && c->y[1] >= mid ? 1 : 0;
    k = s;
    while (k < e && c->y[k] >= mid)
        k++;
    /* (GC dips inside the cache count with it when the speed comes back,
     * as in the cache test: at most 3 samples below the midpoint, then one
     * above it again; 5 s samples at 2.85, 1.41, 2.57 GB/s, then 9 of
     * direct writes at 1.47.) */
    while (k > s && k < e) {
        size_t g = k;
        while (g < e && g < k + 4 && c->y[g] < mid)
            g++;
        if (g - k > 3 || g >= e || c->y[g] < mid)
            break;
        k = g;
        while (k < e && c->y[k] >= mid)
            k++;
    }
    /* (Two samples are enough when both sit within a step of the
     * reference's direct level: the drive's own direct writes, which
     * noise does not make by chance; 1.70 GB/s for 3 samples after a
     * start-up one, then 1.02 holding the cache's end and 0.88 at the
     * reference's 0.95, then GC from the next.) */
    int two_direct = e - k == 2 && fabs(c->y[k] - ld) < log(o->min_step) &&
                     fabs(c->y[k + 1] - ld) < log(o->min_step);
    if (k <= s || (e - k < 3 && !two_direct))
        return 0;
    /* (The cache's samples reach the reference's cache level, within a
     * step: their fastest does, as a GC dip only slows, and a dip over 2
     * of 3 samples pulls their median a step below: 2.54, 1.77, 1.78 GB/s
     * against the reference's 2.89, seed 53's drive 83 after a random
     * fill; the clean blocks never write at the cache's speed.) */
    double l1 = c->y[s];
    for (size_t i = s + 1; i < k; i++)
        l1 = fmax(l1, c->y[i]);
    double l2 = ssd__level_of(c, k, e), step = log(o->min_step);
    double lg = log(c->ph[1].level_bps);
    if (l1 <= lc - step)
        return 0;
    /* The segmentation may have given the phase the used state's first
     * samples too (5 samples of cache at 331 MB/s, 9 of direct writes at
     * 253, then 36 of GC at 45 in one phase of 49, whose median, 54, is
     * GC's; seed 11's drive 38, 2 hours after a random fill). The direct
     * writes are then the run of samples after the cache between the
     * cache's midpoint and the midpoint of the direct level and the phase
     * after (3 or more, a step above that phase), and the samples after
     * them are that phase's (their median within a step of its level):
     * they join it (*moved, the new boundary, so that the caller can put
     * it back when the cache is not kept), and the cache is split off. */
    if (moved) {
        double cut = 0.5 * (ld + lg);
        size_t j = k;
        while (j < e && c->y[j] < mid && c->y[j] >= cut)
            j++;
        if (j - k >= 3 && j < e) {
            double l3 = ssd__level_of(c, k, j);
            double l4 = ssd__level_of(c, j, e);
            if (lg + step <= l3 && fabs(l4 - lg) < step) {
                ssd__curve_move_boundary(c, 1, j);
                *moved = j;
                return ssd__curve_split(c, 0, k) == 0;
            }
        }
    }
    if (l2 >= mid || lg + step > l2)
        return 0;
    return ssd__curve_split(c, 0, k) == 0;
}

/* The speed of a cache whose phase ends before sample at, its level hi
 * (the phase's median): the median of its samples before the last, when
 * faster. The cache's end slows the sample it falls in, and a phase of 2
 * or 3 samples has that sample in its median (375 MB/s, then 293 holding
 * the end: 331). A cache writes at one speed, and a GC dip or a start-up
 * sample only slows a sample, so the faster of the two is the cache's. */
double ssd__cache_speed_before(const struct ssd__curve *c, size_t at, double hi) {
    return at >= 2 ? fmax(hi, exp(ssd__level_of(c, 0, at - 1))) : hi;
}

/* The speed of a cache from its samples [0, k) wholly before the one its
 * end is in: their level (the median), but of two, the faster when the
 * other ran a step (min_step) or more below it, and a fifth of the way
 * down to the level after the cache (lo) or more, in log: more than any
 * noise (the run's own may be a used state's scatter, 15 % a sample; a
 * flat cache's two samples differ by a few per cent). A cache writes at
 * one speed and a GC dip only slows a sample; the two samples' mean then
 * reads the dip as the cache's speed, and the end's sample, split against
 * it, as more cache than it held (seed 139's drive 103, WSAT after a
 * sequential fill: 2.86 GB/s, then 2.00 (a dip to 0.70 inside it, 1 s
 * samples show), then the end's 2.34 before direct writes at 1.71: split
 * against the mean, 32.95 GiB; against 2.86, 29.85, the model's 29.88,
 * which ran at 2.88 to its end). */
double ssd__cache_samples_speed(const struct ssd__curve *c, size_t k, double lo, double step) {
    double lv = ssd__level_of(c, 0, k);
    if (k != 2 || !(lo > 0))
        return exp(lv);
    double fast = fmax(c->y[0], c->y[1]), slow = fmin(c->y[0], c->y[1]);
    return fast - slow >= fmax(step, 0.2 * (fast - log(lo))) ? exp(fast) : exp(lv);
}

/* The end of a cache at level hi followed from sample at by a level lo:
 * inside the sample where the speed leaves the cache's level (the last of
 * the cache's samples when it is a step below hi, or further below hi
 * than the first after is from lo: a sample at the level after the cache
 * holds none of it, 375 MB/s, 293, then 144 at the direct level's 145;
 * else the first after),
 * that sample's share of time at hi from its rate between the two. Sets
 * the summary's cache_bytes and cache_uncertainty_bytes (half that
 * sample, or the transition stretch around it: ssd__cache_end_spread). */
void ssd__cache_end_in_sample(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              struct ssd_analysis_summary *S, size_t at, double hi, double lo) {
    size_t m = c->r[at - 1] * o->min_step < hi || log(hi) - c->y[at - 1] > fabs(c->y[at] - log(lo))
                   ? at - 1
                   : at;
    /* (A used drive's last sample of the cache's phase already at the
     * level after it, within a step and a fifth of the way up, holds none
     * of the cache when the one before it runs between the two levels, a
     * step below the cache and a fifth of the way above lo: that one holds
     * the end, split against the speed of the samples before it,
     * ssd__cache_samples_speed (seed 179's drive 185, WSAT after a
     * sequential fill: 2.70 GB/s, 2.23, 1.78, then 0.68 closing the phase
     * before 0.64; the end put in the 0.68 sample against a level of 2.23
     * read 31.5 GiB, in the 1.78 one against 2.70 29.9, the model's
     * 29.88). Not on a fresh drive, whose direct writes never run above
     * their level (fresh_last_above in the cache test): seed 179's drive
     * 153, fresh WSAT, 2.88, 2.88, 2.16 (a GC dip), then 0.93 before 0.75,
     * the 0.93 holding 0.4 s of the cache, 38.0 GiB.) */
    /* (The end in the phase's last sample: the cache's speed is no slower
     * than its whole samples before it ran, ssd__cache_speed_before; a
     * phase of 2 samples has the end's own in its median. Seed 277's
     * drive 126, WSAT after a random fill: 272 MiB/s, then 176 holding
     * the end, then folding at 59; split against the two samples' 219,
     * 2.11 GiB, against 272 2.06, the model's 2.00.) */
    if (m == at - 1)
        hi = ssd__cache_speed_before(c, at, hi);
    double yh = log(hi), yl = log(lo), fifth = 0.2 * (yh - yl), step = log(o->min_step);
    if (o->written_before_bytes > 0 && m == at - 1 && m >= 2 && c->y[m] - yl < fmin(fifth, step) &&
        c->y[m - 1] - yl >= fifth && c->y[m - 1] <= yh - step) {
        m--;
        hi = fmax(hi, ssd__cache_samples_speed(c, m, lo, log(o->min_step)));
    }
    /* (The end in the first sample or at its end, split against nothing
     * faster than that sample itself: its rate is a lower bound of the cache's speed,
     * as an end inside it slows it, and the cache is bounded inside it
     * (ssd__cache_in_first_sample), as the cache test bounds a one-sample
     * first phase. Split against its own rate the whole sample was cache:
     * seed 367's drive 190, WSAT after a sequential fill, with the fresh
     * run as reference: 1777 MiB/s, then direct writes at 546, "cache
     * 8.68 GiB, truth 7.48", where the fresh run's same 1781 was bounded
     * inside its first sample.) */
    double f = (c->r[m] - lo) / (hi - lo);
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    if ((m == 0 || (m == 1 && f == 0)) && !(hi > c->r[0] * (1 + 1e-6))) {
        ssd__cache_in_first_sample(c, lo, S);
        return;
    }
    S->cache_bytes = c->cum[m] + f * ssd__curve_dt(c, m) * hi;
    S->cache_uncertainty_bytes =
        fmax(0.5 * c->b[m], ssd__cache_end_spread(c, 0, m, hi, lo, f * ssd__curve_dt(c, m) * hi));
}

/* A used drive's cache that ended inside the first sample (censored by
 * the resolution), whose lower bound is that sample's excess over the
 * level after the cache: the rest of the sample may have run at up to the
 * drive's direct level (direct, the reference's), clean blocks written
 * between the cache and a slower level, so the bound is the excess over
 * the faster of the two. The upper bound (cache_bytes + uncertainty)
 * stays. (Not when the first sample ran less than a step above the
 * direct level: no bound then but 0.) The cache's share of the sample at
 * the reference's cache level would be a tighter bound, but none that
 * holds: a sample's noise, or the direct writes running on past it, put
 * it above the cache (seed 11's drive 31: 9.83 GB for 9.65). */
void ssd__ref_first_sample_lower(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 struct ssd_analysis_summary *S, double direct) {
    if (!(o->written_before_bytes > 0 && S->has_cache &&
          S->cache_censored == SSD_CENSOR_RESOLUTION && isfinite(direct) &&
          isfinite(S->post_cache_bps) && direct > S->post_cache_bps && c->n >= 2 &&
          c->r[0] >= direct * o->min_step))
        return;
    double lower = (c->r[0] - direct) * ssd__curve_dt(c, 0);
    if (!(lower < S->cache_bytes))
        return;
    double upper = S->cache_bytes + S->cache_uncertainty_bytes;
    S->cache_bytes = lower > 0 ? lower : 0;
    S->cache_uncertainty_bytes = upper - S->cache_bytes;
}

/* The cache test's cache of one sample on a used drive, its end placed
 * in the second sample against the used state (S->post_cache_bps a step
 * below direct, the reference's direct level), when that second sample
 * runs no step above direct and the first a step above it, not at the
 * reference's uncensored cache level: the end may be inside the first
 * sample, the rest of it and the second sample's excess direct writes.
 * Reported as ended inside the first sample, at least its excess over
 * direct, at most the size placed (a random fill's static cache of 1.42
 * GiB at 6.0 GB/s, then 2 GiB of direct writes at 1.1-1.3, then GC at
 * 0.06, in 1 s samples: 2.36 GB/s, 1.31, then GC, read 3.39 GiB against
 * a fresh run whose cache ended inside its own first sample, at 2.64). */
void ssd__ref_first_sample_then_direct(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                       struct ssd_analysis_summary *S, struct ssd__result *res,
                                       const struct ssd__result *ref, double direct) {
    double step = o->min_step;
    if (!(o->written_before_bytes > 0 && c->n >= 3 && S->cache_bytes >= c->cum[1] &&
          S->cache_bytes < c->cum[2] && isfinite(S->post_cache_bps) &&
          S->post_cache_bps * step <= direct && c->r[1] < direct * step &&
          c->r[1] > S->post_cache_bps && c->r[0] >= direct * o->min_drop))
        return;
    if (ref->sum.cache_censored == SSD_CENSOR_NONE &&
        fabs(c->y[0] - log(ref->sum.cache_level_bps)) < log(step))
        return;
    double upper = S->cache_bytes;
    ssd__cache_in_first_sample(c, direct, S);
    if (upper > S->cache_bytes + S->cache_uncertainty_bytes)
        S->cache_uncertainty_bytes = upper - S->cache_bytes;
    res->cache_phase_end = 1;
    if (c->ph[0].last == 1) /* (the second sample joins the phase after) */
        ssd__curve_move_boundary(c, 1, 1);
}

/* A used drive's fast start at the reference's cache level whose last
 * samples are direct writes at the reference's direct level, both
 * shorter than a lasting phase, made one phase by the segmentation with
 * its median at the cache's level (the cache the longer of the two), so
 * that the cache test, which ended the cache where the phase does, read
 * the direct writes as its drop's transition (a static cache of 30 GiB
 * at 299 MB/s in 22 samples of 5 s, then 17 at 219, then GC at 45 in
 * WSAT after a sequential fill: 47.9 GiB, the used state's onset). The
 * split is ref_cache_in_fast_start's (the leading samples above the
 * midpoint of the reference's two levels, then 3 or more nearer its
 * direct level and a step above the phase after). Returns 1 when it
 * split phase 0. */
int ssd__direct_tail_in_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              const struct ref_levels *rl, const struct ssd__result *res) {
    size_t e = c->ph[0].last + 1, need = (size_t)o->min_phase_samples;
    if (!res->sum.has_cache || res->sum.cache_censored != SSD_CENSOR_NONE ||
        res->cache_phase_end != c->ph[1].first || e < need + 3)
        return 0;
    /* (The phase ends with them: its last min_phase_samples below the
     * midpoint. Fewer may be a GC dip at the cache's end that slowed it to
     * the direct level: 6 samples at 2877 MB/s, then 1183, 1055, 1279,
     * then GC at 107, was a 19.3 GiB cache throughout.) */
    double mid = 0.5 * (log(rl->cache_level) + log(rl->direct));
    for (size_t i = e - need; i < e; i++)
        if (c->y[i] >= mid)
            return 0;
    return ssd__ref_cache_in_fast_start(c, o, rl, NULL);
}

/* A used drive's static cache whose end the cache test placed where a
 * GC dip slowed it (see its call): the samples after the end sample a
 * step above the direct level (and 4 sigmas of the direct writes' noise
 * in phase 1, past its first 4 samples), across gaps of at most 3
 * samples below that, are still the cache's; the end goes inside the
 * sample where the last such stretch leaves the cache's level, against
 * the direct level, unless that stretch runs (nearly) to phase 1's end.
 * Moves phase 1's start with it. */
void ssd__dipped_cache_end(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                           struct ssd_analysis_summary *S, struct ssd__result *res, double direct) {
    size_t m = 0;
    while (m + 1 < c->n && c->cum[m + 1] <= S->cache_bytes)
        m++;
    size_t f = c->ph[1].first + 4, e = c->ph[1].last + 1 < f + 60 ? c->ph[1].last + 1 : f + 60;
    if (e < f + 5 || m + 2 >= c->n)
        return;
    double med = ssd__level_of(c, f, e);
    for (size_t i = f; i < e; i++)
        c->scratch[i - f] = fabs(c->y[i] - med);
    double sig = 1.4826 * ssd__median(c->scratch, e - f);
    double thr = log(direct) + fmax(log(o->min_step), 4 * sig);
    size_t j = m + 1, last = m;
    while (j < c->n) {
        if (c->y[j] >= thr) {
            last = j++;
            continue;
        }
        size_t g = j;
        while (g < c->n && g < j + 4 && c->y[g] < thr)
            g++;
        if (g - j > 3 || g >= c->n)
            break;
        j = g;
    }
    /* (Not when that runs through the direct phase, nearly: direct writes
     * a step faster than fresh ones are no dip.) */
    size_t at = last + 1;
    if (last == m || at + 4 > c->ph[1].last)
        return;
    ssd__cache_end_in_sample(c, o, S, at, S->cache_level_bps, direct);
    if (at > c->ph[0].last + 1) {
        ssd__curve_move_boundary(c, 1, at);
        res->cache_phase_end = at;
        S->post_cache_bps = c->ph[1].level_bps;
    }
}

/* A used drive's static cache whose end the cache test placed inside a
 * sample no step above the direct level (against the used state after
 * it), right after a sample a step below the cache's level and a step
 * above the direct one: that earlier sample is the one that mixed the
 * cache with the direct writes (a static cache's end falls in one
 * sample), and the later one's excess over the used state is direct
 * writes, not cache. The end goes inside the earlier sample, against the
 * direct level, from the cache's level or the reference's, the higher (a
 * cache of two samples, the second the mixed one, has its median between
 * the cache and the direct writes: 2446 and 2123 MB/s, the reference's
 * 2480). */
void ssd__end_before_direct_sample(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                   struct ssd_analysis_summary *S, double direct, double ref_hi) {
    size_t m = 0;
    while (m + 1 < c->n && c->cum[m + 1] <= S->cache_bytes)
        m++;
    double hi = fmax(S->cache_level_bps, ref_hi);
    if (m < 1 || m + 1 >= c->n || c->r[m] >= direct * o->min_step)
        return;
    /* (The direct writes may last more than one sample: the 2 GiB idle
     * GC cleaned after a random fill fill two or three of a slow drive's
     * WSAT samples, all within a step of the reference's direct level,
     * and the mixed sample is the one before the first of them. Seed
     * 53's drive 124, WSAT after a random fill: 408 MB/s, 266, then 158
     * and 160 at the fill's direct 160, then GC at 61; the end placed in
     * the 160 sample against GC read 4.46 GiB, in the 266 one 2.71, the
     * model's 2.71. Only when the used state follows them, its first
     * lasting stretch a step below the direct level: samples at the
     * direct level with the direct writes' level after them are the
     * cache slowed by a GC dip, seed 2026's drive 142, 2 hours after a
     * sequential fill: 2.93 GB/s, 2.46, then 1.59 and 1.58 in the dip,
     * 1.18 holding the end, 0.95, then direct writes at 1.54.) */
    size_t u = m + 1 + (size_t)o->min_phase_samples;
    int used_after = u <= c->n && ssd__level_of(c, m + 1, u) < log(direct) - log(o->min_step);
    while (used_after && m >= 2 && c->r[m - 1] < direct * o->min_step &&
           c->r[m - 1] * o->min_step > direct)
        m--;
    if (c->r[m - 1] * o->min_step > hi || c->r[m - 1] < direct * o->min_step)
        return;
    /* (Nor when that sample runs no slower than the run's own cache
     * samples before it: a sample that mixed the cache with the direct
     * writes is slower than the cache alone, and a used drive's cache may
     * run all its samples a step below the fresh drive's, the reference's.
     * Seed 227's drive 157, WSAT after a random fill: 1939 MiB/s, then
     * 2010, then GC at 117, the fill's cache at 2744 and its direct writes
     * at 817; the end split in the 2010 sample against those read 17.76
     * GiB, the model's 19.25 at that sample's end.) */
    if (m >= 2 && c->y[m - 1] >= ssd__level_of(c, 0, m - 1))
        return;
    ssd__cache_end_in_sample(c, o, S, m, hi, direct);
}

/* Whether the speed comes back above the midpoint of the reference's
 * cache and direct levels (in log) in the 2 * min_phase_samples samples
 * from at, inside phase 1: a GC dip inside the cache, not its end (see
 * ref_split_cache, ref_fast_start_cache and the first-sample cache after
 * the fast start's split in ssd__label_regimes). */
int ssd__back_above_mid(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                        const struct ref_levels *rl, size_t at) {
    double mid = 0.5 * (log(rl->cache_level) + log(rl->direct));
    size_t end = at + 2 * (size_t)o->min_phase_samples;
    for (size_t i = at; i <= c->ph[1].last && i < end; i++)
        if (c->y[i] >= mid)
            return 1;
    return 0;
}

/* The cache found, ending inside sample at between the levels hi and lo. */
static void keep_cache_ending_at(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 struct ssd__result *res, size_t at, double hi, double lo) {
    struct ssd_analysis_summary *S = &res->sum;
    S->has_cache = 1;
    S->cache_censored = SSD_CENSOR_NONE;
    ssd__cache_end_in_sample(c, o, S, at, hi, lo);
    ssd__set_cache_end(res, at, hi, lo);
    res->nbursts = res->bursts_total = 0;
}

/* After a split of a used drive's fast start into its cache (phase 0) and
 * its direct writes (phase 1, from sample at), the cache test ran on
 * through the direct writes: shorter than a lasting phase, they read as
 * the drop's transition and the used state as the level after the cache
 * (3 samples of direct writes in a 14,800-sample fill; 19 in a 2-hour
 * run). The reference's levels say what they are: a level nearer the
 * direct one than the cache's, a step above the used state, is direct
 * writes, after a cache no step below the reference's cache level (or
 * faster: see ref_cache_in_fast_start). The cache is then phase 0, its end placed inside the sample
 * where the speed leaves the cache's level (the share of that sample's
 * time at the cache's level, from its rate between the two levels).
 * Returns 1 when it did. */
int ssd__ref_split_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                         const struct ref_levels *rl, struct ssd__result *res, size_t at) {
    if (c->nph < 3 || at < 1 || res->cache_phase_end <= at + 2 ||
        res->cache_phase_end != c->ph[1].last + 1)
        return 0;
    double hi = c->ph[0].level_bps, lo = c->ph[1].level_bps, step = o->min_step;
    /* (Its fastest sample at the reference's cache level, within a step:
     * a GC dip slows the rest, see ref_cache_in_fast_start.) */
    double top = hi;
    for (size_t i = c->ph[0].first; i <= c->ph[0].last; i++)
        top = fmax(top, c->r[i]);
    if (!(lo * lo < rl->cache_level * rl->direct && lo >= c->ph[2].level_bps * step &&
          hi >= lo * o->min_drop && top * step > rl->cache_level))
        return 0;
    /* (Nor when the speed comes back above the midpoint of the
     * reference's levels among them, as for ref_fast_start_cache: a GC
     * dip inside the cache at about the direct level, the cache running
     * out after it (seed 101's drive 160, 2 hours after a random fill:
     * 394 MiB/s three times, 137, 126, 125, 124, 141 in a dip at 0.32 of
     * it, 254, then folding at 85; against the fill's log, cache 390,
     * direct 148, read as a 1.16 GiB cache, the model's 2.00).) */
    if (ssd__back_above_mid(c, o, rl, at))
        return 0;
    keep_cache_ending_at(c, o, res, at, ssd__cache_speed_before(c, at, hi), lo);
    return 1;
}

/* The split of ref_cache_in_fast_start (phase 0 the leading samples above
 * the midpoint of the reference's cache and direct levels, GC dips inside
 * them counted with them), when neither the cache test nor
 * ref_split_cache kept it: a cache of 2 samples or more whose GC dips
 * pull the phase's median below the reference's cache level and its
 * drop under min_drop, so that the cache test passes over it and the
 * merged phase reads as clean blocks (2.86, 2.00, 2.34 GB/s, then direct
 * writes at 1.71, the reference's, then folding, in WSAT after a
 * sequential fill: a 32 GiB dynamic cache the idle gave back, against a
 * reference of 2.81 and 1.71; seed 139's drive 103). Clean blocks never
 * write at the cache's speed, and a GC dip only slows a sample, so the
 * phase's fastest sample, within a step of the reference's cache level,
 * is the cache's speed. Kept when the phase after is within a step of
 * the reference's direct level and a step above the phase after it, and
 * the fastest sample min_drop above it, and the speed does not come back
 * above the midpoint in the 2 * min_phase_samples samples after the
 * split; the cache's end is placed inside
 * the sample where the speed leaves the cache's level, against the
 * direct level. Returns 1 when it set the cache. */
int ssd__ref_fast_start_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              const struct ref_levels *rl, struct ssd__result *res, size_t at) {
    if (c->nph < 3 || at < 2 || c->ph[1].first != at || !rl->cache || rl->none)
        return 0;
    double step = o->min_step, lo = c->ph[1].level_bps, top = 0;
    for (size_t i = c->ph[0].first; i <= c->ph[0].last; i++)
        top = fmax(top, c->r[i]);
    if (!(top * step > rl->cache_level && fabs(log(lo / rl->direct)) < log(step) &&
          lo >= c->ph[2].level_bps * step && top >= lo * o->min_drop))
        return 0;
    /* (No speed back above the midpoint of the reference's levels in the
     * samples after: that was a GC dip longer than the split counts inside
     * the cache, which runs on after it (2 s at 0.41 GB/s, 0.38, 4 at
     * 0.21, then 0.37 and 0.41 again to 19.6 GiB; seed 137's drive 180, 2
     * hours after a sequential fill).) */
    if (ssd__back_above_mid(c, o, rl, at))
        return 0;
    keep_cache_ending_at(c, o, res, at, top, lo);
    return 1;
}

/* After the best two-level split of a used drive's fast start
 * (cache_in_fast_start) was undone: that split may fall inside the cache
 * (5 samples at 410 MB/s, the cache, then 7 of direct writes at 57, then
 * GC at 3, in WSAT after a random fill: the split after the second
 * sample, the cache test's end after the fifth, more than 2 samples from
 * it, and the phases merged back into one at the direct level: "no
 * cache", the cache missed). The reference's levels split it where the
 * cache ends (ref_cache_in_fast_start), and the cache test judges the
 * cache alone again: kept when it ends the cache there (within 2 samples)
 * or ref_split_cache places it inside the direct writes' first sample;
 * else everything as it was. Returns 1 when kept. */
int ssd__ref_fast_start_split_again(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                    const struct ref_levels *rl, struct ssd__result *res,
                                    size_t *moved) {
    struct ssd__result *was = malloc(sizeof *was);
    if (!was)
        return 0;
    memcpy(was, res, sizeof *was);
    int kept = 0;
    if (ssd__ref_cache_in_fast_start(c, o, rl, moved)) {
        size_t at = c->ph[1].first;
        ssd__find_cache(c, o, res);
        const struct ssd_analysis_summary *S = &res->sum;
        if (S->has_cache && S->cache_censored == SSD_CENSOR_NONE &&
            res->cache_phase_end + 2 >= at && res->cache_phase_end <= at + 2) {
            ssd__curve_move_boundary(c, 1, res->cache_phase_end);
            kept = 1;
        } else
            kept = ssd__ref_split_cache(c, o, rl, res, at) ||
                   ssd__ref_fast_start_cache(c, o, rl, res, at);
        if (!kept) {
            ssd__curve_merge_next(c, 0);
            memcpy(res, was, sizeof *was);
        }
    }
    free(was);
    return kept;
}

/* Whether a fast start (phase p) is the drive's cache: it has one, and the
 * phase's level is nearer (in ratio) to the cache's than to the direct one
 * (the geometric midpoint, as the recovery's threshold). */
int ssd__ref_cache(const struct ref_levels *rl, const struct ssd_phase *p) {
    if (rl->start_is_cache)
        return 1;
    return rl->cache && !rl->none && p->level_bps * p->level_bps > rl->cache_level * rl->direct;
}

/* Whether phase p holds 3 samples or more within a step of the
 * reference's cache level, or faster. Clean blocks never write at the
 * cache's speed, so such a fast start holds the cache, whatever its
 * median: a GC dip of 4 samples inside a cache pulls it down (2.89, 1.73,
 * 1.29, 1.34, 1.34, 2.45, 2.87, 2.92, 2.92 GB/s, then GC: median 2.05,
 * nearer the reference's direct writes at 1.50 than its cache at 2.88). */
int ssd__at_cache_speed(const struct ssd__curve *c, const struct ref_levels *rl,
                        const struct ssd__analysis_opts *o, const struct ssd_phase *p) {
    size_t fast = 0;
    for (size_t i = p->first; rl->cache && i <= p->last && fast < 3; i++)
        fast += c->y[i] > log(rl->cache_level / o->min_step);
    return fast >= 3;
}

/* A used drive's fast start at the reference's cache level that the
 * cache test passed over (no cache found): a later lasting phase back
 * at the reference's direct level read as a bimodal drive's return to
 * the fast level (seed 139's drive 2, a fill after a sequential fill:
 * 29.4 GiB at 385 MiB/s, the reference's cache level, then folding at
 * 99 and direct writes at the reference's 222 after it), or a drop
 * under min_drop to direct writes. Clean blocks write no faster than the
 * fresh drive wrote past its cache, so a first phase with 3 samples or
 * more within a step of the reference's cache level (at_cache_speed),
 * above the midpoint between its cache and direct levels, is the cache:
 * it runs to the first phase below that midpoint (the phases before it
 * merged: a cache slowed by its GC dips, 2.67 then 2.17 GB/s against a
 * reference of 2.67 and 1.18), which is min_drop below it, and its end
 * is placed in the boundary sample against that phase's level.
 * Returns 1 when it set the cache (rl->start_is_cache too). */
int ssd__ref_start_at_cache_level(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  struct ref_levels *rl, struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    if (!(rl->known && rl->cache && !rl->none && o->written_before_bytes > 0 && !S->has_cache &&
          c->nph >= 2 && ssd__ref_cache(rl, &c->ph[0]) && ssd__at_cache_speed(c, rl, o, &c->ph[0])))
        return 0;
    double mid = sqrt(rl->cache_level * rl->direct);
    size_t j = 1;
    while (j < c->nph && c->ph[j].level_bps > mid)
        j++;
    if (j >= c->nph)
        return 0;
    size_t at = c->ph[j].first;
    double hi = ssd__cache_speed_before(c, at, exp(ssd__level_of(c, 0, at)));
    double lo = c->ph[j].level_bps;
    if (!(lo * o->min_drop <= hi))
        return 0;
    while (j-- > 1)
        ssd__curve_merge_next(c, 0);
    /* (The samples at the end of those phases below the midpoint are the
     * direct writes between the cache and that phase, which the
     * segmentation gave to the cache's phase: 8 samples at 3.55 GB/s, one
     * at 2.64, 5 at the reference's direct 1.94, then folding at 0.87, one
     * phase at 3.51, read to the folding, 41.8 GiB for 29.9 (seed 167's
     * drive 180). Their own phase; the cache's end is placed against
     * them.) */
    size_t k = at;
    while (k > 1 && c->y[k - 1] < log(mid))
        k--;
    if (k < at && ssd__curve_split(c, 0, k) == 0) {
        hi = ssd__cache_speed_before(c, k, exp(ssd__level_of(c, 0, k)));
        lo = exp(ssd__level_of(c, k, at));
        at = k;
    }
    S->has_cache = 1;
    S->cache_censored = SSD_CENSOR_NONE;
    ssd__cache_end_in_sample(c, o, S, at, hi, lo);
    ssd__set_cache_end(res, at, hi, lo);
    res->nbursts = res->bursts_total = 0;
    ssd__find_steps(c, o, res);
    rl->start_is_cache = 1;
    return 1;
}

/* Whether the phase after a used drive's fast start (phase 0) is a level
 * of its own between that start and the used state the reference showed:
 * a level (10 samples or more), a step below the start, a step above the
 * reference's used state at its onset, and a later phase a step below it.
 * Clean blocks run out into the used state, so such a level is no used
 * state but the folding of a dynamic cache: the fast start was that cache,
 * whatever the reference made of it (a dynamic cache written at the direct
 * writes' speed shows no drop fresh, and its folding may be read as the
 * used state's start; seed 89's drive 22, 2 hours after a sequential fill:
 * 18.5 GiB at 2.7 GB/s, then folding at 1.36 to 105 GiB, then GC at 0.63,
 * the reference's 0.61, read as clean blocks against a reference with
 * "no cache", direct writes at 2.5 GB/s then GC). */
int ssd__level_between_start_and_used(const struct ssd__curve *c, const struct ref_levels *rl,
                                      const struct ssd__analysis_opts *o) {
    if (!(isfinite(rl->used) && o->written_before_bytes > 0 && c->nph >= 3))
        return 0;
    const struct ssd_phase *p = &c->ph[1];
    if (!(p->last - p->first + 1 >= 2 * (size_t)o->min_phase_samples &&
          p->level_bps * o->min_step <= c->ph[0].level_bps &&
          p->level_bps >= o->min_step * rl->used))
        return 0;
    for (size_t j = 2; j < c->nph; j++)
        if (c->ph[j].level_bps * o->min_step <= p->level_bps)
            return 1;
    return 0;
}

/* A used drive's first phase that holds its fast start and a level after
 * it, the next phase a step below that level (the segmentation's shortest
 * lasting phase is longer than both: 6 samples at 2.74 GB/s, then 12 at
 * 1.55, one phase at 1.56, then GC at 0.17, in a 7,200-sample 2-hour run),
 * against a reference that showed no cache: the best two-level split of
 * the phase, its first level within a step of the cache test's level, its
 * second a step below the first, a step above the reference's used state
 * and the next phase, quiet (a third of a step of noise or less) and
 * min_phase_samples long or more (a small cache's folding: 3 samples at
 * 2.74 GB/s, then 5 at 1.51, then GC at 0.14, seed 433's drive 3). A
 * drive's clean blocks are written at one level, its direct one, and run
 * out into the used state, which starts with a drop or a slide; a quiet
 * level a step below the fast start that a second drop ends is what came
 * after a cache (a dynamic cache's folding, or the clean blocks' direct
 * writes after a static one), so the fast start is that cache, whatever
 * the reference said. A fresh run cannot show such a cache at 4K QD32:
 * its direct writes run as fast as the queue lets the cache run (2.73
 * GB/s each on seed 101's drive 147), and it reads "no cache" of a drive
 * that has one. Returns 1 when the level is the reference's folding
 * (within a step), split there (the fast start the cache, phase 1 its
 * folding: level_between_start_and_used's start_folds); 2 when it is
 * not (the reference's reading does not hold for the run, which is read
 * as without one, as level_between_start_and_used does; nothing split);
 * 0 when the rule does not apply. */
int ssd__ref_level_inside_start(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                const struct ref_levels *rl, const struct ssd_analysis_summary *S) {
    if (!(rl->known && !rl->cache && isfinite(rl->used) && S->has_cache &&
          S->cache_censored == SSD_CENSOR_NONE && o->written_before_bytes > 0 && c->nph >= 2))
        return 0;
    size_t e0 = c->ph[0].last + 1, m = (size_t)o->min_phase_samples;
    if (e0 < 3 + m)
        return 0;
    double l1, l2, gain, step = log(o->min_step);
    size_t k = ssd__two_levels(c, 0, e0, 3, e0 - m, &l1, &l2, &gain);
    if (!k || !(fabs(l1 - log(S->cache_level_bps)) < step && l1 >= l2 + step &&
                l2 >= log(rl->used) + step && log(c->ph[1].level_bps) + step <= l2 &&
                ssd__quiet_noise(c, k, e0) <= step / 3))
        return 0;
    if (!(rl->dynamic && isfinite(rl->fold) && fabs(l2 - log(rl->fold)) < step))
        return 2;
    return ssd__curve_split(c, 0, k) == 0;
}

/* Whether a fast start (phase p, which the cache test put at cache_level)
 * is the clean blocks, no cache: the drive has none; or the phase is a level
 * (3 samples or more) and either the reference showed no cache and the
 * start is no faster than its direct level (an SLC cache is: 57.5 MB/s
 * against a fresh 57.4 is no cache, on a 1.7 TB drive whose 2-hour
 * reference wrote too little to rule one out), or the start is at the
 * direct level, nearer to it than to the cache's. */
int ssd__ref_clean(const struct ssd__curve *c, const struct ref_levels *rl,
                   const struct ssd__analysis_opts *o, const struct ssd_phase *p,
                   double cache_level) {
    if (!rl->known || rl->start_folds)
        return 0;
    if (rl->none)
        return 1;
    if (p->last - p->first + 1 < 3)
        return 0;
    if (!rl->cache)
        return cache_level <= rl->direct * o->min_step ||
               (p->level_bps <= rl->direct * o->min_step &&
                p->level_bps * o->min_step > rl->direct);
    /* (After a random fill not a start min_drop above the direct level:
     * clean blocks are written no faster than the fresh drive wrote past
     * its cache, while the cache that the few GiB idle GC cleaned make on
     * a drive filled at random may run well below the fresh cache's
     * speed, nearer the direct level. Seed 227's drive 18, 2 hours after
     * a random fill, against its 4K fill's log (cache at 1988 MiB/s,
     * direct writes at 464, folding at 170): the 2 GiB cache at 871, then
     * folding at 170 to 4.0 GiB, then GC at 101, read as clean blocks,
     * "cache of 2.00 GiB missed, used state at 2.1 GiB, truth 4.0".) */
    int fast = (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL &&
               p->level_bps >= rl->direct * o->min_drop;
    if (!(p->level_bps * p->level_bps <= rl->cache_level * rl->direct &&
          p->level_bps * o->min_step > rl->direct) ||
        fast)
        return 0;
    return !ssd__at_cache_speed(c, rl, o, p);
}

/* Phase j right after a used drive's cache, a step below one of the
 * reference's levels (its direct level, or its folding's), that starts
 * with samples at that level (above the geometric midpoint between it and
 * the phase's own level): the direct writes to the clean blocks idle time
 * gave back, or the folding of a dynamic cache, too short for the
 * segmentation to make them a phase (1 GiB of direct writes in 6 samples
 * before the used state; 34 GiB in 12 before a dynamic cache's folding; 4
 * GiB of folding in 4 samples). Splits them off when there are 3 or more;
 * returns 1 when it did. slower_ok (the direct level): the samples may sit
 * up to min_drop below the level instead of a step, as direct writes after
 * a fill run slower than fresh (the simulator's: 852 against 1,008 MB/s,
 * 460 against 568; the 2 GiB cleaned by idle time after a random fill 630
 * against 807), while a sample min_drop below is a drop's mixed sample. */
int ssd__ref_level_split(struct ssd__curve *c, const struct ssd__analysis_opts *o, double level,
                         size_t j, int slower_ok) {
    if (j >= c->nph || !(c->ph[j].level_bps * o->min_step <= level))
        return 0;
    size_t f = c->ph[j].first, end = c->ph[j].last + 1, ml = c->min_len > 10 ? c->min_len : 10;
    size_t b = f + 2 * ml < end ? f + 2 * ml : end;
    if (b < f + 6)
        return 0;
    /* The best two-level split of the phase's start (GC dips inside the
     * direct writes: not the first sample below the midpoint), kept when
     * the first level is at the reference's (above the midpoint, within a
     * step of it), a step above the second, and the split pays the
     * penalty at the start's own noise. */
    double l1, l2, gain;
    /* (A split at the earliest place searched, after a first sample
     * min_drop above the level and below the phase before: that sample
     * is the drop's mixed sample, holding the end of what came before, and
     * its excess, not a level's end, put the split there. Fitted again
     * without it (it stays the phase's) over the same window: seed 89's
     * drive 5, 2 hours after a random fill, a 2 GiB cache in the first
     * sample at 1512 MB/s, 600 holding its end, then folding flat at 99
     * to 4.0 GiB and GC at 71, was split after 3 samples, the used state
     * from 2.1 GiB. A split elsewhere stands: a folding that slides, 53
     * to 40 MB/s, then GC, split where GC starts with that sample in,
     * mid-slide without it.) */
    size_t hi = b - 3 < f + ml ? b - 3 : f + ml;
    size_t arg = ssd__two_levels(c, f, b, f + 3, hi, &l1, &l2, &gain);
    if (arg == f + 3 && j > 0 && c->r[f] >= level * o->min_drop &&
        c->r[f] < c->ph[j - 1].level_bps && f + 6 < b) {
        f++;
        arg = ssd__two_levels(c, f, b, f + 3, hi, &l1, &l2, &gain);
    }
    double cut = 0.5 * (log(level) + log(c->ph[j].level_bps)), sig = ssd__quiet_noise(c, f, b);
    /* (Not faster than a step above it; slower by less than a step, or
     * than min_drop for direct writes after a fill.) */
    if (!arg || l1 < cut || l1 >= log(level) + log(o->min_step) ||
        l1 <= log(level) - log(slower_ok ? o->min_drop : o->min_step) ||
        l1 < l2 + log(o->min_step) || !(gain > o->penalty * sig * sig * log((double)c->n)))
        return 0;
    return ssd__curve_split(c, j, arg) == 0;
}

/* Whether a used drive's fast start (phase p, no cache found) is clean
 * blocks after a reference that showed a static cache: at the reference's
 * direct level (within a step), not its cache's. (A static cache is a
 * fixed area; when this run shows none, its fast start at the direct
 * speed is the clean blocks idle time or the spare area gave back.) */
int ssd__clean_at_static_direct(const struct ref_levels *rl, const struct ssd__analysis_opts *o,
                                const struct ssd_phase *p) {
    return rl->known && rl->cache && !rl->dynamic &&
           fabs(log(p->level_bps / rl->direct)) < log(o->min_step);
}

/* Whether a level is the reference's direct level or faster (not a step
 * below it). */
int ssd__at_direct(const struct ref_levels *rl, const struct ssd__analysis_opts *o, double bps) {
    return bps * o->min_step > rl->direct;
}

/* Where the used state begins inside phase j, the direct writes after a
 * used drive's static cache, when that phase also took in the used
 * state's first samples (the segmentation's first phase ran past the
 * cache into the used state, and the split at the reference's cache size
 * gave all it held after the cache to the direct writes: 2 samples at
 * 350 and 100 MB/s, then 40 of GC at 41 in one "direct" phase, GC at 38
 * after it). The direct writes are the run of samples from the phase's
 * start above the midpoint between the direct level and the used state's
 * (phase g's); the rest is the used state's when it sits at its level
 * (median within a step; at most a quarter of it back above the midpoint:
 * GC's bursts, not direct writes after a dip). 0: no such split. */
size_t ssd__used_in_direct(struct ssd__curve *c, const struct ssd__analysis_opts *o, double direct,
                           size_t j, size_t g) {
    size_t f = c->ph[j].first, end = c->ph[j].last + 1, e = f, above = 0;
    double lu = log(c->ph[g].level_bps), cut = 0.5 * (log(direct) + lu);
    if (c->ph[g].level_bps * o->min_step > direct)
        return 0;
    while (e < end && c->y[e] >= cut)
        e++;
    if (e == f || end - e < 3)
        return 0;
    for (size_t i = e; i < end; i++)
        above += c->y[i] >= cut;
    if (4 * above > end - e || fabs(ssd__level_of(c, e, end) - lu) >= log(o->min_step))
        return 0;
    return e;
}

/* Whether phase j of a used drive's run, with no cache found, is the
 * folding the reference showed: a lasting level within a step of its
 * folding level, a step below the phase before it and a step above the
 * one after it (see gc_onset_phase). */
int ssd__ref_fold_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                        const struct ref_levels *rl, size_t j) {
    double lim = log(o->min_step);
    const struct ssd_phase *p = &c->ph[j];
    return o->written_before_bytes > 0 && rl->known && rl->dynamic && isfinite(rl->fold) &&
           j >= 1 && j + 1 < c->nph && p->last - p->first + 1 >= c->min_len &&
           fabs(log(p->level_bps / rl->fold)) < lim &&
           c->ph[j - 1].level_bps >= o->min_step * p->level_bps &&
           c->ph[j + 1].level_bps * o->min_step <= p->level_bps;
}

/* Whether phase j of a used drive's run, with no cache found, is a level
 * the drive still wrote clean blocks at (folding or direct writes after a
 * cache too slight for the cache test), not the used state: the first
 * lasting level after the fast start, a gentle step below it (under
 * min_drop), quiet (its noise a third of a step or less) and flat, that
 * ends inside the clean blocks the drive can have had (clean_room_max) in
 * a drop of min_drop or more to the next lasting level. When a drive
 * written full runs out of clean blocks, GC reclaims blocks whose pages
 * are nearly all still valid (idle time compacted the rest), so the used
 * state starts with a steep drop or a slide, never with a quiet level
 * 1.16x below the one before: after a sequential fill and 15 minutes of
 * idle, `sim:mp44l-1tb` writes its cache at 301 MiB/s to 27.5 GiB, folds
 * at 261 to 83.6 GiB, then GC at 60, and the onset was read at 27.4 GiB
 * with the used state "sliding" from 266 to 60. */
int ssd__clean_level_before_drop(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 double capacity, size_t j) {
    const struct ssd_phase *p = &c->ph[j], *f = &c->ph[0];
    if (!(o->written_before_bytes > 0 && j >= 1 && j + 1 < c->nph && ssd__first_level_after(c, j) &&
          p->last - p->first + 1 >= c->min_len && !ssd__slides_down(c, p) &&
          f->level_bps < o->min_drop * p->level_bps &&
          ssd__quiet_noise(c, p->first, p->last + 1) <= log(o->min_step) / 3))
        return 0;
    size_t k = j + 1;
    while (k + 1 < c->nph && c->ph[k].last - c->ph[k].first + 1 < c->min_len)
        k++;
    return c->ph[j + 1].start_bytes <= ssd__clean_room_max(o, capacity) &&
           c->ph[k].level_bps * o->min_drop <= p->level_bps;
}

int ssd__ref_kind_of(const struct ssd__result *ref, const struct ssd__analysis_opts *o,
                     double capacity, double *cache_bytes) {
    const struct ssd_analysis_summary *R = &ref->sum;
    *cache_bytes = NAN;
    /* (A fresh run of any workload shows the cache's kind: folding follows
     * a dynamic cache and nothing else, and a cache the size of a dynamic
     * one is one; a cache test's cache without either is a static cache,
     * whose size is the same in bytes at any block size.) */
    if (R->has_cache && R->cache_censored != SSD_CENSOR_RIGHT)
        *cache_bytes = R->cache_bytes;
    if (R->has_folding)
        return SSD__REF_KIND_DYNAMIC;
    if (R->has_cache && R->cache_censored != SSD_CENSOR_RIGHT)
        return isfinite(capacity) && R->cache_bytes >= DYNAMIC_MIN_CAPACITY_SHARE * capacity
                   ? SSD__REF_KIND_DYNAMIC
                   : SSD__REF_KIND_STATIC;
    /* A fresh first level a step above a lasting level after it that
     * ended well inside the drive, no cache found and no folding (the
     * slight step, ssd__label_regimes): a fresh drive writes at one level
     * until a cache ends or its clean blocks run out, so that step ended a
     * static cache too slight to call. A random fill's 4K log shows an
     * SLC cache's 4K speed barely above the direct 4K speed (357 MB/s for
     * 13.5 GiB, then 280 to the end of 528 GB: a 15.5 GiB static cache,
     * its 13.6 GiB then missed in the fill's 128K run read against a
     * reference of no cache, seed 11's drive 161). Only a step ending
     * where a static cache can (under DYNAMIC_MIN_CAPACITY_SHARE of the
     * capacity: one ending later is no static cache's, and its kind is
     * left as before), its first level a lasting one (min_phase_samples
     * samples: a dynamic cache's 4K fill at 2.68 GB/s for 3 samples, 8
     * GiB, then 2.08 to 160 GiB of 177 GB, then its short folding, read as
     * a static cache, a 2 GiB cache read 5.8, seed 131's drive 134; not
     * min_len, which grows with the log's length while a static cache's
     * size does not: seed 173's drive 105, 8 samples at 0.25 GiB/s, then
     * 0.20, in a 1,471-sample log whose min_len is 15, read as no cache). */
    if (!R->has_cache && !R->has_folding && isfinite(ref->slight_cache_bytes) &&
        ref->slight_lasting && ref->direct_bps > 0 && isfinite(capacity) &&
        ref->slight_cache_bytes < DYNAMIC_MIN_CAPACITY_SHARE * capacity) {
        *cache_bytes = ref->slight_cache_bytes;
        return SSD__REF_KIND_STATIC;
    }
    /* (A sequential log whose drop was not read shows no drive without
     * a cache: ssd__ref_drop_unread.) */
    if (ssd__ref_drop_unread(ref, o))
        return SSD__REF_KIND_UNKNOWN;
    if (!R->has_cache && (R->has_gc || (isfinite(capacity) &&
                                        R->total_bytes >= MAX_CACHE_CAPACITY_SHARE * capacity)))
        return SSD__REF_KIND_NONE;
    return SSD__REF_KIND_UNKNOWN;
}

/* Whether a reference of this run's own workload is read by what it showed
 * of the cache's kind (ref_kind static, its slight step's size), not by
 * its levels: a run after a random fill, on a drive written full, after
 * idle time, against a reference that found no cache and no folding but
 * one slight step (label_regimes' slight_step: a first level a step above
 * a lasting level after it, under min_drop) whose first level held
 * min_phase_samples or more (a reference's min_len grows with its length:
 * 72 samples in a 2-hour run, which a 75 GiB cache at 2.88 GB/s does not
 * fill) and ended under DYNAMIC_MIN_CAPACITY_SHARE of the capacity: a
 * static cache too slight to call (ssd__ref_kind_of), its SLC's 4K speed
 * capped a little above the direct 4K speed. Its levels say "no cache"
 * (ref_levels.none: it wrote past any cache and found none) with that
 * cache's level read as its direct one, so a used run's fast start at
 * that level was read as clean blocks: "cache of 19.27 GiB missed" (seed
 * 157's drive 38, 2 hours: 7 samples at 2.88 GB/s, then GC at 0.7,
 * bursting; its fresh run 2.88 for 75 GiB, then 2.36 to the used state).
 * After a random fill only the SLC cache writes at that first level (the
 * clean blocks idle GC gave back run at the level after the step), so the
 * run's first two samples must run within min_step of it: a fast start
 * at the direct level stays clean blocks, and a cache of one 5 s WSAT
 * sample (2.88, then 1.93 GB/s) keeps the reference's levels, which size
 * it where its own two samples cannot. */
int ssd__slight_static_ref(const struct ssd__curve *c, const struct ssd__result *ref,
                           const struct ssd__analysis_opts *o, double capacity) {
    double first = ref ? ref->sum.post_cache_bps : NAN, step = log(o->min_step);
    return ref && !ref->sum.has_cache && !ref->sum.has_folding &&
           (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL && o->written_before_bytes > 0 &&
           !(o->idle_before_s == 0) && isfinite(capacity) && ssd__fresh_room(o, capacity) <= 0 &&
           isfinite(ref->slight_cache_bytes) && ref->slight_samples >= o->min_phase_samples &&
           ref->direct_bps > 0 && ref->slight_cache_bytes < DYNAMIC_MIN_CAPACITY_SHARE * capacity &&
           first > 0 && ref->direct_bps * o->min_step <= first && c->n > 2 &&
           fabs(c->y[0] - log(first)) < step && fabs(c->y[1] - log(first)) < step;
}

/* A used drive's cache that ended inside the run's first sample, told by
 * the reference's levels: the SLC writes at its own speed, which the
 * fresh run measured over many samples, and a used drive writes nothing
 * faster; so a first sample a step below the reference's cache level,
 * a step above the level after the cache (the reference's folding level,
 * a dynamic cache folding right after it on a drive written full; else
 * the next sample), with the next sample a step below it (no longer the
 * cache's), holds the cache's end. The rules that end a cache in the
 * run's first samples measured its speed on those samples, which mix the
 * cache with what followed, and placed its end as if they were the
 * cache's: a 2 GiB cache after a random fill, its first 5 s sample at
 * 0.75 GB/s against the reference's 2.56, then folding, read "3.98 GiB,
 * ended in the second sample" (seed 59's drive 166, WSAT). The cache is
 * bounded by that sample (`resolution`), against the level after it (the
 * least) and, without the reference's folding level, the level of the
 * third sample (the most: the second may still hold the cache's last
 * bytes, 1.46 GB/s, then 0.85, then folding at 0.45, a 2.0 GiB cache).
 * Its share of the sample at the reference's speed is no measure: a used
 * drive's cache may write slower than fresh (1.08 GB/s for 2 s against
 * the reference's 2.67, a 2.0 GiB cache), and nothing tells the two
 * apart. Returns 1 when it bounded the cache. */
int ssd__ref_cache_end_in_first_sample(const struct ssd__curve *c,
                                       const struct ssd__analysis_opts *o,
                                       const struct ref_levels *rl,
                                       struct ssd_analysis_summary *S) {
    if (!(rl->known && rl->cache && rl->dynamic && !rl->none && isfinite(rl->cache_level) &&
          o->written_before_bytes > 0 && S->has_cache && S->cache_censored != SSD_CENSOR_RIGHT &&
          c->n > 4 && S->cache_bytes <= c->cum[2]))
        return 0;
    double lo = isfinite(rl->fold) ? rl->fold : c->r[1];
    if (c->r[0] * o->min_step >= rl->cache_level || c->r[1] * o->min_step > c->r[0] ||
        !(c->r[0] >= o->min_step * lo) || (isfinite(rl->fold) && c->r[1] >= o->min_step * lo))
        return 0;
    ssd__cache_in_first_sample(c, lo, S);
    if (!isfinite(rl->fold) && c->r[2] < c->r[1])
        S->cache_uncertainty_bytes = ssd__first_sample_cache_max(c, c->r[2]) - S->cache_bytes;
    /* (Neither the next sample nor the reference's folding level is a
     * measure of what ran after the cache inside the first: a dynamic
     * cache on a drive written full folds right after it, a step faster
     * than the used state the next sample may already be in, and faster
     * than the fresh fill's folding may have (a used drive's folding
     * speed is its own), but no faster than the direct level. So the
     * lower bound is the first sample's excess over the faster of lo and
     * the direct level, as ref_first_sample_lower's. Seed 113's drive
     * 166, WSAT after a random fill: the 2 GiB idle GC gave back at 2.88
     * GB/s, 2 GiB of folding at 0.52, then GC at 0.13, one 5 s sample at
     * 0.86 GB/s, then 0.16: "at least 3.30 GiB" against the second
     * sample, the model's 2.00; seed 47's drive 88, folding at 0.40 GB/s
     * against the fill's 0.21: "at least 2.28 GiB", the model's 2.00.) */
    if (isfinite(rl->direct) && rl->direct > lo) {
        double upper = S->cache_bytes + S->cache_uncertainty_bytes;
        double lower = (c->r[0] - rl->direct) * ssd__curve_dt(c, 0);
        S->cache_bytes = lower > 0 ? lower : 0;
        S->cache_uncertainty_bytes = upper - S->cache_bytes;
    }
    return 1;
}

/* Bytes of [lo, hi) (seconds since the run's start) inside sample i. */
static double overlap_s(const struct ssd__curve *c, size_t i, double lo, double hi) {
    double a = c->t[i] - ssd__curve_dt(c, i), b = c->t[i];
    a = a > lo ? a : lo;
    b = b < hi ? b : hi;
    return b > a ? b - a : 0;
}

/* The cache's end and the direct level in samples a..b (inclusive) that
 * pass from a cache at hi through direct writes at an unknown level to
 * the used state at lg (bytes/s): the times x < y where the cache and the
 * direct writes end that, with the direct level the least-squares one for
 * them, fit the samples' rates (a grid of 240 steps over the window).
 * Two or three mixed samples fit several such readings (one fewer datum
 * than unknowns), so of those that fit within 2 % of each sample's rate
 * of the best, the one whose end is nearest near (bytes: the reference's
 * cache). That reading may be no drive's, its direct level outside
 * [lmin, lmax] (above the cache's: seed 101's drive 53); then of the
 * readings that fit within 2 % and whose level is inside, the one whose
 * end is nearest near (the best fit of those with the same end), and
 * *fresh is set. Returns the cache's end in bytes, *ld the direct level
 * and *dy the direct writes' end (seconds); NaN when nothing fits. */
static double three_level_end(const struct ssd__curve *c, size_t a, size_t b, double hi, double lg,
                              double near, double lmin, double lmax, double *ld, double *dy,
                              int *fresh) {
    double t0 = c->t[a] - ssd__curve_dt(c, a), t1 = c->t[b], best = INFINITY, tol = 0;
    const int steps = 240;
    double h = (t1 - t0) / steps;
    for (size_t i = a; i <= b; i++)
        tol += 0.02 * c->r[i] * 0.02 * c->r[i];
    double bx = NAN, bd = INFINITY, bs = INFINITY, ox = NAN, od = INFINITY, ol = NAN, oy = NAN;
    *ld = *dy = NAN;
    *fresh = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int ix = 0; ix < steps; ix++) {
            double x = t0 + (ix + 0.5) * h;
            for (int iy = ix + 1; iy <= steps; iy++) {
                double y = t0 + iy * h, sbb = 0, sba = 0;
                for (size_t i = a; i <= b; i++) {
                    double dt = ssd__curve_dt(c, i), w = 1 / (dt * dt);
                    double A = hi * overlap_s(c, i, t0 - 1, x) + lg * overlap_s(c, i, y, t1 + 1);
                    double B = overlap_s(c, i, x, y);
                    sbb += w * B * B;
                    sba += w * B * (c->b[i] - A);
                }
                if (!(sbb > 0))
                    continue;
                double l = sba / sbb, sse = 0;
                for (size_t i = a; i <= b; i++) {
                    double dt = ssd__curve_dt(c, i);
                    double P = hi * overlap_s(c, i, t0 - 1, x) + l * overlap_s(c, i, x, y) +
                               lg * overlap_s(c, i, y, t1 + 1);
                    sse += (c->b[i] - P) * (c->b[i] - P) / (dt * dt);
                }
                if (pass == 0) {
                    if (sse < best)
                        best = sse;
                    continue;
                }
                double e = c->cum[a] + hi * (x - t0), d = fabs(e - near);
                if (sse <= best + tol && d < od) {
                    od = d;
                    ox = e;
                    ol = l;
                    oy = y;
                }
                if (sse <= best + tol && l >= lmin && l <= lmax &&
                    (d < bd || (d == bd && sse < bs))) {
                    bd = d;
                    bs = sse;
                    bx = e;
                    *ld = l;
                    *dy = y;
                }
            }
        }
    if (ol >= lmin && ol <= lmax) {
        *ld = ol;
        *dy = oy;
        return ox;
    }
    *fresh = isfinite(bx);
    return bx;
}

/* The cache's end, the direct writes and the used state fitted on three
 * levels from the step down at sample j (the cache at exp(l1) before it)
 * to the first sample within SHAPE_MIN_FALL of the used state's level
 * (phase 1's), no later than SHORT_LEVEL samples into phase 1
 * (three_level_end, the end nearest the reference's cache): the direct
 * level min_drop below the cache and SHAPE_MIN_FALL above GC, the end no
 * larger than STATIC_REF_CACHE_OVER of rmax and past min_m whole samples.
 * Makes the cache phase 0 (to the sample holding its end), the direct
 * writes phase 1 and the used state phase 2 (from the sample holding
 * their end), sets the cache's figures and returns 1; 0 when they do not
 * fit so, the phases as they were. */
static int three_levels_from(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                             struct ssd__result *res, size_t j, double l1, double rmax,
                             size_t min_m, double floor_bps) {
    struct ssd_analysis_summary *S = &res->sum;
    size_t p1 = c->ph[1].first, e1 = c->ph[1].last + 1;
    double lg = log(c->ph[1].level_bps);
    size_t e0 = j;
    while (e0 < e1 && e0 < p1 + SHORT_LEVEL && c->y[e0] >= lg + log(SHAPE_MIN_FALL))
        e0++;
    if (e0 >= e1 || e0 >= p1 + SHORT_LEVEL)
        return 0;
    double ld, dy;
    int fresh;
    /* (After a slight step the direct writes lie only min_step below the
     * cache: the reference measured the step, 354 MB/s for 13.8 GiB, then
     * 280 for the 2 GiB idle GC cleaned, then GC at 81, seed 11's drive
     * 161; ssd__slight_static_ref.) */
    double drop = res->ref_kind_slight ? o->min_step : o->min_drop;
    double lmin = fmax(exp(lg) * SHAPE_MIN_FALL, floor_bps > 0 ? floor_bps : 0);
    double end = three_level_end(c, j - 1, e0, exp(l1), exp(lg), res->ref_kind_cache_bytes, lmin,
                                 exp(l1) / drop, &ld, &dy, &fresh);
    if (!(isfinite(end) && ld > 0 && l1 >= log(ld) + log(drop) &&
          log(ld) >= lg + log(SHAPE_MIN_FALL) && ld >= lmin && end <= STATIC_REF_CACHE_OVER * rmax))
        return 0;
    /* (Phases on whole samples: each mixed sample goes to the phase after.) */
    size_t m = j - 1, d = j;
    while (m + 1 < e0 && c->cum[m + 1] <= end)
        m++;
    while (d < e0 && c->t[d] <= dy)
        d++;
    /* (A reading found only among the drive's levels, or whose direct
     * writes end in the sample that holds the cache's end, the mixed
     * sample then the direct writes' phase alone, asks two whole samples
     * of cache: with one, the fit has too few data to place its end, and
     * a GC dip in the mixed sample moved it 8 % short, seed 193's drive
     * 185, which no reading had sized before.) */
    if (m < min_m || d < m || d >= e1 || ((fresh || d == m) && m < 2))
        return 0;
    if (d == m)
        d = m + 1;
    ssd__curve_merge_next(c, 0);
    if (ssd__curve_split(c, 0, m) != 0 || ssd__curve_split(c, 1, d) != 0)
        return 0;
    S->cache_bytes = end;
    S->cache_uncertainty_bytes = 0.5 * c->b[m];
    ssd__set_cache_end(res, m, exp(l1), ld);
    return 1;
}

/* A static cache after a random fill whose fast start holds more than the
 * reference's cache (of another workload: the fill's own log): the cache,
 * flushed whole by the idle time, then the blocks idle GC cleaned, written
 * at the direct speed, then GC, the direct writes one to nine samples,
 * too few for a level of their own, so the cache test ended the fast
 * start at GC and read it as clean blocks (a 7.17 GiB cache at 2.69 GB/s
 * in three 1 s samples, then 1079 and 942 MB/s, then GC at 70: the fill's
 * 4K log showed a static cache of 7.23 GiB). After a random fill nothing
 * but the SLC cache writes faster than the flash writes clean blocks, so
 * the last step down at or before the used state's phase (the first
 * sample a step below the level of those before it; none after it, up to
 * the first sample within SHAPE_MIN_FALL of the used state's level, back
 * within a step of that level) is the cache's end when the samples from
 * the one before it to that GC sample fit the cache's level, then a
 * direct level, then GC's (three_level_end: the drop's samples mix the
 * levels either side, so the direct level is fitted, not read off a
 * sample; among readings that fit alike, the one nearest the reference's
 * cache) with that level min_drop below the cache's and SHAPE_MIN_FALL
 * above GC's (direct writes, not GC's first burst), and the end no larger
 * than the reference's cache (STATIC_REF_CACHE_OVER of its upper bound:
 * a static cache is a fixed area). Makes the cache phase 0 (to the sample
 * holding its end), the direct writes phase 1 and the used state phase 2
 * (from the sample holding their end) and returns 1; 0 when the fast
 * start is not that. found: after a cache the cache test found and ended
 * (analysis_regimes.c), which asks three samples or more from the step to
 * that GC sample and the direct level no slower than the log's own direct
 * writes (ref_kind_direct_bps, as static_ref_first_sample_direct asks). The
 * caller checks the state (a static reference of another workload, a
 * random fill, idle time before the run, no clean room or the cache found,
 * the used state phase 1). */
int ssd__static_ref_cache_before_direct(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                        struct ssd__result *res, int found) {
    double rmax = res->ref_kind_cache_bytes + res->ref_kind_cache_unc;
    if (!isfinite(rmax) || c->nph < 2)
        return 0;
    size_t p1 = c->ph[1].first, e1 = c->ph[1].last + 1;
    double lg = log(c->ph[1].level_bps), step = log(o->min_step);
    /* (The last such step: a GC dip inside the cache steps down and climbs
     * back, 463 MB/s, then 335 three times, then 463 again before the
     * drop.) */
    size_t j = 0, e0 = 0;
    double l1 = 0;
    for (size_t i = 1; i <= p1 && i < e1 && !j; i++) {
        if (!(c->y[i] < ssd__level_of(c, 0, i) - step))
            continue;
        l1 = ssd__level_of(c, 0, i);
        e0 = i;
        while (e0 < e1 && e0 < p1 + SHORT_LEVEL && c->y[e0] >= lg + log(SHAPE_MIN_FALL))
            e0++;
        if (e0 >= e1 || e0 >= p1 + SHORT_LEVEL)
            return 0;
        size_t back = 0;
        for (size_t k = i; k < e0 && !back; k++)
            if (c->y[k] >= l1 - step)
                back = k;
        if (!back)
            j = i;
        else
            i = back;
    }
    if (!j || (found && e0 < j + 3))
        return 0;
    return three_levels_from(c, o, res, j, l1, rmax, 1, found ? res->ref_kind_direct_bps : 0);
}

/* The level of y[a, b) (b > a) a GC dip does not pull down: the median of
 * the samples within step (log) of the fastest. A dip only slows the
 * samples it falls in. */
static double top_level(const struct ssd__curve *c, size_t a, size_t b, double step);

/* Where a cache at level hi (log) ends in sample m when the rest of m ran
 * at level lo (log): its share of m from m's rate. */
static double sample_share_end(const struct ssd__curve *c, size_t m, double hi, double lo) {
    double f = (c->r[m] - exp(lo)) / (exp(hi) - exp(lo));
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    return c->cum[m] + f * ssd__curve_dt(c, m) * exp(hi);
}

/* A static cache after a random fill and idle time that the idle flushed
 * whole, whose fast start (the cache, then the blocks idle GC cleaned at
 * the direct speed, then GC at phase g) holds more than the fill log's
 * cache C: a static cache is a fixed area, so the cache ended at C, in the
 * sample m holding it, when the run's own samples say so (the rules that
 * read the end off the run's samples missed it or placed it outside the
 * log's stated uncertainty: GC dips inside the cache pull its level down
 * and the drop's samples mix three levels, seed 59's drive 194, 113's 59).
 * The samples must agree: m >= 2 whole samples of cache before it, the
 * cache's level (top_level of the samples before m: a dip only slows) a
 * step above the samples after m, which never climb back within a step of
 * it before GC (a cache never resumes after its end); with a whole sample
 * of direct writes after m, their level (top_level) min_drop below the
 * cache, a step above GC, and the last sample before m a step above it
 * (else the cache ended before C); and m's own rate read as the cache's
 * share at the cache's level and the rest at the direct level (GC's
 * without a direct sample) puts the end within half m's bytes of C (the
 * uncertainty the reading states). Makes the cache phase 0 (to m), the
 * direct writes phase 1 and the used state phase 2; returns 1 when it did,
 * 0 with the phases as they were. The caller checks the state (a static
 * reference of another workload, a random fill, idle time, a drive
 * written full, no cache read within the log's stated uncertainty of C). */
int ssd__static_ref_log_end(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                            struct ssd__result *res, size_t g) {
    struct ssd_analysis_summary *S = &res->sum;
    double C = res->ref_kind_cache_bytes, step = log(o->min_step);
    if (!isfinite(C) || !(C > 0) || g < 1 || g > 2 || g >= c->nph)
        return 0;
    size_t gs = c->ph[g].first;
    if (!(c->cum[gs] > C))
        return 0;
    size_t m = 0;
    while (m + 1 < gs && c->cum[m + 1] <= C)
        m++;
    if (m < 2 || m >= gs)
        return 0;
    double hi = top_level(c, 0, m, step), lg = log(c->ph[g].level_bps), ld = lg;
    /* (A sample m faster than the level before it: those samples were all
     * in GC dips, which only slow the cache; m, which holds its end, runs
     * no faster than the cache, so its rate is the cache's level at
     * least.) */
    hi = fmax(hi, c->y[m]);
    for (size_t i = m + 1; i < gs; i++)
        if (c->y[i] >= hi - step)
            return 0;
    if (m + 1 < gs) {
        ld = top_level(c, m + 1, gs, step);
        /* (The cache still ran in m when m itself is a step above the
         * direct level: a cache never resumes after its end, so the
         * samples before it were the cache, in a dip.) */
        if (!(hi >= ld + log(o->min_drop) && ld >= lg + step &&
              (c->y[m - 1] >= ld + step || c->y[m] >= ld + step)))
            return 0;
    } else if (!(hi >= lg + log(o->min_drop) && c->y[m - 1] >= hi - log(o->min_drop))) {
        return 0;
    }
    /* (Without a direct sample the rest of m ran between GC's level and
     * min_drop below the cache: the end read from m lies between the two
     * readings.) */
    double lo_fast = m + 1 < gs ? ld : hi - log(o->min_drop);
    double first = sample_share_end(c, m, hi, lo_fast), last = sample_share_end(c, m, hi, ld);
    if (!(C >= first - 0.5 * c->b[m] && C <= last + 0.5 * c->b[m]))
        return 0;
    /* (Nor below what the run itself wrote at the cache's speed, beyond
     * its noise from the direct level after it (ssd__own_cache_floor): an
     * end half a sample short of a sample that ran at full cache speed
     * passes the reading above. Seed 173's drive 66, a random 2-hour run
     * after a random fill: five samples at 2.83-2.88 GB/s (13.31 GiB),
     * then 1.33 GB/s, the model's cache 13.31 GiB; the fill's log showed
     * 12.30, inside the fifth sample.) */
    if (c->cum[ssd__own_cache_samples(c, exp(ld), step, m + 2)] > C)
        return 0;
    if (g == 2)
        ssd__curve_merge_next(c, 0);
    if (ssd__curve_split(c, 0, m) != 0)
        return 0;
    S->has_cache = 1;
    S->cache_censored = SSD_CENSOR_NONE;
    S->cache_bytes = C;
    S->cache_uncertainty_bytes = 0.5 * c->b[m];
    ssd__set_cache_end(res, m, exp(hi), exp(ld));
    /* The used state starts where the direct writes end: the first sample
     * after the cache's below the midpoint between their level and GC's,
     * when the samples from there to the segmentation's boundary stay
     * below it (at most a quarter back above: GC's bursts) a step below
     * the direct level. The segmentation may have given GC's first samples,
     * which run above where GC settles, to the fast start (2 GiB at 64
     * MB/s, then GC at 9-20 for 35 samples before its phase, seed 13's
     * drive 153; 976 and 662 MB/s, then GC at 150-330 to 13.7 GiB, the
     * model's onset 10.8, 173's drive 131). */
    if (m + 1 < gs) {
        double cut = 0.5 * (ld + lg);
        size_t e = m + 1, above = 0;
        while (e < gs && c->y[e] >= cut)
            e++;
        for (size_t i = e; i < gs; i++)
            above += c->y[i] >= cut;
        if (e < gs && 4 * above <= gs - e && ssd__level_of(c, e, gs) <= ld - step)
            ssd__curve_move_boundary(c, 2, e);
    }
    return 1;
}

/* The same static cache after a random fill and idle time, ended inside
 * the run's first sample, then the blocks idle GC cleaned written at the
 * direct level for a few samples, then GC: the segmentation gave those
 * samples to GC (too short for a phase) and the clean-room verdict read
 * the first sample as the clean blocks, the used state 1.6 GiB early
 * (seed 13's drive 35, the fill: 1596 MB/s, then 681 twice, 531 holding
 * their end, then GC bursting down to 98; the model's 1.19 GiB cache, 2
 * GiB of direct writes, GC from 3.19 GiB; 53's drive 175: 1243, 663,
 * 670, 455, then GC at 61, GC from 2.8 GiB). With the fill's log showing
 * a static cache the first sample is the cache (a static cache survives
 * the fill and the idle time flushes it), and the level after it the
 * direct writes: two samples or more from the second, the first two
 * within half a step of the level (the median of the second to fourth),
 * lasting to the first sample a step below it (GC's start, or the sample
 * holding their end), the first sample min_drop above it and the used
 * state's lasting stretch after it SHAPE_MIN_FALL below (GC, not a
 * dip). The cache is bounded inside the first sample against that level
 * (at least the first sample's excess over it) and its lower bound no
 * larger than the log's cache by STATIC_REF_CACHE_OVER. Makes the first
 * sample phase 0, the direct writes phase 1 and the used state phase 2;
 * returns 1 when it did. The caller checks the state (a static reference
 * of another workload, a random fill, idle time, a drive written full,
 * the clean-room verdict with the used state phase 1). found: the same
 * direct writes after a cache the cache test found and ended (phase 0,
 * the used state phase 1 from the sample after it), which the
 * segmentation gave to GC's phase too (seed 13's drive 70, the fill: 4
 * samples at 2806 MB/s, 1862 holding the end, then 626, 619, 829, then GC
 * at 186 from 14.12 GiB, read from 12.19): split off as phase 1, the used
 * state phase 2 (the cache's level min_drop above them). */
int ssd__static_ref_first_sample_direct(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                        struct ssd__result *res, int found) {
    struct ssd_analysis_summary *S = &res->sum;
    double rmax = res->ref_kind_cache_bytes + res->ref_kind_cache_unc;
    size_t n = c->n, ml = c->min_len > 3 ? c->min_len : 3;
    if (!isfinite(rmax) || c->nph < 2)
        return 0;
    size_t f = found ? c->ph[1].first : 1;
    if ((found ? res->cache_phase_end != f : c->ph[1].first > 2) || n < f + 3 + ml)
        return 0;
    double step = log(o->min_step), lv = ssd__median3(c->y[f], c->y[f + 1], c->y[f + 2]);
    if (fabs(c->y[f] - lv) >= 0.5 * step || fabs(c->y[f + 1] - lv) >= 0.5 * step)
        return 0;
    size_t k = f + 2;
    while (k < n && c->y[k] > lv - step)
        k++;
    if (k + ml > n || (found && k > c->ph[1].last))
        return 0;
    double lo = exp(ssd__level_of(c, f, k)), hi = found ? S->cache_level_bps : c->r[0];
    if (hi < o->min_drop * lo || log(lo) - ssd__level_of(c, k, k + ml) < log(SHAPE_MIN_FALL))
        return 0;
    /* (No slower than the log's own direct writes, when the run's writes
     * are sequential and its blocks no smaller (ref_kind_direct_bps):
     * GC's first samples after a flush-limited cache, 87-97 MB/s for 4
     * samples, then GC at 37, against the 4K log's direct level of 180,
     * are no direct writes; the model's idle time had cleaned 0.01 GiB,
     * tests/py/test_fill_reference.py's static drive.) */
    if (lo < res->ref_kind_direct_bps)
        return 0;
    if (found)
        return ssd__curve_split(c, 1, k) == 0;
    double lower = (c->r[0] - lo) * ssd__curve_dt(c, 0), upper = ssd__first_sample_cache_max(c, lo);
    if (!(lower > 0) || !(upper >= lower) || lower > STATIC_REF_CACHE_OVER * rmax)
        return 0;
    while (c->nph > 1 && c->ph[1].first <= k)
        ssd__curve_merge_next(c, 0);
    if (ssd__curve_split(c, 0, 1) != 0 || ssd__curve_split(c, 1, k) != 0)
        return 0;
    return ssd__set_first_sample_cache(c, res, lower, upper, lo, 1);
}

/* The level of y[a, b) (b > a) a GC dip does not pull down: the median of
 * the samples within step (log) of the fastest. A dip only slows the
 * samples it falls in. */
static double top_level(const struct ssd__curve *c, size_t a, size_t b, double step) {
    double top = c->y[a];
    for (size_t i = a + 1; i < b; i++)
        top = fmax(top, c->y[i]);
    size_t n = 0;
    for (size_t i = a; i < b; i++)
        if (c->y[i] >= top - step)
            c->scratch[n++] = c->y[i];
    return ssd__median(c->scratch, n);
}

/* A static cache after a sequential fill and idle time, which the fill's
 * own log (a reference of another workload) showed: the idle time flushed
 * it (all of it, or what the flush had time for), and the spare area the
 * fill left clean is written at the direct speed after it, then GC. The
 * segmentation made the cache and those direct writes one phase, and the
 * clean-room verdict read the whole fast start as the clean blocks (seed
 * 2026's drive 176, 2 hours: 2388 MB/s twice, 2017 holding the cache's
 * end, then 884 with GC dips for 4.6 GiB, then GC at 132; the fill's 128K
 * log: a static cache of 6.05 GiB, the model's 6.12). After a sequential
 * fill nothing but that cache writes faster than the flash writes the
 * clean spare area, so the fast start's step down (the first sample a
 * step below the fastest before it, none after it back within a step of
 * that: a GC dip inside the cache steps down and climbs back) ends the
 * cache. The direct level is the fastest samples after it (top_level: a
 * dip only slows; from the step's second sample on when 3 or more follow,
 * as the step's own and the next may still hold the cache's end: 2878,
 * 2433, 1965, then 1671 and 1455-1589, seed 89's drive 131, WSAT); the
 * sample holding the end is the last one a step above that level (else
 * the step's own or the one before, the further from its level), its
 * share at the cache's speed from its rate (the cache's speed the fastest
 * of the samples before it: a dip or a slower start-up sample only slows).
 * The cache must span 2 whole samples or more (one ended in the first
 * sample or two is bounded by other rules, or left), run min_drop above
 * the direct level (a cache the flash's speed hides is no cache anyone can
 * read), the direct level a step above the used state's, and its end be
 * no larger than the reference's cache (STATIC_REF_CACHE_OVER of its upper
 * bound: a static cache is a fixed area). With no direct sample of its own
 * before GC the end is fitted on three levels (three_levels_from, as after
 * a random fill). Makes the cache phase 0 (to the sample holding its end),
 * the direct writes phase 1 and the used state phase 2 (from where the
 * direct writes give way to it: ssd__used_in_direct, the segmentation's
 * boundary may be late) and returns 2; returns 1 when the fast start is
 * the cache whole (the cache test's end against the used state, within
 * the bound); 0 when the fast start is not that. The caller checks the
 * state (a static reference of another workload, a sequential fill, idle
 * time before the run, no clean room, not sequential overwrites, the used
 * state phase 1). */
int ssd__seq_static_ref_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    double rmax = res->ref_kind_cache_bytes + res->ref_kind_cache_unc;
    if (!isfinite(rmax) || c->nph < 2 || !S->has_cache || S->cache_censored != SSD_CENSOR_NONE)
        return 0;
    double cap = STATIC_REF_CACHE_OVER * rmax, step = log(o->min_step);
    size_t p1 = c->ph[1].first;
    double lg = log(c->ph[1].level_bps);
    /* (The fast start is the cache whole: as the cache test measured it.) */
    if (S->cache_bytes <= cap && res->cache_phase_end == p1)
        return 1;
    /* The step down: the first sample a step below the fastest before it,
     * none after it back within a step of that. */
    size_t j = 0;
    double top = c->y[0];
    for (size_t i = 1; i < p1 && !j; i++) {
        if (!(c->y[i] < top - step)) {
            top = fmax(top, c->y[i]);
            continue;
        }
        size_t back = 0;
        for (size_t k = i + 1; k < p1 && !back; k++)
            if (c->y[k] >= top - step)
                back = k;
        if (!back) {
            j = i;
        } else {
            for (size_t k = i; k < back; k++)
                top = fmax(top, c->y[k]);
            i = back - 1;
        }
    }
    if (!j)
        return 0;
    if (j + 1 >= p1)
        return three_levels_from(c, o, res, j, top, rmax, 2, 0) ? 2 : 0;
    /* The direct writes: from the first sample no step above their level
     * (the fastest samples after the step's next: the step's own and the
     * next may still hold the cache's end, and a GC dip only slows). */
    size_t a = j + 5 <= p1 ? j + 2 : j + 1;
    double lo0 = top_level(c, a, a + SHORT_LEVEL < p1 ? a + SHORT_LEVEL : p1, step);
    size_t q = j;
    while (q < p1 && c->y[q] >= lo0 + step)
        q++;
    size_t m = q > j ? q - 1 : top - c->y[j - 1] > fabs(c->y[j] - lo0) ? j - 1 : j;
    if (m + 1 >= p1)
        return three_levels_from(c, o, res, j, top, rmax, 2, 0) ? 2 : 0;
    size_t qe = m + 1 + SHORT_LEVEL < p1 ? m + 1 + SHORT_LEVEL : p1;
    double lo = exp(top_level(c, m + 1, qe, step));
    double hi = c->r[0];
    for (size_t i = 1; i < m; i++)
        hi = fmax(hi, c->r[i]);
    if (m < 2 || !(log(lo) >= lg + step) || !(hi >= o->min_drop * lo))
        return 0;
    double f = (c->r[m] - lo) / (hi - lo);
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    double end = c->cum[m] + f * ssd__curve_dt(c, m) * hi;
    if (!(end <= cap) || ssd__curve_split(c, 0, m) != 0)
        return 0;
    S->cache_bytes = end;
    S->cache_uncertainty_bytes = 0.5 * c->b[m];
    ssd__set_cache_end(res, m, hi, lo);
    /* (The segmentation's used state may start late, past GC's first
     * samples: ssd__used_in_direct.) */
    size_t e = c->nph >= 3 ? ssd__used_in_direct(c, o, lo, 1, 2) : 0;
    if (e)
        ssd__curve_move_boundary(c, 2, e);
    return 2;
}

/* The same static cache after a sequential fill, ended inside the run's
 * first sample or the next (seed 2026's drive 41, 2 hours: 1592 MB/s,
 * 479, then the direct writes at 372 with GC dips, a 1.73 GB cache; the
 * fill's log: a static cache of 2.3 GiB): seq_static_ref_cache sizes a
 * cache of two whole samples or more, and the clean-room verdict read the
 * fast start as the clean blocks, with no boundary at the cache's end.
 * Such a cache is bounded, not sized (`resolution`, as the first-sample
 * rules after a random fill): its end lies in the last sample a step
 * above the direct level (the fastest of the samples from the third on,
 * top_level: a dip only slows), the first or the second, so it is at
 * least that sample's excess over the direct level past the samples
 * before it, and at most the bytes to the end of the sample after it (its
 * last bytes may run within a step of the direct level), or the fill
 * log's cache by STATIC_REF_CACHE_OVER when that is more (a cache may
 * slow to the direct speed before its end, 2912 MB/s then 1780, 1333,
 * 1362 with direct writes at 1.4 GB/s: seed 47's drive 119; and the
 * fill's log may read a cache 10 % under the drive's: 47's drive 75).
 * Only when the first sample runs min_drop above the direct level, the
 * third no step above it, the direct level a step above the used
 * state's, and the lower bound no larger than the fill log's cache. Called
 * once the onset is placed (placing it again after the split moved seed
 * 13's drive 185's 5 GiB late): makes the first sample the cache's phase
 * and the rest of phase 0 phase 1, the direct writes; returns 1 when it
 * did. The caller checks the state, as for seq_static_ref_cache, and that
 * the clean-room verdict stood (no cache, the used state phase 1). */
int ssd__seq_static_first_sample_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                       struct ssd__result *res) {
    double rmax = res->ref_kind_cache_bytes + res->ref_kind_cache_unc;
    if (!isfinite(rmax) || c->nph < 2 || c->ph[1].first < 6)
        return 0;
    size_t p1 = c->ph[1].first;
    double step = log(o->min_step), cap = STATIC_REF_CACHE_OVER * rmax;
    double lo = exp(top_level(c, 2, 2 + SHORT_LEVEL < p1 ? 2 + SHORT_LEVEL : p1, step));
    if (!(log(lo) >= log(c->ph[1].level_bps) + step) || !(c->r[0] >= o->min_drop * lo) ||
        !(c->y[2] < log(lo) + step))
        return 0;
    size_t m = c->y[1] >= log(lo) + step ? 1 : 0;
    double lower = c->cum[m] + (c->r[m] - lo) * ssd__curve_dt(c, m);
    double upper = fmax(c->cum[m + 2], cap);
    if (!(lower <= cap) || ssd__curve_split(c, 0, 1) != 0)
        return 0;
    return ssd__set_first_sample_cache(c, res, lower, upper, lo, 1);
}
