/* series_fiolog.c - fio write_bw_log / write_iops_log files, one per job,
 * merged into one series: rows filtered by direction, bucketed on the
 * logging interval (rounding absorbs fio's few-ms timestamp jitter) and
 * summed across jobs. Per-I/O logs (no log_avg_msec: one row per I/O) are
 * summed into fixed intervals instead, from each I/O's size. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "series_readers.h"

struct fio_row {
    double t_ms;
    double bytes_per_s;
    double io_bytes; /* the bs field: the I/O's size in a per-I/O log, 0 when averaged */
};

struct fio_parsed {
    struct fio_row *rows;
    size_t n;
    double interval_ms;
    int per_io; /* one row per I/O (written without log_avg_msec) */
};

/* The k-th smallest of v[0, n) (v reordered): Hoare's selection, linear on
 * average where the sort it replaces took 40 % of reading a 1M-row log. */
static double kth_smallest(double *v, size_t n, size_t kk) {
    long l = 0, m = (long)n - 1, k = (long)kk;
    while (l < m) {
        double x = v[k];
        long i = l, j = m;
        do {
            while (v[i] < x)
                i++;
            while (x < v[j])
                j--;
            if (i <= j) {
                double t = v[i];
                v[i] = v[j];
                v[j] = t;
                i++;
                j--;
            }
        } while (i <= j);
        if (j < k)
            l = i;
        if (k < i)
            m = j;
    }
    return v[k];
}

/*
 * fio writes bs 0 in the rows it averages over log_avg_msec, and the I/O's
 * size in the rows of a per-I/O log, whose value is that one I/O's speed
 * (bs / its latency) rather than the drive's throughput. Very old fio (2.x)
 * also wrote bs into its bw_avg_time averages; those are told apart by what
 * the rows stand for: read as averages they add up to many I/Os per row,
 * while per-I/O rows come milliseconds apart and, read as averages, add up
 * to no more than the bytes of their I/Os (fewer at a queue depth above 1).
 */
static int is_per_io(const struct fio_parsed *p) {
    if (!p->n)
        return 0;
    double io_bytes = 0, as_averages = 0;
    for (size_t i = 0; i < p->n; i++) {
        if (!(p->rows[i].io_bytes > 0))
            return 0;
        io_bytes += p->rows[i].io_bytes;
        as_averages += p->rows[i].bytes_per_s * p->interval_ms / 1000.0;
    }
    return p->interval_ms < 50 || as_averages <= 2 * io_bytes;
}

static int parse_one(ssd_series *s, struct ssd__fio_file *f, int ddir, struct fio_parsed *out) {
    struct ssd__lines it = {f->buf, f->buf + f->len, 0};
    const char *base = strrchr(f->name, '/');
    int iops = strstr(base ? base : f->name, "_iops") != NULL;
    size_t cap = f->lines ? f->lines : ssd__count_lines(f->buf, f->len);
    out->rows = malloc(cap * sizeof *out->rows);
    out->n = 0;
    if (!out->rows)
        return ssd__series_fail(s, SSD_ENOMEM, "%s: out of memory", f->name);
    char *starts[9];
    struct ssd__row row;
    double prev_t = -1;
    while (ssd__next_fields(&it, &row, starts, 8)) {
        if (row.start == row.end && row.had_newline)
            continue;
        size_t nf = row.nfields;
        if (!row.had_newline && nf < 4)
            return ssd__series_fail(s, SSD_EFORMAT, "%s:%zu: truncated last line", f->name,
                                    it.lineno);
        if (nf < 4 || nf > 6)
            return ssd__series_fail(s, SSD_EFORMAT,
                                    "%s:%zu: %zu fields: a fio log line has 4 to 6 (time, value, "
                                    "ddir, bs[, offset][, prio])",
                                    f->name, it.lineno, nf);
        double v[6];
        static const char *const what[6] = {"time", "value", "ddir", "bs", "offset", "prio"};
        for (size_t i = 0; i < nf; i++) {
            char *fe;
            char *fs = ssd__row_field(&row, starts, i, &fe);
            if (ssd__parse_number(fs, fe, it.end + 1, &v[i]) || v[i] < 0)
                return ssd__series_fail(s, SSD_EFORMAT,
                                        "%s:%zu: %s: '%.*s' is not a non-negative number", f->name,
                                        it.lineno, what[i], (int)(fe - fs), fs);
        }
        if (v[2] > 2 || v[2] != floor(v[2]))
            return ssd__series_fail(s, SSD_EFORMAT, "%s:%zu: ddir: %g is not 0, 1 or 2", f->name,
                                    it.lineno, v[2]);
        if (ddir >= 0 && (int)v[2] != ddir)
            continue;
        if (v[0] < prev_t)
            return ssd__series_fail(s, SSD_EFORMAT,
                                    "%s:%zu: time: %g ms after %g ms: not monotonic", f->name,
                                    it.lineno, v[0], prev_t);
        prev_t = v[0];
        double bps;
        if (iops) {
            if (v[3] <= 0)
                return ssd__series_fail(s, SSD_EFORMAT,
                                        "%s:%zu: bs: 0 in an IOPS log: block size unknown", f->name,
                                        it.lineno);
            bps = v[1] * v[3];
        } else {
            bps = v[1] * 1024.0;
        }
        int rc = ssd__series_check_row(s, f->name, it.lineno, "time", v[0] / 1000.0,
                                       iops ? "value x bs" : "value", bps, 1.0);
        if (rc)
            return rc;
        out->rows[out->n].t_ms = v[0];
        out->rows[out->n].bytes_per_s = bps;
        out->rows[out->n].io_bytes = v[3];
        out->n++;
    }
    /* The logging interval: the median spacing of this file's rows. */
    out->interval_ms = 0;
    if (out->n >= 2) {
        double *d = malloc((out->n - 1) * sizeof *d);
        if (!d)
            return ssd__series_fail(s, SSD_ENOMEM, "%s: out of memory", f->name);
        for (size_t i = 1; i < out->n; i++)
            d[i - 1] = out->rows[i].t_ms - out->rows[i - 1].t_ms;
        out->interval_ms = kth_smallest(d, out->n - 1, (out->n - 1) / 2);
        free(d);
    } else if (out->n == 1) {
        out->interval_ms = out->rows[0].t_ms;
    }
    out->per_io = is_per_io(out);
    return 0;
}

