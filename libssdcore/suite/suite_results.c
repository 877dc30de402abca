/* suite_results.c - results.json of a suite run (schema ssdcore-results/1):
 * the run, the host, every attempted step with its parameters and results,
 * and the headline figures the reviews print. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "ssdcore/base.h"
#include "ssdcore/target.h"
#include "step_names.h"
#include "suite_impl.h"
#include "verdict_words.h"

static const char *censor_name(int c) {
    return c == SSD_CENSOR_RIGHT ? "right" : c == SSD_CENSOR_RESOLUTION ? "resolution" : "none";
}

static void key(struct ssd__text *t, int *first, const char *k) {
    if (!*first)
        ssd__text_raw(t, ",", 1);
    *first = 0;
    ssd__text_jstr(t, k);
    ssd__text_raw(t, ":", 1);
}

static void knum(struct ssd__text *t, int *first, const char *k, double v) {
    key(t, first, k);
    ssd__text_jnum(t, v);
}

static void kstr(struct ssd__text *t, int *first, const char *k, const char *v) {
    key(t, first, k);
    ssd__text_jstr(t, v);
}

/* A JSON fragment the library produced, or null. */
static void kraw(struct ssd__text *t, int *first, const char *k, const char *json) {
    key(t, first, k);
    if (json)
        ssd__text_raw(t, json, strlen(json));
    else
        ssd__text_raw(t, "null", 4);
}

static const struct ssd__step *logging_job(const ssd_suite *s, const struct ssd__step *an) {
    return ssd__suite_find_log(s, an->series, (int)(an - s->steps));
}

/* A level found and the model's (the median of its whole intervals'
 * rates, like the analysis' median of its samples) agree within this share:
 * the two medians cover the same samples but for the few a boundary placed
 * differently moves from one phase to the next (seeds' drives: within 1 %,
 * docs/analysis.md). */
#define TRUTH_LEVEL_TOL 0.05

/* The model's levels from its truth JSON; NaN where it has none (a phase
 * shorter than an interval, or a results.json written before they were). */
struct truth_levels {
    double cache, post_cache, folding, gc;
};

static struct truth_levels truth_levels_of(const struct ssd__step *job) {
    struct truth_levels L = {NAN, NAN, NAN, NAN};
    struct ssd__jv root;
    char msg[64];
    if (!job->truth_json || ssd__jr_parse(job->truth_json, &root, msg, sizeof msg))
        return L;
    L.cache = ssd__jv_num(&root, "cache_level_bps", NAN);
    L.post_cache = ssd__jv_num(&root, "post_cache_level_bps", NAN);
    L.folding = ssd__jv_num(&root, "folding_level_bps", NAN);
    L.gc = ssd__jv_num(&root, "gc_level_bps", NAN);
    ssd__jv_free(&root);
    return L;
}

/* {"analysis": a, "truth": m, "uncertainty_bps": TRUTH_LEVEL_TOL of m}. */
static void level_pair(struct ssd__text *t, int *f, const char *k, double a, double m) {
    int g = 1;
    key(t, f, k);
    ssd__text_raw(t, "{", 1);
    knum(t, &g, "analysis", a);
    knum(t, &g, "truth", m);
    knum(t, &g, "uncertainty_bps", TRUTH_LEVEL_TOL * m);
    ssd__text_raw(t, "}", 1);
}

/* The analysis figures beside the simulator's truth for the same run, like
 * with like: a level (median) beside the model's level, a mean beside its
 * mean, a position beside its position. */
