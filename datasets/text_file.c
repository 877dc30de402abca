/* text_file.c - reading a text file for the readers, whole or a window at
 * a time, refusing anything over a size limit before reading it (a 2 GB
 * file of garbage costs one fstat) and anything holding NUL bytes. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore/base.h>

#include "errmsg.h"
#include "prefault.h"
#include "series_readers.h"
#include "text_file.h"

enum { READ_CHUNK = 256 << 10 };

size_t ssd__text_window = 1 << 20;

static int grow(struct ssd__text_stream *ts) {
    if ((uint64_t)ts->cap > ts->limit)
        return ssd__fail(ts->err, SSD_ERANGE,
                         "%s: larger than the %llu-byte limit for a series file", ts->path,
                         (unsigned long long)ts->limit);
    char *nb = realloc(ts->buf, ts->cap * 2);
    if (!nb)
        return ssd__fail(ts->err, SSD_ENOMEM, "%s: out of memory", ts->path);
    ts->buf = nb;
    ts->cap *= 2;
    return 0;
}

/* Reads until the buffer is full (its last byte kept for the NUL) or the
 * file ends, checking each piece as it arrives. */
static int fill(struct ssd__text_stream *ts) {
    while (!ts->eof && ts->len + 1 < ts->cap) {
        /* In pieces that the NUL and newline scan below reads while they
         * are still in the cache. */
        size_t want = ts->cap - 1 - ts->len < READ_CHUNK ? ts->cap - 1 - ts->len : READ_CHUNK;
        ssize_t r = read(ts->fd, ts->buf + ts->len, want);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return ssd__fail(ts->err, -errno, "%s: read failed: %s", ts->path, strerror(errno));
        }
        if (r == 0) {
            ts->eof = 1;
            break;
        }
        /* Binary data is refused as it arrives, not after up to the limit
         * has been read into memory (a pipe of zeros, /dev/zero). */
        const char *nul = ssd__scan_text(ts->buf + ts->len, (size_t)r, &ts->newlines);
        if (nul && ts->offset == 0 && ts->len + (size_t)r >= 4 && !memcmp(ts->buf, "PAR1", 4))
            /* Parquet stays out of C (no Arrow dependency): say where it is read. */
            return ssd__fail(ts->err, SSD_EFORMAT,
                             "%s: a Parquet file: the C reader takes series CSV and fio logs; read "
                             "Parquet with the Python package (ssdcore.read_series, pyarrow)",
                             ts->path);
        if (nul)
            return ssd__fail(ts->err, SSD_EFORMAT,
                             "%s: byte %llu: NUL byte: not a text series file", ts->path,
                             (unsigned long long)(ts->offset + (uint64_t)(nul - ts->buf)));
        ts->len += (size_t)r;
        if (ts->offset + ts->len > ts->limit)
            return ssd__fail(ts->err, SSD_ERANGE,
                             "%s: larger than the %llu-byte limit for a series file", ts->path,
                             (unsigned long long)ts->limit);
    }
    ts->buf[ts->len] = '\0';
    return 0;
}

void ssd__text_close(struct ssd__text_stream *ts) {
    if (ts->fd >= 0)
        close(ts->fd);
    free(ts->buf);
    memset(ts, 0, sizeof *ts);
    ts->fd = -1;
}

