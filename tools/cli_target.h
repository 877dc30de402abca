/* cli_target.h - what the subcommands that run on one target (job, suite,
 * idle) share: the target options and argument, Ctrl-C, opening the target
 * and telling how far a job is. */
#ifndef SSD_CLI_TARGET_H
#define SSD_CLI_TARGET_H

#include <getopt.h>
#include <signal.h>

#include <ssdcore.h>

/* getopt_long ids of the target options, above those of every command. */
enum {
    CLI_OPT_TARGET = 1000,
    CLI_OPT_SIZE_FILE,
    CLI_OPT_DESTROY,
    CLI_OPT_BUFFERED,
    CLI_OPT_NO_FITRIM
};

/* The long options --size-file, --destroy-data, --buffered and --no-fitrim; --target
 * goes where each command lists it (getopt names ambiguous abbreviations'
 * candidates in table order). */
/* clang-format off */
#define CLI_TARGET_LONG_OPTS                                                                       \
    {"size-file", required_argument, NULL, CLI_OPT_SIZE_FILE},                                     \
    {"destroy-data", no_argument, NULL, CLI_OPT_DESTROY},                                          \
    {"buffered", no_argument, NULL, CLI_OPT_BUFFERED},                                             \
    {"no-fitrim", no_argument, NULL, CLI_OPT_NO_FITRIM}
/* clang-format on */

struct cli_target_args {
    const char *uri; /* --target, or the first argument */
    const char *size_file;
    int destroy, buffered, no_fitrim;
};

/* Records getopt_long's c and its optarg when c is one of the target
 * options: 1, else 0. */
int cli_target_option(struct cli_target_args *a, int c, const char *arg);

/* After getopt: the first argument left is the target unless --target
 * named one, and nothing may follow it. 0, or exit status 2 after the usage
 * error (missing: the message when there is no target). */
int cli_target_operand(const char *cmd, int argc, char **argv, struct cli_target_args *a,
                       const char *missing);

/* Creates a target handle with --size-file, --destroy-data and --buffered
 * applied (not opened yet). 0, or the exit status after the message, with
 * *out NULL. */
int cli_target_create(const char *cmd, const struct cli_target_args *a, ssd_target **out);

/* From here on the first Ctrl-C, SIGTERM or SIGHUP stops the running
 * layout, job, suite or idle cleanly through ssd_interrupt(); a second one
 * kills as usual. The SIGINT action it replaces goes to *old when old is
 * not NULL. */
void cli_catch_sigint(struct sigaction *old);

/* The exit status of a run stopped that way: 128 + the signal (130 for
 * Ctrl-C, 143 for SIGTERM, 129 for SIGHUP), as a shell reports a kill. */
int cli_interrupted_status(void);
/* The signal cli_catch_sigint caught (SIGINT, SIGTERM, SIGHUP); 0 when none. */
int cli_stop_signal(void);

/* Opens t at uri: 0, or the exit status after the message (130 when Ctrl-C
 * stopped the layout of a new file target). */
int cli_target_open(const char *cmd, ssd_target *t, const char *uri);

/* The exit status of a job or suite run that returned rc, once its results
 * are printed (stdout is flushed first, so they come before any message):
 * 0; cli_interrupted_status() after Ctrl-C/SIGTERM/SIGHUP, saying "interrupted" and what the
 * results cover; 1 after errmsg. */
int cli_run_status(const char *cmd, int rc, const char *errmsg, const char *interrupted_fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* How far a job is, in percent (at most 100), or -1 when it runs until
 * neither a time nor a byte count ends it. */
double cli_job_percent(const ssd_progress *p);

#endif
