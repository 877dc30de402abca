/* suite_load.c - a results directory read back into a suite handle, so the
 * report can be rendered again without the drive: the steps and figures
 * come from results.json, the analyses are recomputed from the CSVs. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "suite_impl.h"
#include "file_read.h"
#include "json_read.h"
#include "precondition.h"
#include "summary_keys.h"
#include "output_check.h"

static void copy(char *dst, size_t len, const char *src) {
    snprintf(dst, len, "%s", src ? src : "");
}

/* "degradation.csv" -> "degradation". The name comes from results.json,
 * which anyone may have written: a series is a plain file name inside the
 * results directory, never "../../x.csv" or "/etc/x.csv" (the report and
 * compare would read and draw a file outside it). */
static int stem(ssd_suite *s, char *dst, const char *file, const char *path, int i,
                const char *key) {
    if (!ssd__plain_file_name(file))
        return ssd__fail(s->err, SSD_EFORMAT,
                         "%s: steps[%d]: %s \"%.200s\" is not a plain file name inside the "
                         "results directory",
                         path, i, key, file);
    copy(dst, SSD__NAME_MAX, file);
    size_t n = strlen(dst);
    if (n > 4 && !strcmp(dst + n - 4, ".csv"))
        dst[n - 4] = 0;
    return 0;
}

/* The integer member key of v, or fallback when it is missing, not a whole
 * number, or outside [lo, hi]: results.json may be damaged or hand-edited,
 * and casting an out-of-range double to an integer is undefined. */
static uint64_t whole(const struct ssd__jv *v, const char *key, uint64_t lo, uint64_t hi,
                      uint64_t fallback) {
    double d = ssd__jv_num(v, key, NAN);
    /* 2^64 as a double: the first value a uint64_t cannot hold. */
    if (!(d >= (double)lo && d < 18446744073709551616.0) || d != floor(d))
        return fallback;
    uint64_t u = (uint64_t)d;
    return u <= hi ? u : fallback;
}

static char *dump(const struct ssd__jv *v) {
    return v && v->type != SSD__JNULL ? ssd__jv_json(v) : NULL;
}

/* The options as written (job, filebench, replay): the string members of
 * "params". */
static void load_params(struct ssd__step *st, const struct ssd__jv *v) {
    const struct ssd__jv *p = ssd__jv_get(v, "params");
    for (size_t k = 0; p && p->type == SSD__JOBJ && k < p->n; k++) {
        if (p->items[k].type != SSD__JSTR || st->def.nopts == SSD__STEP_MAX_OPTS)
            continue;
        st->def.keys[st->def.nopts] = strdup(p->keys[k]);
        st->def.values[st->def.nopts] = strdup(p->items[k].str);
        st->def.nopts++;
    }
}

/* A TRIM step's reached_device object; absent (older results.json): the
 * reach stays unknown and nothing is claimed. */
static void load_trim_reach(struct ssd__step *st, const struct ssd__jv *r) {
    st->res.trim_fitrim_bytes = NAN;
    if (!r || r->type != SSD__JOBJ || !ssd__jv_str(r, "how"))
        return;
    const struct ssd__jv *reached = ssd__jv_get(r, "reached");
    st->res.trim_reached = reached && reached->type == SSD__JTRUE;
    st->res.trim_how = strdup(ssd__jv_str(r, "how"));
    const char *fs = ssd__jv_str(r, "filesystem"), *mp = ssd__jv_str(r, "mount_point"),
               *mo = ssd__jv_str(r, "mount_options");
    st->res.trim_fs = fs ? strdup(fs) : NULL;
    st->res.trim_mount = mp ? strdup(mp) : NULL;
    st->res.trim_mount_opts = mo ? strdup(mo) : NULL;
    st->res.trim_fitrim_bytes = ssd__jv_num(r, "fitrim_bytes", NAN);
}

