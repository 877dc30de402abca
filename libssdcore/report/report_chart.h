/* report_chart.h - internal: what the single-run report and the compare
 * page draw the same way: the points of a write curve (the stray last
 * partial interval left out), the moving average in samples broken at phase
 * boundaries, responsive SVG frames with readable axis labels, HTML
 * legends the page's script can toggle, and the page around them (head,
 * style, script, contents). */
#ifndef SSD_REPORT_CHART_H
#define SSD_REPORT_CHART_H

#include <stddef.h>

#include "ssdcore/series.h"
#include "text.h"

/* The moving average of the write curves spans this many samples: the
 * reviews' 30 s at their 1 s sampling, whatever the run's interval is. */
#define SSD__MA_SAMPLES 30

/* Bytes in the binary units the pages show (MiB/s, GiB written). */
#define MIB 1048576.0
#define GIB 1073741824.0

/* The plot geometry in SVG user units; the SVG scales to the page width. */
#define SSD__CHART_FRAME(h) 640, (h), 64, 16, 14, 44 /* the line charts': w, h, l, r, t, b */
struct ssd__chart {
    int w, h;       /* whole SVG */
    int l, r, t, b; /* margins around the plot area */
    double xlo, xhi, ylo, yhi;
    int xlog2, ylog10;
};

/* The median of the n intervals t[i] - t[i - 1] (t[-1] = 0) between a series'
 * sample times: its sampling interval. NaN when n is 0 or memory ran out. */
double ssd__median_interval(const double *t, size_t n);

/* A write curve as the report and the compare page draw it: its points,
 * their moving average broken where the analysis' phases start, the
 * sampling interval and the block size its IOPS are said at. */
struct ssd__results;
struct ssd__step;
struct ssd__write_curve {
    size_t n;
    double *x, *y, *ma; /* GiB written, MiB/s, moving average */
    double interval;    /* median sampling interval, s */
    double block;       /* bytes a request when IOPS are said too (ssd__iops_block), or NaN */
};

/* Loads the curve of run r's analyze step an (which keeps its series);
 * returns its number of points, 0 (and nothing to free) when it has none
 * or memory ran out. */
size_t ssd__write_curve_load(const struct ssd__results *r, const struct ssd__step *an,
                             struct ssd__write_curve *wc);
void ssd__write_curve_free(struct ssd__write_curve *wc);

/* The least temperature range (max - min) a write curve must show for the
 * drive's temperature to be drawn when it did not throttle: a flat line
 * says nothing the curve needs and would be read as a level. */
#define SSD__TEMP_DRAW_MIN_RANGE_C 3.0

/* One drive's write curve in a write-curve chart. */
struct ssd__curve_line {
    const struct ssd__results *r;      /* its run */
    const struct ssd__step *an;        /* its analysis: summary, phases, series */
    const struct ssd__write_curve *wc; /* loaded from an */
    const char *label;                 /* the drive (an overlay's legend, desc, read-outs) */
    const char *color;                 /* its line in an overlay */
    int drive;                         /* an overlay's legend key and data-drive d<drive> */
    int bold;                          /* the highlighted drive: a wider line */
};

/* The write curve chart over [0, xhi] GiB written, y up to yhi MiB/s (0:
 * what the samples need), as the report and the compare page draw it.
 * detail (one line): every sample as a dot, the moving average broken at
 * the phases, the phases as bands coloured by regime with their levels,
 * the cache end, folding and used-state marks, and the simulator's truth.
 * Otherwise each line's moving average in its colour with its cache end
 * dashed. Both: read-outs along the moving averages, the drive's
 * temperature on a right axis when it tells something (and where it
 * throttled), a desc with each curve's figures, a legend entry for every
 * mark. attrs: the <figure>'s (NULL or " data-drive=..."). */
void ssd__write_curve_chart(struct ssd__text *t, const char *title, const char *attrs,
                            const struct ssd__curve_line *ls, size_t nl, double xhi, double yhi,
                            int detail);

/* report_html.c: the line under a write curve that names the reference
 * its analysis leaned on when the analyze step names none (the log of the
 * whole-drive fill the run followed, or the reference the run's log
 * records), led by who in bold (the series on a drive's report, the
 * drive on the compare page); nothing when the step names its own. */
void ssd__reference_line(struct ssd__text *t, const struct ssd__results *s,
                         const struct ssd__step *an, const char *who);

