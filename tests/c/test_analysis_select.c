/* The analysis' medians and quantiles (ssd__median, ssd__quantile: a
 * selection with a block partition) against a full sort, on the shapes
 * rates take: noise, runs of equal values, two levels, sorted, reversed,
 * and sizes around the 64-element blocks. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"
#include "prefault.h"

#define TEST_NOISE_SEED 0x9E3779B97F4A7C15ULL
#include "test_noise.h"

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void fill(double *v, size_t n, int shape) {
    for (size_t i = 0; i < n; i++) {
        double u = (double)(next_u64() >> 11) / 9007199254740992.0;
        switch (shape) {
        case 0:
            v[i] = u;
            break; /* noise */
        case 1:
            v[i] = (double)(next_u64() % 5);
            break; /* few values */
        case 2:
            v[i] = 7.0;
            break; /* all equal */
        case 3:
            v[i] = i < n / 3 ? 400e6 * (1 + u / 50) : 60e6;
            break; /* two levels */
        case 4:
            v[i] = (double)i;
            break; /* sorted */
        case 5:
            v[i] = (double)(n - i);
            break; /* reversed */
        default:
            v[i] = (double)(i < n / 2 ? i : n - i);
            break; /* organ pipe */
        }
    }
}

Test(analysis_select, median_and_quantiles_equal_a_full_sort) {
    static const size_t sizes[] = {1,   2,   3,   12,  63,  64,   65,   127,
                                   128, 129, 130, 200, 257, 1000, 4097, 7200};
    static const double qs[] = {0, 0.01, 0.05, 0.25, 0.5, 0.75, 0.99, 1};
    double *v = malloc(7200 * sizeof *v), *sorted = malloc(7200 * sizeof *v),
           *work = malloc(7200 * sizeof *v);
    cr_assert(v && sorted && work);
    for (int shape = 0; shape < 7; shape++)
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
            for (int rep = 0; rep < 3; rep++) {
                size_t n = sizes[s];
                fill(v, n, shape);
                memcpy(sorted, v, n * sizeof *v);
                qsort(sorted, n, sizeof *v, cmp);
                double want = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
                memcpy(work, v, n * sizeof *v);
                cr_assert_eq(ssd__median(work, n), want, "median, shape %d, n %zu", shape, n);
                for (size_t q = 0; q < sizeof qs / sizeof *qs; q++) {
                    double pos = qs[q] * (double)(n - 1);
                    size_t k = (size_t)pos;
                    double frac = pos - (double)k;
                    double wq = frac == 0 || k + 1 >= n
                                    ? sorted[k]
                                    : sorted[k] + frac * (sorted[k + 1] - sorted[k]);
                    memcpy(work, v, n * sizeof *v);
                    cr_assert_eq(ssd__quantile(work, n, qs[q]), wq, "q %g, shape %d, n %zu", qs[q],
                                 shape, n);
                    qsort(work, n, sizeof *v, cmp); /* the same values, reordered */
                    cr_assert(memcmp(work, sorted, n * sizeof *v) == 0);
                }
            }
    free(v);
    free(sorted);
    free(work);
}

/* Two quantiles from one selection (the consistency window's p1 and p5)
 * equal ssd__quantile's one at a time, for every pair of the list, on
 * every shape and size: the lower one's k-th and neighbour are looked for
 * below the upper one's k-th. */
