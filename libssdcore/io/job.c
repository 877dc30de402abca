/* job.c - the job: options, checks against the target, the run (worker
 * threads + sampler, or the virtual-time loop), series CSV and results. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "drive_temp.h"
#include "grow.h"
#include "interrupt.h"
#include "job_impl.h"
#include "jobfmt.h"
#include "numfmt.h"
#include "options.h"
#include "json_read.h"
#include "precondition.h"
#include "output_check.h"
#include "series_write.h"
#include "ssdcore/analysis.h"

/* Every sample of a job stays in memory (ssd_job_samples, Python's
 * result["series"]): 1e6 samples are about 115 MiB, 11.5 days at 1 s. */
#define SSD__MAX_SAMPLES 1000000

/* A temperature is steady when its readings over the temp_steady window
 * span no more than this: NVMe reports whole kelvins, so one step of the
 * sensor is not a change. */
#define SSD__TEMP_STEADY_C 1.0

static const char *const pattern_names[] = {"read",      "write", "randread",
                                            "randwrite", "rw",    "randrw"};

enum engine_choice { ENGINE_AUTO, ENGINE_URING, ENGINE_PSYNC };

int ssd_job_opens_read_only(const char *uri, const char *pattern, int destroy_data,
                            int sizes_file) {
    if (!uri || destroy_data || !strncmp(uri, "sim:", 4))
        return 0;
    if (!pattern)
        pattern = "randread";
    if (strcmp(pattern, "read") && strcmp(pattern, "randread"))
        return 0;
    /* /dev/shm holds files, which a job may create and lay out */
    if (!strncmp(uri, "/dev/", 5) && strncmp(uri, "/dev/shm/", 9))
        return 1;
    struct stat st;
    return !sizes_file && stat(uri, &st) == 0;
}

struct ssd_job {
    ssd_target *t;
    struct ssd__workload w;
    int time_set, bytes_set, interval_set, written_before_set, idle_before_set, since_idle_set;
    enum engine_choice engine_choice;
    char *log_path;
    int stamp;
    uint64_t fail_io;
    /* What was written to the drive since its last TRIM before this job:
     * not used by the job, recorded in the series metadata for the
     * analysis (a run on a used drive reaches its used state early). */
    uint64_t written_before;
    /* How the drive was preconditioned (enum ssd_precondition), recorded
     * likewise; -1: not given, left out of the metadata (unknown). */
    int precondition;
    /* Seconds the drive idled since its last write before this job,
     * recorded likewise when given (idle_before_set); else unknown. */
    double idle_before_s;
    /* Bytes written since the drive last idled before this job (what its
     * SLC cache can hold), recorded likewise when given (since_idle_set);
     * else unknown. */
    uint64_t written_since_idle;
    /* The fresh reference the run is to be analysed with: its figures, a
     * compact JSON object recorded in the series metadata ("reference");
     * NULL: none. */
    char *reference;
    struct ssd__source *src; /* ssd__job_run_source: a trace instead of w */
    /* Where the drive's temperature is read each interval (the series'
     * temp_c column); kind NONE: the column is left out. */
    struct ssd__temp_src temp;
    /* "temp_steady": stop once the temperature held within
     * SSD__TEMP_STEADY_C for this long (0: off); when it did. */
    double temp_steady_s, temp_steady_at_s;
    int temp_stop;
    ssd_progress_fn progress;
    void *progress_user;
    double progress_period_s;

    /* results */
    int ran;
    int interrupted;
    int run_rc;
    const char *engine;
    unsigned qd_run;       /* queue depth per thread the engine ran (psync: 1) */
    char engine_note[320]; /* room for the 200-byte probe reason and the fallback text */
    double runtime_s;
    double measured_from_s; /* end of the warm-up's last sample; 0 without one */
    uint64_t bytes[2], ios[2];
    ssd_hist *lat[2];
    ssd_sample *samples;
    size_t nsamples, cap_samples;
    /* scratch for per-interval summaries, allocated before the run */
    ssd_hist *iv_lat[2];
    ssd_hist *iv_all;
    FILE *log;
    size_t log_rows; /* data rows the log holds */
    int log_failed;  /* a write to it failed: it is renamed LOG.partial */
    /* snapshot of the target for the results */
    char *target_uri;
    const char *target_kind;
    uint64_t target_size;
    unsigned target_block;
    int target_buffered;
    char err[SSD__ERRMSG_SIZE];
};

#define SSD__OPTION_OWNER struct ssd_job
#define PATTERNS "read write randread randwrite rw randrw"
#define BIG HUGE_VAL
/* clang-format off */
/* X(key, TYPE, where, unit, min, max, default, words, flags, help) */
#define JOB_OPTIONS(X)                                                                             \
    X(pattern, ENUM, w.pattern, "", 0, 0, "randread", PATTERNS, 0, "access pattern")               \
    X(bs, SIZE, w.block_size, "B", 512, 64 << 20, "4k", "", 0,                                     \
      "block size; with O_DIRECT a multiple of the target's logical block")                       \
    X(qd, INT, w.queue_depth, "", 1, 1024, "1", "", 0, "queue depth per thread")                   \
    X(threads, INT, w.threads, "", 1, 64, "1", "", 0, "independent workers")                       \
    X(submit_batch, INT, w.submit_batch, "", 1, 1024, "1", "", 0,                                  \
      "io_uring: I/Os handed to the kernel per submission, at most qd; 1: each as soon as it "    \
      "is ready, as fio does")                                                                    \
    X(read_pct, INT, w.read_pct, "%", 0, 100, "50", "", 0, "rw and randrw: share of reads")        \
    X(offset, SIZE, w.offset, "B", 0, BIG, "0", "", 0, "start of the test area in the target")     \
    X(span, SIZE, w.span, "B", 1, BIG, "", "", 0,                                                  \
      "length of the test area (default: the rest of the target)")                                \
    X(time, DURATION, w.time_s, "s", 0, 1e7, "", "", 0,                                            \
      "stop after this long; 0: no time limit; 10s when neither bytes nor coverage is given")                                                                                 \
    X(warmup, DURATION, w.warmup_s, "s", 0, 1e7, "0", "", 0,                                       \
      "run this long first, logged but not measured: the figures cover the time after it")        \
    X(temp_steady, DURATION, temp_steady_s, "s", 0, 1e7, "0", "", 0,                              \
      "stop once the drive's temperature held within 1 C this long (a thermal test; time stays " \
      "the limit); 0: off")                                                                        \
    X(bytes, SIZE, w.max_bytes, "B", 0, BIG, "0", "", 0,                                           \
      "stop after this many bytes, rounded up to whole I/Os; 0: no limit")                        \
    X(rate, SIZE, w.rate_bps, "B/s", 0, BIG, "0", "", 0, "limit the total rate; 0: no limit")      \
    X(coverage, BOOL, w.full_coverage, "", 0, 1, "0", "", 0,                                       \
      "visit every block of the test area exactly once, then stop")                               \
    X(seed, INT, w.seed, "", 0, BIG, "1", "", 0,                                                   \
      "seed of offsets and read/write choices; write data is fresh in every run")                \
    X(engine, ENUM, engine_choice, "", 0, 0, "auto", "auto io_uring psync", 0,                     \
      "I/O engine; auto: io_uring, or psync with a note when io_uring is unavailable")           \
    X(interval, DURATION, w.interval_s, "s", 0.01, 3600, "1s", "", 0, "sampling interval")         \
    X(log, TEXT, log_path, "path", 0, 0, "", "", 0,                                                \
      "write the series CSV here, flushed every interval")                                        \
    X(written_before, SIZE, written_before, "B", 0, BIG, "0", "", 0,                               \
      "bytes written to the drive since its last TRIM before this job, recorded in the log for "  \
      "the analysis; default: what the target counted since a TRIM, purge or precondition on "     \
      "it, else not recorded")                                                                     \
    X(precondition, ENUM, precondition, "", 0, 0, "", SSD__PRECONDITION_WORDS, 0,                  \
      "how the drive was preconditioned before this job, recorded in the log like "               \
      "written_before; default: the target's last precondition (none after a TRIM or purge) "      \
      "while nothing else was written, seq_fill after a job that wrote the whole target "          \
      "sequentially from its start (at least its size) on a drive fresh or sequentially filled "   \
      "before it, else not recorded")                                                              \
    X(idle_before, DURATION, idle_before_s, "s", 0, 1e8, "", "", 0,                              \
      "how long the drive idled between its last write and this job (0: right after it), "         \
      "recorded in the log as idle_before_s for the analysis; a suite sets it from its steps; "    \
      "default: not recorded (unknown)")                                                           \
    X(written_since_idle, SIZE, written_since_idle, "B", 0, BIG, "", "", 0,                         \
      "bytes written to the drive since it last idled before this job, recorded in the log as "    \
      "written_since_idle_bytes for the analysis (an idle flushes the SLC cache, which then "      \
      "holds only what was written since); a suite sets it from its steps; default: what the "     \
      "target counted since an idle on it, else not recorded (unknown)")                           \
    X(reference, TEXT, reference, "json", 0, 0, "", "", 0,                                        \
      "the fresh reference this run is analysed with, recorded in the log so that its analysis "  \
      "alone gives the same verdict: the CLI and Python take the reference's series log, the C "  \
      "API the JSON object of ssd_analysis_reference_json; a suite's analyze LOG reference=FRESH " \
      "sets it")                                                                                    \
    X(stamp, BOOL, stamp, "", 0, 1, "0", "", SSD_OPTION_TEST_HOOK,                                 \
      "writes carry their byte offset in the block's first 16 bytes")                             \
    X(fail_io, INT, fail_io, "", 0, 2e9, "0", "", SSD_OPTION_TEST_HOOK,                            \
      "fault injection: the Nth I/O of worker 0 fails with EIO; 0: never")
