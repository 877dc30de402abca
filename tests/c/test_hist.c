#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "hist_batch.h"

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Exact nearest-rank percentile of a sorted array. */
static uint64_t exact_pct(const uint64_t *v, size_t n, double pct) {
    size_t rank = (size_t)ceil(pct / 100.0 * (double)n);
    return v[rank ? rank - 1 : 0];
}

Test(hist, percentiles_within_one_percent_of_exact) {
    enum { N = 200000 };
    uint64_t *v = malloc(N * sizeof *v);
    ssd_hist *h;
    cr_assert_eq(ssd_hist_create(&h), 0);
    srand(7);
    for (size_t i = 0; i < N; i++) {
        /* Log-normal-ish latencies from 2 us to seconds, with a long tail. */
        double x = exp(8.0 + 2.5 * ((double)rand() / RAND_MAX) * ((double)rand() / RAND_MAX) * 4);
        v[i] = (uint64_t)x;
        ssd_hist_record(h, v[i]);
    }
    qsort(v, N, sizeof *v, cmp_u64);
    const double pcts[] = {1, 10, 50, 90, 99, 99.9, 99.99, 99.999};
    for (size_t i = 0; i < sizeof pcts / sizeof pcts[0]; i++) {
        double exact = (double)exact_pct(v, N, pcts[i]);
        double got = (double)ssd_hist_percentile(h, pcts[i]);
        cr_expect(fabs(got - exact) <= 0.01 * exact, "p%g: got %g exact %g", pcts[i], got, exact);
    }
    cr_expect_eq(ssd_hist_min(h), v[0]);
    cr_expect_eq(ssd_hist_max(h), v[N - 1]);
    cr_expect_eq(ssd_hist_count(h), N);
    free(v);
    ssd_hist_free(h);
}

/* The nearest-rank bucket walked up from the bottom (ssd_hist_next_bucket),
 * its midpoint within [min, max]: what ssd_hist_percentile returns, however
 * it searches. */
static uint64_t walked_pct(const ssd_hist *h, double pct) {
    uint64_t rank = (uint64_t)ceil(pct / 100.0 * (double)ssd_hist_count(h)), seen = 0, lo, hi, c;
    if (rank < 1)
        rank = 1;
    for (int i = ssd_hist_next_bucket(h, 0, &lo, &hi, &c); i >= 0;
         i = ssd_hist_next_bucket(h, i + 1, &lo, &hi, &c)) {
        if ((seen += c) >= rank) {
            uint64_t mid = lo + (hi - lo) / 2;
            return mid < ssd_hist_min(h)   ? ssd_hist_min(h)
                   : mid > ssd_hist_max(h) ? ssd_hist_max(h)
                                           : mid;
        }
    }
    return ssd_hist_max(h);
}

Test(hist, every_percentile_is_the_nearest_rank_bucket_from_either_end) {
    ssd_hist *h;
    cr_assert_eq(ssd_hist_create(&h), 0);
    srand(3);
    for (int trial = 0; trial < 300; trial++) {
        ssd_hist_reset(h);
        /* A few values far apart (empty buckets between), some repeated,
         * so that ranks fall on bucket edges. */
        int n = 1 + rand() % 12;
        for (int k = 0; k < n; k++)
            ssd_hist_record_n(h, (uint64_t)exp((double)(rand() % 2000) / 100.0),
                              1 + (uint64_t)(rand() % 3) * (uint64_t)(rand() % 50));
        for (double p = 0.25; p < 100; p += 0.25)
            cr_assert_eq(ssd_hist_percentile(h, p), walked_pct(h, p), "trial %d p%g", trial, p);
    }
    ssd_hist_free(h);
}

/* ssd__hist_record_each is n calls of ssd_hist_record_n, to the bit:
 * the same long double sums (mean, stddev), counts and range. */
