/* cli_parse.c - the one command-line parser: every command's own flags,
 * its handle's option table as flags and help lines, and the target's. */
#include <ctype.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int cli_opts_append(struct option **opts, size_t *nopts, const struct option *more) {
    size_t k = 0;
    while (more[k].name)
        k++;
    struct option *o = realloc(*opts, (*nopts + k + 1) * sizeof *o);
    if (!o)
        return -1;
    memcpy(o + *nopts, more, (k + 1) * sizeof *o);
    *opts = o;
    *nopts += k;
    return 0;
}

static int cli_table_add(struct cli_table *t, const ssd_option_info *info, size_t n, int first_id,
                         const struct cli_alias *aliases, struct option **opts, size_t *nopts) {
    size_t bytes = 0, nalias = 0;
    for (size_t i = 0; i < n; i++)
        bytes += strlen(info[i].name) + 1;
    for (const struct cli_alias *a = aliases; a && a->flag; a++)
        nalias++;
    *t = (struct cli_table){
        info, n, first_id, aliases, calloc(2 * n + 1, sizeof *t->values), malloc(bytes), NULL};
    t->via = t->values ? t->values + n : NULL;
    struct option *add = calloc(n + nalias + 1, sizeof *add);
    int rc = -1;
    if (!t->values || !t->names || !add)
        goto out;
    char *p = t->names;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const ssd_option_info *o = &info[i];
        int has_arg = o->type == SSD_OPTION_BOOL ? no_argument : required_argument;
        if (!(o->flags & SSD_OPTION_TEST_HOOK)) {
            add[k++] = (struct option){p, has_arg, NULL, first_id + (int)i};
            for (const struct cli_alias *a = aliases; a && a->flag; a++)
                if (!strcmp(a->key, o->name) && a->flag[0] != '-') /* -l: getopt's optstring */
                    add[k++] = (struct option){a->flag, a->value ? no_argument : has_arg, NULL,
                                               first_id + (int)(n + (size_t)(a - aliases))};
        }
        for (const char *s = o->name; *s; s++)
            *p++ = *s == '_' ? '-' : *s;
        *p++ = '\0';
    }
    rc = cli_opts_append(opts, nopts, add);
out:
    free(add);
    return rc;
}

static int cli_table_take(struct cli_table *t, int c, const char *arg) {
    size_t i = (size_t)(c - t->first_id), nalias = 0;
    while (t->aliases && t->aliases[nalias].flag)
        nalias++;
    for (size_t k = 0; k < nalias && c < t->first_id; k++) /* a short alias: -l */
        if (!strcmp(t->aliases[k].flag, (char[]){'-', (char)c, 0}))
            i = t->n + k;
    if (i >= t->n + nalias)
        return 0;
    if (i >= t->n) {
        const struct cli_alias *a = &t->aliases[i - t->n];
        for (i = 0; strcmp(t->info[i].name, a->key);)
            i++;
        t->via[i] = a->flag;
        arg = a->value ? a->value : arg;
    } else {
        t->via[i] = NULL;
    }
    t->values[i] = arg ? arg : "1";
    return 1;
}

static const char cli_via_set[] = "set"; /* via[i] when --set KEY=VALUE gave values[i] */

int cli_table_apply(const struct cli_table *t, const char *cmd, void *h,
                    int (*set)(void *, const char *, const char *),
                    const char *(*errmsg)(const void *), int usage) {
    for (size_t i = 0; i < t->n; i++) {
        const char *via = t->via[i], *v = t->values[i];
        int rc = v ? set(h, t->info[i].name, v) : 0;
        if (!rc)
            continue;
        /* A value the option's table refuses is a usage error (exit 2, the
         * Try line) in every command; a file it names that cannot be read
         * (--reference) or no memory is a failure (exit 1). */
        usage |= rc == SSD_EINVAL || rc == SSD_ERANGE;
        char flag[256]; /* what was typed: --set KEY, --ALIAS, -l; else --KEY */
        if (via == cli_via_set)
            snprintf(flag, sizeof flag, "--set %s", t->info[i].name);
        else if (via)
            snprintf(flag, sizeof flag, "%s%s", via[0] == '-' ? "" : "--", via);
        return cli_bad_value(cmd, usage ? 2 : 1, via ? flag : NULL, t->info[i].name, errmsg(h));
    }
    return 0;
}

const char *cli_table_value(const struct cli_table *t, const char *key) {
    for (size_t i = 0; i < t->n; i++)
        if (!strcmp(t->info[i].name, key))
            return t->values[i];
    return NULL;
}

void cli_table_free(struct cli_table *t) {
    free(t->values); /* via too */
    free(t->names);
}

