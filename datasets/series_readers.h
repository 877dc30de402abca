/* series_readers.h - private to datasets/: the line and CSV lexer every
 * text reader uses, and the readers the format dispatcher calls. */
#ifndef SSD_SERIES_READERS_H
#define SSD_SERIES_READERS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "series_build.h"

/* A line cursor over a NUL-terminated, writable buffer: each call returns the
 * next line (NUL-terminated in place, without the newline) and its 1-based
 * number; *had_newline says whether it ended with '\n'. NULL at the end. */
struct ssd__lines {
    char *p, *end;
    size_t lineno;
};
char *ssd__lines_next(struct ssd__lines *it, int *had_newline);
/* A line found without writing into the buffer: [start, end) without its
 * newline (or the CR before one), and its field count. */
struct ssd__row {
    char *start, *end;
    size_t nfields;
    int had_newline;
};
/* The cursor's next line and its fields in one pass (no NUL written):
 * starts[i] is where field i begins, for i <= max (starts[max] gives the
 * end of field max-1: one past the comma that ends it); fields past max are
 * counted, not stored. 0 at the end. */
int ssd__next_fields(struct ssd__lines *it, struct ssd__row *row, char **starts, size_t max);
/* ssd__split_csv's trimming of one field [f, *end): blanks around it, a
 * trailing CR, then surrounding quotes. Returns the new start, sets *end. */
char *ssd__trim_range(char *f, char **end);
/* Field i of a row, trimmed as ssd__split_csv trims: the start, *end set. */
static inline char *ssd__row_field(const struct ssd__row *row, char **starts, size_t i,
                                   char **end) {
    *end = i + 1 < row->nfields ? starts[i + 1] - 1 : row->end;
    char *f = starts[i];
    /* Unquoted and unpadded, as every writer writes: nothing to trim. */
    if (f < *end && *f != ' ' && *f != '\t' && *f != '"' && (*end)[-1] != ' ' &&
        (*end)[-1] != '\t' && (*end)[-1] != '\r')
        return f;
    return ssd__trim_range(f, end);
}

/* Powers of ten up to 10^8, for runs of up to 8 digits. */
static const uint64_t ssd__pow10_u64[9] = {1,      10,      100,      1000,     10000,
                                           100000, 1000000, 10000000, 100000000};

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* The value of eight digits, one a byte as values 0-9 (ASCII less '0'),
 * the first the most significant, in three multiplies: the SWAR
 * conversion of simdjson and fast_float. */
static inline uint64_t ssd__eight_digit_values(uint64_t v) {
    v = v * 10 + (v >> 8);
    return (((v & 0x000000FF000000FFULL) * 0x000F424000000064ULL) +
            (((v >> 16) & 0x000000FF000000FFULL) * 0x0000271000000001ULL)) >>
           32;
}
#define SSD_SWAR_DIGITS 1
#endif

/*
 * The digits at *pp appended to *m (m * 10 + digit each), up to the first
 * non-digit or end, where *pp is left; returns how many. Words of 8 bytes
 * are read while they end before limit (the buffer's end, at or past end:
 * up to 7 bytes past the run are read): the first non-digit byte is found
 * from a mask (a byte is a digit when neither adding 0x46 nor subtracting
 * 0x30 sets its top bit; carries and borrows only run upward from a
 * non-digit, so the lowest flagged byte is exact), so a run costs no
 * branch per digit. *m wraps past 19 digits: the caller checks the count.
 * The one digit scanner of the readers: the series CSV fast path (end =
 * limit) and ssd__parse_number (end: the field's).
 */
