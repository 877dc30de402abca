/* filebench.c - METHODOLOGY.md tests 9 and 10 in one run: make a file set
 * on the filesystem under test, then time copy, archive and extract inside
 * it. Caches are dropped before each step and every step syncs its output
 * before its clock stops, so the figures are the drive's, not the page
 * cache's. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore/fileops.h>

#include "fo_util.h"
#include "jsonw.h"
#include "options.h"

/* Marks DIR/ssdcore-filebench as ssdcore's own, so it may be deleted. */
#define FILEBENCH_MARKER ".ssdcore-filebench"

struct ssd_filebench {
    char err[SSD__ERRMSG_SIZE];
    /* options (filebench_options) */
    int set, format, method, level; /* method and level -1: the format's default */
    uint64_t size, seed;
    uint32_t workers;
    char *steps_text;
    int keep;
    int steps;                /* bit 0 copy, 1 archive, 2 extract */
    double progress_interval; /* given to each part */
    ssd_fileops_progress_fn progress_fn;
    void *progress_user;
    char *json; /* the last run's results, compact */
};

static const char *const set_names[] = {"iso", "program", "work"};
static const char *const format_names[] = {"7z", "zip", "tar.zst", "tar"};
static const char *const method_names[] = {"deflate", "lzma2", "store", "zstd"};

#define SSD__OPTION_OWNER struct ssd_filebench
/* clang-format off */
/* X(key, TYPE, field, unit, min, max, default, words, flags, help) */
#define FILEBENCH_OPTIONS(X)                                                                       \
    X(set, ENUM, set, "", 0, 0, "work", "iso program work", 0, "the file set (ssdcore mkset)")     \
    X(size, SIZE, size, "B", 64 * 1024, 1ull << 50, "8g", "", 0, "total bytes of the set")         \
    X(seed, INT, seed, "", 0, HUGE_VAL, "1", "", 0, "the set's seed")                              \
    X(steps, TEXT, steps_text, "steps", 0, 0, "copy,archive,extract", "", 0,                      \
      "the steps to time, a comma list of copy, archive and extract (extract archives first)")    \
    X(workers, INT, workers, "", 1, 256, "8", "", 0, "copy workers")                               \
    X(format, ENUM, format, "", 0, 0, "7z", "7z zip tar.zst tar", 0, "archive format")             \
    X(method, ENUM, method, "", 0, 0, "", "deflate lzma2 store zstd", 0,                           \
      "compression (default: the format's, as ssdcore archive)")                                  \
    X(level, INT, level, "", 0, 22, "", "", 0, "compression level (default: the codec's)")         \
    X(keep, BOOL, keep, "", 0, 1, "0", "", 0, "keep the scratch tree afterwards")                  \
    SSD__FO_PROGRESS_INTERVAL_OPTION(X)
/* clang-format on */
SSD__OPTION_TABLE(filebench_options, "filebench", FILEBENCH_OPTIONS);

SSD__OPTIONS_ACCESSOR(ssd_filebench_options, filebench_options)

int ssd_filebench_create(ssd_filebench **out) {
    int rc = ssd__option_create(out, sizeof **out, &filebench_options);
    if (!rc)
        (*out)->method = (*out)->level = -1, (*out)->steps = 7;
    return rc;
}

void ssd_filebench_free(ssd_filebench *b) {
    if (!b)
        return;
    free(b->json);
    ssd__option_free(&filebench_options, b);
    free(b);
}

SSD__FO_HANDLE_CALLS(filebench)

/* The step bits of a comma list: 0 when it names none or another word. */
static int parse_steps(const char *value) {
    int steps = 0;
    for (const char *p = value; *p; p += *p == ',') {
        size_t len = strcspn(p, ",");
        if (len == 4 && !strncmp(p, "copy", 4))
            steps |= 1;
        else if (len == 7 && !strncmp(p, "archive", 7))
            steps |= 2;
        else if (len == 7 && !strncmp(p, "extract", 7))
            steps |= 2 | 4; /* extracting needs the archive */
        else
            return 0;
        p += len;
    }
    return steps;
}

