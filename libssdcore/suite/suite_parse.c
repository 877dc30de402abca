/* suite_parse.c - the suite-file language: one step per line (trim, idle,
 * job, analyze), checked completely before anything runs, with errors that
 * name the file and line. The built-in suites are written in it too. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "numfmt.h"
#include "grow.h"
#include "ssdcore/job.h"
#include "step_options.h"
#include "suite_impl.h"
#include "precondition.h"

#define MAX_TOKENS 64

static int valid_stem(const char *v) {
    if (!*v || strlen(v) >= SSD__NAME_MAX || *v == '.')
        return 0;
    for (; *v; v++)
        if (!isalnum((unsigned char)*v) && *v != '-' && *v != '_' && *v != '.')
            return 0;
    return 1;
}

static int set_name(char *dst, const char *v) {
    if (!*v || strlen(v) >= SSD__NAME_MAX)
        return -1;
    for (const char *c = v; *c; c++)
        if ((unsigned char)*c < 0x21 || *c == '"' || *c == '<' || *c == '>' || *c == '&')
            return -1;
    strcpy(dst, v);
    return 0;
}

static struct ssd__step *new_step(ssd_suite *s) {
    if (ssd__grow(&s->res.steps, (size_t)s->res.nsteps, &s->cap, sizeof *s->res.steps, 32))
        return NULL;
    struct ssd__step *st = &s->res.steps[s->res.nsteps];
    ssd__step_init(st);
    return st;
}

void ssd__step_init(struct ssd__step *st) {
    memset(st, 0, sizeof *st);
    st->def.x = NAN;
    st->res.truth_cache_bytes = st->res.truth_post_bps = st->res.truth_fold_bytes =
        st->res.truth_gc_bytes = st->res.truth_recovered = st->res.truth_room_before = NAN;
    st->res.written_bytes = NAN;
    st->res.lat_mean_us = st->res.lat_p50_us = st->res.lat_p99_us = st->res.lat_p999_us = NAN;
}

static int parse_trim(ssd_suite *s, struct ssd__step *st, char **tok, int n, const char *where) {
    for (int i = 1; i < n; i++) {
        char *eq = strchr(tok[i], '=');
        if (!eq)
            return ssd__fail(s->err, SSD_EINVAL,
                             "%s: trim: expected offset=SIZE or length=SIZE, got '%s'", where,
                             tok[i]);
        *eq = 0;
        uint64_t v;
        if (strcmp(tok[i], "offset") && strcmp(tok[i], "length"))
            return ssd__fail(s->err, SSD_EINVAL, "%s: trim: unknown key '%s' (offset, length)",
                             where, tok[i]);
        if (ssd_parse_size(eq + 1, &v))
            return ssd__fail(s->err, SSD_EINVAL, "%s: trim: %s: not a size: '%s'", where, tok[i],
                             eq + 1);
        if (!strcmp(tok[i], "offset"))
            st->def.offset = v;
        else
            st->def.length = v;
    }
    uint64_t size = ssd_target_size(s->t);
    if (st->def.offset >= size || (st->def.length && st->def.length > size - st->def.offset)) {
        char off[SSD__NUM_BUF], len[SSD__NUM_BUF], sz[SSD__NUM_BUF];
        ssd__fmt_size(off, (double)st->def.offset);
        ssd__fmt_size(sz, (double)size);
        if (!st->def.length) /* to the end: only the offset is out */
            return ssd__fail(s->err, SSD_ERANGE,
                             "%s: trim: offset %s is beyond the target (%s, %llu bytes)", where,
                             off, sz, (unsigned long long)size);
        return ssd__fail(s->err, SSD_ERANGE,
                         "%s: trim: range %s+%s is beyond the target (%s, %llu bytes)", where, off,
                         ssd__fmt_size(len, (double)st->def.length), sz, (unsigned long long)size);
    }
    strcpy(st->def.name, "trim");
    return 0;
}

/* precondition kind=seq_fill|random_fill [loops=N]: kept as options, so
 * results.json's params say what was asked. */
