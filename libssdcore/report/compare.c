/* compare.c - several results directories side by side (ssdcore/compare.h):
 * the headline figures of every run flattened to dotted keys, so any figure
 * a suite writes is compared without this file knowing it; the page draws
 * sorted bars, overlaid scaling curves and write curves on shared axes. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ssdcore/compare.h"
#include "errmsg.h"
#include "report_chart.h"
#include "curve_groups.h"
#include "file_read.h"
#include "results_model.h"
#include "file_write.h"
#include "json_read.h"
#include "output_check.h"

#define MIB 1048576.0
#define GIB 1073741824.0
#define MAX_JSON_MIB 256

static const char *const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
                                      "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
#define NPAL (sizeof palette / sizeof palette[0])

struct cmp_drive {
    ssd_suite *s;
    const struct ssd__results *r; /* s's results model */
    char *dir, *label;
    char *target_json; /* results.json's "target" object, verbatim */
    char *model, *status, *suite, *started;
    size_t nfig, capfig;
    struct cmp_fig {
        char *key;
        double v;
    } * figs;
};

struct ssd_compare {
    struct cmp_drive *d;
    int nd, cap;
    int highlight;
    char *title;
    /* every figure key, in the order first seen */
    char **keys;
    size_t nkeys, capkeys;
    char err[SSD__ERRMSG_SIZE];
};

int ssd_compare_create(ssd_compare **out) {
    if (!out)
        return SSD_EINVAL;
    *out = calloc(1, sizeof **out);
    return *out ? 0 : SSD_ENOMEM;
}

static void drive_free(struct cmp_drive *d) {
    ssd_suite_free(d->s);
    free(d->dir);
    free(d->label);
    free(d->target_json);
    free(d->model);
    free(d->status);
    free(d->suite);
    free(d->started);
    for (size_t i = 0; i < d->nfig; i++)
        free(d->figs[i].key);
    free(d->figs);
}

void ssd_compare_free(ssd_compare *c) {
    if (!c)
        return;
    for (int i = 0; i < c->nd; i++)
        drive_free(&c->d[i]);
    free(c->d);
    for (size_t i = 0; i < c->nkeys; i++)
        free(c->keys[i]);
    free(c->keys);
    free(c->title);
    free(c);
}

const char *ssd_compare_errmsg(const ssd_compare *c) {
    return c ? c->err : "";
}

int ssd_compare_drive_count(const ssd_compare *c) {
    return c ? c->nd : 0;
}

static char *dup_or_null(const char *s) {
    return s ? strdup(s) : NULL;
}

/* arr (n used of *cap elements of `size` bytes) with room for one more,
 * doubling from 64; NULL when memory ran out (arr is still valid then). */
static void *room_for_one(void *arr, size_t n, size_t *cap, size_t size) {
    if (n < *cap)
        return arr;
    size_t grown = *cap ? 2 * *cap : 64;
    void *p = realloc(arr, grown * size);
    if (p)
        *cap = grown;
    return p;
}

static int add_key(ssd_compare *c, const char *key) {
    for (size_t i = 0; i < c->nkeys; i++)
        if (!strcmp(c->keys[i], key))
            return 0;
    char **k = room_for_one(c->keys, c->nkeys, &c->capkeys, sizeof *k);
    if (!k)
        return SSD_ENOMEM;
    c->keys = k;
    if (!(k[c->nkeys] = strdup(key)))
        return SSD_ENOMEM;
    c->nkeys++;
    return 0;
}

static int add_fig(struct cmp_drive *d, const char *key, double v) {
    struct cmp_fig *f = room_for_one(d->figs, d->nfig, &d->capfig, sizeof *f);
    if (!f)
        return SSD_ENOMEM;
    d->figs = f;
    if (!(f[d->nfig].key = strdup(key)))
        return SSD_ENOMEM;
    f[d->nfig++].v = v;
    return 0;
}

/* A figure marked a lower bound: KEY AT_LEAST = 1. */
#define AT_LEAST "#at_least"

/* The figure a "..._censored" key bounds: "right" censoring makes it a
 * lower bound (the headline's write curves). */
static const char *lower_bound_of(const char *censored_key) {
    if (!strcmp(censored_key, "recovery_censored"))
        return "recovered_bytes";
    if (!strcmp(censored_key, "cache_censored"))
        return "cache_bytes";
    return NULL;
}

/* Every number under v as "a.b.c" = value; null leaves are figures the run
 * should have had (a lost analysis) and count as missing. */
static int flatten(ssd_compare *c, struct cmp_drive *d, const struct ssd__jv *v, char *path,
                   size_t len) {
    size_t at = strlen(path);
    for (size_t i = 0; i < v->n; i++) {
        const struct ssd__jv *m = &v->items[i];
        if (snprintf(path + at, len - at, "%s%s", at ? "." : "", v->keys[i]) >= (int)(len - at))
            continue;
        int rc = 0;
        if (m->type == SSD__JNUM || m->type == SSD__JNULL) {
            if (!(rc = add_fig(d, path, m->type == SSD__JNUM ? m->num : NAN)))
                rc = add_key(c, path);
        } else if (m->type == SSD__JSTR && !strcmp(m->str, "right") && lower_bound_of(v->keys[i])) {
            /* A figure that is only a lower bound (a run that never
             * slowed): marked, never a row of its own. */
            char mark[512];
            snprintf(mark, sizeof mark, "%.*s%s%s" AT_LEAST, (int)at, path, at ? "." : "",
                     lower_bound_of(v->keys[i]));
            rc = add_fig(d, mark, 1);
        } else if (m->type == SSD__JOBJ) {
            rc = flatten(c, d, m, path, len);
        }
        path[at] = 0;
        if (rc)
            return rc;
    }
    return 0;
}

static double value(const struct cmp_drive *d, const char *key) {
    for (size_t i = 0; i < d->nfig; i++)
        if (!strcmp(d->figs[i].key, key))
            return d->figs[i].v;
    return NAN;
}

/* "\u2265 " when the drive's figure is only a lower bound, else "" (a
 * character, not an entity: the bars are SVG, read as XML). */
static const char *at_least(const struct cmp_drive *d, const char *key) {
    char mark[512];
    snprintf(mark, sizeof mark, "%s" AT_LEAST, key);
    return value(d, mark) == 1 ? "\xe2\x89\xa5 " : "";
}

