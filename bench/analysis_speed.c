/* analysis_speed.c - wall time of ssd_analysis_run in C alone (no Python,
 * no JSON) on noisy cache curves of 7,200 and 1,000,000 samples, with dips
 * and stalls. Build and run: bash bench/analysis_speed.sh */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <ssdcore.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static unsigned long long st = 88172645463325252ULL;
static double unif(void) {
    st ^= st << 13;
    st ^= st >> 7;
    st ^= st << 17;
    return ((double)(st >> 11) + 0.5) / 9007199254740992.0;
}

static void bench(size_t n, int reps) {
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b), truth = 0;
    for (size_t i = 0; i < n; i++) {
        double g = sqrt(-2 * log(unif())) * cos(6.283185307179586 * unif());
        double level = i < n / 10 ? 400e6 : 60e6;
        double m = exp(0.1 * g) * ((i % 30) < 3 ? 0.6 : 1.0) * (unif() < 0.005 ? 0.02 : 1.0);
        t[i] = (double)(i + 1);
        b[i] = level * m;
        if (i < n / 10)
            truth += b[i]; /* the drop is exactly at sample n/10 */
    }
    ssd_series *s = NULL;
    ssd_analysis *a = NULL;
    if (ssd_series_from_arrays(&s, t, b, n) || ssd_analysis_create(&a)) {
        fprintf(stderr, "setup failed\n");
        exit(1);
    }
    double best = 1e9;
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        if (ssd_analysis_run(a, s, NULL)) {
            fprintf(stderr, "%s\n", ssd_analysis_errmsg(a));
            exit(1);
        }
        double dt = now() - t0;
        best = dt < best ? dt : best;
    }
    struct ssd_analysis_summary sum = {.size = sizeof sum};
    ssd_analysis_summary(a, &sum);
    printf("| %zu | %.2f ms | %.3f%% | %zu |\n", n, best * 1e3, 100 * (sum.cache_bytes / truth - 1),
           ssd_analysis_phase_count(a));
    ssd_analysis_free(a);
    ssd_series_free(s);
    free(t);
    free(b);
}

int main(void) {
    printf("| samples | ssd_analysis_run (best) | cache error | phases |\n|---|---|---|---|\n");
    bench(7200, 50);
    bench(100000, 10);
    bench(1000000, 5);
    return 0;
}
