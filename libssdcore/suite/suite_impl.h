/* suite_impl.h - internal to suite/ and run/: the suite handle (the
 * results model of results_model.h plus the runner's own state) and the
 * parts of the runner that live in separate files (parser, built-in
 * tables, results writer). report/ reads results_model.h only. */
#ifndef SSD_SUITE_IMPL_H
#define SSD_SUITE_IMPL_H

#include <stdint.h>

#include "errmsg.h"
#include "file_write.h"
#include "jsonw.h"
#include "results_model.h"
#include "ssdcore/catalog.h"
#include "text.h"

struct ssd_suite {
    struct ssd__results res; /* what results.json records */
    /* The runner's own state. */
    ssd_target *t; /* NULL for a suite loaded from a results directory */
    char err[SSD__ERRMSG_SIZE];
    char *out_dir, *results_path, *report_path;
    char *previous_path; /* where an earlier run's files in out_dir went, or NULL */
    uint64_t area;
    int report;
    ssd_suite_progress_fn progress;
    void *progress_user;
    double progress_period;
    size_t cap; /* res.steps' room */
    int prepared, ran;
    int lock_fd;        /* the OUT lock's descriptor + 1; 0 when not held */
    int space_released; /* the lock file's reserve was given back (disk full) */
    int note_len;       /* bytes of the end noted in the lock file (ssd__suite_note_end) */
    char *filebench_dir, *filebench_size; /* file tests appended to lab2016 */
    uint64_t filebench_bytes;             /* filebench_size, as checked */
    int builtin;                          /* option suite: the index of the built-in */
    char *suite_text; /* the suite file's text, given or read once (option suite_text) */
    int hash_serial;
    /* Saves results.json as it stands (the runner's, set while it runs;
     * NULL otherwise): a long step (a PTS test) calls it after rounds so a
     * killed run keeps them. */
    int (*checkpoint)(ssd_suite *s);
};

/* Parses suite text (a file's content or a built-in table) into s->steps;
 * source names it in messages ("my.suite:3: ..."). */
int ssd__suite_parse(ssd_suite *s, const char *source, const char *text);
/* A step with nothing in it yet: every figure unknown (NaN), never 0; the
 * parser and the loader start each step from it. */
void ssd__step_init(struct ssd__step *st);

/* Writes the built-in suite `name` for a target of `size` bytes with
 * logical blocks of `block` bytes and test area `area` (0 = default) as
 * suite text, malloc'd in *out. filebench_dir (NULL: none) adds lab2016's
 * file tests there, with sets of filebench_size (NULL: 8 GiB); without
 * one, file_traces adds them as replays of the recorded file-test traces
 * (for targets with no filesystem: sim:). scale (--scale) sizes the file
 * sets of copy50g and fsd. Returns 0, SSD_EINVAL (unknown name) or
 * SSD_ENOMEM. */
int ssd__suite_builtin_text(const char *name, uint64_t size, unsigned block, uint64_t area,
                            const char *filebench_dir, const char *filebench_size, int file_traces,
                            double scale, char **out);

/* The value of job option key as the run uses it: times ("time",
 * "interval") multiplied by the suite's scale, the interval kept at 10 ms
 * or more; other values unchanged. buf holds the result when changed. */
const char *ssd__suite_scaled(const ssd_suite *s, const char *key, const char *value, char *buf,
                              size_t len);
/* The filebench step: parse (checking every option), run, and read the
 * per-test figures out of its results JSON (kept in job_json). */
int ssd__suite_parse_filebench(ssd_suite *s, struct ssd__step *st, char **tok, int n,
                               const char *where);
int ssd__suite_run_filebench(ssd_suite *s, int i);
void ssd__filebench_figures(struct ssd__step *st);

/* The replay step (suite_replay.c): parse, run, its figures from the
 * results JSON (busy time in runtime_s, bytes / busy time in bw_bps). */
int ssd__suite_parse_replay(ssd_suite *s, struct ssd__step *st, char **tok, int n,
                            const char *where);
int ssd__suite_run_replay(ssd_suite *s, int i);
void ssd__replay_figures(struct ssd__step *st);

/* The SNIA PTS-C tests (suite_pts.c): the `pts` step (test=iops,
 * throughput, latency, wsat or hir) parsed, and run: it purges the target,
 * preconditions it and runs its rounds, recording everything in
 * st->res.pts_json. ssd__suite_pts_text writes the built-in "pts" suite. */
