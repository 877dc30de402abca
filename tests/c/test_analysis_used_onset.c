/* Where the used state begins on a drive written before the run (issue 21,
 * item 7): curves built here after the simulator's used-drive sweep runs
 * whose onset was missed or misplaced, each with its exact answer. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "job_testutil.h"

#define GIB 1073741824.0

#define TEST_NOISE_SEED 0x2545F4914F6CDD1DULL
#include "test_noise.h"

/* n samples of dt s each: `fast` B/s for the first fast_s seconds (noise
 * cv_fast), then `slow` B/s (noise cv_slow, and GC's bursts: up by an
 * exponential share of mean `burst`, the simulator's datacenter drives'
 * used state: median 1.05x its level, 95th percentile 1.27x, 99th 1.38x);
 * the sample holding the change mixes the two. */
static ssd_series *fast_then_slow(size_t n, double dt, double fast_s, double fast, double slow,
                                  double cv_fast, double cv_slow, double burst) {
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b);
    cr_assert(t && b);
    for (size_t i = 0; i < n; i++) {
        double t0 = (double)i * dt, t1 = t0 + dt;
        double f = fast_s >= t1 ? 1 : fast_s <= t0 ? 0 : (fast_s - t0) / dt;
        double gc = slow * exp(cv_slow * gauss()) * (1 - burst * log(uniform()));
        t[i] = t1;
        b[i] = dt * (f * fast * exp(cv_fast * gauss()) + (1 - f) * gc);
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    free(t);
    free(b);
    return s;
}

static void used_drive(ssd_analysis *a, const char *capacity) {
    char wb[64];
    snprintf(wb, sizeof wb, "%.0f", 2 * atof(capacity));
    cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", capacity), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "written_before_bytes", wb), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "random_fill"), 0);
}

/* s analysed as a used drive's run (used_drive) against ref; its summary
 * in *r. The caller frees the analysis. */
static ssd_analysis *analysed_used(ssd_series *s, ssd_series *ref, const char *capacity,
                                   struct ssd_analysis_summary *r) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    used_drive(a, capacity);
    cr_assert_eq(ssd_analysis_run(a, s, ref), 0, "%s", ssd_analysis_errmsg(a));
    r->size = sizeof *r;
    cr_assert_eq(ssd_analysis_summary(a, r), 0);
    return a;
}

/* A datacenter drive with a quarter of spare flash, randomly filled twice,
 * then idle: the clean blocks idle time prepared are written at the fresh
 * level, then GC slows it only 1.3-1.5x (not the 2x and more of a consumer
 * drive). When they last less than a lasting phase, the segmentation's
 * first phase may hold them and GC's first samples, one level within a
 * step of GC's: the used state was missed ("direct, direct") or placed at
 * that phase's end (seed 11's drives 32 and 98, 18.6 and 64 s of clean
 * blocks in a fill of 2,300 samples and a 2-hour run). The fresh run, the
 * reference, showed no cache. Fills of 8.5-16.5 s of clean blocks at 1.45
 * GB/s, then GC at 1.0 with bursts, each with two noise draws. */
Test(used_onset, a_datacenter_drive_s_gentle_fall_after_its_clean_blocks) {
    size_t n = 2300;
    ssd_series *ref = fast_then_slow(n, 1, (double)n, 1.45e9, 1.45e9, 0.02, 0.02, 0);
    for (int k = 0; k < 10; k++) {
        double fast_s = 8.5 + 2 * (k / 2);
        ssd_series *s = fast_then_slow(n, 1, fast_s, 1.45e9, 1.0e9, 0.02, 0.03, 0.08);
        struct ssd_analysis_summary r;
        ssd_analysis *a = analysed_used(s, ref, "2497e9", &r);
        double want = fast_s * 1.45e9;
        cr_expect_not(r.has_cache, "%.1f s: clean blocks are no cache", fast_s);
        cr_expect(r.has_gc, "%.1f s (draw %d): the used state missed", fast_s, k % 2);
        /* (within 5 %, or the sample that holds it, as the sweep scores) */
        cr_expect(r.has_gc && fabs(r.gc_start_bytes - want) <= fmax(0.05 * want, 1.5 * 1.45e9),
                  "%.1f s (draw %d): used state at %.2f GB, truth %.2f", fast_s, k % 2,
                  r.gc_start_bytes / 1e9, want / 1e9);
        ssd_analysis_free(a);
        ssd_series_free(s);
    }
    ssd_series_free(ref);
}

/* Its fill after a random fill on a Gen4 drive: 5.7 samples at 3.75 GB/s,
 * then GC at 2.5; the segmentation's first phase ends two samples into
 * GC, and the split that ends it must be free to leave just those two
 * (seed 13's drive 192: used state at 26.6 GiB, truth 20.9). */