static int parse_precondition(ssd_suite *s, struct ssd__step *st, char **tok, int n,
                              const char *where) {
    int rc = 0, have_kind = 0;
    for (int i = 1; i < n && !rc; i++) {
        const char *k, *v;
        if ((rc = ssd__step_split(s, tok[i], "precondition", where, &k, &v)))
            break;
        if (!strcmp(k, "kind")) {
            int kind = ssd__precondition_parse(v, strlen(v));
            if (kind != SSD_PRECONDITION_SEQ_FILL && kind != SSD_PRECONDITION_RANDOM_FILL)
                return ssd__fail(s->err, SSD_EINVAL,
                                 "%s: precondition: kind: '%s' is not seq_fill or random_fill",
                                 where, v);
            have_kind = 1;
        } else if (!strcmp(k, "loops")) {
            char *end;
            errno = 0;
            long l = strtol(v, &end, 10);
            if (end == v || *end || errno || l < 1 || l > 64)
                return ssd__fail(s->err, SSD_EINVAL,
                                 "%s: precondition: loops: '%s' is not a number in [1, 64]", where,
                                 v);
        } else {
            return ssd__fail(s->err, SSD_EINVAL, "%s: precondition: unknown key '%s' (kind, loops)",
                             where, k);
        }
        rc = ssd__step_keep(s, st, k, v, "precondition", where);
    }
    if (!rc && !have_kind)
        rc = ssd__fail(s->err, SSD_EINVAL,
                       "%s: precondition: kind= is missing (seq_fill or random_fill)", where);
    strcpy(st->def.name, "precondition");
    return rc;
}

/* The bytes a `fill` step writes: level=P% of the target, or bytes=SIZE.
 * NaN-free: the parser checked the value, so 0 only for a bad one. */
uint64_t ssd__fill_step_bytes(const struct ssd__step *st, uint64_t size) {
    const char *level = ssd__step_option(st, "level"), *bytes = ssd__step_option(st, "bytes");
    uint64_t b = 0;
    if (level) {
        char *end;
        double pct = strtod(level, &end);
        b = (uint64_t)((double)size * pct / 100.0);
    } else if (bytes && ssd_parse_size(bytes, &b)) {
        b = 0;
    }
    return b > size ? size : b;
}

/* fill level=P% | bytes=SIZE [name=N]: the first part of the target written
 * once sequentially (ssd_target_fill), a drive as full as a user's. Kept as
 * a precondition step of kind fill, so it runs through the same code. */
static int parse_fill(ssd_suite *s, struct ssd__step *st, char **tok, int n, const char *where) {
    int rc = ssd__step_keep(s, st, "kind", SSD__FILL_KIND, SSD__FILL_KIND, where), have = 0;
    snprintf(st->def.name, sizeof st->def.name, SSD__FILL_KIND);
    for (int i = 1; i < n && !rc; i++) {
        const char *k, *v;
        if ((rc = ssd__step_split(s, tok[i], SSD__FILL_KIND, where, &k, &v)))
            break;
        if (!strcmp(k, "level")) {
            char *end;
            errno = 0;
            double pct = strtod(v, &end);
            if (end == v || errno || (*end && strcmp(end, "%")) || !(pct > 0 && pct <= 100))
                return ssd__fail(s->err, SSD_EINVAL,
                                 "%s: fill: level: '%s' is not a percentage in (0, 100] "
                                 "('level=90%%')",
                                 where, v);
            have++;
        } else if (!strcmp(k, "bytes")) {
            uint64_t b;
            if (ssd_parse_size(v, &b) || b == 0)
                return ssd__fail(s->err, SSD_EINVAL, "%s: fill: bytes: not a size: '%s'", where, v);
            if (b > ssd_target_size(s->t)) {
                char bb[SSD__NUM_BUF], sz[SSD__NUM_BUF];
                uint64_t size = ssd_target_size(s->t);
                return ssd__fail(s->err, SSD_ERANGE,
                                 "%s: fill: bytes=%s (%s) is beyond the target (%s, %llu bytes)",
                                 where, v, ssd__fmt_size(bb, (double)b),
                                 ssd__fmt_size(sz, (double)size), (unsigned long long)size);
            }
            have++;
        } else if (!strcmp(k, "name")) {
            if (!*v || strlen(v) >= sizeof st->def.name)
                return ssd__fail(s->err, SSD_EINVAL, "%s: fill: name: '%s' is empty or too long",
                                 where, v);
            snprintf(st->def.name, sizeof st->def.name, "%s", v);
            continue;
        } else {
            return ssd__fail(s->err, SSD_EINVAL, "%s: fill: unknown key '%s' (level, bytes, name)",
                             where, k);
        }
        rc = ssd__step_keep(s, st, k, v, SSD__FILL_KIND, where);
    }
    if (!rc && have != 1)
        rc = ssd__fail(s->err, SSD_EINVAL,
                       "%s: fill: give one of level=P%% or bytes=SIZE ('fill level=90%%')", where);
    return rc;
}

