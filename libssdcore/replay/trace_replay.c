/* trace_replay.c - issuing a trace's I/Os against a target.
 *
 * A trace is one more I/O source for the job machinery (io/io_source.h).
 * Real targets (file, block device): the job's engine (io_uring, or
 * pread/pwrite one at a time), sampler and clock run the trace's I/Os in
 * trace order, at most qd in flight; in as-recorded / scaled timing each
 * I/O also waits for its recorded issue time. Trims and flushes wait until
 * everything before them completed, as the block layer orders them. Busy
 * time is the time with at least one I/O in flight, the measure PCMark's
 * bandwidth divides by.
 *
 * Sim targets run the trace in one job too, in virtual time: runs of
 * consecutive I/Os with the same direction, size and access kind
 * (sequential or random) are each a workload of that many bytes, so the
 * model's regime changes, queue-depth scaling and GC apply as they do to
 * any job; recorded think time becomes the model's idle time; the job's
 * sampler counts each interval and writes the log. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "errmsg.h"
#include "job_impl.h"
#include "jsonw.h"
#include "numfmt.h"
#include "options.h"
#include "output_check.h"
#include "precondition.h"
#include "ssdcore/trace.h"

#define MAX_QD 1024

struct ssd_replay {
    ssd_target *t;
    const ssd_trace *tr;
    /* options (replay_options) */
    char *timing; /* as given; scale holds what it means */
    double scale; /* 0 = no-idle */
    uint32_t qd;  /* 0 = recorded */
    uint64_t offset, span;
    double interval_s;
    uint32_t engine; /* index in ENGINES: the job's engine option */
    char *record_path, *log_path;
    /* The analysis context its log records (DESIGN.md): bytes written
     * since TRIM before the replay, and how the drive was preconditioned
     * (enum ssd_precondition, -1 not given). */
    uint64_t written_before;
    int precondition;
    int written_before_set; /* given: the target's count does not replace it */
    /* results */
    int ran, interrupted;
    unsigned qd_run;
    const char *engine_name;
    double runtime_s, busy_s;
    uint64_t bytes[2], ios[2], trims, flushes, remapped;
    ssd_hist *lat[2];
    ssd_job *job; /* the job that ran the trace: its samples are the results' */
    char err[SSD__ERRMSG_SIZE];
};

#define SSD__OPTION_OWNER struct ssd_replay
#define ENGINES "auto io_uring psync"
static const char *const engine_names[] = {"auto", "io_uring", "psync"};
/* clang-format off */
/* X(key, TYPE, where, unit, min, max, default, words, flags, help) */
#define REPLAY_OPTIONS(X)                                                                          \
    X(timing, TEXT, timing, "timing", 0, 0, "no-idle", "", 0,                                      \
      "no-idle: each I/O as soon as a queue slot is free, think time removed, as PCMark 8 and "   \
      "the reviews do; as-recorded: each I/O waits for its recorded issue time; scale=F: "        \
      "recorded times multiplied by F (0 < F <= 1e6)")                                             \
    X(qd, INT, qd, "", 1, MAX_QD, "recorded", "", 0,                                               \
      "I/Os in flight at most; recorded: the largest overlap in the recording, 1 when it " \
      "has no completion times")                                                                   \
    X(offset, SIZE, offset, "B", 0, HUGE_VAL, "0", "", 0,                                          \
      "start of the area the trace is mapped into")                                               \
    X(span, SIZE, span, "B", 0, HUGE_VAL, "", "", 0,                                               \
      "length of that area (default: the rest of the target); offsets beyond it wrap around")     \
    X(interval, DURATION, interval_s, "s", 0.01, 3600, "1s", "", 0, "sampling interval")           \
    X(engine, ENUM, engine, "", 0, 0, "auto", ENGINES, 0, "I/O engine on real targets")            \
    X(record, TEXT, record_path, "path", 0, 0, "", "", 0,                                          \
      "write the I/Os actually issued (target offsets, in issue order) here as an ssdcore trace " \
      "CSV")                                                                                       \
    X(log, TEXT, log_path, "path", 0, 0, "", "", 0, "write the series CSV of the samples here")    \
    X(written_before, SIZE, written_before, "B", 0, HUGE_VAL, "0", "", 0,                          \
      "bytes written to the drive since its last TRIM before the replay, recorded in the log "    \
      "for the analysis; default: what the target counted since a TRIM, purge or precondition "    \
      "on it, else not recorded")                                                                  \
    X(precondition, ENUM, precondition, "", 0, 0, "", SSD__PRECONDITION_WORDS, 0,                  \
      "how the drive was preconditioned before the replay, recorded in the log like "             \
      "written_before; default: the target's last precondition (none after a TRIM or purge) "      \
      "while nothing else was written, else not recorded")
