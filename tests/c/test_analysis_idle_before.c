/* The idle time before a run (idle_before_s, DESIGN.md's analysis
 * context): a flat run right after a random fill past the raw flash is the
 * used state from its first byte (SNIA's WSAT); with idle time after the
 * fill, or not known, one curve cannot tell, and the verdict stays "no
 * drop". Read from the series metadata; the option wins. */
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

/* The verdict on flat_run on a drive written `share` x CAP since TRIM,
 * preconditioned `precondition` (NULL: not recorded) and idle `idle`
 * seconds before the run (NULL: not recorded), with option k1 set to v1
 * when k1 is not NULL; its regime note in note. */
static void verdict(const char *precondition, double share, const char *idle, const char *k1,
                    const char *v1, struct ssd_analysis_summary *sum, char note[512]) {
    char m[512];
    snprintf(m, sizeof m,
             "{\"capacity_bytes\":%.0f,\"written_before_bytes\":%.0f%s%s%s%s%s,"
             "\"pattern\":\"randwrite\"}",
             CAP, share * CAP, precondition ? ",\"precondition\":\"" : "",
             precondition ? precondition : "", precondition ? "\"" : "",
             idle ? ",\"idle_before_s\":" : "", idle ? idle : "");
    ssd_series *s = flat_run(m);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    if (k1)
        cr_assert_eq(ssd_analysis_set_option(a, k1, v1), 0, "%s", ssd_analysis_errmsg(a));
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    sum->size = sizeof *sum;
    cr_assert_eq(ssd_analysis_summary(a, sum), 0);
    const char *n = ssd_analysis_regime_note(a);
    snprintf(note, 512, "%s", n ? n : "");
    ssd_analysis_free(a);
    ssd_series_free(s);
}

Test(idle_before, a_flat_run_right_after_a_random_fill_is_the_used_state_from_byte_0) {
    struct ssd_analysis_summary S;
    char note[512];
    verdict("random_fill", 2, "0", NULL, NULL, &S, note);
    cr_assert_eq(S.idle_before_s, 0);
    cr_assert(S.has_gc);
    cr_assert_eq(S.gc_start_bytes, 0);
    cr_assert(!S.has_cache);
    cr_assert(fabs(S.gc_level_bps / (246.0 * 1048576) - 1) < 0.05, "%g", S.gc_level_bps);
    cr_assert(strstr(note, "used state from the first byte"), "%s", note);
    /* random writes recorded only as bytes (precondition not recorded) */
    verdict(NULL, 2, "0", NULL, NULL, &S, note);
    cr_assert(S.has_gc && S.gc_start_bytes == 0);
}

Test(idle_before, idle_time_or_none_known_keeps_no_drop) {
    /* idle time may have cleaned blocks written at the direct speed; not
     * known, so may it: one curve cannot tell. */
    const char *idle[] = {"900", NULL};
    for (int k = 0; k < 2; k++) {
        struct ssd_analysis_summary S;
        char note[512];
        verdict("random_fill", 2, idle[k], NULL, NULL, &S, note);
        cr_assert(!S.has_gc, "idle %s", idle[k] ? idle[k] : "unknown");
        cr_assert_eq(isnan(S.idle_before_s), !idle[k]);
        cr_assert(strstr(note, "never dropped"), "%s", note);
    }
}

Test(idle_before, not_after_a_sequential_fill_nor_before_the_raw_flash_was_written) {
    /* A sequential fill's overwrites left whole blocks invalid: the spare
     * area is free without a copy, written fast before the used state.
     * 1.2x the capacity: GC may not have run; the clean blocks left are
     * written at the direct speed first. */
    struct ssd_analysis_summary S;
    char note[512];
    verdict("seq_fill", 2, "0", NULL, NULL, &S, note);
    cr_assert(!S.has_gc);
    verdict(NULL, 1.2, "0", NULL, NULL, &S, note);
    cr_assert(!S.has_gc);
}

Test(idle_before, read_from_the_metadata_and_the_option_wins) {
    const char *idle[] = {"0", "900", NULL};
    for (int k = 0; k < 3; k++) {
        struct ssd_analysis_summary S;
        char note[512];
        verdict("random_fill", 2, idle[k], NULL, NULL, &S, note);
        if (idle[k])
            cr_assert_eq(S.idle_before_s, atof(idle[k]));
        else
            cr_assert(isnan(S.idle_before_s));
        verdict("random_fill", 2, idle[k], "idle_before_s", "15m", &S, note);
        cr_assert_eq(S.idle_before_s, 900);
        cr_assert(!S.has_gc);
        /* and gives the context the metadata lacks or overrides */
        verdict("random_fill", 2, idle[k], "idle_before_s", "0", &S, note);
        cr_assert(S.has_gc && S.gc_start_bytes == 0);
    }
}

Test(idle_before, a_negative_or_unparsable_option_is_refused) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_neq(ssd_analysis_set_option(a, "idle_before_s", "-1"), 0);
    cr_assert_neq(ssd_analysis_set_option(a, "idle_before_s", "soon"), 0);
    ssd_analysis_free(a);
}

/* Analyses the series (t, b) with metadata m: its summary and its first
 * phase's regime (-1 when it has none). */