Test(hist, recording_many_at_once_is_recording_each) {
    ssd_hist *one, *each;
    cr_assert_eq(ssd_hist_create(&one), 0);
    cr_assert_eq(ssd_hist_create(&each), 0);
    srand(5);
    for (int chunk = 0; chunk < 2000; chunk++) {
        uint64_t val[24], cnt[24];
        int n = rand() % 25;
        for (int k = 0; k < n; k++) {
            /* Large values and counts, so a sum rounded differently shows. */
            val[k] = ((uint64_t)rand() << 20 | (uint64_t)rand()) >> (rand() % 40);
            cnt[k] = rand() % 7 ? (uint64_t)rand() % 100000 + 1 : 0;
            ssd_hist_record_n(one, val[k], cnt[k]);
        }
        ssd__hist_record_each(each, val, cnt, n);
        cr_assert_eq(ssd_hist_count(each), ssd_hist_count(one));
        double m1 = ssd_hist_mean(one), m2 = ssd_hist_mean(each);
        double s1 = ssd_hist_stddev(one), s2 = ssd_hist_stddev(each);
        cr_assert(memcmp(&m1, &m2, sizeof m1) == 0 && memcmp(&s1, &s2, sizeof s1) == 0,
                  "chunk %d: mean %.17g / %.17g, stddev %.17g / %.17g", chunk, m1, m2, s1, s2);
        cr_assert_eq(ssd_hist_min(each), ssd_hist_min(one));
        cr_assert_eq(ssd_hist_max(each), ssd_hist_max(one));
        for (double p = 1; p < 100; p += 7)
            cr_assert_eq(ssd_hist_percentile(each, p), ssd_hist_percentile(one, p));
    }
    ssd_hist_free(one);
    ssd_hist_free(each);
}

/* The same buckets, counts and percentiles, bucket by bucket. */
static void expect_same_hist(const ssd_hist *a, const ssd_hist *b, int trial) {
    uint64_t la, ha, ca, lb, hb, cb;
    int i = ssd_hist_next_bucket(a, 0, &la, &ha, &ca),
        j = ssd_hist_next_bucket(b, 0, &lb, &hb, &cb);
    for (; i >= 0 || j >= 0; i = ssd_hist_next_bucket(a, i + 1, &la, &ha, &ca),
                             j = ssd_hist_next_bucket(b, j + 1, &lb, &hb, &cb)) {
        cr_assert_eq(i, j, "trial %d", trial);
        cr_assert(la == lb && ha == hb && ca == cb, "trial %d bucket %d: %llu / %llu", trial, i,
                  (unsigned long long)ca, (unsigned long long)cb);
    }
    cr_assert_eq(ssd_hist_count(a), ssd_hist_count(b));
    for (double p = 0.5; p < 100; p += 0.5)
        cr_assert_eq(ssd_hist_percentile(a, p), ssd_hist_percentile(b, p), "trial %d p%g", trial,
                     p);
}

static void fill_random(ssd_hist *h, int n) {
    for (int k = 0; k < n; k++)
        ssd_hist_record_n(h, (uint64_t)exp((double)(rand() % 3000) / 100.0),
                          1 + (uint64_t)(rand() % 1000));
}

/* A histogram reset (or merged into after a reset) reads none of the counts
 * it held before: recording and merging into it give what a new one does. */
Test(hist, a_reset_histogram_forgets_its_old_counts) {
    ssd_hist *used, *fresh, *src, *dst_used;
    cr_assert_eq(ssd_hist_create(&used), 0);
    cr_assert_eq(ssd_hist_create(&src), 0);
    cr_assert_eq(ssd_hist_create(&dst_used), 0);
    srand(9);
    for (int trial = 0; trial < 200; trial++) {
        cr_assert_eq(ssd_hist_create(&fresh), 0);
        fill_random(used, 1 + rand() % 40);
        ssd_hist_reset(used);
        ssd_hist_reset(src);
        int n = 1 + rand() % 40;
        unsigned seed = (unsigned)rand();
        srand(seed);
        fill_random(used, n);
        srand(seed);
        fill_random(fresh, n);
        expect_same_hist(used, fresh, trial);
        /* Merged into a reset histogram that held other counts, and into
         * the new one: the same again. */
        fill_random(src, 1 + rand() % 40);
        fill_random(dst_used, 1 + rand() % 40);
        ssd_hist_reset(dst_used);
        ssd_hist_merge(dst_used, used);
        ssd_hist_merge(dst_used, src);
        ssd_hist_merge(fresh, src);
        expect_same_hist(dst_used, fresh, trial);
        ssd_hist_free(fresh);
    }
    ssd_hist_free(used);
    ssd_hist_free(src);
    ssd_hist_free(dst_used);
}

