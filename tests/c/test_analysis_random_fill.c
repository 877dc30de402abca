/* Runs on a drive randomly filled before them, analysed without the
 * fresh run as reference (issue 21): curves of the shapes the used-drive
 * sweep got wrong, built here sample by sample with their exact answers. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#define TEST_NOISE_SEED 0x2545F4914F6CDD1DULL
#include "test_noise.h"

#include "analysis_testutil.h"
#include "curve_testutil.h"

#define MIB 1048576.0
#define GIB 1073741824.0

/* The analysis of b[0..n) (bytes per sample of dt seconds) on a drive of
 * `capacity` bytes randomly filled twice, no reference: its summary in
 * *r; the analysis is the caller's to free. */
static ssd_analysis *random_filled_dt(const double *b, size_t n, double dt, double capacity,
                                      struct ssd_analysis_summary *r) {
    return analysed_samples_after_fill(b, n, dt, capacity, "random_fill", r);
}

/* The same, one-second samples (b in B/s). */
static ssd_analysis *random_filled(const double *b, size_t n, double capacity,
                                   struct ssd_analysis_summary *r) {
    return random_filled_dt(b, n, 1, capacity, r);
}

/* GC's samples around gc: up to 25 % above it, bursting to 2.5x it one
 * sample in 12. */
static double gc_bursting_12th(double gc) {
    return gc * (1 + 0.25 * fabs(gauss())) * (uniform() < 0.08 ? 2.5 : 1);
}

/* A 2-hour 4K random-write run after a random fill and 15 min of idle
 * (seed 2026's drive 173 in the used-drive sweep, 1.6 TB, MLC): the
 * dynamic cache holds the 2 GiB idle GC cleaned, at 298 MiB/s; folding it
 * frees as much again, written at the folding's 29.6 MiB/s (1.5 % noise)
 * to 4 GiB; then GC at 6.2 MiB/s, bursting to 2-3x it. The segmentation
 * gave the folding and GC's first bursts one phase, and the run read
 * "gc from 2 GiB, sliding from 29.6 to 7.2": folding missed, the used
 * state 2 GiB early. */
Test(random_fill, a_shrunken_dynamic_cache_folds_before_gc_without_a_reference) {
    const size_t n = 7200;
    const double cache = 2 * GIB, fold_end = 4 * GIB, hi = 298 * MIB, fold = 29.6 * MIB,
                 gc = 6.2 * MIB;
    double *b = cache_fold_gc_curve(n, cache, hi, fold_end, fold, 0.015, gc, gc_bursting_12th);
    struct ssd_analysis_summary r;
    ssd_analysis *a = random_filled(b, n, 1614e9, &r);
    expect_cache_of(&r, cache);
    cr_expect(r.has_folding && fabs(r.folding_start_bytes / cache - 1) < 0.05,
              "folding %d from %.2f GiB", r.has_folding, r.folding_start_bytes / GIB);
    expect_used_state_at(&r, fold_end);
    ssd_analysis_free(a);
    free(b);
}

/* n one-second samples: a cache of `cache` bytes at hi B/s, then the
 * folding at fold B/s (noise cv) until `fold_end` bytes, then GC at gc
 * B/s bursting to 2.5x it one sample in 12. */
static double *cache_fold_gc(size_t n, double cache, double hi, double fold_end, double fold,
                             double cv, double gc) {
    return cache_fold_gc_curve(n, cache, hi, fold_end, fold, cv, gc, gc_bursting_12th);
}

/* Expects the analysis's cache to hold `truth` bytes: within 5 % of its
 * size, or, ended inside a sample, between its bounds (5 % either way). */
static void expect_cache_holds(const struct ssd_analysis_summary *r, double truth) {
    int ok =
        r->has_cache && (r->cache_censored == SSD_CENSOR_RESOLUTION
                             ? r->cache_bytes * 0.95 <= truth &&
                                   truth <= (r->cache_bytes + r->cache_uncertainty_bytes) * 1.05
                             : fabs(r->cache_bytes / truth - 1) < 0.05);
    cr_expect(ok, "cache %d %.2f GiB + %.2f (censored %d), truth %.2f", r->has_cache,
              r->cache_bytes / GIB, r->cache_uncertainty_bytes / GIB, (int)r->cache_censored,
              truth / GIB);
}