/* What results.json says about the run beyond the suite model: the target
 * (with the drive's identity) verbatim, and the run's status. */
static int read_run_meta(ssd_compare *c, struct cmp_drive *d) {
    char path[4096];
    snprintf(path, sizeof path, "%s/results.json", d->dir);
    char *text;
    int rc = ssd__read_text(path, MAX_JSON_MIB, "results.json", c->err, &text);
    if (rc)
        return rc;
    struct ssd__jv root = {0};
    char err[256];
    rc = ssd__jr_parse(text, &root, err, sizeof err);
    free(text);
    if (rc)
        return ssd__fail(c->err, rc, "%s: %s", path, err);
    struct ssd__text t = {0};
    const struct ssd__jv *target = ssd__jv_get(&root, "target");
    if (target && target->type == SSD__JOBJ) {
        ssd__jv_write(&t, target);
        d->target_json = ssd__text_take(&t);
        const struct ssd__jv *drive = ssd__jv_get(target, "drive");
        d->model = dup_or_null(ssd__jv_str(drive, "model"));
    }
    const char *st = ssd__jv_str(&root, "status");
    if (!st)
        st = ssd__jv_true(&root, "complete")      ? "complete"
             : ssd__jv_true(&root, "interrupted") ? "interrupted"
             : ssd__jv_str(&root, "error")        ? "failed"
                                                  : "partial";
    d->status = strdup(st);
    d->suite = dup_or_null(ssd__jv_str(&root, "suite") ? ssd__jv_str(&root, "suite")
                                                       : ssd__jv_str(&root, "suite_file"));
    d->started = dup_or_null(ssd__jv_str(&root, "started"));
    ssd__jv_free(&root);
    return d->status ? 0 : ssd__fail(c->err, SSD_ENOMEM, "%s: out of memory", path);
}

static int label_taken(const ssd_compare *c, const char *label) {
    for (int i = 0; i < c->nd; i++)
        if (!strcmp(c->d[i].label, label))
            return 1;
    return 0;
}

int ssd_compare_add_run(ssd_compare *c, const char *dir, const char *label) {
    if (!c || !dir)
        return SSD_EINVAL;
    c->err[0] = 0;
    if (c->nd == c->cap) {
        int cap = c->cap ? 2 * c->cap : 8;
        struct cmp_drive *d = realloc(c->d, (size_t)cap * sizeof *d);
        if (!d)
            return ssd__fail(c->err, SSD_ENOMEM, "%s: out of memory for run %d", dir, c->nd + 1);
        c->d = d;
        c->cap = cap;
    }
    struct cmp_drive *d = &c->d[c->nd];
    memset(d, 0, sizeof *d);
    int rc = ssd_suite_load(&d->s, dir);
    if (rc < 0) {
        if (d->s && *ssd_suite_errmsg(d->s))
            ssd__fail(c->err, rc, "%s: %s", dir, ssd_suite_errmsg(d->s));
        else
            ssd__fail(c->err, rc, "%s: cannot load the results: %s", dir, ssd_strerror(rc));
        goto fail;
    }
    d->r = ssd__suite_results(d->s);
    if (!(d->dir = strdup(dir))) {
        rc = ssd__fail(c->err, SSD_ENOMEM, "%s: out of memory", dir);
        goto fail;
    }
    if ((rc = read_run_meta(c, d)))
        goto fail;
    char *hl = NULL;
    if (ssd__suite_headline_json(d->r, &hl)) {
        rc = ssd__fail(c->err, SSD_ENOMEM, "%s: out of memory for the headline figures", dir);
        goto fail;
    }
    struct ssd__jv root = {0};
    char err[256], path[512] = "";
    rc = ssd__jr_parse(hl, &root, err, sizeof err);
    free(hl);
    if (rc) {
        ssd__fail(c->err, rc, "%s: headline: %s", dir, err);
        goto fail;
    }
    rc = flatten(c, d, &root, path, sizeof path);
    ssd__jv_free(&root);
    if (rc) {
        ssd__fail(c->err, rc, "%s: out of memory for the figures", dir);
        goto fail;
    }
    char base[256];
    snprintf(base, sizeof base, "%s",
             label && *label         ? label
             : d->model && *d->model ? d->model
                                     : d->r->target_uri);
    char name[300];
    snprintf(name, sizeof name, "%s", base);
    for (int k = 2; label_taken(c, name); k++)
        snprintf(name, sizeof name, "%s (%d)", base, k);
    if (!(d->label = strdup(name))) {
        rc = ssd__fail(c->err, SSD_ENOMEM, "%s: out of memory", dir);
        goto fail;
    }
    c->nd++;
    return 0;
fail:
    drive_free(d);
    return rc;
}

int ssd_compare_set_option(ssd_compare *c, const char *key, const char *value) {
    if (!c || !key || !value)
        return SSD_EINVAL;
    if (!strcmp(key, "title")) {
        char *t = strdup(value);
        if (!t)
            return ssd__fail(c->err, SSD_ENOMEM, "title: out of memory");
        free(c->title);
        c->title = t;
        return 0;
    }
    if (!strcmp(key, "highlight")) {
        for (int i = 0; i < c->nd; i++)
            if (!strcmp(c->d[i].label, value)) {
                c->highlight = i;
                return 0;
            }
        char *end;
        long k = strtol(value, &end, 10);
        if (*value && !*end && k >= 1 && k <= c->nd) {
            c->highlight = (int)k - 1;
            return 0;
        }
        return ssd__fail(c->err, SSD_EINVAL,
                         "highlight: no drive labelled \"%s\" (nor a position 1..%d)", value,
                         c->nd);
    }
    return ssd__fail(c->err, SSD_EINVAL, "unknown option \"%s\"", key);
}

/* ---- what a figure is ------------------------------------------------- */

struct figinfo {
    char label[200];
    const char *unit; /* as shown */
    const char *json_unit;
    double scale; /* stored value * scale = shown value */
    int better;   /* +1 higher, -1 lower, 0 neither */
    char section[64];
};

