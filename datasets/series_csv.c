/* series_csv.c - readers of the ssdcore series CSV v1, of byte-sampled
 * CSVs (one speed per chunk written) and of speed-per-interval CSVs (a time
 * and a throughput column, units in the header). Strict about the required columns,
 * lenient about the optional ones. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "numfmt.h"
#include "series_readers.h"
#include "text_file.h"

/* The JSON reader's message without its "line L: " (the metadata is one
 * line, which the caller names). */
static const char *json_what(const char *err) {
    const char *c = strncmp(err, "line ", 5) ? NULL : strstr(err, ": ");
    return c ? c + 2 : err;
}

#define MAX_FIELDS 64

/* Whether name is in the list of the columns option. */
static int listed(const char *list, const char *name) {
    size_t len = strlen(name);
    for (const char *p = list; *p;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        if (n && p[n - 1] == '*' ? len >= n - 1 && !strncmp(name, p, n - 1)
                                 : n == len && !strncmp(name, p, n))
            return 1;
        p += n + (comma != NULL);
    }
    return 0;
}

/* The optional columns kept; others are ignored. */
static int is_kept_column(const ssd_series *s, const char *name) {
    if (strcmp(name, "ops") && strncmp(name, "lat_", 4) && strcmp(name, "temp_c"))
        return 0;
    return !s->keep_columns || listed(s->keep_columns, name);
}

/* A data row of nf fields (had_newline: it ended with one): its count, or
 * SSD_EFORMAT when the last line was cut short or the row lacks a
 * required column. Both row readers below end here. */
static long row_fields(ssd_series *s, const char *name, size_t lineno, size_t nf, int had_newline,
                       size_t nheader, size_t need) {
    if (!had_newline && nf < nheader)
        return ssd__series_fail(s, SSD_EFORMAT, "%s:%zu: truncated last line (%zu of %zu fields)",
                                name, lineno, nf, nheader);
    if (nf < need)
        return ssd__series_fail(s, SSD_EFORMAT, "%s:%zu: %zu fields, need at least %zu", name,
                                lineno, nf, need);
    return (long)nf;
}

/* The next data row split into fields: its field count, 0 at the end of the
 * data (a blank last line ends it too), or a negative code with the line
 * named when the row is short (a truncated last line, or fewer than
 * `need` fields). */
static long next_row(ssd_series *s, const char *name, struct ssd__lines *it, char **fields,
                     size_t nheader, size_t need) {
    char *line;
    int nl;
    while ((line = ssd__lines_next(it, &nl)) != NULL) {
        if (line[0] == '#' || (!line[0] && nl))
            continue;
        if (!line[0])
            return 0;
        return row_fields(s, name, it->lineno, ssd__split_csv(line, fields, MAX_FIELDS), nl,
                          nheader, need);
    }
    return 0;
}

/* The number in a required column's field, or SSD_EFORMAT naming it. */
static int field_number(ssd_series *s, const char *name, size_t lineno, const char *column,
                        const char *text, double *v) {
    if (ssd__parse_double(text, v))
        return ssd__series_fail(s, SSD_EFORMAT, "%s:%zu: %s: '%s' is not a finite number", name,
                                lineno, column, text);
    return 0;
}

/* The torn tail of a live log, dropped: says so in the series' note (after
 * any note already there), 0 to end the data, or SSD_ENOMEM. */
static long drop_torn_tail(ssd_series *s, const char *name, size_t lineno, size_t nf,
                           size_t nheader) {
    static const char fmt[] = "%s%s%s:%zu: last line cut short (%zu of %zu fields, no newline: "
                              "a run killed while writing it); dropped";
    const char *old = s->note ? s->note : "";
    const char *sep = *old ? "; " : "";
    int n = snprintf(NULL, 0, fmt, old, sep, name, lineno, nf, nheader);
    char *note = n < 0 ? NULL : malloc((size_t)n + 1);
    if (!note)
        return ssd__series_fail(s, SSD_ENOMEM, "%s: out of memory", name);
    snprintf(note, (size_t)n + 1, fmt, old, sep, name, lineno, nf, nheader);
    free(s->note);
    s->note = note;
    return 0;
}

