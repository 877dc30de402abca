/* json_dom.c - a strict little recursive-descent JSON parser with a depth
 * limit, so hostile input can neither recurse deeply nor run forever. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "json_dom.h"

#define MAX_DEPTH 64

struct jp {
    struct ssd__jdoc *d;
    const char *p, *end, *start;
};

static int jfail(struct jp *j, const char *msg) {
    if (!j->d->err) {
        j->d->err = msg;
        size_t line = 1;
        for (const char *q = j->start; q < j->p && q < j->end; q++)
            line += *q == '\n';
        j->d->err_line = line;
    }
    return -1;
}

static void skip_ws(struct jp *j) {
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
        j->p++;
}

static long new_node(struct jp *j, enum ssd__jtype t) {
    struct ssd__jdoc *d = j->d;
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 256;
        struct ssd__jnode *nn = realloc(d->nodes, cap * sizeof *nn);
        if (!nn)
            return -2;
        d->nodes = nn;
        d->cap = cap;
    }
    struct ssd__jnode *nd = &d->nodes[d->n];
    memset(nd, 0, sizeof *nd);
    nd->type = t;
    nd->first = nd->next = -1;
    return (long)d->n++;
}

static int parse_string(struct jp *j, const char **s, size_t *len) {
    j->p++; /* opening quote */
    const char *a = j->p;
    while (j->p < j->end && *j->p != '"') {
        if ((unsigned char)*j->p < 0x20)
            return jfail(j, "control character in a string");
        if (*j->p == '\\') {
            j->p++;
            if (j->p >= j->end)
                break;
        }
        j->p++;
    }
    if (j->p >= j->end)
        return jfail(j, "unterminated string");
    *s = a;
    *len = (size_t)(j->p - a);
    j->p++;
    return 0;
}

static long parse_value(struct jp *j, int depth);

static long parse_container(struct jp *j, int depth, int obj) {
    long self = new_node(j, obj ? SSD__J_OBJ : SSD__J_ARR);
    if (self < 0)
        return self;
    j->p++;
    skip_ws(j);
    long prev = -1;
    if (j->p < j->end && *j->p == (obj ? '}' : ']')) {
        j->p++;
        return self;
    }
    for (;;) {
        const char *key = NULL;
        size_t keylen = 0;
        skip_ws(j);
        if (obj) {
            if (j->p >= j->end || *j->p != '"')
                return jfail(j, "expected a member name");
            if (parse_string(j, &key, &keylen))
                return -1;
            skip_ws(j);
            if (j->p >= j->end || *j->p != ':')
                return jfail(j, "expected ':'");
            j->p++;
        }
        long child = parse_value(j, depth + 1);
        if (child < 0)
            return child;
        j->d->nodes[child].key = key;
        j->d->nodes[child].keylen = keylen;
        if (prev < 0)
            j->d->nodes[self].first = child;
        else
            j->d->nodes[prev].next = child;
        prev = child;
        skip_ws(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            continue;
        }
        if (j->p < j->end && *j->p == (obj ? '}' : ']')) {
            j->p++;
            return self;
        }
        return jfail(j, obj ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static long parse_value(struct jp *j, int depth) {
    if (depth > MAX_DEPTH)
        return jfail(j, "nested too deeply");
    skip_ws(j);
    if (j->p >= j->end)
        return jfail(j, "unexpected end of input");
    char c = *j->p;
    if (c == '{' || c == '[')
        return parse_container(j, depth, c == '{');
    if (c == '"') {
        long n = new_node(j, SSD__J_STR);
        if (n < 0)
            return n;
        const char *s;
        size_t len;
        if (parse_string(j, &s, &len))
            return -1;
        j->d->nodes[n].str = s;
        j->d->nodes[n].strlen = len;
        return n;
    }
    static const struct {
        const char *word;
        enum ssd__jtype t;
        double v;
    } words[] = {{"true", SSD__J_BOOL, 1}, {"false", SSD__J_BOOL, 0}, {"null", SSD__J_NULL, 0}};
    for (size_t i = 0; i < 3; i++) {
        size_t wl = strlen(words[i].word);
        if ((size_t)(j->end - j->p) >= wl && !memcmp(j->p, words[i].word, wl)) {
            long n = new_node(j, words[i].t);
            if (n < 0)
                return n;
            j->d->nodes[n].num = words[i].v;
            j->p += wl;
            return n;
        }
    }
    if (c == '-' || isdigit((unsigned char)c)) {
        char buf[64];
        size_t k = 0;
        while (j->p < j->end && k < sizeof buf - 1 &&
               (isdigit((unsigned char)*j->p) || strchr("+-.eE", *j->p)))
            buf[k++] = *j->p++;
        buf[k] = '\0';
        char *e;
        double v = strtod(buf, &e);
        if (*e || k == 0)
            return jfail(j, "malformed number");
        long n = new_node(j, SSD__J_NUM);
        if (n < 0)
            return n;
        j->d->nodes[n].num = v;
        return n;
    }
    return jfail(j, "unexpected character");
}

int ssd__json_parse(struct ssd__jdoc *d, const char *text, size_t len) {
    memset(d, 0, sizeof *d);
    struct jp j = {d, text, text + len, text};
    long root = parse_value(&j, 0);
    if (root == -2)
        return -2;
    if (root < 0)
        return -1;
    skip_ws(&j);
    if (j.p != j.end)
        return jfail(&j, "trailing data after the JSON value");
    return 0;
}

void ssd__json_free(struct ssd__jdoc *d) {
    free(d->nodes);
    memset(d, 0, sizeof *d);
}

const struct ssd__jnode *ssd__json_get(const struct ssd__jdoc *d, const struct ssd__jnode *obj,
                                       const char *key) {
    if (!obj || obj->type != SSD__J_OBJ)
        return NULL;
    size_t kl = strlen(key);
    for (long c = obj->first; c >= 0; c = d->nodes[c].next) {
        const struct ssd__jnode *n = &d->nodes[c];
        if (n->keylen == kl && !memcmp(n->key, key, kl))
            return n;
    }
    return NULL;
}

double ssd__json_num(const struct ssd__jdoc *d, const struct ssd__jnode *obj, const char *key) {
    const struct ssd__jnode *n = ssd__json_get(d, obj, key);
    if (!n)
        return NAN;
    if (n->type == SSD__J_NUM)
        return n->num;
    if (n->type == SSD__J_STR && n->strlen > 0 && n->strlen < 63) {
        char buf[64];
        memcpy(buf, n->str, n->strlen);
        buf[n->strlen] = '\0';
        char *e;
        double v = strtod(buf, &e);
        return *e ? NAN : v;
    }
    return NAN;
}
