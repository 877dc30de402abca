/* target_file.c - regular files as targets: created to a size, laid out with
 * random data (reading a hole measures the page allocator, not the drive),
 * opened with O_DIRECT unless buffered I/O is asked for. */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdatomic.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "file_write.h"
#include "grow.h"
#include "interrupt.h"
#include "clock.h"
#include "target_impl.h"
#include "xrand.h"

#define LAYOUT_CHUNK (1u << 20)

static int file_trim(ssd_target *t, uint64_t offset, uint64_t length) {
    if (length == 0)
        return 0;
    if (fallocate(t->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)offset, (off_t)length) <
        0) {
        int e = errno;
        if (e == EOPNOTSUPP || e == ENOSYS)
            return ssd__fail(t->err, SSD_EUNSUPPORTED,
                             "%s: the filesystem cannot punch holes (trim): %s", t->uri,
                             strerror(e));
        return ssd__fail(t->err, -e, "%s: trim %llu+%llu failed: %s", t->uri,
                         (unsigned long long)offset, (unsigned long long)length, strerror(e));
    }
    return 0;
}

/* One run at a time on a file target: two jobs on one file would measure
 * each other's I/O, and two layouts of a new file would leave its mark
 * saying what neither did. The lock is flock() on a descriptor of its own
 * (not the one I/O goes through: an io_uring gives that one back only some
 * time after the process ends), one per file and process, shared by every
 * target of the process on that file: a program that opens one file twice
 * (a Target and a job on its path) is one user of it. */
struct file_hold {
    dev_t dev;
    ino_t ino;
    int fd, refs;
};
static pthread_mutex_t holds_mu = PTHREAD_MUTEX_INITIALIZER;
static struct file_hold *holds;
static size_t nholds, holds_cap;

/* t->impl: the index + 1 of its hold, as a pointer-sized integer. */
static void file_release(ssd_target *t) {
    size_t i = (size_t)(uintptr_t)t->impl;
    t->impl = NULL;
    if (!i--)
        return;
    pthread_mutex_lock(&holds_mu);
    if (i < nholds && --holds[i].refs == 0) {
        close(holds[i].fd);
        holds[i].fd = -1;
    }
    pthread_mutex_unlock(&holds_mu);
}

/* Under holds_mu: t shares the hold of st's file when the process has one
 * (1), else 0. */
static int share_hold(ssd_target *t, const struct stat *st) {
    for (size_t i = 0; i < nholds; i++)
        if (holds[i].refs && holds[i].dev == st->st_dev && holds[i].ino == st->st_ino) {
            holds[i].refs++;
            t->impl = (void *)(uintptr_t)(i + 1);
            return 1;
        }
    return 0;
}

/* Takes the lock of the file open as t->fd (st: its fstat). Returns 0 (also
 * where the filesystem has no flock), -EBUSY with the message, or
 * SSD_EINTERRUPTED. */