static void cat(char *b, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void cat(char *b, size_t len, const char *fmt, ...) {
    size_t k = strlen(b);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b + k, len - k, fmt, ap);
    va_end(ap);
}

/* A number as a user types it: 64m, 10ms, 2400h, 100%. */
static void number(char *b, size_t len, const ssd_option_info *o, double v) {
    static const char size_units[] = " kmgtp";
    static const struct {
        double s;
        const char *unit;
    } time_units[] = {{3600, "h"}, {60, "m"}, {1, "s"}, {1e-3, "ms"}};
    *b = '\0';
    if (o->type == SSD_OPTION_SIZE) {
        int u = 5;
        while (u > 0 && (v < ldexp(1, 10 * u) || fmod(v, ldexp(1, 10 * u))))
            u--;
        cat(b, len, "%.0f%.*s", v / ldexp(1, 10 * u), u > 0, &size_units[u]);
    } else if (o->type == SSD_OPTION_DURATION && v > 0) {
        size_t u = 0;
        while (u < 4 && (v < time_units[u].s || fabs(remainder(v / time_units[u].s, 1)) > 1e-9))
            u++;
        if (u < 4)
            cat(b, len, "%.0f%s", v / time_units[u].s, time_units[u].unit);
        else
            cat(b, len, "%gs", v);
    } else {
        cat(b, len, o->type == SSD_OPTION_INT ? "%.0f" : "%g", v);
    }
}

static void cli_help_line(FILE *f, const char *flag, const char *text) {
    int col = fprintf(f, "  %s", flag);
    cli_wrap(f, col + fprintf(f, "%*s", col < 20 ? 22 - col : 2, ""), 22, 80, text);
}

void cli_table_help(FILE *f, const ssd_option_info *info, size_t n,
                    const struct cli_alias *aliases) {
    for (size_t i = 0; i < n; i++) {
        const ssd_option_info *o = &info[i];
        if (o->flags & SSD_OPTION_TEST_HOOK)
            continue;
        char flag[64] = "--", text[1024];
        for (const char *s = o->name; *s; s++)
            cat(flag, sizeof flag, "%c", *s == '_' ? '-' : *s);
        static const char *const meta[] = {"SIZE", "DURATION", "N", "X", "", "WORD", ""};
        cat(flag, sizeof flag, "%s%s", o->type == SSD_OPTION_BOOL ? "" : " ", meta[o->type]);
        for (const char *s = o->unit; o->type == SSD_OPTION_TEXT && *s; s++)
            cat(flag, sizeof flag, "%c", toupper((unsigned char)*s));
        snprintf(text, sizeof text, "%s (", o->help);
        if (o->type == SSD_OPTION_ENUM) {
            const char *last = strrchr(o->words, ' ');
            for (const char *s = o->words; *s; s++)
                cat(text, sizeof text, "%s",
                    *s != ' '   ? (char[2]){*s, 0}
                    : s == last ? " or "
                                : ", ");
        } else if (o->type <= SSD_OPTION_FLOAT && isfinite(o->max)) {
            char lo[32], hi[32];
            number(lo, sizeof lo, o, o->min);
            number(hi, sizeof hi, o, o->max);
            cat(text, sizeof text, "%s..%s%s", lo, hi, strcmp(o->unit, "%") ? "" : "%");
        }
        if (o->default_value[0] && o->type != SSD_OPTION_BOOL)
            cat(text, sizeof text, "%sdefault %s", text[strlen(text) - 1] == '(' ? "" : "; ",
                o->default_value);
        for (const struct cli_alias *a = aliases; a && a->flag; a++)
            if (!strcmp(a->key, o->name))
                cat(text, sizeof text, "%salso %s%s%s%s", text[strlen(text) - 1] == '(' ? "" : "; ",
                    a->flag[0] == '-' ? "" : "--", a->flag, a->value ? " for " : "",
                    a->value ? a->value : "");
        size_t k = strlen(text);
        if (text[k - 1] == '(')
            text[k - 2] = '\0';
        else
            cat(text, sizeof text, ")");
        cli_help_line(f, flag, text);
    }
}

/* getopt_long ids: own flag k is 256 + k (a short one, -v, its letter),
 * --target and the target's options come next, --set, then the table's
 * options (cli_read). */
enum { OPT_TARGET = 1000, OPT_TARGET_TABLE = 1100, OPT_SET = 1999, OPT_TABLE = 2000 };

static const struct cli_alias target_aliases[] = {
    {"size-file", "size", NULL},
    {"no-fitrim", "fitrim", "never"},
    {NULL, NULL, NULL},
};

/* The target's flags on this command line (one target a command): the
 * table's info is NULL for a command that has none. */
static struct cli_table table;
static const char *target_uri; /* --target */

