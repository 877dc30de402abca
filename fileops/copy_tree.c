/* copy_tree.c - Robocopy-like tree copy: scan on the calling thread, copy on
 * N workers, directory metadata last, destination synced before the clock
 * stops.
 *
 * The copy path is plain read(2)/write(2) by default. copy_file_range and
 * FICLONE are opt-in: on a CoW filesystem they finish without writing data,
 * which would measure the filesystem, not the drive. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/fs.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include <ssdcore/fileops.h>

#include "fo_util.h"
#include "options.h"
#include "result_size.h"

#define MAX_FAILURES 1000
#define DIRECT_ALIGN 4096
/* Below this, one read and one write cost less than two splices. */
#define SPLICE_MIN (256 * 1024)
/* Paths are opened by name, so one over PATH_MAX fails alone, with this. */
#define TOO_LONG                                                                                   \
    "path longer than the system limit (PATH_MAX, 4096 bytes): it cannot be opened by name, "      \
    "skipped"

enum job_kind { JOB_FILE, JOB_SYMLINK };

struct job {
    uint64_t size;
    int kind;
    char rel[];
};

struct dirmeta {
    struct stat st;
    char *rel;
};

struct hardlink {
    char *rel;    /* the link to create */
    char *target; /* an earlier copy of the same inode */
};

struct inode_slot {
    dev_t dev;
    ino_t ino;
    char *rel; /* NULL: empty slot; points into a job or dirmeta-owned string */
};

struct ssd_copy {
    char err[SSD__ERRMSG_SIZE];

    /* options (copy_options) */
    uint32_t workers;
    int recursive, mirror, list_only, include_same;
    int exclude_older, exclude_newer, exclude_changed;
    double mtime_tolerance;
    int hardlinks, unbuffered, use_cfr, reflink, use_splice, write_behind, sync_mode;
    int xattrs, acls, sparse; /* metadata and holes, like rsync -X, -A, --sparse */
    uint64_t unbuffered_min, buffer_size;
    uint32_t retries;
    double wait_s, progress_interval;
    char *fault_read;

    ssd_fileops_progress_fn progress_fn;
    void *progress_user;
    ssd_copy_log_fn log_fn;
    void *log_user;

    /* run state */
    const char *src, *dst;
    dev_t dst_dev;
    ino_t dst_ino;
    int is_root;
    double t0, next_progress;
    ssd_copy_result res;
    char *json; /* the last run's results (ssd_copy_to_json), compact */

    pthread_mutex_t mu;
    pthread_cond_t cv_work, cv_done;
    struct job **jobs;
    size_t njobs, jobs_cap, next_job, jobs_done;
    int scan_done;
    int abandon;     /* workers take no more jobs (fatal error or stop) */
    atomic_int stop; /* the progress callback asked to stop */
    atomic_uint_fast64_t bytes_done;

    struct dirmeta *dirs;
    size_t ndirs, dirs_cap;
    struct hardlink *links;
    size_t nlinks, links_cap;
    struct inode_slot *inodes;
    size_t inodes_cap, ninodes;

    char **failures;
    size_t nfailures;
};

/* ---------------------------------------------------------------- options */

#define SSD__OPTION_OWNER struct ssd_copy
/* clang-format off */
/* X(key, TYPE, field, unit, min, max, default, words, flags, help) */
#define COPY_OPTIONS(X)                                                                            \
    X(workers, INT, workers, "", 1, 256, "8", "", 0, "parallel copy threads (Robocopy /MT)")       \
    X(recursive, BOOL, recursive, "", 0, 1, "1", "", 0,                                            \
      "copy subdirectories, empty ones too (/E)")                                                  \
    X(mirror, BOOL, mirror, "", 0, 1, "0", "", 0,                                                  \
      "also delete destination entries absent from the source (/MIR)")                            \
    X(list_only, BOOL, list_only, "", 0, 1, "0", "", 0, "decide and report, change nothing (/L)")  \
    X(include_same, BOOL, include_same, "", 0, 1, "0", "", 0, "copy same files too (/IS)")         \
    X(exclude_older, BOOL, exclude_older, "", 0, 1, "0", "", 0,                                    \
      "skip files whose source is older than the destination (/XO)")                              \
    X(exclude_newer, BOOL, exclude_newer, "", 0, 1, "0", "", 0,                                    \
      "skip files whose source is newer (/XN)")                                                    \
    X(exclude_changed, BOOL, exclude_changed, "", 0, 1, "0", "", 0,                                \
      "skip same-mtime files of another size (/XC)")                                               \
    X(mtime_tolerance, DURATION, mtime_tolerance, "s", 0, 1e7, "0", "", 0,                         \
      "mtimes this close count as equal (/FFT is 2s)")                                             \
    X(hardlinks, BOOL, hardlinks, "", 0, 1, "0", "", 0, "recreate hard links among copied files")  \
    X(xattrs, BOOL, xattrs, "", 0, 1, "1", "", 0,                                                  \
      "copy extended attributes: user.*, and trusted.* and security.* when root (rsync -X; "       \
      "Robocopy keeps alternate data streams)")                                                    \
    X(acls, BOOL, acls, "", 0, 1, "0", "", 0,                                                      \
      "copy POSIX ACLs, a directory's default ACL too (rsync -A, Robocopy /COPY:S)")              \
    X(sparse, BOOL, sparse, "", 0, 1, "0", "", 0,                                                  \
      "keep a sparse source's holes as holes (cp --sparse=auto, rsync --sparse); off, every "      \
      "byte is written, as the drive test wants")                                                  \
    X(unbuffered, BOOL, unbuffered, "", 0, 1, "0", "", 0,                                          \
      "O_DIRECT for files of at least unbuffered_min bytes (/J)")                                  \
    X(unbuffered_min, SIZE, unbuffered_min, "B", 0, HUGE_VAL, "1m", "", 0,                         \
      "smallest file unbuffered copies with O_DIRECT")                                             \
    X(buffer_size, SIZE, buffer_size, "B", 4096, 1 << 30, "1m", "", 0,                             \
      "copy buffer per worker, a multiple of 4k")                                                  \
    X(splice, BOOL, use_splice, "", 0, 1, "1", "", 0,                                              \
      "move files of 256 KiB and more through a pipe with splice(2): one copy in the kernel "     \
      "instead of two, and always real writes")                                                    \
    X(write_behind, BOOL, write_behind, "", 0, 1, "1", "", 0,                                      \
      "big files: start write-back every 8 MiB and drop the pages written (bounded dirty data, "  \
      "a short final sync; not with sync none)")                                                   \
    X(copy_file_range, BOOL, use_cfr, "", 0, 1, "0", "", 0,                                        \
      "use copy_file_range(2) instead of read/write (may skip real writes)")                       \
    X(reflink, BOOL, reflink, "", 0, 1, "0", "", 0,                                                \
      "try FICLONE first (CoW filesystems: measures no writes)")                                   \
    X(sync, ENUM, sync_mode, "", 0, 0, "fs", "none fs file", 0,                                    \
      "flush the destination before the clock stops: syncfs, an fsync per file, or nothing")       \
    X(retries, INT, retries, "", 0, 1000000, "0", "", 0, "attempts after a failure (/R)")          \
    X(wait, DURATION, wait_s, "s", 0, 86400, "1s", "", 0, "time between attempts (/W)")            \
    SSD__FO_PROGRESS_INTERVAL_OPTION(X)                                                            \
    X(fault_read, TEXT, fault_read, "text", 0, 0, "", "", SSD_OPTION_TEST_HOOK,                    \
      "testing: reads of files whose relative path contains this text fail with EIO")
