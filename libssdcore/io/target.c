/* target.c - the target handle: options and common operations. Opening a
 * URI (ssd_target_open) is in sim/target_uri.c: the dispatch must know every
 * kind of target, sim: included, and the simulator sits above io/. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jsonw.h"
#include "numfmt.h"
#include "options.h"
#include "precondition.h"
#include "result_size.h"
#include "ssdcore/analysis.h"
#include "target_impl.h"

void ssd_target_free(ssd_target *t) {
    if (!t)
        return;
    if (t->ops && t->ops->close)
        t->ops->close(t);
    if (t->fd >= 0)
        close(t->fd);
    free(t->uri);
    free(t);
}

#define SSD__OPTION_OWNER struct ssd_target
/* clang-format off */
/* X(key, TYPE, where, unit, min, max, default, words, flags, help) */
#define TARGET_OPTIONS(X)                                                                          \
    X(size, SIZE, opt_size, "B", 1, HUGE_VAL, "", "", 0,                                           \
      "file targets: create or extend the file to this size")                                     \
    X(destroy_data, BOOL, opt_destroy_data, "", 0, 1, "0", "", 0,                                  \
      "allow writes to a block device or to an existing file ssdcore did not create (its data "   \
      "is lost)")                                                                                  \
    X(buffered, BOOL, opt_buffered, "", 0, 1, "0", "", 0, "use the page cache instead of O_DIRECT") \
    X(read_only, BOOL, opt_read_only, "", 0, 1, "0", "", 0,                                        \
      "open for reading only (a read job on a device or an existing file does by itself)")        \
    X(fitrim, ENUM, opt_no_fitrim, "", 0, 0, "auto", "auto never", 0,                              \
      "after a TRIM of a file on a filesystem mounted without discard, FITRIM its free space "     \
      "so the TRIM reaches the drive (auto), or not")                                              \
    X(layout, ENUM, opt_layout, "", 0, 0, "auto", "auto always never", 0,                          \
      "lay the file out with random data before the first read: auto when it is new, sparse or "  \
      "not completely laid out by ssdcore")
/* clang-format on */
SSD__OPTION_TABLE(target_options, "target", TARGET_OPTIONS);

SSD__OPTIONS_ACCESSOR(ssd_target_options, target_options)

int ssd_target_create(ssd_target **out) {
    int rc = ssd__option_create(out, sizeof **out, &target_options);
    if (!rc)
        (*out)->fd = (*out)->trim_reach.reached = -1;
    return rc;
}

int ssd_target_set_option(ssd_target *t, const char *key, const char *value) {
    if (!t)
        return SSD_EINVAL;
    t->err[0] = '\0';
    if (key && value && t->is_open)
        return ssd__fail(t->err, SSD_ESTATE, "option %s: the target is already open", key);
    int i = ssd__option_set(&target_options, t, key, value, t->err);
    return i < 0 ? i : 0;
}

SSD__ERRMSG_OF(target)

const char *ssd_target_uri(const ssd_target *t) {
    return t->uri ? t->uri : "";
}

uint64_t ssd_target_size(const ssd_target *t) {
    return t->size;
}

unsigned ssd_target_block_size(const ssd_target *t) {
    return t->block_size;
}

const char *ssd_target_kind(const ssd_target *t) {
    return t->ops ? t->ops->kind : "closed";
}

int ssd_target_to_json(const ssd_target *t, int flags, char **out) {
    struct ssd__jw w;
    int rc = ssd__jw_open(&w, t, out, flags, t ? (char *)t->err : NULL);
    if (rc)
        return rc;
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "uri", t->is_open ? t->uri : NULL);
    ssd__jw_kstr(&w, "kind", ssd_target_kind(t));
    ssd__jw_ku64(&w, "size_bytes", t->size);
    ssd__jw_ku64(&w, "block_size", t->block_size);
    ssd__jw_key(&w, "written_since_trim_bytes");
    if (t->ctx_known)
        ssd__jw_u64(&w, t->ctx_written);
    else
        ssd__jw_null(&w);
    ssd__jw_key(&w, "precondition");
    if (t->ctx_known && t->ctx_precondition >= 0)
        ssd__jw_str(&w, ssd__precondition_name(t->ctx_precondition));
    else
        ssd__jw_null(&w);
    ssd__jw_end_object(&w);
    return ssd__jw_finish(&w, out);
}

