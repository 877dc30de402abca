/* The one table of built-in step names (suite/step_names.c) against the
 * built-in suites: a step renamed in suite_builtin.c without its row would
 * silently drop out of the headline, the text summary and the report, so
 * every row must name a job the built-in suites run. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include <ssdcore.h>

#include "curve_groups.h"
#include "step_names.h"
#include "figure_labels.h"
#include "suite_impl.h"

/* How many times needle occurs in text. */
static int count(const char *text, const char *needle) {
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p++)
        n++;
    return n;
}

/* 1 when the suite text has a job named name ("name=NAME" as a whole word). */
static int has_job(const char *text, const char *name) {
    char want[96];
    snprintf(want, sizeof want, "name=%s", name);
    for (const char *p = text; (p = strstr(p, want)); p++) {
        char after = p[strlen(want)];
        if (after == ' ' || after == '\n' || after == '\0')
            return 1;
    }
    return 0;
}

static char *builtin(const char *name) {
    char *text = NULL;
    cr_assert_eq(ssd__suite_builtin_text(name, 256ull << 30, 512, 0, NULL, NULL, 0, 1, &text), 0,
                 "%s", name);
    return text;
}

Test(step_names, every_row_names_a_job_of_lab2016) {
    char *lab = builtin("lab2016");
    cr_assert_gt(ssd__named_step_count, 0);
    for (size_t i = 0; i < ssd__named_step_count; i++) {
        const struct ssd__named_step *n = &ssd__named_steps[i];
        cr_expect(has_job(lab, n->name), "lab2016 has no job '%s'", n->name);
        cr_expect(n->headline_key || n->latency_label, "row '%s' feeds no output", n->name);
    }
    cr_expect(has_job(lab, ssd__step_degradation));
    free(lab);
}

Test(step_names, the_fill_is_a_job_of_fill2021) {
    char *fill = builtin("fill2021");
    cr_expect(has_job(fill, ssd__step_fill), "%s", fill);
    free(fill);
}

Test(step_names, quick_runs_the_headline_jobs_too) {
    char *quick = builtin("quick");
    for (size_t i = 0; i < ssd__named_step_count; i++)
        if (ssd__named_steps[i].headline_key)
            cr_expect(has_job(quick, ssd__named_steps[i].name), "quick has no job '%s'",
                      ssd__named_steps[i].name);
    free(quick);
}

Test(step_names, a_renamed_step_is_caught) {
    /* The check itself: a name the suites do not have is not found. */
    char *lab = builtin("lab2016");
    cr_expect_not(has_job(lab, "seq-read-renamed"));
    cr_expect_not(has_job(lab, "seq"));
    free(lab);
}

/* The curve table (suite/curve_groups.c) against the built-in suites: a
 * group renamed in suite_builtin.c without its row would drop its chart
 * from the report and the compare page and its headline from results.json. */
Test(curve_groups, every_row_is_a_curve_of_lab2016) {
    char *lab = builtin("lab2016");
    for (size_t i = 0; i < SSD__GROUP_COUNT; i++) {
        const struct ssd__curve_group *g = &ssd__curve_groups[i];
        cr_assert(g->group && g->label && g->title && g->xlabel, "row %zu is incomplete", i);
        char want[96];
        snprintf(want, sizeof want, " group=%s x=", g->group);
        cr_expect_geq(count(lab, want), 6, "lab2016 has %d points of curve '%s'", count(lab, want),
                      g->group);
        cr_expect(!g->headline_key == !g->report_label, "mixed row '%s' lacks a label", g->group);
    }
    char want[64];
    snprintf(want, sizeof want, " group=%s ", ssd__group_prepare);
    cr_expect_gt(count(lab, want), 1);
    free(lab);
}

Test(curve_groups, quick_and_apps_carry_their_groups) {
    char *quick = builtin("quick"), *apps = builtin("apps");
    int mixed = 0;
    for (size_t i = 0; i < SSD__GROUP_COUNT; i++) {
        char want[96];
        snprintf(want, sizeof want, " group=%s x=80 ", ssd__curve_groups[i].group);
        mixed += ssd__curve_groups[i].headline_key && count(quick, want) == 1;
    }
    cr_expect_eq(mixed, 1, "quick's mixed 80 %% point is in a headline group");
    char want[64];
    snprintf(want, sizeof want, " group=%s ", ssd__group_apps);
    cr_expect_eq(count(apps, want), ssd_trace_scenario_count());
    free(quick);
    free(apps);
}

/* Every headline figure the text summary, the report and the compare page
 * show has its words in the one figure table (suite/figure_labels.c), so
 * the three cannot label it three ways; a key missing from the table would
 * be shown as its own spelling ("seq read"). */
Test(figure_labels, every_named_figure_has_its_words_and_unit) {
    struct ssd__figure_info f;
    for (size_t i = 0; i < ssd__named_step_count; i++) {
        const char *key = ssd__named_steps[i].headline_key;
        if (!key)
            continue;
        ssd__figure_describe(key, &f);
        cr_expect(f.words && !strcmp(f.label, f.words), "%s has no words", key);
        cr_expect_str_eq(f.unit, ssd__named_steps[i].iops ? "IOPS" : "MiB/s", "%s", key);
    }
    for (size_t i = 0; i < SSD__GROUP_COUNT; i++) {
        const char *prefix = ssd__curve_groups[i].headline_key;
        for (int k = 0; prefix && k < 2; k++) {
            char key[96];
            snprintf(key, sizeof key, "%s_%s_bps", prefix, k ? "mean" : "80");
            ssd__figure_describe(key, &f);
            cr_expect(f.words != NULL, "%s has no words", key);
            cr_expect_str_eq(f.unit, "MiB/s", "%s", key);
        }
    }
    ssd__figure_describe("write_curves.degradation.cache_bytes", &f);
    cr_expect_str_eq(f.label, "degradation: SLC cache");
    cr_expect_str_eq(f.unit, "GiB");
    cr_expect_str_eq(f.format, "%.2f");
    ssd__figure_describe("no_such_figure_bps", &f);
    cr_expect(f.words == NULL);
    cr_expect_str_eq(f.label, "no such figure");
}
