/* headline_rows.c - the headline as figures with their states
 * (figure_labels.h): the one list the report's headline table, the text
 * summary and the compare page read, and how one run shows it as rows. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ssdcore/base.h"
#include "figure_labels.h"
#include "grow.h"
#include "results_model.h"
#include "verdict_words.h"

const char *const ssd__fig_state_names[SSD__FIG_OTHER + 1] = {
    "measured", "none", "not_measured", "lower_bound", "upper_bound", "other_conditions"};

/* A measured absence in words: a cell's beside its label ("no folding"),
 * and a phrase that reads alone where label and words would run together
 * ("slower again from  no folding"): one run's rows (row_of). */
static const struct {
    const char *leaf; /* a prefix of the key's leaf, or (exact) the leaf */
    int exact;
    const char *words, *alone;
} absent[] = {
    {"cache_", 0, "no cache", "no SLC cache"},
    {"post_cache_bps", 1, "no cache", "no SLC cache"},
    {"folding_", 0, "no folding", "never slower again (no folding)"},
    {"gc_", 0, "no used state in this run", "no used state in this run"},
    {"recovered_bytes", 1, "nothing to recover", "nothing to recover"},
    {"throttle", 0, "did not throttle", "did not throttle"},
    {"steady_", 0, "never steady", "never reached a steady state (SNIA PTS)"},
};

/* Figure key's row of absent[]; -1 for none. */
static int absent_of(const char *key) {
    const char *leaf = strrchr(key, '.');
    leaf = leaf ? leaf + 1 : key;
    for (int i = 0; i < (int)(sizeof absent / sizeof absent[0]); i++)
        if (absent[i].exact ? !strcmp(leaf, absent[i].leaf)
                            : !strncmp(leaf, absent[i].leaf, strlen(absent[i].leaf)))
            return i;
    return -1;
}

const char *ssd__fig_state_words(const char *key, int state, double no_drop_bytes, char *buf,
                                 size_t len) {
    if (state == SSD__FIG_NOT_MEASURED && isfinite(no_drop_bytes)) {
        snprintf(buf, len, "cannot tell: no drop in %.1f GiB", no_drop_bytes / 1073741824.0);
        return buf;
    }
    if (state == SSD__FIG_NONE) {
        int a = absent_of(key);
        return a < 0 ? "none" : absent[a].words;
    }
    if (state == SSD__FIG_OTHER)
        return "measured under other conditions (another row)";
    return "not in this run";
}

void ssd__fig_value(const struct ssd__figure_info *f, int state, double v, char *buf, size_t len) {
    int n = snprintf(buf, len, "%s",
                     state == SSD__FIG_LOWER   ? "at least "
                     : state == SSD__FIG_UPPER ? "at most "
                                               : "");
    ssd__figure_format(f, v, buf + n, len - (size_t)n);
}

const char *ssd__fig_bound_suffix(const char *key, int state) {
    if (state == SSD__FIG_LOWER &&
        (ssd__ends_with(key, "recovered_bytes") || ssd__ends_with(key, "cache_bytes")))
        return ", the drive never slowed";
    /* (A cache whose lower bound is its drop inside the first sample is
     * told by its upper bound: never "never slowed".) */
    if (state == SSD__FIG_UPPER && ssd__ends_with(key, "cache_bytes"))
        return ", it ended inside the first sample or two";
    return "";
}

struct ssd__fig *ssd__figs_find(const struct ssd__figs *h, const char *key) {
    for (size_t i = 0; i < h->n; i++)
        if (!strcmp(h->f[i].key, key))
            return &h->f[i];
    return NULL;
}

static struct ssd__fig *add(struct ssd__figs *h, const char *key, double v) {
    if (ssd__grow(&h->f, h->n, &h->cap, sizeof *h->f, 64))
        return NULL;
    struct ssd__fig *f = &h->f[h->n];
    if (!(f->key = strdup(key)))
        return NULL;
    f->v = v, f->state = SSD__FIG_MEASURED, f->why = NULL, f->no_drop_bytes = NAN, f->cond = NULL;
    h->n++;
    return f;
}

