/* The used state as the analysis reports it: the level it slides from and
 * to, the steady state the drive settles into (SNIA PTS rule, last stable
 * region), and recovery bounds. Curves built here with exact answers. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#define GIB 1073741824.0

#define TEST_NOISE_SEED 0x9E3779B97F4A7C15ULL
#include "test_noise.h"

/* A speed over time: the rate at second t (no noise). */
typedef double (*rate_fn)(double t, const double *p);

/* n one-second samples of rate(t) with multiplicative noise cv. */
static ssd_series *curve_of(size_t n, rate_fn rate, const double *p, double cv) {
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b);
    cr_assert(t && b);
    for (size_t i = 0; i < n; i++) {
        t[i] = (double)(i + 1);
        b[i] = rate((double)i + 0.5, p) * (cv > 0 ? exp(cv * gauss()) : 1.0);
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    free(t);
    free(b);
    return s;
}

static ssd_analysis *analysed(ssd_series *s, ssd_series *ref, const char *capacity,
                              const char *written_before, struct ssd_analysis_summary *sum) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    if (capacity)
        cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", capacity), 0);
    if (written_before)
        cr_assert_eq(ssd_analysis_set_option(a, "written_before_bytes", written_before), 0);
    cr_assert_eq(ssd_analysis_run(a, s, ref), 0, "%s", ssd_analysis_errmsg(a));
    sum->size = sizeof *sum;
    cr_assert_eq(ssd_analysis_summary(a, sum), 0);
    return a;
}

static char *json_of(const ssd_analysis *a) {
    char *json = NULL;
    cr_assert_eq(ssd_analysis_to_json(a, "x", 0, &json), 0);
    return json;
}

/* p[0] s at p[1] B/s (a fresh plateau), then p[2] B/s sliding linearly to
 * p[3] by second p[4], flat after. */
static double plateau_slide_floor(double t, const double *p) {
    if (t < p[0])
        return p[1];
    if (t < p[4])
        return p[2] + (p[3] - p[2]) * (t - p[0]) / (p[4] - p[0]);
    return p[3];
}

Test(steady, the_fresh_plateau_is_not_the_steady_state) {
    /* 15 minutes fresh at 300 MB/s (stable by the rule), a slide from 120
     * to 40 MB/s until 2400 s, then 40 MB/s for 1200 s: the drive settles
     * at 40 MB/s, so its steady state starts near 2400 s, not at 0. */
    const double p[] = {900, 300e6, 120e6, 40e6, 2400};
    ssd_series *s = curve_of(3600, plateau_slide_floor, p, 0.03);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, NULL, NULL, NULL, &r);
    cr_assert(r.steady_reached);
    /* The slide's last rounds fall by under 10% across 5 rounds of 60 s
     * (2.7 MB/s a minute on 40-53 MB/s), so the rule holds a few rounds
     * before the floor; never on the plateau or the slide's fast part. */
    cr_expect(r.steady_start_s >= 1900 && r.steady_start_s <= 2460, "start %.0f s",
              r.steady_start_s);
    cr_expect_float_eq(r.steady_mean_bps, 40e6, 0.15 * 40e6);
    cr_expect_gt(r.steady_start_bytes, 900 * 300e6);
    char *json = json_of(a);
    cr_expect(strstr(json, "\"found_in\":\"last_stable_region\""), "%s", json);
    /* The plateau did meet the rule: said beside, as the first stable window. */
    cr_expect(strstr(json, "\"first_stable_start_s\":0"), "%s", json);
    ssd_free(json);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

Test(steady, a_run_still_sliding_at_its_end_has_not_reached_it) {
    /* Fresh for 15 minutes, then sliding from 120 to 20 MB/s to the end:
     * the last five rounds fall by more than 10%; no steady state. */
    const double p[] = {900, 300e6, 120e6, 20e6, 3600};
    ssd_series *s = curve_of(3600, plateau_slide_floor, p, 0.02);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, NULL, NULL, NULL, &r);
    cr_expect_not(r.steady_reached);
    cr_expect(isnan(r.steady_start_s) && isnan(r.steady_start_bytes));
    char *json = json_of(a);
    cr_expect(strstr(json, "\"reached\":false"), "%s", json);
    cr_expect(strstr(json, "\"rolling_reached\":false"), "%s", json);
    ssd_free(json);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

