/* report_pts.c - the SNIA PTS section of report.html, drawn from each pts
 * step's "pts" object as the spec's report pages show it: for the round
 * tests the steady-state convergence and the measurement window (its mean,
 * the +-10 % band of the 20 % data excursion, the fitted line), the IOPS
 * table (R/W mix x block size) and the 2D IOPS plot, the throughput and
 * latency tables; WSAT's IOPS against time and against data written; HIR's
 * IOPS against time, bursts coloured by wait state. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "report_chart.h"
#include "report_html.h"
#include "results_model.h"

/* One series of a PTS chart: style 0 a line with dots, 1 a dashed line, 2
 * dots. */
static struct ssd__line line(const char *label, const double *x, const double *y, int n, int style,
                             const char *color) {
    int marker = style == 1 ? SSD__MARK_NONE : SSD__MARK_CIRCLE;
    const char *dash = style == 1 ? "6 4" : NULL;
    size_t points = (size_t)(n > 0 ? n : 0);
    double r = style == 2 ? 2 : 3, width = style == 2 ? 0 : 2;
    return (struct ssd__line){label, NULL, NULL, NULL, color, x, y, points, marker, r, width, dash};
}

/* xname names x in the read-outs; the y label is the unit. */
static void chart(struct ssd__text *t, const char *title, const char *xl, const char *xname,
                  const char *yl, const struct ssd__line *ls, int nl, int xlog2, int ylog10,
                  const double *xticks, int nxt, int xsize) {
    const struct ssd__line_chart lc = {title, xl,     yl,          xname, 340, xlog2, ylog10,
                                       xsize, xticks, (size_t)nxt, 0,     1,   -1};
    ssd__line_chart(t, &lc, ls, (size_t)nl);
}

/* A count or a round number from results.json, which may be anything:
 * 0 unless a whole number in [0, 1e6]. */
static int whole(double v) {
    return v >= 0 && v <= 1e6 ? (int)v : 0;
}

/* The numbers of an array member (NaN for null), malloc'd; *n its length. */
static double *array(const struct ssd__jv *v, const char *key, int *n) {
    const struct ssd__jv *a = ssd__jv_get(v, key);
    *n = 0;
    if (!a || a->type != SSD__JARR || !a->n)
        return NULL;
    double *out = malloc(a->n * sizeof *out);
    if (!out)
        return NULL;
    for (size_t i = 0; i < a->n; i++)
        out[i] = a->items[i].type == SSD__JNUM ? a->items[i].num : NAN;
    *n = (int)a->n;
    return out;
}

/* Whole rounds on the axis: 1, 2, 3... (every other one past 12). */
static int round_ticks(double *ticks, int rounds) {
    int n = 0, step = rounds > 12 ? (rounds + 11) / 12 : 1;
    for (int r = 1; r <= rounds && n < 64; r += step)
        ticks[n++] = r;
    return n;
}

static void mix_label(char *buf, size_t len, int read_pct) {
    snprintf(buf, len, "R/W %d/%d", read_pct, 100 - read_pct);
}

/* Block sizes as the spec writes them: 0.5K, 4K, 1024K. */
static void size_label(char *buf, size_t len, double bs) {
    snprintf(buf, len, "%gK", bs / 1024);
}

/* The body of a measurement table (after its caption): a row per R/W mix,
 * a column per block size, each cell the table's `key` over `divisor` with
 * `decimals` digits. */
static void mix_table(struct ssd__text *t, const struct ssd__jv *v, const char *key, double divisor,
                      int decimals, const double *bs, int nb, const double *mix, int nm) {
    ssd__text_add(t, "<tr><th>R/W mix</th>");
    for (int b = 0; b < nb; b++) {
        char l[32];
        size_label(l, sizeof l, bs[b]);
        ssd__text_add(t, "<th>%s</th>", l);
    }
    ssd__text_add(t, "</tr>\n");
    for (int m = 0; m < nm; m++) {
        char l[32];
        mix_label(l, sizeof l, (int)fmax(-1, fmin(101, isfinite(mix[m]) ? mix[m] : -1)));
        ssd__text_add(t, "<tr><td>%s</td>", l);
        for (int b = 0; b < nb; b++)
            ssd__text_add(t, "<td class=\"n\">%.*f</td>", decimals,
                          ssd__pts_cell(v, key, m, b) / divisor);
        ssd__text_add(t, "</tr>\n");
    }
    ssd__text_add(t, "</table>\n");
}

