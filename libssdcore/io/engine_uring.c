/* engine_uring.c - the default engine: io_uring through liburing.
 *
 * One ring per worker with the worker's fd and buffers registered, so the
 * kernel skips the per-I/O file lookup and page pinning. The loop refills
 * every free slot, handing each I/O to the kernel as soon as it is ready,
 * waits for at least one completion together with the last submission,
 * then reaps every completion that is ready: the queue depth stays exactly
 * qd, with one system call per I/O. */
#include <errno.h>
#include <liburing.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>

#include "job_impl.h"

int ssd__uring_unavailable_for_tests;

int ssd__uring_probe(char *why, size_t why_size) {
    if (ssd__uring_unavailable_for_tests) {
        snprintf(why, why_size, "io_uring unavailable: disabled by a test");
        return -ENOSYS;
    }
    struct io_uring ring;
    int rc = io_uring_queue_init(2, &ring, 0);
    if (rc < 0) {
        snprintf(why, why_size, "io_uring unavailable: %s", strerror(-rc));
        return rc;
    }
    io_uring_queue_exit(&ring);
    return 0;
}

static int ring_init(struct io_uring *ring, unsigned entries) {
    /* SINGLE_ISSUER + DEFER_TASKRUN (Linux 6.1+) run completion work only
     * when we wait for it, which saves interrupts of the worker; older
     * kernels refuse the flags with EINVAL and get a plain ring. */
    struct io_uring_params p;
    memset(&p, 0, sizeof p);
    p.flags = IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN;
    int rc = io_uring_queue_init_params(entries, ring, &p);
    if (rc == -EINVAL) {
        memset(&p, 0, sizeof p);
        rc = io_uring_queue_init_params(entries, ring, &p);
    }
    return rc;
}

/* Submits what is queued without waiting; 0, or a negative code with the
 * worker's error set. A full completion queue (EBUSY) or a transient EAGAIN
 * leaves the entries queued for the next call. */
static int submit_now(struct ssd__worker *w, struct io_uring *ring) {
    int rc = io_uring_submit(ring);
    if (rc >= 0 || rc == -EINTR || rc == -EAGAIN || rc == -EBUSY)
        return 0;
    w->err = rc;
    snprintf(w->errmsg, sizeof w->errmsg, "io_uring submit failed: %s", strerror(-rc));
    atomic_store(&w->rt->stop, 1);
    return rc;
}