static int parse_purge(ssd_suite *s, struct ssd__step *st, int n, const char *where) {
    if (n != 1)
        return ssd__fail(s->err, SSD_EINVAL, "%s: purge: takes no options", where);
    strcpy(st->def.name, "purge");
    return 0;
}

static int parse_idle(ssd_suite *s, struct ssd__step *st, char **tok, int n, const char *where) {
    if (n != 2)
        return ssd__fail(s->err, SSD_EINVAL, "%s: idle: expected one duration ('idle 15m')", where);
    if (ssd_parse_duration(tok[1], &st->def.idle_s) || st->def.idle_s < 0)
        return ssd__fail(s->err, SSD_EINVAL, "%s: idle: not a duration: '%s'", where, tok[1]);
    strcpy(st->def.name, "idle");
    return 0;
}

static int parse_job(ssd_suite *s, struct ssd__step *st, char **tok, int n, const char *where) {
    ssd_job *j = NULL;
    int rc = ssd_job_create(&j, s->t);
    if (rc)
        return ssd__fail(s->err, rc, "%s: job: %s", where, ssd_strerror(rc));
    for (int i = 1; i < n && !rc; i++) {
        const char *k, *v;
        if ((rc = ssd__step_split(s, tok[i], "job", where, &k, &v)))
            break;
        if (!strcmp(k, "name")) {
            if (set_name(st->def.name, v))
                rc = ssd__fail(s->err, SSD_EINVAL, "%s: job: bad name '%s'", where, v);
        } else if (!strcmp(k, "group")) {
            if (set_name(st->def.group, v))
                rc = ssd__fail(s->err, SSD_EINVAL, "%s: job: bad group '%s'", where, v);
        } else if (!strcmp(k, "x")) {
            char *end;
            errno = 0;
            st->def.x = strtod(v, &end);
            if (end == v || *end || errno || !isfinite(st->def.x))
                rc = ssd__fail(s->err, SSD_EINVAL, "%s: job: x: not a number: '%s'", where, v);
        } else if (!strcmp(k, "log")) {
            /* A fill keeps its log unasked (keep_fill_logs): "none" says no. */
            if (!strcmp(v, "none"))
                st->def.log_off = 1, st->def.log[0] = 0;
            else if (!valid_stem(v))
                rc = ssd__fail(s->err, SSD_EINVAL,
                               "%s: job: log: '%s' is not a file stem (letters, digits, - _ .)",
                               where, v);
            else if (ssd__suite_find_log(&s->res, v, s->res.nsteps))
                rc = ssd__fail(s->err, SSD_EEXIST, "%s: job: log '%s' is already used", where, v);
            else
                strcpy(st->def.log, v);
        } else {
            char buf[64];
            const char *use = ssd__suite_scaled(s, k, v, buf, sizeof buf);
            int r = ssd_job_set_option(j, k, use);
            rc = r ? ssd__fail(s->err, r, "%s: job: %s", where, ssd_job_errmsg(j))
                   : ssd__step_keep(s, st, k, v, "job", where);
        }
    }
    ssd_job_free(j);
    if (!rc && !st->def.name[0])
        snprintf(st->def.name, sizeof st->def.name, "job%d", st->def.lineno);
    if (!rc && ssd__suite_find(&s->res, st->def.name, s->res.nsteps - 1))
        rc = ssd__fail(s->err, SSD_EEXIST, "%s: job: name '%s' is already used", where,
                       st->def.name);
    return rc;
}

