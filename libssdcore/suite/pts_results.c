/* pts_results.c - the PTS tests' figures for the headline of results.json
 * and the text summary, read from each pts step's "pts" object (one
 * source for the run and for a results directory loaded back). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "json_read.h"
#include "jsonw.h"
#include "results_model.h"

double ssd__pts_cell(const struct ssd__jv *v, const char *key, size_t i, size_t j) {
    const struct ssd__jv *a = ssd__jv_get(v, key);
    if (!a || a->type != SSD__JARR || i >= a->n)
        return NAN;
    const struct ssd__jv *row = &a->items[i];
    if (row->type == SSD__JNUM && j == 0)
        return row->num;
    if (row->type != SSD__JARR || j >= row->n || row->items[j].type != SSD__JNUM)
        return NAN;
    return row->items[j].num;
}

/* The row of value x in an array of numbers ("block_sizes", "read_pcts"). */
int ssd__pts_index(const struct ssd__jv *v, const char *key, double x) {
    const struct ssd__jv *a = ssd__jv_get(v, key);
    for (size_t i = 0; a && a->type == SSD__JARR && i < a->n; i++)
        if (a->items[i].type == SSD__JNUM && a->items[i].num == x)
            return (int)i;
    return -1;
}

int ssd__pts_parse(const struct ssd__step *st, struct ssd__jv *out) {
    char msg[64];
    if (st->def.kind != SSD__STEP_PTS || !st->res.pts_json)
        return -1;
    return ssd__jr_parse(st->res.pts_json, out, msg, sizeof msg) ? -1 : 0;
}

double ssd__pts_at(const struct ssd__jv *v, const char *key, int read_pct, double bs) {
    int m = ssd__pts_index(v, "read_pcts", read_pct), b = ssd__pts_index(v, "block_sizes", bs);
    return m < 0 || b < 0 ? NAN : ssd__pts_cell(v, key, (size_t)m, (size_t)b);
}

static int reached(const struct ssd__jv *v) {
    return ssd__jv_true(ssd__jv_get(v, "steady_state"), "reached");
}

static void figures(struct ssd__jw *w, const struct ssd__jv *v) {
    const char *test = ssd__jv_str(v, "test");
    test = test ? test : "";
    ssd__jw_kstr(w, "test", test);
    ssd__jw_knum(w, "written_bytes", ssd__jv_num(v, "written_bytes", NAN));
    if (!strcmp(test, "hir")) {
        ssd__jw_knum(w, "baseline_iops", ssd__jv_num(v, "baseline_iops", NAN));
        ssd__jw_kstr(w, "baseline_not_reached", ssd__jv_str(v, "baseline_not_reached"));
        ssd__jw_kbegin_object(w, "mean_iops_by_wait_s");
        const struct ssd__jv *ws = ssd__jv_get(v, "waits");
        for (size_t i = 0; ws && ws->type == SSD__JARR && i < ws->n; i++) {
            char k[32];
            snprintf(k, sizeof k, "%g", ssd__jv_num(&ws->items[i], "wait_s", NAN));
            ssd__jw_knum(w, k, ssd__jv_num(&ws->items[i], "mean_iops", NAN));
        }
        ssd__jw_end_object(w);
        /* section 11's reading of the bursts (pts_hir.c) */
        ssd__jw_kstr(w, "recovery", ssd__jv_str(ssd__jv_get(v, "recovery"), "verdict"));
        return;
    }
    ssd__jw_knum(w, "rounds", ssd__jv_num(v, "rounds", NAN));
    ssd__jw_kbool(w, "steady_state", reached(v));
    if (strcmp(test, "wsat"))
        /* the level is the fresh drive's (suite_pts.c fresh_check) */
        ssd__jw_kbool(w, "fresh", ssd__jv_true(ssd__jv_get(v, "steady_state"), "fresh"));
    if (!strcmp(test, "iops")) {
        ssd__jw_knum(w, "rand4k_write_iops", ssd__pts_at(v, "iops", 0, 4096));
        ssd__jw_knum(w, "rand4k_read_iops", ssd__pts_at(v, "iops", 100, 4096));
        ssd__jw_knum(w, "rand4k_65_35_iops", ssd__pts_at(v, "iops", 65, 4096));
    } else if (!strcmp(test, "throughput")) {
        ssd__jw_knum(w, "bs", ssd__jv_num(v, "bs", NAN));
        ssd__jw_knum(w, "read_bps", ssd__jv_num(v, "read_bps", NAN));
        ssd__jw_knum(w, "write_bps", ssd__jv_num(v, "write_bps", NAN));
    } else if (!strcmp(test, "latency")) {
        ssd__jw_knum(w, "rand4k_read_mean_us", ssd__pts_at(v, "mean_us", 100, 4096));
        ssd__jw_knum(w, "rand4k_write_mean_us", ssd__pts_at(v, "mean_us", 0, 4096));
        ssd__jw_knum(w, "rand4k_write_max_us", ssd__pts_at(v, "max_us", 0, 4096));
    } else if (!strcmp(test, "wsat")) {
        ssd__jw_knum(w, "fresh_iops", ssd__jv_num(v, "fresh_iops", NAN));
        ssd__jw_knum(w, "steady_iops", ssd__jv_num(v, "steady_iops", NAN));
        ssd__jw_knum(w, "end_iops", ssd__jv_num(v, "end_iops", NAN));
        const struct ssd__jv *tr = ssd__jv_get(v, "sim_truth");
        if (tr) {
            ssd__jw_knum(w, "sim_truth_fresh_iops", ssd__jv_num(tr, "fresh_iops", NAN));
            ssd__jw_knum(w, "sim_truth_end_iops", ssd__jv_num(tr, "end_iops", NAN));
        }
    }
}

