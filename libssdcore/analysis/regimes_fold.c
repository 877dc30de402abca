/* regimes_fold.c - folding: a dynamic SLC cache, once full (or on a drive
 * written full, once it has taken every clean block), rewrites what it
 * holds into TLC/MLC at a quiet level a step below direct writes, before
 * GC runs. These rules tell that level from direct writes and from the
 * used state, and place its flat run. */
#include <math.h>
#include <string.h>

#include "regimes.h"

/* The folding of a used drive's dynamic cache that ended inside the run's
 * first samples, made no phase of its own: on a drive written full the
 * cache is folded before GC runs, so after the cache's samples the speed
 * sits at one flat level (the folding, a step below the direct level, at
 * the reference's folding level when it showed one) and then steps down
 * into GC. The segmentation gave those few samples to a neighbour (4
 * samples at 455 MB/s after a 2 GiB cache in one, then GC at 375 with
 * bursts to 1,100 that make a least-squares split not pay; or the cache's
 * samples, 12 of folding at 1,216 and the first GC samples made one first
 * phase, its median GC's). Told by a run of consecutive samples, GC's
 * bursts cannot hide it: the samples from s within a step of the median
 * of their first 3 (one sample off it, the next back on it, is noise), at
 * least 3 of them, and the median of a lasting window after them a step
 * below. A run the segmentation already made a phase (its ends within a
 * sample or two) is left to it. The cache is samples [0, s):
 * the first alone, min_drop above the run (it ended inside it); or the
 * second a step below the first and a step above the run (it ended in
 * the second); or samples at the reference's cache level (within a step),
 * else at one level of their own a step above the reference's direct
 * level, then one a step above the run (it ended there, or at that
 * sample's start). Rearranges the phases to [0, s), the run, the rest (the samples
 * after the run join the phase after them) and returns s, else 0 (the
 * phases unchanged); *hi is the cache's level (its samples' median before
 * the last, the first sample's when it is alone). */
size_t ssd__fold_run_after_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 const struct ref_levels *rl, double capacity, double *hi,
                                 int *seen, int has_cache) {
    double step = log(o->min_step);
    size_t w = c->min_len > 10 ? c->min_len : 10, k = 0;
    if (!rl->known || !rl->dynamic || !(o->written_before_bytes > 0) ||
        !(ssd__fresh_room(o, capacity) <= 0) || c->nph < 2 || c->n < 6 + w)
        return 0;
    /* (Leading samples at the reference's cache level.) */
    while (rl->cache && k + 4 + w < c->n && k < w && fabs(c->y[k] - log(rl->cache_level)) < step)
        k++;
    /* (Else leading samples at a level of their own, within a step of the
     * first, all a step above the reference's direct level: only the SLC
     * writes that fast on a used drive, and after a random fill it may
     * write slower than fresh: 233-243 MB/s in two 5 s samples against the
     * fresh run's 385, then folding at its 93, then GC.) */
    if (k < 2 && c->y[0] >= log(rl->direct) + step) {
        k = 1;
        while (k + 4 + w < c->n && k < w && fabs(c->y[k] - c->y[0]) < step &&
               c->y[k] >= log(rl->direct) + step)
            k++;
    }
    size_t cand[4] = {1, 2, k >= 2 ? k : 0, k >= 2 ? k + 1 : 0};
    for (size_t ci = 0; ci < 4; ci++) {
        size_t s = cand[ci];
        if (!s)
            continue;
        double lv = ssd__level_of(c, s, s + 3);
        if (lv + step > log(rl->direct) || (isfinite(rl->fold) && fabs(lv - log(rl->fold)) >= step))
            continue;
        if (s == 1    ? c->y[0] < lv + log(o->min_drop)
            : ci == 1 ? !(c->y[1] + step <= c->y[0] && c->y[1] >= lv + step)
                      : c->y[s - 1] < lv + step)
            continue;
        /* (Until the speed falls a step below that level: one sample
         * below it with the next back up is the folding's noise, 4 % a
         * sample and 8 % now and then, and a faster sample is no GC;
         * the first within a step of the level.) */
        size_t e = s;
        while (e < c->n &&
               (e == s ? fabs(c->y[e] - lv) < step
                       : c->y[e] > lv - step || (e + 1 < c->n && c->y[e + 1] > lv - step)))
            e++;
        /* (Three samples at least; two at the reference's folding level,
         * the drive's own, which no noise makes by chance: a 2 GiB cache
         * ended inside a fill's first 1 s sample, 2 samples of folding at
         * the reference's 1.45 GB/s, then GC at 0.86 with bursts to 2x,
         * seed 13's drives 48 and 195.) */
        /* (Two with no folding level known when they are as flat as a
         * folding runs, within half a step of each other, and the speed
         * after them falls min_drop below them and stays there: a GC dip
         * climbs back to the level before it, GC's first bursts scatter.
         * Seed 337's drive 34, 2 hours after a random fill, the fill's log
         * showing no folding: 2259 MB/s holding the 2 GiB cache's end,
         * then 889 and 888, then GC at 92-274, read as a 3.9 GiB cache;
         * 311's drive 68 the same, 2243, 817, 804, then GC at 65.) */
        int two = !isfinite(rl->fold) && e == s + 2 && fabs(c->y[s] - c->y[s + 1]) < 0.5 * step &&
                  e + w <= c->n && ssd__level_of(c, e, e + w) + log(o->min_drop) <= lv;
        if ((e < s + (isfinite(rl->fold) ? 2 : 3) && !two) || e + w > c->n)
            continue;
        /* (A run at its first samples' level: its median within a step of
         * it. Faster samples do not end the run, so a GC dip inside a cache
         * (3 samples at 0.11 GB/s, a third of its 0.29, every 21 s) ran on
         * through the rest of the cache and its folding, read as the
         * folding's first samples: "cache 1.42 GiB, truth 20.84", seed
         * 127's drive 174, 2 hours after a sequential fill.) */
        if (fabs(ssd__level_of(c, s, e) - lv) >= step)
            continue;
        if (ssd__level_of(c, e, e + w) + step > lv)
            continue;
        /* (Nor a run a sample climbs back from, min_drop above it and on
         * the cache's side of the midpoint between the two: a flat GC dip
         * inside the cache that ended before the cache did, the cache
         * running out in that sample (seed 101's drive 160, 2 hours after
         * a random fill: 394 MiB/s three times, 137, 126, 125, 124, 141 in
         * a dip at 0.32 of it, 254, then folding at 85; read as a cache of
         * 1.16 GiB and folding, the model's 2.00 and then folding). A dip
         * only slows, and folding, a quiet level, comes back to no
         * cache's speed.) */
        double top = fmax(lv + log(o->min_drop), 0.5 * (lv + ssd__level_of(c, 0, s)));
        int back = 0;
        for (size_t i = s; i < e; i++)
            back |= c->y[i] > top;
        if (back)
            continue;
        /* A cache the cache test found, with the folding and GC after it
         * one phase: where the least-squares split of that phase at the
         * folding's level pays (the reference's, else its first samples'),
         * the rules below make it (a folding sliding 53 -> 40 MB/s with 2
         * s ticks, whose run ends at its first dip); the run is for where
         * it does not. */
        if (has_cache && c->nph >= 2 && ssd__ref_cache(rl, &c->ph[0]) && c->ph[0].last + 2 >= s &&
            c->ph[0].last <= s && c->ph[1].last >= e) {
            double at = rl->fold;
            if (!isfinite(at) && c->ph[1].last >= c->ph[1].first + 6) {
                at = exp(ssd__level_of(c, c->ph[1].first, c->ph[1].first + 3));
            }
            if (isfinite(at) && ssd__ref_level_split(c, o, at, 1, 0)) {
                ssd__curve_merge_next(c, 1);
                return 0;
            }
        }
        /* The segmentation saw the cache and the folding: its phases
         * stand (*seen). */
        if (c->nph >= 3 && c->ph[0].last + 2 >= s && c->ph[0].last <= s &&
            fabs(log(c->ph[1].level_bps) - lv) < step && c->ph[1].last + 3 >= e &&
            c->ph[1].last <= e + 1) {
            *seen = 1;
            return s;
        }
        /* The run must lie inside the first two phases. */
        size_t j = 0;
        while (j < c->nph && c->ph[j].last < e)
            j++;
        if (j >= 2 || j >= c->nph)
            return 0;
        if (s == 1)
            *hi = c->r[0];
        else {
            memcpy(c->scratch, c->r, (s - 1) * sizeof *c->r);
            *hi = ssd__median(c->scratch, s - 1);
        }
        if (c->ph[j].first < e) {
            if (ssd__curve_split(c, j, e))
                return 0;
            if (j + 2 < c->nph)
                ssd__curve_merge_next(c, j + 1);
        }
        while (c->nph > 1 && c->ph[1].first < e)
            ssd__curve_merge_next(c, 0);
        if (ssd__curve_split(c, 0, s))
            return 0;
        return s;
    }
    return 0;
}

int ssd__dynamic_cache(const struct ssd_analysis_summary *S) {
    return S->has_cache && isfinite(S->capacity_bytes) &&
           S->cache_bytes >= DYNAMIC_MIN_CAPACITY_SHARE * S->capacity_bytes;
}

/* The used state a run ends in after a sequential fill's dynamic cache and
 * one lasting level, as quiet as that level: its scatter (the noise of the
 * differences) at most QUIET_AS_LEVEL times the level's, where GC's
 * bursts scatter SCATTER_JUMP times a quiet level's or more. Idle time
 * that empties only part of the cache (the flush had time for about 30
 * GiB in 900 s on the sweep's drives) leaves the drive its spare area's
 * clean blocks: the run writes them at the direct level after the cache,
 * then folds what the cache still holds, quiet and flat, a step lower
 * (seq_direct_fold_gc when GC follows within the run). A cache the idle
 * time emptied whole took those blocks in SLC mode and folds right after
 * it, and GC follows the folding. Seed 61's drive 4, 2 hours after a
 * sequential fill (the fill's log: a 159 GiB dynamic cache, direct writes
 * at 151 MB/s): 29.9 GiB at 385 MB/s, then 455 GiB at 133, scatter 0.000,
 * then 83 to the end, scatter 0.000; read as the folding from 29.9 GiB,
 * "folding at 29.9 GiB, truth 485.1". Of the sweep's 30 tune seeds' runs
 * so read, the eight such had the last level's scatter 0.8-1.08 times the
 * level's, those that were the folding and then GC 1.8-14. Phases 1 and
 * 2 lasting (min_len), quiet (a third of a step) and flat, phase 2 the
 * run's last. */
static int quiet_after_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o) {
    if (c->nph != 3)
        return 0;
    const struct ssd_phase *p1 = &c->ph[1], *p2 = &c->ph[2];
    double step = log(o->min_step);
    if (p1->last - p1->first + 1 < c->min_len || p2->last - p2->first + 1 < c->min_len)
        return 0;
    double q1 = ssd__quiet_noise(c, p1->first, p1->last + 1);
    double q2 = ssd__quiet_noise(c, p2->first, p2->last + 1);
    return q1 <= step / 3 && q2 <= step / 3 && q2 <= QUIET_AS_LEVEL * fmax(q1, QUIET_NOISE_FLOOR) &&
           !ssd__falls_through(c, p1->first, p1->last + 1) &&
           !ssd__falls_through(c, p2->first, p2->last + 1) &&
           p2->level_bps * o->min_step <= p1->level_bps;
}

/* A level between a cache and the used state, on a drive written full by
 * a sequential fill, too slow to be direct writes: the folding. A
 * sequential fill leaves every user block valid, so the garbage at the
 * used state's onset is what this run overwrote before it, spread over
 * the drive by random writes across it: GC's victims are about a share
 * w / (capacity + w) garbage (w the bytes written before the onset: the
 * clean spare area), and each block it frees costs copying the rest, so
 * the host's writes get that share of the flash's program speed. Direct
 * writes get all of it, so they run 1 + capacity / w times faster than
 * the used state's start: 4.6x or more with 28 % of spare flash, 2.5x
 * with 2/3 of the capacity (SEQ_FILL_DIRECT_OVER_GC, more than any
 * drive has). That level is the flash's speed, not a controller's or a
 * link's: the cache ran a step faster. A dynamic cache's folding runs
 * below the native speed (the flash programs the folded data too), so
 * it may sit nearer the used state. In the four dev seeds, of the runs
 * read as a cache, one level and GC after a sequential fill, the level
 * over GC's start was 2.81x or more in all 169 where the model writes
 * directly; 65 of the 176 where it folds are read as folding by this
 * rule (1.19x at the least). Random writes over part of the drive bunch their garbage, so
 * GC there may run nearer the direct speed: the note says so. And the
 * phase after the level must be the used state: GC alternates between
 * writing into the blocks it reclaimed and stalling to reclaim more, so
 * its samples scatter, a tenth or more of its first lasting stretch a
 * step off their median (SEQ_FILL_GC_SCATTER_EVERY); a flat one is a regime's own
 * level, the folding after direct writes that a dynamic cache's nominal
 * size ended (seed 2026's drive 48: 30 GiB of cache, direct writes at
 * 1569 MB/s to 178 GiB, folding at 1099, no sample of its first 72 a
 * step off, read as the used state's start; 5 drives, 9 runs, whose
 * direct writes this rule called folding without it; GC's stretches
 * there: 5 of 15 samples a step off at the least). */
static int seq_fill_slow_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                               const struct ssd_analysis_summary *S, size_t g) {
    /* (GC over part of the drive is cheaper: no bound there) */
    if (ssd__span_whole(o, S) == 0)
        return 0;
    if ((int)o->precondition != SSD_PRECONDITION_SEQ_FILL || !S->has_cache || g != 2 ||
        c->nph < 3 || !isfinite(S->capacity_bytes) || !(c->ph[2].start_bytes > 0))
        return 0;
    size_t a = c->ph[2].first, b = a + c->min_len;
    if (b > c->ph[2].last + 1)
        b = c->ph[2].last + 1;
    double m = ssd__level_of(c, a, b);
    size_t off = 0;
    for (size_t i = a; i < b; i++)
        off += fabs(c->y[i] - m) >= log(o->min_step);
    if (off * SEQ_FILL_GC_SCATTER_EVERY < b - a)
        return 0;
    double bound = fmin(SEQ_FILL_DIRECT_OVER_GC, 1 + S->capacity_bytes / c->ph[2].start_bytes);
    return c->ph[1].level_bps < bound * exp(m);
}

/* A fresh run's first sample a step faster than the first level, holding
 * less than a dynamic cache's least size, and the second sample back at
 * that level: a small (static) cache that ended inside the first sample.
 * The first level after it, however long, is direct writes, not a dynamic
 * cache hidden at the direct speed, so no drop after it is that cache's
 * folding: a static cache never folds (the fresh WSAT of seed 47's drive
 * 111: 692 MB/s in the first 5 s, then 412 until 164 GiB of a 155 GiB
 * drive, then GC sliding from 330 MB/s down to 60, read as "folding" at
 * 330 and the used state 40 GiB late). */
int ssd__static_cache_in_first_sample(const struct ssd__curve *c,
                                      const struct ssd__analysis_opts *o,
                                      const struct ssd_analysis_summary *S) {
    return o->written_before_bytes <= 0 && S->has_cache && isfinite(S->capacity_bytes) &&
           S->cache_bytes > MAX_CACHE_CAPACITY_SHARE * S->capacity_bytes && c->n >= 3 &&
           c->nph >= 2 && c->cum[1] < DYNAMIC_MIN_CAPACITY_SHARE * S->capacity_bytes &&
           c->y[0] >= log(c->ph[0].level_bps) + log(o->min_step) &&
           fabs(c->y[1] - log(c->ph[0].level_bps)) < log(o->min_step);
}

/* Whether a phase between the cache and phase g is a step below the
 * direct level (folding). */
int ssd__folded_before(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t g) {
    for (size_t j = 2; j < g; j++)
        if (c->ph[j].level_bps * o->min_step <= c->ph[1].level_bps)
            return 1;
    return 0;
}

/*
 * A dynamic cache folds right before clean blocks run out, and a short
 * folding step just before the decline may have been taken into the
 * decline's phase. Phase g then starts flat, below the direct level, and
 * slides after: split it (level, then line, over its samples up to b) when
 * that pays the penalty against one line, and the level is a step below
 * direct. Returns 1 when phase g was split (g + 1 is then the used state).
 */
int ssd__fold_then_gc(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t g,
                      size_t b) {
    size_t g0 = c->ph[g].first, min_len = c->min_len > 3 ? c->min_len : 3;
    if (b < g0 + 3 * min_len)
        return 0;
    size_t k = ssd__knee(c, g0, g0 + min_len, g0, b, min_len);
    if (k <= g0 + min_len || k + min_len > b)
        return 0;
    double lv = ssd__level_of(c, g0, k);
    if (exp(lv) * o->min_step > c->ph[1].level_bps)
        return 0;
    double icpt, slope, one = 0, two = 0, m = 0;
    slope = ssd__fit_line(c, g0, b, &icpt);
    for (size_t i = g0; i < b; i++) {
        double d = c->y[i] - (icpt + slope * (double)(i - g0));
        one += d * d;
    }
    for (size_t i = g0; i < k; i++)
        m += c->y[i];
    m /= (double)(k - g0);
    for (size_t i = g0; i < k; i++)
        two += (c->y[i] - m) * (c->y[i] - m);
    slope = ssd__fit_line(c, k, b, &icpt);
    for (size_t i = k; i < b; i++) {
        double d = c->y[i] - (icpt + slope * (double)(i - k));
        two += d * d;
    }
    double sig = ssd__curve_noise(c, g0, b);
    if (one - two <= o->penalty * sig * sig * log((double)c->n))
        return 0;
    return ssd__curve_split(c, g, k) == 0;
}

/* Whether phase j, a lasting step below the direct level, is where a
 * dynamic cache's folding begins, with the used state from phase gc_from:
 * not when it is short (under two lasting phases) and a lower phase
 * follows right after it (the drop's transition, or dips just before it),
 * nor when the speed later comes back to the direct level for longer than
 * the step lasted (a cluster of dips: folding goes on until the cache is
 * empty, and a dynamic cache is emptied only by idle time). */
static int folding_step(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t j,
                        size_t gc_from, double direct) {
    const struct ssd_phase *p = &c->ph[j];
    size_t len = p->last - p->first + 1;
    if (len < 2 * c->min_len && j + 1 < gc_from &&
        c->ph[j + 1].level_bps * o->min_step <= p->level_bps)
        return 0;
    for (size_t k = j + 1; k < gc_from; k++) {
        const struct ssd_phase *q = &c->ph[k];
        if (fabs(log(q->level_bps / direct)) < log(o->min_step) && q->last - q->first + 1 > len)
            return 0;
    }
    return 1;
}

/*
 * A fresh drive with no cache found whose speed steps down twice before
 * its used state (phase g): each step a lasting level min_step below
 * every level before it, the second starting before the capacity has
 * been written. Without an SLC cache a fresh drive writes at one level
 * until its clean blocks run out; the first step is the end of a dynamic
 * cache too close to the direct speed to call one (less than min_drop
 * above it: 2.88 GB/s over 2.41, 457 GiB, then folding at 1.03 from
 * 1372 GiB of 1455 and GC after), and the second its folding. Returns
 * the direct writes' phase (the first step), 0 when this is not the
 * shape.
 */
static size_t slight_cache_direct(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  const struct ssd_analysis_summary *S, size_t g) {
    if (S->has_cache || !isfinite(S->capacity_bytes) || o->written_before_bytes > 0 || g < 3)
        return 0;
    size_t j = 1;
    while (j < g && (c->ph[j].level_bps * o->min_step > c->ph[0].level_bps ||
                     c->ph[j].last - c->ph[j].first + 1 < c->min_len))
        j++;
    for (size_t f = j + 1; f < g; f++) {
        const struct ssd_phase *p = &c->ph[f];
        if (p->level_bps * o->min_step <= c->ph[j].level_bps &&
            p->last - p->first + 1 >= c->min_len &&
            p->start_bytes < ssd__fresh_room(o, S->capacity_bytes))
            return j;
    }
    return 0;
}

/* Where folding phase j starts after the direct writes before it: GC
 * dips among the last direct writes (a dip, the climb back, a dip) drew
 * the segmentation's boundary to the first of them and gave the rest to
 * the folding (seed 47's drive 88, 2 hours: direct writes at 605 MB/s
 * with 5 s dips to 211 every 25 s, folding at 400; the folding placed two
 * dips early, 86.5 GiB for 95.0). Three samples in a row back at the
 * direct level (within min_step of it, and three quarters of the way up
 * from the folding's level in log) in its first lasting phase and first
 * half are still direct writes: the folding starts after the last such
 * run. Returns the first sample of the folding. */
static size_t fold_start_after_direct(const struct ssd__curve *c,
                                      const struct ssd__analysis_opts *o, size_t j, double direct) {
    const struct ssd_phase *p = &c->ph[j];
    size_t len = p->last - p->first + 1;
    size_t lim = p->first + (c->min_len < len / 2 ? c->min_len : len / 2);
    double lf = log(p->level_bps), ld = log(direct);
    double at = fmax(ld - log(o->min_step), lf + 0.75 * (ld - lf));
    size_t e = p->first;
    for (size_t i = p->first; i + 2 < lim; i++)
        if (c->y[i] >= at && c->y[i + 1] >= at && c->y[i + 2] >= at)
            e = i + 3;
    return e;
}

/* Whether phase j, shorter than a lasting phase, is a level of its own
 * right before the used state (phase g): half a lasting phase or more and
 * min_drop above the used state's level (the segmentation kept it as a
 * level: analysis_phases.c's fold_transients). After a dynamic cache that
 * is its folding: 37 samples at 1087 MB/s between direct writes at 1654 and
 * the used state from 480, in a 7,200-sample run, were "other". */
static int half_level_before_gc(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                size_t j, size_t g) {
    const struct ssd_phase *p = &c->ph[j];
    return g && j + 1 == g && 2 * (p->last - p->first + 1) >= c->min_len &&
           p->level_bps >= o->min_drop * c->ph[g].level_bps;
}

/* The flat run of a folding phase j: folding runs at the drive's folding
 * rate, a quiet level, while the direct writes before it dip (GC dips)
 * and the used state after it scatters (GC finds blocks of garbage at
 * first and writes faster, then slower). The longest run of consecutive
 * samples within FOLD_BAND of its first, quiet (its noise under
 * FOLD_QUIET) and a level of its own (SHORT_LEVEL samples or more; no
 * such run lies in GC's scatter), is the folding: *a and *b its first
 * and one past its last sample. Returns 1 when there is such a run. */
