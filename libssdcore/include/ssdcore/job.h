/*
 * ssdcore/job.h - one workload run against a target, sampled and summarised.
 *
 * A job drives a target with a workload (pattern, block size, queue depth,
 * threads...) until a time or byte budget is spent, records every I/O's
 * completion latency, samples bytes/ops/latency every interval (optionally
 * into a series CSV, the format DESIGN.md fixes), and summarises the run as
 * JSON. Real targets run through an I/O engine (io_uring, or psync when
 * io_uring is unavailable); simulated targets run in virtual time.
 *
 * Lifecycle: ssd_job_create, ssd_job_set_option..., ssd_job_run (once), the
 * result accessors, ssd_job_free. A job borrows its target: the target must
 * stay open while the job runs; after the run the job no longer touches it,
 * so the two may be freed in any order. Not thread-safe: one thread per job
 * (ssd_job_run itself starts the worker threads it needs).
 *
 * Example:
 *   ssd_target *t; ssd_job *j;
 *   ssd_target_create(&t);
 *   ssd_target_set_option(t, "size", "256m");
 *   ssd_target_open(t, "/mnt/ssd/test.bin");
 *   ssd_job_create(&j, t);
 *   ssd_job_set_option(j, "pattern", "randread");
 *   ssd_job_set_option(j, "time", "10s");
 *   if (ssd_job_run(j) < 0) fprintf(stderr, "%s\n", ssd_job_errmsg(j));
 *   char *json; ssd_job_to_json(j, 0, &json); puts(json); ssd_free(json);
 *   ssd_job_free(j); ssd_target_free(t);
 */
#ifndef SSDCORE_JOB_H
#define SSDCORE_JOB_H

#include "base.h"
#include "hist.h"
#include "series.h"
#include "target.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ssd_job ssd_job;

/* Directions, for the per-direction accessors. */
enum ssd_dir { SSD_DIR_READ = 0, SSD_DIR_WRITE = 1, SSD_DIR_ALL = 2 };

/* One sampling interval. t_s is the end of the interval in seconds since the
 * start (virtual seconds on simulated targets). lat_* cover both directions,
 * dir_lat_*[SSD_DIR_READ / SSD_DIR_WRITE] one each; a latency is 0 when the
 * interval completed no I/O of that kind. temp_c is the drive's temperature
 * at the interval's end (NaN when unknown: see "log"). */
typedef struct ssd_sample {
    size_t size; /* set by the library: sizeof this struct, the stride of
                    ssd_job_samples' array (base.h) */
    double t_s;
    uint64_t bytes[2]; /* [SSD_DIR_READ], [SSD_DIR_WRITE] */
    uint64_t ops[2];
    double lat_mean_us;
    double lat_p99_us;
    double lat_max_us;
    double dir_lat_mean_us[2];
    double dir_lat_p99_us[2];
    double dir_lat_max_us[2];
    double temp_c;
} ssd_sample;

/* What the progress callback sees. */
typedef struct ssd_progress {
    size_t size; /* set by the library: sizeof this struct (base.h) */
    double elapsed_s;
    double time_s;  /* the job's time budget; 0 = none */
    uint64_t bytes; /* completed so far, both directions */
    uint64_t ios;
    uint64_t max_bytes; /* the job's byte budget; 0 = none */
    double bw_bps;      /* over the last interval */
    double iops;        /* over the last interval */
} ssd_progress;

/* Called from the thread running ssd_job_run, at most about every
 * min_period_s of wall-clock time (see ssd_job_set_progress). Return 0 to go
 * on; non-zero stops the job as ssd_interrupt() would. */
typedef int (*ssd_progress_fn)(void *user, const ssd_progress *p);

/* Creates a job on target t (which must be open when the job runs).
 * Returns 0, SSD_EINVAL (NULL argument) or SSD_ENOMEM. */
SSD_API int ssd_job_create(ssd_job **out, ssd_target *t);

/* Whether a job of this pattern (NULL: the default, randread) on the target
 * `uri` should open it read-only: a read job without the licence to destroy
 * data, on a block device or an existing file it does not create or resize,
 * never writes, and reading needs no licence. The CLI and Python ask this
 * rather than decide; set the target's read_only option when it says 1.
 * Returns 1 or 0. */
SSD_API int ssd_job_opens_read_only(const char *uri, const char *pattern, int destroy_data,
                                    int sizes_file);

