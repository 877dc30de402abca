/* report_chart.c's drawing pieces that report.html and the compare page
 * share: a line broken at failed readings (a temperature the drive did not
 * report is a gap, never a 0). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_chart.h"
#include "results_model.h"
#include "series_testutil.h"
#include "data_dirs.h"

static const struct ssd__chart unit = {110, 110, 10, 0, 0, 10, 0, 10, 0, 10, 0, 0};

static char *line(const double *y, size_t n, size_t stride) {
    static const double x[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    struct ssd__text t = {0};
    ssd__chart_gapped_line(&t, &unit, x, y, n, stride, "<p points=\"");
    char *s = ssd__text_take(&t);
    return s ? s : calloc(1, 1);
}

Test(report_chart, gapped_line_breaks_at_each_run_of_missing_values) {
    const double y[] = {0, 1, NAN, NAN, 4, 5, INFINITY, 7};
    char *s = line(y, 8, 1);
    cr_expect_str_eq(s, "<p points=\"10.0,100.0 20.0,90.0\"/>"
                        "<p points=\"50.0,60.0 60.0,50.0\"/>"
                        "<p points=\"80.0,30.0\"/>");
    free(s);
}

Test(report_chart, gapped_line_takes_every_stride_th_point_and_nothing_when_all_missing) {
    const double y[] = {0, 1, 2, 3, 4, 5, 6};
    char *s = line(y, 7, 3);
    cr_expect_str_eq(s, "<p points=\"10.0,100.0 40.0,70.0 70.0,40.0\"/>");
    free(s);
    const double none[] = {NAN, NAN};
    s = line(none, 2, 1);
    cr_expect_str_eq(s, "");
    free(s);
}

/* The one test of "a point of curve G" the report, the compare page and the
 * verdicts share: a finished job of the group, at an x the axis can show. */
Test(report_chart, a_curve_point_is_a_finished_job_of_the_group_the_axis_can_show) {
    struct ssd__step st = {0};
    st.def.kind = SSD__STEP_JOB;
    st.res.state = SSD__ST_DONE;
    snprintf(st.def.group, sizeof st.def.group, "qd-randread");
    st.def.x = 4;
    cr_expect(ssd__curve_point(&st, "qd-randread", 1));
    cr_expect(!ssd__curve_point(&st, "qd-randwrite", 1));
    st.def.x = 0;
    cr_expect(ssd__curve_point(&st, "qd-randread", 0), "0 is on a linear axis");
    cr_expect(!ssd__curve_point(&st, "qd-randread", 1), "but not on a log2 one");
    st.def.x = NAN;
    cr_expect(!ssd__curve_point(&st, "qd-randread", 0));
    st.def.x = 4;
    st.res.state = SSD__ST_FAILED;
    cr_expect(!ssd__curve_point(&st, "qd-randread", 0));
    st.res.state = SSD__ST_DONE;
    st.def.kind = SSD__STEP_ANALYZE;
    cr_expect(!ssd__curve_point(&st, "qd-randread", 0));
}

/* The sampling interval the report names and the stray last interval is
 * judged by: the median gap between sample times, from 0. */
Test(report_chart, median_interval_is_the_median_gap_from_time_zero) {
    const double t[] = {1, 2, 3, 3.1};
    cr_expect_float_eq(ssd__median_interval(t, 4), 1.0, 1e-12);
    const double uneven[] = {0.5, 2.5, 3, 9};
    cr_expect_float_eq(ssd__median_interval(uneven, 4), 2.0, 1e-12);
    cr_expect(isnan(ssd__median_interval(t, 0)));
}

/* ---- the one line chart of the report, the compare page and the PTS pages */

static char *line_chart(const struct ssd__line_chart *lc, const struct ssd__line *ls, size_t nl) {
    struct ssd__text t = {0};
    int drawn = ssd__line_chart(&t, lc, ls, nl);
    char *s = ssd__text_take(&t);
    if (!drawn) { /* nothing appended */
        cr_expect(!s || !*s);
        free(s);
        return NULL;
    }
    return s;
}

