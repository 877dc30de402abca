/* A used run analysed against the log of the fill that preconditioned its
 * drive, of another workload (docs/analysis.md, "The fill's own log as the
 * reference"): its speeds are not the run's, what it showed of the cache
 * (a dynamic one here) is. Curves built here, exact levels. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

/* A series of the samples t, b (taken: freed here) and its metadata. */
static ssd_series *series_of(double *t, double *b, size_t total, const char *meta) {
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, total), 0);
    cr_assert_eq(ssd_series_set_metadata(s, meta), 0);
    free(t);
    free(b);
    return s;
}

/* Levels: n[k] one-second samples at bps[k] each, the metadata meta; the
 * last level scatters by last_ripple (GC's bursts) when that is above the
 * others' small fixed ripple. */
static ssd_series *levels_scattered(const size_t *n, const double *bps, size_t k, const char *meta,
                                    double last_ripple) {
    size_t total = 0;
    for (size_t i = 0; i < k; i++)
        total += n[i];
    double *t = malloc(total * sizeof *t), *b = malloc(total * sizeof *b);
    cr_assert(t && b);
    size_t j = 0;
    for (size_t i = 0; i < k; i++)
        for (size_t m = 0; m < n[i]; m++, j++) {
            t[j] = (double)(j + 1);
            /* (a small fixed ripple: no two samples alike) */
            double r = i + 1 == k && last_ripple > 0.01 ? last_ripple * sin(2.1 * (double)j)
                                                        : 0.01 * sin(0.7 * (double)j);
            b[j] = bps[i] * (1 + r);
        }
    return series_of(t, b, total, meta);
}

static ssd_series *levels(const size_t *n, const double *bps, size_t k, const char *meta) {
    return levels_scattered(n, bps, k, meta, 0);
}

/* The fill: 128K sequential from a purge, a 120 GB cache at 2 GB/s (12 %
 * of the 1 TB drive: a dynamic cache's size), then 600 MB/s. */
static ssd_series *fill_log(const char *pattern) {
    const size_t n[] = {60, 1400};
    const double bps[] = {2e9, 6e8};
    char meta[256];
    snprintf(meta, sizeof meta,
             "{\"capacity_bytes\":1e12,\"written_before_bytes\":0,\"precondition\":\"none\"%s}",
             pattern);
    return levels(n, bps, 2, meta);
}

/* The run: 4K random after that fill (2 TB written), its cache shrunk to
 * 12 GB at 400 MB/s, then 150 MB/s for 90 GB, then GC at 30, scattering
 * 10 % as GC's bursts do (a last level as quiet as the one before it is
 * the folding after direct writes: quiet_after_level). */
static ssd_series *used_run(void) {
    const size_t n[] = {30, 600, 3000};
    const double bps[] = {4e8, 1.5e8, 3e7};
    return levels_scattered(n, bps, 3,
                            "{\"capacity_bytes\":1e12,\"written_before_bytes\":2e12,"
                            "\"precondition\":\"seq_fill\",\"idle_before_s\":900,"
                            "\"pattern\":\"randwrite\",\"block_size\":4096}",
                            0.1);
}

static struct ssd_analysis_summary analysed(ssd_series *run, ssd_series *ref, char **json,
                                            int *phase1) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, run, ref), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary S = {.size = sizeof S};
    cr_assert_eq(ssd_analysis_summary(a, &S), 0);
    struct ssd_phase p = {.size = sizeof p};
    cr_assert(ssd_analysis_phase_count(a) >= 2);
    cr_assert_eq(ssd_analysis_phase(a, 1, &p), 0);
    *phase1 = p.regime;
    cr_assert_eq(ssd_analysis_to_json(a, "run.csv", 0, json), 0);
    ssd_analysis_free(a);
    return S;
}

/* Alone, the run's fast start is no cache; against the fill's log it is
 * a cache within tol of its size, then direct writes. */
static struct ssd_analysis_summary cache_then_direct(ssd_series *run, ssd_series *fill,
                                                     double cache, double tol, char **json) {
    int regime;
    struct ssd_analysis_summary S = analysed(run, NULL, json, &regime);
    cr_expect_not(S.has_cache, "alone: %s", *json);
    ssd_free(*json);
    S = analysed(run, fill, json, &regime);
    cr_expect(S.has_cache, "%s", *json);
    cr_expect(fabs(S.cache_bytes - cache) <= tol * cache, "%g for %g", S.cache_bytes, cache);
    cr_expect_eq(regime, SSD_REGIME_DIRECT, "%s", *json);
    return S;
}

Test(fill_reference, another_workloads_dynamic_cache_makes_the_level_after_it_folding) {
    ssd_series *run = used_run(), *fill = fill_log(",\"pattern\":\"write\",\"block_size\":131072");
    char *json = NULL;
    int regime;
    /* Alone: a cache too small for a dynamic one, then direct writes. */
    struct ssd_analysis_summary S = analysed(run, NULL, &json, &regime);
    cr_assert(S.has_cache && S.has_gc);
    cr_expect_eq(regime, SSD_REGIME_DIRECT, "%s", json);
    cr_expect_not(S.has_folding);
    double cache = S.cache_bytes, onset = S.gc_start_bytes;
    ssd_free(json);
    /* Against the fill's log: the level after the cache is its folding;
     * the cache and the onset stay; no recovery against 128K speeds. */
    S = analysed(run, fill, &json, &regime);
    cr_expect_eq(regime, SSD_REGIME_FOLDING, "%s", json);
    cr_expect(S.has_folding);
    cr_expect_eq(S.cache_bytes, cache);
    cr_expect_eq(S.gc_start_bytes, onset);
    cr_expect_not(S.has_recovery);
    cr_expect(strstr(json, "another workload"), "%s", json);
    ssd_free(json);
    ssd_series_free(fill);
    ssd_series_free(run);
}

