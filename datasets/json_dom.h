/* json_dom.h - private to datasets/: a small JSON parser into a flat node
 * array (enough for fio's output; strings keep their raw escaped bytes). */
#ifndef SSD_JSON_DOM_H
#define SSD_JSON_DOM_H

#include <stddef.h>

enum ssd__jtype { SSD__J_NULL, SSD__J_BOOL, SSD__J_NUM, SSD__J_STR, SSD__J_ARR, SSD__J_OBJ };

struct ssd__jnode {
    enum ssd__jtype type;
    const char *key, *str; /* key: in an object; str: raw string bytes */
    size_t keylen, strlen;
    double num;
    long first, next; /* child and sibling indices, -1 for none */
};

struct ssd__jdoc {
    struct ssd__jnode *nodes;
    size_t n, cap;
    const char *err; /* static text */
    size_t err_line;
};

/* Parses text[0..len); 0, or -1 with err/err_line set (SSD_ENOMEM is -2). */
int ssd__json_parse(struct ssd__jdoc *d, const char *text, size_t len);
void ssd__json_free(struct ssd__jdoc *d);
/* The member key of object node obj (index), or NULL. */
const struct ssd__jnode *ssd__json_get(const struct ssd__jdoc *d, const struct ssd__jnode *obj,
                                       const char *key);
/* A number member (numbers written as strings are accepted), or NaN. */
double ssd__json_num(const struct ssd__jdoc *d, const struct ssd__jnode *obj, const char *key);

#endif