void ssd__pts_headline(const struct ssd__results *s, struct ssd__jw *w) {
    int any = 0;
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        struct ssd__jv v;
        if (st->res.state != SSD__ST_DONE || ssd__pts_parse(st, &v))
            continue;
        if (!any++)
            ssd__jw_kbegin_object(w, "pts");
        ssd__jw_kbegin_object(w, st->def.name);
        figures(w, &v);
        ssd__jw_end_object(w);
        ssd__jv_free(&v);
    }
    if (any)
        ssd__jw_end_object(w);
}

/* Whether and where each PTS test reached its steady state, in words:
 * the text summary's line beside the headline rows, which hold the
 * figures. */
void ssd__pts_summary(const struct ssd__results *s, struct ssd__text *t) {
    for (int i = 0; i < s->nsteps; i++) {
        const struct ssd__step *st = &s->steps[i];
        struct ssd__jv v;
        if (st->res.state != SSD__ST_DONE || ssd__pts_parse(st, &v))
            continue;
        const char *test = ssd__jv_str(&v, "test");
        const struct ssd__jv *ss = ssd__jv_get(&v, "steady_state");
        const char *why = ssd__jv_str(ss, "not_reached");
        if (test && !strcmp(test, "hir")) {
            /* a baseline and bursts: its rows say them, unless there is
             * no baseline */
            const char *no = ssd__jv_str(&v, "baseline_not_reached");
            if (no)
                ssd__text_add(t, "  %s: no baseline, the steady state was not reached (%s)\n",
                              st->def.name, no);
            const char *rec = ssd__jv_str(ssd__jv_get(&v, "recovery"), "words");
            if (rec)
                ssd__text_add(t, "  %s: %s\n", st->def.name, rec);
        } else if (test && !strcmp(test, "wsat")) {
            ssd__text_add(t, "  %s: %s at the end%s%s%s\n", st->def.name,
                          reached(&v) ? "steady" : "not steady", why ? " (" : "", why ? why : "",
                          why ? ")" : "");
        } else if ((ssd__jv_true(ss, "fresh") || ssd__jv_true(ss, "fresh_possible")) && why) {
            if (ssd__jv_true(ss, "rule_met"))
                ssd__text_add(t, "  %s: no steady state: rounds %.0f-%.0f meet the rule at %s\n",
                              st->def.name, ssd__jv_num(ss, "first_round", 0),
                              ssd__jv_num(ss, "last_round", 0), why);
            else
                ssd__text_add(t, "  %s: no steady state in %.0f rounds, still at %s\n",
                              st->def.name, ssd__jv_num(&v, "rounds", 0), why);
        } else if (reached(&v))
            ssd__text_add(t, "  %s: steady state in rounds %.0f-%.0f\n", st->def.name,
                          ssd__jv_num(ss, "first_round", 0), ssd__jv_num(ss, "last_round", 0));
        else
            ssd__text_add(t, "  %s: no steady state in %.0f rounds\n", st->def.name,
                          ssd__jv_num(&v, "rounds", 0));
        /* why the round tests ran as many rounds as they did */
        const char *rw = ssd__jv_str(&v, "rounds_why");
        if (rw)
            ssd__text_add(t, "    %.0f rounds, %s (%s)\n", ssd__jv_num(&v, "rounds", 0),
                          ssd__pts_stop_words(ssd__jv_str(&v, "stopped_by")), rw);
        ssd__jv_free(&v);
    }
}

const char *ssd__pts_stop_words(const char *stopped_by) {
    static const char *const words[][2] = {
        {"steady state", "stopped at steady state"},
        {"fresh", "stopped early: the drive was still fresh and more rounds could not change that"},
        {"max_rounds", "stopped at the spec's round limit"},
        {"interrupted", "interrupted"}};
    if (!stopped_by)
        return "stopped (reason not recorded)";
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (!strcmp(stopped_by, words[i][0]))
            return words[i][1];
    return stopped_by;
}