/* The figures being gathered, and the curves whose figures are left out:
 * preparation writes ("write_curves.<name>." each). */
struct gather {
    struct ssd__figs *h;
    char skip[16][300];
    int nskip;
};

/* A headline leaf: a number as figure "a.b.c" (null: one the run should
 * have had, counted as not measured below), in a "state" object what its
 * sibling figure is, or a curve's "error". */
static int take(void *user, const char *key, const struct ssd__jv *m) {
    struct gather *g = user;
    struct ssd__figs *h = g->h;
    for (int i = 0; i < g->nskip; i++)
        if (!strncmp(key, g->skip[i], strlen(g->skip[i])))
            return 0;
    if (m->type == SSD__JNUM || m->type == SSD__JNULL) {
        return add(h, key, m->type == SSD__JNUM ? m->num : NAN) ? 0 : SSD_ENOMEM;
    }
    if (m->type != SSD__JSTR)
        return 0;
    const char *last = strrchr(key, '.');
    size_t at = last ? (size_t)(last - key) : 0; /* "a.b.state" of "a.b.state.c" */
    if (at < 5 || strncmp(key + at - 5, "state", 5) || (at > 5 && key[at - 6] != '.'))
        return 0;
    char fkey[512];
    snprintf(fkey, sizeof fkey, "%.*s%s", (int)(at > 5 ? at - 6 : 0), key,
             at > 5 ? last : last + 1);
    int state = -1;
    for (int k = 0; k < SSD__FIG_OTHER; k++)
        if (!strcmp(m->str, ssd__fig_state_names[k]))
            state = k;
    if (state < 0)
        return 0;
    struct ssd__fig *f = ssd__figs_find(h, fkey);
    if (!f && !(f = add(h, fkey, NAN)))
        return SSD_ENOMEM;
    /* A state that claims a value the figure does not have is not
     * believed: no number, nothing measured. */
    f->state = (state == SSD__FIG_MEASURED || state == SSD__FIG_LOWER || state == SSD__FIG_UPPER) &&
                       !isfinite(f->v)
                   ? SSD__FIG_NOT_MEASURED
                   : state;
    return 0;
}

/* A curve's "error": why its figures that are not measured are not. */
static int take_error(void *user, const char *key, const struct ssd__jv *m) {
    struct ssd__figs *h = user;
    size_t n = strlen(key);
    if (m->type != SSD__JSTR || !ssd__ends_with(key, ".error"))
        return 0;
    n -= strlen("error");
    /* Only a lost analysis' figures are missing for that reason: one whose
     * stored figures stand keeps them, and its other gaps are its own. */
    char total[600];
    snprintf(total, sizeof total, "%.*stotal_bytes", (int)n, key);
    const struct ssd__fig *t = ssd__figs_find(h, total);
    if (t && t->state != SSD__FIG_NOT_MEASURED)
        return 0;
    for (size_t i = 0; i < h->n; i++)
        if (!strncmp(h->f[i].key, key, n) && !strchr(h->f[i].key + n, '.') &&
            h->f[i].state == SSD__FIG_NOT_MEASURED)
            h->f[i].why = m->str;
    return 0;
}

/* The figure `leaf` of the curve key belongs to ("write_curves.a." of
 * "write_curves.a.post_cache_bps"), NULL when it has none. */
static const struct ssd__fig *sibling(const struct ssd__figs *h, const char *key,
                                      const char *leaf) {
    const char *dot = strrchr(key, '.');
    char k[600];
    snprintf(k, sizeof k, "%.*s%s", dot ? (int)(dot + 1 - key) : 0, key, leaf);
    return ssd__figs_find(h, k);
}

static int has_value(const struct ssd__fig *f) {
    return f && isfinite(f->v) &&
           (f->state == SSD__FIG_MEASURED || f->state == SSD__FIG_LOWER ||
            f->state == SSD__FIG_UPPER);
}

