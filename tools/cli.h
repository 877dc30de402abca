/* cli.h - the ssdcore CLI: its subcommands (cmd_*.c, one file each) and the
 * one grammar they share (docs/README.md, "CLI conventions"): one parser
 * (cli_parse.c), one wording of messages and results (cli_grammar.c), one
 * way to run on a target and to stop (cli_run.c). cmd is what follows
 * "ssdcore" ("job", "trace info"). */
#ifndef SSD_CLI_H
#define SSD_CLI_H

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>

#include <ssdcore.h>

/* The subcommands, one file each (cmd_*.c): X(name, function, summary),
 * in the order 'ssdcore --help' lists them. Each function returns the
 * process exit status; argv[0] is the subcommand's name. */
#define CLI_COMMANDS(X)                                                                            \
    X("version", cmd_version, "print the version")                                                 \
    X("job", cmd_job, "run one workload on a target (file, device, sim:)")                         \
    X("trim", cmd_trim, "discard a range of a target")                                             \
    X("idle", cmd_idle, "leave a target idle for a while")                                         \
    X("purge", cmd_purge, "sanitize a target: secure discard, back to a fresh drive")              \
    X("precondition", cmd_precondition,                                                            \
      "fill a whole target sequentially or randomly (SNIA preconditioning)")                       \
    X("health", cmd_health, "the drive's health counters and write amplification")                 \
    X("suite", cmd_suite,                                                                          \
      "run a methodology suite (lab2016, apps, cdm5, fill2021...) into a results dir")             \
    X("report", cmd_report, "render report.html again from a results directory")                   \
    X("compare", cmd_compare, "drives side by side: compare.html, .json, .csv from results dirs")  \
    X("identity", cmd_identity, "who the drive is: model, serial, firmware, link, temperature")    \
    X("catalog", cmd_catalog, "keep suite runs in a results catalog (SQLite): add, list")          \
    X("sim", cmd_sim, "simulated drives: profiles and ground truth")                               \
    X("analyze", cmd_analyze, "find phases, cache, folding, recovery in write series")             \
    X("fio-result", cmd_fio_result, "summary and latency percentiles of fio JSON output")          \
    X("copy", cmd_copy, "Robocopy-like tree copy (mirror, list-only, N workers)")                  \
    X("archive", cmd_archive, "pack a tree into a 7z/zip/tar.zst archive (7z Deflate default)")    \
    X("extract", cmd_extract, "unpack an archive securely into a directory")                       \
    X("mkset", cmd_mkset, "generate a deterministic file set: iso, program, work")                 \
    X("filebench", cmd_filebench, "time copy, archive and extract of a file set")                  \
    X("trace", cmd_trace, "block traces: info, convert (fio iolog, blkparse), generate, record")   \
    X("replay", cmd_replay, "replay a block trace or the application scenarios on a target")
#define CLI_DECLARE(name, fn, summary) int fn(int argc, char **argv);
CLI_COMMANDS(CLI_DECLARE)
#undef CLI_DECLARE

/* Opens the catalog at path (NULL: the default) into *out, creating it
 * when create: 0, or 1 with the error printed and *out NULL. */
int cli_catalog_open(const char *cmd, const char *path, int create, ssd_catalog **out);

/* ---- messages (cli_grammar.c) ---------------------------------------------- */

/* The library names an option inside a sentence "option KEY" ("pass
 * option destroy_data to allow it"), so that Python shows the keyword: in
 * out (len bytes), in with each such key of the target, job, suite or
 * replay table spelled as its flag (--destroy-data). "option KEY: detail",
 * a value's message, is cli_bad_value's and is left as it is. */
void cli_flag_spelling(const char *in, char *out, size_t len);
/* Prints "ssdcore CMD: message" to stderr, the library's option names
 * spelled as flags and control characters as \xNN, and returns status. */
int cli_report(const char *cmd, int status, const char *fmt, va_list ap);
/* A usage error, the one wording for all ("ssdcore CMD: message", then
 * "Try 'ssdcore CMD --help'.", on stderr); returns exit status 2. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints "ssdcore CMD: message" to stderr and returns exit status 1. */
int cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The usage error for getopt_long's '?' (opterr is 0: getopt prints
 * nothing): an unknown option, a missing or unwanted value, an ambiguous
 * abbreviation with its candidates in table order. Returns 2. */
struct option;
int cli_getopt_error(const char *cmd, char **argv, const char *optstring,
                     const struct option *longopts);
/* A value an option refuses, the one wording for all: "ssdcore CMD:
 * --FLAG: DETAIL" and the Try line (status 2; status 1, a failure such as a
 * file the option names that cannot be read, leaves out the Try line, and
 * the flag unless errmsg names the option). flag is what was typed
 * ("--iodepth", "--set precondition", "DURATION" for an operand); NULL:
 * --KEY with '-' for '_'. errmsg is the library's "option KEY: DETAIL":
 * the CLI keeps DETAIL and names the flag instead of the key. Returns status. */
int cli_bad_value(const char *cmd, int status, const char *flag, const char *key,
                  const char *errmsg);
/* A word (one of words, separated by spaces; what: what the words are,
 * "format"), size or duration an own flag or operand gave, checked or
 * parsed as the library does its options' values: 0, or the usage error
 * of cli_bad_value in the library's wording. */
int cli_word_value(const char *cmd, const char *flag, const char *what, const char *text,
                   const char *words);
int cli_size_value(const char *cmd, const char *flag, const char *text, uint64_t *out);
int cli_duration_value(const char *cmd, const char *flag, const char *text, double *out);
/* The usage error for the operands of names after the given ones:
 * "missing OUT"; returns 2. */
int cli_missing(const char *cmd, const char *names, int given);
/* Whether arg is -h or --help. */
int cli_is_help(const char *arg);

/* A command of verbs ("trace info"): argv[1] names one, which runs with
 * argc and argv as they are; -h or --help prints the usage cli_verbs_usage
 * writes; no verb or an unknown one is the usage error ("missing command
 * (info, convert)"). */
struct cli_verb {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
};
int cli_verbs(const char *cmd, const char *about, const struct cli_verb *verbs, size_t n, int argc,
              char **argv);
/* "usage: ssdcore [CMD ]COMMAND [ARGS...]", the verbs with their summaries
 * under "commands:", then about. */
void cli_verbs_usage(FILE *f, const char *cmd, const struct cli_verb *verbs, size_t n,
                     const char *about);

/* ---- results (cli_grammar.c) ----------------------------------------------- */

/* Prints a command's JSON result: with --json (as_json) in the one style
 * of every command's --json, compact on one line, else as "key: value"
 * text; both by ssd_json_restyle. Out of memory it says so and exits 1. */
void cli_print_result(const char *json, int as_json);
/* A list command ("trace scenarios"): no argument but --json (and
 * --help); then item(w, json, i) for each of the n items prints its text
 * line unless json and adds its object to the JSON array w, which is
 * printed with --json. item returns 0, or the exit status after a
 * message, which ends the list with nothing printed as JSON. */
int cli_list(const char *cmd, const char *usage, int argc, char **argv, size_t n,
             int (*item)(ssd_json *w, int json, size_t i));
/* A compact ssd_json writer with its top-level object (an array when
 * array) begun; NULL when out of memory, which ssd_json calls and
 * cli_json_put take. */
ssd_json *cli_json_begin(int array);
/* Prints the document w holds as cli_print_result does with --json when
 * print is set, and frees w. Out of memory (w NULL) it says so and exits
 * 1: half a JSON document must not pass for success. */
void cli_json_put(ssd_json *w, int print);
/* text from column col (what the line holds already) on, its words
 * wrapped so that no line reaches width, each further line indented by
 * indent, and a newline; width 0: the text as it is, on one line. */
void cli_wrap(FILE *f, int col, int indent, int width, const char *text);
/* A byte count as every command's text says it: three significant digits
 * and a binary unit ("305 GiB"); the JSON keeps the exact count. The text
 * lives until eight more calls (one line's figures). */