int ssd_filebench_set_option(ssd_filebench *b, const char *key, const char *value) {
    if (!b)
        return SSD_EINVAL;
    int steps = key && value && !strcmp(key, "steps") ? parse_steps(value) : 0;
    if (key && value && !strcmp(key, "steps") && !steps)
        return ssd__fail(b->err, SSD_EINVAL,
                         "option steps: '%s' is not a comma list of copy, archive and extract",
                         value);
    if (key && value && !*value && (!strcmp(key, "method") || !strcmp(key, "level"))) {
        *(!strcmp(key, "method") ? &b->method : &b->level) = -1; /* back to the default */
        return 0;
    }
    int i = ssd__option_set(&filebench_options, b, key, value, b->err);
    if (i == OPT_steps)
        b->steps = steps;
    return i < 0 ? i : 0;
}

/* ---------------------------------------------------------------- caches */

static int fadvise_cb(const char *p, const struct stat *st, int flag, struct FTW *f) {
    (void)st;
    (void)f;
    if (flag != FTW_F)
        return 0;
    int fd = open(p, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0) {
        posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
        close(fd);
    }
    return 0;
}

/* The file drop_caches writes "3" to: the kernel's, or SSD_DROP_CACHES
 * (the tests' stand-in: every filebench run as root emptied the whole
 * machine's page cache three times, and every other process then read its
 * files from the disk again; docs/testing.md). */
static const char *drop_caches_path(void) {
    const char *p = getenv("SSD_DROP_CACHES");
    return p && *p ? p : "/proc/sys/vm/drop_caches";
}

/* Syncs, then evicts the tree's pages: with drop_caches when root (which
 * also drops dentries and inodes), and with POSIX_FADV_DONTNEED per file
 * always. Returns the method used. */
static const char *drop_caches(const char *dir) {
    ssd__fo_syncfs(dir);
    nftw(dir, fadvise_cb, 32, FTW_PHYS | FTW_MOUNT);
    const char *how = "fadvise";
    if (geteuid() == 0) {
        int fd = open(drop_caches_path(), O_WRONLY | O_CLOEXEC);
        if (fd >= 0) {
            if (write(fd, "3", 1) == 1)
                how = "drop_caches";
            close(fd);
        }
    }
    return how;
}

/* ---------------------------------------------------------------- run */

static const char *method_name(const ssd_filebench *b) {
    if (b->method >= 0)
        return method_names[b->method];
    if (!strcmp(format_names[b->format], "tar.zst"))
        return "zstd";
    return strcmp(format_names[b->format], "tar") ? "deflate" : "store";
}

/* A step's object, left open for the members of its kind. */
static void step_json(struct ssd__jw *w, const char *name, double seconds, uint64_t bytes,
                      uint64_t files, double sync_s) {
    ssd__jw_begin_object(w);
    ssd__jw_kstr(w, "step", name);
    ssd__fo_ksec(w, "runtime_s", seconds); /* "seconds" before round 21 */
    ssd__jw_ku64(w, "bytes", bytes);
    ssd__jw_ku64(w, "files", files);
    /* bytes/s as every rate (mib_per_s, MiB/s to 3 decimals, before) */
    ssd__jw_knum(w, "bw_bps", seconds > 0 ? (double)bytes / seconds : 0.0);
    ssd__fo_ksec(w, "sync_s", sync_s);
}

