/* archive_extract.c - secure unpacking through libarchive's reader.
 *
 * Files are written here, relative to a directory fd for DST, instead of by
 * archive_write_disk: that writer calls umask() (process-wide, racy from
 * Python threads) and would hide the write time inside libarchive. Every
 * path is resolved one component at a time with O_NOFOLLOW, so no entry can
 * be written through a symlink, and names with "..", absolute names and
 * symlinks pointing out of DST are refused before anything is written. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore/fileops.h>

#include "archive_lib.h"
#include "fo_util.h"
#include "options.h"
#include "result_size.h"

#define READ_CHUNK (1 << 20)

struct dirfix {
    char *path;
    mode_t mode;
    struct timespec mtime;
};

struct ssd_extract {
    char err[SSD__ERRMSG_SIZE];
    /* options (extract_options) */
    int sync_mode;
    int overwrite;
    int absolute_symlinks;
    double progress_interval;
    ssd_fileops_progress_fn progress_fn;
    void *progress_user;

    /* run state */
    int in_fd;
    unsigned char *buf;
    double read_in_call, t0, next_progress;
    int stopped; /* the progress callback asked to stop */
    ssd_archive_result res;
    char *json; /* the last run's results (ssd_extract_to_json), compact */
    int root_fd;
    char parent_path[PATH_MAX]; /* cached parent directory of the last entry */
    int parent_fd;
    struct dirfix *dirs;
    size_t ndirs, dirs_cap;
};

#define SSD__OPTION_OWNER struct ssd_extract
/* clang-format off */
/* X(key, TYPE, field, unit, min, max, default, words, flags, help) */
#define EXTRACT_OPTIONS(X)                                                                         \
    X(sync, ENUM, sync_mode, "", 0, 0, "fs", "none fs", 0,                                         \
      "flush the destination before the clock stops")                                              \
    X(overwrite, BOOL, overwrite, "", 0, 1, "1", "", 0, "replace existing files")                  \
    X(absolute_symlinks, BOOL, absolute_symlinks, "", 0, 1, "0", "", 0,                            \
      "store symlinks with an absolute target (\"/usr/lib/x\") as they are instead of refusing "   \
      "the archive; they are never followed while extracting")                                    \
    SSD__FO_PROGRESS_INTERVAL_OPTION(X)
/* clang-format on */
SSD__OPTION_TABLE(extract_options, "extract", EXTRACT_OPTIONS);

SSD__OPTIONS_ACCESSOR(ssd_extract_options, extract_options)

int ssd_extract_create(ssd_extract **out) {
    int rc = ssd__option_create(out, sizeof **out, &extract_options);
    if (!rc)
        (*out)->in_fd = (*out)->root_fd = (*out)->parent_fd = -1;
    return rc;
}

SSD__FO_HANDLE_CALLS(extract)
SSD__FO_PLAIN_HANDLE(extract, extract_options)

/* ---------------------------------------------------------------- input */

/* libarchive leaves the message NULL after some failures: then its errno,
 * or what it was doing, is the best reason there is. */
static const char *ar_errmsg(struct archive *ar) {
    const char *m = archive_error_string(ar);
    if (m)
        return m;
    int e = archive_errno(ar);
    return e > 0 ? strerror(e) : "libarchive stopped without saying why (errno 0)";
}

static la_ssize_t read_cb(struct archive *ar, void *user, const void **out) {
    ssd_extract *x = user;
    double t = ssd__mono_s();
    ssize_t n;
    do
        n = read(x->in_fd, x->buf, READ_CHUNK);
    while (n < 0 && errno == EINTR);
    x->read_in_call += ssd__mono_s() - t;
    if (n < 0) {
        archive_set_error(ar, errno, "read failed: %s", strerror(errno));
        return -1;
    }
    *out = x->buf;
    return n;
}

static la_int64_t seek_cb(struct archive *ar, void *user, la_int64_t off, int whence) {
    ssd_extract *x = user;
    double t = ssd__mono_s();
    off_t r = lseek(x->in_fd, (off_t)off, whence);
    x->read_in_call += ssd__mono_s() - t;
    if (r < 0) {
        archive_set_error(ar, errno, "seek failed: %s", strerror(errno));
        return ARCHIVE_FATAL;
    }
    return (la_int64_t)r;
}

