/* Readers of series files: every checked-in format version parses, bad
 * input fails with the file, line and field named, never a number. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "errmsg.h"
#include "series_testutil.h"
#include <ssdcore.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "series_build.h"
#include "text_file.h"
#include "data_dirs.h"

#define DATA(name) data_path("/series/" name)

static char tmpdir[256];

static void make_tmpdir(void) {
    snprintf(tmpdir, sizeof tmpdir, "/tmp/ssd_series_test_XXXXXX");
    cr_assert_not_null(mkdtemp(tmpdir));
}

static void remove_tmpdir(void) {
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    cr_expect_eq(system(cmd), 0);
}

TestSuite(series, .init = make_tmpdir, .fini = remove_tmpdir);

static const char *write_tmp(const char *name, const char *text) {
    static char path[400];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* Opens text as a file and expects failure with code and a message holding
 * every needle. */
static void expect_error(const char *text, int code, const char *needle1, const char *needle2) {
    ssd_series *s = NULL;
    const char *path = write_tmp("bad.csv", text);
    int rc = series_open(&s, path);
    cr_expect_eq(rc, code, "rc %d (%s) for [%s]", rc, ssd_series_errmsg(s), text);
    cr_expect_eq(ssd_series_count(s), 0, "a failed open must hold no data");
    const char *msg = ssd_series_errmsg(s);
    cr_expect(strstr(msg, "bad.csv") != NULL, "message names the file: %s", msg);
    if (needle1)
        cr_expect(strstr(msg, needle1) != NULL, "message '%s' lacks '%s'", msg, needle1);
    if (needle2)
        cr_expect(strstr(msg, needle2) != NULL, "message '%s' lacks '%s'", msg, needle2);
    ssd_series_free(s);
}

Test(series, v1_sample_parses_with_metadata_and_optional_columns) {
    ssd_series *s = NULL;
    cr_assert_eq(series_open(&s, DATA("series_v1_cache.csv")), 0, "%s", ssd_series_errmsg(s));
    cr_expect_eq(ssd_series_count(s), 300);
    cr_expect_str_eq(ssd_series_format(s), "ssdcore-series-1");
    cr_expect(strstr(ssd_series_metadata(s), "\"sim:bx200\"") != NULL);
    cr_expect_float_eq(ssd_series_t_s(s)[0], 1.0, 1e-9);
    cr_expect_float_eq(ssd_series_bytes(s)[0], 399525493.0, 0.5);
    const double *p99 = ssd_series_column(s, "lat_p99_us");
    cr_assert_not_null(p99);
    cr_expect_float_eq(p99[0], 984.2, 1e-9);
    cr_expect_null(ssd_series_column(s, "future_col"), "unknown columns are ignored");
    ssd_series_free(s);
}

Test(series, v1_minimal_any_column_order_shorter_last_interval) {
    ssd_series *s = NULL;
    cr_assert_eq(series_open(&s, DATA("series_v1_minimal.csv")), 0, "%s", ssd_series_errmsg(s));
    size_t n = ssd_series_count(s);
    cr_expect_eq(n, 300);
    cr_expect_str_eq(ssd_series_metadata(s), "{}");
    const double *t = ssd_series_t_s(s);
    cr_expect_float_eq(t[n - 1] - t[n - 2], 0.5, 1e-6);
    ssd_series_free(s);
}

Test(series, fio_jobs_are_summed_per_bucket_despite_jitter) {
    ssd_series *one = NULL, *two = NULL;
    cr_assert_eq(series_open(&one, DATA("fio_4col_bw.1.log")), 0, "%s", ssd_series_errmsg(one));
    cr_assert_eq(series_open(&two, DATA("fio_5col_bw.*.log")), 0, "%s", ssd_series_errmsg(two));
    cr_expect_str_eq(ssd_series_format(two), "fio-log");
    cr_assert_eq(ssd_series_count(two), ssd_series_count(one));
    /* Two half-rate jobs add up to the single job, bucket by bucket; the read
     * rows (ddir 0) are left out. */
    for (size_t i = 0; i < ssd_series_count(one); i++) {
        cr_expect_float_eq(ssd_series_t_s(two)[i], (double)(i + 1), 1e-9);
        cr_expect(fabs(ssd_series_bytes(two)[i] - ssd_series_bytes(one)[i]) <= 2048.0,
                  "bucket %zu: %g vs %g", i, ssd_series_bytes(two)[i], ssd_series_bytes(one)[i]);
    }
    ssd_series_free(one);
    ssd_series_free(two);
}

Test(series, fio_read_direction_and_iops_logs) {
    ssd_series *s = NULL;
    const char *paths[] = {DATA("fio_5col_bw.1.log"), DATA("fio_5col_bw.2.log")};
    cr_assert_eq(series_open_opt(&s, paths, 2, "ddir", "read"), 0, "%s", ssd_series_errmsg(s));
    cr_expect_lt(ssd_series_count(s), 100, "only every 10th bucket has reads");
    ssd_series_free(s);
    cr_assert_eq(series_open(&s, DATA("fio_6col_iops.1.log")), 0, "%s", ssd_series_errmsg(s));
    cr_expect_float_eq(ssd_series_bytes(s)[0], 399525493.0, 4096.0);
    ssd_series_free(s);
    cr_expect_eq(series_open_opt(&s, paths, 2, "ddir", "sideways"), SSD_EINVAL);
    ssd_series_free(s);
}

/* A per-I/O log written by fio 3.33 itself (see tests/data/series/README.md):
 * 768 writes of 64 KiB held to 16 MiB/s by fio's rate limit. */
#define PER_IO_RATE (16.0 * 1048576)
#define PER_IO_BYTES (768.0 * 65536)

static double series_sum(const ssd_series *s) {
    double total = 0;
    for (size_t i = 0; i < ssd_series_count(s); i++)
        total += ssd_series_bytes(s)[i];
    return total;
}

Test(series, fio_per_io_log_is_summed_from_io_sizes_into_1s_intervals) {
    ssd_series *bw = NULL, *iops = NULL;
    cr_assert_eq(series_open(&bw, DATA("fio_per_io_bw.1.log")), 0, "%s", ssd_series_errmsg(bw));
    cr_assert_eq(series_open(&iops, DATA("fio_per_io_iops.1.log")), 0, "%s",
                 ssd_series_errmsg(iops));
    cr_expect_str_eq(ssd_series_format(bw), "fio-log-per-io");
    cr_expect(strstr(ssd_series_note(bw), "I/Os summed into 1 s intervals") != NULL, "%s",
              ssd_series_note(bw));
    size_t n = ssd_series_count(bw);
    cr_assert_geq(n, 2);
    /* Whole seconds; every full one holds what the rate limit let through
     * (the values, each I/O's own speed into the page cache, are far
     * higher). The last I/Os are in a dropped sliver or a shorter interval. */
    for (size_t i = 0; i + 1 < n; i++) {
        cr_expect_float_eq(ssd_series_t_s(bw)[i], (double)(i + 1), 1e-9);
        cr_expect(fabs(ssd_series_bytes(bw)[i] / PER_IO_RATE - 1) < 0.1, "second %zu: %g", i,
                  ssd_series_bytes(bw)[i]);
    }
    double total = series_sum(bw);
    cr_expect_leq(total, PER_IO_BYTES);
    cr_expect_geq(total, PER_IO_BYTES - PER_IO_RATE / 2);
    cr_expect_eq(fmod(total, 65536.0), 0.0);
    /* The IOPS log of the same run (value 1 per I/O) gives the same series. */
    cr_assert_eq(ssd_series_count(iops), n);
    for (size_t i = 0; i < n; i++) {
        cr_expect_float_eq(ssd_series_t_s(iops)[i], ssd_series_t_s(bw)[i], 1e-9);
        cr_expect_float_eq(ssd_series_bytes(iops)[i], ssd_series_bytes(bw)[i], 0.5);
    }
    ssd_series_free(bw);
    ssd_series_free(iops);
}

