/* suite.c - the suite handle: options, building the steps (built-in table
 * or suite file), step lookups and names, and the analyze step. Running the
 * steps is run/suite_run.c; rendering the report is report/. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "file_read.h"
#include "json_read.h"
#include "ssdcore/datasets.h"
#include "ssdcore/sim.h"
#include "options.h"
#include "series_build.h"
#include "step_options.h"
#include "suite_impl.h"

#define SSD__OPTION_OWNER struct ssd_suite
/* The built-ins, in suite_builtin.c's order (tests/c/test_options.c checks). */
#define BUILTINS                                                                                   \
    "lab2016 lab2016-30s lab2016-40s lab2016-10pct apps cdm5 cdm8 fill2021 naspt thermal copy50g " \
    "fsd "                                                                                         \
    "pts quick"
/* clang-format off */
/* X(key, TYPE, where, unit, min, max, default, words, flags, help) */
#define SUITE_OPTIONS(X)                                                                           \
    X(suite, ENUM, builtin, "", 0, 0, "quick", BUILTINS, 0, "the built-in suite to run")           \
    X(suite_file, TEXT, res.suite_file, "path", 0, 0, "", "", 0,                                   \
      "a suite file: one step per line (docs/suite.md)")                                           \
    X(suite_text, TEXT, suite_text, "text", 0, 0, "", "", 0,                                       \
      "the text of the file suite_file names, when the caller has read it (a pipe is read "       \
      "once); up to 1 MiB")                                                 \
    X(out, TEXT, out_dir, "path", 0, 0, "", "", 0, "results directory (created if missing)")      \
    X(scale, FLOAT, res.scale, "", 1e-6, 1000, "1", "", 0,                                         \
      "multiply every time (jobs, sampling intervals but not below 10 ms, idles) by this")                                       \
    X(area, SIZE, area, "B", 1, HUGE_VAL, "", "", 0,                                               \
      "test area of the built-in suites (default 32g, quick 1g); cdm5/cdm8: the test file "       \
      "(default 1g)")                                                                              \
    X(filebench_dir, TEXT, filebench_dir, "path", 0, 0, "", "", 0,                                 \
      "lab2016: also run the file tests (copy, 7-Zip archive and extract) here, on the "          \
      "filesystem under test")                                                                     \
    X(filebench_size, SIZE, filebench_bytes, "B", 1, HUGE_VAL, "8g", "", 0,                       \
      "size of each file set; on sim: targets lab2016 replays the file tests' recorded block "    \
      "traces at this set size")                                                                   \
    X(report, BOOL, report, "", 0, 1, "1", "", 0, "write report.html")                            \
    X(hash_serial, BOOL, hash_serial, "", 0, 1, "0", "", 0,                                        \
      "record the drive's serial as a SHA-256 prefix, not in clear")
/* clang-format on */
SSD__OPTION_TABLE(suite_options, "suite", SUITE_OPTIONS);

/* Copies the target's URI, kind and sizes into s. 0 or SSD_ENOMEM. */
static int describe_target(ssd_suite *s) {
    char *uri = strdup(ssd_target_uri(s->t));
    if (!uri)
        return SSD_ENOMEM;
    free(s->res.target_uri);
    s->res.target_uri = uri;
    snprintf(s->res.target_kind, sizeof s->res.target_kind, "%s", ssd_target_kind(s->t));
    s->res.target_size = ssd_target_size(s->t);
    s->res.target_block = ssd_target_block_size(s->t);
    return 0;
}

int ssd_suite_create(ssd_suite **out, ssd_target *t) {
    int rc = t ? ssd__option_create(out, sizeof **out, &suite_options) : SSD_EINVAL;
    if (rc)
        return rc;
    (*out)->t = t;
    strcpy((*out)->res.suite_name, "quick");
    if ((rc = describe_target(*out))) {
        free(*out);
        *out = NULL;
    }
    return rc;
}

/* Frees the steps' definitions and results. */
static void clear_steps(ssd_suite *s) {
    for (int i = 0; i < s->res.nsteps; i++) {
        struct ssd__step *st = &s->res.steps[i];
        free(st->def.line);
        for (int k = 0; k < st->def.nopts; k++) {
            free(st->def.keys[k]);
            free(st->def.values[k]);
        }
        for (int k = 0; k < st->def.naopts; k++)
            free(st->def.akeys[k]);
        free(st->res.error);
        free(st->res.reason);
        free(st->res.trim_how);
        ssd_free(st->res.health_json);
        free(st->res.trim_fs);
        free(st->res.trim_mount);
        free(st->res.trim_mount_opts);
        ssd_free(st->res.job_json);
        ssd_free(st->res.truth_json);
        ssd_free(st->res.analysis_json);
        free(st->res.pts_json);
        ssd_series_free(st->res.curve);
        free(st->res.phases);
    }
    free(s->res.steps);
    s->res.steps = NULL;
    s->res.nsteps = s->cap = 0;
}

