/* jsonw.h - internal: the one JSON writer of libssdcore.
 *
 * A document is written front to back: open and close objects and arrays,
 * put a key before each member's value; commas (and, in pretty style,
 * newlines and indentation) come by themselves. Nothing is validated: a
 * key inside an array or an unbalanced close writes what it is told.
 *
 * Allocation failure is sticky: the first one sets `oom`, every later call
 * does nothing, and ssd__jw_finish() reports SSD_ENOMEM. A producer writes
 * its whole document without checking and looks once at the end.
 *
 *     struct ssd__jw w;
 *     ssd__jw_init(&w, SSD__JW_COMPACT);
 *     ssd__jw_begin_object(&w);
 *     ssd__jw_ku64(&w, "bytes", 4096);
 *     ssd__jw_end_object(&w);
 *     int rc = ssd__jw_finish(&w, &text);   // {"bytes":4096}
 */
#ifndef SSD_JSONW_H
#define SSD_JSONW_H

#include <stddef.h>
#include <stdint.h>

enum ssd__jw_style {
    SSD__JW_COMPACT, /* {"a":1,"b":[1,2]} */
    SSD__JW_SPACED,  /* {"a": 1, "b": [1, 2]} */
    SSD__JW_PRETTY,  /* a key or element per line, two spaces a level, "key": value */
};

struct ssd__jw {
    char *buf; /* NUL-terminated whenever it is not NULL */
    size_t len, cap;
    int oom;
    enum ssd__jw_style style;
    int depth;
    int comma;     /* the next key or element needs a separator first */
    int after_key; /* a key was just written: its value follows directly */
    int newline;   /* ssd__jw_newline() asked for a line break not yet written */
    /* NULL means realloc; tests put one that fails on demand. What it
     * returns must be free()able. */
    void *(*realloc_fn)(void *p, size_t size);
};

void ssd__jw_init(struct ssd__jw *w, enum ssd__jw_style style);

/* What every ssd_*_to_json does first (ssdcore/base.h): *out NULL and w
 * started in the style flags ask for (SSD__JW_PRETTY for SSD_JSON_PRETTY,
 * else compact; a producer that hands the writing on passes w.style).
 * Returns 0, or SSD_EINVAL for a NULL handle or out, or a flag bit it does
 * not know, saying which in err (the handle's message buffer, written
 * through its const pointer as every failing call's message is; NULL for
 * a function of no handle). w holds no memory until something is written. */
int ssd__jw_open(struct ssd__jw *w, const void *handle, char **out, int flags, char *err);

/* The style the public flags name (SSD_JSON_COMPACT, _SPACED or _PRETTY,
 * ssd_json_create and ssd_json_restyle): 0, or SSD_EINVAL for other flags. */
int ssd__jw_style_named(int flags, enum ssd__jw_style *style);

void ssd__jw_begin_object(struct ssd__jw *w);
void ssd__jw_end_object(struct ssd__jw *w);
void ssd__jw_begin_array(struct ssd__jw *w);
void ssd__jw_end_array(struct ssd__jw *w);

/* A member's key; escaped like any string. */
void ssd__jw_key(struct ssd__jw *w, const char *key);

/* A string, escaped per RFC 8259: '"' and '\' get a backslash, control
 * characters are \u00XX, valid UTF-8 is copied as is and each byte that is
 * not part of valid UTF-8 becomes \ufffd (JSON text must be UTF-8). NULL
 * writes null. */
void ssd__jw_str(struct ssd__jw *w, const char *s);

/* Numbers. JSON has no NaN or infinity: a value that is not finite is
 * written as null by all three. */
void ssd__jw_num(struct ssd__jw *w, double v);                 /* shortest round trip */
void ssd__jw_num_g(struct ssd__jw *w, double v, int digits);   /* printf %.*g */
void ssd__jw_num_f(struct ssd__jw *w, double v, int decimals); /* printf %.*f */
void ssd__jw_u64(struct ssd__jw *w, uint64_t v);
/* A byte count: the nearest whole byte, every digit, however it was
 * computed (an interpolated position is a double); null when not finite. */
void ssd__jw_bytes(struct ssd__jw *w, double v);

void ssd__jw_bool(struct ssd__jw *w, int v);
void ssd__jw_null(struct ssd__jw *w);

/* A value some producer already serialised (an object another handle
 * wrote), in any whitespace style: copied as it is, or in pretty style
 * re-indented at its place (strings byte for byte); NULL writes null. */
void ssd__jw_raw(struct ssd__jw *w, const char *json);
/* As ssd__jw_raw, with the white space outside strings laid out in every
 * style (compact: none), as ssd_json_restyle hands a document over. */
void ssd__jw_restyle(struct ssd__jw *w, const char *json);

/* The next element starts a line: a line break right after the separator
 * that precedes it (none before an array's first element), or, when
 * nothing follows, at the end of the text. For compact documents read line
 * by line (results.json puts each step on a line of its own); the pretty
 * style has its own lines and ignores it. */
void ssd__jw_newline(struct ssd__jw *w);

/* A member in one call: the key, then the value as above. */
void ssd__jw_kstr(struct ssd__jw *w, const char *key, const char *s);
void ssd__jw_knum(struct ssd__jw *w, const char *key, double v);
void ssd__jw_kbytes(struct ssd__jw *w, const char *key, double v);
void ssd__jw_ku64(struct ssd__jw *w, const char *key, uint64_t v);
void ssd__jw_kbool(struct ssd__jw *w, const char *key, int v);
void ssd__jw_kraw(struct ssd__jw *w, const char *key, const char *json);
/* A member whose value is an object or array, opened (close it as any). */
void ssd__jw_kbegin_object(struct ssd__jw *w, const char *key);
void ssd__jw_kbegin_array(struct ssd__jw *w, const char *key);
/* A member whose value is an array of n numbers as ssd__jw_num writes them. */
void ssd__jw_knums(struct ssd__jw *w, const char *key, const double *v, size_t n);

/* Hands the text over: returns 0 with the malloc'd (free()) document in
 * *out, or SSD_ENOMEM with *out NULL and nothing left to free. Either way
 * w holds no memory afterwards. */
int ssd__jw_finish(struct ssd__jw *w, char **out);

/* A producer's last step: when rc is 0, ssd__jw_finish(w, out); when rc is
 * an error (the producer failed midway), the half document is dropped, *out
 * left alone and rc returned. */
int ssd__jw_finish_unless(struct ssd__jw *w, int rc, char **out);

/* The one string escaper (json_quote.c), as ssd__jw_str() describes:
 * writes the quoted literal of text into out when out is not NULL and
 * returns its length either way, so one call measures and the next writes. */
size_t ssd__json_quoted(const char *text, char *out);

#endif
