/* ssd__fo_list_dir, the one directory listing of copy, archive and mkset: a
 * directory that cannot be read to its end (readdir fails part way, as on an
 * I/O error) is an error, never a shorter list. The archive walk once
 * stopped at such a failure and wrote an archive without the rest of the
 * directory; it now fails naming it. readdir is interposed here (the
 * library is linked statically into this test) to fail on demand. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore.h>

#include "fileops_testutil.h"
#include "fo_util.h"

/* Entries readdir still returns before it fails with EIO; -1: never fails. */
static int entries_before_eio = -1;

struct dirent *readdir(DIR *d) {
    static struct dirent *(*real)(DIR *);
    if (!real)
        *(void **)&real = dlsym(RTLD_NEXT, "readdir");
    if (entries_before_eio == 0) {
        errno = EIO;
        return NULL;
    }
    if (entries_before_eio > 0)
        entries_before_eio--;
    return real(d);
}

static char src[300];

static void setup(void) {
    tu_make_root("ssd_list_dir_test");
    snprintf(src, sizeof src, "%s/src", root);
    cr_assert_eq(mkdir(src, 0755), 0);
    for (int i = 0; i < 8; i++) {
        char p[400];
        snprintf(p, sizeof p, "%s/f%d", src, i);
        FILE *f = fopen(p, "w");
        cr_assert_not_null(f);
        fputs("data\n", f);
        fclose(f);
    }
}

static void teardown(void) {
    entries_before_eio = -1;
    tu_remove_root();
}

TestSuite(list_dir, .init = setup, .fini = teardown);

Test(list_dir, whole_listing_sorted) {
    struct ssd__fo_ent *e;
    size_t n;
    cr_assert_eq(ssd__fo_list_dir(AT_FDCWD, src, 1, &e, &n), 0);
    cr_assert_eq(n, 8);
    for (size_t i = 1; i < n; i++)
        cr_expect_lt(strcmp(e[i - 1].name, e[i].name), 0);
    cr_expect(S_ISREG(e[0].st.st_mode));
    ssd__fo_ents_free(e, n);
}

Test(list_dir, readdir_failing_part_way_is_an_error) {
    struct ssd__fo_ent *e;
    size_t n;
    entries_before_eio = 4; /* ".", "..", and a few of the eight */
    cr_assert_eq(ssd__fo_list_dir(AT_FDCWD, src, 0, &e, &n), -EIO);
    cr_expect_null(e);
    cr_expect_eq(n, 0);
}

Test(list_dir, archive_of_a_directory_that_cannot_be_read_fails) {
    char arc[400];
    snprintf(arc, sizeof arc, "%s/a.tar", root);
    ssd_archive *a = NULL;
    cr_assert_eq(ssd_archive_create(&a), 0);
    cr_assert_eq(ssd_archive_set_option(a, "format", "tar"), 0);
    ssd_archive_result r = {.size = sizeof r};
    entries_before_eio = 4;
    int rc = ssd_archive_run(a, src, arc, &r);
    entries_before_eio = -1;
    cr_expect_eq(rc, -EIO, "%d: %s", rc, ssd_archive_errmsg(a));
    cr_expect(strstr(ssd_archive_errmsg(a), ".: cannot read directory: Input/output error"), "%s",
              ssd_archive_errmsg(a));
    cr_expect_neq(access(arc, F_OK), 0, "no archive short of entries is left");
    ssd_archive_free(a);
}
