/* results_model.h - internal: the results model of a suite run, what
 * results.json records: the run (target, host, times, status) and each
 * step's definition and results. The runner (run/) and the loader
 * (suite_load.c) write it; results.json, the text summary and report/ read
 * it. report/ includes this header, never suite_impl.h: the runner's own
 * state (the target handle, the lock, progress, the results directory) is
 * not its business, and scripts/check_layers.py checks that it stays so. */
#ifndef SSD_RESULTS_MODEL_H
#define SSD_RESULTS_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "ssdcore/analysis.h"
#include "ssdcore/series.h"
#include "ssdcore/suite.h"

enum {
    SSD__STEP_JOB,
    SSD__STEP_TRIM,
    SSD__STEP_IDLE,
    SSD__STEP_ANALYZE,
    SSD__STEP_FILEBENCH,
    SSD__STEP_REPLAY,
    SSD__STEP_PRECONDITION, /* a whole-target fill: params kind= and loops= */
    SSD__STEP_PURGE,
    SSD__STEP_PTS /* a SNIA PTS test: params test= and its options */
};
#define SSD__STEP_KIND_COUNT 9
/* SKIPPED: the step could not do its work for a reason that does not spoil
 * the others (a TRIM the target refuses); the run goes on. */
enum { SSD__ST_PENDING, SSD__ST_DONE, SSD__ST_INTERRUPTED, SSD__ST_FAILED, SSD__ST_SKIPPED };
#define SSD__ST_COUNT 5

#define SSD__STEP_MAX_OPTS 24
#define SSD__NAME_MAX 64

/* Latency spectrum points: 8 per decade of 1/(1-p), from 0 % to 99.9999 %. */
#define SSD__SPEC_PER_DECADE 8
#define SSD__SPEC_MAX (6 * SSD__SPEC_PER_DECADE + 1)

/* A step as the suite file defines it. The parser (suite_parse.c) or the
 * loader writes it; nothing changes it once the run starts. */
struct ssd__step_def {
    int kind;
    int lineno;
    char *line;                    /* as written */
    char name[SSD__NAME_MAX + 16]; /* "analyze-" + a log stem */
    char group[SSD__NAME_MAX];     /* a curve of the report ("qd-randread"), or "" */
    double x;                      /* the step's point on that curve */

    /* job, filebench, replay: options as written (times unscaled) */
    int nopts;
    char *keys[SSD__STEP_MAX_OPTS], *values[SSD__STEP_MAX_OPTS];
    char log[SSD__NAME_MAX]; /* series file stem, "" = none */
    int log_off;             /* log=none: not even a fill's own log */
    /* trim */
    uint64_t offset, length; /* length 0 = to the end of the target */
    /* idle */
    double idle_s; /* unscaled */
    /* analyze: the logs' stems and analysis options */
    char series[SSD__NAME_MAX], reference[SSD__NAME_MAX];
    char ddir[8]; /* the direction analysed: "" (writes), "read" or "any" */
    int naopts;
    char *akeys[SSD__STEP_MAX_OPTS];
    double avalues[SSD__STEP_MAX_OPTS];
};

/* What a step did: written by the runner as the step runs (or by the
 * loader from results.json), read by every output. */
struct ssd__step_result {
    int state;
    char *error;
    char *reason; /* SKIPPED: why ("TRIM refused: ...") */
    char started[32];
    double wall_s;
    char *job_json, *truth_json, *analysis_json;
    /* job, replay: the bytes job_json says were written ("write"."bytes"),
     * noted when job_json is parsed for the step's figures
     * (ssd__step_note_written): a suite adds up every earlier step's at
     * the start of each step, and parsing each JSON again was a third of
     * lab2016's time under ASan. written_of is the job_json they were read
     * from (another one is parsed again). */
    const char *written_of;
    double job_written;
    /* pts: the test's rounds, steady state and tables (results.json's
     * "pts" object, suite_pts.c) */
    char *pts_json;
    /* figures the headline and the report use */
    double runtime_s, bw_bps, iops, read_bps, write_bps;
    double lat_mean_us, lat_p50_us, lat_p99_us, lat_p999_us;
    /* job: the latency spectrum (us, both directions) at the percentiles
     * 100 * (1 - 10^(-k / 8)), k < nspec (suite_latency.c) */
    int nspec;
    double spec_us[SSD__SPEC_MAX];
    ssd_series *curve; /* analyze: the analysed series, kept for the report */
    /* analyze, loaded from results.json: 1 + the index of an earlier step
     * with the same analysis (series, reference, options), whose results
     * this one copies and whose chart stands for both; 0 otherwise. */
    int same_as;
    int has_summary;
    int sum_stored; /* sum and phases come from results.json: the CSV is gone */
    struct ssd_analysis_summary sum;
    size_t nphases;
    struct ssd_phase *phases;
    double truth_cache_bytes, truth_post_bps, truth_fold_bytes, truth_gc_bytes, truth_recovered;
    double truth_room_before; /* fast-write bytes the drive had when the job started */
    /* precondition: bytes it wrote (NaN before it ran); purge: what was done
     * ("secure discard", "discard", "hole punch", "model reset") */
    double written_bytes;
    char how[24];
    /* the drive's temperature (hwmon) around the step, NaN when unknown */
    double temp_before_c, temp_after_c;
    /* steps that write: the drive's counters before and after
     * ({"source","before","after","delta"} or {"available": false, "why"}),
     * NULL when not read; the write amplification over the step (media over
     * host bytes written), NaN when the drive does not expose media writes */
    char *health_json;
    double wa;
    /* trim: whether it reached the drive (ssd_trim_reach): how is NULL when
     * unknown (not run, or an older results.json); fs, mount point and
     * options name the file's filesystem (NULL for other targets) */
    int trim_reached;
    char *trim_how, *trim_fs, *trim_mount, *trim_mount_opts;
    double trim_fitrim_bytes; /* NaN when FITRIM did not run */
    /* filebench: seconds and bytes/s of each file test (copy, archive...) */
    int nfile;
    struct {
        char name[16];
        double seconds, bps;
    } file[4];
};

