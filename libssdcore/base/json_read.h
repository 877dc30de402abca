/* json_read.h - internal: the one JSON reader: results.json loaded back
 * (ssd_suite_load), fio JSON output (fio_result.c), filebench figures and a result as
 * text (ssd_json_restyle).
 * Values are a tree with strings decoded (\u escapes to UTF-8);
 * ssd__jv_json() turns any value back into compact JSON. */
#ifndef SSD_JSON_READ_H
#define SSD_JSON_READ_H

#include <stddef.h>

#include "text.h" /* for the files that include it through this one */

enum { SSD__JNULL, SSD__JFALSE, SSD__JTRUE, SSD__JNUM, SSD__JSTR, SSD__JARR, SSD__JOBJ };

struct ssd__jv {
    int type;
    double num;
    char *str;   /* JSTR; JNUM: its text as written, from ssd__jr_parse_exact */
    size_t n;    /* JARR, JOBJ: number of items */
    char **keys; /* JOBJ */
    struct ssd__jv *items;
};

/* Parses text into *out (free with ssd__jv_free). On failure returns
 * SSD_EFORMAT (or SSD_ENOMEM) with "line L: what" in err. */
int ssd__jr_parse(const char *text, struct ssd__jv *out, char *err, size_t errlen);
/* As ssd__jr_parse, each number keeping its text ("12.50", "1e3") in str:
 * for a document shown as it was written (ssd_json_restyle). */
int ssd__jr_parse_exact(const char *text, struct ssd__jv *out, char *err, size_t errlen);
void ssd__jv_free(struct ssd__jv *v);
/* The member key of an object (NULL when v is not an object or has none). */
const struct ssd__jv *ssd__jv_get(const struct ssd__jv *v, const char *key);
/* Typed look-ups with a fallback. */
double ssd__jv_num(const struct ssd__jv *v, const char *key, double fallback);
const char *ssd__jv_str(const struct ssd__jv *v, const char *key);
int ssd__jv_true(const struct ssd__jv *v, const char *key);
/* v as compact JSON, written by jsonw: a malloc'd string, or NULL when
 * out of memory. */
char *ssd__jv_json(const struct ssd__jv *v);
/* Calls fn(user, key, m) for every member m under the object v that is not
 * itself an object, in order, key its dotted path ("write_curves.
 * degradation.cache_bytes"; a path over 511 bytes is skipped): how a
 * headline is flattened into figures (the compare page, the catalog).
 * Returns the first nonzero fn return, else 0. */
int ssd__jv_leaves(const struct ssd__jv *v,
                   int (*fn)(void *user, const char *key, const struct ssd__jv *m), void *user);

#endif
