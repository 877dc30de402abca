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
 * The mark is the xattr user.ssdcore.layout, which travels with the inode;
 * on a filesystem with user xattrs it is the only mark read. A filesystem
 * without them gets a side file PATH.ssdcore-layout instead, naming the
 * file by more than its inode number, which a new file reuses once the
 * target is deleted (a user's file would then pass for ssdcore's): the
 * inode's birth time and generation where the filesystem reports them,
 * and where it reports neither, the size a complete layout left (an
 * incomplete mark then proves nothing and is not trusted). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "file_write.h"
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

/* What names one file on a filesystem beyond its inode number: "-" for
 * what the filesystem does not report. */
struct file_ident {
    unsigned long long ino, size;
    char btime[48], gen[24];
};

static void ident_of_fd(int fd, struct file_ident *id) {
    struct statx sx;
    snprintf(id->btime, sizeof id->btime, "-");
    snprintf(id->gen, sizeof id->gen, "-");
    id->ino = id->size = 0;
    if (statx(fd, "", AT_EMPTY_PATH, STATX_INO | STATX_SIZE | STATX_BTIME, &sx) == 0) {
        id->ino = sx.stx_ino;
        id->size = sx.stx_size;
        if (sx.stx_mask & STATX_BTIME)
            snprintf(id->btime, sizeof id->btime, "%lld.%09u", (long long)sx.stx_btime.tv_sec,
                     sx.stx_btime.tv_nsec);
    }
    int gen;
    if (ioctl(fd, FS_IOC_GETVERSION, &gen) == 0)
        snprintf(id->gen, sizeof id->gen, "%u", (unsigned)gen);
}

static enum ssd__layout_mark side_get(const char *path, uint64_t *size) {
    char *sp = side_path(path);
    if (!sp)
        return SSD__MARK_NONE;
    FILE *f = fopen(sp, "re");
    free(sp);
    if (!f)
        return SSD__MARK_NONE;
    /* Opening the user's file read-only to ask its generation changes
     * nothing (O_NONBLOCK: never wait on a FIFO put there). */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    struct file_ident now;
    if (fd >= 0) {
        ident_of_fd(fd, &now);
        close(fd);
    }
    char line[256] = "", btime[48], gen[24];
    unsigned long long ino = 0, marked_size = 0;
    int off = 0;
    enum ssd__layout_mark m = SSD__MARK_NONE;
    /* Version 1 side files ("ssdcore-layout INO VALUE") named the inode
     * alone: not trusted, the file counts as the user's. */
    if (fd >= 0 && fgets(line, sizeof line, f) &&
        sscanf(line, "ssdcore-layout 2 ino=%llu btime=%47s gen=%23s size=%llu %n", &ino, btime, gen,
               &marked_size, &off) == 4 &&
        off > 0 && ino == now.ino && !strcmp(btime, now.btime) && !strcmp(gen, now.gen)) {
        line[strcspn(line, "\n")] = '\0';
        m = parse_mark(line + off, size);
        /* Neither a birth time nor a generation: only a complete layout's
         * exact size tells this file from a new one on the same inode. */
        if (!strcmp(btime, "-") && !strcmp(gen, "-") &&
            (m != SSD__MARK_COMPLETE || now.size != marked_size || *size != marked_size))
            m = SSD__MARK_NONE;
    }
    if (m == SSD__MARK_NONE)
        *size = 0;
    fclose(f);
    return m;
}

enum ssd__layout_mark ssd__layout_mark_get(const char *path, uint64_t *size) {
    char v[64];
    *size = 0;
    ssize_t n = getxattr(path, MARK_XATTR, v, sizeof v - 1);
    if (n >= 0) {
        v[n] = '\0';
        return parse_mark(v, size);
    }
    /* ENODATA: the filesystem has user xattrs and this file has no mark; a
     * side file beside it (left by another file, or written by hand) does
     * not make it ssdcore's. */
    return xattr_unsupported(errno) ? side_get(path, size) : SSD__MARK_NONE;
}

/* The side file is replaced by rename, so a kill leaves the old mark or the
 * new one, never half of one. */
static int side_set(int fd, const char *path, const char *value) {
    struct file_ident id;
    ident_of_fd(fd, &id);
    if (!id.ino)
        return errno ? -errno : -EIO;
    char *sp = side_path(path), line[256];
    if (!sp)
        return SSD_ENOMEM;
    int n = snprintf(line, sizeof line, "ssdcore-layout 2 ino=%llu btime=%s gen=%s size=%llu %s\n",
                     id.ino, id.btime, id.gen, id.size, value);
    int rc = ssd__write_atomic(sp, line, (size_t)n);
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
