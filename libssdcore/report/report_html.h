/* report_html.h - internal to report/: the HTML page of a suite's results. */
#ifndef SSD_REPORT_HTML_H
#define SSD_REPORT_HTML_H

#include "suite_impl.h"

/* The HTML report of s, malloc'd in *out. 0 or SSD_ENOMEM. */
int ssd__suite_report_html(const ssd_suite *s, char **out);

#endif
