/* Compare, the results catalog and drive identity through the public API,
 * on two quick runs of simulated drives. Runs under ASan in CI, so every
 * path here is also a leak and overflow check. */
#include <criterion/criterion.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ssdcore.h>

static char base[] = "/tmp/ssd-compare-XXXXXX";

static void run_quick(const char *uri, const char *dir) {
    ssd_target *t;
    ssd_suite *s;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, uri), 0);
    cr_assert_eq(ssd_suite_create(&s, t), 0);
    cr_assert_eq(ssd_suite_set_option(s, "out", dir), 0);
    cr_assert_eq(ssd_suite_set_option(s, "report", "0"), 0);
    cr_assert_eq(ssd_suite_run(s), 0, "%s", ssd_suite_errmsg(s));
    ssd_suite_free(s);
    ssd_target_free(t);
}

static char a[256], b[256];

static void setup(void) {
    cr_assert_not_null(mkdtemp(base));
    snprintf(a, sizeof a, "%s/a", base);
    snprintf(b, sizeof b, "%s/b", base);
    run_quick("sim:bx200", a);
    run_quick("sim:ssd370", b);
}

static void teardown(void) {
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", base);
    cr_assert_eq(system(cmd), 0);
}

TestSuite(compare, .init = setup, .fini = teardown);

Test(compare, two_runs_give_json_csv_and_html) {
    ssd_compare *c;
    cr_assert_eq(ssd_compare_create(&c), 0);
    char *out = NULL;
    cr_assert_eq(ssd_compare_to_json(c, SSD_JSON_COMPACT, &out), SSD_ENODATA);
    cr_assert_eq(ssd_compare_add_run(c, a, NULL), 0, "%s", ssd_compare_errmsg(c));
    cr_assert_eq(ssd_compare_add_run(c, b, "the other"), 0, "%s", ssd_compare_errmsg(c));
    cr_assert_eq(ssd_compare_drive_count(c), 2);
    cr_assert_eq(ssd_compare_set_option(c, "highlight", "the other"), 0);
    cr_assert_eq(ssd_compare_set_option(c, "highlight", "9"), SSD_EINVAL);
    cr_assert(strstr(ssd_compare_errmsg(c), "\"9\""));
    cr_assert_eq(ssd_compare_set_option(c, "colour", "red"), SSD_EINVAL);
    cr_assert_eq(ssd_compare_to_json(c, SSD_JSON_COMPACT, &out), 0);
    cr_assert(strstr(out, "\"schema\":\"ssdcore-compare/1\""));
    cr_assert(strstr(out, "\"highlight\":\"the other\""));
    cr_assert(strstr(out, "\"label\":\"Crucial BX200 240 GB\""));
    ssd_free(out);
    /* Pretty: a member a line, the same figures; an unknown flag refused. */
    cr_assert_eq(ssd_compare_to_json(c, SSD_JSON_PRETTY, &out), 0);
    cr_assert(strstr(out, "{\n  \"schema\": \"ssdcore-compare/1\",\n"), "%.200s", out);
    cr_assert(strstr(out, "\n      \"label\": \"Crucial BX200 240 GB\",\n"), "%.400s", out);
    ssd_free(out);
    out = (char *)1;
    cr_assert_eq(ssd_compare_to_json(c, 4, &out), SSD_EINVAL);
    cr_assert_null(out);
    cr_assert_eq(ssd_compare_csv(c, &out), 0);
    cr_assert(!strncmp(out, "drive,figure,label,unit,better,value,pct_vs_highlight,", 53));
    cr_assert(strstr(out, "the other,seq_read_bps,"));
    ssd_free(out);
    cr_assert_eq(ssd_compare_html(c, &out), 0);
    cr_assert(strstr(out, "<svg"));
    ssd_free(out);
    char dir[300];
    snprintf(dir, sizeof dir, "%s/cmp/deeper", base);
    cr_assert_eq(ssd_compare_write(c, dir), 0, "%s", ssd_compare_errmsg(c));
    snprintf(dir, sizeof dir, "%s/cmp/deeper/compare.html", base);
    cr_assert_eq(access(dir, R_OK), 0);
    ssd_compare_free(c);
    ssd_compare_free(NULL);
}

