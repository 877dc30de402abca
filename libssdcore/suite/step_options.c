/* step_options.c - see step_options.h. */
#include "step_options.h"

#include <stdio.h>
#include <string.h>

#include "ssdcore/analysis.h"

int ssd__step_analysis_set(ssd_analysis *a, const char *key, double value) {
    char text[32];
    snprintf(text, sizeof text, "%.17g", value);
    return ssd_analysis_set_option(a, key, text);
}

int ssd__step_split(ssd_suite *s, char *tok, const char *kind, const char *where, const char **key,
                    const char **value) {
    char *eq = strchr(tok, '=');
    if (!eq || eq == tok)
        return ssd__fail(s->err, SSD_EINVAL, "%s: %s: expected KEY=VALUE, got '%s'", where, kind,
                         tok);
    *eq = 0;
    *key = tok;
    *value = eq + 1;
    return 0;
}

int ssd__step_keep(ssd_suite *s, struct ssd__step *st, const char *key, const char *value,
                   const char *kind, const char *where) {
    if (st->def.nopts == SSD__STEP_MAX_OPTS)
        return ssd__fail(s->err, SSD_ERANGE, "%s: %s: too many options", where, kind);
    /* Counted before the check: the step's free releases whichever of the
     * two copies was made. */
    st->def.keys[st->def.nopts] = strdup(key);
    st->def.values[st->def.nopts] = strdup(value);
    st->def.nopts++;
    if (!st->def.keys[st->def.nopts - 1] || !st->def.values[st->def.nopts - 1])
        return ssd__fail(s->err, SSD_ENOMEM, "%s: out of memory", where);
    return 0;
}

const char *ssd__step_option(const struct ssd__step *st, const char *key) {
    for (int k = 0; k < st->def.nopts; k++)
        if (!strcmp(st->def.keys[k], key))
            return st->def.values[k];
    return NULL;
}
