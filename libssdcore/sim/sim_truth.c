/* sim_truth.c - the simulator's ground truth and profile descriptions, by
 * key and as JSON. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jsonw.h"
#include "grow.h"
#include "numfmt.h"
#include "precondition.h"
#include "ssdcore/analysis.h"
#include "sim_model.h"

#define GIB 1073741824.0

static void params_json(struct ssd__jw *w, const struct ssd__sim_params *p) {
    ssd__jw_begin_object(w);
    for (int i = 0; i < ssd__sim_param_table_size; i++) {
        const struct ssd__sim_param_info *pi = &ssd__sim_param_table[i];
        double v = *(const double *)((const char *)p + pi->offset);
        ssd__jw_key(w, pi->name);
        if (pi->choices)
            ssd__jw_str(w, pi->choices[(int)v]);
        else
            ssd__jw_num(w, v);
    }
    ssd__jw_end_object(w);
}

static const char *const derived_keys[] = {
    "user_bytes", "raw_bytes", "cache_nominal_bytes", "cache_effective_bytes", "floor_iops", NULL};

int ssd__sim_derived(const struct ssd__sim_params *p, const char *key, double *out) {
    double v;
    if (!key)
        return SSD_EINVAL;
    else if (!strcmp(key, "user_bytes"))
        v = (double)ssd__sim_user_bytes(p);
    else if (!strcmp(key, "raw_bytes"))
        v = ssd__sim_raw_bytes(p);
    else if (!strcmp(key, "cache_nominal_bytes"))
        v = (int)p->slc_type == SSD__SLC_NONE ? 0 : p->slc_gb * GIB;
    else if (!strcmp(key, "cache_effective_bytes"))
        v = ssd__sim_cache_effective_bytes(p);
    else if (!strcmp(key, "floor_iops"))
        v = p->floor_mbps * 1048576.0 / 4096;
    else
        return SSD_EINVAL;
    *out = round(v) + 0.0; /* whole numbers, as the JSON writes them */
    return 0;
}

static int profile_json(const char *spec, enum ssd__jw_style style, char **out) {
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
    struct ssd__jw w;
    ssd__jw_init(&w, style);
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "name", name);
    ssd__jw_kstr(&w, "description", describe);
    ssd__jw_key(&w, "params");
    params_json(&w, &p);
    ssd__jw_kbegin_object(&w, "derived");
    for (const char *const *k = derived_keys; *k; k++) {
        double v = 0;
        ssd__sim_derived(&p, *k, &v);
        ssd__jw_kbytes(&w, *k, v); /* a whole number, floor_iops too */
    }
    ssd__jw_end_object(&w);
    ssd__jw_end_object(&w);
    return ssd__jw_finish(&w, out);
}

/* ---- levels: the median of per-interval rates ---------------------------
 * An analysis phase's level_bps is the median of its samples' rates (noise
 * and dips included); its mean_bps is bytes over seconds. The model's own
 * like-for-like level is the median of the rates of the job's intervals
 * that lay wholly in the phase (an interval that straddles a change mixes
 * two regimes, as the analysis' mixed sample does, and counts for neither). */

void ssd__sim_truth_job_begin(struct ssd__sim *s) {
    s->iv_n = 0;
    s->iv_lost = 0;
}

void ssd__sim_truth_interval(struct ssd__sim *s, int phases_before, double written,
                             double seconds) {
    if (!(seconds > 0) || !(written > 0) || s->n_phases == 0 || s->iv_lost)
        return;
    /* Wholly in one phase: none began during it, or it began the first. */
    if (s->n_phases != phases_before && !(phases_before == 0 && s->n_phases == 1))
        return;
    if (ssd__grow(&s->iv, s->iv_n, &s->iv_cap, sizeof *s->iv, 4096)) {
        s->iv_lost = 1; /* the levels become unknown; the run goes on */
        return;
    }
    s->iv[s->iv_n].bps = written / seconds;
    s->iv[s->iv_n++].phase = s->n_phases - 1;
}

void ssd__sim_truth_free(struct ssd__sim *s) {
    free(s->iv);
    s->iv = NULL;
    s->iv_n = s->iv_cap = 0;
}

/* The median rate of the recorded intervals of phase `phase` (or, with
 * phase < 0, of every phase in regime r), or -1 when there is none (the
 * phase was shorter than an interval) or the record was lost. */
