/* suite_results.c - results.json of a suite run (schema ssdcore-results/1):
 * the run, the host, every attempted step with its parameters and results,
 * and the headline figures the reviews print. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "ssdcore/base.h"
#include "jsonw.h"
#include "curve_groups.h"
#include "verdict_words.h"
#include "step_names.h"
#include "figure_labels.h"
#include "suite_impl.h"
#include "summary_keys.h"

/* A level found and the model's (the median of its whole intervals'
 * rates, like the analysis' median of its samples) agree within this share:
 * the two medians cover the same samples but for the few a boundary placed
 * differently moves from one phase to the next (seeds' drives: within 1 %,
 * docs/analysis.md). */
#define TRUTH_LEVEL_TOL 0.05

/* The model's levels from its truth JSON; NaN where it has none (a phase
 * shorter than an interval, or a results.json written before they were). */
struct truth_levels {
    double cache, post_cache, folding, gc, gc_end;
    /* The model's level just before its first used-state phase (its
     * clean blocks, its cache or its folding), over the used state's. */
    double gc_step;
};

/* The step the analysis is asked to see (its min_step option's default):
 * a model's used state less slower than this than what came before it is
 * GC that costs nothing visible (random writes over a small span of a
 * drive written full find their victims holding the span's overwritten
 * data), and no analysis can place it. */
#define TRUTH_VISIBLE_STEP 1.15

static struct truth_levels truth_levels_of(const struct ssd__step *job) {
    struct truth_levels L = {NAN, NAN, NAN, NAN, NAN, NAN};
    struct ssd__jv root;
    char msg[64];
    if (!job->res.truth_json || ssd__jr_parse(job->res.truth_json, &root, msg, sizeof msg))
        return L;
    L.cache = ssd__jv_num(&root, "cache_level_bps", NAN);
    L.post_cache = ssd__jv_num(&root, "post_cache_level_bps", NAN);
    L.folding = ssd__jv_num(&root, "folding_level_bps", NAN);
    L.gc = ssd__jv_num(&root, "gc_level_bps", NAN);
    /* Where the model's used state ended: its last gc phase's noise- and
     * dip-free speed at its end. */
    const struct ssd__jv *ph = ssd__jv_get(&root, "phases");
    for (size_t i = 0; ph && ph->type == SSD__JARR && i < ph->n; i++) {
        const char *r = ssd__jv_str(&ph->items[i], "regime");
        if (!r || strcmp(r, "gc"))
            continue;
        L.gc_end = ssd__jv_num(&ph->items[i], "end_level_bps", NAN);
        if (i > 0 && isnan(L.gc_step))
            L.gc_step = ssd__jv_num(&ph->items[i - 1], "level_bps", NAN) /
                        ssd__jv_num(&ph->items[i], "level_bps", NAN);
    }
    ssd__jv_free(&root);
    return L;
}

double ssd__truth_post_cache_level(const struct ssd__step *job) {
    double level = truth_levels_of(job).post_cache;
    return isfinite(level) ? level : job->res.truth_post_bps;
}

/* Where the simulator says writes slowed after the cache: folding or GC,
 * whichever came first; NaN when neither happened. */
static double later_drop_truth(const struct ssd__step *job) {
    double f = job->res.truth_fold_bytes, g = job->res.truth_gc_bytes;
    if (isfinite(f) && isfinite(g))
        return f < g ? f : g;
    return isfinite(f) ? f : g;
}

/* The analysis figures beside the simulator's truth for the same run, like
 * with like: a level (median) beside the model's level, with its stated
 * uncertainty; a mean beside its mean; a position beside its position. */
static void truth_compare(struct ssd__jw *w, const struct ssd__step *an,
                          const struct ssd__step *job) {
    const struct ssd_analysis_summary *m = &an->res.sum;
    struct truth_levels L = truth_levels_of(job);
    /* The model's mean (bytes over seconds, dips included) beside the mean
     * of the analysis' post-cache phase. */
    size_t pp = m->has_cache ? 1 : 0;
    /* The first lasting drop after the cache level, folding or GC alike. */
    double later = m->has_folding ? m->folding_start_bytes : NAN;
    if (m->has_gc && !(later < m->gc_start_bytes))
        later = m->gc_start_bytes;
    const struct {
        const char *key;
        double analysis, truth;
        int level; /* a level: with its uncertainty */
    } pairs[] = {
        /* The fast-write room (cache room, or clean flash on a drive
         * without a cache) the idle or TRIM left when the run began. */
        {"recovered_bytes", m->has_recovery ? m->recovered_bytes : NAN, job->res.truth_room_before,
         0},
        {"cache_bytes", m->has_cache ? m->cache_bytes : NAN, job->res.truth_cache_bytes, 0},
        {"cache_level_bps", m->has_cache ? m->cache_level_bps : NAN, L.cache, 1},
        {"post_cache_bps", m->post_cache_bps, L.post_cache, 1},
        {"post_cache_mean_bps", pp < an->res.nphases ? an->res.phases[pp].mean_bps : NAN,
         job->res.truth_post_bps, 0},
        {"folding_start_bytes", m->has_folding ? m->folding_start_bytes : NAN,
         job->res.truth_fold_bytes, 0},
        {"folding_level_bps", m->has_folding ? m->folding_level_bps : NAN, L.folding, 1},
        {"gc_start_bytes", m->has_gc ? m->gc_start_bytes : NAN, job->res.truth_gc_bytes, 0},
        {"gc_level_bps", m->has_gc ? m->gc_level_bps : NAN, L.gc, 1},
        {"gc_end_level_bps", m->has_gc ? m->gc_end_level_bps : NAN, L.gc_end, 1},
        {"later_drop_bytes", later, later_drop_truth(job), 0},
    };
    ssd__jw_begin_object(w);
    for (size_t i = an->def.reference[0] ? 0 : 1; i < sizeof pairs / sizeof pairs[0]; i++) {
        ssd__jw_kbegin_object(w, pairs[i].key);
        if (ssd__ends_with(pairs[i].key, "_bytes")) { /* whole bytes (issue #22) */
            ssd__jw_kbytes(w, "analysis", pairs[i].analysis);
            ssd__jw_kbytes(w, "truth", pairs[i].truth);
        } else {
            ssd__jw_knum(w, "analysis", pairs[i].analysis);
            ssd__jw_knum(w, "truth", pairs[i].truth);
        }
        if (pairs[i].level)
            ssd__jw_knum(w, "uncertainty_bps", TRUTH_LEVEL_TOL * pairs[i].truth);
        ssd__jw_end_object(w);
    }
    ssd__jw_end_object(w);
}

