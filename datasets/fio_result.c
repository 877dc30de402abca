/* fio_result.c - fio JSON output: per job and direction, summary figures
 * and latency percentiles, with a broken clat (io_uring sqthread_poll)
 * detected and lat_ns trusted instead. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore/fio_result.h>
#include <ssdcore/series.h>

#include "errmsg.h"
#include "json_read.h"
#include "jsonw.h"
#include "options.h"
#include "result_size.h"
#include "text_file.h"

struct entry {
    struct ssd_fio_job job;
    char *name;
};

struct ssd_fio_result {
    struct entry *e;
    size_t n;
    char err[SSD__ERRMSG_SIZE];
};

#define rfail(r, code, ...) ssd__fail((r)->err, code, __VA_ARGS__)

/* A number member; fio writes some numbers as strings, which count too.
 * NaN when absent or not a number. */
static double num(const struct ssd__jv *obj, const char *key) {
    const struct ssd__jv *m = ssd__jv_get(obj, key);
    if (m && m->type == SSD__JNUM)
        return m->num;
    if (m && m->type == SSD__JSTR && m->str[0]) {
        char *end;
        double v = strtod(m->str, &end);
        return *end ? NAN : v;
    }
    return NAN;
}

/* Percentile p (e.g. 99.0) from fio's {"99.000000": ns} map, in us. */
static double pct(const struct ssd__jv *stat, double p) {
    const struct ssd__jv *m = ssd__jv_get(stat, "percentile");
    if (!m || m->type != SSD__JOBJ)
        return NAN;
    for (size_t i = 0; i < m->n; i++)
        if (m->items[i].type == SSD__JNUM && fabs(strtod(m->keys[i], NULL) - p) < 1e-6)
            return m->items[i].num / 1000.0;
    return NAN;
}

/* force: add the entry even without I/O (a failed job). */
static int add_entry(ssd_fio_result *r, const char *fname, const struct ssd__jv *job,
                     const char *ddir, const struct ssd__jv *st, int force) {
    double io = num(st, "io_bytes");
    double ios = num(st, "total_ios");
    if (!(io > 0) && !(ios > 0) && !force)
        return 0;
    struct entry *ne = realloc(r->e, (r->n + 1) * sizeof *ne);
    if (!ne)
        return SSD_ENOMEM;
    r->e = ne;
    struct entry *e = &r->e[r->n];
    memset(e, 0, sizeof *e);
    const char *name = ssd__jv_str(job, "jobname"); /* decoded: \u00e9 is é */
    e->name = strdup(name ? name : "");
    if (!e->name)
        return SSD_ENOMEM;
    r->n++;
    struct ssd_fio_job *j = &e->job;
    j->name = e->name;
    j->ddir = ddir;
    double err = num(job, "error");
    j->error = isfinite(err) && err != 0 ? (err > 0 && err < 1e6 ? (int)err : -1) : 0;
    j->bw_bps = num(st, "bw_bytes");
    if (!isfinite(j->bw_bps))
        j->bw_bps = num(st, "bw") * 1024.0; /* older fio: KiB/s */
    j->iops = num(st, "iops");
    j->runtime_s = num(st, "runtime") / 1000.0;
    const struct ssd__jv *lat = ssd__jv_get(st, "lat_ns");
    const struct ssd__jv *clat = ssd__jv_get(st, "clat_ns");
    double lat_mean = num(lat, "mean"), clat_mean = num(clat, "mean");
    /* clat is part of lat: a clat mean above lat's is impossible. */
    j->clat_inconsistent =
        isfinite(lat_mean) && isfinite(clat_mean) && lat_mean > 0 && clat_mean > lat_mean * 1.01;
    const struct ssd__jv *src = NULL;
    j->lat_source = "none";
    if (lat && ssd__jv_get(lat, "percentile")) {
        src = lat;
        j->lat_source = "lat_ns";
    } else if (clat && !j->clat_inconsistent && ssd__jv_get(clat, "percentile")) {
        src = clat;
        j->lat_source = "clat_ns";
    }
    j->lat_mean_us = isfinite(lat_mean) ? lat_mean / 1000.0 : NAN;
    j->lat_max_us = num(lat, "max") / 1000.0;
    j->lat_p50_us = src ? pct(src, 50.0) : NAN;
    j->lat_p99_us = src ? pct(src, 99.0) : NAN;
    j->lat_p999_us = src ? pct(src, 99.9) : NAN;
    /* A negative count, rate, time or latency is no measurement: it was
     * printed as "p99 -0.0". -0 itself is 0. */
    const struct {
        const char *what;
        double *v;
    } figs[] = {{"io_bytes", &io},
                {"bw_bytes", &j->bw_bps},
                {"iops", &j->iops},
                {"runtime", &j->runtime_s},
                {"lat mean", &j->lat_mean_us},
                {"lat max", &j->lat_max_us},
                {"percentile 50", &j->lat_p50_us},
                {"percentile 99", &j->lat_p99_us},
                {"percentile 99.9", &j->lat_p999_us}};
    for (size_t i = 0; i < sizeof figs / sizeof figs[0]; i++) {
        if (*figs[i].v == 0)
            *figs[i].v = 0;
        if (*figs[i].v < 0) {
            rfail(r, SSD_EFORMAT, "%s: job '%s' %s: %s is %g: negative", fname, j->name, ddir,
                  figs[i].what, *figs[i].v);
            return SSD_EFORMAT;
        }
    }
    /* A count of bytes, kept exact: a double rounded to 10 digits made
     * 92471427072 bytes 92471427070 in the JSON. */
    j->io_bytes = isfinite(io) && io >= 1 ? (uint64_t)llround(io) : 0;
    return 0;
}

