/* report_html.c - report.html of a suite run: one self-contained page (no
 * external assets, well-formed XML so any parser reads it, a small inline
 * script for legend toggles and hover read-outs) with SVG charts that scale
 * to the page width: the write curves (a dot per sample, the moving average
 * over 30 samples broken at phase boundaries, the analysis' phases with
 * their regimes, cache and later-drop marks, a zoom of the cache when it is
 * a sliver of the axis, and the simulator's truth when there is one), QD
 * and block-size scaling, the mixed workloads, the latency spectrum, and
 * tables of the headline figures and of every step. Legends sit outside the
 * plots, with an entry for every mark. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "report_chart.h"
#include "ssdcore/suite.h"
#include "json_read.h"
#include "report_html.h"
#include "curve_groups.h"
#include "report_fill.h"
#include "step_names.h"
#include "figure_labels.h"
#include "verdict_words.h"
#include "report_verdict.h"

/* A latency for people: 85 µs, 1.2 ms, 3 s. */
static void fmt_latency(char *buf, size_t len, double us) {
    if (us >= 1e6)
        snprintf(buf, len, "%g s", us / 1e6);
    else if (us >= 1e3)
        snprintf(buf, len, "%g ms", us / 1e3);
    else
        snprintf(buf, len, "%g \xc2\xb5s", us);
}

/* ---- curves over x: QD, block size, read share ---------------------- */

/* One chart of bw (or IOPS: unit 1; MB/s: unit 2) against x for the groups
 * that have points; none when every group has a single point (a curve of one
 * dot says nothing: the tables have the figure). Curves differ by marker and
 * dash, not only by colour. xname names x in the hover read-outs. */
static void group_chart(const struct ssd__results *s, struct ssd__text *t, const char *title,
                        const char *xlabel, const char *xname, const struct ssd__curve_group *c,
                        int nc, int xlog2, int xsize, int unit) {
    struct ssd__line ls[2];
    char keys[2][16], labels[2][160]; /* keys: room for any int (gcc -O1 cannot bound g) */
    double *xy = malloc(4 * ((size_t)s->nsteps + 1) * sizeof *xy);
    for (int g = 0; xy && g < nc && g < 2; g++) {
        double *x = xy + 2 * g * (s->nsteps + 1), *y = x + s->nsteps + 1;
        size_t n = ssd__group_points(s, c[g].group, xlog2, unit, x, y);
        /* The test time names the curve apart from a headline figure with
         * the same pattern (a 1-minute "sequential write 256K QD1" beside
         * this curve's 3-minute QD1 point). */
        const char *time = NULL;
        for (int i = 0; i < s->nsteps && !time; i++)
            if (ssd__curve_point(&s->steps[i], c[g].group, xlog2))
                time = ssd__step_option(&s->steps[i], "time");
        /* "a point every 3 min", not "3m a point" */
        char words[64] = "";
        if (time)
            ssd__time_words(words, sizeof words, time, s->scale);
        snprintf(labels[g], sizeof labels[g], "%s%s%s", c[g].label, time ? ", a point every " : "",
                 words);
        snprintf(keys[g], sizeof keys[g], "g%d", g);
        const char *dash = g ? "7 4" : NULL;
        ls[g] = (struct ssd__line){
            c[g].label,           labels[g], keys[g], NULL, ssd__report_palette[g], x, y, n,
            SSD__MARK_CIRCLE + g, 4,         2,       dash};
    }
    const char *yunit = unit == 1 ? "IOPS" : unit == 2 ? "MB/s" : "MiB/s";
    const struct ssd__line_chart lc = {
        title, xlabel, yunit, xname, 340, xlog2, 0, xsize, NULL, 0, 1, 2, unit == 1 ? 0 : 1};
    if (xy)
        ssd__line_chart(t, &lc, ls, (size_t)(nc < 2 ? nc : 2));
    free(xy);
}

/* ---- the write curve ---------------------------------------------------- */

/* How steady the curve is after its cache, under its chart: the mean, p5
 * and p1 of the per-interval speed (analysis "consistency") and the slowest
 * interval, the figure the reviews quote ("falls to 5 MB/s"); with IOPS for
 * a small-block test. */
static void consistency_line(struct ssd__text *t, const struct ssd__step *an,
                             const struct ssd__write_curve *d) {
    const struct ssd_analysis_summary *m = &an->res.sum;
    if (!isfinite(m->mean_bps))
        return;
    double from = 0;
    struct ssd__jv a;
    char msg[32];
    if (an->res.analysis_json && !ssd__jr_parse(an->res.analysis_json, &a, msg, sizeof msg)) {
        from = ssd__jv_num(ssd__jv_get(&a, "consistency"), "window_start_bytes", 0) / GIB;
        ssd__jv_free(&a);
    }
    double lo = INFINITY;
    for (size_t i = 0; i < d->n; i++)
        if (d->x[i] > from)
            lo = fmin(lo, d->y[i]);
    char mean[40], p5[40], p1[40], slow[40], every[48];
    ssd__fmt_iops(mean, sizeof mean, m->mean_bps, d->block);
    ssd__fmt_iops(p5, sizeof p5, m->p5_over_mean * m->mean_bps, d->block);
    ssd__fmt_iops(p1, sizeof p1, m->p1_over_mean * m->mean_bps, d->block);
    ssd__fmt_iops(slow, sizeof slow, lo * MIB, d->block);
    if (fabs(d->interval - 1) < 0.01)
        snprintf(every, sizeof every, "second");
    else
        snprintf(every, sizeof every, "interval (%.3g s)", d->interval);
    ssd__text_html_in(t, "<p class=\"consistency\"><b>", an->def.series, "");
    if (from > 0)
        ssd__text_add(t, ", after the first %.2f GiB", from);
    ssd__text_add(t, ":</b> mean %.1f MiB/s%s, p5 %.1f%s, p1 %.1f%s", m->mean_bps / MIB, mean,
                  m->p5_over_mean * m->mean_bps / MIB, p5, m->p1_over_mean * m->mean_bps / MIB, p1);
    if (isfinite(lo))
        ssd__text_add(t, ", slowest %s %.2f MiB/s%s", every, lo, slow);
    ssd__text_add(t, ".</p>\n");
}

/* The reference a run was analysed against when its analyze step names
 * none: the log of the whole-drive fill the run followed, which the suite
 * chose (ssd__suite_fill_log), or the reference the run's log records
 * (another analyze step of the same log named it), so without this line
 * a reader of the page would not know the verdict leans on another log.
 * Only the fill's log is called one: a second `analyze used` after
 * `analyze used reference=fresh` read "analysed against fresh.csv, the
 * log of the whole-drive fill it followed" (round 26's audit). */
