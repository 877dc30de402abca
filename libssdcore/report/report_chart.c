/* report_chart.c - the chart pieces the single-run report and the compare
 * page share (see report_chart.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "report_chart.h"
#include "results_model.h"
#include "json_read.h"
#include "verdict_words.h"
#include "ssdcore/base.h"

double ssd__median_interval(const double *t, size_t n) {
    double *dt = n ? malloc(n * sizeof *dt) : NULL;
    if (!dt)
        return NAN;
    for (size_t i = 0; i < n; i++)
        dt[i] = t[i] - (i ? t[i - 1] : 0);
    qsort(dt, n, sizeof *dt, ssd__cmp_double);
    double median = dt[n / 2];
    free(dt);
    return median;
}

/* The points a write curve draws: x = GiB written at the end of each
 * interval, y = MiB/s in it. The last interval is left out when it is
 * shorter than half the median interval (a run's stray tail: 0.0001 s that
 * would read as a spike); the CSV keeps it. Returns the number of points
 * (0 when there is nothing to draw or memory ran out); free *x and *y. */
static size_t curve_points(const ssd_series *s, double **xo, double **yo) {
    *xo = *yo = NULL;
    size_t n = ssd_series_count(s);
    const double *ts = ssd_series_t_s(s), *b = ssd_series_bytes(s);
    if (n < 2)
        return 0;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    double median = ssd__median_interval(ts, n);
    if (!x || !y || isnan(median)) {
        free(x);
        free(y);
        return 0;
    }
    size_t m = n;
    if (ts[n - 1] - ts[n - 2] < 0.5 * median)
        m--;
    double cum = 0;
    for (size_t i = 0; i < m; i++) {
        double d = ts[i] - (i ? ts[i - 1] : 0);
        cum += b[i];
        x[i] = cum / GIB;
        y[i] = d > 0 ? b[i] / d / MIB : 0;
    }
    *xo = x;
    *yo = y;
    return m;
}

/* Centred moving average of y over `window` samples that never crosses a
 * break: breaks holds the x values (GiB) where phases start, sorted. Each
 * window is clipped to the segment its sample is in. out has n entries. */
static void moving_average(const double *x, const double *y, size_t n, size_t window,
                           const double *breaks, size_t nbreaks, double *out) {
    size_t half = window / 2, seg_lo = 0, k = 0;
    /* Walk the segments [seg_lo, seg_hi) between breaks; prefix sums make
     * each average O(1). */
    double *pre = malloc((n + 1) * sizeof *pre);
    if (!pre) {
        for (size_t i = 0; i < n; i++)
            out[i] = NAN;
        return;
    }
    pre[0] = 0;
    for (size_t i = 0; i < n; i++)
        pre[i + 1] = pre[i] + y[i];
    while (seg_lo < n) {
        /* The segment ends before the first sample past the next break. */
        while (k < nbreaks && breaks[k] < x[seg_lo])
            k++;
        size_t seg_hi = seg_lo + 1;
        while (seg_hi < n && (k >= nbreaks || x[seg_hi] <= breaks[k]))
            seg_hi++;
        for (size_t i = seg_lo; i < seg_hi; i++) {
            size_t lo = i >= seg_lo + half ? i - half : seg_lo;
            size_t hi = i + half + 1 <= seg_hi ? i + half + 1 : seg_hi;
            out[i] = (pre[hi] - pre[lo]) / (double)(hi - lo);
        }
        seg_lo = seg_hi;
    }
    free(pre);
}

void ssd__write_curve_free(struct ssd__write_curve *wc) {
    free(wc->x);
    free(wc->y);
    free(wc->ma);
    memset(wc, 0, sizeof *wc);
}

size_t ssd__write_curve_load(const struct ssd__results *r, const struct ssd__step *an,
                             struct ssd__write_curve *wc) {
    memset(wc, 0, sizeof *wc);
    wc->n = curve_points(an->res.curve, &wc->x, &wc->y);
    if (!wc->n)
        return 0;
    /* The stray tail interval is out of x/y; the median interval names the
     * sampling for the legend. */
    wc->interval = ssd__median_interval(ssd_series_t_s(an->res.curve), wc->n);
    wc->ma = malloc(wc->n * sizeof *wc->ma);
    if (isnan(wc->interval) || !wc->ma) {
        ssd__write_curve_free(wc);
        return 0;
    }
    double breaks[256];
    size_t nb = 0;
    for (size_t k = 1; k < an->res.nphases && nb < 256; k++)
        breaks[nb++] = an->res.phases[k].start_bytes / GIB;
    moving_average(wc->x, wc->y, wc->n, SSD__MA_SAMPLES, breaks, nb, wc->ma);
    const struct ssd__step *job = ssd__analysis_job(r, an);
    wc->block = job ? ssd__iops_block(ssd__step_option(job, "bs")) : NAN;
    return wc->n;
}

/* v in [lo, hi] (on a log2 or log10 scale when lg is 2 or 10) as a
 * position in [p0, p1]; the middle when the range is empty. */
static double chart_map(double lo, double hi, int lg, double v, double p0, double p1) {
    if (lg == 2) {
        lo = log2(lo);
        hi = log2(hi);
        v = log2(v);
    } else if (lg == 10) {
        lo = log10(lo);
        hi = log10(hi);
        v = log10(v);
    }
    if (!(hi > lo))
        return (p0 + p1) / 2;
    return p0 + (v - lo) / (hi - lo) * (p1 - p0);
}

double ssd__chart_x(const struct ssd__chart *c, double v) {
    return chart_map(c->xlo, c->xhi, c->xlog2 ? 2 : 0, v, c->l, c->w - c->r);
}

double ssd__chart_y(const struct ssd__chart *c, double v) {
    return chart_map(c->ylo, c->yhi, c->ylog10 ? 10 : 0, v, c->h - c->b, c->t);
}

