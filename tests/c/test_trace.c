/* Trace readers, writer and replay through the C API, so the sanitizer and
 * valgrind runs of the C tests cover them. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ssdcore.h>
#include "data_dirs.h"

static ssd_trace *parse(const char *text, int want_rc) {
    ssd_trace *tr = NULL;
    cr_assert_eq(ssd_trace_create(&tr), 0);
    int rc = ssd_trace_parse(tr, text, strlen(text), NULL, "t");
    cr_assert_eq(rc, want_rc, "rc %d: %s", rc, ssd_trace_errmsg(tr));
    return tr;
}

Test(trace, csv_reads_ops_and_completions) {
    ssd_trace *tr = parse("# ssdcore-trace 1\nt_s,op,offset,length,done_s\n"
                          "0,R,4096,4096,0.001\n0.0005,W,0,8192,0.002\n0.003,F,0,0,\n",
                          0);
    cr_assert_eq(ssd_trace_count(tr), 3);
    ssd_trace_io io = {.size = sizeof io};
    cr_assert_eq(ssd_trace_get(tr, 1, &io), 0);
    cr_assert_eq(io.op, SSD_TRACE_WRITE);
    cr_assert_eq(io.length, 8192);
    cr_assert_eq(ssd_trace_get(tr, 2, &io), 0);
    cr_assert_lt(io.done_s, 0);
    cr_assert_eq(ssd_trace_get(tr, 3, &io), SSD_ERANGE);
    cr_assert_eq(ssd_trace_max_overlap(tr), 2);
    char *json = NULL;
    cr_assert_eq(ssd_trace_to_json(tr, SSD_JSON_COMPACT, &json), 0);
    cr_assert(strstr(json, "\"flushes\":1"), "%s", json);
    ssd_free(json);
    ssd_trace_free(tr);
}

/* The readers share the series readers' line cursor; a trace's lines lose
 * their "\r\n", and the last line its "\r" with no newline after it. */
Test(trace, crlf_lines_and_a_last_line_ending_in_cr_read_alike) {
    ssd_trace *tr = parse("fio version 3 iolog\r\n0 /f add\r\n0 /f open\r\n"
                          "10 /f write 0 4096\r\n20 /f read 4096 512\r",
                          0);
    cr_assert_eq(ssd_trace_count(tr), 2);
    ssd_trace_io io = {.size = sizeof io};
    cr_assert_eq(ssd_trace_get(tr, 1, &io), 0);
    cr_assert_eq(io.length, 512);
    ssd_trace_free(tr);
    tr = parse("# ssdcore-trace 1\r\nt_s,op,offset,length\r\n0,W,0,4096\r\n0.001,R,0,512\r", 0);
    cr_assert_eq(ssd_trace_count(tr), 2);
    ssd_trace_free(tr);
}

Test(trace, bad_line_names_line_and_leaves_the_trace_empty) {
    ssd_trace *tr =
        parse("fio version 2 iolog\n/f add\n/f read 0 4096\n/f read x 4096\n", SSD_EFORMAT);
    cr_assert(strstr(ssd_trace_errmsg(tr), "t:4:"), "%s", ssd_trace_errmsg(tr));
    cr_assert_eq(ssd_trace_count(tr), 0);
    ssd_trace_free(tr);
}

/* A trace under a long path: its message went through a 512-byte buffer of
 * its own and lost the line and the reason past 511 bytes. */
Test(trace, a_long_names_message_keeps_the_line_and_the_reason) {
    char name[800];
    memset(name, 'd', sizeof name - 1);
    name[sizeof name - 1] = 0;
    const char *text = "fio version 2 iolog\n/f add\n/f read 0 4096\n/f read x 4096\n";
    ssd_trace *tr = NULL;
    cr_assert_eq(ssd_trace_create(&tr), 0);
    cr_assert_eq(ssd_trace_parse(tr, text, strlen(text), NULL, name), SSD_EFORMAT);
    const char *m = ssd_trace_errmsg(tr);
    cr_assert_gt(strlen(m), 800, "%s", m);
    cr_assert(!strncmp(m, name, 799) && !strncmp(m + 799, ":4: ", 4), "%s", m);
    ssd_trace_free(tr);
}

Test(trace, blkparse_sample_file_loads) {
    ssd_trace *tr = NULL;
    cr_assert_eq(ssd_trace_create(&tr), 0);
    cr_assert_eq(ssd_trace_load(tr, data_path("/traces/blkparse.txt"), NULL), 0, "%s",
                 ssd_trace_errmsg(tr));
    cr_assert_str_eq(ssd_trace_format(tr), "blkparse");
    cr_assert_eq(ssd_trace_count(tr), 4);
    ssd_trace_free(tr);
}

