/* Fuzzes the secure extractor: the input is an archive (any format
 * libarchive reads), extracted into a fresh DIR/dst each run. Whatever the
 * outcome, DIR must afterwards hold dst and nothing else, and a sibling
 * directory DIR/../outside must stay empty; anything else aborts, which
 * libFuzzer reports as a crash. Every symlink left in dst must also resolve
 * inside it when followed as the kernel follows it (chains such as
 * "d/up -> ..", "l -> d/up/.." included). The bytes reach the extractor through a
 * memfd opened by its /proc/self/fd path, so the public entry point is used
 * unchanged. Only the splitting of a path into components is the
 * extractor's own (ssd__fo_path_next); what a component means here is
 * worked out apart from it. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore.h>

#include "fo_util.h" /* the path walk it shares with the extractor */

static char base[64];    /* BASE: holds outside/ and run/ */
static char run_dir[96]; /* DIR = BASE/run: must only ever hold dst */
static char outside[96]; /* BASE/outside: must stay empty */
static int mfd = -1;

static int unreadable;

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
    (void)st;
    (void)ftw;
    if (flag == FTW_DP || flag == FTW_D || flag == FTW_DNR)
        rmdir(path);
    else
        unlink(path);
    return 0;
}

static int open_up(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
    (void)st;
    (void)ftw;
    if (flag == FTW_D || flag == FTW_DNR)
        chmod(path, 0700); /* dirs extracted as 000 must still be removable */
    unreadable += flag == FTW_DNR;
    return 0;
}

static void remove_tree(const char *path) {
    for (int pass = 0; pass < 64; pass++) {
        unreadable = 0;
        nftw(path, open_up, 16, FTW_PHYS);
        if (!unreadable)
            break;
    }
    nftw(path, rm_entry, 16, FTW_PHYS | FTW_DEPTH);
    struct stat st;
    if (lstat(path, &st) == 0) {
        fprintf(stderr, "fuzz_extract: cannot clean %s\n", path);
        abort();
    }
}

/* The names in dir other than "." and ".."; aborts unless they are exactly
 * `allowed` (NULL: none at all). */
static void expect_only(const char *dir, const char *allowed) {
    DIR *d = opendir(dir);
    if (!d)
        abort();
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if (!allowed || strcmp(e->d_name, allowed)) {
            fprintf(stderr, "fuzz_extract: %s/%s created outside the destination\n", dir,
                    e->d_name);
            abort();
        }
    }
    closedir(d);
}

#define MAX_HOPS 40

/* Follows the path rel (inside root, which has no symlinks) as the kernel
 * would, going on lexically past missing names. Returns 1 when it ever
 * leaves root; 0 when it stays, loops, or meets an absolute link while those
 * are allowed (then it leaves by the user's choice). */
static int leaves_root(const char *root, const char *rel, int abs_allowed) {
    char cur[8192], pend[8192], tmp[8192], link[4096];
    size_t rootlen = strlen(root);
    snprintf(cur, sizeof cur, "%s", root);
    if (snprintf(pend, sizeof pend, "%s", rel) >= (int)sizeof pend)
        return 0;
    size_t pos = 0;
    int hops = 0;
    size_t len;
    for (const char *comp; (comp = ssd__fo_path_next(pend, &pos, &len));) {
        if (len == 1 && comp[0] == '.')
            continue;
        size_t clen = strlen(cur);
        if (len == 2 && comp[0] == '.' && comp[1] == '.') {
            if (clen <= rootlen)
                return 1;
            *strrchr(cur, '/') = 0;
            continue;
        }
        if (clen + 1 + len >= sizeof cur)
            return 0;
        cur[clen] = '/';
        memcpy(cur + clen + 1, comp, len);
        cur[clen + 1 + len] = 0;
        struct stat st;
        if (lstat(cur, &st) < 0 || !S_ISLNK(st.st_mode))
            continue;
        if (++hops > MAX_HOPS)
            return 0;
        ssize_t n = readlink(cur, link, sizeof link - 1);
        if (n <= 0)
            return 0;
        link[n] = 0;
        if (link[0] == '/')
            return !abs_allowed;
        cur[clen] = 0;
        if ((size_t)n + 1 + strlen(pend + pos) >= sizeof tmp)
            return 0;
        snprintf(tmp, sizeof tmp, "%s/%s", link, pend + pos);
        memcpy(pend, tmp, strlen(tmp) + 1);
        pos = 0;
    }
    return 0;
}

static const char *walk_root;
static int walk_abs_allowed;

static int check_link(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
    (void)ftw;
    if (flag != FTW_SL && !(st && S_ISLNK(st->st_mode)))
        return 0;
    const char *rel = path + strlen(walk_root);
    if (leaves_root(walk_root, rel, walk_abs_allowed)) {
        fprintf(stderr, "fuzz_extract: symlink %s resolves outside the destination\n", path);
        abort();
    }
    return 0;
}

/* Aborts when any symlink under dst (a real path) resolves outside it. */
static void expect_links_inside(const char *dst, int abs_allowed) {
    char real[4096];
    if (!realpath(dst, real))
        return; /* nothing was extracted */
    walk_root = real;
    walk_abs_allowed = abs_allowed;
    nftw(real, check_link, 16, FTW_PHYS);
}

static void cleanup(void) {
    if (mfd >= 0)
        close(mfd);
    rmdir(outside);
    rmdir(run_dir);
    rmdir(base);
}

static void setup_once(void) {
    if (mfd >= 0)
        return;
    const char *tmp = getenv("TMPDIR");
    snprintf(base, sizeof base, "%s/fuzzx.XXXXXX", tmp && *tmp && strlen(tmp) < 40 ? tmp : "/tmp");
    if (!mkdtemp(base))
        abort();
    snprintf(run_dir, sizeof run_dir, "%s/run", base);
    snprintf(outside, sizeof outside, "%s/outside", base);
    if (mkdir(outside, 0755) < 0)
        abort();
    mfd = memfd_create("fuzz_extract", MFD_CLOEXEC);
    if (mfd < 0)
        abort();
    atexit(cleanup);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    setup_once();
    if (ftruncate(mfd, 0) < 0 || pwrite(mfd, data, size, 0) != (ssize_t)size)
        abort();
    char in[64], dst[128];
    snprintf(in, sizeof in, "/proc/self/fd/%d", mfd);
    snprintf(dst, sizeof dst, "%s/dst", run_dir);
    if (mkdir(run_dir, 0755) < 0)
        abort();

    ssd_extract *x = NULL;
    if (ssd_extract_create(&x) < 0)
        abort();
    ssd_extract_set_option(x, "sync", "none");
    /* absolute link targets are stored, never followed: allowing them gives
     * the fuzzer more ways to try writing through one */
    int abs_allowed = (int)(size & 1);
    ssd_extract_set_option(x, "absolute_symlinks", abs_allowed ? "1" : "0");
    ssd_archive_result res = {.size = sizeof res};
    int rc = ssd_extract_run(x, in, dst, &res);
    const char *msg = ssd_extract_errmsg(x);
    if (!msg || (rc < 0 && !*msg)) {
        fprintf(stderr, "fuzz_extract: error %d without a message\n", rc);
        abort();
    }
    ssd_extract_free(x);

    expect_only(run_dir, "dst");
    expect_only(outside, NULL);
    expect_links_inside(dst, abs_allowed);
    remove_tree(run_dir);
    expect_only(base, "outside");
    return 0;
}
