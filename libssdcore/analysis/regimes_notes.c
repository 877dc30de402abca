/* regimes_notes.c - the regime note: what one run cannot tell (a cache
 * or clean blocks, folding or the used state, direct writes or folding)
 * and what would tell, said in words instead of guessed. */
#include <math.h>
#include <string.h>

#include "regimes.h"

/* What decides what one curve of a used drive cannot: the same drive's
 * log from before the used state, the fill's own log (it ran from a purged
 * drive and shows the fresh cache: "The fill's own log as the reference")
 * or its fresh run, given as the reference. */
#define REF_TELLS "the fill's own log or the drive's fresh run as reference tells"

/* The note on a drive written full, no reference, whose cache (too small
 * to be only a dynamic one) is followed by direct writes, then the used
 * state. A dynamic cache the fill shrank folds there instead, at a level
 * one curve cannot tell from direct writes. After a sequential fill the
 * length cannot tell either: the fill left the spare area clean, and a
 * static cache's direct writes run until it is written, while a dynamic
 * cache that took it in SLC mode folds, freeing it for the host's writes
 * (bits - 1 bytes per byte it held, plus what the fill left unflushed in
 * it), until the same clean blocks are written: the used state begins
 * there either way (seed 2026's drive 1, 731 GB, dynamic: 20 GiB of cache,
 * folding at 27 MB/s for 85 GiB, GC at 105; its drive 56, 1130 GB,
 * static: 20 GiB of cache, direct writes at 141 MB/s for 169 GiB, GC at
 * 189). Nor does the speed: folding runs below the native speed, which a
 * run after a fill never shows. So the labels stay, and the note says
 * what holds either way. */
static const char *small_cache_direct_note(const struct ssd__analysis_opts *o) {
    if ((int)o->precondition == SSD_PRECONDITION_SEQ_FILL)
        return "the level after the cache is read as direct writes (a static SLC cache) but "
               "may be a dynamic cache's folding; the cache and the used state's onset hold "
               "either way; " REF_TELLS;
    return "the level after the cache is read as direct writes (a static SLC cache) but may "
           "be a dynamic cache's folding; " REF_TELLS;
}

/* Whether the run's writes addressed the whole drive (1: a span within
 * SPAN_WHOLE_SHARE of the capacity), part of it (0) or unknown (-1: no
 * span or no capacity). Random writes over part of a drive written full
 * leave their garbage bunched in the blocks that span filled: GC there
 * copies little, and its level is no bound on direct writes. */
int ssd__span_whole(const struct ssd__analysis_opts *o, const struct ssd_analysis_summary *S) {
    if (!(o->span_bytes > 0) || !isfinite(S->capacity_bytes))
        return -1;
    return (double)o->span_bytes >= SPAN_WHOLE_SHARE * S->capacity_bytes;
}

/* seq_fill_slow_level's regime note: what holds over the whole drive; over
 * a span not known, it adds that cheaper GC would read the same. */
#define SLOW_FOLD_NOTE                                                                             \
    "the level after the cache is read as a dynamic cache's folding: under 2.5x the used "         \
    "state's start, it is too slow for direct writes after a sequential fill"

/* The note for a fast start read as clean blocks on a drive randomly
 * written full, no reference (the fast start dropped once, straight into
 * the used state), or NULL. A static SLC cache survives a random fill,
 * and the idle time before the run flushes it into the native flash
 * while idle GC cleans a few blocks; no clean spare area is left for
 * direct writes after it, so it too drops straight into GC (and a
 * dynamic cache folding at the used state's speed reads as one drop as
 * well, as the general note says). Nothing in
 * the one curve tells the two apart: not the fast start's length (idle GC
 * on the reviewed consumer drives cleans 1.4-2.7 GB in 15 minutes, a
 * datacenter drive with more spare area far more: 1.4-119 GiB in the
 * sweep's four dev seeds, while a static cache flushed in that idle held
 * 1-19 GiB), nor the drop into the used state (1.0-31x after the clean
 * blocks of the sweep's cacheless drives, 3.9x and more after a static
 * cache). The sweep's static-cache drives after a random fill are read
 * so ("cache missed", 34-61 runs a dev seed); the contract keeps the
 * clean blocks, and the note says what else reads the same and what
 * tells. */
