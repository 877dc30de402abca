/* report_html.c - report.html of a suite run: one self-contained page (no
 * external assets, well-formed XML so any parser reads it) with SVG charts
 * drawn here: the write curves (a dot per sample, the 30 s moving average,
 * the analysis' phases, cache and folding marks, and the simulator's truth
 * when there is one), QD and block-size scaling, the mixed workloads, and
 * tables of the headline figures and of every step. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ssdcore/target.h"
#include "report_html.h"

#define MIB 1048576.0
#define GIB 1073741824.0

/* Chart geometry: the plot area inside the SVG. */
#define W 760
#define H 360
#define L 70
#define R 20
#define T 30
#define B 50

static const char *const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                      "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};

struct axis {
    double lo, hi;
    int log2;
};

static double map(const struct axis *a, double v, double p0, double p1) {
    double lo = a->lo, hi = a->hi;
    if (a->log2) {
        lo = log2(lo);
        hi = log2(hi);
        v = log2(v);
    }
    if (hi <= lo)
        return (p0 + p1) / 2;
    return p0 + (v - lo) / (hi - lo) * (p1 - p0);
}

static double px(const struct axis *a, double v) {
    return map(a, v, L, W - R);
}

static double py(const struct axis *a, double v) {
    return map(a, v, H - B, T);
}

