/* regimes_used.c - the used state: where a drive's clean blocks run out
 * and garbage collection limits the writes. A fresh drive gets there once
 * its capacity has been written; a drive written before this run (a fill,
 * daily use) may be there at once or after the clean blocks idle time gave
 * back, which its fast start may be instead of a cache. These rules place
 * the used state's first phase and its onset inside it. */
#include <math.h>
#include <string.h>

#include "regimes.h"

/* Whether y[a, b) sits above the midpoint (in log-rate) between the
 * level hi and the lower level lo (both log B/s) three times in four or
 * more: a level of its own above lo, as direct writes to clean blocks and
 * folding are (they run at one speed; a drive's periodic dips take a
 * fifth of the time at most), not the used state's scatter between lo and
 * bursts above it. Fewer than 4 samples: 1 (too few to tell). */
static int level_above(const struct ssd__curve *c, size_t a, size_t b, double hi, double lo) {
    if (b < a + 4)
        return 1;
    size_t above = 0;
    double mid = 0.5 * (hi + lo);
    for (size_t i = a; i < b; i++)
        above += c->y[i] > mid;
    return 4 * above >= 3 * (b - a);
}

/* Whether y[a, b) is quiet from sample to sample (ssd__quiet_noise
 * within half a step, 4 samples or more): one level or a few, as direct
 * writes, a folding or a slump are, not the used state's scatter. */
int ssd__quiet_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                     size_t b) {
    return b >= a + 4 && ssd__quiet_noise(c, a, b) <= 0.5 * log(o->min_step);
}

/* level_above on phase j's samples but its first and last, which may hold
 * the drops into and out of it, against its own level and lo (B/s). */
int ssd__holds_above(const struct ssd__curve *c, size_t j, double lo) {
    size_t a = c->ph[j].first + 1, b = c->ph[j].last;
    if (b < a + 3)
        return 1;
    return level_above(c, a, b, log(c->ph[j].level_bps), log(lo));
}

/* Whether phase j starts with a flat level: its 4 samples after its
 * first (which may hold the drop into it) each within half a step of
 * their median (ssd__flat_level). Direct writes and folding run at one
 * speed from their first sample; the used state's first samples burst. */
static int starts_flat(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t j) {
    size_t a = c->ph[j].first + 1;
    return a + 4 <= c->ph[j].last + 1 && ssd__flat_level(c, o->min_step, a, a + 4);
}

/* Whether the speed left the level lv (log B/s) gently in or before
 * y[a, b): from where it left it (the first of the samples before b, back
 * from a, all min_step below lv; or, when y[a] is still at the level, the
 * first sample after it that is not: a split that fell inside a cache),
 * the median of three samples lies within SHAPE_MAX_FIRST_STEP of lv (one
 * sample that mixes the level and what follows, the sample holding a
 * cache's end, moves it not). Clean blocks run out as GC takes blocks
 * still mostly stale, a few % at first, and a test that put the drop
 * where a slide crossed a midpoint is measured from the slide's head; a
 * cache ends full, in a step of the cache's speed over the direct
 * writes' (2-4x on TLC) from one sample to the next. */
static int leaves_gently(const struct ssd__curve *c, const struct ssd__analysis_opts *o, double lv,
                         size_t a, size_t b) {
    double hi = lv - log(o->min_step);
    if (a < b && c->y[a] >= hi)
        while (a < b && c->y[a] >= hi)
            a++;
    else
        while (a > 0 && c->y[a - 1] < hi)
            a--;
    if (b < a + 3)
        return 0;
    return ssd__median3(c->y[a], c->y[a + 1], c->y[a + 2]) >= lv - log(SHAPE_MAX_FIRST_STEP);
}

/* ssd__flat_level's test on 3 samples: each within half a step of their
 * median. */
static int flat3(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                 size_t b) {
    if (b != a + 3)
        return 0;
    double m = ssd__median3(c->y[a], c->y[a + 1], c->y[a + 2]);
    for (size_t i = a; i < b; i++)
        if (fabs(c->y[i] - m) >= 0.5 * log(o->min_step))
            return 0;
    return 1;
}

/* Whether the short phases [s, j) before the used state's phase j are
 * at its level (within a step): the used state's first samples, which a
 * split at the level before it cut off with the drop's mixed sample (36
 * samples of folding at 115 MB/s, then [107, 42, 42], then GC at 45 in
 * one phase), not a transition between two levels. */
static int used_level_stubs(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                            size_t s, size_t j) {
    for (size_t k = s; k < j; k++)
        if (fabs(log(c->ph[k].level_bps / c->ph[j].level_bps)) >= log(o->min_step))
            return 0;
    return 1;
}

/* The bytes of this run before which the used state cannot begin: the
 * capacity's share less what was written since TRIM before the run (option
 * written_before_bytes; at or below 0 on a drive already written full, as
 * in a recovery run after a 2-hour test). NaN when the capacity is unknown. */
double ssd__fresh_room(const struct ssd__analysis_opts *o, double capacity) {
    return GC_MIN_CAPACITY_SHARE * capacity - o->written_before_bytes;
}

/* A used drive (one already written full) given some fast-write room back
 * by idle time: the drop that ends a cache is the cache's end, however
 * little was written, and the used state comes after. */
int ssd__used_drive_cache(const struct ssd__analysis_opts *o, double capacity,
                          const struct ssd_analysis_summary *S) {
    return o->written_before_bytes > 0 && S->has_cache &&
           S->cache_bytes < MAX_CACHE_CAPACITY_SHARE * capacity;
}

/* A "cache" on a drive written before this run that held more than any
 * cache can (MAX_CACHE_CAPACITY_SHARE of the capacity): no cache, but the
 * clean blocks the drive had left (capacity 100 GB, 20 GB written before:
 * 80 GB at one speed, then a drop where they ran out). The used state's
 * onset is then sought from that first level as from any fast start
 * without a cache; before, the drop was read as a hidden cache's folding
 * ("direct, folding", no used state). */
static int oversized_cache_on_used_drive(const struct ssd__analysis_opts *o, double capacity,
                                         const struct ssd_analysis_summary *S) {
    return o->written_before_bytes > 0 && S->has_cache && isfinite(capacity) &&
           S->cache_bytes > MAX_CACHE_CAPACITY_SHARE * capacity;
}

/* On a used drive, the most this run can write before its clean blocks run
 * out. Until GC first runs, every page the host writes since TRIM takes a
 * clean one, overwrite or not: raw flash less what was written before.
 * Once that exceeds the raw flash, GC has run, and idle time may since
 * have cleaned every block of garbage: raw flash less the valid data. A
 * sequential fill leaves all it wrote valid (up to the capacity); random
 * writes (or writes of an unknown kind) at least C (1 - e^(-W/C)), the
 * share of the logical blocks they touched. Direct writes cannot go on
 * past it; a level that does is the used state. */
double ssd__clean_room_max(const struct ssd__analysis_opts *o, double capacity) {
    double w = o->written_before_bytes, raw = RAW_MAX_CAPACITY_SHARE * capacity;
    if (w < raw)
        return raw - w;
    double valid = (int)o->precondition == SSD_PRECONDITION_SEQ_FILL
                       ? capacity
                       : capacity * (1 - exp(-w / capacity));
    return raw - valid;
}

/* A drive GC has run on (random writes, or writes of an unknown kind,
 * past its raw flash since TRIM) whose run began right after its last
 * write (idle_before_s 0, known: SNIA's WSAT after its preconditioning).
 * While the host writes a full drive, GC keeps only its own small pool of
 * clean blocks, and no idle time cleaned more: the run is in its used
 * state from its first byte. Not after a sequential fill, whose overwrites
 * leave whole blocks invalid, free without a copy: the spare area is
 * written fast first (clean_room_max). With idle time after the last write
 * (idle_before_s > 0) it may have cleaned any room up to clean_room_max,
 * and a flat run may be those clean blocks written at the direct speed;
 * unknown, so may it. */
int ssd__used_from_first_byte(const struct ssd__analysis_opts *o, double capacity) {
    return o->idle_before_s == 0 && isfinite(capacity) &&
           o->written_before_bytes > RAW_MAX_CAPACITY_SHARE * capacity &&
           (int)o->precondition != SSD_PRECONDITION_SEQ_FILL;
}

/* A drive written full by a fill (sequential or random: the precondition
 * known) whose run began right after it (idle_before_s 0, known): its SLC
 * cache has no room. A static cache holds the fill's first bytes until
 * idle time flushes it; a dynamic one holds the fill's last, folding them
 * while the host writes. So a fast first level is no cache: it is the
 * clean spare area written at the direct speed (then, on a dynamic cache,
 * the fill's end folded, then GC), or SLC-mode blocks freed inside the
 * run's first sample or two. Never with idle time after the fill (it
 * flushes a cache and cleans blocks), nor when the idle time or the
 * drive's past is unknown. */
