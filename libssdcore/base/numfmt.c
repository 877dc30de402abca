/* numfmt.c - shortest round-trip formatting of doubles, and their order. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"

const char *ssd__fmt_json_number(char buf[SSD__NUM_BUF], double v) {
    if (!isfinite(v)) {
        memcpy(buf, "null", 5);
        return buf;
    }
    /* A whole number below 1e15 (byte counts, IOs, sizes: most of a
     * results.json's numbers) is what "%.15g" writes, its digits, and reads
     * back exactly: written here without snprintf and strtod, which were
     * 18 % of `compare` (every results.json is read and written again).
     * -0 goes the long way ("-0"). */
    if (fabs(v) < 1e15 && v == floor(v) && !(v == 0 && signbit(v))) {
        long long n = (long long)v;
        unsigned long long u = n < 0 ? 0ull - (unsigned long long)n : (unsigned long long)n;
        char digits[20], *p = buf;
        int k = 0;
        do
            digits[k++] = (char)('0' + u % 10);
        while (u /= 10);
        if (n < 0)
            *p++ = '-';
        while (k)
            *p++ = digits[--k];
        *p = 0;
        return buf;
    }
    /* 15 significant digits always survive a round trip through decimal;
     * try those first and widen only when the value needs more. */
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(buf, SSD__NUM_BUF, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    return buf;
}

static const double powers_of_10[] = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};

/* Writes k / 10^digits with its digits after the point; returns the length. */
static int put_scaled(char buf[SSD__NUM_BUF], uint64_t k, int digits) {
    char rev[24];
    int n = 0;
    do
        rev[n++] = (char)('0' + k % 10);
    while ((k /= 10) || n <= digits); /* a 0 before the point */
    int len = 0;
    while (n) {
        if (n == digits)
            buf[len++] = '.';
        buf[len++] = rev[--n];
    }
    buf[len] = 0;
    return len;
}

int ssd__fmt_fixed(char buf[SSD__NUM_BUF], double v, int digits) {
    if (digits < 0 || digits > 9 || !(v >= 0) || signbit(v))
        return 0; /* (negative, -0, NaN: printf's own way) */
    double scaled = v * powers_of_10[digits];
    if (!(scaled < 1125899906842624.0)) /* 2^50 */
        return 0;
    uint64_t k = (uint64_t)llround(scaled);
    /* v is k / 10^digits correctly rounded: it lies within half an ulp
     * (below 10^-digits / 4 here) of that decimal, so printf rounds v to
     * it, and strtod of it gives v again. */
    if ((double)k / powers_of_10[digits] != v)
        return 0;
    return put_scaled(buf, k, digits);
}

int ssd__fmt_fixed_rounded(char buf[SSD__NUM_BUF], double v, int digits) {
    if (digits < 0 || digits > 9 || !(v >= 0) || signbit(v))
        return 0;
    /* Rounding is monotonic and k + 1/2 is a double (below 2^50): when the
     * double v * 10^digits lies above k + 1/2, so does the exact product,
     * and below, below. So the exact product rounds to the same whole
     * number as the double, and printf (which rounds the exact binary
     * value) writes its digits. A double exactly at k + 1/2: printf's way
     * (the exact product may lie either side). */
    double scaled = v * powers_of_10[digits];
    if (!(scaled < 1125899906842624.0)) /* 2^50 */
        return 0;
    double whole = floor(scaled), frac = scaled - whole; /* both exact */
    if (frac == 0.5)
        return 0;
    uint64_t k = (uint64_t)whole + (frac > 0.5);
    return put_scaled(buf, k, digits);
}

int ssd__utf8_len(const unsigned char *p) {
    unsigned c = p[0], min;
    int n;
    if (c < 0x80)
        return 1;
    if ((c & 0xE0) == 0xC0)
        n = 2, min = 0x80, c &= 0x1F;
    else if ((c & 0xF0) == 0xE0)
        n = 3, min = 0x800, c &= 0x0F;
    else if ((c & 0xF8) == 0xF0)
        n = 4, min = 0x10000, c &= 0x07;
    else
        return 0;
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80) /* also stops at the terminating NUL */
            return 0;
        c = c << 6 | (p[i] & 0x3F);
    }
    return c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF) ? 0 : n;
}

int ssd__cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

const char *ssd__fmt_size(char buf[SSD__NUM_BUF], double bytes) {
    static const char *const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double a = fabs(bytes), v = bytes;
    int u = -1;
    while (a >= 1024 && u < 5) {
        a /= 1024, v /= 1024;
        u++;
    }
    if (u < 0)
        snprintf(buf, SSD__NUM_BUF, "%.15g B", bytes);
    else if (v == floor(v))
        snprintf(buf, SSD__NUM_BUF, "%.0f %s", v, units[u]);
    else
        snprintf(buf, SSD__NUM_BUF, "%.2f %s", v, units[u]);
    return buf;
}

const char *ssd__fmt_size_exact(char buf[SSD__NUM_BUF], uint64_t bytes) {
    /* Largest first; 1e15 (PB) lies between 2^40 (t) and 2^50 (p). */
    static const struct {
        uint64_t unit;
        const char *name;
    } units[] = {{1ULL << 50, "p"},        {1000000000000000ULL, "PB"}, {1ULL << 40, "t"},
                 {1000000000000ULL, "TB"}, {1ULL << 30, "g"},           {1000000000ULL, "GB"},
                 {1ULL << 20, "m"},        {1000000ULL, "MB"},          {1ULL << 10, "k"},
                 {1000ULL, "KB"}};
    for (size_t i = 0; bytes && i < sizeof units / sizeof units[0]; i++)
        if (bytes % units[i].unit == 0) {
            snprintf(buf, SSD__NUM_BUF, "%llu%s", (unsigned long long)(bytes / units[i].unit),
                     units[i].name);
            return buf;
        }
    snprintf(buf, SSD__NUM_BUF, "%llu", (unsigned long long)bytes);
    return buf;
}

int ssd__ends_with(const char *s, const char *suffix) {
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}