Test(used_onset, a_gentle_fall_two_samples_before_the_first_boundary) {
    ssd_series *s = fast_then_slow(741, 1, 5.7, 3.94e9, 2.64e9, 0.02, 0.04, 0);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    used_drive(a, "1974e9");
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary r = {.size = sizeof r};
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    double want = 5.7 * 3.94e9;
    cr_expect_not(r.has_cache);
    cr_expect(r.has_gc);
    /* (within the sample that holds it, as the sweep scores it) */
    cr_expect(fabs(r.gc_start_bytes - want) <= 1.5 * 3.94e9, "used state at %.2f GB, truth %.2f",
              r.gc_start_bytes / 1e9, want / 1e9);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

/* A consumer drive's gentle wander is no onset: a used drive's run at one
 * level (noise 6 %) from its start keeps one phase, no clean blocks split
 * off by the min_drop rule. */
Test(used_onset, one_noisy_level_has_no_fast_start) {
    ssd_series *s = fast_then_slow(2000, 1, 0, 1e9, 1e9, 0.06, 0.06, 0);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    used_drive(a, "1000e9");
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary r = {.size = sizeof r};
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    cr_expect_not(r.has_cache);
    cr_expect(!r.has_gc || r.gc_start_bytes < 5e9, "used state at %.2f GB", r.gc_start_bytes / 1e9);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

/* A fresh drive's used state that begins with GC's dips, not a step: the
 * used-drive sweep's seed 13 drives 116 (a cacheless 231 GB NVMe drive,
 * fresh level 441 MiB/s with periodic GC dips 3 samples in 19) and 185 (a
 * static cache, fresh 1051 MiB/s). Past the capacity the dips come ever
 * more often while the samples between hold the fresh level, and the
 * median, the knee and the scatter placed the used state 15-20 % late
 * (255 GiB against the model's 230; 456 against 423). Each drive after a
 * TRIM and 15 minutes idle, then lab2016's 2-hour 4K QD32 test, as the
 * sweep runs it; the truth is the model's. */
Test(used_onset, a_fresh_drive_s_used_state_that_starts_as_more_frequent_dips) {
    static const char *const drives[] = {
        "sim:bx200,native_write_lat_us=0,capacity_gb=231,op_pct=8.09,bits=3,slc_type=none,"
        "slc_seq_mbps=1529,slc_rand_iops=306547,native_seq_mbps=686,native_rand_mbps=442.9,"
        "fold_mbps=686,floor_mbps=62.86,gc_gamma=2.10,link_mbps=7000,iops_cap=2000000,"
        "noise=0.00,noise_direct=0.04,seed=184711525,slc_gb=0,dip_period_s=19.4,dip_duty=0.16,"
        "dip_depth=0.32",
        "sim:bx200,native_write_lat_us=0,capacity_gb=389,op_pct=19.63,bits=2,slc_type=static,"
        "slc_seq_mbps=4977,slc_rand_iops=1235878,native_seq_mbps=2003,native_rand_mbps=1054.7,"
        "fold_mbps=2003,floor_mbps=286.74,gc_gamma=2.29,link_mbps=7000,iops_cap=2000000,"
        "noise=0.00,noise_direct=0.04,seed=500319933,slc_gb=4.5,slc_wa=1.44,dip_period_s=22.4,"
        "dip_duty=0.17,dip_depth=0.30",
    };
    static const char *const kv[] = {"pattern",      "randwrite", "bs", "4096",     "qd",
                                     "32",           "time",      "2h", "interval", "1",
                                     "precondition", "none",      NULL};
    for (size_t d = 0; d < sizeof drives / sizeof *drives; d++) {
        ssd_target *t = NULL;
        cr_assert_eq(ssd_target_create(&t), 0);
        cr_assert_eq(ssd_target_open(t, drives[d]), 0, "%s", ssd_target_errmsg(t));
        cr_assert_eq(ssd_target_trim(t, 0, ssd_target_size(t)), 0, "%s", ssd_target_errmsg(t));
        cr_assert_eq(ssd_target_idle(t, 900), 0, "%s", ssd_target_errmsg(t));
        ssd_job *j = NULL;
        cr_assert_eq(ssd_job_create(&j, t), 0);
        for (const char *const *p = kv; p[0]; p += 2)
            cr_assert_eq(ssd_job_set_option(j, p[0], p[1]), 0, "%s", ssd_job_errmsg(j));
        cr_assert_eq(ssd_job_run(j), 0, "%s", ssd_job_errmsg(j));
        double want = NAN;
        cr_assert_eq(ssd_sim_truth(t, "gc_start_bytes", &want), 0);
        struct ssd_analysis_summary r;
        tu_analyze_writes(j, &r);
        cr_expect(r.has_gc, "drive %zu: the used state missed", d);
        cr_expect(r.has_gc && fabs(r.gc_start_bytes - want) <= 0.05 * want,
                  "drive %zu: used state at %.1f GiB, truth %.1f", d, r.gc_start_bytes / GIB,
                  want / GIB);
        ssd_job_free(j);
        ssd_target_free(t);
    }
}

/* One 2-hour 4K QD32 run of the sim drive `spec` in the sweep's state:
 * "fresh" (TRIM) or a precondition kind (purge, then it, twice the
 * capacity), then 15 minutes idle. The series (its metadata the job's:
 * capacity, written before, precondition) and the model's onset. */
static ssd_series *run_in_state(const char *spec, const char *state, int fill, double *gc_truth);

static ssd_series *two_hours(const char *spec, const char *state, double *gc_truth) {
    return run_in_state(spec, state, 0, gc_truth);
}

/* The same, or (fill 1) the whole-drive 128K sequential fill, or (fill 2)
 * WSAT: 4K QD32 random writes of 4x the capacity (at most 6 hours) in 5 s
 * samples. */
static ssd_series *run_in_state_every(const char *spec, const char *state, int fill,
                                      const char *interval, double *gc_truth);

static ssd_series *run_in_state(const char *spec, const char *state, int fill, double *gc_truth) {
    return run_in_state_every(spec, state, fill, fill == 2 ? "5" : "1", gc_truth);
}

/* The same in samples of `interval` seconds (the 50-drive sweep's: 1 s
 * for the fill, 2 s for the 2 hours, 4 s for WSAT). */
static ssd_series *run_in_state_every(const char *spec, const char *state, int fill,
                                      const char *interval, double *gc_truth) {
    ssd_target *t = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, spec), 0, "%s", ssd_target_errmsg(t));
    uint64_t written = 0;
    char wb[32];
    if (!strcmp(state, "fresh")) {
        cr_assert_eq(ssd_target_trim(t, 0, ssd_target_size(t)), 0, "%s", ssd_target_errmsg(t));
    } else {
        const char *how = NULL;
        cr_assert_eq(ssd_target_purge(t, &how), 0, "%s", ssd_target_errmsg(t));
        cr_assert_eq(ssd_target_precondition(t, state, 2, &written, NULL, NULL), 0, "%s",
                     ssd_target_errmsg(t));
    }
    cr_assert_eq(ssd_target_idle(t, 900), 0, "%s", ssd_target_errmsg(t));
    snprintf(wb, sizeof wb, "%llu", (unsigned long long)written);
    char wsat_bytes[32];
    snprintf(wsat_bytes, sizeof wsat_bytes, "%llu", 4ULL * (unsigned long long)ssd_target_size(t));
    const char *kv[] = {"pattern",
                        fill == 1 ? "write" : "randwrite",
                        "bs",
                        fill == 1 ? "131072" : "4096",
                        "qd",
                        "32",
                        fill == 1 ? "coverage" : "time",
                        fill == 1 ? "1"
                        : fill    ? "6h"
                                  : "2h",
                        "interval",
                        interval,
                        fill == 2 ? "bytes" : "qd",
                        fill == 2 ? wsat_bytes : "32",
                        "precondition",
                        strcmp(state, "fresh") ? state : "none",
                        "written_before",
                        wb,
                        NULL};
    ssd_job *j = NULL;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    for (const char *const *p = kv; p[0]; p += 2)
        cr_assert_eq(ssd_job_set_option(j, p[0], p[1]), 0, "%s %s", p[0], ssd_job_errmsg(j));
    cr_assert_eq(ssd_job_run(j), 0, "%s", ssd_job_errmsg(j));
    if (ssd_sim_truth(t, "gc_start_bytes", gc_truth) != 0)
        *gc_truth = NAN; /* (a fresh fill: no used state) */
    ssd_series *s = NULL;
    cr_assert_eq(ssd_job_series(j, SSD_DIR_WRITE, &s), 0);
    ssd_job_free(j);
    ssd_target_free(t);
    return s;
}

/* Direct writes after a static cache on a drive filled sequentially, with
 * the fresh state's GC dips among them (seed 29's drive 5: a 2.6 GiB cache,
 * 26 GiB at 629 MiB/s with two dips of 2-3 samples to 180-410, then the
 * used state at 180). The segmentation began the used state at the first
 * dip, 17 samples in, and the samples at the direct level after it were
 * cut off at that dip: used state at 13.2 GiB, the model's at 29.0. With
 * the same drive's fresh run as reference, as the sweep analyses it. */
Test(used_onset, direct_writes_with_a_gc_dip_before_the_used_state) {
    static const char spec[] =
        "sim:bx200,native_write_lat_us=0,capacity_gb=213,op_pct=19.81,bits=3,slc_type=static,"
        "slc_seq_mbps=2012,slc_rand_iops=427986,native_seq_mbps=854,native_rand_mbps=626.0,"
        "fold_mbps=854,floor_mbps=178.37,gc_gamma=2.05,link_mbps=7000,iops_cap=2000000,"
        "noise=0.00,noise_direct=0.12,seed=328460296,slc_gb=3.5,slc_wa=1.36,dip_period_s=16.5,"
        "dip_duty=0.12,dip_depth=0.46";
    double fresh_gc = NAN, want = NAN;
    ssd_series *ref = two_hours(spec, "fresh", &fresh_gc);
    ssd_series *s = two_hours(spec, "seq_fill", &want);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, s, ref), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary r = {.size = sizeof r};
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    cr_expect(r.has_cache, "the static cache");
    cr_expect(r.has_gc && fabs(r.gc_start_bytes - want) <= 0.05 * want,
              "used state at %.1f GiB, truth %.1f", r.gc_start_bytes / GIB, want / GIB);
    ssd_analysis_free(a);
    ssd_series_free(s);
    ssd_series_free(ref);
}