Test(fill_reference, a_reference_without_a_workload_is_read_as_the_same_workload) {
    /* No pattern in the fill's metadata: read for its levels, as before
     * (its 2 GB/s cache is no level of this run: the recovery is measured
     * against it, and no note says another workload). */
    ssd_series *run = used_run(), *fill = fill_log("");
    char *json = NULL;
    int regime;
    struct ssd_analysis_summary S = analysed(run, fill, &json, &regime);
    cr_expect(S.has_recovery, "%s", json);
    cr_expect_null(strstr(json, "another workload"), "%s", json);
    ssd_free(json);
    ssd_series_free(fill);
    ssd_series_free(run);
}

/* The analysis of run against ref fails with SSD_EINVAL and a message
 * holding why. */
static void refused(ssd_series *run, ssd_series *ref, const char *why) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_expect_eq(ssd_analysis_run(a, run, ref), SSD_EINVAL);
    cr_expect(strstr(ssd_analysis_errmsg(a), why), "%s", ssd_analysis_errmsg(a));
    ssd_analysis_free(a);
}

Test(fill_reference, what_is_no_reference_is_refused) {
    /* The run itself, another drive's fill (8 TB), a read job's log: each
     * gave a verdict without a word (round 26's audit). */
    ssd_series *run = used_run(), *self = used_run();
    refused(run, run, "it is the run itself");
    refused(run, self, "it is the run itself");
    const size_t n[] = {60, 1400};
    const double bps[] = {2e9, 6e8};
    ssd_series *other = levels(n, bps, 2,
                               "{\"capacity_bytes\":8e12,\"written_before_bytes\":0,"
                               "\"pattern\":\"write\",\"block_size\":131072}");
    refused(run, other, "it is another drive's log");
    ssd_series *read = levels(n, bps, 2,
                              "{\"capacity_bytes\":1e12,\"pattern\":\"read\","
                              "\"block_size\":131072}");
    refused(run, read, "it is a read workload's log");
    /* The same samples with another past are another run (a simulated
     * drive with no cache fills alike fresh and after a fill). */
    const size_t m[] = {30, 600, 3000};
    const double lv[] = {4e8, 1.5e8, 3e7};
    ssd_series *again = levels(m, lv, 3,
                               "{\"capacity_bytes\":1e12,\"written_before_bytes\":0,"
                               "\"precondition\":\"none\",\"pattern\":\"randwrite\","
                               "\"block_size\":4096}");
    char *json = NULL;
    int regime;
    analysed(run, again, &json, &regime);
    ssd_free(json);
    ssd_series_free(again);
    ssd_series_free(read);
    ssd_series_free(other);
    ssd_series_free(self);
    ssd_series_free(run);
}

/* A 128K sequential run after a 4K random fill on a 486 GB drive with a
 * static cache (ssd__static_ref_cache_before_direct): 11 GB of cache at
 * 500 MB/s with a GC dip to 330 for 3 s inside it, then the 1.9 GB idle GC
 * cleaned at 240 for 8 s, too few samples for a level, then GC at 38. The
 * fill's log (4K from a purge): an 11.2 GB static cache at 400 MB/s. */
Test(fill_reference, a_static_cache_then_idle_cleaned_direct_writes_after_a_random_fill) {
    const size_t rn[] = {8, 3, 12, 8, 12000};
    const double rb[] = {5e8, 3.3e8, 5e8, 2.4e8, 3.8e7};
    ssd_series *run = levels(rn, rb, 5,
                             "{\"capacity_bytes\":486e9,\"written_before_bytes\":972e9,"
                             "\"precondition\":\"random_fill\",\"idle_before_s\":900,"
                             "\"pattern\":\"write\",\"block_size\":131072}");
    const size_t fn[] = {28, 2400};
    const double fb[] = {4e8, 1.9e8};
    ssd_series *fill = levels(fn, fb, 2,
                              "{\"capacity_bytes\":486e9,\"written_before_bytes\":0,"
                              "\"precondition\":\"none\",\"pattern\":\"randwrite\","
                              "\"block_size\":4096}");
    /* Alone: one fast start, straight into GC: clean blocks. */
    /* Against the fill's log: the cache (its last step down, past the
     * dip), then the direct writes, then GC. */
    double cache = 20 * 5e8 + 3 * 3.3e8, onset = cache + 8 * 2.4e8;
    char *json = NULL;
    struct ssd_analysis_summary S = cache_then_direct(run, fill, cache, 0.02, &json);
    cr_expect(S.has_gc && fabs(S.gc_start_bytes - onset) <= 0.05 * onset, "%s", json);
    cr_expect_not(S.has_folding, "%s", json);
    ssd_free(json);
    ssd_series_free(fill);
    ssd_series_free(run);
}

/* The run of the test below: n[k] one-second samples at bps[k] each, with
 * a spread of spread[k] in log (a fixed pseudo-random draw, uniform) and,
 * in the direct writes (level 2), a GC dip to half speed every 12
 * samples: the noise and dips of the sweep's drives, under which the
 * segmentation makes the cache and the direct writes one phase. */
static ssd_series *noisy_levels(const size_t *n, const double *bps, const double *spread, size_t k,
                                const char *meta) {
    size_t total = 0;
    for (size_t i = 0; i < k; i++)
        total += n[i];
    double *t = malloc(total * sizeof *t), *b = malloc(total * sizeof *b);
    cr_assert(t && b);
    unsigned long x = 12345;
    size_t j = 0;
    for (size_t i = 0; i < k; i++)
        for (size_t m = 0; m < n[i]; m++, j++) {
            x = (x * 1103515245ul + 12345ul) % 2147483648ul;
            double u = 2 * (double)x / 2147483648.0 - 1;
            t[j] = (double)(j + 1);
            b[j] = bps[i] * exp(spread[i] * u) * (i == 2 && m % 12 == 3 ? 0.5 : 1);
        }
    return series_of(t, b, total, meta);
}

