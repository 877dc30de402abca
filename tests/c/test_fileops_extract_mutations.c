/* A small deterministic mutation fuzz of the extractor: damaged archives
 * of every format must fail cleanly (or extract), never crash, hang or
 * write outside the destination. Run under ASan/UBSan by scripts/test.sh. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore.h>

#include "fileops_testutil.h"

static void setup(void) {
    tu_make_root("ssd_fuzz_test");
}

static int entries(const char *dir) {
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *de;
    while (d && (de = readdir(d)))
        n += strcmp(de->d_name, ".") && strcmp(de->d_name, "..");
    if (d)
        closedir(d);
    return n;
}

TestSuite(extract_fuzz, .init = setup, .fini = tu_remove_root);

Test(extract_fuzz, damaged_archives_fail_cleanly_and_stay_inside) {
    char src[300], outside[300], arc[300], out[300];
    snprintf(src, sizeof src, "%s/src", root);
    snprintf(outside, sizeof outside, "%s/outside", root);
    cr_assert_eq(mkdir(outside, 0755), 0);
    ssd_fileset *s;
    cr_assert_eq(ssd_fileset_create(&s), 0);
    ssd_fileset_set_option(s, "kind", "program");
    ssd_fileset_set_option(s, "size", "256k");
    ssd_fileset_set_option(s, "sync", "none");
    ssd_fileset_result sr = {.size = sizeof sr};
    cr_assert_eq(ssd_fileset_run(s, src, &sr), 0, "%s", ssd_fileset_errmsg(s));
    ssd_fileset_free(s);

    const char *formats[] = {"7z", "zip", "tar.zst", "tar"};
    uint64_t x = 0x243F6A8885A308D3ull;
    int failures = 0, successes = 0;
    for (int f = 0; f < 4; f++) {
        snprintf(arc, sizeof arc, "%s/a.%s", root, formats[f]);
        ssd_archive *a;
        cr_assert_eq(ssd_archive_create(&a), 0);
        ssd_archive_set_option(a, "format", formats[f]);
        ssd_archive_set_option(a, "sync", "none");
        ssd_archive_result ar = {.size = sizeof ar};
        cr_assert_eq(ssd_archive_run(a, src, arc, &ar), 0, "%s", ssd_archive_errmsg(a));
        ssd_archive_free(a);
        struct stat st;
        cr_assert_eq(stat(arc, &st), 0);
        size_t size = (size_t)st.st_size;
        unsigned char *orig = malloc(size), *buf = malloc(size);
        int fd = open(arc, O_RDONLY);
        cr_assert_eq(read(fd, orig, size), (ssize_t)size);
        close(fd);
        for (int round = 0; round < 100; round++) {
            memcpy(buf, orig, size);
            size_t len = size;
            int flips = 1 + (int)(x % 8);
            for (int k = 0; k < flips; k++) {
                x = x * 6364136223846793005ull + 1442695040888963407ull;
                /* most damage near the start, where headers live */
                size_t at = (size_t)((x >> 33) % (k % 2 ? size : (size < 512 ? size : 512)));
                buf[at] ^= (unsigned char)(1u << ((x >> 20) % 8));
            }
            if (round % 5 == 4)
                len = (size_t)((x >> 17) % size); /* truncated too */
            char damaged[320];
            snprintf(damaged, sizeof damaged, "%s/d.%s", root, formats[f]);
            fd = open(damaged, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            cr_assert_eq(write(fd, buf, len), (ssize_t)len);
            close(fd);
            snprintf(out, sizeof out, "%s/out", root);
            ssd_extract *xh;
            cr_assert_eq(ssd_extract_create(&xh), 0);
            ssd_extract_set_option(xh, "sync", "none");
            ssd_archive_result r = {.size = sizeof r};
            int rc = ssd_extract_run(xh, damaged, out, &r);
            if (rc < 0) {
                failures++;
                cr_expect(strlen(ssd_extract_errmsg(xh)) > 0, "%s round %d: no message", formats[f],
                          round);
            } else {
                successes++;
            }
            ssd_extract_free(xh);
            cr_expect_eq(entries(outside), 0, "%s round %d wrote outside", formats[f], round);
            tu_remove_tree(out);
        }
        free(orig);
        free(buf);
    }
    cr_expect_gt(failures, 100, "the damage is detected (%d failures)", failures);
    cr_log_info("%d damaged archives refused, %d extracted", failures, successes);
}