/* A data row located without writing into it: next_row's checks and
 * messages, the fields as ranges (ssd__row_field). live: the file is an
 * ssdcore series log, written a row at a time, each row ending in its
 * newline; its last line without one is then a row a kill cut (one
 * write(2) can be cut between page-cache folios), not a damaged file:
 * dropped with a note, the rows before it whole. That holds with every
 * field present too: a cut inside the last field ("...,12" of "...,1234")
 * leaves a row that parses and is wrong. The stream hands a line without
 * its newline only at the end of the file (a window ends after its last
 * newline). */
static long next_row_ranges(ssd_series *s, const char *name, struct ssd__lines *it,
                            struct ssd__row *row, char **starts, size_t nheader, size_t need,
                            int live) {
    while (ssd__next_fields(it, row, starts, MAX_FIELDS)) {
        int empty = row->start == row->end;
        if ((!empty && *row->start == '#') || (empty && row->had_newline))
            continue;
        if (empty)
            return 0;
        if (live && !row->had_newline)
            return drop_torn_tail(s, name, it->lineno, row->nfields, nheader);
        return row_fields(s, name, it->lineno, row->nfields, row->had_newline, nheader, need);
    }
    return 0;
}

/* The number in a required column's field [f, e), or SSD_EFORMAT naming it. */
static int range_number(ssd_series *s, const char *name, size_t lineno, const char *column, char *f,
                        char *e, const char *limit, double *v) {
    if (ssd__parse_number(f, e, limit, v))
        return ssd__series_fail(s, SSD_EFORMAT, "%s:%zu: %s: '%.*s' is not a finite number", name,
                                lineno, column, (int)(e - f), f);
    return 0;
}

/* What each field of a row is for the fast path: skipped, t_s, the bytes
 * column, or kept optional column k (ROLE_KEPT + k). */
enum { ROLE_SKIP, ROLE_T, ROLE_B, ROLE_KEPT };

static const double exact_pow10_19[20] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,
                                          1e7,  1e8,  1e9,  1e10, 1e11, 1e12, 1e13,
                                          1e14, 1e15, 1e16, 1e17, 1e18, 1e19};

/*
 * A plain decimal field at *pp (digits, and a '.' and digits), as the
 * writers write every number: its value, computed as ssd__parse_number's
 * fast path computes it (an integer of at most 19 digits and 53 bits over
 * an exact power of ten: the correctly rounded double). *pp is left on
 * the byte after it. 0 when the field is anything else: the row then
 * takes the general path, which decides what it is.
 */
static inline int plain_number(const char **pp, const char *end, double *out) {
    const char *p = *pp;
    uint64_t m = 0;
    size_t digits = ssd__digit_run(&p, end, end, &m), frac = 0;
    if (*p == '.') {
        p++;
        frac = ssd__digit_run(&p, end, end, &m);
        digits += frac;
    }
    if (!digits || digits > 19 || m > (UINT64_C(1) << 53))
        return 0;
    /* m < 2^63: a signed conversion is one instruction, where an unsigned
     * one branches (x86-64 has no unsigned convert before AVX-512); the
     * same double. An integer needs no division (x / 1 is x), and the
     * division's latency was a fifth of the reader's time. */
    double v = (double)(int64_t)m;
    *out = frac ? v / exact_pow10_19[frac] : v;
    *pp = p;
    return 1;
}

/*
 * One data row read without the general row loop, for the rows every
 * writer writes: unpadded plain decimals in the fields the reader needs,
 * ending in '\n'. Fills *t, *b and kv[k] for each kept column (NaN past
 * the row's end) and returns the start of the next line; NULL, having
 * changed nothing, for any other row (a comment, a blank or short line,
 * CR-LF, quotes, blanks, signs, exponents, long numbers, a last line
 * without a newline): next_row_ranges then reads it, with its checks and
 * messages. A reader's rows are nearly all of the first kind, and the
 * general loop (fields located, then trimmed, then parsed) cost three
 * quarters of reading a million-row series.
 */
