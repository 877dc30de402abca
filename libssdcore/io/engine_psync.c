/* engine_psync.c - the fallback engine: one pread/pwrite at a time per
 * worker (queue depth 1 per thread), for systems without io_uring. */
#include <errno.h>
#include <unistd.h>

#include "job_impl.h"

static int psync_run(struct ssd__worker *w) {
    struct ssd__slot *s = &w->slots[0];
    s->buf = w->bufs;
    s->len = w->bs;
    for (;;) {
        ssd__worker_poll_epoch(w);
        uint64_t now = ssd__mono_ns(), until = 0;
        if (w->rt->src) {
            int got = ssd__next_src(w, s, 0, now, &until);
            if (got <= 0)
                return got;
            if (got == SSD__SRC_WAIT) {
                ssd__sleep_until(until);
                continue;
            }
        } else if (ssd__throttled(w, now)) {
            if (atomic_load_explicit(&w->rt->stop, memory_order_relaxed))
                return 0;
            ssd__throttle_sleep(w, now);
            continue;
        } else if (!ssd__next_io(w, &s->offset, &s->is_write)) {
            return 0;
        }
        if (s->is_write)
            ssd__prep_write(w, s);
        ssize_t res;
        s->t_submit_ns = ssd__mono_ns();
        do {
            res = s->is_write ? pwrite(w->fd, s->buf, s->len, (off_t)s->offset)
                              : pread(w->fd, s->buf, s->len, (off_t)s->offset);
        } while (res < 0 && errno == EINTR);
        if (res < 0)
            res = -errno;
        now = ssd__mono_ns();
        w->busy_ns += now - s->t_submit_ns;
        int rc = ssd__complete(w, s, (long)res, now);
        if (rc < 0)
            return rc;
    }
}

const struct ssd__engine_ops ssd__engine_psync = {"psync", psync_run};
