/* io_source.h - internal: an I/O source other than the job's workload (a
 * trace, replay/). The job runs it as it runs a workload: one worker thread
 * on the job's engine (io_uring or psync), the job's sampler and clock,
 * the job's results; the source decides each I/O and when it is due. */
#ifndef SSD_IO_SOURCE_H
#define SSD_IO_SOURCE_H

#include <stdint.h>

#include "ssdcore/job.h"
#include "workload.h"

struct ssd__worker;
struct ssd__slot;

enum { SSD__SRC_STOP = 0, SSD__SRC_IO = 1, SSD__SRC_WAIT = 2 };

struct ssd__source {
    /* Real targets. Called on the worker thread with inflight I/Os in
     * flight at now_ns (ssd__mono_ns). Returns SSD__SRC_IO with s->offset,
     * s->len and s->is_write set; SSD__SRC_WAIT with *until_ns when nothing
     * is due before then (0: call again once nothing is in flight);
     * SSD__SRC_STOP at the end; or a negative code with w->err and
     * w->errmsg set. */
    int (*next)(struct ssd__worker *w, struct ssd__slot *s, unsigned inflight, uint64_t now_ns,
                uint64_t *until_ns);
    /* Virtual-time targets (sim:), which run workloads, not single I/Os:
     * called at now_s of the job's virtual time, returns SSD__SRC_IO with a
     * run of I/Os as *w (a copy of the job's workload: pattern, block_size,
     * queue_depth, offset, span and max_bytes set), which the target runs
     * as a job's; SSD__SRC_WAIT with *until_s when nothing is due before
     * then (the target idles: think time); SSD__SRC_STOP at the end; or a
     * negative code with a message in err (SSD__ERRMSG_SIZE). */
    int (*next_run)(struct ssd__source *src, double now_s, struct ssd__workload *w, double *until_s,
                    char *err);
    void *ctx;
    int writes;       /* it issues writes (the target must allow them) */
    uint32_t max_len; /* its longest read or write: each slot's buffer */
    /* The pattern the series log's metadata names (the workload's block
     * size, queue depth... left out); NULL: the workload's. */
    const char *log_pattern;
    /* Out: the time with at least one I/O in flight, plus what next()
     * adds for work of its own (a trim or flush); virtual: the time the
     * runs took. */
    uint64_t busy_ns;
    double busy_s;
};

/* Runs j (its queue depth, engine and interval as set) on src instead of
 * its workload; as ssd_job_run otherwise. */
int ssd__job_run_source(ssd_job *j, struct ssd__source *src);

/* The series log j wrote, as it is now named: LOG.partial once a write to
 * it failed (close_log renames it); NULL without a log. */
const char *ssd__job_log_path(const ssd_job *j);

#endif
