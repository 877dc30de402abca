#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ssdcore/base.h"
#include "json_read.h"
#include "jsonw.h"
#include "numfmt.h"

/* Finishes w and compares its text with want. */
static void expect_text(struct ssd__jw *w, const char *want) {
    char *got = NULL;
    cr_assert_eq(ssd__jw_finish(w, &got), 0);
    cr_assert_not_null(got);
    cr_expect_str_eq(got, want);
    free(got);
}

static void expect_str(const char *s, const char *want) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    ssd__jw_str(&w, s);
    expect_text(&w, want);
}

Test(jsonw, escapes_quote_backslash_and_control_characters) {
    expect_str("a\"b\\c", "\"a\\\"b\\\\c\"");
    expect_str("\x01tab\there\nnl\x1f", "\"\\u0001tab\\u0009here\\u000anl\\u001f\"");
    expect_str("\x7f/", "\"\x7f/\""); /* DEL and '/' need no escape in JSON */
    expect_str("", "\"\"");
}

Test(jsonw, copies_valid_utf8_and_replaces_each_invalid_byte) {
    expect_str("\xc3\xa9\xe2\x82\xac\xf0\x9f\x92\xbe", "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x92\xbe\"");
    expect_str("a\xff"
               "b",
               "\"a\\ufffdb\"");
    expect_str("\xc0\xaf", "\"\\ufffd\\ufffd\"");                       /* overlong '/' */
    expect_str("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");            /* a surrogate */
    expect_str("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""); /* above U+10FFFF */
    expect_str("end\xc3", "\"end\\ufffd\"");                            /* cut short by the NUL */
}

/* The escaping every producer used before the writer existed, kept here
 * to prove the writer changes no byte of their output. */
static void old_escape(char *out, size_t cap, const char *s) {
    size_t len = 0;
    len += (size_t)snprintf(out + len, cap - len, "\"");
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\')
            len += (size_t)snprintf(out + len, cap - len, "\\%c", *c);
        else if (*c < 0x20)
            len += (size_t)snprintf(out + len, cap - len, "\\u%04x", *c);
        else if (*c >= 0x80) {
            int n = ssd__utf8_len(c);
            if (n)
                len += (size_t)snprintf(out + len, cap - len, "%.*s", n, (const char *)c),
                    c += n - 1;
            else
                len += (size_t)snprintf(out + len, cap - len, "\\ufffd");
        } else
            len += (size_t)snprintf(out + len, cap - len, "%c", *c);
    }
    snprintf(out + len, cap - len, "\"");
}

Test(jsonw, escapes_random_bytes_exactly_as_the_old_writers) {
    srand(11);
    for (int i = 0; i < 20000; i++) {
        unsigned char s[24];
        int n = rand() % 23;
        for (int k = 0; k < n; k++) {
            /* Mostly bytes that matter: controls, quotes, UTF-8 leads and tails. */
            static const unsigned char pick[] = {'a',  '"',  '\\', 0x01, 0x1f, 0x7f, 0x80,
                                                 0xbf, 0xc2, 0xc3, 0xe2, 0xed, 0xf0, 0xf4,
                                                 0xff, 0xa9, 0x82, 0x9f, 0x90, 0xa0};
            s[k] = rand() % 3 ? pick[rand() % sizeof pick] : (unsigned char)(1 + rand() % 255);
        }
        s[n] = '\0';
        char want[24 * 6 + 3];
        old_escape(want, sizeof want, (const char *)s);
        struct ssd__jw w;
        ssd__jw_init(&w, SSD__JW_COMPACT);
        ssd__jw_str(&w, (const char *)s);
        char *got = NULL;
        cr_assert_eq(ssd__jw_finish(&w, &got), 0);
        cr_assert_str_eq(got, want, "string %d", i);
        free(got);
    }
}

Test(jsonw, null_string_is_null) {
    expect_str(NULL, "null");
}

Test(jsonw, keys_are_escaped_too) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    ssd__jw_begin_object(&w);
    ssd__jw_key(&w, "a\"\n");
    ssd__jw_u64(&w, 1);
    ssd__jw_end_object(&w);
    expect_text(&w, "{\"a\\\"\\u000a\":1}");
}

