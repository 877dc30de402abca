/* text.h - internal: a growable text buffer for the HTML report and other
 * text (JSON is written by jsonw.h). Appends never fail loudly: an allocation failure sets
 * `oom`, later appends do nothing, and the owner checks once at the end. */
#ifndef SSD_TEXT_H
#define SSD_TEXT_H

#include <stddef.h>

struct ssd__text {
    char *p;
    size_t len, cap;
    int oom;
};

void ssd__text_add(struct ssd__text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ssd__text_raw(struct ssd__text *t, const char *s, size_t n);
/* Appends s with &, <, >, " escaped for HTML/XML. */
void ssd__text_html(struct ssd__text *t, const char *s);
/* Gives the buffer away (NUL-terminated) and resets t; NULL after oom. */
char *ssd__text_take(struct ssd__text *t);
void ssd__text_free(struct ssd__text *t);

#endif
