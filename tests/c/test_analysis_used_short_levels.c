/* A used drive's cache followed by direct writes too short for a phase
 * of their own (issue 21, round 24): the used-drive sweep's runs, no
 * reference, where a cache of a few samples and a few samples of direct
 * writes before GC were read as clean blocks running out ("cache
 * missed"). Built here sample by sample with their exact answers. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#define TEST_NOISE_SEED 0x853C49E6748FEA9BULL
#include "test_noise.h"

#include "analysis_testutil.h"
#include "curve_testutil.h"

#define MB 1e6
#define GIB 1073741824.0

/* GC's samples around gc: 4 % noise, one in five bursting to 1.5-2.5x. */
static double gc_bursting_fifth(double gc) {
    return gc * exp(0.04 * gauss()) * (uniform() < 0.2 ? 1.5 + uniform() : 1);
}

/* One in four bursting to 1.2-2.7x. */
static double gc_bursting_quarter(double gc) {
    return gc * (uniform() < 0.25 ? 1.2 + 1.5 * uniform() : 1);
}

/* n samples of dt seconds: `cache` bytes at hi B/s, then direct writes at
 * mid B/s to direct_end bytes, then GC scattering around gc B/s (cv
 * noise, and a burst of 1.5-2.5x in one sample of 8): the bytes of each,
 * a sample holding a boundary mixing the two levels by time. */
static double *cache_direct_gc(size_t n, double dt, double cache, double hi, double direct_end,
                               double mid, double gc, double cv) {
    double *b = malloc(n * sizeof *b), w = 0;
    cr_assert(b);
    for (size_t i = 0; i < n; i++) {
        double left = dt, x = 0;
        if (w < cache) {
            double s = fmin(left, (cache - w) / hi);
            x += s * hi;
            left -= s;
        }
        if (left > 0 && w + x < direct_end) {
            double s = fmin(left, (direct_end - w - x) / mid);
            x += s * mid;
            left -= s;
        }
        if (left > 0)
            x += left * gc * exp(cv * gauss()) * (uniform() < 0.125 ? 1.5 + uniform() : 1);
        b[i] = x;
        w += x;
    }
    return b;
}

static ssd_analysis *analysed_dt(const double *b, size_t n, double dt, double capacity,
                                 const char *precondition, struct ssd_analysis_summary *r) {
    return analysed_samples_after_fill(b, n, dt, capacity, precondition, r);
}

/* WSAT after a sequential fill (seed 2026's drive 74 in the used-drive
 * sweep, 1356 GB, a 39.6 GiB static cache of which idle time flushed
 * 30.3 GiB): 5 s samples at 2877 MB/s, 2877, then 1648 holding the
 * cache's end, 1215 three times (the spare area's direct writes, to 52.6
 * GiB), then GC around 250. The segmentation made the cache and the
 * direct writes one phase, read as clean blocks: "cache of 30.28 GiB
 * missed". */
Test(used_short_levels, a_cache_and_short_direct_writes_in_one_fast_start_after_a_seq_fill) {
    const size_t n = 4000;
    const double cache = 30.28 * GIB, direct_end = 52.62 * GIB;
    double *b = cache_direct_gc(n, 5, cache, 2877 * MB, direct_end, 1215 * MB, 250 * MB, 0.08);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_dt(b, n, 5, 1356e9, "seq_fill", &r);
    expect_cache_of(&r, cache);
    cr_expect(r.has_gc && fabs(r.gc_start_bytes / direct_end - 1) < 0.05,
              "used state %d at %.2f GiB", r.has_gc, r.gc_start_bytes / GIB);
    ssd_analysis_free(a);
    free(b);
}

/* A 2-hour run after a random fill (seed 2026's drive 30, 1731 GB, a
 * static cache of 10.6 GiB, 7.23 GiB of it left after the idle): 1 s
 * samples at 2.89 GB/s, then the 2 GiB idle GC cleaned written directly
 * at 425 MB/s in four samples and a mixed one, then GC scattering around
 * 66. The segmentation gave the direct writes to the used state: "cache
 * of 7.23 GiB missed", the used state at 7.4 GiB for 9.2. */
Test(used_short_levels, short_flat_direct_writes_after_a_cache_after_a_random_fill) {
    const size_t n = 7200;
    const double cache = 7.23 * GIB, direct_end = 9.23 * GIB;
    double *b = cache_direct_gc(n, 1, cache, 2890 * MB, direct_end, 425 * MB, 66 * MB, 0.2);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_dt(b, n, 1, 1731e9, "random_fill", &r);
    expect_cache_of(&r, cache);
    cr_expect(r.has_gc && fabs(r.gc_start_bytes / direct_end - 1) < 0.05,
              "used state %d at %.2f GiB", r.has_gc, r.gc_start_bytes / GIB);
    ssd_analysis_free(a);
    free(b);
}

