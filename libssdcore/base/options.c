/* options.c - the one parser per option type, and the boolean vocabulary
 * (options.h). */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "errmsg.h"
#include "numfmt.h"
#include "options.h"

/* "1", "true", "yes", "on" -> 1 and "0", "false", "no", "off" -> 0, in any
 * case. Returns 0, or SSD_EINVAL (NULL or any other word) with *out
 * untouched. */
static int parse_bool(const char *text, int *out) {
    static const char *const yes[] = {"1", "true", "yes", "on"};
    static const char *const no[] = {"0", "false", "no", "off"};
    if (!text)
        return SSD_EINVAL;
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) {
        if (!strcasecmp(text, yes[i])) {
            *out = 1;
            return 0;
        }
        if (!strcasecmp(text, no[i])) {
            *out = 0;
            return 0;
        }
    }
    return SSD_EINVAL;
}

/* The index of word in the space-separated list words, or -1. */
static int word_index(const char *words, const char *word) {
    size_t len = strlen(word);
    int i = 0;
    for (const char *p = words; *p; i++) {
        size_t n = strcspn(p, " ");
        if (n == len && !strncmp(p, word, len))
            return i;
        p += n + (p[n] == ' ');
    }
    return -1;
}

/* A whole number, decimal, hex after 0x, or "70%" with pct; *neg: below zero. */
static int parse_int(const char *text, int pct, uint64_t *out, int *neg) {
    const char *p = text + strspn(text, " \t");
    *neg = *p == '-';
    int base = p[*neg] == '0' && (p[*neg + 1] == 'x' || p[*neg + 1] == 'X') ? 16 : 10;
    char *end;
    errno = 0;
    *out = *neg ? (uint64_t)strtoll(p, &end, base) : strtoull(p, &end, base);
    return end == p || (*end && !(pct && !strcmp(end, "%"))) || errno ? SSD_EINVAL : 0;
}

static void store(void *dst, size_t width, uint64_t u) {
    if (width == sizeof(uint64_t)) {
        memcpy(dst, &u, width);
    } else if (width == sizeof(uint32_t)) {
        uint32_t v = (uint32_t)u;
        memcpy(dst, &v, width);
    }
}

/* Sets option i of the table t from value: ssd__option_set's work once the
 * name is found. */
static int set_at(const struct ssd__options *t, void *handle, size_t i, const char *value,
                  char *err) {
    const ssd_option_info *o = &t->info[i];
    const char *key = o->name;
    void *dst = (char *)handle + t->slot[i].offset;
    size_t width = t->slot[i].width;
    uint64_t u = 0;
    double d = 0;
    int rc = 0, b = 0;
    switch (o->type) {
    case SSD_OPTION_SIZE:
        if ((rc = ssd_parse_size(value, &u))) {
            char why[384];
            ssd_size_refusal(value, why, sizeof why);
            return ssd__fail(err, rc, "option %s: %s", key, why);
        }
        d = (double)u;
        break;
    case SSD_OPTION_INT:
        if (parse_int(value, !strcmp(o->unit, "%"), &u, &b))
            return ssd__fail(err, SSD_EINVAL, "option %s: '%s' is not a whole number", key, value);
        d = b ? (double)(int64_t)u : (double)u;
        break;
    case SSD_OPTION_DURATION:
        if ((rc = ssd_parse_duration(value, &d)))
            return ssd__fail(err, SSD_EINVAL, "option %s: '%s' is not a duration (e.g. 30s, 2h)",
                             key, value);
        break;
    case SSD_OPTION_FLOAT: {
        char *end;
        errno = 0;
        d = strtod(value, &end);
        /* decimal only: no leading blank, no hex; NaN and inf: outside every range */
        if (end == value || *end || errno || strpbrk(value, "xX") || isspace((unsigned char)*value))
            return ssd__fail(err, SSD_EINVAL, "option %s: '%s' is not a number", key, value);
        break;
    }
    case SSD_OPTION_BOOL:
        if (parse_bool(value, &b))
            return ssd__fail(err, SSD_EINVAL, "option %s: expected " SSD__BOOL_WORDS ", got '%s'",
                             key, value);
        store(dst, width, (uint64_t)b);
        return (int)i;
    case SSD_OPTION_ENUM: {
        int w = word_index(o->words, value);
        if (w < 0) {
            char list[256];
            size_t k = 0;
            for (const char *p = o->words; *p && k + 3 < sizeof list; p++) {
                if (*p == ' ')
                    list[k++] = ',';
                list[k++] = *p;
            }
            list[k] = '\0';
            return ssd__fail(err, SSD_EINVAL, "option %s: unknown %s '%s' (%s)", key, key, value,
                             list);
        }
        store(dst, width, (uint64_t)w);
        return (int)i;
    }
    default: { /* SSD_OPTION_TEXT */
        char *p = NULL;
        if (*value && !(p = strdup(value)))
            return ssd__fail(err, SSD_ENOMEM, "option %s: out of memory", key);
        char *old;
        memcpy(&old, dst, sizeof old);
        free(old);
        memcpy(dst, &p, sizeof p);
        return (int)i;
    }
    }
    if (!(d >= o->min && d <= o->max) && o->type == SSD_OPTION_SIZE) {
        /* sizes as the CLI takes them: "outside 512 B..64 MiB", not
         * "outside 512..67108864 B" */
        char lo[SSD__NUM_BUF], hi[SSD__NUM_BUF] = "";
        const char *per = strcmp(o->unit, "B/s") ? "" : "/s"; /* a rate */
        ssd__fmt_size(lo, o->min);
        if (isfinite(o->max))
            ssd__fmt_size(hi, o->max);
        return ssd__fail(err, SSD_ERANGE, "option %s: %s is %s %s%s%s%s%s", key, value,
                         *hi ? "outside" : "below", lo, per, *hi ? ".." : "", hi, *hi ? per : "");
    }
    if (!(d >= o->min && d <= o->max)) {
        const char *f = o->type == SSD_OPTION_SIZE || o->type == SSD_OPTION_INT ? "%.0f" : "%g";
        char lo[32], hi[40] = "";
        snprintf(lo, sizeof lo, f, o->min);
        if (isfinite(o->max))
            snprintf(hi, sizeof hi, f, o->max);
        return ssd__fail(err, SSD_ERANGE, "option %s: %s is %s %s%s%s%s%s", key, value,
                         *hi ? "outside" : "below", lo, *hi ? ".." : "", hi, *o->unit ? " " : "",
                         o->unit);
    }
    if (o->type == SSD_OPTION_DURATION || o->type == SSD_OPTION_FLOAT)
        memcpy(dst, &d, sizeof d);
    else
        store(dst, width, u);
    return (int)i;
}

