/* job_series.c - ssd_job_series(): a job's samples as a series carrying the
 * job's metadata, so the analysis of a job in memory is the analysis of its
 * log (DESIGN.md, "The analysis context travels with the run"). It lives
 * in run/, which may use both the job (io/) and the series. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "ssdcore/job.h"
#include "ssdcore/series.h"
#include "numfmt.h"

/* The optional columns a series CSV reader keeps of a job's log. */
enum { COL_OPS, COL_LAT_MEAN, COL_LAT_P99, COL_LAT_MAX, COL_TEMP, NCOLS };
static const char *const col_names[NCOLS] = {"ops", "lat_mean_us", "lat_p99_us", "lat_max_us",
                                             "temp_c"};

/* A sample by index: a caller of an older header steps by samples[0].size;
 * the library's own array has this build's stride. */
static const ssd_sample *sample_at(const ssd_sample *s, size_t i) {
    return (const ssd_sample *)((const char *)s + i * s[0].size);
}

/* v at the precision the job's log prints it ("%.*f"), so the series is
 * the one ssd_series_load reads back from the log, to the last bit. */
static double as_logged(double v, int digits) {
    char buf[400]; /* "%.3f" of the largest double */
    if (ssd__fmt_fixed(buf, v, digits))
        return v; /* whole ns, us or s: the text reads back as v */
    snprintf(buf, sizeof buf, "%.*f", digits, v);
    return strtod(buf, NULL);
}

static double dir_sum(const uint64_t v[2], int dir) {
    return dir == SSD_DIR_ALL ? (double)v[0] + (double)v[1] : (double)v[dir];
}

SSD_API int ssd_job_series(const ssd_job *j, int dir, ssd_series **out) {
    if (!out)
        return SSD_EINVAL;
    *out = NULL;
    if (!j || (dir != SSD_DIR_READ && dir != SSD_DIR_WRITE && dir != SSD_DIR_ALL))
        return SSD_EINVAL;
    char *meta = NULL;
    int rc = ssd_job_metadata_json(j, SSD_JSON_COMPACT, &meta);
    if (rc)
        return rc;
    size_t n = 0;
    const ssd_sample *sm = ssd_job_samples(j, &n);
    double *t = malloc((n ? n : 1) * sizeof *t);
    double *b = malloc((n ? n : 1) * sizeof *b);
    double *col = malloc((n ? n : 1) * NCOLS * sizeof *col);
    double sel = 0, all = 0;
    int have_temp = 0; /* the log has a temp_c column: some reading succeeded */
    if (!t || !b || !col) {
        rc = SSD_ENOMEM;
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        const ssd_sample *s = sample_at(sm, i);
        t[i] = as_logged(s->t_s, 6);
        b[i] = dir_sum(s->bytes, dir);
        sel += b[i];
        all += dir_sum(s->bytes, SSD_DIR_ALL);
        col[COL_OPS * n + i] = dir_sum(s->ops, SSD_DIR_ALL);
        col[COL_LAT_MEAN * n + i] = as_logged(s->lat_mean_us, 3);
        col[COL_LAT_P99 * n + i] = as_logged(s->lat_p99_us, 3);
        col[COL_LAT_MAX * n + i] = as_logged(s->lat_max_us, 3);
        col[COL_TEMP * n + i] = isfinite(s->temp_c) ? as_logged(s->temp_c, 1) : NAN;
        have_temp |= isfinite(s->temp_c);
    }
    /* No samples, or none in that direction (a read-only job's writes):
     * as ssd_series_load refuses the job's log. */
    if (n == 0 || (sel == 0 && all > 0)) {
        rc = SSD_ENODATA;
        goto done;
    }
    rc = ssd_series_from_arrays(out, t, b, n);
    for (int c = 0; rc == 0 && c < NCOLS; c++)
        if (c != COL_TEMP || have_temp)
            rc = ssd_series_set_column(*out, col_names[c], col + (size_t)c * n);
    if (rc == 0)
        rc = ssd_series_set_metadata(*out, meta);
    if (rc) {
        ssd_series_free(*out);
        *out = NULL;
    }
done:
    free(t);
    free(b);
    free(col);
    ssd_free(meta);
    return rc;
}