double ssd__nice_step(double range, int n) {
    if (!(range > 0))
        return 1;
    double raw = range / n, p = pow(10, floor(log10(raw))), f = raw / p;
    return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

void ssd__fmt_axis(char *buf, size_t len, double v) {
    double a = fabs(v);
    if (a >= 1e6)
        snprintf(buf, len, "%gM", round(v / 1e5) / 10);
    else if (a >= 1e4)
        snprintf(buf, len, "%gk", round(v / 1e2) / 10);
    else if (a >= 100 || v == floor(v))
        snprintf(buf, len, "%.0f", v);
    else if (a >= 10)
        snprintf(buf, len, "%.1f", v);
    else
        snprintf(buf, len, "%.2g", v);
}

void ssd__fmt_block(char *buf, size_t len, double v, const char *bytes) {
    if (v >= MIB)
        snprintf(buf, len, "%gM", v / MIB);
    else if (v >= 1024)
        snprintf(buf, len, "%gK", v / 1024);
    else
        snprintf(buf, len, "%g%s", v, bytes);
}

double ssd__iops_block(const char *bs_option) {
    uint64_t bs;
    if (!bs_option || ssd_parse_size(bs_option, &bs) || !bs || bs > 65536)
        return NAN;
    return (double)bs;
}

void ssd__fmt_thousands(char *buf, size_t len, double v) {
    double r = round(v);
    if (r >= 1e6)
        snprintf(buf, len, "%.0f,%03.0f,%03.0f", floor(r / 1e6), fmod(floor(r / 1e3), 1e3),
                 fmod(r, 1e3));
    else if (r >= 1e3)
        snprintf(buf, len, "%.0f,%03.0f", floor(r / 1e3), fmod(r, 1e3));
    else
        snprintf(buf, len, "%.0f", r);
}

void ssd__fmt_iops(char *buf, size_t len, double bytes_per_s, double block) {
    buf[0] = 0;
    if (!(block > 0) || !isfinite(bytes_per_s) || bytes_per_s < 0)
        return;
    char n[32];
    ssd__fmt_thousands(n, sizeof n, bytes_per_s / block);
    snprintf(buf, len, " (%s IOPS)", n);
}

void ssd__chart_xline(struct ssd__text *t, const struct ssd__chart *c, double X, const char *stroke,
                      const char *label) {
    ssd__text_add(t,
                  "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"%s\"/>"
                  "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
                  X, X, c->t, c->h - c->b, stroke, X, c->h - c->b + 16, label);
}

void ssd__chart_yline(struct ssd__text *t, const struct ssd__chart *c, double Y, const char *stroke,
                      const char *label) {
    ssd__text_add(t,
                  "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>"
                  "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                  c->l, c->w - c->r, Y, Y, stroke, c->l - 5, Y + 4, label);
}

static void xtick(struct ssd__text *t, const struct ssd__chart *c, double v, const char *label) {
    ssd__chart_xline(t, c, ssd__chart_x(c, v), "#eee", label);
}

static void ytick(struct ssd__text *t, const struct ssd__chart *c, double v, const char *label) {
    ssd__chart_yline(t, c, ssd__chart_y(c, v), "#ddd", label);
}

/* Opens a responsive SVG w x h (width 100 %) with its text alternative: a
 * screen reader gets title and desc (a short summary of the data with its
 * figures) as the <title>, the <desc> and the aria-label "title. desc". */
static void chart_svg(struct ssd__text *t, int w, int h, const char *title, const char *desc,
                      int font_size) {
    ssd__text_add(t,
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 %d %d\" "
                  "preserveAspectRatio=\"xMidYMid meet\" role=\"img\" aria-label=\"",
                  w, h);
    ssd__text_html(t, title);
    if (desc && *desc) {
        ssd__text_html_in(t, ". ", desc, "");
    }
    ssd__text_add(t, "\" font-family=\"sans-serif\" font-size=\"%d\">\n<title>", font_size);
    ssd__text_html_in(t, "", title, "</title>\n");
    if (desc && *desc)
        ssd__text_html_in(t, "<desc>", desc, "</desc>\n");
}

void ssd__chart_begin(struct ssd__text *t, const struct ssd__chart *c, const char *title,
                      const char *desc, const char *xlabel, const char *ylabel, int yrep) {
    chart_svg(t, c->w, c->h, title, desc, 13);
    ssd__text_add(t, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", c->w,
                  c->h);
    ssd__text_add(t, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", (c->l + c->w - c->r) / 2,
                  c->h - 6);
    ssd__text_html(t, xlabel);
    int mid = (c->t + c->h - c->b) / 2;
    ssd__text_add(t,
                  "</text>\n<text%s x=\"14\" y=\"%d\" text-anchor=\"middle\" "
                  "transform=\"rotate(-90 14 %d)\">",
                  yrep ? " class=\"yrep\"" : "", mid, mid);
    ssd__text_html_in(t, "", ylabel, "</text>\n");
}

/* The grid with its labelled ticks. */
static void grid(struct ssd__text *t, const struct ssd__chart *c, const double *xticks,
                 size_t nxticks, int xsize) {
    char b[32];
    if (c->ylog10) {
        for (double v = pow(10, ceil(log10(c->ylo))); v <= c->yhi * 1.0001; v *= 10) {
            ssd__fmt_axis(b, sizeof b, v);
            ytick(t, c, v, b);
        }
    } else {
        double step = ssd__nice_step(c->yhi - c->ylo, 5);
        for (double v = ceil(c->ylo / step) * step; v <= c->yhi + step * 1e-9; v += step) {
            ssd__fmt_axis(b, sizeof b, v);
            ytick(t, c, v, b);
        }
    }
    if (xticks) {
        for (size_t i = 0; i < nxticks; i++) {
            if (xsize)
                ssd__fmt_block(b, sizeof b, xticks[i], "");
            else
                ssd__fmt_axis(b, sizeof b, xticks[i]);
            xtick(t, c, xticks[i], b);
        }
    } else {
        double xs = ssd__nice_step(c->xhi - c->xlo, 7);
        for (double v = ceil(c->xlo / xs) * xs; v <= c->xhi + xs * 1e-9; v += xs) {
            ssd__fmt_axis(b, sizeof b, v);
            xtick(t, c, v, b);
        }
    }
}

void ssd__chart_open(struct ssd__text *t, const struct ssd__chart *c, const char *title,
                     const char *desc, const char *xlabel, const char *ylabel, const double *xticks,
                     size_t nxticks, int xsize) {
    ssd__chart_begin(t, c, title, desc, xlabel, ylabel, 0);
    grid(t, c, xticks, nxticks, xsize);
    ssd__chart_frame(t, c);
}

void ssd__figure_open(struct ssd__text *t, const char *attrs, const char *title) {
    ssd__text_add(t, "<figure%s><figcaption>", attrs ? attrs : "");
    ssd__text_html_in(t, "", title, "</figcaption>\n");
}

void ssd__figure_close(struct ssd__text *t, struct ssd__text *lg) {
    ssd__chart_close(t);
    char *items = ssd__text_take(lg);
    if (items && *items)
        ssd__text_add(t, "<ul class=\"legend\">\n%s</ul>\n", items);
    free(items);
    ssd__text_add(t, "</figure>\n");
}

void ssd__chart_frame(struct ssd__text *t, const struct ssd__chart *c) {
    ssd__text_add(t,
                  "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                  "stroke=\"#888\"/>\n",
                  c->l, c->t, c->w - c->r - c->l, c->h - c->b - c->t);
}

void ssd__chart_gapped_line(struct ssd__text *t, const struct ssd__chart *c, const double *x,
                            const double *y, size_t n, size_t stride, const char *head) {
    int open = 0;
    for (size_t i = 0; i < n; i += stride) {
        if (!isfinite(y[i])) {
            if (open)
                ssd__text_add(t, "\"/>");
            open = 0;
            continue;
        }
        if (!open)
            ssd__text_add(t, "%s", head);
        ssd__text_add(t, "%s%.1f,%.1f", open ? " " : "", ssd__chart_x(c, x[i]),
                      ssd__chart_y(c, y[i]));
        open = 1;
    }
    if (open)
        ssd__text_add(t, "\"/>");
}

void ssd__chart_close(struct ssd__text *t) {
    ssd__text_add(t, "</svg>\n");
}

void ssd__text_html_in(struct ssd__text *t, const char *before, const char *s, const char *after) {
    ssd__text_add(t, "%s", before);
    ssd__text_html(t, s);
    ssd__text_add(t, "%s", after);
}

void ssd__legend_item(struct ssd__text *t, const char *key, const char *color, int style,
                      const char *label) {
    static const char *const cls[] = {"line", "dash", "dot", "band"};
    ssd__text_html_in(t, "<li><button type=\"button\" data-key=\"", key, "");
    ssd__text_add(t, "\" aria-pressed=\"true\"><i class=\"sw %s\" style=\"--c:%s\"></i>",
                  cls[style & 3], color);
    ssd__text_html_in(t, "", label, "</button></li>\n");
}

size_t ssd__group_points(const struct ssd__results *s, const char *group, int xlog2, int unit,
                         double *x, double *y) {
    size_t n = 0;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        double v = unit == 1 ? st->res.iops : st->res.bw_bps / (unit == 2 ? 1e6 : MIB);
        if (ssd__curve_point(st, group, xlog2) && isfinite(v))
            x[n] = st->def.x, y[n++] = v;
    }
    return n;
}

/* results.json may hold anything: an axis spans at most 1e-200..1e200. */
static int drawable(double v, int lg) {
    return fabs(v) <= 1e200 && (!lg || v >= 1e-200);
}

/* A point's x (unless xb is NULL) and y as the read-outs and the desc say
 * them: 4KB, 1234. */
static void fmt_point(const struct ssd__line_chart *lc, double x, double y, char *xb, char *yb) {
    if (!xb) {
    } else if (lc->xsize) {
        ssd__fmt_block(xb, 30, x, "");
        strcat(xb, "B");
    } else {
        snprintf(xb, 32, "%g", x);
    }
    if (lc->ydec < 0) /* 4 significant digits, whole digits from 10000 (never 1.324e+04) */
        snprintf(yb, 32, fabs(y) >= 9999.5 ? "%.0f" : "%.4g", y);
    else
        snprintf(yb, 32, "%.*f", lc->ydec, y);
}

int ssd__line_chart(struct ssd__text *t, const struct ssd__line_chart *lc,
                    const struct ssd__line *ls, size_t nl) {
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY, xs[64];
    size_t nxs = 0;
    for (size_t k = 0; k < nl; k++)
        for (size_t i = 0; i < ls[k].n; i++) {
            double x = ls[k].x[i], y = ls[k].y[i];
            if (!drawable(x, lc->xlog2) || !drawable(y, lc->ylog10))
                continue;
            xlo = fmin(xlo, x), xhi = fmax(xhi, x), ylo = fmin(ylo, y), yhi = fmax(yhi, y);
            size_t q = 0;
            while (q < nxs && xs[q] != x)
                q++;
            if (q == nxs && nxs < 64)
                xs[nxs++] = x;
        }
    if (!nxs || nxs < lc->min_xs)
        return 0;
    if (lc->ylog10) {
        ylo = pow(10, floor(log10(ylo)));
        yhi = pow(10, ceil(log10(yhi * 1.0001)));
    } else {
        ylo = 0;
        yhi = yhi > 0 ? yhi * 1.1 : 1;
    }
    if (!(xhi > xlo)) {
        xlo = lc->xlog2 ? xlo / 2 : xlo - 1;
        xhi = lc->xlog2 ? xhi * 2 : xhi + 1;
    }
    struct ssd__chart c = {SSD__CHART_FRAME(lc->h), xlo, xhi, ylo, yhi, lc->xlog2, lc->ylog10};
#define IN(x, y) ((x) >= xlo && (x) <= xhi && (y) >= ylo && (y) <= yhi)
    /* Each series' first and last point, for a screen reader, and its
     * least and greatest y when they lie between. */
    struct ssd__text desc = {0};
    for (size_t k = 0; k < nl; k++) {
        const struct ssd__line *l = &ls[k];
        size_t first = l->n, last = 0;
        double lo = INFINITY, hi = -INFINITY;
        for (size_t i = 0; i < l->n; i++)
            if (IN(l->x[i], l->y[i]))
                first = first < l->n ? first : i, last = i, lo = fmin(lo, l->y[i]),
                hi = fmax(hi, l->y[i]);
        if (first == l->n)
            continue;
        char x0[32], y0[32], x1[32], y1[32], least[32], most[32];
        fmt_point(lc, l->x[first], l->y[first], x0, y0);
        fmt_point(lc, l->x[last], l->y[last], x1, y1);
        fmt_point(lc, 0, lo, NULL, least);
        fmt_point(lc, 0, hi, NULL, most);
        ssd__text_add(&desc, "%s%s: %s %s at %s %s to %s at %s %s", desc.len ? "; " : "", l->label,
                      y0, lc->ylabel, lc->xname, x0, y1, lc->xname, x1);
        if (lo < fmin(l->y[first], l->y[last]) || hi > fmax(l->y[first], l->y[last]))
            ssd__text_add(&desc, ", %s to %s between", least, most);
    }
    char *d = ssd__text_take(&desc);
    ssd__figure_open(t, NULL, lc->title);
    int at_points = !lc->xticks && lc->xticks_at_points && (lc->xlog2 || nxs <= 12);
    ssd__chart_open(t, &c, lc->title, d ? d : "", lc->xlabel, lc->ylabel,
                    at_points ? xs : lc->xticks, at_points ? nxs : lc->nxticks, lc->xsize);
    free(d);
    struct ssd__text lg = {0};
    for (size_t k = 0; k < nl; k++) {
        const struct ssd__line *l = &ls[k];
        char key[24];
        snprintf(key, sizeof key, "s%zu", k);
        if (l->key)
            snprintf(key, sizeof key, "%s", l->key);
        ssd__text_add(t, "<g data-key=\"%s\"", key);
        if (l->drive)
            ssd__text_add(t, " data-drive=\"%s\"", l->drive);
        ssd__text_add(t, " fill=\"%s\">", l->color);
        struct ssd__text pts = {0};
        size_t drawn = 0;
        for (size_t i = 0; i < l->n; i++) {
            if (!IN(l->x[i], l->y[i]))
                continue;
            double X = ssd__chart_x(&c, l->x[i]), Y = ssd__chart_y(&c, l->y[i]);
            ssd__text_add(&pts, "%s%.1f,%.1f", drawn++ ? " " : "", X, Y);
            if (l->marker == SSD__MARK_NONE)
                continue;
            if (l->marker == SSD__MARK_CIRCLE)
                ssd__text_add(t, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%g\"", X, Y, l->r);
            else
                ssd__text_add(t, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%g\" height=\"%g\"", X - l->r,
                              Y - l->r, 2 * l->r, 2 * l->r);
            char xb[32], yb[32];
            fmt_point(lc, l->x[i], l->y[i], xb, yb);
            ssd__text_html_in(t, " data-tip=\"", l->label, "");
            ssd__text_add(t, ", %s %s: %s %s\"/>\n", lc->xname, xb, yb, lc->ylabel);
        }
        char *p = ssd__text_take(&pts);
        if (p && drawn >= 2 && l->width > 0)
            ssd__text_add(
                t,
                "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%g\"%s%s%s points=\"%s\"/>",
                l->color, l->width, l->dash ? " stroke-dasharray=\"" : "", l->dash ? l->dash : "",
                l->dash ? "\"" : "", p);
        free(p);
        ssd__text_add(t, "</g>\n");
        if (drawn)
            ssd__legend_item(&lg, key, l->color,
                             !(l->width > 0) ? 2
                             : l->dash       ? 1
                                             : 0,
                             l->legend ? l->legend : l->label);
    }
#undef IN
    ssd__figure_close(t, &lg);
    return 1;
}

/* ---- the write curve: one drive in detail, or several overlaid ---------- */

size_t ssd__drawn_stride(size_t n) {
    return n > 4000 ? (n + 3999) / 4000 : 1;
}

/* The drive's temperatures over the first n samples of analysed write
 * curve an (its series' temp_c) and their range, when they are worth
 * drawing: the drive throttled or moved SSD__TEMP_DRAW_MIN_RANGE_C or
 * more. NULL otherwise. */
static const double *curve_temperature(const struct ssd__step *an, size_t n, double *lo,
                                       double *hi) {
    const double *tc = ssd_series_column(an->res.curve, "temp_c");
    *lo = INFINITY, *hi = -INFINITY;
    for (size_t i = 0; tc && i < n; i++)
        if (isfinite(tc[i]))
            *lo = fmin(*lo, tc[i]), *hi = fmax(*hi, tc[i]);
    if (!(*hi >= *lo) || (!an->res.sum.has_throttle && *hi - *lo < SSD__TEMP_DRAW_MIN_RANGE_C))
        return NULL;
    return tc;
}

/* From the analysis (DESIGN.md): the regime of each of the first n phases
 * ("cache", "direct", "folding", "gc", "throttle", "slow_start", "other"; "" when it
 * names none),
 * and the used state's level along its slide ("gc"."trend": bytes written,
 * level), up to cap points, whose number it returns (0: none). */
static size_t analysis_marks(const struct ssd__step *an, char (*regimes)[12], size_t n, double *gib,
                             double *mibs, size_t cap) {
    for (size_t k = 0; k < n; k++)
        regimes[k][0] = 0;
    struct ssd__jv a;
    char msg[32];
    size_t nt = 0;
    if (!an->res.analysis_json || ssd__jr_parse(an->res.analysis_json, &a, msg, sizeof msg))
        return 0;
    const struct ssd__jv *ph = ssd__jv_get(&a, "phases");
    for (size_t k = 0; ph && ph->type == SSD__JARR && k < ph->n && k < n; k++) {
        const char *r = ssd__jv_str(&ph->items[k], "regime");
        if (r)
            snprintf(regimes[k], 12, "%s", r);
    }
    const struct ssd__jv *tr = ssd__jv_get(ssd__jv_get(&a, "gc"), "trend");
    for (size_t k = 0; tr && tr->type == SSD__JARR && k < tr->n && nt < cap; k++) {
        double x = ssd__jv_num(&tr->items[k], "bytes", NAN),
               y = ssd__jv_num(&tr->items[k], "level_bps", NAN);
        if (isfinite(x) && isfinite(y)) {
            gib[nt] = x / GIB;
            mibs[nt++] = y / MIB;
        }
    }
    ssd__jv_free(&a);
    return nt;
}

/* The analysis' regimes as a phase's band shows them: its colour and the
 * legend's words. "other" is a phase it gives no regime: a bare "other"
 * told a reader nothing (SSD370's charts). */
#define NREGIMES 7
static const struct {
    const char *name, *color, *words;
} regime_drawn[NREGIMES] = {
    {"cache", "#dcefd6", "SLC cache"},
    {"direct", "#e1ebf7", "direct to TLC/MLC"},
    {"folding", "#e9e4f3", "folding (emptying the cache while writing)"},
    {"gc", "#fbe3cf", "garbage collection (used state)"},
    {"throttle", "#f8d7da", "thermal throttling (the drive got hot)"},
    {"slow_start", "#fdf3d0",
     "slow start (slower than the level after it: the cache, or a used drive's clean blocks)"},
    {"other", "#eeeeee", "no regime (a burst, a dip cluster or a transition)"},
};

/* Regime r's index in regime_drawn; NREGIMES when the analysis names one
 * it has not, -1 when it names none. */
static int regime_index(const char *r) {
    int i = 0;
    while (i < NREGIMES && strcmp(r, regime_drawn[i].name))
        i++;
    return *r ? i : -1;
}

/* The first m samples of a curve up to x GiB. */
static size_t samples_upto(const struct ssd__write_curve *d, double x) {
    size_t m = 0;
    while (m < d->n && d->x[m] <= x * (1 + 1e-9))
        m++;
    return m;
}

/* Where the cache starts in the bytes written, GiB: after a slow start
 * (its own first phase, not in the cache's size), else 0. The cache's end
 * is drawn there plus its size. */
static double cache_start_gib(const struct ssd__step *an) {
    return an->res.nphases && an->res.phases[0].regime == SSD_REGIME_SLOW_START
               ? an->res.phases[0].end_bytes / GIB
               : 0;
}
/* A vertical line across the plot at x GiB in legend group `key`, solid
 * (dash NULL, 2.5 wide) or dashed `width` wide, with its read-out tip. */
static void vertical_mark(struct ssd__text *t, const struct ssd__chart *ch, const char *key,
                          const char *color, const char *dash, double width, double x,
                          const char *tip) {
    double X = ssd__chart_x(ch, x);
    ssd__text_add(t,
                  "<g data-key=\"%s\"><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" "
                  "stroke=\"%s\" stroke-width=\"%g\"%s%s%s data-tip=\"",
                  key, X, X, ch->t, ch->h - ch->b, color, dash ? width : 2.5,
                  dash ? " stroke-dasharray=\"" : "", dash ? dash : "", dash ? "\"" : "");
    ssd__text_html_in(t, "", tip, "\"/></g>\n");
}

/* The moving average of l's first m samples, every stride-th, as lines
 * (head: a polyline up to its points=") broken where a phase starts: the
 * average never runs across. Each phase's piece keeps its first and last
 * sample, and a piece of one sample (a cache of a sample or two at a
 * coarse interval, a phase thinner than the stride) runs from where that
 * sample's bytes start: no phase the analysis found is hidden (BX200 at
 * 5 s samples: its 1-sample cache was a lone point, no line). */
static void ma_lines(struct ssd__text *t, const struct ssd__chart *ch,
                     const struct ssd__curve_line *l, size_t m, const char *head) {
    const struct ssd__write_curve *d = l->wc;
    const struct ssd__step_result *res = &l->an->res;
    size_t stride = ssd__drawn_stride(m), k = 1;
    for (size_t lo = 0; lo < m;) {
        /* The piece ends before the first sample past the next phase
         * start, as moving_average's segments do. */
        while (k < res->nphases && res->phases[k].start_bytes / GIB < d->x[lo])
            k++;
        size_t hi = lo + 1;
        while (hi < m && (k >= res->nphases || d->x[hi] <= res->phases[k].start_bytes / GIB))
            hi++;
        double y = ssd__chart_y(ch, fmin(d->ma[lo], ch->yhi));
        ssd__text_add(t, "%s", head);
        if (hi - lo == 1)
            ssd__text_add(t, "%.1f,%.1f ", ssd__chart_x(ch, lo ? d->x[lo - 1] : 0), y);
        for (size_t i = lo; i < hi; i += stride)
            ssd__text_add(t, "%s%.1f,%.1f", i > lo ? " " : "", ssd__chart_x(ch, d->x[i]),
                          ssd__chart_y(ch, fmin(d->ma[i], ch->yhi)));
        if ((hi - 1 - lo) % stride)
            ssd__text_add(t, " %.1f,%.1f", ssd__chart_x(ch, d->x[hi - 1]),
                          ssd__chart_y(ch, fmin(d->ma[hi - 1], ch->yhi)));
        ssd__text_add(t, "\"/>");
        lo = hi;
    }
}

/* Read-outs along l's moving average over its first m samples: up to 17
 * dots evenly spread over the GiB written (in samples, a drive that slows
 * down had them bunched at the end), each with its value on hover and
 * keyboard focus (the page's script makes every data-tip focusable). */
static void readouts(struct ssd__text *t, const struct ssd__chart *ch,
                     const struct ssd__curve_line *l, size_t m, const char *color,
                     const char *label) {
    enum { READOUTS = 16 };
    const struct ssd__write_curve *d = l->wc;
    size_t prev = (size_t)-1, k = 0;
    for (size_t j = 0; m && j <= READOUTS; j++) {
        double at = d->x[m - 1] * (double)j / READOUTS;
        while (k + 1 < m && d->x[k] < at)
            k++;
        if (k == prev || !isfinite(d->ma[k]))
            continue;
        prev = k;
        ssd__text_add(t,
                      "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\" stroke=\"#fff\" "
                      "data-tip=\"",
                      ssd__chart_x(ch, d->x[k]), ssd__chart_y(ch, fmin(d->ma[k], ch->yhi)), color);
        if (label)
            ssd__text_html_in(t, "", label, ": ");
        char io[40];
        ssd__fmt_iops(io, sizeof io, d->ma[k] * MIB, d->block);
        ssd__text_add(t, "%.2f GiB written, %.1f MiB/s%s (moving average)\"/>", d->x[k], d->ma[k],
                      io);
    }
}

/* l's temperatures tc over its first m samples on the right axis at (a
 * failed reading is a gap, never a 0), and a dot where the analysis found
 * it throttling. */
static void temperature_line(struct ssd__text *t, const struct ssd__chart *at,
                             const struct ssd__curve_line *l, size_t m, const double *tc,
                             const char *color, const char *label) {
    const struct ssd_analysis_summary *s = &l->an->res.sum;
    char head[160];
    snprintf(head, sizeof head,
             "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s points=\"", color,
             l->bold ? "2.2" : "1.6", label ? " stroke-dasharray=\"6 3\"" : "");
    ssd__chart_gapped_line(t, at, l->wc->x, tc, m, ssd__drawn_stride(m), head);
    if (!s->has_throttle || !(s->throttle_start_bytes / GIB <= at->xhi))
        return;
    ssd__text_add(t,
                  "<circle class=\"throttle\" cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\" "
                  "stroke=\"#fff\" data-tip=\"",
                  ssd__chart_x(at, s->throttle_start_bytes / GIB),
                  ssd__chart_y(at, fmin(fmax(s->throttle_temp_c, at->ylo), at->yhi)), color);
    if (label)
        ssd__text_html_in(t, "", label, ": ");
    ssd__text_add(t, "throttles at %.1f \u00b0C after %.0f s (%.1f GiB): %.1f -> %.1f MiB/s\"/>",
                  s->throttle_temp_c, s->throttle_start_s, s->throttle_start_bytes / GIB,
                  s->throttle_before_bps / MIB, s->throttle_level_bps / MIB);
}

/* A screen reader's summary of l's first m samples: the drive (an
 * overlay's), its cache, speeds and temperature. */
static void curve_desc(struct ssd__text *t, const struct ssd__curve_line *l, size_t m, int detail) {
    const struct ssd__write_curve *d = l->wc;
    const struct ssd_analysis_summary *s = &l->an->res.sum;
    if (!detail)
        ssd__text_html_in(t, t->len ? "; " : "", l->label, ": ");
    if (s->has_cache)
        ssd__text_add(t, "SLC cache %s%.2f GiB at %.1f MiB/s", ssd__cache_bound_word(s),
                      ssd__cache_shown_bytes(s) / GIB, s->cache_level_bps / MIB);
    else if (ssd__one_speed_throughout(s, l->an->res.phases, l->an->res.nphases))
        ssd__text_add(t, "one speed throughout (an SLC cache or direct writes)");
    else
        ssd__text_add(t, "no SLC cache");
    double ymin = INFINITY, ymax = 0, ysum = 0, lo, hi;
    for (size_t i = 0; i < m; i++)
        ymin = fmin(ymin, d->y[i]), ymax = fmax(ymax, d->y[i]), ysum += d->y[i];
    char mean[40], low[40];
    ssd__fmt_iops(mean, sizeof mean, ysum / (double)m * MIB, d->block);
    ssd__fmt_iops(low, sizeof low, ymin * MIB, d->block);
    ssd__text_add(t,
                  ", %zu samples over %.2f GiB written: %.1f MiB/s at first, %.1f at the end "
                  "(moving average), mean %.1f%s, slowest sample %.1f%s, fastest %.1f MiB/s",
                  m, d->x[m - 1], d->ma[0], d->ma[m - 1], ysum / (double)m, mean, ymin, low, ymax);
    if (curve_temperature(l->an, m, &lo, &hi))
        ssd__text_add(t, ", drive temperature %.1f to %.1f \u00b0C", lo, hi);
    if (s->has_throttle)
        ssd__text_add(t, ", throttles at %.1f \u00b0C after %.0f s", s->throttle_temp_c,
                      s->throttle_start_s);
}

/* Phases start and end on whole samples; the cache's end line is drawn at
 * the cache's size, inside the sample where the speed left its level
 * (analysis.md, "Method", step 6). The tip of the cache's phase, and of
 * the phase that holds the cache's end when that is another, says where
 * the cache itself ends, as `ssdcore analyze` does under its phases (round
 * 23's audit: the band's "0.00-2.04 GiB" beside a line at 2.01 GiB, and
 * nothing saying why). Into note (empty when the two agree to the tip's
 * 0.01 GiB) for phase k; cache_at: the line's x, GiB. */
static void cache_end_note(char *note, size_t len, const struct ssd__step *an, size_t k,
                           double cache_at) {
    const struct ssd_analysis_summary *s = &an->res.sum;
    const struct ssd_phase *ph = an->res.phases;
    size_t np = an->res.nphases, c = 0, in = 0;
    note[0] = 0;
    while (c < np && ph[c].regime != SSD_REGIME_CACHE)
        c++;
    if (!s->has_cache || s->cache_censored != SSD_CENSOR_NONE || c + 1 >= np || !s->samples ||
        fabs(round(cache_at * 100) - round(ph[c].end_bytes / GIB * 100)) < 0.5)
        return;
    while (in + 1 < np && !(cache_at * GIB < ph[in].end_bytes))
        in++;
    if (k != c && k != in)
        return;
    /* one sample's bytes at the faster of the two levels, as analyze takes it */
    double sample = fmax(ph[c].level_bps, ph[c + 1].level_bps) * s->duration_s / (double)s->samples;
    int mixed = fabs(cache_at * GIB - ph[c].end_bytes) <= sample * 1.001;
    char where[96];
    if (k == in && mixed)
        snprintf(where, sizeof where,
                 "this phase's %s sample, which mixes the cache's level and %s",
                 in == c ? "last" : "first", in == c ? "the next one's" : "this one's");
    else if (k == in)
        snprintf(where, sizeof where, "this phase");
    else
        snprintf(where, sizeof where, "phase %zu%s", in + 1, mixed ? "'s first sample" : "");
    snprintf(note, len, "; the cache itself ends at %.2f GiB, inside %s%s", cache_at, where,
             mixed ? " (phases start and end on whole samples)" : "");
}

/* The detailed chart's marks of one curve l over its first m samples,
 * with their legend entries in lg. */
static void curve_detail(struct ssd__text *t, struct ssd__text *lg, const struct ssd__chart *ch,
                         const struct ssd__curve_line *l, size_t m) {
    const struct ssd__step *an = l->an;
    const struct ssd__write_curve *d = l->wc;
    const struct ssd_analysis_summary *s = &an->res.sum;
    double xhi = ch->xhi;
    int bottom = ch->h - ch->b;
    /* Phases as bands coloured by regime (or alternating), each with its
     * level as a read-out. */
    char regimes[64][12];
    double tx[128], ty[128]; /* (the analysis gives up to 128 trend points) */
    size_t np = an->res.nphases < 64 ? an->res.nphases : 64,
           nt = analysis_marks(an, regimes, np, tx, ty, sizeof tx / sizeof *tx);
    int undecided = ssd__one_speed_throughout(s, an->res.phases, an->res.nphases);
    ssd__text_add(t, "<g data-key=\"bands\">\n");
    int seen_regime[NREGIMES + 1] = {0}, any_regime = 0;
    double lead = cache_start_gib(an), cache_at = lead + ssd__cache_shown_bytes(s) / GIB;
    for (size_t k = 0; k < np; k++) {
        const struct ssd_phase *p = &an->res.phases[k];
        if (!(p->start_bytes / GIB < xhi))
            continue;
        double x0 = ssd__chart_x(ch, p->start_bytes / GIB),
               x1 = ssd__chart_x(ch, fmin(p->end_bytes / GIB, xhi));
        char io[40];
        int ri = regime_index(regimes[k]);
        if (ri >= 0)
            seen_regime[ri] = 1;
        ssd__fmt_iops(io, sizeof io, p->level_bps, d->block);
        char note[200];
        cache_end_note(note, sizeof note, an, k, cache_at);
        ssd__text_add(t,
                      "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" "
                      "data-tip=\"phase %zu%s%s%s: %.2f-%.2f GiB, level %.1f MiB/s%s%s\"/>\n",
                      x0, ch->t, fmax(x1 - x0, 0.5), bottom - ch->t,
                      ri < 0          ? k % 2 ? "#f1f1f1" : "#e6eef8"
                      : ri < NREGIMES ? regime_drawn[ri].color
                                      : "#eeeeee",
                      k + 1, regimes[k][0] ? " (" : "",
                      undecided && !strcmp(regimes[k], "direct") ? "cache or direct" : regimes[k],
                      regimes[k][0] ? ")" : "", p->start_bytes / GIB, p->end_bytes / GIB,
                      p->level_bps / MIB, io, note);
    }
    /* A dot per sample: one path of zero-length round-capped segments is
     * far smaller than a circle element each. */
    size_t stride = ssd__drawn_stride(m);
    ssd__text_add(t, "</g>\n<g data-key=\"dots\"><path fill=\"none\" stroke=\"#4a7fb8\" "
                     "stroke-width=\"2.4\" stroke-linecap=\"round\" d=\"");
    for (size_t i = 0; i < m; i += stride)
        ssd__text_add(t, "M%.1f %.1fh0", ssd__chart_x(ch, d->x[i]),
                      ssd__chart_y(ch, fmin(d->y[i], ch->yhi)));
    ssd__text_add(t, "\"/></g>\n<g data-key=\"ma\">");
    ma_lines(t, ch, l, m,
             "<polyline fill=\"none\" stroke=\"#08306b\" stroke-width=\"1.8\" points=\"");
    readouts(t, ch, l, m, "#08306b", NULL);
    ssd__text_add(t, "</g>\n<g data-key=\"levels\">");
    /* A used state that slides is drawn as it slides: a flat level would
     * cross the curve (AS510S: 43.8 MiB/s across 115 falling to 29). */
    if (!s->has_gc || !s->gc_sliding)
        nt = 0;
    for (size_t k = 0; k < np; k++) {
        const struct ssd_phase *p = &an->res.phases[k];
        if (!(p->start_bytes / GIB < xhi))
            continue;
        if (nt >= 2 && p->regime == SSD_REGIME_GC && fabs(p->start_bytes - s->gc_start_bytes) < 1) {
            ssd__text_add(t,
                          "<polyline fill=\"none\" stroke=\"#e6550d\" stroke-width=\"2\" "
                          "stroke-dasharray=\"6 3\" data-tip=\"phase %zu, used state: %.1f MiB/s "
                          "just after the onset, %.1f MiB/s at the end\" points=\"",
                          k + 1, s->gc_start_level_bps / MIB, s->gc_end_level_bps / MIB);
            for (size_t i = 0; i < nt && tx[i] <= xhi * (1 + 1e-9); i++)
                ssd__text_add(t, "%s%.1f,%.1f", i ? " " : "", ssd__chart_x(ch, tx[i]),
                              ssd__chart_y(ch, ty[i]));
            ssd__text_add(t, "\"/>\n");
            continue;
        }
        double y = ssd__chart_y(ch, p->level_bps / MIB);
        char io[40];
        ssd__fmt_iops(io, sizeof io, p->level_bps, d->block);
        ssd__text_add(t,
                      "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#e6550d\" "
                      "stroke-width=\"2\" stroke-dasharray=\"6 3\" data-tip=\"phase %zu level: "
                      "%.1f MiB/s%s\"/>\n",
                      ssd__chart_x(ch, p->start_bytes / GIB),
                      ssd__chart_x(ch, fmin(p->end_bytes / GIB, xhi)), y, y, k + 1,
                      p->level_bps / MIB, io);
    }
    ssd__text_add(t, "</g>\n");
    char label[160];
    if (stride > 1)
        snprintf(label, sizeof label, "1 in %zu of %zu samples (one dot every %.3g s)", stride, m,
                 stride * d->interval); /* never "every 2th" */
    else
        snprintf(label, sizeof label, "per sample (one dot every %.3g s)", d->interval);
    ssd__legend_item(lg, "dots", "#4a7fb8", 2, label);
    snprintf(label, sizeof label,
             "moving average of %d samples (%.3g s here; the reviews' 30 s at 1 s sampling), "
             "broken at phase boundaries",
             SSD__MA_SAMPLES, SSD__MA_SAMPLES * d->interval);
    ssd__legend_item(lg, "ma", "#08306b", 0, label);
    ssd__legend_item(lg, "levels", "#e6550d", 1,
                     nt >= 2 ? "phase levels (analysis; the used state's as it slides)"
                             : "phase levels (analysis)");
    /* undecided: the run never dropped and was too short to rule a cache
     * out, so its "direct" may be a cache. With no cache, "direct" before
     * a used state is, in the verdict's words, the clean blocks (a drive
     * written before) or the fresh state. */
    const char *first = s->has_cache || undecided ? "" : ssd__no_cache_level_words(s);
    for (int r = 0; r < NREGIMES; r++)
        if (seen_regime[r]) {
            snprintf(label, sizeof label, "phase: %s",
                     undecided && r == 1 ? "one speed throughout: an SLC cache or direct writes, "
                                           "the run is too short to tell"
                     : r == 1 && !strcmp(first, "clean-block speed")
                         ? "clean-block speed (the clean blocks earlier writes left, before the "
                           "used state)"
                     : r == 1 && !strcmp(first, "fresh-state speed")
                         ? "fresh-state speed (direct to TLC/MLC, before the used state)"
                         : regime_drawn[r].words);
            ssd__legend_item(lg, "bands", regime_drawn[r].color, 3, label);
            any_regime = 1;
        }
    if (!any_regime && np)
        ssd__legend_item(lg, "bands", "#e6eef8", 3,
                         "phases found by the analysis (alternating bands)");
    if (s->has_cache && cache_at <= xhi) {
        if (lead > 0)
            snprintf(label, sizeof label,
                     "SLC cache end: %.2f GiB written (a %s%.2f GiB cache after the slow start)",
                     cache_at, ssd__cache_bound_word(s), cache_at - lead);
        else
            snprintf(label, sizeof label, "SLC cache end: %s%.2f GiB", ssd__cache_bound_word(s),
                     cache_at);
        vertical_mark(t, ch, "cache", "#31a354", NULL, 0, cache_at, label);
        ssd__legend_item(lg, "cache", "#31a354", 0, label);
    }
    if (s->has_folding && s->folding_start_bytes / GIB <= xhi) {
        snprintf(label, sizeof label, "folding from %.1f GiB", s->folding_start_bytes / GIB);
        vertical_mark(t, ch, "later", "#756bb1", NULL, 0, s->folding_start_bytes / GIB, label);
        snprintf(label, sizeof label, "folding from %.1f GiB: %.1f MiB/s",
                 s->folding_start_bytes / GIB, s->folding_level_bps / MIB);
        ssd__legend_item(lg, "later", "#756bb1", 0, label);
    }
    if (s->has_gc && s->gc_start_bytes / GIB <= xhi) {
        snprintf(label, sizeof label, "used state (GC) from %.1f GiB", s->gc_start_bytes / GIB);
        vertical_mark(t, ch, "gc", "#636363", NULL, 0, s->gc_start_bytes / GIB, label);
        char io0[40], io1[40];
        ssd__fmt_iops(io0, sizeof io0, s->gc_sliding ? s->gc_start_level_bps : s->gc_level_bps,
                      d->block);
        ssd__fmt_iops(io1, sizeof io1, s->gc_end_level_bps, d->block);
        if (s->gc_sliding)
            snprintf(label, sizeof label,
                     "used state (GC) from %.1f GiB: %.1f%s falling to %.1f MiB/s%s",
                     s->gc_start_bytes / GIB, s->gc_start_level_bps / MIB, io0,
                     s->gc_end_level_bps / MIB, io1);
        else
            snprintf(label, sizeof label, "used state (GC) from %.1f GiB: %.1f MiB/s%s",
                     s->gc_start_bytes / GIB, s->gc_level_bps / MIB, io0);
        ssd__legend_item(lg, "gc", "#636363", 0, label);
    }
    const struct ssd__step *job = ssd__analysis_job(l->r, an);
    double truth_at = job ? job->res.truth_cache_bytes / GIB : NAN;
    if (truth_at > 0 && truth_at <= xhi) {
        snprintf(label, sizeof label, "sim truth: cache end %.2f GiB", truth_at);
        vertical_mark(t, ch, "truth", "#000", "2 3", 1, truth_at, label);
        ssd__legend_item(lg, "truth", "#000", 1, "simulator's truth: cache end");
    }
}

void ssd__write_curve_chart(struct ssd__text *t, const char *title, const char *attrs,
                            const struct ssd__curve_line *ls, size_t nl, double xhi, double yhi,
                            int detail) {
    size_t *m = calloc(nl + 1, sizeof *m), drawn = 0;
    const double **tc = calloc(nl + 1, sizeof *tc);
    double tlo = INFINITY, thi = -INFINITY, ymax = 0;
    if (!m || !tc) {
        t->oom = 1;
        goto done;
    }
    for (size_t k = 0; k < nl; k++) {
        const struct ssd__write_curve *d = ls[k].wc;
        m[k] = samples_upto(d, xhi);
        if (m[k] < (detail ? 2u : 1u)) {
            m[k] = 0;
            continue;
        }
        drawn++;
        for (size_t i = 0; i < m[k]; i++)
            ymax = fmax(ymax, detail ? d->y[i] : d->ma[i]);
        double lo, hi;
        if ((tc[k] = curve_temperature(ls[k].an, m[k], &lo, &hi)))
            tlo = fmin(tlo, lo), thi = fmax(thi, hi);
    }
    if (!drawn)
        goto done;
    if (!(yhi > 0))
        yhi = ymax > 0 ? ymax * (detail ? 1.08 : 1.1) : 1;
    struct ssd__chart ch = {SSD__CHART_FRAME(340), 0, xhi > 0 ? xhi : 1, 0, yhi, 0, 0};
    /* The temperatures' right axis: whole tens of degrees, 20 or more. */
    struct ssd__chart at = ch;
    at.ylo = floor(tlo / 10) * 10, at.yhi = fmax(ceil(thi / 10) * 10, at.ylo + 20);
    struct ssd__text desc = {0}, lg = {0};
    for (size_t k = 0; k < nl; k++)
        if (m[k])
            curve_desc(&desc, &ls[k], m[k], detail);
    char *dtext = ssd__text_take(&desc), ylabel[64] = "MiB/s";
    /* A small-block curve says its IOPS too, as the reviews quote them. */
    if (detail && isfinite(ls[0].wc->block))
        snprintf(ylabel, sizeof ylabel, "MiB/s; \xc3\x97%g = IOPS", MIB / ls[0].wc->block);
    ssd__figure_open(t, attrs, title);
    ssd__chart_open(t, &ch, title, dtext ? dtext : "", "data written, GiB", ylabel, NULL, 0, 0);
    free(dtext);
    if (detail)
        curve_detail(t, &lg, &ch, &ls[0], m[0]);
    int marks = 0;
    for (size_t k = 0; !detail && k < nl; k++) {
        const struct ssd__curve_line *l = &ls[k];
        if (!m[k])
            continue;
        char head[160], key[16];
        snprintf(key, sizeof key, "d%d", l->drive);
        snprintf(head, sizeof head,
                 "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" points=\"", l->color,
                 l->bold ? "2.6" : "1.6");
        ssd__text_add(t, "<g data-key=\"%s\" data-drive=\"%s\">", key, key);
        ma_lines(t, &ch, l, m[k], head);
        readouts(t, &ch, l, m[k], l->color, l->label);
        const struct ssd_analysis_summary *s = &l->an->res.sum;
        double cache_at = cache_start_gib(l->an) + ssd__cache_shown_bytes(s) / GIB;
        if (s->has_cache && cache_at <= ch.xhi) {
            char tip[300];
            snprintf(tip, sizeof tip, "%s: SLC cache end %s%.2f GiB", l->label,
                     ssd__cache_bound_word(s), cache_at);
            vertical_mark(t, &ch, "cache", l->color, "5 3", 2, cache_at, tip);
            marks = 1;
        }
        if (tc[k]) {
            ssd__text_add(t, "<g data-key=\"temp\">");
            temperature_line(t, &at, l, m[k], tc[k], l->color, l->label);
            ssd__text_add(t, "</g>");
        }
        ssd__text_add(t, "</g>\n");
        ssd__legend_item(&lg, key, l->color, 0, l->label);
    }
    if (marks)
        ssd__legend_item(&lg, "cache", "#555", 1, "each drive's SLC cache end (analysis), upright");
    if (tlo <= thi) {
        const char *color = detail ? "#c0392b" : "#555";
        ssd__text_add(t,
                      "<g data-key=\"temp\" class=\"temp-axis\" fill=\"%s\" font-size=\"11\" "
                      "text-anchor=\"end\">",
                      color);
        for (double v = at.ylo; v <= at.yhi + 1e-9; v += 10)
            ssd__text_add(t, "<text x=\"%d\" y=\"%.1f\">%.0f \u00b0C</text>", ch.w - ch.r - 3,
                          ssd__chart_y(&at, v) - 2, v);
        if (detail)
            temperature_line(t, &at, &ls[0], m[0], tc[0], color, NULL);
        ssd__text_add(t, "</g>\n");
        ssd__legend_item(&lg, "temp", color, !detail,
                         detail
                             ? "drive temperature (right axis, \u00b0C), a dot where it throttles"
                             : "drive temperature, dashed (right axis, \u00b0C), a dot where it "
                               "throttles");
    }
    ssd__figure_close(t, &lg);
done:
    free(m);
    free(tc);
}

double ssd__write_curve_zoom(const struct ssd__curve_line *ls, size_t nl, double xhi,
                             double sliver) {
    double zx = 0;
    for (size_t k = 0; k < nl; k++) {
        const struct ssd_analysis_summary *s = &ls[k].an->res.sum;
        double cache = cache_start_gib(ls[k].an) + ssd__cache_shown_bytes(s) / GIB;
        if (s->has_cache && cache < sliver * xhi)
            zx = fmax(zx, fmax(cache * 3, ls[k].wc->n > 1 ? ls[k].wc->x[1] * 8 : 0));
    }
    return fmin(zx, xhi);
}

void ssd__bar_chart(struct ssd__text *t, const char *title, const char *note, const char *desc,
                    const struct ssd__bar *b, size_t n) {
    /* A row a bar, its label on the bar's start and its value in a column
     * of its own on the right: nothing stands left of the bars, so a long
     * drive name fits a phone's width without scrolling. */
    enum { W = 640, VW = 170, ROW = 26 };
    double vmax = 0;
    struct ssd__text dt = {0};
    for (size_t i = 0; i < n; i++) {
        if (isfinite(b[i].v))
            vmax = fmax(vmax, fabs(b[i].v));
        ssd__text_add(&dt, "%s%s: %s", i ? "; " : "", b[i].label, b[i].tip);
    }
    char *d = ssd__text_take(&dt);
    ssd__text_html_in(t, "<figure class=\"bars\"><figcaption>", title, "");
    if (note)
        ssd__text_html_in(t, " <small>(", note, ")</small>");
    ssd__text_add(t, "</figcaption>\n");
    chart_svg(t, W, (int)n * ROW + 8, title, desc ? desc : d ? d : "", 14);
    free(d);
    for (size_t i = 0; i < n; i++) {
        int y = 4 + (int)i * ROW, bar = isfinite(b[i].v);
        ssd__text_add(t, "<g");
        if (b[i].drive >= 0)
            ssd__text_add(t, " data-drive=\"d%d\"", b[i].drive);
        ssd__text_html_in(t, " data-tip=\"", b[i].label, ": ");
        ssd__text_html_in(t, "", b[i].tip, "\"");
        if (b[i].state)
            ssd__text_add(t, " data-state=\"%s\"", b[i].state);
        ssd__text_add(t, ">");
        if (bar)
            ssd__text_add(t,
                          "<rect x=\"2\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" "
                          "fill-opacity=\".5\"%s/>",
                          y + 3, fmax(vmax > 0 ? fabs(b[i].v) / vmax * (W - VW - 12) : 0, 1),
                          ROW - 8, b[i].color,
                          b[i].dashed ? " stroke=\"#555\" stroke-dasharray=\"4 3\"" : "");
        /* The label on its bar, which is light enough to read it on; a
         * long one is cut here, the read-out has it whole. A drive without
         * the figure says why after its name, never with a zero-length bar. */
        char shortl[36];
        snprintf(shortl, sizeof shortl, "%s", b[i].label);
        if (strlen(b[i].label) >= sizeof shortl)
            memcpy(shortl + sizeof shortl - 4, "...", 4);
        ssd__text_add(t, "<text x=\"8\" y=\"%d\"%s>", y + 17,
                      b[i].bold ? " font-weight=\"bold\"" : "");
        ssd__text_html(t, shortl);
        if (!bar)
            ssd__text_add(t, "<tspan fill=\"%s\" font-style=\"italic\" font-weight=\"normal\"> ",
                          b[i].color);
        else
            ssd__text_add(t, "</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">", W - 4, y + 17);
        ssd__text_html_in(t, "", b[i].text, bar ? "</text></g>\n" : "</tspan></text></g>\n");
    }
    ssd__text_add(t, "</svg></figure>\n");
}

const char *const ssd__report_palette[SSD__PALETTE_SIZE] = {
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
    "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

static const char page_css[] =
    "body{font-family:sans-serif;max-width:1000px;margin:1em auto;padding:0 .6em;color:#222}\n"
    "svg.chart{width:100%;max-width:820px;height:auto;display:block}\n"
    "figure{margin:0 0 1.5em;break-inside:avoid;page-break-inside:avoid}\n"
    "figcaption{font-weight:bold;margin:.3em 0}\n"
    "h2,h3{break-after:avoid;page-break-after:avoid}\n"
    "table{border-collapse:collapse;margin:.5em 0 1.5em}\n"
    "th,td{padding:2px 8px;text-align:left;vertical-align:top}\n"
    "table.grid td,table.grid th{border:1px solid #ccc}\n"
    "table.grid{display:block;overflow-x:auto;max-width:100%}\n"
    "td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
    "table.meta td,h1{overflow-wrap:anywhere}\n"
    "div.headline{columns:2 24em;column-gap:2em;margin:.5em 0 1.5em}\n"
    "div.headline table{margin:0 0 1em}\n"
    "table.kv caption{text-align:left;font-weight:bold;padding:0 8px;border-bottom:1px solid "
    "#ccc}\n"
    ".scroll{overflow-x:auto;max-width:100%}\n"
    "tr.failed td,.err{color:#b00}\ntr.interrupted td,tr.skipped td,.warn{color:#a60}\n"
    "tr.pending td{color:#999}\ncode{font-size:90%;overflow-wrap:anywhere}\n"
    "p.consistency{font-size:.92em;margin:-.6em 0 1.2em}\nnav.toc ol{margin:.2em 0 .6em}\n"
    "ul.verdicts{margin:.4em 0 1em;padding-left:1.4em}ul.verdicts li{margin:.15em 0}\n"
    ".verdict{font-size:1.15em;border-left:4px solid #1f77b4;padding:.3em "
    ".7em;background:#f4f8fc}\n"
    "ul.legend{list-style:none;margin:.2em 0;padding:0;display:flex;flex-wrap:wrap;gap:.2em 1em;"
    "font-size:.9em}\n"
    "ul.legend "
    "button{background:none;border:0;padding:2px;cursor:pointer;font:inherit;color:inherit;"
    "text-align:left}"
    "\nul.legend button.off{opacity:.35;text-decoration:line-through}\n"
    ".sw{display:inline-block;width:22px;height:10px;margin-right:5px;vertical-align:middle}\n"
    ".sw.line{border-top:3px solid var(--c);height:0}\n"
    ".sw.dash{border-top:3px dashed var(--c);height:0}\n"
    ".sw.dot{width:8px;height:8px;border-radius:50%;background:var(--c)}\n"
    ".sw.band{background:var(--c);opacity:.6}\n"
    "table.cdm{border-collapse:separate;border-spacing:4px;margin:.3em 0 .8em}\n"
    "table.cdm caption{text-align:left;font-size:.85em;caption-side:bottom;color:#444}\n"
    "table.cdm th{text-align:left;padding-right:.6em}\n"
    "table.cdm td{border:1px solid #9ab;border-radius:4px;background:#f3f8f3;"
    "padding:.25em .6em;text-align:right;min-width:8em;font-variant-numeric:tabular-nums}\n"
    "table.cdm td b{display:block;font-size:1.55em}table.cdm small{display:block;color:#333}\n"
    "td.best{font-weight:bold}\n"
    ":where(.barsgrid) svg.chart text{font-size:15px}\n"
    "svg [data-tip]:focus{outline:2px solid #000;outline-offset:1px}\n"
    "#tip{position:fixed;pointer-events:none;background:#222;color:#fff;padding:3px 6px;"
    "border-radius:3px;font-size:12px;display:none;z-index:9}\n"
    /* Chart text is in SVG units and shrinks with the SVG: on a phone the
     * charts (640 units wide) show at about 0.6 of their size, so their text
     * is set larger there to stay at 11 px or more; legends get smaller
     * text and less air so they stay shorter than their charts. */
    "@media (max-width:600px){body{font-size:15px}table{font-size:13px}"
    "svg.chart text{font-size:16px}"
    "ul.legend{font-size:12px;gap:0 .7em;line-height:1.25}ul.legend button{padding:1px 0}}\n"
    /* Tables of one drive (or one figure) a row become cards on a phone,
     * as review sites show spec tables there: each cell on its own line
     * after its column's head (data-label), nothing to scroll sideways. */
    "@media screen and (max-width:600px){table.cards,table.cards tbody,table.cards tr,"
    "table.cards th,table.cards td{display:block}"
    "table.cards tr:first-child{display:none}"
    "table.cards tr{border:1px solid #bbb;border-radius:4px;margin:0 0 .6em;padding:.2em .4em}"
    "table.grid.cards td,table.grid.cards th{border:0;padding:1px 0}"
    "table.cards td{display:grid;grid-template-columns:9.5em 1fr;gap:.5em;text-align:left}"
    "table.cards td::before{content:attr(data-label);font-weight:bold;color:#444}}\n"
    "@media (max-width:480px){svg.chart{overflow:visible}svg.chart text{font-size:19px}"
    "svg.chart text.yrep{display:none}}\n"
    "@media (max-width:340px){svg.chart text{font-size:23px}}\n"
    /* Paper: A4, charts at two thirds of the width with their legend
     * beside them, no blank pages, no heading or caption left at a page
     * foot, no figure or small table cut in two. */
    "@page{size:A4;margin:12mm 12mm 14mm}\n"
    "@media print{body{max-width:none;margin:0;padding:0;font-size:9pt;line-height:1.25}"
    "#tip,ul.legend button.off,nav.toc{display:none}"
    "\n details.steps:not([open])>*:not(summary){display:none}\n"
    " h1{font-size:15pt;margin:0 0 .3em}h2{font-size:12pt;margin:.8em 0 .3em}"
    "h3{font-size:10pt;margin:.6em 0 .2em}\n"
    " h1,h2,h3,figcaption,caption{break-after:avoid;page-break-after:avoid}\n"
    " figure{display:grid;grid-template-columns:56% 44%;align-items:start;margin:0 0 .6em;"
    "break-inside:avoid;page-break-inside:avoid}\n"
    " figure>figcaption,figure>:not(svg):not(ul.legend){grid-column:1/-1}\n"
    " svg.chart{max-width:none}ul.legend{display:block;font-size:7.5pt;margin:0 0 0 .8em}"
    "ul.legend li{margin:0 0 .15em}\n"
    " table{margin:.2em 0 .6em;font-size:7.5pt}th,td{padding:1px 5px}"
    "table.grid{display:table;overflow:visible}.scroll{overflow:visible}\n"
    " table{page-break-inside:auto}tr{break-inside:avoid;page-break-inside:avoid}"
    "tr:first-child{break-after:avoid;page-break-after:avoid}\n"
    " .verdict{font-size:10pt}"
    " .barsgrid{grid-template-columns:repeat(2,1fr)!important}.barsgrid figure{display:block}"
    ".barsgrid svg.chart{max-width:100%}}\n";

/* Legend buttons hide or show the SVG groups with the same data-key in
 * their figure; any element with data-tip shows it on hover (units
 * included). No external fetch. */
static const char page_js[] =
    "(function(){var tip=document.getElementById('tip');\n"
    "document.querySelectorAll('ul.legend button').forEach(function(b){\n"
    " b.addEventListener('click',function(){var f=b.closest('figure');if(!f)return;\n"
    "  var off=b.classList.toggle('off');b.setAttribute('aria-pressed',off?'false':'true');\n"
    "  f.querySelectorAll('[data-key=\"'+b.getAttribute('data-key')+'\"]').forEach(function(g){\n"
    "   if(g!==b)g.style.display=off?'none':'';});});});\n"
    "document.addEventListener('mouseover',function(e){var el=e.target.closest?"
    "e.target.closest('[data-tip]'):null;\n"
    " if(!el||!tip){if(tip)tip.style.display='none';return;}\n"
    " tip.textContent=el.getAttribute('data-tip');tip.style.display='block';});\n"
    "document.addEventListener('mousemove',function(e){if(tip){tip.style.left=(e.clientX+12)+'px';"
    "tip.style.top=(e.clientY+12)+'px';}});\n"
    /* Keyboard and screen reader: every read-out is a focusable point
     * named by its text; focus shows the read-out beside it. */
    "document.querySelectorAll('svg [data-tip]').forEach(function(el){"
    "el.setAttribute('tabindex','0');el.setAttribute('role','img');"
    "el.setAttribute('aria-label',el.getAttribute('data-tip'));});\n"
    "document.addEventListener('focusin',function(e){var el=e.target.closest?"
    "e.target.closest('svg [data-tip]'):null;if(!el||!tip){if(tip)tip.style.display='none';"
    "return;}var r=el.getBoundingClientRect();tip.textContent=el.getAttribute('data-tip');"
    "tip.style.left=(r.right+6)+'px';tip.style.top=(r.bottom+6)+'px';"
    "tip.style.display='block';});\n"
    /* A page-wide drive switch (the compare's): the drive's marks in every
     * chart, its bars and its small chart, and its entries in every legend
     * go off and on together. */
    "document.querySelectorAll('.drivebar button').forEach(function(b){\n"
    " b.addEventListener('click',function(){var d=b.getAttribute('data-drive'),"
    "off=b.getAttribute('aria-pressed')==='true';\n"
    "  b.setAttribute('aria-pressed',off?'false':'true');\n"
    "  document.querySelectorAll('[data-drive=\"'+d+'\"]').forEach(function(el){"
    "if(el.tagName!=='BUTTON')el.style.display=off?'none':'';});\n"
    "  document.querySelectorAll('ul.legend button[data-key=\"'+d+'\"]').forEach(function(l){"
    "l.classList.toggle('off',off);l.setAttribute('aria-pressed',off?'false':'true');});});});\n"
    "})();\n";

void ssd__page_begin(struct ssd__text *t, const char *prefix, const char *title, const char *css) {
    ssd__text_add(t,
                  "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">"
                  "\n<head>\n<meta charset=\"utf-8\"/>\n<title>%s",
                  prefix);
    ssd__text_html(t, title);
    ssd__text_add(t,
                  "</title>\n<meta name=\"viewport\" content=\"width=device-width, "
                  "initial-scale=1\"/>\n<style>\n%s%s</style>\n</head>\n<body>\n"
                  "<div id=\"tip\"></div>\n",
                  page_css, css);
    ssd__text_html_in(t, "<h1>", title, "</h1>\n");
}

/* The page with its contents at `at`: every <h2> after it gets an id made
 * of its words ("Write curves" -> "write-curves"; one given is kept) and a
 * link, and an <h3> with an id a link under its <h2>'s, named without the
 * "H2: " its text starts with. NULL when memory ran out. */
static char *with_contents(const char *page, size_t at) {
    struct ssd__text toc = {0}, rest = {0};
    int n = 0, sub = 0, nid = 0; /* the <h2>s; the <h3>s under the last one; the ids */
    char ids[32][64];
    const char *p = page + at, *h2 = "";
    size_t h2len = 0;
    for (;;) {
        const char *h = strstr(p, "<h2"), *h3 = strstr(p, "<h3 id=\"");
        int level = h3 && (!h || h3 < h) ? 3 : 2;
        h = level == 3 ? h3 : h;
        const char *gt = h ? strchr(h, '>') : NULL;
        const char *end = gt ? strstr(gt, level == 3 ? "</h3>" : "</h2>") : NULL;
        if (!end) {
            ssd__text_add(&rest, "%s", p);
            break;
        }
        ssd__text_raw(&rest, p, (size_t)(h - p));
        char id[64] = "";
        const char *given = strstr(h, "id=\"");
        if (given && given < gt) {
            size_t len = strcspn(given + 4, "\"");
            snprintf(id, sizeof id, "%.*s", (int)(len < 63 ? len : 63), given + 4);
        } else {
            size_t k = 0;
            for (const char *c = gt + 1; c < end && k + 1 < sizeof id; c++) {
                char ch = *c >= 'A' && *c <= 'Z' ? (char)(*c - 'A' + 'a') : *c;
                int word = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9');
                if (word)
                    id[k++] = ch;
                else if (k && id[k - 1] != '-')
                    id[k++] = '-';
            }
            while (k && id[k - 1] == '-')
                k--;
            id[k] = 0;
            for (int q = 2, taken = 1; taken; q++) { /* unique on the page */
                taken = 0;
                for (int j = 0; j < nid && j < 32; j++)
                    taken |= !strcmp(ids[j], id);
                if (taken)
                    snprintf(id + (k < 52 ? k : 52), 12, "-%d", q & 0xffff);
            }
        }
        if (nid < 32)
            snprintf(ids[nid], sizeof ids[nid], "%s", id);
        nid++;
        const char *text = gt + 1;
        size_t len = (size_t)(end - text);
        ssd__text_add(&rest, "<h%d id=\"%s\">", level, id);
        ssd__text_raw(&rest, text, len);
        ssd__text_add(&rest, "</h%d>", level);
        if (level == 2) {
            ssd__text_add(&toc, "%s<li><a href=\"#%s\">", n++ ? sub ? "</ol></li>" : "</li>" : "",
                          id);
            h2 = text, h2len = len, sub = 0;
        } else {
            if (len > h2len + 2 && !strncmp(text, h2, h2len) && !strncmp(text + h2len, ": ", 2))
                text += h2len + 2, len -= h2len + 2;
            ssd__text_add(&toc, "%s<li><a href=\"#%s\">", sub++ ? "" : "<ol>", id);
        }
        ssd__text_raw(&toc, text, len);
        ssd__text_add(&toc, level == 2 ? "</a>" : "</a></li>");
        p = end + 5;
    }
    if (n)
        ssd__text_add(&toc, sub ? "</ol></li>" : "</li>");
    char *links = ssd__text_take(&toc), *body = ssd__text_take(&rest);
    struct ssd__text all = {0};
    ssd__text_raw(&all, page, at);
    if (links && n >= 2)
        ssd__text_add(&all, "<nav class=\"toc\"><b>Contents</b><ol>%s</ol></nav>\n", links);
    if (body)
        ssd__text_add(&all, "%s", body);
    int oom = !links || !body;
    free(links);
    free(body);
    char *out = ssd__text_take(&all);
    if (oom) {
        free(out);
        return NULL;
    }
    return out;
}

char *ssd__page_end(struct ssd__text *t, size_t toc_at, const char *note) {
    ssd__text_add(t,
                  "<p>ssdcore %s%s</p>\n<script>//<![CDATA[\n%s//]]></script>\n</body>\n"
                  "</html>\n",
                  SSD_VERSION_STRING, note, page_js);
    char *page = ssd__text_take(t), *out = page ? with_contents(page, toc_at) : NULL;
    free(page);
    return out;
}
