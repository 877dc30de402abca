/* json_text.c - ssd_json_restyle (ssdcore/base.h): a document another
 * function wrote, in one of jsonw's styles or as the text form of a result
 * (the ssdcore CLI's output without --json). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ssdcore/base.h"
#include "json_read.h"
#include "jsonw.h"
#include "numfmt.h"

/* s as ssd_printable puts it: a drive's model text cannot drive the terminal. */
static void put_printable(struct ssd__text *t, const char *s) {
    char *p = malloc(ssd_printable(s, NULL) + 1);
    if (p)
        ssd__text_raw(t, p, ssd_printable(s, p));
    t->oom |= !p;
    free(p);
}

/* A string or a number as written; null, false, true as words. */
static void put_scalar(struct ssd__text *t, const struct ssd__jv *v) {
    static const char *const words[] = {"null", "false", "true"};
    put_printable(t, v->type == SSD__JSTR || v->type == SSD__JNUM ? v->str : words[v->type]);
}

/* An array of plain values: one line "a, b, c". */
static int is_flat(const struct ssd__jv *v) {
    for (size_t i = 0; v->type == SSD__JARR && i < v->n; i++)
        if (v->items[i].type == SSD__JARR || v->items[i].type == SSD__JOBJ)
            return 0;
    return v->type == SSD__JARR;
}

static void put_flat(struct ssd__text *t, const struct ssd__jv *v) {
    for (size_t i = 0; i < v->n; i++) {
        ssd__text_raw(t, ", ", i ? 2 : 0);
        put_scalar(t, &v->items[i]);
    }
}

static void put_value(struct ssd__text *t, const struct ssd__jv *v, int indent, const char *key);

/* A member's number as a reader takes it, by the key's unit suffix: bytes
 * in binary units with the count ("223.57 GiB (240057409536 bytes)"),
 * seconds and rates with their unit ("28.32 s", "512.0 MiB/s"), any
 * other fraction to 4 significant digits ("0.44", not
 * "0.44000000000000006"); whole numbers otherwise as written. */
static void put_number(struct ssd__text *t, const struct ssd__jv *v, const char *key) {
    double x = strtod(v->str, NULL);
    int whole = !strpbrk(v->str, ".eE");
    char buf[SSD__NUM_BUF];
    if (key && ssd__ends_with(key, "_bytes") && isfinite(x)) {
        if (fabs(x) < 1024)
            ssd__text_add(t, "%s B", v->str);
        else
            ssd__text_add(t, "%s (%s bytes)", ssd__fmt_size(buf, x), v->str);
    } else if (key && ssd__ends_with(key, "_bps") && isfinite(x)) {
        ssd__text_add(t, "%.1f MiB/s", x / 1048576);
    } else if (key && ssd__ends_with(key, "_s") && isfinite(x)) {
        ssd__text_add(t, fabs(x) >= 1e4 ? "%.0f s" : "%.4g s", x);
    } else if (!whole && isfinite(x)) {
        ssd__text_add(t, fabs(x) >= 1e4 ? "%.0f" : "%.4g", x);
    } else {
        put_scalar(t, v);
    }
}

/* "key: value" lines at indent, the first one at 0 when it follows a "- ".
 * A member that is null (not known, not reported, did not happen) has no
 * line: "serial: null" read as if the serial were the word null. */
static void put_members(struct ssd__text *t, const struct ssd__jv *v, int indent, int inline_) {
    size_t shown = 0;
    for (size_t i = 0; i < v->n; i++) {
        if (v->items[i].type == SSD__JNULL)
            continue;
        ssd__text_add(t, "%*s", shown++ == 0 && inline_ ? 0 : indent, "");
        put_printable(t, v->keys[i]);
        ssd__text_raw(t, ":", 1);
        put_value(t, &v->items[i], indent + 2, v->keys[i]);
    }
    if (!shown)
        ssd__text_add(t, "%*s(empty)\n", inline_ ? 0 : indent, "");
}

/* "- item" lines at indent. */
static void put_items(struct ssd__text *t, const struct ssd__jv *v, int indent) {
    for (size_t i = 0; i < v->n; i++) {
        const struct ssd__jv *m = &v->items[i];
        ssd__text_add(t, "%*s-%s", indent, "", m->type == SSD__JARR && !is_flat(m) ? "\n" : " ");
        if (m->type == SSD__JOBJ) {
            put_members(t, m, indent + 2, 1);
        } else if (m->type == SSD__JARR && !is_flat(m)) {
            put_items(t, m, indent + 2);
        } else {
            (is_flat(m) ? put_flat : put_scalar)(t, m);
            ssd__text_raw(t, "\n", 1);
        }
    }
}

/* After "key:": the value on the same line, or below it indented. */
static void put_value(struct ssd__text *t, const struct ssd__jv *v, int indent, const char *key) {
    if (v->type == SSD__JOBJ) {
        ssd__text_raw(t, "\n", 1);
        put_members(t, v, indent, 0);
    } else if (v->type == SSD__JARR && !is_flat(v)) {
        ssd__text_raw(t, "\n", 1);
        put_items(t, v, indent);
    } else {
        ssd__text_raw(t, " ", 1);
        if (v->type == SSD__JNUM)
            put_number(t, v, key);
        else
            (is_flat(v) ? put_flat : put_scalar)(t, v);
        ssd__text_add(t, "%s\n", is_flat(v) && !v->n ? "(none)" : "");
    }
}

int ssd_json_restyle(const char *json, int flags, char **out) {
    enum ssd__jw_style style;
    if (out)
        *out = NULL;
    if (!json || !out || (flags != SSD_JSON_TEXT && ssd__jw_style_named(flags, &style)))
        return SSD_EINVAL;
    if (flags != SSD_JSON_TEXT) {
        struct ssd__jw w;
        ssd__jw_init(&w, style);
        ssd__jw_restyle(&w, json);
        return ssd__jw_finish(&w, out);
    }
    struct ssd__jv root;
    char why[128];
    int rc = ssd__jr_parse_exact(json, &root, why, sizeof why);
    if (rc)
        return rc;
    struct ssd__text t = {0};
    if (root.type == SSD__JOBJ) {
        put_members(&t, &root, 0, 0);
    } else if (root.type == SSD__JARR) {
        put_items(&t, &root, 0);
    } else {
        put_scalar(&t, &root);
        ssd__text_raw(&t, "\n", 1);
    }
    ssd__jv_free(&root);
    *out = ssd__text_take(&t);
    return *out ? 0 : SSD_ENOMEM;
}