/* A figure of the steady-state rule in three significant digits, but as
 * whole digits from 1000 on (IOPS, MB/s): "12600", never "1.26e+04". */
static const char *rule_figure(char buf[32], double v) {
    snprintf(buf, 32, fabs(v) >= 999.5 ? "%.0f" : "%.3g", v);
    return buf;
}

static void steady_text(struct ssd__text *t, const struct ssd__jv *v) {
    const struct ssd__jv *ss = ssd__jv_get(v, "steady_state");
    int rounds = whole(ssd__jv_num(v, "rounds", 0));
    const char *track = ssd__jv_str(v, "tracking");
    ssd__text_html_in(t, "<p>", ssd__jv_str(v, "spec"), ". Tracking variable: ");
    ssd__text_html(t, track ? track : "?");
    char f1[32], f2[32], f3[32], f4[32];
    if (ssd__jv_true(ss, "reached"))
        ssd__text_add(t,
                      ". <b>Steady state reached</b> in rounds %.0f-%.0f of %d (data excursion "
                      "%s, limit %s; slope excursion %s, limit %s).",
                      ssd__jv_num(ss, "first_round", 0), ssd__jv_num(ss, "last_round", 0), rounds,
                      rule_figure(f1, ssd__jv_num(ss, "range", NAN)),
                      rule_figure(f2, ssd__jv_num(ss, "range_limit", NAN)),
                      rule_figure(f3, ssd__jv_num(ss, "slope_excursion", NAN)),
                      rule_figure(f4, ssd__jv_num(ss, "slope_limit", NAN)));
    else if ((ssd__jv_true(ss, "fresh") || ssd__jv_true(ss, "fresh_possible")) &&
             ssd__jv_str(ss, "not_reached")) {
        if (ssd__jv_true(ss, "rule_met"))
            ssd__text_add(t,
                          ". <b class=\"warn\">Steady state not reached</b>: rounds %.0f-%.0f "
                          "meet the rule at ",
                          ssd__jv_num(ss, "first_round", 0), ssd__jv_num(ss, "last_round", 0));
        else
            ssd__text_add(t,
                          ". <b class=\"warn\">Steady state not reached</b> in %d rounds, still "
                          "at ",
                          rounds);
        ssd__text_html_in(t, "", ssd__jv_str(ss, "not_reached"),
                          ". The tables average the last 5 rounds.");
    } else
        ssd__text_add(t,
                      ". <b class=\"warn\">Steady state not reached</b> in %d rounds (at most "
                      "%.0f): the tables average the last 5 rounds.",
                      rounds, ssd__jv_num(v, "max_rounds", 25));
    const char *rw = ssd__jv_str(v, "rounds_why");
    if (rw) {
        /* why the rounds stopped where they did (IOPS, latency) */
        ssd__text_add(t, " %d rounds, ", rounds);
        ssd__text_html(t, ssd__pts_stop_words(ssd__jv_str(v, "stopped_by")));
        ssd__text_html_in(t, ": ", rw, ".");
    }
    ssd__text_add(t, " Purge: ");
    ssd__text_html(t, ssd__jv_str(v, "purge") ? ssd__jv_str(v, "purge") : "none");
    const struct ssd__jv *wipc = ssd__jv_get(v, "wipc");
    if (wipc && wipc->type == SSD__JOBJ)
        ssd__text_add(t,
                      "; preconditioning %.1f GiB of 128 KiB sequential writes (%.0fx the "
                      "capacity)",
                      ssd__jv_num(wipc, "bytes", 0) / GIB, ssd__jv_num(wipc, "loops", 0));
    ssd__text_add(t, "; rounds of %g s.</p>\n", ssd__jv_num(v, "round_s", NAN));
}