static int flat_fold_run(const struct ssd__curve *c, size_t j, size_t *a, size_t *b) {
    const struct ssd_phase *p = &c->ph[j];
    size_t f = p->first, e = p->last + 1, best = 0, bs = f;
    double band = log(FOLD_BAND);
    for (size_t i = f; i < e;) {
        size_t k = i + 1;
        while (k < e && fabs(c->y[k] - c->y[i]) < band)
            k++;
        if (k - i > best) {
            best = k - i;
            bs = i;
        }
        i = k;
    }
    if (best < SHORT_LEVEL || !(ssd__quiet_noise(c, bs, bs + best) <= FOLD_QUIET))
        return 0;
    *a = bs;
    *b = bs + best;
    return 1;
}

/* Whether samples [a, b) next to a flat folding level lv left it: the
 * one next to the run (next) by FOLD_JUMP or more, and more than half of
 * them out of FOLD_BAND (the used state's scatter, or GC dips in the
 * direct writes; not a folding that drifts; a GC burst may come back to
 * the folding's level for a sample: 71, 188, 88 after folding at 89). */
static int off_flat(const struct ssd__curve *c, double lv, size_t a, size_t b, size_t next) {
    size_t off = 0;
    for (size_t i = a; i < b; i++)
        off += fabs(c->y[i] - lv) >= log(FOLD_BAND);
    return fabs(c->y[next] - lv) >= log(FOLD_JUMP) && 2 * off > b - a;
}

/* A folding phase right before the used state, a quiet level: the
 * segmentation's boundaries may hold the direct writes' last dips
 * (below the folding's level and back) or the used state's first
 * samples (GC faster than the folding at first) in it, or leave its
 * first flat samples to the direct writes. The folding is its flat run
 * (flat_fold_run): the used state starts where that run ends, and the
 * folding where it starts. Returns 1 when a boundary moved. */
static int fold_to_its_flat_run(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                struct ssd__result *res, size_t j, size_t g) {
    if (j == 0 || g != j + 1 || g >= c->nph)
        return 0;
    size_t a, b;
    int moved = 0;
    if (!flat_fold_run(c, j, &a, &b))
        return 0;
    double lv = ssd__level_of(c, a, b);
    /* (Not when the samples after the run are a quiet level of their own
     * (their noise within a third of a step): a folding noisier than
     * FOLD_BAND goes on at its level, GC scatters. Seed 433's drive 105,
     * fresh 2 hours: folding at 305-374 MiB/s (noise 3.9 %) for 315
     * samples from 842.0 GiB, its flattest run 10 samples 27 in, then GC
     * from 947.4: the used state was read from 854.7.) */
    if (b <= c->ph[j].last && off_flat(c, lv, b, c->ph[j].last + 1, b) &&
        !(ssd__quiet_noise(c, b, c->ph[j].last + 1) <= log(o->min_step) / 3)) {
        ssd__curve_move_boundary(c, g, b);
        moved = 1;
    }
    /* (The samples before the run go to the direct writes they dip.) */
    if (a > c->ph[j].first && c->ph[j - 1].regime == SSD_REGIME_DIRECT &&
        off_flat(c, lv, c->ph[j].first, a, a - 1)) {
        double was = c->ph[j].start_bytes;
        ssd__curve_move_boundary(c, j, a);
        for (size_t i = 0; i < res->nsteps; i++)
            if (res->steps[i].start_bytes == was) {
                res->steps[i].start_bytes = c->ph[j].start_bytes;
                res->steps[i].start_s = c->ph[j].start_s;
                res->steps[i].level_bps = c->ph[j].level_bps;
            }
        moved = 1;
    }
    return moved;
}

/* The same folding's run read against the folding level itself (fold_lv:
 * the reference's, or the samples right after the cache) rather than the
 * run's first sample: a folding with 2-3 % noise leaves FOLD_BAND of its
 * first sample within a few samples (304, 298, 306, 312, 317, 303 MB/s,
 * seed 61's drive 187), and one of 2 GiB (a 2 GiB cache on a 2-bit drive)
 * folds in 2 samples, so short_fold_run_before_gc's run missed them and
 * the onset stayed where the segmentation put it, past GC's first bursts
 * (seed 61's drive 187, a fill after a random fill against the fresh run:
 * folding to 3.9 GiB, then 222, 545, 329 and GC at 205: "used state at
 * 5.0 GiB, truth 4.0"; seed 151's drive 8: folding at 786 and 841, then
 * 522, 1055, 847, 618 and GC at 390: 7.0 for 4.0). The run: the phase's
 * samples from its first within a step of fold_lv, two or more, in a
 * folding phase shorter than a lasting phase and 2 SHORT_LEVEL (a long
 * one is flat_fold_run's and the knee's); the used state starts after it
 * when the samples after it left that run's level (its next sample
 * FOLD_JUMP off it and most of the rest half a step off: a noisy folding
 * has half its samples off FOLD_BAND, so off_flat's band read a long
 * folding at 20.7 MB/s as GC after its first 8 samples, the 50-drive
 * sweep's drive 36, 2 hours after a sequential fill) and the used
 * state's level lies a step below the folding's. Returns 1 when the
 * boundary moved. */
static int fold_run_at_level(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                             double fold_lv, size_t j, size_t g) {
    size_t f = c->ph[j].first, e = c->ph[j].last + 1, eg = c->ph[g].last + 1, b = f;
    double lf = log(fold_lv), step = log(o->min_step);
    if (!(log(c->ph[g].level_bps) + step <= lf) ||
        e - f >= (c->min_len > 2 * SHORT_LEVEL ? c->min_len : 2 * SHORT_LEVEL))
        return 0;
    while (b < eg && fabs(c->y[b] - lf) < step)
        b++;
    if (b < f + 2 || b == e || b >= eg)
        return 0;
    double lv = ssd__level_of(c, f, b);
    /* (A run past the phase's end: the segmentation, which cannot end a
     * phase before min_len samples, cut the folding inside it, and the
     * used state starts where the run ends when the samples after it
     * leave it as above, the next SHORT_LEVEL of them. Seed 101's drive
     * 179, 2 hours after a random fill against its fill's log: folding at
     * 119-134 MB/s for 16 samples to 4.0 GiB, then GC at 41-51; the
     * folding phase ended after 6 of them, "used state at 2.8 GiB, truth
     * 4.0".) */
    size_t end = b < e ? e : (b + SHORT_LEVEL < eg ? b + SHORT_LEVEL : eg), off = 0;
    for (size_t i = b; i < end; i++)
        off += fabs(c->y[i] - lv) >= 0.5 * step;
    if (fabs(c->y[b] - lv) < log(FOLD_JUMP) || 2 * off <= end - b)
        return 0;
    ssd__curve_move_boundary(c, g, b);
    return 1;
}

/* A used drive's folding right before its used state, too short for
 * flat_fold_run (a level of SHORT_LEVEL samples: a small dynamic cache
 * that idle time emptied after a fill folds in seconds). The folding
 * level is known there (the reference's, or the samples right after the
 * cache: fold_lv), so a shorter flat run at it needs no length to show it
 * is a level: folding runs at the drive's folding rate, a quiet level,
 * from the folding phase's start; GC on a drive written full finds
 * victims full of garbage at first and writes faster than its floor, even
 * faster than the folding, then slides. Samples that leave the flat level
 * (off_flat) are no folding, whichever way they go: the used state starts
 * where the run ends (seed 2026's drive 5 in the 50-drive sweep, a fill
 * after a random fill: 6 samples flat at 642 MB/s, then 738, 764, 602,
 * 557 and GC at 397; the used state was placed where the speed fell below
 * the folding, 7.7 GiB for 6.4). The run: its samples from the phase's
 * first within FOLD_BAND of that first, 3 or more, quiet (FOLD_QUIET) and
 * within a step of fold_lv. Returns 1 when the boundary moved. */
static int short_fold_run_before_gc(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                    double fold_lv, size_t j, size_t g) {
    if (j == 0 || g != j + 1 || g >= c->nph || !(fold_lv > 0))
        return 0;
    size_t f = c->ph[j].first, e = c->ph[j].last + 1, b = f + 1;
    while (b < e && fabs(c->y[b] - c->y[f]) < log(FOLD_BAND))
        b++;
    if (b >= f + SHORT_LEVEL / 2 && b < e && ssd__quiet_noise(c, f, b) <= FOLD_QUIET) {
        double lv = ssd__level_of(c, f, b);
        if (fabs(lv - log(fold_lv)) < log(o->min_step) && off_flat(c, lv, b, e, b)) {
            ssd__curve_move_boundary(c, g, b);
            return 1;
        }
    }
    return fold_run_at_level(c, o, fold_lv, j, g);
}

/* Whether GC's scatter starts at sample b of the stretch [f, e) whose
 * first half holds a folding at level lv (log) within band: more than half
 * the samples from b on lie off the band, some of them above it (a GC dip
 * only falls below a folding; GC's scatter rises above it too), and they
 * scatter SCATTER_JUMP times as much as the samples before b (a quieter
 * folding counting as QUIET_NOISE_FLOOR). The test fold_end_at_scatter and
 * fold_scatter_to_end share. */
static int scatter_starts_at(const struct ssd__curve *c, size_t f, size_t b, size_t e, double lv,
                             double band) {
    size_t off = 0, above = 0;
    for (size_t i = b; i < e; i++) {
        off += fabs(c->y[i] - lv) >= band;
        above += c->y[i] - lv >= band;
    }
    return 2 * off > e - b && above &&
           ssd__quiet_noise(c, b, e) >=
               SCATTER_JUMP * fmax(ssd__quiet_noise(c, f, b), QUIET_NOISE_FLOOR);
}

/* A folding phase right before the used state whose end the segmentation
 * put past GC's first bursts, its flat run too noisy for flat_fold_run
 * (FOLD_QUIET): GC on a drive written full finds blocks of garbage at
 * first and bursts above and below the folding's level before it settles
 * a step lower, and those bursts, averaging near the folding's speed,
 * went to the folding (seed 151's drive 180, 2 hours after a random
 * fill: a 2 GiB cache, folding at 55-62 MB/s to 4.0 GiB, then 68, 74,
 * 83, 104, 44, 75, 80, 37 before GC settles at 40: "used state at 4.7
 * GiB, truth 4.0"). The folding's level and noise are read off the first
 * half of the phase (the median, and the robust noise: its band 3 of
 * those sigmas, at least FOLD_BAND); the used state starts at the first
 * sample off that band from which on more than half the phase's samples
 * are off it (half SHORT_LEVEL or more, not counting a last sample that
 * mixes the folding with GC), when the used
 * state's level lies a step below the folding's, and some of those
 * samples burst above the band, and they scatter (their noise
 * SCATTER_JUMP times the folding's, a folding quieter than 1 % counting
 * as 1 %): a GC dip inside the folding only falls below its level, GC's
 * scatter rises above it too, and a folding whose speed drifts up at its
 * end stays as quiet as before (seed 173's drive 198, 2 hours after a
 * sequential fill: 1295 to 1362 MB/s over the folding's last 8 samples,
 * noise 2.1 % against 1.0 %). Returns 1 when the used state moved. */
static int fold_end_at_scatter(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t j,
                               size_t g) {
    if (j == 0 || g != j + 1 || g >= c->nph)
        return 0;
    size_t f = c->ph[j].first, e = c->ph[j].last + 1;
    if (e < f + 2 * SHORT_LEVEL)
        return 0;
    size_t h = f + (e - f) / 2;
    double lv = ssd__level_of(c, f, h);
    double band = fmax(log(FOLD_BAND), 3 * ssd__quiet_noise(c, f, h));
    double lg = log(c->ph[g].level_bps);
    if (lv < lg + log(o->min_step))
        return 0;
    /* (The phase's last sample a step above the used state and below the
     * band: the drop's mixed sample, no burst.) */
    if (c->y[e - 1] <= lv - band && c->y[e - 1] >= lg + log(o->min_step))
        e--;
    for (size_t b = h; b + SHORT_LEVEL / 2 <= e; b++) {
        if (fabs(c->y[b] - lv) < band)
            continue;
        if (scatter_starts_at(c, f, b, e, lv, band)) {
            ssd__curve_move_boundary(c, g, b);
            return 1;
        }
    }
    return 0;
}

/* The folding before the used state (phase *g) read as two or more
 * folding phases, the first holding the folding's flat run and then GC's
 * scatter: GC on a drive written full finds victims full of garbage at
 * first and bursts back towards the direct level (seed 2026's drive 5 in
 * the 50-drive sweep, fresh 2 hours: folding flat at 505 MB/s from 269 to
 * 306 GiB, then GC scattering 312-1,082 and sliding; one folding phase at
 * 482 MiB/s to 482 GiB, a second at 337 to 669, the used state from there,
 * 2.2x late). Folding runs at the drive's folding rate, one quiet level,
 * until the cache is folded; it does not come back after GC's scatter.
 * When the first folding phase's flat run (flat_fold_run) is followed in
 * it by a lasting stretch (SHORT_LEVEL samples or more) that left that
 * level (most of it off FOLD_BAND; its first sample may be the mix of
 * the two, 968 after 1,010 per 2 s) and scatters (its noise SCATTER_JUMP
 * times the run's,
 * a run quieter than 1 % counting as 1 %), the used state starts where the
 * run ends, and the folding phases after it are the used state's. Returns
 * 1 when the used state moved (*g is then its phase). */
static int gc_scatter_after_fold_run(struct ssd__curve *c, size_t *g) {
    size_t j0 = *g;
    while (j0 > 1 && c->ph[j0 - 1].regime == SSD_REGIME_FOLDING)
        j0--;
    if (j0 + 2 > *g || *g >= c->nph)
        return 0;
    size_t a, b, e = c->ph[j0].last + 1;
    if (!flat_fold_run(c, j0, &a, &b) || b + SHORT_LEVEL > e)
        return 0;
    double lv = ssd__level_of(c, a, b);
    size_t off = 0;
    for (size_t i = b; i < e; i++)
        off += fabs(c->y[i] - lv) >= log(FOLD_BAND);
    if (2 * off <= e - b || !(ssd__quiet_noise(c, b, e) >=
                              SCATTER_JUMP * fmax(ssd__quiet_noise(c, a, b), QUIET_NOISE_FLOOR)))
        return 0;
    while (*g > j0 + 1) {
        ssd__curve_merge_next(c, *g - 1);
        (*g)--;
    }
    c->ph[*g].regime = SSD_REGIME_GC;
    ssd__curve_move_boundary(c, *g, b);
    return 1;
}

/* The first of several folding phases before the used state (j0) that
 * holds no level as a whole because GC's first scatter went into it: the
 * folding ran at its quiet program rate, then GC scattered about a median
 * near that rate (victims of uneven garbage: some seconds at the direct
 * writes' speed, some at GC's floor), and the segmentation's boundary
 * came only where that median fell. Seed 461's drive 89, fresh 2 hours:
 * folding at 1460-1620 MiB/s from 1148 GiB, GC scattering 450-2600 from
 * 1708 (median 1500 at first), one folding phase to 2155 GiB and a second
 * at 1046 to 2720, read as the used state's start (59 % late). Where the
 * scatter jumps inside j0 (ssd__scatter_onset, SCATTER_JUMP or more),
 * with a quiet level before it (its noise within a third of a step,
 * holding its level, a lasting stretch of SHORT_LEVEL samples or more) and
 * most samples after it off FOLD_BAND of that level, the used state
 * starts: j0 is split there and everything from the jump to the used
 * state joins it. Returns 1 when the used state moved (*g its phase). */
static int gc_scatter_inside_fold_phase(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                        size_t j0, size_t *g) {
    size_t f = c->ph[j0].first, e = c->ph[j0].last + 1;
    if (e < f + 2 * SHORT_LEVEL + 2)
        return 0;
    double jump = 0;
    size_t kn = ssd__scatter_onset(c, f + 1, f + SHORT_LEVEL, e, SHORT_LEVEL, &jump);
    if (!(jump >= SCATTER_JUMP) || kn < f + SHORT_LEVEL || kn + SHORT_LEVEL > e)
        return 0;
    double lv = ssd__level_of(c, f, kn), q = ssd__quiet_noise(c, f, kn);
    if (!(q <= log(o->min_step) / 3) || !ssd__holds_level(c, o, f, kn, lv))
        return 0;
    size_t off = 0;
    for (size_t i = kn; i < e; i++)
        off += fabs(c->y[i] - lv) >= log(FOLD_BAND);
    if (2 * off <= e - kn ||
        !(ssd__quiet_noise(c, kn, e) >= SCATTER_JUMP * fmax(q, QUIET_NOISE_FLOOR)))
        return 0;
    if (ssd__curve_split(c, j0, kn) != 0)
        return 0;
    (*g)++;
    while (*g > j0 + 1) {
        ssd__curve_merge_next(c, *g - 1);
        (*g)--;
    }
    c->ph[j0].regime = SSD_REGIME_FOLDING;
    c->ph[*g].regime = SSD_REGIME_GC;
    return 1;
}

/* The same when the first folding phase holds its level as a whole
 * (ssd__holds_level; a folding with 2 % noise has no flat run under
 * FOLD_QUIET) and GC's scatter begins with the next folding phase, where
 * the segmentation put the change: seed 89's drive 50, fresh
 * 2 hours, folding flat at 1271 MB/s to 613 GiB, then GC scattering
 * 490-1840 read as a second folding phase at 715 MiB/s to 1006 GiB, the
 * used state 64 % late (fold_to_its_flat_run then took a flat run inside
 * that scatter for the folding's). That phase, judged as above (most of
 * it off FOLD_BAND of the folding's level, its noise SCATTER_JUMP times
 * the folding's), is the used state's start. Returns 1 when the used state moved. */
static int gc_scatter_after_fold_phase(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                       size_t *g) {
    size_t j0 = *g;
    while (j0 > 1 && c->ph[j0 - 1].regime == SSD_REGIME_FOLDING)
        j0--;
    if (j0 + 2 > *g || *g >= c->nph)
        return 0;
    size_t f = c->ph[j0].first, e = c->ph[j0].last + 1;
    double q = ssd__quiet_noise(c, f, e), lv = log(c->ph[j0].level_bps);
    if (e < f + SHORT_LEVEL)
        return 0;
    if (!ssd__holds_level(c, o, f, e, lv))
        return gc_scatter_inside_fold_phase(c, o, j0, g);
    size_t f2 = c->ph[j0 + 1].first, e2 = c->ph[j0 + 1].last + 1, off = 0;
    if (e2 < f2 + SHORT_LEVEL)
        return 0;
    for (size_t i = f2; i < e2; i++)
        off += fabs(c->y[i] - lv) >= log(FOLD_BAND);
    if (2 * off <= e2 - f2 ||
        !(ssd__quiet_noise(c, f2, e2) >= SCATTER_JUMP * fmax(q, QUIET_NOISE_FLOOR)))
        return 0;
    while (*g > j0 + 1) {
        ssd__curve_merge_next(c, *g - 1);
        (*g)--;
    }
    c->ph[*g].regime = SSD_REGIME_GC;
    return 1;
}

/* Whether phase j, shorter than a lasting phase, after a lasting phase and
 * before another, is a fresh drive's folding once its capacity has been
 * written (ssd__fold_at_capacity), whatever the cache test found before
 * it: the used state starts after it, not at it. (A lasting folding is
 * the other rules' to place: there the knee finds where GC's first
 * samples, still near the folding's level, begin; seed 127's drive 61,
 * fresh WSAT, was read 6 % late without it.) */
int ssd__quiet_fold(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t j) {
    if (j == 0 || j + 1 >= c->nph || c->ph[j - 1].last - c->ph[j - 1].first + 1 < c->min_len ||
        c->ph[j].last - c->ph[j].first + 1 >= c->min_len)
        return 0;
    const struct ssd_phase *p = &c->ph[j];
    return ssd__fold_at_capacity(c, o, p->first, p->last + 1, log(c->ph[j - 1].level_bps),
                                 log(p->level_bps));
}

/* Whether phase j is a quiet flat level (its sample-to-sample noise
 * within a third of a step, its halves' medians within a quarter of one,
 * three quarters of its samples within a step of its level) and phase
 * j + 1 scatters SCATTER_JUMP times as much (a quieter level counts as
 * QUIET_NOISE_FLOOR): a folding's one program rate against GC's speed,
 * which scatters with each victim's valid data. The callers check the
 * phases' lengths and levels. */
int ssd__quiet_before_scatter(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              size_t j) {
    const struct ssd_phase *p = &c->ph[j], *r = &c->ph[j + 1];
    double lim = log(o->min_step);
    size_t a = p->first, b = p->last + 1, m = a + (b - a) / 2;
    double noise = ssd__quiet_noise(c, a, b);
    if (!(noise <= lim / 3) || !ssd__holds_level(c, o, a, b, log(p->level_bps)) ||
        4 * fabs(ssd__level_of(c, a, m) - ssd__level_of(c, m, b)) >= lim)
        return 0;
    return SCATTER_JUMP * fmax(noise, QUIET_NOISE_FLOOR) <= ssd__quiet_noise(c, b, r->last + 1);
}

/* A fresh drive's dynamic cache folded to the run's end, GC's scatter
 * after it read as part of the folding: no used state found (the
 * segmentation gave GC's first lasting stretch to the folding's phase,
 * GC scattering about the folding's level at first). Folding runs at one
 * quiet level until the cache is folded and does not come back once GC
 * runs; GC's speed scatters with each victim block's valid data. Seed
 * 367's drive 191, fresh 2 hours: a 169 GiB dynamic cache, direct writes
 * at 127 MB/s, folding at 84-88 MB/s from 335.6 GiB, then GC scattering
 * 26-126 from 765.9 for the run's last 163 samples, all one folding phase
 * ("used state from 765.9 GiB missed"; 101's drive 85 the same at 15 MB/s
 * with GC at 8-36). When the last phase, two lasting phases or longer, a
 * step below the phase before it after a dynamic cache, has in its second
 * half, past the capacity (GC_MIN_CAPACITY_SHARE: no GC before), a sample
 * off its first half's level (by FOLD_BAND or 3 of that half's noise)
 * from which to the run's end, a lasting stretch, most samples are off it,
 * some above (a GC dip only falls below a folding; GC's scatter rises
 * above it too), scattering SCATTER_JUMP times as much as the phase
 * before that sample (a quieter one counting as 1 %; fold_end_at_scatter's
 * test where a used state was found), that stretch is the used state: the
 * phase is split there. Returns the used state's phase, 0 when it is not
 * this shape. (Round 47: that stretch may be half a lasting phase,
 * SHORT_LEVEL at least, when it reaches the run's end: GC that starts in
 * a run's last minute is no shorter for it (seed 431's drive 183, fresh 2
 * hours: folding at 54 MiB/s, then GC at 46-174 for the last 64 samples,
 * a lasting phase 72: "used state missed"). And the first sample off the
 * band from which most are off it may be a folding's own noise well
 * before GC when GC fills the rest of the run: the split goes to where
 * the scatter jumps from it on (ssd__scatter_onset, SCATTER_JUMP or more,
 * the stretch from there still this shape); seed 229's drive 172, 2
 * hours, folding at 61-70 MiB/s, GC scattering 45-190 from 530.1 GiB,
 * was split at a sample of 71 at 492.8.) */
