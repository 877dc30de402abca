/* analysis.c - the analysis handle: options by key, a run, and the result
 * accessors. The steps of a run live in analysis_*.c. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"
#include "json_read.h"
#include "jsonw.h"
#include "options.h"
#include "precondition.h"
#include "regimes.h"
#include "result_size.h"
#include "summary_keys.h"

#define SSD__OPTION_OWNER struct ssd_analysis
/* clang-format off */
/* X(key, TYPE, where, unit, min, max, default, words, flags, help) */
#define ANALYSIS_OPTIONS(X)                                                                        \
    X(penalty, FLOAT, o.penalty, "", 0.01, 1000, "3", "", 0,                                       \
      "PELT penalty in units of noise variance * ln(n)")                                           \
    X(min_step, FLOAT, o.min_step, "", 1.001, 10, "1.15", "", 0,                                   \
      "smallest level ratio that separates phases")                                                \
    X(min_drop, FLOAT, o.min_drop, "", 1.01, 100, "1.3", "", 0,                                    \
      "smallest cache/post-cache ratio that is a cache")                                           \
    X(min_phase_samples, INT, o.min_phase_samples, "", 1, 1e9, "5", "", 0,                         \
      "shortest lasting phase, in samples")                                                        \
    X(min_phase_fraction, FLOAT, o.min_phase_fraction, "", 0, 0.5, "0.01", "", 0,                  \
      "shortest lasting phase, as a fraction of the run")                                          \
    X(dip_depth, FLOAT, o.dip_depth, "", 0.01, 0.99, "0.2", "", 0,                                 \
      "smallest relative dip below the phase level")                                               \
    X(ss_round_s, DURATION, o.ss_round_s, "s", 1e-3, 1e8, "60", "", 0,                             \
      "steady-state round length")                                                                 \
    X(ss_range, FLOAT, o.ss_range, "", 0, 10, "0.2", "", 0,                                        \
      "steady-state range limit, as a fraction of the mean")                                       \
    X(ss_slope, FLOAT, o.ss_slope, "", 0, 10, "0.1", "", 0, "steady-state slope-excursion limit") \
    X(expect_cache_bps, SIZE, o.expect_cache_bps, "B/s", 0, HUGE_VAL, "0", "", 0,                  \
      "when > 0: a run that never drops but stays at >= 80% of this level reports a "              \
      "right-censored cache instead of none")                                                      \
    X(exact_limit, INT, o.exact_limit, "", 64, 1e12, "2048", "", 0,                                \
      "series up to this many samples are segmented exactly; longer ones on about half as many "   \
      "block means, each change then placed at sample resolution")                                \
    X(noise_merge, FLOAT, o.noise_merge, "", 0, 100, "1", "", 0,                                   \
      "neighbouring phases whose split does not pay this many times the penalty at their own "     \
      "noise merge (a chaotic collapse is one phase); 0: off")                                     \
    X(capacity_bytes, SIZE, o.capacity_bytes, "B", 0, HUGE_VAL, "0", "", 0,                        \
      "the drive's user capacity; a lasting change once about this much was written since TRIM "   \
      "is the used state (GC); 0: the series metadata's, else unknown")                            \
    X(written_before_bytes, SIZE, o.written_before_bytes, "B", 0, HUGE_VAL, "0", "", 0,            \
      "bytes written since the last TRIM before the series began; unset: the series metadata's "   \
      "(a job's written_before); set, even to 0, it wins")                                         \
    X(precondition, ENUM, o.precondition, "", 0, 0, "unknown", SSD__PRECONDITION_WORDS, 0,         \
      "how the drive was preconditioned before the run (or its enum ssd_precondition value); "     \
      "unset: the series metadata's, else unknown; set, it wins")                                  \
    X(idle_before_s, DURATION, o.idle_before_s, "s", 0, 1e8, "", "", 0,                           \
      "seconds the drive idled between its last write and the run (0: the run began right "        \
      "after a write); unset: the series metadata's, else unknown; set, it wins")                  \
    X(written_since_idle_bytes, SIZE, o.written_since_idle_bytes, "B", 0, HUGE_VAL, "", "", 0,     \
      "bytes written since the drive last idled before the run (what its SLC cache can hold); "    \
      "unset: the series metadata's, else unknown; set, even to 0, it wins")                       \
    X(span_bytes, SIZE, o.span_bytes, "B", 0, HUGE_VAL, "0", "", 0,                                \
      "how much of the drive the run's writes address (a test area: 8 GiB for a short random "     \
      "write test; the capacity: the whole drive); 0: the series metadata's, else unknown")       \
    X(throttle_min_c, FLOAT, o.throttle_min_c, "C", -40, 200, "60", "", 0,                         \
      "the lowest temperature a drop may be thermal throttling at")
/* clang-format on */
SSD__OPTION_TABLE(analysis_options, "analysis", ANALYSIS_OPTIONS);

SSD__OPTIONS_ACCESSOR(ssd_analysis_options, analysis_options)

SSD_API int ssd_analysis_create(ssd_analysis **out) {
    if (!out)
        return SSD_EINVAL;
    ssd_analysis *a = calloc(1, sizeof *a);
    *out = a;
    if (!a)
        return SSD_ENOMEM;
    ssd__option_defaults(&analysis_options, a);
    return 0;
}

SSD_API void ssd_analysis_free(ssd_analysis *a) {
    if (!a)
        return;
    ssd__curve_release(&a->c);
    free(a->source);
    free(a->input_note);
    free(a->ref_source);
    free(a->ref_overridden);
    free(a);
}

SSD_API int ssd_analysis_set_option(ssd_analysis *a, const char *key, const char *value) {
    if (!a)
        return SSD_EINVAL;
    /* precondition also takes its enum ssd_precondition value ("1", "1.0") */
    char *end = NULL;
    double p = key && value && !strcmp(key, "precondition") ? strtod(value, &end) : 0;
    if (end && end != value && !*end) {
        if (!(p >= 0 && p <= SSD_PRECONDITION_UNKNOWN))
            return ssd__fail(a->err, SSD_ERANGE, "option precondition: %s is outside 0..%d", value,
                             SSD_PRECONDITION_UNKNOWN);
        if (p == (int)p)
            value = ssd__precondition_name((int)p);
    }
    int i = ssd__option_set(&analysis_options, a, key, value, a->err);
    a->o.written_before_set |= i == OPT_written_before_bytes;
    a->o.precondition_set |= i == OPT_precondition;
    a->o.idle_before_set |= i == OPT_idle_before_s;
    if (i == OPT_written_since_idle_bytes)
        a->o.since_idle_set = a->o.since_idle_known = 1;
    return i < 0 ? i : 0;
}

SSD_API int ssd_analysis_get_option(const ssd_analysis *a, const char *key, double *value) {
    return a && value ? ssd__option_get(&analysis_options, a, key, value) : SSD_EINVAL;
}

SSD_API const char *ssd_analysis_errmsg(const ssd_analysis *a) {
    return a ? a->err : "no handle";
}

/* A number >= 0 under "key" in the series' metadata (a flat JSON object,
 * DESIGN.md), else NaN. */
static double metadata_nonnegative(const ssd_series *s, const char *key) {
    const char *m = ssd_series_metadata(s);
    char quoted[64];
    snprintf(quoted, sizeof quoted, "\"%s\"", key);
    const char *k = m ? strstr(m, quoted) : NULL;
    if (!k)
        return NAN;
    k += strlen(quoted);
    while (*k == ' ' || *k == '\t')
        k++;
    if (*k++ != ':')
        return NAN;
    char *end;
    double v = strtod(k, &end);
    return end != k && isfinite(v) && v >= 0 ? v : NAN;
}

/* A positive number under "key" in the series' metadata, else NaN. */
static double metadata_number(const ssd_series *s, const char *key) {
    double v = metadata_nonnegative(s, key);
    return v > 0 ? v : NAN;
}

/* The string under "key" in the series' metadata, copied to out (NUL
 * terminated); 0 when found, -1 when absent, not a plain string or longer
 * than out. */
static int metadata_word(const ssd_series *s, const char *key, char *out, size_t len) {
    const char *m = ssd_series_metadata(s);
    char quoted[64];
    snprintf(quoted, sizeof quoted, "\"%s\"", key);
    const char *k = m ? strstr(m, quoted) : NULL;
    if (!k)
        return -1;
    k += strlen(quoted);
    while (*k == ' ' || *k == '\t')
        k++;
    if (*k++ != ':')
        return -1;
    while (*k == ' ' || *k == '\t')
        k++;
    if (*k++ != '"')
        return -1;
    size_t n = strcspn(k, "\"\\");
    if (k[n] != '"' || n >= len)
        return -1;
    memcpy(out, k, n);
    out[n] = '\0';
    return 0;
}

/* What the series metadata says about the run beyond its samples (DESIGN.md,
 * "The analysis context travels with the run"): written_before_bytes and
 * precondition unless the options set them, and the workload. */
