/* sim_truth.c - the simulator's ground truth and profile descriptions, by
 * key and as JSON. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_model.h"

#define GIB 1073741824.0

/* A growing string; on allocation failure it stays NULL and later appends
 * are ignored, so callers check once at the end. */
struct sbuf {
    char *s;
    size_t len, cap;
    int failed;
};

static void sb_printf(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void sb_printf(struct sbuf *b, const char *fmt, ...) {
    if (b->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = b->cap - b->len;
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? room : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = 1;
            return;
        }
        if (b->s && (size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap * 2 : 1024;
        while (cap < b->len + (size_t)n + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->failed = 1;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
}

static void sb_json_string(struct sbuf *b, const char *v) {
    sb_printf(b, "\"");
    for (const unsigned char *p = (const unsigned char *)v; *p; p++) {
        if (*p == '"' || *p == '\\')
            sb_printf(b, "\\%c", *p);
        else if (*p < 0x20)
            sb_printf(b, "\\u%04x", *p);
        else
            sb_printf(b, "%c", *p);
    }
    sb_printf(b, "\"");
}

static void sb_number(struct sbuf *b, double v) {
    if (isfinite(v))
        sb_printf(b, "%.17g", v);
    else
        sb_printf(b, "null");
}

static int sb_finish(struct sbuf *b, char **out) {
    if (b->failed || !b->s) {
        free(b->s);
        *out = NULL;
        return SSD_ENOMEM;
    }
    *out = b->s;
    return 0;
}

static void params_json(struct sbuf *b, const struct ssd__sim_params *p) {
    sb_printf(b, "{");
    for (int i = 0; i < ssd__sim_param_table_size; i++) {
        const struct ssd__sim_param_info *pi = &ssd__sim_param_table[i];
        double v = *(const double *)((const char *)p + pi->offset);
        sb_printf(b, "%s\"%s\": ", i ? ", " : "", pi->name);
        if (pi->choices)
            sb_json_string(b, pi->choices[(int)v]);
        else
            sb_number(b, v);
    }
    sb_printf(b, "}");
}

int ssd_sim_profile_json(const char *spec, char **out) {
    struct ssd__sim_params p;
    const char *name;
    char msg[512];
    *out = NULL;
    int rc = ssd__sim_resolve(spec, &p, &name, msg, sizeof msg);
    if (rc) {
        *out = strdup(msg);
        return rc;
    }
    const char *describe = "custom profile";
    for (int i = 0; i < ssd__sim_profiles_count; i++)
        if (!strcmp(ssd__sim_profiles[i].name, name))
            describe = ssd__sim_profiles[i].describe;
    struct sbuf b = {0};
    sb_printf(&b, "{\"name\": ");
    sb_json_string(&b, name);
    sb_printf(&b, ", \"description\": ");
    sb_json_string(&b, describe);
    sb_printf(&b, ", \"params\": ");
    params_json(&b, &p);
    double user = (double)ssd__sim_user_bytes(&p), raw = ssd__sim_raw_bytes(&p);
    sb_printf(&b, ", \"derived\": {\"user_bytes\": %.0f, \"raw_bytes\": %.0f", user, raw);
    sb_printf(&b, ", \"cache_nominal_bytes\": %.0f",
              (int)p.slc_type == SSD__SLC_NONE ? 0 : p.slc_gb * GIB);
    sb_printf(&b, ", \"cache_effective_bytes\": %.0f", ssd__sim_cache_effective_bytes(&p));
    sb_printf(&b, ", \"floor_iops\": %.0f}}", p.floor_mbps * 1048576.0 / 4096);
    return sb_finish(&b, out);
}

/* The start of the first phase of the last job in regime r, or -1. */
static double phase_start(const struct ssd__sim *s, int r) {
    for (int i = 0; i < s->n_phases; i++)
        if (s->phases[i].regime == r)
            return s->phases[i].start_bytes;
    return -1;
}

static double cache_full_at(const struct ssd__sim *s) {
    if (s->n_phases == 0)
        return -1;
    if (s->phases[0].regime != SSD__REG_SLC)
        return 0; /* full from the start */
    return s->n_phases > 1 ? s->phases[1].start_bytes : -1;
}

struct truth_key {
    const char *name;
    int event; /* -1 means "did not happen" */
};

static const struct truth_key truth_keys[] = {
    {"cache_nominal_bytes", 0},
    {"cache_effective_bytes", 0},
    {"cache_used_bytes", 0},
    {"cache_room_bytes", 0},
    {"cache_full_at_bytes", 1},
    {"folding_start_bytes", 1},
    {"gc_start_bytes", 1},
    {"job_written_bytes", 0},
    {"host_written_bytes", 0},
    {"nand_written_bytes", 0},
    {"write_amplification", 0},
    {"last_idle_recovered_bytes", 0},
    {"fast_room_bytes", 0},
    {"mapped_bytes", 0},
    {"valid_bytes", 0},
    {"invalid_bytes", 0},
    {"clean_bytes", 0},
    {"gc_efficiency", 0},
    {"dirty", 0},
    {"virtual_time_s", 0},
};
#define N_TRUTH_KEYS ((int)(sizeof truth_keys / sizeof truth_keys[0]))

static double truth_value(const struct ssd__sim *s, int k) {
    switch (k) {
    case 0:
        return (int)s->p.slc_type == SSD__SLC_NONE ? 0 : s->p.slc_gb * GIB;
    case 1:
        return ssd__sim_cache_effective_bytes(&s->p);
    case 2:
        return s->slc;
    case 3:
        return ssd__sim_cache_room(s);
    case 4:
        return cache_full_at(s);
    case 5:
        return phase_start(s, SSD__REG_FOLD);
    case 6:
        return phase_start(s, SSD__REG_GC);
    case 7:
        return s->job_written;
    case 8:
        return s->host_written;
    case 9:
        return s->nand_written;
    case 10:
        return s->host_written > 0 ? s->nand_written / s->host_written : 0;
    case 11:
        return s->last_idle_recovered;
    case 12:
        return ssd__sim_fast_room(s);
    case 13:
        return ssd__sim_mapped(s);
    case 14:
        return s->valid + s->slc_valid;
    case 15:
        return s->invalid + (s->slc - s->slc_valid);
    case 16:
        return s->clean;
    case 17:
        return ssd__sim_regime(s) == SSD__REG_GC ? ssd__sim_gc_efficiency(s) : 1.0;
    case 18:
        return ssd__sim_regime(s) == SSD__REG_GC;
    default:
        return s->now_s;
    }
}

static struct ssd__sim *sim_or_fail(ssd_target *t, int *rc) {
    struct ssd__sim *s = ssd__sim_of(t);
    *rc = 0;
    if (!t)
        *rc = SSD_EINVAL;
    else if (!s) {
        t->err[0] = '\0';
        *rc = ssd__fail(t->err, SSD_EINVAL, "ground truth needs an open sim: target, not %s",
                        ssd_target_kind(t));
    }
    return s;
}

int ssd_sim_truth(ssd_target *t, const char *key, double *out) {
    int rc;
    struct ssd__sim *s = sim_or_fail(t, &rc);
    if (!s)
        return rc;
    t->err[0] = '\0';
    for (int k = 0; k < N_TRUTH_KEYS; k++) {
        if (!key || strcmp(key, truth_keys[k].name))
            continue;
        double v = truth_value(s, k);
        if (truth_keys[k].event && v < 0)
            return ssd__fail(t->err, SSD_ENODATA, "truth %s: did not happen in the last job", key);
        *out = v;
        return 0;
    }
    return ssd__fail(t->err, SSD_EINVAL, "truth: unknown key '%s'", key ? key : "(null)");
}

int ssd_sim_truth_json(ssd_target *t, char **out) {
    int rc;
    struct ssd__sim *s = sim_or_fail(t, &rc);
    *out = NULL;
    if (!s)
        return rc;
    t->err[0] = '\0';
    struct sbuf b = {0};
    sb_printf(&b, "{\"profile\": ");
    sb_json_string(&b, s->profile);
    for (int k = 0; k < N_TRUTH_KEYS; k++) {
        double v = truth_value(s, k);
        sb_printf(&b, ", \"%s\": ", truth_keys[k].name);
        if (truth_keys[k].event && v < 0)
            sb_printf(&b, "null");
        else
            sb_number(&b, v);
    }
    sb_printf(&b, ", \"regime\": \"%s\", \"phases\": [", ssd__sim_regime_name(ssd__sim_regime(s)));
    for (int i = 0; i < s->n_phases; i++)
        sb_printf(&b, "%s{\"regime\": \"%s\", \"start_bytes\": %.0f, \"start_s\": %.9g}",
                  i ? ", " : "", ssd__sim_regime_name(s->phases[i].regime),
                  s->phases[i].start_bytes, s->phases[i].start_s);
    sb_printf(&b, "], \"params\": ");
    params_json(&b, &s->p);
    sb_printf(&b, "}");
    rc = sb_finish(&b, out);
    if (rc)
        return ssd__fail(t->err, rc, "truth: out of memory");
    return 0;
}
