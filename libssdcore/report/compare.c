/* compare.c - several results directories side by side (ssdcore/compare.h):
 * the headline figures of every run flattened to dotted keys, so any figure
 * a suite writes is compared without this file knowing it; the page draws
 * sorted bars, overlaid scaling curves and write curves on shared axes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ssdcore/compare.h"
#include "errmsg.h"
#include "options.h"
#include "report_chart.h"
#include "curve_groups.h"
#include "report_fill.h"
#include "report_verdict.h"
#include "results_model.h"
#include "step_names.h"
#include "figure_labels.h"
#include "file_write.h"
#include "grow.h"
#include "jsonw.h"
#include "output_check.h"

struct cmp_drive {
    ssd_suite *s;
    const struct ssd__results *r; /* s's results model */
    char *dir, *label;
    char name[160]; /* the drive as a reader calls it (ssd__drive_name) */
    int user_label; /* label given by the caller: kept as it is */
    /* From the results model: the run's status word, suite (or suite file)
     * and start time; suite and started NULL when results.json has none. */
    const char *status, *suite, *started;
    /* The headline flattened: the figures' keys, values and states, each
     * with its test's conditions ("4K QD32, 2 min, 1 GiB span", "" unknown). */
    struct ssd__figs hl;
};

struct ssd_compare {
    struct cmp_drive *d;
    int nd;
    size_t cap;
    int highlight;
    char *highlight_text, *title; /* options (compare_options) */
    const char *outdir; /* while ssd_compare_write runs: links to the reports are relative */
    /* every figure key, in the order first seen */
    char **keys;
    size_t nkeys, capkeys;
    char err[SSD__ERRMSG_SIZE];
};

#define SSD__OPTION_OWNER struct ssd_compare
/* X(key, TYPE, where, unit, min, max, default, words, flags, help) */
#define COMPARE_OPTIONS(X)                                                                         \
    X(highlight, TEXT, highlight_text, "drive", 0, 0, "", "", 0,                                   \
      "the drive the others are measured against: its label, the target its run was made on "      \
      "(when one run has it) or its 1-based position (default: the first drive added)")            \
    X(title, TEXT, title, "text", 0, 0, "", "", 0,                                                 \
      "the page's title (default: ssdcore: N drives compared)")
SSD__OPTION_TABLE(compare_options, "compare", COMPARE_OPTIONS);

int ssd_compare_create(ssd_compare **out) {
    return ssd__option_create(out, sizeof **out, &compare_options);
}

static void drive_free(struct cmp_drive *d) {
    ssd_suite_free(d->s);
    free(d->dir);
    free(d->label);
    ssd__figs_free(&d->hl);
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
    ssd__option_free(&compare_options, c);
    free(c);
}

SSD__ERRMSG_OF(compare)

size_t ssd_compare_drive_count(const ssd_compare *c) {
    return c ? (size_t)c->nd : 0;
}

static int add_key(ssd_compare *c, const char *key) {
    if (!key)
        return SSD_EINVAL;
    for (size_t i = 0; i < c->nkeys; i++)
        if (!strcmp(c->keys[i], key))
            return 0;
    if (ssd__grow(&c->keys, c->nkeys, &c->capkeys, sizeof *c->keys, 64))
        return SSD_ENOMEM;
    if (!(c->keys[c->nkeys] = strdup(key)))
        return SSD_ENOMEM;
    c->nkeys++;
    return 0;
}

static const struct ssd__fig *fig_of(const struct cmp_drive *d, const char *key) {
    return ssd__figs_find(&d->hl, key);
}

static int label_taken(const ssd_compare *c, int upto, const char *label) {
    for (int i = 0; i < upto; i++)
        if (!strcmp(c->d[i].label, label))
            return 1;
    return 0;
}

/* The k of a label that is base followed by " (k)", k >= 2 written as %d
 * writes it; 0 when label is not one, or k > max (then not one the caller
 * looks for). */
static int number_after(const char *label, const char *base, size_t blen, int max) {
    if (strncmp(label, base, blen) || label[blen] != ' ' || label[blen + 1] != '(')
        return 0;
    const char *p = label + blen + 2;
    if (*p < '1' || *p > '9')
        return 0;
    long k = 0;
    for (; *p >= '0' && *p <= '9'; p++)
        if ((k = 10 * k + (*p - '0')) > max)
            return 0;
    return p[0] == ')' && !p[1] && k >= 2 ? (int)k : 0;
}

/* name (size bytes, at least 320): base when no label of the first upto
 * drives is base, else "base (k)" with the least k >= 2 that none of them
 * is. taken: upto + 2 bytes of scratch. What trying "base (2)", "base (3)"
 * ... with label_taken gives, in one pass over the labels instead of one
 * per k: for n runs of one drive and suite, relabel after each of n adds
 * cost n^4 / 12 strcmp and n^3 / 6 snprintf (`compare` of 100 runs spent
 * 45 % of its time there). */
static void free_label(const ssd_compare *c, int upto, const char *base, char *taken, char *name,
                       size_t size) {
    size_t blen = strlen(base);
    int base_taken = 0;
    memset(taken, 0, (size_t)upto + 2);
    for (int j = 0; j < upto; j++) {
        const char *l = c->d[j].label;
        if (!strcmp(l, base))
            base_taken = 1;
        else
            taken[number_after(l, base, blen, upto + 1)] = 1;
    }
    int k = 2;
    while (base_taken && taken[k]) /* at most upto - 1 of 2 .. upto + 1 are taken */
        k++;
    if (base_taken)
        snprintf(name, size, "%s (%d)", base, k);
    else
        snprintf(name, size, "%s", base);
}

/* The drives' names, made unique the way a reader tells runs apart: the
 * drive, then its suite when the drive is there more than once, then the
 * start time, and only then a number. */
static int relabel(ssd_compare *c) {
    char *taken = malloc((size_t)c->nd + 2);
    if (!taken)
        return SSD_ENOMEM;
    for (int i = 0; i < c->nd; i++) {
        struct cmp_drive *d = &c->d[i];
        if (d->user_label)
            continue;
        int same = 0, same_suite = 0;
        for (int j = 0; j < c->nd; j++)
            if (j != i && !strcmp(c->d[j].name, d->name)) {
                same = 1;
                same_suite |= !strcmp(c->d[j].suite ? c->d[j].suite : "", d->suite ? d->suite : "");
            }
        char base[300], name[320];
        if (!same)
            snprintf(base, sizeof base, "%s", d->name);
        else if (!same_suite || !d->started)
            snprintf(base, sizeof base, "%s (%s)", d->name, d->suite ? d->suite : "no suite");
        else
            snprintf(base, sizeof base, "%s (%s, %s)", d->name, d->suite ? d->suite : "no suite",
                     d->started);
        free_label(c, i, base, taken, name, sizeof name);
        char *l = strdup(name);
        if (!l) {
            free(taken);
            return SSD_ENOMEM;
        }
        free(d->label);
        d->label = l;
    }
    free(taken);
    return 0;
}