/* A trace file is read by base's one whole-file reader: binary data is
 * refused naming the file, before the parser sees it. */
Test(trace, a_file_with_a_nul_byte_is_refused_as_binary_naming_it) {
    char path[] = "/tmp/ssd-trace-nul-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    cr_assert_eq(write(fd, "# ssdcore-trace 1\n\0x\n", 21), 21);
    close(fd);
    ssd_trace *tr = NULL;
    cr_assert_eq(ssd_trace_create(&tr), 0);
    cr_expect_eq(ssd_trace_load(tr, path, NULL), SSD_EFORMAT);
    cr_expect(strstr(ssd_trace_errmsg(tr), path), "%s", ssd_trace_errmsg(tr));
    cr_expect(strstr(ssd_trace_errmsg(tr), "binary data: not a trace"), "%s", ssd_trace_errmsg(tr));
    ssd_trace_free(tr);
    unlink(path);
}

Test(trace, replay_on_a_file_issues_the_recorded_ios) {
    char dir[] = "/tmp/ssd-trace-test-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char file[128], rec[128];
    snprintf(file, sizeof file, "%s/f.bin", dir);
    snprintf(rec, sizeof rec, "%s/issued.csv", dir);
    ssd_trace *tr = parse("# ssdcore-trace 1\nt_s,op,offset,length\n0,R,65536,4096\n"
                          "0,W,0,16384\n0,R,8192,4096\n0,T,131072,65536\n0,R,3145728,4096\n",
                          0);
    ssd_target *t = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    ssd_target_set_option(t, "size", "1m");
    cr_assert_eq(ssd_target_open(t, file), 0, "%s", ssd_target_errmsg(t));
    ssd_replay *r = NULL;
    cr_assert_eq(ssd_replay_create(&r, t, tr), 0);
    cr_assert_eq(ssd_replay_set_option(r, "qd", "2"), 0);
    cr_assert_eq(ssd_replay_set_option(r, "record", rec), 0);
    cr_assert_eq(ssd_replay_set_option(r, "timing", "later"), SSD_EINVAL);
    cr_assert_eq(ssd_replay_run(r), 0, "%s", ssd_replay_errmsg(r));
    cr_assert_eq(ssd_replay_ios(r, SSD_DIR_READ), 3);
    cr_assert_eq(ssd_replay_bytes(r, SSD_DIR_WRITE), 16384);
    cr_assert_eq(ssd_replay_run(r), SSD_ESTATE);
    ssd_trace *back = NULL;
    cr_assert_eq(ssd_trace_create(&back), 0);
    cr_assert_eq(ssd_trace_load(back, rec, NULL), 0, "%s", ssd_trace_errmsg(back));
    cr_assert_eq(ssd_trace_count(back), 5);
    ssd_trace_io io = {.size = sizeof io};
    ssd_trace_get(back, 4, &io); /* 3 MiB wraps into the 1 MiB file */
    cr_assert_eq(io.offset, 0);
    ssd_trace_get(back, 3, &io);
    cr_assert_eq(io.op, SSD_TRACE_TRIM);
    char *json = NULL, *pretty = NULL;
    cr_assert_eq(ssd_replay_to_json(r, SSD_JSON_COMPACT, &json), 0);
    cr_assert(strstr(json, "\"remapped_ios\":1"), "%s", json);
    cr_assert_null(strchr(json, '\n'), "compact is one line: %s", json);
    /* Pretty: a member a line, the trace summary inside re-indented too. */
    cr_assert_eq(ssd_replay_to_json(r, SSD_JSON_PRETTY, &pretty), 0);
    cr_assert(strstr(pretty, "\n  \"remapped_ios\": 1,\n"), "%s", pretty);
    cr_assert(strstr(pretty, "\n  \"trace\": {\n    \""), "%s", pretty);
    ssd_free(pretty);
    cr_assert_eq(ssd_replay_to_json(r, 4, &pretty), SSD_EINVAL);
    cr_assert_null(pretty);
    ssd_free(json);
    ssd_trace_free(back);
    ssd_replay_free(r);
    ssd_target_free(t);
    ssd_trace_free(tr);
    unlink(file);
    unlink(rec);
    rmdir(dir);
}

