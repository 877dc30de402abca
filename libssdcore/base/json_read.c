/* json_read.c - a small recursive-descent JSON reader (RFC 8259):
 * depth-limited, strict about syntax, \u escapes to UTF-8. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ssdcore/base.h"
#include "grow.h"
#include "json_read.h"
#include "jsonw.h"

#define MAX_DEPTH 64

struct reader {
    const char *p, *start;
    char *err;
    size_t errlen;
    int rc;
    int exact; /* numbers keep their text (ssd__jr_parse_exact) */
};

static int fail(struct reader *r, const char *what) {
    if (!r->rc) {
        int line = 1;
        for (const char *c = r->start; c < r->p; c++)
            line += *c == '\n';
        snprintf(r->err, r->errlen, "line %d: %s", line, what);
        r->rc = SSD_EFORMAT;
    }
    return r->rc;
}

static int oom(struct reader *r) {
    r->rc = SSD_ENOMEM;
    snprintf(r->err, r->errlen, "out of memory");
    return r->rc;
}

static void ws(struct reader *r) {
    while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')
        r->p++;
}

static int hex4(const char *p, unsigned *out) {
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= (unsigned)(c - 'A' + 10);
        else
            return -1;
    }
    *out = v;
    return 0;
}

static int string(struct reader *r, char **out) {
    r->p++; /* the opening quote */
    struct ssd__text t = {0};
    for (;;) {
        unsigned char c = (unsigned char)*r->p;
        if (c == '"')
            break;
        if (c < 0x20) {
            ssd__text_free(&t);
            return fail(r, c ? "control character in a string" : "unterminated string");
        }
        if (c != '\\') {
            ssd__text_raw(&t, r->p++, 1);
            continue;
        }
        char e = r->p[1];
        const char *simple = strchr("\"\\/bfnrt", e);
        if (e && simple) {
            static const char map[] = "\"\\/\b\f\n\r\t";
            ssd__text_raw(&t, &map[simple - "\"\\/bfnrt"], 1);
            r->p += 2;
            continue;
        }
        unsigned u;
        if (e != 'u' || hex4(r->p + 2, &u)) {
            ssd__text_free(&t);
            return fail(r, "bad escape in a string");
        }
        r->p += 6;
        if (u >= 0xD800 && u < 0xDC00 && r->p[0] == '\\' && r->p[1] == 'u') {
            unsigned lo;
            if (!hex4(r->p + 2, &lo) && lo >= 0xDC00 && lo < 0xE000) {
                u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
                r->p += 6;
            }
        }
        if (u >= 0xD800 && u < 0xE000) /* half a pair alone: not a character */
            u = 0xFFFD;
        char b[4];
        size_t n;
        if (u < 0x80) {
            b[0] = (char)u, n = 1;
        } else if (u < 0x800) {
            b[0] = (char)(0xC0 | u >> 6), b[1] = (char)(0x80 | (u & 63)), n = 2;
        } else if (u < 0x10000) {
            b[0] = (char)(0xE0 | u >> 12), b[1] = (char)(0x80 | ((u >> 6) & 63));
            b[2] = (char)(0x80 | (u & 63)), n = 3;
        } else {
            b[0] = (char)(0xF0 | u >> 18), b[1] = (char)(0x80 | ((u >> 12) & 63));
            b[2] = (char)(0x80 | ((u >> 6) & 63)), b[3] = (char)(0x80 | (u & 63)), n = 4;
        }
        ssd__text_raw(&t, b, n);
    }
    r->p++;
    if (!t.p)
        ssd__text_raw(&t, "", 0);
    /* Every key and string holds its own bytes, not the text buffer's 4 KiB
     * start: a results.json of a few thousand strings cost 0.8 MB a step. */
    size_t len = t.len;
    *out = ssd__text_take(&t);
    char *fit = *out ? realloc(*out, len + 1) : NULL;
    if (fit)
        *out = fit;
    return *out ? r->rc : oom(r);
}

static int value(struct reader *r, struct ssd__jv *v, int depth);

/* Room for member or element v->n: the keys first, so that *cap (the
 * items') never promises keys that are not there. */
static int push(struct reader *r, struct ssd__jv *v, size_t *cap) {
    if (v->n < *cap)
        return 0;
    size_t keys_cap = *cap;
    if ((v->type == SSD__JOBJ && ssd__grow(&v->keys, v->n, &keys_cap, sizeof *v->keys, 8)) ||
        ssd__grow(&v->items, v->n, cap, sizeof *v->items, 8))
        return oom(r);
    return 0;
}

