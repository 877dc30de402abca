/* options.h - internal: the option tables of the handles. Each handle lists
 * its options once, as rows of an X-macro:
 *
 *   #define JOB_OPTIONS(X)
 *       X(key, TYPE, field, unit, min, max, default, words, flags, help)
 *
 * which SSD__OPTION_TABLE turns into the public ssd_option_info array
 * (ssdcore/base.h), where each value is stored in the handle (`field`, a
 * member of SSD__OPTION_OWNER) and an enum OPT_key of indices. One parser
 * per type checks and stores every value, with the same messages for every
 * handle; docs/options.md lists the words the parsers accept. */
#ifndef SSD_OPTIONS_H
#define SSD_OPTIONS_H

#include <math.h>
#include <stddef.h>

#include "ssdcore/base.h"

/* What a message names as the accepted words. */
#define SSD__BOOL_WORDS "1/0, true/false, yes/no or on/off"

/* Where an option's value goes in its handle. */
struct ssd__option_slot {
    size_t offset, width;
};

/* The defaults as stored (ssd__option_defaults): each option's slot bytes
 * once parsed, for the next handle. state: 0 not yet, 1 being filled, 2
 * ready (atomic). */
struct ssd__option_cache {
    int state;
    unsigned char (*value)[8];
};

struct ssd__options {
    const char *what; /* "job": named in "unknown job option 'x'" */
    const ssd_option_info *info;
    const struct ssd__option_slot *slot;
    size_t n;
    struct ssd__option_cache *cache;
};

#define SSD__OPTION_INFO(key, type, field, unit, lo, hi, def, words, flags, help)                  \
    {sizeof(ssd_option_info), #key, SSD_OPTION_##type, unit, lo, hi, def, words, help, flags},
#define SSD__OPTION_SLOT(key, type, field, ...)                                                    \
    {offsetof(SSD__OPTION_OWNER, field), sizeof(((SSD__OPTION_OWNER *)0)->field)},
#define SSD__OPTION_ID(key, ...) OPT_##key,

/* Defines enum OPT_key, the arrays and `static const struct ssd__options
 * name` for the rows of LIST, stored into SSD__OPTION_OWNER. */
#define SSD__OPTION_TABLE(name, what, LIST)                                                        \
    enum { LIST(SSD__OPTION_ID) OPT_COUNT_ };                                                      \
    static const ssd_option_info name##_info[] = {LIST(SSD__OPTION_INFO)};                         \
    static const struct ssd__option_slot name##_slot[] = {LIST(SSD__OPTION_SLOT)};                 \
    static unsigned char name##_default_bytes[OPT_COUNT_][8];                                      \
    static struct ssd__option_cache name##_cache = {0, name##_default_bytes};                      \
    static const struct ssd__options name = {what, name##_info, name##_slot, OPT_COUNT_,           \
                                             &name##_cache}

/* Defines const ssd_option_info *fn(size_t *n), the public accessor of
 * the table name (ssd_X_options). */
#define SSD__OPTIONS_ACCESSOR(fn, name)                                                            \
    const ssd_option_info *fn(size_t *n) {                                                         \
        if (n)                                                                                     \
            *n = name.n;                                                                           \
        return name.info;                                                                          \
    }

/* Checks value against key's entry and stores it in handle: returns the
 * index of the option, or SSD_EINVAL / SSD_ERANGE / SSD_ENOMEM with the
 * message in err ("option bs: 1x is not a size (e.g. 4k, 8g)"). A text
 * is strdup'ed ("" stores NULL) and the previous one freed. */
int ssd__option_set(const struct ssd__options *t, void *handle, const char *key, const char *value,
                    char *err);

/* set_option of a handle that takes no options (what: "trace"): every key
 * refused in the words above ("unknown trace option 'x'"), SSD_EINVAL. */
int ssd__option_none(const char *what, const char *key, const char *value, char *err);

/* The value of key in handle as a number (a boolean 0/1, an enum its
 * index): 0, or SSD_EINVAL for an unknown key or a text option. */
int ssd__option_get(const struct ssd__options *t, const void *handle, const char *key,
                    double *value);

/* Stores every option's default (those with one) in a new handle: parsed
 * by the first call, copied from the table's cache after it. */
void ssd__option_defaults(const struct ssd__options *t, void *handle);

/* *out (a T **) = a new zeroed handle of size bytes with t's defaults (t
 * NULL: none), as every ssd_X_create makes it: 0, SSD_EINVAL (out NULL) or
 * SSD_ENOMEM. */
int ssd__option_create(void *out, size_t size, const struct ssd__options *t);

/* Frees the texts stored in handle. */
void ssd__option_free(const struct ssd__options *t, void *handle);

#endif
