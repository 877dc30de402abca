/* trace_filetests.c - the lab2016 file tests (METHODOLOGY.md A 9-10) as
 * block traces, so a target without a filesystem (sim:) can run them.
 *
 * scripts/record_file_traces.sh recorded them once on a real ext4 on a real
 * loop device (datasets/filetraces/PROVENANCE.txt); the zstd-compressed
 * CSVs are compiled in (cmake/embed_files.cmake), so no file is looked for
 * at run time. Each carries a comment line
 *   # ssdcore-filetest set=SET phase=PHASE set_bytes=N device_bytes=M
 * naming the set size it was recorded with and the loop device's size.
 *
 * The recordings are small (1 GiB sets); the reviews copy 8 GiB. A larger
 * set is made of repetitions of the recording, each shifted by the device
 * size, as that many copies of the recorded set side by side on a bigger
 * drive would be: the bytes, the I/O sizes and the order of data, metadata
 * and journal writes per GiB stay as recorded, and the drive sees the whole
 * volume (what fills an SLC cache). What it cannot show: file sizes that
 * grow with the set (the ISO set's images stay recording-sized). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "trace_internal.h"

struct ssd__filetrace_blob {
    const char *name;
    const unsigned char *data;
    size_t size;
};
extern const struct ssd__filetrace_blob ssd__filetrace_blobs[];
extern const size_t ssd__filetrace_blob_count;

/* More repetitions than this is a size typo (the reviews' 8 GiB is 8), and
 * would hold gigabytes of I/O records (program-copy: 12 373 per GiB). */
#define MAX_REPEAT 256

size_t ssd_trace_filetest_count(void) {
    return ssd__filetrace_blob_count;
}

const char *ssd_trace_filetest_name(size_t i) {
    return i < ssd_trace_filetest_count() ? ssd__filetrace_blobs[i].name : NULL;
}

/* What a copy does to the drive depends on where the other end is: inside
 * the drive it reads and writes; "NAME_to" keeps only the writes (a copy
 * from another drive onto this one), "NAME_from" only the reads (a copy
 * from this drive to another). Trims and flushes stay with the writes. */
enum half { HALF_ALL, HALF_TO, HALF_FROM };

static const struct ssd__filetrace_blob *find_half(const char *name, enum half *half) {
    size_t len = strlen(name);
    *half = HALF_ALL;
    if (len > 3 && !strcmp(name + len - 3, "_to")) {
        *half = HALF_TO;
        len -= 3;
    } else if (len > 5 && !strcmp(name + len - 5, "_from")) {
        *half = HALF_FROM;
        len -= 5;
    }
    for (size_t i = 0; i < ssd__filetrace_blob_count; i++)
        if (strlen(ssd__filetrace_blobs[i].name) == len &&
            !strncmp(ssd__filetrace_blobs[i].name, name, len))
            return &ssd__filetrace_blobs[i];
    return NULL;
}

static const struct ssd__filetrace_blob *find(const char *name) {
    enum half h;
    return find_half(name, &h);
}

static int keeps(enum half h, int op) {
    return h == HALF_ALL || (h == HALF_FROM) == (op == SSD_TRACE_READ);
}

/* The decompressed CSV, NUL-terminated; NULL with *rc set on failure. */
static char *inflate(ssd_trace *tr, const struct ssd__filetrace_blob *b, size_t *len, int *rc) {
    unsigned long long n = ZSTD_getFrameContentSize(b->data, b->size);
    if (n == ZSTD_CONTENTSIZE_ERROR || n == ZSTD_CONTENTSIZE_UNKNOWN || n > (1ull << 30)) {
        *rc =
            ssd__fail(tr->err, SSD_EFORMAT, "file test %s: the embedded trace is damaged", b->name);
        return NULL;
    }
    char *text = malloc(n + 1);
    if (!text) {
        *rc = ssd__fail(tr->err, SSD_ENOMEM, "out of memory");
        return NULL;
    }
    size_t got = ZSTD_decompress(text, n, b->data, b->size);
    if (ZSTD_isError(got) || got != n) {
        free(text);
        *rc =
            ssd__fail(tr->err, SSD_EFORMAT, "file test %s: the embedded trace is damaged", b->name);
        return NULL;
    }
    text[n] = 0;
    *len = n;
    return text;
}