static int parse_analyze(ssd_suite *s, struct ssd__step *st, char **tok, int n, const char *where) {
    if (n < 2 || strchr(tok[1], '='))
        return ssd__fail(s->err, SSD_EINVAL, "%s: analyze: expected a log name ('analyze degr')",
                         where);
    if (!ssd__suite_find_log(&s->res, tok[1], s->res.nsteps))
        return ssd__fail(s->err, SSD_EINVAL, "%s: analyze: no earlier job has log=%s", where,
                         tok[1]);
    strcpy(st->def.series, tok[1]);
    ssd_analysis *a = NULL;
    int rc = ssd_analysis_create(&a);
    if (rc)
        return ssd__fail(s->err, rc, "%s: analyze: %s", where, ssd_strerror(rc));
    for (int i = 2; i < n && !rc; i++) {
        const char *k, *v;
        if ((rc = ssd__step_split(s, tok[i], "analyze", where, &k, &v)))
            break;
        if (!strcmp(k, "reference")) {
            if (!ssd__suite_find_log(&s->res, v, s->res.nsteps))
                rc = ssd__fail(s->err, SSD_EINVAL,
                               "%s: analyze: reference: no earlier job has log=%s", where, v);
            else
                strcpy(st->def.reference, v);
            continue;
        }
        /* A read job's curve is its reads (a thermal read test). */
        if (!strcmp(k, "ddir")) {
            if (strcmp(v, "write") && strcmp(v, "read") && strcmp(v, "any"))
                rc =
                    ssd__fail(s->err, SSD_EINVAL,
                              "%s: analyze: ddir: expected write, read or any, got '%s'", where, v);
            else
                snprintf(st->def.ddir, sizeof st->def.ddir, "%s", v);
            continue;
        }
        /* Parsed as the CLI and Python do (sizes like 256g, precondition's
         * words); kept as the number the option reads back. */
        double d = 0;
        if (st->def.naopts == SSD__STEP_MAX_OPTS)
            rc = ssd__fail(s->err, SSD_ERANGE, "%s: analyze: too many options", where);
        else if ((rc = ssd_analysis_set_option(a, k, v)) ||
                 (rc = ssd_analysis_get_option(a, k, &d)))
            rc = ssd__fail(s->err, rc, "%s: analyze: %s", where, ssd_analysis_errmsg(a));
        else if (!(st->def.akeys[st->def.naopts] = strdup(k)))
            rc = ssd__fail(s->err, SSD_ENOMEM, "%s: out of memory", where);
        else
            st->def.avalues[st->def.naopts++] = d;
    }
    ssd_analysis_free(a);
    snprintf(st->def.name, sizeof st->def.name, "analyze-%s", st->def.series);
    return rc;
}

/* The value of a job option as a yes: what the job's parser took as 1. */
static int option_yes(const char *v) {
    return v && (!strcmp(v, "1") || !strcasecmp(v, "true") || !strcasecmp(v, "yes") ||
                 !strcasecmp(v, "on"));
}

/* Whether job step st is meant to write the whole target: a sequential or
 * random write of bytes= or coverage=1 over a test area of at least the
 * share of the target the reference rule counts as a fill
 * (ssd__suite_fill_log; a job limited by time alone may or may not). */
