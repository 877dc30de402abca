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

#define MB 1e6
#define GIB 1073741824.0

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
    double *t = malloc(n * sizeof *t);
    cr_assert(t);
    for (size_t i = 0; i < n; i++)
        t[i] = dt * (double)(i + 1);
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    free(t);
    ssd_analysis *a = analysed_after_fill(s, NULL, capacity, precondition, r);
    ssd_series_free(s);
    return a;
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
    cr_expect(r.has_cache && fabs(r.cache_bytes / cache - 1) < 0.05, "cache %d %.2f GiB",
              r.has_cache, r.cache_bytes / GIB);
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
    cr_expect(r.has_cache && fabs(r.cache_bytes / cache - 1) < 0.05, "cache %d %.2f GiB",
              r.has_cache, r.cache_bytes / GIB);
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
