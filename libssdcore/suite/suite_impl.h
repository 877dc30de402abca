/* suite_impl.h - internal: the suite runner's steps, their results, and the
 * parts of the runner that live in separate files (parser, built-in tables,
 * results writer, HTML report). */
#ifndef SSD_SUITE_IMPL_H
#define SSD_SUITE_IMPL_H

#include <stdint.h>

#include "errmsg.h"
#include "file_write.h"
#include "ssdcore/analysis.h"
#include "ssdcore/series.h"
#include "ssdcore/suite.h"
#include "text.h"

enum {
    SSD__STEP_JOB,
    SSD__STEP_TRIM,
    SSD__STEP_IDLE,
    SSD__STEP_ANALYZE,
    SSD__STEP_FILEBENCH,
    SSD__STEP_REPLAY
};
/* SKIPPED: the step could not do its work for a reason that does not spoil
 * the others (a TRIM the target refuses); the run goes on. */
enum { SSD__ST_PENDING, SSD__ST_DONE, SSD__ST_INTERRUPTED, SSD__ST_FAILED, SSD__ST_SKIPPED };
#define SSD__ST_COUNT 5

#define SSD__STEP_MAX_OPTS 24
#define SSD__NAME_MAX 64

/* Latency spectrum points: 8 per decade of 1/(1-p), from 0 % to 99.9999 %. */
#define SSD__SPEC_PER_DECADE 8
#define SSD__SPEC_MAX (6 * SSD__SPEC_PER_DECADE + 1)

struct ssd__step {
    int kind;
    int lineno;
    char *line;                    /* as written */
    char name[SSD__NAME_MAX + 16]; /* "analyze-" + a log stem */
    char group[SSD__NAME_MAX];     /* a curve of the report ("qd-randread"), or "" */
    double x;                      /* the step's point on that curve */

    /* job: ssd_job options as written (times unscaled) */
    int nopts;
    char *keys[SSD__STEP_MAX_OPTS], *values[SSD__STEP_MAX_OPTS];
    char log[SSD__NAME_MAX]; /* series file stem, "" = none */
    /* trim */
    uint64_t offset, length; /* length 0 = to the end of the target */
    /* idle */
    double idle_s; /* unscaled */
    /* analyze: the logs' stems and analysis options */
    char series[SSD__NAME_MAX], reference[SSD__NAME_MAX];
    int naopts;
    char *akeys[SSD__STEP_MAX_OPTS];
    double avalues[SSD__STEP_MAX_OPTS];

    /* filebench: its options (dir, set, size...) are keys/values above */

    /* results */
    int state;
    int rc;
    char *error;
    char *reason; /* SKIPPED: why ("TRIM refused: ...") */
    char started[32];
    double wall_s;
    char *job_json, *truth_json, *analysis_json;
    /* figures the headline and the report use */
    double runtime_s, bw_bps, iops, read_bps, write_bps;
    double lat_mean_us, lat_p50_us, lat_p99_us, lat_p999_us;
    /* job: the latency spectrum (us, both directions) at the percentiles
     * ssd__spectrum_pct(k), k < nspec (see suite_latency.c) */
    int nspec;
    double spec_us[SSD__SPEC_MAX];
    int interval_ok;
    double interval_s;
    ssd_series *curve; /* analyze: the analysed series, kept for the report */
    int has_summary;
    int sum_stored; /* sum and phases come from results.json: the CSV is gone */
    struct ssd_analysis_summary sum;
    size_t nphases;
    struct ssd_phase *phases;
    double truth_cache_bytes, truth_post_bps, truth_fold_bytes, truth_gc_bytes, truth_recovered;
    double truth_room_before; /* fast-write bytes the drive had when the job started */
    /* the drive's temperature (hwmon) around the step, NaN when unknown */
    double temp_before_c, temp_after_c;
    /* filebench: seconds and MiB/s of each file test (copy, archive...) */
    int nfile;
    struct {
        char name[16];
        double seconds, mibs;
    } file[4];
};