static int count(const char *s, const char *what) {
    int n = 0;
    for (const char *p = s; (p = strstr(p, what)); p++)
        n++;
    return n;
}

Test(report_chart, line_chart_draws_markers_dashes_readouts_and_a_legend_per_drawn_series) {
    const double x[] = {1, 2, 4}, y[] = {10, 20, 40}, y2[] = {5, NAN, 1e300}, none[] = {NAN};
    struct ssd__line ls[3] = {
        {"read", "read, 3m a point", "g0", NULL, "#111111", x, y, 3, SSD__MARK_CIRCLE, 4, 2, NULL},
        {"write", NULL, "g1", "d1", "#222222", x, y2, 3, SSD__MARK_SQUARE, 4, 2, "7 4"},
        {"empty", NULL, NULL, NULL, "#333333", x, none, 1, SSD__MARK_CIRCLE, 2, 0, NULL}};
    const struct ssd__line_chart lc = {"QD chart", "queue depth", "IOPS", "QD", 340, 1, 0,
                                       0,          NULL,          0,      1,    2,   0};
    char *s = line_chart(&lc, ls, 3);
    cr_assert(s);
    cr_expect(strstr(s, "<figure><figcaption>QD chart</figcaption>"));
    cr_expect(strstr(s, "viewBox=\"0 0 640 340\""));
    /* Every point has its marker and read-out; the missing and the absurd
     * reading of "write" are left out, so its line of one point is none. */
    cr_expect_eq(count(s, "<circle"), 3);
    cr_expect_eq(count(s, "<rect x=\"") - 2, 1, "%s", s); /* 2 rects: background, frame */
    cr_expect(strstr(s, "data-tip=\"read, QD 4: 40 IOPS\""));
    cr_expect(strstr(s, "data-tip=\"write, QD 1: 5 IOPS\""));
    cr_expect_eq(count(s, "<polyline"), 1);
    cr_expect(strstr(s, "<g data-key=\"g1\" data-drive=\"d1\" fill=\"#222222\">"));
    cr_expect(!strstr(s, "stroke-dasharray"));
    /* Ticks at the points on a log2 axis; the legend names each series that
     * drew something, once, with its longer text. */
    cr_expect(strstr(s, "text-anchor=\"middle\">4</text>"));
    cr_expect_eq(count(s, "<li>"), 2);
    cr_expect(strstr(s, "read, 3m a point</button>"));
    cr_expect(!strstr(s, "empty"));
    /* The desc: first and last point of each series. */
    cr_expect(strstr(s, "<desc>read: 10 IOPS at QD 1 to 40 at QD 4; write: 5 IOPS at QD 1 to 5 "
                        "at QD 1</desc>"),
              "%s", s);
    free(s);
}

Test(report_chart, line_chart_needs_its_distinct_xs_and_widens_one_x) {
    const double x[] = {8, 8}, y[] = {1, 2};
    struct ssd__line l = {"a", NULL, NULL, NULL, "#111111", x, y, 2, SSD__MARK_NONE, 0, 2, "6 4"};
    struct ssd__line_chart lc = {"t", "x", "MiB/s", "x", 330, 0, 0, 0, NULL, 0, 0, 2, -1};
    char *s = line_chart(&lc, &l, 1);
    cr_expect_null(s); /* a curve of one x says nothing */
    lc.min_xs = 1;
    s = line_chart(&lc, &l, 1);
    cr_assert(s);
    /* x 8 alone: the axis runs 7..9 and the point sits in the middle. */
    cr_expect(strstr(s, "points=\"344.0,"), "%s", s);
    cr_expect(strstr(s, "stroke-dasharray=\"6 4\""));
    cr_expect_eq(count(s, "data-tip"), 0); /* no markers, no read-outs */
    cr_expect(strstr(s, "class=\"sw dash\""));
    free(s);
}

