/* analysis_json.c - the one JSON producer of analysis results, shared by
 * the CLI and the Python package (DESIGN.md fixes the required keys). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"
#include "numfmt.h"

struct jbuf {
    char *p;
    size_t len, cap;
    int failed;
    int pretty, depth;
};

static void jput(struct jbuf *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void jput(struct jbuf *j, const char *fmt, ...) {
    if (j->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int w = vsnprintf(j->p + j->len, j->cap - j->len, fmt, ap);
        va_end(ap);
        if (w < 0) {
            j->failed = 1;
            return;
        }
        if ((size_t)w < j->cap - j->len) {
            j->len += (size_t)w;
            return;
        }
        size_t cap = j->cap * 2 + (size_t)w;
        char *np = realloc(j->p, cap);
        if (!np) {
            j->failed = 1;
            return;
        }
        j->p = np;
        j->cap = cap;
    }
}

/* JSON strings must be UTF-8: a byte that is not (a path's stray 0xff)
 * becomes U+FFFD, as in the other JSON writers (jobfmt.c). */
static void jstr(struct jbuf *j, const char *s) {
    jput(j, "\"");
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\')
            jput(j, "\\%c", *c);
        else if (*c < 0x20)
            jput(j, "\\u%04x", *c);
        else if (*c >= 0x80) {
            int n = ssd__utf8_len(c);
            if (n)
                jput(j, "%.*s", n, (const char *)c), c += n - 1;
            else
                jput(j, "\\ufffd");
        } else
            jput(j, "%c", *c);
    }
    jput(j, "\"");
}

static void jnum(struct jbuf *j, double v) {
    if (isfinite(v))
        jput(j, "%.10g", v);
    else
        jput(j, "null");
}

static void jnewline(struct jbuf *j) {
    if (j->pretty)
        jput(j, "\n%*s", j->depth * 2, "");
}

/* Key helpers: first key of an object gets no comma. */
static void jkey(struct jbuf *j, int *first, const char *k) {
    if (!*first)
        jput(j, ",");
    *first = 0;
    jnewline(j);
    jput(j, "\"%s\":%s", k, j->pretty ? " " : "");
}

static void jopen(struct jbuf *j, char ch, int *first) {
    jput(j, "%c", ch);
    j->depth++;
    *first = 1;
}

static void jclose(struct jbuf *j, char ch) {
    j->depth--;
    jnewline(j);
    jput(j, "%c", ch);
}

static const char *censor_name(int c) {
    return c == SSD_CENSOR_RIGHT ? "right" : c == SSD_CENSOR_RESOLUTION ? "resolution" : "none";
}

