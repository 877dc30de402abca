/* suite_run.c - running a suite: the steps in order on one target, the
 * results directory (results.json, series CSVs, report.html) kept current
 * after every step, Ctrl-C ending the run with everything logged so far. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/random.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "file_write.h"
#include "interrupt.h"
#include "jsonw.h"
#include "ssdcore/analysis.h"
#include "ssdcore/health.h"
#include "ssdcore/hist.h"
#include "ssdcore/job.h"
#include "ssdcore/drive.h"
#include "ssdcore/sim.h"
#include "output_check.h"
#include "suite_impl.h"
#include "precondition.h"
#include "target_impl.h"

static void host_info(ssd_suite *s) {
    if (gethostname(s->res.host_name, sizeof s->res.host_name - 1))
        strcpy(s->res.host_name, "?");
    struct utsname u;
    if (!uname(&u))
        snprintf(s->res.host_kernel, sizeof s->res.host_kernel, "%s %s %s", u.sysname, u.release,
                 u.machine);
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    while (f && fgets(line, sizeof line, f)) {
        if (!strncmp(line, "model name", 10)) {
            char *c = strchr(line, ':');
            if (c) {
                c++;
                while (*c == ' ' || *c == '\t')
                    c++;
                c[strcspn(c, "\n")] = 0;
                snprintf(s->res.host_cpu, sizeof s->res.host_cpu, "%s", c);
            }
            break;
        }
    }
    if (f)
        fclose(f);
    if (!s->res.host_cpu[0])
        snprintf(s->res.host_cpu, sizeof s->res.host_cpu, "%s", !uname(&u) ? u.machine : "?");
}

static int save_results(ssd_suite *s) {
    /* Checked at every save: OUT is the user's directory, and a results.json
     * there that this run did not write (a FIFO, a user's file) is not ours
     * to replace. */
    int rc = ssd__output_check("results", s->results_path, NULL, 0, "{", 0, s->err);
    if (rc)
        return rc;
    char *json = NULL;
    rc = ssd__suite_json(s, SSD__JW_COMPACT, &json);
    if (rc)
        return ssd__fail(s->err, rc, "results.json: out of memory");
    size_t len = strlen(json);
    rc = ssd__write_atomic(s->results_path, json, len);
    /* A full disk (a job's log filled it) must not leave the last
     * results.json saying "running": the space the run kept in reserve is
     * given back for this write. */
    if (rc == -ENOSPC && ssd__suite_release_space(s))
        rc = ssd__write_atomic(s->results_path, json, len);
    else if (!rc)
        ssd__suite_reserve_space(s, 4 * (uint64_t)len + (256u << 10)); /* + report.html */
    ssd_free(json);
    if (rc)
        return ssd__fail(s->err, rc, "%s: %s", s->results_path, ssd_strerror(rc));
    return 0;
}

static int save_report(ssd_suite *s) {
    return s->report ? ssd_suite_write_report(s, NULL) : 0;
}

struct job_cb {
    ssd_suite *s;
    int index;
};

static int job_progress(void *user, const ssd_progress *p) {
    struct job_cb *cb = user;
    ssd_suite *s = cb->s;
    ssd_suite_progress sp = {sizeof sp, cb->index, s->res.nsteps, s->res.steps[cb->index].def.name,
                             "job",     p,         p->elapsed_s,  p->time_s};
    return s->progress(s->progress_user, &sp);
}

static int notify(ssd_suite *s, int i, double elapsed, double total) {
    if (!s->progress)
        return 0;
    ssd_suite_progress sp = {
        sizeof sp, i,       s->res.nsteps, s->res.steps[i].def.name, ssd_suite_step_kind(s, i),
        NULL,      elapsed, total};
    return s->progress(s->progress_user, &sp);
}

static int step_fail(ssd_suite *s, struct ssd__step *st, int rc, const char *msg) {
    st->res.state = rc == SSD_EINTERRUPTED ? SSD__ST_INTERRUPTED : SSD__ST_FAILED;
    free(st->res.error);
    st->res.error = strdup(msg);
    if (rc == SSD_EINTERRUPTED)
        return rc;
    return ssd__fail(s->err, rc, "step %d (%s, line %d): %s", (int)(st - s->res.steps) + 1,
                     st->def.name, st->def.lineno, msg);
}