size_t ssd__fold_scatter_to_end(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                const struct ssd_analysis_summary *S) {
    if (o->written_before_bytes > 0 || !(c->capacity > 0) || !ssd__dynamic_cache(S) || c->nph < 3)
        return 0;
    size_t j = c->nph - 1, f = c->ph[j].first, e = c->ph[j].last + 1;
    if (c->ph[j].level_bps * o->min_step > c->ph[j - 1].level_bps || e < f + 2 * c->min_len)
        return 0;
    size_t h = f + (e - f) / 2;
    double lv = ssd__level_of(c, f, h);
    double band = fmax(log(FOLD_BAND), 3 * ssd__quiet_noise(c, f, h));
    size_t tail = (c->min_len + 1) / 2 > SHORT_LEVEL ? (c->min_len + 1) / 2 : SHORT_LEVEL;
    for (size_t b = h; b + tail <= e; b++) {
        if (fabs(c->y[b] - lv) < band || c->cum[b] < GC_MIN_CAPACITY_SHARE * c->capacity)
            continue;
        if (scatter_starts_at(c, f, b, e, lv, band)) {
            double jump = 0;
            size_t k = e >= b + tail + 2 ? ssd__scatter_onset(c, f + 1, b, e, tail, &jump) : b;
            if (k > b && jump >= SCATTER_JUMP && scatter_starts_at(c, f, k, e, lv, band))
                b = k;
            return ssd__curve_split(c, j, b) == 0 ? j + 1 : 0;
        }
    }
    return 0;
}

/* Whether phase j, a lasting phase of a fresh drive (nothing written
 * before the run, a known capacity) that starts once half the capacity has
 * been written (FOLD_MIN_CAPACITY_SHARE: the cache's blocks hold a bit a
 * cell, so the flash runs out before the capacity has been written; round
 * 40 asked for the capacity, and seed 163's drive 172, fresh WSAT, 2.68
 * GB/s, folding from 0.92 of it at 1428 MB/s for 8 quiet samples, then GC
 * scattering around 2.1 GB/s, read the folding as other) and before its
 * raw flash can have been
 * (RAW_MAX_CAPACITY_SHARE: a fresh drive's clean blocks run out by then,
 * and the cache folds when they do), is a dynamic cache's folding that
 * the segmentation gave a phase of its own right before GC's: a step
 * (min_step) below the lasting level before it, quiet (its sample-to-sample noise within a
 * third of a step) and flat (its halves' medians within a quarter of a
 * step, three quarters of its samples within a step of its level), and
 * the lasting phase after it scatters SCATTER_JUMP times as much (a
 * quieter folding counts as QUIET_NOISE_FLOOR). A dynamic cache is
 * folded when the drive is full, before GC must run, at the flash's
 * program rate, one quiet level; GC's speed scatters with how much valid
 * data each victim block holds and slides as the garbage spreads. A
 * cache too close to the direct speed to call one (seed 101's drive 50,
 * fresh WSAT: 2.88 GB/s over 2.54), or ended inside the first sample,
 * leaves ssd__dynamic_cache false, and the first lasting change past the
 * capacity was read as the used state, its folding at 1.21 GB/s for
 * 142 GiB labelled GC ("folding from 852.5 GiB missed, used state at
 * 846.6 GiB, truth 994.7"). GC's own start on a cacheless drive is no
 * such level: near the direct speed its scatter is clipped there, but
 * then it sits within a step of the direct writes; a step below them it
 * scatters at once (seed 11's drive 195: 311, 218, 313, 334 after 1560
 * MB/s), and it never holds a flat level before scattering more. */
int ssd__fold_before_scatter(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                             size_t j) {
    return ssd__fold_before_scatter_of(c, o, j, c->min_len);
}

/* The same with phase j min_fold samples long or more: a folding shorter
 * than a lasting phase of a long run (a dynamic cache of a few tens of
 * GiB folds in 30-60 s of a 2-hour run's 1-s samples, a lasting phase 72
 * samples), which its quiet level and the scatter after it show as well
 * as a long one's. */
int ssd__fold_before_scatter_of(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                size_t j, size_t min_fold) {
    if (o->written_before_bytes > 0 || !(c->capacity > 0) || j == 0 || j + 1 >= c->nph)
        return 0;
    const struct ssd_phase *q = &c->ph[j - 1], *p = &c->ph[j], *r = &c->ph[j + 1];
    double lim = log(o->min_step);
    size_t a = p->first, b = p->last + 1;
    if (q->last - q->first + 1 < c->min_len || b - a < min_fold ||
        r->last - r->first + 1 < c->min_len || c->cum[a] < FOLD_MIN_CAPACITY_SHARE * c->capacity ||
        c->cum[a] > RAW_MAX_CAPACITY_SHARE * c->capacity)
        return 0;
    if (p->level_bps * o->min_step > q->level_bps)
        return 0;
    /* (Before the capacity has been written, the speed never comes back
     * to the direct writes' level after it: a drive whose flash ran out
     * gets no clean blocks back without idle time, while a GC dip's
     * cluster ends at that level again. Seed 359's drive 187, the random
     * fill of a fresh drive with no cache: 1353 MB/s, 580 for 3 samples
     * from 191.6 GiB, 1015 to 203.4, then 1377 to the end, read as
     * folding and GC, and the 2-hour run after it as a 1 GiB cache.) */
    if (c->cum[a] < GC_MIN_CAPACITY_SHARE * c->capacity)
        for (size_t k = j + 1; k < c->nph; k++)
            if (c->ph[k].level_bps * o->min_step > q->level_bps)
                return 0;
    /* (The direct writes run at their level up to the folding: the last
     * lasting stretch before it is at the level before (its median: GC
     * dips in the direct writes are no slide). A phase whose end already
     * slid a step below its level is GC's start the segmentation gave to
     * the direct writes: seed 2026's drive 9, fresh WSAT, 1.33 GB/s, then
     * GC sliding from 1.24, its first 1.1 TiB in the first phase.) */
    size_t qe = q->last + 1;
    if (fabs(ssd__level_of(c, qe - c->min_len, qe) - log(q->level_bps)) >= lim)
        return 0;
    return ssd__quiet_before_scatter(c, o, j);
}

/* A fresh drive's folding that the onset rules cut in two: its first
 * samples left with the direct writes, the rest given to the used state
 * (phase *g). The knee and fresh_band_leave place a fresh drive's onset
 * no earlier than the capacity, and where the speed first left the
 * direct level; a dynamic cache that ran at the direct writes' speed
 * (4K random writes capped by the drive's IOPS, cache or not: no cache
 * to see) starts folding before the capacity has been written and
 * folds past it, a quiet level a step below, shorter than a lasting
 * phase, and the used state was read from the capacity, inside it.
 * Seed 433's drive 3, fresh 2 hours: direct writes at 2744 MiB/s to
 * 147.3 GiB, folding at 1506 (no noise) for 31 s, then GC scattering
 * 225-2776 from 192.8 GiB; the direct phase ended at 157.6 GiB (the
 * capacity), the used state from there ("folding from 147.1 GiB
 * missed, used state at 157.6, truth 192.7"). The same after a cache
 * that shows: seed 487's drive 187, 2 hours, a cache at 2733 MiB/s to
 * 33 GiB, direct writes at 1413 to 107.2, folding at 815-969 for 60 s,
 * then GC at 75, the used state read from the capacity, 123.8 GiB, for
 * 160.2. Folding runs at the flash's program rate until the cache is
 * folded, one quiet level; GC's speed scatters with each victim's valid
 * data. So where the
 * samples around the onset found hold one quiet flat level (the
 * folding's band, FOLD_BAND or 3 of its noise, walked back into the
 * direct phase and on into the used state's), a step below the direct
 * writes before it, 2 min_phase_samples or more, its noise within a
 * third of a step and its halves' medians within a quarter of one,
 * starting once half the capacity has been written and before the raw
 * flash can have been (FOLD_MIN_CAPACITY_SHARE, RAW_MAX_CAPACITY_SHARE,
 * as ssd__fold_before_scatter_of asks), and the scatter jumps at its
 * end (ssd__scatter_onset, SCATTER_JUMP times its noise, a quieter one
 * counting as QUIET_NOISE_FLOOR, most samples off its band) once the
 * capacity has been written (GC_MIN_CAPACITY_SHARE: no garbage to
 * collect before), that level is the folding and the used state starts
 * at the jump. The direct writes before it are the first level of the
 * run (after a cache, if one was found), at their level up to the
 * folding (their last 2 min_phase_samples within a step of the
 * whole's median). Returns 1 when it split (*g is then the used state's
 * phase, the folding the one before it). */
int ssd__fold_across_onset(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                           const struct ssd_analysis_summary *S, size_t *g) {
    size_t gg = *g;
    if (o->written_before_bytes > 0 || !(c->capacity > 0) || gg == 0 || gg >= c->nph ||
        gg - 1 != (S->has_cache ? 1u : 0u))
        return 0;
    size_t fm = 2 * (size_t)o->min_phase_samples, ml = c->min_len;
    if (fm < SHORT_LEVEL / 2)
        fm = SHORT_LEVEL / 2;
    if (ml < SHORT_LEVEL)
        ml = SHORT_LEVEL;
    size_t df = c->ph[gg - 1].first, g0 = c->ph[gg].first, e = c->ph[gg].last + 1;
    if (g0 < df + 2 * fm || e < g0 + fm + ml)
        return 0;
    double lim = log(o->min_step);
    /* (The level the onset's first samples hold, and its band.) */
    double lv = ssd__level_of(c, g0, g0 + fm);
    double band = fmax(log(FOLD_BAND), 3 * ssd__quiet_noise(c, g0, g0 + fm));
    size_t s = g0;
    while (s > df + fm && fabs(c->y[s - 1] - lv) < band)
        s--;
    size_t k = g0;
    while (k < e && fabs(c->y[k] - lv) < band)
        k++;
    if (k < g0 + fm / 2)
        return 0;
    size_t hi = k + ml < e ? k + ml : e;
    double jump = 0;
    size_t kn = ssd__scatter_onset(c, s + 1, s + fm, hi, fm, &jump);
    if (!(jump >= SCATTER_JUMP) || kn <= g0 || kn < s + fm || kn + fm > hi ||
        c->cum[kn] < GC_MIN_CAPACITY_SHARE * c->capacity ||
        c->cum[s] < FOLD_MIN_CAPACITY_SHARE * c->capacity ||
        c->cum[s] > RAW_MAX_CAPACITY_SHARE * c->capacity)
        return 0;
    double lf = ssd__level_of(c, s, kn), q = ssd__quiet_noise(c, s, kn);
    size_t m = s + (kn - s) / 2;
    if (!(q <= lim / 3) || !ssd__holds_level(c, o, s, kn, lf) ||
        4 * fabs(ssd__level_of(c, s, m) - ssd__level_of(c, m, kn)) >= lim)
        return 0;
    /* (The direct writes a step above it, at their level up to it.) */
    double ld = ssd__level_of(c, df, s);
    if (lf > ld - lim || fabs(ssd__level_of(c, s - fm, s) - ld) >= lim)
        return 0;
    /* (GC's scatter after it.) */
    size_t ge = kn + ml < e ? kn + ml : e, off = 0;
    double bf = fmax(log(FOLD_BAND), 3 * q);
    for (size_t i = kn; i < ge; i++)
        off += fabs(c->y[i] - lf) >= bf;
    if (2 * off <= ge - kn ||
        !(ssd__quiet_noise(c, kn, ge) >= SCATTER_JUMP * fmax(q, QUIET_NOISE_FLOOR)))
        return 0;
    ssd__curve_move_boundary(c, gg, s);
    if (ssd__curve_split(c, gg, kn) != 0) {
        ssd__curve_move_boundary(c, gg, g0);
        return 0;
    }
    *g = gg + 1;
    return 1;
}

/* The folding read as the direct writes' end, and GC's scatter after it
 * as the folding: a fresh drive's dynamic cache folds at a quiet level a
 * step below its direct writes, right before the used state, and a step
 * of a lasting phase or two may not pay the segmentation's penalty at the
 * run's noise (GC's scatter after it sets that noise). Seed 2026's drive
 * 48 in the 50-drive sweep, fresh WSAT in 4 s samples: direct writes at
 * 1,618 MB/s to 884 GiB, folding at 1,163 (1.39x below, 2 % noise) for 25
 * samples to 984 GiB, then GC scattering 380-1,680 and sliding: one
 * direct phase to 984 GiB, "folding" from there at 658 MiB/s, the used
 * state from 1,343 GiB, 36 % late. Folding is a quiet level and GC's start
 * is no level at all: when the first folding phase before the used state
 * (*g) scatters (its noise SCATTER_JUMP times the quiet tail's, a tail
 * quieter than 1 % counting as 1 %) and the direct phase before it ends
 * in a lasting level (the best two-level split of its last four lasting
 * phases, each side a lasting phase or SHORT_LEVEL samples) a step below
 * its direct level, that tail is the folding and the used state starts
 * where the scatter does. Returns 1 when it split (*g is then the used
 * state's phase, the folding the one before it). */
static int fold_at_direct_end(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t *g) {
    size_t j0 = *g;
    while (j0 > 1 && c->ph[j0 - 1].regime == SSD_REGIME_FOLDING)
        j0--;
    if (j0 == *g || j0 < 2 || *g >= c->nph || c->ph[j0 - 1].regime != SSD_REGIME_DIRECT)
        return 0;
    size_t f = c->ph[j0 - 1].first, e = c->ph[j0 - 1].last + 1;
    size_t ml = c->min_len > SHORT_LEVEL ? c->min_len : SHORT_LEVEL;
    if (e < f + 2 * ml)
        return 0;
    size_t a = e - f > 4 * ml ? e - 4 * ml : f;
    double l1, l2, gain;
    size_t k = ssd__two_levels(c, a, e, a + ml, e - ml, &l1, &l2, &gain);
    if (!k || l1 - l2 < log(o->min_step) ||
        fabs(l1 - log(c->ph[j0 - 1].level_bps)) >= log(o->min_step))
        return 0;
    double tail = ssd__quiet_noise(c, k, e);
    if (!(ssd__quiet_noise(c, c->ph[j0].first, c->ph[j0].last + 1) >=
          SCATTER_JUMP * fmax(tail, QUIET_NOISE_FLOOR)))
        return 0;
    if (ssd__curve_split(c, j0 - 1, k) != 0)
        return 0;
    (*g)++;
    c->ph[j0].regime = SSD_REGIME_FOLDING;
    while (*g > j0 + 2) {
        ssd__curve_merge_next(c, *g - 1);
        (*g)--;
    }
    c->ph[j0 + 1].regime = SSD_REGIME_GC;
    ssd__curve_merge_next(c, j0 + 1);
    *g = j0 + 1;
    return 1;
}

/* Whether a level after a cache of lo to hi bytes that ends at `end`
 * bytes lasted 1, 2 or 3 times the cache (FOLD_BYTES_PER_CACHED, within
 * 10 %) for some cache size in those bounds: a dynamic cache's folding
 * after a random fill (the labelling's folds_cache). */
static int lasts_a_fold_of(double lo, double hi, double end) {
    for (int m = 1; m <= (int)FOLD_BYTES_PER_CACHED; m++)
        if (end / (1 + 1.1 * m) <= hi && end / (1 + 0.9 * m) >= lo)
            return 1;
    return 0;
}

/* Where the level of phase j - 1 ended, in bytes, when one sample at its
 * boundary with phase j (the boundary's last sample or its first) mixes it
 * with what follows: that sample's share of time at the level, as the
 * cache's end inside a mixing sample is read. A sample's bytes are the
 * time-weighted mix of the two speeds it held (fio's per-interval
 * bandwidth, as the model's 0.1 s ticks sum), so a sample half a step or
 * more from both the level and the median of the three after it, and
 * between them, ran (r - after) / (level - after) of its time at the
 * level. Without such a sample the level ended at the boundary. */
static double level_end_in_mixing_sample(const struct ssd__curve *c,
                                         const struct ssd__analysis_opts *o, size_t j) {
    size_t f = c->ph[j].first;
    double end = c->cum[f], half = 0.5 * log(o->min_step), lv = log(c->ph[j - 1].level_bps);
    for (size_t m = f - 1; m <= f; m++) {
        if (m <= c->ph[j - 1].first || m + 3 >= c->n)
            continue;
        double after = ssd__median3(c->y[m + 1], c->y[m + 2], c->y[m + 3]);
        if (!(c->y[m] <= lv - half && c->y[m] >= after + half))
            continue;
        double share = (c->r[m] - exp(after)) / (exp(lv) - exp(after));
        return c->cum[m] + share * ssd__curve_dt(c, m) * exp(lv);
    }
    return end;
}

/* Whether a level that ends at `end` can be the folding of a dynamic
 * cache bounded inside the first samples (lo..hi) after a sequential
 * fill, whose log showed a dynamic cache of ref_cache bytes. A random
 * fill's folding frees (bits - 1) bytes per byte this run cached
 * (lasts_a_fold_of), but after a sequential fill the SLC area still holds
 * the fill's last bytes that the idle time did not flush, and the drive
 * folds them too before GC runs: the folding lasts at least the cache
 * (it frees a byte or more per byte cached) and at most what folding the
 * whole dynamic cache the fill's log showed, and this run's, frees (up to
 * FOLD_BYTES_PER_CACHED bytes per byte). In the sweep's tune seeds (1,660
 * WSAT and 2-hour runs of a dynamic cache after a sequential fill, the
 * model's cache, folding, GC) GC started 2.03-58x the run's cache and
 * 0.19-3.09x the fill's cache in: 313's drive 64, WSAT, 2733 MiB/s in
 * the first 5 s sample, 1304 holding the cache's end, then folding flat
 * at 896 to 86 GiB (the model's 16.3 GiB cache: 5.3x), then GC at 81,
 * was read as clean blocks to 85 GiB, "folding from 16.3 GiB missed". A
 * fill log's cache of unknown size bounds nothing: lasts_a_fold_of. */
static int lasts_a_seq_fold_of(double lo, double hi, double end, double ref_cache) {
    if (!(ref_cache > 0))
        return lasts_a_fold_of(lo, hi, end);
    return end >= (1 + (1 - FOLD_MULTIPLE_TOL)) * lo &&
           end <= hi + (1 + FOLD_MULTIPLE_TOL) * FOLD_BYTES_PER_CACHED * (ref_cache + hi);
}

/* Where a flat run at level lv (within band, in log) from sample k ends:
 * the first sample, at or past k, where it and the next are off the band
 * and more than half of the m from it are, before e and while the bytes
 * written before it stay within last. */
static size_t flat_run_end(const struct ssd__curve *c, size_t k, size_t e, size_t m, double lv,
                           double band, double last) {
    for (; k + m <= e && c->cum[k] <= last; k++) {
        if (fabs(c->y[k] - lv) < band || fabs(c->y[k + 1] - lv) < band)
            continue;
        size_t off = 0;
        for (size_t i = k; i < k + m; i++)
            off += fabs(c->y[i] - lv) >= band;
        if (2 * off > m)
            break;
    }
    return k;
}

/* The same folding inside a lasting used state that starts at the
 * cache's end: in a run of hours, a lasting phase is 1 % of the samples
 * (72 of 2 hours' 7200), so a folding of 30-40 samples is no phase of its
 * own and the used state was put at the cache's end (seed 61's drive 75,
 * 2 hours after a sequential fill: 8.76 GiB of cache, folding flat at
 * 334-376 MB/s to 18.1 GiB, then GC at 280-300 with bursts: "used state
 * at 8.9 GiB, before the model's 18.0"; seed 137's drive 44, 7.6 for
 * 23.3). The folding is a quiet flat level from the phase's start: its
 * first SHORT_LEVEL samples set its level and noise (the band: 3 of its
 * sigmas, at least FOLD_BAND, at most a step), and it runs to the first
 * sample from which most of the next SHORT_LEVEL / 2 are off that band
 * (GC settling lower, or its bursts; a single sample off is noise, and
 * so is one whose next sample is back in the band: seed 367's drive 40,
 * 2 hours, folding at 807-863 MiB/s, 882, 833, 843, then GC at 536, 464,
 * 454, 1329; the run ended at the 882, 2.4 GiB early). Taken
 * when the run is quiet (a third of a step) and flat (not falling
 * through), and ends where a dynamic cache's folding ends: 1, 2 or 3
 * times the cache's bytes after it (lasts_a_fold_of, the cache's stated
 * uncertainty its bounds; the drive folds (bits - 1) times what its SLC
 * held; with the fill's own log showing a dynamic cache of ref_cache
 * bytes, lasts_a_seq_fold_of: the idle time flushed only part of the
 * fill's last bytes, and the drive folds the rest too), which GC's own
 * quiet stretches need not, and when the used state's first lasting
 * stretch after it runs a step below it, or its first 2 SHORT_LEVEL
 * samples a step above it and the stretch scatters SCATTER_JUMP times
 * the run's noise (a folding quieter than 1 % counting as 1 %): GC on a
 * drive written full finds blocks full of garbage at first and bursts
 * above the folding before it settles about its level (seed 367's drive
 * 121, 2 hours: 15.9 GiB of cache, folding flat at 52-54 MiB/s to 80.9
 * GiB, then GC at 45-158, its first 20 samples' median 70, its lasting
 * stretch's 56; the fill's log a 157 GiB cache: "used state at 15.9 GiB,
 * before the model's 80.9"). A folding at GC's own level is the used
 * state as the curve shows it: seed 311's drive 94, GC scattering about
 * the folding's median, stays as it was. When phase 1 ends within a
 * lasting phase of the run's end, and phases follow, the stretch after
 * the run is GC's first samples, which the segmentation could not give
 * to the phase after (the caller moves that boundary). Returns the sample
 * where the used state starts, 0 when there is no such folding. */