SSD_API int ssd_analysis_to_json(const ssd_analysis *a, const char *source, int flags,
                                 char **out_json) {
    if (!a || !out_json)
        return SSD_EINVAL;
    *out_json = NULL;
    if (!a->have)
        return SSD_ESTATE;
    const struct ssd__result *r = &a->res;
    const struct ssd_analysis_summary *S = &r->sum;
    const struct ssd__curve *c = &a->c;
    struct jbuf j = {malloc(4096), 0, 4096, 0, flags & 1, 0};
    if (!j.p)
        return SSD_ENOMEM;
    int f0, f1, f2;
    jopen(&j, '{', &f0);
    jkey(&j, &f0, "source");
    jstr(&j, source ? source : a->source ? a->source : "");
    if (a->input_note) {
        jkey(&j, &f0, "input_note");
        jstr(&j, a->input_note);
    }
    jkey(&j, &f0, "samples");
    jput(&j, "%zu", S->samples);
    jkey(&j, &f0, "duration_s");
    jnum(&j, S->duration_s);
    jkey(&j, &f0, "total_bytes");
    jnum(&j, S->total_bytes);

    jkey(&j, &f0, "phases");
    jopen(&j, '[', &f1);
    for (size_t i = 0; i < c->nph; i++) {
        const struct ssd_phase *p = &c->ph[i];
        if (!f1)
            jput(&j, ",");
        f1 = 0;
        jnewline(&j);
        jopen(&j, '{', &f2);
        jkey(&j, &f2, "start_bytes");
        jnum(&j, p->start_bytes);
        jkey(&j, &f2, "end_bytes");
        jnum(&j, p->end_bytes);
        jkey(&j, &f2, "start_s");
        jnum(&j, p->start_s);
        jkey(&j, &f2, "end_s");
        jnum(&j, p->end_s);
        jkey(&j, &f2, "level_bps");
        jnum(&j, p->level_bps);
        jkey(&j, &f2, "mean_bps");
        jnum(&j, p->mean_bps);
        jkey(&j, &f2, "slope_bps_per_gib");
        jnum(&j, p->slope_bps_per_byte * 1073741824.0);
        jkey(&j, &f2, "samples");
        jput(&j, "%zu", p->last - p->first + 1);
        jclose(&j, '}');
    }
    jclose(&j, ']');

    jkey(&j, &f0, "cache");
    if (S->has_cache) {
        jopen(&j, '{', &f1);
        jkey(&j, &f1, "bytes");
        jnum(&j, S->cache_bytes);
        jkey(&j, &f1, "level_bps");
        jnum(&j, S->cache_level_bps);
        jkey(&j, &f1, "drop_ratio");
        jnum(&j, S->cache_drop_ratio);
        jkey(&j, &f1, "uncertainty_bytes");
        jnum(&j, S->cache_uncertainty_bytes);
        jkey(&j, &f1, "censored");
        jstr(&j, censor_name(S->cache_censored));
        jclose(&j, '}');
    } else {
        jput(&j, "null");
    }
    jkey(&j, &f0, "post_cache_bps");
    jnum(&j, S->post_cache_bps);
    jkey(&j, &f0, "folding");
    if (S->has_folding) {
        jopen(&j, '{', &f1);
        jkey(&j, &f1, "start_bytes");
        jnum(&j, S->folding_start_bytes);
        jkey(&j, &f1, "level_bps");
        jnum(&j, S->folding_level_bps);
        jclose(&j, '}');
    } else {
        jput(&j, "null");
    }
    jkey(&j, &f0, "steps");
    jopen(&j, '[', &f1);
    for (size_t i = 0; i < r->nsteps; i++) {
        if (!f1)
            jput(&j, ",");
        f1 = 0;
        jnewline(&j);
        jopen(&j, '{', &f2);
        jkey(&j, &f2, "start_bytes");
        jnum(&j, r->steps[i].start_bytes);
        jkey(&j, &f2, "start_s");
        jnum(&j, r->steps[i].start_s);
        jkey(&j, &f2, "level_bps");
        jnum(&j, r->steps[i].level_bps);
        jclose(&j, '}');
    }
    jclose(&j, ']');
    jkey(&j, &f0, "bursts");
    jopen(&j, '[', &f1);
    for (size_t i = 0; i < r->nbursts; i++) {
        if (!f1)
            jput(&j, ",");
        f1 = 0;
        jnewline(&j);
        jopen(&j, '{', &f2);
        jkey(&j, &f2, "start_bytes");
        jnum(&j, r->bursts[i].start_bytes);
        jkey(&j, &f2, "bytes");
        jnum(&j, r->bursts[i].bytes);
        jkey(&j, &f2, "start_s");
        jnum(&j, r->bursts[i].start_s);
        jkey(&j, &f2, "duration_s");
        jnum(&j, r->bursts[i].duration_s);
        jkey(&j, &f2, "level_bps");
        jnum(&j, r->bursts[i].level_bps);
        jclose(&j, '}');
    }
    jclose(&j, ']');
    jkey(&j, &f0, "bursts_total");
    jput(&j, "%zu", r->bursts_total);

    if (S->has_recovery) {
        jkey(&j, &f0, "recovery");
        jopen(&j, '{', &f1);
        jkey(&j, &f1, "recovered_bytes");
        jnum(&j, S->recovered_bytes);
        jkey(&j, &f1, "reference_level_bps");
        jnum(&j, S->reference_level_bps);
        jkey(&j, &f1, "censored");
        jstr(&j, censor_name(r->recovery_censored));
        jclose(&j, '}');
    } else if (r->had_reference) {
        jkey(&j, &f0, "recovery");
        jput(&j, "null");
        jkey(&j, &f0, "recovery_note");
        jstr(&j, r->recovery_note ? r->recovery_note : "recovery could not be measured");
    }

    jkey(&j, &f0, "consistency");
    jopen(&j, '{', &f1);
    jkey(&j, &f1, "window_start_bytes");
    jnum(&j, r->window_start_bytes);
    jkey(&j, &f1, "window_end_bytes");
    jnum(&j, r->window_end_bytes);
    jkey(&j, &f1, "mean_bps");
    jnum(&j, S->mean_bps);
    jkey(&j, &f1, "cv");
    jnum(&j, S->cv);
    jkey(&j, &f1, "mean_over_sigma");
    jnum(&j, r->mean_over_sigma);
    jkey(&j, &f1, "p1_over_mean");
    jnum(&j, S->p1_over_mean);
    jkey(&j, &f1, "p5_over_mean");
    jnum(&j, S->p5_over_mean);
    jkey(&j, &f1, "min_over_max");
    jnum(&j, r->min_over_max);
    jkey(&j, &f1, "dips");
    if (S->has_dips) {
        jopen(&j, '{', &f2);
        jkey(&j, &f2, "period_s");
        jnum(&j, S->dip_period_s);
        jkey(&j, &f2, "depth");
        jnum(&j, S->dip_depth);
        jkey(&j, &f2, "duty");
        jnum(&j, S->dip_duty);
        jkey(&j, &f2, "count");
        jnum(&j, r->dip_count);
        jkey(&j, &f2, "base");
        jstr(&j, isfinite(r->dip_base_bps) ? "window" : "phase");
        jclose(&j, '}');
    } else {
        jput(&j, "null");
    }
    jclose(&j, '}');

    jkey(&j, &f0, "latency");
    if (isfinite(r->lat_p50_us) || isfinite(r->lat_p99_us) || isfinite(r->lat_mean_us)) {
        jopen(&j, '{', &f1);
        jkey(&j, &f1, "mean_us");
        jnum(&j, r->lat_mean_us);
        jkey(&j, &f1, "p50_us");
        jnum(&j, r->lat_p50_us);
        jkey(&j, &f1, "p99_us");
        jnum(&j, r->lat_p99_us);
        jkey(&j, &f1, "p999_us");
        jnum(&j, r->lat_p999_us);
        jkey(&j, &f1, "max_us");
        jnum(&j, r->lat_max_us);
        jkey(&j, &f1, "p99_over_p50");
        jnum(&j, r->lat_p99_us / r->lat_p50_us);
        jkey(&j, &f1, "p999_over_p50");
        jnum(&j, r->lat_p999_us / r->lat_p50_us);
        jclose(&j, '}');
    } else {
        jput(&j, "null");
    }

    jkey(&j, &f0, "steady_state");
    jopen(&j, '{', &f1);
    jkey(&j, &f1, "reached");
    jput(&j, r->ss_reached ? "true" : "false");
    jkey(&j, &f1, "round_s");
    jnum(&j, r->ss_round_s);
    jkey(&j, &f1, "start_s");
    jnum(&j, r->ss_start_s);
    jkey(&j, &f1, "start_bytes");
    jnum(&j, r->ss_start_bytes);
    jkey(&j, &f1, "mean_bps");
    jnum(&j, r->ss_mean_bps);
    jkey(&j, &f1, "range_ratio");
    jnum(&j, r->ss_range_ratio);
    jkey(&j, &f1, "slope_ratio");
    jnum(&j, r->ss_slope_ratio);
    jkey(&j, &f1, "rolling_reached");
    jput(&j, r->ss_rolling_reached ? "true" : "false");
    jkey(&j, &f1, "rolling_start_s");
    jnum(&j, r->ss_rolling_start_s);
    jclose(&j, '}');
    jclose(&j, '}');
    if (j.failed) {
        free(j.p);
        return SSD_ENOMEM;
    }
    *out_json = j.p;
    return 0;
}
