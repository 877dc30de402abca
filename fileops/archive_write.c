/* archive_write.c - pack a tree through libarchive, 7-Zip style.
 *
 * The tree is walked here (sorted, no symlinks followed) rather than with
 * archive_read_disk, whose traversal fchdir()s and so moves the working
 * directory of every thread in the process. The archive file is written
 * through our own callback so the time spent writing it can be told apart
 * from the time spent compressing. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <ssdcore/fileops.h>

#include "archive_lib.h"
#include "fo_util.h"
#include "errmsg.h"
#include "numfmt.h"
#include "options.h"
#include "output_check.h"
#include "result_size.h"

#define READ_CHUNK (1 << 20)

enum { FMT_7Z, FMT_ZIP, FMT_TAR_ZST, FMT_TAR };

struct ssd_archive {
    char err[SSD__ERRMSG_SIZE];
    /* options (archive_options) */
    int format;
    int method; /* index in method_names; -1: the format's default */
    int level;  /* -1: the codec's default */
    char *tmpdir;
    int sync_mode;
    double progress_interval;
    ssd_fileops_progress_fn progress_fn;
    void *progress_user;

    /* run state */
    struct archive *ar;
    int out_fd;
    struct ssd__fo_tmpfile out; /* the archive, named only once complete */
    struct stat out_st;         /* the archive itself, left out when SRC holds it */
    struct stat old_st;         /* a previous archive at the final name, left out too */
    char **skipped;             /* "relpath (FIFO)" of entries left out */
    size_t nskipped;
    ZSTD_CCtx *zc; /* tar.zst: compressed here, with a content checksum */
    void *zbuf;
    unsigned char *buf;
    ssd_archive_result res;
    char *json; /* the last run's results (ssd_archive_to_json), compact */
    double t0, next_progress, write_in_call;
    int stopped; /* the progress callback asked to stop */
};

/* libarchive's 7z writer stages compressed data in a temporary file it
 * creates in $TMPDIR when its first 60 KiB output buffer fills, or at
 * close: a moment we cannot see from outside. TMPDIR is process-wide, so a
 * 7z run holds this lock with TMPDIR pointed at the staging directory from
 * open to free; 7z archive runs in one process therefore take turns. */
static pthread_mutex_t tmpdir_lock = PTHREAD_MUTEX_INITIALIZER;

#define SSD__OPTION_OWNER struct ssd_archive
static const char *const method_names[] = {"deflate", "lzma2", "store", "zstd"};
/* clang-format off */
/* X(key, TYPE, field, unit, min, max, default, words, flags, help) */
#define ARCHIVE_OPTIONS(X)                                                                         \
    X(format, ENUM, format, "", 0, 0, "7z", "7z zip tar.zst tar", 0, "archive format")             \
    X(method, ENUM, method, "", 0, 0, "", "deflate lzma2 store zstd", 0,                           \
      "compression (default: deflate, the reviews' 7-Zip method, for 7z and zip; zstd for "        \
      "tar.zst, compressed by ssdcore with the frame's content checksum; store for tar)")          \
    X(level, INT, level, "", 0, 22, "", "", 0,                                                     \
      "compression level, 0-9 (zstd 1-19; default: the codec's, 6 for deflate, 3 for zstd)")      \
    X(tmpdir, TEXT, tmpdir, "path", 0, 0, "", "", 0,                                               \
      "where the 7z writer keeps its staging file (default: the archive's own directory, so "      \
      "its I/O lands on the drive under test)")                                                    \
    X(sync, ENUM, sync_mode, "", 0, 0, "fs", "none fs", 0,                                         \
      "flush the archive before the clock stops")                                                  \
    SSD__FO_PROGRESS_INTERVAL_OPTION(X)
/* clang-format on */
SSD__OPTION_TABLE(archive_options, "archive", ARCHIVE_OPTIONS);

SSD__OPTIONS_ACCESSOR(ssd_archive_options, archive_options)

int ssd_archive_create(ssd_archive **out) {
    int rc = ssd__option_create(out, sizeof **out, &archive_options);
    if (!rc)
        (*out)->method = (*out)->level = (*out)->out_fd = -1;
    return rc;
}

static void clear_skipped(ssd_archive *a) {
    for (size_t i = 0; i < a->nskipped; i++)
        free(a->skipped[i]);
    free(a->skipped);
    a->skipped = NULL;
    a->nskipped = 0;
}

