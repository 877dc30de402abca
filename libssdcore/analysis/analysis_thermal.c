/* analysis_thermal.c - thermal throttling, found only where the series
 * logged the drive's temperature (temp_c). Reviewers call a drop
 * throttling when the speed steps down as the temperature reaches a limit
 * and the temperature then stops climbing; a cache running out or GC
 * setting in drop at a byte count, whatever the temperature. So a step down
 * is throttling when, at its onset,
 *   - the drive had been heating (5 C or more above its coolest reading
 *     before, and still rising over the end of the phase before),
 *   - it was at its hottest so far (within 1.5 C) and at least
 *     throttle_min_c (published drives throttle at 60-85 C composite),
 *   - and in the slower phases after it the temperature holds: no more
 *     than 4 C above the onset (or above a further step's), on average no
 *     more than 8 C below it.
 * Without a temp_c column nothing is found and nothing is guessed. */
#include <math.h>
#include <string.h>

#include "analysis_internal.h"
#include "regimes.h"

#define HEATED_C 5.0 /* rise since the coolest reading before the onset */
#define PEAK_C 1.5   /* the onset within this of the hottest reading so far */
#define ABOVE_C 4.0  /* the held temperature rises no more than this */
#define BELOW_C 8.0  /* ... and on average falls no more than this */

static double finite_max(const double *v, size_t a, size_t b) {
    double m = NAN;
    for (size_t i = a; i < b; i++)
        if (isfinite(v[i]) && !(v[i] <= m))
            m = v[i];
    return m;
}

static double finite_min(const double *v, size_t a, size_t b) {
    double m = NAN;
    for (size_t i = a; i < b; i++)
        if (isfinite(v[i]) && !(v[i] >= m))
            m = v[i];
    return m;
}

static double finite_mean(const double *v, size_t a, size_t b) {
    double sum = 0;
    size_t n = 0;
    for (size_t i = a; i < b; i++)
        if (isfinite(v[i]))
            sum += v[i], n++;
    return n ? sum / (double)n : NAN;
}

/* Whether the temperature rose over the last quarter of phase p (at least
 * 3 samples): a drive at its thermal equilibrium did not throttle now. */
static int rising_before(const double *T, const struct ssd_phase *p) {
    size_t len = p->last - p->first + 1, w = len / 4 < 3 ? 3 : len / 4;
    if (w > len)
        w = len;
    size_t a = p->last + 1 - w;
    double first = NAN, last = NAN;
    for (size_t i = a; i <= p->last; i++)
        if (isfinite(T[i])) {
            if (isnan(first))
                first = T[i];
            last = T[i];
        }
    return last - first >= 0.5;
}

/* Whether a phase after phase k is labelled folding. */
static int folds_after(const struct ssd__curve *c, size_t k) {
    for (size_t i = k + 1; i < c->nph; i++)
        if (c->ph[i].regime == SSD_REGIME_FOLDING)
            return 1;
    return 0;
}

#define CACHE_OR_THROTTLE_NOTE                                                                     \
    "the cache ended as the drive reached its hottest point (it folds later, so the fast start "   \
    "was a cache), but a thermal throttle at the cache's speed that hid the cache's end would "    \
    "read the same; a run with the drive kept cooler tells"

/* Drops the cache found at the throttle's onset: the fast start was the
 * drive before it got hot, and with no cache the post-cache figure is the
 * first phase's level (DESIGN.md). */
static void revoke_cache(struct ssd__curve *c, struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    ssd__no_cache_figures(S);
    S->post_cache_bps = c->ph[0].level_bps;
    if (c->ph[0].regime == SSD_REGIME_CACHE)
        c->ph[0].regime = SSD_REGIME_DIRECT;
}

/* A throttle that saw-tooths inside one phase: the drive slows as it
 * reaches its limit, cools a few degrees, speeds up, heats again, in
 * steps too short for phases of their own (the segmentation calls them
 * periodic dips). It is throttling when the dips begin, again and again,
 * at the same temperature (within PEAK_C of the first), each after the
 * drive heated up to it (rising before), at least throttle_min_c, after
 * the drive warmed HEATED_C: GC dips come whatever the temperature. The
 * phases keep their regime; "throttle" gives the first dip, the speed in
 * the dips and the time spent in them. */
static void sawtooth(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                     const double *T, struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    for (size_t j = 0; j < c->nph; j++) {
        const struct ssd_phase *p = &c->ph[j];
        double level = p->level_bps, on = NAN, coolest = finite_min(T, 0, p->first + 1);
        size_t first = 0, starts = 0, in_dip = 0;
        double dip_s = 0;
        size_t n_low = 0;
        for (size_t k = p->first + 4; k <= p->last; k++) {
            int low = c->r[k] * o->min_step <= level;
            if (low) {
                c->scratch[n_low++] = c->r[k];
                dip_s += ssd__curve_dt(c, k);
            }
            if (!low || in_dip) {
                in_dip = low;
                continue;
            }
            in_dip = 1;
            double tk = finite_max(T, k - 1, k + 1);
            int rising = T[k - 1] - T[k - 4] >= 0.5;
            if (!(tk >= o->throttle_min_c) || !rising || !(tk - coolest >= HEATED_C) ||
                !(tk >= finite_max(T, 0, k) - PEAK_C))
                continue;
            if (!starts) {
                first = k;
                on = tk;
            }
            starts += fabs(tk - on) <= PEAK_C;
        }
        if (starts < 3)
            continue;
        S->has_throttle = 1;
        S->throttle_start_s = c->t[first - 1];
        S->throttle_start_bytes = c->cum[first];
        S->throttle_temp_c = on;
        S->throttle_level_bps = ssd__median(c->scratch, n_low);
        S->throttle_before_bps = level;
        S->throttled_s = dip_s;
        res->throttle_steps = 0; /* inside a phase: no phase of its own */
        return;
    }
}

