/* jobfmt.c - JSON output of jobs. */
#include <math.h>
#include <stdint.h>

#include "ssdcore/base.h"
#include "jobfmt.h"
#include "jsonw.h"
#include "precondition.h"

static const char *const names[] = {"read", "write", "randread", "randwrite", "rw", "randrw"};

static const char *pattern_name(int pattern) {
    return pattern >= 0 && pattern < 6 ? names[pattern] : "?";
}

/* A job always names its target and engine; "" stands in for a NULL. */
static const char *or_empty(const char *s) {
    return s ? s : "";
}

static void put_workload(struct ssd__jw *w, const struct ssd__workload *wl) {
    ssd__jw_begin_object(w);
    ssd__jw_kstr(w, "pattern", pattern_name(wl->pattern));
    ssd__jw_ku64(w, "block_size", wl->block_size);
    ssd__jw_ku64(w, "queue_depth", wl->queue_depth);
    ssd__jw_ku64(w, "submit_batch", wl->submit_batch ? wl->submit_batch : 1);
    ssd__jw_ku64(w, "threads", wl->threads);
    ssd__jw_ku64(w, "read_pct", wl->read_pct);
    ssd__jw_ku64(w, "offset", wl->offset);
    ssd__jw_ku64(w, "span", wl->span);
    ssd__jw_knum(w, "time_s", wl->time_s);
    if (wl->warmup_s > 0)
        ssd__jw_knum(w, "warmup_s", wl->warmup_s);
    ssd__jw_ku64(w, "max_bytes", wl->max_bytes);
    ssd__jw_ku64(w, "rate_bps", wl->rate_bps);
    ssd__jw_kbool(w, "coverage", wl->full_coverage);
    ssd__jw_ku64(w, "seed", wl->seed);
    ssd__jw_knum(w, "interval_s", wl->interval_s);
    ssd__jw_end_object(w);
}

int ssd__job_metadata_json(const char *target_uri, const struct ssd__job_context *ctx,
                           const struct ssd__workload *wl, const char *engine,
                           enum ssd__jw_style style, char **out) {
    return ssd__series_metadata_json(target_uri, ctx, wl, NULL, wl->interval_s, engine, style, out);
}

int ssd__series_metadata_json(const char *target_uri, const struct ssd__job_context *ctx,
                              const struct ssd__workload *wl, const char *pattern,
                              double interval_s, const char *engine, enum ssd__jw_style style,
                              char **out) {
    struct ssd__jw w;
    ssd__jw_init(&w, style);
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "target", or_empty(target_uri));
    ssd__jw_ku64(&w, "capacity_bytes", ctx->capacity);
    if (ctx->written_before)
        ssd__jw_ku64(&w, "written_before_bytes", ctx->written_before);
    if (ctx->precondition >= 0)
        ssd__jw_kstr(&w, "precondition", ssd__precondition_name(ctx->precondition));
    if (ctx->idle_known)
        ssd__jw_knum(&w, "idle_before_s", ctx->idle_before_s);
    if (ctx->since_idle_known)
        ssd__jw_ku64(&w, "written_since_idle_bytes", ctx->written_since_idle);
    if (ctx->span_bytes)
        ssd__jw_ku64(&w, "span_bytes", ctx->span_bytes);
    if (ctx->temp_source && *ctx->temp_source)
        ssd__jw_kstr(&w, "temp_source", ctx->temp_source);
    ssd__jw_kstr(&w, "pattern", pattern ? pattern : pattern_name(wl->pattern));
    if (wl) {
        ssd__jw_ku64(&w, "block_size", wl->block_size);
        ssd__jw_ku64(&w, "queue_depth", wl->queue_depth);
        ssd__jw_ku64(&w, "threads", wl->threads);
        ssd__jw_ku64(&w, "read_pct", wl->read_pct);
        ssd__jw_ku64(&w, "offset", wl->offset);
        ssd__jw_ku64(&w, "span", wl->span);
    }
    ssd__jw_knum(&w, "interval_s", interval_s);
    ssd__jw_kstr(&w, "engine", or_empty(engine));
    ssd__jw_kstr(&w, "tool", "ssdcore " SSD_VERSION_STRING);
    if (ctx->reference && *ctx->reference) {
        /* Last: the flat keys above stay the first of their name. */
        ssd__jw_kraw(&w, "reference", ctx->reference);
    }
    ssd__jw_end_object(&w);
    return ssd__jw_finish(&w, out);
}