int ssd__suite_parse_pts(ssd_suite *s, struct ssd__step *st, char **tok, int n, const char *where);
int ssd__suite_run_pts(ssd_suite *s, int i);
void ssd__suite_pts_text(struct ssd__text *t);

/* The PTS steady-state rule on the last SSD__PTS_WINDOW of n rounds of a
 * tracking variable y (pts_steady.c; PTS v2.0.2 section 3.1): fills *w
 * (rounds numbered from 1; NaN figures when n is short) and returns
 * w->reached: 1 when the data excursion is within 20 % and the slope
 * excursion within 10 % of the window's mean. */
#define SSD__PTS_WINDOW 5
struct ssd__pts_window {
    int reached, first, last;
    double mean, range, range_limit, slope, intercept, slope_excursion, slope_limit;
    /* ssd__pts_used_steady only (NAN/NULL otherwise): the rule alone, the
     * fresh level, the capacities written since the purge, the window's
     * mean one capacity earlier, and why the steady state is not reached */
    int rule;
    double fresh, capacities, earlier;
    const char *not_reached;
};
int ssd__pts_steady(const double *y, int n, struct ssd__pts_window *w);

/* The steady state of a drive written from its purge (WSAT, HIR's
 * pre-write; pts_steady.c): the rule above on the last 5 rounds, and the
 * drive has left its fresh state - the capacity written since the purge
 * (written[i]: bytes at round i's end), the window at most 80 % of the
 * fresh level (the mean of the 5 rounds up to the capacity written), and no longer falling: the
 * window one capacity earlier at most 10 % above it. w->not_reached says
 * which part failed (a static string), NULL when reached. */
int ssd__pts_used_steady(const double *y, const double *written, int n, double capacity,
                         struct ssd__pts_window *w);

/* HIR's verdict (pts_hir.c; PTS v2.0.2 section 11) from its wait states
 * in order: each one's idle time, burst mean, the standard error of that
 * mean (the bursts' standard deviation over the square root of their
 * count) and the level its return to baseline ends at (the mean of its
 * last quarter). baseline is the pre-write's
 * steady level, NAN when it did not reach its steady state (no_baseline
 * says why, stopped_by how the pre-write ended). v->verdict is
 * "recovers" (the bursts rise above the baseline by more than its 20 %
 * excursion and never fall beyond noise as the idle grows), "none" (all
 * within 20 % of the baseline), "not monotonic" (a longer wait slower
 * beyond noise: two standard errors), "not comparable" (no baseline, or a
 * return to baseline more than 20 % away from it: the wait states ran on
 * different drive states) or "no bursts"; v->words says it, citing the
 * section. */
struct ssd__hir_wait {
    double wait_s, mean, sem, baseline;
};
struct ssd__hir_verdict {
    const char *verdict;
    int comparable, monotonic, fall; /* fall: the first wait state slower beyond noise, or -1 */
    double noise_rel;                /* the largest standard error over its mean */
    char words[768];
};
void ssd__pts_hir_verdict(const struct ssd__hir_wait *w, int n, double baseline,
                          const char *no_baseline, const char *stopped_by,
                          struct ssd__hir_verdict *v);

/* CrystalDiskMark presets (suite_cdm.c): the suite text of "cdm5" or
 * "cdm8" on a test file of size bytes (SSD_EINVAL for another name). */
int ssd__suite_cdm_text(struct ssd__text *t, const char *name, uint64_t size);

/* The one reader of results.json, for the loader and the catalog: the
 * document at path (text: its contents when the caller has them, else NULL
 * to read the file, at most 256 MiB) parsed into *root (ssd__jv_free it)
 * and its schema checked. 0, or a negative code with a message naming path
 * in err. */
struct ssd__jv;
int ssd__results_read(char *err, const char *path, const char *text, struct ssd__jv *root);
/* How the run of root, in results directory dir, stands, as every reader
 * shows it: "complete", "interrupted", "failed" or "running". A run that
 * says running while nobody holds dir was killed: "interrupted" (*killed
 * set when no end was noted), or "failed" when a run that could not write
 * results.json noted so in its lock file (why: the reason it noted). killed
 * and why may be NULL. */
const char *ssd__results_status(const struct ssd__jv *root, const char *dir, int *killed, char *why,
                                size_t why_len);