/* A 4K random run after a 128K sequential fill and 15 minutes' idle on a
 * 500 GB drive with a static cache (ssd__seq_static_ref_cache): the idle
 * time flushed the cache, 10.8 GB at 2.4 GB/s (4 samples, its end half
 * way through the fifth), then the spare area the fill left clean at the
 * direct 900 MB/s for 6 s (one GC dip to half speed among them), then GC
 * at 150 MB/s scattering by 1.6x either way. The segmentation makes the
 * cache and the direct writes one phase, which reads as the clean blocks
 * (seed 2026's drive 176, 2 hours, in the used-drive sweep). The fill's
 * log (128K from a purge): an 11 GB static cache at 4 GB/s, then 1.4
 * GB/s. */
Test(fill_reference, a_static_cache_then_the_spare_areas_direct_writes_after_a_sequential_fill) {
    const size_t rn[] = {4, 1, 6, 7000};
    const double rb[] = {2.4e9, 1.65e9, 9e8, 1.5e8}, sp[] = {0.02, 0, 0.04, 0.5};
    ssd_series *run = noisy_levels(rn, rb, sp, 4,
                                   "{\"capacity_bytes\":500e9,\"written_before_bytes\":1e12,"
                                   "\"precondition\":\"seq_fill\",\"idle_before_s\":900,"
                                   "\"pattern\":\"randwrite\",\"block_size\":4096}");
    const size_t fn[] = {2, 1, 350};
    const double fb[] = {4e9, 3.35e9, 1.4e9};
    ssd_series *fill = levels(fn, fb, 3,
                              "{\"capacity_bytes\":500e9,\"written_before_bytes\":0,"
                              "\"precondition\":\"none\",\"pattern\":\"write\","
                              "\"block_size\":131072}");
    /* Alone: one fast start, then GC: clean blocks. */
    /* Against the fill's log: the cache (its end inside the fifth sample),
     * then the direct writes, then GC where they end (within a sample and
     * a half: a phase boundary is a sample boundary). */
    double cache = 4.5 * 2.4e9, onset = 4 * 2.4e9 + 1.65e9 + 5.5 * 9e8;
    char *json = NULL;
    struct ssd_analysis_summary S = cache_then_direct(run, fill, cache, 0.03, &json);
    cr_expect(S.has_gc && fabs(S.gc_start_bytes - onset) <= 1.5 * 9e8, "%s", json);
    cr_expect_not(S.has_folding, "%s", json);
    ssd_free(json);
    ssd_series_free(fill);
    ssd_series_free(run);
}

/* The same after a sequential fill, the cache ended in the run's second
 * sample (ssd__seq_static_first_sample_cache; seed 2026's drive 41, 2
 * hours, in the used-drive sweep): a 270 GB drive's static cache flushed
 * by the idle time, 1.6 GB/s for the first second and 0.14 GB into the
 * next (480 MB/s, the rest of it direct writes), then the spare area at
 * the direct 372 MB/s for 50 s with a GC dip every 12, then GC at 15 MB/s
 * scattering by 1.6x. The clean-room verdict reads the fast start whole
 * as the clean blocks, with no boundary at the cache's end. The fill's
 * log (128K from a purge): a 2.1 GB static cache at 700 MB/s, then 480. */
Test(fill_reference, a_static_cache_ended_in_the_first_samples_after_a_sequential_fill) {
    const size_t rn[] = {1, 1, 50, 7000};
    const double rb[] = {1.6e9, 4.8e8, 3.72e8, 1.5e7}, sp[] = {0, 0, 0.02, 0.5};
    ssd_series *run = noisy_levels(rn, rb, sp, 4,
                                   "{\"capacity_bytes\":270e9,\"written_before_bytes\":540e9,"
                                   "\"precondition\":\"seq_fill\",\"idle_before_s\":900,"
                                   "\"pattern\":\"randwrite\",\"block_size\":4096}");
    const size_t fn[] = {3, 560};
    const double fb[] = {7e8, 4.8e8};
    ssd_series *fill = levels(fn, fb, 2,
                              "{\"capacity_bytes\":270e9,\"written_before_bytes\":0,"
                              "\"precondition\":\"none\",\"pattern\":\"write\","
                              "\"block_size\":131072}");
    /* Against the fill's log: a cache bounded by the first two samples
     * (resolution), the direct writes from the second sample on, GC where
     * they end. */
    double cache = 1.6e9 + (4.8e8 - 3.72e8) / (1.6e9 - 3.72e8) * 1.6e9;
    char *json = NULL;
    int regime;
    struct ssd_analysis_summary S = analysed(run, fill, &json, &regime);
    cr_expect(S.has_cache, "%s", json);
    cr_expect_eq(S.cache_censored, SSD_CENSOR_RESOLUTION, "%s", json);
    cr_expect(S.cache_bytes <= cache && cache <= S.cache_bytes + S.cache_uncertainty_bytes,
              "%g + %g for %g", S.cache_bytes, S.cache_uncertainty_bytes, cache);
    cr_expect_eq(regime, SSD_REGIME_DIRECT, "%s", json);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, run, fill), 0);
    struct ssd_phase p = {.size = sizeof p};
    cr_assert_eq(ssd_analysis_phase(a, 1, &p), 0);
    cr_expect(fabs(p.start_bytes - cache) <= 1.5 * 4.8e8, "phase 1 from %g", p.start_bytes);
    ssd_analysis_free(a);
    cr_expect(S.has_gc && S.gc_start_bytes > 1.5e10 && S.gc_start_bytes < 2.2e10, "%s", json);
    ssd_free(json);
    ssd_series_free(fill);
    ssd_series_free(run);
}

