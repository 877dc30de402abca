/* cli_run.c - what a command that runs does the same way: stop signals,
 * a built-in sim: target checked, the exit status of a run, the progress
 * line of the file operations. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int cli_target_check(const char *cmd, const char *operand, const char *uri) {
    if (strncmp(uri, "sim:", 4))
        return 0;
    char *why = NULL;
    int rc = ssd_sim_profile_to_json(uri[4] ? uri + 4 : NULL, 0, &why), status = 0;
    if (rc == SSD_EINVAL || rc == SSD_ERANGE)
        status = cli_usage_error(cmd, "%s: %s: %s", operand, uri, why ? why : ssd_strerror(rc));
    ssd_free(why);
    return status;
}

static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig) {
    stop_signal = sig;
    ssd_interrupt();
}

/* SIGTERM (kill, systemd, a CI timeout) and SIGHUP (a closed terminal or
 * ssh session) used to kill a run with no results printed and a
 * results.json that looked like a running one: they stop it as Ctrl-C
 * does. */
void cli_catch_sigint(struct sigaction *old, int restart) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sa.sa_flags = SA_RESETHAND | (restart ? SA_RESTART : 0);
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, old);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

int cli_stop_signal(void) {
    return stop_signal;
}

int cli_interrupted_status(void) {
    return 128 + (stop_signal ? stop_signal : SIGINT);
}

int cli_run_status(const char *cmd, int rc, const char *errmsg, const char *interrupted_fmt, ...) {
    fflush(stdout);
    if (rc == SSD_EINTERRUPTED) {
        va_list ap;
        va_start(ap, interrupted_fmt);
        cli_report(cmd, cli_interrupted_status(), interrupted_fmt, ap);
        va_end(ap);
        return cli_interrupted_status();
    }
    return rc < 0 ? cli_error(cmd, "%s", errmsg) : 0;
}

double cli_job_percent(const ssd_progress *p) {
    double pct = -1;
    if (p->time_s > 0)
        pct = 100 * p->elapsed_s / p->time_s;
    else if (p->max_bytes)
        pct = 100.0 * (double)p->bytes / (double)p->max_bytes;
    return pct > 100 ? 100 : pct;
}

static int progress_drawn, progress_draw;
static double last_draw;

int cli_no_progress;

int cli_progress_wanted(void) {
    return !cli_no_progress && isatty(STDERR_FILENO);
}

static int cli_fileops_progress(void *user, const ssd_fileops_progress *p) {
    (void)user;
    /* called every CLI_PROGRESS_INTERVAL for a quick Ctrl-C; drawn 4 times a second */
    if (!progress_draw || (last_draw >= 0 && p->elapsed_s - last_draw < 0.25))
        return cli_stop_signal();
    last_draw = p->elapsed_s;
    double mb = (double)p->bytes_done / 1048576.0;
    double rate = p->elapsed_s > 0 ? mb / p->elapsed_s : 0;
    fprintf(stderr, "\r  %-8s %llu/%llu files  %.1f/%.1f MiB  %.1f MiB/s  %.1f s   ", p->phase,
            (unsigned long long)p->files_done, (unsigned long long)p->files_total, mb,
            (double)p->bytes_total / 1048576.0, rate, p->elapsed_s);
    fflush(stderr);
    progress_drawn = 1;
    return cli_stop_signal();
}

void cli_progress_start(const struct cli_spec *spec, void *h, int draw) {
    spec->set_progress(h, cli_fileops_progress, NULL);
    progress_draw = draw;
    last_draw = -1;
    /* SIGTERM (kill, systemd, timeout) and SIGHUP (a closed terminal) stop
     * the run as cleanly as Ctrl-C: nothing partial is left under a final
     * name either way, but a clean stop also removes the unfinished file
     * and reports what was done. */
    cli_catch_sigint(NULL, 1);
}

void cli_progress_end(void) {
    if (progress_drawn)
        fprintf(stderr, "\r%-100s\r", "");
    progress_drawn = 0;
}

int cli_fileops_done(const struct cli_spec *spec, void *h, int rc, int json,
                     const char *interrupted_fmt, ...) {
    cli_progress_end();
    if (rc == SSD_EINTERRUPTED && cli_stop_signal()) {
        va_list ap;
        va_start(ap, interrupted_fmt);
        cli_report(spec->cmd, 1, interrupted_fmt, ap);
        va_end(ap);
        return 1;
    }
    if (rc < 0)
        return cli_error(spec->cmd, "%s", spec->errmsg(h));
    if (!json)
        return -1;
    char *text = NULL;
    if ((rc = spec->to_json(h, SSD_JSON_COMPACT, &text)) == 0)
        cli_print_result(text, 1);
    ssd_free(text);
    return rc ? cli_error(spec->cmd, "the results as JSON: %s", ssd_strerror(rc)) : 0;
}
