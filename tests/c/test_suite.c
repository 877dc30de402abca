/* The suite runner through the public API: lifecycle, options, suite-file
 * errors with file:line, a full run on a simulated drive, interruption from
 * the progress callback, and the atomic results writer. Runs under ASan in
 * CI, so every path here is also a leak and overflow check. */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include "job_testutil.h"
#include "figure_labels.h"
#include "json_read.h"
#include "report_html.h"
#include "suite_impl.h"
#include "summary_keys.h"
#include "target_impl.h"
#include "data_dirs.h"

static ssd_target *sim(const char *uri) {
    ssd_target *t;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, uri), 0, "%s", ssd_target_errmsg(t));
    return t;
}

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc((size_t)n + 1);
    cr_assert_eq(fread(p, 1, (size_t)n, f), (size_t)n);
    p[n] = 0;
    fclose(f);
    return p;
}

static void write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
}

/* A suite on t from the suite file at path, written with text first (when
 * text is not NULL), its results going to out (when not NULL). */
static ssd_suite *suite_file(ssd_target *t, const char *path, const char *text, const char *out) {
    if (text)
        write_text(path, text);
    ssd_suite *s;
    cr_assert_eq(ssd_suite_create(&s, t), 0);
    cr_assert_eq(ssd_suite_set_option(s, "suite_file", path), 0);
    if (out)
        cr_assert_eq(ssd_suite_set_option(s, "out", out), 0);
    return s;
}

/* The level a run's dips are measured against, in the one set of words
 * ssdcore analyze and the report both say (each built its own: the CLI's
 * "233 MiB/s", the report's "233.4 MiB/s"). */
Test(suite_api, dips_base_words_name_the_level_once) {
    struct ssd_analysis_summary s = {.size = sizeof s, .dip_base_bps = NAN};
    struct ssd_phase ph[4] = {{.regime = SSD_REGIME_CACHE, .level_bps = 3e9},
                              {.regime = SSD_REGIME_DIRECT, .level_bps = 284 * 1048576.0},
                              {.regime = SSD_REGIME_OTHER, .level_bps = 201 * 1048576.0},
                              {.regime = SSD_REGIME_DIRECT, .level_bps = 284 * 1048576.0}};
    char w[256];
    cr_expect_str_eq(ssd_dips_base_words(&s, ph, 4, w, sizeof w),
                     "the level of the phase each dip is in (284 MiB/s or 201 MiB/s)");
    cr_expect_str_eq(ssd_dips_base_words(&s, ph, 2, w, sizeof w),
                     "its one phase's level (284 MiB/s)");
    s.dip_base_bps = 1.85 * 1073741824.0;
    cr_expect_str_eq(ssd_dips_base_words(&s, ph, 4, w, sizeof w),
                     "1.85 GiB/s (one level for all phases: the speed's 75th percentile)");
    /* (A short buffer is cut, terminated.) */
    cr_expect_eq(strlen(ssd_dips_base_words(&s, ph, 4, w, 8)), 7);
}

Test(suite_api, free_null_and_bad_arguments) {
    ssd_suite_free(NULL);
    cr_assert_eq(ssd_suite_create(NULL, NULL), SSD_EINVAL);
    ssd_suite *s;
    cr_assert_eq(ssd_suite_create(&s, NULL), SSD_EINVAL);
    cr_assert_str_eq(ssd_suite_errmsg(NULL), "no handle");
    cr_assert_eq(ssd_suite_step_count(NULL), 0);
    cr_assert_null(ssd_suite_step_name(NULL, 0));
    cr_assert_null(ssd_suite_builtin_name(-1));
    cr_assert_null(ssd_suite_builtin_name(ssd_suite_builtin_count()));
    cr_assert_str_eq(ssd_suite_builtin_name(0), "lab2016");
}

Test(suite_api, unknown_options_and_values_are_refused_with_a_message) {
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s;
    cr_assert_eq(ssd_suite_create(&s, t), 0);
    cr_assert_eq(ssd_suite_set_option(s, "colour", "red"), SSD_EINVAL);
    cr_assert(strstr(ssd_suite_errmsg(s), "colour"));
    cr_assert_eq(ssd_suite_set_option(s, "suite", "lab1999"), SSD_EINVAL);
    cr_assert_eq(ssd_suite_set_option(s, "scale", "-1"), SSD_ERANGE);
    cr_assert_eq(ssd_suite_set_option(s, "scale", "nan"), SSD_ERANGE);
    cr_assert_eq(ssd_suite_set_option(s, "area", "lots"), SSD_EINVAL);
    cr_assert_eq(ssd_suite_set_option(s, "report", "maybe"), SSD_EINVAL);
    cr_assert_eq(ssd_suite_run(s), SSD_EINVAL, "no out directory");
    cr_assert(strstr(ssd_suite_errmsg(s), "out"));
    cr_assert_eq(ssd_suite_prepare(s), 0);
    cr_assert_eq(ssd_suite_set_option(s, "scale", "2"), SSD_ESTATE);
    ssd_suite_free(s);
    ssd_target_free(t);
}

Test(suite_api, builtin_suites_list_their_steps_in_the_file_language) {
    ssd_target *t = sim("sim:bx200");
    for (size_t b = 0; b < ssd_suite_builtin_count(); b++) {
        ssd_suite *s;
        cr_assert_eq(ssd_suite_create(&s, t), 0);
        cr_assert_eq(ssd_suite_set_option(s, "suite", ssd_suite_builtin_name(b)), 0);
        cr_assert_eq(ssd_suite_prepare(s), 0, "%s", ssd_suite_errmsg(s));
        int n = ssd_suite_step_count(s), jobs = 0, analyses = 0;
        cr_assert_gt(n, 3);
        for (int i = 0; i < n; i++) {
            const char *kind = ssd_suite_step_kind(s, i), *line = ssd_suite_step_line(s, i);
            /* a `fill` line is a precondition of kind fill */
            cr_assert(!strncmp(line, kind, strlen(kind)) ||
                          (!strcmp(kind, "precondition") && !strncmp(line, "fill ", 5)),
                      "%s / %s", kind, line);
            jobs += !strcmp(kind, "job") || !strcmp(kind, "replay") || !strcmp(kind, "pts");
            analyses += !strcmp(kind, "analyze");
        }
        cr_assert_gt(jobs, 0);
        /* apps, copy50g and fsd replay traces, pts runs its own rounds,
         * naspt compares fill levels; every other built-in analyses a
         * write curve */
        const char *name = ssd_suite_builtin_name(b);
        if (strcmp(name, "apps") && strcmp(name, "pts") && strcmp(name, "naspt") &&
            strcmp(name, "copy50g") && strcmp(name, "fsd"))
            cr_assert_gt(analyses, 0, "%s analyses a write curve", ssd_suite_builtin_name(b));
        ssd_suite_free(s);
    }
    ssd_target_free(t);
}