struct ssd_suite {
    ssd_target *t; /* NULL for a suite loaded from a results directory */
    /* The target as results.json and the report describe it. */
    char *target_uri;
    char target_kind[16];
    uint64_t target_size;
    unsigned target_block;
    int loaded, steps_total; /* loaded: steps_total as results.json said */
    char err[SSD__ERRMSG_SIZE];
    char suite_name[SSD__NAME_MAX];
    char *suite_file, *out_dir, *results_path, *report_path;
    double scale;
    uint64_t area;
    int report;
    ssd_suite_progress_fn progress;
    void *progress_user;
    double progress_period;

    struct ssd__step *steps;
    int nsteps, cap;
    int prepared, ran, current;
    char started[32], finished[32];
    int interrupted;
    int running;        /* between the run's first and last save (or, loaded: still locked) */
    int killed;         /* loaded: results.json said running, yet nobody holds the lock */
    int lock_fd;        /* the OUT lock's descriptor + 1; 0 when not held */
    int space_released; /* the lock file's reserve was given back (disk full) */
    char *error;
    char host_name[128], host_kernel[256], host_cpu[256];
    char *filebench_dir, *filebench_size; /* file tests appended to lab2016 */
    char *drive_json; /* the drive's identity (ssdcore/drive.h), NULL before the run */
    int hash_serial;
};

/* Parses suite text (a file's content or a built-in table) into s->steps;
 * source names it in messages ("my.suite:3: ..."). */
int ssd__suite_parse(ssd_suite *s, const char *source, const char *text);

/* Writes the built-in suite `name` for a target of `size` bytes with
 * logical blocks of `block` bytes and test area `area` (0 = default) as
 * suite text, malloc'd in *out. filebench_dir (NULL: none) adds lab2016's
 * file tests there, with sets of filebench_size (NULL: 8 GiB). Returns 0,
 * SSD_EINVAL (unknown name) or SSD_ENOMEM. */
int ssd__suite_builtin_text(const char *name, uint64_t size, unsigned block, uint64_t area,
                            const char *filebench_dir, const char *filebench_size, char **out);

/* The value of job option key as the run uses it: times ("time",
 * "interval") multiplied by the suite's scale, the interval kept at 10 ms
 * or more; other values unchanged. buf holds the result when changed. */
const char *ssd__suite_scaled(const ssd_suite *s, const char *key, const char *value, char *buf,
                              size_t len);
/* "job", "trim", "idle", "analyze", "filebench", "replay"; -1 / NULL when
 * unknown. */
const char *ssd__step_kind_name(int kind);
int ssd__step_kind(const char *name);

/* The filebench step: parse (checking every option), run, and read the
 * per-test figures out of its results JSON (kept in job_json). */
int ssd__suite_parse_filebench(ssd_suite *s, struct ssd__step *st, char **tok, int n,
                               const char *where);
int ssd__suite_run_filebench(ssd_suite *s, int i);
void ssd__filebench_figures(struct ssd__step *st);

/* The replay step (suite_replay.c): parse, run, its figures from the
 * results JSON (busy time in runtime_s, bytes / busy time in bw_bps), and
 * the application score over the done steps of group "apps" (returns how
 * many there were). */
int ssd__suite_parse_replay(ssd_suite *s, struct ssd__step *st, char **tok, int n,
                            const char *where);
int ssd__suite_run_replay(ssd_suite *s, int i);
void ssd__replay_figures(struct ssd__step *st);
int ssd__suite_apps_score(const ssd_suite *s, double *score_bps, double *mean_bps);

/* CrystalDiskMark presets (suite_cdm.c): the suite text of "cdm5" or
 * "cdm8" on a test file of size bytes (SSD_EINVAL for another name), and
 * each test's best pass with the warning when the test file fits inside the
 * drive's known SLC cache (warning "" otherwise). Returns the number of
 * figures (at most max). */
struct ssd__cdm_figure {
    char name[SSD__NAME_MAX];
    double best_bps;
};
int ssd__suite_cdm_text(struct ssd__text *t, const char *name, uint64_t size);
int ssd__suite_cdm_figures(const ssd_suite *s, struct ssd__cdm_figure *out, int max, char *warning,
                           size_t wlen);