size_t ssd_archive_skipped_count(const ssd_archive *a) {
    return a ? a->nskipped : 0;
}

const char *ssd_archive_skipped(const ssd_archive *a, size_t i) {
    return a && i < a->nskipped ? a->skipped[i] : NULL;
}

/* Notes an entry no archive format here can hold (no data to store). */
static void skip_special(ssd_archive *a, const char *rel, mode_t mode) {
    a->res.skipped++;
    if (a->nskipped >= 1000)
        return;
    const char *kind = S_ISFIFO(mode)   ? "FIFO"
                       : S_ISSOCK(mode) ? "socket"
                       : S_ISCHR(mode)  ? "character device"
                       : S_ISBLK(mode)  ? "block device"
                                        : "special file";
    char **g = realloc(a->skipped, (a->nskipped + 1) * sizeof *g);
    if (!g)
        return;
    a->skipped = g;
    size_t n = strlen(rel) + strlen(kind) + 4;
    if ((g[a->nskipped] = malloc(n)))
        snprintf(g[a->nskipped++], n, "%s (%s)", rel, kind);
}

void ssd_archive_free(ssd_archive *a) {
    if (!a)
        return;
    clear_skipped(a);
    ssd__option_free(&archive_options, a);
    free(a->json);
    free(a);
}

SSD__FO_HANDLE_CALLS(archive)

int ssd_archive_set_option(ssd_archive *a, const char *key, const char *value) {
    if (!a)
        return SSD_EINVAL;
    if (key && value && !*value && (!strcmp(key, "method") || !strcmp(key, "level"))) {
        *(!strcmp(key, "method") ? &a->method : &a->level) = -1; /* back to the default */
        return 0;
    }
    int i = ssd__option_set(&archive_options, a, key, value, a->err);
    return i < 0 ? i : 0;
}

/* ---------------------------------------------------------------- output */

/* Writes n bytes to the archive file; the time counts as write time. */
static int write_raw(ssd_archive *a, const void *buf, size_t n) {
    double t = ssd__mono_s();
    int rc = ssd__write_all(a->out_fd, buf, n, -1);
    a->res.archive_bytes += rc ? 0 : n;
    a->write_in_call += ssd__mono_s() - t;
    return rc;
}

/* tar.zst: libarchive's zstd filter (3.6) cannot switch on zstd's content
 * checksum, and without it a flipped bit extracts as a corrupt file with
 * exit 0 ("Check: None" in zstd -lv). So the tar stream is compressed here,
 * with ZSTD_c_checksumFlag; readers (libarchive, zstd) verify it. mode is
 * ZSTD_e_continue, or ZSTD_e_end to finish the frame. */
static int zstd_feed(ssd_archive *a, const void *buf, size_t n, ZSTD_EndDirective mode) {
    ZSTD_inBuffer in = {buf, n, 0};
    for (;;) {
        ZSTD_outBuffer out = {a->zbuf, ZSTD_CStreamOutSize(), 0};
        size_t left = ZSTD_compressStream2(a->zc, &out, &in, mode);
        if (ZSTD_isError(left)) {
            archive_set_error(a->ar, EINVAL, "zstd: %s", ZSTD_getErrorName(left));
            return SSD_EIO;
        }
        if (out.pos) {
            int rc = write_raw(a, a->zbuf, out.pos);
            if (rc < 0) {
                archive_set_error(a->ar, -rc, "write failed: %s", strerror(-rc));
                return rc;
            }
        }
        if (mode == ZSTD_e_end ? left == 0 : in.pos == in.size)
            return 0;
    }
}

static la_ssize_t write_cb(struct archive *ar, void *user, const void *buf, size_t n) {
    ssd_archive *a = user;
    if (a->zc)
        return zstd_feed(a, buf, n, ZSTD_e_continue) < 0 ? -1 : (la_ssize_t)n;
    int rc = write_raw(a, buf, n);
    if (rc < 0) {
        archive_set_error(ar, -rc, "write failed: %s", strerror(-rc));
        return -1;
    }
    return (la_ssize_t)n;
}

/* Runs one libarchive call's bookkeeping: time inside it that was not spent
 * in write_cb is codec time. */
