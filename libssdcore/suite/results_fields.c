/* results_fields.c - the fields of results.json, each spelled once:
 * ssd__run_fields (the run: suite, scale, target, host, times) and
 * ssd__step_fields (a step, per kind) list them in the order they are
 * written. suite_results.c calls them to write results.json and
 * suite_load.c to read it back, so a field added here is written and read
 * alike (its key, its type, what a missing one reads as) and the two
 * cannot drift. What only the writer computes from other fields, and what
 * only the reader derives, is marked by the direction (io->w or io->v). */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "jsonw.h"
#include "output_check.h"
#include "precondition.h"
#include "ssdcore/base.h"
#include "suite_impl.h"

uint64_t ssd__jv_whole(const struct ssd__jv *v, const char *key, uint64_t lo, uint64_t hi,
                       uint64_t fallback) {
    double d = ssd__jv_num(v, key, NAN);
    /* 2^64 as a double: the first value a uint64_t cannot hold. */
    if (!(d >= (double)lo && d < 18446744073709551616.0) || d != floor(d))
        return fallback;
    uint64_t u = (uint64_t)d;
    return u <= hi ? u : fallback;
}

/* How a text field is written when empty: "", null, or not at all. */
enum { EMPTY_STR, EMPTY_NULL, EMPTY_OMIT };

/* A text held in a char array; read back truncated to size, "" when
 * missing. */
static void f_buf(struct ssd__rio *io, const char *key, char *buf, size_t size, int empty) {
    const char *s = io->v ? ssd__jv_str(io->v, key) : NULL;
    if (!io->w)
        snprintf(buf, size, "%s", s ? s : "");
    else if (buf[0] || empty != EMPTY_OMIT)
        ssd__jw_kstr(io->w, key, buf[0] || empty == EMPTY_STR ? buf : NULL);
}

/* An allocated text: written null (or, omit, not at all) when NULL; read
 * back as a copy, or a copy of missing (NULL: none) when absent. */
static void f_str(struct ssd__rio *io, const char *key, char **p, const char *missing, int omit) {
    if (io->w) {
        if (*p || !omit)
            ssd__jw_kstr(io->w, key, *p);
        return;
    }
    const char *s = ssd__jv_str(io->v, key) ? ssd__jv_str(io->v, key) : missing;
    *p = s ? strdup(s) : NULL;
}

static void f_num(struct ssd__rio *io, const char *key, double *p, double missing) {
    if (io->w)
        ssd__jw_knum(io->w, key, *p);
    else
        *p = ssd__jv_num(io->v, key, missing);
}

/* A byte count, written whole (issue #22). */
static void f_bytes(struct ssd__rio *io, const char *key, double *p) {
    if (io->w)
        ssd__jw_kbytes(io->w, key, *p);
    else
        *p = ssd__jv_num(io->v, key, NAN);
}

/* Integers read back only when whole and in range (results.json may be
 * hand-edited; casting an out-of-range double is undefined), else 0. */
static void f_int(struct ssd__rio *io, const char *key, int *p) {
    if (io->w)
        ssd__jw_knum(io->w, key, *p);
    else
        *p = (int)ssd__jv_whole(io->v, key, 0, INT_MAX, 0);
}

static void f_u64(struct ssd__rio *io, const char *key, uint64_t *p) {
    if (io->w)
        ssd__jw_knum(io->w, key, (double)*p);
    else
        *p = ssd__jv_whole(io->v, key, 0, UINT64_MAX, 0);
}

static void f_bool(struct ssd__rio *io, const char *key, int *p) {
    if (io->w)
        ssd__jw_kbool(io->w, key, *p);
    else
        *p = ssd__jv_true(io->v, key);
}

enum { RAW_OMIT = 1 /* not written when NULL */, RAW_OBJECT = 2 /* read only an object */ };

/* A JSON value kept as text (a job's results, the simulator's truth). */
static void f_raw(struct ssd__rio *io, const char *key, char **p, int flags) {
    if (io->w) {
        if (*p || !(flags & RAW_OMIT))
            ssd__jw_kraw(io->w, key, *p);
        return;
    }
    const struct ssd__jv *m = ssd__jv_get(io->v, key);
    int ok = m && m->type != SSD__JNULL && (!(flags & RAW_OBJECT) || m->type == SSD__JOBJ);
    *p = ok ? ssd__jv_json(m) : NULL;
}

