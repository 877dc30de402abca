/* test_analysis_fresh_fold.c - a fresh drive whose dynamic cache wrote at
 * the direct writes' speed (no cache to see) folds it once the capacity
 * has been written: a quiet level a step below the direct writes, shorter
 * than a lasting phase, then GC's scatter. The folding is its own phase,
 * and the used state starts after it. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <ssdcore.h>

#define TEST_NOISE_SEED 0x2545F4914F6CDD1DULL
#include "test_noise.h"

#include "analysis_testutil.h"
#include "curve_testutil.h"

#define GB 1e9
#define GIB 1073741824.0

/* GC scattering 2x either way around gc (the used state's chaos). */
static double gc_scatter(double gc) {
    return gc * exp(0.5 * gauss());
}

/* The analysis of b[0..n) (1 s samples) on a fresh drive of `capacity`
 * bytes (nothing written before the run). */
static ssd_analysis *analysed_fresh(const double *b, size_t n, double capacity,
                                    struct ssd_analysis_summary *sum) {
    double *t = malloc(n * sizeof *t);
    cr_assert(t);
    for (size_t i = 0; i < n; i++)
        t[i] = (double)(i + 1);
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    free(t);
    char cap[64];
    snprintf(cap, sizeof cap, "%.0f", capacity);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", cap), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    sum->size = sizeof *sum;
    cr_assert_eq(ssd_analysis_summary(a, sum), 0);
    ssd_series_free(s);
    return a;
}

/* Seed 101's drive 147 in the used-drive sweep, fresh, 2 hours of 4K
 * random writes: 288 GB, direct writes (and the dynamic cache, at their
 * speed) at 2.7 GB/s to 292 GB, folding at 1.6 GB/s for 34 s to 346 GB,
 * then GC scattering around 0.45 GB/s. The folding, 34 samples of a
 * 7,200-sample run (a lasting phase is 72), was taken into the used state:
 * "used state from 272 GiB ... falling", no folding. */
Test(fresh_fold, a_short_quiet_folding_at_the_capacity_before_gc) {
    size_t n = 7200;
    double capacity = 288 * GB, direct_end = 292 * GB, fold_end = 346 * GB;
    double *b = cache_fold_gc_curve(n, direct_end, 2.9 * GB, fold_end, 1.6 * GB, 0.02, 0.45 * GB,
                                    gc_scatter);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_fresh(b, n, capacity, &r);
    expect_folding_between(&r, 0.97 * direct_end, 1.03 * direct_end);
    expect_used_state_at(&r, fold_end);
    cr_expect(!r.has_cache, "cache %.2f GiB", r.cache_bytes / GIB);
    ssd_analysis_free(a);
    free(b);
}

/* The same drive with GC at the folding's level from the start, scattering
 * as much: no quiet level, so no folding; the used state starts at the
 * capacity. */
Test(fresh_fold, scatter_right_after_the_direct_writes_is_no_folding) {
    size_t n = 7200;
    double capacity = 288 * GB, direct_end = 292 * GB;
    double *b = cache_fold_gc_curve(n, direct_end, 2.7 * GB, direct_end, 1.6 * GB, 0, 0.45 * GB,
                                    gc_scatter);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_fresh(b, n, capacity, &r);
    cr_expect(!r.has_folding, "folding from %.2f GiB", r.folding_start_bytes / GIB);
    expect_used_state_at(&r, direct_end);
    ssd_analysis_free(a);
    free(b);
}

/* A cacheless drive's GC that starts a step below the direct writes
 * sliding, quiet at first and scattering more as it slides (its level
 * falls from 1.2 to 0.6 GB/s over the first 200 samples, the scatter
 * grows from 2 % to 20 %): no flat level, so no folding; the used state
 * starts where the direct writes end. */
static size_t slide_calls;
static double gc_quiet_start(double gc) {
    double f = fmin(1.0, (double)slide_calls++ / 200.0);
    return gc * (1.0 - 0.5 * f) * exp((0.02 + 0.18 * f) * gauss());
}

Test(fresh_fold, gc_sliding_out_of_a_quiet_start_is_no_folding) {
    size_t n = 2500;
    double capacity = 837 * GB, direct_end = 915 * GB;
    slide_calls = 0;
    double *b = cache_fold_gc_curve(n, direct_end, 2.54 * GB, direct_end, 1.2 * GB, 0, 1.2 * GB,
                                    gc_quiet_start);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_fresh(b, n, capacity, &r);
    cr_expect(!r.has_folding, "folding from %.2f GiB", r.folding_start_bytes / GIB);
    expect_used_state_at(&r, direct_end);
    ssd_analysis_free(a);
    free(b);
}
