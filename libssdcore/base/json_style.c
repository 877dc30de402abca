/* json_style.c - re-indents a finished JSON document, so producers that
 * write one style (the job and suite results, the sim truth, filebench,
 * fio results) honour SSD_JSON_PRETTY without a second writer. */
#include <stdlib.h>
#include <string.h>

#include "json_style.h"
#include "ssdcore/base.h"

int ssd__json_flags_ok(int flags) {
    return (flags & ~SSD_JSON_PRETTY) == 0;
}

static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
        p++;
    return p;
}

struct sink {
    char *out; /* NULL: only count */
    size_t n;
};

static void put(struct sink *k, char c) {
    if (k->out)
        k->out[k->n] = c;
    k->n++;
}

static void newline(struct sink *k, int depth) {
    put(k, '\n');
    for (int i = 0; i < 2 * depth; i++)
        put(k, ' ');
}

/* Writes the pretty form of text into out (NULL: only counts) and returns
 * its length. Strings are copied byte for byte. */
static size_t pretty(const char *text, char *out) {
    struct sink k = {out, 0};
    int depth = 0;
    for (const char *p = skip_space(text); *p; p = skip_space(p)) {
        char c = *p++;
        if (c == '}' || c == ']')
            newline(&k, --depth);
        put(&k, c);
        if (c == '"') {
            for (; *p && *p != '"'; p++) {
                if (*p == '\\' && p[1])
                    put(&k, *p++);
                put(&k, *p);
            }
            if (*p)
                put(&k, *p++);
        } else if (c == '{' || c == '[') {
            depth++;
            if (*skip_space(p) != (c == '{' ? '}' : ']'))
                newline(&k, depth);
        } else if (c == ',') {
            newline(&k, depth);
        } else if (c == ':') {
            put(&k, ' ');
        }
    }
    return k.n;
}

int ssd__json_restyle(char *text, int flags, char **out) {
    *out = NULL;
    if (!text)
        return SSD_ENOMEM;
    if (!(flags & SSD_JSON_PRETTY)) {
        *out = text;
        return 0;
    }
    size_t n = pretty(text, NULL);
    char *p = malloc(n + 1);
    if (p) {
        pretty(text, p);
        p[n] = '\0';
    }
    free(text);
    *out = p;
    return p ? 0 : SSD_ENOMEM;
}