/* The x range of a zoom of the curves' start: three times the largest
 * cache that is a sliver (under that share) of [0, xhi] GiB, and at least
 * 8 samples; 0 when no cache needs one. */
double ssd__write_curve_zoom(const struct ssd__curve_line *ls, size_t nl, double xhi,
                             double sliver);

/* Every how many samples a line of n draws one: at most 4000 a line (a
 * chart is 560 px wide, and a long series drawn whole made pages of a
 * hundred megabytes). */
size_t ssd__drawn_stride(size_t n);

double ssd__chart_x(const struct ssd__chart *c, double v);
double ssd__chart_y(const struct ssd__chart *c, double v);

/* A responsive SVG (width 100 %) for the chart c on a white ground, with its axis titles.
 * yrep: the y ticks carry their unit ("100 ms"), so the y title only
 * repeats it; on a phone, where the ticks run wider than the margin, it
 * would lie over them, and it is left out there (class yrep). */
void ssd__chart_begin(struct ssd__text *t, const struct ssd__chart *c, const char *title,
                      const char *desc, const char *xlabel, const char *ylabel, int yrep);

/* ssd__chart_begin, then the grid, ticks with readable labels (1, 2, 5
 * steps; 1k/1M for large numbers, sizes as 4K/1M on log2 axes with xticks)
 * and the plot area's border. */
void ssd__chart_open(struct ssd__text *t, const struct ssd__chart *c, const char *title,
                     const char *desc, const char *xlabel, const char *ylabel, const double *xticks,
                     size_t nxticks, int xsize);
void ssd__chart_close(struct ssd__text *t);

/* <figure ATTRS> (NULL or " class=..."), its caption; and at the end the
 * SVG closed, the legend items taken from lg below it, </figure>. */
void ssd__figure_open(struct ssd__text *t, const char *attrs, const char *title);
void ssd__figure_close(struct ssd__text *t, struct ssd__text *lg);

/* The plot area's border, for a page that frames its SVG itself. */
void ssd__chart_frame(struct ssd__text *t, const struct ssd__chart *c);

/* One labelled grid line at pixel X (below the plot) or Y (left of it). */
void ssd__chart_xline(struct ssd__text *t, const struct ssd__chart *c, double X, const char *stroke,
                      const char *label);
void ssd__chart_yline(struct ssd__text *t, const struct ssd__chart *c, double Y, const char *stroke,
                      const char *label);

/* A line through every stride-th point (x[i], y[i]), broken where y is not
 * finite (a failed reading: a gap, never a 0): each piece is `head` (an
 * element up to its open points=" attribute) and its points. */
void ssd__chart_gapped_line(struct ssd__text *t, const struct ssd__chart *c, const double *x,
                            const double *y, size_t n, size_t stride, const char *head);

/* A step of 1, 2 or 5 times a power of ten giving about n ticks. */
double ssd__nice_step(double range, int n);

/* A number for an axis: 950, 1.5k, 12k, 1M. */
void ssd__fmt_axis(char *buf, size_t len, double v);
/* A size in bytes as the axes and verdicts say it: 4K, 1M; below 1K the
 * number and then `bytes` ("512" on an axis, "512 B" in words). */
void ssd__fmt_block(char *buf, size_t len, double v, const char *bytes);

/* The block size of a write curve's job when its speed is better said in
 * IOPS too (a small-block test: 64 KiB or less, as the reviews quote the
 * 4K degradation runs), from its bs= option; NaN otherwise. */
double ssd__iops_block(const char *bs_option);

/* v rounded, its thousands apart as the reviews print them: 1234567 ->
 * "1,234,567". */
void ssd__fmt_thousands(char *buf, size_t len, double v);

/* " (1,828 IOPS)" for bytes_per_s at block bytes a request; "" when block
 * is NaN. */
void ssd__fmt_iops(char *buf, size_t len, double bytes_per_s, double block);

/* before, then s escaped for HTML (ssd__text_html), then after: an
 * element around a text anyone may have written (a drive's name, a step
 * line, a message). */
void ssd__text_html_in(struct ssd__text *t, const char *before, const char *s, const char *after);

/* A legend entry in HTML (outside the plot): a swatch and a label; `key`
 * ties it to the SVG group data-key="key" the script toggles. style:
 * 0 line, 1 dashed line, 2 dot, 3 band. */
