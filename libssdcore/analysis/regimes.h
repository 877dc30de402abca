/* regimes.h - internal: what the regime rules (analysis_regimes.c and
 * regimes_*.c) share: their thresholds, in one list, the reference's levels
 * and the rules each file decides. */
#ifndef SSD_REGIMES_H
#define SSD_REGIMES_H

#include "analysis_internal.h"

/* ---- The rules' thresholds ---- */
/* A drive cannot run out of clean blocks before its user capacity has been
 * written once since TRIM (without overwrites there is no garbage); the
 * reviews' drives do at 1.06-1.4 times it (spare area, and random
 * overwrites freeing blocks). A fill never gets there. */
#define GC_MIN_CAPACITY_SHARE 0.995
/* A fresh drive's dynamic cache folds when its flash runs out, not when its
 * capacity has been written: the cache's blocks hold 1 bit a cell, so the
 * host's bytes take bits - 1 times the cache's size more flash than the
 * capacity counts, and the flash runs out that much earlier. The model's
 * fresh WSAT and 2-hour runs fold from 0.47 to 1.02 times the capacity
 * (seed 163's drive 172, 22 GB of TLC cache on a 303 GB drive: folding
 * from 0.92; seed 113's drive 151, 254 GB of MLC cache on 989: from 0.80;
 * seed 311's drive 30, 71 GB of TLC cache on 246: from 0.47); a folding
 * starts at half the capacity or later. */
#define FOLD_MIN_CAPACITY_SHARE 0.5

/* The used state's scatter (noise of the differences) at least this many
 * times the folding's before it: the onset is where the scatter jumps.
 * (Not 3: the fresh state's periodic GC dips, 40% deep every 15 s, weigh
 * on the quiet side with an RMS difference of 0.19 in log-rate, and a used
 * state that scatters the speed 2x, RMS 0.45-0.6, then shows 2.3-3.) */
#define SCATTER_JUMP 2.25
/* A level no more scattered than this many times the one before it is as
 * quiet as that one (a folding after direct writes), not GC's scatter
 * (SCATTER_JUMP or more): the geometric middle, sqrt(SCATTER_JUMP). */
#define QUIET_AS_LEVEL 1.5
/* No cache holds more than this share of the capacity (raw / bits). */
#define MAX_CACHE_CAPACITY_SHARE 0.64
/* ... nor a TLC or QLC drive's more than this (raw / 3, 28 % spare). */
#define TLC_CACHE_CAPACITY_SHARE (MAX_CACHE_CAPACITY_SHARE * 2 / 3)
/* Host bytes a drive can write while folding, per byte its cache holds:
 * folding a byte frees bits - 1 bytes of flash, at most 3 (QLC). */
#define FOLD_BYTES_PER_CACHED 3.0
/* The most SLC-mode room a drive written full by a fill has right after it
 * (no idle): what the fill's last folding freed, a few seconds' writes
 * (the sweep's seeds 2026, 11 and 13: up to 5.7 GiB, at most 0.18 % of the
 * capacity, on the dynamic-cache drives whose model showed it). Clean blocks written at the
 * direct speed before the fill's end folds last as long as the spare area
 * lets them (14-158 GiB there, 1.1-8.3 %). */
#define NOIDLE_ROOM_CAPACITY_SHARE 0.005
/* Right after a fill, the fill's end folds after whatever the run wrote
 * first; the host's rate while it folds is a third of its direct rate or
 * more (the folding's programs share the native flash with the host's:
 * 2.1-2.7 times below it on the sweep's drives of seeds 2026, 11 and 13).
 * A first level more than this above the folding ran faster than direct
 * writes can: SLC. */
#define NOIDLE_SLC_OVER_FOLD 3.0
/* Right after writes over part of the drive, a cache the writes filled
 * leaves clean blocks written at the direct speed, then the cached end
 * folded: 1.4-3.3 times below (the folding at 0.3-0.7 of the direct
 * speed). A first level more than this above the level after it ran
 * faster than direct writes can: SLC (ssd__partial_write_no_idle). */