static void context_of(struct ssd__analysis_opts *eo, const ssd_series *s,
                       struct ssd__result *res) {
    if (!eo->written_before_set) {
        double w = metadata_number(s, "written_before_bytes");
        eo->written_before_bytes = isfinite(w) && w <= 1e18 ? w : 0;
    }
    char word[32];
    if (!eo->precondition_set) {
        int p = metadata_word(s, "precondition", word, sizeof word)
                    ? -1
                    : ssd__precondition_parse(word, strlen(word));
        eo->precondition = p >= 0 ? p : SSD_PRECONDITION_UNKNOWN;
    }
    /* (0 is known: the run began right after a write; absent, unknown) */
    if (!eo->idle_before_set) {
        double idle = metadata_nonnegative(s, "idle_before_s");
        eo->idle_before_s = idle <= 1e12 ? idle : NAN;
    }
    /* (0 is known too: nothing written since the drive idled) */
    if (!eo->since_idle_set) {
        double w = metadata_nonnegative(s, "written_since_idle_bytes");
        eo->since_idle_known = w <= 1e18;
        eo->written_since_idle_bytes = eo->since_idle_known ? (uint64_t)w : 0;
    }
    /* (the area the writes addressed: a job records its test area as
     * span_bytes; its logs before that, as the workload's "span") */
    if (!(eo->span_bytes > 0)) {
        double span = metadata_number(s, "span_bytes");
        if (!isfinite(span))
            span = metadata_number(s, "span");
        eo->span_bytes = isfinite(span) && span <= 1e18 ? (uint64_t)span : 0;
    }
    if (metadata_word(s, "pattern", res->pattern, sizeof res->pattern))
        res->pattern[0] = '\0';
    if (metadata_word(s, "temp_source", res->temp_source, sizeof res->temp_source))
        res->temp_source[0] = '\0';
    res->block_size = metadata_number(s, "block_size");
    res->queue_depth = metadata_number(s, "queue_depth");
}

/* The drive's capacity: the option, else the metadata's, else unknown (NaN). */
static double capacity_of(const struct ssd__analysis_opts *o, const ssd_series *s) {
    return o->capacity_bytes > 0 ? o->capacity_bytes : metadata_number(s, "capacity_bytes");
}

/* A start slower than the cache (a ramp, a low-power state the drive
 * leaves after a few GB) before a fast phase that then drops lastingly.
 * Judged alone, the first phase was no faster than what came later and
 * the drop was never tested ("no cache; the speed never dropped"); a ramp
 * the segmentation cut into several rising phases hid it the same way.
 * When the fastest phase j >= 1 lasts (min_len), is min_drop above the
 * phase after it and min_step above every later one, and the start before
 * it (all slower, however many phases) is min_step below it on average and
 * no longer than it, the first phase takes the start in for the cache test
 * (which judges phase 0), keeps the fast level, and c->lead says how many
 * samples the test is not to judge at cache speed. split_slow_start gives
 * a lasting start its own phase back once the cache is found. */
static void take_in_slow_start(struct ssd__curve *c, const struct ssd__analysis_opts *o) {
    c->lead = 0;
    if (c->nph < 3)
        return;
    size_t j = 0;
    for (size_t i = 1; i < c->nph; i++)
        if (c->ph[i].level_bps > c->ph[j].level_bps)
            j = i;
    if (j == 0 || j + 1 >= c->nph)
        return;
    const struct ssd_phase *pj = &c->ph[j];
    size_t lead = pj->first, lenj = pj->last - pj->first + 1;
    double lead_s = c->t[lead - 1], level = pj->level_bps;
    if (!(lead_s > 0) || c->cum[lead] / lead_s * o->min_step > level ||
        c->ph[j + 1].level_bps * o->min_drop > level || lenj < c->min_len || lead > lenj)
        return;
    for (size_t i = j + 1; i < c->nph; i++)
        if (c->ph[i].level_bps * o->min_step > level)
            return; /* (the fast phase is the fastest by min_step) */
    for (size_t i = 0; i < j; i++)
        ssd__curve_merge_next(c, 0);
    c->ph[0].level_bps = level; /* the cache's, not the slow start's */
    c->lead = lead;
}

static int random_pattern(const char *p);

/* A cache's end as its own samples bound it from below. However its
 * size was reached (a fit of two levels across the drop, a reference's
 * size, a model of the drive), the cache holds at least what the run's
 * leading samples at its level wrote (ssd__own_cache_samples): writes at
 * the SLC speed went into SLC. Seed 173's drive 66 (random 2-hour run, the
 * fill's log as reference): five samples at 2.83-2.88 GB/s (13.31 GiB)
 * then 1.33, the model's cache 13.31 GiB, read as the log's 12.30 inside
 * the fifth. (No bound from above: an end inside a sample at the next
 * level's speed would be before it, but the run's noise, which GC's
 * scatter widens, does not tell such a sample from a mixed one: seed
 * 2026's drive 39 in the 50-drive sweep, 8123, 7556, then 3167 MB/s
 * holding the end, then GC at 770-1280, read as at the next level.) */
static void own_samples_bound_cache(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                    struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    double L = S->cache_level_bps, N = S->post_cache_bps;
    if (!S->has_cache || S->cache_censored != SSD_CENSOR_NONE || !(L > N) || !(N > 0) ||
        !isfinite(L) || !isfinite(S->cache_bytes))
        return;
    size_t j = 0;
    while (j < c->n && c->cum[j + 1] <= S->cache_bytes)
        j++;
    size_t own = ssd__own_cache_samples(c, N, log(o->min_step), j + 2);
    if (own < c->n && S->cache_bytes < c->cum[own])
        S->cache_bytes = c->cum[own];
}

/* A used drive's static cache whose end a GC dip hid: the cache's level
 * gives way to samples that are neither the cache's nor the direct
 * writes' (a dip slows the cache and the direct writes alike, and the
 * sample holding the end mixes the two), and the direct writes' level
 * comes back only after them. The end lies somewhere in that stretch,
 * which one curve cannot place (the rules before placed it where the dip
 * began, or against the wrong level), and a static cache is a fixed area
 * that idle time empties: when the reference's cache C (uncensored, a
 * static cache's) falls inside the stretch, the cache is C (the reading
 * more than 5 % short of it; not the reference's own uncertainty, which a
 * fresh run's dip widens: seed 311's drive 138's fresh 2-hour run read
 * 5.39 GiB +- 0.49). Only when the
 * dip shows (a sample in the stretch a step below the direct level, or
 * two a step above it: without a dip one sample mixes the two levels),
 * the
 * reading fell short of C (a dip makes a cache look ended early; one
 * read past C may be a cache the idle refilled more than the fresh run
 * held, after a sequential fill) and the level after the cache is no
 * GC's (GC's own spread is no dip). Seed 311's
 * drive 138, 2 hours after a random fill: 409 MB/s for 13 samples to
 * 4.97 GiB, then 135, 112, 113 and 150 in a dip, then direct writes at
 * 223; read 4.97 GiB, the fill's log 5.32, the model's 5.39. The first
 * sample back at the direct level is in the stretch when it runs above
 * that level (the cache's share in it, dipped to near the direct speed:
 * seed 61's drive 47, 2 hours, 1656 MB/s, then 1433, 1052 and 997 in a
 * dip, then direct writes at 855 MiB/s; read 11.89 GiB, the log's 13.99,
 * the model's 13.96 inside the 997 sample). */
static void static_end_in_dip(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              struct ssd__result *res, double C, double unc) {
    struct ssd_analysis_summary *S = &res->sum;
    double step = log(o->min_step);
    if (!(C > 0) || !isfinite(C) || !S->has_cache || S->cache_censored != SSD_CENSOR_NONE ||
        !(o->written_before_bytes > 0) || o->idle_before_s == 0 || c->nph < 2 ||
        !(S->cache_level_bps > 0) || !(S->post_cache_bps > 0) ||
        !(S->cache_level_bps >= o->min_drop * S->post_cache_bps) ||
        !(C - S->cache_bytes > 0.05 * C) || c->ph[1].regime == SSD_REGIME_GC)
        return;
    double hi = log(S->cache_level_bps), ld = log(S->post_cache_bps);
    size_t m = 0;
    while (m + 1 < c->n && c->cum[m + 1] <= S->cache_bytes)
        m++;
    size_t a = m + 1;
    while (a > 0 && c->y[a - 1] < hi - step)
        a--;
    if (a == 0)
        return;
    size_t b = a;
    while (b < c->n && !(fabs(c->y[b] - ld) < step)) {
        if (c->y[b] >= hi - step)
            return;
        b++;
    }
    size_t e = b + 1 < c->n && c->y[b] > ld ? b + 1 : b;
    if (e >= c->n || b == a || !(C > c->cum[a] && C < c->cum[e]))
        return;
    int dip = 0, between = 0;
    for (size_t i = a; i < b; i++) {
        dip |= c->y[i] < ld - step;
        between += c->y[i] > ld + step;
    }
    if (!dip && between < 2)
        return;
    size_t k = a;
    while (k + 1 < b && c->cum[k + 1] <= C)
        k++;
    S->cache_bytes = C;
    S->cache_uncertainty_bytes = unc;
    if (k + 1 > c->ph[0].last + 1 && k + 1 < c->ph[1].last) {
        ssd__curve_move_boundary(c, 1, k + 1);
        res->cache_phase_end = k + 1;
    }
}