/* clang-format on */
SSD__OPTION_TABLE(replay_options, "replay", REPLAY_OPTIONS);

SSD__OPTIONS_ACCESSOR(ssd_replay_options, replay_options)

int ssd_replay_create(ssd_replay **out, ssd_target *t, const ssd_trace *tr) {
    if (!out)
        return SSD_EINVAL;
    *out = NULL;
    if (!t || !tr)
        return SSD_EINVAL;
    ssd_replay *r = calloc(1, sizeof *r);
    if (!r)
        return SSD_ENOMEM;
    r->t = t;
    r->tr = tr;
    ssd__option_defaults(&replay_options, r);
    r->precondition = -1;
    r->engine_name = "";
    if (ssd_hist_create(&r->lat[0]) || ssd_hist_create(&r->lat[1])) {
        ssd_replay_free(r);
        return SSD_ENOMEM;
    }
    *out = r;
    return 0;
}

void ssd_replay_free(ssd_replay *r) {
    if (!r)
        return;
    ssd_hist_free(r->lat[0]);
    ssd_hist_free(r->lat[1]);
    ssd__option_free(&replay_options, r);
    ssd_job_free(r->job);
    free(r);
}

SSD__ERRMSG_OF(replay)

/* The recorded times' factor timing names: 0 (no-idle), 1 (as-recorded),
 * F (scale=F); -1 when it names none. */
static double timing_scale(const char *timing) {
    if (!strcmp(timing, "no-idle"))
        return 0;
    if (!strcmp(timing, "as-recorded"))
        return 1;
    char *end;
    double f = strncmp(timing, "scale=", 6) ? -1 : strtod(timing + 6, &end);
    return f > 0 && f <= 1e6 && !*end ? f : -1;
}

int ssd_replay_set_option(ssd_replay *r, const char *key, const char *value) {
    if (!r)
        return SSD_EINVAL;
    r->err[0] = 0;
    if (key && value && r->ran)
        return ssd__fail(r->err, SSD_ESTATE, "option %s: the replay already ran", key);
    double scale = 0;
    if (key && value && !strcmp(key, "timing") && (scale = timing_scale(value)) < 0)
        return ssd__fail(r->err, SSD_EINVAL,
                         "option timing: '%s' is not no-idle, as-recorded or scale=F (0 < F <= "
                         "1e6)",
                         value);
    if (key && value && !strcmp(key, "qd") && !strcmp(value, "recorded")) {
        r->qd = 0;
        return 0;
    }
    int i = ssd__option_set(&replay_options, r, key, value, r->err);
    r->written_before_set |= i == OPT_written_before;
    if (i == OPT_timing)
        r->scale = scale;
    return i < 0 ? i : 0;
}

/* ---- shared ---------------------------------------------------------------- */

/* Where a trace I/O lands: inside [offset, offset + span), wrapped modulo
 * the span, aligned to the target's block, whole. */
struct mapper {
    uint64_t offset, span, block;
};