void ssd__find_throttle(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                        const ssd_series *s, struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    S->has_temperature = S->has_throttle = 0;
    S->temp_start_c = S->temp_max_c = S->temp_end_c = NAN;
    S->throttle_start_s = S->throttle_start_bytes = S->throttle_temp_c = NAN;
    S->throttle_level_bps = S->throttle_before_bps = S->throttled_s = NAN;
    res->throttle_steps = 0;
    res->throttle_note = "the series has no temperature column (temp_c): throttling not assessed";
    const double *T = ssd_series_column(s, "temp_c");
    if (!T)
        return;
    size_t n = c->n, known = 0;
    for (size_t i = 0; i < n; i++)
        known += isfinite(T[i]) != 0;
    if (known < 3 || 2 * known < n) {
        res->throttle_note = "the temperature column holds too few readings: throttling not "
                             "assessed";
        return;
    }
    res->throttle_note = NULL;
    S->has_temperature = 1;
    S->temp_max_c = finite_max(T, 0, n);
    for (size_t i = 0; i < n && isnan(S->temp_start_c); i++)
        if (isfinite(T[i]))
            S->temp_start_c = T[i];
    for (size_t i = n; i-- > 0 && isnan(S->temp_end_c);)
        if (isfinite(T[i]))
            S->temp_end_c = T[i];

    for (size_t j = 1; j < c->nph; j++) {
        const struct ssd_phase *prev = &c->ph[j - 1], *p = &c->ph[j];
        double before = prev->level_bps;
        if (p->level_bps * o->min_step > before)
            continue; /* not a step down */
        size_t i = p->first;
        double on = finite_max(T, i - 1, i + 1 < n ? i + 1 : n);
        double coolest = finite_min(T, 0, i), hottest = finite_max(T, 0, i);
        if (!(on >= o->throttle_min_c) || !(on - coolest >= HEATED_C) ||
            !(on >= hottest - PEAK_C) || !rising_before(T, prev))
            continue;
        /* The slower phases from here on (faster ones in between are the
         * drive cooled enough to speed up again): does the temperature
         * hold? A further step down raises what "held" allows. */
        double limit = on, sum_t = 0, sum_s = 0, held_s = 0;
        size_t steps = 0, last_slow = j;
        int held = 1;
        for (size_t k = j; k < c->nph && held; k++) {
            const struct ssd_phase *q = &c->ph[k];
            if (q->level_bps * o->min_step > before)
                continue;
            double qmax = finite_max(T, q->first, q->last + 1);
            double qon = finite_max(T, q->first ? q->first - 1 : 0, q->first + 1);
            if (k > j && qon >= limit - PEAK_C && isfinite(qon))
                limit = fmax(limit, qon); /* a further (or repeated) step */
            if (qmax > limit + ABOVE_C) {
                held = k > j; /* heating on right after the onset: not this step */
                break;
            }
            double qmean = finite_mean(T, q->first, q->last + 1);
            if (k > j && qmean < on - BELOW_C)
                break; /* cooled down for good: a later regime, not throttling */
            double dur = q->end_s - q->start_s;
            sum_t += qmean * dur;
            sum_s += dur;
            held_s += dur;
            steps++;
            last_slow = k;
        }
        if (!held || !(sum_s > 0) || sum_t / sum_s < on - BELOW_C)
            continue;
        /* The first drop, with a folding after the stretch (a phase that
         * cooled, so no throttling): a drive folds only a dynamic cache it
         * wrote, so the fast start held that cache, and "no cache" is
         * wrong whatever the drop was. The drop is read as the cache's
         * end; a throttle at the cache's speed that hid its end would read
         * the same (said, not decided). */
        if (j == 1 && S->has_cache && S->cache_censored == SSD_CENSOR_NONE &&
            folds_after(c, last_slow)) {
            if (!res->undecided && !res->regime_note) {
                ssd__set_undecided(res, "cache_or_throttle", "cache", "cooler_run");
                res->regime_note = CACHE_OR_THROTTLE_NOTE;
            }
            return;
        }
        S->has_throttle = 1;
        S->throttle_start_s = p->start_s;
        S->throttle_start_bytes = p->start_bytes;
        S->throttle_temp_c = on;
        /* A drive whose throttle saw-tooths (its speed back as soon as it
         * cooled a little) dropped at this temperature before, in steps too
         * short for a phase of their own: the throttle began at the first
         * such drop. */
        for (size_t k = prev->first + 1; k < i; k++) {
            double tk = finite_max(T, k - 1, k + 1);
            if (c->r[k] * o->min_step <= before && tk >= on - PEAK_C && tk >= o->throttle_min_c) {
                S->throttle_start_s = c->t[k - 1];
                S->throttle_start_bytes = c->cum[k];
                S->throttle_temp_c = tk;
                break;
            }
        }
        S->throttle_level_bps = p->level_bps;
        S->throttle_before_bps = before;
        S->throttled_s = held_s;
        res->throttle_steps = (int)steps;
        for (size_t k = j; k <= last_slow; k++)
            if (c->ph[k].level_bps * o->min_step <= before)
                c->ph[k].regime = SSD_REGIME_THROTTLE;
        /* The cache test took this drop for the cache's end. */
        if (S->has_cache && S->cache_censored == SSD_CENSOR_NONE && j == 1)
            revoke_cache(c, res);
        return;
    }
    sawtooth(c, o, T, res);
}