Test(steady, a_flat_run_is_steady_from_its_start) {
    const double p[] = {3600, 200e6, 200e6, 200e6, 3600};
    ssd_series *s = curve_of(3600, plateau_slide_floor, p, 0.05);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, NULL, NULL, NULL, &r);
    cr_assert(r.steady_reached);
    cr_expect_eq(r.steady_start_s, 0);
    cr_expect_eq(r.steady_start_bytes, 0);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

/* 10 minutes flat at 750 MB/s, the metadata's pattern given. */
static ssd_series *flat_10_minutes(const char *pattern) {
    const double p[] = {600, 750e6, 750e6, 750e6, 600};
    ssd_series *s = curve_of(600, plateau_slide_floor, p, 0.01);
    char meta[64];
    snprintf(meta, sizeof meta, "{\"pattern\":\"%s\"}", pattern);
    cr_assert_eq(ssd_series_set_metadata(s, meta), 0);
    return s;
}

Test(steady, a_fresh_drives_flat_run_short_of_its_capacity_has_not_reached_it) {
    /* 10 minutes flat at 750 MB/s on a 4 TB drive (450 GB written, nothing
     * before): the clean blocks cannot have run out, so the flat run is the
     * fresh plateau, not the steady state (issue #21); with the capacity
     * unknown it cannot be told, and the rule's answer stands. */
    ssd_series *s = flat_10_minutes("randwrite");
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, NULL, "4e12", NULL, &r);
    cr_expect_not(r.steady_reached);
    cr_expect(r.steady_fresh);
    cr_expect(isnan(r.steady_start_s) && isnan(r.steady_mean_bps));
    char *json = json_of(a);
    cr_expect(strstr(json, "\"reached\":false"), "%s", json);
    cr_expect(strstr(json, "\"rolling_reached\":false"), "%s", json);
    cr_expect(strstr(json, "\"not_reached_reason\":\"fresh_state\""), "%s", json);
    cr_expect(strstr(json, "\"fresh_plateau_start_s\":0"), "%s", json);
    ssd_free(json);
    ssd_analysis_free(a);
    /* Written before it: 4 TB less 3.7 TB of room, the run's 450 GB
     * exhausts it; no used state shows (GC at the same speed), so the
     * drive's end is its steady state. */
    a = analysed(s, NULL, "4e12", "3.7e12", &r);
    cr_expect(r.steady_reached);
    cr_expect_not(r.steady_fresh);
    ssd_analysis_free(a);
    a = analysed(s, NULL, NULL, NULL, &r);
    cr_expect(r.steady_reached);
    cr_expect_not(r.steady_fresh);
    json = json_of(a);
    cr_expect(strstr(json, "\"not_reached_reason\":null"), "%s", json);
    ssd_free(json);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

Test(steady, a_sequential_runs_plateau_is_its_steady_state) {
    /* Sequential writes free whole blocks: the level holds past the
     * capacity, so a fresh drive's flat sequential run is steady. */
    ssd_series *s = flat_10_minutes("write");
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, NULL, "4e12", NULL, &r);
    cr_expect(r.steady_reached);
    cr_expect_not(r.steady_fresh);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