struct ssd__step {
    struct ssd__step_def def;
    struct ssd__step_result res;
};

/* The run as results.json records it. */
struct ssd__results {
    /* The target as results.json and the report describe it. */
    char *target_uri;
    char target_kind[16];
    uint64_t target_size;
    unsigned target_block;
    char *drive_json; /* the drive's identity (ssdcore/drive.h), NULL before the run */
    char host_name[128], host_kernel[256], host_cpu[256];
    char suite_name[SSD__NAME_MAX];
    char *suite_file;
    double scale;
    struct ssd__step *steps;
    int nsteps;
    int loaded, steps_total; /* loaded: steps_total as results.json said */
    char started[32], finished[32];
    char run_id[40]; /* 32 hex digits drawn at the start: the run's identity in a catalog */
    char tool[64];   /* loaded: the ssdcore that wrote it ("ssdcore 0.1.0"), "" unknown */
    int interrupted;
    int running; /* between the run's first and last save (or, loaded: still locked) */
    int killed;  /* loaded: results.json said running, yet nobody holds the lock */
    char *error;
    /* What the target knew of the drive's past when the run began (its
     * analysis context, io/target_impl.h), where the suite's own counts
     * start (written_since_trim.c): a sim: drive opened precondition=seq_fill,
     * a target a precondition filled before the suite. Not in results.json:
     * only a running suite counts. start_precondition: enum
     * ssd_precondition, -1 unknown. */
    int start_known, start_precondition, start_idle_known, start_since_idle_known;
    double start_written, start_idle_s, start_since_idle;
};

/* The results model of a suite handle (one loaded with ssd_suite_load, for
 * the compare page). */
const struct ssd__results *ssd__suite_results(const ssd_suite *s);

/* "job", "trim", "idle", "analyze", "filebench", "replay", "precondition",
 * "purge", "pts"; -1 / NULL when unknown. */
const char *ssd__step_kind_name(int kind);
int ssd__step_kind(const char *name);
/* The name of a step state ("done", "skipped"...), "?" when unknown; the
 * state of a name, -1 when unknown. */
const char *ssd__step_state_name(int state);
int ssd__step_state(const char *name);
/* "running", "complete", "interrupted" or "failed". */
const char *ssd__suite_status(const struct ssd__results *r);
/* The run's suite as the compare and the catalog name it: the built-in
 * suite, else the suite file; NULL when results.json has neither. */
const char *ssd__results_suite(const struct ssd__results *r);
/* "step N (trim, line L): the TRIM did not reach the drive: HOW; FS on
 * MOUNT, mount options OPTS" for a TRIM known not to have reached the
 * drive (malloc'd), else NULL. */
char *ssd__trim_warning(const struct ssd__step *st, int index);
/* The number of steps that were skipped. */
int ssd__suite_skipped(const struct ssd__results *r);
/* The step among the first `before` by name (NULL when none); by log stem. */
/* The value a step line gave for key (job, filebench and replay options), or
 * NULL (step_options.c). */
const char *ssd__step_option(const struct ssd__step *st, const char *key);
/* The file-test group a done step's file tests belong to (a filebench
 * step's name, a replayed file test's group), NULL for other steps. */
const char *ssd__file_test_key(const struct ssd__step *st);
/* 1 for a replay of a recorded file test (trace=filetest:...), set's
 * creation included: reported with the file tests, not as a trace. */