/* The spare area a sequential fill left, written at the direct speed with
 * a GC dip of 3 samples in it, then the used state (seed 37's drive 46, 2
 * hours: a 2.9 GiB cache in the first sample, 26 samples at 900 MB/s with
 * a dip to 540-700 at the 7th, then GC at 150). The segmentation gave the
 * direct writes to the used state's phase, and the walk that hands them
 * back to the fast start stopped at the dip: used state at 7.9 GiB, the
 * model's at 24.1. After the dip the speed is back at the direct level
 * for 17 samples: the clean blocks had not run out. */
Test(used_onset, a_gc_dip_in_the_spare_area_is_no_onset) {
    size_t n = 7200, fast = 27;
    const double head[] = {2924e6, 1124e6, 876e6, 910e6, 903e6, 891e6, 900e6, 604e6, 541e6, 699e6};
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b), want = 0;
    cr_assert(t && b);
    for (size_t i = 0; i < n; i++) {
        t[i] = (double)(i + 1);
        b[i] = i < 10     ? head[i]
               : i < fast ? 900e6 * exp(0.03 * gauss())
                          : 150e6 * exp(0.15 * gauss());
        if (i < fast)
            want += b[i];
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", "187047124992"), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "written_before_bytes", "374094430208"), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "seq_fill"), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary r = {.size = sizeof r};
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    cr_expect(r.has_gc && fabs(r.gc_start_bytes - want) <= 0.05 * want,
              "used state at %.1f GiB, truth %.1f", r.gc_start_bytes / GIB, want / GIB);
    ssd_analysis_free(a);
    ssd_series_free(s);
    free(t);
    free(b);
}

/* The run on a used drive in `state` (fill as run_in_state) with the
 * drive's fresh run of the same workload as reference, as the used-drive
 * sweep analyses it: its summary in *r, the model's onset in *gc. */
static void analyse_in_state(const char *spec, const char *state, int fill, double *gc,
                             struct ssd_analysis_summary *r) {
    double fresh_gc = NAN;
    ssd_series *ref = run_in_state(spec, "fresh", fill, &fresh_gc);
    ssd_series *s = run_in_state(spec, state, fill, gc);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, s, ref), 0, "%s", ssd_analysis_errmsg(a));
    cr_assert_eq(ssd_analysis_summary(a, r), 0);
    ssd_analysis_free(a);
    ssd_series_free(s);
    ssd_series_free(ref);
}

/* The same: the onset within 5 % of the model's. */
static void onset_in_state(const char *spec, const char *state, int fill) {
    double want = NAN;
    struct ssd_analysis_summary r = {.size = sizeof r};
    analyse_in_state(spec, state, fill, &want, &r);
    cr_expect(r.has_gc && fabs(r.gc_start_bytes - want) <= 0.05 * want,
              "used state at %.2f GiB, truth %.2f", r.gc_start_bytes / GIB, want / GIB);
}

/* A 2-hour run after a sequential fill, with the fresh run as reference,
 * as the used-drive sweep analyses it: the onset within 5 %. */
static void seq_fill_onset(const char *spec) {
    onset_in_state(spec, "seq_fill", 0);
}

/* A static cache's drive whose spare area (30 samples at 1,260 MB/s) the
 * segmentation gave one first phase with 42 samples of GC at 120 (its
 * median 184 MB/s): the split of that phase where the clean blocks ran
 * out asked for the phase's median at the reference's direct level, and
 * the onset stayed at the phase's end, 44.7 GiB for 39.0. The fast
 * start's own level is the split's first. */
Test(used_onset, spare_area_after_a_static_cache_split_at_its_own_level) {
    seq_fill_onset(
        "sim:bx200,native_write_lat_us=0,capacity_gb=221,op_pct=24.16,bits=2,slc_type=static,"
        "slc_seq_mbps=5395,slc_rand_iops=1175352,native_seq_mbps=2084,native_rand_mbps=1204.6,"
        "fold_mbps=2084,floor_mbps=105.36,gc_gamma=2.29,link_mbps=7000,iops_cap=2000000,"
        "noise=0.00,noise_direct=0.04,seed=319513213,slc_gb=6.7,slc_wa=1.31,dip_duty=0");
}

/* A cacheless drive's spare area (133 samples at 364 MB/s), then GC at
 * 110-150 with bursts to 250-340 that drew the segmentation's boundary to
 * sample 304: the knee, bound to the middle of the phase before (152),
 * sat one sample past that bound, and the search from the run's start
 * that a knee at its bound gets was skipped (48.4 GiB for 45.4). */
Test(used_onset, a_knee_a_sample_past_its_bound_is_at_it) {
    seq_fill_onset(
        "sim:bx200,native_write_lat_us=0,capacity_gb=382,op_pct=13.89,bits=3,slc_type=none,"
        "slc_seq_mbps=2089,slc_rand_iops=343340,native_seq_mbps=778,native_rand_mbps=347.4,"
        "fold_mbps=778,floor_mbps=102.95,gc_gamma=0.90,link_mbps=7000,iops_cap=2000000,"
        "noise=0.05,noise_direct=0.04,seed=687194791,slc_gb=0,dip_duty=0");
}

/* Direct writes after a fill run slower than fresh. A dynamic cache's
 * 2-hour run after a sequential fill (seed 2026's drive 81): 30 GiB of
 * cache, 3.5 GiB of direct writes in 8 samples at 330-580 MB/s (median
 * 460, fresh 568), then folding at 271 and GC. The split of the phase
 * after the cache at the reference's direct level asked for the direct
 * writes within a step (1.15x) of the fresh level, so they stayed in the
 * folding: "folding at 29.8 GiB, truth 33.3". */
Test(used_onset, direct_writes_after_a_fill_slower_than_fresh) {
    static const char spec[] =
        "sim:bx200,native_write_lat_us=0,capacity_gb=1348,op_pct=21.37,bits=2,slc_type=dynamic,"
        "slc_seq_mbps=3216,slc_rand_iops=512172,native_seq_mbps=841,native_rand_mbps=547.8,"
        "fold_mbps=396,floor_mbps=118.98,gc_gamma=2.37,link_mbps=7000,iops_cap=2000000,"
        "noise=0.05,noise_direct=0.08,seed=220247611,slc_gb=146,slc_wa=1,dip_period_s=18.9,"
        "dip_duty=0.19,dip_depth=0.50";
    double gc = NAN;
    struct ssd_analysis_summary r = {.size = sizeof r};
    analyse_in_state(spec, "seq_fill", 0, &gc, &r);
    double want = 33.34 * GIB; /* the model's folding start */
    cr_expect(r.has_cache, "the dynamic cache");
    cr_expect(r.has_folding && fabs(r.folding_start_bytes - want) <= 0.05 * want,
              "folding at %.1f GiB, truth %.1f", r.folding_start_bytes / GIB, want / GIB);
    cr_expect(r.has_gc && fabs(r.gc_start_bytes - gc) <= 0.05 * gc, "used state at %.1f GiB",
              r.gc_start_bytes / GIB);
}

/* A cacheless SATA drive's 2 GiB of clean blocks after a random fill (30
 * samples at 69.8 MB/s), then GC, whose first samples burst to 34-54 MB/s
 * around a level of 17 (seed 11's drive 147, 2 hours): the median of the
 * 7 samples after the split was 34.5, not within a step of the used
 * state's level, and the onset stayed where the segmentation put it, 2.21
 * GiB for 2.00. */
