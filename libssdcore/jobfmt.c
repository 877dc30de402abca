/* jobfmt.c - JSON output of jobs: a tiny growable buffer, no dependency. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ssdcore/base.h"
#include "jobfmt.h"
#include "numfmt.h"

struct sbuf {
    char *p;
    size_t len, cap;
    int oom;
};

__attribute__((format(printf, 2, 3))) static void put(struct sbuf *b, const char *fmt, ...) {
    if (b->oom)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->oom = 1;
            return;
        }
        if (b->p && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap : 1024;
        while (cap <= b->len + (size_t)n)
            cap *= 2;
        char *q = realloc(b->p, cap);
        if (!q) {
            b->oom = 1;
            return;
        }
        b->p = q;
        b->cap = cap;
    }
}

static void put_str(struct sbuf *b, const char *s) {
    put(b, "\"");
    for (const unsigned char *c = (const unsigned char *)(s ? s : ""); *c; c++) {
        if (*c == '"' || *c == '\\')
            put(b, "\\%c", *c);
        else if (*c < 0x20)
            put(b, "\\u%04x", *c);
        else if (*c >= 0x80) {
            int n = ssd__utf8_len(c);
            if (n)
                put(b, "%.*s", n, (const char *)c), c += n - 1;
            else
                put(b, "\\ufffd");
        } else
            put(b, "%c", *c);
    }
    put(b, "\"");
}

/* JSON has no NaN or infinity. */
static void put_num(struct sbuf *b, double v) {
    char num[SSD__NUM_BUF];
    put(b, "%s", ssd__fmt_json_number(num, v));
}

static int finish(struct sbuf *b, char **out) {
    if (b->oom || !b->p) {
        free(b->p);
        return SSD_ENOMEM;
    }
    *out = b->p;
    return 0;
}

static const char *const names[] = {"read", "write", "randread", "randwrite", "rw", "randrw"};

const char *ssd__pattern_name(int pattern) {
    return pattern >= 0 && pattern < 6 ? names[pattern] : "?";
}

static void put_workload(struct sbuf *b, const struct ssd__workload *w) {
    put(b, "{\"pattern\":\"%s\",\"block_size\":%u,\"queue_depth\":%u,\"threads\":%u,",
        names[w->pattern], w->block_size, w->queue_depth, w->threads);
    put(b, "\"read_pct\":%u,\"offset\":%llu,\"span\":%llu,\"time_s\":", w->read_pct,
        (unsigned long long)w->offset, (unsigned long long)w->span);
    put_num(b, w->time_s);
    put(b, ",\"max_bytes\":%llu,\"rate_bps\":%llu,\"coverage\":%s,\"seed\":%llu,\"interval_s\":",
        (unsigned long long)w->max_bytes, (unsigned long long)w->rate_bps,
        w->full_coverage ? "true" : "false", (unsigned long long)w->seed);
    put_num(b, w->interval_s);
    put(b, "}");
}

int ssd__job_metadata_json(const char *target_uri, uint64_t capacity, const struct ssd__workload *w,
                           const char *engine, char **out) {
    struct sbuf b = {0};
    put(&b, "{\"target\":");
    put_str(&b, target_uri);
    put(&b,
        ",\"capacity_bytes\":%llu,\"pattern\":\"%s\",\"block_size\":%u,\"queue_depth\":%u,"
        "\"threads\":%u,\"read_pct\":%u,\"offset\":%llu,\"span\":%llu,\"interval_s\":",
        (unsigned long long)capacity, names[w->pattern], w->block_size, w->queue_depth, w->threads,
        w->read_pct, (unsigned long long)w->offset, (unsigned long long)w->span);
    put_num(&b, w->interval_s);
    put(&b, ",\"engine\":");
    put_str(&b, engine);
    put(&b, ",\"tool\":\"ssdcore %s\"}", SSD_VERSION_STRING);
    return finish(&b, out);
}

/* At most this many ranges per direction keep a job's JSON at a few KB. */
#define LAT_HIST_MAX_RANGES 128

/* The tail ratios and the whole distribution, as ranges of the histogram
 * at the finest resolution (128 per octave: the buckets themselves) that
 * fits LAT_HIST_MAX_RANGES. Each value of a range is within [lo, hi]. */