/* How far the analysis' used-state start may be from the model's tg: 5 %
 * of it, and at least a sample on either side of the boundary the analysis
 * placed (its resolution): a model in its used state from byte 0 (a run
 * right after another used its clean blocks) beside an analysis that
 * starts it after its first, faster sample read "used state from 0.0 GiB,
 * model 0.0 GiB" as a MISMATCH. */
static double position_tol(const struct ssd__step *an, double tg) {
    const struct ssd_analysis_summary *m = &an->res.sum;
    double tol = 0.05 * tg, interval = m->samples ? m->duration_s / (double)m->samples : NAN;
    for (size_t k = 1; k < an->res.nphases; k++) {
        const struct ssd_phase *p = &an->res.phases[k];
        if (p->regime != SSD_REGIME_GC || p->start_bytes != m->gc_start_bytes)
            continue;
        /* (by time: a phase read back from results.json has no sample
         * indices) */
        for (size_t q = k - 1; q <= k; q++) {
            const struct ssd_phase *n = &an->res.phases[q];
            double one = (n->end_bytes - n->start_bytes) * interval / (n->end_s - n->start_s);
            if (isfinite(one))
                tol = fmax(tol, one);
        }
        break;
    }
    return tol;
}

/* Where the analysis and the model disagree beyond the stated
 * uncertainty (the cache's, 5% of a position, TRUTH_LEVEL_TOL of a level):
 * the cache found or not, its size, the used state's start or its absence,
 * the level after the cache (the analysis' median beside the model's). A
 * recovery run (reference=) is judged on the used state only: its cache is
 * the room idle time gave back, compared in truth_vs_analysis. */
int ssd__truth_mismatch(const struct ssd__step *an, const struct ssd__step *job, char *buf,
                        size_t len) {
    const struct ssd_analysis_summary *m = &an->res.sum;
    const double GiB = 1073741824.0;
    double tc = job->res.truth_cache_bytes, tg = job->res.truth_gc_bytes;
    int cache = !an->def.reference[0];
    buf[0] = '\0';
    /* Only a run on a model has a truth to miss: a block device's run with
     * a used state was told "the model never ran out of clean blocks". */
    if (!an->res.has_summary || !job->res.truth_json)
        return 0;
    if (cache && isfinite(tc) && tc > 0 && m->has_cache && m->cache_censored == SSD_CENSOR_NONE &&
        fabs(m->cache_bytes - tc) > fmax(m->cache_uncertainty_bytes, 0.05 * tc))
        snprintf(buf, len, "cache %.2f GiB, model %.2f GiB", m->cache_bytes / GiB, tc / GiB);
    else if (cache && isfinite(tc) && tc > 0 && !m->has_cache && an->res.nphases > 1 &&
             tc > an->res.phases[0].end_bytes * 0.5)
        snprintf(buf, len, "no cache found, model %.2f GiB", tc / GiB);
    else if (cache && isfinite(tc) && tc == 0 && m->has_cache &&
             m->cache_censored == SSD_CENSOR_NONE)
        snprintf(buf, len, "cache %.2f GiB, the model has none", m->cache_bytes / GiB);
    else if (isfinite(tg) && m->has_gc && fabs(m->gc_start_bytes - tg) > position_tol(an, tg))
        snprintf(buf, len, "used state from %.1f GiB, model %.1f GiB", m->gc_start_bytes / GiB,
                 tg / GiB);
    else if (!isfinite(tg) && m->has_gc)
        snprintf(buf, len, "used state from %.1f GiB, the model never ran out of clean blocks",
                 m->gc_start_bytes / GiB);
    /* (A used state in the run's last tenth may be too short to find, and
     * one at the speed before it cannot be seen at all.) */
    else if (isfinite(tg) && !m->has_gc && tg <= 0.9 * m->total_bytes &&
             !(truth_levels_of(job).gc_step < TRUTH_VISIBLE_STEP))
        snprintf(buf, len, "no used state found, model from %.1f GiB", tg / GiB);
    if (buf[0] || !cache)
        return buf[0] != '\0';
    /* The model went from its cache (or its first byte) straight into its
     * used state, and the analysis' phase before it is no longer than the
     * boundary's resolution (a first, faster sample): no level after the
     * cache on either side to compare. */
    double before_gc = m->has_gc ? m->gc_start_bytes - (m->has_cache ? m->cache_bytes : 0) : NAN;
    if (isfinite(tg) && tg <= (isfinite(tc) ? tc : 0) + position_tol(an, tg) &&
        before_gc <= 2 * position_tol(an, tg))
        return 0;
    /* The cache judged alike (both found, or neither): the level after it. */
    double tl = truth_levels_of(job).post_cache;
    int same_cache = (isfinite(tc) && tc > 0) == (m->has_cache != 0);
    if (same_cache && isfinite(tl) && tl > 0 && isfinite(m->post_cache_bps) &&
        fabs(m->post_cache_bps - tl) > TRUTH_LEVEL_TOL * tl)
        snprintf(buf, len, "level after the cache %.1f MiB/s, model %.1f MiB/s (+-%.0f%%)",
                 m->post_cache_bps / 1048576.0, tl / 1048576.0, 100 * TRUTH_LEVEL_TOL);
    return buf[0] != '\0';
}