void cli_target_help(FILE *f) {
    size_t n;
    const ssd_option_info *info = ssd_target_options(&n);
    fputs("target (ssd_target_set_option's keys, and ssdcore.Target()'s, with _ for -):\n", f);
    cli_help_line(f, "--target URI", "file, block device or sim:PROFILE (also the first argument)");
    cli_table_help(f, info, n, target_aliases);
}

int cli_target_given(const char *key) {
    return cli_table_value(&table, key) != NULL;
}

CLI_HANDLE(target, target)

int cli_target_operand(const char *cmd, const char *const *pos, const char *missing,
                       const char **uri) {
    *uri = target_uri;
    if (!*uri && *pos)
        *uri = *pos++;
    if (*pos)
        return cli_usage_error(cmd, "unexpected argument '%s'", *pos);
    return *uri ? cli_target_check(cmd, missing, *uri) : cli_missing(cmd, missing, 0);
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

int cli_target_open(const char *cmd, ssd_target *t, const char *uri) {
    int status = cli_target_check(cmd, "TARGET", uri);
    if (status)
        return status;
    int rc = ssd_target_open(t, uri);
    if (rc >= 0)
        return 0;
    /* trim, idle, health... have no --size: the hint to give one is not theirs */
    const char *msg = ssd_target_errmsg(t),
               *hint = table.info ? NULL : strstr(msg, " (give option size");
    status = cli_error(cmd, "%.*s", hint ? (int)(hint - msg) : (int)strlen(msg), msg);
    return rc == SSD_EINTERRUPTED ? cli_interrupted_status() : status; /* during the layout */
}

ssd_target *cli_open_target(const char *cmd, const char *uri, int writes, int destroy,
                            int no_fitrim, int *status) {
    ssd_target *t;
    *status = 1;
    if (ssd_target_create(&t))
        return cli_error(cmd, "out of memory creating the target handle"), NULL;
    ssd_target_set_option(t, writes ? "layout" : "read_only", writes ? "never" : "1");
    if (destroy)
        ssd_target_set_option(t, "destroy_data", "1");
    if (no_fitrim)
        ssd_target_set_option(t, "fitrim", "never");
    if ((*status = cli_target_open(cmd, t, uri))) {
        ssd_target_free(t);
        return NULL;
    }
    return t;
}

/* How many operands names takes ("SRC DST": 2; "IN [OUT]": 2); -1: any
 * number (NULL, "FILE..."). */
static int operand_count(const char *names) {
    if (!names || strstr(names, "..."))
        return -1;
    int n = *names != '\0';
    for (const char *p = names; *p; p++)
        n += *p == ' ';
    return n;
}

/* How many of them must be given: those not in brackets ("IN [OUT]": 1). */
static int operand_least(const char *names) {
    int n = operand_count(names);
    for (const char *p = names; n > 0 && (p = strstr(p, " [")) != NULL; p++)
        n--;
    return n;
}

/* The one grammar of every command (getopt_long): "-" in the optstring
 * gives each operand in its place, so the first mistake is the one named. */
int cli_read(const struct cli_spec *spec, struct cli_table *t, const struct cli_own *own, int argc,
             char **argv, const char **pos) {
    const char *cmd = spec->cmd;
    const int most = operand_count(spec->operands);
    size_t n = 0, nown = 0, nopts = 0, ns = 2, m = 1;
    const ssd_option_info *info = spec->options ? spec->options(&n) + spec->first : NULL;
    n -= info ? spec->first : 0;
    char shorts[16] = "-h";
    *t = (struct cli_table){0};
    for (int k = 0; k < most; k++)
        pos[k] = NULL;
    while (own[nown].name)
        nown++;
    struct option *opts = NULL, *mine = calloc(nown + 2, sizeof *mine);
    if (mine)
        mine[0] = (struct option){"help", no_argument, NULL, 'h'};
    for (size_t k = 0; mine && k < nown; k++)
        if (own[k].name[1] == '-')
            mine[m++] = (struct option){
                own[k].name + 2, own[k].arg ? required_argument : no_argument, NULL, 256 + (int)k};
        else if (!own[k].key && (shorts[ns++] = own[k].name[1]) && own[k].arg)
            shorts[ns++] = ':'; /* -o DIR */
    for (const struct cli_alias *a = spec->aliases; a && a->flag && ns < sizeof shorts - 1; a++)
        if (a->flag[0] == '-')
            shorts[ns++] = a->flag[1];
    static const struct option set[] = {{"set", required_argument, NULL, OPT_SET},
                                        {NULL, 0, NULL, 0}},
                               target[] = {{"target", required_argument, NULL, OPT_TARGET},
                                           {NULL, 0, NULL, 0}};
    size_t tn = 0;
    const ssd_option_info *tinfo = spec->target ? ssd_target_options(&tn) : NULL;
    int status = 2, npos = 0, c;
    if (!mine ||
        (tinfo &&
         (cli_opts_append(&opts, &nopts, target) ||
          cli_table_add(&table, tinfo, tn, OPT_TARGET_TABLE, target_aliases, &opts, &nopts))) ||
        cli_opts_append(&opts, &nopts, mine) ||
        (spec->set && cli_opts_append(&opts, &nopts, set)) ||
        (info && cli_table_add(t, info, n, OPT_TABLE, spec->aliases, &opts, &nopts))) {
        cli_error(cmd, "out of memory for the command line");
        goto out;
    }
    optind = 1;
    while ((c = getopt_long(argc, argv, shorts, opts, NULL)) != -1) {
        const struct cli_own *o = own;
        while (o->name && (o->key || (c >= 256 ? c - 256 != o - own : o->name[1] != c)))
            o++;
        if (c == 1 && (most < 0 || npos < most)) {
            pos[npos++] = optarg;
        } else if (c == 1) {
            cli_usage_error(cmd, "unexpected argument '%s'", optarg);
            goto out;
        } else if (c == 'h') {
            fputs(spec->usage, stdout);
            if (spec->help) {
                spec->help(stdout);
            } else if (info) {
                if (spec->target)
                    cli_target_help(stdout);
                printf("%s\n", spec->heading);
                cli_table_help(stdout, info, n, spec->aliases);
            }
            status = 0;
            goto out;
        } else if (c == OPT_SET) { /* --set KEY=VALUE: the table's flag by its key */
            const char *eq = strchr(optarg, '=');
            size_t k = 0;
            while (
                eq && k < n &&
                (strncmp(info[k].name, optarg, (size_t)(eq - optarg)) || info[k].name[eq - optarg]))
                k++;
            if (!eq || eq == optarg || k == n) {
                if (!eq || eq == optarg)
                    cli_usage_error(cmd, "--set %s: expected KEY=VALUE", optarg);
                else
                    cli_usage_error(cmd, "--set %s: unknown %s option '%.*s'", optarg, spec->set,
                                    (int)(eq - optarg), optarg);
                goto out;
            }
            cli_table_take(t, OPT_TABLE + (int)k, eq + 1);
            t->via[k] = cli_via_set;
        } else if (o->name && c != '?' && o->seen && o->arg) {
            o->arg[(*o->seen)++] = optarg; /* repeated: --label A --label B */
        } else if (o->name && c != '?') {
            if (o->seen)
                *o->seen = 1;
            if (o->arg)
                *o->arg = optarg;
        } else if (c == OPT_TARGET) {
            target_uri = optarg;
        } else if (!cli_table_take(&table, c, optarg) && !cli_table_take(t, c, optarg)) {
            cli_getopt_error(cmd, argv, shorts, opts);
            goto out;
        }
    }
    while (optind < argc && (most < 0 || npos < most)) /* after "--" */
        pos[npos++] = argv[optind++];
    if (optind < argc) {
        cli_usage_error(cmd, "unexpected argument '%s'", argv[optind]);
        goto out;
    }
    status = -1;
out:
    free(opts);
    free(mine);
    return status;
}

int cli_parse(const struct cli_spec *spec, void *handle, const struct cli_own *own, int argc,
              char **argv, const char **pos) {
    struct cli_table t;
    int status = cli_read(spec, &t, own, argc, argv, pos), npos = 0;
    int most = operand_count(spec->operands);
    while (status < 0 && (most < 0 || npos < most) && pos[npos])
        npos++;
    if (status < 0 && cli_table_apply(&t, spec->cmd, handle, spec->set_option, spec->errmsg, 1))
        status = 2;
    else if (status < 0 &&
             (most < 0 ? !npos && spec->operands : npos < operand_least(spec->operands)))
        status = cli_missing(spec->cmd, spec->operands, npos);
    for (const struct cli_own *o = own; status < 0 && o->name; o++)
        if (o->key && cli_table_value(&t, o->key))
            *o->seen = strcmp(cli_table_value(&t, o->key), "0") != 0;
    cli_table_free(&t);
    return status;
}

int cli_args(const char *cmd, const char *usage, const char *names, const struct cli_own *own,
             int argc, char **argv, const char **pos) {
    const struct cli_spec spec = {.cmd = cmd, .usage = usage, .operands = names};
    return cli_parse(&spec, NULL, own, argc, argv, pos);
}

int cli_json_args(const char *cmd, const char *usage, int argc, char **argv, const char *names,
                  int *json, const char **pos) {
    const struct cli_own own[] = {{"--json", json, NULL, NULL}, {NULL, NULL, NULL, NULL}};
    *json = 0;
    return cli_args(cmd, usage, names, own, argc, argv, pos);
}