static void truth_figure(ssd_target *t, const char *key, double *out) {
    double v;
    *out = ssd_sim_truth(t, key, &v) == 0 ? v : NAN;
}

/* The reference of the first later analyze step of job i's log, analysed
 * and set as the job's "reference" option (source: its stem's .csv, as
 * the suite names logs). 0 when there is none; on an error, *msg a
 * malloc'd message. */
static int record_reference(ssd_suite *s, int i, ssd_job *j, char **msg) {
    const struct ssd__step *st = &s->res.steps[i];
    if (!st->def.log[0])
        return 0;
    const char *stem = NULL;
    int analyzed = 0;
    for (int k = i + 1; k < s->res.nsteps && !stem; k++) {
        const struct ssd__step *an = &s->res.steps[k];
        if (an->def.kind == SSD__STEP_ANALYZE && !strcmp(an->def.series, st->def.log)) {
            analyzed = 1;
            if (an->def.reference[0])
                stem = an->def.reference;
        }
    }
    /* (An analyze step that names no reference takes the log of the fill
     * this job followed, ssd__suite_fill_log: recorded too.) */
    const struct ssd__step *fill = !stem && analyzed ? ssd__suite_fill_log(&s->res, i) : NULL;
    if (fill)
        stem = fill->def.log;
    if (!stem)
        return 0;
    char path[4096], source[SSD__NAME_MAX + 8];
    snprintf(path, sizeof path, "%s/%s.csv", s->out_dir, stem);
    snprintf(source, sizeof source, "%s.csv", stem);
    ssd_analysis *a = NULL;
    char *json = NULL;
    int rc = ssd_analysis_create(&a);
    if (!rc)
        rc = ssd_analysis_reference_file(a, path, SSD_JSON_COMPACT, &json);
    if (!rc) {
        ssd_free(json);
        json = NULL;
        rc = ssd_analysis_reference_json(a, source, SSD_JSON_COMPACT, &json);
    }
    if (rc && a)
        *msg = strdup(ssd_analysis_errmsg(a));
    if (!rc)
        rc = ssd_job_set_option(j, "reference", json);
    ssd_free(json);
    ssd_analysis_free(a);
    return rc;
}

