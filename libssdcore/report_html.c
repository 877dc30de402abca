/* report_html.c - report.html of a suite run: one self-contained page. */
#include <stdlib.h>

#include "suite_impl.h"

int ssd__suite_report_html(const ssd_suite *s, char **out) {
    struct ssd__text t = {0};
    ssd__text_add(&t, "<!DOCTYPE html>\n<html><body><p>report</p></body></html>\n");
    *out = ssd__text_take(&t);
    return *out ? 0 : SSD_ENOMEM;
}