/* A series file held by its stem: "STEM.csv", null for none (always: ".csv"
 * even then). Read back, it must be a plain file name inside the results
 * directory, never "../../x.csv" or "/etc/x.csv" (the report and compare
 * would read and draw a file outside it). 0 or SSD_EFORMAT. */
static int f_csv(struct ssd__rio *io, const char *key, char *stem, int always) {
    if (io->w) {
        char name[SSD__NAME_MAX + 8];
        snprintf(name, sizeof name, "%s.csv", stem);
        ssd__jw_kstr(io->w, key, stem[0] || always ? name : NULL);
        return 0;
    }
    const char *file = ssd__jv_str(io->v, key);
    if (!file)
        return 0;
    if (!ssd__plain_file_name(file))
        return ssd__fail(io->err, SSD_EFORMAT,
                         "%s: steps[%d]: %s \"%.200s\" is not a plain file name inside the "
                         "results directory",
                         io->path, io->i, key, file);
    snprintf(stem, SSD__NAME_MAX, "%s", file);
    size_t n = strlen(stem);
    if (n > 4 && !strcmp(stem + n - 4, ".csv"))
        stem[n - 4] = 0;
    return 0;
}

/* The step's options as written, {"key": "value", ...} ("params"), or an
 * analyze step's analysis options, {"key": number, ...} ("options"). */
static void f_opts(struct ssd__rio *io, struct ssd__step *st, int analysis) {
    struct ssd__step_def *d = &st->def;
    int *n = analysis ? &d->naopts : &d->nopts;
    char **keys = analysis ? d->akeys : d->keys;
    if (io->w) {
        ssd__jw_kbegin_object(io->w, analysis ? "options" : "params");
        for (int k = 0; k < *n; k++)
            if (analysis)
                ssd__jw_knum(io->w, keys[k], d->avalues[k]);
            else
                ssd__jw_kstr(io->w, keys[k], d->values[k]);
        ssd__jw_end_object(io->w);
        return;
    }
    const struct ssd__jv *o = ssd__jv_get(io->v, analysis ? "options" : "params");
    for (size_t k = 0; o && o->type == SSD__JOBJ && k < o->n && *n < SSD__STEP_MAX_OPTS; k++) {
        const struct ssd__jv *x = &o->items[k];
        if (x->type != (analysis ? SSD__JNUM : SSD__JSTR))
            continue;
        keys[*n] = strdup(o->keys[k]);
        if (analysis)
            d->avalues[(*n)++] = x->num;
        else
            d->values[(*n)++] = strdup(x->str);
    }
}

/* An object: written when present, its fields in sub; read, sub reads it
 * (a missing one reads as every field missing). 1 when its fields follow,
 * then f_end. */
static int f_begin(struct ssd__rio *io, const char *key, int present, struct ssd__rio *sub) {
    *sub = *io;
    if (!io->w) {
        sub->v = ssd__jv_get(io->v, key);
        return 1;
    }
    if (present)
        ssd__jw_kbegin_object(io->w, key);
    return present;
}

static void f_end(struct ssd__rio *sub) {
    if (sub->w)
        ssd__jw_end_object(sub->w);
}

/* What a precondition step aimed at (written; its params say it). */
static void precondition_json(struct ssd__jw *w, const struct ssd__results *s,
                              const struct ssd__step *st) {
    const char *loops = ssd__step_option(st, "loops");
    const char *kind = ssd__step_option(st, "kind");
    ssd__jw_kstr(w, "precondition", kind);
    if (kind && !strcmp(kind, SSD__FILL_KIND)) {
        /* What the fill aimed at, and the level it left (of the target). */
        ssd__jw_knum(w, "fill_bytes", (double)ssd__fill_step_bytes(st, s->target_size));
        ssd__jw_knum(w, "fill_level_pct",
                     s->target_size && isfinite(st->res.written_bytes)
                         ? 100.0 * st->res.written_bytes / (double)s->target_size
                         : NAN);
    } else {
        ssd__jw_knum(w, "loops", loops ? atof(loops) : 2);
    }
}