Test(used_onset, gc_bursts_after_the_clean_blocks) {
    onset_in_state(
        "sim:bx200,native_write_lat_us=0,capacity_gb=139,op_pct=13.81,bits=2,slc_type=none,"
        "slc_seq_mbps=462,slc_rand_iops=104972,native_seq_mbps=164,native_rand_mbps=66.6,"
        "fold_mbps=164,floor_mbps=15.91,gc_gamma=1.14,link_mbps=560,iops_cap=100000,"
        "noise=0.00,noise_direct=0.00,seed=285225915,slc_gb=0,dip_duty=0",
        "random_fill", 0);
}

/* A dynamic cache whose fresh run's cache test found none (larger than
 * any cache can be: read as direct writes, the drop after them its
 * folding), after a sequential fill, WSAT (seed 31's drive 18): 17.7 GiB
 * of cache in the first samples, then folding at the reference's folding
 * level, then GC. With the reference read as "no cache", the fast start
 * was taken for clean blocks: "folding from 17.7 GiB missed". */
Test(used_onset, a_reference_that_folded_had_a_dynamic_cache) {
    static const char spec[] =
        "sim:bx200,native_write_lat_us=0,capacity_gb=587,op_pct=10.83,bits=3,slc_type=dynamic,"
        "slc_seq_mbps=4581,slc_rand_iops=736948,native_seq_mbps=2395,native_rand_mbps=1648.4,"
        "fold_mbps=969,floor_mbps=68.02,gc_gamma=1.25,link_mbps=7000,iops_cap=2000000,"
        "noise=0.02,noise_direct=0.00,seed=146799518,slc_gb=78,slc_wa=1,dip_period_s=11.1,"
        "dip_duty=0.19,dip_depth=0.41";
    double gc = NAN;
    struct ssd_analysis_summary r = {.size = sizeof r};
    analyse_in_state(spec, "seq_fill", 2, &gc, &r);
    /* (The model's folding starts at 17.72 GiB, inside the second 5 s
     * sample, 10.4-19.2 GiB: the phase at that sample's end, the cache's
     * end placed inside it.) */
    double want = 17.72 * GIB;
    cr_expect(r.has_cache && fabs(r.cache_bytes - want) <= 0.05 * want, "cache %.2f GiB",
              r.cache_bytes / GIB);
    cr_expect(r.has_folding && r.folding_start_bytes >= want && r.folding_start_bytes <= 19.3 * GIB,
              "folding at %.1f GiB, truth %.1f", r.folding_start_bytes / GIB, want / GIB);
    cr_expect(r.has_gc && fabs(r.gc_start_bytes - gc) <= 0.05 * gc,
              "used state at %.1f GiB, truth %.1f", r.gc_start_bytes / GIB, gc / GIB);
}

/* A dynamic cache's folding at 103 MB/s after a random fill (seed 11's
 * drive 71, the fill), then GC, whose first 4 samples burst to 65, 86,
 * 128 and 81 MB/s before its level of 44: the segmentation and the knee
 * put the onset after the bursts, 6.30 GiB for 6.00. Seed 31's drive 77
 * (2 hours): folding at 45 MB/s, then GC at 23 bursting to 43, 37 and 38
 * in its first 24 samples: 4.63 GiB for 4.00. */
Test(used_onset, gc_bursts_after_the_folding) {
    onset_in_state(
        "sim:bx200,native_write_lat_us=0,capacity_gb=2306,op_pct=26.88,bits=2,slc_type=dynamic,"
        "slc_seq_mbps=457,slc_rand_iops=82518,native_seq_mbps=171,native_rand_mbps=81.2,"
        "fold_mbps=92,floor_mbps=21.60,gc_gamma=1.84,link_mbps=560,iops_cap=100000,noise=0.05,"
        "noise_direct=0.04,seed=461438278,slc_gb=309,slc_wa=1,dip_period_s=9.8,dip_duty=0.12,"
        "dip_depth=0.56",
        "random_fill", 0);
    onset_in_state(
        "sim:bx200,native_write_lat_us=0,capacity_gb=240,op_pct=22.14,bits=3,slc_type=dynamic,"
        "slc_seq_mbps=488,slc_rand_iops=79353,native_seq_mbps=172,native_rand_mbps=108.3,"
        "fold_mbps=98,floor_mbps=26.75,gc_gamma=2.11,link_mbps=560,iops_cap=100000,noise=0.02,"
        "noise_direct=0.08,seed=305806012,slc_gb=17,slc_wa=1,dip_period_s=15.1,dip_duty=0.14,"
        "dip_depth=0.40",
        "random_fill", 1);
}

/* A static cache after a sequential fill, 5 s samples: 2877 MB/s for 11.3
 * s, the drop in the third sample (1856 MB/s), direct writes at 1497 for
 * 95 s, then the used state at 400 (seed 11's drive 28, WSAT, in the
 * used-drive sweep). The fresh reference's cache was larger (12.8 s), and
 * the found one, within 1 % of the model's, was taken to the reference's
 * size because the drop's own sample ran faster than direct writes: that
 * sample is the cache's share and the direct writes' mixed, no sign the
 * cache went on. */
Test(used_onset, the_drops_own_sample_does_not_take_a_cache_to_the_reference_size) {
    size_t n = 1000;
    double hi = 2877e6, lo = 1497e6, dt = 5;
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b), *rb = malloc(n * sizeof *rb);
    cr_assert(t && b && rb);
    for (size_t i = 0; i < n; i++) {
        double t0 = (double)i * dt;
        double fr = t0 + dt <= 12.8 ? 1 : t0 >= 12.8 ? 0 : (12.8 - t0) / dt;
        double f = t0 + dt <= 11.3 ? 1 : t0 >= 11.3 ? 0 : (11.3 - t0) / dt;
        double after = t0 < 106.3 ? lo * exp(0.01 * gauss()) : 400e6 * exp(0.1 * gauss());
        t[i] = t0 + dt;
        rb[i] = dt * (fr * hi + (1 - fr) * lo * exp(0.01 * gauss()));
        b[i] = dt * (f * hi + (1 - f) * after);
    }
    ssd_series *s = NULL, *ref = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    cr_assert_eq(ssd_series_from_arrays(&ref, t, rb, n), 0);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", "1299000000000"), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "written_before_bytes", "2598000000000"), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "seq_fill"), 0);
    cr_assert_eq(ssd_analysis_run(a, s, ref), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary r = {.size = sizeof r};
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    double want = 11.3 * hi;
    cr_assert(r.has_cache);
    cr_expect(fabs(r.cache_bytes / want - 1) < 0.03, "cache %.2f GiB, truth %.2f",
              r.cache_bytes / GIB, want / GIB);
    ssd_analysis_free(a);
    ssd_series_free(s);
    ssd_series_free(ref);
    free(t);
    free(b);
    free(rb);
}

/* n samples of dt s at levels: `k` levels, level i at lv[i] B/s (noise
 * cv[i]) up to sample end[i] (the last to the end). */
static ssd_series *levels_of(size_t n, double dt, size_t k, const double *lv, const size_t *end,
                             const double *cv) {
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b);
    cr_assert(t && b);
    for (size_t i = 0, j = 0; i < n; i++) {
        while (j + 1 < k && i >= end[j])
            j++;
        t[i] = (double)(i + 1) * dt;
        b[i] = dt * lv[j] * exp(cv[j] * gauss());
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    free(t);
    free(b);
    return s;
}

/* Analyses s after a sequential fill of a drive of `capacity` bytes
 * with ref as its fresh reference, and expects a cache up to fold (within
 * 5 %), folding from there (within fold_slack bytes) and the used state
 * from gc (within 5 %). Frees both series. */