int ssd__cache_full_after_fill(const struct ssd__analysis_opts *o, double capacity) {
    return o->idle_before_s == 0 && isfinite(capacity) && capacity > 0 &&
           o->written_before_bytes >= capacity &&
           ((int)o->precondition == SSD_PRECONDITION_SEQ_FILL ||
            (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL);
}

/* Whether the cache found on such a drive (cache_full_after_fill) is no
 * cache. Only what the fill's last folding freed takes SLC writes, a
 * little room (NOIDLE_ROOM_CAPACITY_SHARE), and clean blocks written at
 * the direct speed before the fill's end folds read the same on one curve:
 * a fast start, then a drop of 1.3-2.7 to the folding (seed 13's drive
 * 188, a sequential fill straight after its fill: 2.06 GiB at 1,091 MB/s,
 * its direct speed, then 620; drive 47, 2 hours after it: 0.19 GiB at 116
 * MB/s, then 44), however short. So such a cache is kept only when it
 * ended after the run's first sample, under that room, and ran min_drop
 * above the drive's direct level where a reference of the same workload
 * knows it (`direct`, NaN when none does); without one, when it dropped
 * NOIDLE_SLC_OVER_FOLD to the level after it, more than direct writes
 * drop into their folding. */
int ssd__no_room_for_cache(const struct ssd__analysis_opts *o, const struct ssd_analysis_summary *S,
                           double direct) {
    if (!S->has_cache)
        return 0;
    if (ssd__partial_write_no_idle(o, S->capacity_bytes)) {
        double held = S->cache_bytes + ssd__written_into_cache(o);
        return held > MAX_CACHE_CAPACITY_SHARE * S->capacity_bytes ||
               (held > TLC_CACHE_CAPACITY_SHARE * S->capacity_bytes &&
                !(isfinite(direct) ? S->cache_level_bps >= o->min_drop * direct
                                   : S->cache_drop_ratio >= PARTIAL_SLC_OVER_DIRECT));
    }
    return ssd__cache_full_after_fill(o, S->capacity_bytes) &&
           !(S->cache_censored == SSD_CENSOR_NONE &&
             S->cache_bytes < NOIDLE_ROOM_CAPACITY_SHARE * S->capacity_bytes &&
             (isfinite(direct) ? S->cache_level_bps >= o->min_drop * direct
                               : S->cache_drop_ratio >= NOIDLE_SLC_OVER_FOLD));
}

/* The bytes written since the cache was last empty: since the last TRIM
 * (written_before_bytes), or since the drive last idled when that is known
 * and less (written_since_idle_bytes: `trim / write 500g / idle 1h / write
 * 10g / run` holds only the last 10 GiB in its cache, the idle flushed the
 * rest). */
double ssd__written_into_cache(const struct ssd__analysis_opts *o) {
    double w = (double)o->written_before_bytes;
    return o->since_idle_known && (double)o->written_since_idle_bytes < w
               ? (double)o->written_since_idle_bytes
               : w;
}

/* A run that began right after writes over part of the drive
 * (idle_before_s 0, known; written_before_bytes more than 0 and under the
 * capacity; no whole-drive fill recorded as its precondition): issue 21's
 * fill.suite, a TRIM, a 512 GiB sequential job on a 1 TB drive, then the
 * run. Every byte written since the cache was last empty went into it
 * while it had room, and only idle time empties it, so a cache can have
 * room here only if it holds more than what was written: the cache found
 * and what was written into it (ssd__written_into_cache: written_before,
 * or what was written since the drive last idled when that is known)
 * together are at most what any cache holds
 * (MAX_CACHE_CAPACITY_SHARE of the capacity: raw / 2 bits, MLC). Past what
 * a TLC or QLC drive's cache holds (TLC_CACHE_CAPACITY_SHARE, raw / 3) the
 * cache must also have run like SLC: when a cache the writes filled has
 * no room, the run's fast start is the clean blocks written at the direct
 * speed, then (a dynamic cache) the writes' cached end folded while the
 * host writes, a drop of 1.4-3.3 times (the folding at 0.3-0.7 of the
 * direct speed: the sweep's draw; seed 2026's drive 29, half filled:
 * 3.15), so it must drop PARTIAL_SLC_OVER_DIRECT to the level after it, or
 * run min_drop above the direct level a reference of the same workload
 * knows (`direct`). Under raw / 3 no drop is asked: the room a cache has
 * left after a quarter fill is followed by direct writes, which it may
 * run only 1.7-3.1 times over (seed 47's drives 1, 47, 48). */
int ssd__partial_write_no_idle(const struct ssd__analysis_opts *o, double capacity) {
    return o->idle_before_s == 0 && isfinite(capacity) && capacity > 0 &&
           o->written_before_bytes > 0 && (double)o->written_before_bytes < capacity &&
           (int)o->precondition != SSD_PRECONDITION_SEQ_FILL &&
           (int)o->precondition != SSD_PRECONDITION_RANDOM_FILL;
}

/* Sequential writes over a drive filled sequentially (SNIA's sequential
 * preconditioning, then a whole-drive fill): each overwrite invalidates
 * whole blocks, which GC frees without copying a page, so no used state
 * follows when the clean blocks run out and clean_room_max bounds
 * nothing: a drop is a cache's end (the model's seq-filled drives stay
 * native through the fill). After random writes the valid pages are
 * scattered, and a sequential run pays GC like a random one. */
int ssd__seq_overwrites(const struct ssd__analysis_opts *o, const struct ssd__result *res) {
    return (int)o->precondition == SSD_PRECONDITION_SEQ_FILL && !strcmp(res->pattern, "write");
}

/* Whether phase j, the first lasting level after a cache on a used drive,
 * cannot be direct writes: the run wrote past the clean blocks the drive
 * can have had, and no lasting step below phase j came before that. */
static int outlasts_clean_room(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                               double capacity, size_t j) {
    double room = ssd__clean_room_max(o, capacity);
    if (c->total <= room)
        return 0;
    for (size_t k = j + 1; k < c->nph && c->ph[k].start_bytes < room; k++) {
        const struct ssd_phase *p = &c->ph[k];
        if (p->level_bps * o->min_step > c->ph[j].level_bps ||
            (p->last - p->first + 1 < c->min_len && k + 1 < c->nph))
            continue;
        /* (A decline that starts where the level before it ended, with no
         * step, is the used state going on: a randomly filled SATA
         * drive's slides from 120 to 40 MB/s after its spare area, and
         * the segmentation cut a level off its start.) */
        double icpt;
        ssd__fit_line(c, p->first, p->last + 1, &icpt);
        if (k == j + 1 && ssd__slides_down(c, p) &&
            fabs(icpt - log(c->ph[j].level_bps)) < log(o->min_step))
            continue;
        return 0;
    }
    return 1;
}

/* Whether a used drive's run, with no reference, has one drop only:
 * its fast start, then phase j (the first lasting level after it) and
 * nothing a step below j after it. On a drive written full (fresh_room
 * at or below 0) the contract reads this as the clean blocks running
 * out, never a cache: a fill leaves the spare area clean, so a static
 * cache there is followed by direct writes to it and then the used
 * state (two drops; none of 234 seq-filled static-cache runs of three
 * sweep seeds showed one), and after random writes the drive has only
 * what idle GC cleaned. One curve cannot tell that from a static cache
 * straight into GC (a random fill, its idle spent folding the cache), or
 * a dynamic cache that folds at the used state's speed: the note says
 * so, and a fresh run as reference tells. A second step of less than
 * min_drop counts only below a level of its own (holds_above): after a
 * random fill the used state first scatters between its level and bursts
 * up to 2-5x it, and settles lower a lasting phase later (a sequential
 * fill after a random fill, no cache: 2 GiB of clean blocks in the first
 * sample, then GC at 143 MB/s, half its samples at GC's 106 and the rest
 * bursting, then 111: read as a 1.9 GiB cache, direct writes, GC). A
 * step of min_drop or more counts below a level of its own too, or below
 * a phase that starts flat (starts_flat: the segmentation may give GC's
 * first bursts to a folding's phase, 26 samples at 83 MB/s, then 44
 * bursting 59-129, then GC at 63), but not below GC's first scatter
 * alone: 2 GiB of clean blocks in the first sample at 2.3 GB/s, then GC
 * bursting 350-940 MB/s for 80 s (639, 531, 390, 350, ...), its phase at
 * 447 MiB/s 1.31x above the 342 it settled at, read as a 1.7 GiB cache,
 * direct writes, GC (seed 97's drive 39, a drive with no SLC). And a
 * step under min_drop below a level that holds above it counts only when
 * that level is quiet from sample to sample (ssd__quiet_level), as direct
 * writes and folding are: GC's first samples after the clean blocks may
 * burst 1.0-1.3x above its level for a lasting phase, three of four above
 * the midpoint, but scatter from one sample to the next (seed 11's drive
 * 198, a 1141 GB drive with no SLC, the fill after a random fill: 10.5 GiB
 * of clean blocks at 5.6 GB/s, then six samples at 3.5-4.7, then GC at
 * 3.55, noise 0.13 in log-rate against half a step's 0.07: read as a
 * 10.5 GiB cache and its folding, the sweep's last false cache). */
static int one_drop_on_full_drive(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  double capacity, int ref_known, size_t j) {
    if (ref_known || !(ssd__fresh_room(o, capacity) <= 0))
        return 0;
    /* (A sequential fill leaves the whole spare area clean, and no drive
     * has less than SEQ_FILL_CLEAN_MIN_SHARE of it: a fast start that ends
     * sooner is no spare area running out but a cache, with direct writes
     * to the spare area after it to the run's end (a 3.6 TB drive with 25 %
     * spare: a 30 GiB static cache, 0.9 % of the capacity, then 2 hours of
     * direct writes at 45 MiB/s read as clean blocks and GC).) */
    /* (Not past a level of its own between them, SHORT_LEVEL samples or
     * more: there the drops are two, the cache's and the used state's,
     * and a static cache's SLC blocks come out of the spare area, so the
     * direct writes' room after it may be short: 18.2 GiB of cache, 3.4
     * GiB of direct writes, then GC on a 1.2 TB drive with 8 % spare.) */
    int level_between = 0;
    for (size_t k = 1; k < j; k++)
        level_between |= c->ph[k].last - c->ph[k].first + 1 >= SHORT_LEVEL;
    if ((int)o->precondition == SSD_PRECONDITION_SEQ_FILL && !level_between &&
        c->ph[j].start_bytes < SEQ_FILL_CLEAN_MIN_SHARE * capacity)
        return 0;
    /* (The flat start a step above the level after it: one at that
     * level is the used state already, its burst cluster after it no
     * level of its own. Seed 181's drive 70, a drive with no SLC, the fill
     * after a random fill: 2 GiB of clean blocks in the first sample at
     * 2.03 GB/s, then GC flat at 364-380 MB/s for 7 samples, then bursts
     * to 534-1718 for 11, then GC at 386: the bursts and the flat GC
     * before them one phase at 552, read as a 1.49 GiB cache, its direct
     * writes, then GC.) */
    for (size_t k = j + 1; k < c->nph; k++)
        if (c->ph[k].last - c->ph[k].first + 1 >= c->min_len &&
            c->ph[k].level_bps * o->min_step <= c->ph[j].level_bps &&
            ((ssd__holds_above(c, j, c->ph[k].level_bps) &&
              (c->ph[k].level_bps * o->min_drop <= c->ph[j].level_bps ||
               ssd__quiet_level(c, o, c->ph[j].first + 1, c->ph[j].last))) ||
             (c->ph[k].level_bps * o->min_drop <= c->ph[j].level_bps && starts_flat(c, o, j) &&
              ssd__level_of(c, c->ph[j].first + 1, c->ph[j].first + 5) >=
                  log(c->ph[k].level_bps * o->min_step))))
            return 0;
    return 1;
}

/* The used state's start sliding down from the level lv before it, not a
 * level of direct writes after a cache: the speed left lv gently
 * (leaves_gently) and y[a, b) falls through itself (falls_through).
 * Direct writes slow by a few % as their clean blocks fill, and the
 * sample holding the cache's end tilts their line: only a stretch whose
 * fall starts near the level before it is a slide. */
static int slides_off(const struct ssd__curve *c, const struct ssd__analysis_opts *o, double lv,
                      size_t a, size_t b) {
    return leaves_gently(c, o, lv, a, b) && ssd__falls_through(c, a, b);
}

/* A used drive's fast start that ends in a slide, not a step: the samples
 * from where the speed left the fast level (level, B/s) to where the
 * cache test put the drop (end) start a gentle step below it (within
 * SHAPE_MAX_FIRST_STEP), are SHORT_LEVEL or more and fall through
 * themselves. A cache ends when it is full, from one sample to the next,
 * at a step to a level (direct writes, folding) or to GC; clean blocks
 * run out as the first GC cycles start, whose victims on a randomly
 * written drive are still mostly stale, so the speed leaves the clean
 * blocks' level gently and slides down as they fill (SSD370 after 238 GiB
 * of 4K random writes: 285 MiB/s for 15.5 GiB, then 272, 257, 235 ...
 * down to 7 over 2,000 samples; the cache test's midpoint drop fell 62
 * samples into the slide: "SLC cache 24.3 GiB", the used state 57 % late).
 * Returns the first sample off the fast level (0: no such slide). */
size_t ssd__slide_off_fast_start(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 double level, size_t end) {
    if (!(level > 0) || end < 2 * SHORT_LEVEL || end > c->n)
        return 0;
    double hi = log(level) - log(o->min_step);
    size_t e = end;
    while (e > 0 && c->y[e - 1] < hi)
        e--;
    if (e < 3 || end < e + SHORT_LEVEL)
        return 0;
    if (!slides_off(c, o, log(level), e, end))
        return 0;
    return e;
}

/* Where that slide began, before e (slide_off_fast_start): the first GC
 * cycles slow the speed by a few % at first, within the fast level's
 * noise, so the sample where it crossed the step below that level came
 * 3-20 samples after the clean blocks ran out (SSD370: 272, 257, 250
 * MiB/s from 285). The start is where the sum of how far each sample
 * from it to e lies below the fast level, less its noise, is largest (a
 * CUSUM; each sample counted at the fastest of it and those after it, as
 * the slide only falls: a GC dip of the fast state, which the fast level
 * follows, counts as that level; each share at most three times the
 * noise). The
 * fast level and its noise are those of the first half of y[0, e) (its
 * median, and the median difference from one sample to the next: the
 * slide's head, which may be a third of y[0, e), moves neither). */
size_t ssd__slide_onset(const struct ssd__curve *c, size_t e) {
    size_t h = e / 2;
    if (h < 3)
        return e;
    double lv = ssd__level_of(c, 0, h);
    for (size_t i = 1; i < h; i++)
        c->scratch[i - 1] = fabs(c->y[i] - c->y[i - 1]);
    double nu = ssd__median(c->scratch, h - 1);
    double sum = 0, best = 0, top = -INFINITY;
    size_t k = e;
    for (size_t i = e; i-- > 1;) {
        if (c->y[i] > top)
            top = c->y[i];
        sum += fmin(fmax(lv - top, -3 * nu), 3 * nu) - nu;
        if (sum > best) {
            best = sum;
            k = i;
        }
    }
    return k;
}

/* On a used drive, a cache emptied by idle time is followed by direct
 * writes to the clean blocks and then the used state; when the direct
 * stretch is shorter than a lasting phase (4 GiB at 63 MB/s between a 12
 * GiB cache at 350 and the used state at 14, in a run of 52,000 samples)
 * the segmentation gives it to the used state, and the drop from the cache
 * reads as clean blocks running out. Splits phase 1 where such a stretch
 * ends (the best two-level split of its first samples: at least 10 of them
 * at a level a step below the cache and 2x above the level after,
 * paying the penalty at the stretch's own noise); returns 1 when it did.
 * flat_ok: also a flat level of 5 samples or more min_drop above the
 * level after (ssd__flat_level; not after a reference's cache, whose levels
 * ref_level_split splits by). */
int ssd__short_direct_after_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  int flat_ok) {
    if (c->nph < 2)
        return 0;
    size_t f = c->ph[1].first, end = c->ph[1].last + 1, ml = c->min_len;
    size_t b = f + 4 * ml < end ? f + 4 * ml : end;
    if (b < f + 8)
        return 0;
    double l1, l2, gain;
    size_t arg =
        ssd__two_levels(c, f, b, f + 3, b - 3 < f + 2 * ml ? b - 3 : f + 2 * ml, &l1, &l2, &gain);
    if (!arg)
        return 0;
    double sig = ssd__quiet_noise(c, f, b);
    /* (Clean blocks running out often pass through a few samples, a
     * stretch at most 1.7x above the used state that follows: 3-19
     * samples on the sweep's filled drives. Direct writes are a level of
     * their own, at least 2x above the used state's, SHAPE_MIN_FALL; or
     * min_drop above it when the stretch is flat (ssd__flat_level), which no
     * transition is, however short: a 2 GiB dynamic cache in WSAT's first
     * samples after a random fill, 11 samples of folding at 33.7 MB/s
     * within 1 %, then GC scattering around 19.3, read as clean blocks
     * and the used state 2 GiB early.) */
    int flat = flat_ok && arg >= f + 5 && ssd__flat_level(c, o->min_step, f + 1, arg - 1);
    double fall = flat ? o->min_drop : SHAPE_MIN_FALL;
    if (!((arg >= f + SHORT_LEVEL || flat) && l1 <= log(c->ph[0].level_bps / o->min_step) &&
          l1 >= l2 + log(fall) && gain > o->penalty * sig * sig * log((double)c->n)))
        return 0;
    /* (A level: the used state's start sliding down from the cache's
     * level is none.) */
    if (slides_off(c, o, log(c->ph[0].level_bps), f, arg))
        return 0;
    /* (Nor is the used state's first scatter, bursting between GC's level
     * and 2-3x it before it settles (79, 34, 58, 61, 32, 24, 35, 55, 66,
     * 59 MB/s after 2 GiB of clean blocks at 130, then GC around 25): a
     * level holds above the midpoint to the level after it
     * (level_above), or, two levels (a slump after the cache, then its
     * folding: 20 samples at 19 MB/s, then 37 at 48, GC at 17), is quiet
     * from sample to sample (ssd__quiet_noise within half a step).) */
    if (!level_above(c, f + 1, arg - 1, l1, l2) && !ssd__quiet_level(c, o, f + 1, arg - 1))
        return 0;
    return ssd__curve_split(c, 1, arg) == 0;
}

/* A used drive's fast start that is two levels: a cache emptied by idle
 * time, then direct writes to the clean blocks, both shorter than a
 * lasting phase (9 GiB at 410 MB/s, 5 GiB at 115, then the used state at
 * 17, in a run of 32,000 samples), so the segmentation made them one
 * phase at the direct level, which then drops where the clean blocks run
 * out. A fill with no idle time after it starts flat at the direct level.
 * Splits phase 0 at the best two-level split when the first level is
 * min_drop above the second, the second lasts 10 samples, and the split
 * pays the penalty at the start's own noise; returns 1 when it did. */
