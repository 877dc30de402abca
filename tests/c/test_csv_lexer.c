/* The readers' lexer: the number parser (ssd__parse_number) against strtod, the
 * parser it replaces: the same fields accepted and refused, the same double
 * to the bit, on what the writers produce and on what they never do. */
#include <criterion/criterion.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "series_readers.h"

#define TEST_NOISE_SEED 88172645463325252ULL
#include "test_noise.h"

/* What the reader accepted before: strtod over the whole (trimmed) field,
 * finite, no ERANGE. */
static int reference(const char *text, double *v) {
    if (!*text)
        return -1;
    char *end;
    errno = 0;
    *v = strtod(text, &end);
    return (*end || errno == ERANGE || !isfinite(*v)) ? -1 : 0;
}

static unsigned checked;

/* Parses text as a field followed by more of its row (",7\n"), as a reader
 * sees it, and compares with strtod; the row must be left as it was. */
static void same_as_strtod(const char *text) {
    char row[600];
    size_t n = strlen(text);
    cr_assert_lt(n + 4, sizeof row);
    memcpy(row, text, n);
    memcpy(row + n, ",7\n", 4);
    double want = 0, got = 0;
    int want_rc = reference(text, &want);
    int got_rc = ssd__parse_number(row, row + n, row + n + 4, &got);
    cr_assert_eq(got_rc, want_rc, "'%s': parser says %d, strtod %d", text, got_rc, want_rc);
    if (want_rc == 0)
        cr_assert(memcmp(&got, &want, sizeof got) == 0, "'%s': %.17g, strtod %.17g", text, got,
                  want);
    cr_assert(memcmp(row + n, ",7\n", 4) == 0, "'%s': the row after the field changed", text);
    /* At the very end of a buffer (the last field of a file without a
     * final newline): nothing past the NUL is read (ASan builds check). */
    char *tail = malloc(n + 1);
    cr_assert_not_null(tail);
    memcpy(tail, text, n + 1);
    got_rc = ssd__parse_number(tail, tail + n, tail + n + 1, &got);
    cr_assert_eq(got_rc, want_rc, "'%s' at the buffer end: parser says %d, strtod %d", text, got_rc,
                 want_rc);
    if (want_rc == 0)
        cr_assert(memcmp(&got, &want, sizeof got) == 0, "'%s' at the end: %.17g, strtod %.17g",
                  text, got, want);
    free(tail);
    checked++;
}

Test(csv_lexer, same_as_strtod_on_what_the_writers_write) {
    char text[64];
    for (int i = 0; i < 200000; i++) {
        uint64_t r = next_u64();
        /* t_s (%.6f up to a century), bytes (integers), latencies (%.3f) */
        double t = (double)(r % 3200000000000000ULL) / 1e6;
        snprintf(text, sizeof text, "%.6f", t);
        same_as_strtod(text);
        snprintf(text, sizeof text, "%llu", (unsigned long long)(next_u64() >> (r % 64)));
        same_as_strtod(text);
        snprintf(text, sizeof text, "%.3f", (double)(next_u64() % 100000000000ULL) / 1e3);
        same_as_strtod(text);
    }
}

/* Under ASan/UBSan (the test command's sanitizer lane) a tenth of the
 * doubles: the lane looks for memory and undefined-behaviour errors, which
 * the same code paths show on 140,000 parses as on 1.4 million; the -O2
 * build's ctest compares all of them with strtod. */
#if defined(__SANITIZE_ADDRESS__)
#define RANDOM_DOUBLES 10000
#else
#define RANDOM_DOUBLES 100000
#endif

Test(csv_lexer, same_as_strtod_on_random_doubles_in_every_notation) {
    static const char *const fmt[] = {"%.17g", "%.16g", "%.15g", "%.9g",  "%.3g",  "%.20e",
                                      "%.6e",  "%.1f",  "%.8f",  "%.12f", "%.25f", "%a"};
    char text[512];
    for (int i = 0; i < RANDOM_DOUBLES; i++) {
        uint64_t bits = next_u64();
        double v;
        memcpy(&v, &bits, sizeof v);
        if (!isfinite(v) || fabs(v) > 1e200)
            v = (double)(int64_t)next_u64() / (double)(next_u64() % 1000000 + 1);
        for (size_t f = 0; f < sizeof fmt / sizeof *fmt; f++) {
            snprintf(text, sizeof text, fmt[f], v);
            same_as_strtod(text);
        }
        /* a decimal scaled by every power of ten near the exact range */
        int e = (int)(next_u64() % 61) - 30;
        snprintf(text, sizeof text, "%llde%d",
                 (long long)(next_u64() % 100000000000LL) - 50000000000LL, e);
        same_as_strtod(text);
        snprintf(text, sizeof text, "%.*fE%+d", (int)(next_u64() % 20), v / 1e10, e);
        same_as_strtod(text);
    }
}

