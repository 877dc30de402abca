/* headline_figures.c - ssd_headline_figures: the headline of results.json
 * as its figures, from the one list (ssd__figs_of) the catalog, the compare
 * page, the report and the text summary read, so Python (and any binding)
 * names them as those do instead of walking the tree again. */
#include <string.h>

#include "figure_labels.h"
#include "json_read.h"
#include "jsonw.h"
#include "ssdcore/suite.h"

int ssd_headline_figures(const char *json, int flags, char **out) {
    struct ssd__jw w;
    int rc = ssd__jw_open(&w, json, out, flags, NULL);
    if (rc)
        return rc;
    struct ssd__jv root;
    char why[128];
    if ((rc = ssd__jr_parse(json, &root, why, sizeof why)))
        return rc;
    /* results.json names its schema; a headline object alone does not. */
    const struct ssd__jv *h = ssd__jv_str(&root, "schema") ? ssd__jv_get(&root, "headline") : &root;
    if (!h || h->type != SSD__JOBJ) {
        ssd__jv_free(&root);
        return SSD_EFORMAT;
    }
    struct ssd__figs figs;
    if ((rc = ssd__figs_of(h, &figs))) {
        ssd__figs_free(&figs);
        ssd__jv_free(&root);
        return rc;
    }
    ssd__jw_begin_object(&w);
    for (size_t i = 0; i < figs.n; i++)
        ssd__jw_knum(&w, figs.f[i].key, figs.f[i].v); /* NaN: null */
    ssd__jw_end_object(&w);
    ssd__jw_newline(&w);
    ssd__figs_free(&figs);
    ssd__jv_free(&root);
    return ssd__jw_finish(&w, out);
}