static int ends(const char *s, const char *suffix) {
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

static void describe(const char *key, struct figinfo *f) {
    static const struct {
        const char *leaf, *words;
    } names[] = {
        {"seq_read_bps", "sequential read 256K QD1"},
        {"seq_write_bps", "sequential write 256K QD1"},
        {"rand4k_read_qd1_iops", "random read 4K QD1"},
        {"rand4k_read_qd4_iops", "random read 4K QD4"},
        {"rand4k_write_qd1_iops", "random write 4K QD1"},
        {"rand4k_write_qd4_iops", "random write 4K QD4"},
        {"mixed_seq_80_bps", "mixed sequential 128K, 80 % reads"},
        {"mixed_seq_mean_bps", "mixed sequential 128K, mean of six"},
        {"mixed_random_80_bps", "mixed random 4K, 80 % reads"},
        {"mixed_random_mean_bps", "mixed random 4K, mean of six"},
        {"fill_time_s", "whole-drive fill time"},
        {"total_bytes", "written"},
        {"duration_s", "duration"},
        {"mean_bps", "mean speed"},
        {"cache_bytes", "SLC cache"},
        {"cache_level_bps", "speed in the cache"},
        {"post_cache_bps", "speed after the cache"},
        {"folding_start_bytes", "slower again from"},
        {"folding_level_bps", "speed when slower again (folding or GC)"},
        {"end_level_bps", "speed at the end"},
        {"recovered_bytes", "recovered fast-write volume"},
        {"gc_start_bytes", "used state (GC) from"},
        {"gc_level_bps", "speed in the used state"},
        {"gc_end_level_bps", "used-state speed at the end"},
        {"gc_start_level_bps", "used-state speed just after the onset"},
        {"gc_slope_bps_per_gib", "used-state slope, per GiB written"},
        {"p50_us", "latency p50"},
        {"p99_us", "latency p99"},
        {"p99_9_us", "latency p99.9"},
        {"p99_over_p50", "latency p99 / p50"},
        {"p99_9_over_p50", "latency p99.9 / p50"},
        {"apps_score_bps", "application score (bytes / busy time)"},
        {"apps_mean_bps", "application traces, mean bandwidth"},
        {"bw_bps", "bandwidth (bytes / busy time)"},
        {"busy_s", "busy time"},
        {"copy_s", "copy time"},
        {"copy_mibs", "copy speed"},
        {"archive_s", "archive time"},
        {"archive_mibs", "archive speed"},
        {"extract_s", "extract time"},
        {"extract_mibs", "extract speed"},
    };
    /* Sections the headline's object names would spell badly. */
    static const struct {
        const char *prefix, *section;
    } sections[] = {
        {"apps_", "Application traces"},
        {"replays.", "Application traces"},
        {"cdm.", "CrystalDiskMark (best of passes)"},
    };
    const char *dot = strchr(key, '.'), *leaf = strrchr(key, '.');
    leaf = leaf ? leaf + 1 : key;
    if (!dot) {
        snprintf(f->section, sizeof f->section, "Speed");
    } else {
        size_t n = (size_t)(dot - key);
        snprintf(f->section, sizeof f->section, "%.*s", (int)n, key);
        for (char *p = f->section; *p; p++)
            if (*p == '_')
                *p = ' ';
        f->section[0] =
            (char)(f->section[0] >= 'a' && f->section[0] <= 'z' ? f->section[0] - 'a' + 'A'
                                                                : f->section[0]);
    }
    for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++)
        if (!strncmp(key, sections[i].prefix, strlen(sections[i].prefix)))
            snprintf(f->section, sizeof f->section, "%s", sections[i].section);
    const char *words = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(leaf, names[i].leaf))
            words = names[i].words;
    char generic[128];
    if (!words) {
        snprintf(generic, sizeof generic, "%s", leaf);
        /* Drop the unit suffix the unit column shows. */
        static const char *const sfx[] = {"_bps", "_iops", "_mibs", "_us", "_bytes", "_s"};
        for (size_t i = 0; i < sizeof sfx / sizeof sfx[0]; i++)
            if (ends(generic, sfx[i]) && strlen(generic) > strlen(sfx[i])) {
                generic[strlen(generic) - strlen(sfx[i])] = 0;
                break;
            }
        for (char *p = generic; *p; p++)
            if (*p == '_')
                *p = ' ';
        words = generic;
    }
    /* The middle of a.b.c names the test or curve ("degradation"). */
    if (dot && leaf != dot + 1) {
        int n = (int)(leaf - 1 - (dot + 1));
        snprintf(f->label, sizeof f->label, "%.*s: %s", n, dot + 1, words);
    } else {
        snprintf(f->label, sizeof f->label, "%s", words);
    }
    f->scale = 1;
    f->better = 0;
    f->unit = f->json_unit = "";
    if (ends(leaf, "_bps") && !strncmp(key, "cdm.", 4)) {
        /* CrystalDiskMark's figures in its own unit, as the run's report. */
        f->unit = "MB/s", f->json_unit = "bytes/s", f->scale = 1e-6, f->better = 1;
    } else if (ends(leaf, "_bps")) {
        f->unit = "MiB/s", f->json_unit = "bytes/s", f->scale = 1 / MIB, f->better = 1;
    } else if (ends(leaf, "_bps_per_gib")) {
        /* A slope: falling slower is better (closer to 0 from below). */
        f->unit = "MiB/s per GiB", f->json_unit = "bytes/s per GiB", f->scale = 1 / MIB;
        f->better = 1;
    } else if (ends(leaf, "_iops")) {
        f->unit = f->json_unit = "IOPS", f->better = 1;
    } else if (ends(leaf, "_mibs")) {
        f->unit = f->json_unit = "MiB/s", f->better = 1;
    } else if (ends(leaf, "_us")) {
        f->unit = "\xc2\xb5s", f->json_unit = "us", f->better = -1;
    } else if (ends(leaf, "_over_p50")) {
        f->unit = "\xc3\x97", f->json_unit = "ratio", f->better = -1;
    } else if (!strcmp(leaf, "fill_time_s")) {
        f->unit = "min", f->json_unit = "s", f->scale = 1 / 60.0, f->better = -1;
    } else if (!strcmp(leaf, "duration_s")) {
        f->unit = f->json_unit = "s";
    } else if (ends(leaf, "_s")) {
        f->unit = f->json_unit = "s", f->better = -1;
    } else if (ends(leaf, "_bytes")) {
        f->unit = "GiB", f->json_unit = "bytes", f->scale = 1 / GIB, f->better = 1;
    }
}

