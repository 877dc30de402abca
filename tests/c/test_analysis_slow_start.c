/* A start slower than the cache (a ramp or a flat low-power start) before
 * an SLC cache and a drop (issue 21, item 2): the cache is found, sized
 * without the slow start, and the start is its own "slow_start" phase. A
 * cache that itself slows gently, or a short fast burst before a slower
 * cache, keeps its cache and gets no slow start. Synthetic one-second
 * series with exact answers. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include <ssdcore.h>

#include "analysis_testutil.h"
#include "series_testutil.h"

#define GIB 1073741824.0

#define TEST_NOISE_SEED 2463534242ULL
#include "test_noise.h"

/* lead_s samples from frac * cache_bps (rising linearly to cache_bps when
 * ramp, else flat), cache_s samples at cache_bps, tail_s at cache_bps / 4,
 * each with lognormal noise cv. *cache gets the cache's true bytes. */
static double *slow_start_curve(size_t lead_s, double frac, int ramp, double cache_bps,
                                size_t cache_s, size_t tail_s, double cv, double *cache) {
    size_t n = lead_s + cache_s + tail_s;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    *cache = 0;
    for (size_t i = 0; i < n; i++) {
        double r = i >= lead_s + cache_s ? cache_bps / 4
                   : i >= lead_s         ? cache_bps
                   : ramp ? (frac + (1 - frac) * (double)i / (double)lead_s) * cache_bps
                          : frac * cache_bps;
        b[i] = r * (cv > 0 ? exp(cv * gauss()) : 1.0);
        if (i >= lead_s && i < lead_s + cache_s)
            *cache += b[i];
    }
    return b;
}

/* The analysis of b (n samples); the caller frees it. */
static ssd_analysis *analyse(const double *b, size_t n, struct ssd_analysis_summary *sum) {
    ssd_series *s = series_per_second(b, n);
    cr_assert(s);
    ssd_analysis *a = analysed_series(s, sum);
    ssd_series_free(s);
    return a;
}

static int phase_regime(const ssd_analysis *a, size_t i) {
    struct ssd_phase p = {.size = sizeof p};
    cr_assert_eq(ssd_analysis_phase(a, i, &p), 0);
    return p.regime;
}

/* The cache found within its stated uncertainty (at most 15 %), the
 * start a slow_start phase, then the cache, then the direct writes. */
static void expect_slow_start(size_t lead_s, double frac, int ramp, double cv) {
    double cache;
    size_t n = lead_s + 300 + 900;
    double *b = slow_start_curve(lead_s, frac, ramp, 1200e6, 300, 900, cv, &cache);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analyse(b, n, &r);
    const char *what = ramp ? "ramp" : "flat";
    cr_assert(r.has_cache, "%s %zu s at %.2f, noise %.2f: no cache", what, lead_s, frac, cv);
    double err = fabs(r.cache_bytes - cache);
    cr_expect(err <= r.cache_uncertainty_bytes + 1e6 && r.cache_uncertainty_bytes <= 0.15 * cache,
              "%s %zu s at %.2f, noise %.2f: cache %.2f GiB +- %.2f, truth %.2f", what, lead_s,
              frac, cv, r.cache_bytes / GIB, r.cache_uncertainty_bytes / GIB, cache / GIB);
    cr_expect(fabs(r.cache_level_bps / 1200e6 - 1) < 0.03, "%g", r.cache_level_bps);
    cr_expect(fabs(r.post_cache_bps / 300e6 - 1) < 0.03, "%g", r.post_cache_bps);
    cr_assert_geq(ssd_analysis_phase_count(a), 3);
    cr_expect_eq(phase_regime(a, 0), SSD_REGIME_SLOW_START, "%s %zu s at %.2f, noise %.2f: %s",
                 what, lead_s, frac, cv, ssd_analysis_regime_name(phase_regime(a, 0)));
    cr_expect_eq(phase_regime(a, 1), SSD_REGIME_CACHE);
    ssd_analysis_free(a);
    free(b);
}

