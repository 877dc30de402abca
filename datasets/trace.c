/* trace.c - the trace handle: building, format detection, loading, saving
 * (ssdcore CSV or fio iolog v3) and the characteristics summary. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errmsg.h"
#include "file_read.h"
#include "grow.h"
#include "jsonw.h"
#include "numfmt.h"
#include "options.h"
#include "output_check.h"
#include "result_size.h"
#include "trace_internal.h"

/* A trace file larger than this (MiB) is refused. */
#define TRACE_FILE_MIB 2048u

int ssd_trace_create(ssd_trace **out) {
    int rc = ssd__option_create(out, sizeof **out, NULL);
    if (!rc)
        (*out)->format = "";
    return rc;
}

void ssd_trace_free(ssd_trace *tr) {
    if (!tr)
        return;
    free(tr->io);
    free(tr->source);
    free(tr);
}

void ssd__trace_reset(ssd_trace *tr) {
    tr->n = 0;
    tr->err[0] = 0;
    tr->format = "";
    free(tr->source);
    tr->source = NULL;
    tr->name[0] = 0;
}

const char *ssd_trace_source(const ssd_trace *tr) {
    return tr ? tr->source : NULL;
}

const char *ssd_trace_name(const ssd_trace *tr) {
    return tr && tr->name[0] ? tr->name : NULL;
}

SSD__ERRMSG_OF(trace)

int ssd_trace_set_option(ssd_trace *tr, const char *key, const char *value) {
    char why[SSD__ERRMSG_SIZE];
    return tr ? ssd__fail(tr->err, ssd__option_none("trace", key, value, why), "%s", why)
              : SSD_EINVAL;
}

const char *ssd_trace_format(const ssd_trace *tr) {
    return tr ? tr->format : "";
}

size_t ssd_trace_count(const ssd_trace *tr) {
    return tr ? tr->n : 0;
}

int ssd_trace_get(const ssd_trace *tr, size_t i, ssd_trace_io *out) {
    if (!tr || !out || !ssd__result_size_ok(out, sizeof *out))
        return SSD_EINVAL;
    if (i >= tr->n)
        return SSD_ERANGE;
    ssd__result_copy(out, &tr->io[i], sizeof *out);
    return 0;
}

int ssd__trace_push(ssd_trace *tr, const ssd_trace_io *io) {
    if (ssd__grow(&tr->io, tr->n, &tr->cap, sizeof *tr->io, 1024))
        return ssd__fail(tr->err, SSD_ENOMEM, "out of memory at I/O %zu", tr->n + 1);
    tr->io[tr->n] = *io;
    tr->io[tr->n++].size = sizeof *io;
    return 0;
}

/* ssd_trace_add's checks, for an I/O of the library's own (size unset). */
static int add_io(ssd_trace *tr, const ssd_trace_io *io) {
    tr->err[0] = 0;
    size_t k = tr->n + 1;
    if (!isfinite(io->t_s) || io->t_s < 0)
        return ssd__fail(tr->err, SSD_EINVAL, "I/O %zu: time %g s is not a time", k, io->t_s);
    if (tr->n && io->t_s < tr->io[tr->n - 1].t_s)
        return ssd__fail(tr->err, SSD_EINVAL, "I/O %zu: time %g s is before the previous I/O's", k,
                         io->t_s);
    if (io->op < SSD_TRACE_READ || io->op > SSD_TRACE_FLUSH)
        return ssd__fail(tr->err, SSD_EINVAL, "I/O %zu: unknown operation %d", k, io->op);
    if (io->op != SSD_TRACE_FLUSH && io->length == 0)
        return ssd__fail(tr->err, SSD_EINVAL, "I/O %zu: length 0", k);
    if (io->offset + io->length < io->offset)
        return ssd__fail(tr->err, SSD_EINVAL, "I/O %zu: offset + length overflows", k);
    if (io->op <= SSD_TRACE_WRITE && io->length > SSD_TRACE_MAX_IO_BYTES)
        return ssd__fail(tr->err, SSD_EINVAL,
                         "I/O %zu: length %llu bytes: larger than any one I/O (at most %llu)", k,
                         (unsigned long long)io->length,
                         (unsigned long long)SSD_TRACE_MAX_IO_BYTES);
    if (io->done_s >= 0 && !(io->done_s >= io->t_s))
        return ssd__fail(tr->err, SSD_EINVAL, "I/O %zu: completes before it is issued", k);
    return ssd__trace_push(tr, io);
}

