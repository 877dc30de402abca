/* cmd_suite.c - `ssdcore suite`: run a methodology suite on one target and
 * fill a results directory (results.json, series CSVs, report.html). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ssdcore.h>

#include "cli.h"

static const char suite_usage[] =
    "usage: ssdcore suite TARGET --out DIR [options]\n"
    "\n"
    "Runs an ordered list of jobs, TRIMs, idles and analyses on one target and\n"
    "writes DIR/results.json (after every step), a series CSV per logged job and\n"
    "DIR/report.html. Ctrl-C stops cleanly and keeps a valid partial results.json.\n"
    "\n"
    "  --list              print the steps and exit without running\n"
    "  --json              print results.json to stdout at the end (with --list:\n"
    "                      the steps as a JSON array)\n"
    "  --no-progress       no progress line on a terminal\n"
    "suite options (ssd_suite_set_option's keys, with _ for -):\n";

static const struct cli_alias suite_aliases[] = {{"no-report", "report", "0"}, {NULL, NULL, NULL}};

/* --help after the usage: the suite's options, the target's, the suites. */
static void suite_help(FILE *out) {
    size_t n;
    const ssd_option_info *info = ssd_suite_options(&n);
    cli_table_help(out, info, n, suite_aliases);
    cli_target_help(out);
    fputs("\nsuites:\n", out);
    for (size_t i = 0; i < ssd_suite_builtin_count(); i++) {
        char what[512];
        cli_flag_spelling(ssd_suite_builtin_describe(i), what, sizeof what);
        fprintf(out, "  %-9s %s\n", ssd_suite_builtin_name(i), what);
    }
}

static const struct cli_spec suite_cli = {.cmd = "suite",
                                          .usage = suite_usage,
                                          .options = ssd_suite_options,
                                          .aliases = suite_aliases,
                                          .target = 1,
                                          .help = suite_help};

CLI_HANDLE(suite, suite)

static int progress_line(void *user, const ssd_suite_progress *p) {
    fprintf(stderr, "\r\033[K  [%zu/%zu] %-20s", p->step + 1, p->steps, p->name);
    if (p->job) {
        const ssd_progress *j = p->job;
        double pct = cli_job_percent(j);
        fprintf(stderr, " %8.1f s", j->elapsed_s);
        if (pct >= 0)
            fprintf(stderr, " %5.1f%%", pct);
        fprintf(stderr, " %9.1f MB/s %9.0f IOPS", j->bw_bps / 1e6, j->iops);
    } else if (p->step_total_s > 0) {
        fprintf(stderr, " %8.1f / %.1f s", p->step_elapsed_s, p->step_total_s);
    }
    fflush(stderr);
    return 0;
}

/* The suite's flags on this command line. */
static struct cli_table suite_flags;

int cmd_suite(int argc, char **argv) {
    const char *uri, **pos = calloc((size_t)argc + 1, sizeof *pos);
    int list = 0, json = 0;
    const struct cli_own own[] = {{"--json", &json, NULL, NULL},
                                  CLI_NO_PROGRESS,
                                  {"--list", &list, NULL, NULL},
                                  {NULL, NULL, NULL, NULL}};
    if (!pos)
        return cli_error("suite", "out of memory for the command line");
    int status = cli_read(&suite_cli, &suite_flags, own, argc, argv, pos);
    if (status >= 0) {
        free(pos);
        return status;
    }
    status = cli_target_operand("suite", pos, "TARGET", &uri);
    free(pos);
    if (status)
        return status;
    if (!cli_table_value(&suite_flags, "out") && !list)
        return cli_usage_error("suite", "missing --out DIR");
    if (cli_table_value(&suite_flags, "suite") && cli_table_value(&suite_flags, "suite_file"))
        return cli_usage_error("suite", "--suite and --suite-file exclude each other");
    ssd_target *t = NULL;
    ssd_suite *s = NULL;
    int rc;
    if ((status = cli_target_create("suite", &t)))
        return status;
    cli_catch_sigint(NULL, 0);
    if (ssd_suite_create(&s, t)) {
        status = cli_error("suite", "out of memory creating the suite");
        goto out;
    }
    if ((status = cli_table_apply(&suite_flags, "suite", s, suite_set_option, suite_errmsg, 1)))
        goto out;
    /* Checked on a stand-in drive before the target is opened (a new file
     * target's layout takes minutes), then built for the target. */
    rc = ssd_suite_prepare(s);
    if (!rc && (status = cli_target_open("suite", t, uri)))
        goto out;
    if (!rc)
        rc = ssd_suite_prepare(s);
    if (rc) {
        status = cli_error("suite", "%s", ssd_suite_errmsg(s));
        goto out;
    }
    if (list) {
        ssd_json *w = cli_json_begin(1);
        for (size_t i = 0; i < ssd_suite_step_count(s); i++) {
            if (!json) {
                printf("%3zu  %s\n", i + 1, ssd_suite_step_line(s, i));
                continue;
            }
            ssd_json_str(w, NULL, ssd_suite_step_line(s, i));
        }
        ssd_json_end_array(w);
        cli_json_put(w, json);
        status = 0;
        goto out;
    }
    int tty = cli_progress_wanted();
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
    char *text = NULL;
    if (json) {
        if (*ssd_suite_previous_path(s))
            fprintf(stderr, "suite: the earlier run's files in the directory moved to %s\n",
                    ssd_suite_previous_path(s));
        if (ssd_suite_to_json(s, 0, &text) == 0)
            cli_print_result(text, 1);
    } else {
        if (ssd_suite_summary_text(s, &text) == 0)
            fputs(text, stdout);
        if (*ssd_suite_previous_path(s))
            printf("earlier: %s (the earlier run's files in the directory, moved aside)\n",
                   ssd_suite_previous_path(s));
        printf("results: %s\n", ssd_suite_results_path(s));
        if (!cli_table_value(&suite_flags, "report") ||
            strcmp(cli_table_value(&suite_flags, "report"), "0"))
            printf("report:  %s\n", ssd_suite_report_path(s));
    }
    ssd_free(text);
    status = cli_run_status("suite", rc, ssd_suite_errmsg(s),
                            "interrupted; %s keeps the steps that ran", ssd_suite_results_path(s));
out:
    ssd_suite_free(s);
    ssd_target_free(t);
    return status;
}