static int container(struct reader *r, struct ssd__jv *v, int depth) {
    int obj = *r->p == '{';
    char close = obj ? '}' : ']';
    v->type = obj ? SSD__JOBJ : SSD__JARR;
    size_t cap = 0;
    r->p++;
    ws(r);
    if (*r->p == close) {
        r->p++;
        return 0;
    }
    for (;;) {
        if (push(r, v, &cap))
            return r->rc;
        char *key = NULL;
        if (obj) {
            ws(r);
            if (*r->p != '"')
                return fail(r, "expected a string key");
            if (string(r, &key))
                return r->rc;
            ws(r);
            if (*r->p != ':') {
                free(key);
                return fail(r, "expected ':'");
            }
            r->p++;
            v->keys[v->n] = key;
        }
        memset(&v->items[v->n], 0, sizeof v->items[v->n]);
        v->n++;
        if (value(r, &v->items[v->n - 1], depth + 1))
            return r->rc;
        ws(r);
        if (*r->p == ',') {
            r->p++;
            continue;
        }
        if (*r->p == close) {
            r->p++;
            return 0;
        }
        return fail(r, obj ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int value(struct reader *r, struct ssd__jv *v, int depth) {
    if (depth > MAX_DEPTH)
        return fail(r, "nested too deeply");
    ws(r);
    char c = *r->p;
    if (c == '{' || c == '[')
        return container(r, v, depth);
    if (c == '"') {
        v->type = SSD__JSTR;
        return string(r, &v->str);
    }
    static const struct {
        const char *word;
        int type;
    } words[] = {{"null", SSD__JNULL}, {"true", SSD__JTRUE}, {"false", SSD__JFALSE}};
    for (size_t i = 0; i < 3; i++) {
        size_t n = strlen(words[i].word);
        if (!strncmp(r->p, words[i].word, n)) {
            v->type = words[i].type;
            r->p += n;
            return 0;
        }
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        char *end;
        v->num = strtod(r->p, &end);
        if (end == r->p || !isfinite(v->num))
            return fail(r, "bad number");
        v->type = SSD__JNUM;
        if (r->exact && !(v->str = strndup(r->p, (size_t)(end - r->p))))
            return oom(r);
        r->p = end;
        return 0;
    }
    return fail(r, c ? "unexpected character" : "unexpected end");
}

static int parse(const char *text, struct ssd__jv *out, char *err, size_t errlen, int exact) {
    struct reader r = {text, text, err, errlen, 0, exact};
    memset(out, 0, sizeof *out);
    if (!value(&r, out, 0)) {
        ws(&r);
        if (*r.p)
            fail(&r, "text after the value");
    }
    if (r.rc)
        ssd__jv_free(out);
    return r.rc;
}

int ssd__jr_parse(const char *text, struct ssd__jv *out, char *err, size_t errlen) {
    return parse(text, out, err, errlen, 0);
}

int ssd__jr_parse_exact(const char *text, struct ssd__jv *out, char *err, size_t errlen) {
    return parse(text, out, err, errlen, 1);
}

void ssd__jv_free(struct ssd__jv *v) {
    if (!v)
        return;
    for (size_t i = 0; i < v->n; i++) {
        if (v->keys)
            free(v->keys[i]);
        ssd__jv_free(&v->items[i]);
    }
    free(v->keys);
    free(v->items);
    free(v->str);
    memset(v, 0, sizeof *v);
}

const struct ssd__jv *ssd__jv_get(const struct ssd__jv *v, const char *key) {
    if (!v || v->type != SSD__JOBJ)
        return NULL;
    for (size_t i = 0; i < v->n; i++)
        if (!strcmp(v->keys[i], key))
            return &v->items[i];
    return NULL;
}

double ssd__jv_num(const struct ssd__jv *v, const char *key, double fallback) {
    const struct ssd__jv *m = ssd__jv_get(v, key);
    return m && m->type == SSD__JNUM ? m->num : fallback;
}

const char *ssd__jv_str(const struct ssd__jv *v, const char *key) {
    const struct ssd__jv *m = ssd__jv_get(v, key);
    return m && m->type == SSD__JSTR ? m->str : NULL;
}

int ssd__jv_true(const struct ssd__jv *v, const char *key) {
    const struct ssd__jv *m = ssd__jv_get(v, key);
    return m && m->type == SSD__JTRUE;
}

static void put(struct ssd__jw *w, const struct ssd__jv *v) {
    switch (v->type) {
    case SSD__JNULL:
        ssd__jw_null(w);
        break;
    case SSD__JTRUE:
    case SSD__JFALSE:
        ssd__jw_bool(w, v->type == SSD__JTRUE);
        break;
    case SSD__JNUM:
        ssd__jw_num(w, v->num);
        break;
    case SSD__JSTR:
        ssd__jw_str(w, v->str);
        break;
    default:
        (v->type == SSD__JOBJ ? ssd__jw_begin_object : ssd__jw_begin_array)(w);
        for (size_t i = 0; i < v->n; i++) {
            if (v->type == SSD__JOBJ)
                ssd__jw_key(w, v->keys[i]);
            put(w, &v->items[i]);
        }
        (v->type == SSD__JOBJ ? ssd__jw_end_object : ssd__jw_end_array)(w);
    }
}

char *ssd__jv_json(const struct ssd__jv *v) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    put(&w, v);
    char *out = NULL;
    ssd__jw_finish(&w, &out);
    return out;
}

static int leaves(const struct ssd__jv *v, char *path, size_t len,
                  int (*fn)(void *user, const char *key, const struct ssd__jv *m), void *user) {
    size_t at = strlen(path);
    for (size_t i = 0; v->type == SSD__JOBJ && i < v->n; i++) {
        const struct ssd__jv *m = &v->items[i];
        int rc = 0;
        if (snprintf(path + at, len - at, "%s%s", at ? "." : "", v->keys[i]) < (int)(len - at))
            rc = m->type == SSD__JOBJ ? leaves(m, path, len, fn, user) : fn(user, path, m);
        path[at] = 0;
        if (rc)
            return rc;
    }
    return 0;
}

int ssd__jv_leaves(const struct ssd__jv *v,
                   int (*fn)(void *user, const char *key, const struct ssd__jv *m), void *user) {
    char path[512] = "";
    return leaves(v, path, sizeof path, fn, user);
}
