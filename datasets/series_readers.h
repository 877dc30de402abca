/* series_readers.h - private to datasets/: the line and CSV lexer every
 * text reader uses, and the readers the format dispatcher calls. */
#ifndef SSD_SERIES_READERS_H
#define SSD_SERIES_READERS_H

#include <stddef.h>

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

/* The readers: buf is writable and NUL-terminated at buf[len]. */
/* ddir picks the byte column of a CSV that has one per direction:
 * 1 write_bytes, 0 read_bytes, -1 bytes (both); 2 (trim) has none. */
int ssd__read_series_csv(ssd_series *s, const char *name, char *buf, size_t len, int ddir);
int ssd__read_bytes_csv(ssd_series *s, const char *name, char *buf, size_t len);

struct ssd__fio_file {
    const char *name;
    char *buf;
    size_t len;
};
/* per_io_interval_s: the interval per-I/O logs are summed into. */
int ssd__read_fio_logs(ssd_series *s, struct ssd__fio_file *files, size_t nfiles, int ddir,
                       double per_io_interval_s);

enum ssd__series_kind {
    SSD__KIND_UNKNOWN,
    SSD__KIND_SERIES_CSV,
    SSD__KIND_BYTES_CSV,
    SSD__KIND_FIO_LOG,
    SSD__KIND_FIO_JSON
};
enum ssd__series_kind ssd__detect_series_kind(const char *buf, size_t len);

#endif
