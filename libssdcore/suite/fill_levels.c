/* fill_levels.c - the tests a suite ran on the empty drive and again at a
 * fill level (the naspt suite: group naspt-TEST, x = the fill level, 0 on
 * the empty drive), paired up for the headline, the text summary, the
 * report and the compare. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "results_model.h"

#define PREFIX "naspt-"

int ssd__fill_level_group(const char *group) {
    return group && !strncmp(group, PREFIX, strlen(PREFIX));
}

int ssd__fill_level_pair(const struct ssd__results *r, const char *group,
                         struct ssd__fill_figure *f) {
    snprintf(f->test, sizeof f->test, "%s", group + strlen(PREFIX));
    f->empty_bps = f->full_bps = f->level_pct = NAN;
    int found = 0;
    for (int i = 0; i < r->nsteps; i++) {
        const struct ssd__step *st = &r->steps[i];
        if (st->def.kind != SSD__STEP_JOB || strcmp(st->def.group, group) ||
            st->res.state != SSD__ST_DONE || !isfinite(st->def.x))
            continue;
        if (st->def.x > 0) {
            f->full_bps = st->res.bw_bps;
            f->level_pct = st->def.x;
        } else {
            f->empty_bps = st->res.bw_bps;
        }
        found = 1;
    }
    return found;
}

int ssd__fill_level_figures_of(const struct ssd__results *r, struct ssd__fill_figure *out,
                               int max) {
    int n = 0;
    for (int i = 0; i < r->nsteps && n < max; i++) {
        const struct ssd__step *st = &r->steps[i];
        if (st->def.kind != SSD__STEP_JOB || !ssd__fill_level_group(st->def.group))
            continue;
        int seen = 0;
        for (int k = 0; k < n && !seen; k++)
            seen = !strcmp(out[k].test, st->def.group + strlen(PREFIX));
        if (!seen && ssd__fill_level_pair(r, st->def.group, &out[n]))
            n++;
    }
    return n;
}
