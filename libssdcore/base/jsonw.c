/* jsonw.c - the JSON writer: a growable buffer, separators by state. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ssdcore/base.h"
#include "errmsg.h"
#include "jsonw.h"
#include "numfmt.h"

void ssd__jw_init(struct ssd__jw *w, enum ssd__jw_style style) {
    memset(w, 0, sizeof *w);
    w->style = style;
}

int ssd__jw_open(struct ssd__jw *w, const void *handle, char **out, int flags, char *err) {
    ssd__jw_init(w, flags == SSD_JSON_PRETTY ? SSD__JW_PRETTY : SSD__JW_COMPACT);
    if (out)
        *out = NULL;
    if (!handle)
        return SSD_EINVAL;
    if (!out)
        return err ? ssd__fail(err, SSD_EINVAL, "to_json: out is NULL") : SSD_EINVAL;
    if (flags & ~SSD_JSON_PRETTY)
        return err ? ssd__fail(err, SSD_EINVAL,
                               "to_json: flags %d: SSD_JSON_COMPACT (0) or SSD_JSON_PRETTY (1)",
                               flags)
                   : SSD_EINVAL;
    return 0;
}

int ssd__jw_style_named(int flags, enum ssd__jw_style *style) {
    *style = flags == SSD_JSON_PRETTY   ? SSD__JW_PRETTY
             : flags == SSD_JSON_SPACED ? SSD__JW_SPACED
                                        : SSD__JW_COMPACT;
    return flags == SSD_JSON_COMPACT || flags == SSD_JSON_SPACED || flags == SSD_JSON_PRETTY
               ? 0
               : SSD_EINVAL;
}

/* Room for n more bytes and the terminating NUL. */
static int reserve(struct ssd__jw *w, size_t n) {
    if (w->oom)
        return 0;
    if (w->buf && w->cap - w->len > n)
        return 1;
    if (n >= SIZE_MAX / 2 - w->len) {
        w->oom = 1;
        return 0;
    }
    size_t cap = w->cap ? w->cap : 256;
    while (cap <= w->len + n)
        cap *= 2;
    char *p = (w->realloc_fn ? w->realloc_fn : realloc)(w->buf, cap);
    if (!p) {
        w->oom = 1;
        return 0;
    }
    if (!w->buf)
        p[0] = '\0';
    w->buf = p;
    w->cap = cap;
    return 1;
}

static void put(struct ssd__jw *w, const char *s, size_t n) {
    if (!reserve(w, n))
        return;
    memcpy(w->buf + w->len, s, n);
    w->len += n;
    w->buf[w->len] = '\0';
}

static void puts_(struct ssd__jw *w, const char *s) {
    put(w, s, strlen(s));
}

__attribute__((format(printf, 2, 3))) static void putf(struct ssd__jw *w, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        w->oom = 1;
        return;
    }
    if (!reserve(w, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(w->buf + w->len, w->cap - w->len, fmt, ap);
    va_end(ap);
    w->len += (size_t)n;
}

static void indent(struct ssd__jw *w, int depth) {
    put(w, "\n", 1);
    for (int i = 0; i < depth; i++)
        put(w, "  ", 2);
}

static void newline(struct ssd__jw *w) {
    indent(w, w->depth);
}

/* What comes before a key, or before a value that no key introduces: the
 * separator from the previous member and, in pretty style, its own line. */
static void before_item(struct ssd__jw *w) {
    if (w->comma)
        puts_(w, w->style == SSD__JW_SPACED ? ", " : ",");
    if (w->comma && w->newline)
        put(w, "\n", 1);
    w->newline = 0;
    if (w->style == SSD__JW_PRETTY && w->depth > 0)
        newline(w);
}

static void before_value(struct ssd__jw *w) {
    if (w->after_key)
        w->after_key = 0;
    else
        before_item(w);
    w->comma = 1;
}

static void begin(struct ssd__jw *w, char open) {
    before_value(w);
    put(w, &open, 1);
    w->depth++;
    w->comma = 0;
}

/* In pretty style a close starts its own line, except an empty container's:
 * "[]" and "{}", as Python's json.dumps(indent=2) writes them. */
static void end(struct ssd__jw *w, char close) {
    w->depth--;
    if (w->style == SSD__JW_PRETTY && w->comma)
        newline(w);
    put(w, &close, 1);
    w->comma = 1;
    w->after_key = 0;
}

void ssd__jw_begin_object(struct ssd__jw *w) {
    begin(w, '{');
}

void ssd__jw_end_object(struct ssd__jw *w) {
    end(w, '}');
}

void ssd__jw_begin_array(struct ssd__jw *w) {
    begin(w, '[');
}

void ssd__jw_end_array(struct ssd__jw *w) {
    end(w, ']');
}

static void put_escaped(struct ssd__jw *w, const char *s) {
    size_t n = ssd__json_quoted(s, NULL);
    if (!reserve(w, n))
        return;
    ssd__json_quoted(s, w->buf + w->len);
    w->len += n;
    w->buf[w->len] = '\0';
}

void ssd__jw_key(struct ssd__jw *w, const char *key) {
    before_item(w);
    put_escaped(w, key);
    puts_(w, w->style == SSD__JW_COMPACT ? ":" : ": ");
    w->comma = 0;
    w->after_key = 1;
}

void ssd__jw_str(struct ssd__jw *w, const char *s) {
    if (!s) {
        ssd__jw_null(w);
        return;
    }
    before_value(w);
    put_escaped(w, s);
}

void ssd__jw_num(struct ssd__jw *w, double v) {
    char num[SSD__NUM_BUF];
    before_value(w);
    puts_(w, ssd__fmt_json_number(num, v));
}

static void printf_number(struct ssd__jw *w, double v, char conversion, int precision) {
    before_value(w);
    if (!isfinite(v))
        puts_(w, "null");
    else if (conversion == 'f')
        putf(w, "%.*f", precision, v);
    else
        putf(w, "%.*g", precision, v);
}

void ssd__jw_num_g(struct ssd__jw *w, double v, int digits) {
    printf_number(w, v, 'g', digits);
}

void ssd__jw_num_f(struct ssd__jw *w, double v, int decimals) {
    printf_number(w, v, 'f', decimals);
}

void ssd__jw_bytes(struct ssd__jw *w, double v) {
    /* + 0.0: a count rounding to zero from below is 0, not -0. */
    printf_number(w, isfinite(v) ? round(v) + 0.0 : v, 'f', 0);
}

void ssd__jw_u64(struct ssd__jw *w, uint64_t v) {
    before_value(w);
    putf(w, "%llu", (unsigned long long)v);
}

void ssd__jw_bool(struct ssd__jw *w, int v) {
    before_value(w);
    puts_(w, v ? "true" : "false");
}

void ssd__jw_null(struct ssd__jw *w) {
    before_value(w);
    puts_(w, "null");
}

static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
        p++;
    return p;
}