const char *cli_bytes(double bytes);
/* s with every control character (C0, DEL, C1) and every byte that is not
 * valid UTF-8 written as \xNN, so a hostile file name cannot drive the
 * terminal. Returns a buffer reused by the next call. */
const char *cli_safe(const char *s);
/* Prints text (names from results.json or a catalog) to out line by line
 * through cli_safe, keeping the line breaks. */
void cli_print_lines(FILE *out, const char *text);

/* ---- the parser (cli_parse.c) ---------------------------------------------- */

/* A handle's option table (ssd_X_options) as flags: the option some_key
 * is --some-key VALUE, a boolean --some-key (which sets it to 1), and the
 * --help lines are written from the same table, so the flags, their help
 * and the library's keys cannot drift apart. Test hooks are left out.
 * An alias is another flag for an option: another name for it (fio's
 * --iodepth for qd), or, with a value, a flag that sets it to that value
 * (--no-fitrim for fitrim never). */
struct cli_alias {
    const char *flag; /* without the dashes (fileops: "-l", a short flag, with its dash) */
    const char *key;
    const char *value; /* NULL: the flag takes the option's value */
};

/* One handle's flags while a command line is parsed. */
struct cli_table {
    const ssd_option_info *info;
    size_t n;
    int first_id; /* getopt id of option i: first_id + i; of alias k: first_id + n + k */
    const struct cli_alias *aliases;
    const char **values; /* values[i]: the last value given for option i, or NULL */
    char *names;         /* the flag names the long options point into */
    const char **via;    /* via[i]: the alias or --set that gave values[i], or NULL */
};
/* Sets every value given through set(h, key, value), in table order: 0, or
 * the exit status after cli_bad_value (naming "--ALIAS" or "--set KEY"
 * when typed so): 1, or 2 when the value is refused or usage is set. */
int cli_table_apply(const struct cli_table *t, const char *cmd, void *h,
                    int (*set)(void *, const char *, const char *),
                    const char *(*errmsg)(const void *), int usage);
/* The value given for key, or NULL. */
const char *cli_table_value(const struct cli_table *t, const char *key);
/* Prints the help lines of the table's flags, with their aliases. */
void cli_table_help(FILE *f, const ssd_option_info *info, size_t n,
                    const struct cli_alias *aliases);
void cli_table_free(struct cli_table *t);

/* A flag of the subcommand itself, not of its library handle: "--json",
 * a short "-v"; one with arg ("--out", "-o") takes "--out VALUE" and
 * "--out=VALUE" ("-o VALUE"). Given, it sets *seen to 1 and its value to
 * *arg (each when not NULL); with both, it may be repeated: arg is an
 * array of room for argc, each value goes to arg[(*seen)++].
 * With key (name too), no flag: *seen says whether the boolean option key
 * was last given as set, by its flag or an alias. */
struct cli_own {
    const char *name;
    int *seen;
    const char **arg;
    const char *key;
};

/* A subcommand's command line: its name and usage (its own flags
 * included), its operands named as the usage writes them ("SRC DST": two,
 * "" none, "FILE..." one or more; NULL: any number; pos has room for as
 * many, or for argc + 1 and is zeroed), and its handle's option table
 * (NULL: none), whose options from the first-th on are its other flags,
 * with aliases; the --help lists them under heading, or help prints what
 * follows the usage. A command that runs on one target (job, suite,
 * replay) also takes --target and the target's options, listed first. */
struct cli_spec {
    const char *cmd;
    const char *usage;
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
    /* a fileops handle's (CLI_FILEOPS_SPEC), for cli_progress_start and cli_fileops_done */
    int (*to_json)(const void *handle, int flags, char **out);
    int (*set_progress)(void *handle, ssd_fileops_progress_fn fn, void *user);
};

/* Defines name_set_option and name_errmsg, ssd_TYPE_set_option and
 * ssd_TYPE_errmsg with the void pointers cli_spec and cli_table_apply take. */
