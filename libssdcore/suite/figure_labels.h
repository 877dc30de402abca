/* figure_labels.h - internal: what a headline figure is called and in what
 * unit it is shown. results.json's headline names its figures by key
 * ("seq_read_bps", "write_curves.degradation.cache_bytes"); the text
 * summary, the report's headline table and the compare page all label and
 * format them from this one table (figure_labels.c), so a figure reads the
 * same wherever it is shown. */
#ifndef SSD_FIGURE_LABELS_H
#define SSD_FIGURE_LABELS_H

#include <stddef.h>

#include "json_read.h"
#include "numfmt.h"

struct ssd__figure_info {
    char label[200];   /* "degradation: SLC cache" ("curve: words" for a.b.c keys) */
    const char *words; /* the leaf's words alone ("SLC cache") */
    const char *unit;  /* as shown ("MiB/s"), "" for none */
    const char *json_unit;
    const char *format; /* printf of the shown value in a table ("%.1f") */
    double scale;       /* stored value * scale = shown value */
    int better;         /* +1 higher, -1 lower, 0 neither */
    char section[64];   /* the compare page's section ("Speed", "Latency") */
};

/* Describes the headline figure `key` (a dotted key, or a leaf alone such
 * as "post_cache_bps"); a key the table does not name is labelled from its
 * own words, its unit from its suffix. */
void ssd__figure_describe(const char *key, struct ssd__figure_info *f);
/* A stored value as f shows it: scaled to its unit, in its format ("95.9"). */
void ssd__figure_format(const struct ssd__figure_info *f, double v, char *buf, size_t len);

/* A job's time option in words, times the run's scale (r->scale): "2h" ->
 * "2 h", "5s" -> "5 s", "2m" -> "2 min"; what is not a number as it is. */
void ssd__time_words(char *buf, size_t len, const char *t, double scale);

/* The test conditions of headline figure `key` in run r ("256K QD1,
 * 1 min, 32 GiB span"), "" when no single job stands for it. */
struct ssd__results;
void ssd__figure_conditions(const struct ssd__results *r, const char *key, char *buf, size_t len);
/* label with its conditions: "label, cond", less what the label says
 * already ("sequential read 256K QD1, 1 min, 32 GiB span"). */
void ssd__figure_label_in(const char *label, const char *cond, char *buf, size_t len);

/* What a figure is (results.json headline "state"): a measured value, a
 * measured absence ("no cache"), a figure this run does not have, or a
 * bound. OTHER: the compare page's drive that has the figure measured
 * under other conditions (another row). */
enum {
    SSD__FIG_MEASURED,
    SSD__FIG_NONE,
    SSD__FIG_NOT_MEASURED,
    SSD__FIG_LOWER,
    SSD__FIG_UPPER,
    SSD__FIG_OTHER
};
extern const char *const ssd__fig_state_names[SSD__FIG_OTHER + 1];
/* What a state says in words where there is no number ("no cache", "not
 * in this run"). no_drop_bytes (NaN for none): a cache figure of a curve
 * that never dropped and wrote less than any cache holds, which the run
 * cannot tell from none (ssd__fig.no_drop_bytes): "cannot tell: no drop in
 * 30.7 GiB", written into buf. */
const char *ssd__fig_state_words(const char *key, int state, double no_drop_bytes, char *buf,
                                 size_t len);
/* What a bound means after its unit (", the drive never slowed"). */
const char *ssd__fig_bound_suffix(const char *key, int state);
/* A figure's value as every view shows it: "at least " / "at most " before
 * a bound, then v as f formats it ("at least 2.1"). */
void ssd__fig_value(const struct ssd__figure_info *f, int state, double v, char *buf, size_t len);
/* Adds the section of figure `key` (ssd__figure_describe) to sections[*n]
 * unless it is there: the headline table and the compare page show their
 * sections in the order their figures first come. At most 32. */
void ssd__fig_section_add(char (*sections)[64], int *n, const char *key);

/* The headline flattened: every number (or null) leaf as a figure with
 * its dotted key (ssd__jv_leaves), its state from the "state" object
 * beside it (measured when there is none), and for a figure that is not
 * measured, why: the "error" of its curve; a preparation write's curve
 * ("preparation": true) left out. Every view of the headline (the report's
 * table, the text summary, the compare page, the catalog, Python) reads
 * this one list. */
struct ssd__fig {
    char *key;
    double v; /* results.json's unit; NaN for null */
    int state;
    const char *why; /* NULL, or into root */
    /* A cache figure (cache_bytes, cache_level_bps, post_cache_bps) not
     * measured because its curve never dropped in the bytes it wrote
     * (its total_bytes): the run was made, it cannot tell a cache from
     * none. NaN for any other figure. */
    double no_drop_bytes;
    char *cond; /* the test's conditions (compare fills it; ssd__figure_conditions) or NULL */
};
struct ssd__figs {
    struct ssd__fig *f;
    size_t n, cap;
    struct ssd__jv root;
};
/* Parses a headline (JSON text) into *out (free with ssd__figs_free, also
 * after a failure): 0, SSD_EFORMAT with why, or SSD_ENOMEM. */
int ssd__figs_parse(const char *headline_json, struct ssd__figs *out, char *why, size_t len);
/* The same from a headline already parsed (it must outlive *out; out->root
 * stays empty): 0 or SSD_ENOMEM. The catalog's figures table and
 * ssd_headline_figures (Python's figures) read it. */
int ssd__figs_of(const struct ssd__jv *headline, struct ssd__figs *out);
void ssd__figs_free(struct ssd__figs *h);
/* The figure `key` of h, or NULL. */
struct ssd__fig *ssd__figs_find(const struct ssd__figs *h, const char *key);

/* A figure as one run's report and text summary show it: label, the value
 * in the label table's unit and format ("at least 2.01") or the state in
 * words ("no cache"; number 0), the unit with what a bound means. */
struct ssd__fig_row {
    const struct ssd__fig *fig;
    struct ssd__figure_info info;
    char label[300], value[400], unit[96];
    int number;
    /* A measured absence whose label is the whole row, a phrase that reads
     * alone ("steady: did not throttle"): shown without value (value keeps
     * the state's words, "did not throttle"). */
    int alone;
};
/* Calls fn with the rows of one run's headline, grouped by section (in
 * the order the sections first come; section non-NULL on a section's
 * first row): a figure the run does not have is left out unless its
 * curve's analysis was lost (then one row says why) or it cannot be told
 * (no_drop_bytes), and a curve's run of
 * absences with the same words is one row ("did not throttle"). With run
 * (else NULL), a test of its own is labelled with its conditions. */
void ssd__figs_rows(const struct ssd__figs *h, const struct ssd__results *run,
                    void (*fn)(void *user, const char *section, const struct ssd__fig_row *row),
                    void *user);
/* What a curve's "speed after the cache" (key "write_curves.C.post_cache_bps"
 * of h, run's headline; run may be NULL) is called when the curve has no
 * cache, as the report's row and compare's bars name it: "write speed" (no
 * used state: one speed), else the speed before the used state in the
 * verdict's words ("clean-block speed", "fresh-state speed"); NULL when
 * the curve has a cache or key is another figure. */
const char *ssd__no_cache_speed_words(const struct ssd__figs *h, const struct ssd__results *run,
                                      const char *key);

#endif