int ssd_trace_add(ssd_trace *tr, const ssd_trace_io *io) {
    if (!tr || !io)
        return SSD_EINVAL;
    if (!ssd__result_size_ok(io, sizeof *io))
        return ssd__fail(tr->err, SSD_EINVAL,
                         "I/O %zu: its size member is %zu, below sizeof(ssd_trace_io) %zu: "
                         "set .size = sizeof(ssd_trace_io)",
                         tr->n + 1, io->size, sizeof *io);
    return add_io(tr, io);
}

/* ---- helpers shared by the readers ---------------------------------------- */

int ssd__trace_add_at(ssd_trace *tr, const ssd_trace_io *io, const char *name, size_t lineno) {
    int rc = add_io(tr, io);
    if (rc >= 0 || rc == SSD_ENOMEM)
        return rc;
    const char *reason = strstr(tr->err, ": "); /* after "I/O N" */
    return ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: %s", name, lineno,
                     reason ? reason + 2 : tr->err);
}

char *ssd__trace_line(struct ssd__lines *it) {
    int nl;
    char *line = ssd__lines_next(it, &nl);
    size_t n = line && !nl ? strlen(line) : 0;
    if (n && line[n - 1] == '\r')
        line[n - 1] = 0;
    return line;
}

int ssd__trace_u64(const char *s, uint64_t *out) {
    if (!s || *s < '0' || *s > '9')
        return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

int ssd__trace_time(const char *s, double *out) {
    if (!s || !*s)
        return -1;
    char *end;
    double v = strtod(s, &end);
    if (*end || !isfinite(v) || v < 0 || v > 1e9)
        return -1;
    *out = v;
    return 0;
}

int ssd__trace_split(char *line, char **f, int max, int comma) {
    int n = 0;
    char *p = line;
    if (comma) {
        for (;;) {
            char *c = strchr(p, ',');
            if (c)
                *c = 0;
            while (*p == ' ' || *p == '\t')
                p++;
            char *e = p + strlen(p);
            while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
                *--e = 0;
            if (n < max)
                f[n] = p;
            n++;
            if (!c)
                break;
            p = c + 1;
        }
        return n;
    }
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        char *s = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if (*p)
            *p++ = 0;
        if (n < max)
            f[n] = s;
        n++;
    }
    return n;
}

/* ---- detection and loading ------------------------------------------------ */

static const char *detect(const char *text, size_t len) {
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
        i++;
    const char *p = text + i;
    size_t left = len - i;
    if (left >= 15 && !memcmp(p, "# ssdcore-trace", 15))
        return "csv";
    if (left >= 12 && !memcmp(p, "fio version ", 12))
        return "iolog";
    char line[256];
    size_t n = 0;
    while (n < left && n < sizeof line - 1 && p[n] != '\n')
        n++;
    memcpy(line, p, n);
    line[n] = 0;
    if (ssd__trace_is_blkparse_line(line))
        return "blkparse";
    return NULL;
}

int ssd_trace_parse(ssd_trace *tr, const char *text, size_t len, const char *format,
                    const char *name) {
    if (!tr || (!text && len))
        return SSD_EINVAL;
    ssd__trace_reset(tr);
    if (!name)
        name = "<memory>";
    if (!format || !strcmp(format, "auto")) {
        format = detect(text ? text : "", len);
        if (!format)
            return ssd__fail(tr->err, SSD_EFORMAT,
                             "%s:1: not a trace: expected \"# ssdcore-trace 1\", "
                             "\"fio version 2/3 iolog\" or a blkparse event line",
                             name);
    }
    int (*reader)(ssd_trace *, char *, size_t, const char *);
    if (!strcmp(format, "csv"))
        reader = ssd__trace_read_csv;
    else if (!strcmp(format, "iolog"))
        reader = ssd__trace_read_iolog;
    else if (!strcmp(format, "blkparse"))
        reader = ssd__trace_read_blkparse;
    else
        return ssd__fail(tr->err, SSD_EINVAL,
                         "unknown trace format \"%s\" (auto, csv, iolog, blkparse)", format);
    if (len && memchr(text, 0, len))
        return ssd__fail(tr->err, SSD_EFORMAT, "%s: holds NUL bytes: not a text trace", name);
    char *copy = malloc(len + 1);
    if (!copy)
        return ssd__fail(tr->err, SSD_ENOMEM, "%s: out of memory", name);
    if (len)
        memcpy(copy, text, len);
    copy[len] = 0;
    int rc = reader(tr, copy, len, name);
    free(copy);
    /* Every failure names the trace: running out of memory too. */
    if (rc < 0 && strncmp(tr->err, name, strlen(name)))
        ssd__fail(tr->err, rc, "%s: %s", name, tr->err);
    if (rc < 0) {
        tr->n = 0;
        tr->format = "";
    }
    return rc;
}

