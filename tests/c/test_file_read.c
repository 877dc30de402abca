/* ssd__read_text, the one whole-file reader of results.json (compare,
 * catalog) and suite files: text comes back whole, and a missing file, a
 * directory, binary data and a file past the limit are refused with a
 * message naming the path; and ssd__write_all, the one write loop. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "file_read.h"
#include "file_write.h"
#include "job_testutil.h"
#include "ssdcore/base.h"

static char dir[64], path[128];

static void setup(void) {
    tu_mkdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/f.txt", dir);
}

static void teardown(void) {
    tu_rmdir(dir);
}

TestSuite(read_text, .init = setup, .fini = teardown);

static void write_bytes(const char *data, size_t n) {
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(data, 1, n, f), n);
    fclose(f);
}

Test(read_text, text_and_an_empty_file_come_back_whole) {
    char err[SSD__ERRMSG_SIZE] = "", *out = NULL;
    write_bytes("line 1\nline 2", 13);
    cr_assert_eq(ssd__read_text(path, 1, "text", err, &out), 0, "%s", err);
    cr_assert_str_eq(out, "line 1\nline 2");
    free(out);
    write_bytes("", 0);
    cr_assert_eq(ssd__read_text(path, 1, "text", err, &out), 0, "%s", err);
    cr_assert_str_eq(out, "");
    free(out);
}

Test(read_text, binary_data_is_refused_naming_the_path) {
    char err[SSD__ERRMSG_SIZE], *out = (char *)1;
    write_bytes("{\"a\":\0}", 7);
    cr_assert_eq(ssd__read_text(path, 1, "results.json", err, &out), SSD_EFORMAT);
    cr_assert_null(out);
    cr_assert(strstr(err, path) && strstr(err, "binary data: not results.json"), "%s", err);
}

Test(read_text, a_file_past_the_limit_is_refused) {
    char err[SSD__ERRMSG_SIZE], *out = NULL;
    size_t n = (1u << 20) + 1;
    char *big = malloc(n);
    memset(big, 'x', n);
    write_bytes(big, n);
    free(big);
    cr_assert_eq(ssd__read_text(path, 1, "a suite file", err, &out), SSD_ERANGE);
    cr_assert_null(out);
    cr_assert(strstr(err, "larger than 1 MiB: not a suite file"), "%s", err);
    cr_assert_eq(ssd__read_text(path, 2, "a suite file", err, &out), 0, "%s", err);
    cr_assert_eq(strlen(out), n);
    free(out);
}

Test(read_text, a_missing_file_and_a_directory_give_their_errno) {
    char err[SSD__ERRMSG_SIZE], *out = NULL;
    cr_assert_eq(ssd__read_text(path, 1, "text", err, &out), -ENOENT);
    cr_assert(strstr(err, path), "%s", err);
    cr_assert_eq(ssd__read_text(dir, 1, "text", err, &out), -EISDIR);
    cr_assert(strstr(err, "cannot read"), "%s", err);
    cr_assert_null(out);
}

/* ssd__write_all, the one write loop of the atomic writer, the copy, the
 * archive and extract, the file sets and a file target's layout: every
 * byte, at the file offset or at a given one, and -errno when the device
 * refuses. */
Test(read_text, write_all_writes_every_byte_at_the_offset_asked_and_reports_enospc) {
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
    cr_assert_geq(fd, 0);
    cr_expect_eq(ssd__write_all(fd, "hello world", 11, -1), 0);
    cr_expect_eq(ssd__write_all(fd, "W", 1, 6), 0); /* pwrite: the file offset stays */
    cr_expect_eq(ssd__write_all(fd, "!", 1, -1), 0);
    cr_expect_eq(ssd__write_all(fd, "", 0, -1), 0);
    close(fd);
    char *text = NULL, err[SSD__ERRMSG_SIZE] = "";
    cr_assert_eq(ssd__read_text(path, 1, "text", err, &text), 0, "%s", err);
    cr_expect_str_eq(text, "hello World!");
    free(text);
    fd = open("/dev/full", O_WRONLY);
    if (fd >= 0) {
        cr_expect_eq(ssd__write_all(fd, "x", 1, -1), -ENOSPC);
        close(fd);
    }
    cr_expect_eq(ssd__write_all(-1, "x", 1, -1), -EBADF);
}

/* ssd__fail_errno, the one spelling of "PATH: what: strerror(errno)": the
 * message and code ssd__fail(buf, -errno, "...: %s", ..., strerror(errno))
 * gave, cut at the buffer's end the same way. */
Test(read_text, fail_errno_is_fail_with_strerror) {
    char a[SSD__ERRMSG_SIZE], b[SSD__ERRMSG_SIZE], longp[1100];
    errno = ENOENT;
    cr_assert_eq(ssd__fail_errno(a, "%s: cannot open", "/x"), -ENOENT);
    cr_expect_str_eq(a, "/x: cannot open: No such file or directory");
    memset(longp, 'p', sizeof longp - 1);
    longp[sizeof longp - 1] = 0;
    for (size_t cut = 970; cut < 1030; cut += 7) {
        longp[cut] = 0;
        errno = EACCES;
        ssd__fail_errno(a, "%s: close", longp);
        ssd__fail(b, -EACCES, "%s: close: %s", longp, strerror(EACCES));
        cr_expect_str_eq(a, b, "cut at %zu", cut);
        longp[cut] = 'p';
    }
}