static int map_io(ssd_replay *r, const struct mapper *m, const ssd_trace_io *io, size_t i,
                  uint64_t *off, uint64_t *len) {
    uint64_t b = m->block;
    uint64_t l = (io->length + b - 1) / b * b;
    if (l > m->span)
        return ssd__fail(r->err, SSD_ERANGE,
                         "trace I/O %zu: %llu bytes do not fit in the %llu-byte replay area", i + 1,
                         (unsigned long long)io->length, (unsigned long long)m->span);
    uint64_t o = io->offset % m->span;
    o -= o % b;
    if (o + l > m->span)
        o = (m->span - l) / b * b;
    if (o != io->offset || l != io->length)
        r->remapped++;
    *off = m->offset + o;
    *len = l;
    return 0;
}

/* What the record option keeps of each issued I/O. */
struct issued {
    double t_s;
    int op;
    uint64_t offset, length;
};

static int write_record(ssd_replay *r, const struct issued *iss, size_t n) {
    ssd_trace *out = NULL;
    int rc = ssd_trace_create(&out);
    if (rc < 0)
        return ssd__fail(r->err, rc, "out of memory");
    for (size_t i = 0; i < n && rc == 0; i++) {
        ssd_trace_io io = {sizeof io, iss[i].t_s, -1, iss[i].op, iss[i].offset, iss[i].length};
        rc = ssd_trace_add(out, &io);
    }
    if (rc == 0)
        rc = ssd_trace_save(out, r->record_path, "csv", NULL);
    if (rc < 0)
        ssd__fail(r->err, rc, "record %s: %s", r->record_path, ssd_trace_errmsg(out));
    ssd_trace_free(out);
    return rc;
}

/* Before the first I/O: --record and --log never replace the trace, the
 * target, a device node or a file ssdcore did not write (unless
 * destroy_data says so), so a refusal costs nothing. */
static int check_outputs(ssd_replay *r) {
    struct ssd__file_id in[2];
    size_t nin = 0;
    char trace_name[SSD__ERRMSG_SIZE / 2];
    snprintf(trace_name, sizeof trace_name, "the trace %s",
             ssd_trace_source(r->tr) ? ssd_trace_source(r->tr) : "");
    if (ssd__file_id_of(&in[nin], ssd_trace_source(r->tr)) == 0)
        in[nin++].name = trace_name;
    if (ssd__file_id_of_fd(&in[nin], r->t->fd, "the target itself") == 0)
        nin++;
    unsigned flags =
        SSD__OUT_DESTROY_DATA_LIFTS | (r->t->opt_destroy_data ? SSD__OUT_USER_SAYS_SO : 0);
    int rc =
        ssd__output_check("record", r->record_path, in, nin, "# ssdcore-trace 1", flags, r->err);
    if (!rc)
        rc = ssd__output_check("log", r->log_path, in, nin, "# ssdcore-series 1", flags, r->err);
    return rc;
}

/* ---- real targets: the trace I/O by I/O ------------------------------------- */

struct feed {
    ssd_replay *r;
    const struct mapper *m;
    struct issued *iss;
    size_t next, n;
    double t_first;
    uint64_t prev_end[2]; /* sim: where the last I/O of each direction ended, in the trace */
};

static int feed_failed(struct ssd__worker *w, int rc, const char *msg) {
    w->err = rc;
    snprintf(w->errmsg, sizeof w->errmsg, "%s", msg);
    return rc;
}

