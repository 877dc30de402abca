/* analysis_curve.c - turns a series into what the analysis works on: the
 * duration, rate and log-rate of every sample, cumulative bytes, and a
 * robust estimate of the noise. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"
#include "prefault.h"

static void swap_d(double *a, double *b) {
    double t = *a;
    *a = *b;
    *b = t;
}

enum { PARTITION_BLOCK = 64 };

/*
 * Hoare's partition of v[l..m] around the value x (which v[l..m] holds):
 * afterwards v[l..*jo] <= x, v[*io..m] >= x, and anything between equals x.
 * Long ranges go 64 elements a block at a time (Edelkamp and Weiss's
 * BlockQuicksort): each side first notes, without a branch, which of its
 * elements are on the wrong side, then those are swapped in pairs. On noisy
 * rates the element-by-element loop mispredicted about every other
 * comparison, and selection took a third of a two-hour log's analysis.
 */
static void hoare_partition(double *v, long l, long m, double x, long *io, long *jo) {
    long L = l, R = m;
    unsigned char offl[PARTITION_BLOCK], offr[PARTITION_BLOCK];
    int nl = 0, nr = 0, sl = 0, sr = 0;
    while (R - L + 1 > 2 * PARTITION_BLOCK) {
        if (nl == 0) {
            sl = 0;
            for (int i = 0; i < PARTITION_BLOCK; i++) {
                offl[nl] = (unsigned char)i;
                nl += !(v[L + i] < x);
            }
        }
        if (nr == 0) {
            sr = 0;
            for (int i = 0; i < PARTITION_BLOCK; i++) {
                offr[nr] = (unsigned char)i;
                nr += !(x < v[R - i]);
            }
        }
        int n = nl < nr ? nl : nr;
        for (int i = 0; i < n; i++)
            swap_d(&v[L + offl[sl + i]], &v[R - offr[sr + i]]);
        nl -= n;
        nr -= n;
        sl += n;
        sr += n;
        if (nl == 0)
            L += PARTITION_BLOCK;
        if (nr == 0)
            R -= PARTITION_BLOCK;
    }
    /* v[l..L) <= x <= v(R..m]; the rest the classic way, bounded (the
     * element equal to x may have moved out of [L, R]). */
    long i = L, j = R;
    do {
        while (i <= R && v[i] < x)
            i++;
        while (j >= L && x < v[j])
            j--;
        if (i <= j) {
            swap_d(&v[i], &v[j]);
            i++;
            j--;
        }
    } while (i <= j);
    *io = i;
    *jo = j;
}

/* Floyd and Rivest's SELECT: on a long range the pivot is first chosen as
 * the k-th of a sample around k (recursively, in place), so that one
 * partition pass leaves a few thousand elements where Wirth's pivot, v[k]
 * as it lies, left half the range each pass. The loop and its partition
 * are Wirth's (Hoare's): v ends partitioned around the k-th. */
static void select_range(double *v, long l, long m, long k) {
    while (l < m) {
        if (m - l > 600) {
            double n = (double)(m - l + 1), i = (double)(k - l + 1), z = log(n);
            double s = 0.5 * exp(2 * z / 3);
            double sd = 0.5 * sqrt(z * s * (n - s) / n) * (i < n / 2 ? -1 : 1);
            long nl = (long)((double)k - i * s / n + sd),
                 nr = (long)((double)k + (n - i) * s / n + sd);
            select_range(v, nl > l ? nl : l, nr < m ? nr : m, k);
        }
        long i, j;
        hoare_partition(v, l, m, v[k], &i, &j);
        if (j < k)
            l = i;
        if (k < i)
            m = j;
    }
}

/* The k-th smallest of v[0, n); v ends partitioned around it (ssd__median
 * and ssd__quantile read the neighbour from that). */
static double select_kth(double *v, size_t n, size_t k) {
    select_range(v, 0, (long)n - 1, (long)k);
    return v[k];
}

double ssd__median(double *v, size_t n) {
    if (n == 0)
        return NAN;
    double m = select_kth(v, n, n / 2);
    if (n % 2)
        return m;
    /* The lower middle is the largest of the lower half. */
    double lower = v[0];
    for (size_t i = 1; i < n / 2; i++)
        if (v[i] > lower)
            lower = v[i];
    return 0.5 * (m + lower);
}

double ssd__fit_line(const struct ssd__curve *c, size_t a, size_t b, double *icpt) {
    double m = (double)(b - a), sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (size_t i = a; i < b; i++) {
        double x = (double)(i - a);
        sx += x;
        sy += c->y[i];
        sxx += x * x;
        sxy += x * c->y[i];
    }
    double den = m * sxx - sx * sx, slope = den > 0 ? (m * sxy - sx * sy) / den : 0;
    *icpt = (sy - slope * sx) / m;
    return slope;
}

