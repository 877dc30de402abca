/* Archive and extract: round trips for every format, and hostile archives
 * refused without a byte written outside the destination. */
#include <archive.h>
#include <archive_entry.h>
#include <criterion/criterion.h>
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
/* the loader's own calls only: this file's libarchive calls stay direct */
#define SSD__ARCHIVE_LIB_IMPL
#include "archive_lib.h"

static char src[300], out[300], arc[300], outside[300];

static void setup(void) {
    tu_make_root("ssd_arc_test");
    snprintf(src, sizeof src, "%s/src", root);
    snprintf(out, sizeof out, "%s/out", root);
    snprintf(outside, sizeof outside, "%s/evil", root);
    cr_assert_eq(mkdir(src, 0755), 0);
}

static void put(const char *rel, size_t size, unsigned seed, int compressible) {
    char p[512];
    snprintf(p, sizeof p, "%s/%s", src, rel);
    FILE *f = fopen(p, "wb");
    cr_assert_not_null(f, "%s", p);
    unsigned x = seed * 2654435761u + 1;
    unsigned char buf[1 << 14]; /* the same bytes as a byte at a time, in blocks */
    for (size_t i = 0; i < size;) {
        size_t n = 0;
        for (; n < sizeof buf && i < size; n++, i++) {
            x = x * 1103515245u + 12345u;
            buf[n] =
                (unsigned char)(compressible ? "the quick brown fox "[i % 20] : (int)(x >> 24));
        }
        cr_assert_eq(fwrite(buf, 1, n, f), n);
    }
    fclose(f);
}

static void make_tree(void) {
    char p[512];
    snprintf(p, sizeof p, "%s/docs", src);
    mkdir(p, 0750);
    snprintf(p, sizeof p, "%s/docs/empty", src);
    mkdir(p, 0700);
    put("readme.txt", 100000, 1, 1);
    put("docs/photo.jpg", 700000, 2, 0);
    put("docs/zero", 0, 3, 0);
    snprintf(p, sizeof p, "%s/docs/link", src);
    cr_assert_eq(symlink("photo.jpg", p), 0);
}

static void expect_same_tree(void) {
    const char *files[] = {"readme.txt", "docs/photo.jpg", "docs/zero"};
    char a[512], b[512];
    for (int i = 0; i < 3; i++) {
        snprintf(a, sizeof a, "%s/%s", src, files[i]);
        snprintf(b, sizeof b, "%s/%s", out, files[i]);
        cr_expect(tu_files_equal(a, b), "%s differs", files[i]);
        struct stat sa, sb;
        stat(a, &sa);
        cr_assert_eq(stat(b, &sb), 0, "%s", b);
        cr_expect_eq(sa.st_mtim.tv_sec, sb.st_mtim.tv_sec, "%s mtime", files[i]);
        cr_expect_eq(sa.st_mode & 0777, sb.st_mode & 0777, "%s mode", files[i]);
    }
    struct stat st;
    snprintf(b, sizeof b, "%s/docs/empty", out);
    cr_expect(stat(b, &st) == 0 && S_ISDIR(st.st_mode), "empty dir kept");
    snprintf(b, sizeof b, "%s/docs/link", out);
    char t[64] = {0};
    cr_expect_eq(readlink(b, t, sizeof t - 1), 9);
    cr_expect_str_eq(t, "photo.jpg");
}

static ssd_archive_result pack(const char *format, const char *method, const char *name) {
    snprintf(arc, sizeof arc, "%s/%s", root, name);
    ssd_archive *a;
    cr_assert_eq(ssd_archive_create(&a), 0);
    cr_assert_eq(ssd_archive_set_option(a, "format", format), 0);
    cr_assert_eq(ssd_archive_set_option(a, "method", method), 0, "%s", ssd_archive_errmsg(a));
    ssd_archive_result r = {.size = sizeof r};
    cr_assert_eq(ssd_archive_run(a, src, arc, &r), 0, "%s", ssd_archive_errmsg(a));
    ssd_archive_free(a);
    return r;
}

static int unpack(ssd_archive_result *r, char *msg, size_t n) {
    ssd_extract *x;
    cr_assert_eq(ssd_extract_create(&x), 0);
    int rc = ssd_extract_run(x, arc, out, r);
    snprintf(msg, n, "%s", ssd_extract_errmsg(x));
    ssd_extract_free(x);
    return rc;
}

TestSuite(archive, .init = setup, .fini = tu_remove_root);