/* clang-format on */
SSD__OPTION_TABLE(copy_options, "copy", COPY_OPTIONS);

SSD__OPTIONS_ACCESSOR(ssd_copy_options, copy_options)

int ssd_copy_create(ssd_copy **out) {
    return ssd__option_create(out, sizeof **out, &copy_options);
}

static void clear_failures(ssd_copy *c) {
    for (size_t i = 0; i < c->nfailures; i++)
        free(c->failures[i]);
    free(c->failures);
    c->failures = NULL;
    c->nfailures = 0;
}

void ssd_copy_free(ssd_copy *c) {
    if (!c)
        return;
    clear_failures(c);
    ssd__option_free(&copy_options, c);
    free(c->json);
    free(c);
}

SSD__FO_HANDLE_CALLS(copy)

size_t ssd_copy_failure_count(const ssd_copy *c) {
    return c ? c->nfailures : 0;
}

const char *ssd_copy_failure(const ssd_copy *c, size_t i) {
    return c && i < c->nfailures ? c->failures[i] : NULL;
}

int ssd_copy_set_log(ssd_copy *c, ssd_copy_log_fn fn, void *user) {
    if (!c)
        return SSD_EINVAL;
    c->log_fn = fn;
    c->log_user = user;
    return 0;
}

int ssd_copy_set_option(ssd_copy *c, const char *key, const char *value) {
    if (!c)
        return SSD_EINVAL;
    uint64_t old = c->buffer_size;
    int i = ssd__option_set(&copy_options, c, key, value, c->err);
    if (i == OPT_buffer_size && c->buffer_size % DIRECT_ALIGN) {
        c->buffer_size = old;
        return ssd__fail(c->err, SSD_EINVAL, "option buffer_size: %s is not a multiple of 4k",
                         value);
    }
    return i < 0 ? i : 0;
}

/* ---------------------------------------------------------------- helpers */

static double elapsed(const ssd_copy *c) {
    return ssd__mono_s() - c->t0;
}

/* Calls the progress callback (on the thread running ssd_copy_run only) and
 * records a request to stop in c->stop. */
static void emit_progress(ssd_copy *c, const char *phase, int force) {
    if (!c->progress_fn || atomic_load(&c->stop))
        return;
    pthread_mutex_lock(&c->mu); /* workers update jobs_done */
    ssd_fileops_progress p = {
        .size = sizeof p,
        .phase = phase,
        .files_done = c->jobs_done,
        .files_total = c->njobs,
        .bytes_done = atomic_load(&c->bytes_done),
        .bytes_total = c->res.bytes.total - c->res.bytes.skipped - c->res.bytes.mismatch,
    };
    pthread_mutex_unlock(&c->mu);
    if (ssd__fo_progress(c->progress_fn, c->progress_user, c->progress_interval, c->t0,
                         &c->next_progress, force, &p))
        atomic_store(&c->stop, 1);
}

static void log_action(ssd_copy *c, const char *action, const char *rel, uint64_t size) {
    if (c->log_fn)
        c->log_fn(c->log_user, action, rel, size);
}

/* Records a per-entry failure; called with c->mu held or before workers run. */
static void record_failure(ssd_copy *c, int code, const char *rel, const char *why) {
    if (!c->res.first_error) {
        c->res.first_error = code;
        ssd__fail(c->err, code, "%s: %s", rel, why);
    }
    if (c->nfailures >= MAX_FAILURES)
        return;
    char **grown = realloc(c->failures, (c->nfailures + 1) * sizeof *grown);
    if (!grown)
        return;
    c->failures = grown;
    size_t n = strlen(rel) + strlen(why) + 3;
    char *text = malloc(n);
    if (!text)
        return;
    snprintf(text, n, "%s: %s", rel, why);
    c->failures[c->nfailures++] = text;
}

/* The scanning thread's version: workers may be recording at the same time. */
static void scan_failure(ssd_copy *c, int code, const char *rel, const char *why, uint64_t *count,
                         uint64_t *bytes, uint64_t size) {
    pthread_mutex_lock(&c->mu);
    record_failure(c, code, rel, why);
    if (count)
        (*count)++;
    if (bytes)
        *bytes += size;
    pthread_mutex_unlock(&c->mu);
}

static double ts_diff(const struct timespec *a, const struct timespec *b) {
    return (double)(a->tv_sec - b->tv_sec) + (double)(a->tv_nsec - b->tv_nsec) * 1e-9;
}

/* ---------------------------------------------------------------- hard links */

static size_t inode_hash(dev_t dev, ino_t ino) {
    uint64_t h = (uint64_t)ino * 0x9E3779B97F4A7C15ull ^ (uint64_t)dev;
    return (size_t)(h ^ (h >> 29));
}

/* Returns the relpath first seen for this inode, or registers rel and
 * returns NULL. */
static const char *inode_seen(ssd_copy *c, const struct stat *st, char *rel, int *oom) {
    if (c->ninodes * 2 >= c->inodes_cap) {
        size_t ncap = c->inodes_cap ? c->inodes_cap * 2 : 256;
        struct inode_slot *t = calloc(ncap, sizeof *t);
        if (!t) {
            *oom = 1;
            return NULL;
        }
        for (size_t i = 0; i < c->inodes_cap; i++) {
            if (!c->inodes[i].rel)
                continue;
            size_t j = inode_hash(c->inodes[i].dev, c->inodes[i].ino) & (ncap - 1);
            while (t[j].rel)
                j = (j + 1) & (ncap - 1);
            t[j] = c->inodes[i];
        }
        free(c->inodes);
        c->inodes = t;
        c->inodes_cap = ncap;
    }
    size_t j = inode_hash(st->st_dev, st->st_ino) & (c->inodes_cap - 1);
    while (c->inodes[j].rel) {
        if (c->inodes[j].dev == st->st_dev && c->inodes[j].ino == st->st_ino)
            return c->inodes[j].rel;
        j = (j + 1) & (c->inodes_cap - 1);
    }
    c->inodes[j] = (struct inode_slot){st->st_dev, st->st_ino, rel};
    c->ninodes++;
    return NULL;
}

/* ---------------------------------------------------------------- workers */

struct worker {
    ssd_copy *c;
    unsigned char *buf;
    int pipe[2]; /* for splice; -1 when unavailable */
    pthread_t thread;
    double failed_s;
};

static int fault_hit(const ssd_copy *c, const char *rel) {
    return c->fault_read && strstr(rel, c->fault_read);
}

/* After each read: a stop request or an injected read fault ends the file's
 * copy (0: go on). */
static int read_stop(ssd_copy *c, const struct job *j, const char **stage) {
    if (atomic_load(&c->stop))
        return *stage = "stopped", SSD_EINTERRUPTED;
    if (fault_hit(c, j->rel))
        return *stage = "read (injected fault)", -EIO;
    return 0;
}

#define BEHIND_WINDOW ((off_t)8 << 20)

/* Keeps a big copy from flooding the page cache: starts write-back of each
 * finished 8 MiB window, waits for the window before it, and drops both
 * files' pages of that window. Dirty data stays bounded, the final sync is
 * short, and page reclaim does not land on the copying threads. Only the
 * cache is touched, never the source's data. */