Test(series, fio_per_io_interval_is_the_callers_pick_and_bounded) {
    ssd_series *s = NULL;
    const char *p = DATA("fio_per_io_bw.1.log");
    cr_assert_eq(series_open_opt(&s, &p, 1, "per_io_interval", "0.25"), 0, "%s",
                 ssd_series_errmsg(s));
    size_t n = ssd_series_count(s);
    cr_expect_float_eq(ssd_series_t_s(s)[0], 0.25, 1e-9);
    cr_expect_float_eq(ssd_series_t_s(s)[n - 2], 0.25 * (double)(n - 1), 1e-9);
    cr_expect(strstr(ssd_series_note(s), "0.25 s intervals") != NULL, "%s", ssd_series_note(s));
    cr_expect_geq(series_sum(s), PER_IO_BYTES - PER_IO_RATE / 8);
    ssd_series_free(s);
    static const char *const bad[] = {"0.0005", "-1", "1000000", "nan", "inf"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = series_open_opt(&s, &p, 1, "per_io_interval", bad[i]);
        cr_expect(rc == SSD_ERANGE || rc == SSD_EINVAL, "%s: %d", bad[i], rc);
        cr_expect(strstr(ssd_series_errmsg(s), "per_io_interval") != NULL, "%s",
                  ssd_series_errmsg(s));
        ssd_series_free(s);
    }
}

Test(series, fio_per_io_rows_exact_sums_stalls_and_job_ends) {
    /* Two jobs of 4 KiB I/Os (rows far apart, but their values, read as
     * averages, add up to less than their I/Os: per-I/O rows). Job 2 ends
     * at 2600 ms, so the run ends there (job 1's later I/Os are dropped);
     * 1000-2000 ms has no completion: a stall, 0 bytes; the last interval
     * (2000, 2600] is kept at its length. */
    char j1[400], j2[400];
    snprintf(j1, sizeof j1, "%s",
             write_tmp("pio_bw.1.log", "0, 1, 1, 4096, 0\n"
                                       "400, 1, 1, 4096, 8192\n"
                                       "1000, 1, 1, 4096, 0\n"
                                       "2100, 1, 1, 8192, 0\n"
                                       "2900, 1, 1, 4096, 0\n"));
    snprintf(j2, sizeof j2, "%s",
             write_tmp("pio_bw.2.log", "5, 1, 1, 4096, 0\n"
                                       "5, 1, 0, 4096, 0\n"
                                       "999, 1, 1, 4096, 0\n"
                                       "2600, 1, 1, 4096, 0\n"));
    const char *paths[] = {j1, j2};
    ssd_series *s = NULL;
    cr_assert_eq(series_open_opt(&s, paths, 2, NULL, NULL), 0, "%s", ssd_series_errmsg(s));
    cr_expect_str_eq(ssd_series_format(s), "fio-log-per-io");
    cr_assert_eq(ssd_series_count(s), 3);
    const double want_t[] = {1.0, 2.0, 2.6}, want_b[] = {5 * 4096.0, 0, 3 * 4096.0};
    for (size_t i = 0; i < 3; i++) {
        cr_expect_float_eq(ssd_series_t_s(s)[i], want_t[i], 1e-9);
        cr_expect_float_eq(ssd_series_bytes(s)[i], want_b[i], 1e-9, "interval %zu", i);
    }
    cr_expect_str_eq(ssd_series_note(s), "fio per-I/O logs: 7 I/Os summed into 1 s intervals");
    ssd_series_free(s);
    /* A last interval shorter than half is dropped, with its I/Os. */
    const char *text = "10, 1, 1, 4096, 0\n1500, 1, 1, 4096, 0\n2200, 1, 1, 4096, 0\n";
    cr_assert_eq(ssd_series_parse(&s, "mem", text, strlen(text)), 0, "%s", ssd_series_errmsg(s));
    cr_assert_eq(ssd_series_count(s), 2);
    cr_expect_float_eq(ssd_series_t_s(s)[1], 2.0, 1e-9);
    cr_expect_float_eq(series_sum(s), 2 * 4096.0, 1e-9);
    ssd_series_free(s);
}

Test(series, fio_per_io_and_averaged_logs_do_not_combine) {
    const char *paths[] = {DATA("fio_per_io_bw.1.log"), DATA("fio_5col_bw.1.log")};
    ssd_series *s = NULL;
    cr_expect_eq(series_open_opt(&s, paths, 2, NULL, NULL), SSD_EFORMAT);
    cr_expect(strstr(ssd_series_errmsg(s), "fio_per_io_bw.1.log is a per-I/O log") != NULL, "%s",
              ssd_series_errmsg(s));
    cr_expect(strstr(ssd_series_errmsg(s), "fio_5col_bw.1.log an averaged") != NULL, "%s",
              ssd_series_errmsg(s));
    cr_expect_eq(ssd_series_count(s), 0);
    ssd_series_free(s);
    /* fio 2.x wrote bs into its averaged rows too: still averages. */
    cr_assert_eq(series_open(&s, DATA("fio_4col_bw.1.log")), 0, "%s", ssd_series_errmsg(s));
    cr_expect_str_eq(ssd_series_format(s), "fio-log");
    cr_expect_str_eq(ssd_series_note(s), "");
    ssd_series_free(s);
}

Test(series, bytes_sampled_csv_derives_time) {
    ssd_series *s = NULL;
    cr_assert_eq(series_open(&s, DATA("bytes_sampled.csv")), 0, "%s", ssd_series_errmsg(s));
    cr_expect_str_eq(ssd_series_format(s), "bytes-csv");
    cr_expect_eq(ssd_series_count(s), 40);
    cr_expect_float_eq(ssd_series_t_s(s)[0], 268435456.0 / (381.470 * 1048576.0), 1e-9);
    ssd_series_free(s);
}

Test(series, real_fio_run_from_shared_datasets) {
    const char *p = datasets_path("/nvmebenchmarks/custom/zns-a/long3/log_32_1115_bw.*.log");
    ssd_series *s = NULL;
    int rc = series_open(&s, p);
    cr_assert_eq(rc, 0, "%s", ssd_series_errmsg(s));
    /* 20 minutes logged once a second, 4 write jobs (the 5th only reads). */
    cr_expect_geq(ssd_series_count(s), 1190);
    cr_expect_leq(ssd_series_count(s), 1201);
    double total = 0;
    for (size_t i = 0; i < ssd_series_count(s); i++)
        total += ssd_series_bytes(s)[i];
    /* 4 jobs each rate-limited to 1115 MiB/s: the sum cannot exceed that. */
    cr_expect_lt(total / ssd_series_t_s(s)[ssd_series_count(s) - 1], 4 * 1115.0 * 1048576);
    cr_expect_gt(total, 1e11);
    ssd_series_free(s);
}

