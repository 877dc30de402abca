#include <criterion/criterion.h>
#include <string.h>

#include <ssdcore.h>

static void expect_quoted(const char *text, const char *want) {
    char *got = NULL;
    cr_assert_eq(ssd_json_quote(text, &got), 0);
    cr_expect_str_eq(got, want, "quoting \"%s\"", text);
    ssd_free(got);
}

Test(json_quote, escapes_quotes_backslashes_and_control_characters) {
    expect_quoted("", "\"\"");
    expect_quoted("plain /path.bin", "\"plain /path.bin\"");
    expect_quoted("a\"b\\c", "\"a\\\"b\\\\c\"");
    expect_quoted("tab\there\nnl\x1f\x01", "\"tab\\u0009here\\u000anl\\u001f\\u0001\"");
    expect_quoted("\x7f", "\"\x7f\""); /* DEL is not a control character to JSON */
}

Test(json_quote, keeps_valid_utf8_as_it_is) {
    expect_quoted("\xc3\xbcn\xc3\xaf", "\"\xc3\xbcn\xc3\xaf\""); /* ünï */
    expect_quoted("\xe2\x82\xac 5", "\"\xe2\x82\xac 5\"");       /* € */
    expect_quoted("\xf0\x9f\x92\xbe", "\"\xf0\x9f\x92\xbe\"");   /* U+1F4BE */
    expect_quoted("\xf4\x8f\xbf\xbf", "\"\xf4\x8f\xbf\xbf\"");   /* U+10FFFF */
    expect_quoted("\xed\x9f\xbf", "\"\xed\x9f\xbf\"");           /* U+D7FF */
}

Test(json_quote, puts_u_fffd_for_each_byte_that_is_not_utf8) {
    expect_quoted("a\xff"
                  "b",
                  "\"a\\ufffdb\"");
    expect_quoted("\xc3", "\"\\ufffd\"");                                  /* cut at the end */
    expect_quoted("\xe2\x82x", "\"\\ufffd\\ufffdx\"");                     /* cut in the middle */
    expect_quoted("\xc0\xaf", "\"\\ufffd\\ufffd\"");                       /* overlong '/' */
    expect_quoted("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");            /* a surrogate */
    expect_quoted("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""); /* above U+10FFFF */
    expect_quoted("\x80", "\"\\ufffd\""); /* a lone continuation byte */
}

Test(json_quote, refuses_null_and_leaves_no_result) {
    char *got = (char *)"untouched";
    cr_expect_eq(ssd_json_quote(NULL, &got), SSD_EINVAL);
    cr_expect_null(got);
    cr_expect_eq(ssd_json_quote("x", NULL), SSD_EINVAL);
}

Test(json_quote, long_strings_are_measured_exactly) {
    enum { N = 100000 };
    char *text = malloc(N + 1);
    cr_assert_not_null(text);
    for (int i = 0; i < N; i++)
        text[i] = i % 3 == 0 ? '\n' : i % 3 == 1 ? '"' : 'x';
    text[N] = '\0';
    char *got = NULL;
    cr_assert_eq(ssd_json_quote(text, &got), 0);
    /* each third of the bytes grows to 6, 2 and 1 bytes, plus the quotes */
    cr_expect_eq(strlen(got), (size_t)(N / 3) * 9 + 6 + 2);
    cr_expect_eq(got[0], '"');
    cr_expect_eq(got[strlen(got) - 1], '"');
    ssd_free(got);
    free(text);
}