int ssd_compare_add_run(ssd_compare *c, const char *dir, const char *label) {
    if (!c || !dir)
        return SSD_EINVAL;
    c->err[0] = 0;
    if (ssd__grow(&c->d, (size_t)c->nd, &c->cap, sizeof *c->d, 8))
        return ssd__fail(c->err, SSD_ENOMEM, "%s: out of memory for run %d", dir, c->nd + 1);
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
    d->status = ssd__suite_status(d->r);
    d->suite = ssd__results_suite(d->r);
    d->started = d->r->started[0] ? d->r->started : NULL;
    rc = ssd__results_figs(d->r, &d->hl);
    for (size_t i = 0; !rc && i < d->hl.n; i++) {
        char cond[200];
        ssd__figure_conditions(d->r, d->hl.f[i].key, cond, sizeof cond);
        if (!(rc = (d->hl.f[i].cond = strdup(cond)) ? 0 : SSD_ENOMEM))
            rc = add_key(c, d->hl.f[i].key);
    }
    if (rc) {
        ssd__fail(c->err, rc, "%s: out of memory for the headline figures", dir);
        goto fail;
    }
    ssd__drive_name(d->r, d->name, sizeof d->name);
    d->user_label = label && *label;
    char name[300];
    snprintf(name, sizeof name, "%s", d->user_label ? label : d->name);
    for (int k = 2; d->user_label && label_taken(c, c->nd, name); k++)
        snprintf(name, sizeof name, "%s (%d)", label, k);
    if (!(d->label = strdup(name))) {
        rc = ssd__fail(c->err, SSD_ENOMEM, "%s: out of memory", dir);
        goto fail;
    }
    c->nd++;
    if (relabel(c)) {
        c->nd--;
        rc = ssd__fail(c->err, SSD_ENOMEM, "%s: out of memory", dir);
        goto fail;
    }
    return 0;
fail:
    drive_free(d);
    return rc;
}

/* The drive labelled text, the one drive whose run's target is text (the
 * sim:... a user ran the suite on), or at the 1-based position it names;
 * -1 when none, -2 when several runs share that target. */
static int drive_named(const ssd_compare *c, const char *text) {
    for (int i = 0; i < c->nd; i++)
        if (!strcmp(c->d[i].label, text))
            return i;
    int found = -1;
    for (int i = 0; i < c->nd; i++)
        if (c->d[i].r->target_uri && !strcmp(c->d[i].r->target_uri, text))
            found = found == -1 ? i : -2;
    if (found != -1)
        return found;
    char *end;
    long k = strtol(text, &end, 10);
    return *text && !*end && k >= 1 && k <= c->nd ? (int)k - 1 : -1;
}

int ssd_compare_set_option(ssd_compare *c, const char *key, const char *value) {
    if (!c)
        return SSD_EINVAL;
    int hl = 0;
    if (key && value && !strcmp(key, "highlight") && (hl = drive_named(c, value)) < 0)
        return ssd__fail(c->err, SSD_EINVAL,
                         hl == -2 ? "option highlight: several runs have the target \"%s\": "
                                    "name one by its label or position 1..%d"
                                  : "option highlight: no drive labelled \"%s\" or run on that "
                                    "target (nor a position 1..%d)",
                         value, c->nd);
    int i = ssd__option_set(&compare_options, c, key, value, c->err);
    if (i == OPT_highlight)
        c->highlight = hl;
    return i < 0 ? i : 0;
}

SSD__OPTIONS_ACCESSOR(ssd_compare_options, compare_options)

/* ---- rows: one figure under one set of test conditions ---------------- */

/* A figure whose drives ran it under different conditions is one row per
 * set of conditions ("degradation: SLC cache, 4K QD32, 2 min, 1 GiB span"
 * and "..., 2 h, whole drive"); cond NULL: every drive's figure is the
 * same test. */
struct cmp_row {
    size_t k;
    const char *cond;
    struct ssd__figure_info f; /* as the page names it (describe_row) */
    char label[400];           /* f's label with the row's conditions */
};

static const struct ssd__fig *row_fig(const ssd_compare *c, const struct cmp_row *r, int i) {
    const struct ssd__fig *f = fig_of(&c->d[i], c->keys[r->k]);
    return f && (!r->cond || !strcmp(f->cond, r->cond)) ? f : NULL;
}

static int row_state(const ssd_compare *c, const struct cmp_row *r, int i) {
    const struct ssd__fig *f = fig_of(&c->d[i], c->keys[r->k]);
    if (!f)
        return SSD__FIG_NOT_MEASURED;
    if (r->cond && strcmp(f->cond, r->cond))
        return SSD__FIG_OTHER;
    return f->state;
}

/* What drive i's figure of row r is in words when it has no number. */
static const char *row_words(const ssd_compare *c, const struct cmp_row *r, int i, char *buf,
                             size_t len) {
    const struct ssd__fig *f = row_fig(c, r, i);
    return ssd__fig_state_words(c->keys[r->k], row_state(c, r, i), f ? f->no_drop_bytes : NAN, buf,
                                len);
}

/* The name of a speed after the cache over drives whose names for it are
 * w[0..n) (ssd__no_cache_speed_words; NULL: the drive has a cache), as
 * their reports name it: `plain` when every drive has a cache, the drives'
 * own words when none has ("clean-block speed"), else both ("speed after
 * the cache or clean-block speed"). */
static const char *speed_name(const char *const *w, int n, const char *plain, char *buf,
                              size_t len) {
    const char *seen[4];
    int ns = 0, cached = 0;
    for (int i = 0; i < n; i++) {
        int dup = !w[i];
        cached |= !w[i];
        for (int q = 0; q < ns && !dup; q++)
            dup = !strcmp(seen[q], w[i]);
        if (!dup && ns < 4)
            seen[ns++] = w[i];
    }
    if (!ns)
        return plain;
    size_t at = (size_t)snprintf(buf, len, "%s", cached ? plain : "");
    for (int q = 0; q < ns && at < len; q++)
        at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? " or " : "", seen[q]);
    return buf;
}

/* Figure row r described as the page names it: a speed after the cache as
 * the drives' reports name it (speed_name). */
static void describe_row(const ssd_compare *c, const struct cmp_row *r,
                         struct ssd__figure_info *f) {
    const char *key = c->keys[r->k], *w[64];
    int n = 0;
    ssd__figure_describe(key, f);
    if (!ssd__ends_with(key, ".post_cache_bps") || !f->words)
        return;
    for (int i = 0; i < c->nd && n < 64; i++)
        if (row_fig(c, r, i))
            w[n++] = ssd__no_cache_speed_words(&c->d[i].hl, c->d[i].r, key);
    char name[160];
    size_t head = strlen(f->label) - strlen(f->words);
    snprintf(f->label + head, sizeof f->label - head, "%s",
             speed_name(w, n, f->words, name, sizeof name));
}