static int parse_into(ssd_fio_result *r, const char *name, const char *text, size_t len) {
    /* The reader wants NUL-terminated text. Trailing NULs (a C string passed
     * with its terminator) end it; a NUL with text after it would hide the
     * rest, so it is refused by offset. */
    while (len && text[len - 1] == '\0')
        len--;
    const char *nul = memchr(text, '\0', len);
    if (nul)
        return rfail(r, SSD_EFORMAT, "%s: not valid JSON: a NUL byte at offset %zu", name,
                     (size_t)(nul - text));
    char *copy = malloc(len + 1);
    if (!copy)
        return rfail(r, SSD_ENOMEM, "%s: out of memory", name);
    memcpy(copy, text, len);
    copy[len] = '\0';
    struct ssd__jv doc;
    char jerr[256];
    int rc = ssd__jr_parse(copy, &doc, jerr, sizeof jerr);
    free(copy);
    if (rc == SSD_ENOMEM)
        return rfail(r, SSD_ENOMEM, "%s: out of memory", name);
    if (rc) {
        /* "line L: what" from the reader becomes "name:L: not valid JSON: what". */
        int line = 0, used = 0;
        if (sscanf(jerr, "line %d: %n", &line, &used) == 1 && used > 0)
            return rfail(r, SSD_EFORMAT, "%s:%d: not valid JSON: %s", name, line, jerr + used);
        return rfail(r, SSD_EFORMAT, "%s: not valid JSON: %s", name, jerr);
    }
    const struct ssd__jv *jobs = ssd__jv_get(&doc, "jobs");
    if (!jobs || jobs->type != SSD__JARR) {
        rc = rfail(r, SSD_EFORMAT, "%s: no \"jobs\" array: not fio JSON output", name);
        goto out;
    }
    static const char *const dirs[] = {"read", "write", "trim"};
    for (size_t c = 0; c < jobs->n && rc == 0; c++) {
        const struct ssd__jv *job = &jobs->items[c];
        size_t before = r->n;
        for (int k = 0; k < 3 && rc == 0; k++) {
            const struct ssd__jv *st = ssd__jv_get(job, dirs[k]);
            if (st && st->type == SSD__JOBJ)
                rc = add_entry(r, name, job, dirs[k], st, 0);
        }
        /* A job that failed before any I/O must not vanish from the summary. */
        double err = num(job, "error");
        if (rc == 0 && r->n == before && isfinite(err) && err != 0)
            rc = add_entry(r, name, job, "none", NULL, 1);
    }
    if (rc == SSD_ENOMEM)
        rc = rfail(r, rc, "%s: out of memory", name);
    else if (rc)
        ; /* the message names the job and figure */
    else if (r->n == 0)
        rc = rfail(r, SSD_ENODATA, "%s: no job did any I/O", name);
out:
    ssd__jv_free(&doc);
    return rc;
}