static void behind(const ssd_copy *c, int sfd, int dfd, off_t *mark, off_t pos) {
    if (!c->write_behind || !c->sync_mode)
        return;
    while (pos - *mark >= BEHIND_WINDOW) {
        off_t start = *mark;
        sync_file_range(dfd, start, BEHIND_WINDOW, SYNC_FILE_RANGE_WRITE);
        if (start >= BEHIND_WINDOW) {
            off_t prev = start - BEHIND_WINDOW;
            sync_file_range(dfd, prev, BEHIND_WINDOW,
                            SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE |
                                SYNC_FILE_RANGE_WAIT_AFTER);
            posix_fadvise(dfd, prev, BEHIND_WINDOW, POSIX_FADV_DONTNEED);
        }
        posix_fadvise(sfd, start, BEHIND_WINDOW, POSIX_FADV_DONTNEED);
        *mark = start + BEHIND_WINDOW;
    }
}

/* Moves data file -> pipe -> file inside the kernel: one copy into the
 * destination's page cache instead of two through a user buffer. Unlike
 * copy_file_range it can never share extents, so every byte is written.
 * Returns 1 when splice is unsupported here and nothing was moved. */
static int copy_splice(struct worker *w, const struct job *j, int sfd, int dfd,
                       const char **stage) {
    ssd_copy *c = w->c;
    int moved_any = 0;
    off_t pos = 0, mark = 0;
    for (;;) {
        ssize_t n = splice(sfd, NULL, w->pipe[1], NULL, c->buffer_size, SPLICE_F_MOVE);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (!moved_any && (errno == EINVAL || errno == ENOSYS))
                return 1;
            *stage = "read";
            return -errno;
        }
        if (n == 0)
            return 0;
        moved_any = 1;
        int rc = read_stop(c, j, stage);
        if (rc)
            return rc;
        for (ssize_t left = n; left > 0;) {
            ssize_t m = splice(w->pipe[0], NULL, dfd, NULL, (size_t)left, SPLICE_F_MOVE);
            if (m < 0 && errno == EINTR)
                continue;
            if (m <= 0) {
                *stage = "write";
                return m < 0 ? -errno : -EIO;
            }
            left -= m;
        }
        atomic_fetch_add(&c->bytes_done, (uint64_t)n);
        pos += n;
        behind(c, sfd, dfd, &mark, pos);
    }
}

/* After a failed splice the pipe may hold bytes: drain them so the next
 * file does not start with another file's data. */
static void drain_pipe(struct worker *w) {
    int avail = 0;
    while (ioctl(w->pipe[0], FIONREAD, &avail) == 0 && avail > 0) {
        size_t want = (size_t)avail < w->c->buffer_size ? (size_t)avail : w->c->buffer_size;
        if (read(w->pipe[0], w->buf, want) <= 0)
            break;
    }
}

#define ACL_ACCESS "system.posix_acl_access"
#define ACL_DEFAULT "system.posix_acl_default"

/* Copies extended attributes (option xattrs: user.*, and trusted.* and
 * security.* when root, as rsync -X does) and POSIX ACLs (option acls: the
 * access ACL, and a directory's default ACL, as rsync -A does; an ACL is an
 * xattr in system.*) from sfd to dfd. Called after the mode is set: an
 * access ACL carries the group-class bits itself. Returns 0 or -errno with
 * the attribute's name in why. */
static int copy_xattrs(const ssd_copy *c, int sfd, int dfd, int is_dir, char *why, size_t whylen) {
    if (!c->xattrs && !c->acls)
        return 0;
    char names[16384];
    ssize_t len = flistxattr(sfd, names, sizeof names);
    if (len < 0) {
        if (errno == ENOTSUP)
            return 0; /* the source filesystem has none */
        snprintf(why, whylen, "list extended attributes: %s", strerror(errno));
        return -errno;
    }
    char value[65536];
    for (const char *n = names; n < names + len; n += strlen(n) + 1) {
        int acl = !strcmp(n, ACL_ACCESS) || (is_dir && !strcmp(n, ACL_DEFAULT));
        int want =
            acl ? c->acls
                : c->xattrs &&
                      (!strncmp(n, "user.", 5) ||
                       (c->is_root && (!strncmp(n, "trusted.", 8) || !strncmp(n, "security.", 9))));
        if (!want)
            continue;
        ssize_t vlen = fgetxattr(sfd, n, value, sizeof value);
        if (vlen < 0) {
            if (errno == ENODATA)
                continue; /* removed since the listing */
            snprintf(why, whylen, "read extended attribute %.255s: %s", n, strerror(errno));
            return -errno;
        }
        if (fsetxattr(dfd, n, value, (size_t)vlen, 0) < 0) {
            /* rsync -X fails the file too: the copy would not be faithful */
            snprintf(why, whylen, "set extended attribute %.255s: %s%s", n, strerror(errno),
                     errno == ENOTSUP ? " on the destination (options xattrs=0, acls=0 skip them)"
                                      : "");
            return -errno;
        }
    }
    return 0;
}

/* Copies only the data extents of the source (SEEK_DATA/SEEK_HOLE), so its
 * holes stay holes, as cp --sparse=auto and rsync --sparse keep them.
 * Returns 0, or -errno with *stage set. */
static int copy_sparse(struct worker *w, const struct job *j, int sfd, int dfd, off_t size,
                       const char **stage) {
    ssd_copy *c = w->c;
    off_t pos = 0;
    while (pos < size) {
        off_t data = lseek(sfd, pos, SEEK_DATA);
        if (data < 0) {
            if (errno == ENXIO)
                break; /* only a hole is left */
            *stage = "seek data";
            return -errno;
        }
        off_t hole = lseek(sfd, data, SEEK_HOLE);
        if (hole < 0) {
            *stage = "seek hole";
            return -errno;
        }
        for (off_t off = data; off < hole;) {
            size_t want =
                (size_t)(hole - off) < c->buffer_size ? (size_t)(hole - off) : c->buffer_size;
            ssize_t n = pread(sfd, w->buf, want, off);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0) {
                *stage = "read";
                return -errno;
            }
            if (n == 0) {
                hole = off; /* the file shrank: the size check reports it */
                break;
            }
            int rc = read_stop(c, j, stage);
            if (rc)
                return rc;
            if ((rc = ssd__write_all(dfd, w->buf, (size_t)n, off)) < 0) {
                *stage = "write";
                return rc;
            }
            atomic_fetch_add(&c->bytes_done, (uint64_t)n);
            off += n;
        }
        pos = hole;
    }
    /* the tail hole, and the size the reads saw (a shrunk file stays short) */
    struct stat now;
    off_t end = fstat(sfd, &now) == 0 && now.st_size < size ? now.st_size : size;
    if (ftruncate(dfd, end) < 0) {
        *stage = "set size";
        return -errno;
    }
    return 0;
}

