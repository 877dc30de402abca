/* series.c - the in-memory series handle: construction from arrays, optional
 * columns, accessors. The readers live in series_*.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "prefault.h"
#include "json_read.h"
#include "jsonw.h"
#include "options.h"
#include "series_build.h"

int ssd__series_set_string(char **dst, const char *src) {
    size_t len = strlen(src);
    char *copy = malloc(len + 1);
    if (!copy)
        return SSD_ENOMEM;
    memcpy(copy, src, len + 1);
    free(*dst);
    *dst = copy;
    return 0;
}

#define SSD__OPTION_OWNER struct ssd_series
/* clang-format off */
/* X(key, TYPE, where, unit, min, max, default, words, flags, help) */
#define SERIES_OPTIONS(X)                                                                          \
    X(ddir, ENUM, ddir, "", 0, 0, "write", "read write trim any", 0,                               \
      "the direction fio logs are read for (their other rows are skipped)")                        \
    X(max_file_bytes, SIZE, max_file_bytes, "", 1, INFINITY, "1g", "", 0,                     \
      "a larger file is refused before it is parsed")                                              \
    X(per_io_interval, DURATION, per_io_interval_s, "s", 0.001, 86400, "1s", "", 0,                \
      "the interval fio per-I/O logs are summed into (shorter: finer, but noisier)")               \
    X(columns, TEXT, columns, "names", 0, 0, "", "", 0,                                            \
      "the optional columns to keep: lat_p99_us,ops; lat_* for all it begins; none for t_s and "   \
      "bytes alone, the fastest read (default: all)")
/* clang-format on */
SSD__OPTION_TABLE(series_options, "series", SERIES_OPTIONS);

SSD__OPTIONS_ACCESSOR(ssd_series_options, series_options)

static ssd_series *series_new(const char *format) {
    ssd_series *s = calloc(1, sizeof *s);
    if (s) {
        s->format = format;
        s->loaded = format != NULL;
        ssd__option_defaults(&series_options, s);
    }
    return s;
}

SSD_API int ssd_series_create(ssd_series **out) {
    if (!out)
        return SSD_EINVAL;
    *out = series_new(NULL);
    return *out ? 0 : SSD_ENOMEM;
}

SSD_API int ssd_series_set_option(ssd_series *s, const char *key, const char *value) {
    if (!s)
        return SSD_EINVAL;
    if (s->loaded)
        return ssd__series_fail(s, SSD_ESTATE, "option %s: set before ssd_series_load",
                                key ? key : "(null)");
    int rc = ssd__option_set(&series_options, s, key, value, s->err);
    return rc < 0 ? rc : 0;
}

int ssd__series_reserve(ssd_series *s, size_t n) {
    if (n <= s->cap)
        return 0;
    if (n > ((size_t)-1) / 2 / sizeof(double))
        return SSD_ENOMEM;
    /* The first reservation is the count asked for (a reader's line
     * count): rounding it up to a power of two populated up to twice the
     * pages the rows fill. Growth after it is geometric. */
    size_t cap = s->cap ? s->cap : 64;
    if (!s->cap && n > cap)
        cap = n;
    while (cap < n)
        cap *= 2;
    double *t = realloc(s->t, cap * sizeof *t);
    if (!t)
        return SSD_ENOMEM;
    s->t = t;
    double *b = realloc(s->b, cap * sizeof *b);
    if (!b)
        return SSD_ENOMEM;
    s->b = b;
    ssd__prefault(t + s->cap, (cap - s->cap) * sizeof *t);
    ssd__prefault(b + s->cap, (cap - s->cap) * sizeof *b);
    for (size_t c = 0; c < s->ncols; c++) {
        double *v = realloc(s->col[c], cap * sizeof *v);
        if (!v)
            return SSD_ENOMEM;
        for (size_t i = s->cap; i < cap; i++)
            v[i] = NAN;
        s->col[c] = v;
    }
    s->cap = cap;
    return 0;
}

int ssd__series_check_row(ssd_series *s, const char *name, size_t lineno, const char *tcol,
                          double t_s, const char *bcol, double bytes, double dt) {
    if (t_s > SSD__SERIES_MAX_T_S)
        return ssd__series_fail(s, SSD_ERANGE,
                                "%s:%zu: %s: %g s is more than a century (%g s): not a logged run",
                                name, lineno, tcol, t_s, SSD__SERIES_MAX_T_S);
    if (dt > 0 && bytes / dt > SSD__SERIES_MAX_BPS)
        return ssd__series_fail(s, SSD_ERANGE,
                                "%s:%zu: %s: %g bytes in %g s is %g bytes/s, more than any drive "
                                "(%g)",
                                name, lineno, bcol, bytes, dt, bytes / dt, SSD__SERIES_MAX_BPS);
    return 0;
}