/* "filetest:NAME[@SET_SIZE]" (after the prefix): a built-in file test. */
static int load_filetest(ssd_trace *tr, const char *spec) {
    char name[64];
    uint64_t set_bytes = 0;
    const char *at = strchr(spec, '@');
    size_t n = at ? (size_t)(at - spec) : strlen(spec);
    if (n >= sizeof name)
        return ssd__fail(tr->err, SSD_EINVAL, "filetest:%.64s...: no such file test", spec);
    memcpy(name, spec, n);
    name[n] = 0;
    if (at && (ssd_parse_size(at + 1, &set_bytes) || !set_bytes))
        return ssd__fail(tr->err, SSD_EINVAL, "filetest:%s: '%s' is not a set size like 8g", spec,
                         at + 1);
    return ssd_trace_filetest(tr, name, set_bytes);
}

int ssd_trace_load(ssd_trace *tr, const char *path, const char *format) {
    if (!tr || !path)
        return SSD_EINVAL;
    if (!format || !strcmp(format, "auto")) {
        if (!strncmp(path, "scenario:", 9))
            return ssd_trace_generate(tr, path + 9, 1, 0);
        if (!strncmp(path, "filetest:", 9))
            return load_filetest(tr, path + 9);
    }
    tr->err[0] = 0;
    tr->n = 0;
    tr->format = "";
    /* Only a regular file is read: a FIFO, a socket or a device could
     * block the open or the read, or never end. */
    char why[SSD__ERRMSG_SIZE];
    struct stat st;
    char *buf = NULL;
    int fd = ssd__open_text(path, 0, &st, why);
    int rc = fd < 0 ? fd : ssd__read_text_fd(fd, path, TRACE_FILE_MIB, "a trace", why, &buf);
    if (rc)
        return ssd__fail(tr->err, rc, "%s", why);
    rc = ssd_trace_parse(tr, buf, strlen(buf), format, path);
    free(buf);
    if (rc == 0 && (tr->source = strdup(path))) {
        tr->source_dev = st.st_dev;
        tr->source_ino = st.st_ino;
    }
    return rc;
}

/* ---- saving ---------------------------------------------------------------- */

static const char op_letter[] = {'R', 'W', 'T', 'F'};
static const char *const op_fio[] = {"read", "write", "trim", "sync"};