void ssd__reference_line(struct ssd__text *t, const struct ssd__results *s,
                         const struct ssd__step *an, const char *who) {
    struct ssd__jv a;
    char msg[32];
    if (an->def.reference[0] || !an->res.analysis_json ||
        ssd__jr_parse(an->res.analysis_json, &a, msg, sizeof msg))
        return;
    const char *src = ssd__jv_str(ssd__jv_get(&a, "reference"), "source");
    if (src && *src) {
        const char *base = strrchr(src, '/');
        base = base ? base + 1 : src;
        const struct ssd__step *job = ssd__analysis_job(s, an);
        const struct ssd__step *fill = job ? ssd__suite_fill_log(s, (int)(job - s->steps)) : NULL;
        size_t n = fill ? strlen(fill->def.log) : 0;
        int is_fill = fill && !strncmp(base, fill->def.log, n) && !strcmp(base + n, ".csv");
        ssd__text_html_in(t, "<p class=\"consistency\"><b>", who, ":</b> analysed ");
        ssd__text_html_in(t, "against <code>", base,
                          is_fill
                              ? "</code>, the log of the whole-drive fill it followed (the "
                                "fresh drive's cache as that fill shows it).</p>\n"
                              : "</code>, the reference the run's log records (the figures "
                                "of that log, which another analysis of this run named).</p>\n");
    }
    ssd__jv_free(&a);
}

static void write_curve(const struct ssd__results *s, struct ssd__text *t,
                        const struct ssd__step *an) {
    struct ssd__write_curve d;
    if (ssd__write_curve_load(s, an, &d) < 2)
        goto done;
    const struct ssd__curve_line l = {s, an, &d, NULL, NULL, 0, 0};
    char title[200];
    snprintf(title, sizeof title, "%.64s: write speed against data written", an->def.series);
    double total = d.x[d.n - 1], zx = ssd__write_curve_zoom(&l, 1, total, 0.1);
    ssd__write_curve_chart(t, title, NULL, &l, 1, total, 0, 1);
    consistency_line(t, an, &d);
    ssd__reference_line(t, s, an, an->def.series);
    /* A cache that is a sliver of the axis (the BX200's 2 GiB of 303) gets a
     * zoom of the start, as 3DNews draws it. */
    if (zx > 0) {
        snprintf(title, sizeof title, "%.64s, zoom: the first %.3g GiB (the SLC cache)",
                 an->def.series, zx);
        ssd__write_curve_chart(t, title, NULL, &l, 1, zx, 0, 1);
    }
done:
    ssd__write_curve_free(&d);
}

/* ---- latency: the percentile spectrum and p99 over time ------------------ */

/* <figure>, its caption and an SVG that scales to the width, of latency
 * over x in [0, xhi]: its y axis whole decades around the data's [lo, hi]
 * (both > 0) on a log scale, the grid 1, 2, 5 per decade (only 1 when the
 * range is wide) labelled in µs, ms or s, the ticks carrying their unit.
 * desc, the summary a screen reader gets beside the title (the figures are
 * in the tables and the read-outs), is a format whose two %s are lo and hi
 * in words. */
static struct ssd__chart latency_chart(struct ssd__text *t, const char *title, const char *desc,
                                       const char *xlabel, double xhi, double lo, double hi) {
    double ylo = pow(10, floor(log10(lo))), yhi = pow(10, ceil(log10(hi)));
    const struct ssd__chart c = {SSD__CHART_FRAME(340),      0, xhi, ylo,
                                 yhi > ylo ? yhi : ylo * 10, 0, 1};
    char words[192], lw[32], hw[32];
    fmt_latency(lw, sizeof lw, lo);
    fmt_latency(hw, sizeof hw, hi);
    snprintf(words, sizeof words, desc, lw, hw);
    ssd__figure_open(t, NULL, title);
    ssd__chart_begin(t, &c, title, words, xlabel, "latency (log scale)", 1);
    int d0 = (int)floor(log10(c.ylo) + 1e-9), d1 = (int)ceil(log10(c.yhi) - 1e-9);
    static const double mult[] = {1, 2, 5};
    for (int d = d0; d <= d1; d++)
        for (int m = 0; m < (d1 - d0 > 3 ? 1 : 3); m++) {
            double v = mult[m] * pow(10, d);
            if (v < c.ylo * (1 - 1e-9) || v > c.yhi * (1 + 1e-9))
                continue;
            char b[32];
            fmt_latency(b, sizeof b, v);
            ssd__chart_yline(t, &c, ssd__chart_y(&c, v), m ? "#eee" : "#ddd", b);
        }
    return c;
}

/* Latency against percentile, HdrHistogram style: x is log10(1 / (1 - p)),
 * so 90, 99, 99.9 % are equally spaced and the tail gets the room. One line
 * per random 4K test and the degradation run. Returns how many there are. */
static int latency_spectrum(const struct ssd__results *s, struct ssd__text *t) {
    double ylo = INFINITY, yhi = 0, xhi = 0;
    int n = 0;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->def.kind != SSD__STEP_JOB || st->res.state != SSD__ST_DONE ||
            !ssd__latency_label(st->def.name) || st->res.nspec < 2)
            continue;
        n++;
        xhi = fmax(xhi, (double)(st->res.nspec - 1) / SSD__SPEC_PER_DECADE);
        for (int k = 0; k < st->res.nspec; k++)
            if (st->res.spec_us[k] > 0) {
                ylo = fmin(ylo, st->res.spec_us[k]);
                yhi = fmax(yhi, st->res.spec_us[k]);
            }
    }
    if (!n || !(yhi > 0))
        return n;
    char desc[96];
    snprintf(desc, sizeof desc,
             "%d tests, latency from %%s at the lowest percentile to %%s at the "
             "highest",
             n);
    struct ssd__chart ch = latency_chart(
        t, "latency by percentile (random 4K tests, degradation run)", desc,
        "percentile, % (each step one more nine)", ceil(fmax(xhi, 1) - 1e-9), ylo, yhi);
    static const char *const xl[] = {"0", "90", "99", "99.9", "99.99", "99.999", "99.9999"};
    int last = (int)ch.xhi < 6 ? (int)ch.xhi : 6;
    for (int d = 0; d <= last; d++)
        ssd__chart_xline(t, &ch, ssd__chart_x(&ch, d), "#ddd", d < last ? xl[d] : "");
    /* The last label ends at the right edge: centred on its tick it would
     * run past the SVG and be cut ("99.9999" read as "99.999"). */
    ssd__text_add(t, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n", ch.w - 2,
                  ch.h - ch.b + 16, xl[last]);
    ssd__chart_xline(t, &ch, ssd__chart_x(&ch, log10(2)), "#eee", "50");
    ssd__chart_frame(t, &ch);
    struct ssd__text lg = {0};
    int li = 0;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        const char *label = ssd__latency_label(st->def.name);
        if (st->def.kind != SSD__STEP_JOB || st->res.state != SSD__ST_DONE || !label ||
            st->res.nspec < 2)
            continue;
        const char *color = ssd__report_palette[li % 8];
        int dashed = !strcmp(st->def.name, ssd__step_degradation);
        char key[16], p50[24], p99[24], p999[24];
        snprintf(key, sizeof key, "l%d", li++);
        fmt_latency(p50, sizeof p50, round(st->res.lat_p50_us));
        fmt_latency(p99, sizeof p99, round(st->res.lat_p99_us));
        fmt_latency(p999, sizeof p999, round(st->res.lat_p999_us));
        ssd__text_add(t,
                      "<g data-key=\"%s\"><polyline class=\"latency\" fill=\"none\" "
                      "stroke=\"%s\" stroke-width=\"2\"%s data-tip=\"",
                      key, color, dashed ? " stroke-dasharray=\"6 3\"" : "");
        ssd__text_html(t, label);
        ssd__text_add(t, ": p50 %s, p99 %s, p99.9 %s\" points=\"", p50, p99, p999);
        for (int k = 0; k < st->res.nspec; k++)
            if (st->res.spec_us[k] > 0)
                ssd__text_add(t, "%s%.1f,%.1f", k ? " " : "",
                              ssd__chart_x(&ch, (double)k / SSD__SPEC_PER_DECADE),
                              ssd__chart_y(&ch, st->res.spec_us[k]));
        ssd__text_add(t, "\"/></g>\n");
        ssd__legend_item(&lg, key, color, dashed, label);
    }
    ssd__figure_close(t, &lg);
    return n;
}

