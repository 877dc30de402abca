/* analysis_internal.h - internal: the analysis handle and the steps of a run
 * (one file each: analysis_curve.c, analysis_phases.c, analysis_cache.c,
 * analysis_consistency.c, analysis_dips.c, analysis_steady.c, analysis_json.c). */
#ifndef SSD_ANALYSIS_INTERNAL_H
#define SSD_ANALYSIS_INTERNAL_H

#include <stddef.h>

#include <ssdcore/analysis.h>

#include "errmsg.h"

/* The options (analysis.c's table, ssd_analysis_options). */
struct ssd__analysis_opts {
    double penalty, min_step, min_drop, min_phase_fraction;
    uint64_t min_phase_samples, exact_limit; /* counts */
    double dip_depth, ss_round_s, ss_range, ss_slope;
    double noise_merge;
    uint64_t capacity_bytes, written_before_bytes, expect_cache_bps; /* sizes */
    int precondition;                                                /* enum ssd_precondition */
    double throttle_min_c;
    /* The bytes of the drive the run's writes address; 0: unknown (the
     * option unset, once context_of has read the series metadata) */
    uint64_t span_bytes;
    /* Seconds the drive idled since its last write before the run; NaN
     * unknown (once context_of has read the series metadata) */
    double idle_before_s;
    /* Bytes written since the drive last idled (what its SLC cache can
     * hold when the run began; since_idle_known: once context_of has read
     * the series metadata, else the option) */
    uint64_t written_since_idle_bytes;
    int since_idle_known;
    /* written_before_bytes (even 0), precondition, idle_before_s or
     * written_since_idle_bytes was given: it then wins over the series
     * metadata's */
    int written_before_set, precondition_set, idle_before_set, since_idle_set;
};

/* A series prepared for analysis: per-sample duration, rate and log-rate. */
struct ssd__curve {
    size_t n;
    const double *t, *b; /* t: trel, seconds since the run's start */
    double *trel;        /* t_s - t0 (n entries) */
    double t0;           /* the run's start on the series' clock */
    double *r, *y, *cum; /* cum[i]: bytes before sample i (n + 1 entries) */
    double *scratch;     /* n entries for medians and sorts */
    double sigma;        /* robust noise of y (MAD of differences) */
    double duration, total;
    struct ssd_phase *ph;
    size_t nph;
    size_t min_len;  /* shortest lasting phase, samples */
    double capacity; /* the drive's capacity in bytes (NaN: unknown) */
    size_t lead;     /* samples of a slower start the first phase took in (0: none) */
    double *segsig;  /* while segmenting: each segment's own noise (n + 1) */
    /* While segmenting: the log-rates of each segment in sorted runs
     * (segys), run[i] 1 where a sorted run starts, 2 where an unsorted one
     * does (its level is then selected from y), 0 inside (n + 1). */
    double *segys;
    unsigned char *segrun;
    /* The last ssd__diff_median asked for: [a, b) and its value (several
     * passes ask for the same range, a million samples costing a
     * selection each time). */
    struct ssd__diff_memo {
        size_t a, b;
        double med;
    } * diff_memo;
};

#define SSD__MAX_STEPS 16
#define SSD__MAX_TREND 128
#define SSD__MAX_BURSTS 64

/* A later step down (or up) of the write level after the post-cache phase;
 * not the suite runner's step (suite_impl.h). */
struct ssd__level_step {
    double start_bytes, start_s, level_bps;
};

struct ssd__burst {
    double start_bytes, bytes, start_s, duration_s, level_bps;
};