Test(csv_lexer, same_as_strtod_on_edges) {
    static const char *const edge[] = {"0",
                                       "-0",
                                       "+0",
                                       "0.0",
                                       "-0.000",
                                       "00000000000000000000000000000001",
                                       "1.",
                                       ".5",
                                       "-.5",
                                       "+.5e-3",
                                       ".",
                                       "-",
                                       "+",
                                       "",
                                       "e5",
                                       ".e5",
                                       "1e",
                                       "1e+",
                                       "1e-",
                                       "1E5",
                                       "1e22",
                                       "1e23",
                                       "1e-22",
                                       "1e-23",
                                       "9007199254740992",
                                       "9007199254740993",
                                       "9007199254740993e-5",
                                       "18446744073709551615",
                                       "18446744073709551616",
                                       "9999999999999999999",
                                       "99999999999999999999",
                                       "1234567890123456789e-22",
                                       "0.1",
                                       "0.2",
                                       "0.3",
                                       "2.2250738585072011e-308",
                                       "2.2250738585072014e-308",
                                       "4.9e-324",
                                       "2.4703282292062327e-324",
                                       "1e-400",
                                       "1.7976931348623157e308",
                                       "1.7976931348623159e308",
                                       "1e309",
                                       "-1e309",
                                       "1e99999",
                                       "1e-99999",
                                       "0e99999",
                                       "1e000000000000000000001",
                                       "inf",
                                       "-inf",
                                       "INF",
                                       "infinity",
                                       "nan",
                                       "NaN",
                                       "nan(1)",
                                       "0x10",
                                       "0x1p3",
                                       "0X1.8P1",
                                       "1,5",
                                       "1 5",
                                       "1.2.3",
                                       "--1",
                                       "+-1",
                                       "1e5.5",
                                       "1e+5e",
                                       "12abc",
                                       "1.5x",
                                       "\t1",
                                       "1\t",
                                       "\"1\"",
                                       "0.000000000000000000000000000001",
                                       "1.000000000000000000000000000000",
                                       "123456789012345678.9",
                                       "4503599627370496.5",
                                       "4503599627370497.5",
                                       "0.1e-22",
                                       "10e21",
                                       "100000000000000000000000e-2"};
    for (size_t i = 0; i < sizeof edge / sizeof *edge; i++)
        same_as_strtod(edge[i]);
}

Test(csv_lexer, same_as_strtod_on_long_digit_strings) {
    char text[400];
    for (int i = 0; i < 20000; i++) {
        size_t n = 1 + next_u64() % 350, k = 0;
        if (next_u64() & 1)
            text[k++] = '-';
        size_t dot = next_u64() % (n + 1);
        for (size_t j = 0; j < n; j++) {
            if (j == dot)
                text[k++] = '.';
            text[k++] = (char)('0' + (next_u64() % 10 < 3 ? 0 : next_u64() % 10));
        }
        if (next_u64() % 3 == 0)
            k += (size_t)snprintf(text + k, sizeof text - k, "e%d", (int)(next_u64() % 800) - 400);
        text[k] = '\0';
        same_as_strtod(text);
    }
    cr_log_info("%u fields compared with strtod", checked);
}

/* A field the fallback hands to strtod must not run into the next field:
 * "1e" then ",5" is not 1e5. */
Test(csv_lexer, fallback_stops_at_the_field_end) {
    char row[] = "1e,5\n";
    double v;
    cr_assert_eq(ssd__parse_number(row, row + 2, row + sizeof row, &v), -1);
    char row2[] = "0x1,8\n";
    cr_assert_eq(ssd__parse_number(row2, row2 + 3, row2 + sizeof row2, &v), 0);
    cr_assert_eq(v, 1.0);
    cr_assert_str_eq(row2, "0x1,8\n");
}