/* The tracking variable per round with the window's mean, its +-10 %
 * band (a 20 % data excursion) and the least-squares line. */
static void window_chart(struct ssd__text *t, const char *title, const char *ylabel,
                         const struct ssd__jv *v, double unit) {
    int n;
    double *y = array(v, "tracking_values", &n);
    if (!y || n < 1) {
        free(y);
        return;
    }
    double *x = malloc(n * sizeof *x);
    const struct ssd__jv *ss = ssd__jv_get(v, "steady_state");
    int first = whole(ssd__jv_num(ss, "first_round", 0)),
        last = whole(ssd__jv_num(ss, "last_round", 0));
    double mean = ssd__jv_num(ss, "mean", NAN) / unit, a = ssd__jv_num(ss, "intercept", NAN),
           b = ssd__jv_num(ss, "slope_per_round", NAN);
    double wx[2] = {first, last}, wm[2] = {mean, mean}, hi[2] = {mean * 1.1, mean * 1.1},
           lo[2] = {mean * 0.9, mean * 0.9},
           fit[2] = {(a + b * first) / unit, (a + b * last) / unit};
    if (!x) {
        free(y);
        return;
    }
    for (int i = 0; i < n; i++) {
        x[i] = i + 1;
        y[i] /= unit;
    }
    int win = first > 0 && last >= first;
    struct ssd__line ls[5] = {line("tracking variable", x, y, n, 0, ssd__report_palette[0]),
                              line("window mean", wx, wm, 2, 1, "#555"),
                              line("mean +10 %", wx, hi, 2, 1, "#2ca02c"),
                              line("mean -10 %", wx, lo, 2, 1, "#2ca02c"),
                              line("least-squares fit", wx, fit, 2, 1, ssd__report_palette[1])};
    double ticks[64];
    int nt = round_ticks(ticks, n);
    chart(t, title, "round", "round", ylabel, ls, win ? 5 : 1, 0, 0, ticks, nt, 0);
    free(x);
    free(y);
}

static void iops_test(struct ssd__text *t, const struct ssd__jv *v) {
    int nb, nm;
    double *bs = array(v, "block_sizes", &nb), *mix = array(v, "read_pcts", &nm);
    int rounds = whole(ssd__jv_num(v, "rounds", 0));
    ssd__text_add(t, "<h3>IOPS</h3>\n");
    steady_text(t, v);
    if (!bs || !mix) {
        free(bs);
        free(mix);
        return;
    }
    /* Convergence: every block size at R/W 0/100, round by round. */
    const struct ssd__jv *rr = ssd__jv_get(v, "round_iops");
    int wm = ssd__pts_index(v, "read_pcts", 0);
    double *x = malloc((size_t)(rounds + 1) * sizeof *x),
           *y = malloc((size_t)(rounds + 1) * nb * sizeof *y);
    struct ssd__line ls[16];
    char labels[16][32];
    int nl = 0;
    if (rr && rr->type == SSD__JARR && (size_t)rounds > rr->n)
        rounds = (int)rr->n;
    if (x && y && rr && rr->type == SSD__JARR && wm >= 0) {
        for (int b = 0; b < nb && b < 16; b++) {
            for (int r = 0; r < rounds; r++) {
                x[r] = r + 1;
                const struct ssd__jv *round = r < (int)rr->n ? &rr->items[r] : NULL;
                const struct ssd__jv *row = round && round->type == SSD__JARR && wm < (int)round->n
                                                ? &round->items[wm]
                                                : NULL;
                y[b * rounds + r] = row && row->type == SSD__JARR && b < (int)row->n &&
                                            row->items[b].type == SSD__JNUM
                                        ? row->items[b].num
                                        : NAN;
            }
            size_label(labels[b], sizeof labels[b], bs[b]);
            ls[nl] = line(labels[b], x, y + b * rounds, rounds, 0, ssd__report_palette[nl % 8]);
            nl++;
        }
        double ticks[64];
        int nt = round_ticks(ticks, rounds);
        chart(t, "IOPS steady-state convergence: random writes (R/W 0/100) by block size", "round",
              "round", "IOPS", ls, nl, 0, 1, ticks, nt, 0);
    }
    free(x);
    free(y);
    window_chart(t, "IOPS steady-state measurement window: 4K random writes", "IOPS", v, 1);
    /* The measurement table. */
    ssd__text_add(t, "<table class=\"grid\">\n<caption>IOPS, mean over the %s</caption>\n",
                  ssd__jv_str(v, "table_rounds") ? ssd__jv_str(v, "table_rounds") : "window");
    mix_table(t, v, "iops", 1, 0, bs, nb, mix, nm);
    /* The 2D plot: IOPS against block size, a line per mix. */
    double *yy = malloc((size_t)nm * nb * sizeof *yy);
    char ml[16][32];
    nl = 0;
    for (int m = 0; yy && m < nm && m < 16; m++) {
        for (int b = 0; b < nb; b++)
            yy[m * nb + b] = ssd__pts_cell(v, "iops", m, b);
        mix_label(ml[m], sizeof ml[m], (int)fmax(-1, fmin(101, isfinite(mix[m]) ? mix[m] : -1)));
        ls[nl] = line(ml[m], bs, yy + m * nb, nb, 0, ssd__report_palette[nl % 8]);
        nl++;
    }
    if (yy)
        chart(t, "IOPS against block size by R/W mix (2D plot)", "block size, bytes", "block",
              "IOPS", ls, nl, 1, 1, bs, nb, 1);
    free(yy);
    free(bs);
    free(mix);
}