int ssd__cache_in_fast_start(struct ssd__curve *c, const struct ssd__analysis_opts *o) {
    size_t e = c->ph[0].last + 1;
    if (e < 12)
        return 0;
    double l1, l2, gain;
    size_t arg = ssd__two_levels(c, 0, e, 2, e - 10, &l1, &l2, &gain);
    if (!arg)
        return 0;
    double sig = ssd__quiet_noise(c, 0, e), lg = log(c->ph[1].level_bps);
    if (!(l1 >= l2 + log(o->min_drop) && l2 >= lg + log(o->min_drop) &&
          gain > o->penalty * sig * sig * log((double)c->n)))
        return 0;
    /* (The second no slide: the used state's start, leaving the first
     * gently and falling through itself, is no level of direct writes.) */
    if (slides_off(c, o, l1, arg, e))
        return 0;
    /* Both are levels: most samples of each on their side of the
     * midpoints (not the drop's transition samples at the end of the
     * fast start). */
    double hi_mid = 0.5 * (l1 + l2), lo_mid = 0.5 * (l2 + lg);
    size_t up = 0, mid = 0;
    for (size_t i = 0; i < arg; i++)
        up += c->y[i] >= hi_mid;
    for (size_t i = arg; i < e; i++)
        mid += c->y[i] < hi_mid && c->y[i] > lo_mid;
    if ((double)up < AT_SPEED_SHARE * (double)arg ||
        (double)mid < AT_SPEED_SHARE * (double)(e - arg))
        return 0;
    return ssd__curve_split(c, 0, arg) == 0;
}

/* Whether the flat level [s, e) at lv (log) after the fast start, phase
 * 0, repeats a GC dip the fast start already showed: a stretch of its
 * samples below the midpoint of the fast start's level and lv, entered
 * from above and left again before the phase ends (a dip returns to
 * speed), at lv within min_drop, and the flat level no longer than that
 * dip by more than a sample (a dip that half-fills a sample either side).
 * A drive's GC dips recur with the period and length of its own
 * collection cycle, so a dip that falls where the clean blocks run out
 * looks like a short level between them and GC, and is none: seed 587's
 * drive 81, 2 hours after a sequential fill, no cache, 28.3 GiB of clean
 * blocks at 1050 MiB/s with a 5 s dip at 400-460, then one at 320-334
 * for 4 s where the clean blocks ran out, then GC at 120: read "cache
 * 26.8 GiB, folding from 26.8 GiB at 310 MiB/s". Direct writes after a
 * cache are a regime of their own, and their level matches none of the
 * cache's dips (a dip slows the cache by a fraction, 0.3-0.6 on the
 * drives the reviews show; the direct writes run several times slower)
 * or lasts longer than they do. */
static int repeats_fast_start_dip(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  double lv, size_t s, size_t e) {
    size_t f = c->ph[0].last + 1;
    if (s < 1 || e <= s)
        return 0;
    double mid = 0.5 * (log(c->ph[0].level_bps) + lv), span = c->t[e - 1] - c->t[s - 1];
    for (size_t i = 1; i < f; i++) {
        if (!(c->y[i] < mid) || !(c->y[i - 1] >= mid))
            continue;
        size_t j = i;
        while (j < f && c->y[j] < mid)
            j++;
        if (j >= f)
            return 0;
        double d = c->t[j - 1] - c->t[i - 1];
        if (fabs(ssd__level_of(c, i, j) - lv) < log(o->min_drop) && span <= d + ssd__curve_dt(c, i))
            return 1;
        i = j;
    }
    return 0;
}

/* Whether phase 1, a short level the rules split between a used drive's
 * fast start (phase 0) and the used state (phase 2), may be one of the
 * drive's GC dips where its clean blocks ran out, with no earlier dip to
 * compare it with (repeats_fast_start_dip): a drive that dips slows
 * whatever it writes by its dip's fraction for the dip's length, its
 * clean blocks' direct writes as much as a cache, and when they run out
 * inside a dip the fast start ends in a stretch at the dip's depth, then
 * GC. A static cache's direct writes after it read the same over a few
 * seconds: a cacheless drive's 2.0 GiB of clean blocks after a random
 * fill, 7 s at its direct speed, then a 5 s dip at 0.65 of it, then GC,
 * was read "cache 1.4 GiB" (a blind run of round 49). The level is such a
 * dip when it lasts no longer than the longest dip (DIP_LONGEST_S), runs
 * at a dip's depth (DIP_SPEED_MIN of the fast level or more), and the
 * fast start before it shows no dip (none of its samples after the first
 * and before the last, the drop's, under the midpoint to the level) and
 * is shorter than the longest dip period (DIP_PERIOD_MAX_S): a drive that
 * dips shows one in a fast start longer than its period, and a dip in
 * the fast start is repeats_fast_start_dip's to compare. One curve
 * cannot then tell the cache from the clean blocks; the caller keeps the
 * fast start whole, as clean blocks, and the note says a reference
 * decides (cache_or_clean_blocks). The caller asks it only where clean
 * blocks that short exist: after a random fill (idle GC's few GiB; a
 * sequential fill leaves the spare area, tens of GiB, longer than any
 * dip period, and a fast start of a few samples there is a cache). */
int ssd__dip_where_clean_blocks_end(const struct ssd__curve *c) {
    if (c->nph < 3)
        return 0;
    size_t s = c->ph[1].first, e = c->ph[1].last + 1;
    if (s < 2 || e <= s)
        return 0;
    double l0 = log(c->ph[0].level_bps), l1 = log(c->ph[1].level_bps);
    if (!(l1 >= l0 + log(DIP_SPEED_MIN)) || c->t[s - 1] > DIP_PERIOD_MAX_S ||
        c->t[e - 1] - c->t[s - 1] > DIP_LONGEST_S)
        return 0;
    double mid = 0.5 * (l0 + l1);
    for (size_t i = 1; i + 1 < s; i++)
        if (c->y[i] < mid)
            return 0;
    return 1;
}

/* short_direct_after_cache's direct writes, too short for its tests (3-9
 * samples: under SHORT_LEVEL, and too few for ssd__flat_level once the drop's
 * samples either side are left out): after a random fill, the 2 GiB idle
 * GC cleaned written at 425 MB/s in four 1 s samples after a 7 GiB static
 * cache at 2.9 GB/s, then GC scattering around 66 (2861, 2920, 2112, then
 * 425 four times, 332, then 86, 100, 68, 107 ...): the segmentation gave
 * them to the used state and the cache's drop read as clean blocks running
 * out. The stretch from phase 1's first sample (or its second, when the
 * first mixes the drop) to its best two-level split's, but the last, is
 * flat (3 samples or more, each within half a step of their median),
 * min_drop below the cache and SHAPE_MIN_FALL above the SHORT_LEVEL
 * samples after it (a step down, not a slow slide, whose samples are flat
 * only a few at a time: clean blocks sliding from 270 MiB/s to 7 over 300
 * s read as a cache before this was asked):
 * clean blocks running out pass through samples that fall, at most 1.7x
 * above the used state (short_direct_after_cache), and the used state's
 * bursts do not hold a level; a flat level there is a regime of its own
 * between the cache and GC. Splits phase 1 at that split; returns 1 when
 * it did. */
int ssd__short_flat_direct_after_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o) {
    /* (Not after a fast start of one or two samples: a cache that ended
     * inside them is told from its folding by length only (folds_cache,
     * on the bounds the first sample gives), which a static cache's 2 GiB
     * of direct writes after a random fill may have too: held-out seed
     * 53's drive 12, a 3.9 GiB static cache in 2406, then 1947 MB/s, 2
     * GiB at 472, then GC at 47, read "cache, folding"; and a dynamic
     * cache's folding, seed 2026's drives 17 and 81, the same shape, is
     * left to that ambiguity.) */
    if (c->nph < 2 || c->ph[0].last < 2)
        return 0;
    size_t f = c->ph[1].first, end = c->ph[1].last + 1;
    size_t b = f + 2 * SHORT_LEVEL < end ? f + 2 * SHORT_LEVEL : end;
    if (b < f + 8)
        return 0;
    double l1, l2, gain;
    size_t arg = ssd__two_levels(c, f, b, f + 3, f + SHORT_LEVEL, &l1, &l2, &gain);
    if (!arg)
        return 0;
    size_t s = fabs(c->y[f] - l1) < 0.5 * log(o->min_step) ? f : f + 1;
    size_t e = arg - 1;
    if (e < s + 3 || !(ssd__flat_level(c, o->min_step, s, e) || flat3(c, o, s, e)))
        return 0;
    double lv = ssd__level_of(c, s, e),
           after = ssd__level_of(c, arg, arg + SHORT_LEVEL < end ? arg + SHORT_LEVEL : end);
    if (!(log(c->ph[0].level_bps) - lv >= log(o->min_drop) && lv - after >= log(SHAPE_MIN_FALL)))
        return 0;
    /* (Nor when the level is one more of the fast start's GC dips: the
     * dip is the fast start's, which ends after it.) */
    if (repeats_fast_start_dip(c, o, lv, s, e)) {
        ssd__curve_move_boundary(c, 1, arg);
        return 0;
    }
    return ssd__curve_split(c, 1, arg) == 0;
}

/* The same two levels in a fast start too short for cache_in_fast_start
 * (under SHORT_LEVEL samples of direct writes): WSAT's 5 s samples after a
 * sequential fill hold a 30 GiB static cache in 2-3 samples and the spare
 * area's direct writes in 3-4 (2877, 2877, 1648, then 1215 MB/s three
 * times, then GC scattering around 250), and the segmentation made them
 * one phase, which read as clean blocks running out. Clean blocks are
 * written at one speed, the flash's, until they run out, and the samples
 * that then pass towards the used state fall (a transition, 1.7x above
 * the used state at most: short_direct_after_cache); a second flat level
 * (its samples after the first, which may mix the drop, 3 or more and
 * each within half a step of their median) min_drop below a first level
 * of 2 samples or more at speed, and SHAPE_MIN_FALL above the used state
 * after it (its first SHORT_LEVEL samples), is a second regime before GC: the first one ran faster
 * than the flash writes clean blocks, an SLC cache, and the second its direct writes. Splits phase
 * 0 there; returns 1 when it did. */
int ssd__short_levels_in_fast_start(struct ssd__curve *c, const struct ssd__analysis_opts *o) {
    size_t e = c->ph[0].last + 1;
    if (c->nph < 2 || e < 6)
        return 0;
    double l1, l2, gain;
    size_t arg = ssd__two_levels(c, 0, e, 2, e - 3, &l1, &l2, &gain);
    if (!arg || e < arg + 4)
        return 0;
    size_t f1 = c->ph[1].first, e1 = c->ph[1].last + 1;
    double lg = ssd__level_of(c, f1, f1 + SHORT_LEVEL < e1 ? f1 + SHORT_LEVEL : e1);
    if (!(l1 >= l2 + log(o->min_drop) && l2 >= lg + log(SHAPE_MIN_FALL)))
        return 0;
    if (!ssd__flat_level(c, o->min_step, arg + 1, e) && !(e == arg + 4 && flat3(c, o, arg + 1, e)))
        return 0;
    size_t up = 0;
    double hi_mid = 0.5 * (l1 + l2);
    for (size_t i = 0; i < arg; i++)
        up += c->y[i] >= hi_mid;
    if ((double)up < AT_SPEED_SHARE * (double)arg)
        return 0;
    return ssd__curve_split(c, 0, arg) == 0;
}

/* After cache_in_fast_start or short_levels_in_fast_start split a used
 * drive's fast start at `at`, the cache test run again on the cache alone
 * may still pass over the direct writes after it, when they are shorter
 * than the cache, as the drop's spread transition, and measure the drop
 * to the used state at their end (a random fill's 9.8 GiB static cache
 * at 411 MB/s for 25 samples, the 2 GiB idle GC cleaned at 190 for 12,
 * then GC at 31: the cache's end put at 11.8 GiB, 2 samples from the
 * split no more, and the fast start read as clean blocks: "cache of 9.81
 * GiB missed"). Direct writes run at one speed, the samples of a
 * transition move: when phase 1 (the samples after its first and before
 * its last, 3 or more) is a level (each within a step of their median,
 * its two halves' medians within half a step: a transition falls),
 * min_drop below the cache and SHAPE_MIN_FALL above GC's first SHORT_LEVEL
 * samples, and the cache test ended the cache where phase 1 ends, the
 * cache ends against phase 1's level inside the sample at `at` instead
 * (cache_end_in_sample) and phase 1 is its post-cache level. Returns 1
 * when it moved the cache's end. */
int ssd__cache_before_short_direct(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                   struct ssd__result *res, size_t at) {
    struct ssd_analysis_summary *S = &res->sum;
    if (!S->has_cache || S->cache_censored != SSD_CENSOR_NONE || c->nph < 3 ||
        c->ph[1].first != at || at < 2)
        return 0;
    size_t e1 = c->ph[1].last + 1, f2 = c->ph[2].first, e2 = c->ph[2].last + 1;
    if (res->cache_phase_end + 2 < e1 || res->cache_phase_end > e1 + 2 || e1 < at + 5)
        return 0;
    size_t a = at + 1, b = e1 - 1, h = (b - a) / 2;
    double m = ssd__level_of(c, a, b);
    for (size_t i = a; i < b; i++)
        if (fabs(c->y[i] - m) >= log(o->min_step))
            return 0;
    if (b < a + 3 ||
        fabs(ssd__level_of(c, a, a + h) - ssd__level_of(c, b - h, b)) >= 0.5 * log(o->min_step))
        return 0;
    double lv = exp(m);
    double lg = exp(ssd__level_of(c, f2, f2 + SHORT_LEVEL < e2 ? f2 + SHORT_LEVEL : e2));
    if (c->ph[0].level_bps < o->min_drop * lv || lv < SHAPE_MIN_FALL * lg)
        return 0;
    ssd__cache_end_in_sample(c, o, S, at, c->ph[0].level_bps, lv);
    S->cache_drop_ratio = c->ph[0].level_bps / lv;
    S->post_cache_bps = lv;
    res->cache_phase_end = at;
    res->post_phase = 1;
    return 1;
}