/*
 * Per-I/O logs: each row is one I/O completing at t_ms, so the drive's
 * throughput over an interval is the bytes of the I/Os that completed in it
 * (the rows' values, per-I/O speeds, would be noise: at queue depth 32 each
 * is a 32nd of the drive's speed, and a run has thousands per second).
 * Interval k holds completions in (k w, (k+1) w]; an interval without any
 * is a stall, 0 bytes. The run ends where the first job's log ends, so that
 * every interval holds every job; a last interval shorter than half of w is
 * dropped (a few I/Os in a sliver of time make a wild rate).
 */
static int sum_per_io(ssd_series *s, struct ssd__fio_file *files, size_t nfiles,
                      const struct fio_parsed *p, double w_ms) {
    double tend = INFINITY;
    size_t njobs = 0;
    for (size_t i = 0; i < nfiles; i++)
        if (p[i].n) {
            njobs++;
            if (p[i].rows[p[i].n - 1].t_ms < tend)
                tend = p[i].rows[p[i].n - 1].t_ms;
        }
    if (!(tend > 0))
        return ssd__series_fail(s, SSD_ENODATA,
                                "%s: per-I/O log: every I/O completed at 0 ms: no time to measure "
                                "a speed over",
                                files[0].name);
    /* 10 million intervals (80 MB) is already a 4-month run at 1 s. */
    double nb = ceil(tend / w_ms);
    if (nb > 1e7)
        return ssd__series_fail(s, SSD_ERANGE,
                                "%s: %g ms at a %g ms interval: too many intervals (pick a longer "
                                "one)",
                                files[0].name, tend, w_ms);
    size_t nint = (size_t)nb;
    double last_len = tend - (double)(nint - 1) * w_ms;
    if (nint > 1 && last_len < w_ms / 2) {
        nint--;
        tend = (double)nint * w_ms;
        last_len = w_ms;
    }
    double *sum = calloc(nint, sizeof *sum);
    if (!sum)
        return ssd__series_fail(s, SSD_ENOMEM, "out of memory");
    size_t nios = 0;
    for (size_t i = 0; i < nfiles; i++)
        for (size_t r = 0; r < p[i].n && p[i].rows[r].t_ms <= tend; r++) {
            double t = p[i].rows[r].t_ms;
            size_t k = t > 0 ? (size_t)ceil(t / w_ms) - 1 : 0;
            if (k >= nint)
                k = nint - 1;
            sum[k] += p[i].rows[r].io_bytes;
            nios++;
        }
    if (ssd__series_reserve(s, nint)) {
        free(sum);
        return ssd__series_fail(s, SSD_ENOMEM, "out of memory");
    }
    for (size_t k = 0; k + 1 < nint; k++)
        ssd__series_push(s, (double)(k + 1) * w_ms / 1000.0, sum[k]);
    ssd__series_push(s, ((double)(nint - 1) * w_ms + last_len) / 1000.0, sum[nint - 1]);
    free(sum);
    char note[160];
    snprintf(note, sizeof note, "fio per-I/O log%s: %zu I/Os summed into %g s intervals",
             njobs > 1 ? "s" : "", nios, w_ms / 1000.0);
    if (ssd__series_set_string(&s->note, note))
        return ssd__series_fail(s, SSD_ENOMEM, "out of memory");
    s->format = "fio-log-per-io";
    return 0;
}