static void put_tail(struct sbuf *b, const ssd_hist *h) {
    double p50 = (double)ssd_hist_percentile(h, 50);
    static const struct {
        const char *key;
        double pct;
    } ratios[] = {{"p99_over_p50", 99}, {"p99_9_over_p50", 99.9}, {"max_over_p50", 100}};
    for (size_t i = 0; i < sizeof ratios / sizeof ratios[0]; i++) {
        put(b, ",\"%s\":", ratios[i].key);
        put_num(b, p50 > 0 ? (double)ssd_hist_percentile(h, ratios[i].pct) / p50 : NAN);
    }
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
    put(b, ",\"lat_hist\":{\"unit\":\"ns\",\"per_octave\":%d,\"max_rel_error\":", per_octave);
    put_num(b, 0.5 / per_octave);
    put(b, ",\"buckets\":[");
    uint64_t lo, hi, c;
    int first = 1;
    for (int i = ssd_hist_next_range(h, 0, per_octave, &lo, &hi, &c); i >= 0;
         i = ssd_hist_next_range(h, i, per_octave, &lo, &hi, &c)) {
        put(b, "%s[%llu,%llu,%llu]", first ? "" : ",", (unsigned long long)lo,
            (unsigned long long)hi, (unsigned long long)c);
        first = 0;
    }
    put(b, "]}");
}

static void put_dir(struct sbuf *b, uint64_t bytes, uint64_t ios, const ssd_hist *h, double rt) {
    put(b, "{\"bytes\":%llu,\"ios\":%llu,\"iops\":", (unsigned long long)bytes,
        (unsigned long long)ios);
    put_num(b, rt > 0 ? (double)ios / rt : 0);
    put(b, ",\"bw_bps\":");
    put_num(b, rt > 0 ? (double)bytes / rt : 0);
    put(b, ",\"lat_ns\":{\"min\":%llu,\"mean\":", (unsigned long long)ssd_hist_min(h));
    put_num(b, ssd_hist_mean(h));
    put(b, ",\"max\":%llu,\"stddev\":", (unsigned long long)ssd_hist_max(h));
    put_num(b, ssd_hist_stddev(h));
    static const struct {
        const char *key;
        double pct;
    } pcts[] = {{"p1", 1},         {"p5", 5},           {"p10", 10},          {"p50", 50},
                {"p90", 90},       {"p95", 95},         {"p99", 99},          {"p99_9", 99.9},
                {"p99_99", 99.99}, {"p99_999", 99.999}, {"p99_9999", 99.9999}};
    for (size_t i = 0; i < sizeof pcts / sizeof pcts[0]; i++)
        put(b, ",\"%s\":%llu", pcts[i].key,
            (unsigned long long)ssd_hist_percentile(h, pcts[i].pct));
    put(b, "}");
    put_tail(b, h);
    put(b, "}");
}

int ssd__job_results_json(const struct ssd__job_summary *s, char **out) {
    struct sbuf b = {0};
    double rt = s->runtime_s;
    uint64_t bytes = s->bytes[0] + s->bytes[1], ios = s->ios[0] + s->ios[1];
    /* schema_version moves when a key changes meaning or goes away;
     * new keys may appear without it. */
    put(&b,
        "{\"schema_version\":1,\"tool\":\"ssdcore %s\",\"target\":{\"uri\":", SSD_VERSION_STRING);
    put_str(&b, s->target_uri);
    put(&b, ",\"kind\":");
    put_str(&b, s->target_kind);
    put(&b, ",\"size_bytes\":%llu,\"block_size\":%u,\"buffered\":%s},\"workload\":",
        (unsigned long long)s->target_size, s->target_block, s->buffered ? "true" : "false");
    put_workload(&b, s->w);
    put(&b, ",\"engine\":");
    put_str(&b, s->engine);
    /* What ran, next to what was asked: psync runs one I/O at a time. */
    put(&b, ",\"queue_depth_run\":%u", s->qd_run);
    if (s->engine_note && *s->engine_note) {
        put(&b, ",\"engine_note\":");
        put_str(&b, s->engine_note);
    }
    put(&b, ",\"interrupted\":%s", s->interrupted ? "true" : "false");
    if (s->error) {
        put(&b, ",\"error\":");
        put_str(&b, s->error);
    }
    if (s->log_path) {
        put(&b, ",\"log\":");
        put_str(&b, s->log_path);
    }
    put(&b, ",\"samples\":%zu,\"runtime_s\":", s->nsamples);
    put_num(&b, rt);
    put(&b, ",\"bytes\":%llu,\"ios\":%llu,\"iops\":", (unsigned long long)bytes,
        (unsigned long long)ios);
    put_num(&b, rt > 0 ? (double)ios / rt : 0);
    put(&b, ",\"bw_bps\":");
    put_num(&b, rt > 0 ? (double)bytes / rt : 0);
    put(&b, ",\"read\":");
    put_dir(&b, s->bytes[0], s->ios[0], s->lat[0], rt);
    put(&b, ",\"write\":");
    put_dir(&b, s->bytes[1], s->ios[1], s->lat[1], rt);
    put(&b, "}");
    return finish(&b, out);
}
