/* A used drive whose clean blocks end in a slide, not a step (issue 21,
 * the audit's sim:ssd370 after 256 GB of 4K random writes): the spare area
 * is written at the native speed, then GC starts on blocks still mostly
 * stale and the speed slides from just below that speed to the floor. No
 * cache, and the used state starts where the slide does. And every
 * cache's drop ratio is its level over the speed printed after it. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#define GIB 1073741824.0
#define MIB 1048576.0

#define TEST_NOISE_SEED 0x9E3779B97F4A7C15ULL
#include "test_noise.h"

/* n 1-s samples: `cache` B/s for cache_s seconds (0: none), then `fast`
 * B/s until fast_s (the fresh state's GC dips: 3 s in every 20 at 45 %),
 * then GC sliding from `start` B/s down to `floor` with time constant
 * tau_s seconds (log-rate falling as exp(-t / tau)), noise cv on all.
 * *onset: the bytes written before GC began. */
static ssd_series *slide_after(size_t n, double cache_s, double cache, double fast_s, double fast,
                               double start, double floor, double tau_s, double cv, double *onset) {
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b);
    cr_assert(t && b);
    for (size_t i = 0; i < n; i++) {
        double t0 = (double)i, v;
        if (t0 < cache_s)
            v = cache;
        else if (t0 < fast_s)
            v = (i % 20) >= 17 ? 0.45 * fast : fast;
        else
            v = floor * exp(log(start / floor) * exp(-(t0 - fast_s) / tau_s));
        t[i] = t0 + 1;
        b[i] = v * exp(cv * gauss());
        if (t0 < fast_s)
            *onset = (i ? *onset : 0) + b[i];
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    free(t);
    free(b);
    return s;
}

/* s analysed as a run on a drive written `written` bytes since TRIM by
 * random writes (precondition NULL: unknown, a job, not a precondition
 * step), against the reference ref (NULL: none). */
static ssd_analysis *analysed_as(ssd_series *s, const ssd_series *ref, const char *capacity,
                                 const char *written, const char *precondition,
                                 struct ssd_analysis_summary *r) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", capacity), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "written_before_bytes", written), 0);
    if (precondition)
        cr_assert_eq(ssd_analysis_set_option(a, "precondition", precondition), 0);
    cr_assert_eq(ssd_analysis_run(a, s, ref), 0, "%s", ssd_analysis_errmsg(a));
    r->size = sizeof *r;
    cr_assert_eq(ssd_analysis_summary(a, r), 0);
    return a;
}

static ssd_analysis *analysed(ssd_series *s, const char *capacity, const char *written,
                              struct ssd_analysis_summary *r) {
    return analysed_as(s, NULL, capacity, written, NULL, r);
}

/* The audit's curve: 285 MiB/s for 55-62 s (15-17 GiB of spare area),
 * then GC from 0.95 of it sliding to 7 MiB/s over 300-600 s, in a run of
 * 20,000 samples on a 256 GB drive written full before. Before: "SLC
 * cache 24.3 GiB at 284 MiB/s, then 16.3x slower (178.4 MiB/s)", the
 * used state 40-60 % late. */
Test(used_slide, clean_blocks_ending_in_a_slide_are_no_cache_and_the_onset_is_where_it_starts) {
    for (int k = 0; k < 6; k++) {
        double fast_s = 55 + 1.5 * k, tau = k % 2 ? 300 : 600;
        double want = 0;
        ssd_series *s = slide_after(20000, 0, 0, fast_s, 285 * MIB, 0.95 * 285 * MIB, 7 * MIB, tau,
                                    0.015, &want);
        struct ssd_analysis_summary r;
        ssd_analysis *a = analysed(s, "256060514304", "256000000000", &r);
        cr_expect_not(r.has_cache, "%.1f s, tau %.0f: a %.2f GiB cache", fast_s, tau,
                      r.cache_bytes / GIB);
        cr_expect(r.has_gc && fabs(r.gc_start_bytes - want) <= 0.05 * want,
                  "%.1f s, tau %.0f: used state at %.2f GiB, truth %.2f", fast_s, tau,
                  r.gc_start_bytes / GIB, want / GIB);
        ssd_analysis_free(a);
        ssd_series_free(s);
    }
}

/* A real cache on a used drive stays one: 60 s at 600 MiB/s (a static
 * cache idle time emptied), then GC from a step below it (190 MiB/s)
 * sliding to 7. And its drop ratio is the two levels printed beside it:
 * with the used state right after the cache the speed after the drop was
 * reported as the cache's own level ("3.2x slower (600 MiB/s)"). */
