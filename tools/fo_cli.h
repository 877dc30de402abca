/* fo_cli.h - helpers shared by the fileops subcommands (copy, archive,
 * extract, mkset, filebench). */
#ifndef SSD_FO_CLI_H
#define SSD_FO_CLI_H

#include <stdio.h>

#include <ssdcore.h>

/* Writes s as a JSON string literal (with quotes). */
void fo_cli_json_str(FILE *out, const char *s);

/* A progress callback that redraws one line on stderr (when
 * fo_cli_progress_start(1) asked for it; user is unused) and returns
 * non-zero after Ctrl-C, so the run stops cleanly. Install it always. */
int fo_cli_progress(void *user, const ssd_fileops_progress *p);
/* The progress_interval to set with it: how soon Ctrl-C is noticed. */
#define FO_CLI_PROGRESS_INTERVAL "0.05"
/* Whether stderr is a TTY, where the progress line is wanted. */
int fo_cli_progress_wanted(void);
/* Catches the first SIGINT (the second kills as usual) and sets whether
 * fo_cli_progress draws. */
void fo_cli_progress_start(int draw);
/* Whether Ctrl-C was pressed since fo_cli_progress_start(). */
int fo_cli_interrupted(void);
/* Clears the progress line if one was drawn. */
void fo_cli_progress_end(void);

/* Prints an archive/extract result as text or JSON. */
void fo_cli_print_archive_result(FILE *out, const char *what, const char *archive, const char *tree,
                                 const ssd_archive_result *r, int json);

/* Returns the value of an option that takes an argument: "--opt VALUE" or
 * "--opt=VALUE". Advances *i. NULL (and prints usage error) when missing. */
const char *fo_cli_optarg(const char *cmd, int argc, char **argv, int *i, const char *name,
                          int *bad);

#endif
