/* fileops_testutil.h - what the file-operation tests share: a temporary
 * root for each test (made by tu_make_root, removed with all below it by
 * tu_remove_root), rm -rf and a byte-for-byte comparison of two files. */
#ifndef SSD_FILEOPS_TESTUTIL_H
#define SSD_FILEOPS_TESTUTIL_H

#include <criterion/criterion.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char root[256];

static inline int tu_remove_entry(const char *p, const struct stat *st, int flag, struct FTW *f) {
    (void)st;
    (void)f;
    return flag == FTW_DP ? rmdir(p) : unlink(p);
}

/* root = /tmp/NAME.XXXXXX, created. */
static inline void tu_make_root(const char *name) {
    snprintf(root, sizeof root, "/tmp/%s.XXXXXX", name);
    cr_assert_not_null(mkdtemp(root));
}

/* rm -rf path (links are removed, never followed). */
static inline void tu_remove_tree(const char *path) {
    nftw(path, tu_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static inline void tu_remove_root(void) {
    tu_remove_tree(root);
}

/* 1 when both files open and hold the same bytes. */
static inline int tu_files_equal(const char *a, const char *b) {
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int same = fa && fb;
    while (same) {
        int ca = fgetc(fa), cb = fgetc(fb);
        if (ca != cb)
            same = 0;
        if (ca == EOF)
            break;
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

#endif
