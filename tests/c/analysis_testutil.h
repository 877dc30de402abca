/* analysis_testutil.h - one analysis of a series, its summary filled in,
 * for the tests that build a curve and read the verdict. */
#ifndef ANALYSIS_TESTUTIL_H
#define ANALYSIS_TESTUTIL_H

#include <criterion/criterion.h>

#include <ssdcore/analysis.h>

/* The analysis of s with default options (the caller frees it; s stays
 * the caller's); *sum its summary. */
static inline ssd_analysis *analysed_series(const ssd_series *s, struct ssd_analysis_summary *sum) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    sum->size = sizeof *sum;
    cr_assert_eq(ssd_analysis_summary(a, sum), 0);
    return a;
}

#endif