/* p99 and mean latency per interval of an analysed write run, from its
 * series (the lat_p99_us and lat_mean_us columns). */
static void latency_over_time(struct ssd__text *t, const struct ssd__step *an) {
    const ssd_series *ser = an->res.curve;
    size_t n = ser ? ssd_series_count(ser) : 0;
    const double *ts = n ? ssd_series_t_s(ser) : NULL;
    const double *p99 = n ? ssd_series_column(ser, "lat_p99_us") : NULL;
    const double *mean = n ? ssd_series_column(ser, "lat_mean_us") : NULL;
    if (n < 2 || !p99)
        return;
    double ylo = INFINITY, yhi = 0;
    for (size_t i = 0; i < n; i++) {
        if (p99[i] > 0 && isfinite(p99[i])) {
            ylo = fmin(ylo, p99[i]);
            yhi = fmax(yhi, p99[i]);
        }
        if (mean && mean[i] > 0 && isfinite(mean[i]))
            ylo = fmin(ylo, mean[i]);
    }
    if (!(yhi > 0))
        return;
    char title[160], desc[96];
    snprintf(title, sizeof title, "%.64s: latency per interval", an->def.series);
    snprintf(desc, sizeof desc, "%zu intervals over %.0f s; latency per interval from %%s to %%s",
             n, ts[n - 1]);
    struct ssd__chart ch = latency_chart(t, title, desc, "time, s", ts[n - 1], ylo, yhi);
    double xs = ssd__nice_step(ch.xhi - ch.xlo, 7);
    for (double v = 0; v <= ch.xhi + xs * 1e-9; v += xs) {
        char b[32];
        ssd__fmt_axis(b, sizeof b, v);
        ssd__chart_xline(t, &ch, ssd__chart_x(&ch, v), "#eee", b);
    }
    ssd__chart_frame(t, &ch);
    const double *cols[2] = {p99, mean};
    static const char *const colors[2] = {"#d62728", "#1f77b4"};
    static const char *const labels[2] = {"p99 per interval", "mean per interval"};
    static const char *const keys[2] = {"p99", "mean"};
    struct ssd__text lg = {0};
    for (int c = 0; c < 2 && cols[c]; c++) {
        ssd__text_add(t,
                      "<g data-key=\"%s\"><polyline fill=\"none\" stroke=\"%s\" "
                      "stroke-width=\"1.4\" points=\"",
                      keys[c], colors[c]);
        /* Each point drawn the worst of the intervals it stands for, so a
         * spike is never thinned away. */
        size_t stride = ssd__drawn_stride(n);
        int first = 1;
        for (size_t i = 0; i < n; i += stride) {
            double v = NAN;
            for (size_t k = i; k < i + stride && k < n; k++)
                if (cols[c][k] > 0 && isfinite(cols[c][k]) && !(v >= cols[c][k]))
                    v = cols[c][k];
            if (isfinite(v)) {
                ssd__text_add(t, "%s%.1f,%.1f", first ? "" : " ", ssd__chart_x(&ch, ts[i]),
                              ssd__chart_y(&ch, v));
                first = 0;
            }
        }
        ssd__text_add(t, "\"/></g>\n");
        ssd__legend_item(&lg, keys[c], colors[c], 0, labels[c]);
    }
    ssd__figure_close(t, &lg);
}

/* ---- tables ------------------------------------------------------------- */

/* A step line as written, with byte counts people can read: a results.json
 * from before the suites wrote sizes with units (span=32g) has
 * span=34359738368, shown as span=32 GiB. */
static void human_line(struct ssd__text *t, const char *line) {
    const char *p = line;
    while (p && *p) {
        const char *eq = strchr(p, '=');
        if (!eq) {
            ssd__text_html(t, p);
            break;
        }
        size_t digits = strspn(eq + 1, "0123456789");
        char end = eq[1 + digits];
        ssd__text_raw(t, "", 0);
        char head[512];
        snprintf(head, sizeof head, "%.*s", (int)(eq + 1 - p) < 511 ? (int)(eq + 1 - p) : 511, p);
        ssd__text_html(t, head);
        if (digits >= 7 && (end == 0 || end == ' ')) {
            double v = strtod(eq + 1, NULL);
            if (v >= GIB)
                ssd__text_add(t, "%g GiB", round(v / GIB * 100) / 100);
            else
                ssd__text_add(t, "%g MiB", round(v / MIB * 100) / 100);
            p = eq + 1 + digits;
        } else {
            p = eq + 1;
        }
    }
}

static void td_num(struct ssd__text *t, double v, const char *fmt) {
    if (isfinite(v))
        ssd__text_add(t, "<td class=\"n\">"), ssd__text_add(t, fmt, v), ssd__text_add(t, "</td>");
    else
        ssd__text_add(t, "<td class=\"n\">-</td>");
}

/* A headline row (ssd__figs_rows): a section is a table of its own,
 * captioned, so the sections flow in columns on a wide page and on paper. */
static void headline_row(void *user, const char *section, const struct ssd__fig_row *r) {
    struct ssd__text *t = user;
    if (section) {
        ssd__text_add(t, t->len ? "</table>\n" : "");
        ssd__text_html_in(t, "<table class=\"kv\"><caption>", section, "</caption>\n");
    }
    if (r->alone) { /* a phrase that reads alone: "steady: did not throttle" */
        ssd__text_html_in(t, "<tr><th colspan=\"3\">", r->label, "</th></tr>\n");
        return;
    }
    ssd__text_html_in(t, "<tr><th>", r->label, "</th>");
    if (r->number)
        ssd__text_html_in(t, "<td class=\"n\">", r->value, "</td>");
    else
        ssd__text_html_in(t,
                          r->fig->why ? "<td colspan=\"2\" class=\"err\">" : "<td colspan=\"2\">",
                          r->value, "</td></tr>\n");
    if (r->number)
        ssd__text_html_in(t, "<td>", r->unit, "</td></tr>\n");
}

/* The headline figures as a table, the rows the text summary and the
 * compare page show (ssd__figs_rows over results.json's headline);
 * nothing when the run has none. */
static void headline_table(const struct ssd__results *s, struct ssd__text *t) {
    struct ssd__figs figs;
    if (ssd__results_figs(s, &figs)) {
        ssd__text_add(t, "<p class=\"err\">No headline figures: out of memory.</p>\n");
    } else {
        struct ssd__text rows = {0};
        ssd__figs_rows(&figs, s, headline_row, &rows);
        char *r = ssd__text_take(&rows);
        if (r && *r)
            ssd__text_add(t, "<div class=\"headline\">%s</table></div>\n", r);
        free(r);
    }
    ssd__figs_free(&figs);
}

