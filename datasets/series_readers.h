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

/* Splits a line on commas in place; trims blanks. Returns the field count
 * (at most max; extra fields are counted but not stored). */
size_t ssd__split_csv(char *line, char **fields, size_t max);
/* Parses a whole field as a finite number. 0 or -1. */
int ssd__parse_double(const char *field, double *out);

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