static int file_hold(ssd_target *t, const char *path, const struct stat *st) {
    pthread_mutex_lock(&holds_mu);
    int shared = share_hold(t, st);
    pthread_mutex_unlock(&holds_mu);
    if (shared)
        return 0;
    /* The same file as t->fd, in a descriptor of its own. */
    char self[64];
    snprintf(self, sizeof self, "/proc/self/fd/%d", t->fd);
    int fd = open(self, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    struct stat ls;
    if (fd >= 0 && (fstat(fd, &ls) < 0 || ls.st_dev != st->st_dev || ls.st_ino != st->st_ino)) {
        close(fd);
        fd = -1;
    }
    if (fd < 0)
        return 0; /* no /proc, or no read access: unlocked, as before */
    /* A busy lock is tried again for a moment: a run that is ending, or
     * one on its way out between two steps, lets it go. */
    int locked = flock(fd, LOCK_EX | LOCK_NB) == 0 || errno != EWOULDBLOCK;
    for (int tries = 0; !locked && tries < 50; tries++) {
        if (ssd__sleep_interruptible(0.01) == SSD_EINTERRUPTED) {
            close(fd);
            return ssd__fail(t->err, SSD_EINTERRUPTED, "%s: interrupted while another run held it",
                             path);
        }
        locked = flock(fd, LOCK_EX | LOCK_NB) == 0 || errno != EWOULDBLOCK;
    }
    if (!locked) {
        close(fd);
        return ssd__fail(t->err, -EBUSY,
                         "%s: in use by another ssdcore job, suite or replay (another process "
                         "holds the file's lock): two runs on one target would measure each "
                         "other's I/O",
                         path);
    }
    pthread_mutex_lock(&holds_mu);
    /* Another thread of this process may have taken it meanwhile. */
    if (share_hold(t, st)) {
        close(fd); /* the lock stays with the other descriptor */
    } else {
        size_t i;
        for (i = 0; i < nholds && holds[i].refs; i++)
            ;
        if (i == nholds && ssd__grow(&holds, nholds, &holds_cap, sizeof *holds, 8)) {
            pthread_mutex_unlock(&holds_mu);
            close(fd);
            return ssd__fail(t->err, SSD_ENOMEM, "out of memory");
        }
        if (i == nholds)
            nholds++;
        holds[i] = (struct file_hold){st->st_dev, st->st_ino, fd, 1};
        t->impl = (void *)(uintptr_t)(i + 1);
    }
    pthread_mutex_unlock(&holds_mu);
    return 0;
}

/* A file has no secure erase: its blocks are given back to the
 * filesystem, which discards them on the drive if it is mounted so. */
static int file_purge(ssd_target *t, const char **how) {
    *how = "hole punch";
    return file_trim(t, 0, t->size);
}

static const struct ssd__target_ops file_ops = {
    .kind = "file",
    .trim = file_trim,
    .close = file_release,
    .purge = file_purge,
};

static uint64_t layout_nonce(void) {
    static _Atomic uint64_t counter;
    return ssd__mono_ns() ^ (atomic_fetch_add(&counter, 1) << 40) ^ ((uint64_t)getpid() << 20);
}

/* Writes random data over [from, to), both multiples of the block size.
 * `have` is what the file already occupies: a layout that cannot fit in
 * that plus the free space is refused before writing anything. */
static int layout(ssd_target *t, uint64_t from, uint64_t to, uint64_t have) {
    /* The generation at open: an interrupt that lands while the file is
     * being created or marked stops the layout too. */
    unsigned gen = t->open_gen;
    struct statvfs vfs;
    if (fstatvfs(t->fd, &vfs) == 0 && vfs.f_frsize > 0) {
        uint64_t avail = (uint64_t)vfs.f_bavail;
        avail = avail > UINT64_MAX / vfs.f_frsize ? UINT64_MAX : avail * vfs.f_frsize;
        if (to - from > have && to - from - have > avail)
            return ssd__fail(t->err, -ENOSPC,
                             "%s: laying out %llu bytes needs more than the %llu bytes free on "
                             "its filesystem (give a smaller size)",
                             t->uri, (unsigned long long)(to - from), (unsigned long long)avail);
    }
    void *buf = NULL;
    if (posix_memalign(&buf, 4096, LAYOUT_CHUNK))
        return ssd__fail(t->err, SSD_ENOMEM, "%s: no memory for the layout buffer", t->uri);
    struct ssd__rng rng;
    /* Seeded from the clock, as write data is: a fixed seed gave every file
     * ssdcore ever laid out the same bytes at the same offsets, which a
     * deduplicating drive or filesystem stores once. */
    ssd__rng_seed(&rng, 0x6c61796f7574ULL ^ from ^ layout_nonce());
    /* Preallocating first gives the filesystem the chance to place the file
     * contiguously; filesystems without fallocate just skip it. */
    if (to > from)
        (void)fallocate(t->fd, 0, (off_t)from, (off_t)(to - from));
    int rc = 0;
    for (uint64_t off = from; off < to;) {
        if (ssd__interrupt_generation() != gen) {
            rc = ssd__fail(t->err, SSD_EINTERRUPTED, "%s: interrupted while laying out the file",
                           t->uri);
            break;
        }
        size_t n = to - off < LAYOUT_CHUNK ? (size_t)(to - off) : LAYOUT_CHUNK;
        ssd__rng_fill(&rng, buf, n);
        if ((rc = ssd__write_all(t->fd, buf, n, (off_t)off))) {
            ssd__fail(t->err, rc, "%s: laying out the file failed at offset %llu: %s", t->uri,
                      (unsigned long long)off, ssd_strerror(rc));
            break;
        }
        off += n;
    }
    if (!rc && fdatasync(t->fd) < 0)
        rc = ssd__fail_errno(t->err, "%s: fdatasync after layout failed", t->uri);
    free(buf);
    return rc;
}

static unsigned dio_alignment(int fd) {
#ifdef STATX_DIOALIGN
    struct statx sx;
    if (statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &sx) == 0 && (sx.stx_mask & STATX_DIOALIGN))
        return sx.stx_dio_offset_align; /* 0: O_DIRECT unsupported */
#endif
    return 4096; /* safe for every device we know of */
}