/* {"a":[1,{"b":null},[],"x"],"c":{},"d":true} in the given style. */
static void nested(struct ssd__jw *w) {
    ssd__jw_begin_object(w);
    ssd__jw_key(w, "a");
    ssd__jw_begin_array(w);
    ssd__jw_u64(w, 1);
    ssd__jw_begin_object(w);
    ssd__jw_key(w, "b");
    ssd__jw_null(w);
    ssd__jw_end_object(w);
    ssd__jw_begin_array(w);
    ssd__jw_end_array(w);
    ssd__jw_str(w, "x");
    ssd__jw_end_array(w);
    ssd__jw_key(w, "c");
    ssd__jw_begin_object(w);
    ssd__jw_end_object(w);
    ssd__jw_key(w, "d");
    ssd__jw_bool(w, 1);
    ssd__jw_end_object(w);
}

Test(jsonw, compact_puts_commas_between_members_and_elements_only) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    nested(&w);
    expect_text(&w, "{\"a\":[1,{\"b\":null},[],\"x\"],\"c\":{},\"d\":true}");
}

Test(jsonw, spaced_separates_with_comma_space_and_colon_space) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_SPACED);
    nested(&w);
    expect_text(&w, "{\"a\": [1, {\"b\": null}, [], \"x\"], \"c\": {}, \"d\": true}");
}

/* Every close on its own line, but an empty container is "[]" or "{}", as
 * Python's json.dumps(indent=2) writes it (it was "[\n]"). */
Test(jsonw, pretty_puts_each_member_and_element_on_its_own_line) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_PRETTY);
    nested(&w);
    expect_text(&w, "{\n"
                    "  \"a\": [\n"
                    "    1,\n"
                    "    {\n"
                    "      \"b\": null\n"
                    "    },\n"
                    "    [],\n"
                    "    \"x\"\n"
                    "  ],\n"
                    "  \"c\": {},\n"
                    "  \"d\": true\n"
                    "}");
}

/* A document spliced into a pretty one is re-indented the same way. */
Test(jsonw, pretty_raw_writes_empty_containers_on_one_line) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_PRETTY);
    ssd__jw_begin_object(&w);
    ssd__jw_kraw(&w, "a", "{\"x\":[],\"y\":{ },\"z\":[1]}");
    ssd__jw_key(&w, "b");
    ssd__jw_begin_array(&w);
    ssd__jw_end_array(&w);
    ssd__jw_end_object(&w);
    expect_text(&w, "{\n"
                    "  \"a\": {\n"
                    "    \"x\": [],\n"
                    "    \"y\": {},\n"
                    "    \"z\": [\n"
                    "      1\n"
                    "    ]\n"
                    "  },\n"
                    "  \"b\": []\n"
                    "}");
}

Test(jsonw, top_level_scalars_and_empty_document) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_PRETTY);
    ssd__jw_bool(&w, 0);
    expect_text(&w, "false");
    ssd__jw_init(&w, SSD__JW_COMPACT);
    expect_text(&w, "");
}

Test(jsonw, numbers) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    ssd__jw_begin_array(&w);
    ssd__jw_num(&w, 0.35);
    ssd__jw_num(&w, 0.1 + 0.2);
    ssd__jw_num(&w, -2.5e-9);
    ssd__jw_num(&w, 240057409536.0);
    ssd__jw_num_g(&w, 1.0 / 3, 10);
    ssd__jw_num_g(&w, 2.5e11, 10);
    ssd__jw_num_f(&w, 2147483648.4, 0);
    ssd__jw_num_f(&w, 1e20, 0);
    ssd__jw_u64(&w, UINT64_MAX);
    ssd__jw_u64(&w, 0);
    ssd__jw_end_array(&w);
    expect_text(&w, "[0.35,0.30000000000000004,-2.5e-09,240057409536,0.3333333333,2.5e+11,"
                    "2147483648,100000000000000000000,18446744073709551615,0]");
}

Test(jsonw, no_nan_or_infinity_in_any_number_form) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    ssd__jw_begin_array(&w);
    ssd__jw_num(&w, NAN);
    ssd__jw_num(&w, INFINITY);
    ssd__jw_num_g(&w, -INFINITY, 10);
    ssd__jw_num_f(&w, NAN, 0);
    ssd__jw_end_array(&w);
    expect_text(&w, "[null,null,null,null]");
}

Test(jsonw, long_strings_grow_the_buffer) {
    size_t n = 100000;
    char *s = malloc(n + 1), *want = malloc(n + 3);
    cr_assert(s && want);
    for (size_t i = 0; i < n; i++)
        s[i] = (char)('a' + i % 26);
    s[n] = '\0';
    snprintf(want, n + 3, "\"%s\"", s);
    expect_str(s, want);
    free(s);
    free(want);
}