static int run_job(ssd_suite *s, int i) {
    struct ssd__step *st = &s->res.steps[i];
    ssd_job *j = NULL;
    char path[4096] = "";
    int rc = ssd_job_create(&j, s->t);
    if (rc)
        return step_fail(s, st, rc, ssd_strerror(rc));
    for (int k = 0; k < st->def.nopts && !rc; k++) {
        char buf[64];
        const char *v = ssd__suite_scaled(s, st->def.keys[k], st->def.values[k], buf, sizeof buf);
        rc = ssd_job_set_option(j, st->def.keys[k], v);
    }
    if (!rc && st->def.log[0]) {
        snprintf(path, sizeof path, "%s/%s.csv", s->out_dir, st->def.log);
        rc = ssd_job_set_option(j, "log", path);
    }
    /* The log records what this suite wrote since the last TRIM, so an
     * `analyze` of the CSV alone finds the used state of a run on a drive
     * the suite already filled, as the suite's own analysis does; the
     * step's own written_before= wins. */
    int own = 0;
    for (int k = 0; k < st->def.nopts; k++)
        own |= !strcmp(st->def.keys[k], "written_before");
    double wb = own ? 0 : ssd__written_since_trim(&s->res, i);
    /* The suite's count (from what the target knew at the start) is this
     * job's context, also when it is 0: the target's own count, which a
     * job otherwise takes, misses what the suite's file tests wrote. */
    if (!rc && !own) {
        char v[32];
        snprintf(v, sizeof v, "%.0f", wb);
        rc = ssd_job_set_option(j, "written_before", v);
    }
    /* Likewise how the drive was preconditioned, when the suite knows it;
     * the step's own precondition= wins. */
    int own_pre = 0;
    for (int k = 0; k < st->def.nopts; k++)
        own_pre |= !strcmp(st->def.keys[k], "precondition");
    const char *pre = own_pre ? NULL : ssd__precondition_since_trim(&s->res, i);
    if (!rc && pre)
        rc = ssd_job_set_option(j, "precondition", pre);
    /* And how long the drive idled since the suite last wrote to it (a
     * run right after a fill has no clean blocks idle time gave back);
     * the step's own idle_before= wins, and an unknown one is left out. */
    int own_idle = 0;
    for (int k = 0; k < st->def.nopts; k++)
        own_idle |= !strcmp(st->def.keys[k], "idle_before");
    double idle = own_idle ? NAN : ssd__idle_since_write(&s->res, i);
    if (!rc && isfinite(idle)) {
        char v[32];
        snprintf(v, sizeof v, "%.17g", idle);
        rc = ssd_job_set_option(j, "idle_before", v);
    } else if (!own_idle) {
        /* The suite's count decides: what its steps did outside the target
         * (file tests on its filesystem) the target's own count missed. */
        ssd__target_forget_idle(s->t);
    }
    /* And what it wrote since the drive last idled (what the SLC cache
     * holds: an idle flushes it), likewise. */
    int own_since = 0;
    for (int k = 0; k < st->def.nopts; k++)
        own_since |= !strcmp(st->def.keys[k], "written_since_idle");
    double since = own_since ? NAN : ssd__written_since_idle(&s->res, i);
    if (!rc && isfinite(since)) {
        char v[32];
        snprintf(v, sizeof v, "%.0f", since);
        rc = ssd_job_set_option(j, "written_since_idle", v);
    } else if (!own_since) {
        ssd__target_forget_since_idle(s->t);
    }
    /* A later `analyze LOG reference=FRESH` of this job's log: the log
     * records FRESH's figures, so its analysis alone later (ssdcore
     * analyze LOG.csv) gives the suite's verdict. */
    char *msg = NULL;
    if (!rc)
        rc = record_reference(s, i, j, &msg);
    if (rc) {
        rc = step_fail(s, st, rc, msg ? msg : ssd_job_errmsg(j));
        free(msg);
        ssd_job_free(j);
        return rc;
    }
    /* What an after-idle or after-TRIM run can at best find again. */
    int truth = st->def.log[0] && !strcmp(ssd_target_kind(s->t), "sim");
    if (truth)
        truth_figure(s->t, "fast_room_bytes", &st->res.truth_room_before);
    struct job_cb cb = {s, i};
    if (s->progress)
        ssd_job_set_progress(j, job_progress, &cb, s->progress_period);
    int run = ssd_job_run(j);
    size_t nsamples = 0;
    ssd_job_samples(j, &nsamples);
    if (run < 0 && run != SSD_EINTERRUPTED && nsamples == 0 && ssd_job_ios(j, SSD_DIR_ALL) == 0) {
        rc = step_fail(s, st, run, ssd_job_errmsg(j));
        ssd_job_free(j);
        return rc;
    }
    ssd_job_to_json(j, 0, &st->res.job_json);
    ssd__step_latency_spectrum(st);
    st->res.runtime_s = ssd_job_runtime_s(j);
    double rt = st->res.runtime_s > 0 ? st->res.runtime_s : NAN;
    st->res.bw_bps = (double)ssd_job_bytes(j, SSD_DIR_ALL) / rt;
    st->res.iops = (double)ssd_job_ios(j, SSD_DIR_ALL) / rt;
    st->res.read_bps = (double)ssd_job_bytes(j, SSD_DIR_READ) / rt;
    st->res.write_bps = (double)ssd_job_bytes(j, SSD_DIR_WRITE) / rt;
    ssd_hist *h = NULL;
    if (ssd_hist_create(&h) == 0) {
        ssd_hist_merge(h, ssd_job_latency(j, SSD_DIR_READ));
        ssd_hist_merge(h, ssd_job_latency(j, SSD_DIR_WRITE));
        int any = ssd_hist_count(h) > 0;
        st->res.lat_mean_us = any ? ssd_hist_mean(h) / 1e3 : NAN;
        st->res.lat_p50_us = any ? (double)ssd_hist_percentile(h, 50) / 1e3 : NAN;
        st->res.lat_p99_us = any ? (double)ssd_hist_percentile(h, 99) / 1e3 : NAN;
        st->res.lat_p999_us = any ? (double)ssd_hist_percentile(h, 99.9) / 1e3 : NAN;
        ssd_hist_free(h);
    }
    if (truth) {
        ssd_sim_truth_to_json(s->t, 0, &st->res.truth_json);
        truth_figure(s->t, "cache_full_at_bytes", &st->res.truth_cache_bytes);
        truth_figure(s->t, "post_cache_mean_bps", &st->res.truth_post_bps);
        truth_figure(s->t, "folding_start_bytes", &st->res.truth_fold_bytes);
        truth_figure(s->t, "gc_start_bytes", &st->res.truth_gc_bytes);
        truth_figure(s->t, "last_idle_recovered_bytes", &st->res.truth_recovered);
    }
    if (run == SSD_EINTERRUPTED) {
        rc = step_fail(s, st, run, "interrupted");
    } else if (run < 0) {
        rc = step_fail(s, st, run, ssd_job_errmsg(j));
    } else {
        st->res.state = SSD__ST_DONE;
        rc = 0;
    }
    ssd_job_free(j);
    return rc;
}