Test(used_slide, a_cache_then_a_sliding_used_state_keeps_its_cache_and_its_ratio_is_its_levels) {
    /* (Not a slide faster than this: with tau 200-300 s the cache test
     * measures the drop against the used state's median and puts the
     * cache's end where the slide crosses their midpoint, 6-10 % late;
     * docs/analysis.md, "Limits".) */
    for (int k = 0; k < 4; k++) {
        double tau = 500 + 200 * k;
        double onset = 0;
        ssd_series *s = slide_after(20000, 60, 600 * MIB, 60, 285 * MIB, 190 * MIB, 7 * MIB, tau,
                                    0.015, &onset);
        struct ssd_analysis_summary r;
        ssd_analysis *a = analysed(s, "256060514304", "512000000000", &r);
        cr_expect(r.has_cache, "tau %.0f: the cache missed", tau);
        if (r.has_cache) {
            cr_expect(fabs(r.cache_bytes - 60 * 600 * MIB) <= 0.05 * 60 * 600 * MIB,
                      "tau %.0f: cache %.2f GiB", tau, r.cache_bytes / GIB);
            cr_expect(fabs(r.cache_drop_ratio - r.cache_level_bps / r.post_cache_bps) <=
                          1e-9 * r.cache_drop_ratio,
                      "tau %.0f: %.2fx slower, %.1f then %.1f MiB/s", tau, r.cache_drop_ratio,
                      r.cache_level_bps / MIB, r.post_cache_bps / MIB);
            cr_expect(r.post_cache_bps < 0.5 * r.cache_level_bps,
                      "tau %.0f: the speed after the cache %.1f MiB/s, its level %.1f", tau,
                      r.post_cache_bps / MIB, r.cache_level_bps / MIB);
        }
        ssd_analysis_free(a);
        ssd_series_free(s);
    }
}

/* n 1-s samples: a cache at `cache` B/s for cache_s seconds, then direct
 * writes from `direct` B/s slowing by the share `slow` (their clean
 * blocks filling) until second direct_s, then GC at gc B/s; each sample
 * the mean of its second (the one holding a change mixes the two), noise
 * cv on all. */
static ssd_series *cache_direct_gc(size_t n, double cache_s, double cache, double direct_s,
                                   double direct, double slow, double gc, double cv) {
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b);
    cr_assert(t && b);
    for (size_t i = 0; i < n; i++) {
        double w = 0;
        for (int k = 0; k < 20; k++) {
            double u = (double)i + (k + 0.5) / 20;
            w += u < cache_s    ? cache
                 : u < direct_s ? direct * (1 - slow * (u - cache_s) / (direct_s - cache_s))
                                : gc;
        }
        t[i] = (double)i + 1;
        b[i] = w / 20 * exp(cv * gauss());
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    free(t);
    free(b);
    return s;
}

/* A small cache on a randomly filled consumer drive, a clear step to
 * direct writes that slow a few % as their clean blocks fill, then GC: a
 * cache, with or without the fresh run as reference. The cache test's
 * fast start (cache and direct writes, one phase) was split into the two,
 * but the direct writes, their first sample holding the cache's end,
 * "fell through themselves" and read as the used state's start sliding:
 * "cache: none found", one direct phase from 0 to 4 GiB. (a) 1.46 GiB at
 * 270 MiB/s, 2.3x to 117 for 2.5 GiB; (b) 2 GiB at 379, 3.3x to 115 for 2
 * GiB; GC at 11 MiB/s; 20,000 samples on a 240 GB drive, the direct writes
 * slowing 3-10 %, noise 2-4 %, a quarter with the fresh run as reference.
 * (Before: 23 of the 60 runs without a reference missed the cache, 19 of
 * (a) and 4 of (b); with the reference none here.) */