/* clang-format on */
SSD__OPTION_TABLE(job_options, "job", JOB_OPTIONS);

SSD__OPTIONS_ACCESSOR(ssd_job_options, job_options)

int ssd_job_create(ssd_job **out, ssd_target *t) {
    int rc = t ? ssd__option_create(out, sizeof **out, &job_options) : SSD_EINVAL;
    if (!rc)
        (*out)->t = t, (*out)->precondition = -1, (*out)->progress_period_s = 0.5,
        (*out)->engine = "";
    return rc;
}

void ssd_job_free(ssd_job *j) {
    if (!j)
        return;
    for (int d = 0; d < 2; d++) {
        ssd_hist_free(j->lat[d]);
        ssd_hist_free(j->iv_lat[d]);
    }
    ssd_hist_free(j->iv_all);
    if (j->log)
        fclose(j->log);
    free(j->samples);
    ssd__option_free(&job_options, j);
    free(j->target_uri);
    free(j);
}

SSD__ERRMSG_OF(job)

/* Refuses a time that needs more samples than a job keeps in memory. */
static int check_samples(ssd_job *j) {
    const struct ssd__workload *w = &j->w;
    if ((w->time_s + w->warmup_s) / w->interval_s > SSD__MAX_SAMPLES)
        return ssd__fail(j->err, SSD_ERANGE,
                         "time %g s at interval %g s is %.0f samples, more than the %d kept in "
                         "memory: use a longer interval",
                         w->time_s, w->interval_s, ceil(w->time_s / w->interval_s),
                         SSD__MAX_SAMPLES);
    return 0;
}

/* The reference option holds the figures ssd_analysis_reference_json
 * writes: a JSON object with "post_cache_bps" and "has_cache", kept
 * compact (the metadata is one line). Anything else is refused, and the
 * option left unset. */
static int compact_reference(ssd_job *j) {
    struct ssd__jv v = {0};
    char msg[160] = "";
    int rc = ssd__jr_parse(j->reference, &v, msg, sizeof msg);
    char *text = NULL;
    if (rc == 0 && v.type == SSD__JOBJ && ssd__jv_get(&v, "post_cache_bps") &&
        ssd__jv_get(&v, "has_cache"))
        text = ssd__jv_json(&v);
    else if (rc != SSD_ENOMEM)
        rc = SSD_EINVAL;
    if (rc == 0 && !text)
        rc = SSD_ENOMEM;
    if (rc == 0 && strlen(text) > 2048) {
        rc = SSD_ERANGE;
        snprintf(msg, sizeof msg, "%zu bytes, more than 2048", strlen(text));
    }
    if (rc == SSD_EINVAL && v.type == SSD__JOBJ)
        snprintf(msg, sizeof msg, "no \"post_cache_bps\" and \"has_cache\"");
    else if (rc == SSD_EINVAL && !msg[0])
        snprintf(msg, sizeof msg, "not a JSON object");
    ssd__jv_free(&v);
    free(j->reference);
    j->reference = rc ? NULL : text;
    if (rc) {
        free(text);
        return ssd__fail(j->err, rc,
                         "option reference: %s: expected the JSON object of "
                         "ssd_analysis_reference_json (the CLI and Python take the reference's "
                         "series log; a suite's analyze LOG reference=FRESH records it)",
                         rc == SSD_ENOMEM ? "out of memory" : msg);
    }
    return 0;
}

/* Whether the series log can be created, checked when it is named: a
 * program (the CLI, Python) opens a new file target after setting the
 * options, and laying it out may take minutes that a typo in the log's
 * directory must not cost. Nothing is truncated and no new file is left
 * behind; a device or FIFO is left to the run's checks. */
