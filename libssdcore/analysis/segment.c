/* segment.c - exact penalised change-in-mean segmentation (PELT, Killick et
 * al. 2012) with an L2 cost from prefix sums: O(n) expected time when the
 * number of changes grows with n, exact in all cases. */
#include <math.h>
#include <stdlib.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include <ssdcore/analysis.h>

#include "segment.h"

/* The least w[j] + penalty (NaNs skipped; INFINITY when none), as four
 * independent running minima: one chain of add and min was latency-bound. */
static double least_plus(const double *w, size_t n, double penalty) {
    size_t j = 0;
#ifdef __SSE2__
    __m128d p = _mm_set1_pd(penalty), m0 = _mm_set1_pd(INFINITY), m1 = m0;
    for (; j + 4 <= n; j += 4) {
        /* minpd(v, m) is v < m ? v : m, NaN v included */
        m0 = _mm_min_pd(_mm_add_pd(_mm_loadu_pd(w + j), p), m0);
        m1 = _mm_min_pd(_mm_add_pd(_mm_loadu_pd(w + j + 2), p), m1);
    }
    double lanes[4];
    _mm_storeu_pd(lanes, m0);
    _mm_storeu_pd(lanes + 2, m1);
    double best = lanes[0];
    for (int k = 1; k < 4; k++)
        best = lanes[k] < best ? lanes[k] : best;
#else
    double best = INFINITY;
#endif
    for (; j < n; j++) {
        double v = w[j] + penalty;
        best = v < best ? v : best;
    }
    return best;
}

int ssd__pelt_l2(const double *y, size_t n, double penalty, size_t min_size, size_t *ends,
                 size_t cap, size_t *count) {
    if (!y || n == 0 || min_size == 0 || !(penalty >= 0) || !ends || !count)
        return SSD_EINVAL;
    double *s1 = malloc((n + 1) * sizeof *s1);
    double *s2 = malloc((n + 1) * sizeof *s2);
    double *f = malloc((n + 1) * sizeof *f);
    size_t *last = malloc((n + 1) * sizeof *last);
    /* The candidates, one array per field in candidate order, so the cost
     * of every candidate at t is one contiguous (vectorised) pass. */
    double *cf = malloc((n + 1) * sizeof *cf), *c1 = malloc((n + 1) * sizeof *c1);
    double *c2 = malloc((n + 1) * sizeof *c2), *ct = malloc((n + 1) * sizeof *ct);
    double *w = malloc((n + 1) * sizeof *w);
    size_t *cand = malloc((n + 1) * sizeof *cand);
    int rc = 0;
    if (!s1 || !s2 || !f || !last || !cf || !c1 || !c2 || !ct || !w || !cand) {
        rc = SSD_ENOMEM;
        goto out;
    }
    /* Centre the data so the prefix sums keep their precision. */
    double mean = 0;
    for (size_t i = 0; i < n; i++)
        mean += y[i];
    mean /= (double)n;
    s1[0] = s2[0] = 0;
    for (size_t i = 0; i < n; i++) {
        double v = y[i] - mean;
        s1[i + 1] = s1[i] + v;
        s2[i + 1] = s2[i] + v * v;
    }
    f[0] = -penalty;
    last[0] = 0;
    size_t ncand = 0;
    /* Candidate tau becomes admissible once t - tau >= min_size; cand[] keeps
     * them in increasing order, the admissible ones first. */
    for (size_t t = 1; t <= n; t++) {
        if (t >= min_size) {
            /* tau = t - min_size joins the candidates now. */
            size_t tau = t - min_size;
            if (tau == 0 || tau >= min_size) {
                cand[ncand] = tau;
                cf[ncand] = f[tau];
                c1[ncand] = s1[tau];
                c2[ncand] = s2[tau];
                ct[ncand++] = (double)tau;
            }
        }
        if (ncand == 0) {
            f[t] = INFINITY;
            last[t] = 0;
            continue;
        }
        /* w[j] = f[tau] + cost(tau, t): what the choice and the pruning
         * below both compare, computed once (it was twice, and the
         * division made this loop most of a two-hour log's analysis). */
        double S1 = s1[t], S2 = s2[t], T = (double)t;
        for (size_t j = 0; j < ncand; j++) {
            double m = S1 - c1[j];
            double c = S2 - c2[j] - m * m / (T - ct[j]);
            w[j] = cf[j] + (c > 0 ? c : 0);
        }
        /* The least v = w + penalty, then its first candidate: the one the
         * element-by-element search with a strict < picked, in two passes
         * without a branch to mispredict. */
        double best = least_plus(w, ncand, penalty);
        size_t arg = 0;
        for (size_t j = 0; j < ncand && best < INFINITY; j++)
            if (w[j] + penalty == best) {
                best = w[j] + penalty; /* the very value, zero's sign too */
                arg = cand[j];
                break;
            }
        f[t] = best;
        last[t] = arg;
        /* Prune: a tau that cannot beat t now never will (K = 0 for L2).
         * Inside a long change-free stretch hardly any goes, so the arrays
         * are moved only from the first that does. */
        size_t keep = 0;
        while (keep < ncand && w[keep] <= best)
            keep++;
        for (size_t j = keep; j < ncand; j++) {
            cand[keep] = cand[j];
            cf[keep] = cf[j];
            c1[keep] = c1[j];
            c2[keep] = c2[j];
            ct[keep] = ct[j];
            keep += w[j] <= best;
        }
        ncand = keep;
    }
    /* Backtrack. */
    size_t k = 0;
    for (size_t t = n; t > 0; t = last[t])
        k++;
    if (k > cap) {
        rc = SSD_ERANGE;
        *count = k;
        goto out;
    }
    size_t i = k;
    for (size_t t = n; t > 0; t = last[t])
        ends[--i] = t;
    *count = k;
out:
    free(s1);
    free(s2);
    free(f);
    free(last);
    free(cf);
    free(c1);
    free(c2);
    free(ct);
    free(w);
    free(cand);
    return rc;
}

SSD_API int ssd_segment_l2(const double *y, size_t n, double penalty, size_t min_size, size_t *ends,
                           size_t cap) {
    size_t count = 0;
    int rc = ssd__pelt_l2(y, n, penalty, min_size, ends, cap, &count);
    return rc ? rc : (int)count;
}