static void throughput_tests(struct ssd__text *t, const struct ssd__results *s) {
    int any = 0;
    for (int i = 0; i < s->nsteps; i++) {
        struct ssd__jv v;
        if (ssd__pts_parse(&s->steps[i], &v))
            continue;
        const char *test = ssd__jv_str(&v, "test");
        if (test && !strcmp(test, "throughput") && ssd__jv_num(&v, "rounds", 0) > 0) {
            if (!any++)
                ssd__text_add(t, "<h3>Throughput</h3>\n<table class=\"grid\">\n<caption>"
                                 "Sequential throughput, MB/s (10<sup>6</sup> bytes/s) and MiB/s, "
                                 "mean over the steady-state window</caption>\n<tr><th>block "
                                 "size</th><th>read MB/s</th><th>write MB/s</th><th>read "
                                 "MiB/s</th><th>write MiB/s</th><th>rounds</th><th>steady "
                                 "state</th></tr>\n");
            double r = ssd__jv_num(&v, "read_bps", NAN), w = ssd__jv_num(&v, "write_bps", NAN);
            ssd__text_add(t,
                          "<tr><td>%.0fK</td><td class=\"n\">%.1f</td><td class=\"n\">%.1f</td>"
                          "<td class=\"n\">%.1f</td><td class=\"n\">%.1f</td><td class=\"n\">%.0f"
                          "</td><td>%s</td></tr>\n",
                          ssd__jv_num(&v, "bs", 0) / 1024, r / 1e6, w / 1e6, r / MIB, w / MIB,
                          ssd__jv_num(&v, "rounds", 0),
                          ssd__jv_true(ssd__jv_get(&v, "steady_state"), "reached") ? "reached"
                                                                                   : "not reached");
        }
        ssd__jv_free(&v);
    }
    if (any)
        ssd__text_add(t, "</table>\n");
    for (int i = 0; i < s->nsteps; i++) {
        struct ssd__jv v;
        if (ssd__pts_parse(&s->steps[i], &v))
            continue;
        const char *test = ssd__jv_str(&v, "test");
        if (test && !strcmp(test, "throughput")) {
            char title[96];
            snprintf(title, sizeof title,
                     "Throughput steady-state measurement window: %.0fK sequential writes",
                     ssd__jv_num(&v, "bs", 0) / 1024);
            steady_text(t, &v);
            window_chart(t, title, "MiB/s", &v, MIB);
        }
        ssd__jv_free(&v);
    }
}

