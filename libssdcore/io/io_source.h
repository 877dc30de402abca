/* io_source.h - internal: an I/O source other than the job's workload (a
 * trace, replay/). The job runs it as it runs a workload: one worker thread
 * on the job's engine (io_uring or psync), the job's sampler and clock,
 * the job's results; the source decides each I/O and when it is due. */
#ifndef SSD_IO_SOURCE_H
#define SSD_IO_SOURCE_H

#include <stdint.h>

#include "ssdcore/hist.h"
#include "ssdcore/job.h"

struct ssd__worker;
struct ssd__slot;

enum { SSD__SRC_STOP = 0, SSD__SRC_IO = 1, SSD__SRC_WAIT = 2 };

struct ssd__source {
    /* Called on the worker thread with inflight I/Os in flight at now_ns
     * (ssd__mono_ns). Returns SSD__SRC_IO with s->offset, s->len and
     * s->is_write set; SSD__SRC_WAIT with *until_ns when nothing is due
     * before then (0: call again once nothing is in flight); SSD__SRC_STOP
     * at the end; or a negative code with w->err and w->errmsg set. */
    int (*next)(struct ssd__worker *w, struct ssd__slot *s, unsigned inflight, uint64_t now_ns,
                uint64_t *until_ns);
    void *ctx;
    int writes;       /* it issues writes (the target must allow them) */
    uint32_t max_len; /* its longest read or write: each slot's buffer */
    /* The pattern the series log's metadata names (the workload's block
     * size, queue depth... left out); NULL: the workload's. */
    const char *log_pattern;
    /* Out: the time with at least one I/O in flight, plus what next()
     * adds for work of its own (a trim or flush). */
    uint64_t busy_ns;
};

/* Runs j (its queue depth, engine and interval as set) on src instead of
 * its workload; as ssd_job_run otherwise. */
int ssd__job_run_source(ssd_job *j, struct ssd__source *src);

/* A replay on a sim: target runs a job per run of trace I/Os, tens of
 * thousands of short jobs: making and freeing each job's histograms (five
 * of 59 KB) was a quarter of such a replay under ASan. The replay keeps
 * one set for all of them: ssd__job_lend_hists before ssd_job_run gives j
 * the histograms in h (those not NULL; h's entries are then NULL), which
 * the run uses, emptied, instead of new ones; ssd__job_take_hists after it
 * moves the job's histograms (those it ran with, else the ones lent) back
 * into h, freeing what h held. After a take, ssd_job_latency(j) is NULL;
 * the job's other results are unchanged. */
#define SSD__JOB_HISTS 5
void ssd__job_lend_hists(ssd_job *j, ssd_hist *h[SSD__JOB_HISTS]);
void ssd__job_take_hists(ssd_job *j, ssd_hist *h[SSD__JOB_HISTS]);

#endif