static int sizes_of(const char *text, uint64_t *set_bytes, uint64_t *device_bytes) {
    const char *p = strstr(text, "# ssdcore-filetest ");
    if (!p)
        return -1;
    const char *s = strstr(p, " set_bytes="), *d = strstr(p, " device_bytes=");
    const char *eol = strchr(p, '\n');
    if (!s || !d || (eol && (s > eol || d > eol)))
        return -1;
    *set_bytes = strtoull(s + 11, NULL, 10);
    *device_bytes = strtoull(d + 14, NULL, 10);
    return *set_bytes && *device_bytes ? 0 : -1;
}

int ssd_trace_filetest_sizes(const char *name, uint64_t *set_bytes, uint64_t *device_bytes) {
    const struct ssd__filetrace_blob *b = name ? find(name) : NULL;
    if (!b || !set_bytes || !device_bytes)
        return SSD_EINVAL;
    ssd_trace *tmp = NULL;
    int rc = ssd_trace_create(&tmp);
    size_t len = 0;
    char *text = rc ? NULL : inflate(tmp, b, &len, &rc);
    if (text && sizes_of(text, set_bytes, device_bytes))
        rc = SSD_EFORMAT;
    free(text);
    ssd_trace_free(tmp);
    return rc;
}

int ssd_trace_filetest(ssd_trace *tr, const char *name, uint64_t set_bytes) {
    if (!tr || !name)
        return SSD_EINVAL;
    ssd__trace_reset(tr);
    enum half half;
    const struct ssd__filetrace_blob *b = find_half(name, &half);
    if (!b) {
        char list[1024] = "";
        for (size_t i = 0; i < ssd__filetrace_blob_count; i++) {
            strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, ssd__filetrace_blobs[i].name, sizeof list - strlen(list) - 1);
        }
        return ssd__fail(tr->err, SSD_EINVAL,
                         "unknown file test \"%.64s\" (%s; NAME_to and NAME_from keep a "
                         "test's writes or reads)",
                         name, ssd__filetrace_blob_count ? list : "none were built in");
    }
    int rc = 0;
    size_t len = 0;
    char *text = inflate(tr, b, &len, &rc);
    if (!text)
        return rc;
    uint64_t rec_set = 0, stride = 0;
    if (sizes_of(text, &rec_set, &stride)) {
        free(text);
        return ssd__fail(tr->err, SSD_EFORMAT,
                         "file test %s: the embedded trace has no ssdcore-filetest line", name);
    }
    ssd_trace *one = NULL;
    rc = ssd_trace_create(&one);
    if (rc) {
        free(text);
        return ssd__fail(tr->err, rc, "out of memory");
    }
    rc = ssd_trace_parse(one, text, len, "csv", name);
    free(text);
    if (rc) {
        rc = ssd__fail(tr->err, rc, "file test %s: %s", name, ssd_trace_errmsg(one));
        ssd_trace_free(one);
        return rc;
    }
    uint64_t repeat = set_bytes ? (set_bytes + rec_set - 1) / rec_set : 1;
    if (repeat > MAX_REPEAT) {
        ssd_trace_free(one);
        return ssd__fail(tr->err, SSD_ERANGE,
                         "file test %s: a set of %llu bytes is more than %d recordings of "
                         "%llu bytes",
                         name, (unsigned long long)set_bytes, MAX_REPEAT,
                         (unsigned long long)rec_set);
    }
    /* Repetition k starts where repetition k-1 ended (its last issue or
     * completion), shifted by k devices. */
    double t_base = 0, t_end = 0;
    size_t n = ssd_trace_count(one);
    for (uint64_t k = 0; k < repeat && !rc; k++) {
        for (size_t i = 0; i < n && !rc; i++) {
            ssd_trace_io io = {.size = sizeof io};
            ssd_trace_get(one, i, &io);
            if (!keeps(half, io.op))
                continue;
            if (io.op != SSD_TRACE_FLUSH)
                io.offset += k * stride;
            io.t_s += t_base;
            if (io.done_s >= 0)
                io.done_s += t_base;
            if (io.t_s > t_end)
                t_end = io.t_s;
            if (io.done_s > t_end)
                t_end = io.done_s;
            rc = ssd__trace_push(tr, &io);
        }
        t_base = t_end;
    }
    ssd_trace_free(one);
    if (rc) {
        tr->n = 0;
        return ssd__fail(tr->err, rc, "out of memory");
    }
    tr->format = "recorded";
    snprintf(tr->name, sizeof tr->name, "%s", name);
    return 0;
}
