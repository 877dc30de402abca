/* text.c - the growable text buffer results, reports and messages are built in. */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ssdcore/base.h"
#include "text.h"
#include "numfmt.h"

static int reserve(struct ssd__text *t, size_t extra) {
    if (t->oom)
        return -1;
    if (t->len + extra < t->cap)
        return 0;
    size_t cap = t->cap ? t->cap : 4096;
    while (cap <= t->len + extra)
        cap *= 2;
    char *q = realloc(t->p, cap);
    if (!q) {
        t->oom = 1;
        return -1;
    }
    t->p = q;
    t->cap = cap;
    return 0;
}

void ssd__text_add(struct ssd__text *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        t->oom = 1;
        return;
    }
    if (reserve(t, (size_t)n + 1))
        return;
    if ((size_t)n < sizeof small) {
        memcpy(t->p + t->len, small, (size_t)n + 1);
    } else {
        va_start(ap, fmt);
        vsnprintf(t->p + t->len, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    t->len += (size_t)n;
}

void ssd__text_raw(struct ssd__text *t, const char *s, size_t n) {
    if (reserve(t, n + 1))
        return;
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = 0;
}

void ssd__text_html(struct ssd__text *t, const char *s) {
    for (; s && *s; s++) {
        if ((unsigned char)*s >= 0x80) {
            /* A path is bytes: one that is not UTF-8 (a 0xFF byte) made the
             * whole page malformed. Each bad byte shows as U+FFFD. */
            int n = ssd__utf8_len((const unsigned char *)s);
            if (n)
                ssd__text_raw(t, s, (size_t)n);
            else
                ssd__text_raw(t, "\xef\xbf\xbd", 3);
            s += n ? n - 1 : 0;
            continue;
        }
        switch (*s) {
        case '&':
            ssd__text_raw(t, "&amp;", 5);
            break;
        case '<':
            ssd__text_raw(t, "&lt;", 4);
            break;
        case '>':
            ssd__text_raw(t, "&gt;", 4);
            break;
        case '"':
            ssd__text_raw(t, "&quot;", 6);
            break;
        default:
            /* Control characters are not allowed in XML 1.0. */
            if ((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t')
                ssd__text_raw(t, "?", 1);
            else
                ssd__text_raw(t, s, 1);
        }
    }
}

size_t ssd_printable(const char *text, char *out) {
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        int n = *p < 0x20 || *p == 0x7f || (*p == 0xc2 && p[1] < 0xa0) ? 0 : ssd__utf8_len(p);
        if (n && out)
            memcpy(out + k, p, (size_t)n);
        else if (out)
            snprintf(out + k, 5, "\\x%02x", *p);
        k += n ? (size_t)n : 4;
        p += n ? n : 1;
    }
    if (out)
        out[k] = '\0';
    return k;
}

char *ssd__text_take(struct ssd__text *t) {
    char *p = NULL;
    if (!t->oom && !reserve(t, 1)) {
        t->p[t->len] = 0;
        p = t->p;
    } else {
        free(t->p);
    }
    memset(t, 0, sizeof *t);
    return p;
}

void ssd__text_free(struct ssd__text *t) {
    free(t->p);
    memset(t, 0, sizeof *t);
}