static void truth_compare(struct ssd__text *t, const struct ssd__step *an,
                          const struct ssd__step *job) {
    struct truth_levels L = truth_levels_of(job);
    int f = 1;
    ssd__text_raw(t, "{", 1);
    double cache = an->sum.has_cache ? an->sum.cache_bytes : NAN;
    if (an->reference[0]) {
        key(t, &f, "recovered_bytes");
        int g = 1;
        ssd__text_raw(t, "{", 1);
        knum(t, &g, "analysis", an->sum.has_recovery ? an->sum.recovered_bytes : NAN);
        /* The fast-write room (cache room, or clean flash on a drive
         * without a cache) the idle or TRIM left when the run began. */
        knum(t, &g, "truth", job->truth_room_before);
        ssd__text_raw(t, "}", 1);
    }
    key(t, &f, "cache_bytes");
    int g = 1;
    ssd__text_raw(t, "{", 1);
    knum(t, &g, "analysis", cache);
    knum(t, &g, "truth", job->truth_cache_bytes);
    ssd__text_raw(t, "}", 1);
    level_pair(t, &f, "cache_level_bps", an->sum.has_cache ? an->sum.cache_level_bps : NAN,
               L.cache);
    level_pair(t, &f, "post_cache_bps", an->sum.post_cache_bps, L.post_cache);
    /* The model's mean (bytes over seconds, dips included) beside the mean
     * of the analysis' post-cache phase. */
    size_t pp = an->sum.has_cache ? 1 : 0;
    key(t, &f, "post_cache_mean_bps");
    g = 1;
    ssd__text_raw(t, "{", 1);
    knum(t, &g, "analysis", pp < an->nphases ? an->phases[pp].mean_bps : NAN);
    knum(t, &g, "truth", job->truth_post_bps);
    ssd__text_raw(t, "}", 1);
    key(t, &f, "folding_start_bytes");
    g = 1;
    ssd__text_raw(t, "{", 1);
    knum(t, &g, "analysis", an->sum.has_folding ? an->sum.folding_start_bytes : NAN);
    knum(t, &g, "truth", job->truth_fold_bytes);
    ssd__text_raw(t, "}", 1);
    level_pair(t, &f, "folding_level_bps", an->sum.has_folding ? an->sum.folding_level_bps : NAN,
               L.folding);
    key(t, &f, "gc_start_bytes");
    g = 1;
    ssd__text_raw(t, "{", 1);
    knum(t, &g, "analysis", an->sum.has_gc ? an->sum.gc_start_bytes : NAN);
    knum(t, &g, "truth", job->truth_gc_bytes);
    ssd__text_raw(t, "}", 1);
    level_pair(t, &f, "gc_level_bps", an->sum.has_gc ? an->sum.gc_level_bps : NAN, L.gc);
    /* The first lasting drop after the cache level, folding or GC alike. */
    double later = an->sum.has_folding ? an->sum.folding_start_bytes : NAN;
    if (an->sum.has_gc && !(later < an->sum.gc_start_bytes))
        later = an->sum.gc_start_bytes;
    key(t, &f, "later_drop_bytes");
    g = 1;
    ssd__text_raw(t, "{", 1);
    knum(t, &g, "analysis", later);
    knum(t, &g, "truth", ssd__later_drop_truth(job));
    ssd__text_raw(t, "}", 1);
    ssd__text_raw(t, "}", 1);
}

/* Where the analysis and the model disagree beyond the stated
 * uncertainty (the cache's, 5% of a position, TRUTH_LEVEL_TOL of a level):
 * the cache found or not, its size, the used state's start, the level after
 * the cache (the analysis' median beside the model's). */
int ssd__truth_mismatch(const struct ssd__step *an, const struct ssd__step *job, char *buf,
                        size_t len) {
    const struct ssd_analysis_summary *m = &an->sum;
    const double GiB = 1073741824.0;
    double tc = job->truth_cache_bytes, tg = job->truth_gc_bytes;
    buf[0] = '\0';
    if (!an->has_summary)
        return 0;
    if (isfinite(tc) && tc > 0 && m->has_cache && m->cache_censored == SSD_CENSOR_NONE &&
        fabs(m->cache_bytes - tc) > fmax(m->cache_uncertainty_bytes, 0.05 * tc))
        snprintf(buf, len, "cache %.2f GiB, model %.2f GiB", m->cache_bytes / GiB, tc / GiB);
    else if (isfinite(tc) && tc > 0 && !m->has_cache && an->nphases > 1 &&
             tc > an->phases[0].end_bytes * 0.5)
        snprintf(buf, len, "no cache found, model %.2f GiB", tc / GiB);
    else if (isfinite(tc) && tc == 0 && m->has_cache && m->cache_censored == SSD_CENSOR_NONE)
        snprintf(buf, len, "cache %.2f GiB, the model has none", m->cache_bytes / GiB);
    else if (isfinite(tg) && m->has_gc && fabs(m->gc_start_bytes - tg) > 0.05 * tg)
        snprintf(buf, len, "used state from %.1f GiB, model %.1f GiB", m->gc_start_bytes / GiB,
                 tg / GiB);
    else if (!isfinite(tg) && m->has_gc)
        snprintf(buf, len, "used state from %.1f GiB, the model never ran out of clean blocks",
                 m->gc_start_bytes / GiB);
    if (buf[0])
        return 1;
    /* The cache judged alike (both found, or neither): the level after it. */
    double tl = truth_levels_of(job).post_cache;
    int same_cache = (isfinite(tc) && tc > 0) == (m->has_cache != 0);
    if (same_cache && isfinite(tl) && tl > 0 && isfinite(m->post_cache_bps) &&
        fabs(m->post_cache_bps - tl) > TRUTH_LEVEL_TOL * tl)
        snprintf(buf, len, "level after the cache %.1f MiB/s, model %.1f MiB/s (+-%.0f%%)",
                 m->post_cache_bps / 1048576.0, tl / 1048576.0, 100 * TRUTH_LEVEL_TOL);
    return buf[0] != '\0';
}

