/* The write-curve analysis on curves built here with exact answers. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "series_testutil.h"
#include "text.h"
#include "verdict_words.h"

#define GIB 1073741824.0

#define TEST_NOISE_SEED 88172645463325252ULL
#include "test_noise.h"

/* The series of n one-second samples of b[i] bytes each. */
static ssd_series *per_second(const double *b, size_t n) {
    ssd_series *s = series_per_second(b, n);
    cr_assert(s);
    return s;
}

/* n one-second samples: hi until `cache` bytes are written (the drop lands
 * inside a sample), lo after; multiplicative noise cv; stalls at given
 * samples. Returns the series. */
static ssd_series *step_curve(size_t n, double cache, double hi, double lo, double cv,
                              const size_t *stalls, size_t nstalls) {
    double *b = malloc(n * sizeof *b);
    double w = 0;
    for (size_t i = 0; i < n; i++) {
        double m = cv > 0 ? exp(cv * gauss()) : 1.0;
        for (size_t k = 0; k < nstalls; k++)
            if (stalls[k] == i)
                m = 0.01;
        double rem = 1.0, bytes = 0;
        if (w < cache) {
            double need = (cache - w) / (hi * m);
            double tt = need < rem ? need : rem;
            bytes += tt * hi * m;
            rem -= tt;
            w += tt * hi * m;
        }
        bytes += rem * lo * m;
        w += rem * lo * m;
        b[i] = bytes;
    }
    ssd_series *s = per_second(b, n);
    free(b);
    return s;
}

static struct ssd_analysis_summary run(ssd_series *s, ssd_series *ref, ssd_analysis **keep) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, s, ref), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary sum = {.size = sizeof sum};
    cr_assert_eq(ssd_analysis_summary(a, &sum), 0);
    if (keep)
        *keep = a;
    else
        ssd_analysis_free(a);
    return sum;
}

/* One uncensored cache of `cache` bytes within the fraction tol in the
 * analysis of the n one-second samples b. */
static void expect_cache(const double *b, size_t n, double cache, double tol) {
    ssd_series *s = per_second(b, n);
    struct ssd_analysis_summary r = run(s, NULL, NULL);
    cr_assert(r.has_cache, "no cache");
    cr_expect_eq(r.cache_censored, SSD_CENSOR_NONE);
    cr_expect(fabs(r.cache_bytes / cache - 1) < tol, "cache %.4g vs %.4g", r.cache_bytes, cache);
    ssd_series_free(s);
}

Test(curve, clean_cache_placed_inside_the_drop_sample) {
    double cache = 2.0 * GIB + 123456789.0; /* not on a sample boundary */
    ssd_series *s = step_curve(3600, cache, 400e6, 60e6, 0, NULL, 0);
    struct ssd_analysis_summary r = run(s, NULL, NULL);
    cr_assert(r.has_cache);
    cr_expect_eq(r.cache_censored, SSD_CENSOR_NONE);
    cr_expect(fabs(r.cache_bytes - cache) < 1e-6 * cache, "cache %.0f vs %.0f", r.cache_bytes,
              cache);
    cr_expect_float_eq(r.cache_level_bps, 400e6, 1e-3 * 400e6);
    cr_expect_float_eq(r.post_cache_bps, 60e6, 1e-3 * 60e6);
    cr_expect_float_eq(r.cache_drop_ratio, 400.0 / 60.0, 1e-2);
    ssd_series_free(s);
}

/* A drop over two samples between the levels (30 s at 2 GB/s, then 1.6
 * and 1.2 GB/s, then 0.8 GB/s): a cache slowing as it fills, its end after
 * the 1.2 GB/s sample, or a cache that ended before the 1.6 GB/s sample and
 * direct writes settling -- the samples cannot tell the two apart, so
 * cache.bytes +- uncertainty_bytes holds both ends of the stretch, and is
 * no wider than three samples at the cache's speed. (Before, the
 * uncertainty was the noise of one sample's share, 1 % of a sample, and
 * held neither.) A drop inside one sample between samples at the two
 * levels keeps the narrow bound. */
Test(curve, cache_end_uncertainty_holds_the_transition_stretch) {
    size_t n = 600;
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b);
    for (size_t i = 0; i < n; i++) {
        double r = i < 30 ? 2e9 : i == 30 ? 1.6e9 : i == 31 ? 1.2e9 : 0.8e9;
        t[i] = (double)(i + 1);
        b[i] = r * exp(0.005 * gauss());
    }
    double start = 0, end = 0;
    for (size_t i = 0; i < 32; i++)
        end += b[i], start += i < 30 ? b[i] : 0;
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    struct ssd_analysis_summary r = run(s, NULL, NULL);
    cr_assert(r.has_cache);
    cr_expect_eq(r.cache_censored, SSD_CENSOR_NONE);
    double u = r.cache_uncertainty_bytes;
    cr_expect(r.cache_bytes - u <= start && end <= r.cache_bytes + u,
              "%.3f +- %.3f GB does not hold the stretch %.3f-%.3f GB", r.cache_bytes / 1e9,
              u / 1e9, start / 1e9, end / 1e9);
    cr_expect_leq(u, 3 * 2e9, "%g", u);
    ssd_series_free(s);
    /* One sample mixing the two levels, its neighbours at them. */
    for (size_t i = 0; i < n; i++)
        b[i] = (i < 30 ? 2e9 : i == 30 ? 1.4e9 : 0.8e9) * exp(0.005 * gauss());
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    r = run(s, NULL, NULL);
    cr_assert(r.has_cache);
    cr_expect_leq(r.cache_uncertainty_bytes, 0.1 * 2e9, "%g", r.cache_uncertainty_bytes);
    ssd_series_free(s);
    free(t);
    free(b);
}

/* A GC dip that starts as the cache ends its 10th second and halves every
 * speed: the cache (3 GB/s) writes at the direct speed (1.5 GB/s) inside
 * it, so the curve drops where the dip starts, while the cache takes
 * writes until it is full 2.5 s into the dip (33.75 GB); the only trace is
 * the step down to 0.75 GB/s inside the dip, before the speed is back at
 * 1.5. cache.bytes +- uncertainty_bytes reaches that step. (Before, the
 * range was that of the drop alone, 30 GB +- a few percent of a sample.)
 * A dip after the drop that is not as deep as the cache's ratio to direct
 * writes is no such step, and the range stays narrow. */
Test(curve, cache_end_uncertainty_spans_a_gc_dip_at_the_drop) {
    size_t n = 300;
    double *b = malloc(n * sizeof *b);
    for (size_t i = 0; i < n; i++) {
        double r = i < 10 ? 3e9 : i < 12 ? 1.5e9 : i == 12 ? 1.125e9 : i == 13 ? 0.75e9 : 1.5e9;
        b[i] = r * exp(0.005 * gauss());
    }
    double truth = 0;
    for (size_t i = 0; i < 12; i++)
        truth += b[i];
    truth += 0.5 * 1.5e9;
    ssd_series *s = per_second(b, n);
    struct ssd_analysis_summary r = run(s, NULL, NULL);
    cr_assert(r.has_cache);
    double u = r.cache_uncertainty_bytes;
    cr_expect(fabs(r.cache_bytes - truth) <= u, "%.3f +- %.3f GB does not hold %.3f GB",
              r.cache_bytes / 1e9, u / 1e9, truth / 1e9);
    cr_expect_leq(u, 3 * 3e9, "%g", u);
    ssd_series_free(s);
    for (size_t i = 0; i < n; i++) {
        double r2 = i < 10 ? 3e9 : i == 12 || i == 13 ? 1.2e9 : 1.5e9;
        b[i] = r2 * exp(0.005 * gauss());
    }
    s = per_second(b, n);
    r = run(s, NULL, NULL);
    cr_assert(r.has_cache);
    cr_expect_leq(r.cache_uncertainty_bytes, 0.1 * 3e9, "%g", r.cache_uncertainty_bytes);
    ssd_series_free(s);
    free(b);
}

