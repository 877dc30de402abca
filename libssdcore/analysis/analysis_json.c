/* analysis_json.c - the one JSON producer of analysis results, shared by
 * the CLI and the Python package (DESIGN.md fixes the required keys). */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "analysis_internal.h"
#include "jsonw.h"
#include "precondition.h"
#include "summary_keys.h"

/* Ten significant digits: finer than any measurement the analysis makes. */
#define DIGITS 10

/* ... save byte counts (every key ending in "bytes"): whole bytes, every
 * digit (issue #22), the nearest where a position was interpolated. */
static void num(struct ssd__jw *w, const char *key, double v) {
    size_t n = strlen(key);
    if (n >= 5 && !strcmp(key + n - 5, "bytes")) {
        ssd__jw_kbytes(w, key, v);
        return;
    }
    ssd__jw_key(w, key);
    ssd__jw_num_g(w, v, DIGITS);
}

/* One summary figure, from its row in summary_keys.h (S in scope). */
#define PUT(key, member) num(w, #key, S->member);

const char *ssd__censor_name(int c) {
    return c == SSD_CENSOR_RIGHT ? "right" : c == SSD_CENSOR_RESOLUTION ? "resolution" : "none";
}

static void put_phases(struct ssd__jw *w, const struct ssd__curve *c) {
    ssd__jw_key(w, "phases");
    ssd__jw_begin_array(w);
    for (size_t i = 0; i < c->nph; i++) {
        const struct ssd_phase *p = &c->ph[i];
        ssd__jw_begin_object(w);
        num(w, "start_bytes", p->start_bytes);
        num(w, "end_bytes", p->end_bytes);
        num(w, "start_s", p->start_s);
        num(w, "end_s", p->end_s);
        num(w, "level_bps", p->level_bps);
        /* Where it starts and ends: along a sliding used state's trend
         * for each phase the slide spans, else level_bps both. */
        num(w, "start_level_bps", p->start_level_bps);
        num(w, "end_level_bps", p->end_level_bps);
        ssd__jw_kbool(w, "sliding", p->sliding);
        num(w, "mean_bps", p->mean_bps);
        num(w, "slope_bps_per_gib", p->slope_bps_per_byte * 1073741824.0);
        ssd__jw_ku64(w, "samples", p->last - p->first + 1);
        ssd__jw_kstr(w, "regime", ssd_analysis_regime_name(p->regime));
        ssd__jw_key(w, "dips");
        if (p->has_dips) {
            ssd__jw_begin_object(w);
            num(w, "period_s", p->dip_period_s);
            num(w, "depth", p->dip_depth);
            num(w, "duty", p->dip_duty);
            ssd__jw_end_object(w);
        } else {
            ssd__jw_null(w);
        }
        ssd__jw_end_object(w);
    }
    ssd__jw_end_array(w);
}

static void put_cache_and_folding(struct ssd__jw *w, const struct ssd__result *r) {
    const struct ssd_analysis_summary *S = &r->sum;
    ssd__jw_key(w, "cache");
    if (S->has_cache) {
        ssd__jw_begin_object(w);
        SSD__CACHE_KEYS(PUT)
        ssd__jw_kstr(w, "censored", ssd__censor_name(S->cache_censored));
        ssd__jw_end_object(w);
    } else {
        ssd__jw_null(w);
    }
    num(w, "post_cache_bps", S->post_cache_bps);
    ssd__jw_key(w, "folding");
    if (S->has_folding) {
        ssd__jw_begin_object(w);
        SSD__FOLDING_KEYS(PUT)
        ssd__jw_end_object(w);
    } else {
        ssd__jw_null(w);
    }
    ssd__jw_key(w, "gc");
    if (S->has_gc) {
        ssd__jw_begin_object(w);
        SSD__GC_KEYS(PUT) /* and as it slides (analysis_slide.c): bytes/s per GiB written */
        ssd__jw_kbool(w, "sliding", S->gc_sliding);
        ssd__jw_key(w, "trend");
        ssd__jw_begin_array(w);
        for (size_t i = 0; i < r->gc_ntrend; i++) {
            ssd__jw_begin_object(w);
            num(w, "bytes", r->gc_trend_bytes[i]);
            num(w, "level_bps", r->gc_trend_bps[i]);
            ssd__jw_end_object(w);
        }
        ssd__jw_end_array(w);
        /* Folding or the used state: no curve tells (analysis_regimes.c). */
        ssd__jw_kbool(w, "may_be_folding", S->gc_may_be_folding);
        ssd__jw_end_object(w);
    } else {
        ssd__jw_null(w);
    }
    num(w, "capacity_bytes", S->capacity_bytes);
    num(w, "written_before_bytes", S->written_before_bytes);
    ssd__jw_kstr(w, "precondition", ssd__precondition_name(S->precondition));
    num(w, "idle_before_s", S->idle_before_s);                       /* null: unknown */
    num(w, "written_since_idle_bytes", S->written_since_idle_bytes); /* null: unknown */
    num(w, "span_bytes", S->span_bytes);                             /* null: unknown */
}