/* Frees j and its results; NULL is a no-op. */
SSD_API void ssd_job_free(ssd_job *j);

/*
 * Sets an option before ssd_job_run. Keys and values are strings; the keys,
 * their types, ranges, defaults and meaning are the table ssd_job_options()
 * returns (`ssdcore job --help` and docs/options.md show it), among them:
 *   "pattern" read | write | randread | randwrite | rw | randrw, "bs" "4k",
 *   "qd", "threads", "time" "30s" ("0" = no time limit), "bytes" "8g",
 *   "coverage" "1", "interval", "log" (the series CSV path, flushed every
 *   interval so an interrupted run keeps its samples; a log that cannot be
 *   created is refused when it is set, with the OS error).
 * "warmup" runs that long first, then "time" is measured: the figures
 * (bytes, IOPS, latency, runtime_s) cover only the intervals that began
 * after it; it needs a time and is refused with bytes or coverage. With
 * neither time nor bytes nor coverage, time is 10 s. "written_before" and
 * "precondition" are not used by the job: they are recorded in the series
 * metadata ("written_before_bytes", "precondition") for the analysis.
 * "temp_steady" stops the job once the drive's temperature has held within
 * 1 C that long; the results give "temp_steady_at_s" (null when it never
 * settled or cannot be read). When the temperature can be read
 * (ssd_target_health's temperature_c, else the disk's hwmon sensor) the
 * log has a temp_c column and its metadata names the "temp_source".
 * Returns 0, SSD_EINVAL / SSD_ERANGE (bad key or value; see
 * ssd_job_errmsg), -errno (a log that cannot be created) or SSD_ESTATE (the
 * job already ran).
 */
SSD_API int ssd_job_set_option(ssd_job *j, const char *key, const char *value);

/* The options ssd_job_set_option accepts, in a static array of *n entries
 * (ssdcore/base.h). Thread-safe. */
SSD_API const ssd_option_info *ssd_job_options(size_t *n);

/* Installs a progress callback (NULL removes it), called after the first
 * sample, then at most once per min_period_s of wall-clock time (and at most
 * once per sampling interval; 0: after every sample). A sim: target's job
 * runs in virtual time, far faster than the wall clock: its callback too
 * comes at most once per min_period_s of real time, and ssd_progress's
 * elapsed_s is the job's own (virtual) time. Returns 0, or SSD_EINVAL for a
 * NULL job or a min_period_s that is negative or NaN. */
SSD_API int ssd_job_set_progress(ssd_job *j, ssd_progress_fn fn, void *user, double min_period_s);

/*
 * Runs the job to its end (blocking). Returns 0; SSD_EINTERRUPTED when
 * ssd_interrupt() or the progress callback stopped it (results and log are
 * still complete up to that point, with "interrupted": true); or a negative
 * code with the reason (naming the option, path or offset) in
 * ssd_job_errmsg(). After an I/O error the results cover what completed.
 * A job runs once; a second call returns SSD_ESTATE.
 */
SSD_API int ssd_job_run(ssd_job *j);

/* The last error message; "" when there was none. */
SSD_API const char *ssd_job_errmsg(const ssd_job *j);

/* Results after ssd_job_run. dir is an ssd_dir; SSD_DIR_ALL sums both.
 * With a warm-up, the runtime and the bytes and I/Os are the measured
 * part's (the intervals after the warm-up). */
SSD_API double ssd_job_runtime_s(const ssd_job *j);
SSD_API uint64_t ssd_job_bytes(const ssd_job *j, int dir);
SSD_API uint64_t ssd_job_ios(const ssd_job *j, int dir);
/* The job's completion-latency histogram (ns) of one direction (SSD_DIR_READ
 * or SSD_DIR_WRITE), owned by the job; NULL before the run. */
SSD_API const ssd_hist *ssd_job_latency(const ssd_job *j, int dir);
/* The engine that ran the job: "io_uring", "psync" or "virtual". */
SSD_API const char *ssd_job_engine(const ssd_job *j);
/* 1 when the job was interrupted. */
SSD_API int ssd_job_interrupted(const ssd_job *j);
/* The samples, in time order, owned by the job; *n gets their count. A
 * caller built against an older header steps through the array by
 * samples[0].size bytes (the library's sizeof ssd_sample). */
SSD_API const ssd_sample *ssd_job_samples(const ssd_job *j, size_t *n);