static void cache_fold_gc_after_fill(ssd_series *s, ssd_series *ref, const char *capacity,
                                     double fold, double fold_slack, double gc) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    used_drive(a, capacity);
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "seq_fill"), 0);
    cr_assert_eq(ssd_analysis_run(a, s, ref), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary r = {.size = sizeof r};
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    cr_expect(r.has_cache && fabs(r.cache_bytes - fold) <= 0.05 * fold, "cache %.3g",
              r.cache_bytes);
    cr_expect(r.has_folding && fabs(r.folding_start_bytes - fold) <= fold_slack,
              "folding at %.3g, truth %.3g", r.folding_start_bytes, fold);
    cr_expect(r.has_gc && fabs(r.gc_start_bytes - gc) <= 0.05 * gc,
              "used state at %.3g, truth %.3g", r.gc_start_bytes, gc);
    ssd_analysis_free(a);
    ssd_series_free(s);
    ssd_series_free(ref);
}

/* A dynamic cache whose fresh run (the reference) folded, in WSAT's 5 s
 * samples: 74 GB of cache at 410 MB/s in 36 samples, 34 samples of direct
 * writes at 140 (shorter than the cache: the cache test measures its drop
 * to the folding after them), folding at 81, GC at 11.6 (seed 13's drive
 * 176). After a fill: 6 GB of cache, 28 samples at the reference's
 * folding level, then GC at 5.4 for 4,000 samples. The reference's
 * post-cache level, its folding's, was taken for its direct level, and
 * the folding after the fill read as direct writes: "folding missed". */
Test(used_onset, a_reference_s_short_direct_writes_set_its_direct_level) {
    const double rlv[] = {410e6, 140e6, 81e6, 11.6e6}, rcv[] = {0.01, 0.01, 0.01, 0.1};
    const size_t rend[] = {36, 70, 520};
    ssd_series *ref = levels_of(4320, 5, 4, rlv, rend, rcv);
    const double lv[] = {410e6, 81e6, 5.4e6}, cv[] = {0.01, 0.01, 0.15};
    const size_t end[] = {3, 31};
    ssd_series *s = levels_of(4000, 5, 3, lv, end, cv);
    double fold = 3 * 5 * 410e6;
    cache_fold_gc_after_fill(s, ref, "229e9", fold, 5 * 410e6, fold + 28 * 5 * 81e6);
}

/* A reference whose cache was too slight to call (2.9 GB/s for 200 s,
 * direct writes at 2.4, folding at 1.0 from 1540 GB, GC at 0.3: fresh, a
 * 1.7 TB drive), then the run after a sequential fill: 6 samples at the
 * reference's first level, 380 of folding at its folding level, then GC
 * at 0.22. The reference's first level was its direct level, so the fast
 * start read as clean blocks at it and the folding as the used state:
 * "cache missed, folding missed" (seed 11's drive 64, 2 hours). */
Test(used_onset, a_reference_s_slight_cache_is_a_cache_after_a_fill) {
    const double rlv[] = {2.9e9, 2.4e9, 1.0e9, 0.3e9}, rcv[] = {0.02, 0.02, 0.02, 0.02};
    const size_t rend[] = {200, 600, 900};
    ssd_series *ref = levels_of(2000, 1, 4, rlv, rend, rcv);
    const double lv[] = {2.9e9, 1.0e9, 0.22e9}, cv[] = {0.02, 0.02, 0.02};
    const size_t end[] = {6, 386};
    ssd_series *s = levels_of(2000, 1, 3, lv, end, cv);
    double fold = 6 * 2.9e9;
    cache_fold_gc_after_fill(s, ref, "1.7e12", fold, 2.9e9, fold + 380 * 1.0e9);
}

/* A dynamic cache's 2 GiB that idle time cleaned after a random fill, in
 * a 2-hour run's 1 s samples: 5 samples at the reference's cache level
 * (382 MB/s), the drop's mixed sample, 38 samples of folding at 115, a
 * sample mixing folding and GC, then GC at 42 MB/s, flat for 9 samples,
 * then with bursts to 2-3x
 * (seed 47's drive 164: a reference whose folding never showed). The
 * split at the folding's level cut the used state's first samples, with
 * the mixed one, into a 3-sample phase; skipped as a drop's transition,
 * the used state began after it, and the knee then took the onset 2,100
 * samples into the flat GC level ("used state at 109.5 GiB, truth 6.0",
 * and GC's start labelled folding). Phases shorter than a level right
 * before the used state, at its level (within a step), are its start. */
Test(used_onset, the_used_state_s_first_samples_cut_off_by_a_split_are_its_start) {
    size_t rn = 7200, n = 7200;
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b);
    cr_assert(t && b);
    for (size_t i = 0; i < rn; i++) {
        t[i] = (double)(i + 1);
        b[i] = (i < 1303 ? 382e6 : 175e6) * exp(0.005 * gauss());
    }
    ssd_series *ref = NULL;
    cr_assert_eq(ssd_series_from_arrays(&ref, t, b, rn), 0);
    for (size_t i = 0; i < n; i++) {
        t[i] = (double)(i + 1);
        if (i < 5)
            b[i] = 382e6;
        else if (i == 5)
            b[i] = 281e6;
        else if (i < 44)
            b[i] = 115e6;
        else if (i == 44)
            b[i] = 107e6;
        else if (i < 54)
            b[i] = 42e6;
        else
            b[i] = 42e6 * (uniform() < 0.5 ? 1 - 0.5 * log(uniform()) : 1);
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    double fold = 5.62 * 382e6, gc = fold + (0.38 + 38 + 0.89) * 115e6;
    free(t);
    free(b);
    cache_fold_gc_after_fill(s, ref, "3065e9", fold, 0.05 * fold, gc);
}

/* A dynamic cache's 2 GiB that idle time cleaned after a random fill, in
 * a fill's 1 s samples: the cache ended inside the first sample (3.1
 * GB/s), two samples of folding at the reference's folding level (1.45
 * GB/s), the sample holding its end (0.99), then GC at 0.9 with bursts
 * to 1.2 (seed 13's drives 48 and 195). A run of three samples was
 * asked of the folding, so it was missed and the used state began after
 * the cache: "used state at 2.9 GiB, before the model's 6.0". At the
 * reference's folding level, the drive's own, two samples are the
 * folding. Three noise draws (two of them fail without the rule; a
 * fourth, where the used state is missed altogether, the phases one
 * level through GC's bursts, is another problem). */
Test(used_onset, two_samples_at_the_reference_s_folding_level_are_the_folding) {
    /* (The reference: a cache at the direct speed, then folding.) */
    const double rlv[] = {5.69e9, 1.45e9}, rcv[] = {0.01, 0.01};
    const size_t rend[] = {300};
    ssd_series *ref = levels_of(2000, 1, 2, rlv, rend, rcv);
    const double burst[] = {1.4, 1.65, 1.9, 2.3};
    for (int draw = 0; draw < 3; draw++) {
        size_t n = 1800;
        double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b);
        cr_assert(t && b);
        for (size_t i = 0; i < n; i++) {
            t[i] = (double)(i + 1);
            if (i == 0)
                b[i] = 3.1e9;
            else if (i < 3)
                b[i] = 1.45e9 * exp(0.02 * gauss());
            else if (i == 3)
                b[i] = 0.99e9;
            else /* GC, its bursts a 4-sample climb every 8 samples */
                b[i] = 0.86e9 * exp(0.05 * gauss()) *
                       (i >= 13 && (i - 13) % 8 < 4 ? burst[(i - 13) % 8] : 1);
        }
        ssd_series *s = NULL;
        cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
        double gc = 3.1e9 + 2 * 1.45e9 + 0.16 * 1.45e9;
        free(t);
        free(b);
        struct ssd_analysis_summary r;
        ssd_analysis *a = analysed_used(s, ref, "1.9e12", &r);
        /* (within 5 %, or the sample that holds it, as the sweep scores) */
        cr_expect(r.has_gc && fabs(r.gc_start_bytes - gc) <= fmax(0.05 * gc, 1.5 * 1.45e9),
                  "draw %d: used state at %.3g, truth %.3g", draw, r.gc_start_bytes, gc);
        ssd_analysis_free(a);
        ssd_series_free(s);
    }
    ssd_series_free(ref);
}