/* The model's bytes written at cache speed, and their level, when the job
 * ended still in its SLC cache (the cache never filled: no
 * "cache_full_at_bytes"); else NaN. */
static double truth_unfilled_cache(const struct ssd__step *job, double *level_bps) {
    struct ssd__jv root;
    char msg[64];
    *level_bps = NAN;
    if (!job->res.truth_json || ssd__jr_parse(job->res.truth_json, &root, msg, sizeof msg))
        return NAN;
    const char *regime = ssd__jv_str(&root, "regime");
    int in_cache = regime && !strcmp(regime, "slc");
    double written = ssd__jv_num(&root, "job_written_bytes", NAN);
    if (in_cache)
        *level_bps = ssd__jv_num(&root, "cache_level_bps", NAN);
    ssd__jv_free(&root);
    return in_cache ? written : NAN;
}

static void truth_table(const struct ssd__results *s, struct ssd__text *t,
                        const struct ssd__step *an) {
    const struct ssd__step *job = ssd__analysis_job(s, an);
    if (!job || !job->res.truth_json)
        return;
    const struct ssd_analysis_summary *m = &an->res.sum;
    ssd__text_add(t,
                  "<table class=\"grid\"><tr><th>%s</th><th>analysis</th><th>sim truth</th>"
                  "</tr>\n",
                  an->def.series);
    /* A run that never dropped has no "after the cache": its one level is
     * given as such. */
    int undecided = ssd__one_speed_throughout(m, an->res.phases, an->res.nphases);
    ssd__text_add(t, "<tr><th>SLC cache / fast writes, GiB</th>");
    if (!m->has_cache && !undecided)
        ssd__text_add(t, "<td class=\"n\">none</td>"); /* measured none, not "-" */
    else if (isfinite(ssd__cache_at_most_bytes(m)))
        ssd__text_add(t, "<td class=\"n\">≤ %.3f (≥ %.3f: inside the first sample or two)</td>",
                      ssd__cache_at_most_bytes(m) / GIB, m->cache_bytes / GIB);
    else
        td_num(t, m->has_cache ? m->cache_bytes / GIB : NAN, "%.3f");
    double unfilled_level = NAN;
    double unfilled =
        isfinite(job->res.truth_cache_bytes) ? NAN : truth_unfilled_cache(job, &unfilled_level);
    if (isfinite(unfilled))
        /* The whole run fitted in the cache: "-" would read as none. */
        ssd__text_add(t, "<td class=\"n\">≥ %.3f (never filled)</td>", unfilled / GIB);
    else
        td_num(t, job->res.truth_cache_bytes / GIB, "%.3f");
    if (an->def.reference[0]) {
        ssd__text_add(t, "</tr>\n<tr><th>recovered fast writes, GiB</th>");
        if (m->has_recovery && m->recovery_censored == SSD_CENSOR_RIGHT)
            ssd__text_add(t, "<td class=\"n\">≥ %.3f (never slowed)</td>",
                          m->recovered_bytes / GIB);
        else
            td_num(t, m->has_recovery ? m->recovered_bytes / GIB : NAN, "%.3f");
        td_num(t, job->res.truth_room_before / GIB, "%.3f");
    }
    if (undecided) {
        ssd__text_add(t, "</tr>\n<tr><th>one speed throughout, MiB/s</th>");
        td_num(t, m->post_cache_bps / MIB, "%.1f");
        td_num(t, unfilled_level / MIB, "%.1f");
    }
    /* No cache: the first level in the verdict's words ("clean-block
     * speed" on a used drive, "fresh-state speed" after a TRIM). */
    ssd__text_add(t, "</tr>\n<tr><th>%s, MiB/s</th>",
                  m->has_cache || undecided ? "after the cache" : ssd__no_cache_level_words(m));
    td_num(t, undecided ? NAN : m->post_cache_bps / MIB, "%.1f");
    /* Level beside level, as truth_vs_analysis and the mismatch check do:
     * the model's mean (dips included) read 262.5 beside SSD370's 283.4. */
    td_num(t, ssd__truth_post_cache_level(job) / MIB, "%.1f");
    ssd__text_add(t, "</tr>\n<tr><th>folding from, GiB</th>");
    td_num(t, m->has_folding ? m->folding_start_bytes / GIB : NAN, "%.1f");
    td_num(t, job->res.truth_fold_bytes / GIB, "%.1f");
    ssd__text_add(t, "</tr>\n<tr><th>used state (GC) from, GiB</th>");
    td_num(t, m->has_gc ? m->gc_start_bytes / GIB : NAN, "%.1f");
    td_num(t, job->res.truth_gc_bytes / GIB, "%.1f");
    ssd__text_add(t, "</tr>\n</table>\n");
    char miss[160];
    if (ssd__truth_mismatch(an, job, miss, sizeof miss))
        ssd__text_html_in(t, "<p class=\"mismatch\"><b>Mismatch with the sim truth:</b> ", miss,
                          "</p>\n");
}

static void steps_table(const struct ssd__results *s, struct ssd__text *t) {
    ssd__text_add(
        t, "<table class=\"grid\"><tr><th>#</th><th>step</th><th>state</th>"
           "<th>MiB/s</th><th>IOPS</th><th>latency mean, \xc2\xb5s</th><th>p50</th><th>p99</th>"
           "<th>p99.9</th><th>time s</th><th>wall s</th></tr>\n");
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        const char *state = ssd__step_state_name(st->res.state);
        ssd__text_add(t, "<tr class=\"%s\"><td class=\"n\">%d</td><td><code>", state, i + 1);
        human_line(t, st->def.line);
        ssd__text_add(t, "</code>");
        if (st->res.error)
            ssd__text_html_in(t, "<br/><span class=\"err\">", st->res.error, "</span>");
        if (st->res.reason)
            ssd__text_html_in(t, "<br/><span class=\"warn\">", st->res.reason, "</span>");
        if (st->res.health_json && isfinite(st->res.wa))
            ssd__text_add(t, "<br/><span class=\"note\">write amplification %.2f</span>",
                          st->res.wa);
        if (st->def.kind == SSD__STEP_TRIM && st->res.trim_how) {
            ssd__text_add(
                t, "<br/><span class=\"%s\">TRIM %s: ", st->res.trim_reached ? "note" : "warn",
                st->res.trim_reached ? "reached the drive" : "did not reach the drive");
            ssd__text_html_in(t, "", st->res.trim_how, "</span>");
        }
        ssd__text_add(t, "</td><td>%s</td>", state);
        if (st->def.kind == SSD__STEP_JOB && st->res.job_json) {
            td_num(t, st->res.bw_bps / MIB, "%.1f");
            td_num(t, st->res.iops, "%.0f");
            td_num(t, st->res.lat_mean_us, "%.1f");
            td_num(t, st->res.lat_p50_us, "%.1f");
            td_num(t, st->res.lat_p99_us, "%.1f");
            td_num(t, st->res.lat_p999_us, "%.1f");
        } else {
            ssd__text_add(t, "<td/><td/><td/><td/><td/><td/>");
        }
        /* The drive's time (virtual on sim targets) beside the wall clock. */
        double time_s = st->def.kind == SSD__STEP_JOB    ? st->res.runtime_s
                        : st->def.kind == SSD__STEP_IDLE ? st->def.idle_s * s->scale
                                                         : NAN;
        td_num(t, st->res.state ? time_s : NAN, "%.1f");
        td_num(t, st->res.state ? st->res.wall_s : NAN, "%.2f");
        ssd__text_add(t, "</tr>\n");
    }
    ssd__text_add(t, "</table>\n");
}