static double pct_vs(const ssd_compare *c, const char *key, int i) {
    double v = value(&c->d[i], key), h = value(&c->d[c->highlight], key);
    if (!isfinite(v) || !isfinite(h) || h == 0)
        return NAN;
    return (v - h) / fabs(h) * 100;
}

/* ---- JSON and CSV ---------------------------------------------------- */

/* What the three outputs check first: 0, SSD_EINVAL, or SSD_ENODATA with
 * the message when no run was added. */
static int can_write(const ssd_compare *c, char **out) {
    if (!c || !out)
        return SSD_EINVAL;
    *out = NULL;
    return c->nd ? 0 : ssd__fail(((ssd_compare *)c)->err, SSD_ENODATA, "no runs to compare");
}

static const char *better_word(int better) {
    return better > 0 ? "higher" : better < 0 ? "lower" : "neither";
}

int ssd_compare_json(const ssd_compare *c, char **out) {
    int rc = can_write(c, out);
    if (rc)
        return rc;
    struct ssd__text t = {0};
    ssd__text_add(&t, "{\"schema\":\"ssdcore-compare/1\",\"tool\":\"ssdcore %s\",\"highlight\":",
                  SSD_VERSION_STRING);
    ssd__text_jstr(&t, c->d[c->highlight].label);
    ssd__text_add(&t, ",\n\"drives\":[");
    for (int i = 0; i < c->nd; i++) {
        const struct cmp_drive *d = &c->d[i];
        ssd__text_add(&t, "%s\n{\"label\":", i ? "," : "");
        ssd__text_jstr(&t, d->label);
        ssd__text_add(&t, ",\"dir\":");
        ssd__text_jstr(&t, d->dir);
        ssd__text_add(&t, ",\"suite\":");
        ssd__text_jstr(&t, d->suite);
        ssd__text_add(&t, ",\"status\":");
        ssd__text_jstr(&t, d->status);
        ssd__text_add(&t, ",\"started\":");
        ssd__text_jstr(&t, d->started);
        ssd__text_add(&t, ",\"target\":%s}", d->target_json ? d->target_json : "null");
    }
    ssd__text_add(&t, "],\n\"figures\":[");
    for (size_t k = 0; k < c->nkeys; k++) {
        struct figinfo f;
        describe(c->keys[k], &f);
        ssd__text_add(&t, "%s\n{\"key\":", k ? "," : "");
        ssd__text_jstr(&t, c->keys[k]);
        ssd__text_add(&t, ",\"label\":");
        ssd__text_jstr(&t, f.label);
        ssd__text_add(&t, ",\"unit\":");
        ssd__text_jstr(&t, f.json_unit);
        ssd__text_add(&t, ",\"better\":\"%s\",\"values\":[", better_word(f.better));
        for (int i = 0; i < c->nd; i++) {
            if (i)
                ssd__text_raw(&t, ",", 1);
            ssd__text_jnum(&t, value(&c->d[i], c->keys[k]));
        }
        ssd__text_add(&t, "]}");
    }
    ssd__text_add(&t, "]}\n");
    *out = ssd__text_take(&t);
    return *out ? 0 : ssd__fail(((ssd_compare *)c)->err, SSD_ENOMEM, "compare.json: out of memory");
}

/* A text field, quoted when it must be. One that a spreadsheet would take
 * for a formula (starting with =, +, -, @, a tab or a carriage return: a
 * drive label is whatever the user or the drive's model string says) gets
 * a leading apostrophe, as OWASP's CSV injection advice has it, so opening
 * compare.csv never runs =HYPERLINK(...) or a DDE call. */
static void csv_field(struct ssd__text *t, const char *s) {
    const char *formula = strchr("=+-@\t\r", *s) && *s ? "'" : "";
    if (!strpbrk(s, ",\"\n\r")) {
        ssd__text_add(t, "%s%s", formula, s);
        return;
    }
    ssd__text_raw(t, "\"", 1);
    ssd__text_add(t, "%s", formula);
    for (; *s; s++) {
        if (*s == '"')
            ssd__text_raw(t, "\"", 1);
        ssd__text_raw(t, s, 1);
    }
    ssd__text_raw(t, "\"", 1);
}

int ssd_compare_csv(const ssd_compare *c, char **out) {
    int rc = can_write(c, out);
    if (rc)
        return rc;
    struct ssd__text t = {0};
    ssd__text_add(&t, "drive,figure,label,unit,better,value,pct_vs_highlight\n");
    for (int i = 0; i < c->nd; i++)
        for (size_t k = 0; k < c->nkeys; k++) {
            struct figinfo f;
            describe(c->keys[k], &f);
            csv_field(&t, c->d[i].label);
            ssd__text_raw(&t, ",", 1);
            csv_field(&t, c->keys[k]);
            ssd__text_raw(&t, ",", 1);
            csv_field(&t, f.label);
            ssd__text_add(&t, ",%s,%s,", f.json_unit, better_word(f.better));
            double v = value(&c->d[i], c->keys[k]), p = pct_vs(c, c->keys[k], i);
            if (isfinite(v))
                ssd__text_add(&t, "%.17g", v);
            ssd__text_raw(&t, ",", 1);
            if (isfinite(p))
                ssd__text_add(&t, "%.6g", p);
            ssd__text_raw(&t, "\n", 1);
        }
    *out = ssd__text_take(&t);
    return *out ? 0 : ssd__fail(((ssd_compare *)c)->err, SSD_ENOMEM, "compare.csv: out of memory");
}

/* ---- the page ---------------------------------------------------------- */

static const char *drive_color(const ssd_compare *c, int i) {
    return palette[i % NPAL];
}

static void fmt_value(char *buf, size_t len, double v) {
    double a = fabs(v);
    snprintf(buf, len, a >= 1000 ? "%.0f" : a >= 100 ? "%.1f" : a >= 1 ? "%.2f" : "%.3g", v);
}

/* Sorted horizontal bars of one figure: best first, the highlighted drive
 * in its colour and the others grey, each labelled with its value and its
 * difference against the highlighted drive; a missing figure is a row
 * saying so, never a zero-length bar. */
