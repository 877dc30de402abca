/* Fuzzes the series readers alone (format detection, series CSV v1, fio
 * bw/iops logs, pos_bytes CSV, speed-per-interval CSV) and every accessor of what they return:
 * fuzz_series also analyses each series, which makes it ~10x slower, too
 * slow for the 10M-execution runs this target makes
 * (bench/fuzz_long.sh series_reader).
 *
 * Each input is also opened as a file twice, read whole and read through
 * a window of 32-127 bytes (set by its first byte), and the two must agree
 * in every way (code, message, rows bit for bit, columns, metadata): a
 * series CSV larger than the window is read a window at a time, and the
 * window's edges fall anywhere in a row. Inputs holding a NUL byte are not
 * compared: read whole, a NUL anywhere is found before any row is parsed;
 * read in windows, a bad row before it is found first. */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <ssdcore.h>

#include "text_file.h"

static void touch(const ssd_series *s) {
    /* A few bytes of per-I/O log spanning a month bin into millions of
     * empty intervals (bounded by the reader): touching each under ASan
     * took over 10 s. The reader's own work is what is fuzzed. */
    size_t n = ssd_series_count(s);
    if (n > 100000)
        n = 100000;
    const double *t = ssd_series_t_s(s), *b = ssd_series_bytes(s);
    volatile double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += t[i] + b[i];
    const char *name;
    for (size_t c = 0; (name = ssd_series_column_name(s, c)) != NULL; c++) {
        const double *v = ssd_series_column(s, name);
        for (size_t i = 0; v && i < n; i++)
            sum += v[i] == v[i] ? v[i] : 0;
    }
    (void)sum;
    (void)ssd_series_metadata(s);
    (void)ssd_series_source(s);
    (void)ssd_series_format(s);
    (void)ssd_series_note(s);
}

static int same_text(const char *a, const char *b) {
    return (!a && !b) || (a && b && !strcmp(a, b));
}

static void windows_agree(const uint8_t *data, size_t size) {
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("fuzz_series_reader", 0);
        if (fd < 0)
            return;
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
        return;
    ssd_series *whole = NULL, *win = NULL;
    int a = ssd__series_open_windowed(&whole, path, 0),
        b = ssd__series_open_windowed(&win, path, 32 + data[0] % 96);
    int same = a == b && !strcmp(ssd_series_errmsg(whole), ssd_series_errmsg(win));
    size_t n = ssd_series_count(whole);
    same = same && n == ssd_series_count(win);
    if (same && n) {
        same = !memcmp(ssd_series_t_s(whole), ssd_series_t_s(win), n * sizeof(double)) &&
               !memcmp(ssd_series_bytes(whole), ssd_series_bytes(win), n * sizeof(double)) &&
               same_text(ssd_series_metadata(whole), ssd_series_metadata(win)) &&
               same_text(ssd_series_format(whole), ssd_series_format(win)) &&
               same_text(ssd_series_note(whole), ssd_series_note(win));
        const char *name;
        size_t c = 0;
        for (; same && (name = ssd_series_column_name(whole, c)) != NULL; c++) {
            const double *v = ssd_series_column(whole, name), *w = ssd_series_column(win, name);
            same = w && !memcmp(v, w, n * sizeof(double));
        }
        same = same && ssd_series_column_name(win, c) == NULL;
    }
    if (!same) {
        fprintf(stderr, "read whole: %d (%s), %zu rows; in windows of %d: %d (%s), %zu rows\n", a,
                ssd_series_errmsg(whole), n, 32 + data[0] % 96, b, ssd_series_errmsg(win),
                ssd_series_count(win));
        abort();
    }
    ssd_series_free(whole);
    ssd_series_free(win);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    ssd_series *s = NULL;
    if (ssd_series_parse(&s, "fuzz", (const char *)data, size) == 0)
        touch(s);
    ssd_series_free(s);
    if (size && !memchr(data, 0, size))
        windows_agree(data, size);
    return 0;
}
