/*
 * ssdcore/analysis.h - the write-curve analysis: phases of the
 * throughput-vs-bytes curve, SLC cache size, post-cache and folding levels,
 * GC recovery against a fresh reference, consistency and steady state.
 *
 * Method (docs/analysis.md has the details and a picture): the per-interval
 * rate is log-scaled (so a 6x drop and noise proportional to the level look
 * the same everywhere), segmented exactly by PELT with an L2 cost and a
 * penalty scaled by a robust (MAD) noise estimate, then cleaned: segments
 * shorter than a minimum phase that sit below (dips, stalls) or above
 * (bursts) both neighbours are folded into them, and so are short clusters of
 * dips between two stretches at one level; neighbours closer than a minimum
 * step, or not worth a split at the noise of their own samples, are merged,
 * and so are the short steps of a staircase that keeps going one way. The
 * cache is the first phase when it is followed by a lasting drop; its end is
 * placed inside the sample where the drop happened from that sample's rate
 * (mixing of the two levels).
 *
 * Usage:
 *     ssd_analysis *a;
 *     ssd_analysis_create(&a);
 *     ssd_analysis_set_option(a, "penalty", "4");      // optional
 *     if (ssd_analysis_run(a, series, NULL) < 0) puts(ssd_analysis_errmsg(a));
 *     char *json; ssd_analysis_to_json(a, NULL, SSD_JSON_PRETTY, &json); ... ssd_free(json);
 *     ssd_analysis_free(a);
 *
 * A handle may be run many times (each run replaces the previous result).
 * Handles are independent; one handle must not be used by two threads at
 * once.
 */
#ifndef SSDCORE_ANALYSIS_H
#define SSDCORE_ANALYSIS_H

#include "base.h"
#include "series.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ssd_analysis ssd_analysis;

/* Censoring of the cache size. */
enum ssd_censoring {
    SSD_CENSOR_NONE = 0,      /* the drop was seen */
    SSD_CENSOR_RIGHT = 1,     /* no drop before the end: the cache is at least bytes */
    SSD_CENSOR_RESOLUTION = 2 /* the drop is in the first sample or two: bytes is a lower bound */
};

/* What limits the writes in a phase (ssd_analysis_regime_name gives the
 * JSON word). */
enum ssd_regime {
    SSD_REGIME_OTHER = 0,     /* none of the below (a burst, a stretch before a cache...) */
    SSD_REGIME_CACHE = 1,     /* writing into the SLC cache */
    SSD_REGIME_DIRECT = 2,    /* straight to TLC/MLC: after the cache, or with none */
    SSD_REGIME_FOLDING = 3,   /* a dynamic cache folded while the host writes */
    SSD_REGIME_GC = 4,        /* used state: clean blocks ran out, GC limits writes */
    SSD_REGIME_THROTTLE = 5,  /* a hot drive capped its speed (needs a temp_c column) */
    SSD_REGIME_SLOW_START = 6 /* a start slower than the cache before it (a ramp, a
                                 low-power state): not counted in the cache */
};

/* How the drive was preconditioned before the run (the "precondition" word
 * of the series metadata, a job's option and the analysis option). */
enum ssd_precondition {
    SSD_PRECONDITION_NONE = 0,        /* fresh: nothing deliberate since TRIM/sanitize */
    SSD_PRECONDITION_SEQ_FILL = 1,    /* filled sequentially (SNIA PTS WIPC) */
    SSD_PRECONDITION_RANDOM_FILL = 2, /* filled with random writes (SNIA PTS WDPC) */
    SSD_PRECONDITION_UNKNOWN = 3      /* not recorded */
};

/* One phase of the curve: a run of samples around one level. */
struct ssd_phase {
    size_t size;                   /* sizeof this struct: see "The API convention" in base.h */
    double start_bytes, end_bytes; /* bytes written before the phase / at its end */
    double start_s, end_s;
    double level_bps;                         /* robust level: median of the per-sample rates */
    double mean_bps;                          /* bytes / seconds inside the phase */
    double slope_bps_per_byte;                /* least-squares trend of the rate over bytes */
    size_t first, last;                       /* sample indices, inclusive */
    int regime;                               /* enum ssd_regime */
    int has_dips;                             /* periodic dips inside this phase */
    double dip_period_s, dip_depth, dip_duty; /* NaN when has_dips is 0 */
    /* Its level at its start and at its end: level_bps both for a flat
     * phase; for each phase a used state that slides spans (sliding 1: its
     * first GC phase and the GC and unnamed phases after it, to the run's
     * end), the slide's level there (the JSON's "gc"."trend", linear
     * between its points), so the first starts at gc_start_level_bps and
     * the last ends at gc_end_level_bps. The JSON's phases[] give the
     * three under these names. */
    double start_level_bps, end_level_bps;
    int sliding;
};