#define PARTIAL_SLC_OVER_DIRECT 3.5
/* A cache at least this share of the capacity is a dynamic one. */
#define DYNAMIC_MIN_CAPACITY_SHARE 0.05
/* A used drive's static cache is no larger than the fresh cache a reference
 * of another workload showed, within this (the sample its end falls in). A
 * fast start longer than that cache is the cache, fully flushed, and the
 * blocks idle GC cleaned after it at the same speed: its end is not the
 * drop's (seeds 2026-53, 128K after a random fill: every fast start read
 * right was 0.18-1.02 times the fill log's cache, the partly flushed 19.2
 * GiB; those 1.05-1.22 times it were the cache and 1.6-1.9 GiB more, and
 * at 1.25 three runs read right without a reference were read long). */
#define STATIC_REF_CACHE_OVER 1.04
/* A used run's dynamic cache at most this share of the fresh one its
 * fill's own log showed has shrunk to the spare area a sequential fill
 * left clean: no clean block is left for direct writes after it (the
 * labelling's shrunk_to_end). Half: well clear of a cache measured a few
 * % off, the dev seeds' shrunk caches are 0.02-0.15 of the fresh. */
#define SHRUNK_CACHE_SHARE 0.5
/* Without a capacity, a decline is the used state only when it falls at
 * least this much from its start to the end of the run. */
#define SHAPE_MIN_FALL 2.0
/* ... and, right after a cache, when that cache's drop was no bigger. */
#define SHAPE_MAX_FIRST_STEP 1.5
/* A folding's flat run: its samples within FOLD_BAND of its first, its
 * noise (in log) under FOLD_QUIET; the sample after it (or before) off
 * its level by FOLD_JUMP ends it. */
#define FOLD_QUIET 0.012
#define FOLD_BAND 1.03
#define FOLD_JUMP 1.06

/* A stretch this many samples or longer between two levels a step apart is
 * a level of its own, not the drop's transition (short_direct_after_cache's
 * shortest direct writes). */
#define SHORT_LEVEL 10
/* The most samples a fast start on a drive written full may span for
 * first_sample_cache_before_level to read it as a cache the cache test
 * missed: the first sample alone. Several at one speed before a level
 * are as often clean blocks at the native speed before a used state
 * that settles in steps (a false cache on check seed 431 with 6; with
 * one up to a lasting phase, static caches with dips read short and
 * three false caches on the tune seeds). */
#define FAST_START_MAX 1
/* The most samples, and seconds, a GC dip at a dynamic cache's end spans
 * (seq_dip_at_cache_end): the sweep's dips last 1-4 s; the direct writes
 * after a cache the idle time bounded, 10 s or more (seed 61's drive 83,
 * WSAT: 5.6 GiB at 553 MiB/s in two 5 s samples). */
#define DIP_AT_CACHE_END_MAX 3
#define DIP_AT_CACHE_END_S 4.0
/* A drive's GC dips (dip_where_clean_blocks_end): the longest, in
 * seconds, the slowest speed inside one as a share of the level it
 * dips from, and the longest period they recur with. The reviews behind
 * the simulator's profiles show dips to 0.28-0.5 of the speed every
 * 12-20 s; the sweep draws 0.33-0.59 (each dip 0.8-1.2 times its
 * drive's), 0.6-5.3 s long, every 8-30 s. */
#define DIP_LONGEST_S 6.0
#define DIP_SPEED_MIN 0.25
#define DIP_PERIOD_MAX_S 30.0
/* A cache's sample this much below the fastest before it no longer runs
 * at the cache's speed alone (seq_cache_short_direct): a flat cache's
 * samples differ by a few per cent. */
#define CACHE_SAMPLE_SAG 1.05

/* Raw flash is at most this share of the user capacity (28 % spare,
 * enterprise drives included). */
#define RAW_MAX_CAPACITY_SHARE 1.28

/* The least clean room a sequential fill leaves: the spare area, at least
 * 7.37 % of the capacity on any drive (a capacity in GB on flash in GiB),
 * less what GC holds back; about half of it, for margin (the sweep's
 * drives, 7-28 % spare: 5.9 % at the least, of 1,058 runs). */
#define SEQ_FILL_CLEAN_MIN_SHARE 0.04
/* After a sequential fill, direct writes run at least this many times
 * faster than the used state right after them (seq_fill_slow_level): 1 +
 * capacity / spare area, for a spare area up to 2/3 of the capacity. */
#define SEQ_FILL_DIRECT_OVER_GC 2.5
/* The used state's start scatters: at least 1 in this many samples of its
 * first lasting stretch a step off their median (seq_fill_slow_level). */