/* Tests 9-10: seconds and MiB/s of each file test, as the reviews print. */
static void file_tests_table(const struct ssd__results *s, struct ssd__text *t) {
    int any = 0;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        const char *test = ssd__file_test_key(st);
        if (!test)
            continue;
        if (!any)
            ssd__text_add(t, "<h2>File tests</h2>\n<table class=\"grid\"><tr><th>test</th>"
                             "<th>set</th><th>step</th><th>seconds</th><th>MiB/s</th></tr>\n");
        any = 1;
        /* A replayed file test names its recorded trace: the set is the
         * part before the phase ("work" of "filetest:work-archive"). */
        char set[SSD__NAME_MAX] = "";
        const char *given = ssd__step_option(st, "set"), *trace = ssd__step_option(st, "trace");
        if (given)
            snprintf(set, sizeof set, "%s", given);
        else if (trace && !strncmp(trace, "filetest:", 9))
            snprintf(set, sizeof set, "%.*s (recorded trace)", (int)strcspn(trace + 9, "-"),
                     trace + 9);
        for (int k = 0; k < st->res.nfile; k++) {
            ssd__text_html_in(t, "<tr><td>", test, "</td><td>");
            ssd__text_html(t, set);
            ssd__text_html_in(t, "</td><td>", st->res.file[k].name, "</td>");
            td_num(t, st->res.file[k].seconds, "%.2f");
            td_num(t, st->res.file[k].bps / MIB, "%.1f");
            ssd__text_add(t, "</tr>\n");
        }
    }
    if (any)
        ssd__text_add(t, "</table>\n");
}

/* Test 11, the application traces as bars, as PCMark 8 shows them: one
 * bar per trace in MiB/s (bytes / busy time) and the score (NAN: none)
 * last, in a darker colour; their figures are the headline table's
 * Application traces. The SVG is as tall as its bars. */
static void replay_bars(const struct ssd__results *s, struct ssd__text *t) {
    double score, mean;
    if (!ssd__suite_apps_score(s, &score, &mean))
        score = NAN;
    struct ssd__bar *b = calloc((size_t)s->nsteps + 1, sizeof *b);
    size_t n = 0;
    for (int i = 0; b && i <= s->nsteps; i++) {
        const struct ssd__step *st = i < s->nsteps ? &s->steps[i] : NULL;
        if (st ? st->def.kind != SSD__STEP_REPLAY || st->res.state != SSD__ST_DONE ||
                     ssd__replay_is_file_test(st)
               : !isfinite(score))
            continue;
        double v = (st ? st->res.bw_bps : score) / MIB;
        b[n] = (struct ssd__bar){.label = st ? st->def.name : "score",
                                 .v = v,
                                 .color = st ? "#6b9bc8" : "#1f4e79",
                                 .drive = -1,
                                 .bold = !st};
        snprintf(b[n].text, sizeof b[n].text, "%.1f", v);
        snprintf(b[n++].tip, sizeof b[0].tip, "%.1f MiB/s", v);
    }
    if (n)
        ssd__bar_chart(t, "application traces, MiB/s", "bytes / busy time, higher is better", NULL,
                       b, n);
    free(b);
}

/* The PCMark 10 Full System Drive-like run (fsd suite): each trace's
 * bandwidth and average access time, their geometric means and the score. */
static void fsd_table(const struct ssd__results *s, struct ssd__text *t) {
    double bw, at, score;
    if (!ssd__suite_fsd_figures(s, &bw, &at, &score))
        return;
    ssd__text_add(t, "<h2>Full System Drive-like score</h2>\n<p>PCMark 10's method: score = "
                     "geometric mean (bandwidth, 1 / average access time), here in MB/s and "
                     "1/ms over the traces' geometric means (docs/traces.md).</p>\n"
                     "<table class=\"grid\"><tr><th>trace</th><th>MB/s</th>"
                     "<th>access &micro;s</th></tr>\n");
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (!ssd__replay_is_fsd(st))
            continue;
        ssd__text_html_in(t, "<tr><td>", st->def.name, "</td>");
        td_num(t, st->res.bw_bps / 1e6, "%.1f");
        td_num(t, st->res.lat_mean_us, "%.1f");
        ssd__text_add(t, "</tr>\n");
    }
    ssd__text_add(t, "<tr><th>geometric mean</th>");
    td_num(t, bw / 1e6, "%.1f");
    td_num(t, at * 1e6, "%.1f");
    ssd__text_add(t, "</tr>\n<tr><th>score</th>");
    td_num(t, score, "%.1f");
    ssd__text_add(t, "<td></td></tr>\n</table>\n");
}

/* Test 8: every pass of each CrystalDiskMark-style test in MB/s, its best
 * marked (the grid on top shows the best). */
static void cdm_table(const struct ssd__results *s, struct ssd__text *t) {
    struct ssd__cdm_figure f[16];
    char warn[300];
    int n = ssd__suite_cdm_figures(s, f, 16, warn, sizeof warn), npass = 0;
    if (!n)
        return;
    for (int i = 0; i < n; i++)
        npass = f[i].passes > npass ? f[i].passes : npass;
    ssd__text_add(t, "<h2>CrystalDiskMark-style tests</h2>\n<div class=\"scroll\"><table "
                     "class=\"grid cdmpasses cards\"><tr><th>test</th>");
    for (int p = 1; p <= npass; p++)
        ssd__text_add(t, "<th>pass %d</th>", p);
    ssd__text_add(t, "<th>MB/s (best pass)</th></tr>\n");
    for (int i = 0; i < n; i++) {
        /* data-label: the column's head, beside each value when the rows
         * become cards on a phone. */
        ssd__text_html_in(t, "<tr><th>", f[i].name, "</th>");
        char group[SSD__NAME_MAX + 8];
        snprintf(group, sizeof group, "cdm-%.60s", f[i].name);
        int p = 0;
        for (int k = 0; k < s->nsteps && p < npass; k++) {
            const struct ssd__step *st = &s->steps[k];
            if (st->def.kind != SSD__STEP_JOB || strcmp(st->def.group, group))
                continue;
            p++;
            if (st->res.state == SSD__ST_DONE && isfinite(st->res.bw_bps))
                ssd__text_add(t, "<td data-label=\"pass %d\" class=\"n%s\">%.2f</td>", p,
                              st->res.bw_bps == f[i].best_bps ? " best" : "", st->res.bw_bps / 1e6);
            else
                ssd__text_add(t, "<td data-label=\"pass %d\" class=\"n\">-</td>", p);
        }
        for (; p < npass; p++)
            ssd__text_add(t, "<td data-label=\"pass %d\" class=\"n\">-</td>", p + 1);
        if (isfinite(f[i].best_bps))
            ssd__text_add(t, "<td data-label=\"MB/s (best pass)\" class=\"n\">%.2f</td>",
                          f[i].best_bps / 1e6);
        else
            ssd__text_add(t, "<td data-label=\"MB/s (best pass)\" class=\"n\">-</td>");
        ssd__text_add(t, "</tr>\n");
    }
    ssd__text_add(t, "</table></div>\n");
}