/* What the three outputs check first: 0, SSD_EINVAL, or SSD_ENODATA with
 * the message when no run was added. */
static int can_write(const ssd_compare *c, char **out) {
    if (!c || !out)
        return SSD_EINVAL;
    *out = NULL;
    return c->nd ? 0 : ssd__fail(((ssd_compare *)c)->err, SSD_ENODATA, "no runs to compare");
}

/* The rows of every figure key, described (0); SSD_EINVAL or
 * SSD_ENODATA as can_write says, or SSD_ENOMEM with the message for
 * output `what`. */
static int rows_of(const ssd_compare *c, char **out, struct cmp_row **rows, size_t *nrows,
                   const char *what) {
    int rc = can_write(c, out);
    if (rc)
        return rc;
    size_t n = 0, cap = 0;
    struct cmp_row *r = NULL;
    for (size_t k = 0; k < c->nkeys; k++) {
        const char *conds[64];
        int nc = 0;
        for (int i = 0; i < c->nd; i++) {
            const struct ssd__fig *f = fig_of(&c->d[i], c->keys[k]);
            if (!f)
                continue;
            int seen = 0;
            for (int q = 0; q < nc; q++)
                seen |= !strcmp(conds[q], f->cond);
            if (!seen && nc < 64)
                conds[nc++] = f->cond;
        }
        for (int q = 0; q < (nc > 1 ? nc : 1); q++) {
            if (ssd__grow(&r, n, &cap, sizeof *r, 64)) {
                free(r);
                return ssd__fail(((ssd_compare *)c)->err, SSD_ENOMEM, "%s: out of memory", what);
            }
            r[n].k = k;
            r[n].cond = nc > 1 ? conds[q] : NULL;
            describe_row(c, &r[n], &r[n].f);
            ssd__figure_label_in(r[n].f.label, r[n].cond, r[n].label, sizeof r[n].label);
            n++;
        }
    }
    *rows = r;
    *nrows = n;
    return 0;
}

/* The value a bar or a cell shows: measured or a bound; NaN otherwise. */
static double row_value(const ssd_compare *c, const struct cmp_row *r, int i) {
    int st = row_state(c, r, i);
    return st == SSD__FIG_MEASURED || st == SSD__FIG_LOWER || st == SSD__FIG_UPPER
               ? row_fig(c, r, i)->v
               : NAN;
}

/* The difference against the highlighted drive, only between two exact
 * figures of the same test: a bound or a "none" is never a base. */
static double row_pct(const ssd_compare *c, const struct cmp_row *r, int i) {
    if (row_state(c, r, i) != SSD__FIG_MEASURED ||
        row_state(c, r, c->highlight) != SSD__FIG_MEASURED)
        return NAN;
    double v = row_value(c, r, i), h = row_value(c, r, c->highlight);
    if (!isfinite(v) || !isfinite(h) || h == 0)
        return NAN;
    return (v - h) / fabs(h) * 100;
}

/* Drive i's difference against the highlighted drive as a reader reads
 * it, in buf: "+354 %", "-20 %", and "0 %" for less than half a percent
 * either way (never "-0 %"). Returns it rounded; NaN (buf empty) for the
 * highlighted drive and where there is none, as the bars and the table
 * show it. */
static double pct_text(const ssd_compare *c, const struct cmp_row *r, int i, char *buf,
                       size_t len) {
    double p = i == c->highlight ? NAN : round(row_pct(c, r, i));
    buf[0] = 0;
    if (isfinite(p))
        snprintf(buf, len, p == 0 ? "0 %%" : "%+.0f %%", p);
    return p;
}

/* ---- JSON and CSV ---------------------------------------------------- */

static const char *better_word(int better) {
    return better > 0 ? "higher" : better < 0 ? "lower" : "neither";
}

int ssd_compare_to_json(const ssd_compare *c, int flags, char **out) {
    struct ssd__jw w;
    struct cmp_row *rows;
    size_t nrows;
    int rc = ssd__jw_open(&w, c, out, flags, c ? (char *)c->err : NULL);
    if (!rc)
        rc = rows_of(c, out, &rows, &nrows, "compare.json");
    if (rc)
        return rc;
    /* Compact, a drive or a figure a line; or pretty. */
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "schema", "ssdcore-compare/1");
    ssd__jw_kstr(&w, "tool", "ssdcore " SSD_VERSION_STRING);
    ssd__jw_kstr(&w, "highlight", c->d[c->highlight].label);
    ssd__jw_newline(&w);
    ssd__jw_kbegin_array(&w, "drives");
    for (int i = 0; i < c->nd; i++) {
        const struct cmp_drive *d = &c->d[i];
        ssd__jw_newline(&w);
        ssd__jw_begin_object(&w);
        ssd__jw_kstr(&w, "label", d->label);
        ssd__jw_kstr(&w, "dir", d->dir);
        ssd__jw_kstr(&w, "suite", d->suite);
        ssd__jw_kstr(&w, "status", d->status);
        ssd__jw_kstr(&w, "started", d->started);
        ssd__jw_kstr(&w, "name", d->name);
        ssd__jw_kstr(&w, "run_id", d->r->run_id[0] ? d->r->run_id : NULL);
        ssd__jw_key(&w, "target");
        ssd__results_target_json(&w, d->r);
        ssd__jw_end_object(&w);
    }
    ssd__jw_end_array(&w);
    ssd__jw_newline(&w);
    ssd__jw_kbegin_array(&w, "figures");
    for (size_t q = 0; q < nrows; q++) {
        const struct cmp_row *r = &rows[q];
        ssd__jw_newline(&w);
        ssd__jw_begin_object(&w);
        ssd__jw_kstr(&w, "key", c->keys[r->k]);
        ssd__jw_kstr(&w, "label", r->label);
        ssd__jw_kstr(&w, "unit", r->f.json_unit);
        ssd__jw_kstr(&w, "better", better_word(r->f.better));
        ssd__jw_kstr(&w, "conditions", r->cond);
        ssd__jw_kbegin_array(&w, "values");
        for (int i = 0; i < c->nd; i++)
            ssd__jw_num(&w, row_value(c, r, i));
        ssd__jw_end_array(&w);
        /* compare.csv's column, to its 6 digits: Python's to_frame() reads
         * compare.json alone and gives compare.csv's columns. */
        ssd__jw_kbegin_array(&w, "pct_vs_highlight");
        for (int i = 0; i < c->nd; i++)
            ssd__jw_num_g(&w, row_pct(c, r, i), 6);
        ssd__jw_end_array(&w);
        ssd__jw_kbegin_array(&w, "states");
        for (int i = 0; i < c->nd; i++)
            ssd__jw_str(&w, ssd__fig_state_names[row_state(c, r, i)]);
        ssd__jw_end_array(&w);
        ssd__jw_kbegin_array(&w, "value_conditions");
        for (int i = 0; i < c->nd; i++) {
            const struct ssd__fig *fg = fig_of(&c->d[i], c->keys[r->k]);
            ssd__jw_str(&w, fg && *fg->cond ? fg->cond : NULL);
        }
        ssd__jw_end_array(&w);
        ssd__jw_end_object(&w);
    }
    free(rows);
    ssd__jw_end_array(&w);
    ssd__jw_end_object(&w);
    ssd__jw_newline(&w);
    rc = ssd__jw_finish(&w, out);
    return rc ? ssd__fail(((ssd_compare *)c)->err, rc, "compare.json: out of memory") : 0;
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
    struct cmp_row *rows;
    size_t nrows;
    int rc = rows_of(c, out, &rows, &nrows, "compare.csv");
    if (rc)
        return rc;
    struct ssd__text t = {0};
    ssd__text_add(&t, "drive,figure,label,unit,better,value,pct_vs_highlight,state,conditions\n");
    /* One line per drive x figure: the row the drive's figure is in. */
    for (int i = 0; i < c->nd; i++)
        for (size_t q = 0; q < nrows; q++) {
            const struct cmp_row *r = &rows[q];
            int st = row_state(c, r, i);
            if (st == SSD__FIG_OTHER)
                continue;
            if (r->cond && !row_fig(c, r, i) && q > 0 && rows[q - 1].k == r->k)
                continue; /* a drive without the figure: once, on the key's first row */
            csv_field(&t, c->d[i].label);
            ssd__text_raw(&t, ",", 1);
            csv_field(&t, c->keys[r->k]);
            ssd__text_raw(&t, ",", 1);
            csv_field(&t, r->label);
            ssd__text_add(&t, ",%s,%s,", r->f.json_unit, better_word(r->f.better));
            double v = row_value(c, r, i), p = row_pct(c, r, i);
            if (isfinite(v))
                ssd__text_add(&t, "%.17g", v);
            ssd__text_raw(&t, ",", 1);
            if (isfinite(p))
                ssd__text_add(&t, "%.6g", p);
            ssd__text_add(&t, ",%s,", ssd__fig_state_names[st]);
            const struct ssd__fig *fg = fig_of(&c->d[i], c->keys[r->k]);
            csv_field(&t, fg ? fg->cond : "");
            ssd__text_raw(&t, "\n", 1);
        }
    free(rows);
    *out = ssd__text_take(&t);
    return *out ? 0 : ssd__fail(((ssd_compare *)c)->err, SSD_ENOMEM, "compare.csv: out of memory");
}