/* No cache: after a sequential fill the spare area's clean blocks at one
 * speed (1215 MB/s, 8 % of the capacity), then GC around 250, 5 s
 * samples. One level before GC stays clean blocks, whatever the rules
 * above look for. */
Test(used_short_levels, one_level_before_gc_after_a_seq_fill_stays_clean_blocks) {
    const size_t n = 4000;
    const double direct_end = 0.08 * 1356e9;
    double *b = cache_direct_gc(n, 5, 0, 1215 * MB, direct_end, 1215 * MB, 250 * MB, 0.08);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_dt(b, n, 5, 1356e9, "seq_fill", &r);
    cr_expect_not(r.has_cache, "a %.2f GiB cache", r.cache_bytes / GIB);
    cr_expect(r.has_gc && fabs(r.gc_start_bytes / direct_end - 1) < 0.05,
              "used state %d at %.2f GiB", r.has_gc, r.gc_start_bytes / GIB);
    ssd_analysis_free(a);
    free(b);
}

/* A 2-hour run after a random fill (seed 2026's drive 150, a dynamic
 * cache): the 2 GiB idle GC cleaned, cached inside the first 1 s sample
 * (2.25 GB/s there; at 4 GB/s here, so that it ends mid-sample, where the
 * midpoint of its bounds that the length test takes is the cache), then
 * folded: 2 GiB written at 400 MB/s (1 % noise), then GC
 * at 334 MB/s, bursting to 1.5-2.5x one sample in five. The folding runs
 * 1.2x above GC, under min_drop: the run read as clean blocks, the used
 * state at 2.1 GiB for 4.0. */
Test(used_short_levels, a_first_sample_cache_whose_folding_runs_near_gc_after_a_random_fill) {
    const size_t n = 7200;
    const double cache = 2 * GIB, fold_end = 4 * GIB, hi = 4000 * MB, fold = 400 * MB,
                 gc = 334 * MB;
    double *b = cache_fold_gc_curve(n, cache, hi, fold_end, fold, 0.01, gc, gc_bursting_fifth);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_dt(b, n, 1, 2000e9, "random_fill", &r);
    cr_expect(r.has_cache && r.cache_bytes <= cache * 1.05 &&
                  r.cache_bytes + r.cache_uncertainty_bytes >= cache * 0.95,
              "cache %d %.2f GiB +%.2f", r.has_cache, r.cache_bytes / GIB,
              r.cache_uncertainty_bytes / GIB);
    /* (its phase starts on the sample after the one the cache ended in) */
    expect_folding_between(&r, 0.95 * cache, 1.01 * b[0]);
    expect_used_state_at(&r, fold_end);
    ssd_analysis_free(a);
    free(b);
}

/* The same shape with direct writes that scatter as GC does (no flat
 * level after the first sample): clean blocks, no cache. */
Test(used_short_levels, a_fast_first_sample_then_scatter_stays_clean_blocks) {
    const size_t n = 7200;
    double *b = malloc(n * sizeof *b);
    cr_assert(b);
    b[0] = 2250 * MB;
    for (size_t i = 1; i < n; i++)
        b[i] = (i < 6 ? 400 * MB : 334 * MB) * exp(0.12 * gauss()) *
               (uniform() < 0.125 ? 1.5 + uniform() : 1);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_dt(b, n, 1, 2000e9, "random_fill", &r);
    cr_expect_not(r.has_folding, "folding from %.2f GiB", r.folding_start_bytes / GIB);
    ssd_analysis_free(a);
    free(b);
}

/* A 2-hour run after a random fill (seed 2026's drive 24, a static cache
 * of 9.8 GiB left after the idle): 25 samples at 411 MB/s, the 2 GiB idle
 * GC cleaned at 190 (5 % noise) in 11, then GC around 31. Split off the
 * direct writes, the cache test run again on the cache alone passed over
 * them, shorter than the cache, as the drop's transition and ended the
 * cache at the used state: read as clean blocks, "cache of 9.81 GiB
 * missed". */