#define SEQ_FILL_GC_SCATTER_EVERY 10

/* A slide falls at least this much through its phase (10 %, falls_through
 * and slide_of): less is a level's tilt. */
#define SLIDE_MIN_FALL 1.1
/* ... and its first half's median this much above its second half's. */
#define FALL_HALVES_MIN 1.03
/* A level is left once the speed runs this much (5 %) below it
 * (slide_start, the scatter's onset from a fast start). */
#define LEVEL_LEFT_MIN 1.05
/* A quiet level's noise counts at least this much (1 % in log): a
 * noise-free model's smooth decline is no chaos (SCATTER_JUMP's base). */
#define QUIET_NOISE_FLOOR 0.01
/* A level lasting within 10 % of 1, 2 or 3 times the cache is its folding
 * (FOLD_BYTES_PER_CACHED). */
#define FOLD_MULTIPLE_TOL 0.1
/* A static cache's size against its reference's: more than 5 % over it
 * ran on into direct writes, more than 5 % under it was cut short. */
#define REF_CACHE_OVER 1.05
#define REF_CACHE_UNDER 0.95
/* A fast start split in two levels: 70 % of each side's samples at its
 * speed (cache_in_fast_start). */
#define AT_SPEED_SHARE 0.7
/* Random writes over at least this share of the capacity address the
 * whole drive (span_whole). */
#define SPAN_WHOLE_SHARE 0.99

/* What the reference (the same drive's run of the same workload when
 * fresh, after a TRIM) says about the drive on a used-drive run: its direct
 * level (the writes to clean blocks after its cache, or its first level
 * without one) and, when it has a cache, the cache's level and whether it
 * is dynamic (a share of the capacity: it borrows clean blocks, so on a
 * drive written full its end is folding, never direct writes). A used
 * drive writes its clean blocks at that direct level and its SLC cache at
 * the cache's: the level tells which, where a curve alone cannot (a static
 * cache emptied by idle time, then GC, looks as a cacheless drive's clean
 * blocks, then GC). known is 0 without a reference or on a fresh run. */
struct ref_levels {
    int known;
    double direct;        /* the fresh direct level, B/s */
    int cache;            /* the fresh run had a cache ... */
    double cache_level;   /* ... at this level */
    int dynamic;          /* ... a dynamic one */
    int none;             /* the fresh run showed the drive has no cache */
    double fold;          /* its folding's level (NaN when it showed none) */
    double cache_bytes;   /* its cache's size (NaN without one) */
    int start_is_cache;   /* the run's first phase is its cache (a dynamic cache
                           * in its first sample, or at_cache_speed) */
    double slight_direct; /* its level after one slight step of a first level
                           * with no cache found (NaN: none) */
    double used;          /* its used state's level at its onset (NaN: it showed none) */
    int start_folds;      /* the run's fast start is followed by the reference's
                           * folding level: it is the cache (start_is_cache too) */
};

/* regimes_shape.c */
double ssd__slide_of(const struct ssd__curve *c, const struct ssd_phase *p);
int ssd__slides_down(const struct ssd__curve *c, const struct ssd_phase *p);
int ssd__first_level_after(const struct ssd__curve *c, size_t j);
int ssd__falls_through(const struct ssd__curve *c, size_t a, size_t b);
size_t ssd__two_levels(const struct ssd__curve *c, size_t a, size_t b, size_t kmin, size_t kmax,
                       double *l1, double *l2, double *gain);
double ssd__median3(double a, double b, double c);
int ssd__flat_level(const struct ssd__curve *c, double min_step, size_t a, size_t b);
int ssd__flat3(const struct ssd__curve *c, double min_step, size_t a);
int ssd__holds_above(const struct ssd__curve *c, size_t j, double lo);
int ssd__quiet_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                     size_t b);
size_t ssd__knee(const struct ssd__curve *c, size_t a, size_t lo, size_t g0, size_t b,
                 size_t min_len);
size_t ssd__slide_start(const struct ssd__curve *c, size_t a, size_t lo, size_t k);
size_t ssd__scatter_onset(const struct ssd__curve *c, size_t from, size_t lo, size_t hi,
                          size_t min_len, double *jump);
