/* Tree copy: what lands in the destination and how Robocopy's counters move. */
#include <criterion/criterion.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore.h>

#include "fileops_testutil.h"

static char src[300], dst[300];

static void setup(void) {
    tu_make_root("ssd_copy_test");
    snprintf(src, sizeof src, "%s/src", root);
    snprintf(dst, sizeof dst, "%s/dst", root);
    cr_assert_eq(mkdir(src, 0755), 0);
}

static void put(const char *base, const char *rel, size_t size, unsigned seed, mode_t mode) {
    char p[512];
    snprintf(p, sizeof p, "%s/%s", base, rel);
    FILE *f = fopen(p, "wb");
    cr_assert_not_null(f, "%s", p);
    unsigned char buf[1 << 14]; /* the same bytes as a byte at a time, in blocks */
    for (size_t i = 0; i < size;) {
        size_t n = 0;
        for (; n < sizeof buf && i < size; n++, i++)
            buf[n] = (unsigned char)((i * 131 + seed * 7) & 0xff);
        cr_assert_eq(fwrite(buf, 1, n, f), n);
    }
    fclose(f);
    chmod(p, mode);
}

static void mkd(const char *base, const char *rel) {
    char p[512];
    snprintf(p, sizeof p, "%s/%s", base, rel);
    cr_assert_eq(mkdir(p, 0750), 0, "%s", p);
}

static void set_mtime(const char *base, const char *rel, time_t t) {
    char p[512];
    snprintf(p, sizeof p, "%s/%s", base, rel);
    struct timespec ts[2] = {{t, 0}, {t, 123456789}};
    cr_assert_eq(utimensat(AT_FDCWD, p, ts, AT_SYMLINK_NOFOLLOW), 0);
}

static int same_file(const char *rel) {
    char a[512], b[512];
    snprintf(a, sizeof a, "%s/%s", src, rel);
    snprintf(b, sizeof b, "%s/%s", dst, rel);
    return tu_files_equal(a, b);
}

static struct stat lst(const char *base, const char *rel) {
    char p[512];
    struct stat st;
    snprintf(p, sizeof p, "%s/%s", base, rel);
    cr_assert_eq(lstat(p, &st), 0, "%s", p);
    return st;
}

static int exists(const char *base, const char *rel) {
    char p[512];
    struct stat st;
    snprintf(p, sizeof p, "%s/%s", base, rel);
    return lstat(p, &st) == 0;
}

static ssd_copy_result run(ssd_copy *c) {
    ssd_copy_result r = {.size = sizeof r};
    int rc = ssd_copy_run(c, src, dst, &r);
    cr_assert_eq(rc, 0, "run failed: %s", ssd_copy_errmsg(c));
    return r;
}

static void make_tree(void) {
    mkd(src, "a");
    mkd(src, "a/deep");
    mkd(src, "empty");
    put(src, "top.txt", 1000, 1, 0644);
    put(src, "a/x.bin", 3 << 20, 2, 0600);
    put(src, "a/deep/y", 7, 3, 0755);
    put(src, "a/deep/zero", 0, 4, 0444);
    char p[512], q[512];
    snprintf(p, sizeof p, "%s/a/link", src);
    cr_assert_eq(symlink("deep/y", p), 0);
    snprintf(p, sizeof p, "%s/top.txt", src);
    snprintf(q, sizeof q, "%s/a/hard", src);
    cr_assert_eq(link(p, q), 0);
    set_mtime(src, "top.txt", 1500000000);
    set_mtime(src, "a/link", 1500000001);
    set_mtime(src, "a/deep", 1500000002);
    set_mtime(src, "empty", 1500000003);
}

TestSuite(copy, .init = setup, .fini = tu_remove_root);

/* The copy's stat of a directory entry, made to fail with ENOENT for one
 * name: the file vanishes between readdir and stat, deterministically (the
 * library calls fstatat by this name on 64-bit glibc). */
static const char *vanish_name;

