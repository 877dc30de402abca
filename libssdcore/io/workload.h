/* workload.h - internal: one workload's parameters, shared by the job loop,
 * the engines and the simulator. The public API sets them by key
 * (ssd_job_set_option); this is their checked, typed form. */
#ifndef SSD_WORKLOAD_H
#define SSD_WORKLOAD_H

#include <stdint.h>

enum ssd__pattern {
    SSD__PAT_READ,      /* sequential read */
    SSD__PAT_WRITE,     /* sequential write */
    SSD__PAT_RANDREAD,  /* random read */
    SSD__PAT_RANDWRITE, /* random write */
    SSD__PAT_RW,        /* sequential mixed, read_pct % reads */
    SSD__PAT_RANDRW,    /* random mixed, read_pct % reads */
};

static inline int ssd__pattern_reads(enum ssd__pattern p) {
    return p != SSD__PAT_WRITE && p != SSD__PAT_RANDWRITE;
}

static inline int ssd__pattern_writes(enum ssd__pattern p) {
    return p != SSD__PAT_READ && p != SSD__PAT_RANDREAD;
}

static inline int ssd__pattern_random(enum ssd__pattern p) {
    return p == SSD__PAT_RANDREAD || p == SSD__PAT_RANDWRITE || p == SSD__PAT_RANDRW;
}

struct ssd__workload {
    enum ssd__pattern pattern;
    unsigned read_pct;     /* mixed patterns: share of reads, 0..100 */
    uint32_t block_size;   /* bytes, 512 .. 64 MiB */
    unsigned queue_depth;  /* per thread, 1..1024 */
    unsigned submit_batch; /* io_uring: I/Os handed over per submission, 1..qd */
    unsigned threads;      /* independent workers, 1..64 */
    uint64_t offset;       /* start of the test area inside the target */
    uint64_t span;         /* length of the test area */
    double time_s;         /* stop after this long; 0 = no time limit */
    /* run this long first, unmeasured (then time_s measured): the figures
     * exclude it, the series logs it */
    double warmup_s;
    uint64_t max_bytes; /* stop after this many bytes; 0 = no limit */
    uint64_t rate_bps;  /* throttle to this many bytes/s in total; 0 = none */
    int full_coverage;  /* random patterns visit every block exactly once */
    uint64_t seed;      /* offsets and data; same seed, same run */
    double interval_s;  /* sampling interval, 0.01 .. 3600 */
};

#endif