Test(trace, scenario_replays_on_sim_and_scores) {
    ssd_trace *tr = NULL;
    cr_assert_eq(ssd_trace_create(&tr), 0);
    cr_assert_eq(ssd_trace_generate(tr, "pcm8-excel", 2, 0), 0, "%s", ssd_trace_errmsg(tr));
    cr_assert_eq(ssd_trace_generate(tr, "nope", 2, 0), SSD_EINVAL);
    cr_assert(strstr(ssd_trace_errmsg(tr), "pcm8-excel"));
    cr_assert_eq(ssd_trace_generate(tr, "pcm8-excel", 2, 0), 0);
    ssd_target *t = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, "sim:ssd370"), 0);
    ssd_replay *r = NULL;
    cr_assert_eq(ssd_replay_create(&r, t, tr), 0);
    cr_assert_eq(ssd_replay_set_option(r, "timing", "as-recorded"), 0);
    cr_assert_eq(ssd_replay_run(r), 0, "%s", ssd_replay_errmsg(r));
    cr_assert_eq(ssd_replay_ios(r, SSD_DIR_ALL), ssd_trace_count(tr));
    cr_assert_gt(ssd_replay_runtime_s(r), 5); /* the recorded 9.2 s with idle */
    cr_assert_lt(ssd_replay_busy_s(r), ssd_replay_runtime_s(r));
    ssd_replay_free(r);
    ssd_target_free(t);
    ssd_trace_free(tr);
}

/* ssd_trace_load reads the names the CLI, Python and suites give traces:
 * scenario:NAME (seed 1) and filetest:NAME[@SET_SIZE]. */
Test(trace, load_reads_scenario_and_filetest_names) {
    ssd_trace *a = NULL, *b = NULL;
    cr_assert_eq(ssd_trace_create(&a), 0);
    cr_assert_eq(ssd_trace_create(&b), 0);
    cr_assert_eq(ssd_trace_load(a, "scenario:pcm8-excel", NULL), 0, "%s", ssd_trace_errmsg(a));
    cr_assert_eq(ssd_trace_generate(b, "pcm8-excel", 1, 0), 0);
    cr_assert_eq(ssd_trace_count(a), ssd_trace_count(b));
    cr_assert_str_eq(ssd_trace_format(a), "generated");
    /* ... and keep the name they were made from (a replay says which ran) */
    cr_assert_str_eq(ssd_trace_name(a), "pcm8-excel");
    char *json = NULL;
    cr_assert_eq(ssd_trace_to_json(a, 0, &json), 0);
    cr_assert(strstr(json, "\"name\":\"pcm8-excel\""), "%s", json);
    ssd_free(json);
    cr_assert_eq(ssd_trace_load(a, "scenario:nope", "auto"), SSD_EINVAL);
    cr_assert_null(ssd_trace_name(a));
    cr_assert(strstr(ssd_trace_errmsg(a), "pcm8-excel"), "%s", ssd_trace_errmsg(a));
    if (ssd_trace_filetest_count() > 0) {
        uint64_t set = 0, dev = 0;
        cr_assert_eq(ssd_trace_filetest_sizes("iso-copy", &set, &dev), 0);
        cr_assert_eq(ssd_trace_load(a, "filetest:iso-copy", NULL), 0, "%s", ssd_trace_errmsg(a));
        cr_assert_eq(ssd_trace_filetest(b, "iso-copy", 2 * set), 0);
        size_t one = ssd_trace_count(a);
        char spec[64];
        snprintf(spec, sizeof spec, "filetest:iso-copy@%llu", (unsigned long long)(2 * set));
        cr_assert_eq(ssd_trace_load(a, spec, NULL), 0, "%s", ssd_trace_errmsg(a));
        cr_assert_eq(ssd_trace_count(a), ssd_trace_count(b));
        cr_assert_gt(ssd_trace_count(a), one);
        cr_assert_str_eq(ssd_trace_format(a), "recorded");
        cr_assert_str_eq(ssd_trace_name(a), "iso-copy");
    }
    cr_assert_eq(ssd_trace_load(a, "filetest:iso-copy@8x", NULL), SSD_EINVAL);
    cr_assert(strstr(ssd_trace_errmsg(a), "'8x' is not a set size"), "%s", ssd_trace_errmsg(a));
    /* An explicit format reads the name as a file's. */
    cr_assert_lt(ssd_trace_load(a, "scenario:pcm8-excel", "csv"), 0);
    ssd_trace_free(a);
    ssd_trace_free(b);
}
