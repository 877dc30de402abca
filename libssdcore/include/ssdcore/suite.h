/*
 * ssdcore/suite.h - the methodology runner: an ordered list of steps (jobs,
 * TRIMs, idles, analyses) on one target, and the results directory it fills.
 *
 * Built-in suites (docs/suite.md lists every step and parameter):
 *   "lab2016"  METHODOLOGY.md section A: sequential, random 4K, QD and
 *              block-size scaling, mixed workloads, the 2-hour degradation
 *              test and GC recovery, with TRIMs before and 15-minute idles
 *              between tests ("lab2016-30s", "lab2016-40s": seed 002's
 *              30 s tests, or 40 s with the last 30 s measured;
 *              "lab2016-10pct": seed 001's 10 % mixed steps);
 *   "fill2021" section B: a whole-drive sequential fill and its three-segment
 *              analysis (cache, direct-to-TLC, folding);
 *   "pts"      the SNIA PTS v2.0.2 tests with the Client settings: IOPS,
 *              throughput, latency (each from purge and preconditioning, in
 *              rounds to the steady-state rule), write saturation and host
 *              idle recovery; results.json's "pts" object per step;
 *   "quick"    a few-minute subset for demos and CI.
 * A suite file (option "suite_file") holds one step per line:
 *   # comment
 *   trim [offset=SIZE] [length=SIZE]        default: the whole target
 *   idle DURATION                           "15m"
 *   job name=NAME KEY=VALUE...              any ssd_job_set_option key, plus
 *                                           group=G x=NUMBER for the report's
 *                                           curves; log=STEM writes STEM.csv
 *   analyze STEM [reference=STEM]           write-curve analysis of a log
 *   filebench dir=PATH [name=N] KEY=VALUE... file tests (ssd_filebench keys:
 *                                           set size seed steps workers...)
 *   pts test=iops|throughput|latency|wsat|hir [KEY=VALUE...]
 *                                           one SNIA PTS test, purge to
 *                                           steady state (docs/suite.md)
 * Errors in a file name it and the line ("my.suite:3: job: ...").
 *
 * The results directory (option "out") receives results.json (schema
 * "ssdcore-results/1", rewritten atomically after every step, so an
 * interrupted run leaves a valid partial file with "interrupted": true), one
 * series CSV per logged job and report.html (self-contained, SVG charts).
 *
 * Lifecycle: ssd_suite_create on a target (or ssd_suite_load on a
 * results directory, to re-render its report), ssd_suite_set_option...,
 * optionally ssd_suite_prepare (builds and checks the steps, so they can be
 * listed; before the target is opened it checks them on a stand-in drive),
 * ssd_suite_run (once, on the open target), ssd_suite_to_json,
 * ssd_suite_free. The suite borrows the target, which must stay open while
 * it runs. Not thread-safe: one thread per suite.
 */
#ifndef SSDCORE_SUITE_H
#define SSDCORE_SUITE_H

#include "analysis.h"
#include "base.h"
#include "job.h"
#include "target.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ssd_suite ssd_suite;

/* What the suite's progress callback sees. */
typedef struct ssd_suite_progress {
    size_t size;             /* set by the library: sizeof this struct (base.h) */
    size_t step;             /* index of the running step, 0-based */
    size_t steps;            /* number of steps */
    const char *name;        /* the step's name ("seq-read", "idle"...) */
    const char *kind;        /* "job", "trim", "idle", "analyze", "filebench", "replay", "pts" */
    const ssd_progress *job; /* the running job's progress; NULL outside jobs */
    double step_elapsed_s;   /* time spent in the step (virtual on sim targets) */
    double step_total_s;     /* the step's planned duration (scaled); 0 = unknown */
} ssd_suite_progress;

/* Called from the thread running ssd_suite_run at each step's start and
 * during jobs (at most every min_period_s of wall-clock time, as
 * ssd_job_set_progress's: on a sim: target too). Return 0 to go on; non-zero
 * stops the run as ssd_interrupt() would. */
typedef int (*ssd_suite_progress_fn)(void *user, const ssd_suite_progress *p);

/* Built-in suites, 0 <= i < ssd_suite_builtin_count(): their name and a
 * one-line description (static strings; NULL out of range). */
