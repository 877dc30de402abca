/* cmd_suite.c - `ssdcore suite`: run a methodology suite on one target and
 * fill a results directory (results.json, series CSVs, report.html). */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore.h>

#include "cli_target.h"
#include "commands.h"
#include "fo_cli.h"

static const char suite_usage[] =
    "usage: ssdcore suite TARGET --out DIR [options]\n"
    "\n"
    "Runs an ordered list of jobs, TRIMs, idles and analyses on one target and\n"
    "writes DIR/results.json (after every step), a series CSV per logged job and\n"
    "DIR/report.html. Ctrl-C stops cleanly and keeps a valid partial results.json.\n"
    "\n"
    "  --out DIR           results directory (created if missing)\n"
    "  --suite NAME        lab2016 | lab2016-30s | lab2016-10pct | apps | cdm5 | cdm8 |\n"
    "                      fill2021 | naspt | pts | quick (default quick); pts is the SNIA\n"
    "                      PTS (Client): IOPS, throughput, latency, WSAT, HIR to steady\n"
    "                      state; naspt: large-file work empty and at 90 % full\n"
    "  --suite-file PATH   a suite file: one step per line (see docs/suite.md)\n"
    "  --scale F           multiply every time (jobs, sampling, idles) by F\n"
    "  --area SIZE         test area of the built-in suites (default 32g, quick 1g);\n"
    "                      cdm5/cdm8: the test file (default 1g)\n"
    "  --filebench-dir DIR lab2016: also run the file tests (copy, 7-Zip archive and\n"
    "                      extract) in DIR, on the filesystem under test\n"
    "  --filebench-size SIZE  size of each file set (default 8g); on sim: targets, which\n"
    "                      have no filesystem, lab2016 replays the file tests' recorded\n"
    "                      block traces at this set size (docs/traces.md)\n"
    "  --list              print the steps and exit without running\n"
    "  --json              print results.json to stdout at the end (with --list:\n"
    "                      the steps as a JSON array)\n"
    "  --no-report         do not write report.html\n"
    "  --hash-serial       record the drive's serial as a SHA-256 prefix, not in clear\n"
    "  --no-progress       no progress line on a terminal\n"
    "target (ssd_target_set_option's keys, and ssdcore.Target()'s, with _ for -):\n";

/* The options passed to the suite as they are come first, in the order of
 * opt_keys in cmd_suite. */
enum {
    OPT_SUITE = 256,
    OPT_SUITE_FILE,
    OPT_OUT,
    OPT_SCALE,
    OPT_AREA,
    OPT_FB_DIR,
    OPT_FB_SIZE,
    OPT_LIST,
    OPT_JSON,
    OPT_NO_REPORT,
    OPT_NO_PROGRESS,
    OPT_HASH_SERIAL,
};

