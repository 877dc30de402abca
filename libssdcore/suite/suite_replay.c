/* suite_replay.c - the replay step: a block trace (a file, or a built-in
 * application scenario "scenario:NAME") replayed on the suite's target
 * through the public ssd_replay API, reporting its bandwidth (bytes / busy
 * time) as PCMark 8 does. The `apps` suite is one replay step per
 * scenario in group "apps"; the headline averages them into the score.
 * A recorded file test ("filetest:NAME", set_size=) reports like the
 * filebench step, under its group's name ("files-work": copy, archive...). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ssdcore/trace.h"
#include "curve_groups.h"
#include "step_options.h"
#include "suite_impl.h"
#include "json_read.h"

static int known_scenario(const char *name) {
    for (size_t i = 0; i < ssd_trace_scenario_count(); i++)
        if (!strcmp(ssd_trace_scenario_name(i), name))
            return 1;
    return 0;
}

/* A built-in file test, or one's writes or reads (NAME_to, NAME_from). */
static int known_filetest(const char *name) {
    uint64_t set = 0, dev = 0;
    return ssd_trace_filetest_sizes(name, &set, &dev) == 0;
}

/* Options the suite consumes itself: not the replay's. */
static int suite_key(const char *key) {
    return !strcmp(key, "trace") || !strcmp(key, "set_size");
}

/* A file test's set size: set_size=, else the size it was recorded with. */
static uint64_t filetest_set_bytes(const struct ssd__step *st, const char *name) {
    uint64_t b = 0, dev = 0;
    const char *v = ssd__step_option(st, "set_size");
    if (v && !ssd_parse_size(v, &b) && b)
        return b;
    return ssd_trace_filetest_sizes(name, &b, &dev) ? 0 : b;
}

/* The set the replay moved: whole recordings, so a set_size that is not a
 * multiple of the recorded set rounds up (ssd_trace_filetest repeats). */
static uint64_t filetest_replayed_bytes(const struct ssd__step *st, const char *name) {
    uint64_t rec = 0, dev = 0, want = filetest_set_bytes(st, name);
    if (ssd_trace_filetest_sizes(name, &rec, &dev) || !rec)
        return 0;
    return (want + rec - 1) / rec * rec;
}