/* Which of the file's bytes are laid out again, as [*from, want): none
 * (*from = want), the part beyond the current size, or all of it. */
static void layout_range(const ssd_target *t, const struct stat *st, enum ssd__layout_mark mark,
                         int created, uint64_t want, unsigned bsz, uint64_t *from) {
    uint64_t cur = (uint64_t)st->st_size;
    int sparse = (uint64_t)st->st_blocks * 512 < cur;
    *from = want;
    if (t->opt_layout == 2)
        return;
    /* A layout begun and not finished is never trusted: its fallocated
     * blocks read as zeros without touching the flash. */
    if (t->opt_layout == 1 || created || mark == SSD__MARK_INCOMPLETE || (sparse && cur > 0))
        *from = 0;
    else if (want > cur)
        *from = cur - cur % bsz;
}

/* The rule that keeps a user's data safe (docs/crash-safety.md): a file
 * ssdcore created carries a layout mark and is ssdcore's to write; any other
 * existing file is the user's and is opened read-only, laid out, extended,
 * written or trimmed only with destroy_data. A read job on it reads the
 * file as it is, as fio does. */
/* file_open found the file changed between its checks and its open (another
 * process created, laid out or replaced it): look again. */
#define FILE_OPEN_AGAIN 1

/* An unnamed file in path's directory (O_TMPFILE, open(2)), opened with
 * flags; -1 where the filesystem or kernel has none. */
static int open_unnamed(const char *path, int flags) {
#ifdef O_TMPFILE
    char dir[4096];
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) : 0;
    if (n >= sizeof dir)
        return -1;
    if (slash && n == 0)
        n = 1; /* a file in / */
    memcpy(dir, slash ? path : ".", slash ? n : 1);
    dir[slash ? n : 1] = '\0';
    return open(dir, (flags & ~O_ACCMODE) | O_RDWR | O_TMPFILE, 0644);
#else
    (void)path;
    (void)flags;
    return -1;
#endif
}