int fstatat(int dfd, const char *name, struct stat *st, int flags) {
    static int (*real)(int, const char *, struct stat *, int);
    if (vanish_name && !strcmp(name, vanish_name)) {
        errno = ENOENT;
        return -1;
    }
    if (!real)
        real = (int (*)(int, const char *, struct stat *, int))dlsym(RTLD_NEXT, "fstatat");
    return real(dfd, name, st, flags);
}

Test(copy, tree_is_identical_in_content_mode_times_and_links) {
    make_tree();
    ssd_copy *c;
    cr_assert_eq(ssd_copy_create(&c), 0);
    cr_assert_eq(ssd_copy_set_option(c, "hardlinks", "1"), 0);
    cr_assert_eq(ssd_copy_set_option(c, "workers", "3"), 0);
    ssd_copy_result r = run(c);
    cr_expect_eq(r.files.total, 6);
    cr_expect_eq(r.files.copied, 6);
    cr_expect_eq(r.files.failed, 0);
    cr_expect_eq(r.dirs.total, 4);
    cr_expect_eq(r.exit_bits, 1);
    cr_expect_eq(r.workers, 3);
    const char *files[] = {"top.txt", "a/x.bin", "a/deep/y", "a/deep/zero", "a/hard"};
    for (size_t i = 0; i < 5; i++) {
        cr_expect(same_file(files[i]), "%s differs", files[i]);
        struct stat a = lst(src, files[i]), b = lst(dst, files[i]);
        cr_expect_eq(a.st_mode, b.st_mode, "%s mode", files[i]);
        cr_expect_eq(a.st_mtim.tv_sec, b.st_mtim.tv_sec, "%s mtime", files[i]);
        cr_expect_eq(a.st_mtim.tv_nsec, b.st_mtim.tv_nsec, "%s mtime ns", files[i]);
    }
    const char *dirs[] = {"a", "a/deep", "empty"};
    for (size_t i = 0; i < 3; i++) {
        struct stat a = lst(src, dirs[i]), b = lst(dst, dirs[i]);
        cr_expect_eq(a.st_mode, b.st_mode, "%s mode", dirs[i]);
        cr_expect_eq(a.st_mtim.tv_sec, b.st_mtim.tv_sec, "%s dir mtime", dirs[i]);
    }
    struct stat l = lst(dst, "a/link");
    cr_expect(S_ISLNK(l.st_mode));
    cr_expect_eq(l.st_mtim.tv_sec, 1500000001);
    char target[64] = {0};
    char p[512];
    snprintf(p, sizeof p, "%s/a/link", dst);
    cr_expect_eq(readlink(p, target, sizeof target - 1), 6);
    cr_expect_str_eq(target, "deep/y");
    cr_expect_eq(lst(dst, "top.txt").st_ino, lst(dst, "a/hard").st_ino, "hard link kept");
    ssd_copy_free(c);
}

Test(copy, second_run_skips_same_files_and_copies_changed_ones) {
    make_tree();
    ssd_copy *c;
    cr_assert_eq(ssd_copy_create(&c), 0);
    run(c);
    ssd_copy_result r = run(c);
    cr_expect_eq(r.files.copied, 0);
    cr_expect_eq(r.files.skipped, 6);
    cr_expect_eq(r.exit_bits, 0);

    set_mtime(src, "a/deep/y", 1700000000); /* newer in source */
    set_mtime(dst, "top.txt", 1600000000);  /* dst newer: source is "older" */
    r = run(c);
    cr_expect_eq(r.files.copied, 2);
    cr_expect_eq(lst(dst, "top.txt").st_mtim.tv_sec, 1500000000);

    set_mtime(dst, "top.txt", 1600000000);
    cr_assert_eq(ssd_copy_set_option(c, "exclude_older", "1"), 0);
    r = run(c);
    cr_expect_eq(r.files.copied, 0, "/XO keeps the newer destination");
    cr_expect_eq(lst(dst, "top.txt").st_mtim.tv_sec, 1600000000);

    /* within the tolerance the files are the same */
    cr_assert_eq(ssd_copy_set_option(c, "exclude_older", "0"), 0);
    set_mtime(dst, "top.txt", 1500000001);
    cr_assert_eq(ssd_copy_set_option(c, "mtime_tolerance", "2"), 0);
    r = run(c);
    cr_expect_eq(r.files.copied, 0);
    cr_assert_eq(ssd_copy_set_option(c, "include_same", "1"), 0);
    r = run(c);
    cr_expect_eq(r.files.copied, 6, "/IS copies same files");
    ssd_copy_free(c);
}