Test(analysis_select, quantile_pair_equals_two_quantiles) {
    static const size_t sizes[] = {1, 2, 3, 12, 65, 129, 1000, 4097, 7200};
    static const double qs[] = {0, 0.01, 0.05, 0.25, 0.5, 0.75, 0.99, 1};
    double *v = malloc(7200 * sizeof *v), *work = malloc(7200 * sizeof *v);
    cr_assert(v && work);
    for (int shape = 0; shape < 7; shape++)
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
            size_t n = sizes[s];
            fill(v, n, shape);
            for (size_t i = 0; i < sizeof qs / sizeof *qs; i++)
                for (size_t j = i; j < sizeof qs / sizeof *qs; j++) {
                    memcpy(work, v, n * sizeof *v);
                    double lo_want = ssd__quantile(work, n, qs[i]);
                    memcpy(work, v, n * sizeof *v);
                    double hi_want = ssd__quantile(work, n, qs[j]);
                    memcpy(work, v, n * sizeof *v);
                    double lo = -1, hi = ssd__quantile_pair(work, n, qs[i], qs[j], &lo);
                    cr_assert_eq(hi, hi_want, "q %g of %g/%g, shape %d, n %zu", qs[j], qs[i], qs[j],
                                 shape, n);
                    cr_assert_eq(lo, lo_want, "q %g of %g/%g, shape %d, n %zu", qs[i], qs[i], qs[j],
                                 shape, n);
                }
        }
    free(v);
    free(work);
}

/* Prefaulting the arrays (prefault.c) is only a hint: what an array holds,
 * written before or after, at any alignment, is what it holds; NULL and
 * small lengths are no-ops. */
Test(analysis_select, prefault_keeps_an_array_s_contents) {
    size_t n = (3u << 20) / sizeof(double) + 7;
    double *v = malloc(n * sizeof *v);
    cr_assert(v);
    for (size_t i = 0; i < n / 2; i++)
        v[i] = (double)i * 0.5;
    ssd__prefault((char *)v + 3, n * sizeof *v - 3);
    ssd__prefault(NULL, 1u << 30);
    ssd__prefault(v, 100);
    for (size_t i = n / 2; i < n; i++)
        v[i] = (double)i * 0.5;
    for (size_t i = 0; i < n; i++)
        cr_assert_eq(v[i], (double)i * 0.5, "element %zu", i);
    free(v);
}

/* A prepared curve of n samples from start: intervals of 0.5-1.5 s
 * (the first first_dt when that is >= 0) and 1-97 MB each. Returns the
 * last sample's time. */
static double jittered_curve(struct ssd__curve *c, ssd_series **s, double *t, double *b, size_t n,
                             double start, double first_dt) {
    double now = start;
    for (size_t i = 0; i < n; i++) {
        now += i == 0 && first_dt >= 0 ? first_dt : 0.5 + (double)(next_u64() % 1000) / 1000.0;
        t[i] = now;
        b[i] = 1e6 * (double)(1 + next_u64() % 97);
    }
    cr_assert_eq(ssd_series_from_arrays(s, t, b, n), 0);
    memset(c, 0, sizeof *c);
    char err[512];
    cr_assert_eq(ssd__curve_prepare(c, *s, err), 0, "%s", err);
    return now;
}

/* The steady state's cumulative bytes at a time (analysis_steady.c) start
 * from a hint and gallop when it is far: from any hint, near or far,
 * before or after, at sample ends and inside samples, before the first
 * and after the last, on jittered intervals and rates, the answer is the
 * linear scan's. */
Test(analysis_select, bytes_at_from_any_hint_equals_a_scan) {
    enum { N = 3000 };
    static double t[N], b[N];
    ssd_series *s = NULL;
    struct ssd__curve c;
    double now = jittered_curve(&c, &s, t, b, N, 0, -1);
    for (int k = 0; k < 20000; k++) {
        double at;
        switch (k % 4) {
        case 0:
            at = t[next_u64() % N]; /* a sample's end */
            break;
        case 1:
            at = now * (double)(next_u64() % 100001) / 100000.0;
            break;
        case 2:
            at = -1.0 - (double)(next_u64() % 10); /* before the start */
            break;
        default:
            at = now + (double)(next_u64() % 10); /* at or after the end */
            break;
        }
        size_t lo = 0; /* the first sample whose end is >= at, by a scan */
        while (lo < N && c.t[lo] < at)
            lo++;
        double want;
        if (lo >= N) {
            want = c.total;
        } else {
            double t0 = lo ? c.t[lo - 1] : 0, part = (at - t0) / ssd__curve_dt(&c, lo);
            want = c.cum[lo] + c.b[lo] * (part < 0 ? 0 : part);
        }
        size_t hint = (size_t)(next_u64() % (N + 20));
        if (k % 3 == 0) /* near: within a few samples either side */
            hint = lo + 8 > 16 ? lo + (next_u64() % 17) - 8 : lo;
        size_t h = hint;
        cr_assert_eq(ssd__bytes_at(&c, at, &h), want, "t %.17g from hint %zu", at, hint);
        cr_assert_eq(h, lo, "t %.17g from hint %zu", at, hint);
    }
    ssd__curve_release(&c);
    ssd_series_free(s);
}