/* An allocator that fails its Nth call, and counts the calls. */
static int alloc_calls, fail_at;

static void *failing_realloc(void *p, size_t size) {
    if (++alloc_calls == fail_at)
        return NULL;
    return realloc(p, size);
}

/* A document that needs several allocations as it grows. */
static void big(struct ssd__jw *w) {
    ssd__jw_begin_array(w);
    for (int i = 0; i < 2000; i++) {
        ssd__jw_begin_object(w);
        ssd__jw_key(w, "value");
        ssd__jw_num(w, i * 0.1);
        ssd__jw_end_object(w);
    }
    ssd__jw_end_array(w);
}

Test(jsonw, out_of_memory_at_any_allocation_gives_enomem_and_leaks_nothing) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    w.realloc_fn = failing_realloc;
    alloc_calls = 0;
    fail_at = 0;
    big(&w);
    char *text = NULL;
    cr_assert_eq(ssd__jw_finish(&w, &text), 0);
    int needed = alloc_calls;
    cr_assert_gt(needed, 3, "the document should take several allocations");
    for (fail_at = 1; fail_at <= needed; fail_at++) {
        alloc_calls = 0;
        ssd__jw_init(&w, SSD__JW_COMPACT);
        w.realloc_fn = failing_realloc;
        big(&w);
        cr_expect(w.oom, "allocation %d failed unnoticed", fail_at);
        char *out = (char *)1;
        cr_expect_eq(ssd__jw_finish(&w, &out), SSD_ENOMEM, "allocation %d", fail_at);
        cr_expect_null(out);
        cr_expect_eq(alloc_calls, fail_at, "no allocation is tried after the failure");
    }
    /* The successful document is still the right one. */
    cr_expect_eq(strncmp(text, "[{\"value\":0},{\"value\":0.1},", 27), 0);
    free(text);
}

Test(jsonw, out_of_memory_on_an_empty_document) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    w.realloc_fn = failing_realloc;
    alloc_calls = 0;
    fail_at = 1;
    char *out = (char *)1;
    cr_expect_eq(ssd__jw_finish(&w, &out), SSD_ENOMEM);
    cr_expect_null(out);
}

Test(jsonw, a_member_in_one_call) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_SPACED);
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "s", "x");
    ssd__jw_kstr(&w, "none", NULL);
    ssd__jw_knum(&w, "n", 0.5);
    ssd__jw_ku64(&w, "u", 7);
    ssd__jw_kbool(&w, "b", 0);
    ssd__jw_end_object(&w);
    expect_text(&w, "{\"s\": \"x\", \"none\": null, \"n\": 0.5, \"u\": 7, \"b\": false}");
}

Test(jsonw, raw_splices_a_serialised_value_or_null) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    ssd__jw_begin_object(&w);
    ssd__jw_kraw(&w, "a", "{\"x\":[1,2]}");
    ssd__jw_kraw(&w, "b", NULL);
    ssd__jw_key(&w, "c");
    ssd__jw_begin_array(&w);
    ssd__jw_raw(&w, "true");
    ssd__jw_raw(&w, "\"s\"");
    ssd__jw_end_array(&w);
    ssd__jw_end_object(&w);
    expect_text(&w, "{\"a\":{\"x\":[1,2]},\"b\":null,\"c\":[true,\"s\"]}");
}

Test(jsonw, newline_goes_after_the_separator_and_ends_the_text) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    ssd__jw_begin_object(&w);
    ssd__jw_key(&w, "steps");
    ssd__jw_begin_array(&w);
    for (int i = 0; i < 3; i++) {
        ssd__jw_newline(&w); /* none before the first element */
        ssd__jw_begin_object(&w);
        ssd__jw_knum(&w, "i", i);
        ssd__jw_end_object(&w);
    }
    ssd__jw_end_array(&w);
    ssd__jw_knum(&w, "n", 3); /* no pending break left for the next member */
    ssd__jw_end_object(&w);
    ssd__jw_newline(&w);
    expect_text(&w, "{\"steps\":[{\"i\":0},\n{\"i\":1},\n{\"i\":2}],\"n\":3}\n");
}

/* ssd_json (ssdcore/base.h): the writer behind a public handle, for the CLI's
 * own documents; it writes what jsonw writes, in the three styles. */
