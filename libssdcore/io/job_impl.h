/* job_impl.h - internal: the running job shared by the job loop (job.c),
 * the sampler and the I/O engines (engine_*.c).
 *
 * Each worker thread owns its engine state, buffers, random generator and
 * two interval buffers (counts + latency histograms). The sampler (the
 * thread in ssd_job_run) flips a shared epoch at every interval boundary;
 * a worker notices the flip between reap batches, switches to the other
 * buffer and acknowledges, after which the sampler reads and clears the
 * buffer the worker left. Nothing is locked or allocated on the I/O path. */
#ifndef SSD_JOB_IMPL_H
#define SSD_JOB_IMPL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/uio.h>
#include <time.h>

#include "clock.h"
#include "errmsg.h"
#include "io_source.h"
#include "ssdcore/job.h"
#include "target_impl.h"
#include "workload.h"
#include "xrand.h"

#define SSD__STAMP_MAGIC 0x706d617473647373ULL /* "ssdstamp" little-endian */

struct ssd__ivbuf {
    uint64_t bytes[2];
    uint64_t ops[2];
    ssd_hist *lat[2];
};

struct ssd__slot {
    uint64_t offset;
    uint64_t t_submit_ns;
    unsigned char *buf;
    unsigned buf_index; /* which of the worker's qd + 1 buffers buf is */
    int is_write;
    uint32_t len; /* the worker's block size, or what a source asked for */
};

/* A worker has qd + 1 I/O buffers: one per slot and a spare, which the
 * io_uring engine re-keys for the next write while I/O is in flight. */
#define SSD__BUFS(qd) ((size_t)(qd) + 1)

/* Bytes to allocate for a worker's slots: the slots, then room for the
 * engine's per-buffer iovec and per-slot free-list entry. */
#define SSD__SLOTS_BYTES(qd)                                                                       \
    ((size_t)(qd) * (sizeof(struct ssd__slot) + sizeof(unsigned)) +                                \
     SSD__BUFS(qd) * sizeof(struct iovec))

struct ssd__worker;

/* An I/O engine runs one worker's loop from first submission to the last
 * completion. run returns 0 or a negative code with w->err set. */
struct ssd__engine_ops {
    const char *name;
    int (*run)(struct ssd__worker *w);
};

extern const struct ssd__engine_ops ssd__engine_uring;
extern const struct ssd__engine_ops ssd__engine_psync;
/* 0 when io_uring can run here (psync always can); else a negative code
 * and a reason. */
int ssd__uring_probe(char *why, size_t why_size);
/* Test hook: non-zero makes io_uring's probe fail, as on a kernel without it
 * or with io_uring_disabled set, so the fallback can be tested anywhere. */
extern int ssd__uring_unavailable_for_tests;

struct ssd__jobrt; /* shared run state, below */

struct ssd__worker {
    struct ssd__jobrt *rt;
    int fd;
    unsigned qd;
    uint32_t bs;
    uint64_t seq_next;    /* sequential patterns: next block index */
    struct ssd__rng rng;  /* offsets and directions: repeatable from the seed */
    struct ssd__rng data; /* write data: fresh in every run, seed or not */
    unsigned char *bufs;  /* SSD__BUFS(qd) * bs, aligned for O_DIRECT */
    struct ssd__slot *slots;
    /* sampling */
    struct ssd__ivbuf iv[2];
    struct ssd__ivbuf *cur;
    unsigned epoch;
    _Atomic unsigned ack;
    _Atomic int done;
    /* rate limit (bytes/s for this worker; 0 = none) */
    double rate_bps;
    uint64_t issued_bytes;
    uint64_t busy_ns; /* time with at least one I/O in flight */
    /* fault injection */
    uint64_t completed;
    uint64_t fail_at;
    int err;
    char errmsg[SSD__ERRMSG_SIZE];
    pthread_t thread;
};

struct ssd__jobrt {
    struct ssd__workload w;
    const struct ssd__engine_ops *engine;
    struct ssd__source *src; /* NULL: the workload decides the I/Os */
    int read_only_pattern, write_only_pattern, random;
    uint64_t nblocks;
    uint64_t start_ns;
    int stamp;
    _Atomic unsigned epoch;
    _Atomic int stop;
    _Atomic uint64_t issued; /* bytes reserved against w.max_bytes */
    _Atomic uint64_t cov_next;
    struct ssd__perm perm;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    _Atomic unsigned ndone;
};

/* Switches to the other interval buffer when the sampler flipped the epoch. */
static inline void ssd__worker_poll_epoch(struct ssd__worker *w) {
    unsigned e = atomic_load_explicit(&w->rt->epoch, memory_order_acquire);
    if (e != w->epoch) {
        w->epoch = e;
        w->cur = &w->iv[e & 1];
        atomic_store_explicit(&w->ack, e, memory_order_release);
    }
}

/* Picks the next I/O: 1 with *offset and *is_write set, 0 when the worker
 * must stop issuing (stop requested, byte budget or coverage pass spent). */
