/* report_verdict.c - a verdict for every test (report_verdict.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_chart.h"
#include "report_verdict.h"
#include "step_names.h"
#include "figure_labels.h"

static double figure(const struct ssd__step *st, const struct ssd__curve_group *cg) {
    return cg->iops ? st->res.iops : st->res.bw_bps / MIB;
}

int ssd__curve_dip(const struct ssd__results *r, const struct ssd__curve_group *cg,
                   struct ssd__dip *out) {
    double best = NAN, best_x = NAN;
    memset(out, 0, sizeof *out);
    for (int k = 0; k < r->nsteps; k++) {
        const struct ssd__step *st = &r->steps[k];
        double y = ssd__curve_point(st, cg->group, 0) ? figure(st, cg) : NAN;
        if (!isfinite(y))
            continue;
        if (isfinite(best) && y < 0.85 * best && 1 - y / best > out->drop) {
            out->drop = 1 - y / best;
            out->x = st->def.x;
            out->y = y;
            out->best_x = best_x;
            out->best_y = best;
        }
        if (!(y <= best)) {
            best = y;
            best_x = st->def.x;
        }
    }
    return out->drop > 0;
}

/* An x of a scaling curve as a reader says it: QD4, 512 B, 4K, 1M. */
static void x_words(char *buf, size_t len, const struct ssd__curve_group *cg, double x) {
    if (!cg->xsize)
        snprintf(buf, len, "%s%g", cg->xlog2 ? "QD" : "", x);
    else
        ssd__fmt_block(buf, len, x, " B");
}

/* 29491 -> "29,491"; 49.96 -> "50.0" (one decimal below 1000 MiB/s). */
static void value_words(char *buf, size_t len, double v, int iops) {
    if (iops || v >= 1000)
        ssd__fmt_thousands(buf, len, v);
    else
        snprintf(buf, len, "%.1f", v);
}

int ssd__dip_words(struct ssd__text *t, const struct ssd__curve_group *cg,
                   const struct ssd__dip *d) {
    if (!(d->drop > 0))
        return 0;
    char at[32], from[32], y[32], by[32];
    x_words(at, sizeof at, cg, d->x);
    x_words(from, sizeof from, cg, d->best_x);
    value_words(y, sizeof y, d->y, cg->iops);
    value_words(by, sizeof by, d->best_y, cg->iops);
    ssd__text_add(t, "%s: dips %.0f %% at %s (%s %s at %s, %s at %s)", cg->label, d->drop * 100, at,
                  by, cg->iops ? "IOPS" : "MiB/s", from, y, at);
    return 1;
}

/* A scaling curve from its first point to its last, with its best when
 * that is elsewhere and its dip. */
static void curve_line(const struct ssd__results *r, const struct ssd__curve_group *cg,
                       struct ssd__text *t) {
    const struct ssd__step *first = NULL, *last = NULL, *best = NULL;
    int n = 0;
    for (int k = 0; k < r->nsteps; k++) {
        const struct ssd__step *st = &r->steps[k];
        if (!ssd__curve_point(st, cg->group, 0) || !isfinite(figure(st, cg)))
            continue;
        n++;
        if (!first)
            first = st;
        last = st;
        if (!best || figure(st, cg) > figure(best, cg))
            best = st;
    }
    if (n < 2)
        return;
    const char *unit = cg->iops ? "IOPS" : "MiB/s";
    char x0[32], x1[32], xb[32], y0[32], y1[32], yb[32];
    x_words(x0, sizeof x0, cg, first->def.x);
    x_words(x1, sizeof x1, cg, last->def.x);
    x_words(xb, sizeof xb, cg, best->def.x);
    value_words(y0, sizeof y0, figure(first, cg), cg->iops);
    value_words(y1, sizeof y1, figure(last, cg), cg->iops);
    value_words(yb, sizeof yb, figure(best, cg), cg->iops);
    double y_first = figure(first, cg), y_last = figure(last, cg), y_best = figure(best, cg);
    if (!cg->xlog2) /* the mixed loads: x is the read share */
        ssd__text_add(t, "%s: %s %s at %s %% reads, %s at %s %%",
                      cg->report_label ? cg->report_label : cg->label, y0, unit, x0, y1, x1);
    else
        ssd__text_add(t, "%s: %s %s at %s, %s at %s", cg->label, y0, unit, x0, y1, x1);
    if (cg->xlog2 && y_first > 0 && (y_last > 1.1 * y_first || y_last < 0.9 * y_first))
        ssd__text_add(t, " (%.1fx)", y_last / y_first);
    /* A best point in between only when it stands out. */
    if (best != first && best != last && y_best > 1.05 * fmax(y_first, y_last))
        ssd__text_add(t, ", best %s at %s", yb, cg->xlog2 ? xb : strcat(xb, " % reads"));
    struct ssd__dip d;
    if (cg->xlog2 && ssd__curve_dip(r, cg, &d)) {
        ssd__text_add(t, "; ");
        /* The dip in the same words as the compare's summary, without the
         * label said already. */
        struct ssd__text w = {0};
        ssd__dip_words(&w, cg, &d);
        char *s = ssd__text_take(&w);
        if (s)
            ssd__text_add(t, "%s", s + strlen(cg->label) + 2);
        free(s);
    } else if (cg->xlog2) {
        ssd__text_add(t, "; no dip");
    }
    ssd__text_add(t, ".\n");
}

/* The level of the phase that starts where a run's recovered room ends
 * (the nearest phase start), NaN when no phase starts after the first. */
static double after_recovery_bps(const struct ssd__step *st) {
    const struct ssd_analysis_summary *m = &st->res.sum;
    double best = INFINITY, level = NAN;
    for (size_t i = 1; i < st->res.nphases; i++) {
        double d = fabs(st->res.phases[i].start_bytes - m->recovered_bytes);
        if (d < best) {
            best = d;
            level = st->res.phases[i].level_bps;
        }
    }
    return level;
}

