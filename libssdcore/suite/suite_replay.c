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
#include "suite_impl.h"
#include "json_read.h"

static const char *option(const struct ssd__step *st, const char *key) {
    for (int k = 0; k < st->nopts; k++)
        if (!strcmp(st->keys[k], key))
            return st->values[k];
    return NULL;
}

static int known_scenario(const char *name) {
    for (int i = 0; i < ssd_trace_scenario_count(); i++)
        if (!strcmp(ssd_trace_scenario_name(i), name))
            return 1;
    return 0;
}

static int known_filetest(const char *name) {
    for (int i = 0; i < ssd_trace_filetest_count(); i++)
        if (!strcmp(ssd_trace_filetest_name(i), name))
            return 1;
    return 0;
}

/* Options the suite consumes itself: not the replay's. */
static int suite_key(const char *key) {
    return !strcmp(key, "trace") || !strcmp(key, "set_size");
}

/* A file test's set size: set_size=, else the size it was recorded with. */
static uint64_t filetest_set_bytes(const struct ssd__step *st, const char *name) {
    uint64_t b = 0, dev = 0;
    const char *v = option(st, "set_size");
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
        char *eq = strchr(tok[i], '=');
        if (!eq || eq == tok[i]) {
            rc = ssd__fail(s->err, SSD_EINVAL, "%s: replay: expected KEY=VALUE, got '%s'", where,
                           tok[i]);
            break;
        }
        *eq = 0;
        const char *k = tok[i], *v = eq + 1;
        if (!strcmp(k, "name") || !strcmp(k, "group")) {
            if (!*v || strlen(v) >= SSD__NAME_MAX || strpbrk(v, "\"<>&/"))
                rc = ssd__fail(s->err, SSD_EINVAL, "%s: replay: bad %s '%s'", where, k, v);
            else
                strcpy(k[0] == 'n' ? st->name : st->group, v);
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
        if (rc)
            break;
        if (st->nopts == SSD__STEP_MAX_OPTS) {
            rc = ssd__fail(s->err, SSD_ERANGE, "%s: replay: too many options", where);
            break;
        }
        st->keys[st->nopts] = strdup(k);
        st->values[st->nopts] = strdup(v);
        st->nopts++;
        if (!st->keys[st->nopts - 1] || !st->values[st->nopts - 1])
            rc = ssd__fail(s->err, SSD_ENOMEM, "%s: out of memory", where);
    }
    ssd_replay_free(r);
    ssd_trace_free(tr);
    ssd_target_free(dummy);
    if (!rc && !option(st, "trace"))
        rc = ssd__fail(s->err, SSD_EINVAL, "%s: replay: needs trace=PATH or trace=scenario:NAME",
                       where);
    if (!rc && !st->name[0]) {
        const char *t = option(st, "trace");
        if (!strncmp(t, "scenario:", 9) && strlen(t + 9) < SSD__NAME_MAX)
            strcpy(st->name, t + 9);
        else
            snprintf(st->name, sizeof st->name, "replay%d", st->lineno);
    }
    return rc;
}

int ssd__replay_is_file_test(const struct ssd__step *st) {
    const char *t = st->kind == SSD__STEP_REPLAY ? option(st, "trace") : NULL;
    return t && !strncmp(t, "filetest:", 9);
}

/* The figures the headline and report use, from the results JSON: busy
 * time in runtime_s and bytes / busy time in bw_bps. */
void ssd__replay_figures(struct ssd__step *st) {
    struct ssd__jv root;
    char msg[128];
    st->bw_bps = st->runtime_s = st->iops = NAN;
    if (!st->job_json || ssd__jr_parse(st->job_json, &root, msg, sizeof msg))
        return;
    st->bw_bps = ssd__jv_num(&root, "bw_bps", NAN);
    st->runtime_s = ssd__jv_num(&root, "busy_s", NAN);
    st->iops = ssd__jv_num(&root, "iops", NAN);
    ssd__jv_free(&root);
    /* A recorded file test (not the set's creation) is a file-test figure
     * like the filebench step's: the drive's busy time for the set, and
     * the set's bytes over it. */
    const char *t = option(st, "trace");
    const char *phase = t && !strncmp(t, "filetest:", 9) ? strrchr(t, '-') : NULL;
    st->nfile = 0;
    if (phase && strcmp(phase + 1, "mkset") && st->runtime_s > 0) {
        uint64_t bytes = filetest_replayed_bytes(st, t + 9);
        snprintf(st->file[0].name, sizeof st->file[0].name, "%s", phase + 1);
        st->file[0].seconds = st->runtime_s;
        st->file[0].mibs = bytes ? bytes / 1048576.0 / st->runtime_s : NAN;
        st->nfile = 1;
    }
}

int ssd__suite_run_replay(ssd_suite *s, int i) {
    struct ssd__step *st = &s->steps[i];
    ssd_trace *tr = NULL;
    ssd_replay *r = NULL;
    const char *path = option(st, "trace");
    int rc = ssd_trace_create(&tr);
    const char *why = NULL;
    if (!rc) {
        rc = !strncmp(path, "scenario:", 9) ? ssd_trace_generate(tr, path + 9, 1, 0)
             : !strncmp(path, "filetest:", 9)
                 ? ssd_trace_filetest(tr, path + 9, filetest_set_bytes(st, path + 9))
                 : ssd_trace_load(tr, path, NULL);
        if (rc)
            why = ssd_trace_errmsg(tr);
    }
    if (!rc)
        rc = ssd_replay_create(&r, s->t, tr);
    for (int k = 0; !rc && k < st->nopts; k++)
        if (!suite_key(st->keys[k]))
            rc = ssd_replay_set_option(r, st->keys[k], st->values[k]);
    if (!rc)
        rc = ssd_replay_run(r);
    if (rc && !why)
        why = r ? ssd_replay_errmsg(r) : ssd_strerror(rc);
    char *json = NULL;
    if (r && (rc == 0 || rc == SSD_EINTERRUPTED))
        ssd_replay_results_json(r, &json);
    st->job_json = json;
    ssd__replay_figures(st);
    if (rc) {
        st->rc = rc;
        st->state = rc == SSD_EINTERRUPTED ? SSD__ST_INTERRUPTED : SSD__ST_FAILED;
        free(st->error);
        st->error = strdup(why && *why ? why : ssd_strerror(rc));
        if (rc != SSD_EINTERRUPTED)
            rc = ssd__fail(s->err, rc, "step %d (%s, line %d): %s", i + 1, st->name, st->lineno,
                           st->error ? st->error : ssd_strerror(rc));
    } else {
        st->state = SSD__ST_DONE;
    }
    ssd_replay_free(r);
    ssd_trace_free(tr);
    return rc;
}

/* The application score over the done replay steps of group "apps": total
 * bytes over total busy time (PCMark 8's storage bandwidth) and the mean
 * of the traces' bandwidths. 0 when there is none. */
int ssd__suite_apps_score(const ssd_suite *s, double *score_bps, double *mean_bps) {
    double bytes = 0, busy = 0, sum = 0;
    int n = 0;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->kind != SSD__STEP_REPLAY || st->state != SSD__ST_DONE ||
            strcmp(st->group, "apps") || !(st->runtime_s > 0) || !isfinite(st->bw_bps))
            continue;
        bytes += st->bw_bps * st->runtime_s;
        busy += st->runtime_s;
        sum += st->bw_bps;
        n++;
    }
    *score_bps = busy > 0 ? bytes / busy : NAN;
    *mean_bps = n ? sum / n : NAN;
    return n;
}