SSD_API size_t ssd_suite_builtin_count(void);
SSD_API const char *ssd_suite_builtin_name(size_t i);
SSD_API const char *ssd_suite_builtin_describe(size_t i);

/* Creates a suite on target t (open, borrowed). Returns 0, SSD_EINVAL or
 * SSD_ENOMEM. */
SSD_API int ssd_suite_create(ssd_suite **out, ssd_target *t);

/* Frees s; NULL is a no-op. The target is not touched. */
SSD_API void ssd_suite_free(ssd_suite *s);

/*
 * Sets an option before ssd_suite_prepare / ssd_suite_run. The keys, types,
 * defaults and meaning are the table ssd_suite_options() returns
 * (docs/options.md): "suite" (a built-in, default "quick"), "suite_file"
 * (replaces "suite"; a pipe or FIFO is read once, by the first prepare),
 * "suite_text" (that file's text when the caller has read it: parsed instead
 * of the file, which messages and results.json still name), "out" (the
 * results directory, required to run), "scale", "area", "report",
 * "filebench_dir", "filebench_size", "hash_serial".
 * Returns 0, SSD_EINVAL (unknown key or bad value, see ssd_suite_errmsg) or
 * SSD_ESTATE (the steps are already built).
 */
SSD_API int ssd_suite_set_option(ssd_suite *s, const char *key, const char *value);

/* The options ssd_suite_set_option accepts, in a static array of *n
 * entries (ssdcore/base.h). Thread-safe. */
SSD_API const ssd_option_info *ssd_suite_options(size_t *n);

/* Installs a progress callback (NULL removes it), called at each step's
 * start and at most once per min_period_s of wall-clock time during jobs
 * (0: after every sample; see ssd_job_set_progress). Returns 0, or
 * SSD_EINVAL for a NULL suite or a min_period_s that is negative or NaN. */
SSD_API int ssd_suite_set_progress(ssd_suite *s, ssd_suite_progress_fn fn, void *user,
                                   double min_period_s);

/* Builds the step list from the chosen suite and checks every step (job
 * options included) without running anything. Called by ssd_suite_run when
 * needed. Returns 0 or a negative code; a suite file's errors name the file
 * and line in ssd_suite_errmsg().
 * On a target not opened yet (opening a new file target lays it out, which
 * may take minutes) it checks the options and the steps on a stand-in
 * simulated drive, and that "out" is a directory or does not exist yet,
 * and builds nothing: call it again once the target is open. A suite file
 * that is a pipe is read by the first call and kept. */
SSD_API int ssd_suite_prepare(ssd_suite *s);

/* After ssd_suite_prepare: the number of steps, and one step's kind ("job",
 * "trim", "idle", "analyze", "filebench"), name, and its line as written (built-in suites
 * are written in the suite-file language too). NULL out of range. The
 * strings are owned by s. */
SSD_API size_t ssd_suite_step_count(const ssd_suite *s);
SSD_API const char *ssd_suite_step_kind(const ssd_suite *s, size_t i);
SSD_API const char *ssd_suite_step_name(const ssd_suite *s, size_t i);
SSD_API const char *ssd_suite_step_line(const ssd_suite *s, size_t i);

/*
 * Runs every step in order (blocking), writing the results directory as it
 * goes. Returns 0; SSD_EINTERRUPTED after ssd_interrupt() or a progress
 * callback stopped it (results.json then holds what ran, "interrupted":
 * true); or a negative code with the failing step named in
 * ssd_suite_errmsg() (results.json records the error too). A TRIM the
 * target refuses (SSD_EUNSUPPORTED: no discard, no hole punching) does not
 * fail the run: that step is recorded as "skipped" with the reason, listed
 * in the headline's "skipped_steps", and the run goes on (0 when the rest
 * succeeds). An analysis that fails (its log too short or unreadable) does
 * not stop the run either: the step is recorded "failed" with why, the
 * steps after it run, and then the run fails with that analysis's code,
 * the step named in ssd_suite_errmsg() and results.json ("status":
 * "failed"). Runs once; a second call returns SSD_ESTATE.
 */
SSD_API int ssd_suite_run(ssd_suite *s);

/* The last error message; "" when there was none. */
SSD_API const char *ssd_suite_errmsg(const ssd_suite *s);

