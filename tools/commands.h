/* commands.h - the ssdcore CLI's subcommands, one file each (cmd_*.c). */
#ifndef SSD_CLI_COMMANDS_H
#define SSD_CLI_COMMANDS_H

#include <stdarg.h>

/* Each returns the process exit status. argv[0] is the subcommand name. */
typedef int (*ssd_cli_fn)(int argc, char **argv);

struct ssd_cli_command {
    const char *name;
    ssd_cli_fn fn;
    const char *summary;
};

int cmd_version(int argc, char **argv);
int cmd_job(int argc, char **argv);
int cmd_trim(int argc, char **argv);
int cmd_idle(int argc, char **argv);
int cmd_health(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_suite(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_catalog(int argc, char **argv);
int cmd_identity(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_fio_result(int argc, char **argv);
int cmd_copy(int argc, char **argv);
int cmd_archive(int argc, char **argv);
int cmd_extract(int argc, char **argv);
int cmd_mkset(int argc, char **argv);
int cmd_filebench(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_replay(int argc, char **argv);

/* Prints "ssdcore CMD: message" to stderr and returns status. */
int cli_report(const char *cmd, int status, const char *fmt, va_list ap);
/* Prints "ssdcore CMD: message" to stderr and returns exit status 2. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints "ssdcore CMD: message" to stderr and returns exit status 1. */
int cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