/* A merged segment's level from its parts' sorted runs (analysis_phases.c)
 * is ssd__median's over the same values, for runs of any lengths (one,
 * many, single elements), with repeated values, and it leaves one sorted
 * run. */
Test(analysis_select, sorted_runs_median_equals_a_selection) {
    enum { N = 700 };
    static double v[N + 8], work[N], tmp[N];
    static unsigned char run[N + 8];
    for (int trial = 0; trial < 400; trial++) {
        size_t a = (size_t)(next_u64() % 8), n = 1 + (size_t)(next_u64() % N);
        size_t b = a + n;
        fill(v + a, n, trial % 7);
        memset(run, 0, sizeof run);
        /* runs of random lengths (1 to 1, 5, 60 or n), each sorted */
        size_t maxlen = trial % 4 == 0 ? 1 : trial % 4 == 1 ? 5 : trial % 4 == 2 ? 60 : n;
        for (size_t s = a; s < b;) {
            size_t len = 1 + (size_t)(next_u64() % maxlen), e = s + len < b ? s + len : b;
            qsort(v + s, e - s, sizeof *v, cmp);
            run[s] = 1;
            s = e;
        }
        memcpy(work, v + a, n * sizeof *v);
        double want = ssd__median(work, n);
        cr_assert_eq(ssd__sorted_runs_median(v, run, tmp, a, b), want, "trial %d, n %zu", trial, n);
        cr_assert_eq(run[a], 1);
        for (size_t i = a + 1; i < b; i++) {
            cr_assert_eq(run[i], 0, "trial %d: mark left at %zu", trial, i);
            cr_assert(v[i - 1] <= v[i], "trial %d: unsorted at %zu", trial, i);
        }
    }
}

/* ssd__diff_median keeps its last range's value: asked again, or for
 * other ranges in any order (same start, same end, nested), it answers
 * what a fresh selection of the differences answers. */
Test(analysis_select, diff_median_kept_equals_a_fresh_selection) {
    enum { N = 2000 };
    static double t[N], b[N], d[N];
    for (size_t i = 0; i < N; i++) {
        t[i] = (double)(i + 1);
        b[i] = 1e6 * (double)(1 + next_u64() % 97) * (i < N / 2 ? 4 : 1);
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, N), 0);
    struct ssd__curve c;
    memset(&c, 0, sizeof c);
    char err[512];
    cr_assert_eq(ssd__curve_prepare(&c, s, err), 0, "%s", err);
    static const size_t ranges[][2] = {{0, N},    {0, N},    {10, N},   {10, N},  {0, N},
                                       {10, 500}, {10, 501}, {11, 501}, {0, 3},   {5, 7},
                                       {5, 7},    {0, 1000}, {1000, N}, {0, 1000}};
    for (size_t r = 0; r < sizeof ranges / sizeof *ranges; r++) {
        size_t a = ranges[r][0], e = ranges[r][1];
        for (size_t i = a + 1; i < e; i++)
            d[i - a - 1] = fabs(c.y[i] - c.y[i - 1]);
        double want = ssd__median(d, e - a - 1);
        cr_assert_eq(ssd__diff_median(&c, a, e), want, "range [%zu, %zu)", a, e);
    }
    ssd__curve_release(&c);
    ssd_series_free(s);
}