static char *public_doc(int flags) {
    ssd_json *w = NULL;
    cr_assert_eq(ssd_json_create(&w, flags), 0);
    ssd_json_begin_object(w, NULL);
    ssd_json_str(w, "name", "a\"b");
    ssd_json_u64(w, "bytes", UINT64_MAX);
    ssd_json_num(w, "s", 0.25, 3);
    ssd_json_num(w, "x", 0.1, -1);
    ssd_json_num(w, "nan", NAN, 2);
    ssd_json_bool(w, "ok", 1);
    ssd_json_null(w, "none");
    ssd_json_begin_array(w, "list");
    ssd_json_str(w, NULL, NULL);
    ssd_json_raw(w, NULL, "{\"k\":[1,2]}");
    ssd_json_end_array(w);
    ssd_json_begin_object(w, "empty");
    ssd_json_end_object(w);
    ssd_json_end_object(w);
    char *text = NULL;
    cr_assert_eq(ssd_json_finish(w, &text), 0);
    return text;
}

Test(jsonw, public_writer_writes_the_three_styles) {
    char *c = public_doc(SSD_JSON_COMPACT), *s = public_doc(SSD_JSON_SPACED),
         *p = public_doc(SSD_JSON_PRETTY);
    cr_expect_str_eq(c, "{\"name\":\"a\\\"b\",\"bytes\":18446744073709551615,\"s\":0.250,"
                        "\"x\":0.1,\"nan\":null,\"ok\":true,\"none\":null,"
                        "\"list\":[null,{\"k\":[1,2]}],\"empty\":{}}");
    cr_expect_str_eq(s, "{\"name\": \"a\\\"b\", \"bytes\": 18446744073709551615, \"s\": 0.250, "
                        "\"x\": 0.1, \"nan\": null, \"ok\": true, \"none\": null, "
                        "\"list\": [null, {\"k\":[1,2]}], \"empty\": {}}");
    cr_expect(strstr(p, "\n  \"list\": [\n    null,\n    {\n      \"k\": [\n") != NULL, "%s", p);
    ssd_free(c);
    ssd_free(s);
    ssd_free(p);
}

Test(jsonw, public_writer_refuses_bad_arguments_and_ignores_a_null_writer) {
    ssd_json *w = (ssd_json *)1;
    char *text = (char *)1;
    cr_expect_eq(ssd_json_create(&w, 3), SSD_EINVAL);
    cr_expect_null(w);
    cr_expect_eq(ssd_json_create(NULL, SSD_JSON_COMPACT), SSD_EINVAL);
    ssd_json_begin_object(NULL, "k"); /* no-ops */
    ssd_json_str(NULL, "k", "v");
    ssd_json_num(NULL, "k", 1, 2);
    ssd_json_free(NULL);
    cr_expect_eq(ssd_json_finish(NULL, &text), SSD_EINVAL);
    cr_expect_null(text);
}

/* ---- ssd__jv_leaves: how the compare page and the catalog flatten a
 * headline into dotted figures */

static int collect(void *user, const char *key, const struct ssd__jv *m) {
    struct ssd__text *t = user;
    ssd__text_add(t, "%s=%s;", key,
                  m->type == SSD__JNUM    ? "num"
                  : m->type == SSD__JNULL ? "null"
                  : m->type == SSD__JSTR  ? m->str
                                          : "other");
    return !strcmp(key, "stop") ? 7 : 0;
}

Test(json_read, leaves_are_every_non_object_member_with_its_dotted_path_in_order) {
    struct ssd__jv v;
    char err[64];
    cr_assert_eq(ssd__jr_parse("{\"a\":1,\"w\":{\"deg\":{\"c\":null,\"state\":{\"c\":\"lower\"}},"
                               "\"e\":{}},\"l\":[1]}",
                               &v, err, sizeof err),
                 0);
    struct ssd__text t = {0};
    cr_expect_eq(ssd__jv_leaves(&v, collect, &t), 0);
    char *s = ssd__text_take(&t);
    cr_expect_str_eq(s, "a=num;w.deg.c=null;w.deg.state.c=lower;l=other;");
    free(s);
    ssd__jv_free(&v);
    /* The first nonzero return stops the walk and is returned. */
    cr_assert_eq(ssd__jr_parse("{\"stop\":1,\"after\":2}", &v, err, sizeof err), 0);
    cr_expect_eq(ssd__jv_leaves(&v, collect, &t), 7);
    s = ssd__text_take(&t);
    cr_expect_str_eq(s, "stop=num;");
    free(s);
    ssd__jv_free(&v);
}

