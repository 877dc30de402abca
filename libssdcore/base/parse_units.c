/* parse_units.c - human sizes and durations, as users type them. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ssdcore/base.h"

static int parse_number(const char *text, double *value, const char **rest) {
    if (!text)
        return SSD_EINVAL;
    while (isspace((unsigned char)*text))
        text++;
    if (*text == '-' || *text == '+' || *text == '\0')
        return SSD_EINVAL;
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || errno == ERANGE || !isfinite(v))
        return SSD_EINVAL;
    /* strtod accepts hex floats and "inf"; sizes are plain decimals, with
     * an exponent if need be (240e9: a drive's decimal capacity). */
    for (const char *p = text; p < end; p++)
        if (!isdigit((unsigned char)*p) && !strchr(".eE+-", *p))
            return SSD_EINVAL;
    *value = v;
    *rest = end;
    return 0;
}

int ssd_parse_size(const char *text, uint64_t *out) {
    double v;
    const char *s;
    int rc = parse_number(text, &v, &s);
    if (rc)
        return rc;
    /* k m g t p alone or with "i" ("4k", "4KiB"): binary, as fio reads them;
     * with a capital B and no "i" ("4KB", "4kB", "240GB"): decimal, as drives
     * are sold; a small b after a unit ("4kb", "8Gb") could be bits or either
     * of those, so it is refused. B or b alone: bytes. */
    static const char units[] = "kmgtp";
    double mult = 1;
    if (*s) {
        const char *u = strchr(units, tolower((unsigned char)*s));
        if (u) {
            int power = (int)(u - units + 1);
            s++;
            if (*s == 'i' || *s == 'I') {
                mult = ldexp(1.0, 10 * power);
                s++;
                if (*s == 'b' || *s == 'B')
                    s++;
            } else if (*s == 'B') {
                mult = pow(1000.0, power);
                s++;
            } else if (*s == 'b') {
                return SSD_EINVAL;
            } else {
                mult = ldexp(1.0, 10 * power);
            }
        } else if (*s == 'b' || *s == 'B') {
            s++;
        }
    }
    while (isspace((unsigned char)*s))
        s++;
    if (*s)
        return SSD_EINVAL;
    double bytes = v * mult;
    if (bytes >= 9223372036854775808.0)
        return SSD_ERANGE;
    if (bytes != floor(bytes))
        return SSD_EINVAL;
    *out = (uint64_t)bytes;
    return 0;
}

size_t ssd_size_refusal(const char *text, char *buf, size_t n) {
    double v;
    const char *s = NULL;
    static const char units[] = "kmgtp";
    const char *u = NULL;
    if (text && !parse_number(text, &v, &s) && *s &&
        (u = strchr(units, tolower((unsigned char)*s))) && s[1] == 'b') {
        const char *rest = s + 2;
        while (isspace((unsigned char)*rest))
            rest++;
        if (!*rest) {
            /* "4kb", "8Gb": bits, or bytes binary or decimal? Say so, and
             * how to write each (docs/options.md#sizes). */
            const char *num = text;
            while (isspace((unsigned char)*num))
                num++;
            int len = (int)(s - num);
            char up = (char)toupper((unsigned char)*u);
            return (size_t)snprintf(buf, n,
                                    "'%s' is ambiguous (a small b could be bits): write %.*s%ciB "
                                    "for binary (= %.*s%c) or %.*s%cB for decimal bytes",
                                    text, len, num, up, len, num, *u, len, num,
                                    *u == 'k' ? 'k' : up);
        }
    }
    return (size_t)snprintf(buf, n, "'%s' is not a size (" SSD_SIZE_EXAMPLES ")", text ? text : "");
}

int ssd_parse_duration(const char *text, double *out_s) {
    double v;
    const char *s;
    int rc = parse_number(text, &v, &s);
    if (rc)
        return rc;
    double mult = 1;
    if (strncasecmp(s, "ms", 2) == 0) {
        mult = 1e-3;
        s += 2;
    } else if (*s == 's' || *s == 'S') {
        s++;
    } else if (*s == 'm' || *s == 'M') {
        mult = 60;
        s++;
    } else if (*s == 'h' || *s == 'H') {
        mult = 3600;
        s++;
    }
    if (*s)
        return SSD_EINVAL;
    if (v * mult > 1e9)
        return SSD_ERANGE;
    *out_s = v * mult;
    return 0;
}