/* A step of 1, 2 or 5 times a power of ten giving about n ticks. */
static double nice_step(double range, int n) {
    if (!(range > 0))
        return 1;
    double raw = range / n, p = pow(10, floor(log10(raw))), f = raw / p;
    return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

static void fmt_num(char *buf, size_t len, double v) {
    if (fabs(v) >= 100 || v == floor(v))
        snprintf(buf, len, "%.0f", v);
    else if (fabs(v) >= 10)
        snprintf(buf, len, "%.1f", v);
    else
        snprintf(buf, len, "%.2g", v);
}

static void fmt_size(char *buf, size_t len, double v) {
    if (v >= 1048576)
        snprintf(buf, len, "%gM", v / 1048576);
    else if (v >= 1024)
        snprintf(buf, len, "%gK", v / 1024);
    else
        snprintf(buf, len, "%g", v);
}

static void svg_open(struct ssd__text *t, const char *title, const char *xlabel,
                     const char *ylabel) {
    ssd__text_add(t,
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"%d\" "
                  "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" "
                  "font-size=\"11\">\n<title>",
                  W, H, W, H);
    ssd__text_html(t, title);
    ssd__text_add(t, "</title>\n<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n",
                  W, H);
    ssd__text_add(t, "<text x=\"%d\" y=\"18\" font-size=\"13\" font-weight=\"bold\">", L);
    ssd__text_html(t, title);
    ssd__text_add(t, "</text>\n<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", (L + W - R) / 2,
                  H - 10);
    ssd__text_html(t, xlabel);
    ssd__text_add(t,
                  "</text>\n<text x=\"14\" y=\"%d\" text-anchor=\"middle\" "
                  "transform=\"rotate(-90 14 %d)\">",
                  (T + H - B) / 2, (T + H - B) / 2);
    ssd__text_html(t, ylabel);
    ssd__text_add(t, "</text>\n");
}

/* Grid, ticks and labels. xticks: the x values to label on a log2 axis (the
 * data's own points), or NULL for nice linear ticks. */
static void svg_axes(struct ssd__text *t, const struct axis *x, const struct axis *y,
                     const double *xticks, size_t nxticks, int xsize) {
    double step = nice_step(y->hi - y->lo, 6);
    for (double v = ceil(y->lo / step) * step; v <= y->hi + step * 1e-9; v += step) {
        char b[32];
        fmt_num(b, sizeof b, v);
        ssd__text_add(t,
                      "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                      "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                      L, W - R, py(y, v), py(y, v), L - 5, py(y, v) + 4, b);
    }
    if (xticks) {
        for (size_t i = 0; i < nxticks; i++) {
            char b[32];
            if (xsize)
                fmt_size(b, sizeof b, xticks[i]);
            else
                fmt_num(b, sizeof b, xticks[i]);
            double X = px(x, xticks[i]);
            ssd__text_add(t,
                          "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#eee\"/>"
                          "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
                          X, X, T, H - B, X, H - B + 15, b);
        }
    } else {
        double xs = nice_step(x->hi - x->lo, 8);
        for (double v = ceil(x->lo / xs) * xs; v <= x->hi + xs * 1e-9; v += xs) {
            char b[32];
            fmt_num(b, sizeof b, v);
            ssd__text_add(t,
                          "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#eee\"/>"
                          "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
                          px(x, v), px(x, v), T, H - B, px(x, v), H - B + 15, b);
        }
    }
    ssd__text_add(t,
                  "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                  "stroke=\"#888\"/>\n",
                  L, T, W - R - L, H - B - T);
}

/* A white panel under n legend entries, so the data behind stays readable
 * but does not cross the labels. */
static void legend_box_at(struct ssd__text *t, int x, int n) {
    ssd__text_add(t,
                  "<rect x=\"%d\" y=\"%d\" width=\"184\" height=\"%d\" fill=\"#fff\" "
                  "opacity=\"0.85\" stroke=\"#ccc\"/>\n",
                  x - 6, T + 2, 16 * n + 6);
}

static void legend_box(struct ssd__text *t, int n) {
    legend_box_at(t, W - R - 190, n);
}

/* Legend entry i with its line at x (the box's left edge + 6). */
static void legend_at(struct ssd__text *t, int x, int i, const char *color, const char *label,
                      int dashed) {
    int y = T + 14 + 16 * i;
    ssd__text_add(t,
                  "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" "
                  "stroke-width=\"2.5\"%s/><text x=\"%d\" y=\"%d\">",
                  x, x + 22, y - 4, y - 4, color, dashed ? " stroke-dasharray=\"5 3\"" : "", x + 28,
                  y);
    ssd__text_html(t, label);
    ssd__text_add(t, "</text>\n");
}

static void legend(struct ssd__text *t, int i, const char *color, const char *label, int dashed) {
    legend_at(t, W - R - 190, i, color, label, dashed);
}

/* ---- curves over x: QD, block size, read share ---------------------- */

struct curve {
    const char *group, *label;
};

/* One chart of bw (or IOPS) against x for each group that has points. */
static void group_chart(const ssd_suite *s, struct ssd__text *t, const char *title,
                        const char *xlabel, const struct curve *c, int nc, int xlog2, int xsize,
                        int iops) {
    double xlo = INFINITY, xhi = -INFINITY, yhi = 0;
    double ticks[64];
    size_t nticks = 0;
    int any = 0;
    for (int g = 0; g < nc; g++)
        for (int i = 0; i < s->nsteps; i++) {
            const struct ssd__step *st = &s->steps[i];
            if (st->kind != SSD__STEP_JOB || st->state != SSD__ST_DONE ||
                strcmp(st->group, c[g].group) || !isfinite(st->x) || (xlog2 && st->x <= 0))
                continue;
            double y = iops ? st->iops : st->bw_bps / MIB;
            if (!isfinite(y))
                continue;
            any = 1;
            xlo = fmin(xlo, st->x);
            xhi = fmax(xhi, st->x);
            yhi = fmax(yhi, y);
            int seen = 0;
            for (size_t k = 0; k < nticks; k++)
                seen |= ticks[k] == st->x;
            if (!seen && nticks < 64)
                ticks[nticks++] = st->x;
        }
    if (!any)
        return;
    if (xhi == xlo) {
        xlo = xlog2 ? xlo / 2 : xlo - 1;
        xhi = xlog2 ? xhi * 2 : xhi + 1;
    }
    struct axis ax = {xlo, xhi, xlog2}, ay = {0, yhi > 0 ? yhi * 1.1 : 1, 0};
    ssd__text_add(t, "<figure>\n");
    svg_open(t, title, xlabel, iops ? "IOPS" : "MiB/s");
    svg_axes(t, &ax, &ay, xlog2 || nticks <= 12 ? ticks : NULL, nticks, xsize);
    int li = 0, shown = 0;
    for (int g = 0; g < nc; g++)
        for (int i = 0; i < s->nsteps; i++)
            if (s->steps[i].kind == SSD__STEP_JOB && s->steps[i].state == SSD__ST_DONE &&
                !strcmp(s->steps[i].group, c[g].group)) {
                shown++;
                break;
            }
    legend_box(t, shown);
    for (int g = 0; g < nc; g++) {
        const char *color = palette[g % 8];
        int first = 1;
        struct ssd__text pts = {0};
        for (int i = 0; i < s->nsteps; i++) {
            const struct ssd__step *st = &s->steps[i];
            if (st->kind != SSD__STEP_JOB || st->state != SSD__ST_DONE ||
                strcmp(st->group, c[g].group) || !isfinite(st->x) || (xlog2 && st->x <= 0))
                continue;
            double y = iops ? st->iops : st->bw_bps / MIB;
            if (!isfinite(y))
                continue;
            ssd__text_add(&pts, "%s%.1f,%.1f", first ? "" : " ", px(&ax, st->x), py(&ay, y));
            ssd__text_add(t,
                          "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>%s: "
                          "%.1f</title></circle>\n",
                          px(&ax, st->x), py(&ay, y), color, st->name, y);
            first = 0;
        }
        if (!first) {
            char *p = ssd__text_take(&pts);
            if (p)
                ssd__text_add(t,
                              "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
                              "points=\"%s\"/>\n",
                              color, p);
            free(p);
            legend(t, li++, color, c[g].label, 0);
        } else {
            ssd__text_free(&pts);
        }
    }
    ssd__text_add(t, "</svg>\n</figure>\n");
}

/* ---- the write curve ---------------------------------------------------- */

static void write_curve(const ssd_suite *s, struct ssd__text *t, const struct ssd__step *an) {
    const ssd_series *ser = an->curve;
    size_t n = ssd_series_count(ser);
    const double *ts = ssd_series_t_s(ser), *b = ssd_series_bytes(ser);
    if (n < 2)
        return;
    double *cum = malloc(n * sizeof *cum), *rate = malloc(n * sizeof *rate);
    if (!cum || !rate) {
        free(cum);
        free(rate);
        return;
    }
    double total = 0, ymax = 0, dtsum = 0;
    for (size_t i = 0; i < n; i++) {
        double dt = ts[i] - (i ? ts[i - 1] : 0);
        total += b[i];
        cum[i] = total;
        rate[i] = dt > 0 ? b[i] / dt / MIB : 0;
        dtsum += dt;
        ymax = fmax(ymax, rate[i]);
    }
    double interval = dtsum / (double)n;
    struct axis ax = {0, total / GIB, 0}, ay = {0, ymax > 0 ? ymax * 1.08 : 1, 0};
    char title[160];
    snprintf(title, sizeof title, "%s: write speed against data written", an->series);
    ssd__text_add(t, "<figure>\n");
    svg_open(t, title, "data written, GiB", "MiB/s");
    svg_axes(t, &ax, &ay, NULL, 0, 0);
    /* Phases as alternating bands, each with its level. */
    for (size_t k = 0; k < an->nphases; k++) {
        const struct ssd_phase *p = &an->phases[k];
        double x0 = px(&ax, p->start_bytes / GIB), x1 = px(&ax, p->end_bytes / GIB);
        ssd__text_add(t,
                      "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" "
                      "opacity=\"0.5\"><title>phase %zu: %.2f-%.2f GiB, level %.1f MiB/s</title>"
                      "</rect>\n",
                      x0, T, fmax(x1 - x0, 0.5), H - B - T, k % 2 ? "#f3f3f3" : "#e8f0fa", k + 1,
                      p->start_bytes / GIB, p->end_bytes / GIB, p->level_bps / MIB);
    }
    /* A dot per sample: one path of zero-length round-capped segments is
     * far smaller than a circle element each. */
    ssd__text_add(t, "<path fill=\"none\" stroke=\"#7aa6d6\" stroke-width=\"2.4\" "
                     "stroke-linecap=\"round\" d=\"");
    for (size_t i = 0; i < n; i++)
        ssd__text_add(t, "M%.1f %.1fh0", px(&ax, cum[i] / GIB), py(&ay, rate[i]));
    ssd__text_add(t, "\"/>\n");
    /* The 30 s moving average, centred: bytes over time in the window. */
    size_t half = (size_t)(30 / interval / 2 + 0.5);
    ssd__text_add(t, "<polyline fill=\"none\" stroke=\"#08306b\" stroke-width=\"1.8\" points=\"");
    for (size_t i = 0; i < n; i++) {
        size_t lo = i > half ? i - half : 0, hi = i + half < n ? i + half : n - 1;
        double by = cum[hi] - (lo ? cum[lo - 1] : 0), dt = ts[hi] - (lo ? ts[lo - 1] : 0);
        if (dt > 0)
            ssd__text_add(t, "%s%.1f,%.1f", i ? " " : "", px(&ax, cum[i] / GIB),
                          py(&ay, by / dt / MIB));
    }
    ssd__text_add(t, "\"/>\n");
    for (size_t k = 0; k < an->nphases; k++) {
        const struct ssd_phase *p = &an->phases[k];
        double y = py(&ay, p->level_bps / MIB);
        ssd__text_add(t,
                      "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#e6550d\" "
                      "stroke-width=\"2\" stroke-dasharray=\"6 3\"/>\n",
                      px(&ax, p->start_bytes / GIB), px(&ax, p->end_bytes / GIB), y, y);
    }
    const struct ssd_analysis_summary *m = &an->sum;
    const struct ssd__step *job = ssd__suite_find_log(s, an->series, (int)(an - s->steps));
    int truth = job && isfinite(job->truth_cache_bytes) && job->truth_cache_bytes > 0;
    int li = 0;
    legend_box(t, 3 + truth);
    legend(t, li++, "#7aa6d6", "per sample", 0);
    legend(t, li++, "#08306b", "30 s moving average", 0);
    legend(t, li++, "#e6550d", "phase levels (analysis)", 1);
    if (m->has_cache) {
        double X = px(&ax, m->cache_bytes / GIB);
        int right = X > (L + W - R) / 2;
        ssd__text_add(t,
                      "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#31a354\" "
                      "stroke-width=\"2\"/><text x=\"%.1f\" y=\"%d\" fill=\"#31a354\" "
                      "text-anchor=\"%s\">SLC cache %s%.2f GiB</text>\n",
                      X, X, T, H - B, right ? X - 4 : X + 4, H - B - 22, right ? "end" : "start",
                      m->cache_censored != SSD_CENSOR_NONE ? "&#8805; " : "", m->cache_bytes / GIB);
    }
    if (m->has_folding) {
        double X = px(&ax, m->folding_start_bytes / GIB);
        int right = X > (L + W - R) / 2;
        ssd__text_add(t,
                      "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#756bb1\" "
                      "stroke-width=\"2\"/><text x=\"%.1f\" y=\"%d\" fill=\"#756bb1\" "
                      "text-anchor=\"%s\">folding from %.1f GiB</text>\n",
                      X, X, T, H - B, right ? X - 4 : X + 4, H - B - 8, right ? "end" : "start",
                      m->folding_start_bytes / GIB);
    }
    if (m->has_gc) {
        double X = px(&ax, m->gc_start_bytes / GIB);
        int right = X > (L + W - R) / 2;
        ssd__text_add(t,
                      "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#636363\" "
                      "stroke-width=\"2\"/><text x=\"%.1f\" y=\"%d\" fill=\"#636363\" "
                      "text-anchor=\"%s\">used state (GC) from %.1f GiB</text>\n",
                      X, X, T, H - B, right ? X - 4 : X + 4, H - B - 36, right ? "end" : "start",
                      m->gc_start_bytes / GIB);
    }
    if (truth) {
        double X = px(&ax, job->truth_cache_bytes / GIB);
        ssd__text_add(t,
                      "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#000\" "
                      "stroke-dasharray=\"2 3\"/>\n",
                      X, X, T, H - B);
        legend(t, li++, "#000", "sim truth: cache end", 1);
    }
    ssd__text_add(t, "</svg>\n</figure>\n");
    free(cum);
    free(rate);
}

/* ---- latency: the percentile spectrum and p99 over time ------------------ */

/* Log-scale y grid: 1, 2, 5 per decade (only 1 when the range is wide). */
static void log_yticks(struct ssd__text *t, const struct axis *y) {
    int d0 = (int)floor(log10(y->lo) + 1e-9), d1 = (int)ceil(log10(y->hi) - 1e-9);
    static const double mult[] = {1, 2, 5};
    for (int d = d0; d <= d1; d++)
        for (int m = 0; m < (d1 - d0 > 3 ? 1 : 3); m++) {
            double v = mult[m] * pow(10, d);
            if (v < y->lo * (1 - 1e-9) || v > y->hi * (1 + 1e-9))
                continue;
            char b[32];
            fmt_num(b, sizeof b, v);
            ssd__text_add(t,
                          "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>"
                          "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                          L, W - R, py(y, v), py(y, v), m ? "#eee" : "#ddd", L - 5, py(y, v) + 4,
                          b);
        }
}

static void frame(struct ssd__text *t) {
    ssd__text_add(t,
                  "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                  "stroke=\"#888\"/>\n",
                  L, T, W - R - L, H - B - T);
}

/* A y axis of whole decades around [lo, hi] (both > 0). */
static struct axis log_axis(double lo, double hi) {
    struct axis a = {pow(10, floor(log10(lo))), pow(10, ceil(log10(hi))), 1};
    if (a.hi <= a.lo)
        a.hi = a.lo * 10;
    return a;
}

/* Latency against percentile, HdrHistogram style: x is log10(1 / (1 - p)),
 * so 90, 99, 99.9 % are equally spaced and the tail gets the room. One line
 * per random 4K test and the degradation run. */
static void latency_spectrum(const ssd_suite *s, struct ssd__text *t) {
    double ylo = INFINITY, yhi = 0, xhi = 0;
    int n = 0;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->kind != SSD__STEP_JOB || st->state != SSD__ST_DONE ||
            !ssd__latency_label(st->name) || st->nspec < 2)
            continue;
        n++;
        xhi = fmax(xhi, (double)(st->nspec - 1) / SSD__SPEC_PER_DECADE);
        for (int k = 0; k < st->nspec; k++)
            if (st->spec_us[k] > 0) {
                ylo = fmin(ylo, st->spec_us[k]);
                yhi = fmax(yhi, st->spec_us[k]);
            }
    }
    if (!n || !(yhi > 0))
        return;
    struct axis ax = {0, ceil(fmax(xhi, 1) - 1e-9), 0}, ay = log_axis(ylo, yhi);
    ssd__text_add(t, "<figure>\n");
    svg_open(t, "latency by percentile (random 4K tests, degradation run)",
             "percentile, % (scale of 1/(1-p): each step one more nine)",
             "latency, us (log scale)");
    log_yticks(t, &ay);
    static const char *const xl[] = {"0", "90", "99", "99.9", "99.99", "99.999", "99.9999"};
    for (int d = 0; d <= (int)ax.hi && d < 7; d++) {
        double X = px(&ax, d);
        ssd__text_add(t,
                      "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>"
                      "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
                      X, X, T, H - B, X, H - B + 15, xl[d]);
    }
    double X50 = px(&ax, log10(2));
    ssd__text_add(t,
                  "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#eee\"/>"
                  "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">50</text>\n",
                  X50, X50, T, H - B, X50, H - B + 15);
    frame(t);
    /* Top left: the curves start low and rise to the right. */
    legend_box_at(t, L + 10, n);
    int li = 0;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        const char *label = ssd__latency_label(st->name);
        if (st->kind != SSD__STEP_JOB || st->state != SSD__ST_DONE || !label || st->nspec < 2)
            continue;
        const char *color = palette[li % 8];
        int dashed = !strcmp(st->name, "degradation");
        ssd__text_add(t,
                      "<polyline class=\"latency\" fill=\"none\" stroke=\"%s\" "
                      "stroke-width=\"2\"%s points=\"",
                      color, dashed ? " stroke-dasharray=\"6 3\"" : "");
        for (int k = 0; k < st->nspec; k++)
            if (st->spec_us[k] > 0)
                ssd__text_add(t, "%s%.1f,%.1f", k ? " " : "",
                              px(&ax, (double)k / SSD__SPEC_PER_DECADE), py(&ay, st->spec_us[k]));
        ssd__text_add(t, "\"><title>");
        ssd__text_html(t, label);
        ssd__text_add(t, ": p50 %.0f us, p99 %.0f us, p99.9 %.0f us</title></polyline>\n",
                      st->lat_p50_us, st->lat_p99_us, st->lat_p999_us);
        legend_at(t, L + 10, li++, color, label, dashed);
    }
    ssd__text_add(t, "</svg>\n</figure>\n");
}