static void latency_test(struct ssd__text *t, const struct ssd__jv *v) {
    int nb, nm;
    double *bs = array(v, "block_sizes", &nb), *mix = array(v, "read_pcts", &nm);
    ssd__text_add(t, "<h3>Latency</h3>\n");
    steady_text(t, v);
    if (bs && mix) {
        for (int k = 0; k < 2; k++) {
            ssd__text_add(t,
                          "<table class=\"grid\">\n<caption>%s latency, ms, T1Q1 (over the "
                          "%s)</caption>\n",
                          k ? "Maximum" : "Average", ssd__jv_str(v, "table_rounds"));
            mix_table(t, v, k ? "max_us" : "mean_us", 1e3, 3, bs, nb, mix, nm);
        }
    }
    window_chart(t, "Latency steady-state measurement window: mean latency of 4K random writes",
                 "µs", v, 1);
    free(bs);
    free(mix);
}

/* WSAT's level at the end (the last 5 rounds; results before end_iops
 * existed only had steady_iops). */
static double end_iops(const struct ssd__jv *v) {
    double e = ssd__jv_num(v, "end_iops", NAN);
    return isnan(e) ? ssd__jv_num(v, "steady_iops", NAN) : e;
}

static void wsat_test(struct ssd__text *t, const struct ssd__jv *v) {
    int n, nt, nb;
    double *y = array(v, "iops", &n), *ts = array(v, "t_s", &nt),
           *gb = array(v, "written_bytes_at", &nb);
    ssd__text_html_in(t, "<h3>Write saturation (WSAT)</h3>\n<p>", ssd__jv_str(v, "spec"), "");
    ssd__text_add(t,
                  ". 4K random writes from purge, %g s rounds, until %.0fx the capacity or "
                  "%.0f s (stopped by %s): %.0f IOPS fresh, %.0f IOPS at the end ",
                  ssd__jv_num(v, "round_s", NAN), ssd__jv_num(v, "fills", NAN),
                  ssd__jv_num(v, "cap_s", NAN),
                  ssd__jv_str(v, "stopped_by") ? ssd__jv_str(v, "stopped_by") : "?",
                  ssd__jv_num(v, "fresh_iops", NAN), end_iops(v));
    const struct ssd__jv *ss = ssd__jv_get(v, "steady_state");
    if (ssd__jv_true(ss, "reached")) {
        ssd__text_add(t, "(steady: the last 5 rounds meet the steady-state rule, on a drive that "
                         "has left its fresh state).</p>\n");
    } else {
        ssd__text_add(t, "(steady state not reached: ");
        const char *why = ssd__jv_str(ss, "not_reached");
        ssd__text_html_in(t, "", why ? why : "the last 5 rounds do not meet the steady-state rule",
                          ").</p>\n");
    }
    const struct ssd__jv *tr = ssd__jv_get(v, "sim_truth");
    if (y && ts && gb && n == nt && n == nb) {
        double *tmin = malloc(n * sizeof *tmin), *g = malloc(n * sizeof *g);
        if (tmin && g) {
            for (int i = 0; i < n; i++) {
                tmin[i] = ts[i] / 60;
                g[i] = gb[i] / 1e9;
            }
            double ex[2] = {0, tmin[n - 1]}, eg[2] = {0, g[n - 1]},
                   te[2] = {ssd__jv_num(tr, "end_iops", NAN), ssd__jv_num(tr, "end_iops", NAN)},
                   tf[2] = {ssd__jv_num(tr, "floor_iops", NAN), ssd__jv_num(tr, "floor_iops", NAN)};
            int k = tr ? 3 : 1;
            struct ssd__line a[3] = {
                line("IOPS per round", tmin, y, n, 0, ssd__report_palette[0]),
                line("sim truth: speed at the end", ex, te, 2, 1, ssd__report_palette[1]),
                line("sim truth: used-state floor", ex, tf, 2, 1, ssd__report_palette[2])};
            chart(t, "WSAT: IOPS against time", "time, minutes", "minute", "IOPS", a, k, 0, 0, NULL,
                  0, 0);
            a[0].x = g, a[1].x = a[2].x = eg;
            chart(t, "WSAT: IOPS against total data written (TGBW)", "total GB written",
                  "GB written", "IOPS", a, k, 0, 0, NULL, 0, 0);
        }
        free(tmin);
        free(g);
    }
    if (tr)
        ssd__text_add(t,
                      "<table class=\"grid\"><caption>WSAT against the simulator's "
                      "truth</caption><tr><th></th><th>measured</th><th>sim truth</th></tr>\n"
                      "<tr><td>fresh, IOPS</td><td class=\"n\">%.0f</td><td class=\"n\">%.0f</td>"
                      "</tr>\n<tr><td>at the end, IOPS</td><td class=\"n\">%.0f</td><td "
                      "class=\"n\">%.0f</td></tr>\n<tr><td>used-state floor, IOPS</td><td></td>"
                      "<td class=\"n\">%.0f</td></tr>\n</table>\n",
                      ssd__jv_num(v, "fresh_iops", NAN), ssd__jv_num(tr, "fresh_iops", NAN),
                      end_iops(v), ssd__jv_num(tr, "end_iops", NAN),
                      ssd__jv_num(tr, "floor_iops", NAN));
    free(y);
    free(ts);
    free(gb);
}

