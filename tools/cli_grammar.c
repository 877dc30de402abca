/* cli_grammar.c - what every subcommand says the same way: usage errors,
 * option mistakes, --help and --json, and a result as text or JSON. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Whether key (n bytes) is an option of a handle the CLI has flags for. */
static int known_key(const char *key, size_t n) {
    const ssd_option_info *(*const tables[])(size_t *) = {ssd_target_options, ssd_job_options,
                                                          ssd_suite_options, ssd_replay_options};
    for (size_t k = 0; k < sizeof tables / sizeof *tables; k++) {
        size_t count;
        const ssd_option_info *info = tables[k](&count);
        for (size_t i = 0; i < count; i++)
            if (strlen(info[i].name) == n && !strncmp(info[i].name, key, n))
                return 1;
    }
    return 0;
}

void cli_flag_spelling(const char *in, char *out, size_t len) {
    static const char word[] = "option ";
    const size_t w = sizeof word - 1;
    size_t k = 0;
    while (*in && k + 1 < len) {
        size_t n = 0;
        if (!strncmp(in, word, w) && (k == 0 || out[k - 1] == ' ' || out[k - 1] == '('))
            n = strspn(in + w, "abcdefghijklmnopqrstuvwxyz_");
        /* "option KEY: detail" is cli_bad_value's; inside a sentence: --KEY */
        if (n && in[w + n] != ':' && known_key(in + w, n) && k + n + 3 < len) {
            out[k++] = '-';
            out[k++] = '-';
            for (size_t i = 0; i < n; i++)
                out[k++] = in[w + i] == '_' ? '-' : in[w + i];
            in += w + n;
        } else {
            out[k++] = *in++;
        }
    }
    out[k] = '\0';
}

/* n bytes of s through ssd_printable, without allocating: this prints the
 * messages of running out of memory. */
static void put_safe(FILE *out, const char *s, size_t n) {
    char chunk[256], esc[4 * sizeof chunk];
    while (n) {
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

int cli_report(const char *cmd, int status, const char *fmt, va_list ap) {
    char text[4096], msg[4096];
    vsnprintf(text, sizeof text, fmt, ap);
    cli_flag_spelling(text, msg, sizeof msg);
    fprintf(stderr, "ssdcore %s: ", cmd);
    put_safe(stderr, msg, strlen(msg));
    fputc('\n', stderr);
    return status;
}

int cli_usage_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    cli_report(cmd, 2, fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try 'ssdcore %s --help'.\n", cmd);
    return 2;
}

int cli_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int status = cli_report(cmd, 1, fmt, ap);
    va_end(ap);
    return status;
}

int cli_bad_value(const char *cmd, int status, const char *flag, const char *key,
                  const char *errmsg) {
    char dashed[128], prefix[160];
    snprintf(dashed, sizeof dashed, "--%s", key);
    for (char *p = dashed; *p; p++)
        *p = *p == '_' ? '-' : *p;
    size_t n = (size_t)snprintf(prefix, sizeof prefix, "option %s: ", key);
    const char *detail = strncmp(errmsg, prefix, n) ? errmsg : errmsg + n;
    if (status != 2 && detail == errmsg) /* a failure that names its file: "log X: ..." */
        return cli_error(cmd, "%s", errmsg);
    flag = flag ? flag : dashed;
    return status == 2 ? cli_usage_error(cmd, "%s: %s", flag, detail)
                       : cli_error(cmd, "%s: %s", flag, detail);
}

int cli_word_value(const char *cmd, const char *flag, const char *what, const char *text,
                   const char *words) {
    char list[512] = "";
    size_t n = strlen(text), used = 0;
    for (const char *w = words; *w; w += *w == ' ') {
        size_t k = strcspn(w, " ");
        if (k == n && !strncmp(w, text, n))
            return 0;
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%.*s", used ? ", " : "",
                                 (int)k, w);
        used = used < sizeof list ? used : sizeof list - 1;
        w += k;
    }
    return cli_usage_error(cmd, "%s: unknown %s '%s' (%s)", flag, what, text, list);
}

int cli_size_value(const char *cmd, const char *flag, const char *text, uint64_t *out) {
    if (!ssd_parse_size(text, out))
        return 0;
    char why[384];
    ssd_size_refusal(text, why, sizeof why);
    return cli_usage_error(cmd, "%s: %s", flag, why);
}

int cli_duration_value(const char *cmd, const char *flag, const char *text, double *out) {
    return ssd_parse_duration(text, out)
               ? cli_usage_error(cmd, "%s: '%s' is not a duration (e.g. 30s, 2h)", flag, text)
               : 0;
}

int cli_missing(const char *cmd, const char *names, int given) {
    while (given-- > 0 && strchr(names, ' '))
        names = strchr(names, ' ') + 1;
    const char *optional = strstr(names, " ["); /* "IN [OUT]": IN is what is missing */
    return cli_usage_error(cmd, "missing %.*s",
                           optional ? (int)(optional - names) : (int)strlen(names), names);
}

void cli_verbs_usage(FILE *f, const char *cmd, const struct cli_verb *verbs, size_t n,
                     const char *about) {
    int width = 0;
    for (size_t i = 0; i < n; i++)
        width = (int)strlen(verbs[i].name) > width ? (int)strlen(verbs[i].name) : width;
    fprintf(f, "usage: ssdcore %s%sCOMMAND [ARGS...]\n\ncommands:\n", cmd, *cmd ? " " : "");
    for (size_t i = 0; i < n; i++)
        fprintf(f, "  %-*s  %s\n", width, verbs[i].name, verbs[i].summary);
    fprintf(f, "\n%s", about);
}