/* ---- the page ---------------------------------------------------------- */

static const char *drive_color(const ssd_compare *c, int i) {
    return ssd__report_palette[i % SSD__PALETTE_SIZE];
}

/* Sorted horizontal bars of one row: best first, the highlighted drive in
 * its colour and the others grey, each labelled with its value and its
 * difference against the highlighted drive; a bound says "at least", a
 * figure the drive does not have says why in words (no cache, not in this
 * run), never a zero-length bar. Drives measured under other conditions are
 * in their own row. */
static void bars(const ssd_compare *c, struct ssd__text *t, const struct cmp_row *row) {
    const struct ssd__figure_info *f = &row->f;
    const char *key = c->keys[row->k];
    struct ssd__bar *b = calloc((size_t)c->nd + 1, sizeof *b);
    int n = 0, nmiss = 0;
    if (!b) {
        t->oom = 1;
        return;
    }
    for (int i = 0; i < c->nd; i++) {
        int st = row_state(c, row, i);
        double v = row_value(c, row, i);
        if (!isfinite(v) && st == SSD__FIG_OTHER)
            continue;
        /* The drives with a value first, best first (largest first when
         * neither is better; an insertion sort), then the others. */
        int at = isfinite(v) ? n : n + nmiss;
        while (isfinite(v) && at > 0 && (f->better < 0 ? v < b[at - 1].v : v > b[at - 1].v))
            at--;
        memmove(&b[at + 1], &b[at], (size_t)(n + nmiss - at) * sizeof *b);
        if (isfinite(v))
            n++;
        else
            nmiss++;
        char pb[48] = "", pc[24];
        if (isfinite(pct_text(c, row, i, pc, sizeof pc)))
            snprintf(pb, sizeof pb, " (%s)", pc);
        struct ssd__bar *r = &b[at];
        *r = (struct ssd__bar){.label = c->d[i].label,
                               .v = v,
                               .state = ssd__fig_state_names[st],
                               .drive = i,
                               .bold = i == c->highlight,
                               .dashed = st == SSD__FIG_LOWER || st == SSD__FIG_UPPER};
        if (isfinite(v)) {
            char vb[48];
            ssd__fig_value(f, st, v, vb, sizeof vb);
            r->color = i == c->highlight ? drive_color(c, i) : "#9db4cc";
            snprintf(r->text, sizeof r->text, "%s%s", vb, pb);
            snprintf(r->tip, sizeof r->tip, "%s %s%s%s", vb, f->unit, pb,
                     ssd__fig_bound_suffix(key, st));
        } else {
            r->color = st == SSD__FIG_NONE ? "#333" : "#a60";
            char words[64];
            snprintf(r->text, sizeof r->text, "%s", row_words(c, row, i, words, sizeof words));
            snprintf(r->tip, sizeof r->tip, "%s", r->text);
        }
    }
    char title[460];
    snprintf(title, sizeof title, "%s%s%s", row->label, *f->unit ? ", " : "", f->unit);
    if (n)
        ssd__bar_chart(t, title,
                       f->better > 0   ? "higher is better"
                       : f->better < 0 ? "lower is better"
                                       : "for reference",
                       NULL, b, (size_t)(n + nmiss));
    free(b);
}

/* One line per drive over a scaling test's points (QD, block size, read
 * share); the highlighted drive's is bolder. Nothing when they have fewer
 * than two x: a curve of one dot says nothing. */
static void group_overlay(const ssd_compare *c, struct ssd__text *t,
                          const struct ssd__curve_group *cg) {
    const char *title = cg->title, *xlabel = cg->xlabel;
    int xlog2 = cg->xlog2, xsize = cg->xsize, iops = cg->iops;
    size_t cap = 0;
    for (int i = 0; i < c->nd; i++)
        cap += (size_t)c->d[i].r->nsteps;
    struct ssd__line *ls = calloc((size_t)c->nd + 1, sizeof *ls);
    char(*keys)[16] = calloc((size_t)c->nd + 1, sizeof *keys);
    double *xy = malloc(2 * (cap + 1) * sizeof *xy), *at = xy;
    size_t nl = 0;
    for (int i = 0; ls && keys && xy && i < c->nd; i++) {
        const struct ssd__results *s = c->d[i].r;
        size_t n = ssd__group_points(s, cg->group, xlog2, iops, at, at + s->nsteps);
        snprintf(keys[i], sizeof keys[i], "d%d", i);
        int hl = i == c->highlight;
        if (n)
            ls[nl++] = (struct ssd__line){
                c->d[i].label,  NULL, keys[i],          keys[i],        drive_color(c, i), at,
                at + s->nsteps, n,    SSD__MARK_CIRCLE, hl ? 4.5 : 3.5, hl ? 3 : 1.8,      NULL};
        at += 2 * (size_t)s->nsteps;
    }
    const struct ssd__line_chart lc = {
        title, xlabel,      iops ? "IOPS" : "MiB/s", xlabel, 330, xlog2, 0, xsize, NULL, 0, 1,
        2,     iops ? 0 : 1};
    if (ls && keys && xy)
        ssd__line_chart(t, &lc, ls, nl);
    else
        t->oom = 1;
    free(ls);
    free(keys);
    free(xy);
}