static la_int64_t skip_cb(struct archive *ar, void *user, la_int64_t n) {
    ssd_extract *x = user;
    off_t cur = lseek(x->in_fd, 0, SEEK_CUR);
    (void)ar;
    if (cur < 0 || lseek(x->in_fd, (off_t)n, SEEK_CUR) < 0)
        return 0; /* libarchive then reads through instead */
    return n;
}

/* ---------------------------------------------------------------- paths */

/* Normalises an entry name in place: drops leading "./" and repeated or
 * trailing slashes. Returns 0, or SSD_EHOSTILE for absolute names, ".."
 * components and empty names. */
static int clean_name(char *name) {
    if (name[0] == '/')
        return SSD_EHOSTILE;
    char *w = name; /* never past what ssd__fo_path_next reads next */
    size_t pos = 0, len;
    for (const char *r; (r = ssd__fo_path_next(name, &pos, &len));) {
        if (len == 2 && r[0] == '.' && r[1] == '.')
            return SSD_EHOSTILE;
        if (len == 1 && r[0] == '.')
            continue;
        if (w != name)
            *w++ = '/';
        memmove(w, r, len);
        w += len;
    }
    *w = 0;
    return *name ? 0 : SSD_EINVAL;
}

/* Whether a symlink at name (cleaned) with this target stays inside the
 * root, judged lexically: absolute targets (unless allowed: they are only
 * stored, never followed by the extractor) and ".." above the root escape. */
static int link_escapes(const char *name, const char *target, int allow_absolute) {
    if (!*target)
        return 1;
    if (target[0] == '/')
        return !allow_absolute;
    int depth = 0;
    for (const char *p = name; *p; p++)
        depth += *p == '/';
    size_t pos = 0, len;
    for (const char *r; (r = ssd__fo_path_next(target, &pos, &len));) {
        int dots = len <= 2 && !strncmp(r, "..", len); /* "." or ".." */
        if (dots && len == 2 && --depth < 0)
            return 1;
        depth += !dots;
    }
    return 0;
}

#define MAX_LINK_HOPS 40 /* the kernel's own limit for one path */

/* Whether a new symlink at name (cleaned; its parent directories exist and
 * are real directories, open_parent made sure) with a relative target stays
 * inside the root once the links already extracted are followed, the way
 * the kernel will follow them. A lexical check alone is fooled by chains:
 * "d/up -> ..", then "l -> d/up/.." is "/.." (as tarfile's 'data' filter and
 * 7-Zip's "Dangerous link path" also catch).
 *
 * The answer must also hold for entries that come later. Directories are
 * never removed or replaced during an extraction, but a symlink, a file or
 * a missing name can be (re)made by a later entry, and that moves where a
 * ".." after it lands ("a -> x/..", then "x -> ."). So a ".." is accepted
 * only while every component resolved before it is a real directory; the
 * ".." inside an expanded link's own target count from that link's real
 * parent, which stays put. Returns NULL when the link is safe, or why not. */