/* The write speed at the end of an analysed run: the used state's level
 * over its last quarter when the run ends in it (its phase's median covers
 * the whole decline), else the last phase's level; NaN without phases. */
static double end_level(const struct ssd__step *an) {
    const struct ssd_analysis_summary *m = &an->res.sum;
    if (!an->res.nphases)
        return NAN;
    const struct ssd_phase *last = &an->res.phases[an->res.nphases - 1];
    if (m->has_gc && last->regime == SSD_REGIME_GC && isfinite(m->gc_end_level_bps))
        return m->gc_end_level_bps;
    return last->level_bps;
}

void ssd__analysis_truth_json(struct ssd__jw *w, const struct ssd__results *s,
                              const struct ssd__step *an) {
    const struct ssd__step *job = ssd__analysis_job(s, an);
    if (job && job->res.truth_json) {
        ssd__jw_kraw(w, "sim_truth", job->res.truth_json);
        if (an->res.has_summary) {
            ssd__jw_key(w, "truth_vs_analysis");
            truth_compare(w, an, job);
        }
    }
}

int ssd__analysis_lost(const struct ssd__step *st) {
    return st->def.kind == SSD__STEP_ANALYZE && st->res.state == SSD__ST_FAILED &&
           !st->res.has_summary;
}

void ssd__analysis_lost_text(const struct ssd__results *s, const struct ssd__step *st, char *buf,
                             size_t len) {
    /* A reloaded directory keeps the run's analysis when the CSV is gone. */
    snprintf(buf, len, "step %d (%s): %s%s", (int)(st - s->steps) + 1, st->def.name,
             st->res.error ? st->res.error : "failed",
             st->res.analysis_json ? "; the analysis stored in results.json is kept" : "");
}

/* The mixed-workload headline of a group of finished jobs ("mixed-seq",
 * "mixed-rand"): the bandwidth at 80 % reads (NAN when that point did not
 * run) and the mean of the six points (NAN unless all six ran), in bytes/s.
 * One definition for results.json, the text summary and the report. */
static void mixed_headline(const struct ssd__results *s, const char *group, double *at80,
                           double *mean) {
    double sum = 0;
    int n = 0;
    *at80 = NAN;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->def.kind != SSD__STEP_JOB || st->res.state != SSD__ST_DONE ||
            strcmp(st->def.group, group))
            continue;
        sum += st->res.bw_bps;
        n++;
        if (st->def.x == 80)
            *at80 = st->res.bw_bps;
    }
    /* The mean of the six points is the headline only when all six ran. */
    *mean = n == 6 ? sum / n : NAN;
}

static void mixed(const struct ssd__results *s, struct ssd__jw *w, const char *group,
                  const char *prefix) {
    double at80, mean;
    mixed_headline(s, group, &at80, &mean);
    char k[64];
    if (isfinite(at80)) {
        snprintf(k, sizeof k, "%s_80_bps", prefix);
        ssd__jw_knum(w, k, at80);
    }
    if (isfinite(mean)) {
        snprintf(k, sizeof k, "%s_mean_bps", prefix);
        ssd__jw_knum(w, k, mean);
    }
}

/* The figures of an analysed write curve, each null when lost; "error"
 * says why a figure is missing or stored rather than recomputed. */