Test(series, bad_input_names_file_line_and_field) {
    expect_error("", SSD_ENODATA, "empty", NULL);
    expect_error("# ssdcore-series 1\nt_s,bytes\n", SSD_ENODATA, ":2", "header only");
    expect_error("# ssdcore-series 1\nt_s,bytes\n1,100\n2,100\n1.5,100\n", SSD_EFORMAT, ":5",
                 "t_s");
    expect_error("# ssdcore-series 1\nt_s,bytes\n1,100\n2,-5\n", SSD_EFORMAT, ":4", "bytes");
    expect_error("# ssdcore-series 1\nt_s,bytes\n1,100\n2,nan\n", SSD_EFORMAT, ":4", "bytes");
    expect_error("# ssdcore-series 1\nt_s,bytes\n1,100\nNaN,5\n", SSD_EFORMAT, ":4", "t_s");
    expect_error("# ssdcore-series 1\nt_s,ops\n1,100\n", SSD_EFORMAT, "bytes", "missing");
    expect_error("# ssdcore-series 2\nt_s,bytes\n1,100\n", SSD_EUNSUPPORTED, ":1", "version 2");
    expect_error("hello world\x01\x02 garbage\n", SSD_EFORMAT, ":1", "not a recognised");
    expect_error("1000, 5, 1, 0\n900, 5, 1, 0\n", SSD_EFORMAT, ":2", "not monotonic");
    expect_error("1000, 5, 1, 0\n2000, -5, 1, 0\n", SSD_EFORMAT, ":2", "value");
    expect_error("1000, 5, 0, 0\n2000, 5, 0, 0\n", SSD_ENODATA, "no write rows", NULL);
    expect_error("{\"fio version\": \"fio-3.32\"}\n", SSD_EFORMAT, "summary", NULL);
}

/* A live series log (it begins with the magic line) whose last line a
 * kill cut short: the row is dropped, the rows before it kept, and the
 * note says so. One write(2) per row is cut between page-cache folios by
 * SIGKILL, so a killed run's log can end so; refusing it lost the run. */
Test(series, live_log_cut_by_a_kill_keeps_its_whole_rows) {
    ssd_series *s = NULL;
    const char *path = write_tmp("torn.csv", "# ssdcore-series 1\nt_s,bytes,ops\n1,100,5\n2,10");
    cr_assert_eq(series_open(&s, path), 0, "%s", ssd_series_errmsg(s));
    cr_expect_eq(ssd_series_count(s), 1);
    cr_expect_eq(ssd_series_bytes(s)[0], 100);
    cr_expect(strstr(ssd_series_note(s),
                     "torn.csv:4: last line cut short (2 of 3 fields, no newline: a run killed "
                     "while writing it); dropped") != NULL,
              "%s", ssd_series_note(s));
    ssd_series_free(s);
    /* Cut inside its last field, the row has every field and parses: the
     * missing newline alone says it was cut ("2,10,5" of "2,10,57"). */
    s = NULL;
    path = write_tmp("torn_last.csv", "# ssdcore-series 1\nt_s,bytes,ops\n1,100,5\n2,10,5");
    cr_assert_eq(series_open(&s, path), 0, "%s", ssd_series_errmsg(s));
    cr_expect_eq(ssd_series_count(s), 1);
    cr_expect(strstr(ssd_series_note(s),
                     "torn_last.csv:4: last line cut short (3 of 3 fields, "
                     "no newline: a run killed while writing it); dropped") != NULL,
              "%s", ssd_series_note(s));
    ssd_series_free(s);
    /* Whole rows only: a cut line is the file's end, not a row to skip. */
    expect_error("# ssdcore-series 1\nt_s,bytes,ops\n2,10", SSD_ENODATA, ":3", "no data rows");
    /* The magic line not first: not a log written row by row. */
    expect_error("# comment\n# ssdcore-series 1\nt_s,bytes,ops\n1,100,5\n2,10", SSD_EFORMAT, ":5",
                 "truncated last line (2 of 3 fields)");
    expect_error("t_s,bytes,ops\n1,100,5\n2,10", SSD_EFORMAT, ":3",
                 "truncated last line (2 of 3 fields)");
    /* ... and there a whole last line without its newline is read as before. */
    ssd_series *plain = NULL;
    path = write_tmp("plain.csv", "t_s,bytes,ops\n1,100,5\n2,10,5");
    cr_assert_eq(series_open(&plain, path), 0, "%s", ssd_series_errmsg(plain));
    cr_expect_eq(ssd_series_count(plain), 2);
    cr_expect_str_eq(ssd_series_note(plain), "");
    ssd_series_free(plain);
    /* A short line ending in a newline is still an error. */
    expect_error("# ssdcore-series 1\nt_s,bytes,ops\n1,100,5\n2\n", SSD_EFORMAT, ":4",
                 "1 fields, need at least 2");
}

/* A checked-in series cut at a 4 KiB file offset, where a kill cuts a
 * write: read whole and through windows of every size, the rows before
 * the cut are the file's first rows and the note names the line. */
Test(series, live_log_cut_at_a_page_boundary_reads_alike_in_windows) {
    ssd_series *full = NULL;
    cr_assert_eq(series_open(&full, DATA("series_v1_cache.csv")), 0);
    FILE *in = fopen(DATA("series_v1_cache.csv"), "rb");
    cr_assert_not_null(in);
    static char head[4097];
    size_t got = fread(head, 1, 4096, in);
    fclose(in);
    cr_assert_eq(got, 4096);
    cr_assert_neq(head[4095], '\n', "the cut must fall inside a row");
    head[4096] = '\0';
    const char *path = write_tmp("cut.csv", head);
    static const size_t windows[] = {0, 24, 97, 1000, 4095, 4096, 8192};
    for (size_t w = 0; w < sizeof windows / sizeof windows[0]; w++) {
        ssd_series *s = NULL;
        cr_assert_eq(ssd__series_open_windowed(&s, path, windows[w]), 0, "window %zu: %s",
                     windows[w], ssd_series_errmsg(s));
        size_t n = ssd_series_count(s);
        cr_expect_eq(n, 63, "window %zu: %zu rows", windows[w], n);
        cr_expect(n <= ssd_series_count(full) &&
                  !memcmp(ssd_series_t_s(s), ssd_series_t_s(full), n * sizeof(double)) &&
                  !memcmp(ssd_series_bytes(s), ssd_series_bytes(full), n * sizeof(double)));
        cr_expect(strstr(ssd_series_note(s), "cut.csv:67: last line cut short (4 of 9 fields") !=
                      NULL,
                  "window %zu: %s", windows[w], ssd_series_note(s));
        ssd_series_free(s);
    }
    ssd_series_free(full);
}

Test(series, both_csv_readers_refuse_short_rows_and_non_numbers_alike) {
    expect_error("# ssdcore-series 1\nt_s,bytes,ops\n1,100,5\n2\n", SSD_EFORMAT, ":4",
                 "1 fields, need at least 2");
    expect_error("pos_bytes,mib_s,note\n1048576,100,a\n2097152\n3145728,100,c\n", SSD_EFORMAT, ":3",
                 "1 fields, need at least 2");
    expect_error("pos_bytes,mib_s,note\n1048576,100,a\n2097152,100", SSD_EFORMAT, ":3",
                 "truncated last line (2 of 3 fields)");
    expect_error("pos_bytes,mib_s\n1048576,fast\n", SSD_EFORMAT, ":2",
                 "rate: 'fast' is not a finite number");
    expect_error("pos_bytes,mib_s\nlots,100\n", SSD_EFORMAT, ":2",
                 "pos_bytes: 'lots' is not a finite number");
}

Test(series, bytes_sampled_csv_with_two_rate_columns_is_ambiguous) {
    /* Both used to be accepted and mb_s silently won over mib_s. */
    expect_error("# comment\npos_bytes,mib_s,mb_s\n268435456,381.47,400\n", SSD_EFORMAT, ":2",
                 "mib_s and mb_s");
    expect_error("pos_bytes,bps,mib_s\n268435456,4e8,381.47\n", SSD_EFORMAT, ":1", "bps and mib_s");
}