Test(used_short_levels, direct_writes_shorter_than_the_cache_are_no_transition) {
    const size_t n = 7200;
    const double cache = 9.81 * GIB, direct_end = 11.81 * GIB;
    double *b = malloc(n * sizeof *b), w = 0;
    cr_assert(b);
    for (size_t i = 0; i < n; i++) {
        double left = 1, x = 0;
        if (w < cache) {
            double s = fmin(left, (cache - w) / (411 * MB));
            x += s * 411 * MB * exp(0.005 * gauss());
            left -= s;
        }
        if (left > 0 && w + x < direct_end) {
            double s = fmin(left, (direct_end - w - x) / (190 * MB));
            x += s * 190 * MB * exp(0.05 * gauss());
            left -= s;
        }
        if (left > 0)
            x += left * 31 * MB * exp(0.1 * gauss()) * (uniform() < 0.125 ? 1.5 + uniform() : 1);
        b[i] = x;
        w += x;
    }
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_dt(b, n, 1, 480e9, "random_fill", &r);
    expect_cache_of(&r, cache);
    cr_expect(r.has_gc && fabs(r.gc_start_bytes / direct_end - 1) < 0.05,
              "used state %d at %.2f GiB", r.has_gc, r.gc_start_bytes / GIB);
    ssd_analysis_free(a);
    free(b);
}

/* The same after a random fill, the cache ending in the second sample and
 * the folding flat (seed 13's drive 112, 2 hours: 1418 MB/s, then 772
 * holding the end of 2 GiB, folding at 89 to 6 GiB, GC at 68 bursting to
 * 1.5-2.5x). The first sample alone bounded the cache at 1.33-2.15 GiB,
 * whose midpoint made the folding 2.7x it for the model's 2x: clean
 * blocks, the used state at 2.0 GiB. A second sample still a step above
 * the level means the first was cache all through. (A guard: this curve,
 * built sample by sample, was read right before the change too; the
 * sweep's run is what it fixed.) */
Test(used_short_levels, a_cache_ending_in_the_second_sample_then_its_folding_near_gc) {
    const size_t n = 7200;
    const double cache = 2 * GIB, fold_end = 6 * GIB, hi = 1418 * MB, fold = 89 * MB, gc = 68 * MB;
    double *b = cache_fold_gc_curve(n, cache, hi, fold_end, fold, 0, gc, gc_bursting_quarter);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_dt(b, n, 1, 398e9, "random_fill", &r);
    cr_expect(r.has_cache && r.cache_bytes <= cache * 1.05 &&
                  r.cache_bytes + r.cache_uncertainty_bytes >= cache * 0.95,
              "cache %d %.2f GiB +%.2f", r.has_cache, r.cache_bytes / GIB,
              r.cache_uncertainty_bytes / GIB);
    expect_used_state_at(&r, fold_end);
    ssd_analysis_free(a);
    free(b);
}

/* GC's samples around gc: 15 % noise. */
static double gc_scatter(double gc) {
    return gc * exp(0.15 * gauss());
}

/* n samples of dt seconds through m levels: to ends[k] bytes at rates[k]
 * B/s (each sample off by cv noise), then GC from gc_sample; a sample
 * holding a boundary mixes the two levels by time. */
static double *levels_then_gc(size_t n, double dt, const double *ends, const double *rates,
                              size_t m, double cv, double gc, double (*gc_sample)(double gc)) {
    double *b = malloc(n * sizeof *b), w = 0;
    cr_assert(b);
    for (size_t i = 0; i < n; i++) {
        double left = dt, x = 0;
        for (size_t k = 0; k < m && left > 0; k++)
            if (w + x < ends[k]) {
                double s = fmin(left, (ends[k] - w - x) / rates[k]);
                x += s * rates[k];
                left -= s;
            }
        x = left > 0 ? x + left / dt * gc_sample(gc) * dt : x * exp(cv * gauss());
        b[i] = x;
        w += x;
    }
    return b;
}

/* A WSAT run after a sequential fill in 5 s samples (2 % noise): a cache
 * to ends[0] at rates[0], the spare area's direct writes to ends[1], folding
 * to ends[2], then GC at gc_bps; the cache must be read, and when fold_tol
 * is given, the folding from ends[1] (within that fraction) and the used
 * state at ends[2]. */
static void cache_direct_folding_after_seq_fill(size_t n, const double *ends, const double *rates,
                                                double gc_bps, double capacity, double fold_tol) {
    double *b = levels_then_gc(n, 5, ends, rates, 3, 0.02, gc_bps, gc_scatter);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_dt(b, n, 5, capacity, "seq_fill", &r);
    expect_cache_of(&r, ends[0]);
    if (fold_tol > 0) {
        expect_folding_between(&r, (1 - fold_tol) * ends[1], (1 + fold_tol) * ends[1]);
        expect_used_state_at(&r, ends[2]);
    }
    ssd_analysis_free(a);
    free(b);
}