static void analyse(const double *t, const double *b, size_t n, const char *m,
                    struct ssd_analysis_summary *sum, int *first_regime) {
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, n), 0);
    cr_assert_eq(ssd_series_set_metadata(s, m), 0);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    sum->size = sizeof *sum;
    cr_assert_eq(ssd_analysis_summary(a, sum), 0);
    struct ssd_phase p0 = {.size = sizeof p0};
    *first_regime =
        ssd_analysis_phase_count(a) && !ssd_analysis_phase(a, 0, &p0) ? (int)p0.regime : -1;
    ssd_analysis_free(a);
    ssd_series_free(s);
}

/* Seed 2026's drive 5 of the used-drive sweep, 2 hours straight after a
 * sequential fill (421 GB, written twice): 32 GiB of clean blocks at its
 * direct speed, 1,032 MiB/s, the fill's end folding at 482 to 97 GiB, then
 * GC at 322. Right after the fill (idle_before_s 0) the cache has no room:
 * the fast start is direct writes, not a 32 GiB cache; with 15 minutes'
 * idle, or the idle time unknown, the same curve keeps its cache. */
static void after_fill(const char *idle, struct ssd_analysis_summary *sum, int *first_regime) {
    enum { N = 1200 };
    double t[N], b[N];
    for (size_t i = 0; i < N; i++) {
        double lv = i < 32 ? 1032 : i < 166 ? 482 : 322;
        t[i] = (double)(i + 1);
        b[i] = lv * 1048576 * exp(0.03 * gauss());
    }
    char m[512];
    snprintf(m, sizeof m,
             "{\"capacity_bytes\":421000000000,\"written_before_bytes\":842000000000,"
             "\"precondition\":\"seq_fill\"%s%s,\"pattern\":\"randwrite\"}",
             idle ? ",\"idle_before_s\":" : "", idle ? idle : "");
    analyse(t, b, N, m, sum, first_regime);
}

Test(idle_before, right_after_a_fill_the_cache_has_no_room) {
    struct ssd_analysis_summary S;
    int first;
    after_fill("0", &S, &first);
    cr_expect(!S.has_cache, "cache %.4g", S.cache_bytes);
    cr_expect_eq(first, SSD_REGIME_DIRECT, "first regime %d", first);
    cr_expect(S.has_folding && S.has_gc);
    const char *idle[] = {"900", NULL};
    for (size_t k = 0; k < 2; k++) {
        after_fill(idle[k], &S, &first);
        cr_expect(S.has_cache, "idle %s: no cache", idle[k] ? idle[k] : "unknown");
    }
}

/* Issue 21's fill.suite on the default 1 TB drive (1000 GB), a 512 GiB
 * sequential job straight before the run: 142 GiB of clean blocks at the
 * direct speed (700 MiB/s), the fill's cached end folding at 261 to 556
 * GiB, then GC. `written` GiB written before, no precondition recorded
 * (a job over part of the drive), idle_before_s `idle`. */
static void after_partial_fill(double written, const char *idle, double fast, double fold,
                               struct ssd_analysis_summary *sum, int *first_regime) {
    enum { N = 3000 };
    static double t[N], b[N];
    double cum = 0;
    for (size_t i = 0; i < N; i++) {
        double lv = cum < 142 * 1073741824.0 ? fast : cum < 556 * 1073741824.0 ? fold : 300;
        t[i] = (double)(i + 1);
        b[i] = lv * 1048576 * exp(0.03 * gauss());
        cum += lv * 1048576;
    }
    char m[512];
    snprintf(m, sizeof m,
             "{\"capacity_bytes\":1000204886016,\"written_before_bytes\":%.0f%s%s,"
             "\"pattern\":\"randwrite\"}",
             written * 1073741824.0, idle ? ",\"idle_before_s\":" : "", idle ? idle : "");
    analyse(t, b, N, m, sum, first_regime);
}

Test(idle_before, right_after_a_partial_fill_a_cache_fits_beside_what_was_written) {
    struct ssd_analysis_summary S;
    int first;
    /* 142 GiB beside 512 written: more than any cache holds (0.64 of the
     * capacity), whatever the drop. */
    after_partial_fill(512, "0", 700, 261, &S, &first);
    cr_expect(!S.has_cache, "cache %.4g", S.cache_bytes);
    cr_expect_eq(first, SSD_REGIME_DIRECT, "first regime %d", first);
    cr_expect(S.has_folding);
    /* After an idle, or with the idle time unknown, the rule is off. */
    const char *idle[] = {"900", NULL};
    for (size_t k = 0; k < 2; k++) {
        after_partial_fill(512, idle[k], 700, 261, &S, &first);
        cr_expect(S.has_cache, "idle %s: no cache", idle[k] ? idle[k] : "unknown");
    }
    /* 142 beside 300 GiB written: fits an MLC cache, not a TLC one; a drop
     * of 2.7 is what direct writes make into their folding, 7 SLC's. */
    after_partial_fill(300, "0", 700, 261, &S, &first);
    cr_expect(!S.has_cache, "2.7x: cache %.4g", S.cache_bytes);
    after_partial_fill(300, "0", 1827, 261, &S, &first);
    cr_expect(S.has_cache, "7x: no cache");
    /* 142 beside 200 GiB: fits a TLC cache, which may run only a little
     * over the direct writes after it: kept. */
    after_partial_fill(200, "0", 700, 261, &S, &first);
    cr_expect(S.has_cache, "142 + 200 GiB: no cache");
}
