/* fo_cli.c - the one command-line parser, and helpers of the fileops subcommands. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_target.h"
#include "commands.h"
#include "fo_cli.h"

const char *fo_cli_safe(const char *s) {
    static char *buf;
    static size_t cap;
    if (!s)
        return "";
    size_t need = strlen(s) * 4 + 1;
    if (need > cap) {
        char *g = realloc(buf, need);
        if (!g)
            return "(message dropped: out of memory)";
        buf = g;
        cap = need;
    }
    ssd_printable(s, buf);
    return buf;
}

void fo_cli_put_safe(FILE *out, const char *s) {
    /* No allocation: this prints the messages of running out of memory. */
    char chunk[256], esc[4 * sizeof chunk];
    for (size_t n = strlen(s); n;) {
        size_t k = n < sizeof chunk - 1 ? n : sizeof chunk - 1;
        /* Never split a UTF-8 sequence between chunks. */
        while (k < n && k > 1 && ((unsigned char)s[k] & 0xc0) == 0x80)
            k--;
        memcpy(chunk, s, k);
        chunk[k] = 0;
        ssd_printable(chunk, esc);
        fputs(esc, out);
        s += k;
        n -= k;
    }
}

void fo_cli_print_lines(FILE *out, const char *text) {
    for (const char *p = text; p && *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char *line = strndup(p, n);
        if (line)
            fo_cli_put_safe(out, line);
        else
            fputs("(line dropped: out of memory)", out);
        free(line);
        if (nl)
            fputc('\n', out);
        p += n + (nl != NULL);
    }
}

static int progress_drawn, progress_draw;
static double last_draw;

int fo_cli_no_progress;

int fo_cli_progress_wanted(void) {
    return !fo_cli_no_progress && isatty(STDERR_FILENO);
}

static int fo_cli_progress(void *user, const ssd_fileops_progress *p);

void fo_cli_progress_start(const struct fo_cli_spec *spec, void *h, int draw) {
    spec->set_progress(h, fo_cli_progress, NULL);
    progress_draw = draw;
    last_draw = -1;
    /* SIGTERM (kill, systemd, timeout) and SIGHUP (a closed terminal) stop
     * the run as cleanly as Ctrl-C: nothing partial is left under a final
     * name either way, but a clean stop also removes the unfinished file
     * and reports what was done. */
    cli_catch_sigint(NULL, 1);
}

static int fo_cli_progress(void *user, const ssd_fileops_progress *p) {
    (void)user;
    /* called every FO_CLI_PROGRESS_INTERVAL for a quick Ctrl-C; drawn 4 times a second */
    if (!progress_draw || (last_draw >= 0 && p->elapsed_s - last_draw < 0.25))
        return cli_stop_signal();
    last_draw = p->elapsed_s;
    double mb = (double)p->bytes_done / 1048576.0;
    double rate = p->elapsed_s > 0 ? mb / p->elapsed_s : 0;
    fprintf(stderr, "\r  %-8s %llu/%llu files  %.1f/%.1f MiB  %.1f MiB/s  %.1f s   ", p->phase,
            (unsigned long long)p->files_done, (unsigned long long)p->files_total, mb,
            (double)p->bytes_total / 1048576.0, rate, p->elapsed_s);
    fflush(stderr);
    progress_drawn = 1;
    return cli_stop_signal();
}

void fo_cli_progress_end(void) {
    if (progress_drawn)
        fprintf(stderr, "\r%-100s\r", "");
    progress_drawn = 0;
}

int fo_cli_done(const struct fo_cli_spec *spec, void *h, int rc, int json,
                const char *interrupted_fmt, ...) {
    fo_cli_progress_end();
    if (rc == SSD_EINTERRUPTED && cli_stop_signal()) {
        va_list ap;
        va_start(ap, interrupted_fmt);
        cli_report(spec->cmd, 1, interrupted_fmt, ap);
        va_end(ap);
        return 1;
    }
    if (rc < 0)
        return cli_error(spec->cmd, "%s", spec->errmsg(h));
    if (!json)
        return -1;
    char *text = NULL;
    if ((rc = spec->to_json(h, SSD_JSON_COMPACT, &text)) == 0)
        cli_print_result(text, 1);
    ssd_free(text);
    return rc ? cli_error(spec->cmd, "the results as JSON: %s", ssd_strerror(rc)) : 0;
}