Test(steady, a_filled_drives_flat_run_is_steady) {
    /* The same flat run after a random fill: the drive is in its used
     * state from the start, and it is steady. */
    ssd_series *s = flat_10_minutes("randwrite");
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", "4e12"), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "random_fill"), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary r;
    r.size = sizeof r;
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    cr_expect(r.steady_reached);
    cr_expect_not(r.steady_fresh);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

/* p[0] s at p[1] B/s, then p[2] B/s. */
static double two_levels(double t, const double *p) {
    return t < p[0] ? p[1] : p[2];
}

/* p[1] B/s throughout but p[3] B/s from second p[0] for p[2] seconds (a
 * cluster of GC dips). */
static double dips_cluster(double t, const double *p) {
    return t >= p[0] && t < p[0] + p[2] ? p[3] : p[1];
}

Test(recovery, a_cluster_of_dips_is_not_the_end_of_the_recovered_room) {
    /* SSD370 after a TRIM (lab2016-30s): fresh speed for the whole run but
     * for 12 s of dips at 194 of 284 MiB/s; the reference (the 2-hour run)
     * has no cache and falls to its used state once its 240 GB were
     * written. TRIM gave every block back: the recovered room is all the
     * run wrote, at least. */
    const double pr[] = {900, 284e6, 10e6}, pd[] = {135, 284e6, 12, 194e6};
    ssd_series *ref = curve_of(3000, two_levels, pr, 0.03);
    ssd_series *s = curve_of(300, dips_cluster, pd, 0.03);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, ref, "240e9", NULL, &r);
    cr_assert_not(r.has_cache);
    cr_assert(r.has_recovery);
    cr_expect_eq(r.recovery_censored, SSD_CENSOR_RIGHT);
    cr_expect_float_eq(r.recovered_bytes, r.total_bytes, 1);
    char *json = json_of(a);
    cr_expect(strstr(json, "\"censored\":\"right\"}"), "%s", json);
    ssd_free(json);
    ssd_analysis_free(a);
    ssd_series_free(s);
    ssd_series_free(ref);
}

Test(recovery, a_run_that_slows_lastingly_is_exact) {
    /* The same drive after 15 minutes of idle: 2.7 GB at the fresh speed,
     * then the used state for good: an exact figure, not a bound. */
    const double pr[] = {900, 284e6, 10e6}, pi[] = {2.7e9 / 284e6, 284e6, 10e6};
    ssd_series *ref = curve_of(3000, two_levels, pr, 0.03);
    ssd_series *s = curve_of(300, two_levels, pi, 0.03);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, ref, "240e9", "300e9", &r);
    cr_assert(r.has_recovery);
    cr_expect_eq(r.recovery_censored, SSD_CENSOR_NONE);
    cr_expect(fabs(r.recovered_bytes / 2.7e9 - 1) < 0.05, "recovered %.4g", r.recovered_bytes);
    ssd_analysis_free(a);
    ssd_series_free(s);
    ssd_series_free(ref);
}

/* p[0] s at p[1] B/s (fresh), then a used state falling from p[2] towards
 * p[3] B/s, exponentially with time constant p[4] s. */
static double fresh_then_decay(double t, const double *p) {
    return t < p[0] ? p[1] : p[3] + (p[2] - p[3]) * exp(-(t - p[0]) / p[4]);
}

/* The number after key in text, or NAN. */
static double num_after(const char *text, const char *key) {
    const char *k = strstr(text, key);
    return k ? strtod(k + strlen(key), NULL) : NAN;
}

/* Each phase's start_level_bps, end_level_bps and sliding are in json's
 * phases[] (`ssdcore analyze --json`) as struct ssd_phase has them (Python
 * read only gc.trend and worked them out again); a slide's phases start
 * at gc_start_level_bps and end at gc_end_level_bps, the others are flat. */
