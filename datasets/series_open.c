/* series_open.c - loading series files: size limits, globs, format detection
 * from content, and the dispatch to each reader. */
#include <ctype.h>
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grow.h"
#include "series_readers.h"
#include "text_file.h"

static int line_is_fio_log(const char *p, const char *end) {
    /* 4 to 6 comma-separated integers. */
    int fields = 0;
    for (;;) {
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
        const char *start = p;
        if (p < end && *p == '-')
            p++;
        while (p < end && isdigit((unsigned char)*p))
            p++;
        if (p == start)
            return 0;
        fields++;
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
            p++;
        if (p >= end || *p == '\n')
            break;
        if (*p != ',')
            return 0;
        p++;
    }
    return fields >= 4 && fields <= 6;
}

static enum ssd__series_kind detect_kind(const char *buf, size_t len) {
    const char *p = buf, *end = buf + len;
    while (p < end && isspace((unsigned char)*p))
        p++;
    if (p == end)
        return SSD__KIND_UNKNOWN;
    if (*p == '{')
        return SSD__KIND_FIO_JSON;
    if ((size_t)(end - p) >= 16 && !memcmp(p, "# ssdcore-series", 16))
        return SSD__KIND_SERIES_CSV;
    /* First non-comment line decides. */
    while (p < end && *p == '#') {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return SSD__KIND_UNKNOWN;
        p = nl + 1;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *le = nl ? nl : end;
    if (line_is_fio_log(p, le))
        return SSD__KIND_FIO_LOG;
    size_t n = (size_t)(le - p);
    if (n > 4096)
        return SSD__KIND_UNKNOWN;
    char tmp[4097];
    memcpy(tmp, p, n);
    tmp[n] = '\0';
    char *fields[64];
    size_t nf = ssd__split_csv(tmp, fields, 64);
    int has_t = 0, has_b = 0, has_pos = 0;
    for (size_t i = 0; i < nf && i < 64; i++) {
        has_t |= !strcmp(fields[i], "t_s");
        has_b |= !strcmp(fields[i], "bytes");
        has_pos |= !strcmp(fields[i], "pos_bytes");
    }
    if (has_pos)
        return SSD__KIND_BYTES_CSV;
    if (!has_b && ssd__is_rate_csv_header(fields, nf < 64 ? nf : 64))
        return SSD__KIND_RATE_CSV;
    if (has_t || has_b)
        return SSD__KIND_SERIES_CSV;
    return SSD__KIND_UNKNOWN;
}

static int load_file(ssd_series *s, const char *path, uint64_t limit, char **out, size_t *len,
                     size_t *lines) {
    return ssd__load_text(path, limit, out, len, lines, s->err);
}

static int dispatch_single(ssd_series *s, const char *name, char *buf, size_t len, size_t lines,
                           int ddir, double per_io_interval_s) {
    switch (detect_kind(buf, len)) {
    case SSD__KIND_SERIES_CSV:
        s->format = "ssdcore-series-1";
        return ssd__read_series_csv(s, name, buf, len, lines, ddir, NULL);
    case SSD__KIND_BYTES_CSV:
        s->format = "bytes-csv";
        return ssd__read_bytes_csv(s, name, buf, len, lines);
    case SSD__KIND_RATE_CSV:
        s->format = "rate-csv";
        return ssd__read_rate_csv(s, name, buf, len, lines, ddir);
    case SSD__KIND_FIO_LOG: {
        s->format = "fio-log";
        struct ssd__fio_file f = {name, buf, len, lines};
        return ssd__read_fio_logs(s, &f, 1, ddir, per_io_interval_s);
    }
    case SSD__KIND_FIO_JSON:
        return ssd__series_fail(s, SSD_EFORMAT,
                                "%s:1: fio JSON output holds summary figures, not a series: "
                                "read it with ssdcore fio-result, ssd_fio_result_open or Python's "
                                "read_fio_json",
                                name);
    case SSD__KIND_UNKNOWN:
    default:
        if (len == 0 || strspn(buf, " \t\r\n") == len)
            return ssd__series_fail(s, SSD_ENODATA, "%s: empty file", name);
        return ssd__series_fail(s, SSD_EFORMAT,
                                "%s:1: not a recognised series format (expected an ssdcore "
                                "series CSV, a fio bw/iops log, a pos_bytes CSV or a CSV of a time "
                                "and a throughput column with their units, e.g. 'Time (ms)' and "
                                "'Throughput (MiB/s)')",
                                name);
    }
}

/* One file: a series CSV larger than a window is read a window at a time
 * (one buffer of about 1 MiB reused, instead of one of the file's size);
 * anything else whole, as before. */
static int open_single(ssd_series *s, const char *name, uint64_t limit, int ddir,
                       double per_io_interval_s) {
    struct ssd__text_stream ts;
    int rc = ssd__text_open(&ts, name, limit, 0, s->err);
    if (rc)
        return rc;
    size_t whole;
    if (!ts.eof && (whole = ssd__text_whole_lines(&ts)) > 0 &&
        detect_kind(ts.buf, whole) == SSD__KIND_SERIES_CSV) {
        /* The rows to reserve for, from the first window's lines and the
         * file's size (the arrays grow should it fall short); a row takes
         * 4 bytes at least ("1,2\n"). */
        size_t est = ts.newlines + 1;
        if (ts.size > ts.len) {
            double per_byte = (double)ts.newlines / (double)ts.len;
            double rows = per_byte * (double)ts.size * 1.02 + 64;
            double most = (double)ts.size / 4 + 64;
            est = (size_t)(rows < most ? rows : most);
        }
        s->format = "ssdcore-series-1";
        rc = ssd__read_series_csv(s, name, ts.buf, whole, est, ddir, &ts);
        ssd__text_close(&ts);
        return rc;
    }
    rc = ssd__text_read_all(&ts);
    if (!rc)
        rc = dispatch_single(s, name, ts.buf, ts.len, ts.newlines + 1, ddir, per_io_interval_s);
    ssd__text_close(&ts);
    return rc;
}

static int has_glob_chars(const char *p) {
    return strpbrk(p, "*?[") != NULL;
}

SSD_API int ssd_series_load(ssd_series *s, const char *const *paths, size_t npaths) {
    if (!s)
        return SSD_EINVAL;
    if (s->loaded)
        return ssd__series_fail(s, SSD_ESTATE, "a series is loaded once");
    s->loaded = 1;
    if (!paths || npaths == 0)
        return ssd__series_fail(s, SSD_EINVAL, "no input files");
    int ddir = s->ddir == 3 ? -1 : (int)s->ddir; /* "any" is -1 to the readers */
    double per_io_interval_s = s->per_io_interval_s;
    uint64_t limit = s->max_file_bytes;
    s->keep_columns = s->columns && !strcmp(s->columns, "none") ? "" : s->columns;

    /* Expand globs into one list of names. */
    int rc = 0;
    char **names = NULL;
    size_t nnames = 0, capnames = 0;
    struct ssd__fio_file *files = NULL;
    size_t nfiles = 0;
    for (size_t i = 0; i < npaths && rc == 0; i++) {
        if (!paths[i]) {
            rc = ssd__series_fail(s, SSD_EINVAL, "NULL path");
            break;
        }
        glob_t g;
        size_t count = 1;
        int globbed = 0;
        if (has_glob_chars(paths[i]) && access(paths[i], F_OK) != 0) {
            int grc = glob(paths[i], 0, NULL, &g);
            if (grc == GLOB_NOMATCH) {
                rc = ssd__series_fail(s, -ENOENT, "%s: no file matches", paths[i]);
                break;
            }
            if (grc) {
                rc = ssd__series_fail(s, SSD_ENOMEM, "%s: glob failed", paths[i]);
                break;
            }
            globbed = 1;
            count = g.gl_pathc;
        }
        for (size_t j = 0; j < count && rc == 0; j++) {
            const char *nm = globbed ? g.gl_pathv[j] : paths[i];
            if (ssd__grow(&names, nnames, &capnames, sizeof *names, 8)) {
                rc = ssd__series_fail(s, SSD_ENOMEM, "out of memory");
                break;
            }
            names[nnames] = NULL;
            if (ssd__series_set_string(&names[nnames], nm)) {
                rc = ssd__series_fail(s, SSD_ENOMEM, "out of memory");
                break;
            }
            nnames++;
        }
        if (globbed)
            globfree(&g);
    }
    if (rc)
        goto out;
    ssd__series_set_string(&s->source, npaths == 1 ? paths[0] : names[0]);

    if (nnames == 1) {
        rc = open_single(s, names[0], limit, ddir, per_io_interval_s);
        goto out;
    }
    files = calloc(nnames, sizeof *files);
    if (!files) {
        rc = ssd__series_fail(s, SSD_ENOMEM, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < nnames; i++) {
        files[i].name = names[i];
        rc = load_file(s, names[i], limit, &files[i].buf, &files[i].len, &files[i].lines);
        if (rc)
            goto out;
        nfiles++;
    }
    for (size_t i = 0; i < nnames; i++) {
        enum ssd__series_kind k = detect_kind(files[i].buf, files[i].len);
        if (k != SSD__KIND_FIO_LOG) {
            rc = ssd__series_fail(
                s, SSD_EFORMAT,
                "%s:1: only fio logs (one per job) combine into one series; "
                "this file is %s",
                names[i], k == SSD__KIND_UNKNOWN ? "not a recognised format" : "another format");
            goto out;
        }
    }
    s->format = "fio-log";
    rc = ssd__read_fio_logs(s, files, nnames, ddir, per_io_interval_s);
out:
    s->keep_columns = NULL;
    if (rc)
        s->n = 0; /* a failed open holds no partial data */
    for (size_t i = 0; i < nfiles; i++)
        free(files[i].buf);
    free(files);
    for (size_t i = 0; i < nnames; i++)
        free(names[i]);
    free(names);
    return rc;
}

SSD_API int ssd_series_parse(ssd_series **out, const char *name, const char *text, size_t len) {
    int rc = ssd_series_create(out);
    if (rc)
        return rc;
    ssd_series *s = *out;
    s->loaded = 1;
    if (!name)
        name = "<memory>";
    if (!text && len)
        return ssd__series_fail(s, SSD_EINVAL, "%s: NULL text", name);
    if (ssd__series_set_string(&s->source, name))
        return ssd__series_fail(s, SSD_ENOMEM, "out of memory");
    if (len > SSD_SERIES_MAX_FILE_BYTES)
        return ssd__series_fail(s, SSD_ERANGE, "%s: larger than the series size limit", name);
    size_t newlines = 0; /* counted with the NUL check: the readers reserve by it */
    if (len && ssd__scan_text(text, len, &newlines))
        return ssd__series_fail(s, SSD_EFORMAT, "%s: NUL byte: not a text series", name);
    char *buf = malloc(len + 1);
    if (!buf)
        return ssd__series_fail(s, SSD_ENOMEM, "out of memory");
    if (len)
        memcpy(buf, text, len);
    buf[len] = '\0';
    rc = dispatch_single(s, name, buf, len, newlines + 1, 1, s->per_io_interval_s);
    if (rc)
        s->n = 0;
    free(buf);
    return rc;
}

int ssd__series_open_windowed(ssd_series **s, const char *path, size_t window) {
    size_t saved = ssd__text_window;
    if (window)
        ssd__text_window = window;
    int rc = ssd_series_create(s);
    if (!rc)
        rc = ssd_series_load(*s, &path, 1);
    ssd__text_window = saved;
    return rc;
}