static const char *random_fill_one_drop_note(const struct ssd__curve *c,
                                             const struct ssd__analysis_opts *o,
                                             const struct ssd_analysis_summary *S, size_t g,
                                             int ref_known, double fast_lv) {
    if (ref_known || (int)o->precondition != SSD_PRECONDITION_RANDOM_FILL ||
        !(ssd__fresh_room(o, S->capacity_bytes) <= 0) || S->has_cache || !S->has_gc || g != 1 ||
        c->nph < 2 || c->ph[0].regime != SSD_REGIME_DIRECT)
        return NULL;
    /* (A fast start of one sample the cache test cannot judge, min_drop
     * above the level after it, is one too: a 2 GiB cache in a 1 s
     * sample, then its folding read as the used state's start.) */
    if (!isfinite(fast_lv) && !(c->ph[0].last == 0 && c->r[0] >= o->min_drop * c->ph[1].level_bps))
        return NULL;
    return "the fast start is read as clean blocks (the spare area a single random pass left "
           "clean, or what idle GC prepared), but a static SLC cache or a dynamic one folding "
           "at the used state's speed would read the same; " REF_TELLS;
}

/* A drive written full, no reference, a cache smaller than any a
 * dynamic one must be, then one level to the run's end read as direct
 * writes, quiet and flat (its noise within a third of a step, not falling
 * through): no used state, whose GC bursts scatter SCATTER_JUMP times a
 * quiet level's or more, so the fast start is no clean blocks running out
 * into it, and the cache holds (the longer run's question is not open).
 * What is open is the small-cache note's: direct writes after a static
 * cache, or a dynamic cache the fill shrank folding to the run's end
 * (seed 11's drive 42, 2 hours after a sequential fill: 21.5 GiB of cache
 * on a 3254 GB drive, folding at 54 MB/s for 374 GiB to the end, read as
 * direct writes). */
static int quiet_level_after_small_cache(const struct ssd__curve *c,
                                         const struct ssd__analysis_opts *o,
                                         const struct ssd__result *res, size_t g, int ref_known) {
    const struct ssd_analysis_summary *S = &res->sum;
    if (ref_known || res->ref_kind != SSD__REF_KIND_UNKNOWN || !S->has_cache || S->has_folding ||
        g || c->nph != 2 || c->ph[1].regime != SSD_REGIME_DIRECT ||
        !(ssd__fresh_room(o, S->capacity_bytes) <= 0) || ssd__seq_overwrites(o, res) ||
        ssd__dynamic_cache(S))
        return 0;
    size_t a = c->ph[1].first, b = c->ph[1].last + 1;
    return b >= a + c->min_len && ssd__quiet_noise(c, a, b) <= log(o->min_step) / 3 &&
           !ssd__falls_through(c, a, b);
}

/* The note on what the run cannot tell, after the labels (the last that
 * applies wins). fold_note: a level read as a dynamic cache's folding by
 * its length; slow_fold: by its speed (seq_fill_slow_level); one_drop: a
 * fast start read as clean blocks (2: one_drop_on_full_drive; 1: the level
 * after it outlasts the clean room). */