static void account(ssd_archive *a, double t_start) {
    double spent = ssd__mono_s() - t_start;
    a->res.write_s += a->write_in_call;
    a->res.codec_s += spent - a->write_in_call;
    a->write_in_call = 0;
}

static int la_fail(ssd_archive *a, const char *what, const char *path) {
    int sys = errno; /* right after the failed call: what write(2) said */
    int e = archive_errno(a->ar);
    const char *s = archive_error_string(a->ar);
    /* libarchive's 7z writer reports a failed write to its staging file as
     * "fwrite function failed" with no errno (ARCHIVE_ERRNO_MISC); the
     * system's errno from that write is still there and says why. */
    int staging = s && strstr(s, "fwrite function failed") && sys > 0;
    if (staging)
        e = sys;
    int code = e == ENOSPC || e == EIO || e == EDQUOT ? -e : SSD_EIO;
    if (staging)
        return ssd__fail(a->err, code, "%s: %s: %s (writing the 7z staging file in %s)", path, what,
                         strerror(e), a->tmpdir);
    if (!s && e > 0)
        s = strerror(e);
    if (s && strstr(s, "temporary file"))
        return ssd__fail(a->err, code, "%s: %s: %s in the 7z staging directory %s", path, what, s,
                         a->tmpdir);
    return ssd__fail(a->err, code, "%s: %s: %s", path, what, s ? s : "libarchive error");
}

static int configure(ssd_archive *a, const char *archive_path) {
    struct archive *ar = a->ar;
    const char *m = a->method >= 0 ? method_names[a->method] : "";
    char level[8];
    snprintf(level, sizeof level, "%d", a->level);
    int r = ARCHIVE_OK;
    switch (a->format) {
    case FMT_7Z:
        if (!*m)
            m = "deflate";
        if (strcmp(m, "deflate") && strcmp(m, "lzma2") && strcmp(m, "store"))
            goto bad_method;
        r = archive_write_set_format_7zip(ar);
        if (r == ARCHIVE_OK)
            r = archive_write_set_format_option(ar, "7zip", "compression",
                                                !strcmp(m, "store") ? "copy" : m);
        break;
    case FMT_ZIP:
        if (!*m)
            m = "deflate";
        if (strcmp(m, "deflate") && strcmp(m, "store"))
            goto bad_method;
        r = archive_write_set_format_zip(ar);
        if (r == ARCHIVE_OK)
            r = !strcmp(m, "store") ? archive_write_zip_set_compression_store(ar)
                                    : archive_write_zip_set_compression_deflate(ar);
        break;
    case FMT_TAR_ZST:
        if (*m && strcmp(m, "zstd"))
            goto bad_method;
        r = archive_write_set_format_pax_restricted(ar);
        if (a->level >= 0 && (a->level < 1 || a->level > 19))
            goto bad_level;
        a->zc = ZSTD_createCCtx();
        a->zbuf = malloc(ZSTD_CStreamOutSize());
        if (!a->zc || !a->zbuf)
            return ssd__fail(a->err, SSD_ENOMEM, "archive: out of memory");
        if (ZSTD_isError(ZSTD_CCtx_setParameter(a->zc, ZSTD_c_checksumFlag, 1)) ||
            ZSTD_isError(ZSTD_CCtx_setParameter(a->zc, ZSTD_c_compressionLevel,
                                                a->level >= 0 ? a->level : 3)))
            return ssd__fail(a->err, SSD_EUNSUPPORTED, "archive: zstd refused its settings");
        break;
    default:
        if (*m && strcmp(m, "store"))
            goto bad_method;
        r = archive_write_set_format_pax_restricted(ar);
        break;
    }
    /* 7z and zip take a level but for store (zip's would switch it back to deflate) */
    if (r == ARCHIVE_OK && a->level >= 0 && a->format <= FMT_ZIP && strcmp(m, "store")) {
        if (a->level > 9)
            goto bad_level;
        r = archive_write_set_format_option(ar, a->format == FMT_7Z ? "7zip" : "zip",
                                            "compression-level", level);
    }
    if (r != ARCHIVE_OK)
        return ssd__fail(a->err, SSD_EUNSUPPORTED, "%s: libarchive cannot write this: %s",
                         archive_path, archive_error_string(ar));
    /* Big writes, no padding of the last block. */
    archive_write_set_bytes_per_block(ar, 1 << 20);
    archive_write_set_bytes_in_last_block(ar, 1);
    return 0;
bad_method:
    return ssd__fail(a->err, SSD_EINVAL, "archive: method '%s' not available for this format", m);
bad_level:
    return ssd__fail(a->err, SSD_ERANGE, "archive: level %d out of range for this format",
                     a->level);
}