/* p99 and mean latency per interval of an analysed write run, from its
 * series (the lat_p99_us and lat_mean_us columns). */
static void latency_over_time(struct ssd__text *t, const struct ssd__step *an) {
    const ssd_series *ser = an->curve;
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
    /* Headroom above the data for the legend. */
    struct axis ax = {0, ts[n - 1], 0}, ay = log_axis(ylo, yhi * 4);
    char title[160];
    snprintf(title, sizeof title, "%s: latency per interval", an->series);
    ssd__text_add(t, "<figure>\n");
    svg_open(t, title, "time, s", "latency, us (log scale)");
    log_yticks(t, &ay);
    double xs = nice_step(ax.hi - ax.lo, 8);
    for (double v = 0; v <= ax.hi + xs * 1e-9; v += xs) {
        char b[32];
        fmt_num(b, sizeof b, v);
        ssd__text_add(t,
                      "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#eee\"/>"
                      "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
                      px(&ax, v), px(&ax, v), T, H - B, px(&ax, v), H - B + 15, b);
    }
    frame(t);
    const double *cols[2] = {p99, mean};
    static const char *const colors[2] = {"#d62728", "#1f77b4"};
    static const char *const labels[2] = {"p99 per interval", "mean per interval"};
    legend_box(t, mean ? 2 : 1);
    for (int c = 0; c < 2 && cols[c]; c++) {
        ssd__text_add(t, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.4\" points=\"",
                      colors[c]);
        int first = 1;
        for (size_t i = 0; i < n; i++)
            if (cols[c][i] > 0 && isfinite(cols[c][i])) {
                ssd__text_add(t, "%s%.1f,%.1f", first ? "" : " ", px(&ax, ts[i]),
                              py(&ay, cols[c][i]));
                first = 0;
            }
        ssd__text_add(t, "\"/>\n");
        legend(t, c, colors[c], labels[c], 0);
    }
    ssd__text_add(t, "</svg>\n</figure>\n");
}