static size_t fold_run_in_used_state(const struct ssd__curve *c,
                                     const struct ssd_analysis_summary *S, double step,
                                     double ref_cache) {
    size_t a = c->ph[1].first, e = c->ph[1].last + 1, m = SHORT_LEVEL / 2;
    if (e < a + 2 * SHORT_LEVEL || !(S->cache_bytes > 0))
        return 0;
    double unc = isfinite(S->cache_uncertainty_bytes) ? S->cache_uncertainty_bytes : 0;
    double lo = S->cache_bytes - unc, hi = S->cache_bytes + unc;
    double lv = ssd__level_of(c, a, a + SHORT_LEVEL);
    double band = fmin(step, fmax(log(FOLD_BAND), 3 * ssd__quiet_noise(c, a, a + SHORT_LEVEL)));
    double last = ref_cache > 0
                      ? hi + (1 + FOLD_MULTIPLE_TOL) * FOLD_BYTES_PER_CACHED * (ref_cache + hi)
                      : (1 + 1.1 * FOLD_BYTES_PER_CACHED) * hi;
    size_t k = flat_run_end(c, a + SHORT_LEVEL, e, m, lv, band, last);
    /* (Ended within a lasting phase of phase 1's end: the rest of phase
     * 1 is GC's start when a phase follows; the stretch after the run is
     * read on into that phase.) */
    int past = c->nph >= 3 && k + c->min_len > e && k + m <= e;
    size_t w = k + c->min_len < c->n ? k + c->min_len : c->n;
    if (!past && w > e)
        w = e;
    double q = ssd__quiet_noise(c, a, k);
    int below = ssd__level_of(c, k, w) + step <= lv;
    int bursts = k + 2 * SHORT_LEVEL <= w &&
                 ssd__level_of(c, k, k + 2 * SHORT_LEVEL) >= lv + step &&
                 ssd__quiet_noise(c, k, w) >= SCATTER_JUMP * fmax(q, QUIET_NOISE_FLOOR);
    /* (A run that ends within a lasting phase of phase 1's end, the last
     * phase, is the segmentation's own boundary: the rules below read it.) */
    if ((k + c->min_len > e && !past) || c->cum[k] > last || !(q <= step / 3) ||
        ssd__falls_through(c, a, k) || !lasts_a_seq_fold_of(lo, hi, c->cum[k], ref_cache) ||
        !(below || bursts))
        return 0;
    /* (The run holds its band from its start: its first sample may mix the
     * cache's end in, but direct writes before the folding are no part of
     * it, however few (seed 101's drive 119, WSAT: 3 samples at 320 MB/s,
     * then folding at 116 for 75 GiB and GC at 103): its first
     * SHORT_LEVEL / 2 after that one all within the band, and at most a
     * quarter of the rest stray.) */
    size_t off_start = 0, off_all = 0;
    for (size_t i = a + 1; i < k; i++) {
        int off = fabs(c->y[i] - lv) >= band;
        off_all += off;
        off_start += off && i <= a + m;
    }
    if (off_start || 4 * off_all > k - a - 1)
        return 0;
    return k;
}

/* The same folding read by where GC's scatter starts, not by a band
 * about its first samples (fold_run_in_used_state): a folding at the
 * flash's program rate is one quiet level, but 2-5 % of noise is enough
 * for one of its samples, or two in a row, to leave a band set by its
 * first ten, and stray samples then turn the run down (seed 439's drive
 * 157, 2 hours after a sequential fill: 13.4 GiB of cache, folding at
 * 786-930 MiB/s to 42.3 GiB, then GC scattering 363-719: the band's run
 * ended at a 792, 20 samples in, and was not taken: "used state at 13.4
 * GiB, truth 42.3"; 479's drive 146, folding at 389-451 MiB/s for 25
 * samples, the same). GC's speed scatters with each victim's valid data;
 * the folding's does not. From the cache's end (its first sample, which
 * may hold the cache's last bytes, left out), the stretch before the
 * sample where the scatter jumps (ssd__scatter_onset, SCATTER_JUMP or
 * more, searched over the bytes a folding can last and a lasting phase
 * after) is the folding when it is SHORT_LEVEL / 2 samples or more, one
 * level (its best two-level split within a step; or, a step above it,
 * the direct writes to the clean blocks the cache left, which come before
 * the folding: every sample within a step of their level, not falling
 * through, min_drop below the cache; *direct_end is then where they end,
 * and the rest is read as the folding; seed 491's drive 32, WSAT: 7 samples at 463-544 MiB/s
 * to 48.5 GiB, folding at 158-166 to 215.1, "used state at 31.5 GiB,
 * truth 48.5"), quiet (its noise within a third of a step),
 * flat (its halves' medians within a quarter of a step, three quarters of
 * its samples within a step of its level: ssd__holds_level; not falling
 * through), the lasting stretch after it scatters SCATTER_JUMP times as
 * much (a quieter folding counting as QUIET_NOISE_FLOOR), and it ends
 * where a dynamic cache's folding ends (lasts_a_seq_fold_of). Returns the
 * sample where the used state starts, 0 when there is no such folding. */
static size_t fold_scatter_in_used_state(const struct ssd__curve *c,
                                         const struct ssd__analysis_opts *o,
                                         const struct ssd_analysis_summary *S, double ref_cache,
                                         size_t *direct_end) {
    double step = log(o->min_step);
    size_t a = c->ph[1].first + 1, m = SHORT_LEVEL / 2;
    *direct_end = 0;
    if (!(S->cache_bytes > 0) || a + 2 * SHORT_LEVEL > c->n)
        return 0;
    double unc = isfinite(S->cache_uncertainty_bytes) ? S->cache_uncertainty_bytes : 0;
    double lo = S->cache_bytes - unc, hi = S->cache_bytes + unc;
    double last = ref_cache > 0
                      ? hi + (1 + FOLD_MULTIPLE_TOL) * FOLD_BYTES_PER_CACHED * (ref_cache + hi)
                      : (1 + 1.1 * FOLD_BYTES_PER_CACHED) * hi;
    size_t top = a;
    while (top < c->n && c->cum[top] <= last)
        top++;
    size_t hi_s = top + c->min_len < c->n ? top + c->min_len : c->n;
    double jump = 0;
    size_t k = ssd__scatter_onset(c, a, a + m, hi_s, SHORT_LEVEL, &jump);
    if (!(jump >= SCATTER_JUMP) || k < a + m || k > top)
        return 0;
    size_t w = k + c->min_len < c->n ? k + c->min_len : c->n;
    double l1, l2, gain;
    size_t d = ssd__two_levels(c, a, k, a + 2, k - 2, &l1, &l2, &gain);
    if (d && fabs(l1 - l2) >= step) {
        /* (Direct writes before it: a level a step faster (every sample
         * within a step of it, not falling through) and min_drop below the
         * cache, the folding after them.) */
        int off = 0;
        for (size_t i = a; i < d; i++)
            off |= fabs(c->y[i] - l1) >= step;
        if (off || l1 < l2 + step || k < d + m || ssd__falls_through(c, a, d) ||
            l1 + log(o->min_drop) > log(S->cache_level_bps) ||
            (ssd__two_levels(c, d, k, d + 2, k - 2, &l1, &l2, &gain) && fabs(l1 - l2) >= step))
            return 0;
        *direct_end = d;
        a = d;
    }
    size_t h = a + (k - a) / 2;
    double q = ssd__quiet_noise(c, a, k), lv = ssd__level_of(c, a, k);
    if (!(q <= step / 3) || 4 * fabs(ssd__level_of(c, a, h) - ssd__level_of(c, h, k)) >= step ||
        !ssd__holds_level(c, o, a, k, lv) || ssd__falls_through(c, a, k) || w < k + SHORT_LEVEL ||
        !(ssd__quiet_noise(c, k, w) >= SCATTER_JUMP * fmax(q, QUIET_NOISE_FLOOR)) ||
        !lasts_a_seq_fold_of(lo, hi, c->cum[k], ref_cache))
        return 0;
    return k;
}

/* A dynamic cache's folding after a sequential fill, no reference
 * levels, that the segmentation gave one phase with what came next to it
 * or before it. On a drive written full sequentially whose cache is
 * dynamic (its size, or the kind the fill's own log showed: ref_kind)
 * the cache took the spare area's clean blocks, so what follows it is at
 * most direct writes to the clean blocks it left, then its folding, a
 * quiet flat level, then GC (seq_full_dynamic). Two shapes of phase 1:
 * - *The folding ends before a lasting phase has passed* (seed 11's drive
 *   105, 2 hours: 15.4 GiB of cache, folding flat at 313 MB/s for 61
 *   samples, then GC at 38). The segmentation cannot end the phase
 *   before min_len samples, so it took GC's first 35 samples and, read
 *   by its line, slid: the used state was put at the cache's end, 19 GiB
 *   early. When phase 1's best two-level split has a first level of 3
 *   samples or more, quiet (its noise within a third of a step) and flat
 *   (not falling through), a step or more above the rest, and the rest at
 *   the level of a phase after it (within a step: GC's first samples
 *   scatter above where it settles), the rest goes to the next phase: the
 *   used state is phase 2.
 * - *Direct writes shorter than a lasting phase before the folding*
 *   (seed 2026's drive 5, 2 hours: 24 GiB of cache, 24 samples of direct
 *   writes at 1,032 MB/s, 111 of folding at 482, then GC at 322, read as
 *   one phase that slid). When the split's second level is the quiet
 *   flat one and a step above the next phase, and its first a step above
 *   it and min_drop below the cache, the first is split off as direct
 *   writes: the used state is phase 3.
 * Returns the used state's phase, or 0 when it changed nothing. */
static size_t seq_fold_shapes(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              const struct ssd_analysis_summary *S);

size_t ssd__seq_fill_fold_end(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              struct ssd__result *res) {
    const struct ssd_analysis_summary *S = &res->sum;
    res->seq_fold_in_used = 0;
    if (!S->has_cache || S->cache_censored != SSD_CENSOR_NONE || c->nph < 2 ||
        res->cache_phase_end != c->ph[1].first ||
        (int)o->precondition != SSD_PRECONDITION_SEQ_FILL || !(o->written_before_bytes > 0) ||
        !(ssd__fresh_room(o, S->capacity_bytes) <= 0) || ssd__seq_overwrites(o, res) ||
        !(ssd__dynamic_cache(S) || res->ref_kind == SSD__REF_KIND_DYNAMIC))
        return 0;
    /* (Inside a lasting phase 1: fold_run_in_used_state.) */
    size_t f = c->nph >= 2 && res->cache_phase_end == c->ph[1].first
                   ? fold_run_in_used_state(c, S, log(o->min_step), res->ref_kind_cache_bytes)
                   : 0;
    /* (Ended within a lasting phase of phase 1's end: GC's first samples
     * after it go to the phase after, the used state, when the shapes
     * below, read on the segmentation's own phases, find nothing.) */
    int near_end = f && c->nph >= 3 && f + c->min_len > c->ph[1].last + 1;
    if (f && !near_end && ssd__curve_split(c, 1, f) == 0) {
        res->seq_fold_in_used = 1;
        return 2;
    }
    size_t got = seq_fold_shapes(c, o, S);
    if (!got && near_end) {
        ssd__curve_move_boundary(c, 2, f);
        res->seq_fold_in_used = 1;
        return 2;
    }
    /* (Where GC's scatter starts after a quiet folding:
     * fold_scatter_in_used_state.) */
    size_t d = 0;
    size_t k = got || f ? 0 : fold_scatter_in_used_state(c, o, S, res->ref_kind_cache_bytes, &d);
    if (k && d && k <= c->ph[1].last && ssd__curve_split(c, 1, k) == 0) {
        if (ssd__curve_split(c, 1, d) != 0) {
            ssd__curve_merge_next(c, 1);
            return 0;
        }
        res->seq_fold_in_used = 1;
        res->seq_fold_after_direct = 1;
        return 3;
    }
    if (d)
        return 0;
    if (k && k <= c->ph[1].last && ssd__curve_split(c, 1, k) == 0) {
        res->seq_fold_in_used = 1;
        return 2;
    }
    if (k && c->nph >= 3 && k > c->ph[1].last && k <= c->ph[2].last &&
        k < c->ph[2].first + c->min_len) {
        if (k > c->ph[2].first)
            ssd__curve_move_boundary(c, 2, k);
        res->seq_fold_in_used = 1;
        return 2;
    }
    return got;
}

/* ssd__seq_fill_fold_end's two shapes of phase 1 (read on the
 * segmentation's phases): returns the used state's phase, 0 when neither
 * is there. */
static size_t seq_fold_shapes(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              const struct ssd_analysis_summary *S) {
    if (c->nph < 3)
        return 0;
    size_t a = c->ph[1].first, e = c->ph[2].first;
    if (e < a + 6)
        return 0;
    double l1, l2, gain, step = log(o->min_step);
    size_t k = ssd__two_levels(c, a, e, a + 3, e - 3, &l1, &l2, &gain);
    if (!k || l1 - l2 < step)
        return 0;
    int at_used = 0;
    for (size_t j = 2; j < c->nph; j++)
        at_used |= fabs(l2 - log(c->ph[j].level_bps)) < step;
    if (at_used && e - a <= 2 * c->min_len && ssd__quiet_noise(c, a, k) <= step / 3 &&
        !ssd__falls_through(c, a, k)) {
        ssd__curve_move_boundary(c, 2, k);
        return 2;
    }
    if (l2 - log(c->ph[2].level_bps) >= step && ssd__quiet_noise(c, k, e) <= step / 3 &&
        !ssd__falls_through(c, k, e) && l1 + log(o->min_drop) <= log(S->cache_level_bps) &&
        ssd__curve_split(c, 1, k) == 0)
        return 3;
    return 0;
}

/* A dynamic cache on a drive written full sequentially (seq_full_dynamic)
 * whose idle time before the run emptied only part of it: the flush had
 * time for so much (about 30 GiB in 900 s on the sweep's drives) and left
 * the rest of the fill's last bytes in SLC mode. The run writes the room
 * the flush freed at the SLC speed, then the clean blocks the drive still
 * has at the direct speed, then folds what the cache still holds (a quiet
 * flat level, a step lower: the folding's programs share the flash with
 * the host's), and only then GC scatters: four levels, where a cache the
 * idle time emptied whole took the clean blocks in SLC mode and folds
 * right after its end (fold_first), three. Seed 181's drive 51, 2 hours
 * after a sequential fill (the fill's log: a dynamic cache of 59 GiB):
 * 29.9 GiB at 364 MiB/s, direct writes at 209 to 47.3 GiB, the folding
 * flat at 135 to 129.8 GiB, then GC scattering 62-173; the folding and GC
 * were read as one used state sliding from 135 to 63 from 47.4 GiB, the
 * direct writes as the folding. Seed 11's drive 37 the same (2154, 1203,
 * 797, then GC at 292-826). When the segmentation gave them four phases
 * after a cache the cache test ended at phase 1's start: phase 1 quiet
 * and flat (noise within a third of a step, not falling through),
 * SHORT_LEVEL samples or more, min_drop below the cache; phase 2 quiet,
 * flat and lasting (min_len), a step below phase 1 and a step above
 * phase 3; and phase 3 scattering SCATTER_JUMP times phase 2's noise or
 * more (GC's bursts; a quieter phase 3 may be the folding's own step).
 * Returns 1 when they are: phase 1 the direct writes, 2 the folding, the
 * used state 3. */
int ssd__seq_direct_fold_gc(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                            const struct ssd__result *res) {
    const struct ssd_analysis_summary *S = &res->sum;
    if (!S->has_cache || S->cache_censored != SSD_CENSOR_NONE || c->nph < 4 ||
        res->cache_phase_end != c->ph[1].first)
        return 0;
    const struct ssd_phase *p1 = &c->ph[1], *p2 = &c->ph[2], *p3 = &c->ph[3];
    double step = log(o->min_step);
    double q1 = ssd__quiet_noise(c, p1->first, p1->last + 1);
    double q2 = ssd__quiet_noise(c, p2->first, p2->last + 1);
    double q3 = ssd__quiet_noise(c, p3->first, p3->last + 1);
    return p1->last - p1->first + 1 >= SHORT_LEVEL && q1 <= step / 3 &&
           !ssd__falls_through(c, p1->first, p1->last + 1) &&
           p1->level_bps * o->min_drop <= c->ph[0].level_bps &&
           p2->last - p2->first + 1 >= c->min_len && q2 <= step / 3 &&
           !ssd__falls_through(c, p2->first, p2->last + 1) &&
           p2->level_bps * o->min_step <= p1->level_bps &&
           p3->level_bps * o->min_step <= p2->level_bps &&
           SCATTER_JUMP * fmax(q2, QUIET_NOISE_FLOOR) <= q3;
}

/* The same four levels when the segmentation found three phases after
 * the cache test's cache: direct writes shorter than a lasting phase
 * (phase 1), then the used state (phase 2) whose first samples are the
 * folding, a quiet flat run too short for a phase of its own (seed 227's
 * drive 56, 2 hours after a sequential fill: 16 GiB of cache at 2.75
 * GB/s, direct writes at 1.64 for 8 samples to 30.0 GiB, the folding flat
 * at 950-1040 MiB/s for 18 samples to 48.2, then GC at 400-650 with
 * bursts: the direct writes read as the folding and the folding as GC's,
 * "used state at 30.4 GiB, truth 48.2"; 101's drive 174 the same, 10 GiB,
 * 4 samples, 13). A dynamic cache on a drive written full sequentially
 * writes the clean blocks the idle time left at the direct level, then
 * folds what it holds at a quiet level below them before GC runs
 * (seq_direct_fold_gc), and GC's first samples scatter or run a step
 * lower. The run (fold_run_in_used_state's, read from phase 2's start:
 * its first SHORT_LEVEL samples set its level and band, and it ends where
 * most of the next SHORT_LEVEL / 2 leave the band) is taken when it is
 * quiet (a third of a step) and flat (not falling through), a step below
 * phase 1 (itself SHORT_LEVEL / 2 samples or more, quiet, min_drop below
 * the cache), shorter than a lasting phase (else the segmentation had
 * made it one), has a lasting stretch after it a step below it or
 * scattering SCATTER_JUMP times its noise, and folds at least about what
 * the cache held (FOLD_MULTIPLE_TOL less: a fold frees a byte or more per
 * byte cached) and at most FOLD_BYTES_PER_CACHED times it and the fill
 * log's cache (lasts_a_seq_fold_of's bound). Returns the sample where
 * the used state starts (phase 2 is split there), 0 when it is not so. */
size_t ssd__seq_fold_run_after_direct(const struct ssd__curve *c,
                                      const struct ssd__analysis_opts *o,
                                      const struct ssd__result *res) {
    const struct ssd_analysis_summary *S = &res->sum;
    if (!S->has_cache || S->cache_censored != SSD_CENSOR_NONE || c->nph != 3 ||
        res->cache_phase_end != c->ph[1].first || !(S->cache_bytes > 0))
        return 0;
    const struct ssd_phase *p1 = &c->ph[1], *p2 = &c->ph[2];
    double step = log(o->min_step);
    size_t n1 = p1->last - p1->first + 1, m = SHORT_LEVEL / 2;
    if (n1 < m || n1 >= c->min_len || ssd__quiet_noise(c, p1->first, p1->last + 1) > step / 3 ||
        p1->level_bps * o->min_drop > S->cache_level_bps)
        return 0;
    size_t a = p2->first, e = p2->last + 1;
    if (e < a + 2 * SHORT_LEVEL + c->min_len)
        return 0;
    double lv = ssd__level_of(c, a, a + SHORT_LEVEL);
    if (lv + step > log(p1->level_bps))
        return 0;
    double band = fmin(step, fmax(log(FOLD_BAND), 3 * ssd__quiet_noise(c, a, a + SHORT_LEVEL)));
    size_t k = flat_run_end(c, a + SHORT_LEVEL, e, m, lv, band, INFINITY);
    if (k >= a + c->min_len || k + c->min_len > e)
        return 0;
    double q = ssd__quiet_noise(c, a, k);
    if (!(q <= step / 3) || ssd__falls_through(c, a, k))
        return 0;
    /* (Every sample of the run but the first in the band: no GC burst.) */
    for (size_t i = a + 1; i < k; i++)
        if (fabs(c->y[i] - lv) >= band)
            return 0;
    size_t w = k + c->min_len;
    int below = ssd__level_of(c, k, w) + step <= lv;
    int bursts = ssd__quiet_noise(c, k, w) >= SCATTER_JUMP * fmax(q, QUIET_NOISE_FLOOR);
    if (!below && !bursts)
        return 0;
    double unc = isfinite(S->cache_uncertainty_bytes) ? S->cache_uncertainty_bytes : 0;
    double lo = S->cache_bytes - unc, hi = S->cache_bytes + unc;
    double ref_cache = res->ref_kind_cache_bytes > 0 ? res->ref_kind_cache_bytes : 0;
    double folded = c->cum[k] - c->cum[a];
    if (folded < (1 - FOLD_MULTIPLE_TOL) * lo ||
        folded > (1 + FOLD_MULTIPLE_TOL) * FOLD_BYTES_PER_CACHED * (ref_cache + hi))
        return 0;
    return k;
}

/* A dynamic cache the fill's own log showed (ref_kind), after a
 * sequential fill, whose folding outlasts the clean blocks the drive can
 * have had: gc_onset_phase read the fast start as those clean blocks and
 * the folding as the used state (clean_room), and no rule after it found
 * a cache in the fast start, for there is none but the cache: 16.6 GiB at
 * 2.74 GB/s, folding flat at 985 MB/s to 411 GiB, then GC at 208 (seed
 * 11's drive 64, 2 hours), read as clean blocks, "cache missed". A drive
 * written full sequentially has no clean blocks but its spare area and
 * what idle time gave back, and a dynamic cache writes those in SLC mode
 * first: what comes after the cache is its folding, a quiet flat level
 * (its noise within a third of a step, not GC's scatter) that ends in a
 * step down. When phase 0 is the cache test's cache and the phase after
 * it lasts, quiet and flat, min_drop below the cache and a step above
 * what follows, it is the folding: the used state begins at phase 2. So
 * is its first level (by its best two-level split) when the segmentation
 * gave the folding and GC one phase, the step between them too small for
 * it (seed 47's drive 79, WSAT: 3.9 GiB of cache at 391 MB/s, folding at
 * 43.6 to 12.2 GiB, then GC at 33.6, a step of 1.3x). (A split whose
 * first level took GC's first samples, sliding down from the folding's
 * level, falls through and is none: seed 13's drive 48, 2 hours, is left
 * as clean blocks.) Returns 1 when it is. */