Test(hist, mean_and_stddev_are_exact) {
    ssd_hist *h;
    cr_assert_eq(ssd_hist_create(&h), 0);
    ssd_hist_record(h, 1000);
    ssd_hist_record(h, 3000);
    ssd_hist_record_n(h, 2000, 2);
    cr_expect_float_eq(ssd_hist_mean(h), 2000.0, 1e-9);
    cr_expect_float_eq(ssd_hist_stddev(h), sqrt(500000.0), 1e-6);
    ssd_hist_free(h);
}

Test(hist, merge_equals_recording_into_one) {
    ssd_hist *a, *b, *all;
    cr_assert_eq(ssd_hist_create(&a), 0);
    cr_assert_eq(ssd_hist_create(&b), 0);
    cr_assert_eq(ssd_hist_create(&all), 0);
    for (uint64_t i = 1; i < 100000; i += 7) {
        ssd_hist_record(i % 2 ? a : b, i * 13);
        ssd_hist_record(all, i * 13);
    }
    ssd_hist_merge(a, b);
    cr_expect_eq(ssd_hist_count(a), ssd_hist_count(all));
    for (double p = 0.5; p < 100; p += 3.3)
        cr_expect_eq(ssd_hist_percentile(a, p), ssd_hist_percentile(all, p));
    cr_expect_eq(ssd_hist_min(a), ssd_hist_min(all));
    cr_expect_eq(ssd_hist_max(a), ssd_hist_max(all));
    ssd_hist_free(a);
    ssd_hist_free(b);
    ssd_hist_free(all);
}

Test(hist, extreme_values_are_counted_not_clamped) {
    ssd_hist *h;
    cr_assert_eq(ssd_hist_create(&h), 0);
    ssd_hist_record(h, 0);
    ssd_hist_record(h, UINT64_MAX);
    cr_expect_eq(ssd_hist_count(h), 2);
    cr_expect_eq(ssd_hist_max(h), UINT64_MAX);
    cr_expect_eq(ssd_hist_percentile(h, 100), UINT64_MAX);
    cr_expect_eq(ssd_hist_percentile(h, 50), 0);
    uint64_t lo, hi, n, total = 0;
    for (int i = ssd_hist_next_bucket(h, 0, &lo, &hi, &n); i >= 0;
         i = ssd_hist_next_bucket(h, i + 1, &lo, &hi, &n))
        total += n;
    cr_expect_eq(total, 2);
    ssd_hist_free(h);
}

Test(hist, empty_histogram_reports_zeros) {
    ssd_hist *h;
    cr_assert_eq(ssd_hist_create(&h), 0);
    cr_expect_eq(ssd_hist_percentile(h, 50), 0);
    cr_expect_eq(ssd_hist_min(h), 0);
    cr_expect_float_eq(ssd_hist_mean(h), 0.0, 0);
    ssd_hist_free(NULL);
    ssd_hist_free(h);
}

/* A spread of latencies from ~1 us to ~50 ms with a tail, as a job records. */
static void fill_spread(ssd_hist *h) {
    srand(11);
    for (int i = 0; i < 100000; i++) {
        double u = ((double)rand() + 1) / ((double)RAND_MAX + 2);
        double x = 50000.0 * exp(0.8 * sqrt(-2 * log(u)) * cos(6.283185307 * rand() / RAND_MAX));
        if (i % 300 == 0)
            x *= 25;
        ssd_hist_record(h, (uint64_t)x + 1);
    }
}

Test(hist, export_at_full_resolution_rebuilds_the_same_percentiles) {
    ssd_hist *h, *r;
    cr_assert_eq(ssd_hist_create(&h), 0);
    cr_assert_eq(ssd_hist_create(&r), 0);
    fill_spread(h);
    uint64_t lo, hi, c, total = 0;
    int n = 0;
    for (int i = ssd_hist_next_range(h, 0, 128, &lo, &hi, &c); i >= 0;
         i = ssd_hist_next_range(h, i, 128, &lo, &hi, &c)) {
        cr_assert_eq(ssd_hist_add_bucket(r, lo, hi, c), 0);
        total += c;
        n++;
    }
    /* 128 per octave is the buckets themselves. */
    int m = 0;
    for (int i = ssd_hist_next_bucket(h, 0, &lo, &hi, &c); i >= 0;
         i = ssd_hist_next_bucket(h, i + 1, &lo, &hi, &c))
        m++;
    cr_expect_eq(n, m);
    cr_expect_eq(total, ssd_hist_count(h));
    cr_expect_eq(ssd_hist_count(r), ssd_hist_count(h));
    /* Same buckets: the percentiles agree exactly, except that the original
     * clamps to its exact extremes and the rebuilt one to bucket midpoints. */
    const double pcts[] = {1, 10, 50, 90, 99, 99.9, 99.99};
    for (size_t i = 0; i < sizeof pcts / sizeof pcts[0]; i++) {
        double a = (double)ssd_hist_percentile(h, pcts[i]);
        double b = (double)ssd_hist_percentile(r, pcts[i]);
        cr_expect(fabs(a - b) <= a / 256, "p%g: %g vs %g", pcts[i], a, b);
    }
    cr_expect(fabs(ssd_hist_mean(r) - ssd_hist_mean(h)) <= ssd_hist_mean(h) / 256);
    ssd_hist_free(h);
    ssd_hist_free(r);
}