static char *fast_row(char *p, const char *end, const unsigned char *role, size_t nroles,
                      size_t need, size_t nkept, double *t, double *b, double *kv) {
    if (p >= end || *p == '#' || *p == '\n' || *p == '\r')
        return NULL;
    const char *q = p;
    size_t k = 0;
    for (size_t j = 0;; j++) {
        if (j == nroles) {
            const char *nl = memchr(q, '\n', (size_t)(end - q));
            if (!nl)
                return NULL;
            return (char *)nl + 1;
        }
        unsigned r = role[j];
        if (r == ROLE_SKIP) {
            while (*q != ',' && *q != '\n' && *q)
                q++;
        } else if (!plain_number(&q, end, r == ROLE_T ? t : r == ROLE_B ? b : &kv[k++])) {
            return NULL;
        }
        if (*q == ',') {
            q++;
        } else if (*q == '\n' && q < end) {
            if (j + 1 < need)
                return NULL;
            for (; k < nkept; k++)
                kv[k] = NAN;
            return (char *)q + 1;
        } else {
            return NULL;
        }
    }
}

/* The cursor on the next window of a streamed file, once it has read the
 * lines of this one: 1, or 0 at the end of the file (or of a whole buffer:
 * ts NULL), or the stream's error (its message in s->err). */
static int next_window(struct ssd__text_stream *ts, struct ssd__lines *it) {
    if (!ts || (ts->eof && it->end == ts->buf + ts->len))
        return 0;
    size_t done = (size_t)(it->p - ts->buf), whole;
    do {
        int rc = ssd__text_next(ts, done);
        if (rc)
            return rc;
        done = 0;
    } while ((whole = ssd__text_whole_lines(ts)) == 0 && !ts->eof);
    it->p = ts->buf;
    it->end = ts->buf + whole;
    return 1;
}