/* After a random fill, a 2-hour run's 1 s samples: 2 GiB of cache at
 * 1.42 GB/s, 48 samples of folding flat at 89 MB/s (the reference's
 * level), then GC at 68 with bursts: its first three samples 71, a burst
 * of 188, and 88 (back at the folding's level for a sample), then 68 with
 * a burst to 1.1-1.5x every 7 samples (seed 13's drive 112). The
 * segmentation and the knee put the onset after the sample at 88: "used
 * state at 6.3 GiB, truth 6.0". Of the samples between the flat run and
 * that onset, 2 of 3 are off its level, the first by a jump: the used
 * state starts where the flat run ends. */
Test(used_onset, a_gc_burst_back_at_the_folding_level_is_the_used_state) {
    const double rlv[] = {1.41e9, 271e6, 89e6, 164e6}, rcv[] = {0.01, 0.01, 0.003, 0.2};
    const size_t rend[] = {31, 1230, 1480};
    ssd_series *ref = levels_of(7200, 1, 4, rlv, rend, rcv);
    size_t n = 7200;
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b), gc = 0;
    cr_assert(t && b);
    for (size_t i = 0; i < n; i++) {
        double r;
        if (i == 0)
            r = 1.42e9;
        else if (i == 1)
            r = 0.77e9;
        else if (i < 50)
            r = 89e6;
        else if (i == 50)
            r = 71e6;
        else if (i == 51)
            r = 188e6;
        else if (i == 52)
            r = 88e6;
        else
            r = 68e6 * ((i - 53) % 7 == 5 ? 1.1 + 0.4 * uniform() : 1);
        t[i] = (double)(i + 1);
        b[i] = r;
        gc += i < 50 ? b[i] : 0;
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    free(t);
    free(b);
    struct ssd_analysis_summary r;
    ssd_analysis *a = analysed_used(s, ref, "398e9", &r);
    /* (within 5 %, or the sample that holds it, as the sweep scores) */
    cr_expect(r.has_gc && fabs(r.gc_start_bytes - gc) <= fmax(0.05 * gc, 1.5 * 89e6),
              "used state at %.3g, truth %.3g", r.gc_start_bytes, gc);
    ssd_analysis_free(a);
    ssd_series_free(s);
    ssd_series_free(ref);
}

/* A fill after a random fill, 1 s samples: a static cache cleaned by idle
 * time (4.78 and 3.92 GB/s), the drop's sample (1.64: direct writes at
 * 2.37, then GC), then GC at 0.70 GB/s bursting from its first samples:
 * 1.15, 1.48, 0.72, 2.11, 1.36, then a fifth of its samples bursting to
 * 1.9-2.6x and some more to 1.2-1.4x (seed 47's drive 119; seed 2026's
 * drive 196 the same after a dynamic cache). The bursts kept the first
 * phase's median a step above GC, and the onset came where they thinned
 * out: "used state at 16.0 GiB, truth 9.4". Below the midpoint of the
 * reference's direct level and GC's, never back at the direct level nor
 * holding a level of its own, the speed is GC's from the first such
 * sample. Four noise draws, three checked. */
Test(used_onset, gc_bursting_from_its_first_samples_starts_at_the_first_slow_one) {
    const double rlv[] = {6.53e9, 4.02e9, 3.25e9}, rcv[] = {0.01, 0.01, 0.01};
    const size_t rend[] = {1, 2};
    ssd_series *ref = levels_of(150, 1, 3, rlv, rend, rcv);
    const double start[] = {4.78e9, 3.92e9, 1.64e9, 1.145e9, 1.476e9, 0.716e9, 2.107e9, 1.358e9};
    double gc = 4.78e9 + 3.92e9 + (1.64e9 - 0.70e9) / (2.37e9 - 0.70e9) * 2.37e9;
    for (int draw = 0; draw < 4; draw++) {
        size_t n = 520;
        double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b);
        cr_assert(t && b);
        for (size_t i = 0; i < n; i++) {
            double u = uniform();
            t[i] = (double)(i + 1);
            b[i] = i < 8      ? start[i]
                   : u < 0.2  ? 0.70e9 * (1.9 + 0.7 * uniform())
                   : u < 0.35 ? 0.70e9 * (1.2 + 0.2 * uniform())
                              : 0.70e9 * exp(0.03 * gauss());
        }
        ssd_series *s = NULL;
        cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
        free(t);
        free(b);
        struct ssd_analysis_summary r;
        ssd_analysis *a = analysed_used(s, ref, "472e9", &r);
        /* (within 5 %, or the sample that holds it, as the sweep scores;
         * the first draw's bursts run on into a phase of their own, 28 GB,
         * which this rule leaves as it was) */
        cr_expect(draw == 0 ||
                      (r.has_gc && fabs(r.gc_start_bytes - gc) <= fmax(0.05 * gc, 1.5 * 1.64e9)),
                  "draw %d: used state at %.3g, truth %.3g", draw, r.gc_start_bytes, gc);
        ssd_analysis_free(a);
        ssd_series_free(s);
    }
    ssd_series_free(ref);
}

/* A static cache too slight for the cache test: fresh (the reference),
 * 357 MB/s for 40 samples, then direct writes at 280 (1.27x lower, short
 * of min_drop: no cache reported) to past the capacity, then GC at 183.
 * After a sequential fill: 41 samples at 357, 250 at 280, then GC at 79.
 * The reference's first level was its direct level, so the run's 280
 * read as a step below direct writes, the used state from 14.6 GB ("used
 * state at 13.6 GiB, truth 79.0", seed 11's drive 161, 2 hours). A fresh
 * drive writes at one level until a cache ends or its clean blocks run
 * out: the reference's step was a slight cache's end, and 280 the direct
 * level. */
Test(used_onset, a_reference_s_one_slight_step_is_its_cache_s_end) {
    const double rlv[] = {357e6, 280e6, 183e6}, rcv[] = {0.01, 0.003, 0.05};
    const size_t rend[] = {40, 1100};
    ssd_series *ref = levels_of(3000, 1, 3, rlv, rend, rcv);
    const double lv[] = {357e6, 280e6, 79e6}, cv[] = {0.01, 0.003, 0.1};
    const size_t end[] = {41, 291};
    ssd_series *s = levels_of(3000, 1, 3, lv, end, cv);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    used_drive(a, "300e9");
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "seq_fill"), 0);
    cr_assert_eq(ssd_analysis_run(a, s, ref), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary r = {.size = sizeof r};
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    double gc = 41 * 357e6 + 250 * 280e6;
    cr_expect(r.has_gc && fabs(r.gc_start_bytes - gc) <= 0.05 * gc,
              "used state at %.3g, truth %.3g", r.gc_start_bytes, gc);
    ssd_analysis_free(a);
    ssd_series_free(s);
    ssd_series_free(ref);
}