int ssd__suite_parse_replay(ssd_suite *s, struct ssd__step *st, char **tok, int n,
                            const char *where) {
    /* Options are checked on a replay bound to an unopened target. */
    ssd_target *dummy = NULL;
    ssd_trace *tr = NULL;
    ssd_replay *r = NULL;
    int rc = ssd_target_create(&dummy);
    if (!rc)
        rc = ssd_trace_create(&tr);
    if (!rc)
        rc = ssd_replay_create(&r, dummy, tr);
    if (rc)
        rc = ssd__fail(s->err, rc, "%s: replay: %s", where, ssd_strerror(rc));
    for (int i = 1; i < n && !rc; i++) {
        const char *k, *v;
        if ((rc = ssd__step_split(s, tok[i], "replay", where, &k, &v)))
            break;
        if (!strcmp(k, "name") || !strcmp(k, "group")) {
            if (!*v || strlen(v) >= SSD__NAME_MAX || strpbrk(v, "\"<>&/"))
                rc = ssd__fail(s->err, SSD_EINVAL, "%s: replay: bad %s '%s'", where, k, v);
            else
                strcpy(k[0] == 'n' ? st->def.name : st->def.group, v);
            continue;
        }
        if (!strcmp(k, "trace")) {
            if (!*v)
                rc = ssd__fail(s->err, SSD_EINVAL, "%s: replay: empty trace", where);
            else if (!strncmp(v, "scenario:", 9) && !known_scenario(v + 9))
                rc = ssd__fail(s->err, SSD_EINVAL,
                               "%s: replay: unknown scenario '%s' (ssdcore trace scenarios "
                               "lists them)",
                               where, v + 9);
            else if (!strncmp(v, "filetest:", 9) && !known_filetest(v + 9))
                rc = ssd__fail(s->err, SSD_EINVAL,
                               "%s: replay: unknown file test '%s' (ssdcore trace filetests "
                               "lists them)",
                               where, v + 9);
        } else if (!strcmp(k, "set_size")) {
            uint64_t b = 0;
            if (ssd_parse_size(v, &b) || !b)
                rc = ssd__fail(s->err, SSD_EINVAL,
                               "%s: replay: set_size '%s': expected a size like 8g", where, v);
        } else if (!strcmp(k, "record") || !strcmp(k, "log")) {
            rc = ssd__fail(s->err, SSD_EINVAL, "%s: replay: '%s' is not for suites", where, k);
        } else {
            int r2 = ssd_replay_set_option(r, k, v);
            if (r2)
                rc = ssd__fail(s->err, r2, "%s: replay: %s", where, ssd_replay_errmsg(r));
        }
        if (!rc)
            rc = ssd__step_keep(s, st, k, v, "replay", where);
    }
    ssd_replay_free(r);
    ssd_trace_free(tr);
    ssd_target_free(dummy);
    if (!rc && !ssd__step_option(st, "trace"))
        rc = ssd__fail(s->err, SSD_EINVAL, "%s: replay: needs trace=PATH or trace=scenario:NAME",
                       where);
    if (!rc && !st->def.name[0]) {
        const char *t = ssd__step_option(st, "trace");
        if (!strncmp(t, "scenario:", 9) && strlen(t + 9) < SSD__NAME_MAX)
            strcpy(st->def.name, t + 9);
        else
            snprintf(st->def.name, sizeof st->def.name, "replay%d", st->def.lineno);
    }
    return rc;
}

int ssd__replay_is_file_test(const struct ssd__step *st) {
    const char *t = st->def.kind == SSD__STEP_REPLAY ? ssd__step_option(st, "trace") : NULL;
    return t && !strncmp(t, "filetest:", 9);
}

/* The figures the headline and report use, from the results JSON: busy
 * time in runtime_s and bytes / busy time in bw_bps. */
void ssd__replay_figures(struct ssd__step *st) {
    struct ssd__jv root;
    char msg[128];
    st->res.bw_bps = st->res.runtime_s = st->res.iops = NAN;
    if (!st->res.job_json || ssd__jr_parse(st->res.job_json, &root, msg, sizeof msg))
        return;
    st->res.bw_bps = ssd__jv_num(&root, "bw_bps", NAN);
    st->res.runtime_s = ssd__jv_num(&root, "busy_s", NAN);
    st->res.iops = ssd__jv_num(&root, "iops", NAN);
    st->res.lat_mean_us = ssd__jv_num(&root, "access_us", NAN);
    ssd__step_note_written(st, &root);
    ssd__jv_free(&root);
    /* A recorded file test (not the set's creation) is a file-test figure
     * like the filebench step's: the drive's busy time for the set, and
     * the set's bytes over it. */
    const char *t = ssd__step_option(st, "trace");
    const char *phase = t && !strncmp(t, "filetest:", 9) ? strrchr(t, '-') : NULL;
    st->res.nfile = 0;
    if (phase && strcmp(phase + 1, "mkset") && st->res.runtime_s > 0) {
        uint64_t bytes = filetest_replayed_bytes(st, t + 9);
        snprintf(st->res.file[0].name, sizeof st->res.file[0].name, "%s", phase + 1);
        st->res.file[0].seconds = st->res.runtime_s;
        st->res.file[0].bps = bytes ? bytes / st->res.runtime_s : NAN;
        st->res.nfile = 1;
    }
}

