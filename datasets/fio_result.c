/* fio_result.c - fio JSON output: per job and direction, summary figures
 * and latency percentiles, with a broken clat (io_uring sqthread_poll)
 * detected and lat_ns trusted instead. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore/fio_result.h>
#include <ssdcore/series.h>

#include "json_dom.h"
#include "text_file.h"

struct entry {
    struct ssd_fio_job job;
    char *name;
};

struct ssd_fio_result {
    struct entry *e;
    size_t n;
    char err[512];
};

static int rfail(ssd_fio_result *r, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int rfail(ssd_fio_result *r, int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err, sizeof r->err, fmt, ap);
    va_end(ap);
    return code;
}

/* Percentile p (e.g. 99.0) from fio's {"99.000000": ns} map, in us. */
static double pct(const struct ssd__jdoc *d, const struct ssd__jnode *stat, double p) {
    const struct ssd__jnode *m = ssd__json_get(d, stat, "percentile");
    if (!m || m->type != SSD__J_OBJ)
        return NAN;
    for (long c = m->first; c >= 0; c = d->nodes[c].next) {
        const struct ssd__jnode *n = &d->nodes[c];
        char key[32];
        if (n->keylen == 0 || n->keylen >= sizeof key || n->type != SSD__J_NUM)
            continue;
        memcpy(key, n->key, n->keylen);
        key[n->keylen] = '\0';
        if (fabs(strtod(key, NULL) - p) < 1e-6)
            return n->num / 1000.0;
    }
    return NAN;
}

/* force: add the entry even without I/O (a failed job). */
static int add_entry(ssd_fio_result *r, const struct ssd__jdoc *d, const struct ssd__jnode *job,
                     const char *ddir, const struct ssd__jnode *st, int force) {
    double io = ssd__json_num(d, st, "io_bytes");
    double ios = ssd__json_num(d, st, "total_ios");
    if (!(io > 0) && !(ios > 0) && !force)
        return 0;
    struct entry *ne = realloc(r->e, (r->n + 1) * sizeof *ne);
    if (!ne)
        return SSD_ENOMEM;
    r->e = ne;
    struct entry *e = &r->e[r->n];
    memset(e, 0, sizeof *e);
    const struct ssd__jnode *nm = ssd__json_get(d, job, "jobname");
    size_t len = nm && nm->type == SSD__J_STR ? nm->strlen : 0;
    e->name = malloc(len + 1);
    if (!e->name)
        return SSD_ENOMEM;
    if (len)
        memcpy(e->name, nm->str, len);
    e->name[len] = '\0';
    r->n++;
    struct ssd_fio_job *j = &e->job;
    j->name = e->name;
    j->ddir = ddir;
    double err = ssd__json_num(d, job, "error");
    j->error = isfinite(err) && err != 0 ? (err > 0 && err < 1e6 ? (int)err : -1) : 0;
    j->io_bytes = io;
    j->bw_bps = ssd__json_num(d, st, "bw_bytes");
    if (!isfinite(j->bw_bps))
        j->bw_bps = ssd__json_num(d, st, "bw") * 1024.0; /* older fio: KiB/s */
    j->iops = ssd__json_num(d, st, "iops");
    j->runtime_s = ssd__json_num(d, st, "runtime") / 1000.0;
    const struct ssd__jnode *lat = ssd__json_get(d, st, "lat_ns");
    const struct ssd__jnode *clat = ssd__json_get(d, st, "clat_ns");
    double lat_mean = ssd__json_num(d, lat, "mean"), clat_mean = ssd__json_num(d, clat, "mean");
    /* clat is part of lat: a clat mean above lat's is impossible. */
    j->clat_inconsistent =
        isfinite(lat_mean) && isfinite(clat_mean) && lat_mean > 0 && clat_mean > lat_mean * 1.01;
    const struct ssd__jnode *src = NULL;
    j->lat_source = "none";
    if (lat && ssd__json_get(d, lat, "percentile")) {
        src = lat;
        j->lat_source = "lat_ns";
    } else if (clat && !j->clat_inconsistent && ssd__json_get(d, clat, "percentile")) {
        src = clat;
        j->lat_source = "clat_ns";
    }
    j->lat_mean_us = isfinite(lat_mean) ? lat_mean / 1000.0 : NAN;
    j->lat_max_us = ssd__json_num(d, lat, "max") / 1000.0;
    j->lat_p50_us = src ? pct(d, src, 50.0) : NAN;
    j->lat_p99_us = src ? pct(d, src, 99.0) : NAN;
    j->lat_p999_us = src ? pct(d, src, 99.9) : NAN;
    return 0;
}