static int copy_data(struct worker *w, const struct job *j, int sfd, int dfd, int direct,
                     const char **stage) {
    ssd_copy *c = w->c;
    if (c->reflink && ioctl(dfd, FICLONE, sfd) == 0) {
        atomic_fetch_add(&c->bytes_done, j->size);
        return 0;
    }
    if (c->use_cfr && !fault_hit(c, j->rel)) {
        for (;;) {
            ssize_t n = copy_file_range(sfd, NULL, dfd, NULL, 1 << 30, 0);
            if (n < 0) {
                if (errno == EINTR)
                    continue;
                if (errno == EXDEV || errno == EOPNOTSUPP || errno == ENOSYS)
                    break; /* fall back to read/write from the current offsets */
                *stage = "copy_file_range";
                return -errno;
            }
            if (n == 0)
                return 0;
            atomic_fetch_add(&c->bytes_done, (uint64_t)n);
            if (atomic_load(&c->stop)) {
                *stage = "stopped";
                return SSD_EINTERRUPTED;
            }
        }
    }
    struct stat sst;
    if (c->sparse && !direct && fstat(sfd, &sst) == 0 &&
        (uint64_t)sst.st_blocks * 512 < (uint64_t)sst.st_size)
        return copy_sparse(w, j, sfd, dfd, sst.st_size, stage); /* it has holes */
    if (c->use_splice && !direct && w->pipe[0] >= 0 && j->size >= SPLICE_MIN) {
        int rc = copy_splice(w, j, sfd, dfd, stage);
        if (rc <= 0) {
            if (rc < 0)
                drain_pipe(w);
            return rc;
        }
    }
    off_t pos = 0, mark = 0;
    for (;;) {
        ssize_t n = read(sfd, w->buf, c->buffer_size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            *stage = "read";
            return -errno;
        }
        if (n == 0)
            return 0;
        int rc = read_stop(c, j, stage);
        if (rc)
            return rc;
        if (direct && n % DIRECT_ALIGN) {
            /* The tail of the file: O_DIRECT needs aligned lengths. */
            int fl = fcntl(dfd, F_GETFL);
            if (fl < 0 || fcntl(dfd, F_SETFL, fl & ~O_DIRECT) < 0) {
                *stage = "fcntl";
                return -errno;
            }
        }
        if ((rc = ssd__write_all(dfd, w->buf, (size_t)n, -1)) < 0) {
            *stage = "write";
            return rc;
        }
        atomic_fetch_add(&c->bytes_done, (uint64_t)n);
        if (direct && n % DIRECT_ALIGN)
            return 0;
        pos += n;
        if (!direct)
            behind(c, sfd, dfd, &mark, pos);
    }
}

static int set_meta_fd(ssd_copy *c, int fd, const struct stat *st) {
    if (c->is_root && fchown(fd, st->st_uid, st->st_gid) < 0)
        return -errno;
    if (fchmod(fd, st->st_mode & 07777) < 0)
        return -errno;
    struct timespec ts[2] = {st->st_atim, st->st_mtim};
    if (futimens(fd, ts) < 0)
        return -errno;
    return 0;
}

static int copy_regular(struct worker *w, const struct job *j, const char *sp, const char *dp,
                        char *why, size_t whylen) {
    ssd_copy *c = w->c;
    int direct = c->unbuffered && j->size >= c->unbuffered_min;
    const char *stage = "open source";
    int sfd = -1, dfd = -1, rc = 0, created = 0;
    struct ssd__fo_tmpfile tmp;
    /* O_NONBLOCK: a FIFO swapped in after the scan must not hang a worker. */
    int sflags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC;
    sfd = open(sp, sflags | (direct ? O_DIRECT : 0));
    if (sfd < 0 && direct && errno == EINVAL)
        sfd = open(sp, sflags);
    if (sfd < 0) {
        rc = -errno;
        goto out;
    }
    struct stat st;
    stage = "stat source";
    if (fstat(sfd, &st) < 0) {
        rc = -errno;
        goto out;
    }
    if (!S_ISREG(st.st_mode)) {
        stage = "not a regular file";
        rc = -EINVAL;
        goto out;
    }
    /* O_NONBLOCK stays: regular files ignore it. */
    if (!direct)
        posix_fadvise(sfd, 0, 0, POSIX_FADV_SEQUENTIAL);
    stage = "create destination";
    /* Written under no name (or a marked temporary one) and renamed over
     * the old file once complete: a killed copy never leaves a truncated
     * file under its final name (which /XO would then keep), the old copy
     * stays whole until then, and a link there is replaced, not followed. */
    rc = ssd__fo_tmp_open(&tmp, AT_FDCWD, dp, direct ? O_DIRECT : 0, 0600);
    if (rc == -EINVAL && direct) {
        direct = 0;
        rc = ssd__fo_tmp_open(&tmp, AT_FDCWD, dp, 0, 0600);
    }
    if (rc < 0)
        goto out;
    dfd = tmp.fd;
    created = 1;
    if ((rc = copy_data(w, j, sfd, dfd, direct, &stage)) < 0)
        goto out;
    /* A file that shrank (or grew) while it was read is not a copy of it:
     * reported, not counted as copied. */
    struct stat dst_st;
    stage = "stat destination";
    if (fstat(dfd, &dst_st) < 0) {
        rc = -errno;
        goto out;
    }
    if (dst_st.st_size != st.st_size) {
        snprintf(why, whylen,
                 "the source changed size while being copied (%lld bytes read, %lld "
                 "expected)",
                 (long long)dst_st.st_size, (long long)st.st_size);
        rc = -EAGAIN;
        stage = NULL;
        goto out;
    }
    /* Hand the data to the drive now rather than all at once in the final
     * syncfs: small files then keep the drive busy while the next ones are
     * read (the same idea as behind() for big files). */
    if (c->write_behind && c->sync_mode == 1 && !direct)
        sync_file_range(dfd, 0, 0, SYNC_FILE_RANGE_WRITE);
    stage = "set attributes";
    if ((rc = set_meta_fd(c, dfd, &st)) < 0)
        goto out;
    if ((rc = copy_xattrs(c, sfd, dfd, 0, why, whylen)) < 0) {
        stage = NULL; /* why names the attribute */
        goto out;
    }
    stage = "fsync";
    if (c->sync_mode == 2 && fsync(dfd) < 0) {
        rc = -errno;
        goto out;
    }
    stage = "rename into place";
    if ((rc = ssd__fo_tmp_publish(&tmp, 1)) < 0) {
        if (rc == SSD_EUNSAFE)
            stage = "a device node, FIFO or socket has its name at the destination, and an "
                    "output never replaces one (remove it first)";
        goto out;
    }
    created = 0;
    stage = "close destination";
    int fd = dfd;
    dfd = -1;
    if (close(fd) < 0)
        rc = -errno;
out:
    if (sfd >= 0)
        close(sfd);
    if (dfd >= 0)
        close(dfd);
    if (rc < 0) {
        if (stage)
            snprintf(why, whylen, "%s: %s", stage, ssd_strerror(rc));
        if (created)
            ssd__fo_tmp_discard(&tmp); /* leave no partial file behind */
    }
    return rc;
}

static int copy_symlink(struct worker *w, const char *sp, const char *dp, char *why,
                        size_t whylen) {
    ssd_copy *c = w->c;
    char target[PATH_MAX];
    const char *stage = "readlink";
    struct stat st;
    int rc = 0;
    ssize_t n = lstat(sp, &st) < 0 ? -1 : readlink(sp, target, sizeof target - 1);
    if (n < 0) {
        rc = -errno;
        goto out;
    }
    target[n] = 0;
    stage = "remove old destination";
    if (unlink(dp) < 0 && errno != ENOENT) {
        rc = -errno;
        goto out;
    }
    stage = "symlink";
    if (symlink(target, dp) < 0) {
        rc = -errno;
        goto out;
    }
    if (c->is_root)
        (void)lchown(dp, st.st_uid, st.st_gid);
    struct timespec ts[2] = {st.st_atim, st.st_mtim};
    stage = "set times";
    if (utimensat(AT_FDCWD, dp, ts, AT_SYMLINK_NOFOLLOW) < 0)
        rc = -errno;
    atomic_fetch_add(&c->bytes_done, (uint64_t)n);
out:
    if (rc < 0)
        snprintf(why, whylen, "%s: %s", stage, ssd_strerror(rc));
    return rc;
}