/* The headline figures. Fields not applicable are NaN (cache_bytes when no
 * cache, folding_* when no folding, recovered_* without a reference or when
 * the reference has no cache: see ssd_analysis_recovery_note). */
struct ssd_analysis_summary {
    size_t size; /* sizeof this struct: see "The API convention" in base.h */
    size_t samples;
    double duration_s, total_bytes;
    int has_cache;
    double cache_bytes, cache_level_bps, cache_drop_ratio, cache_uncertainty_bytes;
    int cache_censored; /* enum ssd_censoring */
    double post_cache_bps;
    int has_folding;
    double folding_start_bytes, folding_level_bps;
    int has_recovery;
    double recovered_bytes, reference_level_bps;
    double mean_bps, cv, p1_over_mean, p5_over_mean;
    int has_dips;
    double dip_period_s, dip_depth, dip_duty;
    /* Used state: where clean blocks ran out (GC onset), the gc phase's
     * level and its level at the end of the run. */
    int has_gc;
    double gc_start_bytes, gc_level_bps, gc_end_level_bps;
    double capacity_bytes;       /* the option, or the series' metadata; NaN unknown */
    double written_before_bytes; /* written since TRIM before the run: the option, else the
                                    series metadata's "written_before_bytes", else 0 */
    int precondition;            /* enum ssd_precondition: the option, else the series
                                    metadata's "precondition", else unknown */
    /* The used state as it slides (NaN without one): its level just after
     * the onset and its mean slope from there to its end, in bytes/s per
     * GiB written (negative: falling; gc_end_level_bps is where it ends).
     * gc_sliding: the two levels differ by the min_step option or more. */
    double gc_start_level_bps, gc_slope_bps_per_gib;
    int gc_sliding;
    /* enum ssd_censoring: SSD_CENSOR_RIGHT when the run never slowed to a
     * lasting low level, so recovered_bytes (all it wrote) is a lower
     * bound; SSD_CENSOR_NONE otherwise, and without a recovery. */
    int recovery_censored;
    /* Steady state by the SNIA PTS rule (5 rounds of ss_round_s), in the
     * last stable region: 1 when the run ends in it; it starts at
     * steady_start_s / _bytes (NaN when not reached) and its measurement
     * window averages steady_mean_bps. */
    int steady_reached;
    double steady_start_s, steady_start_bytes, steady_mean_bps;
    /* Temperature, from the series' temp_c column (has_temperature 0 and
     * NaN without one): the first, highest and last reading. */
    int has_temperature;
    double temp_start_c, temp_max_c, temp_end_c;
    /* Thermal throttling (only with temperatures; never guessed from the
     * speed alone): a step down at the hottest point of a heating drive
     * after which the temperature holds. Where and at what temperature it
     * began, the speed before and in the first throttled phase, and the
     * seconds spent in throttled phases. NaN when has_throttle is 0. */
    int has_throttle;
    double throttle_start_s, throttle_start_bytes, throttle_temp_c;
    double throttle_level_bps, throttle_before_bps, throttled_s;
    /* 1 when the used state may be a dynamic cache's folding instead: a
     * drive written full, a flat slow level right after its dynamic cache
     * (by the reference) that runs to the end, no longer than folding what
     * the cache can hold lasts. The drive folds its cache before GC runs,
     * and GC may follow at the same speed: no curve tells where. */
    int gc_may_be_folding;
    /* 1 when steady_reached is 0 because the drive is still fresh: the
     * capacity known, nothing deliberate before the run (precondition none
     * or unknown), random writes (the metadata's pattern), no used state
     * found and the run with what was written before it short of the
     * capacity. The run's last stretch meets the
     * SNIA rule, but it is the fresh plateau, which the drive leaves once
     * its clean blocks run out: no steady state. */
    int steady_fresh;
    /* Seconds the drive idled between its last write and the run: the
     * option, else the series metadata's "idle_before_s", else NaN
     * (unknown). 0: the run began right after a write (a fill), so no
     * idle time cleaned blocks for it. */
    double idle_before_s;
    /* The bytes of the drive the run's writes address: the option, else
     * the series metadata's "span_bytes" (a job's test area), else NaN
     * (unknown). Random writes over a small span of a drive written full
     * find their garbage bunched in few blocks: cheaper GC than over the
     * whole drive. */
    double span_bytes;
    /* The level the run's dips (has_dips, dip_depth) were measured
     * against when it is one level for the whole window (long slow-downs
     * that are phases of their own: the window's 75th percentile); NaN
     * when each sample was measured against its own phase's level. */
    double dip_base_bps;
    /* Bytes written since the drive last idled before the run: the
     * option, else the series metadata's "written_since_idle_bytes", else
     * NaN (unknown). An SLC cache holds at most these (and what was
     * written since the last TRIM): idle time flushes it. */
    double written_since_idle_bytes;
};