Test(series, nul_bytes_are_refused) {
    char path[400];
    snprintf(path, sizeof path, "%s/nul.csv", tmpdir);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    fwrite("t_s,bytes\n1,2\0\n", 1, 15, f);
    fclose(f);
    ssd_series *s = NULL;
    cr_expect_eq(series_open(&s, path), SSD_EFORMAT);
    cr_expect(strstr(ssd_series_errmsg(s), "NUL") != NULL);
    ssd_series_free(s);
}

/* A regular file is read into a buffer of its size: one that was just
 * full was doubled before the read that finds the end of the file, so
 * every read of a 19 MB series reallocated 38 MB (past the allocator's
 * mmap threshold: unmapped and faulted in again on every call). */
Test(series, whole_file_is_read_into_a_buffer_of_its_size) {
    char path[400];
    snprintf(path, sizeof path, "%s/big.csv", tmpdir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs("t_s,bytes\n", f);
    for (int i = 1; i <= 40000; i++)
        fprintf(f, "%d,%d\n", i, 1000 + i);
    cr_assert_eq(fclose(f), 0);
    char *buf = NULL, err[SSD__ERRMSG_SIZE];
    size_t len = 0, lines = 0;
    cr_assert_eq(ssd__load_text(path, 1u << 30, &buf, &len, &lines, err), 0, "%s", err);
    cr_expect_gt(len, 400000);
    cr_expect_eq(lines, 40002);
    cr_expect_eq(buf[len], '\0');
#ifdef __GLIBC__
    size_t usable = malloc_usable_size(buf);
    cr_expect_lt(usable, len + len / 2, "a %zu-byte file in a %zu-byte buffer", len, usable);
#endif
    free(buf);
}

/* The arrays are reserved for the lines counted, not rounded up to a
 * power of two (which populated up to twice the pages the rows fill). */
Test(series, arrays_are_reserved_for_the_lines_counted) {
    char path[400];
    snprintf(path, sizeof path, "%s/rows.csv", tmpdir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs("t_s,bytes\n", f);
    for (int i = 1; i <= 1500; i++)
        fprintf(f, "%d,%d\n", i, 1000 + i);
    cr_assert_eq(fclose(f), 0);
    ssd_series *s = NULL;
    cr_assert_eq(series_open(&s, path), 0, "%s", ssd_series_errmsg(s));
    cr_expect_eq(ssd_series_count(s), 1500);
    cr_expect_leq(s->cap, 1502, "1,500 rows in arrays of %zu", s->cap);
    ssd_series_free(s);
}

/* The file is read and scanned in chunks: a NUL past the first one is
 * still named by its offset in the file, and one at a chunk's first byte
 * too. */
Test(series, nul_byte_far_into_a_file_is_named_by_its_offset) {
    static const size_t at[] = {300001, 262144, 524288 + 7};
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
        char path[400];
        snprintf(path, sizeof path, "%s/late_nul.csv", tmpdir);
        FILE *f = fopen(path, "wb");
        cr_assert_not_null(f);
        size_t n = fprintf(f, "t_s,bytes\n");
        for (int i = 1; n < at[k]; i++)
            n += (size_t)fprintf(f, "%d,%d\n", i, 1000 + i);
        cr_assert_eq(fseek(f, (long)at[k], SEEK_SET), 0);
        fputc('\0', f);
        cr_assert_eq(fclose(f), 0);
        ssd_series *s = NULL;
        cr_expect_eq(series_open(&s, path), SSD_EFORMAT);
        char want[64];
        snprintf(want, sizeof want, ": byte %zu: NUL byte", at[k]);
        cr_expect(strstr(ssd_series_errmsg(s), want) != NULL, "'%s' lacks '%s'",
                  ssd_series_errmsg(s), want);
        ssd_series_free(s);
    }
}

Test(series, two_gigabyte_file_is_refused_before_reading) {
    /* Sparse: costs no disk and no time. */
    char path[400];
    snprintf(path, sizeof path, "%s/huge.log", tmpdir);
    int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0600);
    cr_assert_geq(fd, 0);
    cr_assert_eq(ftruncate(fd, 2LL << 30), 0);
    close(fd);
    ssd_series *s = NULL;
    cr_expect_eq(series_open(&s, path), SSD_ERANGE);
    cr_expect(strstr(ssd_series_errmsg(s), "huge.log") != NULL, "%s", ssd_series_errmsg(s));
    ssd_series_free(s);
    /* A limit below the file's size also guards pipes and small limits. */
    const char *small = write_tmp("small.csv", "t_s,bytes\n1,100\n2,100\n3,100\n");
    cr_expect_eq(series_open_opt(&s, &small, 1, "max_file_bytes", "10"), SSD_ERANGE);
    ssd_series_free(s);
}

Test(series, missing_file_and_unmatched_glob) {
    ssd_series *s = NULL;
    cr_expect_eq(series_open(&s, "/nonexistent/x.csv"), -ENOENT);
    cr_expect(strstr(ssd_series_errmsg(s), "/nonexistent/x.csv") != NULL);
    ssd_series_free(s);
    cr_expect_eq(series_open(&s, "/nonexistent/*.log"), -ENOENT);
    ssd_series_free(s);
    ssd_series_free(NULL);
}

Test(series, arrays_are_validated) {
    ssd_series *s = NULL;
    double t[] = {1, 2, 2}, b[] = {1, 2, 3};
    cr_expect_eq(ssd_series_from_arrays(&s, t, b, 3), SSD_EINVAL);
    cr_expect(strstr(ssd_series_errmsg(s), "t_s[2]") != NULL);
    ssd_series_free(s);
    double t2[] = {1, 2, 3}, b2[] = {1, NAN, 3};
    cr_expect_eq(ssd_series_from_arrays(&s, t2, b2, 3), SSD_EINVAL);
    cr_expect(strstr(ssd_series_errmsg(s), "bytes[1]") != NULL);
    ssd_series_free(s);
    cr_expect_eq(ssd_series_from_arrays(&s, t2, b, 3), 0);
    double lat[] = {5, 6, 7};
    cr_expect_eq(ssd_series_set_column(s, "lat_p99_us", lat), 0);
    cr_expect_float_eq(ssd_series_column(s, "lat_p99_us")[2], 7.0, 1e-12);
    cr_expect_str_eq(ssd_series_column_name(s, 0), "lat_p99_us");
    cr_expect_null(ssd_series_column_name(s, 1));
    ssd_series_free(s);
}

Test(series, parse_from_memory) {
    const char text[] = "# ssdcore-series 1\nt_s,bytes\n1,100\n2,200\n3,300\n";
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_parse(&s, "mem", text, sizeof text - 1), 0, "%s", ssd_series_errmsg(s));
    cr_expect_eq(ssd_series_count(s), 3);
    ssd_series_free(s);
}

/* The columns option keeps what it is asked for and nothing else (the
 * others are not parsed), and t_s and bytes whatever the list. */
