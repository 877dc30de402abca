/* report_write.c - ssd_suite_write_report(): a suite's results model
 * rendered (report/) to report.html, or the path the caller gives. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_write.h"
#include "output_check.h"
#include "report_html.h"
#include "suite_impl.h"

/* The files the report reads: results.json and every series CSV a step
 * names. Those that exist go into *out (names malloc'd), *n of them;
 * returns 0, or -1 when memory ran out (*out and *n still to be freed). */
static int report_inputs(const ssd_suite *s, struct ssd__file_id **out, int *count) {
    int cap = 3 * s->res.nsteps + 1, n = 0, rc = 0;
    struct ssd__file_id *ids = calloc((size_t)cap, sizeof *ids);
    *out = ids;
    *count = 0;
    if (!ids)
        return -1;
    for (int i = -1; i < s->res.nsteps && !rc; i++) {
        const struct ssd__step *st = i < 0 ? NULL : &s->res.steps[i];
        const char *stems[3] = {NULL, NULL, NULL};
        if (st) {
            stems[0] = st->def.log;
            stems[1] = st->def.series;
            stems[2] = st->def.reference;
        }
        for (int k = 0; k < (st ? 3 : 1); k++) {
            char path[4096];
            if (!st)
                snprintf(path, sizeof path, "%s", s->results_path ? s->results_path : "");
            else if (stems[k][0] && s->out_dir)
                snprintf(path, sizeof path, "%s/%s.csv", s->out_dir, stems[k]);
            else
                continue;
            if (ssd__file_id_of(&ids[n], path) < 0)
                continue;
            if (!(ids[n].name = strdup(path))) {
                rc = -1;
                break;
            }
            n++;
        }
    }
    *count = n;
    return rc;
}

static void free_inputs(struct ssd__file_id *ids, int n) {
    for (int i = 0; i < n; i++)
        free((char *)ids[i].name);
    free(ids);
}

int ssd_suite_write_report(ssd_suite *s, const char *path) {
    if (!s)
        return SSD_EINVAL;
    if (!path)
        path = s->report_path;
    if (!path)
        return ssd__fail(s->err, SSD_EINVAL, "report: no results directory set");
    struct ssd__file_id *ids = NULL;
    int nids = 0;
    if (report_inputs(s, &ids, &nids) < 0) {
        free_inputs(ids, nids);
        return ssd__fail(s->err, SSD_ENOMEM, "report %s: out of memory", path);
    }
    int rc = ssd__output_check("report", path, ids, (size_t)nids, "<!DOCTYPE html>", 0, s->err);
    free_inputs(ids, nids);
    if (rc)
        return rc;
    char *html = NULL;
    rc = ssd__suite_report_html(&s->res, &html);
    if (rc)
        return ssd__fail(s->err, rc, "report %s: out of memory", path);
    rc = ssd__write_atomic(path, html, strlen(html));
    free(html);
    if (rc)
        return ssd__fail(s->err, rc, "%s: %s", path, ssd_strerror(rc));
    return 0;
}
