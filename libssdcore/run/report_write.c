/* report_write.c - ssd_suite_write_report(): a suite's results model
 * rendered (report/) to report.html, or the path the caller gives. */
#include <stdlib.h>
#include <string.h>

#include "file_write.h"
#include "report_html.h"
#include "suite_impl.h"

int ssd_suite_write_report(ssd_suite *s, const char *path) {
    if (!s)
        return SSD_EINVAL;
    if (!path)
        path = s->report_path;
    if (!path)
        return ssd__fail(s->err, SSD_EINVAL, "report: no results directory set");
    char *html = NULL;
    int rc = ssd__suite_report_html(&s->res, &html);
    if (rc)
        return ssd__fail(s->err, rc, "report.html: out of memory");
    rc = ssd__write_atomic(path, html, strlen(html));
    free(html);
    if (rc)
        return ssd__fail(s->err, rc, "%s: %s", path, ssd_strerror(rc));
    return 0;
}