/* A 2-hour run after a random fill on a 537 GB TLC drive (seed 2026's
 * drive 17): the 2 GiB dynamic cache idle GC left ran at 2.72 GiB/s and
 * ended inside the first 1 s sample (2.13 GiB in it, the rest folding at
 * 505 MiB/s), the folding lasted to 6 GiB, then GC at 206. The cache test
 * measured the drop against GC and put the end past the first sample,
 * into one already at the folding's level: 2.45 GiB. No reference, so no
 * cache level to place the end inside that sample by: what is known is
 * the bounds. */
Test(random_fill, a_cache_inside_the_first_sample_is_bounded_by_it_without_a_reference) {
    const size_t n = 7200;
    double *b = cache_fold_gc(n, 2 * GIB, 2.72 * GIB, 6 * GIB, 505 * MIB, 0.015, 206 * MIB);
    struct ssd_analysis_summary r;
    ssd_analysis *a = random_filled(b, n, 537e9, &r);
    expect_cache_holds(&r, 2 * GIB);
    cr_expect(r.cache_bytes <= b[0], "%.2f GiB, the first sample %.2f", r.cache_bytes / GIB,
              b[0] / GIB);
    ssd_analysis_free(a);
    free(b);
}

/* The same shape on a small fast drive, its folding shorter than 8 s
 * (seed 541's drive 2, the whole-drive fill of a 129 GB TLC drive after
 * a random fill: the 2 GiB cache at 4.5 GiB/s ends inside the first 1 s
 * sample, its folding at 582 MiB/s lasts 7 s to 6 GiB, then GC at 304
 * bursting). A folding was asked to last more than twice the longest GC
 * dip (8 s), and this one was read as direct writes to 11 GiB: "used
 * state at 11.0 GiB, truth 6.0", cache missed. A dip, half-filling a
 * sample on either side, reads as a level of at most DIP_AT_CACHE_END_S
 * and a sample each side (6 s here); 7 s of folding at 540 MiB/s (its
 * end a sliver into the eighth sample, so the level is 7 whole ones) is
 * no dip. */
Test(random_fill, a_folding_of_7_s_after_a_cache_inside_the_first_sample_is_no_dip) {
    const size_t n = 400;
    double *b = cache_fold_gc(n, 2 * GIB, 4.5 * GIB, 6 * GIB, 540 * MIB, 0.02, 304 * MIB);
    struct ssd_analysis_summary r;
    ssd_analysis *a = random_filled(b, n, 129e9, &r);
    expect_cache_holds(&r, 2 * GIB);
    expect_folding_between(&r, 0.9 * 2 * GIB, b[0] * 1.05);
    expect_used_state_at(&r, 6 * GIB);
    ssd_analysis_free(a);
    free(b);
}

/* The same shape with the first sample all cache (2.0 GB/s) and the end
 * a sliver into the second (seed 2026's drive 81, 1.35 TB, MLC: folding at
 * 264 MiB/s to 4 GiB, GC at 124): measured against GC, 2.13 GiB for 2.00. */
Test(random_fill, a_cache_end_is_placed_against_the_level_right_after_it) {
    const size_t n = 7200;
    double *b = cache_fold_gc(n, 2 * GIB, 2001 * MIB, 4 * GIB, 264 * MIB, 0.02, 124 * MIB);
    struct ssd_analysis_summary r;
    ssd_analysis *a = random_filled(b, n, 1348e9, &r);
    expect_cache_holds(&r, 2 * GIB);
    ssd_analysis_free(a);
    free(b);
}

/* A static SLC cache survives a random fill and idle time flushes it:
 * 19.2 GiB at 298 MiB/s, then straight into GC at 25.5 (seed 2026's drive
 * 7, 2 hours; the whole-drive fill after it likewise, 476 then 35.7).
 * One curve cannot tell it from the clean blocks idle GC prepared, the
 * contract reads it so, and the note says after a random fill what would
 * read the same (the 2-hour run had the general note, the fill none). */