Test(suite_file, errors_name_the_file_and_the_line) {
    char dir[64];
    tu_mkdir(dir, sizeof dir);
    char path[128];
    snprintf(path, sizeof path, "%s/bad.suite", dir);
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s =
        suite_file(t, path, "# fine\ntrim\n\njob name=a log=a time=1s\njob name=b qd=0\n", NULL);
    cr_assert_lt(ssd_suite_prepare(s), 0);
    char want[160];
    snprintf(want, sizeof want, "%s:5: job:", path);
    cr_assert(strstr(ssd_suite_errmsg(s), want), "%s", ssd_suite_errmsg(s));
    cr_assert_eq(ssd_suite_step_count(s), 0, "a failed prepare keeps no steps");
    ssd_suite_free(s);
    ssd_target_free(t);
    tu_rmdir(dir);
}

/* The prepare error of a one-line suite file (plus a logged job first, for
 * analyze), or "" when it prepares. */
static void prepare_line(const char *dir, const char *line, char *msg, size_t len) {
    char path[128], text[2048];
    snprintf(path, sizeof path, "%s/one.suite", dir);
    snprintf(text, sizeof text, "job log=w time=1s\n%s\n", line);
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s = suite_file(t, path, text, NULL);
    snprintf(msg, len, "%s", ssd_suite_prepare(s) ? ssd_suite_errmsg(s) : "");
    ssd_suite_free(s);
    ssd_target_free(t);
}

Test(suite_file, every_step_kind_refuses_a_bad_key_value_word_alike) {
    char dir[64], msg[512], want[160];
    tu_mkdir(dir, sizeof dir);
    static const char *const kinds[] = {"job", "analyze w", "filebench", "replay"};
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
        const char *kind = kinds[i];
        size_t klen = strcspn(kind, " ");
        static const char *const words[] = {"bare", "=value"};
        for (size_t w = 0; w < 2; w++) {
            char line[96];
            snprintf(line, sizeof line, "%s %s", kind, words[w]);
            prepare_line(dir, line, msg, sizeof msg);
            snprintf(want, sizeof want, ":2: %.*s: expected KEY=VALUE, got '%s'", (int)klen, kind,
                     words[w]);
            cr_assert(strstr(msg, want), "%s -> %s", line, msg);
        }
        /* One option more than a step keeps is refused, naming the kind. */
        char line[2048];
        int at = snprintf(line, sizeof line, "%s", kind);
        for (int k = 0; k <= SSD__STEP_MAX_OPTS; k++)
            at += snprintf(line + at, sizeof line - (size_t)at,
                           !strncmp(kind, "job", 3)         ? " bs=4k"
                           : !strncmp(kind, "analyze", 7)   ? " penalty=4"
                           : !strncmp(kind, "filebench", 9) ? " set=work"
                                                            : " timing=no-idle");
        prepare_line(dir, line, msg, sizeof msg);
        snprintf(want, sizeof want, ":2: %.*s: too many options", (int)klen, kind);
        cr_assert(strstr(msg, want), "%s -> %s", kind, msg);
    }
    tu_rmdir(dir);
}

/* Before the target is opened (a new file target's layout takes minutes)
 * prepare checks the suite on a stand-in drive and builds nothing; run
 * waits for the open. The CLI and Python check this way. */
Test(suite_file, prepare_before_the_open_checks_on_a_stand_in) {
    char dir[64], path[128], out[160];
    tu_mkdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/c.suite", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    ssd_target *t;
    cr_assert_eq(ssd_target_create(&t), 0);
    ssd_suite *s = suite_file(t, path, "trim\njob name=b qd=0\n", out);
    cr_assert_lt(ssd_suite_prepare(s), 0);
    cr_assert(strstr(ssd_suite_errmsg(s), "c.suite:2: job:"), "%s", ssd_suite_errmsg(s));
    ssd_suite_free(s);
    s = suite_file(t, path, "trim\njob name=a pattern=randread time=1s\n", path);
    cr_assert_eq(ssd_suite_prepare(s), -ENOTDIR, "%s", ssd_suite_errmsg(s));
    ssd_suite_free(s);
    s = suite_file(t, path, NULL, out);
    cr_assert_eq(ssd_suite_prepare(s), 0, "%s", ssd_suite_errmsg(s));
    cr_assert_eq(ssd_suite_step_count(s), 0);
    cr_assert_eq(ssd_suite_run(s), SSD_ESTATE);
    cr_assert_eq(ssd_target_open(t, "sim:bx200"), 0, "%s", ssd_target_errmsg(t));
    cr_assert_eq(ssd_suite_prepare(s), 0, "%s", ssd_suite_errmsg(s));
    cr_assert_eq(ssd_suite_step_count(s), 2);
    cr_assert_str_eq(ssd_suite_step_kind(s, 1), "job");
    ssd_suite_free(s);
    ssd_target_free(t);
    tu_rmdir(dir);
}

Test(suite_file, binary_and_missing_files_are_refused) {
    char dir[64];
    tu_mkdir(dir, sizeof dir);
    char path[128];
    snprintf(path, sizeof path, "%s/bin.suite", dir);
    FILE *f = fopen(path, "wb");
    fwrite("trim\0\1\2", 1, 7, f);
    fclose(f);
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s = suite_file(t, path, NULL, NULL);
    cr_assert_eq(ssd_suite_prepare(s), SSD_EFORMAT);
    ssd_suite_free(s);
    snprintf(path, sizeof path, "%s/missing.suite", dir);
    s = suite_file(t, path, NULL, NULL);
    cr_assert_eq(ssd_suite_prepare(s), -ENOENT);
    ssd_suite_free(s);
    ssd_target_free(t);
    tu_rmdir(dir);
}

