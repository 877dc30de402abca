/* reference_file.c - ssd_analysis_reference_file(): a fresh run's log
 * analysed as a reference, the figures a job's "reference" option records.
 * It lives in run/, which may use both the readers (datasets/) and the
 * analysis. */
#include <stdio.h>

#include "analysis_internal.h"
#include "errmsg.h"
#include "ssdcore/datasets.h"

SSD_API int ssd_analysis_reference_file(ssd_analysis *a, const char *path, int flags,
                                        char **out_json) {
    if (!out_json)
        return SSD_EINVAL;
    *out_json = NULL;
    if (!a || !path)
        return SSD_EINVAL;
    if (flags & ~SSD_JSON_PRETTY)
        return ssd__fail(a->err, SSD_EINVAL, "reference %s: unknown JSON flags %d", path, flags);
    ssd_series *fresh = NULL;
    int rc = ssd_series_create(&fresh);
    if (!rc)
        rc = ssd_series_load(fresh, &path, 1);
    if (rc) {
        rc = ssd__fail(a->err, rc, "reference %s: %s", path,
                       fresh ? ssd_series_errmsg(fresh) : ssd_strerror(rc));
        ssd_series_free(fresh);
        return rc;
    }
    rc = ssd__analysis_run_reference(a, fresh);
    ssd_series_free(fresh);
    if (rc)
        return ssd__fail(a->err, rc, "reference %s: %s", path, a->err);
    rc = ssd_analysis_reference_json(a, path, flags, out_json);
    return rc ? ssd__fail(a->err, rc, "reference %s: %s", path, ssd_strerror(rc)) : 0;
}
