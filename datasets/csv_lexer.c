/* csv_lexer.c - the line cursor and CSV field splitter every text reader
 * uses. Kept apart from the format dispatcher (series_open.c) so the readers
 * depend on the lexer, and the dispatcher on the readers, one way only. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "series_readers.h"

char *ssd__lines_next(struct ssd__lines *it, int *had_newline) {
    if (it->p >= it->end)
        return NULL;
    char *line = it->p;
    char *nl = memchr(it->p, '\n', (size_t)(it->end - it->p));
    it->lineno++;
    if (nl) {
        *nl = '\0';
        if (nl > line && nl[-1] == '\r')
            nl[-1] = '\0';
        it->p = nl + 1;
        *had_newline = 1;
    } else {
        it->p = it->end;
        *had_newline = 0;
    }
    return line;
}

static char *trim(char *f) {
    while (*f == ' ' || *f == '\t')
        f++;
    char *e = f + strlen(f);
    while (e > f && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        *--e = '\0';
    /* "t_s","bytes": a CSV writer that quotes every field. */
    if (e - f >= 2 && *f == '"' && e[-1] == '"') {
        *--e = '\0';
        return trim(f + 1);
    }
    return f;
}

size_t ssd__split_csv(char *line, char **fields, size_t max) {
    size_t n = 0;
    char *p = line;
    for (;;) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (n < max)
            fields[n] = trim(p);
        n++;
        if (!comma)
            break;
        p = comma + 1;
    }
    return n;
}

int ssd__parse_double(const char *field, double *out) {
    if (!*field)
        return -1;
    char *end;
    errno = 0;
    double v = strtod(field, &end);
    if (*end || errno == ERANGE || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}