static void write_curve(const struct ssd__results *s, struct ssd__jw *w,
                        const struct ssd__step *st) {
    const struct ssd_analysis_summary *m = &st->res.sum;
    int lost = ssd__analysis_lost(st);
    /* The log the verdict leaned on, by its file in the results directory
     * (null: none): the step's reference=, the whole-drive fill the run
     * followed, or the one the run's log records. The catalog and the
     * compare page read the headline: without it they could not tell a
     * curve read against its fill's log from one read without (round
     * 26's audit). */
    char ref_buf[SSD__NAME_MAX + 8];
    const char *ref_name = NULL;
    {
        struct ssd__jv a;
        char msg[32];
        if (st->res.analysis_json && !ssd__jr_parse(st->res.analysis_json, &a, msg, sizeof msg)) {
            const char *src = ssd__jv_str(ssd__jv_get(&a, "reference"), "source");
            const char *base = src && *src ? strrchr(src, '/') : NULL;
            if (src && *src) {
                snprintf(ref_buf, sizeof ref_buf, "%s", base ? base + 1 : src);
                ref_name = ref_buf;
            }
            ssd__jv_free(&a);
        }
    }
    ssd__jw_kbegin_object(w, st->def.series);
    /* A preparation write (CrystalDiskMark's test file, the area written
     * before read tests) measures nothing: its curve stays, marked, and the
     * views of the headline leave its figures out. */
    const struct ssd__step *job = ssd__analysis_job(s, st);
    if (job && !strcmp(job->def.group, ssd__group_prepare))
        ssd__jw_kbool(w, "preparation", 1);
    /* A cache whose drop fell inside the first sample is known to be at
     * most what that sample wrote (state upper_bound): how small it is,
     * what a reader asks of it; its lower bound is in_words'. */
    double cache_at_most = ssd__cache_at_most_bytes(m);
    /* A run whose speed never dropped and that wrote less than any cache
     * holds cannot tell a cache from none, nor its one level a cache's from
     * the direct one (Vector 180 wrote 94 GiB of its 120 GiB cache after a
     * TRIM and read "no cache", its cache speed "speed after the cache",
     * +600 % over the BX200's): not measured, never "none". */
    int undecided = !lost && ssd__one_speed_throughout(m, st->res.phases, st->res.nphases);
    /* Each figure with the phase it needs, null when the run does not have
     * it. Temperature and throttling are there when the log has the drive's
     * temperature (the thermal suite compares drives by them); the
     * recovery, last, only in a run against a reference. */
    /* The steady state the drive settles into (SNIA PTS rule, last stable
     * region) only from a long enough run: a short one's "steady" plateau
     * says little. */
    int long_run = m->duration_s >= 1800;
    enum { ALWAYS, CACHE, FOLDING, GC, RECOVERY, TEMPERATURE, THROTTLE, STEADY };
    const int has[] = {1,
                       m->has_cache,
                       m->has_folding,
                       m->has_gc,
                       m->has_recovery,
                       m->has_temperature,
                       m->has_throttle,
                       m->steady_reached && long_run};
    const struct {
        const char *key;
        int phase;
        double v;
    } figs[] = {
        {"total_bytes", ALWAYS, m->total_bytes},
        {"duration_s", ALWAYS, m->duration_s},
        {"mean_bps", ALWAYS, m->total_bytes / m->duration_s},
        {"cache_bytes", CACHE, isfinite(cache_at_most) ? cache_at_most : m->cache_bytes},
        {"cache_level_bps", CACHE, m->cache_level_bps},
        {"post_cache_bps", ALWAYS, undecided ? NAN : m->post_cache_bps},
        {"folding_start_bytes", FOLDING, m->folding_start_bytes},
        {"folding_level_bps", FOLDING, m->folding_level_bps},
        {"gc_start_bytes", GC, m->gc_start_bytes},
        {"gc_level_bps", GC, m->gc_level_bps},
        {"gc_end_level_bps", GC, m->gc_end_level_bps},
        {"gc_start_level_bps", GC, m->gc_start_level_bps},
        {"gc_slope_bps_per_gib", GC, m->gc_slope_bps_per_gib},
        {"end_level_bps", ALWAYS, end_level(st)},
        {"steady_start_s", STEADY, m->steady_start_s},
        {"steady_mean_bps", STEADY, m->steady_mean_bps},
        {"max_temp_c", TEMPERATURE, m->temp_max_c},
        {"throttle_temp_c", THROTTLE, m->throttle_temp_c},
        {"throttle_start_s", THROTTLE, m->throttle_start_s},
        {"throttle_level_bps", THROTTLE, m->throttle_level_bps},
        {"throttled_s", THROTTLE, m->throttled_s},
        {"recovered_bytes", RECOVERY, m->recovered_bytes},
    };
    /* The recovery against the step's reference, or one measured against
     * the fill's log of the same workload the suite chose (a 4K random
     * fill before a 4K random run: "15 GiB written again at full speed" in
     * the analysis and the text, no figure in the headline). A fill of
     * another workload measures none (recovery_note): no figure, rather
     * than one the compare page would read as "none". */
    int recovery = st->def.reference[0] || (ref_name && !lost && m->has_recovery);
    size_t nfigs = sizeof figs / sizeof figs[0] - !recovery;
    for (size_t k = 0; k < nfigs; k++) {
        double v = lost || !has[figs[k].phase] ? NAN : figs[k].v;
        if (ssd__ends_with(figs[k].key, "_bytes")) /* whole bytes (issue #22) */
            ssd__jw_kbytes(w, figs[k].key, v);
        else
            ssd__jw_knum(w, figs[k].key, v);
        if (!strcmp(figs[k].key, "cache_bytes"))
            ssd__jw_kstr(w, "cache_censored",
                         !lost && m->has_cache ? ssd__censor_name(m->cache_censored) : NULL);
        if (!strcmp(figs[k].key, "gc_slope_bps_per_gib") && !lost) {
            struct ssd__text words = {0};
            ssd__text_regimes(&words, m, st->res.phases, st->res.nphases);
            char *text = ssd__text_take(&words);
            ssd__jw_kstr(w, "in_words", text);
            free(text);
        }
    }
    ssd__jw_kstr(w, "reference", ref_name);
    /* "right": the run never slowed, the figure is a lower bound. */
    if (recovery)
        ssd__jw_kstr(w, "recovery_censored",
                     !lost && m->has_recovery ? ssd__censor_name(m->recovery_censored) : NULL);
    /* What each figure is (docs/compare.md): measured, none (the analysis
     * found the drive has no such phase: "no cache"), not_measured (the
     * analysis was lost), or a lower bound (the run ended before the drive
     * slowed, or the drop fell inside the first sample). A reader must not
     * take "none" for "not tested", nor a bound for an exact figure. */
    ssd__jw_kbegin_object(w, "state");
    for (size_t k = 0; k < nfigs; k++) {
        int phase = figs[k].phase;
        const char *state = lost ? "not_measured" : has[phase] ? "measured" : "none";
        if (undecided && (phase == CACHE || !strcmp(figs[k].key, "post_cache_bps")))
            state = "not_measured";
        /* Without the drive's temperature nothing was measured: a drive
         * whose log has none is not said to run cool or not to throttle. */
        if (!lost && (phase == TEMPERATURE || phase == THROTTLE) && !m->has_temperature)
            state = "not_measured";
        if (!lost && phase == STEADY && !long_run)
            state = "not_measured";
        if (!lost && has[phase] && phase == CACHE && m->cache_censored == SSD_CENSOR_RIGHT &&
            strcmp(figs[k].key, "cache_level_bps") != 0)
            state = "lower_bound";
        /* The drop inside the first sample: the cache is at most what it
         * wrote, and that sample's rate only a floor of the cache's level. */
        if (!lost && has[phase] && phase == CACHE && m->cache_censored == SSD_CENSOR_RESOLUTION)
            state = strcmp(figs[k].key, "cache_bytes") ? "lower_bound" : "upper_bound";
        if (!lost && has[phase] && phase == RECOVERY && m->recovery_censored == SSD_CENSOR_RIGHT)
            state = "lower_bound";
        if (!strcmp(state, "measured") && !strcmp(figs[k].key, "post_cache_bps") &&
            !isfinite(m->post_cache_bps))
            state = "none";
        ssd__jw_kstr(w, figs[k].key, state);
    }
    ssd__jw_end_object(w);
    if (lost || st->res.sum_stored) {
        /* The figures stand (stored in results.json) but the curve is gone,
         * or there are none: a curve must not vanish silently. */
        char why[2 * SSD__ERRMSG_SIZE];
        ssd__analysis_lost_text(s, st, why, sizeof why);
        ssd__jw_kstr(w, "error", why);
    }
    ssd__jw_end_object(w);
}