/* The rest of the context the verdict was reached in (DESIGN.md, "The
 * analysis context travels with the run): the workload the series
 * metadata records (null when none); the precondition is the summary's. */
static void put_context(struct ssd__jw *w, const struct ssd__result *r) {
    ssd__jw_key(w, "workload");
    if (r->pattern[0]) {
        ssd__jw_begin_object(w);
        ssd__jw_kstr(w, "pattern", r->pattern);
        num(w, "block_size", r->block_size);
        num(w, "queue_depth", r->queue_depth);
        ssd__jw_end_object(w);
    } else {
        ssd__jw_null(w);
    }
}

static void put_steps_and_bursts(struct ssd__jw *w, const struct ssd__result *r) {
    ssd__jw_key(w, "steps");
    ssd__jw_begin_array(w);
    for (size_t i = 0; i < r->nsteps; i++) {
        ssd__jw_begin_object(w);
        num(w, "start_bytes", r->steps[i].start_bytes);
        num(w, "start_s", r->steps[i].start_s);
        num(w, "level_bps", r->steps[i].level_bps);
        ssd__jw_end_object(w);
    }
    ssd__jw_end_array(w);
    ssd__jw_key(w, "bursts");
    ssd__jw_begin_array(w);
    for (size_t i = 0; i < r->nbursts; i++) {
        ssd__jw_begin_object(w);
        num(w, "start_bytes", r->bursts[i].start_bytes);
        num(w, "bytes", r->bursts[i].bytes);
        num(w, "start_s", r->bursts[i].start_s);
        num(w, "duration_s", r->bursts[i].duration_s);
        num(w, "level_bps", r->bursts[i].level_bps);
        ssd__jw_end_object(w);
    }
    ssd__jw_end_array(w);
    ssd__jw_ku64(w, "bursts_total", r->bursts_total);
}

/* Which fresh reference the verdict used, and from where: "argument"
 * (the caller's, which wins) or "metadata" (the run's log records it);
 * "metadata_source" names a reference the metadata recorded that the
 * argument replaced. Absent without a reference. */
static void put_reference(struct ssd__jw *w, const ssd_analysis *a) {
    if (!a->ref_from)
        return;
    ssd__jw_key(w, "reference");
    ssd__jw_begin_object(w);
    ssd__jw_kstr(w, "source", a->ref_source ? a->ref_source : "");
    ssd__jw_kstr(w, "from", a->ref_from);
    if (a->ref_overridden)
        ssd__jw_kstr(w, "metadata_source", a->ref_overridden);
    ssd__jw_end_object(w);
}

static void put_recovery(struct ssd__jw *w, const struct ssd__result *r) {
    const struct ssd_analysis_summary *S = &r->sum;
    if (S->has_recovery) {
        ssd__jw_key(w, "recovery");
        ssd__jw_begin_object(w);
        SSD__RECOVERY_KEYS(PUT)
        ssd__jw_kstr(w, "censored", ssd__censor_name(r->recovery_censored));
        ssd__jw_end_object(w);
        if (r->recovery_note)
            ssd__jw_kstr(w, "recovery_note", r->recovery_note);
    } else if (r->had_reference) {
        ssd__jw_key(w, "recovery");
        ssd__jw_null(w);
        ssd__jw_kstr(w, "recovery_note",
                     r->recovery_note ? r->recovery_note : "recovery could not be measured");
    }
}

static void put_consistency(struct ssd__jw *w, const struct ssd__result *r) {
    const struct ssd_analysis_summary *S = &r->sum;
    ssd__jw_key(w, "consistency");
    ssd__jw_begin_object(w);
    num(w, "window_start_bytes", r->window_start_bytes);
    num(w, "window_end_bytes", r->window_end_bytes);
    num(w, "mean_bps", S->mean_bps);
    num(w, "cv", S->cv);
    num(w, "mean_over_sigma", r->mean_over_sigma);
    num(w, "p1_over_mean", S->p1_over_mean);
    num(w, "p5_over_mean", S->p5_over_mean);
    num(w, "min_over_max", r->min_over_max);
    ssd__jw_key(w, "dips");
    if (S->has_dips) {
        ssd__jw_begin_object(w);
        num(w, "period_s", S->dip_period_s);
        num(w, "depth", S->dip_depth);
        num(w, "duty", S->dip_duty);
        num(w, "count", r->dip_count);
        ssd__jw_kstr(w, "base", isfinite(r->dip_base_bps) ? "window" : "phase");
        ssd__jw_end_object(w);
    } else {
        ssd__jw_null(w);
    }
    ssd__jw_end_object(w);
}

static void put_latency(struct ssd__jw *w, const struct ssd__result *r) {
    ssd__jw_key(w, "latency");
    if (isfinite(r->lat_p50_us) || isfinite(r->lat_p99_us) || isfinite(r->lat_mean_us)) {
        ssd__jw_begin_object(w);
        num(w, "mean_us", r->lat_mean_us);
        num(w, "p50_us", r->lat_p50_us);
        num(w, "p99_us", r->lat_p99_us);
        num(w, "p99_9_us", r->lat_p999_us);
        num(w, "max_us", r->lat_max_us);
        num(w, "p99_over_p50", r->lat_p99_us / r->lat_p50_us);
        num(w, "p99_9_over_p50", r->lat_p999_us / r->lat_p50_us);
        ssd__jw_end_object(w);
    } else {
        ssd__jw_null(w);
    }
}