Test(curve, noisy_cache_with_stalls_within_three_percent) {
    size_t stalls[] = {3, 100, 500, 1200, 2000};
    double cache = 20.0 * GIB;
    ssd_series *s = step_curve(7200, cache, 1.5e9, 2.0e8, 0.15, stalls, 5);
    ssd_analysis *a;
    struct ssd_analysis_summary r = run(s, NULL, &a);
    cr_assert(r.has_cache);
    cr_expect(fabs(r.cache_bytes / cache - 1) < 0.03, "cache %.3g vs %.3g", r.cache_bytes, cache);
    cr_expect_gt(r.cache_uncertainty_bytes, 0);
    /* Stalls are not phases. */
    cr_expect_eq(ssd_analysis_phase_count(a), 2);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

Test(curve, flat_noisy_drive_has_no_cache) {
    size_t stalls[] = {0, 1000, 3000};
    ssd_series *s = step_curve(3600, 0, 1, 3e8, 0.3, stalls, 3);
    ssd_analysis *a;
    struct ssd_analysis_summary r = run(s, NULL, &a);
    cr_expect_not(r.has_cache);
    cr_expect(isnan(r.cache_bytes));
    cr_expect_float_eq(r.post_cache_bps, 3e8, 0.1 * 3e8);
    char *json = NULL;
    cr_assert_eq(ssd_analysis_to_json(a, "x", 0, &json), 0);
    cr_expect(strstr(json, "\"cache\":null") != NULL, "%s", json);
    cr_expect(strstr(json, "\"post_cache_bps\":") != NULL);
    ssd_free(json);
    /* One speed throughout, capacity unknown: whether that level was a
     * cache's cannot be told, and the note says so. */
    const char *note = ssd_analysis_regime_note(a);
    cr_assert_not_null(note);
    cr_expect(strstr(note, "never dropped") && strstr(note, "capacity is unknown"), "%s", note);
    /* On a drive of 1.2x what the run wrote, a cache would have had to hold
     * 83% of it: no cache, and nothing left to say. */
    char cap[32];
    snprintf(cap, sizeof cap, "%.0f", 1.2 * r.total_bytes);
    cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", cap), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    cr_expect_null(ssd_analysis_regime_note(a), "%s", ssd_analysis_regime_note(a));
    /* On a drive 100x larger, it is a short run again. */
    snprintf(cap, sizeof cap, "%.0f", 100 * r.total_bytes);
    cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", cap), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    note = ssd_analysis_regime_note(a);
    cr_assert_not_null(note);
    cr_expect(strstr(note, "never dropped") && strstr(note, "64% of the capacity"), "%s", note);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

Test(curve, drop_inside_first_sample_is_resolution_censored) {
    /* 0.3 s of the first second at 2 GB/s, then 200 MB/s. */
    ssd_series *s = step_curve(600, 0.3 * 2e9, 2e9, 2e8, 0.02, NULL, 0);
    struct ssd_analysis_summary r = run(s, NULL, NULL);
    cr_assert(r.has_cache);
    cr_expect_eq(r.cache_censored, SSD_CENSOR_RESOLUTION);
    /* A lower bound: below the truth (0.6 GB) but not by more than the
     * post-cache bytes of that sample; bytes + uncertainty, the upper
     * bound: the sample, and what the second wrote above the post-cache
     * level at the first's speed (its 2 % noise: at most a few MB). */
    cr_expect_leq(r.cache_bytes, 0.6e9 * 1.001, "%g", r.cache_bytes);
    cr_expect_geq(r.cache_bytes, 0.6e9 - 0.7 * 2e8 * 1.1, "%g", r.cache_bytes);
    const double *b = ssd_series_bytes(s);
    double r0 = b[0], most = b[0] + fmax(0, b[1] - r.post_cache_bps) * r0 / (r0 - r.post_cache_bps);
    cr_expect_float_eq(r.cache_bytes + r.cache_uncertainty_bytes, most, 1.0);
    cr_expect_leq(most - b[0], 0.1 * 2e8, "%g", most - b[0]);
    ssd_series_free(s);
}

Test(curve, a_cache_that_ran_out_just_past_the_first_sample_is_within_its_bounds) {
    /* 408 MB/s through the first sample and 6 % of the second, then 152
     * MB/s with 5 % noise (seed 11's drive 85 after a random fill, WSAT, in
     * 1 s samples here): the second sample, 167 MB/s, is within the noise
     * of the level after it, so the cache ended inside the first sample
     * as far as the samples tell ("resolution"). Its upper bound was the
     * first sample's bytes, 408 MB, under the 432.5 it wrote; what the
     * second sample wrote above the level after it may have gone into
     * the cache too, and counts in the bound. */
    size_t n = 600;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    double hi = 408e6, lo = 152e6;
    for (size_t i = 0; i < n; i++)
        b[i] = i == 0 ? hi : i == 1 ? 0.06 * hi + 0.94 * lo : lo * exp(0.05 * gauss());
    ssd_series *s = per_second(b, n);
    struct ssd_analysis_summary r = run(s, NULL, NULL);
    cr_assert(r.has_cache);
    cr_expect_eq(r.cache_censored, SSD_CENSOR_RESOLUTION);
    double cache = 1.06 * hi;
    cr_expect_leq(r.cache_bytes, cache, "%g", r.cache_bytes);
    cr_expect_geq(r.cache_bytes + r.cache_uncertainty_bytes, cache * 0.99, "%g vs %g",
                  r.cache_bytes + r.cache_uncertainty_bytes, cache);
    free(b);
    ssd_series_free(s);
}

Test(curve, no_drop_is_right_censored_when_a_cache_level_is_expected) {
    ssd_series *s = step_curve(600, 1e15, 2e9, 2e8, 0.05, NULL, 0);
    struct ssd_analysis_summary r = run(s, NULL, NULL);
    cr_expect_not(r.has_cache, "without expectation a flat run has no cache");
    ssd_analysis *a;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "expect_cache_bps", "2e9"), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0);
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    cr_expect(r.has_cache);
    cr_expect_eq(r.cache_censored, SSD_CENSOR_RIGHT);
    cr_expect_float_eq(r.cache_bytes, r.total_bytes, 1.0);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

Test(curve, recovery_against_fresh_reference) {
    ssd_series *fresh = step_curve(1800, 6 * GIB, 300e6, 30e6, 0.08, NULL, 0);
    ssd_series *idle = step_curve(600, 1.4 * GIB, 300e6, 30e6, 0.08, NULL, 0);
    struct ssd_analysis_summary r = run(idle, fresh, NULL);
    cr_assert(r.has_recovery);
    cr_expect(fabs(r.recovered_bytes / (1.4 * GIB) - 1) < 0.1, "recovered %.3g", r.recovered_bytes);
    cr_expect_float_eq(r.reference_level_bps, 300e6, 0.05 * 300e6);
    ssd_series_free(fresh);
    ssd_series_free(idle);
}

Test(curve, periodic_dips_are_measured_not_phases) {
    size_t n = 3600;
    double *b = malloc(n * sizeof *b);
    for (size_t i = 0; i < n; i++) {
        /* 73K -> 35K IOPS of 4 KiB every 30 s for 4 s. */
        double iops = (i % 30) < 4 ? 35000 : 73000;
        b[i] = iops * 4096 * exp(0.03 * gauss());
    }
    ssd_series *s = per_second(b, n);
    ssd_analysis *a;
    struct ssd_analysis_summary r = run(s, NULL, &a);
    cr_expect_eq(ssd_analysis_phase_count(a), 1);
    cr_expect_not(r.has_cache);
    cr_assert(r.has_dips);
    cr_expect_float_eq(r.dip_period_s, 30.0, 1.0);
    cr_expect_float_eq(r.dip_depth, 1 - 35.0 / 73.0, 0.05);
    cr_expect_float_eq(r.dip_duty, 4.0 / 30.0, 0.03);
    ssd_analysis_free(a);
    ssd_series_free(s);
    free(b);
}

/* One GC dip placed anywhere in each 15 s period, as drives and the
 * simulator place them: a run of one phase has the same dips as its
 * phase, one finder for both (a 10-minute one-phase run on sim:as510s had
 * its phase's dips every 14.9 s and no run's line: the run's finder wanted
 * 60% of the gaps within 25% of their median, which such dips fail). */
Test(curve, a_one_phase_runs_dips_are_its_phases) {
    size_t n = 600;
    double *b = malloc(n * sizeof *b);
    for (size_t i = 0; i < n; i++)
        b[i] = 240e6 * exp(0.03 * gauss());
    for (size_t p = 0; p + 15 <= n; p += 15) {
        size_t at = p + (size_t)(uniform() * 12.5);
        for (size_t i = at; i < at + 2; i++)
            b[i] *= 0.45;
    }
    ssd_series *s = per_second(b, n);
    ssd_analysis *a;
    struct ssd_analysis_summary r = run(s, NULL, &a);
    struct ssd_phase ph = {.size = sizeof ph};
    cr_assert_eq(ssd_analysis_phase_count(a), 1);
    cr_assert_eq(ssd_analysis_phase(a, 0, &ph), 0);
    cr_assert(ph.has_dips);
    cr_assert(r.has_dips);
    cr_expect_float_eq(ph.dip_period_s, 15.0, 1.0);
    cr_expect_float_eq(r.dip_period_s, ph.dip_period_s, 1e-9);
    cr_expect_float_eq(r.dip_duty, ph.dip_duty, 1e-9);
    cr_expect_float_eq(r.dip_duty, 2.0 / 15.0, 0.02);
    ssd_analysis_free(a);
    ssd_series_free(s);
    free(b);
}

Test(curve, cluster_of_dips_before_a_lasting_step_is_not_the_drop) {
    /* Vector 180's whole-drive fill: 471 MB/s in SLC mode, two GC dips a
     * few samples apart just before the 1.55x step to 304 MB/s (their
     * 7-sample segment is too long to be folded as a transient, and only
     * 1.18x below the cache level). The step is the cache end. Several
     * noise draws: the segmentation of the dips depends on them. */
    static const double dips[] = {0.65, 0.37, 1.0, 1.0, 1.0, 0.79, 0.34, 0.85};
    size_t n = 670, d0 = 284, drop = 299;
    double *b = malloc(n * sizeof *b);
    for (int rep = 0; rep < 8; rep++) {
        double cache = 0;
        for (size_t i = 0; i < n; i++) {
            double m = exp(0.02 * gauss());
            double r = i < drop ? 471e6 : i == drop ? 0.4 * 471e6 + 0.6 * 304e6 : 304e6;
            if (i >= d0 && i < d0 + sizeof dips / sizeof dips[0])
                r *= dips[i - d0];
            b[i] = r * m;
            if (i < drop)
                cache += b[i];
            else if (i == drop)
                cache += 0.4 * 471e6 * m;
        }
        ssd_series *s = per_second(b, n);
        ssd_analysis *a;
        struct ssd_analysis_summary r = run(s, NULL, &a);
        cr_assert(r.has_cache, "draw %d: cache missed", rep);
        cr_expect(fabs(r.cache_bytes / cache - 1) < 0.01, "draw %d: cache %.4g vs %.4g", rep,
                  r.cache_bytes, cache);
        cr_expect_float_eq(r.post_cache_bps, 304e6, 10e6);
        cr_expect_eq(ssd_analysis_phase_count(a), 2);
        ssd_analysis_free(a);
        ssd_series_free(s);
    }
    free(b);
}

Test(curve, chaotic_collapse_and_recovery_are_a_few_phases) {
    /* The shape of the NVMeBenchmarks QD64 run: 750 s flat at 1.1 GB/s
     * (2% noise), a collapse sliding to 10 MB/s over three minutes with 40%
     * noise from one second to the next, a linear ramp back to 400 MB/s,
     * then 500 MB/s. The penalty follows the quiet start; the collapse
     * must not come out as a staircase of 10-20 s phases. */
    size_t n = 1200;
    double *b = malloc(n * sizeof *b);
    for (int rep = 0; rep < 4; rep++) {
        for (size_t i = 0; i < n; i++) {
            double v;
            if (i < 750) {
                v = 1.1e9 * exp(0.02 * gauss());
            } else if (i < 1000) {
                double x = (double)(i - 750) / 180.0;
                v = 1.1e9 * exp(log(10e6 / 1.1e9) * sqrt(x < 1 ? x : 1)) * exp(0.4 * gauss());
            } else if (i < 1090) {
                v = (10e6 + 390e6 * (double)(i - 1000) / 90.0) * exp(0.03 * gauss());
            } else {
                v = 500e6 * exp(0.03 * gauss());
            }
            b[i] = v;
        }
        ssd_series *s = per_second(b, n);
        ssd_analysis *a;
        struct ssd_analysis_summary r = run(s, NULL, &a);
        size_t np = ssd_analysis_phase_count(a);
        cr_expect_leq(np, 7, "draw %d: %zu phases", rep, np);
        struct ssd_phase p0 = {.size = sizeof p0}, pl = {.size = sizeof pl},
                         lowest = {.size = sizeof lowest};
        lowest.level_bps = INFINITY;
        cr_assert_eq(ssd_analysis_phase(a, 0, &p0), 0);
        cr_assert_eq(ssd_analysis_phase(a, np - 1, &pl), 0);
        for (size_t j = 0; j < np; j++) {
            struct ssd_phase p = {.size = sizeof p};
            cr_assert_eq(ssd_analysis_phase(a, j, &p), 0);
            if (p.level_bps < lowest.level_bps)
                lowest = p;
        }
        /* The regimes are still there: fast, the bottom of the collapse,
         * the recovered level. */
        cr_expect_float_eq(p0.level_bps, 1.1e9, 0.03e9);
        cr_expect_lt(lowest.level_bps, 20e6);
        cr_expect_float_eq(pl.level_bps, 500e6, 25e6);
        /* Here the start is the fastest: its end is the first lasting drop. */
        cr_expect(r.has_cache && fabs(r.cache_bytes / (750 * 1.1e9) - 1) < 0.03);
        ssd_analysis_free(a);
        ssd_series_free(s);
    }
    free(b);
}

Test(curve, folding_after_post_cache) {
    /* cache 250 GiB at 4.5 GB/s, 1.34 GB/s direct, 0.5 GB/s folding from
     * 600 GiB. */
    size_t n = 900;
    double *b = malloc(n * sizeof *b), w = 0;
    for (size_t i = 0; i < n; i++) {
        double r = w < 250 * GIB ? 4.5e9 : w < 600 * GIB ? 1.34e9 : 0.5e9;
        b[i] = r * exp(0.05 * gauss());
        w += b[i];
    }
    ssd_series *s = per_second(b, n);
    struct ssd_analysis_summary r = run(s, NULL, NULL);
    cr_assert(r.has_cache);
    cr_expect(fabs(r.cache_bytes / (250 * GIB) - 1) < 0.03);
    cr_assert(r.has_folding);
    cr_expect(fabs(r.folding_start_bytes / (600 * GIB) - 1) < 0.03, "%g",
              r.folding_start_bytes / GIB);
    cr_expect_float_eq(r.folding_level_bps, 0.5e9, 0.05e9);
    cr_expect_float_eq(r.post_cache_bps, 1.34e9, 0.1e9);
    ssd_series_free(s);
    free(b);
}

Test(curve, options_by_key_are_checked) {
    ssd_analysis *a;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    double v;
    cr_expect_eq(ssd_analysis_get_option(a, "penalty", &v), 0);
    cr_expect_float_eq(v, 3.0, 1e-12);
    cr_expect_eq(ssd_analysis_set_option(a, "penalty", "-1"), SSD_ERANGE);
    cr_expect_eq(ssd_analysis_set_option(a, "no_such", "1"), SSD_EINVAL);
    cr_expect(strstr(ssd_analysis_errmsg(a), "no_such") != NULL);
    /* Counts refuse fractions (1.5 samples was taken and truncated), and
     * no option takes a non-finite value (out of every range, as for every
     * handle's numbers); the message names the option.
     * The stored value is left as it was. */
    const char *counts[] = {"min_phase_samples", "exact_limit"};
    for (size_t i = 0; i < 2; i++) {
        double before, after;
        cr_assert_eq(ssd_analysis_get_option(a, counts[i], &before), 0);
        char text[32];
        snprintf(text, sizeof text, "%.17g", before + 0.5);
        cr_expect_eq(ssd_analysis_set_option(a, counts[i], text), SSD_EINVAL, "%s", counts[i]);
        cr_expect(strstr(ssd_analysis_errmsg(a), counts[i]) != NULL, "%s", ssd_analysis_errmsg(a));
        snprintf(text, sizeof text, "%.17g", before + 1);
        cr_expect_eq(ssd_analysis_set_option(a, counts[i], text), 0, "%s", ssd_analysis_errmsg(a));
        cr_assert_eq(ssd_analysis_get_option(a, counts[i], &after), 0);
        cr_expect_float_eq(after, before + 1, 1e-12);
    }
    const char *bad[] = {"nan", "inf", "-inf"};
    for (size_t i = 0; i < 3; i++) {
        cr_expect_eq(ssd_analysis_set_option(a, "noise_merge", bad[i]), SSD_ERANGE, "%s", bad[i]);
        cr_expect(strstr(ssd_analysis_errmsg(a), "noise_merge") != NULL);
    }
    /* A rate and a duration take their units, as job's rate and time do:
     * the CLI's --expect-cache-bps 500MiB and --ss-round-s 1m. */
    cr_expect_eq(ssd_analysis_set_option(a, "expect_cache_bps", "500MiB"), 0);
    cr_expect_eq(ssd_analysis_get_option(a, "expect_cache_bps", &v), 0);
    cr_expect_float_eq(v, 500.0 * 1048576, 1e-3);
    cr_expect_eq(ssd_analysis_set_option(a, "ss_round_s", "1m"), 0);
    cr_expect_eq(ssd_analysis_get_option(a, "ss_round_s", &v), 0);
    cr_expect_float_eq(v, 60.0, 1e-12);
    cr_expect_eq(ssd_analysis_set_option(a, "penalty", "2.5"),
                 0); /* fractions elsewhere are fine */
    /* The string form takes decimal text only, and leaves the value alone
     * when it refuses. */
    const char *not_decimal[] = {"", " 3", "3 ", "0x10", "abc", "1e999", NULL};
    for (size_t i = 0; i < sizeof not_decimal / sizeof *not_decimal; i++) {
        cr_expect_eq(ssd_analysis_set_option(a, "penalty", not_decimal[i]), SSD_EINVAL, "'%s'",
                     not_decimal[i] ? not_decimal[i] : "(null)");
        cr_expect(strstr(ssd_analysis_errmsg(a), "penalty") != NULL, "%s", ssd_analysis_errmsg(a));
    }
    cr_expect_eq(ssd_analysis_get_option(a, "penalty", &v), 0);
    cr_expect_float_eq(v, 2.5, 1e-12);
    cr_expect_eq(ssd_analysis_set_option(a, "min_phase_samples", "7"), 0);
    cr_expect_eq(ssd_analysis_get_option(a, "min_phase_samples", &v), 0);
    cr_expect_float_eq(v, 7.0, 1e-12);
    struct ssd_analysis_summary sum = {.size = sizeof sum};
    cr_expect_eq(ssd_analysis_summary(a, &sum), SSD_ESTATE);
    char *json = (char *)1;
    cr_expect_eq(ssd_analysis_to_json(a, NULL, 0, &json), SSD_ESTATE);
    cr_expect_null(json);
    ssd_analysis_free(a);
    ssd_analysis_free(NULL);
}

Test(curve, too_short_or_empty_series_is_an_error_not_a_number) {
    double t[] = {1, 2}, b[] = {5, 5}, z[] = {0, 0, 0}, t3[] = {1, 2, 3};
    ssd_series *s = NULL;
    ssd_analysis *a;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, 2), 0);
    cr_expect_eq(ssd_analysis_run(a, s, NULL), SSD_ENODATA);
    ssd_series_free(s);
    cr_assert_eq(ssd_series_from_arrays(&s, t3, z, 3), 0);
    cr_expect_eq(ssd_analysis_run(a, s, NULL), SSD_ENODATA);
    cr_expect(strstr(ssd_analysis_errmsg(a), "no bytes") != NULL);
    ssd_series_free(s);
    ssd_analysis_free(a);
}

