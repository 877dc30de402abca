/* The idle time before a run (idle_before_s, DESIGN.md's analysis
 * context): read from the series metadata; the option wins. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#define TEST_NOISE_SEED 0x5EEDF00DULL
#include "test_noise.h"

#define CAP 4000787030016.0

/* 600 one-second samples at 246 MiB/s with 2 % noise (sim:p4500-4tb's
 * used state after a 2x random fill), metadata meta (NULL: none). */
static ssd_series *flat_run(const char *meta) {
    enum { N = 600 };
    double t[N], b[N];
    for (size_t i = 0; i < N; i++) {
        t[i] = (double)(i + 1);
        b[i] = 246.0 * 1048576 * exp(0.02 * gauss());
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, N), 0);
    if (meta)
        cr_assert_eq(ssd_series_set_metadata(s, meta), 0);
    return s;
}

static char *meta_of(const char *precondition, const char *idle) {
    char *m = malloc(512);
    cr_assert(m);
    snprintf(m, 512,
             "{\"capacity_bytes\":%.0f,\"written_before_bytes\":%.0f,\"precondition\":\"%s\"%s%s,"
             "\"pattern\":\"randwrite\"}",
             CAP, 2 * CAP, precondition, idle ? ",\"idle_before_s\":" : "", idle ? idle : "");
    return m;
}

/* Analysed, with option k1 set to v1 when k1 is not NULL. */
static void run(ssd_series *s, struct ssd_analysis_summary *sum, char **note, const char *k1,
                const char *v1) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    if (k1)
        cr_assert_eq(ssd_analysis_set_option(a, k1, v1), 0, "%s", ssd_analysis_errmsg(a));
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    sum->size = sizeof *sum;
    cr_assert_eq(ssd_analysis_summary(a, sum), 0);
    const char *n = ssd_analysis_regime_note(a);
    *note = strdup(n ? n : "");
    ssd_analysis_free(a);
}

Test(idle_before, read_from_the_metadata_and_the_option_wins) {
    const char *idle[] = {"0", "900", NULL};
    for (int k = 0; k < 3; k++) {
        char *m = meta_of("random_fill", idle[k]);
        ssd_series *s = flat_run(m);
        struct ssd_analysis_summary S;
        char *note;
        run(s, &S, &note, NULL, NULL);
        if (idle[k])
            cr_assert_eq(S.idle_before_s, atof(idle[k]));
        else
            cr_assert(isnan(S.idle_before_s));
        free(note);
        run(s, &S, &note, "idle_before_s", "15m");
        cr_assert_eq(S.idle_before_s, 900);
        free(note);
        ssd_series_free(s);
        free(m);
    }
}

Test(idle_before, a_negative_or_unparsable_option_is_refused) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_neq(ssd_analysis_set_option(a, "idle_before_s", "-1"), 0);
    cr_assert_neq(ssd_analysis_set_option(a, "idle_before_s", "soon"), 0);
    ssd_analysis_free(a);
}