/* A WSAT run (4K random writes, 5 s samples) on a 1 TB drive written
 * twice over sequentially, then idle 15 minutes: n[i] samples at bps[i]
 * each, spread by spread[i] in log (a fixed pseudo-random draw from seed,
 * uniform), as the used-drive sweep logs it. */
static ssd_series *wsat_after_seq_fill(const size_t *n, const double *bps, const double *spread,
                                       size_t k, unsigned long seed) {
    size_t total = 0;
    for (size_t i = 0; i < k; i++)
        total += n[i];
    double *t = malloc(total * sizeof *t), *b = malloc(total * sizeof *b);
    cr_assert(t && b);
    unsigned long x = seed;
    size_t j = 0;
    for (size_t i = 0; i < k; i++)
        for (size_t m = 0; m < n[i]; m++, j++) {
            x = (x * 1103515245ul + 12345ul) % 2147483648ul;
            double u = 2 * (double)x / 2147483648.0 - 1;
            t[j] = 5 * (double)(j + 1);
            b[j] = 5 * bps[i] * exp(spread[i] * u);
        }
    return series_of(t, b, total,
                     "{\"capacity_bytes\":1e12,\"written_before_bytes\":2e12,"
                     "\"precondition\":\"seq_fill\",\"idle_before_s\":900,"
                     "\"pattern\":\"randwrite\",\"block_size\":4096}");
}

/* A 4K random run after a 128K sequential fill and 15 minutes' idle on a
 * 1 TB drive with a static cache (seed 113's drive 51, WSAT, in the
 * used-drive sweep), in WSAT's 5 s samples: the cache flushed whole, 7
 * samples at 366 MB/s, a sample of the drop, then the spare area the fill
 * left clean at the direct 48.2 MB/s with no noise at all for 145
 * samples, a sample of the drop and GC's first burst, then GC at 2.7 MB/s
 * scattering by 1.2x either way. The segmentation gives the direct level
 * both ends, which tilt its fitted line (its noise 0: any tilt counts),
 * and it read as GC sliding from the cache's end. The fill's log (128K
 * from a purge, 1 s samples): a 13.8 GB static cache at 460 MB/s, then
 * 100 MB/s to the end of the drive. */
Test(fill_reference, a_noise_free_direct_level_after_a_static_cache_and_a_sequential_fill) {
    const size_t rn[] = {7, 1, 145, 1, 1, 4160};
    const double rb[] = {3.66e8, 2.0e8, 4.82e7, 3.9e7, 3.4e6, 2.7e6}, sp[] = {0, 0, 0, 0, 0, 0.18};
    ssd_series *run = wsat_after_seq_fill(rn, rb, sp, 6, 12345);
    const size_t fn[] = {30, 9900};
    const double fb[] = {4.6e8, 1e8};
    ssd_series *fill = levels(fn, fb, 2,
                              "{\"capacity_bytes\":1e12,\"written_before_bytes\":0,"
                              "\"precondition\":\"none\",\"pattern\":\"write\","
                              "\"block_size\":131072}");
    /* Against the fill's log: the cache, the direct writes, then GC where
     * they end (within two samples). */
    double cache = 7 * 5 * 3.66e8, onset = cache + 5 * (2.0e8 + 145 * 4.82e7 + 3.9e7);
    char *json = NULL;
    int regime;
    struct ssd_analysis_summary S = analysed(run, fill, &json, &regime);
    cr_expect(S.has_cache && fabs(S.cache_bytes - cache) <= 0.1 * cache, "%g for %g", S.cache_bytes,
              cache);
    cr_expect_eq(regime, SSD_REGIME_DIRECT, "%s", json);
    cr_expect(S.has_gc && fabs(S.gc_start_bytes - onset) <= 2 * 5 * 4.82e7, "%g for %g",
              S.gc_start_bytes, onset);
    cr_expect_not(S.has_folding, "%s", json);
    ssd_free(json);
    ssd_series_free(fill);
    ssd_series_free(run);
}

/* A 4K random run after a 128K sequential fill and 15 minutes' idle, a
 * dynamic cache by the fill's log (seed 131's drive 88, 2 hours, in the
 * used-drive sweep): the cache idle time gave back, 16.6 GB at 410 MB/s
 * with a GC dip to 150-290 MB/s for 2-3 s every 9 s, then its folding
 * and GC within a step of each other, one level to the run's end at 64
 * MB/s scattering by 1.1x. The level outlasts any clean blocks, so the
 * clean-room verdict read the fast start as those; a dynamic cache takes
 * the clean blocks idle time gave back in SLC mode first, so it is the
 * cache, dips and all (ssd__one_level_cache). */