/* Steps whose writes the drive's counters should account for: the host's
 * (write jobs, replays, a fill or precondition, PTS, file tests) and the
 * drive's own while it idles (an SLC cache folded, garbage collected). */
static int step_moves_counters(const struct ssd__step *st) {
    switch (st->def.kind) {
    case SSD__STEP_REPLAY:
    case SSD__STEP_PRECONDITION:
    case SSD__STEP_PTS:
    case SSD__STEP_FILEBENCH:
    case SSD__STEP_IDLE:
        return 1;
    default:
        break;
    }
    const char *p = st->def.kind == SSD__STEP_JOB ? ssd__step_option(st, "pattern") : NULL;
    return p && (!strcmp(p, "write") || !strcmp(p, "randwrite") || !strcmp(p, "rw") ||
                 !strcmp(p, "randrw"));
}

/* st's health record from the counters read around it. */
static void record_health(struct ssd__step *st, const ssd_health *before, const ssd_health *after) {
    char *b = NULL, *a = NULL, *d = NULL;
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    ssd__jw_begin_object(&w);
    if (before->available && after->available &&
        !ssd_health_to_json(before, SSD_JSON_COMPACT, &b) &&
        !ssd_health_to_json(after, SSD_JSON_COMPACT, &a) &&
        !ssd_health_delta_json(before, after, SSD_JSON_COMPACT, &d)) {
        ssd__jw_kstr(&w, "source", after->source);
        ssd__jw_kraw(&w, "before", b);
        ssd__jw_kraw(&w, "after", a);
        ssd__jw_kraw(&w, "delta", d);
        double host = after->host_written_bytes - before->host_written_bytes;
        double media = after->media_written_bytes - before->media_written_bytes;
        st->res.wa = isfinite(host) && isfinite(media) && host > 0 ? media / host : NAN;
    } else {
        ssd__jw_kbool(&w, "available", 0);
        ssd__jw_kstr(&w, "why", before->available ? after->why : before->why);
    }
    ssd__jw_end_object(&w);
    ssd_free(b);
    ssd_free(a);
    ssd_free(d);
    ssd_free(st->res.health_json);
    st->res.health_json = NULL;
    if (ssd__jw_finish(&w, &st->res.health_json))
        st->res.health_json = NULL;
}

/* A step the target refuses (a device without discard, a filesystem
 * without hole punching): the other steps still measure the drive, so the
 * run goes on and the step says why it did nothing. */
static int skip_refused(ssd_suite *s, struct ssd__step *st, const char *what) {
    char why[SSD__ERRMSG_SIZE + 32];
    snprintf(why, sizeof why, "%s refused: %s", what, ssd_target_errmsg(s->t));
    st->res.state = SSD__ST_SKIPPED;
    free(st->res.reason);
    st->res.reason = strdup(why);
    return 0;
}