/* A used drive's cache whose end fell inside one of the drive's own GC
 * dips: the cache test ended it where the dip began, and the dip's
 * samples, at about half the cache's speed, were read as direct writes
 * before the folding (seed 443's drive 71, 2 hours after a random fill:
 * 390 MiB/s, 290 holding the dip's start, 196, 196 and 195, the end at
 * 7.0 s inside the dip, then folding at 121: "cache 1.33 GiB, truth
 * 2.00"). A drive's dips (its mapping table written back, a collection
 * pause: real drives' fio logs show them recur at about one period,
 * length and depth) stall the write path for part of the time, so they
 * slow whatever is written, cache or direct writes, by one fraction.
 * Where a dip falls is random (one somewhere in each period), but its
 * depth and length are the drive's, and the same drive's run of the
 * same workload (the reference) measured them where they are
 * unambiguous, periodic through its direct writes (own_dip_ratio,
 * own_dip_len_s; the used run's own cache of a few seconds holds less
 * than a period). So whole samples after the sample holding the end the
 * rules read (itself half a step below the cache), within a step and a
 * half of the cache's level times that ratio (each dip's depth varies),
 * each shorter than a dip and together, with the dip's share of the
 * first, no longer than 1.25 dips (the measured length is short by the
 * samples a dip half-fills), are the cache in a dip when the reference's
 * folding follows them (holding for 5 samples, the dip a step above
 * it): a drive that folds its cache folds right after its end, where
 * clean blocks written directly, as short as a dip when few are left
 * and at a direct speed a dip's depth often matches (a static cache's
 * after a random fill), run out into the used state instead. The cache
 * ends in the sample after them, split between their level and the
 * folding's (the cache's own, when the dip ended before the cache did),
 * and the phases the stretch made join the cache's. */
static void cache_end_through_ref_dip(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                      const struct ssd__result *ref, struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    if (!ref || !S->has_cache || S->cache_censored != SSD_CENSOR_NONE ||
        !(o->written_before_bytes > 0) || c->nph < 2 || !(S->cache_level_bps > 0) ||
        !isfinite(S->cache_bytes))
        return;
    double q = ref->own_dip_ratio, len = ref->own_dip_len_s;
    if (!(q > 0 && q < 1) || !(len > 0) || !isfinite(len))
        return;
    double step = log(o->min_step), hi = log(S->cache_level_bps), dl = hi + log(q);
    size_t m = 0;
    while (m + 1 < c->n && c->cum[m + 1] <= S->cache_bytes)
        m++;
    if (!(c->y[m] < hi - 0.5 * step) || !(c->y[m] > dl - 1.5 * step))
        return;
    size_t j = m + 1;
    double dt = 0, sum = 0;
    while (j < c->n && fabs(c->y[j] - dl) < 1.5 * step) {
        dt += ssd__curve_dt(c, j);
        sum += c->r[j];
        j++;
    }
    size_t nw = j - m - 1, k = j;
    if (nw < 1 || k + 6 > c->n)
        return;
    double D = sum / (double)nw, lo = ssd__level_of(c, k + 1, k + 6);
    /* The dip began inside sample m (its share there from m's speed
     * between the cache's and the dip's) and held through the whole
     * samples: no longer than the drive's dips, each sample shorter than
     * one. */
    double in_m = (exp(hi) - c->r[m]) / (exp(hi) - D);
    in_m = in_m < 0 ? 0 : in_m > 1 ? 1 : in_m;
    if (dt + in_m * ssd__curve_dt(c, m) > 1.25 * len || !(fabs(log(D) - lo) >= step))
        return;
    for (size_t i = m + 1; i < k; i++)
        if (ssd__curve_dt(c, i) > len)
            return;
    /* What follows the stretch is the reference's folding (within a
     * step; the stretch itself a step above it): a drive that folds its
     * cache folds right after its end, where clean blocks written
     * directly (a static cache's after a random fill, as short as a dip
     * when few are left, and at the direct level, which a dip's depth
     * often matches) run out into the used state instead. */
    double rf = ref->sum.folding_level_bps;
    if (!(rf > 0) || !isfinite(rf) || !(fabs(lo - log(rf)) < step) || !(log(D / rf) >= step) ||
        !ssd__holds_level(c, o, k + 1, k + 6, log(rf)))
        return;
    double L = exp(lo), f, at;
    if ((c->r[k] - L) * (c->r[k] - D) <= 0) {
        f = (c->r[k] - L) / (D - L);
        at = D;
    } else if ((c->r[k] - L) * (D - L) > 0) {
        f = (c->r[k] - L) / (exp(hi) - L);
        at = exp(hi);
    } else {
        f = 0;
        at = D;
    }
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    double cb = c->cum[k] + f * ssd__curve_dt(c, k) * at;
    size_t ce = f > 0 ? k + 1 : k;
    if (!(cb > S->cache_bytes))
        return;
    int merged = 0;
    while (c->nph > 2 && c->ph[1].last < ce) {
        ssd__curve_merge_next(c, 0);
        merged = 1;
    }
    if (c->ph[1].last < ce)
        return; /* (merged phases stay merged only with a phase left after) */
    if (c->ph[1].first < ce)
        ssd__curve_move_boundary(c, 1, ce);
    S->cache_bytes = cb;
    if (merged)
        ssd__set_cache_end(res, ce, S->cache_level_bps, c->ph[1].level_bps);
    else
        res->cache_phase_end = ce;
}

/* A used drive's cache that idle time refilled and that ended in the
 * run's second sample, its first sample slower than the reference's cache
 * ran (the same workload's: the fresh run, or the fill's log of a random
 * fill): the drive was still busy as the run began (the GC idle time
 * left) and its cache sped up towards the reference's speed as it ran.
 * The end lies in the mixed second sample, and the speed the cache wrote
 * its part of that sample at lies between two bounds: no slower than the
 * first sample (the cache sped up) or than the second sample itself (its
 * cache part ran at least its mean), no faster than the reference's cache
 * (a used cache runs no faster than the drive's own). Split against the
 * lower bound alone, the first sample's level, the sample's share at the
 * cache read up to twice too long. The split is made at the bounds' middle
 * (in log), the uncertainty reaching both bounds' splits at least. Seed
 * 47's drive 14, 2 hours after a random fill, 1 s samples: 1.385 GiB, then 1.110 and
 * folding at 0.646 GiB/s, the fresh run's and the fill's cache at 2.67
 * GiB/s: read 2.25 GiB against the first sample's level, 2.00 against the
 * reference's, now 2.08 +- 0.56 (the model's 2.00, its cache at 2.68 GiB/s
 * as it ended); seed 59's drive 50: 1.078, then 1.033, then 0.370, the
 * model's 2.00 between 2.09 and 1.85, now 1.93; seed 337's drive 43:
 * 1.380, then 1.129, then 0.830, read 2.13, now 1.91 (the model's 2.00).
 * Where in the bounds one curve does not tell (the slow start looks like a
 * GC dip the run began in, which may end in the first sample or last into
 * the drop's): seed 163's drive 126 (1.140, then 0.975, then folding at
 * 0.46) ran at its first sample's speed to its end, 2.00 GiB now read
 * 1.85 (5 fixed and 3 broken on the tune seeds, docs/analysis.md).
 * Only a cache of one whole sample before the mixed one: a longer used
 * cache slower than the fresh one is slow throughout (round 37's WSAT
 * caches). */
/* A cache ended inside the run's first sample (resolution: at least the
 * sample's excess over the level after it, at most what the first
 * sample and the second's excess at the first's speed can hold) whose
 * second sample runs a step off that level, above or below it, may have
 * ended anywhere in the second: a GC dip there slows the cache's share of
 * it (below: seed 47's drive 14, fresh WSAT, 2755 MiB/s, then 606 in a
 * dip, then direct writes at 1461: "cache 6.34 GiB (at least)", at most
 * the first sample's 13.45, the model's 15.00, its end in the dip; above:
 * seed 113's drive 34, 2732, then 1342, then direct writes at 1130, the
 * split against the first sample's speed at most 15.08, the model's
 * 16.00, the share run through a dip). So for a cache the rules bounded
 * in the second sample, split against the first's speed (seed 13's drive
 * 39, WSAT after a sequential fill: 2552 MiB/s, then 1449 holding the end,
 * then folding at 1136, 13.99-15.22 GiB for the model's 17.09; 13's drive
 * 81, 349's drive 30, 367's drive 180 the same). The upper bound is then
 * both samples' bytes: where in the second sample the cache ended one
 * curve does not tell. Only the reported bounds: the rules test their
 * guards on the split's (widened inside them, the folding test after a
 * random fill, which reads their midpoint, lost 11 foldings without a
 * reference: seed 131's drive 85), and a reference's analysis keeps them. */