/* Each sample's duration, derived from the times (no array kept), on a
 * series that starts late (its clock relative to the run's start) and one
 * that starts at 0: every rate is bytes over it, and they add up to the
 * duration. */
Test(analysis_select, sample_durations_from_the_times) {
    enum { N = 500 };
    static double t[N], b[N];
    for (int late = 0; late < 2; late++) {
        ssd_series *s = NULL;
        struct ssd__curve c;
        jittered_curve(&c, &s, t, b, N, late ? 1e6 : 0, 1.0);
        cr_assert_eq(c.t0 != 0, late, "late %d: t0 %g, t[0] %g", late, c.t0, t[0]);
        double sum = 0;
        for (size_t i = 0; i < N; i++) {
            double dt = ssd__curve_dt(&c, i);
            cr_assert_eq(dt, c.t[i] - (i ? c.t[i - 1] : 0));
            cr_assert_eq(c.r[i], b[i] / dt, "sample %zu", i);
            sum += dt;
        }
        cr_assert_float_eq(sum, c.duration, 1e-9 * c.duration);
        ssd__curve_release(&c);
        ssd_series_free(s);
    }
}

/* A bad time is reported before a bad byte count wherever each lies (all
 * times are checked first), late-starting series included; the first bad
 * one of a kind is the one named. (Series refuse such values when made:
 * they are written into one afterwards, as a caller's bug would.) */
Test(analysis_select, prepare_names_the_first_bad_time_then_bytes) {
    enum { N = 40 };
    static const struct {
        int late, bad_b, bad_t; /* sample indexes, -1: none */
        double bval, tval;
        const char *want;
    } cases[] = {
        {0, 5, 10, -1, 0, "sample 10: t_s"}, /* bytes bad first, time reported */
        {0, 12, 3, -1, 0, "sample 3: t_s"},  /* time bad first */
        {0, 5, -1, NAN, 0, "sample 5: bytes nan"},
        {0, 5, -1, -2, 0, "sample 5: bytes -2"},
        {0, 7, 9, INFINITY, 0, "sample 9: t_s"},
        {0, -1, 3, 0, INFINITY, "sample 3: t_s inf"},
        {0, -1, 0, 0, -1, "sample 0: t_s -1"},
        {1, 7, -1, -1, 0, "sample 7: bytes -1"}, /* a late start: the two passes */
        {1, 2, 30, -1, 0, "sample 30: t_s"},
    };
    static double t[N], b[N];
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        for (size_t i = 0; i < N; i++) {
            t[i] = (cases[k].late ? 1000.0 : 0.0) + (double)(i + 1);
            b[i] = 1e6;
        }
        ssd_series *s = NULL;
        cr_assert_eq(ssd_series_from_arrays(&s, t, b, N), 0);
        /* Series refuse such values when made: written in afterwards, as a
         * caller's stray write would. */
        double *st = (double *)ssd_series_t_s(s), *sb = (double *)ssd_series_bytes(s);
        if (cases[k].bad_b >= 0)
            sb[cases[k].bad_b] = cases[k].bval;
        if (cases[k].bad_t >= 0)
            st[cases[k].bad_t] =
                cases[k].tval != 0 ? cases[k].tval : st[cases[k].bad_t - 1]; /* not after */
        struct ssd__curve c;
        memset(&c, 0, sizeof c);
        char err[512] = "";
        cr_assert_eq(ssd__curve_prepare(&c, s, err), SSD_EINVAL, "case %zu", k);
        cr_assert(strstr(err, cases[k].want) != NULL, "case %zu: '%s', want '%s'", k, err,
                  cases[k].want);
        ssd__curve_release(&c);
        ssd_series_free(s);
    }
}