/* ---- tables ------------------------------------------------------------- */

static void td_num(struct ssd__text *t, double v, const char *fmt) {
    if (isfinite(v))
        ssd__text_add(t, "<td class=\"n\">"), ssd__text_add(t, fmt, v), ssd__text_add(t, "</td>");
    else
        ssd__text_add(t, "<td class=\"n\">-</td>");
}

static void row(struct ssd__text *t, const char *label, double v, const char *fmt,
                const char *unit) {
    if (!isfinite(v))
        return;
    ssd__text_add(t, "<tr><th>");
    ssd__text_html(t, label);
    ssd__text_add(t, "</th>");
    td_num(t, v, fmt);
    ssd__text_add(t, "<td>%s</td></tr>\n", unit);
}

static const struct ssd__step *done_job(const ssd_suite *s, const char *name) {
    const struct ssd__step *st = ssd__suite_find(s, name, s->nsteps);
    return st && st->state == SSD__ST_DONE ? st : NULL;
}

static void headline_table(const ssd_suite *s, struct ssd__text *t) {
    static const struct {
        const char *step, *label;
        int iops;
    } jobs[] = {
        {"seq-read", "sequential read, 256K QD1", 0},
        {"seq-write", "sequential write, 256K QD1", 0},
        {"rand4k-read-qd1", "random read 4K QD1", 1},
        {"rand4k-read-qd4", "random read 4K QD4", 1},
        {"rand4k-write-qd1", "random write 4K QD1", 1},
        {"rand4k-write-qd4", "random write 4K QD4", 1},
    };
    ssd__text_add(t, "<table class=\"kv\">\n");
    for (size_t i = 0; i < sizeof jobs / sizeof jobs[0]; i++) {
        const struct ssd__step *st = done_job(s, jobs[i].step);
        if (!st)
            continue;
        if (jobs[i].iops)
            row(t, jobs[i].label, st->iops, "%.0f", "IOPS");
        else
            row(t, jobs[i].label, st->bw_bps / MIB, "%.1f", "MiB/s");
    }
    static const char *const groups[][2] = {{"mixed-seq", "mixed sequential 128K, 2 threads"},
                                            {"mixed-rand", "mixed random 4K, 4 threads"}};
    for (int k = 0; k < 2; k++) {
        double at80, mean;
        ssd__suite_mixed_headline(s, groups[k][0], &at80, &mean);
        char label[96];
        snprintf(label, sizeof label, "%s, 80 %% reads", groups[k][1]);
        row(t, label, at80 / MIB, "%.1f", "MiB/s");
        snprintf(label, sizeof label, "%s, mean of the six", groups[k][1]);
        row(t, label, mean / MIB, "%.1f", "MiB/s");
    }
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (ssd__analysis_lost(st)) {
            char why[2 * SSD__ERRMSG_SIZE];
            ssd__analysis_lost_text(s, st, why, sizeof why);
            ssd__text_add(t, "<tr><th>");
            ssd__text_html(t, st->series);
            ssd__text_add(t, ": write curve</th><td colspan=\"2\" class=\"err\">no figures: ");
            ssd__text_html(t, why);
            ssd__text_add(t, "</td></tr>\n");
            continue;
        }
        if (st->kind != SSD__STEP_ANALYZE || !st->has_summary)
            continue;
        const struct ssd_analysis_summary *m = &st->sum;
        char label[160];
        snprintf(label, sizeof label, "%s: SLC cache%s", st->series,
                 m->has_cache && m->cache_censored != SSD_CENSOR_NONE ? " (at least)" : "");
        if (m->has_cache)
            row(t, label, m->cache_bytes / GIB, "%.2f", "GiB");
        snprintf(label, sizeof label, "%s: after the cache", st->series);
        row(t, label, m->post_cache_bps / MIB, "%.1f", "MiB/s");
        if (m->has_folding) {
            snprintf(label, sizeof label, "%s: folding", st->series);
            row(t, label, m->folding_level_bps / MIB, "%.1f", "MiB/s");
        }
        if (m->has_gc) {
            snprintf(label, sizeof label, "%s: used state (GC) from", st->series);
            row(t, label, m->gc_start_bytes / GIB, "%.1f", "GiB");
        }
        if (st->nphases > 1) {
            snprintf(label, sizeof label, "%s: at the end", st->series);
            row(t, label, st->phases[st->nphases - 1].level_bps / MIB, "%.1f", "MiB/s");
        }
        snprintf(label, sizeof label, "%s: written", st->series);
        row(t, label, m->total_bytes / GIB, "%.1f", "GiB");
        if (m->has_recovery) {
            snprintf(label, sizeof label, "%s: recovered fast-write volume", st->series);
            row(t, label, m->recovered_bytes / GIB, "%.2f", "GiB");
        }
        const struct ssd__step *job = ssd__suite_find_log(s, st->series, i);
        if (job && job->state == SSD__ST_DONE && !strcmp(job->name, "fill"))
            row(t, "whole-drive fill time", job->runtime_s / 60, "%.1f", "min");
    }
    ssd__text_add(t, "</table>\n");
}