/* ---------------------------------------------------------------- walk */

SSD__FO_ARCHIVE_PROGRESS(archive)

/* Sets TMPDIR for libarchive's 7z staging file (see tmpdir_lock); restored
 * by tmpdir_leave(). */
static char *tmpdir_enter(const ssd_archive *a) {
    pthread_mutex_lock(&tmpdir_lock);
    const char *old = getenv("TMPDIR");
    char *saved = old ? strdup(old) : NULL;
    setenv("TMPDIR", a->tmpdir, 1);
    return saved;
}

static void tmpdir_leave(char *saved) {
    if (saved)
        setenv("TMPDIR", saved, 1);
    else
        unsetenv("TMPDIR");
    free(saved);
    pthread_mutex_unlock(&tmpdir_lock);
}

static int write_header(ssd_archive *a, struct archive_entry *e, const char *path) {
    double t = ssd__mono_s();
    int r;
    r = archive_write_header(a->ar, e);
    account(a, t);
    if (r < ARCHIVE_WARN)
        return la_fail(a, "writing entry header", path);
    return 0;
}

static int add_file(ssd_archive *a, int dirfd, const char *name, const char *rel,
                    struct archive_entry *e) {
    int rc = write_header(a, e, rel);
    if (rc < 0)
        return rc;
    double t = ssd__mono_s();
    int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return ssd__fail_errno(a->err, "%s: cannot open", rel);
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    a->res.read_s += ssd__mono_s() - t;
    for (;;) {
        t = ssd__mono_s();
        ssize_t n = read(fd, a->buf, READ_CHUNK);
        a->res.read_s += ssd__mono_s() - t;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            rc = ssd__fail_errno(a->err, "%s: read failed", rel);
            break;
        }
        if (n == 0)
            break;
        t = ssd__mono_s();
        la_ssize_t w = archive_write_data(a->ar, a->buf, (size_t)n);
        account(a, t);
        if (w < 0) {
            rc = la_fail(a, "writing data", rel);
            break;
        }
        a->res.data_bytes += (uint64_t)n;
        if ((rc = emit_progress(a, 0, rel)) < 0)
            break;
    }
    close(fd);
    if (rc == 0)
        a->res.files++;
    return rc;
}

/* 1 when every byte of s is part of a valid UTF-8 sequence. */
static int valid_utf8(const char *s) {
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        int n = ssd__utf8_len(p);
        if (!n)
            return 0;
        p += n;
    }
    return 1;
}