Test(used_slide, a_small_cache_then_a_clear_step_to_direct_writes_stays_a_cache) {
    const double cache[2] = {270 * MIB, 379 * MIB}, cache_b[2] = {1.46 * GIB, 2.0 * GIB};
    const double direct[2] = {117 * MIB, 115 * MIB}, direct_b[2] = {2.54 * GIB, 2.0 * GIB};
    for (int k = 0; k < 80; k++) {
        int d = k % 2, with_ref = k % 8 >= 6;
        double slow = 0.03 + 0.01 * (k / 2 % 8), cv = 0.02 + 0.01 * (k / 2 % 3);
        double cs = cache_b[d] / cache[d], ds = cs + direct_b[d] / direct[d];
        ssd_series *s = cache_direct_gc(20000, cs, cache[d], ds, direct[d], slow, 11 * MIB, cv);
        ssd_series *ref =
            with_ref ? cache_direct_gc(20000, cs, cache[d], 1e9, direct[d], 0, 0, cv) : NULL;
        struct ssd_analysis_summary r;
        ssd_analysis *a = analysed_as(s, ref, "240000000000", "480000000000", "random_fill", &r);
        const char *what = d ? "(b)" : "(a)";
        cr_expect(r.has_cache, "%s slowing %.0f %%, noise %.0f %%, ref %d: the cache missed", what,
                  100 * slow, 100 * cv, with_ref);
        if (r.has_cache) {
            cr_expect(fabs(r.cache_bytes - cache_b[d]) <= 0.1 * cache_b[d],
                      "%s slowing %.0f %%, ref %d: cache %.2f GiB", what, 100 * slow, with_ref,
                      r.cache_bytes / GIB);
            cr_expect(r.cache_drop_ratio >= 2, "%s: %.2fx slower", what, r.cache_drop_ratio);
        }
        cr_expect(r.has_gc && fabs(r.gc_start_bytes - (cache_b[d] + direct_b[d])) <=
                                  0.05 * (cache_b[d] + direct_b[d]),
                  "%s slowing %.0f %%, ref %d: used state at %.2f GiB", what, 100 * slow, with_ref,
                  r.gc_start_bytes / GIB);
        ssd_analysis_free(a);
        ssd_series_free(s);
        if (ref)
            ssd_series_free(ref);
    }
}

/* The same shape as the sweep's simulator draws it (sim:bx200, a 240 GB
 * drive randomly filled twice: a static cache of 2 GiB at 396 MiB/s, 5
 * samples whose first is 8 % low by noise, one sample holding its end,
 * direct writes at 117 slowing 7 % over 16 samples, then GC at 28 with
 * bursts): the
 * segmentation's fast start ran to the 13th sample, so the two-level split
 * (its second part 10 samples or more) fell at the 3rd, two samples before
 * the cache's end, and the second part, starting at the cache's level,
 * "left it gently". The speed leaves the level where the samples fall
 * below it, not where a split fell inside it. */
Test(used_slide, a_split_inside_the_cache_is_no_gentle_departure) {
    const double head[] = {3.834e8, 4.32e8, 4.028e8, 4.103e8, 4.113e8, 1.712e8, 1.278e8, 1.214e8,
                           1.336e8, 1.22e8, 1.239e8, 1.253e8, 1.254e8, 1.151e8, 1.26e8,  1.164e8,
                           1.231e8, 1.2e8,  1.147e8, 1.183e8, 1.157e8, 1.194e8, 5.132e7};
    /* (The model's GC, its first 60 samples in MiB/s, repeated.) */
    const double gc[] = {28.5, 25.4, 28.2, 36.7, 59.9, 96.1, 31.7, 26.7, 28.1, 26.9, 36.2, 27.9,
                         28.1, 28.6, 36.3, 31.4, 87.4, 27.1, 27.5, 27.1, 27.6, 27.6, 28.6, 50.4,
                         27.6, 30,   28.2, 41.1, 27.8, 30.1, 27.4, 28.1, 36.5, 27.4, 27.6, 27.5,
                         27.5, 29,   50.2, 29.8, 81.8, 28.9, 61.1, 47.9, 27.4, 28.8, 53.6, 43,
                         32.8, 31.5, 77.1, 75.4, 27.8, 27.6, 27.2, 27.8, 27.1, 27.2, 27.9, 29.6};
    const size_t nh = sizeof head / sizeof *head, n = 6535;
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b);
    cr_assert(t && b);
    for (size_t i = 0; i < n; i++) {
        t[i] = (double)i + 1;
        b[i] = i < nh ? head[i] : gc[(i - nh) % (sizeof gc / sizeof *gc)] * MIB;
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    free(t);
    free(b);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_as(s, NULL, "240057409536", "480114819072", "random_fill", &r);
    double cache = 0;
    for (size_t i = 0; i < 5; i++)
        cache += head[i];
    cr_expect(r.has_cache && fabs(r.cache_bytes - cache) <= 0.1 * cache, "cache %d, %.2f GiB",
              r.has_cache, r.has_cache ? r.cache_bytes / GIB : 0);
    ssd_analysis_free(a);
    ssd_series_free(s);
}