int ssd_filebench_run(ssd_filebench *b, const char *dir) {
    if (!b || !dir)
        return b ? ssd__fail(b->err, SSD_EINVAL, "filebench: NULL argument") : SSD_EINVAL;
    if (!*dir) /* not the current directory by accident */
        return ssd__fail(b->err, SSD_EINVAL, "filebench: empty directory name");
    b->err[0] = 0;
    free(b->json);
    b->json = NULL;
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    char base[PATH_MAX], set_dir[PATH_MAX], copy_dir[PATH_MAX], arc[PATH_MAX], ext_dir[PATH_MAX];
    if (ssd__fo_join(base, sizeof base, dir, "ssdcore-filebench") ||
        ssd__fo_join(set_dir, sizeof set_dir, base, "set") ||
        ssd__fo_join(copy_dir, sizeof copy_dir, base, "copy") ||
        snprintf(arc, sizeof arc, "%s/set.%s", base, format_names[b->format]) >= (int)sizeof arc ||
        ssd__fo_join(ext_dir, sizeof ext_dir, base, "extract"))
        return ssd__fail(b->err, SSD_ERANGE, "%s: path too long", dir);
    /* A typo in a mount point must not benchmark the root filesystem:
     * DIR must exist; only ssdcore-filebench is created inside it. */
    struct stat dst;
    int serr = stat(dir, &dst) < 0 ? errno : S_ISDIR(dst.st_mode) ? 0 : ENOTDIR;
    if (serr)
        return ssd__fail(b->err, -serr,
                         "%s: %s (give an existing directory on the filesystem under test)", dir,
                         strerror(serr));
    /* DIR/ssdcore-filebench is deleted before and after a run: only when
     * it is ssdcore's own (it holds the marker written below) or empty.
     * One that holds the user's files is refused, never emptied. */
    char marker[PATH_MAX];
    if (ssd__fo_join(marker, sizeof marker, base, FILEBENCH_MARKER))
        return ssd__fail(b->err, SSD_ERANGE, "%s: path too long", dir);
    struct stat bst, mst;
    if (lstat(base, &bst) == 0) {
        int ours = S_ISDIR(bst.st_mode) && lstat(marker, &mst) == 0 && S_ISREG(mst.st_mode);
        if (!ours && !(S_ISDIR(bst.st_mode) && rmdir(base) == 0))
            return ssd__fail(b->err, -EEXIST,
                             "%s: already exists and is not ssdcore's scratch directory (no %s "
                             "marker in it); move it away or give another DIR: filebench "
                             "deletes its scratch directory",
                             base, FILEBENCH_MARKER);
    }
    int rc = ssd__fo_rmtree(base);
    if (rc == 0 && mkdir(base, 0755) < 0)
        rc = -errno;
    if (rc == 0) {
        int fd = open(marker, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        static const char text[] = "ssdcore filebench scratch directory: deleted by each run\n";
        if (fd < 0 || write(fd, text, sizeof text - 1) != (ssize_t)(sizeof text - 1))
            rc = -errno;
        if (fd >= 0)
            close(fd);
    }
    if (rc < 0)
        return ssd__fail(b->err, rc, "%s: cannot prepare: %s", base, ssd_strerror(rc));

    ssd_fileset *s = NULL;
    ssd_copy *c = NULL;
    ssd_archive *a = NULL;
    ssd_extract *x = NULL;
    if (ssd_fileset_create(&s) || ssd_copy_create(&c) || ssd_archive_create(&a) ||
        ssd_extract_create(&x)) {
        rc = ssd__fail(b->err, SSD_ENOMEM, "filebench: out of memory");
        goto out;
    }
    /* Each part reports through the caller's callback in turn. */
    ssd_fileset_set_progress(s, b->progress_fn, b->progress_user);
    ssd_copy_set_progress(c, b->progress_fn, b->progress_user);
    ssd_archive_set_progress(a, b->progress_fn, b->progress_user);
    ssd_extract_set_progress(x, b->progress_fn, b->progress_user);
    char seed[24], size[24], workers[16], level[16], interval[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)b->seed);
    snprintf(size, sizeof size, "%llu", (unsigned long long)b->size);
    snprintf(workers, sizeof workers, "%u", (unsigned)b->workers);
    snprintf(level, sizeof level, "%d", b->level);
    /* Each part calls back (and so notices a stop) as often as asked. */
    snprintf(interval, sizeof interval, "%.17g", b->progress_interval);
    ssd_fileset_set_option(s, "progress_interval", interval);
    ssd_copy_set_option(c, "progress_interval", interval);
    ssd_archive_set_option(a, "progress_interval", interval);
    ssd_extract_set_option(x, "progress_interval", interval);
    ssd_fileset_set_option(s, "kind", set_names[b->set]);
    ssd_fileset_set_option(s, "size", size);
    ssd_fileset_set_option(s, "seed", seed);
    ssd_copy_set_option(c, "workers", workers);
    ssd_archive_set_option(a, "format", format_names[b->format]);
    ssd_archive_set_option(a, "method", b->method >= 0 ? method_names[b->method] : "");
    ssd_archive_set_option(a, "level", b->level >= 0 ? level : "");

    ssd_fileset_result sr = {.size = sizeof sr};
    if ((rc = ssd_fileset_run(s, set_dir, &sr)) < 0) {
        ssd__fail(b->err, rc, "mkset: %s", ssd_fileset_errmsg(s));
        goto out;
    }
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "schema", "ssdcore-filebench 1");
    ssd__jw_kstr(&w, "tool", "ssdcore " SSD_VERSION_STRING);
    ssd__jw_kstr(&w, "dir", dir);
    ssd__jw_key(&w, "set");
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "kind", set_names[b->set]);
    ssd__jw_ku64(&w, "size_bytes", b->size); /* "size": "8g", as given, before */
    ssd__jw_ku64(&w, "seed", b->seed);
    ssd__jw_ku64(&w, "files", sr.files);
    ssd__jw_ku64(&w, "dirs", sr.dirs);
    ssd__jw_ku64(&w, "bytes", sr.bytes);
    ssd__fo_ksec(&w, "make_s", sr.total_s);
    ssd__jw_end_object(&w);
    const char *how = "none";
    ssd__jw_key(&w, "steps");
    ssd__jw_begin_array(&w);

    if (b->steps & 1) {
        how = drop_caches(base);
        ssd_copy_result r = {.size = sizeof r};
        if ((rc = ssd_copy_run(c, set_dir, copy_dir, &r)) < 0 || r.files.failed) {
            rc = ssd__fail(b->err, rc < 0 ? rc : SSD_EIO, "copy: %s", ssd_copy_errmsg(c));
            goto out;
        }
        step_json(&w, "copy", r.total_s, r.bytes.copied, r.files.copied, r.sync_s);
        ssd__jw_ku64(&w, "workers", r.workers);
        ssd__jw_end_object(&w);
        ssd__fo_rmtree(copy_dir); /* frees the space before the next step */
    }
    for (int ext = 0; ext < 2; ext++) { /* archive (steps bit 1), then extract (bit 2) */
        if (!(b->steps & (2 << ext)))
            continue;
        const char *step = ext ? "extract" : "archive";
        how = drop_caches(base);
        ssd_archive_result r = {.size = sizeof r};
        if ((rc = ext ? ssd_extract_run(x, arc, ext_dir, &r)
                      : ssd_archive_run(a, set_dir, arc, &r)) < 0) {
            ssd__fail(b->err, rc, "%s: %s", step,
                      ext ? ssd_extract_errmsg(x) : ssd_archive_errmsg(a));
            goto out;
        }
        step_json(&w, step, r.total_s, r.data_bytes, r.files, r.sync_s);
        ssd__jw_ku64(&w, "archive_bytes", r.archive_bytes);
        if (!ext) {
            ssd__jw_kstr(&w, "format", format_names[b->format]);
            ssd__jw_kstr(&w, "method", method_name(b));
        }
        ssd__fo_ksec(&w, "read_s", r.read_s);
        ssd__fo_ksec(&w, ext ? "decompress_s" : "compress_s", r.codec_s);
        ssd__fo_ksec(&w, "write_s", r.write_s);
        ssd__jw_end_object(&w);
    }
    ssd__jw_end_array(&w);
    ssd__jw_kstr(&w, "cache_drop", how);
    ssd__jw_end_object(&w);
    ssd__jw_newline(&w); /* a file ends with a line break */
out:
    if (ssd__jw_finish(&w, &b->json) < 0 && rc >= 0)
        rc = ssd__fail(b->err, SSD_ENOMEM, "filebench: out of memory for results");
    if (rc < 0) {
        free(b->json);
        b->json = NULL;
    }
    if (!b->keep)
        ssd__fo_rmtree(base);
    ssd_fileset_free(s);
    ssd_copy_free(c);
    ssd_archive_free(a);
    ssd_extract_free(x);
    return rc;
}