static inline size_t ssd__digit_run(const char **pp, const char *end, const char *limit,
                                    uint64_t *m) {
    const char *p = *pp;
    uint64_t v = *m;
#ifdef SSD_SWAR_DIGITS
    while (limit - p >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        /* each byte's value as a digit: exact in the bytes below the
         * first non-digit, which no borrow reaches */
        uint64_t d = w - 0x3030303030303030ULL;
        uint64_t nondigit = ((w + 0x4646464646464646ULL) | d) & 0x8080808080808080ULL;
        size_t k = nondigit ? (size_t)__builtin_ctzll(nondigit) >> 3 : 8;
        if (k > (size_t)(end - p))
            k = (size_t)(end - p);
        if (k == 8) {
            v = v * 100000000 + ssd__eight_digit_values(d);
            p += 8;
            continue;
        }
        if (k) {
            /* the k digits moved to the top, zeros (digits 0) shifted in below */
            v = v * ssd__pow10_u64[k] + ssd__eight_digit_values(d << (8 * (8 - k)));
            p += k;
        }
        goto done;
    }
#else
    (void)limit;
#endif
    while (p < end && (unsigned)(*p - '0') < 10)
        v = v * 10 + (uint64_t)(*p++ - '0');
#ifdef SSD_SWAR_DIGITS
done:
#endif
    *m = v;
    size_t n = (size_t)(p - *pp);
    *pp = p;
    return n;
}

/* Splits a line on commas in place; trims blanks. Returns the field count
 * (at most max; extra fields are counted but not stored). */
size_t ssd__split_csv(char *line, char **fields, size_t max);
/* Parses a whole field as a finite number. 0 or -1. */
int ssd__parse_double(const char *field, double *out);
/* ssd__parse_double of the field [p, end), without copying it: the same
 * numbers accepted, the same (correctly rounded) doubles. Bytes before
 * limit may be read (whole words at a time: limit is the end of the
 * buffer, not of the field); *end must be writable (it is restored):
 * strtod, for the rare field the fast path does not take, reads up to a
 * NUL. */
int ssd__parse_number(char *p, char *end, const char *limit, double *out);
/* Lines in buf[0, len): newlines + 1. */
size_t ssd__count_lines(const char *buf, size_t len);
/* The first NUL byte in buf[0, len) (NULL when none), and the newlines
 * before it added to *newlines: a text file's check and its line count in
 * one pass (ssd__load_text). */
const char *ssd__scan_text(const char *buf, size_t len, size_t *newlines);

/* The readers: buf is writable and NUL-terminated at buf[len]; lines is
 * ssd__count_lines(buf, len) when the caller has it (ssd__load_text counts
 * them), 0 to count them here. */
/* ddir picks the byte column of a CSV that has one per direction:
 * 1 write_bytes, 0 read_bytes, -1 bytes (both); 2 (trim) has none. */
/* ts (NULL: buf is the whole file) is the stream buf[0, len) is a window
 * of, len its whole lines (ssd__text_whole_lines): the reader moves on to
 * the next window when it has read them, and lines is an estimate. */
struct ssd__text_stream;
int ssd__read_series_csv(ssd_series *s, const char *name, char *buf, size_t len, size_t lines,
                         int ddir, struct ssd__text_stream *ts);
int ssd__read_bytes_csv(ssd_series *s, const char *name, char *buf, size_t len, size_t lines);
/* A header (split fields) with a time column and a throughput column, with
 * or without units: a speed-per-interval CSV (whose reader refuses a
 * column without its unit, naming it). Of a read and a write throughput
 * column, ddir picks one (-1, any: refused). */
int ssd__is_rate_csv_header(char **fields, size_t nf);
int ssd__read_rate_csv(ssd_series *s, const char *name, char *buf, size_t len, size_t lines,
                       int ddir);

struct ssd__fio_file {
    const char *name;
    char *buf;
    size_t len;
    size_t lines; /* 0: not counted yet */
};
/* per_io_interval_s: the interval per-I/O logs are summed into. */
int ssd__read_fio_logs(ssd_series *s, struct ssd__fio_file *files, size_t nfiles, int ddir,
                       double per_io_interval_s);

enum ssd__series_kind {
    SSD__KIND_UNKNOWN,
    SSD__KIND_SERIES_CSV,
    SSD__KIND_BYTES_CSV,
    SSD__KIND_RATE_CSV,
    SSD__KIND_FIO_LOG,
    SSD__KIND_FIO_JSON
};

#endif