static void expect_phase_slides_in_json(const ssd_analysis *a, const char *json,
                                        const struct ssd_analysis_summary *r) {
    const char *at = strstr(json, "\"phases\":[");
    cr_assert(at);
    size_t n = ssd_analysis_phase_count(a), nsliding = 0;
    double first = NAN, last = NAN;
    for (size_t k = 0; k < n; k++) {
        struct ssd_phase ph = {.size = sizeof ph};
        cr_assert_eq(ssd_analysis_phase(a, k, &ph), 0);
        at = strstr(at, "\"level_bps\":");
        cr_assert(at, "phase %zu", k);
        cr_expect_float_eq(num_after(at, "\"start_level_bps\":"), ph.start_level_bps,
                           1e-9 * ph.start_level_bps, "phase %zu", k);
        cr_expect_float_eq(num_after(at, "\"end_level_bps\":"), ph.end_level_bps,
                           1e-9 * ph.end_level_bps, "phase %zu", k);
        const char *sl = strstr(at, "\"sliding\":");
        cr_assert(sl);
        cr_expect_eq(!strncmp(sl + 10, "true", 4), ph.sliding, "phase %zu", k);
        if (ph.sliding) {
            first = nsliding++ ? first : ph.start_level_bps;
            last = ph.end_level_bps;
        } else {
            cr_expect(ph.start_level_bps == ph.level_bps && ph.end_level_bps == ph.level_bps);
        }
        at = strstr(at, "\"regime\":"); /* on to the next phase */
    }
    cr_expect_gt(nsliding, 0);
    cr_expect_float_eq(first, r->gc_start_level_bps, 1e-9 * first);
    cr_expect_float_eq(last, r->gc_end_level_bps, 1e-9 * last);
}

Test(used_state, a_sliding_used_state_reports_where_it_starts_and_ends) {
    /* AS510S's shape: 233 MiB/s until the capacity is written, then 115
     * falling to about 29 MiB/s. Its median (44) is neither; it was
     * reported "43.8 falling to 31.2" (the last quarter's median). */
    const double p[] = {1200, 244e6, 121e6, 27e6, 1900};
    ssd_series *s = curve_of(7200, fresh_then_decay, p, 0.02);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, NULL, "256e9", NULL, &r);
    cr_assert(r.has_gc);
    cr_expect_float_eq(r.gc_start_bytes, 1200 * 244e6, 0.02 * 1200 * 244e6);
    /* Just after the onset: the first few seconds' speed. */
    cr_expect_float_eq(r.gc_start_level_bps, 121e6, 0.03 * 121e6, "start %.4g",
                       r.gc_start_level_bps);
    double end = fresh_then_decay(7199.5, p);
    cr_expect_float_eq(r.gc_end_level_bps, end, 0.02 * end, "end %.4g vs %.4g", r.gc_end_level_bps,
                       end);
    cr_expect(r.gc_sliding);
    /* The mean slope: from the start level to the end level over the
     * GiB the used state wrote. */
    double gib = (r.total_bytes - r.gc_start_bytes) / GIB;
    double slope = (end - 121e6) / gib;
    cr_expect_float_eq(r.gc_slope_bps_per_gib, slope, 0.05 * fabs(slope), "slope %.4g vs %.4g",
                       r.gc_slope_bps_per_gib, slope);
    char *json = json_of(a);
    cr_expect(strstr(json, "\"sliding\":true,\"trend\":[{\"bytes\":"), "%s", json);
    expect_phase_slides_in_json(a, json, &r);
    ssd_free(json);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

Test(used_state, a_flat_used_state_does_not_slide) {
    /* BX200-like: 50 MB/s fresh, then 27 MB/s flat. */
    const double p[] = {4000, 50e6, 27e6, 27e6, 1};
    ssd_series *s = curve_of(7200, fresh_then_decay, p, 0.05);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, NULL, "190e9", NULL, &r);
    cr_assert(r.has_gc);
    cr_expect_not(r.gc_sliding);
    cr_expect_float_eq(r.gc_start_level_bps, 27e6, 0.03 * 27e6);
    cr_expect_float_eq(r.gc_end_level_bps, 27e6, 0.03 * 27e6);
    cr_expect(fabs(r.gc_slope_bps_per_gib) < 0.01 * 27e6);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

/* p[0] s at p[1] B/s (fresh), then a used state that leaves it gently:
 * 4 % lower each second for p[2] s, then a step to p[3] B/s sliding to
 * p[4] B/s by second 200 (GC's cost grows as the clean blocks run out,
 * then the drive's reserve is gone). */
static double fresh_then_gentle_fall(double t, const double *p) {
    if (t < p[0])
        return p[1];
    if (t < p[0] + p[2])
        return p[1] * (1 - 0.04 * (floor(t - p[0]) + 1));
    return p[3] + (p[4] - p[3]) * (t - p[0] - p[2]) / (200 - p[0] - p[2]);
}