/* Seconds into the run at which it had written `bytes` (linear inside the
 * phase holding it), NaN when no phase does. */
static double seconds_to(const struct ssd__step *st, double bytes) {
    for (size_t i = 0; i < st->res.nphases; i++) {
        const struct ssd_phase *p = &st->res.phases[i];
        if (bytes >= p->start_bytes && bytes <= p->end_bytes && p->end_bytes > p->start_bytes)
            return p->start_s + (bytes - p->start_bytes) / (p->end_bytes - p->start_bytes) *
                                    (p->end_s - p->start_s);
    }
    return NAN;
}

void ssd__test_verdicts(const struct ssd__results *r, struct ssd__text *t) {
    /* Tests 1-2: the single figures, in one line. */
    int any = 0;
    for (size_t i = 0; i < ssd__named_step_count; i++) {
        const struct ssd__named_step *n = &ssd__named_steps[i];
        const struct ssd__step *st =
            n->headline_key ? ssd__suite_find(r, n->name, r->nsteps) : NULL;
        if (!st || st->res.state != SSD__ST_DONE)
            continue;
        double v = n->iops ? st->res.iops : st->res.bw_bps / MIB;
        if (!isfinite(v))
            continue;
        char vb[32];
        value_words(vb, sizeof vb, v, n->iops);
        struct ssd__figure_info f;
        ssd__figure_describe(n->headline_key, &f);
        ssd__text_add(t, "%s%s: %s %s", any++ ? "; " : "", f.label, vb, n->iops ? "IOPS" : "MiB/s");
    }
    if (any)
        ssd__text_add(t, ".\n");
    /* Tests 3-5: the scaling curves and the mixed loads. */
    for (size_t g = 0; g < SSD__GROUP_COUNT; g++)
        curve_line(r, &ssd__curve_groups[g], t);
    /* Latency: the widest tail of the random tests. */
    const struct ssd__step *worst = NULL;
    for (int k = 0; k < r->nsteps; k++) {
        const struct ssd__step *st = &r->steps[k];
        if (st->def.kind != SSD__STEP_JOB || st->res.state != SSD__ST_DONE ||
            !ssd__latency_label(st->def.name) || !(st->res.lat_p50_us > 0) ||
            !isfinite(st->res.lat_p999_us))
            continue;
        if (!worst || st->res.lat_p999_us / st->res.lat_p50_us >
                          worst->res.lat_p999_us / worst->res.lat_p50_us)
            worst = st;
    }
    if (worst) {
        char p999[32], p50[32];
        value_words(p999, sizeof p999, worst->res.lat_p999_us, 1);
        value_words(p50, sizeof p50, worst->res.lat_p50_us, 1);
        ssd__text_add(t,
                      "latency: the widest tail is %s's, p99.9 %s \xc2\xb5s, %.0fx its median "
                      "(%s \xc2\xb5s).\n",
                      ssd__latency_label(worst->def.name), p999,
                      worst->res.lat_p999_us / worst->res.lat_p50_us, p50);
    }
    /* Test 7: what came back after idle and after TRIM. */
    for (int k = 0; k < r->nsteps; k++) {
        const struct ssd__step *st = &r->steps[k];
        const struct ssd_analysis_summary *m = &st->res.sum;
        if (st->def.kind != SSD__STEP_ANALYZE || !st->res.has_summary || !st->def.reference[0])
            continue;
        if (!m->has_recovery)
            ssd__text_add(t, "%s: nothing recovered against %s.\n", st->def.series,
                          st->def.reference);
        else if (m->recovery_censored == SSD_CENSOR_RIGHT)
            ssd__text_add(t,
                          "%s: at least %.2f GiB at full speed again (the drive never slowed "
                          "in the run).\n",
                          st->def.series, m->recovered_bytes / GIB);
        else {
            /* The level the run fell to once the recovered room was used
             * up: the phase that starts there (a drive with no cache has no
             * "post-cache" level after it: SSD370 read "2.70 GiB at full
             * speed again, then 284.8 MiB/s", its fast level, where it fell
             * to 7.1). GC dips inside the room are the drive's own, which
             * its fresh run has too: said, not taken for the room's end. */
            double after = after_recovery_bps(st);
            int dips = 0;
            for (size_t i = 0; i < st->res.nphases; i++)
                if (st->res.phases[i].end_bytes <= m->recovered_bytes * 1.001 &&
                    st->res.phases[i].level_bps * 1.3 < m->reference_level_bps)
                    dips = 1;
            /* With dips the chart's level over the room is below the
             * reference's (SSD370: 200 MiB/s after the first 0.3 GiB): the
             * room's mean speed says what the chart shows. */
            double took = seconds_to(st, m->recovered_bytes);
            ssd__text_add(t, "%s: %.2f GiB at full speed again (%.1f MiB/s", st->def.series,
                          m->recovered_bytes / GIB, m->reference_level_bps / MIB);
            if (dips && took > 0)
                ssd__text_add(t, " with GC dips: %.1f MiB/s on average",
                              m->recovered_bytes / took / MIB);
            ssd__text_add(t, ")");
            if (isfinite(after))
                ssd__text_add(t, ", then %.1f MiB/s", after / MIB);
            ssd__text_add(t, ".\n");
        }
    }
    /* Test 11: the application score. */
    double score, mean;
    if (ssd__suite_apps_score(r, &score, &mean))
        ssd__text_add(t,
                      "applications: score %.1f MiB/s (bytes / busy time), mean of the traces "
                      "%.1f MiB/s.\n",
                      score / MIB, mean / MIB);
}