static int feed_next(struct ssd__worker *w, struct ssd__slot *s, unsigned inflight, uint64_t now,
                     uint64_t *until) {
    struct ssd__source *src = w->rt->src;
    struct feed *f = src->ctx;
    ssd_replay *r = f->r;
    uint64_t t0 = w->rt->start_ns;
    for (; f->next < f->n; f->next++) {
        size_t i = f->next;
        ssd_trace_io io = {.size = sizeof io};
        ssd_trace_get(r->tr, i, &io);
        uint64_t due = t0 + (uint64_t)((io.t_s - f->t_first) * r->scale * 1e9);
        if (r->scale > 0 && now < due) { /* wait for the recorded issue time */
            *until = due;
            return SSD__SRC_WAIT;
        }
        if (io.op >= SSD_TRACE_TRIM && inflight) { /* after everything before it */
            *until = 0;
            return SSD__SRC_WAIT;
        }
        uint64_t off = 0, len = 0;
        int rc = io.op == SSD_TRACE_FLUSH ? 0 : map_io(r, f->m, &io, i, &off, &len);
        if (rc < 0)
            return feed_failed(w, rc, r->err);
        if (f->iss)
            f->iss[i] = (struct issued){(double)(now - t0) * 1e-9, io.op, off, len};
        if (io.op < SSD_TRACE_TRIM) {
            s->offset = off;
            s->len = (uint32_t)len;
            s->is_write = io.op == SSD_TRACE_WRITE;
            f->next++;
            return SSD__SRC_IO;
        }
        if (io.op == SSD_TRACE_TRIM && (rc = ssd_target_trim(r->t, off, len)) < 0)
            ssd__fail(r->err, rc, "trace I/O %zu: trim failed: %s", i + 1, ssd_target_errmsg(r->t));
        else if (io.op == SSD_TRACE_FLUSH && fdatasync(w->fd) < 0)
            rc = ssd__fail(r->err, -errno, "trace I/O %zu: flush failed: %s", i + 1,
                           strerror(errno));
        if (rc < 0)
            return feed_failed(w, rc, r->err);
        *(io.op == SSD_TRACE_TRIM ? &r->trims : &r->flushes) += 1;
        uint64_t done = ssd__mono_ns();
        src->busy_ns += done - now;
        now = done;
    }
    return SSD__SRC_STOP;
}

/* ---- sim targets: the trace as runs of I/Os --------------------------------- */

/* The next run of trace I/Os for the job on a sim: target (io_source.h's
 * next_run): consecutive I/Os with the same direction and size, all
 * sequential or all random, contiguous in the target (no wrap), no think
 * time in between; trims and flushes on the way are done here, think time
 * before an I/O is the target's idle time. */