/* The first analysis of run r's write curve `stem` and its curve as
 * ssd__write_curve_load draws it; NULL (and nothing to free) when the run
 * has none. */
static const struct ssd__step *curve_of(const struct ssd__results *r, const char *stem,
                                        struct ssd__write_curve *dc) {
    memset(dc, 0, sizeof *dc);
    for (int k = 0; k < r->nsteps; k++) {
        const struct ssd__step *st = &r->steps[k];
        if (st->def.kind == SSD__STEP_ANALYZE && st->res.curve && !strcmp(st->def.series, stem))
            return ssd__write_curve_load(r, st, dc) ? st : NULL;
    }
    return NULL;
}

/* The write curves `stem` of every drive on shared axes: their moving
 * averages overlaid, a zoom of the start when a cache is a sliver of the
 * axis, and each drive's curve in detail as its report draws it. */
static void write_overlay(const ssd_compare *c, struct ssd__text *t, const char *stem) {
    int nd = c->nd;
    struct ssd__write_curve *dc = calloc((size_t)nd + 1, sizeof *dc);
    struct ssd__curve_line *ls = calloc((size_t)nd + 1, sizeof *ls);
    size_t nl = 0;
    double xhi = 0, yhi = 0;
    if (!dc || !ls) {
        t->oom = 1;
        nd = 0;
    }
    for (int i = 0; i < nd; i++) {
        const struct ssd__step *an = curve_of(c->d[i].r, stem, &dc[i]);
        if (!an)
            continue;
        ls[nl++] = (struct ssd__curve_line){c->d[i].r,         an, &dc[i],           c->d[i].label,
                                            drive_color(c, i), i,  i == c->highlight};
        xhi = fmax(xhi, dc[i].x[dc[i].n - 1]);
        for (size_t k = 0; k < dc[i].n; k++)
            yhi = fmax(yhi, dc[i].y[k]);
    }
    char title[200];
    snprintf(title, sizeof title,
             "%.80s: write speed against data written (%d-sample moving average)", stem,
             SSD__MA_SAMPLES);
    double zx = ssd__write_curve_zoom(ls, nl, xhi, 0.03);
    if (nl)
        ssd__text_add(t, "<div class=\"multiples\">\n");
    ssd__write_curve_chart(t, title, NULL, ls, nl, xhi, 0, 0);
    if (zx > 0) {
        snprintf(title, sizeof title, "%.80s, zoom: the first %.3g GiB (small SLC caches)", stem,
                 zx);
        ssd__write_curve_chart(t, title, NULL, ls, nl, zx, 0, 0);
    }
    /* Every sample on the same axes, drive by drive. */
    for (size_t k = 0; k < nl; k++) {
        char attrs[32];
        snprintf(attrs, sizeof attrs, " data-drive=\"d%d\"", ls[k].drive);
        ssd__write_curve_chart(t, ls[k].label, attrs, &ls[k], 1, xhi, yhi * 1.08, 1);
        /* Which log the verdict leans on when the suite chose it, as the
         * drive's report says: a drive analysed against its fill's log
         * and one without a reference read by other rules. */
        ssd__reference_line(t, ls[k].r, ls[k].an, ls[k].label);
    }
    if (nl)
        ssd__text_add(t, "</div>\n");
    for (int i = 0; i < nd; i++)
        ssd__write_curve_free(&dc[i]);
    free(dc);
    free(ls);
}

static void figures_table(const ssd_compare *c, struct ssd__text *t, const struct cmp_row *rows,
                          size_t nrows) {
    ssd__text_add(t, "<div class=\"scroll\"><table class=\"grid figures cards\"><tr><th>figure</th>"
                     "<th>unit</th>");
    for (int i = 0; i < c->nd; i++) {
        ssd__text_add(t, "<th%s>", i == c->highlight ? " class=\"hl\"" : "");
        ssd__text_html_in(t, "", c->d[i].label, "</th>");
    }
    ssd__text_add(t, "</tr>\n");
    for (size_t q = 0; q < nrows; q++) {
        const struct cmp_row *r = &rows[q];
        const char *key = c->keys[r->k];
        ssd__text_html_in(t, "<tr><th>", r->label, "");
        ssd__text_add(t, "</th><td data-label=\"unit\">%s</td>", r->f.unit);
        for (int i = 0; i < c->nd; i++) {
            int st = row_state(c, r, i);
            double v = row_value(c, r, i), p;
            char vb[48], pc[24];
            /* data-label: the drive, shown beside its value on a phone. */
            ssd__text_html_in(t, "<td data-label=\"", c->d[i].label, "");
            if (!isfinite(v)) {
                ssd__text_add(t, "\" class=\"n %s\" data-state=\"%s\">%s</td>",
                              st == SSD__FIG_NONE ? "none" : "missing", ssd__fig_state_names[st],
                              row_words(c, r, i, vb, sizeof vb));
                continue;
            }
            ssd__fig_value(&r->f, st, v, vb, sizeof vb);
            ssd__text_add(t, "\" class=\"n\" data-state=\"%s\">%s%s", ssd__fig_state_names[st], vb,
                          ssd__fig_bound_suffix(key, st));
            if (isfinite(p = pct_text(c, r, i, pc, sizeof pc)))
                ssd__text_add(t, " <small class=\"%s\">%s</small>",
                              r->f.better * p > 0   ? "good"
                              : r->f.better * p < 0 ? "bad"
                                                    : "",
                              pc);
            ssd__text_add(t, "</td>");
        }
        ssd__text_add(t, "</tr>\n");
    }
    ssd__text_add(t, "</table></div>\n");
}

/* ---- the summary on top ------------------------------------------------ */

/* The write curve a reader asks about first: the degradation run, else the
 * whole-drive fill, else the first one analysed. */
static const char *main_curve(const struct ssd__results *r) {
    const char *first = NULL;
    for (int k = 0; k < r->nsteps; k++) {
        const struct ssd__step *st = &r->steps[k];
        if (st->def.kind != SSD__STEP_ANALYZE || st->def.reference[0])
            continue;
        if (!strcmp(st->def.series, ssd__step_degradation) ||
            !strcmp(st->def.series, ssd__step_fill))
            return st->def.series;
        if (!first)
            first = st->def.series;
    }
    return first;
}