Test(archive, every_format_round_trips) {
    make_tree();
    const char *cases[][3] = {{"7z", "deflate", "a.7z"}, {"7z", "lzma2", "b.7z"},
                              {"7z", "store", "c.7z"},   {"zip", "deflate", "d.zip"},
                              {"zip", "store", "e.zip"}, {"tar.zst", "zstd", "f.tar.zst"},
                              {"tar", "store", "g.tar"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ssd_archive_result w = pack(cases[i][0], cases[i][1], cases[i][2]);
        cr_expect_eq(w.files, 3, "%s", cases[i][2]);
        cr_expect_eq(w.dirs, 2);
        cr_expect_eq(w.symlinks, 1);
        cr_expect_eq(w.data_bytes, 800000);
        struct stat st;
        cr_assert_eq(stat(arc, &st), 0);
        cr_expect_eq(w.archive_bytes, (uint64_t)st.st_size, "%s", cases[i][2]);
        if (strcmp(cases[i][1], "store"))
            cr_expect_lt(w.archive_bytes, 790000, "%s compresses the text", cases[i][2]);
        else
            cr_expect_gt(w.archive_bytes, 800000, "%s stores", cases[i][2]);
        ssd_archive_result r = {.size = sizeof r};
        char msg[1100];
        cr_assert_eq(unpack(&r, msg, sizeof msg), 0, "%s: %s", cases[i][2], msg);
        cr_expect_eq(r.files, 3);
        cr_expect_eq(r.data_bytes, 800000);
        expect_same_tree();
        tu_remove_tree(out);
    }
}

Test(archive, bad_options_and_missing_source_are_named) {
    ssd_archive *a;
    cr_assert_eq(ssd_archive_create(&a), 0);
    cr_expect_eq(ssd_archive_set_option(a, "format", "rar"), SSD_EINVAL);
    cr_expect(strstr(ssd_archive_errmsg(a), "rar") != NULL);
    cr_expect_eq(ssd_archive_set_option(a, "format", "zip"), 0);
    cr_expect_eq(ssd_archive_set_option(a, "method", "lzma2"), 0);
    ssd_archive_result r = {.size = sizeof r};
    snprintf(arc, sizeof arc, "%s/x.zip", root);
    cr_expect_eq(ssd_archive_run(a, src, arc, &r), SSD_EINVAL, "lzma2 is not a zip method here");
    char missing[400];
    snprintf(missing, sizeof missing, "%s/missing", root);
    cr_expect_eq(ssd_archive_set_option(a, "method", "deflate"), 0);
    cr_expect_eq(ssd_archive_run(a, missing, arc, &r), -ENOENT);
    cr_expect(strstr(ssd_archive_errmsg(a), "missing") != NULL);
    ssd_archive_free(a);
    ssd_archive_free(NULL);
    ssd_extract_free(NULL);
}

/* ---- hostile archives, written with libarchive directly ---- */

struct hostile_entry {
    const char *name;
    mode_t type;
    const char *link; /* symlink target or hard link target */
    int hard;
};

static void write_hostile(const char *format, const struct hostile_entry *e, size_t n) {
    snprintf(arc, sizeof arc, "%s/hostile.%s", root, format);
    struct archive *a = archive_write_new();
    if (!strcmp(format, "zip"))
        archive_write_set_format_zip(a);
    else
        archive_write_set_format_pax_restricted(a);
    cr_assert_eq(archive_write_open_filename(a, arc), ARCHIVE_OK);
    struct archive_entry *ae = archive_entry_new();
    for (size_t i = 0; i < n; i++) {
        archive_entry_clear(ae);
        archive_entry_set_pathname(ae, e[i].name);
        archive_entry_set_filetype(ae, e[i].type);
        archive_entry_set_perm(ae, 0644);
        if (e[i].hard)
            archive_entry_set_hardlink(ae, e[i].link);
        else if (e[i].link)
            archive_entry_set_symlink(ae, e[i].link);
        archive_entry_set_size(ae, e[i].type == AE_IFREG && !e[i].hard ? 4 : 0);
        cr_assert_geq(archive_write_header(a, ae), ARCHIVE_WARN, "%s", archive_error_string(a));
        if (e[i].type == AE_IFREG && !e[i].hard)
            archive_write_data(a, "evil", 4);
    }
    archive_entry_free(ae);
    archive_write_close(a);
    archive_write_free(a);
}

static void expect_refused(const char *what, const char *needle, int outside_exists) {
    ssd_archive_result r = {.size = sizeof r};
    char msg[1100];
    int rc = unpack(&r, msg, sizeof msg);
    cr_expect_eq(rc, SSD_EHOSTILE, "%s: rc %d %s", what, rc, msg);
    cr_expect(strstr(msg, needle) != NULL, "%s: message '%s' names '%s'", what, msg, needle);
    struct stat st;
    if (!outside_exists)
        cr_expect_neq(lstat(outside, &st), 0, "%s wrote outside DST", what);
    char p[512];
    snprintf(p, sizeof p, "%s/victim", outside);
    cr_expect_neq(lstat(p, &st), 0, "%s wrote through a link", what);
}

Test(archive, dotdot_and_absolute_names_are_refused) {
    struct hostile_entry slip[] = {{"ok.txt", AE_IFREG, NULL, 0},
                                   {"a/../../evil", AE_IFREG, NULL, 0}};
    write_hostile("zip", slip, 2);
    expect_refused("zip-slip", "../evil", 0);
    char abs_name[400];
    snprintf(abs_name, sizeof abs_name, "%s", outside);
    struct hostile_entry absolute[] = {{abs_name, AE_IFREG, NULL, 0}};
    write_hostile("tar", absolute, 1);
    expect_refused("absolute path", "absolute", 0);
}

Test(archive, symlink_escapes_are_refused) {
    cr_assert_eq(mkdir(outside, 0755), 0);
    /* a link out of DST, then a file written through it */
    struct hostile_entry through[] = {{"inner", AE_IFDIR, NULL, 0},
                                      {"inner/l", AE_IFLNK, outside, 0},
                                      {"inner/l/victim", AE_IFREG, NULL, 0}};
    write_hostile("tar", through, 3);
    expect_refused("symlink to outside", "symlink", 1);
    tu_remove_tree(out);

    /* a relative link that climbs out */
    struct hostile_entry climb[] = {{"l", AE_IFLNK, "../evil", 0}, {"l/victim", AE_IFREG, NULL, 0}};
    write_hostile("tar", climb, 2);
    expect_refused("relative climbing link", "outside", 1);
    tu_remove_tree(out);

    /* even an inside link is never written through */
    struct hostile_entry inside[] = {
        {"d", AE_IFDIR, NULL, 0}, {"l", AE_IFLNK, "d", 0}, {"l/victim", AE_IFREG, NULL, 0}};
    write_hostile("tar", inside, 3);
    expect_refused("path through a link", "through a symlink", 1);
    tu_remove_tree(out);

    struct hostile_entry hard[] = {{"h", AE_IFREG, "../evil/x", 1}};
    write_hostile("tar", hard, 1);
    expect_refused("hard link out", "hard link", 1);
}

Test(archive, truncated_and_corrupt_archives_fail_with_format_errors) {
    /* compressible data only: corruption inside stored random bytes is
     * invisible to formats without a data checksum (tar.zst) */
    put("a.txt", 300000, 1, 1);
    put("b.txt", 300000, 2, 1);
    const char *names[] = {"t.7z", "t.zip", "t.tar.zst"};
    const char *formats[] = {"7z", "zip", "tar.zst"};
    for (int i = 0; i < 3; i++) {
        pack(formats[i], i == 2 ? "zstd" : "deflate", names[i]);
        struct stat st;
        cr_assert_eq(stat(arc, &st), 0);
        /* corrupt: flip bytes in the middle of the compressed data */
        int fd = open(arc, O_RDWR);
        unsigned char junk[64];
        memset(junk, 0xA5, sizeof junk);
        cr_assert_eq(pwrite(fd, junk, sizeof junk, st.st_size / 2), (ssize_t)sizeof junk);
        close(fd);
        ssd_archive_result r = {.size = sizeof r};
        char msg[1100];
        int rc = unpack(&r, msg, sizeof msg);
        if (i < 2) /* 7z and zip carry CRCs */
            cr_expect_eq(rc, SSD_EFORMAT, "%s corrupt: %d %s", names[i], rc, msg);
        tu_remove_tree(out);

        pack(formats[i], i == 2 ? "zstd" : "deflate", names[i]);
        cr_assert_eq(truncate(arc, st.st_size * 2 / 3), 0);
        rc = unpack(&r, msg, sizeof msg);
        cr_expect_eq(rc, SSD_EFORMAT, "%s truncated: %d %s", names[i], rc, msg);
        cr_expect(strlen(msg) > 0);
        tu_remove_tree(out);
    }
    snprintf(arc, sizeof arc, "%s/notanarchive", root);
    FILE *f = fopen(arc, "w");
    fputs("hello, I am text\n", f);
    fclose(f);
    ssd_archive_result r = {.size = sizeof r};
    char msg[1100];
    cr_expect_eq(unpack(&r, msg, sizeof msg), SSD_EFORMAT);
}

/* libarchive is loaded at the first archive or extract run (archive_lib.h):
 * where it is missing, or is not the libarchive the library was built for,
 * the run fails naming it and what to install. */
Test(archive, a_missing_or_wrong_libarchive_is_named) {
    char err[1024];
    cr_assert_eq(ssd__archive_lib_try("libarchive-not-here.so.13", err, "archive"),
                 SSD_EUNSUPPORTED);
    cr_assert(strstr(err, "archive: libarchive could not be loaded (libarchive-not-here.so.13: "),
              "%s", err);
    cr_assert(strstr(err, "): install it (Debian: libarchive13)"), "%s", err);
    cr_assert_eq(ssd__archive_lib_try("libz.so.1", err, "extract"), SSD_EUNSUPPORTED);
    cr_assert(strstr(err, "extract: libz.so.1 has no archive_"), "%s", err);
    cr_assert(strstr(err, "ssdcore was built for libarchive " ARCHIVE_VERSION_ONLY_STRING), "%s",
              err);
    cr_assert_eq(ssd__archive_lib_try(SSD__LIBARCHIVE_SONAME, err, "archive"), 0, "%s", err);
}
