/* cmd_job.c - `ssdcore job`: run one workload on a target and report it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "cli.h"

static const char job_usage[] =
    "usage: ssdcore job --target PATH|/dev/X|sim:PROFILE [options]\n"
    "\n"
    "output:\n"
    "  --json              print the results as JSON instead of a summary\n"
    "  --no-progress       no progress line on a terminal\n";

/* fio's names, and the names the CLI had before its flags came from the table. */
static const struct cli_alias job_aliases[] = {
    {"rw", "pattern", NULL},    {"iodepth", "qd", NULL}, {"rwmix-read", "read_pct", NULL},
    {"fill", "coverage", NULL}, {NULL, NULL, NULL},
};

static const struct cli_spec job_cli = {
    .cmd = "job",
    .usage = job_usage,
    .options = ssd_job_options,
    .aliases = job_aliases,
    .heading = "job options (ssd_job_set_option's keys, and ssdcore.job()'s, with _ for -):",
    .target = 1};

/* The message of a reference log that could not be analysed. */
static char reference_err[512];

/* --reference FILE: the fresh run's log, analysed here; the job records
 * its figures (ssd_analysis_reference_json) in its own log. A value that
 * is a JSON object is those figures already. */
static int set_job(void *j, const char *key, const char *value) {
    reference_err[0] = '\0';
    if (strcmp(key, "reference") || !value || !*value || *value == '{')
        return ssd_job_set_option(j, key, value);
    ssd_analysis *a = NULL;
    char *json = NULL;
    int rc = ssd_analysis_create(&a);
    if (rc == 0 && (rc = ssd_analysis_reference_file(a, value, SSD_JSON_COMPACT, &json)) < 0)
        snprintf(reference_err, sizeof reference_err, "option reference: %s",
                 ssd_analysis_errmsg(a));
    ssd_analysis_free(a);
    if (rc == 0)
        rc = ssd_job_set_option(j, key, json);
    ssd_free(json);
    return rc;
}

static const char *job_errmsg(const void *j) {
    return reference_err[0] ? reference_err : ssd_job_errmsg(j);
}

static int progress_line(void *user, const ssd_progress *p) {
    double pct = cli_job_percent(p);
    fprintf(stderr, "\r  %7.1f s", p->elapsed_s);
    if (pct >= 0)
        fprintf(stderr, " %5.1f%%", pct);
    fprintf(stderr, "  %9.1f MB/s  %10.0f IOPS  ", p->bw_bps / 1e6, p->iops);
    fflush(stderr);
    return 0;
}

static void print_dir(const char *name, const ssd_job *j, int dir) {
    uint64_t ios = ssd_job_ios(j, dir);
    if (!ios)
        return;
    double rt = ssd_job_runtime_s(j);
    const ssd_hist *h = ssd_job_latency(j, dir);
    printf("%-6s IOPS %.0f, %.1f MiB/s (%.1f MB/s), %llu I/Os, %s\n", name,
           rt > 0 ? (double)ios / rt : 0, rt > 0 ? (double)ssd_job_bytes(j, dir) / rt / 1048576 : 0,
           rt > 0 ? (double)ssd_job_bytes(j, dir) / rt / 1e6 : 0, (unsigned long long)ios,
           cli_bytes((double)ssd_job_bytes(j, dir)));
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
    printf("target  %s (%s, %s, %u-byte blocks)\n", ssd_target_uri(t), ssd_target_kind(t),
           cli_bytes((double)ssd_target_size(t)), ssd_target_block_size(t));
    printf("engine  %s, %.2f s%s\n", ssd_job_engine(j), ssd_job_runtime_s(j),
           ssd_job_interrupted(j) ? " (interrupted)" : "");
    print_dir("read", j, SSD_DIR_READ);
    print_dir("write", j, SSD_DIR_WRITE);
}

int cmd_job(int argc, char **argv) {
    struct cli_table jt;
    const char *uri, **pos = calloc((size_t)argc + 1, sizeof *pos);
    ssd_target *t = NULL;
    ssd_job *j = NULL;
    int json = 0, status, rc;
    const struct cli_own own[] = {
        {"--json", &json, NULL, NULL}, CLI_NO_PROGRESS, {NULL, NULL, NULL, NULL}};
    if (!pos)
        return cli_error("job", "out of memory for the command line");
    if ((status = cli_read(&job_cli, &jt, own, argc, argv, pos)) >= 0)
        goto out;
    if ((status = cli_target_operand("job", pos, "--target", &uri)))
        goto out;
    if ((status = cli_target_create("job", &t)))
        goto out;
    /* A read job never writes: the library says when to open read-only */
    if (ssd_job_opens_read_only(uri, cli_table_value(&jt, "pattern"),
                                cli_target_given("destroy_data"), cli_target_given("size")))
        ssd_target_set_option(t, "read_only", "1");
    /* From here on Ctrl-C stops the file layout or the job cleanly. */
    cli_catch_sigint(NULL, 0);
    /* Options and the log (the library tries to create it) are checked
     * before the target is opened: opening a new file target lays it out,
     * which may take minutes. */
    if (ssd_job_create(&j, t)) {
        status = cli_error("job", "out of memory creating the job");
        goto out;
    }
    if ((status = cli_table_apply(&jt, "job", j, set_job, job_errmsg, 0)))
        goto out;
    if ((status = cli_target_open("job", t, uri)))
        goto out;
    int tty = cli_progress_wanted();
    if (tty)
        ssd_job_set_progress(j, progress_line, NULL, 0.5);

    rc = ssd_job_run(j);
    if (tty)
        fputs("\r\033[K", stderr);

    if (rc < 0 && rc != SSD_EINTERRUPTED && !ssd_job_samples(j, NULL)) {
        status = cli_error("job", "%s", ssd_job_errmsg(j));
        goto out;
    }
    char *out = NULL;
    if (!json)
        print_summary(t, j);
    else if (ssd_job_to_json(j, 0, &out) == 0)
        cli_print_result(out, 1);
    ssd_free(out);
    status = cli_run_status("job", rc, ssd_job_errmsg(j), "interrupted; results cover %.1f s",
                            ssd_job_runtime_s(j));
out:
    ssd_job_free(j);
    ssd_target_free(t);
    cli_table_free(&jt);
    free(pos);
    return status;
}