Test(compare, a_directory_without_results_is_named) {
    ssd_compare *c;
    cr_assert_eq(ssd_compare_create(&c), 0);
    cr_assert_eq(ssd_compare_add_run(c, base, NULL), -ENOENT);
    cr_assert(strstr(ssd_compare_errmsg(c), base));
    cr_assert_eq(ssd_compare_drive_count(c), 0);
    ssd_compare_free(c);
}

Test(compare, the_catalog_adds_once_and_finds_the_drive) {
    char path[300];
    snprintf(path, sizeof path, "%s/cat/c.sqlite", base);
    ssd_catalog *cat = NULL;
    cr_assert_eq(ssd_catalog_create(&cat), 0);
    cr_assert_eq(ssd_catalog_open(cat, path), 0, "%s", ssd_catalog_errmsg(cat));
    cr_assert_eq(ssd_catalog_add(cat, a), 1, "%s", ssd_catalog_errmsg(cat));
    cr_assert_eq(ssd_catalog_add(cat, a), 0);
    cr_assert_eq(ssd_catalog_add(cat, b), 1);
    cr_assert_lt(ssd_catalog_add(cat, base), 0);
    cr_assert(strstr(ssd_catalog_errmsg(cat), "results.json"));
    char *out = NULL;
    size_t n = 0;
    cr_assert_eq(ssd_catalog_list(cat, NULL, "json", &out, &n), 0);
    cr_assert_eq(n, 2);
    /* to_json is the same runs, one line (compact) or a member a line */
    char *compact = NULL, *pretty = NULL;
    cr_assert_eq(ssd_catalog_to_json(cat, SSD_JSON_COMPACT, &compact), 0);
    cr_assert_eq(ssd_catalog_to_json(cat, SSD_JSON_PRETTY, &pretty), 0);
    char *p = out, *q = out;
    for (; *p; p++)
        if (*p != '\n')
            *q++ = *p;
    *q = '\0';
    cr_expect_str_eq(compact, out);
    cr_expect(strstr(pretty, "[\n  {\n    \"id\": 1,\n") == pretty, "%.60s", pretty);
    ssd_free(compact), ssd_free(pretty);
    ssd_free(out);
    cr_assert_eq(ssd_catalog_list(cat, "SSD370", "text", &out, &n), 0);
    cr_assert_eq(n, 1);
    cr_assert(strstr(out, "sim:ssd370") && !strstr(out, "sim:bx200"));
    ssd_free(out);
    cr_assert_eq(ssd_catalog_list(cat, NULL, "xml", &out, &n), SSD_EINVAL);
    cr_assert_eq(n, 0);
    cr_assert_eq(ssd_catalog_pick_run(cat, "bx200", NULL, NULL, NULL, &out, NULL), 0);
    cr_assert(strstr(out, "/a"));
    ssd_free(out);
    cr_assert_eq(ssd_catalog_pick_run(cat, "nosuch", NULL, NULL, NULL, &out, NULL), SSD_ENODATA);
    cr_assert(strstr(ssd_catalog_errmsg(cat), "nosuch"));
    ssd_catalog_free(cat);
    ssd_catalog_free(NULL);
}