int ssd__target_context(const ssd_target *t, uint64_t *written, int *precondition) {
    *written = t->ctx_known ? t->ctx_written : 0;
    *precondition = t->ctx_known ? t->ctx_precondition : -1;
    return t->ctx_known;
}

int ssd__target_idle_since_write(const ssd_target *t, double *idle_s) {
    *idle_s = t->idle_known ? t->idle_s : 0;
    return t->idle_known;
}

void ssd__target_forget_idle(ssd_target *t) {
    t->idle_known = 0;
}

int ssd__target_written_since_idle(const ssd_target *t, uint64_t *written) {
    *written = t->since_idle_known ? t->since_idle_written : 0;
    return t->since_idle_known;
}

void ssd__target_forget_since_idle(ssd_target *t) {
    t->since_idle_known = 0;
}

void ssd__target_note_written(ssd_target *t, uint64_t bytes, int set, int precondition) {
    /* A write ends the idle time; a job that only read kept the drive busy
     * and may have let it collect garbage meanwhile: unknown. */
    t->idle_known = set || bytes > 0;
    t->idle_s = 0;
    t->since_idle_written += bytes; /* (counted while since_idle_known) */
    if (set) {
        /* A precondition on a drive of unknown past: what it wrote is what
         * is known, as a suite that began with it counts. */
        t->ctx_written = (t->ctx_known ? t->ctx_written : 0) + bytes;
        t->ctx_precondition = precondition;
        t->ctx_known = 1;
    } else if (t->ctx_known && bytes) {
        /* (precondition SEQ_FILL: the writes filled the whole drive
         * sequentially, which leaves a drive fresh or sequentially filled
         * before them sequentially filled.) */
        int was = t->ctx_precondition;
        t->ctx_written += bytes;
        t->ctx_precondition =
            precondition == SSD_PRECONDITION_SEQ_FILL &&
                    (was == SSD_PRECONDITION_NONE || was == SSD_PRECONDITION_SEQ_FILL)
                ? SSD_PRECONDITION_SEQ_FILL
                : -1;
    }
}

/* After a TRIM of [offset, offset+length): a whole
 * target's leaves it fresh; part of it frees at most what it covers (the
 * suite's count, suite/written_since_trim.c). */
static void trim_context(ssd_target *t, uint64_t offset, uint64_t length) {
    if (offset == 0 && length >= t->size) {
        t->ctx_known = 1;
        t->ctx_written = 0;
        t->ctx_precondition = SSD_PRECONDITION_NONE;
    } else if (t->ctx_known) {
        t->ctx_written = t->ctx_written > length ? t->ctx_written - length : 0;
    }
}

int ssd__trim_refused_for_tests;

int ssd__target_ready(ssd_target *t, const char *what) {
    if (!t)
        return SSD_EINVAL;
    t->err[0] = '\0';
    if (!t->is_open)
        return ssd__fail(t->err, SSD_ESTATE, "%s: the target is not open", what);
    return 0;
}

/* What a trim or a purge (what; can: t's kind has it) checks before it
 * destroys data (whose, in [offset, offset+length)): t open, the range
 * inside it, t willing to lose it, no test hook refusing. 0, or the
 * failure with t's message. */