/* At most this many ranges per direction keep a job's JSON at a few KB. */
#define LAT_HIST_MAX_RANGES 128

/* The tail ratios and the whole distribution, as ranges of the histogram
 * at the finest resolution (128 per octave: the buckets themselves) that
 * fits LAT_HIST_MAX_RANGES. Each value of a range is within [lo, hi]. */
static void put_tail(struct ssd__jw *w, const ssd_hist *h) {
    double p50 = (double)ssd_hist_percentile(h, 50);
    static const struct {
        const char *key;
        double pct;
    } ratios[] = {{"p99_over_p50", 99}, {"p99_9_over_p50", 99.9}, {"max_over_p50", 100}};
    for (size_t i = 0; i < sizeof ratios / sizeof ratios[0]; i++)
        ssd__jw_knum(w, ratios[i].key,
                     p50 > 0 ? (double)ssd_hist_percentile(h, ratios[i].pct) / p50 : NAN);
    int per_octave = 128;
    for (;;) {
        int n = 0;
        uint64_t lo, hi, c;
        for (int i = ssd_hist_next_range(h, 0, per_octave, &lo, &hi, &c); i >= 0;
             i = ssd_hist_next_range(h, i, per_octave, &lo, &hi, &c))
            n++;
        if (n <= LAT_HIST_MAX_RANGES || per_octave == 1)
            break;
        per_octave /= 2;
    }
    ssd__jw_kbegin_object(w, "lat_hist");
    ssd__jw_kstr(w, "unit", "ns");
    ssd__jw_ku64(w, "per_octave", (uint64_t)per_octave);
    ssd__jw_knum(w, "max_rel_error", 0.5 / per_octave);
    ssd__jw_kbegin_array(w, "buckets");
    uint64_t lo, hi, c;
    for (int i = ssd_hist_next_range(h, 0, per_octave, &lo, &hi, &c); i >= 0;
         i = ssd_hist_next_range(h, i, per_octave, &lo, &hi, &c)) {
        ssd__jw_begin_array(w);
        ssd__jw_u64(w, lo);
        ssd__jw_u64(w, hi);
        ssd__jw_u64(w, c);
        ssd__jw_end_array(w);
    }
    ssd__jw_end_array(w);
    ssd__jw_end_object(w);
}

/* Bytes, I/Os and their rates over the runtime, for a direction or both. */
static void put_totals(struct ssd__jw *w, uint64_t bytes, uint64_t ios, double rt) {
    ssd__jw_ku64(w, "bytes", bytes);
    ssd__jw_ku64(w, "ios", ios);
    ssd__jw_knum(w, "iops", rt > 0 ? (double)ios / rt : 0);
    ssd__jw_knum(w, "bw_bps", rt > 0 ? (double)bytes / rt : 0);
}

static void put_dir(struct ssd__jw *w, uint64_t bytes, uint64_t ios, const ssd_hist *h, double rt) {
    ssd__jw_begin_object(w);
    put_totals(w, bytes, ios, rt);
    ssd__jw_kbegin_object(w, "lat_ns");
    ssd__jw_ku64(w, "min", ssd_hist_min(h));
    ssd__jw_knum(w, "mean", ssd_hist_mean(h));
    ssd__jw_ku64(w, "max", ssd_hist_max(h));
    ssd__jw_knum(w, "stddev", ssd_hist_stddev(h));
    static const struct {
        const char *key;
        double pct;
    } pcts[] = {{"p1", 1},         {"p5", 5},           {"p10", 10},          {"p50", 50},
                {"p90", 90},       {"p95", 95},         {"p99", 99},          {"p99_9", 99.9},
                {"p99_99", 99.99}, {"p99_999", 99.999}, {"p99_9999", 99.9999}};
    for (size_t i = 0; i < sizeof pcts / sizeof pcts[0]; i++)
        ssd__jw_ku64(w, pcts[i].key, ssd_hist_percentile(h, pcts[i].pct));
    ssd__jw_end_object(w);
    put_tail(w, h);
    ssd__jw_end_object(w);
}

