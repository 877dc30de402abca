/* sim_drive.c - runs a workload on a sim target through its ops, the way
 * the job loop does (job_begin, then one run_virtual per interval). Tests,
 * the bench and `ssdcore sim run` use it; users get the same through
 * ssd_job. */
#include <math.h>

#include "sim_model.h"

void ssd__sim_workload_defaults(struct ssd__workload *w, enum ssd__pattern pattern, uint64_t span) {
    *w = (struct ssd__workload){
        .pattern = pattern,
        .read_pct = 50,
        .block_size = 4096,
        .queue_depth = 1,
        .threads = 1,
        .offset = 0,
        .span = span,
        .seed = 1,
        .interval_s = 1.0,
    };
}

int ssd__sim_drive(ssd_target *t, const struct ssd__workload *w, ssd__sim_sample_fn cb, void *ud) {
    if (!ssd__sim_of(t))
        return ssd__fail(t->err, SSD_EINVAL, "not a sim target");
    if (!(w->interval_s > 0))
        return ssd__fail(t->err, SSD_EINVAL, "interval %g s is not positive", w->interval_s);
    if (!(w->time_s > 0) && !w->max_bytes && !w->full_coverage)
        return ssd__fail(t->err, SSD_EINVAL, "the workload has no time, byte or coverage limit");
    ssd_hist *lat[2] = {NULL, NULL};
    int rc = ssd_hist_create(&lat[0]);
    if (!rc)
        rc = ssd_hist_create(&lat[1]);
    if (rc) {
        rc = ssd__fail(t->err, rc, "out of memory");
        goto out;
    }
    rc = t->ops->job_begin(t, w);
    if (rc)
        goto out;
    double t_s = 0;
    uint64_t total = 0;
    for (;;) {
        double dt = w->interval_s;
        if (w->time_s > 0 && t_s + dt > w->time_s)
            dt = w->time_s - t_s;
        if (dt <= 1e-12)
            break;
        uint64_t budget = 0;
        if (w->max_bytes) {
            if (total >= w->max_bytes)
                break;
            budget = w->max_bytes - total;
        }
        struct ssd__interval iv = {{0, 0}, {0, 0}};
        ssd_hist_reset(lat[0]);
        ssd_hist_reset(lat[1]);
        double elapsed = 0;
        rc = t->ops->run_virtual(t, dt, budget, &iv, lat, &elapsed);
        if (rc)
            break;
        t_s += elapsed;
        total += iv.bytes[0] + iv.bytes[1];
        if (cb && cb(ud, t_s, elapsed, &iv, lat))
            break;
        if (elapsed < dt * (1 - 1e-9))
            break; /* stopped early: byte budget or coverage done */
    }
out:
    ssd_hist_free(lat[0]);
    ssd_hist_free(lat[1]);
    return rc;
}
