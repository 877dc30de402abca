/* cmd_job.c - `ssdcore job`: run one workload on a target and report it. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore.h>

#include "cli_target.h"
#include "commands.h"

static const char job_usage[] =
    "usage: ssdcore job --target PATH|/dev/X|sim:PROFILE [options]\n"
    "\n"
    "target:\n"
    "  --target URI        file, block device or sim:PROFILE (also the first argument)\n"
    "  --size-file SIZE    create/extend a file target to SIZE (e.g. 8g)\n"
    "  --destroy-data      allow writes to a block device or to an existing file\n"
    "                      ssdcore did not create (its data is lost)\n"
    "  --buffered          use the page cache instead of O_DIRECT\n"
    "workload:\n"
    "  --pattern P         read|write|randread|randwrite|rw|randrw (default randread)\n"
    "  --bs SIZE           block size, 512..64m (default 4k)\n"
    "  --qd N              queue depth per thread, 1..1024 (default 1)\n"
    "  --threads N         independent workers, 1..64 (default 1)\n"
    "  --submit-batch N    io_uring: hand I/Os to the kernel N at a time, 1..qd\n"
    "                      (default 1: each as soon as it is ready, as fio does)\n"
    "  --rwmix-read PCT    rw/randrw: percent of reads (default 50)\n"
    "  --offset SIZE       start of the test area (default 0)\n"
    "  --span SIZE         length of the test area (default: the rest of the target)\n"
    "  --time DURATION     stop after this long (30s, 2h; default 10s)\n"
    "  --warmup DURATION   run this long first, logged but not measured (the\n"
    "                      figures cover --time after it)\n"
    "  --temp-steady DURATION  stop once the drive's temperature held within 1 C\n"
    "                      this long (a thermal test; --time stays the limit)\n"
    "  --bytes SIZE        stop after this many bytes\n"
    "  --rate SIZE         limit to SIZE bytes per second\n"
    "  --coverage, --fill  write/read every block of the area exactly once, then stop\n"
    "  --seed N            seed of offsets (default 1); write data is always fresh\n"
    "  --engine E          auto|io_uring|psync (default auto)\n"
    "output:\n"
    "  --interval DURATION sampling interval, 10ms..1h (default 1s)\n"
    "  --log FILE          write the series CSV (flushed every interval)\n"
    "  --written-before SIZE  bytes written to the drive since its last TRIM before\n"
    "                      this job, recorded in the CSV for `analyze` (a run on a\n"
    "                      drive written full reaches its used state early)\n"
    "  --precondition P    how the drive was preconditioned before this job: none\n"
    "                      (fresh), seq_fill, random_fill or unknown; recorded in the\n"
    "                      CSV for `analyze` like --written-before\n"
    "  --json              print the results as JSON instead of a summary\n"
    "  --no-progress       no progress line on a terminal\n";

enum {
    OPT_PATTERN = 256,
    OPT_BS,
    OPT_QD,
    OPT_THREADS,
    OPT_SUBMIT_BATCH,
    OPT_RWMIX,
    OPT_OFFSET,
    OPT_SPAN,
    OPT_TIME,
    OPT_WARMUP,
    OPT_TEMP_STEADY,
    OPT_BYTES,
    OPT_RATE,
    OPT_COVERAGE,
    OPT_SEED,
    OPT_ENGINE,
    OPT_INTERVAL,
    OPT_LOG,
    OPT_WRITTEN_BEFORE,
    OPT_PRECONDITION,
    OPT_JSON,
    OPT_NO_PROGRESS,
    OPT_END,
};

static const struct option long_opts[] = {
    {"target", required_argument, NULL, CLI_OPT_TARGET},
    CLI_TARGET_LONG_OPTS,
    {"pattern", required_argument, NULL, OPT_PATTERN},
    {"rw", required_argument, NULL, OPT_PATTERN},
    {"bs", required_argument, NULL, OPT_BS},
    {"qd", required_argument, NULL, OPT_QD},
    {"iodepth", required_argument, NULL, OPT_QD},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"submit-batch", required_argument, NULL, OPT_SUBMIT_BATCH},
    {"rwmix-read", required_argument, NULL, OPT_RWMIX},
    {"offset", required_argument, NULL, OPT_OFFSET},
    {"span", required_argument, NULL, OPT_SPAN},
    {"time", required_argument, NULL, OPT_TIME},
    {"warmup", required_argument, NULL, OPT_WARMUP},
    {"temp-steady", required_argument, NULL, OPT_TEMP_STEADY},
    {"bytes", required_argument, NULL, OPT_BYTES},
    {"rate", required_argument, NULL, OPT_RATE},
    {"coverage", no_argument, NULL, OPT_COVERAGE},
    {"fill", no_argument, NULL, OPT_COVERAGE},
    {"seed", required_argument, NULL, OPT_SEED},
    {"engine", required_argument, NULL, OPT_ENGINE},
    {"interval", required_argument, NULL, OPT_INTERVAL},
    {"log", required_argument, NULL, OPT_LOG},
    {"written-before", required_argument, NULL, OPT_WRITTEN_BEFORE},
    {"precondition", required_argument, NULL, OPT_PRECONDITION},
    {"json", no_argument, NULL, OPT_JSON},
    {"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* The job options the CLI passes straight through, by long-option id. */