/* ssd_suite_load with results.json's text given (NUL-terminated); the CSVs
 * are still read from dir. For the fuzz target. */
int ssd__suite_load_text(ssd_suite **out, const char *dir, const char *text);
/* Sets the results directory and the paths in it. */
int ssd__suite_set_out(ssd_suite *s, const char *dir);
/* Analyses step i's log (the analyze step), recording the result or the
 * error in the step. Returns 0 or the analysis's error code (the step then
 * says why in its error). */
int ssd__suite_analyze(ssd_suite *s, int i);

/* Fills st->res.nspec and spec_us from the distributions in res.job_json
 * (the same at run time and when a results directory is loaded back), up
 * to the percentile the step's I/O count can resolve. */
void ssd__step_latency_spectrum(struct ssd__step *st);
/* The results JSON of s as it stands. */
int ssd__suite_json(const ssd_suite *s, enum ssd__jw_style style, char **out);
/* results.json's fields, each spelled once (results_fields.c): the same
 * function writes them (w set) or reads them back (v set: a loaded object;
 * a step's kind and state already set). r: the run (what the writer
 * computes: a TRIM's length, an idle's scaled time); err, path and step i
 * name a bad field: 0, or SSD_EFORMAT with a message in err. */
struct ssd__rio {
    struct ssd__jw *w;
    const struct ssd__jv *v;
    const struct ssd__results *r;
    char *err;
    const char *path;
    int i;
};
int ssd__step_fields(struct ssd__rio *io, struct ssd__step *st);
/* The run's fields before its steps, alike. */
void ssd__run_fields(struct ssd__rio *io, struct ssd__results *r);
/* The integer member key of v, or fallback when it is missing, not a whole
 * number, or outside [lo, hi]: results.json may be damaged or hand-edited,
 * and casting an out-of-range double to an integer is undefined. */
uint64_t ssd__jv_whole(const struct ssd__jv *v, const char *key, uint64_t lo, uint64_t hi,
                       uint64_t fallback);
/* An analyze step's "sim_truth" and "truth_vs_analysis" members, when the
 * job it analyses ran on a simulator (suite_results.c). */
void ssd__analysis_truth_json(struct ssd__jw *w, const struct ssd__results *s,
                              const struct ssd__step *an);

/* The checks a run makes before its first step and before creating
 * anything (run/suite_precheck.c): a target that refuses writes while
 * steps write or trim, a target that is one of the run's outputs. 0, or a negative code with a
 * message naming the suite file and line in s->err. */
int ssd__suite_check_before_run(ssd_suite *s);

/* The results directory's lock (suite_outdir_lock.c): taken before a run
 * writes anything (0, or a negative code with a message in s->err when
 * another run holds it), released at its end and by ssd_suite_free. */
int ssd__suite_lock_out(ssd_suite *s);
void ssd__suite_unlock_out(ssd_suite *s);
/* While the lock is held, the lock file keeps `bytes` of the disk in
 * reserve (fallocate; nothing when the filesystem cannot), so that the run
 * can still record how it ended when a job's log fills the disk:
 * release_space gives the reserve back once (1 when it did). */
void ssd__suite_reserve_space(ssd_suite *s, uint64_t bytes);
int ssd__suite_release_space(ssd_suite *s);
/* Non-zero when a live process holds out_dir's lock. */
int ssd__suite_out_in_use(const char *out_dir);

/* A run that could not write its last results.json (the disk is full)
 * notes how it ended in OUT's lock file instead: "STATUS: WHY" after the
 * pid, in the block the file already has, so no free space is needed.
 * status: "failed" or "interrupted". */
void ssd__suite_note_end(ssd_suite *s, const char *status, const char *why);

/* The end a run noted in OUT's lock file (ssd__suite_note_end): 1 with the
 * status word and the reason, 0 when there is none. Meaningful only while
 * no run holds OUT: the next run there clears it. */
int ssd__suite_out_noted_end(const char *out_dir, char *status, size_t status_len, char *why,
                             size_t why_len);

/* ssd_catalog_add with dir's results.json given as text (the fuzz target
 * adds documents from memory; dir need not exist). */
int ssd__catalog_add_text(ssd_catalog *c, const char *dir, const char *text);
/* Deletes every run (the fuzz target reuses one in-memory catalog). */
int ssd__catalog_clear(ssd_catalog *c);

#endif