int ssd__read_series_csv(ssd_series *s, const char *name, char *buf, size_t len, size_t lines,
                         int ddir, struct ssd__text_stream *ts) {
    struct ssd__lines it = {buf, buf + len, 0};
    char *line;
    int nl;
    char *fields[MAX_FIELDS];
    int ti = -1, bi = -1, di[2] = {-1, -1}; /* read_bytes, write_bytes */
    size_t nheader = 0;
    int colmap[MAX_FIELDS];
    int rc, live = 0;

    if (ssd__series_reserve(s, lines ? lines : ssd__count_lines(buf, len)))
        return ssd__series_fail(s, SSD_ENOMEM, "%s: out of memory", name);

    /* Comments, the magic line, metadata, then the header. */
    for (;;) {
        if ((line = ssd__lines_next(&it, &nl)) == NULL) {
            if ((rc = next_window(ts, &it)) < 0)
                return rc;
            if (rc)
                continue;
            break;
        }
        if (line[0] == '#') {
            if (!strncmp(line, "# ssdcore-series", 16)) {
                char *end;
                /* Only a file that begins with the magic line is a live
                 * log whose torn last row may be dropped. */
                live = it.lineno == 1;
                long v = strtol(line + 16, &end, 10);
                if (end == line + 16)
                    return ssd__series_fail(s, SSD_EFORMAT,
                                            "%s:%zu: ssdcore-series: missing version number", name,
                                            it.lineno);
                if (v != 1)
                    return ssd__series_fail(s, SSD_EUNSUPPORTED,
                                            "%s:%zu: ssdcore-series version %ld: this reader "
                                            "knows version 1",
                                            name, it.lineno, v);
            } else {
                char *p = line + 1;
                while (*p == ' ')
                    p++;
                if (*p == '{' && !s->metadata) {
                    /* The metadata carries the analysis context (capacity,
                     * written before): a line that does not parse is an
                     * error, never a run analysed as if nothing were known. */
                    struct ssd__jv v;
                    char jerr[160];
                    int jrc = ssd__jr_parse(p, &v, jerr, sizeof jerr);
                    int obj = !jrc && v.type == SSD__JOBJ;
                    if (!jrc)
                        ssd__jv_free(&v);
                    if (jrc == SSD_ENOMEM)
                        return ssd__series_fail(s, SSD_ENOMEM, "%s: out of memory", name);
                    if (!obj)
                        return ssd__series_fail(s, SSD_EFORMAT, "%s:%zu: metadata: %s", name,
                                                it.lineno,
                                                jrc ? json_what(jerr) : "not a JSON object");
                    if (ssd__series_set_string(&s->metadata, p))
                        return ssd__series_fail(s, SSD_ENOMEM, "%s: out of memory", name);
                }
            }
            continue;
        }
        if (!line[0] && nl)
            continue;
        nheader = ssd__split_csv(line, fields, MAX_FIELDS);
        if (nheader > MAX_FIELDS)
            return ssd__series_fail(s, SSD_EFORMAT, "%s:%zu: header: more than %d columns", name,
                                    it.lineno, MAX_FIELDS);
        for (size_t i = 0; i < nheader; i++) {
            colmap[i] = -1;
            if (!strcmp(fields[i], "t_s")) {
                if (ti >= 0)
                    return ssd__series_fail(s, SSD_EFORMAT, "%s:%zu: header: t_s twice", name,
                                            it.lineno);
                ti = (int)i;
            } else if (!strcmp(fields[i], "bytes")) {
                if (bi >= 0)
                    return ssd__series_fail(s, SSD_EFORMAT, "%s:%zu: header: bytes twice", name,
                                            it.lineno);
                bi = (int)i;
            } else if (is_kept_column(s, fields[i])) {
                colmap[i] = ssd__series_column_index(s, fields[i]);
            }
            if (!strcmp(fields[i], "read_bytes") || !strcmp(fields[i], "write_bytes"))
                di[fields[i][0] == 'w'] = (int)i;
        }
        break;
    }
    if (!line)
        return ssd__series_fail(s, SSD_ENODATA, "%s:%zu: no header line (t_s,bytes,...)", name,
                                it.lineno);
    if (ti < 0 || bi < 0)
        return ssd__series_fail(s, SSD_EFORMAT, "%s:%zu: header: required column '%s' missing",
                                name, it.lineno, ti < 0 ? "t_s" : "bytes");
    /* A mixed job's write curve is its writes, not reads + writes. */
    if (ddir == 2)
        return ssd__series_fail(s, SSD_ENODATA,
                                "%s: an ssdcore series has no trim bytes (ddir write, read or any)",
                                name);
    int all = bi; /* the "bytes" column: both directions */
    const char *bname = "bytes";
    if ((ddir == 0 || ddir == 1) && di[ddir] >= 0) {
        bi = di[ddir];
        bname = ddir ? "write_bytes" : "read_bytes";
    }
    int last = ti > bi ? ti : bi;
    size_t need = (size_t)(last > all ? last : all) + 1;
    /* The optional columns kept, as (field, column) pairs. */
    size_t kept_field[MAX_FIELDS], kept_col[MAX_FIELDS], nkept = 0;
    for (size_t i = 0; i < nheader; i++)
        if (colmap[i] >= 0) {
            kept_field[nkept] = i;
            kept_col[nkept++] = (size_t)colmap[i];
        }
    /* The fields the fast path reads: up to the last needed or kept one. */
    unsigned char role[MAX_FIELDS] = {0};
    size_t nroles = need;
    role[ti] = ROLE_T;
    role[bi] = ROLE_B;
    for (size_t k = 0; k < nkept; k++) {
        role[kept_field[k]] = (unsigned char)(ROLE_KEPT + k);
        if (kept_field[k] + 1 > nroles)
            nroles = kept_field[k] + 1;
    }
    double prev = 0.0, sum_sel = 0.0, sum_all = 0.0;
    long nf = 0;
    char *starts[MAX_FIELDS + 1];
    struct ssd__row r;
    double kv[MAX_FIELDS];
    for (;;) {
        double t, b;
        char *f, *e;
        /* Both directions are summed (the general path) until the
         * direction's column is seen nonzero. */
        char *next = all == bi || sum_sel != 0
                         ? fast_row(it.p, it.end, role, nroles, need, nkept, &t, &b, kv)
                         : NULL;
        if (next) {
            it.p = next;
            it.lineno++;
        } else {
            if ((nf = next_row_ranges(s, name, &it, &r, starts, nheader, need, live)) == 0 &&
                (rc = next_window(ts, &it)) != 0) {
                if (rc < 0)
                    return rc;
                continue;
            }
            if (nf <= 0)
                break;
            f = ssd__row_field(&r, starts, (size_t)ti, &e);
            if ((rc = range_number(s, name, it.lineno, "t_s", f, e, it.end + 1, &t)))
                return rc;
            f = ssd__row_field(&r, starts, (size_t)bi, &e);
            if ((rc = range_number(s, name, it.lineno, bname, f, e, it.end + 1, &b)))
                return rc;
            double a;
            /* Only for the message when the direction's column is 0 in every
             * row: once it is not, the sum of both directions is not needed. */
            if (all != bi && sum_sel == 0) {
                f = ssd__row_field(&r, starts, (size_t)all, &e);
                if (ssd__parse_number(f, e, it.end + 1, &a) == 0)
                    sum_all += a;
            }
            for (size_t k = 0; k < nkept; k++) {
                kv[k] = NAN;
                f = kept_field[k] < (size_t)nf ? ssd__row_field(&r, starts, kept_field[k], &e)
                                               : NULL;
                if (f && ssd__parse_number(f, e, it.end + 1, &kv[k]) != 0)
                    kv[k] = NAN;
            }
        }
        sum_sel += b;
        if (t <= prev)
            return ssd__series_fail(s, SSD_EFORMAT,
                                    "%s:%zu: t_s: %g after %g: times must be > 0 and strictly "
                                    "increasing",
                                    name, it.lineno, t, prev);
        if (b < 0)
            return ssd__series_fail(s, SSD_EFORMAT, "%s:%zu: %s: %g is negative", name, it.lineno,
                                    bname, b);
        if (!ssd__series_row_plausible(t, b, t - prev) &&
            (rc = ssd__series_check_row(s, name, it.lineno, "t_s", t, bname, b, t - prev)))
            return rc;
        /* The lines were counted for the reservation; growing stays cheap
         * (geometric) should a count ever fall short. */
        if (s->n == s->cap && ssd__series_reserve(s, s->n + 1))
            return ssd__series_fail(s, SSD_ENOMEM, "%s: out of memory", name);
        size_t row = s->n;
        ssd__series_push(s, t, b);
        for (size_t k = 0; k < nkept; k++)
            s->col[kept_col[k]][row] = kv[k];
        prev = t;
    }
    if (nf < 0)
        return (int)nf;
    if (s->n == 0)
        return ssd__series_fail(s, SSD_ENODATA, "%s:%zu: header only, no data rows", name,
                                it.lineno);
    if (all != bi && sum_sel == 0 && sum_all > 0)
        return ssd__series_fail(
            s, SSD_ENODATA, "%s: %s is 0 in all %zu rows (a %s-only job): use ddir %s or any", name,
            bname, s->n, ddir ? "read" : "write", ddir ? "read" : "write");
    return 0;
}