/* The latency figures of the random 4K tests and the degradation run: how
 * consistent the drive is, beside how fast. */
static void latency_table(const ssd_suite *s, struct ssd__text *t) {
    int any = 0;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        const char *label = ssd__latency_label(st->name);
        if (st->kind != SSD__STEP_JOB || st->state != SSD__ST_DONE || !label ||
            !(st->lat_p50_us > 0))
            continue;
        if (!any)
            ssd__text_add(t, "<table class=\"grid latency\"><tr><th>test</th><th>IOPS</th>"
                             "<th>p50 us</th><th>p99 us</th><th>p99.9 us</th><th>p99/p50</th>"
                             "<th>p99.9/p50</th></tr>\n");
        any = 1;
        ssd__text_add(t, "<tr><th>");
        ssd__text_html(t, label);
        ssd__text_add(t, "</th>");
        td_num(t, st->iops, "%.0f");
        td_num(t, st->lat_p50_us, "%.1f");
        td_num(t, st->lat_p99_us, "%.1f");
        td_num(t, st->lat_p999_us, "%.1f");
        td_num(t, st->lat_p99_us / st->lat_p50_us, "%.1fx");
        td_num(t, st->lat_p999_us / st->lat_p50_us, "%.1fx");
        ssd__text_add(t, "</tr>\n");
    }
    if (any)
        ssd__text_add(t, "</table>\n");
}