static int file_open(ssd_target *t, const char *path, int *created) {
    struct stat st;
    int exists = stat(path, &st) == 0;
    if (!exists && errno != ENOENT)
        return ssd__fail_errno(t->err, "%s", path);
    if (exists && S_ISBLK(st.st_mode))
        return ssd__block_target_open(t, path);
    if (exists && !S_ISREG(st.st_mode))
        return ssd__fail(t->err, SSD_EINVAL, "%s: not a regular file or block device", path);
    if (!exists && (t->opt_read_only || !t->opt_size))
        return ssd__fail(t->err, -ENOENT,
                         "%s: no such file (give option size, e.g. 8g, to create it)", path);

    uint64_t marked_size = 0;
    enum ssd__layout_mark mark = exists ? ssd__layout_mark_get(path, &marked_size) : SSD__MARK_NONE;
    const enum ssd__layout_mark mark_seen = mark;
    const uint64_t marked_seen = marked_size;
    const ino_t ino_seen = exists ? st.st_ino : 0;
    /* A complete mark for fewer bytes than the file has: the rest was added
     * by someone else, so the file is not all test data. */
    if (mark == SSD__MARK_COMPLETE && marked_size < (uint64_t)st.st_size &&
        (!t->opt_size || marked_size < t->opt_size))
        mark = SSD__MARK_INCOMPLETE;
    int users_file = exists && mark == SSD__MARK_NONE && !t->opt_destroy_data;
    if (t->opt_read_only && mark == SSD__MARK_INCOMPLETE)
        return ssd__fail(t->err, SSD_EINVAL,
                         "%s: its layout was interrupted (user.ssdcore.layout is not complete), "
                         "so its blocks are not test data; open it for writing (e.g. with "
                         "option size) to lay it out again",
                         path);
    if (users_file && !t->opt_read_only) {
        if (t->opt_layout == 1)
            return ssd__fail(t->err, SSD_EUNSAFE,
                             "%s: laying out an existing file ssdcore did not create overwrites "
                             "its data: pass option destroy_data",
                             path);
        snprintf(t->write_refused, sizeof t->write_refused, "%s",
                 "is an existing file ssdcore did not create (no layout mark): writing or "
                 "trimming it destroys its data, pass option destroy_data");
    }

    int rdonly = t->opt_read_only || users_file;
    int flags = (rdonly ? O_RDONLY : exists ? O_RDWR : O_RDWR | O_CREAT | O_EXCL) | O_CLOEXEC;
    if (!t->opt_buffered)
        flags |= O_DIRECT;
    /* A new file is made unnamed (O_TMPFILE), locked, then linked in, so
     * that no other run sees its path before its lock is held. Before, a
     * second job started with the first could stat the new empty file in
     * the moment between the first one's create and its lock, take the
     * lock itself, and refuse the file as one ssdcore did not create. A
     * filesystem without O_TMPFILE creates it by name, as before. */
    int unnamed = 0;
    if (!exists) {
        t->fd = open_unnamed(path, flags & ~(O_CREAT | O_EXCL));
        unnamed = t->fd >= 0;
    }
by_name:
    if (!unnamed)
        t->fd = open(path, flags, 0644);
    *created = !exists && t->fd >= 0 && !unnamed;
    if (t->fd < 0 && exists && !rdonly && errno == EROFS) {
        /* Reading ssdcore's own file on a read-only mount needs no write
         * access; a job that writes is refused with this reason. */
        snprintf(t->write_refused, sizeof t->write_refused, "%s", "is on a read-only filesystem");
        rdonly = 1;
        t->fd = open(path, (flags & ~O_RDWR) | O_RDONLY, 0644);
    }
    if (t->fd < 0 && !exists && errno == EEXIST)
        return FILE_OPEN_AGAIN; /* created by another process since the stat */
    if (t->fd < 0) {
        int e = errno;
        if (e == EINVAL && !t->opt_buffered)
            return ssd__fail(t->err, SSD_EUNSUPPORTED,
                             "%s: the filesystem does not support O_DIRECT (use buffered I/O)",
                             path);
        return ssd__fail(t->err, -e, "%s: cannot open%s: %s", path, rdonly ? "" : " for writing",
                         strerror(e));
    }
    if (fstat(t->fd, &st) < 0)
        return ssd__fail_errno(t->err, "%s", path);
    /* The lock before anything is written; ops set now so that a failed
     * open gives it back (ssd_target_open calls ops->close). */
    t->ops = &file_ops;
    int rc = file_hold(t, path, &st);
    if (rc)
        return rc;
    if (unnamed) {
        char self[64];
        snprintf(self, sizeof self, "/proc/self/fd/%d", t->fd);
        if (linkat(AT_FDCWD, self, AT_FDCWD, path, AT_SYMLINK_FOLLOW) < 0) {
            int e = errno;
            file_release(t);
            close(t->fd);
            t->fd = -1;
            t->ops = NULL;
            if (e == EEXIST)
                return FILE_OPEN_AGAIN; /* created by another process since the stat */
            /* No /proc to link through (a chroot or a sandbox without
             * it): create the file by name. Where that fails too (no
             * space, no permission), its open says why. */
            unnamed = 0;
            goto by_name;
        }
        *created = 1;
    }
    /* What the checks above saw may have changed before the lock was taken
     * (a run that held it laid the file out, or replaced it). */
    if (exists) {
        uint64_t now_size = 0;
        if (st.st_ino != ino_seen || ssd__layout_mark_get(path, &now_size) != mark_seen ||
            now_size != marked_seen) {
            file_release(t);
            close(t->fd);
            t->fd = -1;
            return FILE_OPEN_AGAIN;
        }
    }

    unsigned bsz = 512;
    if (!t->opt_buffered) {
        bsz = dio_alignment(t->fd);
        if (!bsz)
            return ssd__fail(t->err, SSD_EUNSUPPORTED,
                             "%s: the filesystem does not support O_DIRECT (use buffered I/O)",
                             path);
        if (bsz < 512)
            bsz = 512;
    }
    uint64_t cur = (uint64_t)st.st_size;
    uint64_t want = t->opt_size ? t->opt_size : cur;
    want -= want % bsz;
    if (want == 0)
        return ssd__fail(t->err, SSD_EINVAL,
                         "%s: the file is empty or smaller than one %u-byte block (give a size)",
                         path, bsz);
    if (want > cur && rdonly)
        return ssd__fail(t->err, t->write_refused[0] ? SSD_EUNSAFE : SSD_ERANGE,
                         "%s: the file has %llu bytes, fewer than the size asked for (%llu), "
                         "and it %s",
                         path, (unsigned long long)cur, (unsigned long long)want,
                         t->write_refused[0] ? t->write_refused : "is opened read-only");

    t->ops = &file_ops;
    t->size = want;
    t->block_size = bsz;

    uint64_t from = want;
    if (!rdonly)
        layout_range(t, &st, mark, *created, want, bsz, &from);
    else if (mark == SSD__MARK_INCOMPLETE && t->write_refused[0])
        return ssd__fail(t->err, SSD_EINVAL,
                         "%s: its layout was interrupted, so its blocks are not test data, and "
                         "it %s",
                         path, t->write_refused);
    /* Only what ssdcore laid out from the first byte is marked: a user's
     * file extended with destroy_data stays the user's. */
    int ours = *created || mark != SSD__MARK_NONE || from == 0;
    if (from >= want) {
        /* A new file left unlaid (layout never) is ssdcore's but not test
         * data yet: the next open lays it out. */
        return *created ? ssd__layout_mark_set(t, path, SSD__MARK_INCOMPLETE, 0) : 0;
    }
    rc = ours ? ssd__layout_mark_set(t, path, SSD__MARK_INCOMPLETE, 0) : 0;
    if (!rc)
        rc = layout(t, from, want, (uint64_t)st.st_blocks * 512);
    if (!rc && ours)
        rc = ssd__layout_mark_set(t, path, SSD__MARK_COMPLETE, want);
    /* No half-laid-out file passed off as a target later: give back what
     * this call added (a file it created goes in ssd__file_target_open). */
    if (rc < 0 && exists && want > cur)
        (void)!ftruncate(t->fd, (off_t)cur);
    return rc;
}

int ssd__file_target_open(ssd_target *t, const char *path) {
    int created = 0, rc = FILE_OPEN_AGAIN;
    for (int tries = 0; rc == FILE_OPEN_AGAIN && tries < 4; tries++) {
        t->write_refused[0] = '\0';
        rc = file_open(t, path, &created);
    }
    if (rc == FILE_OPEN_AGAIN)
        return ssd__fail(t->err, -EBUSY,
                         "%s: kept changing while it was opened (another "
                         "process is creating or replacing it)",
                         path);
    if (rc < 0 && created)
        (void)unlink(path); /* a refused or interrupted open leaves no file */
    return rc;
}
