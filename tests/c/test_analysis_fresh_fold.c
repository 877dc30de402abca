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

/* n one-second samples (bytes each) of a fresh dynamic drive: a cache of
 * `cache` bytes at hi B/s, direct writes at `direct` B/s (2 % log-normal
 * noise, drawn every sample) to direct_end, its folding at fold B/s (noise
 * cv) to fold_end, then GC, its k-th sample gc_sample(k); the samples
 * holding the first two changes mix the two levels. The caller frees it. */
static double *cache_direct_fold_gc_curve(size_t n, double hi, double cache, double direct,
                                          double direct_end, double fold, double cv,
                                          double fold_end, double (*gc_sample)(size_t k)) {
    double *b = malloc(n * sizeof *b), w = 0;
    size_t gc_k = 0;
    cr_assert(b);
    for (size_t i = 0; i < n; i++) {
        double x, d = direct * exp(0.02 * gauss());
        if (w + hi <= cache)
            x = hi;
        else if (w < cache)
            x = (cache - w) + (1 - (cache - w) / hi) * d;
        else if (w + d <= direct_end)
            x = d;
        else if (w < direct_end)
            x = (direct_end - w) + (1 - (direct_end - w) / d) * fold;
        else if (w + fold <= fold_end)
            x = fold * exp(cv * gauss());
        else
            x = gc_sample(gc_k++);
        b[i] = x;
        w += x;
    }
    return b;
}

/* GC scattering around 0.16 GB/s; and around a level sliding from 0.74
 * down to 0.29 GB/s over its first 600 samples or so. */
static double gc_scatter_016(size_t k) {
    (void)k;
    return gc_scatter(0.16 * GB);
}