/* WSAT after a sequential fill and idle time (issue 21, round 29; seed
 * 2026's drive 48 in the used-drive sweep, 3115 GB): the 29.88 GiB cache
 * idle time gave back in 5 s samples at 2.7 GB/s, its end in the third,
 * then the clean spare area's direct writes at 1650 MB/s to 177.6 GiB,
 * folding at 1150 to 528 GiB, then GC scattering around 470 (15 %). The
 * segmentation made
 * the cache and the direct writes one phase, which the cache test read as
 * one 177 GiB cache at 1.65 GB/s; with no reference the first samples,
 * min_drop above the rest of that phase, are the cache, the rest direct
 * writes (seq_cache_before_direct). */
Test(used_short_levels,
     a_cache_of_three_samples_and_the_spare_areas_direct_writes_after_a_seq_fill) {
    const double ends[] = {29.88 * GIB, 177.6 * GIB, 528 * GIB},
                 rates[] = {2700 * MB, 1650 * MB, 1150 * MB};
    cache_direct_folding_after_seq_fill(4320, ends, rates, 470 * MB, 3115e9, 0.02);
}

/* The same cache with its direct writes shorter than three times it
 * (round 31; seed 211's drive 59, WSAT, 998 GB): the 29.88 GiB idle time
 * gave back at 2183 MB/s, its end in the third 5 s sample, then the
 * spare area's direct writes at 1117 to 68.4 GiB (seven samples), folding
 * at 516 to 215.6 GiB, GC around 345. seq_cache_before_direct asked the
 * rest of the phase to last 3 times the cache's samples, so the cache
 * test's 65 GiB "cache" at the phase's level stood ("cache 65.22 GiB,
 * truth 29.88"); the rest need only outlast the cache's samples (the
 * phase's median then sits in it) and last 3 samples. */
Test(used_short_levels, a_cache_of_three_samples_and_seven_of_direct_writes_after_a_seq_fill) {
    const double ends[] = {29.88 * GIB, 68.37 * GIB, 215.56 * GIB},
                 rates[] = {2183 * MB, 1117 * MB, 516 * MB};
    cache_direct_folding_after_seq_fill(4320, ends, rates, 345 * MB, 998e9, 0.05);
}

/* And a cache of seven samples (seed 173's drive 128, WSAT, 1000 GB): 13
 * GiB at 411 MB/s, its end in the seventh 5 s sample, direct writes at
 * 216 to 21.0 GiB (eight samples), folding at 75 to 35.2 GiB, GC around
 * 60. More than three samples a step above the phase's level were no
 * cache to seq_cache_before_direct ("cache 20.88 GiB, truth 13.00"). */
Test(used_short_levels, a_cache_of_seven_samples_and_eight_of_direct_writes_after_a_seq_fill) {
    const double ends[] = {13.0 * GIB, 21.03 * GIB, 35.19 * GIB},
                 rates[] = {411 * MB, 216 * MB, 75 * MB};
    cache_direct_folding_after_seq_fill(3000, ends, rates, 60 * MB, 1000e9, 0);
}

/* WSAT after a sequential fill (round 31; seed 59's drive 31, 884 GB): a
 * 7.1 GiB static cache inside the first 5 s sample, the spare area's
 * direct writes at exactly 459 MB/s to 192 GiB with GC dips of a sample
 * or two every 26 s, the last of them four samples (381, 384, 412, 333)
 * a sample before GC at 87 (15 % scatter). The segmentation began the
 * used state at that dip, 182.3 GiB; the fresh run's direct level moves
 * it to where the direct writes end, and without reference levels the
 * direct phase's own level does (seq_direct_before_used). */
Test(used_short_levels, the_used_state_after_the_direct_writes_last_gc_dip_after_a_seq_fill) {
    const size_t n = 4320;
    const double direct = 459 * MB, end = 192 * GIB;
    double *b = malloc(n * sizeof *b), w = 0;
    cr_assert(b);
    size_t last = 0;
    for (size_t i = 0; i < n; i++) {
        if (i == 0)
            b[i] = 7.1 * GIB + (5 - 7.1 * GIB / (2700 * MB)) * direct;
        else if (w < end)
            b[i] = 5 * direct * (i % 5 == 2 ? 0.75 : 1);
        else
            b[i] = 5 * gc_scatter(87 * MB);
        if (w < end && w + b[i] >= end) {
            b[i] = end - w + (5 - (end - w) / direct) * 87 * MB;
            last = i;
        }
        w += b[i];
    }
    const double dip[] = {0.83, 0.84, 0.9, 0.73};
    for (size_t k = 0; k < 4; k++)
        b[last - 5 + k] = 5 * direct * dip[k];
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_dt(b, n, 5, 884e9, "seq_fill", &r);
    cr_expect(r.has_gc && fabs(r.gc_start_bytes / end - 1) < 0.02, "used state %d at %.2f GiB",
              r.has_gc, r.gc_start_bytes / GIB);
    ssd_analysis_free(a);
    free(b);
}
