/* headline_figures.c - ssd_headline_figures: the headline of results.json
 * as its figures, flattened by the one flattener (ssd__jv_leaves) the
 * catalog's figures table and the compare page use, so Python (and any
 * binding) names them as those do instead of walking the tree again. */
#include <string.h>

#include "json_read.h"
#include "jsonw.h"
#include "ssdcore/suite.h"

static int put_figure(void *user, const char *key, const struct ssd__jv *m) {
    struct ssd__jw *w = user;
    if (m->type != SSD__JNUM && m->type != SSD__JNULL)
        return 0;
    ssd__jw_key(w, key);
    if (m->type == SSD__JNUM)
        ssd__jw_num(w, m->num);
    else
        ssd__jw_null(w);
    return 0;
}

int ssd_headline_figures(const char *json, int flags, char **out) {
    enum ssd__jw_style style;
    int rc = ssd__jw_style_of(json, out, flags, SSD__JW_COMPACT, &style);
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
    struct ssd__jw w;
    ssd__jw_init(&w, style);
    ssd__jw_begin_object(&w);
    ssd__jv_leaves(h, put_figure, &w);
    ssd__jw_end_object(&w);
    ssd__jw_newline(&w);
    ssd__jv_free(&root);
    return ssd__jw_finish(&w, out);
}