static int feed_next_run(struct ssd__source *src, double now, struct ssd__workload *w,
                         double *until, char *err) {
    struct feed *f = src->ctx;
    ssd_replay *r = f->r;
    const struct mapper *m = f->m;
    while (f->next < f->n) {
        size_t i = f->next;
        ssd_trace_io io = {.size = sizeof io};
        ssd_trace_get(r->tr, i, &io);
        double due = (io.t_s - f->t_first) * r->scale;
        if (r->scale > 0 && due > now) { /* think time: the drive idles (and collects garbage) */
            *until = due;
            return SSD__SRC_WAIT;
        }
        uint64_t off = 0, len = 0;
        int rc = io.op == SSD_TRACE_FLUSH ? 0 : map_io(r, m, &io, i, &off, &len);
        if (!rc && io.op == SSD_TRACE_TRIM && (rc = ssd_target_trim(r->t, off, len)) < 0)
            ssd__fail(r->err, rc, "trace I/O %zu: trim failed: %s", i + 1, ssd_target_errmsg(r->t));
        if (rc < 0)
            return ssd__fail(err, rc, "%s", r->err);
        if (f->iss)
            f->iss[i] = (struct issued){now, io.op, off, len};
        f->next++;
        if (io.op >= SSD_TRACE_TRIM) {
            *(io.op == SSD_TRACE_TRIM ? &r->trims : &r->flushes) += 1;
            continue;
        }
        int dir = io.op == SSD_TRACE_WRITE;
        int seq = io.offset == f->prev_end[dir];
        uint64_t count = 1, next_off = off + len;
        double t_prev = io.t_s;
        f->prev_end[dir] = io.offset + io.length;
        for (; f->next < f->n; f->next++) {
            size_t k = f->next;
            ssd_trace_io nx = {.size = sizeof nx};
            ssd_trace_get(r->tr, k, &nx);
            if (nx.op != io.op || nx.length != io.length)
                break;
            if (r->scale > 0 && (nx.t_s - t_prev) * r->scale > 1e-3)
                break;
            int nseq = nx.offset == f->prev_end[dir];
            if (nseq != seq)
                break;
            uint64_t o2 = 0, l2 = 0;
            size_t saved = r->remapped;
            if (map_io(r, m, &nx, k, &o2, &l2) < 0 || (seq && o2 != next_off)) {
                r->remapped = saved;
                break;
            }
            if (f->iss)
                f->iss[k] = (struct issued){now, nx.op, o2, l2};
            next_off = o2 + l2;
            f->prev_end[dir] = nx.offset + nx.length;
            t_prev = nx.t_s;
            count++;
        }
        uint64_t bs = len < 512 ? 512 : (len + 511) / 512 * 512;
        if (bs > 64ull << 20)
            return ssd__fail(err, SSD_ERANGE,
                             "trace I/O %zu: %llu bytes: the simulator takes I/Os up to 64 MiB",
                             i + 1, (unsigned long long)len);
        static const enum ssd__pattern pats[2][2] = {{SSD__PAT_RANDREAD, SSD__PAT_READ},
                                                     {SSD__PAT_RANDWRITE, SSD__PAT_WRITE}};
        w->pattern = pats[dir][seq];
        w->block_size = (uint32_t)bs;
        w->queue_depth = r->qd_run < count ? r->qd_run : (unsigned)count;
        w->offset = seq ? off : m->offset;
        w->span = seq ? count * bs : m->span / bs * bs;
        w->max_bytes = count * bs;
        return SSD__SRC_IO;
    }
    return SSD__SRC_STOP;
}

/* ---- both: the trace as the job's I/O source --------------------------------- */

/* Sets a whole-number option of j unless rc already says an error. */
static int set_opt(ssd_job *j, int rc, const char *key, uint64_t v) {
    char s[24];
    snprintf(s, sizeof s, "%llu", (unsigned long long)v);
    return rc ? rc : ssd_job_set_option(j, key, s);
}

/* One job runs the whole trace: on a real target I/O by I/O on the job's
 * engine, on a sim: target run by run in virtual time; the job's sampler
 * writes the log live, with the replay's context. */