struct seen {
    int calls, last_step, job_calls, stop_at_step;
};

static int on_progress(void *user, const ssd_suite_progress *p) {
    struct seen *s = user;
    s->calls++;
    cr_assert_geq((int)p->step, s->last_step, "steps run in order");
    cr_assert_lt(p->step, p->steps);
    s->last_step = (int)p->step;
    s->job_calls += p->job != NULL;
    return s->stop_at_step >= 0 && p->step >= (size_t)s->stop_at_step;
}

Test(suite_run, quick_on_bx200_writes_the_results_directory) {
    char dir[64], out[128];
    tu_mkdir(dir, sizeof dir);
    snprintf(out, sizeof out, "%s/res/nested", dir);
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s;
    cr_assert_eq(ssd_suite_create(&s, t), 0);
    cr_assert_eq(ssd_suite_set_option(s, "out", out), 0);
    struct seen seen = {0, 0, 0, -1};
    ssd_suite_set_progress(s, on_progress, &seen, 0);
    cr_assert_eq(ssd_suite_run(s), 0, "%s", ssd_suite_errmsg(s));
    cr_assert_eq(ssd_suite_run(s), SSD_ESTATE);
    cr_assert_eq(seen.last_step, ssd_suite_step_count(s) - 1);
    cr_assert_gt(seen.job_calls, 0);
    char *json = NULL, *text = NULL;
    cr_assert_eq(ssd_suite_to_json(s, 0, &json), 0);
    char *file = slurp(ssd_suite_results_path(s));
    cr_assert_str_eq(json, file, "results.json is what the API returns");
    cr_assert(strstr(json, "\"schema\":\"ssdcore-results/1\""));
    cr_assert(strstr(json, "\"interrupted\":false"));
    cr_assert(strstr(json, "\"complete\":true"));
    cr_assert_eq(ssd_suite_summary_text(s, &text), 0);
    cr_assert(strstr(text, "SLC cache 2.0"), "%s", text);
    char *html = slurp(ssd_suite_report_path(s));
    cr_assert(strstr(html, "<svg"));
    cr_assert(strstr(html, "</html>"));
    char csv[160];
    snprintf(csv, sizeof csv, "%s/degradation.csv", out);
    struct stat st;
    cr_assert_eq(stat(csv, &st), 0);
    free(file);
    free(html);
    ssd_free(json);
    ssd_free(text);
    ssd_suite_free(s);
    ssd_target_free(t);
    tu_rmdir(dir);
}

Test(suite_run, a_progress_callback_stops_the_run_and_results_say_so) {
    char dir[64];
    tu_mkdir(dir, sizeof dir);
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s;
    cr_assert_eq(ssd_suite_create(&s, t), 0);
    cr_assert_eq(ssd_suite_set_option(s, "suite", "lab2016"), 0);
    cr_assert_eq(ssd_suite_set_option(s, "out", dir), 0);
    struct seen seen = {0, 0, 0, 5};
    ssd_suite_set_progress(s, on_progress, &seen, 0);
    cr_assert_eq(ssd_suite_run(s), SSD_EINTERRUPTED);
    char *json = slurp(ssd_suite_results_path(s));
    cr_assert(strstr(json, "\"interrupted\":true"));
    cr_assert(strstr(json, "\"complete\":false"));
    cr_assert_null(strstr(json, "\"index\":6"), "nothing after the stop ran");
    free(json);
    ssd_suite_free(s);
    ssd_target_free(t);
    tu_rmdir(dir);
}

Test(suite_run, an_analysis_that_fails_is_recorded_and_the_run_goes_on) {
    char dir[64], path[128];
    tu_mkdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/short.suite", dir);
    /* Two samples are too few to analyse. */
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s = suite_file(t, path,
                              "job name=a pattern=randwrite time=2s log=a\nanalyze a\n"
                              "job name=b pattern=randread time=1s\n",
                              dir);
    /* ... and then fails: the run did not give all it was asked for (it
     * used to return 0, and results.json said "interrupted"). */
    cr_assert_eq(ssd_suite_run(s), SSD_ENODATA, "%s", ssd_suite_errmsg(s));
    cr_assert(strstr(ssd_suite_errmsg(s), "step 2 (analyze-a, line 2): "), "%s",
              ssd_suite_errmsg(s));
    char *json = NULL;
    cr_assert_eq(ssd_suite_to_json(s, 0, &json), 0);
    cr_assert(strstr(json, "\"state\":\"failed\""));
    cr_assert(strstr(json, "\"name\":\"b\""));
    cr_assert(strstr(json, "\"status\":\"failed\""), "%s", json);
    cr_assert(strstr(json, "\"interrupted\":false"), "%s", json);
    ssd_free(json);
    ssd_suite_free(s);
    ssd_target_free(t);
    tu_rmdir(dir);
}

/* A target that refuses TRIM (no discard, no hole punching) costs only the
 * TRIM steps: they are skipped with the reason, the run completes. */