static double level_of(const struct ssd__sim *s, int phase, int r) {
    if (s->iv_lost || s->iv_n == 0)
        return -1;
    double *v = malloc(s->iv_n * sizeof *v);
    if (!v)
        return -1;
    size_t n = 0;
    for (size_t i = 0; i < s->iv_n; i++) {
        int ph = s->iv[i].phase;
        if (phase >= 0 ? ph == phase : (ph < s->n_phases && s->phases[ph].regime == r))
            v[n++] = s->iv[i].bps;
    }
    double m = -1;
    if (n) {
        qsort(v, n, sizeof *v, ssd__cmp_double);
        m = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    }
    free(v);
    return m;
}

/* The first phase after the cache, or -1: a slump right after the cache
 * is not it. The post-cache level is the level the drive holds after its
 * drop ("the sustained level after that drop", METHODOLOGY.md), and the
 * slump is a pause on the way to it (docs/simulator.md, "A slump after
 * the cache"); a job that ended inside its slump never reached it. */
static int post_cache_phase(const struct ssd__sim *s) {
    for (int i = 0; i < s->n_phases; i++)
        if (s->phases[i].regime != SSD__REG_SLC && s->phases[i].regime != SSD__REG_SLUMP &&
            s->phases[i].seconds > 0)
            return i;
    return -1;
}

/* The level of the first regime after the cache (as post_cache_mean_bps). */
static double post_cache_level_bps(const struct ssd__sim *s) {
    int i = post_cache_phase(s);
    return i < 0 ? -1 : level_of(s, i, 0);
}

/* The host bytes of the last job's slump (one phase per regime beneath
 * it), or -1 when it had none. */
static double slump_bytes(const struct ssd__sim *s) {
    double b = -1;
    for (int i = 0; i < s->n_phases; i++)
        if (s->phases[i].regime == SSD__REG_SLUMP && s->phases[i].seconds > 0)
            b = (b < 0 ? 0 : b) + s->phases[i].bytes;
    return b;
}

/* The start of the first phase of the last job in regime r, or -1: where
 * writes began to go there, so a slump that lay over it (its beneath)
 * starts it. */
static double phase_start(const struct ssd__sim *s, int r) {
    for (int i = 0; i < s->n_phases; i++)
        if (s->phases[i].regime == r || s->phases[i].beneath == r)
            return s->phases[i].start_bytes;
    return -1;
}

/* Mean host write rate over every phase of regime r in the last job. */
static double phase_mean_bps(const struct ssd__sim *s, int r) {
    double b = 0, t = 0;
    for (int i = 0; i < s->n_phases; i++)
        if (s->phases[i].regime == r) {
            b += s->phases[i].bytes;
            t += s->phases[i].seconds;
        }
    return t > 0 ? b / t : -1;
}

/* The regime writes went to once the cache was full (native, fold or gc),
 * after a slump if there was one. */
static double post_cache_mean_bps(const struct ssd__sim *s) {
    int i = post_cache_phase(s);
    return i < 0 ? -1 : s->phases[i].bytes / s->phases[i].seconds;
}

static double cache_full_at(const struct ssd__sim *s) {
    if (s->n_phases == 0)
        return -1;
    if (s->phases[0].regime != SSD__REG_SLC)
        return 0; /* full from the start */
    return s->n_phases > 1 ? s->phases[1].start_bytes : -1;
}

/* The figures ssd_sim_truth and the truth JSON give, in the JSON's order:
 * each key, and whether it is an event (a negative value: it did not
 * happen in the last job). */
