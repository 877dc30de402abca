/* report_fill.h - internal: the tests a suite ran on the empty drive and
 * again at a fill level (the naspt suite's groups naspt-TEST, x = the fill
 * level), drawn as bars side by side, for one run (the report) or several
 * (the compare page). */
#ifndef SSD_REPORT_FILL_H
#define SSD_REPORT_FILL_H

#include "results_model.h"
#include "text.h"

/* Appends a heading and one bar chart per test ("empty" and "P % full"
 * for each run, labelled with its MiB/s); nothing when no run has such a
 * test. runs[i] and labels[i] for i < n. */
void ssd__fill_level_figures(struct ssd__text *t, const struct ssd__results *const *runs,
                             const char *const *labels, int n);

#endif
