/* fo_cli.h - the command-line parser every subcommand reads its flags
 * with (fo_cli_args, fo_cli_read), and the progress line, terminal-safe
 * text and archive summary the fileops subcommands share. */
#ifndef SSD_FO_CLI_H
#define SSD_FO_CLI_H

#include <stdio.h>

#include <ssdcore.h>

#include "cli_options.h"

/* The progress_interval to set with it: how soon Ctrl-C is noticed. */
#define FO_CLI_PROGRESS_INTERVAL "0.02"
/* Whether stderr is a TTY, where the progress line is wanted, and no
 * --no-progress was given. */
int fo_cli_progress_wanted(void);
/* --no-progress, the own flag of every command that draws progress on a
 * terminal: put FO_CLI_NO_PROGRESS in its fo_cli_own list. */
extern int fo_cli_no_progress;
#define FO_CLI_NO_PROGRESS                                                                         \
    { "--no-progress", &fo_cli_no_progress, NULL, NULL }
#define FO_CLI_NO_PROGRESS_HELP "  --no-progress         no progress line on a terminal\n"
/* s with every control character (C0, DEL, C1) and every byte that is not
 * valid UTF-8 written as \xNN, so a hostile file name cannot drive the
 * terminal (move the cursor, retitle the window, hide text). Returns a
 * buffer reused by the next call. */
const char *fo_cli_safe(const char *s);
/* Prints text to out line by line through fo_cli_safe, keeping the line
 * breaks: text made of names from results.json or a catalog (catalog list,
 * report --summary) reaches the terminal as text, never as escape
 * sequences. */
void fo_cli_print_lines(FILE *out, const char *text);
/* fo_cli_safe(s) written to out, without allocating (for messages about
 * running out of memory). */
void fo_cli_put_safe(FILE *out, const char *s);

struct fo_cli_spec;
/* Catches the first SIGINT, SIGTERM or SIGHUP (a second one kills as usual)
 * and gives the fileops handle h of spec (FO_CLI_SPEC) the progress
 * callback that redraws one line on stderr when draw is set and stops the
 * run cleanly after Ctrl-C. */
void fo_cli_progress_start(const struct fo_cli_spec *spec, void *h, int draw);
/* Clears the progress line if one was drawn. */
void fo_cli_progress_end(void);

/* After the run of the fileops handle h of spec returned rc: the progress
 * line cleared; a failure said (interrupted_fmt after Ctrl-C, else the
 * handle's message) with 1; with json the handle's results printed as
 * JSON, 0 (1 when they cannot be had); else -1, for the command's text. */
int fo_cli_done(const struct fo_cli_spec *spec, void *h, int rc, int json,
                const char *interrupted_fmt, ...) __attribute__((format(printf, 5, 6)));

/* A flag of the subcommand itself, not of its library handle: "--json",
 * a short "-v"; one with arg ("--out", "-o") takes "--out VALUE" and
 * "--out=VALUE" ("-o VALUE"). Given, it sets *seen to 1 and its value to
 * *arg (each when not NULL); with both, it may be repeated: arg is an
 * array of room for argc, each value goes to arg[(*seen)++].
 * With key (name too), no flag: *seen says whether the boolean option key
 * was last given as set, by its flag or an alias. */
struct fo_cli_own {
    const char *name;
    int *seen;
    const char **arg;
    const char *key;
};

/* A subcommand's command line: its name and usage (its own flags
 * included), how many positional arguments it takes (exactly npos; -1: any
 * number, pos then has room for argc + 1 and is zeroed) and
 * their names ("SRC DST", for cli_missing), and its handle's option table
 * (NULL: none), whose options from the first-th on are its other flags
 * (--some-key VALUE, a boolean --some-key), with aliases (cli_options.h);
 * the --help lists them under heading, written from the table, or help
 * prints what follows the usage. A command that runs on one target (job,
 * suite, replay) also takes --target and the target's options
 * (cli_target.h), listed before heading. */
struct fo_cli_spec {
    const char *cmd;
    const char *usage;
    int npos;
    const char *operands;
    const ssd_option_info *(*options)(size_t *n);
    size_t first;
    const struct cli_alias *aliases;
    const char *heading;
    int (*set_option)(void *handle, const char *key, const char *value);
    const char *(*errmsg)(const void *handle);
    int target;
    void (*help)(FILE *out);
    const char *set; /* "analysis": --set KEY=VALUE is the table's option KEY too */
    /* a fileops handle's (FO_CLI_SPEC), for fo_cli_progress_start and fo_cli_done */
    int (*to_json)(const void *handle, int flags, char **out);
    int (*set_progress)(void *handle, ssd_fileops_progress_fn fn, void *user);
};

/* Defines name_set_option and name_errmsg, ssd_TYPE_set_option and
 * ssd_TYPE_errmsg with the void pointers fo_cli_spec and cli_table_apply take. */
#define FO_CLI_HANDLE(name, type)                                                                  \
    static int name##_set_option(void *h, const char *key, const char *value) {                    \
        return ssd_##type##_set_option(h, key, value);                                             \
    }                                                                                              \
    static const char *name##_errmsg(const void *h) {                                              \
        return ssd_##type##_errmsg(h);                                                             \
    }

/* Defines `static const struct fo_cli_spec name` for a subcommand whose
 * options go to an ssd_TYPE fileops handle (ssd_TYPE_options, _set_option,
 * _errmsg, _to_json, _set_progress). */
#define FO_CLI_SPEC(name, type, cmd_, usage_, npos_, operands_, first_, aliases_)                  \
    FO_CLI_HANDLE(name, type)                                                                      \
    static int name##_to_json(const void *h, int flags, char **out) {                              \
        return ssd_##type##_to_json(h, flags, out);                                                \
    }                                                                                              \
    static int name##_set_progress(void *h, ssd_fileops_progress_fn fn, void *user) {              \
        return ssd_##type##_set_progress(h, fn, user);                                             \
    }                                                                                              \
    static const struct fo_cli_spec name = {.cmd = (cmd_),                                         \
                                            .usage = (usage_),                                     \
                                            .npos = (npos_),                                       \
                                            .operands = (operands_),                               \
                                            .options = ssd_##type##_options,                       \
                                            .first = (first_),                                     \
                                            .aliases = (aliases_),                                 \
                                            .heading = #type " options (ssd_" #type                \
                                                             "_set_option's keys, with _ for -):", \
                                            .set_option = name##_set_option,                       \
                                            .errmsg = name##_errmsg,                               \
                                            .to_json = name##_to_json,                             \
                                            .set_progress = name##_set_progress}

/* Parses argv[1..argc-1] with getopt_long, as every command does (long
 * flags abbreviate, "--" ends them): the own flags, the table's flags, set
 * on handle at the end (the last value given wins), and the positional
 * arguments into pos[0..npos-1]. The first mistake stops the parse: an
 * unknown option, a missing value, an unexpected positional argument, then
 * a value the handle refuses, then a missing one. Returns -1 when parsed,
 * else the exit status: 0 after printing the usage to stdout (-h, --help),
 * 2 after printing a usage error to stderr. */
int fo_cli_args(const struct fo_cli_spec *spec, void *handle, const struct fo_cli_own *own,
                int argc, char **argv, const char **pos);

/* fo_cli_args up to the values: the table's values given are left in *t
 * (cli_table_apply, cli_table_value; cli_table_free it whatever this
 * returns) and the operands are not counted (npos -1: the command does). */
int fo_cli_read(const struct fo_cli_spec *spec, struct cli_table *t, const struct fo_cli_own *own,
                int argc, char **argv, const char **pos);

#endif