int ssd__figs_of(const struct ssd__jv *headline, struct ssd__figs *out) {
    memset(out, 0, sizeof *out);
    struct gather g = {.h = out};
    const struct ssd__jv *wc = ssd__jv_get(headline, "write_curves");
    for (size_t i = 0; wc && wc->type == SSD__JOBJ && i < wc->n && g.nskip < 16; i++)
        if (ssd__jv_true(&wc->items[i], "preparation"))
            snprintf(g.skip[g.nskip++], sizeof g.skip[0], "write_curves.%.280s.", wc->keys[i]);
    int rc = ssd__jv_leaves(headline, take, &g);
    if (rc)
        return rc;
    for (size_t i = 0; i < out->n; i++)
        if (!isfinite(out->f[i].v) && out->f[i].state != SSD__FIG_NONE)
            out->f[i].state = SSD__FIG_NOT_MEASURED;
    if ((rc = ssd__jv_leaves(headline, take_error, out)))
        return rc;
    /* A curve that was written (its total measured) whose cache figures
     * are not: it never dropped in too few bytes to tell (suite_results.c;
     * a lost analysis says so in why). */
    for (size_t i = 0; i < out->n; i++) {
        struct ssd__fig *f = &out->f[i];
        const struct ssd__fig *total = sibling(out, f->key, "total_bytes");
        if (f->state == SSD__FIG_NOT_MEASURED && !f->why && has_value(total) &&
            (ssd__ends_with(f->key, ".cache_bytes") || ssd__ends_with(f->key, ".cache_level_bps") ||
             ssd__ends_with(f->key, ".post_cache_bps")))
            f->no_drop_bytes = total->v;
    }
    return 0;
}

int ssd__figs_parse(const char *headline_json, struct ssd__figs *out, char *why, size_t len) {
    struct ssd__jv root;
    memset(out, 0, sizeof *out);
    int rc = ssd__jr_parse(headline_json, &root, why, len);
    if (rc)
        return rc;
    if ((rc = ssd__figs_of(&root, out)))
        snprintf(why, len, "out of memory for the headline figures");
    out->root = root; /* the figures' why points into it */
    return rc;
}

void ssd__figs_free(struct ssd__figs *h) {
    for (size_t i = 0; i < h->n; i++) {
        free(h->f[i].key);
        free(h->f[i].cond);
    }
    free(h->f);
    ssd__jv_free(&h->root);
    memset(h, 0, sizeof *h);
}

/* The analysis of the curve figure `key` belongs to ("write_curves.NAME.x":
 * the analyze step of series NAME), NULL when the run is not at hand. */
static const struct ssd_analysis_summary *curve_summary(const struct ssd__results *run,
                                                        const char *key) {
    static const char pre[] = "write_curves.";
    const char *dot = strrchr(key, '.');
    if (!run || strncmp(key, pre, sizeof pre - 1) || !dot || dot < key + sizeof pre - 1)
        return NULL;
    const char *name = key + sizeof pre - 1;
    size_t len = (size_t)(dot - name);
    for (int i = 0; i < run->nsteps; i++) {
        const struct ssd__step *st = &run->steps[i];
        if (st->def.kind == SSD__STEP_ANALYZE && st->res.has_summary &&
            strlen(st->def.series) == len && !strncmp(st->def.series, name, len))
            return &st->res.sum;
    }
    return NULL;
}

/* Without a cache, the level "after the cache" is the drive's one write
 * speed, or its speed before a used state: the fresh state's on a drive
 * fresh from TRIM, the clean blocks' on one written before the run (the
 * verdict's words, ssd__no_cache_level_words). */
const char *ssd__no_cache_speed_words(const struct ssd__figs *h, const struct ssd__results *run,
                                      const char *key) {
    const struct ssd__fig *cache = sibling(h, key, "cache_bytes");
    if (!ssd__ends_with(key, "post_cache_bps") || !cache || cache->state != SSD__FIG_NONE)
        return NULL;
    const struct ssd_analysis_summary *m = curve_summary(run, key);
    /* (used from the first byte: no clean blocks, one speed) */
    return !has_value(sibling(h, key, "gc_start_bytes")) ? "write speed"
           : m                                           ? ssd__no_cache_level_words(m)
                                                         : "clean-block speed";
}