static int run_job(ssd_replay *r, const struct mapper *m, struct issued *iss) {
    size_t n = ssd_trace_count(r->tr);
    struct feed f = {.r = r, .m = m, .iss = iss, .n = n, .prev_end = {UINT64_MAX, UINT64_MAX}};
    struct ssd__source src = {
        .next = feed_next, .next_run = feed_next_run, .ctx = &f, .log_pattern = "replay"};
    uint64_t block = m->block, maxlen = block;
    for (size_t i = 0; i < n; i++) {
        ssd_trace_io io = {.size = sizeof io};
        ssd_trace_get(r->tr, i, &io);
        if (i == 0)
            f.t_first = io.t_s;
        if (io.op <= SSD_TRACE_WRITE && io.length > maxlen)
            maxlen = io.length;
        src.writes |= io.op == SSD_TRACE_WRITE;
    }
    src.max_len = (uint32_t)((maxlen + block - 1) / block * block);
    /* psync runs one I/O at a time, whether asked for or fallen back to. */
    if (r->t->fd >= 0 && !strcmp(engine_names[r->engine], "psync"))
        r->qd_run = 1;
    int rc = ssd_job_create(&r->job, r->t);
    if (rc < 0)
        return ssd__fail(r->err, rc, "out of memory");
    ssd_job *j = r->job;
    char iv[32];
    snprintf(iv, sizeof iv, "%.17g", r->interval_s);
    rc = set_opt(j, 0, "qd", r->qd_run);
    rc = set_opt(j, rc, "offset", m->offset);
    rc = set_opt(j, rc, "span", m->span);
    rc = rc ? rc : ssd_job_set_option(j, "interval", iv);
    rc = rc ? rc : ssd_job_set_option(j, "engine", engine_names[r->engine]);
    rc = set_opt(j, rc, "written_before", r->written_before);
    if (!rc && r->precondition >= 0)
        rc = ssd_job_set_option(j, "precondition", ssd__precondition_name(r->precondition));
    if (!rc && r->log_path)
        rc = ssd_job_set_option(j, "log", r->log_path);
    rc = rc ? rc : ssd__job_run_source(j, &src);
    r->interrupted = ssd_job_interrupted(j);
    if (rc < 0 && rc != SSD_EINTERRUPTED)
        ssd__fail(r->err, rc, "%s", ssd_job_errmsg(j));
    r->engine_name = ssd_job_engine(j);
    if (!strcmp(r->engine_name, "psync"))
        r->qd_run = 1;
    r->runtime_s = ssd_job_runtime_s(j);
    r->busy_s = r->t->fd < 0 ? src.busy_s : (double)src.busy_ns * 1e-9;
    for (int d = 0; d < 2; d++) {
        r->bytes[d] = ssd_job_bytes(j, d);
        r->ios[d] = ssd_job_ios(j, d);
        if (ssd_job_latency(j, d)) /* NULL when the job never started */
            ssd_hist_merge(r->lat[d], ssd_job_latency(j, d));
    }
    return rc == SSD_EINTERRUPTED ? 0 : rc;
}

/* ---- run and results ------------------------------------------------------- */

int ssd_replay_run(ssd_replay *r) {
    if (!r)
        return SSD_EINVAL;
    r->err[0] = 0;
    if (r->ran)
        return ssd__fail(r->err, SSD_ESTATE, "the replay already ran");
    r->ran = 1;
    if (!r->t->is_open)
        return ssd__fail(r->err, SSD_ESTATE, "the target is not open");
    /* What the target knows of the drive's past is the log's context
     * unless given (as a job takes it; its jobs below count the writes). */
    uint64_t wb = 0;
    int pre = -1;
    if (ssd__target_context(r->t, &wb, &pre)) {
        if (!r->written_before_set)
            r->written_before = wb;
        if (r->precondition < 0)
            r->precondition = pre;
    }
    uint64_t size = ssd_target_size(r->t);
    struct mapper m = {r->offset, r->span, ssd_target_block_size(r->t)};
    if (m.block < 512)
        m.block = 512;
    char off[SSD__NUM_BUF], sp[SSD__NUM_BUF], sz[SSD__NUM_BUF];
    if (m.offset >= size)
        return ssd__fail(r->err, SSD_ERANGE,
                         "offset %s (%llu bytes) is beyond the target's %s (%llu bytes)",
                         ssd__fmt_size(off, (double)m.offset), (unsigned long long)m.offset,
                         ssd__fmt_size(sz, (double)size), (unsigned long long)size);
    if (!m.span)
        m.span = size - m.offset;
    if (m.span > size - m.offset)
        return ssd__fail(r->err, SSD_ERANGE,
                         "span %s (%llu bytes) at offset %s is larger than the target (%s, %llu "
                         "bytes)",
                         ssd__fmt_size(sp, (double)m.span), (unsigned long long)m.span,
                         ssd__fmt_size(off, (double)m.offset), ssd__fmt_size(sz, (double)size),
                         (unsigned long long)size);
    if (m.offset % m.block || m.span < m.block)
        return ssd__fail(r->err, SSD_EALIGN,
                         "offset %llu / span %llu: must be aligned to the target's %llu-byte "
                         "block",
                         (unsigned long long)m.offset, (unsigned long long)m.span,
                         (unsigned long long)m.block);
    m.span -= m.span % m.block;
    int checked = check_outputs(r);
    if (checked)
        return checked;
    size_t n = ssd_trace_count(r->tr);
    for (size_t i = 0; i < n; i++) {
        ssd_trace_io io = {.size = sizeof io};
        ssd_trace_get(r->tr, i, &io);
        if (io.op != SSD_TRACE_WRITE && io.op != SSD_TRACE_TRIM)
            continue;
        if (r->t->opt_read_only ||
            (r->t->fd >= 0 && !strcmp(ssd_target_kind(r->t), "block") && !r->t->opt_destroy_data))
            return ssd__fail(r->err, SSD_EUNSAFE,
                             "the trace writes (I/O %zu) but %s was opened %s: replaying it "
                             "destroys data (allow it with option destroy_data)",
                             i + 1, ssd_target_uri(r->t),
                             r->t->opt_read_only ? "read-only" : "without destroy_data");
        break;
    }
    r->qd_run = r->qd ? r->qd : ssd_trace_max_overlap(r->tr);
    if (r->qd_run < 1)
        r->qd_run = 1;
    if (r->qd_run > MAX_QD)
        r->qd_run = MAX_QD;
    struct issued *iss = NULL;
    if (r->record_path && n && !(iss = calloc(n, sizeof *iss)))
        return ssd__fail(r->err, SSD_ENOMEM, "out of memory for the record of %zu I/Os", n);
    int rc = run_job(r, &m, iss);
    if (rc == 0 && r->interrupted)
        rc = SSD_EINTERRUPTED;
    if ((rc == 0 || rc == SSD_EINTERRUPTED) && iss) {
        size_t done = 0; /* issued ones; an interrupted run stops early */
        while (done < n && (iss[done].length || iss[done].op == SSD_TRACE_FLUSH))
            done++;
        int w = write_record(r, iss, done);
        if (w < 0)
            rc = w;
    }
    free(iss);
    return rc;
}