static void hir_test(struct ssd__text *t, const struct ssd__jv *v) {
    const struct ssd__jv *ws = ssd__jv_get(v, "waits");
    ssd__text_html_in(t, "<h3>Host idle recovery (HIR)</h3>\n<p>", ssd__jv_str(v, "spec"), "");
    double base = ssd__jv_num(v, "baseline_iops", NAN);
    if (!isnan(base)) {
        ssd__text_add(t, ". After 4K random writes to steady state (the baseline, %.0f IOPS), ",
                      base);
    } else {
        const char *why = ssd__jv_str(v, "baseline_not_reached");
        ssd__text_add(t, ". 4K random writes did not reach the steady state (");
        ssd__text_html(t, why ? why : "not reached");
        ssd__text_add(t,
                      "; %.0f IOPS when the pre-write stopped, at %.2fx the capacity), so there "
                      "is no baseline; then ",
                      ssd__jv_num(v, "prewrite_end_iops", NAN),
                      ssd__jv_num(ssd__jv_get(ssd__jv_get(v, "prewrite"), "steady_state"),
                                  "capacities_written", NAN));
    }
    ssd__text_add(t,
                  "%.0f bursts of %g s "
                  "of 4K random writes per wait state, each burst followed by the wait, then "
                  "%g s of continuous writes (the return to baseline).</p>\n",
                  ssd__jv_num(v, "bursts", NAN), ssd__jv_num(v, "burst_s", NAN),
                  ssd__jv_num(v, "baseline_s", NAN));
    const char *rec = ssd__jv_str(ssd__jv_get(v, "recovery"), "words");
    if (rec) {
        ssd__text_html_in(t, "<p>", rec, ".</p>\n");
    }
    if (!ws || ws->type != SSD__JARR)
        return;
    /* The continuous writes (the pre-write and every return to baseline)
     * are one grey series; each wait state's bursts a colour. */
    int np, nq;
    const struct ssd__jv *pre = ssd__jv_get(v, "prewrite");
    double *pt = array(pre, "t_s", &np), *pi = array(pre, "iops", &nq);
    size_t cap = (size_t)(pt && pi && np == nq ? np : 0);
    for (size_t k = 0; k < ws->n; k++) {
        const struct ssd__jv *a = ssd__jv_get(&ws->items[k], "baseline_t_s");
        cap += a && a->type == SSD__JARR ? a->n : 0;
    }
    double *ct = malloc((cap + 1) * sizeof *ct), *ci = malloc((cap + 1) * sizeof *ci);
    int nc = 0;
    for (int i = 0; ct && ci && pt && pi && np == nq && i < np; i++, nc++) {
        ct[nc] = pt[i] / 60;
        ci[nc] = pi[i];
    }
    struct ssd__line ls[9];
    double *arrs[2 * 8] = {0};
    char labels[8][48];
    int nl = 0;
    ssd__text_add(t, "<table class=\"grid\"><caption>Mean IOPS of the bursts by wait "
                     "state</caption><tr><th>wait</th><th>bursts, mean IOPS</th><th>return to "
                     "baseline, mean IOPS</th></tr>\n");
    for (size_t k = 0; k < ws->n && k < 8; k++) {
        const struct ssd__jv *w = &ws->items[k];
        int n1, n2, n3, n4;
        double *bt = array(w, "t_s", &n1), *bi = array(w, "iops", &n2),
               *lt = array(w, "baseline_t_s", &n3), *li = array(w, "baseline_iops_series", &n4);
        arrs[2 * k] = bt;
        arrs[2 * k + 1] = bi;
        for (int i = 0; bt && i < n1; i++)
            bt[i] /= 60;
        for (int i = 0; ct && ci && lt && li && n3 == n4 && i < n3 && (size_t)nc < cap; i++, nc++) {
            ct[nc] = lt[i] / 60;
            ci[nc] = li[i];
        }
        free(lt);
        free(li);
        snprintf(labels[k], sizeof labels[k], "bursts after %g s waits",
                 ssd__jv_num(w, "wait_s", NAN));
        if (bt && bi && n1 == n2)
            ls[nl++] = line(labels[k], bt, bi, n1, 2, ssd__report_palette[k % 8]);
        ssd__text_add(t,
                      "<tr><td>%g s</td><td class=\"n\">%.0f</td><td class=\"n\">%.0f</td></tr>\n",
                      ssd__jv_num(w, "wait_s", NAN), ssd__jv_num(w, "mean_iops", NAN),
                      ssd__jv_num(w, "baseline_iops", NAN));
    }
    ssd__text_add(t, "</table>\n");
    if (ct && ci && nc)
        ls[nl++] =
            line("continuous writes: pre-write and return to baseline", ct, ci, nc, 2, "#999");
    chart(t, "HIR: IOPS against time", "time, minutes", "minute", "IOPS", ls, nl, 0, 0, NULL, 0, 0);
    for (int i = 0; i < 2 * 8; i++)
        free(arrs[i]);
    free(pt);
    free(pi);
    free(ct);
    free(ci);
}

