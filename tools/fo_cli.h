/* fo_cli.h - helpers shared by the fileops subcommands (copy, archive,
 * extract, mkset, filebench). */
#ifndef SSD_FO_CLI_H
#define SSD_FO_CLI_H

#include <stdio.h>

#include <ssdcore.h>

/* A progress callback that redraws one line on stderr (when
 * fo_cli_progress_start(1) asked for it; user is unused) and returns
 * non-zero after Ctrl-C, so the run stops cleanly. Install it always. */
int fo_cli_progress(void *user, const ssd_fileops_progress *p);
/* The progress_interval to set with it: how soon Ctrl-C is noticed. */
#define FO_CLI_PROGRESS_INTERVAL "0.02"
/* Whether stderr is a TTY, where the progress line is wanted. */
int fo_cli_progress_wanted(void);
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

/* Catches the first SIGINT, SIGTERM or SIGHUP (a second one kills as usual)
 * and sets whether
 * fo_cli_progress draws. */
void fo_cli_progress_start(int draw);
/* Whether Ctrl-C was pressed since fo_cli_progress_start(). */
int fo_cli_interrupted(void);
/* Clears the progress line if one was drawn. */
void fo_cli_progress_end(void);

/* Prints an archive/extract result as text or JSON. */
void fo_cli_print_archive_result(FILE *out, const char *what, const char *archive, const char *tree,
                                 const ssd_archive_result *r, int json);

/* One option of a fileops subcommand. One that takes no value matches only
 * exactly ("--json"); one that does (has_value) matches "--opt VALUE" and
 * "--opt=VALUE". Given, it sets the library option key (when not NULL) to
 * value or to its argument, sets *seen to 1 and stores its argument in *arg
 * (each when not NULL). */
struct fo_cli_opt {
    const char *name;
    int has_value;
    const char *key;
    const char *value;
    int *seen;
    const char **arg;
};

/* Table entries: a flag that sets the library option key to value, and an
 * option that sets key to its argument. */
#define FO_CLI_FLAG(name, key, value)                                                              \
    { (name), 0, (key), (value), NULL, NULL }
#define FO_CLI_VALUE(name, key)                                                                    \
    { (name), 1, (key), NULL, NULL, NULL }

/* A fileops subcommand's command line: its name and usage, how many
 * positional arguments it takes (exactly npos) and the message when there
 * are fewer, and how options are set on its library handle. */
struct fo_cli_spec {
    const char *cmd;
    const char *usage; /* printed for -h or --help */
    int npos;
    const char *missing;
    int (*set_option)(void *handle, const char *key, const char *value);
    const char *(*errmsg)(void *handle);
};

/* Defines `static const struct fo_cli_spec name` for a subcommand whose
 * options go to an ssd_TYPE handle (ssd_TYPE_set_option, ssd_TYPE_errmsg). */
#define FO_CLI_SPEC(name, type, cmd, usage, npos, missing)                                         \
    static int name##_set_option(void *h, const char *key, const char *value) {                    \
        return ssd_##type##_set_option(h, key, value);                                             \
    }                                                                                              \
    static const char *name##_errmsg(void *h) {                                                    \
        return ssd_##type##_errmsg(h);                                                             \
    }                                                                                              \
    static const struct fo_cli_spec name = {(cmd),     (usage),           (npos),                  \
                                            (missing), name##_set_option, name##_errmsg}

/* Parses argv[1..argc-1] with the options in opts (ended by {0}), setting
 * them on handle as they come, and the positional arguments into
 * pos[0..npos-1]. The first mistake stops the parse: an unknown option, a
 * missing or refused value, one positional argument too many or too few.
 * Returns 0 when parsed, 1 after printing the usage to stdout (-h, --help),
 * -1 after printing a usage error to stderr. */
int fo_cli_parse(const struct fo_cli_spec *spec, void *handle, const struct fo_cli_opt *opts,
                 int argc, char **argv, const char **pos);

#endif
