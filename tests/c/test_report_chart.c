/* report_chart.c's drawing pieces that report.html and the compare page
 * share: a line broken at failed readings (a temperature the drive did not
 * report is a gap, never a 0). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "report_chart.h"

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