static void sleep_s(double s) {
    struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
    while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
        ;
}

static void *worker_main(void *arg) {
    struct worker *w = arg;
    ssd_copy *c = w->c;
    char why[512];
    pthread_mutex_lock(&c->mu);
    for (;;) {
        while (c->next_job == c->njobs && !c->scan_done && !c->abandon && !atomic_load(&c->stop))
            pthread_cond_wait(&c->cv_work, &c->mu);
        if (c->next_job == c->njobs || c->abandon || atomic_load(&c->stop))
            break;
        const struct job *j = c->jobs[c->next_job++];
        pthread_mutex_unlock(&c->mu);

        /* Both paths are built once: a name too long now stays too long, so
         * it is not retried. */
        char sp[PATH_MAX], dp[PATH_MAX];
        int rc = ssd__fo_join(sp, sizeof sp, c->src, j->rel) ||
                         ssd__fo_join(dp, sizeof dp, c->dst, j->rel)
                     ? -ENAMETOOLONG
                     : 0;
        if (rc < 0)
            snprintf(why, sizeof why, "%s", TOO_LONG);
        else
            for (unsigned attempt = 0;; attempt++) {
                double t = ssd__mono_s();
                rc = j->kind == JOB_FILE ? copy_regular(w, j, sp, dp, why, sizeof why)
                                         : copy_symlink(w, sp, dp, why, sizeof why);
                if (rc == 0 || rc == SSD_EINTERRUPTED)
                    break;
                if (attempt >= c->retries || atomic_load(&c->stop)) {
                    w->failed_s += ssd__mono_s() - t;
                    break;
                }
                sleep_s(c->wait_s);
                w->failed_s += ssd__mono_s() - t;
            }

        pthread_mutex_lock(&c->mu);
        if (rc == 0) {
            c->res.files.copied++;
            c->res.bytes.copied += j->size;
        } else if (rc == SSD_EINTERRUPTED) {
            /* stopped on request: its partial copy is gone, not a failure */
        } else {
            c->res.files.failed++;
            c->res.bytes.failed += j->size;
            record_failure(c, rc, j->rel, why);
        }
        c->jobs_done++;
        pthread_cond_signal(&c->cv_done);
    }
    pthread_mutex_unlock(&c->mu);
    return NULL;
}

/* ---------------------------------------------------------------- scan */

static int add_job(ssd_copy *c, const char *rel, uint64_t size, int kind) {
    size_t n = strlen(rel) + 1;
    struct job *j = malloc(sizeof *j + n);
    if (!j)
        return SSD_ENOMEM;
    j->size = size;
    j->kind = kind;
    memcpy(j->rel, rel, n);
    pthread_mutex_lock(&c->mu);
    int rc = ssd__grow(&c->jobs, c->njobs, &c->jobs_cap, sizeof *c->jobs, 64);
    if (rc == 0) {
        c->jobs[c->njobs++] = j;
        pthread_cond_signal(&c->cv_work);
    }
    pthread_mutex_unlock(&c->mu);
    if (rc < 0)
        free(j);
    return rc;
}

static int add_dirmeta(ssd_copy *c, const char *rel, const struct stat *st) {
    int rc = ssd__grow(&c->dirs, c->ndirs, &c->dirs_cap, sizeof *c->dirs, 64);
    if (rc < 0)
        return rc;
    if (!(c->dirs[c->ndirs].rel = strdup(rel)))
        return SSD_ENOMEM;
    c->dirs[c->ndirs++].st = *st;
    return 0;
}

/* Counts (and with mirror removes) an entry of dst that the source lacks. */
static int handle_extra(ssd_copy *c, const char *rel, const struct ssd__fo_ent *e) {
    char dp[PATH_MAX];
    if (ssd__fo_join(dp, sizeof dp, c->dst, rel))
        return 0;
    if (S_ISDIR(e->st.st_mode)) {
        c->res.dirs.extras++;
        log_action(c, "extra dir", rel, 0);
        struct ssd__fo_ent *sub;
        size_t n;
        if (ssd__fo_list_dir(AT_FDCWD, dp, 1, &sub, &n) == 0) {
            for (size_t i = 0; i < n; i++) {
                char r2[PATH_MAX];
                if (ssd__fo_join(r2, sizeof r2, rel, sub[i].name) == 0)
                    handle_extra(c, r2, &sub[i]);
            }
            ssd__fo_ents_free(sub, n);
        }
        if (c->mirror && !c->list_only && rmdir(dp) < 0)
            scan_failure(c, -errno, rel, "remove extra directory failed", NULL, NULL, 0);
        return 0;
    }
    c->res.files.extras++;
    c->res.bytes.extras += (uint64_t)e->st.st_size;
    log_action(c, "extra file", rel, (uint64_t)e->st.st_size);
    if (c->mirror && !c->list_only && unlink(dp) < 0)
        scan_failure(c, -errno, rel, "remove extra file failed", NULL, NULL, 0);
    return 0;
}

static int scan_dir(ssd_copy *c, const char *rel, int dst_exists);

/* A source directory that could not be created in DST (a full disk, say):
 * everything below it counts as failed, so the totals still hold every
 * file of the source (they missed whole subtrees). One failure is listed,
 * the directory's. */
static void count_lost_subtree(ssd_copy *c, const char *rel) {
    char sp[PATH_MAX], child[PATH_MAX];
    struct ssd__fo_ent *e;
    size_t n;
    if (ssd__fo_join(sp, sizeof sp, c->src, rel) || ssd__fo_list_dir(AT_FDCWD, sp, 1, &e, &n) < 0)
        return;
    pthread_mutex_lock(&c->mu);
    for (size_t i = 0; i < n; i++) {
        if (S_ISDIR(e[i].st.st_mode)) {
            c->res.dirs.total++;
            c->res.dirs.failed++;
        } else {
            c->res.files.total++;
            c->res.files.failed++;
            c->res.bytes.total += (uint64_t)e[i].st.st_size;
            c->res.bytes.failed += (uint64_t)e[i].st.st_size;
        }
    }
    pthread_mutex_unlock(&c->mu);
    for (size_t i = 0; i < n; i++)
        if (S_ISDIR(e[i].st.st_mode) && ssd__fo_join(child, sizeof child, rel, e[i].name) == 0)
            count_lost_subtree(c, child);
    ssd__fo_ents_free(e, n);
}

/* An entry whose relative path does not even fit PATH_MAX: recorded as
 * failed under its full name, and the copy goes on. */
