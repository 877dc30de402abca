#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include <ssdcore.h>

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
