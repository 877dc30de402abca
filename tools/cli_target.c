/* cli_target.c - the target options, argument, Ctrl-C and opening shared by
 * job, suite and idle. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli_target.h"
#include "commands.h"

int cli_target_option(struct cli_target_args *a, int c, const char *arg) {
    switch (c) {
    case CLI_OPT_TARGET:
        a->uri = arg;
        return 1;
    case CLI_OPT_SIZE_FILE:
        a->size_file = arg;
        return 1;
    case CLI_OPT_DESTROY:
        a->destroy = 1;
        return 1;
    case CLI_OPT_BUFFERED:
        a->buffered = 1;
        return 1;
    case CLI_OPT_NO_FITRIM:
        a->no_fitrim = 1;
        return 1;
    }
    return 0;
}

int cli_target_operand(const char *cmd, int argc, char **argv, struct cli_target_args *a,
                       const char *missing) {
    if (optind < argc && !a->uri)
        a->uri = argv[optind++];
    if (optind < argc)
        return cli_usage_error(cmd, "unexpected argument '%s'", argv[optind]);
    if (!a->uri)
        return cli_usage_error(cmd, "%s", missing);
    return 0;
}

int cli_target_create(const char *cmd, const struct cli_target_args *a, ssd_target **out) {
    ssd_target *t = NULL;
    *out = NULL;
    if (ssd_target_create(&t))
        return cli_error(cmd, "out of memory creating the target handle");
    if (a->size_file && ssd_target_set_option(t, "size", a->size_file)) {
        int status = cli_error(cmd, "--size-file: %s", ssd_target_errmsg(t));
        ssd_target_free(t);
        return status;
    }
    if (a->destroy)
        ssd_target_set_option(t, "destroy_data", "1");
    if (a->buffered)
        ssd_target_set_option(t, "buffered", "1");
    if (a->no_fitrim)
        ssd_target_set_option(t, "fitrim", "never");
    *out = t;
    return 0;
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
void cli_catch_sigint(struct sigaction *old) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sa.sa_flags = SA_RESETHAND;
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

int cli_target_open(const char *cmd, ssd_target *t, const char *uri) {
    int rc = ssd_target_open(t, uri);
    if (rc >= 0)
        return 0;
    int status = cli_error(cmd, "%s", ssd_target_errmsg(t));
    return rc == SSD_EINTERRUPTED ? cli_interrupted_status() : status; /* during the layout */
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