/* A document laid out in w's style at its depth: pretty, every open, close
 * and comma starts a line, but for the close of an empty container;
 * spaced, ", " and ": "; compact, no white space outside strings. */
static void restyle(struct ssd__jw *w, const char *p) {
    int depth = w->depth, opened = 0, pretty = w->style == SSD__JW_PRETTY;
    for (p = skip_space(p); *p; p = skip_space(p)) {
        char c = *p++;
        if (c == '}' || c == ']') {
            depth--;
            if (!opened && pretty)
                indent(w, depth);
        }
        opened = c == '{' || c == '[';
        put(w, &c, 1);
        if (c == '"') {
            const char *q = p;
            for (; *q && *q != '"'; q++)
                q += *q == '\\' && q[1];
            q += *q == '"';
            put(w, p, (size_t)(q - p));
            p = q;
        } else if (c == '{' || c == '[') {
            depth++;
            if (*skip_space(p) != (c == '{' ? '}' : ']') && pretty)
                indent(w, depth);
        } else if (c == ',' && pretty) {
            indent(w, depth);
        } else if ((c == ',' || c == ':') && w->style != SSD__JW_COMPACT) {
            put(w, " ", 1);
        }
    }
}

void ssd__jw_raw(struct ssd__jw *w, const char *json) {
    if (!json) {
        ssd__jw_null(w);
        return;
    }
    before_value(w);
    if (w->style == SSD__JW_PRETTY)
        restyle(w, json);
    else
        puts_(w, json);
}

void ssd__jw_restyle(struct ssd__jw *w, const char *json) {
    before_value(w);
    restyle(w, json);
}

void ssd__jw_newline(struct ssd__jw *w) {
    w->newline = w->style != SSD__JW_PRETTY;
}

void ssd__jw_kstr(struct ssd__jw *w, const char *key, const char *s) {
    ssd__jw_key(w, key);
    ssd__jw_str(w, s);
}

void ssd__jw_knum(struct ssd__jw *w, const char *key, double v) {
    ssd__jw_key(w, key);
    ssd__jw_num(w, v);
}

void ssd__jw_kbytes(struct ssd__jw *w, const char *key, double v) {
    ssd__jw_key(w, key);
    ssd__jw_bytes(w, v);
}

void ssd__jw_ku64(struct ssd__jw *w, const char *key, uint64_t v) {
    ssd__jw_key(w, key);
    ssd__jw_u64(w, v);
}

void ssd__jw_kbool(struct ssd__jw *w, const char *key, int v) {
    ssd__jw_key(w, key);
    ssd__jw_bool(w, v);
}

void ssd__jw_kraw(struct ssd__jw *w, const char *key, const char *json) {
    ssd__jw_key(w, key);
    ssd__jw_raw(w, json);
}

void ssd__jw_kbegin_object(struct ssd__jw *w, const char *key) {
    ssd__jw_key(w, key);
    ssd__jw_begin_object(w);
}

void ssd__jw_kbegin_array(struct ssd__jw *w, const char *key) {
    ssd__jw_key(w, key);
    ssd__jw_begin_array(w);
}

void ssd__jw_knums(struct ssd__jw *w, const char *key, const double *v, size_t n) {
    ssd__jw_kbegin_array(w, key);
    for (size_t i = 0; i < n; i++)
        ssd__jw_num(w, v[i]);
    ssd__jw_end_array(w);
}

int ssd__jw_finish_unless(struct ssd__jw *w, int rc, char **out) {
    char *doc = NULL;
    int frc = ssd__jw_finish(w, &doc);
    if (rc < 0 || frc < 0) {
        free(doc);
        return rc < 0 ? rc : frc;
    }
    *out = doc;
    return 0;
}

int ssd__jw_finish(struct ssd__jw *w, char **out) {
    if (w->newline)
        put(w, "\n", 1);
    reserve(w, 0); /* an empty document is "", not NULL */
    if (w->oom) {
        free(w->buf);
        *out = NULL;
    } else
        *out = w->buf;
    int rc = w->oom ? SSD_ENOMEM : 0;
    w->buf = NULL;
    w->len = w->cap = 0;
    return rc;
}