static void bars(const ssd_compare *c, struct ssd__text *t, const char *key,
                 const struct figinfo *f) {
    int *order = malloc(2 * (size_t)c->nd * sizeof *order), n = 0, nmiss = 0;
    if (!order) {
        t->oom = 1;
        return;
    }
    int *miss = order + c->nd;
    for (int i = 0; i < c->nd; i++) {
        if (isfinite(value(&c->d[i], key)))
            order[n++] = i;
        else
            miss[nmiss++] = i;
    }
    if (!n) {
        free(order);
        return;
    }
    /* Insertion sort, best first (largest first when neither is better). */
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0; b--) {
            double x = value(&c->d[order[b - 1]], key), y = value(&c->d[order[b]], key);
            int swap = f->better < 0 ? y < x : y > x;
            if (!swap)
                break;
            int tmp = order[b];
            order[b] = order[b - 1];
            order[b - 1] = tmp;
        }
    double vmax = 0;
    for (int a = 0; a < n; a++)
        vmax = fmax(vmax, fabs(value(&c->d[order[a]], key) * f->scale));
    int rows = n + nmiss, rowh = 26, lw = 190, vw = 150, W = 640;
    int H = rows * rowh + 8;
    ssd__text_add(t, "<figure class=\"bars\"><figcaption>");
    ssd__text_html(t, f->label);
    if (*f->unit)
        ssd__text_add(t, ", %s", f->unit);
    ssd__text_add(t, " <small>(%s)</small></figcaption>\n",
                  f->better > 0   ? "higher is better"
                  : f->better < 0 ? "lower is better"
                                  : "for reference");
    ssd__text_add(t,
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 %d %d\" "
                  "role=\"img\" aria-label=\"",
                  W, H);
    ssd__text_html(t, f->label);
    ssd__text_add(t, "\" font-family=\"sans-serif\" font-size=\"14\">\n");
    for (int r = 0; r < rows; r++) {
        int i = r < n ? order[r] : miss[r - n], y = 4 + r * rowh;
        const struct cmp_drive *d = &c->d[i];
        ssd__text_add(t, "<g data-tip=\"");
        ssd__text_html(t, d->label);
        char vb[48] = "missing", pb[48] = "";
        double v = value(d, key) * f->scale, p = pct_vs(c, key, i);
        if (r < n)
            fmt_value(vb, sizeof vb, v);
        if (r < n && i != c->highlight && isfinite(p))
            snprintf(pb, sizeof pb, " (%+.0f %%)", p);
        ssd__text_add(t, ": %s%s %s%s\">", r < n ? at_least(d, key) : "", vb, r < n ? f->unit : "",
                      pb);
        ssd__text_add(t, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\"%s>", lw - 6, y + 17,
                      i == c->highlight ? " font-weight=\"bold\"" : "");
        /* Long labels are cut here; the tooltip has the whole one. */
        char shortl[40];
        snprintf(shortl, sizeof shortl, "%s", d->label);
        if (strlen(d->label) >= sizeof shortl)
            memcpy(shortl + sizeof shortl - 4, "...", 4);
        ssd__text_html(t, shortl);
        ssd__text_add(t, "</text>");
        if (r < n) {
            double bw = vmax > 0 ? fabs(v) / vmax * (W - lw - vw) : 0;
            ssd__text_add(t,
                          "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>"
                          "<text x=\"%.1f\" y=\"%d\">%s%s%s</text>",
                          lw, y + 3, fmax(bw, 1), rowh - 8,
                          i == c->highlight ? drive_color(c, i) : "#9db4cc", lw + bw + 5, y + 17,
                          at_least(d, key), vb, pb);
        } else {
            ssd__text_add(t,
                          "<text x=\"%d\" y=\"%d\" fill=\"#a60\" font-style=\"italic\">"
                          "missing (this run has no such figure)</text>",
                          lw + 4, y + 17);
        }
        ssd__text_add(t, "</g>\n");
    }
    ssd__text_add(t, "</svg></figure>\n");
    free(order);
}

static void legend_drives(const ssd_compare *c, struct ssd__text *t, const int *present) {
    ssd__text_add(t, "<ul class=\"legend\">\n");
    for (int i = 0; i < c->nd; i++)
        if (!present || present[i]) {
            char key[16];
            snprintf(key, sizeof key, "d%d", i);
            ssd__legend_item(t, key, drive_color(c, i), 0, c->d[i].label);
        }
    ssd__text_add(t, "</ul>\n");
}

/* A finished job on the curve `group`, at an x the axis can show. */
static int in_group(const struct ssd__step *st, const char *group, int xlog2) {
    return st->def.kind == SSD__STEP_JOB && st->res.state == SSD__ST_DONE &&
           !strcmp(st->def.group, group) && isfinite(st->def.x) && (!xlog2 || st->def.x > 0);
}

/* One line per drive over a scaling test's points (QD, block size, read
 * share). */