int ssd__option_set(const struct ssd__options *t, void *handle, const char *key, const char *value,
                    char *err) {
    if (!key)
        return ssd__fail(err, SSD_EINVAL, "option key must not be NULL");
    if (!value)
        return ssd__fail(err, SSD_EINVAL, "option %s: no value", key);
    size_t i = 0;
    while (i < t->n && strcmp(t->info[i].name, key))
        i++;
    if (i == t->n)
        return ssd__fail(err, SSD_EINVAL, "unknown %s option '%s'", t->what, key);
    return set_at(t, handle, i, value, err);
}

int ssd__option_none(const char *what, const char *key, const char *value, char *err) {
    const struct ssd__options none = {what, NULL, NULL, 0, NULL};
    return ssd__option_set(&none, NULL, key, value, err);
}

int ssd__option_get(const struct ssd__options *t, const void *handle, const char *key,
                    double *value) {
    size_t i = 0;
    while (key && i < t->n && strcmp(t->info[i].name, key))
        i++;
    if (!key || i == t->n || t->info[i].type == SSD_OPTION_TEXT)
        return SSD_EINVAL;
    const char *src = (const char *)handle + t->slot[i].offset;
    if (t->info[i].type == SSD_OPTION_DURATION || t->info[i].type == SSD_OPTION_FLOAT) {
        memcpy(value, src, sizeof *value);
    } else if (t->slot[i].width == sizeof(uint64_t)) {
        uint64_t u;
        memcpy(&u, src, sizeof u);
        *value = (double)u;
    } else {
        uint32_t u;
        memcpy(&u, src, sizeof u);
        *value = (double)u;
    }
    return 0;
}

static int has_default(const struct ssd__options *t, size_t i) {
    return t->info[i].default_value[0] && t->info[i].type != SSD_OPTION_TEXT &&
           t->slot[i].width <= sizeof t->cache->value[0];
}

int ssd__option_create(void *out, size_t size, const struct ssd__options *t) {
    if (!out)
        return SSD_EINVAL;
    void *h = calloc(1, size);
    memcpy(out, &h, sizeof h);
    if (h && t)
        ssd__option_defaults(t, h);
    return h ? 0 : SSD_ENOMEM;
}

/* By index, not by name: every ssd_job_create sets its defaults, and a
 * replay on a sim: target creates a job per slice, where looking each name
 * up again (n^2 strcmp) was 5 % of the replay's CPU. The defaults are
 * parsed once per table: parsing them (strtod, the unit words) for every
 * job was 13 % of a replay on sim:, more under ASan. The first call to
 * finish parsing keeps the stored bytes; later calls copy them. */
void ssd__option_defaults(const struct ssd__options *t, void *handle) {
    struct ssd__option_cache *c = t->cache;
    if (c && __atomic_load_n(&c->state, __ATOMIC_ACQUIRE) == 2) {
        for (size_t i = 0; i < t->n; i++)
            if (has_default(t, i))
                memcpy((char *)handle + t->slot[i].offset, c->value[i], t->slot[i].width);
        return;
    }
    char err[SSD__ERRMSG_SIZE];
    int ok = 1; /* (a default outside its range stores nothing: then no cache) */
    for (size_t i = 0; i < t->n; i++)
        if (t->info[i].default_value[0] && t->info[i].type != SSD_OPTION_TEXT)
            ok &= set_at(t, handle, i, t->info[i].default_value, err) >= 0;
    int empty = 0;
    if (c && ok &&
        __atomic_compare_exchange_n(&c->state, &empty, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
        for (size_t i = 0; i < t->n; i++)
            if (has_default(t, i))
                memcpy(c->value[i], (char *)handle + t->slot[i].offset, t->slot[i].width);
        __atomic_store_n(&c->state, 2, __ATOMIC_RELEASE);
    }
}

void ssd__option_free(const struct ssd__options *t, void *handle) {
    for (size_t i = 0; i < t->n; i++)
        if (t->info[i].type == SSD_OPTION_TEXT) {
            char *p;
            memcpy(&p, (char *)handle + t->slot[i].offset, sizeof p);
            free(p);
        }
}
