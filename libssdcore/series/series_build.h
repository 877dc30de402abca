/* series_build.h - internal: the series handle's layout and the functions
 * that fill it, shared by the series type (series.c) and the readers in
 * datasets/ that build series from files. */
#ifndef SSD_SERIES_BUILD_H
#define SSD_SERIES_BUILD_H

#include <stddef.h>
#include <stdint.h>

#include <ssdcore/series.h>

#include "errmsg.h"

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
    /* While a reader runs: the columns to keep (NULL: all, "": none). */
    const char *keep_columns;
    /* The options (series.c), fixed once loaded (read or built). */
    unsigned ddir; /* index into "read write trim any" */
    uint64_t max_file_bytes;
    double per_io_interval_s;
    char *columns;
    int loaded;
    char err[SSD__ERRMSG_SIZE];
};

/* Formats the handle's message and returns code. */
#define ssd__series_fail(s, code, ...) ssd__fail((s)->err, code, __VA_ARGS__)

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
/* A quick test for the readers' row loops (a call per row cost 5 % of a
 * read): nonzero when the row is surely plausible; 0 when it may not be,
 * for ssd__series_check_row to decide. Without its division (a tenth of
 * the row loop): a rate above the limit is above half of it, tested as a
 * product, which rounding cannot move by a factor of two. */
static inline int ssd__series_row_plausible(double t_s, double bytes, double dt) {
    return !(t_s > SSD__SERIES_MAX_T_S) && !(dt > 0 && bytes > 0.5 * SSD__SERIES_MAX_BPS * dt);
}

/* Makes room for n intervals (the optional columns grow too). */
int ssd__series_reserve(ssd_series *s, size_t n);
/* Appends one interval; the caller has reserved room. */
static inline void ssd__series_push(ssd_series *s, double t, double bytes) {
    s->t[s->n] = t;
    s->b[s->n] = bytes;
    s->n++;
}
/* Index of a column, creating it (NaN-filled up to cap) when absent; -1 when
 * the table is full or memory runs out. */
int ssd__series_column_index(ssd_series *s, const char *name);
int ssd__series_set_string(char **dst, const char *src);

#endif