static int load_step(ssd_suite *s, struct ssd__step *st, const struct ssd__jv *v, int i,
                     const char *path) {
    ssd__step_init(st);
    st->def.kind = ssd__step_kind(ssd__jv_str(v, "kind"));
    st->res.state = ssd__step_state(ssd__jv_str(v, "state"));
    if (v->type != SSD__JOBJ || st->def.kind < 0 || st->res.state < 0) {
        st->def.kind = SSD__STEP_IDLE;
        return ssd__fail(s->err, SSD_EFORMAT, "%s: steps[%d]: no valid kind and state", path, i);
    }
    copy(st->def.name, sizeof st->def.name, ssd__jv_str(v, "name"));
    st->def.line = strdup(ssd__jv_str(v, "line") ? ssd__jv_str(v, "line") : "");
    st->def.lineno = (int)whole(v, "lineno", 0, INT_MAX, 0);
    copy(st->res.started, sizeof st->res.started, ssd__jv_str(v, "started"));
    st->res.wall_s = ssd__jv_num(v, "wall_s", 0);
    st->res.temp_before_c = ssd__jv_num(v, "temp_c_before", NAN);
    st->res.temp_after_c = ssd__jv_num(v, "temp_c_after", NAN);
    const struct ssd__jv *health = ssd__jv_get(v, "health");
    st->res.wa = NAN;
    if (health && health->type == SSD__JOBJ) {
        st->res.health_json = dump(health);
        st->res.wa = ssd__jv_num(ssd__jv_get(health, "delta"), "write_amplification", NAN);
    }
    if (ssd__jv_str(v, "error"))
        st->res.error = strdup(ssd__jv_str(v, "error"));
    if (st->res.state == SSD__ST_SKIPPED)
        st->res.reason = strdup(ssd__jv_str(v, "reason") ? ssd__jv_str(v, "reason") : "?");
    switch (st->def.kind) {
    case SSD__STEP_JOB: {
        copy(st->def.group, sizeof st->def.group, ssd__jv_str(v, "group"));
        st->def.x = ssd__jv_num(v, "x", NAN);
        if (ssd__jv_str(v, "log") && stem(s, st->def.log, ssd__jv_str(v, "log"), path, i, "log"))
            return SSD_EFORMAT;
        load_params(st, v);
        const struct ssd__jv *m = ssd__jv_get(v, "summary");
        for (size_t k = 0; k < ssd__job_summary_count; k++) {
            /* By memcpy: GCC cannot see that every offset is a double's
             * (with -O2 and ASan it warned of an 8-byte write into 4). */
            double x = ssd__jv_num(m, ssd__job_summary[k].key, NAN);
            memcpy((char *)&st->res + ssd__job_summary[k].offset, &x, sizeof x);
        }
        st->res.job_json = dump(ssd__jv_get(v, "results"));
        ssd__step_latency_spectrum(st);
        const struct ssd__jv *truth = ssd__jv_get(v, "sim_truth");
        st->res.truth_json = dump(truth);
        st->res.truth_cache_bytes = ssd__jv_num(truth, "cache_full_at_bytes", NAN);
        st->res.truth_post_bps = ssd__jv_num(truth, "post_cache_mean_bps", NAN);
        st->res.truth_fold_bytes = ssd__jv_num(truth, "folding_start_bytes", NAN);
        st->res.truth_gc_bytes = ssd__jv_num(truth, "gc_start_bytes", NAN);
        st->res.truth_recovered = ssd__jv_num(truth, "last_idle_recovered_bytes", NAN);
        st->res.truth_room_before = ssd__jv_num(v, "sim_fast_room_before_bytes", NAN);
        break;
    }
    case SSD__STEP_FILEBENCH: {
        load_params(st, v);
        st->res.job_json = dump(ssd__jv_get(v, "results"));
        ssd__filebench_figures(st);
        break;
    }
    case SSD__STEP_REPLAY: {
        copy(st->def.group, sizeof st->def.group, ssd__jv_str(v, "group"));
        load_params(st, v);
        st->res.job_json = dump(ssd__jv_get(v, "results"));
        ssd__replay_figures(st);
        break;
    }
    case SSD__STEP_PTS: {
        load_params(st, v);
        const struct ssd__jv *pts = ssd__jv_get(v, "pts");
        if (pts && pts->type == SSD__JOBJ)
            st->res.pts_json = dump(pts);
        break;
    }
    case SSD__STEP_TRIM:
        st->def.offset = whole(v, "offset", 0, UINT64_MAX, 0);
        st->def.length = whole(v, "length", 0, UINT64_MAX, 0);
        load_trim_reach(st, ssd__jv_get(v, "reached_device"));
        break;
    case SSD__STEP_IDLE:
        /* "seconds_unscaled" in a results.json written before round 21 */
        st->def.idle_s = ssd__jv_num(v, "idle_unscaled_s", ssd__jv_num(v, "seconds_unscaled", 0));
        break;
    case SSD__STEP_PRECONDITION:
        load_params(st, v);
        st->res.written_bytes = ssd__jv_num(v, "written_bytes", NAN);
        break;
    case SSD__STEP_PURGE:
        copy(st->res.how, sizeof st->res.how, ssd__jv_str(v, "how"));
        break;
    case SSD__STEP_ANALYZE: {
        if (ssd__jv_str(v, "series") &&
            stem(s, st->def.series, ssd__jv_str(v, "series"), path, i, "series"))
            return SSD_EFORMAT;
        if (ssd__jv_str(v, "reference") &&
            stem(s, st->def.reference, ssd__jv_str(v, "reference"), path, i, "reference"))
            return SSD_EFORMAT;
        /* A read job's analysis re-reads its reads (analyze ddir=read). */
        const char *dd = ssd__jv_str(v, "ddir");
        if (dd && (!strcmp(dd, "write") || !strcmp(dd, "read") || !strcmp(dd, "any")))
            snprintf(st->def.ddir, sizeof st->def.ddir, "%s", dd);
        const struct ssd__jv *o = ssd__jv_get(v, "options");
        for (size_t k = 0; o && o->type == SSD__JOBJ && k < o->n; k++) {
            if (o->items[k].type != SSD__JNUM || st->def.naopts == SSD__STEP_MAX_OPTS)
                continue;
            st->def.akeys[st->def.naopts] = strdup(o->keys[k]);
            st->def.avalues[st->def.naopts++] = o->items[k].num;
        }
        st->res.analysis_json = dump(ssd__jv_get(v, "analysis")); /* kept if the CSV is gone */
        break;
    }
    }
    return 0;
}