const char *ssd__file_test_key(const struct ssd__step *st) {
    if (st->res.state != SSD__ST_DONE || !st->res.nfile)
        return NULL;
    return st->def.kind == SSD__STEP_FILEBENCH ? st->def.name
           : st->def.kind == SSD__STEP_REPLAY  ? st->def.group
                                               : NULL;
}

/* The first step whose file tests go under the same key as step i's. */
static int first_file_test(const struct ssd__results *s, int i) {
    const char *name = ssd__file_test_key(&s->steps[i]);
    for (int j = 0; j < i; j++) {
        const char *other = ssd__file_test_key(&s->steps[j]);
        if (other && !strcmp(other, name))
            return j;
    }
    return i;
}

static void headline(const struct ssd__results *s, struct ssd__jw *w) {
    ssd__jw_begin_object(w);
    /* What did not run, first: the figures below are missing it. */
    ssd__jw_kbegin_array(w, "skipped_steps");
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->res.state != SSD__ST_SKIPPED)
            continue;
        ssd__jw_begin_object(w);
        ssd__jw_knum(w, "index", i);
        ssd__jw_kstr(w, "name", st->def.name);
        ssd__jw_kstr(w, "kind", ssd__step_kind_name(st->def.kind));
        ssd__jw_kstr(w, "reason", st->res.reason);
        ssd__jw_end_object(w);
    }
    ssd__jw_end_array(w);
    /* A TRIM that stayed in the filesystem: the steps after it measured an
     * untrimmed drive. */
    ssd__jw_kbegin_array(w, "warnings");
    for (int i = 0; i < s->nsteps; i++) {
        char *msg = ssd__trim_warning(&s->steps[i], i);
        if (msg)
            ssd__jw_str(w, msg);
        free(msg);
    }
    ssd__jw_end_array(w);
    for (size_t i = 0; i < ssd__named_step_count; i++) {
        const struct ssd__named_step *n = &ssd__named_steps[i];
        const struct ssd__step *st = n->headline_key ? ssd__suite_find_done(s, n->name) : NULL;
        if (st)
            ssd__jw_knum(w, n->headline_key, n->iops ? st->res.iops : st->res.bw_bps);
    }
    for (int k = 0; k < SSD__GROUP_COUNT; k++)
        if (ssd__curve_groups[k].headline_key)
            mixed(s, w, ssd__curve_groups[k].group, ssd__curve_groups[k].headline_key);
    /* (A `fill` over part of the drive is no whole-drive fill: issue 21's
     * fill.suite fills 512g of a 1 TB drive, and its 5.1 minutes read
     * "whole-drive fill time", which compare set beside other drives'
     * whole fills.) */
    const struct ssd__step *fill = ssd__suite_find_done(s, ssd__step_fill);
    if (fill && ssd__step_wrote_whole_target(s, fill))
        ssd__jw_knum(w, "fill_time_s", fill->res.runtime_s);
    ssd__jw_kbegin_object(w, "file_tests");
    for (int i = 0; i < s->nsteps; i++) {
        const char *name = ssd__file_test_key(&s->steps[i]);
        if (!name || first_file_test(s, i) != i)
            continue;
        ssd__jw_kbegin_object(w, name);
        /* A filebench step holds all of its tests; replayed file tests are
         * one step each, gathered under their group. */
        for (int j = i; j < s->nsteps; j++) {
            const struct ssd__step *st = &s->steps[j];
            const char *other = ssd__file_test_key(st);
            if (!other || strcmp(other, name))
                continue;
            for (int k = 0; k < st->res.nfile; k++) {
                char kn[48];
                snprintf(kn, sizeof kn, "%s_s", st->res.file[k].name);
                ssd__jw_knum(w, kn, st->res.file[k].seconds);
                snprintf(kn, sizeof kn, "%s_bps", st->res.file[k].name);
                ssd__jw_knum(w, kn, st->res.file[k].bps);
            }
        }
        ssd__jw_end_object(w);
    }
    ssd__jw_end_object(w);
    /* Trace replays: bandwidth (bytes / busy time) per trace, and the
     * application score over the "apps" group, as the reviews chart them. */
    ssd__jw_kbegin_object(w, "replays");
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->def.kind != SSD__STEP_REPLAY || st->res.state != SSD__ST_DONE ||
            ssd__replay_is_file_test(st))
            continue;
        ssd__jw_kbegin_object(w, st->def.name);
        ssd__jw_knum(w, "bw_bps", st->res.bw_bps);
        ssd__jw_knum(w, "busy_s", st->res.runtime_s);
        ssd__jw_end_object(w);
    }
    ssd__jw_end_object(w);
    struct ssd__cdm_figure cdm[16];
    char cdm_warning[300];
    int ncdm = ssd__suite_cdm_figures(s, cdm, 16, cdm_warning, sizeof cdm_warning);
    if (ncdm) {
        ssd__jw_kbegin_object(w, "cdm");
        for (int i = 0; i < ncdm; i++) {
            char name[SSD__NAME_MAX + 8];
            snprintf(name, sizeof name, "%.60s_bps", cdm[i].name);
            ssd__jw_knum(w, name, cdm[i].best_bps);
        }
        ssd__jw_end_object(w);
        ssd__jw_kstr(w, "cdm_warning", cdm_warning[0] ? cdm_warning : NULL);
    }
    struct ssd__fill_figure levels[32];
    int nlevels = ssd__fill_level_figures_of(s, levels, 32);
    if (nlevels) {
        /* naspt: each test empty and at the fill level, and the change. */
        ssd__jw_kbegin_object(w, "naspt");
        for (int i = 0; i < nlevels; i++) {
            ssd__jw_kbegin_object(w, levels[i].test);
            ssd__jw_knum(w, "empty_bps", levels[i].empty_bps);
            ssd__jw_knum(w, "full_bps", levels[i].full_bps);
            ssd__jw_knum(w, "fill_level_pct", levels[i].level_pct);
            ssd__jw_knum(w, "full_over_empty", levels[i].full_bps / levels[i].empty_bps);
            ssd__jw_end_object(w);
        }
        ssd__jw_end_object(w);
    }
    double apps_score, apps_mean;
    if (ssd__suite_apps_score(s, &apps_score, &apps_mean)) {
        ssd__jw_knum(w, "apps_score_bps", apps_score);
        ssd__jw_knum(w, "apps_mean_bps", apps_mean);
    }
    double fsd_bw, fsd_at, fsd_score;
    int nfsd = ssd__suite_fsd_figures(s, &fsd_bw, &fsd_at, &fsd_score);
    if (nfsd) {
        ssd__jw_kbegin_object(w, "fsd");
        ssd__jw_ku64(w, "traces", (uint64_t)nfsd);
        ssd__jw_knum(w, "bw_bps", fsd_bw);
        ssd__jw_knum(w, "access_us", fsd_at * 1e6);
        ssd__jw_knum(w, "score", fsd_score);
        ssd__jw_end_object(w);
    }
    /* How consistent the latency is: the tail over the median per test. */
    ssd__jw_kbegin_object(w, "latency");
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->def.kind != SSD__STEP_JOB || st->res.state != SSD__ST_DONE ||
            !ssd__latency_label(st->def.name) || !(st->res.lat_p50_us > 0))
            continue;
        ssd__jw_kbegin_object(w, st->def.name);
        ssd__jw_knum(w, "p50_us", st->res.lat_p50_us);
        ssd__jw_knum(w, "p99_us", st->res.lat_p99_us);
        ssd__jw_knum(w, "p99_9_us", st->res.lat_p999_us);
        ssd__jw_knum(w, "p99_over_p50", st->res.lat_p99_us / st->res.lat_p50_us);
        ssd__jw_knum(w, "p99_9_over_p50", st->res.lat_p999_us / st->res.lat_p50_us);
        ssd__jw_end_object(w);
    }
    ssd__jw_end_object(w);
    ssd__pts_headline(s, w);
    ssd__jw_kbegin_object(w, "write_curves");
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (ssd__analysis_lost(st) || (st->def.kind == SSD__STEP_ANALYZE && st->res.has_summary))
            write_curve(s, w, st);
    }
    ssd__jw_end_object(w);
    ssd__jw_end_object(w);
}

