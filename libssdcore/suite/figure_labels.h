/* figure_labels.h - internal: what a headline figure is called and in what
 * unit it is shown. results.json's headline names its figures by key
 * ("seq_read_bps", "write_curves.degradation.cache_bytes"); the text
 * summary, the report's headline table and the compare page all label and
 * format them from this one table (figure_labels.c), so a figure reads the
 * same wherever it is shown. */
#ifndef SSD_FIGURE_LABELS_H
#define SSD_FIGURE_LABELS_H

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

#endif