/* The readers reserve one row per line counted: a count short by one
 * would write past the arrays. Every length and alignment around the
 * 16-byte blocks and the 255-block sums, against a byte-by-byte count. */
Test(csv_lexer, line_count_is_exact) {
    size_t len = 16 * 255 * 3 + 40;
    char *buf = malloc(len + 1);
    cr_assert_not_null(buf);
    for (int density = 1; density <= 64; density *= 4) {
        for (size_t i = 0; i < len; i++)
            buf[i] = next_u64() % (size_t)density == 0 ? '\n' : 'x';
        buf[len] = '\0';
        for (size_t start = 0; start < 17; start++)
            for (size_t n = 0; n + start <= len; n += 1 + n / 7) {
                size_t want = 1;
                for (size_t i = start; i < start + n; i++)
                    want += buf[i] == '\n';
                cr_assert_eq(ssd__count_lines(buf + start, n), want, "start %zu, %zu bytes", start,
                             n);
            }
    }
    free(buf);
}

/* The one digit scanner (ssd__digit_run) both number parsers use: every
 * run length from 0 to 20 digits at every alignment, ended by a
 * non-digit, by the field's end (more digits past it, inside the buffer)
 * or by the buffer's end, gives the digits' count and value as a
 * byte-by-byte loop does, and stops where it does. */
Test(csv_lexer, digit_run_equals_a_byte_loop) {
    char buf[64];
    for (size_t len = 0; len <= 20; len++)
        for (size_t off = 0; off < 8; off++)
            for (int stop = 0; stop < 3; stop++) {
                memset(buf, '7', sizeof buf);
                for (size_t i = 0; i < len; i++)
                    buf[off + i] = (char)('0' + (i * 7 + off) % 10);
                const char *p = buf + off, *end, *limit = buf + sizeof buf;
                if (stop == 0) {
                    buf[off + len] = ',';
                    end = limit;
                } else if (stop == 1) {
                    end = buf + off + len; /* '7's follow, inside the buffer */
                } else {
                    end = limit = buf + off + len;
                }
                uint64_t want = 0;
                size_t nwant = 0;
                for (const char *q = p; q < end && *q >= '0' && *q <= '9'; q++, nwant++)
                    want = want * 10 + (uint64_t)(*q - '0');
                uint64_t m = 0;
                size_t n = ssd__digit_run(&p, end, limit, &m);
                cr_assert_eq(n, nwant, "len %zu off %zu stop %d", len, off, stop);
                cr_assert_eq(m, want, "len %zu off %zu stop %d", len, off, stop);
                cr_assert_eq(p, buf + off + nwant);
            }
}

/* The text check and line count in one pass (ssd__scan_text): the first
 * NUL wherever it lies (in the first 16 bytes, past a run of 255 blocks,
 * in the tail, none) and the newlines before it, as a byte loop finds
 * them; ssd__count_lines counts past NULs. */
Test(csv_lexer, scan_text_finds_the_first_nul_and_counts_before_it) {
    size_t len = 16 * 255 * 2 + 40;
    char *buf = malloc(len);
    cr_assert_not_null(buf);
    static const size_t at[] = {0, 1, 15, 16, 17, 4079, 4080, 4081, 5000, 16 * 255 * 2 + 39};
    for (size_t k = 0; k <= sizeof at / sizeof *at; k++) {
        for (size_t i = 0; i < len; i++)
            buf[i] = next_u64() % 5 == 0 ? '\n' : 'x';
        if (k < sizeof at / sizeof *at) {
            buf[at[k]] = '\0';
            buf[len - 1 - (at[k] % 3)] = '\0'; /* a later one (or the same) */
        }
        size_t want = 0, lines = 0;
        const char *first = NULL;
        for (size_t i = 0; i < len && !first; i++) {
            if (!buf[i])
                first = buf + i;
            else
                want += buf[i] == '\n';
        }
        size_t newlines = 7; /* added to */
        cr_assert_eq(ssd__scan_text(buf, len, &newlines), first, "case %zu", k);
        cr_assert_eq(newlines, 7 + want, "case %zu", k);
        for (size_t i = 0; i < len; i++)
            lines += buf[i] == '\n';
        cr_assert_eq(ssd__count_lines(buf, len), lines + 1, "case %zu", k);
    }
    free(buf);
}