Test(slow_start, a_ramp_before_the_cache_does_not_hide_the_drop) {
    /* 60 s from 300 to 1200 MB/s, a 300-s cache at 1200, then 300: before,
     * "cache: none found" with the cache and the level after it "other".
     * (A noisy ramp from 0.8 of the cache's level, and a noisy 10-s one
     * from above half of it, are limits: docs/analysis.md, "Limits".) */
    static const size_t lead[] = {10, 30, 60, 120};
    static const double frac[] = {0.25, 0.4, 0.6, 0.8};
    static const double cv[] = {0.0, 0.03, 0.06};
    for (size_t i = 0; i < 4; i++)
        for (size_t j = 0; j < 4; j++)
            for (size_t k = 0; k < 3; k++)
                if ((frac[j] < 0.7 || cv[k] == 0) && (lead[i] > 10 || frac[j] < 0.5 || cv[k] == 0))
                    expect_slow_start(lead[i], frac[j], 1, cv[k]);
}

Test(slow_start, a_flat_slow_start_is_no_part_of_the_cache) {
    /* 60 s at 300 MB/s, then the cache: it was counted into the cache
     * (16.8 GiB too many). */
    static const size_t lead[] = {10, 30, 60, 120};
    static const double frac[] = {0.25, 0.4, 0.6};
    static const double cv[] = {0.0, 0.03, 0.06};
    for (size_t i = 0; i < 4; i++)
        for (size_t j = 0; j < 3; j++)
            for (size_t k = 0; k < 3; k++)
                expect_slow_start(lead[i], frac[j], 0, cv[k]);
    expect_slow_start(120, 0.8, 0, 0.03);
}

/* The cache found in the n samples b at level_bps (3 %), the first phase
 * the cache and no phase a slow start; the cache's bytes within 1 % of
 * cache when that is > 0. */
static void expect_no_slow_start(double *b, size_t n, double level_bps, double cache) {
    struct ssd_analysis_summary r;
    ssd_analysis *a = analyse(b, n, &r);
    cr_assert(r.has_cache);
    cr_expect(fabs(r.cache_level_bps / level_bps - 1) < 0.03, "%g", r.cache_level_bps);
    if (cache > 0)
        cr_expect(fabs(r.cache_bytes / cache - 1) < 0.01, "%g GiB of %g", r.cache_bytes / GIB,
                  cache / GIB);
    cr_expect_eq(phase_regime(a, 0), SSD_REGIME_CACHE);
    for (size_t i = 0; i < ssd_analysis_phase_count(a); i++)
        cr_expect_neq(phase_regime(a, i), SSD_REGIME_SLOW_START);
    ssd_analysis_free(a);
    free(b);
}

Test(slow_start, a_cache_that_slows_gently_has_no_slow_start) {
    /* 1300 falling to 1100 MB/s over a 300-s cache, then 300: one cache
     * from the first sample. */
    size_t n = 1200;
    double *b = malloc(n * sizeof *b), cache = 0;
    cr_assert(b);
    for (size_t i = 0; i < n; i++) {
        b[i] = (i < 300 ? 1300e6 - 200e6 * (double)i / 300 : 300e6) * exp(0.03 * gauss());
        if (i < 300)
            cache += b[i];
    }
    expect_no_slow_start(b, n, 1200e6, cache);
}

Test(slow_start, a_short_fast_burst_before_a_slower_cache_has_no_slow_start) {
    /* 5 s at 2000 MB/s, a 300-s cache at 1200, then 300: the first phase
     * is still the cache (the burst, as before: the 1200 MB/s after it
     * reads as direct writes, then folding), and no phase a slow start. */
    size_t n = 1200;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    for (size_t i = 0; i < n; i++)
        b[i] = (i < 5 ? 2000e6 : i < 305 ? 1200e6 : 300e6) * exp(0.03 * gauss());
    expect_no_slow_start(b, n, 2000e6, 0);
}