int ssd__step_fields(struct ssd__rio *io, struct ssd__step *st) {
    struct ssd__step_result *res = &st->res;
    struct ssd__rio sub;
    int rc = 0;
    if (io->w) {
        ssd__jw_knum(io->w, "index", io->i);
        ssd__jw_kstr(io->w, "kind", ssd__step_kind_name(st->def.kind));
    }
    f_buf(io, "name", st->def.name, sizeof st->def.name, EMPTY_STR);
    f_str(io, "line", &st->def.line, "", 0);
    f_int(io, "lineno", &st->def.lineno);
    if (io->w)
        ssd__jw_kstr(io->w, "state", ssd__step_state_name(res->state));
    f_buf(io, "started", res->started, sizeof res->started, EMPTY_NULL);
    f_num(io, "wall_s", &res->wall_s, 0);
    f_num(io, "temp_c_before", &res->temp_before_c, NAN);
    f_num(io, "temp_c_after", &res->temp_after_c, NAN);
    f_raw(io, "health", &res->health_json, RAW_OMIT | RAW_OBJECT);
    if (!io->w)
        res->wa = ssd__jv_num(ssd__jv_get(ssd__jv_get(io->v, "health"), "delta"),
                              "write_amplification", NAN);
    f_str(io, "error", &res->error, NULL, 1);
    if (res->state == SSD__ST_SKIPPED)
        f_str(io, "reason", &res->reason, "?", 0);
    switch (st->def.kind) {
    case SSD__STEP_JOB:
        f_buf(io, "group", st->def.group, sizeof st->def.group, EMPTY_NULL);
        f_num(io, "x", &st->def.x, NAN);
        f_opts(io, st, 0);
        rc = f_csv(io, "log", st->def.log, 0);
        /* The job's summary figures. */
        if (f_begin(io, "summary", res->job_json != NULL, &sub)) {
            f_num(&sub, "runtime_s", &res->runtime_s, NAN);
            f_num(&sub, "bw_bps", &res->bw_bps, NAN);
            f_num(&sub, "iops", &res->iops, NAN);
            f_num(&sub, "read_bps", &res->read_bps, NAN);
            f_num(&sub, "write_bps", &res->write_bps, NAN);
            f_num(&sub, "lat_mean_us", &res->lat_mean_us, NAN);
            f_num(&sub, "lat_p50_us", &res->lat_p50_us, NAN);
            f_num(&sub, "lat_p99_us", &res->lat_p99_us, NAN);
            f_num(&sub, "lat_p99_9_us", &res->lat_p999_us, NAN);
            f_end(&sub);
        }
        f_raw(io, "results", &res->job_json, 0);
        if (!io->w || res->truth_json)
            f_bytes(io, "sim_fast_room_before_bytes", &res->truth_room_before);
        f_raw(io, "sim_truth", &res->truth_json, RAW_OMIT);
        if (!io->w) {
            ssd__step_latency_spectrum(st);
            const struct ssd__jv *truth = ssd__jv_get(io->v, "sim_truth");
            res->truth_cache_bytes = ssd__jv_num(truth, "cache_full_at_bytes", NAN);
            res->truth_post_bps = ssd__jv_num(truth, "post_cache_mean_bps", NAN);
            res->truth_fold_bytes = ssd__jv_num(truth, "folding_start_bytes", NAN);
            res->truth_gc_bytes = ssd__jv_num(truth, "gc_start_bytes", NAN);
            res->truth_recovered = ssd__jv_num(truth, "last_idle_recovered_bytes", NAN);
        }
        break;
    case SSD__STEP_TRIM: {
        f_u64(io, "offset", &st->def.offset);
        /* Written: what it covered (length 0 is to the end). */
        uint64_t covered = st->def.length ? st->def.length : io->r->target_size - st->def.offset;
        f_u64(io, "length", io->w ? &covered : &st->def.length);
        if (f_begin(io, "reached_device", res->trim_how != NULL, &sub)) {
            f_bool(&sub, "reached", &res->trim_reached);
            f_str(&sub, "how", &res->trim_how, NULL, 0);
            f_str(&sub, "filesystem", &res->trim_fs, NULL, 0);
            f_str(&sub, "mount_point", &res->trim_mount, NULL, 0);
            f_str(&sub, "mount_options", &res->trim_mount_opts, NULL, 0);
            f_num(&sub, "fitrim_bytes", &res->trim_fitrim_bytes, NAN);
            f_end(&sub);
        }
        break;
    }
    case SSD__STEP_IDLE:
        if (io->w)
            ssd__jw_knum(io->w, "idle_s", st->def.idle_s * io->r->scale);
        f_num(io, "idle_unscaled_s", &st->def.idle_s, 0);
        break;
    case SSD__STEP_PRECONDITION:
        f_opts(io, st, 0);
        if (io->w)
            precondition_json(io->w, io->r, st);
        f_num(io, "written_bytes", &res->written_bytes, NAN);
        break;
    case SSD__STEP_PURGE:
        f_buf(io, "how", res->how, sizeof res->how, EMPTY_NULL);
        break;
    case SSD__STEP_FILEBENCH:
        f_opts(io, st, 0);
        f_raw(io, "results", &res->job_json, 0); /* the ssdcore-filebench 1 object */
        if (!io->w)
            ssd__filebench_figures(st);
        break;
    case SSD__STEP_REPLAY:
        f_buf(io, "group", st->def.group, sizeof st->def.group, EMPTY_STR);
        f_opts(io, st, 0);
        f_raw(io, "results", &res->job_json, 0); /* ssd_replay_to_json */
        if (!io->w)
            ssd__replay_figures(st);
        break;
    case SSD__STEP_PTS:
        f_opts(io, st, 0);
        f_raw(io, "pts", &res->pts_json, RAW_OBJECT); /* suite_pts.c */
        break;
    case SSD__STEP_ANALYZE:
        if ((rc = f_csv(io, "series", st->def.series, 1)) ||
            (rc = f_csv(io, "reference", st->def.reference, 0)))
            break;
        /* The direction analysed, when not the writes (a read job's
         * analysis re-reads its reads). */
        f_buf(io, "ddir", st->def.ddir, sizeof st->def.ddir, EMPTY_OMIT);
        if (!io->w && strcmp(st->def.ddir, "write") && strcmp(st->def.ddir, "read") &&
            strcmp(st->def.ddir, "any"))
            st->def.ddir[0] = 0;
        f_opts(io, st, 1);
        f_raw(io, "analysis", &res->analysis_json, 0); /* kept if the CSV is gone */
        if (io->w)
            ssd__analysis_truth_json(io->w, io->r, st);
        break;
    }
    return rc;
}

