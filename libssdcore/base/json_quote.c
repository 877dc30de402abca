/* json_quote.c - a string as every ssdcore JSON writer puts it: the one
 * escaper behind jsonw.c, text.c and the public ssd_json_quote(). */
#include <stdlib.h>
#include <string.h>

#include "jsonw.h"
#include "numfmt.h"
#include "ssdcore/base.h"

static void put(char *out, size_t *n, const char *bytes, size_t len) {
    if (out)
        memcpy(out + *n, bytes, len);
    *n += len;
}

size_t ssd__json_quoted(const char *text, char *out) {
    static const char hex[] = "0123456789abcdef";
    size_t n = 0;
    put(out, &n, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\') {
            char esc[2] = {'\\', (char)*p};
            put(out, &n, esc, 2);
        } else if (*p < 0x20) {
            char esc[6] = {'\\', 'u', '0', '0', hex[*p >> 4], hex[*p & 15]};
            put(out, &n, esc, 6);
        } else if (*p >= 0x80) {
            int len = ssd__utf8_len(p);
            if (len) {
                put(out, &n, (const char *)p, (size_t)len);
                p += len - 1;
            } else {
                put(out, &n, "\\ufffd", 6);
            }
        } else {
            put(out, &n, (const char *)p, 1);
        }
    }
    put(out, &n, "\"", 1);
    return n;
}

int ssd_json_quote(const char *text, char **out) {
    if (!out)
        return SSD_EINVAL;
    *out = NULL;
    if (!text)
        return SSD_EINVAL;
    size_t len = ssd__json_quoted(text, NULL);
    char *s = malloc(len + 1);
    if (!s)
        return SSD_ENOMEM;
    ssd__json_quoted(text, s);
    s[len] = '\0';
    *out = s;
    return 0;
}