double ssd__quiet_noise(const struct ssd__curve *c, size_t a, size_t b);
int ssd__dropped_below_first(const struct ssd__curve *c, const struct ssd__analysis_opts *o);
/* regimes_used.c */
double ssd__fresh_room(const struct ssd__analysis_opts *o, double capacity);
int ssd__used_drive_cache(const struct ssd__analysis_opts *o, double capacity,
                          const struct ssd_analysis_summary *S);
double ssd__clean_room_max(const struct ssd__analysis_opts *o, double capacity);
int ssd__used_from_first_byte(const struct ssd__analysis_opts *o, double capacity);
int ssd__cache_full_after_fill(const struct ssd__analysis_opts *o, double capacity);
int ssd__no_room_for_cache(const struct ssd__analysis_opts *o, const struct ssd_analysis_summary *S,
                           double direct);
int ssd__partial_write_no_idle(const struct ssd__analysis_opts *o, double capacity);
double ssd__written_into_cache(const struct ssd__analysis_opts *o);
int ssd__seq_overwrites(const struct ssd__analysis_opts *o, const struct ssd__result *res);
size_t ssd__slide_off_fast_start(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 double level, size_t end);
size_t ssd__slide_onset(const struct ssd__curve *c, size_t e);
int ssd__middle_no_level(struct ssd__curve *c, const struct ssd__analysis_opts *o);
size_t ssd__scatter_before_used(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                double capacity, size_t g);
int ssd__short_direct_after_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  int flat_ok);
int ssd__cache_in_fast_start(struct ssd__curve *c, const struct ssd__analysis_opts *o);
int ssd__short_levels_in_fast_start(struct ssd__curve *c, const struct ssd__analysis_opts *o);
int ssd__short_flat_direct_after_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o);
int ssd__dip_where_clean_blocks_end(const struct ssd__curve *c);
size_t ssd__flat_level_after_clean_start(const struct ssd__curve *c,
                                         const struct ssd__analysis_opts *o, double capacity);
size_t ssd__quiet_level_before_used(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                    double capacity, int has_cache, double used, size_t g0);
int ssd__cache_before_short_direct(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                   struct ssd__result *res, size_t at);
int ssd__gc_bursts_after(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t k,
                         size_t e, double l1, double lu);
size_t ssd__gc_onset_phase(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                           double capacity, const struct ssd__result *res, int clean_start,
                           const struct ref_levels *rl, int *clean_room);
size_t ssd__dip_rate_onset(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                           size_t lo, size_t b, double level, size_t k, size_t gap);
size_t ssd__gc_bursts_before(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                             size_t g, size_t lo);
size_t ssd__gc_bursts_after_drop(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 size_t g, double pre);
int ssd__clean_blocks_fall(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t a,
                           size_t k, size_t e, double l1, double l2, double gain);
int ssd__seq_direct_before_used(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                const struct ssd__result *res, size_t g);
size_t ssd__direct_through_dips(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                double direct, size_t g, size_t e);
size_t ssd__late_onset(struct ssd__curve *c, const struct ssd__analysis_opts *o, double capacity);
size_t ssd__clean_blocks_end_before_bound(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                          size_t a, size_t lo, size_t g0, size_t b, size_t k);
int ssd__used_cache_end_against_next_level(const struct ssd__curve *c,
                                           const struct ssd__analysis_opts *o,
                                           struct ssd__result *res);
void ssd__gc_starts_at(const struct ssd__curve *c, size_t g, struct ssd_analysis_summary *S);
/* regimes_reference.c */
void ssd__ref_levels_of(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                        const struct ssd_analysis_summary *S, const struct ssd__result *ref,
                        struct ref_levels *rl);
int ssd__ref_cache_in_fast_start(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 const struct ref_levels *rl, size_t *moved);
void ssd__ref_first_sample_lower(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 struct ssd_analysis_summary *S, double direct);
void ssd__ref_first_sample_then_direct(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                       struct ssd_analysis_summary *S, struct ssd__result *res,
                                       const struct ssd__result *ref, double direct);