static void second_sample_bounds(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    double lo = S->post_cache_bps;
    if (!S->has_cache || S->cache_censored != SSD_CENSOR_RESOLUTION || c->n < 3 || c->lead > 0 ||
        !(lo > 0) || !isfinite(lo) || !isfinite(S->cache_bytes) ||
        !isfinite(S->cache_uncertainty_bytes))
        return;
    double upper = S->cache_bytes + S->cache_uncertainty_bytes;
    if (upper > c->cum[2] || upper < c->cum[1] * (1 - 1e-9))
        return;
    if (fabs(c->y[1] - log(lo)) < log(o->min_step))
        return;
    S->cache_uncertainty_bytes = c->cum[2] - S->cache_bytes;
}

static void short_cache_at_ref_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                     const struct ssd__result *ref, struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    if (!ref || !ref->sum.has_cache || ref->sum.cache_censored != SSD_CENSOR_NONE ||
        !S->has_cache || S->cache_censored != SSD_CENSOR_NONE || !(o->written_before_bytes > 0) ||
        c->n < 4 || c->lead > 0)
        return;
    double R = ref->sum.cache_level_bps, lo = S->post_cache_bps;
    if (!isfinite(R) || !(lo > 0) || !isfinite(lo) || !isfinite(S->cache_bytes))
        return;
    /* (the mixed sample: the one the end lies in, or ends) */
    size_t m = 0;
    while (m + 1 < c->n && c->cum[m + 1] < S->cache_bytes * (1 - 1e-9))
        m++;
    double in = 3 * c->sigma;
    if (m != 1 || !(log(R) - c->y[0] > in) || !(log(R) - c->y[1] > in) ||
        !(c->y[1] - log(lo) > in) || !(c->y[0] - log(lo) > log(o->min_drop)))
        return;
    double dt = ssd__curve_dt(c, 1), slow = fmax(c->r[0], c->r[1]), mid = sqrt(slow * R);
    double at_slow = c->cum[1] + (c->r[1] - lo) / (slow - lo) * dt * slow;
    double at_ref = c->cum[1] + (c->r[1] - lo) / (R - lo) * dt * R;
    S->cache_bytes = c->cum[1] + (c->r[1] - lo) / (mid - lo) * dt * mid;
    double reach = fmax(at_slow - S->cache_bytes, S->cache_bytes - at_ref);
    if (!(S->cache_uncertainty_bytes >= reach))
        S->cache_uncertainty_bytes = reach;
}

/* A slow start the cache test ran with (c->lead samples, or the samples
 * min_step below the cache's level its phase starts with) is no part of
 * the cache when it lasts: its own first phase, "slow_start", and the
 * cache's bytes are those written from its end at the cache's speed (the
 * drop came after both). Lasting: at least min_phase_samples samples and
 * SLOW_START_MIN_S seconds, with fewer than a quarter of its samples (to
 * the segmentation's end of it: a ramp's top is at the cache's level) at
 * the cache's level. A shorter start -- the first seconds, a GC dip the
 * run began in (a few seconds each: SSD370's 3 s, the sweep's drives up
 * to 5.4 s), a queue filling up -- is written into the cache and stays
 * in it, as the model has it; so does a start whose samples reach the
 * cache's level between dips. */
#define SLOW_START_MIN_S 10.0
static int split_slow_start(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                            struct ssd__result *res) {
    struct ssd_analysis_summary *S = &res->sum;
    size_t lead = c->lead;
    /* (a start shorter than a lasting phase the segmentation left in the
     * cache's: its samples min_step, or 3 of the run's noise when that is
     * less, below the cache's level) */
    if (lead == 0 && S->has_cache && S->cache_level_bps > 0) {
        double slow = log(S->cache_level_bps) - fmin(log(o->min_step), 3 * c->sigma);
        while (lead <= c->ph[0].last && c->y[lead] < slow)
            lead++;
    }
    int cache = S->has_cache && S->cache_censored == SSD_CENSOR_NONE && c->nph >= 2 &&
                c->ph[0].regime == SSD_REGIME_CACHE && res->cache_phase_end > lead;
    /* A used drive's clean blocks, the fast start the cache test took the
     * slow one in with (c->lead) and the used-drive rules then read as
     * direct writes before the used state: the same start before them,
     * which their phase said as "0 B .. 104 GiB at 1000 MiB/s" over 30 s
     * at 200 (round 24's audit). */
    int clean = !S->has_cache && c->lead > 0 && c->nph >= 2 &&
                c->ph[0].regime == SSD_REGIME_DIRECT && c->ph[1].regime == SSD_REGIME_GC;
    if (lead < o->min_phase_samples || !(cache || clean) || c->ph[0].last + 1 <= lead)
        return 0;
    double L = cache ? S->cache_level_bps : c->ph[0].level_bps, top = log(L) - 2 * c->sigma,
           spread = 0;
    size_t at = lead, end = cache && res->cache_phase_end < c->ph[0].last ? res->cache_phase_end
                                                                          : c->ph[0].last;
    /* A ramp: where the line through the start's rates reaches the cache's
     * level (its top, within the noise of the cache's, went to the cache
     * phase, and a noisy sample of it above the cache's level is no end),
     * when the line climbs at least half its gap to the cache's level over
     * the start, reaches it within twice the start's length, and fits the
     * start within 2 of the run's noise (+2 %; a stepped start fits no
     * line); +- the samples over which the line climbs 2 of the noise. */
    double sx = 0, sy = 0, sxx = 0, sxy = 0, m = (double)lead;
    for (size_t i = 0; i < lead; i++) {
        sx += (double)i;
        sy += c->r[i];
        sxx += (double)i * (double)i;
        sxy += (double)i * c->r[i];
    }
    double den = m * sxx - sx * sx, slope = den > 0 ? (m * sxy - sx * sy) / den : 0;
    double b0 = (sy - slope * sx) / m, gap = L - (b0 + slope * m);
    int ramp = 0;
    if (slope > 0 && 2 * slope * m >= gap && b0 > 0) {
        size_t fit = lead + (gap > 0 ? (size_t)ceil(gap / slope) : 0);
        double ss = 0;
        for (size_t i = 0; i < lead; i++) {
            double d = c->r[i] / (b0 + slope * (double)i) - 1;
            ss += d * d;
        }
        if (fit < end && fit <= 3 * lead && sqrt(ss / m) <= 2 * c->sigma + 0.02) {
            at = fit;
            ramp = 1;
            size_t k = (size_t)ceil(2 * c->sigma * L / slope);
            size_t lo = at > k ? at - k : 0, hi = at + k < c->n ? at + k : c->n;
            spread = fmax(c->cum[at] - c->cum[lo], c->cum[hi] - c->cum[at]);
        }
    }
    /* A flat start: its end where the samples cross the midpoint between
     * its level and the cache's, inside the sample that mixes the two when
     * one does (the one either side of the crossing between them by more
     * than 2 of the noise: its time at each level from its bytes); +- the
     * up to 3 samples before it within 4 of the noise of the cache's level
     * (a start's last samples may be the cache's). */
    double start = NAN;
    if (!ramp) {
        memcpy(c->scratch, c->r, lead * sizeof *c->r);
        double lo = ssd__median(c->scratch, lead), mid = 0.5 * (log(lo) + log(L));
        while (at > 1 && c->y[at - 1] >= mid)
            at--;
        while (at < end && c->y[at] < mid)
            at++;
        size_t mixed = at < end && c->y[at] < top              ? at
                       : c->y[at - 1] > log(lo) + 2 * c->sigma ? at - 1
                                                               : c->n;
        if (mixed < c->n && L > lo) {
            double dt = ssd__curve_dt(c, mixed), b = c->cum[mixed + 1] - c->cum[mixed];
            double t_hi = fmin(fmax((b - lo * dt) / (L - lo), 0), dt);
            start = c->cum[mixed] + b - L * t_hi;
        }
        size_t from = at;
        while (from > 0 && at - from < 3 && c->y[from - 1] >= top - 2 * c->sigma)
            from--;
        spread = c->cum[at] - c->cum[from];
    }
    if (at >= end || at < o->min_phase_samples || c->t[at - 1] < SLOW_START_MIN_S)
        return 0;
    /* (a start with a quarter of its samples at the cache's level is the
     * cache with GC dips in it) */
    size_t at_level = 0, judged = lead < at ? lead : at;
    for (size_t i = 0; i < judged; i++)
        at_level += c->y[i] >= top;
    if (4 * at_level >= judged)
        return 0;
    struct ssd_phase keep = c->ph[0];
    int rc = ssd__curve_split(c, 0, at);
    if (rc)
        return rc;
    struct ssd_phase *p = &c->ph[0], *q = &c->ph[1];
    p->regime = SSD_REGIME_SLOW_START;
    p->start_level_bps = p->end_level_bps = p->level_bps;
    p->sliding = 0;
    q->regime = keep.regime;
    q->start_level_bps = keep.start_level_bps;
    q->end_level_bps = keep.end_level_bps;
    q->sliding = keep.sliding;
    if (cache) {
        S->cache_bytes -= isfinite(start) ? start : c->cum[at];
        S->cache_uncertainty_bytes = hypot(S->cache_uncertainty_bytes, spread);
    }
    if (res->post_phase > 0)
        res->post_phase++;
    return 0;
}