double ssd__later_drop_truth(const struct ssd__step *job) {
    double f = job->truth_fold_bytes, g = job->truth_gc_bytes;
    if (isfinite(f) && isfinite(g))
        return f < g ? f : g;
    return isfinite(f) ? f : g;
}

static void step_json(const ssd_suite *s, struct ssd__text *t, int i) {
    const struct ssd__step *st = &s->steps[i];
    int f = 1;
    ssd__text_raw(t, "{", 1);
    knum(t, &f, "index", i);
    kstr(t, &f, "kind", ssd__step_kind_name(st->kind));
    kstr(t, &f, "name", st->name);
    kstr(t, &f, "line", st->line);
    knum(t, &f, "lineno", st->lineno);
    kstr(t, &f, "state", ssd__step_state_name(st->state));
    kstr(t, &f, "started", st->started[0] ? st->started : NULL);
    knum(t, &f, "wall_s", st->wall_s);
    knum(t, &f, "temp_c_before", st->temp_before_c);
    knum(t, &f, "temp_c_after", st->temp_after_c);
    if (st->error)
        kstr(t, &f, "error", st->error);
    if (st->state == SSD__ST_SKIPPED)
        kstr(t, &f, "reason", st->reason);
    switch (st->kind) {
    case SSD__STEP_JOB: {
        kstr(t, &f, "group", st->group[0] ? st->group : NULL);
        knum(t, &f, "x", st->x);
        key(t, &f, "params");
        int g = 1;
        ssd__text_raw(t, "{", 1);
        for (int k = 0; k < st->nopts; k++)
            kstr(t, &g, st->keys[k], st->values[k]);
        ssd__text_raw(t, "}", 1);
        if (st->log[0]) {
            char name[SSD__NAME_MAX + 8];
            snprintf(name, sizeof name, "%s.csv", st->log);
            kstr(t, &f, "log", name);
        } else {
            kstr(t, &f, "log", NULL);
        }
        if (st->job_json) {
            key(t, &f, "summary");
            g = 1;
            ssd__text_raw(t, "{", 1);
            knum(t, &g, "runtime_s", st->runtime_s);
            knum(t, &g, "bw_bps", st->bw_bps);
            knum(t, &g, "iops", st->iops);
            knum(t, &g, "read_bps", st->read_bps);
            knum(t, &g, "write_bps", st->write_bps);
            knum(t, &g, "lat_mean_us", st->lat_mean_us);
            knum(t, &g, "lat_p50_us", st->lat_p50_us);
            knum(t, &g, "lat_p99_us", st->lat_p99_us);
            knum(t, &g, "lat_p99_9_us", st->lat_p999_us);
            ssd__text_raw(t, "}", 1);
        }
        kraw(t, &f, "results", st->job_json);
        if (st->truth_json) {
            knum(t, &f, "sim_fast_room_before_bytes", st->truth_room_before);
            kraw(t, &f, "sim_truth", st->truth_json);
        }
        break;
    }
    case SSD__STEP_TRIM: {
        knum(t, &f, "offset", (double)st->offset);
        knum(t, &f, "length", (double)(st->length ? st->length : s->target_size - st->offset));
        break;
    }
    case SSD__STEP_IDLE:
        knum(t, &f, "seconds", st->idle_s * s->scale);
        knum(t, &f, "seconds_unscaled", st->idle_s);
        break;
    case SSD__STEP_FILEBENCH: {
        key(t, &f, "params");
        int g = 1;
        ssd__text_raw(t, "{", 1);
        for (int k = 0; k < st->nopts; k++)
            kstr(t, &g, st->keys[k], st->values[k]);
        ssd__text_raw(t, "}", 1);
        kraw(t, &f, "results", st->job_json); /* the ssdcore-filebench 1 object */
        break;
    }
    case SSD__STEP_REPLAY: {
        kstr(t, &f, "group", st->group);
        key(t, &f, "params");
        int g = 1;
        ssd__text_raw(t, "{", 1);
        for (int k = 0; k < st->nopts; k++)
            kstr(t, &g, st->keys[k], st->values[k]);
        ssd__text_raw(t, "}", 1);
        kraw(t, &f, "results", st->job_json); /* ssd_replay_results_json */
        break;
    }
    case SSD__STEP_ANALYZE: {
        char name[SSD__NAME_MAX + 8];
        snprintf(name, sizeof name, "%s.csv", st->series);
        kstr(t, &f, "series", name);
        if (st->reference[0]) {
            snprintf(name, sizeof name, "%s.csv", st->reference);
            kstr(t, &f, "reference", name);
        } else {
            kstr(t, &f, "reference", NULL);
        }
        key(t, &f, "options");
        int g = 1;
        ssd__text_raw(t, "{", 1);
        for (int k = 0; k < st->naopts; k++)
            knum(t, &g, st->akeys[k], st->avalues[k]);
        ssd__text_raw(t, "}", 1);
        kraw(t, &f, "analysis", st->analysis_json);
        const struct ssd__step *job = logging_job(s, st);
        if (job && job->truth_json) {
            kraw(t, &f, "sim_truth", job->truth_json);
            if (st->has_summary) {
                key(t, &f, "truth_vs_analysis");
                truth_compare(t, st, job);
            }
        }
        break;
    }
    }
    ssd__text_raw(t, "}", 1);
}