void ssd_suite_free(ssd_suite *s) {
    if (!s)
        return;
    ssd__suite_unlock_out(s);
    clear_steps(s);
    free(s->res.suite_file);
    free(s->suite_text);
    free(s->filebench_dir);
    free(s->filebench_size);
    ssd_free(s->res.drive_json);
    free(s->res.target_uri);
    free(s->out_dir);
    free(s->results_path);
    free(s->report_path);
    free(s->previous_path);
    free(s->res.error);
    free(s);
}

SSD__ERRMSG_OF(suite)

int ssd__suite_set_out(ssd_suite *s, const char *dir) {
    size_t n = strlen(dir);
    char *d = strdup(dir), *r = malloc(n + 16), *h = malloc(n + 16);
    if (!d || !r || !h) {
        free(d);
        free(r);
        free(h);
        return ssd__fail(s->err, SSD_ENOMEM, "out: out of memory");
    }
    sprintf(r, "%s/results.json", dir);
    sprintf(h, "%s/report.html", dir);
    free(s->out_dir);
    free(s->results_path);
    free(s->report_path);
    s->out_dir = d;
    s->results_path = r;
    s->report_path = h;
    return 0;
}

SSD__OPTIONS_ACCESSOR(ssd_suite_options, suite_options)

int ssd_suite_set_option(ssd_suite *s, const char *key, const char *value) {
    if (!s)
        return SSD_EINVAL;
    s->err[0] = 0;
    if (key && value && s->prepared)
        return ssd__fail(s->err, SSD_ESTATE, "%s: the steps are already built", key);
    int path = key && value && (!strcmp(key, "out") || !strncmp(key, "filebench_", 10));
    if (path && (!*value || strpbrk(value, !strcmp(key, "out") ? "" : " \t#")))
        return ssd__fail(s->err, SSD_EINVAL, "option %s: bad value '%s'", key, value);
    if (key && value && !strcmp(key, "suite_text") && strlen(value) > (1u << 20))
        return ssd__fail(s->err, SSD_EINVAL, "suite_text: larger than 1 MiB: not a suite file");
    int i = ssd__option_set(&suite_options, s, key, value, s->err);
    if (i == OPT_suite) { /* the built-in replaces a suite file given before */
        strcpy(s->res.suite_name, ssd_suite_builtin_name(s->builtin));
        free(s->res.suite_file);
        free(s->suite_text);
        s->res.suite_file = s->suite_text = NULL;
    } else if (i == OPT_filebench_size) { /* the generator writes it as given */
        char *d = strdup(value);
        if (!d)
            return ssd__fail(s->err, SSD_ENOMEM, "%s: out of memory", key);
        free(s->filebench_size);
        s->filebench_size = d;
    }
    return i == OPT_out ? ssd__suite_set_out(s, s->out_dir) : i < 0 ? i : 0;
}

int ssd_suite_set_progress(ssd_suite *s, ssd_suite_progress_fn fn, void *user,
                           double min_period_s) {
    if (!s || !(min_period_s >= 0 && min_period_s <= 1e9))
        return SSD_EINVAL;
    s->progress = fn;
    s->progress_user = user;
    s->progress_period = min_period_s;
    return 0;
}

const char *ssd__suite_scaled(const ssd_suite *s, const char *key, const char *value, char *buf,
                              size_t len) {
    int is_time = !strcmp(key, "time") || !strcmp(key, "warmup") || !strcmp(key, "temp_steady"),
        is_interval = !strcmp(key, "interval");
    double v;
    if ((!is_time && !is_interval) || s->res.scale == 1 || ssd_parse_duration(value, &v))
        return value;
    v *= s->res.scale;
    if (is_interval && v < 0.01)
        v = 0.01;
    /* A time of 0 means "no limit": keep a scaled time from becoming one. */
    if (is_time && v > 0 && v < 0.001)
        v = 0.001;
    snprintf(buf, len, "%.9g", v);
    return buf;
}