/* Whether the samples from where the cache test ended a fresh drive's cache
 * to the end of the segmentation's phase holding that end were one more
 * GC dip of the cache, the cache's end past them: shorter than a lasting
 * phase and than the cache's longest dip run and one sample, every sample
 * a step or more below the cache's level but no deeper than its deepest
 * dip (LEVEL_LEFT_MIN), and a step or more above the level of the phase
 * after them. Dips slow the cache and the direct writes by the same
 * factor, so a dip after the cache runs below the direct level, never a
 * step above it: a short stretch at the cache's own dip level, faster than
 * the direct writes after it, is the cache still being written. Read as
 * the cache's end it made the stretch a level of direct writes and the
 * direct writes after it the folding (seed 11's drive 93, fresh fill: a
 * dynamic cache at 4030 MiB/s with dips to 2645-2784, then 2589 twice,
 * 1992, then direct writes at 1720 to 120.2 GiB and folding at 733:
 * "cache 27.56 GiB, truth 34.00", "folding at 32.6 GiB, truth 120.2").
 * Not past MAX_CACHE_CAPACITY_SHARE of the capacity (no cache holds
 * more: a first level that long was no cache, seed 11's drive 183). */
static int cache_dip_at_end(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                            const struct ssd__result *res) {
    size_t k = res->cache_phase_end, j = 0;
    while (j + 1 < c->nph && c->ph[j + 1].first <= k)
        j++;
    if (k == 0 || j == 0 || j + 1 >= c->nph)
        return 0;
    size_t e = c->ph[j].last + 1, len1 = e - k;
    double step = log(o->min_step), lc = log(res->sum.cache_level_bps);
    double l1 = ssd__level_of(c, k, e), l2 = log(c->ph[j + 1].level_bps);
    if (len1 >= c->min_len || l2 + step > l1 ||
        !(c->cum[e] <= MAX_CACHE_CAPACITY_SHARE * c->capacity))
        return 0;
    double lo = INFINITY;
    size_t run = 0, rmax = 0;
    for (size_t i = 0; i < k; i++) {
        if (c->y[i] <= lc - step) {
            lo = fmin(lo, c->y[i]);
            rmax = ++run > rmax ? run : rmax;
        } else {
            run = 0;
        }
    }
    if (!rmax || len1 > rmax + 1)
        return 0;
    for (size_t i = k; i < e; i++)
        if (c->y[i] > lc - step || c->y[i] < lo - log(LEVEL_LEFT_MIN))
            return 0;
    return 1;
}

