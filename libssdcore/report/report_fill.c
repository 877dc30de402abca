/* report_fill.c - "empty" against "90 % full", a figure per test: seed 003
 * runs every large-file test on the empty drive and again nearly full, and
 * reads them side by side. A curve through two points would suggest
 * something in between was measured; bars do not. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report_chart.h"
#include "report_fill.h"

/* The run's MiB/s for `group` on the empty drive (state 0) or at its fill
 * level (state 1: *level gets it); NaN when it has none. */
static double figure(const struct ssd__results *r, const char *group, int state, double *level) {
    struct ssd__fill_figure f;
    if (!ssd__fill_level_pair(r, group, &f))
        return NAN;
    if (state && level && isfinite(f.level_pct))
        *level = f.level_pct;
    return (state ? f.full_bps : f.empty_bps) / MIB;
}

static void chart(struct ssd__text *t, const char *group, const struct ssd__results *const *runs,
                  const char *const *labels, int n) {
    static const char *const color[2] = {"#1f77b4", "#d62728"};
    double yhi = 0, level = 90;
    for (int i = 0; i < n; i++)
        for (int s = 0; s < 2; s++) {
            double v = figure(runs[i], group, s, &level);
            if (isfinite(v))
                yhi = fmax(yhi, v);
        }
    /* 150 units a drive (its empty and full bars), at least 420 in all. */
    int w = n * 150 + 90 > 420 ? n * 150 + 90 : 420;
    struct ssd__chart c = {w, 260, 64, 16, 16, 46, 0, n, 0, yhi > 0 ? yhi * 1.15 : 1, 0, 0};
    const char *test = group + strlen("naspt-");
    char title[160], state[2][32];
    snprintf(state[0], sizeof state[0], "empty");
    snprintf(state[1], sizeof state[1], "%g %% full", level);
    snprintf(title, sizeof title, "%s: MiB/s, empty and %s", test, state[1]);
    ssd__text_html_in(t, "<h3>", test, "</h3>\n<ul class=\"legend\">\n");
    for (int s = 0; s < 2; s++)
        ssd__legend_item(t, s ? "full" : "empty", color[s], 3, state[s]);
    ssd__text_add(t, "</ul>\n");
    double none = 0;
    char desc[512] = "";
    for (int i = 0; i < n; i++) {
        double e = figure(runs[i], group, 0, NULL), f = figure(runs[i], group, 1, NULL);
        size_t at = strlen(desc);
        if (at < sizeof desc)
            snprintf(desc + at, sizeof desc - at, "%s%.60s: %s %.0f, %s %.0f MiB/s", at ? "; " : "",
                     labels[i], state[0], e, state[1], f);
    }
    ssd__chart_open(t, &c, title, desc, "", "MiB/s", &none, 0, 0);
    for (int i = 0; i < n; i++) {
        /* The compare's page-wide drive switch shows and hides this. */
        ssd__text_add(t, "<g data-drive=\"d%d\">", i);
        double base = ssd__chart_y(&c, 0), v[2];
        for (int s = 0; s < 2; s++) {
            v[s] = figure(runs[i], group, s, NULL);
            if (!isfinite(v[s]))
                continue;
            double x0 = ssd__chart_x(&c, i + 0.12 + 0.39 * s),
                   x1 = ssd__chart_x(&c, i + 0.49 + 0.39 * s);
            double y = ssd__chart_y(&c, v[s]);
            ssd__text_add(t,
                          "<g data-key=\"%s\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                          "height=\"%.1f\" fill=\"%s\" data-tip=\"",
                          s ? "full" : "empty", x0, y, x1 - x0, base - y, color[s]);
            ssd__text_html(t, labels[i]);
            ssd__text_add(t,
                          ", %s: %.0f MiB/s\"/>\n<text x=\"%.1f\" y=\"%.1f\" "
                          "text-anchor=\"middle\" font-size=\"11\">%.0f</text></g>\n",
                          state[s], v[s], (x0 + x1) / 2, y - 4, v[s]);
        }
        ssd__text_add(t, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">",
                      ssd__chart_x(&c, i + 0.5), c.h - c.b + 16);
        ssd__text_html_in(t, "", labels[i], "</text>\n");
        if (isfinite(v[0]) && isfinite(v[1]) && v[0] > 0)
            ssd__text_add(t,
                          "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\" "
                          "fill=\"#555\">full: %+.0f %%</text>\n",
                          ssd__chart_x(&c, i + 0.5), c.h - c.b + 32, 100 * (v[1] / v[0] - 1));
        ssd__text_add(t, "</g>\n");
    }
    ssd__chart_close(t);
}

void ssd__fill_level_figures(struct ssd__text *t, const struct ssd__results *const *runs,
                             const char *const *labels, int n) {
    int heading = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < runs[i]->nsteps; k++) {
            const struct ssd__step *st = &runs[i]->steps[k];
            if (st->def.kind != SSD__STEP_JOB || !ssd__fill_level_group(st->def.group))
                continue;
            /* Each test once, where it first appears in any run. */
            int seen = 0;
            for (int j = 0; j <= i && !seen; j++)
                for (int q = 0; q < (j < i ? runs[j]->nsteps : k) && !seen; q++)
                    seen = runs[j]->steps[q].def.kind == SSD__STEP_JOB &&
                           !strcmp(runs[j]->steps[q].def.group, st->def.group);
            if (seen)
                continue;
            if (!heading++)
                ssd__text_add(t, "<h2 id=\"fill-levels\">Empty and nearly full (naspt)</h2>\n"
                                 "<p>Each NASPT-like test on the empty drive and again after "
                                 "filling it (docs/suite.md, <code>naspt</code>); the line under "
                                 "the bars is the change when full.</p>\n");
            chart(t, st->def.group, runs, labels, n);
        }
}
