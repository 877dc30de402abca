#include <criterion/criterion.h>
#include <errno.h>
#include <string.h>

#include <ssdcore.h>

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