Test(suite_run, a_refused_trim_is_skipped_with_its_reason_and_the_run_goes_on) {
    char dir[64], path[128];
    tu_mkdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/trims.suite", dir);
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s = suite_file(t, path,
                              "trim\njob name=a pattern=write bs=128k time=1s\n"
                              "trim length=1g\njob name=b pattern=randread time=1s\n",
                              dir);
    ssd_suite *l = NULL;
    ssd__trim_refused_for_tests = 1;
    int rc = ssd_suite_run(s);
    ssd__trim_refused_for_tests = 0;
    cr_assert_eq(rc, 0, "%s", ssd_suite_errmsg(s));
    cr_assert_eq(s->res.nsteps, 4);
    for (int i = 0; i < 4; i++) {
        const struct ssd__step *st = &s->res.steps[i];
        cr_assert_eq(st->res.state, i % 2 ? SSD__ST_DONE : SSD__ST_SKIPPED, "step %d", i + 1);
        cr_assert_eq(st->res.error, NULL);
        if (i % 2 == 0)
            cr_assert(st->res.reason && strstr(st->res.reason, "TRIM refused") &&
                          strstr(st->res.reason, strerror(EOPNOTSUPP)),
                      "%s", st->res.reason);
    }
    char *json = slurp(ssd_suite_results_path(s)), *text = NULL;
    cr_assert(strstr(json, "\"complete\":true"));
    cr_assert(strstr(json, "\"error\":null"));
    cr_assert(strstr(json, "\"state\":\"skipped\",\"started\""));
    cr_assert(strstr(json, "\"skipped_steps\":[{\"index\":0,\"name\":\"trim\""), "%s", json);
    cr_assert(strstr(json, "{\"index\":2,\"name\":\"trim\",\"kind\":\"trim\",\"reason\":\"TRIM"));
    cr_assert_eq(ssd_suite_summary_text(s, &text), 0);
    cr_assert(strstr(text, ": done, 2 steps skipped\n"), "%s", text);
    cr_assert(strstr(text, "skipped step 3 (trim, line 3): TRIM refused"), "%s", text);
    char *html = slurp(ssd_suite_report_path(s));
    cr_assert(strstr(html, "<tr class=\"skipped\">"));
    cr_assert(strstr(html, "Step 3 (<code>trim length=1g</code>) was skipped: TRIM refused"));
    /* Loaded back, the steps are still skipped for the same reason. */
    cr_assert_eq(ssd_suite_load(&l, dir), 0, "%s", ssd_suite_errmsg(l));
    cr_assert_eq(l->res.steps[2].res.state, SSD__ST_SKIPPED);
    cr_assert_str_eq(l->res.steps[2].res.reason, s->res.steps[2].res.reason);
    char *again = NULL;
    cr_assert_eq(ssd_suite_to_json(l, 0, &again), 0);
    cr_assert(strstr(again, "\"complete\":true"));
    cr_assert(strstr(again, "\"skipped_steps\":[{\"index\":0,"));
    ssd_free(again);
    ssd_free(text);
    free(html);
    free(json);
    ssd_suite_free(l);
    ssd_suite_free(s);
    ssd_target_free(t);
    tu_rmdir(dir);
}

struct lose {
    const char *csv;
    int removed;
};

static int lose_csv_before_analysis(void *user, const ssd_suite_progress *p) {
    struct lose *l = user;
    if (!p->job && !strcmp(p->kind, "analyze") && !l->removed)
        l->removed = unlink(l->csv) == 0;
    return 0;
}

/* A series CSV gone before its analysis: the headline, the text summary and
 * the report name the step, the file and why, instead of dropping the curve. */
Test(suite_run, a_lost_csv_is_named_in_the_headline_and_the_report) {
    char dir[64], path[128], csv[128];
    tu_mkdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/lost.suite", dir);
    snprintf(csv, sizeof csv, "%s/a.csv", dir);
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s =
        suite_file(t, path,
                   "job name=a pattern=randwrite qd=32 time=60s interval=1s log=a\nanalyze a\n"
                   "job name=b pattern=randwrite qd=32 time=60s interval=1s log=b\nanalyze b\n",
                   dir);
    struct lose l = {csv, 0};
    ssd_suite_set_progress(s, lose_csv_before_analysis, &l, 0);
    cr_assert_eq(ssd_suite_run(s), -ENOENT, "%s", ssd_suite_errmsg(s));
    cr_assert(l.removed);
    cr_assert_eq(s->res.steps[1].res.state, SSD__ST_FAILED);
    cr_assert_eq(s->res.steps[3].res.state, SSD__ST_DONE);
    char *json = slurp(ssd_suite_results_path(s)), *text = NULL;
    const char *wc = strstr(json, "\"write_curves\":{");
    cr_assert_not_null(wc);
    cr_assert(strstr(wc, "\"a\":{\"total_bytes\":null,"), "%s", wc);
    const char *err = strstr(wc, "\"error\":\"step 2 (analyze-a): ");
    cr_assert_not_null(err, "%s", wc);
    cr_assert(strstr(err, "a.csv") && strstr(err, strerror(ENOENT)), "%s", err);
    cr_assert(strstr(wc, "\"b\":{\"total_bytes\":"));
    cr_assert_eq(ssd_suite_summary_text(s, &text), 0);
    cr_assert(strstr(text, "    a: written"), "%s", text);
    cr_assert(strstr(text, "no figures: step 2 (analyze-a): "), "%s", text);
    cr_assert(strstr(text, "a.csv"), "%s", text);
    char *html = slurp(ssd_suite_report_path(s));
    cr_assert(strstr(html, "<th>a: written</th><td colspan=\"2\" class=\"err\">no figures: "
                           "step 2 (analyze-a): "),
              "%s", html);
    cr_assert(strstr(html, "No chart for a.csv: step 2"));
    ssd_free(text);
    free(html);
    free(json);
    ssd_suite_free(s);
    ssd_target_free(t);
    tu_rmdir(dir);
}

/* The checked-in results directory (tests/data/results, schema
 * ssdcore-results/1) must always load: steps, figures, and the analyses
 * recomputed from its CSVs agree with the simulator's truth stored beside
 * them. */
Test(suite_load, the_checked_in_sample_loads_with_its_figures) {
    ssd_suite *l = NULL;
    cr_assert_eq(ssd_suite_load(&l, data_path("/results/quick-bx200")), 0, "%s",
                 ssd_suite_errmsg(l));
    cr_assert_str_eq(ssd_suite_errmsg(l), "", "every CSV is there");
    cr_assert_str_eq(l->res.suite_name, "quick");
    cr_assert_str_eq(l->res.target_uri, "sim:bx200");
    cr_assert_eq(l->res.nsteps, l->res.steps_total);
    int jobs = 0, analyses = 0;
    for (int i = 0; i < l->res.nsteps; i++) {
        const struct ssd__step *st = &l->res.steps[i];
        cr_assert_eq(st->res.state, SSD__ST_DONE, "step %d", i + 1);
        if (st->def.kind == SSD__STEP_JOB) {
            jobs++;
            cr_assert_gt(st->res.bw_bps, 0, "%s", st->def.name);
            cr_assert_gt(st->res.lat_p99_us, st->res.lat_p50_us * 0.999, "%s", st->def.name);
        }
        if (st->def.kind != SSD__STEP_ANALYZE)
            continue;
        analyses++;
        cr_assert(st->res.has_summary && st->res.curve, "%s recomputed from its CSV", st->def.name);
        const struct ssd__step *job = ssd__suite_find_log(&l->res, st->def.series, i);
        cr_assert_not_null(job);
        if (!strcmp(st->def.series, "degradation")) {
            cr_assert(st->res.sum.has_cache);
            cr_assert_float_eq(st->res.sum.cache_bytes, job->res.truth_cache_bytes,
                               0.1 * job->res.truth_cache_bytes);
            cr_assert_float_eq(st->res.sum.post_cache_bps, job->res.truth_post_bps,
                               0.15 * job->res.truth_post_bps);
        }
    }
    cr_assert_geq(jobs, 8);
    cr_assert_eq(analyses, 2);
    const struct ssd__step *q1 = ssd__suite_find(&l->res, "rand4k-read-qd1", l->res.nsteps);
    cr_assert_not_null(q1);
    char *text = NULL;
    cr_assert_eq(ssd_suite_summary_text(l, &text), 0);
    cr_assert(strstr(text, "quick on sim:bx200: done\n"), "%s", text);
    cr_assert(strstr(text, "degradation: ") && strstr(text, "SLC cache "), "%s", text);
    ssd_free(text);
    ssd_suite_free(l);
}

