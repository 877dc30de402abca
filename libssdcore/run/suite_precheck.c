/* suite_precheck.c - what a suite checks before its first step.
 *
 * A real run lasts hours; a mistake that only shows when its step comes up
 * (a log named like the target at step 23, a filebench dir= with a typo)
 * used to cost them, and a target named OUT/results.json was silently
 * replaced. What needs the open target is checked here (a filebench
 * dir= is checked when the suite is parsed), and nothing is created
 * before these checks pass. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "suite_impl.h"
#include "target_impl.h"

static const char *source(const ssd_suite *s) {
    return s->res.suite_file ? s->res.suite_file : s->res.suite_name;
}

static int step_writes(const struct ssd__step *st) {
    if (st->def.kind == SSD__STEP_TRIM || st->def.kind == SSD__STEP_PURGE ||
        st->def.kind == SSD__STEP_PRECONDITION || st->def.kind == SSD__STEP_PTS)
        return 1;
    if (st->def.kind != SSD__STEP_JOB)
        return 0;
    const char *p = ssd__step_option(st, "pattern");
    return p && (!strcmp(p, "write") || !strcmp(p, "randwrite") || !strcmp(p, "rw") ||
                 !strcmp(p, "randrw"));
}

/* Whether path names the open target's own file. */
static int is_target(const struct stat *ts, const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && st.st_dev == ts->st_dev && st.st_ino == ts->st_ino;
}

static int check_writes_allowed(ssd_suite *s) {
    const ssd_target *t = s->t;
    if (!ssd__target_writes_refused(t))
        return 0;
    for (int i = 0; i < s->res.nsteps; i++) {
        const struct ssd__step *st = &s->res.steps[i];
        if (step_writes(st))
            return ssd__fail(s->err, SSD_EUNSAFE, "%s:%d: '%s' writes, but %s %s", source(s),
                             st->def.lineno, st->def.line, t->uri,
                             t->write_refused[0] ? t->write_refused : "is opened read-only");
    }
    return 0;
}

static int check_outputs(ssd_suite *s) {
    struct stat ts;
    if (s->t->fd < 0 || fstat(s->t->fd, &ts) < 0 || !S_ISREG(ts.st_mode))
        return 0;
    if (is_target(&ts, s->results_path) || is_target(&ts, s->report_path))
        return ssd__fail(s->err, SSD_EUNSAFE,
                         "%s: the target is the run's own %s, which the run replaces: put the "
                         "target outside the results directory",
                         s->t->uri,
                         is_target(&ts, s->results_path) ? "results.json" : "report.html");
    char path[4096];
    for (int i = 0; i < s->res.nsteps; i++) {
        const struct ssd__step *st = &s->res.steps[i];
        if (st->def.kind != SSD__STEP_JOB || !st->def.log[0])
            continue;
        snprintf(path, sizeof path, "%s/%s.csv", s->out_dir, st->def.log);
        if (is_target(&ts, path))
            return ssd__fail(s->err, SSD_EUNSAFE,
                             "%s:%d: log=%s writes %s, which is the target itself: give the log "
                             "another name",
                             source(s), st->def.lineno, st->def.log, path);
    }
    return 0;
}

int ssd__suite_check_before_run(ssd_suite *s) {
    int rc = check_outputs(s);
    if (!rc)
        rc = check_writes_allowed(s);
    return rc;
}