static void meta(struct ssd__text *t, const char *k, const char *v) {
    ssd__text_add(t, "<tr><th>%s</th><td>", k);
    ssd__text_html_in(t, "", v && *v ? v : "-", "</td></tr>\n");
}

/* The drive's identity (results.json target.drive) in one line: "Team
 * MP44L 1TB, firmware VC0S036G, serial ..., nvme PCIe 4.0 x4, 931.5 GiB,
 * 512/4096-byte sectors, 41.9 C". Empty when nothing is known. */
static void drive_line(const struct ssd__results *s, char *buf, size_t len) {
    buf[0] = 0;
    struct ssd__jv d = {0};
    char err[64];
    if (!s->drive_json || ssd__jr_parse(s->drive_json, &d, err, sizeof err))
        return;
    size_t at = 0;
#define ADD(...)                                                                                   \
    do {                                                                                           \
        if (at < len)                                                                              \
            at += (size_t)snprintf(buf + at, len - at, __VA_ARGS__);                               \
    } while (0)
    const char *model = ssd__jv_str(&d, "model"), *fw = ssd__jv_str(&d, "firmware"),
               *serial = ssd__jv_str(&d, "serial"), *tr = ssd__jv_str(&d, "transport"),
               *link = ssd__jv_str(&d, "link"), *vendor = ssd__jv_str(&d, "vendor");
    /* A simulated drive's model is its profile ("sim:bx200"): name the
     * drive the profile models instead, as the title does. */
    char named[256];
    ssd__drive_name(s, named, sizeof named);
    if (model && !strncmp(model, "sim:", 4) && named[0])
        model = named;
    if (vendor && model && strncmp(vendor, "0x", 2) && strcmp(vendor, "ATA"))
        ADD("%s ", vendor);
    if (model)
        ADD("%s", model);
    if (fw)
        ADD("%sfirmware %s", at ? ", " : "", fw);
    if (serial)
        ADD("%sserial %s", at ? ", " : "", serial);
    if (tr || link)
        ADD("%s%s%s%s", at ? ", " : "", tr ? tr : "", tr && link ? " " : "", link ? link : "");
    double cap = ssd__jv_num(&d, "capacity_bytes", NAN),
           ls = ssd__jv_num(&d, "logical_sector_bytes", NAN),
           ps = ssd__jv_num(&d, "physical_sector_bytes", NAN),
           tc = ssd__jv_num(&d, "temperature_c", NAN);
    if (isfinite(cap))
        ADD("%s%.1f GiB", at ? ", " : "", cap / GIB);
    if (isfinite(ls) && isfinite(ps))
        ADD("%s%.0f/%.0f-byte sectors", at ? ", " : "", ls, ps);
    if (ssd__jv_get(&d, "rotational") && ssd__jv_true(&d, "rotational"))
        ADD("%srotational", at ? ", " : "");
    if (isfinite(tc))
        ADD("%s%.1f \xc2\xb0"
            "C",
            at ? ", " : "", tc);
#undef ADD
    ssd__jv_free(&d);
}

/* An analysis of a preparation write (CDM's test file, the area written
 * before read tests). */
static int preparation(const struct ssd__results *s, const struct ssd__step *an) {
    if (an->def.kind != SSD__STEP_ANALYZE)
        return 0;
    const struct ssd__step *job = ssd__analysis_job(s, an);
    return job && !strcmp(job->def.group, ssd__group_prepare);
}

/* One line at the top in the reviewers' words: the cache, how far the speed
 * falls after it, what comes later. An analysis that words its own verdict
 * ("verdict" in its JSON) is quoted instead. A preparation write (CDM's
 * test file) measures nothing and makes none. */
static void verdict(const struct ssd__results *s, struct ssd__text *t) {
    const struct ssd__step *an = NULL;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (preparation(s, st))
            continue;
        if (st->def.kind == SSD__STEP_ANALYZE && st->res.has_summary && !st->def.reference[0] &&
            (!an || !strcmp(st->def.series, ssd__step_fill) ||
             !strcmp(st->def.series, ssd__step_degradation)))
            an = st;
    }
    if (!an)
        return;
    struct ssd__jv a;
    char msg[32];
    if (an->res.analysis_json && !ssd__jr_parse(an->res.analysis_json, &a, msg, sizeof msg)) {
        const char *v = ssd__jv_str(&a, "verdict");
        if (v && *v)
            ssd__text_html_in(t, "<p class=\"verdict\">", v, "</p>\n");
        ssd__jv_free(&a);
        if (v && *v)
            return;
    }
    /* The regimes in the words the text summary uses (suite/verdict_words). */
    struct ssd__text words = {0};
    ssd__text_regimes(&words, &an->res.sum, an->res.phases, an->res.nphases);
    char *w = ssd__text_take(&words);
    ssd__text_html_in(t, "<p class=\"verdict\">", an->def.series, "");
    ssd__text_html_in(t, ": ", w, ".");
    free(w);
    const struct ssd_analysis_summary *m = &an->res.sum;
    const struct ssd__step *job = ssd__analysis_job(s, an);
    if (job && job->res.state == SSD__ST_DONE && !strcmp(job->def.name, ssd__step_fill))
        ssd__text_add(t, " The whole drive fills in %.1f min.", job->res.runtime_s / 60);
    /* The run's periodic dips, only when no phase's were said already: the
     * AS510S read "dips every 15 s to 45% (direct). Periodic dips every 16
     * s, 29 % deep.", two depths for one pattern. The run's figure is a
     * dip's mean against the level (a phase's "to 45%" is where its dips
     * bottom out), said as ssdcore analyze says it. */
    int phase_dips = 0;
    for (size_t k = 0; k < an->res.nphases; k++)
        phase_dips |= an->res.phases[k].has_dips;
    if (m->has_dips && !phase_dips) {
        /* Which level, as ssdcore analyze names it: "of the level" alone
         * left SSD370 after a fill, 284 and 7 MiB/s, to guess (round 23's
         * audit). */
        char base[256];
        ssd_dips_base_words(m, an->res.phases, an->res.nphases, base, sizeof base);
        ssd__text_add(t, " Periodic dips every %.0f s, on average at %.0f%% of %s while in a dip.",
                      m->dip_period_s, (1 - m->dip_depth) * 100, base);
    }
    ssd__text_add(t, "</p>\n");
}

/* A verdict line for every other test, under the write curve's (the QD
 * and block-size dips among them: Vector 180's QD4 showed only in its
 * chart). */
