/* file_read.c - see file_read.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errmsg.h"
#include "file_read.h"
#include "ssdcore/base.h"
#include "text.h"

/* "regular file", "directory", "FIFO", "socket", "character device",
 * "block device", "symbolic link" or "special file" for a st_mode. */
static const char *file_kind_name(unsigned mode) {
    switch (mode & S_IFMT) {
    case S_IFREG:
        return "regular file";
    case S_IFDIR:
        return "directory";
    case S_IFIFO:
        return "FIFO";
    case S_IFSOCK:
        return "socket";
    case S_IFCHR:
        return "character device";
    case S_IFBLK:
        return "block device";
    case S_IFLNK:
        return "symbolic link";
    default:
        return "special file";
    }
}

int ssd__open_text(const char *path, int fifo_ok, struct stat *out_st, char *err) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return ssd__fail_errno(err, "%s", path);
    struct stat st;
    if (fstat(fd, &st) < 0) {
        int e = errno;
        close(fd);
        return ssd__fail(err, -e, "%s: %s", path, strerror(e));
    }
    int rc = 0;
    if (S_ISDIR(st.st_mode))
        rc = ssd__fail(err, -EISDIR, "%s: cannot read: %s", path, strerror(EISDIR));
    else if (!S_ISREG(st.st_mode) && !(fifo_ok && S_ISFIFO(st.st_mode)))
        rc = ssd__fail(err, SSD_EINVAL, "%s: is a %s, not a regular file", path,
                       file_kind_name(st.st_mode));
    int fl = rc ? 0 : fcntl(fd, F_GETFL);
    if (!rc && (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0))
        rc = ssd__fail_errno(err, "%s", path);
    if (rc) {
        close(fd);
        return rc;
    }
    if (out_st)
        *out_st = st;
    return fd;
}

int ssd__read_text(const char *path, unsigned max_mib, const char *what, char *err, char **out) {
    *out = NULL;
    /* A pipe (--suite-file <(...)) is read like a file, once; a FIFO nobody
     * writes to reads as empty instead of blocking the open; a device or a
     * socket is refused. */
    int fd = ssd__open_text(path, 1, NULL, err);
    return fd < 0 ? fd : ssd__read_text_fd(fd, path, max_mib, what, err, out);
}

int ssd__read_text_fd(int fd, const char *path, unsigned max_mib, const char *what, char *err,
                      char **out) {
    *out = NULL;
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        int e = errno;
        close(fd);
        return ssd__fail(err, -e, "%s: %s", path, strerror(e));
    }
    struct ssd__text t = {0};
    char buf[65536];
    size_t n;
    int rc = 0;
    while (!rc && (n = fread(buf, 1, sizeof buf, f)) > 0) {
        if (t.len + n > (size_t)max_mib << 20)
            rc = ssd__fail(err, SSD_ERANGE, "%s: larger than %u MiB: not %s", path, max_mib, what);
        else if (memchr(buf, 0, n))
            rc = ssd__fail(err, SSD_EFORMAT, "%s: binary data: not %s", path, what);
        else
            ssd__text_raw(&t, buf, n);
    }
    if (!rc && ferror(f)) { /* EISDIR for a directory */
        int e = errno ? errno : EIO;
        rc = ssd__fail(err, -e, "%s: cannot read: %s", path, strerror(e));
    }
    fclose(f);
    ssd__text_raw(&t, "", 0); /* an empty file is "" */
    char *p = ssd__text_take(&t);
    if (!rc && !p)
        rc = ssd__fail(err, SSD_ENOMEM, "%s: out of memory", path);
    if (rc)
        free(p);
    else
        *out = p;
    return rc;
}