int ssd_trace_save(ssd_trace *tr, const char *path, const char *format, const char *file) {
    if (!tr || !path)
        return SSD_EINVAL;
    tr->err[0] = 0;
    int iolog;
    if (!format || !strcmp(format, "csv"))
        iolog = 0;
    else if (!strcmp(format, "iolog3"))
        iolog = 1;
    else
        return ssd__fail(tr->err, SSD_EINVAL, "unknown trace output format \"%s\" (csv, iolog3)",
                         format);
    if (!file)
        file = "/dev/null-trace";
    if (iolog && strpbrk(file, " \t\n"))
        return ssd__fail(tr->err, SSD_EINVAL, "iolog file name \"%s\" holds blanks", file);
    char why[SSD__ERRMSG_SIZE], name[SSD__ERRMSG_SIZE / 2];
    snprintf(name, sizeof name, "the trace %s", tr->source ? tr->source : "");
    struct ssd__file_id src = {tr->source_dev, tr->source_ino, name};
    int rc = ssd__output_check("trace", path, &src, tr->source ? 1 : 0,
                               iolog ? "fio version 3 iolog" : "# ssdcore-trace 1", 0, why);
    if (rc)
        return ssd__fail(tr->err, rc, "%s", why);
    size_t pl = strlen(path);
    char *tmp = malloc(pl + 16);
    if (!tmp)
        return ssd__fail(tr->err, SSD_ENOMEM, "out of memory");
    snprintf(tmp, pl + 16, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        int e = errno;
        free(tmp);
        return ssd__fail(tr->err, -e, "%s: cannot create: %s", path, strerror(e));
    }
    int has_done = 0;
    for (size_t i = 0; i < tr->n && !has_done; i++)
        has_done = tr->io[i].done_s >= 0;
    if (iolog) {
        fprintf(f, "fio version 3 iolog\n0 %s add\n0 %s open\n", file, file);
        for (size_t i = 0; i < tr->n; i++) {
            const ssd_trace_io *io = &tr->io[i];
            fprintf(f, "%llu %s %s %llu %llu\n", (unsigned long long)llround(io->t_s * 1e6), file,
                    op_fio[io->op], (unsigned long long)io->offset, (unsigned long long)io->length);
        }
        double end = tr->n ? tr->io[tr->n - 1].t_s : 0;
        fprintf(f, "%llu %s close\n", (unsigned long long)llround(end * 1e6), file);
    } else {
        fprintf(f, "# ssdcore-trace 1\n%s\n",
                has_done ? "t_s,op,offset,length,done_s" : "t_s,op,offset,length");
        for (size_t i = 0; i < tr->n; i++) {
            const ssd_trace_io *io = &tr->io[i];
            fprintf(f, "%.9f,%c,%llu,%llu", io->t_s, op_letter[io->op],
                    (unsigned long long)io->offset, (unsigned long long)io->length);
            if (has_done) {
                if (io->done_s >= 0)
                    fprintf(f, ",%.9f\n", io->done_s);
                else
                    fputs(",\n", f);
            } else {
                fputc('\n', f);
            }
        }
    }
    int bad = ferror(f);
    if (fflush(f) || fsync(fileno(f)))
        bad = 1;
    int e = errno;
    if (fclose(f))
        bad = 1;
    if (bad || rename(tmp, path)) {
        e = bad ? (e ? e : EIO) : errno;
        unlink(tmp);
        free(tmp);
        return ssd__fail(tr->err, -e, "%s: cannot write: %s", path, strerror(e));
    }
    free(tmp);
    return 0;
}

/* ---- summary --------------------------------------------------------------- */

