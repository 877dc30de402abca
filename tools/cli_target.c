/* cli_target.c - the target options, argument, Ctrl-C and opening shared by
 * job, suite, replay, idle and precondition. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_target.h"
#include "commands.h"
#include "fo_cli.h"

static const struct cli_alias target_aliases[] = {
    {"size-file", "size", NULL},
    {"no-fitrim", "fitrim", "never"},
    {NULL, NULL, NULL},
};

/* The target's flags on this command line (one target a command). */
static struct cli_table table;
static struct option *long_opts;
static const char *target_uri; /* --target */

const struct option *cli_target_long_opts(const struct option *own) {
    static const struct option target[] = {{"target", required_argument, NULL, CLI_OPT_TARGET},
                                           {NULL, 0, NULL, 0}};
    size_t n, k = 0;
    const ssd_option_info *info = ssd_target_options(&n);
    cli_table_free(&table);
    free(long_opts);
    long_opts = NULL;
    if (cli_opts_append(&long_opts, &k, target) ||
        cli_table_add(&table, info, n, CLI_OPT_TARGET_TABLE, target_aliases, &long_opts, &k) ||
        cli_opts_append(&long_opts, &k, own))
        return NULL;
    return long_opts;
}

void cli_target_help(FILE *f) {
    size_t n;
    const ssd_option_info *info = ssd_target_options(&n);
    cli_help_line(f, "--target URI", "file, block device or sim:PROFILE (also the first argument)");
    cli_table_help(f, info, n, target_aliases);
}

int cli_target_option(int c, const char *arg) {
    if (c == CLI_OPT_TARGET)
        target_uri = arg;
    return c == CLI_OPT_TARGET || cli_table_take(&table, c, arg);
}

int cli_target_given(const char *key) {
    return cli_table_value(&table, key) != NULL;
}

FO_CLI_HANDLE(target, target)

int cli_target_operand(const char *cmd, const char *const *pos, const char *missing,
                       const char **uri) {
    *uri = target_uri;
    if (!*uri && *pos)
        *uri = *pos++;
    if (*pos)
        return cli_usage_error(cmd, "unexpected argument '%s'", *pos);
    return *uri ? cli_target_check(cmd, missing, *uri) : cli_missing(cmd, missing, 0);
}

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

int cli_target_create(const char *cmd, ssd_target **out) {
    ssd_target *t = NULL;
    *out = NULL;
    if (ssd_target_create(&t))
        return cli_error(cmd, "out of memory creating the target handle");
    int status = cli_table_apply(&table, cmd, t, target_set_option, target_errmsg, 0);
    if (status)
        ssd_target_free(t);
    else
        *out = t;
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

int cli_target_open(const char *cmd, ssd_target *t, const char *uri) {
    int status = cli_target_check(cmd, "TARGET", uri);
    if (status)
        return status;
    int rc = ssd_target_open(t, uri);
    if (rc >= 0)
        return 0;
    /* trim, idle, health... have no --size: the hint to give one is not theirs */
    const char *msg = ssd_target_errmsg(t),
               *hint = long_opts ? NULL : strstr(msg, " (give option size");
    status = cli_error(cmd, "%.*s", hint ? (int)(hint - msg) : (int)strlen(msg), msg);
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