double ssd__level_of(const struct ssd__curve *c, size_t a, size_t b) {
    memcpy(c->scratch, c->y + a, (b - a) * sizeof *c->y);
    return ssd__median(c->scratch, b - a);
}

double ssd__diff_median(const struct ssd__curve *c, size_t a, size_t b) {
    struct ssd__diff_memo *m = c->diff_memo;
    if (m && m->a == a && m->b == b)
        return m->med;
    for (size_t i = a + 1; i < b; i++)
        c->scratch[i - a - 1] = fabs(c->y[i] - c->y[i - 1]);
    double med = ssd__median(c->scratch, b - a - 1);
    if (m) {
        m->a = a;
        m->b = b;
        m->med = med;
    }
    return med;
}

double ssd__curve_noise(const struct ssd__curve *c, size_t a, size_t b) {
    if (b < a + 3)
        return c->sigma;
    double s = 1.4826 * ssd__diff_median(c, a, b) / sqrt(2.0);
    return s > c->sigma ? s : c->sigma;
}

double ssd__quantile(double *v, size_t n, double q) {
    if (n == 0)
        return NAN;
    double pos = q * (double)(n - 1);
    size_t k = (size_t)pos;
    double frac = pos - (double)k;
    double a = select_kth(v, n, k);
    if (frac == 0 || k + 1 >= n)
        return a;
    double b = v[k + 1];
    for (size_t i = k + 2; i < n; i++)
        if (v[i] < b)
            b = v[i];
    return a + frac * (b - a);
}

/* The neighbour above the k-th when v[0, n) is partitioned around it: the
 * least of v(k, n). */
static double next_above(const double *v, size_t k, size_t n) {
    double b = v[k + 1];
    for (size_t i = k + 2; i < n; i++)
        if (v[i] < b)
            b = v[i];
    return b;
}

double ssd__quantile_pair(double *v, size_t n, double qlo, double qhi, double *lo) {
    if (n == 0) {
        *lo = NAN;
        return NAN;
    }
    double phi = qhi * (double)(n - 1), plo = qlo * (double)(n - 1);
    size_t khi = (size_t)phi, klo = (size_t)plo;
    double fhi = phi - (double)khi, flo = plo - (double)klo;
    double a = select_kth(v, n, khi), hi = a;
    if (!(fhi == 0 || khi + 1 >= n))
        hi = a + fhi * (next_above(v, khi, n) - a);
    /* v[0, khi) holds the khi smallest: the lower quantile's k-th and its
     * neighbour are there or at khi. */
    double al = klo < khi ? select_kth(v, khi, klo) : a;
    if (flo == 0 || klo + 1 >= n)
        *lo = al;
    else
        *lo = al + flo * (next_above(v, klo, klo < khi ? khi + 1 : n) - al);
    return hi;
}

void ssd__curve_release(struct ssd__curve *c) {
    free(c->trel);
    free(c->r);
    free(c->y);
    free(c->cum);
    free(c->scratch);
    free(c->ph);
    free(c->diff_memo);
    memset(c, 0, sizeof *c);
}

/* The rates the slow way (see ssd__curve_prepare): the times checked and
 * the start counted first, then the rates against the start found. */
