/* The run's span (span_bytes, DESIGN.md's analysis context): how much of
 * the drive the writes addressed. A job records its test area (offset,
 * span; the rest of the target by default) in its log's metadata and its
 * results' analysis_context; the analysis reads it from the log as from
 * the job's own series, and an explicit option wins. Random writes over a
 * small span of a drive written full find cheaper GC than over the whole
 * drive, so the rule that reads a level too slow for direct writes after a
 * sequential fill as folding needs it (tests/py/test_used_drive_sweep.py
 * checks that rule stays silent on a small span). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "job_testutil.h"

#define DRIVE "sim:mp44l-1tb,capacity_gb=512,slc_type=none,slc_gb=0,op_pct=12"
#define GIB 1073741824.0

/* A 5-second randwrite job on a fresh sim drive, logged to log, with
 * further options kv (NULL-ended); its summary analysed from its own
 * series in *mem and from its log in *csv (option key=value set when key
 * is not NULL), its metadata and results JSON in *meta and *json. */
static void run(const char *log, const char *const *kv, const char *key, const char *value,
                struct ssd_analysis_summary *mem, struct ssd_analysis_summary *csv, char **meta,
                char **json) {
    ssd_target *t = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, DRIVE), 0, "%s", ssd_target_errmsg(t));
    ssd_job *j = NULL;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    const char *base[] = {"pattern", "randwrite", "qd", "32", "time", "5s", "log", log, NULL};
    tu_options(j, base);
    if (kv)
        tu_options(j, kv);
    cr_assert_eq(ssd_job_run(j), 0, "%s", ssd_job_errmsg(j));
    cr_assert_eq(ssd_job_metadata_json(j, 0, meta), 0);
    cr_assert_eq(ssd_job_to_json(j, 0, json), 0);

    ssd_series *s[2] = {NULL, NULL};
    cr_assert_eq(ssd_job_series(j, SSD_DIR_WRITE, &s[0]), 0);
    cr_assert_eq(ssd_series_create(&s[1]), 0);
    cr_assert_eq(ssd_series_load(s[1], &log, 1), 0, "%s", ssd_series_errmsg(s[1]));
    struct ssd_analysis_summary *out[2] = {mem, csv};
    for (int k = 0; k < 2; k++) {
        ssd_analysis *a = NULL;
        cr_assert_eq(ssd_analysis_create(&a), 0);
        if (key)
            cr_assert_eq(ssd_analysis_set_option(a, key, value), 0, "%s", ssd_analysis_errmsg(a));
        cr_assert_eq(ssd_analysis_run(a, s[k], NULL), 0, "%s", ssd_analysis_errmsg(a));
        *out[k] = (struct ssd_analysis_summary){.size = sizeof *out[k]};
        cr_assert_eq(ssd_analysis_summary(a, out[k]), 0);
        ssd_analysis_free(a);
        ssd_series_free(s[k]);
    }
    ssd_job_free(j);
    ssd_target_free(t);
}

Test(analysis_span, a_job_records_its_test_area_and_the_analysis_reads_it) {
    char dir[64], log[128];
    tu_mkdir(dir, sizeof dir);
    snprintf(log, sizeof log, "%s/run.csv", dir);
    struct ssd_analysis_summary mem, csv;
    char *meta = NULL, *json = NULL;

    /* 8 GiB at 1 GiB in: a short random write test's area */
    const char *small[] = {"offset", "1g", "span", "8g", NULL};
    run(log, small, NULL, NULL, &mem, &csv, &meta, &json);
    cr_expect(strstr(meta, "\"span_bytes\":8589934592"), "%s", meta);
    cr_expect(strstr(json, "\"span_bytes\":8589934592"), "%s", json);
    cr_expect_eq(mem.span_bytes, 8 * GIB, "%.0f", mem.span_bytes);
    cr_expect_eq(csv.span_bytes, 8 * GIB, "the log's: %.0f", csv.span_bytes);
    ssd_free(meta);
    ssd_free(json);

    /* no area given: the whole target */
    run(log, NULL, NULL, NULL, &mem, &csv, &meta, &json);
    cr_expect_gt(mem.span_bytes, 0.999 * mem.capacity_bytes, "%.0f of %.0f", mem.span_bytes,
                 mem.capacity_bytes);
    cr_expect_leq(mem.span_bytes, mem.capacity_bytes);
    cr_expect_eq(csv.span_bytes, mem.span_bytes);
    ssd_free(meta);
    ssd_free(json);

    /* an explicit option wins over the metadata's */
    run(log, small, "span_bytes", "512000000000", &mem, &csv, &meta, &json);
    cr_expect_eq(mem.span_bytes, 512e9);
    cr_expect_eq(csv.span_bytes, 512e9);
    ssd_free(meta);
    ssd_free(json);
    tu_rmdir(dir);
}

Test(analysis_span, unknown_without_metadata) {
    double t[] = {1, 2, 3}, b[] = {5e8, 5e8, 5e8};
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, 3), 0);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary S = {.size = sizeof S};
    cr_assert_eq(ssd_analysis_summary(a, &S), 0);
    cr_expect(isnan(S.span_bytes), "%g", S.span_bytes);
    char *js = NULL;
    cr_assert_eq(ssd_analysis_to_json(a, NULL, 0, &js), 0);
    cr_expect(strstr(js, "\"span_bytes\":null"), "%s", js);
    ssd_free(js);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

/* A capacity more than 1% under the span the run addressed is a
 * contradiction the C API refuses as the CLI and Python do (round 24's
 * audit: --capacity 1g on a run over a whole drive was accepted). */
Test(span, a_capacity_under_the_span_is_refused) {
    ssd_target *t = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, DRIVE), 0, "%s", ssd_target_errmsg(t));
    ssd_job *j = NULL;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    const char *kv[] = {"pattern", "randwrite", "qd", "32", "time", "5s", NULL};
    tu_options(j, kv);
    cr_assert_eq(ssd_job_run(j), 0, "%s", ssd_job_errmsg(j));
    ssd_series *s = NULL;
    cr_assert_eq(ssd_job_series(j, SSD_DIR_WRITE, &s), 0);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_set_option(a, "capacity_bytes", "1g"), 0);
    cr_expect_eq(ssd_analysis_run(a, s, NULL), SSD_EINVAL);
    cr_expect(strstr(ssd_analysis_errmsg(a), "capacity_bytes 1073741824 (1 GiB, given) is smaller "
                                             "than span_bytes 512110190592 (477 GiB, the run's "
                                             "metadata)") != NULL,
              "%s", ssd_analysis_errmsg(a));
    /* the span given with it decides, and the run goes on */
    cr_assert_eq(ssd_analysis_set_option(a, "span_bytes", "1g"), 0);
    cr_expect_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    ssd_analysis_free(a);
    ssd_series_free(s);
    ssd_job_free(j);
    ssd_target_free(t);
}