int cli_verbs(const char *cmd, const char *about, const struct cli_verb *verbs, size_t n, int argc,
              char **argv) {
    char names[256] = "";
    for (size_t i = 0, used = 0; i < n && used < sizeof names; i++)
        used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                                 verbs[i].name);
    if (argc < 2)
        return cli_usage_error(cmd, "missing command (%s)", names);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(argv[1], verbs[i].name))
            return verbs[i].fn(argc, argv);
    if (cli_is_help(argv[1])) {
        cli_verbs_usage(stdout, cmd, verbs, n, about);
        return 0;
    }
    return cli_usage_error(cmd, "unknown %s '%s'", *argv[1] == '-' ? "option" : "command", argv[1]);
}

int cli_is_help(const char *arg) {
    return arg && (!strcmp(arg, "-h") || !strcmp(arg, "--help"));
}

int cli_getopt_error(const char *cmd, char **argv, const char *optstring,
                     const struct option *longopts) {
    const char *arg = argv[optind - 1];
    if (arg && !strncmp(arg, "--", 2) && longopts) {
        const char *name = arg + 2;
        size_t n = strcspn(name, "=");
        const struct option *exact = NULL;
        int matches = 0;
        for (const struct option *o = longopts; o->name; o++) {
            if (strncmp(o->name, name, n))
                continue;
            matches++;
            if (strlen(o->name) == n)
                exact = o;
        }
        if (!exact && matches == 1)
            for (const struct option *o = longopts; o->name; o++)
                if (!strncmp(o->name, name, n))
                    exact = o;
        if (exact && name[n] == '=' && exact->has_arg == no_argument)
            return cli_usage_error(cmd, "option '--%s' takes no value", exact->name);
        if (exact)
            return cli_usage_error(cmd, "option '--%s' needs a value", exact->name);
        if (matches > 1) {
            char list[1024];
            size_t w = 0;
            for (const struct option *o = longopts; o->name && w < sizeof list; o++)
                if (!strncmp(o->name, name, n))
                    w += (size_t)snprintf(list + w, sizeof list - w, " '--%s'", o->name);
            return cli_usage_error(cmd, "option '%.*s' is ambiguous; possibilities:%s", (int)n + 2,
                                   arg, list);
        }
        return cli_usage_error(cmd, "unknown option '%s'", arg);
    }
    if (optopt && optopt != '?' && optstring && strchr(optstring, optopt))
        return cli_usage_error(cmd, "option '-%c' needs a value", optopt);
    if (optopt)
        return cli_usage_error(cmd, "unknown option '-%c'", optopt);
    return cli_usage_error(cmd, "unknown option '%s'", arg ? arg : "");
}

int cli_list(const char *cmd, const char *usage, int argc, char **argv, size_t n,
             int (*item)(ssd_json *w, int json, size_t i)) {
    int json, status = cli_json_args(cmd, usage, argc - 1, argv + 1, "", &json, NULL);
    if (status >= 0)
        return status;
    ssd_json *w = cli_json_begin(1);
    for (size_t i = 0; i < n && status < 0; i++)
        status = item(w, json, i) ? 1 : -1;
    ssd_json_end_array(w);
    cli_json_put(w, json && status < 0);
    return status < 0 ? 0 : status;
}

void cli_print_result(const char *json, int as_json) {
    char *text = NULL;
    int rc = ssd_json_restyle(json, as_json ? SSD_JSON_COMPACT : SSD_JSON_TEXT, &text);
    if (rc < 0) {
        fprintf(stderr, "ssdcore: %s\n", ssd_strerror(rc));
        exit(1);
    }
    fputs(text, stdout);
    if (as_json)
        putchar('\n');
    ssd_free(text);
}

ssd_json *cli_json_begin(int array) {
    ssd_json *w = NULL;
    ssd_json_create(&w, SSD_JSON_COMPACT);
    (array ? ssd_json_begin_array : ssd_json_begin_object)(w, NULL);
    return w;
}

void cli_json_put(ssd_json *w, int print) {
    if (!print) {
        ssd_json_free(w);
        return;
    }
    char *text = NULL;
    int rc = w ? ssd_json_finish(w, &text) : SSD_ENOMEM; /* no writer: create ran out */
    if (rc < 0) {
        fprintf(stderr, "ssdcore: %s\n", ssd_strerror(rc));
        exit(1);
    }
    cli_print_result(text, 1);
    ssd_free(text);
}

const char *cli_safe(const char *s) {
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

void cli_print_lines(FILE *out, const char *text) {
    for (const char *p = text; p && *p; p += *p == '\n') {
        size_t n = strcspn(p, "\n");
        put_safe(out, p, n);
        p += n;
        if (*p)
            fputc('\n', out);
    }
}

void cli_wrap(FILE *f, int col, int indent, int width, const char *text) {
    for (const char *p = text; *p && width;) {
        size_t w = strcspn(p, " ");
        if (p != text && col + 1 + (int)w >= width)
            col = fprintf(f, "\n%*s", indent, "") - 1;
        else if (p != text)
            col += fprintf(f, " ");
        col += fprintf(f, "%.*s", (int)w, p);
        p += w + (p[w] == ' ');
    }
    fprintf(f, "%s\n", width ? "" : text);
}

const char *cli_bytes(double bytes) {
    static const char *const unit[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    static char ring[8][32]; /* a line's figures, each in its own buffer */
    static unsigned next;
    char *buf = ring[next++ % 8];
    int u = 0;
    while (fabs(bytes) >= 1024 && u < 5) {
        bytes /= 1024;
        u++;
    }
    /* Three significant digits, but never "1e+03": %.3g switches to an
     * exponent from 999.5 while the unit steps only at 1024. */
    snprintf(buf, sizeof ring[0], fabs(bytes) >= 999.5 ? "%.0f %s" : "%.3g %s", bytes, unit[u]);
    return buf;
}
