/* suite_load.c - a results directory read back into a suite handle, so the
 * report can be rendered again without the drive: the steps and figures
 * come from results.json, the analyses are recomputed from the CSVs. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suite_impl.h"
#include "file_read.h"
#include "json_read.h"
#include "options.h"
#include "precondition.h"
#include "summary_keys.h"

static int load_step(ssd_suite *s, struct ssd__step *st, const struct ssd__jv *v, int i,
                     const char *path) {
    ssd__step_init(st);
    st->def.kind = ssd__step_kind(ssd__jv_str(v, "kind"));
    st->res.state = ssd__step_state(ssd__jv_str(v, "state"));
    if (v->type != SSD__JOBJ || st->def.kind < 0 || st->res.state < 0) {
        st->def.kind = SSD__STEP_IDLE;
        return ssd__fail(s->err, SSD_EFORMAT, "%s: steps[%d]: no valid kind and state", path, i);
    }
    struct ssd__rio io = {.v = v, .r = &s->res, .err = s->err, .path = path, .i = i};
    return ssd__step_fields(&io, st);
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
    m->samples = (size_t)ssd__jv_whole(&a, "samples", 0, SIZE_MAX, 0);
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
    m->dip_period_s = m->dip_depth = m->dip_duty = m->dip_base_bps = NAN;
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
    struct ssd__rio io = {.v = &root, .r = &s->res, .err = s->err, .path = path};
    ssd__run_fields(&io, &s->res);
    if (ssd__jv_str(&root, "suite_file") && !s->res.suite_file) {
        rc = ssd__fail(s->err, SSD_ENOMEM, "%s: out of memory", path);
        goto out;
    }
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
    s->res.steps_total = (int)ssd__jv_whole(&root, "steps_total", 0, INT_MAX, steps->n);
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
    int rc = ssd__option_create(out, sizeof **out, NULL);
    if (rc)
        return rc;
    ssd_suite *s = *out;
    s->res.loaded = s->prepared = s->ran = 1;
    s->res.scale = 1;
    s->report = 1;
    return ssd__suite_set_out(s, dir);
}

int ssd__suite_load_text(ssd_suite **out, const char *dir, const char *text) {
    int rc = create_loaded(out, dir);
    return rc ? rc : load_text(*out, text);
}

int ssd_suite_load(ssd_suite **out, const char *dir) {
    return dir ? ssd__suite_load_text(out, dir, NULL) : SSD_EINVAL;
}