int ssd__replay_is_file_test(const struct ssd__step *st);
const struct ssd__step *ssd__suite_find(const struct ssd__results *r, const char *name, int before);
const struct ssd__step *ssd__suite_find_log(const struct ssd__results *r, const char *stem,
                                            int before);
/* The job that logged the series analyze step an of r reads, or NULL. */
const struct ssd__step *ssd__analysis_job(const struct ssd__results *r, const struct ssd__step *an);
/* A fill writes the whole drive: at least this share of its size (a size
 * given rounded, "512g" on a 512 GB drive, is more; a shorter logged job
 * after a TRIM, lab2016's sequential tests, is no fill). The parser keeps
 * the log of a job meant to write that much after a whole-target TRIM or
 * purge, when a logged run follows it, so that the rule below finds it. */
#define SSD__FILL_MIN_SHARE 0.99
/* The logged fill job `job` (a job step's index) follows: the first
 * logged job that wrote from a whole-target TRIM or purge (nothing
 * written since when it began) at least the target's size, with no TRIM, purge, precondition or PTS
 * step between it and `job`, which wrote after it; NULL when there is
 * none. Its log shows the drive's fresh cache: the reference an analyze
 * step of job's log takes when it names none (docs/analysis.md, "The
 * fill's own log as the reference"). */
const struct ssd__step *ssd__suite_fill_log(const struct ssd__results *r, int job);
/* The job step called name if it finished (done), else NULL. */
const struct ssd__step *ssd__suite_find_done(const struct ssd__results *r, const char *name);
/* 1 when st is a finished job on curve `group` at an x its axis can show
 * (on a log2 axis, x > 0): a point the report, the compare page and the
 * verdicts draw or judge. */
int ssd__curve_point(const struct ssd__step *st, const char *group, int xlog2);

/* What a reader calls the run's drive (drive_name.c): the simulator
 * profile's drive ("Crucial BX200 240 GB"), else the identity's model with
 * its capacity and firmware, else the target URI. Always a string. */
void ssd__drive_name(const struct ssd__results *r, char *buf, size_t len);

/* results.json's "target" object (uri, kind, size, block size, the drive's
 * identity), for results.json and the compare page's drives. */
struct ssd__jw;
void ssd__results_target_json(struct ssd__jw *w, const struct ssd__results *r);
/* The run's headline figures: the headline results.json writes,
 * flattened as every view shows it (figure_labels.h), in *out (free with
 * ssd__figs_free, also after a failure). 0 or SSD_ENOMEM. */
struct ssd__figs;
int ssd__results_figs(const struct ssd__results *r, struct ssd__figs *out);
/* An analyze step that has no figures because it failed (its CSV missing
 * or unreadable, too few samples...): the headline, the text summary and
 * the report say so instead of leaving the curve out. */
int ssd__analysis_lost(const struct ssd__step *st);
/* "step 41 (analyze-degradation): <why>[; the analysis stored in
 * results.json is kept]" into buf. */
void ssd__analysis_lost_text(const struct ssd__results *r, const struct ssd__step *st, char *buf,
                             size_t len);

/* Bytes written to the target since its last whole-target TRIM before step
 * `before` began: jobs' and replays' writes, less what partial TRIMs
 * covered (written_since_trim.c). */
double ssd__written_since_trim(const struct ssd__results *r, int before);
/* Notes the bytes a job or replay step wrote from its parsed job_json
 * (root), for ssd__written_since_trim. */
struct ssd__jv;
void ssd__step_note_written(struct ssd__step *st, const struct ssd__jv *root);
/* Whether job step st (the suite's `fill`) wrote the whole target: at
 * least SSD__FILL_MIN_SHARE of its size (1 when the size is not known).
 * Only then is its run time the whole-drive fill time. */
int ssd__step_wrote_whole_target(const struct ssd__results *r, const struct ssd__step *st);
/* How the drive was preconditioned when step `before` began: the word a
 * job records in its log ("none" after a whole-target TRIM or a purge,
 * "seq_fill" / "random_fill" after a precondition step, with nothing else
 * written since), or NULL when the suite does not know (not recorded). */
const char *ssd__precondition_since_trim(const struct ssd__results *r, int before);
/* Seconds the drive idled between the suite's last write and step
 * `before` (DESIGN.md's idle_before_s): an idle step adds its time, a
 * write (a job or replay that wrote, a precondition, a PTS test) makes it
 * 0; NaN (unknown) before the suite's first write and after a step that
 * ran without writing or idling (a read-only job, a file test). */