static int analyse(struct ssd__curve *c, const struct ssd__analysis_opts *given,
                   const ssd_series *s, const struct ssd__result *ref, struct ssd__result *res,
                   char *err) {
    memset(res, 0, sizeof *res);
    /* What was written since TRIM before the run and how the drive was
     * preconditioned: the option when given (0 included), else what the
     * job recorded in the metadata (a suite's jobs do), else 0 and unknown. */
    struct ssd__analysis_opts eo = *given;
    const struct ssd__analysis_opts *o = &eo;
    context_of(&eo, s, res);
    /* A drive smaller than the area the run's writes addressed is a
     * contradiction (--capacity 1g on a run over 364 GiB): refused, naming
     * both figures and where each came from. (More bytes written than the
     * capacity is not: random writes rewrite the same LBAs. Nor is a
     * capacity written rounded, within 1% under the span: "240GB" for a
     * 240.06 GB drive, "238g" for a 256 GB one's 238.47 GiB.) */
    double cap = capacity_of(o, s);
    if (isfinite(cap) && cap > 0 && eo.span_bytes > 0 && (double)eo.span_bytes > cap * 1.01)
        return ssd__fail(err, SSD_EINVAL,
                         "capacity_bytes %.0f (%.3g GiB, %s) is smaller than span_bytes %llu "
                         "(%.3g GiB, %s), the area the run's writes addressed: give the "
                         "drive's capacity",
                         cap, cap / 1073741824.0,
                         given->capacity_bytes > 0 ? "given" : "the run's metadata",
                         (unsigned long long)eo.span_bytes, (double)eo.span_bytes / 1073741824.0,
                         given->span_bytes > 0 ? "given" : "the run's metadata");
    int rc = ssd__curve_prepare(c, s, err);
    if (rc)
        return rc;
    c->capacity = cap;
    rc = ssd__curve_phases(c, o, err);
    if (rc)
        return rc;
    res->sum.samples = c->n;
    res->sum.duration_s = c->duration;
    res->sum.total_bytes = c->total;
    res->sum.has_recovery = 0;
    res->sum.recovered_bytes = res->sum.reference_level_bps = NAN;
    /* One or two fast samples before a short phase that then drops a lot
     * are the start of that phase, not a cache of their own: judged alone
     * they hid the cache (600 MiB/s for 1 s, 320 for 7 s, then 50 for 592
     * s came out as no cache, post-cache 611 MiB/s). Not two at one level
     * (within min_step of each other) min_drop above a lasting phase after
     * them: a cache of two samples of its own (seed 263's drive 146, fresh
     * WSAT: 2877 MB/s twice, the drop's sample, 9 samples of direct writes
     * at 1622, then folding at 858, "cache of 30.00 GiB missed"). A shorter
     * phase after them, or one whose speed climbs back to theirs (within
     * min_step), may be a GC dip inside the cache (seed 59's drive 50,
     * fresh fill: 5803, 5810, three samples near 4400, the cache again at
     * 5657, then the drop), and stays one with them. (After a fill, when
     * the cache test then finds no cache in the joined phase, the two
     * samples are a cache of their own before a level of its own, lasting
     * or not: its first SHORT_LEVEL samples past the drop's holding one
     * level. The room idle time gave back is a cache of a few seconds,
     * and the folding or direct writes after it last as long as the clean
     * blocks the fill left, not a lasting phase of a run of hours. Seed
     * 227's drive 154, 2 hours after a sequential fill: 2744 MiB/s twice,
     * the drop's 1378, folding at 430-447 for 30 samples, then GC at
     * 120-145; the phase after the two samples held 48 of the run's
     * lasting 72, GC's first 16 among them, and joined with them it showed
     * no cache: "cache of 6.45 GiB missed".) */
    int own_cache = 0;
    if (c->nph >= 3) {
        const struct ssd_phase *p0 = &c->ph[0], *p1 = &c->ph[1], *p2 = &c->ph[2];
        size_t len1 = p1->last - p1->first + 1;
        int two = p0->last == 1 && fabs(c->y[0] - c->y[1]) < log(o->min_step) &&
                  p0->level_bps >= o->min_drop * p1->level_bps;
        for (size_t i = p1->first; two && i <= p1->last; i++)
            two = log(p0->level_bps) - c->y[i] >= log(o->min_step);
        int level0 = two && len1 >= c->min_len;
        if (p0->last + 1 <= 2 && !level0 && len1 < 2 * c->min_len &&
            p1->level_bps < p0->level_bps && p2->level_bps * o->min_drop <= p1->level_bps &&
            p2->last - p2->first + 1 > len1) {
            own_cache =
                two && o->written_before_bytes > 0 && len1 > SHORT_LEVEL &&
                ssd__holds_level(c, o, p1->first + 1, p1->first + 1 + SHORT_LEVEL,
                                 ssd__level_of(c, p1->first + 1, p1->first + 1 + SHORT_LEVEL));
            ssd__curve_merge_next(c, 0);
        }
    }
    take_in_slow_start(c, o);
    ssd__find_cache(c, o, res);
    if (own_cache && !res->sum.has_cache && ssd__curve_split(c, 0, 2) == 0)
        ssd__find_cache(c, o, res);
    /* A fresh run's first sample split off alone (first_split: a cache
     * that ended inside it) that the cache test did not take for a cache
     * is the start of the lasting phase after it: on its own it read as a
     * level before a used state placed late (seed 61's drive 199, fresh
     * WSAT, a first sample at 2.4 GiB/s over direct writes at 1.72 with
     * their noise, under 1.5x their p99: "used state at 600.8 GiB" for
     * 370.7). (Before a short phase it stays: a one-sample fast start, 263
     * MiB/s, then 156 for 3 s and 285 to the end, is no used state's
     * onset: test_analysis_short_first_phase.) */
    if (!res->sum.has_cache && o->written_before_bytes == 0 && c->nph >= 2 && c->ph[0].last == 0 &&
        c->ph[1].last - c->ph[1].first + 1 >= c->min_len) {
        ssd__curve_merge_next(c, 0);
        ssd__find_cache(c, o, res);
    }
    /* (A fresh cache's end read before one more of its dips:
     * cache_dip_at_end; the cache test again on the phases up to the
     * dip's end.) */
    if (res->sum.has_cache && res->sum.cache_censored == SSD_CENSOR_NONE &&
        o->written_before_bytes == 0 && c->nph >= 3 && cache_dip_at_end(c, o, res)) {
        size_t k = res->cache_phase_end, j = 0;
        while (j + 1 < c->nph && c->ph[j + 1].first <= k)
            j++;
        for (size_t m = 0; m < j; m++)
            ssd__curve_merge_next(c, 0);
        ssd__find_cache(c, o, res);
    }
    /* The cache test may have moved the drop past a dip the segmentation put
     * in the low phase, or past a short phase of its own (a dip and the
     * climb back): keep the phases in agreement with the cache. */
    if (res->sum.has_cache && res->sum.cache_censored == SSD_CENSOR_NONE && c->nph >= 2) {
        if (c->nph >= 3 && res->cache_phase_end >= c->ph[2].first) {
            ssd__curve_merge_next(c, 0);
            if (res->post_phase > 1)
                res->post_phase--;
        }
        ssd__curve_move_boundary(c, 1, res->cache_phase_end);
        /* A GC dip right after the drop is no phase: it joins the
         * post-cache level after it. (A slump lasts: its own phase, left
         * out of that level's dips.) */
        if (res->post_phase == 2 && c->nph >= 3 && !(res->slump_bytes > 0) &&
            c->ph[1].level_bps * o->min_step <= c->ph[2].level_bps) {
            ssd__curve_merge_next(c, 1);
            res->post_phase = 1;
        }
    }
    /* A steady slide after the cache is one phase, not a staircase of
     * steps (and no folding): count the steps again on the merged phases. */
    if (res->sum.cache_censored != SSD_CENSOR_RIGHT &&
        ssd__curve_merge_slides(c, o, &res->post_phase))
        ssd__find_steps(c, o, res);
    /* A run right after its reference, with the precondition not
     * recorded: a suite's logged fill (a job, not a precondition step),
     * from a TRIM or purge (nothing written before it), over the whole
     * drive, and this run wrote after it and nothing else (what was
     * written before the run is the reference's bytes, within 2 %). That
     * fill is the precondition: sequential or random as its pattern. */
    if (ref && !given->precondition_set && eo.precondition == SSD_PRECONDITION_UNKNOWN &&
        ref->pattern[0] && !(ref->sum.written_before_bytes > 0) && isfinite(capacity_of(o, s)) &&
        ref->sum.total_bytes >= 0.99 * capacity_of(o, s) &&
        fabs(eo.written_before_bytes - ref->sum.total_bytes) <= 0.02 * ref->sum.total_bytes)
        eo.precondition = !strncmp(ref->pattern, "rand", 4) ? SSD_PRECONDITION_RANDOM_FILL
                                                            : SSD_PRECONDITION_SEQ_FILL;
    /* A reference of another workload (a 128K sequential fill's log as the
     * reference of a 4K random run): its levels are not this run's, so the
     * rules that read the run's levels against the reference's do not run;
     * what it showed of the cache does (ref_kind, ssd__ref_kind_of). */
    if (ref && ssd__other_workload(res, ref)) {
        res->ref_other_workload = 1;
        res->ref_kind = ssd__ref_kind_of(ref, o, capacity_of(o, s), &res->ref_kind_cache_bytes);
        res->ref_kind_cache_unc =
            isfinite(res->ref_kind_cache_bytes) && isfinite(ref->sum.cache_uncertainty_bytes)
                ? ref->sum.cache_uncertainty_bytes
                : 0;
        /* (A random log with a cache against a sequential run of blocks
         * no smaller: the run writes clean blocks no slower, so the log's
         * direct level bounds the run's from below; and its SLC writes the
         * run's larger sequential blocks no slower, so its cache level
         * bounds the run's cache level.) */
        int bounds_run = ref->sum.has_cache && random_pattern(ref->pattern) == 1 &&
                         random_pattern(res->pattern) == 0 && res->block_size >= ref->block_size;
        res->ref_none_small_blocks = res->ref_kind == SSD__REF_KIND_NONE &&
                                     random_pattern(ref->pattern) == 1 &&
                                     random_pattern(res->pattern) == 0;
        res->ref_kind_direct_bps =
            bounds_run && ref->sum.post_cache_bps > 0 ? ref->sum.post_cache_bps : NAN;
        res->ref_kind_cache_bps =
            bounds_run && ref->sum.cache_level_bps > 0 ? ref->sum.cache_level_bps : NAN;
        ref = NULL;
    } else if (ref && ssd__slight_static_ref(c, ref, o, capacity_of(o, s))) {
        res->ref_kind_direct_bps = NAN;
        res->ref_kind_cache_bps = NAN;
        res->ref_kind = SSD__REF_KIND_STATIC;
        res->ref_kind_cache_bytes = ref->slight_cache_bytes;
        res->ref_kind_cache_unc = 0;
        res->ref_kind_slight = 1;
        ref = NULL;
    } else {
        res->ref_kind_cache_bytes = NAN;
        res->ref_kind_cache_unc = 0;
        res->ref_kind_direct_bps = NAN;
        res->ref_kind_cache_bps = NAN;
    }
    ssd__label_regimes(c, o, capacity_of(o, s), ref, res);
    own_samples_bound_cache(c, o, res);
    {
        double C = NAN, unc = 0;
        if (res->ref_kind == SSD__REF_KIND_STATIC && isfinite(res->ref_kind_cache_bytes)) {
            C = res->ref_kind_cache_bytes;
            unc = res->ref_kind_cache_unc;
        } else if (ref && ref->sum.has_cache && ref->sum.cache_censored == SSD_CENSOR_NONE) {
            double cb = NAN;
            if (ssd__ref_kind_of(ref, o, capacity_of(o, s), &cb) == SSD__REF_KIND_STATIC) {
                C = ref->sum.cache_bytes;
                unc = isfinite(ref->sum.cache_uncertainty_bytes) ? ref->sum.cache_uncertainty_bytes
                                                                 : 0;
            }
        }
        static_end_in_dip(c, o, res, C, unc);
    }
    cache_end_through_ref_dip(c, o, ref, res);
    short_cache_at_ref_level(c, o, ref, res);
    ssd__find_throttle(c, o, s, res);
    res->sum.precondition = (int)o->precondition;
    ssd__gc_slide(c, o, res);
    /* The drop's ratio is the cache's level over the speed after it, the
     * two figures every verdict prints beside it ("at 283.7 MiB/s, then
     * 1.5x slower (190.2 MiB/s)"); the rules that move the cache's end or
     * the level after it set one or the other, and a ratio measured
     * against another level (the used state's) read "16.3x slower". */
    {
        struct ssd_analysis_summary *S = &res->sum;
        if (S->has_cache && S->cache_level_bps > 0 && S->post_cache_bps > 0 &&
            isfinite(S->cache_level_bps) && isfinite(S->post_cache_bps))
            S->cache_drop_ratio = S->cache_level_bps / S->post_cache_bps;
    }
    rc = split_slow_start(c, o, res);
    if (rc)
        return rc;
    res->lowest_phase_bps = INFINITY;
    for (size_t i = 0; i < c->nph; i++)
        if (c->ph[i].level_bps < res->lowest_phase_bps)
            res->lowest_phase_bps = c->ph[i].level_bps;
    ssd__consistency(c, o, s, res);
    ssd__steady_state(c, o, res);
    ssd__steady_fresh(c, o, capacity_of(o, s), res);
    res->sum.steady_reached = res->ss_reached;
    res->sum.steady_start_s = res->ss_start_s;
    res->sum.steady_start_bytes = res->ss_start_bytes;
    res->sum.steady_mean_bps = res->ss_mean_bps;
    return 0;
}

/* A copy of text, or NULL when out of memory. */
static char *dup_text(const char *text) {
    char *c = malloc(strlen(text) + 1);
    if (c)
        strcpy(c, text);
    return c;
}

/* A recorded reference's figure that must be a finite number >= 0 (or,
 * when required, > 0; an optional one may be null: not measured); NULL
 * when it is, else what is wrong. */
static const char *bad_figure(const struct ssd__jv *r, const char *key, int required) {
    const struct ssd__jv *f = ssd__jv_get(r, key);
    if (!f || (f->type == SSD__JNULL && !required))
        return required ? "is missing" : NULL;
    double x = ssd__jv_num(r, key, NAN);
    if (!isfinite(x) || x < 0 || (required && x == 0))
        return required ? "is not a positive number" : "is not a number >= 0";
    return NULL;
}

/* The fresh reference's figures a series' metadata records under
 * "reference" (ssd_analysis_reference_json wrote them when the run was
 * made with a reference): *ref filled and *source its "source" (malloc'd)
 * with 1 returned; 0 when the metadata holds none; SSD_EFORMAT with what
 * is wrong in why when it holds a "reference" not in that form (a run's
 * verdict must not quietly change because its reference was unreadable);
 * SSD_ENOMEM. */
