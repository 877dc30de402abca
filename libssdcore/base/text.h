/* text.h - internal: a growable text buffer for the results JSON and
 * the HTML report. Appends never fail loudly: an allocation failure sets
 * `oom`, later appends do nothing, and the owner checks once at the end. */
#ifndef SSD_TEXT_H
#define SSD_TEXT_H

#include <stddef.h>

#include <ssdcore/analysis.h>

struct ssd__text {
    char *p;
    size_t len, cap;
    int oom;
};

void ssd__text_add(struct ssd__text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ssd__text_raw(struct ssd__text *t, const char *s, size_t n);
/* Appends s as a quoted JSON string (NULL appends null). */
void ssd__text_jstr(struct ssd__text *t, const char *s);
/* Appends a JSON number, or null when v is not finite. */
void ssd__text_jnum(struct ssd__text *t, double v);
/* Appends s with &, <, >, " escaped for HTML/XML. */
void ssd__text_html(struct ssd__text *t, const char *s);
/* The regimes of a write curve in a reviewer's words, appended as one
 * sentence: "SLC cache 2.00 GiB at 320 MiB/s, then 6.4x slower (50.0
 * MiB/s); used state from 246 GiB (1.10x the capacity): 26.6 falling to
 * 26.0 MiB/s" or "no SLC cache; fresh-state speed 284 MiB/s until 248 GiB
 * (1.04x the capacity), then used state: 47.0 falling to 31.2 MiB/s",
 * with "; periodic dips every 15 s to 45% (direct)". Plain text; the
 * caller escapes it for HTML. */
void ssd__text_regimes(struct ssd__text *t, const struct ssd_analysis_summary *m,
                       const struct ssd_phase *ph, size_t nph);
/* Gives the buffer away (NUL-terminated) and resets t; NULL after oom. */
char *ssd__text_take(struct ssd__text *t);
void ssd__text_free(struct ssd__text *t);

#endif