double ssd__cache_speed_before(const struct ssd__curve *c, size_t at, double hi);
double ssd__cache_samples_speed(const struct ssd__curve *c, size_t k, double lo, double step);
void ssd__cache_end_in_sample(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              struct ssd_analysis_summary *S, size_t at, double hi, double lo);
int ssd__static_ref_cache_before_direct(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                        struct ssd__result *res, int found);
int ssd__static_ref_log_end(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                            struct ssd__result *res, size_t g);
int ssd__static_ref_first_sample_direct(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                        struct ssd__result *res, int found);
int ssd__seq_static_ref_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              struct ssd__result *res);
int ssd__seq_static_first_sample_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                       struct ssd__result *res);
int ssd__direct_tail_in_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              const struct ref_levels *rl, const struct ssd__result *res);
void ssd__dipped_cache_end(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                           struct ssd_analysis_summary *S, struct ssd__result *res, double direct);
void ssd__end_before_direct_sample(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                   struct ssd_analysis_summary *S, double direct, double ref_hi);
int ssd__ref_split_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                         const struct ref_levels *rl, struct ssd__result *res, size_t at);
int ssd__ref_fast_start_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              const struct ref_levels *rl, struct ssd__result *res, size_t at);
int ssd__ref_fast_start_split_again(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                    const struct ref_levels *rl, struct ssd__result *res,
                                    size_t *moved);
int ssd__ref_cache(const struct ref_levels *rl, const struct ssd_phase *p);
int ssd__back_above_mid(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                        const struct ref_levels *rl, size_t at);
int ssd__ref_start_at_cache_level(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  struct ref_levels *rl, struct ssd__result *res);
int ssd__at_cache_speed(const struct ssd__curve *c, const struct ref_levels *rl,
                        const struct ssd__analysis_opts *o, const struct ssd_phase *p);
int ssd__ref_level_inside_start(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                const struct ref_levels *rl, const struct ssd_analysis_summary *S);
int ssd__level_between_start_and_used(const struct ssd__curve *c, const struct ref_levels *rl,
                                      const struct ssd__analysis_opts *o);
int ssd__ref_cache_end_in_first_sample(const struct ssd__curve *c,
                                       const struct ssd__analysis_opts *o,
                                       const struct ref_levels *rl, struct ssd_analysis_summary *S);
int ssd__ref_clean(const struct ssd__curve *c, const struct ref_levels *rl,
                   const struct ssd__analysis_opts *o, const struct ssd_phase *p,
                   double cache_level);
int ssd__ref_level_split(struct ssd__curve *c, const struct ssd__analysis_opts *o, double level,
                         size_t j, int slower_ok);
int ssd__clean_at_static_direct(const struct ref_levels *rl, const struct ssd__analysis_opts *o,
                                const struct ssd_phase *p);
int ssd__at_direct(const struct ref_levels *rl, const struct ssd__analysis_opts *o, double bps);
size_t ssd__used_in_direct(struct ssd__curve *c, const struct ssd__analysis_opts *o, double direct,
                           size_t j, size_t g);
int ssd__ref_fold_level(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                        const struct ref_levels *rl, size_t j);
int ssd__clean_level_before_drop(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 double capacity, size_t j);
/* regimes_fold.c */
int ssd__quiet_fold(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t j);
int ssd__quiet_before_scatter(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              size_t j);
int ssd__fold_before_scatter(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                             size_t j);
int ssd__fold_across_onset(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                           const struct ssd_analysis_summary *S, size_t *g);
int ssd__fold_before_scatter_of(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                size_t j, size_t min_fold);
size_t ssd__fold_scatter_to_end(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                const struct ssd_analysis_summary *S);
size_t ssd__fold_run_after_cache(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 const struct ref_levels *rl, double capacity, double *hi,
                                 int *seen, int has_cache);
int ssd__dynamic_cache(const struct ssd_analysis_summary *S);
int ssd__static_cache_in_first_sample(const struct ssd__curve *c,
                                      const struct ssd__analysis_opts *o,
                                      const struct ssd_analysis_summary *S);