const struct ssd__results *ssd__suite_results(const ssd_suite *s) {
    return &s->res;
}

const struct ssd__step *ssd__suite_find(const struct ssd__results *s, const char *name,
                                        int before) {
    for (int i = 0; i < before && i < s->nsteps; i++)
        if (s->steps[i].def.kind == SSD__STEP_JOB && !strcmp(s->steps[i].def.name, name))
            return &s->steps[i];
    return NULL;
}

const struct ssd__step *ssd__suite_find_done(const struct ssd__results *s, const char *name) {
    const struct ssd__step *st = ssd__suite_find(s, name, s->nsteps);
    return st && st->res.state == SSD__ST_DONE ? st : NULL;
}

int ssd__curve_point(const struct ssd__step *st, const char *group, int xlog2) {
    return st->def.kind == SSD__STEP_JOB && st->res.state == SSD__ST_DONE &&
           !strcmp(st->def.group, group) && isfinite(st->def.x) && (!xlog2 || st->def.x > 0);
}

const struct ssd__step *ssd__suite_find_log(const struct ssd__results *s, const char *stem,
                                            int before) {
    for (int i = 0; i < before && i < s->nsteps; i++)
        if (s->steps[i].def.kind == SSD__STEP_JOB && !strcmp(s->steps[i].def.log, stem))
            return &s->steps[i];
    return NULL;
}

const struct ssd__step *ssd__analysis_job(const struct ssd__results *r,
                                          const struct ssd__step *an) {
    return ssd__suite_find_log(r, an->def.series, (int)(an - r->steps));
}

const struct ssd__step *ssd__suite_fill_log(const struct ssd__results *r, int job) {
    int fill = -1;
    for (int i = 0; i < job && i < r->nsteps; i++) {
        const struct ssd__step *st = &r->steps[i];
        int kind = st->def.kind;
        if (kind == SSD__STEP_TRIM || kind == SSD__STEP_PURGE || kind == SSD__STEP_PRECONDITION ||
            kind == SSD__STEP_PTS)
            fill = -1;
        else if (kind == SSD__STEP_JOB && fill < 0 && st->def.log[0] &&
                 ssd__written_since_trim(r, i) == 0 &&
                 ssd__written_since_trim(r, i + 1) >= SSD__FILL_MIN_SHARE * (double)r->target_size)
            fill = i;
    }
    return fill >= 0 && job < r->nsteps && r->steps[job].def.kind == SSD__STEP_JOB &&
                   ssd__written_since_trim(r, job) > 0
               ? &r->steps[fill]
               : NULL;
}

/* ssd_suite_prepare on a target not open yet: opening a new file target
 * lays it out, which may take minutes, and a typo in the suite file or out
 * must not cost that. The options and steps are checked on a stand-in
 * simulated drive bigger than any real one, and out must be a directory or
 * not exist yet; nothing is kept but the suite file's text (a pipe is read
 * once), so the prepare after the open builds the steps for the target. */
static int check_on_stand_in(ssd_suite *s) {
    ssd_target *real = s->t, *stand_in = NULL;
    int rc = ssd_target_create(&stand_in);
    if (rc || (rc = ssd_target_open(stand_in, "sim:bx200,capacity_gb=131072")) < 0) {
        ssd_target_free(stand_in);
        return ssd__fail(s->err, rc, "no stand-in drive to check the suite on: %s",
                         ssd_strerror(rc));
    }
    s->t = stand_in;
    rc = ssd_suite_prepare(s);
    s->t = real;
    clear_steps(s);
    s->prepared = 0;
    ssd_target_free(stand_in);
    struct stat st;
    if (!rc && s->out_dir && stat(s->out_dir, &st) == 0 && !S_ISDIR(st.st_mode))
        rc = ssd__fail(s->err, -ENOTDIR, "%s: not a directory", s->out_dir);
    return rc ? rc : describe_target(s) ? ssd__fail(s->err, SSD_ENOMEM, "out of memory") : 0;
}