Test(copy, mirror_purges_extras_plain_copy_only_reports_them) {
    make_tree();
    ssd_copy *c;
    cr_assert_eq(ssd_copy_create(&c), 0);
    run(c);
    put(dst, "extra.txt", 10, 9, 0644);
    mkd(dst, "xdir");
    put(dst, "xdir/inner", 5, 9, 0644);
    ssd_copy_result r = run(c);
    cr_expect_eq(r.files.extras, 2);
    cr_expect_eq(r.dirs.extras, 1);
    cr_expect_eq(r.exit_bits, 2);
    cr_expect(exists(dst, "extra.txt"));

    cr_assert_eq(ssd_copy_set_option(c, "list_only", "1"), 0);
    cr_assert_eq(ssd_copy_set_option(c, "mirror", "1"), 0);
    r = run(c);
    cr_expect_eq(r.files.extras, 2);
    cr_expect(exists(dst, "xdir/inner"), "list-only changes nothing");

    cr_assert_eq(ssd_copy_set_option(c, "list_only", "0"), 0);
    r = run(c);
    cr_expect_eq(r.files.extras, 2);
    cr_expect(!exists(dst, "extra.txt"));
    cr_expect(!exists(dst, "xdir"));
    r = run(c);
    cr_expect_eq(r.files.extras + r.dirs.extras, 0);
    ssd_copy_free(c);
}

Test(copy, mismatch_file_versus_directory_is_reported_and_left) {
    make_tree();
    cr_assert_eq(mkdir(dst, 0755), 0);
    mkd(dst, "top.txt"); /* a directory where the source has a file */
    put(dst, "a", 3, 1, 0644);
    ssd_copy *c;
    cr_assert_eq(ssd_copy_create(&c), 0);
    ssd_copy_result r = run(c);
    cr_expect_eq(r.files.mismatch, 1);
    cr_expect_eq(r.dirs.mismatch, 1);
    cr_expect(r.exit_bits & 4);
    cr_expect(S_ISDIR(lst(dst, "top.txt").st_mode));
    ssd_copy_free(c);
}

Test(copy, unreadable_file_fails_alone_and_leaves_no_partial_copy) {
    make_tree();
    /* big enough for the splice path, and sorted after x.bin: the failed
     * file's bytes left in a worker's pipe must not leak into the next */
    for (int i = 0; i < 4; i++) {
        char name[32];
        snprintf(name, sizeof name, "a/z%d", i);
        put(src, name, 600000 + (size_t)i, 10 + (unsigned)i, 0644);
    }
    ssd_copy *c;
    cr_assert_eq(ssd_copy_create(&c), 0);
    cr_assert_eq(ssd_copy_set_option(c, "fault_read", "x.bin"), 0);
    cr_assert_eq(ssd_copy_set_option(c, "workers", "1"), 0);
    cr_assert_eq(ssd_copy_set_option(c, "retries", "2"), 0);
    cr_assert_eq(ssd_copy_set_option(c, "wait", "0.01"), 0);
    ssd_copy_result r = run(c);
    cr_expect_eq(r.files.failed, 1);
    cr_expect_eq(r.files.copied, 9);
    for (int i = 0; i < 4; i++) {
        char name[32];
        snprintf(name, sizeof name, "a/z%d", i);
        cr_expect(same_file(name), "%s", name);
    }
    cr_expect_eq(r.bytes.failed, 3 << 20);
    cr_expect_eq(r.exit_bits, 1 | 8);
    cr_expect_eq(r.first_error, -EIO);
    cr_expect(!exists(dst, "a/x.bin"));
    cr_expect(r.failed_s >= 0.02, "two waits of 10 ms: %f", r.failed_s);
    cr_expect_eq(ssd_copy_failure_count(c), 1);
    cr_expect(strstr(ssd_copy_failure(c, 0), "a/x.bin") != NULL);
    cr_expect(strstr(ssd_copy_errmsg(c), "a/x.bin") != NULL);
    ssd_copy_free(c);
}