/* A used drive's static cache, then the direct writes the idle time
 * cleaned (a sample or two, or 7), then GC, in a fill after a random
 * fill, with the fresh run as reference (the 50-drive sweep's drives 7
 * and 19, seed 2026). The segmentation's first phase ran past the cache
 * into GC's first samples, and the split at the reference's cache size
 * gave all it held after the cache to the direct writes: the onset stayed
 * at that phase's end, 21.5 GiB for 19.3 and 17.9 for 14.9. */
Test(used_onset, direct_writes_after_a_static_cache_end_where_gc_begins) {
    onset_in_state(
        "sim:bx200,native_write_lat_us=0,capacity_gb=839,op_pct=23.09,bits=3,slc_type=static,"
        "slc_seq_mibps=476,slc_rand_iops=76397,native_seq_mibps=243,native_rand_mibps=172.1,"
        "fold_mibps=243,floor_mibps=23.88,gc_gamma=1.83,link_mibps=560,iops_cap=100000,"
        "noise=0.00,noise_direct=0.08,seed=920281235,slc_gb=22.3,slc_wa=1.16,dip_duty=0,tick_s=2",
        "random_fill", 1);
    onset_in_state(
        "sim:bx200,native_write_lat_us=0,capacity_gb=576,op_pct=16.23,bits=2,slc_type=static,"
        "slc_seq_mibps=529,slc_rand_iops=123898,native_seq_mibps=312,native_rand_mibps=278.4,"
        "fold_mibps=312,floor_mibps=46.37,gc_gamma=1.90,link_mibps=560,iops_cap=100000,"
        "noise=0.02,noise_direct=0.12,seed=215317831,slc_gb=13.0,slc_wa=1.01,dip_duty=0,tick_s=2",
        "random_fill", 1);
}

/* A cacheless drive's 2 GiB of clean blocks after a random fill (4
 * samples at 545 MB/s), then a chaotic used state: 11 samples at 140, then
 * 86, bursts to 175 (seed 2026's drive 31, a fill). The 11 samples were
 * skipped as the drop's transition: used state at 3.7 GiB for 2.0. */
Test(used_onset, a_chaotic_used_state_starts_at_the_clean_blocks_end) {
    onset_in_state(
        "sim:bx200,native_write_lat_us=0,capacity_gb=143,op_pct=15.61,bits=2,slc_type=none,"
        "slc_seq_mibps=2125,slc_rand_iops=478734,native_seq_mibps=549,native_rand_mibps=302.3,"
        "fold_mibps=549,floor_mibps=42.66,gc_gamma=1.60,link_mibps=7000,iops_cap=2000000,"
        "noise=0.05,noise_direct=0.08,seed=872098494,slc_gb=0,dip_duty=0,tick_s=2",
        "random_fill", 1);
}

/* A static cache, then a sample of direct writes and GC bursting from 600
 * to 1,170 MB/s: 9 samples at 910 made a short phase of their own, the
 * direct level 2,850 (seed 7's drive 29, a fill after a random fill):
 * used state at 20.6 GiB for 13.4. */
Test(used_onset, short_phases_far_below_direct_after_a_static_cache_are_gc) {
    onset_in_state(
        "sim:bx200,native_write_lat_us=0,capacity_gb=657,op_pct=24.54,bits=2,slc_type=static,"
        "slc_seq_mibps=4718,slc_rand_iops=886644,native_seq_mibps=2738,native_rand_mibps=1663.3,"
        "fold_mibps=2738,floor_mibps=360.72,gc_gamma=1.94,link_mibps=7000,iops_cap=2000000,"
        "noise=0.05,noise_direct=0.04,seed=224452208,slc_gb=15.7,slc_wa=1.38,dip_period_s=24.0,"
        "dip_duty=0.08,dip_depth=0.59,tick_s=2",
        "random_fill", 1);
}

/* A dynamic cache of 14 GiB in WSAT's first two samples (too short for
 * the cache test, fresh or filled), direct writes, then 30 GiB of folding
 * flat at the reference's folding level (505 MB/s), then GC at 310-400
 * (seed 2026's drive 5, WSAT after a sequential fill): with no cache
 * found, the folding was read as the used state, "used state at 32.2 GiB,
 * truth 60.2". */
Test(used_onset, the_reference_s_folding_level_is_folding_with_no_cache_found) {
    double want = NAN;
    struct ssd_analysis_summary r = {.size = sizeof r};
    analyse_in_state(
        "sim:bx200,native_write_lat_us=0,capacity_gb=256,op_pct=25.66,bits=3,slc_type=dynamic,"
        "slc_seq_mibps=3071,slc_rand_iops=667013,native_seq_mibps=1311,native_rand_mibps=1031.8,"
        "fold_mibps=612,floor_mibps=297.96,gc_gamma=1.07,link_mibps=7000,iops_cap=2000000,"
        "noise=0.05,noise_direct=0.00,seed=1016900168,slc_gb=14,slc_wa=1,dip_period_s=14.2,"
        "dip_duty=0.16,dip_depth=0.45,tick_s=2",
        "seq_fill", 2, &want, &r);
    cr_expect(r.has_folding && fabs(r.folding_start_bytes - 30.2 * GIB) <= 0.05 * 30.2 * GIB,
              "folding at %.1f GiB, truth 30.2", r.folding_start_bytes / GIB);
    cr_expect(r.has_gc && fabs(r.gc_start_bytes - want) <= 0.05 * want,
              "used state at %.1f GiB, truth %.1f", r.gc_start_bytes / GIB, want / GIB);
}

/* A small dynamic cache's short folding, then GC faster than it at
 * first, on a drive filled randomly (seed 2026's drive 5 of the 50-drive
 * sweep, its fill: 2 GiB of cache cleaned by idle time in the first 1 s
 * sample, 6 samples flat at 642 MB/s, then GC at 738, 764, 602, 557 and
 * 397). Too short for a folding's flat run (SHORT_LEVEL samples), the
 * folding took GC's first samples until the speed fell below it: used
 * state at 7.7 GiB, the model's at 6.4. The folding's flat level ends
 * where GC begins (short_fold_run_before_gc). */
Test(used_onset, a_short_folding_ends_where_its_flat_level_does) {
    onset_in_state(
        "sim:bx200,native_write_lat_us=0,capacity_gb=256,op_pct=25.66,bits=3,slc_type=dynamic,"
        "slc_seq_mibps=3071,slc_rand_iops=667013,native_seq_mibps=1311,native_rand_mibps=1031.8,"
        "fold_mibps=612,floor_mibps=297.96,gc_gamma=1.07,link_mibps=7000,iops_cap=2000000,"
        "noise=0.05,noise_direct=0.00,seed=1016900168,slc_gb=14,slc_wa=1,dip_period_s=14.2,"
        "dip_duty=0.16,dip_depth=0.45,tick_s=2",
        "random_fill", 1);
}

/* The used state of a fresh run of the sim drive `spec` (fill as
 * run_in_state, in samples of `interval` s), analysed alone: the onset
 * within 5 % of the model's, and the folding from fold_at (within 5 %). */