static int reference_from_metadata(const ssd_series *s, struct ssd__result *ref, char **source,
                                   char *why, size_t whylen) {
    *source = NULL;
    const char *m = ssd_series_metadata(s);
    if (!strstr(m, "\"reference\""))
        return 0;
    struct ssd__jv v;
    char err[128];
    int rc = ssd__jr_parse(m, &v, err, sizeof err);
    if (rc == SSD_ENOMEM)
        return SSD_ENOMEM;
    if (rc) {
        snprintf(why, whylen, "the metadata is not JSON (%s)", err);
        return SSD_EFORMAT;
    }
    const struct ssd__jv *r = ssd__jv_get(&v, "reference");
    const struct ssd__jv *pc = r ? ssd__jv_get(r, "post_cache_bps") : NULL;
    const char *src = r ? ssd__jv_str(r, "source") : NULL;
    int found = 0;
    static const char *const figures[] = {"total_bytes",       "cache_bytes",
                                          "cache_level_bps",   "cache_uncertainty_bytes",
                                          "folding_level_bps", "lowest_phase_bps"};
    if (r && r->type != SSD__JOBJ) {
        snprintf(why, whylen, "not an object");
        found = SSD_EFORMAT;
    } else if (r && !ssd__jv_get(r, "has_cache")) {
        snprintf(why, whylen, "has_cache is missing");
        found = SSD_EFORMAT;
    } else if (r && bad_figure(r, "post_cache_bps", 1)) {
        snprintf(why, whylen, "post_cache_bps %s", bad_figure(r, "post_cache_bps", 1));
        found = SSD_EFORMAT;
    }
    for (size_t i = 0; r && !found && i < sizeof figures / sizeof *figures; i++)
        if (bad_figure(r, figures[i], 0)) {
            snprintf(why, whylen, "%s %s", figures[i], bad_figure(r, figures[i], 0));
            found = SSD_EFORMAT;
        }
    if (r && !found && pc) {
        memset(ref, 0, sizeof *ref);
        struct ssd_analysis_summary *R = &ref->sum;
        R->total_bytes = ssd__jv_num(r, "total_bytes", NAN);
        R->post_cache_bps = ssd__jv_num(r, "post_cache_bps", NAN);
        R->has_cache = ssd__jv_true(r, "has_cache");
        R->cache_bytes = ssd__jv_num(r, "cache_bytes", NAN);
        R->cache_level_bps = ssd__jv_num(r, "cache_level_bps", NAN);
        R->cache_uncertainty_bytes = ssd__jv_num(r, "cache_uncertainty_bytes", NAN);
        const char *c = ssd__jv_str(r, "cache_censored");
        R->cache_censored = !c                         ? SSD_CENSOR_NONE
                            : !strcmp(c, "right")      ? SSD_CENSOR_RIGHT
                            : !strcmp(c, "resolution") ? SSD_CENSOR_RESOLUTION
                                                       : SSD_CENSOR_NONE;
        R->has_folding = ssd__jv_true(r, "has_folding");
        R->folding_level_bps = ssd__jv_num(r, "folding_level_bps", NAN);
        R->has_gc = ssd__jv_true(r, "has_gc");
        ref->lowest_phase_bps = ssd__jv_num(r, "lowest_phase_bps", INFINITY);
        const char *pat = ssd__jv_str(r, "pattern");
        if (pat && strlen(pat) < sizeof ref->pattern)
            strcpy(ref->pattern, pat);
        ref->block_size = ssd__jv_num(r, "block_size", NAN);
        R->capacity_bytes = ssd__jv_num(r, "capacity_bytes", NAN);
        ref->slight_cache_bytes = ssd__jv_num(r, "slight_cache_bytes", NAN);
        ref->slight_samples = (size_t)ssd__jv_num(r, "slight_samples", 0);
        ref->slight_lasting = ssd__jv_true(r, "slight_lasting");
        ref->direct_bps = ssd__jv_num(r, "direct_bps", 0);
        *source = dup_text(src ? src : "");
        found = *source ? 1 : SSD_ENOMEM;
    }
    ssd__jv_free(&v);
    return found;
}

/* Whether a workload pattern moves no write (read, randread): such a log
 * shows no write cache, so it is no reference for a write run. */
static int read_only_pattern(const char *p) {
    return !strcmp(p, "read") || !strcmp(p, "randread");
}

/* Why the caller's reference cannot be the run's (NULL: it can): the run
 * itself (the same samples and metadata), another drive (the capacities both logs
 * record, or the option gives the run, differ by over 1 %), or a read
 * workload's log for a run that writes. Each gave a verdict without a
 * word: the run as its own reference read the used state as another
 * workload's, a 1000 GB drive's fill read a 120 GB drive's cache by the
 * 120 GB's share, and a read log, a fresh drive with no cache, vetoed
 * the run's real cache and inferred a sequential fill (round 26's
 * audit). */
static const char *reference_misfit(const struct ssd__analysis_opts *o, const ssd_series *s,
                                    const ssd_series *reference, char *why, size_t len) {
    /* (The samples alone do not tell: a simulated drive with no cache
     * writes its sequential fill after a sequential fill sample for
     * sample as it did fresh; its metadata says what was written before.) */
    size_t n = ssd_series_count(s);
    const char *m = ssd_series_metadata(s), *rm = ssd_series_metadata(reference);
    if (n && n == ssd_series_count(reference) && !strcmp(m ? m : "", rm ? rm : "") &&
        !memcmp(ssd_series_t_s(s), ssd_series_t_s(reference), n * sizeof(double)) &&
        !memcmp(ssd_series_bytes(s), ssd_series_bytes(reference), n * sizeof(double))) {
        snprintf(why, len,
                 "it is the run itself (the same samples and metadata): a reference is another "
                 "log of the drive, its fresh run or the fill before the run");
        return why;
    }
    double cap = capacity_of(o, s), rcap = metadata_number(reference, "capacity_bytes");
    if (isfinite(cap) && cap > 0 && isfinite(rcap) && rcap > 0 && fabs(rcap - cap) > 0.01 * cap) {
        /* (The run's capacity may be the user's option, not its log's.) */
        snprintf(why, len,
                 "it is another drive's log: its capacity is %.0f bytes (%.1f GB), the run's "
                 "%.0f bytes (%.1f GB%s); a reference is a log of the same drive",
                 rcap, rcap / 1e9, cap, cap / 1e9,
                 o->capacity_bytes > 0 ? ", as the capacity option gives it" : "");
        return why;
    }
    char run_pat[16], ref_pat[16];
    if (!metadata_word(reference, "pattern", ref_pat, sizeof ref_pat) &&
        read_only_pattern(ref_pat) &&
        (metadata_word(s, "pattern", run_pat, sizeof run_pat) || !read_only_pattern(run_pat))) {
        snprintf(why, len,
                 "it is a %s workload's log, which shows no write cache: a reference is a log "
                 "of writes on the drive, its fresh run or the fill before the run",
                 ref_pat);
        return why;
    }
    return NULL;
}

/* Records which reference the run used (a->ref_*). */
static int note_reference(ssd_analysis *a, const char *source, const char *from,
                          const char *overridden) {
    a->ref_from = from;
    a->ref_source = source ? dup_text(source) : NULL;
    a->ref_overridden = overridden ? dup_text(overridden) : NULL;
    if ((source && !a->ref_source) || (overridden && !a->ref_overridden))
        return ssd__fail(a->err, SSD_ENOMEM, "out of memory");
    return 0;
}