/* clang-format off */
#define TRUTH_KEYS(X)                                                                              \
    X(CACHE_NOMINAL_BYTES, cache_nominal_bytes, 0)                                                 \
    X(CACHE_EFFECTIVE_BYTES, cache_effective_bytes, 0)                                             \
    X(CACHE_USED_BYTES, cache_used_bytes, 0)                                                       \
    X(CACHE_ROOM_BYTES, cache_room_bytes, 0)                                                       \
    X(CACHE_FULL_AT_BYTES, cache_full_at_bytes, 1)                                                 \
    X(FOLDING_START_BYTES, folding_start_bytes, 1)                                                 \
    X(GC_START_BYTES, gc_start_bytes, 1)                                                           \
    X(CACHE_MEAN_BPS, cache_mean_bps, 1)                                                           \
    X(POST_CACHE_MEAN_BPS, post_cache_mean_bps, 1)                                                 \
    X(FOLDING_MEAN_BPS, folding_mean_bps, 1)                                                       \
    X(CACHE_LEVEL_BPS, cache_level_bps, 1)                                                         \
    X(POST_CACHE_LEVEL_BPS, post_cache_level_bps, 1)                                               \
    X(FOLDING_LEVEL_BPS, folding_level_bps, 1)                                                     \
    X(GC_LEVEL_BPS, gc_level_bps, 1)                                                               \
    X(SLUMP_BYTES, slump_bytes, 1)                                                                 \
    X(SLUMP_LEVEL_BPS, slump_level_bps, 1)                                                         \
    X(JOB_WRITTEN_BYTES, job_written_bytes, 0)                                                     \
    X(HOST_WRITTEN_BYTES, host_written_bytes, 0)                                                   \
    X(NAND_WRITTEN_BYTES, nand_written_bytes, 0)                                                   \
    X(WRITE_AMPLIFICATION, write_amplification, 0)                                                 \
    X(LAST_IDLE_RECOVERED_BYTES, last_idle_recovered_bytes, 0)                                     \
    X(FAST_ROOM_BYTES, fast_room_bytes, 0)                                                         \
    X(MAPPED_BYTES, mapped_bytes, 0)                                                               \
    X(VALID_BYTES, valid_bytes, 0)                                                                 \
    X(INVALID_BYTES, invalid_bytes, 0)                                                             \
    X(CLEAN_BYTES, clean_bytes, 0)                                                                 \
    X(GC_EFFICIENCY, gc_efficiency, 0)                                                             \
    X(DIRTY, dirty, 0)                                                                             \
    X(VIRTUAL_TIME_S, virtual_time_s, 0)                                                           \
    X(TEMPERATURE_C, temperature_c, 0)                                                             \
    X(THROTTLE_START_S, throttle_start_s, 1)                                                       \
    X(THROTTLE_START_BYTES, throttle_start_bytes, 1)                                               \
    X(THROTTLE_START_TEMP_C, throttle_start_temp_c, 1)                                             \
    X(THROTTLE_LEVEL_BPS, throttle_level_bps, 1)                                                   \
    X(THROTTLED_S, throttled_s, 0)
/* clang-format on */
#define ENUM(ID, key, event) T_##ID,
enum truth_id { TRUTH_KEYS(ENUM) };
#undef ENUM

struct truth_key {
    const char *name;
    enum truth_id id;
    int event;
};

#define ROW(ID, key, event) {#key, T_##ID, event},
static const struct truth_key truth_keys[] = {TRUTH_KEYS(ROW)};
#undef ROW
#define N_TRUTH_KEYS ((int)(sizeof truth_keys / sizeof truth_keys[0]))

/* Seconds the last job ran throttled. */
static double throttled_s(const struct ssd__sim *s) {
    double t = 0;
    for (int i = 0; i < s->n_throttles; i++)
        t += s->throttles[i].seconds;
    return t;
}

