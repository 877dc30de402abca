/* series_internal.h - private to datasets/: the series handle and the
 * readers' shared helpers. */
#ifndef SSD_SERIES_INTERNAL_H
#define SSD_SERIES_INTERNAL_H

#include <stddef.h>

#include <ssdcore/series.h>

#define SSD__SERIES_ERR_SIZE 512
#define SSD__SERIES_MAX_COLS 16

struct ssd_series {
    size_t n, cap;
    double *t;
    double *b;
    size_t ncols;
    char *colname[SSD__SERIES_MAX_COLS];
    double *col[SSD__SERIES_MAX_COLS];
    char *metadata;
    char *source;
    char *note; /* what the reader did beyond parsing (NULL: nothing) */
    const char *format;
    char err[SSD__SERIES_ERR_SIZE];
};

/* Formats the handle's message and returns code. */
int ssd__series_fail(ssd_series *s, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* What no logged drive reaches, so a value beyond it is a damaged or
 * hostile file, not a measurement: 1e30 bytes in a second became a cache
 * of 1e30 bytes, t = 1e300 s a duration of 1e300 s. 100 TB/s is a
 * thousand of today's fastest drives; 3.2e9 s is a century. */
#define SSD__SERIES_MAX_BPS 1e14
#define SSD__SERIES_MAX_T_S 3.2e9
/* Refuses a row whose time (seconds since the start) or rate (bytes over
 * dt seconds) is beyond those limits, naming name:lineno and the column;
 * 0 when plausible. dt <= 0 skips the rate check. */
int ssd__series_check_row(ssd_series *s, const char *name, size_t lineno, const char *tcol,
                          double t_s, const char *bcol, double bytes, double dt);

/* Makes room for n intervals (the optional columns grow too). */
int ssd__series_reserve(ssd_series *s, size_t n);
/* Appends one interval; the caller has reserved room. */
void ssd__series_push(ssd_series *s, double t, double bytes);
/* Index of a column, creating it (NaN-filled up to cap) when absent; -1 when
 * the table is full or memory runs out. */
int ssd__series_column_index(ssd_series *s, const char *name);
int ssd__series_set_string(char **dst, const char *src);

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