Test(series, open_columns_keeps_only_the_named_optional_columns) {
    const char *path = write_tmp("cols.csv", "t_s,bytes,ops,lat_mean_us,lat_p99_us,x\n"
                                             "1,100,10,5.5,9.5,q\n"
                                             "2,200,20,6.5,10.5,q\n");
    const char *paths[1] = {path};
    struct {
        const char *list;
        const char *kept[4];
    } cases[] = {{NULL, {"ops", "lat_mean_us", "lat_p99_us", NULL}},
                 {"none", {NULL}},
                 {"lat_*", {"lat_mean_us", "lat_p99_us", NULL}},
                 {"lat_p99_us,ops", {"ops", "lat_p99_us", NULL}},
                 {"lat_p99_us,absent,x", {"lat_p99_us", NULL}},
                 {"lat_p99", {NULL}},
                 {"*", {"ops", "lat_mean_us", "lat_p99_us", NULL}}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        ssd_series *s = NULL;
        cr_assert_eq(series_open_opt(&s, paths, 1, cases[c].list ? "columns" : NULL, cases[c].list),
                     0, "%s", ssd_series_errmsg(s));
        cr_assert_eq(ssd_series_count(s), 2);
        cr_expect_eq(ssd_series_t_s(s)[1], 2.0);
        cr_expect_eq(ssd_series_bytes(s)[1], 200.0);
        size_t i = 0;
        for (; cases[c].kept[i]; i++) {
            cr_assert_str_eq(ssd_series_column_name(s, i), cases[c].kept[i], "list '%s'",
                             cases[c].list ? cases[c].list : "NULL");
            cr_expect_eq(ssd_series_column(s, cases[c].kept[i])[1],
                         !strcmp(cases[c].kept[i], "ops")           ? 20.0
                         : !strcmp(cases[c].kept[i], "lat_mean_us") ? 6.5
                                                                    : 10.5);
        }
        cr_expect_null(ssd_series_column_name(s, i), "list '%s' kept more",
                       cases[c].list ? cases[c].list : "NULL");
        ssd_series_free(s);
    }
}

/* A read-only job's log read for writes is refused with the reason, though
 * the reader stops summing "bytes" once the write column is nonzero. */
Test(series, write_column_all_zero_in_a_read_job_is_named) {
    const char *path = write_tmp("readjob.csv", "t_s,bytes,read_bytes,write_bytes\n"
                                                "1,100,100,0\n"
                                                "2,100,100,0\n"
                                                "3,100,100,0\n");
    ssd_series *s = NULL;
    cr_assert_eq(series_open(&s, path), SSD_ENODATA);
    cr_expect(strstr(ssd_series_errmsg(s), "write_bytes is 0 in all 3 rows (a read-only job): use "
                                           "ddir read or any") != NULL,
              "%s", ssd_series_errmsg(s));
    ssd_series_free(s);
    path = write_tmp("mixed.csv", "t_s,bytes,read_bytes,write_bytes\n"
                                  "1,100,100,0\n"
                                  "2,150,100,50\n"
                                  "3,100,100,0\n");
    cr_assert_eq(series_open(&s, path), 0, "%s", ssd_series_errmsg(s));
    cr_expect_eq(ssd_series_bytes(s)[1], 50.0);
    ssd_series_free(s);
}

/* The logging interval is the median spacing of a log's rows, the upper
 * one of an even count (spacings 1, 1, 2, 2 s: 2 s), found by selection. */
Test(series, fio_interval_is_the_median_row_spacing) {
    const char *path = write_tmp("median_bw.1.log", "1000, 1000, 1, 0, 0\n"
                                                    "2000, 1000, 1, 0, 0\n"
                                                    "3000, 1000, 1, 0, 0\n"
                                                    "5000, 1000, 1, 0, 0\n"
                                                    "7000, 1000, 1, 0, 0\n");
    ssd_series *s = NULL;
    cr_assert_eq(series_open(&s, path), 0, "%s", ssd_series_errmsg(s));
    cr_expect_eq(ssd_series_count(s), 4);
    cr_expect_eq(ssd_series_t_s(s)[0], 2.0);
    ssd_series_free(s);
}

/* The series CSV reader takes plain rows (unpadded decimals ending in a
 * newline) by a fast path and every other row by the general one: the same
 * file with each field padded with a blank (general path, trimmed) gives
 * the same doubles, bit for bit, as strtod gives, and the same NaNs where a
 * kept column is missing or not a number. */
Test(series, plain_and_padded_rows_read_the_same_doubles) {
    static const char *const bytes_fmt[] = {"%.0f",   "%.3f",  "%.17g", "%.0f.",
                                            "00%.0f", "%.20f", "%.1e"};
    size_t cap = 1 << 20;
    char *plain = malloc(cap), *padded = malloc(cap);
    cr_assert(plain && padded);
    size_t lp = 0, lq = 0;
    lp += (size_t)snprintf(plain + lp, cap - lp, "# ssdcore-series 1\nt_s,bytes,lat_mean_us,x\n");
    lq += (size_t)snprintf(padded + lq, cap - lq, "# ssdcore-series 1\nt_s,bytes,lat_mean_us,x\n");
    uint64_t st = 0x2545F4914F6CDD1DULL;
    enum { ROWS = 3000 };
    for (int i = 0; i < ROWS; i++) {
        st ^= st << 13, st ^= st >> 7, st ^= st << 17;
        double u = (double)(st >> 11) / 9007199254740992.0;
        char t[64], b[80], lat[64];
        /* times in [i + 1, i + 1.5): strictly increasing in every format */
        switch (i % 4) {
        case 0:
            snprintf(t, sizeof t, "%.6f", i + 1 + u / 2);
            break;
        case 1:
            snprintf(t, sizeof t, "%.17g", i + 1 + u / 2);
            break;
        case 2:
            snprintf(t, sizeof t, "%d", i + 1);
            break;
        default:
            snprintf(t, sizeof t, "%d.%018d", i + 1, (int)(u * 4e8));
            break;
        }
        snprintf(b, sizeof b, bytes_fmt[i % 7], floor(u * 1e9));
        switch (i % 5) {
        case 0:
            snprintf(lat, sizeof lat, ",%.3f,q", u * 1e4);
            break;
        case 1:
            snprintf(lat, sizeof lat, ",abc,q");
            break;
        case 2:
            snprintf(lat, sizeof lat, "%s", ""); /* short row: no latency */
            break;
        case 3:
            snprintf(lat, sizeof lat, ",.5");
            break;
        default:
            snprintf(lat, sizeof lat, ",%.0f,,", u * 1e6);
            break;
        }
        const char *eol = i % 11 == 10 ? "\r\n" : "\n";
        lp += (size_t)snprintf(plain + lp, cap - lp, "%s,%s%s%s", t, b, lat, eol);
        char lat2[70] = "";
        if (lat[0]) {
            char *rest = strchr(lat + 1, ',');
            int len = rest ? (int)(rest - lat - 1) : (int)strlen(lat + 1);
            snprintf(lat2, sizeof lat2, ", %.*s%s", len, lat + 1, rest ? rest : "");
        }
        lq += (size_t)snprintf(padded + lq, cap - lq, " %s, %s%s%s", t, b, lat2, eol);
        if (i == ROWS / 2) { /* a comment and a blank line mid-file */
            lp += (size_t)snprintf(plain + lp, cap - lp, "# note\n\n");
            lq += (size_t)snprintf(padded + lq, cap - lq, "# note\n\n");
        }
    }
    cr_assert_lt(lp, cap);
    cr_assert_lt(lq, cap);
    ssd_series *a = NULL, *g = NULL;
    cr_assert_eq(ssd_series_parse(&a, "plain", plain, lp), 0, "%s", ssd_series_errmsg(a));
    cr_assert_eq(ssd_series_parse(&g, "padded", padded, lq), 0, "%s", ssd_series_errmsg(g));
    cr_assert_eq(ssd_series_count(a), ROWS);
    cr_assert_eq(ssd_series_count(g), ROWS);
    const double *ta = ssd_series_t_s(a), *tg = ssd_series_t_s(g);
    const double *ba = ssd_series_bytes(a), *bg = ssd_series_bytes(g);
    const double *la = ssd_series_column(a, "lat_mean_us"),
                 *lg = ssd_series_column(g, "lat_mean_us");
    cr_assert(la && lg);
    /* strtod's doubles, from the plain text itself */
    char *line = plain;
    for (int skip = 0; skip < 2; skip++)
        line = strchr(line, '\n') + 1;
    for (int i = 0; i < ROWS; i++) {
        if (*line == '#')
            line = strchr(line, '\n') + 2;
        char *end;
        double t = strtod(line, &end), b = strtod(end + 1, &end);
        cr_expect(memcmp(&ta[i], &t, sizeof t) == 0, "row %d: t %.17g, strtod %.17g", i, ta[i], t);
        cr_expect(memcmp(&ba[i], &b, sizeof b) == 0, "row %d: bytes %.17g, strtod %.17g", i, ba[i],
                  b);
        cr_expect(memcmp(&ta[i], &tg[i], sizeof t) == 0, "row %d: t", i);
        cr_expect(memcmp(&ba[i], &bg[i], sizeof b) == 0, "row %d: bytes", i);
        cr_expect(isnan(la[i]) == isnan(lg[i]) && (isnan(la[i]) || la[i] == lg[i]),
                  "row %d: latency %g against %g", i, la[i], lg[i]);
        cr_expect_eq(isnan(la[i]), i % 5 == 1 || i % 5 == 2, "row %d: latency %g", i, la[i]);
        line = strchr(line, '\n') + 1;
    }
    ssd_series_free(a);
    ssd_series_free(g);
    free(plain);
    free(padded);
}