static int fail_long_child(ssd_copy *c, const char *rel, const char *name,
                           const struct ssd__fo_ent *e) {
    size_t n = strlen(rel) + strlen(name) + 2;
    char *full = malloc(n);
    if (!full)
        return ssd__fail(c->err, SSD_ENOMEM, "copy: out of memory");
    snprintf(full, n, "%s/%s", rel, name);
    int dir = S_ISDIR(e->st.st_mode);
    uint64_t size = dir ? 0 : (uint64_t)e->st.st_size;
    if (!dir) {
        c->res.files.total++;
        c->res.bytes.total += size;
    } else {
        c->res.dirs.total++;
    }
    scan_failure(c, -ENAMETOOLONG, full, TOO_LONG, dir ? &c->res.dirs.failed : &c->res.files.failed,
                 dir ? NULL : &c->res.bytes.failed, size);
    log_action(c, "failed", full, size);
    free(full);
    return 0;
}

static int scan_entry(ssd_copy *c, const char *rel, const struct ssd__fo_ent *s,
                      const struct ssd__fo_ent *d) {
    mode_t sm = s->st.st_mode;
    int rc;
    if (S_ISDIR(sm)) {
        if (!c->recursive)
            return 0;
        if (s->st.st_dev == c->dst_dev && s->st.st_ino == c->dst_ino)
            return 0; /* DST inside SRC: never copy the copy into itself */
        c->res.dirs.total++;
        if (d && !S_ISDIR(d->st.st_mode)) {
            c->res.dirs.mismatch++;
            log_action(c, "mismatch", rel, 0);
            return 0;
        }
        if (!d) {
            log_action(c, "new dir", rel, 0);
            if (!c->list_only) {
                char dp[PATH_MAX];
                if (ssd__fo_join(dp, sizeof dp, c->dst, rel)) {
                    scan_failure(c, -ENAMETOOLONG, rel, TOO_LONG, &c->res.dirs.failed, NULL, 0);
                    log_action(c, "failed", rel, 0);
                    return 0;
                }
                if (mkdir(dp, 0700) < 0) {
                    scan_failure(c, -errno, rel, "mkdir failed", &c->res.dirs.failed, NULL, 0);
                    count_lost_subtree(c, rel);
                    return 0;
                }
            }
            c->res.dirs.copied++;
        } else {
            c->res.dirs.skipped++;
        }
        if (!c->list_only && (rc = add_dirmeta(c, rel, &s->st)) < 0)
            return rc;
        return scan_dir(c, rel, d != NULL);
    }

    uint64_t size = (uint64_t)s->st.st_size;
    c->res.files.total++;
    c->res.bytes.total += size;
    if (!S_ISREG(sm) && !S_ISLNK(sm)) {
        scan_failure(c, -EINVAL, rel, "not a regular file, directory or symlink",
                     &c->res.files.failed, &c->res.bytes.failed, size);
        log_action(c, "failed", rel, size);
        return 0;
    }
    if (d && S_ISDIR(d->st.st_mode)) {
        c->res.files.mismatch++;
        c->res.bytes.mismatch += size;
        log_action(c, "mismatch", rel, size);
        return 0;
    }

    const char *action = "new file";
    int copy = 1;
    if (d) {
        double dm = ts_diff(&s->st.st_mtim, &d->st.st_mtim);
        int same_time = c->mtime_tolerance > 0
                            ? (dm <= c->mtime_tolerance && -dm <= c->mtime_tolerance)
                            : dm == 0;
        int same_type = (sm & S_IFMT) == (d->st.st_mode & S_IFMT);
        if (same_time && same_type && d->st.st_size == s->st.st_size) {
            action = "same";
            copy = c->include_same;
        } else if (same_time || !same_type) {
            action = "changed";
            copy = !c->exclude_changed;
        } else if (dm > 0) {
            action = "newer";
            copy = !c->exclude_newer;
        } else {
            action = "older";
            copy = !c->exclude_older;
        }
    }
    log_action(c, action, rel, size);
    if (!copy) {
        c->res.files.skipped++;
        c->res.bytes.skipped += size;
        return 0;
    }
    if (c->list_only) {
        /* Robocopy /L reports what it would copy in the Copied column. */
        c->res.files.copied++;
        c->res.bytes.copied += size;
        return 0;
    }
    if (c->hardlinks && S_ISREG(sm) && s->st.st_nlink > 1) {
        /* The first name of an inode is copied; later names become links
         * to it once the workers are done. */
        int oom = 0;
        char *rel_copy = strdup(rel);
        if (!rel_copy)
            return SSD_ENOMEM;
        const char *first = inode_seen(c, &s->st, rel_copy, &oom);
        if (oom) {
            free(rel_copy);
            return SSD_ENOMEM;
        }
        if (first) {
            if ((rc = ssd__grow(&c->links, c->nlinks, &c->links_cap, sizeof *c->links, 64)) < 0) {
                free(rel_copy);
                return rc;
            }
            c->links[c->nlinks++] = (struct hardlink){rel_copy, (char *)first};
            return 0;
        }
        /* registered: rel_copy is now owned by the inode table */
    }
    return add_job(c, rel, size, S_ISLNK(sm) ? JOB_SYMLINK : JOB_FILE);
}

static int scan_dir(ssd_copy *c, const char *rel, int dst_exists) {
    char sp[PATH_MAX], dp[PATH_MAX];
    if (ssd__fo_join(sp, sizeof sp, c->src, rel) || ssd__fo_join(dp, sizeof dp, c->dst, rel)) {
        if (!*rel)
            return ssd__fail(c->err, SSD_ERANGE, "%s: path too long", c->src);
        /* one deep directory must not stop the whole copy (rsync goes on too) */
        scan_failure(c, -ENAMETOOLONG, rel, TOO_LONG, &c->res.dirs.failed, NULL, 0);
        log_action(c, "failed", rel, 0);
        return 0;
    }
    struct ssd__fo_ent *se = NULL, *de = NULL;
    size_t ns = 0, nd = 0;
    int rc = ssd__fo_list_dir(AT_FDCWD, sp, 1, &se, &ns);
    if (rc < 0) {
        if (!*rel)
            return ssd__fail(c->err, rc, "%s: cannot read source: %s", c->src, ssd_strerror(rc));
        scan_failure(c, rc, rel, "cannot read directory", &c->res.dirs.failed, NULL, 0);
        return 0;
    }
    if (dst_exists && (rc = ssd__fo_list_dir(AT_FDCWD, dp, 1, &de, &nd)) < 0) {
        ssd__fo_ents_free(se, ns);
        if (!*rel)
            return ssd__fail(c->err, rc, "%s: cannot read destination: %s", c->dst,
                             ssd_strerror(rc));
        scan_failure(c, rc, rel, "cannot read destination directory", &c->res.dirs.failed, NULL, 0);
        return 0;
    }
    size_t i = 0, k = 0;
    char child[PATH_MAX];
    while (rc == 0 && (i < ns || k < nd)) {
        int cmp = i == ns ? 1 : k == nd ? -1 : strcmp(se[i].name, de[k].name);
        const char *name = cmp <= 0 ? se[i].name : de[k].name;
        if (ssd__fo_join(child, sizeof child, rel, name)) {
            if ((rc = fail_long_child(c, rel, name, cmp <= 0 ? &se[i] : &de[k])) < 0)
                break;
            if (cmp <= 0)
                i++;
            if (cmp >= 0)
                k++;
            continue;
        }
        if (cmp < 0) {
            rc = scan_entry(c, child, &se[i++], NULL);
        } else if (cmp == 0) {
            rc = scan_entry(c, child, &se[i++], &de[k++]);
        } else {
            /* Without /E a subdirectory of dst is not an extra of this copy. */
            if (c->recursive || !S_ISDIR(de[k].st.st_mode)) {
                double t = ssd__mono_s();
                rc = handle_extra(c, child, &de[k]);
                c->res.extras_s += ssd__mono_s() - t;
            }
            k++;
        }
        emit_progress(c, "scan", 0);
        if (rc == 0 && atomic_load(&c->stop))
            rc = SSD_EINTERRUPTED;
    }
    ssd__fo_ents_free(se, ns);
    ssd__fo_ents_free(de, nd);
    return rc;
}