/* Room for the file's rows, then its header (the first line neither blank
 * nor a comment) split into fields: 0, or the code with the file named. */
static int header_fields(ssd_series *s, const char *name, size_t lines, struct ssd__lines *it,
                         char **fields, size_t *nheader) {
    char *line;
    int nl;
    if (ssd__series_reserve(s, lines ? lines : ssd__count_lines(it->p, (size_t)(it->end - it->p))))
        return ssd__series_fail(s, SSD_ENOMEM, "%s: out of memory", name);
    while ((line = ssd__lines_next(it, &nl)) != NULL) {
        if (line[0] == '#' || !line[0])
            continue;
        *nheader = ssd__split_csv(line, fields, MAX_FIELDS);
        return 0;
    }
    return ssd__series_fail(s, SSD_ENODATA, "%s: no header line", name);
}

int ssd__read_bytes_csv(ssd_series *s, const char *name, char *buf, size_t len, size_t lines) {
    struct ssd__lines it = {buf, buf + len, 0};
    char *fields[MAX_FIELDS];
    int pi = -1, ri = -1;
    double rate_scale = 1.0;
    size_t nheader = 0;
    int rc = header_fields(s, name, lines, &it, fields, &nheader);
    if (rc)
        return rc;
    for (size_t i = 0; i < nheader && i < MAX_FIELDS; i++) {
        int rate =
            !strcmp(fields[i], "bps") || !strcmp(fields[i], "mib_s") || !strcmp(fields[i], "mb_s");
        if (rate && ri >= 0) /* MiB/s and MB/s differ by 5 %: no silent pick */
            return ssd__series_fail(s, SSD_EFORMAT,
                                    "%s:%zu: header: two rate columns, %s and %s: keep one", name,
                                    it.lineno, fields[ri], fields[i]);
        if (!strcmp(fields[i], "pos_bytes"))
            pi = (int)i;
        else if (!strcmp(fields[i], "bps"))
            ri = (int)i, rate_scale = 1.0;
        else if (!strcmp(fields[i], "mib_s"))
            ri = (int)i, rate_scale = 1048576.0;
        else if (!strcmp(fields[i], "mb_s"))
            ri = (int)i, rate_scale = 1e6;
    }
    if (pi < 0 || ri < 0)
        return ssd__series_fail(s, SSD_EFORMAT,
                                "%s:%zu: header: need pos_bytes and a rate column (bps, mib_s "
                                "or mb_s)",
                                name, it.lineno);
    size_t need = (size_t)(pi > ri ? pi : ri) + 1;
    double prev_pos = 0.0, t = 0.0;
    long nf;
    while ((nf = next_row(s, name, &it, fields, nheader, need)) > 0) {
        double pos, rate;
        if ((rc = field_number(s, name, it.lineno, "pos_bytes", fields[pi], &pos)) ||
            (rc = field_number(s, name, it.lineno, "rate", fields[ri], &rate)))
            return rc;
        if (pos <= prev_pos)
            return ssd__series_fail(s, SSD_EFORMAT,
                                    "%s:%zu: pos_bytes: %g after %g: must strictly increase", name,
                                    it.lineno, pos, prev_pos);
        if (rate <= 0)
            return ssd__series_fail(s, SSD_EFORMAT, "%s:%zu: rate: %g must be > 0", name, it.lineno,
                                    rate);
        double chunk = pos - prev_pos;
        rc = ssd__series_check_row(s, name, it.lineno, "time", t + chunk / (rate * rate_scale),
                                   "rate", rate * rate_scale, 1.0);
        if (rc)
            return rc;
        t += chunk / (rate * rate_scale);
        ssd__series_push(s, t, chunk);
        prev_pos = pos;
    }
    if (nf < 0)
        return (int)nf;
    if (s->n == 0)
        return ssd__series_fail(s, SSD_ENODATA, "%s:%zu: header only, no data rows", name,
                                it.lineno);
    return 0;
}