static int writes_whole_target(const struct ssd__results *r, const struct ssd__step *st) {
    const char *pattern = ssd__step_option(st, "pattern");
    if (!pattern || (strcmp(pattern, "write") && strcmp(pattern, "randwrite")))
        return 0;
    double need = SSD__FILL_MIN_SHARE * (double)r->target_size;
    uint64_t bytes = 0, offset = 0, span = 0;
    const char *b = ssd__step_option(st, "bytes"), *o = ssd__step_option(st, "offset"),
               *sp = ssd__step_option(st, "span");
    if (b && !ssd_parse_size(b, &bytes) && (double)bytes >= need)
        return 1;
    if (!option_yes(ssd__step_option(st, "coverage")))
        return 0;
    if (o && ssd_parse_size(o, &offset))
        return 0;
    if (sp && ssd_parse_size(sp, &span))
        return 0;
    if (!sp)
        span = offset < r->target_size ? r->target_size - offset : 0;
    return (double)span >= need;
}

/* Whether step i begins on a target the suite left fresh: a whole-target
 * TRIM or a purge came before it, and nothing since wrote (idle, analyze,
 * read jobs). */
static int fresh_before(const struct ssd__results *r, int i) {
    for (int k = i - 1; k >= 0; k--) {
        const struct ssd__step *st = &r->steps[k];
        const char *pattern = ssd__step_option(st, "pattern");
        switch (st->def.kind) {
        case SSD__STEP_PURGE:
            return 1;
        case SSD__STEP_TRIM:
            return st->def.offset == 0 && (!st->def.length || st->def.length >= r->target_size);
        case SSD__STEP_IDLE:
        case SSD__STEP_ANALYZE:
            continue;
        case SSD__STEP_JOB:
            if (pattern && (!strcmp(pattern, "read") || !strcmp(pattern, "randread")))
                continue;
            return 0;
        default:
            return 0;
        }
    }
    return 0;
}

/* Whether a logged job follows step i on the drive i left, with no TRIM,
 * purge, precondition or PTS step between: a run whose analysis takes the
 * fill before it as its reference (ssd__suite_fill_log), in the suite or
 * later by hand. */
static int logged_run_after(const struct ssd__results *r, int i) {
    for (int k = i + 1; k < r->nsteps; k++) {
        int kind = r->steps[k].def.kind;
        if (kind == SSD__STEP_TRIM || kind == SSD__STEP_PURGE || kind == SSD__STEP_PRECONDITION ||
            kind == SSD__STEP_PTS)
            return 0;
        if (kind == SSD__STEP_JOB && r->steps[k].def.log[0])
            return 1;
    }
    return 0;
}

/* A job that writes the whole target after a whole-target TRIM or purge,
 * with a logged run after it, keeps its series as if log=NAME were given
 * (unless log=none): that run's analysis takes the fill's log as its
 * reference (ssd__suite_fill_log), and a fill.suite without log=fill had
 * none. A fill no logged run follows (lab2016's preparing fills) keeps
 * none, nor does a name that is no file stem or is another job's log. */
static void keep_fill_logs(struct ssd__results *r) {
    for (int i = 0; i < r->nsteps; i++) {
        struct ssd__step *st = &r->steps[i];
        if (st->def.kind != SSD__STEP_JOB || st->def.log[0] || st->def.log_off ||
            !valid_stem(st->def.name) || ssd__suite_find_log(r, st->def.name, r->nsteps) ||
            !fresh_before(r, i) || !writes_whole_target(r, st) || !logged_run_after(r, i))
            continue;
        strcpy(st->def.log, st->def.name);
    }
}