Test(random_fill, one_drop_after_a_random_fill_says_a_static_cache_reads_the_same) {
    const double hi[] = {298 * MIB, 476 * MIB}, gc[] = {25.5 * MIB, 35.7 * MIB};
    const size_t len[] = {7200, 20000};
    for (int k = 0; k < 2; k++) {
        size_t n = len[k];
        double *b = malloc(n * sizeof *b), w = 0, cache = 19.2 * GIB;
        cr_assert(b);
        for (size_t i = 0; i < n; i++) {
            double t = w < cache ? fmin(1, (cache - w) / hi[k]) : 0;
            b[i] = t * hi[k] + (1 - t) * gc[k] * exp(0.05 * gauss());
            w += b[i];
        }
        struct ssd_analysis_summary r;
        ssd_analysis *a = random_filled(b, n, k ? 200e9 : 2993e9, &r);
        cr_expect(!r.has_cache && r.has_gc, "run %d: cache %d, used state %d", k, r.has_cache,
                  r.has_gc);
        const char *note = ssd_analysis_regime_note(a);
        cr_expect(note && strstr(note, "read as clean blocks") &&
                      strstr(note, "static SLC cache") && strstr(note, "would read the same") &&
                      strstr(note, "fill's own log"),
                  "run %d: %s", k, note ? note : "(none)");
        /* (And in fields: what is undecided, how it was read, what decides.) */
        const char *read_as = NULL, *by = NULL;
        const char *u = ssd_analysis_undecided(a, &read_as, &by);
        cr_expect(u && !strcmp(u, "cache_or_clean_blocks") && read_as &&
                      !strcmp(read_as, "clean_blocks") && by && !strcmp(by, "reference"),
                  "run %d: %s / %s / %s", k, u ? u : "-", read_as ? read_as : "-", by ? by : "-");
        ssd_analysis_free(a);
        free(b);
    }
}

/* n samples of dt seconds (bytes each): a cache of `cache` bytes at hi
 * B/s, then folding at fold B/s (1.5 % noise) to fold_end bytes, then GC
 * at gc B/s bursting to 2.5x it one sample in 12; the samples holding a
 * change mix the two levels. */
static double *samples_of(size_t n, double dt, double cache, double hi, double fold_end,
                          double fold, double gc) {
    double *b = malloc(n * sizeof *b), w = 0;
    cr_assert(b);
    for (size_t i = 0; i < n; i++) {
        double x;
        if (w < cache) {
            double t = fmin(dt, (cache - w) / hi);
            x = t * hi + (dt - t) * fold;
        } else if (w + fold * dt <= fold_end) {
            x = dt * fold * exp(0.015 * gauss());
        } else if (w < fold_end) {
            x = (fold_end - w) + (dt - (fold_end - w) / fold) * gc;
        } else {
            x = dt * gc * (1 + 0.25 * fabs(gauss())) * (uniform() < 0.08 ? 2.5 : 1);
        }
        b[i] = x;
        w += x;
    }
    return b;
}

/* WSAT after a random fill (5 s samples; seed 2026's drive 1, 731 GB,
 * TLC): the 2 GiB dynamic cache idle GC left, at 393 MiB/s, fills the
 * first sample and a sliver of the second; its folding, at 26.7 MiB/s,
 * lasts twice the cache (TLC frees 2 bytes per byte it held), to 6 GiB;
 * then GC at 13.4, bursting. The segmentation gave the first sample and
 * the folding one phase: "no cache, direct writes at 26.7", folding
 * missed. */
Test(random_fill, a_cache_in_the_first_sample_then_its_folding_without_a_reference) {
    const size_t n = 4320;
    const double dt = 5, cache = 2 * GIB, fold_end = 6 * GIB;
    double *b = samples_of(n, dt, cache, 393 * MIB, fold_end, 26.7 * MIB, 13.4 * MIB);
    struct ssd_analysis_summary r;
    ssd_analysis *a = random_filled_dt(b, n, dt, 731e9, &r);
    expect_cache_holds(&r, cache);
    expect_folding_between(&r, 0.9 * cache, 1.1 * cache);
    expect_used_state_at(&r, fold_end);
    ssd_analysis_free(a);
    free(b);
}