/*
 * Speed-per-interval CSVs: a time column and a throughput column, each with
 * its unit in the header (what many tools export: fio's write_bw_log turned
 * into MiB/s, a benchmark's per-second speeds). Each row is the mean speed
 * of the interval its time ends (fio logs a window at its end: the first row
 * of a 1 s log is at 1 s); a first time of 0 can only be a start, so such a
 * file's times are taken as the intervals' starts.
 */

/* A header name lowercased into out (at most n - 1 bytes), the closing
 * bracket and blanks after the unit dropped: "Time (ms)" -> "time (ms". */
static void header_lower(const char *f, char *out, size_t n) {
    size_t k = 0;
    for (; f[k] && k + 1 < n; k++)
        out[k] = (char)(f[k] >= 'A' && f[k] <= 'Z' ? f[k] - 'A' + 'a' : f[k]);
    out[k] = '\0';
    while (k && (out[k - 1] == ')' || out[k - 1] == ']' || out[k - 1] == ' '))
        out[--k] = '\0';
}

/* Whether name ends with the word w: w starts name or follows a separator. */
static int ends_with_word(const char *name, const char *w) {
    size_t n = strlen(name), m = strlen(w);
    if (m > n || strcmp(name + n - m, w))
        return 0;
    if (m == n)
        return 1;
    char c = name[n - m - 1];
    return c == '_' || c == ' ' || c == '(' || c == '[' || c == '-' || c == '.';
}

/* The name without the unit word of length m and the separators before it. */
static int stem_is(const char *name, size_t m, const char *const *stems) {
    size_t n = strlen(name) - m;
    while (n && (name[n - 1] == '_' || name[n - 1] == ' ' || name[n - 1] == '(' ||
                 name[n - 1] == '[' || name[n - 1] == '-' || name[n - 1] == '.'))
        n--;
    for (size_t i = 0; stems[i]; i++)
        if (strlen(stems[i]) == n && !strncmp(name, stems[i], n))
            return 1;
    return 0;
}

static const char *const time_stems[] = {"t",       "time",         "timestamp",    "elapsed",
                                         "runtime", "elapsed time", "time elapsed", NULL};

/* A time column's units per second (1000 for ms: a division, as a reader
 * of "1001 ms" computes 1.001 s), 0 when the name is not a time column,
 * -1 when it is one without a unit ("time"). */