static int walk(ssd_archive *a, int dirfd, const char *rel, struct archive_entry *e) {
    double t = ssd__mono_s();
    struct ssd__fo_ent *ents;
    size_t n;
    int rc = ssd__fo_list_dir(dirfd, ".", 0, &ents, &n);
    a->res.read_s += ssd__mono_s() - t;
    if (rc == SSD_ENOMEM)
        return ssd__fail(a->err, rc, "out of memory");
    if (rc < 0 && (errno = -rc)) /* a readdir error too, which this once ignored */
        return ssd__fail_errno(a->err, "%s: cannot read directory", *rel ? rel : ".");
    char child[PATH_MAX], target[PATH_MAX];
    for (size_t i = 0; i < n && rc == 0; i++) {
        const char *name = ents[i].name;
        if (ssd__fo_join(child, sizeof child, rel, name)) {
            rc = ssd__fail(a->err, SSD_ERANGE, "%s/%s: path too long", rel, name);
            break;
        }
        /* 7z keeps names as UTF-16 (libarchive stored U+FFFD for the bad
         * bytes) and zip flagged the raw bytes as UTF-8 (unreadable): the
         * file came back under another name or not at all. tar keeps them. */
        if ((a->format == FMT_7Z || a->format == FMT_ZIP) && !valid_utf8(name)) {
            rc = ssd__fail(a->err, SSD_EUNSUPPORTED,
                           "%s: the file name is not valid UTF-8, which %s cannot store "
                           "(format tar.zst can)",
                           child, a->format == FMT_7Z ? "7z" : "zip");
            break;
        }
        struct stat st;
        t = ssd__mono_s();
        if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
            rc = ssd__fail_errno(a->err, "%s: cannot stat", child);
            break;
        }
        a->res.read_s += ssd__mono_s() - t;
        archive_entry_clear(e);
        archive_entry_copy_stat(e, &st);
        archive_entry_set_pathname(e, child);
        if (S_ISREG(st.st_mode) &&
            ((st.st_dev == a->out_st.st_dev && st.st_ino == a->out_st.st_ino) ||
             (st.st_dev == a->old_st.st_dev && st.st_ino == a->old_st.st_ino)))
            continue; /* the archive being written (or the one it replaces), inside SRC */
        if (S_ISREG(st.st_mode)) {
            archive_entry_set_nlink(e, 1); /* stored as data, not as hard links */
            rc = add_file(a, dirfd, name, child, e);
        } else if (S_ISLNK(st.st_mode)) {
            ssize_t len = readlinkat(dirfd, name, target, sizeof target - 1);
            if (len < 0) {
                rc = ssd__fail_errno(a->err, "%s: readlink", child);
                break;
            }
            target[len] = 0;
            archive_entry_set_symlink(e, target);
            archive_entry_set_size(e, 0);
            if ((rc = write_header(a, e, child)) == 0)
                a->res.symlinks++;
        } else if (S_ISDIR(st.st_mode)) {
            archive_entry_set_size(e, 0);
            if ((rc = write_header(a, e, child)) < 0)
                break;
            a->res.dirs++;
            int sub = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub < 0) {
                rc = ssd__fail_errno(a->err, "%s: cannot open directory", child);
                break;
            }
            rc = walk(a, sub, child, e);
            close(sub);
        } else
            skip_special(a, child, st.st_mode); /* no data to store: left out, reported */
        if (rc == 0)
            rc = emit_progress(a, 0, child);
    }
    ssd__fo_ents_free(ents, n);
    return rc;
}

/* ---------------------------------------------------------------- run */