Test(hist, coarse_export_stays_within_its_stated_error) {
    ssd_hist *h;
    cr_assert_eq(ssd_hist_create(&h), 0);
    fill_spread(h);
    const int res[] = {64, 16, 4, 1, 48 /* rounds down to 32 */};
    for (size_t k = 0; k < sizeof res / sizeof res[0]; k++) {
        int per = res[k] == 48 ? 32 : res[k];
        ssd_hist *r;
        cr_assert_eq(ssd_hist_create(&r), 0);
        uint64_t lo, hi, c, prev_hi = 0;
        int n = 0;
        for (int i = ssd_hist_next_range(h, 0, res[k], &lo, &hi, &c); i >= 0;
             i = ssd_hist_next_range(h, i, res[k], &lo, &hi, &c)) {
            cr_assert(c > 0);
            cr_assert(n == 0 || lo > prev_hi, "ranges must be ordered and disjoint");
            /* A range is at most 1/per of its octave wide. */
            if (lo >= 256)
                cr_expect((double)(hi - lo + 1) <= (double)lo / per + 1e-9, "%d: [%llu, %llu]", per,
                          (unsigned long long)lo, (unsigned long long)hi);
            prev_hi = hi;
            ssd_hist_add_bucket(r, lo, hi, c);
            n++;
        }
        cr_expect_eq(ssd_hist_count(r), ssd_hist_count(h));
        const double pcts[] = {1, 50, 90, 99, 99.9};
        for (size_t i = 0; i < sizeof pcts / sizeof pcts[0]; i++) {
            double a = (double)ssd_hist_percentile(h, pcts[i]);
            double b = (double)ssd_hist_percentile(r, pcts[i]);
            /* Both lie in the same range: apart by at most its width. */
            cr_expect(fabs(a - b) <= a / per, "per %d p%g: %g vs %g", per, pcts[i], a, b);
        }
        ssd_hist_free(r);
    }
    ssd_hist_free(h);
}

Test(hist, add_bucket_checks_its_arguments) {
    ssd_hist *h;
    cr_assert_eq(ssd_hist_create(&h), 0);
    cr_expect_eq(ssd_hist_add_bucket(NULL, 1, 2, 3), SSD_EINVAL);
    cr_expect_eq(ssd_hist_add_bucket(h, 5, 4, 3), SSD_EINVAL);
    cr_expect_eq(ssd_hist_add_bucket(h, 1000, 1007, 0), 0);
    cr_expect_eq(ssd_hist_count(h), 0);
    cr_expect_eq(ssd_hist_add_bucket(h, UINT64_MAX - 7, UINT64_MAX, 2), 0);
    cr_expect_eq(ssd_hist_count(h), 2);
    cr_expect(ssd_hist_max(h) >= UINT64_MAX - 7);
    uint64_t lo, hi, c;
    int next = ssd_hist_next_range(h, 0, 0, &lo, &hi, &c); /* per 0 -> 1: whole octaves */
    cr_expect(next > 0);
    cr_expect_eq(c, 2);
    cr_expect_eq(hi, UINT64_MAX);
    cr_expect_eq(lo, 1ull << 63);
    cr_expect_eq(ssd_hist_next_range(h, next, 1, &lo, &hi, &c), -1);
    ssd_hist_free(h);
}

/* Resets and merges touch only the buckets between min and max: a reused
 * histogram must forget every earlier value, wherever it lay, and a merge
 * must carry buckets at both ends of the source's range. */