/* The one grammar of every command (getopt_long, cli_options.h): own flag
 * k is getopt id 256 + k (a short one, -v, its letter), the target's
 * options are cli_target.h's ids, the table's options 2000 on; "-" in the
 * optstring gives each positional argument in its place, so the first
 * mistake is the one named. */
int fo_cli_read(const struct fo_cli_spec *spec, struct cli_table *t, const struct fo_cli_own *own,
                int argc, char **argv, const char **pos) {
    const char *cmd = spec->cmd;
    size_t n = 0, nown = 0, nopts = 0, ns = 2, m = 1;
    const ssd_option_info *info = spec->options ? spec->options(&n) + spec->first : NULL;
    n -= info ? spec->first : 0;
    char shorts[16] = "-h";
    *t = (struct cli_table){0};
    for (int k = 0; k < spec->npos; k++)
        pos[k] = NULL;
    while (own[nown].name)
        nown++;
    struct option *opts = NULL, *mine = calloc(nown + 2, sizeof *mine);
    const struct option *all = NULL;
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
    static const struct option set[] = {{"set", required_argument, NULL, 1999}, {NULL, 0, NULL, 0}};
    int status = 2, npos = 0, c;
    if (!mine || cli_opts_append(&opts, &nopts, mine) ||
        (spec->set && cli_opts_append(&opts, &nopts, set)) ||
        (info && cli_table_add(t, info, n, 2000, spec->aliases, &opts, &nopts)) ||
        !(all = spec->target ? cli_target_long_opts(opts) : opts)) {
        cli_error(cmd, "out of memory for the command line");
        goto out;
    }
    optind = 1;
    while ((c = getopt_long(argc, argv, shorts, all, NULL)) != -1) {
        const struct fo_cli_own *o = own;
        while (o->name && (o->key || (c >= 256 ? c - 256 != o - own : o->name[1] != c)))
            o++;
        if (c == 1 && (spec->npos < 0 || npos < spec->npos)) {
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
        } else if (c == 1999) { /* --set KEY=VALUE: the table's flag by its key */
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
            cli_table_take(t, 2000 + (int)k, eq + 1);
            t->via[k] = cli_via_set;
        } else if (o->name && c != '?' && o->seen && o->arg) {
            o->arg[(*o->seen)++] = optarg; /* repeated: --label A --label B */
        } else if (o->name && c != '?') {
            if (o->seen)
                *o->seen = 1;
            if (o->arg)
                *o->arg = optarg;
        } else if (!(spec->target && cli_target_option(c, optarg)) &&
                   !cli_table_take(t, c, optarg)) {
            cli_getopt_error(cmd, argv, shorts, all);
            goto out;
        }
    }
    while (optind < argc && (spec->npos < 0 || npos < spec->npos)) /* after "--" */
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

int fo_cli_args(const struct fo_cli_spec *spec, void *handle, const struct fo_cli_own *own,
                int argc, char **argv, const char **pos) {
    struct cli_table t;
    int status = fo_cli_read(spec, &t, own, argc, argv, pos), npos = 0;
    while (status < 0 && spec->npos >= 0 && npos < spec->npos && pos[npos])
        npos++;
    if (status < 0 && cli_table_apply(&t, spec->cmd, handle, spec->set_option, spec->errmsg, 1))
        status = 2;
    else if (status < 0 && spec->npos >= 0 && npos != spec->npos)
        status = cli_missing(spec->cmd, spec->operands, npos);
    for (const struct fo_cli_own *o = own; status < 0 && o->name; o++)
        if (o->key && cli_table_value(&t, o->key))
            *o->seen = strcmp(cli_table_value(&t, o->key), "0") != 0;
    cli_table_free(&t);
    return status;
}