int ssd__seq_fill_ref_fold(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                           const struct ssd__result *res) {
    const struct ssd_analysis_summary *S = &res->sum;
    if (res->ref_kind != SSD__REF_KIND_DYNAMIC || !S->has_cache ||
        S->cache_censored != SSD_CENSOR_NONE || c->nph < 2 ||
        res->cache_phase_end != c->ph[1].first ||
        (int)o->precondition != SSD_PRECONDITION_SEQ_FILL || !(o->written_before_bytes > 0) ||
        o->idle_before_s == 0 || !(ssd__fresh_room(o, S->capacity_bytes) <= 0) ||
        ssd__seq_overwrites(o, res))
        return 0;
    double step = log(o->min_step);
    size_t a = c->ph[1].first, e = c->ph[1].last + 1, k = e;
    double l1 = log(c->ph[1].level_bps);
    if (!(c->nph >= 3 && l1 - log(c->ph[2].level_bps) >= step)) {
        double l2, gain;
        k = e >= a + 2 * c->min_len
                ? ssd__two_levels(c, a, e, a + c->min_len, e - c->min_len, &l1, &l2, &gain)
                : 0;
        if (!k || l1 - l2 < step)
            return 0;
    }
    /* (The segmentation may have ended the folding's phase past GC's first
     * bursts, which scatter about the folding's level before GC settles
     * below it: seed 349's drive 24, 2 hours, 16.2 GiB of cache at 2.74
     * GB/s, folding flat at 382 MB/s (noise 2 %) to 59.8 GiB, then GC
     * bursting 290-830 and settling at 295-325, one phase at 380 to 85 GiB
     * that falls through itself (GC's floor in its second half): read as
     * clean blocks, "cache of 16.19 GiB missed". When the phase is too
     * noisy for a folding or falls through, the folding ends where the
     * scatter jumps SCATTER_JUMP times (ssd__scatter_onset) and what comes
     * after runs below it: the used state at 59.8 GiB.) */
    if (k >= a + 2 * c->min_len &&
        (ssd__quiet_noise(c, a, k) > step / 3 || ssd__falls_through(c, a, k))) {
        double jump;
        size_t kn = ssd__scatter_onset(c, a + 1, a + c->min_len, k, c->min_len, &jump);
        if (jump >= SCATTER_JUMP && kn >= a + c->min_len && kn + c->min_len <= k &&
            ssd__level_of(c, kn, k) < ssd__level_of(c, a, kn)) {
            k = kn;
            l1 = ssd__level_of(c, a, kn);
        }
    }
    if (k - a < c->min_len || ssd__quiet_noise(c, a, k) > step / 3 || ssd__falls_through(c, a, k) ||
        l1 + log(o->min_drop) > log(S->cache_level_bps))
        return 0;
    return k == e || ssd__curve_split(c, 1, k) == 0;
}

/* The bounds of a cache that ended inside the run's first s samples;
 * below. */
static void first_samples_cache(const struct ssd__curve *c, size_t s, double lo, double *lower,
                                double *upper);

/* A random fill's shrunken dynamic cache that ended inside the run's
 * first sample, with no reference, which the segmentation gave one phase
 * with its folding after it (WSAT's 5 s samples: 1.92 GiB at 393 MiB/s in
 * the first, then folding at 26.7 to 6.0 GiB, then GC at 13.4: one phase
 * at 26.7, "no cache, direct writes", folding missed). The cache test
 * cannot judge a fast start of one sample, and one sample's excess above a
 * level is no cache by itself (a start-up burst); but on a drive randomly
 * written full a first sample min_drop above a quiet flat level that
 * lasts 1, 2 or 3 times what that sample can have cached (bounds as a
 * drop inside the first sample has them) and ends in a drop of min_drop
 * or more is a dynamic cache and its folding, which frees C (bits - 1)
 * bytes for C cached (random_fill_fold_end). The first sample is split
 * off as the cache, ended inside it (resolution); a mixed second sample
 * between the two levels goes with it. Returns 1 when it did. */
int ssd__first_sample_cache_before_fold(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                        struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    if ((S->has_cache && !(S->cache_censored == SSD_CENSOR_NONE && c->nph >= 2 &&
                           res->cache_phase_end == c->ph[1].first)) ||
        (int)o->precondition != SSD_PRECONDITION_RANDOM_FILL ||
        !(ssd__fresh_room(o, S->capacity_bytes) <= 0) || c->nph < 2 || c->ph[1].first < 6)
        return 0;
    size_t e = c->ph[1].first;
    double lv = ssd__level_of(c, 2, e);
    size_t a = c->y[1] < lv + log(o->min_step) ? 1 : 2;
    if (a == 2 && c->y[1] >= c->y[0])
        return 0;
    /* (The folding may end inside the phase: GC's first samples with it,
     * where they burst.) */
    double l1, l2, gain, after, lo;
    size_t k;
    for (;;) {
        k = e >= a + 6 ? ssd__two_levels(c, a, e, a + 3, e - 3, &l1, &l2, &gain) : 0;
        after = c->ph[1].level_bps;
        if (!k || l1 - l2 < log(o->min_drop))
            k = e;
        else
            after = exp(l2);
        lo = exp(ssd__level_of(c, a, k));
        /* (A second sample a step above the level of the whole phase may
         * still be at the folding's own level, with GC's samples in the
         * phase pulling its level down: the cache ended inside the first
         * sample. Seed 367's drive 197, the fill: 2487 MB/s, then 729
         * for 5 samples, then GC at 98 to the phase's end; read as a
         * cache ending in the second sample.) */
        if (a == 2 && c->r[1] < lo * o->min_step) {
            a = 1;
            continue;
        }
        break;
    }
    if (k < a + 3 || c->r[0] < lo * o->min_drop || after * o->min_drop > lo ||
        ssd__quiet_noise(c, a, k) > log(o->min_step) / 3 || ssd__falls_through(c, a, k))
        return 0;
    /* (A folding lasts longer than a GC dip can: on a log of 1 s samples
     * a level of 3 or 4 samples may be one dip inside the clean blocks'
     * direct writes, with GC after them (seed 557's drive 52, 2 hours: 570
     * MiB/s for 2 s, a 4 s dip at 259, GC from 2.03 GiB, read as a cache
     * of 0.79 GiB and its folding). The sweep's dips last 1-4 s
     * (DIP_AT_CACHE_END_S), and a dip that half-fills a sample on either
     * side reads at its level in those too: a level longer than the
     * longest dip and a sample each side of it is no dip. Twice the dip
     * (8 s) missed seed 541's drive 2, the fill: the 2 GiB cache inside
     * the first sample, folding at 611 MB/s for 7 s, GC.) */
    if (c->t[k - 1] - c->t[a - 1] <= DIP_AT_CACHE_END_S + 2 * ssd__curve_dt(c, a))
        return 0;
    /* (A second sample a step below the first and above the level, the
     * third back at the level, mixes the cache with the level: the first
     * sample was all cache, and the cache, running at the first sample's
     * speed, ended inside the second. Its size is then the first sample's
     * bytes and the second's excess over the level at that speed
     * (first_samples_cache's upper bound), and the folding frees (bits -
     * 1) times that, not the middle of bounds that allow the cache to
     * have ended inside the first sample. Seed 2026's drive 163, WSAT:
     * 391 MiB/s, 52, then folding at 36 to 6.07 GiB; the middle of 1.73
     * (the first sample's excess over the level) and 2.00 missed twice
     * the cache by more than 10 %: "folding from 2.0 GiB missed".) */
    int mixed = a == 2 && c->y[1] <= c->y[0] - log(o->min_step) &&
                fabs(c->y[2] - log(lo)) < 0.5 * log(o->min_step);
    double lower = (c->r[0] - lo) * ssd__curve_dt(c, 0), upper = ssd__first_sample_cache_max(c, lo);
    if (mixed) {
        first_samples_cache(c, 2, lo, &lower, &upper);
        /* (With the cache's size known to a few percent, so must the
         * folding's end be: the level ends where its samples leave its
         * band, two in a row, not where the two-level split puts it, which
         * GC's bursts near the folding's speed pull late: the curve of
         * seed 13's drive 112, 2 hours, folding at 89 MB/s to 6 GiB, GC at
         * 68 bursting to 1.5-2.5x, split at 6.6 GiB, 2.3 times the cache
         * after it, no multiple.) */
        double half = 0.5 * log(o->min_step), ll = log(lo);
        size_t k2 = a;
        while (k2 < k &&
               (fabs(c->y[k2] - ll) < half || (k2 + 1 < k && fabs(c->y[k2 + 1] - ll) < half)))
            k2++;
        if (k2 >= a + 3 &&
            c->t[k2 - 1] - c->t[a - 1] > DIP_AT_CACHE_END_S + 2 * ssd__curve_dt(c, a))
            k = k2;
    }
    double held = mixed ? upper : 0.5 * (lower + upper);
    if (!(lower > 0) || !lasts_a_fold_of(held, held, c->cum[k]))
        return 0;
    if (ssd__curve_split(c, 0, a) != 0)
        return 0;
    /* (What follows the folding inside the phase is GC's first samples,
     * bursting above where it settles: they go with GC, not to a phase
     * of their own the used state would start after. Seed 439's drive
     * 64, the fill: 7 samples of folding at 543 MB/s to 6 GiB, then 289,
     * 222, 175, 389, 497 before GC at 198: "used state at 7.6 GiB".) */
    if (k < e && c->nph > 2)
        ssd__curve_move_boundary(c, 2, k);
    res->cache_at_first_speed = mixed;
    return ssd__set_first_sample_cache(c, res, lower, upper, lo, a);
}

/* The bounds of a cache that ended inside the run's first s samples (1
 * or 2) before a level lo: at least what the samples wrote above lo
 * (all of the first when s is 2), at most what they can have cached
 * (ssd__first_sample_cache_max, and never more than they wrote). */
static void first_samples_cache(const struct ssd__curve *c, size_t s, double lo, double *lower,
                                double *upper) {
    *lower = s == 2 ? c->b[0] + (c->r[1] - lo) * ssd__curve_dt(c, 1)
                    : (c->r[0] - lo) * ssd__curve_dt(c, 0);
    *upper = ssd__first_sample_cache_max(c, lo);
    if (s == 2 && *upper > c->b[0] + c->b[1])
        *upper = c->b[0] + c->b[1];
}

/* A drive written full, no reference, whose run the analysis read as
 * one level from its first byte, then the used state, while its first
 * samples ran min_drop above that level: a cache that ended inside them,
 * too short for the cache test (a 5 s WSAT sample holds 10-15 GiB of a
 * fast drive's cache; a 2-hour run's lasting phase is 72 samples). Three
 * levels show it: the fast start (the first sample and those within a
 * step of it), a quiet flat level of 4 samples or more (a level the drive
 * holds: direct writes or a folding), then the used state a step below
 * that level over a lasting stretch. Clean blocks running out show two,
 * the fast start and GC, however quiet GC runs after them (seed 11's
 * drive 5, no SLC, after a random fill: 3186 MiB/s, then GC flat at
 * 2218), and nothing on a drive written full runs above its direct writes
 * but an SLC cache, static or dynamic. Seed 2026's drive 153, WSAT after
 * a sequential fill: 2017 MiB/s in the first sample, 357 holding the
 * cache's end, then 192 to 33.4 GiB, then GC at 65, read as direct writes
 * from the first byte, "no phase boundary near the slc->fold change at
 * 10.8 GiB". (A fast start of several samples is not asked:
 * FAST_START_MAX.) What the curve does not show is what the level is,
 * a static cache's direct writes or a dynamic one's folding (the regime
 * note's question; the labels' other rules read it by the cache's size
 * after a sequential fill, and first_cache_level keeps a random fill's
 * from being read as folding by its length). A sample after the fast
 * start half a step or more above the level held the cache's end: a
 * one-sample cache is bounded inside the first sample or two
 * (first_samples_cache), a longer one placed in the mixing sample.
 * After a sequential fill a one-sample fast start must also run min_drop
 * above the second (the regime note's first_sample_fill). Returns 1 when
 * it split the cache off: phase 0 the cache, phase 1 the level. */
int ssd__first_sample_cache_before_level(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                         struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    int seq = (int)o->precondition == SSD_PRECONDITION_SEQ_FILL;
    if (S->has_cache || res->ref_kind != SSD__REF_KIND_UNKNOWN || c->nph < 2 ||
        !(seq || (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL) ||
        (seq && ssd__seq_overwrites(o, res)) || !(ssd__fresh_room(o, S->capacity_bytes) <= 0))
        return 0;
    double step = log(o->min_step), half = 0.5 * step;
    /* The fast start: the first sample and those after it within a step
     * of it, FAST_START_MAX samples at most. */
    size_t m = 1;
    while (m < FAST_START_MAX && m + 4 < c->n && fabs(c->y[m] - c->y[0]) < step)
        m++;
    if (m + 4 >= c->n || (m == 1 && seq && !(c->r[0] >= o->min_drop * c->r[1])))
        return 0;
    /* (The level is phase 0's after the fast start, or, the fast start a
     * phase of its own, phase 1's start.) A sample after the fast start
     * half a step or more above the level held the cache's end. */
    double lv = ssd__median3(c->y[m + 1], c->y[m + 2], c->y[m + 3]);
    size_t s = c->y[m] >= lv + half ? m + 1 : m, k = s;
    size_t e0 = c->ph[1].first, e = e0 <= s ? c->ph[1].last + 1 : e0;
    if (e < s + 3)
        return 0;
    /* (The level ends where two samples in a row leave it by half a
     * step; the segmentation may have given GC's first samples to it,
     * which run a step below.) */
    while (k < e && (fabs(c->y[k] - lv) < half || (k + 1 < e && fabs(c->y[k + 1] - lv) < half)))
        k++;
    size_t w = SHORT_LEVEL / 2;
    if (k < s + 4 || !ssd__flat3(c, o->min_step, s) || k + w > c->n)
        return 0;
    /* Three levels: the fast start min_drop above the level, and the
     * stretch after the level a step below it (the used state). Clean
     * blocks running out read as two, the fast start and GC, however
     * quiet GC runs there (seed 11's drive 5, no SLC, after a random
     * fill: 3186 MiB/s, then GC flat at 2218). */
    double lo = exp(ssd__level_of(c, s, k)), hi = m == 1 ? c->r[0] : exp(ssd__level_of(c, 0, m));
    if (hi < SHAPE_MIN_FALL * lo || ssd__quiet_noise(c, s, k) > step / 3 ||
        ssd__falls_through(c, s, k) || ssd__level_of(c, k, k + w) > log(lo) - step ||
        ssd__median3(c->y[k], c->y[k + 1], c->y[k + 2]) > log(lo) - step)
        return 0;
    /* (Nor a dip inside the level: a third of the lasting stretch after
     * it back at the level; seed 47's drive 141, WSAT, a folding at 571
     * MiB/s with dips, then GC at 473.) */
    size_t back = 0;
    for (size_t i = k; i < k + w; i++)
        back += fabs(c->y[i] - lv) < half;
    if (3 * back > w)
        return 0;
    /* (And the used state is GC's: it scatters SCATTER_JUMP times the
     * level's noise or runs SHAPE_MIN_FALL below it. A used state that
     * settles in steps as quiet as the level it left, GC sliding on a
     * datacenter drive, shows a stretch of it as such a level.) */
    size_t ge = k + (c->min_len > SHORT_LEVEL ? c->min_len : SHORT_LEVEL);
    if (ge > c->n)
        ge = c->n;
    if (ssd__quiet_noise(c, k, ge) <
            SCATTER_JUMP * fmax(ssd__quiet_noise(c, s, k), QUIET_NOISE_FLOOR) &&
        ssd__level_of(c, k, ge) > log(lo / SHAPE_MIN_FALL))
        return 0;
    /* (A second sample less than a step above the level may be the
     * level's own noise: the bounds are then the first sample's, whose
     * upper one takes in the second's excess; seed 2026's drive 146, 2.09
     * GiB at 2136 MiB/s, then 366 over 340, the model's cache 2.0.) */
    double lower = 0, upper = 0;
    if (m == 1) {
        first_samples_cache(c, s == 2 && c->y[1] >= log(lo) + step ? 2 : 1, lo, &lower, &upper);
        if (!(lower > 0) || !(upper >= lower))
            return 0;
    }
    if (e0 > s) {
        if (ssd__curve_split(c, 0, s) != 0)
            return 0;
        if (k < e)
            ssd__curve_move_boundary(c, 2, k);
    } else {
        if (k >= e)
            return 0;
        if (s > e0)
            ssd__curve_move_boundary(c, 1, s);
        if (ssd__curve_split(c, 1, k) != 0)
            return 0;
    }
    /* (Unless the second sample mixes the cache with the level, as
     * first_sample_cache_before_fold reads one: the cache, at the first
     * sample's speed to its end inside the second, is bounded to the
     * cache test's resolution, and a static cache's direct writes to what
     * idle GC cleaned last 1-3 times it no more often than a folding
     * does by chance. Seed 2026's drive 117, WSAT: 388 MiB/s, 71, then
     * folding at 52 to 6.01 GiB, three times the 2.00 GiB the first two
     * samples bound, read as direct writes: "folding from 2.0 GiB
     * missed".) */
    int mixed = m == 1 && s == 2 && c->y[1] >= log(lo) + step && c->y[1] <= c->y[0] - step &&
                fabs(c->y[2] - log(lo)) < half;
    res->first_cache_level = !mixed;
    res->cache_at_first_speed = mixed;
    if (m == 1)
        return ssd__set_first_sample_cache(c, res, lower, upper, lo, s);
    /* (A cache of m samples: it ended in the last fast sample, where the
     * speed mixes hi and lo: its time at hi is what ran above lo.) */
    size_t l = s - 1;
    double dt = ssd__curve_dt(c, l), f = (c->r[l] - lo) / (hi - lo);
    S->has_cache = 1;
    S->cache_censored = SSD_CENSOR_NONE;
    S->cache_bytes = c->cum[l] + fmin(fmax(f, 0), 1) * dt * hi;
    S->cache_uncertainty_bytes = 0.5 * c->b[l];
    ssd__set_cache_end(res, s, hi, lo);
    return 1;
}

/* The direct writes before a folding after a sequential fill: the level
 * [.., k) at lv (log) is followed, past one sample that may mix the two,
 * by a second quiet flat level (3 samples or more, each within half a step
 * of the median of its first three, its noise within a third of a step,
 * not falling through) a step below lv, and the speed after that one falls
 * a step below it for a lasting stretch that scatters (its noise
 * SCATTER_JUMP times the level's, a quieter level counting as
 * QUIET_NOISE_FLOOR). After a sequential fill and idle time a dynamic
 * cache that the idle time emptied whole has clean blocks left after it,
 * written at the direct speed; then the drive folds what the cache took,
 * at its program rate, one quiet level a step lower; then GC, whose speed
 * scatters with each victim block's valid data. GC never holds a quiet
 * flat level before scattering more (ssd__fold_before_scatter): the
 * second level is the folding, the first the direct writes. Returns the
 * used state's first sample (*f the folding's), 0 when there is no such
 * second level. */
static size_t second_flat_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                size_t k, double lv, size_t *f) {
    double step = log(o->min_step), half = 0.5 * step;
    size_t ml = c->min_len > 3 ? c->min_len : 3;
    for (size_t f2 = k; f2 <= k + 1; f2++) {
        if (f2 + 3 + ml > c->n)
            return 0;
        double l2 = ssd__median3(c->y[f2], c->y[f2 + 1], c->y[f2 + 2]);
        if (l2 > lv - step || (f2 > k && !(c->y[k] < lv - half && c->y[k] > l2 + half)))
            continue;
        size_t k2 = f2;
        while (k2 < c->n && fabs(c->y[k2] - l2) < half)
            k2++;
        if (k2 < f2 + 3 || k2 + ml > c->n ||
            (k2 == f2 + 3 ? !ssd__flat3(c, o->min_step, f2)
                          : !ssd__flat_level(c, o->min_step, f2, k2)) ||
            ssd__quiet_noise(c, f2, k2) > step / 3 || ssd__falls_through(c, f2, k2))
            continue;
        double q2 = ssd__quiet_noise(c, f2, k2);
        if (ssd__level_of(c, k2, k2 + ml) > ssd__level_of(c, f2, k2) - step ||
            ssd__quiet_noise(c, k2, k2 + ml) < SCATTER_JUMP * fmax(q2, QUIET_NOISE_FLOOR))
            continue;
        *f = f2;
        return k2;
    }
    return 0;
}

/* The same cache ended in WSAT's first or second sample, with its folding
 * in the first phase too (seed 97's drive 40: 2657 MiB/s, then 1043
 * holding the cache's end, then 6 samples flat at 738, then GC at 432, one
 * phase of 8 samples at 738: read as clean blocks to 39.6 GiB, "folding
 * from 15.7 GiB missed"). The cache test measured the whole phase as one
 * fast start, which the clean-room verdict then took for clean blocks.
 * The first sample min_drop above a quiet flat level of 3 samples or more
 * from the second or third (the second holds the cache's end when it is
 * half a step above that level: none of the level's samples lies that far
 * from it; round 33, seed 127's drive 13, WSAT: 2755 MiB/s, then 1608,
 * 1.12x above the folding's 1434 for 3 samples, then GC at 574, read as
 * clean blocks to 47.5 GiB when a whole step was asked, "folding from
 * 15.4 GiB missed"; 191's drive 89 the same), the level's samples each
 * within half a step of the median of its first three, and the samples
 * after it min_drop below it: the cache (bounded inside its samples), its
 * folding, the used state after it. When a second quiet flat level follows
 * the first a step below, and GC's scatter after it, the first is the
 * direct writes and the second the folding (second_flat_level: seed
 * 367's drive 99, WSAT: 1949 MiB/s, 1232 holding the 14 GiB cache's end,
 * direct writes at 595 twice, 542, folding flat at 376 for 8 samples,
 * then GC at 142-251; the direct writes were read as the folding and the
 * folding as GC, "used state at 21.3 GiB, truth 38.9"; 109 the same with
 * 8 samples at 972 and 13 at 301). Returns 1 when it is (the phases [0,
 * s), the folding, the rest), 2 with the direct writes (the phases [0,
 * s), the direct writes, the folding, the rest). */