Test(slow_start, a_slow_start_before_a_used_drive_s_clean_blocks_is_its_own_phase) {
    /* 30 s at 200 MiB/s, 100 s at 1000, then 250 MiB/s, on a 1 TB drive
     * after a sequential fill: the fast start is the clean blocks (no
     * cache), the drop the used state's onset. The slow start was folded
     * into one `direct` phase "0 B .. 104 GiB at 1000 MiB/s", which a fresh
     * drive's same curve splits off (round 24's new-user audit). */
    for (int k = 0; k < 3; k++) {
        double cv = k * 0.03, cache;
        double *b = slow_start_curve(30, 0.2, 0, 1000 * 1048576.0, 100, 1070, cv, &cache);
        ssd_series *s = series_per_second(b, 1200);
        cr_assert(s);
        struct ssd_analysis_summary sum;
        ssd_analysis *a = analysed_after_fill(s, NULL, 1e12, "seq_fill", &sum);
        cr_assert(!sum.has_cache && sum.has_gc, "cv %g", cv);
        cr_assert_eq(ssd_analysis_phase_count(a), 3, "cv %g: %zu phases", cv,
                     ssd_analysis_phase_count(a));
        cr_assert_eq(phase_regime(a, 0), SSD_REGIME_SLOW_START, "cv %g", cv);
        cr_assert_eq(phase_regime(a, 1), SSD_REGIME_DIRECT, "cv %g", cv);
        cr_assert_eq(phase_regime(a, 2), SSD_REGIME_GC, "cv %g", cv);
        struct ssd_phase p = {.size = sizeof p};
        cr_assert_eq(ssd_analysis_phase(a, 1, &p), 0);
        cr_assert(fabs(p.level_bps / (1000 * 1048576.0) - 1) < 0.05, "cv %g: %g", cv, p.level_bps);
        cr_assert(fabs(p.start_s - 30) <= 2, "cv %g: clean blocks from %g s", cv, p.start_s);
        cr_assert(fabs(sum.gc_start_bytes - (30 * 0.2 + 100) * 1000 * 1048576.0) <
                      0.03 * sum.gc_start_bytes,
                  "cv %g: onset %g", cv, sum.gc_start_bytes);
        cr_assert(fabs(sum.post_cache_bps / (1000 * 1048576.0) - 1) < 0.05, "cv %g", cv);
        ssd_analysis_free(a);
        ssd_series_free(s);
        free(b);
    }
}

/* Seed 137's drive 180's first 110 samples (MB/s), the random fill of a
 * fresh 1249 GB drive (the used-drive sweep's prefill log). */
static const double DIP_START_MBPS[] = {
    319, 223, 223, 217, 222, 417, 399, 416, 414, 419, 408, 412, 408, 406, 413, 403, 416, 412, 408,
    417, 420, 403, 411, 400, 414, 411, 402, 410, 406, 414, 409, 410, 410, 414, 404, 415, 411, 242,
    164, 165, 162, 237, 418, 411, 406, 402, 408, 408, 409, 413, 398, 406, 397, 410, 414, 343, 208,
    211, 195, 205, 94,  95,  94,  92,  158, 201, 198, 207, 213, 205, 200, 207, 208, 200, 207, 209,
    203, 207, 210, 204, 202, 208, 201, 199, 200, 208, 203, 208, 202, 212, 206, 205, 203, 199, 203,
    197, 193, 203, 204, 205, 155, 90,  83,  87,  84,  186, 196, 204, 205, 209};

Test(slow_start, a_fresh_run_begun_inside_a_gc_dip_keeps_its_cache) {
    /* That drive: 319 MB/s for 1 s (a GC dip began inside it), 4 samples
     * at 220, the cache at 410 with a dip of 5 samples, to 19.45 GiB (the
     * model's), then 202 for 6,577 s with a dip to 87 every 40 s; a
     * lasting phase is 67 samples. The first sample was kept as the cache
     * and the rest of it, shorter than a lasting phase, went into the
     * direct writes: "no cache" (with most of the noise draws after it).
     * The first sample and the dip are the cache's start. */
    size_t n = 6633, m = sizeof DIP_START_MBPS / sizeof *DIP_START_MBPS;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    for (int draw = 0; draw < 8; draw++) {
        for (size_t i = 0; i < n; i++)
            b[i] = i < m ? DIP_START_MBPS[i] * 1e6
                         : ((i - m) % 40 < 5 ? 87e6 : 202e6) * exp(0.03 * gauss());
        struct ssd_analysis_summary r;
        ssd_analysis *a = analyse(b, n, &r);
        cr_expect(r.has_cache, "draw %d: no cache", draw);
        if (r.has_cache) {
            cr_expect(fabs(r.cache_bytes / (19.45 * GIB) - 1) < 0.02, "draw %d: %g GiB", draw,
                      r.cache_bytes / GIB);
            cr_expect(fabs(r.cache_level_bps / 410e6 - 1) < 0.03, "%g", r.cache_level_bps);
            cr_expect_eq(phase_regime(a, 0), SSD_REGIME_CACHE);
        }
        ssd_analysis_free(a);
    }
    free(b);
}
