/* The one API convention every public handle follows (ssdcore/base.h):
 * free(NULL) is a no-op and errmsg(NULL) a static "no handle", never a
 * crash. One test per rule, over every handle, so a new handle that breaks
 * the rule shows up here. */
#include <criterion/criterion.h>
#include <string.h>

#include <ssdcore.h>

Test(api_convention, free_accepts_null_for_every_handle) {
    ssd_target_free(NULL);
    ssd_job_free(NULL);
    ssd_hist_free(NULL);
    ssd_series_free(NULL);
    ssd_analysis_free(NULL);
    ssd_suite_free(NULL);
    ssd_copy_free(NULL);
    ssd_archive_free(NULL);
    ssd_extract_free(NULL);
    ssd_fileset_free(NULL);
    ssd_filebench_free(NULL);
    ssd_fio_result_free(NULL);
    ssd_free(NULL);
}

Test(api_convention, errmsg_of_null_is_a_static_string_for_every_handle) {
    const char *msgs[] = {
        ssd_target_errmsg(NULL),    ssd_job_errmsg(NULL),        ssd_series_errmsg(NULL),
        ssd_analysis_errmsg(NULL),  ssd_suite_errmsg(NULL),      ssd_copy_errmsg(NULL),
        ssd_archive_errmsg(NULL),   ssd_extract_errmsg(NULL),    ssd_fileset_errmsg(NULL),
        ssd_filebench_errmsg(NULL), ssd_fio_result_errmsg(NULL),
    };
    for (size_t i = 0; i < sizeof msgs / sizeof *msgs; i++) {
        cr_assert_not_null(msgs[i], "errmsg %zu", i);
        cr_assert_str_eq(msgs[i], "no handle", "errmsg %zu", i);
    }
}

Test(api_convention, errmsg_of_a_fresh_handle_is_empty) {
    ssd_target *t;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_str_eq(ssd_target_errmsg(t), "");
    cr_assert_eq(ssd_target_open(t, "sim:bx200"), 0);
    ssd_job *j;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    cr_assert_str_eq(ssd_job_errmsg(j), "");
    ssd_job_free(j);
    ssd_target_free(t);
}

static int no_job_progress(void *user, const ssd_progress *p) {
    (void)user, (void)p;
    return 0;
}

static int no_suite_progress(void *user, const ssd_suite_progress *p) {
    (void)user, (void)p;
    return 0;
}

static int no_fileops_progress(void *user, const ssd_fileops_progress *p) {
    (void)user, (void)p;
    return 0;
}

Test(api_convention, progress_setters_return_0_or_einval) {
    cr_assert_eq(ssd_job_set_progress(NULL, no_job_progress, NULL, 0.1), SSD_EINVAL);
    cr_assert_eq(ssd_suite_set_progress(NULL, no_suite_progress, NULL, 0.1), SSD_EINVAL);
    cr_assert_eq(ssd_copy_set_progress(NULL, no_fileops_progress, NULL), SSD_EINVAL);
    cr_assert_eq(ssd_archive_set_progress(NULL, no_fileops_progress, NULL), SSD_EINVAL);
    cr_assert_eq(ssd_extract_set_progress(NULL, no_fileops_progress, NULL), SSD_EINVAL);

    ssd_target *t;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, "sim:bx200"), 0);
    ssd_job *j;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    cr_assert_eq(ssd_job_set_progress(j, no_job_progress, NULL, 0.5), 0);
    cr_assert_eq(ssd_job_set_progress(j, no_job_progress, NULL, -1), SSD_EINVAL);
    cr_assert_eq(ssd_job_set_progress(j, NULL, NULL, 0), 0);
    ssd_suite *s;
    cr_assert_eq(ssd_suite_create(&s, t), 0);
    cr_assert_eq(ssd_suite_set_progress(s, no_suite_progress, NULL, 0.5), 0);
    cr_assert_eq(ssd_suite_set_progress(s, no_suite_progress, NULL, 0.0 / 0.0), SSD_EINVAL);
    ssd_copy *c;
    cr_assert_eq(ssd_copy_create(&c), 0);
    cr_assert_eq(ssd_copy_set_progress(c, no_fileops_progress, NULL), 0);
    ssd_copy_free(c);
    ssd_suite_free(s);
    ssd_job_free(j);
    ssd_target_free(t);
}
