/* cli_target.h - what the subcommands that run on one target (job, suite,
 * replay; idle and precondition for Ctrl-C) share: the target options and
 * argument, Ctrl-C, opening the target and telling how far a job is. */
#ifndef SSD_CLI_TARGET_H
#define SSD_CLI_TARGET_H

#include <getopt.h>
#include <signal.h>
#include <stdio.h>

#include <ssdcore.h>

#include "cli_options.h"

/* getopt_long ids of --target and of the target's options, above those of
 * every command. */
enum { CLI_OPT_TARGET = 1000, CLI_OPT_TARGET_TABLE = 1100 };

/* The long options of a command that runs on one target: --target, the
 * target handle's options made from its table (--size, also --size-file;
 * --destroy-data; --buffered; --read-only; --fitrim, also --no-fitrim;
 * --layout), then own (ending with a {NULL} entry). The array lives until
 * the process ends (one target per command line). NULL: out of memory. */
const struct option *cli_target_long_opts(const struct option *own);

/* Prints the help lines of --target and of the target's options. */
void cli_target_help(FILE *f);

/* Records getopt_long's c and its optarg when c is --target or one of the
 * target's options: 1, else 0. */
int cli_target_option(int c, const char *arg);

/* Whether the target option key was given (a flag: set). */
int cli_target_given(const char *key);

/* After the parse: the first of the operands left (pos, ending with NULL)
 * is the target unless --target named one, and nothing may follow it. 0
 * with *uri set, or exit status 2 after the usage error ("missing
 * MISSING" when there is no target; cli_target_check's, named MISSING). */
int cli_target_operand(const char *cmd, const char *const *pos, const char *missing,
                       const char **uri);

/* A sim: URI the simulator refuses (an unknown profile: sim:nope; an
 * unknown key; a value it does not take) names a built-in wrongly, as
 * replay's scenario:nope does: a usage error (2) worded "ssdcore CMD:
 * OPERAND: URI: why", with the Try line, before anything is created or
 * opened. A profile file that cannot be read, or a target of another kind
 * that does not open, is a failure (1), found when it is opened. 0 when
 * uri is not refused here. */
int cli_target_check(const char *cmd, const char *operand, const char *uri);

/* Creates a target handle with the target options given applied (not
 * opened yet). 0, or the exit status after the message, with *out NULL. */
int cli_target_create(const char *cmd, ssd_target **out);

/* From here on the first Ctrl-C, SIGTERM or SIGHUP stops the running
 * layout, job, suite or idle cleanly through ssd_interrupt(), and a file
 * operation through its progress callback (fo_cli_progress); a second one
 * kills as usual. The SIGINT action it replaces goes to *old when old is
 * not NULL. restart: system calls go on after the signal (SA_RESTART), for
 * the file operations; else they fail with EINTR (a wait for a child that
 * must be passed the signal). */
void cli_catch_sigint(struct sigaction *old, int restart);

/* The exit status of a run stopped that way: 128 + the signal (130 for
 * Ctrl-C, 143 for SIGTERM, 129 for SIGHUP), as a shell reports a kill. */
int cli_interrupted_status(void);
/* The signal cli_catch_sigint caught (SIGINT, SIGTERM, SIGHUP); 0 when none. */
int cli_stop_signal(void);

/* Opens t at uri: 0, or the exit status after the message (2 for what
 * cli_target_check refuses, the operand named TARGET; 130 when Ctrl-C
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