static int cmp_u64_desc_count(const void *a, const void *b) {
    const uint64_t *x = a, *y = b;
    if (x[1] != y[1])
        return x[1] < y[1] ? 1 : -1;
    return x[0] < y[0] ? -1 : x[0] > y[0];
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The largest number of I/Os in flight at once, from issue and completion
 * times; 1 when completions are unknown. */
static unsigned max_overlap(const ssd_trace *tr, double *busy_s) {
    *busy_s = -1;
    size_t n = 0;
    for (size_t i = 0; i < tr->n; i++)
        n += tr->io[i].done_s >= 0;
    if (!n)
        return 1;
    double *done = malloc(n * sizeof *done);
    if (!done)
        return 1;
    for (size_t i = 0, k = 0; i < tr->n; i++)
        if (tr->io[i].done_s >= 0)
            done[k++] = tr->io[i].done_s;
    qsort(done, n, sizeof *done, ssd__cmp_double);
    /* Sweep issues (already in time order) against sorted completions;
     * I/Os whose completion the recording lacks are left out. */
    size_t j = 0;
    unsigned depth = 0, best = 1;
    double busy = 0, since = 0;
    for (size_t i = 0; i < tr->n; i++) {
        if (tr->io[i].done_s < 0)
            continue;
        double t = tr->io[i].t_s;
        while (j < n && done[j] <= t) {
            if (--depth == 0)
                busy += done[j] - since;
            j++;
        }
        if (depth++ == 0)
            since = t;
        if (depth > best)
            best = depth;
    }
    while (j < n) {
        if (--depth == 0)
            busy += done[j] - since;
        j++;
    }
    free(done);
    *busy_s = busy;
    return best;
}

unsigned ssd_trace_max_overlap(const ssd_trace *tr) {
    if (!tr)
        return 1;
    double busy;
    return max_overlap(tr, &busy);
}

int ssd_trace_to_json(const ssd_trace *tr, int flags, char **out) {
    struct ssd__jw w;
    int rc = ssd__jw_open(&w, tr, out, flags, tr ? (char *)tr->err : NULL);
    if (rc)
        return rc;
    uint64_t cnt[4] = {0}, bytes[4] = {0}, seq[2] = {0}, next[2] = {UINT64_MAX, UINT64_MAX};
    double gaps = 0;
    for (size_t i = 0; i < tr->n; i++) {
        const ssd_trace_io *io = &tr->io[i];
        cnt[io->op]++;
        bytes[io->op] += io->length;
        if (io->op <= SSD_TRACE_WRITE) {
            if (io->offset == next[io->op])
                seq[io->op]++;
            next[io->op] = io->offset + io->length;
        }
        if (i && io->t_s - tr->io[i - 1].t_s > 1e-3)
            gaps += io->t_s - tr->io[i - 1].t_s;
    }
    double duration = 0;
    for (size_t i = 0; i < tr->n; i++) {
        double e = tr->io[i].done_s >= 0 ? tr->io[i].done_s : tr->io[i].t_s;
        if (e > duration)
            duration = e;
    }
    if (tr->n)
        duration -= tr->io[0].t_s;
    double busy;
    unsigned overlap = max_overlap(tr, &busy);
    double idle = duration > 0 ? (busy >= 0 ? 1 - busy / duration : gaps / duration) : 0;
    if (idle < 0)
        idle = 0;
    /* The most common sizes: sort (size, count) pairs. */
    uint64_t(*mix)[2] = NULL;
    size_t nmix = 0;
    if (tr->n) {
        uint64_t *sz = malloc(tr->n * sizeof *sz);
        mix = malloc(tr->n * sizeof *mix);
        if (!sz || !mix) {
            free(sz);
            free(mix);
            return SSD_ENOMEM;
        }
        size_t k = 0;
        for (size_t i = 0; i < tr->n; i++)
            if (tr->io[i].op <= SSD_TRACE_WRITE)
                sz[k++] = tr->io[i].length;
        qsort(sz, k, sizeof *sz, cmp_u64);
        for (size_t i = 0; i < k;) {
            size_t j = i;
            while (j < k && sz[j] == sz[i])
                j++;
            mix[nmix][0] = sz[i];
            mix[nmix][1] = j - i;
            nmix++;
            i = j;
        }
        free(sz);
        qsort(mix, nmix, sizeof *mix, cmp_u64_desc_count);
    }
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "format", tr->format);
    ssd__jw_kstr(&w, "name", ssd_trace_name(tr));
    ssd__jw_ku64(&w, "ios", tr->n);
    ssd__jw_ku64(&w, "reads", cnt[0]);
    ssd__jw_ku64(&w, "writes", cnt[1]);
    ssd__jw_ku64(&w, "trims", cnt[2]);
    ssd__jw_ku64(&w, "flushes", cnt[3]);
    ssd__jw_ku64(&w, "read_bytes", bytes[0]);
    ssd__jw_ku64(&w, "write_bytes", bytes[1]);
    ssd__jw_ku64(&w, "trim_bytes", bytes[2]);
    ssd__jw_knum(&w, "duration_s", duration);
    ssd__jw_knum(&w, "seq_read_share", cnt[0] ? (double)seq[0] / (double)cnt[0] : 0);
    ssd__jw_knum(&w, "seq_write_share", cnt[1] ? (double)seq[1] / (double)cnt[1] : 0);
    ssd__jw_knum(&w, "idle_share", idle);
    ssd__jw_ku64(&w, "max_overlap", overlap);
    ssd__jw_key(&w, "size_mix");
    ssd__jw_begin_array(&w);
    for (size_t i = 0; i < nmix && i < 8; i++) {
        ssd__jw_begin_array(&w);
        ssd__jw_u64(&w, mix[i][0]);
        ssd__jw_u64(&w, mix[i][1]);
        ssd__jw_end_array(&w);
    }
    ssd__jw_end_array(&w);
    ssd__jw_end_object(&w);
    free(mix);
    return ssd__jw_finish(&w, out);
}
