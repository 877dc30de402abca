/* file_write.c - creating directories and replacing files atomically: the
 * two ways every output of a run reaches the disk. */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_write.h"
#include "ssdcore/base.h"

int ssd__mkdirs(const char *path, mode_t mode) {
    char buf[4096];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf)
        return -ENAMETOOLONG;
    memcpy(buf, path, n + 1);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(buf, mode) < 0 && errno != EEXIST)
            return -errno;
        *p = '/';
    }
    if (mkdir(buf, mode) < 0 && errno != EEXIST)
        return -errno;
    /* EEXIST also hides a file of that name: only a directory will do. */
    struct stat st;
    if (stat(buf, &st) < 0)
        return -errno;
    return S_ISDIR(st.st_mode) ? 0 : -ENOTDIR;
}

int ssd__write_all(int fd, const void *buf, size_t n, off_t off) {
    for (const char *p = buf; n;) {
        ssize_t w = off < 0 ? write(fd, p, n) : pwrite(fd, p, n, off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return w < 0 ? -errno : SSD_EIO;
        p += w;
        n -= (size_t)w;
        off += off < 0 ? 0 : w;
    }
    return 0;
}

int ssd__write_atomic(const char *path, const char *data, size_t len) {
    static _Atomic unsigned counter;
    size_t n = strlen(path) + 48;
    char *tmp = malloc(n);
    if (!tmp)
        return SSD_ENOMEM;
    /* The temporary name starts with a dot beside the target, so a reader
     * never sees a half-written file under the real name; the process id
     * and a counter make it unique, so two writers (two processes, or two
     * threads rendering reports) never write into one temporary file. */
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    memcpy(tmp, path, dirlen);
    snprintf(tmp + dirlen, n - dirlen, ".%s.%ld.%u.tmp", path + dirlen, (long)getpid(),
             atomic_fetch_add(&counter, 1));
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    int rc = fd < 0 ? -errno : ssd__write_all(fd, data, len, -1);
    if (fd < 0)
        goto out;
    if (!rc && fsync(fd))
        rc = -errno;
    if (close(fd) && !rc)
        rc = -errno;
    if (!rc && rename(tmp, path))
        rc = -errno;
    if (rc) {
        unlink(tmp);
        goto out;
    }
    char *dir = strdup(dirlen ? path : ".");
    if (dir) {
        if (dirlen)
            dir[dirlen - 1] = 0;
        int dfd = open(dir[0] ? dir : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dfd >= 0) {
            fsync(dfd);
            close(dfd);
        }
        free(dir);
    }
out:
    free(tmp);
    return rc;
}