int ssd_suite_prepare(ssd_suite *s) {
    if (!s)
        return SSD_EINVAL;
    if (s->prepared)
        return 0;
    s->err[0] = 0;
    if (s->res.loaded)
        return ssd__fail(s->err, SSD_ESTATE, "a suite loaded from results cannot run");
    if (!ssd_target_size(s->t))
        return check_on_stand_in(s);
    /* The target may have been opened after ssd_suite_create. */
    if (describe_target(s))
        return ssd__fail(s->err, SSD_ENOMEM, "out of memory");
    if (s->filebench_dir) {
        /* Only lab2016 has the file tests; elsewhere the option did nothing. */
        if (s->res.suite_file || strncmp(s->res.suite_name, "lab2016", 7))
            return ssd__fail(s->err, SSD_EINVAL,
                             "filebench_dir: only the lab2016 suite runs the file tests, not %s "
                             "(a suite file gives each filebench step its own dir=)",
                             s->res.suite_file ? s->res.suite_file : s->res.suite_name);
        /* A typo in a mount point must not benchmark the root filesystem. */
        struct stat st;
        int err = stat(s->filebench_dir, &st) < 0 ? errno : S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
        if (err)
            return ssd__fail(s->err, -err, "filebench_dir: %s: %s", s->filebench_dir,
                             strerror(err));
    }
    char *text = NULL;
    int rc;
    if (s->res.suite_file) {
        /* Read once and kept: a pipe (--suite-file <(...)) has nothing left
         * for a second read. */
        if (!s->suite_text &&
            (rc = ssd__read_text(s->res.suite_file, 1, "a suite file", s->err, &s->suite_text)))
            return rc;
        rc = ssd__suite_parse(s, s->res.suite_file, s->suite_text);
    } else {
        /* A simulated drive has no filesystem: it replays the file tests'
         * recorded block traces instead. */
        int file_traces = !strcmp(ssd_target_kind(s->t), "sim");
        /* naspt's test files are a sixteenth of the drive, at least 4 MiB. */
        if (!strcmp(s->res.suite_name, "naspt") && s->res.target_size < 64ull << 20)
            return ssd__fail(s->err, SSD_ERANGE,
                             "suite naspt: the target's %llu bytes are too small: it needs at "
                             "least 64 MiB (its test files are a sixteenth of the drive, beyond "
                             "a 90 %% fill)",
                             (unsigned long long)s->res.target_size);
        rc = ssd__suite_builtin_text(s->res.suite_name, s->res.target_size, s->res.target_block,
                                     s->area, s->filebench_dir, s->filebench_size, file_traces,
                                     s->res.scale, &text);
        if (rc)
            return ssd__fail(s->err, rc, "suite %s: %s", s->res.suite_name, ssd_strerror(rc));
        rc = ssd__suite_parse(s, s->res.suite_name, text);
    }
    free(text);
    if (rc) {
        clear_steps(s);
        return rc;
    }
    s->prepared = 1;
    return 0;
}

size_t ssd_suite_step_count(const ssd_suite *s) {
    return s ? (size_t)s->res.nsteps : 0;
}

static const char *const kind_names[SSD__STEP_KIND_COUNT] = {
    "job", "trim", "idle", "analyze", "filebench", "replay", "precondition", "purge", "pts"};

const char *ssd__step_kind_name(int kind) {
    return kind >= 0 && kind < SSD__STEP_KIND_COUNT ? kind_names[kind] : NULL;
}

int ssd__step_kind(const char *name) {
    for (int i = 0; name && i < SSD__STEP_KIND_COUNT; i++)
        if (!strcmp(name, kind_names[i]))
            return i;
    return -1;
}

static const char *const state_names[SSD__ST_COUNT] = {"pending", "done", "interrupted", "failed",
                                                       "skipped"};

const char *ssd__step_state_name(int state) {
    return state >= 0 && state < SSD__ST_COUNT ? state_names[state] : "?";
}

int ssd__step_state(const char *name) {
    for (int i = 0; name && i < SSD__ST_COUNT; i++)
        if (!strcmp(name, state_names[i]))
            return i;
    return -1;
}

int ssd__suite_skipped(const struct ssd__results *s) {
    int n = 0;
    for (int i = 0; i < s->nsteps; i++)
        n += s->steps[i].res.state == SSD__ST_SKIPPED;
    return n;
}

char *ssd__trim_warning(const struct ssd__step *st, int index) {
    if (st->def.kind != SSD__STEP_TRIM || st->res.state != SSD__ST_DONE || !st->res.trim_how ||
        st->res.trim_reached)
        return NULL;
    char *msg = NULL;
    int n;
    if (st->res.trim_fs)
        n = asprintf(&msg,
                     "step %d (trim, line %d): the TRIM did not reach the drive: %s; %s on %s, "
                     "mount options %s",
                     index + 1, st->def.lineno, st->res.trim_how, st->res.trim_fs,
                     st->res.trim_mount ? st->res.trim_mount : "?",
                     st->res.trim_mount_opts ? st->res.trim_mount_opts : "?");
    else
        n = asprintf(&msg, "step %d (trim, line %d): the TRIM did not reach the drive: %s",
                     index + 1, st->def.lineno, st->res.trim_how);
    return n < 0 ? NULL : msg;
}