double ssd_replay_busy_s(const ssd_replay *r) {
    return r ? r->busy_s : 0;
}
double ssd_replay_runtime_s(const ssd_replay *r) {
    return r ? r->runtime_s : 0;
}
uint64_t ssd_replay_bytes(const ssd_replay *r, int dir) {
    if (!r)
        return 0;
    return dir == SSD_DIR_ALL     ? r->bytes[0] + r->bytes[1]
           : dir == 0 || dir == 1 ? r->bytes[dir]
                                  : 0;
}
uint64_t ssd_replay_ios(const ssd_replay *r, int dir) {
    if (!r)
        return 0;
    return dir == SSD_DIR_ALL ? r->ios[0] + r->ios[1] : dir == 0 || dir == 1 ? r->ios[dir] : 0;
}

double ssd_replay_access_s(const ssd_replay *r) {
    if (!r)
        return 0;
    uint64_t n0 = ssd_hist_count(r->lat[0]), n1 = ssd_hist_count(r->lat[1]);
    if (!n0 && !n1)
        return 0;
    return (ssd_hist_mean(r->lat[0]) * (double)n0 + ssd_hist_mean(r->lat[1]) * (double)n1) /
           (double)(n0 + n1) * 1e-9;
}

static void put_dir(struct ssd__jw *w, const char *key, uint64_t bytes, uint64_t ios,
                    const ssd_hist *h) {
    ssd__jw_kbegin_object(w, key);
    ssd__jw_ku64(w, "bytes", bytes);
    ssd__jw_ku64(w, "ios", ios);
    ssd__jw_kbegin_object(w, "lat_ns");
    ssd__jw_knum(w, "mean", ssd_hist_mean(h));
    static const struct {
        const char *k;
        double p;
    } pc[] = {{"p50", 50}, {"p90", 90}, {"p99", 99}, {"p99_9", 99.9}};
    for (size_t i = 0; i < sizeof pc / sizeof pc[0]; i++)
        ssd__jw_ku64(w, pc[i].k, ssd_hist_percentile(h, pc[i].p));
    ssd__jw_ku64(w, "max", ssd_hist_max(h));
    ssd__jw_end_object(w);
    ssd__jw_end_object(w);
}

