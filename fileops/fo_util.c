/* fo_util.c - small private helpers for the fileops sources. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "fo_util.h"

int ssd__fo_to_json(const void *h, const char *json, int flags, char **out, char *err) {
    struct ssd__jw w;
    int rc = ssd__jw_open(&w, h, out, flags, err);
    if (rc)
        return rc;
    if (!json)
        return ssd__fail(err, SSD_ESTATE, "to_json: no results: no run, or the last run failed");
    ssd__jw_raw(&w, json); /* the stored compact document, in the style asked for */
    return ssd__jw_finish(&w, out);
}

int ssd__fo_progress(ssd_fileops_progress_fn fn, void *user, double interval, double t0,
                     double *next, int force, ssd_fileops_progress *p) {
    double now = ssd__mono_s();
    if (!fn || (!force && now < *next))
        return 0;
    *next = now + interval;
    p->elapsed_s = now - t0;
    return fn(user, p) != 0;
}

void ssd__fo_ksec(struct ssd__jw *w, const char *key, double s) {
    ssd__jw_key(w, key);
    ssd__jw_num_f(w, s, 6);
}

char *ssd__fo_archive_json(const char *operation, const char *archive, const char *tree,
                           const ssd_archive_result *r) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "operation", operation);
    ssd__jw_kstr(&w, "archive", archive);
    ssd__jw_kstr(&w, "tree", tree);
    ssd__jw_ku64(&w, "files", r->files);
    ssd__jw_ku64(&w, "dirs", r->dirs);
    ssd__jw_ku64(&w, "symlinks", r->symlinks);
    ssd__jw_ku64(&w, "data_bytes", r->data_bytes);
    ssd__jw_ku64(&w, "archive_bytes", r->archive_bytes);
    ssd__fo_ksec(&w, "total_s", r->total_s);
    ssd__fo_ksec(&w, "read_s", r->read_s);
    ssd__fo_ksec(&w, "codec_s", r->codec_s);
    ssd__fo_ksec(&w, "write_s", r->write_s);
    ssd__fo_ksec(&w, "sync_s", r->sync_s);
    /* bytes/s as every rate (bytes_per_s and mib_per_s, MiB/s, before) */
    ssd__jw_knum(&w, "bw_bps", r->bw_bps);
    ssd__jw_ku64(&w, "skipped", r->skipped);
    ssd__jw_end_object(&w);
    char *out = NULL;
    return ssd__jw_finish(&w, &out) == 0 ? out : NULL;
}

int ssd__fo_syncfs(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    int rc = syncfs(fd) < 0 ? -errno : 0;
    close(fd);
    return rc;
}

static int cmp_ent(const void *a, const void *b) {
    return strcmp(((const struct ssd__fo_ent *)a)->name, ((const struct ssd__fo_ent *)b)->name);
}

void ssd__fo_ents_free(struct ssd__fo_ent *e, size_t n) {
    for (size_t i = 0; i < n; i++)
        free(e[i].name);
    free(e);
}

int ssd__fo_list_dir(int dirfd, const char *path, int with_stat, struct ssd__fo_ent **out,
                     size_t *count) {
    *out = NULL;
    *count = 0;
    int fd = openat(dirfd, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (!d) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return e == ENOENT ? 0 : -e;
    }
    struct ssd__fo_ent *e = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    struct dirent *de;
    errno = 0;
    while ((de = readdir(d))) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        if ((rc = ssd__grow(&e, n, &cap, sizeof *e, 64)) < 0)
            break;
        if (with_stat && fstatat(fd, de->d_name, &e[n].st, AT_SYMLINK_NOFOLLOW) < 0) {
            if (errno == ENOENT) {
                /* vanished between readdir and stat; its errno must not be
                 * taken for readdir's when this was the last entry */
                errno = 0;
                continue;
            }
            rc = -errno;
            break;
        }
        if (!(e[n].name = strdup(de->d_name))) {
            rc = SSD_ENOMEM;
            break;
        }
        n++;
        errno = 0;
    }
    if (!rc && errno)
        rc = -errno;
    closedir(d);
    if (rc < 0) {
        ssd__fo_ents_free(e, n);
        return rc;
    }
    if (n) /* qsort(NULL, 0) is undefined */
        qsort(e, n, sizeof *e, cmp_ent);
    *out = e;
    *count = n;
    return 0;
}

