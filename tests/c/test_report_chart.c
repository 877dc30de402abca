/* report_chart.c's drawing pieces that report.html and the compare page
 * share: a line broken at failed readings (a temperature the drive did not
 * report is a gap, never a 0). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "report_chart.h"
#include "results_model.h"

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