/* The text summary and the report's headline table show the headline as
 * the one flattener gives it (ssd_headline_figures): every figure of the
 * run, labelled, scaled and formatted by the one label table, as the
 * compare page does. */
Test(suite_load, the_summary_and_the_report_show_the_flattened_headline) {
    ssd_suite *l = NULL;
    cr_assert_eq(ssd_suite_load(&l, data_path("/results/quick-bx200")), 0, "%s",
                 ssd_suite_errmsg(l));
    char *results = NULL, *flat = NULL, *text = NULL, *html = NULL;
    cr_assert_eq(ssd_suite_to_json(l, SSD_JSON_COMPACT, &results), 0);
    cr_assert_eq(ssd_headline_figures(results, SSD_JSON_COMPACT, &flat), 0);
    cr_assert_eq(ssd_suite_summary_text(l, &text), 0);
    cr_assert_eq(ssd__suite_report_html(&l->res, &html), 0);
    struct ssd__jv figs;
    char why[128];
    cr_assert_eq(ssd__jr_parse(flat, &figs, why, sizeof why), 0, "%s", why);
    int shown = 0;
    for (size_t i = 0; i < figs.n; i++) {
        if (figs.items[i].type != SSD__JNUM)
            continue;
        struct ssd__figure_info f;
        ssd__figure_describe(figs.keys[i], &f);
        char value[64], head[300], tail[200];
        snprintf(value, sizeof value, f.format, figs.items[i].num * f.scale);
        /* The label (a test of its own adds its conditions), then the value
         * in the table's format and the unit, on one line or row. */
        snprintf(head, sizeof head, "\n    %s", f.label);
        snprintf(tail, sizeof tail, " %s %s\n", value, f.unit);
        const char *line = strstr(text, head), *end = line ? strchr(line + 1, '\n') : NULL;
        cr_expect(end && (size_t)(end + 1 - line) > strlen(tail) &&
                      !strncmp(end + 1 - strlen(tail), tail, strlen(tail)),
                  "%s:%s not in\n%s", f.label, tail, text);
        snprintf(head, sizeof head, "<tr><th>%s", f.label);
        snprintf(tail, sizeof tail, "</th><td class=\"n\">%s</td><td>%s</td></tr>", value, f.unit);
        const char *row = strstr(html, head), *rend = row ? strstr(row, "</tr>") : NULL;
        cr_expect(rend && (size_t)(rend + 5 - row) > strlen(tail) &&
                      !strncmp(rend + 5 - strlen(tail), tail, strlen(tail)),
                  "%s%s not in the report", head, tail);
        shown++;
    }
    cr_assert_gt(shown, 20, "the quick suite's headline has its figures");
    ssd__jv_free(&figs);
    ssd_free(results);
    ssd_free(flat);
    ssd_free(text);
    free(html);
    ssd_suite_free(l);
}

/* A step whose CSV is gone keeps the summary its stored analysis gives:
 * every figure the analysis wrote reads back (summary_keys.h), equal to the
 * one recomputed from the CSV to the ten digits written. */
Test(suite_load, a_stored_analysis_reads_back_every_summary_figure) {
    char dir[64], path[128];
    tu_mkdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/results.json", dir);
    char *json = slurp(data_path("/results/quick-bx200/results.json"));
    write_text(path, json);
    free(json);
    ssd_suite *fresh = NULL, *stored = NULL;
    cr_assert_eq(ssd_suite_load(&fresh, data_path("/results/quick-bx200")), 0);
    cr_assert_eq(ssd_suite_load(&stored, dir), 0, "%s", ssd_suite_errmsg(stored));
    cr_assert(strstr(ssd_suite_errmsg(stored), "cannot recompute"), "%s", ssd_suite_errmsg(stored));
    int compared = 0;
    for (int i = 0; i < fresh->res.nsteps; i++) {
        if (fresh->res.steps[i].def.kind != SSD__STEP_ANALYZE)
            continue;
        const struct ssd_analysis_summary *a = &fresh->res.steps[i].res.sum,
                                          *b = &stored->res.steps[i].res.sum;
        cr_assert(stored->res.steps[i].res.has_summary);
        cr_assert_eq(a->has_cache, b->has_cache);
        cr_assert_eq(a->has_gc, b->has_gc);
        cr_assert_eq(a->has_recovery, b->has_recovery);
#define SAME(key, member)                                                                          \
    cr_assert(isnan(a->member) ? isnan(b->member)                                                  \
                               : fabs(a->member - b->member) <= 1e-9 * fabs(a->member),            \
              "%s: " #member " %.17g, stored %.17g", fresh->res.steps[i].def.name, a->member,      \
              b->member);                                                                          \
    compared += !isnan(a->member);
        SSD__CACHE_KEYS(SAME)
        SSD__FOLDING_KEYS(SAME)
        SSD__GC_KEYS(SAME)
        SSD__TEMPERATURE_KEYS(SAME)
        SSD__THROTTLE_KEYS(SAME)
        SSD__RECOVERY_KEYS(SAME)
#undef SAME
    }
    cr_assert_geq(compared, 6, "figures to compare: the sample has a cache and a recovery");
    ssd_suite_free(fresh);
    ssd_suite_free(stored);
    tu_rmdir(dir);
}