static const char *link_chain_escapes(ssd_extract *x, const char *name, const char *target) {
    char resolved[PATH_MAX];     /* components from the root, no links in it */
    char pend[2 * PATH_MAX + 2]; /* what is left to resolve */
    char tmp[2 * PATH_MAX + 2];
    const char *slash = strrchr(name, '/');
    size_t rlen = slash ? (size_t)(slash - name) : 0;
    memcpy(resolved, name, rlen);
    resolved[rlen] = 0;
    if (strlen(target) >= sizeof pend)
        return "its target is too long";
    strcpy(pend, target);
    size_t pos = 0;     /* next unread byte of pend */
    long unstable = -1; /* once at most this many bytes are left, the place depends on a link */
    int stable = 1;     /* every component of resolved is a directory that stays */
    int exists = 1;     /* resolved names something on disk */
    int hops = 0;
    size_t len;
    for (const char *comp; (comp = ssd__fo_path_next(pend, &pos, &len));) {
        if ((long)strlen(comp) <= unstable)
            stable = 0;
        if (len == 1 && comp[0] == '.')
            continue;
        if (len == 2 && comp[0] == '.' && comp[1] == '.') {
            if (!rlen)
                return "it climbs above the destination";
            if (!stable)
                return "a '..' follows a symlink or a name a later entry may replace";
            char *up = strrchr(resolved, '/');
            rlen = up ? (size_t)(up - resolved) : 0;
            resolved[rlen] = 0;
            continue;
        }
        if (rlen + 1 + len >= sizeof resolved)
            return "its resolved path is too long";
        size_t parent_len = rlen;
        if (rlen)
            resolved[rlen++] = '/';
        memcpy(resolved + rlen, comp, len);
        rlen += len;
        resolved[rlen] = 0;
        if (!exists)
            continue;
        struct stat st;
        if (fstatat(x->root_fd, resolved, &st, AT_SYMLINK_NOFOLLOW) < 0) {
            exists = 0; /* a later entry may create it: what follows is not fixed */
            stable = 0;
            continue;
        }
        if (S_ISDIR(st.st_mode))
            continue;
        if (!S_ISLNK(st.st_mode)) {
            stable = 0; /* a file: a later entry may replace it with a link */
            exists = 0;
            continue;
        }
        if (++hops > MAX_LINK_HOPS)
            return "it goes through too many symlinks";
        char link[PATH_MAX];
        ssize_t n = readlinkat(x->root_fd, resolved, link, sizeof link - 1);
        if (n < 0)
            return "a symlink on its way cannot be read";
        link[n] = 0;
        if (link[0] == '/')
            return "it goes through an absolute symlink";
        /* back to the link's parent; its target is read from there, then the rest */
        rlen = parent_len;
        resolved[rlen] = 0;
        size_t rest = strlen(pend + pos);
        if ((size_t)n + 1 + rest >= sizeof tmp)
            return "its resolved path is too long";
        if ((long)rest > unstable)
            unstable = (long)rest;
        memcpy(tmp, link, (size_t)n);
        tmp[n] = '/';
        memcpy(tmp + n + 1, pend + pos, rest + 1);
        memcpy(pend, tmp, (size_t)n + 1 + rest + 1);
        pos = 0;
    }
    return NULL;
}

/* Opens (creating when asked) the directory holding name, walking from the
 * root one component at a time without following symlinks. Returns a fd the
 * caller must not close (it is cached) and sets *leaf. */
