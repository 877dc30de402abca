/* segment.c - exact penalised change-in-mean segmentation (PELT, Killick et
 * al. 2012) with an L2 cost from prefix sums: O(n) expected time when the
 * number of changes grows with n, exact in all cases. */
#include <math.h>
#include <stdlib.h>

#include <ssdcore/analysis.h>

#include "segment.h"

static double seg_cost(const double *s1, const double *s2, size_t a, size_t b) {
    double m = s1[b] - s1[a];
    double c = s2[b] - s2[a] - m * m / (double)(b - a);
    return c > 0 ? c : 0;
}

int ssd__pelt_l2(const double *y, size_t n, double penalty, size_t min_size, size_t *ends,
                 size_t cap, size_t *count) {
    if (!y || n == 0 || min_size == 0 || !(penalty >= 0) || !ends || !count)
        return SSD_EINVAL;
    double *s1 = malloc((n + 1) * sizeof *s1);
    double *s2 = malloc((n + 1) * sizeof *s2);
    double *f = malloc((n + 1) * sizeof *f);
    size_t *last = malloc((n + 1) * sizeof *last);
    size_t *cand = malloc((n + 1) * sizeof *cand);
    int rc = 0;
    if (!s1 || !s2 || !f || !last || !cand) {
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
            if (tau == 0 || tau >= min_size)
                cand[ncand++] = tau;
        }
        if (ncand == 0) {
            f[t] = INFINITY;
            last[t] = 0;
            continue;
        }
        double best = INFINITY;
        size_t arg = 0;
        for (size_t j = 0; j < ncand; j++) {
            size_t tau = cand[j];
            double v = f[tau] + seg_cost(s1, s2, tau, t) + penalty;
            if (v < best) {
                best = v;
                arg = tau;
            }
        }
        f[t] = best;
        last[t] = arg;
        /* Prune: a tau that cannot beat t now never will (K = 0 for L2). */
        size_t keep = 0;
        for (size_t j = 0; j < ncand; j++) {
            size_t tau = cand[j];
            if (f[tau] + seg_cost(s1, s2, tau, t) <= best)
                cand[keep++] = tau;
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
    free(cand);
    return rc;
}

SSD_API int ssd_segment_l2(const double *y, size_t n, double penalty, size_t min_size, size_t *ends,
                           size_t cap) {
    size_t count = 0;
    int rc = ssd__pelt_l2(y, n, penalty, min_size, ends, cap, &count);
    return rc ? rc : (int)count;
}