/* WSAT after a random fill on a 123 GB TLC drive (seed 2026's drive
 * 163): the 2 GiB cache at 390.6 MiB/s fills the first 5 s sample and
 * 0.24 s of the second (52 MiB/s), then folding at 35.4 to 6 GiB (TLC
 * frees 2 bytes per byte it held), then GC at 5.7. The folding's length
 * was checked against the middle of the cache's bounds, the first
 * sample's excess over the level (1.73 GiB) and all of it with the
 * second's excess at the first's speed (2.00): 1.87 GiB, whose twice
 * ends at 5.6 GiB, more than 10 % short of 6.07, and the folding was read
 * as direct writes ("folding from 2.0 GiB missed"). The second sample,
 * a step below the first and above the level, holds the cache's end: the
 * cache is the first sample and the second's excess, 1.99-2.00 GiB. */
Test(random_fill, a_cache_ending_in_the_second_sample_is_bounded_by_both_without_a_reference) {
    const size_t n = 4320;
    const double dt = 5, cache = 2 * GIB, fold_end = 6 * GIB;
    double *b = samples_of(n, dt, cache, 390.6 * MIB, fold_end, 35.4 * MIB, 5.7 * MIB);
    struct ssd_analysis_summary r;
    ssd_analysis *a = random_filled_dt(b, n, dt, 123e9, &r);
    expect_cache_of(&r, cache);
    expect_folding_between(&r, 0.9 * cache, 1.1 * (b[0] + b[1]));
    expect_used_state_at(&r, fold_end);
    ssd_analysis_free(a);
    free(b);
}

/* The same with the cache's end later in the second sample (seed 2026's
 * drive 117, a 461 GB TLC drive: 2 GiB at 387.7 MiB/s, 70.7 in the
 * second sample, then folding at 51.7 to 6.01 GiB, GC at 5.1). The
 * segmentation split the first sample off, first_sample_cache_before_level
 * bounded the cache in the two (1.99-2.00 GiB), and the level after it
 * was never read as a folding by its length: "folding from 2.0 GiB
 * missed". */
Test(random_fill, a_level_three_times_a_cache_ending_in_the_second_sample_is_its_folding) {
    const size_t n = 4320;
    const double dt = 5, cache = 2 * GIB, fold_end = 6.014 * GIB;
    double *b = samples_of(n, dt, cache, 387.7 * MIB, fold_end, 51.7 * MIB, 5.1 * MIB);
    struct ssd_analysis_summary r;
    ssd_analysis *a = random_filled_dt(b, n, dt, 461e9, &r);
    expect_cache_of(&r, cache);
    expect_folding_between(&r, 0.9 * cache, 1.1 * (b[0] + b[1]));
    expect_used_state_at(&r, fold_end);
    ssd_analysis_free(a);
    free(b);
}

/* WSAT after a random fill (held-out seed 59's drive 128): the 2 GiB
 * cache at 245 MiB/s fills the first 5 s sample and two thirds of the
 * second (189 MiB/s), then folding at 73.2 to 6 GiB, GC at 27.7. The two
 * samples' level, 217, the second's mix pulled down, made that second
 * sample read as cache all through: 2.12 GiB. */
Test(random_fill, a_two_sample_cache_ends_in_its_second_without_a_reference) {
    const size_t n = 4320;
    double *b = samples_of(n, 5, 2 * GIB, 245 * MIB, 6 * GIB, 73.2 * MIB, 27.7 * MIB);
    struct ssd_analysis_summary r;
    ssd_analysis *a = random_filled_dt(b, n, 5, 1000e9, &r);
    expect_cache_holds(&r, 2 * GIB);
    ssd_analysis_free(a);
    free(b);
}