static int open_parent(ssd_extract *x, const char *name, const char **leaf) {
    const char *slash = strrchr(name, '/');
    *leaf = slash ? slash + 1 : name;
    size_t plen = slash ? (size_t)(slash - name) : 0;
    if (plen == 0)
        return x->root_fd;
    if (x->parent_fd >= 0 && strlen(x->parent_path) == plen && !memcmp(x->parent_path, name, plen))
        return x->parent_fd;
    if (x->parent_fd >= 0)
        close(x->parent_fd);
    x->parent_fd = -1;
    int cur = x->root_fd;
    const char *r = name;
    char comp[NAME_MAX + 1];
    while (r < name + plen) {
        const char *end = strchr(r, '/');
        size_t len = (size_t)(end - r);
        int next = -1, e = -ENAMETOOLONG;
        if (len <= NAME_MAX) {
            memcpy(comp, r, len);
            comp[len] = 0;
            next = openat(cur, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (next < 0 && errno == ENOENT && (mkdirat(cur, comp, 0755) == 0 || errno == EEXIST))
                next = openat(cur, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            e = -errno;
        }
        if (cur != x->root_fd)
            close(cur);
        if (next < 0)
            return e == -ELOOP || e == -ENOTDIR ? SSD_EHOSTILE : e;
        cur = next;
        r = end + 1;
    }
    memcpy(x->parent_path, name, plen);
    x->parent_path[plen] = 0;
    x->parent_fd = cur;
    return cur;
}

static void forget_parent(ssd_extract *x) {
    if (x->parent_fd >= 0)
        close(x->parent_fd);
    x->parent_fd = -1;
    x->parent_path[0] = 0;
}

/* ---------------------------------------------------------------- entries */

static int remove_existing(ssd_extract *x, int pfd, const char *leaf, int keep_dir) {
    struct stat st;
    if (fstatat(pfd, leaf, &st, AT_SYMLINK_NOFOLLOW) < 0)
        return errno == ENOENT ? 0 : -errno;
    if (S_ISDIR(st.st_mode))
        return keep_dir ? 0 : -EISDIR;
    if (!x->overwrite)
        return -EEXIST;
    return unlinkat(pfd, leaf, 0) < 0 ? -errno : 0;
}

SSD__FO_ARCHIVE_PROGRESS(extract)

static int write_file(ssd_extract *x, struct archive *ar, struct archive_entry *e, int pfd,
                      const char *leaf, const char *name) {
    double t = ssd__mono_s();
    struct stat st;
    int rc = 0;
    if (fstatat(pfd, leaf, &st, AT_SYMLINK_NOFOLLOW) == 0)
        rc = S_ISDIR(st.st_mode) ? -EISDIR : x->overwrite ? 0 : -EEXIST;
    if (rc < 0)
        return ssd__fail(x->err, rc, "%s: cannot replace: %s", name, ssd_strerror(rc));
    /* Written under no name (or a marked temporary one) and renamed over
     * the old entry when complete: a killed run leaves no partial file
     * under the entry's name, and a link there is replaced, never followed. */
    struct ssd__fo_tmpfile tmp;
    if ((rc = ssd__fo_tmp_open(&tmp, pfd, leaf, 0, 0600)) < 0)
        return ssd__fail(x->err, rc, "%s: cannot create: %s", name, ssd_strerror(rc));
    int fd = tmp.fd;
    x->res.write_s += ssd__mono_s() - t;
    int64_t pos = 0;
    for (;;) {
        const void *blk;
        size_t len;
        la_int64_t off;
        t = ssd__mono_s();
        x->read_in_call = 0;
        int r = archive_read_data_block(ar, &blk, &len, &off);
        double spent = ssd__mono_s() - t;
        x->res.read_s += x->read_in_call;
        x->res.codec_s += spent - x->read_in_call;
        if (r == ARCHIVE_EOF)
            break;
        if (r < ARCHIVE_OK) {
            /* a WARN here is a CRC mismatch: the data written is wrong */
            rc = ssd__fail(x->err, SSD_EFORMAT, "%s: corrupt or truncated archive data: %s", name,
                           ar_errmsg(ar));
            break;
        }
        t = ssd__mono_s();
        if (off != pos && lseek(fd, (off_t)off, SEEK_SET) < 0) {
            rc = ssd__fail_errno(x->err, "%s: seek", name);
            break;
        }
        if ((rc = ssd__write_all(fd, blk, len, -1)))
            ssd__fail(x->err, rc, "%s: write failed: %s", name, ssd_strerror(rc));
        x->res.write_s += ssd__mono_s() - t;
        if (rc < 0)
            break;
        pos = off + (int64_t)len;
        x->res.data_bytes += len;
        if ((rc = emit_progress(x, 0, name)) < 0)
            break; /* the partial file is removed below */
    }
    t = ssd__mono_s();
    if (rc == 0 && pos < archive_entry_size(e) && ftruncate(fd, archive_entry_size(e)) < 0)
        rc = ssd__fail_errno(x->err, "%s: ftruncate", name);
    if (rc == 0 && fchmod(fd, archive_entry_perm(e) & 0777) < 0)
        rc = ssd__fail_errno(x->err, "%s: chmod", name);
    if (rc == 0) {
        struct timespec ts[2] = {{0, UTIME_OMIT}, {archive_entry_mtime(e), 0}};
        if (archive_entry_mtime_is_set(e)) {
            ts[1].tv_nsec = archive_entry_mtime_nsec(e);
            if (futimens(fd, ts) < 0)
                rc = ssd__fail_errno(x->err, "%s: set times", name);
        }
    }
    if (rc == 0 && (rc = ssd__fo_tmp_publish(&tmp, x->overwrite)) < 0)
        ssd__fail(x->err, rc, "%s: cannot give the file its name: %s", name,
                  rc == SSD_EUNSAFE ? "a device node, FIFO or socket has it, and an output "
                                      "never replaces one (remove it first)"
                                    : ssd_strerror(rc));
    if (close(fd) < 0 && rc == 0)
        rc = ssd__fail_errno(x->err, "%s: close", name);
    if (rc < 0)
        ssd__fo_tmp_discard(&tmp);
    x->res.write_s += ssd__mono_s() - t;
    if (rc == 0)
        x->res.files++;
    return rc;
}

static int add_dirfix(ssd_extract *x, const char *name, struct archive_entry *e) {
    if (ssd__grow(&x->dirs, x->ndirs, &x->dirs_cap, sizeof *x->dirs, 64))
        return SSD_ENOMEM;
    char *p = strdup(name);
    if (!p)
        return SSD_ENOMEM;
    x->dirs[x->ndirs++] =
        (struct dirfix){p,
                        archive_entry_perm(e) & 0777,
                        {archive_entry_mtime(e),
                         archive_entry_mtime_is_set(e) ? archive_entry_mtime_nsec(e) : UTIME_OMIT}};
    return 0;
}

static int extract_entry(ssd_extract *x, struct archive *ar, struct archive_entry *e) {
    const char *raw = archive_entry_pathname(e);
    char name[PATH_MAX];
    if (!raw || strlen(raw) >= sizeof name)
        return ssd__fail(x->err, SSD_EFORMAT, "entry with a missing or too long name");
    memcpy(name, raw, strlen(raw) + 1);
    int rc = clean_name(name);
    if (rc == SSD_EINVAL)
        return 0; /* "." or "./": the root itself */
    if (rc < 0)
        return ssd__fail(x->err, rc, "%s: refused: absolute path or '..' in archive entry", raw);
    mode_t type = archive_entry_filetype(e);
    const char *hard = archive_entry_hardlink(e);
    const char *sym = type == AE_IFLNK ? archive_entry_symlink(e) : NULL;
    char hname[PATH_MAX];
    if (hard) {
        if (strlen(hard) >= sizeof hname)
            return ssd__fail(x->err, SSD_EFORMAT, "%s: hard link target too long", raw);
        memcpy(hname, hard, strlen(hard) + 1);
        if (clean_name(hname) < 0)
            return ssd__fail(x->err, SSD_EHOSTILE,
                             "%s: refused: hard link to '%s' outside the destination", raw, hard);
    }
    if (type == AE_IFLNK && !sym)
        return ssd__fail(x->err, SSD_EFORMAT, "%s: symlink entry without a target", raw);
    if (sym && link_escapes(name, sym, x->absolute_symlinks))
        return ssd__fail(x->err, SSD_EHOSTILE,
                         "%s: refused: symlink to '%s' points outside the destination", raw, sym);

    double t = ssd__mono_s();
    const char *leaf;
    int pfd = open_parent(x, name, &leaf);
    x->res.write_s += ssd__mono_s() - t;
    if (pfd < 0) {
        if (pfd == SSD_EHOSTILE)
            return ssd__fail(x->err, pfd, "%s: refused: path goes through a symlink or a file",
                             raw);
        return ssd__fail(x->err, pfd, "%s: cannot create parent directory: %s", raw,
                         ssd_strerror(pfd));
    }
    if (hard) {
        t = ssd__mono_s();
        const char *tleaf;
        char tparent[PATH_MAX];
        /* open_parent caches one fd: resolve the target's parent into a
         * separate fd by walking again. */
        int keep = dup(pfd);
        int tfd = open_parent(x, hname, &tleaf);
        if (tfd < 0) {
            if (keep >= 0)
                close(keep);
            return ssd__fail(x->err, tfd, "%s: refused: hard link target '%s' not reachable safely",
                             raw, hard);
        }
        snprintf(tparent, sizeof tparent, "%s", tleaf);
        rc = remove_existing(x, keep, leaf, 0);
        if (rc == 0 && linkat(tfd, tparent, keep, leaf, 0) < 0)
            rc = -errno;
        close(keep);
        x->res.write_s += ssd__mono_s() - t;
        if (rc < 0)
            return ssd__fail(x->err, rc, "%s: hard link to %s failed: %s", raw, hard,
                             ssd_strerror(rc));
        x->res.files++;
        return 0;
    }
    switch (type) {
    case AE_IFREG:
        return write_file(x, ar, e, pfd, leaf, raw);
    case AE_IFDIR:
        t = ssd__mono_s();
        if (mkdirat(pfd, leaf, 0700) < 0 && errno != EEXIST)
            return ssd__fail_errno(x->err, "%s: mkdir", raw);
        struct stat st;
        if (fstatat(pfd, leaf, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISDIR(st.st_mode))
            return ssd__fail(x->err, SSD_EHOSTILE,
                             "%s: refused: a non-directory already has this name", raw);
        x->res.write_s += ssd__mono_s() - t;
        x->res.dirs++;
        return add_dirfix(x, name, e);
    case AE_IFLNK:
        t = ssd__mono_s();
        forget_parent(x); /* the cache must never hold a path a link now shadows */
        pfd = open_parent(x, name, &leaf);
        if (pfd < 0)
            return ssd__fail(x->err, pfd, "%s: cannot open parent", raw);
        if (sym[0] != '/') {
            const char *why = link_chain_escapes(x, name, sym);
            if (why)
                return ssd__fail(x->err, SSD_EHOSTILE,
                                 "%s: refused: symlink to '%s' may resolve outside the "
                                 "destination: %s",
                                 raw, sym, why);
        }
        rc = remove_existing(x, pfd, leaf, 0);
        if (rc == 0 && symlinkat(sym, pfd, leaf) < 0)
            rc = -errno;
        x->res.write_s += ssd__mono_s() - t;
        if (rc < 0)
            return ssd__fail(x->err, rc, "%s: symlink: %s", raw, ssd_strerror(rc));
        if (archive_entry_mtime_is_set(e)) {
            struct timespec ts[2] = {{0, UTIME_OMIT},
                                     {archive_entry_mtime(e), archive_entry_mtime_nsec(e)}};
            utimensat(pfd, leaf, ts, AT_SYMLINK_NOFOLLOW);
        }
        x->res.symlinks++;
        return 0;
    default:
        x->res.skipped++; /* devices, FIFOs, sockets: not extracted, counted */
        return 0;
    }
}

static void finish_dirs(ssd_extract *x) {
    forget_parent(x);
    for (size_t i = x->ndirs; i-- > 0;) {
        const char *leaf;
        int pfd = open_parent(x, x->dirs[i].path, &leaf);
        if (pfd < 0)
            continue;
        int fd = openat(pfd, leaf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            continue;
        fchmod(fd, x->dirs[i].mode);
        struct timespec ts[2] = {{0, UTIME_OMIT}, x->dirs[i].mtime};
        futimens(fd, ts);
        close(fd);
    }
}

/* Whether the whole file is zero bytes: a zero-filled ".7z" (a disk
 * image's hole, a failed download) must not "extract" as an empty tar. */
static int all_zero(int fd) {
    unsigned char buf[65536];
    off_t off = 0;
    for (;;) {
        ssize_t n = pread(fd, buf, sizeof buf, off);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return 0;
        if (n == 0)
            return off > 0;
        for (ssize_t i = 0; i < n; i++)
            if (buf[i])
                return 0;
        off += n;
    }
}

static int extract_run_in_utf8(ssd_extract *x, const char *archive_path, const char *dst,
                               ssd_archive_result *res) {
    if (!x || !archive_path || !dst || !res)
        return x ? ssd__fail(x->err, SSD_EINVAL, "extract: NULL argument") : SSD_EINVAL;
    if (!ssd__result_size_ok(res, sizeof *res))
        return ssd__fail(x->err, SSD_EINVAL,
                         "extract: set the result's size to sizeof (ssd_archive_result)");
    *res = (ssd_archive_result){.size = res->size};
    memset(&x->res, 0, sizeof x->res);
    x->err[0] = 0;
    int loaded = ssd__archive_lib_load(x->err, "extract");
    if (loaded < 0)
        return loaded;
    x->t0 = ssd__mono_s();
    x->next_progress = x->t0 + x->progress_interval;
    x->stopped = 0;
    x->parent_fd = -1;
    x->parent_path[0] = 0;
    struct archive *ar = NULL;
    int rc = 0;
    x->buf = malloc(READ_CHUNK);
    if (!x->buf) {
        rc = ssd__fail(x->err, SSD_ENOMEM, "extract: out of memory");
        goto out;
    }
    x->in_fd = open(archive_path, O_RDONLY | O_CLOEXEC);
    if (x->in_fd < 0) {
        rc = ssd__fail_errno(x->err, "%s: cannot open archive", archive_path);
        goto out;
    }
    struct stat st;
    if (fstat(x->in_fd, &st) == 0)
        x->res.archive_bytes = (uint64_t)st.st_size;
    posix_fadvise(x->in_fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    if ((rc = ssd__mkdirs(dst, 0755)) < 0) {
        ssd__fail(x->err, rc, "%s: cannot create destination: %s", dst, ssd_strerror(rc));
        goto out;
    }
    x->root_fd = open(dst, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (x->root_fd < 0) {
        rc = ssd__fail_errno(x->err, "%s: cannot open destination", dst);
        goto out;
    }
    ar = archive_read_new();
    if (!ar) {
        rc = ssd__fail(x->err, SSD_ENOMEM, "extract: out of memory");
        goto out;
    }
    /* Every real archive format, but not libarchive's "empty" (an empty
     * file is no archive) nor mtree (any text file of name lines, such as
     * /etc/passwd, would "extract" as empty files). */
    /* (not static: the functions are the loaded libarchive's) */
    int (*const formats[])(struct archive *) = {
        archive_read_support_format_7zip, archive_read_support_format_zip,
        archive_read_support_format_tar,  archive_read_support_format_cpio,
        archive_read_support_format_ar,   archive_read_support_format_iso9660,
        archive_read_support_format_xar,  archive_read_support_format_cab,
        archive_read_support_format_lha,  archive_read_support_format_rar,
        archive_read_support_format_rar5, archive_read_support_format_warc};
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
        formats[i](ar);
    archive_read_support_filter_all(ar);
    archive_read_set_callback_data(ar, x);
    archive_read_set_read_callback(ar, read_cb);
    archive_read_set_seek_callback(ar, seek_cb);
    archive_read_set_skip_callback(ar, skip_cb);
    double t = ssd__mono_s();
    x->read_in_call = 0;
    int r = archive_read_open1(ar);
    x->res.read_s += x->read_in_call;
    x->res.codec_s += ssd__mono_s() - t - x->read_in_call;
    if (r != ARCHIVE_OK) {
        rc = ssd__fail(x->err, SSD_EFORMAT, "%s: not a readable archive: %s", archive_path,
                       ar_errmsg(ar));
        goto out;
    }
    uint64_t nentries = 0;
    for (;;) {
        struct archive_entry *e;
        t = ssd__mono_s();
        x->read_in_call = 0;
        r = archive_read_next_header(ar, &e);
        x->res.read_s += x->read_in_call;
        x->res.codec_s += ssd__mono_s() - t - x->read_in_call;
        if (r == ARCHIVE_EOF)
            break;
        if (r < ARCHIVE_WARN) {
            rc = ssd__fail(x->err, SSD_EFORMAT, "%s: corrupt or truncated archive: %s",
                           archive_path, ar_errmsg(ar));
            break;
        }
        nentries++;
        if ((rc = extract_entry(x, ar, e)) < 0)
            break;
        if ((rc = emit_progress(x, 0, dst)) < 0)
            break;
    }
    if (rc == 0 && nentries == 0 && all_zero(x->in_fd))
        rc = ssd__fail(x->err, SSD_EFORMAT,
                       "%s: every byte is zero: not an archive (libarchive reads zeros as an "
                       "empty tar)",
                       archive_path);
    if (rc == 0) {
        t = ssd__mono_s();
        finish_dirs(x);
        x->res.write_s += ssd__mono_s() - t;
        emit_progress(x, 1, dst); /* all done: a stop asked now changes nothing */
        if (x->sync_mode) {
            t = ssd__mono_s();
            if (syncfs(x->root_fd) < 0)
                rc = ssd__fail_errno(x->err, "%s: syncfs", dst);
            x->res.sync_s = ssd__mono_s() - t;
        }
    }
out:
    if (ar)
        archive_read_free(ar);
    forget_parent(x);
    if (x->root_fd >= 0)
        close(x->root_fd);
    if (x->in_fd >= 0)
        close(x->in_fd);
    x->root_fd = x->in_fd = -1;
    for (size_t i = 0; i < x->ndirs; i++)
        free(x->dirs[i].path);
    free(x->dirs);
    x->dirs = NULL;
    x->ndirs = x->dirs_cap = 0;
    free(x->buf);
    x->buf = NULL;
    x->res.total_s = ssd__mono_s() - x->t0;
    x->res.bw_bps = x->res.total_s > 0 ? (double)x->res.data_bytes / x->res.total_s : 0;
    ssd__result_copy(res, &x->res, sizeof x->res);
    return rc;
}

SSD__FO_ARCHIVE_RUN(extract, archive_path, dst, archive_path, dst)