Test(used_state, a_used_state_that_leaves_the_fresh_level_gently_starts_where_it_leaves_it) {
    /* A fresh drive's WSAT in 5-s samples (s11-d21 of the used-drive
     * sweep's shape): 1 GB/s for 40 samples (40 GB, the capacity 30 GB
     * and its spare area), 8 samples each 4 % slower than the one before,
     * then a step to 0.6 sliding to 0.4 GB/s. The speed is 5 % below the
     * fresh level from the second of those samples (41 GB on); the used
     * state starts there, within half of the 5-sample window that tells a
     * slide from GC dips (2 samples). Without it: 43.6 GB, where the fall
     * had become steep. */
    const double p[] = {40, 1e9, 8, 0.6e9, 0.4e9};
    ssd_series *s = curve_of(200, fresh_then_gentle_fall, p, 0.03);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, NULL, "30e9", NULL, &r);
    cr_assert(r.has_gc);
    cr_expect(r.gc_start_bytes >= 40.9e9 && r.gc_start_bytes <= 43e9, "onset %.4g",
              r.gc_start_bytes);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

/* p[0] s at p[1] B/s (fresh), then p[2] B/s sliding linearly to p[3] B/s
 * by second p[4]. */
static double fresh_step_then_slide(double t, const double *p) {
    return t < p[0] ? p[1] : p[2] + (p[3] - p[2]) * (t - p[0]) / (p[4] - p[0]);
}

Test(used_state, a_small_step_then_a_slide_is_a_used_state) {
    /* A datacenter drive's WSAT (s11-d73 of the used-drive sweep's shape):
     * 1 GB/s for 600 s, well past its 500 GB capacity, then 7 % lower and
     * sliding 10 % more by the end: from the fresh level to the end the
     * speed fell 17 %, a step, though the slide alone is less. It was one
     * phase, "no used state". */
    const double p[] = {600, 1e9, 0.93e9, 0.84e9, 1000};
    ssd_series *s = curve_of(1000, fresh_step_then_slide, p, 0.02);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, NULL, "500e9", NULL, &r);
    cr_assert(r.has_gc);
    cr_expect_float_eq(r.gc_start_bytes, 600e9, 0.02 * 600e9, "onset %.4g", r.gc_start_bytes);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

/* Levels over time: p[0] levels, level k at p[1 + 2k] B/s until second
 * p[2 + 2k] (the last level to the end). */
static double levels(double t, const double *p) {
    size_t n = (size_t)p[0], k = 0;
    while (k + 1 < n && t >= p[2 + 2 * k])
        k++;
    return p[1 + 2 * k];
}

Test(used_state, two_steps_before_the_used_state_of_a_fresh_drive_are_a_cache_and_its_folding) {
    /* A fresh drive with a dynamic cache barely faster than its direct
     * writes (the used-drive sweep's s11-d64 and s47-d1, 2-hour runs):
     * 2.9 GB/s for 200 s, then direct writes at 2.4 (1.21x lower, short of
     * a cache's 1.3x drop: no cache is reported), then folding at 1.0 from
     * 1540 GB (before the 1.7 TB capacity has been written), then GC at
     * 0.3 from 1840 GB. The folding was "other": folding needed a cache
     * found. */
    const double p[] = {4, 2.9e9, 200, 2.4e9, 600, 1.0e9, 900, 0.3e9, 1e9};
    ssd_series *s = curve_of(2000, levels, p, 0.02);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, NULL, "1.7e12", NULL, &r);
    cr_expect(!r.has_cache);
    cr_assert(r.has_folding);
    cr_expect_float_eq(r.folding_start_bytes, 1540e9, 0.01 * 1540e9, "folding %.4g",
                       r.folding_start_bytes);
    cr_expect_float_eq(r.folding_level_bps, 1.0e9, 0.03e9);
    cr_assert(r.has_gc);
    cr_expect_float_eq(r.gc_start_bytes, 1840e9, 0.02 * 1840e9, "onset %.4g", r.gc_start_bytes);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