/* Creates a handle with default options. Returns 0 or SSD_ENOMEM. */
SSD_API int ssd_analysis_create(ssd_analysis **out);
/* Frees the handle and its result. NULL is a no-op. */
SSD_API void ssd_analysis_free(ssd_analysis *a);

/*
 * Sets an option by key, the value as text: a decimal number ("3", "0.5",
 * "1e9"), a whole one for the counts min_phase_samples and exact_limit,
 * a duration for idle_before_s ("0", "90", "15m"), and for "precondition"
 * its word (or its enum ssd_precondition value).
 * The keys, their ranges, defaults and meaning are the table
 * ssd_analysis_options() returns (docs/options.md). capacity_bytes,
 * written_before_bytes, precondition, idle_before_s, written_since_idle_bytes
 * and span_bytes are the run's context (DESIGN.md):
 * unset, the series metadata's are taken; set (even to 0), the option wins;
 * none applies to the reference.
 * Returns 0; SSD_EINVAL for an unknown key or a value that does not parse,
 * SSD_ERANGE out of bounds (ssd_analysis_errmsg says which).
 */
SSD_API int ssd_analysis_set_option(ssd_analysis *a, const char *key, const char *value);
/* The value of an option as a number. SSD_EINVAL for an unknown key. */
SSD_API int ssd_analysis_get_option(const ssd_analysis *a, const char *key, double *value);

/* The options ssd_analysis_set_option accepts, in a static array of *n
 * entries (ssdcore/base.h). Thread-safe. */
SSD_API const ssd_option_info *ssd_analysis_options(size_t *n);

/* Analyses series s; reference, when not NULL, is the fresh-drive series
 * that after-idle series s is compared with (recovery), and whose levels
 * tell a used drive's SLC cache from its clean blocks. It may be the log of
 * the fill that preconditioned the drive (from a purge or TRIM) and of
 * another workload: when both series' metadata name their pattern or block
 * size and they differ, its levels are not used (nor recovery measured),
 * only whether it showed no cache, a static or a dynamic one
 * (docs/analysis.md, "The fill's own log as the reference"). Without one, the
 * reference the series' metadata records under "reference" (a run made
 * with a reference: ssd_analysis_reference_json) is used; a reference
 * given here wins over it (the result's "reference" object says which). The
 * series must hold at least 3 samples with some bytes written. Returns 0
 * or a negative code with ssd_analysis_errmsg() saying why. The series
 * are not kept. */
SSD_API int ssd_analysis_run(ssd_analysis *a, const ssd_series *s, const ssd_series *reference);

/* The last run's figures as a fresh reference: the compact JSON object a
 * run's series metadata records under "reference" (DESIGN.md's series
 * CSV), so that the run's log analysed alone later gives the verdict it
 * gives with this reference: {"source", "total_bytes", "post_cache_bps",
 * "has_cache", "cache_bytes", "cache_level_bps", "cache_censored",
 * "cache_uncertainty_bytes", "has_folding", "folding_level_bps",
 * "has_gc", "lowest_phase_bps", and "pattern" and "block_size" when its
 * log recorded them}. source names the reference's log (NULL:
 * the series' own source). flags: enum ssd_json_flags (base.h; a job's
 * "reference" option takes either style and keeps it compact). A malloc'd
 * string the caller frees with ssd_free. Returns 0, SSD_EINVAL (NULL, an
 * unknown flag), SSD_ESTATE (no run yet) or SSD_ENOMEM. */
SSD_API int ssd_analysis_reference_json(const ssd_analysis *a, const char *source, int flags,
                                        char **out_json);