static void test_verdicts(const struct ssd__results *s, struct ssd__text *t) {
    struct ssd__text lines = {0};
    ssd__test_verdicts(s, &lines);
    char *all = ssd__text_take(&lines);
    if (all && *all) {
        ssd__text_add(t, "<ul class=\"verdicts\">\n");
        for (char *p = all, *nl; *p; p = nl + 1) {
            nl = strchr(p, '\n');
            if (!nl)
                break;
            *nl = 0;
            ssd__text_html_in(t, "<li>", p, "</li>\n");
        }
        ssd__text_add(t, "</ul>\n");
    }
    free(all);
}

/* CrystalDiskMark's name of a test: "seq1m-q8t1" -> "SEQ1M Q8T1". */
static void cdm_test_name(char *buf, size_t len, const char *test, size_t n) {
    snprintf(buf, len, "%.*s", (int)n, test);
    for (char *c = buf; *c; c++)
        *c = *c == '-' ? ' ' : (*c >= 'a' && *c <= 'z') ? (char)(*c - 'a' + 'A') : *c;
}

/* A CrystalDiskMark figure's test and direction: "seq1m-q8t1-read" is
 * test "seq1m-q8t1" (length *n), read (0) or write (1); -1 otherwise. */
static int cdm_split(const char *name, size_t *n) {
    size_t len = strlen(name);
    if (len > 5 && !strcmp(name + len - 5, "-read"))
        return *n = len - 5, 0;
    if (len > 6 && !strcmp(name + len - 6, "-write"))
        return *n = len - 6, 1;
    return -1;
}

/* CrystalDiskMark's window as a reader knows it, first on the page: its
 * tests as rows (SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1, or
 * cdm5's), Read | Write as columns, each cell the best pass in MB/s
 * (decimal, two places, as CrystalDiskMark prints) with that pass's IOPS
 * and mean latency and the spread of the passes; the reviews' warning
 * right under it when the test file fits in the cache. */
static void cdm_tiles(const struct ssd__results *s, struct ssd__text *t) {
    struct ssd__cdm_figure f[16];
    char warn[300];
    int n = ssd__suite_cdm_figures(s, f, 16, warn, sizeof warn);
    if (!n)
        return;
    int passes = 0;
    for (int i = 0; i < n; i++)
        passes = f[i].passes > passes ? f[i].passes : passes;
    ssd__text_add(t,
                  "<table class=\"cdm\"><caption>CrystalDiskMark-style: the best of %d passes, "
                  "MB/s (10<sup>6</sup> bytes/s, as CrystalDiskMark prints), with that pass's "
                  "IOPS and mean latency and the range of the passes</caption>\n"
                  "<tr><th></th><th scope=\"col\">Read</th><th scope=\"col\">Write</th></tr>\n",
                  passes);
    for (int i = 0; i < n; i++) {
        size_t len;
        if (cdm_split(f[i].name, &len) < 0)
            continue;
        int seen = 0; /* each test once, in the suite's order */
        for (int k = 0; k < i; k++) {
            size_t l2;
            seen |=
                cdm_split(f[k].name, &l2) >= 0 && l2 == len && !strncmp(f[k].name, f[i].name, len);
        }
        if (seen)
            continue;
        char test[SSD__NAME_MAX];
        cdm_test_name(test, sizeof test, f[i].name, len);
        ssd__text_html_in(t, "<tr><th scope=\"row\">", test, "</th>");
        for (int dir = 0; dir < 2; dir++) {
            const struct ssd__cdm_figure *c = NULL;
            for (int k = 0; k < n && !c; k++) {
                size_t l2;
                if (cdm_split(f[k].name, &l2) == dir && l2 == len &&
                    !strncmp(f[k].name, f[i].name, len))
                    c = &f[k];
            }
            if (!c || !isfinite(c->best_bps)) {
                ssd__text_add(t, "<td class=\"missing\">not in this run</td>");
                continue;
            }
            char io[32];
            ssd__fmt_thousands(io, sizeof io, c->best_iops);
            ssd__text_html_in(t, "<td data-test=\"", c->name, "");
            ssd__text_add(t, "\"><b>%.2f</b> MB/s<small>%s IOPS, %.*f \xc2\xb5s</small>",
                          c->best_bps / 1e6, io, c->best_lat_us >= 100 ? 0 : 1, c->best_lat_us);
            ssd__text_add(t, "<small>%d passes: %.2f\xe2\x80\x93%.2f</small></td>", c->passes,
                          c->min_bps / 1e6, c->max_bps / 1e6);
        }
        ssd__text_add(t, "</tr>\n");
    }
    ssd__text_add(t, "</table>\n");
    if (warn[0])
        ssd__text_html_in(t, "<p class=\"warn\"><b>Warning:</b> ", warn, "</p>\n");
}

/* Appends the charts in sec under heading h, or nothing when none was drawn. */
static void section(struct ssd__text *t, const char *h, struct ssd__text *sec) {
    char *body = ssd__text_take(sec);
    if (body && *body)
        ssd__text_add(t, "<h2>%s</h2>\n%s", h, body);
    free(body);
}

static int known_group(const char *g) {
    for (size_t i = 0; i < SSD__GROUP_COUNT; i++)
        if (!strcmp(g, ssd__curve_groups[i].group))
            return 1;
    return !strcmp(g, ssd__group_prepare);
}

