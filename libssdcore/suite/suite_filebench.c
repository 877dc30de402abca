/* suite_filebench.c - the file tests of METHODOLOGY.md A (9: copy of the
 * ISO, Program and Work sets; 10: 7-Zip Deflate archive and extract of the
 * Work set) as a suite step, through the public ssd_filebench API. They
 * need a directory on the filesystem under test, so they run only when the
 * suite is given one. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ssdcore/fileops.h"
#include "step_options.h"
#include "suite_impl.h"
#include "json_read.h"

int ssd__suite_parse_filebench(ssd_suite *s, struct ssd__step *st, char **tok, int n,
                               const char *where) {
    ssd_filebench *b = NULL;
    int rc = ssd_filebench_create(&b);
    if (rc)
        return ssd__fail(s->err, rc, "%s: filebench: %s", where, ssd_strerror(rc));
    for (int i = 1; i < n && !rc; i++) {
        const char *k, *v;
        if ((rc = ssd__step_split(s, tok[i], "filebench", where, &k, &v)))
            break;
        if (!strcmp(k, "name")) {
            if (!*v || strlen(v) >= SSD__NAME_MAX || strpbrk(v, "\"<>&"))
                rc = ssd__fail(s->err, SSD_EINVAL, "%s: filebench: bad name '%s'", where, v);
            else
                strcpy(st->def.name, v);
            continue;
        }
        if (!strcmp(k, "keep") || !strcmp(k, "output")) {
            rc = ssd__fail(s->err, SSD_EINVAL, "%s: filebench: '%s' is not for suites", where, k);
            break;
        }
        if (strcmp(k, "dir")) {
            int r = ssd_filebench_set_option(b, k, v);
            if (r) {
                rc = ssd__fail(s->err, r, "%s: filebench: %s", where, ssd_filebench_errmsg(b));
                break;
            }
        } else if (!*v) {
            rc = ssd__fail(s->err, SSD_EINVAL, "%s: filebench: empty dir", where);
            break;
        } else {
            /* Checked when the suite is read, not when the step comes up
             * hours into the run (and before a file target is laid out). */
            struct stat ds;
            int err = stat(v, &ds) < 0 ? errno : S_ISDIR(ds.st_mode) ? 0 : ENOTDIR;
            if (err) {
                rc = ssd__fail(s->err, -err, "%s: filebench dir=%s: %s", where, v, strerror(err));
                break;
            }
        }
        rc = ssd__step_keep(s, st, k, v, "filebench", where);
    }
    ssd_filebench_free(b);
    if (!rc && !ssd__step_option(st, "dir"))
        rc = ssd__fail(s->err, SSD_EINVAL,
                       "%s: filebench: needs dir=PATH, a directory on the filesystem under test",
                       where);
    if (!rc && !st->def.name[0])
        snprintf(st->def.name, sizeof st->def.name, "filebench%d", st->def.lineno);
    return rc;
}

void ssd__filebench_figures(struct ssd__step *st) {
    st->res.nfile = 0;
    struct ssd__jv root;
    char msg[128];
    if (!st->res.job_json || ssd__jr_parse(st->res.job_json, &root, msg, sizeof msg))
        return;
    const struct ssd__jv *steps = ssd__jv_get(&root, "steps");
    for (size_t i = 0; steps && steps->type == SSD__JARR && i < steps->n && st->res.nfile < 4;
         i++) {
        const struct ssd__jv *t = &steps->items[i];
        const char *name = ssd__jv_str(t, "step");
        if (!name)
            continue;
        snprintf(st->res.file[st->res.nfile].name, sizeof st->res.file[0].name, "%s", name);
        st->res.file[st->res.nfile].seconds = ssd__jv_num(t, "runtime_s", 0);
        st->res.file[st->res.nfile].bps = ssd__jv_num(t, "bw_bps", 0);
        st->res.nfile++;
    }
    ssd__jv_free(&root);
}

int ssd__suite_run_filebench(ssd_suite *s, int i) {
    struct ssd__step *st = &s->res.steps[i];
    ssd_filebench *b = NULL;
    int rc = ssd_filebench_create(&b);
    for (int k = 0; !rc && k < st->def.nopts; k++)
        if (strcmp(st->def.keys[k], "dir"))
            rc = ssd_filebench_set_option(b, st->def.keys[k], st->def.values[k]);
    if (!rc)
        rc = ssd_filebench_run(b, ssd__step_option(st, "dir"));
    if (rc) {
        st->res.state = SSD__ST_FAILED;
        free(st->res.error);
        st->res.error = strdup(b ? ssd_filebench_errmsg(b) : ssd_strerror(rc));
        rc = ssd__fail(s->err, rc, "step %d (%s, line %d): %s", i + 1, st->def.name, st->def.lineno,
                       st->res.error ? st->res.error : ssd_strerror(rc));
        ssd_filebench_free(b);
        return rc;
    }
    ssd_filebench_to_json(b, SSD_JSON_COMPACT, &st->res.job_json);
    ssd_filebench_free(b);
    ssd__filebench_figures(st);
    st->res.state = SSD__ST_DONE;
    return 0;
}
