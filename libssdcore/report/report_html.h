/* report_html.h - internal to report/: the HTML page of a suite's results. */
#ifndef SSD_REPORT_HTML_H
#define SSD_REPORT_HTML_H

#include "results_model.h"

/* The HTML report of s, malloc'd in *out. 0 or SSD_ENOMEM. */
int ssd__suite_report_html(const struct ssd__results *s, char **out);

/* The SNIA PTS section (report_pts.c): the charts and tables of the pts
 * steps, appended to t; nothing when the run has none. */
struct ssd__text;
void ssd__report_pts(const struct ssd__results *s, struct ssd__text *t);

#endif