Test(compare, identity_of_sim_and_a_missing_path) {
    char *json = NULL;
    cr_assert_eq(ssd_drive_identity_json("sim:bx200,slc_gb=6", 1, SSD_JSON_COMPACT, &json), 0);
    cr_assert(strstr(json, "\"profile\":\"bx200\""));
    ssd_free(json);
    cr_assert_eq(ssd_drive_identity_json("/nonexistent/x", 0, SSD_JSON_COMPACT, &json), -ENOENT);
    cr_assert(json && strstr(json, "/nonexistent/x"));
    ssd_free(json);
    /* what a job refuses, identity refuses: an unknown profile, a node that
     * names no drive (the disk under /dev is not the drive meant) */
    cr_assert_eq(ssd_drive_identity_json("sim:nope", 0, SSD_JSON_COMPACT, &json), SSD_EINVAL);
    cr_assert(json && strstr(json, "sim:nope") && strstr(json, "unknown profile"), "%s", json);
    ssd_free(json);
    cr_assert_eq(ssd_drive_identity_json("/dev/null", 0, SSD_JSON_COMPACT, &json), SSD_EINVAL);
    cr_assert(json && strstr(json, "character device"), "%s", json);
    ssd_free(json);
    double c;
    cr_assert_eq(ssd_drive_temperature("sim:bx200", &c), SSD_ENODATA);
    cr_assert(isnan(c));
    cr_assert_eq(ssd_drive_identity_json(NULL, 0, SSD_JSON_COMPACT, &json), SSD_EINVAL);
}

/* The text `ssdcore identity` prints comes from the library (it was cut
 * out of the JSON text with strstr in the CLI): a sim: drive has no serial,
 * so neither a serial line nor a serial_hashed one; the JSON keeps both. */
Test(compare, identity_text_has_no_serial_hashed_without_a_serial) {
    char *text = NULL;
    cr_assert_eq(ssd_drive_identity_json("sim:bx200", 1, SSD_JSON_TEXT, &text), 0);
    cr_expect(strstr(text, "profile: bx200\ncapacity_bytes: "), "%s", text);
    cr_expect_null(strstr(text, "serial"), "%s", text);
    cr_expect_null(strchr(text, '{'), "%s", text);
    ssd_free(text);
    cr_assert_eq(ssd_drive_identity_json("sim:bx200", 1, SSD_JSON_COMPACT, &text), 0);
    cr_expect(strstr(text, "\"serial\":null,\"serial_hashed\":false"), "%s", text);
    ssd_free(text);
    text = (char *)1;
    cr_assert_eq(ssd_drive_identity_json(NULL, 0, SSD_JSON_TEXT, &text), SSD_EINVAL);
    cr_expect_null(text);
}

/* One opener: whether a missing file is created is the create option,
 * set before the one ssd_catalog_open (there was ssd_catalog_open_existing
 * beside ssd_catalog_open). */
Test(compare, the_catalog_opens_once_creating_the_file_unless_told_not_to) {
    char path[300];
    snprintf(path, sizeof path, "%s/new/c.sqlite", base);
    ssd_catalog *cat = NULL;
    cr_assert_eq(ssd_catalog_create(&cat), 0);
    cr_expect_eq(ssd_catalog_set_option(cat, "create", "maybe"), SSD_EINVAL);
    cr_assert_eq(ssd_catalog_set_option(cat, "create", "no"), 0);
    cr_assert_eq(ssd_catalog_open(cat, path), -ENOENT);
    cr_expect(strstr(ssd_catalog_errmsg(cat), "no such catalog"), "%s", ssd_catalog_errmsg(cat));
    cr_expect_eq(access(path, F_OK), -1, "nothing is created");
    cr_expect_eq(ssd_catalog_open(cat, path), SSD_ESTATE, "opened once");
    ssd_catalog_free(cat);
    cr_assert_eq(ssd_catalog_create(&cat), 0);
    cr_assert_eq(ssd_catalog_open(cat, path), 0, "%s", ssd_catalog_errmsg(cat));
    cr_expect_eq(access(path, F_OK), 0, "created by default");
    cr_expect_eq(ssd_catalog_set_option(cat, "create", "0"), SSD_ESTATE);
    ssd_catalog_free(cat);
    size_t n = 0;
    const ssd_option_info *o = ssd_catalog_options(&n);
    cr_assert_eq(n, 1);
    cr_expect_str_eq(o[0].name, "create");
}