static const struct option own_opts[] = {
    {"out", required_argument, NULL, OPT_OUT},
    {"suite", required_argument, NULL, OPT_SUITE},
    {"suite-file", required_argument, NULL, OPT_SUITE_FILE},
    {"scale", required_argument, NULL, OPT_SCALE},
    {"area", required_argument, NULL, OPT_AREA},
    {"filebench-dir", required_argument, NULL, OPT_FB_DIR},
    {"filebench-size", required_argument, NULL, OPT_FB_SIZE},
    {"list", no_argument, NULL, OPT_LIST},
    {"json", no_argument, NULL, OPT_JSON},
    {"no-report", no_argument, NULL, OPT_NO_REPORT},
    {"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
    {"hash-serial", no_argument, NULL, OPT_HASH_SERIAL},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

static int progress_line(void *user, const ssd_suite_progress *p) {
    if (p->job) {
        const ssd_progress *j = p->job;
        double pct = cli_job_percent(j);
        fprintf(stderr, "\r\033[K  [%d/%d] %-20s %8.1f s", p->step + 1, p->steps, p->name,
                j->elapsed_s);
        if (pct >= 0)
            fprintf(stderr, " %5.1f%%", pct);
        fprintf(stderr, " %9.1f MB/s %9.0f IOPS", j->bw_bps / 1e6, j->iops);
    } else if (p->step_total_s > 0) {
        fprintf(stderr, "\r\033[K  [%d/%d] %-20s %8.1f / %.1f s", p->step + 1, p->steps, p->name,
                p->step_elapsed_s, p->step_total_s);
    } else {
        fprintf(stderr, "\r\033[K  [%d/%d] %-20s", p->step + 1, p->steps, p->name);
    }
    fflush(stderr);
    return 0;
}

/* Checks the options and the suite on a stand-in simulated drive bigger
 * than any real one, before a real target is opened: opening a new file
 * target lays it out, which may take minutes, and a typo in the suite file
 * or --out must not cost that. 0, or the exit status after the message. */
static int precheck(const char *const keys[8], const char *const values[8], int list) {
    ssd_target *t = NULL;
    ssd_suite *s = NULL;
    int status = 0;
    if (ssd_target_create(&t) || ssd_target_open(t, "sim:bx200,capacity_gb=131072") < 0 ||
        ssd_suite_create(&s, t)) {
        ssd_suite_free(s);
        ssd_target_free(t);
        return 0; /* no stand-in: the real target's checks will do */
    }
    for (int i = 0; i < 8 && !status; i++)
        if (values[i] && ssd_suite_set_option(s, keys[i], values[i]))
            status = cli_usage_error("suite", "%s", ssd_suite_errmsg(s));
    if (!status && ssd_suite_prepare(s))
        status = cli_error("suite", "%s", ssd_suite_errmsg(s));
    struct stat st;
    if (!status && !list && values[2] && stat(values[2], &st) == 0 && !S_ISDIR(st.st_mode))
        status = cli_error("suite", "%s: not a directory", values[2]);
    ssd_suite_free(s);
    ssd_target_free(t);
    return status;
}

/* *text: the whole of path when it is a pipe or FIFO (NULL for anything
 * else, which the library reads itself). Returns 0 or an exit status. */
static int read_pipe(const char *path, char **text) {
    struct stat st;
    *text = NULL;
    if (stat(path, &st) || !S_ISFIFO(st.st_mode))
        return 0;
    /* Opened without blocking: a FIFO nobody writes to reads as empty. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    int fl = fd < 0 ? -1 : fcntl(fd, F_GETFL);
    FILE *f = fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0 ? NULL : fdopen(fd, "rb");
    if (!f) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return cli_error("suite", "%s: %s", path, strerror(e));
    }
    size_t cap = 1 << 20, n = 0;
    char *buf = malloc(cap + 2);
    if (buf)
        n = fread(buf, 1, cap + 1, f);
    int bad = buf && ferror(f);
    fclose(f);
    if (!buf)
        return cli_error("suite", "%s: out of memory", path);
    if (bad || n > cap || memchr(buf, 0, n)) {
        free(buf);
        return bad ? cli_error("suite", "%s: cannot read: %s", path, strerror(errno))
                   : cli_error("suite", "%s: %s: not a suite file", path,
                               n > cap ? "larger than 1 MiB" : "binary data");
    }
    buf[n] = 0;
    *text = buf;
    return 0;
}

int cmd_suite(int argc, char **argv) {
    struct cli_target_args ta = {0};
    const char *opt_keys[] = {"suite",         "suite_file",     "out",       "scale", "area",
                              "filebench_dir", "filebench_size", "suite_text"};
    const char *opt_values[8] = {0};
    char *suite_text = NULL;
    int list = 0, json = 0, report = 1, progress = 1, hash_serial = 0;
    const struct option *long_opts = cli_target_long_opts(own_opts);
    if (!long_opts)
        return cli_error("suite", "out of memory");
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "h", long_opts, NULL)) != -1) {
        if (cli_target_option(&ta, c, optarg))
            continue;
        switch (c) {
        case 'h':
            fputs(suite_usage, stdout);
            cli_target_help(stdout);
            puts("\nsuites:");
            for (int i = 0; i < ssd_suite_builtin_count(); i++)
                printf("  %-9s %s\n", ssd_suite_builtin_name(i), ssd_suite_builtin_describe(i));
            return 0;
        case OPT_SUITE:
        case OPT_SUITE_FILE:
        case OPT_OUT:
        case OPT_SCALE:
        case OPT_AREA:
        case OPT_FB_DIR:
        case OPT_FB_SIZE:
            opt_values[c - OPT_SUITE] = optarg;
            break;
        case OPT_LIST:
            list = 1;
            break;
        case OPT_JSON:
            json = 1;
            break;
        case OPT_NO_REPORT:
            report = 0;
            break;
        case OPT_NO_PROGRESS:
            progress = 0;
            break;
        case OPT_HASH_SERIAL:
            hash_serial = 1;
            break;
        default:
            return cli_getopt_error("suite", argv, "h", long_opts);
        }
    }
    int status = cli_target_operand("suite", argc, argv, &ta, "missing TARGET");
    if (status)
        return status;
    if (!opt_values[2] && !list)
        return cli_usage_error("suite", "missing --out DIR");
    if (opt_values[0] && opt_values[1])
        return cli_usage_error("suite", "--suite and --suite-file exclude each other");

    /* A suite file that is a pipe (--suite-file <(...)) can be read only
     * once, and the checks below read it before the run does. */
    if (opt_values[1] && (status = read_pipe(opt_values[1], &suite_text)))
        return status;
    opt_values[7] = suite_text;
    ssd_target *t = NULL;
    ssd_suite *s = NULL;
    int rc;
    if ((status = cli_target_create("suite", &t))) {
        free(suite_text);
        return status;
    }
    cli_catch_sigint(NULL);
    if (strncmp(ta.uri, "sim:", 4) && (status = precheck(opt_keys, opt_values, list)))
        goto out;
    if ((status = cli_target_open("suite", t, ta.uri)))
        goto out;
    if (ssd_suite_create(&s, t)) {
        status = cli_error("suite", "out of memory creating the suite");
        goto out;
    }
    if (!report)
        ssd_suite_set_option(s, "report", "0");
    if (hash_serial)
        ssd_suite_set_option(s, "hash_serial", "1");
    for (int i = 0; i < 8; i++)
        if (opt_values[i] && ssd_suite_set_option(s, opt_keys[i], opt_values[i])) {
            status = cli_usage_error("suite", "%s", ssd_suite_errmsg(s));
            goto out;
        }
    if ((rc = ssd_suite_prepare(s))) {
        status = cli_error("suite", "%s", ssd_suite_errmsg(s));
        goto out;
    }
    if (list) {
        for (int i = 0; i < ssd_suite_step_count(s); i++) {
            if (!json) {
                printf("%3d  %s\n", i + 1, ssd_suite_step_line(s, i));
                continue;
            }
            fputs(i ? ", " : "[", stdout);
            fo_cli_json_str(stdout, ssd_suite_step_line(s, i));
        }
        if (json)
            fputs(ssd_suite_step_count(s) ? "]\n" : "[]\n", stdout);
        status = 0;
        goto out;
    }
    int tty = progress && isatty(STDERR_FILENO);
    if (tty)
        ssd_suite_set_progress(s, progress_line, NULL, 0.5);
    rc = ssd_suite_run(s);
    if (tty)
        fputs("\r\033[K", stderr);
    /* A run that could not even write its first results.json (--out is a
     * file, or not writable), or found another run holding --out, has no
     * results to show: the error alone. */
    if (rc < 0 && rc != SSD_EINTERRUPTED &&
        (rc == -EBUSY || access(ssd_suite_results_path(s), F_OK))) {
        status = cli_error("suite", "%s", ssd_suite_errmsg(s));
        goto out;
    }
    if (json) {
        char *out = NULL;
        if (ssd_suite_to_json(s, 0, &out) == 0) {
            fputs(out, stdout);
            ssd_free(out);
        }
    } else {
        char *text = NULL;
        if (ssd_suite_summary_text(s, &text) == 0) {
            fputs(text, stdout);
            ssd_free(text);
        }
        printf("results: %s\n", ssd_suite_results_path(s));
        if (report)
            printf("report:  %s\n", ssd_suite_report_path(s));
    }
    status = cli_run_status("suite", rc, ssd_suite_errmsg(s),
                            "interrupted; %s keeps the steps that ran", ssd_suite_results_path(s));
out:
    ssd_suite_free(s);
    ssd_target_free(t);
    free(suite_text);
    return status;
}