static int may_destroy(ssd_target *t, const char *what, int can, const char *whose, uint64_t offset,
                       uint64_t length) {
    int rc = ssd__target_ready(t, what);
    if (rc)
        return rc;
    if (offset > t->size || length > t->size - offset) {
        char off[SSD__NUM_BUF], len[SSD__NUM_BUF], sz[SSD__NUM_BUF];
        return ssd__fail(t->err, SSD_ERANGE,
                         "%s: range %s+%s is outside the target (%s, %llu bytes)", what,
                         ssd__fmt_size(off, (double)offset), ssd__fmt_size(len, (double)length),
                         ssd__fmt_size(sz, (double)t->size), (unsigned long long)t->size);
    }
    if (!can)
        return ssd__fail(t->err, SSD_EUNSUPPORTED, "%s: not supported on %s targets", what,
                         t->ops->kind);
    /* The kernel's answer on a read-only descriptor is EBADF for a file and
     * "discard not supported" for a device: neither says why. */
    if (t->fd >= 0 && t->write_refused[0])
        return ssd__fail(t->err, SSD_EUNSAFE, "%s: %s %s", what, t->uri, t->write_refused);
    if (t->fd >= 0 && t->opt_read_only)
        return ssd__fail(t->err, SSD_EUNSAFE,
                         "%s: %s is opened read-only; a %s destroys %s (open it without "
                         "read_only, a device with destroy_data)",
                         what, t->uri, what, whose);
    if (ssd__trim_refused_for_tests)
        return ssd__fail(t->err, SSD_EUNSUPPORTED, "%s: %s refused (test hook): %s", t->uri, what,
                         strerror(EOPNOTSUPP));
    return 0;
}

int ssd_target_trim(ssd_target *t, uint64_t offset, uint64_t length) {
    int rc =
        may_destroy(t, "trim", t && t->ops && t->ops->trim, "data in the range", offset, length);
    if (rc)
        return rc;
    rc = t->ops->trim(t, offset, length);
    if (rc < 0)
        return rc;
    ssd_trim_reach *r = &t->trim_reach;
    memset(r, 0, sizeof *r);
    if (!strcmp(t->ops->kind, "file")) {
        ssd__file_trim_reach(t);
    } else {
        r->reached = 1;
        snprintf(r->how, sizeof r->how, "%s",
                 !strcmp(t->ops->kind, "sim") ? "model (sim)" : "block device BLKDISCARD");
    }
    /* As the suite counts it: whether a file's punched hole reached the
     * drive is in trim_reach, for the reader. */
    trim_context(t, offset, length);
    return 0;
}

int ssd_target_trim_reach(const ssd_target *t, ssd_trim_reach *out) {
    if (!t || !out || !ssd__result_size_ok(out, sizeof *out))
        return SSD_EINVAL;
    ssd__result_copy(out, &t->trim_reach, sizeof *out);
    return 0;
}

int ssd_target_purge(ssd_target *t, const char **how) {
    const char *done = "";
    if (how)
        *how = done;
    int rc = may_destroy(t, "purge", t && t->ops && t->ops->purge, "its data", 0, 0);
    if (rc)
        return rc;
    rc = t->ops->purge(t, &done);
    if (!rc && how)
        *how = done;
    if (!rc)
        trim_context(t, 0, t->size);
    return rc;
}

int ssd__target_writes_refused(const ssd_target *t) {
    return t->opt_read_only || t->write_refused[0];
}

int ssd_target_idle(ssd_target *t, double seconds) {
    int rc = ssd__target_ready(t, "idle");
    if (rc)
        return rc;
    if (!(seconds >= 0) || seconds > 1e7)
        return ssd__fail(t->err, SSD_ERANGE, "idle: %g seconds is out of range", seconds);
    rc = t->ops->idle ? t->ops->idle(t, seconds) : ssd__sleep_interruptible(seconds);
    if (rc) {
        t->idle_known = 0;       /* cut short: how long it idled is not recorded */
        t->since_idle_known = 0; /* nor whether the cache was flushed */
    } else {
        t->idle_s += seconds;
        if (seconds > 0) { /* (the drive flushed its cache) */
            t->since_idle_known = 1;
            t->since_idle_written = 0;
        }
    }
    return rc;
}