static void group_overlay(const ssd_compare *c, struct ssd__text *t, const char *group,
                          const char *title, const char *xlabel, int xlog2, int xsize, int iops) {
    double xlo = INFINITY, xhi = -INFINITY, yhi = 0, ticks[64];
    size_t nticks = 0;
    int *present = calloc((size_t)c->nd, sizeof *present), any = 0;
    if (!present) {
        t->oom = 1;
        return;
    }
    for (int i = 0; i < c->nd; i++) {
        const struct ssd__results *s = c->d[i].r;
        for (int k = 0; k < s->nsteps; k++) {
            const struct ssd__step *st = &s->steps[k];
            if (!in_group(st, group, xlog2))
                continue;
            double y = iops ? st->res.iops : st->res.bw_bps / MIB;
            if (!isfinite(y))
                continue;
            present[i] = any = 1;
            xlo = fmin(xlo, st->def.x);
            xhi = fmax(xhi, st->def.x);
            yhi = fmax(yhi, y);
            int seen = 0;
            for (size_t q = 0; q < nticks; q++)
                seen |= ticks[q] == st->def.x;
            if (!seen && nticks < 64)
                ticks[nticks++] = st->def.x;
        }
    }
    if (!any) {
        free(present);
        return;
    }
    if (xhi == xlo) {
        xlo = xlog2 ? xlo / 2 : xlo - 1;
        xhi = xlog2 ? xhi * 2 : xhi + 1;
    }
    struct ssd__chart ch = {640,   330, 64, 16, 14, 44, xlo, xhi, 0, yhi > 0 ? yhi * 1.1 : 1,
                            xlog2, 0};
    ssd__text_add(t, "<figure><figcaption>");
    ssd__text_html(t, title);
    ssd__text_add(t, "</figcaption>\n");
    ssd__chart_open(t, &ch, title, xlabel, iops ? "IOPS" : "MiB/s",
                    xlog2 || nticks <= 12 ? ticks : NULL, nticks, xsize);
    for (int i = 0; i < c->nd; i++) {
        if (!present[i])
            continue;
        const struct ssd__results *s = c->d[i].r;
        ssd__text_add(t, "<g data-key=\"d%d\" stroke=\"%s\" fill=\"%s\">", i, drive_color(c, i),
                      drive_color(c, i));
        struct ssd__text pts = {0};
        for (int k = 0; k < s->nsteps; k++) {
            const struct ssd__step *st = &s->steps[k];
            if (!in_group(st, group, xlog2))
                continue;
            double y = iops ? st->res.iops : st->res.bw_bps / MIB;
            if (!isfinite(y))
                continue;
            double X = ssd__chart_x(&ch, st->def.x), Y = ssd__chart_y(&ch, y);
            ssd__text_add(&pts, "%s%.1f,%.1f", pts.len ? " " : "", X, Y);
            char xb[32];
            snprintf(xb, sizeof xb, "%g", st->def.x);
            ssd__text_add(t, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" stroke=\"none\" data-tip=\"",
                          X, Y, i == c->highlight ? "4.5" : "3.5");
            ssd__text_html(t, c->d[i].label);
            ssd__text_add(t, ": %s %s = %.*f %s\"/>", xlabel, xb, iops ? 0 : 1, y,
                          iops ? "IOPS" : "MiB/s");
        }
        char *p = ssd__text_take(&pts);
        if (p && strchr(p, ' '))
            ssd__text_add(t, "<polyline fill=\"none\" stroke-width=\"%s\" points=\"%s\"/>",
                          i == c->highlight ? "3" : "1.8", p);
        free(p);
        ssd__text_add(t, "</g>\n");
    }
    ssd__chart_close(t);
    legend_drives(c, t, present);
    ssd__text_add(t, "</figure>\n");
    free(present);
}

struct drawn_curve {
    size_t n;
    double *x, *y, *ma;
};

static void curve_free(struct drawn_curve *dc) {
    free(dc->x);
    free(dc->y);
    free(dc->ma);
    memset(dc, 0, sizeof *dc);
}

static int curve_of(const struct ssd__results *s, const char *stem, struct drawn_curve *dc) {
    memset(dc, 0, sizeof *dc);
    for (int k = 0; k < s->nsteps; k++) {
        const struct ssd__step *st = &s->steps[k];
        if (st->def.kind != SSD__STEP_ANALYZE || !st->res.curve || strcmp(st->def.series, stem))
            continue;
        dc->n = ssd__curve_points(st->res.curve, &dc->x, &dc->y);
        if (!dc->n)
            return 0;
        dc->ma = malloc(dc->n * sizeof *dc->ma);
        double breaks[64];
        size_t nb = 0;
        for (size_t p = 1; p < st->res.nphases && nb < 64; p++)
            breaks[nb++] = st->res.phases[p].start_bytes / GIB;
        if (dc->ma)
            ssd__moving_average(dc->x, dc->y, dc->n, SSD__MA_SAMPLES, breaks, nb, dc->ma);
        else
            curve_free(dc);
        return dc->n > 0;
    }
    return 0;
}

/* Every drive's write curve (its moving average) on shared axes, then one
 * small chart per drive with its samples, all on the same axes. */
static void write_overlay(const ssd_compare *c, struct ssd__text *t, const char *stem) {
    int nd = c->nd, any = 0;
    struct drawn_curve *dc = calloc((size_t)nd, sizeof *dc);
    int *present = calloc((size_t)nd, sizeof *present);
    double xhi = 0, yhi = 0, dotmax = 0;
    if (!dc || !present) {
        t->oom = 1;
        nd = 0;
        goto done;
    }
    for (int i = 0; i < nd; i++) {
        present[i] = curve_of(c->d[i].r, stem, &dc[i]);
        if (!present[i])
            continue;
        any = 1;
        xhi = fmax(xhi, dc[i].x[dc[i].n - 1]);
        for (size_t k = 0; k < dc[i].n; k++) {
            yhi = fmax(yhi, dc[i].ma[k]);
            dotmax = fmax(dotmax, dc[i].y[k]);
        }
    }
    if (!any)
        goto done;
    char title[200];
    snprintf(title, sizeof title,
             "%.80s: write speed against data written (%d-sample moving average)", stem,
             SSD__MA_SAMPLES);
    struct ssd__chart ch = {
        640, 340, 64, 16, 14, 44, 0, xhi > 0 ? xhi : 1, 0, yhi > 0 ? yhi * 1.1 : 1, 0, 0};
    ssd__text_add(t, "<figure><figcaption>");
    ssd__text_html(t, title);
    ssd__text_add(t, "</figcaption>\n");
    ssd__chart_open(t, &ch, title, "data written, GiB", "MiB/s", NULL, 0, 0);
    for (int i = 0; i < nd; i++) {
        if (!present[i])
            continue;
        size_t step = dc[i].n > 1200 ? (dc[i].n + 1199) / 1200 : 1;
        ssd__text_add(t,
                      "<g data-key=\"d%d\"><polyline fill=\"none\" stroke=\"%s\" "
                      "stroke-width=\"%s\" points=\"",
                      i, drive_color(c, i), i == c->highlight ? "2.6" : "1.6");
        for (size_t k = 0; k < dc[i].n; k += step)
            ssd__text_add(t, "%s%.1f,%.1f", k ? " " : "", ssd__chart_x(&ch, dc[i].x[k]),
                          ssd__chart_y(&ch, fmin(dc[i].ma[k], ch.yhi)));
        ssd__text_add(t, "\"><title>");
        ssd__text_html(t, c->d[i].label);
        ssd__text_add(t, "</title></polyline></g>\n");
    }
    ssd__chart_close(t);
    legend_drives(c, t, present);
    ssd__text_add(t, "</figure>\n<div class=\"multiples\">\n");
    struct ssd__chart sm = {420, 260, 56, 12, 10, 40, 0, ch.xhi, 0, dotmax > 0 ? dotmax * 1.05 : 1,
                            0,   0};
    for (int i = 0; i < nd; i++) {
        if (!present[i])
            continue;
        ssd__text_add(t, "<figure><figcaption>");
        ssd__text_html(t, c->d[i].label);
        ssd__text_add(t, "</figcaption>\n");
        ssd__chart_open(t, &sm, c->d[i].label, "GiB written", "MiB/s", NULL, 0, 0);
        size_t step = dc[i].n > 3000 ? (dc[i].n + 2999) / 3000 : 1;
        ssd__text_add(t,
                      "<path fill=\"none\" stroke=\"%s\" stroke-opacity=\"0.45\" "
                      "stroke-width=\"2.2\" stroke-linecap=\"round\" d=\"",
                      drive_color(c, i));
        for (size_t k = 0; k < dc[i].n; k += step)
            ssd__text_add(t, "M%.1f %.1fh0", ssd__chart_x(&sm, dc[i].x[k]),
                          ssd__chart_y(&sm, dc[i].y[k]));
        ssd__text_add(t, "\"/><polyline fill=\"none\" stroke=\"#08306b\" stroke-width=\"1.5\" "
                         "points=\"");
        for (size_t k = 0; k < dc[i].n; k += step)
            ssd__text_add(t, "%s%.1f,%.1f", k ? " " : "", ssd__chart_x(&sm, dc[i].x[k]),
                          ssd__chart_y(&sm, dc[i].ma[k]));
        ssd__text_add(t, "\"/>\n");
        ssd__chart_close(t);
        ssd__text_add(t, "</figure>\n");
    }
    ssd__text_add(t, "</div>\n");
done:
    for (int i = 0; i < nd; i++)
        if (present[i])
            curve_free(&dc[i]);
    free(dc);
    free(present);
}