Test(fill_reference,
     a_dynamic_cache_with_gc_dips_then_its_folding_near_gc_after_a_sequential_fill) {
    size_t total = 7200;
    double *t = malloc(total * sizeof *t), *b = malloc(total * sizeof *b);
    cr_assert(t && b);
    unsigned long x = 12345;
    for (size_t j = 0; j < total; j++) {
        x = (x * 1103515245ul + 12345ul) % 2147483648ul;
        double u = 2 * (double)x / 2147483648.0 - 1;
        t[j] = (double)(j + 1);
        if (j < 43) {
            size_t m = j % 9;
            b[j] = m == 7 ? 1.96e8 : m == 8 ? 2.88e8 : 4.1e8;
        } else if (j == 43) {
            b[j] = 2.54e8;
        } else {
            b[j] = 6.4e7 * exp(0.1 * u);
        }
    }
    ssd_series *run = series_of(t, b, total,
                                "{\"capacity_bytes\":1e12,\"written_before_bytes\":2e12,"
                                "\"precondition\":\"seq_fill\",\"idle_before_s\":900,"
                                "\"pattern\":\"randwrite\",\"block_size\":4096}");
    ssd_series *fill = fill_log(",\"pattern\":\"write\",\"block_size\":131072");
    double cache = 0;
    for (size_t j = 0; j < 43; j++)
        cache += j % 9 == 7 ? 1.96e8 : j % 9 == 8 ? 2.88e8 : 4.1e8;
    cache += 0.5 * 2.54e8;
    char *json = NULL;
    int regime;
    struct ssd_analysis_summary S = analysed(run, fill, &json, &regime);
    cr_expect(S.has_cache && fabs(S.cache_bytes - cache) <= 0.05 * cache, "%g for %g: %s",
              S.cache_bytes, cache, json);
    cr_expect(S.has_gc && fabs(S.gc_start_bytes - cache) <= 0.05 * cache, "%s", json);
    ssd_free(json);
    ssd_series_free(fill);
    ssd_series_free(run);
}

/* A run after a 4K random fill and 15 minutes' idle on a drive of
 * `capacity` written twice over: the first samples head[k] (MiB/s, the
 * used-drive sweep's), then ngc samples of GC at gc MiB/s scattering by
 * 1.3x either way (a fixed pseudo-random draw); `workload` is the log's
 * pattern and block size, `reference` (or NULL) the figures
 * ssd_analysis_reference_json recorded, as a job made with a reference
 * writes them into its log. */
static ssd_series *run_after_random_fill(const double *head, size_t k, double gc, size_t ngc,
                                         double capacity, const char *workload,
                                         const char *reference) {
    size_t total = k + ngc;
    double *t = malloc(total * sizeof *t), *b = malloc(total * sizeof *b);
    cr_assert(t && b);
    unsigned long x = 777;
    for (size_t j = 0; j < total; j++) {
        x = (x * 1103515245ul + 12345ul) % 2147483648ul;
        double u = 2 * (double)x / 2147483648.0 - 1;
        t[j] = (double)(j + 1);
        b[j] = (j < k ? head[j] : gc * exp(0.25 * u)) * 1048576.0;
    }
    size_t len = 256 + strlen(workload) + (reference ? strlen(reference) : 0);
    char *meta = malloc(len);
    cr_assert(meta);
    snprintf(meta, len,
             "{\"capacity_bytes\":%.0f,\"written_before_bytes\":%.0f,"
             "\"precondition\":\"random_fill\",\"idle_before_s\":900,%s%s%s}",
             capacity, 2 * capacity, workload, reference ? ",\"reference\":" : "",
             reference ? reference : "");
    ssd_series *s = series_of(t, b, total, meta);
    free(meta);
    return s;
}

/* A 128K sequential run after the random fill. */
static ssd_series *after_random_fill(const double *head, size_t k, double gc, size_t ngc,
                                     double capacity) {
    return run_after_random_fill(head, k, gc, ngc, capacity,
                                 "\"pattern\":\"write\",\"block_size\":131072", NULL);
}

/* The fill's 4K log from a purge: a static cache of `cache` bytes at
 * `level` bytes/s, then the direct writes at `direct` to the drive's end. */
static ssd_series *random_fill_log(double cache, double level, double direct, double capacity) {
    size_t n[3] = {(size_t)(cache / level), 1, 0};
    double f = cache / level - (double)n[0];
    n[2] = (size_t)((capacity - cache) / direct);
    const double bps[] = {level, f * level + (1 - f) * direct, direct};
    char meta[256];
    snprintf(meta, sizeof meta,
             "{\"capacity_bytes\":%.0f,\"written_before_bytes\":0,\"precondition\":\"none\","
             "\"pattern\":\"randwrite\",\"block_size\":4096}",
             capacity);
    return levels(n, bps, 3, meta);
}

/* A 4K run after a random fill whose first samples are head[0..k) (MiB/s),
 * then GC at gc, against the fill's 4K log showing a static cache of
 * fill_cache bytes: the cache must be read within 5 % of cache, direct
 * writes after it (below it when post_below), then the used state. */
struct static_after_random_fill {
    double head[9];
    size_t k;
    double gc, capacity, cache, fill_cache, fill_level, fill_direct;
};

static void expect_static_cache_after_random_fill(const struct static_after_random_fill *c,
                                                  size_t i, bool post_below) {
    ssd_series *run = after_random_fill(c->head, c->k, c->gc, 400, c->capacity);
    ssd_series *fill = random_fill_log(c->fill_cache, c->fill_level, c->fill_direct, c->capacity);
    char *json = NULL;
    int regime;
    struct ssd_analysis_summary S = analysed(run, fill, &json, &regime);
    cr_expect(S.has_cache, "case %zu: %s", i, json);
    cr_expect(fabs(S.cache_bytes - c->cache) <= 0.05 * c->cache, "case %zu: %g for %g", i,
              S.cache_bytes, c->cache);
    cr_expect_eq(regime, SSD_REGIME_DIRECT, "case %zu: %s", i, json);
    if (post_below)
        cr_expect(S.post_cache_bps < S.cache_level_bps, "case %zu: %s", i, json);
    cr_expect(S.has_gc, "case %zu: %s", i, json);
    ssd_free(json);
    ssd_series_free(fill);
    ssd_series_free(run);
}