#define CLI_HANDLE(name, type)                                                                     \
    static int name##_set_option(void *h, const char *key, const char *value) {                    \
        return ssd_##type##_set_option(h, key, value);                                             \
    }                                                                                              \
    static const char *name##_errmsg(const void *h) {                                              \
        return ssd_##type##_errmsg(h);                                                             \
    }

/* Defines `static const struct cli_spec name` for a subcommand whose
 * options go to an ssd_TYPE fileops handle (ssd_TYPE_options, _set_option,
 * _errmsg, _to_json, _set_progress). */
#define CLI_FILEOPS_SPEC(name, type, cmd_, usage_, operands_, first_, aliases_)                    \
    CLI_HANDLE(name, type)                                                                         \
    static int name##_to_json(const void *h, int flags, char **out) {                              \
        return ssd_##type##_to_json(h, flags, out);                                                \
    }                                                                                              \
    static int name##_set_progress(void *h, ssd_fileops_progress_fn fn, void *user) {              \
        return ssd_##type##_set_progress(h, fn, user);                                             \
    }                                                                                              \
    static const struct cli_spec name = {.cmd = (cmd_),                                            \
                                         .usage = (usage_),                                        \
                                         .operands = (operands_),                                  \
                                         .options = ssd_##type##_options,                          \
                                         .first = (first_),                                        \
                                         .aliases = (aliases_),                                    \
                                         .heading = #type " options (ssd_" #type                   \
                                                          "_set_option's keys, with _ for -):",    \
                                         .set_option = name##_set_option,                          \
                                         .errmsg = name##_errmsg,                                  \
                                         .to_json = name##_to_json,                                \
                                         .set_progress = name##_set_progress}

/* Parses argv[1..argc-1] with getopt_long, as every command does (long
 * flags abbreviate, "--" ends them): the own flags, the table's flags, set
 * on handle at the end (the last value given wins), and the operands into
 * pos. The first mistake stops the parse: an unknown option, a
 * missing value, an unexpected operand, then a value the handle refuses,
 * then a missing operand. Returns -1 when parsed, else the exit status: 0
 * after printing the usage to stdout (-h, --help), 2 after a usage error. */
int cli_parse(const struct cli_spec *spec, void *handle, const struct cli_own *own, int argc,
              char **argv, const char **pos);
/* cli_parse up to the values: the table's values given are left in *t
 * (cli_table_apply, cli_table_value; cli_table_free it whatever this
 * returns) and the operands are not counted. */
int cli_read(const struct cli_spec *spec, struct cli_table *t, const struct cli_own *own, int argc,
             char **argv, const char **pos);
/* cli_parse for a command with no handle. */
int cli_args(const char *cmd, const char *usage, const char *names, const struct cli_own *own,
             int argc, char **argv, const char **pos);
/* cli_args for a command whose one flag is --json, *json set. */
int cli_json_args(const char *cmd, const char *usage, int argc, char **argv, const char *names,
                  int *json, const char **pos);

/* ---- the target (cli_parse.c) ---------------------------------------------- */

/* Prints the target's heading and the help lines of --target and of its options. */
void cli_target_help(FILE *f);
/* Whether the target option key was given (a flag: set). */
int cli_target_given(const char *key);
/* After the parse: the first of the operands left (pos, ending with NULL)
 * is the target unless --target named one, and nothing may follow it. 0
 * with *uri set, or exit status 2 after the usage error ("missing
 * MISSING" when there is no target; cli_target_check's, named MISSING). */
int cli_target_operand(const char *cmd, const char *const *pos, const char *missing,
                       const char **uri);
/* Creates a target handle with the target options given applied (not
 * opened yet). 0, or the exit status after the message, with *out NULL. */
int cli_target_create(const char *cmd, ssd_target **out);
/* Opens t at uri: 0, or the exit status after the message (2 for what
 * cli_target_check refuses, the operand named TARGET; 128 + the signal
 * when one stopped the layout of a new file target). */
int cli_target_open(const char *cmd, ssd_target *t, const char *uri);
/* The target at uri of a command with no target flags (trim, idle, purge,
 * precondition, health): read-only (writes 0), or to be written over (no
 * layout; FITRIM unless no_fitrim), with destroy_data when the user passed
 * --destroy-data. Whether a target may lose its data is the library's
 * policy, as for a job and for Python: a sim: drive or a file ssdcore made
 * may, a device or a user's file only with destroy_data (the library's
 * refusal names the flag). NULL after saying why, with the exit status in
 * *status. */
ssd_target *cli_open_target(const char *cmd, const char *uri, int writes, int destroy,
                            int no_fitrim, int *status);

/* ---- running (cli_run.c) --------------------------------------------------- */

/* A sim: URI the simulator refuses (sim:nope, an unknown key, a value it
 * does not take) names a built-in wrongly, as replay's scenario:nope does:
 * a usage error (2) worded "ssdcore CMD: OPERAND: URI: why", before
 * anything is created or opened. A profile file that cannot be read, or a
 * target of another kind that does not open, is a failure (1), found when
 * it is opened. 0 when uri is not refused here. */
int cli_target_check(const char *cmd, const char *operand, const char *uri);
/* From here on the first Ctrl-C, SIGTERM or SIGHUP stops the running
 * layout, job, suite or idle cleanly through ssd_interrupt(), and a file
 * operation through its progress callback; a second one kills as usual.
 * The SIGINT action it replaces goes to *old when old is not NULL.
 * restart: system calls go on after the signal (SA_RESTART), for the file
 * operations; else they fail with EINTR (a wait for a child that must be
 * passed the signal). */
void cli_catch_sigint(struct sigaction *old, int restart);
/* The signal cli_catch_sigint caught (SIGINT, SIGTERM, SIGHUP); 0 when none. */
int cli_stop_signal(void);
/* The exit status of a run stopped that way: 128 + the signal (130 for
 * Ctrl-C, 143 for SIGTERM, 129 for SIGHUP), as a shell reports a kill. */
int cli_interrupted_status(void);
/* The exit status of a run that returned rc, once its results are printed
 * (stdout is flushed first, so they come before any message): 0;
 * cli_interrupted_status() after a stop signal, saying "interrupted" and
 * what the results cover; 1 after errmsg. */
int cli_run_status(const char *cmd, int rc, const char *errmsg, const char *interrupted_fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* How far a job is, in percent (at most 100), or -1 when it runs until
 * neither a time nor a byte count ends it. */
double cli_job_percent(const ssd_progress *p);

/* --no-progress, the own flag of every command that draws progress on a
 * terminal: CLI_NO_PROGRESS in its cli_own list, CLI_NO_PROGRESS_HELP in
 * its usage. */
extern int cli_no_progress;
#define CLI_NO_PROGRESS                                                                            \
    { "--no-progress", &cli_no_progress, NULL, NULL }
#define CLI_NO_PROGRESS_HELP "  --no-progress         no progress line on a terminal\n"
/* Whether stderr is a TTY, where the progress line is wanted, and no
 * --no-progress was given. */
int cli_progress_wanted(void);
/* The progress_interval a fileops handle is given: how soon Ctrl-C is noticed. */
#define CLI_PROGRESS_INTERVAL "0.02"
/* Catches the stop signals (cli_catch_sigint) and gives the fileops
 * handle h of spec the progress callback that redraws one line on stderr
 * when draw is set and stops the run cleanly after Ctrl-C. */
void cli_progress_start(const struct cli_spec *spec, void *h, int draw);
/* Clears the progress line if one was drawn. */
void cli_progress_end(void);
/* After the run of the fileops handle h of spec returned rc: the progress
 * line cleared; a failure said (interrupted_fmt after Ctrl-C, else the
 * handle's message) with 1; with json the handle's results printed as
 * JSON, 0 (1 when they cannot be had); else -1, for the command's text. */
int cli_fileops_done(const struct cli_spec *spec, void *h, int rc, int json,
                     const char *interrupted_fmt, ...) __attribute__((format(printf, 5, 6)));

#endif
