/* target_layout_mark.c - the mark that says a file target is ssdcore's and
 * whether its layout finished.
 *
 * A layout killed part-way leaves a file of full size (fallocated, so not
 * even sparse) whose blocks are mostly unwritten: reads of it measure the
 * filesystem's zero fill, not the drive. So a layout marks the file
 * "incomplete" before its first write and "complete SIZE" after fdatasync;
 * only a complete mark is trusted. The mark is also what tells ssdcore's
 * own files from the user's: a file without one is never written without
 * destroy_data.
 *
 * The mark is the xattr user.ssdcore.layout, which travels with the inode.
 * A filesystem without user xattrs gets a side file PATH.ssdcore-layout
 * instead, holding the inode number so that a file replaced under the same
 * name is not mistaken for the one that was marked. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "target_impl.h"

#define MARK_XATTR "user.ssdcore.layout"
#define MARK_SIDE_SUFFIX ".ssdcore-layout"

static int xattr_unsupported(int e) {
    return e == ENOTSUP || e == EOPNOTSUPP || e == ENOSYS;
}

static char *side_path(const char *path) {
    size_t n = strlen(path);
    char *p = malloc(n + sizeof MARK_SIDE_SUFFIX);
    if (p) {
        memcpy(p, path, n);
        memcpy(p + n, MARK_SIDE_SUFFIX, sizeof MARK_SIDE_SUFFIX);
    }
    return p;
}

static enum ssd__layout_mark parse_mark(const char *v, uint64_t *size) {
    unsigned long long n;
    if (!strcmp(v, "incomplete"))
        return SSD__MARK_INCOMPLETE;
    if (sscanf(v, "complete %llu", &n) == 1) {
        *size = n;
        return SSD__MARK_COMPLETE;
    }
    /* Something else under our name: not a mark to trust, but the file was
     * ours once, so it is laid out again. */
    return SSD__MARK_INCOMPLETE;
}

static enum ssd__layout_mark side_get(const char *path, uint64_t ino, uint64_t *size) {
    char *sp = side_path(path);
    if (!sp)
        return SSD__MARK_NONE;
    FILE *f = fopen(sp, "re");
    free(sp);
    if (!f)
        return SSD__MARK_NONE;
    char line[128] = "";
    unsigned long long ino_want = ino;
    unsigned long long ino_got = 0;
    int off = 0;
    enum ssd__layout_mark m = SSD__MARK_NONE;
    if (fgets(line, sizeof line, f) &&
        sscanf(line, "ssdcore-layout %llu %n", &ino_got, &off) == 1 && ino_got == ino_want) {
        line[strcspn(line, "\n")] = '\0';
        m = parse_mark(line + off, size);
    }
    fclose(f);
    return m;
}

enum ssd__layout_mark ssd__layout_mark_get(const char *path, uint64_t ino, uint64_t *size) {
    char v[64];
    *size = 0;
    ssize_t n = getxattr(path, MARK_XATTR, v, sizeof v - 1);
    if (n >= 0) {
        v[n] = '\0';
        return parse_mark(v, size);
    }
    if (errno == ENODATA)
        return side_get(path, ino, size); /* a mark written before xattrs worked */
    return xattr_unsupported(errno) ? side_get(path, ino, size) : SSD__MARK_NONE;
}

/* The side file is replaced by rename, so a kill leaves the old mark or the
 * new one, never half of one. */
static int side_set(int fd, const char *path, const char *value) {
    struct stat st;
    if (fstat(fd, &st) < 0)
        return -errno;
    char *sp = side_path(path);
    if (!sp)
        return SSD_ENOMEM;
    size_t n = strlen(sp);
    char *tmp = malloc(n + 16);
    int rc = 0;
    if (!tmp) {
        free(sp);
        return SSD_ENOMEM;
    }
    snprintf(tmp, n + 16, "%s.tmp%d", sp, (int)getpid());
    FILE *f = fopen(tmp, "we");
    if (!f) {
        rc = -errno;
    } else {
        fprintf(f, "ssdcore-layout %llu %s\n", (unsigned long long)st.st_ino, value);
        if (fflush(f) || fsync(fileno(f)))
            rc = -errno;
        if (fclose(f) && !rc)
            rc = -errno;
        if (!rc && rename(tmp, sp) < 0)
            rc = -errno;
        if (rc)
            (void)unlink(tmp);
    }
    free(tmp);
    free(sp);
    return rc;
}

int ssd__layout_mark_set(ssd_target *t, const char *path, enum ssd__layout_mark m, uint64_t size) {
    char v[64];
    if (m == SSD__MARK_COMPLETE)
        snprintf(v, sizeof v, "complete %" PRIu64, size);
    else
        snprintf(v, sizeof v, "incomplete");
    int rc = 0;
    if (fsetxattr(t->fd, MARK_XATTR, v, strlen(v), 0) < 0)
        rc = xattr_unsupported(errno) ? side_set(t->fd, path, v) : -errno;
    if (rc < 0)
        return ssd__fail(t->err, rc, "%s: cannot mark the layout %s: %s", path,
                         m == SSD__MARK_COMPLETE ? "complete" : "as begun",
                         rc == SSD_ENOMEM ? "out of memory" : strerror(-rc));
    return 0;
}
