/* precondition.c - filling a whole target before a measurement (SNIA PTS's
 * preconditioning): sequentially or randomly, a number of times over. Sim
 * targets apply the writes in bulk (their fill op); others run jobs. */
#include <stdio.h>
#include <string.h>

#include "ssdcore/analysis.h"
#include "ssdcore/job.h"
#include "target_impl.h"
#include "precondition.h"

static int fill_with_jobs(ssd_target *t, int random, unsigned loops, uint64_t bytes,
                          uint64_t *written, ssd_progress_fn fn, void *user) {
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
        if (!rc && bytes) {
            /* A fill level: the first `bytes`, once, as the job's span. */
            char span[32];
            snprintf(span, sizeof span, "%llu", (unsigned long long)bytes);
            rc = ssd_job_set_option(j, "span", span);
        }
        if (!rc && fn)
            rc = ssd_job_set_progress(j, fn, user, 0.1);
        if (!rc)
            rc = ssd_job_run(j);
        *written += ssd_job_bytes(j, SSD_DIR_WRITE);
        if (rc)
            ssd__fail(t->err, rc, "precondition %s, loop %u of %u: %s",
                      bytes    ? SSD__FILL_KIND
                      : random ? "random_fill"
                               : "seq_fill",
                      k + 1, loops, rc == SSD_EINTERRUPTED ? "interrupted" : ssd_job_errmsg(j));
        ssd_job_free(j);
    }
    return rc;
}

static int run_fill(ssd_target *t, int random, unsigned loops, uint64_t bytes, uint64_t *written,
                    ssd_progress_fn fn, void *user) {
    uint64_t done = 0;
    if (ssd__target_writes_refused(t))
        return ssd__fail(
            t->err, SSD_EUNSAFE, "%s: %s %s", bytes ? SSD__FILL_KIND : "precondition", t->uri,
            t->write_refused[0] ? t->write_refused : "is opened read-only; a fill writes to it");
    /* The jobs of a fill count their writes on t as any job does: the
     * fill's own count replaces theirs. */
    int known = t->ctx_known, pre = t->ctx_precondition, idle_known = t->idle_known;
    uint64_t before = t->ctx_written;
    double idle_s = t->idle_s;
    int since_known = t->since_idle_known;
    uint64_t since = t->since_idle_written;
    int rc = t->ops->fill ? t->ops->fill(t, random, loops, bytes, &done)
                          : fill_with_jobs(t, random, loops, bytes, &done, fn, user);
    t->ctx_known = known;
    t->ctx_written = before;
    t->ctx_precondition = pre;
    t->idle_known = idle_known;
    t->idle_s = idle_s;
    t->since_idle_known = since_known;
    t->since_idle_written = since;
    /* A later job records what was written and how: a fill level (part of
     * the drive unwritten) or an unfinished precondition has no word, its
     * bytes are in written_before (as the suite counts them). */
    if (!rc || done)
        ssd__target_note_written(t, done, 1,
                                 rc || bytes ? -1
                                 : random    ? SSD_PRECONDITION_RANDOM_FILL
                                             : SSD_PRECONDITION_SEQ_FILL);
    if (written)
        *written = done;
    return rc;
}

int ssd_target_precondition(ssd_target *t, const char *kind, unsigned loops, uint64_t *written,
                            ssd_progress_fn fn, void *user) {
    if (written)
        *written = 0;
    int rc = ssd__target_ready(t, "precondition");
    if (rc)
        return rc;
    int pre = kind ? ssd__precondition_parse(kind, strlen(kind)) : -1, random;
    if (pre == SSD_PRECONDITION_SEQ_FILL)
        random = 0;
    else if (pre == SSD_PRECONDITION_RANDOM_FILL)
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
    return run_fill(t, random, loops, 0, written, fn, user);
}

int ssd_target_fill(ssd_target *t, uint64_t bytes, uint64_t *written, ssd_progress_fn fn,
                    void *user) {
    if (written)
        *written = 0;
    int rc = ssd__target_ready(t, "ssd_target_fill");
    if (rc)
        return rc;
    uint64_t bs = 131072;
    if (bytes == 0 || bytes > t->size)
        return ssd__fail(t->err, SSD_ERANGE,
                         "fill: %llu bytes is out of range [1, %llu] (the target's size)",
                         (unsigned long long)bytes, (unsigned long long)t->size);
    /* Whole 128 KiB writes: the level rounds down to them (to the size at most). */
    if (bytes >= bs)
        bytes -= bytes % bs;
    return run_fill(t, 0, 1, bytes, written, fn, user);
}