Test(used_state, one_slight_step_before_the_used_state_is_no_folding) {
    /* The guard: a slight step (a cache too close to the direct speed to
     * call, or direct writes settling) and then the used state past the
     * capacity: one step before the used state, no folding. So is a
     * second step after the capacity was written: the used state's. */
    const double p[] = {3, 2.9e9, 200, 2.4e9, 800, 0.3e9, 1e9};
    ssd_series *s = curve_of(2000, levels, p, 0.02);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, NULL, "1.7e12", NULL, &r);
    cr_expect(!r.has_folding, "folding at %.4g", r.folding_start_bytes);
    cr_expect(r.has_gc);
    ssd_analysis_free(a);
    ssd_series_free(s);
    const double q[] = {4, 2.9e9, 200, 2.4e9, 750, 1.0e9, 900, 0.3e9, 1e9};
    s = curve_of(2000, levels, q, 0.02);
    a = analysed(s, NULL, "1.7e12", NULL, &r);
    cr_expect(!r.has_folding, "folding at %.4g", r.folding_start_bytes);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

/* A dynamic cache, then direct writes with GC dips (5 s at 35 % every
 * 25 s, from second 15 of each period), then folding, then GC: p[0] s of
 * cache at p[1] B/s, direct writes at p[2] until p[3], folding at p[4]
 * until p[5], GC at p[6]. */
static double cache_dips_fold_gc(double t, const double *p) {
    if (t < p[0])
        return p[1];
    if (t < p[3])
        return fmod(t, 25) >= 15 && fmod(t, 25) < 20 ? 0.35 * p[2] : p[2];
    return t < p[5] ? p[4] : p[6];
}

Test(used_state, gc_dips_before_the_folding_are_direct_writes) {
    /* (Seed 47's drive 88 of the used-drive sweep, 2 hours: direct writes
     * at 605 MB/s with 5 s dips every 25 s, folding at 400 from 95.0 GiB;
     * the segmentation's boundary went to a dip two periods earlier and
     * gave the direct writes between the dips to the folding, 86.5 GiB.)
     * Here 1.46 GB/s for 100 s, direct writes at 0.6 until 400 s, the
     * last dips at 365-370 and 390-395, folding at 0.4 until 800 s, then
     * GC at 0.08; capacity 460 GB. The folding starts where the direct
     * writes end, not at the dip. */
    const double p[] = {100, 1.46e9, 0.6e9, 400, 0.4e9, 800, 0.08e9};
    ssd_series *s = curve_of(7200, cache_dips_fold_gc, p, 0.02);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, NULL, "460e9", NULL, &r);
    double want = 100 * 1.46e9;
    for (int i = 100; i < 400; i++)
        want += cache_dips_fold_gc(i + 0.5, p);
    cr_assert(r.has_folding);
    cr_expect(fabs(r.folding_start_bytes - want) <= 0.01 * want, "folding at %.4g, truth %.4g",
              r.folding_start_bytes, want);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

/* A fresh drive's dynamic cache in WSAT's 5 s samples (seed 47's drive
 * 88): 6 samples of cache at 1.2 GB/s, direct writes at 605 MB/s with a
 * GC dip every 5 samples and a cluster of them at their end (down to
 * the folding's level and back), 26 samples of folding flat at 400, then
 * the used state: GC faster than the folding at first (1.17-1.29x with a
 * dip), then scattering 20 % about a level sliding from 450 to 250.
 * The segmentation gave the dips to the folding's phase and GC's first
 * samples to it too: "folding at 85.9 GiB, truth 95.0; used state at
 * 213.1 GiB, truth 144.5". The folding is its flat run: it starts and
 * the used state starts where that run begins and ends. */