static void truth_table(const ssd_suite *s, struct ssd__text *t, const struct ssd__step *an) {
    const struct ssd__step *job = ssd__suite_find_log(s, an->series, (int)(an - s->steps));
    if (!job || !job->truth_json)
        return;
    const struct ssd_analysis_summary *m = &an->sum;
    ssd__text_add(t,
                  "<table class=\"grid\"><tr><th>%s</th><th>analysis</th><th>sim truth</th>"
                  "</tr>\n",
                  an->series);
    ssd__text_add(t, "<tr><th>SLC cache / fast writes, GiB</th>");
    td_num(t, m->has_cache ? m->cache_bytes / GIB : NAN, "%.3f");
    td_num(t, job->truth_cache_bytes / GIB, "%.3f");
    if (an->reference[0]) {
        ssd__text_add(t, "</tr>\n<tr><th>recovered fast writes, GiB</th>");
        td_num(t, m->has_recovery ? m->recovered_bytes / GIB : NAN, "%.3f");
        td_num(t, job->truth_room_before / GIB, "%.3f");
    }
    ssd__text_add(t, "</tr>\n<tr><th>after the cache, MiB/s</th>");
    td_num(t, m->post_cache_bps / MIB, "%.1f");
    td_num(t, job->truth_post_bps / MIB, "%.1f");
    ssd__text_add(t, "</tr>\n<tr><th>folding from, GiB</th>");
    td_num(t, m->has_folding ? m->folding_start_bytes / GIB : NAN, "%.1f");
    td_num(t, job->truth_fold_bytes / GIB, "%.1f");
    ssd__text_add(t, "</tr>\n<tr><th>used state (GC) from, GiB</th>");
    td_num(t, m->has_gc ? m->gc_start_bytes / GIB : NAN, "%.1f");
    td_num(t, job->truth_gc_bytes / GIB, "%.1f");
    ssd__text_add(t, "</tr>\n</table>\n");
    char miss[160];
    if (!an->reference[0] && ssd__truth_mismatch(an, job, miss, sizeof miss)) {
        ssd__text_add(t, "<p class=\"mismatch\"><b>Mismatch with the sim truth:</b> ");
        ssd__text_html(t, miss);
        ssd__text_add(t, "</p>\n");
    }
}

static void steps_table(const ssd_suite *s, struct ssd__text *t) {
    ssd__text_add(t, "<table class=\"grid\"><tr><th>#</th><th>step</th><th>state</th>"
                     "<th>MiB/s</th><th>IOPS</th><th>lat mean us</th><th>p50</th><th>p99</th>"
                     "<th>p99.9</th><th>time s</th><th>wall s</th></tr>\n");
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        const char *state = ssd__step_state_name(st->state);
        ssd__text_add(t, "<tr class=\"%s\"><td class=\"n\">%d</td><td><code>", state, i + 1);
        ssd__text_html(t, st->line);
        ssd__text_add(t, "</code>");
        if (st->error) {
            ssd__text_add(t, "<br/><span class=\"err\">");
            ssd__text_html(t, st->error);
            ssd__text_add(t, "</span>");
        }
        if (st->reason) {
            ssd__text_add(t, "<br/><span class=\"warn\">");
            ssd__text_html(t, st->reason);
            ssd__text_add(t, "</span>");
        }
        ssd__text_add(t, "</td><td>%s</td>", state);
        if (st->kind == SSD__STEP_JOB && st->job_json) {
            td_num(t, st->bw_bps / MIB, "%.1f");
            td_num(t, st->iops, "%.0f");
            td_num(t, st->lat_mean_us, "%.1f");
            td_num(t, st->lat_p50_us, "%.1f");
            td_num(t, st->lat_p99_us, "%.1f");
            td_num(t, st->lat_p999_us, "%.1f");
        } else {
            ssd__text_add(t, "<td/><td/><td/><td/><td/><td/>");
        }
        /* The drive's time (virtual on sim targets) beside the wall clock. */
        double time_s = st->kind == SSD__STEP_JOB    ? st->runtime_s
                        : st->kind == SSD__STEP_IDLE ? st->idle_s * s->scale
                                                     : NAN;
        td_num(t, st->state ? time_s : NAN, "%.1f");
        td_num(t, st->state ? st->wall_s : NAN, "%.2f");
        ssd__text_add(t, "</tr>\n");
    }
    ssd__text_add(t, "</table>\n");
}