/* Brute-force optimal partitioning (O(n^2)) agrees with PELT. */
Test(segment, pelt_matches_exhaustive_optimal_partitioning) {
    enum { N = 120 };
    double y[N];
    for (int trial = 0; trial < 20; trial++) {
        for (int i = 0; i < N; i++)
            y[i] = (i / 30 % 2 ? 1.0 : 0.0) * (trial % 3) + gauss();
        double pen = 2.0 + trial % 5;
        size_t ends[N];
        int k = ssd_segment_l2(y, N, pen, 1, ends, N);
        cr_assert_gt(k, 0);
        /* Exhaustive DP. */
        double f[N + 1];
        int last[N + 1];
        f[0] = -pen;
        for (int t = 1; t <= N; t++) {
            f[t] = INFINITY;
            for (int s = 0; s < t; s++) {
                double s1 = 0, s2 = 0;
                for (int i = s; i < t; i++)
                    s1 += y[i], s2 += y[i] * y[i];
                double c = s2 - s1 * s1 / (t - s);
                if (f[s] + c + pen < f[t])
                    f[t] = f[s] + c + pen, last[t] = s;
            }
        }
        int kb = 0;
        for (int t = N; t > 0; t = last[t])
            kb++;
        cr_expect_eq(k, kb, "trial %d: %d vs %d segments", trial, k, kb);
        int t = N;
        for (int j = k - 1; j >= 0 && t > 0; j--, t = last[t])
            cr_expect_eq((int)ends[j], t, "trial %d: end %d", trial, j);
    }
}

/* Ties: on small integers many splits cost exactly the same, and the
 * candidates are compared several at a time (segment.c); PELT must still
 * pick what the exhaustive search with its strict < picks, the earliest
 * split, over a long change-free stretch (hundreds of candidates). */
Test(segment, pelt_ties_pick_the_exhaustive_search_s_split) {
    enum { N = 300 };
    double y[N];
    for (int trial = 0; trial < 6; trial++) {
        for (int i = 0; i < N; i++)
            y[i] = (double)((i * 7 + trial) % 3) + (i >= 200 ? 4.0 * (trial % 2) : 0.0);
        double pen = 0.5 + trial;
        size_t ends[N];
        int k = ssd_segment_l2(y, N, pen, 1, ends, N);
        cr_assert_gt(k, 0);
        static double f[N + 1], s1[N + 1], s2[N + 1];
        static int last[N + 1];
        double mean = 0;
        for (int i = 0; i < N; i++)
            mean += y[i];
        mean /= N;
        for (int i = 0; i < N; i++) { /* the sums segment.c uses, centred */
            s1[i + 1] = s1[i] + (y[i] - mean);
            s2[i + 1] = s2[i] + (y[i] - mean) * (y[i] - mean);
        }
        f[0] = -pen;
        for (int t = 1; t <= N; t++) {
            f[t] = INFINITY;
            for (int s = 0; s < t; s++) {
                double m = s1[t] - s1[s];
                double c = s2[t] - s2[s] - m * m / (double)(t - s);
                double v = f[s] + (c > 0 ? c : 0) + pen;
                if (v < f[t])
                    f[t] = v, last[t] = s;
            }
        }
        int kb = 0;
        for (int t = N; t > 0; t = last[t])
            kb++;
        cr_assert_eq(k, kb, "trial %d: %d vs %d segments", trial, k, kb);
        int t = N;
        for (int j = k - 1; j >= 0 && t > 0; j--, t = last[t])
            cr_expect_eq((int)ends[j], t, "trial %d: end %d", trial, j);
    }
}

/* Found by fuzz_analysis: a huge duration made the steady-state round loop
 * endless. Absurd magnitudes must still finish, with finite or null
 * figures, never a hang. */
Test(curve, absurd_magnitudes_finish) {
    double t[8], b[8];
    for (int i = 0; i < 8; i++) {
        t[i] = (i + 1) * 1e299;
        b[i] = (i % 3) * 1e300;
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, 8), 0);
    ssd_analysis *a;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_expect_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    char *json = NULL;
    cr_expect_eq(ssd_analysis_to_json(a, NULL, 0, &json), 0);
    cr_expect(json && !strstr(json, "nan") && !strstr(json, "inf"), "%s", json);
    ssd_free(json);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

/* n one-second samples at hi for the first k, lo after; t_s from t0 + 1. */
static ssd_series *two_levels(double t0, size_t n, size_t k, double hi, double lo) {
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b);
    cr_assert(t && b);
    for (size_t i = 0; i < n; i++) {
        t[i] = t0 + (double)(i + 1);
        b[i] = i < k ? hi : lo;
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    free(t);
    free(b);
    return s;
}