void ssd__regime_notes(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                       struct ssd__result *res, size_t g, int ref_known, double fast_lv,
                       int fold_note, int slow_fold, int one_drop) {
    const struct ssd_analysis_summary *S = &res->sum;
    /* (A static cache whose direct writes happen to last 1, 2 or 3 times
     * its size reads the same as that folding: the note says so.) */
    if (fold_note && !((int)o->precondition == SSD_PRECONDITION_SEQ_FILL)) {
        ssd__set_undecided(res, "direct_or_folding", "folding", "reference");
        res->regime_note =
            "the level after the cache is read as a dynamic cache's folding (it lasted 1-3 "
            "times the cache), but direct writes after a static SLC cache that happen to last "
            "as long would read the same; " REF_TELLS;
    }
    if (slow_fold && ssd__span_whole(o, S) != 1)
        ssd__set_undecided(res, "folding_or_used_state", "folding", "reference");
    else if (slow_fold)
        ssd__set_undecided(res, NULL, NULL, NULL);
    if (slow_fold)
        res->regime_note = ssd__span_whole(o, S) == 1 ? SLOW_FOLD_NOTE
                                                      : SLOW_FOLD_NOTE
                               ", but random writes over part of the drive (the run's span is "
                               "not known) would read the same; " REF_TELLS;
    /* A drive written full, no reference, a cache smaller than any a
     * dynamic one must be, then direct writes before the used state: a
     * static cache does that, but a dynamic cache that the fill shrank to
     * what the spare area holds in SLC mode folds there instead (seed
     * 2026's drive 117: 20 GiB on a 461 GB drive, folding at 54 MB/s for
     * 58 GiB, then GC at 4.8), at a level one curve cannot tell from direct
     * writes. The note says so (not when the fill's own log, a reference
     * of another workload, showed a static cache: that never folds). */
    if (!ref_known && res->ref_kind != SSD__REF_KIND_STATIC && S->has_cache && !S->has_folding &&
        g >= 2 && c->nph > 1 && c->ph[1].regime == SSD_REGIME_DIRECT &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0 && !ssd__seq_overwrites(o, res) &&
        !ssd__dynamic_cache(S)) {
        ssd__set_undecided(res, "direct_or_folding", "direct", "reference");
        res->regime_note = small_cache_direct_note(o);
    }
    /* A drive written before the run (a fill, or earlier runs since
     * TRIM), capacity unknown: the clean blocks that writing left are
     * written fast, then the used state follows, and without the capacity
     * nothing bounds that room, so a cache found may be it. */
    if (!isfinite(S->capacity_bytes) && S->has_cache &&
        (o->written_before_bytes > 0 || (int)o->precondition == SSD_PRECONDITION_SEQ_FILL ||
         (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL)) {
        ssd__set_undecided(res, "cache_or_clean_blocks", "cache", "capacity");
        res->regime_note = "the drive's capacity is unknown and it was written before this run: "
                           "the cache may be the clean blocks that writing left; give the "
                           "capacity";
    }
    /* Neither the capacity nor the drive's past (a log from another tool
     * without its metadata): the capacity's note alone said nothing of a
     * used drive, and SSD370's 2-hour run after a fill read "cache 15 GiB,
     * then 40x slower" (round 23's audit). Say both, as the note below
     * does when the capacity is known. */
    if (res->regime_note && !strcmp(res->regime_note, CAPACITY_UNKNOWN_NOTE) && S->has_cache &&
        !(o->written_before_bytes > 0) && (int)o->precondition == SSD_PRECONDITION_UNKNOWN) {
        ssd__set_undecided(res, "cache_or_clean_blocks", "cache", "capacity_and_past");
        res->regime_note = CAPACITY_UNKNOWN_NOTE_HEAD
            ", and what was written to the drive before this run is not known: on a used "
            "drive this cache may be its clean blocks running out; give the capacity and the "
            "precondition (none after a TRIM or purge) or the bytes written before";
    }
    /* With the capacity but not the drive's past (no written_before, no
     * precondition: a log from another tool, a frame built by hand), a
     * cache found with no used state after it: on a fresh drive it is a
     * cache, but on a drive written full before the run (in daily use,
     * preconditioned) the same curve is its clean blocks running out,
     * then its used state (SSD370's 2-hour run after a fill, analysed
     * with the capacity alone: "cache 15 GiB, then 40x slower", no word
     * of it; the round-22 audit). Which, only the past tells: say so.
     * Also in a run longer than the raw flash: a fresh drive would have
     * reached its used state there, so a level after the cache that none
     * follows may itself be the used state (Vector 180's 615 GiB after a
     * fill, with the capacity alone: "cache 31.9 GiB, then direct", no
     * word; the round-23 audit), or read as a folding that lasts to the
     * end (the same run analysed here: "cache 14.9 GiB, then 193 MiB/s,
     * folding from 30.9 GiB at 85 MiB/s" for 586 GiB, a used state, as
     * its log with the past says). */
    if (!res->regime_note && isfinite(S->capacity_bytes) && S->has_cache && !g &&
        (!S->has_folding || c->ph[c->nph - 1].regime == SSD_REGIME_FOLDING) &&
        !(o->written_before_bytes > 0) && (int)o->precondition == SSD_PRECONDITION_UNKNOWN) {
        ssd__set_undecided(res, "cache_or_clean_blocks", "cache", "past");
        res->regime_note = UNKNOWN_PAST_NOTE;
    }
    /* With the capacity, a drive written full (its used state may start
     * at once) whose cache's run ended before it could have written every
     * clean block it may have had, and with no used state after it: the
     * drop may be the cache's end or where the clean blocks ran out (the
     * level after it the used state), and only a longer run tells. A drive
     * written a little since TRIM (a suite's earlier jobs) is not full. */
    if (isfinite(S->capacity_bytes) && S->has_cache && !g &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
        ssd__used_drive_cache(o, S->capacity_bytes, S) && !ssd__seq_overwrites(o, res) &&
        S->total_bytes <= ssd__clean_room_max(o, S->capacity_bytes) &&
        !quiet_level_after_small_cache(c, o, res, g, ref_known)) {
        ssd__set_undecided(res, "cache_or_clean_blocks", "cache", "longer_run");
        res->regime_note =
            "the cache may be the clean blocks of a drive written before (this run ended "
            "before it could write them all); a run writing 1.28x the capacity less what "
            "was written before tells";
    }
    if (quiet_level_after_small_cache(c, o, res, g, ref_known)) {
        ssd__set_undecided(res, "direct_or_folding", "direct", "reference");
        res->regime_note =
            "the level after the cache is read as direct writes (a static SLC cache) but may be "
            "a dynamic cache's folding; quiet and flat to the run's end, it is no used state, so "
            "the cache holds either way; " REF_TELLS;
    }
    /* A slump after the cache: what it is, and that the post-cache level
     * is the one after it. */
    if (res->slump_labelled && c->ph[1].regime == SSD_REGIME_OTHER) {
        if (!res->regime_note)
            res->regime_note = SLUMP_NOTE;
        else if (!strcmp(res->regime_note, UNKNOWN_PAST_NOTE))
            res->regime_note = UNKNOWN_PAST_NOTE "; " SLUMP_NOTE;
        else if (!strcmp(res->regime_note, CAPACITY_UNKNOWN_NOTE))
            res->regime_note = CAPACITY_UNKNOWN_NOTE "; " SLUMP_NOTE;
    }
    /* A drive written full whose fast start dropped once, into the used
     * state, read as its clean blocks (one_drop_on_full_drive): a static
     * cache or one folding at the used state's speed reads the same. */
    if (one_drop == 2 && !S->has_cache && S->has_gc) {
        ssd__set_undecided(res, "cache_or_clean_blocks", "clean_blocks", "reference");
        res->regime_note =
            "the fast start is read as the clean blocks a fill or idle time left, but a static "
            "SLC cache or a dynamic one folding at the used state's speed would read the "
            "same; " REF_TELLS;
    }
    /* A drive written full, no reference, whose fast start is read as its
     * clean blocks because the level after it outlasts any clean room
     * (one_drop 1: outlasts_clean_room, so no direct writes): a dynamic
     * cache whose folding starts that level reads the same, its folding at
     * or near GC's speed or sliding into it (seed 11's drive 64, 2 hours
     * after a sequential fill: 16.6 GiB of cache at 2.74 GB/s, folding at
     * 985 MiB/s sliding into GC at 208, read as clean blocks and a sliding
     * used state; seed 13's drive 107: folding at 112 MiB/s, GC at 117).
     * Keeping such a fast start as a cache when it is shorter than any
     * clean room a sequential fill leaves was tried in round 26 and broke
     * 11 right dev runs (a cache and direct writes at its speed read as
     * one cache): the labels stay, the field says it is open. */
    /* (Only a fast start no larger than a dynamic cache a fill left can
     * be: what the largest spare area, 28 % of the capacity, holds in SLC
     * mode on TLC, a third of it; a longer one is the clean blocks.) */
    if (one_drop == 1 && !ref_known && res->ref_kind == SSD__REF_KIND_UNKNOWN && !S->has_cache &&
        S->has_gc && g == 1 && c->nph > 1 && c->ph[0].regime == SSD_REGIME_DIRECT &&
        isfinite(S->capacity_bytes) &&
        c->ph[1].start_bytes <= (RAW_MAX_CAPACITY_SHARE - 1) / 3 * S->capacity_bytes) {
        ssd__set_undecided(res, "cache_or_clean_blocks", "clean_blocks", "reference");
        res->regime_note = "the fast start is read as clean blocks (the level after it outlasts "
                           "any clean blocks, so it is no direct writes), but a dynamic SLC "
                           "cache whose folding starts that level would read the same; " REF_TELLS;
    }
    /* (After a random fill, what reads the same is said more exactly:
     * random_fill_one_drop_note.) */
    const char *rf_note = random_fill_one_drop_note(c, o, S, g, ref_known, fast_lv);
    if (rf_note) {
        ssd__set_undecided(res, "cache_or_clean_blocks", "clean_blocks", "reference");
        res->regime_note = rf_note;
    }
    /* A drive randomly written full, no reference, no cache found, whose
     * first sample ran min_drop above the level that lasted after it
     * (read as direct writes to clean blocks) before the used state: that
     * sample held a cache that ended inside it (too short for the cache
     * test), and a dynamic cache folds after it, at a level one curve
     * cannot tell from direct writes (seed 2026's drive 117, WSAT: 2 GiB
     * at 406 MB/s in the first 5 s sample, folding at 54 MB/s to 6 GiB,
     * GC at 5; read as clean blocks at 51.7 MiB/s). A static cache's
     * direct writes to the blocks idle GC cleaned read the same. */
    /* Round 28: after a sequential fill too. The fill left the spare area
     * clean, and nothing there runs faster than direct writes but a cache:
     * a first sample min_drop above the level after it held one that ended
     * inside it (seed 2026's drive 196, WSAT: 12 GiB at 2.4x in the first
     * 5 s sample, a dynamic cache of 11.1 GiB folding at 1.03 GiB/s to 35
     * GiB, then GC at 235 MiB/s; read as clean blocks at 1 GiB/s, the
     * cache's end and its folding missed). A static cache's direct writes
     * to that clean spare area read the same, and they end where the
     * folding would (small_cache_direct_note): the onset holds either way.
     * The first sample must also run min_drop above the second: the
     * cache ended in it or in that mixed one. A first phase whose level,
     * a median, sits low because the phase took in GC's first samples
     * (a cacheless drive's 2 samples of direct writes at 1531 MiB/s, then
     * 776, then GC at 340: seed 139's drive 36, WSAT) holds no cache, and
     * a cache over the first 3 samples, at one speed, is one the curve
     * shows and the cache test missed (seed 2026's drive 94, 2 hours:
     * 7 GiB at 2.7 GB/s, then folding at 1.13 GiB/s; "Limits"), not one
     * this note is about. (Not a sequential overwrite: its used state is
     * no GC.) */
    int first_sample_fill =
        (int)o->precondition == SSD_PRECONDITION_RANDOM_FILL ||
        ((int)o->precondition == SSD_PRECONDITION_SEQ_FILL && !ssd__seq_overwrites(o, res));
    if ((int)o->precondition == SSD_PRECONDITION_SEQ_FILL && c->n > 1 &&
        !(c->r[0] >= o->min_drop * c->r[1]))
        first_sample_fill = 0;
    if (!ref_known && !res->undecided && res->ref_kind == SSD__REF_KIND_UNKNOWN &&
        first_sample_fill && !S->has_cache && S->has_gc && g == 1 && c->nph > 1 &&
        c->ph[0].regime == SSD_REGIME_DIRECT && c->ph[0].last >= 1 &&
        ssd__fresh_room(o, S->capacity_bytes) <= 0 && c->r[0] >= o->min_drop * c->ph[0].level_bps) {
        ssd__set_undecided(res, "direct_or_folding", "direct", "reference");
        if (!res->regime_note)
            res->regime_note =
                (int)o->precondition == SSD_PRECONDITION_SEQ_FILL
                    ? "the level before the used state is read as direct writes to the spare "
                      "area a sequential fill left clean, but the first sample ran faster (a "
                      "cache that ended in it or the next), and a dynamic cache's folding "
                      "after it would read the same; the used state's onset holds either "
                      "way; " REF_TELLS
                    : "the level before the used state is read as direct writes to "
                      "clean blocks, but the first sample ran faster (a cache that "
                      "ended in it), and a dynamic cache's folding after it would read "
                      "the same; " REF_TELLS;
    }
    /* A drive written full sequentially, no reference, a cache and then
     * at once the used state: a static cache there is followed by direct
     * writes to the spare area the fill left clean (none of 234
     * seq-filled static-cache runs of three sweep seeds dropped straight
     * into GC: one_drop_on_full_drive), so this cache is a dynamic one the
     * fill shrank, and it folds before GC runs. Its folding either runs
     * at the used state's speed or is the used state's start as read
     * (1.5-5x above GC, lasting: the sliding start of seed 13's drive
     * 184, 2 hours, a 18 GiB cache, folding to 30 GiB, read as the used
     * state from 18.2 GiB sliding from 330 to 154 MiB/s). One curve
     * cannot tell where the folding ends; the fill's own log, which
     * shows the fresh cache and its folding level, does. */
    if (!ref_known && !res->undecided && (int)o->precondition == SSD_PRECONDITION_SEQ_FILL &&
        res->ref_kind == SSD__REF_KIND_UNKNOWN && S->has_cache && S->has_gc && !S->has_folding &&
        g == 1 && isfinite(S->capacity_bytes) && ssd__fresh_room(o, S->capacity_bytes) <= 0 &&
        !ssd__seq_overwrites(o, res)) {
        ssd__set_undecided(res, "folding_or_used_state", "used_state", "reference");
        if (!res->regime_note)
            res->regime_note = "the used state right after the cache may start with the cache's "
                               "folding (a sequential fill left the cache dynamic and shrunk, "
                               "and it folds before GC runs); " REF_TELLS;
    }
    /* (The capacity unknown: a flat used state reads as folding.) */
    if (!res->undecided && !isfinite(S->capacity_bytes) && S->has_folding)
        ssd__set_undecided(res, "folding_or_used_state", "folding", "capacity");
    /* A reference of another workload still told what the cache is
     * (ref_kind): a question the reference decides is no longer open.
     * Not a random log of small blocks that showed no cache before a
     * sequential run (ref_none_small_blocks): the fill's 4K log at QD32
     * may write SLC and native flash at one speed, the host's 4K limit,
     * while the run's 128K writes show the cache: seed 139's drive 183, a
     * 3 TB drive's 4K random fill flat at 2.74 GB/s, then its 128K fill
     * at 4.8 GB/s for 18.8 GiB and GC at 0.46, the model's static cache
     * 19.2 GiB, read as clean blocks, as the cacheless drives' 2 GiB
     * are. The fast start stays clean blocks, and the question stays
     * open: the fresh run of this workload tells. */
    int small_none = !ref_known && res->ref_none_small_blocks && res->undecided &&
                     !strcmp(res->undecided, "cache_or_clean_blocks");
    if (small_none)
        res->regime_note =
            "the fast start is read as clean blocks, but a static SLC cache would read the "
            "same: the reference's small random writes ran at one speed, which SLC and direct "
            "writes can share there; the drive's fresh run of this workload as reference tells";
    else if (res->undecided && res->decided_by && !strcmp(res->decided_by, "reference") &&
             (ref_known || res->ref_kind != SSD__REF_KIND_UNKNOWN))
        ssd__set_undecided(res, NULL, NULL, NULL);
}