/* Errors after plain rows still name their line. */
Test(series, errors_after_plain_rows_name_their_line) {
    expect_error("# ssdcore-series 1\nt_s,bytes\n1,100\n2,100\n3,100\n4,1e400\n", SSD_EFORMAT, ":6",
                 "bytes: '1e400'");
    expect_error("# ssdcore-series 1\nt_s,bytes\n1,100\n2,100\n\n# c\n3,100\n2.5,100\n",
                 SSD_EFORMAT, ":8", "2.5 after 3");
    expect_error("t_s,bytes,ops\n1,100,1\n2,100,1\n3\n", SSD_EFORMAT, ":4",
                 "1 fields, need at least 2");
}

/* The rate limit (SSD__SERIES_MAX_BPS, 1e14 bytes/s) holds at its edge
 * whatever the row loop's quick test does: a rate at the limit and rates
 * near it below are read, one a hair above is refused naming its line. */
Test(series, rate_limit_exact_at_its_edge) {
    static const struct {
        const char *row;
        int ok;
    } rows[] = {
        {"0.5,50000000000000\n", 1},  /* 1e14 exactly */
        {"0.5,30000000000000\n", 1},  /* 6e13: above half the limit */
        {"0.25,25000000000000\n", 1}, /* 1e14 again, another dt */
        {"0.5,50000000000001\n", 0},  /* a hair above */
        {"0.001,100000000001\n", 0},  /* 1.00000000001e14 */
        {"0.000001,100000000\n", 1},  /* 1e14 in a microsecond */
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char text[128];
        snprintf(text, sizeof text, "t_s,bytes\n%s", rows[i].row);
        ssd_series *s = NULL;
        int rc = ssd_series_parse(&s, "edge", text, strlen(text));
        if (rows[i].ok) {
            cr_assert_eq(rc, 0, "%s: %s", rows[i].row, ssd_series_errmsg(s));
        } else {
            cr_assert_eq(rc, SSD_ERANGE, "%s", rows[i].row);
            cr_assert(strstr(ssd_series_errmsg(s), "edge:2: bytes:") != NULL, "%s",
                      ssd_series_errmsg(s));
        }
        ssd_series_free(s);
    }
}

/* A file read a window at a time gives what it gives read whole: the same
 * code, message, rows (bit for bit), columns and metadata, wherever the
 * windows end (in a number, between CR and LF, in a comment, in a line
 * longer than the window), errors named by the same file:line. */
Test(series, read_in_windows_equals_read_whole) {
    static const char *const texts[] = {
        /* optional columns, metadata, comments and blank lines among rows */
        "# ssdcore-series 1\n# {\"capacity_bytes\": 1000000000}\n"
        "t_s,bytes,lat_p99_us,temp_c\n1,100,5.5,40\n2,200,6.25,41\n\n# note\n3,300,,42\n"
        "4,400,7,43\n5,500,8,44\n6,600,9,45\n7,700,1e1,46\n8,800,11,47\n9,900,12,48\n",
        /* CR-LF, padding and quotes: the general row path */
        "t_s,bytes\r\n1,100\r\n2, 200\r\n\"3\",300\r\n4,400\r\n5,500 \r\n6,600\r\n7,700\r\n",
        /* a line longer than any window here */
        "t_s,bytes,lat_p50_us\n1,100,1\n2,200,"
        "1.00000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "00000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "00000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "0000000000000000000000000000001\n3,300,2\n4,400,3\n",
        /* errors late in the file, named by their line */
        "t_s,bytes\n1,1\n2,2\n3,3\n4,4\n5,5\n6,6\n7,7\n8,8\n9,9\n10,x10\n11,11\n",
        "t_s,bytes\n1,1\n2,2\n3,3\n4,4\n5,5\n6,6\n7,7\n8,8\n9,9\n10,10\n9.5,11\n",
        "t_s,bytes\n1,1\n2,2\n3,3\n4,4\n5,5\n6,6\n7,7\n8,8\n9,9\n10,10\n11,-11\n",
        "t_s,bytes,temp_c\n1,1,1\n2,2,2\n3,3,3\n4,4,4\n5,5,5\n6,6,6\n7,7,7\n8,8",
        "t_s,bytes\n1,1\n2,2\n3,3\n4,4\n5,5\n6,6\n7,7\n8,8\n9,9\n10,10\n11,11",
        /* a live log's last row cut by a kill: dropped, with a note */
        "# ssdcore-series 1\nt_s,bytes,temp_c\n1,1,1\n2,2,2\n3,3,3\n4,4,4\n5,5,5\n6,6,6\n"
        "7,7,7\n8,8",
        /* a read-only job's write column: the message counts every row */
        "t_s,bytes,read_bytes,write_bytes\n1,5,5,0\n2,5,5,0\n3,5,5,0\n4,5,5,0\n5,5,5,0\n"
        "6,5,5,0\n7,5,5,0\n8,5,5,0\n",
        "t_s,bytes,read_bytes,write_bytes\n1,5,5,0\n2,5,5,0\n3,5,5,0\n4,5,5,0\n5,5,0,5\n"
        "6,5,5,0\n7,5,5,0\n8,5,5,0\n",
        /* a blank line ends the data; comments only after the header */
        "t_s,bytes\n1,1\n2,2\n3,3\n4,4\n5,5\n\n",
        "# a comment\n# another comment, long enough to pass a small window's end\nt_s,bytes\n"
        "# only comments follow\n# and more of them\n",
        /* other formats larger than the window: read whole after it */
        "pos_bytes,bps\n1000,1e6\n2000,1e6\n3000,2e6\n4000,2e6\n5000,1e6\n6000,1e6\n"
        "7000,1e6\n8000,1e6\n9000,1e6\n10000,1e6\n",
        "1000, 1024, 1, 131072\n2000, 1024, 1, 131072\n3000, 2048, 1, 131072\n"
        "4000, 2048, 1, 131072\n5000, 1024, 1, 131072\n6000, 1024, 1, 131072\n",
    };
    static const size_t windows[] = {24, 25, 31, 40, 64, 97, 128};
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        char name[32];
        snprintf(name, sizeof name, "w%zu.csv", k);
        const char *path = write_tmp(name, texts[k]);
        ssd_series *whole = NULL;
        int want = ssd__series_open_windowed(&whole, path, 0);
        for (size_t w = 0; w < sizeof windows / sizeof windows[0]; w++) {
            ssd_series *s = NULL;
            int rc = ssd__series_open_windowed(&s, path, windows[w]);
            cr_expect_eq(rc, want, "text %zu, window %zu: %d (%s), whole: %d (%s)", k, windows[w],
                         rc, ssd_series_errmsg(s), want, ssd_series_errmsg(whole));
            cr_expect_str_eq(ssd_series_errmsg(s), ssd_series_errmsg(whole), "text %zu, window %zu",
                             k, windows[w]);
            size_t n = ssd_series_count(s);
            cr_expect_eq(n, ssd_series_count(whole), "text %zu, window %zu", k, windows[w]);
            if (n == ssd_series_count(whole) && n) {
                cr_expect(!memcmp(ssd_series_t_s(s), ssd_series_t_s(whole), n * sizeof(double)));
                cr_expect(
                    !memcmp(ssd_series_bytes(s), ssd_series_bytes(whole), n * sizeof(double)));
                const char *col;
                size_t c = 0;
                for (; (col = ssd_series_column_name(whole, c)) != NULL; c++) {
                    const double *v = ssd_series_column(s, col);
                    cr_expect(v && !memcmp(v, ssd_series_column(whole, col), n * sizeof(double)),
                              "text %zu, window %zu, column %s", k, windows[w], col);
                }
                cr_expect_null(ssd_series_column_name(s, c));
                const char *m = ssd_series_metadata(s), *mw = ssd_series_metadata(whole);
                cr_expect((!m && !mw) || (m && mw && !strcmp(m, mw)), "text %zu", k);
                cr_expect_str_eq(ssd_series_format(s), ssd_series_format(whole));
                cr_expect_str_eq(ssd_series_note(s), ssd_series_note(whole), "text %zu", k);
            }
            ssd_series_free(s);
        }
        ssd_series_free(whole);
    }
}

