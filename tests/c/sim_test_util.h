/* sim_test_util.h - shared by the simulator tests: open a sim target, run a
 * workload through the target ops (as the job loop will) and keep the
 * per-interval series. */
#ifndef SSD_SIM_TEST_UTIL_H
#define SSD_SIM_TEST_UTIL_H

#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "sim_drive.h"

#define GiB 1073741824.0
#define MiB 1048576.0

struct series {
    int n, cap;
    double *t, *wbps, *rbps, *written; /* written: cumulative write bytes at interval end */
    uint64_t *wbytes, *rbytes, *wops, *rops;
    double total_w, total_r;
    ssd_hist *lat[2]; /* whole-run latency */
};

static inline int series_cb(void *ud, double t_s, double elapsed, const struct ssd__interval *iv,
                            ssd_hist *const lat[2]) {
    struct series *s = ud;
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 1024;
        s->t = realloc(s->t, (size_t)s->cap * sizeof *s->t);
        s->wbps = realloc(s->wbps, (size_t)s->cap * sizeof *s->wbps);
        s->rbps = realloc(s->rbps, (size_t)s->cap * sizeof *s->rbps);
        s->written = realloc(s->written, (size_t)s->cap * sizeof *s->written);
        s->wbytes = realloc(s->wbytes, (size_t)s->cap * sizeof *s->wbytes);
        s->rbytes = realloc(s->rbytes, (size_t)s->cap * sizeof *s->rbytes);
        s->wops = realloc(s->wops, (size_t)s->cap * sizeof *s->wops);
        s->rops = realloc(s->rops, (size_t)s->cap * sizeof *s->rops);
    }
    s->total_w += (double)iv->bytes[1];
    s->total_r += (double)iv->bytes[0];
    s->t[s->n] = t_s;
    s->wbps[s->n] = elapsed > 0 ? (double)iv->bytes[1] / elapsed : 0;
    s->rbps[s->n] = elapsed > 0 ? (double)iv->bytes[0] / elapsed : 0;
    s->written[s->n] = s->total_w;
    s->wbytes[s->n] = iv->bytes[1];
    s->rbytes[s->n] = iv->bytes[0];
    s->wops[s->n] = iv->ops[1];
    s->rops[s->n] = iv->ops[0];
    s->n++;
    for (int d = 0; d < 2; d++)
        ssd_hist_merge(s->lat[d], lat[d]);
    return 0;
}

static inline void series_free(struct series *s) {
    free(s->t);
    free(s->wbps);
    free(s->rbps);
    free(s->written);
    free(s->wbytes);
    free(s->rbytes);
    free(s->wops);
    free(s->rops);
    ssd_hist_free(s->lat[0]);
    ssd_hist_free(s->lat[1]);
    memset(s, 0, sizeof *s);
}

static inline ssd_target *open_sim(const char *uri) {
    ssd_target *t;
    cr_assert_eq(ssd_target_create(&t), 0);
    int rc = ssd_target_open(t, uri);
    cr_assert_eq(rc, 0, "%s: %s", uri, ssd_target_errmsg(t));
    return t;
}

static inline struct ssd__workload wl(ssd_target *t, enum ssd__pattern pat, const char *bs,
                                      unsigned qd, double time_s, double interval_s) {
    struct ssd__workload w;
    uint64_t b;
    cr_assert_eq(ssd_parse_size(bs, &b), 0);
    ssd__sim_workload_defaults(&w, pat, ssd_target_size(t));
    w.block_size = (uint32_t)b;
    w.queue_depth = qd;
    w.time_s = time_s;
    w.interval_s = interval_s;
    return w;
}

/* Runs w on t and returns the series (free with series_free). */
static inline struct series run(ssd_target *t, const struct ssd__workload *w) {
    struct series s;
    memset(&s, 0, sizeof s);
    cr_assert_eq(ssd_hist_create(&s.lat[0]), 0);
    cr_assert_eq(ssd_hist_create(&s.lat[1]), 0);
    int rc = ssd__sim_drive(t, w, series_cb, &s);
    cr_assert_eq(rc, 0, "%s", ssd_target_errmsg(t));
    return s;
}

static inline double truth(ssd_target *t, const char *key) {
    double v = NAN;
    int rc = ssd_sim_truth(t, key, &v);
    cr_assert_eq(rc, 0, "truth %s: %s", key, ssd_target_errmsg(t));
    return v;
}

static inline int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Median of v[from..to) (write rates usually). */
static inline double median(const double *v, int from, int to) {
    int n = to - from;
    cr_assert(n > 0);
    double *c = malloc((size_t)n * sizeof *c);
    memcpy(c, v + from, (size_t)n * sizeof *c);
    qsort(c, (size_t)n, sizeof *c, cmp_double);
    double m = n % 2 ? c[n / 2] : 0.5 * (c[n / 2 - 1] + c[n / 2]);
    free(c);
    return m;
}

static inline double mean(const double *v, int from, int to) {
    double sum = 0;
    for (int i = from; i < to; i++)
        sum += v[i];
    return sum / (to - from);
}

/* Index of the first interval, after `from`, whose write rate stays below
 * frac * level for `hold` consecutive intervals (a lasting drop); -1 if none. */
static inline int first_drop(const struct series *s, int from, double level, double frac,
                             int hold) {
    for (int i = from; i + hold <= s->n; i++) {
        int k = 0;
        while (k < hold && s->wbps[i + k] < frac * level)
            k++;
        if (k == hold)
            return i;
    }
    return -1;
}

/* Interval index by cumulative written bytes. */
static inline int index_at_written(const struct series *s, double bytes) {
    for (int i = 0; i < s->n; i++)
        if (s->written[i] >= bytes)
            return i;
    return s->n;
}

/* fmt and its arguments name the case; they follow the figures' arguments
 * (they came first, so a failure printed the figures through the wrong
 * conversions: clang's -Wformat says so). */
#define assert_near(x, want, rel, fmt, ...)                                                        \
    cr_assert(fabs((double)(x) - (double)(want)) <= (rel)*fabs((double)(want)),                    \
              "%s = %g, want %g +- %g %%: " fmt, #x, (double)(x), (double)(want), 100.0 * (rel),   \
              ##__VA_ARGS__)

#endif