SSD_API int ssd_analysis_run(ssd_analysis *a, const ssd_series *s, const ssd_series *reference) {
    if (!a)
        return SSD_EINVAL;
    a->have = 0;
    a->err[0] = '\0';
    if (!s)
        return ssd__fail(a->err, SSD_EINVAL, "no series");
    free(a->source);
    a->source = NULL;
    free(a->ref_source);
    free(a->ref_overridden);
    a->ref_source = a->ref_overridden = NULL;
    a->ref_from = NULL;
    const char *src = ssd_series_source(s);
    a->source = malloc(strlen(src) + 1);
    if (!a->source)
        return ssd__fail(a->err, SSD_ENOMEM, "out of memory");
    strcpy(a->source, src);
    free(a->input_note);
    a->input_note = NULL;
    const char *note = ssd_series_note(s);
    if (*note) {
        a->input_note = malloc(strlen(note) + 1);
        if (!a->input_note)
            return ssd__fail(a->err, SSD_ENOMEM, "out of memory");
        strcpy(a->input_note, note);
    }
    struct ssd__result *ref = malloc(sizeof *ref);
    if (!ref)
        return ssd__fail(a->err, SSD_ENOMEM, "out of memory");
    /* The reference the run's metadata records (the run was made with
     * one): used unless the caller gives one, which wins. */
    char *meta_source = NULL, why[256] = "";
    int have_ref = reference_from_metadata(s, ref, &meta_source, why, sizeof why);
    if (have_ref == SSD_EFORMAT && reference)
        have_ref = 0; /* the caller's reference replaces the unreadable one */
    int rc = have_ref == SSD_EFORMAT
                 ? ssd__fail(a->err, SSD_EFORMAT,
                             "%s: the metadata's reference (the fresh run this log was made "
                             "with): %s; give a reference to analyse it against another",
                             src, why)
             : have_ref < 0 ? ssd__fail(a->err, have_ref, "out of memory")
                            : 0;
    char misfit[256];
    if (!rc && reference && reference_misfit(&a->o, s, reference, misfit, sizeof misfit))
        rc =
            ssd__fail(a->err, SSD_EINVAL, "reference %s: %s", ssd_series_source(reference), misfit);
    if (!rc && reference) {
        struct ssd__curve rc_curve;
        memset(&rc_curve, 0, sizeof rc_curve);
        /* What was written before the run describes the run, not its
         * reference (a fresh-drive run after a TRIM). */
        struct ssd__analysis_opts ro = a->o;
        ro.written_before_bytes = 0;
        ro.written_before_set = 0; /* its own metadata's, if any */
        ro.precondition_set = ro.idle_before_set = ro.since_idle_set = 0;
        ro.span_bytes = 0;
        rc = analyse(&rc_curve, &ro, reference, NULL, ref, a->err);
        ssd__curve_release(&rc_curve);
        if (!rc)
            rc = note_reference(a, ssd_series_source(reference), "argument",
                                have_ref > 0 ? meta_source : NULL);
        have_ref = 1;
    } else if (!rc && have_ref > 0) {
        /* (A recorded reference of another drive: the job refuses to record
         * one; a log edited by hand or written before it may hold one.) */
        double cap = capacity_of(&a->o, s), rcap = ref->sum.capacity_bytes;
        if (isfinite(cap) && cap > 0 && isfinite(rcap) && rcap > 0 && fabs(rcap - cap) > 0.01 * cap)
            rc = ssd__fail(a->err, SSD_EFORMAT,
                           "%s: the metadata's reference (the fresh run this log was made "
                           "with): it is another drive's log: its capacity is %.0f bytes "
                           "(%.1f GB), the run's %.0f bytes (%.1f GB%s); give a reference to "
                           "analyse it against another",
                           src, rcap, rcap / 1e9, cap, cap / 1e9,
                           a->o.capacity_bytes > 0 ? ", as the capacity option gives it" : "");
        else
            rc = note_reference(a, meta_source, "metadata", NULL);
    }
    free(meta_source);
    if (!rc)
        rc = analyse(&a->c, &a->o, s, have_ref > 0 ? ref : NULL, &a->res, a->err);
    if (!rc)
        second_sample_bounds(&a->c, &a->o, &a->res);
    if (!rc && have_ref > 0)
        ssd__find_recovery(&a->c, &a->o, ref, &a->res);
    free(ref);
    if (rc)
        return rc;
    a->have = 1;
    return 0;
}

SSD_API int ssd_analysis_reference_json(const ssd_analysis *a, const char *source, int flags,
                                        char **out_json) {
    struct ssd__jw w;
    int rc = ssd__analysis_json_open(&w, a, out_json, flags, "reference_json");
    if (rc)
        return rc;
    const struct ssd_analysis_summary *S = &a->res.sum;
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "source", source ? source : a->source ? a->source : "");
    ssd__jw_knum(&w, "total_bytes", S->total_bytes);
    ssd__jw_knum(&w, "post_cache_bps", S->post_cache_bps);
    ssd__jw_kbool(&w, "has_cache", S->has_cache);
    ssd__jw_knum(&w, "cache_bytes", S->cache_bytes);
    ssd__jw_knum(&w, "cache_level_bps", S->cache_level_bps);
    ssd__jw_kstr(&w, "cache_censored", ssd__censor_name(S->cache_censored));
    ssd__jw_knum(&w, "cache_uncertainty_bytes", S->cache_uncertainty_bytes);
    ssd__jw_kbool(&w, "has_folding", S->has_folding);
    ssd__jw_knum(&w, "folding_level_bps", S->folding_level_bps);
    ssd__jw_kbool(&w, "has_gc", S->has_gc);
    ssd__jw_knum(&w, "lowest_phase_bps", a->res.lowest_phase_bps);
    /* (The drive's capacity, when known: a run of another drive is refused
     * this reference, by the job that would record it and the analysis.) */
    if (S->capacity_bytes > 0)
        ssd__jw_knum(&w, "capacity_bytes", S->capacity_bytes);
    /* (The direct level after its cache, or after a slight step with no
     * cache found, and that step when it showed one: where its first
     * level ended, how many samples it held. The rules read them
     * (ref_levels' direct level before a folding, its slight_direct,
     * ssd__ref_kind_of, ssd__slight_static_ref): the lone CSV reads as
     * with its reference.) */
    if (a->res.direct_bps > 0)
        ssd__jw_knum(&w, "direct_bps", a->res.direct_bps);
    if (isfinite(a->res.slight_cache_bytes)) {
        ssd__jw_knum(&w, "slight_cache_bytes", a->res.slight_cache_bytes);
        ssd__jw_knum(&w, "slight_samples", (double)a->res.slight_samples);
        ssd__jw_kbool(&w, "slight_lasting", a->res.slight_lasting);
    }
    /* (The reference's workload, when its log recorded one: a run analysed
     * later against these figures reads another workload's as
     * ssd__other_workload says.) */
    if (a->res.pattern[0])
        ssd__jw_kstr(&w, "pattern", a->res.pattern);
    if (a->res.block_size > 0)
        ssd__jw_knum(&w, "block_size", a->res.block_size);
    ssd__jw_end_object(&w);
    return ssd__jw_finish(&w, out_json);
}

/* The pattern's kind: 1 random ("rand..."), 0 sequential, -1 unknown. */
static int random_pattern(const char *p) {
    return !p[0] ? -1 : !strncmp(p, "rand", 4) ? 1 : 0;
}

int ssd__other_workload(const struct ssd__result *run, const struct ssd__result *ref) {
    int a = random_pattern(run->pattern), b = random_pattern(ref->pattern);
    if (a >= 0 && b >= 0 && a != b)
        return 1;
    return run->block_size > 0 && ref->block_size > 0 && run->block_size != ref->block_size;
}

int ssd__analysis_run_reference(ssd_analysis *a, const ssd_series *fresh) {
    /* As ssd_analysis_run analyses a reference: its own context. */
    struct ssd__analysis_opts keep = a->o;
    a->o.written_before_bytes = 0;
    a->o.written_before_set = a->o.precondition_set = a->o.idle_before_set = 0;
    a->o.since_idle_set = 0;
    a->o.span_bytes = 0;
    int rc = ssd_analysis_run(a, fresh, NULL);
    a->o = keep;
    /* (A read log shows no write cache: recorded as a job's reference, it
     * would read as a drive with none and veto the run's cache.) */
    if (!rc && read_only_pattern(a->res.pattern)) {
        a->have = 0;
        rc = ssd__fail(a->err, SSD_EINVAL,
                       "it is a %s workload's log, which shows no write cache: a reference is "
                       "a log of writes on the drive, its fresh run or the fill before the run",
                       a->res.pattern);
    }
    return rc;
}

SSD_API int ssd_analysis_summary(const ssd_analysis *a, struct ssd_analysis_summary *out) {
    if (!a || !out || !ssd__result_size_ok(out, sizeof *out))
        return SSD_EINVAL;
    if (!a->have)
        return SSD_ESTATE;
    ssd__result_copy(out, &a->res.sum, sizeof a->res.sum);
    return 0;
}

SSD_API const char *ssd_analysis_precondition_name(int precondition) {
    return ssd__precondition_name(precondition);
}

SSD_API int ssd_analysis_precondition_parse(const char *word) {
    return word ? ssd__precondition_parse(word, strlen(word)) : -1;
}

SSD_API const char *ssd_analysis_recovery_note(const ssd_analysis *a) {
    return a && a->have ? a->res.recovery_note : NULL;
}

SSD_API const char *ssd_analysis_regime_note(const ssd_analysis *a) {
    return a && a->have ? a->res.regime_note : NULL;
}

SSD_API const char *ssd_analysis_undecided(const ssd_analysis *a, const char **read_as,
                                           const char **decided_by) {
    const char *u = a && a->have ? a->res.undecided : NULL;
    if (read_as)
        *read_as = u ? a->res.undecided_read_as : NULL;
    if (decided_by)
        *decided_by = u ? a->res.decided_by : NULL;
    return u;
}

SSD_API size_t ssd_analysis_phase_count(const ssd_analysis *a) {
    return a && a->have ? a->c.nph : 0;
}

SSD_API int ssd_analysis_phase(const ssd_analysis *a, size_t index, struct ssd_phase *out) {
    if (!a || !out || !ssd__result_size_ok(out, sizeof *out))
        return SSD_EINVAL;
    if (!a->have)
        return SSD_ESTATE;
    if (index >= a->c.nph)
        return SSD_ERANGE;
    ssd__result_copy(out, &a->c.ph[index], sizeof a->c.ph[index]);
    return 0;
}