int ssd__results_figs(const struct ssd__results *s, struct ssd__figs *out) {
    struct ssd__jw w;
    char *json = NULL, why[64];
    memset(out, 0, sizeof *out);
    ssd__jw_init(&w, SSD__JW_COMPACT);
    headline(s, &w);
    int rc = ssd__jw_finish(&w, &json);
    if (!rc)
        rc = ssd__figs_parse(json, out, why, sizeof why);
    free(json);
    return rc;
}

int ssd__suite_json(const ssd_suite *suite, enum ssd__jw_style style, char **out) {
    const struct ssd__results *s = &suite->res;
    struct ssd__jw w;
    ssd__jw_init(&w, style);
    ssd__jw_begin_object(&w);
    struct ssd__rio io = {.w = &w, .r = s};
    ssd__run_fields(&io, (struct ssd__results *)s); /* writing: read-only */
    /* A skipped step ran its course: it is listed in the headline, and the
     * run is still complete. */
    int done = 0;
    for (int i = 0; i < s->nsteps; i++)
        done += s->steps[i].res.state == SSD__ST_DONE || s->steps[i].res.state == SSD__ST_SKIPPED;
    /* One word every reader shows: "running" while a run holds its OUT,
     * "interrupted" after Ctrl-C, SIGTERM, SIGHUP or a kill (a loaded run
     * that says running but whose lock is free), "failed", "complete". */
    ssd__jw_kstr(&w, "status", ssd__suite_status(s));
    ssd__jw_kbool(&w, "killed", s->killed);
    ssd__jw_kbool(&w, "complete", s->nsteps > 0 && done == s->nsteps);
    ssd__jw_kbool(&w, "interrupted", s->interrupted);
    ssd__jw_kstr(&w, "error", s->error);
    ssd__jw_knum(&w, "steps_total", s->loaded ? s->steps_total : s->nsteps);
    ssd__jw_kbegin_array(&w, "steps");
    for (int i = 0; i < s->nsteps; i++) {
        if (s->steps[i].res.state == SSD__ST_PENDING)
            continue;
        ssd__jw_newline(&w); /* a step a line */
        io.i = i;
        ssd__jw_begin_object(&w);
        ssd__step_fields(&io, (struct ssd__step *)&s->steps[i]); /* writing: read-only */
        ssd__jw_end_object(&w);
    }
    ssd__jw_end_array(&w);
    ssd__jw_key(&w, "headline");
    headline(s, &w);
    ssd__jw_end_object(&w);
    ssd__jw_newline(&w);
    return ssd__jw_finish(&w, out);
}