static const char *kind_name(int kind) {
    const char *n = ssd__step_kind_name(kind);
    return n ? n : "?";
}

const char *ssd_suite_step_kind(const ssd_suite *s, size_t i) {
    return i < ssd_suite_step_count(s) ? kind_name(s->res.steps[i].def.kind) : NULL;
}

const char *ssd_suite_step_name(const ssd_suite *s, size_t i) {
    return i < ssd_suite_step_count(s) ? s->res.steps[i].def.name : NULL;
}

const char *ssd_suite_step_line(const ssd_suite *s, size_t i) {
    return i < ssd_suite_step_count(s) ? s->res.steps[i].def.line : NULL;
}

const char *ssd_suite_results_path(const ssd_suite *s) {
    return s && s->results_path ? s->results_path : "";
}

const char *ssd_suite_report_path(const ssd_suite *s) {
    return s && s->report_path ? s->report_path : "";
}

const char *ssd_suite_previous_path(const ssd_suite *s) {
    return s && s->previous_path ? s->previous_path : "";
}

int ssd_suite_to_json(const ssd_suite *s, int flags, char **out) {
    struct ssd__jw w;
    int rc = ssd__jw_open(&w, s, out, flags, s ? (char *)s->err : NULL);
    return rc ? rc : ssd__suite_json(s, w.style, out);
}

static int open_series(ssd_suite *s, const char *stem, const char *ddir, ssd_series **out,
                       char *msg, size_t len) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.csv", s->out_dir, stem);
    const char *paths[] = {path};
    int rc = ssd_series_create(out);
    if (!rc && *ddir)
        rc = ssd_series_set_option(*out, "ddir", ddir);
    if (!rc)
        rc = ssd_series_load(*out, paths, 1);
    if (rc) {
        snprintf(msg, len, "%s", *out ? ssd_series_errmsg(*out) : ssd_strerror(rc));
        ssd_series_free(*out);
        *out = NULL;
    }
    return rc;
}

/* Whether the series' metadata records written_before_bytes. */
static int logged_written_before(const ssd_series *ser) {
    struct ssd__jv root;
    char msg[64];
    const char *meta = ser ? ssd_series_metadata(ser) : NULL;
    if (!meta || ssd__jr_parse(meta, &root, msg, sizeof msg))
        return 0;
    int has = ssd__jv_get(&root, "written_before_bytes") != NULL;
    ssd__jv_free(&root);
    return has;
}

/* Whether the series' metadata records the reference named source (the
 * figures of the fill the run followed, which the runner writes into the
 * run's log). */
static int logged_reference(const ssd_series *ser, const char *source) {
    struct ssd__jv root;
    char msg[64];
    const char *meta = ser ? ssd_series_metadata(ser) : NULL;
    if (!meta || ssd__jr_parse(meta, &root, msg, sizeof msg))
        return 0;
    const struct ssd__jv *r = ssd__jv_get(&root, "reference");
    const char *src = r && r->type == SSD__JOBJ ? ssd__jv_str(r, "source") : NULL;
    int has = src && !strcmp(src, source);
    ssd__jv_free(&root);
    return has;
}

/* An analysis that fails (too few samples, a series without a cache...) is
 * recorded and the run goes on: hours of measurement are worth more than
 * one figure. */
