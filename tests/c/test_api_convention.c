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