/* Whether y[k, e), after a used drive's fast start at level l1 (logs), is
 * the used state's first samples although their median is not within a
 * step of its level lu: GC's first samples burst up towards the fast start
 * (34-54 MB/s around a level of 17, after clean blocks at 70), and a few
 * of them have a median pulled up. The clean blocks run at one level and
 * the used state does not climb back to it: none of the samples after the
 * first (the drop's mixed sample) is within a step of l1, and their median
 * is nearer (in ratio) the used state's level than the fast one. */
int ssd__gc_bursts_after(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t k,
                         size_t e, double l1, double lu) {
    if (e < k + 3)
        return 0;
    if (ssd__level_of(c, k, e) >= 0.5 * (l1 + lu))
        return 0;
    for (size_t i = k + 1; i < e; i++)
        if (c->y[i] > l1 - log(o->min_step))
            return 0;
    return 1;
}

/* A flat level right after a used drive's fast start of one or two
 * samples, read with a reference of the run's own workload that found no
 * cache (ref_levels.none): the end of a level the drive still wrote clean
 * blocks at (a dynamic cache's folding or direct writes: which, the
 * reference cannot say), or 0. A random fill's 4K log on a fresh dynamic
 * drive may show its SLC barely above its direct 4K speed (2.68, then
 * 2.28 GB/s, then 0.88: no cache found), and a run after a random fill
 * then reads its fast first sample as clean blocks and the used state
 * from the drop after it; but the cache idle time gave back folds before
 * GC runs, at one flat speed (seed 223's drive 138, 2 hours: 2268
 * MB/s, then 904-922 for 4 samples to 5.8 GiB, then GC around 450; "used
 * state at 2.2 GiB, before the model's 6.0"). GC's first samples do not
 * hold a level a step above where GC goes on: they burst, or run flat at
 * GC's own level (seed 181's drive 70: 364-380 MB/s for 7 samples, then
 * bursts to 1718). The run: from phase 1's first sample (its second when
 * the first is a step above the level and below the fast start, the
 * drop's mix), each sample within half a step of the median of its
 * first three, three samples or more, min_drop below the fast start and
 * min_drop above the median of the SHORT_LEVEL samples after it, ending
 * inside the clean room the drive can have had (clean_room_max). */
size_t ssd__flat_level_after_clean_start(const struct ssd__curve *c,
                                         const struct ssd__analysis_opts *o, double capacity) {
    if (c->nph < 2 || c->ph[0].last > 1 || !(o->written_before_bytes > 0) ||
        !(ssd__fresh_room(o, capacity) <= 0))
        return 0;
    size_t n = c->n, s = c->ph[1].first;
    double half = 0.5 * log(o->min_step), drop = log(o->min_drop);
    if (s + 4 + SHORT_LEVEL > n)
        return 0;
    double lv = ssd__median3(c->y[s + 1], c->y[s + 2], c->y[s + 3]);
    if (c->y[s] - lv >= 2 * half && c->y[s] < c->y[0])
        s++;
    else
        lv = ssd__median3(c->y[s], c->y[s + 1], c->y[s + 2]);
    size_t e = s;
    while (e < n && fabs(c->y[e] - lv) < half)
        e++;
    if (e < s + 3 || e + SHORT_LEVEL > n || e > c->ph[1].last)
        return 0;
    if (c->y[0] - lv < drop || lv - ssd__level_of(c, e, e + SHORT_LEVEL) < drop ||
        c->cum[e] > ssd__clean_room_max(o, capacity))
        return 0;
    return e;
}

/* The most samples a used drive's fast start without a cache lasts for
 * quiet_level_before_used: idle time's clean blocks, 2 GiB, fill a few. */
#define FAST_START_SAMPLES 3

/* The most samples a GC dip inside quiet_level_before_used's level lasts
 * for (the drive's GC pauses in direct writes: 2-4 one-second samples). */
#define LEVEL_DIP_SAMPLES 4

/* A GC dip inside the level after which the level comes back and holds
 * (LEVEL_HELD samples in a row within a step of it, what the walk after
 * the level's end takes for the level still going on): the most samples
 * it lasts for. Drives pause for GC for seconds every few tens of
 * seconds (the SM2246EN's and Barefoot 3's periodic dips; the model's,
 * a window of up to 6 s each period), so a pause touches up to 8
 * one-second samples with the two it shares with the level. */
#define HELD_DIP_SAMPLES 8
#define LEVEL_HELD 3

/* Where the quiet level read by quiet_level_before_used ends when its
 * walk stopped (e) at a GC dip inside it rather than at the used state:
 * e's sample and up to LEVEL_DIP_SAMPLES - 1 after it a step below the
 * level lv and a step above the used state's level u, then the speed
 * back within a step of the level; the level then goes on while it stays
 * there, and the dip's lowest sample lies two steps above every one of
 * the SHORT_LEVEL samples after the first past it (the first is the
 * mixed sample of the drop). A dip is the drive pausing inside the level:
 * the speed comes back, and the used state after it runs well below
 * anything the dip touched. GC's first samples instead burst up towards
 * the level and go on scattering up to the dip's depth (seed 11's drive
 * 41, a fill: level 74 MiB/s, then 57, 92, 68, then GC at 30 with bursts
 * to 65), or GC settles just below the dip (seed 13's drive 129, 2
 * hours: level 948, 662 and 759, 1046, then GC at 437-549, the dip 1.2
 * times above). Seed 167's drive 78, a fill after a random fill: direct
 * writes at 138-143 MiB/s to 2.1 GiB, 112 and 121, 149, then GC at 34-49
 * ("used state at 2.1 GiB, truth 2.5"); seed 2026's drive 156, WSAT in
 * 5-second samples: 686 and 597, 475, 686, then 435 (the mixed sample)
 * and GC at 43-92 ("used state at 12.3 GiB, truth 20.0"). Returns the new
 * end, or e. */
static size_t level_through_one_dip(const struct ssd__curve *c, double step, size_t e, double lv,
                                    double u) {
    size_t n = c->n;
    double lo = INFINITY;
    for (size_t r = e + 1; r <= e + LEVEL_DIP_SAMPLES && r < n; r++) {
        double d = c->y[r - 1];
        if (!(d > u + step && d < lv - step))
            return e;
        lo = fmin(lo, d);
        if (fabs(c->y[r] - lv) >= step)
            continue;
        size_t q = r;
        while (q < n && fabs(c->y[q] - lv) < step)
            q++;
        if (q + 1 + SHORT_LEVEL > n)
            return e;
        for (size_t i = q + 1; i < q + 1 + SHORT_LEVEL; i++)
            if (c->y[i] >= lo - 2 * step)
                return e;
        return q;
    }
    return e;
}

/* Where the quiet level read by quiet_level_before_used ends when its
 * walk stopped (e) at GC dips inside it: a drive that pauses for GC does
 * so every few tens of seconds, and its direct writes or folding carry
 * one such dip every 10-30 samples, each of them a stop of the walk. A
 * dip: up to HELD_DIP_SAMPLES samples a step below the level lv and a
 * step above the used state's level u, then the speed back within a step
 * of the level for LEVEL_HELD samples in a row or more (the level holds
 * again: the walk after the level's end would read it as the level going
 * on, and the function gave up); the level then goes on while it stays
 * there, and the next stop is tried the same way. Seed 53's drive 117, 2
 * hours after a random fill: a static cache at 308 MiB/s to 8.5 GiB,
 * direct writes at 82-91, a dip of 48, 45, 42, 42, 67, back at 83-90 for
 * 13 samples, then GC at 21-34 from 10.5 GiB ("used state at 8.5 GiB,
 * truth 10.5"); seed 149's drive 178: direct writes at 41-44 MiB/s with
 * dips of two samples (26 and 23, 26 and 31, 35 and 26) every 12-13
 * samples, then GC at 11-19. After one dip or more, a last one that the
 * level does not come back from for long (a brief return, fewer than
 * LEVEL_HELD samples) before the speed falls to the used state is that
 * drive's dip too: the used state starts where the speed falls a step
 * above u or lower (seed 127's drive 184, 2 hours after a sequential
 * fill: direct writes at 378-409 MiB/s, a dip 332, 206, 208, 208, 317,
 * back for 10 samples, then 319, 246, 242, 157, then GC at 12-15 from
 * 14.98 GiB: the dip's start, 14.04, is 6 % early). Without a dip seen
 * inside the level, a fall through intermediate samples is as often GC's
 * first samples bursting and settling (a folding at 131 MiB/s, then 96,
 * 59, 76, 75, then GC at 42-51, the model's onset at the 96: seed 53's
 * drive 24, a fill after a random fill), and the level's end stays where
 * the walk stopped; one dip with a brief return is level_through_one_dip's.
 * Returns the new end, or e. */
static size_t level_through_dip(const struct ssd__curve *c, double step, size_t e, double lv,
                                double u) {
    size_t n = c->n, dips = 0;
    for (;;) {
        size_t r = e;
        while (r < n && r < e + HELD_DIP_SAMPLES && c->y[r] > u + step && c->y[r] < lv - step)
            r++;
        if (r == e || r >= n || fabs(c->y[r] - lv) >= step)
            break;
        size_t q = r;
        while (q < n && fabs(c->y[q] - lv) < step)
            q++;
        if (q < r + LEVEL_HELD)
            break;
        e = q;
        dips++;
    }
    if (!dips)
        return level_through_one_dip(c, step, e, lv, u);
    size_t f = e, most = e + HELD_DIP_SAMPLES + LEVEL_HELD;
    while (f < n && f < most && c->y[f] > u + step && c->y[f] < lv + step)
        f++;
    return f > e && f < n && f < most && c->y[f] <= u + step && c->y[e] < lv - step ? f : e;
}

/* The end of the quiet level a used drive holds between its fast start
 * and the used state, with no reference: the level idle time's clean
 * blocks are written at after the fast start (direct writes after a
 * static cache or none, a dynamic cache's folding), held until GC begins
 * a step below it. The fast start is a cache (from phase 1's first
 * sample, s) or, with none, the run's first samples min_drop above the
 * level (their end, s, within the first FAST_START_SAMPLES). A sample
 * after it a step above both the next two (themselves within half a step
 * of each other) and below the fast start is the drop's mix, skipped.
 * The level: the median of its first three samples, held while each
 * sample stays within a step of it (a level's samples scatter by the
 * drive's noise, one in a few by more than half a step: 247, 214, 238
 * MiB/s, seed 13's drive 188), three quarters of them within half a step
 * and its sample-to-sample noise half a step at most when 3 or more, not
 * falling through, 2 samples or more, a step below the fast start and
 * inside the clean room; then the used state a step below it (below). No
 * cap on its length: a folding of 2-4 GiB at 90-190 MiB/s lasts 20-45
 * one-second samples, and a walk capped at SHORT_LEVEL samples ended
 * inside it and saw no step after (seed 11's drive 190, a fill after a
 * random fill: 2.0 GB/s in the first sample, then 178-201 MiB/s for 21
 * samples to 5.9 GiB, then GC at 100: "used state at 3.1 GiB, before the
 * model's 6.0"; seed 101's drive 198, 2 hours: 91 MiB/s for 44 samples,
 * then 64). Nor is the onset found before (g0, phase g's first sample)
 * a bound: GC's first bursts may have drawn the segmentation past the
 * level's end (seed 2026's drive 157, a fill: folding at 451 MiB/s for 8
 * samples, then GC at 322-425 with bursts to 958; "used state at 8.9
 * GiB, truth 6.0"). used: the used state's level. Returns that end (the
 * used state's first sample), or 0. */