int ssd__suite_report_html(const struct ssd__results *s, char **out) {
    struct ssd__text t = {0};
    const char *uri = s->target_uri;
    /* The drive by name ("Crucial BX200 240 GB"), as the compare calls it;
     * the target URI when nothing names it. */
    char named[256];
    ssd__drive_name(s, named, sizeof named);
    const char *drive_label = named[0] ? named : uri;
    struct ssd__text what = {0};
    ssd__text_add(&what, "%s on %s", s->suite_file ? s->suite_file : s->suite_name,
                  drive_label ? drive_label : "");
    char *heading = ssd__text_take(&what);
    ssd__page_begin(&t, "ssdcore: ", heading ? heading : "", "");
    free(heading);
    verdict(s, &t);
    test_verdicts(s, &t);
    if (s->killed)
        ssd__text_add(&t, "<p class=\"err\">The run was killed (it ended without recording "
                          "why): the figures cover the steps that ran.</p>\n");
    else if (s->interrupted)
        ssd__text_add(&t, "<p class=\"err\">The run was interrupted: the figures cover the "
                          "steps that ran.</p>\n");
    else if (s->running)
        ssd__text_add(&t, "<p class=\"warn\">The run is still going: the figures cover the "
                          "steps done so far.</p>\n");
    if (s->error)
        ssd__text_html_in(&t, "<p class=\"err\">The run failed: ", s->error, "</p>\n");
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->res.state != SSD__ST_SKIPPED)
            continue;
        ssd__text_add(&t, "<p class=\"warn\">Step %d (<code>", i + 1);
        ssd__text_html(&t, st->def.line);
        ssd__text_html_in(&t, "</code>) was skipped: ", st->res.reason,
                          ". The run went on without it.</p>\n");
    }
    for (int i = 0; i < s->nsteps; i++) {
        char *warn = ssd__trim_warning(&s->steps[i], i);
        if (!warn)
            continue;
        ssd__text_html_in(&t, "<p class=\"warn\">", warn,
                          ". The steps after it measured a drive that was not trimmed.</p>\n");
        free(warn);
    }
    char buf[128];
    /* meta: a simulated drive's URI is one long word, which may break
     * anywhere (on a phone); the figures' tables never break a number. */
    ssd__text_add(&t, "<table class=\"kv meta\">\n");
    snprintf(buf, sizeof buf, "%s, %.1f GiB (%llu bytes), %u-byte blocks", s->target_kind,
             (double)s->target_size / GIB, (unsigned long long)s->target_size, s->target_block);
    meta(&t, "target", uri);
    meta(&t, "", buf);
    char drive[512];
    drive_line(s, drive, sizeof drive);
    meta(&t, "drive", drive);
    meta(&t, "host", s->host_name);
    meta(&t, "kernel", s->host_kernel);
    meta(&t, "cpu", s->host_cpu);
    meta(&t, "tool", "ssdcore " SSD_VERSION_STRING);
    snprintf(buf, sizeof buf, "%g", s->scale);
    meta(&t, "time scale", buf);
    meta(&t, "started", s->started);
    meta(&t, "finished", s->finished);
    ssd__text_add(&t, "</table>\n");
    size_t toc_at = t.len; /* the contents go here, once the headings are known */
    /* A heading only over figures: an apps run has none of these. */
    struct ssd__text head = {0};
    cdm_tiles(s, &head);
    headline_table(s, &head);
    ssd__report_pts(s, &head);
    section(&t, "Headline figures", &head);

    struct ssd__text sec = {0}; /* a section's charts: its heading only over them */
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (ssd__analysis_lost(st) || st->res.sum_stored) {
            char why[2 * SSD__ERRMSG_SIZE];
            ssd__analysis_lost_text(s, st, why, sizeof why);
            ssd__text_html_in(&sec, "<p class=\"err\">No chart for ", st->def.series, ".csv: ");
            ssd__text_html(&sec, why);
            ssd__text_add(&sec, "%s</p>\n",
                          st->res.sum_stored ? ". Its figures above are those results.json stored."
                                             : "");
            continue;
        }
        if (st->def.kind == SSD__STEP_ANALYZE && st->res.same_as > 0 &&
            st->res.same_as <= s->nsteps) {
            ssd__text_html_in(&sec, "<p>", st->def.name, ": the same analysis of ");
            ssd__text_html(&sec, st->def.series);
            ssd__text_html_in(&sec, ".csv as ", s->steps[st->res.same_as - 1].def.name,
                              ", charted above.</p>\n");
            continue;
        }
        if (st->def.kind != SSD__STEP_ANALYZE || !st->res.curve)
            continue;
        write_curve(s, &sec, st);
        truth_table(s, &sec, st);
    }
    section(&t, "Write curves", &sec);
    if (latency_spectrum(s, &sec))
        for (int i = 0; i < s->nsteps; i++)
            if (s->steps[i].def.kind == SSD__STEP_ANALYZE && s->steps[i].res.curve &&
                !strcmp(s->steps[i].def.series, ssd__step_degradation))
                latency_over_time(&sec, &s->steps[i]);
    section(&t, "Latency", &sec);
    const struct ssd__curve_group *qd_rand = &ssd__curve_groups[SSD__GROUP_QD_RANDREAD],
                                  *qd_seq = &ssd__curve_groups[SSD__GROUP_QD_SEQREAD],
                                  *bs = &ssd__curve_groups[SSD__GROUP_BS_RANDREAD],
                                  *mixed = &ssd__curve_groups[SSD__GROUP_MIXED_SEQ];
    group_chart(s, &sec, "4K random, IOPS against queue depth", "queue depth", "QD", qd_rand, 2, 1,
                0, 1);
    group_chart(s, &sec, "256K sequential, MiB/s against queue depth", "queue depth", "QD", qd_seq,
                2, 1, 0, 0);
    section(&t, "Queue-depth scaling", &sec);
    group_chart(s, &sec, "random, QD4: MiB/s against block size", "block size, bytes", "block", bs,
                2, 1, 1, 0);
    section(&t, "Block-size scaling", &sec);
    group_chart(s, &sec, "mixed reads and writes: MiB/s against read share", "reads, %", "reads %",
                mixed, 2, 0, 0, 0);
    section(&t, "Mixed workloads", &sec);
    const struct ssd__results *one[1] = {s};
    const char *name[1] = {drive_label ? drive_label : "this run"};
    ssd__fill_level_figures(&t, one, name, 1);
    /* The groups of a user's suite file get a chart each; CrystalDiskMark's
     * go under its own heading, after the table of its passes. */
    struct ssd__text cdm_charts = {0};
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->def.kind != SSD__STEP_JOB || !st->def.group[0] || known_group(st->def.group) ||
            ssd__fill_level_group(st->def.group) || st->res.state != SSD__ST_DONE)
            continue;
        int first = 1;
        for (int k = 0; k < i; k++)
            first &= !(s->steps[k].def.kind == SSD__STEP_JOB &&
                       !strcmp(s->steps[k].def.group, st->def.group));
        if (!first)
            continue;
        struct ssd__curve_group c[2] = {{.group = st->def.group, .label = st->def.group}};
        size_t len;
        int dir = strncmp(st->def.group, "cdm-", 4) ? -1 : cdm_split(st->def.group + 4, &len);
        if (dir < 0) {
            group_chart(s, &t, st->def.group, "x", "x", c, 1, 0, 0, 0);
            continue;
        }
        /* A CrystalDiskMark test's points are its passes (suite_cdm.c):
         * its read and write in one chart, in MB/s as the grid on top. */
        char rd[SSD__NAME_MAX + 8], wr[SSD__NAME_MAX + 8], tname[SSD__NAME_MAX], title[160];
        snprintf(rd, sizeof rd, "cdm-%.*s-read", (int)len, st->def.group + 4);
        snprintf(wr, sizeof wr, "cdm-%.*s-write", (int)len, st->def.group + 4);
        int other = 0; /* the other direction came first: charted there */
        for (int k = 0; k < i; k++)
            other |= s->steps[k].def.kind == SSD__STEP_JOB &&
                     !strcmp(s->steps[k].def.group, dir ? rd : wr);
        if (other)
            continue;
        cdm_test_name(tname, sizeof tname, st->def.group + 4, len);
        snprintf(title, sizeof title, "%s: MB/s in each pass", tname);
        c[0] = (struct ssd__curve_group){.group = rd, .label = "read"};
        c[1] = (struct ssd__curve_group){.group = wr, .label = "write"};
        group_chart(s, &cdm_charts, title, "pass", "pass", c, 2, 0, 0, 2);
    }
    file_tests_table(s, &t);
    replay_bars(s, &sec);
    section(&t, "Application traces", &sec);
    fsd_table(s, &t);
    cdm_table(s, &t);
    char *cdm_body = ssd__text_take(&cdm_charts);
    if (cdm_body)
        ssd__text_add(&t, "%s", cdm_body);
    free(cdm_body);
    ssd__text_add(&t, "<details class=\"steps\"><summary>Every step (%d)</summary>\n", s->nsteps);
    steps_table(s, &t);
    ssd__text_add(&t, "</details>\n");
    *out = ssd__page_end(&t, toc_at,
                         "; results.json in the same directory holds every figure and the series "
                         "CSVs every sample.");
    return *out ? 0 : SSD_ENOMEM;
}