static const struct {
    int id;
    const char *key;
} passthrough[] = {
    {OPT_PATTERN, "pattern"},
    {OPT_BS, "bs"},
    {OPT_QD, "qd"},
    {OPT_THREADS, "threads"},
    {OPT_RWMIX, "read_pct"},
    {OPT_OFFSET, "offset"},
    {OPT_SPAN, "span"},
    {OPT_TIME, "time"},
    {OPT_WARMUP, "warmup"},
    {OPT_TEMP_STEADY, "temp_steady"},
    {OPT_BYTES, "bytes"},
    {OPT_RATE, "rate"},
    {OPT_SEED, "seed"},
    {OPT_ENGINE, "engine"},
    {OPT_INTERVAL, "interval"},
    {OPT_LOG, "log"},
    {OPT_SUBMIT_BATCH, "submit_batch"},
    {OPT_WRITTEN_BEFORE, "written_before"},
    {OPT_PRECONDITION, "precondition"},
};

static int progress_line(void *user, const ssd_progress *p) {
    double pct = cli_job_percent(p);
    if (pct >= 0)
        fprintf(stderr, "\r  %7.1f s %5.1f%%  %9.1f MB/s  %10.0f IOPS  ", p->elapsed_s, pct,
                p->bw_bps / 1e6, p->iops);
    else
        fprintf(stderr, "\r  %7.1f s  %9.1f MB/s  %10.0f IOPS  ", p->elapsed_s, p->bw_bps / 1e6,
                p->iops);
    fflush(stderr);
    return 0;
}

static void print_dir(const char *name, const ssd_job *j, int dir) {
    uint64_t ios = ssd_job_ios(j, dir);
    if (!ios)
        return;
    double rt = ssd_job_runtime_s(j);
    const ssd_hist *h = ssd_job_latency(j, dir);
    printf("%-6s IOPS %.0f, %.1f MiB/s (%.1f MB/s), %llu I/Os, %.1f MiB\n", name,
           rt > 0 ? (double)ios / rt : 0, rt > 0 ? (double)ssd_job_bytes(j, dir) / rt / 1048576 : 0,
           rt > 0 ? (double)ssd_job_bytes(j, dir) / rt / 1e6 : 0, (unsigned long long)ios,
           (double)ssd_job_bytes(j, dir) / 1048576);
    printf("       latency us: min %.1f  mean %.1f  p50 %.1f  p99 %.1f  p99.9 %.1f  max %.1f  "
           "stddev %.1f\n",
           (double)ssd_hist_min(h) / 1e3, ssd_hist_mean(h) / 1e3,
           (double)ssd_hist_percentile(h, 50) / 1e3, (double)ssd_hist_percentile(h, 99) / 1e3,
           (double)ssd_hist_percentile(h, 99.9) / 1e3, (double)ssd_hist_max(h) / 1e3,
           ssd_hist_stddev(h) / 1e3);
    /* How consistent the latency is: the tail over the median. */
    double p50 = (double)ssd_hist_percentile(h, 50);
    if (p50 > 0)
        printf("       tail: p99/p50 %.1fx  p99.9/p50 %.1fx  max/p50 %.1fx\n",
               (double)ssd_hist_percentile(h, 99) / p50, (double)ssd_hist_percentile(h, 99.9) / p50,
               (double)ssd_hist_max(h) / p50);
}