/* A static cache flushed whole by the idle time after a random fill, then
 * the 2 GiB idle GC cleaned at the direct level, then GC, the cache's end
 * and the direct writes in two mixed samples (ssd__static_ref_cache_
 * before_direct's three-level fit). Two of the used-drive sweep's shapes:
 * seed 101's drive 53, a 13.21 GiB cache at 4.7 GB/s ending 0.9 s into the
 * third sample, the direct writes at 2.3 GB/s to 0.8 s into the fourth
 * (the samples fit as well with a "direct level" above the cache's, which
 * the fit took and the checks then refused); and seed 127's drive 32, an
 * 8.71 GiB cache ending 0.15 s into the third sample, whose direct writes
 * end in that sample too (the cache and the direct writes ended in one
 * sample, which was refused). Each read "no cache" against the fill's log;
 * the cache is its own phase, the mixed sample the direct writes', GC
 * after it. */
Test(fill_reference,
     a_static_cache_then_the_idle_cleaned_blocks_in_mixed_samples_after_a_random_fill) {
    const struct static_after_random_fill cases[] = {
        {{4682, 4576, 4528, 1934}, 4, 600, 391e9, 13.21 * 1073741824.0, 14.22e9, 2.845e9, 1.016e9},
        {{4136, 4184, 2616, 0}, 3, 350, 314e9, 8.71 * 1073741824.0, 9.42e9, 2.80e9, 1.93e9},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        expect_static_cache_after_random_fill(&cases[i], i, true);
}

/* A 128K fill after a random fill whose fast start (4.8 GB/s for four
 * samples, then GC at 0.45) was a static cache the idle time left 19.2
 * GiB of, against the fill's 4K log flat at 2.87 GB/s from start to end:
 * at 4K QD32 the SLC and the native writes ran at one speed, the host's,
 * so the log showed no cache (seed 139's drive 183). The fast start stays
 * clean blocks, as the cacheless drives' read the same, but the question
 * stays open (undecided, the fresh run decides), as it is with no
 * reference: a 4K log's one speed rules out no cache of larger blocks. */
Test(fill_reference, a_small_block_logs_one_speed_leaves_a_fast_start_undecided) {
    const double head[] = {4813, 4802, 4784, 4843, 885};
    ssd_series *run = after_random_fill(head, 5, 450, 400, 1e12);
    const size_t n[] = {350};
    const double bps[] = {2.87e9};
    ssd_series *fill = levels(n, bps, 1,
                              "{\"capacity_bytes\":1e12,\"written_before_bytes\":0,"
                              "\"precondition\":\"none\",\"pattern\":\"randwrite\","
                              "\"block_size\":4096}");
    char *json = NULL;
    int regime;
    struct ssd_analysis_summary S = analysed(run, fill, &json, &regime);
    cr_expect_not(S.has_cache, "%s", json);
    cr_expect(strstr(json, "\"between\":\"cache_or_clean_blocks\"") &&
                  strstr(json, "\"read_as\":\"clean_blocks\""),
              "%s", json);
    cr_expect(strstr(json, "fresh run of this workload"), "%s", json);
    ssd_free(json);
    ssd_series_free(fill);
    ssd_series_free(run);
}

/* A dynamic cache after a random fill, its folding quiet, then GC bursting
 * back up to the folding's level (seed 47's drive 14 in the used-drive
 * sweep, its 253 samples as logged: 2510 MB/s, the 2 GiB cache
 * inside the first sample, then 1175, 1187, 1194 folding to 5.92 GiB, then
 * GC at 500 bursting to 580-1290). The rules without a reference split the
 * cache, a level and the used state, the level taking GC's first bursts
 * (the used state from 12.8 GiB for the model's 6.0); the fill's 4K log (a
 * 163 GB drive, a 16 GB dynamic cache at 2.8 GB/s, then 1.5 GB/s, then
 * the folding at 690 MB/s) says the level is the folding, which ends where
 * the quiet level does (ssd__dynamic_ref_fold_end). */
Test(fill_reference, a_dynamic_caches_folding_ends_where_its_quiet_level_does_after_a_random_fill) {
    const double head[] = {
        2510, 1175, 1187, 1194, 582, 697,  748,  916,  1288, 614, 967,  1197, 497, 516, 504, 477,
        807,  828,  474,  461,  490, 486,  1104, 1282, 489,  912, 1039, 472,  445, 543, 578, 502,
        502,  687,  779,  755,  647, 606,  726,  475,  596,  927, 887,  581,  711, 802, 534, 559,
        531,  640,  708,  484,  502, 487,  492,  484,  478,  587, 673,  640,  550, 581, 588, 485,
        523,  616,  622,  484,  500, 729,  806,  476,  476,  479, 489,  573,  461, 528, 552, 504,
        469,  824,  926,  580,  586, 450,  493,  742,  878,  502, 497,  442,  451, 499, 648, 717,
        480,  472,  616,  699,  500, 488,  490,  483,  500,  491, 914,  1122, 547, 548, 508, 489,
        492,  521,  592,  706,  608, 462,  484,  528,  661,  618, 476,  502,  534, 523, 479, 483,
        475,  768,  828,  675,  698, 493,  505,  474,  474,  516, 816,  856,  556, 643, 535, 489,
        490,  488,  465,  498,  527, 851,  970,  562,  570,  481, 627,  639,  509, 467, 561, 576,
        476,  584,  607,  637,  642, 670,  752,  498,  451,  511, 532,  495,  474, 473, 465, 503,
        822,  782,  730,  769,  507, 497,  658,  744,  477,  504, 486,  482,  473, 454, 471, 476,
        471,  485,  482,  466,  476, 599,  659,  484,  592,  566, 487,  463,  599, 636, 495, 521,
        506,  520,  506,  476,  501, 513,  462,  473,  478,  500, 538,  573,  474, 576, 545, 486,
        476,  448,  483,  561,  583, 547,  607,  489,  470,  486, 626,  663,  508, 598, 766, 582,
        491,  588,  628,  558,  693, 1252, 1474, 614,  831,  776, 756,  1221, 1443};
    ssd_series *run = after_random_fill(head, sizeof head / sizeof *head, 540, 0, 163e9);
    const size_t fn[] = {6, 88, 17};
    const double fb[] = {2.8e9, 1.5e9, 6.9e8};
    ssd_series *fill = levels(fn, fb, 3,
                              "{\"capacity_bytes\":163e9,\"written_before_bytes\":0,"
                              "\"precondition\":\"none\",\"pattern\":\"randwrite\","
                              "\"block_size\":4096}");
    char *json = NULL;
    int regime;
    struct ssd_analysis_summary S = analysed(run, fill, &json, &regime);
    double onset = (2510 + 1175 + 1187 + 1194) * 1048576.0;
    cr_expect(S.has_cache, "%s", json);
    cr_expect_eq(regime, SSD_REGIME_FOLDING, "%s", json);
    cr_expect(S.has_gc && fabs(S.gc_start_bytes - onset) <= 0.05 * onset, "%g for %g: %s",
              S.gc_start_bytes, onset, json);
    ssd_free(json);
    ssd_series_free(fill);
    ssd_series_free(run);
}

/* A 4K random run after the random fill: the workload of the fill's 4K
 * log, so the log's levels are the run's. */
static ssd_series *random_after_random_fill(const double *head, size_t k, double gc, size_t ngc,
                                            double capacity, const char *reference) {
    return run_after_random_fill(head, k, gc, ngc, capacity,
                                 "\"pattern\":\"randwrite\",\"block_size\":4096", reference);
}

/* The figures ssd_analysis_reference_json records of ref (the caller
 * frees them with ssd_free). */
static char *recorded(ssd_series *ref) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, ref, NULL), 0, "%s", ssd_analysis_errmsg(a));
    char *json = NULL;
    cr_assert_eq(ssd_analysis_reference_json(a, "fill.csv", SSD_JSON_COMPACT, &json), 0);
    ssd_analysis_free(a);
    return json;
}