/* A large file is read through one window (a few pages), not a buffer of
 * its size; its rows are all there. */
Test(series, large_file_is_read_through_a_window) {
    char path[400];
    snprintf(path, sizeof path, "%s/window.csv", tmpdir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs("# ssdcore-series 1\nt_s,bytes\n", f);
    for (int i = 1; i <= 50000; i++)
        fprintf(f, "%d.%06d,%d\n", i, i % 999999, 1000 + i);
    cr_assert_eq(fclose(f), 0);
    struct ssd__text_stream ts;
    char err[SSD__ERRMSG_SIZE];
    cr_assert_eq(ssd__text_open(&ts, path, 1u << 30, 4096, err), 0, "%s", err);
    cr_expect_eq(ts.cap, 4096, "a %zu-byte buffer for a window of 4096", ts.cap);
    cr_expect(!ts.eof);
    ssd__text_close(&ts);
    ssd_series *s = NULL;
    cr_assert_eq(ssd__series_open_windowed(&s, path, 4096), 0, "%s", ssd_series_errmsg(s));
    cr_expect_eq(ssd_series_count(s), 50000);
    cr_expect_eq(ssd_series_t_s(s)[49999], 50000 + (50000 % 999999) / 1e6);
    cr_expect_eq(ssd_series_bytes(s)[49999], 51000);
    ssd_series_free(s);
}

/* One way to read files: ssd_series_create, the options, ssd_series_load
 * once; the options are refused after it, in the words every handle uses. */
Test(series, options_are_set_before_the_one_load) {
    size_t n = 0;
    const ssd_option_info *o = ssd_series_options(&n);
    cr_assert_eq(n, 4);
    cr_expect_str_eq(o[0].name, "ddir");
    cr_expect_str_eq(o[3].name, "columns");
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_create(&s), 0);
    cr_expect_eq(ssd_series_set_option(s, "sideways", "1"), SSD_EINVAL);
    cr_expect_str_eq(ssd_series_errmsg(s), "unknown series option 'sideways'");
    cr_expect_eq(ssd_series_set_option(s, "max_file_bytes", "0"), SSD_ERANGE);
    cr_expect_eq(ssd_series_set_option(NULL, "ddir", "read"), SSD_EINVAL);
    const char *p = DATA("series_v1_cache.csv");
    cr_assert_eq(ssd_series_load(s, &p, 1), 0, "%s", ssd_series_errmsg(s));
    cr_expect_eq(ssd_series_set_option(s, "ddir", "read"), SSD_ESTATE);
    cr_expect_eq(ssd_series_load(s, &p, 1), SSD_ESTATE, "a series is loaded once");
    cr_expect_gt(ssd_series_count(s), 0);
    ssd_series_free(s);
    double t[] = {1, 2}, b[] = {5, 5};
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, 2), 0);
    cr_expect_eq(ssd_series_set_option(s, "ddir", "read"), SSD_ESTATE);
    cr_expect_eq(ssd_series_load(s, &p, 1), SSD_ESTATE);
    ssd_series_free(s);
}

/* Opens text as a file that must read; the caller frees *s. */
static ssd_series *open_text(const char *text) {
    ssd_series *s = NULL;
    int rc = series_open(&s, write_tmp("rate.csv", text));
    cr_assert_eq(rc, 0, "%s for [%s]", ssd_series_errmsg(s), text);
    return s;
}

Test(series, speed_per_interval_csv_times_end_their_intervals) {
    /* The 970 EVO Plus logs' header (a trailing comma on every row): ms
     * and MiB/s; the last interval (0.05 s) is shorter and keeps its own
     * length. */
    ssd_series *s = open_text("Block Size (KB),Throughput (MiB/s),Time (ms),\n"
                              "4096,100,100,\n4096,200,200,\n4096,300,250,\n");
    cr_expect_str_eq(ssd_series_format(s), "rate-csv");
    cr_assert_eq(ssd_series_count(s), 3);
    cr_expect_float_eq(ssd_series_t_s(s)[2], 0.25, 1e-12);
    cr_expect_float_eq(ssd_series_bytes(s)[0], 100 * 1048576.0 * 0.1, 1e-3);
    cr_expect_float_eq(ssd_series_bytes(s)[1], 200 * 1048576.0 * 0.1, 1e-3);
    cr_expect_float_eq(ssd_series_bytes(s)[2], 300 * 1048576.0 * 0.05, 1e-3);
    cr_expect_str_eq(ssd_series_note(s), "");
    ssd_series_free(s);
    /* The BIWIN X570 logs' (CRLF): seconds and MiB/s. */
    s = open_text("second,write_MiB_s\r\n1.000,5050.000\r\n2.000,1000\r\n");
    cr_expect_float_eq(ssd_series_bytes(s)[0], 5050 * 1048576.0, 1e-3);
    ssd_series_free(s);
    /* Units: MB/s is 10^6, KiB/s 1024, GB/s 10^9; an epoch-like first
     * time is one median interval long. */
    static const struct {
        const char *text;
        double first_bytes;
    } cases[] = {
        {"t_s,MB/s\n1,5\n2,5\n", 5e6},
        {"Time(s),bw (KiB/s)\n1,5\n2,5\n", 5 * 1024.0},
        {"elapsed_s,speed [GB/s]\n0.5,2\n1,2\n", 1e9},
        {"time (ms),rate_b_s\n1000000,7\n1002000,7\n", 14},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        s = open_text(cases[i].text);
        cr_expect_float_eq(ssd_series_bytes(s)[0], cases[i].first_bytes, 1e-6, "%s", cases[i].text);
        ssd_series_free(s);
    }
}