/* Inputs the fuzz target found that once crashed, leaked or hit undefined
 * behaviour (tests/data/results/fuzz): each loads or is refused cleanly, and
 * what loads renders (under ASan/UBSan in CI). */
Test(suite_load, fuzz_regressions_load_or_are_refused_cleanly) {
    const char *dir = data_path("/results/fuzz");
    DIR *d = opendir(dir);
    cr_assert_not_null(d, "%s", dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 5, ".json"))
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        char *text = slurp(path);
        ssd_suite *l = NULL;
        int rc = ssd__suite_load_text(&l, "/nonexistent/ssdcore-test", text);
        cr_assert_not_null(l);
        if (rc == 0) {
            char *out = NULL;
            cr_assert_eq(ssd_suite_to_json(l, 0, &out), 0, "%s", path);
            ssd_free(out);
            cr_assert_eq(ssd_suite_summary_text(l, &out), 0, "%s", path);
            ssd_free(out);
            cr_assert_eq(ssd__suite_report_html(&l->res, &out), 0, "%s", path);
            free(out);
        } else {
            cr_assert(strstr(ssd_suite_errmsg(l), "results.json"), "%s: %s", path,
                      ssd_suite_errmsg(l));
        }
        ssd_suite_free(l);
        free(text);
        n++;
    }
    closedir(d);
    cr_assert_gt(n, 0, "no regression inputs in %s", dir);
}

/* Numbers no integer field can hold are not cast (undefined behaviour). */
Test(suite_load, out_of_range_integers_fall_back) {
    ssd_suite *l = NULL;
    cr_assert_eq(ssd__suite_load_text(
                     &l, "/nonexistent",
                     "{\"schema\":\"ssdcore-results/1\",\"target\":{\"uri\":\"x\","
                     "\"size_bytes\":1e30,\"block_size\":-5},\"steps_total\":2.5,\"steps\":["
                     "{\"kind\":\"trim\",\"state\":\"done\",\"lineno\":1e99,\"offset\":-1,"
                     "\"length\":4096}]}"),
                 0, "%s", ssd_suite_errmsg(l));
    cr_assert_eq(l->res.target_size, 0);
    cr_assert_eq(l->res.target_block, 0);
    cr_assert_eq(l->res.steps_total, 1);
    cr_assert_eq(l->res.steps[0].def.lineno, 0);
    cr_assert_eq(l->res.steps[0].def.offset, 0);
    cr_assert_eq(l->res.steps[0].def.length, 4096);
    ssd_suite_free(l);
}

Test(suite_internal, atomic_write_replaces_and_leaves_no_temporary) {
    char dir[64], path[128], tmp[160];
    tu_mkdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/r.json", dir);
    cr_assert_eq(ssd__write_atomic(path, "{\"a\":1}", 7), 0);
    cr_assert_eq(ssd__write_atomic(path, "{}", 2), 0);
    char *p = slurp(path);
    cr_assert_str_eq(p, "{}");
    free(p);
    snprintf(tmp, sizeof tmp, "%s/.r.json.tmp", dir);
    struct stat st;
    cr_assert_neq(stat(tmp, &st), 0);
    snprintf(path, sizeof path, "%s/no/such/dir/r.json", dir);
    cr_assert_eq(ssd__write_atomic(path, "{}", 2), -ENOENT);
    tu_rmdir(dir);
}

Test(suite_internal, text_buffer_escapes_html) {
    struct ssd__text t = {0};
    ssd__text_html(&t, "<a&b>\"\x01");
    char *s = ssd__text_take(&t);
    cr_assert_str_eq(s, "&lt;a&amp;b&gt;&quot;?");
    free(s);
}

Test(suite_load, a_results_directory_loads_back_to_the_same_json) {
    char dir[64];
    tu_mkdir(dir, sizeof dir);
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s, *l = NULL;
    cr_assert_eq(ssd_suite_create(&s, t), 0);
    cr_assert_eq(ssd_suite_set_option(s, "out", dir), 0);
    cr_assert_eq(ssd_suite_run(s), 0, "%s", ssd_suite_errmsg(s));
    cr_assert_eq(ssd_suite_load(&l, dir), 0, "%s", ssd_suite_errmsg(l));
    cr_assert_eq(ssd_suite_run(l), SSD_ESTATE);
    char *a = NULL, *b = NULL;
    cr_assert_eq(ssd_suite_to_json(s, 0, &a), 0);
    cr_assert_eq(ssd_suite_to_json(l, 0, &b), 0);
    /* The same except the spacing of the simulator's truth objects. */
    cr_assert_eq(strlen(b) <= strlen(a), 1);
    cr_assert(strstr(b, "\"complete\":true"));
    cr_assert_eq(ssd_suite_write_report(l, NULL), 0);
    ssd_free(a);
    ssd_free(b);
    ssd_suite_free(l);
    ssd_suite_free(s);
    ssd_target_free(t);
    tu_rmdir(dir);
}

/* Every prefix of a real results.json (and a few corruptions) is refused
 * cleanly or loaded: never a crash, a leak or a read out of bounds. */
Test(suite_load, truncated_and_corrupted_results_never_crash) {
    char dir[64], path[128];
    tu_mkdir(dir, sizeof dir);
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s;
    cr_assert_eq(ssd_suite_create(&s, t), 0);
    cr_assert_eq(ssd_suite_set_option(s, "out", dir), 0);
    cr_assert_eq(ssd_suite_run(s), 0);
    char *full = slurp(ssd_suite_results_path(s));
    ssd_suite_free(s);
    ssd_target_free(t);
    snprintf(path, sizeof path, "%s/results.json", dir);
    size_t n = strlen(full);
    int loaded = 0;
    for (size_t cut = 0; cut <= n; cut += cut < 200 ? 1 : 331) {
        FILE *f = fopen(path, "wb");
        fwrite(full, 1, cut, f);
        fclose(f);
        ssd_suite *l = NULL;
        int rc = ssd_suite_load(&l, dir);
        cr_assert_not_null(l);
        if (rc == 0)
            loaded++;
        else
            cr_assert(strstr(ssd_suite_errmsg(l), "results.json"), "%s", ssd_suite_errmsg(l));
        ssd_suite_free(l);
    }
    cr_assert_leq(loaded, 1, "only the whole file (or its trailing newline cut) loads");
    static const char *const bad[] = {"\"\\ud800\"",
                                      "{\"a\":\"\\x\"}",
                                      "[[[[[[[[[[[[[[[[[[[[[[[["
                                      "[[[[[[[[[[[[[[[[[[[[[[[["
                                      "[[[[[[[[[[[[[[[[[[[[",
                                      "{\"schema\":\"ssdcore-results/1\",\"steps\":[{\"kind\":7}]}",
                                      "{\"schema\":\"ssdcore-results/1\",\"steps\":[{\"kind\":"
                                      "\"job\",\"state\":\"done\",\"params\":[1]}]}",
                                      "1e999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        FILE *f = fopen(path, "wb");
        fputs(bad[i], f);
        fclose(f);
        ssd_suite *l = NULL;
        ssd_suite_load(&l, dir);
        ssd_suite_free(l);
    }
    free(full);
    tu_rmdir(dir);
}