/* ---------------------------------------------------------------- run */

static void finish_links(ssd_copy *c) {
    char dp[PATH_MAX], tp[PATH_MAX];
    for (size_t i = 0; i < c->nlinks; i++) {
        struct hardlink *l = &c->links[i];
        if (ssd__fo_join(dp, sizeof dp, c->dst, l->rel) ||
            ssd__fo_join(tp, sizeof tp, c->dst, l->target))
            continue;
        if ((unlink(dp) < 0 && errno != ENOENT) || link(tp, dp) < 0) {
            c->res.files.failed++;
            record_failure(c, -errno, l->rel, "hard link failed");
        } else {
            c->res.files.copied++;
        }
    }
}

static void finish_dirs(ssd_copy *c) {
    char dp[PATH_MAX];
    /* Reverse pre-order: children get their times before their parents,
     * whose mtimes would otherwise move when the children were touched. */
    for (size_t i = c->ndirs; i-- > 0;) {
        const struct stat *st = &c->dirs[i].st;
        if (ssd__fo_join(dp, sizeof dp, c->dst, c->dirs[i].rel))
            continue;
        int fd = open(dp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        int rc = fd < 0 ? -errno : set_meta_fd(c, fd, st);
        char why[512] = "setting directory attributes failed";
        if (rc == 0 && (c->xattrs || c->acls)) {
            char sp[PATH_MAX];
            int sfd = ssd__fo_join(sp, sizeof sp, c->src, c->dirs[i].rel)
                          ? -1
                          : open(sp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sfd >= 0) {
                rc = copy_xattrs(c, sfd, fd, 1, why, sizeof why);
                close(sfd);
            }
        }
        if (fd >= 0)
            close(fd);
        if (rc < 0) {
            c->res.dirs.failed++;
            record_failure(c, rc, *c->dirs[i].rel ? c->dirs[i].rel : ".", why);
        }
    }
}

static void reset_run(ssd_copy *c) {
    for (size_t i = 0; i < c->njobs; i++)
        free(c->jobs[i]);
    free(c->jobs);
    for (size_t i = 0; i < c->ndirs; i++)
        free(c->dirs[i].rel);
    free(c->dirs);
    for (size_t i = 0; i < c->nlinks; i++)
        free(c->links[i].rel);
    free(c->links);
    for (size_t i = 0; i < c->inodes_cap; i++)
        free(c->inodes[i].rel);
    free(c->inodes);
    c->jobs = NULL;
    c->dirs = NULL;
    c->links = NULL;
    c->inodes = NULL;
    c->njobs = c->jobs_cap = c->next_job = c->jobs_done = 0;
    c->ndirs = c->dirs_cap = c->nlinks = c->links_cap = c->inodes_cap = c->ninodes = 0;
}

/* Whether directory `dir` lies strictly below the directory `anc` (walking
 * ".." up to the root, so symlinks and bind mounts are seen through). */
static int is_below(const char *dir, const struct stat *anc) {
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    struct stat cur;
    if (fd < 0 || fstat(fd, &cur) < 0) {
        if (fd >= 0)
            close(fd);
        return 0;
    }
    for (int depth = 0; depth < PATH_MAX / 2; depth++) {
        int up = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        close(fd);
        struct stat st;
        if (up < 0 || fstat(up, &st) < 0) {
            if (up >= 0)
                close(up);
            return 0;
        }
        fd = up;
        if (st.st_dev == cur.st_dev && st.st_ino == cur.st_ino)
            break; /* the root is its own parent */
        if (st.st_dev == anc->st_dev && st.st_ino == anc->st_ino) {
            close(fd);
            return 1;
        }
        cur = st;
    }
    close(fd);
    return 0;
}

static void counts_json(struct ssd__jw *w, const char *name, const ssd_copy_counts *n) {
    ssd__jw_key(w, name);
    ssd__jw_begin_object(w);
    ssd__jw_ku64(w, "total", n->total);
    ssd__jw_ku64(w, "copied", n->copied);
    ssd__jw_ku64(w, "skipped", n->skipped);
    ssd__jw_ku64(w, "mismatch", n->mismatch);
    ssd__jw_ku64(w, "failed", n->failed);
    ssd__jw_ku64(w, "extras", n->extras);
    ssd__jw_end_object(w);
}

/* The results of the run that just ended, as ssd_copy_to_json gives them:
 * Robocopy's summary (dirs, files, bytes: total, copied, skipped,
 * mismatch, failed, extras), the times, the rate and what failed. */
static char *copy_json(const ssd_copy *c, const char *src, const char *dst) {
    const ssd_copy_result *r = &c->res;
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "src", src);
    ssd__jw_kstr(&w, "dst", dst);
    ssd__jw_kbool(&w, "list_only", c->list_only);
    counts_json(&w, "dirs", &r->dirs);
    counts_json(&w, "files", &r->files);
    counts_json(&w, "bytes", &r->bytes);
    ssd__jw_key(&w, "times");
    ssd__jw_begin_object(&w);
    ssd__fo_ksec(&w, "total_s", r->total_s);
    ssd__fo_ksec(&w, "copy_s", r->copy_s);
    ssd__fo_ksec(&w, "sync_s", r->sync_s);
    ssd__fo_ksec(&w, "failed_s", r->failed_s);
    ssd__fo_ksec(&w, "extras_s", r->extras_s);
    ssd__jw_end_object(&w);
    /* bytes/s as every rate (speed_bytes_per_s and speed_mb_per_min before) */
    ssd__jw_knum(&w, "bw_bps", r->bw_bps);
    ssd__jw_ku64(&w, "workers", r->workers);
    /* Robocopy's bits, what --robocopy-exit exits with ("exit_code" before
     * round 21, though the exit status is 0 or 1 without the flag) */
    ssd__jw_ku64(&w, "robocopy_exit", (uint64_t)r->exit_bits);
    ssd__jw_key(&w, "failures");
    ssd__jw_begin_array(&w);
    for (size_t i = 0; i < c->nfailures; i++)
        ssd__jw_str(&w, c->failures[i]);
    ssd__jw_end_array(&w);
    ssd__jw_end_object(&w);
    char *out = NULL;
    return ssd__jw_finish(&w, &out) == 0 ? out : NULL;
}

static int copy_run(ssd_copy *c, const char *src, const char *dst, ssd_copy_result *res);

int ssd_copy_run(ssd_copy *c, const char *src, const char *dst, ssd_copy_result *res) {
    if (c) {
        free(c->json);
        c->json = NULL;
    }
    int rc = copy_run(c, src, dst, res);
    if (rc >= 0)
        c->json = copy_json(c, src, dst); /* out of memory: to_json says SSD_ESTATE */
    return rc;
}

