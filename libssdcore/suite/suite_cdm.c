/* suite_cdm.c - CrystalDiskMark presets as suites, and their figures.
 *
 * cdm5 is the CrystalDiskMark 3/5 the seeds show (Seq Q32T1, 4K Q32T1, Seq,
 * 4K); cdm8 is KDiskMark's default set (SEQ1M Q8T1, SEQ1M Q1T1, RND4K
 * Q32T1, RND4K Q1T1), both read and write. Like CDM: the test file (the
 * suite's area, 1 GiB by default) is written first, each test runs 5
 * passes of 5 s with 5 s between them, and a test's figure is its best
 * pass. The reviews' warning comes with them: a test file that fits inside
 * the drive's SLC cache measures only the cache. The test file's write is
 * logged and analysed: a cache found there at least as large as the file
 * (or a write that never left the cache) means the file fits in it; on
 * sim: targets the log also keeps the model's truth in the results. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "curve_groups.h"
#include "json_read.h"
#include "numfmt.h"
#include "suite_impl.h"

struct cdm_test {
    const char *name, *pattern;
    const char *bs;
    int qd;
};

static const struct cdm_test cdm5_tests[] = {
    {"seq-q32t1", "read", "128k", 32},
    {"4k-q32t1", "randread", "4k", 32},
    {"seq", "read", "1m", 1},
    {"4k", "randread", "4k", 1},
};

static const struct cdm_test cdm8_tests[] = {
    {"seq1m-q8t1", "read", "1m", 8},
    {"seq1m-q1t1", "read", "1m", 1},
    {"rnd4k-q32t1", "randread", "4k", 32},
    {"rnd4k-q1t1", "randread", "4k", 1},
};

#define CDM_PASSES 5

int ssd__suite_cdm_text(struct ssd__text *t, const char *name, uint64_t size) {
    const struct cdm_test *tests;
    if (!strcmp(name, "cdm5"))
        tests = cdm5_tests;
    else if (!strcmp(name, "cdm8"))
        tests = cdm8_tests;
    else
        return SSD_EINVAL;
    char span[SSD__NUM_BUF];
    ssd__fmt_size_exact(span, size);
    ssd__text_add(t,
                  "# %s: CrystalDiskMark-style tests on a %llu-byte test file, %d passes of 5 s, "
                  "best pass\n"
                  "job name=cdm-prepare group=%s pattern=write bs=1m qd=32 span=%s "
                  "coverage=1 interval=100ms log=cdm-prepare\n"
                  "analyze cdm-prepare\n",
                  name, (unsigned long long)size, CDM_PASSES, ssd__group_prepare, span);
    for (int dir = 0; dir < 2; dir++)
        for (int i = 0; i < 4; i++) {
            const struct cdm_test *c = &tests[i];
            const char *pat = c->pattern;
            if (dir)
                pat = !strcmp(pat, "read") ? "write" : "randwrite";
            for (int p = 1; p <= CDM_PASSES; p++)
                ssd__text_add(t,
                              "idle 5s\n"
                              "job name=cdm-%s-%s-%d group=cdm-%s-%s x=%d pattern=%s bs=%s qd=%d "
                              "span=%s time=5s\n",
                              c->name, dir ? "write" : "read", p, c->name, dir ? "write" : "read",
                              p, pat, c->bs, c->qd, span);
        }
    return 0;
}

/* The best pass of group g ("cdm-seq-read") and the spread of its passes
 * into f; best_bps NaN when none is done. */
static void passes_of(const struct ssd__results *s, const char *g, struct ssd__cdm_figure *f) {
    f->best_bps = f->best_iops = f->best_lat_us = f->min_bps = f->max_bps = NAN;
    f->passes = 0;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->def.kind != SSD__STEP_JOB || st->res.state != SSD__ST_DONE ||
            strcmp(st->def.group, g) || !isfinite(st->res.bw_bps))
            continue;
        f->passes++;
        if (isnan(f->best_bps) || st->res.bw_bps > f->best_bps) {
            f->best_bps = st->res.bw_bps;
            f->best_iops = st->res.iops;
            f->best_lat_us = st->res.lat_mean_us;
        }
        f->min_bps = isnan(f->min_bps) ? st->res.bw_bps : fmin(f->min_bps, st->res.bw_bps);
        f->max_bps = isnan(f->max_bps) ? st->res.bw_bps : fmax(f->max_bps, st->res.bw_bps);
    }
}

/* The test file's size: the span of the first cdm job. */
static double test_size(const struct ssd__results *s) {
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->def.kind != SSD__STEP_JOB || strncmp(st->def.group, "cdm-", 4))
            continue;
        const char *span = ssd__step_option(st, "span");
        uint64_t v;
        if (span)
            return ssd_parse_size(span, &v) ? NAN : (double)v;
    }
    return NAN;
}

/* The drive's SLC cache as this run knows it: found by an analysis, else
 * (sim: targets) the model's effective cache. */
static double known_cache(const struct ssd__results *s, const char **how) {
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->def.kind == SSD__STEP_ANALYZE && st->res.has_summary && st->res.sum.has_cache) {
            *how = "found by the analysis";
            return st->res.sum.cache_bytes;
        }
    }
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->def.kind != SSD__STEP_JOB || !st->res.truth_json)
            continue;
        /* sim_truth: {"profile":..., "params":..., "cache_effective_bytes":...} */
        struct ssd__jv root;
        char msg[64];
        if (ssd__jr_parse(st->res.truth_json, &root, msg, sizeof msg))
            continue;
        double c = ssd__jv_num(&root, "cache_effective_bytes", NAN);
        ssd__jv_free(&root);
        if (isfinite(c)) {
            *how = "the simulator's effective cache";
            return c;
        }
    }
    return NAN;
}

int ssd__suite_cdm_figures(const struct ssd__results *s, struct ssd__cdm_figure *out, int max,
                           char *warning, size_t wlen) {
    int n = 0;
    warning[0] = 0;
    for (int i = 0; i < s->nsteps && n < max; i++) {
        const struct ssd__step *st = &s->steps[i];
        if (st->def.kind != SSD__STEP_JOB || strncmp(st->def.group, "cdm-", 4) || st->def.x != 1)
            continue;
        snprintf(out[n].name, sizeof out[n].name, "%s", st->def.group + 4);
        passes_of(s, st->def.group, &out[n]);
        n++;
    }
    if (!n)
        return 0;
    const char *how = "";
    double size = test_size(s), cache = known_cache(s, &how);
    if (isfinite(size) && isfinite(cache) && cache > 0 && size <= cache)
        snprintf(warning, wlen,
                 "the %.2f GiB test file fits inside the drive's %.2f GiB SLC cache (%s): these "
                 "figures show only the cache; make the test file larger (option area)",
                 size / 1073741824.0, cache / 1073741824.0, how);
    return n;
}
