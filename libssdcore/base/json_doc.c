/* json_doc.c - ssd_json (ssdcore/base.h): the one JSON writer (jsonw.c)
 * behind a public handle, for documents of the caller's own. */
#include <stdlib.h>

#include "ssdcore/base.h"

#include "jsonw.h"

struct ssd_json {
    struct ssd__jw w;
};

int ssd_json_create(ssd_json **out, int flags) {
    enum ssd__jw_style style;
    if (out)
        *out = NULL;
    if (!out || ssd__jw_style_named(flags, &style))
        return SSD_EINVAL;
    ssd_json *w = calloc(1, sizeof *w);
    if (!w)
        return SSD_ENOMEM;
    ssd__jw_init(&w->w, style);
    *out = w;
    return 0;
}

void ssd_json_free(ssd_json *w) {
    if (w)
        free(w->w.buf);
    free(w);
}

int ssd_json_finish(ssd_json *w, char **out) {
    if (out)
        *out = NULL;
    if (!w || !out) {
        ssd_json_free(w);
        return SSD_EINVAL;
    }
    int rc = ssd__jw_finish(&w->w, out);
    free(w);
    return rc;
}

/* The key of a member, when there is one: whether to write the value. */
static int key(ssd_json *w, const char *k) {
    if (w && k)
        ssd__jw_key(&w->w, k);
    return w != NULL;
}

void ssd_json_begin_object(ssd_json *w, const char *k) {
    if (key(w, k))
        ssd__jw_begin_object(&w->w);
}

void ssd_json_end_object(ssd_json *w) {
    if (w)
        ssd__jw_end_object(&w->w);
}

void ssd_json_begin_array(ssd_json *w, const char *k) {
    if (key(w, k))
        ssd__jw_begin_array(&w->w);
}

void ssd_json_end_array(ssd_json *w) {
    if (w)
        ssd__jw_end_array(&w->w);
}

void ssd_json_str(ssd_json *w, const char *k, const char *s) {
    if (key(w, k))
        ssd__jw_str(&w->w, s);
}

void ssd_json_num(ssd_json *w, const char *k, double v, int decimals) {
    if (!key(w, k))
        return;
    if (decimals < 0)
        ssd__jw_num(&w->w, v);
    else
        ssd__jw_num_f(&w->w, v, decimals);
}

void ssd_json_u64(ssd_json *w, const char *k, uint64_t v) {
    if (key(w, k))
        ssd__jw_u64(&w->w, v);
}

void ssd_json_bool(ssd_json *w, const char *k, int v) {
    if (key(w, k))
        ssd__jw_bool(&w->w, v);
}

void ssd_json_null(ssd_json *w, const char *k) {
    if (key(w, k))
        ssd__jw_null(&w->w);
}

void ssd_json_raw(ssd_json *w, const char *k, const char *json) {
    if (key(w, k))
        ssd__jw_raw(&w->w, json);
}

void ssd_json_newline(ssd_json *w) {
    if (w)
        ssd__jw_newline(&w->w);
}