Test(report_chart, group_points_are_the_groups_finished_steps_in_each_unit) {
    struct ssd__step st[3] = {0};
    for (int i = 0; i < 3; i++) {
        st[i].def.kind = SSD__STEP_JOB;
        snprintf(st[i].def.group, sizeof st[i].def.group, "%s", i < 2 ? "qd" : "other");
        st[i].def.x = 1 << i;
        st[i].res.state = SSD__ST_DONE;
        st[i].res.iops = 100 * (i + 1);
        st[i].res.bw_bps = 1048576.0 * (i + 1);
    }
    struct ssd__results r = {.steps = st, .nsteps = 3};
    double x[3], y[3];
    cr_expect_eq(ssd__group_points(&r, "qd", 1, 0, x, y), 2);
    cr_expect(x[1] == 2 && y[1] == 2); /* MiB/s */
    cr_expect_eq(ssd__group_points(&r, "qd", 1, 1, x, y), 2);
    cr_expect(y[0] == 100);
    ssd__group_points(&r, "qd", 1, 2, x, y);
    cr_expect(fabs(y[0] - 1.048576) < 1e-12); /* MB/s */
    st[1].res.iops = NAN;
    cr_expect_eq(ssd__group_points(&r, "qd", 1, 1, x, y), 1);
}

/* The report's CrystalDiskMark tiles, its verdicts and the IOPS read-outs
 * all print counts through one formatter: a million is "1,000,000", never
 * "1000,000" (the verdicts' own copy put one comma only). */
Test(report_chart, thousands_apart_in_every_count_the_pages_print) {
    char buf[48];
    ssd__fmt_thousands(buf, sizeof buf, 1234567.4);
    cr_expect_str_eq(buf, "1,234,567");
    ssd__fmt_thousands(buf, sizeof buf, 999.6);
    cr_expect_str_eq(buf, "1,000");
    ssd__fmt_thousands(buf, sizeof buf, 1000000);
    cr_expect_str_eq(buf, "1,000,000");
    ssd__fmt_iops(buf, sizeof buf, 7.14 * 1048576, 4096);
    cr_expect_str_eq(buf, " (1,828 IOPS)");
    ssd__fmt_iops(buf, sizeof buf, 1e9, NAN);
    cr_expect_str_eq(buf, "");
}

/* The element around a text anyone may have written is the page's own
 * markup; the text inside is escaped (a drive named "<b>" stays text). */
Test(report_chart, html_in_escapes_the_text_and_not_its_element) {
    struct ssd__text t = {0};
    ssd__text_html_in(&t, "<td class=\"n\">", "a<b>&\"c\"", "</td>");
    char *s = ssd__text_take(&t);
    cr_assert(s);
    cr_expect_str_eq(s, "<td class=\"n\">a&lt;b&gt;&amp;&quot;c&quot;</td>");
    free(s);
}

/* A run of two steps, the job that logged "fill" (bytes_sampled.csv,
 * a sample every 0.25 GiB) and its analysis with the phases given; the
 * caller frees *ser. */
static void fill_run(struct ssd__step steps[2], struct ssd__results *r, ssd_series **ser,
                     struct ssd_phase *phases, size_t nphases) {
    cr_assert_eq(series_open(ser, data_path("/series/bytes_sampled.csv")), 0);
    memset(steps, 0, 2 * sizeof *steps);
    steps[0].def.kind = SSD__STEP_JOB;
    snprintf(steps[0].def.log, sizeof steps[0].def.log, "fill");
    steps[1].def.kind = SSD__STEP_ANALYZE;
    snprintf(steps[1].def.series, sizeof steps[1].def.series, "fill");
    steps[1].res.curve = *ser;
    steps[1].res.phases = phases;
    steps[1].res.nphases = nphases;
    memset(r, 0, sizeof *r);
    r->steps = steps;
    r->nsteps = 2;
}

/* The report and the compare page draw a write curve through one loader:
 * its moving average never runs across a phase start (the cache's 381
 * MiB/s would smear into the 57 after it), and its IOPS are said at the
 * block size of the job that logged it. */
