/* suite_latency.c - latency consistency of a suite's jobs: the percentile
 * spectrum each job step carries for the report's latency chart, read from
 * the distribution in its results JSON ("lat_hist"), so a run and its
 * results directory loaded back draw the same chart. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ssdcore/hist.h"
#include "step_names.h"
#include "suite_impl.h"
#include "json_read.h"

/* The percentile (0..100) of spectrum point k: 100 * (1 - 10^(-k / 8)). */
static double spectrum_pct(int k) {
    return 100.0 * (1.0 - pow(10.0, -(double)k / SSD__SPEC_PER_DECADE));
}

const char *ssd__latency_label(const char *step_name) {
    for (size_t i = 0; i < ssd__named_step_count; i++)
        if (ssd__named_steps[i].latency_label && !strcmp(step_name, ssd__named_steps[i].name))
            return ssd__named_steps[i].latency_label;
    return NULL;
}

/* A JSON number a uint64_t can hold (the cast of anything else is UB). */
static int u64_num(const struct ssd__jv *v) {
    return v->type == SSD__JNUM && v->num >= 0 && v->num < 1.8e19;
}

/* Adds one direction's exported ranges to h (skipping malformed ones: the
 * results directory may come from anywhere); widens [*lo, *hi] to its exact
 * extremes. */
static void add_direction(ssd_hist *h, const struct ssd__jv *dir, double *lo, double *hi) {
    const struct ssd__jv *b = ssd__jv_get(ssd__jv_get(dir, "lat_hist"), "buckets");
    if (!b || b->type != SSD__JARR)
        return;
    for (size_t i = 0; i < b->n; i++) {
        const struct ssd__jv *r = &b->items[i];
        if (r->type != SSD__JARR || r->n != 3 || !u64_num(&r->items[0]) || !u64_num(&r->items[1]) ||
            !u64_num(&r->items[2]))
            continue;
        ssd_hist_add_bucket(h, (uint64_t)r->items[0].num, (uint64_t)r->items[1].num,
                            (uint64_t)r->items[2].num);
    }
    if (ssd__jv_num(dir, "ios", 0) > 0) {
        const struct ssd__jv *lat = ssd__jv_get(dir, "lat_ns");
        *lo = fmin(*lo, ssd__jv_num(lat, "min", INFINITY));
        *hi = fmax(*hi, ssd__jv_num(lat, "max", -INFINITY));
    }
}

void ssd__step_latency_spectrum(struct ssd__step *st) {
    st->res.nspec = 0;
    if (!st->res.job_json)
        return;
    struct ssd__jv root;
    char msg[128];
    if (ssd__jr_parse(st->res.job_json, &root, msg, sizeof msg))
        return;
    ssd__step_note_written(st, &root);
    ssd_hist *h = NULL;
    if (ssd_hist_create(&h) == 0) {
        double lo = INFINITY, hi = -INFINITY;
        add_direction(h, ssd__jv_get(&root, "read"), &lo, &hi);
        add_direction(h, ssd__jv_get(&root, "write"), &lo, &hi);
        double n = (double)ssd_hist_count(h);
        for (int k = 0; k < SSD__SPEC_MAX && n > 0; k++) {
            /* Percentile p needs about 1/(1-p) I/Os to mean anything. */
            if (pow(10.0, (double)k / SSD__SPEC_PER_DECADE) > n)
                break;
            double v = (double)ssd_hist_percentile(h, spectrum_pct(k));
            if (isfinite(lo))
                v = k == 0 ? lo : fmax(v, lo);
            if (isfinite(hi))
                v = fmin(v, hi);
            st->res.spec_us[st->res.nspec++] = v / 1e3;
        }
        ssd_hist_free(h);
    }
    ssd__jv_free(&root);
}