int ssd__series_column_index(ssd_series *s, const char *name) {
    for (size_t c = 0; c < s->ncols; c++)
        if (!strcmp(s->colname[c], name))
            return (int)c;
    if (s->ncols == SSD__SERIES_MAX_COLS)
        return -1;
    size_t cap = s->cap ? s->cap : 1;
    double *v = malloc(cap * sizeof *v);
    char *copy = NULL;
    if (!v || ssd__series_set_string(&copy, name)) {
        free(v);
        return -1;
    }
    for (size_t i = 0; i < cap; i++)
        v[i] = NAN;
    s->col[s->ncols] = v;
    s->colname[s->ncols] = copy;
    return (int)s->ncols++;
}

static int check_arrays(ssd_series *s, const double *t_s, const double *bytes, size_t count) {
    double prev = 0.0;
    for (size_t i = 0; i < count; i++) {
        if (!isfinite(t_s[i]) || t_s[i] <= prev)
            return ssd__series_fail(s, SSD_EINVAL,
                                    "arrays: t_s[%zu] = %g: times must be finite, > 0 and "
                                    "strictly increasing",
                                    i, t_s[i]);
        if (!isfinite(bytes[i]) || bytes[i] < 0)
            return ssd__series_fail(
                s, SSD_EINVAL, "arrays: bytes[%zu] = %g: must be finite and >= 0", i, bytes[i]);
        prev = t_s[i];
    }
    return 0;
}

SSD_API int ssd_series_from_arrays(ssd_series **out, const double *t_s, const double *bytes,
                                   size_t count) {
    if (!out)
        return SSD_EINVAL;
    *out = NULL;
    ssd_series *s = series_new("arrays");
    if (!s)
        return SSD_ENOMEM;
    *out = s;
    if (count && (!t_s || !bytes))
        return ssd__series_fail(s, SSD_EINVAL, "arrays: NULL array");
    int rc = check_arrays(s, t_s, bytes, count);
    if (rc)
        return rc;
    if (ssd__series_reserve(s, count ? count : 1))
        return ssd__series_fail(s, SSD_ENOMEM, "arrays: out of memory");
    if (count) {
        memcpy(s->t, t_s, count * sizeof *t_s);
        memcpy(s->b, bytes, count * sizeof *bytes);
    }
    s->n = count;
    ssd__series_set_string(&s->source, "arrays");
    return 0;
}

SSD_API int ssd_series_from_chunks(ssd_series **out, const double *chunk_bytes,
                                   const double *rate_bps, size_t count) {
    if (!out)
        return SSD_EINVAL;
    *out = NULL;
    ssd_series *s = series_new("chunks");
    if (!s)
        return SSD_ENOMEM;
    *out = s;
    if (count && (!chunk_bytes || !rate_bps))
        return ssd__series_fail(s, SSD_EINVAL, "chunks: NULL array");
    if (ssd__series_reserve(s, count ? count : 1))
        return ssd__series_fail(s, SSD_ENOMEM, "chunks: out of memory");
    double t = 0;
    for (size_t i = 0; i < count; i++) {
        if (!isfinite(chunk_bytes[i]) || chunk_bytes[i] <= 0)
            return ssd__series_fail(s, SSD_EINVAL,
                                    "chunks: chunk_bytes[%zu] = %g: must be finite and > 0", i,
                                    chunk_bytes[i]);
        if (!isfinite(rate_bps[i]) || rate_bps[i] <= 0)
            return ssd__series_fail(s, SSD_EINVAL,
                                    "chunks: rate_bps[%zu] = %g: must be finite and > 0", i,
                                    rate_bps[i]);
        t += chunk_bytes[i] / rate_bps[i];
        ssd__series_push(s, t, chunk_bytes[i]);
    }
    ssd__series_set_string(&s->source, "chunks");
    return 0;
}

