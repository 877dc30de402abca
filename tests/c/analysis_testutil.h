/* analysis_testutil.h - one analysis of a series, its summary filled in,
 * for the tests that build a curve and read the verdict. */
#ifndef ANALYSIS_TESTUTIL_H
#define ANALYSIS_TESTUTIL_H

#include <criterion/criterion.h>

#include <stdio.h>

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

/* The analysis of s on a drive of `capacity` bytes filled twice over
 * (SNIA's preconditioning) the way `precondition` says ("random_fill",
 * "seq_fill"), against ref (NULL: no reference): the caller frees it and
 * both series; *sum its summary. */
static inline ssd_analysis *analysed_after_fill(const ssd_series *s, const ssd_series *ref,
                                                double capacity, const char *precondition,
                                                struct ssd_analysis_summary *sum) {
    char cap[64], wb[64];
    snprintf(cap, sizeof cap, "%.0f", capacity);
    snprintf(wb, sizeof wb, "%.0f", 2 * capacity);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", cap), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "written_before_bytes", wb), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", precondition), 0);
    cr_assert_eq(ssd_analysis_run(a, s, ref), 0, "%s", ssd_analysis_errmsg(a));
    sum->size = sizeof *sum;
    cr_assert_eq(ssd_analysis_summary(a, sum), 0);
    return a;
}

/* The same after a random fill. */
static inline ssd_analysis *analysed_after_random_fill(const ssd_series *s, const ssd_series *ref,
                                                       double capacity,
                                                       struct ssd_analysis_summary *sum) {
    return analysed_after_fill(s, ref, capacity, "random_fill", sum);
}

#endif