static double time_column_unit(const char *field) {
    char name[128];
    header_lower(field, name, sizeof name);
    if (!strcmp(name, "second") || !strcmp(name, "seconds") || !strcmp(name, "sec"))
        return 1.0;
    if (!strcmp(name, "ms") || !strcmp(name, "msec") || !strcmp(name, "milliseconds"))
        return 1e3;
    static const struct {
        const char *w;
        double scale;
    } units[] = {{"ms", 1e3}, {"msec", 1e3}, {"us", 1e6}, {"s", 1.0}, {"sec", 1.0}};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (ends_with_word(name, units[i].w) && strlen(name) > strlen(units[i].w) &&
            stem_is(name, strlen(units[i].w), time_stems))
            return units[i].scale;
    return stem_is(name, 0, time_stems) ? -1.0 : 0.0;
}

/* A throughput column's bytes per second per unit, 0 when the name is not
 * one, -1 when it is one without a byte unit ("throughput", "MB", "Mbps"). */
static double rate_column_unit(const char *field) {
    char name[128];
    header_lower(field, name, sizeof name);
    static const struct {
        const char *w;
        double scale;
    } units[] = {{"gib/s", 1073741824.0},
                 {"gib_s", 1073741824.0},
                 {"mib/s", 1048576.0},
                 {"mib_s", 1048576.0},
                 {"kib/s", 1024.0},
                 {"kib_s", 1024.0},
                 {"gb/s", 1e9},
                 {"gb_s", 1e9},
                 {"mb/s", 1e6},
                 {"mb_s", 1e6},
                 {"kb/s", 1e3},
                 {"kb_s", 1e3},
                 {"b/s", 1.0},
                 {"b_s", 1.0}};
    if (strstr(name, "bit") || strstr(name, "bps"))
        return strstr(name, "bps") || strstr(name, "bit/s") || strstr(name, "bits") ? -1.0 : 0.0;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (ends_with_word(name, units[i].w))
            return units[i].scale;
    static const char *const words[] = {"throughput", "bandwidth", "bw", "speed", NULL};
    for (size_t i = 0; words[i]; i++)
        if (strstr(name, words[i]))
            return -1.0;
    return 0.0;
}

int ssd__is_rate_csv_header(char **fields, size_t nf) {
    int t = 0, r = 0;
    for (size_t i = 0; i < nf; i++) {
        t |= time_column_unit(fields[i]) != 0;
        r |= rate_column_unit(fields[i]) != 0;
    }
    return t && r;
}

/* 1 when a column's name says write, 0 read, -1 neither (or both). */
static int column_direction(const char *field) {
    char name[128];
    header_lower(field, name, sizeof name);
    int w = strstr(name, "write") != NULL, r = strstr(name, "read") != NULL;
    return w == r ? -1 : w;
}