SSD_API int ssd_series_set_column(ssd_series *s, const char *name, const double *values) {
    if (!s || !name || !*name || !values)
        return SSD_EINVAL;
    if (!strcmp(name, "t_s") || !strcmp(name, "bytes"))
        return ssd__series_fail(s, SSD_EINVAL, "column '%s' is not optional", name);
    if (ssd__series_reserve(s, s->n ? s->n : 1))
        return ssd__series_fail(s, SSD_ENOMEM, "out of memory");
    int c = ssd__series_column_index(s, name);
    if (c < 0)
        return ssd__series_fail(s, SSD_ERANGE, "column '%s': too many columns", name);
    if (s->n)
        memcpy(s->col[c], values, s->n * sizeof *values);
    return 0;
}

SSD_API void ssd_series_free(ssd_series *s) {
    if (!s)
        return;
    free(s->t);
    free(s->b);
    for (size_t c = 0; c < s->ncols; c++) {
        free(s->col[c]);
        free(s->colname[c]);
    }
    free(s->metadata);
    free(s->source);
    free(s->note);
    ssd__option_free(&series_options, s);
    free(s);
}

SSD__ERRMSG_OF(series)

SSD_API size_t ssd_series_count(const ssd_series *s) {
    return s ? s->n : 0;
}

SSD_API const double *ssd_series_t_s(const ssd_series *s) {
    return s ? s->t : NULL;
}

SSD_API const double *ssd_series_bytes(const ssd_series *s) {
    return s ? s->b : NULL;
}

SSD_API const double *ssd_series_column(const ssd_series *s, const char *name) {
    if (!s || !name)
        return NULL;
    for (size_t c = 0; c < s->ncols; c++)
        if (!strcmp(s->colname[c], name))
            return s->col[c];
    return NULL;
}

SSD_API const char *ssd_series_column_name(const ssd_series *s, size_t index) {
    return s && index < s->ncols ? s->colname[index] : NULL;
}

SSD_API const char *ssd_series_metadata(const ssd_series *s) {
    return s && s->metadata ? s->metadata : "{}";
}

SSD_API int ssd_series_to_json(const ssd_series *s, int flags, char **out) {
    struct ssd__jw w;
    int rc = ssd__jw_open(&w, s, out, flags, s ? (char *)s->err : NULL);
    if (rc)
        return rc;
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "source", ssd_series_source(s));
    ssd__jw_kstr(&w, "format", ssd_series_format(s));
    ssd__jw_kstr(&w, "note", ssd_series_note(s));
    ssd__jw_kraw(&w, "metadata", ssd_series_metadata(s));
    ssd__jw_knums(&w, "t_s", s->t, s->n);
    ssd__jw_knums(&w, "bytes", s->b, s->n);
    ssd__jw_kbegin_object(&w, "columns");
    for (size_t c = 0; c < s->ncols; c++)
        ssd__jw_knums(&w, s->colname[c], s->col[c], s->n);
    ssd__jw_end_object(&w);
    ssd__jw_end_object(&w);
    return ssd__jw_finish(&w, out);
}

/* What a series CSV's metadata line may hold: a run's context is a few
 * hundred bytes. */
#define METADATA_MAX 65536

SSD_API int ssd_series_set_metadata(ssd_series *s, const char *json) {
    if (!s)
        return SSD_EINVAL;
    s->err[0] = '\0';
    if (!json)
        return ssd__series_fail(s, SSD_EINVAL, "metadata: NULL");
    if (strlen(json) > METADATA_MAX)
        return ssd__series_fail(s, SSD_ERANGE, "metadata: %zu bytes, more than %d", strlen(json),
                                METADATA_MAX);
    struct ssd__jv v;
    char msg[128];
    int rc = ssd__jr_parse(json, &v, msg, sizeof msg);
    if (rc)
        return ssd__series_fail(s, rc == SSD_ENOMEM ? SSD_ENOMEM : SSD_EINVAL, "metadata: %s", msg);
    if (v.type != SSD__JOBJ) {
        ssd__jv_free(&v);
        return ssd__series_fail(s, SSD_EINVAL, "metadata: not a JSON object");
    }
    /* Compact, as a series CSV's metadata line is: the readers look keys
     * up in that form. */
    char *text = ssd__jv_json(&v);
    ssd__jv_free(&v);
    if (!text)
        return ssd__series_fail(s, SSD_ENOMEM, "out of memory");
    free(s->metadata);
    s->metadata = text;
    return 0;
}

SSD_API const char *ssd_series_source(const ssd_series *s) {
    return s && s->source ? s->source : "";
}

SSD_API const char *ssd_series_note(const ssd_series *s) {
    return s && s->note ? s->note : "";
}

SSD_API const char *ssd_series_format(const ssd_series *s) {
    return s && s->format ? s->format : "";
}