static int archive_run_in_utf8(ssd_archive *a, const char *src, const char *archive_path,
                               ssd_archive_result *res) {
    if (!a || !src || !archive_path || !res)
        return a ? ssd__fail(a->err, SSD_EINVAL, "archive: NULL argument") : SSD_EINVAL;
    if (!ssd__result_size_ok(res, sizeof *res))
        return ssd__fail(a->err, SSD_EINVAL,
                         "archive: set the result's size to sizeof (ssd_archive_result)");
    *res = (ssd_archive_result){.size = res->size};
    memset(&a->res, 0, sizeof a->res);
    a->err[0] = 0;
    int loaded = ssd__archive_lib_load(a->err, "archive");
    if (loaded < 0)
        return loaded;
    clear_skipped(a);
    a->write_in_call = 0;
    a->t0 = ssd__mono_s();
    a->next_progress = a->t0 + a->progress_interval;
    a->stopped = 0;

    int rc = 0, srcfd = -1, created = 0, tmpdir_held = 0;
    a->zc = NULL;
    a->zbuf = NULL;
    memset(&a->old_st, 0, sizeof a->old_st);
    char *saved_tmpdir = NULL;
    struct archive_entry *e = NULL;
    char *tmpdir = a->tmpdir;
    char dirbuf[PATH_MAX];
    if (!tmpdir) { /* Default: next to the archive, i.e. on the drive under test. */
        const char *leaf;
        ssd__fo_split_path(archive_path, dirbuf, sizeof dirbuf, &leaf);
        a->tmpdir = dirbuf;
    }
    a->buf = malloc(READ_CHUNK);
    a->ar = archive_write_new();
    if (!a->buf || !a->ar) {
        rc = ssd__fail(a->err, SSD_ENOMEM, "archive: out of memory");
        goto out;
    }
    srcfd = open(src, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (srcfd < 0) {
        rc = ssd__fail_errno(a->err, "%s: cannot open source directory", src);
        goto out;
    }
    if ((rc = configure(a, archive_path)) < 0)
        goto out;
    struct stat old;
    if (stat(archive_path, &old) == 0) {
        if (S_ISDIR(old.st_mode)) {
            rc = ssd__fail(a->err, -EISDIR, "%s: cannot create archive: it is a directory",
                           archive_path);
            goto out;
        }
        /* What an output may replace (docs/crash-safety.md): never a device
         * node or a FIFO, nor a file that is not an archive of this format
         * (`archive DIR DIR/notes.txt` replaced the notes, an input, with
         * the archive). A tar has no leading magic to tell. */
        static const char *const magic[] = {"7z\xbc\xaf\x27\x1c", "PK", "\x28\xb5\x2f\xfd", NULL};
        char why[SSD__ERRMSG_SIZE];
        if ((rc = ssd__output_check("archive", archive_path, NULL, 0, magic[a->format], 0, why)) <
            0) {
            ssd__fail(a->err, rc, "%s", why);
            goto out;
        }
        a->old_st = old;
    }
    /* Written under no name (or a marked temporary one) and named when
     * complete: a killed run never leaves a half archive under its name. */
    if ((rc = ssd__fo_tmp_open(&a->out, AT_FDCWD, archive_path, 0, 0644)) < 0) {
        ssd__fail(a->err, rc, "%s: cannot create archive: %s", archive_path, ssd_strerror(rc));
        goto out;
    }
    a->out_fd = a->out.fd;
    created = 1;
    if (fstat(a->out_fd, &a->out_st) < 0) {
        rc = ssd__fail_errno(a->err, "%s: cannot stat archive", archive_path);
        goto out;
    }
    if (a->format == FMT_7Z) {
        saved_tmpdir = tmpdir_enter(a);
        tmpdir_held = 1;
    }
    if (archive_write_open2(a->ar, a, NULL, write_cb, NULL, NULL) != ARCHIVE_OK) {
        rc = la_fail(a, "opening archive", archive_path);
        goto out;
    }
    if (!(e = archive_entry_new())) {
        rc = ssd__fail(a->err, SSD_ENOMEM, "archive: out of memory");
        goto out;
    }
    if ((rc = walk(a, srcfd, "", e)) < 0)
        goto out;
    double t = ssd__mono_s();
    emit_progress(a, 1, archive_path); /* all read: a stop changes nothing now */
    int r = archive_write_close(a->ar);
    if (r == ARCHIVE_OK && a->zc && zstd_feed(a, NULL, 0, ZSTD_e_end) < 0)
        r = ARCHIVE_FATAL;
    account(a, t);
    if (r != ARCHIVE_OK) {
        rc = la_fail(a, "finishing archive", archive_path);
        goto out;
    }
    if (a->sync_mode) {
        t = ssd__mono_s();
        if (fsync(a->out_fd) < 0)
            rc = ssd__fail_errno(a->err, "%s: fsync", archive_path);
        a->res.sync_s = ssd__mono_s() - t;
    }
    if (rc == 0 && (rc = ssd__fo_tmp_publish(&a->out, 1)) < 0)
        ssd__fail(a->err, rc, "%s: cannot give the archive its name: %s", archive_path,
                  ssd_strerror(rc));
    if (close(a->out_fd) < 0 && rc == 0)
        rc = ssd__fail_errno(a->err, "%s: close", archive_path);
    a->out_fd = -1;
out:
    if (a->ar)
        archive_write_free(a->ar); /* also removes the 7z staging file */
    a->ar = NULL;
    if (tmpdir_held)
        tmpdir_leave(saved_tmpdir);
    if (a->out_fd >= 0) {
        close(a->out_fd);
        a->out_fd = -1;
    }
    if (rc < 0 && created)
        ssd__fo_tmp_discard(&a->out); /* no half archive left behind */
    ZSTD_freeCCtx(a->zc);
    free(a->zbuf);
    a->zc = NULL;
    a->zbuf = NULL;
    if (srcfd >= 0)
        close(srcfd);
    archive_entry_free(e);
    free(a->buf);
    a->buf = NULL;
    a->tmpdir = tmpdir;
    a->res.total_s = ssd__mono_s() - a->t0;
    a->res.bw_bps = a->res.total_s > 0 ? (double)a->res.data_bytes / a->res.total_s : 0;
    ssd__result_copy(res, &a->res, sizeof a->res);
    return rc;
}

SSD__FO_ARCHIVE_RUN(archive, src, archive_path, archive_path, src)