int ssd__analysis_lost(const struct ssd__step *st) {
    return st->kind == SSD__STEP_ANALYZE && st->state == SSD__ST_FAILED && !st->has_summary;
}

void ssd__analysis_lost_text(const ssd_suite *s, const struct ssd__step *st, char *buf,
                             size_t len) {
    /* A reloaded directory keeps the run's analysis when the CSV is gone. */
    snprintf(buf, len, "step %d (%s): %s%s", (int)(st - s->steps) + 1, st->name,
             st->error ? st->error : "failed",
             st->analysis_json ? "; the analysis stored in results.json is kept" : "");
}

static const struct ssd__step *done_job(const ssd_suite *s, const char *name) {
    const struct ssd__step *st = ssd__suite_find(s, name, s->nsteps);
    return st && st->state == SSD__ST_DONE ? st : NULL;
}

void ssd__suite_mixed_headline(const ssd_suite *s, const char *group, double *at80, double *mean) {
    double sum = 0;
    int n = 0;
    *at80 = NAN;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->kind != SSD__STEP_JOB || st->state != SSD__ST_DONE || strcmp(st->group, group))
            continue;
        sum += st->bw_bps;
        n++;
        if (st->x == 80)
            *at80 = st->bw_bps;
    }
    /* The mean of the six points is the headline only when all six ran. */
    *mean = n == 6 ? sum / n : NAN;
}

static void mixed(const ssd_suite *s, struct ssd__text *t, int *f, const char *group,
                  const char *prefix) {
    double at80, mean;
    ssd__suite_mixed_headline(s, group, &at80, &mean);
    char k[64];
    if (isfinite(at80)) {
        snprintf(k, sizeof k, "%s_80_bps", prefix);
        knum(t, f, k, at80);
    }
    if (isfinite(mean)) {
        snprintf(k, sizeof k, "%s_mean_bps", prefix);
        knum(t, f, k, mean);
    }
}