static int run_trim(ssd_suite *s, int i) {
    struct ssd__step *st = &s->res.steps[i];
    uint64_t size = ssd_target_size(s->t);
    uint64_t len = st->def.length ? st->def.length : size - st->def.offset;
    int rc = ssd_target_trim(s->t, st->def.offset, len);
    if (rc == SSD_EUNSUPPORTED)
        return skip_refused(s, st, "TRIM");
    if (rc)
        return step_fail(s, st, rc, ssd_target_errmsg(s->t));
    ssd_trim_reach r = {.size = sizeof r};
    ssd_target_trim_reach(s->t, &r);
    st->res.trim_reached = r.reached == 1;
    st->res.trim_how = strdup(r.how);
    if (r.fs_type[0]) {
        st->res.trim_fs = strdup(r.fs_type);
        st->res.trim_mount = strdup(r.mount_point);
        st->res.trim_mount_opts = strdup(r.mount_options);
    }
    st->res.trim_fitrim_bytes = r.fitrim_tried && !r.fitrim_errno ? (double)r.fitrim_bytes : NAN;
    st->res.state = SSD__ST_DONE;
    return 0;
}

static int run_purge(ssd_suite *s, int i) {
    struct ssd__step *st = &s->res.steps[i];
    const char *how = "";
    int rc = ssd_target_purge(s->t, &how);
    if (rc == SSD_EUNSUPPORTED)
        return skip_refused(s, st, "purge");
    if (rc)
        return step_fail(s, st, rc, ssd_target_errmsg(s->t));
    snprintf(st->res.how, sizeof st->res.how, "%s", how);
    st->res.state = SSD__ST_DONE;
    return 0;
}

static int precondition_progress(void *user, const ssd_progress *p) {
    struct job_cb *cb = user;
    ssd_suite *s = cb->s;
    ssd_suite_progress sp = {sizeof sp,      cb->index, s->res.nsteps, "precondition",
                             "precondition", p,         p->elapsed_s,  p->time_s};
    return s->progress(s->progress_user, &sp);
}

static int run_precondition(ssd_suite *s, int i) {
    struct ssd__step *st = &s->res.steps[i];
    const char *loops = ssd__step_option(st, "loops");
    uint64_t written = 0;
    struct job_cb cb = {s, i};
    const char *kind = ssd__step_option(st, "kind");
    int rc = kind && !strcmp(kind, SSD__FILL_KIND)
                 ? ssd_target_fill(s->t, ssd__fill_step_bytes(st, ssd_target_size(s->t)), &written,
                                   s->progress ? precondition_progress : NULL, &cb)
                 : ssd_target_precondition(s->t, kind, loops ? (unsigned)atoi(loops) : 0, &written,
                                           s->progress ? precondition_progress : NULL, &cb);
    st->res.written_bytes = (double)written; /* also when it stopped: the writes happened */
    if (rc == SSD_EINTERRUPTED)
        return step_fail(s, st, rc, "interrupted");
    if (rc)
        return step_fail(s, st, rc, ssd_target_errmsg(s->t));
    st->res.state = SSD__ST_DONE;
    return 0;
}

static int run_idle(ssd_suite *s, int i, unsigned gen) {
    struct ssd__step *st = &s->res.steps[i];
    double total = st->def.idle_s * s->res.scale;
    int rc = 0;
    if (!strcmp(ssd_target_kind(s->t), "sim")) {
        rc = ssd_target_idle(s->t, total);
    } else {
        /* Slices, so the caller sees progress and an interrupt between
         * slices is not lost (each idle only watches its own start). */
        double start = ssd__mono_s(), last = -1e9;
        for (;;) {
            double done = ssd__mono_s() - start;
            if (done >= total)
                break;
            if (ssd__interrupt_generation() != gen) {
                rc = SSD_EINTERRUPTED;
                break;
            }
            if (done - last >= s->progress_period && notify(s, i, done, total)) {
                ssd_interrupt();
                rc = SSD_EINTERRUPTED;
                break;
            }
            last = done;
            double left = total - done;
            rc = ssd_target_idle(s->t, left < 0.25 ? left : 0.25);
            if (rc)
                break;
        }
    }
    if (rc)
        return step_fail(s, st, rc,
                         rc == SSD_EINTERRUPTED ? "interrupted" : ssd_target_errmsg(s->t));
    st->res.state = SSD__ST_DONE;
    return 0;
}