static int uring_run(struct ssd__worker *w) {
    struct io_uring ring;
    unsigned qd = w->qd;
    int rc = ring_init(&ring, qd);
    if (rc < 0) {
        w->err = rc;
        snprintf(w->errmsg, sizeof w->errmsg, "io_uring setup (queue depth %u) failed: %s", qd,
                 strerror(-rc));
        return rc;
    }
    /* The free list and the iovecs live in the slots' spare memory: the
     * run allocates nothing beyond what the job sized up front. */
    unsigned nfree = qd, inflight = 0;
    unsigned nbufs = (unsigned)SSD__BUFS(qd);
    struct iovec *iov = (struct iovec *)(w->slots + qd);
    unsigned *freelist = (unsigned *)(iov + nbufs);
    for (unsigned i = 0; i < nbufs; i++) {
        iov[i].iov_base = w->bufs + (size_t)i * w->bs;
        iov[i].iov_len = w->bs;
    }
    for (unsigned i = 0; i < qd; i++) {
        w->slots[i].buf = iov[i].iov_base;
        w->slots[i].buf_index = i;
        w->slots[i].len = w->bs;
        freelist[i] = qd - 1 - i;
    }
    /* A write takes the spare buffer, re-keyed while earlier I/O was in
     * flight, and leaves its slot's buffer as the next spare: at QD1 the
     * new data then costs no time between a completion and the next
     * submission (re-keying a 256 KiB buffer in line cost a tenth of the
     * write rate at QD1 on the virtio disk). */
    unsigned char *spare = iov[qd].iov_base;
    unsigned spare_index = qd;
    int spare_stale = 0;
    int fixed_bufs = io_uring_register_buffers(&ring, iov, nbufs) == 0;
    int fixed_file = io_uring_register_files(&ring, &w->fd, 1) == 0;
    int fd = fixed_file ? 0 : w->fd;
    int stopping = 0, failed = 0;
    unsigned batch = w->rt->w.submit_batch ? w->rt->w.submit_batch : 1;
    struct ssd__source *src = w->rt->src;
    uint64_t busy_since = 0;

    for (;;) {
        ssd__worker_poll_epoch(w);
        uint64_t now = ssd__mono_ns();
        unsigned queued = 0, pending = 0; /* prepared this round; not yet submitted */
        uint64_t until = 0;
        int waiting = 0; /* a source has nothing due before until */
        while (nfree && !stopping) {
            if (ssd__throttled(w, now))
                break;
            /* By default each I/O goes to the kernel as soon as it is ready,
             * as fio's does: a batch submitted in one call is dispatched
             * behind a block plug (io_uring plugs batches of more than two),
             * which holds the first I/O back until the last is prepared, and
             * on a virtio disk that cost a fifth of the IOPS at QD32.
             * submit_batch > 1 trades that for fewer system calls. The last
             * I/Os go with the wait below, so QD1 still makes one system
             * call per I/O. */
            if (pending >= batch) {
                if (submit_now(w, &ring) < 0) {
                    failed = stopping = 1;
                    break;
                }
                now = ssd__mono_ns(); /* this I/O's latency starts after that call */
                pending = 0;
            }
            unsigned id = freelist[nfree - 1];
            struct ssd__slot *s = &w->slots[id];
            if (src) {
                int got = ssd__next_src(w, s, inflight + queued, now, &until);
                if (got == SSD__SRC_WAIT) {
                    waiting = 1;
                    break;
                }
                if (got <= 0) {
                    failed = got < 0;
                    stopping = 1;
                    break;
                }
            } else if (!ssd__next_io(w, &s->offset, &s->is_write)) {
                stopping = 1;
                break;
            }
            struct io_uring_sqe *sqe = io_uring_get_sqe(&ring);
            nfree--;
            if (s->is_write && src) { /* lengths vary: re-keyed in line, as long as asked */
                ssd__rekey_n(w, s->buf, s->len);
                if (fixed_bufs)
                    io_uring_prep_write_fixed(sqe, fd, s->buf, s->len, s->offset,
                                              (int)s->buf_index);
                else
                    io_uring_prep_write(sqe, fd, s->buf, s->len, s->offset);
            } else if (s->is_write) {
                if (spare_stale) /* a second write in this round */
                    ssd__rekey(w, spare);
                unsigned char *b = s->buf;
                unsigned bi = s->buf_index;
                s->buf = spare;
                s->buf_index = spare_index;
                spare = b;
                spare_index = bi;
                spare_stale = 1;
                ssd__stamp(w, s->buf, s->offset);
                if (fixed_bufs)
                    io_uring_prep_write_fixed(sqe, fd, s->buf, w->bs, s->offset, (int)s->buf_index);
                else
                    io_uring_prep_write(sqe, fd, s->buf, w->bs, s->offset);
            } else {
                if (fixed_bufs)
                    io_uring_prep_read_fixed(sqe, fd, s->buf, s->len, s->offset, (int)s->buf_index);
                else
                    io_uring_prep_read(sqe, fd, s->buf, s->len, s->offset);
            }
            if (fixed_file)
                sqe->flags |= IOSQE_FIXED_FILE;
            io_uring_sqe_set_data64(sqe, id);
            s->t_submit_ns = now;
            queued++;
            pending++;
        }
        if (!inflight && queued)
            busy_since = now;
        inflight += queued;
        if (!inflight) {
            if (stopping || atomic_load_explicit(&w->rt->stop, memory_order_relaxed))
                break;
            if (waiting) /* a source's next I/O is not due yet */
                ssd__sleep_until(until);
            else /* idle only because of the rate limit */
                ssd__throttle_sleep(w, now);
            continue;
        }
        if (spare_stale) { /* hand the writes over first, then re-key */
            if (pending && submit_now(w, &ring) < 0)
                failed = stopping = 1;
            pending = 0;
            ssd__rekey(w, spare);
            spare_stale = 0;
        }
        if (waiting && until) { /* a completion, or the time the next I/O is due */
            struct io_uring_cqe *c;
            uint64_t left = until > now ? until - now : 0;
            struct __kernel_timespec ts = {(long long)(left / 1000000000ull),
                                           (long long)(left % 1000000000ull)};
            rc = io_uring_submit_and_wait_timeout(&ring, &c, 1, &ts, NULL);
            if (rc == -ETIME)
                rc = 0;
        } else {
            rc = io_uring_submit_and_wait(&ring, 1);
        }
        if (rc < 0 && rc != -EINTR && rc != -EAGAIN && rc != -EBUSY) {
            w->err = rc;
            snprintf(w->errmsg, sizeof w->errmsg, "io_uring submit failed: %s", strerror(-rc));
            atomic_store(&w->rt->stop, 1);
            failed = 1;
            break; /* the ring's exit waits for what is still in flight */
        }
        now = ssd__mono_ns();
        unsigned head, seen = 0;
        struct io_uring_cqe *cqe;
        io_uring_for_each_cqe(&ring, head, cqe) {
            unsigned id = (unsigned)io_uring_cqe_get_data64(cqe);
            if (ssd__complete(w, &w->slots[id], cqe->res, now) < 0) {
                failed = 1;
                stopping = 1;
            }
            freelist[nfree++] = id;
            seen++;
        }
        io_uring_cq_advance(&ring, seen);
        inflight -= seen;
        if (!inflight && seen)
            w->busy_ns += now - busy_since;
    }
    io_uring_queue_exit(&ring);
    return failed ? (w->err ? w->err : SSD_EIO) : 0;
}

const struct ssd__engine_ops ssd__engine_uring = {"io_uring", uring_run};