void ssd__suite_headline_json(const ssd_suite *s, struct ssd__text *t) {
    int f = 1;
    ssd__text_raw(t, "{", 1);
    /* What did not run, first: the figures below are missing it. */
    key(t, &f, "skipped_steps");
    ssd__text_raw(t, "[", 1);
    for (int i = 0, first = 1; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->state != SSD__ST_SKIPPED)
            continue;
        if (!first)
            ssd__text_raw(t, ",", 1);
        first = 0;
        int h = 1;
        ssd__text_raw(t, "{", 1);
        knum(t, &h, "index", i);
        kstr(t, &h, "name", st->name);
        kstr(t, &h, "kind", ssd__step_kind_name(st->kind));
        kstr(t, &h, "reason", st->reason);
        ssd__text_raw(t, "}", 1);
    }
    ssd__text_raw(t, "]", 1);
    for (size_t i = 0; i < ssd__named_step_count; i++) {
        const struct ssd__named_step *n = &ssd__named_steps[i];
        const struct ssd__step *st = n->headline_key ? done_job(s, n->name) : NULL;
        if (st)
            knum(t, &f, n->headline_key, n->iops ? st->iops : st->bw_bps);
    }
    mixed(s, t, &f, "mixed-seq", "mixed_seq");
    mixed(s, t, &f, "mixed-rand", "mixed_random");
    const struct ssd__step *fill = done_job(s, ssd__step_fill);
    if (fill)
        knum(t, &f, "fill_time_s", fill->runtime_s);
    key(t, &f, "file_tests");
    ssd__text_raw(t, "{", 1);
    int ft = 1;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->kind != SSD__STEP_FILEBENCH || st->state != SSD__ST_DONE)
            continue;
        key(t, &ft, st->name);
        int h = 1;
        ssd__text_raw(t, "{", 1);
        for (int k = 0; k < st->nfile; k++) {
            char name[48];
            snprintf(name, sizeof name, "%s_s", st->file[k].name);
            knum(t, &h, name, st->file[k].seconds);
            snprintf(name, sizeof name, "%s_mibs", st->file[k].name);
            knum(t, &h, name, st->file[k].mibs);
        }
        ssd__text_raw(t, "}", 1);
    }
    ssd__text_raw(t, "}", 1);
    /* Trace replays: bandwidth (bytes / busy time) per trace, and the
     * application score over the "apps" group, as the reviews chart them. */
    key(t, &f, "replays");
    ssd__text_raw(t, "{", 1);
    int rf = 1;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->kind != SSD__STEP_REPLAY || st->state != SSD__ST_DONE)
            continue;
        key(t, &rf, st->name);
        int h = 1;
        ssd__text_raw(t, "{", 1);
        knum(t, &h, "bw_bps", st->bw_bps);
        knum(t, &h, "busy_s", st->runtime_s);
        ssd__text_raw(t, "}", 1);
    }
    ssd__text_raw(t, "}", 1);
    struct ssd__cdm_figure cdm[16];
    char cdm_warning[300];
    int ncdm = ssd__suite_cdm_figures(s, cdm, 16, cdm_warning, sizeof cdm_warning);
    if (ncdm) {
        key(t, &f, "cdm");
        ssd__text_raw(t, "{", 1);
        int cf = 1;
        for (int i = 0; i < ncdm; i++) {
            char name[SSD__NAME_MAX + 8];
            snprintf(name, sizeof name, "%.60s_bps", cdm[i].name);
            knum(t, &cf, name, cdm[i].best_bps);
        }
        ssd__text_raw(t, "}", 1);
        kstr(t, &f, "cdm_warning", cdm_warning[0] ? cdm_warning : NULL);
    }
    double apps_score, apps_mean;
    if (ssd__suite_apps_score(s, &apps_score, &apps_mean)) {
        knum(t, &f, "apps_score_bps", apps_score);
        knum(t, &f, "apps_mean_bps", apps_mean);
    }
    /* How consistent the latency is: the tail over the median per test. */
    key(t, &f, "latency");
    ssd__text_raw(t, "{", 1);
    int lf = 1;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->kind != SSD__STEP_JOB || st->state != SSD__ST_DONE ||
            !ssd__latency_label(st->name) || !(st->lat_p50_us > 0))
            continue;
        key(t, &lf, st->name);
        int h = 1;
        ssd__text_raw(t, "{", 1);
        knum(t, &h, "p50_us", st->lat_p50_us);
        knum(t, &h, "p99_us", st->lat_p99_us);
        knum(t, &h, "p99_9_us", st->lat_p999_us);
        knum(t, &h, "p99_over_p50", st->lat_p99_us / st->lat_p50_us);
        knum(t, &h, "p99_9_over_p50", st->lat_p999_us / st->lat_p50_us);
        ssd__text_raw(t, "}", 1);
    }
    ssd__text_raw(t, "}", 1);
    key(t, &f, "write_curves");
    ssd__text_raw(t, "{", 1);
    int g = 1;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (ssd__analysis_lost(st)) {
            /* Every figure null, and why: a curve must not vanish silently. */
            static const char *const curve_keys[] = {
                "total_bytes",       "duration_s",      "mean_bps",       "cache_bytes",
                "cache_censored",    "cache_level_bps", "post_cache_bps", "folding_start_bytes",
                "folding_level_bps", "gc_start_bytes",  "gc_level_bps",   "gc_end_level_bps",
                "end_level_bps"};
            key(t, &g, st->series);
            int h = 1;
            ssd__text_raw(t, "{", 1);
            for (size_t k = 0; k < sizeof curve_keys / sizeof curve_keys[0]; k++)
                knum(t, &h, curve_keys[k], NAN);
            if (st->reference[0])
                knum(t, &h, "recovered_bytes", NAN);
            char why[2 * SSD__ERRMSG_SIZE];
            ssd__analysis_lost_text(s, st, why, sizeof why);
            kstr(t, &h, "error", why);
            ssd__text_raw(t, "}", 1);
            continue;
        }
        if (st->kind != SSD__STEP_ANALYZE || !st->has_summary)
            continue;
        const struct ssd_analysis_summary *m = &st->sum;
        key(t, &g, st->series);
        int h = 1;
        ssd__text_raw(t, "{", 1);
        knum(t, &h, "total_bytes", m->total_bytes);
        knum(t, &h, "duration_s", m->duration_s);
        knum(t, &h, "mean_bps", m->total_bytes / m->duration_s);
        knum(t, &h, "cache_bytes", m->has_cache ? m->cache_bytes : NAN);
        kstr(t, &h, "cache_censored", m->has_cache ? censor_name(m->cache_censored) : NULL);
        knum(t, &h, "cache_level_bps", m->has_cache ? m->cache_level_bps : NAN);
        knum(t, &h, "post_cache_bps", m->post_cache_bps);
        knum(t, &h, "folding_start_bytes", m->has_folding ? m->folding_start_bytes : NAN);
        knum(t, &h, "folding_level_bps", m->has_folding ? m->folding_level_bps : NAN);
        knum(t, &h, "gc_start_bytes", m->has_gc ? m->gc_start_bytes : NAN);
        knum(t, &h, "gc_level_bps", m->has_gc ? m->gc_level_bps : NAN);
        knum(t, &h, "gc_end_level_bps", m->has_gc ? m->gc_end_level_bps : NAN);
        struct ssd__text words = {0};
        ssd__text_regimes(&words, m, st->phases, st->nphases);
        char *w = ssd__text_take(&words);
        kstr(t, &h, "in_words", w);
        free(w);
        knum(t, &h, "end_level_bps", st->nphases ? st->phases[st->nphases - 1].level_bps : NAN);
        if (st->reference[0])
            knum(t, &h, "recovered_bytes", m->has_recovery ? m->recovered_bytes : NAN);
        if (st->sum_stored) {
            /* The figures stand (stored in results.json); the curve is gone. */
            char why[2 * SSD__ERRMSG_SIZE];
            ssd__analysis_lost_text(s, st, why, sizeof why);
            kstr(t, &h, "error", why);
        }
        ssd__text_raw(t, "}", 1);
    }
    ssd__text_raw(t, "}", 1);
    ssd__text_raw(t, "}", 1);
}