/* Byte counts: whole bytes, every digit (issue #22: %.10g gave
 * 1024004420000 for 1024004419584), the nearest for a computed position. */
Test(jsonw, bytes_are_whole_numbers_to_the_nearest_byte) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    ssd__jw_begin_object(&w);
    ssd__jw_kbytes(&w, "total_bytes", 345866903600.0);
    ssd__jw_key(&w, "a");
    ssd__jw_begin_array(&w);
    ssd__jw_bytes(&w, 1024004419584.0);
    ssd__jw_bytes(&w, 2156881946.38);
    ssd__jw_bytes(&w, 25188710.72);
    ssd__jw_bytes(&w, -0.3);
    ssd__jw_bytes(&w, NAN);
    ssd__jw_end_array(&w);
    ssd__jw_end_object(&w);
    expect_text(&w, "{\"total_bytes\":345866903600,\"a\":[1024004419584,2156881946,25188711,0,"
                    "null]}");
}

/* \u escapes: a surrogate pair is one character (4 UTF-8 bytes), half a
 * pair alone is U+FFFD (it was 3 bytes that are not UTF-8, which the
 * writers then turned into three U+FFFD). */
Test(json_read, surrogate_pairs_decode_to_one_character_and_lone_halves_to_fffd) {
    static const struct {
        const char *json, *want;
    } cases[] = {
        {"\"\\ud83d\\ude00\"", "\xf0\x9f\x98\x80"}, {"\"\\uD83D\\uDE00x\"", "\xf0\x9f\x98\x80x"},
        {"\"a\\ud800z\"", "a\xef\xbf\xbdz"},        {"\"\\udc00\"", "\xef\xbf\xbd"},
        {"\"\\ud800\\u005a\"", "\xef\xbf\xbdZ"},    {"\"\\u00e9\\u20ac\"", "\xc3\xa9\xe2\x82\xac"}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct ssd__jv v;
        char err[64];
        cr_assert_eq(ssd__jr_parse(cases[i].json, &v, err, sizeof err), 0, "%s", cases[i].json);
        cr_expect_str_eq(v.str, cases[i].want, "%s", cases[i].json);
        ssd__jv_free(&v);
    }
}

static void expect_restyled(const char *json, int flags, const char *want) {
    char *got = (char *)1;
    cr_assert_eq(ssd_json_restyle(json, flags, &got), 0, "%s", json);
    cr_expect_str_eq(got, want, "%s", json);
    ssd_free(got);
}

Test(json_restyle, text_is_key_value_lines_with_numbers_as_written) {
    expect_restyled(
        "{\"model\":\"x\",\"sizes\":[1,2],\"smart\":{\"temp_c\":40},\"jobs\":[{\"a\":1}]}",
        SSD_JSON_TEXT, "model: x\nsizes: 1, 2\nsmart:\n  temp_c: 40\njobs:\n  - a: 1\n");
    expect_restyled("{ \"mibs\" : 12.50, \"big\": 18446744073709551615, \"e\": 1E3, \"ok\": true,"
                    " \"no\": false, \"n\": null }",
                    SSD_JSON_TEXT,
                    "mibs: 12.5\nbig: 18446744073709551615\ne: 1000\nok: true\nno: false\n");
    /* Numbers by their key's unit: `ssdcore trace info` printed
     * "duration_s: 28.323540219403984" and raw byte counts. */
    expect_restyled("{\"duration_s\":28.323540219403984,\"read_bytes\":10995116277760,"
                    "\"small_bytes\":512,\"bw_bps\":536870912,\"idle_share\":0.44000000000000006,"
                    "\"runtime_s\":15825.4,\"n\":7}",
                    SSD_JSON_TEXT,
                    "duration_s: 28.32 s\nread_bytes: 10 TiB (10995116277760 bytes)\n"
                    "small_bytes: 512 B\nbw_bps: 512.0 MiB/s\nidle_share: 0.44\n"
                    "runtime_s: 15825 s\nn: 7\n");
    /* A null member (unknown, not reported) has no line; in a list it stays. */
    expect_restyled(
        "{\"serial\":null,\"l\":[1,null],\"o\":{\"a\":null},\"x\":[{\"a\":null,\"b\":2}]}",
        SSD_JSON_TEXT, "l: 1, null\no:\n  (empty)\nx:\n  - b: 2\n");
    /* Empty containers, lists of lists and of objects, items of several members. */
    expect_restyled("{\"o\":{},\"l\":[],\"ll\":[[1,2],[],[[3]]],\"lo\":[{\"a\":1,\"b\":{}},{}]}",
                    SSD_JSON_TEXT,
                    "o:\n  (empty)\nl: (none)\nll:\n  - 1, 2\n  - \n  -\n    - 3\n"
                    "lo:\n  - a: 1\n    b:\n      (empty)\n  - (empty)\n");
    expect_restyled("[1,\"a\",{\"k\":\"v\"}]", SSD_JSON_TEXT, "- 1\n- a\n- k: v\n");
    expect_restyled("[]", SSD_JSON_TEXT, "");
    expect_restyled("{}", SSD_JSON_TEXT, "(empty)\n");
    expect_restyled(" \"top\" ", SSD_JSON_TEXT, "top\n");
    expect_restyled("-0.5", SSD_JSON_TEXT, "-0.5\n");
}