static int two_passes(struct ssd__curve *c, const double *t, int from_zero, const char *src,
                      char *err, size_t *npos_out, double *rmin_out, double *rmax_out) {
    size_t n = c->n;
    double prev = 0;
    size_t below = 0;
    for (size_t i = 0; i < n; i++) {
        if (!(t[i] - prev > 0) || !isfinite(t[i]))
            return ssd__fail(err, SSD_EINVAL, "%s: sample %zu: t_s %g is not after %g", src, i,
                             t[i], prev);
        if (i)
            below += 1.5 * (t[i] - prev) < t[0];
        prev = t[i];
    }
    /* Each t_s ends its interval, and the first interval starts where the
     * run did. A series need not start at t = 0 (a log with an epoch clock,
     * or one whose first rows were cut off): when the first t_s is more than
     * 1.5 typical intervals in, the run started one median interval before
     * it. Nearer 0, the series started at 0 and its first interval is t_s[0]
     * as measured (jittered intervals stay exact). All times of the result
     * are relative to that start. */
    c->t0 = 0;
    if (!from_zero && below > (n - 2) / 2) {
        for (size_t i = 1; i < n; i++)
            c->scratch[i - 1] = t[i] - t[i - 1];
        double med = ssd__median(c->scratch, n - 1);
        c->t0 = t[0] > 1.5 * med ? t[0] - med : 0;
    }
    if (c->t0 != 0) {
        c->trel = malloc(n * sizeof *c->trel);
        if (!c->trel)
            return ssd__fail(err, SSD_ENOMEM, "%s: out of memory for %zu samples", src, n);
        for (size_t i = 0; i < n; i++)
            c->trel[i] = t[i] - c->t0;
        c->t = c->trel;
    } else {
        c->t = t;
    }
    prev = 0;
    c->cum[0] = 0;
    size_t npos = 0;
    double rmin = INFINITY, rmax = 0;
    for (size_t i = 0; i < n; i++) {
        double dt = c->t[i] - prev;
        if (!(dt > 0))
            return ssd__fail(err, SSD_EINVAL,
                             "%s: sample %zu: t_s %g is too close to %g to be told apart", src, i,
                             t[i], i ? t[i - 1] : c->t0);
        if (!(c->b[i] >= 0) || !isfinite(c->b[i]))
            return ssd__fail(err, SSD_EINVAL, "%s: sample %zu: bytes %g is not >= 0", src, i,
                             c->b[i]);
        c->r[i] = c->b[i] / dt;
        c->cum[i + 1] = c->cum[i] + c->b[i];
        npos += c->r[i] > 0;
        rmin = c->r[i] < rmin ? c->r[i] : rmin;
        rmax = c->r[i] > rmax ? c->r[i] : rmax;
        prev = c->t[i];
    }
    *npos_out = npos;
    *rmin_out = rmin;
    *rmax_out = rmax;
    return 0;
}

int ssd__curve_prepare(struct ssd__curve *c, const ssd_series *s, char *err) {
    int rc;
    ssd__curve_release(c);
    const char *src = ssd_series_source(s);
    size_t n = ssd_series_count(s);
    if (n < 3)
        return ssd__fail(err, SSD_ENODATA, "%s: %zu sample%s: the analysis needs at least 3", src,
                         n, n == 1 ? "" : "s");
    c->n = n;
    const double *t = ssd_series_t_s(s);
    c->b = ssd_series_bytes(s);
    c->r = malloc(n * sizeof *c->r);
    c->y = malloc(n * sizeof *c->y);
    c->cum = malloc((n + 1) * sizeof *c->cum);
    c->scratch = malloc(n * sizeof *c->scratch);
    c->diff_memo = malloc(sizeof *c->diff_memo);
    if (!c->r || !c->y || !c->cum || !c->scratch || !c->diff_memo)
        return ssd__fail(err, SSD_ENOMEM, "%s: out of memory for %zu samples", src, n);
    ssd__prefault(c->r, n * sizeof *c->r);
    ssd__prefault(c->y, n * sizeof *c->y);
    ssd__prefault(c->cum, (n + 1) * sizeof *c->cum);
    ssd__prefault(c->scratch, n * sizeof *c->scratch);
    /*
     * Whether t[0] > 1.5 * (the median of the n - 1 intervals) can hold is
     * decided without the median where a count settles it: the median is
     * at least the lower middle interval d, and 1.5 * d rounds
     * monotonically, so when at most (n - 2) / 2 intervals have
     * 1.5 * d < t[0] the lower middle is not among them and the answer is
     * no. A series that starts at 0 (nearly all) is known without storing
     * the intervals or selecting among them.
     */
    const char *fmt = ssd_series_format(s);
    /* Byte-sampled series build their clock from 0 chunk by chunk: a slow
     * first chunk is a long first interval, not a late start. */
    int from_zero = !strcmp(fmt, "bytes-csv") || !strcmp(fmt, "chunks");
    size_t npos = 0;
    double rmin = INFINITY, rmax = 0;
    /* One pass for what nearly every series is (valid, starting at 0): the
     * times checked, the start counted, the rates and cumulative bytes as
     * two_passes computes them when the run starts at 0. A bad
     * value or a late start leaves it to the two passes, which say what is
     * wrong in their order. */
    double prev = 0;
    size_t below = 0, j = 0;
    c->cum[0] = 0;
    for (; j < n; j++) {
        double dt = t[j] - prev;
        /* The first bad time (a bad byte count before it ends the loop). */
        if (!(dt > 0) || !isfinite(t[j]))
            return ssd__fail(err, SSD_EINVAL, "%s: sample %zu: t_s %g is not after %g", src, j,
                             t[j], prev);
        if (!(c->b[j] >= 0) || !isfinite(c->b[j]))
            break; /* reported after every time is checked, as the two passes do */
        below += j && 1.5 * dt < t[0];
        c->r[j] = c->b[j] / dt;
        c->cum[j + 1] = c->cum[j] + c->b[j];
        npos += c->r[j] > 0;
        rmin = c->r[j] < rmin ? c->r[j] : rmin;
        rmax = c->r[j] > rmax ? c->r[j] : rmax;
        prev = t[j];
    }
    c->t0 = 0;
    c->t = t; /* t - 0 is t: the series' own times (it outlives the run) */
    if (j < n || (!from_zero && below > (n - 2) / 2))
        if ((rc = two_passes(c, t, from_zero, src, err, &npos, &rmin, &rmax)))
            return rc;
    if (npos == 0)
        return ssd__fail(err, SSD_ENODATA, "%s: no bytes written in %zu samples", src, n);
    c->duration = c->t[n - 1];
    c->total = c->cum[n];
    /* A stall (rate ~0) would be -inf in log space: floor it far below the
     * typical level, where it still stands out but stays finite. The floor
     * is a thousandth of the median positive rate, at most a thousandth of
     * the largest: when every rate is above that, the floor changes
     * nothing and its median is not needed. */
    if (rmin > rmax * 1e-3) {
        for (size_t i = 0; i < n; i++)
            c->y[i] = log(c->r[i]);
    } else {
        npos = 0;
        for (size_t i = 0; i < n; i++)
            if (c->r[i] > 0)
                c->scratch[npos++] = c->r[i];
        double floor_r = ssd__median(c->scratch, npos) * 1e-3;
        for (size_t i = 0; i < n; i++)
            c->y[i] = log(c->r[i] > floor_r ? c->r[i] : floor_r);
    }
    /* MAD of first differences: level shifts are rare, so they barely move
     * it, while the noise is counted twice (hence the sqrt 2). */
    c->diff_memo->a = c->diff_memo->b = 0; /* nothing kept yet (b >= a + 2) */
    double mad = ssd__diff_median(c, 0, n);
    c->sigma = 1.4826 * mad / sqrt(2.0);
    if (c->sigma < 0.005)
        c->sigma = 0.005;
    return 0;
}