/* The drive's temperature now (hwmon), NaN when it has no sensor. */
/* The drive's temperature where its jobs read it (the health log: NVMe,
 * ATA SMART, the sim model), else its hwmon sensor. */
static double drive_temp(const ssd_suite *s) {
    ssd_health h = {.size = sizeof h};
    if (ssd_target_health(s->t, &h) == 0 && h.available && isfinite(h.temperature_c))
        return h.temperature_c;
    double c;
    return ssd_drive_temperature(s->res.target_uri, &c) ? NAN : c;
}

/* 32 random hex digits: the run's identity (two runs started in the same
 * second on one host and target differ), from getrandom, else from the
 * clock, pid and address-space layout. */
static void new_run_id(char *buf, size_t len) {
    unsigned char b[16];
    if (getrandom(b, sizeof b, GRND_NONBLOCK) != (ssize_t)sizeof b) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t x = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec,
                 y = (uint64_t)getpid() << 32 ^ (uint64_t)(uintptr_t)buf;
        for (int i = 0; i < 16; i++) {
            x ^= x >> 12, x ^= x << 25, x ^= x >> 27, x += y;
            b[i] = (unsigned char)((x * 0x2545F4914F6CDD1Dull) >> 56);
        }
    }
    for (int i = 0; i < 16 && 2 * i + 2 < (int)len; i++)
        snprintf(buf + 2 * i, 3, "%02x", b[i]);
}