/* GC bursting right after the clean blocks, no level of its own (seed
 * 11's drive 198 in the used-drive sweep, a 1141 GB drive with no SLC
 * cache, the whole-drive fill after a random fill and 15 minutes of idle):
 * 10.5 GiB of clean blocks at 5.6 GB/s in two samples, then six samples
 * of GC bursting 1.0-1.3x above the 3.55 GB/s it settles at, then GC with
 * 2 % noise. The burst's phase sits 1.15x above GC with three of its four
 * inner samples above the midpoint, and was read as a level of its own:
 * "cache 10.5 GiB, folding to 33.5 GiB" (a false cache). A step under
 * min_drop is a level only when it is quiet from sample to sample, as
 * direct writes and folding are; the burst is not (its noise 0.13 in
 * log-rate against the half step's 0.07). The same curve with the six
 * samples quiet at 4.1 GB/s stays a cache and its folding: the rule reads
 * the scatter, not the level. */
Test(random_fill, gc_bursting_after_the_clean_blocks_is_no_cache_without_a_reference) {
    const double burst[] = {3.81e9, 3.53e9, 3.98e9, 4.67e9, 4.23e9, 4.48e9};
    for (int quiet = 0; quiet < 2; quiet++) {
        const size_t n = 311;
        double b[311];
        b[0] = 5.62e9;
        b[1] = 5.69e9;
        for (size_t i = 0; i < 6; i++)
            b[2 + i] = quiet ? 4.1e9 * exp(0.01 * gauss()) : burst[i];
        for (size_t i = 8; i < n; i++)
            b[i] = 3.55e9 * exp(0.02 * gauss());
        struct ssd_analysis_summary r;
        ssd_analysis *a = random_filled(b, n, 1141e9, &r);
        if (!quiet) {
            cr_expect(!r.has_cache && !r.has_folding && r.has_gc,
                      "burst: cache %d (%.2f GiB), folding %d", r.has_cache, r.cache_bytes / GIB,
                      r.has_folding);
            cr_expect(r.has_gc && fabs(r.gc_start_bytes - (b[0] + b[1])) < 0.05 * (b[0] + b[1]),
                      "used state from %.2f GiB", r.gc_start_bytes / GIB);
            const char *u = ssd_analysis_undecided(a, NULL, NULL);
            cr_expect(u && !strcmp(u, "cache_or_clean_blocks"), "%s", u ? u : "-");
        } else {
            cr_expect(r.has_cache && r.has_folding, "quiet: cache %d, folding %d", r.has_cache,
                      r.has_folding);
        }
        ssd_analysis_free(a);
    }
}

/* A cacheless drive after a random fill whose clean blocks run out inside
 * one of its GC dips (a blind run of round 49: the 128K fill of a 339 GB
 * drive, 2.0 GiB of clean blocks at 205 MiB/s, the last 5 s of them in a
 * dip at 0.65 of that speed, then GC at 26 bursting; the drive dips every
 * 26 s, so its 7 s fast start held none). The fast start and the dip read
 * as a cache and its direct writes ("cache 1.40 GiB"), a false cache:
 * with no earlier dip to compare, a level as short as a dip and at a
 * dip's depth may be one, and one curve cannot tell (the note's
 * cache_or_clean_blocks, read as clean blocks). */
Test(random_fill, a_dip_where_the_clean_blocks_run_out_is_no_cache_without_a_reference) {
    const size_t n = 3000;
    const double hi = 205 * MIB, dip = 0.65 * hi, gc = 26 * MIB;
    double *b = malloc(n * sizeof *b), w = 0;
    cr_assert(b);
    for (size_t i = 0; i < n; i++) {
        b[i] = i < 7    ? hi * exp(0.03 * gauss())
               : i < 12 ? dip * exp(0.03 * gauss())
                        : gc_bursting_12th(gc);
        if (i < 12)
            w += b[i];
    }
    struct ssd_analysis_summary r;
    ssd_analysis *a = random_filled(b, n, 339e9, &r);
    cr_expect(!r.has_cache, "cache %.2f GiB", r.cache_bytes / GIB);
    expect_used_state_at(&r, w);
    const char *read_as = NULL, *by = NULL;
    const char *u = ssd_analysis_undecided(a, &read_as, &by);
    cr_expect(u && !strcmp(u, "cache_or_clean_blocks") && read_as &&
                  !strcmp(read_as, "clean_blocks"),
              "%s / %s", u ? u : "-", read_as ? read_as : "-");
    ssd_analysis_free(a);
    free(b);
}