static void figures_table(const ssd_compare *c, struct ssd__text *t) {
    ssd__text_add(t, "<div class=\"scroll\"><table class=\"grid figures\"><tr><th>figure</th>"
                     "<th>unit</th>");
    for (int i = 0; i < c->nd; i++) {
        ssd__text_add(t, "<th%s>", i == c->highlight ? " class=\"hl\"" : "");
        ssd__text_html(t, c->d[i].label);
        ssd__text_add(t, "</th>");
    }
    ssd__text_add(t, "</tr>\n");
    for (size_t k = 0; k < c->nkeys; k++) {
        struct figinfo f;
        describe(c->keys[k], &f);
        ssd__text_add(t, "<tr><th>");
        ssd__text_html(t, f.label);
        ssd__text_add(t, "</th><td>%s</td>", f.unit);
        for (int i = 0; i < c->nd; i++) {
            double v = value(&c->d[i], c->keys[k]) * f.scale, p = pct_vs(c, c->keys[k], i);
            char vb[48];
            if (!isfinite(v)) {
                ssd__text_add(t, "<td class=\"n missing\">missing</td>");
                continue;
            }
            fmt_value(vb, sizeof vb, v);
            ssd__text_add(t, "<td class=\"n\">%s%s", at_least(&c->d[i], c->keys[k]), vb);
            if (i != c->highlight && isfinite(p))
                ssd__text_add(t, " <small class=\"%s\">%+.0f %%</small>",
                              f.better * p > 0   ? "good"
                              : f.better * p < 0 ? "bad"
                                                 : "",
                              p);
            ssd__text_add(t, "</td>");
        }
        ssd__text_add(t, "</tr>\n");
    }
    ssd__text_add(t, "</table></div>\n");
}

static void drives_table(const ssd_compare *c, struct ssd__text *t) {
    ssd__text_add(t, "<div class=\"scroll\"><table class=\"grid drives\"><tr><th>drive</th>"
                     "<th>target</th><th>suite</th><th>status</th><th>started</th>"
                     "<th>results</th></tr>\n");
    for (int i = 0; i < c->nd; i++) {
        const struct cmp_drive *d = &c->d[i];
        ssd__text_add(t, "<tr><th><i class=\"sw dot\" style=\"--c:%s\"></i>", drive_color(c, i));
        ssd__text_html(t, d->label);
        ssd__text_add(t, "%s</th><td><code>", i == c->highlight ? " (highlighted)" : "");
        ssd__text_html(t, d->r->target_uri);
        ssd__text_add(t, "</code></td><td>");
        ssd__text_html(t, d->suite ? d->suite : "-");
        ssd__text_add(t, "</td><td class=\"%s\">", strcmp(d->status, "complete") ? "warn" : "");
        ssd__text_html(t, d->status);
        ssd__text_add(t, "</td><td>");
        ssd__text_html(t, d->started ? d->started : "-");
        ssd__text_add(t, "</td><td><code>");
        ssd__text_html(t, d->dir);
        ssd__text_add(t, "</code></td></tr>\n");
    }
    ssd__text_add(t, "</table></div>\n");
}

