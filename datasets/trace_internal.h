/* trace_internal.h - private to the trace readers and writers: the trace
 * handle and the helpers every format shares. */
#ifndef SSD_TRACE_INTERNAL_H
#define SSD_TRACE_INTERNAL_H

#include <stddef.h>
#include <sys/types.h>
#include <stdint.h>

#include <ssdcore/trace.h>

#include "errmsg.h"
#include "series_readers.h"

struct ssd_trace {
    ssd_trace_io *io;
    size_t n, cap;
    const char *format;
    /* The file ssd_trace_load read (NULL otherwise): an output of the same
     * command never replaces it (docs/crash-safety.md). */
    char *source;
    dev_t source_dev;
    ino_t source_ino;
    /* The built-in scenario or file test the I/Os were made from ("" when
     * none): a replay's results say which trace ran. */
    char name[64];
    char err[SSD__ERRMSG_SIZE]; /* set by ssd__fail(tr->err, ...) */
};

/* Empties tr before it is loaded or generated again: no I/Os, message,
 * format, nor file, scenario or file test they came from. */
void ssd__trace_reset(ssd_trace *tr);

/* Appends without the checks of ssd_trace_add (the readers check). */
int ssd__trace_push(ssd_trace *tr, const ssd_trace_io *io);

/* ssd_trace_add, with a failure's message naming the file and line. */
int ssd__trace_add_at(ssd_trace *tr, const ssd_trace_io *io, const char *name, size_t lineno);

/* The next line of the readers' cursor (ssd__lines_next), without "\r\n"
 * (the last line's "\r" too), or NULL at the end. */
char *ssd__trace_line(struct ssd__lines *it);

/* Strict number parsing of a whole token: 0 or -1. */
int ssd__trace_u64(const char *s, uint64_t *out);
int ssd__trace_time(const char *s, double *out);

/* Splits a line on blanks (or on commas when comma is set) in place. Returns
 * the field count; at most max are stored. */
int ssd__trace_split(char *line, char **f, int max, int comma);

/* The format readers: they append to an empty tr and return 0, or an error
 * with the line at fault ("NAME:LINE: ..."). text is writable and
 * NUL-terminated. */
int ssd__trace_read_csv(ssd_trace *tr, char *text, size_t len, const char *name);
int ssd__trace_read_iolog(ssd_trace *tr, char *text, size_t len, const char *name);
int ssd__trace_read_blkparse(ssd_trace *tr, char *text, size_t len, const char *name);

/* 1 when a line looks like a blkparse event line. */
int ssd__trace_is_blkparse_line(const char *line);

#endif