int ssd__suite_json(const ssd_suite *s, char **out) {
    struct ssd__text t = {0};
    int f = 1;
    ssd__text_raw(&t, "{", 1);
    kstr(&t, &f, "schema", "ssdcore-results/1");
    kstr(&t, &f, "tool", "ssdcore " SSD_VERSION_STRING);
    kstr(&t, &f, "suite", s->suite_file ? NULL : s->suite_name);
    kstr(&t, &f, "suite_file", s->suite_file);
    knum(&t, &f, "scale", s->scale);
    key(&t, &f, "target");
    int g = 1;
    ssd__text_raw(&t, "{", 1);
    kstr(&t, &g, "uri", s->target_uri);
    kstr(&t, &g, "kind", s->target_kind);
    knum(&t, &g, "size_bytes", (double)s->target_size);
    knum(&t, &g, "block_size", s->target_block);
    /* Absent in results written before ssdcore recorded the drive. */
    if (s->drive_json)
        kraw(&t, &g, "drive", s->drive_json);
    ssd__text_raw(&t, "}", 1);
    key(&t, &f, "host");
    g = 1;
    ssd__text_raw(&t, "{", 1);
    kstr(&t, &g, "hostname", s->host_name);
    kstr(&t, &g, "kernel", s->host_kernel);
    kstr(&t, &g, "cpu", s->host_cpu);
    ssd__text_raw(&t, "}", 1);
    kstr(&t, &f, "started", s->started[0] ? s->started : NULL);
    kstr(&t, &f, "finished", s->finished[0] ? s->finished : NULL);
    /* A skipped step ran its course: it is listed in the headline, and the
     * run is still complete. */
    int done = 0;
    for (int i = 0; i < s->nsteps; i++)
        done += s->steps[i].state == SSD__ST_DONE || s->steps[i].state == SSD__ST_SKIPPED;
    int complete = s->nsteps > 0 && done == s->nsteps;
    /* One word every reader shows: "running" while a run holds its OUT,
     * "interrupted" after Ctrl-C, SIGTERM, SIGHUP or a kill (a loaded run
     * that says running but whose lock is free), "failed", "complete". */
    kstr(&t, &f, "status", ssd__suite_status(s));
    key(&t, &f, "killed");
    ssd__text_add(&t, "%s", s->killed ? "true" : "false");
    key(&t, &f, "complete");
    ssd__text_add(&t, "%s", complete ? "true" : "false");
    key(&t, &f, "interrupted");
    ssd__text_add(&t, "%s", s->interrupted ? "true" : "false");
    kstr(&t, &f, "error", s->error);
    knum(&t, &f, "steps_total", s->loaded ? s->steps_total : s->nsteps);
    key(&t, &f, "steps");
    ssd__text_raw(&t, "[", 1);
    int first = 1;
    for (int i = 0; i < s->nsteps; i++) {
        if (s->steps[i].state == SSD__ST_PENDING)
            continue;
        if (!first)
            ssd__text_raw(&t, ",\n", 2);
        first = 0;
        step_json(s, &t, i);
    }
    ssd__text_raw(&t, "]", 1);
    key(&t, &f, "headline");
    ssd__suite_headline_json(s, &t);
    ssd__text_raw(&t, "}\n", 2);
    *out = ssd__text_take(&t);
    return *out ? 0 : SSD_ENOMEM;
}