Test(used_state, a_flat_folding_is_its_flat_run) {
    const double dips[] = {0.52, 0.83, 0.72, 0.64, 0.83},
                 gc0[] = {1.24, 1.17, 1.17, 0.57, 1.29, 1.21, 1.26, 0.85};
    size_t n = 400;
    for (int draw = 0; draw < 3; draw++) {
        double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b), fold = 0, gc = 0;
        cr_assert(t && b);
        for (size_t i = 0; i < n; i++) {
            double r;
            if (i < 6)
                r = 1.2e9;
            else if (i < 27)
                r = 605e6 * ((i - 6) % 5 == 4 ? 0.65 : 1);
            else if (i < 32)
                r = 605e6 * dips[i - 27];
            else if (i < 58)
                r = 400e6;
            else if (i < 66)
                r = 400e6 * gc0[i - 58];
            else
                r = (450e6 - 200e6 * (double)(i - 58) / (double)(n - 58)) * exp(0.2 * gauss());
            t[i] = 5.0 * (double)(i + 1);
            b[i] = 5 * r;
            fold += i < 32 ? b[i] : 0;
            gc += i < 58 ? b[i] : 0;
        }
        ssd_series *s = NULL;
        cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
        free(t);
        free(b);
        struct ssd_analysis_summary r;
        ssd_analysis *a = analysed(s, NULL, "121e9", NULL, &r);
        /* (within 5 %, or the sample that holds it, as the sweep scores) */
        cr_expect(r.has_folding &&
                      fabs(r.folding_start_bytes - fold) <= fmax(0.05 * fold, 1.5 * 5 * 605e6),
                  "draw %d: folding at %.1f GiB, truth %.1f", draw, r.folding_start_bytes / GIB,
                  fold / GIB);
        cr_expect(r.has_gc && fabs(r.gc_start_bytes - gc) <= fmax(0.05 * gc, 1.5 * 5 * 500e6),
                  "draw %d: used state at %.1f GiB, truth %.1f", draw, r.gc_start_bytes / GIB,
                  gc / GIB);
        ssd_analysis_free(a);
        ssd_series_free(s);
    }
}

/* A fresh drive's WSAT with a small static cache, in 5 s samples: the
 * cache ends inside the first sample (692 MB/s), direct writes at a flat
 * 412 MB/s follow until 1.07x the capacity is written, then GC: 27
 * samples near 320 MB/s, then its scatter grows as it slides to 60 MB/s
 * and on to 40 (the used-drive sweep's seed 47, drive 111). The first
 * level, longer than any cache, read as a dynamic cache hidden at the
 * direct speed, and the GC's quieter first stretch as that cache's
 * folding: "false folding at 164.3 GiB; used state at 204.7 GiB, truth
 * 164.6". A first sample a step faster than the level after it and too
 * small for a dynamic cache held a static cache, which never folds: the
 * used state starts at the drop. Four noise draws. */
Test(used_state, a_static_cache_inside_the_first_sample_never_folds) {
    size_t n = 1069, gc_at = 86;
    double onset = 5 * (692e6 + 412e6 * (double)(gc_at - 1));
    for (int draw = 0; draw < 4; draw++) {
        double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b);
        cr_assert(t && b);
        for (size_t i = 0; i < n; i++) {
            double r, x = (double)i;
            if (i == 0)
                r = 692e6;
            else if (i < gc_at)
                r = 412e6;
            else if (i < gc_at + 27)
                r = 320e6 * exp(0.08 * gauss());
            else if (i < 200)
                r = (330e6 - 50e6 * (x - (double)gc_at) / (200 - (double)gc_at)) *
                    exp(0.25 * gauss());
            else if (i < 500)
                r = 280e6 * exp(log(60.0 / 280) * (x - 200) / 300) * exp(0.2 * gauss());
            else
                r = (60e6 - 20e6 * (x - 500) / ((double)n - 500)) * exp(0.2 * gauss());
            t[i] = 5 * (x + 1);
            b[i] = 5 * r;
        }
        ssd_series *s = NULL;
        cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
        free(t);
        free(b);
        struct ssd_analysis_summary r;
        ssd_analysis *a = analysed(s, NULL, "166e9", "0", &r);
        cr_expect_not(r.has_folding, "draw %d: false folding at %.4g", draw, r.folding_start_bytes);
        cr_expect(r.has_gc && fabs(r.gc_start_bytes - onset) <= 0.05 * onset,
                  "draw %d: used state at %.4g, truth %.4g", draw, r.gc_start_bytes, onset);
        ssd_analysis_free(a);
        ssd_series_free(s);
    }
}

