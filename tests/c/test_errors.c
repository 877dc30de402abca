#include <criterion/criterion.h>
#include <errno.h>
#include <string.h>

#include <ssdcore.h>

#include "errmsg.h"

Test(errors, every_code_has_a_name_and_text) {
    for (int code = SSD_ERROR_MIN + 1; code <= SSD_EINVAL; code++) {
        cr_expect(strncmp(ssd_err_name(code), "SSD_E", 5) == 0, "code %d", code);
        cr_expect(strcmp(ssd_strerror(code), "unknown error") != 0, "code %d", code);
    }
}

Test(errors, errno_values_map_to_system_names) {
    cr_expect_str_eq(ssd_err_name(-ENOENT), "ENOENT");
    cr_expect_str_eq(ssd_strerror(-ENOENT), "No such file or directory");
    cr_expect_str_eq(ssd_err_name(0), "SSD_OK");
    cr_expect_str_eq(ssd_err_name(-99999), "unknown");
}

Test(version, number_matches_header) {
    cr_expect_eq(ssd_version_number(), SSD_VERSION_NUMBER);
    cr_expect_str_eq(ssd_version_string(), SSD_VERSION_STRING);
}

/* A message longer than the buffer keeps its start (the file and line)
 * and its end (the reason) around "...", cut between UTF-8 characters:
 * the trace handle's 512-byte buffer cut a long path's message off at
 * 511 bytes, reason and all. */
Test(errmsg, a_long_message_keeps_its_start_and_its_reason) {
    char buf[SSD__ERRMSG_SIZE], path[5000];
    for (size_t i = 0; i + 2 < sizeof path; i += 2)
        memcpy(path + i, "\xc3\xa9", 2); /* é */
    path[sizeof path - 2] = 0;
    cr_assert_eq(ssd__fail(buf, -7, "%s:12: op \"X\" is not R, W, T or F", path), -7);
    size_t n = strlen(buf);
    cr_assert_leq(n, SSD__ERRMSG_SIZE - 1);
    cr_assert_geq(n, SSD__ERRMSG_SIZE - 5);
    cr_assert(strstr(buf, "..."));
    cr_assert(!strncmp(buf, "\xc3\xa9\xc3\xa9", 4));
    cr_assert(strstr(buf, ":12: op \"X\" is not R, W, T or F"), "%s", buf);
    const char *dots = strstr(buf, "...");
    cr_assert_eq((dots - buf) % 2, 0, "cut inside a character");
    cr_assert_eq((unsigned char)dots[3] & 0xC0, 0xC0, "the tail starts inside a character");
}

Test(errmsg, a_message_may_quote_the_buffer_it_replaces) {
    char buf[SSD__ERRMSG_SIZE] = "I/O 3: length 0";
    ssd__fail(buf, 0, "%s:%d: %s", "t.csv", 4, buf);
    cr_assert_str_eq(buf, "t.csv:4: I/O 3: length 0");
    for (int i = 0; i < 10; i++) /* prefixed again and again: never past the end */
        ssd__fail(buf, 0, "a/long/directory/name/of/the/trace/%d: %s", i, buf);
    cr_assert_lt(strlen(buf), SSD__ERRMSG_SIZE);
    cr_assert(strstr(buf, "I/O 3: length 0"));
    errno = ENOENT;
    cr_assert_eq(ssd__fail_errno(buf, "%s: cannot open", buf), -ENOENT);
    cr_assert(strstr(buf, ": cannot open: No such file or directory"), "%s", buf);
}