Test(copy, unbuffered_and_copy_file_range_paths_copy_the_same_bytes) {
    make_tree();
    put(src, "odd", (20 << 20) + 1234, 5, 0644); /* several write-behind windows */
    const char *modes[][2] = {{"unbuffered", "1"},
                              {"copy_file_range", "1"},
                              {"reflink", "1"},
                              {"splice", "0"},
                              {"write_behind", "0"}};
    for (size_t m = 0; m < 5; m++) {
        ssd_copy *c;
        cr_assert_eq(ssd_copy_create(&c), 0);
        cr_assert_eq(ssd_copy_set_option(c, modes[m][0], modes[m][1]), 0);
        cr_assert_eq(ssd_copy_set_option(c, "include_same", "1"), 0);
        ssd_copy_result r = run(c);
        cr_expect_eq(r.files.failed, 0, "%s: %s", modes[m][0], ssd_copy_errmsg(c));
        cr_expect(same_file("odd"), "%s", modes[m][0]);
        cr_expect(same_file("a/x.bin"), "%s", modes[m][0]);
        ssd_copy_free(c);
    }
}

Test(copy, fatal_errors_and_bad_options_are_explained) {
    ssd_copy *c;
    cr_assert_eq(ssd_copy_create(&c), 0);
    cr_expect_eq(ssd_copy_set_option(c, "workers", "0"), SSD_ERANGE);
    cr_expect(strstr(ssd_copy_errmsg(c), "workers") != NULL);
    cr_expect_eq(ssd_copy_set_option(c, "bogus", "1"), SSD_EINVAL);
    cr_expect(strstr(ssd_copy_errmsg(c), "bogus") != NULL);
    ssd_copy_result r = {.size = sizeof r};
    char missing[400];
    snprintf(missing, sizeof missing, "%s/nope", root);
    cr_expect_eq(ssd_copy_run(c, missing, dst, &r), -ENOENT);
    cr_expect(strstr(ssd_copy_errmsg(c), "nope") != NULL);
    ssd_copy_free(c);
    ssd_copy_free(NULL);
}

Test(copy, destination_inside_source_is_not_copied_into_itself) {
    make_tree();
    char inner[400];
    snprintf(inner, sizeof inner, "%s/backup", src);
    ssd_copy *c;
    cr_assert_eq(ssd_copy_create(&c), 0);
    ssd_copy_result r = {.size = sizeof r};
    cr_assert_eq(ssd_copy_run(c, src, inner, &r), 0, "%s", ssd_copy_errmsg(c));
    cr_expect_eq(r.files.copied, 6);
    cr_expect(!exists(src, "backup/backup"));
    ssd_copy_free(c);
}

struct stopper {
    int calls;
    int stop_at; /* call number that asks to stop; 0 = never */
    int calls_after_stop;
    int stopped;
};

static int stop_cb(void *user, const ssd_fileops_progress *p) {
    struct stopper *s = user;
    (void)p;
    if (s->stopped)
        s->calls_after_stop++;
    s->calls++;
    if (s->stop_at && s->calls >= s->stop_at) {
        s->stopped = 1;
        return 1;
    }
    return 0;
}

static void put_flat(int n, size_t size) {
    char rel[64];
    for (int i = 0; i < n; i++) {
        snprintf(rel, sizeof rel, "f%03d", i);
        put(src, rel, size, (unsigned)i, 0644);
    }
}

