/* analysis_regimes.c - what limits the writes in each phase: the SLC cache,
 * direct writes to TLC/MLC, a dynamic cache being folded, or garbage
 * collection once clean blocks ran out (the used state). The GC decline is
 * made one phase, and periodic dips are looked for inside each phase (the
 * reviews' dips are a property of one state of the drive, e.g. the fresh
 * SSD370, not of the whole run). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"

/* A drive cannot run out of clean blocks before its user capacity has been
 * written once since TRIM (without overwrites there is no garbage); the
 * reviews' drives do at 1.06-1.4 times it (spare area, and random
 * overwrites freeing blocks). A fill never gets there. */
#define GC_MIN_CAPACITY_SHARE 0.995

/* The used state's scatter (noise of the differences) at least this many
 * times the folding's before it: the onset is where the scatter jumps.
 * (Not 3: the fresh state's periodic GC dips, 40% deep every 15 s, weigh
 * on the quiet side with an RMS difference of 0.19 in log-rate, and a used
 * state that scatters the speed 2x, RMS 0.45-0.6, then shows 2.3-3.) */
#define SCATTER_JUMP 2.25
/* No cache holds more than this share of the capacity (raw / bits). */
#define MAX_CACHE_CAPACITY_SHARE 0.64
/* Host bytes a drive can write while folding, per byte its cache holds:
 * folding a byte frees bits - 1 bytes of flash, at most 3 (QLC). */
#define FOLD_BYTES_PER_CACHED 3.0
/* A cache at least this share of the capacity is a dynamic one. */
#define DYNAMIC_MIN_CAPACITY_SHARE 0.05
/* Without a capacity, a decline is the used state only when it falls at
 * least this much from its start to the end of the run. */
#define SHAPE_MIN_FALL 2.0
/* ... and, right after a cache, when that cache's drop was no bigger. */
#define SHAPE_MAX_FIRST_STEP 1.5
/* A folding's flat run: its samples within FOLD_BAND of its first, its
 * noise (in log) under FOLD_QUIET; the sample after it (or before) off
 * its level by FOLD_JUMP ends it. */
#define FOLD_QUIET 0.012
#define FOLD_BAND 1.03
#define FOLD_JUMP 1.06

/* The bytes of this run before which the used state cannot begin: the
 * capacity's share less what was written since TRIM before the run (option
 * written_before_bytes; at or below 0 on a drive already written full, as
 * in a recovery run after a 2-hour test). NaN when the capacity is unknown. */
static double fresh_room(const struct ssd__analysis_opts *o, double capacity) {
    return GC_MIN_CAPACITY_SHARE * capacity - o->written_before_bytes;
}

/* A used drive (one already written full) given some fast-write room back
 * by idle time: the drop that ends a cache is the cache's end, however
 * little was written, and the used state comes after. */