static int log_creatable(ssd_job *j) {
    struct stat st;
    int existed = stat(j->log_path, &st) == 0;
    if (existed && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
        return 0;
    int fd = open(j->log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
    if (fd < 0)
        return ssd__fail(j->err, -errno, "log %s: cannot create: %s", j->log_path, strerror(errno));
    close(fd);
    if (!existed)
        unlink(j->log_path);
    return 0;
}

int ssd_job_set_option(ssd_job *j, const char *key, const char *value) {
    if (!j)
        return SSD_EINVAL;
    j->err[0] = '\0';
    if (key && value && j->ran)
        return ssd__fail(j->err, SSD_ESTATE, "option %s: the job already ran", key);
    int i = ssd__option_set(&job_options, j, key, value, j->err);
    if (i < 0)
        return i;
    if (i == OPT_reference && j->reference) {
        int rc = compact_reference(j);
        if (rc)
            return rc;
    }
    int rc = i == OPT_log && j->log_path ? log_creatable(j) : 0;
    if (rc)
        return rc;
    j->time_set |= i == OPT_time;
    j->interval_set |= i == OPT_interval;
    j->bytes_set |= i == OPT_bytes;
    if (i == OPT_written_before)
        j->written_before_set = value != NULL;
    if (i == OPT_idle_before)
        j->idle_before_set = value != NULL;
    if (i == OPT_written_since_idle)
        j->since_idle_set = value != NULL;
    /* Checked here once both are given (a new file target is laid out
     * before the run), and again before the run. */
    return (i == OPT_time || i == OPT_interval) && j->time_set && j->interval_set ? check_samples(j)
                                                                                  : 0;
}

int ssd_job_set_progress(ssd_job *j, ssd_progress_fn fn, void *user, double min_period_s) {
    if (!j || !(min_period_s >= 0 && min_period_s <= 1e9))
        return SSD_EINVAL;
    j->progress = fn;
    j->progress_user = user;
    j->progress_period_s = min_period_s;
    return 0;
}

/* Checks the workload against the open target and completes the defaults. */
static int check_workload(ssd_job *j) {
    ssd_target *t = j->t;
    struct ssd__workload *w = &j->w;
    if (!t->is_open)
        return ssd__fail(j->err, SSD_ESTATE, "the target is not open");
    const char *uri = t->uri;
    unsigned lbs = t->block_size ? t->block_size : 512;
    /* A sim: target models a device opened with O_DIRECT: it refuses what a
     * real one would, so a workload checked on sim runs on the drive too. */
    int is_sim = t->fd < 0 && t->ops && strcmp(t->ops->kind, "sim") == 0;
    int direct = is_sim || (t->fd >= 0 && !t->opt_buffered);
    if (direct && w->block_size % lbs)
        return ssd__fail(j->err, SSD_EALIGN,
                         "%s: block size %u is not a multiple of the target's %u-byte logical "
                         "block, which O_DIRECT needs (use a multiple, or buffered I/O)",
                         uri, w->block_size, lbs);
    if (direct && w->offset % lbs)
        return ssd__fail(j->err, SSD_EALIGN,
                         "%s: offset %llu is not a multiple of the target's %u-byte logical block",
                         uri, (unsigned long long)w->offset, lbs);
    if (w->offset >= t->size) {
        char off[SSD__NUM_BUF], sz[SSD__NUM_BUF];
        return ssd__fail(j->err, SSD_ERANGE,
                         "%s: offset %s (%llu bytes) is beyond the target's %s (%llu bytes)", uri,
                         ssd__fmt_size(off, (double)w->offset), (unsigned long long)w->offset,
                         ssd__fmt_size(sz, (double)t->size), (unsigned long long)t->size);
    }
    uint64_t room = t->size - w->offset;
    if (w->span > room) {
        char sp[SSD__NUM_BUF], off[SSD__NUM_BUF], sz[SSD__NUM_BUF];
        return ssd__fail(j->err, SSD_ERANGE,
                         "%s: span %s (%llu bytes) at offset %s is larger than the target (%s, "
                         "%llu bytes)",
                         uri, ssd__fmt_size(sp, (double)w->span), (unsigned long long)w->span,
                         ssd__fmt_size(off, (double)w->offset), ssd__fmt_size(sz, (double)t->size),
                         (unsigned long long)t->size);
    }
    uint64_t span = w->span ? w->span : room;
    if (span < w->block_size)
        return ssd__fail(j->err, SSD_ERANGE,
                         "%s: the test area (%llu bytes) is smaller than one %u-byte block", uri,
                         (unsigned long long)span, w->block_size);
    w->span = span - span % w->block_size;
    /* One rule for every target, fio's for io_size: a byte budget is a
     * whole number of I/Os, rounded up (the job ends with the I/O that
     * reaches it). The workload in the results shows the budget that ran. */
    if (w->submit_batch > w->queue_depth)
        return ssd__fail(j->err, SSD_EINVAL,
                         "option submit_batch: %u is more than the queue depth (%u): a batch "
                         "is made of I/Os in flight",
                         w->submit_batch, w->queue_depth);
    if (w->max_bytes % w->block_size)
        w->max_bytes += w->block_size - w->max_bytes % w->block_size;
    if (ssd__pattern_writes(w->pattern) && t->write_refused[0])
        return ssd__fail(j->err, SSD_EUNSAFE, "pattern %s writes, but %s %s",
                         pattern_names[w->pattern], uri, t->write_refused);
    if (ssd__pattern_writes(w->pattern) && t->opt_read_only)
        return ssd__fail(j->err, SSD_EUNSAFE,
                         "%s: pattern %s writes, but the target is opened read-only", uri,
                         pattern_names[w->pattern]);
    if (w->pattern == SSD__PAT_READ || w->pattern == SSD__PAT_RANDREAD)
        w->read_pct = 100;
    else if (w->pattern == SSD__PAT_WRITE || w->pattern == SSD__PAT_RANDWRITE)
        w->read_pct = 0;
    if (!j->time_set && !j->bytes_set && !w->full_coverage && !j->src)
        w->time_s = 10;
    if (w->time_s == 0 && !j->src && w->max_bytes == 0 && !w->full_coverage)
        return ssd__fail(j->err, SSD_EINVAL,
                         "the job has no end: give a time, a byte count or coverage");
    /* A warm-up is a time before the measured time: with a byte budget or a
     * coverage pass there is no measured time to put it before. */
    if (w->warmup_s > 0 && (!j->time_set || w->time_s == 0 || w->max_bytes || w->full_coverage))
        return ssd__fail(j->err, SSD_EINVAL,
                         "option warmup: needs a time to measure after it (time=), and no "
                         "bytes or coverage");
    /* A reference of another drive (its figures record the capacity its
     * log had) would be recorded and read as this drive's: refused, as
     * ssd_analysis_run refuses that log (round 26's audit). */
    if (j->reference && t->size > 0) {
        struct ssd__jv v = {0};
        char msg[64];
        double cap = NAN;
        if (!ssd__jr_parse(j->reference, &v, msg, sizeof msg))
            cap = ssd__jv_num(&v, "capacity_bytes", NAN);
        ssd__jv_free(&v);
        if (cap > 0 && fabs(cap - (double)t->size) > 0.01 * (double)t->size)
            return ssd__fail(j->err, SSD_EINVAL,
                             "option reference: it is another drive's log: its capacity is %.0f "
                             "bytes (%.1f GB), the target's %llu bytes (%.1f GB); a reference "
                             "is a log of the same drive",
                             cap, cap / 1e9, (unsigned long long)t->size, (double)t->size / 1e9);
    }
    return check_samples(j);
}

/* ---- sampling ---------------------------------------------------------- */

/* A series CSV cut off by a full disk used to leave the job "error": null
 * with thousands of rows missing and a torn last line: the job now stops
 * with the error, and the file is renamed LOG.partial when it is closed. */
static int log_write_failed(ssd_job *j, int e) {
    if (!e)
        e = EIO;
    j->log_failed = 1;
    return ssd__fail(j->err, -e,
                     "log %s: write failed after %zu rows: %s; the rows written are kept in "
                     "%s.partial",
                     j->log_path, j->log_rows, strerror(e), j->log_path);
}

/* Whether the temperature held within SSD__TEMP_STEADY_C over the last
 * temp_steady seconds (every reading known): then the job stops, as a
 * thermal test runs until the drive's temperature settles. Judged at most
 * once per second of the run, so short intervals cost no more. */
static void check_temp_steady(ssd_job *j) {
    size_t n = j->nsamples;
    double now = j->samples[n - 1].t_s, prev = n > 1 ? j->samples[n - 2].t_s : 0;
    if (now < j->temp_steady_s || (n > 1 && floor(now) == floor(prev)))
        return;
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = n; i-- > 0;) {
        const ssd_sample *s = &j->samples[i];
        if (!isfinite(s->temp_c))
            return;
        lo = fmin(lo, s->temp_c);
        hi = fmax(hi, s->temp_c);
        if (hi - lo > SSD__TEMP_STEADY_C)
            return;
        double began = i ? j->samples[i - 1].t_s : 0;
        if (began <= now - j->temp_steady_s + 1e-9)
            break;
    }
    j->temp_stop = 1;
    j->temp_steady_at_s = now;
}

/* The series log's columns: all of a job's, temp_c when a source exists. */
static int series_columns(const ssd_job *j) {
    return SSD__SERIES_LAT | (j->temp.kind != SSD__TEMP_NONE ? SSD__SERIES_TEMP : 0);
}

static int add_sample(ssd_job *j, double t_s, const uint64_t bytes[2], const uint64_t ops[2],
                      double temp_c) {
    /* A timed job within the limit may end on one more, short interval
     * (a late sampler, a rounding of time / interval): a little slack. */
    if (j->nsamples >= SSD__MAX_SAMPLES + 8)
        return ssd__fail(j->err, SSD_ERANGE,
                         "the job reached %d samples after %.0f s, the most kept in memory: use a "
                         "longer interval",
                         SSD__MAX_SAMPLES, t_s);
    if (ssd__grow(&j->samples, j->nsamples, &j->cap_samples, sizeof *j->samples, 256))
        return ssd__fail(j->err, SSD_ENOMEM, "no memory for %zu samples",
                         j->cap_samples ? 2 * j->cap_samples : 256);
    ssd_sample *s = &j->samples[j->nsamples++];
    memset(s, 0, sizeof *s);
    s->size = sizeof *s;
    s->t_s = t_s;
    s->temp_c = temp_c;
    for (int d = 0; d < 2; d++) {
        s->bytes[d] = bytes[d];
        s->ops[d] = ops[d];
    }
    /* An interval that began inside the warm-up is logged, not measured. */
    double began = j->nsamples > 1 ? j->samples[j->nsamples - 2].t_s : 0;
    int measured = !(j->w.warmup_s > 0) || began >= j->w.warmup_s - 1e-9;
    if (!measured)
        j->measured_from_s = t_s;
    for (int d = 0; d < 2; d++) {
        if (ssd_hist_count(j->iv_lat[d])) {
            s->dir_lat_mean_us[d] = ssd_hist_mean(j->iv_lat[d]) / 1e3;
            s->dir_lat_p99_us[d] = (double)ssd_hist_percentile(j->iv_lat[d], 99) / 1e3;
            s->dir_lat_max_us[d] = (double)ssd_hist_max(j->iv_lat[d]) / 1e3;
        }
    }
    /* Both directions' latencies: when one had none, the other's figures
     * (the same counts in the same buckets). Merging into iv_all zeroed and
     * added the whole kept range and scanned it again for the p99: about a
     * quarter of a write-only job on a sim: target. */
    int only = !ssd_hist_count(j->iv_lat[0]) ? 1 : !ssd_hist_count(j->iv_lat[1]) ? 0 : -1;
    if (only >= 0) {
        s->lat_mean_us = s->dir_lat_mean_us[only];
        s->lat_p99_us = s->dir_lat_p99_us[only];
        s->lat_max_us = s->dir_lat_max_us[only];
    } else {
        ssd_hist_reset(j->iv_all);
        ssd_hist_merge(j->iv_all, j->iv_lat[0]);
        ssd_hist_merge(j->iv_all, j->iv_lat[1]);
        s->lat_mean_us = ssd_hist_mean(j->iv_all) / 1e3;
        s->lat_p99_us = (double)ssd_hist_percentile(j->iv_all, 99) / 1e3;
        s->lat_max_us = (double)ssd_hist_max(j->iv_all) / 1e3;
    }
    for (int d = 0; d < 2; d++) {
        if (measured) {
            ssd_hist_merge(j->lat[d], j->iv_lat[d]);
            j->bytes[d] += bytes[d];
            j->ios[d] += ops[d];
        }
        ssd_hist_reset(j->iv_lat[d]);
    }
    if (j->temp_steady_s > 0 && !j->temp_stop)
        check_temp_steady(j);
    if (j->log) {
        ssd__series_put_row(j->log, s, series_columns(j));
        if (fflush(j->log) || ferror(j->log))
            return log_write_failed(j, errno);
        j->log_rows++;
    }
    return 0;
}

/* The bytes of the drive the job's writes address (DESIGN.md's analysis
 * context): its test area (offset, span; the rest of the target by
 * default), complete once check_workload ran; 0 (unknown) for a replay,
 * whose trace picks its offsets. */
static uint64_t job_span(const ssd_job *j) {
    return j->src ? 0 : j->w.span;
}

/* The series metadata line: a source's (a replay) names its pattern and
 * leaves the workload out, as its log always did. */
static int job_metadata(const ssd_job *j, enum ssd__jw_style style, char **out) {
    struct ssd__job_context ctx = {j->target_size,       j->written_before, j->precondition,
                                   j->temp.source,       j->reference,      j->idle_before_set,
                                   j->idle_before_s,     job_span(j),       j->since_idle_set,
                                   j->written_since_idle};
    if (j->src && j->src->log_pattern)
        return ssd__series_metadata_json(j->target_uri, &ctx, NULL, j->src->log_pattern,
                                         j->w.interval_s, j->engine, style, out);
    return ssd__job_metadata_json(j->target_uri, &ctx, &j->w, j->engine, style, out);
}

static int open_log(ssd_job *j) {
    if (!j->log_path)
        return 0;
    /* fopen truncates: never the file under test, a device, or a file
     * ssdcore did not write unless destroy_data says so. A FIFO is a
     * stream the user opened (--log >(tail -f)), and is written. */
    struct ssd__file_id target;
    int have_target = ssd__file_id_of_fd(&target, j->t->fd, "the target itself") == 0;
    int rc = ssd__output_check("log", j->log_path, &target, have_target, "# ssdcore-series 1",
                               SSD__OUT_IN_PLACE | SSD__OUT_DESTROY_DATA_LIFTS |
                                   (j->t->opt_destroy_data ? SSD__OUT_USER_SAYS_SO : 0),
                               j->err);
    if (rc)
        return rc;
    j->log = fopen(j->log_path, "we");
    if (!j->log)
        return ssd__fail(j->err, -errno, "log %s: cannot create: %s", j->log_path, strerror(errno));
    char *meta = NULL;
    if ((rc = job_metadata(j, SSD__JW_COMPACT, &meta)))
        return ssd__fail(j->err, rc, "log %s: no memory for the metadata", j->log_path);
    ssd__series_put_head(j->log, meta, series_columns(j));
    free(meta);
    if (fflush(j->log) || ferror(j->log))
        return log_write_failed(j, errno);
    return 0;
}

/* The series CSV is a live log (flushed every interval, one whole line per
 * write, so a kill leaves whole rows and the results say how many count).
 * A log that could not be written whole is renamed LOG.partial: never a
 * partial file under the name the user asked for. Returns rc, or the log's
 * own error when rc was 0. */
static int close_log(ssd_job *j, int rc) {
    if (!j->log)
        return rc;
    if (fclose(j->log) && !j->log_failed) {
        int lrc = log_write_failed(j, errno);
        if (!rc)
            rc = lrc;
    }
    j->log = NULL;
    if (j->log_failed) {
        size_t n = strlen(j->log_path) + sizeof ".partial";
        char *partial = malloc(n);
        if (partial) {
            snprintf(partial, n, "%s.partial", j->log_path);
            if (rename(j->log_path, partial) < 0) {
                (void)unlink(j->log_path); /* never left looking complete */
                free(partial);
            } else {
                free(j->log_path); /* the results name the file that exists */
                j->log_path = partial;
            }
        } else {
            (void)unlink(j->log_path);
        }
    }
    return rc;
}

/* Calls the progress callback after a sample, unless the last call was less
 * than the period ago on the wall clock (`now`, seconds): a person watches it
 * and Ctrl-C in a binding reaches the job through it, both in real time. A
 * virtual run passes the monotonic clock, not its own elapsed time, which
 * runs thousands of times faster (every 1 s sample of a 2-hour sim: job was
 * a call, 7,200 in a fraction of a second); a real run's elapsed time is the
 * wall clock's. The callback still sees the job's own elapsed time. */
static int report_progress(ssd_job *j, double elapsed, double now, double *last_report) {
    if (!j->progress || now - *last_report < j->progress_period_s || !j->nsamples)
        return 0;
    *last_report = now;
    const ssd_sample *s = &j->samples[j->nsamples - 1];
    double dt = s->t_s - (j->nsamples > 1 ? j->samples[j->nsamples - 2].t_s : 0);
    ssd_progress p = {
        .size = sizeof p,
        .elapsed_s = elapsed,
        .time_s = j->w.time_s,
        .bytes = j->bytes[0] + j->bytes[1],
        .ios = j->ios[0] + j->ios[1],
        .max_bytes = j->w.max_bytes,
        .bw_bps = dt > 0 ? (double)(s->bytes[0] + s->bytes[1]) / dt : 0,
        .iops = dt > 0 ? (double)(s->ops[0] + s->ops[1]) / dt : 0,
    };
    return j->progress(j->progress_user, &p);
}

/* ---- virtual time ------------------------------------------------------ */

static int run_virtual(ssd_job *j, unsigned gen) {
    ssd_target *t = j->t;
    j->engine = "virtual";
    int rc = t->ops->job_begin ? t->ops->job_begin(t, &j->w) : 0;
    if (rc < 0)
        return ssd__fail(j->err, rc, "%s", t->err[0] ? t->err : "the target refused the job");
    double elapsed = 0, last_report = -1e9;
    const struct ssd__workload *w = &j->w;
    for (;;) {
        double dt = w->interval_s;
        if (w->time_s > 0) {
            double left = w->time_s + w->warmup_s - elapsed;
            if (left <= 1e-9)
                break;
            if (left < dt)
                dt = left;
        }
        uint64_t done = j->bytes[0] + j->bytes[1], budget = 0;
        if (w->full_coverage && done >= w->span)
            break; /* a pass that ended exactly on an interval boundary */
        if (w->max_bytes) {
            if (done >= w->max_bytes)
                break;
            budget = w->max_bytes - done;
        }
        /* A coverage pass ends where the span does, not at the next
         * interval boundary (a whole-drive fill must not write more than
         * the drive). */
        if (w->full_coverage && (!budget || w->span - done < budget))
            budget = w->span - done;
        struct ssd__interval iv;
        memset(&iv, 0, sizeof iv);
        double el = 0;
        rc = t->ops->run_virtual(t, dt, budget, &iv, j->iv_lat, &el);
        if (rc < 0)
            return ssd__fail(j->err, rc, "%s", t->err[0] ? t->err : "the simulated run failed");
        if (!(el >= 0) || el > dt * (1 + 1e-9))
            return ssd__fail(j->err, SSD_EINVAL,
                             "the target advanced virtual time by %g s for a %g s step", el, dt);
        elapsed += el;
        if ((rc = add_sample(j, elapsed, iv.bytes, iv.ops, ssd__temp_read(t, &j->temp))))
            return rc;
        j->runtime_s = elapsed;
        if (j->temp_stop)
            break; /* the temperature settled */
        if (el < dt * (1 - 1e-9))
            break; /* stopped early: coverage pass or byte budget done */
        if (ssd__interrupt_generation() != gen ||
            (j->progress && report_progress(j, elapsed, ssd__mono_s(), &last_report))) {
            j->interrupted = 1;
            break;
        }
    }
    return 0;
}

/* The samples of the interval boundaries up to t_s: the first with what
 * completed since the last one (iv), then empty ones (an idle). */
static int sample_until(ssd_job *j, double t_s, double *next, struct ssd__interval *iv) {
    for (; t_s >= *next; *next += j->w.interval_s) {
        int rc = add_sample(j, *next, iv->bytes, iv->ops, NAN);
        memset(iv, 0, sizeof *iv);
        if (rc)
            return rc;
    }
    return 0;
}

/* One run a virtual source handed over, begun and run as a job's workload
 * (as one job of that many bytes at a 1 h interval did); adds what
 * completed to iv and the time it took to *elapsed. */
static int run_one(ssd_job *j, struct ssd__workload *w, struct ssd__interval *iv, double *elapsed) {
    ssd_target *t = j->t;
    w->read_pct = ssd__pattern_reads(w->pattern) ? 100 : 0;
    int rc = t->ops->job_begin ? t->ops->job_begin(t, w) : 0;
    uint64_t done = 0;
    double took = 0;
    while (!rc && done < w->max_bytes) {
        uint64_t before = iv->bytes[0] + iv->bytes[1];
        double el = 0;
        rc = t->ops->run_virtual(t, 3600, w->max_bytes - done, iv, j->iv_lat, &el);
        done += iv->bytes[0] + iv->bytes[1] - before;
        took += el;
        if (el < 3600 * (1 - 1e-9))
            break;
    }
    if (rc < 0)
        return ssd__fail(j->err, rc, "sim: %s", t->err[0] ? t->err : "the simulated run failed");
    *elapsed += took;
    j->src->busy_s += took;
    return 0;
}

/* A source on a virtual-time target (a replay on sim:): its runs one after
 * the other, think time idling the target, the job's sampler counting what
 * completed in each interval of the shared virtual time. */
static int run_virtual_source(ssd_job *j, unsigned gen) {
    struct ssd__source *src = j->src;
    struct ssd__interval iv;
    memset(&iv, 0, sizeof iv);
    double elapsed = 0, next = j->w.interval_s;
    int rc = 0;
    while (!rc) {
        if (ssd__interrupt_generation() != gen) {
            j->interrupted = 1;
            break;
        }
        struct ssd__workload w = j->w;
        double until = 0;
        int what = src->next_run(src, elapsed, &w, &until, j->err);
        if (what < 0)
            rc = what;
        else if (what == SSD__SRC_WAIT && !(rc = sample_until(j, until, &next, &iv))) {
            if ((rc = ssd_target_idle(j->t, until - elapsed)) < 0)
                ssd__fail(j->err, rc, "sim idle: %s", ssd_target_errmsg(j->t));
            elapsed = until;
        } else if (what == SSD__SRC_IO && !(rc = run_one(j, &w, &iv, &elapsed))) {
            rc = sample_until(j, elapsed, &next, &iv);
        } else if (what == SSD__SRC_STOP) {
            break;
        }
        j->runtime_s = elapsed;
    }
    if (!rc && (iv.ops[0] || iv.ops[1]))
        rc = add_sample(j, elapsed, iv.bytes, iv.ops, NAN);
    return rc;
}

/* ---- real targets: workers and the sampler ----------------------------- */

static _Atomic uint64_t data_nonce;

int ssd__worker_io_failed(struct ssd__worker *w, const struct ssd__slot *s, long res) {
    const char *what = s->is_write ? "write" : "read";
    if (w->err) /* keep the first failure */
        return w->err;
    if (res >= 0 && res != (long)s->len) {
        w->err = SSD_EIO;
        snprintf(w->errmsg, sizeof w->errmsg, "%s of %u bytes at offset %llu was short (%ld bytes)",
                 what, s->len, (unsigned long long)s->offset, res);
    } else if (res >= 0) {
        w->err = SSD_EIO;
        snprintf(w->errmsg, sizeof w->errmsg,
                 "%s of %u bytes at offset %llu failed: injected I/O error (fail_io=%llu)", what,
                 s->len, (unsigned long long)s->offset, (unsigned long long)w->fail_at);
    } else {
        w->err = (int)res;
        snprintf(w->errmsg, sizeof w->errmsg, "%s of %u bytes at offset %llu failed: %s", what,
                 s->len, (unsigned long long)s->offset, strerror((int)-res));
    }
    atomic_store(&w->rt->stop, 1);
    return w->err;
}

void ssd__throttle_sleep(const struct ssd__worker *w, uint64_t now_ns) {
    double due_s = (double)(w->issued_bytes + w->bs) / w->rate_bps;
    uint64_t due_ns = w->rt->start_ns + (uint64_t)(due_s * 1e9);
    uint64_t wait = due_ns > now_ns ? due_ns - now_ns : 0;
    if (wait > 10000000)
        wait = 10000000;
    struct timespec ts = {0, (long)wait};
    nanosleep(&ts, NULL);
}

void ssd__sleep_until(uint64_t until_ns) {
    uint64_t now = ssd__mono_ns();
    uint64_t wait = until_ns > now ? until_ns - now : 0;
    struct timespec ts = {0, (long)(wait > 10000000 ? 10000000 : wait)};
    nanosleep(&ts, NULL);
}

static void *worker_main(void *arg) {
    struct ssd__worker *w = arg;
    const struct ssd__engine_ops *eng = w->rt->engine;
    int rc = eng->run(w);
    if (rc < 0 && !w->err) {
        w->err = rc;
        snprintf(w->errmsg, sizeof w->errmsg, "%s engine failed: %s", eng->name, ssd_strerror(rc));
    }
    pthread_mutex_lock(&w->rt->lock);
    atomic_store_explicit(&w->done, 1, memory_order_release);
    atomic_fetch_add(&w->rt->ndone, 1);
    pthread_cond_signal(&w->rt->cond);
    pthread_mutex_unlock(&w->rt->lock);
    return NULL;
}

static void free_workers(struct ssd__worker *ws, unsigned n) {
    if (!ws)
        return;
    for (unsigned i = 0; i < n; i++) {
        free(ws[i].bufs);
        free(ws[i].slots);
        for (int b = 0; b < 2; b++)
            for (int d = 0; d < 2; d++)
                ssd_hist_free(ws[i].iv[b].lat[d]);
    }
    free(ws);
}

/* Moves a worker's interval buffer into the job's interval scratch. */
static void drain_buf(ssd_job *j, struct ssd__ivbuf *b, uint64_t bytes[2], uint64_t ops[2]) {
    for (int d = 0; d < 2; d++) {
        bytes[d] += b->bytes[d];
        ops[d] += b->ops[d];
        b->bytes[d] = b->ops[d] = 0;
        if (ssd_hist_count(b->lat[d])) {
            ssd_hist_merge(j->iv_lat[d], b->lat[d]);
            ssd_hist_reset(b->lat[d]);
        }
    }
}

/* Ends the current interval: flips the epoch, waits until every live
 * worker moved to the other buffer, and collects the one they left. */
static int collect(ssd_job *j, struct ssd__jobrt *rt, struct ssd__worker *ws, unsigned nw,
                   double t_s) {
    unsigned e = atomic_fetch_add_explicit(&rt->epoch, 1, memory_order_acq_rel) + 1;
    uint64_t bytes[2] = {0, 0}, ops[2] = {0, 0};
    for (unsigned i = 0; i < nw; i++) {
        struct ssd__worker *w = &ws[i];
        for (;;) {
            if (atomic_load_explicit(&w->done, memory_order_acquire)) {
                drain_buf(j, &w->iv[0], bytes, ops);
                drain_buf(j, &w->iv[1], bytes, ops);
                break;
            }
            if (atomic_load_explicit(&w->ack, memory_order_acquire) == e) {
                drain_buf(j, &w->iv[(e - 1) & 1], bytes, ops);
                break;
            }
            struct timespec ts = {0, 20000};
            nanosleep(&ts, NULL);
        }
    }
    return add_sample(j, t_s, bytes, ops, ssd__temp_read(j->t, &j->temp));
}

/* The engine the job runs on (io_uring unless psync was asked for or
 * io_uring is unavailable) and the queue depth that engine can keep. */
static int pick_engine(ssd_job *j, struct ssd__jobrt *rt, unsigned *qd) {
    char why[200] = "";
    if (j->engine_choice == ENGINE_PSYNC) {
        rt->engine = &ssd__engine_psync;
    } else if (ssd__uring_probe(why, sizeof why) == 0) {
        rt->engine = &ssd__engine_uring;
    } else if (j->engine_choice == ENGINE_URING) {
        return ssd__fail(j->err, SSD_EUNSUPPORTED, "engine io_uring: %s", why);
    } else {
        rt->engine = &ssd__engine_psync;
        snprintf(j->engine_note, sizeof j->engine_note,
                 "%s; fell back to psync, which runs one I/O at a time per thread", why);
    }
    *qd = j->w.queue_depth;
    if (rt->engine == &ssd__engine_psync && *qd > 1) {
        if (j->engine_choice == ENGINE_PSYNC)
            return ssd__fail(j->err, SSD_EINVAL,
                             "engine psync runs one I/O at a time: queue depth %u needs io_uring "
                             "(or use threads)",
                             *qd);
        *qd = 1;
    }
    j->engine = rt->engine->name;
    j->qd_run = *qd;
    return 0;
}

/* Worker i's generators, I/O buffers, slots and interval histograms;
 * whatever it got is freed by free_workers, even on failure. */
static int init_worker(ssd_job *j, struct ssd__jobrt *rt, struct ssd__worker *k, unsigned i,
                       unsigned qd, uint64_t buf_bytes) {
    const struct ssd__workload *w = &j->w;
    k->rt = rt;
    k->fd = j->t->fd;
    k->qd = qd;
    k->bs = w->block_size;
    k->fail_at = i == 0 ? j->fail_io : 0;
    k->rate_bps = (double)w->rate_bps / w->threads;
    k->cur = &k->iv[0];
    /* Threads of a sequential pattern start spread over the area, so
     * they do not read each other's blocks from a cache. */
    k->seq_next = rt->nblocks * i / w->threads;
    ssd__rng_seed(&k->rng, w->seed * 0x9e3779b97f4a7c15ULL + i);
    /* Data must differ between runs too, or a deduplicating controller
     * would recognise a fill's blocks in the next test's writes. */
    ssd__rng_seed(&k->data, ssd__mono_ns() ^ ((uint64_t)atomic_fetch_add(&data_nonce, 1) << 40) ^
                                ((uint64_t)i << 32) ^ w->seed);
    void *p = NULL;
    if (posix_memalign(&p, 4096, (size_t)buf_bytes))
        return ssd__fail(j->err, SSD_ENOMEM, "no memory for %llu bytes of I/O buffers",
                         (unsigned long long)buf_bytes);
    k->bufs = p;
    ssd__rng_fill(&k->data, k->bufs, (size_t)buf_bytes);
    k->slots = calloc(1, SSD__SLOTS_BYTES(qd));
    if (!k->slots)
        return ssd__fail(j->err, SSD_ENOMEM, "no memory for %u I/O slots", qd);
    for (int b = 0; b < 2; b++)
        for (int d = 0; d < 2; d++)
            if (ssd_hist_create(&k->iv[b].lat[d]))
                return ssd__fail(j->err, SSD_ENOMEM, "%s: no memory for latency histograms",
                                 j->target_uri);
    return 0;
}

/* The sampling loop of the controlling thread: sleeps to each interval
 * boundary and collects a sample there, until the time limit, the last
 * worker finishing, an interrupt or an error. */
static int sample_intervals(ssd_job *j, struct ssd__jobrt *rt, struct ssd__worker *ws,
                            unsigned started, unsigned gen) {
    const struct ssd__workload *w = &j->w;
    uint64_t interval_ns = (uint64_t)(w->interval_s * 1e9);
    uint64_t deadline =
        w->time_s > 0 ? rt->start_ns + (uint64_t)((w->time_s + w->warmup_s) * 1e9) : UINT64_MAX;
    uint64_t boundary = rt->start_ns + interval_ns;
    double last_report = -1e9;
    for (;;) {
        uint64_t target = boundary < deadline ? boundary : deadline;
        uint64_t now = ssd__mono_ns();
        int all_done = 0;
        pthread_mutex_lock(&rt->lock);
        while (now < target) {
            if (atomic_load(&rt->ndone) == started) {
                all_done = 1;
                break;
            }
            if (ssd__interrupt_generation() != gen)
                break;
            /* Wake every 50 ms to notice ssd_interrupt() from a handler. */
            uint64_t until = target - now > 50000000 ? now + 50000000 : target;
            struct timespec ts = {(time_t)(until / 1000000000ULL), (long)(until % 1000000000ULL)};
            pthread_cond_timedwait(&rt->cond, &rt->lock, &ts);
            now = ssd__mono_ns();
        }
        if (atomic_load(&rt->ndone) == started)
            all_done = 1;
        pthread_mutex_unlock(&rt->lock);
        if (ssd__interrupt_generation() != gen) {
            j->interrupted = 1;
            return 0;
        }
        if (all_done || now >= deadline)
            return 0;
        if (now >= boundary) {
            int rc = collect(j, rt, ws, started, (double)(boundary - rt->start_ns) * 1e-9);
            if (rc)
                return rc;
            if (j->temp_stop)
                return 0; /* the temperature settled */
            boundary += interval_ns;
            double el = (double)(now - rt->start_ns) * 1e-9;
            if (report_progress(j, el, el, &last_report)) {
                j->interrupted = 1;
                return 0;
            }
        }
    }
}

static int run_real(ssd_job *j, unsigned gen) {
    struct ssd__workload *w = &j->w;
    struct ssd__jobrt rt;
    memset(&rt, 0, sizeof rt);
    rt.w = *w;
    rt.read_only_pattern = !ssd__pattern_writes(w->pattern);
    rt.write_only_pattern = !ssd__pattern_reads(w->pattern);
    rt.random = ssd__pattern_random(w->pattern);
    rt.nblocks = w->span / w->block_size;
    rt.stamp = j->stamp;
    rt.src = j->src;
    ssd__perm_init(&rt.perm, rt.nblocks, w->seed ^ 0x7065726dULL);

    unsigned qd = 0;
    int rc = pick_engine(j, &rt, &qd);
    if (rc)
        return rc;
    uint64_t buf_bytes = (uint64_t)SSD__BUFS(qd) * w->block_size;
    if (buf_bytes * w->threads > (4ULL << 30))
        return ssd__fail(j->err, SSD_ERANGE,
                         "queue depth %u (+1 spare) x block size %u x %u threads needs %llu MiB "
                         "of buffers (limit 4096 MiB)",
                         qd, w->block_size, w->threads,
                         (unsigned long long)(buf_bytes * w->threads >> 20));

    struct ssd__worker *ws = calloc(w->threads, sizeof *ws);
    if (!ws)
        return ssd__fail(j->err, SSD_ENOMEM, "no memory for %u workers", w->threads);
    int sync_ready = 0;
    for (unsigned i = 0; i < w->threads; i++)
        if ((rc = init_worker(j, &rt, &ws[i], i, qd, buf_bytes)))
            goto out;
    if ((rc = open_log(j)))
        goto out;

    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&rt.cond, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_init(&rt.lock, NULL);
    sync_ready = 1;

    rt.start_ns = ssd__mono_ns();
    unsigned started = 0;
    for (; started < w->threads; started++) {
        int e = pthread_create(&ws[started].thread, NULL, worker_main, &ws[started]);
        if (e) {
            rc = ssd__fail(j->err, -e, "cannot start worker thread %u: %s", started, strerror(e));
            break;
        }
    }
    if (!rc)
        rc = sample_intervals(j, &rt, ws, started, gen);
    atomic_store(&rt.stop, 1);
    for (unsigned i = 0; i < started; i++)
        pthread_join(ws[i].thread, NULL);
    j->runtime_s = (double)(ssd__mono_ns() - rt.start_ns) * 1e-9;
    /* The last (possibly short) interval; every worker is done. */
    double t_end = j->runtime_s;
    if (j->nsamples && t_end <= j->samples[j->nsamples - 1].t_s)
        t_end = j->samples[j->nsamples - 1].t_s + 1e-3;
    int rc2 = collect(j, &rt, ws, started, t_end);
    if (!rc)
        rc = rc2;
    for (unsigned i = 0; i < started && !rc; i++)
        if (ws[i].err)
            rc = ssd__fail(j->err, ws[i].err, "%s: %s", j->t->uri, ws[i].errmsg);
    for (unsigned i = 0; i < started && j->src; i++)
        j->src->busy_ns += ws[i].busy_ns;
out:
    if (sync_ready) {
        pthread_cond_destroy(&rt.cond);
        pthread_mutex_destroy(&rt.lock);
    }
    free_workers(ws, w->threads);
    return rc;
}

int ssd_job_run(ssd_job *j) {
    j->err[0] = '\0';
    if (j->ran)
        return ssd__fail(j->err, SSD_ESTATE, "the job already ran");
    unsigned gen = ssd__interrupt_generation();
    int rc = check_workload(j);
    if (rc)
        return rc;
    j->ran = 1;
    ssd_target *t = j->t;
    j->target_uri = strdup(t->uri);
    j->target_kind = t->ops->kind;
    j->target_size = t->size;
    j->target_block = t->block_size;
    j->target_buffered = t->opt_buffered;
    if (!j->target_uri)
        return ssd__fail(j->err, SSD_ENOMEM, "%s: no memory to start the job", t->uri);
    for (int d = 0; d < 2; d++)
        if (ssd_hist_create(&j->lat[d]) || ssd_hist_create(&j->iv_lat[d]))
            return ssd__fail(j->err, SSD_ENOMEM, "%s: no memory for latency histograms", t->uri);
    if (ssd_hist_create(&j->iv_all))
        return ssd__fail(j->err, SSD_ENOMEM, "%s: no memory for latency histograms", t->uri);
    /* What the target knows of the drive's past (a precondition, a TRIM,
     * the writes of earlier jobs on it) is this run's context unless the
     * caller gave it. */
    uint64_t wb = 0;
    int pre = -1;
    if (ssd__target_context(t, &wb, &pre)) {
        if (!j->written_before_set)
            j->written_before = wb;
        if (j->precondition < 0)
            j->precondition = pre;
    }
    /* Likewise the idle time since the last write through t (a run right
     * after a precondition, as a suite records it). */
    double idle = 0;
    if (!j->idle_before_set && ssd__target_idle_since_write(t, &idle)) {
        j->idle_before_set = 1;
        j->idle_before_s = idle;
    }
    /* And the bytes written since the drive last idled through t. */
    uint64_t since = 0;
    if (!j->since_idle_set && ssd__target_written_since_idle(t, &since)) {
        j->since_idle_set = 1;
        j->written_since_idle = since;
    }
    /* A source's log (a replay's) has no temp_c column, as it never had. */
    if (!j->src)
        ssd__temp_probe(t, &j->temp);
    if (t->ops->run_virtual) {
        j->engine = "virtual";
        rc = open_log(j);
        if (!rc)
            rc = j->src ? run_virtual_source(j, gen) : run_virtual(j, gen);
    } else {
        rc = run_real(j, gen);
    }
    rc = close_log(j, rc);
    j->run_rc = rc;
    /* Also an interrupted or failed run's writes happened (what the suite
     * counts: the measured write bytes of the job's results). */
    /* A sequential write over the whole target from its start, at least
     * its size (the suite's SSD__FILL_MIN_SHARE: a size given rounded),
     * fills it as a seq_fill precondition does: the next job on a drive
     * fresh or sequentially filled before it records seq_fill, as a
     * suite's does (issue 21's own fill.suite fills with such a job). */
    uint64_t wrote = j->bytes[SSD_DIR_WRITE];
    int whole = j->w.pattern == SSD__PAT_WRITE && j->w.offset == 0 &&
                j->w.span + j->w.block_size > t->size && (double)wrote >= 0.99 * (double)t->size;
    ssd__target_note_written(t, wrote, 0, whole ? SSD_PRECONDITION_SEQ_FILL : -1);
    if (!rc && j->interrupted)
        rc = ssd__fail(j->err, SSD_EINTERRUPTED, "interrupted after %.1f s", j->runtime_s);
    return rc;
}

const char *ssd__job_log_path(const ssd_job *j) {
    return j->log_path;
}

int ssd__job_run_source(ssd_job *j, struct ssd__source *src) {
    if (j->t->ops->run_virtual ? !src->next_run : !src->next)
        return ssd__fail(j->err, SSD_EUNSUPPORTED, "%s: a simulated target runs jobs, not I/Os",
                         j->t->uri);
    j->src = src;
    j->w.pattern = src->writes ? SSD__PAT_WRITE : SSD__PAT_READ;
    j->w.block_size = src->max_len;
    j->w.threads = 1;
    return ssd_job_run(j);
}

/* ---- results ----------------------------------------------------------- */

double ssd_job_runtime_s(const ssd_job *j) {
    return j->runtime_s - j->measured_from_s;
}

uint64_t ssd_job_bytes(const ssd_job *j, int dir) {
    return dir == SSD_DIR_ALL       ? j->bytes[0] + j->bytes[1]
           : (dir == 0 || dir == 1) ? j->bytes[dir]
                                    : 0;
}

uint64_t ssd_job_ios(const ssd_job *j, int dir) {
    return dir == SSD_DIR_ALL ? j->ios[0] + j->ios[1] : (dir == 0 || dir == 1) ? j->ios[dir] : 0;
}

const ssd_hist *ssd_job_latency(const ssd_job *j, int dir) {
    return (dir == 0 || dir == 1) ? j->lat[dir] : NULL;
}

const char *ssd_job_engine(const ssd_job *j) {
    return j->engine;
}

int ssd_job_interrupted(const ssd_job *j) {
    return j->interrupted;
}

const ssd_sample *ssd_job_samples(const ssd_job *j, size_t *n) {
    if (n)
        *n = j->nsamples;
    return j->samples;
}

/* What a job's JSON documents check first: ssd__jw_open's, then SSD_ESTATE
 * before ssd_job_run. */
static int open_ran(struct ssd__jw *w, const ssd_job *j, char **out, int flags) {
    int rc = ssd__jw_open(w, j, out, flags, j ? (char *)j->err : NULL);
    if (rc || j->ran)
        return rc;
    return ssd__fail((char *)j->err, SSD_ESTATE, "to_json: the job has not run");
}

int ssd_job_metadata_json(const ssd_job *j, int flags, char **out) {
    struct ssd__jw w;
    int rc = open_ran(&w, j, out, flags);
    return rc ? rc : job_metadata(j, w.style, out);
}

int ssd_job_to_json(const ssd_job *j, int flags, char **out) {
    struct ssd__jw w;
    int rc = open_ran(&w, j, out, flags);
    if (rc)
        return rc;
    struct ssd__job_summary s = {
        .target_uri = j->target_uri,
        .target_kind = j->target_kind,
        .target_size = j->target_size,
        .ctx = {j->target_size, j->written_before, j->precondition, j->temp.source, j->reference,
                j->idle_before_set, j->idle_before_s, job_span(j), j->since_idle_set,
                j->written_since_idle},
        .target_block = j->target_block,
        .buffered = j->target_buffered,
        .w = &j->w,
        .engine = j->engine,
        .engine_note = j->engine_note,
        .qd_run = j->qd_run ? j->qd_run : j->w.queue_depth,
        .log_path = j->log_path,
        .interrupted = j->interrupted,
        .error = j->run_rc && j->run_rc != SSD_EINTERRUPTED ? j->err : NULL,
        .runtime_s = j->runtime_s - j->measured_from_s, /* the measured time */
        .nsamples = j->nsamples,
        .temp_steady_s = j->temp_steady_s,
        .temp_steady_at_s = j->temp_stop ? j->temp_steady_at_s : NAN,
    };
    for (int d = 0; d < 2; d++) {
        s.bytes[d] = j->bytes[d];
        s.ios[d] = j->ios[d];
        s.lat[d] = j->lat[d];
    }
    return ssd__job_results_json(&s, w.style, out);
}