static double truth_value(const struct ssd__sim *s, enum truth_id id) {
    const struct ssd__sim_throttle *th = s->n_throttles ? &s->throttles[0] : NULL;
    switch (id) {
    case T_TEMPERATURE_C:
        return s->temp_c;
    case T_THROTTLE_START_S:
        return th ? th->start_s : -1;
    case T_THROTTLE_START_BYTES:
        return th ? th->start_bytes : -1;
    case T_THROTTLE_START_TEMP_C:
        return th ? th->start_temp_c : -1;
    case T_THROTTLE_LEVEL_BPS:
        return th && th->seconds > 0 ? th->bytes / th->seconds : -1;
    case T_THROTTLED_S:
        return throttled_s(s);
    case T_CACHE_NOMINAL_BYTES:
        return (int)s->p.slc_type == SSD__SLC_NONE ? 0 : s->p.slc_gb * GIB;
    case T_CACHE_EFFECTIVE_BYTES:
        return ssd__sim_cache_effective_bytes(&s->p);
    case T_CACHE_USED_BYTES:
        return s->slc;
    case T_CACHE_ROOM_BYTES:
        return ssd__sim_cache_room(s);
    case T_CACHE_FULL_AT_BYTES:
        return cache_full_at(s);
    case T_FOLDING_START_BYTES:
        return phase_start(s, SSD__REG_FOLD);
    case T_GC_START_BYTES:
        return phase_start(s, SSD__REG_GC);
    case T_CACHE_MEAN_BPS:
        return phase_mean_bps(s, SSD__REG_SLC);
    case T_POST_CACHE_MEAN_BPS:
        return post_cache_mean_bps(s);
    case T_FOLDING_MEAN_BPS:
        return phase_mean_bps(s, SSD__REG_FOLD);
    case T_CACHE_LEVEL_BPS:
        return level_of(s, -1, SSD__REG_SLC);
    case T_POST_CACHE_LEVEL_BPS:
        return post_cache_level_bps(s);
    case T_FOLDING_LEVEL_BPS:
        return level_of(s, -1, SSD__REG_FOLD);
    case T_GC_LEVEL_BPS:
        return level_of(s, -1, SSD__REG_GC);
    case T_SLUMP_BYTES:
        return slump_bytes(s);
    case T_SLUMP_LEVEL_BPS:
        return level_of(s, -1, SSD__REG_SLUMP);
    case T_JOB_WRITTEN_BYTES:
        return (double)s->job_written_ios_bytes;
    case T_HOST_WRITTEN_BYTES:
        return s->host_written;
    case T_NAND_WRITTEN_BYTES:
        return s->nand_written;
    case T_WRITE_AMPLIFICATION:
        return s->host_written > 0 ? s->nand_written / s->host_written : NAN; /* nothing written */
    case T_LAST_IDLE_RECOVERED_BYTES:
        return s->last_idle_recovered;
    case T_FAST_ROOM_BYTES:
        return ssd__sim_fast_room(s);
    case T_MAPPED_BYTES:
        return ssd__sim_mapped(s);
    case T_VALID_BYTES:
        return s->valid + s->slc_valid;
    case T_INVALID_BYTES:
        return s->invalid + (s->slc - s->slc_valid);
    case T_CLEAN_BYTES:
        return s->clean;
    case T_GC_EFFICIENCY:
        return ssd__sim_regime(s) == SSD__REG_GC ? ssd__sim_gc_efficiency(s) : 1.0;
    case T_DIRTY:
        return ssd__sim_regime(s) == SSD__REG_GC;
    case T_VIRTUAL_TIME_S:
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
        double v = truth_value(s, truth_keys[k].id);
        if (truth_keys[k].event && v < 0)
            return ssd__fail(t->err, SSD_ENODATA, "truth %s: did not happen in the last job", key);
        *out = v;
        return 0;
    }
    return ssd__fail(t->err, SSD_EINVAL, "truth: unknown key '%s'", key ? key : "(null)");
}