/* Tests 9-10: seconds and MiB/s of each file test, as the reviews print. */
static void file_tests_table(const ssd_suite *s, struct ssd__text *t) {
    int any = 0;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->kind != SSD__STEP_FILEBENCH || st->state != SSD__ST_DONE)
            continue;
        if (!any)
            ssd__text_add(t, "<h2>File tests</h2>\n<table class=\"grid\"><tr><th>test</th>"
                             "<th>set</th><th>step</th><th>seconds</th><th>MiB/s</th></tr>\n");
        any = 1;
        const char *set = "";
        for (int k = 0; k < st->nopts; k++)
            if (!strcmp(st->keys[k], "set"))
                set = st->values[k];
        for (int k = 0; k < st->nfile; k++) {
            ssd__text_add(t, "<tr><td>");
            ssd__text_html(t, st->name);
            ssd__text_add(t, "</td><td>");
            ssd__text_html(t, set);
            ssd__text_add(t, "</td><td>");
            ssd__text_html(t, st->file[k].name);
            ssd__text_add(t, "</td>");
            td_num(t, st->file[k].seconds, "%.2f");
            td_num(t, st->file[k].mibs, "%.1f");
            ssd__text_add(t, "</tr>\n");
        }
    }
    if (any)
        ssd__text_add(t, "</table>\n");
}

static void meta(struct ssd__text *t, const char *k, const char *v) {
    ssd__text_add(t, "<tr><th>%s</th><td>", k);
    ssd__text_html(t, v && *v ? v : "-");
    ssd__text_add(t, "</td></tr>\n");
}

static int has_group(const ssd_suite *s, const char *g) {
    for (int i = 0; i < s->nsteps; i++)
        if (s->steps[i].kind == SSD__STEP_JOB && s->steps[i].state == SSD__ST_DONE &&
            !strcmp(s->steps[i].group, g))
            return 1;
    return 0;
}

static int known_group(const char *g) {
    static const char *const known[] = {"prepare",      "qd-randread", "qd-randwrite",
                                        "qd-seqread",   "qd-seqwrite", "bs-randread",
                                        "bs-randwrite", "mixed-seq",   "mixed-rand"};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (!strcmp(g, known[i]))
            return 1;
    return 0;
}

