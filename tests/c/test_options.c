/* One boolean vocabulary: every handle's flag options take the same words
 * and refuse the same others (they used to differ: the job any case, the
 * target case-sensitive, fileops also on/off, the suite's report 0/1 only). */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <ssdcore.h>

#include "errmsg.h"
#include "options.h"

static const char *const yes[] = {"1", "true", "yes", "on", "TRUE", "Yes", "ON"};
static const char *const no[] = {"0", "false", "no", "off", "FALSE", "No", "Off"};
static const char *const bad[] = {"", "2", "y", "n", "enable", "truee", " 1"};
#define N(a) (sizeof a / sizeof *a)

typedef int (*set_fn)(void *h, const char *key, const char *value);

static void check(const char *what, void *h, set_fn set, const char *key) {
    for (size_t i = 0; i < N(yes); i++)
        cr_expect_eq(set(h, key, yes[i]), 0, "%s %s=%s", what, key, yes[i]);
    for (size_t i = 0; i < N(no); i++)
        cr_expect_eq(set(h, key, no[i]), 0, "%s %s=%s", what, key, no[i]);
    for (size_t i = 0; i < N(bad); i++)
        cr_expect_eq(set(h, key, bad[i]), SSD_EINVAL, "%s %s='%s' must be refused", what, key,
                     bad[i]);
}

static int job_set(void *h, const char *k, const char *v) {
    return ssd_job_set_option(h, k, v);
}
static int target_set(void *h, const char *k, const char *v) {
    return ssd_target_set_option(h, k, v);
}
static int suite_set(void *h, const char *k, const char *v) {
    return ssd_suite_set_option(h, k, v);
}
static int replay_set(void *h, const char *k, const char *v) {
    return ssd_replay_set_option(h, k, v);
}
static int analysis_set(void *h, const char *k, const char *v) {
    return ssd_analysis_set_option(h, k, v);
}
static int copy_set(void *h, const char *k, const char *v) {
    return ssd_copy_set_option(h, k, v);
}
static int archive_set(void *h, const char *k, const char *v) {
    return ssd_archive_set_option(h, k, v);
}
static int extract_set(void *h, const char *k, const char *v) {
    return ssd_extract_set_option(h, k, v);
}
static int fileset_set(void *h, const char *k, const char *v) {
    return ssd_fileset_set_option(h, k, v);
}
static int filebench_set(void *h, const char *k, const char *v) {
    return ssd_filebench_set_option(h, k, v);
}

Test(options, every_handle_takes_the_same_boolean_words) {
    ssd_target *t = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    check("target", t, target_set, "buffered");
    ssd_target_free(t);

    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, "sim:bx200"), 0, "%s", ssd_target_errmsg(t));
    ssd_job *j = NULL;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    check("job", j, job_set, "stamp");
    ssd_job_free(j);
    ssd_suite *s = NULL;
    cr_assert_eq(ssd_suite_create(&s, t), 0);
    check("suite", s, suite_set, "report");
    ssd_suite_free(s);
    ssd_target_free(t);

    ssd_copy *c = NULL;
    cr_assert_eq(ssd_copy_create(&c), 0);
    check("copy", c, copy_set, "hardlinks");
    ssd_copy_free(c);
}

/* The table a handle exports is the one its set_option checks against:
 * every key takes its own default, and the structs carry their size. */
static void check_table(const char *what, const ssd_option_info *info, size_t n, void *h,
                        set_fn set) {
    cr_assert_gt(n, 0, "%s", what);
    for (size_t i = 0; i < n; i++) {
        cr_expect_eq(info[i].size, sizeof(ssd_option_info), "%s", what);
        for (size_t k = 0; k < i; k++)
            cr_expect_str_neq(info[i].name, info[k].name, "%s: key twice", what);
        if (info[i].default_value[0])
            cr_expect_eq(set(h, info[i].name, info[i].default_value), 0, "%s %s=%s", what,
                         info[i].name, info[i].default_value);
        cr_expect_leq(info[i].min, info[i].max, "%s %s", what, info[i].name);
    }
    cr_expect_eq(set(h, "no_such_key", "1"), SSD_EINVAL, "%s", what);
}

Test(options, every_table_default_is_accepted_by_its_handle) {
    ssd_target *t = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, "sim:bx200"), 0, "%s", ssd_target_errmsg(t));
    ssd_job *j = NULL;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    size_t n = 0;
    const ssd_option_info *info = ssd_job_options(&n);
    check_table("job", info, n, j, job_set);
    ssd_job_free(j);
    ssd_target_free(t);
    cr_assert_eq(ssd_target_create(&t), 0);
    info = ssd_target_options(&n);
    check_table("target", info, n, t, target_set);
    cr_assert_eq(ssd_target_open(t, "sim:bx200"), 0, "%s", ssd_target_errmsg(t));
    ssd_suite *s = NULL;
    cr_assert_eq(ssd_suite_create(&s, t), 0);
    info = ssd_suite_options(&n);
    check_table("suite", info, n, s, suite_set);
    ssd_suite_free(s);
    ssd_trace *tr = NULL;
    ssd_replay *r = NULL;
    cr_assert_eq(ssd_trace_create(&tr), 0);
    cr_assert_eq(ssd_replay_create(&r, t, tr), 0);
    info = ssd_replay_options(&n);
    check_table("replay", info, n, r, replay_set);
    ssd_replay_free(r);
    ssd_trace_free(tr);
    ssd_target_free(t);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    info = ssd_analysis_options(&n);
    check_table("analysis", info, n, a, analysis_set);
    /* the defaults the table declares are the values a new handle holds */
    ssd_analysis *fresh = NULL;
    cr_assert_eq(ssd_analysis_create(&fresh), 0);
    for (size_t i = 0; i < n; i++) {
        double v = -1, w = -2;
        cr_assert_eq(ssd_analysis_get_option(a, info[i].name, &v), 0, "%s", info[i].name);
        cr_assert_eq(ssd_analysis_get_option(fresh, info[i].name, &w), 0, "%s", info[i].name);
        cr_expect_eq(v, w, "%s", info[i].name);
    }
    ssd_analysis_free(fresh);
    ssd_analysis_free(a);
}