/* ssd_suite_load with results.json's text given (NUL-terminated); the CSVs
 * are still read from dir. For the fuzz target. */
int ssd__suite_load_text(ssd_suite **out, const char *dir, const char *text);
/* Sets the results directory and the paths in it. */
int ssd__suite_set_out(ssd_suite *s, const char *dir);
/* Analyses step i's log (the analyze step), recording the result or the
 * error in the step. */
void ssd__suite_analyze(ssd_suite *s, int i);
/* Copies the target's URI, kind and sizes into s. 0 or SSD_ENOMEM. */
int ssd__suite_describe_target(ssd_suite *s);
/* Frees the steps' definitions and results. */
void ssd__suite_clear_steps(ssd_suite *s);

/* Where the simulator says writes slowed after the cache: folding or GC,
 * whichever came first; NaN when neither happened. */
double ssd__later_drop_truth(const struct ssd__step *job);
/* 1 with a short "what differs" in buf when the analysis step an disagrees
 * with the sim truth of its logging job beyond the stated uncertainty. */
int ssd__truth_mismatch(const struct ssd__step *an, const struct ssd__step *job, char *buf,
                        size_t len);

/* The percentile (0..100) of spectrum point k: 100 * (1 - 10^(-k / 8)). */
double ssd__spectrum_pct(int k);
/* Fills st->nspec and st->spec_us from the distributions in st->job_json
 * (the same at run time and when a results directory is loaded back), up
 * to the percentile the step's I/O count can resolve. */
void ssd__step_latency_spectrum(struct ssd__step *st);
/* The report label of a step the latency chart and table show (the random
 * 4K tests and the degradation run), or NULL. */
const char *ssd__latency_label(const char *step_name);

/* The results JSON of s as it stands. */
int ssd__suite_json(const ssd_suite *s, char **out);
/* Headline figures as a JSON object, malloc'd in *out. 0 or SSD_ENOMEM. */
int ssd__suite_headline_json(const ssd_suite *s, char **out);
/* A job's summary figures (results.json's "summary" object): each key and
 * where its double lives in struct ssd__step. suite_results.c writes them
 * and suite_load.c reads them back from this one table. */
struct ssd__step_figure {
    const char *key;
    size_t offset;
};
extern const struct ssd__step_figure ssd__job_summary[];
extern const size_t ssd__job_summary_count;
/* The mixed-workload headline of a group of finished jobs ("mixed-seq",
 * "mixed-rand"): the bandwidth at 80 % reads (NAN when that point did not
 * run) and the mean of the six points (NAN unless all six ran), in bytes/s.
 * One definition for results.json, the text summary and the report. */
void ssd__suite_mixed_headline(const ssd_suite *s, const char *group, double *at80, double *mean);
/* An analyze step that has no figures because it failed (its CSV missing
 * or unreadable, too few samples...): the headline, the text summary and
 * the report say so instead of leaving the curve out. */
int ssd__analysis_lost(const struct ssd__step *st);
/* "step 41 (analyze-degradation): <why>[; the analysis stored in
 * results.json is kept]" into buf. */
void ssd__analysis_lost_text(const ssd_suite *s, const struct ssd__step *st, char *buf, size_t len);
/* The number of steps of s that were skipped. */
int ssd__suite_skipped(const ssd_suite *s);
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
/* "running", "complete", "interrupted" or "failed". */
const char *ssd__suite_status(const ssd_suite *s);

/* The name of a step state ("done", "skipped"...), "?" when unknown; the
 * state of a name, -1 when unknown. */
const char *ssd__step_state_name(int state);
int ssd__step_state(const char *name);
/* The step of s among the first `before` by name (NULL when none); by log stem. */
const struct ssd__step *ssd__suite_find(const ssd_suite *s, const char *name, int before);
const struct ssd__step *ssd__suite_find_log(const ssd_suite *s, const char *stem, int before);

#endif