/* "temperature" (null without a temp_c column) and "throttle" (null when
 * none was found, or not assessed: "throttle_note" says why). */
static void put_thermal(struct ssd__jw *w, const struct ssd__result *r) {
    const struct ssd_analysis_summary *S = &r->sum;
    ssd__jw_key(w, "temperature");
    if (S->has_temperature) {
        ssd__jw_begin_object(w);
        ssd__jw_key(w, "source");
        if (r->temp_source[0])
            ssd__jw_str(w, r->temp_source);
        else
            ssd__jw_null(w);
        SSD__TEMPERATURE_KEYS(PUT)
        ssd__jw_end_object(w);
    } else {
        ssd__jw_null(w);
    }
    ssd__jw_key(w, "throttle");
    if (S->has_throttle) {
        ssd__jw_begin_object(w);
        SSD__THROTTLE_KEYS(PUT)
        ssd__jw_ku64(w, "phases", (uint64_t)r->throttle_steps);
        ssd__jw_end_object(w);
    } else {
        ssd__jw_null(w);
    }
    if (r->throttle_note)
        ssd__jw_kstr(w, "throttle_note", r->throttle_note);
}

static void put_steady_state(struct ssd__jw *w, const struct ssd__result *r) {
    ssd__jw_key(w, "steady_state");
    ssd__jw_begin_object(w);
    /* Which one: the last stable region, reaching the end of the run
     * (analysis_steady.c), not the first window that meets the rule. */
    ssd__jw_kstr(w, "found_in", "last_stable_region");
    ssd__jw_kbool(w, "reached", r->ss_reached);
    num(w, "round_s", r->ss_round_s);
    num(w, "start_s", r->ss_start_s);
    num(w, "start_bytes", r->ss_start_bytes);
    ssd__jw_ku64(w, "rounds", r->ss_rounds);
    num(w, "mean_bps", r->ss_mean_bps);
    num(w, "range_ratio", r->ss_range_ratio);
    num(w, "slope_ratio", r->ss_slope_ratio);
    ssd__jw_kbool(w, "rolling_reached", r->ss_rolling_reached);
    num(w, "rolling_start_s", r->ss_rolling_start_s);
    num(w, "rolling_start_bytes", r->ss_rolling_start_bytes);
    num(w, "first_stable_start_s", r->ss_first_stable_s);
    /* Why not reached: "fresh_state" when the run ends on the fresh
     * drive's plateau (ssd__steady_fresh; the plateau's start and mean
     * beside), "still_varies" when the last 5 rounds fail the rule, null
     * when reached. */
    if (r->ss_reached)
        ssd__jw_kraw(w, "not_reached_reason", "null");
    else
        ssd__jw_kstr(w, "not_reached_reason", r->sum.steady_fresh ? "fresh_state" : "still_varies");
    num(w, "fresh_plateau_start_s", r->ss_fresh_start_s);
    num(w, "fresh_plateau_bps", r->ss_fresh_bps);
    ssd__jw_end_object(w);
}

int ssd__analysis_json_open(struct ssd__jw *w, const ssd_analysis *a, char **out, int flags,
                            const char *what) {
    int rc = ssd__jw_open(w, a, out, flags, a ? (char *)a->err : NULL);
    if (rc || a->have)
        return rc;
    return ssd__fail((char *)a->err, SSD_ESTATE, "%s: no analysis has run", what);
}

SSD_API int ssd_analysis_to_json(const ssd_analysis *a, const char *source, int flags,
                                 char **out_json) {
    struct ssd__jw w;
    int rc = ssd__analysis_json_open(&w, a, out_json, flags, "to_json");
    if (rc)
        return rc;
    const struct ssd__result *r = &a->res;
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "source", source ? source : a->source ? a->source : "");
    if (a->input_note)
        ssd__jw_kstr(&w, "input_note", a->input_note);
    ssd__jw_ku64(&w, "samples", r->sum.samples);
    num(&w, "duration_s", r->sum.duration_s);
    num(&w, "total_bytes", r->sum.total_bytes);
    put_phases(&w, &a->c);
    put_cache_and_folding(&w, r);
    put_context(&w, r);
    if (r->regime_note)
        ssd__jw_kstr(&w, "regime_note", r->regime_note);
    if (r->undecided) {
        ssd__jw_kbegin_object(&w, "undecided");
        ssd__jw_kstr(&w, "between", r->undecided);
        ssd__jw_kstr(&w, "read_as", r->undecided_read_as);
        ssd__jw_kstr(&w, "decided_by", r->decided_by);
        ssd__jw_end_object(&w);
    }
    put_steps_and_bursts(&w, r);
    put_reference(&w, a);
    put_recovery(&w, r);
    put_consistency(&w, r);
    put_latency(&w, r);
    put_steady_state(&w, r);
    put_thermal(&w, r);
    ssd__jw_end_object(&w);
    return ssd__jw_finish(&w, out_json);
}