/* How many of the run's leading samples ran at its cache's speed. The
 * fast start is the samples from the first one that run more than three
 * of the run's noise widths above the level after the cache; a cache
 * never resumes after its end, so when they all run at one level every
 * fast sample but the last was cache all through, and the last too when
 * it runs within the others' own noise (three median deviations from
 * their median, a step at most: the cache level's noise, not the run's,
 * which GC's scatter widens), the next sample then at the next level. A
 * last sample below them mixed two levels, and the level after the cache
 * may be a hidden one, direct writes a step below the cache that only
 * the mixed samples show, so the samples before it may have mixed too:
 * they bound nothing (seed 61's drive 199, a fill after a random fill:
 * 3904, 4139, 3622 and 1040 MB/s, then GC at 500; the model's cache
 * 9.39 GiB inside the 3622 sample, then direct writes at 2648 to 11.39).
 * When the samples before it do not agree
 * among themselves within that noise (a GC dip, or direct writes after a
 * cache that ended inside the first sample: seed 47's drive 167, 12.9 GB
 * then 1.5 in 5-second samples, the model's cache 10.92 GiB inside the
 * first), or fewer than three are (two, one of them mixed, agree within
 * their own deviation: 2860 and 2638 MB/s, then direct writes at 2180,
 * the cache 4.93 GB, test_analysis_curve.c's two-sample cache), they
 * bound nothing. A cache holds at least the bytes those samples wrote,
 * cum[the count] (writes at the SLC speed went into SLC): a lower bound
 * for a size taken from a reference or read off a fit. 0 when there is
 * none; at most upto (only so many samples are looked at). (Uses
 * c->scratch.) */
size_t ssd__own_cache_samples(const struct ssd__curve *c, double next_bps, double step,
                              size_t upto) {
    if (!(next_bps > 0) || upto == 0)
        return 0;
    double clear = log(next_bps) + 3 * c->sigma;
    size_t k = 0;
    while (k < c->n && k <= upto && c->y[k] > clear)
        k++;
    if (k < 4)
        return 0;
    /* (The last fast sample looked at, against the m before it: past
     * upto, sample upto.) */
    size_t m = k - 1;
    for (size_t i = 0; i < m; i++)
        c->scratch[i] = c->y[i];
    double med = ssd__median(c->scratch, m);
    for (size_t i = 0; i < m; i++)
        c->scratch[i] = fabs(c->y[i] - med);
    double tol = fmin(3 * 1.4826 * ssd__median(c->scratch, m), step);
    for (size_t i = 0; i < m; i++)
        if (fabs(c->y[i] - med) > tol)
            return 0;
    if (c->y[m] >= med - tol)
        return k > upto ? upto : k;
    return 0;
}
