/* precondition.c - filling a whole target before a measurement (SNIA PTS's
 * preconditioning): sequentially or randomly, a number of times over. Sim
 * targets apply the writes in bulk (their fill op); others run jobs. */
#include <stdio.h>
#include <string.h>

#include "ssdcore/job.h"
#include "target_impl.h"

static int fill_with_jobs(ssd_target *t, int random, unsigned loops, uint64_t *written,
                          ssd_progress_fn fn, void *user) {
    int rc = 0;
    for (unsigned k = 0; k < loops && !rc; k++) {
        ssd_job *j = NULL;
        if ((rc = ssd_job_create(&j, t)))
            return ssd__fail(t->err, rc, "precondition: %s", ssd_strerror(rc));
        char seed[16];
        snprintf(seed, sizeof seed, "%u", 101 + k);
        const char *opts[][2] = {{"pattern", random ? "randwrite" : "write"},
                                 {"bs", random ? "4k" : "128k"},
                                 {"qd", "32"},
                                 {"coverage", "1"},
                                 {"seed", seed},
                                 {"interval", "10s"}};
        for (size_t o = 0; o < sizeof opts / sizeof opts[0] && !rc; o++)
            rc = ssd_job_set_option(j, opts[o][0], opts[o][1]);
        if (!rc && fn)
            rc = ssd_job_set_progress(j, fn, user, 0.1);
        if (!rc)
            rc = ssd_job_run(j);
        *written += ssd_job_bytes(j, SSD_DIR_WRITE);
        if (rc)
            ssd__fail(t->err, rc, "precondition %s, loop %u of %u: %s",
                      random ? "random_fill" : "seq_fill", k + 1, loops,
                      rc == SSD_EINTERRUPTED ? "interrupted" : ssd_job_errmsg(j));
        ssd_job_free(j);
    }
    return rc;
}

int ssd_target_precondition(ssd_target *t, const char *kind, unsigned loops, uint64_t *written,
                            ssd_progress_fn fn, void *user) {
    uint64_t done = 0;
    if (written)
        *written = 0;
    if (!t)
        return SSD_EINVAL;
    t->err[0] = '\0';
    if (!t->is_open)
        return ssd__fail(t->err, SSD_ESTATE, "precondition: the target is not open");
    int random;
    if (kind && !strcmp(kind, "seq_fill"))
        random = 0;
    else if (kind && !strcmp(kind, "random_fill"))
        random = 1;
    else
        return ssd__fail(t->err, SSD_EINVAL,
                         "precondition: unknown kind '%s' (seq_fill, random_fill)",
                         kind ? kind : "(null)");
    if (loops > 64)
        return ssd__fail(t->err, SSD_ERANGE, "precondition: loops %u is out of range [1, 64]",
                         loops);
    if (!loops)
        loops = 2;
    if (ssd__target_writes_refused(t))
        return ssd__fail(t->err, SSD_EUNSAFE, "precondition: %s %s", t->uri,
                         t->write_refused[0] ? t->write_refused
                                             : "is opened read-only; a fill writes all of it");
    int rc = t->ops->fill ? t->ops->fill(t, random, loops, &done)
                          : fill_with_jobs(t, random, loops, &done, fn, user);
    if (written)
        *written = done;
    return rc;
}
