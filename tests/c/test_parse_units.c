#include <criterion/criterion.h>

#include <ssdcore.h>

Test(parse_size, binary_suffixes) {
    uint64_t v;
    cr_assert_eq(ssd_parse_size("4k", &v), 0);
    cr_expect_eq(v, 4096);
    cr_assert_eq(ssd_parse_size("8g", &v), 0);
    cr_expect_eq(v, 8ull << 30);
    cr_assert_eq(ssd_parse_size("1.5GiB", &v), 0);
    cr_expect_eq(v, 3ull << 29);
    cr_assert_eq(ssd_parse_size("512B", &v), 0);
    cr_expect_eq(v, 512);
    cr_assert_eq(ssd_parse_size("32M", &v), 0);
    cr_expect_eq(v, 32ull << 20);
    cr_assert_eq(ssd_parse_size("240e9", &v), 0); /* a drive's capacity, as analysis takes it */
    cr_expect_eq(v, 240000000000ull);
    cr_assert_eq(ssd_parse_size("1.5E3k", &v), 0);
    cr_expect_eq(v, 1500ull << 10);
}

/* docs/options.md#sizes: a bare unit or one with "i" is binary (fio's
 * reading), a capital B without the "i" is decimal, a small b is refused. */
Test(parse_size, gb_is_decimal_gib_and_g_are_binary) {
    static const struct {
        const char *text;
        uint64_t bytes;
    } cases[] = {{"240GB", 240000000000ull},
                 {"240GiB", 240ull << 30},
                 {"240g", 240ull << 30},
                 {"240Gi", 240ull << 30},
                 {"4kB", 4000},
                 {"1.5TB", 1500000000000ull},
                 {"4kib", 4096}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        uint64_t v = 0;
        cr_assert_eq(ssd_parse_size(cases[i].text, &v), 0, "%s", cases[i].text);
        cr_expect_eq(v, cases[i].bytes, "%s: %llu", cases[i].text, (unsigned long long)v);
    }
    uint64_t v = 7;
    cr_expect_eq(ssd_parse_size("4kb", &v), SSD_EINVAL);
    cr_expect_eq(ssd_parse_size("8Gb", &v), SSD_EINVAL);
    cr_expect_eq(ssd_parse_size("4KBB", &v), SSD_EINVAL);
    cr_expect_eq(v, 7);
}

Test(parse_size, rejects_garbage_negative_and_fractions_of_a_byte) {
    uint64_t v = 7;
    cr_expect_eq(ssd_parse_size("", &v), SSD_EINVAL);
    cr_expect_eq(ssd_parse_size("-4k", &v), SSD_EINVAL);
    cr_expect_eq(ssd_parse_size("4x", &v), SSD_EINVAL);
    cr_expect_eq(ssd_parse_size("0x10", &v), SSD_EINVAL);
    cr_expect_eq(ssd_parse_size("1.5", &v), SSD_EINVAL);
    cr_expect_eq(ssd_parse_size("1e-3", &v), SSD_EINVAL);
    cr_expect_eq(ssd_parse_size("inf", &v), SSD_EINVAL);
    cr_expect_eq(ssd_parse_size("9000p", &v), SSD_ERANGE);
    cr_expect_eq(ssd_parse_size(NULL, &v), SSD_EINVAL);
    cr_expect_eq(v, 7);
}

Test(parse_duration, units) {
    double s;
    cr_assert_eq(ssd_parse_duration("2h", &s), 0);
    cr_expect_float_eq(s, 7200, 1e-9);
    cr_assert_eq(ssd_parse_duration("500ms", &s), 0);
    cr_expect_float_eq(s, 0.5, 1e-12);
    cr_assert_eq(ssd_parse_duration("15m", &s), 0);
    cr_expect_float_eq(s, 900, 1e-9);
    cr_assert_eq(ssd_parse_duration("40", &s), 0);
    cr_expect_float_eq(s, 40, 1e-9);
    cr_expect_eq(ssd_parse_duration("soon", &s), SSD_EINVAL);
}

Test(parse_size, refusal_says_a_small_b_is_ambiguous_and_how_to_write_each) {
    /* README: "4kb is refused as ambiguous"; the message said only "not a
     * size" (round 24's audit). Every front end words it with this. */
    char buf[256];
    ssd_size_refusal("4kb", buf, sizeof buf);
    cr_expect_str_eq(buf, "'4kb' is ambiguous (a small b could be bits): write 4KiB for binary "
                          "(= 4k) or 4kB for decimal bytes");
    ssd_size_refusal("1.5Gb", buf, sizeof buf);
    cr_expect_str_eq(buf, "'1.5Gb' is ambiguous (a small b could be bits): write 1.5GiB for "
                          "binary (= 1.5g) or 1.5GB for decimal bytes");
    ssd_size_refusal("4x", buf, sizeof buf);
    cr_expect_str_eq(buf, "'4x' is not a size (" SSD_SIZE_EXAMPLES ")");
    ssd_size_refusal("4kbb", buf, sizeof buf);
    cr_expect_str_eq(buf, "'4kbb' is not a size (" SSD_SIZE_EXAMPLES ")");
}