Test(copy, progress_callback_can_stop_the_run_leaving_no_partial_file) {
    put_flat(40, 300 * 1024);
    ssd_copy *c;
    cr_assert_eq(ssd_copy_create(&c), 0);
    cr_assert_eq(ssd_copy_set_option(c, "progress_interval", "0"), 0);
    cr_assert_eq(ssd_copy_set_option(c, "workers", "2"), 0);
    cr_assert_eq(ssd_copy_set_option(c, "sync", "none"), 0);
    struct stopper s = {.stop_at = 1};
    ssd_copy_set_progress(c, stop_cb, &s);
    ssd_copy_result r = {.size = sizeof r};
    /* interval 0: the first callback comes during the scan, after the first
     * entry, so most of the tree is never queued */
    cr_assert_eq(ssd_copy_run(c, src, dst, &r), SSD_EINTERRUPTED);
    cr_expect(strstr(ssd_copy_errmsg(c), "stopped") != NULL, "%s", ssd_copy_errmsg(c));
    cr_expect_eq(s.calls, 1);
    cr_expect_eq(s.calls_after_stop, 0);
    cr_expect_lt(r.files.copied, 40);
    cr_expect_eq(r.files.failed, 0);
    char rel[64];
    int present = 0;
    for (int i = 0; i < 40; i++) {
        snprintf(rel, sizeof rel, "f%03d", i);
        if (exists(dst, rel)) {
            present++;
            cr_expect(same_file(rel), "%s left partial", rel);
        }
    }
    cr_expect_eq((uint64_t)present, r.files.copied);
    ssd_copy_free(c);
}

#define DEEP 18

Test(copy, path_too_long_with_queued_files_fails_alone_and_the_run_ends) {
    /* Many files queued for one worker, then a directory whose path is too
     * long. That used to be fatal (the whole copy abandoned, issue 14 #8);
     * now it fails alone, the queued files are copied and the run ends. */
    put_flat(60, 64 * 1024);
    char name[256];
    memset(name, 'z', 250);
    name[250] = 0;
    int fd = open(src, O_RDONLY | O_DIRECTORY);
    cr_assert_geq(fd, 0);
    int fds[DEEP + 1];
    fds[0] = fd;
    for (int depth = 0; depth < DEEP; depth++) {
        cr_assert_eq(mkdirat(fds[depth], name, 0755), 0);
        fds[depth + 1] = openat(fds[depth], name, O_RDONLY | O_DIRECTORY);
        cr_assert_geq(fds[depth + 1], 0);
    }
    ssd_copy *c;
    cr_assert_eq(ssd_copy_create(&c), 0);
    cr_assert_eq(ssd_copy_set_option(c, "workers", "1"), 0);
    cr_assert_eq(ssd_copy_set_option(c, "sync", "none"), 0);
    struct stopper s = {0};
    ssd_copy_set_progress(c, stop_cb, &s);
    ssd_copy_result r = {.size = sizeof r};
    cr_expect_eq(ssd_copy_run(c, src, dst, &r), 0);
    cr_expect_eq(r.files.copied, 60);
    cr_expect_geq(r.dirs.failed, 1);
    cr_expect(r.exit_bits & 8);
    cr_expect(ssd_copy_failure_count(c) >= 1 && strstr(ssd_copy_failure(c, 0), "PATH_MAX"));
    ssd_copy_free(c);
    /* nftw cannot remove paths longer than PATH_MAX: unwind by fd */
    for (int depth = DEEP; depth > 0; depth--) {
        close(fds[depth]);
        cr_expect_eq(unlinkat(fds[depth - 1], name, AT_REMOVEDIR), 0);
    }
    close(fds[0]);
}

Test(copy, a_file_vanishing_between_readdir_and_stat_is_not_an_error) {
    /* Its stale ENOENT once outlived the loop when the vanished entry was
     * the last one read, and the whole directory failed with it. */
    put(src, "keep", 10, 1, 0644);
    mkd(src, "d");
    put(src, "d/gone", 10, 2, 0644);
    vanish_name = "gone";
    ssd_copy *c;
    cr_assert_eq(ssd_copy_create(&c), 0);
    ssd_copy_result r = {.size = sizeof r};
    int rc = ssd_copy_run(c, src, dst, &r);
    vanish_name = NULL;
    cr_expect_eq(rc, 0, "%s", ssd_copy_errmsg(c));
    cr_expect_eq(r.dirs.failed, 0, "%s", ssd_copy_errmsg(c));
    cr_expect_eq(r.files.total, 1);
    cr_expect_eq(r.files.copied, 1);
    cr_expect_eq(r.exit_bits, 1);
    cr_expect(same_file("keep"));
    cr_expect(exists(dst, "d") && !exists(dst, "d/gone"));
    ssd_copy_free(c);
}