static inline int ssd__next_io(struct ssd__worker *w, uint64_t *offset, int *is_write) {
    struct ssd__jobrt *rt = w->rt;
    if (atomic_load_explicit(&rt->stop, memory_order_relaxed))
        return 0;
    if (rt->w.max_bytes) {
        uint64_t prev = atomic_fetch_add_explicit(&rt->issued, w->bs, memory_order_relaxed);
        if (prev + w->bs > rt->w.max_bytes)
            return 0;
    }
    uint64_t blk;
    if (rt->w.full_coverage) {
        uint64_t i = atomic_fetch_add_explicit(&rt->cov_next, 1, memory_order_relaxed);
        if (i >= rt->nblocks)
            return 0;
        blk = rt->random ? ssd__perm_at(&rt->perm, i) : i;
    } else if (rt->random) {
        blk = ssd__rng_below(&w->rng, rt->nblocks);
    } else {
        blk = w->seq_next++;
        if (w->seq_next == rt->nblocks)
            w->seq_next = 0;
    }
    *offset = rt->w.offset + blk * w->bs;
    if (rt->read_only_pattern)
        *is_write = 0;
    else if (rt->write_only_pattern)
        *is_write = 1;
    else
        *is_write = ssd__rng_below(&w->rng, 100) >= rt->w.read_pct;
    w->issued_bytes += w->bs;
    return 1;
}

/* The next I/O of a source (io_source.h), unless the job is stopping. */
static inline int ssd__next_src(struct ssd__worker *w, struct ssd__slot *s, unsigned inflight,
                                uint64_t now_ns, uint64_t *until_ns) {
    if (atomic_load_explicit(&w->rt->stop, memory_order_relaxed))
        return SSD__SRC_STOP;
    return w->rt->src->next(w, s, inflight, now_ns, until_ns);
}

/* XORs n bytes at p with the word k (p need not be aligned). */
static inline void ssd__xor_run(unsigned char *p, size_t n, uint64_t k) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t v;
        __builtin_memcpy(&v, p + i, 8);
        v ^= k;
        __builtin_memcpy(p + i, &v, 8);
    }
    for (; i < n; i++)
        p[i] ^= (unsigned char)(k >> (8 * (i % 8)));
}

/* Makes a write buffer new: every 512-byte sector is XORed with a fresh
 * random word. The buffer started as random data, so it stays random
 * (nothing for a controller to compress), and no sector ever written
 * equals another or shares a run of bytes with one, so neither
 * deduplication nor an LZ compressor over the written area finds a match.
 * (Replacing only a word per sector, as before, left 504 of every 512
 * bytes equal to the slot's previous write: gzip and zstd shrank a
 * sequential fill 40-fold.) Refilling from xoshiro would cost 5 times
 * more: ~2 GB/s per core here, against 13-18 GB/s for this.
 * ssd__prep_write is ssd__rekey, then the offset stamp when asked. */
static inline void ssd__rekey_n(struct ssd__worker *w, unsigned char *buf, uint32_t n) {
    uint32_t o = 0;
    for (; o + 512 <= n; o += 512) /* a constant length, so it vectorises */
        ssd__xor_run(buf + o, 512, ssd__rng_next(&w->data));
    if (o < n) /* buffered I/O takes any block size */
        ssd__xor_run(buf + o, n - o, ssd__rng_next(&w->data));
}

static inline void ssd__rekey(struct ssd__worker *w, unsigned char *buf) {
    ssd__rekey_n(w, buf, w->bs);
}

/* The offset stamp, when the job asked for one. */
static inline void ssd__stamp(const struct ssd__worker *w, unsigned char *buf, uint64_t offset) {
    if (w->rt->stamp) {
        uint64_t st[2] = {SSD__STAMP_MAGIC, offset};
        __builtin_memcpy(buf, st, 16);
    }
}

static inline void ssd__prep_write(struct ssd__worker *w, struct ssd__slot *s) {
    ssd__rekey_n(w, s->buf, s->len);
    ssd__stamp(w, s->buf, s->offset);
}

/* Records one completion. res is the engine's result (bytes or -errno).
 * Returns 0, or a negative code (worker error set, job stopping). */
int ssd__worker_io_failed(struct ssd__worker *w, const struct ssd__slot *s, long res);

static inline int ssd__complete(struct ssd__worker *w, const struct ssd__slot *s, long res,
                                uint64_t now_ns) {
    w->completed++;
    if (__builtin_expect(res != (long)s->len || w->completed == w->fail_at, 0))
        return ssd__worker_io_failed(w, s, res);
    struct ssd__ivbuf *b = w->cur;
    b->bytes[s->is_write] += s->len;
    b->ops[s->is_write]++;
    ssd_hist_record(b->lat[s->is_write], now_ns - s->t_submit_ns);
    return 0;
}

/* Rate limit: 1 when the worker is ahead of its budget at now_ns. */
static inline int ssd__throttled(const struct ssd__worker *w, uint64_t now_ns) {
    if (w->rate_bps <= 0)
        return 0;
    double allowed = w->rate_bps * (double)(now_ns - w->rt->start_ns) * 1e-9;
    return (double)w->issued_bytes >= allowed + w->bs;
}

/* Sleeps until the rate budget allows one more block, at most 10 ms (so
 * the worker keeps acknowledging epochs and seeing stop). */
void ssd__throttle_sleep(const struct ssd__worker *w, uint64_t now_ns);

/* Sleeps until until_ns, at most 10 ms, for the same reasons. */
void ssd__sleep_until(uint64_t until_ns);

#endif