Test(report_chart, write_curve_breaks_its_average_at_phase_starts_and_knows_its_block) {
    ssd_series *ser = NULL;
    struct ssd__step steps[2];
    struct ssd__results r;
    struct ssd_phase phases[2] = {0};
    phases[1].start_bytes = 3.1 * 1073741824.0; /* between the 3.0 and 3.25 GiB samples */
    fill_run(steps, &r, &ser, phases, 2);
    steps[0].def.nopts = 1;
    steps[0].def.keys[0] = (char *)"bs";
    steps[0].def.values[0] = (char *)"4k";
    struct ssd__write_curve wc;
    size_t n = ssd__write_curve_load(&r, &steps[1], &wc);
    cr_assert_gt(n, 20);
    cr_expect_float_eq(wc.block, 4096, 0);
    cr_expect(wc.interval > 0);
    size_t k = 0;
    while (k < n && wc.x[k] < 3.1)
        k++;
    cr_assert(k > 0 && k < n);
    cr_expect(fabs(wc.ma[k - 1] - wc.y[k - 1]) < 0.01, "the cache's average: %g, not %g",
              wc.ma[k - 1], wc.y[k - 1]);
    cr_expect(fabs(wc.ma[k] - wc.y[k]) < 0.01, "after the break: %g, not %g", wc.ma[k], wc.y[k]);
    ssd__write_curve_free(&wc);
    cr_expect(!wc.x && !wc.ma && !wc.n);
    steps[0].def.nopts = 0; /* no bs=: no IOPS read-outs */
    cr_assert_eq(ssd__write_curve_load(&r, &steps[1], &wc), n);
    cr_expect(isnan(wc.block));
    ssd__write_curve_free(&wc);
    ssd_series_free(ser);
}

/* The moving average's polylines in a chart's data-key="ma" group. */
static int ma_polyline_points(const char *html, int which) {
    const char *g = strstr(html, "data-key=\"ma\">");
    for (int k = 0; g && k <= which; k++)
        g = strstr(g + 1, "<polyline");
    const char *p = g ? strstr(g, "points=\"") : NULL;
    if (!p)
        return -1;
    int n = 1;
    for (p += 8; *p && *p != '"'; p++)
        n += *p == ' ';
    return n;
}

/* A phase of one sample (BX200's 3 GB cache at 5 s samples) is a piece
 * of the moving average of its own: a lone point drew no line, and the
 * cache vanished from the smoothed curve (the round-23 audit). The piece
 * runs over the bytes that sample wrote. */
Test(report_chart, a_one_sample_phase_is_drawn_in_the_moving_average) {
    ssd_series *ser = NULL;
    struct ssd__step steps[2];
    struct ssd__results r;
    struct ssd_phase phases[3] = {0};
    phases[0].level_bps = phases[1].level_bps = phases[2].level_bps = 100 * 1048576.0;
    phases[1].start_bytes = phases[0].end_bytes = 0.3 * 1073741824.0; /* after the 1st sample */
    phases[2].start_bytes = phases[1].end_bytes = 3.1 * 1073741824.0;
    fill_run(steps, &r, &ser, phases, 3);
    steps[1].res.sum.cache_bytes = steps[1].res.sum.gc_start_bytes = NAN;
    struct ssd__write_curve wc;
    size_t n = ssd__write_curve_load(&r, &steps[1], &wc);
    cr_assert_gt(n, 20);
    struct ssd__curve_line l = {&r, &steps[1], &wc, "fill", "#000", 0, 1};
    struct ssd__text t = {0};
    ssd__write_curve_chart(&t, "fill", NULL, &l, 1, wc.x[n - 1], 0, 1);
    char *html = ssd__text_take(&t);
    cr_assert(html);
    cr_expect_eq(ma_polyline_points(html, 0), 2, "the 1-sample phase: a line from 0 GiB");
    cr_expect_gt(ma_polyline_points(html, 1), 2);
    cr_expect_gt(ma_polyline_points(html, 2), 2);
    cr_expect_eq(ma_polyline_points(html, 3), -1, "three phases, three pieces");
    free(html);
    ssd__write_curve_free(&wc);
    ssd_series_free(ser);
}