/* The target object (the run's, and each drive's on the compare page). */
static void target_fields(struct ssd__rio *io, struct ssd__results *r) {
    f_str(io, "uri", &r->target_uri, "?", 0);
    f_buf(io, "kind", r->target_kind, sizeof r->target_kind, EMPTY_STR);
    f_u64(io, "size_bytes", &r->target_size);
    uint64_t block = r->target_block;
    f_u64(io, "block_size", &block);
    if (!io->w)
        r->target_block = block <= UINT_MAX ? (unsigned)block : 0;
    /* Absent in results written before ssdcore recorded the drive. */
    f_raw(io, "drive", &r->drive_json, RAW_OMIT | RAW_OBJECT);
}

void ssd__results_target_json(struct ssd__jw *w, const struct ssd__results *r) {
    struct ssd__rio io = {.w = w, .r = r};
    ssd__jw_begin_object(w);
    target_fields(&io, (struct ssd__results *)r); /* writing: read-only */
    ssd__jw_end_object(w);
}

void ssd__run_fields(struct ssd__rio *io, struct ssd__results *r) {
    struct ssd__rio sub;
    if (io->w) {
        ssd__jw_kstr(io->w, "schema", "ssdcore-results/1");
        ssd__jw_kstr(io->w, "tool", "ssdcore " SSD_VERSION_STRING);
        ssd__jw_kstr(io->w, "suite", r->suite_file ? NULL : r->suite_name);
    } else {
        f_buf(io, "suite", r->suite_name, sizeof r->suite_name, EMPTY_STR);
        f_buf(io, "tool", r->tool, sizeof r->tool, EMPTY_STR);
    }
    f_str(io, "suite_file", &r->suite_file, NULL, 0);
    f_num(io, "scale", &r->scale, 1);
    f_begin(io, "target", 1, &sub);
    target_fields(&sub, r);
    f_end(&sub);
    f_begin(io, "host", 1, &sub);
    f_buf(&sub, "hostname", r->host_name, sizeof r->host_name, EMPTY_STR);
    f_buf(&sub, "kernel", r->host_kernel, sizeof r->host_kernel, EMPTY_STR);
    f_buf(&sub, "cpu", r->host_cpu, sizeof r->host_cpu, EMPTY_STR);
    f_end(&sub);
    f_buf(io, "started", r->started, sizeof r->started, EMPTY_NULL);
    f_buf(io, "finished", r->finished, sizeof r->finished, EMPTY_NULL);
    f_buf(io, "run_id", r->run_id, sizeof r->run_id, EMPTY_OMIT);
}

const char *ssd__results_suite(const struct ssd__results *r) {
    return r->suite_name[0] ? r->suite_name : r->suite_file;
}