/* p[0..9]: five stretches of p[2k] seconds at p[2k+1] B/s. */
static double stretches(double t, const double *p) {
    double end = 0;
    for (int k = 0; k < 5; k++) {
        end += p[2 * k];
        if (t < end)
            return p[2 * k + 1];
    }
    return p[9];
}

Test(used_state, a_chaotic_used_state_slides_to_the_runs_end_not_its_first_phase_s) {
    /* Seed 2026's drive 190 (2 hours): clean blocks at 600 MB/s, then a
     * used state that does not settle: 170 s at 250, a climb to 300, 160,
     * then 130 to the end. The segmentation gives the used state's first
     * 170 samples the regime gc and what follows none: its slide was that
     * stretch's ("249 -> 250", flat), where the used state fell to 130. */
    const double p[] = {400, 600e6, 170, 250e6, 120, 300e6, 680, 160e6, 5830, 130e6};
    ssd_series *s = curve_of(7200, stretches, p, 0.05);
    struct ssd_analysis_summary r;
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", "240e9"), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "none"), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    r.size = sizeof r;
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    cr_assert(r.has_gc);
    cr_expect_float_eq(r.gc_end_level_bps, 130e6, 0.03 * 130e6, "end %.4g", r.gc_end_level_bps);
    cr_expect(r.gc_sliding);
    cr_expect(r.gc_slope_bps_per_gib < 0);
    /* Each phase the slide spans starts where the one before it ended: the
     * first at the used state's start level, the last at its end level
     * (the CLI's phase list; the whole slide was put on the GC phase). */
    size_t np = ssd_analysis_phase_count(a), nslide = 0;
    double prev_end = NAN;
    for (size_t k = 0; k < np; k++) {
        struct ssd_phase ph = {.size = sizeof ph};
        cr_assert_eq(ssd_analysis_phase(a, k, &ph), 0);
        if (!ph.sliding) {
            cr_expect(ph.start_level_bps == ph.level_bps && ph.end_level_bps == ph.level_bps);
            continue;
        }
        if (nslide++ == 0)
            cr_expect_float_eq(ph.start_level_bps, r.gc_start_level_bps, 1.0);
        else
            cr_expect_float_eq(ph.start_level_bps, prev_end, 1.0, "phase %zu", k);
        prev_end = ph.end_level_bps;
        cr_expect(k + 1 < np || ph.end_bytes == r.total_bytes);
    }
    cr_expect(nslide >= 1);
    cr_expect_float_eq(prev_end, r.gc_end_level_bps, 1.0);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

Test(used_state, a_used_state_too_short_for_two_levels_has_no_slope) {
    /* 400 s of clean blocks at 600 MB/s (the capacity), then 30 samples of
     * a used state at 150 MB/s with 25 % noise: the start and end windows
     * (7 samples each) were neighbours, and their medians' difference,
     * noise, was reported as a slope. Under 36 samples it is one level. */
    const double p[] = {400, 600e6, 30, 150e6, 0, 150e6, 0, 150e6, 0, 150e6};
    ssd_series *s = curve_of(430, stretches, p, 0.25);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed(s, NULL, "240e9", NULL, &r);
    cr_assert(r.has_gc);
    cr_expect_not(r.gc_sliding);
    cr_expect_eq(r.gc_slope_bps_per_gib, 0);
    cr_expect_eq(r.gc_start_level_bps, r.gc_end_level_bps);
    cr_expect_float_eq(r.gc_start_level_bps, 150e6, 0.15 * 150e6, "%.4g", r.gc_start_level_bps);
    ssd_analysis_free(a);
    ssd_series_free(s);
}