Test(hist, reset_forgets_values_outside_the_new_range) {
    ssd_hist *h = NULL, *m = NULL;
    cr_assert_eq(ssd_hist_create(&h), 0);
    cr_assert_eq(ssd_hist_create(&m), 0);
    ssd_hist_record(h, 3);
    ssd_hist_record(h, 1000000000ull);
    ssd_hist_reset(h);
    ssd_hist_record(h, 5000);
    ssd_hist_record(h, 7000);
    cr_assert_eq(ssd_hist_count(h), 2);
    uint64_t lo, hi, n, seen = 0;
    for (int i = ssd_hist_next_bucket(h, 0, &lo, &hi, &n); i >= 0;
         i = ssd_hist_next_bucket(h, i + 1, &lo, &hi, &n)) {
        cr_assert(lo <= 7000 && hi >= 5000, "a forgotten value's bucket [%llu, %llu]",
                  (unsigned long long)lo, (unsigned long long)hi);
        seen += n;
    }
    cr_assert_eq(seen, 2);
    ssd_hist_record(m, 1);
    ssd_hist_merge(m, h);
    ssd_hist_record(h, 1ull << 40);
    ssd_hist_merge(m, h);
    cr_assert_eq(ssd_hist_count(m), 6);
    cr_assert_eq(ssd_hist_percentile(m, 100), 1ull << 40);
    cr_assert_eq(ssd_hist_percentile(m, 1), 1);
    uint64_t p50 = ssd_hist_percentile(m, 50);
    cr_assert(p50 >= 4980 && p50 <= 5020, "p50 %llu", (unsigned long long)p50);
    ssd_hist_free(h);
    ssd_hist_free(m);
}

static uint64_t buckets_seen(const ssd_hist *h, int *nbuckets) {
    uint64_t lo, hi, n, seen = 0;
    *nbuckets = 0;
    for (int i = ssd_hist_next_bucket(h, 0, &lo, &hi, &n); i >= 0;
         i = ssd_hist_next_bucket(h, i + 1, &lo, &hi, &n)) {
        seen += n;
        (*nbuckets)++;
    }
    return seen;
}

static void fill_every_octave(ssd_hist *h) {
    for (uint64_t v = 1; v < (1ull << 62); v += v / 3 + 1)
        ssd_hist_record_n(h, v, 7);
}

/* The buckets outside [min, max] are not zeroed at creation or reset (a
 * replay on sim: creates hundreds of thousands of histograms); a value or
 * a merge that widens the range must zero what it adds, or counts from
 * before a reset, or from the memory's last owner, come back. */
Test(hist, counts_from_before_a_reset_or_a_free_never_come_back) {
    ssd_hist *h = NULL, *m = NULL, *src = NULL;
    int nb;
    cr_assert_eq(ssd_hist_create(&h), 0);
    fill_every_octave(h);
    ssd_hist_reset(h);
    ssd_hist_record(h, 3);
    ssd_hist_record(h, 1ull << 61); /* widens across every earlier bucket */
    cr_assert_eq(buckets_seen(h, &nb), 2);
    cr_assert_eq(nb, 2);
    cr_assert_eq(ssd_hist_percentile(h, 50), 3);

    cr_assert_eq(ssd_hist_create(&m), 0);
    fill_every_octave(m);
    ssd_hist_reset(m);
    cr_assert_eq(ssd_hist_create(&src), 0);
    ssd_hist_record(src, 100);
    ssd_hist_record(src, 1ull << 50);
    ssd_hist_merge(m, src); /* into an empty histogram with old counts */
    ssd_hist_record(src, 1);
    ssd_hist_merge(m, src); /* widens downwards */
    ssd_hist_merge(m, h);   /* and upwards */
    cr_assert_eq(buckets_seen(m, &nb), 2 + 3 + 2);
    cr_assert_eq(nb, 5, "buckets 1, 3, 100, 2^50, 2^61: %d", nb);
    cr_assert_eq(ssd_hist_count(m), 7);

    /* A histogram made in the memory of a freed full one starts empty. */
    ssd_hist_free(h);
    cr_assert_eq(ssd_hist_create(&h), 0);
    cr_assert_eq(buckets_seen(h, &nb), 0);
    ssd_hist_record(h, 5000);
    ssd_hist_record(h, 1ull << 45);
    cr_assert_eq(buckets_seen(h, &nb), 2);
    cr_assert_eq(nb, 2);
    ssd_hist_free(h);
    ssd_hist_free(m);
    ssd_hist_free(src);
}