static int truth_json(ssd_target *t, enum ssd__jw_style style, char **out) {
    int rc;
    struct ssd__sim *s = sim_or_fail(t, &rc);
    *out = NULL;
    if (!s)
        return rc;
    t->err[0] = '\0';
    struct ssd__jw w;
    ssd__jw_init(&w, style);
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "profile", s->profile);
    for (int k = 0; k < N_TRUTH_KEYS; k++) {
        double v = truth_value(s, truth_keys[k].id);
        ssd__jw_key(&w, truth_keys[k].name);
        if (truth_keys[k].event && v < 0)
            ssd__jw_null(&w);
        else if (ssd__ends_with(truth_keys[k].name, "_bytes"))
            ssd__jw_bytes(&w, v);
        else
            ssd__jw_num(&w, v);
    }
    /* The counters above (host, nand, job written, virtual time) count
     * since the target was opened; a URI's precondition=seq_fill is a past
     * state. What the drive's past wrote, where the target knows it: the
     * written_before_bytes and precondition a job run now records in its
     * analysis context (since the last TRIM or purge; null, "unknown":
     * not known). */
    ssd__jw_kstr(&w, "counters_since", "open");
    uint64_t before = 0;
    int pre = -1;
    int known = ssd__target_context(t, &before, &pre);
    ssd__jw_key(&w, "written_before_bytes");
    if (known)
        ssd__jw_bytes(&w, (double)before);
    else
        ssd__jw_null(&w);
    ssd__jw_kstr(&w, "precondition",
                 ssd__precondition_name(known && pre >= 0 ? pre : SSD_PRECONDITION_UNKNOWN));
    ssd__jw_kstr(&w, "regime", ssd__sim_regime_name(ssd__sim_regime(s)));
    ssd__jw_kbegin_array(&w, "phases");
    for (int i = 0; i < s->n_phases; i++) {
        ssd__jw_begin_object(&w);
        ssd__jw_kstr(&w, "regime", ssd__sim_regime_name(s->phases[i].regime));
        /* A slump's regime beneath (native, fold or gc), which began with it. */
        if (s->phases[i].regime == SSD__REG_SLUMP)
            ssd__jw_kstr(&w, "beneath", ssd__sim_regime_name(s->phases[i].beneath));
        ssd__jw_kbytes(&w, "start_bytes", s->phases[i].start_bytes);
        ssd__jw_key(&w, "start_s");
        ssd__jw_num_g(&w, s->phases[i].start_s, 9);
        ssd__jw_kbytes(&w, "bytes", s->phases[i].bytes);
        ssd__jw_key(&w, "runtime_s"); /* "seconds" before round 21 */
        ssd__jw_num_g(&w, s->phases[i].seconds, 9);
        /* The regime's mean host write rate (bytes over seconds, dips and
         * noise included): what an analysis phase's mean_bps measures. */
        ssd__jw_key(&w, "mean_bps");
        ssd__jw_num_g(
            &w, s->phases[i].seconds > 0 ? s->phases[i].bytes / s->phases[i].seconds : NAN, 9);
        /* ... its level, the median of its whole intervals' rates (null
         * when it lasted less than one): what level_bps measures. */
        double level = level_of(s, i, 0);
        ssd__jw_key(&w, "level_bps");
        if (level < 0)
            ssd__jw_null(&w);
        else
            ssd__jw_num_g(&w, level, 9);
        /* ... and its noise- and dip-free speed where it ended: what
         * gc.end_level_bps measures on the used state. */
        ssd__jw_key(&w, "end_level_bps");
        ssd__jw_num_g(&w, s->phases[i].end_level_bps, 9);
        ssd__jw_end_object(&w);
    }
    ssd__jw_end_array(&w);
    /* The thermal regime, beside the write regimes above: each stretch the
     * drive ran throttled, its step and where it began. */
    ssd__jw_kbegin_array(&w, "throttles");
    for (int i = 0; i < s->n_throttles; i++) {
        const struct ssd__sim_throttle *th = &s->throttles[i];
        ssd__jw_begin_object(&w);
        ssd__jw_kstr(&w, "regime", "throttle");
        ssd__jw_ku64(&w, "step", (uint64_t)th->step);
        ssd__jw_kbytes(&w, "start_bytes", th->start_bytes);
        ssd__jw_key(&w, "start_s");
        ssd__jw_num_g(&w, th->start_s, 9);
        ssd__jw_key(&w, "start_temp_c");
        ssd__jw_num_g(&w, th->start_temp_c, 6);
        ssd__jw_kbytes(&w, "bytes", th->bytes);
        ssd__jw_key(&w, "runtime_s");
        ssd__jw_num_g(&w, th->seconds, 9);
        ssd__jw_key(&w, "mean_bps");
        ssd__jw_num_g(&w, th->seconds > 0 ? th->bytes / th->seconds : NAN, 9);
        ssd__jw_end_object(&w);
    }
    ssd__jw_end_array(&w);
    ssd__jw_key(&w, "params");
    params_json(&w, &s->p);
    ssd__jw_end_object(&w);
    rc = ssd__jw_finish(&w, out);
    if (rc)
        return ssd__fail(t->err, rc, "truth: out of memory");
    return 0;
}

int ssd_sim_profile_to_json(const char *spec, int flags, char **out) {
    struct ssd__jw w;
    int rc = ssd__jw_open(&w, spec, out, flags, NULL);
    return rc ? rc
              : profile_json(spec, w.style,
                             out); /* on failure *out is the message, as documented */
}

int ssd_sim_truth_to_json(ssd_target *t, int flags, char **out) {
    struct ssd__jw w;
    int rc = ssd__jw_open(&w, t, out, flags, t ? t->err : NULL);
    return rc ? rc : truth_json(t, w.style, out);
}