/* One summary figure, from its row in summary_keys.h (m and the object o). */
#define GET(key, member) m->member = ssd__jv_num(o, #key, NAN);

/* The figures of an analysis stored in results.json (DESIGN.md's analysis
 * object), for a step whose CSV is gone: the headline and the report show
 * them instead of nothing. Missing members stay NaN. */
static void summary_from_stored(struct ssd__step *st) {
    struct ssd__jv a;
    char msg[64];
    if (!st->res.analysis_json || ssd__jr_parse(st->res.analysis_json, &a, msg, sizeof msg))
        return;
    struct ssd_analysis_summary *m = &st->res.sum;
    memset(m, 0, sizeof *m);
    m->samples = (size_t)whole(&a, "samples", 0, SIZE_MAX, 0);
    m->duration_s = ssd__jv_num(&a, "duration_s", NAN);
    m->total_bytes = ssd__jv_num(&a, "total_bytes", NAN);
    const struct ssd__jv *o = ssd__jv_get(&a, "cache");
    m->has_cache = o && o->type == SSD__JOBJ;
    SSD__CACHE_KEYS(GET)
    const char *cens = ssd__jv_str(o, "censored");
    m->cache_censored = !cens || !strcmp(cens, "none") ? SSD_CENSOR_NONE
                        : !strcmp(cens, "right")       ? SSD_CENSOR_RIGHT
                                                       : SSD_CENSOR_RESOLUTION;
    m->post_cache_bps = ssd__jv_num(&a, "post_cache_bps", NAN);
    o = ssd__jv_get(&a, "folding");
    m->has_folding = o && o->type == SSD__JOBJ;
    SSD__FOLDING_KEYS(GET)
    o = ssd__jv_get(&a, "gc");
    m->has_gc = o && o->type == SSD__JOBJ;
    SSD__GC_KEYS(GET)
    const struct ssd__jv *sliding = ssd__jv_get(o, "sliding");
    m->gc_sliding = sliding && sliding->type == SSD__JTRUE;
    o = ssd__jv_get(&a, "temperature");
    m->has_temperature = o && o->type == SSD__JOBJ;
    SSD__TEMPERATURE_KEYS(GET)
    o = ssd__jv_get(&a, "throttle");
    m->has_throttle = o && o->type == SSD__JOBJ;
    SSD__THROTTLE_KEYS(GET)
    m->capacity_bytes = ssd__jv_num(&a, "capacity_bytes", NAN);
    m->written_before_bytes = ssd__jv_num(&a, "written_before_bytes", 0);
    /* Not 0 (none) from the memset: what the analysis said, else unknown. */
    const char *pre = ssd__jv_str(&a, "precondition");
    int pc = pre ? ssd__precondition_parse(pre, strlen(pre)) : -1;
    m->precondition = pc >= 0 ? pc : SSD_PRECONDITION_UNKNOWN;
    o = ssd__jv_get(&a, "recovery");
    SSD__RECOVERY_KEYS(GET)
    m->has_recovery = o && o->type == SSD__JOBJ && isfinite(m->recovered_bytes);
    const char *rcens = ssd__jv_str(o, "censored");
    m->recovery_censored = rcens && !strcmp(rcens, "right") ? SSD_CENSOR_RIGHT : SSD_CENSOR_NONE;
    const struct ssd__jv *k = ssd__jv_get(&a, "consistency");
    m->mean_bps = ssd__jv_num(k, "mean_bps", NAN);
    m->cv = ssd__jv_num(k, "cv", NAN);
    m->p1_over_mean = ssd__jv_num(k, "p1_over_mean", NAN);
    m->p5_over_mean = ssd__jv_num(k, "p5_over_mean", NAN);
    m->dip_period_s = m->dip_depth = m->dip_duty = NAN;
    const struct ssd__jv *ph = ssd__jv_get(&a, "phases");
    if (ph && ph->type == SSD__JARR && ph->n) {
        free(st->res.phases);
        st->res.phases = calloc(ph->n, sizeof *st->res.phases);
        st->res.nphases = st->res.phases ? ph->n : 0;
        for (size_t i = 0; i < st->res.nphases; i++) {
            const struct ssd__jv *p = &ph->items[i];
            st->res.phases[i].start_bytes = ssd__jv_num(p, "start_bytes", NAN);
            st->res.phases[i].end_bytes = ssd__jv_num(p, "end_bytes", NAN);
            st->res.phases[i].start_s = ssd__jv_num(p, "start_s", NAN);
            st->res.phases[i].end_s = ssd__jv_num(p, "end_s", NAN);
            st->res.phases[i].level_bps = ssd__jv_num(p, "level_bps", NAN);
            st->res.phases[i].mean_bps = ssd__jv_num(p, "mean_bps", NAN);
            st->res.phases[i].slope_bps_per_byte = NAN;
            const char *rg = ssd__jv_str(p, "regime");
            for (int regime = SSD_REGIME_OTHER; rg && regime <= SSD_REGIME_SLOW_START; regime++)
                if (!strcmp(rg, ssd_analysis_regime_name(regime)))
                    st->res.phases[i].regime = regime;
        }
    }
    st->res.has_summary = st->res.sum_stored = 1;
    ssd__jv_free(&a);
}