static int used_drive_cache(const struct ssd__analysis_opts *o, double capacity,
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

/* A stretch this many samples or longer between two levels a step apart is
 * a level of its own, not the drop's transition (short_direct_after_cache's
 * shortest direct writes). */
#define SHORT_LEVEL 10

/* Raw flash is at most this share of the user capacity (28 % spare,
 * enterprise drives included). */
#define RAW_MAX_CAPACITY_SHARE 1.28

/* The least clean room a sequential fill leaves: the spare area, at least
 * 7.37 % of the capacity on any drive (a capacity in GB on flash in GiB),
 * less what GC holds back; about half of it, for margin (the sweep's
 * drives, 7-28 % spare: 5.9 % at the least, of 1,058 runs). */
#define SEQ_FILL_CLEAN_MIN_SHARE 0.04
/* After a sequential fill, direct writes run at least this many times
 * faster than the used state right after them (seq_fill_slow_level): 1 +
 * capacity / spare area, for a spare area up to 2/3 of the capacity. */
#define SEQ_FILL_DIRECT_OVER_GC 2.5
/* The used state's start scatters: at least 1 in this many samples of its
 * first lasting stretch a step off their median (seq_fill_slow_level). */
#define SEQ_FILL_GC_SCATTER_EVERY 10

/* On a used drive, the most this run can write before its clean blocks run
 * out. Until GC first runs, every page the host writes since TRIM takes a
 * clean one, overwrite or not: raw flash less what was written before.
 * Once that exceeds the raw flash, GC has run, and idle time may since
 * have cleaned every block of garbage: raw flash less the valid data. A
 * sequential fill leaves all it wrote valid (up to the capacity); random
 * writes (or writes of an unknown kind) at least C (1 - e^(-W/C)), the
 * share of the logical blocks they touched. Direct writes cannot go on
 * past it; a level that does is the used state. */
static double clean_room_max(const struct ssd__analysis_opts *o, double capacity) {
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
static int used_from_first_byte(const struct ssd__analysis_opts *o, double capacity) {
    return o->idle_before_s == 0 && isfinite(capacity) &&
           o->written_before_bytes > RAW_MAX_CAPACITY_SHARE * capacity &&
           (int)o->precondition != SSD_PRECONDITION_SEQ_FILL;
}

/* Sequential writes over a drive filled sequentially (SNIA's sequential
 * preconditioning, then a whole-drive fill): each overwrite invalidates
 * whole blocks, which GC frees without copying a page, so no used state
 * follows when the clean blocks run out and clean_room_max bounds
 * nothing: a drop is a cache's end (the model's seq-filled drives stay
 * native through the fill). After random writes the valid pages are
 * scattered, and a sequential run pays GC like a random one. */
static int seq_overwrites(const struct ssd__analysis_opts *o, const struct ssd__result *res) {
    return (int)o->precondition == SSD_PRECONDITION_SEQ_FILL && !strcmp(res->pattern, "write");
}

/* Least-squares line of y[a, b) against the sample index: intercept at a,
 * slope per sample. */
static void fit_line(const double *y, size_t a, size_t b, double *icpt, double *slope) {
    double m = (double)(b - a), sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (size_t i = a; i < b; i++) {
        double x = (double)(i - a);
        sx += x;
        sy += y[i];
        sxx += x * x;
        sxy += x * y[i];
    }
    double den = m * sxx - sx * sx;
    *slope = den > 0 ? (m * sxy - sx * sy) / den : 0;
    *icpt = (sy - *slope * sx) / m;
}

/* How far (in log-rate) the speed falls through a phase, by its fitted
 * line; 0 unless it falls by at least 10%, well beyond what its noise could
 * make of a flat level: a phase that slides (GC taking more and more), not
 * a level. */
static double slide_of(const struct ssd__curve *c, const struct ssd_phase *p) {
    size_t a = p->first, b = p->last + 1, n = b - a;
    if (n < 8)
        return 0;
    double icpt, slope;
    fit_line(c->y, a, b, &icpt, &slope);
    double fall = -slope * (double)(n - 1);
    if (fall < log(1.1))
        return 0; /* (before the noise: its median is the costly part) */
    double se = ssd__curve_noise(c, a, b) * sqrt(12.0 / (double)n);
    return fall >= 4 * se ? fall : 0;
}

static int slides_down(const struct ssd__curve *c, const struct ssd_phase *p) {
    return slide_of(c, p) > 0;
}

/* Whether phase j, the first lasting level after a cache on a used drive,
 * cannot be direct writes: the run wrote past the clean blocks the drive
 * can have had, and no lasting step below phase j came before that. */
static int outlasts_clean_room(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                               double capacity, size_t j) {
    double room = clean_room_max(o, capacity);
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
        double icpt, slope;
        fit_line(c->y, p->first, p->last + 1, &icpt, &slope);
        if (k == j + 1 && slides_down(c, p) &&
            fabs(icpt - log(c->ph[j].level_bps)) < log(o->min_step))
            continue;
        return 0;
    }
    return 1;
}

/* Whether phase j's samples (but its first and last, which may hold the
 * drops into and out of it) sit above the midpoint (in log-rate) between
 * its level and the lower level lo three times in four or more: a level of
 * its own above lo, as direct writes to clean blocks are (they run at one
 * speed; a drive's periodic dips take a fifth of the time at most), not
 * the used state's scatter between lo and bursts above it. */
static int holds_above(const struct ssd__curve *c, size_t j, double lo) {
    size_t a = c->ph[j].first + 1, b = c->ph[j].last, above = 0;
    if (b < a + 3)
        return 1;
    double mid = 0.5 * (log(c->ph[j].level_bps) + log(lo));
    for (size_t i = a; i < b; i++)
        above += c->y[i] > mid;
    return 4 * above >= 3 * (b - a);
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
 * bursting, then 111: read as a 1.9 GiB cache, direct writes, GC). */
static int one_drop_on_full_drive(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  double capacity, int ref_known, size_t j) {
    if (ref_known || !(fresh_room(o, capacity) <= 0))
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
    for (size_t k = j + 1; k < c->nph; k++)
        if (c->ph[k].last - c->ph[k].first + 1 >= c->min_len &&
            c->ph[k].level_bps * o->min_step <= c->ph[j].level_bps &&
            (c->ph[k].level_bps * o->min_drop <= c->ph[j].level_bps ||
             holds_above(c, j, c->ph[k].level_bps)))
            return 0;
    return 1;
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
static int first_level_after(const struct ssd__curve *c, size_t j) {
    for (size_t k = 1; k < j; k++)
        if (c->ph[k].last - c->ph[k].first + 1 >= c->min_len)
            return 0;
    return 1;
}

static double quiet_noise(const struct ssd__curve *c, size_t a, size_t b);
static double median3(double a, double b, double c);

/* Whether y[a, b) falls through itself: its fitted line falls by 10 %
 * or more (as slide_of reads a phase that slides) and the median of its
 * second half lies below that of its first by 3 % or more (GC dips at one
 * end of a level tilt a line, not the medians). A level (direct writes,
 * folding) is flat whatever its noise and dips; GC taking more and more
 * slides. */
static int falls_through(const struct ssd__curve *c, size_t a, size_t b) {
    if (b < a + 6)
        return 0;
    double icpt, slope;
    fit_line(c->y, a, b, &icpt, &slope);
    if (-slope * (double)(b - a - 1) < log(1.1))
        return 0;
    size_t h = (b - a) / 2;
    memcpy(c->scratch, c->y + a, h * sizeof *c->y);
    double m1 = ssd__median(c->scratch, h);
    memcpy(c->scratch, c->y + b - h, h * sizeof *c->y);
    return m1 - ssd__median(c->scratch, h) >= log(1.03);
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
    return median3(c->y[a], c->y[a + 1], c->y[a + 2]) >= lv - log(SHAPE_MAX_FIRST_STEP);
}

/* The used state's start sliding down from the level lv before it, not a
 * level of direct writes after a cache: the speed left lv gently
 * (leaves_gently) and y[a, b) falls through itself (falls_through).
 * Direct writes slow by a few % as their clean blocks fill, and the
 * sample holding the cache's end tilts their line: only a stretch whose
 * fall starts near the level before it is a slide. */
static int slides_off(const struct ssd__curve *c, const struct ssd__analysis_opts *o, double lv,
                      size_t a, size_t b) {
    return leaves_gently(c, o, lv, a, b) && falls_through(c, a, b);
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
static size_t slide_off_fast_start(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
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
static size_t slide_onset(const struct ssd__curve *c, size_t e) {
    size_t h = e / 2;
    if (h < 3)
        return e;
    memcpy(c->scratch, c->y, h * sizeof *c->y);
    double lv = ssd__median(c->scratch, h);
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

/* The best split of y[a, b) into two levels, the first [a, k) with k in
 * [kmin, kmax]: returns k (0 when there is no room), the levels' medians
 * in *l1 and *l2 and the squared error it saves against one level in
 * *gain. */
static size_t two_levels(const struct ssd__curve *c, size_t a, size_t b, size_t kmin, size_t kmax,
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
    memcpy(c->scratch, c->y + a, (arg - a) * sizeof *c->y);
    *l1 = ssd__median(c->scratch, arg - a);
    memcpy(c->scratch, c->y + arg, (b - arg) * sizeof *c->y);
    *l2 = ssd__median(c->scratch, b - arg);
    return arg;
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
 * level after (flat_level; not after a reference's cache, whose levels
 * ref_level_split splits by). */
/* Whether y[a, b) is a flat level (4 samples or more, each within half a
 * step of their median): a regime's own rate (folding, direct writes),
 * not the used state, which scatters, nor a transition into it, which
 * moves. */
static int flat_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                      size_t b) {
    if (b < a + 4)
        return 0;
    memcpy(c->scratch, c->y + a, (b - a) * sizeof *c->y);
    double m = ssd__median(c->scratch, b - a);
    for (size_t i = a; i < b; i++)
        if (fabs(c->y[i] - m) >= 0.5 * log(o->min_step))
            return 0;
    return 1;
}

static int short_direct_after_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                    int flat_ok) {
    if (c->nph < 2)
        return 0;
    size_t f = c->ph[1].first, end = c->ph[1].last + 1, ml = c->min_len;
    size_t b = f + 4 * ml < end ? f + 4 * ml : end;
    if (b < f + 8)
        return 0;
    double l1, l2, gain;
    size_t arg =
        two_levels(c, f, b, f + 3, b - 3 < f + 2 * ml ? b - 3 : f + 2 * ml, &l1, &l2, &gain);
    if (!arg)
        return 0;
    double sig = quiet_noise(c, f, b);
    /* (Clean blocks running out often pass through a few samples, a
     * stretch at most 1.7x above the used state that follows: 3-19
     * samples on the sweep's filled drives. Direct writes are a level of
     * their own, at least 2x above the used state's, SHAPE_MIN_FALL; or
     * min_drop above it when the stretch is flat (flat_level), which no
     * transition is, however short: a 2 GiB dynamic cache in WSAT's first
     * samples after a random fill, 11 samples of folding at 33.7 MB/s
     * within 1 %, then GC scattering around 19.3, read as clean blocks
     * and the used state 2 GiB early.) */
    int flat = flat_ok && arg >= f + 5 && flat_level(c, o, f + 1, arg - 1);
    double fall = flat ? o->min_drop : SHAPE_MIN_FALL;
    if (!((arg >= f + SHORT_LEVEL || flat) && l1 <= log(c->ph[0].level_bps / o->min_step) &&
          l1 >= l2 + log(fall) && gain > o->penalty * sig * sig * log((double)c->n)))
        return 0;
    /* (A level: the used state's start sliding down from the cache's
     * level is none.) */
    if (slides_off(c, o, log(c->ph[0].level_bps), f, arg))
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
static int cache_in_fast_start(struct ssd__curve *c, const struct ssd__analysis_opts *o) {
    size_t e = c->ph[0].last + 1;
    if (e < 12)
        return 0;
    double l1, l2, gain;
    size_t arg = two_levels(c, 0, e, 2, e - 10, &l1, &l2, &gain);
    if (!arg)
        return 0;
    double sig = quiet_noise(c, 0, e), lg = log(c->ph[1].level_bps);
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
    if ((double)up < 0.7 * (double)arg || (double)mid < 0.7 * (double)(e - arg))
        return 0;
    return ssd__curve_split(c, 0, arg) == 0;
}

/* What the reference (the same drive's run of the same workload when
 * fresh, after a TRIM) says about the drive on a used-drive run: its direct
 * level (the writes to clean blocks after its cache, or its first level
 * without one) and, when it has a cache, the cache's level and whether it
 * is dynamic (a share of the capacity: it borrows clean blocks, so on a
 * drive written full its end is folding, never direct writes). A used
 * drive writes its clean blocks at that direct level and its SLC cache at
 * the cache's: the level tells which, where a curve alone cannot (a static
 * cache emptied by idle time, then GC, looks as a cacheless drive's clean
 * blocks, then GC). known is 0 without a reference or on a fresh run. */
struct ref_levels {
    int known;
    double direct;        /* the fresh direct level, B/s */
    int cache;            /* the fresh run had a cache ... */
    double cache_level;   /* ... at this level */
    int dynamic;          /* ... a dynamic one */
    int none;             /* the fresh run showed the drive has no cache */
    double fold;          /* its folding's level (NaN when it showed none) */
    double cache_bytes;   /* its cache's size (NaN without one) */
    int start_is_cache;   /* the run's first phase is its cache (a dynamic cache
                           * in its first sample, or at_cache_speed) */
    double slight_direct; /* its level after one slight step of a first level
                           * with no cache found (NaN: none) */
};

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
static int ref_cache_in_fast_start(struct ssd__curve *c, const struct ssd__analysis_opts *o,
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
    memcpy(c->scratch, c->y + k, (e - k) * sizeof *c->y);
    double l2 = ssd__median(c->scratch, e - k), step = log(o->min_step);
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
            memcpy(c->scratch, c->y + k, (j - k) * sizeof *c->y);
            double l3 = ssd__median(c->scratch, j - k);
            memcpy(c->scratch, c->y + j, (e - j) * sizeof *c->y);
            double l4 = ssd__median(c->scratch, e - j);
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

/* The end of a cache at level hi followed from sample at by a level lo:
 * inside the sample where the speed leaves the cache's level (the last of
 * the cache's samples when it is a step below hi, else the first after),
 * that sample's share of time at hi from its rate between the two. Sets
 * the summary's cache_bytes and cache_uncertainty_bytes (half that
 * sample, or the transition stretch around it: ssd__cache_end_spread). */
static void cache_end_in_sample(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                struct ssd_analysis_summary *S, size_t at, double hi, double lo) {
    size_t m = c->r[at - 1] * o->min_step < hi ? at - 1 : at;
    double f = (c->r[m] - lo) / (hi - lo);
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    S->cache_bytes = c->cum[m] + f * ssd__curve_dt(c, m) * hi;
    S->cache_uncertainty_bytes =
        fmax(0.5 * c->b[m], ssd__cache_end_spread(c, 0, m, hi, lo, f * ssd__curve_dt(c, m) * hi));
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
static int direct_tail_in_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
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
    return ref_cache_in_fast_start(c, o, rl, NULL);
}

/* A used drive's static cache whose end the cache test placed where a
 * GC dip slowed it (see its call): the samples after the end sample a
 * step above the direct level (and 4 sigmas of the direct writes' noise
 * in phase 1, past its first 4 samples), across gaps of at most 3
 * samples below that, are still the cache's; the end goes inside the
 * sample where the last such stretch leaves the cache's level, against
 * the direct level, unless that stretch runs (nearly) to phase 1's end.
 * Moves phase 1's start with it. */
static void dipped_cache_end(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                             struct ssd_analysis_summary *S, struct ssd__result *res,
                             double direct) {
    size_t m = 0;
    while (m + 1 < c->n && c->cum[m + 1] <= S->cache_bytes)
        m++;
    size_t f = c->ph[1].first + 4, e = c->ph[1].last + 1 < f + 60 ? c->ph[1].last + 1 : f + 60;
    if (e < f + 5 || m + 2 >= c->n)
        return;
    memcpy(c->scratch, c->y + f, (e - f) * sizeof *c->y);
    double med = ssd__median(c->scratch, e - f);
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
    cache_end_in_sample(c, o, S, at, S->cache_level_bps, direct);
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
static void end_before_direct_sample(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                     struct ssd_analysis_summary *S, double direct, double ref_hi) {
    size_t m = 0;
    while (m + 1 < c->n && c->cum[m + 1] <= S->cache_bytes)
        m++;
    double hi = fmax(S->cache_level_bps, ref_hi);
    if (m < 1 || m + 1 >= c->n || c->r[m] >= direct * o->min_step ||
        c->r[m - 1] * o->min_step > hi || c->r[m - 1] < direct * o->min_step)
        return;
    cache_end_in_sample(c, o, S, m, hi, direct);
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
static int ref_split_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                           const struct ref_levels *rl, struct ssd__result *res, size_t at) {
    struct ssd_analysis_summary *S = &res->sum;
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
    S->has_cache = 1;
    S->cache_censored = SSD_CENSOR_NONE;
    cache_end_in_sample(c, o, S, at, hi, lo);
    S->cache_level_bps = hi;
    S->cache_drop_ratio = hi / lo;
    S->post_cache_bps = lo;
    res->cache_phase_end = at;
    res->post_phase = 1;
    res->nbursts = res->bursts_total = 0;
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
static int ref_fast_start_split_again(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                      const struct ref_levels *rl, struct ssd__result *res,
                                      size_t *moved) {
    struct ssd__result *was = malloc(sizeof *was);
    if (!was)
        return 0;
    memcpy(was, res, sizeof *was);
    int kept = 0;
    if (ref_cache_in_fast_start(c, o, rl, moved)) {
        size_t at = c->ph[1].first;
        ssd__find_cache(c, o, res);
        const struct ssd_analysis_summary *S = &res->sum;
        if (S->has_cache && S->cache_censored == SSD_CENSOR_NONE &&
            res->cache_phase_end + 2 >= at && res->cache_phase_end <= at + 2) {
            ssd__curve_move_boundary(c, 1, res->cache_phase_end);
            kept = 1;
        } else
            kept = ref_split_cache(c, o, rl, res, at);
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
static int ref_cache(const struct ref_levels *rl, const struct ssd_phase *p) {
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
static int at_cache_speed(const struct ssd__curve *c, const struct ref_levels *rl,
                          const struct ssd__analysis_opts *o, const struct ssd_phase *p) {
    size_t fast = 0;
    for (size_t i = p->first; rl->cache && i <= p->last && fast < 3; i++)
        fast += c->y[i] > log(rl->cache_level / o->min_step);
    return fast >= 3;
}

/* Whether a fast start (phase p, which the cache test put at cache_level)
 * is the clean blocks, no cache: the drive has none; or the phase is a level
 * (3 samples or more) and either the reference showed no cache and the
 * start is no faster than its direct level (an SLC cache is: 57.5 MB/s
 * against a fresh 57.4 is no cache, on a 1.7 TB drive whose 2-hour
 * reference wrote too little to rule one out), or the start is at the
 * direct level, nearer to it than to the cache's. */
static int ref_clean(const struct ssd__curve *c, const struct ref_levels *rl,
                     const struct ssd__analysis_opts *o, const struct ssd_phase *p,
                     double cache_level) {
    if (!rl->known)
        return 0;
    if (rl->none)
        return 1;
    if (p->last - p->first + 1 < 3)
        return 0;
    if (!rl->cache)
        return cache_level <= rl->direct * o->min_step ||
               (p->level_bps <= rl->direct * o->min_step &&
                p->level_bps * o->min_step > rl->direct);
    if (!(p->level_bps * p->level_bps <= rl->cache_level * rl->direct &&
          p->level_bps * o->min_step > rl->direct))
        return 0;
    return !at_cache_speed(c, rl, o, p);
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
static int ref_level_split(struct ssd__curve *c, const struct ssd__analysis_opts *o, double level,
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
    size_t arg = two_levels(c, f, b, f + 3, b - 3 < f + ml ? b - 3 : f + ml, &l1, &l2, &gain);
    double cut = 0.5 * (log(level) + log(c->ph[j].level_bps)), sig = quiet_noise(c, f, b);
    /* (Not faster than a step above it; slower by less than a step, or
     * than min_drop for direct writes after a fill.) */
    if (!arg || l1 < cut || l1 >= log(level) + log(o->min_step) ||
        l1 <= log(level) - log(slower_ok ? o->min_drop : o->min_step) ||
        l1 < l2 + log(o->min_step) || !(gain > o->penalty * sig * sig * log((double)c->n)))
        return 0;
    return ssd__curve_split(c, j, arg) == 0;
}

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
static size_t fold_run_after_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                   const struct ref_levels *rl, double capacity, double *hi,
                                   int *seen, int has_cache) {
    double step = log(o->min_step);
    size_t w = c->min_len > 10 ? c->min_len : 10, k = 0;
    if (!rl->known || !rl->dynamic || !(o->written_before_bytes > 0) ||
        !(fresh_room(o, capacity) <= 0) || c->nph < 2 || c->n < 6 + w)
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
        memcpy(c->scratch, c->y + s, 3 * sizeof *c->y);
        double lv = ssd__median(c->scratch, 3);
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
        if (e < s + (isfinite(rl->fold) ? 2 : 3) || e + w > c->n)
            continue;
        memcpy(c->scratch, c->y + e, w * sizeof *c->y);
        if (ssd__median(c->scratch, w) + step > lv)
            continue;
        /* A cache the cache test found, with the folding and GC after it
         * one phase: where the least-squares split of that phase at the
         * folding's level pays (the reference's, else its first samples'),
         * the rules below make it (a folding sliding 53 -> 40 MB/s with 2
         * s ticks, whose run ends at its first dip); the run is for where
         * it does not. */
        if (has_cache && c->nph >= 2 && ref_cache(rl, &c->ph[0]) && c->ph[0].last + 2 >= s &&
            c->ph[0].last <= s && c->ph[1].last >= e) {
            double at = rl->fold;
            if (!isfinite(at) && c->ph[1].last >= c->ph[1].first + 6) {
                memcpy(c->scratch, c->y + c->ph[1].first, 3 * sizeof *c->y);
                at = exp(ssd__median(c->scratch, 3));
            }
            if (isfinite(at) && ref_level_split(c, o, at, 1, 0)) {
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

/* Whether y[k, e), after a used drive's fast start at level l1 (logs), is
 * the used state's first samples although their median is not within a
 * step of its level lu: GC's first samples burst up towards the fast start
 * (34-54 MB/s around a level of 17, after clean blocks at 70), and a few
 * of them have a median pulled up. The clean blocks run at one level and
 * the used state does not climb back to it: none of the samples after the
 * first (the drop's mixed sample) is within a step of l1, and their median
 * is nearer (in ratio) the used state's level than the fast one. */
static int gc_bursts_after(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t k,
                           size_t e, double l1, double lu) {
    if (e < k + 3)
        return 0;
    memcpy(c->scratch, c->y + k, (e - k) * sizeof *c->y);
    if (ssd__median(c->scratch, e - k) >= 0.5 * (l1 + lu))
        return 0;
    for (size_t i = k + 1; i < e; i++)
        if (c->y[i] > l1 - log(o->min_step))
            return 0;
    return 1;
}

/* Whether a used drive's fast start (phase p, no cache found) is clean
 * blocks after a reference that showed a static cache: at the reference's
 * direct level (within a step), not its cache's. (A static cache is a
 * fixed area; when this run shows none, its fast start at the direct
 * speed is the clean blocks idle time or the spare area gave back.) */
static int clean_at_static_direct(const struct ref_levels *rl, const struct ssd__analysis_opts *o,
                                  const struct ssd_phase *p) {
    return rl->known && rl->cache && !rl->dynamic &&
           fabs(log(p->level_bps / rl->direct)) < log(o->min_step);
}

static double median3(double a, double b, double c) {
    return fmax(fmin(a, b), fmin(fmax(a, b), c));
}

/* Whether a level is the reference's direct level or faster (not a step
 * below it). */
static int at_direct(const struct ref_levels *rl, const struct ssd__analysis_opts *o, double bps) {
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
static size_t used_in_direct(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                             double direct, size_t j, size_t g) {
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
    memcpy(c->scratch, c->y + e, (end - e) * sizeof *c->y);
    if (4 * above > end - e || fabs(ssd__median(c->scratch, end - e) - lu) >= log(o->min_step))
        return 0;
    return e;
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

/* Whether phase j of a used drive's run, with no cache found, is the
 * folding the reference showed: a lasting level within a step of its
 * folding level, a step below the phase before it and a step above the
 * one after it (see gc_onset_phase). */
static int ref_fold_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
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
static int clean_level_before_drop(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                   double capacity, size_t j) {
    const struct ssd_phase *p = &c->ph[j], *f = &c->ph[0];
    if (!(o->written_before_bytes > 0 && j >= 1 && j + 1 < c->nph && first_level_after(c, j) &&
          p->last - p->first + 1 >= c->min_len && !slides_down(c, p) &&
          f->level_bps < o->min_drop * p->level_bps &&
          quiet_noise(c, p->first, p->last + 1) <= log(o->min_step) / 3))
        return 0;
    size_t k = j + 1;
    while (k + 1 < c->nph && c->ph[k].last - c->ph[k].first + 1 < c->min_len)
        k++;
    return c->ph[j + 1].start_bytes <= clean_room_max(o, capacity) &&
           c->ph[k].level_bps * o->min_drop <= p->level_bps;
}

/* The first phase of the used state, or 0 when there is none. With a known
 * capacity: the first lasting change once about the capacity has been
 * written. Without: the first phase after the first from which the speed
 * only falls, and falls through the phase itself (a slide, where a cache,
 * direct writes and folding are levels). */
static size_t gc_onset_phase(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
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
    double direct = c->ph[has_cache && c->nph > 1 ? 1 : 0].level_bps;
    if (rl->known && has_cache && isfinite(capacity) && o->written_before_bytes > 0 &&
        ref_cache(rl, &c->ph[0])) {
        if (seq_overwrites(o, res))
            return 0; /* whole blocks freed: no used state */
        /* The reference knows the drive's levels: after the cache, a
         * lasting level at the direct one is direct writes to the clean
         * blocks idle time gave back, one a step below it is no direct
         * writes: folding after a dynamic cache (it took the clean
         * blocks), else the used state. */
        size_t stub = 0;
        for (size_t j = 1; j < c->nph; j++) {
            const struct ssd_phase *p = &c->ph[j];
            if (at_direct(rl, o, p->level_bps)) {
                stub = 0;
                continue;
            }
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
        if (isfinite(capacity)) {
            /* (A used drive's lasting level at the reference's folding
             * level, a step below the level before it and a step above
             * the one after it, is that folding even when no cache was
             * found before it (one too short to call: 2 samples of it
             * in WSAT's 4 s samples, then direct writes): a dynamic
             * cache folds before GC, so a drive written full folds
             * first, and the step after it is the used state.) */
            if (ref_fold_level(c, o, rl, j) && !has_cache && !folding_seen) {
                folding_seen = 1;
                continue;
            }
            /* (Without the reference too: a quiet level a gentle step
             * below the fast start that ends in a drop inside the clean
             * blocks; clean_level_before_drop.) */
            if (!has_cache && !folding_seen && clean_level_before_drop(c, o, capacity, j)) {
                folding_seen = 1;
                continue;
            }
            /* (A folding phase that slides took in the start of the
             * decline after it; before the capacity has been written it
             * is the folding step all the same: no used state yet.) */
            /* (On a used drive, folding too writes into clean blocks: a
             * step that runs to the end past every clean block the
             * drive can have had is the used state, not folding.) */
            if (dynamic && j >= 2 && !folding_seen && p->level_bps * o->min_step <= direct &&
                (!slides_down(c, p) || p->start_bytes < fresh_room(o, capacity)) &&
                !(o->written_before_bytes > 0 && fresh_room(o, capacity) <= 0 &&
                  !seq_overwrites(o, res) && outlasts_clean_room(c, o, capacity, j))) {
                folding_seen = 1; /* the folding step, wherever it is */
                continue;
            }
            if (p->start_bytes < fresh_room(o, capacity))
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
                    fabs(log(p->level_bps / rl->slight_direct)) < lim && !slides_down(c, p)) {
                    direct_seen = 1;
                    continue;
                }
                if (used_drive_cache(o, capacity, &res->sum) && !direct_seen) {
                    direct_seen = 1;
                    /* ... unless it outlasts the clean blocks the drive
                     * can have had: then the fast start was those clean
                     * blocks (a fill's spare area), never a cache, and
                     * this drop is where they ran out. */
                    if (!seq_overwrites(o, res) && first_level_after(c, j) &&
                        (outlasts_clean_room(c, o, capacity, j) ||
                         slide_off_fast_start(c, o, res->sum.cache_level_bps, c->ph[1].first) ||
                         one_drop_on_full_drive(c, o, capacity, rl->known, j))) {
                        /* (2: by one_drop_on_full_drive alone, which
                         * the note says may be a cache.) */
                        *clean_room = outlasts_clean_room(c, o, capacity, j) ||
                                              slide_off_fast_start(c, o, res->sum.cache_level_bps,
                                                                   c->ph[1].first)
                                          ? 1
                                          : 2;
                        return j;
                    }
                    if (!slides_down(c, p))
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
                if (!q && j == 1 && !has_cache) {
                    size_t n = c->ph[0].last - c->ph[0].first + 1;
                    for (size_t i = p->first; i <= p->last && n < 3; i++, n++)
                        if (c->y[i] - log(p->level_bps) < lim)
                            break;
                    if (n >= 3)
                        q = &c->ph[0];
                }
                if (!q && !slides_down(c, p))
                    continue;
            }
            if ((q && fabs(log(p->level_bps / q->level_bps)) >= lim) || slides_down(c, p)) {
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
        int falls = slides_down(c, p);
        for (size_t k = j + 1; falls && k < c->nph; k++) {
            const struct ssd_phase *pk = &c->ph[k];
            /* Every long phase slides too: a level (folding) is no GC. */
            falls = pk->level_bps < c->ph[k - 1].level_bps * sqrt(o->min_step) &&
                    (pk->last - pk->first + 1 < 4 * c->min_len || slides_down(c, pk));
        }
        if (!falls)
            continue;
        const struct ssd_phase *end = &c->ph[c->nph - 1];
        double total = log(p->level_bps / end->level_bps) + slide_of(c, end);
        if (end == p)
            total = slide_of(c, p);
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

/* The sample where a gradual decline starts, between the middle of the
 * phase before the onset phase (g0 its first sample) and the middle of the
 * onset phase ([g0, b)): the split of y[a, b) into a level and a line
 * that fits best. The used state's speed falls smoothly from
 * the fresh level, so the segmentation puts the boundary where the fall
 * has become a step, well after it began (SSD370: 12% late). */
static size_t knee(const struct ssd__curve *c, size_t a, size_t lo, size_t g0, size_t b,
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
static size_t slide_start(const struct ssd__curve *c, size_t a, size_t lo, size_t k) {
    size_t w = c->min_len / 8 > 5 ? c->min_len / 8 : 5;
    if (w > 64)
        w = 64;
    if (lo < a + w || k < lo + w)
        return k;
    memcpy(c->scratch, c->y + a, (lo - a) * sizeof *c->y);
    double yl = ssd__median(c->scratch, lo - a);
    size_t j = k, stop = k > lo + w + 4 * c->min_len ? k - 4 * c->min_len : lo + w;
    while (j >= stop) {
        memcpy(c->scratch, c->y + j - w, w * sizeof *c->y);
        if (ssd__median(c->scratch, w) > yl - log(1.05))
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
static size_t scatter_onset(const struct ssd__curve *c, size_t from, size_t lo, size_t hi,
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
static size_t dip_rate_onset(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                             size_t a, size_t lo, size_t b, double level, size_t k, size_t gap) {
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

/* Robust per-sample noise of y[a, b) (1.4826 MAD of the differences /
 * sqrt 2), not floored at the run's: a quiet level beside the used state's
 * chaos is compared with it, and the chaos sets the run's noise. */
static double quiet_noise(const struct ssd__curve *c, size_t a, size_t b) {
    if (b < a + 3)
        return INFINITY;
    return 1.4826 * ssd__diff_median(c, a, b) / sqrt(2.0);
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
static size_t gc_bursts_before(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                               size_t g, size_t lo) {
    size_t g0 = c->ph[g].first, a = c->ph[g - 1].first, m = c->min_len / 2 > 3 ? c->min_len / 2 : 3;
    double lev = log(c->ph[g - 1].level_bps), step = log(o->min_step);
    if (g0 < a + c->min_len || !(3 * quiet_noise(c, a, g0) <= step))
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
    memcpy(c->scratch, c->y + k, (g0 - k) * sizeof *c->y);
    double mid = ssd__median(c->scratch, g0 - k);
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
static size_t gc_bursts_after_drop(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
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
static int clean_blocks_fall(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                             size_t a, size_t k, size_t e, double l1, double l2, double gain) {
    if (l1 < l2 + log(o->min_drop) || k < a + 3 || e < k + 2)
        return 0;
    double sig = quiet_noise(c, a, e);
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
static size_t direct_through_dips(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  double direct, size_t g, size_t e) {
    size_t f = c->ph[g].first, end = c->ph[g].last + 1, ml = c->min_len > 10 ? c->min_len : 10;
    size_t b = f + 2 * ml < end ? f + 2 * ml : end;
    if (b < f + 8)
        return e;
    double l1, l2, gain;
    size_t arg = two_levels(c, f, b, f + 3, b - 3, &l1, &l2, &gain);
    double sig = quiet_noise(c, f, b);
    if (!arg || arg <= e || fabs(l1 - log(direct)) >= log(o->min_step) ||
        l1 < l2 + log(o->min_drop) || !(gain > o->penalty * sig * sig * log((double)c->n)))
        return e;
    return arg;
}

/* Periodic dips inside samples [a, b) below base (the phase level, or its
 * falling line): 1 when found, with the figures in p. A dip is below
 * 1 - dip_depth (or 3 noise) of the base and ends back above the midpoint,
 * as in the consistency window (analysis_consistency.c). Drives place one
 * GC dip somewhere in each period, not at a fixed phase, so the gaps
 * between dip starts spread from almost 0 to almost two periods around
 * their mean: dips are periodic when the gaps vary less than random stalls'
 * would (coefficient of variation under 0.6; exponential gaps have 1), and
 * the period is the mean gap. A dip covers part of a sample at each end,
 * so each sample counts for the share of it its rate says was spent in
 * the dip (the rate mixes the base and the dip's own level). */
static int dips_in(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                   struct ssd_phase *p, double base0, double slope) {
    size_t a = p->first, b = p->last + 1, m = b - a;
    if (m < 12)
        return 0;
    /* The ratios in the scratch array: a fresh one of a million samples
     * cost more in page faults than the whole search. */
    double *q = c->scratch;
    size_t *ds = malloc(m * sizeof *ds), *de = malloc(m * sizeof *de);
    double *mins = malloc(m * sizeof *mins);
    int found = 0;
    if (!ds || !de || !mins)
        goto out;
    if (slope == 0) {
        double inv = exp(-base0);
        for (size_t i = 0; i < m; i++)
            q[i] = c->r[a + i] * inv;
    } else {
        for (size_t i = 0; i < m; i++)
            q[i] = c->r[a + i] * exp(-(base0 + slope * (double)i));
    }
    /* The cut below is never above 1 - dip_depth: with fewer than four
     * samples under it there are no periodic dips, and the noise (a
     * median) need not be computed. */
    size_t under = 0;
    for (size_t i = 0; i < m && under < 4; i++)
        under += q[i] < 1 - o->dip_depth;
    if (under < 4)
        goto out;
    /* The noise from at most ~1024 differences spread over the phase: a
     * MAD needs no more, and a long phase's median costs (analysis speed). */
    size_t stride = (m - 1) / 1024 + 1, nd0 = 0;
    double diffs[1024];
    for (size_t i = 1; i < m; i += stride)
        diffs[nd0++] = fabs(q[i] - q[i - 1]);
    double sq = 1.4826 * ssd__median(diffs, nd0) / sqrt(2.0);
    double cut = 1 - o->dip_depth;
    if (1 - 3 * sq < cut)
        cut = 1 - 3 * sq;
    double leave = 0.5 * (cut + 1);
    size_t nd = 0;
    for (size_t i = 0; i < m;) {
        if (q[i] >= cut) {
            i++;
            continue;
        }
        size_t s0 = i;
        double mn = q[i];
        while (i < m && q[i] < leave) {
            mn = q[i] < mn ? q[i] : mn;
            i++;
        }
        ds[nd] = s0;
        de[nd] = i; /* exclusive */
        mins[nd++] = mn;
    }
    if (nd < 4)
        goto out;
    double span = c->t[a + ds[nd - 1]] - c->t[a + ds[0]];
    double period = span / (double)(nd - 1), ss = 0;
    for (size_t k = 0; k + 1 < nd; k++) {
        double g = c->t[a + ds[k + 1]] - c->t[a + ds[k]] - period;
        ss += g * g;
    }
    double cv = period > 0 ? sqrt(ss / (double)(nd - 1)) / period : INFINITY;
    double window = c->t[b - 1] - (a ? c->t[a - 1] : 0);
    /* Again and again through the phase, not a few in a corner of it. */
    if (!(cv < 0.6 && span >= 0.5 * window))
        goto out;
    double qd = ssd__quantile(mins, nd, 0.25);
    if (!(qd < 1))
        goto out;
    double dip_time = 0;
    for (size_t k = 0; k < nd; k++) {
        size_t lo = ds[k] ? ds[k] - 1 : 0, hi = de[k] < m ? de[k] + 1 : m;
        if (k && lo < de[k - 1] + 1)
            lo = de[k - 1] + 1; /* the sample between two dips counts once */
        for (size_t i = lo; i < hi; i++) {
            double f = (1 - q[i]) / (1 - qd);
            dip_time += (f < 0 ? 0 : f > 1 ? 1 : f) * ssd__curve_dt(c, a + i);
        }
    }
    found = 1;
    p->dip_period_s = period;
    p->dip_depth = 1 - qd;
    p->dip_duty = window > 0 ? dip_time / window : NAN;
out:
    free(ds);
    free(de);
    free(mins);
    return found;
}

static void phase_dips(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                       struct ssd_phase *p) {
    p->has_dips = 0;
    p->dip_period_s = p->dip_depth = p->dip_duty = NAN;
    size_t a = p->first, b = p->last + 1;
    if (b - a < 12)
        return;
    double base = log(p->level_bps), slope = 0;
    if (p->regime == SSD_REGIME_GC && slides_down(c, p)) {
        /* Against the decline's own line, lifted to where the samples
         * outside the dips sit (the median of the residuals). */
        fit_line(c->y, a, b, &base, &slope);
        for (size_t i = a; i < b; i++)
            c->scratch[i - a] = c->y[i] - (base + slope * (double)(i - a));
        base += ssd__median(c->scratch, b - a);
    }
    p->has_dips = dips_in(c, o, p, base, slope);
}

/* The used state starting inside the last phase, past the capacity, too
 * gently for the segmentation (a big drive late in a 2-hour run): the
 * level-then-line split from the capacity on, kept when the line falls
 * by min_step and the split pays the penalty against one level. Splits
 * the last phase; returns the used state's phase index, or 0. */
static size_t late_onset(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                         double capacity) {
    size_t j = c->nph - 1, a = c->ph[j].first, b = c->ph[j].last + 1, lo = a;
    size_t min_len = c->min_len > 3 ? c->min_len : 3;
    if (j == 0 && c->cum[b] + o->written_before_bytes < capacity)
        return 0;
    while (lo < b && c->cum[lo] < fresh_room(o, capacity))
        lo++;
    if (lo + 2 * min_len > b)
        return 0;
    size_t k = knee(c, a, lo, lo, b, min_len);
    if (k <= a || k + min_len > b)
        return 0;
    double icpt, slope, m = 0, one = 0, two = 0;
    fit_line(c->y, k, b, &icpt, &slope);
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
    if (fmax(icpt, m1) - end < log(o->min_step))
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

static int dynamic_cache(const struct ssd_analysis_summary *S) {
    return S->has_cache && isfinite(S->capacity_bytes) &&
           S->cache_bytes >= DYNAMIC_MIN_CAPACITY_SHARE * S->capacity_bytes;
}

/* The note on a drive written full, no reference, whose cache (too small
 * to be only a dynamic one) is followed by direct writes, then the used
 * state. A dynamic cache the fill shrank folds there instead, at a level
 * one curve cannot tell from direct writes. After a sequential fill the
 * length cannot tell either: the fill left the spare area clean, and a
 * static cache's direct writes run until it is written, while a dynamic
 * cache that took it in SLC mode folds, freeing it for the host's writes
 * (bits - 1 bytes per byte it held, plus what the fill left unflushed in
 * it), until the same clean blocks are written: the used state begins
 * there either way (seed 2026's drive 1, 731 GB, dynamic: 20 GiB of cache,
 * folding at 27 MB/s for 85 GiB, GC at 105; its drive 56, 1130 GB,
 * static: 20 GiB of cache, direct writes at 141 MB/s for 169 GiB, GC at
 * 189). Nor does the speed: folding runs below the native speed, which a
 * run after a fill never shows. So the labels stay, and the note says
 * what holds either way. */
static const char *small_cache_direct_note(const struct ssd__analysis_opts *o) {
    if ((int)o->precondition == SSD_PRECONDITION_SEQ_FILL)
        return "the drive was written full by a sequential fill before this run: the level "
               "after its cache is read as direct writes to the spare area the fill left "
               "clean, as after a static SLC cache; a dynamic cache, which the fill shrank "
               "to what that spare area holds in SLC mode, folds there instead, at a level "
               "one curve cannot tell from direct writes, and for as long: either way the "
               "used state begins once that spare area has been written, so the cache and "
               "that onset hold, and only the level's label may be wrong; the drive's fresh "
               "run as reference tells them apart";
    return "the drive was written full before this run: the level after its cache is read "
           "as direct writes, as after a static SLC cache; a dynamic cache, which a fill "
           "shrinks to what the spare area holds in SLC mode, folds there instead, at a "
           "level one curve cannot tell from direct writes; the drive's fresh run as "
           "reference tells them apart";
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
/* Whether the run's writes addressed the whole drive (1: a span within
 * SPAN_WHOLE_SHARE of the capacity), part of it (0) or unknown (-1: no
 * span or no capacity). Random writes over part of a drive written full
 * leave their garbage bunched in the blocks that span filled: GC there
 * copies little, and its level is no bound on direct writes. */
#define SPAN_WHOLE_SHARE 0.99
static int span_whole(const struct ssd__analysis_opts *o, const struct ssd_analysis_summary *S) {
    if (!(o->span_bytes > 0) || !isfinite(S->capacity_bytes))
        return -1;
    return (double)o->span_bytes >= SPAN_WHOLE_SHARE * S->capacity_bytes;
}

/* seq_fill_slow_level's regime note: what holds over the whole drive; over
 * a span not known, it adds that cheaper GC would read the same. */
#define SLOW_FOLD_NOTE                                                                             \
    "the drive was written full by a sequential fill before this run: the level after its "        \
    "cache ran less than 2.5 times above the used state's start, slower than direct writes can "   \
    "run there (GC then copies blocks holding only about the spare area's share of garbage), "     \
    "and is read as a dynamic cache's folding"

static int seq_fill_slow_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                               const struct ssd_analysis_summary *S, size_t g) {
    /* (GC over part of the drive is cheaper: no bound there) */
    if (span_whole(o, S) == 0)
        return 0;
    if ((int)o->precondition != SSD_PRECONDITION_SEQ_FILL || !S->has_cache || g != 2 ||
        c->nph < 3 || !isfinite(S->capacity_bytes) || !(c->ph[2].start_bytes > 0))
        return 0;
    size_t a = c->ph[2].first, b = a + c->min_len;
    if (b > c->ph[2].last + 1)
        b = c->ph[2].last + 1;
    memcpy(c->scratch, c->y + a, (b - a) * sizeof *c->y);
    double m = ssd__median(c->scratch, b - a);
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
static int static_cache_in_first_sample(const struct ssd__curve *c,
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
static int folded_before(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t g) {
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
static int fold_then_gc(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t g,
                        size_t b) {
    size_t g0 = c->ph[g].first, min_len = c->min_len > 3 ? c->min_len : 3;
    if (b < g0 + 3 * min_len)
        return 0;
    size_t k = knee(c, g0, g0 + min_len, g0, b, min_len);
    if (k <= g0 + min_len || k + min_len > b)
        return 0;
    memcpy(c->scratch, c->y + g0, (k - g0) * sizeof *c->y);
    double lv = ssd__median(c->scratch, k - g0);
    if (exp(lv) * o->min_step > c->ph[1].level_bps)
        return 0;
    double icpt, slope, one = 0, two = 0, m = 0;
    fit_line(c->y, g0, b, &icpt, &slope);
    for (size_t i = g0; i < b; i++) {
        double d = c->y[i] - (icpt + slope * (double)(i - g0));
        one += d * d;
    }
    for (size_t i = g0; i < k; i++)
        m += c->y[i];
    m /= (double)(k - g0);
    for (size_t i = g0; i < k; i++)
        two += (c->y[i] - m) * (c->y[i] - m);
    fit_line(c->y, k, b, &icpt, &slope);
    for (size_t i = k; i < b; i++) {
        double d = c->y[i] - (icpt + slope * (double)(i - k));
        two += d * d;
    }
    double sig = ssd__curve_noise(c, g0, b);
    if (one - two <= o->penalty * sig * sig * log((double)c->n))
        return 0;
    return ssd__curve_split(c, g, k) == 0;
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
static size_t clean_blocks_end_before_bound(struct ssd__curve *c,
                                            const struct ssd__analysis_opts *o, size_t a, size_t lo,
                                            size_t g0, size_t b, size_t k) {
    size_t ml = c->min_len > 3 ? c->min_len : 3;
    if (o->written_before_bytes <= 0 || lo < a + ml + 3)
        return k;
    size_t k2 = knee(c, a, a + ml, g0, b, ml);
    if (k2 < a + ml || k2 + 3 > lo)
        return k;
    memcpy(c->scratch, c->y + a, (k2 - a) * sizeof *c->y);
    double fast = ssd__median(c->scratch, k2 - a);
    memcpy(c->scratch, c->y + k2, (lo - k2) * sizeof *c->y);
    double slow = ssd__median(c->scratch, lo - k2);
    return fast - slow >= log(o->min_step) ? k2 : k;
}

/* The first drop was no cache's end after all. */
static void no_cache(struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    S->has_cache = 0;
    S->cache_bytes = S->cache_level_bps = S->cache_drop_ratio = NAN;
    S->cache_uncertainty_bytes = NAN;
    S->cache_censored = SSD_CENSOR_NONE;
    res->cache_phase_end = 0;
    res->post_phase = 0;
    res->nbursts = res->bursts_total = 0;
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
            p->start_bytes < fresh_room(o, S->capacity_bytes))
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
    if (best < SHORT_LEVEL || !(quiet_noise(c, bs, bs + best) <= FOLD_QUIET))
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
static int fold_to_its_flat_run(struct ssd__curve *c, struct ssd__result *res, size_t j, size_t g) {
    if (j == 0 || g != j + 1 || g >= c->nph)
        return 0;
    size_t a, b;
    int moved = 0;
    if (!flat_fold_run(c, j, &a, &b))
        return 0;
    memcpy(c->scratch, c->y + a, (b - a) * sizeof *c->y);
    double lv = ssd__median(c->scratch, b - a);
    if (b <= c->ph[j].last && off_flat(c, lv, b, c->ph[j].last + 1, b)) {
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
    if (b < f + SHORT_LEVEL / 2 || b >= e || !(quiet_noise(c, f, b) <= FOLD_QUIET))
        return 0;
    memcpy(c->scratch, c->y + f, (b - f) * sizeof *c->y);
    double lv = ssd__median(c->scratch, b - f);
    if (fabs(lv - log(fold_lv)) >= log(o->min_step) || !off_flat(c, lv, b, e, b))
        return 0;
    ssd__curve_move_boundary(c, g, b);
    return 1;
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
    memcpy(c->scratch, c->y + a, (b - a) * sizeof *c->y);
    double lv = ssd__median(c->scratch, b - a);
    size_t off = 0;
    for (size_t i = b; i < e; i++)
        off += fabs(c->y[i] - lv) >= log(FOLD_BAND);
    if (2 * off <= e - b ||
        !(quiet_noise(c, b, e) >= SCATTER_JUMP * fmax(quiet_noise(c, a, b), 0.01)))
        return 0;
    while (*g > j0 + 1) {
        ssd__curve_merge_next(c, *g - 1);
        (*g)--;
    }
    c->ph[*g].regime = SSD_REGIME_GC;
    ssd__curve_move_boundary(c, *g, b);
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
    size_t k = two_levels(c, a, e, a + ml, e - ml, &l1, &l2, &gain);
    if (!k || l1 - l2 < log(o->min_step) ||
        fabs(l1 - log(c->ph[j0 - 1].level_bps)) >= log(o->min_step))
        return 0;
    double tail = quiet_noise(c, k, e);
    if (!(quiet_noise(c, c->ph[j0].first, c->ph[j0].last + 1) >= SCATTER_JUMP * fmax(tail, 0.01)))
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

/* Whether the speed ever fell lastingly below the first level (by
 * min_drop, the drop a cache's end must make). */
static int dropped_below_first(const struct ssd__curve *c, const struct ssd__analysis_opts *o) {
    for (size_t j = 1; j < c->nph; j++)
        if (c->ph[j].level_bps * o->min_drop < c->ph[0].level_bps)
            return 1;
    return 0;
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
static int used_cache_end_against_next_level(const struct ssd__curve *c,
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
        double lower = (c->r[0] - lo) * ssd__curve_dt(c, 0);
        S->cache_censored = SSD_CENSOR_RESOLUTION;
        S->cache_bytes = lower > 0 ? lower : 0;
        S->cache_uncertainty_bytes = ssd__first_sample_cache_max(c, lo) - S->cache_bytes;
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
        cache_end_in_sample(c, o, S, at, hi, lo);
    }
    S->cache_level_bps = hi;
    S->cache_drop_ratio = hi / lo;
    S->post_cache_bps = lo;
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
static int first_sample_cache_before_fold(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                          struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    if ((S->has_cache && !(S->cache_censored == SSD_CENSOR_NONE && c->nph >= 2 &&
                           res->cache_phase_end == c->ph[1].first)) ||
        (int)o->precondition != SSD_PRECONDITION_RANDOM_FILL ||
        !(fresh_room(o, S->capacity_bytes) <= 0) || c->nph < 2 || c->ph[1].first < 6)
        return 0;
    size_t e = c->ph[1].first;
    memcpy(c->scratch, c->y + 2, (e - 2) * sizeof *c->y);
    double lv = ssd__median(c->scratch, e - 2);
    size_t a = c->y[1] < lv + log(o->min_step) ? 1 : 2;
    if (a == 2 && c->y[1] >= c->y[0])
        return 0;
    /* (The folding may end inside the phase: GC's first samples with it,
     * where they burst.) */
    double l1, l2, gain;
    size_t k = e >= a + 6 ? two_levels(c, a, e, a + 3, e - 3, &l1, &l2, &gain) : 0;
    double after = c->ph[1].level_bps;
    if (!k || l1 - l2 < log(o->min_drop))
        k = e;
    else
        after = exp(l2);
    memcpy(c->scratch, c->y + a, (k - a) * sizeof *c->y);
    double lo = exp(ssd__median(c->scratch, k - a));
    if (k < a + 3 || c->r[0] < lo * o->min_drop || after * o->min_drop > lo ||
        quiet_noise(c, a, k) > log(o->min_step) / 3 || falls_through(c, a, k))
        return 0;
    double lower = (c->r[0] - lo) * ssd__curve_dt(c, 0), upper = ssd__first_sample_cache_max(c, lo);
    if (!(lower > 0) || !lasts_a_fold_of(0.5 * (lower + upper), 0.5 * (lower + upper), c->cum[k]))
        return 0;
    if (ssd__curve_split(c, 0, a) != 0)
        return 0;
    if (k < e)
        ssd__curve_split(c, 1, k);
    S->has_cache = 1;
    S->cache_censored = SSD_CENSOR_RESOLUTION;
    S->cache_bytes = lower;
    S->cache_uncertainty_bytes = upper - lower;
    S->cache_level_bps = c->r[0];
    S->cache_drop_ratio = c->r[0] / lo;
    S->post_cache_bps = lo;
    res->cache_phase_end = a;
    res->post_phase = 1;
    return 1;
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
static size_t random_fill_fold_end(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                   const struct ssd_analysis_summary *S) {
    if (!(S->has_cache && S->cache_censored == SSD_CENSOR_NONE && S->cache_bytes > 0 &&
          (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL &&
          fresh_room(o, S->capacity_bytes) <= 0 && c->nph >= 2))
        return 0;
    size_t g0 = c->ph[1].first, b = c->ph[1].last + 1;
    if (b < g0 + 6)
        return 0;
    double l1, l2, gain;
    size_t k = two_levels(c, g0, b, g0 + 3, b - 3, &l1, &l2, &gain);
    if (!k || l1 - l2 < log(o->min_drop) || log(c->ph[0].level_bps) - l1 < log(o->min_step))
        return 0;
    double r = (c->cum[k] - S->cache_bytes) / S->cache_bytes;
    int multiple = 0;
    for (int m = 1; m <= (int)FOLD_BYTES_PER_CACHED; m++)
        multiple |= fabs(r / m - 1) <= 0.1;
    if (!multiple || quiet_noise(c, g0, k) > log(o->min_step) / 3 || falls_through(c, g0, k))
        return 0;
    return k;
}

/* The note for a fast start read as clean blocks on a drive randomly
 * written full, no reference (the fast start dropped once, straight into
 * the used state), or NULL. A static SLC cache survives a random fill,
 * and the idle time before the run flushes it into the native flash
 * while idle GC cleans a few blocks; no clean spare area is left for
 * direct writes after it, so it too drops straight into GC (and a
 * dynamic cache folding at the used state's speed reads as one drop as
 * well, as the general note says). Nothing in
 * the one curve tells the two apart: not the fast start's length (idle GC
 * on the reviewed consumer drives cleans 1.4-2.7 GB in 15 minutes, a
 * datacenter drive with more spare area far more: 1.4-119 GiB in the
 * sweep's four dev seeds, while a static cache flushed in that idle held
 * 1-19 GiB), nor the drop into the used state (1.0-31x after the clean
 * blocks of the sweep's cacheless drives, 3.9x and more after a static
 * cache). The sweep's static-cache drives after a random fill are read
 * so ("cache missed", 34-61 runs a dev seed); the contract keeps the
 * clean blocks, and the note says what else reads the same and what
 * tells. */
static const char *random_fill_one_drop_note(const struct ssd__curve *c,
                                             const struct ssd__analysis_opts *o,
                                             const struct ssd_analysis_summary *S, size_t g,
                                             int ref_known, double fast_lv) {
    if (ref_known || (int)o->precondition != SSD_PRECONDITION_RANDOM_FILL ||
        !(fresh_room(o, S->capacity_bytes) <= 0) || S->has_cache || !S->has_gc || g != 1 ||
        !isfinite(fast_lv) || c->ph[0].regime != SSD_REGIME_DIRECT)
        return NULL;
    /* (A single random pass leaves the spare area clean, docs/simulator.md:
     * the note said "the clean blocks idle GC prepared" after one pass and
     * no idle, round 23's audit.) */
    return "the drive was randomly written full before this run and its speed dropped once, "
           "into the used state: the fast start is read as clean blocks, the spare area a "
           "single random pass left clean or what idle GC prepared; a static SLC cache (it "
           "survives a random fill, and idle time flushes it) drops the same way straight into "
           "GC where the fill left no clean spare area, and a dynamic cache folding at the used "
           "state's speed would read the same too; neither the fast start's length nor its "
           "drop tells them apart, the drive's fresh run as reference does";
}

/* The note of a run whose capacity is not known, unless a rule below says
 * more. */
#define CAPACITY_UNKNOWN_NOTE_HEAD                                                                 \
    "the drive's capacity is unknown: the used state (GC) is told by its shape only (a "           \
    "decline), so a flat used-state level reads as folding"
static const char CAPACITY_UNKNOWN_NOTE[] = CAPACITY_UNKNOWN_NOTE_HEAD "; give the capacity";

void ssd__label_regimes(struct ssd__curve *c, const struct ssd__analysis_opts *o, double capacity,
                        const struct ssd__result *ref, struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    S->capacity_bytes = capacity > 0 ? capacity : NAN;
    S->written_before_bytes = o->written_before_bytes;
    S->idle_before_s = o->idle_before_s;
    S->span_bytes = o->span_bytes > 0 ? (double)o->span_bytes : NAN;
    S->has_gc = 0;
    S->gc_start_bytes = S->gc_level_bps = S->gc_end_level_bps = NAN;
    res->regime_note = isfinite(S->capacity_bytes) ? NULL : CAPACITY_UNKNOWN_NOTE;
    int clean_start = 0;
    /* The fast start's level as the cache test measured it (a "cache"
     * the rules below may find was clean blocks). */
    double fast_lv = S->has_cache ? S->cache_level_bps : NAN;
    struct ref_levels rl = {0, NAN, 0, NAN, 0, 0, NAN, NAN, 0, NAN};
    if (ref && o->written_before_bytes > 0 && isfinite(ref->sum.post_cache_bps)) {
        rl.known = 1;
        rl.direct = ref->sum.post_cache_bps;
        /* A reference whose direct writes between its cache and its
         * folding were shorter than the cache measured its drop to the
         * folding (a drop spread over a short phase, the cache test's
         * rule): its post-cache level is the folding's, and the direct
         * level is that phase's (seed 13's drive 176, WSAT: 74 GB of cache
         * at 410 MB/s in 36 samples, 34 of direct writes at 140, then
         * folding at 81; after a fill, the folding at 81 read as direct,
         * "folding missed"). */
        if (ref->sum.has_folding && ref->direct_bps > 0 &&
            fabs(log(rl.direct / ref->sum.folding_level_bps)) < log(o->min_step) &&
            ref->direct_bps >= o->min_step * ref->sum.folding_level_bps)
            rl.direct = ref->direct_bps;
        rl.cache = ref->sum.has_cache && ref->sum.cache_censored != SSD_CENSOR_RIGHT &&
                   ref->sum.cache_level_bps >= o->min_step * rl.direct;
        rl.cache_level = ref->sum.cache_level_bps;
        rl.dynamic = rl.cache && isfinite(S->capacity_bytes) &&
                     ref->sum.cache_bytes >= DYNAMIC_MIN_CAPACITY_SHARE * S->capacity_bytes;
        rl.fold = rl.dynamic && ref->sum.has_folding ? ref->sum.folding_level_bps : NAN;
        rl.cache_bytes = rl.cache ? ref->sum.cache_bytes : NAN;
        /* A drive that showed no cache fresh, in a run that reached its
         * used state or wrote more than any cache holds, has none. */
        rl.none = !ref->sum.has_cache &&
                  (ref->sum.has_gc ||
                   (isfinite(S->capacity_bytes) &&
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
            rl.none = 0;
            rl.dynamic = 1;
            rl.fold = ref->sum.folding_level_bps;
            /* (A reference whose fast start was a cache too slight to
             * call, with direct writes a step below it before its folding
             * (slight_cache_direct): that start is the cache's level and
             * the direct level is theirs. After a sequential fill the
             * drive's 16.6 GiB at the start's 2.87 GB/s, then folding,
             * were read as clean blocks at the direct level, "cache
             * missed, folding missed" (seed 11's drive 64, 2 hours).) */
            if (ref->direct_bps > 0 && ref->direct_bps * o->min_step <= rl.direct) {
                rl.cache = 1;
                rl.cache_level = rl.direct;
                rl.cache_bytes = ref->slight_cache_bytes;
                rl.direct = ref->direct_bps;
            }
        }
        /* A reference whose one slight step (a static cache too slight
         * to call, slight_step below) ended its first level: the level
         * after it is the drive's direct level after that cache. */
        if (!ref->sum.has_cache && !ref->sum.has_folding && isfinite(ref->slight_cache_bytes) &&
            ref->direct_bps > 0 && ref->direct_bps * o->min_step <= rl.direct)
            rl.slight_direct = ref->direct_bps;
        /* A cache the reference could not show: its drop less than
         * min_drop (2.87 GB/s for 5 samples, then 2.21, one phase at
         * 2.21), or hidden in its first phase. A used drive's clean blocks
         * write no faster than the fresh drive's first level, so a fast
         * start (3 samples or more) that the cache test took for a cache
         * and that runs a step above that level is the cache, at its own
         * level, and the reference's level is the direct writes after
         * it. */
        if (!rl.cache && S->has_cache && S->cache_censored == SSD_CENSOR_NONE && c->nph >= 2 &&
            c->ph[0].last >= 2 && c->ph[0].level_bps >= o->min_step * rl.direct &&
            S->cache_level_bps >= o->min_step * rl.direct) {
            rl.cache = 1;
            rl.none = 0;
            rl.cache_level = S->cache_level_bps;
            rl.cache_bytes = S->cache_bytes;
        }
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
    if (rl.known && rl.dynamic && !isfinite(fold_lv) && o->written_before_bytes > 0 &&
        fresh_room(o, S->capacity_bytes) <= 0 && c->nph >= 2 && c->ph[0].last == 0 &&
        c->ph[1].last >= 7) {
        memcpy(c->scratch, c->y + 1, 3 * sizeof *c->y);
        fold_lv = exp(ssd__median(c->scratch, 3));
        /* (Not when the second sample is a step above that level: the
         * cache ended in it, not in the first.) */
        if (fold_lv * o->min_step > rl.direct || c->y[1] >= log(fold_lv * o->min_step))
            fold_lv = NAN;
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
    if (rl.known && rl.dynamic && isfinite(fold_lv) &&
        (!S->has_cache || S->cache_censored != SSD_CENSOR_RIGHT) && c->nph >= 2 &&
        c->ph[0].last == 0 && c->r[0] >= fold_lv * o->min_drop &&
        ref_level_split(c, o, fold_lv, 1, 0)) {
        second = 0;
        double lower = (c->r[0] - c->ph[1].level_bps) * ssd__curve_dt(c, 0);
        S->has_cache = 1;
        S->cache_censored = SSD_CENSOR_RESOLUTION;
        S->cache_bytes = lower > 0 ? lower : 0;
        S->cache_uncertainty_bytes =
            ssd__first_sample_cache_max(c, c->ph[1].level_bps) - S->cache_bytes;
        S->cache_level_bps = c->r[0];
        S->cache_drop_ratio = c->r[0] / c->ph[1].level_bps;
        S->post_cache_bps = c->ph[1].level_bps;
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
            c->r[1] >= c->ph[1].level_bps * o->min_step && c->r[1] * o->min_step <= c->r[0]) {
            S->cache_censored = SSD_CENSOR_NONE;
            cache_end_in_sample(c, o, S, 1, c->r[0], c->ph[1].level_bps);
        }
    }
    if (second) /* (no folding after it: as it was) */
        ssd__curve_move_boundary(c, 1, second == 1 ? 2 : (size_t)second);
    /* The folding of a cache that ended in the first sample or two, a
     * run of flat samples GC's bursts kept the splits above from seeing
     * (fold_run_after_cache): the cache is the first sample(s). */
    double run_hi = NAN;
    int run_seen = 0;
    size_t run_s =
        rl.start_is_cache || (S->has_cache && S->cache_censored == SSD_CENSOR_RIGHT)
            ? 0
            : fold_run_after_cache(c, o, &rl, S->capacity_bytes, &run_hi, &run_seen, S->has_cache);
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
        double lo = c->ph[1].level_bps, lower = (c->r[0] - lo) * ssd__curve_dt(c, 0);
        S->has_cache = 1;
        S->cache_censored = SSD_CENSOR_RESOLUTION;
        S->cache_bytes = lower > 0 ? lower : 0;
        S->cache_uncertainty_bytes = ssd__first_sample_cache_max(c, lo) - S->cache_bytes;
        S->cache_level_bps = c->r[0];
        S->cache_drop_ratio = c->r[0] / lo;
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
            cache_end_in_sample(c, o, S, run_s, run_hi, lo);
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
        o->written_before_bytes > 0 && fresh_room(o, S->capacity_bytes) <= 0 && S->has_cache &&
        S->cache_censored == SSD_CENSOR_NONE && c->nph >= 2 && c->ph[0].last == 0 && c->n > 3 &&
        S->cache_bytes >= c->cum[1] && c->r[0] >= rl.fold * o->min_drop &&
        c->r[1] < rl.fold * o->min_step && c->r[1] * o->min_step > rl.fold && c->r[2] < c->r[1]) {
        double lower = (c->r[0] - rl.fold) * ssd__curve_dt(c, 0);
        S->cache_censored = SSD_CENSOR_RESOLUTION;
        S->cache_bytes = lower > 0 ? lower : 0;
        S->cache_uncertainty_bytes = ssd__first_sample_cache_max(c, rl.fold) - S->cache_bytes;
        S->cache_level_bps = c->r[0];
        S->cache_drop_ratio = c->r[0] / rl.fold;
        rl.start_is_cache = 1;
    }
    /* A fast start at the reference's cache level that the segmentation
     * made one phase with the direct writes after it (both shorter than a
     * lasting phase): split it, and the cache test judges the cache
     * alone. (By the reference's levels also when the cache test found
     * no cache in the whole phase: with the used state's first samples in
     * it too, its samples were not 70 % at speed.) */
    size_t moved = 0, b1 = c->nph >= 2 ? c->ph[1].first : 0;
    int start_cache = c->nph >= 2 && ref_cache(&rl, &c->ph[0]);
    if (rl.known && c->nph >= 2 && rl.cache && !rl.none && c->ph[0].last >= 2 &&
        ((!start_cache &&
          ((S->has_cache &&
            median3(c->y[0], c->y[1], c->y[2]) >= 0.5 * (log(rl.cache_level) + log(rl.direct)) &&
            cache_in_fast_start(c, o)) ||
           ref_cache_in_fast_start(c, o, &rl, &moved))) ||
         (start_cache && direct_tail_in_cache(c, o, &rl, res)))) {
        size_t at = c->ph[1].first;
        /* (Nothing kept: the cache test's verdict on the whole fast start
         * stands, as it was before the split.) */
        struct ssd__result *was = malloc(sizeof *was);
        if (was)
            memcpy(was, res, sizeof *was);
        ssd__find_cache(c, o, res);
        if (S->has_cache && S->cache_censored == SSD_CENSOR_NONE &&
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
                cache_end_in_sample(c, o, S, at, c->ph[0].level_bps, rl.direct);
                S->cache_drop_ratio = c->ph[0].level_bps / rl.direct;
                S->post_cache_bps = rl.direct;
            }
        } else if (!ref_split_cache(c, o, &rl, res, at)) {
            ssd__curve_merge_next(c, 0);
            if (!ref_fast_start_split_again(c, o, &rl, res, &moved) && was)
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
        at_cache_speed(c, &rl, o, &c->ph[0]))
        rl.start_is_cache = 1;
    /* Direct writes after the cache, shorter than a lasting phase, that the
     * segmentation gave to the used state: their own phase. */
    int rl_path = rl.known && S->has_cache && c->nph >= 2 && ref_cache(&rl, &c->ph[0]);
    if (rl_path && !short_direct_after_cache(c, o, 0))
        ref_level_split(c, o, rl.direct, 1, 1);
    if (rl_path && rl.dynamic && isfinite(rl.fold)) {
        size_t j = 1;
        while (j < c->nph && at_direct(&rl, o, c->ph[j].level_bps))
            j++;
        ref_level_split(c, o, rl.fold, j, 0);
    } else if (rl_path && rl.dynamic && o->written_before_bytes > 0 &&
               fresh_room(o, S->capacity_bytes) <= 0) {
        /* A reference that never showed its folding (a fill or a 2-hour
         * run that ended before it): on a drive written full the dynamic
         * cache is folded before GC runs (see the folding-or-GC note), so a
         * short level at the start of the phase after the cache, a step
         * above the rest of it, is that folding (612 MB/s for 7 samples
         * after a 2 GiB cache in one, then GC at 381, in an 850-sample
         * fill after a random fill). Its level is its first samples'. */
        size_t j = 1;
        while (j < c->nph && at_direct(&rl, o, c->ph[j].level_bps))
            j++;
        if (j < c->nph && c->ph[j].last >= c->ph[j].first + 6) {
            size_t f = c->ph[j].first;
            memcpy(c->scratch, c->y + f, 3 * sizeof *c->y);
            ref_level_split(c, o, exp(ssd__median(c->scratch, 3)), j, 0);
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
        cache_end_in_sample(c, o, S, c->ph[1].first, S->cache_level_bps, c->ph[1].level_bps);
        S->cache_drop_ratio = S->cache_level_bps / c->ph[1].level_bps;
        S->post_cache_bps = c->ph[1].level_bps;
    }
    /* A drive written before this run whose fast start is at its fresh
     * direct level (the reference's level after its cache, or its only
     * level), not at its cache's: the clean blocks idle time or the
     * spare area gave back, not a cache, and the drop that ends it is
     * the used state. */
    if (rl.known && S->has_cache && c->nph >= 2 &&
        ref_clean(c, &rl, o, &c->ph[0], S->cache_level_bps)) {
        no_cache(res);
        S->post_cache_bps = c->ph[0].level_bps;
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
        size_t arg = two_levels(c, 0, e0, 3, e0 - 3, &l1, &l2, &gain);
        if (arg && c->cum[arg] <= clean_room_max(o, S->capacity_bytes) &&
            (l1 >= l2 + log(SHAPE_MIN_FALL) || clean_blocks_fall(c, o, 0, arg, e0, l1, l2, gain)) &&
            fabs(l2 - log(c->ph[1].level_bps)) < log(o->min_step) &&
            fabs(log(c->ph[0].level_bps) - log(c->ph[1].level_bps)) < log(o->min_step) &&
            ssd__curve_split(c, 0, arg) == 0)
            ssd__curve_merge_next(c, 1);
    }
    /* (No reference: a random fill's dynamic cache inside the first
     * sample, its folding in the same phase; first_sample_cache_before_fold.) */
    if (!rl.known)
        first_sample_cache_before_fold(c, o, res);
    int clean_room = 0;
    /* Sequential writes over a drive filled sequentially free whole blocks:
     * GC copies nothing, and no used state follows (seq_overwrites). */
    int no_used = isfinite(S->capacity_bytes) && seq_overwrites(o, res);
    size_t g = S->cache_censored == SSD_CENSOR_RIGHT || no_used
                   ? 0
                   : gc_onset_phase(c, o, S->capacity_bytes, res, clean_start, &rl, &clean_room);
    int one_drop = clean_room == 2;
    /* (A dynamic cache on a drive written full sequentially, no
     * reference: it took the spare area's clean blocks, so it folds right
     * after it fills (fold_first below), and the used state follows the
     * folding: no later folding step to split off the used state.) */
    int seq_full_dynamic = !rl.known && (int)o->precondition == SSD_PRECONDITION_SEQ_FILL &&
                           fresh_room(o, S->capacity_bytes) <= 0 && !no_used && dynamic_cache(S);
    /* A phase shorter than a lasting phase between the cache and the
     * used state, a level of its own (10 samples or more, min_drop below
     * the cache and 2x above the used state): the direct writes, so the
     * cache was one. (Not when the fast start ended in a slide
     * (slide_off_fast_start): that phase is the used state's start, which
     * the segmentation cut into steps.) */
    if (clean_room && g == 2 && c->ph[1].last - c->ph[1].first + 1 >= 10 &&
        c->ph[1].level_bps * o->min_drop <= c->ph[0].level_bps &&
        c->ph[1].level_bps >= SHAPE_MIN_FALL * c->ph[2].level_bps &&
        !slide_off_fast_start(c, o, S->cache_level_bps, c->ph[1].first))
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
        isfinite(fast_lv) && first_level_after(c, g) &&
        slide_off_fast_start(c, o, fast_lv, c->ph[1].first))
        while (g > 1) {
            ssd__curve_merge_next(c, g - 1);
            g--;
        }
    if (clean_room && g == 1 && short_direct_after_cache(c, o, 1)) {
        clean_room = 0; /* a cache, then direct writes, then the used state */
        g = 2;
    }
    if (clean_room && g == 1 && cache_in_fast_start(c, o)) {
        /* The cache test again, on the cache alone; the used state is
         * now phase 2, after the direct writes. */
        size_t at = c->ph[1].first;
        ssd__find_cache(c, o, res);
        clean_room = !S->has_cache || S->cache_censored != SSD_CENSOR_NONE ||
                     res->cache_phase_end + 2 < at || res->cache_phase_end > at + 2;
        if (!clean_room)
            ssd__curve_move_boundary(c, 1, res->cache_phase_end);
        if (clean_room)
            ssd__curve_merge_next(c, 0);
        else
            g = 2;
    }
    if (clean_room) {
        /* (Judged before the onset is placed: no cache, so no folding
         * step to split off between the fast start and the decline.) */
        no_cache(res);
        S->post_cache_bps = c->ph[0].level_bps;
    }
    /* (A random fill's shrunken dynamic cache whose folding the
     * segmentation gave to the decline: its own phase, the used state
     * after it; random_fill_fold_end.) */
    if (g == 1 && !clean_room && !rl.known) {
        size_t fe = random_fill_fold_end(c, o, S);
        if (fe && ssd__curve_split(c, 1, fe) == 0)
            g = 2;
    }
    double end_level = NAN;
    if (!g && isfinite(S->capacity_bytes) && S->cache_censored != SSD_CENSOR_RIGHT && !no_used)
        g = late_onset(c, o, S->capacity_bytes);
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
        int gradual = slides_down(c, &c->ph[g]);
        while (last > g) {
            ssd__curve_merge_next(c, g);
            last--;
        }
        /* A used drive's clean blocks that end in a slide, not a step
         * (slide_off_fast_start): the used state starts where the slide
         * does, not where the cache test's midpoint fell in it nor where
         * the fits below put the knee of a curve with no knee. */
        size_t slide_k = 0;
        if (g == 1 && !S->has_cache && o->written_before_bytes > 0 && isfinite(S->capacity_bytes) &&
            isfinite(fast_lv)) {
            size_t e = slide_off_fast_start(c, o, fast_lv, g0);
            if (e)
                slide_k = slide_onset(c, e);
        }
        if (slide_k) {
            if (slide_k != g0)
                ssd__curve_move_boundary(c, 1, slide_k);
        } else if (gradual || isfinite(S->capacity_bytes)) {
            /* From the middle of the phase before; with a known capacity,
             * from where it had been written once (no earlier). */
            size_t lo = g0 - (g0 - a) / 2;
            if (isfinite(S->capacity_bytes)) {
                lo = a;
                while (lo < g0 && c->cum[lo] < fresh_room(o, S->capacity_bytes))
                    lo++;
                /* On a used drive the capacity bounds nothing: not before
                 * the middle of the phase before (the level it held). */
                if (o->written_before_bytes > 0 && lo < g0 - (g0 - a) / 2)
                    lo = g0 - (g0 - a) / 2;
            }
            size_t k = knee(c, a, lo, g0, b, c->min_len > 3 ? c->min_len : 3);
            /* (At its bound: within 2 samples of it, a fit pressed
             * against it; one sample past it, the search below was
             * skipped and a spare area's end came 9 samples late.) */
            if (isfinite(S->capacity_bytes) && g == 1 && !S->has_cache && k <= lo + 2)
                k = clean_blocks_end_before_bound(c, o, a, lo, g0, b, k);
            double jump = 0;
            size_t kn = scatter_onset(c, a, lo, b, c->min_len > 3 ? c->min_len : 3, &jump);
            if (isfinite(S->capacity_bytes) && jump >= SCATTER_JUMP && kn < k)
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
                size_t kn2 = scatter_onset(c, a, a + 3, b, c->min_len > 3 ? c->min_len : 3, &jump2);
                if (jump2 >= SCATTER_JUMP && kn2 + 3 <= k && kn2 < g0) {
                    size_t e2 = k < g0 ? k : g0;
                    double q = fmax(log(1.05), 3 * quiet_noise(c, a, kn2));
                    memcpy(c->scratch, c->y + kn2, (e2 - kn2) * sizeof *c->y);
                    if (log(c->ph[0].level_bps) - ssd__median(c->scratch, e2 - kn2) >= q)
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
                memcpy(c->scratch, c->y + k, (kn - k) * sizeof *c->y);
                double lv = ssd__median(c->scratch, kn - k);
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
            if (isfinite(S->capacity_bytes) && dynamic_cache(S) && !seq_full_dynamic &&
                !static_cache_in_first_sample(c, o, S) && !rl_path && !folded_before(c, o, g) &&
                k <= g0 + 2 && kn >= g0 + ml && kn + ml <= b &&
                SCATTER_JUMP * fmax(quiet_noise(c, g0, kn), 0.01) <= quiet_noise(c, kn, b))
                k = kn;
            if (k <= g0 + 2 && isfinite(S->capacity_bytes) && !(o->written_before_bytes > 0))
                k = slide_start(c, a, lo, k);
            /* (A fresh drive's used state that shows first as more
             * frequent dips: dip_rate_onset, when it comes a quarter of a
             * lasting phase (10 samples at least) before the onset found,
             * from a fresh level that lasted two lasting phases before the
             * capacity was written, no slide. Not after a dynamic cache:
             * it folds before GC, and the folding's step counts as dips;
             * on seed 11's drive 37 the onset went to the folding's
             * start.) */
            if (isfinite(S->capacity_bytes) && !(o->written_before_bytes > 0) && lo >= a + 2 * ml &&
                !dynamic_cache(S) && !slides_down(c, &c->ph[g - 1])) {
                size_t kd = dip_rate_onset(c, o, a, lo, b, c->ph[g - 1].level_bps, k,
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
                memcpy(c->scratch, c->y + g0, (k - g0) * sizeof *c->y);
                double lv = ssd__median(c->scratch, k - g0);
                double below = log(c->ph[g - 1].level_bps) - lv;
                own_level = dynamic_cache(S) && !seq_full_dynamic &&
                            !static_cache_in_first_sample(c, o, S) && !rl_path &&
                            below >= log(o->min_step);
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
                o->written_before_bytes > 0 ? gc_bursts_before(c, o, g, lo) : c->ph[g].first;
            if (kb < c->ph[g].first)
                ssd__curve_move_boundary(c, g, kb);
        }
        /* A used drive's fast start with no cache ends where its samples
         * stop being a step above the used state (the segmentation gave
         * the last few to the decline: gc_onset_phase counts them). Not
         * into a decline that slides: its start is above its median. */
        if (g == 1 && !S->has_cache && o->written_before_bytes > 0 && !slides_down(c, &c->ph[1])) {
            /* (Above the midpoint too: not the drop's mixed sample.) */
            size_t f = c->ph[1].first, e = f;
            double lo1 = log(c->ph[1].level_bps),
                   cut = fmax(lo1 + log(o->min_step), 0.5 * (lo1 + log(c->ph[0].level_bps)));
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
        int static_direct = clean_at_static_direct(&rl, o, &c->ph[0]);
        if (g == 1 && !S->has_cache &&
            (!rl.cache || static_direct || (rl.known && rl.cache && !rl.dynamic)) &&
            o->written_before_bytes > 0 && c->ph[1].first <= 2 * c->min_len &&
            c->ph[1].first >= 6) {
            size_t e0 = c->ph[1].first;
            double l1, l2, gain;
            size_t arg = two_levels(c, 0, e0, 3, e0 - 3, &l1, &l2, &gain);
            double lu = log(c->ph[1].level_bps);
            int ok = arg && l1 >= l2 + log(o->min_step) &&
                     (fabs(l2 - lu) < log(o->min_step) || gc_bursts_after(c, o, arg, e0, l1, lu)) &&
                     l1 >= lu + log(SHAPE_MIN_FALL);
            /* (A fall of less than 2x: a datacenter drive's, see
             * clean_blocks_fall; the split may leave two samples after
             * it, 6 at 3.75 GB/s then 2 at 2.5 ending a 8-sample first
             * phase, seed 13's drive 192.) */
            if (!ok) {
                arg = two_levels(c, 0, e0, 3, e0 - 2, &l1, &l2, &gain);
                ok = arg && fabs(l2 - lu) < log(o->min_step) && l1 >= lu + log(o->min_drop) &&
                     clean_blocks_fall(c, o, 0, arg, e0, l1, l2, gain);
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
        if (g >= 2 && dynamic_cache(S) && !seq_full_dynamic && !rl_path &&
            !folded_before(c, o, g) && !static_cache_in_first_sample(c, o, S) &&
            fold_then_gc(c, o, g, b > c->ph[g].last + 1 ? c->ph[g].last + 1 : b) &&
            c->ph[g].first > 0)
            last = ++g;
        /* A cache that lasted until the capacity had been written is no
         * cache (none holds more than the drive): the first drop was the
         * used state, and a short phase between it and the decline (the
         * drop's mixed samples) belongs to the decline. */
        if (g == 2 && S->has_cache && S->cache_bytes >= GC_MIN_CAPACITY_SHARE * S->capacity_bytes &&
            c->ph[1].last - c->ph[1].first + 1 < c->min_len) {
            ssd__curve_merge_next(c, 1);
            g = last = 1;
        }
        if (g == 1 && S->has_cache && (!used_drive_cache(o, S->capacity_bytes, S) || clean_room))
            no_cache(res); /* the first drop was clean blocks running out */
        /* (Without a cache the first level is the fast start's speed; a
         * cache kept keeps the level after its drop, which its drop ratio
         * is measured against: its own level was printed as the speed
         * after it, "16.3x slower (178.4 MiB/s)" after 283.7.) */
        if (g == 1 && !S->has_cache)
            S->post_cache_bps = c->ph[0].level_bps;
        S->has_gc = 1;
        S->gc_start_bytes = c->ph[g].start_bytes;
        S->gc_level_bps = c->ph[g].level_bps;
        if (last == g && c->ph[g].last - c->ph[g].first + 1 >= 8) {
            /* One phase from the start: its level over its last quarter. */
            size_t a4 = c->ph[g].last + 1 - (c->ph[g].last + 1 - c->ph[g].first) / 4;
            memcpy(c->scratch, c->y + a4, (c->ph[g].last + 1 - a4) * sizeof *c->y);
            end_level = exp(ssd__median(c->scratch, c->ph[g].last + 1 - a4));
        }
        S->gc_end_level_bps = end_level;
    }
    /* No SLC cache holds more than the flash in SLC mode, raw / bits:
     * at most 0.64 of the capacity (MLC with 28% spare). A first level that
     * lasted longer was a cache and direct writes at one speed (4K random
     * writes capped at the interface's IOPS, cache or not), and the drop
     * that ended it, before the used state, is that dynamic cache's
     * folding: no cache is reported (none can be seen), and the drop is
     * folding. */
    int hidden_cache = 0, static_first = static_cache_in_first_sample(c, o, S);
    if (S->has_cache && isfinite(S->capacity_bytes) &&
        S->cache_bytes > MAX_CACHE_CAPACITY_SHARE * S->capacity_bytes && (!g || g >= 2)) {
        no_cache(res);
        S->post_cache_bps = c->ph[0].level_bps;
        hidden_cache = 1;
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
    if (rl.known && rl.cache && !rl.dynamic && S->has_cache &&
        S->cache_censored == SSD_CENSOR_NONE && ref->sum.cache_censored != SSD_CENSOR_RIGHT &&
        ref_cache(&rl, &c->ph[0]) && (!g || g == 1) && c->nph >= 2) {
        /* (A reference whose cache ended inside its first sample gives
         * bounds, and so does the run: the same ones.) */
        int within = ref->sum.cache_censored == SSD_CENSOR_RESOLUTION;
        double lo = ref->sum.cache_bytes, hi = lo + (within ? ref->sum.cache_uncertainty_bytes : 0);
        double want = 0.5 * (lo + hi);
        size_t i = 0;
        while (i < c->ph[0].last && c->cum[i + 1] <= want)
            i++;
        size_t at = want - c->cum[i] > 0.5 * c->b[i] ? i + 1 : i;
        /* Unless what ran past that size ran at the cache's speed, not the
         * direct one: writes at the SLC speed went into SLC, whatever the
         * fresh size (after a sequential fill and idle time a static cache
         * may take more than it held fresh: 44.4 GiB at 530 MiB/s against
         * 35.9 fresh, direct writes at 312, in the sweep). */
        int rest_fast = 0;
        if (at <= c->ph[0].last) {
            size_t m = c->ph[0].last + 1 - at;
            memcpy(c->scratch, c->y + at, m * sizeof *c->scratch);
            rest_fast = ssd__median(c->scratch, m) > 0.5 * (log(rl.cache_level) + log(rl.direct));
        }
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
        if (S->cache_bytes > hi * 1.05 && !rest_fast && !own_mix) {
            if (at > 0 && at <= c->ph[0].last && ssd__curve_split(c, 0, at) == 0) {
                split_direct = 1;
                res->cache_phase_end = at;
                if (g) {
                    g++;
                    size_t e = used_in_direct(c, o, rl.direct, 1, g);
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
        ref_cache(&rl, &c->ph[0]) && c->nph >= 2 && g != 1 &&
        S->cache_bytes < 0.95 * ref->sum.cache_bytes) {
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
        S->cache_censored == SSD_CENSOR_NONE && ref_cache(&rl, &c->ph[0]) && c->nph >= 2 &&
        c->ph[1].last >= c->ph[1].first + 8)
        dipped_cache_end(c, o, S, res, rl.direct);
    if (rl.known && rl.cache && !rl.dynamic && S->has_cache &&
        S->cache_censored == SSD_CENSOR_NONE && ref_cache(&rl, &c->ph[0]))
        end_before_direct_sample(c, o, S, rl.direct, rl.cache_level);
    /* The used state's first samples still at the reference's direct level
     * (above the midpoint between it and the used state's) are the direct
     * writes before it: the direct phase's, or a phase of their own right
     * after the cache, however few. */
    if (rl_path && g >= 1 && g < c->nph && c->ph[g].level_bps * o->min_step <= rl.direct) {
        size_t f = c->ph[g].first, e = f;
        double cut = 0.5 * (log(rl.direct) + log(c->ph[g].level_bps));
        while (e + 3 <= c->ph[g].last && c->y[e] >= cut)
            e++;
        int direct_before = split_direct || (g >= 2 && at_direct(&rl, o, c->ph[g - 1].level_bps));
        if (direct_before)
            e = direct_through_dips(c, o, rl.direct, g, e);
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
        S->gc_start_bytes = c->ph[g].start_bytes;
        S->gc_level_bps = c->ph[g].level_bps;
    }
    /* A used drive's used state that began bursting inside the short
     * phase before it (gc_bursts_after_drop). */
    if (rl.known && o->written_before_bytes > 0 && g >= 1 && g < c->nph &&
        !(g == 1 && S->has_cache)) {
        size_t k =
            gc_bursts_after_drop(c, o, g, rl.dynamic && isfinite(rl.fold) ? rl.fold : rl.direct);
        if (k != c->ph[g].first) {
            ssd__curve_move_boundary(c, g, k);
            S->gc_start_bytes = c->ph[g].start_bytes;
            S->gc_level_bps = c->ph[g].level_bps;
        }
    }
    /* (No reference: the cache's end against the level right after it,
     * used_cache_end_against_next_level.) */
    if (!rl.known)
        used_cache_end_against_next_level(c, o, res);
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
    size_t gc_from = g ? g : c->nph;
    double direct = NAN, fold = NAN;
    /* (With a reference, the drive's direct level is the reference's:
     * the first level after a dynamic cache may be its folding, however
     * short: a small cache on a drive written full folds in minutes.) */
    int ref_fold = 0;
    if (rl.known && S->has_cache && ref_cache(&rl, &c->ph[0])) {
        direct = rl.direct;
        can_fold = ref_fold = rl.dynamic;
    }
    size_t slight = hidden_cache ? 0 : slight_cache_direct(c, o, S, g);
    if (slight)
        can_fold = 1;
    /* (The reference's folding before the used state, no cache found
     * before it: gc_onset_phase's ref_fold_level.) */
    if (!S->has_cache && g >= 2 && ref_fold_level(c, o, &rl, g - 1))
        can_fold = 1;
    /* (A level the drive still wrote clean blocks at before the used
     * state, no cache found: direct writes, gc_onset_phase's
     * clean_level_before_drop.) */
    size_t clean_lv = !S->has_cache && g >= 2 && !can_fold &&
                              clean_level_before_drop(c, o, S->capacity_bytes, g - 1)
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
            folds_cache |= fabs(r / k - 1) <= 0.1;
    }
    /* (A cache ended inside the first sample: within its bounds.) */
    if (S->has_cache && S->cache_censored == SSD_CENSOR_RESOLUTION && S->cache_bytes > 0 &&
        (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL && g == 2 && !rl.known)
        folds_cache = lasts_a_fold_of(S->cache_bytes + 0.5 * S->cache_uncertainty_bytes,
                                      S->cache_bytes + 0.5 * S->cache_uncertainty_bytes,
                                      c->ph[2].start_bytes);
    int slow_level = !rl.known && seq_fill_slow_level(c, o, S, g);
    int fold_first = !rl.known && fresh_room(o, S->capacity_bytes) <= 0 &&
                     !seq_overwrites(o, res) &&
                     (((int)o->precondition == SSD_PRECONDITION_SEQ_FILL && dynamic_cache(S)) ||
                      folds_cache || slow_level) &&
                     !hidden_cache && !slight && !split_direct && g == 2 &&
                     c->ph[1].level_bps >= o->min_step * c->ph[2].level_bps &&
                     c->ph[1].level_bps * o->min_step <= c->ph[0].level_bps;
    /* (The folding seq_fill_slow_level found is one lasting level between
     * the cache and GC's scatter: its boundaries are the segmentation's,
     * not its flattest run's, which a noisy folding ends early.) */
    int slow_fold = fold_first && slow_level && !dynamic_cache(S);
    S->has_folding = 0;
    S->folding_start_bytes = S->folding_level_bps = NAN;
    for (size_t j = 0; j < c->nph; j++) {
        struct ssd_phase *p = &c->ph[j];
        if (fold_first && j == 1) {
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
        } else if (can_fold && isnan(fold) && p->level_bps * o->min_step <= direct &&
                   (p->last - p->first + 1 >= (j + 1 < c->nph ? 1 : 2) * c->min_len ||
                    (ref_fold && j + 1 < c->nph && p->last - p->first + 1 >= 3) ||
                    half_level_before_gc(c, o, j, g)) &&
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
        fold_to_its_flat_run(c, res, g - 1, g)) {
        size_t j = g - 1;
        while (j > 0 && c->ph[j - 1].regime == SSD_REGIME_FOLDING)
            j--;
        S->folding_start_bytes = c->ph[j].start_bytes;
        S->folding_level_bps = c->ph[j].level_bps;
        S->gc_start_bytes = c->ph[g].start_bytes;
        S->gc_level_bps = c->ph[g].level_bps;
    } else if (S->has_folding && g && rl.known && rl.dynamic && o->written_before_bytes > 0 &&
               c->ph[g - 1].regime == SSD_REGIME_FOLDING &&
               short_fold_run_before_gc(c, o, isfinite(fold_lv) ? fold_lv : S->folding_level_bps,
                                        g - 1, g)) {
        if (S->folding_start_bytes == c->ph[g - 1].start_bytes)
            S->folding_level_bps = c->ph[g - 1].level_bps;
        S->gc_start_bytes = c->ph[g].start_bytes;
        S->gc_level_bps = c->ph[g].level_bps;
    } else if (S->has_folding && g && c->ph[g - 1].regime == SSD_REGIME_FOLDING &&
               gc_scatter_after_fold_run(c, &g)) {
        S->gc_start_bytes = c->ph[g].start_bytes;
        S->gc_level_bps = c->ph[g].level_bps;
    } else if (S->has_folding && g && !(o->written_before_bytes > 0) && dynamic_cache(S) &&
               c->ph[g - 1].regime == SSD_REGIME_FOLDING && fold_at_direct_end(c, o, &g)) {
        S->folding_start_bytes = c->ph[g - 1].start_bytes;
        S->folding_level_bps = c->ph[g - 1].level_bps;
        S->gc_start_bytes = c->ph[g].start_bytes;
        S->gc_level_bps = c->ph[g].level_bps;
    }
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
                      c->ph[1].start_bytes < MAX_CACHE_CAPACITY_SHARE * S->capacity_bytes;
    if (slight_step) {
        res->slight_cache_bytes = c->ph[1].start_bytes;
        res->direct_bps = c->ph[1].level_bps;
    }
    for (size_t j = 1; !slight_step && (S->has_cache || slight) && j < c->nph; j++) {
        if (c->ph[j].regime == SSD_REGIME_FOLDING || c->ph[j].regime == SSD_REGIME_GC)
            break;
        if (c->ph[j].regime == SSD_REGIME_DIRECT) {
            res->direct_bps = c->ph[j].level_bps;
            break;
        }
    }
    /* (A static cache whose direct writes happen to last 1, 2 or 3 times
     * its size reads the same as that folding: the note says so.) */
    if (fold_first && folds_cache && !((int)o->precondition == SSD_PRECONDITION_SEQ_FILL))
        res->regime_note =
            "the drive was written full before this run: the level after its cache lasted 1, "
            "2 or 3 times the cache, as a dynamic cache's folding does once it has taken every "
            "clean block (bits - 1 bytes freed per byte it held), and is read as that folding; "
            "direct writes after a static SLC cache that happen to last as long would read the "
            "same, and the drive's fresh run as reference tells them apart";
    if (slow_fold)
        res->regime_note = span_whole(o, S) == 1 ? SLOW_FOLD_NOTE
                                                 : SLOW_FOLD_NOTE
                               "; random writes over part of the drive only, whose GC is "
                               "cheaper, would read the same (the run's span is not known), "
                               "and the drive's fresh run as reference tells them apart";
    /* A drive written full, no reference, a cache smaller than any a
     * dynamic one must be, then direct writes before the used state: a
     * static cache does that, but a dynamic cache that the fill shrank to
     * what the spare area holds in SLC mode folds there instead (seed
     * 2026's drive 117: 20 GiB on a 461 GB drive, folding at 54 MB/s for
     * 58 GiB, then GC at 4.8), at a level one curve cannot tell from direct
     * writes. The note says so. */
    if (!rl.known && S->has_cache && !S->has_folding && g >= 2 && c->nph > 1 &&
        c->ph[1].regime == SSD_REGIME_DIRECT && fresh_room(o, S->capacity_bytes) <= 0 &&
        !seq_overwrites(o, res) && !dynamic_cache(S))
        res->regime_note = small_cache_direct_note(o);
    /* A drive written before the run (a fill, or earlier runs since
     * TRIM), capacity unknown: the clean blocks that writing left are
     * written fast, then the used state follows, and without the capacity
     * nothing bounds that room, so a cache found may be it. */
    if (!isfinite(S->capacity_bytes) && S->has_cache &&
        (o->written_before_bytes > 0 || (int)o->precondition == SSD_PRECONDITION_SEQ_FILL ||
         (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL))
        res->regime_note =
            "the drive's capacity is unknown and it was written before this run: the clean "
            "blocks that writing left are written fast, then the used state follows, so the "
            "cache may be those clean blocks and its drop the used state's onset; give the "
            "capacity";
    /* Neither the capacity nor the drive's past (a log from another tool
     * without its metadata): the capacity's note alone said nothing of a
     * used drive, and SSD370's 2-hour run after a fill read "cache 15 GiB,
     * then 40x slower" (round 23's audit). Say both, as the note below
     * does when the capacity is known. */
    if (res->regime_note == CAPACITY_UNKNOWN_NOTE && S->has_cache &&
        !(o->written_before_bytes > 0) && (int)o->precondition == SSD_PRECONDITION_UNKNOWN)
        res->regime_note = CAPACITY_UNKNOWN_NOTE_HEAD
            "; and what was written to the drive before this run is not known: on a fresh "
            "drive (after a TRIM or purge) the fast start is an SLC cache, but on a drive "
            "written full before (in use, or preconditioned) the same curve is its clean "
            "blocks running out and the level after them its used state; give the capacity "
            "and the precondition (none after a TRIM or purge) or the bytes written before";
    /* With the capacity but not the drive's past (no written_before, no
     * precondition: a log from another tool, a frame built by hand), a
     * cache found with no used state after it: on a fresh drive it is a
     * cache, but on a drive written full before the run (in daily use,
     * preconditioned) the same curve is its clean blocks running out,
     * then its used state (SSD370's 2-hour run after a fill, analysed
     * with the capacity alone: "cache 15 GiB, then 40x slower", no word
     * of it; the round-22 audit). Which, only the past tells: say so. */
    if (!res->regime_note && isfinite(S->capacity_bytes) && S->has_cache && !g && !S->has_folding &&
        !(o->written_before_bytes > 0) && (int)o->precondition == SSD_PRECONDITION_UNKNOWN &&
        S->total_bytes <= RAW_MAX_CAPACITY_SHARE * S->capacity_bytes)
        res->regime_note =
            "what was written to the drive before this run is not known: on a fresh drive "
            "(after a TRIM or purge) the fast start is an SLC cache, but on a drive written "
            "full before (in use, or preconditioned) the same curve is its clean blocks "
            "running out and the level after them its used state; give the precondition "
            "(none after a TRIM or purge) or the bytes written before";
    /* With the capacity, a drive written full (its used state may start
     * at once) whose cache's run ended before it could have written every
     * clean block it may have had, and with no used state after it: the
     * drop may be the cache's end or where the clean blocks ran out (the
     * level after it the used state), and only a longer run tells. A drive
     * written a little since TRIM (a suite's earlier jobs) is not full. */
    if (isfinite(S->capacity_bytes) && S->has_cache && !g &&
        fresh_room(o, S->capacity_bytes) <= 0 && used_drive_cache(o, S->capacity_bytes, S) &&
        !seq_overwrites(o, res) && S->total_bytes <= clean_room_max(o, S->capacity_bytes))
        res->regime_note =
            "the drive was written before this run, which ended before it could have "
            "written every clean block the drive may have: the cache may be those clean "
            "blocks and its drop the used state's onset; a run writing more than the raw "
            "flash (at most 1.28x the capacity) less what was written before tells";
    /* A drive written full whose fast start dropped once, into the used
     * state, read as its clean blocks (one_drop_on_full_drive): a static
     * cache or one folding at the used state's speed reads the same. */
    if (one_drop && clean_room && !S->has_cache && S->has_gc)
        res->regime_note =
            "the drive was written full before this run and its speed dropped once, into the "
            "used state: the fast start is read as the clean blocks the fill or idle time "
            "left; a static SLC cache (which survives a fill) or a dynamic one folding at the "
            "used state's speed would read the same, and the drive's fresh run as reference "
            "tells them apart";
    /* (After a random fill, what reads the same is said more exactly:
     * random_fill_one_drop_note.) */
    const char *rf_note = random_fill_one_drop_note(c, o, S, g, rl.known, fast_lv);
    if (rf_note)
        res->regime_note = rf_note;
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
    if (g && g + 1 == c->nph && rl_path && rl.dynamic && !S->has_folding && S->has_cache &&
        isfinite(S->capacity_bytes) && fresh_room(o, S->capacity_bytes) <= 0 &&
        !slides_down(c, &c->ph[g]) &&
        (c->ph[g - 1].regime == SSD_REGIME_CACHE || c->ph[g - 1].regime == SSD_REGIME_DIRECT)) {
        double held = S->cache_bytes;
        if ((int)o->precondition == SSD_PRECONDITION_SEQ_FILL && isfinite(rl.cache_bytes))
            held += rl.cache_bytes;
        if (c->cum[c->n] - c->ph[g].start_bytes <= FOLD_BYTES_PER_CACHED * held) {
            S->gc_may_be_folding = 1;
            res->regime_note =
                "the drive was written full before this run: after its dynamic cache it folds "
                "the cache into TLC/MLC before garbage collection runs, and garbage collection "
                "may follow at the same speed, so the used state found may be that folding, "
                "in part or to the end; a run writing past what folding can last (3 bytes per "
                "byte the cache holds) tells";
        }
    }
    /* A run that never dropped, on a drive written past its raw flash
     * right before it (used_from_first_byte): no clean blocks to write
     * fast, no cache to fill (a static one the fill left full, a dynamic
     * one with no free blocks to borrow): the used state from byte 0. */
    int flat =
        !S->has_cache && !g && !S->has_folding && !hidden_cache && !dropped_below_first(c, o);
    if (flat && used_from_first_byte(o, S->capacity_bytes)) {
        for (size_t j = 0; j < c->nph; j++)
            c->ph[j].regime = SSD_REGIME_GC;
        g = c->nph; /* (the steps below: none before the used state) */
        const struct ssd_phase *p = &c->ph[c->nph - 1];
        S->has_gc = 1;
        S->gc_start_bytes = c->ph[0].start_bytes;
        S->gc_level_bps = c->ph[0].level_bps;
        S->gc_end_level_bps = p->level_bps;
        if (c->nph == 1 && p->last - p->first + 1 >= 8) {
            /* One phase from the start: its level over its last quarter. */
            size_t a4 = p->last + 1 - (p->last + 1 - p->first) / 4;
            memcpy(c->scratch, c->y + a4, (p->last + 1 - a4) * sizeof *c->y);
            S->gc_end_level_bps = exp(ssd__median(c->scratch, p->last + 1 - a4));
        }
        S->post_cache_bps = c->ph[0].level_bps;
        res->direct_bps = 0;
        res->regime_note =
            "the drive was written past its raw flash (so GC has run) and this run began "
            "right after its last write (idle_before_s 0): no idle time cleaned blocks for it, "
            "so it is in its used state from the first byte";
        flat = 0;
    }
    /* Without a cache the level is the first lasting phase's: a first
     * phase shorter than a minimum phase and not a step above it (no fast
     * start, a transient before a dip) is no level the drive holds (SSD370
     * after a fill, 4K over 8 GiB for 5 min: 263 MiB/s for 1 s, 156 for
     * 3 s, then 285 for 296 s read "262.6 MiB/s", below the run's mean
     * and its end; the round-23 audit). A short first phase a step above
     * (a static cache's 41 s before the clean blocks) keeps its level. */
    if (!S->has_cache && c->nph >= 2 && S->post_cache_bps == c->ph[0].level_bps &&
        c->ph[0].last - c->ph[0].first + 1 < c->min_len)
        for (size_t j = 1; j < c->nph; j++) {
            const struct ssd_phase *p = &c->ph[j];
            if (S->has_gc && p->start_bytes >= S->gc_start_bytes)
                break;
            if (p->regime == c->ph[0].regime && p->last - p->first + 1 >= c->min_len) {
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
                  S->total_bytes >= MAX_CACHE_CAPACITY_SHARE * S->capacity_bytes))
        res->regime_note =
            isfinite(S->capacity_bytes)
                ? "the speed never dropped: an SLC cache larger than this run wrote would "
                  "not show, so the direct level may be a cache's; a run writing 64% of the "
                  "capacity tells"
                : "the speed never dropped: an SLC cache larger than this run wrote would "
                  "not show, so the direct level may be a cache's; the drive's capacity is "
                  "unknown, so no run length rules a cache out (give the capacity)";
    /* Steps at or after the used state's start are GC, not steps. */
    if (g) {
        size_t k = 0;
        for (size_t i = 0; i < res->nsteps; i++)
            if (res->steps[i].start_bytes < S->gc_start_bytes)
                res->steps[k++] = res->steps[i];
        res->nsteps = k;
    }
    for (size_t j = 0; j < c->nph; j++)
        phase_dips(c, o, &c->ph[j]);
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