static int copy_run(ssd_copy *c, const char *src, const char *dst, ssd_copy_result *res) {
    if (!c || !src || !dst || !res)
        return c ? ssd__fail(c->err, SSD_EINVAL, "copy: NULL argument") : SSD_EINVAL;
    if (!ssd__result_size_ok(res, sizeof *res))
        return ssd__fail(c->err, SSD_EINVAL,
                         "copy: set the result's size to sizeof (ssd_copy_result)");
    *res = (ssd_copy_result){.size = res->size};
    memset(&c->res, 0, sizeof c->res);
    c->err[0] = 0;
    clear_failures(c);
    c->src = src;
    c->dst = dst;
    c->is_root = geteuid() == 0;
    c->scan_done = 0;
    c->abandon = 0;
    atomic_store(&c->stop, 0);
    atomic_store(&c->bytes_done, 0);
    c->t0 = ssd__mono_s();
    c->next_progress = c->t0 + c->progress_interval;

    struct stat sst, dst_st;
    if (stat(src, &sst) < 0)
        return ssd__fail_errno(c->err, "%s: cannot open source", src);
    if (!S_ISDIR(sst.st_mode))
        return ssd__fail(c->err, -ENOTDIR, "%s: source is not a directory", src);
    int dst_exists = stat(dst, &dst_st) == 0;
    if (dst_exists && !S_ISDIR(dst_st.st_mode))
        return ssd__fail(c->err, -ENOTDIR, "%s: destination is not a directory", dst);
    if (dst_exists && dst_st.st_dev == sst.st_dev && dst_st.st_ino == sst.st_ino)
        return ssd__fail(c->err, SSD_EINVAL, "%s: source and destination are the same", dst);
    if (dst_exists && c->mirror && !c->list_only && is_below(src, &dst_st))
        return ssd__fail(c->err, SSD_EINVAL,
                         "%s: the source is inside the destination %s: mirroring would "
                         "delete it",
                         src, dst);
    c->res.dirs.total = 1;
    if (!dst_exists) {
        if (!c->list_only) {
            int rc = ssd__mkdirs(dst, 0755);
            if (rc < 0)
                return ssd__fail(c->err, rc, "%s: cannot create destination: %s", dst,
                                 ssd_strerror(rc));
        }
        c->res.dirs.copied = 1;
    } else {
        c->res.dirs.skipped = 1;
    }
    c->dst_dev = 0;
    c->dst_ino = 0;
    if (stat(dst, &dst_st) == 0) {
        c->dst_dev = dst_st.st_dev;
        c->dst_ino = dst_st.st_ino;
    }

    unsigned nw = c->list_only ? 0 : c->workers;
    struct worker *ws = calloc(nw ? nw : 1, sizeof *ws);
    if (!ws)
        return ssd__fail(c->err, SSD_ENOMEM, "copy: out of memory");
    pthread_mutex_init(&c->mu, NULL);
    pthread_cond_init(&c->cv_work, NULL);
    pthread_cond_init(&c->cv_done, NULL);
    int rc = 0;
    unsigned started = 0;
    for (; started < nw; started++) {
        ws[started].c = c;
        ws[started].buf = NULL;
        ws[started].pipe[0] = ws[started].pipe[1] = -1;
        if (c->use_splice && pipe2(ws[started].pipe, O_CLOEXEC) == 0)
            fcntl(ws[started].pipe[1], F_SETPIPE_SZ, (int)c->buffer_size);
        else
            ws[started].pipe[0] = ws[started].pipe[1] = -1;
        if (posix_memalign((void **)&ws[started].buf, DIRECT_ALIGN, c->buffer_size))
            rc = ssd__fail(c->err, SSD_ENOMEM, "copy: out of memory for buffers");
        else if (pthread_create(&ws[started].thread, NULL, worker_main, &ws[started]))
            rc = ssd__fail(c->err, -EAGAIN, "copy: cannot start worker threads");
        if (rc < 0) {
            free(ws[started].buf);
            if (ws[started].pipe[0] >= 0) {
                close(ws[started].pipe[0]);
                close(ws[started].pipe[1]);
            }
            break;
        }
    }
    if (rc == 0 && !c->list_only && (rc = add_dirmeta(c, "", &sst)) < 0)
        ssd__fail(c->err, rc, "copy: out of memory");
    if (rc == 0)
        rc = scan_dir(c, "", dst_exists);

    pthread_mutex_lock(&c->mu);
    c->scan_done = 1;
    if (rc < 0)
        c->abandon = 1; /* fatal or stopped: abandon queued work */
    pthread_cond_broadcast(&c->cv_work);
    /* Until every job is done (or, once abandoned, every job taken), this
     * thread delivers progress: it is the only one that calls back. */
    while (started && c->jobs_done < (c->abandon ? c->next_job : c->njobs)) {
        if (c->progress_fn) {
            struct timespec dl;
            clock_gettime(CLOCK_REALTIME, &dl);
            long ns = dl.tv_nsec + (long)(c->progress_interval * 1e9);
            dl.tv_sec += ns / 1000000000L;
            dl.tv_nsec = ns % 1000000000L;
            pthread_cond_timedwait(&c->cv_done, &c->mu, &dl);
            pthread_mutex_unlock(&c->mu);
            emit_progress(c, "copy", 0);
            pthread_mutex_lock(&c->mu);
            if (atomic_load(&c->stop) && !c->abandon) {
                c->abandon = 1;
                pthread_cond_broadcast(&c->cv_work);
            }
        } else {
            pthread_cond_wait(&c->cv_done, &c->mu);
        }
    }
    pthread_mutex_unlock(&c->mu);
    for (unsigned i = 0; i < started; i++) {
        pthread_join(ws[i].thread, NULL);
        c->res.failed_s += ws[i].failed_s;
        free(ws[i].buf);
        if (ws[i].pipe[0] >= 0) {
            close(ws[i].pipe[0]);
            close(ws[i].pipe[1]);
        }
    }
    free(ws);

    if (atomic_load(&c->stop) && (rc == 0 || rc == SSD_EINTERRUPTED))
        rc = ssd__fail(c->err, SSD_EINTERRUPTED, "%s: copy stopped by the progress callback", dst);
    if (rc == 0 && !c->list_only) {
        finish_links(c);
        finish_dirs(c);
    }
    c->res.copy_s = elapsed(c);
    if (rc == 0 && !c->list_only && c->sync_mode == 1) {
        emit_progress(c, "sync", 1);
        double t = ssd__mono_s();
        int src_rc = ssd__fo_syncfs(dst);
        c->res.sync_s = ssd__mono_s() - t;
        if (src_rc < 0)
            rc = ssd__fail(c->err, src_rc, "%s: syncfs failed: %s", dst, ssd_strerror(src_rc));
    }
    c->res.total_s = elapsed(c);
    c->res.workers = nw;
    c->res.bw_bps = c->res.total_s > 0 ? (double)c->res.bytes.copied / c->res.total_s : 0;
    c->res.exit_bits = (c->res.files.copied ? 1 : 0) |
                       (c->res.files.extras || c->res.dirs.extras ? 2 : 0) |
                       (c->res.files.mismatch || c->res.dirs.mismatch ? 4 : 0) |
                       (c->res.files.failed || c->res.dirs.failed ? 8 : 0);
    emit_progress(c, "done", 1);
    pthread_cond_destroy(&c->cv_work);
    pthread_cond_destroy(&c->cv_done);
    pthread_mutex_destroy(&c->mu);
    reset_run(c);
    ssd__result_copy(res, &c->res, sizeof c->res);
    if (rc == 0 && c->res.first_error == 0)
        c->err[0] = 0;
    return rc;
}