int ssd__job_results_json(const struct ssd__job_summary *s, enum ssd__jw_style style, char **out) {
    struct ssd__jw w;
    ssd__jw_init(&w, style);
    double rt = s->runtime_s;
    ssd__jw_begin_object(&w);
    /* schema_version moves when a key changes meaning or goes away;
     * new keys may appear without it. */
    ssd__jw_ku64(&w, "schema_version", 1);
    ssd__jw_kstr(&w, "tool", "ssdcore " SSD_VERSION_STRING);
    ssd__jw_kbegin_object(&w, "target");
    ssd__jw_kstr(&w, "uri", or_empty(s->target_uri));
    ssd__jw_kstr(&w, "kind", or_empty(s->target_kind));
    ssd__jw_ku64(&w, "size_bytes", s->target_size);
    ssd__jw_ku64(&w, "block_size", s->target_block);
    ssd__jw_kbool(&w, "buffered", s->buffered);
    ssd__jw_end_object(&w);
    ssd__jw_key(&w, "workload");
    put_workload(&w, s->w);
    /* What the analysis of the run must know, in the series metadata's
     * words, so a result analysed in memory (Python's job().analyze())
     * gets the answer its log gets. */
    ssd__jw_kbegin_object(&w, "analysis_context");
    ssd__jw_ku64(&w, "capacity_bytes", s->ctx.capacity);
    ssd__jw_ku64(&w, "written_before_bytes", s->ctx.written_before);
    ssd__jw_kstr(&w, "precondition", ssd__precondition_name(s->ctx.precondition));
    /* (null: unknown) */
    ssd__jw_knum(&w, "idle_before_s", s->ctx.idle_known ? s->ctx.idle_before_s : NAN);
    if (s->ctx.since_idle_known) /* (null: unknown) */
        ssd__jw_ku64(&w, "written_since_idle_bytes", s->ctx.written_since_idle);
    else
        ssd__jw_knum(&w, "written_since_idle_bytes", NAN);
    /* (null: unknown) */
    if (s->ctx.span_bytes)
        ssd__jw_ku64(&w, "span_bytes", s->ctx.span_bytes);
    else
        ssd__jw_knum(&w, "span_bytes", NAN);
    ssd__jw_kstr(&w, "pattern", pattern_name(s->w->pattern));
    ssd__jw_ku64(&w, "block_size", s->w->block_size);
    ssd__jw_ku64(&w, "queue_depth", s->w->queue_depth);
    if (s->ctx.reference && *s->ctx.reference) /* the job's "reference" option */
        ssd__jw_kraw(&w, "reference", s->ctx.reference);
    ssd__jw_end_object(&w);
    ssd__jw_kstr(&w, "engine", or_empty(s->engine));
    /* What ran, next to what was asked: psync runs one I/O at a time. */
    ssd__jw_ku64(&w, "queue_depth_run", s->qd_run);
    if (s->engine_note && *s->engine_note)
        ssd__jw_kstr(&w, "engine_note", s->engine_note);
    /* One word, as a suite's results.json has: complete | interrupted | failed. */
    ssd__jw_kstr(&w, "status", s->error ? "failed" : s->interrupted ? "interrupted" : "complete");
    ssd__jw_kbool(&w, "interrupted", s->interrupted);
    if (s->error)
        ssd__jw_kstr(&w, "error", s->error);
    if (s->log_path)
        ssd__jw_kstr(&w, "log", s->log_path);
    if (s->ctx.temp_source && *s->ctx.temp_source)
        ssd__jw_kstr(&w, "temp_source", s->ctx.temp_source);
    if (s->temp_steady_s > 0) { /* null: it never settled (or was never read) */
        ssd__jw_knum(&w, "temp_steady_s", s->temp_steady_s);
        ssd__jw_knum(&w, "temp_steady_at_s", s->temp_steady_at_s);
    }
    ssd__jw_ku64(&w, "samples", s->nsamples);
    ssd__jw_knum(&w, "runtime_s", rt);
    put_totals(&w, s->bytes[0] + s->bytes[1], s->ios[0] + s->ios[1], rt);
    ssd__jw_key(&w, "read");
    put_dir(&w, s->bytes[0], s->ios[0], s->lat[0], rt);
    ssd__jw_key(&w, "write");
    put_dir(&w, s->bytes[1], s->ios[1], s->lat[1], rt);
    ssd__jw_end_object(&w);
    return ssd__jw_finish(&w, out);
}
