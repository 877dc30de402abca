/* ssd_job_series: a job's samples as a series carrying the job's metadata,
 * so the C path from a job result to its analysis gives the verdict its log
 * gives (DESIGN.md, "The analysis context travels with the run"). Before,
 * a C caller built the series from ssd_job_samples without the capacity
 * and SSD370's 2-hour test showed a 261 GiB cache its log does not. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "series_testutil.h"
#include <ssdcore.h>

static ssd_target *sim(const char *uri) {
    ssd_target *t = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, uri), 0);
    return t;
}

static ssd_job *run(ssd_target *t, const char *const *kv, const char *log) {
    ssd_job *j = NULL;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    for (; kv[0]; kv += 2)
        cr_assert_eq(ssd_job_set_option(j, kv[0], kv[1]), 0, "%s", ssd_job_errmsg(j));
    if (log)
        cr_assert_eq(ssd_job_set_option(j, "log", log), 0);
    cr_assert_eq(ssd_job_run(j), 0, "%s", ssd_job_errmsg(j));
    return j;
}

/* The analysis JSON of s, malloc'd. */
static char *analyse(const ssd_series *s) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    char *json = NULL;
    cr_assert_eq(ssd_analysis_to_json(a, "run", 0, &json), 0);
    ssd_analysis_free(a);
    return json;
}

Test(job_series, analysis_of_the_job_is_the_analysis_of_its_log) {
    char log[] = "/tmp/ssd_job_series_XXXXXX";
    int fd = mkstemp(log);
    cr_assert(fd >= 0);
    close(fd);
    ssd_target *t = sim("sim:ssd370");
    static const char *const kv[] = {"pattern", "randwrite",    "qd",   "32", "time",
                                     "2h",      "precondition", "none", NULL};
    ssd_job *j = run(t, kv, log);
    ssd_series *mem = NULL, *file = NULL;
    cr_assert_eq(ssd_job_series(j, SSD_DIR_WRITE, &mem), 0);
    cr_assert_eq(series_open(&file, log), 0);
    cr_assert_str_eq(ssd_series_metadata(mem), ssd_series_metadata(file));
    cr_assert_eq(ssd_series_count(mem), 7200);
    char *a = analyse(mem), *b = analyse(file);
    cr_assert_str_eq(a, b);
    /* SSD370 has no SLC cache: its fast start ends where the clean blocks
     * ran out, at about its capacity. */
    cr_assert(strstr(a, "\"cache\":null"), "%s", a);
    cr_assert(strstr(a, "\"precondition\":\"none\""), "%s", a);
    cr_assert(strstr(a, "\"workload\":{\"pattern\":\"randwrite\",\"block_size\":4096,"
                        "\"queue_depth\":32}"),
              "%s", a);
    ssd_free(a);
    ssd_free(b);
    char *res = NULL;
    cr_assert_eq(ssd_job_to_json(j, 0, &res), 0);
    cr_assert(strstr(res, "\"analysis_context\":{\"capacity_bytes\":256060514304,"
                          "\"written_before_bytes\":0,\"precondition\":\"none\""),
              "%s", res);
    ssd_free(res);
    ssd_series_free(mem);
    ssd_series_free(file);
    ssd_job_free(j);
    ssd_target_free(t);
    unlink(log);
}

Test(job_series, a_read_job_has_no_write_series_and_bad_input_is_refused) {
    ssd_target *t = sim("sim:ssd370");
    static const char *const kv[] = {"pattern", "randread", "time", "3", NULL};
    ssd_job *j = run(t, kv, NULL);
    ssd_series *s = NULL;
    cr_assert_eq(ssd_job_series(j, SSD_DIR_WRITE, &s), SSD_ENODATA);
    cr_assert_null(s);
    cr_assert_eq(ssd_job_series(j, 7, &s), SSD_EINVAL);
    cr_assert_eq(ssd_job_series(NULL, SSD_DIR_READ, &s), SSD_EINVAL);
    cr_assert_eq(ssd_job_series(j, SSD_DIR_READ, &s), 0);
    cr_assert_eq(ssd_series_count(s), 3);
    cr_assert_eq(ssd_series_set_metadata(s, "[1]"), SSD_EINVAL);
    cr_assert(strstr(ssd_series_errmsg(s), "not a JSON object"));
    cr_assert_eq(ssd_series_set_metadata(s, "{\"capacity_bytes\": 1e9"), SSD_EINVAL);
    cr_assert_eq(ssd_series_set_metadata(s, NULL), SSD_EINVAL);
    cr_assert_eq(ssd_series_set_metadata(s, "{ \"capacity_bytes\" : 1000000000 }"), 0);
    cr_assert_str_eq(ssd_series_metadata(s), "{\"capacity_bytes\":1000000000}");
    ssd_series_free(s);
    ssd_job *before = NULL;
    cr_assert_eq(ssd_job_create(&before, t), 0);
    cr_assert_eq(ssd_job_series(before, SSD_DIR_WRITE, &s), SSD_ESTATE);
    cr_assert_eq(ssd_job_set_option(before, "precondition", "half"), SSD_EINVAL);
    cr_assert(strstr(ssd_job_errmsg(before), "none, seq_fill, random_fill, unknown"));
    ssd_job_free(before);
    ssd_job_free(j);
    ssd_target_free(t);
}

Test(job_series, the_analysis_option_precondition_takes_its_word_and_wins) {
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    double v;
    cr_assert_eq(ssd_analysis_get_option(a, "precondition", &v), 0);
    cr_assert_eq(v, SSD_PRECONDITION_UNKNOWN);
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "random_fill"), 0);
    cr_assert_eq(ssd_analysis_get_option(a, "precondition", &v), 0);
    cr_assert_eq(v, SSD_PRECONDITION_RANDOM_FILL);
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "half"), SSD_EINVAL);
    /* one spelling: the sim URI's words before round 24 are refused */
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "full"), SSD_EINVAL);
    cr_assert_eq(ssd_analysis_precondition_parse("dirty"), -1);
    cr_assert_eq(ssd_analysis_precondition_parse("fresh"), -1);
    cr_assert_eq(ssd_analysis_precondition_parse("seq_fill"), SSD_PRECONDITION_SEQ_FILL);
    cr_assert_eq(ssd_analysis_precondition_parse("Full"), -1);
    cr_assert_eq(ssd_analysis_precondition_parse(NULL), -1);
    cr_assert_eq(ssd_analysis_set_option(a, "precondition", "4"), SSD_ERANGE);
    cr_assert_str_eq(ssd_analysis_precondition_name(SSD_PRECONDITION_SEQ_FILL), "seq_fill");
    cr_assert_str_eq(ssd_analysis_precondition_name(-1), "unknown");
    static const char csv[] = "# ssdcore-series 1\n"
                              "# {\"capacity_bytes\":1000000000,\"precondition\":\"seq_fill\"}\n"
                              "t_s,bytes\n1,100\n2,100\n3,100\n4,100\n5,100\n6,100\n";
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_parse(&s, "m.csv", csv, sizeof csv - 1), 0);
    struct ssd_analysis_summary m = {.size = sizeof m};
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    ssd_analysis_summary(a, &m);
    cr_assert_eq(m.precondition, SSD_PRECONDITION_RANDOM_FILL); /* the option wins */
    ssd_analysis_free(a);
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0);
    ssd_analysis_summary(a, &m);
    cr_assert_eq(m.precondition, SSD_PRECONDITION_SEQ_FILL); /* else the metadata's */
    ssd_analysis_free(a);
    ssd_series_free(s);
}