static int seq_fast_start_fold(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                               struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    size_t e0 = c->ph[1].first, ml = c->min_len > 3 ? c->min_len : 3;
    if (e0 < 4 || c->n < e0 + ml ||
        (S->has_cache && !(S->cache_censored == SSD_CENSOR_NONE && res->cache_phase_end == e0)))
        return 0;
    double step = log(o->min_step), lv = ssd__median3(c->y[2], c->y[3], c->y[4 < e0 ? 4 : 2]);
    size_t s = c->y[1] >= lv + 0.5 * step ? 2 : 1, k = s;
    while (k < e0 && fabs(c->y[k] - lv) < 0.5 * step)
        k++;
    /* (Two samples are the level when within half a step of each other
     * and the speed after them, past a sample that may hold the
     * folding's end, falls min_drop below them for a lasting stretch:
     * fold_run_after_cache's two, seed 131's drive 134, WSAT: 1706 MiB/s
     * holding the 7.8 GiB cache's end, then 1165 and 1165, 939 holding
     * the folding's end, then GC at 232-450, read as clean blocks,
     * "no phase boundary near the slc->fold change".) */
    int two = k == s + 2 && fabs(c->y[s] - c->y[s + 1]) < 0.5 * step && c->n >= k + 1 + ml &&
              ssd__level_of(c, k + 1, k + 1 + ml) + log(o->min_drop) <= lv;
    if ((k < s + 3 && !two) ||
        (!two &&
         ((k == s + 3 ? !ssd__flat3(c, o->min_step, s) : !ssd__flat_level(c, o->min_step, s, k)) ||
          ssd__quiet_noise(c, s, k) > step / 3 || ssd__falls_through(c, s, k))))
        return 0;
    double lo = exp(ssd__level_of(c, s, k)), top = fmax(c->y[0], c->y[s - 1]);
    if (c->r[0] < lo * o->min_drop)
        return 0;
    size_t f2 = 0, k2 = second_flat_level(c, o, k, log(lo), &f2);
    size_t g = k2 ? k2 : k;
    /* (GC's first lasting stretch may run only a step below the folding
     * when it scatters as GC does, SCATTER_JUMP times the level's noise:
     * direct writes after a sequential fill drop SEQ_FILL_DIRECT_OVER_GC
     * into the used state, a folding less, and GC's first bursts lift its
     * median. Seed 367's drive 40, WSAT: 2742 MiB/s, 1357 holding the
     * cache's end, folding flat at 830-844 for 8 samples, then GC at 678,
     * 678, 493, 690, 525, 547, 819, 650: its first stretch's median 1.29x
     * below, read as clean blocks, "folding from 17.0 GiB missed".) */
    double after = ssd__level_of(c, k, k + ml);
    if (!k2 && ((after > log(lo / o->min_drop) &&
                 (after > log(lo) - step ||
                  ssd__quiet_noise(c, k, k + ml) <
                      SCATTER_JUMP * fmax(ssd__quiet_noise(c, s, k), QUIET_NOISE_FLOOR))) ||
                ssd__median3(c->y[k], c->y[k + 1], c->y[k + 2]) > log(lo) - step))
        return 0;
    /* (A GC dip inside the cache steps down and climbs back to the
     * cache's speed; a cache never resumes after its folding.) */
    for (size_t i = k; i < e0 || i < g + ml; i++)
        if (c->y[i] > top - step)
            return 0;
    double lower, upper;
    first_samples_cache(c, s, lo, &lower, &upper);
    if (!(lower > 0) || !(upper >= lower) ||
        (k2 && !lasts_a_seq_fold_of(lower, upper, c->cum[k2], res->ref_kind_cache_bytes)))
        return 0;
    if (ssd__curve_split(c, 0, s) != 0)
        return 0;
    if (g != e0)
        ssd__curve_move_boundary(c, 2, g);
    if (k2 && ssd__curve_split(c, 1, f2) != 0)
        return 0;
    ssd__set_first_sample_cache(c, res, lower, upper, lo, s);
    return k2 ? 2 : 1;
}

/* Whether the cache the cache test found (phase 0, the drop in phase 1's
 * first sample) ran at one level: each of its samples before the last
 * within a step of the cache's level, 2 samples or more. A GC dip inside
 * it is no other level: samples a step below that climb back within a
 * step of the level before the last sample (seed 131's drive 88, 2 hours:
 * 410 MB/s with dips to 196, 149 and 156 every 9 s, then 68; seed 149's
 * drive 152, WSAT: 2048 with dips to 1416 and 1298). A sample a step
 * above the level is (a cache that ended inside the first samples). */
int ssd__one_level_cache(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                         const struct ssd_analysis_summary *S) {
    size_t e = c->ph[1].first;
    if (e < 2)
        return 0;
    double lv = log(S->cache_level_bps), step = log(o->min_step);
    size_t back = 0; /* the last sample before the last within a step */
    for (size_t i = 0; i + 1 < e; i++)
        if (c->y[i] - lv >= step)
            return 0;
        else if (lv - c->y[i] < step)
            back = i;
    for (size_t i = 0; i + 1 < e; i++)
        if (lv - c->y[i] >= step && i > back)
            return 0;
    return 1;
}

/* A cache found on a drive written full sequentially, idle before this
 * run, not written over sequentially, the fill's log showing a dynamic
 * cache or no reference: the state seq_cache_before_direct and
 * seq_cache_short_direct read its fast start in. */
static int seq_idle_cache(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                          const struct ssd__result *res) {
    const struct ssd_analysis_summary *S = &res->sum;
    return c->nph >= 2 && S->has_cache &&
           (res->ref_kind == SSD__REF_KIND_DYNAMIC || res->ref_kind == SSD__REF_KIND_UNKNOWN) &&
           S->cache_censored == SSD_CENSOR_NONE && res->cache_phase_end == c->ph[1].first &&
           (int)o->precondition == SSD_PRECONDITION_SEQ_FILL && o->written_before_bytes > 0 &&
           o->idle_before_s != 0 && ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
           !ssd__seq_overwrites(o, res);
}

/* The cache of a drive written full sequentially found without the
 * reference's levels, ending inside sample s between the levels hi and lo
 * (seq_cut_no_ref: the split was this rule's, not a dynamic reference's).
 * Returns 1. */
static int seq_cache_ends_in(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                             struct ssd__result *res, size_t s, double hi, double lo) {
    res->seq_cut_no_ref = res->ref_kind != SSD__REF_KIND_DYNAMIC;
    ssd__cache_end_in_sample(c, o, &res->sum, s, hi, lo);
    ssd__set_cache_end(res, s, hi, lo);
    return 1;
}

/* A dynamic cache of a few samples that the cache test ended with the
 * direct writes after it (seed 2026's drive 48, WSAT: 2738, 2418, 1872,
 * then direct writes at 1577 for 115 s, then folding and GC: "cache 177
 * GiB, truth 29.88"). After a sequential fill the spare area is clean: a
 * cache bounded by what idle time gave back is followed by direct writes
 * to the rest, which no fast start but the cache outruns. With the fill's
 * log showing a dynamic cache, a phase the cache test took for the cache
 * whose first samples run a step above its level (the first min_drop
 * above it) and whose later samples all sit below that step (and a step
 * below the fastest of the first: no GC dip inside a cache), lasting
 * longer than those samples and 3 samples or more: the first samples are
 * the cache, its end in the last of them (inside the first sample when
 * it is alone: bounded as first_sample_fold_near_gc does), the rest of
 * the phase direct writes, its level the phase's. Returns 1 when it split the cache off
 * (the phases [0, s), the direct writes, the rest).
 * Round 29: with no reference that showed the cache's kind too (ref_kind
 * unknown, no reference levels). The cut does not lean on the kind: a
 * static cache flushed by the idle time is followed by the same direct
 * writes to the spare area the fill left clean. Without it the cache test
 * read 47-238 GiB caches "at" the direct writes' level (seed 2026's drive
 * 48 above; 163's drive 75, WSAT: 2871 and 2882 MB/s, then 1743, then 1408
 * for 238 GiB, the model's 29.88). No size bound: the one the code has
 * for a dynamic cache a fill leaves (raw / 3 of 28 % spare, 9.3 % of the
 * capacity) let only 2 of the 7 such runs of the 25 seeds through (the
 * phases were 3.6-13.5 % of the capacity), and without it no run broke
 * (docs/analysis.md, Limits, round 29). The level after the direct writes
 * may then be a dynamic cache's folding (seq_cut_no_ref: can_fold).
 * Round 31: the cache's samples need not be 1-3 and the rest 3 times
 * them; the rest need only outlast them and last 3 samples, its own
 * level within a step of the phase's (the direct writes', not a cache's
 * GC dips: seed 151's drive 193, 2 hours, 1381, 1371, 1169, then dips to
 * 576 and 578 and the end at 818, the model's 5.49 GiB cache, cut at
 * 3.18 when that was not asked). The direct writes
 * after a 29.88 GiB cache run 1.3-5 times it (seed 211's drive 59, WSAT:
 * 2052, 2315, 2191 MB/s, then 7 samples at 1117, "cache 65.22 GiB"),
 * and a slower cache takes more samples (173's drive 128: 7 at 411, then
 * 8 at 216, "cache 20.88 GiB, truth 13.00"; 229's drive 109, 3 at 1978
 * and the drop's mixed sample at 1224, a step above the phase's 1024). */
int ssd__seq_cache_before_direct(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 struct ssd__result *res) {
    if (c->nph < 3 || !seq_idle_cache(c, o, res))
        return 0;
    size_t e0 = c->ph[1].first, s = 0;
    double step = log(o->min_step), L = log(c->ph[0].level_bps);
    /* (Through a GC dip of one sample between two of them: a dip slows a
     * sample and the cache runs on after it, where direct writes never
     * climb back a step above their level. Round 34: seed 191's drive 90,
     * WSAT, 2.88 GB/s, 1.72, 2.47, then direct writes at 1.76, ended at
     * the dip, was left to the cache test's 60.2 GiB of cache and direct
     * writes, the model's 29.88; and the fastest of the samples, not the
     * first, is min_drop above the level: seed 257's drive 6, 2.18, 2.88,
     * 2.35, then 1.89, "cache 217.31 GiB".) */
    while (s < e0)
        if (c->y[s] >= L + step)
            s++;
        else if (s >= 1 && s + 1 < e0 && c->y[s + 1] >= L + step)
            s += 2;
        else
            break;
    double top = c->y[0];
    for (size_t i = 1; i < s; i++)
        top = fmax(top, c->y[i]);
    if (s < 1 || e0 < s + (s > 3 ? s : 3) || top < L + log(o->min_drop) ||
        fabs(ssd__level_of(c, s, e0) - L) >= step)
        return 0;
    for (size_t i = s; i < e0; i++)
        if (c->y[i] > top - step || c->y[i] >= L + step)
            return 0;
    double lo = exp(L);
    if (s == 1) {
        double lower = (c->r[0] - lo) * ssd__curve_dt(c, 0),
               upper = ssd__first_sample_cache_max(c, lo);
        if (!(lower > 0) || !(upper >= lower) || ssd__curve_split(c, 0, 1) != 0)
            return 0;
        res->seq_cut_no_ref = res->ref_kind != SSD__REF_KIND_DYNAMIC;
        return ssd__set_first_sample_cache(c, res, lower, upper, lo, 1);
    }
    double hi = ssd__cache_samples_speed(c, s - 1, lo, step);
    if (!(hi >= lo * o->min_drop) || ssd__curve_split(c, 0, s) != 0)
        return 0;
    return seq_cache_ends_in(c, o, res, s, hi, lo);
}

/* A dynamic cache on a drive written full sequentially that the cache
 * test read larger than the whole cache the fill's own log showed (its
 * upper bound, by STATIC_REF_CACHE_OVER): a used drive's dynamic cache is
 * what idle time emptied of it, never more, so the fast start holds the
 * cache and then direct writes to the clean blocks left, a level the cache
 * test could not tell from the cache (seed 101's drive 50, 2 hours: 11
 * samples at 2736 MiB/s, then 12 of direct writes at 2424, then folding at
 * 1153: "cache 58.10 GiB, truth 29.88", the fill's log 53.0 GiB; its
 * drive 136, 2744 then 1746, "48.37 GiB, truth 29.88", the log 32.4). The
 * cache ends at the best two-level split of the fast start within that
 * bound (2 samples or more, and 3 after it), when the first level is above
 * the second by 3 times either part's noise or more (QUIET_NOISE_FLOOR at
 * least), inside the sample there (cache_end_in_sample); the rest is
 * phase 1, the direct writes. Returns 1 when it split. The caller checks
 * the state (seq_full_dynamic with the fill's log, no reference levels). */
int ssd__seq_cache_over_fill_log(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    double cmax = STATIC_REF_CACHE_OVER * (res->ref_kind_cache_bytes + res->ref_kind_cache_unc);
    if (!S->has_cache || S->cache_censored != SSD_CENSOR_NONE || c->nph < 2 ||
        res->cache_phase_end != c->ph[1].first || !isfinite(cmax) || !(S->cache_bytes > cmax))
        return 0;
    size_t e0 = c->ph[1].first, kmax = 0;
    while (kmax + 1 < e0 && c->cum[kmax + 1] <= cmax)
        kmax++;
    if (e0 < 5 || kmax < 2)
        return 0;
    double l1, l2, gain;
    size_t k = ssd__two_levels(c, 0, e0, 2, kmax < e0 - 3 ? kmax : e0 - 3, &l1, &l2, &gain);
    if (!k)
        return 0;
    double nz =
        fmax(fmax(ssd__quiet_noise(c, 0, k), ssd__quiet_noise(c, k, e0)), QUIET_NOISE_FLOOR);
    if (!(l1 - l2 >= 3 * nz) || ssd__curve_split(c, 0, k) != 0)
        return 0;
    ssd__cache_end_in_sample(c, o, S, k, exp(l1), exp(l2));
    ssd__set_cache_end(res, k, exp(l1), exp(l2));
    return 1;
}

/* A dynamic cache after a sequential fill whose direct writes lasted
 * about a sample, taken by the cache test into the cache's phase (seed
 * 101's drive 136, WSAT: 2288 and 2499 MiB/s, 2231 holding the cache's
 * end, the direct writes at 1746, 1423 holding their end, then folding
 * flat at 767: one phase of 5 samples, "cache 47.68 GiB, truth 29.88";
 * its drive 50, 2748, 2730, 2504, 2424, 1937, then 1153; 367's drive 36,
 * 2727, 2748, 2082, 1780, 1630, then 820). A speed change goes into one
 * sample: one sample may mix the cache's speed with the next level's, one
 * more that level with the phase after. So when the phase's last samples
 * [s, e0), 3 or more from the first that runs a twentieth (CACHE_SAMPLE_SAG)
 * below the fastest before it, step down from that speed to a level a
 * step above the next phase's, the middle ones (all but the first and
 * the last) flat there within half a step and lasting longer than a GC
 * dip (DIP_AT_CACHE_END_S: a dip at the cache's end is
 * seq_dip_at_cache_end's), the first above each of them and the last
 * below each (the two mixes), the middle level is one the drive held
 * between the cache and the phase after: after a sequential fill and
 * idle time, the direct writes to the clean blocks left after the cache
 * the idle time emptied. The cache ends in sample s, split between the
 * fastest of its samples (a sample only slows: the run's start, a dip)
 * and that level. Returns 1
 * when it split (the cache [0, s), the direct writes, the rest). The
 * state is seq_cache_before_direct's, the cache of any kind, as there;
 * also with the fresh run's levels (its drive 136's own 2-sample cache
 * was read as none: the split does not lean on them). */
int ssd__seq_cache_short_direct(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                struct ssd__result *res) {
    if (!seq_idle_cache(c, o, res))
        return 0;
    size_t e0 = c->ph[1].first, s = 1;
    if (e0 < 4)
        return 0;
    double top = c->y[0], step = log(o->min_step), half = 0.5 * step;
    while (s < e0 && c->y[s] > top - log(CACHE_SAMPLE_SAG)) {
        top = fmax(top, c->y[s]);
        s++;
    }
    if (s < 2 || e0 < s + 3)
        return 0;
    double lv = ssd__level_of(c, s + 1, e0 - 1), dt = 0;
    for (size_t i = s + 1; i + 1 < e0; i++) {
        if (fabs(c->y[i] - lv) >= half || !(c->y[i] < c->y[s]) || !(c->y[i] > c->y[e0 - 1]))
            return 0;
        dt += ssd__curve_dt(c, i);
    }
    if (!(dt > DIP_AT_CACHE_END_S) || !(lv >= log(c->ph[1].level_bps) + step) ||
        ssd__curve_split(c, 0, s) != 0)
        return 0;
    double hi = exp(top), lo = exp(lv);
    return seq_cache_ends_in(c, o, res, s, hi, lo);
}

/* A dynamic cache on a drive written full sequentially whose end a GC
 * dip slowed: the cache test ended it where the dip began, and the dip's
 * samples, between the cache's level and the folding's, read later as a
 * few samples of direct writes (seed 13's drive 53, 2 hours: 7 samples at
 * 2281 MiB/s, then 1778, 1033, 1033 and 1151 in the dip, the cache's end
 * inside the last, then folding flat at 608: "cache 16.93 GiB, truth
 * 20.43"; seed 181's drive 85, 10 at 2209, then 1398 and 964, then
 * folding at 744: "cache 22.32 GiB, truth 23.70", the folding missed). A
 * dynamic cache the idle time emptied within what it had time for took
 * the clean spare area in SLC mode and folds right after its end
 * (fold_first), and direct writes after a cache bounded by the idle time
 * last longer than a dip (10 s or more on the sweep's drives): 2 or 3
 * samples within 4 s (DIP_AT_CACHE_END_MAX, _S), each a step
 * below the cache's level and a step above the level after them, with
 * the phase after them quiet and flat (noise within a third of a step) for
 * SHORT_LEVEL samples or more and none of its samples back a step above
 * its level, are the cache's. Its end goes inside the last of them (its
 * rate's share at the cache's level against the folding's), its
 * uncertainty half the dip's bytes. Not in WSAT's 5 s samples: two of
 * them are longer than a dip (a dip there fits inside the mixed sample).
 * Returns 1 when it moved the end. The
 * caller checks the state (seq_full_dynamic, no reference levels). */
int ssd__seq_dip_at_cache_end(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    if (!S->has_cache || S->cache_censored != SSD_CENSOR_NONE || c->nph < 2 ||
        res->cache_phase_end != c->ph[1].first || c->ph[1].first < 2)
        return 0;
    double step = log(o->min_step), hi = log(S->cache_level_bps), lo = log(c->ph[1].level_bps);
    size_t a = c->ph[1].first, e = c->ph[1].last + 1, n = 0;
    while (a + n < e && n <= DIP_AT_CACHE_END_MAX && c->y[a + n] <= hi - step &&
           c->y[a + n] >= lo + step)
        n++;
    double dt = 0;
    for (size_t i = a; i < a + n; i++)
        dt += ssd__curve_dt(c, i);
    if (n < 2 || n > DIP_AT_CACHE_END_MAX || dt > DIP_AT_CACHE_END_S || e < a + n + SHORT_LEVEL ||
        ssd__quiet_noise(c, a + n, e) > step / 3 || ssd__falls_through(c, a + n, e))
        return 0;
    for (size_t i = a + n; i < e; i++)
        if (c->y[i] >= lo + step)
            return 0;
    size_t m = a + n - 1;
    double f = (c->r[m] - exp(lo)) / (exp(hi) - exp(lo));
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    S->cache_bytes = c->cum[m] + f * ssd__curve_dt(c, m) * exp(hi);
    S->cache_uncertainty_bytes = 0.5 * (c->cum[m + 1] - c->cum[a]);
    ssd__curve_move_boundary(c, 1, m + 1);
    ssd__set_cache_end(res, m + 1, exp(hi), exp(lo));
    return 1;
}

/* seq_first_sample_fold's cache when the best two-level split of phase
 * 1 does not find its folding: the folding's flat level less than
 * min_drop above the split's second level (GC's first samples, which
 * burst above where GC settles, lift it), or the cache's end in the
 * second sample, whose mix the split puts in the folding's level (seed
 * 101's drive 51, WSAT, after a sequential fill, the fill's log a 48 GiB
 * dynamic cache: 2744 MiB/s, then 632 holding the cache's end, then 8
 * samples flat at 363, then GC at 240 bursting 204-398; the split read
 * 363 against 289, a 1.26x drop, and the run was read as clean blocks in
 * one sample and the used state from 13.4 GiB, the model's folding from
 * 14.9 to 31.1 GiB). The level is found as seq_fast_start_fold finds it:
 * the second sample holds the cache's end when it runs half a step above
 * the median of the next three, and the level is the samples from there
 * each within half a step of that median, 3 or more, flat and quiet, the
 * first sample min_drop above it. What ties that level to the cache is
 * its length, not how the samples after it scatter: a dynamic cache's
 * folding frees (bits - 1) bytes per byte cached, so it ends 1, 2 or 3
 * times what the first samples can have cached after the cache's end
 * (lasts_a_fold_of: 14.7-16.5 GiB cached, the level to 30.7 GiB, once
 * for TLC-less MLC; the model's 14.92 and 31.1). And it ends in a step
 * down to a level that lasts (min_len samples a step below it, the
 * median of the first three too): the drive then has no clean blocks
 * left, the used state. The folding may end inside the sample after the
 * level, between its speed and the next sample's: the level's end is then
 * anywhere in that sample. Also for a cache the cache test itself bounded
 * inside the first sample (seed 223's drive 138, WSAT: 2283 MiB/s, then
 * 4 samples at 912, then GC at 515 from 674, read as clean blocks by the
 * clean-room verdict, "used state at 11.1 GiB, truth 31.2"). Returns 1
 * when it is (the cache, its folding as phase 1, the rest). */
static int seq_first_sample_flat_fold(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                      struct ssd__result *res) {
    size_t e = c->ph[1].last + 1, ml = c->min_len > 3 ? c->min_len : 3;
    if (c->nph < 2 || c->ph[1].first != 1 || e < 5)
        return 0;
    double step = log(o->min_step), lv = ssd__median3(c->y[2], c->y[3], c->y[4]);
    size_t s = c->y[1] >= lv + 0.5 * step ? 2 : 1, k = s;
    while (k < e && fabs(c->y[k] - lv) < 0.5 * step)
        k++;
    if (k < s + 3 || k + ml > e ||
        (k == s + 3 ? !ssd__flat3(c, o->min_step, s) : !ssd__flat_level(c, o->min_step, s, k)) ||
        ssd__quiet_noise(c, s, k) > step / 3 || ssd__falls_through(c, s, k))
        return 0;
    double lo = exp(ssd__level_of(c, s, k));
    if (c->r[0] < lo * o->min_drop || ssd__level_of(c, k, k + ml) > log(lo) - step ||
        ssd__median3(c->y[k], c->y[k + 1], c->y[k + 2]) > log(lo) - step)
        return 0;
    double lower, upper;
    first_samples_cache(c, s, lo, &lower, &upper);
    /* (The folding may end inside sample k, between its level and the
     * next: the level's end is then anywhere in that sample.) */
    if (!(lower > 0) || !(upper >= lower) ||
        !(lasts_a_seq_fold_of(lower, upper, c->cum[k], res->ref_kind_cache_bytes) ||
          (c->y[k] > c->y[k + 1] &&
           lasts_a_seq_fold_of(lower, upper, c->cum[k + 1], res->ref_kind_cache_bytes))))
        return 0;
    if (ssd__curve_split(c, 1, k) != 0)
        return 0;
    if (s == 2)
        ssd__curve_move_boundary(c, 1, 2);
    return ssd__set_first_sample_cache(c, res, lower, upper, lo, s);
}

/* The same after a sequential fill, with the fill's own log showing a
 * dynamic cache (ref_kind): a dynamic cache that ended inside WSAT's first
 * 5 s sample, its folding a quiet flat level of a few samples that the
 * segmentation gave to GC after it (seed 13's drive 29: 843 MiB/s in the
 * first sample, 3 samples at 302, then GC bursting at 211 and 133 and
 * settling at 153; read as clean blocks in one sample and the used state
 * from 4.1 GiB, truth 9.0). A drive written full sequentially has no
 * clean blocks but its spare area and what idle time gave back, which a
 * dynamic cache writes in SLC mode first, and the folding frees (bits -
 * 1) bytes per byte cached, as after a random fill. The first sample is
 * the cache when it runs min_drop above the first level of the phase
 * after it (by its best two-level split), quiet and flat, 3 samples or
 * more, min_drop above the rest, and lasting 1, 2 or 3 times a cache
 * the first sample can have held (any size within its bounds, not their
 * midpoint alone: 2.64-4.12 GiB there, folding to 8.52 GiB, twice 2.97,
 * the model's cache); that level is the folding, its own phase, and the
 * used state begins after it. Returns 1 when it is, 2 when direct writes
 * come between the cache and the folding (seq_fast_start_fold). */