int ssd__text_open(struct ssd__text_stream *ts, const char *path, uint64_t limit, size_t window,
                   char *err) {
    memset(ts, 0, sizeof *ts);
    ts->path = path;
    ts->limit = limit;
    ts->err = err;
    /* O_NONBLOCK: opening a FIFO that no process writes to waited forever
     * (`analyze FIFO`). Opened this way it returns at once; reads then
     * block as usual for a writer's data, and end when no writer is left,
     * which is at once for a FIFO nobody opened for writing. */
    ts->fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (ts->fd < 0)
        return ssd__fail(ts->err, -errno, "%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    int rc;
    if (fstat(ts->fd, &st)) {
        rc = ssd__fail(ts->err, -errno, "%s: cannot stat: %s", path, strerror(errno));
        goto out;
    }
    int fl = fcntl(ts->fd, F_GETFL);
    if (fl >= 0)
        (void)fcntl(ts->fd, F_SETFL, fl & ~O_NONBLOCK);
    if (S_ISDIR(st.st_mode)) {
        rc = ssd__fail(ts->err, -EISDIR, "%s: is a directory", path);
        goto out;
    }
    if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > limit) {
        rc = ssd__fail(ts->err, SSD_ERANGE,
                       "%s: %llu bytes: larger than the %llu-byte limit for a series file", path,
                       (unsigned long long)st.st_size, (unsigned long long)limit);
        goto out;
    }
    ts->fifo = S_ISFIFO(st.st_mode);
    ts->size = S_ISREG(st.st_mode) ? (uint64_t)st.st_size : 0;
    if (!window)
        window = ssd__text_window;
    /* A regular file's size, its NUL and one byte more when it fits the
     * window: the read that finds the end of the file then has room (a
     * buffer just full was doubled first: a realloc to twice the file). */
    ts->cap = S_ISREG(st.st_mode) && ts->size + 2 <= window ? (size_t)ts->size + 2
              : S_ISREG(st.st_mode)                         ? window
                                                            : 65536;
    ts->buf = malloc(ts->cap);
    if (!ts->buf) {
        rc = ssd__fail(ts->err, SSD_ENOMEM, "%s: out of memory", path);
        goto out;
    }
    if (S_ISREG(st.st_mode))
        ssd__prefault(ts->buf, ts->cap);
    if ((rc = fill(ts)))
        goto out;
    if (ts->len == 0 && ts->eof && ts->fifo) {
        rc = ssd__fail(ts->err, SSD_ENODATA, "%s: a FIFO with no writer: nothing to read", path);
        goto out;
    }
    /* A spreadsheet's UTF-8 byte-order mark is not part of the text. */
    if (ts->len >= 3 && !memcmp(ts->buf, "\xef\xbb\xbf", 3)) {
        memmove(ts->buf, ts->buf + 3, ts->len - 2);
        ts->len -= 3;
        ts->offset = 3;
    }
    return 0;
out:
    ssd__text_close(ts);
    return rc;
}

int ssd__text_next(struct ssd__text_stream *ts, size_t done) {
    if (done > ts->len)
        done = ts->len;
    memmove(ts->buf, ts->buf + done, ts->len - done + 1);
    ts->len -= done;
    ts->offset += done;
    int rc;
    if (ts->len + 1 >= ts->cap && (rc = grow(ts)))
        return rc;
    return fill(ts);
}

int ssd__text_read_all(struct ssd__text_stream *ts) {
    /* A regular file's buffer grows once, to its size and one byte more
     * (see ssd__text_open), not by doubling from the window. */
    if (!ts->eof && ts->size + 2 > ts->cap) {
        char *nb = realloc(ts->buf, (size_t)ts->size + 2);
        if (!nb)
            return ssd__fail(ts->err, SSD_ENOMEM, "%s: out of memory", ts->path);
        ts->buf = nb;
        ts->cap = (size_t)ts->size + 2;
    }
    int rc = 0;
    while (!rc && !ts->eof)
        rc = ssd__text_next(ts, 0);
    return rc;
}

/* Reads a whole file (NUL-terminated) refusing anything over limit. */
int ssd__load_text(const char *path, uint64_t limit, char **out, size_t *len, size_t *lines,
                   char *err) {
    *out = NULL;
    struct ssd__text_stream ts;
    /* The whole file in one window of its size (a regular file). */
    int rc = ssd__text_open(&ts, path, limit, (size_t)-1, err);
    if (!rc)
        rc = ssd__text_read_all(&ts);
    if (rc) {
        ssd__text_close(&ts);
        return rc;
    }
    *out = ts.buf;
    *len = ts.len;
    if (lines)
        *lines = ts.newlines + 1; /* the mark removed held none */
    ts.buf = NULL;
    ssd__text_close(&ts);
    return 0;
}

size_t ssd__text_whole_lines(const struct ssd__text_stream *ts) {
    if (ts->eof)
        return ts->len;
    const char *nl = memrchr(ts->buf, '\n', ts->len);
    return nl ? (size_t)(nl + 1 - ts->buf) : 0;
}
