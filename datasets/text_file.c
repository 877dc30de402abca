/* text_file.c - reading a whole text file for the readers, refusing
 * anything over a size limit before reading it (a 2 GB file of garbage costs
 * one fstat) and anything holding NUL bytes. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore/base.h>

#include "prefault.h"
#include "series_readers.h"
#include "text_file.h"

enum { READ_CHUNK = 256 << 10 };

static int fail(char *err, size_t errsize, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int fail(char *err, size_t errsize, int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errsize, fmt, ap);
    va_end(ap);
    return code;
}

/* Reads a whole file (NUL-terminated) refusing anything over limit. */
int ssd__load_text(const char *path, uint64_t limit, char **out, size_t *len, size_t *lines,
                   char *err, size_t errsize) {
    *out = NULL;
    size_t newlines = 0;
    /* O_NONBLOCK: opening a FIFO that no process writes to waited forever
     * (`analyze FIFO`). Opened this way it returns at once; reads then
     * block as usual for a writer's data, and end when no writer is left,
     * which is at once for a FIFO nobody opened for writing. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return fail(err, errsize, -errno, "%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    int rc = 0;
    char *buf = NULL;
    if (fstat(fd, &st)) {
        rc = fail(err, errsize, -errno, "%s: cannot stat: %s", path, strerror(errno));
        goto out;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    if (S_ISDIR(st.st_mode)) {
        rc = fail(err, errsize, -EISDIR, "%s: is a directory", path);
        goto out;
    }
    if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > limit) {
        rc = fail(err, errsize, SSD_ERANGE,
                  "%s: %llu bytes: larger than the %llu-byte limit for a series file", path,
                  (unsigned long long)st.st_size, (unsigned long long)limit);
        goto out;
    }
    /* A regular file's size, its NUL and one byte more: the read that
     * finds the end of the file then has room, where a buffer just full
     * was doubled first (a realloc to twice the file on every read, and a
     * block past the allocator's mmap threshold, unmapped and faulted in
     * again on every call). */
    size_t cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 2 : 65536, n = 0;
    buf = malloc(cap);
    if (!buf) {
        rc = fail(err, errsize, SSD_ENOMEM, "%s: out of memory", path);
        goto out;
    }
    if (S_ISREG(st.st_mode))
        ssd__prefault(buf, cap);
    for (;;) {
        if (n + 1 >= cap) {
            if ((uint64_t)cap > limit) {
                rc = fail(err, errsize, SSD_ERANGE,
                          "%s: larger than the %llu-byte limit for a series file", path,
                          (unsigned long long)limit);
                goto out;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                rc = fail(err, errsize, SSD_ENOMEM, "%s: out of memory", path);
                goto out;
            }
            buf = nb;
            cap *= 2;
        }
        /* In chunks that the NUL and newline scan below reads while they
         * are still in the cache, not the whole file from memory after. */
        size_t want = cap - 1 - n < READ_CHUNK ? cap - 1 - n : READ_CHUNK;
        ssize_t r = read(fd, buf + n, want);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            rc = fail(err, errsize, -errno, "%s: read failed: %s", path, strerror(errno));
            goto out;
        }
        if (r == 0)
            break;
        /* Binary data is refused as it arrives, not after up to the limit
         * has been read into memory (a pipe of zeros, /dev/zero). */
        const char *nul = ssd__scan_text(buf + n, (size_t)r, &newlines);
        if (nul && n + (size_t)r >= 4 && !memcmp(buf, "PAR1", 4)) {
            /* Parquet stays out of C (no Arrow dependency): say where it is read. */
            rc = fail(err, errsize, SSD_EFORMAT,
                      "%s: a Parquet file: the C reader takes series CSV and fio logs; read "
                      "Parquet with the Python package (ssdcore.read_series, pyarrow)",
                      path);
            goto out;
        }
        if (nul) {
            rc = fail(err, errsize, SSD_EFORMAT, "%s: byte %zu: NUL byte: not a text series file",
                      path, (size_t)(nul - buf));
            goto out;
        }
        n += (size_t)r;
        if ((uint64_t)n > limit) {
            rc = fail(err, errsize, SSD_ERANGE,
                      "%s: larger than the %llu-byte limit for a series file", path,
                      (unsigned long long)limit);
            goto out;
        }
    }
    buf[n] = '\0';
    if (n == 0 && S_ISFIFO(st.st_mode)) {
        rc = fail(err, errsize, SSD_ENODATA, "%s: a FIFO with no writer: nothing to read", path);
        goto out;
    }
    /* A spreadsheet's UTF-8 byte-order mark is not part of the text. */
    if (n >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) {
        memmove(buf, buf + 3, n - 2);
        n -= 3;
    }
    *out = buf;
    *len = n;
    if (lines)
        *lines = newlines + 1; /* the mark removed held none */
    buf = NULL;
out:
    free(buf);
    close(fd);
    return rc;
}