int ssd__suite_parse(ssd_suite *s, const char *source, const char *text) {
    const char *p = text;
    int lineno = 0;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        lineno++;
        char where[300];
        snprintf(where, sizeof where, "%s:%d", source, lineno);
        if (len > 4000)
            return ssd__fail(s->err, SSD_EFORMAT, "%s: line too long", where);
        char *line = malloc(len + 1);
        if (!line)
            return ssd__fail(s->err, SSD_ENOMEM, "%s: out of memory", where);
        memcpy(line, p, len);
        line[len] = 0;
        p += len + (nl ? 1 : 0);
        /* '#' starts a comment at the start of a line or after a blank. */
        for (char *c = line; *c; c++)
            if (*c == '#' && (c == line || isspace((unsigned char)c[-1]))) {
                *c = 0;
                break;
            }
        char *work = strdup(line);
        char *tok[MAX_TOKENS];
        int n = 0, rc = 0;
        if (!work) {
            free(line);
            return ssd__fail(s->err, SSD_ENOMEM, "%s: out of memory", where);
        }
        for (char *save = NULL, *t = strtok_r(work, " \t\r\f\v", &save); t;
             t = strtok_r(NULL, " \t\r\f\v", &save)) {
            if (n == MAX_TOKENS) {
                rc = ssd__fail(s->err, SSD_EFORMAT, "%s: too many words", where);
                break;
            }
            tok[n++] = t;
        }
        if (rc || n == 0) {
            free(work);
            free(line);
            if (rc)
                return rc;
            continue;
        }
        struct ssd__step *st = new_step(s);
        if (!st) {
            free(work);
            free(line);
            return ssd__fail(s->err, SSD_ENOMEM, "%s: out of memory", where);
        }
        st->def.lineno = lineno;
        /* Owned by the step from here, so a failure below frees it with the
         * rest of the steps. */
        s->res.nsteps++;
        char *trimmed = line;
        while (isspace((unsigned char)*trimmed))
            trimmed++;
        size_t tl = strlen(trimmed);
        while (tl && isspace((unsigned char)trimmed[tl - 1]))
            trimmed[--tl] = 0;
        st->def.line = strdup(trimmed);
        free(line);
        if (!st->def.line)
            rc = ssd__fail(s->err, SSD_ENOMEM, "%s: out of memory", where);
        else if (!strcmp(tok[0], "trim"))
            st->def.kind = SSD__STEP_TRIM, rc = parse_trim(s, st, tok, n, where);
        else if (!strcmp(tok[0], "idle"))
            st->def.kind = SSD__STEP_IDLE, rc = parse_idle(s, st, tok, n, where);
        else if (!strcmp(tok[0], "job"))
            st->def.kind = SSD__STEP_JOB, rc = parse_job(s, st, tok, n, where);
        else if (!strcmp(tok[0], "analyze"))
            st->def.kind = SSD__STEP_ANALYZE, rc = parse_analyze(s, st, tok, n, where);
        else if (!strcmp(tok[0], "filebench"))
            st->def.kind = SSD__STEP_FILEBENCH,
            rc = ssd__suite_parse_filebench(s, st, tok, n, where);
        else if (!strcmp(tok[0], "replay"))
            st->def.kind = SSD__STEP_REPLAY, rc = ssd__suite_parse_replay(s, st, tok, n, where);
        else if (!strcmp(tok[0], "precondition"))
            st->def.kind = SSD__STEP_PRECONDITION, rc = parse_precondition(s, st, tok, n, where);
        else if (!strcmp(tok[0], "purge"))
            st->def.kind = SSD__STEP_PURGE, rc = parse_purge(s, st, n, where);
        else if (!strcmp(tok[0], SSD__FILL_KIND))
            st->def.kind = SSD__STEP_PRECONDITION, rc = parse_fill(s, st, tok, n, where);
        else if (!strcmp(tok[0], "pts"))
            st->def.kind = SSD__STEP_PTS, rc = ssd__suite_parse_pts(s, st, tok, n, where);
        else
            rc = ssd__fail(s->err, SSD_EINVAL,
                           "%s: unknown step '%s' (expected trim, purge, precondition, fill, idle, "
                           "job, analyze, filebench, replay or pts)",
                           where, tok[0]);
        free(work);
        if (rc)
            return rc;
    }
    if (s->res.nsteps == 0)
        return ssd__fail(s->err, SSD_ENODATA, "%s: no steps", source);
    keep_fill_logs(&s->res);
    return 0;
}