/* One summary cell: the figure in words with its unit, or its state in
 * words; *state says which. */
#define NCELLS 8
struct summary_row {
    char cell[NCELLS][200];
    int state[NCELLS]; /* -1: free text (the anomalies) */
};

/* The figure's unit and scale come from the one label table
 * (figure_labels.c), as on the figures table and the bars. */
static void summary_cell(const struct cmp_drive *d, char *buf, size_t len, int *state,
                         const char *key) {
    const struct ssd__fig *f = fig_of(d, key);
    int st = f ? f->state : SSD__FIG_NOT_MEASURED;
    *state = st;
    if (!f || !isfinite(f->v) || st == SSD__FIG_NONE || st == SSD__FIG_NOT_MEASURED) {
        char words[64];
        snprintf(buf, len, "%s",
                 ssd__fig_state_words(key, st, f ? f->no_drop_bytes : NAN, words, sizeof words));
        return;
    }
    struct ssd__figure_info fi;
    ssd__figure_describe(key, &fi);
    char vb[48];
    ssd__fig_value(&fi, st, f->v, vb, sizeof vb);
    snprintf(buf, len, "%s %s%s", vb, fi.unit, ssd__fig_bound_suffix(key, st));
}

/* The slowest second of a curve from x_from GiB on (the used state), in
 * MiB/s; NaN without a curve. */
static double slowest(const struct ssd__results *r, const char *stem, double x_from) {
    struct ssd__write_curve wc;
    double lo = NAN;
    curve_of(r, stem, &wc);
    for (size_t i = 0; i < wc.n; i++)
        if (wc.x[i] >= x_from && !(wc.y[i] >= lo))
            lo = wc.y[i];
    ssd__write_curve_free(&wc);
    return lo;
}

/* Dips on the QD and block-size curves, in the words of the report's
 * verdicts (report_verdict.c). */
static void anomalies(const struct ssd__results *r, char *buf, size_t len) {
    struct ssd__text t = {0};
    for (size_t g = 0; g < SSD__GROUP_COUNT; g++) {
        const struct ssd__curve_group *cg = &ssd__curve_groups[g];
        struct ssd__dip d;
        if (!cg->xlog2 || !ssd__curve_dip(r, cg, &d))
            continue;
        if (t.len)
            ssd__text_add(&t, "; ");
        ssd__dip_words(&t, cg, &d);
    }
    char *s = ssd__text_take(&t);
    snprintf(buf, len, "%s", s && *s ? s : "none");
    free(s);
}

static const char *const summary_heads[NCELLS] = {"cache",
                                                  "after the cache",
                                                  "used state: start -> end (slowest second)",
                                                  "recovered after idle",
                                                  "recovered after TRIM",
                                                  "QD and block-size anomalies",
                                                  "fill time",
                                                  "application score"};

/* The head of summary column k over drives [from, to): "after the cache"
 * named as the drives' reports name it (speed_name). */
static const char *summary_head(const ssd_compare *c, int k, int from, int to, char *buf,
                                size_t len) {
    const char *w[64];
    int n = 0;
    for (int i = from; k == 1 && i < to && n < 64; i++) {
        char key[256];
        snprintf(key, sizeof key, "write_curves.%s.post_cache_bps",
                 main_curve(c->d[i].r) ? main_curve(c->d[i].r) : "");
        w[n++] = ssd__no_cache_speed_words(&c->d[i].hl, c->d[i].r, key);
    }
    return speed_name(w, n, summary_heads[k], buf, len);
}

static void summary_of(const struct cmp_drive *d, struct summary_row *row) {
    const char *stem = main_curve(d->r);
    char key[256];
#define CURVE_KEY(leaf)                                                                            \
    (snprintf(key, sizeof key, "write_curves.%s.%s", stem ? stem : "", leaf), key)
#define CELL(k) row->cell[k], sizeof row->cell[k], &row->state[k]
    summary_cell(d, CELL(0), CURVE_KEY("cache_bytes"));
    summary_cell(d, CELL(1), CURVE_KEY("post_cache_bps"));
    /* Without a cache the figure is the speed before the used state (or
     * the one write speed): said so, as the drive's report does
     * (headline_rows.c), so no reader takes it for a cache's aftermath. */
    const struct ssd__fig *cb = fig_of(d, CURVE_KEY("cache_bytes"));
    const struct ssd__fig *gx = fig_of(d, CURVE_KEY("gc_start_bytes"));
    if (cb && cb->state == SSD__FIG_NONE && row->state[1] == SSD__FIG_MEASURED) {
        size_t n = strlen(row->cell[1]);
        snprintf(row->cell[1] + n, sizeof row->cell[1] - n, "%s",
                 gx && isfinite(gx->v) && gx->v > 0 ? " (no cache: the speed before the used state)"
                                                    : " (no cache: the one write speed)");
    }
    const struct ssd__fig *gs = fig_of(d, CURVE_KEY("gc_start_level_bps"));
    const struct ssd__fig *ge = fig_of(d, CURVE_KEY("gc_end_level_bps"));
    if (gs && ge && gs->state == SSD__FIG_MEASURED && ge->state == SSD__FIG_MEASURED) {
        double lo = slowest(d->r, stem, gx && isfinite(gx->v) ? gx->v / GIB : 0);
        int n = snprintf(row->cell[2], sizeof row->cell[2], "%.1f -> %.1f MiB/s", gs->v / MIB,
                         ge->v / MIB);
        /* A 4K test's floor in IOPS too: "7.14 MiB/s" is 1,828 IOPS. */
        const struct ssd__step *job = ssd__suite_find_log(d->r, stem, d->r->nsteps);
        double block = job ? ssd__iops_block(ssd__step_option(job, "bs")) : NAN;
        char io[40], also[48] = "";
        ssd__fmt_iops(io, sizeof io, lo * MIB, block);
        if (*io) /* " (1,828 IOPS)" -> ", 1,828 IOPS" */
            snprintf(also, sizeof also, ", %.*s", (int)strlen(io) - 3, io + 2);
        if (isfinite(lo) && n > 0 && (size_t)n < sizeof row->cell[2])
            snprintf(row->cell[2] + n, sizeof row->cell[2] - (size_t)n,
                     " (slowest second %.2f MiB/s%s)", lo, also);
        row->state[2] = SSD__FIG_MEASURED;
    } else {
        summary_cell(d, CELL(2), CURVE_KEY("gc_start_level_bps"));
    }
    summary_cell(d, CELL(3), "write_curves.recovery-idle.recovered_bytes");
    summary_cell(d, CELL(4), "write_curves.recovery-trim.recovered_bytes");
    anomalies(d->r, row->cell[5], sizeof row->cell[5]);
    row->state[5] = -1;
    summary_cell(d, CELL(6), "fill_time_s");
    summary_cell(d, CELL(7), "apps_score_bps");
#undef CELL
#undef CURVE_KEY
}

/* Where a drive's report is, as the page links it: relative to the
 * compare's directory when both resolve, else the run directory as given. */
