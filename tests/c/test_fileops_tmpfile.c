/* The crash-safety helper (fo_util: ssd__fo_tmp_*): a file is written under
 * no name (O_TMPFILE) or a marked temporary name and gets its final name only
 * when published. Every filesystem on the test machine supports O_TMPFILE,
 * so the fallback path is reached here by asking for O_CREAT, which O_TMPFILE
 * refuses with EINVAL exactly as a filesystem without it refuses the open. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fo_util.h"

static char dir[64];
static int dfd = -1;

static void setup(void) {
    snprintf(dir, sizeof dir, "/tmp/ssd_tmpfile.XXXXXX");
    cr_assert(mkdtemp(dir));
    dfd = open(dir, O_RDONLY | O_DIRECTORY);
    cr_assert_geq(dfd, 0);
}

static void teardown(void) {
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            if (unlinkat(dfd, e->d_name, 0) < 0)
                unlinkat(dfd, e->d_name, AT_REMOVEDIR);
    if (d)
        closedir(d);
    close(dfd);
    rmdir(dir);
}

TestSuite(tmpfile, .init = setup, .fini = teardown);

/* Names in dir, other than "." and "..", joined by spaces in sorted order. */
static void listing(char *out, size_t n) {
    struct dirent **names;
    int k = scandir(dir, &names, NULL, alphasort);
    out[0] = 0;
    for (int i = 0; i < k; i++) {
        if (strcmp(names[i]->d_name, ".") && strcmp(names[i]->d_name, "..")) {
            if (*out)
                strncat(out, " ", n - strlen(out) - 1);
            strncat(out, names[i]->d_name, n - strlen(out) - 1);
        }
        free(names[i]);
    }
    free(names);
}

static void put(const char *name, const char *text) {
    int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    cr_assert_geq(fd, 0);
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
}

static void expect_content(const char *name, const char *text) {
    char buf[64] = "";
    int fd = openat(dfd, name, O_RDONLY);
    cr_assert_geq(fd, 0, "%s missing", name);
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    buf[n > 0 ? n : 0] = 0;
    cr_expect_str_eq(buf, text);
}

Test(tmpfile, unnamed_file_is_invisible_until_published_and_replaces_the_old_one) {
    put("out", "old");
    struct ssd__fo_tmpfile t;
    cr_assert_eq(ssd__fo_tmp_open(&t, dfd, "out", 0, 0600), 0);
    cr_assert_eq(write(t.fd, "new", 3), 3);
    char names[512];
    listing(names, sizeof names);
    cr_expect_str_eq(names, "out"); /* nothing else visible while being written */
    expect_content("out", "old");
    cr_assert_eq(ssd__fo_tmp_publish(&t, 1), 0);
    close(t.fd);
    expect_content("out", "new");
    listing(names, sizeof names);
    cr_expect_str_eq(names, "out");
}

Test(tmpfile, fallback_name_is_marked_partial_then_renamed) {
    put("out", "old");
    struct ssd__fo_tmpfile t;
    cr_assert_eq(ssd__fo_tmp_open(&t, dfd, "out", O_CREAT, 0600), 0);
    cr_assert(t.tmp[0], "expected the named fallback");
    cr_expect(strstr(t.tmp, SSD__FO_PARTIAL_MARK) && t.tmp[0] == '.', "%s", t.tmp);
    cr_assert_eq(write(t.fd, "new", 3), 3);
    expect_content("out", "old");
    cr_assert_eq(ssd__fo_tmp_publish(&t, 1), 0);
    close(t.fd);
    expect_content("out", "new");
    char names[512];
    listing(names, sizeof names);
    cr_expect_str_eq(names, "out");
}

Test(tmpfile, discard_leaves_nothing_and_keeps_the_old_file) {
    put("out", "old");
    for (int named = 0; named < 2; named++) {
        struct ssd__fo_tmpfile t;
        cr_assert_eq(ssd__fo_tmp_open(&t, dfd, "out", named ? O_CREAT : 0, 0600), 0);
        cr_assert_eq(write(t.fd, "half", 4), 4);
        ssd__fo_tmp_discard(&t);
        close(t.fd);
        char names[512];
        listing(names, sizeof names);
        cr_expect_str_eq(names, "out");
        expect_content("out", "old");
    }
}

Test(tmpfile, no_replace_refuses_an_existing_name) {
    put("out", "old");
    for (int named = 0; named < 2; named++) {
        struct ssd__fo_tmpfile t;
        cr_assert_eq(ssd__fo_tmp_open(&t, dfd, "out", named ? O_CREAT : 0, 0600), 0);
        cr_expect_eq(ssd__fo_tmp_publish(&t, 0), -EEXIST);
        ssd__fo_tmp_discard(&t);
        close(t.fd);
        expect_content("out", "old");
        char names[512];
        listing(names, sizeof names);
        cr_expect_str_eq(names, "out");
    }
}

Test(tmpfile, a_directory_is_never_replaced) {
    cr_assert_eq(mkdirat(dfd, "out", 0755), 0);
    for (int named = 0; named < 2; named++) {
        struct ssd__fo_tmpfile t;
        cr_assert_eq(ssd__fo_tmp_open(&t, dfd, "out", named ? O_CREAT : 0, 0600), 0);
        cr_expect_eq(ssd__fo_tmp_publish(&t, 1), -EISDIR);
        ssd__fo_tmp_discard(&t);
        close(t.fd);
        struct stat st;
        cr_expect(fstatat(dfd, "out", &st, 0) == 0 && S_ISDIR(st.st_mode));
        char names[512];
        listing(names, sizeof names);
        cr_expect_str_eq(names, "out");
    }
}

Test(tmpfile, a_name_of_255_bytes_gets_a_shortened_marked_temporary_name) {
    char leaf[NAME_MAX + 1];
    memset(leaf, 'n', NAME_MAX);
    leaf[NAME_MAX] = 0;
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, leaf);
    struct ssd__fo_tmpfile t;
    cr_assert_eq(ssd__fo_tmp_open(&t, AT_FDCWD, path, O_CREAT, 0600), 0);
    const char *tleaf = strrchr(t.tmp, '/') + 1;
    cr_expect_leq(strlen(tleaf), NAME_MAX);
    cr_expect(strstr(tleaf, SSD__FO_PARTIAL_MARK));
    cr_assert_eq(ssd__fo_tmp_publish(&t, 1), 0);
    close(t.fd);
    struct stat st;
    cr_expect_eq(fstatat(dfd, leaf, &st, 0), 0);
}