/* One row per test: its rounds, its steady state and its key figures. */
static void summary_table(const struct ssd__results *s, struct ssd__text *t) {
    ssd__text_add(t,
                  "<table class=\"grid\">\n<caption>The PTS tests at a glance</caption>\n"
                  "<tr><th>test</th><th>rounds</th><th>steady state</th><th>figures</th></tr>\n");
    for (int i = 0; i < s->nsteps; i++) {
        struct ssd__jv v;
        if (ssd__pts_parse(&s->steps[i], &v))
            continue;
        const char *test = ssd__jv_str(&v, "test");
        test = test ? test : "";
        const struct ssd__jv *ss = ssd__jv_get(&v, "steady_state");
        if (!strcmp(test, "hir"))
            ss = ssd__jv_get(ssd__jv_get(&v, "prewrite"), "steady_state");
        ssd__text_html_in(t, "<tr><td>", s->steps[i].def.name, "");
        double rounds = !strcmp(test, "hir")
                            ? ssd__jv_num(ssd__jv_get(&v, "prewrite"), "rounds", NAN)
                            : ssd__jv_num(&v, "rounds", NAN);
        if (isfinite(rounds))
            ssd__text_add(t, "</td><td class=\"n\">%.0f%s</td><td>", rounds,
                          !strcmp(test, "hir") ? " (pre-write)" : "");
        else
            ssd__text_add(t, "</td><td class=\"n\">-</td><td>");
        if (ssd__jv_true(ss, "reached"))
            ssd__text_add(t, "rounds %.0f-%.0f", ssd__jv_num(ss, "first_round", NAN),
                          ssd__jv_num(ss, "last_round", NAN));
        else if (ssd__jv_str(ss, "not_reached")) {
            ssd__text_html_in(t, "not reached: ", ssd__jv_str(ss, "not_reached"), "");
        } else
            ssd__text_add(t, "not reached");
        ssd__text_add(t, "</td><td>");
        if (!strcmp(test, "iops"))
            ssd__text_add(t, "4K random write %.0f IOPS, read %.0f IOPS",
                          ssd__pts_at(&v, "iops", 0, 4096), ssd__pts_at(&v, "iops", 100, 4096));
        else if (!strcmp(test, "throughput"))
            ssd__text_add(t, "%.0fK sequential read %.1f MB/s, write %.1f MB/s",
                          ssd__jv_num(&v, "bs", NAN) / 1024, ssd__jv_num(&v, "read_bps", NAN) / 1e6,
                          ssd__jv_num(&v, "write_bps", NAN) / 1e6);
        else if (!strcmp(test, "latency"))
            ssd__text_add(t, "4K QD1 mean read %.3f ms, write %.3f ms; max write %.3f ms",
                          ssd__pts_at(&v, "mean_us", 100, 4096) / 1e3,
                          ssd__pts_at(&v, "mean_us", 0, 4096) / 1e3,
                          ssd__pts_at(&v, "max_us", 0, 4096) / 1e3);
        else if (!strcmp(test, "wsat"))
            ssd__text_add(t, "4K random write %.0f IOPS fresh, %.0f IOPS at the end",
                          ssd__jv_num(&v, "fresh_iops", NAN), end_iops(&v));
        else if (!strcmp(test, "hir")) {
            double base = ssd__jv_num(&v, "baseline_iops", NAN);
            if (isnan(base))
                ssd__text_add(t, "no baseline (no steady state); bursts");
            else
                ssd__text_add(t, "baseline %.0f IOPS; bursts", base);
            const struct ssd__jv *ws = ssd__jv_get(&v, "waits");
            for (size_t k = 0; ws && ws->type == SSD__JARR && k < ws->n; k++)
                ssd__text_add(t, "%s %.0f IOPS after %g s", k ? "," : "",
                              ssd__jv_num(&ws->items[k], "mean_iops", NAN),
                              ssd__jv_num(&ws->items[k], "wait_s", NAN));
        }
        ssd__text_add(t, "</td></tr>\n");
        ssd__jv_free(&v);
    }
    ssd__text_add(t, "</table>\n");
}