static void report_href(const ssd_compare *c, const struct cmp_drive *d, char *buf, size_t len) {
    char run[4096], out[4096];
    snprintf(buf, len, "%s/report.html", d->dir);
    if (!c->outdir || !realpath(d->dir, run) || !realpath(c->outdir, out))
        return;
    /* The longest common run of whole components: "/a/b" and "/a/bc"
     * share "/a" only. */
    size_t common = 0, i = 0;
    for (;; i++) {
        int end_run = run[i] == '/' || !run[i], end_out = out[i] == '/' || !out[i];
        if (end_run && end_out)
            common = i;
        if (!run[i] || !out[i] || run[i] != out[i])
            break;
    }
    size_t n = 0;
    buf[0] = 0;
    for (const char *p = out + common; *p; p++)
        if (*p == '/' && n + 4 < len)
            n += (size_t)snprintf(buf + n, len - n, "../");
    const char *rest = run + common;
    if (*rest == '/')
        rest++;
    snprintf(buf + n, len - n, "%s%sreport.html", rest, *rest ? "/" : "");
}

static void summary_table(const ssd_compare *c, struct ssd__text *t) {
    ssd__text_add(t, "<div class=\"scroll\"><table class=\"grid summary cards\" "
                     "id=\"summary-table\"><tr><th>drive</th>");
    char head[160];
    for (int k = 0; k < NCELLS; k++) {
        ssd__text_html_in(t, "<th>", summary_head(c, k, 0, c->nd, head, sizeof head), "</th>");
    }
    ssd__text_add(t, "</tr>\n");
    for (int i = 0; i < c->nd; i++) {
        const struct cmp_drive *d = &c->d[i];
        char href[4096], rpath[4200];
        report_href(c, d, href, sizeof href);
        snprintf(rpath, sizeof rpath, "%s/report.html", d->dir);
        struct stat sb;
        ssd__text_add(t, "<tr><th><i class=\"sw dot\" style=\"--c:%s\"></i>", drive_color(c, i));
        if (!stat(rpath, &sb)) {
            ssd__text_html_in(t, "<a href=\"", href, "\">");
            ssd__text_html_in(t, "", d->label, "</a>");
        } else {
            ssd__text_html(t, d->label);
        }
        ssd__text_html_in(t, "<br/><small>", d->suite ? d->suite : "no suite", "</small></th>");
        struct summary_row row;
        summary_of(d, &row);
        for (int k = 0; k < NCELLS; k++) {
            int st = row.state[k];
            /* data-label: the column's head, which a phone shows beside
             * the value when the rows become cards. */
            ssd__text_html_in(t, "<td data-label=\"",
                              summary_head(c, k, i, i + 1, head, sizeof head), "\"");
            if (st >= 0)
                ssd__text_add(t, "%s data-state=\"%s\"",
                              st == SSD__FIG_NONE           ? " class=\"none\""
                              : st == SSD__FIG_NOT_MEASURED ? " class=\"missing\""
                                                            : "",
                              ssd__fig_state_names[st]);
            ssd__text_html_in(t, ">", row.cell[k], "</td>");
        }
        ssd__text_add(t, "</tr>\n");
    }
    ssd__text_add(t, "</table></div>\n");
}

static void drives_table(const ssd_compare *c, struct ssd__text *t) {
    ssd__text_add(t, "<div class=\"scroll\"><table class=\"grid drives cards\"><tr><th>drive</th>"
                     "<th>target</th><th>suite</th><th>status</th><th>started</th>"
                     "<th>results</th></tr>\n");
    for (int i = 0; i < c->nd; i++) {
        const struct cmp_drive *d = &c->d[i];
        ssd__text_add(t, "<tr><th><i class=\"sw dot\" style=\"--c:%s\"></i>", drive_color(c, i));
        ssd__text_html(t, d->label);
        ssd__text_add(t, "%s</th><td data-label=\"target\"><code>",
                      i == c->highlight ? " (highlighted)" : "");
        ssd__text_html(t, d->r->target_uri);
        ssd__text_add(t, "</code></td><td data-label=\"suite\">");
        ssd__text_html(t, d->suite ? d->suite : "-");
        ssd__text_add(t, "</td><td data-label=\"status\" class=\"%s\">",
                      strcmp(d->status, "complete") ? "warn" : "");
        ssd__text_html(t, d->status);
        ssd__text_html_in(t, "</td><td data-label=\"started\">", d->started ? d->started : "-",
                          "</td><td data-label=\"results\"><code>");
        ssd__text_html_in(t, "", d->dir, "</code></td></tr>\n");
    }
    ssd__text_add(t, "</table></div>\n");
}

int ssd_compare_text(const ssd_compare *c, char **out) {
    int rc = can_write(c, out);
    if (rc)
        return rc;
    struct ssd__text t = {0};
    for (int i = 0; i < c->nd; i++) {
        const struct cmp_drive *d = &c->d[i];
        struct summary_row row;
        summary_of(d, &row);
        const char *suite = d->suite ? d->suite : "no suite";
        /* The suite once: a name may carry it already. */
        if (strstr(d->label, suite))
            ssd__text_add(&t, "%s: %s\n", d->label, d->dir);
        else
            ssd__text_add(&t, "%s (%s): %s\n", d->label, suite, d->dir);
        char head[160];
        for (int k = 0; k < NCELLS; k++)
            ssd__text_add(&t, "  %-42s %s\n", summary_head(c, k, i, i + 1, head, sizeof head),
                          row.cell[k]);
    }
    *out = ssd__text_take(&t);
    return *out ? 0 : ssd__fail(((ssd_compare *)c)->err, SSD_ENOMEM, "compare text: out of memory");
}

/* The compare page's own style, after the report's. */
static const char compare_css[] =
    "th.hl{background:#eef4fb}td.missing{color:#a60;font-style:italic}\n"
    "td.none{color:#333;font-style:italic}\n"
    "table.summary td{font-size:.92em}\n"
    "small.good{color:#2a7a2a}small.bad{color:#b00}\n"
    ".drivebar{position:sticky;top:0;z-index:5;background:#fff;padding:.3em 0;"
    "border-bottom:1px solid #ddd}\n"
    ".drivebar button{font:inherit;background:#fff;border:1px solid #999;"
    "border-radius:3px;padding:2px 6px;margin:2px 0;cursor:pointer;color:inherit}\n"
    ".drivebar button[aria-pressed=false]{opacity:.45;text-decoration:line-through}\n"
    /* A write curve's overlay and zoom span the page; each drive's own
     * chart (data-drive) sits beside another, its text set larger. */
    ".multiples{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(420px,100%),1fr));"
    "gap:0 1.2em}.multiples>figure:not([data-drive]){grid-column:1/-1}"
    ":where(.multiples>figure[data-drive] svg.chart text){font-size:17px}\n"
    /* Paper: the scaling charts and a write curve's charts two abreast,
     * each legend under its chart (beside it, the legend of two drives
     * left half a page blank). */
    "@media print{.drivebar{display:none}"
    ".printpair,.multiples{display:grid;grid-template-columns:1fr 1fr;gap:0 1.2em}"
    ".multiples{grid-template-columns:repeat(3,1fr)}"
    ".printpair figure,.multiples>figure,.multiples>figure:not([data-drive]){display:block;"
    "grid-column:auto}.printpair ul.legend{margin:0}"
    ".multiples ul.legend{margin:0}.multiples>figure[data-drive] ul.legend{display:none}}\n"
    ".barsgrid{display:grid;grid-template-columns:repeat(auto-fill,"
    "minmax(420px,1fr));gap:0 1.2em}\n"
    "@media (max-width:600px){.barsgrid{grid-template-columns:1fr}"
    ".drivebar{position:static}\n"
    " table.drives th:nth-child(n+5),table.drives td:nth-child(n+5){display:none}}\n";