int ssd__suite_run_replay(ssd_suite *s, int i) {
    struct ssd__step *st = &s->res.steps[i];
    ssd_trace *tr = NULL;
    ssd_replay *r = NULL;
    const char *path = ssd__step_option(st, "trace");
    int rc = ssd_trace_create(&tr);
    const char *why = NULL;
    if (!rc) {
        rc = !strncmp(path, "filetest:", 9)
                 ? ssd_trace_filetest(tr, path + 9, filetest_set_bytes(st, path + 9))
                 : ssd_trace_load(tr, path, NULL);
        if (rc)
            why = ssd_trace_errmsg(tr);
    }
    if (!rc)
        rc = ssd_replay_create(&r, s->t, tr);
    for (int k = 0; !rc && k < st->def.nopts; k++)
        if (!suite_key(st->def.keys[k]))
            rc = ssd_replay_set_option(r, st->def.keys[k], st->def.values[k]);
    if (!rc)
        rc = ssd_replay_run(r);
    if (rc && !why)
        why = r ? ssd_replay_errmsg(r) : ssd_strerror(rc);
    char *json = NULL;
    if (r && (rc == 0 || rc == SSD_EINTERRUPTED))
        ssd_replay_to_json(r, SSD_JSON_COMPACT, &json);
    st->res.job_json = json;
    ssd__replay_figures(st);
    if (rc) {
        st->res.state = rc == SSD_EINTERRUPTED ? SSD__ST_INTERRUPTED : SSD__ST_FAILED;
        free(st->res.error);
        st->res.error = strdup(why && *why ? why : ssd_strerror(rc));
        if (rc != SSD_EINTERRUPTED)
            rc = ssd__fail(s->err, rc, "step %d (%s, line %d): %s", i + 1, st->def.name,
                           st->def.lineno, st->res.error ? st->res.error : ssd_strerror(rc));
    } else {
        st->res.state = SSD__ST_DONE;
    }
    ssd_replay_free(r);
    ssd_trace_free(tr);
    return rc;
}

/* The application score over the done replay steps of group "apps": total
 * bytes over total busy time (PCMark 8's storage bandwidth) and the mean
 * of the traces' bandwidths. 0 when there is none. */
int ssd__suite_apps_score(const struct ssd__results *s, double *score_bps, double *mean_bps) {
    double bytes = 0, busy = 0, sum = 0;
    int n = 0;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->def.kind != SSD__STEP_REPLAY || st->res.state != SSD__ST_DONE ||
            strcmp(st->def.group, ssd__group_apps) || !(st->res.runtime_s > 0) ||
            !isfinite(st->res.bw_bps))
            continue;
        bytes += st->res.bw_bps * st->res.runtime_s;
        busy += st->res.runtime_s;
        sum += st->res.bw_bps;
        n++;
    }
    *score_bps = busy > 0 ? bytes / busy : NAN;
    *mean_bps = n ? sum / n : NAN;
    return n;
}

/* The Full System Drive-like figures over the done replay steps whose
 * group begins "fsd" (fsd-apps, fsd-iso, fsd-photo): geometric means of
 * their bandwidths and average access times, and the score from them.
 * Returns how many steps count; 0 leaves all three NaN. */
int ssd__replay_is_fsd(const struct ssd__step *st) {
    return st->def.kind == SSD__STEP_REPLAY && st->res.state == SSD__ST_DONE &&
           !strncmp(st->def.group, "fsd", 3);
}

int ssd__suite_fsd_figures(const struct ssd__results *s, double *bw_bps, double *access_s,
                           double *score) {
    double lb = 0, la = 0;
    int n = 0;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (!ssd__replay_is_fsd(st) || !(st->res.bw_bps > 0) || !(st->res.lat_mean_us > 0))
            continue;
        lb += log(st->res.bw_bps);
        la += log(st->res.lat_mean_us * 1e-6);
        n++;
    }
    *bw_bps = n ? exp(lb / n) : NAN;
    *access_s = n ? exp(la / n) : NAN;
    *score = n ? ssd_replay_fsd_score(*bw_bps, *access_s) : NAN;
    return n;
}