/* An earlier analyze step that analyses what step i does (same series,
 * reference and options: the same job log, so the same figures), or -1. */
static int same_analysis(const struct ssd__results *r, int i) {
    const struct ssd__step_def *d = &r->steps[i].def;
    for (int j = 0; j < i; j++) {
        const struct ssd__step *o = &r->steps[j];
        if (o->def.kind != SSD__STEP_ANALYZE || o->res.state != SSD__ST_DONE || !o->res.curve ||
            strcmp(o->def.series, d->series) || strcmp(o->def.reference, d->reference) ||
            o->def.naopts != d->naopts)
            continue;
        int same = 1;
        for (int k = 0; same && k < d->naopts; k++)
            same = !strcmp(o->def.akeys[k], d->akeys[k]) && o->def.avalues[k] == d->avalues[k];
        if (same)
            return j;
    }
    return -1;
}

/* Step i takes step j's results without reading the CSV again: a
 * results.json repeating one analysis 300 times cost 300 loads of the
 * series, 533 MB and a 112 MB page (issue 26). 0 or SSD_ENOMEM. */
static int copy_analysis(struct ssd__results *r, int i, int j) {
    struct ssd__step_result *to = &r->steps[i].res;
    const struct ssd__step_result *from = &r->steps[j].res;
    to->analysis_json = from->analysis_json ? strdup(from->analysis_json) : NULL;
    to->phases = from->nphases ? malloc(from->nphases * sizeof *to->phases) : NULL;
    if ((from->analysis_json && !to->analysis_json) || (from->nphases && !to->phases))
        return SSD_ENOMEM;
    if (from->nphases)
        memcpy(to->phases, from->phases, from->nphases * sizeof *to->phases);
    to->nphases = from->nphases;
    to->sum = from->sum;
    to->has_summary = from->has_summary;
    to->same_as = j + 1;
    to->state = SSD__ST_DONE;
    return 0;
}

/* s for a message: at most 64 bytes, control characters as '?' (a schema
 * name is anyone's text and must not reach a terminal as escapes). */
static void printable(char *buf, size_t len, const char *s) {
    size_t i = 0;
    for (; s[i] && i + 1 < len && i < 64; i++)
        buf[i] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i];
    buf[i] = 0;
}

