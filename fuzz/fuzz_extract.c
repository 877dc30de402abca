/* Fuzzes the secure extractor: the input is an archive (any format
 * libarchive reads), extracted into a fresh DIR/dst each run. Whatever the
 * outcome, DIR must afterwards hold dst and nothing else, and a sibling
 * directory DIR/../outside must stay empty; anything else aborts, which
 * libFuzzer reports as a crash. The bytes reach the extractor through a
 * memfd opened by its /proc/self/fd path, so the public entry point is used
 * unchanged. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore.h>

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
    ssd_extract_set_option(x, "absolute_symlinks", (size & 1) ? "1" : "0");
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
    remove_tree(run_dir);
    expect_only(base, "outside");
    return 0;
}
