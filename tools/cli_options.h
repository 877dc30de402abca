/* cli_options.h - a handle's option table (ssd_X_options, ssdcore/base.h)
 * as command-line flags: the option some_key is --some-key VALUE, a
 * boolean --some-key (which sets it to 1); the --help lines are written
 * from the same table, so the flags, their help and the library's keys
 * cannot drift apart. Test hooks are left out. */
#ifndef SSD_CLI_OPTIONS_H
#define SSD_CLI_OPTIONS_H

#include <getopt.h>
#include <stdio.h>

#include <ssdcore.h>

/* Another flag for an option: another name for it (fio's --iodepth for
 * qd), or, with a value, a flag that sets it to that value (--no-fitrim
 * for fitrim never). */
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
    const char **via;    /* via[i]: the alias that gave values[i], or NULL */
};

/* Appends the long options in more (ending with a {NULL} entry) to *opts,
 * which holds *nopts of them and a {NULL} after them; it is reallocated.
 * 0, or -1 out of memory. */
int cli_opts_append(struct option **opts, size_t *nopts, const struct option *more);

/* Appends the table's long options, each followed by its aliases (which
 * end with a {NULL} entry), as cli_opts_append does. 0, or -1 out of
 * memory. */
int cli_table_add(struct cli_table *t, const ssd_option_info *info, size_t n, int first_id,
                  const struct cli_alias *aliases, struct option **opts, size_t *nopts);

/* Records getopt's c and its optarg when c is one of the table's ids or
 * the letter of a short alias ("-l", which the caller puts in getopt's
 * optstring): 1, else 0. */
int cli_table_take(struct cli_table *t, int c, const char *arg);

extern const char cli_via_set[]; /* via[i] when --set KEY=VALUE gave values[i] */

/* Sets every value given through set(h, key, value), in table order: 0, or
 * the exit status after "ssdcore CMD: ERRMSG" (after "--ALIAS VALUE: " or
 * "--set KEY=VALUE: " when typed so): 1, or 2 as a usage error when usage is set. */
int cli_table_apply(const struct cli_table *t, const char *cmd, void *h,
                    int (*set)(void *, const char *, const char *),
                    const char *(*errmsg)(const void *), int usage);

/* The value given for key, or NULL. */
const char *cli_table_value(const struct cli_table *t, const char *key);

/* Prints the help lines of the table's flags, with their aliases. */
void cli_table_help(FILE *f, const ssd_option_info *info, size_t n,
                    const struct cli_alias *aliases);

/* Prints "  --flag ARG" and its help wrapped at 79 columns, as every help
 * line of a table does. */
void cli_help_line(FILE *f, const char *flag, const char *text);

void cli_table_free(struct cli_table *t);

/* A byte count as every command's text says it: three significant digits
 * and a binary unit ("305 GiB"); the JSON keeps the exact count. */
const char *cli_bytes_text(double bytes, char *buf, size_t len);

#endif