static double gc_scatter_sliding_from_074(size_t k) {
    return gc_scatter((0.29 + 0.45 * exp(-(double)k / 600)) * GB);
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

/* The fresh analysis of b[0..n) (freed here) on a drive of `capacity`
 * bytes, which must find the folding from direct_end (within 3 %) and the
 * used state from fold_end: its summary. */
static struct ssd_analysis_summary folding_then_used_state(double *b, size_t n, double capacity,
                                                           double direct_end, double fold_end) {
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_fresh(b, n, capacity, &r);
    expect_folding_between(&r, 0.97 * direct_end, 1.03 * direct_end);
    expect_used_state_at(&r, fold_end);
    ssd_analysis_free(a);
    free(b);
    return r;
}

/* The fresh analysis of b[0..n) (freed here) on a drive of `capacity`
 * bytes, which must find no folding and the used state from direct_end. */
static void no_folding_used_state_at(double *b, size_t n, double capacity, double direct_end) {
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_fresh(b, n, capacity, &r);
    cr_expect(!r.has_folding, "folding from %.2f GiB", r.folding_start_bytes / GIB);
    expect_used_state_at(&r, direct_end);
    ssd_analysis_free(a);
    free(b);
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
    struct ssd_analysis_summary r = folding_then_used_state(b, n, capacity, direct_end, fold_end);
    cr_expect(!r.has_cache, "cache %.2f GiB", r.cache_bytes / GIB);
}

/* The same drive with GC at the folding's level from the start, scattering
 * as much: no quiet level, so no folding; the used state starts at the
 * capacity. */
Test(fresh_fold, scatter_right_after_the_direct_writes_is_no_folding) {
    size_t n = 7200;
    double capacity = 288 * GB, direct_end = 292 * GB;
    double *b = cache_fold_gc_curve(n, direct_end, 2.7 * GB, direct_end, 1.6 * GB, 0, 0.45 * GB,
                                    gc_scatter);
    no_folding_used_state_at(b, n, capacity, direct_end);
}

/* Seed 191's drive 72 in the used-drive sweep, fresh, 2 hours: a dynamic
 * cache at 2.87 GB/s for 17.5 s, direct writes at 0.95 GB/s for 29 s (the
 * clean blocks the cache left), folding at 0.40 GB/s for 313 s, then GC.
 * The direct writes are under half a lasting phase (72 samples): they went
 * into the folding, one "direct" phase at its level, "folding from 73.0
 * GiB missed". A quiet level between the cache and the folding, a step
 * (min_drop) from both, is a phase however short. */
Test(fresh_fold, short_direct_writes_between_a_dynamic_cache_and_its_folding) {
    size_t n = 7200;
    double cache = 50.2 * GB, direct_end = cache + 29 * 0.95 * GB;
    double fold_end = direct_end + 313 * 0.40 * GB, capacity = fold_end - 1 * GB;
    double *b = cache_direct_fold_gc_curve(n, 2.87 * GB, cache, 0.95 * GB, direct_end, 0.40 * GB,
                                           0.02, fold_end, gc_scatter_016);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_fresh(b, n, capacity, &r);
    cr_assert(r.has_cache, "no cache");
    cr_expect(fabs(r.cache_bytes / cache - 1) < 0.05, "cache %.2f GiB", r.cache_bytes / GIB);
    expect_folding_between(&r, 0.97 * direct_end, 1.03 * direct_end);
    ssd_analysis_free(a);
    free(b);
}

/* Seed 181's drive 85 in the used-drive sweep, fresh, 2 hours: a dynamic
 * cache at 2.32 GB/s to 27.9 GB, direct writes at 1.14 GB/s to 350 GB (the
 * capacity, 327 GiB), then the cache's folding at 0.78 GB/s, quiet, for 60
 * s, then GC scattering 2x around 0.6 GB/s, about the folding's level.
 * The folding is under a lasting phase (72 samples) and no step ends it:
 * it went into the used state ("used state at 325.9 GiB", the model's
 * 369.3, "folding from 326.0 GiB missed"). The scatter's jump ends it. */
Test(fresh_fold, a_short_quiet_folding_then_gc_scattering_about_its_level) {
    size_t n = 7200;
    double cache = 27.9 * GB, direct_end = 350 * GB, fold_end = direct_end + 60 * 0.78 * GB;
    double *b = cache_direct_fold_gc_curve(n, 2.32 * GB, cache, 1.14 * GB, direct_end, 0.78 * GB,
                                           0.015, fold_end, gc_scatter_sliding_from_074);
    folding_then_used_state(b, n, 327 * GIB, direct_end, fold_end);
}

/* GC scattering 2x either way around a level that slides from gc + 0.2
 * GB/s down to gc over its first 600 samples (the used state's start). */
static size_t gc_slide_from;
static double gc_sliding_scatter(double gc) {
    return gc_scatter(gc + 0.2 * GB * exp(-(double)gc_slide_from++ / 600));
}

/* Seed 89's drive 50 in the used-drive sweep, fresh, 2 hours: direct
 * writes (and the dynamic cache, 1.07x above them) at 2.7 GB/s to 331 GB,
 * folding at 1.27 GB/s with 2 % noise for 257 s to 658 GB, then GC
 * scattering 2x about 0.9 GB/s and sliding. The segmentation put GC's
 * first 460 samples in a phase of their own, whose median (715 MB/s) is
 * within a step of the folding's: read as a second folding phase, the
 * used state 64 % late (1006 GiB for 613). Folding is one quiet level;
 * GC's scatter after it is the used state's. */
Test(fresh_fold, gc_scatter_read_as_a_second_folding_phase_is_the_used_state) {
    size_t n = 7200;
    double direct_end = 331 * GB, fold_end = 658 * GB;
    gc_slide_from = 0;
    double *b = cache_fold_gc_curve(n, direct_end, 2.71 * GB, fold_end, 1.27 * GB, 0.02, 0.51 * GB,
                                    gc_sliding_scatter);
    folding_then_used_state(b, n, 461 * GB, direct_end, fold_end);
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
    no_folding_used_state_at(b, n, capacity, direct_end);
}