/* The results as one JSON object (target, workload, engine, runtime_s,
 * bytes, ios, iops, bw_bps, read/write with lat_ns percentiles, the tail
 * ratios p99_over_p50, p99_9_over_p50, max_over_p50 and the distribution
 * lat_hist {unit, per_octave, max_rel_error, buckets: [[lo, hi, count]...]}
 * (rebuild it with ssd_hist_add_bucket; docs/engine.md "Latency"),
 * interrupted...), in a malloc'd string stored to *out and released with
 * ssd_free(). flags: enum ssd_json_flags. Returns 0, SSD_EINVAL (NULL
 * argument, unknown flag), SSD_ESTATE (the job has not run) or SSD_ENOMEM. */
SSD_API int ssd_job_to_json(const ssd_job *j, int flags, char **out);

/*
 * Preconditions the whole target, as SNIA PTS does before it measures:
 *   kind "seq_fill"     128 KiB sequential writes at QD32 over every block,
 *                       `loops` times (the workload-independent
 *                       preconditioning: twice the capacity by default)
 *   kind "random_fill"  4 KiB random writes at QD32, each loop visiting
 *                       every block once in a random order
 * loops: 1..64, 0 = the default 2. On sim targets the model applies the
 * writes in bulk at a cost that does not grow with the capacity (virtual
 * time advances by as long as they take); on files and devices it runs
 * one job per loop, which takes hours on a large drive: `fn` (may be NULL)
 * sees each loop's progress as ssd_job_set_progress's callback does, and
 * ssd_interrupt() stops it (SSD_EINTERRUPTED). *written (may be NULL) gets
 * the bytes written, also when it stopped early. Errors: SSD_EINVAL (an
 * unknown kind, loops out of range; the message in ssd_target_errmsg),
 * SSD_EUNSAFE (a target that refuses writes), or the failing job's code.
 */
SSD_API int ssd_target_precondition(ssd_target *t, const char *kind, unsigned loops,
                                    uint64_t *written, ssd_progress_fn fn, void *user);

/*
 * Fills the target to a level, as reviewers test a nearly full drive: the
 * first `bytes` (rounded down to whole 128 KiB writes when at least one),
 * written once with 128 KiB sequential writes at QD32, fresh incompressible
 * data. The same machinery as ssd_target_precondition: on sim targets in
 * bulk (milliseconds; virtual time advances as long as the writes take),
 * elsewhere as one job, with `fn`, ssd_interrupt() and *written (may be
 * NULL) as there. Errors: SSD_ERANGE (bytes 0 or beyond the target's
 * size), SSD_EUNSAFE (a target that refuses writes), or the job's code.
 */
SSD_API int ssd_target_fill(ssd_target *t, uint64_t bytes, uint64_t *written, ssd_progress_fn fn,
                            void *user);

/* The series metadata of the job's run, the JSON object its log's "# {...}"
 * line holds: target, capacity_bytes, written_before_bytes (when > 0),
 * precondition (when given), pattern, block_size, queue_depth, ... - what
 * the analysis must know about the run (DESIGN.md, "The analysis context
 * travels with the run"). flags: enum ssd_json_flags (SSD_JSON_COMPACT:
 * the log's line). A malloc'd string released with ssd_free(). Returns 0,
 * SSD_EINVAL (NULL argument, unknown flag), SSD_ESTATE (the job has not
 * run) or SSD_ENOMEM. */
SSD_API int ssd_job_metadata_json(const ssd_job *j, int flags, char **out);

/* The job's samples as a series for ssd_analysis_run, carrying the job's
 * metadata (ssd_job_metadata_json), so its analysis is the analysis of the
 * job's log: bytes are one direction's (dir SSD_DIR_WRITE, as
 * ssd_series_load reads a log by default; SSD_DIR_READ; SSD_DIR_ALL both),
 * with the columns ops, lat_mean_us, lat_p99_us and lat_max_us, each at the
 * precision the log prints it. Returns 0;
 * SSD_EINVAL (NULL argument, bad dir), SSD_ESTATE (the job has not run),
 * SSD_ENODATA (no samples, or no bytes in that direction while the other
 * has some: a read-only job's writes) or SSD_ENOMEM; *out is NULL then. */
SSD_API int ssd_job_series(const ssd_job *j, int dir, ssd_series **out);

/* ssd_interrupt() stops running jobs: declared in base.h (base/ defines
 * it), which this header includes. */

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_JOB_H */