int ssd__folded_before(const struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t g);
int ssd__fold_then_gc(struct ssd__curve *c, const struct ssd__analysis_opts *o, size_t g, size_t b);
int ssd__dynamic_ref_fold_end(struct ssd__curve *c, const struct ssd__analysis_opts *o);
int ssd__dynamic_ref_first_sample_fold(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                       struct ssd__result *res, size_t *g);
int ssd__first_sample_cache_before_level(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                         struct ssd__result *res);
int ssd__first_sample_fold_near_gc(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                   struct ssd__result *res);
int ssd__first_sample_cache_before_fold(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                        struct ssd__result *res);
size_t ssd__seq_fill_fold_end(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              struct ssd__result *res);
int ssd__one_level_cache(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                         const struct ssd_analysis_summary *S);
int ssd__seq_cache_before_direct(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 struct ssd__result *res);
int ssd__seq_first_sample_fold(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                               struct ssd__result *res);
int ssd__seq_cache_over_fill_log(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 struct ssd__result *res);
int ssd__seq_cache_short_direct(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                struct ssd__result *res);
int ssd__seq_dip_at_cache_end(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                              struct ssd__result *res);
int ssd__seq_direct_fold_gc(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                            const struct ssd__result *res);
size_t ssd__seq_fold_run_after_direct(const struct ssd__curve *c,
                                      const struct ssd__analysis_opts *o,
                                      const struct ssd__result *res);
int ssd__used_cache_end_in_second(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                  struct ssd__result *res);
int ssd__seq_fill_ref_fold(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                           const struct ssd__result *res);
size_t ssd__random_fill_fold_end(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                                 const struct ssd_analysis_summary *S);
size_t ssd__label_phases(struct ssd__curve *c, const struct ssd__analysis_opts *o,
                         struct ssd__result *res, const struct ref_levels *rl, size_t *g_io,
                         int hidden_cache, int static_first, int split_direct, double fold_lv,
                         int *note_fold, int *note_slow);
/* regimes_notes.c */
int ssd__span_whole(const struct ssd__analysis_opts *o, const struct ssd_analysis_summary *S);
void ssd__regime_notes(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                       struct ssd__result *res, size_t g, int ref_known, double fast_lv,
                       int fold_note, int slow_fold, int one_drop);

/* Sets a cache the rules read from the fast start: its level hi, the level
 * after it lo and their ratio, the cache's phase ending before sample end
 * and the post-cache phase 1. (Where the cache ends in bytes is the
 * caller's: ssd__cache_end_in_sample, or a first sample's bounds.) */
static inline void ssd__set_cache_end(struct ssd__result *res, size_t end, double hi, double lo) {
    res->sum.cache_level_bps = hi;
    res->sum.cache_drop_ratio = hi / lo;
    res->sum.post_cache_bps = lo;
    res->cache_phase_end = end;
    res->post_phase = 1;
}

/* A cache that ended inside the run's first sample (or its first two,
 * end_phase: the first sample of the phase after it), between lower and
 * upper bytes, before a level lo: the summary's cache figures, the
 * post-cache phase 1. Returns 1. */
static inline int ssd__set_first_sample_cache(const struct ssd__curve *c, struct ssd__result *res,
                                              double lower, double upper, double lo,
                                              size_t end_phase) {
    res->sum.has_cache = 1;
    res->sum.cache_censored = SSD_CENSOR_RESOLUTION;
    res->sum.cache_bytes = lower;
    res->sum.cache_uncertainty_bytes = upper - lower;
    ssd__set_cache_end(res, end_phase, c->r[0], lo);
    return 1;
}

/* Regime notes more than one file gives (ssd__label_regimes, ssd__regime_notes).
 * Every note: its first clause the finding, then what would tell; the why
 * is in docs/analysis.md, "Regime notes" (round 23's audit: notes of up to
 * 560 characters that argued their case). */
/* Sets what the run cannot decide (ssd__result's undecided fields):
 * between the two readings, read_as the one the labels took, by what
 * decides. */
static inline void ssd__set_undecided(struct ssd__result *res, const char *between,
                                      const char *read_as, const char *by) {
    res->undecided = between;
    res->undecided_read_as = read_as;
    res->decided_by = by;
}

#define CAPACITY_UNKNOWN_NOTE_HEAD                                                                 \
    "the drive's capacity is unknown: a flat used state reads as folding"
#define CAPACITY_UNKNOWN_NOTE CAPACITY_UNKNOWN_NOTE_HEAD "; give the capacity"
#define UNKNOWN_PAST_NOTE                                                                          \
    "what was written to the drive before this run is not known: on a used drive this cache "      \
    "may be its clean blocks running out; give the precondition (none after a TRIM or purge) or "  \
    "the bytes written before"
#define SLUMP_NOTE                                                                                 \
    "the phase right after the cache (other) is a slump while the drive leaves its cache; the "    \
    "post-cache level and the drop are those of the level after it"

#endif