int ssd__read_fio_logs(ssd_series *s, struct ssd__fio_file *files, size_t nfiles, int ddir,
                       double per_io_interval_s) {
    int rc = 0;
    double *bucket = NULL;
    unsigned *contrib = NULL;
    struct fio_parsed *p = calloc(nfiles, sizeof *p);
    if (!p)
        return ssd__series_fail(s, SSD_ENOMEM, "out of memory");
    double ivals[64];
    size_t nivals = 0, with_rows = 0;
    for (size_t i = 0; i < nfiles; i++) {
        rc = parse_one(s, &files[i], ddir, &p[i]);
        if (rc)
            goto out;
        if (p[i].n) {
            with_rows++;
            if (nivals < 64 && p[i].interval_ms > 0)
                ivals[nivals++] = p[i].interval_ms;
        }
    }
    static const char *const dname[] = {"read", "write", "trim"};
    if (!with_rows) {
        rc = ssd__series_fail(s, SSD_ENODATA, "%s%s: no %s rows", files[0].name,
                              nfiles > 1 ? " (and the other files)" : "",
                              ddir >= 0 ? dname[ddir] : "data");
        goto out;
    }
    size_t per_io = 0, averaged = 0;
    for (size_t i = 0; i < nfiles; i++) {
        if (!p[i].n)
            continue;
        if (p[i].per_io)
            per_io = i + 1;
        else
            averaged = i + 1;
    }
    if (per_io && averaged) {
        rc = ssd__series_fail(s, SSD_EFORMAT,
                              "%s is a per-I/O log (the I/O size in every row) and %s an averaged "
                              "one (log_avg_msec): they do not combine into one series",
                              files[per_io - 1].name, files[averaged - 1].name);
        goto out;
    }
    if (per_io) {
        rc = sum_per_io(s, files, nfiles, p, per_io_interval_s * 1000.0);
        goto out;
    }
    if (!nivals) {
        rc =
            ssd__series_fail(s, SSD_ENODATA, "%s: cannot tell the logging interval", files[0].name);
        goto out;
    }
    qsort(ivals, nivals, sizeof *ivals, ssd__cmp_double);
    double interval = ivals[nivals / 2];
    double tmax = 0;
    for (size_t i = 0; i < nfiles; i++)
        if (p[i].n && p[i].rows[p[i].n - 1].t_ms > tmax)
            tmax = p[i].rows[p[i].n - 1].t_ms;
    double nb = floor(tmax / interval + 0.5) + 1;
    /* An averaged log has one row per interval and job: a span of far more
     * intervals than rows is a hostile or damaged file (7 rows, the last at
     * 68,800,294,000 ms, took 1.4 GB and 6 s), not a run with gaps. */
    size_t nrows = 0;
    for (size_t i = 0; i < nfiles; i++)
        nrows += p[i].n;
    if (nb > 1000.0 * (double)nrows + 1000.0) {
        rc = ssd__series_fail(s, SSD_ERANGE,
                              "%s: %zu rows span %g ms at a %g ms interval: %.0f intervals, more "
                              "than 1000 per row (a gap no fio run leaves)",
                              files[0].name, nrows, tmax, interval, nb);
        goto out;
    }
    if (nb > 1e8) {
        rc = ssd__series_fail(s, SSD_ERANGE, "%s: %g ms at a %g ms interval: too many buckets",
                              files[0].name, tmax, interval);
        goto out;
    }
    size_t nbuckets = (size_t)nb + 1;
    bucket = calloc(nbuckets, sizeof *bucket);
    contrib = calloc(nbuckets, sizeof *contrib);
    size_t *last_of_file = calloc(nfiles, sizeof *last_of_file);
    if (!bucket || !contrib || !last_of_file) {
        free(last_of_file);
        rc = ssd__series_fail(s, SSD_ENOMEM, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < nfiles; i++)
        last_of_file[i] = SIZE_MAX; /* no bucket yet */
    size_t kmin = nbuckets, kmax = 0;
    for (size_t i = 0; i < nfiles; i++) {
        for (size_t r = 0; r < p[i].n; r++) {
            /* A row at t=0 (or within half an interval of it) is a bucket
             * of its own, not extra bytes in the next one. */
            size_t k = (size_t)floor(p[i].rows[r].t_ms / interval + 0.5);
            /* Each row stands for one interval's average rate. */
            bucket[k] += p[i].rows[r].bytes_per_s * interval / 1000.0;
            if (last_of_file[i] != k)
                contrib[k]++;
            last_of_file[i] = k;
            if (k < kmin)
                kmin = k;
            if (k > kmax)
                kmax = k;
        }
    }
    free(last_of_file);
    /* Jobs end a bucket or two apart: drop the trailing buckets that not every
     * job reached, so the end of the run is not a false drop. */
    while (kmax > kmin && contrib[kmax] < with_rows)
        kmax--;
    if (ssd__series_reserve(s, kmax - kmin + 2)) {
        rc = ssd__series_fail(s, SSD_ENOMEM, "out of memory");
        goto out;
    }
    /* A series starts at 0, so the first logged bucket becomes (0, interval]
     * (fio's own first row covers that span unless the job started late). */
    for (size_t k = kmin; k <= kmax; k++)
        ssd__series_push(s, (double)(k - kmin + 1) * interval / 1000.0, bucket[k]);
out:
    free(bucket);
    free(contrib);
    for (size_t i = 0; i < nfiles; i++)
        free(p[i].rows);
    free(p);
    return rc;
}