static int count(const char *hay, const char *needle) {
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p++)
        n++;
    return n;
}

/* Every chart path of the report (write curves with truth, QD, block size,
 * mixed, a suite file's own group) under the sanitizers. */
Test(suite_report, lab2016_and_a_custom_group_draw_every_chart) {
    char dir[64], out[128], path[128];
    tu_mkdir(dir, sizeof dir);
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s;
    snprintf(out, sizeof out, "%s/lab", dir);
    cr_assert_eq(ssd_suite_create(&s, t), 0);
    cr_assert_eq(ssd_suite_set_option(s, "suite", "lab2016"), 0);
    /* Every step and chart of lab2016, its file tests replayed at 1 GB sets
     * rather than 8 GB: at 8 GB their 260,000 short jobs were three
     * quarters of this file's time under ASan (the charts are the same). */
    cr_assert_eq(ssd_suite_set_option(s, "filebench_size", "1g"), 0);
    cr_assert_eq(ssd_suite_set_option(s, "out", out), 0);
    cr_assert_eq(ssd_suite_run(s), 0, "%s", ssd_suite_errmsg(s));
    char *html = slurp(ssd_suite_report_path(s));
    cr_assert_geq(count(html, "<svg "), 7, "3 write curves, 2 QD, 1 block size, 1 mixed");
    cr_assert_eq(count(html, "<svg "), count(html, "</svg>"));
    cr_assert(strstr(html, "sim truth"));
    free(html);
    ssd_suite_free(s);

    snprintf(path, sizeof path, "%s/g.suite", dir);
    snprintf(out, sizeof out, "%s/g", dir);
    s = suite_file(t, path,
                   "job name=a group=g x=1 pattern=randread time=2s\n"
                   "job name=b group=g x=2 pattern=randread qd=2 time=2s\n",
                   out);
    cr_assert_eq(ssd_suite_run(s), 0, "%s", ssd_suite_errmsg(s));
    html = slurp(ssd_suite_report_path(s));
    cr_assert_eq(count(html, "<svg "), 1);
    free(html);
    ssd_suite_free(s);
    ssd_target_free(t);
    tu_rmdir(dir);
}