struct ssd__result {
    struct ssd_analysis_summary sum;
    size_t cache_phase_end; /* first sample after the cache (n when none) */
    size_t post_phase;      /* the phase steps are counted from (post-cache, or 0) */
    double slump_bytes;     /* a slump right after the cache, not its post-cache level (0: none) */
    int slump_labelled;     /* that slump labelled `other`, its own phase (ssd__label_phases) */
    struct ssd__level_step steps[SSD__MAX_STEPS];
    size_t nsteps;
    struct ssd__burst bursts[SSD__MAX_BURSTS];
    size_t nbursts, bursts_total;
    int recovery_censored;
    /* The used state's level along its slide: bytes written, level */
    double gc_trend_bytes[SSD__MAX_TREND], gc_trend_bps[SSD__MAX_TREND];
    size_t gc_ntrend;
    double lowest_phase_bps;   /* as a reference: its slowest phase's level */
    double direct_bps;         /* its direct phase's level after a cache (0: none) */
    double slight_cache_bytes; /* where a cache too slight to call ended (NaN: none) */
    int slight_lasting;        /* a slight step's first level lasted min_phase_samples or more */
    size_t slight_samples;     /* that first level's samples (0: no slight step) */
    int had_reference;         /* run with a reference: the JSON has "recovery" */
    const char *recovery_note; /* static; why recovery is undefined (NULL: it is not) */
    const char *regime_note;   /* static; how regimes were labelled (NULL: nothing to say) */
    /* What the one curve cannot decide (ssd_analysis_undecided): the two
     * readings ("cache_or_clean_blocks", "direct_or_folding",
     * "folding_or_used_state", "cache_or_direct", "cache_or_throttle"), the one the labels
     * took and what decides ("reference", "capacity", "past", "capacity_and_past",
     * "longer_run", "cooler_run");
     * static strings, all NULL when the labels are decided. */
    const char *undecided, *undecided_read_as, *decided_by;
    const char *throttle_note; /* static; why throttling was not assessed (NULL: it was) */
    int throttle_steps;        /* throttled phases */
    /* consistency */
    double window_start_bytes, window_end_bytes;
    double min_over_max, mean_over_sigma, dip_base_bps, dip_count;
    /* latency (NaN when the series has no such column) */
    double lat_p50_us, lat_p99_us, lat_p999_us, lat_mean_us, lat_max_us;
    /* steady state */
    int ss_reached, ss_rolling_reached;
    double ss_start_s, ss_start_bytes, ss_mean_bps, ss_range_ratio, ss_slope_ratio;
    double ss_rolling_start_s, ss_rolling_start_bytes, ss_round_s;
    double ss_first_stable_s; /* the first window anywhere that meets the rule */
    /* The last stable region is the fresh plateau (ssd__steady_fresh):
     * where it starts and its mean, kept beside; ss_reached is then 0. */
    double ss_fresh_start_s, ss_fresh_bps;
    size_t ss_rounds; /* rounds from the steady state's start to the run's end */
    /* The workload the series metadata records (DESIGN.md, "The analysis
     * context travels with the run"); pattern "" when it records none. */
    char pattern[16];
    /* The run's reference was logged with another workload (its pattern,
     * sequential or random, or its block size differs: ssd__other_workload):
     * its speeds do not carry over, so the run's levels are not read
     * against them and no recovery is measured; what the drive's cache is
     * (none, static or dynamic, ref_kind) still does. */
    int ref_other_workload;
    /* That reference showed no cache (ref_kind none) in random writes
     * before this run's sequential ones: its SLC and direct writes may run
     * at one speed (both at the host's small-block limit), so it cannot
     * rule out a cache this run's larger blocks show. */
    int ref_none_small_blocks;
    int ref_kind;                /* enum ssd__ref_kind: what the reference showed of the cache */
    double ref_kind_cache_bytes; /* its cache's size, fresh (NaN: none or unknown) */
    double ref_kind_cache_unc;   /* that size's stated uncertainty (bytes, 0 when none) */
    double ref_kind_direct_bps;  /* that reference's direct level, when this run's writes
                                  * (sequential, blocks no smaller) run no slower (NaN) */
    double ref_kind_cache_bps;   /* that reference's cache level, on the same terms (NaN) */
    int ref_kind_slight;         /* ref_kind static from a same-workload reference's slight
                                  * step (ssd__slight_static_ref) */
    /* A random fill's first-sample dynamic cache with a fill log that
     * showed a dynamic cache: the level after it is labelled folding (1),
     * and dynamic_ref_first_sample_fold split it (2: its end is the onset). */
    int dynamic_ref_fold;
    char temp_source[32]; /* the metadata's temp_source: where temp_c was read */
    double block_size, queue_depth;
    /* The used state's phase after a sequential fill's folding that
     * seq_fill_fold_end split off (2 or 3), or 0. */
    size_t seq_fold_end;
    /* seq_fill_fold_end found that folding inside a lasting used state
     * (fold_run_in_used_state): its end is the onset, no knee to seek. */
    int seq_fold_in_used;
    /* seq_fold_run_after_direct split the folding off phase 2 (the used
     * state is phase 3): phase 2 is the folding, however short. */
    int seq_fold_after_direct;
    /* seq_cache_before_direct split a cache off the direct writes with no
     * reference that showed the cache's kind (ref_kind unknown). */
    int seq_cut_no_ref;
    /* seq_direct_fold_gc's four levels after a cache too small to be
     * dynamic by its size, no reference: phase 2 is the folding. */
    int seq_fold4_small;
    /* first_sample_cache_before_level split the cache off: the level
     * after it is not read as its folding by its length. */
    int first_cache_level;
    /* first_sample_cache_before_fold or _before_level bounded the cache
     * in a second sample that mixes it with the level: its upper bound,
     * the cache at the first sample's speed, is its size for the
     * folding's length. */
    int cache_at_first_speed;
    /* After a sequential fill's dynamic cache, one lasting level, then a
     * used state to the run's end as quiet as that level
     * (quiet_after_level): direct writes, then the folding. */
    int seq_quiet_after_direct;
    /* fold_across_onset split a fresh drive's folding off the direct
     * writes and the used state around the onset: the phase before the
     * used state is the folding, however short. */
    int fold_across_onset;
    /* The drive's own GC dips where it writes at a level (the longest
     * cache or direct phase with periodic dips): the speed inside a dip
     * over the level, and a dip's length in seconds (NaN: none found). A
     * run analysed with this one as its reference reads its dips by them
     * (cache_end_through_ref_dip). */
    double own_dip_ratio, own_dip_len_s;
};

