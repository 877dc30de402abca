/* analysis_testutil.h - one analysis of a series, its summary filled in,
 * for the tests that build a curve and read the verdict. */
#ifndef ANALYSIS_TESTUTIL_H
#define ANALYSIS_TESTUTIL_H

#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <ssdcore/analysis.h>
#include <ssdcore/series.h>

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

/* The same for b[0..n), the bytes of samples dt seconds long. */
static inline ssd_analysis *analysed_samples_after_fill(const double *b, size_t n, double dt,
                                                        double capacity, const char *precondition,
                                                        struct ssd_analysis_summary *sum) {
    double *t = malloc(n * sizeof *t);
    cr_assert(t);
    for (size_t i = 0; i < n; i++)
        t[i] = dt * (double)(i + 1);
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    free(t);
    ssd_analysis *a = analysed_after_fill(s, NULL, capacity, precondition, sum);
    ssd_series_free(s);
    return a;
}

/* The summary's used state starts within 5 % of `at` bytes. */
static inline void expect_used_state_at(const struct ssd_analysis_summary *r, double at) {
    cr_expect(r->has_gc && fabs(r->gc_start_bytes / at - 1) < 0.05, "used state %d at %.2f GiB",
              r->has_gc, r->gc_start_bytes / 1073741824.0);
}

/* The summary's folding starts between lo and hi bytes. */
static inline void expect_folding_between(const struct ssd_analysis_summary *r, double lo,
                                          double hi) {
    cr_expect(r->has_folding && r->folding_start_bytes >= lo && r->folding_start_bytes <= hi,
              "folding %d from %.2f GiB", r->has_folding, r->folding_start_bytes / 1073741824.0);
}

/* The summary has a cache within 5 % of `bytes`. */
static inline void expect_cache_of(const struct ssd_analysis_summary *r, double bytes) {
    cr_expect(r->has_cache && fabs(r->cache_bytes / bytes - 1) < 0.05, "cache %d %.2f GiB",
              r->has_cache, r->cache_bytes / 1073741824.0);
}

#endif