int ssd__results_read(char *err, const char *path, const char *text, struct ssd__jv *root) {
    memset(root, 0, sizeof *root);
    char *own = NULL;
    int rc;
    /* Never blocks in open() on a FIFO named results.json; refuses a device
     * or socket. */
    if (!text && (rc = ssd__read_text(path, 256, "results.json", err, &own)))
        return rc;
    char why[256];
    rc = ssd__jr_parse(text ? text : own, root, why, sizeof why);
    free(own);
    if (rc)
        return ssd__fail(err, rc, "%s: %s", path, why);
    const char *schema = ssd__jv_str(root, "schema");
    if (schema && !strcmp(schema, "ssdcore-results/1")) {
        /* Every reader (load, compare, catalog) refuses what one refuses. */
        const struct ssd__jv *steps = ssd__jv_get(root, "steps");
        if (steps && steps->type == SSD__JARR)
            return 0;
        ssd__jv_free(root);
        return ssd__fail(err, SSD_EFORMAT, "%s: no steps array", path);
    }
    char shown[80] = "";
    if (schema)
        printable(shown, sizeof shown, schema);
    rc = ssd__fail(err, SSD_EFORMAT,
                   "%s: not ssdcore results this version can read (schema %s%s%s; expected "
                   "\"ssdcore-results/1\")",
                   path, schema ? "\"" : "", schema ? shown : "missing", schema ? "\"" : "");
    ssd__jv_free(root);
    return rc;
}

/* 1 when root says its run is still going: "status": "running", or (written
 * before results.json had a status) neither complete, interrupted nor
 * failed. */
static int says_running(const struct ssd__jv *root) {
    const char *status = ssd__jv_str(root, "status");
    return status ? !strcmp(status, "running")
                  : !ssd__jv_true(root, "complete") && !ssd__jv_true(root, "interrupted") &&
                        !ssd__jv_str(root, "error");
}

const char *ssd__results_status(const struct ssd__jv *root, const char *dir, int *killed, char *why,
                                size_t why_len) {
    char word[16], noted[SSD__ERRMSG_SIZE];
    if (killed)
        *killed = 0;
    if (why && why_len)
        why[0] = 0;
    if (!says_running(root)) {
        const char *status = ssd__jv_str(root, "status");
        return status                              ? status
               : ssd__jv_true(root, "complete")    ? "complete"
               : ssd__jv_true(root, "interrupted") ? "interrupted"
                                                   : "failed";
    }
    if (ssd__suite_out_in_use(dir))
        return "running";
    if (!ssd__suite_out_noted_end(dir, word, sizeof word, noted, sizeof noted)) {
        if (killed)
            *killed = 1;
        return "interrupted";
    }
    if (strcmp(word, "failed"))
        return "interrupted"; /* its end, noted where there was room */
    if (why && why_len)
        snprintf(why, why_len, "%s", noted);
    return "failed";
}