/* What a reference showed of the drive's cache, whatever its workload. */
enum ssd__ref_kind {
    SSD__REF_KIND_UNKNOWN = 0,
    SSD__REF_KIND_NONE,    /* no cache, in a run long enough to rule one out */
    SSD__REF_KIND_STATIC,  /* a cache, no folding after it, under the dynamic share */
    SSD__REF_KIND_DYNAMIC, /* a cache that folded, or one the size of a dynamic cache */
};

/* Whether ref was logged with another workload than run: both record their
 * pattern and one is sequential, the other random (a pattern starting
 * "rand" is random), or both record a block size and they differ. 0 when
 * either records nothing (a reference recorded in a run's metadata before
 * its workload was: today's same-workload reading). */
int ssd__other_workload(const struct ssd__result *run, const struct ssd__result *ref);
/* What ref showed of the cache (enum ssd__ref_kind) on a drive of this
 * capacity (NaN: unknown); *cache_bytes its cache's size (NaN: none). */
int ssd__ref_drop_unread(const struct ssd__result *ref, const struct ssd__analysis_opts *o);
int ssd__ref_kind_of(const struct ssd__result *ref, const struct ssd__analysis_opts *o,
                     double capacity, double *cache_bytes);
/* Whether ref, of the run's own workload, is read by its kind alone: a
 * static cache too slight to call, before a run after a random fill
 * (regimes_reference.c). */
int ssd__slight_static_ref(const struct ssd__curve *c, const struct ssd__result *ref,
                           const struct ssd__analysis_opts *o, double capacity);

struct ssd_analysis {
    struct ssd__analysis_opts o;
    char err[SSD__ERRMSG_SIZE];
    int have;
    char *source;
    char *input_note; /* the series' note (per-I/O logs summed...), NULL when none */
    /* The fresh reference the last run used: its source, where it came
     * from ("argument": ssd_analysis_run's; "metadata": the series'
     * "reference") and, when an argument won over the metadata's, the
     * metadata's source (NULL: none). */
    char *ref_source, *ref_overridden;
    const char *ref_from;
    struct ssd__curve c;
    struct ssd__result res;
};

