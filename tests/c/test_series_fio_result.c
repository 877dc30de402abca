/* fio JSON output: summary figures, percentiles, and a broken clat_ns
 * detected (the io_uring sqthread_poll case) so lat_ns is trusted. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <ssdcore.h>
#include "data_dirs.h"

Test(fio_result, broken_clat_is_rejected_and_lat_trusted) {
    ssd_fio_result *r = NULL;
    cr_assert_eq(ssd_fio_result_open(&r, data_path("/fio/fio3_clat_broken.json")), 0, "%s",
                 ssd_fio_result_errmsg(r));
    cr_assert_eq(ssd_fio_result_count(r), 2, "jobs/directions without I/O are skipped");
    struct ssd_fio_job j = {.size = sizeof j};
    cr_assert_eq(ssd_fio_result_entry(r, 0, &j), 0);
    cr_expect_str_eq(j.name, "qd32");
    cr_expect_str_eq(j.ddir, "write");
    cr_expect(j.clat_inconsistent);
    cr_expect_str_eq(j.lat_source, "none");
    cr_expect(isnan(j.lat_p99_us), "no percentile from a broken clat");
    cr_expect_float_eq(j.lat_mean_us, 1366.999354867, 1e-6);
    cr_expect_float_eq(j.bw_bps, 3067535657.0, 1.0);
    cr_expect_float_eq(j.runtime_s, 30.002, 1e-9);
    cr_assert_eq(ssd_fio_result_entry(r, 1, &j), 0);
    cr_expect_str_eq(j.ddir, "read");
    cr_expect_not(j.clat_inconsistent);
    cr_expect_str_eq(j.lat_source, "lat_ns");
    cr_expect_float_eq(j.lat_p50_us, 107.52, 1e-9);
    cr_expect_float_eq(j.lat_p999_us, 509.952, 1e-9);
    cr_expect_eq(ssd_fio_result_entry(r, 2, &j), SSD_ERANGE);
    char *json = NULL;
    cr_assert_eq(ssd_fio_result_to_json(r, 0, &json), 0);
    cr_expect(strstr(json, "\"clat_inconsistent\":true") != NULL);
    ssd_free(json);
    ssd_fio_result_free(r);
}

Test(fio_result, real_io_uring_and_spdk_runs_agree_on_latency) {
    const char *base = datasets_path("/nvmebenchmarks/");
    char p1[512], p2[512];
    snprintf(p1, sizeof p1, "%sio_uring/nvme-b/lbaf0/write/131072bs/1zone/32.json", base);
    snprintf(p2, sizeof p2, "%sspdk/nvme-b/lbaf0/write/131072bs/1zone/32.json", base);
    ssd_fio_result *a = NULL, *b = NULL;
    cr_assert_eq(ssd_fio_result_open(&a, p1), 0, "%s", ssd_fio_result_errmsg(a));
    cr_assert_eq(ssd_fio_result_open(&b, p2), 0, "%s", ssd_fio_result_errmsg(b));
    struct ssd_fio_job ja = {.size = sizeof ja}, jb = {.size = sizeof jb};
    cr_assert_eq(ssd_fio_result_entry(a, 0, &ja), 0);
    cr_assert_eq(ssd_fio_result_entry(b, 0, &jb), 0);
    cr_expect(ja.clat_inconsistent, "io_uring's clat is nonsense");
    cr_expect_not(jb.clat_inconsistent);
    /* Same drive, same workload: the trusted means agree within 5%. */
    cr_expect(fabs(ja.lat_mean_us / jb.lat_mean_us - 1) < 0.05, "%g vs %g", ja.lat_mean_us,
              jb.lat_mean_us);
    ssd_fio_result_free(a);
    ssd_fio_result_free(b);
}

Test(fio_result, bad_json_names_the_line) {
    const char *cases[] = {"",
                           "{",
                           "{\"jobs\": [}",
                           "[1,2]",
                           "{\"jobs\": 5}",
                           "{\"jobs\": [{\"write\": {\"io_bytes\": 0}}]}",
                           "{\"jobs\": []}\n\n garbage",
                           "{\"a\":\n\n\"unterminated}"};
    int codes[] = {SSD_EFORMAT, SSD_EFORMAT, SSD_EFORMAT, SSD_EFORMAT,
                   SSD_EFORMAT, SSD_ENODATA, SSD_EFORMAT, SSD_EFORMAT};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ssd_fio_result *r = NULL;
        cr_expect_eq(ssd_fio_result_parse(&r, "x.json", cases[i], strlen(cases[i])), codes[i],
                     "case %zu: %s", i, ssd_fio_result_errmsg(r));
        cr_expect(strstr(ssd_fio_result_errmsg(r), "x.json") != NULL);
        ssd_fio_result_free(r);
    }
    ssd_fio_result *r = NULL;
    ssd_fio_result_parse(&r, "x.json", "{\"a\":\n\n\"unterminated}", 22);
    cr_expect(strstr(ssd_fio_result_errmsg(r), "x.json:3") != NULL, "%s", ssd_fio_result_errmsg(r));
    ssd_fio_result_free(r);
    /* Deep nesting is refused, not recursed into. */
    char deep[2001];
    memset(deep, '[', 2000);
    deep[2000] = '\0';
    cr_expect_eq(ssd_fio_result_parse(&r, "deep.json", deep, 2000), SSD_EFORMAT);
    ssd_fio_result_free(r);
    ssd_fio_result_free(NULL);
}

/* Job names were kept as raw escaped bytes and then stripped of quotes and
 * backslashes: `café "q" \x` came out as `cafu00e9 q x`. */
Test(fio_result, job_names_are_decoded_and_written_back_escaped) {
    static const char text[] =
        "{\"jobs\":[{\"jobname\":\"caf\\u00e9 \\\"q\\\" \\\\x\",\"error\":0,"
        "\"write\":{\"io_bytes\":4096,\"total_ios\":1,\"bw_bytes\":4096,\"iops\":1,"
        "\"runtime\":1000}}]}";
    ssd_fio_result *r = NULL;
    cr_assert_eq(ssd_fio_result_parse(&r, "names.json", text, sizeof text - 1), 0, "%s",
                 ssd_fio_result_errmsg(r));
    struct ssd_fio_job j = {.size = sizeof j};
    cr_assert_eq(ssd_fio_result_entry(r, 0, &j), 0);
    cr_expect_str_eq(j.name, "caf\xc3\xa9 \"q\" \\x");
    char *json = NULL;
    cr_assert_eq(ssd_fio_result_to_json(r, 0, &json), 0);
    cr_expect(strstr(json, "\"name\":\"caf\xc3\xa9 \\\"q\\\" \\\\x\"") != NULL, "%s", json);
    ssd_free(json);
    ssd_fio_result_free(r);
}

Test(fio_result, a_nul_byte_inside_is_refused_by_offset) {
    static const char text[] = "{\"jobs\":[]}\0{\"more\":1}";
    ssd_fio_result *r = NULL;
    cr_assert_eq(ssd_fio_result_parse(&r, "nul.json", text, sizeof text - 1), SSD_EFORMAT);
    cr_expect(strstr(ssd_fio_result_errmsg(r), "NUL byte at offset 11") != NULL, "%s",
              ssd_fio_result_errmsg(r));
    ssd_fio_result_free(r);
}