/* A static cache whose 4K speed is only a step above the direct 4K speed
 * (1.22-1.27x, under min_drop): the fill's 4K log (the run's own workload)
 * finds no cache, one slight step, and its levels read "no cache" with
 * the cache's level as the direct one, so the used run's fast start at
 * that level, then GC, read as clean blocks: "cache missed" (the
 * used-drive sweep's seed 11's drive 161, 2 hours: 13.79 GiB at 354
 * MB/s, 2 GiB of the idle-cleaned blocks at 280, then GC at 81; seed
 * 157's drive 38: 19.27 GiB at 2.88 GB/s straight into GC at 0.7,
 * bursting). After a random fill only the SLC cache writes at the slight
 * step's first level, so the run is read by the kind the log showed
 * (static, its size: ssd__slight_static_ref) and the cache found, its end
 * placed where the fast start steps down. A fast start at the log's
 * direct level (the level after its step) stays clean blocks. */
Test(fill_reference, a_same_workload_logs_slight_static_cache_after_a_random_fill) {
    static const double d161[] = {345, 343, 344, 340, 337, 342, 339, 331, 332, 335, 340, 334, 331,
                                  350, 344, 337, 342, 341, 345, 335, 341, 339, 339, 343, 340, 338,
                                  344, 335, 339, 343, 334, 337, 332, 344, 335, 339, 343, 340, 343,
                                  339, 335, 315, 267, 267, 267, 267, 267, 267, 267, 187, 102, 149};
    static const double d38[] = {2744, 2744, 2744, 2744, 2744, 2744,
                                 2744, 1320, 674,  1711, 735,  862};
    static const double clean[] = {2248, 2248, 2248, 2248, 2248, 2248, 2248, 1320, 674, 1711};
    const struct {
        const double *head;
        size_t k;
        double gc, capacity, cache, fill_cache, fill_level, fill_direct;
    } cases[] = {
        {d161, sizeof d161 / sizeof *d161, 81, 528e9, 13.79 * 1073741824.0, 14.60e9, 354.5e6,
         279.6e6},
        {d38, sizeof d38 / sizeof *d38, 680, 2829e9, 19.27 * 1073741824.0, 80.3e9, 2877e6, 2357e6},
        {clean, sizeof clean / sizeof *clean, 680, 2829e9, 0, 80.3e9, 2877e6, 2357e6},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        ssd_series *fill = random_fill_log(cases[i].fill_cache, cases[i].fill_level,
                                           cases[i].fill_direct, cases[i].capacity);
        char *figures = recorded(fill);
        /* (Given as the reference, then recorded in the run's log and the
         * log analysed alone: the same verdict.) */
        for (int in_log = 0; in_log <= 1; in_log++) {
            ssd_series *run = random_after_random_fill(cases[i].head, cases[i].k, cases[i].gc, 1200,
                                                       cases[i].capacity, in_log ? figures : NULL);
            char *json = NULL;
            int regime;
            struct ssd_analysis_summary S = analysed(run, in_log ? NULL : fill, &json, &regime);
            if (cases[i].cache > 0) {
                cr_expect(S.has_cache, "case %zu (%d): %s", i, in_log, json);
                cr_expect(fabs(S.cache_bytes - cases[i].cache) <= 0.05 * cases[i].cache,
                          "case %zu (%d): %g for %g", i, in_log, S.cache_bytes, cases[i].cache);
            } else {
                cr_expect_not(S.has_cache, "case %zu (%d): %s", i, in_log, json);
            }
            cr_expect(S.has_gc, "case %zu (%d): %s", i, in_log, json);
            ssd_free(json);
            ssd_series_free(run);
        }
        ssd_free(figures);
        ssd_series_free(fill);
    }
}