void ssd__legend_item(struct ssd__text *t, const char *key, const char *color, int style,
                      const char *label);

/* One series of a line chart: its points (x, y; a point outside the
 * chart's range, or not finite, is left out), a marker at each with its
 * read-out, and a line through them. */
enum { SSD__MARK_NONE, SSD__MARK_CIRCLE, SSD__MARK_SQUARE };
struct ssd__line {
    const char *label;  /* the read-outs' and the legend's name */
    const char *legend; /* the legend's text when it says more; NULL: label */
    const char *key;    /* data-key: the legend toggles it */
    const char *drive;  /* data-drive (the compare's page-wide switch) or NULL */
    const char *color;
    const double *x, *y;
    size_t n;
    int marker;       /* SSD__MARK_*: curves differ by it and dash, not only colour */
    double r;         /* marker radius (half the square's side) */
    double width;     /* line width; 0: dots, no line */
    const char *dash; /* stroke-dasharray, or NULL for a solid line */
};

/* A line chart in its figure: the caption, the SVG (its desc says each
 * series' first and last point), the series and their legend. */
struct ssd__line_chart {
    const char *title, *xlabel, *ylabel; /* ylabel is also the read-outs' unit */
    const char *xname;                   /* x in the read-outs: "QD 4", "round 3" */
    int h;                               /* SVG height (width 640) */
    int xlog2, ylog10, xsize;            /* x on log2 axis, y on log10; x is a size in bytes */
    const double *xticks;                /* labelled x ticks, or NULL */
    size_t nxticks;
    int xticks_at_points; /* no xticks: ticks at the points' x (log2 axis or up to 12) */
    size_t min_xs;        /* draw nothing with fewer distinct x (a curve of one dot) */
    int ydec;             /* decimals of y in the read-outs; -1: 4 significant digits */
};

/* The points of curve `group` in run s that can be drawn: x, and y in MiB/s
 * (unit 0), IOPS (1) or MB/s (2, decimal as CrystalDiskMark prints), in
 * step order; x and y hold s->nsteps. Returns their number. */
size_t ssd__group_points(const struct ssd__results *s, const char *group, int xlog2, int unit,
                         double *x, double *y);

/* Appends the figure to t; 0 (nothing appended) when no point is drawable
 * or there are fewer than min_xs distinct x, else 1. */
int ssd__line_chart(struct ssd__text *t, const struct ssd__line_chart *lc,
                    const struct ssd__line *ls, size_t nl);

/* One bar of a horizontal bar chart: its label on the left, its length
 * |v| against the longest and its text; NaN v: no bar, the text in words
 * (italic) instead, never a zero-length bar. */
struct ssd__bar {
    const char *label; /* cut at 35 characters: the read-out has it whole */
    double v;
    char text[96]; /* on the bar: its value (and difference) or the words */
    char tip[200]; /* the read-out, after "label: " */
    const char *color;
    const char *state; /* data-state, or NULL */
    int drive;         /* data-drive d<drive>, or -1 */
    int bold, dashed;  /* the highlighted drive's label; a bound's bar */
};

/* A figure of horizontal bars in the given order, captioned title (note
 * after it, small, unless NULL); desc NULL: every bar's "label: tip". */
void ssd__bar_chart(struct ssd__text *t, const char *title, const char *note, const char *desc,
                    const struct ssd__bar *b, size_t n);

/* The colours of the series, in order: the compare page's drives cycle
 * through all of them, the report's own charts through the first 8. */
#define SSD__PALETTE_SIZE 10
extern const char *const ssd__report_palette[SSD__PALETTE_SIZE];

/* The frame of the report and the compare page: the head (its <title>
 * "prefix" + title, the stylesheet for screen, phone and print, then the
 * page's own css), <body>, the tooltip's <div> and title as <h1>; at the
 * end "ssdcore VERSION" and `note` as its last paragraph and the small
 * script (legend toggles, hover read-outs from data-tip attributes).
 * page_end returns the page taken from t (NULL: out of memory) with its
 * contents at toc_at (where t ended after page_begin, or after what comes
 * before the first heading): a link to every <h2> (each given an id made
 * of its words unless it has one), and under it to every <h3> that has an
 * id, when there are two <h2>s or more. */
void ssd__page_begin(struct ssd__text *t, const char *prefix, const char *title, const char *css);
char *ssd__page_end(struct ssd__text *t, size_t toc_at, const char *note);

#endif
