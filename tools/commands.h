/* commands.h - the ssdcore CLI's subcommands, one file each (cmd_*.c). */
#ifndef SSD_CLI_COMMANDS_H
#define SSD_CLI_COMMANDS_H

#include <stdarg.h>

#include <ssdcore.h>

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
int cmd_purge(int argc, char **argv);
int cmd_precondition(int argc, char **argv);
int cmd_health(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_suite(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_catalog(int argc, char **argv);
/* Opens the catalog at path (NULL: the default) into *out, creating it
 * when create: 0, or 1 with the error printed and *out NULL. */
int cli_catalog_open(const char *cmd, const char *path, int create, ssd_catalog **out);
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

/* The grammar every subcommand shares (cli_grammar.c; docs/README.md "CLI
 * conventions"). cmd is what follows "ssdcore" ("job", "trace info"). */

/* The library names an option inside a sentence "option KEY" ("pass
 * option destroy_data to allow it"), so that Python shows the keyword: in
 * out (len bytes), in with each such key of the target, job, suite or
 * replay table spelled as its flag (--destroy-data). "option KEY: detail",
 * a value's message, is cli_bad_value's and is left as it is. */
void cli_flag_spelling(const char *in, char *out, size_t len);
/* Prints "ssdcore CMD: message" to stderr, the library's option names
 * spelled as flags (cli_flag_spelling), and returns status. */
int cli_report(const char *cmd, int status, const char *fmt, va_list ap);
/* A usage error, the one wording for all:
 *   ssdcore CMD: message
 *   Try 'ssdcore CMD --help'.
 * on stderr; returns exit status 2. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints "ssdcore CMD: message" to stderr and returns exit status 1. */
int cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

struct option;
/* The usage error for getopt_long's '?' (opterr is 0: getopt prints
 * nothing): an unknown option, a missing or unwanted value, an ambiguous
 * abbreviation with its candidates in table order. Returns 2. */
int cli_getopt_error(const char *cmd, char **argv, const char *optstring,
                     const struct option *longopts);
/* A command of verbs ("trace info"): argv[1] names one, which runs with
 * argc and argv as they are; -h or --help prints usage; no verb or an
 * unknown one is the usage error ("missing command (info, convert)"). */
struct cli_verb {
    const char *name;
    int (*fn)(int argc, char **argv);
};
int cli_verbs(const char *cmd, const char *usage, const struct cli_verb *verbs, size_t n, int argc,
              char **argv);
/* Whether arg is -h or --help. */
int cli_is_help(const char *arg);
/* A value an option refuses, the one wording for all:
 *   ssdcore CMD: --FLAG: DETAIL
 *   Try 'ssdcore CMD --help'.
 * (status 2; status 1, a failure such as a file the option names that
 * cannot be read, leaves out the Try line, and the flag unless errmsg names
 * the option). flag is what was typed
 * ("--iodepth", "--set precondition", "DURATION" for an operand); NULL:
 * --KEY with '-' for '_'. errmsg is the library's, whose option messages
 * all read "option KEY: DETAIL": the CLI keeps DETAIL and names the flag
 * instead of the key. Returns status. */
int cli_bad_value(const char *cmd, int status, const char *flag, const char *key,
                  const char *errmsg);
/* A word (one of words, separated by spaces), size or duration an own
 * flag (or operand) gave, checked or parsed as the library does its
 * options' values (what: what the words are, "format"): 0, or the usage
 * error of cli_bad_value, in the library's wording of a value that is not
 * one of the words / a size / a duration. */
int cli_word_value(const char *cmd, const char *flag, const char *what, const char *text,
                   const char *words);
int cli_size_value(const char *cmd, const char *flag, const char *text, uint64_t *out);
int cli_duration_value(const char *cmd, const char *flag, const char *text, double *out);
/* The usage error for given operands of names: "missing OUT"; returns 2. */
int cli_missing(const char *cmd, const char *names, int given);
/* The command line of a command with no handle, read as fo_cli_args
 * reads it (argv[0] is the command; argv + 1 after a sub-verb): its own
 * flags (fo_cli.h), its operands named as the usage writes them ("" none,
 * "IN OUT", "FILE..." one or more) into pos (room for as many, or for
 * argc + 1 and zeroed with "..."): -1 to go on, or the exit status: 0
 * after printing usage (-h, --help), 2 after a usage error. */
struct fo_cli_own;
int cli_args(const char *cmd, const char *usage, const char *names, const struct fo_cli_own *own,
             int argc, char **argv, const char **pos);
/* cli_args for a command whose one flag is --json, *json set. */
int cli_json_args(const char *cmd, const char *usage, int argc, char **argv, const char *names,
                  int *json, const char **pos);
/* Prints a command's JSON result: with --json (as_json) in the one style
 * of every command's --json, compact on one line (docs/README.md), else as
 * "key: value" text; both by ssd_json_restyle. Out of memory it says so and
 * exits with status 1. */
void cli_print_result(const char *json, int as_json);

/* A compact ssd_json writer (ssdcore/base.h) with its top-level object (an
 * array when array) begun, for cli_json_put; NULL when out of memory, which
 * the ssd_json calls and cli_json_put take. */
ssd_json *cli_json_begin(int array);

/* Prints the document w holds (ssd_json, ssdcore/base.h) as
 * cli_print_result does with --json when print is set, and frees w. Out of memory (w NULL:
 * ssd_json_create ran out) it says so and exits with status 1: half a JSON
 * document must not pass for success. */
void cli_json_put(ssd_json *w, int print);

#endif
