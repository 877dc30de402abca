/* job_testutil.h - helpers shared by the job tests: a scratch directory on
 * a real filesystem (O_DIRECT fails on tmpfs) and small job wrappers. */
#ifndef SSD_JOB_TESTUTIL_H
#define SSD_JOB_TESTUTIL_H

#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ssdcore.h>

/* A fresh directory under the test's working directory (the build tree on
 * the real disk); removed by tu_rmdir. */
static inline void tu_mkdir(char *dir, size_t n) {
    snprintf(dir, n, "jobtest-XXXXXX");
    cr_assert_not_null(mkdtemp(dir), "mkdtemp failed");
}

static inline void tu_rmdir(const char *dir) {
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_expect_eq(system(cmd), 0);
}

static inline ssd_target *tu_file_target(const char *dir, const char *name, const char *size) {
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    ssd_target *t;
    cr_assert_eq(ssd_target_create(&t), 0);
    if (size)
        cr_assert_eq(ssd_target_set_option(t, "size", size), 0);
    int rc = ssd_target_open(t, path);
    cr_assert_eq(rc, 0, "open %s: %s", path, ssd_target_errmsg(t));
    return t;
}

/* Sets "key=value" pairs from a NULL-terminated list; asserts success. */
static inline void tu_options(ssd_job *j, const char *const *kv) {
    for (; kv[0]; kv += 2)
        cr_assert_eq(ssd_job_set_option(j, kv[0], kv[1]), 0, "%s=%s: %s", kv[0], kv[1],
                     ssd_job_errmsg(j));
}

/* The write curve of a job that ran, analysed with no reference: its
 * headline figures in *r. */
static inline void tu_analyze_writes(ssd_job *j, struct ssd_analysis_summary *r) {
    ssd_series *s = NULL;
    cr_assert_eq(ssd_job_series(j, SSD_DIR_WRITE, &s), 0);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    *r = (struct ssd_analysis_summary){.size = sizeof *r};
    cr_assert_eq(ssd_analysis_summary(a, r), 0);
    ssd_analysis_free(a);
    ssd_series_free(s);
}

#endif