void ssd__report_pts(const struct ssd__results *s, struct ssd__text *t) {
    int any = 0;
    for (int i = 0; i < s->nsteps; i++)
        any |= s->steps[i].def.kind == SSD__STEP_PTS && s->steps[i].res.pts_json;
    if (!any)
        return;
    ssd__text_add(t, "<h2>SNIA PTS (Client)</h2>\n");
    summary_table(s, t);
    int tp = 0;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        struct ssd__jv v;
        if (ssd__pts_parse(st, &v))
            continue;
        const char *test = ssd__jv_str(&v, "test");
        test = test ? test : "";
        if (st->res.state != SSD__ST_DONE) {
            ssd__text_html_in(t, "<p class=\"warn\">", st->def.name, "");
            ssd__text_add(t, ": %s; what it measured before is shown.</p>\n",
                          ssd__step_state_name(st->res.state));
        }
        if (!strcmp(test, "iops"))
            iops_test(t, &v);
        else if (!strcmp(test, "throughput") && !tp++)
            throughput_tests(t, s);
        else if (!strcmp(test, "latency"))
            latency_test(t, &v);
        else if (!strcmp(test, "wsat"))
            wsat_test(t, &v);
        else if (!strcmp(test, "hir"))
            hir_test(t, &v);
        ssd__jv_free(&v);
    }
}