int ssd_compare_html(const ssd_compare *c, char **out) {
    struct cmp_row *rows;
    size_t nrows;
    int rc = rows_of(c, out, &rows, &nrows, "compare.html");
    if (rc)
        return rc;
    struct ssd__text t = {0};
    char title[256];
    if (c->title)
        snprintf(title, sizeof title, "%s", c->title);
    else
        snprintf(title, sizeof title, "ssdcore: %d drives compared", c->nd);
    ssd__page_begin(&t, "", title, compare_css);
    size_t toc_at = t.len; /* the contents: every heading below (ssd__page_end) */
    /* The sections of the bars, each once, in the order first seen. */
    char sections[32][64];
    int nsec = 0;
    for (size_t q = 0; q < nrows; q++)
        ssd__fig_section_add(sections, &nsec, c->keys[rows[q].k]);
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

    /* One switch per drive for every chart of the page at once. */
    ssd__text_add(&t, "<div class=\"drivebar\" role=\"group\" aria-label=\"Drives shown in "
                      "every chart\"><b>Show in every chart:</b>");
    for (int i = 0; i < c->nd; i++) {
        ssd__text_add(&t,
                      " <button type=\"button\" data-drive=\"d%d\" aria-pressed=\"true\"><i "
                      "class=\"sw line\" style=\"--c:%s\"></i>",
                      i, drive_color(c, i));
        ssd__text_html_in(&t, "", c->d[i].label, "</button>");
    }
    ssd__text_add(&t, "</div>\n<h2 id=\"summary\">Summary</h2>\n");
    summary_table(c, &t);
    ssd__text_add(&t, "<p>\"at least\": the run ended before the drive slowed, so the figure is a "
                      "lower bound; \"at most\": the SLC cache ended inside the run's first "
                      "sample, so the figure is what that sample wrote, an upper bound; "
                      "\"no cache\": the analysis found none; \"cannot tell\": the speed "
                      "never dropped in what the run wrote, less than a cache may hold, so a "
                      "cache and none look alike; \"not in this run\": the suite did not "
                      "measure it. The drive's name links its report.</p>\n");
    ssd__text_add(&t, "<h2 id=\"drives\">Drives and runs</h2>\n");
    drives_table(c, &t);
    ssd__text_html_in(&t, "<p>Percentages are against <b>", c->d[c->highlight].label, "");
    ssd__text_add(&t, "</b>, and only between exact figures of the same test: a figure measured "
                      "under other conditions (test length, span, block size, queue depth, "
                      "threads, a drive filled before the test) is a row of its own, named "
                      "by its conditions; a bound or a \"none\" is never a base. A figure a "
                      "run does not have is never zero.</p>\n");

    /* Sorted bars, section by section. */
    for (int sec = 0; sec < nsec; sec++) {
        int open = 0;
        for (size_t q = 0; q < nrows; q++) {
            const char *key = c->keys[rows[q].k];
            if (strcmp(rows[q].f.section, sections[sec]))
                continue;
            /* The median and the ratios to it are in the table; bars of the
             * tail latencies are what the reviews compare. */
            if (!rows[q].f.better || ssd__ends_with(key, "p50_us") ||
                ssd__ends_with(key, "_over_p50"))
                continue;
            int any = 0;
            for (int i = 0; i < c->nd; i++)
                any |= isfinite(row_value(c, &rows[q], i));
            if (!any)
                continue;
            if (!open++) {
                ssd__text_add(&t, "<h2 id=\"sec-%d\">", sec);
                ssd__text_html_in(&t, "", sections[sec], "</h2>\n<div class=\"barsgrid\">\n");
            }
            bars(c, &t, &rows[q]);
        }
        if (open)
            ssd__text_add(&t, "</div>\n");
    }

    /* The scaling curves (two x at least), under a heading only when any is drawn. */
    struct ssd__text sc = {0};
    for (size_t g = 0; g < SSD__GROUP_COUNT; g++)
        group_overlay(c, &sc, &ssd__curve_groups[g]);
    char *scaling = ssd__text_take(&sc);
    t.oom |= !scaling;
    if (scaling && *scaling)
        ssd__text_add(&t,
                      "<h2 id=\"scaling\">Scaling: queue depth, block size, mixed load</h2>\n"
                      "<div class=\"printpair\">\n%s</div>\n",
                      scaling);
    free(scaling);
    {
        const struct ssd__results **runs = calloc((size_t)c->nd + 1, sizeof *runs);
        const char **labels = calloc((size_t)c->nd + 1, sizeof *labels);
        if (runs && labels) {
            for (int i = 0; i < c->nd; i++) {
                runs[i] = c->d[i].r;
                labels[i] = c->d[i].label;
            }
            ssd__fill_level_figures(&t, runs, labels, c->nd);
        } else {
            t.oom = 1;
        }
        free(runs);
        free(labels);
    }
    if (nstems)
        ssd__text_add(&t,
                      "<h2 id=\"write-curves\">Write curves</h2>\n<p>Each line is the moving "
                      "average over %d samples (the reviews' 30 s at 1 s sampling), broken at "
                      "the phase boundaries the analysis found.</p>\n",
                      SSD__MA_SAMPLES);
    for (int q = 0; q < nstems; q++) {
        ssd__text_add(&t, "<h3 id=\"curve-%d\">Write curves: ", q);
        ssd__text_html_in(&t, "", stems[q], "</h3>\n");
        write_overlay(c, &t, stems[q]);
    }

    ssd__text_add(&t, "<h2 id=\"every-figure\">Every figure</h2>\n");
    figures_table(c, &t, rows, nrows);
    free(rows);
    *out = ssd__page_end(&t, toc_at,
                         ". compare.json and compare.csv beside this page hold every figure.");
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
        c->outdir = dir;
        rc = k == 0   ? ssd_compare_to_json(c, SSD_JSON_COMPACT, &text)
             : k == 1 ? ssd_compare_csv(c, &text)
                      : ssd_compare_html(c, &text);
        c->outdir = NULL;
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