int ssd_replay_to_json(const ssd_replay *r, int flags, char **out) {
    struct ssd__jw w;
    int rc = ssd__jw_open(&w, r, out, flags, r ? (char *)r->err : NULL);
    if (rc)
        return rc;
    if (!r->ran)
        return SSD_ESTATE;
    char *summary = NULL;
    if (ssd_trace_to_json(r->tr, SSD_JSON_COMPACT, &summary) < 0)
        return SSD_ENOMEM;
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "tool", "ssdcore " SSD_VERSION_STRING);
    ssd__jw_kbegin_object(&w, "target");
    ssd__jw_kstr(&w, "uri", ssd_target_uri(r->t));
    ssd__jw_kstr(&w, "kind", ssd_target_kind(r->t));
    ssd__jw_ku64(&w, "size_bytes", ssd_target_size(r->t));
    ssd__jw_end_object(&w);
    ssd__jw_kraw(&w, "trace", summary);
    free(summary);
    char timing[48];
    if (r->scale == 0)
        snprintf(timing, sizeof timing, "no-idle");
    else if (r->scale == 1)
        snprintf(timing, sizeof timing, "as-recorded");
    else
        snprintf(timing, sizeof timing, "scale=%g", r->scale);
    ssd__jw_kstr(&w, "timing", timing);
    ssd__jw_ku64(&w, "qd", r->qd_run);
    ssd__jw_kstr(&w, "engine", r->engine_name);
    ssd__jw_kbool(&w, "interrupted", r->interrupted);
    ssd__jw_knum(&w, "runtime_s", r->runtime_s);
    ssd__jw_knum(&w, "busy_s", r->busy_s);
    uint64_t b = r->bytes[0] + r->bytes[1], n = r->ios[0] + r->ios[1];
    ssd__jw_ku64(&w, "bytes", b);
    ssd__jw_ku64(&w, "ios", n);
    ssd__jw_ku64(&w, "trims", r->trims);
    ssd__jw_ku64(&w, "flushes", r->flushes);
    ssd__jw_ku64(&w, "remapped_ios", r->remapped);
    ssd__jw_knum(&w, "bw_bps", r->busy_s > 0 ? (double)b / r->busy_s : 0);
    ssd__jw_knum(&w, "iops", r->busy_s > 0 ? (double)n / r->busy_s : 0);
    /* a latency, in µs as every one (access_s, seconds, before round 20) */
    ssd__jw_knum(&w, "access_us", ssd_replay_access_s(r) * 1e6);
    put_dir(&w, "read", r->bytes[0], r->ios[0], r->lat[0]);
    put_dir(&w, "write", r->bytes[1], r->ios[1], r->lat[1]);
    /* The file that exists: its job renamed it LOG.partial if a write failed */
    const char *log = r->job ? ssd__job_log_path(r->job) : NULL;
    ssd__jw_kstr(&w, "log", log ? log : r->log_path);
    ssd__jw_kbegin_array(&w, "samples");
    size_t ns = 0;
    const ssd_sample *smp = r->job ? ssd_job_samples(r->job, &ns) : NULL;
    for (size_t i = 0; i < ns; i++) {
        ssd__jw_begin_array(&w);
        ssd__jw_num(&w, smp[i].t_s);
        ssd__jw_u64(&w, smp[i].bytes[0] + smp[i].bytes[1]);
        ssd__jw_u64(&w, smp[i].ops[0] + smp[i].ops[1]);
        ssd__jw_end_array(&w);
    }
    ssd__jw_end_array(&w);
    ssd__jw_end_object(&w);
    return ssd__jw_finish(&w, out);
}