static int load_text(ssd_suite *s, const char *text) {
    const char *path = s->results_path;
    struct ssd__jv root;
    int rc = ssd__results_read(s->err, path, text, &root);
    if (rc)
        return rc;
    const char *suite = ssd__jv_str(&root, "suite"), *file = ssd__jv_str(&root, "suite_file");
    copy(s->res.suite_name, sizeof s->res.suite_name, suite ? suite : "");
    if (file && !(s->res.suite_file = strdup(file))) {
        rc = ssd__fail(s->err, SSD_ENOMEM, "%s: out of memory", path);
        goto out;
    }
    s->res.scale = ssd__jv_num(&root, "scale", 1);
    const struct ssd__jv *target = ssd__jv_get(&root, "target");
    s->res.target_uri = strdup(ssd__jv_str(target, "uri") ? ssd__jv_str(target, "uri") : "?");
    copy(s->res.target_kind, sizeof s->res.target_kind, ssd__jv_str(target, "kind"));
    s->res.target_size = whole(target, "size_bytes", 0, UINT64_MAX, 0);
    s->res.target_block = (unsigned)whole(target, "block_size", 0, UINT_MAX, 0);
    const struct ssd__jv *drive = ssd__jv_get(target, "drive");
    if (drive && drive->type == SSD__JOBJ)
        s->res.drive_json = dump(drive);
    const struct ssd__jv *host = ssd__jv_get(&root, "host");
    copy(s->res.host_name, sizeof s->res.host_name, ssd__jv_str(host, "hostname"));
    copy(s->res.host_kernel, sizeof s->res.host_kernel, ssd__jv_str(host, "kernel"));
    copy(s->res.host_cpu, sizeof s->res.host_cpu, ssd__jv_str(host, "cpu"));
    copy(s->res.started, sizeof s->res.started, ssd__jv_str(&root, "started"));
    copy(s->res.finished, sizeof s->res.finished, ssd__jv_str(&root, "finished"));
    copy(s->res.run_id, sizeof s->res.run_id, ssd__jv_str(&root, "run_id"));
    s->res.interrupted = ssd__jv_true(&root, "interrupted");
    if (ssd__jv_str(&root, "error"))
        s->res.error = strdup(ssd__jv_str(&root, "error"));
    if (says_running(&root)) {
        char why[SSD__ERRMSG_SIZE];
        int killed;
        const char *status = ssd__results_status(&root, s->out_dir, &killed, why, sizeof why);
        if (!strcmp(status, "running"))
            s->res.running = 1;
        else if (!strcmp(status, "interrupted"))
            s->res.interrupted = 1, s->res.killed = killed;
        else if (!s->res.error && !(s->res.error = strdup(why))) {
            rc = ssd__fail(s->err, SSD_ENOMEM, "out of memory");
            goto out;
        }
    }
    s->res.killed |= ssd__jv_true(&root, "killed");
    const struct ssd__jv *steps = ssd__jv_get(&root, "steps");
    if (!s->res.target_uri || !steps || steps->type != SSD__JARR) {
        rc = ssd__fail(s->err, s->res.target_uri ? SSD_EFORMAT : SSD_ENOMEM, "%s: no steps array",
                       path);
        goto out;
    }
    s->res.steps_total = (int)whole(&root, "steps_total", 0, INT_MAX, steps->n);
    if (steps->n) {
        s->res.steps = calloc(steps->n, sizeof *s->res.steps);
        if (!s->res.steps) {
            rc = ssd__fail(s->err, SSD_ENOMEM, "%s: out of memory", path);
            goto out;
        }
        s->cap = steps->n;
    }
    for (size_t i = 0; i < steps->n && !rc; i++) {
        rc = load_step(s, &s->res.steps[i], &steps->items[i], (int)i, path);
        s->res.nsteps++;
    }
    int lost = 0;
    for (int i = 0; i < s->res.nsteps && !rc; i++) {
        struct ssd__step *st = &s->res.steps[i];
        if (st->def.kind != SSD__STEP_ANALYZE || st->res.state != SSD__ST_DONE)
            continue;
        free(st->res.error);
        st->res.error = NULL;
        char *stored = st->res.analysis_json;
        st->res.analysis_json = NULL;
        int j = same_analysis(&s->res, i);
        if (j >= 0 && copy_analysis(&s->res, i, j)) {
            free(stored);
            rc = ssd__fail(s->err, SSD_ENOMEM, "%s: out of memory for %s", path, st->def.name);
            break;
        }
        if (j < 0)
            ssd__suite_analyze(s, i);
        if (st->res.state == SSD__ST_DONE || !stored) {
            free(stored);
            continue;
        }
        /* A missing or damaged CSV must not drop the analysis the run
         * stored: keep it, and say so (the caller warns, the CLI exits 1). */
        free(st->res.analysis_json);
        st->res.analysis_json = stored;
        summary_from_stored(st);
        if (!lost++)
            ssd__fail(s->err, 0, "%s: cannot recompute: %s; the analysis stored in %s is kept",
                      st->def.name, st->res.error ? st->res.error : "?", path);
    }
    if (lost > 1) {
        size_t n = strlen(s->err);
        snprintf(s->err + n, sizeof s->err - n, " (and %d more)", lost - 1);
    }
out:
    ssd__jv_free(&root);
    return rc;
}

static int create_loaded(ssd_suite **out, const char *dir) {
    ssd_suite *s = calloc(1, sizeof *s);
    *out = s;
    if (!s)
        return SSD_ENOMEM;
    s->res.loaded = s->prepared = s->ran = 1;
    s->res.scale = 1;
    s->report = 1;
    s->current = -1;
    return ssd__suite_set_out(s, dir);
}

int ssd__suite_load_text(ssd_suite **out, const char *dir, const char *text) {
    int rc = create_loaded(out, dir);
    return rc ? rc : load_text(*out, text);
}

int ssd_suite_load(ssd_suite **out, const char *dir) {
    if (!out || !dir)
        return SSD_EINVAL;
    int rc = create_loaded(out, dir);
    if (rc)
        return rc;
    return load_text(*out, NULL);
}