static void print_summary(const ssd_target *t, const ssd_job *j) {
    printf("target  %s (%s, %.1f MiB, %u-byte blocks)\n", ssd_target_uri(t), ssd_target_kind(t),
           (double)ssd_target_size(t) / 1048576, ssd_target_block_size(t));
    printf("engine  %s, %.2f s%s\n", ssd_job_engine(j), ssd_job_runtime_s(j),
           ssd_job_interrupted(j) ? " (interrupted)" : "");
    print_dir("read", j, SSD_DIR_READ);
    print_dir("write", j, SSD_DIR_WRITE);
}

/* Whether the series log can be created (without truncating an existing
 * file, and leaving no new one behind); 0 or -errno. Devices are left to
 * the library, which refuses block devices. */
static int check_log_writable(const char *path) {
    struct stat st;
    int existed = stat(path, &st) == 0;
    if (existed && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
        return 0;
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
    if (fd < 0)
        return -errno;
    close(fd);
    if (!existed)
        unlink(path);
    return 0;
}

int cmd_job(int argc, char **argv) {
    struct cli_target_args ta = {0};
    const char *pattern = NULL;
    const char *values[OPT_END] = {0};
    int json = 0, coverage = 0, progress = 1;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "h", long_opts, NULL)) != -1) {
        if (cli_target_option(&ta, c, optarg))
            continue;
        switch (c) {
        case 'h':
            fputs(job_usage, stdout);
            return 0;
        case OPT_JSON:
            json = 1;
            break;
        case OPT_COVERAGE:
            coverage = 1;
            break;
        case OPT_NO_PROGRESS:
            progress = 0;
            break;
        case '?':
            return cli_getopt_error("job", argv, "h", long_opts);
        default:
            values[c] = optarg;
            if (c == OPT_PATTERN)
                pattern = optarg;
        }
    }
    int status = cli_target_operand("job", argc, argv, &ta, "missing --target");
    if (status)
        return status;

    ssd_target *t = NULL;
    ssd_job *j = NULL;
    int rc;
    if ((status = cli_target_create("job", &ta, &t)))
        return status;
    /* A read job never writes: the library says when to open read-only */
    if (ssd_job_opens_read_only(ta.uri, pattern, ta.destroy, ta.size_file != NULL))
        ssd_target_set_option(t, "read_only", "1");
    /* From here on Ctrl-C stops the file layout or the job cleanly. */
    cli_catch_sigint(NULL);
    /* Options and the log are checked before the target is opened: opening
     * a new file target lays it out, which may take minutes. */
    if (ssd_job_create(&j, t)) {
        status = cli_error("job", "out of memory creating the job");
        goto out;
    }
    for (size_t i = 0; i < sizeof passthrough / sizeof passthrough[0]; i++) {
        const char *v = values[passthrough[i].id];
        if (v && (rc = ssd_job_set_option(j, passthrough[i].key, v))) {
            status = cli_error("job", "%s", ssd_job_errmsg(j));
            goto out;
        }
    }
    if (coverage)
        ssd_job_set_option(j, "coverage", "1");
    if (values[OPT_LOG] && (rc = check_log_writable(values[OPT_LOG])) < 0) {
        status = cli_error("job", "log %s: cannot create: %s", values[OPT_LOG], strerror(-rc));
        goto out;
    }
    if ((status = cli_target_open("job", t, ta.uri)))
        goto out;
    if (progress && isatty(STDERR_FILENO))
        ssd_job_set_progress(j, progress_line, NULL, 0.5);

    rc = ssd_job_run(j);
    if (progress && isatty(STDERR_FILENO))
        fputs("\r\033[K", stderr);

    if (rc < 0 && rc != SSD_EINTERRUPTED && !ssd_job_samples(j, NULL)) {
        status = cli_error("job", "%s", ssd_job_errmsg(j));
        goto out;
    }
    if (json) {
        char *out = NULL;
        if (ssd_job_to_json(j, 0, &out) == 0) {
            puts(out);
            ssd_free(out);
        }
    } else {
        print_summary(t, j);
    }
    status = cli_run_status("job", rc, ssd_job_errmsg(j), "interrupted; results cover %.1f s",
                            ssd_job_runtime_s(j));
out:
    ssd_job_free(j);
    ssd_target_free(t);
    return status;
}