static void line_bps(struct ssd__text *t, const char *label, double bps) {
    ssd__text_add(t, "  %-26s %10.1f MiB/s\n", label, bps / 1048576);
}

int ssd_suite_summary_text(const ssd_suite *s, char **out) {
    if (!s || !out)
        return SSD_EINVAL;
    struct ssd__text t = {0};
    int skipped = ssd__suite_skipped(s);
    const char *status = ssd__suite_status(s);
    int ran = 0;
    for (int i = 0; i < s->nsteps; i++)
        ran += s->steps[i].state == SSD__ST_DONE;
    int total = s->loaded ? s->steps_total : s->nsteps;
    ssd__text_add(&t, "%s on %s: %s", s->suite_file ? s->suite_file : s->suite_name, s->target_uri,
                  !strcmp(status, "complete") ? "done" : status);
    if (strcmp(status, "complete"))
        ssd__text_add(&t, " after %d of %d steps", ran, total);
    if (s->killed)
        ssd__text_add(&t, " (killed: the run ended without recording why)");
    if (skipped)
        ssd__text_add(&t, ", %d step%s skipped", skipped, skipped > 1 ? "s" : "");
    ssd__text_add(&t, "\n");
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->state == SSD__ST_SKIPPED)
            ssd__text_add(&t, "  skipped step %d (%s, line %d): %s\n", i + 1, st->name, st->lineno,
                          st->reason ? st->reason : "?");
    }
    for (size_t i = 0; i < ssd__named_step_count; i++) {
        const struct ssd__named_step *n = &ssd__named_steps[i];
        const struct ssd__step *st = n->text_label ? done_job(s, n->name) : NULL;
        if (!st)
            continue;
        if (n->iops && st->lat_p50_us > 0)
            ssd__text_add(&t, "  %-26s %10.0f IOPS  (%.1f MiB/s; p99 %.0f us, p99/p50 %.1fx)\n",
                          n->text_label, st->iops, st->bw_bps / 1048576, st->lat_p99_us,
                          st->lat_p99_us / st->lat_p50_us);
        else if (n->iops)
            ssd__text_add(&t, "  %-26s %10.0f IOPS  (%.1f MiB/s)\n", n->text_label, st->iops,
                          st->bw_bps / 1048576);
        else
            line_bps(&t, n->text_label, st->bw_bps);
    }
    const struct ssd__step *deg = done_job(s, ssd__step_degradation);
    if (deg && deg->lat_p50_us > 0)
        ssd__text_add(&t, "  %-26s p99 %.0f us, p99.9 %.0f us (p99/p50 %.1fx)\n",
                      "degradation latency", deg->lat_p99_us, deg->lat_p999_us,
                      deg->lat_p99_us / deg->lat_p50_us);
    static const char *const groups[][2] = {{"mixed-seq", "mixed seq 128K"},
                                            {"mixed-rand", "mixed random 4K"}};
    for (int k = 0; k < 2; k++) {
        double at80, mean;
        ssd__suite_mixed_headline(s, groups[k][0], &at80, &mean);
        char label[64];
        if (isfinite(at80)) {
            snprintf(label, sizeof label, "%s, 80 %% reads", groups[k][1]);
            line_bps(&t, label, at80);
        }
        if (isfinite(mean)) {
            snprintf(label, sizeof label, "%s, mean of six", groups[k][1]);
            line_bps(&t, label, mean);
        }
    }
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (ssd__analysis_lost(st)) {
            /* A headline figure that is missing says why. */
            char why[2 * SSD__ERRMSG_SIZE];
            ssd__analysis_lost_text(s, st, why, sizeof why);
            ssd__text_add(&t, "  %s: analysis failed, no figures: %s\n", st->series, why);
            continue;
        }
        if (st->kind != SSD__STEP_ANALYZE || !st->has_summary)
            continue;
        const struct ssd_analysis_summary *m = &st->sum;
        ssd__text_add(&t, "  %s: %.1f GiB in %.0f s", st->series, m->total_bytes / 1073741824.0,
                      m->duration_s);
        ssd__text_add(&t, "; ");
        ssd__text_regimes(&t, m, st->phases, st->nphases);
        if (st->nphases > 1)
            ssd__text_add(&t, "; end %.1f MiB/s", st->phases[st->nphases - 1].level_bps / 1048576);
        if (m->has_recovery)
            ssd__text_add(&t, "; recovered %.2f GiB", m->recovered_bytes / 1073741824.0);
        const struct ssd__step *job = logging_job(s, st);
        if (job && st->reference[0] && isfinite(job->truth_room_before))
            ssd__text_add(&t, " [sim truth: fast-write room %.2f GiB]",
                          job->truth_room_before / 1073741824.0);
        else if (job && isfinite(job->truth_cache_bytes))
            ssd__text_add(&t, " [sim truth: cache %.2f GiB]",
                          job->truth_cache_bytes / 1073741824.0);
        if (st->sum_stored) {
            char why[2 * SSD__ERRMSG_SIZE];
            ssd__analysis_lost_text(s, st, why, sizeof why);
            ssd__text_add(&t, " (as results.json stored: %s)", why);
        }
        if (job && !st->reference[0]) {
            char miss[160];
            if (ssd__truth_mismatch(st, job, miss, sizeof miss))
                ssd__text_add(&t, " MISMATCH with the sim truth: %s", miss);
        }
        ssd__text_add(&t, "\n");
        if (job && !strcmp(job->name, ssd__step_fill) && job->state == SSD__ST_DONE)
            ssd__text_add(&t, "  %-26s %10.0f s (%.1f min)\n", "whole-drive fill time",
                          job->runtime_s, job->runtime_s / 60);
    }
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->kind != SSD__STEP_FILEBENCH || st->state != SSD__ST_DONE)
            continue;
        ssd__text_add(&t, "  %s:", st->name);
        for (int k = 0; k < st->nfile; k++)
            ssd__text_add(&t, "%s %s %.1f s (%.1f MiB/s)", k ? ";" : "", st->file[k].name,
                          st->file[k].seconds, st->file[k].mibs);
        ssd__text_add(&t, "\n");
    }
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->kind == SSD__STEP_REPLAY && st->state == SSD__ST_DONE)
            ssd__text_add(&t, "  replay %-19s %10.1f MiB/s  (busy %.2f s)\n", st->name,
                          st->bw_bps / 1048576.0, st->runtime_s);
    }
    struct ssd__cdm_figure cdm[16];
    char warn[300];
    int ncdm = ssd__suite_cdm_figures(s, cdm, 16, warn, sizeof warn);
    for (int i = 0; i < ncdm; i++)
        ssd__text_add(&t, "  cdm %-22s %10.1f MB/s  (best of passes)\n", cdm[i].name,
                      cdm[i].best_bps / 1e6);
    if (warn[0])
        ssd__text_add(&t, "  warning: %s\n", warn);
    double score, mean;
    if (ssd__suite_apps_score(s, &score, &mean))
        ssd__text_add(&t, "  %-26s %10.1f MiB/s  (bytes / busy time; mean of traces %.1f MiB/s)\n",
                      "application score", score / 1048576.0, mean / 1048576.0);
    *out = ssd__text_take(&t);
    return *out ? 0 : SSD_ENOMEM;
}