/* Row of figure f; 0 when one run does not show it. */
static int row_of(const struct ssd__figs *h, const struct ssd__results *run,
                  const struct ssd__fig *f, struct ssd__fig_row *r) {
    r->fig = f;
    ssd__figure_describe(f->key, &r->info);
    snprintf(r->label, sizeof r->label, "%s", r->info.label);
    /* A test of its own (not a figure of a curve or a set): named with its
     * conditions, as lab2016's 1-minute sequential write apart from the
     * 3-minute point of the queue-depth curve. */
    if (run && !strchr(f->key, '.')) {
        char cond[200];
        ssd__figure_conditions(run, f->key, cond, sizeof cond);
        ssd__figure_label_in(r->info.label, cond, r->label, sizeof r->label);
    }
    const char *speed = ssd__no_cache_speed_words(h, run, f->key);
    if (speed) {
        size_t head = strlen(r->label) - strlen(r->info.words ? r->info.words : "");
        snprintf(r->label + head, sizeof r->label - head, "%s", speed);
    }
    r->number = has_value(f);
    r->unit[0] = r->alone = 0;
    if (r->number) {
        ssd__fig_value(&r->info, f->state, f->v, r->value, sizeof r->value);
        snprintf(r->unit, sizeof r->unit, "%s%s", r->info.unit,
                 ssd__fig_bound_suffix(f->key, f->state));
    } else if (f->state == SSD__FIG_NONE || isfinite(f->no_drop_bytes)) {
        char buf[64];
        snprintf(r->value, sizeof r->value, "%s",
                 ssd__fig_state_words(f->key, f->state, f->no_drop_bytes, buf, sizeof buf));
        int a = f->state == SSD__FIG_NONE ? absent_of(f->key) : -1;
        if (a >= 0) {
            /* "steady: did not throttle": the curve's name, then the phrase */
            int head = (int)(strlen(r->info.label) - strlen(r->info.words ? r->info.words : ""));
            snprintf(r->label, sizeof r->label, "%.*s%s", head, r->info.label, absent[a].alone);
            r->alone = 1;
        }
    } else if (f->why) {
        snprintf(r->value, sizeof r->value, "no figures: %s", f->why);
    } else {
        return 0;
    }
    return 1;
}

void ssd__fig_section_add(char (*sections)[64], int *n, const char *key) {
    struct ssd__figure_info info;
    ssd__figure_describe(key, &info);
    for (int s = 0; s < *n; s++)
        if (!strcmp(sections[s], info.section))
            return;
    if (*n < 32)
        snprintf(sections[(*n)++], 64, "%s", info.section);
}

void ssd__figs_rows(const struct ssd__figs *h, const struct ssd__results *run,
                    void (*fn)(void *user, const char *section, const struct ssd__fig_row *row),
                    void *user) {
    char sections[32][64];
    int ns = 0;
    for (size_t i = 0; i < h->n; i++)
        ssd__fig_section_add(sections, &ns, h->f[i].key);
    for (int s = 0; s < ns; s++) {
        int first = 1;
        struct ssd__fig_row prev = {0}, r;
        for (size_t i = 0; i < h->n; i++) {
            if (!row_of(h, run, &h->f[i], &r) || strcmp(r.info.section, sections[s]))
                continue;
            /* "did not throttle" once for a curve's four throttle figures. */
            const char *dot = strrchr(r.fig->key, '.');
            size_t curve = dot ? (size_t)(dot - r.fig->key) : 0;
            if (!r.number && prev.fig && !prev.number && !strcmp(prev.value, r.value) &&
                !strncmp(prev.fig->key, r.fig->key, curve + 1))
                continue;
            fn(user, first ? sections[s] : NULL, &r);
            first = 0;
            prev = r;
        }
    }
}