int ssd__seq_first_sample_fold(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                               struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    if (res->ref_kind != SSD__REF_KIND_DYNAMIC || c->nph < 2 ||
        (int)o->precondition != SSD_PRECONDITION_SEQ_FILL || !(o->written_before_bytes > 0) ||
        o->idle_before_s == 0 || !(ssd__fresh_room(o, S->capacity_bytes) <= 0) ||
        ssd__seq_overwrites(o, res))
        return 0;
    if (c->ph[1].first != 1)
        return seq_fast_start_fold(c, o, res);
    /* (A cache the cache test bounded inside the first sample itself:
     * seq_first_sample_flat_fold tells its folding.) */
    if (S->has_cache && S->cache_censored == SSD_CENSOR_RESOLUTION && res->cache_phase_end == 1)
        return seq_first_sample_flat_fold(c, o, res);
    if (S->has_cache && !(S->cache_censored == SSD_CENSOR_NONE && res->cache_phase_end == 1))
        return 0;
    size_t a = 1, e = c->ph[1].last + 1;
    double l1, l2, gain;
    size_t k = e >= a + 6 ? ssd__two_levels(c, a, e, a + 3, e - 3, &l1, &l2, &gain) : 0;
    if (!k || l1 - l2 < log(o->min_drop))
        return seq_first_sample_flat_fold(c, o, res);
    double lo = exp(ssd__level_of(c, a, k));
    if (c->r[0] < lo * o->min_drop || ssd__quiet_noise(c, a, k) > log(o->min_step) / 3 ||
        ssd__falls_through(c, a, k))
        return seq_first_sample_flat_fold(c, o, res);
    double lower = (c->r[0] - lo) * ssd__curve_dt(c, 0), upper = ssd__first_sample_cache_max(c, lo);
    if (!(lower > 0) || !lasts_a_seq_fold_of(lower, upper, c->cum[k], res->ref_kind_cache_bytes))
        return seq_first_sample_flat_fold(c, o, res);
    if (ssd__curve_split(c, 1, k) != 0)
        return 0;
    return ssd__set_first_sample_cache(c, res, lower, upper, lo, 1);
}

/* The same cache inside the first sample (or its first two), with its
 * folding less than min_drop above GC, so that first_sample_cache_before_fold
 * and random_fill_fold_end pass it by and the segmentation gave the
 * folding to the used state: a 2 GiB cache at 2.25 GB/s in the first 1 s
 * sample, folding at 400 MB/s to 4 GiB (399, 401, 400, 407, 406), then GC
 * at 334 bursting to 524, 923, 1041; read as clean blocks, the used state
 * at 2.1 GiB, 2 GiB early. Folding programs the cached data into the
 * native flash besides the host's writes, so it runs below the native
 * speed and may sit near the used state, which direct writes at the
 * native speed cannot on a drive randomly written full (GC's victims
 * there hold mostly valid pages, a write amplification of 2 or more with
 * the spare area a drive has). So after a random fill, no reference: a
 * first phase of 1-2 samples min_drop above a flat level (each sample
 * within half a step of their median, 3 or more: a 2 GiB cache's folding
 * at 0.5-0.9 GB/s lasts 2.5-4 of 1 s samples, and clean blocks running
 * out pass through samples that fall, never a flat run) that lasts 1, 2
 * or 3 times what the first sample cached for some size within its
 * bounds (lasts_a_fold_of; the cache ended somewhere inside the first
 * sample, and the bounds' midpoint made a 2x folding 2.3x: seed 11's
 * drive 157, 2303 MB/s, then 7 samples at 599, then GC at 402, the
 * cache 1.70-2.30 GB for the model's 2.15) and steps down min_step or
 * more into a stretch that
 * scatters as GC does (a tenth of its first lasting stretch a step off
 * its median, SEQ_FILL_GC_SCATTER_EVERY; folding and direct writes hold
 * a level): the cache, its folding, then the used state. Splits phase 1
 * at the folding's end and sets the cache's figures (it ended inside the
 * first sample: bounds, as first_sample_cache_before_fold); returns 1
 * when it did. */
int ssd__first_sample_fold_near_gc(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                   struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    if ((int)o->precondition != SSD_PRECONDITION_RANDOM_FILL ||
        !(ssd__fresh_room(o, S->capacity_bytes) <= 0) || c->nph < 2 || c->ph[1].first < 1 ||
        c->ph[1].first > 2)
        return 0;
    /* (The folding may be phase 1 itself, its end already a boundary, or
     * its start: the first sample off its level ends it.) */
    size_t a = c->ph[1].first, end = c->n, e1 = c->ph[1].last + 1, ml = c->min_len;
    if (end < a + 8 + ml)
        return 0;
    double half = 0.5 * log(o->min_step);
    /* (a first sample of phase 1 a step above the level holds the
     * cache's last bytes) */
    double lv = ssd__median3(c->y[a + 1], c->y[a + 2], c->y[a + 3]);
    size_t s = c->y[a] >= lv + half ? a + 1 : a;
    if (s > 2 || (s == 2 && c->r[1] >= c->r[0]))
        return 0;
    /* The level's end: the first sample off it by half a step. */
    size_t k = s;
    while (k < end && fabs(c->y[k] - lv) < half)
        k++;
    int flat = k == s + 3 ? ssd__flat3(c, o->min_step, s) : ssd__flat_level(c, o->min_step, s, k);
    if (k < s + 3 || k > e1 || !flat || end < k + ml)
        return 0;
    double lo = exp(ssd__level_of(c, s, k));
    if (c->r[0] < lo * o->min_drop)
        return 0;
    /* A step down into GC's scatter. */
    size_t ge = k + ml, off = 0;
    double m = ssd__level_of(c, k, ge);
    for (size_t i = k; i < ge; i++)
        off += fabs(c->y[i] - m) >= log(o->min_step);
    if (log(lo) - m < log(o->min_step) || off * SEQ_FILL_GC_SCATTER_EVERY < ge - k)
        return 0;
    /* (Three samples are a level only SHAPE_MIN_FALL above GC: clean
     * blocks running out pass through samples up to 1.7x above the used
     * state, and GC's first bursts may hold three samples flat there
     * (seen seed 101's drive 111, no SLC, WSAT: 2 GiB of clean blocks in
     * two 5 s samples, then 534, 554, 574 MB, then GC around 420, read
     * as a cache and its folding when three samples were let through).) */
    if (k == s + 3 && log(lo) - m < log(SHAPE_MIN_FALL))
        return 0;
    /* (A second sample that still held cache, a step above the level,
     * means the first was cache all through: at least all it wrote and
     * the second's excess; a 2 GiB cache at 1418 MB/s, then 772 holding
     * its end, folding at 89 read 1.33-2.15 GiB by the first sample
     * alone, whose midpoint made the folding 2.7x it for the model's 2x.) */
    double lower = s == 2 ? c->b[0] + (c->r[1] - lo) * ssd__curve_dt(c, 1)
                          : (c->r[0] - lo) * ssd__curve_dt(c, 0),
           upper = ssd__first_sample_cache_max(c, lo);
    if (!(lower > 0) || !(upper >= lower) || !lasts_a_fold_of(lower, upper, c->cum[k]))
        return 0;
    if (s != a)
        ssd__curve_move_boundary(c, 1, s);
    if (k < e1 && ssd__curve_split(c, 1, k) != 0)
        return 0;
    return ssd__set_first_sample_cache(c, res, lower, upper, lo, s);
}

/* The end of a folding's quiet level lv that starts at sample s: the
 * first sample from which five have their median a step below lv, then
 * the first sample a step below it. A folding's samples scatter, and one
 * of them a step off is no end: 87, 86, 90, 96, 80, 68, 102 MB/s, then GC
 * at 20. */
static size_t quiet_level_end(const struct ssd__curve *c, size_t s, double lv, double step,
                              int *scatter) {
    size_t n = c->n, k = s + 2;
    *scatter = 0;
    while (k + 5 <= n && ssd__level_of(c, k, k + 5) >= lv - step)
        k++;
    while (k < n && c->y[k] >= lv - step)
        k++;
    /* GC's scatter ends it sooner: a sample a step off lv that starts
     * five of which three or more are a step off it, at least one a step
     * above and one a step below. A folding holds its level (its samples'
     * noise under a step, a GC dip only slows), but GC's first samples
     * burst both ways around it, often enough that their median stays
     * within a step of it (seed 11's drive 157, the fill: folding at
     * 701-732 MB/s to 6 GiB, then 461, 452, 675, 1584, 726, 567, 900,
     * read as folding to 9.96 GiB; 47's drive 79: 80-84, then 70, 56,
     * 102, 75, 53, 134, to 6.42 for 6.0), and may start above it (89's
     * drive 75: folding at 701-750, then 901, 891, 525, 556, to 8.11).
     * Only after three samples of the level: two, then samples back up
     * near the cache's speed, are a GC dip inside the cache (464, 323,
     * 321, 432, 461 MB/s, then 204 holding its end, 181's drive 69). Such an end sets *scatter:
     * GC's median after it may then sit less than a step below lv, and the callers ask it only to
     * be below. */
    for (size_t i = s + 3; i < k && i + 5 <= n; i++) {
        if (!(fabs(c->y[i] - lv) >= step))
            continue;
        size_t off = 0, above = 0;
        for (size_t j = i; j < i + 5; j++) {
            off += fabs(c->y[j] - lv) >= step;
            above += c->y[j] >= lv + step;
        }
        if (off >= 3 && above >= 1 && off > above) {
            *scatter = 1;
            return i;
        }
    }
    return k;
}

/* The same cache inside the first sample (or its first two) when the
 * fill's own log (a reference of another workload) showed a dynamic
 * cache: after a random fill the idle-cleaned blocks are the cache's, in
 * SLC mode, and it folds before GC runs (the folding-or-GC note), so the
 * fast first sample is that cache (or the cache the cache test found
 * and ended) and the level after it its folding,
 * whatever its length against the cache (lasts_a_fold_of, the guard
 * without a reference, reads the folding's end against bounds the first
 * sample gives: 2 GiB at 2.26 GB/s in one 1 s sample, then folding at 473
 * MB/s to 6 GiB, then GC at 358 bursting, read as clean blocks, the
 * folding as GC's start or GC's first bursts as the folding). A first
 * sample min_drop above a level of 2 samples or more from the second
 * (the second within a step of that level, its level the
 * median of its first three), which lasts to the first sample a step
 * below that level from which five have their median a step below it (a
 * folding's samples scatter, one of them a step off is no end), does not fall through
 * itself (clean blocks running out do: ssd__falls_through, asked of 3
 * samples or more), and is a step above the used state's first lasting
 * stretch after it: the cache ended inside the first sample(s) (bounds as
 * first_sample_cache_before_fold), phase 1 the folding, phase 2 the used
 * state (the phases that started before its start merged). A cache the
 * cache test found and ended is taken as it is, the level after it read
 * the same way. Sets *g 2 and returns 1 when it did. */
static int dynamic_ref_fold_after(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  struct ssd__result *res, size_t *g, int found) {
    struct ssd_analysis_summary *S = &res->sum;
    size_t n = c->n, ml = c->min_len > 3 ? c->min_len : 3;
    size_t s0 = found ? res->cache_phase_end : 1;
    /* (A found cache of one sample is the first sample's case.) */
    if (found && s0 < 2)
        return 0;
    if (n < s0 + 8 + ml)
        return 0;
    double step = log(o->min_step);
    size_t s = s0;
    double lv = ssd__median3(c->y[s], c->y[s + 1], c->y[s + 2]);
    /* (After a found cache its drop's sample, between the two levels,
     * mixes them: the level starts after it. So does the second sample
     * after a first sample's cache, a step above the level and below the
     * first: the cache ended in it (seed 47's drive 88, the fill: 1830
     * MB/s, then 758, then folding at 533 for 3 samples, then GC at 104,
     * the model's 2 GiB cache and 2 GiB folding; read as clean blocks in
     * one sample and the used state from 1.7 GiB, the folding missed).
     * A found cache whose end lies past the drop sample's start holds its
     * end in that sample, whatever the median of three beside it says: a
     * noisy folding's first samples, 59.8 (the drop's), 46.4 and 53.4
     * MiB/s, put the level at 53.4 and its end at the next sample, a step
     * below it, the folding at 45 for 45 s then missed (seed 167's drive
     * 156, the fill after a random fill: "used state at 2.1 GiB, before
     * the model's 4.0").) */
    if ((c->y[s] - lv >= step && c->y[s] < (found ? log(S->cache_level_bps) : c->y[0])) ||
        (found && S->cache_bytes > c->cum[s])) {
        s++;
        lv = ssd__median3(c->y[s], c->y[s + 1], c->y[s + 2]);
        /* (A level, its three samples within a step of each other: a
         * folding of one sample, then GC's first bursts, is no mixed
         * second sample before a level: 2514 MB/s, then folding at 1209,
         * then 805, 928, 770, 442, seed 11's drive 37.) */
        double a = c->y[s], b = c->y[s + 1], d = c->y[s + 2];
        if (!found && fmax(a, fmax(b, d)) - fmin(a, fmin(b, d)) >= step)
            return 0;
    }
    /* (After such a second sample the level must stand min_drop above
     * the used state's stretch after it: GC's first samples run flat a
     * little above where it settles, 3117 MB/s, 1272 holding the cache's
     * and the folding's end, then GC at 357, 352, 342, then 274, seed 13's
     * drive 39.) */
    double after_drop = !found && s == 2 ? log(o->min_drop) : step;
    if (fabs(c->y[s] - lv) >= step)
        return 0;
    int scatter;
    size_t k = quiet_level_end(c, s, lv, step, &scatter);
    /* (Two samples are a level when within half a step of each other: GC
     * starting at the folding's speed and sliding down from it passes
     * through two samples a tenth apart, 1471 and 1330 MB/s, then 1016,
     * 662, 504.) */
    if (k + ml > n || (k == s + 2 && fabs(c->y[s] - c->y[s + 1]) >= 0.5 * step))
        return 0;
    double lo = exp(ssd__level_of(c, s, k)), hi = found ? S->cache_level_bps : c->r[0];
    /* (A found cache whose first sample runs a step above the rest of it
     * took the folding in: 3247 MB/s, then 1747 and 1582 folding, then GC
     * at 590-1000, read as a 5.85 GiB cache.) */
    if (found && s0 >= 2 && c->y[0] >= ssd__level_of(c, 1, s0) + step)
        return 0;
    if (hi < lo * o->min_drop || (k >= s + 3 && ssd__falls_through(c, s, k)) ||
        log(lo) - ssd__level_of(c, k, k + ml) < (scatter ? 0 : after_drop))
        return 0;
    /* (A cache never resumes after its end: a sample of the level back
     * within a step of the first sample's speed makes the level a GC dip
     * inside the cache, 464, 323, 321, 432, 461 MB/s, then 204 holding
     * the end, seed 181's drive 69.) */
    for (size_t i = s; i < k && !found; i++)
        if (c->y[i] >= log(hi) - step)
            return 0;
    /* (A second sample that held the cache's end: the first was cache all
     * through, as first_sample_fold_near_gc bounds it.) */
    double lower = s == 2 ? c->b[0] + (c->r[1] - lo) * ssd__curve_dt(c, 1)
                          : (c->r[0] - lo) * ssd__curve_dt(c, 0),
           upper = ssd__first_sample_cache_max(c, lo);
    if (!found && (!(lower > 0) || !(upper >= lower)))
        return 0;
    /* (After a second sample that held the cache's end the level must
     * last 1, 2 or 3 times what the two samples can have cached
     * (lasts_a_fold_of, the guard without a reference): GC's first
     * samples may hold a level 1.45x above where GC settles, 3630 MB/s,
     * 1691, then 1362, 1338, 1399 to 8.77 GiB, then GC at 940, seed 89's
     * drive 86, a 3.69-3.88 GiB cache by those samples.) */
    if (!found && s == 2 && !lasts_a_fold_of(lower, upper, c->cum[k]))
        return 0;
    while (c->nph > 1 && c->ph[1].first <= k)
        ssd__curve_merge_next(c, 0);
    if (ssd__curve_split(c, 0, found ? s0 : s) != 0 || ssd__curve_split(c, 1, k) != 0)
        return 0;
    *g = 2;
    if (!found)
        return ssd__set_first_sample_cache(c, res, lower, upper, lo, s);
    ssd__set_cache_end(res, s0, S->cache_level_bps, lo);
    return 1;
}

/* The folding's end when the rules without a reference already split a
 * cache, a level and the used state after a random fill, and the fill's
 * own log showed a dynamic cache (so the level is the folding): a folding
 * is a quiet level, and GC's first samples burst back up to it, which the
 * segmentation gave to the folding's phase (seed 47's drive 14: 2510 MB/s,
 * then 1175, 1187, 1194 folding to 5.9 GiB, then GC at 500 bursting to
 * 580-1290, the used state read from 12.8 GiB for the model's 6.0). The
 * level's end is read as dynamic_ref_fold_after reads it (the first
 * sample from which five have their median a step below the level of its
 * first three, and then the first sample a step below it); when that is
 * before the used state's phase (or at its start), the used state starts
 * there. Only the folding's start within a step of its first three's
 * level, two samples or more of it that do not fall through, and the next
 * lasting stretch a step below it. Returns 1 when it placed the end. */
int ssd__dynamic_ref_fold_end(struct ssd__curve *c, const struct ssd__analysis_opts *o) {
    if (c->nph < 3)
        return 0;
    size_t n = c->n, ml = c->min_len > 3 ? c->min_len : 3;
    size_t s = c->ph[1].first, e = c->ph[2].first;
    if (e < s + 3)
        return 0;
    double step = log(o->min_step);
    double lv = ssd__median3(c->y[s], c->y[s + 1], c->y[s + 2]);
    /* (The cache's drop sample, between the two levels, mixes them: the
     * level starts after it; seed 47's drive 79: 500 MB/s, 209, then
     * folding at 80-86.) */
    if (c->y[s] - lv >= step && c->y[s] < log(c->ph[0].level_bps) && e >= s + 4) {
        s++;
        lv = ssd__median3(c->y[s], c->y[s + 1], c->y[s + 2]);
    }
    if (fabs(c->y[s] - lv) >= step)
        return 0;
    int scatter;
    size_t k = quiet_level_end(c, s, lv, step, &scatter);
    if (k > e || k + ml > n || (k == s + 2 && fabs(c->y[s] - c->y[s + 1]) >= 0.5 * step) ||
        (k >= s + 3 && ssd__falls_through(c, s, k)) ||
        lv - ssd__level_of(c, k, k + ml) < (scatter ? 0 : step))
        return 0;
    /* (At the segmentation's boundary already: it stands, 89's drive 75,
     * where the knee looked for past it moved it to 8.11 GiB for 6.0.) */
    if (k < e)
        ssd__curve_move_boundary(c, 2, k);
    return 1;
}

/* The same cache over a few whole samples, which the cache test did not
 * find because the segmentation made it one phase with its longer
 * folding, at the folding's level (seed 89's drive 94, the fill: 4
 * samples at 478 MB/s, 291 holding the end, then folding at 135 to 4
 * GiB, then GC at 15: one phase at 135, "cache of 2.00 GiB missed"; 89's
 * drive 72: 5 at 430, then 20 at 108, then GC at 20), or found it as the
 * whole fast start, cache and folding. The first phase's leading samples
 * up to the first of three in a row min_drop below the fastest before it
 * (a GC dip inside the cache climbs back: 464, 323, 321, 432, 461 MB/s,
 * then 204 holding the end, seed 181's drive 69), two or more, are taken
 * as the cache the cache test would
 * have found (its level their median), and the level after them read as
 * after such a cache (dynamic_ref_fold_after); its end is placed in the
 * sample where the speed leaves the cache's level
 * (ssd__cache_end_in_sample, against the folding's level). Sets *g 2 and
 * returns 1 when it did; the summary as it was otherwise. */
static int dynamic_ref_lead_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  struct ssd__result *res, size_t *g) {
    struct ssd_analysis_summary *S = &res->sum;
    if (c->nph < 2)
        return 0;
    size_t e0 = c->ph[0].last + 1, s = 1;
    double top = c->y[0], drop = log(o->min_drop);
    while (s + 2 < e0 &&
           (c->y[s] >= top - drop || c->y[s + 1] >= top - drop || c->y[s + 2] >= top - drop))
        top = fmax(top, c->y[s++]);
    if (s < 2 || e0 < s + 3)
        return 0;
    struct ssd_analysis_summary was = *S;
    size_t was_end = res->cache_phase_end, was_post = res->post_phase;
    double hi = exp(ssd__level_of(c, 0, s));
    S->has_cache = 1;
    S->cache_censored = SSD_CENSOR_NONE;
    S->cache_level_bps = hi;
    res->cache_phase_end = s;
    if (!dynamic_ref_fold_after(c, o, res, g, 1)) {
        *S = was;
        res->cache_phase_end = was_end;
        res->post_phase = was_post;
        return 0;
    }
    ssd__cache_end_in_sample(c, o, S, s, hi, S->post_cache_bps);
    return 1;
}

/* A first sample's cache whose folding lasts one whole sample, then ends
 * inside the next, which mixes the folding's level with GC's: no level
 * of two samples (dynamic_ref_fold_after asks for one, and the mixed
 * sample sits more than half a step below the whole one), so the fast
 * first sample was read as clean blocks and the used state put at its
 * end (seed 97's drive 172, the fill: 2677 MB/s, then the folding at 900,
 * 781 holding its end, then GC at 313-354; the model's 2 GiB cache and 2
 * GiB folding, the used state read from 2.5 GiB for 4.0; 127's drive 40,
 * 139's 24, 151's 27 the same). The folding's end is read inside the
 * mixed sample as the share of it above GC's level (the median of the
 * used state's first lasting stretch after it): the folding at the whole
 * sample's rate, the rest at GC's. Only when the first sample runs
 * min_drop above the folding's sample, that sample min_drop above GC
 * (a folding runs 1.3-3x above GC) and the mixed sample between the two
 * and a step above the sample after it (one mixed sample, not a level:
 * seed 53's drive 23, 1878 MB/s, then 782 holding the cache's end, the
 * folding at 615 and 605, then 452 holding its end, GC sliding from 245),
 * the three samples after it a step below the folding (GC, not the
 * folding going on), and the end where a folding of the first sample's
 * cache ends (1, 2 or 3 times it after it, lasts_a_fold_of: GC's first
 * samples sliding down from the folding's speed are no such end). The
 * cache ends in the first sample (its bounds as without a reference),
 * the folding is phase 1, and the used state phase 2 from the sample
 * after the mixed one when the folding took most of it, else from the
 * mixed sample. Returns 1 when it did, 0 with the phases as they were. */