/* analysis.c: runs a on fresh as ssd_analysis_run analyses a reference
 * (its own written_before_bytes and precondition, not the options'). */
int ssd__analysis_run_reference(ssd_analysis *a, const ssd_series *fresh);

/* analysis_json.c: what each of a's JSON documents checks first
 * (ssd__jw_open's checks, then SSD_ESTATE before a run), saying why in a's
 * message; what names the call. */
struct ssd__jw;
int ssd__analysis_json_open(struct ssd__jw *w, const ssd_analysis *a, char **out, int flags,
                            const char *what);

/* analysis_curve.c */
int ssd__curve_prepare(struct ssd__curve *c, const ssd_series *s, char *err);
void ssd__curve_release(struct ssd__curve *c);
double ssd__median(double *v, size_t n);             /* reorders v */
double ssd__quantile(double *v, size_t n, double q); /* reorders v */
/* Robust level of samples [a, b): the median log-rate (uses c->scratch). */
double ssd__level_of(const struct ssd__curve *c, size_t a, size_t b);
/* Leading samples at the cache's level, clear of the next level's noise. */
size_t ssd__own_cache_samples(const struct ssd__curve *c, double next_bps, double step,
                              size_t upto);
/* The least-squares line through y[a, b), x counted from a: returns its
 * slope (per sample) and sets *icpt. */
double ssd__fit_line(const struct ssd__curve *c, size_t a, size_t b, double *icpt);
/* The quantiles qlo <= qhi of v (the qhi one returned, the qlo one in *lo),
 * each equal to ssd__quantile's, for about the cost of one (reorders v). */
double ssd__quantile_pair(double *v, size_t n, double qlo, double qhi, double *lo);
/* Robust per-sample noise of y[a, b): 1.4826 MAD of the differences /
 * sqrt 2 (a trend barely moves it), never below the run's (uses scratch). */
double ssd__curve_noise(const struct ssd__curve *c, size_t a, size_t b);
/* A fresh run's first two levels [a, m), [m, b): quiet, a step but under
 * min_drop apart, a further step after b (analysis_phases.c). */
int ssd__quiet_first_step(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                          size_t m, size_t b);
int ssd__fold_at_capacity(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                          size_t b, double before_lv, double lv);
/* Sample i's duration: t[i] - t[i - 1] (t[0] for the first), computed
 * where needed rather than kept (an array of a million cost more in page
 * faults than its few readers spend on a subtraction). */
static inline double ssd__curve_dt(const struct ssd__curve *c, size_t i) {
    return c->t[i] - (i ? c->t[i - 1] : 0);
}
/* The median of |y[i] - y[i - 1]| for a < i < b (b >= a + 2), c->scratch
 * overwritten; the last range's value is kept and returned again. */
double ssd__diff_median(const struct ssd__curve *c, size_t a, size_t b);

/* analysis_cache.c: the most a cache that ended inside the first sample
 * (lo after it) can have taken: the first sample whole, and whatever the
 * second wrote above lo, taken for noise, at the cache's speed, most when
 * that is the first sample's (a share f = (r1 - lo) / (hi - lo) of it at
 * hi; f hi falls as hi grows). */
double ssd__first_sample_cache_max(const struct ssd__curve *c, double lo);
/* A cache that ended inside the run's first sample, against the level lo
 * after it: at least what that sample wrote above lo, at most
 * ssd__first_sample_cache_max (censored to the resolution). */
void ssd__cache_in_first_sample(const struct ssd__curve *c, double lo,
                                struct ssd_analysis_summary *S);
/* The summary's cache figures cleared: no cache. */
void ssd__no_cache_figures(struct ssd_analysis_summary *S);

/* analysis_phases.c: segmentation and clean-up into c->ph. */
/* The median of v[a, b) made of sorted runs, each starting where run[] is
 * nonzero (run[a] among them): merges them into one sorted run in place
 * (run[a] = 1, the other marks cleared; tmp: b - a doubles). ssd__median's
 * value. */
