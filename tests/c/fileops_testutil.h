/* fileops_testutil.h - what the file-operation tests share: a temporary
 * root for each test (made by tu_make_root, removed with all below it by
 * tu_remove_root), rm -rf and a byte-for-byte comparison of two files. */
#ifndef SSD_FILEOPS_TESTUTIL_H
#define SSD_FILEOPS_TESTUTIL_H

#include <criterion/criterion.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* 1 when both files open and hold the same bytes (and as many). Read in
 * blocks: a byte at a time through fgetc, comparing the 20 MB files of the
 * copy tests was most of test_fileops_copy's CPU. */
static inline int tu_files_equal(const char *a, const char *b) {
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int same = fa && fb;
    static char ba[1 << 16], bb[1 << 16];
    while (same) {
        size_t na = fread(ba, 1, sizeof ba, fa), nb = fread(bb, 1, sizeof bb, fb);
        if (na != nb || memcmp(ba, bb, na))
            same = 0;
        if (na < sizeof ba) /* end of a (and of b, if the same) */
            break;
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

#endif