/* The text summary's headline rows (ssd__figs_rows): the figures the
 * report's table and the compare page show, with the same words and units,
 * the labels in a column as wide as the widest (first pass: width only). */
struct text_rows {
    struct ssd__text *t;
    int width;
};

static void text_width(void *user, const char *section, const struct ssd__fig_row *r) {
    struct text_rows *tr = user;
    (void)section;
    int n = r->alone ? 0 : (int)strlen(r->label); /* a phrase alone sets no column */
    tr->width = n > tr->width ? n : tr->width;
}

static void text_row(void *user, const char *section, const struct ssd__fig_row *r) {
    struct text_rows *tr = user;
    if (section)
        ssd__text_add(tr->t, "  %s\n", section);
    if (r->number)
        ssd__text_add(tr->t, "    %-*s %10s%s%s\n", tr->width, r->label, r->value,
                      *r->unit ? " " : "", r->unit);
    else if (r->alone)
        ssd__text_add(tr->t, "    %s\n", r->label);
    else
        ssd__text_add(tr->t, "    %-*s %s\n", tr->width, r->label, r->value);
}

int ssd_suite_summary_text(const ssd_suite *suite, char **out) {
    if (!suite || !out)
        return SSD_EINVAL;
    const struct ssd__results *s = &suite->res;
    struct ssd__text t = {0};
    int skipped = ssd__suite_skipped(s);
    const char *status = ssd__suite_status(s);
    int ran = 0, pending = 0, failed = 0;
    for (int i = 0; i < s->nsteps; i++) {
        ran += s->steps[i].res.state == SSD__ST_DONE;
        pending += s->steps[i].res.state == SSD__ST_PENDING;
        failed += s->steps[i].res.state == SSD__ST_FAILED;
    }
    int total = s->loaded ? s->steps_total : s->nsteps;
    ssd__text_add(&t, "%s on %s: %s", s->suite_file ? s->suite_file : s->suite_name, s->target_uri,
                  !strcmp(status, "complete") ? "done" : status);
    /* A run whose analyses failed went through every step (the run goes on
     * after one): "after 1 of 2 steps" would say it stopped. */
    if (!strcmp(status, "failed") && !pending && s->nsteps == total)
        ssd__text_add(&t, " after all %d steps: %d of them failed", total, failed);
    else if (strcmp(status, "complete"))
        ssd__text_add(&t, " after %d of %d steps", ran, total);
    if (s->killed)
        ssd__text_add(&t, " (killed: the run ended without recording why)");
    if (skipped)
        ssd__text_add(&t, ", %d step%s skipped", skipped, skipped > 1 ? "s" : "");
    ssd__text_add(&t, "\n");
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->res.state == SSD__ST_SKIPPED)
            ssd__text_add(&t, "  skipped step %d (%s, line %d): %s\n", i + 1, st->def.name,
                          st->def.lineno, st->res.reason ? st->res.reason : "?");
        char *warn = ssd__trim_warning(st, i);
        if (warn)
            ssd__text_add(&t, "  warning: %s\n", warn);
        free(warn);
    }
    /* The drive's write amplification over each logged write (the curves the
     * analysis reads); report.html and results.json have it for every step. */
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->res.health_json && isfinite(st->res.wa) && st->def.log[0])
            ssd__text_add(&t, "  %-26s %10.2f  (write amplification: media / host bytes)\n",
                          st->def.name, st->res.wa);
    }
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        /* (A lost analysis says why in its headline row.) */
        if (st->def.kind != SSD__STEP_ANALYZE || !st->res.has_summary)
            continue;
        const struct ssd_analysis_summary *m = &st->res.sum;
        ssd__text_add(&t, "  %s: %.1f GiB in %.0f s", st->def.series, m->total_bytes / 1073741824.0,
                      m->duration_s);
        ssd__text_add(&t, "; ");
        ssd__text_regimes(&t, m, st->res.phases, st->res.nphases);
        if (st->res.nphases > 1)
            ssd__text_add(&t, "; end %.1f MiB/s", end_level(st) / 1048576);
        if (m->has_throttle)
            ssd__text_add(&t, "; throttles at %.1f C after %.0f s: %.1f -> %.1f MiB/s",
                          m->throttle_temp_c, m->throttle_start_s, m->throttle_before_bps / 1048576,
                          m->throttle_level_bps / 1048576);
        if (m->has_recovery)
            ssd__text_add(&t, "; recovered %s%.2f GiB%s",
                          m->recovery_censored == SSD_CENSOR_RIGHT ? "at least " : "",
                          m->recovered_bytes / 1073741824.0,
                          m->recovery_censored == SSD_CENSOR_RIGHT ? " (the drive never slowed)"
                                                                   : "");
        const struct ssd__step *job = ssd__analysis_job(s, st);
        if (job && st->def.reference[0] && isfinite(job->res.truth_room_before))
            ssd__text_add(&t, " [sim truth: fast-write room %.2f GiB]",
                          job->res.truth_room_before / 1073741824.0);
        else if (job && isfinite(job->res.truth_cache_bytes))
            ssd__text_add(&t, " [sim truth: cache %.2f GiB]",
                          job->res.truth_cache_bytes / 1073741824.0);
        if (st->res.sum_stored) {
            char why[2 * SSD__ERRMSG_SIZE];
            ssd__analysis_lost_text(s, st, why, sizeof why);
            ssd__text_add(&t, " (as results.json stored: %s)", why);
        }
        if (job) {
            char miss[160];
            if (ssd__truth_mismatch(st, job, miss, sizeof miss))
                ssd__text_add(&t, " MISMATCH with the sim truth: %s", miss);
        }
        ssd__text_add(&t, "\n");
    }
    /* On a sim: target the file tests are their recorded block traces
     * replayed: their times are the drive's busy time. */
    for (int i = 0; i < s->nsteps; i++)
        if (s->steps[i].def.kind == SSD__STEP_REPLAY && ssd__file_test_key(&s->steps[i])) {
            ssd__text_add(&t, "  file tests: replayed block traces, times are drive busy time\n");
            break;
        }
    struct ssd__cdm_figure cdm[16];
    char warn[300];
    ssd__suite_cdm_figures(s, cdm, 16, warn, sizeof warn);
    if (warn[0])
        ssd__text_add(&t, "  warning: %s\n", warn);
    struct ssd__figs figs;
    int rc = ssd__results_figs(s, &figs);
    if (!rc) {
        struct text_rows tr = {&t, 0};
        ssd__figs_rows(&figs, s, text_width, &tr);
        ssd__figs_rows(&figs, s, text_row, &tr);
    }
    ssd__figs_free(&figs);
    ssd__pts_summary(s, &t);
    *out = ssd__text_take(&t);
    return rc ? (free(*out), *out = NULL, rc) : *out ? 0 : SSD_ENOMEM;
}