double ssd__sorted_runs_median(double *v, unsigned char *run, double *tmp, size_t a, size_t b);
int ssd__curve_phases(struct ssd__curve *c, const struct ssd__analysis_opts *o, char *err);
/* Whether the speed holds at level lev (log) through y[a, b): three
 * quarters of its samples or more within min_step of it (a level, not the
 * mixed samples of a drop). */
int ssd__holds_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                     size_t b, double lev);
/* Moves the start of phase j (and so the end of phase j-1) to sample first,
 * recomputing both phases' figures. */
void ssd__curve_move_boundary(struct ssd__curve *c, size_t j, size_t first);
/* Splits phase j at sample at (a new phase j+1 from there on). Returns 0 or
 * SSD_ENOMEM (the phases unchanged). */
int ssd__curve_split(struct ssd__curve *c, size_t j, size_t at);
/* Merges phase j+1 into phase j. */
void ssd__curve_merge_next(struct ssd__curve *c, size_t j);
/* Merges neighbours from phase 1 on that are one steady slide (a line fits
 * their samples as well as their two levels, and about as well as two
 * lines); *keep, a phase index, follows the merges. Returns the count. */
size_t ssd__curve_merge_slides(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                               size_t *keep);

/* analysis_cache.c */
/* How far a cache's end placed bytes_in bytes into sample m (the cache
 * from sample first, at level hi, then level lo) may lie from there: the
 * transition stretch of samples between the two levels around m (0 when
 * m's neighbours are at the levels). */
double ssd__cache_end_spread(const struct ssd__curve *c, size_t first, size_t m, double hi,
                             double lo, double bytes_in);
void ssd__find_cache(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                     struct ssd__result *res);
/* Steps below the post-cache phase (res->post_phase) and folding, from the
 * current phases; ssd__find_cache calls it, and so does a later re-phasing. */
void ssd__find_steps(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                     struct ssd__result *res);
void ssd__find_recovery(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                        const struct ssd__result *ref, struct ssd__result *res);

/* analysis_regimes.c: labels every phase (cache, direct, folding, gc,
 * other), merges the used-state decline into one phase, re-checks the cache
 * against it (a drop where clean blocks ran out is no cache), sets the gc
 * and folding figures. capacity: the
 * drive's user bytes, or NaN/0 when unknown. ref: the reference run's
 * result (the same drive fresh), or NULL. */
void ssd__label_regimes(struct ssd__curve *c, const struct ssd__analysis_opts *o, double capacity,
                        const struct ssd__result *ref, struct ssd__result *res);

/* analysis_thermal.c: the temperature figures and thermal throttling,
 * from the series' temp_c column (nothing without one). A throttle whose
 * onset is the drop the cache test took for the cache's end takes the
 * cache's place: the fast start was the drive before it got hot. */
void ssd__find_throttle(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                        const ssd_series *s, struct ssd__result *res);

/* analysis_slide.c: the used state's level just after the onset, at the
 * end (it sets gc_end_level_bps), its mean slope and points along it. */
void ssd__gc_slide(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                   struct ssd__result *res);

/* analysis_dips.c: periodic dips, each phase's (phases[i].dips: the
 * reviews' dips are a property of one state of the drive, e.g. the fresh
 * SSD370) and the window's from sample a on (the summary's), by one finder. */
void ssd__find_dips(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                    struct ssd__result *res);

/* analysis_consistency.c */
void ssd__consistency(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                      const ssd_series *s, struct ssd__result *res);

/* analysis_steady.c */
/* Cumulative bytes at time t (linear inside a sample); *hint: the first
 * sample whose end is >= t for a nearby t, updated (any value works). */
double ssd__bytes_at(const struct ssd__curve *c, double t, size_t *hint);
void ssd__steady_state(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                       struct ssd__result *res);
/* After ssd__steady_state and the regimes: a last stable region that is the
 * fresh plateau (capacity known, precondition none or unknown, no used
 * state, the run plus what was written before it short of the capacity) is
 * no steady state: ss_reached 0, sum.steady_fresh 1, the plateau kept in
 * ss_fresh_*. */
void ssd__steady_fresh(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                       double capacity, struct ssd__result *res);

#endif