int ssd__read_rate_csv(ssd_series *s, const char *name, char *buf, size_t len, size_t lines,
                       int ddir) {
    struct ssd__lines it = {buf, buf + len, 0};
    char *fields[MAX_FIELDS];
    int ti = -1, ri = -1, first[2] = {-1, -1}, want = -1;
    size_t nrate = 0, nwant = 0;
    double tscale = 0, rscale = 0;
    size_t nheader = 0;
    char tname[128] = "", rname[128] = "";

    int hrc = header_fields(s, name, lines, &it, fields, &nheader);
    if (hrc)
        return hrc;
    for (size_t i = 0; i < nheader && i < MAX_FIELDS; i++) {
        double tu = time_column_unit(fields[i]), ru = tu ? 0 : rate_column_unit(fields[i]);
        if (tu < 0)
            return ssd__series_fail(s, SSD_EFORMAT,
                                    "%s:%zu: header: time column '%s' has no unit: name it "
                                    "'%s (s)' or '%s (ms)'",
                                    name, it.lineno, fields[i], fields[i], fields[i]);
        if (ru < 0)
            return ssd__series_fail(s, SSD_EFORMAT,
                                    "%s:%zu: header: throughput column '%s' has no byte unit: "
                                    "name it with one, e.g. 'Throughput (MiB/s)' (GiB/s, "
                                    "MiB/s, KiB/s, GB/s, MB/s, KB/s or B/s; not bits)",
                                    name, it.lineno, fields[i]);
        if (tu > 0 && ti >= 0)
            return ssd__series_fail(s, SSD_EFORMAT,
                                    "%s:%zu: header: two time columns, '%s' and '%s': keep one",
                                    name, it.lineno, tname, fields[i]);
        if (tu > 0) {
            ti = (int)i, tscale = tu;
            snprintf(tname, sizeof tname, "%s", fields[i]);
        } else if (ru > 0) {
            if (nrate < 2)
                first[nrate] = (int)i;
            nrate++;
            if (ddir >= 0 && column_direction(fields[i]) == ddir)
                nwant++, want = (int)i;
        }
    }
    /* Several speeds: the one of the direction asked for (a read and a
     * write column), else no silent pick. */
    if (nrate > 1 && nwant != 1)
        return ssd__series_fail(
            s, SSD_EFORMAT,
            "%s:%zu: header: two throughput columns, '%s' and '%s': keep one, "
            "or name one read and one write (the ddir option picks; default write)",
            name, it.lineno, fields[first[0]], fields[first[1]]);
    if (nrate) {
        ri = nrate > 1 ? want : first[0];
        rscale = rate_column_unit(fields[ri]);
        snprintf(rname, sizeof rname, "%s", fields[ri]);
    }
    if (ti < 0 || ri < 0)
        return ssd__series_fail(s, SSD_EFORMAT,
                                "%s:%zu: header: need a time column with its unit (e.g. 't_s', "
                                "'Time (ms)') and a throughput column with its unit (e.g. "
                                "'Throughput (MiB/s)')",
                                name, it.lineno);
    size_t need = (size_t)(ti > ri ? ti : ri) + 1;
    /* First pass: times (s) into t, speeds (B/s) into b. */
    long nf;
    while ((nf = next_row(s, name, &it, fields, nheader, need)) > 0) {
        double t, rate;
        int rc;
        if ((rc = field_number(s, name, it.lineno, tname, fields[ti], &t)) ||
            (rc = field_number(s, name, it.lineno, rname, fields[ri], &rate)))
            return rc;
        t /= tscale;
        rate *= rscale;
        if (t < 0 || (s->n && t <= s->t[s->n - 1]))
            return ssd__series_fail(s, SSD_EFORMAT,
                                    "%s:%zu: %s: %g s %s: times must increase (a file holding "
                                    "several runs must be split, one run a file)",
                                    name, it.lineno, tname, t,
                                    t < 0 ? "is negative" : "does not follow the row before");
        if (rate < 0)
            return ssd__series_fail(s, SSD_EFORMAT, "%s:%zu: %s: %g must be >= 0", name, it.lineno,
                                    rname, rate / rscale);
        if ((rc = ssd__series_check_row(s, name, it.lineno, tname, t, rname, rate, 1.0)))
            return rc;
        ssd__series_push(s, t, rate);
    }
    if (nf < 0)
        return (int)nf;
    if (s->n == 0)
        return ssd__series_fail(s, SSD_ENODATA, "%s:%zu: header only, no data rows", name,
                                it.lineno);
    /* The median interval: the first (or, with start times, the last)
     * interval's length when the file does not give it. */
    double med = 1.0;
    if (s->n > 1) {
        size_t m = s->n - 1;
        double *d = malloc(m * sizeof *d);
        if (!d)
            return ssd__series_fail(s, SSD_ENOMEM, "%s: out of memory", name);
        for (size_t i = 0; i < m; i++)
            d[i] = s->t[i + 1] - s->t[i];
        qsort(d, m, sizeof *d, ssd__cmp_double);
        med = d[m / 2];
        free(d);
    }
    if (s->t[0] == 0) {
        /* Start times: each interval ends at the next row's time, the
         * last after the median interval. */
        for (size_t i = 0; i < s->n; i++) {
            double end = i + 1 < s->n ? s->t[i + 1] : s->t[i] + med;
            s->b[i] *= end - s->t[i];
            s->t[i] = end;
        }
        char note[160];
        snprintf(note, sizeof note,
                 "speed-per-interval CSV: times read as the intervals' starts (the first is 0); "
                 "the last interval taken as the median, %g s",
                 med);
        if (ssd__series_set_string(&s->note, note))
            return ssd__series_fail(s, SSD_ENOMEM, "%s: out of memory", name);
        return 0;
    }
    /* End times: the first interval starts at 0 when its time is within
     * 1.5 median intervals of 0 (the analysis' rule), else one median
     * interval before it; the last may be shorter, as the file says. */
    double prev = s->t[0] <= 1.5 * med ? 0.0 : s->t[0] - med;
    for (size_t i = 0; i < s->n; i++) {
        double dt = s->t[i] - prev;
        prev = s->t[i];
        s->b[i] *= dt;
    }
    return 0;
}