/* The fileops handles' tables, as the others'; the copy buffer's own rule
 * (a multiple of 4k, for O_DIRECT) is kept beside the table's range. */
Test(options, every_fileops_table_default_is_accepted_by_its_handle) {
    size_t n = 0;
    ssd_copy *c = NULL;
    cr_assert_eq(ssd_copy_create(&c), 0);
    const ssd_option_info *copy_info = ssd_copy_options(&n);
    check_table("copy", copy_info, n, c, copy_set);
    cr_expect_eq(ssd_copy_set_option(c, "buffer_size", "6k"), SSD_EINVAL);
    cr_expect(strstr(ssd_copy_errmsg(c), "option buffer_size: 6k") != NULL, "%s",
              ssd_copy_errmsg(c));
    ssd_copy_free(c);
    ssd_archive *a = NULL;
    cr_assert_eq(ssd_archive_create(&a), 0);
    const ssd_option_info *archive_info = ssd_archive_options(&n);
    check_table("archive", archive_info, n, a, archive_set);
    ssd_archive_free(a);
    ssd_extract *x = NULL;
    cr_assert_eq(ssd_extract_create(&x), 0);
    const ssd_option_info *extract_info = ssd_extract_options(&n);
    check_table("extract", extract_info, n, x, extract_set);
    ssd_extract_free(x);
    ssd_fileset *fs = NULL;
    cr_assert_eq(ssd_fileset_create(&fs), 0);
    const ssd_option_info *fileset_info = ssd_fileset_options(&n);
    check_table("fileset", fileset_info, n, fs, fileset_set);
    ssd_fileset_free(fs);
    ssd_filebench *b = NULL;
    cr_assert_eq(ssd_filebench_create(&b), 0);
    const ssd_option_info *filebench_info = ssd_filebench_options(&n);
    check_table("filebench", filebench_info, n, b, filebench_set);
    cr_expect_eq(ssd_filebench_set_option(b, "steps", "copy,zip"), SSD_EINVAL);
    cr_expect(strstr(ssd_filebench_errmsg(b), "option steps: 'copy,zip'") != NULL);
    ssd_filebench_free(b);
}

/* The suite option's words are the built-ins, in their order: the index
 * the table stores picks the built-in by it. */
Test(options, the_suite_option_lists_every_builtin) {
    size_t n = 0, i = 0;
    const ssd_option_info *info = ssd_suite_options(&n);
    while (i < n && strcmp(info[i].name, "suite"))
        i++;
    cr_assert_lt(i, n);
    char words[512] = "";
    for (size_t b = 0; b < ssd_suite_builtin_count(); b++)
        snprintf(words + strlen(words), sizeof words - strlen(words), "%s%s", b ? " " : "",
                 ssd_suite_builtin_name(b));
    cr_expect_str_eq(info[i].words, words);
}

/* ssd__option_defaults parses a table's defaults once and copies them into
 * every later handle: the same values, and a handle's own settings never
 * reach the next one. */
struct owner {
    uint64_t size;
    unsigned count;
    double wait, ratio;
    int flag, word;
    char *text;
    uint64_t none;
};
#define SSD__OPTION_OWNER struct owner
#define OWNER_OPTIONS(X)                                                                           \
    X(size, SIZE, size, "B", 0, HUGE_VAL, "4k", "", 0, "")                                         \
    X(count, INT, count, "", 0, 100, "7", "", 0, "")                                               \
    X(wait, DURATION, wait, "s", 0, 1e9, "2m", "", 0, "")                                          \
    X(ratio, FLOAT, ratio, "", 0, 1, "0.25", "", 0, "")                                            \
    X(flag, BOOL, flag, "", 0, 1, "yes", "", 0, "")                                                \
    X(word, ENUM, word, "", 0, 0, "b", "a b c", 0, "")                                             \
    X(text, TEXT, text, "", 0, 0, "", "", 0, "")                                                   \
    X(none, SIZE, none, "B", 0, HUGE_VAL, "", "", 0, "")
SSD__OPTION_TABLE(owner_options, "owner", OWNER_OPTIONS);

Test(options, defaults_parsed_once_are_the_same_in_every_handle) {
    char err[SSD__ERRMSG_SIZE];
    for (int k = 0; k < 3; k++) { /* the first parses, the others copy */
        struct owner o;
        memset(&o, 0, sizeof o);
        o.none = 99;
        ssd__option_defaults(&owner_options, &o);
        cr_assert_eq(o.size, 4096);
        cr_assert_eq(o.count, 7);
        cr_assert_eq(o.wait, 120.0);
        cr_assert_eq(o.ratio, 0.25);
        cr_assert_eq(o.flag, 1);
        cr_assert_eq(o.word, 1);
        cr_assert_null(o.text);
        cr_assert_eq(o.none, 99, "no default: left as it was");
        cr_assert_geq(ssd__option_set(&owner_options, &o, "size", "1m", err), 0);
        cr_assert_geq(ssd__option_set(&owner_options, &o, "word", "c", err), 0);
        cr_assert_eq(o.size, 1 << 20);
        ssd__option_free(&owner_options, &o);
    }
}