/* Strings and keys are decoded, then made safe for a terminal: control
 * characters (C0, DEL, C1) and bytes that are not UTF-8 as \xNN. */
Test(json_restyle, text_shows_control_characters_and_bad_bytes_as_hex) {
    expect_restyled("{\"a\\nb\":\"x\\u0001y\\u007f\\u0085\\u00a0\xc3\xa9\xff\\ud83d\\ude00\"}",
                    SSD_JSON_TEXT,
                    "a\\x0ab: x\\x01y\\x7f\\xc2\\x85\xc2\xa0\xc3\xa9\\xff\xf0\x9f\x98\x80\n");
    expect_restyled("[\"\\t\\\"\\\\\\/\"]", SSD_JSON_TEXT, "- \\x09\"\\/\n");
}

Test(json_restyle, json_styles_relay_white_space_only) {
    const char *doc = "{ \"a\" : [1, 2.50, {}],\n \"s\": \"x , : y\\\"\" }";
    expect_restyled(doc, SSD_JSON_COMPACT, "{\"a\":[1,2.50,{}],\"s\":\"x , : y\\\"\"}");
    expect_restyled(doc, SSD_JSON_SPACED, "{\"a\": [1, 2.50, {}], \"s\": \"x , : y\\\"\"}");
    expect_restyled(doc, SSD_JSON_PRETTY,
                    "{\n  \"a\": [\n    1,\n    2.50,\n    {}\n  ],\n  \"s\": \"x , : y\\\"\"\n}");
}

Test(json_restyle, refuses_bad_arguments_and_text_of_what_is_not_json) {
    char *out = (char *)1;
    cr_expect_eq(ssd_json_restyle(NULL, SSD_JSON_TEXT, &out), SSD_EINVAL);
    cr_expect_null(out);
    cr_expect_eq(ssd_json_restyle("{}", SSD_JSON_TEXT, NULL), SSD_EINVAL);
    cr_expect_eq(ssd_json_restyle("{}", 3, &out), SSD_EINVAL);
    cr_expect_eq(ssd_json_restyle("{\"a\":}", SSD_JSON_TEXT, &out), SSD_EFORMAT);
    cr_expect_null(out);
}

/* What the CLI prints of a name: UTF-8 as it is; C0, DEL and C1 controls,
 * overlong forms, surrogates, bytes past U+10FFFF and stray bytes as \xNN. */
Test(printable, escapes_controls_and_what_is_not_utf8_and_measures_first) {
    static const struct {
        const char *in, *want;
    } cases[] = {{"plain /x", "plain /x"},
                 {"a\nb\tc\x1b[2J\x7f", "a\\x0ab\\x09c\\x1b[2J\\x7f"},
                 {"\xc2\x85\xc2\xa0\xc3\xa9", "\\xc2\\x85\xc2\xa0\xc3\xa9"},
                 {"\xe2\x82\xac\xf0\x9f\x98\x80", "\xe2\x82\xac\xf0\x9f\x98\x80"},
                 {"\xc0\xaf\xe0\x80\xaf", "\\xc0\\xaf\\xe0\\x80\\xaf"},
                 {"\xed\xa0\x80\xf4\x90\x80\x80", "\\xed\\xa0\\x80\\xf4\\x90\\x80\\x80"},
                 {"\xff\xe2\x82", "\\xff\\xe2\\x82"},
                 {"", ""}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char out[64];
        size_t n = ssd_printable(cases[i].in, NULL);
        memset(out, 'Z', sizeof out);
        cr_expect_eq(ssd_printable(cases[i].in, out), n);
        cr_expect_eq(strlen(out), n);
        cr_expect_str_eq(out, cases[i].want);
    }
}