double ssd__idle_since_write(const struct ssd__results *r, int before);
/* Bytes the suite wrote between the drive's last idle and step `before`
 * (DESIGN.md's written_since_idle_bytes: an idle flushes the SLC cache,
 * which then holds only what was written since): an idle step of any
 * length makes it 0, a job, replay or precondition adds what it wrote (a
 * TRIM, a purge or a read adds nothing); NaN (unknown) before the suite's
 * first idle (unless the target knew it) and after an idle cut short, a
 * PTS test (idles and writes in rounds) or a file test. */
double ssd__written_since_idle(const struct ssd__results *r, int before);

/* The bytes a `fill level=|bytes=` step (a precondition of kind fill)
 * writes on a target of `size` bytes. */
uint64_t ssd__fill_step_bytes(const struct ssd__step *st, uint64_t size);

/* A test run on the empty drive and again at a fill level (the naspt
 * suite's group naspt-TEST, x = the level, 0 when empty): its MiB/s... in
 * bytes/s, NaN for a state that did not run. */
struct ssd__fill_figure {
    char test[64];
    double empty_bps, full_bps, level_pct;
};
/* Whether `group` is such a test's group. */
int ssd__fill_level_group(const char *group);
/* Fills *f for `group`; 0 when the run has no finished step in it. */
int ssd__fill_level_pair(const struct ssd__results *r, const char *group,
                         struct ssd__fill_figure *f);
/* Every such test of the run, in the order they first ran (at most max);
 * returns how many. */
int ssd__fill_level_figures_of(const struct ssd__results *r, struct ssd__fill_figure *out, int max);

/* The model's level after the cache (the median of its whole intervals'
 * rates, as the analysis' level is the median of its samples) for the job
 * whose truth it is; its mean where results.json has no level (written
 * before the levels were); NaN without a truth. */
double ssd__truth_post_cache_level(const struct ssd__step *job);

/* 1 with a short "what differs" in buf when the analysis step an disagrees
 * with the sim truth of its logging job beyond the stated uncertainty. */
int ssd__truth_mismatch(const struct ssd__step *an, const struct ssd__step *job, char *buf,
                        size_t len);

/* The report label of a step the latency chart and table show (the random
 * 4K tests and the degradation run), or NULL. */
const char *ssd__latency_label(const char *step_name);

/* CrystalDiskMark figures: each test's best pass, with the warning when
 * the test file fits inside the drive's known SLC cache (warning ""
 * otherwise). Returns the number of figures (at most max). */
struct ssd__cdm_figure {
    char name[SSD__NAME_MAX];
    double best_bps;
    /* The best pass's IOPS and mean latency, and the spread of the passes
     * (slowest and fastest, how many were done), as CrystalDiskMark's
     * IOPS and latency views and its per-pass log show them. */
    double best_iops, best_lat_us, min_bps, max_bps;
    int passes;
};
int ssd__suite_cdm_figures(const struct ssd__results *r, struct ssd__cdm_figure *out, int max,
                           char *warning, size_t wlen);
/* The PTS steps (pts_results.c): their "pts" object parsed (0, or -1 for
 * another step or bad JSON; free with ssd__jv_free), a number of a
 * matrix ("iops"[mix][bs]; a plain array's item i when j is 0) and the
 * row of a value in a number array ("block_sizes"); the headline's "pts"
 * object and the text summary's lines. */
struct ssd__jv;
struct ssd__jw;
struct ssd__text;
int ssd__pts_parse(const struct ssd__step *st, struct ssd__jv *out);
double ssd__pts_cell(const struct ssd__jv *v, const char *key, size_t i, size_t j);
int ssd__pts_index(const struct ssd__jv *v, const char *key, double x);
/* The cell of matrix `key` at R/W mix read_pct and block size bs (the
 * headline's, the text summary's and the report's "4K random write"), NaN
 * when the test did not run that mix or size. */
double ssd__pts_at(const struct ssd__jv *v, const char *key, int read_pct, double bs);
void ssd__pts_headline(const struct ssd__results *r, struct ssd__jw *w);
void ssd__pts_summary(const struct ssd__results *r, struct ssd__text *t);
/* Why a round test stopped, in words ("stopped at steady state"), from
 * its results.json "stopped_by" value; the value itself when unknown. */
const char *ssd__pts_stop_words(const char *stopped_by);

/* The application score over the done steps of group "apps" (returns how
 * many there were). */
int ssd__suite_apps_score(const struct ssd__results *r, double *score_bps, double *mean_bps);

/* The Full System Drive-like bandwidth and access time (geometric means
 * over the done replay steps of groups fsd*) and their combined score
 * (ssd_replay_fsd_score); returns how many steps there were. */
int ssd__suite_fsd_figures(const struct ssd__results *r, double *bw_bps, double *access_s,
                           double *score);

/* A done replay step of the fsd suite (group fsd*), scored or not. */
int ssd__replay_is_fsd(const struct ssd__step *st);

#endif