int ssd_compare_html(const ssd_compare *c, char **out) {
    int rc = can_write(c, out);
    if (rc)
        return rc;
    struct ssd__text t = {0};
    char title[256];
    if (c->title)
        snprintf(title, sizeof title, "%s", c->title);
    else
        snprintf(title, sizeof title, "ssdcore: %d drives compared", c->nd);
    ssd__text_add(&t, "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n"
                      "<head>\n<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" "
                      "content=\"width=device-width, initial-scale=1\"/>\n<title>");
    ssd__text_html(&t, title);
    ssd__text_add(&t,
                  "</title>\n<style>\n%s"
                  "th.hl{background:#eef4fb}td.missing{color:#a60;font-style:italic}\n"
                  "small.good{color:#2a7a2a}small.bad{color:#b00}\n"
                  ".barsgrid{display:grid;grid-template-columns:repeat(auto-fill,"
                  "minmax(420px,1fr));gap:0 1.2em}\n"
                  "@media (max-width:600px){.barsgrid{grid-template-columns:1fr}\n"
                  " table.drives th:nth-child(n+5),table.drives td:nth-child(n+5){display:none}}\n"
                  "</style>\n</head>\n<body>\n<div id=\"tip\"></div>\n<h1>",
                  ssd__report_css);
    ssd__text_html(&t, title);
    ssd__text_add(&t, "</h1>\n");
    drives_table(c, &t);
    ssd__text_add(&t, "<p>Percentages are against <b>");
    ssd__text_html(&t, c->d[c->highlight].label);
    ssd__text_add(&t, "</b>. A figure a run does not have is shown as missing, never as "
                      "zero.</p>\n");

    /* Sorted bars, section by section. */
    char section[64] = "";
    int open = 0;
    for (size_t k = 0; k < c->nkeys; k++) {
        struct figinfo f;
        describe(c->keys[k], &f);
        /* The median and the ratios to it are in the table; bars of the
         * tail latencies are what the reviews compare. */
        if (!f.better || ends(c->keys[k], "p50_us") || ends(c->keys[k], "_over_p50"))
            continue;
        int any = 0;
        for (int i = 0; i < c->nd; i++)
            any |= isfinite(value(&c->d[i], c->keys[k]));
        if (!any)
            continue;
        if (strcmp(section, f.section)) {
            if (open)
                ssd__text_add(&t, "</div>\n");
            snprintf(section, sizeof section, "%s", f.section);
            ssd__text_add(&t, "<h2>");
            ssd__text_html(&t, section);
            ssd__text_add(&t, "</h2>\n<div class=\"barsgrid\">\n");
            open = 1;
        }
        bars(c, &t, c->keys[k], &f);
    }
    if (open)
        ssd__text_add(&t, "</div>\n");

    const struct ssd__curve_group *groups = ssd__curve_groups;
    int hdr = 0;
    for (size_t g = 0; g < SSD__GROUP_COUNT; g++) {
        /* A curve needs two points of the same x axis. */
        double x0 = NAN;
        int curve = 0;
        for (int i = 0; i < c->nd; i++)
            for (int k = 0; k < c->d[i].r->nsteps; k++) {
                const struct ssd__step *st = &c->d[i].r->steps[k];
                if (!in_group(st, groups[g].group, groups[g].xlog2))
                    continue;
                curve |= isfinite(x0) && st->def.x != x0;
                x0 = st->def.x;
            }
        if (!curve)
            continue;
        if (!hdr++)
            ssd__text_add(&t, "<h2>Scaling: queue depth, block size, mixed load</h2>\n");
        group_overlay(c, &t, groups[g].group, groups[g].title, groups[g].xlabel, groups[g].xlog2,
                      groups[g].xsize, groups[g].iops);
    }
    /* Write curves: every series stem any drive analysed. */
    char stems[32][SSD__NAME_MAX];
    int nstems = 0;
    for (int i = 0; i < c->nd; i++)
        for (int k = 0; k < c->d[i].r->nsteps; k++) {
            const struct ssd__step *st = &c->d[i].r->steps[k];
            if (st->def.kind != SSD__STEP_ANALYZE || !st->res.curve)
                continue;
            int seen = 0;
            for (int q = 0; q < nstems; q++)
                seen |= !strcmp(stems[q], st->def.series);
            if (!seen && nstems < 32)
                snprintf(stems[nstems++], SSD__NAME_MAX, "%s", st->def.series);
        }
    if (nstems)
        ssd__text_add(&t,
                      "<h2>Write curves</h2>\n<p>Each line is the moving average over %d "
                      "samples (the reviews' 30 s at 1 s sampling), broken at the phase "
                      "boundaries the analysis found.</p>\n",
                      SSD__MA_SAMPLES);
    for (int q = 0; q < nstems; q++)
        write_overlay(c, &t, stems[q]);

    ssd__text_add(&t, "<h2>Every figure</h2>\n");
    figures_table(c, &t);
    ssd__text_add(&t,
                  "<p>ssdcore %s. compare.json and compare.csv beside this page hold every "
                  "figure.</p>\n<script>//<![CDATA[\n%s//]]></script>\n</body>\n</html>\n",
                  SSD_VERSION_STRING, ssd__report_js);
    *out = ssd__text_take(&t);
    return *out ? 0 : ssd__fail(((ssd_compare *)c)->err, SSD_ENOMEM, "compare.html: out of memory");
}

int ssd_compare_write(ssd_compare *c, const char *dir) {
    if (!c || !dir || !*dir)
        return SSD_EINVAL;
    c->err[0] = 0;
    char path[4096];
    int rc = ssd__mkdirs(dir, 0777);
    if (rc)
        return ssd__fail(c->err, rc, "%s: cannot create: %s", dir, strerror(-rc));
    static const char *const names[] = {"compare.json", "compare.csv", "compare.html"};
    static const char *const signatures[] = {"{\"schema\":\"ssdcore-compare/", "drive,figure,",
                                             "<!DOCTYPE html>"};
    /* The runs' results.json files are what compare reads (their CSVs are
     * never named compare.*); no output may replace one. */
    struct ssd__file_id *in = calloc((size_t)c->nd + 1, sizeof *in);
    char(*in_paths)[4096] = calloc((size_t)c->nd + 1, sizeof *in_paths);
    size_t nin = 0;
    if (!in || !in_paths) {
        free(in);
        free(in_paths);
        return ssd__fail(c->err, SSD_ENOMEM, "%s: out of memory for %d runs", dir, c->nd);
    }
    for (int i = 0; i < c->nd; i++) {
        snprintf(in_paths[nin], sizeof in_paths[nin], "%s/results.json", c->d[i].dir);
        if (ssd__file_id_of(&in[nin], in_paths[nin]) == 0)
            nin++;
    }
    for (int k = 0; k < 3 && !rc; k++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        rc = ssd__output_check("compare", path, in, nin, signatures[k], 0, c->err);
    }
    free(in);
    free(in_paths);
    if (rc)
        return rc;
    for (int k = 0; k < 3; k++) {
        char *text = NULL;
        rc = k == 0   ? ssd_compare_json(c, &text)
             : k == 1 ? ssd_compare_csv(c, &text)
                      : ssd_compare_html(c, &text);
        if (rc)
            return ssd__fail(c->err, rc, "%s/%s: %s", dir, names[k], ssd_strerror(rc));
        snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        rc = ssd__write_atomic(path, text, strlen(text));
        free(text);
        if (rc)
            return ssd__fail(c->err, rc, "%s: cannot write: %s", path, strerror(-rc));
    }
    return 0;
}
