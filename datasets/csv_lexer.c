/* csv_lexer.c - the line cursor and CSV field splitter every text reader
 * uses. Kept apart from the format dispatcher (series_open.c) so the readers
 * depend on the lexer, and the dispatcher on the readers, one way only. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

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

/* Records the comma at c as the end of a field. */
#define COMMA_AT(c)                                                                                \
    do {                                                                                           \
        if (n <= max)                                                                              \
            starts[n] = (c) + 1;                                                                   \
        n++;                                                                                       \
    } while (0)

int ssd__next_fields(struct ssd__lines *it, struct ssd__row *row, char **starts, size_t max) {
    if (it->p >= it->end)
        return 0;
    char *line = it->p, *p = line, *nl = NULL;
    size_t n = 1;
    starts[0] = line;
    it->lineno++;
#ifdef __SSE2__
    /* One pass finds the newline and the commas before it, 16 bytes at a
     * time (a series row has a comma every 8 bytes or so). */
    const __m128i comma = _mm_set1_epi8(','), newline = _mm_set1_epi8('\n');
    while (it->end - p >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
        unsigned commas = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, comma));
        unsigned newlines = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, newline));
        if (newlines)
            commas &= (1u << __builtin_ctz(newlines)) - 1;
        for (; commas; commas &= commas - 1)
            COMMA_AT(p + __builtin_ctz(commas));
        if (newlines) {
            nl = p + __builtin_ctz(newlines);
            break;
        }
        p += 16;
    }
    if (!nl)
#endif
        for (; p < it->end; p++) {
            if (*p == '\n') {
                nl = p;
                break;
            }
            if (*p == ',')
                COMMA_AT(p);
        }
    row->start = line;
    row->nfields = n;
    if (nl) {
        row->end = nl > line && nl[-1] == '\r' ? nl - 1 : nl;
        it->p = nl + 1;
        row->had_newline = 1;
    } else {
        row->end = it->end;
        it->p = it->end;
        row->had_newline = 0;
    }
    return 1;
}

/* A whole field trimmed as ssd__trim_range trims, ended there. */
static char *trim(char *f) {
    char *e = f + strlen(f);
    f = ssd__trim_range(f, &e);
    *e = '\0';
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

/* Powers of ten a double holds exactly (5^22 < 2^53). */
static const double exact_pow10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/*
 * The fast path is Clinger's: a decimal of at most 19 digits whose integer
 * m fits in 53 bits and whose exponent is within +-22 is m * 10^e or
 * m / 10^-e, one IEEE operation on two exact doubles, hence correctly
 * rounded: the double strtod returns. Every number the series and fio
 * writers produce (%.6f times, integer bytes, %.3f latencies) takes it;
 * anything else (more digits, big exponents, hex, inf, nan, garbage) is
 * handed to strtod itself, so the accepted set and the values are strtod's.
 */
int ssd__parse_number(char *p, char *end, const char *limit, double *out) {
    const char *q = p;
    int neg = 0;
    if (q < end && (*q == '-' || *q == '+'))
        neg = *q++ == '-';
    uint64_t m = 0;
    int exp10 = 0, odd = 0;
    size_t digits = ssd__digit_run(&q, end, limit, &m);
    if (q < end && *q == '.') {
        q++;
        size_t frac = ssd__digit_run(&q, end, limit, &m);
        digits += frac;
        exp10 = -(int)frac; /* frac <= 19 when the fast path is taken */
    }
    if (digits && q < end && (*q == 'e' || *q == 'E')) {
        const char *e = q + 1;
        int eneg = 0, ev = 0, edigits = 0;
        if (e < end && (*e == '-' || *e == '+'))
            eneg = *e++ == '-';
        while (e < end && (unsigned)(*e - '0') < 10 && edigits < 5) {
            ev = ev * 10 + (*e++ - '0');
            edigits++;
        }
        exp10 += eneg ? -ev : ev;
        odd = !edigits; /* "1e" or "1e+": strtod decides */
        q = e;
    }
    if (q == end && !odd && digits && digits <= 19 && m <= (UINT64_C(1) << 53) && exp10 >= -22 &&
        exp10 <= 22) {
        double v = (double)m;
        v = exp10 < 0 ? v / exact_pow10[-exp10] : v * exact_pow10[exp10];
        *out = neg ? -v : v;
        return 0;
    }
    char saved = *end;
    *end = '\0';
    int rc = ssd__parse_double(p, out);
    *end = saved;
    return rc;
}

char *ssd__trim_range(char *f, char **end) {
    char *e = *end;
    for (;;) {
        while (f < e && (*f == ' ' || *f == '\t'))
            f++;
        while (e > f && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
            e--;
        if (e - f >= 2 && *f == '"' && e[-1] == '"') {
            f++;
            e--;
            continue;
        }
        *end = e;
        return f;
    }
}

const char *ssd__scan_text(const char *buf, size_t len, size_t *newlines) {
    size_t n = 0;
    const char *p = buf, *end = buf + len;
#ifdef __SSE2__
    /* Each newline subtracts -1 from its byte lane; the lanes are summed
     * (psadbw) before any can wrap, every 255 blocks. NULs are or-ed into
     * a mask checked once a run of blocks: a run holding one is counted
     * again byte by byte, up to it. */
    const __m128i newline = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
    while (end - p >= 16) {
        __m128i lanes = zero, nuls = zero;
        const char *run = p;
        for (int i = 0; i < 255 && end - p >= 16; i++, p += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
            lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(v, newline));
            nuls = _mm_or_si128(nuls, _mm_cmpeq_epi8(v, zero));
        }
        if (_mm_movemask_epi8(nuls)) {
            p = run;
            break;
        }
        __m128i sums = _mm_sad_epu8(lanes, zero);
        n += (size_t)_mm_cvtsi128_si32(sums) + (size_t)_mm_extract_epi16(sums, 4);
    }
#endif
    for (; p < end; p++) {
        if (!*p) {
            *newlines += n;
            return p;
        }
        n += *p == '\n';
    }
    *newlines += n;
    return NULL;
}

size_t ssd__count_lines(const char *buf, size_t len) {
    size_t n = 1;
    const char *p = buf, *end = buf + len, *nul;
    while ((nul = ssd__scan_text(p, (size_t)(end - p), &n)) != NULL)
        p = nul + 1; /* not a newline: counting goes on past it */
    return n;
}