SSD_API int ssd_fio_result_parse(ssd_fio_result **out, const char *name, const char *text,
                                 size_t len) {
    int rc = ssd__option_create(out, sizeof **out, NULL);
    if (rc)
        return rc;
    ssd_fio_result *r = *out;
    if (!name)
        name = "<memory>";
    if (!text && len)
        return rfail(r, SSD_EINVAL, "%s: NULL text", name);
    return parse_into(r, name, text ? text : "", len);
}

SSD_API int ssd_fio_result_open(ssd_fio_result **out, const char *path) {
    int rc = ssd__option_create(out, sizeof **out, NULL);
    if (rc)
        return rc;
    ssd_fio_result *r = *out;
    if (!path)
        return rfail(r, SSD_EINVAL, "NULL path");
    char *buf = NULL;
    size_t len = 0;
    rc = ssd__load_text(path, SSD_SERIES_MAX_FILE_BYTES, &buf, &len, NULL, r->err);
    if (rc == 0)
        rc = parse_into(r, path, buf, len);
    free(buf);
    return rc;
}

SSD_API void ssd_fio_result_free(ssd_fio_result *r) {
    if (!r)
        return;
    for (size_t i = 0; i < r->n; i++)
        free(r->e[i].name);
    free(r->e);
    free(r);
}

SSD__ERRMSG_OF(fio_result)

SSD_API int ssd_fio_result_set_option(ssd_fio_result *r, const char *key, const char *value) {
    return r ? ssd__option_none("fio_result", key, value, r->err) : SSD_EINVAL;
}

SSD_API size_t ssd_fio_result_count(const ssd_fio_result *r) {
    return r ? r->n : 0;
}

SSD_API int ssd_fio_result_entry(const ssd_fio_result *r, size_t index, struct ssd_fio_job *out) {
    if (!r || !out || !ssd__result_size_ok(out, sizeof *out))
        return SSD_EINVAL;
    if (index >= r->n)
        return SSD_ERANGE;
    ssd__result_copy(out, &r->e[index].job, sizeof r->e[index].job);
    return 0;
}

static int fio_result_json(const ssd_fio_result *r, enum ssd__jw_style style, char **out_json) {
    if (!r || !out_json)
        return SSD_EINVAL;
    *out_json = NULL;
    struct ssd__jw w;
    ssd__jw_init(&w, style);
    ssd__jw_begin_array(&w);
    for (size_t i = 0; i < r->n; i++) {
        const struct ssd_fio_job *j = &r->e[i].job;
        ssd__jw_begin_object(&w);
        ssd__jw_kstr(&w, "name", j->name);
        ssd__jw_kstr(&w, "ddir", j->ddir);
        ssd__jw_ku64(&w, "io_bytes", j->io_bytes); /* a count: an exact integer */
        static const char *const keys[] = {
            "bw_bps",     "iops",         "runtime_s",  "lat_mean_us",  "lat_p50_us",
            "lat_p99_us", "lat_p99_9_us", "lat_max_us", "p99_over_p50", "p99_9_over_p50"};
        const double vals[] = {j->bw_bps,
                               j->iops,
                               j->runtime_s,
                               j->lat_mean_us,
                               j->lat_p50_us,
                               j->lat_p99_us,
                               j->lat_p999_us,
                               j->lat_max_us,
                               j->lat_p99_us / j->lat_p50_us,
                               j->lat_p999_us / j->lat_p50_us};
        for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
            ssd__jw_key(&w, keys[k]);
            ssd__jw_num_g(&w, vals[k], 10);
        }
        ssd__jw_kstr(&w, "lat_source", j->lat_source);
        ssd__jw_kbool(&w, "clat_inconsistent", j->clat_inconsistent);
        ssd__jw_key(&w, "error");
        ssd__jw_num_g(&w, j->error, 10);
        ssd__jw_end_object(&w);
    }
    ssd__jw_end_array(&w);
    return ssd__jw_finish(&w, out_json);
}

SSD_API int ssd_fio_result_to_json(const ssd_fio_result *r, int flags, char **out) {
    struct ssd__jw w;
    int rc = ssd__jw_open(&w, r, out, flags, r ? (char *)r->err : NULL);
    return rc ? rc : fio_result_json(r, w.style, out);
}