static int parse_into(ssd_fio_result *r, const char *name, const char *text, size_t len) {
    struct ssd__jdoc d;
    int prc = ssd__json_parse(&d, text, len);
    if (prc == -2) {
        ssd__json_free(&d);
        return rfail(r, SSD_ENOMEM, "%s: out of memory", name);
    }
    if (prc) {
        int rc = rfail(r, SSD_EFORMAT, "%s:%zu: not valid JSON: %s", name, d.err_line,
                       d.err ? d.err : "?");
        ssd__json_free(&d);
        return rc;
    }
    int rc = 0;
    const struct ssd__jnode *jobs = ssd__json_get(&d, &d.nodes[0], "jobs");
    if (!jobs || jobs->type != SSD__J_ARR) {
        rc = rfail(r, SSD_EFORMAT, "%s: no \"jobs\" array: not fio JSON output", name);
        goto out;
    }
    static const char *const dirs[] = {"read", "write", "trim"};
    for (long c = jobs->first; c >= 0 && rc == 0; c = d.nodes[c].next) {
        const struct ssd__jnode *job = &d.nodes[c];
        size_t before = r->n;
        for (int k = 0; k < 3 && rc == 0; k++) {
            const struct ssd__jnode *st = ssd__json_get(&d, job, dirs[k]);
            if (st && st->type == SSD__J_OBJ)
                rc = add_entry(r, &d, job, dirs[k], st, 0);
        }
        /* A job that failed before any I/O must not vanish from the summary. */
        double err = ssd__json_num(&d, job, "error");
        if (rc == 0 && r->n == before && isfinite(err) && err != 0)
            rc = add_entry(r, &d, job, "none", NULL, 1);
    }
    if (rc)
        rc = rfail(r, rc, "%s: out of memory", name);
    else if (r->n == 0)
        rc = rfail(r, SSD_ENODATA, "%s: no job did any I/O", name);
out:
    ssd__json_free(&d);
    return rc;
}

SSD_API int ssd_fio_result_parse(ssd_fio_result **out, const char *name, const char *text,
                                 size_t len) {
    if (!out)
        return SSD_EINVAL;
    ssd_fio_result *r = calloc(1, sizeof *r);
    *out = r;
    if (!r)
        return SSD_ENOMEM;
    if (!name)
        name = "<memory>";
    if (!text && len)
        return rfail(r, SSD_EINVAL, "%s: NULL text", name);
    return parse_into(r, name, text ? text : "", len);
}

SSD_API int ssd_fio_result_open(ssd_fio_result **out, const char *path) {
    if (!out)
        return SSD_EINVAL;
    ssd_fio_result *r = calloc(1, sizeof *r);
    *out = r;
    if (!r)
        return SSD_ENOMEM;
    if (!path)
        return rfail(r, SSD_EINVAL, "NULL path");
    char *buf = NULL;
    size_t len = 0;
    int rc = ssd__load_text(path, SSD_SERIES_MAX_FILE_BYTES, &buf, &len, r->err, sizeof r->err);
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

SSD_API const char *ssd_fio_result_errmsg(const ssd_fio_result *r) {
    return r ? r->err : "no fio result";
}

SSD_API size_t ssd_fio_result_count(const ssd_fio_result *r) {
    return r ? r->n : 0;
}

SSD_API int ssd_fio_result_entry(const ssd_fio_result *r, size_t index, struct ssd_fio_job *out) {
    if (!r || !out)
        return SSD_EINVAL;
    if (index >= r->n)
        return SSD_ERANGE;
    *out = r->e[index].job;
    return 0;
}

static void put_num(FILE *f, const char *key, double v, int comma) {
    if (isfinite(v))
        fprintf(f, "\"%s\":%.10g%s", key, v, comma ? "," : "");
    else
        fprintf(f, "\"%s\":null%s", key, comma ? "," : "");
}

SSD_API int ssd_fio_result_to_json(const ssd_fio_result *r, char **out_json) {
    if (!r || !out_json)
        return SSD_EINVAL;
    *out_json = NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return SSD_ENOMEM;
    fputc('[', f);
    for (size_t i = 0; i < r->n; i++) {
        const struct ssd_fio_job *j = &r->e[i].job;
        fputs(i ? ",{" : "{", f);
        fputs("\"name\":\"", f);
        for (const char *p = j->name; *p; p++)
            if ((unsigned char)*p >= 0x20 && *p != '"' && *p != '\\')
                fputc(*p, f);
        fprintf(f, "\",\"ddir\":\"%s\",", j->ddir);
        put_num(f, "io_bytes", j->io_bytes, 1);
        put_num(f, "bw_bps", j->bw_bps, 1);
        put_num(f, "iops", j->iops, 1);
        put_num(f, "runtime_s", j->runtime_s, 1);
        put_num(f, "lat_mean_us", j->lat_mean_us, 1);
        put_num(f, "lat_p50_us", j->lat_p50_us, 1);
        put_num(f, "lat_p99_us", j->lat_p99_us, 1);
        put_num(f, "lat_p99_9_us", j->lat_p999_us, 1);
        put_num(f, "lat_p999_us", j->lat_p999_us, 1); /* the old name, kept for a release */
        put_num(f, "lat_max_us", j->lat_max_us, 1);
        put_num(f, "p99_over_p50", j->lat_p99_us / j->lat_p50_us, 1);
        put_num(f, "p99_9_over_p50", j->lat_p999_us / j->lat_p50_us, 1);
        put_num(f, "p999_over_p50", j->lat_p999_us / j->lat_p50_us, 1); /* old name */
        fprintf(f, "\"lat_source\":\"%s\",\"clat_inconsistent\":%s,\"error\":%d}", j->lat_source,
                j->clat_inconsistent ? "true" : "false", j->error);
    }
    fputc(']', f);
    if (fclose(f)) {
        free(buf);
        return SSD_ENOMEM;
    }
    *out_json = buf;
    return 0;
}