/* A static cache flushed whole by the idle time after a random fill, its
 * fast start (the cache, then the 2 GiB idle GC cleaned at the direct
 * level, then GC) holding more than the fill log's cache: the cache ends
 * at the log's cache, in the sample holding it, when the run's samples
 * agree (ssd__static_ref_log_end). Three of the used-drive sweep's shapes,
 * their first samples as logged: seed 59's drive 194 (a 6.92 GiB cache
 * whose first two samples a GC dip slowed, 1891, 2070, 2660 MiB/s, then
 * 1160 holding the end, 839 of direct writes, GC at 100: read 6.50 GiB,
 * the level the dips set); 113's drive 59 (3337, then dips to 2597 and
 * 1866, the end in the third sample, 963 and 755 of direct writes: read
 * 4.88 GiB, the fill's log 7.47 for the model's 7.27); and 157's drive 83
 * (three samples at 3744, then 2243 holding the end and most of the direct
 * writes, 821 their last, GC at 330: "no cache"). */
Test(fill_reference, a_static_cache_flushed_whole_ends_at_the_fill_logs_cache_after_a_random_fill) {
    const struct static_after_random_fill cases[] = {
        {{1891, 2070, 2660, 1160, 839, 566},
         6,
         100,
         454e9,
         6.92 * 1073741824.0,
         7.434e9,
         2.698e9,
         0.417e9},
        {{3337, 2597, 1866, 963, 755},
         5,
         92,
         1227e9,
         7.27 * 1073741824.0,
         8.023e9,
         2.069e9,
         0.706e9},
        {{3744, 3744, 3744, 2243, 821, 526, 371, 460, 367},
         9,
         331,
         1141e9,
         11.67 * 1073741824.0,
         12.526e9,
         2.877e9,
         0.776e9},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        expect_static_cache_after_random_fill(&cases[i], i, false);
}

/* GC's first samples settling from near the folding's level are no
 * direct writes (round 31; seed 227's drive 18, WSAT, in the used-drive
 * sweep): a 10.5 GiB dynamic cache at 2085 MB/s in the first 5 s
 * sample, the drop's mixed sample, the folding at exactly 178.6 MB/s for
 * 12 samples, then GC at 154, 160, 148, 130, settling around 124. With
 * the fill's log showing a dynamic cache the folding is read, and the used
 * state after it; seq_direct_before_used moved GC's first samples to the
 * folding while one of them was within a step of its level (160), the
 * onset 2 GiB late: one must come back within half a step. */
Test(fill_reference, gc_settling_from_near_the_folding_level_is_no_direct_writes) {
    const size_t rn[] = {1, 1, 12, 1, 1, 1, 1, 1975};
    const double rb[] = {2.085e9, 3.36e8, 1.786e8, 1.54e8, 1.60e8, 1.48e8, 1.30e8, 1.24e8},
                 sp[] = {0, 0, 0, 0, 0, 0, 0, 0.15};
    ssd_series *run = wsat_after_seq_fill(rn, rb, sp, 8, 4242);
    const size_t fn[] = {25, 900};
    const double fb[] = {2.787e9, 1.07e9};
    ssd_series *fill = levels(fn, fb, 2,
                              "{\"capacity_bytes\":1e12,\"written_before_bytes\":0,"
                              "\"precondition\":\"none\",\"pattern\":\"write\","
                              "\"block_size\":131072}");
    double onset = 5 * (2.085e9 + 3.36e8 + 12 * 1.786e8);
    char *json = NULL;
    int regime;
    struct ssd_analysis_summary S = analysed(run, fill, &json, &regime);
    cr_expect(S.has_gc && fabs(S.gc_start_bytes - onset) <= 5 * 1.786e8,
              "used state %d at %.2f GiB, truth %.2f", S.has_gc, S.gc_start_bytes / 1073741824.0,
              onset / 1073741824.0);
    ssd_free(json);
    ssd_series_free(fill);
    ssd_series_free(run);
}

/* A fresh 4K random fill's log that slows for a stretch and climbs back
 * to its first level (a cluster of GC dips on a drive without a cache)
 * shows no slight step: the drive wrote at one level to its end. Read as
 * a static cache too slight to call (12.2 GiB at 966 MB/s, 18 s at 704,
 * then 959 to the end), it made the 128K run after the fill read its 2 GiB
 * of clean blocks that idle time gave back as that cache: "false cache of
 * 2.01 GiB" (the used-drive sweep's seed 283, drive 91: no SLC cache,
 * 1023 MiB/s for 2 s, then GC at 46). */
Test(fill_reference, a_slow_stretch_the_fill_climbs_back_from_is_no_slight_cache) {
    const size_t n[] = {13, 18, 295};
    const double bps[] = {966 * 1048576.0, 704 * 1048576.0, 959 * 1048576.0};
    ssd_series *fill = levels(n, bps, 3,
                              "{\"capacity_bytes\":323e9,\"written_before_bytes\":0,"
                              "\"precondition\":\"none\",\"pattern\":\"randwrite\","
                              "\"block_size\":4096}");
    static const double head[] = {1023, 1026};
    ssd_series *run = after_random_fill(head, 2, 46, 1200, 323e9);
    char *json = NULL;
    int regime;
    struct ssd_analysis_summary S = analysed(run, fill, &json, &regime);
    cr_expect_not(S.has_cache, "%s", json);
    cr_expect(S.has_gc, "%s", json);
    cr_expect(S.gc_start_bytes < 3 * 1073741824.0, "%s", json);
    ssd_free(json);
    ssd_series_free(run);
    ssd_series_free(fill);
}