Test(curve, times_are_relative_to_the_series_start) {
    ssd_series *a = two_levels(0, 600, 60, 400e6, 60e6);
    ssd_series *b = two_levels(1e9, 600, 60, 400e6, 60e6);
    ssd_analysis *x, *y;
    cr_assert_eq(ssd_analysis_create(&x), 0);
    cr_assert_eq(ssd_analysis_create(&y), 0);
    cr_assert_eq(ssd_analysis_run(x, a, NULL), 0, "%s", ssd_analysis_errmsg(x));
    cr_assert_eq(ssd_analysis_run(y, b, NULL), 0, "%s", ssd_analysis_errmsg(y));
    struct ssd_analysis_summary sa = {.size = sizeof sa}, sb = {.size = sizeof sb};
    ssd_analysis_summary(x, &sa);
    ssd_analysis_summary(y, &sb);
    cr_expect_float_eq(sb.duration_s, sa.duration_s, 1e-6);
    cr_expect_float_eq(sb.duration_s, 600.0, 1e-6); /* 600 intervals of 1 s */
    cr_expect_eq(sb.has_cache, sa.has_cache);
    cr_expect_float_eq(sb.cache_bytes, sa.cache_bytes, 1e-6 * sa.cache_bytes);
    cr_assert_eq(ssd_analysis_phase_count(y), ssd_analysis_phase_count(x));
    for (size_t i = 0; i < ssd_analysis_phase_count(x); i++) {
        struct ssd_phase pa = {.size = sizeof pa}, pb = {.size = sizeof pb};
        ssd_analysis_phase(x, i, &pa);
        ssd_analysis_phase(y, i, &pb);
        cr_expect_float_eq(pb.start_s, pa.start_s, 1e-6);
        cr_expect_float_eq(pb.end_s, pa.end_s, 1e-6);
    }
    ssd_analysis_free(x);
    ssd_analysis_free(y);
    ssd_series_free(a);
    ssd_series_free(b);
}