int ssd__suite_report_html(const ssd_suite *s, char **out) {
    struct ssd__text t = {0};
    const char *uri = s->target_uri;
    ssd__text_add(&t, "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">"
                      "\n<head>\n<meta charset=\"utf-8\"/>\n<title>ssdcore: ");
    ssd__text_html(&t, s->suite_file ? s->suite_file : s->suite_name);
    ssd__text_add(&t, " on ");
    ssd__text_html(&t, uri);
    ssd__text_add(
        &t, "</title>\n<style>\n"
            "body{font-family:sans-serif;max-width:1000px;margin:1em auto;color:#222}\n"
            "table{border-collapse:collapse;margin:.5em 0 1.5em}\n"
            "th,td{padding:2px 8px;text-align:left;vertical-align:top}\n"
            "table.grid td,table.grid th{border:1px solid #ccc}\n"
            "td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
            "tr.failed td,.err{color:#b00}\ntr.interrupted td,tr.skipped td,.warn{color:#a60}\n"
            "tr.pending td{color:#999}\nfigure{margin:0 0 1.5em}\n"
            "code{font-size:90%%}\n</style>\n</head>\n<body>\n<h1>");
    ssd__text_html(&t, s->suite_file ? s->suite_file : s->suite_name);
    ssd__text_add(&t, " on ");
    ssd__text_html(&t, uri);
    ssd__text_add(&t, "</h1>\n");
    if (s->killed)
        ssd__text_add(&t, "<p class=\"err\">The run was killed (it ended without recording "
                          "why): the figures cover the steps that ran.</p>\n");
    else if (s->interrupted)
        ssd__text_add(&t, "<p class=\"err\">The run was interrupted: the figures cover the "
                          "steps that ran.</p>\n");
    else if (s->running)
        ssd__text_add(&t, "<p class=\"warn\">The run is still going: the figures cover the "
                          "steps done so far.</p>\n");
    if (s->error) {
        ssd__text_add(&t, "<p class=\"err\">The run failed: ");
        ssd__text_html(&t, s->error);
        ssd__text_add(&t, "</p>\n");
    }
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->state != SSD__ST_SKIPPED)
            continue;
        ssd__text_add(&t, "<p class=\"warn\">Step %d (<code>", i + 1);
        ssd__text_html(&t, st->line);
        ssd__text_add(&t, "</code>) was skipped: ");
        ssd__text_html(&t, st->reason);
        ssd__text_add(&t, ". The run went on without it.</p>\n");
    }
    char buf[128];
    ssd__text_add(&t, "<table class=\"kv\">\n");
    snprintf(buf, sizeof buf, "%s, %.1f GiB (%llu bytes), %u-byte blocks", s->target_kind,
             (double)s->target_size / GIB, (unsigned long long)s->target_size, s->target_block);
    meta(&t, "target", uri);
    meta(&t, "", buf);
    meta(&t, "host", s->host_name);
    meta(&t, "kernel", s->host_kernel);
    meta(&t, "cpu", s->host_cpu);
    meta(&t, "tool", "ssdcore " SSD_VERSION_STRING);
    snprintf(buf, sizeof buf, "%g", s->scale);
    meta(&t, "time scale", buf);
    meta(&t, "started", s->started);
    meta(&t, "finished", s->finished);
    ssd__text_add(&t, "</table>\n<h2>Headline figures</h2>\n");
    headline_table(s, &t);
    latency_table(s, &t);

    int curves = 0;
    for (int i = 0; i < s->nsteps; i++)
        curves += (s->steps[i].kind == SSD__STEP_ANALYZE && s->steps[i].curve) ||
                  ssd__analysis_lost(&s->steps[i]);
    if (curves)
        ssd__text_add(&t, "<h2>Write curves</h2>\n");
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (ssd__analysis_lost(st)) {
            char why[2 * SSD__ERRMSG_SIZE];
            ssd__analysis_lost_text(s, st, why, sizeof why);
            ssd__text_add(&t, "<p class=\"err\">No chart for ");
            ssd__text_html(&t, st->series);
            ssd__text_add(&t, ".csv: ");
            ssd__text_html(&t, why);
            ssd__text_add(&t, "</p>\n");
            continue;
        }
        if (st->kind != SSD__STEP_ANALYZE || !st->curve)
            continue;
        write_curve(s, &t, st);
        truth_table(s, &t, st);
    }
    int spectrum = 0;
    for (int i = 0; i < s->nsteps; i++)
        spectrum |= s->steps[i].kind == SSD__STEP_JOB && s->steps[i].state == SSD__ST_DONE &&
                    s->steps[i].nspec > 1 && ssd__latency_label(s->steps[i].name);
    if (spectrum) {
        ssd__text_add(&t, "<h2>Latency</h2>\n");
        latency_spectrum(s, &t);
        for (int i = 0; i < s->nsteps; i++)
            if (s->steps[i].kind == SSD__STEP_ANALYZE && s->steps[i].curve &&
                !strcmp(s->steps[i].series, "degradation"))
                latency_over_time(&t, &s->steps[i]);
    }
    static const struct curve qd_rand[] = {{"qd-randread", "random read 4K"},
                                           {"qd-randwrite", "random write 4K"}};
    static const struct curve qd_seq[] = {{"qd-seqread", "sequential read 256K"},
                                          {"qd-seqwrite", "sequential write 256K"}};
    static const struct curve bs[] = {{"bs-randread", "random read, QD4"},
                                      {"bs-randwrite", "random write, QD4"}};
    static const struct curve mixed[] = {{"mixed-seq", "sequential 128K, 2 threads"},
                                         {"mixed-rand", "random 4K, 4 threads"}};
    if (has_group(s, "qd-randread") || has_group(s, "qd-randwrite") || has_group(s, "qd-seqread") ||
        has_group(s, "qd-seqwrite")) {
        ssd__text_add(&t, "<h2>Queue-depth scaling</h2>\n");
        group_chart(s, &t, "4K random, IOPS against queue depth", "queue depth", qd_rand, 2, 1, 0,
                    1);
        group_chart(s, &t, "256K sequential, MiB/s against queue depth", "queue depth", qd_seq, 2,
                    1, 0, 0);
    }
    if (has_group(s, "bs-randread") || has_group(s, "bs-randwrite")) {
        ssd__text_add(&t, "<h2>Block-size scaling</h2>\n");
        group_chart(s, &t, "random, QD4: MiB/s against block size", "block size, bytes", bs, 2, 1,
                    1, 0);
    }
    if (has_group(s, "mixed-seq") || has_group(s, "mixed-rand")) {
        ssd__text_add(&t, "<h2>Mixed workloads</h2>\n");
        group_chart(s, &t, "mixed reads and writes: MiB/s against read share", "reads, %", mixed, 2,
                    0, 0, 0);
    }
    /* The groups of a user's suite file get a chart each. */
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->kind != SSD__STEP_JOB || !st->group[0] || known_group(st->group) ||
            st->state != SSD__ST_DONE)
            continue;
        int first = 1;
        for (int k = 0; k < i; k++)
            first &= !(s->steps[k].kind == SSD__STEP_JOB && !strcmp(s->steps[k].group, st->group));
        if (!first)
            continue;
        struct curve c = {st->group, st->group};
        group_chart(s, &t, st->group, "x", &c, 1, 0, 0, 0);
    }
    file_tests_table(s, &t);
    ssd__text_add(&t, "<h2>Every step</h2>\n");
    steps_table(s, &t);
    ssd__text_add(&t,
                  "<p>ssdcore %s; results.json in the same directory holds every figure "
                  "and the series CSVs every sample.</p>\n</body>\n</html>\n",
                  SSD_VERSION_STRING);
    *out = ssd__text_take(&t);
    return *out ? 0 : SSD_ENOMEM;
}