int ssd_suite_run(ssd_suite *s) {
    if (!s)
        return SSD_EINVAL;
    if (s->ran || s->res.loaded)
        return ssd__fail(s->err, SSD_ESTATE,
                         s->res.loaded ? "a suite loaded from results cannot run"
                                       : "the suite already ran");
    if (!s->out_dir)
        return ssd__fail(s->err, SSD_EINVAL, "out: no results directory set");
    if (!ssd_target_size(s->t))
        return ssd__fail(s->err, SSD_ESTATE, "the target is not open");
    int rc = ssd_suite_prepare(s);
    if (rc)
        return rc;
    if ((rc = ssd__suite_check_before_run(s)))
        return rc;
    s->ran = 1;
    s->checkpoint = save_results;
    unsigned gen = ssd__interrupt_generation();
    int arc, lost_rc = 0, lost = -1;
    rc = ssd__mkdirs(s->out_dir, 0777);
    if (rc)
        return ssd__fail(s->err, rc, "%s: %s", s->out_dir, ssd_strerror(rc));
    if ((rc = ssd__suite_lock_out(s)))
        return rc;
    host_info(s);
    /* Who the drive is; unknown members are null, never a failure. */
    ssd_free(s->res.drive_json);
    s->res.drive_json = NULL;
    if (ssd_drive_identity_json(s->res.target_uri, s->hash_serial, SSD_JSON_COMPACT,
                                &s->res.drive_json)) {
        ssd_free(s->res.drive_json); /* the message */
        s->res.drive_json = NULL;
    }
    /* The suite counts the drive's writes and idle time from what its
     * target knew at the start, not from nothing: a suite on a sim: drive
     * opened precondition=seq_fill recorded written_before 0 beside the
     * target's seq_fill, and its analysis called the clean blocks a cache. */
    uint64_t wb = 0;
    s->res.start_known = ssd__target_context(s->t, &wb, &s->res.start_precondition);
    s->res.start_written = (double)wb;
    s->res.start_idle_known = ssd__target_idle_since_write(s->t, &s->res.start_idle_s);
    uint64_t since = 0;
    s->res.start_since_idle_known = ssd__target_written_since_idle(s->t, &since);
    s->res.start_since_idle = (double)since;
    ssd__now_iso(s->res.started, sizeof s->res.started);
    new_run_id(s->res.run_id, sizeof s->res.run_id);
    s->res.running = 1;
    if ((rc = save_results(s))) {
        ssd__suite_unlock_out(s);
        return rc;
    }
    for (int i = 0; i < s->res.nsteps && !rc; i++) {
        struct ssd__step *st = &s->res.steps[i];
        if (ssd__interrupt_generation() != gen) {
            rc = SSD_EINTERRUPTED;
            break;
        }
        if (notify(s, i, 0, 0)) {
            rc = SSD_EINTERRUPTED;
            break;
        }
        ssd__now_iso(st->res.started, sizeof st->res.started);
        st->res.temp_before_c = drive_temp(s);
        st->res.wa = NAN;
        ssd_health hb = {.size = sizeof hb}, ha = {.size = sizeof ha};
        int counted = step_moves_counters(st) && ssd_target_health(s->t, &hb) == 0;
        double t0 = ssd__mono_s();
        switch (st->def.kind) {
        case SSD__STEP_JOB:
            rc = run_job(s, i);
            break;
        case SSD__STEP_TRIM:
            rc = run_trim(s, i);
            break;
        case SSD__STEP_IDLE:
            rc = run_idle(s, i, gen);
            break;
        case SSD__STEP_ANALYZE:
            /* A failed analysis does not stop the run (ssd__suite_analyze);
             * the first one fails it at the end. */
            if ((arc = ssd__suite_analyze(s, i)) && !lost_rc) {
                lost_rc = arc;
                lost = i;
            }
            break;
        case SSD__STEP_FILEBENCH:
            rc = ssd__suite_run_filebench(s, i);
            break;
        case SSD__STEP_REPLAY:
            rc = ssd__suite_run_replay(s, i);
            break;
        case SSD__STEP_PRECONDITION:
            rc = run_precondition(s, i);
            break;
        case SSD__STEP_PURGE:
            rc = run_purge(s, i);
            break;
        case SSD__STEP_PTS:
            rc = ssd__suite_run_pts(s, i);
            break;
        }
        st->res.wall_s = ssd__mono_s() - t0;
        st->res.temp_after_c = drive_temp(s);
        if (counted && ssd_target_health(s->t, &ha) == 0)
            record_health(st, &hb, &ha);
        if (rc == SSD_EINTERRUPTED)
            break;
        int wrc = save_results(s);
        if (!rc)
            rc = wrc;
    }
    s->checkpoint = NULL;
    /* Every step ran but an analysis failed: the run did not give all it
     * was asked for. It ends "failed", naming the step, as `ssdcore report`
     * exits 1 on a log it cannot analyse. It used to end exit 0 with
     * "complete": false and the status "interrupted", though nothing was
     * (round 35: a 60 ms log sampled twice on a loaded machine). */
    if (!rc && lost_rc) {
        const struct ssd__step *st = &s->res.steps[lost];
        rc = ssd__fail(s->err, lost_rc, "step %d (%s, line %d): %s", lost + 1, st->def.name,
                       st->def.lineno, st->res.error ? st->res.error : ssd_strerror(lost_rc));
    }
    if (rc == SSD_EINTERRUPTED) {
        s->res.interrupted = 1;
        ssd__fail(s->err, rc, "interrupted");
    } else if (rc) {
        s->res.error = strdup(s->err);
    }
    ssd__now_iso(s->res.finished, sizeof s->res.finished);
    s->res.running = 0;
    char saved[SSD__ERRMSG_SIZE];
    memcpy(saved, s->err, sizeof saved);
    int wrc = save_results(s);
    /* The disk is full even after the space kept in reserve was given back:
     * results.json still says "running", so the lock file says how the run
     * ended, and readers show that rather than a killed run. */
    if (wrc)
        ssd__suite_note_end(s, s->res.interrupted ? "interrupted" : "failed", rc ? saved : s->err);
    int hrc = save_report(s);
    ssd__suite_unlock_out(s);
    if (!rc && (wrc || hrc))
        return wrc ? wrc : hrc;
    if (rc)
        memcpy(s->err, saved, sizeof saved);
    return rc;
}