static int dynamic_ref_fold_one_sample(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                       struct ssd__result *res, size_t *g) {
    size_t n = c->n, ml = c->min_len > 3 ? c->min_len : 3;
    if ((res->sum.has_cache && res->cache_phase_end > 1) || n < 3 + 8 + ml)
        return 0;
    double step = log(o->min_step), drop = log(o->min_drop);
    double lg = ssd__level_of(c, 3, 3 + ml), f1 = c->y[1];
    if (c->y[0] < f1 + drop || f1 < lg + drop || !(c->y[2] < f1) || !(c->y[2] > lg) ||
        c->y[3] > c->y[2] - step)
        return 0;
    for (size_t i = 3; i < 6; i++)
        if (c->y[i] > f1 - step)
            return 0;
    double r1 = c->r[1], rg = exp(lg);
    double f = (c->r[2] - rg) / (r1 - rg);
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    double end = c->cum[2] + f * ssd__curve_dt(c, 2) * r1;
    double lower = (c->r[0] - r1) * ssd__curve_dt(c, 0), upper = ssd__first_sample_cache_max(c, r1);
    if (!(lower > 0) || !(upper >= lower) || !lasts_a_fold_of(lower, upper, end))
        return 0;
    size_t k = f >= 0.5 ? 3 : 2;
    while (c->nph > 1 && c->ph[1].first <= k)
        ssd__curve_merge_next(c, 0);
    if (ssd__curve_split(c, 0, 1) != 0 || ssd__curve_split(c, 1, k) != 0)
        return 0;
    *g = 2;
    return ssd__set_first_sample_cache(c, res, lower, upper, r1, 1);
}

int ssd__dynamic_ref_first_sample_fold(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                       struct ssd__result *res, size_t *g) {
    const struct ssd_analysis_summary *S = &res->sum;
    /* (The first sample's cache; else the level after a cache the cache
     * test found and ended, which may have taken the folding in with the
     * first sample: 2159 MB/s, then 439-487 for 9 s, then GC at 148, read
     * as a 6.38 GiB cache.) */
    if (dynamic_ref_fold_after(c, o, res, g, 0))
        return 1;
    if (S->has_cache && S->cache_censored == SSD_CENSOR_NONE && res->cache_phase_end >= 1 &&
        dynamic_ref_fold_after(c, o, res, g, 1))
        return 1;
    return (!S->has_cache || S->cache_censored == SSD_CENSOR_NONE) &&
           (dynamic_ref_lead_cache(c, o, res, g) || dynamic_ref_fold_one_sample(c, o, res, g));
}

/* The end of a random fill's shrunken dynamic cache's folding inside
 * phase 1, the used state's first phase with no reference, or 0. After
 * random writes the clean blocks are only those idle GC cleaned, and a
 * dynamic cache takes them all in SLC mode, so it is a few GiB whatever
 * the capacity (no share of it, which dynamic_cache reads). Folding its C
 * cached bytes frees C (bits - 1) of them, which the host writes at the
 * folding's speed before GC must run: a quiet flat level right after the
 * cache, lasting 1, 2 or 3 times it (FOLD_BYTES_PER_CACHED, within 10 %,
 * as the labelling's folds_cache reads it) and ending in a drop of
 * min_drop or more, is that folding. It is never the used state, which
 * starts with a steep drop or a slide, not a quiet level
 * (clean_level_before_drop). The segmentation gave it to the decline when
 * GC's first samples burst between its level and GC's (a 2 GiB cache at
 * 298 MiB/s, folding at 29.6 to 4.0 GiB, then GC at 6.2 bursting to 20:
 * one phase, "gc from 2 GiB, sliding from 29.6 to 7.2", the folding
 * missed). The split is the best two-level one of phase 1. */
size_t ssd__random_fill_fold_end(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 const struct ssd_analysis_summary *S) {
    if (!(S->has_cache && S->cache_censored == SSD_CENSOR_NONE && S->cache_bytes > 0 &&
          (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL &&
          ssd__fresh_room(o, S->capacity_bytes) <= 0 && c->nph >= 2))
        return 0;
    size_t g0 = c->ph[1].first, b = c->ph[1].last + 1;
    if (b < g0 + 6)
        return 0;
    double l1, l2, gain;
    size_t k = ssd__two_levels(c, g0, b, g0 + 3, b - 3, &l1, &l2, &gain);
    if (!k || l1 - l2 < log(o->min_drop) || log(c->ph[0].level_bps) - l1 < log(o->min_step))
        return 0;
    double r = (c->cum[k] - S->cache_bytes) / S->cache_bytes;
    int multiple = 0;
    for (int m = 1; m <= (int)FOLD_BYTES_PER_CACHED; m++)
        multiple |= fabs(r / m - 1) <= FOLD_MULTIPLE_TOL;
    if (!multiple || ssd__quiet_noise(c, g0, k) > log(o->min_step) / 3 ||
        ssd__falls_through(c, g0, k))
        return 0;
    return k;
}

/* Labels the phases before the used state (phase g, 0: none) and places
 * the folding's boundaries; after a boundary moved, g is the used state's
 * phase. Returns the phase after a cache too slight to call (0: none);
 * *note_fold: the level after the cache read as folding by its length;
 * *note_slow: by its speed (seq_fill_slow_level; both for
 * ssd__regime_notes). */
size_t ssd__label_phases(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                         struct ssd__result *res, const struct ref_levels *rl, size_t *g_io,
                         int hidden_cache, int static_first, int split_direct, double fold_lv,
                         int *note_fold, int *note_slow) {
    struct ssd_analysis_summary *S = &res->sum;
    size_t g = *g_io;
    /* Label the rest: the cache; the level after it (or the first level
     * without one) is direct; a lasting step below direct is folding (a
     * dynamic cache emptied while writing: the first drop after the cache,
     * not the last); back near the direct level is direct; anything else
     * before the used state is other. */
    /* Only a dynamic cache folds (a static one, small beside the
     * capacity, never does), and folding lasts: a few slow seconds at the
     * end of a fill are no folding. */
    int can_fold =
        (hidden_cache && !static_first) ||
        (S->has_cache && !(isfinite(S->capacity_bytes) &&
                           S->cache_bytes < DYNAMIC_MIN_CAPACITY_SHARE * S->capacity_bytes));
    /* (Or a cache seq_cache_before_direct cut off the direct writes
     * after it with no reference: the step below those direct writes
     * before the used state is its folding, a static cache's drive goes
     * from them into GC.) */
    /* (Or one the fill's own log, of another workload, showed to be
     * dynamic, on a drive written full sequentially: its cache shrank to
     * the spare area, below any share of the capacity, and still folds;
     * seed 2026's drive 118, 2 hours after a sequential fill: 28.6 GiB of
     * cache on a 2,253 GB drive, direct writes at 411 MB/s to 56.6 GiB,
     * folding at 226 to 474, then GC at 16, the folding read as other.) */
    if (S->has_cache && !rl->known &&
        (res->ref_kind == SSD__REF_KIND_DYNAMIC || res->seq_cut_no_ref || res->seq_fold4_small) &&
        (int)o->precondition == SSD_PRECONDITION_SEQ_FILL)
        can_fold = 1;
    size_t gc_from = g ? g : c->nph;
    double direct = NAN, fold = NAN;
    /* (With a reference, the drive's direct level is the reference's:
     * the first level after a dynamic cache may be its folding, however
     * short: a small cache on a drive written full folds in minutes.) */
    int ref_fold = 0;
    if (rl->known && S->has_cache && ssd__ref_cache(rl, &c->ph[0])) {
        direct = rl->direct;
        can_fold = ref_fold = rl->dynamic;
    }
    size_t slight = hidden_cache ? 0 : slight_cache_direct(c, o, S, g);
    if (slight)
        can_fold = 1;
    /* (The reference's folding before the used state, no cache found
     * before it: gc_onset_phase's ref_fold_level.) */
    if (!S->has_cache && g >= 2 && ssd__ref_fold_level(c, o, rl, g - 1))
        can_fold = 1;
    /* (A level the drive still wrote clean blocks at before the used
     * state, no cache found: direct writes, gc_onset_phase's
     * clean_level_before_drop.) */
    size_t quiet_fold = g >= 2 && ssd__quiet_fold(c, o, g - 1) ? g - 1 : 0;
    /* (A lasting quiet folding right before GC's scatter,
     * fold_before_scatter: when nothing else said the drive folds, that
     * phase alone is the folding. An earlier step below the first level
     * is a cache too slight to call ending, its direct writes after it:
     * seed 199's drive 7, fresh WSAT, 216 MB/s to 43.6 GiB, 202 to 520,
     * folding at 94 to 594, then GC.) */
    int scatter_fold_only = 0;
    if (!quiet_fold && g >= 2 &&
        ssd__fold_before_scatter_of(c, o, g - 1,
                                    o->written_before_bytes == 0 &&
                                            2 * o->min_phase_samples < c->min_len
                                        ? 2 * (size_t)o->min_phase_samples
                                        : c->min_len)) {
        quiet_fold = g - 1;
        scatter_fold_only = !can_fold;
    }
    /* (The folding ssd__fold_across_onset split off around the onset.) */
    if (!quiet_fold && res->fold_across_onset && g >= 2) {
        quiet_fold = g - 1;
        scatter_fold_only = !can_fold;
    }
    if (quiet_fold)
        can_fold = 1;
    size_t clean_lv = !S->has_cache && g >= 2 && !can_fold &&
                              ssd__clean_level_before_drop(c, o, S->capacity_bytes, g - 1)
                          ? g - 1
                          : 0;
    /* A sequential fill leaves the spare area clean (whole blocks freed),
     * and a dynamic cache takes clean blocks in SLC mode: after the fill
     * and idle time it holds what the spare area can hold (bits bytes of
     * flash per cached byte), and once it is full no clean block is left
     * for direct writes. So with no reference, a dynamic cache (a share of
     * the capacity no static area is, DYNAMIC_MIN_CAPACITY_SHARE) on a
     * drive written full sequentially, then one lasting level a step above
     * the used state and nothing between, is followed by its folding, not
     * direct writes (seed 2026's drive 160, 2 hours after a sequential
     * fill: 16.9 GiB of cache on a 149 GB drive, folding at 83 MB/s to
     * 35.7 GiB, then GC at 52). */
    /* After a random fill the clean blocks are only those idle GC
     * cleaned, and a dynamic cache takes them all in SLC mode: C cached
     * bytes hold C bits of them. Folding the cache frees C (bits - 1),
     * which the host writes (at the folding's speed) before GC must run:
     * the level after such a cache lasts (bits - 1) C, 1, 2 or 3 times
     * the cache (MLC, TLC, QLC; FOLD_BYTES_PER_CACHED). Direct writes
     * after a static cache last what idle GC cleaned, which the cache's
     * fixed size does not set (of 34 static-cache or cacheless runs after
     * a random fill read as a cache, direct writes and GC in the four
     * sweep seeds, one lasted within 10 % of such a multiple; of 165
     * dynamic caches' foldings, 135). So a level between the cache and
     * the used state whose length is within 10 % of 1, 2 or 3 times the
     * cache is that folding (2 GiB of cache, then 4.0 GiB at 49 MB/s,
     * GC at 29, seed 13's drive 0, bits 3). */
    int folds_cache = 0;
    if (S->has_cache && S->cache_censored == SSD_CENSOR_NONE && S->cache_bytes > 0 &&
        (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL && g == 2) {
        double r = (c->ph[2].start_bytes - S->cache_bytes) / S->cache_bytes;
        for (int k = 1; k <= (int)FOLD_BYTES_PER_CACHED; k++)
            folds_cache |= fabs(r / k - 1) <= FOLD_MULTIPLE_TOL;
    }
    /* (A cache ended inside the first sample: within its bounds; one
     * that ran at the first sample's speed into a mixing second sample,
     * their upper one, as first_sample_cache_before_fold read it.) */
    if (S->has_cache && S->cache_censored == SSD_CENSOR_RESOLUTION && S->cache_bytes > 0 &&
        (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL && g == 2 && !rl->known) {
        double held =
            S->cache_bytes + (res->cache_at_first_speed ? 1 : 0.5) * S->cache_uncertainty_bytes;
        folds_cache = lasts_a_fold_of(held, held, level_end_in_mixing_sample(c, o, 2));
    }
    /* (A fill log that showed a static cache: it never folds. Nor is a
     * level after a cache first_sample_cache_before_level bounded read as
     * its folding by its length: a static cache's direct writes to the
     * blocks idle GC cleaned last 1-3 times a cache of 0.5-2 GiB as often
     * (seed 47's drive 96, WSAT after a random fill: 0.6 GiB of static
     * cache in the first 5 s sample, then 2 GiB of direct writes at 60
     * MiB/s; 2026's drive 41, 2 hours: 1.6, then 2.0 at 355), and the
     * regime note says it may be either.) */
    if (res->ref_kind == SSD__REF_KIND_STATIC || res->first_cache_level)
        folds_cache = 0;
    int slow_level = !rl->known && seq_fill_slow_level(c, o, S, g);
    /* (No used state in the run, one level after the cache to its end:
     * folding too after a sequential fill when the fill's own log showed
     * a dynamic cache at least twice the size this run's is
     * (SHRUNK_CACHE_SHARE). Its cache shrank to what the spare area's clean
     * blocks hold in SLC mode, so none is left for direct writes after
     * it: seed 11's drive 82, 2 hours after a sequential fill, 18.5 GiB
     * of cache where the fill's log showed 822, then 148 GiB at 21 MB/s
     * to the run's end, read as direct writes.) */
    int shrunk_to_end =
        g == 0 && c->nph == 2 && S->has_cache && S->cache_censored == SSD_CENSOR_NONE &&
        (int)o->precondition == SSD_PRECONDITION_SEQ_FILL &&
        res->ref_kind == SSD__REF_KIND_DYNAMIC &&
        S->cache_bytes <= SHRUNK_CACHE_SHARE * res->ref_kind_cache_bytes &&
        c->ph[1].level_bps * o->min_drop <= c->ph[0].level_bps && !ssd__slides_down(c, &c->ph[1]);
    /* (A cache kept right after a sequential fill with no idle since
     * (cache_full_after_fill: no_room_for_cache let it stand) is the room
     * the fill's last folding freed, which only a dynamic cache has: a
     * static one still holds the fill's first bytes. The level after it is
     * the fill's end folding, not direct writes, to the used state or to
     * the run's end: seed 2026's drive 104, 1.4 GiB at 273 MiB/s, then
     * 219 GiB at 56, then GC at 6, the folding read as direct writes.) */
    int noidle_room = S->has_cache && S->cache_censored == SSD_CENSOR_NONE &&
                      (int)o->precondition == SSD_PRECONDITION_SEQ_FILL &&
                      ssd__cache_full_after_fill(o, S->capacity_bytes) &&
                      res->ref_kind != SSD__REF_KIND_STATIC && c->nph >= 2 &&
                      (g == 2 || (g == 0 && c->nph == 2));
    /* (Unless the used state after that level is as quiet as it: the
     * folding after direct writes, not GC; quiet_after_level.) */
    int direct_then_fold = (int)o->precondition == SSD_PRECONDITION_SEQ_FILL && g == 2 &&
                           !rl->known && quiet_after_level(c, o);
    res->seq_quiet_after_direct = direct_then_fold;
    int fold_first = !rl->known && ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
                     !direct_then_fold && !ssd__seq_overwrites(o, res) &&
                     (((int)o->precondition == SSD_PRECONDITION_SEQ_FILL &&
                       (ssd__dynamic_cache(S) || res->ref_kind == SSD__REF_KIND_DYNAMIC)) ||
                      folds_cache || slow_level || res->dynamic_ref_fold || noidle_room) &&
                     !hidden_cache && !slight && !split_direct &&
                     ((g == 2 && (c->ph[1].level_bps >= o->min_step * c->ph[2].level_bps ||
                                  res->seq_fold_in_used)) ||
                      shrunk_to_end || (noidle_room && g == 0)) &&
                     c->ph[1].level_bps * o->min_step <= c->ph[0].level_bps;
    /* (The folding seq_fill_slow_level found is one lasting level between
     * the cache and GC's scatter: its boundaries are the segmentation's,
     * not its flattest run's, which a noisy folding ends early.) */
    int slow_fold = fold_first && slow_level && !ssd__dynamic_cache(S);
    S->has_folding = 0;
    S->folding_start_bytes = S->folding_level_bps = NAN;
    /* A slump right after the cache (the cache test's slump_after_cache),
     * still its own phase: neither the direct level nor a step of it. */
    res->slump_labelled = S->has_cache && res->slump_bytes > 0 && c->nph >= 3 && !fold_first &&
                          g != 1 &&
                          c->ph[1].end_bytes - c->ph[1].start_bytes <= 1.5 * res->slump_bytes &&
                          c->ph[1].level_bps * o->min_step <= c->ph[2].level_bps;
    for (size_t j = 0; j < c->nph; j++) {
        struct ssd_phase *p = &c->ph[j];
        if (res->slump_labelled && j == 1 && j < gc_from) {
            p->regime = SSD_REGIME_OTHER;
        } else if (fold_first && j == 1) {
            fold = p->level_bps;
            p->regime = SSD_REGIME_FOLDING;
            S->has_folding = 1;
            S->folding_start_bytes = p->start_bytes;
            S->folding_level_bps = p->level_bps;
        } else if (j >= gc_from && j <= g) {
            p->regime = SSD_REGIME_GC;
        } else if (j > g && g) {
            p->regime = SSD_REGIME_OTHER;
        } else if (j == 0 && S->has_cache) {
            p->regime = SSD_REGIME_CACHE;
        } else if (j < slight) {
            /* (The fast start of a cache too slight to call: the direct
             * level is the next one's.) */
            p->regime = SSD_REGIME_OTHER;
            if (j + 1 == slight)
                direct = c->ph[slight].level_bps;
        } else if ((j == 1 && split_direct) || (clean_lv && j == clean_lv)) {
            p->regime = SSD_REGIME_DIRECT;
        } else if (isnan(direct)) {
            direct = p->level_bps;
            p->regime = SSD_REGIME_DIRECT;
        } else if (can_fold && isnan(fold) && (!scatter_fold_only || j == quiet_fold) &&
                   p->level_bps * o->min_step <= direct &&
                   (p->last - p->first + 1 >= (j + 1 < c->nph ? 1 : 2) * c->min_len ||
                    (ref_fold && j + 1 < c->nph && p->last - p->first + 1 >= 3) ||
                    (quiet_fold && j == quiet_fold) || half_level_before_gc(c, o, j, g) ||
                    (res->seq_fold_after_direct && j + 1 == g)) &&
                   folding_step(c, o, j, gc_from, direct)) {
            size_t e = fold_start_after_direct(c, o, j, direct);
            if (e > p->first && j > 0) {
                /* (The step found there moves with it.) */
                double was = p->start_bytes;
                ssd__curve_move_boundary(c, j, e);
                for (size_t i = 0; i < res->nsteps; i++)
                    if (res->steps[i].start_bytes == was) {
                        res->steps[i].start_bytes = p->start_bytes;
                        res->steps[i].start_s = p->start_s;
                        res->steps[i].level_bps = p->level_bps;
                    }
            }
            fold = p->level_bps;
            p->regime = SSD_REGIME_FOLDING;
            S->has_folding = 1;
            S->folding_start_bytes = p->start_bytes;
            S->folding_level_bps = p->level_bps;
        } else if (!isnan(fold) && p->level_bps <= fold * o->min_step) {
            p->regime = SSD_REGIME_FOLDING;
        } else if (fabs(log(p->level_bps / direct)) < log(o->min_step)) {
            p->regime = SSD_REGIME_DIRECT;
        } else {
            p->regime = SSD_REGIME_OTHER;
        }
    }
    /* The folding right before the used state is its flat run: its
     * boundaries move to where the flat level begins and ends. */
    if (S->has_folding && g && c->ph[g - 1].regime == SSD_REGIME_FOLDING && !slow_fold &&
        !(o->written_before_bytes > 0) && gc_scatter_after_fold_phase(c, o, &g)) {
        ssd__gc_starts_at(c, g, S);
    } else if (S->has_folding && g && c->ph[g - 1].regime == SSD_REGIME_FOLDING && !slow_fold &&
               fold_to_its_flat_run(c, o, res, g - 1, g)) {
        size_t j = g - 1;
        while (j > 0 && c->ph[j - 1].regime == SSD_REGIME_FOLDING)
            j--;
        S->folding_start_bytes = c->ph[j].start_bytes;
        S->folding_level_bps = c->ph[j].level_bps;
        ssd__gc_starts_at(c, g, S);
    } else if (S->has_folding && g && rl->known && rl->dynamic && o->written_before_bytes > 0 &&
               c->ph[g - 1].regime == SSD_REGIME_FOLDING &&
               short_fold_run_before_gc(c, o, isfinite(fold_lv) ? fold_lv : S->folding_level_bps,
                                        g - 1, g)) {
        if (S->folding_start_bytes == c->ph[g - 1].start_bytes)
            S->folding_level_bps = c->ph[g - 1].level_bps;
        ssd__gc_starts_at(c, g, S);
    } else if (g == 2 && S->has_cache && rl->known && rl->dynamic && o->written_before_bytes > 0 &&
               isfinite(fold_lv) && c->ph[1].regime == SSD_REGIME_DIRECT &&
               fold_run_at_level(c, o, fold_lv, 1, g)) {
        /* (The same folding labelled direct, its level read with GC's
         * bursts after it: fold_run_at_level places the used state's
         * start after its run. Seed 89's drive 75, a fill after a random
         * fill against the fresh run: a 2 GiB cache, folding at 668-716
         * MB/s to 6.4 GiB, then 859, 850, 501-533, 676, 1036 and GC at
         * 536, one level at 680 to 14.7 GiB: "used state at 14.7 GiB,
         * truth 6.0".) */
        ssd__gc_starts_at(c, g, S);
    } else if (S->has_folding && g && c->ph[g - 1].regime == SSD_REGIME_FOLDING &&
               gc_scatter_after_fold_run(c, &g)) {
        ssd__gc_starts_at(c, g, S);
    } else if (S->has_folding && g && c->ph[g - 1].regime == SSD_REGIME_FOLDING &&
               fold_end_at_scatter(c, o, g - 1, g)) {
        ssd__gc_starts_at(c, g, S);
    } else if (S->has_folding && g && !(o->written_before_bytes > 0) && ssd__dynamic_cache(S) &&
               c->ph[g - 1].regime == SSD_REGIME_FOLDING && fold_at_direct_end(c, o, &g)) {
        S->folding_start_bytes = c->ph[g - 1].start_bytes;
        S->folding_level_bps = c->ph[g - 1].level_bps;
        ssd__gc_starts_at(c, g, S);
    }
    *g_io = g;
    *note_fold = fold_first && folds_cache;
    *note_slow = slow_fold;
    return slight;
}