static void fresh_fold_then_gc(const char *spec, int fill, const char *interval, double fold_at) {
    double want = NAN;
    ssd_series *s = run_in_state_every(spec, "fresh", fill, interval, &want);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary r = {.size = sizeof r};
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    cr_expect(r.has_folding && fabs(r.folding_start_bytes - fold_at) <= 0.05 * fold_at,
              "folding at %.1f GiB, truth %.1f", r.folding_start_bytes / GIB, fold_at / GIB);
    cr_expect(r.has_gc && fabs(r.gc_start_bytes - want) <= 0.05 * want,
              "used state at %.1f GiB, truth %.1f", r.gc_start_bytes / GIB, want / GIB);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

/* Folding flat at 505 MB/s, then GC scattering 312-1,082 MB/s in one
 * phase with it, and a second "folding" phase as GC slid (seed 2026's
 * drive 5 of the 50-drive sweep, fresh 2 hours in 2 s samples): the used
 * state was placed at 669 GiB, the model's at 306. Folding does not come
 * back after GC's scatter (gc_scatter_after_fold_run). */
Test(used_onset, gc_scatter_after_the_folding_s_flat_run_is_the_used_state) {
    fresh_fold_then_gc(
        "sim:bx200,native_write_lat_us=0,capacity_gb=256,op_pct=25.66,bits=3,slc_type=dynamic,"
        "slc_seq_mibps=3071,slc_rand_iops=667013,native_seq_mibps=1311,native_rand_mibps=1031.8,"
        "fold_mibps=612,floor_mibps=297.96,gc_gamma=1.07,link_mibps=7000,iops_cap=2000000,"
        "noise=0.05,noise_direct=0.00,seed=1016900168,slc_gb=14,slc_wa=1,dip_period_s=14.2,"
        "dip_duty=0.16,dip_depth=0.45,tick_s=2",
        0, "2", 268.7 * GIB);
}

/* A 1.39x folding step of 25 samples at the direct writes' end, then GC's
 * scatter (seed 2026's drive 48 of the 50-drive sweep, an 860 GB drive's
 * fresh WSAT in 4 s samples: direct writes at 1,618 MB/s to 884 GiB,
 * folding at 1,163 to 984, GC scattering 380-1,680): one direct phase to
 * 984 GiB, GC's scatter read as folding, the used state at 1,343 GiB
 * (fold_at_direct_end). */
Test(used_onset, a_quiet_step_before_gc_s_scatter_is_the_folding) {
    fresh_fold_then_gc(
        "sim:bx200,native_write_lat_us=0,capacity_gb=860,op_pct=19.01,bits=2,slc_type=dynamic,"
        "slc_seq_mibps=6262,slc_rand_iops=1214573,native_seq_mibps=1951,native_rand_mibps=1572.8,"
        "fold_mibps=1365,floor_mibps=377.09,gc_gamma=0.82,link_mibps=7000,iops_cap=2000000,"
        "noise=0.02,noise_direct=0.04,seed=708507585,slc_gb=60,slc_wa=1,dip_period_s=13.8,"
        "dip_duty=0.14,dip_depth=0.53,tick_s=2",
        2, "4", 883.9 * GIB);
}

/* A cache too slight for the cache test, its folding, then GC, after a
 * fill and 15 minutes of idle (the audit's sim:mp44l-1tb, 1 TB): 301
 * MiB/s to 27.5 GiB, 255-261 (1.16-1.18x below) to 80-88 GiB, then GC at
 * 60, flat, in 1 s samples. All of the first 84 GiB can be clean blocks
 * (the bound after a fill is the raw flash less the valid data), and a
 * used state after a fill starts with a steep drop or a slide, never with
 * a quiet level a gentle step below the one before: the onset is the
 * drop, the level before it no used state, and the used state does not
 * slide. Before: "used state from 27.4 GiB: 266.0 MiB/s just after the
 * onset, falling to 60.0 MiB/s", 67 % early. */
Test(used_onset, a_gentle_quiet_level_before_a_steep_drop_after_a_fill_is_no_used_state) {
    const double mib = 1048576;
    const char *pre[] = {"seq_fill", "random_fill"};
    for (int k = 0; k < 8; k++) {
        size_t fast_s = 85 + 5 * (size_t)(k % 4), mid_s = k % 2 ? 330 : 300;
        const double lv[] = {301 * mib, (k % 4 < 2 ? 261 : 255) * mib, 60 * mib},
                     cv[] = {0.008, 0.016, 0.016};
        const size_t end[] = {fast_s, mid_s};
        ssd_series *s = levels_of(14000, 1, 3, lv, end, cv);
        double onset = (double)fast_s * lv[0] + (double)(mid_s - fast_s) * lv[1];
        ssd_analysis *a = NULL;
        cr_assert_eq(ssd_analysis_create(&a), 0);
        used_drive(a, "1000204886016");
        cr_assert_eq(ssd_analysis_set_option(a, "precondition", pre[k / 4]), 0);
        cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
        struct ssd_analysis_summary r = {.size = sizeof r};
        cr_assert_eq(ssd_analysis_summary(a, &r), 0);
        cr_expect(r.has_gc && fabs(r.gc_start_bytes - onset) <= 0.05 * onset,
                  "%s, %zu s, %zu s: used state at %.2f GiB, truth %.2f", pre[k / 4], fast_s, mid_s,
                  r.gc_start_bytes / GIB, onset / GIB);
        cr_expect_not(r.gc_sliding, "%s, %zu s: the used state slides from %.1f MiB/s", pre[k / 4],
                      fast_s, r.gc_start_level_bps / mib);
        /* (The levels before the drop are clean blocks, not the used
         * state.) */
        for (size_t j = 0; j < ssd_analysis_phase_count(a); j++) {
            struct ssd_phase p = {.size = sizeof p};
            cr_assert_eq(ssd_analysis_phase(a, j, &p), 0);
            if (p.start_bytes < 0.95 * onset)
                cr_expect(p.regime == SSD_REGIME_DIRECT || p.regime == SSD_REGIME_FOLDING ||
                              p.regime == SSD_REGIME_CACHE,
                          "%s, %zu s: phase %zu (%.1f-%.1f GiB) is %s", pre[k / 4], fast_s, j,
                          p.start_bytes / GIB, p.end_bytes / GIB,
                          ssd_analysis_regime_name(p.regime));
        }
        ssd_analysis_free(a);
        ssd_series_free(s);
    }
}

/* A random fill's 2-hour run whose clean blocks (2 GiB the idle time
 * gave back) hold a GC dip: 2 s at 570 MiB/s, 4 s at 259 (the dip, 43 %
 * deep, 4 s of its 26 s period), then GC at 107 with bursts from 2.03
 * GiB (seed 557's drive 52 as the sweep simulates it, its first six
 * samples as logged). Without a reference the first sample min_drop above
 * a quiet level of 4 samples read as a dynamic cache and its folding
 * (first_sample_cache_before_fold): a false cache of 0.79 GiB. A folding
 * lasts longer than a dip can; the used state starts where the clean
 * blocks ran out. */
Test(used_onset, a_dip_inside_the_clean_blocks_is_no_folding) {
    size_t n = 7200;
    const double head[] = {607293440, 512512000, 273862656, 271241216, 272183296, 246571008};
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b), want = 0;
    cr_assert(t && b);
    for (size_t i = 0; i < n; i++) {
        t[i] = (double)(i + 1);
        b[i] = i < 6 ? head[i] : 107e6 * exp(0.03 * gauss()) * (1 - 0.3 * log(uniform()));
        if (i < 6)
            want += b[i];
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    struct ssd_analysis_summary r = {0};
    ssd_analysis *a = analysed_used(s, NULL, "2379472478208", &r);
    cr_expect(!r.has_cache, "no cache: %.2f GiB found", r.cache_bytes / GIB);
    cr_expect(r.has_gc && fabs(r.gc_start_bytes - want) <= 0.05 * want,
              "used state at %.2f GiB, truth %.2f", r.gc_start_bytes / GIB, want / GIB);
    ssd_analysis_free(a);
    ssd_series_free(s);
    free(t);
    free(b);
}