Test(series, speed_per_interval_csv_starting_at_zero_reads_start_times) {
    /* A time of 0 can only start an interval: each ends at the next row,
     * the last after the median interval, and the note says so. */
    ssd_series *s = open_text("t_s,MiB/s\n0,1\n1,2\n2,3\n");
    cr_assert_eq(ssd_series_count(s), 3);
    cr_expect_float_eq(ssd_series_t_s(s)[0], 1.0, 1e-12);
    cr_expect_float_eq(ssd_series_t_s(s)[2], 3.0, 1e-12);
    cr_expect_float_eq(ssd_series_bytes(s)[2], 3 * 1048576.0, 1e-3);
    cr_expect(strstr(ssd_series_note(s), "starts") != NULL, "%s", ssd_series_note(s));
    ssd_series_free(s);
}

Test(series, speed_per_interval_csv_refuses_what_it_cannot_read_for_sure) {
    expect_error("time,MiB/s\n1,2\n", SSD_EFORMAT, ":1", "'time (s)' or 'time (ms)'");
    expect_error("t_s,throughput\n1,2\n", SSD_EFORMAT, "'throughput' has no byte unit",
                 "Throughput (MiB/s)");
    expect_error("t_s,Mbps\n1,2\n", SSD_EFORMAT, "'Mbps' has no byte unit", NULL);
    expect_error("t_s,MiB/s,MB/s\n1,2,3\n", SSD_EFORMAT,
                 "two throughput columns, 'MiB/s' and 'MB/s'", "keep one");
    expect_error("t_s,time (ms),MiB/s\n1,2,3\n", SSD_EFORMAT, "two time columns", NULL);
    /* Several runs in one file (the 970 EVO Plus block_size logs). */
    expect_error("Time (ms),MiB/s\n1000,2\n2000,2\n1000,3\n", SSD_EFORMAT, "bad.csv:4",
                 "Time (ms): 1 s does not follow");
    expect_error("t_s,MiB/s\n1,2\n2,-1\n", SSD_EFORMAT, ":3", "MiB/s: -1 must be >= 0");
    expect_error("t_s,MiB/s\n1,2\n2,x\n", SSD_EFORMAT, ":3", "MiB/s: 'x' is not a finite number");
    expect_error("t_s,MiB/s\n", SSD_ENODATA, "header only", NULL);
}

Test(series, speed_per_interval_csv_picks_the_direction_asked_for) {
    /* A read and a write speed: the direction option picks (default
     * write, as fio logs and the series CSV's write_bytes); "any" cannot
     * pick one of two speeds. */
    const char *path = write_tmp("rw.csv", "t_s,read MiB/s,write_MiB_s,other\n1,2,3,x\n2,2,3,x\n");
    static const struct {
        const char *ddir;
        double first_bytes;
    } cases[] = {{NULL, 3 * 1048576.0}, {"write", 3 * 1048576.0}, {"read", 2 * 1048576.0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ssd_series *s = NULL;
        int rc = series_open_opt(&s, &path, 1, cases[i].ddir ? "ddir" : NULL, cases[i].ddir);
        cr_assert_eq(rc, 0, "%s", ssd_series_errmsg(s));
        cr_expect_float_eq(ssd_series_bytes(s)[0], cases[i].first_bytes, 1e-6);
        ssd_series_free(s);
    }
    ssd_series *s = NULL;
    cr_expect_eq(series_open_opt(&s, &path, 1, "ddir", "any"), SSD_EFORMAT);
    cr_expect(strstr(ssd_series_errmsg(s), "the ddir option picks") != NULL, "%s",
              ssd_series_errmsg(s));
    ssd_series_free(s);
}

Test(series, real_speed_per_interval_logs_read_directly) {
    /* The two datasets the Python tests convert by hand. */
    ssd_series *s = NULL;
    cr_assert_eq(
        series_open(&s, datasets_path("/biwin_x570/ssd_slc_biwin_x570_200g_20260608_231549/"
                                      "bandwidth_samples.csv")),
        0, "%s", ssd_series_errmsg(s));
    cr_expect_eq(ssd_series_count(s), 101);
    double total = 0;
    for (size_t i = 0; i < ssd_series_count(s); i++)
        total += ssd_series_bytes(s)[i];
    /* The source: 200.00 GiB written in 101.68 s (the log ends at 101 s). */
    cr_expect_gt(total, 195.0 * 1073741824.0);
    cr_expect_lt(total, 201.0 * 1073741824.0);
    ssd_series_free(s);
    s = NULL;
    cr_assert_eq(
        series_open(&s, datasets_path(
                            "/samsung_970evoplus/performance_drop/fio_results_write_4096_32.csv")),
        0, "%s", ssd_series_errmsg(s));
    cr_expect_eq(ssd_series_count(s), 14400);
    cr_expect_float_eq(ssd_series_t_s(s)[ssd_series_count(s) - 1], 7199.833, 1e-9);
    ssd_series_free(s);
}

Test(series, speed_per_interval_samples_hold_the_curves_bytes) {
    /* The checked-in samples (also the fuzzers' seeds): the v1 sample's
     * curve as MiB/s per interval, to the 3 decimals written. */
    ssd_series *v1 = NULL, *ms = NULL, *s = NULL;
    cr_assert_eq(series_open(&v1, DATA("series_v1_cache.csv")), 0);
    cr_assert_eq(series_open(&ms, DATA("rate_ms_mib.csv")), 0, "%s", ssd_series_errmsg(ms));
    cr_assert_eq(series_open(&s, DATA("rate_s_mib_crlf.csv")), 0, "%s", ssd_series_errmsg(s));
    cr_assert_eq(ssd_series_count(ms), ssd_series_count(v1));
    cr_assert_eq(ssd_series_count(s), ssd_series_count(v1));
    for (size_t i = 0; i < ssd_series_count(v1); i++) {
        double want = ssd_series_bytes(v1)[i] / (i + 1 < ssd_series_count(v1) ? 1 : 2);
        cr_expect_float_eq(ssd_series_bytes(ms)[i] / ssd_series_bytes(v1)[i], 1.0, 1e-4, "%zu", i);
        cr_expect_float_eq(ssd_series_bytes(s)[i] / want, 1.0, 1e-4, "%zu", i);
    }
    cr_expect_float_eq(ssd_series_t_s(s)[ssd_series_count(s) - 1], 299.5, 1e-9);
    ssd_series_free(v1);
    ssd_series_free(ms);
    ssd_series_free(s);
}

/* A header written by a CSV writer that quotes and pads every field (and
 * ends lines with CR-LF) names the same columns as a plain one: each field
 * loses the blanks around it, the CR and its quotes, blanks inside the
 * quotes too (ssd__split_csv's trim). */
Test(series, quoted_padded_header_names_the_columns) {
    static const char text[] = " \"t_s\" ,\" bytes \", \"lat_p99_us\"\r\n1,100,5\r\n2,200,6\r\n";
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_parse(&s, "mem", text, sizeof text - 1), 0, "%s", ssd_series_errmsg(s));
    cr_expect_eq(ssd_series_count(s), 2);
    const double *lat = ssd_series_column(s, "lat_p99_us");
    cr_assert(lat);
    cr_expect_float_eq(lat[1], 6, 1e-12);
    cr_expect_float_eq(ssd_series_bytes(s)[1], 200, 1e-12);
    ssd_series_free(s);
}