size_t ssd__quiet_level_before_used(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                    double capacity, int has_cache, double used, size_t g0) {
    if (c->nph < 2 || !(o->written_before_bytes > 0))
        return 0;
    size_t n = c->n, s = c->ph[1].first;
    double step = log(o->min_step), half = 0.5 * step;
    if (!has_cache) {
        s = 1;
        while (s < n && s <= FAST_START_SAMPLES && c->y[0] - c->y[s] < log(o->min_drop))
            s++;
        if (s > FAST_START_SAMPLES)
            return 0;
    }
    if (s < 1 || s + 4 + c->min_len > n)
        return 0;
    double fast = has_cache ? ssd__level_of(c, 0, s) : c->y[0];
    /* (After a random fill also when those two scatter by more, the
     * three after it within a step of their median: a dynamic cache's
     * folding at the drive's noise. Seed 101's drive 167, a fill: the 2
     * GiB cache at 498 MiB/s, 160 holding its end, then folding at
     * 113-134 (12 % noise) to 4.0 GiB, then GC at 25-30, the level not
     * seen after the 160 (its next two 134 and 117): "used state at 3.7
     * GiB, truth 4.0".) */
    double m3 = ssd__median3(c->y[s + 1], c->y[s + 2], c->y[s + 3]);
    int noisy = (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL && c->y[s] - m3 >= step &&
                fabs(c->y[s + 1] - m3) < step && fabs(c->y[s + 2] - m3) < step &&
                fabs(c->y[s + 3] - m3) < step;
    if (c->y[s] < fast && ((c->y[s] - fmax(c->y[s + 1], c->y[s + 2]) >= step &&
                            fabs(c->y[s + 1] - c->y[s + 2]) < half) ||
                           noisy))
        s++;
    double lv = ssd__median3(c->y[s], c->y[s + 1], c->y[s + 2]);
    size_t e = s, close = 0;
    while (e < n && fabs(c->y[e] - lv) < step) {
        close += fabs(c->y[e] - lv) < half;
        e++;
    }
    /* (Its first sample above it may hold the drop's end: not counted.) */
    size_t f = e > s && c->y[s] - lv >= half ? s + 1 : s;
    if (e < s + 2 || e + c->min_len > n || (e >= s + 3 && 4 * close < 3 * (e - f)) ||
        fast - lv < step ||
        (e >= s + 3 && (ssd__quiet_noise(c, s, e) > half || ssd__falls_through(c, s, e))))
        return 0;
    /* (A GC dip inside the level is not its end: level_through_dip.) */
    e = level_through_dip(c, step, e, lv, log(used));
    if (c->cum[e] > ssd__clean_room_max(o, capacity))
        return 0;
    /* (The level ended where the used state began: from e to the onset
     * found before (g0) or a lasting phase on, whichever is later, the
     * speed is a step below the level (the stretch's median), never 3
     * samples in a row back within a step of it, never 5 at or above it
     * less a step. GC dips in direct writes come back to their level;
     * GC's bursts do not hold it; and a dip of two samples after a cache,
     * then direct writes a step above the dip, then GC (seed 53's drive
     * 172), is no level before GC. A sample a step above the level and a
     * step below the fast start is neither level: a burst of GC's, which
     * after a dynamic cache's folding writes freed blocks at the direct
     * speed, above the folding, and may do so for several samples in a
     * row (seed 137's drive 74, 2 hours after a random fill: the folding
     * at 34-37 MiB/s for 57 samples to 4.0 GiB, then GC at 24-26 with 44-61
     * for 6 samples 40 in: "used state at 1.9 GiB, truth 4.0"). The level
     * the walk's "level" interrupted comes back within a step of the fast
     * start, and counts (seed 157's drive 153, a fill: 216 and 206 MiB/s,
     * 159 and 148, then 197-207 again).) */
    size_t w = c->min_len > SHORT_LEVEL ? c->min_len : SHORT_LEVEL, to = e + w;
    if (g0 > to)
        to = g0;
    if (to > n)
        return 0;
    size_t near = 0, above = 0, held;
    for (size_t i = e; i < to; i++) {
        near = fabs(c->y[i] - lv) < step ? near + 1 : 0;
        int burst = c->y[i] >= lv + step && c->y[i] < fast - step;
        above = c->y[i] > lv - step && !burst ? above + 1 : 0;
        if (near == 3 || above == 5)
            return 0;
    }
    /* (What the used state gains or loses: from e to g0 when the onset
     * moves earlier, else a lasting phase from e. A third of its samples
     * at most within half a step of the level, and its median a step
     * below the level, or half a step when the used state's own level is
     * a step below it: GC's first samples may burst 2-3x over its level,
     * holding their median near the level before.) */
    size_t b = e < g0 ? g0 : e + w;
    held = 0;
    for (size_t i = e; i < b; i++)
        held += fabs(c->y[i] - lv) < half;
    double m = ssd__level_of(c, e, b);
    /* (Handed over to the used state, a stretch three quarters of whose
     * samples lie within a step of their median, a step above the used
     * state's level, is a level of its own: direct writes that slowed
     * before GC (seed 113's drive 146, a fill: 182 MiB/s for 6 samples,
     * then 137 for 5, then GC at 34), not GC's first samples.) */
    if (e < g0 && g0 >= e + 3 && m - log(used) >= step) {
        size_t lvl = 0;
        for (size_t i = e; i < g0; i++)
            lvl += fabs(c->y[i] - m) < step;
        if (4 * lvl >= 3 * (g0 - e))
            return 0;
    }
    return 3 * held <= b - e && (lv - m >= step || (lv - log(used) >= step && lv - m >= half)) ? e
                                                                                               : 0;
}

/* The first phase of the used state, or 0 when there is none. With a known
 * capacity: the first lasting change once about the capacity has been
 * written. Without: the first phase after the first from which the speed
 * only falls, and falls through the phase itself (a slide, where a cache,
 * direct writes and folding are levels). */
/* Whether phase j (the first after a sequential fill's dynamic cache) is
 * its folding with GC's scatter right after it: lasting, quiet (its
 * sample-to-sample noise within a third of a step) and flat (holding its
 * level, its halves' medians within a quarter of a step), and the
 * lasting phase after it a step below and scattering SCATTER_JUMP times
 * as much (a quieter folding counting as QUIET_NOISE_FLOOR), as
 * ssd__fold_before_scatter reads a fresh drive's. Direct writes to the
 * clean spare area are quiet too, but a dynamic cache's folding comes
 * between them and GC: a quiet level straight into GC's scatter is the
 * folding. Round 34: seed 2026's drive 78, 2 hours after a sequential
 * fill, 11.0 GiB of cache at 352 MB/s, folding at 31 (noise 1 %) to 22.5
 * GiB, then GC scattering 3-8 (13 %): read as direct writes, then the
 * folding from 22.5 GiB, "used state missed"; seed 149's drive 56 and
 * 173's drive 65 the same. */
static int seq_fold_before_scatter(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                   size_t j) {
    if (j + 1 >= c->nph)
        return 0;
    const struct ssd_phase *p = &c->ph[j], *r = &c->ph[j + 1];
    if (p->last - p->first + 1 < c->min_len || r->last - r->first + 1 < c->min_len ||
        r->level_bps * o->min_step > p->level_bps)
        return 0;
    return ssd__quiet_before_scatter(c, o, j);
}

size_t ssd__gc_onset_phase(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                           double capacity, const struct ssd__result *res, int clean_start,
                           const struct ref_levels *rl, int *clean_room) {
    double lim = log(o->min_step);
    int has_cache = res->sum.has_cache && !oversized_cache_on_used_drive(o, capacity, &res->sum);
    /* Folding belongs to a dynamic cache, which is large (a share of the
     * free space); a static cache is a small fixed area that never folds.
     * A dynamic drive runs out of clean blocks with its cache full and
     * folds first: the used state is the change after the folding step. */
    int dynamic = has_cache && isfinite(capacity) &&
                  res->sum.cache_bytes >= DYNAMIC_MIN_CAPACITY_SHARE * capacity;
    int folding_seen = 0, direct_seen = 0;
    size_t seq_fold = 0; /* (the quiet flat folding seq_dyn's test found below) */
    double direct = c->ph[has_cache && c->nph > 1 ? 1 : 0].level_bps;
    /* A dynamic cache (its own size, or what the fill's log of another
     * workload showed: ref_kind) on a drive written full sequentially,
     * no reference levels: after it come at most direct writes to the
     * clean spare area and its folding, both quiet levels, then GC. So
     * the first lasting phase after such a cache is no used state for
     * sliding by its fitted line alone (the drop's mixed samples at one
     * end, GC's first samples the segmentation gave it at the other, or
     * a few samples of direct writes before the folding: seed 11's drive
     * 105, 2 hours after a sequential fill, folding flat at 313 MB/s for
     * 20 GiB then GC at 38, whose last 5 samples tilted the line): it
     * slides only when its second half's median falls below its first's
     * too (falls_through). */
    int seq_full = has_cache && isfinite(capacity) && !rl->known &&
                   (int)o->precondition == SSD_PRECONDITION_SEQ_FILL &&
                   o->written_before_bytes > 0 && ssd__fresh_room(o, capacity) <= 0 &&
                   !ssd__seq_overwrites(o, res);
    int seq_dyn = seq_full && (dynamic || res->ref_kind == SSD__REF_KIND_DYNAMIC);
    /* (A static cache the fill's log showed (ref_kind) is followed on the
     * same drive by the direct writes to the clean spare area, a level
     * however noise-free, then GC: its first lasting phase after the
     * cache slides only by falls_through too. A noise-free direct level
     * with the drop's mixed sample at its start and GC's first at its end
     * tilts the fitted line 10 % with no noise to weigh it against: seed
     * 113's drive 51, WSAT, a 13.6 GiB cache at 366 MB/s, 147 samples at
     * 48.2 MB/s, then GC at 2.7, read as GC sliding from the cache's end.
     * Not folding: a static cache never folds, so seq_dyn's folding
     * reading is not given it.) */
    int seq_level = seq_dyn || (seq_full && res->ref_kind == SSD__REF_KIND_STATIC);
    if (rl->known && has_cache && isfinite(capacity) && o->written_before_bytes > 0 &&
        ssd__ref_cache(rl, &c->ph[0])) {
        if (ssd__seq_overwrites(o, res))
            return 0; /* whole blocks freed: no used state */
        /* The reference knows the drive's levels: after the cache, a
         * lasting level at the direct one is direct writes to the clean
         * blocks idle time gave back, one a step below it is no direct
         * writes: folding after a dynamic cache (it took the clean
         * blocks), else the used state. */
        size_t stub = 0;
        for (size_t j = 1; j < c->nph; j++) {
            const struct ssd_phase *p = &c->ph[j];
            if (ssd__at_direct(rl, o, p->level_bps)) {
                stub = 0;
                continue;
            }
            /* (A phase at the reference's folding level (within a step),
             * the first a step below the direct level, with a step down
             * after it, is the folding however short, no transition: a
             * 2 GiB cache after a random fill folds 2-4 GiB in a few
             * samples, and the used state begins at the step after it
             * (seed 61's drive 116, a fill: 2.1 GiB of cache, 5 samples
             * at the reference's 496 MB/s folding, then GC bursting at 259
             * and settling at 188; the first were skipped as the drop's
             * transition and the bursts read as the folding, the onset 3.7
             * GiB late). A drive written full folds, then runs out of
             * clean blocks: the phase after the folding is the used state,
             * however short, its first samples GC's bursts (9 samples at
             * 201 MB/s, then 170), seed 113's drive 155.) */
            if (rl->dynamic && isfinite(rl->fold) && !folding_seen && !stub && j + 1 < c->nph &&
                fabs(log(p->level_bps / rl->fold)) < lim &&
                c->ph[j + 1].level_bps * o->min_step <= p->level_bps)
                return j + 1;
            if (p->last - p->first + 1 < SHORT_LEVEL && j + 1 < c->nph) {
                if (!stub)
                    stub = j;
                continue; /* the drop's transition */
            }
            /* (Folding is a level of its own, a step above the used
             * state after it: a slow level with no step after it is the
             * used state, which is where a drive full but for its cache
             * ends up whatever it folded first.) */
            if (rl->dynamic && !folding_seen && j + 1 < c->nph &&
                c->ph[j + 1].level_bps * o->min_step <= p->level_bps) {
                folding_seen = 1;
                stub = 0;
                continue;
            }
            /* (Short phases skipped right before it, at its level, are
             * its first samples, not a transition: it starts with them.
             * So are they after a static cache, which never folds, when
             * they all sit below the midpoint between the direct level
             * and the used state's: no direct writes, and a transition
             * is a sample or two of a mix (9 samples at 910 MB/s after a
             * cache, direct writes at 2,850, then GC at 620 with bursts
             * to 1,170: the onset was placed 7 GiB late, at the 620).) */
            if (stub && !rl->dynamic && !used_level_stubs(c, o, stub, j)) {
                double mid = sqrt(rl->direct * p->level_bps);
                for (size_t k = stub; stub && k < j; k++)
                    if (c->ph[k].level_bps > mid)
                        stub = 0;
                return stub ? stub : j;
            }
            return stub && used_level_stubs(c, o, stub, j) ? stub : j;
        }
        return 0;
    }
    for (size_t j = 1; j < c->nph; j++) {
        const struct ssd_phase *p = &c->ph[j], *q = &c->ph[j - 1];
        /* (A sequential fill's folding seq_fill_fold_end split off: a
         * level however short, and GC right after it.) */
        if (res->seq_fold_end && seq_dyn && res->seq_fold_end < c->nph)
            return res->seq_fold_end;
        /* (Its folding straight after the cache, GC's scatter after it:
         * seq_fold_before_scatter.) */
        if (seq_dyn && j == 1 && !folding_seen && seq_fold_before_scatter(c, o, j))
            return j + 1;
        if (isfinite(capacity)) {
            /* (A used drive's lasting level at the reference's folding
             * level, a step below the level before it and a step above
             * the one after it, is that folding even when no cache was
             * found before it (one too short to call: 2 samples of it
             * in WSAT's 4 s samples, then direct writes): a dynamic
             * cache folds before GC, so a drive written full folds
             * first, and the step after it is the used state.) */
            if (ssd__ref_fold_level(c, o, rl, j) && !has_cache && !folding_seen) {
                folding_seen = 1;
                continue;
            }
            /* (Without the reference too: a quiet level a gentle step
             * below the fast start that ends in a drop inside the clean
             * blocks; clean_level_before_drop.) */
            if (!folding_seen && ssd__quiet_fold((struct ssd__curve *)c, o, j)) {
                folding_seen = 1;
                continue;
            }
            /* (A fresh drive's lasting quiet folding past the capacity,
             * GC's scatter right after it, whatever the cache test found:
             * the drive folded because no clean block was left, so the
             * used state starts where the folding ends;
             * fold_before_scatter.) */
            if (!folding_seen && ssd__fold_before_scatter(c, o, j))
                return j + 1;
            if (!has_cache && !folding_seen && ssd__clean_level_before_drop(c, o, capacity, j)) {
                folding_seen = 1;
                continue;
            }
            /* (A folding phase that slides took in the start of the
             * decline after it; before the capacity has been written it
             * is the folding step all the same: no used state yet.) */
            /* (On a used drive, folding too writes into clean blocks: a
             * step that runs to the end past every clean block the
             * drive can have had is the used state, not folding.) */
            /* (A dynamic cache the fill's own log showed, seq_dyn, as
             * well, when the level is quiet and flat, as GC's per-second
             * scatter is not, and a phase follows it: 29.9 GiB of cache
             * on a 2,644 GB drive after a sequential fill, direct writes
             * at 97 MB/s to 131.5 GiB, folding at 49 to 659, then GC at
             * 21, seed 47's drive 73, WSAT, the used state read at the
             * folding's start. A quiet level to the run's end after
             * direct writes stays the used state: a smooth GC reads the
             * same.) */
            if ((dynamic || (seq_dyn && j + 1 < c->nph &&
                             ssd__quiet_noise(c, p->first, p->last + 1) <= lim / 3 &&
                             !ssd__falls_through(c, p->first, p->last + 1))) &&
                j >= 2 && !folding_seen && p->level_bps * o->min_step <= direct &&
                (!ssd__slides_down(c, p) || p->start_bytes < ssd__fresh_room(o, capacity)) &&
                !(o->written_before_bytes > 0 && ssd__fresh_room(o, capacity) <= 0 &&
                  !ssd__seq_overwrites(o, res) && outlasts_clean_room(c, o, capacity, j))) {
                folding_seen = 1; /* the folding step, wherever it is */
                if (seq_dyn && j + 1 < c->nph &&
                    ssd__quiet_noise(c, p->first, p->last + 1) <= lim / 3 &&
                    !ssd__falls_through(c, p->first, p->last + 1))
                    seq_fold = j;
                /* (After a sequential fill the direct writes, if any, came
                 * before it: the next lasting level is the used state.) */
                direct_seen |= seq_dyn;
                continue;
            }
            if (p->start_bytes < ssd__fresh_room(o, capacity))
                continue;
            if (o->written_before_bytes > 0) {
                /* A used drive: the change is from the last lasting level
                 * before (a sample or two between levels is the
                 * transition), and the first lasting level after a cache
                 * is the clean blocks idle time gave back (direct writes)
                 * unless it slides. */
                if (p->last - p->first + 1 < c->min_len)
                    continue;
                /* (A first level at the reference's first level, then a
                 * level at the one after its slight step: a cache too
                 * slight for the cache test and direct writes, not the
                 * used state; seed 11's drive 161 after a sequential fill,
                 * 357 MB/s, then 280 for 65 GiB, then GC at 79.) */
                if (j == 1 && !has_cache && rl->known && isfinite(rl->slight_direct) &&
                    !direct_seen && fabs(log(c->ph[0].level_bps / rl->direct)) < lim &&
                    fabs(log(p->level_bps / rl->slight_direct)) < lim && !ssd__slides_down(c, p)) {
                    direct_seen = 1;
                    continue;
                }
                if (ssd__used_drive_cache(o, capacity, &res->sum) && !direct_seen) {
                    direct_seen = 1;
                    /* ... unless it outlasts the clean blocks the drive
                     * can have had: then the fast start was those clean
                     * blocks (a fill's spare area), never a cache, and
                     * this drop is where they ran out. */
                    if (!ssd__seq_overwrites(o, res) && ssd__first_level_after(c, j) &&
                        (outlasts_clean_room(c, o, capacity, j) ||
                         ssd__slide_off_fast_start(c, o, res->sum.cache_level_bps,
                                                   c->ph[1].first) ||
                         one_drop_on_full_drive(c, o, capacity, rl->known, j))) {
                        /* (2: by one_drop_on_full_drive alone, which
                         * the note says may be a cache. So is a level
                         * that outlasts the clean blocks over a known
                         * part of the drive: there GC finds victims
                         * holding the span's overwritten data, copies
                         * little and may run at the speed of a dynamic
                         * cache's folding, so the level going on tells
                         * no cache from clean blocks (the span sweep:
                         * 16.6 GiB of cache at 380 MiB/s on a 358 GB
                         * drive after a sequential fill, folding at 27,
                         * GC over a 47 GiB span at 32).) */
                        /* (3: by the slide, 1: by the level outlasting
                         * the clean room, the regime note's cases.) */
                        *clean_room = ssd__slide_off_fast_start(c, o, res->sum.cache_level_bps,
                                                                c->ph[1].first)
                                          ? 3
                                      : outlasts_clean_room(c, o, capacity, j) &&
                                              ssd__span_whole(o, &res->sum) != 0
                                          ? 1
                                          : 2;
                        return j;
                    }
                    /* (A first lasting level after the cache a step below the
                     * reference's folding level (and so below its direct
                     * writes) is neither: the reference is this workload's
                     * (another's is dropped), and clean blocks write at the
                     * direct level, a dynamic cache folds at its folding rate,
                     * whatever the drive wrote before; what runs slower is the
                     * used state, GC's bursts lifting its median a step above
                     * where GC settles later. Seed 97's drive 40, a fill after
                     * a random fill against the fresh run (folding at 1.12
                     * GB/s): a 2 GiB cache and folding in the first two
                     * samples, then GC at 560-1600 MB/s, one level at 684 to
                     * 64.4 GiB read as the clean blocks' direct writes, then
                     * 577: "used state at 64.4 GiB, truth 4.0". Only for
                     * sequential writes, whose folding on a used drive ran
                     * at the fresh run's (1117 against 1143 MB/s there; 546
                     * and 546, seed 113's drive 38): random writes may fold
                     * 3x slower than the same workload's fresh log, seed
                     * 223's drive 167 in 2 hours, 275 against 910.) */
                    if (rl->known && rl->dynamic && isfinite(rl->fold) && has_cache &&
                        res->pattern[0] && strncmp(res->pattern, "rand", 4) != 0 && !folding_seen &&
                        p->level_bps * o->min_step <= rl->fold &&
                        p->level_bps * o->min_step <= rl->direct)
                        return j;
                    if (!(seq_level && j == 1 ? ssd__falls_through(c, p->first, p->last + 1)
                                              : ssd__slides_down(c, p)))
                        continue;
                }
                q = NULL;
                /* (The run's first level counts however short: the
                 * spare area a fill left fills in a few minutes of a
                 * run of hours.) */
                /* (Of any length when the reference showed it is the
                 * drive's direct level: clean blocks, not noise.) */
                for (size_t k = j; k-- > (has_cache ? 1 : 0) && !q;)
                    if (c->ph[k].last - c->ph[k].first + 1 >= (k             ? c->min_len
                                                               : clean_start ? 1
                                                                             : 3))
                        q = &c->ph[k];
                /* (Counted by its samples: those the segmentation gave to
                 * the next phase while still a step above its level are
                 * the fast start's too: a static cache in one sample, then
                 * four of direct writes at 480 MB/s, then the used state
                 * at 18.) */
                /* (Or the quiet flat folding found before it, however
                 * short: a level of its own, the drive's program rate,
                 * which the used state leaves. Seed 101's drive 136, 2
                 * hours after a sequential fill: 29.9 GiB of cache, 10
                 * samples of direct writes at 1746 MiB/s, 51 of folding at
                 * 767, then GC at 441, four phases, none after the cache
                 * lasting (72 samples): no used state, the folding labelled
                 * other and GC the folding.) */
                if (!q && seq_fold)
                    q = &c->ph[seq_fold];
                if (!q && j == 1 && !has_cache) {
                    size_t n = c->ph[0].last - c->ph[0].first + 1;
                    for (size_t i = p->first; i <= p->last && n < 3; i++, n++)
                        if (c->y[i] - log(p->level_bps) < lim)
                            break;
                    if (n >= 3)
                        q = &c->ph[0];
                }
                if (!q && !(seq_level && j == 1 ? ssd__falls_through(c, p->first, p->last + 1)
                                                : ssd__slides_down(c, p)))
                    continue;
            }
            if ((q && fabs(log(p->level_bps / q->level_bps)) >= lim) ||
                (seq_level && j == 1 ? ssd__falls_through(c, p->first, p->last + 1)
                                     : ssd__slides_down(c, p))) {
                /* (With no cache, the short phases right before it, each
                 * below the midpoint between the fast start's level and
                 * its own, are its first samples: a transition between
                 * two levels is a sample or two of their mix, and there
                 * is nothing (no cache, so no direct writes or folding)
                 * for a used drive's clean blocks to drop to but the used
                 * state. A chaotic used state starting at 140 MB/s for 11
                 * samples after clean blocks at 544, then 86: the onset
                 * was placed 1.7 GiB late, at the 86.) */
                size_t s0 = j;
                if (o->written_before_bytes > 0 && !has_cache && q && q->level_bps > p->level_bps)
                    while (s0 > 1 && &c->ph[s0 - 1] != q &&
                           c->ph[s0 - 1].last - c->ph[s0 - 1].first + 1 < c->min_len &&
                           c->ph[s0 - 1].level_bps <= sqrt(q->level_bps * p->level_bps))
                        s0--;
                return s0 > 0 && &c->ph[s0 - 1] == q ? s0 : j;
            }
            continue;
        }
        /* By shape alone: from here on the speed only falls, it falls
         * through the phase itself, and by a lot (the reviews' used states
         * end 5-40x below the fresh speed; a direct phase that sags a little
         * is no used state). */
        int falls = ssd__slides_down(c, p);
        for (size_t k = j + 1; falls && k < c->nph; k++) {
            const struct ssd_phase *pk = &c->ph[k];
            /* Every long phase slides too: a level (folding) is no GC. */
            falls = pk->level_bps < c->ph[k - 1].level_bps * sqrt(o->min_step) &&
                    (pk->last - pk->first + 1 < 4 * c->min_len || ssd__slides_down(c, pk));
        }
        if (!falls)
            continue;
        const struct ssd_phase *end = &c->ph[c->nph - 1];
        double total = log(p->level_bps / end->level_bps) + ssd__slide_of(c, end);
        if (end == p)
            total = ssd__slide_of(c, p);
        /* Right after a cache, a decline from a clear step looks the same
         * whether the step was the cache's end or clean blocks running out
         * (AS510S halves, then slides): only the capacity tells them
         * apart. A gentle first step is no cache's (SSD370 slides from its
         * fresh speed). */
        if (j == 1 && has_cache && q->level_bps > SHAPE_MAX_FIRST_STEP * p->level_bps)
            continue;
        if (total >= log(SHAPE_MIN_FALL))
            return j;
    }
    return 0;
}

/* A fresh drive's used state that begins with GC's dips, not a step: its
 * first samples hold the fresh level, but dips a step below it come ever
 * more often (periodic fresh GC dips 3 samples in 19; after the capacity
 * one in three, then more), so the median, the level-then-line knee and
 * the scatter of the differences (which the fresh dips already make
 * large) all move late, 15-20 % (seed 13's drives 116 and 185). Page's
 * CUSUM on the samples a step below `level` from lo on, against the share
 * of them over [a, lo) (the fresh state, before the capacity was
 * written) and twice that share: the onset is the last sample where the
 * sum was 0 before it reached 3 ln n (n the run's samples), taken when it
 * comes at least `gap` samples before k (the onset found otherwise) and
 * the samples from it to k dip at least at the higher share. SIZE_MAX
 * otherwise. */
size_t ssd__dip_rate_onset(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                           size_t lo, size_t b, double level, size_t k, size_t gap) {
    double cut = log(level) - log(o->min_step);
    size_t n0 = 0;
    for (size_t i = a; i < lo; i++)
        n0 += c->y[i] < cut;
    double p0 = ((double)n0 + 1) / ((double)(lo - a) + 2);
    double p1 = fmin(0.9, fmax(2 * p0, p0 + 0.1));
    if (p1 <= p0)
        return SIZE_MAX;
    double up = log(p1 / p0), dn = log((1 - p1) / (1 - p0)), h = 3 * log((double)c->n), sum = 0;
    size_t zero = lo;
    for (size_t i = lo; i < b; i++) {
        sum += c->y[i] < cut ? up : dn;
        if (sum <= 0) {
            sum = 0;
            zero = i + 1;
        } else if (sum >= h) {
            if (zero + gap > k)
                return SIZE_MAX;
            size_t m = 0;
            for (size_t j = zero; j < k; j++)
                m += c->y[j] < cut;
            return (double)m >= p1 * (double)(k - zero) ? zero : SIZE_MAX;
        }
    }
    return SIZE_MAX;
}

/* The used state's first samples before phase g's start that the
 * segmentation and the knee gave to the quiet level before it (folding,
 * direct writes: its noise a third of a step or less). The used state
 * bursts back towards that level for a sample or two but does not hold
 * it (65, 86, 128, 81 MB/s after folding at 103, then GC at 44; or GC at
 * 23 bursting to 43, 37 and 38 after folding at 45): the level ended
 * after its last 3 samples in a row within a step of it. Searched back
 * from the phase's start over at most half a lasting phase, none before
 * lo; returns that sample when it moves the start by 2 or more and the
 * samples it hands over are no level of their own (not all within a step
 * of their median: a short folding step), else phase g's start. */
size_t ssd__gc_bursts_before(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                             size_t g, size_t lo) {
    size_t g0 = c->ph[g].first, a = c->ph[g - 1].first, m = c->min_len / 2 > 3 ? c->min_len / 2 : 3;
    double lev = log(c->ph[g - 1].level_bps), step = log(o->min_step);
    if (g0 < a + c->min_len || !(3 * ssd__quiet_noise(c, a, g0) <= step))
        return g0;
    size_t k = g0, run = 0;
    while (k > lo && k > a + 3 && g0 - k < m + 3) {
        run = fabs(c->y[k - 1] - lev) < step ? run + 1 : 0;
        k--;
        if (run == 3)
            break;
    }
    if (run < 3)
        return g0;
    k += 3; /* the sample after the run */
    if (g0 < k + 2)
        return g0;
    double mid = ssd__level_of(c, k, g0);
    for (size_t i = k; i < g0; i++)
        if (fabs(c->y[i] - mid) >= step)
            return k;
    return g0;
}

/* The used state's first samples, GC's bursts right after the drop, that
 * the segmentation gave to the short phase before phase g on a used drive
 * (the level before it, pre: the reference's direct level, or its folding
 * level after a dynamic cache that showed one). Early GC on a drive written
 * full scatters between its own level and 2-3 times it (716 to 2107 MB/s
 * over GC at 701 after direct writes at 2367, seed 47's drive 119; 368 to
 * 1259 over GC at 423, seed 2026's drive 196, both a fill after a random
 * fill), so the phase's median stays a step above the used state and the
 * onset lands where the bursts end, 3-7 samples late. The used state
 * begins at the first sample of that phase (after its first) below the
 * midpoint of pre and the used state's level, when pre is two steps above
 * the used state and what follows up to phase g is no level of the drive
 * before GC: shorter than a lasting phase, never back within a step of
 * pre (GC dips in direct writes come back to it), never 3 samples in a
 * row above the midpoint or within a step of each other (a folding level
 * holds flat). Returns that sample, else phase g's start. */
size_t ssd__gc_bursts_after_drop(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 size_t g, double pre) {
    size_t g0 = c->ph[g].first, k = c->ph[g - 1].first + 1;
    double step = log(o->min_step), lv = log(c->ph[g].level_bps);
    if (!(isfinite(pre) && pre >= c->ph[g].level_bps * o->min_step * o->min_step))
        return g0;
    double cut = 0.5 * (log(pre) + lv);
    while (k < g0 && c->y[k] >= cut)
        k++;
    if (k + 1 >= g0 || g0 >= k + c->min_len)
        return g0;
    for (size_t i = k; i < g0; i++) {
        if (fabs(c->y[i] - log(pre)) < step)
            return g0;
        if (i + 3 <= g0) {
            double hi = fmax(c->y[i], fmax(c->y[i + 1], c->y[i + 2]));
            double lo = fmin(c->y[i], fmin(c->y[i + 1], c->y[i + 2]));
            if (lo >= cut || hi - lo < step)
                return g0;
        }
    }
    return k;
}

/* Whether the best two-level split of y[a, e) at k (levels l1 before, l2
 * after, saving gain) is clean blocks running out into the used state on
 * a used drive with no cache, when the fall is less than SHAPE_MIN_FALL
 * (which the callers take as it is): at least min_drop and plainly a
 * step, not noise or GC's scatter: the
 * split pays the penalty at the stretch's own noise and three quarters
 * of each side's samples lie on its side of the midpoint. A datacenter
 * drive with a quarter of spare flash slows only 1.3-1.5x into its used
 * state (1387 then 1006 MiB/s, seed 11's drive 32; 674 then 460, drive
 * 98), and the 2x asked of a consumer drive's fall missed it. */
int ssd__clean_blocks_fall(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                           size_t k, size_t e, double l1, double l2, double gain) {
    if (l1 < l2 + log(o->min_drop) || k < a + 3 || e < k + 2)
        return 0;
    double sig = ssd__quiet_noise(c, a, e);
    if (!(gain > o->penalty * sig * sig * log((double)c->n)))
        return 0;
    double mid = 0.5 * (l1 + l2);
    size_t hi = 0, lo = 0;
    for (size_t i = a; i + 1 < k; i++)
        hi += c->y[i] > mid;
    for (size_t i = k + 1; i < e; i++)
        lo += c->y[i] < mid;
    /* (The sample either side of the split may hold the drop.) */
    return 4 * hi >= 3 * (k - 1 - a) && 4 * lo >= 3 * (e - k - 1);
}

/* The end of the direct writes at the start of phase g (the used state
 * the segmentation began early), through the fresh state's GC dips: the
 * run of samples above the midpoint stops at the first dip, so a dip a
 * few samples into them (two samples at 412 and 238 MB/s among direct
 * writes at 629, 27 samples before the used state at 180: seed 29's drive
 * 5, its 2-hour run after a sequential fill; the used state at 13.2 GiB
 * against 29.0) ended them. The best two-level split of the phase's start
 * (two lasting phases, 10 samples at least) when its first level is the
 * reference's direct level (within a step), min_drop above the second,
 * and the split pays the penalty at the start's own noise; else e. */
size_t ssd__direct_through_dips(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                double direct, size_t g, size_t e) {
    size_t f = c->ph[g].first, end = c->ph[g].last + 1, ml = c->min_len > 10 ? c->min_len : 10;
    size_t b = f + 2 * ml < end ? f + 2 * ml : end;
    if (b < f + 8)
        return e;
    double l1, l2, gain;
    size_t arg = ssd__two_levels(c, f, b, f + 3, b - 3, &l1, &l2, &gain);
    double sig = ssd__quiet_noise(c, f, b);
    if (!arg || arg <= e || fabs(l1 - log(direct)) >= log(o->min_step) ||
        l1 < l2 + log(o->min_drop) || !(gain > o->penalty * sig * sig * log((double)c->n)))
        return e;
    return arg;
}

/* The used state's first samples after a sequential fill, no reference
 * levels (none, or the fill's own log of another workload): the
 * segmentation began the used state at the first of the direct writes'
 * GC dips before it (seed 59's drive 31, WSAT: direct writes at 459 MB/s,
 * dips to 381, 384, 412, 333, then 459 again, then GC at 87; the used
 * state at 182.3 GiB, truth 192.0; seed 137's drive 69, 2 hours, a dip of
 * four 1 s samples to 690 twelve samples before GC). The fresh run's
 * direct level reads them with a reference (analysis_regimes.c: the run
 * of samples above the midpoint, then direct_through_dips); after a
 * sequential fill the level right before the used state is that direct
 * level itself (the clean spare area's direct writes, or a dynamic
 * cache's folding, both quiet levels the drive holds until GC), so it
 * stands in for it: the phase before the used state (after the cache, 5
 * samples or more) a step above it, the samples moved fewer than a
 * lasting phase, one of them back within half a step of its level and
 * none a step above it. Moves phase g's start; returns 1 when it did. */
int ssd__seq_direct_before_used(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                const struct ssd__result *res, size_t g) {
    if (!(o->written_before_bytes > 0) || (int)o->precondition != SSD_PRECONDITION_SEQ_FILL ||
        ssd__seq_overwrites(o, res) || g < 2 || g >= c->nph ||
        c->ph[g - 1].last - c->ph[g - 1].first + 1 < o->min_phase_samples ||
        c->ph[g].level_bps * o->min_step > c->ph[g - 1].level_bps)
        return 0;
    double direct = c->ph[g - 1].level_bps;
    size_t f = c->ph[g].first, e = f;
    double cut = 0.5 * (log(direct) + log(c->ph[g].level_bps));
    while (e + 3 <= c->ph[g].last && c->y[e] >= cut)
        e++;
    e = ssd__direct_through_dips(c, o, direct, g, e);
    /* (A lasting stretch above the midpoint is a level of its own, a
     * folding the segmentation gave GC's phase: seed 2026's drive 48, 2
     * hours, folding at 1152 MB/s for 350 GiB between direct writes at
     * 1645 and GC at 423. GC dips inside the direct writes are shorter.) */
    if (e == f || e - f >= c->min_len)
        return 0;
    /* (Direct writes hold their level between the dips: one sample back
     * within half a step of it, none a step above it, which GC's first
     * bursts may be: seed 157's drive 106, 2 hours, folding at 648 MB/s,
     * then 793 and 475 as GC began; GC's first samples settling from
     * near the level are no direct writes either: 227's drive 18, WSAT,
     * folding at exactly 178.6, then GC at 154, 160, 148 settling at 124.) */
    double lv = log(direct), step = log(o->min_step);
    int back = 0;
    for (size_t i = f; i < e; i++) {
        if (c->y[i] >= lv + step)
            return 0;
        back |= fabs(c->y[i] - lv) < 0.5 * step;
    }
    if (!back)
        return 0;
    ssd__curve_move_boundary(c, g, e);
    return 1;
}

/* The used state starting inside the last phase, past the capacity, too
 * gently for the segmentation (a big drive late in a 2-hour run): the
 * level-then-line split from the capacity on, kept when the line falls
 * by min_step and the split pays the penalty against one level. Splits
 * the last phase; returns the used state's phase index, or 0. */
size_t ssd__late_onset(struct ssd__curve *c, const struct ssd__analysis_opts *o, double capacity) {
    size_t j = c->nph - 1, a = c->ph[j].first, b = c->ph[j].last + 1, lo = a;
    size_t min_len = c->min_len > 3 ? c->min_len : 3;
    if (j == 0 && c->cum[b] + o->written_before_bytes < capacity)
        return 0;
    while (lo < b && c->cum[lo] < ssd__fresh_room(o, capacity))
        lo++;
    if (lo + 2 * min_len > b)
        return 0;
    size_t k = ssd__knee(c, a, lo, lo, b, min_len);
    if (k <= a || k + min_len > b)
        return 0;
    double icpt, slope, m = 0, one = 0, two = 0;
    slope = ssd__fit_line(c, k, b, &icpt);
    double m1 = 0;
    for (size_t i = a; i < k; i++)
        m1 += c->y[i];
    m1 /= (double)(k - a);
    /* The fall is the line's, or from the level before the knee to the
     * line's end when that is more: a used state may start with a small
     * step and then slide (a datacenter drive's 668 MB/s, then 630 from
     * 7,070 GiB on, sliding below 600 by the run's end: its line fell
     * 5 %, "no used state", though from the level to the line's end it
     * fell a step). */
    double end = icpt + slope * (double)(b - k - 1);
    /* (On a fresh drive a fall under min_step, LEVEL_LEFT_MIN at least,
     * is the used state's when the speed from the knee on scatters
     * SCATTER_JUMP times as much as the level before it (a quieter one
     * counting as QUIET_NOISE_FLOOR): direct writes run at one speed,
     * GC's scatters with each victim block's valid data, and on a
     * datacenter drive whose spare flash keeps GC cheap the scatter
     * shows before the level falls a step. Seed 227's drive 34, fresh
     * 2 hours with no SLC cache: 1160 MiB/s within 1 % to 2369.5 GiB,
     * then GC at 1024-1150 and dipping to 780-960, its line down to
     * 1026 by the run's end (1.13x), noise 0.010 then 0.076: "used state
     * from 2369.5 GiB missed"; seed 229's drive 143 the same, 2674 then
     * 2335 (1.15x under 1.15), noise 0.019 then 0.084.) */
    int scatters = 0;
    if (o->written_before_bytes <= 0 && fmax(icpt, m1) - end >= log(LEVEL_LEFT_MIN))
        scatters = SCATTER_JUMP * fmax(ssd__quiet_noise(c, a, k), QUIET_NOISE_FLOOR) <=
                   ssd__quiet_noise(c, k, b);
    if (fmax(icpt, m1) - end < log(o->min_step) && !scatters)
        return 0;
    for (size_t i = a; i < b; i++)
        m += c->y[i];
    m /= (double)(b - a);
    for (size_t i = a; i < b; i++)
        one += (c->y[i] - m) * (c->y[i] - m);
    for (size_t i = a; i < k; i++)
        two += (c->y[i] - m1) * (c->y[i] - m1);
    for (size_t i = k; i < b; i++) {
        double d = c->y[i] - (icpt + slope * (double)(i - k));
        two += d * d;
    }
    double sig = ssd__curve_noise(c, a, b);
    if (one - two <= o->penalty * sig * sig * log((double)c->n))
        return 0;
    /* The whole run one phase before it: judged by the cache test, unless
     * the run started on a fresh drive (nothing written since TRIM) and
     * its level held until the knee, past the capacity: no cache holds
     * that much and no GC runs before it, so that level was direct
     * writes and the lasting fall after it the used state (a datacenter
     * drive's speed held 686 MB/s for 3,800 GiB of a 1.5 TB drive, then
     * slid to 580: one phase, "no used state"). */
    if (j == 0 &&
        !(o->written_before_bytes <= 0 && c->cum[k] >= MAX_CACHE_CAPACITY_SHARE * capacity))
        return 0;
    return ssd__curve_split(c, j, k) == 0 ? j + 1 : 0;
}

/* The used state's knee at its lower bound lo (the middle of the phase
 * before, on a used drive) after a run that starts with its clean blocks
 * (no cache): the used state's scatter may draw the segmentation's
 * boundary far past where they ran out, and the bound then holds the
 * knee late (a datacenter drive randomly filled: 35 GiB of clean blocks
 * at 1.39 GB/s in 27 samples, then GC scattering 0.9-1.3; the boundary at
 * sample 63, the knee held at 32, the used state 13 % late). The knee is
 * sought again from a lasting phase after the run's start, and taken
 * when the speed from there to the bound is a step below the fast
 * start's before it (medians): the clean blocks had run out. Returns the
 * knee (k when not moved). */
size_t ssd__clean_blocks_end_before_bound(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                          size_t a, size_t lo, size_t g0, size_t b, size_t k) {
    size_t ml = c->min_len > 3 ? c->min_len : 3;
    if (o->written_before_bytes <= 0 || lo < a + ml + 3)
        return k;
    size_t k2 = ssd__knee(c, a, a + ml, g0, b, ml);
    if (k2 < a + ml || k2 + 3 > lo)
        return k;
    double fast = ssd__level_of(c, a, k2);
    double slow = ssd__level_of(c, k2, lo);
    return fast - slow >= log(o->min_step) ? k2 : k;
}

/* With no reference, the end of a used drive's cache placed against the
 * level of its own right after it (3 samples or more, min_drop below the
 * cache: direct writes or folding) when the cache test passed over that
 * level as the drop's transition and measured the drop to the used state
 * a step below it, as the reference's path does. A cache's drop is to
 * whatever the drive writes next; against GC the share of the boundary
 * sample read as cache came out too large, past samples already at the
 * level after it (a random fill's 2 GiB dynamic cache in a 1 s sample at
 * 2.0 GB/s, folding at 264 MiB/s, GC at 124: 2.13 GiB, the truth 2.00).
 * A cache of the first sample alone has no level of its own to measure
 * its end by (that sample's rate mixes it with what followed): when the
 * next sample is already within a step of the level after, it ended
 * inside the first sample or at its end, and what is known is the
 * bounds, at least what the sample wrote above that level, at most all
 * it wrote (ssd__first_sample_cache_max), as the cache test reads a drop
 * inside the first sample (a random fill's 2 GiB cache and 0.13 GiB of
 * folding in the first 1 s sample: read as 2.45 GiB). Returns 1 when it
 * placed the end. */
int ssd__used_cache_end_against_next_level(const struct ssd__curve *c,
                                           const struct ssd__analysis_opts *o,
                                           struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    if (!(o->written_before_bytes > 0 && S->has_cache && S->cache_censored == SSD_CENSOR_NONE &&
          c->nph >= 3 && res->cache_phase_end == c->ph[1].first && c->ph[1].first >= 1 &&
          c->ph[1].last - c->ph[1].first + 1 >= 3 &&
          S->post_cache_bps * o->min_step <= c->ph[1].level_bps &&
          c->ph[1].level_bps * o->min_drop <= S->cache_level_bps))
        return 0;
    size_t at = c->ph[1].first;
    double lo = c->ph[1].level_bps, hi = S->cache_level_bps;
    if (at == 1 && c->r[1] < lo * o->min_step) {
        ssd__cache_in_first_sample(c, lo, S);
        hi = c->r[0];
    } else {
        /* (A cache of a sample or two: its level is theirs, wholly before
         * the one the drop is in, not its phase's median, which that
         * sample's mix pulls down.) */
        size_t m = c->r[at - 1] * o->min_step < hi ? at - 1 : at;
        /* (A second sample a step below the first holds the drop, however
         * its mix pulled the two samples' level down to its own: 245 then
         * 189 MiB/s, folding at 73 after them, a level of 217 put the end
         * at the second sample's end, 2.12 GiB for 2.00.) */
        if (at == 2 && c->r[1] * o->min_step < c->r[0])
            m = 1;
        if (m >= 1 && m <= 2) {
            double h = 0;
            for (size_t i = 0; i < m; i++)
                h += c->r[i] / (double)m;
            if (h > hi)
                hi = h;
        }
        ssd__cache_end_in_sample(c, o, S, at, hi, lo);
    }
    S->cache_level_bps = hi;
    S->cache_drop_ratio = hi / lo;
    S->post_cache_bps = lo;
    return 1;
}

/* The used state starts at phase g. */
void ssd__gc_starts_at(const struct ssd__curve *c, size_t g, struct ssd_analysis_summary *S) {
    S->gc_start_bytes = c->ph[g].start_bytes;
    S->gc_level_bps = c->ph[g].level_bps;
}

/* Whether a used drive's three levels (a fast start, phase 1, then the
 * used state from phase 2) hold no level between the fast start and the
 * used state, so that they are not a cache, its direct writes or folding,
 * then GC: a drive written full runs on the clean blocks it was left, then
 * GC, and GC's first samples or a dip just before they run out may sit
 * between the two for a few samples. Phase 1 is no level the drive holds
 * when
 * 1: it is one of the fast start's own periodic dips (the model's and the
 *    reviews' drives dip by the same share of their speed every period):
 *    from where the speed left the fast level (a step below it) to the
 *    used state's start it is shorter than a lasting level (SHORT_LEVEL),
 *    its median within a step as far below the fast level as a dip inside
 *    the fast start is, at most two samples longer than that dip (one
 *    mixed sample at each end), and the used state a step below it.
 *    Seed 313's drive 19, 2 hours after a sequential fill on a drive with
 *    no SLC: 1.7 GB/s with a dip to 823-941 MB/s for 5 samples, then
 *    742-809 for 6 samples, then GC at 238-480 from 62.9 GiB: read as a
 *    59.4 GiB cache, folding at 734 MiB/s, then GC;
 * 2: it is GC's first stretch, bursting more than GC does later: it does
 *    not hold a level (ssd__holds_level: three quarters of its samples
 *    within a step of its median; direct writes and folding do, their
 *    dips a fifth of the time at most), a quarter of its samples or more
 *    (2 at least) sit at the used state's floor (within half a step of
 *    its lower quartile), none a step below it (a dip in direct writes
 *    would), and it is GC from its start: the first such sample in its
 *    first half, and no flat level starting it above the floor (3
 *    samples from its first or second each within half a step of their
 *    median: direct writes or a folding, then GC's first bursts that the
 *    segmentation gave the same phase, are a level, then GC; seed 61's
 *    drive 136, a 2 GiB dynamic cache after a random fill, folding flat
 *    at 82 MB/s for 27 samples, then GC bursting 59-171 for 44, one phase
 *    of 71; seed 137's drive 6, a 2.2 GiB cache in the first sample,
 *    direct writes at 592-610 for 3, then GC bursting 288-677 above a
 *    floor of 290, one phase of 32, 4 of them at the floor). Seed 313's
 *    drive 92, a fill after a random fill on a drive with no SLC: 2 GiB
 *    at 1.1 GB/s, then 351, 351, 493, 636, 492, 456, 444, 351, 614, 583
 *    MB/s, then GC at 351 with bursts to about 500: read as a 1.96 GiB
 *    cache, direct writes at 452 MiB/s, then GC.
 * Returns 1 or 2 (the case), else 0. */
int ssd__middle_no_level(struct ssd__curve *c, const struct ssd__analysis_opts *o) {
    if (c->nph < 3)
        return 0;
    double lim = log(o->min_step), lv0 = log(c->ph[0].level_bps), lv2 = log(c->ph[2].level_bps);
    size_t f1 = c->ph[1].first, e1 = c->ph[1].last + 1, f2 = c->ph[2].first, e2 = c->ph[2].last + 1;
    if (e2 < f2 + c->min_len || e2 - f2 <= e1 - f1)
        return 0;
    /* (1: a dip.) */
    size_t s = f1;
    while (s > c->ph[0].first + 1 && c->y[s - 1] < lv0 - lim)
        s--;
    if (f2 >= s + 2 && f2 < s + SHORT_LEVEL && s > c->ph[0].first + 3) {
        double lm = ssd__level_of(c, s, f2), dm = lv0 - lm;
        for (size_t i = c->ph[0].first + 1; dm >= lim && lm >= lv2 + lim && i + 1 < s;) {
            if (!(c->y[i] < lv0 - lim)) {
                i++;
                continue;
            }
            size_t k = i;
            while (k + 1 < s && c->y[k] < lv0 - lim)
                k++;
            /* [i, k): a dip, back at the fast level at k. */
            if (k >= i + 2 && f2 - s <= k - i + 2 && fabs(lv0 - ssd__level_of(c, i, k) - dm) < lim)
                return 1;
            i = k + 1;
        }
    }
    /* (2: GC's first stretch.) */
    if (e1 < f1 + 4 || ssd__holds_level(c, o, f1, e1, log(c->ph[1].level_bps)))
        return 0;
    memcpy(c->scratch, c->y + f2, (e2 - f2) * sizeof *c->y);
    double floor2 = ssd__quantile(c->scratch, e2 - f2, 0.25);
    size_t at = 0, first = e1;
    for (size_t i = f1; i < e1; i++) {
        if (c->y[i] < floor2 - lim)
            return 0;
        if (c->y[i] < floor2 + 0.5 * lim) {
            at++;
            first = i < first ? i : first;
        }
    }
    int gc_from_start = 2 * (first - f1) < e1 - f1;
    for (size_t a = f1; a <= f1 + 1; a++) {
        double m = ssd__median3(c->y[a], c->y[a + 1], c->y[a + 2]);
        if (fabs(c->y[a] - m) < 0.5 * lim && fabs(c->y[a + 1] - m) < 0.5 * lim &&
            fabs(c->y[a + 2] - m) < 0.5 * lim && m >= floor2 + 0.5 * lim)
            gc_from_start = 0;
    }
    return at >= 2 && 4 * at >= e1 - f1 && gc_from_start ? 2 : 0;
}

/* A used drive's cache whose first sample alone ran at the cache's speed,
 * the cache test's end placed past the second (with no reference levels
 * of this workload). The cache's phase [0, at): the second sample a
 * min_drop below the first, every later one of the phase no faster than
 * the second (none climbs back: a GC dip inside a cache slows a sample,
 * and the cache runs on at its speed after it) and a step above the level
 * of the phase after (a level of their own, not a mix with it). A cache
 * ends once, so it ended inside the second sample, and what the drive
 * wrote after it there ran at about the speed of those later samples
 * (their median): the direct writes to the clean blocks idle time left,
 * before the folding. Seed 227's drive 56, WSAT after a sequential fill:
 * 2772 MiB/s, then 1846 holding the end, then 1604 of direct writes,
 * then folding at 978 and GC at 482: split against the folding's level
 * in the third sample, "cache 27.85 GiB, truth 16.00"; against 1604 in
 * the second, 16.3. Returns 1 when it placed the end there. */
int ssd__used_cache_end_in_second(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    if (!(o->written_before_bytes > 0 && S->has_cache && S->cache_censored == SSD_CENSOR_NONE &&
          c->nph >= 2 && res->cache_phase_end == c->ph[1].first))
        return 0;
    size_t at = c->ph[1].first;
    double lo = c->ph[1].level_bps;
    if (at < 3 || at > 2 + SHORT_LEVEL || !(c->r[1] * o->min_drop <= c->r[0]) ||
        !(S->cache_bytes > c->cum[2]))
        return 0;
    for (size_t i = 2; i < at; i++)
        if (c->r[i] > c->r[1] || c->r[i] < lo * o->min_step)
            return 0;
    double after = exp(ssd__level_of(c, 2, at)), hi = c->r[0];
    /* (Only a dynamic cache after a sequential fill has such a level
     * between its end and the next: the direct writes to the spare area's
     * clean blocks before its folding. A static cache's direct writes run
     * until GC, the level after its phase, and samples between are its
     * end's mix or a GC dip at it (seed 229's drive 102, WSAT: a 3.93 GiB
     * static cache at 309 MiB/s with dips, 365, then 254 and 218, then
     * direct writes at 59: its end is in the 218). The size it has so:
     * DYNAMIC_MIN_CAPACITY_SHARE of the capacity, or the fill's own log
     * showing a dynamic cache.) */
    double lower = c->cum[1] + fmax(0, c->r[1] - after) * ssd__curve_dt(c, 1);
    if ((int)o->precondition != SSD_PRECONDITION_SEQ_FILL ||
        res->ref_kind == SSD__REF_KIND_STATIC || res->ref_kind == SSD__REF_KIND_NONE ||
        !(res->ref_kind == SSD__REF_KIND_DYNAMIC ||
          (isfinite(S->capacity_bytes) && lower >= DYNAMIC_MIN_CAPACITY_SHARE * S->capacity_bytes)))
        return 0;
    ssd__cache_end_in_sample(c, o, S, 2, hi, after);
    S->cache_level_bps = hi;
    S->cache_drop_ratio = hi / after;
    S->post_cache_bps = after;
    return 1;
}

/* A drive filled at random writes, after its idle time, only the few GiB
 * of clean blocks that idle GC gave back (a cache of them, or direct
 * writes, or their folding) before every host write waits for GC. GC's
 * first seconds there scatter with its victims' valid data: whole seconds
 * at up to the direct speed, others down at the used state's level, no
 * level held. The segmentation may give that stretch to the phase before
 * the used state (its median near the direct writes' or the folding's),
 * so the onset came where the scatter settled, tens of GiB late. The
 * phase before the used state, phase g - 1, is GC's first stretch when,
 * past the fast start it may open with (samples a step above its median:
 * the clean blocks, a cache ending in its first sample) and past a level
 * of a sample or more right after that (a folding or direct writes, each
 * sample within FOLD_BAND of the first), it
 * - is 4 samples or more and holds no level (ssd__holds_level: direct
 *   writes and folding program at the flash's rate, a quiet level whose
 *   dips leave three quarters of it within a step of its median);
 * - reaches down to the used state's level (within half a step of its
 *   median, or below) in its first half, but never a step below the used
 *   state's floor (its lower quartile): GC's victims are no worse at its
 *   start than later, where a dip of direct writes could go deeper;
 * - has no flat start above the used state (3 samples from its first or
 *   second within half a step of their median): direct writes or folding,
 *   then GC's first bursts, are a level then GC.
 * Only after a random fill, written full (ssd__fresh_room), not with a
 * cache too large for the clean blocks a random fill leaves. Returns the
 * sample the used state starts at (the first past the fast start), or 0
 * when the phase before is no such stretch. Seed 509's drive 14, a fill
 * after a random fill, no SLC: 1886 MiB/s in the first sample, then 550,
 * 372, 269, 270, 360, 427, 328, 270 ... to 6.4 GiB, then GC at 269 with
 * bursts to 590: read as direct writes at 354 to 6.4 GiB, truth 2.0. */
size_t ssd__scatter_before_used(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                double capacity, size_t g) {
    if (!(g >= 1 && g < c->nph && isfinite(capacity) && o->written_before_bytes > 0 &&
          (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL &&
          ssd__fresh_room(o, capacity) <= 0))
        return 0;
    double lim = log(o->min_step);
    size_t f = c->ph[g - 1].first, e = c->ph[g].first, f2 = c->ph[g].first, e2 = c->ph[g].last + 1;
    if (e <= f + 4 || e2 < f2 + c->min_len)
        return 0;
    double med = ssd__level_of(c, f, e);
    size_t a = f;
    while (a + 4 < e && c->y[a] > med + lim)
        a++;
    double lv2 = log(c->ph[g].level_bps);
    /* (Then a level of its own, however short, above the used state: the
     * samples within FOLD_BAND of the first, the flash's program rate; GC's
     * seconds scatter from one to the next. The folding of the 2 GiB cache
     * idle GC cleaned takes a sample or two: seed 433's drive 106, the
     * cache in the first sample, folding at 674 and 682 MiB/s, then GC
     * from 612 on. A longer level leaves the rest to hold one, below.) */
    if (a + 5 < e && fabs(c->y[a + 1] - c->y[a]) < log(FOLD_BAND) &&
        c->y[a + 1] >= lv2 + 0.5 * lim) {
        size_t b = a + 1;
        while (b + 4 < e && fabs(c->y[b + 1] - c->y[a]) < log(FOLD_BAND))
            b++;
        /* (GC leaves that level for good: a folding or direct writes come
         * back to it after a noisy sample or a dip, two samples or more.) */
        double lv = ssd__level_of(c, a, b + 1);
        size_t back = 0;
        for (size_t i = b + 1; i < e; i++)
            back += fabs(c->y[i] - lv) < log(FOLD_BAND);
        if (back >= 2)
            return 0;
        a = b + 1;
    }
    if (e < a + 4 || ssd__holds_level(c, o, a, e, ssd__level_of(c, a, e)))
        return 0;
    memcpy(c->scratch, c->y + f2, (e2 - f2) * sizeof *c->y);
    double floor2 = ssd__quantile(c->scratch, e2 - f2, 0.25);
    size_t first = e;
    for (size_t i = a; i < e; i++) {
        if (c->y[i] < floor2 - lim)
            return 0;
        if (c->y[i] < lv2 + 0.5 * lim && i < first)
            first = i;
    }
    if (!(2 * (first - a) < e - a))
        return 0;
    for (size_t b = a; b <= a + 1 && b + 2 < e; b++) {
        double m = ssd__median3(c->y[b], c->y[b + 1], c->y[b + 2]);
        if (fabs(c->y[b] - m) < 0.5 * lim && fabs(c->y[b + 1] - m) < 0.5 * lim &&
            fabs(c->y[b + 2] - m) < 0.5 * lim && m >= lv2 + 0.5 * lim)
            return 0;
    }
    return a;
}
