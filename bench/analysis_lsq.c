/* analysis_lsq.c - is LAPACKE worth it for the analysis' least-squares fits?
 * A phase's trend is a 2-parameter line fit (rate against bytes); this times
 * the closed-form sums the analysis uses against LAPACKE_dgels (QR) on the
 * same data, for one long phase and for a batch of many short phases.
 * Build and run: bash bench/analysis_lsq.sh */
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void closed_form(const double *x, const double *y, size_t n, double *a, double *b) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (size_t i = 0; i < n; i++) {
        sx += x[i];
        sy += y[i];
        sxx += x[i] * x[i];
        sxy += x[i] * y[i];
    }
    double m = (double)n, den = m * sxx - sx * sx;
    *b = (m * sxy - sx * sy) / den;
    *a = (sy - *b * sx) / m;
}

static void with_dgels(const double *x, const double *y, size_t n, double *work, double *a,
                       double *b) {
    /* Column-major n x 2 design matrix [1 x] and right-hand side. */
    double *A = work, *B = work + 2 * n;
    for (size_t i = 0; i < n; i++) {
        A[i] = 1.0;
        A[n + i] = x[i];
        B[i] = y[i];
    }
    LAPACKE_dgels(LAPACK_COL_MAJOR, 'N', (lapack_int)n, 2, 1, A, (lapack_int)n, B, (lapack_int)n);
    *a = B[0];
    *b = B[1];
}

static void run(const char *label, size_t phases, size_t len, int reps) {
    size_t n = phases * len;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    double *work = malloc(3 * len * sizeof *work);
    srand(1);
    for (size_t i = 0; i < n; i++) {
        x[i] = (double)(i % len) * 1e8;
        y[i] = 4e8 - 0.3 * x[i] + 1e7 * ((double)rand() / RAND_MAX - 0.5);
    }
    double a1 = 0, b1 = 0, a2 = 0, b2 = 0, t1 = 1e9, t2 = 1e9;
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        for (size_t p = 0; p < phases; p++)
            closed_form(x + p * len, y + p * len, len, &a1, &b1);
        double t = now() - t0;
        t1 = t < t1 ? t : t1;
        t0 = now();
        for (size_t p = 0; p < phases; p++)
            with_dgels(x + p * len, y + p * len, len, work, &a2, &b2);
        t = now() - t0;
        t2 = t < t2 ? t : t2;
    }
    printf("| %s | %zu x %zu | %.3f ms | %.3f ms | %.1fx | %.2g |\n", label, phases, len, t1 * 1e3,
           t2 * 1e3, t2 / t1, fabs(b1 - b2) / fabs(b2));
    free(x);
    free(y);
    free(work);
}

int main(void) {
    printf("| fit | phases x samples | closed form | LAPACKE_dgels | dgels/closed | slope "
           "rel. diff |\n|---|---|---|---|---|---|\n");
    run("one phase, 7,200 samples", 1, 7200, 50);
    run("one phase, 1,000,000 samples", 1, 1000000, 5);
    run("batch of short phases", 10000, 100, 5);
    return 0;
}