int ssd__suite_analyze(ssd_suite *s, int i) {
    struct ssd__step *st = &s->res.steps[i];
    ssd_series *ser = NULL, *ref = NULL;
    ssd_analysis *a = NULL;
    char msg[SSD__ERRMSG_SIZE];
    int rc = open_series(s, st->def.series, st->def.ddir, &ser, msg, sizeof msg);
    const struct ssd__step *job = ssd__suite_find_log(&s->res, st->def.series, i);
    /* The reference: the step's own, else the log of the fill the run
     * followed in this suite (from a TRIM or purge: it shows the drive's
     * fresh cache), else none. */
    const struct ssd__step *fill = st->def.reference[0] || !job
                                       ? NULL
                                       : ssd__suite_fill_log(&s->res, (int)(job - s->res.steps));
    const char *ref_stem = st->def.reference[0] ? st->def.reference : fill ? fill->def.log : NULL;
    /* The fill's log gone (deleted to save its gigabytes, a results
     * directory copied without it) while the run's log records its
     * figures: the run is analysed with those, the verdict it was given,
     * instead of "cannot recompute" (round 26's audit). A reference the
     * step named must be there. */
    if (!rc && ref_stem && !st->def.reference[0]) {
        char path[4096], name[SSD__NAME_MAX + 8];
        struct stat sb;
        snprintf(path, sizeof path, "%s/%s.csv", s->out_dir, ref_stem);
        snprintf(name, sizeof name, "%s.csv", ref_stem);
        if (stat(path, &sb) && errno == ENOENT && logged_reference(ser, name))
            ref_stem = NULL;
    }
    if (!rc && ref_stem)
        rc = open_series(s, ref_stem, st->def.ddir, &ref, msg, sizeof msg);
    /* results.json names the reference as it names the run, by its file
     * in the results directory ("fill.csv"), not by the path it was read
     * from ("r/fill.csv" from the CLI, "/home/.../r/fill.csv" from
     * Python: the same run's JSON differed by where it was made). */
    if (!rc && ref_stem) {
        char *name = malloc(strlen(ref_stem) + 5);
        if (!name) {
            rc = SSD_ENOMEM;
            snprintf(msg, sizeof msg, "%s", ssd_strerror(rc));
        } else {
            sprintf(name, "%s.csv", ref_stem);
            free(ref->source);
            ref->source = name;
        }
    }
    if (!rc && (rc = ssd_analysis_create(&a)))
        snprintf(msg, sizeof msg, "%s", ssd_strerror(rc));
    /* A run on a drive this suite already wrote (a recovery run after the
     * 2-hour test) may reach the used state early; the step's own
     * written_before_bytes= wins. */
    /* A job step's own written_before= is in its log's metadata, where the
     * analysis reads it: the runner's count must not override it. */
    int own = 0;
    for (int k = 0; job && k < job->def.nopts; k++)
        own |= !strcmp(job->def.keys[k], "written_before");
    /* Nor must it override what the runner wrote into the log: a reloaded
     * run counts from 0, not from what the target knew when the suite
     * began (a drive opened written full: 16.1 GB where the run said 272
     * GB, round 23's audit). The count is for logs without the figure. */
    own |= !rc && logged_written_before(ser);
    if (!rc && job && !own) {
        double w = ssd__written_since_trim(&s->res, (int)(job - s->res.steps));
        if (w > 0)
            rc = ssd__step_analysis_set(a, "written_before_bytes", w);
    }
    for (int k = 0; !rc && k < st->def.naopts; k++)
        rc = ssd__step_analysis_set(a, st->def.akeys[k], st->def.avalues[k]);
    if (!rc)
        rc = ssd_analysis_run(a, ser, ref);
    /* An option refused (a results.json whose options were edited) says
     * why as a failed run does. */
    if (rc && a)
        snprintf(msg, sizeof msg, "%s", ssd_analysis_errmsg(a));
    if (!rc) {
        char source[SSD__NAME_MAX + 8];
        snprintf(source, sizeof source, "%s.csv", st->def.series);
        rc = ssd_analysis_to_json(a, source, 0, &st->res.analysis_json);
        if (rc)
            snprintf(msg, sizeof msg, "%s", ssd_strerror(rc));
    }
    if (!rc) {
        st->res.sum.size = sizeof st->res.sum;
        ssd_analysis_summary(a, &st->res.sum);
        st->res.has_summary = 1;
        st->res.nphases = ssd_analysis_phase_count(a);
        st->res.phases = st->res.nphases ? calloc(st->res.nphases, sizeof *st->res.phases) : NULL;
        if (!st->res.phases)
            st->res.nphases = 0;
        for (size_t k = 0; k < st->res.nphases; k++) {
            st->res.phases[k].size = sizeof st->res.phases[k];
            ssd_analysis_phase(a, k, &st->res.phases[k]);
        }
        st->res.curve = ser;
        ser = NULL;
        st->res.state = SSD__ST_DONE;
    } else {
        st->res.state = SSD__ST_FAILED;
        st->res.error = strdup(msg);
    }
    ssd_analysis_free(a);
    ssd_series_free(ser);
    ssd_series_free(ref);
    return rc;
}