static int cmp_double(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

/* The start is moved back one median interval when the first t_s is more
 * than 1.5 of them in; analysis_curve.c settles most series by a count
 * instead of the median. Near the boundary (first t_s just above or below
 * 1.5 medians, an even and an odd number of intervals, two interval sizes
 * in any proportion) the duration must be what the median rule says. */
Test(curve, late_start_follows_the_median_interval_rule) {
    enum { N = 401 };
    static double t[N], b[N], d[N];
    for (int trial = 0; trial < 24; trial++) {
        size_t n = N - (size_t)(trial % 2); /* 400 or 399 intervals */
        double small = 1.0, big = 1.0 + 0.1 * (trial / 8 + 1);
        double share = (double)(trial / 2 % 4) / 4; /* of big intervals */
        for (size_t i = 1; i < n; i++)
            d[i - 1] = (double)(i % 4) < share * 4 ? big : small;
        double sorted[N];
        memcpy(sorted, d, (n - 1) * sizeof *d);
        qsort(sorted, n - 1, sizeof *sorted, cmp_double);
        size_t m = n - 1;
        double med = m % 2 ? sorted[m / 2] : 0.5 * (sorted[m / 2] + sorted[m / 2 - 1]);
        double first = 1.5 * med * (trial % 4 < 2 ? 1.01 : 0.99);
        t[0] = first;
        b[0] = 1e8;
        for (size_t i = 1; i < n; i++) {
            t[i] = t[i - 1] + d[i - 1];
            b[i] = 1e8;
        }
        ssd_series *s = NULL;
        cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
        ssd_analysis *a;
        cr_assert_eq(ssd_analysis_create(&a), 0);
        cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
        struct ssd_analysis_summary sum = {.size = sizeof sum};
        ssd_analysis_summary(a, &sum);
        double t0 = first > 1.5 * med ? first - med : 0;
        cr_expect_eq(sum.duration_s, t[n - 1] - t0, "trial %d: duration %.17g, expected %.17g",
                     trial, sum.duration_s, t[n - 1] - t0);
        ssd_analysis_free(a);
        ssd_series_free(s);
    }
}

Test(curve, recovery_against_a_one_level_reference_is_undefined) {
    ssd_series *run = two_levels(0, 300, 20, 400e6, 60e6);
    ssd_series *flat = two_levels(0, 300, 0, 0, 80e6);
    ssd_series *fresh = two_levels(0, 300, 60, 400e6, 60e6);
    ssd_analysis *a;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_expect_null(ssd_analysis_recovery_note(a));
    cr_assert_eq(ssd_analysis_run(a, run, flat), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary s = {.size = sizeof s};
    ssd_analysis_summary(a, &s);
    cr_expect_eq(s.has_recovery, 0);
    cr_expect(isnan(s.recovered_bytes));
    const char *note = ssd_analysis_recovery_note(a);
    cr_assert_not_null(note);
    cr_expect(strstr(note, "no cache") != NULL, "%s", note);
    char *json = NULL;
    cr_assert_eq(ssd_analysis_to_json(a, NULL, 0, &json), 0);
    cr_expect(strstr(json, "\"recovery\":null") != NULL, "%s", json);
    cr_expect(strstr(json, "\"recovery_note\":") != NULL);
    ssd_free(json);
    /* With a cache in the reference: a figure (20 samples at 400 MB/s), no note. */
    cr_assert_eq(ssd_analysis_run(a, run, fresh), 0, "%s", ssd_analysis_errmsg(a));
    ssd_analysis_summary(a, &s);
    cr_expect_eq(s.has_recovery, 1);
    cr_expect(fabs(s.recovered_bytes / (20 * 400e6) - 1) < 0.1, "%g", s.recovered_bytes);
    cr_expect_null(ssd_analysis_recovery_note(a));
    /* Without a reference: no recovery key at all. */
    cr_assert_eq(ssd_analysis_run(a, run, NULL), 0);
    cr_expect_null(ssd_analysis_recovery_note(a));
    cr_assert_eq(ssd_analysis_to_json(a, NULL, 0, &json), 0);
    cr_expect(strstr(json, "\"recovery") == NULL, "%s", json);
    ssd_free(json);
    ssd_analysis_free(a);
    ssd_series_free(run);
    ssd_series_free(flat);
    ssd_series_free(fresh);
}

/* n one-second samples at rate r(w) of the bytes w written so far, with
 * multiplicative noise cv. */
static ssd_series *levels_curve(size_t n, const double *at, const double *bps, size_t nl,
                                double cv) {
    double *b = malloc(n * sizeof *b), w = 0;
    for (size_t i = 0; i < n; i++) {
        size_t k = 0;
        while (k + 1 < nl && w >= at[k + 1])
            k++;
        b[i] = bps[k] * (cv > 0 ? exp(cv * gauss()) : 1.0);
        w += b[i];
    }
    ssd_series *s = per_second(b, n);
    free(b);
    return s;
}

Test(curve, slower_start_does_not_hide_the_cache) {
    /* 5 GB at 400 MB/s (a low-power start), a cache to 45 GB at 800 MB/s,
     * then 200 MB/s: before, no cache and two phases 'other'. The slow
     * start is a phase of its own, no part of the cache's 40 GB
     * (test_analysis_slow_start.c). */
    const double at[] = {0, 5e9, 45e9}, bps[] = {400e6, 800e6, 200e6};
    ssd_series *s = levels_curve(1200, at, bps, 3, 0.03);
    ssd_analysis *a = NULL;
    struct ssd_analysis_summary r = run(s, NULL, &a);
    cr_assert(r.has_cache);
    cr_expect(fabs(r.cache_bytes / 40e9 - 1) < 0.015, "%g", r.cache_bytes / 1e9);
    struct ssd_phase p0 = {.size = sizeof p0};
    cr_assert_eq(ssd_analysis_phase(a, 0, &p0), 0);
    cr_expect_eq(p0.regime, SSD_REGIME_SLOW_START);
    ssd_analysis_free(a);
    cr_expect(fabs(r.cache_level_bps / 800e6 - 1) < 0.03, "%g", r.cache_level_bps);
    cr_expect(fabs(r.post_cache_bps / 200e6 - 1) < 0.03, "%g", r.post_cache_bps);
    ssd_series_free(s);
}

Test(curve, a_short_cache_after_a_slower_start_survives_the_merge) {
    /* 2 s at 143 MB/s (a slower start), a static cache of 9 s at 391 MB/s,
     * then 173 MB/s (seed 13's drive 121 in the used-drive sweep): both
     * first segments are short; the start joined the cache and, in the
     * same pass, the cache (still judged by the start's level, further
     * from it than from the level after) joined that too: no cache. */
    size_t n = 2000;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    for (size_t i = 0; i < n; i++)
        b[i] = (i < 2 ? 143e6 : i < 11 ? 391e6 : 173e6) * exp(0.03 * gauss());
    ssd_series *s = per_second(b, n);
    struct ssd_analysis_summary r = run(s, NULL, NULL);
    cr_assert(r.has_cache, "no cache");
    double cache = 0;
    for (size_t i = 0; i < 11; i++)
        cache += b[i];
    cr_expect(fabs(r.cache_bytes / cache - 1) < 0.05, "%g GB", r.cache_bytes / 1e9);
    cr_expect(fabs(r.cache_level_bps / 391e6 - 1) < 0.05, "%g", r.cache_level_bps);
    cr_expect(fabs(r.post_cache_bps / 173e6 - 1) < 0.03, "%g", r.post_cache_bps);
    free(b);
    ssd_series_free(s);
}

Test(curve, clean_blocks_after_a_fill_are_no_cache) {
    /* A 512 GB drive filled sequentially: its spare area, 56 GB at 700
     * MB/s, then the used state at 60 MB/s for 240 GB, more than any
     * spare area (28 %) holds. */
    const double at[] = {0, 56e9}, bps[] = {700e6, 60e6};
    ssd_series *s = levels_curve(4900, at, bps, 2, 0.02);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", "512e9"), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "written_before_bytes", "512e9"), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "seq_fill"), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary r = {.size = sizeof r};
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    cr_expect(!r.has_cache, "cache %g GB", r.cache_bytes / 1e9);
    cr_assert(r.has_gc);
    cr_expect(fabs(r.gc_start_bytes / 56e9 - 1) < 0.01, "%g", r.gc_start_bytes / 1e9);
    cr_expect_eq(r.precondition, SSD_PRECONDITION_SEQ_FILL);
    /* A short run that ends inside the room cannot rule a cache out, but
     * the speed dropped once, into a level it held to the end: on a drive
     * written full that is the clean blocks running out (the contract),
     * and the note says what else would read the same. */
    ssd_series *s2 = levels_curve(1000, at, bps, 2, 0.02);
    cr_assert_eq(ssd_analysis_run(a, s2, NULL), 0, "%s", ssd_analysis_errmsg(a));
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    cr_expect(!r.has_cache, "cache %g GB", r.cache_bytes / 1e9);
    cr_expect(r.has_gc && fabs(r.gc_start_bytes - 56e9) <= 0.7e9, "%g", /* a sample */
              r.gc_start_bytes / 1e9);
    const char *note = ssd_analysis_regime_note(a);
    cr_expect(note && strstr(note, "would read the same"), "%s", note ? note : "(none)");
    ssd_analysis_free(a);
    ssd_series_free(s);
    ssd_series_free(s2);
}

Test(curve, a_cache_of_one_sample_is_sized_at_its_own_speed) {
    /* A static cache of 1.4 s at 2877 MB/s, then direct writes at 1311
     * with 12 % noise for 2 hours (seed 29's drive 160 in the used-drive
     * sweep): one sample wholly at the cache's speed, then the sample the
     * drop is in (40 % of it at 2877), both in the cache's phase. Its
     * level, 2361, was the mix's pull, and the drop's share of that
     * sample came out 60 %: 4.28 GB for 4.03. */
    size_t n = 7200;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    double hi = 2877e6, lo = 1311e6, cache = 1.4 * hi;
    for (size_t i = 0; i < n; i++)
        b[i] = i == 0 ? hi : i == 1 ? 0.4 * hi + 0.6 * lo : lo * exp(0.12 * gauss());
    expect_cache(b, n, cache, 0.02);
    free(b);
}

Test(curve, a_two_sample_cache_holds_the_drop_in_its_own_second_sample) {
    /* A cache at 2860 MB/s for 1.725 s, direct writes after it settling
     * from 2180 to 2053 MB/s with 1 % noise for 2 hours (seed 47's drive
     * 85 after a sequential fill, in the used-drive sweep): the drop is
     * in the second sample (2638), but the phase's level over the two,
     * 2749, was pulled down by that very mix and made the second sample
     * look almost at the cache's speed (84 %), less intermediate than the
     * 2180 one after it (18 %): the cache read 5.94 GB for 4.93. Judged
     * against the level of the samples wholly before each, 2860 for the
     * second (72 %) and 2749 for the third, the second holds the drop. */
    size_t n = 7200;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    double hi = 2860e6, lo = 2053e6;
    for (size_t i = 0; i < n; i++)
        b[i] = i == 0   ? hi
               : i == 1 ? 0.725 * hi + 0.275 * lo
               : i == 2 ? 2180e6
                        : lo * exp(0.01 * gauss());
    expect_cache(b, n, 1.725 * hi, 0.02);
    free(b);
}

/* The analysis of s on a fresh drive (precondition none, nothing written
 * before), of the given capacity (NULL: unknown); its summary in *r. */
static ssd_analysis *analysed_fresh(ssd_series *s, const char *capacity,
                                    struct ssd_analysis_summary *r) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    if (capacity)
        cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", capacity), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "none"), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "written_before_bytes", "0"), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    *r = (struct ssd_analysis_summary){.size = sizeof *r};
    cr_assert_eq(ssd_analysis_summary(a, r), 0);
    return a;
}

/* expect_cache() for a fresh drive: precondition none, nothing written
 * before. */
static void expect_fresh_cache(const double *b, size_t n, double cache, double tol) {
    ssd_series *s = per_second(b, n);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_fresh(s, NULL, &r);
    cr_assert(r.has_cache, "no cache");
    cr_expect_eq(r.cache_censored, SSD_CENSOR_NONE);
    cr_expect(fabs(r.cache_bytes / cache - 1) < tol, "cache %.4g vs %.4g", r.cache_bytes, cache);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

/* n one-second samples: head[0, k), then direct writes at lo with noise
 * cv, every sixth one in a GC dip to 60 % when dips is set. */
static double *fresh_curve(size_t n, const double *head, size_t k, double lo, double cv, int dips) {
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    for (size_t i = 0; i < n; i++)
        b[i] = i < k ? head[i] : lo * exp(cv * gauss()) * (dips && i % 6 == 1 ? 0.6 : 1);
    return b;
}

Test(curve, a_fresh_drives_cache_ends_in_the_last_sample_above_the_direct_level) {
    /* A fresh drive's static cache slowing as it ends, 2600, 2400 and 1900
     * MB/s, then half of a sample at 1900 and half at the direct level,
     * 1090 with 3 % noise, for the rest of the fill (seed 11's drive 53 in
     * the used-drive sweep). The drop's sample is above the direct level
     * by far more than its noise: the cache ends in it, not in the more
     * intermediate 1900 one before (6.2 GB for 7.85). */
    const double head[] = {2600e6, 2400e6, 1900e6, 0.5 * 1900e6 + 0.5 * 1090e6};
    double *b = fresh_curve(3000, head, 4, 1090e6, 0.03, 0);
    expect_fresh_cache(b, 3000, 2600e6 + 2400e6 + 1900e6 + 0.5 * 1900e6, 0.03);
    free(b);
}

Test(curve, a_cluster_of_gc_dips_right_after_a_static_cache_is_not_its_post_cache_level) {
    /* A fresh drive's static cache at 1583 MB/s for 4 samples, then direct
     * writes at 839 with 3 % noise, two GC dips to 0.78 of it close
     * together right after the drop (11 samples, one back at the level
     * between them) and the same dips every 22 samples for the rest of
     * the fill (seed 61's drive 138 in the used-drive sweep). The cluster
     * is the run's dips, not a level after the cache: the drop's sample,
     * a direct one, holds no cache (6.18 GiB for 5.88 when it was split
     * against the cluster's 674). */
    const double head[] = {1583e6, 1583e6, 1583e6, 1583e6, 845e6, 657e6, 641e6, 657e6,
                           645e6,  764e6,  832e6,  742e6,  664e6, 677e6, 671e6, 725e6};
    size_t n = 400, k = sizeof head / sizeof *head;
    double *b = fresh_curve(n, head, k, 839e6, 0.03, 0);
    for (size_t i = k + 20; i < n; i++)
        if ((i - k - 20) % 22 < 4)
            b[i] = 0.78 * 839e6 * exp(0.03 * gauss());
    expect_fresh_cache(b, n, 4 * 1583e6, 0.03);
    free(b);
}

Test(curve, a_gc_dip_longer_than_a_short_caches_first_samples_stays_inside_the_cache) {
    /* A fresh drive's dynamic cache at 3920 MB/s, a GC dip to 2625 for 4
     * samples two samples in, the cache again for 5, the drop inside the
     * 11th sample, then direct writes at 1418 with 4 % noise (seed 151's
     * drive 10 in the used-drive sweep, fresh fill). The dip sits below
     * both neighbours at one level, but outlasted the 2 samples before it:
     * it stayed a phase, the first 2 samples a "cache" too short to call,
     * and the 35 GiB cache was missed. */
    const double head[] = {3920e6, 3920e6, 2625e6, 2625e6, 2625e6, 2625e6,
                           3989e6, 3989e6, 3989e6, 3989e6, 3989e6, 0.3 * 3989e6 + 0.7 * 1418e6};
    size_t n = 380, k = sizeof head / sizeof *head;
    double *b = fresh_curve(n, head, k, 1418e6, 0.04, 0);
    expect_fresh_cache(b, n, 2 * 3920e6 + 4 * 2625e6 + 5.3 * 3989e6, 0.03);
    free(b);
}

Test(curve, a_dynamic_cache_ends_at_a_quiet_step_under_min_drop_to_its_direct_writes) {
    /* A fresh drive's dynamic cache at 2743 MB/s for 17 samples, direct
     * writes at 2340 (1.17x below, under min_drop) for 21, both quiet to
     * 0.7 %, then folding at 1580 for 75 and the used state at 1000 with
     * 25 % noise (seed 47's drive 1, WSAT). The step is many times either
     * level's noise: the cache ends there (474 GiB for 228 on the drive,
     * the cache read to the folding, when the used state's noise merged
     * the two levels and the cache test asked min_drop of the drop). */
    size_t n = 600;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    for (size_t i = 0; i < n; i++)
        b[i] = i < 17    ? 2743e6
               : i < 38  ? 2340e6 * exp(0.007 * gauss())
               : i < 113 ? 1580e6 * exp(0.007 * gauss())
                         : 1000e6 * exp(0.25 * gauss());
    expect_fresh_cache(b, n, 17 * 2743e6, 0.03);
    free(b);
}

Test(curve, a_short_fresh_cache_ending_in_its_last_sample_is_a_level_before_it) {
    /* A fresh drive's dynamic cache at 2880 MB/s for 4 samples, quiet, the
     * drop 55 % into the fifth, then direct writes at 1850 (1.56x below)
     * for 74 samples, folding at 900 for 37 and the used state at 330
     * with 30 % noise to the end of a 1225-sample WSAT (seed 127's drive
     * 183, 5 s samples). The used state's noise sets the run's penalty
     * above what the 4 cache samples pay, so the split is judged at the
     * first segment's own noise, and only when the samples before it are
     * one level: the drop's mixed sample (2353) is not a second level but
     * the cache's end ("cache: none found" for the model's 60 GiB). */
    size_t n = 1225;
    double hi = 2880e6, lo = 1850e6;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    for (size_t i = 0; i < n; i++)
        b[i] = i < 4     ? hi * exp(0.003 * gauss())
               : i == 4  ? 0.55 * hi + 0.45 * lo
               : i < 79  ? lo * exp(0.015 * gauss())
               : i < 116 ? 900e6 * exp(0.01 * gauss())
                         : 330e6 * exp(0.3 * gauss());
    expect_fresh_cache(b, n, 4.55 * hi, 0.03);
    free(b);
}

Test(curve, a_short_fresh_cache_after_a_slow_first_sample_is_a_level) {
    /* A fresh drive's dynamic cache after a slow first sample (1912 MB/s,
     * a GC dip), at 2868, 2889 and 2786, the drop in the fifth (2173),
     * then direct writes at 1604 with a GC dip to 0.68 of it every seventh
     * sample for 62, folding at 1045 for 40 and the used state at 500
     * with 35 % noise to the end of a 502-sample WSAT (seed 53's drive 53,
     * 5 s samples). The split before the drop's sample is judged only
     * when the samples before it are one level: the slow first sample is
     * a start below it, not a second level ("cache: none found" for the
     * model's 61 GiB). */
    const double head[] = {1912e6, 2868e6, 2889e6, 2786e6, 2173e6, 1813e6};
    size_t n = 502, k = sizeof head / sizeof *head;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    for (size_t i = 0; i < n; i++)
        b[i] = i < k     ? head[i]
               : i < 68  ? 1604e6 * (i % 7 == 0 ? 0.68 : 1)
               : i < 108 ? 1045e6
                         : 500e6 * exp(0.35 * gauss());
    expect_fresh_cache(b, n, 61 * 1073741824.0 / 5, 0.05); /* the model's, per 5 s */
    free(b);
}

Test(curve, a_short_fresh_cache_before_a_few_quiet_direct_samples_is_judged_at_their_noise) {
    /* A fresh drive's dynamic cache at 2880 MB/s for 3 samples, the drop
     * 20 % into the fourth, direct writes at 2171 (1.33x below, quiet) for
     * 6, then folding at 889 for 27 and the used state at 500 with 35 %
     * noise to the end of a 191-sample WSAT (seed 211's drive 17, 5 s
     * samples). The direct writes are too few for a noise of their own,
     * so the first segment's split was judged at the run's (the used
     * state's) and merged: "cache: none found" for the model's 43 GiB.
     * The noise after the split is read over a few samples more. */
    size_t n = 191;
    double hi = 2880e6, lo = 2171e6;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    for (size_t i = 0; i < n; i++)
        b[i] = i < 3    ? hi * exp(0.005 * gauss())
               : i == 3 ? 0.2 * hi + 0.8 * lo
               : i < 10 ? lo * exp(0.005 * gauss())
               : i < 37 ? 889e6 * exp(0.005 * gauss())
                        : 500e6 * exp(0.35 * gauss());
    expect_fresh_cache(b, n, 3.2 * hi, 0.03);
    free(b);
}

Test(curve, a_fresh_cache_of_two_lasting_phases_is_judged_at_the_noise_after_it) {
    /* A fresh drive's dynamic cache at 2877 MB/s for 7 samples (the last
     * 2838, the drop in it), direct writes at 2201 (1.31x below) for 18,
     * both flat, then folding at 1491 for 35 and the used state at 1100
     * with 40 % noise to the end of a 212-sample WSAT (seed 191's drive
     * 89, 5 s samples). A first segment longer than a lasting phase (5
     * samples here) was judged at the run's noise, the used state's, and
     * merged with the direct writes: the cache read to the folding (93
     * GiB on the drive read as 284). */
    size_t n = 212;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    for (size_t i = 0; i < n; i++)
        b[i] = i < 6    ? 2877e6
               : i == 6 ? 2838e6
               : i < 25 ? 2201e6
               : i < 60 ? 1491e6
                        : 1100e6 * exp(0.4 * gauss());
    expect_fresh_cache(b, n, 6 * 2877e6 + 2838e6, 0.03);
    free(b);
}

Test(curve, a_fresh_cache_before_direct_writes_carved_by_gc_dips_is_not_judged_at_their_noise) {
    /* A fresh drive's dynamic cache at 2877 MB/s for 7 samples, a GC dip
     * through two of them, then direct writes at 1858 for 10 carved by
     * three dips to 0.64-0.71 of it, folding at 1071 and the used state at
     * 1250 with 20 % noise to the end of a 248-sample WSAT (seed 61's
     * drive 14, 5 s samples). The direct writes' own noise is the dips',
     * above the pair's: judged at it, the 7-sample cache merged with them
     * and the cache was read to the folding (164 GiB for 90). */
    const double head[] = {2877e6, 2877e6, 2584e6, 2291e6, 2877e6, 2877e6, 2877e6, 1882e6, 1858e6,
                           1197e6, 1858e6, 1858e6, 1858e6, 1858e6, 1216e6, 1858e6, 1323e6};
    size_t n = 248, k = sizeof head / sizeof *head;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    for (size_t i = 0; i < n; i++)
        b[i] = i < k ? head[i] : i < 78 ? 1071e6 : 1250e6 * exp(0.2 * gauss());
    expect_fresh_cache(b, n, 5 * 2877e6 + 2584e6 + 2291e6, 0.03);
    free(b);
}

Test(curve, a_fresh_drives_cache_ends_in_the_last_of_two_samples_above_its_dipping_level) {
    /* A fresh drive's static cache at 2874 MB/s, a GC dip slowing its
     * last whole sample to 2051, then a sample 20 % at the cache and 80 %
     * at the direct level, 1497 with 1 % noise and a dip to 60 % every
     * sixth sample (seed 2026's drive 142, WSAT). Both samples are above
     * the level, the second at it again: the cache ends in the second
     * (64.6 GiB for 58.4, placed in the more intermediate first). The
     * dips, one in six, must not make the level's noise hide that. */
    double hi = 2874e6, lo = 1497e6;
    const double head[] = {hi, hi, hi, hi, 2051e6, 0.2 * hi + 0.8 * lo};
    double *b = fresh_curve(3000, head, 6, lo, 0.01, 1);
    expect_fresh_cache(b, 3000, 4 * hi + 2051e6 + 0.2 * hi, 0.02);
    free(b);
}

Test(curve, direct_writes_a_little_above_their_level_after_a_fresh_cache_are_noise) {
    /* A fresh drive's static cache at 4950 MB/s ending 44 % into its fifth
     * sample, then a sample 3 % above the direct level, 2573 with 0.8 %
     * noise, for the rest of the fill (seed 47's drive 198). That sample
     * is above the level by more than 3 of its noise but holds no cache:
     * a thirtieth of a sample of it would be, and noise explains it. The
     * cache ends in the intermediate sample (20.48 GiB, not 21.96). */
    double hi = 4950e6, lo = 2573e6;
    const double head[] = {hi, hi, hi, hi, 0.44 * hi + 0.56 * lo, 1.031 * lo};
    double *b = fresh_curve(3000, head, 6, lo, 0.008, 0);
    expect_fresh_cache(b, 3000, 4.44 * hi, 0.02);
    free(b);
}

/* A fresh drive's static cache at 332 MB/s for 14 samples, then the
 * samples of head[] (from the 15th on), then direct writes at 85.5 with 1 %
 * noise and a GC dip of 4 samples to 26.7 % every 24 (seed 13's drive 66,
 * fresh, 2 hours). */
static double *dipping_fresh_curve(size_t n, const double *head, size_t k) {
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    for (size_t i = 0; i < n; i++)
        b[i] = i < 14 ? 332e6
               : i < 14 + k
                   ? head[i - 14]
                   : 85.5e6 * exp(0.01 * gauss()) * (i >= 40 && (i - 40) % 24 < 4 ? 0.267 : 1);
    return b;
}

/* The heads of dipping_fresh_curve the fresh and the used drive's tests
 * share. In the cache: a dip to 26.7 % begins a quarter into the 15th
 * sample and lasts 4 samples like the run's others: the cache at 332 times
 * that, 88.7, about the direct level, for two samples, then the step down
 * to the direct level times it, 22.8, 17 % into the next, then the climb
 * back. The drop was placed where the dip began (3.91 GiB for the model's
 * 4.15). After it: the cache ends a quarter into the 15th sample, two
 * samples of direct writes follow, then a dip as long as the run's others:
 * its length places it after the drop, not around the cache's end. */
static const double dip_in_cache[] = {0.25 * 332e6 + 0.75 * 88.7e6, 88.7e6, 88.7e6,
                                      0.17 * 88.7e6 + 0.83 * 22.8e6, 0.5 * 22.8e6 + 0.5 * 85.5e6};
#define DIP_IN_CACHE_END (14.25 * 332e6 + 2.17 * 88.7e6)
static const double dip_after_cache[] = {
    0.25 * 332e6 + 0.75 * 85.5e6, 85.5e6, 85.5e6, 22.8e6, 22.8e6, 22.8e6, 22.8e6};
#define DIP_AFTER_CACHE_END (14.25 * 332e6)

Test(curve, a_fresh_drives_cache_that_ran_out_inside_a_gc_dip_ends_at_the_step_inside_it) {
    double *b = dipping_fresh_curve(3000, dip_in_cache, 5);
    expect_fresh_cache(b, 3000, DIP_IN_CACHE_END, 0.02);
    free(b);
}

Test(curve, a_gc_dip_of_direct_writes_after_a_fresh_cache_leaves_its_end_at_the_drop) {
    double *b = dipping_fresh_curve(3000, dip_after_cache, 7);
    expect_fresh_cache(b, 3000, DIP_AFTER_CACHE_END, 0.02);
    free(b);
}

/* n one-second samples of a fresh drive whose cache of `cache` bytes runs
 * at hi and direct writes after it at lo (1 % noise a sample on them),
 * both slowed to depth times their speed in GC dips of len seconds, one
 * every period seconds from `first` on: integrated over 1 ms steps, so a
 * dip's edges and the cache's end fall inside samples. */
static double *timed_dip_curve(size_t n, double cache, double hi, double lo, double depth,
                               double len, double period, double first) {
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    double left = cache;
    for (size_t i = 0; i < n; i++) {
        double w = 0, wd = 0;
        for (int k = 0; k < 1000; k++) {
            double t = (double)i + (k + 0.5) / 1000, g = 1;
            if (t >= first && fmod(t - first, period) < len)
                g = depth;
            double at_hi = fmin(left, hi * g / 1000);
            left -= at_hi;
            w += at_hi;
            wd += (1 - at_hi / (hi * g / 1000)) * lo * g / 1000;
        }
        b[i] = w + wd * exp(0.01 * gauss());
    }
    return b;
}

Test(curve, a_fresh_caches_end_in_the_sample_a_gc_dip_began_in_splits_against_both_levels) {
    /* A static cache at 3360 MB/s, direct writes at 1482 after it, both
     * slowed to 70 % in GC dips of 3.7 s every 20 s, the first 0.1 s into
     * the third sample, the cache ending 0.3 s into it (seed 11's drive
     * 134, fill, a sample earlier: 3360, 1526, 1032 twice, 1121, then
     * 1482). Split against 1482 alone, the drop's sample held 0.07 s of
     * cache (3.20 GiB of the model's 3.88); the other dips' length less
     * the 2.8 samples this one shows after it puts 0.9 s of it in the
     * drop's sample. (A sample earlier, the drop's sample is within the
     * noise of direct writes at 1 %: the cache read as one in the first
     * sample, as before.) */
    double hi = 3360e6, cache = 2.1 * hi + 0.2 * 0.7 * hi;
    double *b = timed_dip_curve(600, cache, hi, 1482e6, 0.7, 3.7, 20, 2.1);
    expect_fresh_cache(b, 600, cache, 0.03);
    free(b);
}

Test(curve, a_gc_dip_that_began_late_in_a_fresh_caches_last_sample_takes_only_its_share) {
    /* The cache at 2877 MB/s ends 0.05 s into the fourth sample, direct
     * writes at 852 follow, and a dip to 34 % of 3.9 s, like the run's
     * others, begins 0.2 s before that sample's end (seed 157's drive 6,
     * 2 hours: 2877 three times, 893, 292 three times, 460, 852). Split
     * against the dip's level the sample held 0.21 s of cache (8.66 GiB
     * for 8.24); the dip was in it for 0.2 s only. */
    double hi = 2877e6, cache = 3.05 * hi;
    double *b = timed_dip_curve(600, cache, hi, 852e6, 0.343, 3.9, 22, 3.8);
    expect_fresh_cache(b, 600, cache, 0.02);
    free(b);
}

Test(curve, a_caches_end_in_a_sample_a_gc_dip_took_most_of_splits_against_both_levels) {
    /* A static cache at 2862 MB/s ending 0.37 s into the fourth sample,
     * direct writes at 1747 after it, both slowed to 31 % in GC dips of
     * 3.7 s every 18.7 s, the first 0.03 s after the cache's end (seed
     * 227's drive 53, fresh, 2 hours: 2.7 GiB/s three times, 1353 MiB/s,
     * 520, 509, 493, then 1510 and the direct level at 1666). The drop's
     * sample is below the post-cache level, so the placement put the end
     * at the last sample wholly at the cache's speed (8.01 GiB for the
     * model's 9.0); the dip's time inside the drop's sample splits it as
     * when the sample is above that level. */
    double hi = 2862e6, cache = 3.37 * hi;
    double *b = timed_dip_curve(600, cache, hi, 1747e6, 0.31, 3.7, 18.7, 3.4);
    expect_fresh_cache(b, 600, cache, 0.03);
    free(b);
}

Test(curve, a_cache_that_ran_into_a_gc_dip_before_its_end_ends_inside_the_dip) {
    /* A static cache at 2619 MB/s, direct writes at 535 after it, both
     * slowed to 41 % in GC dips of 2.02 s every 11.2 s, the first 0.17 s
     * into the sixth sample, the cache ending 1.43 s into the dip (seed
     * 257's drive 178, 2 hours after a sequential fill: 2497 MiB/s five
     * times, 1275, 734, then 509; 13.13 GiB, placed in the 1275 sample,
     * for the model's 14.04). Neither sample is a plain mix of the two
     * levels; the dip's start and the cache's end fitted with the run's
     * other dips' depth and length put it where it was. */
    double hi = 2619e6, cache = (5.17 + 1.43 * 0.41) * hi;
    double *b = timed_dip_curve(600, cache, hi, 535e6, 0.41, 2.02, 11.2, 5.17);
    expect_fresh_cache(b, 600, cache, 0.03);
    free(b);
}

Test(curve, a_short_fresh_cache_that_ran_through_a_gc_dip_splits_its_end_at_its_faster_samples) {
    /* A static cache at 2877 MB/s, direct writes at 1476 after it, both
     * slowed to half in GC dips of 0.84 samples every 5, the first
     * straddling the first two samples (2230 and 2316), the third sample
     * clean at 2877, the cache ending 0.6 into the fourth (seed 47's drive
     * 180, WSAT, 5 s samples: 2293, 2026, 2876, then the drop's 2175).
     * Split against its phase's level, a median over the four samples the
     * dip pulled down to about the drop's sample's own rate, the fourth
     * sample read as all cache (7 % over); the cache ran at its faster
     * samples' speed (dipped_cache_level). */
    double hi = 2877e6, cache = (3.6 - 0.84 * 0.5) * hi;
    double *b = timed_dip_curve(600, cache, hi, 1476e6, 0.5, 0.84, 5, 0.55);
    expect_fresh_cache(b, 600, cache, 0.03);
    free(b);
}

/* The same shapes on a drive written before the run (a sequential fill,
 * nothing said of its state but that: the cache test knows no reference
 * here): a dip slows cache and direct writes alike whatever the drive
 * wrote before, and the run's other dips tell the two readings apart as
 * on a fresh drive (seed 2026's drive 142, 2 hours after a sequential
 * fill: 2926, 2461, 1593, 1579, 1182, 951, then 1538 MB/s, 26.0 GiB at
 * the drop for the model's 30.13). */
static void expect_used_cache(const double *b, size_t n, double cache, double tol) {
    ssd_series *s = per_second(b, n);
    struct ssd_analysis_summary r;
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", "1000000000000"), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "seq_fill"), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "written_before_bytes", "2000000000000"), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    r = (struct ssd_analysis_summary){.size = sizeof r};
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    cr_assert(r.has_cache, "no cache");
    cr_expect(fabs(r.cache_bytes / cache - 1) < tol, "cache %.4g vs %.4g", r.cache_bytes, cache);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

Test(curve, a_used_drives_cache_that_ran_out_inside_a_gc_dip_ends_at_the_step_inside_it) {
    double *b = dipping_fresh_curve(3000, dip_in_cache, 5);
    expect_used_cache(b, 3000, DIP_IN_CACHE_END, 0.02);
    free(b);
}

Test(curve, a_gc_dip_of_direct_writes_after_a_used_cache_leaves_its_end_at_the_drop) {
    double *b = dipping_fresh_curve(3000, dip_after_cache, 7);
    expect_used_cache(b, 3000, DIP_AFTER_CACHE_END, 0.02);
    free(b);
}

Test(curve, a_used_cache_ends_in_the_sample_above_the_level_after_a_dip_slowed_its_last_whole_one) {
    /* A drive after a sequential fill, its cache at 308 MB/s, a GC dip
     * slowing its last whole sample to 256, then a sample 10 % at the
     * cache (108, less than a fifth of the way up from the level in log)
     * and direct writes at 86 with 1 % noise, a dip to 60 % every sixth
     * sample (seed 53's drive 117, WSAT after a sequential fill: 8.03 GiB
     * for the model's 8.46, placed in the 256 sample). */
    double hi = 308e6, lo = 86e6;
    const double head[] = {hi, hi, hi, hi, hi, 256e6, 0.1 * hi + 0.9 * lo};
    double *b = fresh_curve(3000, head, 7, lo, 0.01, 1);
    expect_used_cache(b, 3000, 5 * hi + 256e6 + 0.1 * hi, 0.02);
    free(b);
}

Test(curve, gc_dips_inside_a_cache_do_not_hide_it) {
    /* A dynamic cache at 2877 MB/s for 16.5 s holding two GC dips of 3
     * samples each down to the direct level, then direct writes at 850
     * with 2 % noise for 2 hours (seed 11's drive 93 in the used-drive
     * sweep): 11 of the cache's 17 samples at speed, under the 70 % the
     * cache test asks, "cache: none found" on a 3.4x drop. After each dip
     * the speed is back at the cache's level: the cache was still there. */
    size_t n = 7200;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    double hi = 2877e6, lo = 850e6, cache = 0;
    for (size_t i = 0; i < n; i++) {
        if (i >= 3 && i <= 5)
            b[i] = i == 3 ? 1097e6 : 899e6;
        else if (i >= 8 && i <= 10)
            b[i] = i == 10 ? 1025e6 : 819e6;
        else if (i < 16)
            b[i] = hi;
        else if (i == 16)
            b[i] = 0.5 * hi + 0.5 * lo;
        else
            b[i] = lo * exp(0.02 * gauss());
        if (i < 16)
            cache += b[i];
    }
    cache += 0.5 * hi;
    expect_cache(b, n, cache, 0.02);
    free(b);
}

Test(curve, direct_writes_that_hold_a_level_after_a_cache_are_no_spread_drop) {
    /* A static cache at 299 MB/s for 108.5 s, direct writes at 219 with
     * 1 % noise for 86 s, then the used state at 40 MB/s with 30 % noise
     * to the end of 2 hours (seed 47's drive 128 after a sequential fill,
     * in the used-drive sweep). The direct writes last more than a phase
     * (72 samples) and hold their level, 1.37x below the cache: no short
     * transitional phase of a drop spread over a few samples. Taken for
     * one, the post-cache level was the used state's and the cache ran to
     * its onset (47.9 GiB for 30.3). */
    size_t n = 7200;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    double hi = 299e6, lo = 219e6, cache = 108.5 * hi;
    for (size_t i = 0; i < n; i++)
        b[i] = i < 108    ? hi
               : i == 108 ? 0.5 * hi + 0.5 * lo
               : i < 195  ? lo * exp(0.01 * gauss())
                          : 40e6 * exp(0.3 * gauss());
    expect_cache(b, n, cache, 0.02);
    free(b);
}

Test(curve, a_fast_start_that_never_comes_back_to_one_level_is_no_cache_with_dips) {
    /* The guard of the rule above: 4 samples falling from 2110 to 720
     * MB/s, 3 at 280-330, then 6 around 350-420 (GC bursts), then 265
     * with 10 % noise (seed 29's drive 5, a fill after a random fill).
     * The low samples after the fast start are no dip inside it: the speed
     * never comes back to where it was before them. No cache of the 13
     * samples' level. */
    size_t n = 900;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    const double head[] = {2110e6, 1295e6, 865e6, 720e6, 284e6, 327e6, 308e6,
                           420e6,  406e6,  318e6, 354e6, 417e6, 385e6};
    for (size_t i = 0; i < n; i++)
        b[i] = i < 13 ? head[i] : 265e6 * exp(0.1 * gauss());
    ssd_series *s = per_second(b, n);
    struct ssd_analysis_summary r = run(s, NULL, NULL);
    cr_expect(!r.has_cache || r.cache_bytes < 5e9, "cache %.4g", r.cache_bytes);
    free(b);
    ssd_series_free(s);
}

/* The words give a cache's uncertainty beside its size where it is 5 % of
 * it or more (the samples cannot place the end closer), and leave it out
 * where the figure's digits already say as much. */
Test(curve, words_show_the_cache_uncertainty_where_it_matters) {
    struct ssd_analysis_summary m = {.size = sizeof m};
    m.has_cache = 1;
    m.cache_censored = SSD_CENSOR_NONE;
    m.cache_bytes = 3.83 * GIB;
    m.cache_uncertainty_bytes = 1.19 * GIB;
    m.cache_level_bps = 2e9;
    m.cache_drop_ratio = 3;
    m.post_cache_bps = 2e9 / 3;
    m.gc_start_bytes = m.folding_start_bytes = NAN;
    struct ssd__text t = {0};
    ssd__text_regimes(&t, &m, NULL, 0);
    char *w = ssd__text_take(&t);
    cr_expect(strstr(w, "SLC cache 3.83 +- 1.19 GiB at 1907.3 MiB/s"), "%s", w);
    free(w);
    m.cache_uncertainty_bytes = 0.01 * GIB;
    ssd__text_regimes(&t, &m, NULL, 0);
    w = ssd__text_take(&t);
    cr_expect(strstr(w, "SLC cache 3.83 GiB at 1907.3 MiB/s"), "%s", w);
    free(w);
}

/* A run with no cache that falls into the used state writes first at the
 * fresh state's speed on a drive fresh from TRIM, but on a drive written
 * before the run (a fill, a recovery run) at the clean blocks' those writes
 * left: no fresh state (the words said "fresh-state speed" for both). */
Test(curve, words_call_a_used_drives_fast_start_clean_blocks_not_a_fresh_state) {
    struct ssd_analysis_summary m = {.size = sizeof m};
    m.has_gc = 1;
    m.post_cache_bps = 700 * 1048576.0;
    m.gc_start_bytes = 51.9 * GIB;
    m.gc_level_bps = 60 * 1048576.0;
    m.capacity_bytes = 512e9;
    m.cache_bytes = m.folding_start_bytes = NAN;
    m.precondition = SSD_PRECONDITION_NONE;
    struct ssd__text t = {0};
    ssd__text_regimes(&t, &m, NULL, 0);
    char *w = ssd__text_take(&t);
    cr_expect(strstr(w, "no SLC cache; fresh-state speed 700.0 MiB/s until 51.9 GiB"), "%s", w);
    free(w);
    m.written_before_bytes = 512e9;
    ssd__text_regimes(&t, &m, NULL, 0);
    w = ssd__text_take(&t);
    cr_expect(strstr(w, "no SLC cache; clean-block speed 700.0 MiB/s until 51.9 GiB"), "%s", w);
    cr_expect(!strstr(w, "fresh"), "%s", w);
    free(w);
    m.written_before_bytes = 0;
    m.precondition = SSD_PRECONDITION_RANDOM_FILL;
    ssd__text_regimes(&t, &m, NULL, 0);
    w = ssd__text_take(&t);
    cr_expect(strstr(w, "clean-block speed"), "%s", w);
    free(w);
}

/* One clause per regime: two direct phases that dip alike are said once,
 * two that dip differently are one clause naming where each starts (the
 * words said "periodic dips every 19 s ... (direct); periodic dips every
 * 22 s ... (direct)"), and whose speed the dips are a share of, never the
 * analysis' regime name "(direct)" (the round-22 audit). */
Test(curve, words_say_each_regimes_dips_in_one_clause) {
    struct ssd_analysis_summary m = {.size = sizeof m};
    m.post_cache_bps = 300 * 1048576.0;
    m.cache_bytes = m.gc_start_bytes = m.folding_start_bytes = NAN;
    struct ssd_phase ph[3] = {
        {.size = sizeof ph[0]}, {.size = sizeof ph[0]}, {.size = sizeof ph[0]}};
    for (int i = 0; i < 3; i++) {
        ph[i].regime = i == 1 ? SSD_REGIME_CACHE : SSD_REGIME_DIRECT;
        ph[i].has_dips = i != 1;
        ph[i].dip_period_s = 19;
        ph[i].dip_depth = 0.6;
        ph[i].start_bytes = i * 12.5 * GIB;
    }
    struct ssd__text t = {0};
    ssd__text_regimes(&t, &m, ph, 3);
    char *w = ssd__text_take(&t);
    cr_expect(strstr(w, "; periodic dips every 19 s to 40% of that speed"), "%s", w);
    cr_expect(!strstr(w, "(direct)"), "%s", w);
    cr_expect(strstr(w, "periodic dips") == strrchr(w, ';') + 2, "%s", w);
    free(w);
    ph[2].dip_period_s = 22;
    ph[2].dip_depth = 0.55;
    ssd__text_regimes(&t, &m, ph, 3);
    w = ssd__text_take(&t);
    cr_expect(strstr(w, "; periodic dips in that speed, every 19 s to 40% from 0.0 GiB and every "
                        "22 s to 45% from 25.0 GiB"),
              "%s", w);
    free(w);
    /* Each regime in a buyer's words: after a cache, before the used state
     * on a drive written before the run or a fresh one, in the used state. */
    m.has_cache = 1, m.cache_bytes = 12 * GIB, m.cache_level_bps = 900 * 1048576.0;
    ph[2].dip_period_s = 19, ph[2].dip_depth = 0.6;
    ssd__text_regimes(&t, &m, ph, 3);
    w = ssd__text_take(&t);
    cr_expect(strstr(w, "; periodic dips every 19 s to 40% of the speed after the cache"), "%s", w);
    free(w);
    m.has_cache = 0, m.cache_bytes = NAN;
    m.has_gc = 1, m.gc_start_bytes = 40 * GIB, m.gc_level_bps = 20 * 1048576.0;
    m.written_before_bytes = 200 * GIB;
    ssd__text_regimes(&t, &m, ph, 3);
    w = ssd__text_take(&t);
    cr_expect(strstr(w, "; periodic dips every 19 s to 40% of the clean-block speed"), "%s", w);
    free(w);
    m.written_before_bytes = 0;
    ph[1].regime = ph[2].regime = SSD_REGIME_GC, ph[1].has_dips = 0;
    ssd__text_regimes(&t, &m, ph, 3);
    w = ssd__text_take(&t);
    /* Each regime's dips with its own clause, not after the later phase's
     * ("..., then used state: 7.0 MiB/s; periodic dips every 16 s to 49%
     * of the clean-block speed": the round-23 audit on AS510S). */
    cr_expect(strstr(w, "until 40.0 GiB; periodic dips every 19 s to 40% of the fresh-state "
                        "speed; then used state: 20.0 MiB/s; periodic dips every 19 s to 40% of "
                        "the used-state speed"),
              "%s", w);
    free(w);
    ph[0].has_dips = ph[2].has_dips = 0;
    ssd__text_regimes(&t, &m, ph, 3);
    w = ssd__text_take(&t);
    cr_expect(strstr(w, "until 40.0 GiB, then used state: 20.0 MiB/s"), "%s", w);
    free(w);
}

/* A slump right after a cache's end is no post-cache level (5 Dec 2026):
 * 60 s at 3 GB/s, the drop inside a sample, 20 s at 0.5 GB/s with 10 %
 * noise (10 GB, a sixth of the cache: the controller flushing while it
 * switches), then 1 GB/s with 5 % noise to the end of 10 minutes, the
 * level the drive holds (the BIWIN X570's fresh 200 GiB write, with its
 * 19 s at 680-930 MiB/s between 5.07 GB/s and 1.7 GiB/s). The post-cache
 * level and the drop ratio are the held level's, the slump its own phase,
 * `other`, and the note says what it is; it was "6x slower (post-cache
 * 0.5 GB/s)", the held level `other`. */
Test(curve, a_slump_after_the_cache_is_no_post_cache_level) {
    size_t n = 600;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    double hi = 3e9, cache = 59.6 * hi;
    for (size_t i = 0; i < n; i++)
        b[i] = i < 59    ? hi
               : i == 59 ? 0.6 * hi + 0.4 * 0.5e9
               : i < 80  ? 0.5e9 * exp(0.1 * gauss())
                         : 1e9 * exp(0.05 * gauss());
    ssd_series *s = per_second(b, n);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_fresh(s, "1000000000000", &r);
    cr_assert(r.has_cache);
    cr_expect(fabs(r.cache_bytes / cache - 1) < 0.01, "cache %.4g vs %.4g", r.cache_bytes, cache);
    cr_expect_float_eq(r.post_cache_bps, 1e9, 0.03 * 1e9);
    cr_expect_float_eq(r.cache_drop_ratio, 3.0, 0.1);
    cr_assert_eq(ssd_analysis_phase_count(a), 3);
    struct ssd_phase p = {.size = sizeof p};
    cr_assert_eq(ssd_analysis_phase(a, 1, &p), 0);
    cr_expect_eq(p.regime, SSD_REGIME_OTHER);
    cr_expect_float_eq(p.level_bps, 0.5e9, 0.05 * 0.5e9);
    cr_assert_eq(ssd_analysis_phase(a, 2, &p), 0);
    cr_expect_eq(p.regime, SSD_REGIME_DIRECT);
    const char *note = ssd_analysis_regime_note(a);
    cr_expect(note && strstr(note, "slump"), "%s", note ? note : "(none)");
    ssd_analysis_free(a);
    ssd_series_free(s);
    free(b);
}

/* A noisy held level holds too: direct writes that scatter 14 % a sample
 * (and hold each value for two 1 s samples, a 2 s noise tick) have only
 * about 72 % of their samples within a step of their level (the sweep's
 * drive at 12 %: 73-75 %), and the slump
 * before them was the post-cache level (the slump sweep's drive 36, seed
 * 2026, fresh fill: 43 GiB of cache at 389 MiB/s, 8 GiB at 39, then 101
 * held; docs/analysis.md, "A slump right after a cache"). Within two of
 * its own sigmas, with no trend, it holds. */
Test(curve, a_slump_before_a_noisy_held_level_is_no_post_cache_level) {
    size_t n = 2000;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    double hi = 389 * 1048576.0, held = 101 * 1048576.0, z = 0;
    for (size_t i = 0; i < n; i++) {
        if (i % 2 == 0)
            z = gauss();
        b[i] = i < 113 ? hi : i < 318 ? 0.39 * held * exp(0.14 * z) : held * exp(0.14 * z);
    }
    ssd_series *s = per_second(b, n);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_fresh(s, "240000000000", &r);
    cr_assert(r.has_cache);
    cr_expect(fabs(r.cache_bytes / (113 * hi) - 1) < 0.01, "cache %.4g", r.cache_bytes);
    cr_expect_float_eq(r.post_cache_bps, held, 0.05 * held);
    struct ssd_phase p = {.size = sizeof p};
    cr_assert_eq(ssd_analysis_phase(a, 1, &p), 0);
    cr_expect_eq(p.regime, SSD_REGIME_OTHER);
    const char *note = ssd_analysis_regime_note(a);
    cr_expect(note && strstr(note, "slump"), "%s", note ? note : "(none)");
    ssd_analysis_free(a);
    ssd_series_free(s);
    free(b);
}

/* A slump of a lasting phase or more, but under two, is no GC dip of the
 * level after it either (the slump sweep, seed 2026's drive 7, fresh
 * fill: 41 s of cache at 476 MiB/s, 43 s at 162, then 243 held for 3180
 * s, where one lasting phase is 33 samples): it is told as a slump. On a
 * drive written before the run the GC-dip rule keeps it, a dip of the
 * level after it: the used state may begin right after the cache there,
 * and a slump told apart was read as its onset. */
Test(curve, a_slump_of_a_lasting_phase_on_a_fresh_drive_is_told) {
    size_t n = 3266;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    double hi = 476 * 1048576.0, held = 243 * 1048576.0, lo = 162 * 1048576.0;
    for (size_t i = 0; i < n; i++)
        b[i] = i < 41 ? hi : i < 84 ? lo * exp(0.06 * gauss()) : held * exp(0.06 * gauss());
    ssd_series *s = per_second(b, n);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_fresh(s, "1000000000000", &r);
    cr_assert(r.has_cache);
    cr_expect_float_eq(r.post_cache_bps, held, 0.03 * held);
    cr_assert_eq(ssd_analysis_phase_count(a), 3);
    struct ssd_phase p = {.size = sizeof p};
    cr_assert_eq(ssd_analysis_phase(a, 1, &p), 0);
    cr_expect_eq(p.regime, SSD_REGIME_OTHER);
    cr_expect_float_eq(p.level_bps, lo, 0.05 * lo);
    const char *note = ssd_analysis_regime_note(a);
    cr_expect(note && strstr(note, "slump"), "%s", note ? note : "(none)");
    ssd_analysis_free(a);
    /* Written full before: no slump told (the GC-dip rule, or the used
     * state's rules, read it). */
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", "1000000000000"), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "seq_fill"), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "written_before_bytes", "2000000000000"), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary u = {.size = sizeof u};
    cr_assert_eq(ssd_analysis_summary(a, &u), 0);
    for (size_t i = 0; i < ssd_analysis_phase_count(a); i++) {
        cr_assert_eq(ssd_analysis_phase(a, i, &p), 0);
        cr_expect_neq(p.regime, SSD_REGIME_OTHER, "phase %zu", i);
    }
    ssd_analysis_free(a);
    ssd_series_free(s);
    free(b);
}

/* Its guard: what runs slower right after a cache and faster later may be
 * a dynamic cache's folding, which lasts (bits - 1) times the cache or
 * more, never under half of it: 30 s at 3 GB/s, folding at 0.3 GB/s for
 * 600 s (180 GB, twice the cache: TLC), then direct writes at 0.8 GB/s.
 * The level after the cache stays the folding's, no slump. */
Test(curve, a_folding_as_long_as_the_cache_after_it_is_no_slump) {
    size_t n = 1200;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    for (size_t i = 0; i < n; i++)
        b[i] = i < 30 ? 3e9 : i < 630 ? 0.3e9 * exp(0.03 * gauss()) : 0.8e9 * exp(0.03 * gauss());
    ssd_series *s = per_second(b, n);
    ssd_analysis *a = NULL;
    struct ssd_analysis_summary r = run(s, NULL, &a);
    cr_assert(r.has_cache);
    cr_expect_float_eq(r.post_cache_bps, 0.3e9, 0.03 * 0.3e9);
    const char *note = ssd_analysis_regime_note(a);
    cr_expect(!note || !strstr(note, "slump"), "%s", note);
    ssd_analysis_free(a);
    ssd_series_free(s);
    free(b);
}
