/* cli_options.c - option tables as flags and help lines (cli_options.h). */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli_options.h"
#include "commands.h"

int cli_opts_append(struct option **opts, size_t *nopts, const struct option *more) {
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

int cli_table_add(struct cli_table *t, const ssd_option_info *info, size_t n, int first_id,
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

int cli_table_take(struct cli_table *t, int c, const char *arg) {
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

const char cli_via_set[] = "set";

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
        const struct cli_alias *a = t->aliases;
        while (via && via != cli_via_set && a->flag != via)
            a++;
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

void cli_help_line(FILE *f, const char *flag, const char *text) {
    int col = fprintf(f, "  %s", flag);
    const char *p = text;
    while (*p) {
        size_t w = strcspn(p, " ");
        if (p == text) {
            col += fprintf(f, "%*s", col < 20 ? 22 - col : 2, "");
        } else if (col + 1 + (int)w > 79) {
            col = fprintf(f, "\n%22s", "") - 1;
        } else {
            col += fprintf(f, " ");
        }
        col += fprintf(f, "%.*s", (int)w, p);
        p += w + (p[w] == ' ');
    }
    fputc('\n', f);
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

const char *cli_bytes_text(double bytes, char *buf, size_t len) {
    static const char *const unit[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    int u = 0;
    while (fabs(bytes) >= 1024 && u < 5) {
        bytes /= 1024;
        u++;
    }
    /* Three significant digits, but never "1e+03": %.3g switches to an
     * exponent from 999.5 while the unit steps only at 1024. */
    if (fabs(bytes) >= 999.5)
        snprintf(buf, len, "%.0f %s", bytes, unit[u]);
    else
        snprintf(buf, len, "%.3g %s", bytes, unit[u]);
    return buf;
}