/* The results (the content of results.json) as a malloc'd JSON string in
 * *out, freed with ssd_free(). Valid before, during (from the progress
 * callback) and after the run. flags: enum ssd_json_flags. Returns 0,
 * SSD_EINVAL (NULL argument, unknown flag) or SSD_ENOMEM. */
SSD_API int ssd_suite_to_json(const ssd_suite *s, int flags, char **out);

/* The headline figures as a few lines of text for people ("seq read
 * 512.3 MiB/s", "degradation: SLC cache 2.00 GiB, then 50.1 MiB/s"...), in
 * a malloc'd string freed with ssd_free(). Returns 0 or SSD_ENOMEM. */
SSD_API int ssd_suite_summary_text(const ssd_suite *s, char **out);

/* The headline figures of a run, as the catalog's figures table and the
 * compare page name them: json is results.json's text (its "headline") or
 * a headline object alone; *out gets a JSON object of dotted keys
 * ("seq_read_bps", "write_curves.degradation.cache_bytes") to numbers, null
 * for a figure the run lacks, in the document's order; text, arrays and
 * booleans are left out. flags: enum ssd_json_flags. Freed with ssd_free().
 * Returns 0, SSD_EINVAL (NULL argument, unknown flag), SSD_EFORMAT (not
 * JSON, or no headline object) or SSD_ENOMEM. Thread-safe. */
SSD_API int ssd_headline_figures(const char *json, int flags, char **out);

/* The level a run's periodic dips (the summary's has_dips, dip_depth) are
 * measured against, in words, for "on average at 56% of WORDS while in a
 * dip": one level for the whole window ("1.85 GiB/s (one level for all
 * phases: the speed's 75th percentile)", dip_base_bps), the one phase's
 * ("its one phase's level (233 MiB/s)") or each dip's own phase's ("the
 * level of the phase each dip is in (284 MiB/s or 201 MiB/s)": the phases
 * after the cache, each level once, four at most). ph: the run's nph
 * phases. Writes at most len bytes to buf, terminated; returns buf. The
 * words ssdcore analyze and the report say. Thread-safe. */
SSD_API const char *ssd_dips_base_words(const struct ssd_analysis_summary *s,
                                        const struct ssd_phase *ph, size_t nph, char *buf,
                                        size_t len);

/* Writes the HTML report of s to path (NULL: report.html in the results
 * directory), atomically. ssd_suite_run does this at its end unless the
 * "report" option is "0". Returns 0 or a negative code (message in
 * ssd_suite_errmsg). */
SSD_API int ssd_suite_write_report(ssd_suite *s, const char *path);

/*
 * Loads a results directory written by ssd_suite_run (results.json and the
 * series CSVs), so its report can be rendered again (ssd_suite_write_report)
 * - after an interrupted run, or by a newer ssdcore. The analyses are
 * recomputed from the CSVs; everything else comes from results.json. The
 * suite has no target and cannot run (SSD_ESTATE). As sqlite3_open does,
 * *out receives a handle even on failure (unless memory runs out) so that
 * ssd_suite_errmsg() can say what was wrong; free it in every case.
 * Returns 0, -errno (no results.json), SSD_EFORMAT (not JSON, or not the
 * schema "ssdcore-results/1": the message names the file and line) or
 * SSD_ENOMEM. An analysis whose CSV is missing or unreadable fails (its
 * "error" names the file) but keeps the "analysis" stored in results.json;
 * then 0 is returned and ssd_suite_errmsg() is not empty: a warning naming
 * the step and the file.
 */
SSD_API int ssd_suite_load(ssd_suite **out, const char *dir);

/* The path of results.json and report.html in the results directory, or ""
 * before "out" is set. Owned by s. */
SSD_API const char *ssd_suite_results_path(const ssd_suite *s);
SSD_API const char *ssd_suite_report_path(const ssd_suite *s);

/* Where ssd_suite_run moved an earlier run's files it found in the results
 * directory (results.json, report.html, STEM.csv, STEM.csv.partial), so that
 * the directory holds one run: "OUT/previous-YYYYMMDD-HHMMSS" (UTC, when the
 * earlier results.json was written), or "" when there were none. Owned by s. */
SSD_API const char *ssd_suite_previous_path(const ssd_suite *s);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_SUITE_H */