Test(suite_filebench, a_file_test_step_records_its_timings) {
    char dir[64], path[128], out[128];
    tu_mkdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/f.suite", dir);
    char text[256];
    snprintf(text, sizeof text, "filebench name=fw dir=%s set=work size=2m\n", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s = suite_file(t, path, text, out);
    cr_assert_eq(ssd_suite_run(s), 0, "%s", ssd_suite_errmsg(s));
    cr_assert_str_eq(ssd_suite_step_kind(s, 0), "filebench");
    char *json = NULL;
    cr_assert_eq(ssd_suite_to_json(s, 0, &json), 0);
    cr_assert(strstr(json, "\"file_tests\":{\"fw\":{\"copy_s\":"), "%s", json);
    cr_assert(strstr(json, "\"extract_bps\":"));
    ssd_free(json);
    ssd_suite *l = NULL;
    cr_assert_eq(ssd_suite_load(&l, out), 0, "%s", ssd_suite_errmsg(l));
    cr_assert_eq(ssd_suite_to_json(l, 0, &json), 0);
    cr_assert(strstr(json, "\"archive_s\":"));
    ssd_free(json);
    ssd_suite_free(l);
    ssd_suite_free(s);
    ssd_target_free(t);
    tu_rmdir(dir);
}

/* A step whose CSV is gone keeps its stored analysis: its precondition is
 * the stored one, not 0 (none) from a zeroed summary. */
Test(suite_load, a_stored_analysis_keeps_its_precondition) {
    char dir[64], path[128];
    tu_mkdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/p.suite", dir);
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s = suite_file(t, path,
                              "job log=a time=20s pattern=randwrite precondition=seq_fill\n"
                              "job log=b time=20s pattern=randwrite\nanalyze a\nanalyze b\n",
                              dir);
    ssd_suite *l = NULL;
    cr_assert_eq(ssd_suite_run(s), 0, "%s", ssd_suite_errmsg(s));
    char csv[128];
    for (const char *n = "ab"; *n; n++) {
        snprintf(csv, sizeof csv, "%s/%c.csv", dir, *n);
        cr_assert_eq(unlink(csv), 0);
    }
    ssd_suite_load(&l, dir); /* says the CSVs are gone; the stored analyses stay */
    cr_assert_not_null(l);
    int want[] = {SSD_PRECONDITION_SEQ_FILL, SSD_PRECONDITION_UNKNOWN}, seen = 0;
    for (int i = 0; i < l->res.nsteps; i++) {
        const struct ssd__step *st = &l->res.steps[i];
        if (st->def.kind != SSD__STEP_ANALYZE)
            continue;
        cr_assert(st->res.sum_stored);
        cr_assert_eq(st->res.sum.precondition, want[seen], "%s: %d", st->def.name,
                     st->res.sum.precondition);
        seen++;
    }
    cr_assert_eq(seen, 2);
    ssd_suite_free(l);
    ssd_suite_free(s);
    ssd_target_free(t);
    tu_rmdir(dir);
}

/* Stops the run at the Nth job progress inside a pts step. */
static int stop_in_pts(void *user, const ssd_suite_progress *p) {
    int *left = user;
    return !strcmp(p->kind, "pts") && p->job && --*left == 0;
}

Test(suite_run, an_interrupted_pts_test_keeps_the_rounds_it_ran) {
    char dir[64], path[128];
    tu_mkdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/lat.suite", dir);
    /* The latency test: 9 cells a round; on bx200 it needs more than 5. */
    ssd_target *t = sim("sim:bx200");
    ssd_suite *s = suite_file(t, path, "pts test=latency\n", dir);
    int left = 40;
    ssd_suite_set_progress(s, stop_in_pts, &left, 0);
    cr_assert_eq(ssd_suite_run(s), SSD_EINTERRUPTED);
    const struct ssd__step *st = &s->res.steps[0];
    cr_assert_eq(st->res.state, SSD__ST_INTERRUPTED);
    struct ssd__jv v;
    cr_assert_eq(ssd__pts_parse(st, &v), 0);
    double rounds = ssd__jv_num(&v, "rounds", -1);
    cr_assert(rounds >= 1 && rounds < 25, "rounds %g", rounds);
    const struct ssd__jv *track = ssd__jv_get(&v, "tracking_values");
    cr_assert_not_null(track);
    cr_assert_eq(track->n, (size_t)rounds, "one tracking value per whole round");
    cr_assert_str_eq(ssd__jv_str(&v, "purge"), "model reset");
    /* why the rounds stopped, the interrupt said apart from the spec's stops */
    cr_assert_str_eq(ssd__jv_str(&v, "stopped_by"), "interrupted");
    cr_assert(strstr(ssd__jv_str(&v, "rounds_why"), "interrupted after"));
    ssd__jv_free(&v);
    char *json = slurp(ssd_suite_results_path(s));
    cr_assert(strstr(json, "\"interrupted\":true"));
    cr_assert(strstr(json, "\"pts\":{\"test\":\"latency\""), "the rounds are in results.json");
    free(json);
    ssd_suite_free(s);
    ssd_target_free(t);
    tu_rmdir(dir);
}

Test(suite_file, fill_level_writes_that_share_once_and_counts_as_written_before) {
    ssd_target *t = sim("sim:mp44l-1tb");
    uint64_t written = 0;
    cr_assert_eq(ssd_target_fill(t, ssd_target_size(t) / 10 + 7, &written, NULL, NULL), 0);
    /* whole 128 KiB writes, rounded down */
    cr_assert_eq(written, (ssd_target_size(t) / 10 + 7) / 131072 * 131072);
    cr_assert_eq(ssd_target_fill(t, 0, &written, NULL, NULL), SSD_ERANGE);
    cr_assert_eq(written, 0);
    cr_assert_eq(ssd_target_fill(t, ssd_target_size(t) + 1, NULL, NULL, NULL), SSD_ERANGE);
    cr_assert(strstr(ssd_target_errmsg(t), "fill: "), "%s", ssd_target_errmsg(t));
    cr_assert_eq(ssd_target_fill(NULL, 1, NULL, NULL, NULL), SSD_EINVAL);
    ssd_target_free(t);
}

/* ssd_headline_figures: the headline flattened by the catalog's flattener,
 * from results.json or the headline alone; text, booleans and arrays left
 * out, nulls kept, bad input refused with a code. */
Test(headline_figures, flattens_in_document_order_and_refuses_bad_input) {
    char *out = NULL;
    const char *doc = "{\"schema\":\"ssdcore-results/1\",\"headline\":{\"seq_read_bps\":5e8,"
                      "\"warnings\":[],\"write_curves\":{\"degradation\":{\"cache_bytes\":"
                      "2147483648,\"in_words\":\"x\",\"folding_level_bps\":null,\"ok\":true}}}}";
    cr_assert_eq(ssd_headline_figures(doc, SSD_JSON_COMPACT, &out), 0);
    cr_expect_str_eq(out, "{\"seq_read_bps\":500000000,\"write_curves.degradation.cache_bytes\":"
                          "2147483648,\"write_curves.degradation.folding_level_bps\":null}\n");
    ssd_free(out);
    /* A preparation write's curve is none of the drive's figures, here as
     * on the compare page, in the report and in the catalog. */
    cr_assert_eq(ssd_headline_figures("{\"write_curves\":{\"cdm-prepare\":{\"preparation\":true,"
                                      "\"total_bytes\":1e9},\"d\":{\"total_bytes\":2}}}",
                                      SSD_JSON_COMPACT, &out),
                 0);
    cr_expect_str_eq(out, "{\"write_curves.d.total_bytes\":2}\n");
    ssd_free(out);
    cr_assert_eq(ssd_headline_figures("{\"a\":{\"b\":1.5}}", SSD_JSON_COMPACT, &out), 0);
    cr_expect_str_eq(out, "{\"a.b\":1.5}\n");
    ssd_free(out);
    cr_expect_eq(ssd_headline_figures("{\"a\":", 0, &out), SSD_EFORMAT);
    cr_expect_null(out);
    cr_expect_eq(ssd_headline_figures("[1]", 0, &out), SSD_EFORMAT);
    cr_expect_eq(ssd_headline_figures("{\"schema\":\"x\"}", 0, &out), SSD_EFORMAT);
    cr_expect_eq(ssd_headline_figures(NULL, 0, &out), SSD_EINVAL);
    cr_expect_eq(ssd_headline_figures("{}", 0, NULL), SSD_EINVAL);
    cr_expect_eq(ssd_headline_figures("{}", 64, &out), SSD_EINVAL);
}

/* The label table reads a key whose last part has a dot of its own (HIR's
 * wait in seconds, "0.05") whole, and gives PTS's block size a unit. */
Test(figure_labels, a_wait_with_a_dot_is_the_rest_of_the_key) {
    struct ssd__figure_info f;
    ssd__figure_describe("pts.pts-hir.mean_iops_by_wait_s.0.05", &f);
    cr_expect_str_eq(f.label, "pts-hir: mean IOPS of a burst after 0.05 s idle");
    cr_expect_str_eq(f.unit, "IOPS");
    cr_expect_str_eq(f.section, "SNIA PTS");
    ssd__figure_describe("pts.pts-throughput-128k.bs", &f);
    cr_expect_str_eq(f.unit, "KiB");
    cr_expect_float_eq(131072 * f.scale, 128, 1e-9);
}