int ssd__fo_join(char *out, size_t n, const char *a, const char *b) {
    int len;
    if (!*b)
        len = snprintf(out, n, "%s", a);
    else if (!*a)
        len = snprintf(out, n, "%s", b);
    else
        len = snprintf(out, n, "%s%s%s", a, a[strlen(a) - 1] == '/' ? "" : "/", b);
    return len < 0 || (size_t)len >= n ? SSD_ERANGE : 0;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
    (void)st;
    (void)ftw;
    return (flag == FTW_DP ? rmdir(path) : unlink(path)) < 0 ? -errno : 0;
}

int ssd__fo_rmtree(const char *path) {
    struct stat st;
    if (lstat(path, &st) < 0)
        return errno == ENOENT ? 0 : -errno;
    if (!S_ISDIR(st.st_mode))
        return unlink(path) < 0 ? -errno : 0;
    /* nftw from the calling thread only: FTW_CHDIR is not used, so the
     * working directory is left alone. */
    return nftw(path, rm_one, 32, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}

void ssd__fo_utf8_enter(struct ssd__fo_locale *l) {
    static const char *const names[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8"};
    l->mine = l->prev = (locale_t)0;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !l->mine; i++)
        l->mine = newlocale(LC_CTYPE_MASK, names[i], (locale_t)0);
    if (l->mine)
        l->prev = uselocale(l->mine);
}

void ssd__fo_utf8_leave(struct ssd__fo_locale *l) {
    if (!l->mine)
        return;
    uselocale(l->prev);
    freelocale(l->mine);
    l->mine = (locale_t)0;
}

/* ---------------------------------------------------------------- temporary files */

void ssd__fo_split_path(const char *path, char *dir, size_t n, const char **leaf) {
    const char *slash = strrchr(path, '/');
    *leaf = slash ? slash + 1 : path;
    /* "." when there is no '/', the '/' itself when it is the first byte */
    snprintf(dir, n, "%.*s", slash ? (int)(slash - path) + (slash == path) : 1, slash ? path : ".");
}

/* A fresh marked name next to t->path: DIR/.LEAF.ssdcore-partial.XXXXXX, the
 * leaf shortened when the whole would exceed NAME_MAX. */
static int make_tmp_name(struct ssd__fo_tmpfile *t, unsigned attempt) {
    char dir[4096];
    const char *leaf;
    ssd__fo_split_path(t->path, dir, sizeof dir, &leaf);
    static const char hex[] = "0123456789abcdef";
    uint64_t r = (uint64_t)(ssd__mono_s() * 1e9) + (uint64_t)getpid() * 7919 +
                 (uint64_t)attempt * 0x9E3779B97F4A7C15ull + (uint64_t)(uintptr_t)t;
    char suffix[7];
    for (int i = 0; i < 6; i++) {
        suffix[i] = hex[r & 15];
        r = r >> 4 ^ r * 31;
    }
    suffix[6] = 0;
    int room = NAME_MAX - 1 - (int)strlen(SSD__FO_PARTIAL_MARK) - 6;
    int len = (int)strlen(leaf) < room ? (int)strlen(leaf) : room;
    int slash = strrchr(t->path, '/') != NULL;
    int n = snprintf(t->tmp, sizeof t->tmp, "%s%s.%.*s%s%s", slash ? dir : "", slash ? "/" : "",
                     len, leaf, SSD__FO_PARTIAL_MARK, suffix);
    return n < (int)sizeof t->tmp ? 0 : -ENAMETOOLONG;
}

int ssd__fo_tmp_open(struct ssd__fo_tmpfile *t, int dirfd, const char *path, int extra_flags,
                     mode_t mode) {
    t->fd = -1;
    t->dirfd = dirfd;
    t->tmp[0] = 0;
    if (strlen(path) >= sizeof t->path)
        return -ENAMETOOLONG;
    strcpy(t->path, path);
    char dir[4096];
    const char *leaf;
    ssd__fo_split_path(path, dir, sizeof dir, &leaf);
    if (strlen(leaf) > NAME_MAX)
        return -ENAMETOOLONG;
    int flags = O_WRONLY | O_CLOEXEC | extra_flags;
    /* an unnamed file is named through /proc/self/fd (linkat with
     * AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH): without /proc, use a name */
    static int have_proc = -1;
    if (have_proc < 0)
        have_proc = access("/proc/self/fd", X_OK) == 0;
    t->fd = have_proc ? openat(dirfd, dir, flags | O_TMPFILE, mode) : -1;
    if (t->fd >= 0)
        return 0;
    int e = have_proc ? errno : EOPNOTSUPP;
    /* EISDIR/EOPNOTSUPP: no O_TMPFILE in this kernel or filesystem; EINVAL:
     * not with these flags (O_DIRECT on some). Anything else is real. */
    if (e != EOPNOTSUPP && e != EISDIR && e != EINVAL)
        return -e;
    for (unsigned attempt = 0; attempt < 100; attempt++) {
        int rc = make_tmp_name(t, attempt);
        if (rc < 0)
            return rc;
        t->fd = openat(dirfd, t->tmp, flags | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
        if (t->fd >= 0)
            return 0;
        if (errno != EEXIST)
            break;
    }
    e = errno;
    t->tmp[0] = 0;
    return -e;
}

int ssd__fo_tmp_publish(struct ssd__fo_tmpfile *t, int replace) {
    if (!t->tmp[0]) {
        char proc[64];
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", t->fd);
        if (linkat(AT_FDCWD, proc, t->dirfd, t->path, AT_SYMLINK_FOLLOW) == 0)
            return 0;
        if (errno != EEXIST || !replace)
            return -errno;
        /* a name exists: link under a marked name, then rename over it */
        for (unsigned attempt = 0;; attempt++) {
            int rc = make_tmp_name(t, attempt);
            if (rc < 0)
                return rc;
            if (linkat(AT_FDCWD, proc, t->dirfd, t->tmp, AT_SYMLINK_FOLLOW) == 0)
                break;
            if (errno != EEXIST || attempt >= 100) {
                int e = errno;
                t->tmp[0] = 0;
                return -e;
            }
        }
    }
    if (replace) {
        struct stat st;
        int there = fstatat(t->dirfd, t->path, &st, AT_SYMLINK_NOFOLLOW) == 0;
        if (there && S_ISDIR(st.st_mode))
            return -EISDIR;
        /* An output never replaces a device node, a FIFO or a socket
         * (docs/crash-safety.md, rule 6): as root, extracting or copying
         * into /dev would replace its nodes for every process. */
        if (there && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISFIFO(st.st_mode) ||
                      S_ISSOCK(st.st_mode)))
            return SSD_EUNSAFE;
        if (renameat(t->dirfd, t->tmp, t->dirfd, t->path) < 0)
            return -errno;
    } else {
        /* no renameat2(RENAME_NOREPLACE) everywhere: link, then drop the temp */
        if (linkat(t->dirfd, t->tmp, t->dirfd, t->path, 0) < 0)
            return -errno;
        unlinkat(t->dirfd, t->tmp, 0);
    }
    t->tmp[0] = 0;
    return 0;
}

void ssd__fo_tmp_discard(struct ssd__fo_tmpfile *t) {
    if (t->tmp[0])
        unlinkat(t->dirfd, t->tmp, 0);
    t->tmp[0] = 0;
}

const char *ssd__fo_path_next(const char *p, size_t *pos, size_t *len) {
    while (p[*pos] == '/')
        (*pos)++;
    if (!p[*pos])
        return NULL;
    const char *comp = p + *pos;
    const char *end = strchr(comp, '/');
    *len = end ? (size_t)(end - comp) : strlen(comp);
    *pos += *len;
    return comp;
}