/* The series log at path (a fresh-drive run) analysed as a reference,
 * with a's options: ssd_analysis_reference_json's object (source: path)
 * in a malloc'd string the caller frees with ssd_free. What a job's
 * "reference" option takes (the CLI's job --reference FILE, Python's
 * job(reference=...) and suites call it). Replaces a's last result.
 * flags as ssd_analysis_reference_json. Returns 0 or a negative code,
 * ssd_analysis_errmsg saying why. */
SSD_API int ssd_analysis_reference_file(ssd_analysis *a, const char *path, int flags,
                                        char **out_json);

/* The last error ("" when none). Never NULL for a non-NULL a. */
SSD_API const char *ssd_analysis_errmsg(const ssd_analysis *a);

/* Results of the last successful run (SSD_ESTATE before one). */
SSD_API int ssd_analysis_summary(const ssd_analysis *a, struct ssd_analysis_summary *out);
/* Why the last run, given a reference, has no recovery figure (has_recovery
 * 0): "the reference run shows no cache, ..."; NULL when it has one, when
 * run without a reference, or before a run. Valid until the next run. */
SSD_API const char *ssd_analysis_recovery_note(const ssd_analysis *a);
SSD_API size_t ssd_analysis_phase_count(const ssd_analysis *a);
/* "cache", "direct", "folding", "gc", "throttle", "slow_start" or "other" for an enum ssd_regime
 * value (static strings; "other" for anything unknown). */
SSD_API const char *ssd_analysis_regime_name(int regime);
/* "none", "seq_fill", "random_fill" or "unknown" for an enum
 * ssd_precondition value (static strings; "unknown" for anything else). */
SSD_API const char *ssd_analysis_precondition_name(int precondition);
/* The enum ssd_precondition value of a word, one of the names above, else
 * -1. */
SSD_API int ssd_analysis_precondition_parse(const char *word);
/* A note on how the regimes were labelled ("the drive's capacity is unknown:
 * ..."), or NULL. Valid until the next run. */
SSD_API const char *ssd_analysis_regime_note(const ssd_analysis *a);
/* What the last run's one curve cannot decide, or NULL when its labels are
 * decided: "cache_or_clean_blocks" (a fast start that is a cache or the
 * clean blocks a fill or idle time left), "direct_or_folding" (the level
 * after a cache: a static cache's direct writes or a dynamic cache's
 * folding), "folding_or_used_state" (a dynamic cache's folding or the
 * used state), "cache_or_direct" (a run that never dropped: its one level
 * may be a cache larger than the run) or "cache_or_throttle" (a drop at the
 * drive's hottest point before a folding: the cache's end, or a thermal
 * throttle that hid it). When not NULL, *read_as (if read_as is not NULL) is the
 * reading the labels took ("cache", "clean_blocks", "direct", "folding",
 * "used_state") and *decided_by what would decide it: "reference" (the
 * fill's own log or the drive's fresh run, ssd_analysis_run's ref, the
 * CLI's --reference), "capacity", "past" (the precondition or the bytes
 * written before), "capacity_and_past", "longer_run" (a run writing more)
 * or "cooler_run" (a run with the drive kept cooler).
 * Static strings (regime_note says it in words). */
SSD_API const char *ssd_analysis_undecided(const ssd_analysis *a, const char **read_as,
                                           const char **decided_by);
SSD_API int ssd_analysis_phase(const ssd_analysis *a, size_t index, struct ssd_phase *out);

/* The result as JSON (the `ssdcore analyze --json` object, DESIGN.md), in a
 * malloc'd string the caller frees with ssd_free. source names the input in
 * the "source" key (NULL: the series' own source). flags: enum
 * ssd_json_flags. Returns 0, SSD_EINVAL (NULL argument, unknown flag),
 * SSD_ESTATE (no run yet) or SSD_ENOMEM. */
SSD_API int ssd_analysis_to_json(const ssd_analysis *a, const char *source, int flags,
                                 char **out_json);

/*
 * Exact penalised segmentation (PELT, L2 cost: a change in mean) of y[0..n).
 * Writes the end index (exclusive) of each segment to ends[], the last being
 * n, as ruptures' predict() does; returns their count, or SSD_ERANGE when
 * more than cap, SSD_EINVAL for bad arguments, SSD_ENOMEM. min_size >= 1.
 * Thread-safe; allocates O(n) scratch. PELT is O(n) when changes are
 * frequent but O(n^2) over long change-free stretches: the analysis uses it
 * on block means (see "exact_limit").
 */
SSD_API int ssd_segment_l2(const double *y, size_t n, double penalty, size_t min_size, size_t *ends,
                           size_t cap);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_ANALYSIS_H */
